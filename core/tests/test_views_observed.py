"""A tap lands on the screen as it is now, though the engine hit-tests it on the window
its last dump built while nothing that changes a screen ran in between
(:mod:`droidhub.virtual.observing`, ``ViewApp.input_window``); a dump after a tap that
met nothing is the dump before, unless the screen shows the time: through adb only."""

from __future__ import annotations

from app_phone import app_started

from droidhub.android.ui_tree import parse_hierarchy
from droidhub.virtual.appmodel import VirtualPhone
from droidhub.virtual.observing import only_reads
from droidhub.virtual.views import MATCH_PARENT, Button, LinearLayout, View, ViewApp, Window

PACKAGE = "com.example.moving"
SPACER_FILE = "/sdcard/Download/spacer.txt"


class MovingButton(ViewApp):
    """A button pushed down by as many dp as the number in ``SPACER_FILE``; a click
    writes down which of the buttons was pressed."""

    package = PACKAGE
    label = "Moving"

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []
        self.builds = 0

    def build(self, phone: VirtualPhone) -> Window:
        self.builds += 1
        spacer = phone.host_path(SPACER_FILE)
        height = int(spacer.read_text() or 0) if spacer.exists() else 0
        label = f"at {height}"
        return Window(
            LinearLayout(
                "root",
                View("spacer", width=MATCH_PARENT, height=height),
                Button("go", label, on_click=lambda: self.pressed.append(label)),
                orientation="vertical",
                width=MATCH_PARENT,
                height=MATCH_PARENT,
            )
        )


def _button_centre(xml: str) -> tuple[int, int]:
    button = next(e for e in parse_hierarchy(xml) if e.resource_id.endswith(":id/go"))
    assert button.bounds is not None
    return button.bounds.center


def test_a_tap_after_a_change_lands_on_the_changed_screen() -> None:
    app = MovingButton()
    with app_started(app) as device:
        device.shell(f"echo 0 > {SPACER_FILE}")
        x, y = _button_centre(device.ui_tree())
        # A read between the dump and the tap changes nothing: the tap hits the button.
        device.shell(f"cat {SPACER_FILE}; settings get global wifi_on; dumpsys window")
        device.tap(x, y)
        assert app.pressed == ["at 0"]
        _button_centre(device.ui_tree())
        # A write moves the button 400 dp down: the old place is empty now.
        device.shell(f"echo 400 > {SPACER_FILE}")
        device.tap(x, y)
        assert app.pressed == ["at 0"]
        device.tap(*_button_centre(device.ui_tree()))
        assert app.pressed == ["at 0", "at 400"]
        # So does a push.
        device.push(b"0", SPACER_FILE)
        device.tap(*_button_centre(device.ui_tree()))  # dumped after the push: "at 0"
        assert app.pressed[-1] == "at 0"


def test_a_dump_after_a_change_in_the_same_line_serves_the_next_tap() -> None:
    # As Device.holding_inputs sends them: an input, then the dump, in one command line.
    app = MovingButton()
    with app_started(app) as device:
        x, y = _button_centre(device.ui_tree())
        xml = device.shell(
            f"echo 400 > {SPACER_FILE} && input tap {x} {y} && "
            "uiautomator dump /sdcard/window_dump.xml && cat /sdcard/window_dump.xml"
        )
        assert app.pressed == []  # the button had moved away from under the tap
        moved = _button_centre(xml[xml.index("<?xml") :])
        assert moved[1] > y  # the dump shows the button moved down
        builds = app.builds
        device.tap(*moved)  # hit-tested on the window that dump built: no new build
        assert app.pressed == ["at 400"] and app.builds == builds
        device.shell(f"echo 0 > {SPACER_FILE}; uiautomator dump /sdcard/window_dump.xml")
        device.shell(f"echo 200 > {SPACER_FILE}")  # a change after that dump
        device.tap(*moved)  # built again: the button is no longer there
        assert app.pressed == ["at 400"] and app.builds == builds + 2


