"""Write the screen reference of an AndroidWorld app from its own source: the ids of
every layout (with the class a real ``uiautomator dump`` reports for each and whether
it is visible by default), the ids of its menus, and its English strings.

The fixture (``plugins/aw_apps/tests/data/screens/<app>.json``) is what
``test_screen_fidelity`` holds every tree the ``ui_oracle`` episodes record against.
Sources are bare git mirrors (the ``fetch`` tool puts them under
``/work/.mirror/<owner>+<name>/repo``), read at the commit AndroidWorld's APK was built
from; ``tests/data/screens/sources.toml`` (loaded as ``APPS``) says which commit that is
for each app and how it was found.

Usage::

    python screen_reference.py calendar --mirror /work/.mirror/X/repo --rev 6.22.2
    python screen_reference.py --all [--mirrors /work/.mirror]

``--mirror``/``--rev`` override the app's main repository only; the libraries it
shares layouts with (Simple-Commons) are read from ``--mirrors``.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

ANDROID = "{http://schemas.android.com/apk/res/android}"
APP_NS = "{http://schemas.android.com/apk/res-auto}"
FIXTURE_DIR = Path(__file__).resolve().parents[1] / "tests" / "data" / "screens"
SOURCES_FILE = FIXTURE_DIR / "sources.toml"

# The class a view reports to accessibility (AccessibilityNodeInfo.getClassName, what
# uiautomator writes as ``class``): a view's getAccessibilityClassName(), or the class
# its accessibility delegate sets. Widgets that do not override it report their nearest
# framework ancestor that does; plain ViewGroups (ConstraintLayout, CoordinatorLayout,
# Toolbar) report android.view.ViewGroup; DrawerLayout's delegate names its own class.
# Keys are simple class names.
ACCESSIBILITY_CLASS = {
    "View": "android.view.View",
    "ViewGroup": "android.view.ViewGroup",
    "TextView": "android.widget.TextView",
    "AppCompatTextView": "android.widget.TextView",
    "MaterialTextView": "android.widget.TextView",
    "CheckedTextView": "android.widget.CheckedTextView",
    "AppCompatCheckedTextView": "android.widget.CheckedTextView",
    "EditText": "android.widget.EditText",
    "AppCompatEditText": "android.widget.EditText",
    "TextInputEditText": "android.widget.EditText",
    "AutoCompleteTextView": "android.widget.EditText",
    "AppCompatAutoCompleteTextView": "android.widget.EditText",
    "MaterialAutoCompleteTextView": "android.widget.EditText",
    "MultiAutoCompleteTextView": "android.widget.EditText",
    "Button": "android.widget.Button",
    "AppCompatButton": "android.widget.Button",
    "MaterialButton": "android.widget.Button",
    "ExtendedFloatingActionButton": "android.widget.Button",
    "ImageButton": "android.widget.ImageButton",
    "AppCompatImageButton": "android.widget.ImageButton",
    "FloatingActionButton": "android.widget.ImageButton",
    "ImageView": "android.widget.ImageView",
    "AppCompatImageView": "android.widget.ImageView",
    "ShapeableImageView": "android.widget.ImageView",
    "CheckBox": "android.widget.CheckBox",
    "AppCompatCheckBox": "android.widget.CheckBox",
    "MaterialCheckBox": "android.widget.CheckBox",
    "RadioButton": "android.widget.RadioButton",
    "AppCompatRadioButton": "android.widget.RadioButton",
    "MaterialRadioButton": "android.widget.RadioButton",
    "RadioGroup": "android.widget.RadioGroup",
    "Switch": "android.widget.Switch",
    "SwitchCompat": "android.widget.Switch",
    "SwitchMaterial": "android.widget.Switch",
    "MaterialSwitch": "android.widget.Switch",
    "ToggleButton": "android.widget.ToggleButton",
    "CompoundButton": "android.widget.CompoundButton",
    "Spinner": "android.widget.Spinner",
    "AppCompatSpinner": "android.widget.Spinner",
    "SeekBar": "android.widget.SeekBar",
    "AppCompatSeekBar": "android.widget.SeekBar",
    "Slider": "android.widget.SeekBar",
    "RatingBar": "android.widget.RatingBar",
    "ProgressBar": "android.widget.ProgressBar",
    "LinearProgressIndicator": "android.widget.ProgressBar",
    "CircularProgressIndicator": "android.widget.ProgressBar",
    "LinearLayout": "android.widget.LinearLayout",
    # LinearLayoutCompat names itself in onInitializeAccessibilityNodeInfo.
    "LinearLayoutCompat": "androidx.appcompat.widget.LinearLayoutCompat",
    "AppBarLayout": "android.widget.LinearLayout",
    "TextInputLayout": "android.widget.LinearLayout",
    "SearchView": "android.widget.LinearLayout",
    "FrameLayout": "android.widget.FrameLayout",
    "CardView": "android.widget.FrameLayout",
    "MaterialCardView": "androidx.cardview.widget.CardView",
    "CollapsingToolbarLayout": "android.widget.FrameLayout",
    "BottomNavigationView": "android.widget.FrameLayout",
    "NavigationView": "android.widget.FrameLayout",
    "FragmentContainerView": "android.widget.FrameLayout",
    "RelativeLayout": "android.widget.RelativeLayout",
    "GridLayout": "android.widget.GridLayout",
    "TableLayout": "android.widget.TableLayout",
    "TableRow": "android.widget.TableRow",
    "ConstraintLayout": "android.view.ViewGroup",
    "CoordinatorLayout": "android.view.ViewGroup",
    "DrawerLayout": "androidx.drawerlayout.widget.DrawerLayout",
    "SwipeRefreshLayout": "android.view.ViewGroup",
    "Toolbar": "android.view.ViewGroup",
    "MaterialToolbar": "android.view.ViewGroup",
    "ChipGroup": "android.view.ViewGroup",
    "ViewPager2": "android.view.ViewGroup",
    "ScrollView": "android.widget.ScrollView",
    "NestedScrollView": "android.widget.ScrollView",
    "HorizontalScrollView": "android.widget.HorizontalScrollView",
    "TabLayout": "android.widget.HorizontalScrollView",
    "RecyclerView": "androidx.recyclerview.widget.RecyclerView",
    "ListView": "android.widget.ListView",
    "GridView": "android.widget.GridView",
    "ViewPager": "androidx.viewpager.widget.ViewPager",
    "WebView": "android.webkit.WebView",
    "Chip": "android.widget.Button",
    "DatePicker": "android.widget.DatePicker",
    "TimePicker": "android.widget.TimePicker",
    "NumberPicker": "android.widget.NumberPicker",
    "VideoView": "android.widget.VideoView",
    "TextClock": "android.widget.TextView",
    "ViewFlipper": "android.widget.ViewFlipper",
    "BottomAppBar": "android.view.ViewGroup",
    "MaterialButtonToggleGroup": "android.widget.LinearLayout",
    "SurfaceView": "android.view.View",
    "TextureView": "android.view.View",
}
# Tags that are not views of their own in a dump.
STRUCTURAL_TAGS = {"merge", "layout", "data", "requestFocus", "tag", "variable", "import"}
# Views a dump never shows: stubs, spacers and ConstraintLayout's invisible helpers
# (TabItem is only a declaration; TabLayout makes its own tab views from it).
NOT_SHOWN_TAGS = {
    "ViewStub",
    "ViewStubCompat",
    "Space",
    "Guideline",
    "Barrier",
    "Group",
    "Flow",
    "Layer",
    "TabItem",
}


@dataclass(frozen=True)
class Source:
    """A repository read at one commit: ``roots`` are its ``res`` folders."""

    repo: str
    ref: str
    roots: tuple[str, ...] = ("app/src/main/res",)


class HiddenIds(TypedDict):
    """Ids of one layout the app's code hides, and where its source says so."""

    ids: list[str]
    why: str


