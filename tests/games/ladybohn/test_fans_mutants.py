"""Ladybohn's fans (``ladybohn/fans.py``) pinned where mutation testing (``make mutate``) found
them unchecked: what the procedure reports of a card that matches no fan, which card the player
is asked about when both fans match, and the refusal of a swap of unequal sizes. Rulings:
shared/rules/ladybohn.md, "Fans"."""

from __future__ import annotations

import pytest
from ladybohn_deck import cards, is_lady, variety

from spieltisch.games.ladybohn.fans import FanStep, swap, turn_up


def test_a_card_matching_no_fan_is_reported_as_going_straight_into_the_offer():
    """A turned-up card of no fan's top variety goes into the offer: its step names the card,
    no fan, and nothing pushed out."""
    blue, soy, red, blue2 = cards("blue", "soy", "red", "blue")
    fans = [[blue], [soy]]
    offer, steps = turn_up(fans, (1, 1), [red, blue2], variety, is_lady, lambda c, o: 0)
    assert steps[0] == FanStep(red, None, [])
    assert steps[1] == FanStep(blue2, 0, [blue])
    assert offer == [red, blue]


def test_the_player_is_asked_about_the_card_when_both_fans_match():
    """ "the player chooses when both fans match": she is shown the card that matches both."""
    blue, green, blue2, stink, blue3 = cards("blue", "green", "blue", "stink", "blue")
    fans = [[blue, green], [blue2, stink]]
    asked: list[tuple[int, list[int]]] = []

    def choose(card: int, options: list[int]) -> int:
        asked.append((card, options))
        return 1

    turn_up(fans, (2, 2), [blue3], variety, is_lady, choose)
    assert asked == [(blue3, [0, 1])]


def test_a_swap_of_unequal_sizes_is_refused_saying_why():
    """A player "whose hand holds as many cards as a fan may swap": any other swap is refused
    with the reason."""
    hand, fan = cards("blue", "soy", "red"), cards("green", "chili")
    with pytest.raises(ValueError) as err:
        swap(hand, fan)
    assert str(err.value) == "a hand is swapped only for a fan of as many cards"
