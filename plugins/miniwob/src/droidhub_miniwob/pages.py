"""Which MiniWoB++ tasks droidhub offers, and where their pages come from.

The pages are the ones the ``miniwob`` package (PyPI, Farama Foundation) ships under
``miniwob/html``: droidhub never keeps a copy. The Android app's assets are copied
from the same folder by ``webview_app/copy_pages.py``.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

# The 92 task names of MobileMiniWoB++ (AndroidWorld), in its order.
MOBILE_MINIWOB_TASKS: tuple[str, ...] = (
    "bisect-angle",
    "book-flight",
    "choose-date",
    "choose-date-easy",
    "choose-date-medium",
    "choose-list",
    "circle-center",
    "click-button",
    "click-button-sequence",
    "click-checkboxes",
    "click-checkboxes-large",
    "click-checkboxes-soft",
    "click-checkboxes-transfer",
    "click-collapsible",
    "click-collapsible-2",
    "click-color",
    "click-dialog",
    "click-dialog-2",
    "click-link",
    "click-menu-2",
    "click-option",
    "click-pie",
    "click-scroll-list",
    "click-shades",
    "click-shape",
    "click-tab",
    "click-tab-2",
    "click-tab-2-easy",
    "click-tab-2-hard",
    "click-tab-2-medium",
    "click-test",
    "click-test-2",
    "click-test-transfer",
    "click-widget",
    "copy-paste",
    "copy-paste-2",
    "count-shape",
    "count-sides",
    "drag-box",
    "drag-item",
    "email-inbox",
    "email-inbox-delete",
    "email-inbox-forward",
    "email-inbox-forward-nl",
    "email-inbox-forward-nl-turk",
    "email-inbox-important",
    "email-inbox-nl-turk",
    "email-inbox-noscroll",
    "email-inbox-reply",
    "email-inbox-star-reply",
    "enter-date",
    "enter-password",
    "enter-text",
    "enter-text-2",
    "enter-text-dynamic",
    "enter-time",
    "find-midpoint",
    "find-word",
    "focus-text",
    "focus-text-2",
    "grid-coordinate",
    "guess-number",
    "highlight-text",
    "highlight-text-2",
    "identify-shape",
    "login-user",
    "login-user-popup",
    "multi-layouts",
    "multi-orderings",
    "navigate-tree",
    "read-table",
    "read-table-2",
    "resize-textarea",
    "right-angle",
    "scroll-text",
    "scroll-text-2",
    "search-engine",
    "simon-says",
    "simple-algebra",
    "simple-arithmetic",
    "social-media",
    "social-media-all",
    "social-media-some",
    "terminal",
    "text-transform",
    "tic-tac-toe",
    "unicode-test",
    "use-autocomplete",
    "use-colorwheel",
    "use-colorwheel-2",
    "use-slider",
    "visual-addition",
)

#: Names of the 92 that the subset commonly reported for MobileMiniWoB++ leaves out.
_NOT_IN_SUBSET: frozenset[str] = frozenset(
    {
        "bisect-angle",
        "choose-date-easy",
        "choose-date-medium",
        "circle-center",
        "click-menu-2",
        "click-tab-2-easy",
        "click-tab-2-medium",
        "click-test-transfer",
        "count-sides",
        "drag-box",
        "drag-item",
        "email-inbox-delete",
        "email-inbox-forward",
        "email-inbox-important",
        "email-inbox-noscroll",
        "email-inbox-reply",
        "email-inbox-star-reply",
        "enter-text-2",
        "find-midpoint",
        "highlight-text",
        "highlight-text-2",
        "read-table-2",
        "resize-textarea",
        "right-angle",
        "scroll-text",
        "scroll-text-2",
        "simon-says",
        "use-colorwheel",
        "use-colorwheel-2",
        "visual-addition",
    }
)

#: Names of the subset that are not among the 92, with why they do not run.
SUBSET_EXCLUDED: dict[str, str] = {
    "click-menu": "not among MobileMiniWoB++'s 92 tasks (AndroidWorld excludes it)",
    "use-spinner": "not among MobileMiniWoB++'s 92 tasks (AndroidWorld excludes it)",
}

# The 64-name subset commonly reported for MobileMiniWoB++, in alphabetical order as the
# 92 are: the 92 but those it leaves out, plus the two names AndroidWorld excludes.
SUBSET_TASKS: tuple[str, ...] = tuple(
    sorted((set(MOBILE_MINIWOB_TASKS) - _NOT_IN_SUBSET) | set(SUBSET_EXCLUDED))
)


class PagesNotFoundError(FileNotFoundError):
    """The ``miniwob`` package, or a task's page in it, cannot be found."""


class UnknownTaskError(PagesNotFoundError):
    """A name that is not one of the MobileMiniWoB++ tasks (a path, a typo...)."""


