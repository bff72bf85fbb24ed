"""How far a list moves under a drag on the phone: Android 13's touch slop and fling.

A list (RecyclerView, ListView, ScrollView) follows the finger once it has moved past
the touch slop, and takes the slop off the distance. When the finger lifts faster
than the minimum fling velocity, the list flings on for the distance Android's
``OverScroller`` gives that velocity (its spline, with the scroll friction and this
screen's density), the velocity capped at the maximum. ``input swipe`` moves the finger
at one speed, its travel over its duration, which is the velocity Android's
VelocityTracker reads.

Facts: ``ViewConfiguration`` (touch slop 8 dp, fling velocities 50 and 8,000 dp a
second, scroll friction 0.015) and ``SplineOverScroller`` (deceleration from gravity,
39.37 inches a metre, the screen's pixels an inch and 0.84; inflexion 0.35;
deceleration rate ln 0.78 / ln 0.9). The virtual phone's lists move by these, and a
UI solver reads them to know how far a scroll action carries a list.
"""

from __future__ import annotations

import math

from droidhub.android.phone import PIXEL_6

#: ``ViewConfiguration``'s touch slop (8 dp) and fling velocities (50 and 8,000 dp a
#: second) in this screen's pixels, and its scroll friction.
TOUCH_SLOP = round(8 * PIXEL_6.scale)
MIN_FLING_VELOCITY = round(50 * PIXEL_6.scale)
MAX_FLING_VELOCITY = round(8000 * PIXEL_6.scale)
SCROLL_FRICTION = 0.015
_PHYSICAL = 9.80665 * 39.37 * PIXEL_6.density * 0.84
_INFLEXION = 0.35
_RATE = math.log(0.78) / math.log(0.9)


def fling_distance(velocity: float) -> int:
    """How far a list glides on after the finger lifts at ``velocity`` px a second
    (signed as the scroll): 0 below the minimum fling velocity."""
    speed = min(abs(velocity), MAX_FLING_VELOCITY)
    if speed < MIN_FLING_VELOCITY:
        return 0
    friction = SCROLL_FRICTION * _PHYSICAL
    spline = math.log(_INFLEXION * speed / friction)
    return round(math.copysign(friction * math.exp(_RATE / (_RATE - 1) * spline), velocity))


def drag_travel(travel: int, duration_ms: int) -> int:
    """How far a list moves (positive: its content up) under a drag whose finger moves
    ``travel`` px up in ``duration_ms``: the travel less the slop, then the fling; 0
    for a drag within the slop."""
    if abs(travel) <= TOUCH_SLOP:
        return 0
    dragged = travel - TOUCH_SLOP if travel > 0 else travel + TOUCH_SLOP
    return dragged + fling_distance(travel * 1000 / max(duration_ms, 1))
