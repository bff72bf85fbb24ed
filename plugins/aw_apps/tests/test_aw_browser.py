"""Browser tasks: the game pages, Chrome on the virtual phone, and the rewards read
from its screen."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from episodes import near_miss_scores_zero
from screen_checks import find_element, screen_elements, shown_id_classes, shown_ids, tap_element
from task_runs import make, score, set_up

from droidhub import Env, TaskEval
from droidhub_aw_apps.browser import games as browser_games
from droidhub_aw_apps.browser import model as chrome
from droidhub_aw_apps.browser import pages as browser_pages
from droidhub_aw_apps.browser import tasks as browser


@pytest.mark.parametrize("cls", browser.TASKS, ids=lambda c: c.__name__)
def test_params_are_deterministic(cls: type[TaskEval]) -> None:
    one = cls.generate_random_params(random.Random(8))
    assert one == cls.generate_random_params(random.Random(8))
    assert cls(one).goal.startswith("Open the file task.html in Downloads")


def test_set_up_writes_the_page_and_tear_down_removes_it(virtual_env: Env) -> None:
    task = make(browser.BrowserMaze)
    with set_up(virtual_env, task):
        html = virtual_env.device.read_text(chrome.TASK_PAGE)
        assert browser_pages.page_game(html) == ("maze", task.params.browser_task_seed)
    assert not virtual_env.device.exists(chrome.TASK_PAGE)


def test_maze_near_miss_one_step_short(virtual_env: Env) -> None:
    task = make(browser.BrowserMaze)

    def act(env: Env) -> None:
        env.device.start_activity(
            component=chrome.COMPONENT, action="android.intent.action.VIEW", data=chrome.TASK_URL
        )
        moves = browser_games.Maze(task.params.browser_task_seed).solution()[:-1]
        for move in moves:
            button = next(e for e in env.device.ui_elements() if e.text == move.capitalize())
            assert button.bounds is not None
            env.device.tap(*button.bounds.center)

    near_miss_scores_zero(virtual_env, task, act)


def test_won_but_chrome_left_scores_zero(virtual_env: Env) -> None:
    task = make(browser.BrowserMaze)

    def act(env: Env) -> None:
        task.oracle(env)
        env.device.go_home()

    assert score(virtual_env, task, act) == 0.0


def test_multiply_near_miss_product_off_by_one(virtual_env: Env) -> None:
    task = make(browser.BrowserMultiply)
    game = browser_games.Multiply(task.params.browser_task_seed)
    for _ in range(browser_games.MULTIPLY_CLICKS):
        game.click()

    def act(env: Env) -> None:
        env.device.start_activity(
            component=chrome.COMPONENT, action="android.intent.action.VIEW", data=chrome.TASK_URL
        )
        for _ in range(browser_games.MULTIPLY_CLICKS):
            tap_element(env.device, text="Click Me")
        field = next(
            e
            for e in env.device.ui_elements()
            if e.class_name.endswith("EditText") and not e.resource_id.endswith("url_bar")
        )
        assert field.bounds is not None
        env.device.tap(*field.bounds.center)
        env.device.input_text(str(game.product() + 1))
        tap_element(env.device, text="Submit")

    near_miss_scores_zero(virtual_env, task, act)


def test_draw_near_miss_two_of_three_colours(virtual_env: Env) -> None:
    task = make(browser.BrowserDraw)
    seed = task.params.browser_task_seed

    def act(env: Env) -> None:
        elements = task.open_page(env)
        swatches = [e for e in elements if e.class_name.endswith("Button") and not e.text]
        canvas = next(e for e in elements if e.content_description == "drawing canvas")
        assert canvas.bounds is not None
        for colour in browser_games.task_colors(seed)[:2]:
            swatch = swatches[browser_games.PALETTE.index(colour)]
            assert swatch.bounds is not None
            env.device.tap(*swatch.bounds.center)
            mid = canvas.bounds.center[1]
            env.device.swipe(canvas.bounds.left + 20, mid, canvas.bounds.right - 20, mid, 300)
        tap_element(env.device, text="Submit")

    near_miss_scores_zero(virtual_env, task, act)


def test_typing_the_file_url_in_chrome_opens_the_page(virtual_env: Env) -> None:
    task = make(browser.BrowserMaze)
    with set_up(virtual_env, task):
        virtual_env.open_app("chrome")
        bar = next(e for e in virtual_env.device.ui_elements() if e.resource_id.endswith("url_bar"))
        assert bar.bounds is not None
        virtual_env.device.tap(*bar.bounds.center)
        virtual_env.device.input_text(chrome.TASK_PAGE)
        virtual_env.device.keyevent("KEYCODE_ENTER")
        texts = [e.text for e in virtual_env.device.ui_elements()]
        assert {"Up", "Down", "Left", "Right"} <= set(texts)


# --- the pages run the same games as the Python that scores them -----------------------

_DOM_STUB = """
function el(id) {
  return { id, children: [], style: {}, className: '', textContent: '', innerHTML: '',
    value: '', appendChild(c) { this.children.push(c); }, addEventListener() {},
    getContext() { return { clearRect() {}, getImageData() { return { data: [] }; } }; } };
}
const byId = {};
const document = { body: el('body'), createElement: () => el(''),
  getElementById: id => (byId[id] = byId[id] || el(id)) };