def check_task_name(task: str) -> str:
    """``task`` itself when it is one of :data:`MOBILE_MINIWOB_TASKS`; otherwise
    :class:`UnknownTaskError`. A name is never used as a path before this check."""
    if task not in MOBILE_MINIWOB_TASKS:
        raise UnknownTaskError(
            f"unknown MiniWoB task {task[:80]!r}: the app shows only the "
            f"{len(MOBILE_MINIWOB_TASKS)} MobileMiniWoB++ task names"
        )
    return task


def pages_dir() -> Path:
    """The folder of task pages (``<task>.html``) inside the installed ``miniwob`` package.

    The package is found, not imported: importing it registers its gymnasium envs, a
    cost every command that lists the suite would pay for a folder's path.
    """
    spec = importlib.util.find_spec("miniwob")
    if spec is None or not spec.submodule_search_locations:
        raise PagesNotFoundError("the 'miniwob' package is not installed; run: pip install miniwob")
    folder = Path(next(iter(spec.submodule_search_locations))) / "html" / "miniwob"
    if not folder.is_dir():
        raise PagesNotFoundError(
            f"the installed miniwob package has no task pages at {folder}; "
            "reinstall it: pip install --force-reinstall miniwob"
        )
    return folder


def html_root() -> Path:
    """The ``html`` folder: task pages plus the ``core``/``common`` scripts they load."""
    return pages_dir().parent


@dataclass(frozen=True)
class PagePatch:
    """One change droidhub makes to a file of the miniwob package, so that a page behaves
    as in AndroidWorld's MiniWoB app on a phone: ``old`` (found exactly once) becomes
    ``new``; ``why`` says what it changes for an agent."""

    why: str
    old: str
    new: str


#: droidhub's patches to the package's files (path under ``html/``), applied wherever the
#: pages are served or copied (the virtual WebView app, the Android app's assets).
PAGE_PATCHES: dict[str, tuple[PagePatch, ...]] = {
    "core/core.js": (
        PagePatch(
            why=(
                "after an episode the cover is blank and ignores taps, as in AW's app; "
                "upstream shows START, and a tap on it begins a new problem no seed chose"
            ),
            old=(
                "    core.cover_div.innerHTML = 'START';\n"
                "    core.cover_div.onclick = function () {\n"
                "      core.startEpisodeReal();\n"
                "    };\n"
            ),
            new="    core.cover_div.innerHTML = '';\n",
        ),
    ),
}


def patched(relative: str, data: bytes) -> bytes:
    """``data`` of the package file at ``relative`` (under ``html/``) with droidhub's
    patches applied; a patch whose text the file no longer holds raises
    :class:`PagesNotFoundError` naming the file."""
    patches = PAGE_PATCHES.get(relative)
    if not patches:
        return data
    text = data.decode("utf-8")
    for patch in patches:
        if text.count(patch.old) != 1:
            raise PagesNotFoundError(
                f"cannot patch {relative}: the miniwob package's copy no longer holds the "
                f"text to change ({patch.why}); install the miniwob version droidhub-miniwob names"
            )
        text = text.replace(patch.old, patch.new)
    return text.encode("utf-8")


#: Pages MobileMiniWoB++ serves that the miniwob package does not ship, each built from
#: one it does: the source task and the text replacements, in order. AndroidWorld's
#: drag-item.html is drag-circle.html, byte for byte, under a title of its own.
BUILT_PAGES: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "drag-item": (
        "drag-circle",
        (("<title>Drag Circle Task</title>", "<title>Drag Item Task</title>"),),
    ),
}


def built_page(folder: Path, task: str) -> bytes | None:
    """The page of ``task`` built from its source in ``folder`` (see :data:`BUILT_PAGES`);
    None when ``task`` is not built or its source is missing. A replacement that no longer
    finds its text (a changed package) raises :class:`PagesNotFoundError`."""
    if task not in BUILT_PAGES:
        return None
    source, replacements = BUILT_PAGES[task]
    path = folder / f"{source}.html"
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    for old, new in replacements:
        if old not in text:
            raise PagesNotFoundError(
                f"cannot build {task}.html: {path} no longer holds {old!r}; "
                "install the miniwob version droidhub-miniwob names"
            )
        text = text.replace(old, new, 1)
    return text.encode("utf-8")


def page_path(task: str) -> Path:
    """The page of catalogue task ``task``; a clear error if the package does not ship it
    (a page in :data:`BUILT_PAGES` has no file: see :func:`built_page`)."""
    path = pages_dir() / f"{check_task_name(task)}.html"
    if not path.is_file():
        raise PagesNotFoundError(f"MiniWoB task {task!r} has no page {path.name} in {path.parent}")
    return path


def unavailable_reasons(names: tuple[str, ...]) -> dict[str, str]:
    """For the names whose page the installed package lacks, why they cannot run."""
    try:
        folder = pages_dir()
    except PagesNotFoundError as exc:
        return {name: str(exc) for name in names}
    return {
        name: f"not shipped by the installed miniwob package (no {name}.html)"
        for name in names
        if not (folder / f"{name}.html").is_file()
        and not (folder / f"{BUILT_PAGES.get(name, ('', ()))[0]}.html").is_file()
    }