@dataclass(frozen=True)
class AppSource:
    """Where an app's screens come from: its package, the version AndroidWorld pins and
    how the commit was matched to it, and the sources in the order Android merges
    resources (the app's own first: its strings and layouts win over a library's)."""

    package: str
    version: str
    sources: tuple[Source, ...]
    react_native: bool = False
    #: Per layout, ids its XML shows but the app's code hides in the states the tasks
    #: reach (an option off by default, a list never empty...), each with where the
    #: source says so: ``{layout: {"ids": [...], "why": "..."}}``.
    hidden_at_run_time: dict[str, HiddenIds] = field(default_factory=dict)


def load_apps(path: Path = SOURCES_FILE) -> dict[str, AppSource]:
    """The table of apps and their sources (``sources.toml`` beside the fixtures)."""
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    return {
        app: AppSource(
            entry["package"],
            entry["version"],
            tuple(Source(s["repo"], s["ref"], tuple(s["roots"])) for s in entry["sources"]),
            entry.get("react_native", False),
            entry.get("hidden_at_run_time", {}),
        )
        for app, entry in table.items()
    }


APPS = load_apps()


# Layouts of the libraries every app builds on, whose ids a real dump shows in the app's
# package (a library's resources merge into the app's): AppCompat's alert dialog
# (abc_alert_dialog_material, abc_alert_dialog_title_material,
# abc_alert_dialog_button_bar_material), search view (abc_search_view) and popup menu
# row (abc_popup_menu_item_layout), Material's bottom sheet dialog
# (design_bottom_sheet_dialog). Each id: (class as dumped, visible by default).
_V = True
LIBRARY_LAYOUTS: dict[str, dict[str, tuple[str | None, bool]]] = {
    "abc_alert_dialog_material": {
        "parentPanel": ("androidx.appcompat.widget.LinearLayoutCompat", _V),
        "topPanel": ("android.widget.LinearLayout", _V),
        "title_template": ("android.widget.LinearLayout", _V),
        "alertTitle": ("android.widget.TextView", _V),
        "contentPanel": ("android.widget.FrameLayout", _V),
        "scrollView": ("android.widget.ScrollView", _V),
        "message": ("android.widget.TextView", _V),
        "customPanel": ("android.widget.FrameLayout", _V),
        "custom": ("android.widget.FrameLayout", _V),
        "buttonPanel": ("android.widget.ScrollView", _V),
        "button1": ("android.widget.Button", _V),
        "button2": ("android.widget.Button", _V),
        "button3": ("android.widget.Button", _V),
        "icon": ("android.widget.ImageView", False),
    },
    # Material Components' MaterialTimePicker (material_timepicker_dialog and the views it
    # includes), which an app on Material opens for a time; the classes of its chips and
    # clock face are left unknown (None) here.
    "material_timepicker_dialog": {
        "header_title": ("android.widget.TextView", _V),
        "material_timepicker_view": (None, _V),
        "material_clock_display": (None, _V),
        "material_hour_tv": (None, _V),
        "material_minute_tv": (None, _V),
        "material_clock_period_toggle": (None, _V),
        "material_clock_period_am_button": ("android.widget.Button", _V),
        "material_clock_period_pm_button": ("android.widget.Button", _V),
        "material_clock_face": (None, _V),
        "material_timepicker_mode_button": ("android.widget.Button", _V),
        "material_timepicker_cancel_button": ("android.widget.Button", _V),
        "material_timepicker_ok_button": ("android.widget.Button", _V),
    },
    "abc_search_view": {
        "search_bar": ("android.widget.LinearLayout", _V),
        "search_button": ("android.widget.ImageView", _V),
        "search_edit_frame": ("android.widget.LinearLayout", _V),
        "search_mag_icon": ("android.widget.ImageView", False),
        "search_plate": ("android.widget.LinearLayout", _V),
        "search_src_text": ("android.widget.EditText", _V),
        "search_close_btn": ("android.widget.ImageView", _V),
        "submit_area": ("android.widget.LinearLayout", _V),
        "search_go_btn": ("android.widget.ImageView", False),
        "search_voice_btn": ("android.widget.ImageView", False),
    },
    "abc_popup_menu_item_layout": {
        "content": ("android.widget.LinearLayout", _V),
        "title": ("android.widget.TextView", _V),
        "shortcut": ("android.widget.TextView", False),
        "submenuarrow": ("android.widget.ImageView", False),
    },
    # Material's navigation bar item (design_bottom_navigation_item: the icon, the
    # label group, its small and large label; the large one invisible until selected).
    "design_bottom_navigation_item": {
        "navigation_bar_item_icon_view": ("android.widget.ImageView", _V),
        "navigation_bar_item_labels_group": ("android.view.ViewGroup", _V),
        "navigation_bar_item_small_label_view": ("android.widget.TextView", _V),
        "navigation_bar_item_large_label_view": ("android.widget.TextView", False),
    },
    # AppCompat's action mode (abc_action_mode_bar, abc_action_mode_close_item_material)
    # and the title its context bar inflates (abc_action_bar_title_item), and the list of
    # a single-choice dialog (abc_select_dialog_material).
    "abc_action_mode_bar": {
        "action_mode_bar": (None, _V),
        "action_mode_close_button": (None, _V),
        "action_bar_title": ("android.widget.TextView", _V),
        "action_bar_subtitle": ("android.widget.TextView", False),
    },
    "abc_select_dialog_material": {
        "select_dialog_listview": ("android.widget.ListView", _V),
    },
    "design_bottom_sheet_dialog": {
        "container": ("android.widget.FrameLayout", _V),
        "coordinator": ("android.view.ViewGroup", _V),
        "touch_outside": ("android.view.View", _V),
        "design_bottom_sheet": ("android.widget.FrameLayout", _V),
    },
}


