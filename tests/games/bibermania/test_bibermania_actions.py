"""The rulings on action cards, refill and draws (``rules/bibermania.md``): Superbiber and
Dieb, groups worked out again after a steal, the sheet's Stich-Klau tactic, Fee, Gemeinling,
König, the refill order, who draws and when, and the empty-hand end.

Every expected outcome was worked out by hand from the rulings, not by running the engine.
Unless a test names it, the display holds only action cards and jokers (never targets), the
supply is five 1s and the rest of the deck is the stock (``stock_top``: its top is the last).
"""

from __future__ import annotations

from collections import Counter

import pytest
from bibermania_positions import (
    do,
    draw_all,
    hand,
    lay,
    lays,
    load,
    pile,
    refused,
    srt,
)

FILL = "2"
DISPLAY = ["3", "4", "superbiber", "fee", "gemeinling", "bodyguard", "koenig", "hippie", "joker"]
SUPPLY = ["1", "1", "1", "1", "joker"]


def two(h0, piles=None, h1=(FILL,), options=None, **kw):
    return load([[*h0], [*h1]], piles, options, **kw)


def steals(s) -> set:
    return {(a["steal"], a["card"]) for a in s.legal_actions(0)}


# -- Superbiber and Dieb -----------------------------------------------------------------------


def test_dieb_steals_one_card_from_an_opponents_top_group_who_draws_for_it():
    s = two(
        ["5", "dieb", FILL],
        [[], [["7", "7"]]],
        display=DISPLAY,
        supply=SUPPLY,
        stock_top=["8"],
    )
    lay(s, 0, ["5", "dieb"])
    j = s.to_json()
    assert j["phase"] == "steal" and s.actors() == frozenset({0})
    assert steals(s) == {
        *(("display", c) for c in DISPLAY),
        ("supply", "1"),
        ("supply", "joker"),
        (1, "7"),
    }
    stock = len(j["stock"])
    do(s, 0, {"steal": 1, "card": "7"})
    j = s.to_json()
    assert j["piles"][1] == [["7"]]
    assert j["hands"][0] == srt([FILL, "7"]) and j["known"][0] == ["7"]
    # player 1 lost a pile card: they draw one, by their choice
    assert j["phase"] == "draw" and s.actors() == frozenset({1})
    got = {(a["draw"], a.get("card")) for a in s.legal_actions(1)}
    assert got == {("stock", None), ("supply", "1"), ("supply", "joker")}
    do(s, 1, {"draw": "supply", "card": "joker"})
    j = s.to_json()
    assert j["hands"][1] == srt([FILL, "joker"])
    assert j["supply"] == ["1", "1", "1", "1", "8"], "the supply refilled after the draw"
    assert len(j["stock"]) == stock - 1
    assert j["phase"] == "lay" and j["turn_player"] == 1


def test_superbiber_steals_two_from_different_places_then_display_before_supply_refill():
    s = two(["5", "superbiber", FILL], display=DISPLAY, supply=SUPPLY, stock_top=["9", "8"])
    stock = len(s.to_json()["stock"])
    lay(s, 0, ["5", "superbiber"])
    do(s, 0, {"steal": "display", "card": "3"})
    assert s.to_json()["phase"] == "steal", "a second steal"
    do(s, 0, {"steal": "supply", "card": "joker"})
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "3", "joker"])
    # the display takes the top card (8), the supply the next (9)
    assert j["display"] == srt([c for c in DISPLAY if c != "3"] + ["8"])
    assert j["supply"] == ["1", "1", "1", "1", "9"]
    assert len(j["stock"]) == stock - 2
    assert j["phase"] == "lay" and j["turn_player"] == 1, "nobody lost pile cards"


def test_stealing_is_compulsory():
    s = two(["5", "dieb", FILL], [[["6"]], [["7", "7"]]], display=DISPLAY, supply=SUPPLY)
    lay(s, 0, ["5", "dieb"])
    assert all(set(a) == {"steal", "card"} for a in s.legal_actions(0)), "no pass"
    refused(s, 0, {"steal": "display", "card": "10"})  # not there
    refused(s, 0, {"steal": 0, "card": "6"})  # one's own pile
    refused(s, 0, {"steal": 0, "card": "dieb"})
    refused(s, 0, {"fee": None})
    refused(s, 1, {"steal": "display", "card": "3"})  # not player 1's to steal


