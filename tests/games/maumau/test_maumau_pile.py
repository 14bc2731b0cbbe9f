"""The discard pile of Bodensee Mau-Mau: the rulings' worked cases for the 3, the reference card
and the 7-chain (rules/maumau.md). Piles are written bottom first, as the rulings write them."""

from __future__ import annotations

import pytest

from spieltisch.games.maumau.pile import (
    Laid,
    cancelled,
    fits,
    pending_chain,
    reference,
)

J = Laid("joker")


def pile(*cards: str) -> list[Laid]:
    """``"7h"`` is a 7 of hearts, ``"10s"`` a 10 of spades, ``"joker"`` a joker."""
    suits = {"h": "hearts", "s": "spades", "c": "clubs", "d": "diamonds"}
    return [J if c == "joker" else Laid(c[:-1], suits[c[-1]]) for c in cards]


def test_a_3_cancels_the_card_below_and_the_one_under_that_counts() -> None:
    # the sheet: a 7 cancelled by a 3; under the 7 lies a 5 of spades, which now counts
    p = pile("5s", "7h", "3c")
    assert cancelled(p) == [False, True, False]
    assert reference(p) == Laid("5", "spades")
    assert pending_chain(p, [False] * 3) == 0


def test_a_3_on_a_3_restores_the_card_below() -> None:
    p = pile("5s", "7h", "3c", "3d")
    assert cancelled(p) == [False, False, True, False]
    assert reference(p) == Laid("7", "hearts")
    assert pending_chain(p, [False] * 4) == 1


@pytest.mark.parametrize(
    ("cards", "chain"),
    [
        (("7h", "7s", "3c"), 1),  # the rulings' "7, 7, 3 is a chain of one"
        (("7h", "7s", "3c", "3d"), 2),  # "7, 7, 3, 3 a chain of two"
        (("7h", "7s"), 2),
        (("5h", "7h", "joker", "7s"), 2),  # jokers on the pile are skipped
        (("7d", "5h", "7h", "7s"), 2),  # the run stops at the first card that is not a 7
        (("7h", "3c", "3d", "3s"), 0),  # three 3s: the top one cancels the middle, the lowest
    ],  # cancels the 7 — no reference card at all
)
def test_the_pending_chain(cards: tuple[str, ...], chain: int) -> None:
    p = pile(*cards)
    assert pending_chain(p, [False] * len(p)) == chain


def test_7s_already_drawn_for_end_the_chain() -> None:
    p = pile("7d", "7h", "7s")
    assert pending_chain(p, [False, True, False]) == 1
    assert pending_chain(p, [False, False, True]) == 0


def test_no_reference_card_when_the_first_card_is_a_3_or_a_3_lies_on_it() -> None:
    assert reference(pile("3h")) is None
    assert reference(pile("9c", "3h")) is None
    assert fits(Laid("2", "spades"), pile("9c", "3h"))
    assert not fits(Laid("9", "clubs"), pile("9c", "3h"))


def test_jokers_on_the_pile_are_ignored_between_a_3_and_its_card() -> None:
    p = pile("5s", "7h", "joker", "3c")
    assert cancelled(p)[1] is True
    assert reference(p) == Laid("5", "spades")


def test_what_fits() -> None:
    p = pile("9c", "5h")
    assert fits(Laid("5", "spades"), p) and fits(Laid("K", "hearts"), p)
    assert not fits(Laid("K", "spades"), p)
    assert fits(Laid("3", "spades"), p), "a 3 always fits"
    assert fits(Laid("J", "spades"), p), "a jack goes on anything but a 7 or 8"
    assert not fits(Laid("J", "hearts"), pile("7h")) and not fits(Laid("J", "hearts"), pile("8h"))
    assert fits(Laid("J", "clubs"), pile("9c", "7h", "3s")), "a cancelled 7 does not block"
    # after a jack with a wish: the wished suit or another jack
    jack = pile("9c", "Jh")
    assert fits(Laid("4", "spades"), jack, wish="spades")
    assert not fits(Laid("4", "hearts"), jack, wish="spades")
    assert fits(Laid("J", "diamonds"), jack, wish="spades")
