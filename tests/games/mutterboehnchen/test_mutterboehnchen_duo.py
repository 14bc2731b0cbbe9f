"""The 2-player game (rules/mutterboehnchen.md, "## 2 players"): the set-up, the "3. Bohnenfeld"
card, harvesting only in one's own turn, phase 1 (the opponent's leftovers, one variety
together), phase 2 (the front card, the next, one hand card discarded before or after) and
illegal actions refused with the state unchanged."""

from __future__ import annotations

import json

import pytest
from mutterboehnchen_positions import act, fields_of, hand, load, load_game, names
from position_checks import events_of, legal, refused

from spieltisch import OptionError, Rng
from spieltisch.games.mutterboehnchen.duo import (
    DRAW,
    HAND_DISCARDS,
    PLANT_MAX,
    TALERS_EACH,
    TURN_UP,
    MutterboehnchenDuoState,
)
from spieltisch.games.mutterboehnchen.rules import deal_talers

GAME = load_game()
EMPTY = [[], [], []]


def duo(**kw):
    """A 2-player position: each player has 3 field slots; slot 2 is closed unless ``closed``
    says otherwise; the "3. Bohnenfeld" card with ``third_card`` (default player 1)."""
    kw.setdefault("fields", [EMPTY, EMPTY])
    closed = kw.pop("closed", [2, 2])
    third = kw.pop("third_card", 1)
    return load(2, closed=closed, third_card=third, **kw)


# -- set-up --------------------------------------------------------------------------------------


def test_the_numbers_are_named() -> None:
    assert (TALERS_EACH, PLANT_MAX, HAND_DISCARDS, TURN_UP, DRAW) == (8, 2, 1, 3, 2)


def test_the_stock_before_dealing_has_152_cards_and_8_talers_each() -> None:
    piles, stock = deal_talers(GAME.kinds, [v.id for v in GAME.varieties], 2, Rng(5))
    assert [len(p) for p in piles] == [8, 8] and len(stock) == 152, "none left over"
    assert sorted([c for p in piles for c in p] + stock) == list(range(GAME.deck.size))


@pytest.mark.parametrize("first", [0, 1])
def test_a_new_two_player_game(first) -> None:
    game = load_game(first_player=first)
    s = game.new_state(2, seed=9)
    assert isinstance(s, MutterboehnchenDuoState)
    assert [len(c) for c in s.coins] == [8, 8]
    assert all(game.kinds[c].sex == "male" and not game.kinds[c].special for p in s.coins
               for c in p)  # fmt: skip
    assert len(s.stock) == 152 - 10 and [len(h) for h in s.hands] == [5, 5]
    assert s.active == s.first_player == first and s.phase == "plant"
    assert s.third_card == 1 - first, "the start player's opponent holds the 3rd-field card"
    assert s.view(0)["fields_open"] == [[0, 1], [0, 1]], "2 fields each"
    assert s.view(None)["third_field_card"] == 1 - first
    assert GAME.min_players == 2
    back = GAME.from_json(json.loads(json.dumps(s.to_json())))
    assert isinstance(back, MutterboehnchenDuoState) and back.to_json() == s.to_json()


def test_the_duo_state_is_for_two_players_only() -> None:
    with pytest.raises(OptionError):
        MutterboehnchenDuoState(GAME, 3, Rng(1))


# -- the "3. Bohnenfeld" card --------------------------------------------------------------------


def test_the_holder_begins_a_third_field_in_his_turn_and_hands_the_card_over() -> None:
    s = duo(hands=[["soy", "red"], []], fields=[[["blue"], ["chili"], []], EMPTY], third_card=0)
    assert {"plant": "front", "field": 2} in legal(s, 0)
    events = act(s, 0, {"plant": "front", "field": 2})
    (third,) = events_of(events, "third_field")
    assert third.data == {"player": 0, "field": 2, "card_to": 1}
    assert s.third_card == 1 and s.closed == [None, 2]
    assert fields_of(s, 0) == [["blue"], ["chili"], ["soy"]]
    assert s.view(1)["third_field"] == [True, False]
    # the card is gone: no further field (there is none), and Red must go on an existing one
    assert {"plant": "front", "field": 2} not in legal(s, 0)


