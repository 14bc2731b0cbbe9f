"""Bodensee Mau-Mau's cards and their lookup tables.

A card is its name: rank then suit (``"10h"``, ``"Qs"``; suits c d h s) or ``"joker"``. The name
is what views, events and records carry, so the engine keeps it everywhere rather than
translating to and from numbers at every boundary. Speed comes from the tables below instead:
every question the engine asks of a card many times a moment (its rank, its place in a sorted
hand, which cards fit a reference card) is answered by one lookup keyed by the name, whose hash
Python keeps with the string.
"""

from __future__ import annotations

import tomllib
from bisect import insort
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from .pile import Laid, fits_reference


@cache
def table_data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("table.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


_TABLE = table_data()
SUITS: tuple[str, ...] = tuple(_TABLE["suits"])
RANKS: tuple[str, ...] = tuple(_TABLE["ranks"])
JOKER = "joker"

# every card name once, in hand order (by suit, then rank)
CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)

RANK_OF: dict[str, str] = {c: c[:-1] for c in CARDS} | {JOKER: JOKER}
SUIT_OF: dict[str, str | None] = {c: c[-1] for c in CARDS} | {JOKER: None}
_ORDER = {c: (i // len(RANKS), i % len(RANKS)) for i, c in enumerate(CARDS)}
_ORDER[JOKER] = (len(SUITS), 0)


def of_rank(r: str) -> frozenset[str]:
    """The four cards of rank ``r``."""
    return frozenset(c for c in CARDS if RANK_OF[c] == r)


THREES, SEVENS, EIGHTS, TENS = of_rank("3"), of_rank("7"), of_rank("8"), of_rank("10")
TWOS, JACKS, QUEENS = of_rank("2"), of_rank("J"), of_rank("Q")


def rank(card: str) -> str:
    known = RANK_OF.get(card)
    return known if known is not None else card[:-1]


def suit(card: str) -> str | None:
    return None if card == JOKER else card[-1]


def card_order(card: str) -> tuple[int, int]:
    """Hands are shown by suit, then rank; jokers last."""
    return _ORDER[card]


# ``card_order`` as a sort or bisect key: the table's own look-up, no Python call per card
ORDER_KEY = _ORDER.__getitem__


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=ORDER_KEY)


def insert_card(hand: list[str], card: str) -> None:
    """``card`` put into the sorted ``hand`` in its place, as ``sort_cards`` would put it (after
    its twin): most draws are of one card, and re-sorting the hand for it cost more."""
    insort(hand, card, key=ORDER_KEY)


def full_deck(jokers: int) -> list[str]:
    return list(CARDS) * _TABLE["decks"] + [JOKER] * jokers


# any card but a 3 (a 3 always fits, and is never a turn's lay) or a joker (never laid)
PLAIN: frozenset[str] = frozenset(CARDS) - THREES


@cache
def fitting(ref: str, wish: str | None) -> frozenset[str]:
    """The cards other than 3s and jokers that may be laid on the reference card ``ref``, after
    a jack with ``wish``. Worked out once per reference card by ``pile.fits_reference``, the
    one place that says what fits."""
    on = Laid(RANK_OF[ref], SUIT_OF[ref])
    return frozenset(c for c in PLAIN if fits_reference(Laid(RANK_OF[c], SUIT_OF[c]), on, wish))


__all__ = [
    "CARDS",
    "JOKER",
    "ORDER_KEY",
    "RANKS",
    "SUITS",
    "card_order",
    "fitting",
    "full_deck",
    "insert_card",
    "rank",
    "sort_cards",
    "suit",
    "table_data",
]