# Layouts of a library only one app builds on, by app: VLC's player surface comes from
# libvlc (org.videolan.android:libvlc-all; VideoPlayerActivity finds R.id.surface_video).
APP_LIBRARY_LAYOUTS: dict[str, dict[str, dict[str, tuple[str | None, bool]]]] = {
    "vlc": {"libvlc_vlc_video_layout": {"surface_video": (None, _V)}},
}


class Mirror:
    """One bare git mirror read at one revision."""

    def __init__(self, git_dir: Path, ref: str) -> None:
        self.git_dir = git_dir
        self.rev = self._git("rev-parse", f"{ref}^{{commit}}").strip()
        self.paths = self._git("ls-tree", "-r", "--name-only", self.rev).splitlines()

    def _git(self, *args: str) -> str:
        out = subprocess.run(
            ["git", "--git-dir", str(self.git_dir), *args],
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout

    def read_many(self, paths: list[str]) -> dict[str, str]:
        """The texts of ``paths`` at the revision, read in one ``git cat-file``."""
        request = "".join(f"{self.rev}:{path}\n" for path in paths).encode()
        out = subprocess.run(
            ["git", "--git-dir", str(self.git_dir), "cat-file", "--batch"],
            input=request,
            capture_output=True,
            check=True,
        ).stdout
        texts: dict[str, str] = {}
        pos = 0
        for path in paths:
            header_end = out.index(b"\n", pos)
            size = int(out[pos:header_end].split()[2])
            texts[path] = out[header_end + 1 : header_end + 1 + size].decode("utf-8", "replace")
            pos = header_end + 1 + size + 1
        return texts


@dataclass
class Reference:
    """What the fixture holds, gathered over an app's sources."""

    layouts: dict[str, dict[str, object]] = field(default_factory=dict)
    menus: dict[str, list[str]] = field(default_factory=dict)
    strings: dict[str, list[str]] = field(default_factory=dict)
    superclasses: dict[str, str] = field(default_factory=dict)
    literals: set[str] = field(default_factory=set)


_SUPER_KOTLIN = re.compile(r"\bclass\s+(\w+)\b[^{:]*?(?:\([^)]*\))?\s*:\s*([\w.]+)")
_SUPER_JAVA = re.compile(r"\bclass\s+(\w+)\b[^{]*?\bextends\s+([\w.]+)")
#: Comments, taken out before a class is looked for: a comment's "class" ("ModeListView
#: class displays all camera modes") would otherwise start a match that runs on to the
#: declaration's "extends" and swallow it.
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)


