"""Audio Recorder on the view engine: the main screen that records, the rename dialog
that stopping opens, the record's menu, the records list and the settings' top.

The layouts are :mod:`.layouts`; this module keeps the recorder's state. A tap on
``btn_record`` starts a recording (``Record-<n>.m4a`` appears in the records folder,
empty until it stops), a second one pauses it and a third resumes it;
``btn_record_stop`` finishes the file and, as the app asks by default after a
recording, opens the rename dialog with the name (no extension) and the cursor at its
end; Save renames the file to ``<typed name>.m4a``. ``btn_record_delete`` drops the
recording. Ctrl+A selects the dialog's whole name, which typing or DEL then replaces.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub.virtual.views import MenuItem, ViewApp, Window, popup_menu
from droidhub.virtual.views.keyboard import Keyboard
from droidhub_aw_apps.audio_recorder import layouts, pages
from droidhub_aw_apps.audio_recorder.model import APPS, RECORDS, m4a_bytes
from droidhub_aw_apps.common import app_files
from droidhub_aw_apps.common.app_identity import model_of

if TYPE_CHECKING:
    from pathlib import Path

    from droidhub.virtual.appmodel import VirtualPhone

#: ``input keycombination``'s Ctrl+A, by name and by code.
SELECT_ALL = ({"KEYCODE_CTRL_LEFT", "KEYCODE_A"}, {"113", "29"})
#: How many bytes of ``m4a_bytes`` make a second (for the lists' durations).
BYTES_A_SECOND = 1600


@model_of(APPS[0])
class AudioRecorderApp(ViewApp):
    """Audio Recorder: record, pause, stop and name; the records list; settings."""

    # AndroidWorld pins the APK with versionCode 926; the model reports that code.
    version_name = "926"

    def __init__(self) -> None:
        super().__init__()
        #: "idle", "recording" or "paused".
        self.mode = "idle"
        self.started: dt.datetime | None = None
        self.elapsed = 0.0
        #: The record being made or last made (its file's name, no extension).
        self.active = ""
        self.active_seconds = 0
        #: What shows: "main", "records" or "settings"; over main "rename" or "menu".
        self.screen_name = "main"
        self.overlay = ""
        self.name = ""
        self.name_all_selected = False
        self.checkbox_shown = False
        self.ask_to_rename = True

    def install(self, phone: VirtualPhone) -> None:
        """The records folder the app makes at its first start (AndroidWorld's one-time
        set-up launches it once, so every AndroidWorld phone has it)."""
        phone.make_folders(phone.host_path(RECORDS))

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A fresh start shows the recorder with the newest record, if any."""
        super().on_start(phone, intent)
        self.mode, self.screen_name, self.overlay = "idle", "main", ""
        newest = self._records(phone)
        self.active = newest[0].name if newest else ""
        self.active_seconds = newest[0].seconds if newest else 0

    # --- the records folder ------------------------------------------------------------
    def _folder(self, phone: VirtualPhone) -> Path:
        folder = phone.host_path(RECORDS)
        phone.make_folders(folder)
        return folder

    def _records(self, phone: VirtualPhone) -> list[layouts.Recording]:
        """The folder's records, newest first."""
        files = [p for p in self._folder(phone).iterdir() if p.is_file()]
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        return [layouts.Recording(p.stem, p.stat().st_size // BYTES_A_SECOND) for p in files]

    def _file(self, phone: VirtualPhone, name: str) -> Path:
        return self._folder(phone) / f"{name}.m4a"

    # --- recording ---------------------------------------------------------------------
    def _record(self, phone: VirtualPhone) -> None:
        """Start, pause or resume."""
        if self.mode == "idle":
            n = 1
            while self._file(phone, f"Record-{n}").exists():
                n += 1
            self.active = f"Record-{n}"
            app_files.write(phone, self._file(phone, self.active), b"")
            self.mode, self.started, self.elapsed = "recording", phone.now(), 0.0
        elif self.mode == "recording":
            self.elapsed += self._running(phone)
            self.mode, self.started = "paused", None
        else:
            self.mode, self.started = "recording", phone.now()

    def _running(self, phone: VirtualPhone) -> float:
        if self.started is None:
            return 0.0
        return max(0.0, (phone.now() - self.started).total_seconds())

    def _stop(self, phone: VirtualPhone) -> None:
        """Finish the file; ask for its name."""
        self.active_seconds = max(1, round(self.elapsed + self._running(phone)))
        app_files.write(phone, self._file(phone, self.active), m4a_bytes(self.active_seconds))
        self.mode, self.started = "idle", None
        if self.ask_to_rename:
            self._open_rename(checkbox=True)

    def _delete(self, phone: VirtualPhone) -> None:
        """Drop the recording being made."""
        self._file(phone, self.active).unlink(missing_ok=True)
        self.mode, self.started = "idle", None
        newest = self._records(phone)
        self.active = newest[0].name if newest else ""

    # --- the rename dialog ---------------------------------------------------------------
    def _open_rename(self, checkbox: bool) -> None:
        self.overlay, self.name, self.checkbox_shown = "rename", self.active, checkbox
        self.name_all_selected = False
        self.view_state.focus = "input_name"
        self.view_state.keyboard = Keyboard()  # SOFT_INPUT_STATE_VISIBLE

    def _type(self, text: str) -> None:
        if self.name_all_selected:
            text = text[len(self.name) :] if text.startswith(self.name) else ""
            self.name_all_selected = False
        self.name = text[:50]  # MAX_RECORD_NAME_LENGTH

    def _save_name(self, phone: VirtualPhone) -> None:
        name = self.name.strip()
        if name and name.lower() != self.active.lower():
            source, target = self._file(phone, self.active), self._file(phone, name)
            if source.exists() and not target.exists():
                source.rename(target)
                self.active = name
        self._close()

    def _close(self) -> None:
        self.overlay = ""
        self.view_state.focus = ""
        self.view_state.keyboard = None

    def _choose(self, item: MenuItem) -> None:
        self._close()
        if item.id == "menu_rename" and self.active:
            self._open_rename(checkbox=False)

    # --- the screens ---------------------------------------------------------------------
    def _go(self, screen: str) -> None:
        self._close()
        self.screen_name = screen
        self.reset_view_state()

    def _toggle_ask(self) -> None:
        self.ask_to_rename = not self.ask_to_rename

    def build(self, phone: VirtualPhone) -> Window:
        """The screen showing, with the dialog or menu over the main one."""
        back = lambda: self._go("main")  # noqa: E731
        if self.screen_name == "records":
            content = pages.activity_records(self._records(phone), back)
            return Window(content, background=layouts.BACKGROUND, status_bar=layouts.PRIMARY_DARK)
        if self.screen_name == "settings":
            content = pages.activity_settings(self.ask_to_rename, self._toggle_ask, back)
            return Window(content, background=layouts.BACKGROUND, status_bar=layouts.PRIMARY_DARK)
        shown_seconds = (
            round(self.elapsed + self._running(phone))
            if self.mode != "idle"
            else self.active_seconds
        )
        record = layouts.Recording(self.active, self.active_seconds) if self.active else None
        state = layouts.MainState(self.mode, record, layouts.Recording("", shown_seconds).duration)
        actions = layouts.MainActions(
            record=lambda: self._record(phone),
            stop=lambda: self._stop(phone),
            delete=lambda: self._delete(phone),
            more=lambda: setattr(self, "overlay", "menu") if self.active else None,
            records=lambda: self._go("records"),
            settings=lambda: self._go("settings"),
        )
        window = Window(
            layouts.activity_main(state, actions),
            background=layouts.BACKGROUND,
            status_bar=layouts.PRIMARY_DARK,
        )
        window.on_cancel = self._close
        if self.overlay == "rename":
            window.dialog = layouts.dialog_rename(
                self.name,
                self.checkbox_shown,
                not self.ask_to_rename,
                self._type,
                self._toggle_ask,
                self._close,
                lambda: self._save_name(phone),
            )
        elif self.overlay == "menu":
            items = [MenuItem(id, title) for id, title in layouts.MENU_MORE]
            window.dialog = popup_menu(items, self._choose)
            window.popup_anchor = (904, 136, 1046, 278)
        return window

    def on_key_combination(self, phone: VirtualPhone, keycodes: list[str]) -> None:
        """Ctrl+A selects the dialog's whole name."""
        if self.overlay == "rename" and set(keycodes) in SELECT_ALL:
            self.name_all_selected = True

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK from the records or the settings shows the recorder."""
        del phone
        if self.screen_name != "main":
            self._go("main")
            return True
        return False


def virtual_apps() -> list[VirtualApp]:
    """A fresh Audio Recorder model."""
    return [AudioRecorderApp()]
