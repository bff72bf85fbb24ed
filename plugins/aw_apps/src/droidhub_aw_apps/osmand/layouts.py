"""OsmAnd's screens as view trees, declared from its layouts (net.osmand 4.6):

- the map (``MapView``) under the HUD: ``map_hud_top.xml``'s left column
  (``layers_compass_layout`` with ``map_layers_button`` "Configure map" and
  ``map_compass_button`` "Compass", then ``map_search_button`` "Search"), the bottom
  start's ``map_menu_button`` "Menu" and ``map_route_info_button``, and
  ``map_hud_controls.xml`` (``map_my_location_button`` "My location",
  ``map_zoom_in_button`` "Zoom in", ``map_zoom_out_button`` "Zoom out");
- ``map_context_menu_fragment.xml``, the place card: ``context_menu_line1`` (the
  name) and ``context_menu_line2`` (its type), the action row
  ``context_menu_buttons`` (``context_menu_fav_view`` Save, ``context_menu_route_view``
  Marker, ``context_menu_share_view`` Share, ``context_menu_more_view`` Actions, each
  an icon over its label) and ``context_menu_bottom_buttons`` (Description, Directions);
- ``search_dialog_fragment.xml``: ``appbar`` > ``toolbar`` > ``search_text_layout``'s
  ``search_container`` (``searchEditText``, hint "Type to search all", and
  ``clearButton`` "Close"), then the results as ``search_list_item.xml`` rows
  (``searchListItemLayout`` > ``imageView``, ``title``, ``compass_layout`` >
  ``distance``, and ``subtitle``);
- ``point_editor_fragment_new.xml``, the favourite's editor: ``toolbar`` (title "Add
  favorite"), ``editor_scroll_view`` > ``main_view`` > ``name_caption`` >
  ``name_edit``, ``address_caption`` > ``address_edit``, ``description_caption`` >
  ``description_edit``; Cancel and Save at the bottom (``dismiss_button``,
  ``right_bottom_button``).

Ids the model could not read from the pinned layouts are left empty rather than
invented (the dashboard's rows, the route planner's panel).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

import skia

from droidhub.virtual import views
from droidhub.virtual.views.paint import Painter
from droidhub.virtual.views.view import Action
from droidhub_aw_apps.common.styles import COLUMN_IN_ROW, REST_OF_COLUMN
from droidhub_aw_apps.osmand import mapdata
from droidhub_aw_apps.osmand.mapdata import Viewport, to_screen

LatLon = tuple[float, float]

#: OsmAnd's light theme: its accent (``active_color_primary_light``), the
#: secondary text and the card's background.
ACTIVE = "#FF237BFF"
OSMAND_ORANGE = "#FFFF8800"
SECONDARY = "#FF727272"
CARD = "#FFFFFFFF"
MAP_BUTTON = "#FFFFFFFF"
ICON = "#FF505050"


@dataclass
class MapLayers:
    """What the map draws over the country: favourites and markers (with their
    names), the place the context menu shows, and a route being planned."""

    favorites: list[tuple[LatLon, str]] = field(default_factory=list)
    markers: list[LatLon] = field(default_factory=list)
    selected: LatLon | None = None
    route: list[LatLon] = field(default_factory=list)
    places: dict[str, LatLon] = field(default_factory=dict)


class MapCanvas(views.View):
    """``MapView``: the vector map of Liechtenstein and its layers, projected in Web
    Mercator around the viewport's centre."""

    class_name: ClassVar[str] = "android.view.View"

    def __init__(self, view: Viewport, layers: MapLayers) -> None:
        super().__init__("MapView", width=views.MATCH_PARENT, height=views.MATCH_PARENT)
        self.view, self.layers = view, layers

    def _xy(self, point: LatLon) -> tuple[float, float]:
        return to_screen(self.view, self.bounds, point[0], point[1])

    def _line(self, painter: Painter, points: Sequence[LatLon], colour: str, width: float) -> None:
        paint = skia.Paint(
            AntiAlias=True, Color=painter.rgb(colour), StrokeWidth=width,
            Style=skia.Paint.kStroke_Style, StrokeCap=skia.Paint.kRound_Cap,
            StrokeJoin=skia.Paint.kRound_Join,
        )  # fmt: skip
        path = skia.Path()
        for i, point in enumerate(points):
            x, y = self._xy(point)
            path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
        painter.canvas.drawPath(path, paint)

    def draw_content(self, painter: Painter) -> None:
        """The country on its neighbours, the Rhine, roads, towns, then the layers."""
        painter.surface(self.bounds, mapdata.FOREIGN_LAND)
        land = skia.Path()
        for i, point in enumerate(mapdata.BORDER):
            x, y = self._xy(point)
            land.moveTo(x, y) if i == 0 else land.lineTo(x, y)
        land.close()
        painter.canvas.drawPath(land, skia.Paint(AntiAlias=True, Color=painter.rgb(mapdata.LAND)))
        border = skia.Paint(
            AntiAlias=True, Color=painter.rgb(mapdata.BORDER_LINE), StrokeWidth=views.dp(2),
            Style=skia.Paint.kStroke_Style,
            PathEffect=skia.DashPathEffect.Make([views.dp(8), views.dp(4)], 0),
        )  # fmt: skip
        painter.canvas.drawPath(land, border)
        self._line(painter, mapdata.RHINE, mapdata.WATER, views.dp(6))
        places = self.layers.places
        for chain in mapdata.SECONDARY_ROADS:
            pts = [mapdata.place_point(n, places) for n in chain]
            self._line(painter, pts, mapdata.PRIMARY_CASING, views.dp(4))
            self._line(painter, pts, mapdata.SECONDARY, views.dp(3))
        for chain in mapdata.PRIMARY_ROADS:
            pts = [mapdata.place_point(n, places) for n in chain]
            self._line(painter, pts, mapdata.PRIMARY_CASING, views.dp(6))
            self._line(painter, pts, mapdata.PRIMARY, views.dp(4.5))
        for name, point in {**mapdata.TOWNS, **places}.items():
            x, y = self._xy(point)
            box = (
                int(x) - views.dp(80),
                int(y) - views.dp(10),
                int(x) + views.dp(80),
                int(y) + views.dp(10),
            )
            painter.text([name], box, views.sp(13), mapdata.TOWN_TEXT, True, views.Gravity.CENTER)
        self._draw_layers(painter)
        left, _, right, bottom = self.bounds
        note = (
            left + views.dp(8),
            bottom - views.dp(20),
            right - views.dp(8),
            bottom - views.dp(4),
        )
        painter.text(
            [mapdata.ATTRIBUTION], note, views.sp(10), "#FF555555", False, views.Gravity.CENTER
        )

    def _pin(self, painter: Painter, point: LatLon, icon: str, colour: str) -> None:
        x, y = self._xy(point)
        r = views.dp(14)
        box = (int(x) - r, int(y) - r, int(x) + r, int(y) + r)
        painter.surface(box, colour, r, views.dp(2))
        inner = views.dp(9)
        painter.icon(icon, (int(x) - inner, int(y) - inner, int(x) + inner, int(y) + inner),
                     "#FFFFFFFF", filled=True)  # fmt: skip

    def _draw_layers(self, painter: Painter) -> None:
        layers = self.layers
        if len(layers.route) >= 2:
            self._line(painter, layers.route, ACTIVE, views.dp(4))
        for point in layers.route:
            self._pin(painter, point, "place", ACTIVE)
        for point, _name in layers.favorites:
            self._pin(painter, point, "star", OSMAND_ORANGE)
        for point in layers.markers:
            self._pin(painter, point, "flag", "#FFE53935")
        if layers.selected is not None:
            x, y = self._xy(layers.selected)
            size = views.dp(36)
            box = (int(x) - size // 2, int(y) - size, int(x) + size // 2, int(y))
            painter.icon("location_on", box, "#FFE53935", filled=True)


def _map_button(id: str, icon: str, desc: str, on_click: Action | None = None,
                size: float = 48, margin: tuple[float, float, float, float] = (0, 0, 0, 0)
                ) -> views.ImageButton:  # fmt: skip
    """A round HUD button (``btn_circle``): white, its icon grey."""
    return views.ImageButton(
        id, icon, content_desc=desc, tint=ICON, width=size, height=size, padding=(size - 24) / 2,
        background=MAP_BUTTON, corner_radius=size / 2, elevation=2, margin=margin,
        on_click=on_click,
    )  # fmt: skip


def _hud_top(on_search: Action) -> views.View:
    """``map_hud_top.xml``'s left column: configure map and compass over each other,
    search beside them."""
    column = views.LinearLayout(
        "layers_compass_layout",
        _map_button("map_layers_button", "map", "Configure map"),
        _map_button("map_compass_button", "navigation", "Compass", margin=(0, 8, 0, 0)),
        orientation=views.VERTICAL,
    )
    buttons = views.LinearLayout(
        "", column,
        _map_button("map_search_button", "search", "Search", on_search, margin=(8, 0, 0, 0)),
        orientation=views.HORIZONTAL, margin=(16, 16, 0, 0),
    )  # fmt: skip
    left = views.LinearLayout(
        "", views.LinearLayout("map_left_widgets_panel", orientation=views.VERTICAL), buttons,
        orientation=views.VERTICAL, width=0, weight=0.45,
    )  # fmt: skip
    row = views.LinearLayout(
        "", left, views.View(width=0, height=0, weight=0.55), width=views.MATCH_PARENT
    )
    return views.LinearLayout(
        "",
        views.LinearLayout("top_widgets_panel", orientation=views.VERTICAL,
        width=views.MATCH_PARENT),
        views.FrameLayout("", row, width=views.MATCH_PARENT),
        orientation=views.VERTICAL, width=views.MATCH_PARENT,
    )  # fmt: skip


def _hud_bottom(on_menu: Action) -> list[views.View]:
    """The bottom corners: menu and navigation at the start, my location and the zoom
    pair (``map_hud_controls.xml``) at the end."""
    start = views.LinearLayout(
        "", _map_button("map_menu_button", "menu", "Menu", on_menu, size=56),
        _map_button("map_route_info_button", "directions", "Navigation", size=56,
                    margin=(16, 0, 0, 0)),
        layout_gravity=views.Gravity.BOTTOM | views.Gravity.START, margin=(16, 0, 0, 40),
    )  # fmt: skip
    zoom = views.LinearLayout(
        "", _map_button("map_zoom_in_button", "add", "Zoom in", size=56),
        _map_button("map_zoom_out_button", "remove", "Zoom out", size=56, margin=(0, 8, 0, 0)),
        orientation=views.VERTICAL, layout_gravity=views.Gravity.BOTTOM, margin=(8, 0, 0, 0),
    )  # fmt: skip
    end = views.LinearLayout(
        "map_hud_controls",
        _map_button("map_my_location_button", "my_location", "My location", size=56),
        zoom, gravity=views.Gravity.BOTTOM,
        layout_gravity=views.Gravity.BOTTOM | views.Gravity.END, margin=(0, 0, 16, 40),
    )  # fmt: skip
    # ImageButton's layout_gravity inside a LinearLayout: the location button at the bottom
    end.children[0].layout_gravity = views.Gravity.BOTTOM
    return [start, end]


def map_screen(
    view: Viewport, layers: MapLayers, on_search: Action, on_menu: Action, card: views.View | None
) -> views.View:
    """The map with its HUD, and the place card over its bottom when one shows."""
    root = views.FrameLayout(
        "", MapCanvas(view, layers), _hud_top(on_search),
        width=views.MATCH_PARENT, height=views.MATCH_PARENT,
    )  # fmt: skip
    if card is None:
        root.add(*_hud_bottom(on_menu))
    else:
        root.add(card)
    return root


def _action(name: str, icon: str, label: str, on_click: Action | None) -> views.View:
    """One of the context menu's actions: its icon over its label."""
    return views.LinearLayout(
        f"context_menu_{name}_view",
        views.ImageView(f"context_menu_{name}_image_view", icon, tint=ACTIVE, margin=(0, 0, 0, 4)),
        views.TextView(f"context_menu_{name}_text_view", label, text_size=14, text_color=ACTIVE,
                       max_lines=1),
        orientation=views.VERTICAL, gravity=views.Gravity.CENTER, width=0, weight=1,
        padding=(0, 12, 0, 12), on_click=on_click,
    )  # fmt: skip


def context_menu(
    title: str, kind: str, on_save: Action, on_marker: Action, on_directions: Action
) -> views.View:
    """``map_context_menu_fragment.xml``'s card: the name and type, the action row,
    the bottom buttons."""
    top = views.LinearLayout(
        "context_menu_top_view",
        views.LinearLayout(
            "",
            views.TextView("context_menu_line1", title, text_size=20, medium=True),
            views.LinearLayout(
                "context_menu_line2_layout",
                views.TextView("context_menu_line2", kind, text_size=16, text_color=SECONDARY),
                margin=(0, 4, 0, 0),
            ),
            **COLUMN_IN_ROW, margin=(0, 16, 16, 0),
        ),
        views.ImageView("context_menu_icon_view", "place", tint=ICON,
                        margin=(0, 16, 0, 0)),
        width=views.MATCH_PARENT, padding=(16, 0, 16, 12),
    )  # fmt: skip
    actions = views.LinearLayout(
        "context_menu_buttons",
        _action("fav", "star", "Save", on_save),
        _action("route", "flag", "Marker", on_marker),
        _action("share", "share", "Share", None),
        _action("more", "more_vert", "Actions", None),
        width=views.MATCH_PARENT, padding=(8, 0, 8, 0),
    )  # fmt: skip
    # every action is clickable on the real card (OnClickListeners set in code)
    for child in actions.children:
        child.clickable = child.focusable = True
    bottom = views.LinearLayout(
        "context_menu_bottom_buttons",
        views.TextView("context_menu_details_button", "Description", all_caps=True, medium=True,
                       text_color=ACTIVE, width=0, weight=1, height=views.MATCH_PARENT,
                       gravity=views.Gravity.START | views.Gravity.CENTER_VERTICAL,
                       padding=(16, 0, 16, 0),
                       clickable=True),
        views.TextView("context_menu_directions_button", "Directions", all_caps=True, medium=True,
                       text_color=ACTIVE, width=0, weight=1, height=views.MATCH_PARENT,
                       gravity=views.Gravity.END | views.Gravity.CENTER_VERTICAL,
                       padding=(16, 0, 16, 0),
                       on_click=on_directions),
        width=views.MATCH_PARENT, height=48,
    )  # fmt: skip
    card = views.LinearLayout(
        "context_menu_top_shadow_all", top,
        views.View("buttons_top_border", width=views.MATCH_PARENT, height=1,
                   background="#1F000000"),
        actions,
        views.View("buttons_bottom_border", width=views.MATCH_PARENT, height=1,
                   background="#1F000000"),
        bottom, orientation=views.VERTICAL, width=views.MATCH_PARENT, background=CARD, elevation=8,
    )  # fmt: skip
    return views.LinearLayout(
        "context_menu_main", card, orientation=views.VERTICAL, width=views.MATCH_PARENT,
        layout_gravity=views.Gravity.BOTTOM,
    )  # fmt: skip


@dataclass(frozen=True)
class Result:
    """A search result row: its title, type and distance from the map's centre."""

    title: str
    kind: str
    distance: str


def search_screen(
    query: str,
    results: Sequence[Result],
    on_query: Callable[[str], object],
    on_pick: Callable[[Result], object],
    on_back: Action,
) -> views.View:
    """``search_dialog_fragment.xml`` with ``search_text_layout`` in its toolbar and
    the results below."""
    search = views.LinearLayout(
        "search_container",
        views.EditText("searchEditText", query, hint="Type to search all", width=0, weight=1,
                       height=views.MATCH_PARENT, padding=(0, 0, 0, 0), on_change=on_query),
        views.ImageButton("clearButton", "close", content_desc="Close", tint=ICON, width=48,
                          height=48,
                          on_click=lambda: on_query("")),
        width=views.MATCH_PARENT, height=56, gravity=views.Gravity.CENTER_VERTICAL,
    )  # fmt: skip
    toolbar = views.Toolbar(
        "toolbar",
        views.up_button(on_back, ICON),
        search, background=CARD, elevation=0,
    )  # fmt: skip
    appbar = views.LinearLayout("appbar", toolbar, orientation=views.VERTICAL,
                                width=views.MATCH_PARENT,
                                elevation=4, background=CARD)  # fmt: skip

    def row(result: Result) -> views.View:
        text = views.LinearLayout(
            "",
            views.LinearLayout(
                "",
                views.TextView("title", result.title, text_size=16, max_lines=2, width=0, weight=1,
                               padding=(0, 0, 16, 0)),
                views.LinearLayout("compass_layout",
                                   views.TextView("distance", result.distance, text_size=14,
                                                  text_color=SECONDARY, margin=(2, 0, 0, 0))),
                width=views.MATCH_PARENT,
            ),
            views.LinearLayout("", views.TextView("subtitle", result.kind, text_size=14,
                                                  text_color=SECONDARY), width=views.MATCH_PARENT),
            orientation=views.VERTICAL, width=views.MATCH_PARENT, margin=(8, 0, 0, 0),
            layout_gravity=views.Gravity.CENTER_VERTICAL,
        )  # fmt: skip
        item = views.LinearLayout(
            "searchListItemLayout",
            views.ImageView("imageView", "place", tint=OSMAND_ORANGE, margin=(0, 0, 8, 0),
                            layout_gravity=views.Gravity.CENTER_VERTICAL),
            text, width=views.MATCH_PARENT, padding=(16, 8, 16, 8),
        )  # fmt: skip
        return views.LinearLayout(
            "", item,
            views.View("divider", width=views.MATCH_PARENT, height=1, background="#1F000000"),
            orientation=views.VERTICAL, width=views.MATCH_PARENT, on_click=lambda: on_pick(result),
        )  # fmt: skip

    results_list = views.ScrollingListView("android:id/list", list(results), lambda t: row(t))
    results_list.height, results_list.weight = 0, 1.0
    return views.LinearLayout(
        "", appbar, results_list, orientation=views.VERTICAL, width=views.MATCH_PARENT,
        height=views.MATCH_PARENT, background="#FFF0F0F0",
    )  # fmt: skip


def _caption(id: str, field_id: str, hint: str, text: str,
             on_change: Callable[[str], object] | None) -> views.View:  # fmt: skip
    """A filled TextInputLayout holding its TextInputEditText."""
    return views.TextInputLayout(
        id, views.EditText(field_id, text, hint=hint, width=views.MATCH_PARENT, on_change=on_change,
                           background="#0A000000", padding=(12, 16, 12, 16)),
        width=views.MATCH_PARENT, margin=(16, 8, 16, 0),
    )  # fmt: skip


def favorite_editor(
    name: str, on_name: Callable[[str], object], on_save: Action, on_cancel: Action
) -> views.View:
    """``point_editor_fragment_new.xml`` as OsmAnd opens it for a new favourite."""
    toolbar = views.Toolbar(
        "toolbar",
        views.up_button(on_cancel, ICON),
        views.TextView("", "Add favorite", text_size=20, medium=True, width=0, weight=1,
                       margin=(16, 0, 0, 0)),
        background=CARD,
    )  # fmt: skip
    main = views.LinearLayout(
        "main_view",
        _caption("name_caption", "name_edit", "Name", name, on_name),
        _caption("address_caption", "address_edit", "Address", "", None),
        _caption("description_caption", "description_edit", "Description", "", None),
        orientation=views.VERTICAL, width=views.MATCH_PARENT,
    )  # fmt: skip
    scroll = views.ScrollView("editor_scroll_view", main, **REST_OF_COLUMN)
    save = views.Button("right_bottom_button", "Save", width=0, weight=1, on_click=on_save,
                        background=ACTIVE, margin=(8, 8, 16, 8))  # fmt: skip
    save.text_color = "#FFFFFFFF"
    buttons = views.LinearLayout(
        "buttons_container",
        views.Button("dismiss_button", "Cancel", width=0, weight=1, on_click=on_cancel,
                     margin=(16, 8, 8, 8)),
        save,
        width=views.MATCH_PARENT, background=CARD, elevation=4,
    )  # fmt: skip
    return views.LinearLayout(
        "background_layout", toolbar, scroll, buttons, orientation=views.VERTICAL,
        width=views.MATCH_PARENT, height=views.MATCH_PARENT, background="#FFF0F0F0",
    )  # fmt: skip


def dashboard(
    items: Sequence[str], on_pick: Callable[[str], object], on_back: Action
) -> views.View:
    """The menu OsmAnd's Menu button opens over the map: its entries, one a row."""

    def row(title: str) -> views.View:
        return views.LinearLayout(
            "", views.TextView("", title, text_size=16, max_lines=1, width=views.MATCH_PARENT),
            width=views.MATCH_PARENT, height=48, gravity=views.Gravity.CENTER_VERTICAL,
            padding=(72, 0, 16, 0), on_click=lambda: on_pick(title),
        )  # fmt: skip

    header = views.Toolbar(
        "",
        views.up_button(on_back, ICON),
        views.TextView("", "OsmAnd", text_size=20, medium=True, margin=(16, 0, 0, 0)),
        background=CARD,
    )  # fmt: skip
    rows = views.ScrollingListView("", list(items), row)
    rows.height, rows.weight = 0, 1.0
    return views.LinearLayout(
        "", header, rows, orientation=views.VERTICAL, width=views.MATCH_PARENT,
        height=views.MATCH_PARENT,
        background=CARD,
    )  # fmt: skip


def route_planner(
    view: Viewport, layers: MapLayers, points: Sequence[str],
    on_add: Action, on_save: Action, on_cancel: Action,
) -> views.View:  # fmt: skip
    """Plan a route: the map with the route drawn, its points listed under it, and
    Add point (by search, in this model), Save and Cancel."""
    top = views.Toolbar(
        "", views.ImageButton("", "close", content_desc="Close", tint=ICON, on_click=on_cancel),
        views.TextView("", "Plan a route", text_size=20, medium=True, margin=(16, 0, 0, 0)),
        background=CARD,
    )  # fmt: skip
    listed = [
        views.TextView("", f"{i + 1}. {name}", text_size=16, max_lines=1, width=views.MATCH_PARENT,
                       padding=(16, 6, 16, 6))
        for i, name in enumerate(points)
    ]  # fmt: skip
    buttons = views.LinearLayout(
        "", views.Button("", "Add point", width=0, weight=1, on_click=on_add),
        views.Button("", "Save", width=0, weight=1, on_click=on_save),
        views.Button("", "Cancel", width=0, weight=1, on_click=on_cancel),
        width=views.MATCH_PARENT, padding=(8, 0, 8, 8),
    )  # fmt: skip
    panel = views.LinearLayout(
        "", views.TextView("", f"{len(points)} points", text_size=14, text_color=SECONDARY,
                           padding=(16, 12, 16, 4)),
        *listed, buttons, orientation=views.VERTICAL, width=views.MATCH_PARENT, background=CARD,
        elevation=8,
    )  # fmt: skip
    map_view = views.FrameLayout("", MapCanvas(view, layers), **REST_OF_COLUMN)
    return views.LinearLayout(
        "", top, map_view, panel, orientation=views.VERTICAL, width=views.MATCH_PARENT,
        height=views.MATCH_PARENT,
    )  # fmt: skip


def save_track_sheet(
    name: str, on_name: Callable[[str], object], on_save: Action, on_cancel: Action
) -> views.View:
    """The sheet that names a planned route before it is saved as a track."""
    return views.LinearLayout(
        "",
        views.TextView("", "Save as new track", text_size=20, medium=True, padding=(16, 16, 16, 8)),
        views.EditText("", name, hint="Name", width=views.MATCH_PARENT, margin=(16, 0, 16, 0),
                       on_change=on_name, focus_key="track_name"),
        views.LinearLayout(
            "", views.Button("", "Cancel", width=0, weight=1, on_click=on_cancel),
            views.Button("", "Save", width=0, weight=1, on_click=on_save),
            width=views.MATCH_PARENT, padding=(8, 8, 8, 8),
        ),
        orientation=views.VERTICAL, width=views.MATCH_PARENT,
    )  # fmt: skip