def _collect_superclasses(mirror: Mirror, ref: Reference) -> None:
    """Each Kotlin/Java class of the mirror whose name looks like a view, mapped to its
    superclass's simple name (enough to walk up to a framework widget)."""
    wanted = [
        path for path in mirror.paths if path.endswith((".kt", ".java")) and "/test" not in path
    ]
    for path, text in mirror.read_many(wanted).items():
        stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        pattern = _SUPER_KOTLIN if path.endswith(".kt") else _SUPER_JAVA
        for cls, parent in pattern.findall(_COMMENT.sub(" ", text)):
            if cls == stem:
                ref.superclasses.setdefault(cls, parent.rsplit(".", 1)[-1])


def accessibility_class(tag: str, superclasses: dict[str, str]) -> str | None:
    """The class a dump reports for a view written ``tag`` in a layout, or None when
    neither the table, the sources' superclasses nor the name's suffix say."""
    name = tag.rsplit(".", 1)[-1]
    for _ in range(10):
        if name in ACCESSIBILITY_CLASS:
            return ACCESSIBILITY_CLASS[name]
        if name not in superclasses:
            break
        name = superclasses[name]
    for known in sorted(ACCESSIBILITY_CLASS, key=len, reverse=True):
        if name.endswith(known) and len(known) > 4:
            return ACCESSIBILITY_CLASS[known]
    return None


