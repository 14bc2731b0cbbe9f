"""Ladybohn's fans (sheet 001): the sheet's own worked example, Ladies first, the choice when
both fans match, and whole-hand swaps."""

from __future__ import annotations

import pytest
from ladybohn_deck import DECK, cards, is_lady, variety

from spieltisch.games.ladybohn.fans import join_fan, ladies_first, swap, turn_up


def names(row: list[int]) -> list[str]:
    return [DECK.kinds[c].name for c in row]


def never(card: int, options: list[int]) -> int:
    raise AssertionError("no choice was expected")


def test_the_sheets_worked_example_comes_out_exactly() -> None:
    # (top) Blue-Red-Green-Blackeyed-Blue-Blue (bottom) and (top) Soy-Chili-Chili-Stink (bottom);
    # the player turns up a Soy and a Blue
    ids = cards(
        "blue", "red", "green", "blackeyed", "blue", "blue",
        "soy", "chili", "chili", "stink",
        "soy", "blue",
    )  # fmt: skip
    fans = [ids[0:6], ids[6:10]]
    offer, steps = turn_up(fans, (6, 4), ids[10:12], variety, is_lady, never)
    assert names(fans[0]) == ["blue", "blue", "red", "green", "blackeyed", "blue"]
    assert names(fans[1]) == ["soy", "soy", "chili", "chili"]
    assert names(offer) == ["stink", "blue"]
    # the Blue pushed into the offer does not meet the 6-card fan again: not repeated
    assert [s.fan for s in steps] == [1, 0]


def test_ladies_meet_the_fans_first() -> None:
    blue, chili_lady = cards("blue", "chili-lady")
    assert ladies_first([blue, chili_lady], is_lady) == [chili_lady, blue]
    ids = cards("blue", "soy", "chili", "soy", "blue-lady", "blue")
    fans = [ids[0:3], ids[3:4]]  # a 3-card fan topped by Blue, a 1-card fan of Soy
    offer, steps = turn_up(fans, (3, 1), [ids[5], ids[4]], variety, is_lady, never)
    # the Lady goes on first and pushes the Chili out; then the male Blue pushes the Soy out
    assert [DECK.kinds[s.card].name for s in steps] == ["blue-lady", "blue"]
    assert names(fans[0]) == ["blue", "blue-lady", "blue"]
    assert names(offer) == ["chili", "soy"]


def test_a_card_matching_no_fan_goes_into_the_offer() -> None:
    ids = cards("blue", "soy", "red")
    fans = [ids[0:1], ids[1:2]]
    offer, steps = turn_up(fans, (1, 1), [ids[2]], variety, is_lady, never)
    assert names(offer) == ["red"] and steps[0].fan is None
    assert names(fans[0]) == ["blue"] and names(fans[1]) == ["soy"]


@pytest.mark.parametrize("chosen", [0, 1])
def test_the_player_chooses_when_both_fans_match(chosen: int) -> None:
    ids = cards("blue", "green", "blue", "stink", "blue")
    fans = [ids[0:2], ids[2:4]]
    asked: list[list[int]] = []

    def choose(card: int, options: list[int]) -> int:
        asked.append(options)
        return chosen

    offer, _ = turn_up(fans, (2, 2), [ids[4]], variety, is_lady, choose)
    assert asked == [[0, 1]]
    assert names(offer) == (["green"] if chosen == 0 else ["stink"])
    assert names(fans[chosen]) == ["blue", "blue"]


def test_joining_pushes_out_as_many_as_needed() -> None:
    ids = cards("soy", "red", "green", "soy")
    fans = [ids[0:3]]
    pushed = join_fan(fans, (2,), ids[3], 0)  # a fan one card over its size already
    assert names(fans[0]) == ["soy", "soy"]
    assert names(pushed) == ["green", "red"]


def test_a_swap_keeps_both_orders_and_needs_equal_sizes() -> None:
    hand, fan = cards("blue", "soy", "red"), cards("green", "chili", "stink")
    new_hand, new_fan = swap(hand, fan)
    assert new_hand == fan and new_fan == hand
    with pytest.raises(ValueError, match="as many cards"):
        swap(hand, fan[:2])
