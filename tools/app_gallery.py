"""Redraw docs/virtual-device.md's gallery: each app's first screen and its busiest task
screen, as the virtual phone shows them (screencap, a quarter of 1080x2400).

    python tools/app_gallery.py [--run RUN_DIR] [--out docs/images/apps]

First screens: a fresh virtual phone with every installed plugin's apps; each app is
started by its launch activity (as ``open_app`` does) and captured once it is in
front. Busiest screens: from a run recorded with screenshots (``droidhub run --suite
android_world --agent ui_oracle --agent-option observe=both``; without ``--run`` the
tool makes one, a few minutes), the step of each app's tasks whose screen holds the
most UI elements of that app.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

from droidhub.device.client import Device
from droidhub.plugins import catalog
from droidhub.virtual.server import VirtualDeviceServer

SCALE = 4
#: Which file each app's pictures go to, by package: the names the docs already use.
FILE_NAMES = {
    "com.google.android.apps.nexuslauncher": "launcher",
    "com.android.settings": "settings",
    "com.simplemobiletools.calendar.pro": "simple-calendar-pro",
    "com.arduia.expense": "pro-expense",
    "net.gsantner.markor": "markor",
    "com.simplemobiletools.smsmessenger": "simple-sms-messenger",
    "com.google.android.contacts": "contacts",
    "com.google.android.deskclock": "clock",
    "com.android.camera2": "camera",
    "com.dimowner.audiorecorder": "audio-recorder",
    "com.simplemobiletools.draw.pro": "simple-draw-pro",
    "com.google.android.documentsui": "files",
    "com.simplemobiletools.gallery.pro": "simple-gallery",
    "org.videolan.vlc": "vlc",
    "code.name.monkey.retromusic": "retro-music",
    "net.osmand": "osmand",
    "com.flauschcode.broccoli": "broccoli",
    "de.dennisguse.opentracks": "opentracks",
    "net.cozic.joplin": "joplin",
    "org.tasks": "tasks",
    "com.android.chrome": "chrome",
}


def _quarter(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.resize((image.width // SCALE, image.height // SCALE), Image.Resampling.LANCZOS)


def first_screens(out: Path) -> list[str]:
    """Each app's first screen on a fresh phone; the files written."""
    written = []
    with VirtualDeviceServer(devices=1) as server:
        device = Device(server.serials[0], host="127.0.0.1", port=server.port)
        _quarter(device.screenshot_png()).save(out / "launcher.png")
        written.append("launcher.png")
        for app in catalog.apps():
            name = FILE_NAMES.get(app.package)
            if name is None:
                continue
            device.shell(["am", "start", "-n", app.component])
            for _ in range(20):  # until the app is in front
                if app.package in device.foreground_activity():
                    break
                time.sleep(0.05)
            _quarter(device.screenshot_png()).save(out / f"{name}.png")
            written.append(f"{name}.png")
            device.shell(["am", "force-stop", app.package])
            device.shell(["input", "keyevent", "KEYCODE_HOME"])
    return written


def _recorded_run() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="gallery-run-"))
    subprocess.run(
        [sys.executable, "-m", "droidhub", "run", "--suite", "android_world", "--agent",
         "ui_oracle", "--agent-option", "observe=both", "--device", "virtual:2", "--out",
         str(folder / "run")],
        check=False, capture_output=True,
    )  # fmt: skip
    return folder / "run"


def busiest_screens(run: Path, out: Path) -> list[str]:
    """For each app, the recorded step whose screen holds the most of its UI elements."""
    best: dict[str, tuple[int, Path]] = {}
    for steps in sorted(run.glob("episodes/*/*/*/steps.jsonl")):
        for line in steps.read_text(encoding="utf-8").splitlines():
            step = json.loads(line)
            shot = step.get("screenshot")
            if not shot:
                continue
            counts: dict[str, int] = {}
            for element in step.get("ui_elements", []):
                package = element.get("package") or ""
                counts[package] = counts.get(package, 0) + 1
            for package, count in counts.items():
                if package in FILE_NAMES and count > best.get(package, (0, Path()))[0]:
                    best[package] = (count, steps.parent / shot)
    written = []
    for package, (_count, path) in sorted(best.items()):
        name = f"{FILE_NAMES[package]}-busiest.png"
        _quarter(path.read_bytes()).save(out / name)
        written.append(name)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", type=Path, help="a run recorded with screenshots")
    parser.add_argument("--out", type=Path, default=Path("docs/images/apps"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    written = first_screens(args.out)
    run = args.run or _recorded_run()
    written += busiest_screens(run, args.out)
    print(f"{len(written)} pictures in {args.out}: " + ", ".join(sorted(written)))
    missing = [n for n in FILE_NAMES.values() if f"{n}-busiest.png" not in written]
    if missing:
        print("no busiest screen for: " + ", ".join(missing))


if __name__ == "__main__":
    main()
