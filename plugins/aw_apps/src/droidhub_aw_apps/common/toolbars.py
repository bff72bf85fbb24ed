"""AppCompat's Toolbar as the apps whose layouts name ``androidx.appcompat.widget.Toolbar``
inflate it (Markor, Broccoli): a 56 dp frame (a dump reports it as
``android.view.ViewGroup``) holding, each centred vertically, the navigation button at
its start, the title after it and the action menu at its end.

Facts from AppCompat's ``Toolbar`` layout: the navigation button is a 56 dp square
ImageButton (24 dp icon, 16 dp padding); the title starts at ``contentInsetStart``
(16 dp) or, after a navigation button, at ``contentInsetStartWithNavigation`` (72 dp).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import droidhub.virtual.views as views

_START_CENTRE = views.Gravity.LEFT | views.Gravity.CENTER_VERTICAL
_END_CENTRE = views.Gravity.RIGHT | views.Gravity.CENTER_VERTICAL


def navigation_button(
    icon: str, description: str, on_click: Callable[[], object], tint: str
) -> views.ImageButton:
    """The toolbar's navigation button: ``icon`` in ``tint``, described ``description``
    (Navigate up, Open navigation drawer, Collapse)."""
    return views.ImageButton(
        "",
        icon,
        tint=tint,
        content_desc=description,
        on_click=on_click,
        padding=16,
        width=56,
        height=56,
        layout_gravity=_START_CENTRE,
    )


def appcompat_toolbar(
    id: str,
    navigation: views.View | None,
    title: views.View | None,
    end: Sequence[views.View],
    *,
    background: str,
    title_end: float = 0,
) -> views.ViewGroupFrame:
    """The Toolbar ``id`` on ``background``: the ``navigation`` button, the ``title``
    view (its end ``title_end`` dp before the toolbar's, clear of the menu) and the
    ``end`` views (the action menu, a button), each that has no gravity of its own
    at the end."""
    children: list[views.View] = []
    if navigation is not None:
        children.append(navigation)
    if title is not None:
        start = 72 if navigation is not None else 16
        title.margin = (views.dp(start), 0, views.dp(title_end), 0)
        title.layout_gravity = _START_CENTRE
        children.append(title)
    for view in end:
        view.layout_gravity = view.layout_gravity or _END_CENTRE
        children.append(view)
    return views.ViewGroupFrame(
        id, *children, width=views.MATCH_PARENT, height=56, background=background
    )
