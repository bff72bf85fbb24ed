"""Solvers of the social-media pages: a scrolling feed of posts, each with a header
("Name @user 3h ago"), a body, and a row of icon buttons.

The icons carry no text or description in the UI tree (as on AndroidWorld's phone:
they are empty spans styled by the page), so a solver knows them the way a person
does, by their place in the row: reply, retweet, like, then "more" (social-media, whose
menu lists Share via DM, Copy link to Tweet, Embed Tweet, Mute, Block and Report) or
share (social-media-all, -some).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import ImageStat

from droidhub import Action, BoundingBox, UIElement
from droidhub_miniwob.solvers.registry import SolverError, solves
from droidhub_miniwob.solvers.screen import (
    BUTTON,
    LIST_VIEW,
    TEXT_VIEW,
    by_text,
    elements,
    find,
    look,
    read_utterance,
    tap,
)

if TYPE_CHECKING:
    from droidhub import Env

#: The icon row's buttons, in order, by the name the utterance gives them.
ICONS = ("Reply", "Retweet", "Like")
_HEADER = re.compile(r"^(?P<name>.*?) (?P<user>@\S+)(?: \d+h ago)?$")
_MAX_SCROLLS = 20
#: Pixels an element must keep from the feed's edges to count as fully shown.
_EDGE = 4
#: How long a scrolled feed may take to come to rest.
_SETTLE_S = 1.5
#: Pause before tapping an icon a second time.
_RETAP_S = 0.4
#: Where a dragged icon row stops below the feed's top (its header above it, its menu
#: below it, both inside the feed), and how slowly it is dragged (not to fling).
_ROW_TOP = 230
_DRAG_MS = 900
_MENU_DRAGS = 3
#: How long a tapped "more" icon may take to show its menu.
_MENU_WAIT_S = 1.2
#: How many taps an icon may take to turn on, and how long its picture may take to change.
_TOGGLE_TRIES = 3
_TOGGLE_WAIT_S = 1.0
#: Mean difference per channel (0..255) between an icon's two pictures.
_PICTURE_CHANGED = 8.0


@dataclass(frozen=True)
class Post:
    """A post whose header and icon row are on screen."""

    user: str
    #: Header and body text: tells posts apart across scrolls.
    key: tuple[str, str]
    icons: list[UIElement]


def _area(on_screen: list[UIElement]) -> UIElement:
    for e in on_screen:
        if e.resource_id == "area":
            return e
    raise SolverError("no feed (#area) on screen")


def _unclipped(box: BoundingBox, area: BoundingBox) -> bool:
    """Whether ``box`` lies inside the feed, clear of its edges (the feed clips what
    crosses them, and a clipped box reads as a thin one)."""
    return area.top + _EDGE <= box.top and box.bottom <= area.bottom - _EDGE


def visible_posts(on_screen: list[UIElement]) -> list[Post]:
    """The posts whose whole icon row lies inside the feed's box."""
    area = _area(on_screen).bounds
    assert area is not None
    posts = []
    for i, e in enumerate(on_screen):
        match = _HEADER.match(e.text) if e.class_name == TEXT_VIEW else None
        if not match:
            continue
        after = on_screen[i + 1 : i + 8]
        body = next((x.text for x in after if x.class_name == TEXT_VIEW), "")
        icons = [x for x in after if x.clickable and not x.text][:4]
        inside = all(x.bounds is not None and _unclipped(x.bounds, area) for x in icons)
        if len(icons) == 4 and inside:
            posts.append(Post(match.group("user"), (e.text, body), icons))
    return posts


def _text_boxes(env: Env) -> list[object]:
    return [(e.text, e.bounds) for e in elements(env) if e.class_name == TEXT_VIEW]


def _scroll_feed(env: Env) -> bool:
    """Scroll the feed down by about half its height and wait for it to come to rest;
    False when it did not move (its end was on screen)."""
    on_screen = elements(env)
    before = [(e.text, e.bounds) for e in on_screen if e.class_name == TEXT_VIEW]
    area = _area(on_screen)
    env.execute_action(Action(action_type="scroll", direction="down", index=on_screen.index(area)))
    deadline = time.monotonic() + _SETTLE_S
    last = _text_boxes(env)
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = _text_boxes(env)
        if now == last and now != before:
            return True
        last = now
    return last != before


def _raise_post(env: Env, post: Post) -> tuple[Post, list[UIElement]]:
    """Drag the feed slowly until ``post``'s icon row is high in the feed, with room
    below it for the menu "more" opens (the feed clips what overflows it) and its
    header still on screen; the post and the screen then."""
    on_screen = elements(env)
    area = _area(on_screen).bounds
    top = post.icons[0].bounds
    assert area is not None and top is not None
    target = area.top + _ROW_TOP
    if top.top > target:
        x, start = top.left, area.bottom - 20
        env.device.swipe(x, start, x, start - (top.top - target), _DRAG_MS)
        time.sleep(_RETAP_S)
        on_screen = elements(env)
    same = [p for p in visible_posts(on_screen) if p.key == post.key]
    if not same:
        raise SolverError(f"the post by {post.user} left the screen")
    return same[0], on_screen


