"""Simple Gallery Pro's layout files (6.28.1, versionCode 396) as view trees.

Each function is one file of the app's ``res/layout`` (Simple-Commons at
9e60e24790 for the shared pieces, :mod:`droidhub_aw_apps.common.simple_commons`),
with its ids, view classes and nesting and the English strings; the data comes in as
plain values and the actions as callables, bound by :mod:`.screens`.

Facts from the sources: folders are ``directory_item_grid_square`` cells of
``directories_grid`` in 2 columns (``directory_columns_vertical_scroll``), media are
``photo_item_grid`` cells of ``media_grid`` in 3 (``media_columns_vertical_scroll``);
a thumbnail is a ``MySquareImageView`` (an ImageView as tall as it is wide) showing
the file centre-cropped; a folder's name and count sit at its bottom over a shadow.
The viewer (``activity_medium``) shows the picture (``pager_photo_item``'s
``photo_holder`` > ``gestures_view``) on black under ``top_shadow`` and
``medium_viewer_toolbar`` (the file's name) and above ``bottom_actions``, whose
default buttons are favourite, edit, share and delete (``DEFAULT_BOTTOM_ACTIONS``);
the other buttons, the brightness slider, the instant-switch strips and the slide
info stay hidden with the default settings. Copy to and Move to are in the toolbar's
overflow and open ``dialog_directory_picker`` ("Select destination", its
``folder_search_view`` with the toolbar invisible, OK and Cancel). ``medium_name`` is
GONE by default (``displayFileNames`` is false); droidhub puts the file's name in the
thumbnail's content description, which the real app leaves empty, so that the
solvers of other apps' tasks can find a picture by its name (a known difference).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Unpack

import numpy as np
import skia
from PIL import Image

from droidhub.virtual import views
from droidhub.virtual.views.measure import MeasureSpec
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action, Attributes
from droidhub_aw_apps.common import simple_commons as sc
from droidhub_aw_apps.common.styles import COLUMN, FILL

DIRECTORY_COLUMNS, MEDIA_COLUMNS = 2, 3
DELETE_ONE = "Are you sure you want to delete 1 item?"
VIEWER_BACKGROUND = "#FF000000"
GRADIENT_GREY = "#CC000000"  # gradient_grey_start (Simple-Commons)
TRANSPARENT = "#00000000"
TMB_SHADOW_HEIGHT = 70  # tmb_shadow_height
BOTTOM_ACTIONS_HEIGHT = 64  # bottom_actions_height
#: ``top_shadow``'s height as ViewPagerActivity sets it: the status bar's and the action
#: bar's (the viewer's content starts under the status bar here, so the action bar's).
TOP_SHADOW_HEIGHT = 56
SEARCH_FOLDERS = "Search folders"
SELECT_DESTINATION = "Select destination"


@dataclass(frozen=True)
class Folder:
    """A folder of the grid: its name, how many media it holds, its newest picture."""

    name: str
    count: int
    cover: Path | None


@dataclass(frozen=True)
class Medium:
    """A picture or video of a folder."""

    name: str
    path: Path


@functools.lru_cache(maxsize=64)
def _decoded(path: str, mtime: float, size: int) -> skia.Image | None:
    """``path`` decoded, centre-cropped square and scaled to ``size`` px (remembered
    while the file stays the same)."""
    del mtime
    try:
        with Image.open(path) as picture:
            rgba = picture.convert("RGBA")
            side = min(picture.size)
            left, top = (picture.width - side) // 2, (picture.height - side) // 2
            square = rgba.crop((left, top, left + side, top + side)).resize((size, size))
    except (OSError, ValueError):
        return None
    return skia.Image.fromarray(np.asarray(square), colorType=skia.kRGBA_8888_ColorType)


@functools.lru_cache(maxsize=8)
def _fitted(path: str, mtime: float, width: int, height: int) -> tuple[skia.Image, int, int] | None:
    """``path`` scaled to fit ``width`` x ``height`` whole; its size."""
    del mtime
    try:
        with Image.open(path) as picture:
            rgba = picture.convert("RGBA")
            scale = min(width / picture.width, height / picture.height)
            size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
            fitted = rgba.resize(size)
    except (OSError, ValueError):
        return None
    image = skia.Image.fromarray(np.asarray(fitted), colorType=skia.kRGBA_8888_ColorType)
    return image, size[0], size[1]


def _draw_image(painter: Painter, image: skia.Image, box: tuple[int, int, int, int]) -> None:
    painter.canvas.drawImageRect(image, skia.Rect(*box))
    if painter.light < 1:  # under a dialog's scrim
        painter.surface(box, f"#{round(255 * (1 - painter.light)):02X}000000")


class SquareImageView(views.ImageView):
    """``MySquareImageView``: as tall as it is wide, the file centre-cropped in it."""

    def __init__(self, id: str, path: Path | None, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, **attributes)
        self.path = path

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """The width it is given, and as much height."""
        del height_spec
        width = width_spec.resolve(views.dp(100))
        return width, width

    def draw_content(self, painter: Painter) -> None:
        """The picture, or a grey square while none decodes."""
        size = self.right - self.left
        path = self.path
        image = None
        if path is not None and path.exists():
            image = _decoded(str(path), path.stat().st_mtime, size)
        if image is None:
            painter.surface(self.bounds, "#FF9E9E9E")
        else:
            _draw_image(painter, image, self.bounds)


class PhotoView(views.ImageView):
    """The viewer's picture: fitted whole into the screen, centred."""

    def __init__(self, id: str, path: Path, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, **attributes)
        self.path = path

    def draw_content(self, painter: Painter) -> None:
        """The picture fitted into the view."""
        if not self.path.exists():
            return
        width, height = self.right - self.left, self.bottom - self.top
        fitted = _fitted(str(self.path), self.path.stat().st_mtime, width, height)
        if fitted is not None:
            image, w, h = fitted
            x, y = self.left + (width - w) // 2, self.top + (height - h) // 2
            _draw_image(painter, image, (x, y, x + w, y + h))


