"""The 2-player Ladybohn deck (sheet 001's fans are dealt from it) and its cards by name, for
tests that lay out fans and hands card by card."""

from __future__ import annotations

from spieltisch.games.beans.cards import LADY, Deck, load_varieties

DECK = Deck.build(load_varieties("spieltisch.games.ladybohn", flags=("two_player",)))


def variety(card: int) -> str:
    return DECK.kinds[card].variety


def is_lady(card: int) -> bool:
    return DECK.kinds[card].sex == LADY


def cards(*names: str) -> list[int]:
    """Card ids for the names (``blue``, ``blue-lady``, ...), each id used once."""
    taken: set[int] = set()
    out = []
    for name in names:
        card = next(c for c, kind in enumerate(DECK.kinds) if kind.name == name and c not in taken)
        taken.add(card)
        out.append(card)
    return out