def test_only_the_holder_may_begin_a_third_field() -> None:
    s = duo(hands=[["soy"], []], fields=[[["blue"], ["chili"], []], EMPTY], third_card=1)
    assert legal(s, 0) == [{"discard_hand": 0}, {"harvest": 0}, {"harvest": 1}]
    refused(s, 0, {"plant": "front", "field": 2})


def test_the_holder_may_not_begin_it_in_the_opponents_turn() -> None:
    """Player 1 holds the card; player 0 turns up a Flitzer: player 1 may take him only onto
    one of his two fields, not onto a third."""
    s = duo(phase="plant", planted=1, hands=[["soy"], []],
            fields=[[["blue"], [], []], [["chili"], ["green"], []]],
            stock_top=["soy", "soy", "flitzer"], discard=["blue"], third_card=1)  # fmt: skip
    events = act(s, 0, {"end": "planting"})
    assert events_of(events, "flitzer_pass")[0].data == {"player": 1}, "he cannot take him"
    assert s.phase == "take" and s.actors() == {0} and "flitzer" in names(s.offer_area)
    assert s.closed[1] == 2


def test_a_flitzer_claim_by_the_holder_goes_on_his_two_fields_only() -> None:
    s = duo(phase="plant", planted=1, hands=[["soy"], []],
            fields=[[["blue"], [], []], [["red"], ["green"], []]],
            stock_top=["soy", "soy", "flitzer"], discard=["blue"], third_card=1)  # fmt: skip
    act(s, 0, {"end": "planting"})
    card = next(c for c in s.offer_area if names([c]) == ["flitzer"])
    assert legal(s, 1) == [{"flitzer": card, "field": 0}, {"flitzer": "pass"}]
    refused(s, 1, {"flitzer": card, "field": 2})


def test_harvesting_one_of_three_fields_removes_it() -> None:
    s = duo(hands=[["soy"], []], fields=[[["blue", "blue"], ["chili"], ["red", "red"]], EMPTY],
            closed=[None, 2], third_card=1)  # fmt: skip
    events = act(s, 0, {"harvest": 0})
    assert events_of(events, "harvest")[0].data["field_closed"] is True
    assert s.closed == [0, 2], "the harvested field is gone; the other two keep their beans"
    assert fields_of(s, 0) == [[], ["chili"], ["red", "red"]]
    assert s.view(0)["fields_open"][0] == [1, 2]
    assert all(a.get("field") != 0 for a in legal(s, 0)), "the closed slot takes no card"
    # with two fields a harvest removes nothing
    s = duo(hands=[["soy"], []], fields=[[["blue", "blue"], ["chili"], []], EMPTY])
    act(s, 0, {"harvest": 0})
    assert s.closed == [2, 2] and fields_of(s, 0)[0] == []
    assert {"plant": "front", "field": 0} in legal(s, 0), "an empty field of his own"


def test_the_opponent_begins_his_third_field_later_and_may_have_one_too() -> None:
    s = duo(hands=[["soy"], ["green", "stink"]], phase="plant",
            fields=[[["blue"], ["chili"], ["red"]], [["soy", "soy"], ["blackeyed"], []]],
            closed=[None, 2], third_card=1, stock_top=["garden"] * 5, active=1,
            discard=["stink"])  # fmt: skip
    act(s, 1, {"plant": "front", "field": 2})
    assert s.closed == [None, None] and s.third_card == 0, "both have three fields at once"


# -- harvesting only in one's own turn -----------------------------------------------------------


