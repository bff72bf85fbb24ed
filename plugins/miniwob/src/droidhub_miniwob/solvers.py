"""Scripted solvers (the oracles) for MiniWoB++ pages.

A solver reads the utterance and the UI tree the way an agent does, and acts only
through droidhub :class:`~droidhub.Action` s executed by the :class:`~droidhub.Env`
(taps at element centres, ``input_text``): it never evaluates page JavaScript, so
an oracle's success shows that the task can be solved on the phone's own terms.
A page without a solver here has no oracle.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from droidhub import Action, BoundingBox, Observe, UIElement

if TYPE_CHECKING:
    from droidhub import Env

Solver = Callable[["Env", str], None]
_SOLVERS: dict[str, Solver] = {}

BUTTON = "android.widget.Button"
EDIT_TEXT = "android.widget.EditText"
CHECK_BOX = "android.widget.CheckBox"
RADIO_BUTTON = "android.widget.RadioButton"
TEXT_VIEW = "android.widget.TextView"
LIST_VIEW = "android.widget.ListView"

_WAIT_S = 3.0


class SolverError(RuntimeError):
    """The page did not show what the solver looked for."""


def get(page: str) -> Solver | None:
    """The solver of ``page``, if one exists."""
    return _SOLVERS.get(page)


def solved_pages() -> list[str]:
    """Pages that have a solver."""
    return sorted(_SOLVERS)


def _solves(*pages: str) -> Callable[[Solver], Solver]:
    def register(solver: Solver) -> Solver:
        for page in pages:
            _SOLVERS[page] = solver
        return solver

    return register


# --- reading the screen and acting --------------------------------------------------------
def elements(env: Env) -> list[UIElement]:
    """The UI elements on screen now."""
    return env.get_state(observe=Observe.UI_TREE).ui_elements


def find(
    env: Env,
    match: Callable[[UIElement], bool],
    what: str,
    timeout: float = _WAIT_S,
) -> UIElement:
    """The first element ``match`` accepts, once it has stopped moving: pages animate
    (an accordion slides open), and a tap aimed at a moving target misses. Waits up to
    ``timeout``; :class:`SolverError` naming ``what`` if it never shows up."""
    deadline = time.monotonic() + timeout
    previous: UIElement | None = None
    while True:
        found = next(
            (e for e in elements(env) if e.bounds is not None and e.bounds.area > 0 and match(e)),
            None,
        )
        if found is not None and found == previous:
            return found
        if time.monotonic() >= deadline:
            if found is not None:
                return found
            raise SolverError(f"no {what} on screen after {timeout:.0f} s")
        previous = found
        time.sleep(0.03)


def by_text(cls: str, text: str) -> Callable[[UIElement], bool]:
    """A matcher: an element of class ``cls`` whose text is ``text``."""
    return lambda e: e.class_name == cls and e.text.strip() == text


def described(description: str) -> Callable[[UIElement], bool]:
    """A matcher: an element whose content description is ``description``."""
    return lambda e: e.content_description == description


def clickable_text(text: str) -> Callable[[UIElement], bool]:
    """A matcher: a clickable element whose text is ``text``."""
    return lambda e: e.clickable and e.text == text


def tap(env: Env, element: UIElement, on_screen: list[UIElement] | None = None) -> None:
    """Tap ``element`` where nothing drawn after it covers it (MiniWoB places buttons
    that overlap); ``on_screen`` is the tree it came from, read again if None."""
    x, y = clear_point(element, elements(env) if on_screen is None else on_screen)
    env.execute_action(Action(action_type="click", x=x, y=y))


def clear_point(element: UIElement, on_screen: list[UIElement]) -> tuple[int, int]:
    """A point of ``element`` that no later clickable element covers (later in the tree
    is drawn on top); its centre when every point is covered."""
    box = element.bounds
    assert box is not None
    later = on_screen[on_screen.index(element) + 1 :] if element in on_screen else []
    covers = [
        e.bounds
        for e in later
        if e.clickable and e.bounds is not None and not _contains(e.bounds, box)
    ]
    steps = (0.5, 0.25, 0.75, 0.1, 0.9)
    for fy in steps:
        for fx in steps:
            x = round(box.left + (box.right - box.left) * fx)
            y = round(box.top + (box.bottom - box.top) * fy)
            if not any(c.left <= x < c.right and c.top <= y < c.bottom for c in covers):
                return x, y
    return box.center


def _contains(outer: BoundingBox, inner: BoundingBox) -> bool:
    return (
        outer.left <= inner.left
        and outer.top <= inner.top
        and outer.right >= inner.right
        and outer.bottom >= inner.bottom
    )


def type_into(env: Env, element: UIElement, text: str) -> None:
    """Tap ``element`` and type ``text`` into it (the ``input_text`` action)."""
    assert element.bounds is not None
    x, y = element.bounds.center
    env.execute_action(Action(action_type="input_text", text=text, x=x, y=y))


def quoted(utterance: str) -> list[str]:
    """The double-quoted strings of an utterance, in order."""
    return re.findall(r'"([^"]*)"', utterance)


def _one_quoted(utterance: str) -> str:
    found = quoted(utterance)
    if not found:
        raise SolverError(f"no quoted text in the utterance {utterance!r}")
    return found[0]


def submit(env: Env, label: str = "Submit") -> None:
    """Tap the button labelled ``label``."""
    tap(env, find(env, by_text(BUTTON, label), f"{label!r} button"))


def edit_texts(env: Env) -> list[UIElement]:
    """The text fields on screen, in document order."""
    return [e for e in elements(env) if e.class_name == EDIT_TEXT]


# --- the solvers --------------------------------------------------------------------------
@_solves("click-button", "unicode-test", "click-test-2")
def _click_named_button(env: Env, utterance: str) -> None:
    # "Click on the "Yes" button." / "Click button ONE."
    found = quoted(utterance)
    name = found[0] if found else utterance.rstrip(".").rsplit(" ", 1)[-1]
    tap(env, find(env, by_text(BUTTON, name), f"button {name!r}"))


@_solves("click-test")
def _click_the_button(env: Env, utterance: str) -> None:
    del utterance
    tap(env, find(env, lambda e: e.class_name == BUTTON, "button"))


@_solves("click-button-sequence")
def _click_sequence(env: Env, utterance: str) -> None:
    # "Click button ONE, then click button TWO."
    for name in re.findall(r"button (\w+)", utterance):
        tap(env, find(env, by_text(BUTTON, name), f"button {name!r}"))


@_solves("click-link")
def _click_link(env: Env, utterance: str) -> None:
    name = _one_quoted(utterance)
    tap(env, find(env, lambda e: e.clickable and e.text == name, f"link {name!r}"))


@_solves("click-option")
def _click_option(env: Env, utterance: str) -> None:
    # "Select S4 and click Submit."
    name = re.fullmatch(r"Select (.*) and click Submit\.", utterance)
    if name is None:
        raise SolverError(f"unexpected utterance {utterance!r}")
    tap(env, find(env, by_text(RADIO_BUTTON, name.group(1)), f"option {name.group(1)!r}"))
    submit(env)


@_solves("click-checkboxes", "click-checkboxes-transfer", "click-checkboxes-large")
def _click_checkboxes(env: Env, utterance: str) -> None:
    # "Select nothing and click Submit." / "Select 3hIU, Qqi and click Submit."
    match = re.fullmatch(r"Select (.*) and click Submit\.", utterance)
    if match is None:
        raise SolverError(f"unexpected utterance {utterance!r}")
    wanted = set() if match.group(1) == "nothing" else set(match.group(1).split(", "))
    for box in [e for e in elements(env) if e.class_name == CHECK_BOX]:
        if (box.text in wanted) != box.checked:
            tap(env, box)
    submit(env)


@_solves("click-dialog", "click-dialog-2")
def _click_dialog(env: Env, utterance: str) -> None:
    # "Close the dialog box by clicking the "x"." / "... dialog box labeled "OK"."
    label = _one_quoted(utterance)
    if label.lower() == "x":
        target = find(
            env,
            lambda e: e.class_name == BUTTON and "close" in (e.content_description.lower()),
            "dialog close button",
        )
    else:
        target = find(env, by_text(BUTTON, label), f"dialog button {label!r}")
    tap(env, target)


@_solves("click-tab")
def _click_tab(env: Env, utterance: str) -> None:
    tab = re.search(r"Tab #\d+", utterance)
    if tab is None:
        raise SolverError(f"no tab named in {utterance!r}")
    tap(env, find(env, lambda e: e.clickable and e.text == tab.group(0), tab.group(0)))


def _tabs(env: Env) -> list[UIElement]:
    # The tabs are the clickable labels inside the tab bar (a list).
    found = elements(env)
    bars = [e.bounds for e in found if e.class_name == LIST_VIEW and e.bounds is not None]
    if not bars:
        raise SolverError("no tab bar on screen")
    return [
        e
        for e in found
        if e.clickable and e.class_name == TEXT_VIEW and e.bounds and _contains(bars[0], e.bounds)
    ]


@_solves("click-tab-2", "click-tab-2-hard")
def _click_link_in_tabs(env: Env, utterance: str) -> None:
    # "Switch between the tabs to find and click on the link "porttitor"."
    name = _one_quoted(utterance)
    for index in range(len(_tabs(env))):
        tap(env, _tabs(env)[index])
        links = [e for e in elements(env) if e.clickable and e.text == name]
        if links:
            tap(env, links[0])
            return
    raise SolverError(f"link {name!r} is in no tab")


@_solves("click-collapsible")
def _click_collapsible(env: Env, utterance: str) -> None:
    del utterance
    tap(env, find(env, lambda e: e.clickable and e.text.startswith("Section #"), "section"))
    submit(env)


@_solves("click-collapsible-2")
def _click_link_in_sections(env: Env, utterance: str) -> None:
    name = _one_quoted(utterance)
    sections = [e.text for e in elements(env) if e.clickable and e.text.startswith("Section #")]
    for section in sections:
        tap(env, find(env, clickable_text(section), section))
        try:
            link = find(env, lambda e: e.clickable and e.text == name, f"link {name!r}", 1.0)
        except SolverError:
            continue
        tap(env, link)
        return
    raise SolverError(f"link {name!r} is in no section")


@_solves("enter-text", "enter-text-dynamic")
def _enter_text(env: Env, utterance: str) -> None:
    text = _one_quoted(utterance)
    type_into(env, find(env, lambda e: e.class_name == EDIT_TEXT, "text field"), text)
    submit(env)


@_solves("enter-password")
def _enter_password(env: Env, utterance: str) -> None:
    password = _one_quoted(utterance)
    for field in edit_texts(env):
        type_into(env, field, password)
    submit(env)


@_solves("login-user")
def _login_user(env: Env, utterance: str) -> None:
    username, password = quoted(utterance)[:2]
    fields = {e.resource_id: e for e in edit_texts(env)}
    type_into(env, fields["username"], username)
    type_into(env, fields["password"], password)
    submit(env, "Login")


@_solves("focus-text")
def _focus_text(env: Env, utterance: str) -> None:
    del utterance
    tap(env, find(env, lambda e: e.class_name == EDIT_TEXT, "text field"))


@_solves("focus-text-2")
def _focus_nth_text(env: Env, utterance: str) -> None:
    # "Focus into the 3rd input textbox."
    match = re.search(r"(\d+)(st|nd|rd|th) input", utterance)
    if match is None:
        raise SolverError(f"no position in {utterance!r}")
    tap(env, edit_texts(env)[int(match.group(1)) - 1])


@_solves("find-word")
def _find_word(env: Env, utterance: str) -> None:
    # "Find the 4th word in the paragraph, type that into the textbox and press "Submit"."
    match = re.search(r"(\d+)(st|nd|rd|th) word", utterance)
    if match is None:
        raise SolverError(f"no position in {utterance!r}")
    paragraph = _paragraph(elements(env))
    words = paragraph.split()
    word = re.sub(r"[^a-zA-Z0-9]", "", words[int(match.group(1)) - 1])
    type_into(env, find(env, lambda e: e.class_name == EDIT_TEXT, "answer field"), word)
    submit(env)


def _paragraph(found: Iterable[UIElement]) -> str:
    texts = [e.text for e in found if e.class_name == TEXT_VIEW and e.resource_id != "query"]
    if not texts:
        raise SolverError("no paragraph on screen")
    return max(texts, key=len)


@_solves("read-table")
def _read_table(env: Env, utterance: str) -> None:
    # "Enter the value of Gender into the text field and press Submit."
    match = re.search(r"value of (.*) into the text field", utterance)
    if match is None:
        raise SolverError(f"no key in {utterance!r}")
    cells = [e for e in elements(env) if e.class_name == TEXT_VIEW and e.resource_id != "query"]
    for key, value in itertools.pairwise(cells):
        if key.text == match.group(1):
            type_into(env, find(env, lambda e: e.class_name == EDIT_TEXT, "text field"), value.text)
            submit(env)
            return
    raise SolverError(f"no row {match.group(1)!r} in the table")


_OPERATORS: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "x": lambda a, b: a * b,
    "*": lambda a, b: a * b,
}


@_solves("simple-arithmetic")
def _simple_arithmetic(env: Env, utterance: str) -> None:
    del utterance
    problem = find(env, lambda e: e.resource_id == "math-problem", "math problem")
    match = re.fullmatch(r"\s*(-?\d+)\s*([-+x*])\s*(-?\d+)\s*=\s*", problem.text)
    if match is None:
        raise SolverError(f"cannot read the problem {problem.text!r}")
    answer = _OPERATORS[match.group(2)](int(match.group(1)), int(match.group(3)))
    type_into(env, find(env, lambda e: e.resource_id == "math-answer", "answer"), str(answer))
    submit(env)


SPINNER = "android.widget.Spinner"
CHECKED_TEXT_VIEW = "android.widget.CheckedTextView"


def pick_options(env: Env, names: list[str]) -> None:
    """Open the drop-down and pick ``names`` in the phone's select dialog (check each
    row and confirm with OK when the list takes several)."""
    tap(env, find(env, lambda e: e.class_name == SPINNER, "drop-down list"))
    for name in names:
        row = find(env, by_text(CHECKED_TEXT_VIEW, name), name)
        tap(env, row)
    if len(names) > 1 or any(e.text == "OK" for e in elements(env)):
        submit(env, "OK")


@_solves("choose-list")
def _choose_list(env: Env, utterance: str) -> None:
    # "Select Niue from the list and click Submit."
    match = re.fullmatch(r"Select (.*) from the list and click Submit\.", utterance)
    if match is None:
        raise SolverError(f"unexpected utterance {utterance!r}")
    pick_options(env, [match.group(1)])
    submit(env)


@_solves("click-scroll-list")
def _click_scroll_list(env: Env, utterance: str) -> None:
    # "Select Cuba, Bermuda from the scroll list and click Submit."
    match = re.fullmatch(r"Select (.*) from the scroll list and click Submit\.", utterance)
    if match is None:
        raise SolverError(f"unexpected utterance {utterance!r}")
    pick_options(env, match.group(1).split(", "))
    submit(env)


_MOVIE_FIELDS = {"genre": ("genre",), "director": ("director",), "year": ("year", "date")}


@_solves("multi-layouts", "multi-orderings")
def _movie_search(env: Env, utterance: str) -> None:
    # "Search for drama movies directed by Holloway from year 2011."
    match = re.fullmatch(r"Search for (.+) movies directed by (.+) from year (\d+)\.", utterance)
    if match is None:
        raise SolverError(f"unexpected utterance {utterance!r}")
    values = {"genre": match.group(1), "director": match.group(2), "year": match.group(3)}
    found = elements(env)
    fields = [e for e in found if e.class_name == EDIT_TEXT and e.bounds is not None]
    labels = [e for e in found if e.class_name == TEXT_VIEW and e.bounds and not e.clickable]
    for key, words in _MOVIE_FIELDS.items():
        label = next((e for e in labels if any(w in (e.text or "").lower() for w in words)), None)
        hints = [f for f in fields if any(w in f.content_description.lower() for w in words)]
        if hints:
            field = hints[0]
        elif label is not None and fields:
            field = _nearest(fields, label)
        else:
            raise SolverError(f"no field for {key} on screen")
        fields.remove(field)
        type_into(env, field, values[key])
    button = [e for e in elements(env) if e.clickable and e.text and e.class_name != EDIT_TEXT]
    if not button:
        raise SolverError("no button to send the search")
    tap(env, button[-1])


def _nearest(candidates: list[UIElement], anchor: UIElement) -> UIElement:
    return min(candidates, key=lambda c: _distance(c, anchor))


def _distance(a: UIElement, b: UIElement) -> float:
    assert a.bounds is not None and b.bounds is not None
    (ax, ay), (bx, by) = a.bounds.center, b.bounds.center
    return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5


@_solves("scroll-text-2")
def _scroll_text(env: Env, utterance: str) -> None:
    # "Scroll the textarea to the top of the text hit submit." (or "to the bottom")
    direction = "down" if "bottom" in utterance else "up"
    area = find(env, lambda e: e.scrollable and e.class_name == EDIT_TEXT, "scrollable text")
    box = area.bounds
    assert box is not None
    x, top, bottom = box.center[0], box.top + 10, box.bottom - 10
    # Quick full-height flicks (the finger moves against the direction of reading).
    start, end = (bottom, top) if direction == "down" else (top, bottom)
    for _ in range(4):
        env.device.swipe(x, start, x, end, 120)
    env.execute_action(Action(action_type="wait"))  # let the last fling come to rest
    submit(env)


@_solves("use-autocomplete")
def _use_autocomplete(env: Env, utterance: str) -> None:
    # 'Enter an item that starts with "Bang" and ends with "desh".' (the end is optional)
    parts = quoted(utterance)
    if not parts:
        raise SolverError(f"no quoted text in {utterance!r}")
    start, end = parts[0], (parts[1] if len(parts) > 1 else "")
    field = find(env, lambda e: e.class_name == EDIT_TEXT, "text field")
    type_into(env, field, start)
    suggestion = find(
        env,
        lambda e: (
            e.clickable
            and e.class_name == TEXT_VIEW
            and e.text.startswith(start)
            and e.text.endswith(end)
        ),
        f"suggestion {start}...{end}",
    )
    tap(env, suggestion)
    submit(env)


def _focus_past_popup(env: Env, field_id: str) -> None:
    """Tap the field ``field_id``; if a popup shows up instead, cancel it and tap again."""
    field = find(env, lambda e: e.resource_id == field_id, f"field {field_id}")
    tap(env, field)
    cancel = [e for e in elements(env) if e.class_name == BUTTON and e.text == "Cancel"]
    if cancel:
        tap(env, cancel[0])
        tap(env, find(env, lambda e: e.resource_id == field_id and e.enabled, field_id))


@_solves("login-user-popup")
def _login_user_popup(env: Env, utterance: str) -> None:
    # As login-user, but focusing a field may raise "Exit to home page? OK / Cancel".
    username, password = quoted(utterance)[:2]
    for field_id, text in (("username", username), ("password", password)):
        _focus_past_popup(env, field_id)
        env.execute_action(Action(action_type="input_text", text=text))
    # The form's own button (labelled "OK" here, like the popup's: pick it by its id).
    tap(env, find(env, lambda e: e.resource_id == "subbtn" and e.enabled, "login button"))


@_solves("guess-number")
def _guess_number(env: Env, utterance: str) -> None:
    # "Guess the number between 0-9 and press Submit. Use the feedback below ..."
    del utterance
    low, high = 0, 9
    for _ in range(5):  # a binary search over ten numbers needs at most four guesses
        guess = (low + high) // 2
        field = find(env, lambda e: e.class_name == EDIT_TEXT, "guess field")
        tap(env, field)
        env.device.keyevent("KEYCODE_MOVE_END")
        for _ in range(len(field.text)):
            env.device.keyevent("KEYCODE_DEL")
        env.execute_action(Action(action_type="input_text", text=str(guess)))
        submit(env)
        feedback = " ".join(e.text for e in elements(env) if e.class_name == TEXT_VIEW)
        if f"higher than {guess}" in feedback:
            low = guess + 1
        elif f"lower than {guess}" in feedback:
            high = guess - 1
        else:
            return  # no "higher"/"lower": the guess was right and the episode ended
    raise SolverError("the number was not found in five guesses")


def _expander(found: list[UIElement], index: int) -> UIElement | None:
    """The folder's expand/collapse handle: a small clickable view just left of the
    name at ``index``, on the same row (files have none)."""
    name = found[index]
    if index == 0 or name.bounds is None:
        return None
    handle = found[index - 1]
    box = handle.bounds
    if handle.class_name != "android.view.View" or not handle.clickable or box is None:
        return None
    same_row = abs(box.center[1] - name.bounds.center[1]) < (name.bounds.bottom - name.bounds.top)
    left_of = box.right <= name.bounds.left + 2 and (box.right - box.left) < 200
    return handle if same_row and left_of else None


@_solves("navigate-tree")
def _navigate_tree(env: Env, utterance: str) -> None:
    # 'Navigate through the file tree. Find and click on the folder or file named "X".'
    name = _one_quoted(utterance)
    opened: set[str] = set()
    for _ in range(12):
        found = elements(env)
        target = [e for e in found if e.clickable and e.class_name == TEXT_VIEW and e.text == name]
        if target:
            tap(env, target[0], found)
            return
        # Open one folder not opened yet (tapping a file that is not the target fails).
        for index, element in enumerate(found):
            handle = _expander(found, index)
            if handle is not None and element.text not in opened:
                opened.add(element.text)
                tap(env, handle, found)
                time.sleep(0.3)  # the tree slides open
                break
        else:
            raise SolverError(f"{name!r} is in no folder")
    raise SolverError(f"{name!r} not found after opening {len(opened)} folders")


_RESULTS_PER_PAGE = 3


@_solves("search-engine")
def _search_engine(env: Env, utterance: str) -> None:
    # 'Use the textbox to enter "Rex" and press "Search", then find and click the 2nd
    # search result.' Results come three to a page, with page numbers below them.
    query = _one_quoted(utterance)
    match = re.search(r"(\d+)(st|nd|rd|th) search result", utterance)
    if match is None:
        raise SolverError(f"no result position in {utterance!r}")
    position = int(match.group(1)) - 1
    type_into(env, find(env, lambda e: e.class_name == EDIT_TEXT, "search box"), query)
    submit(env, "Search")
    page, index = divmod(position, _RESULTS_PER_PAGE)
    if page > 0:
        tap(env, find(env, _in_pagination(str(page + 1)), f"page {page + 1}"))
    pager = find(env, lambda e: e.class_name == LIST_VIEW, "page numbers")
    assert pager.bounds is not None
    top = pager.bounds.top
    links = [
        e
        for e in elements(env)
        if e.clickable
        and e.class_name == TEXT_VIEW
        and e.bounds is not None
        and e.bounds.bottom <= top
        and e.resource_id != "query"
    ]
    if index >= len(links):
        raise SolverError(f"page {page + 1} shows {len(links)} results, not {index + 1}")
    tap(env, links[index])


def _in_pagination(text: str) -> Callable[[UIElement], bool]:
    return lambda e: e.clickable and e.class_name == TEXT_VIEW and e.text == text


@_solves("simple-algebra")
def _simple_algebra(env: Env, utterance: str) -> None:
    # "Solve for x ...": the problem reads "x + 5 = 67", "x - 3 = 7" or "4 - x = 1".
    del utterance
    problem = find(env, lambda e: e.resource_id == "math-problem", "equation").text
    match = re.fullmatch(r"\s*(x|-?\d+)\s*([-+])\s*(x|-?\d+)\s*=\s*(-?\d+)\s*", problem)
    if match is None or "x" not in (match.group(1), match.group(3)):
        raise SolverError(f"cannot read the equation {problem!r}")
    left, op, right, total = match.groups()
    if op == "+":
        answer = int(total) - int(right if left == "x" else left)
    elif left == "x":  # x - d = t
        answer = int(total) + int(right)
    else:  # d - x = t
        answer = int(left) - int(total)
    type_into(env, find(env, lambda e: e.resource_id == "math-answer", "answer"), str(answer))
    submit(env)


@_solves("text-transform")
def _text_transform(env: Env, utterance: str) -> None:
    # "Type the text below into the text field": letters drawn one by one, skewed.
    del utterance
    found = elements(env)
    field_at = next(i for i, e in enumerate(found) if e.class_name == EDIT_TEXT)
    letters = [
        e.text for e in found[:field_at] if e.class_name == TEXT_VIEW and e.resource_id != "query"
    ]
    type_into(env, found[field_at], "".join(letters))
    submit(env)


def _slider_value(env: Env) -> int:
    return int(find(env, lambda e: e.resource_id == "val", "slider value").text)


@_solves("use-slider")
def _use_slider(env: Env, utterance: str) -> None:
    # "Select 43 with the slider and hit Submit." The range is not shown: tap the track
    # twice to learn where values lie, tap where the target should be, then step with
    # the arrow keys (the tapped handle has the focus).
    match = re.search(r"Select (-?\d+) with the slider", utterance)
    if match is None:
        raise SolverError(f"no value in {utterance!r}")
    target = int(match.group(1))
    track = find(env, lambda e: e.resource_id == "slider", "slider")
    box = track.bounds
    assert box is not None
    vertical = (box.bottom - box.top) > (box.right - box.left)

    def point(fraction: float) -> tuple[int, int]:
        if vertical:  # the minimum is at the bottom
            return box.center[0], round(box.bottom - (box.bottom - box.top) * fraction)
        return round(box.left + (box.right - box.left) * fraction), box.center[1]

    samples = []
    for fraction in (0.25, 0.75):
        x, y = point(fraction)
        env.execute_action(Action(action_type="click", x=x, y=y))
        samples.append((fraction, _slider_value(env)))
    (f1, v1), (f2, v2) = samples
    if v1 != v2:
        fraction = min(1.0, max(0.0, f1 + (target - v1) * (f2 - f1) / (v2 - v1)))
        x, y = point(fraction)
        env.execute_action(Action(action_type="click", x=x, y=y))
    for _ in range(10):
        value = _slider_value(env)
        if value == target:
            break
        up = "KEYCODE_DPAD_UP" if vertical else "KEYCODE_DPAD_RIGHT"
        down = "KEYCODE_DPAD_DOWN" if vertical else "KEYCODE_DPAD_LEFT"
        env.device.keyevent(up if value < target else down)
    submit(env)


def _axis(found: list[UIElement], prefix: str, horizontal: bool) -> Callable[[float], float]:
    """Device-pixel position of a value on one axis, fitted to its tick labels
    (``x-n2`` ... ``x-p2``: each label sits at its value)."""
    ticks = []
    for e in found:
        if e.resource_id.startswith(prefix) and e.bounds is not None:
            try:
                value = float(e.text)
            except ValueError:
                continue
            ticks.append((value, e.bounds.center[0] if horizontal else e.bounds.center[1]))
    if len(ticks) < 2:
        raise SolverError(f"fewer than two {prefix} tick labels on screen")
    (v1, p1), (v2, p2) = min(ticks), max(ticks)
    return lambda value: p1 + (value - v1) * (p2 - p1) / (v2 - v1)


@_solves("grid-coordinate")
def _grid_coordinate(env: Env, utterance: str) -> None:
    # "Click on the grid coordinate (-2,1)."
    match = re.search(r"\((-?\d+),\s*(-?\d+)\)", utterance)
    if match is None:
        raise SolverError(f"no coordinate in {utterance!r}")
    found = elements(env)
    x = _axis(found, "x-", horizontal=True)(int(match.group(1)))
    y = _axis(found, "y-", horizontal=False)(int(match.group(2)))
    env.execute_action(Action(action_type="click", x=round(x), y=round(y)))


@_solves("terminal")
def _terminal(env: Env, utterance: str) -> None:
    # "Use the terminal below to delete a file ending with the extension .sh" (or "that
    # has no file extension"): list the files, remove the one that fits.
    match = re.search(r"extension (\.\S+?)\.?$", utterance)
    wanted_extension = match.group(1) if match else None
    if wanted_extension is None and "no file extension" not in utterance:
        raise SolverError(f"which file to delete? {utterance!r}")
    tap(env, find(env, lambda e: e.resource_id == "terminal", "terminal"))
    env.execute_action(Action(action_type="input_text", text="ls"))
    env.execute_action(Action(action_type="keyboard_enter"))
    lines = [e.text for e in elements(env) if e.class_name == TEXT_VIEW]
    listing = lines[lines.index("user$ ls") + 1].split()
    if wanted_extension is not None:
        # The page checks with the first occurrence of the extension's letters, so
        # "bash.sh" does not count as ending in "sh": pick a name it does accept.
        # (When every such file trips that check, the instance cannot score 1: delete
        # the right file anyway.)
        bare = wanted_extension.lstrip(".")
        fitting = [name for name in listing if name.endswith(wanted_extension)]
        targets = [n for n in fitting if n.find(bare) + len(bare) == len(n)] or fitting
    else:
        targets = [name for name in listing if "." not in name]
    if not targets:
        raise SolverError(f"no file to delete among {listing}")
    env.execute_action(Action(action_type="input_text", text=f"rm {targets[0]}"))
    env.execute_action(Action(action_type="keyboard_enter"))


def _fill_picker(env: Env, values: dict[str, str]) -> None:
    """Open the phone's date or time dialog from the page's field, type each value into
    the picker field whose description is its key, and confirm."""
    tap(env, find(env, lambda e: e.resource_id == "tt", "date or time field"))
    for label, value in values.items():
        field = find(env, described(label), f"{label} picker")
        type_into(env, field, value)
    submit(env, "OK")


@_solves("enter-date")
def _enter_date(env: Env, utterance: str) -> None:
    # "Enter 10/12/2010 as the date and hit submit."
    match = re.search(r"(\d{1,2})/(\d{1,2})/(\d{4})", utterance)
    if match is None:
        raise SolverError(f"no date in {utterance!r}")
    month, day, year = match.groups()
    _fill_picker(env, {"Month": month, "Day": day, "Year": year})
    submit(env)


@_solves("enter-time")
def _enter_time(env: Env, utterance: str) -> None:
    # "Enter 10:24 AM as the time and press submit."
    match = re.search(r"(\d{1,2}):(\d{2})\s*([AP]M)", utterance)
    if match is None:
        raise SolverError(f"no time in {utterance!r}")
    hour, minute, half = match.groups()
    _fill_picker(env, {"Hour": hour, "Minute": minute, "AM/PM": half})
    submit(env)