def test_a_lone_dieb_steals_too():
    s = two(["dieb", FILL], display=DISPLAY, supply=SUPPLY)
    lay(s, 0, ["dieb"])
    assert s.to_json()["phase"] == "steal"
    do(s, 0, {"steal": "display", "card": "joker"})
    assert hand(s, 0) == srt([FILL, "joker"])


def test_steals_go_as_far_as_there_are_cards():
    # nothing in the display, one card in the supply, no opponent's pile: one steal only
    s = two(["5", "superbiber", FILL], display=[], supply=["3"])
    stock = len(s.to_json()["stock"])
    lay(s, 0, ["5", "superbiber"])
    do(s, 0, {"steal": "supply", "card": "3"})
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "3"])
    assert j["phase"] == "lay" and j["turn_player"] == 1
    assert len(j["display"]) == 9 and len(j["supply"]) == 5
    assert len(j["stock"]) == stock - 14


def test_jokers_may_be_stolen():
    s = two(["5", "dieb", FILL], [[], [["7", "joker"]]], display=DISPLAY, supply=SUPPLY)
    lay(s, 0, ["5", "dieb"])
    got = steals(s)
    assert {("display", "joker"), ("supply", "joker"), (1, "joker")} <= got
    do(s, 0, {"steal": 1, "card": "joker"})
    assert pile(s, 1) == [["7"]]
    assert hand(s, 0) == srt([FILL, "joker"])


def test_option_no_stealing_jokers():
    opts = {"steal_jokers": False}
    s = two(
        ["5", "dieb", FILL], [[], [["7", "joker"]]], display=DISPLAY, supply=SUPPLY, options=opts
    )
    lay(s, 0, ["5", "dieb"])
    assert all(card != "joker" for _, card in steals(s))
    assert (1, "7") in steals(s)
    refused(s, 0, {"steal": 1, "card": "joker"})
    refused(s, 0, {"steal": "display", "card": "joker"})
    refused(s, 0, {"steal": "supply", "card": "joker"})


# -- what is left of a group ---------------------------------------------------------------------


def three(h0, h1, h2, piles, options=None, **kw):
    return load([[*h0], [*h1], [*h2]], piles, options, **kw)


def test_a_set_without_its_bodyguard_can_be_beaten():
    s = three(["9", "dieb", FILL], ["6", "6", FILL], [FILL], [[], [], [["4", "4", "bodyguard"]]])
    lay(s, 0, ["9", "dieb"])
    assert pile(s, 2) == [["4", "4", "bodyguard"]], "protected: not beaten"
    do(s, 0, {"steal": 2, "card": "bodyguard"})
    assert s.to_json()["phase"] == "draw" and s.actors() == frozenset({2})
    draw_all(s)
    assert s.to_json()["turn_player"] == 1
    lay(s, 1, ["6", "6"])
    j = s.to_json()
    assert j["piles"][2] == [], "4-4 without its Bodyguard is beaten"
    assert j["phase"] == "keep" and s.actors() == frozenset({1})


def test_what_is_left_of_a_partybiber_group_cannot_be_beaten():
    s = three(
        ["9", "superbiber", FILL],
        ["9", "9", FILL],
        [FILL],
        [[], [], [["2", "5", "8", "partybiber"]]],
    )
    lay(s, 0, ["9", "superbiber"])
    do(s, 0, {"steal": 2, "card": "partybiber"})
    do(s, 0, {"steal": 2, "card": "5"})
    assert srt(pile(s, 2)[-1]) == ["2", "8"]
    draw_all(s)
    lay(s, 1, ["9", "9"])
    j = s.to_json()
    assert srt(j["piles"][2][-1]) == ["2", "8"], "no common value: cannot be beaten"
    assert j["phase"] == "lay" and j["turn_player"] == 2


def test_a_hippie_run_that_lost_a_digit_is_still_a_hippie_run():
    s = three(
        ["9", "dieb", FILL],
        ["6", "7", "8", FILL],
        [FILL],
        [[], [], [["3", "4", "5", "hippie"]]],
    )
    lay(s, 0, ["9", "dieb"])
    do(s, 0, {"steal": 2, "card": "4"})
    draw_all(s)
    assert ("6", "7", "8") in lays(s, 1), "3-(4)-5 with the Hippie: a 3-card Hippie run"
    lay(s, 1, ["6", "7", "8"])
    j = s.to_json()
    assert j["piles"][2] == [] and j["phase"] == "keep"