def test_harvest_only_in_the_own_turn() -> None:
    s = duo(hands=[["soy"], ["blue"]], fields=[[["blue", "blue"], [], []],
                                               [["chili", "chili"], [], []]])  # fmt: skip
    assert s.actors() == {0}
    assert {"harvest": 0} in legal(s, 0)
    assert legal(s, 1) == []
    refused(s, 1, {"harvest": 0})


def test_the_one_bean_rule_holds() -> None:
    s = duo(hands=[["soy"], []], fields=[[["blue", "blue"], ["chili"], []], EMPTY])
    refused(s, 0, {"harvest": 1})
    act(s, 0, {"harvest": 0})
    act(s, 0, {"harvest": 1})
    assert fields_of(s, 0) == [[], [], []]


# -- phase 1: the opponent's leftovers -----------------------------------------------------------


def leftovers(**kw):
    kw.setdefault("fields", [[["blue"], ["chili", "chili"], []], EMPTY])
    kw.setdefault("hands", [["soy"], []])
    return duo(phase="leftover", **kw)


def test_leftovers_are_planted_or_discarded_one_variety_together() -> None:
    s = leftovers(offer_area=["blue", "blue-lady", "red", "red"], discard=["garden"])
    blue, lady, red, red2 = s.offer_area
    acts = legal(s, 0)
    assert {"plant": blue, "field": 0} in acts and {"discard": blue} in acts
    assert {"discard": red} in acts and {"plant": red, "field": 0} not in acts
    act(s, 0, {"plant": lady, "field": 0})
    assert {"discard": blue} not in legal(s, 0), "Blue is begun by planting"
    refused(s, 0, {"discard": blue})
    act(s, 0, {"plant": blue, "field": 0})
    assert fields_of(s, 0)[0] == ["blue", "blue-lady", "blue"], "in the order he likes"
    act(s, 0, {"harvest": 1})  # his own turn: he may harvest, here to make room for Red
    act(s, 0, {"discard": red})
    refused(s, 0, {"plant": red2, "field": 1})
    assert legal(s, 0)[0] == {"discard": red2}
    act(s, 0, {"discard": red2})
    assert s.phase == "plant" and not s.offer_area
    assert names(s.discard)[-2:] == ["red", "red"]


def test_a_discarded_variety_begun_stays_discarded_and_a_lady_is_the_same_variety() -> None:
    s = leftovers(offer_area=["chili-lady", "chili-baby", "chili"])
    lady, baby, male = s.offer_area
    act(s, 0, {"discard": baby})
    assert legal(s, 0)[:2] == [{"discard": lady}, {"discard": male}]
    assert all("plant" not in a for a in legal(s, 0))
    refused(s, 0, {"plant": lady, "field": 1})


def test_a_turn_without_leftovers_begins_with_phase_2() -> None:
    s = duo(phase="take", hands=[["soy"], ["blue"]], offer_area=[],
            fields=[[["soy", "soy"], [], []], EMPTY], stock_top=["red"] * 5)  # fmt: skip
    act(s, 0, {"end": "taking"})
    assert s.active == 1 and s.phase == "plant"


def test_what_is_left_in_the_offer_is_the_opponents_phase_1() -> None:
    s = duo(phase="take", hands=[["soy"], ["blue"]], offer_area=["green", "stink"],
            fields=[[["soy", "soy"], [], []], EMPTY], stock_top=["red"] * 5)  # fmt: skip
    act(s, 0, {"end": "taking"})
    assert s.active == 1 and s.phase == "leftover" and names(s.offer_area) == ["green", "stink"]
    assert s.actors() == {1}


# -- phase 2: the hand ---------------------------------------------------------------------------


