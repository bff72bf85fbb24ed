"""How close the virtual apps' screens are to the real apps': every tree the
``ui_oracle`` episodes of the ``android_world`` suite record, held against each app's
screen reference (``data/screens/<app>.json``, written from the app's own source by
``plugins/aw_apps/tools/screen_reference.py``).

Per app (nodes grouped by their ``package``):

- **ids shown**: the distinct ``<package>:id/...`` resource ids in any dump; **of them
  real**: those the reference holds (an id of any layout or menu).
- **static texts real**: of the distinct texts and content descriptions shown that are
  not data, those that are the app's strings. A text is the app's string when it equals
  one (any case; a string with placeholders such as ``%1$s`` matches as a pattern) or
  one of the few library strings every app shows (``LIBRARY_STRINGS``). A text that is
  no string is *data*, and left out, when it holds a digit or no letter (dates, times,
  counts, amounts), names a weekday or month, looks like a file name, sits in an
  editable field (what was typed), shares a word run of three letters or more with the
  episode's goal or params (titles, names the task put there) or with the pools
  set-ups draw rows from (the app package's ``ir_noise.json`` and ``specs/*.toml``,
  ``common.fake_data``'s names, sentences, addresses and folders), or changes with the
  instance: the suite runs with two seeds (``SEEDS``), and a text a task shows under
  one seed and never under the other is the instance's (noise rows, media titles). A
  text a task shows under both seeds that is none of the app's strings counts against
  the app.
- **classes real**: of the ids shown whose class the reference knows, those shown with
  that class (a dump's ``class`` is the view's accessibility class name).
- **real layouts' ids shown**: a layout is *modelled* when a dump shows an id that no
  other layout of the app has (library layouts such as AppCompat's alert dialog left
  out); for each, the share of its ids visible by default
  (``android:visibility`` not gone/invisible, included layouts expanded) that some dump
  of the app shows. Ids the app's own code hides in every state the tasks reach (an
  option off by default, a badge for a count that is nought) are not wanted: the
  reference lists them per layout (``hidden_at_run_time``) with the source that says
  so (``why_hidden``), from ``sources.toml``.

Run ``python screen_fidelity.py --write`` to redo docs/fidelity.md's "Screens" table and
the floors file from today's code.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from droidhub.android.ui_tree import UIElement, parse_hierarchy
from droidhub_aw_apps.common import fake_data

HERE = Path(__file__).resolve().parent
SCREENS_DIR = HERE / "data" / "screens"
FLOORS_FILE = SCREENS_DIR / "floors.json"
FIDELITY_DOC = HERE.parents[2] / "docs" / "fidelity.md"
SEEDS = (30, 31)
_CALENDAR_WORDS = frozenset(
    [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "mon",
        "tue",
        "wed",
        "thu",
        "fri",
        "sat",
        "sun",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "oct",
        "nov",
        "dec",
        "today",
        "tomorrow",
        "yesterday",
        "am",
        "pm",
    ]
)
_FILE_NAME = re.compile(r"\S+\.[A-Za-z0-9]{1,4}")

# Strings apps show from the libraries they build on, not from their own res/values:
# AppCompat's toolbar and search view (abc_action_bar_up_description,
# abc_action_menu_overflow_description, abc_searchview_description_*,
# abc_toolbar_collapse_description), the framework's android.R.string ok/cancel/yes/no,
# its text selection toolbar (cut/copy/paste/selectAll/share) and a Switch's on/off,
# the time picker's input-mode toggle (time_picker_text_input_mode_description), and
# navigation-ui's drawer toggle (nav_app_bar_open_drawer_description).
LIBRARY_STRINGS = frozenset(
    {
        "Switch to text input mode for the time input.",
        "Switch to clock mode for the time input.",
        "Open navigation drawer",
        "Navigate up",
        "More options",
        "Select time",
        # The framework DatePicker's month arrows (date_picker_prev/next_month_button).
        "Previous month",
        "Next month",
        "Search",
        "Clear query",
        "Submit query",
        "Voice search",
        "Collapse",
        "OK",
        "Cancel",
        "Yes",
        "No",
        "Cut",
        "Copy",
        "Paste",
        "Select all",
        "Share",
        # AppCompat's action mode: its close button's description (abc_action_mode_done).
        "Done",
        "ON",
        "OFF",
    }
)
_PLACEHOLDER = re.compile(r"%(?:\d+\$)?[-#+ 0,(]*\d*(?:\.\d+)?[a-zA-Z]|%%")
_WORD_RUN = re.compile(r"[^\W\d_]{3,}(?:[ '-][^\W\d_]+)*")


@dataclass(frozen=True)
class Episode:
    """One recorded episode: its task, the words of its goal and params, its dumps."""

    task: str
    data_words: frozenset[str]
    steps: tuple[list[UIElement], ...]
    variant_texts: frozenset[str] = frozenset()

    def texts(self) -> set[str]:
        """Every text and content description the episode's dumps show."""
        return {
            t for step in self.steps for n in step for t in (n.text, n.content_description) if t
        }