def test_a_hippie_run_without_its_hippie_is_a_plain_run_and_cannot_be_beaten():
    s = three(
        ["9", "dieb", FILL],
        ["6", "6", "7", FILL],
        [FILL],
        [[], [], [["4", "5", "hippie"]]],
    )
    lay(s, 0, ["9", "dieb"])
    do(s, 0, {"steal": 2, "card": "hippie"})
    draw_all(s)
    refused(s, 1, {"lay": ["6", "7"]})
    lay(s, 1, ["6", "6"])
    assert srt(pile(s, 2)[-1]) == ["4", "5"]


def test_jokers_left_alone_count_as_jokers_alone():
    s = three(["5", "dieb", FILL], ["10", FILL], [FILL], [[], [], [["6", "joker"]]])
    lay(s, 0, ["5", "dieb"])  # 5-Dieb does not beat 6-joker
    do(s, 0, {"steal": 2, "card": "6"})
    draw_all(s)
    lay(s, 1, ["10"])
    assert pile(s, 2) == [["joker"]], "a lone joker is above every digit"


def test_stich_klau_beat_the_top_group_then_steal_from_the_one_below():
    s = two(["5", "dieb", FILL], [[], [["8", "8", "8"], ["3", "3"]]])
    lay(s, 0, ["5", "dieb"])
    assert pile(s, 1) == [["8", "8", "8"]]
    do(s, 0, {"keep": True})
    do(s, 0, {"keep": True})
    assert s.to_json()["phase"] == "steal"
    assert (1, "8") in steals(s)
    do(s, 0, {"steal": 1, "card": "8"})
    j = s.to_json()
    assert j["piles"][1] == [["8", "8"]]
    assert j["hands"][0] == srt([FILL, "3", "3", "8"])
    assert j["phase"] == "draw" and j["turn"]["draws"] == 3, "2 beaten + 1 stolen"


# -- Fee -----------------------------------------------------------------------------------------


def fee_position(**kw):
    return two(["5", "fee", FILL], h1=["7", "7", "3"], **kw)


def test_fee_takes_the_wished_card_and_the_victim_draws_nothing():
    s = fee_position()
    stock = len(s.to_json()["stock"])
    lay(s, 0, ["5", "fee"])
    assert s.to_json()["phase"] == "fee"
    legal = s.legal_actions(0)
    for a in ({"fee": None}, {"fee": "7", "from": 1}, {"fee": "joker", "from": 1}):
        assert a in legal
    assert {"fee": "koenig", "from": 1} in legal
    refused(s, 0, {"fee": "7", "from": 0})
    do(s, 0, {"fee": "7", "from": 1})
    j = s.to_json()
    assert j["hands"][1] == ["3", "7"]
    assert j["hands"][0] == srt([FILL, "7"]) and j["known"][0] == ["7"]
    assert len(j["stock"]) == stock
    assert j["phase"] == "lay" and j["turn_player"] == 1


def test_fee_wish_lapses_when_the_card_is_not_held():
    s = fee_position()
    lay(s, 0, ["5", "fee"])
    do(s, 0, {"fee": "9", "from": 1})
    j = s.to_json()
    assert j["hands"][0] == [FILL] and j["hands"][1] == ["3", "7", "7"]
    assert j["phase"] == "lay" and j["turn_player"] == 1


def test_fee_may_be_declined():
    s = fee_position()
    lay(s, 0, ["5", "fee"])
    do(s, 0, {"fee": None})
    j = s.to_json()
    assert j["hands"][0] == [FILL] and j["hands"][1] == ["3", "7", "7"]
    assert j["turn_player"] == 1


def test_a_lone_fee_wishes_from_any_opponent():
    s = three(["fee", FILL], [FILL], ["joker", "8"], [[], [], []])
    lay(s, 0, ["fee"])
    do(s, 0, {"fee": "joker", "from": 2})
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "joker"]) and j["hands"][2] == ["8"]


def test_fee_that_empties_the_next_players_hand_ends_the_game():
    s = two(["5", "fee", FILL], [[], [["3"]]], h1=["7"])
    lay(s, 0, ["5", "fee"])
    do(s, 0, {"fee": "7", "from": 1})
    assert s.is_terminal()
    assert s.result().scores == (2 - 2, 1 - 0)