def _id_name(value: str | None) -> str | None:
    if value and value.startswith(("@+id/", "@id/")):
        return value.split("/", 1)[1]
    return None


_TEXT_ATTRIBUTES = ("text", "hint", "contentDescription", "title")


def _literal_texts(element: ET.Element, literals: set[str]) -> None:
    """Add the texts ``element`` writes out in the layout instead of naming a string."""
    for name in _TEXT_ATTRIBUTES:
        value = element.get(f"{ANDROID}{name}") or element.get(f"{APP_NS}{name}")
        if value and not value.startswith(("@", "?")) and "{" not in value:
            literals.add(unescape(value))


def _walk_layout(
    element: ET.Element,
    visible: bool,
    ids: dict[str, dict[str, object]],
    includes: list[dict[str, object]],
    superclasses: dict[str, str],
    literals: set[str],
) -> None:
    """Record the ids under ``element``; ``visible`` is whether its parent shows."""
    tag = element.tag
    _literal_texts(element, literals)
    shown = visible and element.get(f"{ANDROID}visibility") not in {"gone", "invisible"}
    if tag == "include":
        layout = (element.get("layout") or "").rsplit("/", 1)[-1]
        include: dict[str, object] = {"layout": layout, "visible": shown}
        if own_id := _id_name(element.get(f"{ANDROID}id")):
            include["id"] = own_id
        includes.append(include)
        return
    if tag not in STRUCTURAL_TAGS:
        view_id = _id_name(element.get(f"{ANDROID}id"))
        if view_id and tag.rsplit(".", 1)[-1] not in NOT_SHOWN_TAGS:
            if tag == "view":
                tag = element.get("class") or "View"
            cls = None if tag == "fragment" else accessibility_class(tag, superclasses)
            entry = ids.setdefault(view_id, {"class": cls, "visible": shown})
            entry["visible"] = bool(entry["visible"]) or shown
    for child in element:
        _walk_layout(child, shown, ids, includes, superclasses, literals)


def _read_layout(text: str, superclasses: dict[str, str], literals: set[str]) -> dict[str, object]:
    root = ET.fromstring(text)
    ids: dict[str, dict[str, object]] = {}
    includes: list[dict[str, object]] = []
    _walk_layout(root, True, ids, includes, superclasses, literals)
    layout: dict[str, object] = {"ids": dict(sorted(ids.items()))}
    if includes:
        layout["includes"] = includes
    # An <include android:id> replaces the id of the included layout's root view.
    if root.tag != "merge" and (root_id := _id_name(root.get(f"{ANDROID}id"))):
        layout["root"] = root_id
    return layout


def _read_menu(text: str, literals: set[str]) -> list[str]:
    root = ET.fromstring(text)
    for item in root.iter("item"):
        _literal_texts(item, literals)
    return sorted(
        {i for e in root.iter("item") if (i := _id_name(e.get(f"{ANDROID}id"))) is not None}
    )


_ESCAPES = {"n": "\n", "t": "\t", "'": "'", '"': '"', "\\": "\\", "@": "@", "?": "?"}


def unescape(raw: str) -> str:
    """A string resource's text as the app shows it: outer quotes dropped, Android's
    backslash escapes resolved, runs of blanks collapsed outside quotes."""
    text = raw.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1]
    else:
        text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


def _read_strings(text: str, strings: dict[str, list[str]]) -> None:
    """Add the strings, plurals and string arrays of one values file, by name."""
    root = ET.fromstring(text)
    for element in root:
        name = element.get("name")
        if name is None or name in strings:
            continue
        if element.tag == "string":
            strings[name] = [unescape("".join(element.itertext()))]
        elif element.tag in {"plurals", "string-array", "array"}:
            strings[name] = [unescape("".join(i.itertext())) for i in element.iter("item")]


def _resolve(strings: dict[str, list[str]]) -> list[str]:
    """Every distinct text, ``@string/x`` references replaced by x's text."""
    texts: set[str] = set()
    for values in strings.values():
        for value in values:
            for _ in range(5):
                match = re.fullmatch(r"@string/(\w+)", value)
                if not match or match.group(1) not in strings:
                    break
                value = strings[match.group(1)][0]
            if value and not value.startswith("@"):
                texts.add(value)
    return sorted(texts)