class Clocked(MovingButton):
    """The button's label shows the phone's clock to the millisecond (a stopwatch), or,
    with ``date_only``, the day alone."""

    package = "com.example.clocked"

    def __init__(self, date_only: bool = False) -> None:
        super().__init__()
        self.date_only = date_only

    def build(self, phone: VirtualPhone) -> Window:
        self.builds += 1
        shown = f"{phone.today()}" if self.date_only else f"{phone.now():%H:%M:%S.%f}"
        return Window(
            LinearLayout(
                "root",
                View("spacer", width=MATCH_PARENT, height=400),
                Button("go", shown, on_click=lambda: self.pressed.append(shown)),
                orientation="vertical",
                width=MATCH_PARENT,
                height=MATCH_PARENT,
            )
        )


def _label(xml: str) -> str:
    return next(e for e in parse_hierarchy(xml) if e.resource_id.endswith(":id/go")).text


def test_a_tap_that_meets_nothing_leaves_the_screen_as_it_was() -> None:
    app = MovingButton()
    with app_started(app) as device:
        device.shell(f"echo 0 > {SPACER_FILE}")
        x, y = _button_centre(device.ui_tree())
        builds = app.builds
        # Below the button nothing takes a tap; nor does a swipe where no list is.
        device.tap(x, y + 600)
        device.swipe(x, y + 600, x, y + 200)
        first = device.ui_tree()
        assert app.builds == builds  # the dump before still shows the screen
        assert device.ui_tree() == first and app.builds == builds
        device.tap(x, y)  # the button still takes the tap
        assert app.pressed == ["at 0"]
        device.ui_tree()
        assert app.builds == builds + 1  # the click may have changed the screen
        # A change after a tap that met nothing is still seen.
        device.tap(x, y + 600)
        device.shell(f"echo 400 > {SPACER_FILE}")
        assert _button_centre(device.ui_tree())[1] > y
        assert app.builds == builds + 2


def test_a_screen_that_shows_the_time_is_built_for_each_dump() -> None:
    app = Clocked()
    with app_started(app) as device:
        x, y = _button_centre(device.ui_tree())
        builds = app.builds
        shown = [_label(device.ui_tree())]
        device.tap(x, y + 600)  # meets nothing
        shown.append(_label(device.ui_tree()))
        assert app.builds == builds + 2
        assert shown[0] != shown[1]  # to the microsecond: never the same twice
        # A screen that shows only the day is kept as any other.
        dated = Clocked(date_only=True)
    with app_started(dated) as device:
        device.ui_tree()
        builds = dated.builds
        device.tap(x, y + 600)
        device.ui_tree()
        assert dated.builds == builds


def test_which_commands_only_read() -> None:
    reads = [
        ["uiautomator", "dump", "/sdcard/window_dump.xml"],
        ["cat", "/sdcard/x"],
        ["settings", "get", "global", "wifi_on"],
        ["content", "query", "--uri", "content://sms"],
        ["dumpsys", "window"],
        ["date", "+%s"],
        ["find", "/sdcard", "-name", "*.txt"],
    ]
    writes = [
        ["input", "tap", "1", "2"],
        ["settings", "put", "global", "wifi_on", "0"],
        ["content", "insert", "--uri", "content://sms"],
        ["am", "start", "-n", "a/.B"],
        ["date", "-s", "20231015"],
        ["find", "/sdcard", "-delete"],
        ["rm", "/sdcard/Download/notes.txt"],
        ["sqlite3", "db", "DELETE FROM t"],
        ["touch", "/sdcard/x"],
    ]

    class NoTransients:  # a phone that has written no dump or screenshot yet
        transient_paths: set[str] = set()

    phone = NoTransients()
    assert all(only_reads(phone, argv) for argv in reads)  # type: ignore[arg-type]
    assert not any(only_reads(phone, argv) for argv in writes)  # type: ignore[arg-type]