class GradientView(views.ImageView):
    """An ImageView whose background is a ``gradient_background`` shape:
    ``GRADIENT_GREY`` at its bottom fading to nothing at its top (``flipped``: from
    the top down, ``gradient_background_flipped``)."""

    def __init__(self, id: str, flipped: bool = False, **attributes: Unpack[Attributes]) -> None:
        super().__init__(id, **attributes)
        self.flipped = flipped

    def draw(self, painter: Painter) -> None:
        """The gradient over the view's bounds."""
        left, top, _, bottom = self.bounds
        ends = [skia.Point(left, bottom), skia.Point(left, top)]
        if self.flipped:
            ends.reverse()
        colours = [painter.rgb(GRADIENT_GREY), painter.rgb(TRANSPARENT)]
        paint = skia.Paint(Shader=skia.GradientShader.MakeLinear(ends, colours))
        painter.canvas.drawRect(skia.Rect(*self.bounds), paint)


class SquareCell(views.RelativeLayout):
    """A grid cell's holder: square, as its thumbnail is, so that what aligns with
    its bottom sits on the thumbnail's."""

    def on_measure(self, width_spec: MeasureSpec, height_spec: MeasureSpec) -> tuple[int, int]:
        """As tall as the width it is given."""
        del height_spec
        return super().on_measure(width_spec, MeasureSpec.exactly(width_spec.size))


class FrameRelative(views.FrameLayout):
    """A RelativeLayout whose children all fill it or sit at an edge: laid out as a
    FrameLayout, reported as ``android.widget.RelativeLayout``."""

    class_name: ClassVar[str] = "android.widget.RelativeLayout"


def directory_item(folder: Folder, on_click: Action) -> views.View:
    """``directory_item_grid_square.xml``: the cover, the name and count at its bottom
    over ``dir_shadow_holder``'s gradient."""
    white = "#FFFFFFFF"
    return SquareCell(
        "dir_holder",
        SquareImageView("dir_thumbnail", folder.cover, width=views.MATCH_PARENT),
        GradientView(
            "dir_shadow_holder",
            width=views.MATCH_PARENT,
            height=TMB_SHADOW_HEIGHT,
            rules=views.Rules(align_parent_bottom=True),
        ),
        views.LinearLayout(
            "dir_bottom_holder",
            views.TextView(
                "dir_name",
                folder.name,
                text_color=white,
                max_lines=1,
                text_size=14,
                padding=(0, 0, 0, sc.SMALL_MARGIN),
            ),
            views.TextView("photo_cnt", str(folder.count), text_color=white, text_size=14),
            **COLUMN,
            padding=(sc.MEDIUM_MARGIN, sc.SMALL_MARGIN, sc.MEDIUM_MARGIN, sc.SMALL_MARGIN),
            rules=views.Rules(align_parent_bottom=True),
        ),
        width=views.MATCH_PARENT,
        padding=1,
        on_click=on_click,
    )


