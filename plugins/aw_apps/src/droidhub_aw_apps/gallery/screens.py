"""Simple Gallery Pro on the virtual phone: the folders that hold media, a folder's
pictures, and a picture's copy-to action.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

from droidhub.virtual.appmodel import PIXEL_6, Intent, Screen, VirtualApp
from droidhub_aw_apps.common import storage
from droidhub_aw_apps.common.hierarchy import Node, hit, render
from droidhub_aw_apps.common.themes import SIMPLE_MOBILE_TOOLS
from droidhub_aw_apps.gallery.model import ACTIVITY, PACKAGE

if TYPE_CHECKING:
    from droidhub.virtual.appmodel import VirtualPhone


_MEDIA = (".jpg", ".jpeg", ".png", ".gif", ".webp", ".mp4", ".svg")


class SimpleGalleryApp(VirtualApp):
    """Simple Gallery Pro over shared storage: the folders holding media, a folder's
    media, one medium in the viewer, and its ``More options`` menu whose ``Copy to``
    and ``Move to`` open a folder picker; picking a folder copies or moves the file."""

    theme = SIMPLE_MOBILE_TOOLS

    package = PACKAGE
    label = "Gallery"
    activity = ACTIVITY
    # AndroidWorld pins the APK with versionCode 396; the model reports that code.
    version_name = "396"

    def __init__(self) -> None:
        self.folder = ""
        self.medium = ""
        self.menu = False
        self.picking = ""

    def on_start(self, phone: VirtualPhone, intent: Intent) -> None:
        """A launch shows the folders."""
        self.folder = self.medium = self.picking = ""
        self.menu = False

    @staticmethod
    def _folders(phone: VirtualPhone, with_media: bool) -> list[str]:
        root = phone.host_path(storage.SDCARD)
        names = []
        for path in sorted(root.iterdir(), key=lambda p: p.name.lower()):
            if not path.is_dir() or path.name == "Android":
                continue
            if not with_media or any(f.suffix.lower() in _MEDIA for f in path.iterdir()):
                names.append(path.name)
        return names

    def _nodes(self, phone: VirtualPhone) -> list[Node]:
        if self.picking:
            names = self._folders(phone, with_media=False)
            return [
                Node("android.widget.TextView", text="Select a folder", bounds=(48, 120, 1000, 240))
            ] + [_row(name, i) for i, name in enumerate(names)]
        if self.medium:
            nodes = [
                Node("android.widget.TextView", text=self.medium, bounds=(48, 120, 860, 240)),
                Node(
                    "android.widget.ImageView",
                    content_desc=self.medium,
                    bounds=(0, 300, PIXEL_6.width, 2000),
                ),
                Node(
                    "android.widget.ImageButton",
                    content_desc="More options",
                    bounds=(940, 120, 1060, 240),
                    clickable=True,
                ),
            ]
            if self.menu:
                for i, item in enumerate(("Copy to", "Move to", "Rename", "Properties")):
                    top = 260 + i * 130
                    nodes.append(
                        Node(
                            "android.widget.TextView",
                            text=item,
                            bounds=(560, top, 1060, top + 130),
                            clickable=True,
                        )
                    )
            return nodes
        if self.folder:
            host = phone.host_path(f"{storage.SDCARD}/{self.folder}")
            files = sorted(f.name for f in host.iterdir() if f.suffix.lower() in _MEDIA)
            nodes = [Node("android.widget.TextView", text=self.folder, bounds=(48, 120, 1000, 240))]
            for i, name in enumerate(files[:18]):
                left, top = (i % 3) * 360, 300 + (i // 3) * 360
                nodes.append(
                    Node(
                        "android.widget.ImageView",
                        content_desc=name,
                        resource_id=f"{PACKAGE}:id/medium_thumbnail",
                        bounds=(left, top, left + 360, top + 360),
                        clickable=True,
                    )
                )
            return nodes
        names = self._folders(phone, with_media=True)
        title = Node("android.widget.TextView", text="Gallery", bounds=(48, 120, 1000, 240))
        return [title] + [_row(name, i) for i, name in enumerate(names)]

    def screen(self, phone: VirtualPhone) -> Screen:
        """The current screen, drawn from shared storage."""
        return Screen(hierarchy=render(PACKAGE, self._nodes(phone)))

    def on_tap(self, phone: VirtualPhone, x: int, y: int) -> None:
        """Open folders and media, use the menu, pick a destination."""
        node = hit(self._nodes(phone), x, y)
        if node is None:
            return
        if self.picking:
            if node.resource_id.endswith("dir_holder"):
                source = phone.host_path(f"{storage.SDCARD}/{self.folder}/{self.medium}")
                target = phone.host_path(f"{storage.SDCARD}/{node.text}/{self.medium}")
                if self.picking == "Copy to":
                    shutil.copyfile(source, target)
                else:
                    shutil.move(source, target)
                    self.medium = ""
                self.picking = ""
        elif self.medium:
            if node.content_desc == "More options":
                self.menu = not self.menu
            elif self.menu and node.text in ("Copy to", "Move to"):
                self.picking, self.menu = node.text, False
            else:
                self.menu = False
        elif self.folder:
            if node.resource_id.endswith("medium_thumbnail"):
                self.medium = node.content_desc
        elif node.resource_id.endswith("dir_holder"):
            self.folder = node.text


def _row(name: str, index: int) -> Node:
    return Node(
        "android.widget.TextView",
        text=name,
        resource_id=f"{PACKAGE}:id/dir_holder",
        bounds=(0, 300 + index * 150, PIXEL_6.width, 450 + index * 150),
        clickable=True,
    )


def virtual_apps() -> list[VirtualApp]:
    """A fresh Simple Gallery Pro model."""
    return [SimpleGalleryApp()]
