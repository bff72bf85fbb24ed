"""OsmAnd tasks done as an agent does them (search, the place card, the favourite's
editor, route planning), and the map drawn where the places lie."""

from __future__ import annotations

from collections.abc import Callable

from screen_checks import find_element, screen_elements, shown_ids, tap_element
from task_runs import click, index_of_id, make, open_app, perform, score

from droidhub import Device, Env, Observe
from droidhub_aw_apps.osmand import model as osmand_model
from droidhub_aw_apps.osmand import tasks as osmand
from droidhub_aw_apps.osmand.mapdata import Viewport, to_screen

OSMAND_ID = "net.osmand:id/"
#: Ids of OsmAnd's layouts (map_hud_top, map_hud_controls, map_context_menu_fragment,
#: search_dialog_fragment, search_text_layout, search_list_item,
#: point_editor_fragment_new) the map, card and search may show.
REAL_IDS = frozenset(
    [
        "MapView",
        "top_widgets_panel",
        "map_left_widgets_panel",
        "layers_compass_layout",
        "map_layers_button",
        "map_compass_button",
        "map_search_button",
        "map_menu_button",
        "map_route_info_button",
        "map_hud_controls",
        "map_my_location_button",
        "map_zoom_in_button",
        "map_zoom_out_button",
        "context_menu_main",
        "context_menu_top_shadow_all",
        "context_menu_top_view",
        "context_menu_line1",
        "context_menu_line2_layout",
        "context_menu_line2",
        "context_menu_icon_view",
        "buttons_top_border",
        "context_menu_buttons",
        "context_menu_fav_view",
        "context_menu_fav_image_view",
        "context_menu_fav_text_view",
        "context_menu_route_view",
        "context_menu_route_image_view",
        "context_menu_route_text_view",
        "context_menu_share_view",
        "context_menu_share_image_view",
        "context_menu_share_text_view",
        "context_menu_more_view",
        "context_menu_more_image_view",
        "context_menu_more_text_view",
        "buttons_bottom_border",
        "context_menu_bottom_buttons",
        "context_menu_details_button",
        "context_menu_directions_button",
        "appbar",
        "toolbar",
        "search_container",
        "searchEditText",
        "clearButton",
        "searchListItemLayout",
        "imageView",
        "title",
        "compass_layout",
        "distance",
        "subtitle",
        "divider",
    ]
)


def _search(env: Env, query: str) -> None:
    perform(env, action_type="input_text", text=query, index=index_of_id(env, "searchEditText"))
    perform(env, action_type="click", index=index_of_id(env, ":id/title"))


def test_favorite_from_the_place_card(virtual_env: Env) -> None:
    task = make(osmand.OsmAndFavorite, seed=2)  # a "lat, lon" location

    def act(env: Env) -> None:
        open_app(env, "osmand")
        click(env, content_description="Search")
        _search(env, task.params.location)
        click(env, resource_id=OSMAND_ID + "context_menu_fav_view")
        click(env, resource_id=OSMAND_ID + "right_bottom_button")

    assert score(virtual_env, task, act) == 1.0


def test_marker_for_the_wrong_town_is_a_near_miss(virtual_env: Env) -> None:
    task = make(osmand.OsmAndMarker)
    wanted = task.params.location.split(",")[0]
    other = next(n for n in osmand_model.LOCATIONS if not n.startswith(wanted))

    def marker_for(town: str) -> Callable[[Env], None]:
        def act(env: Env) -> None:
            open_app(env, "osmand")
            click(env, content_description="Search")
            _search(env, town)
            click(env, resource_id=OSMAND_ID + "context_menu_route_view")

        return act

    assert score(virtual_env, task, marker_for(other.split(",")[0])) == 0.0
    assert score(virtual_env, make(osmand.OsmAndMarker), marker_for(wanted)) == 1.0