#: The API level of AndroidWorld's emulator (Android 13): higher -vNN folders do not apply.
API_LEVEL = 33
_PHONE_FOLDER = re.compile(r"(layout|menu)(-port)?(?:-v(\d+))?")


def _phone_folder(folder: str) -> tuple[str, tuple[int, int]] | None:
    """The kind (layout or menu) of a resource folder a Pixel 6 in portrait at API 33
    takes files from, with its rank among the folders that hold the same file (higher
    wins, as Android's resource matching picks: the orientation qualifier first, then
    the highest API level not above the phone's); None for a folder it never reads
    (landscape, tablets, other locales, night mode)."""
    match = _PHONE_FOLDER.fullmatch(folder)
    if match is None:
        return None
    api = int(match.group(3) or 0)
    if api > API_LEVEL:
        return None
    return match.group(1), (1 if match.group(2) else 0, api)


def read_source(mirror: Mirror, roots: tuple[str, ...], ref: Reference) -> None:
    """Add one source's layouts, menus and strings to ``ref`` (earlier sources win);
    the superclasses of every source must be in ``ref`` already."""
    # (folder kind, name) -> (rank, path): the file the phone would inflate.
    chosen: dict[tuple[str, str], tuple[tuple[int, int], str]] = {}
    values: list[str] = []
    for path in mirror.paths:
        root = next((r for r in roots if path.startswith(r + "/")), None)
        parts = path[len(root) + 1 :].split("/") if root else []
        if len(parts) != 2 or not parts[1].endswith(".xml"):
            continue
        folder, stem = parts[0], parts[1][: -len(".xml")]
        if folder == "values":
            values.append(path)
            continue
        picked = _phone_folder(folder)
        if picked is not None:
            kind, rank = picked
            best = chosen.get((kind, stem))
            if best is None or rank > best[0]:
                chosen[(kind, stem)] = (rank, path)
    wanted = [(kind, stem, path) for (kind, stem), (_, path) in chosen.items()]
    wanted += [("values", path.rsplit("/", 1)[1], path) for path in values]
    texts = mirror.read_many([path for _, _, path in wanted])
    for kind, stem, path in sorted(wanted, key=lambda w: w[2]):
        if kind == "layout" and stem not in ref.layouts:
            ref.layouts[stem] = _read_layout(texts[path], ref.superclasses, ref.literals)
        elif kind == "menu" and stem not in ref.menus:
            ref.menus[stem] = _read_menu(texts[path], ref.literals)
        elif kind == "values" and "/values/" in path:
            _read_strings(texts[path], ref.strings)


_TRANSLATED = re.compile(r"""\b_\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")""")
_TEST_ID = re.compile(r"""testID=(?:\{\s*)?['"]([\w.-]+)['"]""")


def read_react_native(mirror: Mirror, roots: tuple[str, ...], ref: Reference) -> None:
    """A React Native app's reference: its views have no layout ids, only the
    ``testID``s its components set (a dump shows one as the view's resource id), and its
    English strings are the ``_('...')`` messages of its sources (gettext msgids)."""
    wanted = [
        path
        for path in mirror.paths
        if path.startswith(tuple(r + "/" for r in roots))
        and path.endswith((".ts", ".tsx", ".js"))
        and "node_modules" not in path
        and not re.search(r"\.test\.|/tests?/|\.d\.ts$", path)
    ]
    for path, text in mirror.read_many(wanted).items():
        test_ids = {i: {"class": None, "visible": True} for i in _TEST_ID.findall(text)}
        if test_ids:
            name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            ref.layouts[name] = {"ids": dict(sorted(test_ids.items()))}
        for single, double in _TRANSLATED.findall(text):
            ref.literals.add(unescape(single or double))


def mirror_dir(mirrors: Path, repo: str) -> Path:
    """Where ``fetch`` puts ``repo``'s bare mirror."""
    return mirrors / repo.replace("/", "+") / "repo"


