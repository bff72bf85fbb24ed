"""AndroidWorld's pinned APKs: every one droidhub's tasks use is modelled, the AppSpecs
carry it, the virtual phone reports its versionCode, and docs/real-devices.md shows the
table as the code holds it."""

from __future__ import annotations

import re
from pathlib import Path

from droidhub.device.client import Device
from droidhub.plugins import catalog
from droidhub_aw_apps import plugin
from droidhub_aw_apps.common.pinned_apks import FIRST_RUNS, PINNED_APKS, markdown_table

_DOC = Path(__file__).resolve().parents[3] / "docs" / "real-devices.md"


def test_every_used_pinned_package_is_modelled_and_specified() -> None:
    specs = {spec.package: spec for spec in catalog.apps()}
    models = {model.package for model in plugin.droidhub_virtual_apps()}
    used = [entry for entry in PINNED_APKS if entry.used]
    assert len(used) == 15
    for entry in used:
        assert entry.package in models, entry.package
        spec = specs[entry.package]
        assert (spec.apk, spec.version_code) == (entry.apk, entry.version_code)
        # AndroidWorld names a file by its package and, where it has one, its versionCode.
        assert entry.apk.startswith(entry.package.split(".")[0]) or entry.apk == "clipper.apk"
        if entry.version_code is not None:
            assert entry.apk == f"{entry.package}_{entry.version_code}.apk"
    # The apps droidhub does not use are not modelled: the doctor must not ask for them.
    for entry in PINNED_APKS:
        if not entry.used:
            assert entry.package not in specs
    assert set(FIRST_RUNS) - {e.package for e in PINNED_APKS} <= set(specs)


def test_the_virtual_phone_reports_the_pinned_version_codes(virtual_device: Device) -> None:
    listed = virtual_device.shell(["pm", "list", "packages", "--show-versioncode"])
    codes = dict(re.findall(r"^package:(\S+) versionCode:(\d+)$", listed, re.M))
    pinned_codes = {e.package: e.version_code for e in PINNED_APKS if e.version_code is not None}
    assert len(pinned_codes) == 13
    for package, code in pinned_codes.items():
        assert codes[package] == str(code), package
    markor = virtual_device.shell(["dumpsys", "package", "net.gsantner.markor"])
    assert "versionCode=146 " in markor


def test_docs_show_the_table_as_the_code_holds_it() -> None:
    assert markdown_table() in _DOC.read_text(encoding="utf-8")
