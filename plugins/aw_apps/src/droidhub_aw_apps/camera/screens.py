"""The Camera app (AOSP Camera2) on the view engine, declared from its layouts at
Android 13/14 (``camera.xml``, ``sticky_bottom_capture_layout.xml``,
``bottom_bar_contents.xml``, ``mode_list_layout.xml``, ``mode_selector.xml``,
``viewfinder_labels_video.xml``):

``camera_app_root`` holds the viewfinder (``preview_content``, a TextureView, with
``focus_ring``, ``preview_overlay`` and ``face_view`` over it), ``module_layout``
(``video_module.xml``'s ``recording_time_rect``, a RotateLayout, > ``labels`` >
``recording_time``, shown while recording), ``sticky_bottom_capture_layout`` >
``mode_options_overlay`` (its ``mode_options_toggle``, "Options", with
``three_dots``: a tap there would open the mode options, which droidhub does not
draw) and ``bottom_bar`` > ``bottombar_capture`` > ``shutter_button`` ("Shutter", a
ShutterButton: an ImageView), and ``mode_list_layout``, the mode drawer that a swipe
to the right over the viewfinder opens: ``mode_list`` of ModeSelectorItems (each a
``selector_icon``, a ModeIconView, and its ``selector_text``: Camera, Video) and
``settings_button``.

A tap on the shutter saves a photo to ``/sdcard/Pictures``; in video mode the first
tap starts recording and the second saves a video to ``/sdcard/Movies``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from droidhub.virtual import views
from droidhub.virtual.appmodel import Intent, VirtualApp
from droidhub_aw_apps.camera.model import (
    APPS,
    PHOTOS,
    VIDEOS,
    jpeg_bytes,
    mp4_bytes,
)
from droidhub_aw_apps.common import app_files
from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.styles import COLUMN, FILL

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone

#: The modes the drawer lists on a phone without Google's extra modules.
MODES = (("Camera", "photo_camera"), ("Video", "videocam"))
#: A horizontal drag longer than this (px) opens the drawer, as a fling would.
SWIPE_PX = 100
#: The bottom bar's height (dp): the mode options overlay ends where it begins.
BOTTOM_BAR_DP = 128


class ShutterButton(views.ImageView):
    """``com.android.camera.ShutterButton``: an ImageView, clickable: a white disc
    (red while it records) with the mode's icon."""

    def __init__(self, video: bool, recording: bool, on_click: Callable[[], object]) -> None:
        super().__init__(
            "shutter_button", "stop" if recording else ("videocam" if video else "photo_camera"),
            content_desc="Shutter", tint="#FFFFFFFF" if recording else "#FF616161",
            icon_size=32, width=72, height=72, layout_gravity=views.Gravity.CENTER,
            background="#FFE53935" if recording else "#FFFFFFFF", corner_radius=36,
            clickable=True, focusable=True, on_click=on_click,
        )  # fmt: skip


class ModeIconView(views.ImageView):
    """``com.android.camera.ui.ModeIconView``: it draws its icon itself, a plain View
    (``android.view.View``) to accessibility."""

    class_name: ClassVar[str] = "android.view.View"


class ModeSelectorItem(views.FrameLayout):
    """A row of the mode drawer (a FrameLayout)."""

    class_name: ClassVar[str] = "android.widget.FrameLayout"