"""


def _run_page(html: str, after: str) -> dict[str, object]:
    script = re.search(r"<script>(.*)</script>", html, re.S)
    assert script is not None
    program = _DOM_STUB + script.group(1) + after
    out = subprocess.run(
        ["node", "-e", program], capture_output=True, text=True, timeout=30, check=True
    )
    return json.loads(out.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the pages' scripts")
@pytest.mark.parametrize("seed", [0, 7, 123456789, 2**32 - 1])
def test_pages_and_python_games_agree(seed: int) -> None:
    maze = browser_games.Maze(seed)
    presses = json.dumps(maze.solution())
    steps = "{'up': [-1, 0], 'down': [1, 0], 'left': [0, -1], 'right': [0, 1]}"
    got = _run_page(
        browser_pages.page_html("maze", seed),
        f"; const cellsSeen = cells.map(r => r.join(''));"
        f" for (const p of {presses}) step(...{steps}[p]);"
        " console.log(JSON.stringify({cells: cellsSeen, body: document.body.innerHTML}));",
    )
    assert got["cells"] == ["".join(row) for row in maze.grid]
    assert "Success!" in str(got["body"])

    game = browser_games.Multiply(seed)
    for _ in range(browser_games.MULTIPLY_CLICKS):
        game.click()
    got = _run_page(
        browser_pages.page_html("multiply", seed),
        "; for (let i = 0; i < 5; i++) more();"
        f" document.getElementById('answer').value = '{game.product()}'; check();"
        " console.log(JSON.stringify({seen, result: byId['result'].innerHTML}));",
    )
    assert got == {"seen": game.numbers, "result": "<h2>Success!</h2>"}

    got = _run_page(
        browser_pages.page_html("draw", seed), "; console.log(JSON.stringify({wanted}));"
    )
    assert got == {"wanted": browser_games.task_colors(seed)}


def test_the_page_opens_in_chrome_from_the_files_app(virtual_env: Env) -> None:
    task = make(browser.BrowserMaze)
    with set_up(virtual_env, task):
        dev = virtual_env.device
        virtual_env.open_app("files")
        for name in ("Download", "task.html"):
            row = next(e for e in dev.ui_elements() if e.text == name)
            assert row.bounds is not None
            dev.tap(*row.bounds.center)
        assert dev.foreground_activity().startswith(chrome.PACKAGE + "/")
        assert {"Up", "Down", "Left", "Right"} <= {e.text for e in dev.ui_elements()}


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _dump_dom(page: str, folder: Path) -> str:
    """Load ``page`` in headless Chromium and return the DOM once its scripts ran."""
    html = folder / "task.html"
    html.write_text(page, encoding="utf-8")
    out = subprocess.run(
        [
            str(_chromium()),
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            f"--user-data-dir={folder / 'profile'}",
            "--dump-dom",
            html.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return out.stdout


_PLAY_DRAW = """<script>
const box = canvas.getBoundingClientRect();
const swatches = document.getElementById('palette').children;
COLOURS.forEach((colour, i) => {
  swatches[palette.indexOf(colour)].click();
  const y = box.top + 40 + i * 60;
  canvas.dispatchEvent(new MouseEvent('mousedown', {clientX: box.left + 20, clientY: y}));
  canvas.dispatchEvent(new MouseEvent('mousemove', {clientX: box.left + 200, clientY: y + 7}));
  canvas.dispatchEvent(new MouseEvent('mouseup', {}));
});
document.getElementById('submit').click();
</script></body>"""


@pytest.mark.skipif(_chromium() is None, reason="needs Chromium to run the pages")
def test_pages_are_won_and_missed_in_real_chromium(tmp_path: Path) -> None:
    seed = 987654321
    maze = browser_games.Maze(seed)
    steps = {"up": "-1, 0", "down": "1, 0", "left": "0, -1", "right": "0, 1"}
    presses = "".join(f"step({steps[p]});" for p in maze.solution())
    page = browser_pages.page_html("maze", seed).replace(
        "</body>", f"<script>{presses}</script></body>"
    )
    assert "<h1>Success!</h1>" in _dump_dom(page, tmp_path)

    game = browser_games.Multiply(seed)
    for _ in range(browser_games.MULTIPLY_CLICKS):
        game.click()
    answer = "for (let i = 0; i < 5; i++) more();"
    answer += f"document.getElementById('answer').value = '{game.product()}'; check();"
    page = browser_pages.page_html("multiply", seed).replace(
        "</body>", f"<script>{answer}</script></body>"
    )
    assert "<h2>Success!</h2>" in _dump_dom(page, tmp_path)

    colours = browser_games.task_colors(seed)
    for chosen, won in ((colours, True), (colours[:2], False)):
        play = _PLAY_DRAW.replace("COLOURS", json.dumps(chosen))
        dom = _dump_dom(browser_pages.page_html("draw", seed).replace("</body>", play), tmp_path)
        assert ('<p id="result">Success!</p>' in dom) is won


def test_a_dump_of_a_page_paints_nothing(virtual_env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """``uiautomator dump`` makes the tree only; pixels are made for ``screencap``."""
    from droidhub.virtual.views.paint import Painter

    task = make(browser.BrowserMaze)
    with set_up(virtual_env, task):
        virtual_env.device.start_activity(
            component=chrome.COMPONENT, action="android.intent.action.VIEW", data=chrome.TASK_URL
        )
        pngs: list[Painter] = []
        real_png = Painter.png

        def counted_png(painter: Painter) -> bytes:
            pngs.append(painter)
            return real_png(painter)

        monkeypatch.setattr(Painter, "png", counted_png)
        texts = [e.text for e in virtual_env.device.ui_elements()]
        assert "Up" in texts and pngs == []
        assert virtual_env.device.screenshot().size == (1080, 2400) and len(pngs) == 1


# --- Chrome's own views and the page's nodes, through adb --------------------------------

#: Chrome 120's toolbar ids on a page, with the class each reports (Chromium's layouts).
TOOLBAR = {
    "control_container": "android.widget.FrameLayout",
    "toolbar_container": "android.widget.FrameLayout",
    "toolbar": "android.widget.FrameLayout",
    "home_button": "android.widget.ImageButton",
    "location_bar": "android.widget.FrameLayout",
    "location_bar_status": "android.widget.LinearLayout",
    "location_bar_status_icon": "android.widget.ImageView",
    "url_bar": "android.widget.EditText",
    "toolbar_buttons": "android.widget.LinearLayout",
    "tab_switcher_button": "android.widget.ImageButton",
    "menu_button_wrapper": "android.widget.FrameLayout",
    "menu_button": "android.widget.ImageButton",
    "compositor_view_holder": "android.widget.FrameLayout",
}


def test_chrome_toolbar_and_app_menu(virtual_env: Env) -> None:
    """The page under Chrome's toolbar; the menu button drops the app menu, BACK closes it."""
    task = make(browser.BrowserMultiply)
    with set_up(virtual_env, task):
        dev = virtual_env.device
        task.open_page(virtual_env)
        prefix = chrome.RESOURCE_ID_PREFIX
        assert shown_id_classes(dev, prefix).items() >= TOOLBAR.items()
        menu = find_element(dev, resource_id=prefix + "menu_button")
        assert menu.content_description == "Customize and control Google Chrome"
        assert find_element(dev, resource_id="tab_switcher_button").content_description == (
            "1 open tab, tap to switch tabs"
        )
        page = find_element(dev, class_name="android.webkit.WebView")
        bar = find_element(dev, resource_id="control_container")
        assert page.text == "Memory" and bar.bounds is not None and page.bounds is not None
        assert page.bounds.top == bar.bounds.bottom
        tap_element(dev, resource_id=prefix + "menu_button")
        rows = [e.text for e in screen_elements(dev) if e.resource_id == prefix + "menu_item_text"]
        assert rows[:3] == ["New tab", "New Incognito tab", "History"]
        assert "Settings" in rows
        dev.keyevent("KEYCODE_BACK")
        assert "New tab" not in {e.text for e in screen_elements(dev)}
        assert dev.foreground_activity().startswith(chrome.PACKAGE + "/")


