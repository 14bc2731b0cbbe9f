"""The pile's walks from the top pinned where mutation testing (``make mutate``) found them
unchecked: the bottom card, jokers and 3s between the 7s of a chain, cancelled 7s inside it,
and a jack without a wish (rules/maumau.md, "The reference card and the 3"). Piles are written
bottom first."""

from __future__ import annotations

from spieltisch.games.maumau.pile import (
    Laid,
    cancelled,
    chain_indices,
    fits_reference,
    pending_chain,
    reference_index,
    scan,
)

J = Laid("joker")


def pile(*cards: str) -> list[Laid]:
    suits = {"h": "hearts", "s": "spades", "c": "clubs", "d": "diamonds"}
    return [J if c == "joker" else Laid(c[:-1], suits[c[-1]]) for c in cards]


def test_a_3_at_the_bottom_cancels_nothing():
    """ "a card is cancelled when the card directly on it is a 3": nothing lies under the
    bottom card, and the top card has nothing on it."""
    assert cancelled(pile("3c", "5s")) == [False, False]
    assert cancelled(pile("3c", "joker", "5s")) == [False, False, False]


def test_a_chain_runs_on_below_a_joker():
    """Jokers on the pile are ignored everywhere: a 7 under a joker is still in the chain."""
    p = pile("7h", "joker", "7s")
    assert scan(p, lambda i: False) == (2, 2)
    assert chain_indices(p, 2, 2) == [2, 0]


def test_a_chain_runs_on_below_a_3_on_a_3():
    """ "a 3 on a 3 gives the card below back its effect": the 7 under both counts."""
    p = pile("7c", "3h", "3d", "7h")
    assert scan(p, lambda i: False) == (3, 2)
    assert chain_indices(p, 3, 2) == [3, 0]


def test_a_cancelled_7_inside_a_chain_is_skipped():
    p = pile("7d", "7c", "3h", "7h")
    assert cancelled(p) == [False, True, False, False]
    assert pending_chain(p, [False] * 4) == 2
    assert chain_indices(p, 3, 2) == [3, 0]


def test_the_chain_below_a_reference_card_under_cancelled_cards():
    """The top 3 cancels the 5; the 7s under it are the chain, counted from the reference."""
    p = pile("7c", "7h", "5s", "3d")
    assert reference_index(p) == 1
    assert scan(p, lambda i: False) == (1, 2)
    assert chain_indices(p, 1, 2) == [1, 0]


def test_a_jack_without_a_wish_takes_its_suit_or_rank():
    """ "after a jack, it fits if it has the wished suit or is a jack": the wished suit rules
    only where a wish is held for it (``wish``); without one, the jack is matched as any
    reference card is, by its suit or rank."""
    jack = Laid("J", "hearts")
    assert fits_reference(Laid("5", "hearts"), jack, None)
    assert not fits_reference(Laid("5", "spades"), jack, None)
    assert fits_reference(Laid("5", "spades"), jack, "spades")
    assert not fits_reference(Laid("5", "hearts"), jack, "spades")


def test_a_wish_counts_only_on_its_jack():
    """ "the wish holds until a card is laid on the jack": on another reference card a wish
    left over changes nothing."""
    assert fits_reference(Laid("5", "hearts"), Laid("9", "hearts"), "spades")
    assert not fits_reference(Laid("5", "spades"), Laid("9", "hearts"), "spades")
