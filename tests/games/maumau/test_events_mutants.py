"""Bodensee Mau-Mau's shared events (``maumau/events.py``) pinned where mutation testing
(``make mutate``) found them unchecked: what a draw tells the drawer (the cards) and what it
tells the others (how many, and why), and that each distinct event is made once and handed out
again. Rulings: shared/rules/maumau.md, "Turn actions" (draw one card; facing a 7-chain, take
it: draw 2 per 7); hands are hidden, so the others learn only the number drawn."""

from __future__ import annotations

import pytest
from maumau_cards_support import table

from spieltisch.core import Event
from spieltisch.games.maumau.events import LAID, TURN, drew, drew_cards, drew_count, told


def draws(events) -> list[Event]:
    return [e for e in events if e.type == "drew"]


def test_a_turns_draw_shows_the_card_to_the_drawer_and_the_count_to_the_others():
    """ "draw one card": the drawer sees it; the others see that one card was drawn for the
    turn."""
    s = table([["2c", "10c", "Kh"], ["4d", "5d"], ["4h", "5h"]], ["4s"], stock=["9c"])
    events = s.apply(0, {"draw": True})
    assert draws(events) == [
        Event("drew", {"player": 0, "cards": ["9c"]}, frozenset({0})),
        Event("drew", {"player": 0, "count": 1, "why": "turn"}, frozenset({1, 2})),
    ]


def test_taking_a_chain_shows_the_cards_to_the_taker_and_the_count_to_the_others():
    """Facing a 7-chain: "take it (draw 2 per 7; the turn ends, no lay)"."""
    s = table(
        [["7h", "5s", "6s"], ["7d", "4d", "Kd"], ["Kc", "4c", "Qc"], ["4h", "5h"]],
        ["9h"],
        stock=["8s", "9s", "10s", "Js"],
    )
    s.apply(0, {"lay": "7h"})
    s.apply(1, {"lay": "7d"})
    events = s.apply(2, {"take": True})
    assert draws(events) == [
        Event("drew", {"player": 2, "cards": ["Js", "10s", "9s", "8s"]}, frozenset({2})),
        Event("drew", {"player": 2, "count": 4, "why": "chain"}, frozenset({0, 1, 3})),
    ]


def test_the_two_sides_of_a_draw():
    assert drew(3, 1, ["Qs", "2h"], "slap") == (
        Event("drew", {"player": 1, "cards": ["Qs", "2h"]}, frozenset({1})),
        Event("drew", {"player": 1, "count": 2, "why": "slap"}, frozenset({0, 2})),
    )
    assert drew(4, 2, ["Qs"], "misfit") == (
        Event("drew", {"player": 2, "cards": ["Qs"]}, frozenset({2})),
        Event("drew", {"player": 2, "count": 1, "why": "misfit"}, frozenset({0, 1, 3})),
    )
    assert drew(4, 3, ["Qs"], "words") == (
        Event("drew", {"player": 3, "cards": ["Qs"]}, frozenset({3})),
        Event("drew", {"player": 3, "count": 1, "why": "words"}, frozenset({0, 1, 2})),
    )
    assert drew_cards(0, []) == Event("drew", {"player": 0, "cards": []}, frozenset({0}))


def test_each_distinct_event_is_made_once_and_handed_out_again():
    """ "each distinct one is made the first time it happens and handed out again after that",
    and different ones stay different."""
    assert told("lay", 0, "7h") is told("lay", 0, "7h") is LAID[0, "7h"]
    assert told("lay", 1, "7h") == Event("lay", {"player": 1, "card": "7h"})
    assert TURN[2] is told("turn", 2) and TURN[2] == Event("turn", {"player": 2})
    assert drew_count(4, 1, 2, "chain") is drew_count(4, 1, 2, "chain")
    assert drew_count(4, 1, 2, "slap") == Event(
        "drew", {"player": 1, "count": 2, "why": "slap"}, frozenset({0, 2, 3})
    )
    assert drew_cards(1, ["9c"]) is drew_cards(1, ["9c"])
    assert drew_cards(2, ["9c"]) == Event("drew", {"player": 2, "cards": ["9c"]}, frozenset({2}))
    assert drew(3, 0, ["5d"], "turn") is drew(3, 0, ["5d"], "turn")
    assert drew(3, 0, ["6d"], "turn")[0].data == {"player": 0, "cards": ["6d"]}


def test_an_event_takes_exactly_its_fields():
    """ "The event ``kind`` with the values of its fields": too few or too many values are a
    mistake, not an event with a field missing."""
    with pytest.raises(ValueError):
        told("lay", 0)
    with pytest.raises(ValueError):
        told("turn", 0, "7h")
