"""The intent contract: replies parse strictly, and the Android app's Java constants and
manifest say exactly what the Python side says."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from droidhub_miniwob import contract
from droidhub_miniwob.contract import BridgeError, RewardReply, UtteranceReply

WEBVIEW_APP = Path(__file__).resolve().parents[3] / "webview_app"
JAVA_DIR = WEBVIEW_APP / "app" / "src" / "main" / "java" / "org" / "droidhub" / "miniwob"
MANIFEST = WEBVIEW_APP / "app" / "src" / "main" / "AndroidManifest.xml"
ANDROID_NS = "{http://schemas.android.com/apk/res/android}"


def java_constants() -> dict[str, str | int]:
    """``static final`` String and int constants of Contract.java (string literals may be
    split over lines with ``+``)."""
    source = (JAVA_DIR / "Contract.java").read_text()
    found: dict[str, str | int] = {}
    pattern = r"static final (String|int) (\w+)\s*=\s*(.*?);"
    for kind, name, value in re.findall(pattern, source, re.S):
        if kind == "int":
            found[name] = int(value)
        else:
            parts = re.findall(r'"((?:[^"\\]|\\.)*)"', value)
            found[name] = "".join(p.encode().decode("unicode_escape") for p in parts)
    return found


def test_java_constants_equal_the_python_contract() -> None:
    java = java_constants()
    expected = {
        "PACKAGE": contract.PACKAGE,
        "ACTIVITY": contract.ACTIVITY,
        "RECEIVER": contract.RECEIVER,
        "ACTION_GET_UTTERANCE": contract.ACTION_GET_UTTERANCE,
        "ACTION_GET_REWARD": contract.ACTION_GET_REWARD,
        "ACTION_RESET": contract.ACTION_RESET,
        "EXTRA_TASK": contract.EXTRA_TASK,
        "EXTRA_SEED": contract.EXTRA_SEED,
        "EXTRA_NO_TIMER": contract.EXTRA_NO_TIMER,
        "RESULT_OK": contract.RESULT_OK,
        "RESULT_NO_TASK": contract.RESULT_NO_TASK,
        "ASSET_DIR": contract.ASSET_DIR,
        "BRIDGE_OBJECT": contract.BRIDGE_OBJECT,
        "JS_UTTERANCE": contract.JS_UTTERANCE,
        "JS_REWARD": contract.JS_REWARD,
    }
    assert {k: java.get(k) for k in expected} == expected


def test_manifest_declares_the_contract_activity_and_receiver() -> None:
    root = ET.parse(MANIFEST).getroot()
    app = root.find("application")
    assert app is not None
    activities = {a.get(f"{ANDROID_NS}name"): a for a in app.findall("activity")}
    receivers = {r.get(f"{ANDROID_NS}name"): r for r in app.findall("receiver")}
    assert contract.ACTIVITY in activities
    assert activities[contract.ACTIVITY].get(f"{ANDROID_NS}exported") == "true"
    receiver = receivers[contract.RECEIVER]
    assert receiver.get(f"{ANDROID_NS}exported") == "true"
    actions = {a.get(f"{ANDROID_NS}name") for a in receiver.iter("action")}
    assert actions == {
        contract.ACTION_GET_UTTERANCE,
        contract.ACTION_GET_REWARD,
        contract.ACTION_RESET,
    }
    gradle = (WEBVIEW_APP / "app" / "build.gradle").read_text()
    assert f'applicationId "{contract.PACKAGE}"' in gradle


def test_java_sources_compile_against_the_android_stubs(tmp_path: Path) -> None:
    javac = shutil.which("javac")
    if javac is None:
        pytest.skip("javac is not installed (a JDK 17 compiles the app sources)")
    sources = sorted(str(p) for p in (WEBVIEW_APP / "stubs").rglob("*.java"))
    sources += sorted(str(p) for p in JAVA_DIR.rglob("*.java"))
    result = subprocess.run(
        [javac, "--release", "8", "-Xlint:-options", "-d", str(tmp_path), *sources],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    built = {p.name for p in (tmp_path / "org" / "droidhub" / "miniwob").glob("*.class")}
    assert {"MiniWobActivity.class", "BridgeReceiver.class", "Contract.class"} <= built


def test_copy_pages_fills_the_assets_from_the_installed_packages(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(WEBVIEW_APP / "copy_pages.py"), "--assets", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / contract.ASSET_DIR / "click-button.html").is_file()
    # drag-item, which the package lacks, is built from drag-circle as the app serves it.
    item = (tmp_path / contract.ASSET_DIR / "drag-item.html").read_text()
    assert "<title>Drag Item Task</title>" in item and "Drag the circle" in item
    # droidhub's patches are in the app's copy too (the cover no longer says START).
    core = (tmp_path / "core" / "core.js").read_text()
    assert "innerHTML = 'START'" not in core and "cover_div.innerHTML = ''" in core
    assert (tmp_path / "core" / "core.js").is_file()
    assert (tmp_path / "droidhub" / "bridge.js").read_text() == contract.bridge_script()


def test_bridge_script_defines_the_object_the_expressions_use() -> None:
    script = contract.bridge_script()
    assert f"window.{contract.BRIDGE_OBJECT} = {{" in script
    assert contract.js_reset("42", True) == f'{contract.BRIDGE_OBJECT}.reset("42", true)'
    assert contract.js_reset(None, False) == f"{contract.BRIDGE_OBJECT}.reset(null, false)"
    # A seed is data, never code.
    assert '\\"' in contract.js_reset('1"); evil("', True)


def test_replies_parse_and_reject_garbage() -> None:
    utterance = UtteranceReply.parse(
        '{"task": "click-button", "seed": "3", "ready": true, "utterance": "Click on \\"Ok\\""}'
    )
    assert utterance == UtteranceReply("click-button", "3", True, 'Click on "Ok"')
    assert UtteranceReply.parse(None) is None
    assert UtteranceReply.parse("null") is None
    reward = RewardReply.parse(
        '{"task": "t", "seed": null, "raw_reward": 0.5, "reward": 0.4, "done": true,'
        ' "reason": null, "episode": 2}'
    )
    assert reward is not None
    assert (reward.raw_reward, reward.done, reward.seed, reward.episode) == (0.5, True, None, 2)
    with pytest.raises(BridgeError, match="not JSON"):
        RewardReply.parse("{oops")
    with pytest.raises(BridgeError, match="JSON object"):
        RewardReply.parse("[1, 2]")
    with pytest.raises(BridgeError, match="malformed"):
        RewardReply.parse('{"raw_reward": "lots"}')