def photo_item(medium: Medium, on_click: Action) -> views.View:
    """``photo_item_grid.xml``: the square thumbnail (``medium_name`` GONE)."""
    return SquareCell(
        "media_item_holder",
        SquareImageView(
            "medium_thumbnail", medium.path, width=views.MATCH_PARENT, content_desc=medium.name
        ),
        views.TextView("medium_name", medium.name, visibility=views.GONE),
        width=views.MATCH_PARENT,
        padding=1,
        on_click=on_click,
    )


def _grid_screen(
    root: str,
    menu_id: str,
    holder: str,
    fastscroller: str,
    grid: views.View,
    on_overflow: Action,
    on_settings: Action,
    hint: str,
) -> views.View:
    menu = (views.MenuItem("settings", sc.SETTINGS, "settings", on_settings),)
    overflow = (views.MenuItem("sort", "Sort by"),)
    return views.CoordinatorLayout(
        root,
        sc.my_search_menu(menu_id, hint, menu, overflow, on_overflow),
        views.RelativeLayout(
            holder,
            sc.SwipeRefreshLayout(
                holder.replace("holder", "refresh_layout"),
                views.ViewGroupFrame(fastscroller, grid, **FILL),
                **FILL,
            ),
            **FILL,
            margin=(0, 56, 0, 0),
        ),
        **FILL,
    )


def activity_main(
    folders: Sequence[Folder],
    on_folder: Callable[[Folder], object],
    on_overflow: Action,
    on_settings: Action,
) -> views.View:
    """``activity_main.xml``: the search menu over the folder grid."""
    grid = views.GridRecyclerView(
        "directories_grid",
        folders,
        lambda f: directory_item(f, lambda: on_folder(f)),
        DIRECTORY_COLUMNS,
    )
    return _grid_screen(
        "directories_coordinator",
        "main_menu",
        "directories_holder",
        "directories_fastscroller",
        grid,
        on_overflow,
        on_settings,
        "Search in folders",
    )


def activity_media(
    folder: str,
    media: Sequence[Medium],
    on_medium: Callable[[Medium], object],
    on_overflow: Action,
    on_settings: Action,
) -> views.View:
    """``activity_media.xml``: the search menu over the folder's media grid."""
    grid = views.GridRecyclerView(
        "media_grid", media, lambda m: photo_item(m, lambda: on_medium(m)), MEDIA_COLUMNS
    )
    return _grid_screen(
        "media_coordinator",
        "media_menu",
        "media_holder",
        "media_fastscroller",
        grid,
        on_overflow,
        on_settings,
        f"Search in {folder}",
    )