def test_page_nodes_are_chrome_web_content(virtual_env: Env) -> None:
    """The page's elements: classes by role, bare HTML ids, clickable buttons; a tap on
    the field focuses it, Submit takes the focus away (the keyboard goes down)."""
    task = make(browser.BrowserMultiply)
    with set_up(virtual_env, task):
        dev = virtual_env.device
        task.open_page(virtual_env)
        more = find_element(dev, text="Click Me")
        assert (more.class_name, more.resource_id, more.clickable) == (
            "android.widget.Button",
            "more",
            True,
        )
        for _ in range(browser_games.MULTIPLY_CLICKS):
            tap_element(dev, resource_id="more")
        field = find_element(dev, class_name="android.widget.EditText", resource_id="answer")
        assert field.text == "Enter the product" and not field.focused
        tap_element(dev, resource_id="answer")
        assert find_element(dev, resource_id="answer").focused
        keyboard_up = dev.screenshot()
        tap_element(dev, text="Submit")
        assert not find_element(dev, resource_id="answer").focused
        assert dev.screenshot().getpixel((4, 1900)) != keyboard_up.getpixel((4, 1900))


def test_the_address_bar_takes_the_focus_and_hides_the_buttons(virtual_env: Env) -> None:
    """A tap on the omnibox focuses it empty (Chrome widens it over the home and menu
    buttons); BACK hides the keyboard, a second BACK leaves the omnibox."""
    task = make(browser.BrowserMaze)
    with set_up(virtual_env, task):
        dev = virtual_env.device
        task.open_page(virtual_env)
        tap_element(dev, resource_id="url_bar")
        bar = find_element(dev, resource_id="url_bar")
        assert bar.focused and bar.text == "Search or type web address"
        ids = shown_ids(dev, chrome.RESOURCE_ID_PREFIX)
        assert "menu_button" not in ids and "home_button" not in ids and "mic_button" in ids
        dev.input_text("/sdcard")
        assert "delete_button" in shown_ids(dev, chrome.RESOURCE_ID_PREFIX)
        dev.keyevent("KEYCODE_BACK")
        dev.keyevent("KEYCODE_BACK")
        bar = find_element(dev, resource_id="url_bar")
        assert not bar.focused and bar.text == chrome.TASK_URL
        assert "menu_button" in shown_ids(dev, chrome.RESOURCE_ID_PREFIX)