def test_track_planned_through_the_waypoints(virtual_env: Env) -> None:
    task = make(osmand.OsmAndTrack, seed=4)

    def act(env: Env) -> None:
        open_app(env, "osmand")
        click(env, content_description="Menu")
        click(env, text="Plan a route")
        for place in task.params.waypoints:
            click(env, text="ADD POINT")
            _search(env, place.split(",")[0])
        click(env, text="SAVE")
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        name = next(i for i, e in enumerate(elements) if e.class_name.endswith("EditText"))
        perform(env, action_type="input_text", text="Trip", index=name)
        elements = env.get_state(observe=Observe.UI_TREE).ui_elements
        save = [i for i, e in enumerate(elements) if e.text == "SAVE"][-1]  # the sheet's
        perform(env, action_type="click", index=save)

    assert score(virtual_env, task, act) == 1.0


def _pixel(device: Device, point: tuple[float, float]) -> tuple[int, int, int]:
    shot = device.screenshot().convert("RGB")
    return shot.getpixel((round(point[0]), round(point[1])))


def test_the_map_draws_favourites_and_markers_where_they_lie(virtual_device: Device) -> None:
    osmand_model.set_favorites(virtual_device, ["Triesen, Liechtenstein"])
    osmand_model.add_marker(virtual_device, "Ruggell, Liechtenstein", "m1")
    virtual_device.shell(["am", "start", "-n", f"{osmand_model.PACKAGE}/{osmand_model.ACTIVITY}"])
    try:
        canvas = find_element(virtual_device, resource_id="MapView")
        assert canvas.bounds is not None
        box = (canvas.bounds.left, canvas.bounds.top, canvas.bounds.right, canvas.bounds.bottom)
        view = Viewport()
        star = to_screen(view, box, *osmand_model.LOCATIONS["Triesen, Liechtenstein"])
        flag = to_screen(view, box, *osmand_model.LOCATIONS["Ruggell, Liechtenstein"])
        red, green, blue = _pixel(virtual_device, (star[0] - 30, star[1]))
        assert red > 200 and 100 < green < 170 and blue < 60  # OsmAnd's orange favourite
        red, green, blue = _pixel(virtual_device, (flag[0] - 30, flag[1]))
        assert red > 200 and green < 90 and blue < 90  # the red marker
        for desc in ("Search", "Menu", "Zoom in", "Zoom out", "My location", "Configure map"):
            find_element(virtual_device, content_description=desc)
        assert shown_ids(virtual_device, OSMAND_ID) <= REAL_IDS
        tap_element(virtual_device, content_description="Search")
        field = find_element(virtual_device, resource_id="searchEditText")
        assert field.text == "Type to search all" and field.focused
        virtual_device.shell(["input", "text", "Planken"])
        shown = screen_elements(virtual_device)
        titles = [e.text for e in shown if e.resource_id.endswith("/title")]
        assert titles == ["Planken", "Oberplanken"]  # the name it starts first
        tap_element(virtual_device, text="Planken", resource_id="title")
        assert find_element(virtual_device, resource_id="context_menu_line1").text == "Planken"
        for label in ("Save", "Marker", "Share", "Actions"):
            find_element(virtual_device, text=label)
        assert shown_ids(virtual_device, OSMAND_ID) <= REAL_IDS
        tap_element(virtual_device, resource_id="context_menu_fav_view")
        assert find_element(virtual_device, resource_id="name_edit").text == "Planken"
        tap_element(virtual_device, resource_id="right_bottom_button")
        virtual_device.shell(["input", "keyevent", "KEYCODE_BACK"])  # closes the card
        root = osmand_model.favorites_gpx(virtual_device)
        assert root is not None
        names = [w.findtext("gpx:name", "", osmand_model.GPX_NAMESPACES) for w in root]
        assert "Planken" in names
        # the new favourite is drawn: the map centred on Planken shows a star there
        centre = find_element(virtual_device, resource_id="MapView").bounds
        assert centre is not None
        x, y = centre.center
        red, green, blue = _pixel(virtual_device, (x - 30, y))
        assert red > 200 and 100 < green < 170 and blue < 60
    finally:
        virtual_device.shell(["am", "force-stop", osmand_model.PACKAGE])
