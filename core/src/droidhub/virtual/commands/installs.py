"""``pm install`` and ``pm uninstall`` on the virtual phone.

A virtual phone runs app *models*, not APKs, so installing is what a model allows:

- ``pm uninstall PACKAGE`` removes an app model's package as Android does (its data,
  permissions and app ops go with it) and keeps the model aside;
- ``pm install [-r] [-g] [-d] PATH`` (``-S SIZE`` with the APK on stdin, as ``adb
  install`` streams it, when the bytes arrive: the virtual adb server's shell services
  pass commands no input yet, so ``adb install`` fails saying so) reads the APK as
  Android's package parser would: a ZIP archive with a binary ``AndroidManifest.xml``,
  whose ``package`` and ``versionCode`` it takes.
  An APK of a package the phone has a model of installs that model (afresh after an
  uninstall, keeping its data with ``-r``) and reports the APK's versionCode; ``-g``
  grants the manifest's permissions. Anything else fails with the ``Failure [...]`` a
  real phone prints: a file that is no APK with INSTALL_PARSE_FAILED_NOT_APK, an APK of
  an app the phone has no model of with INSTALL_FAILED_INTERNAL_ERROR saying so.
"""

from __future__ import annotations

import io
import shutil
import struct
import weakref
import zipfile
from dataclasses import dataclass
from typing import TYPE_CHECKING

from droidhub.virtual.commands.invocation import Invocation

if TYPE_CHECKING:
    from droidhub.virtual.app import VirtualApp
    from droidhub.virtual.phone import VirtualPhone
    from droidhub.virtual.providers import ContentProvider

# Chunk types of Android's binary XML (frameworks/base/libs/androidfw ResourceTypes.h).
_XML = 0x0003
_STRING_POOL = 0x0001
_START_ELEMENT = 0x0102
_UTF8_FLAG = 0x100
_TYPE_STRING = 0x03
_TYPE_INT_DEC = 0x10
_TYPE_INT_HEX = 0x11


@dataclass(frozen=True)
class Manifest:
    """What ``pm install`` needs of an APK's manifest."""

    package: str
    version_code: int
    permissions: tuple[str, ...]


def read_manifest(apk: bytes) -> Manifest:
    """The package, versionCode and uses-permission names of APK bytes ``apk``.

    Raises ValueError, with the reason, when ``apk`` is no ZIP archive, has no
    ``AndroidManifest.xml`` or its manifest is not Android's binary XML.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(apk)) as archive:
            xml = archive.read("AndroidManifest.xml")
    except zipfile.BadZipFile:
        raise ValueError("not a ZIP archive") from None
    except KeyError:
        raise ValueError("no AndroidManifest.xml in it") from None
    return _parse_manifest(xml)


def _parse_manifest(xml: bytes) -> Manifest:
    try:
        kind, header, _size = struct.unpack_from("<HHI", xml, 0)
        if kind != _XML:
            raise ValueError("AndroidManifest.xml is not binary XML")
        strings: list[str] = []
        package, version_code, permissions = "", 0, []
        at = header
        while at + 8 <= len(xml):
            kind, header, size = struct.unpack_from("<HHI", xml, at)
            if size < 8:
                break
            if kind == _STRING_POOL:
                strings = _string_pool(xml, at)
            elif kind == _START_ELEMENT:
                element, attributes = _element(xml, at, header, strings)
                if element == "manifest":
                    package = str(attributes.get("package", ""))
                    version_code = int(attributes.get("versionCode", 0))
                elif element == "uses-permission" and "name" in attributes:
                    permissions.append(str(attributes["name"]))
            at += size
    except (struct.error, IndexError, UnicodeDecodeError) as exc:
        raise ValueError(f"AndroidManifest.xml cannot be read ({exc})") from None
    if not package:
        raise ValueError("AndroidManifest.xml names no package")
    return Manifest(package, version_code, tuple(permissions))


def _string_pool(xml: bytes, at: int) -> list[str]:
    count, _styles, flags, start, _ = struct.unpack_from("<IIIII", xml, at + 8)
    offsets = struct.unpack_from(f"<{count}I", xml, at + 28)
    strings = []
    for offset in offsets:
        here = at + start + offset
        if flags & _UTF8_FLAG:
            here += 2 if xml[here] & 0x80 else 1  # the length in UTF-16 units
            length = xml[here]
            if length & 0x80:
                length = ((length & 0x7F) << 8) | xml[here + 1]
                here += 1
            strings.append(xml[here + 1 : here + 1 + length].decode("utf-8"))
        else:
            (length,) = struct.unpack_from("<H", xml, here)
            if length & 0x8000:
                length = ((length & 0x7FFF) << 16) | struct.unpack_from("<H", xml, here + 2)[0]
                here += 2
            strings.append(xml[here + 2 : here + 2 + 2 * length].decode("utf-16-le"))
    return strings


def _element(
    xml: bytes, at: int, header: int, strings: list[str]
) -> tuple[str, dict[str, str | int]]:
    body = at + header
    _ns, name, attr_start, attr_size, attr_count = struct.unpack_from("<IIHHH", xml, body)
    attributes: dict[str, str | int] = {}
    for index in range(attr_count):
        here = body + attr_start + index * attr_size
        _ans, attr_name, raw, _vsize, _res0, kind, data = struct.unpack_from("<IIIHBBI", xml, here)
        if kind == _TYPE_STRING:
            attributes[strings[attr_name]] = strings[data]
        elif kind in (_TYPE_INT_DEC, _TYPE_INT_HEX):
            attributes[strings[attr_name]] = data
        elif raw != 0xFFFFFFFF:
            attributes[strings[attr_name]] = strings[raw]
    return strings[name], attributes


# --- the phone's side ------------------------------------------------------------------
#: App models uninstalled from a phone, with their providers, kept for a later install.
_REMOVED: weakref.WeakKeyDictionary[
    VirtualPhone, dict[str, tuple[VirtualApp, list[tuple[str, ContentProvider]]]]
] = weakref.WeakKeyDictionary()


def uninstall(inv: Invocation, package: str) -> int:
    """``pm uninstall PACKAGE``: an app model's package goes, with its data."""
    phone = inv.phone
    app = phone.app(package)
    if app is None:  # not installed, or part of the system image
        inv.print("Failure [DELETE_FAILED_INTERNAL_ERROR]")
        return 1
    phone.force_stop(package)
    for folder in (f"/data/data/{package}", f"/storage/emulated/0/Android/data/{package}"):
        host = phone.host_path(folder)
        if host.is_dir() and not host.is_symlink():
            shutil.rmtree(host)
    phone.granted.pop(package, None)
    phone.app_ops.pop(package, None)
    providers = [(a, p) for a, p in phone.providers.items() if p.package == package]
    for authority, _provider in providers:
        del phone.providers[authority]
    # The phone keeps no public way to drop a model; this module owns the inverse below.
    del phone._apps[package]
    _REMOVED.setdefault(phone, {})[package] = (app, providers)
    inv.print("Success")
    return 0