@solves("social-media")
def _social_media(env: Env, utterance: str) -> None:
    # 'For the user @vina, click on the "Share via DM" button.'
    match = read_utterance(r'For the user (\S+), click on the "(.+)" button\.', utterance)
    user, action = match.groups()
    for _ in range(_MAX_SCROLLS):
        on_screen = elements(env)
        post = next((p for p in visible_posts(on_screen) if p.user == user), None)
        if post is not None:
            break
        if not _scroll_feed(env):
            raise SolverError(f"no post by {user} in the feed")
    else:
        raise SolverError(f"no post by {user} after {_MAX_SCROLLS} scrolls")
    # This page swaps each icon's picture on hover for one it has not loaded yet, and
    # Chromium drops a tap whose target changes under the finger: the first tap on an
    # icon only shows its hover picture. Tap again, as a person would; once the episode
    # has ended, the page ignores taps.
    if action in ICONS:
        icon = post.icons[ICONS.index(action)]
        tap(env, icon, on_screen)
        time.sleep(_RETAP_S)
        tap(env, icon, on_screen)
        return

    def menu_item(e: UIElement) -> bool:
        return e.clickable and e.text.startswith(action)

    post, on_screen = _raise_post(env, post)

    def menu_open() -> bool:
        return any(e.class_name == LIST_VIEW or menu_item(e) for e in elements(env))

    for _ in range(2):  # "more" opens the menu under the icon (a second tap closes it)
        tap(env, post.icons[3], on_screen)
        deadline = time.monotonic() + _MENU_WAIT_S
        while not menu_open() and time.monotonic() < deadline:
            time.sleep(0.05)
        if menu_open():
            break
    area = _area(on_screen).bounds
    assert area is not None
    for _ in range(_MENU_DRAGS):  # the feed clips a long menu: drag the rest into view
        if any(menu_item(e) for e in elements(env)):
            break
        x, start = area.left + 20, area.bottom - 20
        env.device.swipe(x, start, x, start - (area.bottom - area.top) // 3, _DRAG_MS)
        time.sleep(_RETAP_S)
    tap(env, find(env, menu_item, f"menu item {action!r}"))


def _picture(env: Env, box: BoundingBox) -> list[float]:
    """The mean colour of ``box`` on screen now."""
    _, shot = look(env)
    crop = shot.crop((box.left, box.top, box.right, box.bottom))
    return list(ImageStat.Stat(crop).mean)


def _turn_on(env: Env, post: Post, column: int, on_screen: list[UIElement]) -> None:
    """Tap the icon in ``column`` of ``post`` until it shows turned on.

    An icon shows the same picture turned on as under the finger (the page styles
    ``:hover`` and ``.active`` alike), and Chromium drops a tap whose target changes
    its picture under the finger (see :func:`_social_media`). So after each tap the
    finger moves off (a tap on the post's header, which does nothing), and the icon
    counts as on once its picture differs from the one it had before the first tap.
    """
    icon = post.icons[column]
    box = icon.bounds
    assert box is not None
    header = next(e for e in on_screen if e.class_name == TEXT_VIEW and e.text == post.key[0])
    before = _picture(env, box)
    for _ in range(_TOGGLE_TRIES):
        tap(env, icon, on_screen)
        time.sleep(_RETAP_S)
        tap(env, header, on_screen)
        deadline = time.monotonic() + _TOGGLE_WAIT_S
        while time.monotonic() < deadline:
            now = _picture(env, box)
            change = sum(abs(a - b) for a, b in zip(now, before, strict=True)) / 3
            if change > _PICTURE_CHANGED:
                return
            time.sleep(0.1)
    raise SolverError(f"the {(*ICONS, 'Share')[column]} icon of a post by {post.user} stayed off")


def _mark_posts(env: Env, user: str, icon: str, wanted: int | None) -> None:
    """Tap ``icon`` on posts by ``user`` from the top of the feed down, ``wanted`` of
    them (all when None), then tap Submit at the feed's end."""
    column = (*ICONS, "Share").index(icon)
    done: set[tuple[str, str]] = set()
    for _ in range(_MAX_SCROLLS):
        on_screen = elements(env)
        for post in visible_posts(on_screen):
            if (
                post.user == user
                and post.key not in done
                and (wanted is None or len(done) < wanted)
            ):
                _turn_on(env, post, column, on_screen)
                done.add(post.key)
        if wanted is not None and len(done) == wanted:
            break
        if not _scroll_feed(env):
            break
    if wanted is not None and len(done) < wanted:
        raise SolverError(f"found {len(done)} posts by {user}, {wanted} wanted")
    for _ in range(_MAX_SCROLLS):
        on_screen = elements(env)
        area = _area(on_screen).bounds
        button = next((e for e in on_screen if by_text(BUTTON, "Submit")(e)), None)
        box = button.bounds if button is not None else None
        if button is not None and box is not None and area is not None and _unclipped(box, area):
            tap(env, button, on_screen)
            return
        if not _scroll_feed(env):  # the feed's end: Submit is as far up as it goes
            if button is not None:
                tap(env, button)
                return
            break
    raise SolverError("no Submit button at the end of the feed")


@solves("social-media-all")
def _social_media_all(env: Env, utterance: str) -> None:
    # 'Click the "Like" button on all posts by @vina and then click Submit.'
    match = read_utterance(
        r'Click the "(\w+)" button on all posts by (\S+) and then click Submit\.', utterance
    )
    _mark_posts(env, match.group(2), match.group(1), None)


@solves("social-media-some")
def _social_media_some(env: Env, utterance: str) -> None:
    # 'Click the "Retweet" button on 2 posts by @vina and then click Submit.'
    match = read_utterance(
        r'Click the "(\w+)" button on (\d+) posts? by (\S+) and then click Submit\.', utterance
    )
    _mark_posts(env, match.group(3), match.group(1), int(match.group(2)))
