"""Simple Gallery Pro on the view engine: the folders holding media, a folder's media,
one medium in the viewer, its Copy to / Move to folder picker and its delete dialog,
drawn from the real files of the phone's shared storage.

The layouts are :mod:`.layouts`; this module keeps the app's state (the open folder
and medium, what shows over the screen) and reads the folders on every build.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub.virtual.views import MenuItem, ViewApp, Window, popup_menu
from droidhub_aw_apps.common import app_files, storage
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.themes import SIMPLE_MOBILE_TOOLS
from droidhub_aw_apps.gallery import layouts
from droidhub_aw_apps.gallery.layouts import Folder, Medium
from droidhub_aw_apps.gallery.model import APPS

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone
    from droidhub.virtual.views import View

MEDIA_SUFFIXES = (".jpg", ".jpeg", ".png", ".gif", ".webp", ".mp4", ".svg")
#: The viewer's overflow: menu_viewpager's items, in its order, that
#: ViewPagerActivity.refreshMenuItems leaves visible for a picture with the default
#: bottom actions and all-files access (AndroidWorld grants it), past the two shown as
#: actions.
VIEWER_OVERFLOW = (
    "Rename", "Hide", "Copy to", "Move to", "Create shortcut", "Open with", "Set as",
    "Change orientation", "Print", "Resize", "Show on map", "Slideshow", "Settings",
)  # fmt: skip
#: Where a toolbar's overflow drops from (its end, under the status bar).
TOOLBAR_ANCHOR = (0, 118, 1080, 265)


def _media(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    found = [f for f in folder.iterdir() if f.is_file() and f.suffix.lower() in MEDIA_SUFFIXES]
    return sorted(found, key=lambda f: f.stat().st_mtime, reverse=True)  # newest first


@model_of(APPS[0])
class SimpleGalleryApp(ViewApp):
    """Simple Gallery Pro over shared storage."""

    theme = SIMPLE_MOBILE_TOOLS

    # AndroidWorld pins the APK with versionCode 396; the model reports that code.
    version_name = "396"

    def __init__(self) -> None:
        super().__init__()
        self.folder = ""
        self.medium = ""
        #: What shows over the screen: "", "overflow", "copy", "move" or "delete".
        self.overlay = ""
        #: Whether the folder picker's Show hidden button was tapped (the folders shown
        #: are the same: the phone's shared storage holds no hidden ones).
        self.hidden_shown = False

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the folders."""
        super().on_start(phone, intent)
        self.folder = self.medium = self.overlay = ""

    # --- storage ----------------------------------------------------------------------
    @staticmethod
    def _folders(phone: VirtualPhone, with_media: bool) -> list[Folder]:
        root = phone.host_path(storage.SDCARD)
        found = []
        for path in sorted(root.iterdir(), key=lambda p: p.name.lower()):
            if not path.is_dir() or path.name == "Android":
                continue
            media = _media(path)
            if media or not with_media:
                found.append(Folder(path.name, len(media), media[0] if media else None))
        return found

    def _path(self, phone: VirtualPhone, *parts: str) -> Path:
        return phone.host_path("/".join((storage.SDCARD, *parts)))

    # --- actions --------------------------------------------------------------------
    def _set(self, **changes: str) -> None:
        for name, value in changes.items():
            setattr(self, name, value)

    def _open(self, folder: str = "", medium: str = "") -> None:
        self.folder, self.medium, self.overlay = folder, medium, ""
        self.reset_view_state()

    def _pick(self, phone: VirtualPhone, target: Folder) -> None:
        """Copy or move the open medium into ``target``."""
        source = self._path(phone, self.folder, self.medium)
        destination = self._path(phone, target.name, self.medium)
        if self.overlay == "copy":
            app_files.copy(phone, source, destination)
            self.overlay = ""
        else:
            app_files.move(phone, source, destination)
            self._open(self.folder)

    def _delete(self, phone: VirtualPhone) -> None:
        app_files.remove(phone, self._path(phone, self.folder, self.medium))
        self._open(self.folder)

    def _choose(self, item: MenuItem) -> None:
        self.overlay = {"Copy to": "copy", "Move to": "move"}.get(item.title, "")
        self.hidden_shown = False

    def _set_hidden_shown(self) -> None:
        self.hidden_shown = True

    # --- the screens ----------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> Window:
        """The current screen, with what shows over it."""
        close = lambda: self._set(overlay="")  # noqa: E731
        overflow = lambda: self._set(overlay="overflow")  # noqa: E731
        settings = lambda: None  # noqa: E731
        content: View
        if self.medium:
            medium = Medium(self.medium, self._path(phone, self.folder, self.medium))
            content = layouts.activity_medium(
                medium,
                lambda: self._open(self.folder),
                overflow,
                lambda: self._set(overlay="delete"),
                settings,
            )
            window = Window(content, background="#FF000000", status_bar="#FF000000")
        else:
            if self.folder:
                media = [Medium(p.name, p) for p in _media(self._path(phone, self.folder))]
                content = layouts.activity_media(
                    self.folder,
                    media,
                    lambda m: self._open(self.folder, m.name),
                    overflow,
                    settings,
                )
            else:
                content = layouts.activity_main(
                    self._folders(phone, with_media=True),
                    lambda f: self._open(f.name),
                    overflow,
                    settings,
                )
            window = Window(content, background=sc.BACKGROUND, status_bar=sc.BACKGROUND)
        window.on_cancel = close
        if self.overlay == "overflow":
            titles = VIEWER_OVERFLOW if self.medium else ("Sort by",)
            window.dialog = popup_menu([MenuItem("", t) for t in titles], self._choose)
            window.popup_anchor = TOOLBAR_ANCHOR
        elif self.overlay in ("copy", "move"):
            folders = self._folders(phone, with_media=False)
            show_hidden = None if self.hidden_shown else self._set_hidden_shown
            window.dialog = layouts.directory_picker(
                folders, lambda f: self._pick(phone, f), show_hidden, close
            )
        elif self.overlay == "delete":
            window.dialog = layouts.delete_dialog(lambda: self._delete(phone), close)
        return window

    def on_back(self, phone: VirtualPhone) -> bool:
        """Back leaves the viewer for the folder, the folder for the folders."""
        del phone
        if self.medium:
            self._open(self.folder)
        elif self.folder:
            self._open()
        else:
            return False
        return True


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Gallery Pro model."""
    return [SimpleGalleryApp()]