def install(inv: Invocation, args: list[str]) -> int:
    """``pm install [-r] [-g] [-d] [-t] [-S SIZE] [PATH]``."""
    flags = {a for a in args if a.startswith("-")}
    operands = [a for a in args if not a.startswith("-")]
    if "-S" in flags:  # the APK comes on stdin (adb install's streamed install)
        size = operands.pop(0) if operands else ""
        data, where = inv.stdin[: int(size)] if size.isdigit() else inv.stdin, "stdin"
        if size.isdigit() and len(data) < int(size):
            # The adb server's exec service hands a command no input (yet): say so
            # rather than call the missing bytes a broken APK.
            inv.print(
                f"Failure [INSTALL_FAILED_INTERNAL_ERROR: streamed install: {len(data)} of "
                f"{size} bytes arrived; the virtual phone takes no streamed APK, adb push "
                "it and run pm install PATH]"
            )
            return 1
    elif operands:
        where = operands[-1]
        host = inv.host(where)
        if not host.is_file():
            inv.eprint(f"Error: Can't open file: {where}")
            inv.eprint("Exception occurred while executing 'install':")
            inv.eprint(f"java.lang.IllegalArgumentException: Error: Can't open file: {where}")
            return 255
        data = host.read_bytes()
    else:
        inv.eprint("Error: APK content must be streamed")
        return 255
    try:
        manifest = read_manifest(data)
    except ValueError as exc:
        inv.print(f"Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse {where}: {exc}]")
        return 1
    return _install_model(inv, manifest, flags)


def _install_model(inv: Invocation, manifest: Manifest, flags: set[str]) -> int:
    phone, package = inv.phone, manifest.package
    installed = phone.app(package)
    removed = _REMOVED.get(phone, {})
    if installed is None and package not in removed:
        inv.print(
            f"Failure [INSTALL_FAILED_INTERNAL_ERROR: the virtual phone has no model of "
            f"{package}; it installs only the apps it models]"
        )
        return 1
    if installed is not None:
        # Android 13's pm replaces an installed package with or without -r.
        current = int(getattr(installed, "version_code", 1))
        if manifest.version_code < current and "-d" not in flags:
            inv.print(
                f"Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update "
                f"version code {manifest.version_code} is older than current {current}]"
            )
            return 1
        app = installed
        phone.force_stop(package)
    else:
        app, providers = removed.pop(package)
        phone._apps[package] = app  # the inverse of uninstall above
        phone.host_path(f"/data/data/{package}").mkdir(parents=True, exist_ok=True)
        for authority, provider in providers:
            phone.providers[authority] = provider
            provider.install(phone)
        app.install(phone)
    app.version_code = manifest.version_code  # type: ignore[attr-defined]
    if "-g" in flags:
        phone.granted.setdefault(package, set()).update(manifest.permissions)
    inv.print("Success")
    return 0
