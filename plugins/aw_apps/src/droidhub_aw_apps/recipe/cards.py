"""The recipe list as a UI solver reads it: each card where it lies in the whole list.

A scroll drags from the list's middle to its edge and the list flings on: it moves by
:func:`droidhub.agents.ui_solver.scroll_travel`, unless its top or end stops it first,
and may leave less than a card in common with the screen before. Cards with the same
title and description look alike, so matching screens by content alone cannot tell how
far the list moved (a run of eight look-alike cards reads the same one card further
down). :class:`CardList` places every card by its top in list coordinates (its top on
screen plus the list's offset) and takes as the new offset the one that puts every
card seen before back where it was seen, nearest to where the scroll moved it.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from droidhub import Action, State
from droidhub.agents.ui_solver import (
    SolverError,
    find,
    find_all,
    list_on_top,
    scroll_list,
    scroll_travel,
)

#: A card's face: title, description, source.
Face = tuple[str, str, str]
_PARTS = ("card_text_view_title", "card_text_view_description", "card_text_view_source")


@dataclass(frozen=True)
class ShownCard:
    """A card on screen: its element, its box on screen and what it shows (None
    while part of it is cut off)."""

    index: int
    top: int
    bottom: int
    face: Face | None


def shown_cards(state: State) -> list[ShownCard]:
    """The recipe cards on screen, top to bottom."""
    elements = state.ui_elements
    cards = find_all(state, class_name="CardView")
    shown = []
    for n, i in enumerate(cards):
        end = cards[n + 1] if n + 1 < len(cards) else len(elements)
        texts = {e.resource_id.rpartition("/")[2]: e.text for e in elements[i + 1 : end]}
        face = tuple(texts[p] for p in _PARTS) if all(p in texts for p in _PARTS) else None
        box = elements[i].bounds
        if box is not None:
            shown.append(ShownCard(i, box.top, box.bottom, face))  # type: ignore[arg-type]
    return shown


class CardList:
    """What the solver knows of the list: the face of each card by its top in list
    coordinates, the offset the screen shows, and whether its end has shown (once
    shown, it stays known)."""

    def __init__(self, state: State) -> None:
        self.faces: dict[int, Face] = {}
        self.offset = 0
        self.ended = False
        #: The screen's offsets cannot be told apart (see :meth:`_choose`): scroll
        #: up until cards seen before place the list again (a run of look-alikes
        #: taller than the screen takes several scrolls).
        self.lost = False
        self._card_height = 0
        self._viewport_box = (0, 0)
        self._max_offset: int | None = None
        #: Scrolls up made while lost (see :attr:`lost`).
        self._ups_lost = 0
        #: Whether an offset that cannot be told is guessed (the list's end could not
        #: be placed from its top).
        self._guess = False
        #: The end was placed at the least offset its look-alikes allow: cards there
        #: may be unseen yet taken for seen ones (never the other way round, so no
        #: card is opened twice); :meth:`recheck_end` places it for sure.
        self.end_unsure = False
        self._end_from = 0
        self._unsure_offset = 0
        #: The list positions of the cards opened (kept here: placing an unsure end
        #: for sure moves those of its cards).
        self.opened: set[int] = set()
        self._read(state, 0)

    # --- reading ---------------------------------------------------------------------
    def _viewport(self, state: State) -> tuple[int, int]:
        index = find(state, resource_id="recycler_view")
        box = state.ui_elements[index].bounds if index is not None else None
        if box is None:
            raise SolverError("the recipe list (recycler_view) is not on screen")
        return box.top, box.bottom

    def _list_top(self, card: ShownCard, offset: int, viewport_top: int) -> int:
        """A card's top in the list; a card cut off at the list's top is placed by
        its bottom."""
        if card.top <= viewport_top and card.bottom - card.top < self._card_height:
            return card.bottom - self._card_height + offset
        return card.top + offset

    def _fits(self, cards: list[ShownCard], offset: int, viewport_top: int) -> bool:
        """Whether ``offset`` puts every card seen before back where it was seen."""
        if not self.faces:
            return True
        first, last = min(self.faces), max(self.faces)
        for card in cards:
            if card.face is None:
                continue
            top = self._list_top(card, offset, viewport_top)
            if first <= top <= last and self.faces.get(top) != card.face:
                return False
        return True

    def _choose(self, fitting: list[int], shift: int, at_end: bool) -> int | None:
        """The offset among ``fitting`` the screen shows after a move of about
        ``shift`` px, or None when it cannot be told.

        A scroll moves the whole stride unless the list's top or end stops it
        first: at the top the offset is 0; at the end it is the largest offset,
        known once the end was placed, else only from a screen no other offset fits
        (look-alike cards at the end fit several)."""
        if len(fitting) == 1:
            return fitting[0]
        if shift == 0:
            return min(fitting, key=lambda o: abs(o - self.offset))
        if self.lost:  # the scroll up from the end, where the offset was not known
            return None
        aim = self.offset + shift
        if aim <= 0:
            return 0 if 0 in fitting else None
        if at_end and shift > 0:
            if self._max_offset is not None and self._max_offset in fitting:
                return self._max_offset
            if self.end_unsure and self._unsure_offset in fitting:
                return self._unsure_offset
            slack = self._card_height // 4
            possible = [o for o in fitting if self.offset < o <= aim + slack]
            self.end_unsure = len(possible) > 1
            return possible[0] if possible else None
        return min(fitting, key=lambda o: abs(o - aim))

    def _read(self, state: State, shift: int) -> None:
        viewport_top, viewport_bottom = self._viewport(state)
        self._viewport_box = (viewport_top, viewport_bottom)
        cards = shown_cards(state)
        self._card_height = max([self._card_height] + [c.bottom - c.top for c in cards])
        whole = [c for c in cards if c.face is not None]
        last = cards[-1] if cards else None
        # The list ends in 90 dp of padding: a gap no next card would leave.
        at_end = last is None or (
            last.face is not None and viewport_bottom - last.bottom > self._card_height // 2
        )
        candidates = {self.offset} if not self.faces else set()
        for card in whole:
            for top, face in self.faces.items():
                if face == card.face:
                    candidates.add(top - card.top)
        if shift and not self.lost and not at_end:
            # A scroll the list's end did not stop moved it as far as a scroll moves it
            # (it flings on, and may leave less than a card in common with the screen
            # before, or only look-alikes).
            candidates.add(self.offset + shift)
        fitting = sorted(o for o in candidates if self._fits(cards, o, viewport_top))
        if not fitting:
            raise SolverError("the recipe list shows no card where it was seen before")
        before, was_lost, was_unsure = self.offset, self.lost, self.end_unsure
        known_end = max(self.faces, default=0)
        chosen = self._choose(fitting, shift, at_end)
        if self.end_unsure and not was_unsure and chosen is not None:
            self._end_from, self._unsure_offset = known_end + 1, chosen
        if chosen is None and self._guess:
            chosen = min(fitting, key=lambda o: abs(o - before - shift))
        self.lost = chosen is None
        if chosen is None:
            self._ups_lost += shift < 0
            return
        self.ended = self.ended or at_end
        self.offset = chosen
        if was_lost:
            # Each scroll up since the end moved the list as far as this one, unless
            # the top stopped it: then the end stays unknown, and is guessed next time.
            if chosen > 0:
                self._max_offset = chosen + abs(shift) * (self._ups_lost + 1)
                self._move_unsure(self._max_offset - self._unsure_offset)
            else:
                self._guess = True
            self._ups_lost = 0
        if at_end and not self.end_unsure:
            self._max_offset = chosen
        for card in whole:
            self.faces[self._list_top(card, self.offset, viewport_top)] = card.face  # type: ignore[assignment]

    def scrolled(self, state: State, direction: str) -> None:
        """Take in the screen after a scroll ``direction`` of the list (a drag from its
        middle to its edge, then the fling: :func:`scroll_travel`)."""
        stride = scroll_travel(state, list_on_top(state))
        self._read(state, stride if direction == "down" else -stride)

    def recheck_end(self) -> None:
        """Forget where the unsure end lies and its cards: scrolls up will place the
        list again (see :attr:`lost`), and the end, read again, is then sure."""
        self.faces = {top: face for top, face in self.faces.items() if top < self._end_from}
        self.end_unsure, self.lost, self.ended = False, True, False

    def _move_unsure(self, delta: int) -> None:
        """The end lies ``delta`` px further than it was taken to: so do the cards
        opened there."""
        self.opened = {t + delta if t >= self._end_from else t for t in self.opened}

    def returned(self, state: State) -> None:
        """Take in the list again after a recipe closed (it kept its place)."""
        self._read(state, 0)

    # --- acting ----------------------------------------------------------------------
    def cards(self) -> list[tuple[int, Face]]:
        """Every card seen, by list position."""
        return sorted(self.faces.items())

    def distance(self, top: int) -> int:
        """How far the card at list position ``top`` lies from the screen's middle."""
        viewport_top, viewport_bottom = self._viewport_box
        middle = self.offset + (viewport_top + viewport_bottom) // 2
        return abs(top + self._card_height // 2 - middle)

    def show(self, state: State, top: int) -> Generator[Action, State, tuple[State, Action]]:
        """Scroll until the card at list position ``top`` can be tapped; the state and
        the tap."""
        for _ in range(20):
            direction = "up"  # while lost: back to cards that place the list
            if not self.lost:
                viewport_top, viewport_bottom = self._viewport_box
                centre = top - self.offset + self._card_height // 2
                if viewport_top < centre < viewport_bottom:
                    for card in shown_cards(state):
                        if self._list_top(card, self.offset, viewport_top) == top:
                            return state, Action(action_type="click", index=card.index)
                direction = "down" if centre >= viewport_bottom else "up"
            state = yield scroll_list(state, direction)
            self.scrolled(state, direction)
        raise SolverError(f"no card at list position {top} after 20 scrolls")