def activity_medium(
    medium: Medium,
    on_up: Action,
    on_overflow: Action,
    on_delete: Action,
    on_properties: Action,
) -> views.View:
    """``activity_medium.xml``: the picture on black, the toolbar, the bottom actions.

    ``menu_viewpager``'s items that ViewPagerActivity.refreshMenuItems leaves visible
    with the default bottom actions, of which a 411 dp wide toolbar has room for two
    (Rotate and Properties, the first ``ifRoom`` ones) beside the overflow."""
    white = "#FFFFFFFF"

    def action(id: str, desc: str, icon: str, on_click: Action | None = None) -> views.ImageView:
        return views.ImageView(
            id,
            icon,
            tint=white,
            content_desc=desc,
            width=0,
            weight=1,
            height=24 + 2 * sc.MEDIUM_MARGIN,
            on_click=on_click,
            clickable=True,
        )

    toolbar = sc.material_toolbar(
        "medium_viewer_toolbar",
        medium.name,
        on_up,
        (
            views.MenuItem("menu_rotate", "Rotate", "rotate_right"),
            views.MenuItem("menu_properties", "Properties", "info", on_properties),
        ),
        (views.MenuItem("menu_copy_to", "Copy to"),),
        on_overflow,
        background=None,
    )
    for view in toolbar.walk():  # white ink over the picture
        if isinstance(view, views.TextView):
            view.text_color = white
        if isinstance(view, views.ImageView | views.ActionMenuItemView):
            view.tint = white
    bottom = views.ViewGroupLinear(
        "bottom_actions",
        action("bottom_favorite", "Toggle favorite", "star"),
        action("bottom_edit", "Edit", "edit"),
        action("bottom_share", "Share", "share"),
        action("bottom_delete", "Delete", "delete", on_delete),
        width=views.MATCH_PARENT,
        height=BOTTOM_ACTIONS_HEIGHT,
        padding=(0, sc.MEDIUM_MARGIN, 0, 0),
        layout_gravity=views.Gravity.BOTTOM,
    )
    picture = FrameRelative(
        "photo_holder",
        PhotoView("gestures_view", medium.path, **FILL),
        **FILL,
    )
    return FrameRelative(
        "fragment_holder",
        views.ViewPager("view_pager", picture, **FILL),
        bottom,
        GradientView(
            "top_shadow", flipped=True, width=views.MATCH_PARENT, height=TOP_SHADOW_HEIGHT
        ),
        views.LinearLayout("medium_viewer_appbar", toolbar, **COLUMN),
        **FILL,
        background=VIEWER_BACKGROUND,
    )


def directory_picker(
    folders: Sequence[Folder],
    on_pick: Callable[[Folder], object],
    on_show_hidden: Action | None,
    on_cancel: Action,
) -> views.View:
    """``dialog_directory_picker.xml`` in PickDirectoryDialog's alert dialog: the
    search field (its toolbar invisible), the folders to pick from, and the Show
    hidden button while hidden folders are not shown (``on_show_hidden``)."""
    grid = views.GridRecyclerView(
        "directories_grid",
        folders,
        lambda f: directory_item(f, lambda: on_pick(f)),
        DIRECTORY_COLUMNS,
        height=420,
    )
    search = sc.my_search_menu("folder_search_view", SEARCH_FOLDERS, (), (), lambda: None)
    for view in search.walk():
        if view.id == "top_toolbar":  # PickDirectoryDialog.updateSearchViewUi
            view.visibility = views.INVISIBLE
    search.margin = (0, 0, 0, sc.MEDIUM_MARGIN)
    holder = views.RelativeLayout(
        "directories_grid_holder",
        search,
        views.ViewGroupFrame(
            "directories_fastscroller",
            grid,
            width=views.MATCH_PARENT,
            rules=views.Rules(below="folder_search_view"),
        ),
        width=views.MATCH_PARENT,
        padding=(0, sc.MEDIUM_MARGIN, 0, 0),
    )
    body = views.CoordinatorLayout("directories_holder", holder, width=views.MATCH_PARENT)
    if on_show_hidden is not None:
        body.add(sc.my_fab("directories_show_hidden", "visibility", on_show_hidden))
    return views.alert_dialog(
        SELECT_DESTINATION,
        "",
        positive=(sc.OK, lambda: None),
        negative=(sc.CANCEL, on_cancel),
        package_ids=True,
        custom=body,
    )


def delete_dialog(on_yes: Action, on_no: Action) -> views.View:
    """``dialog_delete_with_remember.xml`` in its alert dialog: Yes deletes."""
    body = views.LinearLayout(
        "delete_remember_holder",
        views.TextView(
            "delete_remember_title",
            DELETE_ONE,
            text_size=sc.BIGGER_TEXT,
            text_color=sc.TEXT,
            width=views.MATCH_PARENT,
        ),
        views.CheckBox("delete_remember_checkbox", "Do not ask again in this session"),
        **COLUMN,
        padding=(24, 20, 24, 0),
    )
    return views.alert_dialog(
        "", "", positive=(sc.YES, on_yes), negative=(sc.NO, on_no), package_ids=True, custom=body
    )