def test_option_empty_hand_does_not_end_the_player_is_passed_over():
    s = two(["5", "fee", FILL], [[], [["3"]]], h1=["7"], options={"empty_hand_ends": False})
    lay(s, 0, ["5", "fee"])
    do(s, 0, {"fee": "7", "from": 1})
    assert not s.is_terminal()
    j = s.to_json()
    assert j["phase"] == "lay" and j["turn_player"] == 0


# -- Gemeinling -----------------------------------------------------------------------------------


def test_gemeinling_the_layer_names_the_victim_and_deals_from_supply_or_stock():
    s = three(
        ["5", "gemeinling", FILL],
        [FILL],
        [FILL],
        [[], [], []],
        supply=["1", "1", "1", "1", "9"],
        stock_top=["8", "7"],
    )
    stock = len(s.to_json()["stock"])
    lay(s, 0, ["5", "gemeinling"])
    assert s.to_json()["phase"] == "victim"
    assert {a["victim"] for a in s.legal_actions(0)} == {1, 2}
    refused(s, 0, {"victim": 0})
    do(s, 0, {"victim": 2})
    assert s.to_json()["phase"] == "deal" and s.actors() == frozenset({0})
    got = {(a["deal"], a.get("card")) for a in s.legal_actions(0)}
    assert got == {("stock", None), ("supply", "1"), ("supply", "9")}
    refused(s, 2, {"deal": "stock"})
    do(s, 0, {"deal": "supply", "card": "9"})
    assert s.to_json()["supply"] == ["1", "1", "1", "1"], "no refill between the two cards"
    events = do(s, 0, {"deal": "stock"})
    private = [e for e in events if e.visible_to is not None]
    assert [(e.visible_to, e.data.get("card")) for e in private] == [(frozenset({2}), "7")]
    assert all("card" not in e.data for e in events if e.visible_to is None and e.type == "deal")
    j = s.to_json()
    assert j["hands"][2] == srt([FILL, "7", "9"])
    assert j["known"][2] == ["9"]
    assert j["supply"] == ["1", "1", "1", "1", "8"]
    assert len(j["stock"]) == stock - 2
    assert j["phase"] == "lay" and j["turn_player"] == 1, "the victim draws nothing more"


def test_gemeinling_with_two_players_needs_no_victim():
    s = two(["gemeinling", FILL])
    lay(s, 0, ["gemeinling"])
    j = s.to_json()
    assert j["phase"] == "deal" and j["turn"]["victim"] == 1
    do(s, 0, {"deal": "stock"})
    do(s, 0, {"deal": "supply", "card": "1"})
    assert len(hand(s, 1)) == 3


# -- König ---------------------------------------------------------------------------------------


def test_koenig_every_opponent_with_the_digit_adds_one():
    s = three(["5", "koenig", FILL], ["5", "5", "3"], ["3", "joker"], [[], [], []])
    stock = len(s.to_json()["stock"])
    lay(s, 0, ["5", "koenig"])
    j = s.to_json()
    assert srt(j["piles"][0][-1]) == ["5", "5", "koenig"]
    assert j["hands"][1] == ["3", "5"]
    assert j["hands"][2] == ["3", "joker"], "no joker for the König"
    assert len(j["stock"]) == stock, "nobody draws for it"
    assert j["phase"] == "lay" and j["turn_player"] == 1


def test_koenig_with_three_opponents():
    s = load(
        [["7", "7", "koenig", FILL], ["7", "3"], ["7", "7", "7"], ["3"]],
        [[], [], [], []],
    )
    lay(s, 0, ["7", "7", "koenig"])
    j = s.to_json()
    assert srt(j["piles"][0][-1]) == ["7", "7", "7", "7", "koenig"]
    assert j["hands"][1:] == [["3"], ["7", "7"], ["3"]]


def test_a_lone_koenig_does_nothing():
    s = two(["koenig", FILL], h1=["5", "5"])
    lay(s, 0, ["koenig"])
    j = s.to_json()
    assert j["piles"][0] == [["koenig"]] and j["hands"][1] == ["5", "5"]
    assert j["phase"] == "lay" and j["turn_player"] == 1


