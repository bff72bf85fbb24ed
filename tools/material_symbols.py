"""Regenerate the view engine's icon font: a subset of Material Symbols Outlined.

    pip install fonttools brotli
    python tools/material_symbols.py [--version 0.47.5]

Google's Material Symbols font (Apache-2.0) is packaged neither on PyPI nor in Debian;
the npm registry has it (``material-symbols``, Apache-2.0, a variable woff2 of every
icon). This script fetches that package with ``npm pack``, keeps the icons listed in
:data:`ICONS` (and their filled forms, ``name.fill``), pins the variable axes at
Android's defaults for a 24 dp icon (FILL 0, GRAD 0, opsz 24, wght 400) and writes,
under ``core/src/droidhub/virtual/views/material_symbols/``:

- ``MaterialSymbolsOutlined.ttf``: the subset, a static TrueType font Skia reads;
- ``glyphs.json``: icon name -> glyph id in that font, outlined and filled (the names
  resolved through the font's own ligatures, as ``<span>search</span>`` is in a page);
- ``LICENSE``: the package's Apache-2.0 licence.

droidhub ships those files as package data, so nothing is fetched at install or at
first use. Add a name to :data:`ICONS` and run this again to draw a new icon.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

NPM_PACKAGE = "material-symbols"
VERSION = "0.47.5"
OUT = Path(__file__).resolve().parents[1] / "core/src/droidhub/virtual/views/material_symbols"
#: Android's look of a Material icon at 24 dp: outlined, regular weight.
AXES = {"FILL": 0, "GRAD": 0, "opsz": 24, "wght": 400}

#: The icons droidhub's screens draw, by their Material Symbols names: toolbars and
#: rows of the apps AndroidWorld pins, SystemUI's status bar, the launcher, Settings'
#: top-level list and Gboard's keys.
_NAMES = """
account_circle add add_circle airplanemode_active alarm apps arrow_back arrow_downward
arrow_drop_down arrow_forward arrow_upward attach_file backspace battery_full bedtime
bluetooth bookmark brightness_medium calendar_month calendar_today call cancel chat check
check_box check_box_outline_blank check_circle chevron_left chevron_right close cloud
contacts content_copy dark_mode delete devices directions done download drag_handle edit
emoji_emotions event expand_less expand_more favorite filter_list flag folder
format_bold format_italic format_list_bulleted google_plus_reshare grid_view help
history home image info keyboard keyboard_arrow_down keyboard_capslock keyboard_return
label language light_mode link list location_on lock mail map menu mic mood more_horiz
more_vert music_note my_location navigation notifications open_in_new palette pause
person person_add phone photo photo_camera photo_library play_arrow radio_button_checked
radio_button_unchecked redo refresh remove repeat restaurant save schedule search
security send settings share shuffle signal_cellular_4_bar skip_next skip_previous sms
sort star stop storage sync timer tune undo upload visibility visibility_off volume_up
wallpaper wifi zoom_in zoom_out accessibility shield apps_outage system_update
notes place subdirectory_arrow_right swap_vert expand_circle_down keyboard_arrow_up clear
directions_walk directions_bike pedal_bike sailing downhill_skiing snowboarding pool kayaking
flight two_wheeler skateboarding roller_skating fitness_center rowing electric_scooter moped
filter_alt filter_alt_off satellite_alt gps_fixed gps_not_fixed gps_off fiber_manual_record
bar_chart
select_all add_a_photo hiking
display_settings account_box text_fields draw brush videocam play_circle
shift content_paste gif_box widgets keyboard_hide center_focus_weak public checklist
edit_note receipt_long restaurant_menu directions_run note sd_storage mic_none
emergency key hourglass_empty smartphone devices_other sim_card cast print
wifi_tethering vpn_key dns data_saver_on brightness_auto format_size
screen_lock_portrait bluetooth_connected directions_car
rotate_right
flashlight_on do_not_disturb_on screen_rotation battery_saver screen_record
power_settings_new
"""
ICONS = _NAMES.split()


def fetch(version: str, into: Path) -> Path:
    """The npm package's outlined woff2, unpacked into ``into``."""
    subprocess.run(
        ["npm", "pack", f"{NPM_PACKAGE}@{version}", "--pack-destination", str(into)],
        check=True,
        capture_output=True,
    )
    tarball = next(into.glob("*.tgz"))
    with tarfile.open(tarball) as archive:
        archive.extractall(into, filter="data")
    return into / "package"


def ligatures(font: TTFont) -> dict[str, str]:
    """Every icon name the font's ligatures spell -> the glyph drawn for it (``phone``
    and ``call`` are one glyph, named ``call``)."""
    letters = {glyph: chr(code) for code, glyph in font.getBestCmap().items()}
    found: dict[str, str] = {}
    for lookup in font["GSUB"].table.LookupList.Lookup:
        for table in lookup.SubTable:
            table = getattr(table, "ExtSubTable", table)
            for first, entries in getattr(table, "ligatures", {}).items():
                for entry in entries:
                    spelled = letters.get(first, "") + "".join(
                        letters.get(glyph, "") for glyph in entry.Component
                    )
                    found[spelled] = entry.LigGlyph
    return found


def build(package: Path) -> tuple[dict[str, int], dict[str, int]]:
    """Write the subset font and its licence into :data:`OUT`; icon name -> glyph id,
    outlined and filled."""
    font = TTFont(package / "material-symbols-outlined.woff2")
    spelled = ligatures(font)
    missing = [n for n in ICONS if n not in spelled]
    if missing:
        raise SystemExit(f"not in Material Symbols {VERSION}: {', '.join(missing)}")
    names = set(font.getGlyphOrder())
    outlined = {icon: spelled[icon] for icon in ICONS}
    filled = {icon: f"{g}.fill" for icon, g in outlined.items() if f"{g}.fill" in names}
    wanted = sorted({*outlined.values(), *filled.values()})
    options = subset.Options()
    options.glyph_names = True  # the names are how droidhub finds an icon
    options.layout_features = []  # ligatures are not used: glyphs are drawn by id
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=wanted)
    subsetter.subset(font)
    static = instancer.instantiateVariableFont(font, AXES)
    static.flavor = None  # plain TrueType: Skia reads no woff2
    OUT.mkdir(parents=True, exist_ok=True)
    static.save(OUT / "MaterialSymbolsOutlined.ttf")
    shutil.copy(package / "LICENSE", OUT / "LICENSE")
    ids = {
        name: gid
        for gid, name in enumerate(TTFont(OUT / "MaterialSymbolsOutlined.ttf").getGlyphOrder())
    }
    return (
        {icon: ids[g] for icon, g in outlined.items()},
        {icon: ids[g] for icon, g in filled.items()},
    )


def main() -> None:
    """Fetch, subset, write."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", default=VERSION, help="material-symbols on npm")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        outlined, filled = build(fetch(args.version, Path(tmp)))
    document = {
        "source": f"npm {NPM_PACKAGE}@{args.version}",
        "axes": AXES,
        "outlined": outlined,
        "filled": filled,
    }
    (OUT / "glyphs.json").write_text(json.dumps(document, indent=0, sort_keys=True) + "\n")
    size = (OUT / "MaterialSymbolsOutlined.ttf").stat().st_size
    print(f"{len(outlined)} icons, {len(filled)} filled, {size // 1024} KiB -> {OUT}")


if __name__ == "__main__":
    main()