def test_the_front_card_must_be_planted_and_the_next_may() -> None:
    s = duo(hands=[["blue", "chili", "soy"], []], fields=[[["blue"], [], []], EMPTY])
    acts = legal(s, 0)
    assert {"end": "planting"} not in acts, "the front card is a must"
    assert [a for a in acts if "plant" in a] == [{"plant": "front", "field": 0},
                                                 {"plant": "front", "field": 1}]  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert {"end": "planting"} in legal(s, 0)
    act(s, 0, {"plant": "front", "field": 1})
    assert s.phase == "plant", "he may still discard a hand card after playing"
    refused(s, 0, {"plant": "front", "field": 1})
    assert legal(s, 0) == [{"discard_hand": 0}, {"end": "planting"}, {"harvest": 0}]
    events = act(s, 0, {"discard_hand": 0})
    assert events_of(events, "discard")[0].data == {"player": 0, "card": "soy", "from": "hand"}
    assert s.phase != "plant" and names(s.discard)[-1] == "soy"


def test_one_hand_card_may_be_discarded_before_playing_the_front_card_included() -> None:
    s = duo(hands=[["red", "blue", "chili", "soy"], []], fields=[[["blue"], ["chili"], []], EMPTY])
    assert {"plant": "front", "field": 0} not in legal(s, 0), "Red fits no field"
    act(s, 0, {"discard_hand": 0})
    assert hand(s, 0) == ["blue", "chili", "soy"]
    assert all("discard_hand" not in a for a in legal(s, 0)), "1 card only"
    refused(s, 0, {"discard_hand": 0})
    act(s, 0, {"plant": "front", "field": 0})
    act(s, 0, {"plant": "front", "field": 1})
    assert s.phase != "plant", "2 played and the discard made: phase 2 is over"


def test_a_card_from_the_middle_of_the_hand_between_the_two() -> None:
    s = duo(hands=[["blue", "red", "chili", "soy"], []], fields=[[["blue"], ["chili"], []], EMPTY])
    act(s, 0, {"plant": "front", "field": 0})
    act(s, 0, {"discard_hand": 2})
    assert hand(s, 0) == ["red", "chili"]
    act(s, 0, {"end": "planting"})
    assert hand(s, 0) == ["red", "chili"] and s.phase not in ("plant", "leftover")


def test_hampelmann_the_second_card_may_be_any_hand_card() -> None:
    s = duo(hands=[["chili", "red", "chili"], []],
            fields=[[["blackeyed", "hampelmann"], ["chili"], []], EMPTY])  # fmt: skip
    act(s, 0, {"plant": "front", "field": 1})
    acts = legal(s, 0)
    third = s.hands[0][1]
    assert {"plant": third, "field": 1, "from": "hand"} in acts
    act(s, 0, {"plant": third, "field": 1, "from": "hand"})
    assert hand(s, 0) == ["red"] and s.stats()["fired_hampelmann"] == 1


def test_arbeitstier_plants_the_rearmost_card_too_in_phase_2() -> None:
    s = duo(hands=[["arbeitstier", "red", "chili"], []],
            fields=[[["garden"], ["chili", "chili"], []], EMPTY])  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert fields_of(s, 0) == [["garden", "arbeitstier"], ["chili", "chili", "chili"], []]
    assert hand(s, 0) == ["red"] and s.planted == 1, "the rearmost is not the optional 2nd"


# -- refused -------------------------------------------------------------------------------------


def test_out_of_turn_actions_are_refused_and_change_nothing() -> None:
    s = duo(hands=[["blue"], ["blue"]], fields=[[["blue"], [], []], [["blue", "blue"], [], []]],
            offer_area=["soy"], phase="leftover", third_card=1)  # fmt: skip
    refused(s, 1, {"plant": "front", "field": 0})
    refused(s, 1, {"harvest": 0})
    refused(s, 1, {"discard": s.offer_area[0]})
    refused(s, 0, {"plant": "front", "field": 0})  # phase 1 first
    refused(s, 0, {"end": "taking"})
    refused(s, 0, {"plant": s.offer_area[0], "field": 2})  # not the card's holder
    refused(s, 0, {"attack": 1, "field": 0})