def test_adding_ones_last_card_under_a_koenig_does_not_end_the_game_by_itself():
    s = three(["5", "koenig", FILL], ["3", FILL], ["5"], [[], [], []])
    lay(s, 0, ["5", "koenig"])
    j = s.to_json()
    assert j["hands"][2] == []
    assert not s.is_terminal() and j["turn_player"] == 1
    lay(s, 1, ["3"])
    # now player 2 is on turn with an empty hand: the game ends
    assert s.is_terminal()
    assert s.result().scores == (3 - 1, 1 - 1, 0)


def test_option_empty_hand_passed_over_after_a_koenig():
    s = three(["5", "koenig", FILL], ["3", FILL], ["5"], [[], [], []], {"empty_hand_ends": False})
    lay(s, 0, ["5", "koenig"])
    lay(s, 1, ["3"])
    assert not s.is_terminal()
    assert s.to_json()["turn_player"] == 0


def test_koenig_emptying_the_next_players_hand_ends_the_game():
    s = two(["5", "koenig", FILL], h1=["5"])
    lay(s, 0, ["5", "koenig"])
    assert s.is_terminal()
    assert s.result().scores == (3 - 1, 0)


# -- draws -----------------------------------------------------------------------------------------


def test_draws_clockwise_from_the_layer_supply_refilled_after_each_players_draw():
    s = load(
        [[FILL], [FILL], ["6", "6", FILL], [FILL]],
        [[["3", "3"]], [["5", "5"]], [], [["4", "4"]]],
        supply=["1", "2", "7", "8", "9"],
        stock_top=["7", "6", "5", "4"],
        turn_player=2,
    )
    stock = len(s.to_json()["stock"])
    lay(s, 2, ["6", "6"])
    j = s.to_json()
    assert j["piles"][0] == [] and j["piles"][1] == [] and j["piles"][3] == []
    while s.to_json()["phase"] == "keep":
        do(s, 2, {"keep": False})
    assert sorted(s.to_json()["rejected"][-6:]) == ["3", "3", "4", "4", "5", "5"]
    # player 3 first (clockwise from the layer, player 2)
    assert s.to_json()["phase"] == "draw" and s.actors() == frozenset({3})
    refused(s, 0, {"draw": "stock"})
    do(s, 3, {"draw": "supply", "card": "9"})
    assert s.to_json()["supply"] == ["1", "2", "7", "8"], "not refilled during a player's draw"
    assert s.actors() == frozenset({3})
    do(s, 3, {"draw": "supply", "card": "8"})
    j = s.to_json()
    assert j["supply"] == ["1", "2", "4", "5", "7"], "refilled after player 3's draw: 4, 5"
    assert j["hands"][3] == srt([FILL, "8", "9"])
    # then player 0
    assert s.actors() == frozenset({0})
    events = do(s, 0, {"draw": "stock"})
    assert all("card" not in e.data for e in events if e.visible_to is None)
    assert [e.data["card"] for e in events if e.visible_to == frozenset({0})] == ["6"]
    do(s, 0, {"draw": "supply", "card": "7"})
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "6", "7"])
    assert j["supply"] == ["1", "2", "4", "5", "7"], "refilled with the last stock_top card: 7"
    # then player 1
    assert s.actors() == frozenset({1})
    do(s, 1, {"draw": "supply", "card": "1"})
    do(s, 1, {"draw": "supply", "card": "2"})
    j = s.to_json()
    assert j["hands"][1] == srt([FILL, "1", "2"])
    assert len(j["supply"]) == 5
    assert len(j["stock"]) == stock - 4 - 2
    assert j["phase"] == "lay" and j["turn_player"] == 3


def test_only_those_who_lost_pile_cards_draw():
    s = two(["6", "6", FILL], [[["9"]], [["4", "4"]]])
    lay(s, 0, ["6", "6"])
    do(s, 0, {"keep": True})
    do(s, 0, {"keep": True})
    assert s.actors() == frozenset({1})
    assert s.to_json()["turn"]["lost"] == {"1": 2}


@pytest.mark.parametrize("keep", [True, False])
def test_a_beaten_player_draws_as_many_as_they_lost(keep):
    s = two(["6", "6", "6", FILL], [[], [["4", "4", "4"]]])
    lay(s, 0, ["6", "6", "6"])
    while s.to_json()["phase"] == "keep":
        do(s, 0, {"keep": keep})
    draw_all(s)
    assert Counter(hand(s, 1))[FILL] >= 1 and len(hand(s, 1)) == 4