def build_fixture(
    app: str, mirrors: Path, main_mirror: Path | None = None, main_rev: str | None = None
) -> dict[str, object]:
    """The fixture of ``app`` read from its sources (the first one may be overridden).
    Its strings are those of ``res/values`` and the texts layouts and menus spell out."""
    spec = APPS[app]
    ref = Reference()
    sources: list[dict[str, object]] = []
    opened: list[tuple[Mirror, Source]] = []
    for index, source in enumerate(spec.sources):
        git_dir = mirror_dir(mirrors, source.repo)
        rev = source.ref
        if index == 0:
            git_dir = main_mirror or git_dir
            rev = main_rev or rev
        mirror = Mirror(git_dir, rev)
        _collect_superclasses(mirror, ref)
        opened.append((mirror, source))
        sources.append(
            {"repo": source.repo, "ref": rev, "commit": mirror.rev, "roots": list(source.roots)}
        )
    for mirror, source in opened:
        # A React Native app's Android shell still has res folders (its app_name).
        res_roots = tuple(r for r in source.roots if r.endswith("/res"))
        if spec.react_native:
            code_roots = tuple(r for r in source.roots if r not in res_roots)
            read_react_native(mirror, code_roots, ref)
        read_source(mirror, res_roots if spec.react_native else source.roots, ref)
    for name, views in (LIBRARY_LAYOUTS | APP_LIBRARY_LAYOUTS.get(app, {})).items():
        ids = {i: {"class": cls, "visible": shown} for i, (cls, shown) in views.items()}
        ref.layouts.setdefault(name, {"ids": dict(sorted(ids.items())), "library": True})
    for name, hidden in spec.hidden_at_run_time.items():
        declared = ref.layouts[name]["ids"]
        includes = ref.layouts[name].get("includes", [])
        assert isinstance(declared, dict) and isinstance(includes, list)
        named = set(declared) | {i["id"] for i in includes if "id" in i}  # an include's id too
        unknown = sorted(set(hidden["ids"]) - named)
        if unknown:
            raise SystemExit(f"{app}: hidden_at_run_time names {unknown}, not in {name}")
        ref.layouts[name]["hidden_at_run_time"] = sorted(hidden["ids"])
        ref.layouts[name]["why_hidden"] = hidden["why"]
    return {
        "app": app,
        "package": spec.package,
        "version": spec.version,
        "sources": sources,
        "layouts": dict(sorted(ref.layouts.items())),
        "menus": dict(sorted(ref.menus.items())),
        "strings": sorted(set(_resolve(ref.strings)) | ref.literals),
    }


def write_fixture(fixture: dict[str, object], out_dir: Path = FIXTURE_DIR) -> Path:
    """Write ``fixture`` as ``<app>.json``: one layout or string per line, so a diff
    of two versions reads as the ids and strings that changed."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{fixture['app']}.json"
    path.write_text(_dumps(fixture) + "\n", encoding="utf-8")
    return path


def _dumps(value: object, depth: int = 0) -> str:
    """JSON with a line per entry down to the layouts' ids, compact below that."""
    if isinstance(value, dict) and depth < 3:
        pad = "\n" + " " * (depth + 1)
        items = [f"{json.dumps(k)}: {_dumps(v, depth + 1)}" for k, v in value.items()]
        return "{" + pad + ("," + pad).join(items) + "\n" + " " * depth + "}" if items else "{}"
    if isinstance(value, list) and depth < 2 and value and isinstance(value[0], str):
        pad = "\n" + " " * (depth + 1)
        return (
            "["
            + pad
            + ("," + pad).join(json.dumps(v, ensure_ascii=False) for v in value)
            + "\n"
            + " " * depth
            + "]"
        )
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def main(argv: list[str] | None = None) -> int:
    """Write one app's fixture (``APP --mirror --rev``) or every app's (``--all``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app", nargs="?", choices=sorted(APPS))
    parser.add_argument("--all", action="store_true", help="every app of APPS")
    parser.add_argument("--mirror", type=Path, help="the app's own bare git mirror")
    parser.add_argument("--rev", help="the revision to read it at (default: APPS')")
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--out", type=Path, default=FIXTURE_DIR)
    args = parser.parse_args(argv)
    if not args.all and args.app is None:
        parser.error("name an app or pass --all")
    for app in sorted(APPS) if args.all else [args.app]:
        fixture = build_fixture(app, args.mirrors, args.mirror, args.rev)
        path = write_fixture(fixture, args.out)
        layouts = fixture["layouts"]
        assert isinstance(layouts, dict)
        print(f"{app}: {len(layouts)} layouts, {len(fixture['strings'])} strings -> {path}")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
