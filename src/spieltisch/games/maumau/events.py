"""The common events of Bodensee Mau-Mau, made once and shared.

A random game runs to thousands of actions, each telling two or three events, and most of
them say the same few things again and again ("player 2's turn", "player 0 lays 7h", "player 1
slaps left"). An ``Event`` is a frozen value that nobody changes after it is told, so each
distinct one is made the first time it happens and handed out again after that; making one
costs more than the rest of a plain lay.
"""

from __future__ import annotations

from typing import Any

from ...core import Event

# the fields of each shared kind, in the order the events have always listed them
_FIELDS: dict[str, tuple[str, ...]] = {
    "turn": ("player",),
    "pass": ("player",),
    "sit_out": ("player",),
    "ace": ("player",),
    "nine": ("player",),
    "joker_to_pile": ("player",),
    "draw": ("player", "why"),
    "lay": ("player", "card"),
    "throw": ("player", "card", "kind"),
    "misfit": ("player", "card"),
    "wish": ("player", "suit"),
    "say": ("player", "word"),
    "slap": ("player", "hand"),
    "slap_open": ("layer", "need"),
    "joker": ("player", "front"),
    "take": ("player", "sevens"),
    "reverse": ("direction",),
    "cancel": ("card",),
}

_KEPT: dict[tuple[str, tuple[Any, ...]], Event] = {}


def told(kind: str, *values: Any) -> Event:
    """The event ``kind`` with the values of its fields (``_FIELDS``), seen by everyone."""
    key = (kind, values)
    e = _KEPT.get(key)
    if e is None:
        e = _KEPT[key] = Event(kind, dict(zip(_FIELDS[kind], values, strict=True)))
    return e


class _Kept(dict[Any, Event]):
    """The shared events of one kind by their values alone (``TURN[seat]``, ``LAID[p, card]``),
    the values of its last fields fixed where given (``DRAWS[p]``: ``p`` draws for the turn):
    the commonest events looked up without building ``told``'s key, made by ``told`` when
    first asked for."""

    __slots__ = ("fixed", "kind")

    def __init__(self, kind: str, *fixed: Any) -> None:
        super().__init__()
        self.kind = kind
        self.fixed = fixed

    def __missing__(self, key: Any) -> Event:
        values = key if isinstance(key, tuple) else (key,)
        e = self[key] = told(self.kind, *values, *self.fixed)
        return e


TURN = _Kept("turn")  # TURN[seat]: told("turn", seat)
LAID = _Kept("lay")  # LAID[player, card]: told("lay", player, card)
SLAPPED = _Kept("slap")  # SLAPPED[player, hand]: told("slap", player, hand)
PASSED = _Kept("pass")  # PASSED[player]: told("pass", player)
SAT_OUT = _Kept("sit_out")  # SAT_OUT[player]: told("sit_out", player)
DRAWS = _Kept("draw", "turn")  # DRAWS[player]: told("draw", player, "turn")


_COUNTS: dict[tuple[int, int, int, str], Event] = {}


def drew_count(players: int, p: int, count: int, why: str) -> Event:
    """What the others at a table of ``players`` see of ``p``'s draw: how many, and why."""
    key = (players, p, count, why)
    e = _COUNTS.get(key)
    if e is None:
        others = frozenset(q for q in range(players) if q != p)
        e = _COUNTS[key] = Event("drew", {"player": p, "count": count, "why": why}, others)
    return e


_ONE_CARD: dict[tuple[int, str], Event] = {}
_DREW_ONE: dict[tuple[int, int, str, str], tuple[Event, Event]] = {}


def drew(players: int, p: int, got: list[str], why: str) -> tuple[Event, Event]:
    """Both events of ``p``'s draw at a table of ``players``: the cards, seen by ``p``
    (``drew_cards``), and how many and why, seen by the others (``drew_count``). A one-card
    draw's pair is kept whole: one look-up for the commonest draw."""
    if len(got) != 1:
        return drew_cards(p, got), drew_count(players, p, len(got), why)
    key = (players, p, got[0], why)
    pair = _DREW_ONE.get(key)
    if pair is None:
        pair = _DREW_ONE[key] = (drew_cards(p, got), drew_count(players, p, 1, why))
    return pair


def drew_cards(p: int, got: list[str]) -> Event:
    """What ``p`` sees of their own draw: the cards. Most draws are of one card (a turn's draw,
    most penalties), and those are shared like the others."""
    if len(got) != 1:
        return Event("drew", {"player": p, "cards": got}, frozenset((p,)))
    key = (p, got[0])
    e = _ONE_CARD.get(key)
    if e is None:
        e = _ONE_CARD[key] = Event("drew", {"player": p, "cards": got}, frozenset((p,)))
    return e


__all__ = [
    "DRAWS",
    "LAID",
    "PASSED",
    "SAT_OUT",
    "SLAPPED",
    "TURN",
    "drew",
    "drew_cards",
    "drew_count",
    "told",
]