@model_of(APPS[0])
class CameraApp(views.ViewApp):
    """The camera: the shutter, and photo or video mode chosen in the mode drawer."""

    def __init__(self) -> None:
        super().__init__()
        self.video_mode = False
        self.recording = False
        self.drawer = False
        self.shots = 0
        self._phone: VirtualPhone | None = None

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A fresh start shows photo mode."""
        super().on_start(phone, intent)
        self.video_mode = self.recording = self.drawer = False

    # --- screens -------------------------------------------------------------------------
    def build(self, phone: VirtualPhone) -> views.Window:
        """The viewfinder, the bottom bar and, when open, the mode drawer."""
        self._phone = phone
        labels = views.LinearLayout(
            "labels",
            views.TextView("recording_time", "00:00", text_size=16, text_color="#FFFFFFFF",
                           visibility=views.VISIBLE if self.recording else "gone"),
            orientation=views.VERTICAL,
            layout_gravity=views.Gravity.TOP | views.Gravity.CENTER_HORIZONTAL,
            margin=(0, 24, 0, 0),
        )  # fmt: skip
        bottom = views.FrameLayout(
            "sticky_bottom_capture_layout",
            _mode_options_overlay(),
            views.FrameLayout(
                "bottom_bar",
                views.FrameLayout(
                    "bottombar_capture",
                    ShutterButton(self.video_mode, self.recording, self._shutter),
                    **FILL,
                ),
                width=views.MATCH_PARENT, height=BOTTOM_BAR_DP, background="#99000000",
                layout_gravity=views.Gravity.BOTTOM,
            ),
            **FILL,
        )  # fmt: skip
        root = views.FrameLayout(
            "camera_app_root",
            views.View("preview_content", **FILL, background="#FF37474F"),
            views.View("focus_ring", **FILL),
            views.View("preview_overlay", **FILL),
            views.View("face_view", **FILL),
            views.FrameLayout("module_layout", views.ViewGroupFrame("recording_time_rect", labels),
                              **FILL),
            bottom, self._drawer(),
            **FILL,
        )  # fmt: skip
        return views.Window(root, background="#FF000000", status_bar="#FF000000")

    def _drawer(self) -> views.View:
        """``mode_list_layout``: invisible until a swipe opens it."""
        rows: list[views.View] = []
        for title, icon in MODES:
            video = title == "Video"
            selected = video == self.video_mode
            rows.append(
                ModeSelectorItem(
                    "",
                    views.LinearLayout(
                        "",
                        ModeIconView("selector_icon", icon, tint="#FFFFFFFF", width=48,
                                        height=48,
                                        padding=12, background="#FF26A69A" if selected else None,
                                        corner_radius=24),
                        views.TextView("selector_text", title, text_size=18, text_color="#FFFFFFFF",
                                       margin=(16, 0, 0, 0),
                                       layout_gravity=views.Gravity.CENTER_VERTICAL),
                        padding=(16, 8, 16, 8),
                    ),
                    width=views.MATCH_PARENT,
                    on_click=functools.partial(self._choose, video),
                )
            )  # fmt: skip
        panel = views.LinearLayout(
            "mode_list", *rows, **COLUMN,
            height=views.MATCH_PARENT, background="#E6263238", padding=(0, 24, 0, 0),
        )  # fmt: skip
        settings = views.ImageView(
            "settings_button", "settings", content_desc="Settings", tint="#FFFFFFFF",
            width=48, height=48, padding=12, clickable=True,
            layout_gravity=views.Gravity.BOTTOM | views.Gravity.END, margin=(0, 0, 16, 16),
        )  # fmt: skip
        return views.FrameLayout(
            "mode_list_layout", panel, settings, width=280, height=views.MATCH_PARENT,
            visibility=views.VISIBLE if self.drawer else views.INVISIBLE,
        )  # fmt: skip

    # --- input ---------------------------------------------------------------------------
    def on_swipe(
        self, phone: VirtualPhone, x1: int, y1: int, x2: int, y2: int, duration_ms: int
    ) -> None:
        """A drag to the right opens the mode drawer; to the left closes it."""
        if abs(x2 - x1) > SWIPE_PX and abs(x2 - x1) > abs(y2 - y1):
            if not self.recording:
                self.drawer = x2 > x1
            return
        super().on_swipe(phone, x1, y1, x2, y2, duration_ms)

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """A tap beside the open drawer closes it; else as the engine routes it."""
        window = self._window(phone)
        drawer = window.content.find("mode_list_layout")
        if self.drawer and drawer is not None and not drawer.contains(x, y):
            self.drawer = False
            return
        super().on_tap(phone, x, y)

    def on_back(self, phone: VirtualPhone) -> bool:
        """BACK closes the drawer."""
        if self.drawer:
            self.drawer = False
            return True
        return False

    def _choose(self, video: bool) -> None:
        self.video_mode, self.drawer = video, False

    def _shutter(self) -> None:
        phone = self._phone
        if phone is None:
            return
        stamp = phone.now().strftime("%Y%m%d_%H%M%S")
        self.shots += 1
        if not self.video_mode:
            app_files.write(
                phone, phone.host_path(f"{PHOTOS}/IMG_{stamp}_{self.shots}.jpg"), jpeg_bytes()
            )
        elif not self.recording:
            self.recording = True
        else:
            self.recording = False
            app_files.write(
                phone, phone.host_path(f"{VIDEOS}/VID_{stamp}_{self.shots}.mp4"), mp4_bytes()
            )


def _mode_options_overlay() -> views.View:
    """``mode_options_overlay.xml`` over the viewfinder, above the bottom bar: the mode
    options stay INVISIBLE until the toggle is tapped, and of the toggle's indicators
    only ``three_dots`` shows (the others are GONE while their setting is off)."""
    toggle = views.LinearLayout(
        "mode_options_toggle",
        views.ImageView("three_dots", "more_vert", content_desc="Options", tint="#FFFFFFFF",
                        width=24, height=24),
        content_desc="Options", padding=12, margin=12, clickable=True,
        layout_gravity=views.Gravity.BOTTOM | views.Gravity.END,
    )  # fmt: skip
    return views.FrameLayout(
        "mode_options_overlay", toggle, width=views.MATCH_PARENT, height=views.MATCH_PARENT,
        margin=(0, 0, 0, BOTTOM_BAR_DP),
    )  # fmt: skip


def virtual_apps() -> list[VirtualApp]:
    """A fresh camera model."""
    return [CameraApp()]
