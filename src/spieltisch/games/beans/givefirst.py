"""Which of her cards a giver hands over in a trade, where one variety comes in several kinds.

A trade names only variety and count (others see no more until the cards change hands), but a
Lady and a male of one variety are different cards: a field pays by its top card
(Ladybohn), and Mutterböhnchen adds Babys and special beans. So the giver chooses: she marks a
card of hers to go first when that variety leaves her hand, ``{"give_first": card}``. The
marks are private (only her own view shows them); a trade carried out takes, of each variety,
the card she marked last, then the one marked before, and then the rearmost. Each mark is
listed only where it changes something: for a card whose kind is not already the first to go.

A mixin for a bean game's state (``BohnanzaState``'s descendants): the state keeps
``give_first`` (each player's marks, newest first) and ``_give_first_seen`` (see
``_give_first_actions``) and resets the marks when a trading phase begins.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core import Action
from .trading import HAND


def mark(card: int) -> Action:
    """``{"give_first": card}``, made once per card id."""
    action = _MARKS.get(card)
    if action is None:
        action = _MARKS[card] = Action(give_first=card)
    return action


_MARKS: dict[int, Action] = {}


class GiveFirst:
    """The marks and the trade that honours them (module docstring)."""

    give_first: list[list[int]]  # per player, the cards marked to go first, newest first
    _give_first_seen: dict[int, tuple[Any, list[Action]]]
    hands: list[list[int]]
    offer_area: list[int]
    active: int
    variety_of: tuple[str, ...]
    card_names: tuple[str, ...]

    def _give_first_actions(self, player: int) -> list[Action]:
        """Where a player holds cards of one variety of different kinds (a male and a Lady, a
        Baby, a special bean), he chooses which goes first when he gives that variety."""
        hand = self.hands[player]
        rows = hand + self.offer_area if player == self.active else hand  # (only read)
        # a pure function of the rows and the marks: a hand that has not changed since (most
        # hands, from one trading phase to the next) gets the same list again
        key = (tuple(rows), tuple(self.give_first[player]))
        seen = self._give_first_seen.get(player)
        if seen is not None and seen[0] == key:
            return seen[1]
        varieties, names = self.variety_of, self.card_names
        kinds: dict[str, dict[str, int]] = {}  # variety -> the first card of each kind of it
        rearmost: dict[str, int] = {}  # variety -> its rearmost card (first, unless marked)
        for c in rows:
            v = varieties[c]
            rearmost[v] = c
            of_variety = kinds.get(v)
            if of_variety is None:
                kinds[v] = {names[c]: c}
            elif names[c] not in of_variety:
                of_variety[names[c]] = c
        marks = self.give_first[player]  # a variety's card marked last goes first (``_pick``)
        if marks:
            held = set(rows)
            marks = [c for c in marks if c in held]
        out = []
        for v in sorted(kinds):
            of_variety = kinds[v]
            if len(of_variety) < 2:
                continue
            first = rearmost[v]
            for c in marks:
                if varieties[c] == v:
                    first = c
                    break
            skip = names[first]
            # (``c in _MARKS``, not ``_MARKS.get(c) or``: an action's truth is a call to its len)
            out += [
                _MARKS[c] if c in _MARKS else mark(c)
                for name, c in of_variety.items()
                if name != skip
            ]
        self._give_first_seen[player] = (key, out)
        return out

    def mark_give_first(self, player: int, card: int) -> None:
        """``card`` goes first of its variety, before the cards marked earlier."""
        marks = self.give_first[player]
        self.give_first[player] = [card, *(c for c in marks if c != card)]

    def _pick(self, player: int, row: list[int]) -> int:
        """The card of ``row`` (one variety) that goes first: the one marked last, else the
        rearmost."""
        for c in self.give_first[player]:
            if c in row:
                return c
        return row[-1]

    def take_items(self, player: int, items: Counter[tuple[str, str]]) -> list[int]:
        """Remove the named cards from a hand or the turned-up cards: of each variety the cards
        the player marked to give first, then the rearmost."""
        taken: list[int] = []
        of = self.variety_of
        for (v, src), k in sorted(items.items()):
            row = self.hands[player] if src == HAND else self.offer_area
            for _ in range(k):
                card = self._pick(player, [c for c in row if of[c] == v])
                row.remove(card)
                taken.append(card)
        return taken


__all__ = ["GiveFirst", "mark"]