def record_runs(folder: Path, seeds: Iterable[int] = SEEDS, tasks: str | None = None) -> list[Path]:
    """Run every android_world task (or only ``tasks``, comma-separated) once per seed
    with the ``ui_oracle`` agent through the CLI (as a user would), the seeds side by
    side, each step's dump recorded in ``folder/seed<N>``. An episode that errors keeps
    the dumps of the steps it took (the run's exit status says so; not fatal)."""
    command = [sys.executable, "-m", "droidhub", "run", "--suite", "android_world"]
    if tasks:
        command += ["--tasks", tasks]
    runs = {folder / f"seed{seed}": seed for seed in seeds}
    procs = {
        out: subprocess.Popen(
            [*command, "--agent", "ui_oracle", "--seed", str(seed), "--out", str(out)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for out, seed in runs.items()
    }
    for out, proc in procs.items():
        output, _ = proc.communicate(timeout=900)
        if not (out / "results.jsonl").exists():
            raise RuntimeError(f"droidhub run wrote no results in {out}:\n{output}")
    return list(runs)


def _strings_of(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings_of(key)
            yield from _strings_of(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings_of(item)


def _words(text: str) -> set[str]:
    """The runs of letters (three or more, with the words joined to them) in ``text``,
    lower-cased: what a shown text must share with the goal or params to be data."""
    return {m.group(0).lower() for m in _WORD_RUN.finditer(text)}


def load_runs(run_dirs: Iterable[Path]) -> list[Episode]:
    """The episodes of the runs (one per seed), each with the texts its task shows in
    one run and never in another (``variant_texts``)."""
    runs = [load_episodes(run_dir) for run_dir in run_dirs]
    texts_by_run = [{e.task: e.texts() for e in run} for run in runs]
    episodes = []
    for run in runs:
        for episode in run:
            seen = [texts.get(episode.task, set()) for texts in texts_by_run]
            variant = set[str]().union(*seen) - seen[0].intersection(*seen[1:])
            episodes.append(replace(episode, variant_texts=frozenset(variant)))
    return episodes


def load_episodes(run_dir: Path) -> list[Episode]:
    """The episodes of a run folder, with their parsed dumps in step order."""
    episodes = []
    for line in (run_dir / "results.jsonl").read_text().splitlines():
        result = json.loads(line)
        folder = run_dir / "episodes" / result["episode_id"]
        words: set[str] = set()
        for text in _strings_of([result["goal"], result["params"]]):
            words |= _words(text)
        steps = tuple(
            parse_hierarchy(path.read_text(encoding="utf-8"))
            for path in sorted(folder.glob("step_*.xml"))
        )
        episodes.append(Episode(result["task"], frozenset(words), steps))
    return episodes


class ScreenReference:
    """An app's screen reference: the fixture ``screen_reference.py`` writes."""

    def __init__(self, path: Path) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        self.app: str = data["app"]
        self.package: str = data["package"]
        self.layouts: dict[str, dict] = data["layouts"]
        self.menu_ids = {i for ids in data["menus"].values() for i in ids}
        strings: list[str] = data["strings"]
        self.plain = {s.lower() for s in strings if not _PLACEHOLDER.search(s)}
        self.plain |= {s.lower() for s in LIBRARY_STRINGS}
        # A pattern with no words of its own ("%1$s", "%s: %s") would match any text.
        self.patterns = [
            _pattern(s)
            for s in strings
            if _PLACEHOLDER.search(s) and _WORD_RUN.search(_PLACEHOLDER.sub(" ", s))
        ]
        self.pool_words = frozenset(_pool_words(self.app))

    @cached_property
    def classes(self) -> dict[str, set[str]]:
        """Each layout id's classes (a few ids name different views in two layouts)."""
        found: dict[str, set[str]] = defaultdict(set)
        for layout in self.layouts.values():
            for view_id, view in layout["ids"].items():
                if view["class"] is not None:
                    found[view_id].add(view["class"])
        for layout in self.layouts.values():  # an include's id names its root view
            for include in layout.get("includes", []):
                inner = self.layouts.get(include["layout"], {})
                root = inner.get("root")
                known = inner.get("ids", {}).get(root, {}).get("class")
                if "id" in include and known is not None:
                    found[include["id"]].add(known)
        return found

    @cached_property
    def owners(self) -> dict[str, set[str]]:
        """The layouts that declare each id: a view's id, or an ``<include>``'s (which
        replaces the id of the included layout's root view on the phone)."""
        found: dict[str, set[str]] = defaultdict(set)
        for name, layout in self.layouts.items():
            for view_id in layout["ids"]:
                found[view_id].add(name)
            for include in layout.get("includes", []):
                if "id" in include:
                    found[include["id"]].add(name)
        return found

    def visible_ids(self, name: str, depth: int = 0) -> set[str]:
        """The ids of layout ``name`` visible by default, its includes expanded, less
        those the app hides at run time. Measured on its own (``depth`` 0), a layout
        whose every ``<include>`` gives it an id never shows its root's own id."""
        layout = self.layouts.get(name)
        if layout is None or depth > 8:
            return set()
        ids = {i for i, view in layout["ids"].items() if view["visible"]}
        for include in layout.get("includes", []):
            if include["visible"]:
                inner = self.visible_ids(include["layout"], depth + 1)
                if "id" in include:  # the include's id replaces its root view's
                    root = self.layouts.get(include["layout"], {}).get("root")
                    inner = (inner - {root}) | {include["id"]}
                ids |= inner
        if depth == 0 and self._always_renamed(name):
            ids.discard(layout.get("root"))
        return ids - set(layout.get("hidden_at_run_time", ()))

    def _always_renamed(self, name: str) -> bool:
        """Whether ``name`` is included somewhere and every include gives it an id."""
        includes = [
            include
            for layout in self.layouts.values()
            for include in layout.get("includes", [])
            if include["layout"] == name
        ]
        return bool(includes) and all("id" in include for include in includes)

    def is_real_id(self, view_id: str) -> bool:
        """Whether ``view_id`` is an id of one of the app's layouts or menus."""
        return view_id in self.owners or view_id in self.menu_ids

    def is_string(self, text: str) -> bool:
        """Whether ``text`` is one of the app's strings (any case, patterns included)."""
        folded = text.strip().lower()
        return folded in self.plain or any(p.fullmatch(folded) for p in self.patterns)


def _pool_words(app: str) -> set[str]:
    """The word runs of the values set-ups draw rows from: the app's noise pools
    (``ir_noise.json``, ``specs/*.toml``) and the shared fake people, sentences,
    addresses and folders (``common.fake_data``)."""
    folder = Path(fake_data.__file__).parents[1] / app
    values: list[object] = [
        fake_data.GIVEN_NAMES,
        fake_data.FAMILY_NAMES,
        fake_data.SENTENCES,
        fake_data.ADDRESSES,
        fake_data.STORAGE_FOLDERS,
        # The system's own folder of shared storage (/sdcard/Android), in every listing
        # of the storage root: a file name, not the app's words.
        "Android",
    ]
    if (folder / "ir_noise.json").exists():
        values.append(json.loads((folder / "ir_noise.json").read_text(encoding="utf-8")))
    for spec in sorted(folder.glob("specs/*.toml")):
        values.append(tomllib.loads(spec.read_text(encoding="utf-8")))
    return {w for text in _strings_of(values) for w in _words(text)}


def _pattern(string: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(string.lower())
    placeholders = _PLACEHOLDER.findall(string)
    regex = ""
    for index, part in enumerate(parts):
        regex += re.escape(part)
        if index < len(placeholders):
            regex += "%" if placeholders[index] == "%%" else ".+?"
    return re.compile(regex, re.DOTALL)


@dataclass
class AppFidelity:
    """What the dumps of one app show, measured against its reference."""

    app: str
    ids_shown: set[str] = field(default_factory=set)
    ids_real: set[str] = field(default_factory=set)
    static_texts: set[str] = field(default_factory=set)
    texts_real: set[str] = field(default_factory=set)
    classes_known: set[str] = field(default_factory=set)
    classes_real: set[str] = field(default_factory=set)
    layouts: dict[str, tuple[int, int]] = field(default_factory=dict)

    def ratios(self) -> dict[str, float]:
        """The shares the thresholds and floors are about; a share of nothing (no id
        with a known class, no modelled layout) is left out rather than called 100 %."""
        counts = {
            "ids_real": (len(self.ids_real), len(self.ids_shown)),
            "texts_real": (len(self.texts_real), len(self.static_texts)),
            "classes_real": (len(self.classes_real), len(self.classes_known)),
        }
        shares = {key: part / whole for key, (part, whole) in counts.items() if whole}
        if self.layouts:
            shares["layout_ids_shown_min"] = min(s / n for s, n in self.layouts.values())
        return shares


def measure(reference: ScreenReference, episodes: Iterable[Episode]) -> AppFidelity:
    """Hold every node of ``reference``'s package in ``episodes`` against it."""
    result = AppFidelity(reference.app)
    prefix = f"{reference.package}:id/"
    for episode in episodes:
        for step in episode.steps:
            for node in step:
                if node.package == reference.package:
                    _measure_node(reference, episode, node, prefix, result)
    # Library layouts are left out: AlertController and friends hide their empty panels
    # at run time, so their visible-by-default ids say little.
    app_layouts = {n for n, layout in reference.layouts.items() if not layout.get("library")}
    for name in sorted(
        {o for i in result.ids_shown for o in reference.owners.get(i, ())} & app_layouts
    ):
        unique = {i for i in result.ids_shown if reference.owners.get(i) == {name}}
        wanted = reference.visible_ids(name)
        if unique and wanted:
            result.layouts[name] = (len(wanted & result.ids_shown), len(wanted))
    return result


def _measure_node(
    reference: ScreenReference,
    episode: Episode,
    node: UIElement,
    prefix: str,
    result: AppFidelity,
) -> None:
    if node.resource_id.startswith(prefix):
        view_id = node.resource_id[len(prefix) :]
        result.ids_shown.add(view_id)
        if reference.is_real_id(view_id):
            result.ids_real.add(view_id)
        known = reference.classes.get(view_id)
        if known:
            result.classes_known.add(view_id)
            if node.class_name in known:
                result.classes_real.add(view_id)
    for text in (node.text, node.content_description):
        if not text.strip():
            continue
        if reference.is_string(text):
            result.static_texts.add(text)
            result.texts_real.add(text)
        elif not _is_data(text, node, episode, reference.pool_words):
            result.static_texts.add(text)


def _is_data(text: str, node: UIElement, episode: Episode, pool: frozenset[str]) -> bool:
    """Whether ``text`` (no string of the app) is data rather than the app's words."""
    if node.editable or text in episode.variant_texts:
        return True
    if _FILE_NAME.fullmatch(text):
        return True
    if any(c.isdigit() for c in text) or not any(c.isalpha() for c in text):
        return True
    words = _words(text)
    if any(w in _CALENDAR_WORDS for w in re.findall(r"[a-z]+", text.lower())):
        return True
    # A shown run is data when it is a data run, or words of one (a lone word must be a
    # whole data run: "music" in a fake sentence says nothing); a long data run held in
    # a shown run counts too ("[biking]"), a short one ("new") would swallow the app's.
    data = episode.data_words | pool
    return any(_holds(d, w) or (len(d) >= 6 and d in w) for w in words for d in data)


def _holds(data: str, shown: str) -> bool:
    return shown == data or (" " in shown and f" {shown} " in f" {data} ")


def references() -> list[ScreenReference]:
    """The screen reference of every app that has one."""
    return [ScreenReference(p) for p in sorted(SCREENS_DIR.glob("*.json")) if p != FLOORS_FILE]


def measure_all(episodes: list[Episode]) -> dict[str, AppFidelity]:
    """Every referenced app's fidelity over ``episodes``, by app."""
    return {ref.app: measure(ref, episodes) for ref in references()}


def table(measured: dict[str, AppFidelity]) -> str:
    """The markdown table docs/fidelity.md prints (apps the run never showed left out)."""
    lines = [
        "| app | ids shown | of them real | static texts real | classes real "
        "| real layouts' ids shown (visible by default) |",
        "|---|---|---|---|---|---|",
    ]
    for app, m in sorted(measured.items()):
        if not m.ids_shown and not m.static_texts:
            continue
        layouts = ", ".join(f"{n} {s}/{w}" for n, (s, w) in sorted(m.layouts.items()))
        lines.append(
            f"| {app} | {len(m.ids_shown)} | {len(m.ids_real)} "
            f"| {len(m.texts_real)}/{len(m.static_texts)} "
            f"| {len(m.classes_real)}/{len(m.classes_known)} | {layouts or '-'} |"
        )
    return "\n".join(lines)


DOC_START = "<!-- screens table: written by plugins/aw_apps/tests/screen_fidelity.py -->"
DOC_END = "<!-- end of screens table -->"


def doc_table(doc: str) -> str:
    """The table between the markers of docs/fidelity.md's "Screens" section."""
    start = doc.index(DOC_START) + len(DOC_START)
    return doc[start : doc.index(DOC_END)].strip()


def write(measured: dict[str, AppFidelity]) -> None:
    """Redo the doc's table and the floors file from ``measured``."""
    doc = FIDELITY_DOC.read_text(encoding="utf-8")
    start = doc.index(DOC_START) + len(DOC_START)
    end = doc.index(DOC_END)
    FIDELITY_DOC.write_text(
        doc[:start] + "\n" + table(measured) + "\n" + doc[end:], encoding="utf-8"
    )
    floors = {
        app: {k: round(v, 4) for k, v in m.ratios().items()}
        for app, m in sorted(measured.items())
        if m.ids_shown or m.static_texts
    }
    FLOORS_FILE.write_text(json.dumps(floors, indent=1, sort_keys=True) + "\n")


def shortfalls(reference: ScreenReference, measured: AppFidelity) -> str:
    """What keeps ``measured`` from the thresholds, for the person moving the app: ids
    the app has not, texts that are none of its strings, ids dumped with another class,
    and each modelled layout's visible-by-default ids no dump shows."""
    lines = [f"ids not in the app: {sorted(measured.ids_shown - measured.ids_real)}"]
    lines.append(f"texts not the app's: {sorted(measured.static_texts - measured.texts_real)}")
    wrong = sorted(measured.classes_known - measured.classes_real)
    lines.append(f"ids with another class: {[(i, reference.classes[i]) for i in wrong]}")
    for name in sorted(measured.layouts):
        missing = sorted(reference.visible_ids(name) - measured.ids_shown)
        lines.append(f"{name} not shown: {missing}")
    return "\n".join(lines)


def main() -> int:
    """Record a run in a temporary folder, print the table; ``--write`` also saves it.
    ``--tasks A,B`` measures only those tasks (never written), ``--detail APP`` prints
    what keeps APP from the thresholds."""
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--write", action="store_true", help="save the table and floors")
    parser.add_argument("--tasks", help="only these android_world tasks (comma-separated)")
    parser.add_argument("--detail", metavar="APP", help="list APP's shortfalls")
    args = parser.parse_args()
    if args.write and args.tasks:
        parser.error("--write measures the whole suite: drop --tasks")
    with tempfile.TemporaryDirectory() as tmp:
        measured = measure_all(load_runs(record_runs(Path(tmp), tasks=args.tasks)))
    print(table(measured))
    if args.detail:
        reference = next(r for r in references() if r.app == args.detail)
        print(shortfalls(reference, measured[args.detail]))
    if args.write:
        write(measured)
    return 0


if __name__ == "__main__":
    sys.exit(main())
