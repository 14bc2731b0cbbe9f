"""The rulings of ``rules/bohnanza.md`` on hand-made positions: setup, planting (phase 1), planting
what was traded (phase 3), drawing (phase 4), harvests, the 3rd field, the stock running out, the
end and the result. Trading (phase 2) is in ``test_bohnanza_trading.py``.

Every expected outcome was worked out by hand from the rulings, not by running the engine.
Unless a test names them, the rest of the deck lies under the stock.
"""

from __future__ import annotations

from collections import Counter

import pytest
from bohnanza_positions import (
    do,
    events_of,
    legal,
    load,
    load_game,
    names,
    refused,
    same,
    text,
)

import spieltisch
from spieltisch import REFEREE, IllegalAction, OptionError, Rng

FRONT0 = {"plant": "front", "field": 0}
FRONT1 = {"plant": "front", "field": 1}
FRONT2 = {"plant": "front", "field": 2}
END_PLANTING = {"end": "planting"}
END_TRADING = {"end": "trading"}


def hv(f: int) -> dict:
    return {"harvest": f}


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_deals_five_cards_each(players):
    game = load_game()
    for seed in range(5):
        s = game.new_state(players, seed)
        j = s.to_json()
        assert [len(h) for h in j["hands"]] == [5] * players
        assert len(j["stock"]) == 154 - 5 * players
        assert j["fields"] == [[[], []] for _ in range(players)]
        assert j["coins"] == [[] for _ in range(players)]
        assert j["discard"] == [] and j["offer_area"] == []
        assert j["third_field"] == [False] * players
        assert j["phase"] == "plant" and j["planted"] == 0 and j["exhausted"] == 0
        assert j["active"] == j["first_player"]
        assert s.actors() == {j["active"]}
        assert not j["ending"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hand_order_is_the_dealing_order_front_first(players):
    """The shuffled deck is rebuilt from the seed (the lot drawn before or after the shuffle);
    the stock is its bottom, and each hand's cards lie in the deck from the top downward in
    the hand's order: the first card dealt is the front card."""
    game = load_game()
    for seed in range(4):
        j = game.new_state(players, seed).to_json()
        decks = []
        for lot_first in (True, False):
            rng = Rng(seed)
            if lot_first:
                rng.below(players)
            deck = list(range(154))
            rng.shuffle(deck)
            decks.append(deck)
        matching = [d for d in decks if d[: len(j["stock"])] == j["stock"]]
        assert matching, "the stock is the shuffled deck without the dealt cards"
        deck = matching[0]
        dealt = deck[len(j["stock"]) :]
        assert sorted(c for h in j["hands"] for c in h) == sorted(dealt)
        depth = {c: len(deck) - i for i, c in enumerate(deck)}  # 1: the top card
        for h in j["hands"]:
            assert [depth[c] for c in h] == sorted(depth[c] for c in h), "front = first dealt"


def test_first_player_by_lot_over_seeds():
    game = load_game()
    for players in (3, 4, 5):
        firsts = Counter(game.new_state(players, seed).to_json()["active"] for seed in range(60))
        assert set(firsts) == set(range(players)), "every seat starts for some seed"
        # the same seed, the same start
        assert game.new_state(players, 7).to_json() == game.new_state(players, 7).to_json()


@pytest.mark.parametrize(("players", "first"), [(3, 0), (3, 2), (4, 3), (5, 4), (5, 1)])
def test_first_player_option(players, first):
    game = load_game(first_player=str(first))
    for seed in range(3):
        j = game.new_state(players, seed).to_json()
        assert j["active"] == j["first_player"] == first


def test_first_player_option_must_be_a_seat():
    with pytest.raises(OptionError):
        load_game(first_player="3").new_state(3, 0)
    with pytest.raises(OptionError):
        load_game(first_player="5")


@pytest.mark.parametrize("players", [1, 2, 6])
def test_three_to_five_players(players):
    with pytest.raises(OptionError):
        load_game().new_state(players, 0)


# -- phase 1: planting from the hand ---------------------------------------------------------


def test_the_front_card_goes_on_an_empty_field_or_one_of_its_variety():
    s = load(
        hands=[["chili", "blue", "soy"], ["red"], ["red"]], fields=[[[], []], [[], []], [[], []]]
    )
    assert same(s.legal_actions(0), [FRONT0, FRONT1])
    assert s.legal_actions(1) == [] and s.legal_actions(2) == []
    assert s.actors() == {0}
    s = load(
        hands=[["chili", "blue"], ["red"], ["red"]],
        fields=[[["chili", "chili"], ["soy"]], [[], []], [[], []]],
    )
    assert same(s.legal_actions(0), [FRONT0, hv(0)])
    refused(s, 0, FRONT1)
    s = load(
        hands=[["chili", "blue"], ["red"], ["red"]],
        fields=[[["soy"], []], [[], []], [[], []]],
    )
    assert same(s.legal_actions(0), [FRONT1, hv(0)])
    refused(s, 0, FRONT0)
    refused(s, 0, END_PLANTING)  # the first card must be planted


def test_planting_the_front_card_then_optionally_the_next():
    s = load(hands=[["chili", "blue", "soy"], ["red"], ["red"]], stock_top=["stink", "green"])
    j = s.to_json()
    h = j["hands"][0]
    do(s, 0, FRONT1)
    j = s.to_json()
    assert j["fields"][0] == [[], [h[0]]]
    assert j["hands"][0] == h[1:], "the hand keeps its order"
    assert j["phase"] == "plant" and j["planted"] == 1
    # the next front card (blue) fits the empty field 0 only; stopping is allowed now
    assert same(s.legal_actions(0), [FRONT0, END_PLANTING, hv(1)])  # 1 bean, no other field
    refused(s, 0, FRONT1)
    do(s, 0, FRONT0)
    j = s.to_json()
    assert j["fields"][0] == [[h[1]], [h[0]]]
    assert j["hands"][0] == h[2:]
    # two planted: 2 cards are turned up at once, the top of the stock first
    assert j["phase"] == "trade"
    assert names(s, j["offer_area"]) == ["green", "stink"]
    assert len(j["stock"]) == 154 - 5 - 2


def test_ending_planting_after_the_first_card_turns_up_two():
    s = load(
        hands=[["chili", "blue", "soy"], ["red"], ["red"]],
        fields=[[["chili"], []], [[], []], [[], []]],
        stock_top=["coffee", "wax"],
    )
    before = s.to_json()
    do(s, 0, FRONT0)
    assert s.to_json()["fields"][0][0] == [before["fields"][0][0][0], before["hands"][0][0]]
    do(s, 0, END_PLANTING)
    j = s.to_json()
    assert j["phase"] == "trade"
    assert j["offer_area"] == [before["stock"][-1], before["stock"][-2]]
    assert names(s, j["offer_area"]) == ["wax", "coffee"]
    assert j["hands"][0] == before["hands"][0][1:]
    assert s.actors() == {0, 1, 2, REFEREE}


def test_others_do_not_plant_in_phase_one():
    s = load(hands=[["chili"], ["red", "blue"], ["red"]])
    refused(s, 1, FRONT0)
    refused(s, 2, END_PLANTING)
    refused(s, REFEREE, {"close": "trading"})


def test_a_hand_of_one_card_turns_up_after_planting_it():
    s = load(hands=[["chili"], ["red"], ["red"]], stock_top=["soy", "red"])
    do(s, 0, FRONT0)
    j = s.to_json()
    assert j["phase"] == "trade" and j["hands"][0] == []
    assert names(s, j["offer_area"]) == ["red", "soy"]


def test_an_empty_hand_skips_planting():
    """Player 2 ends their turn; player 0, whose hand is empty, turns up at once."""
    s = load(
        hands=[[], ["red"], ["red"]],
        active=2,
        phase="plant-trades",
        to_plant=[[], [], ["chili"]],
        stock_top=["stink", "green", "soy", "wax", "coffee"],
    )
    do(s, 2, {"plant": s.to_json()["to_plant"][2][0], "field": 0})
    j = s.to_json()
    assert names(s, j["hands"][2]) == ["red", "coffee", "wax", "soy"]
    assert j["active"] == 0 and j["phase"] == "trade"
    assert names(s, j["offer_area"]) == ["green", "stink"]
    assert j["hands"][0] == []


def test_a_front_card_that_fits_no_field_forces_a_harvest():
    s = load(
        hands=[["stink", "chili"], ["red"], ["red"]],
        fields=[[["chili", "chili", "chili"], ["blue"]], [[], []], [[], []]],
    )
    # blue (1 bean) may not be harvested while chili holds 3
    assert same(s.legal_actions(0), [hv(0)])
    refused(s, 0, FRONT0)
    refused(s, 0, FRONT1)
    refused(s, 0, END_PLANTING)
    refused(s, 0, hv(1))
    chili = s.to_json()["fields"][0][0]
    do(s, 0, hv(0))
    j = s.to_json()
    assert j["coins"][0] == [chili[2]]  # 3 chili: 1 coin
    assert j["discard"][-2:] == chili[:2]
    assert same(s.legal_actions(0), [FRONT0, hv(1)])


def test_a_forced_harvest_may_also_be_a_bought_field():
    s = load(
        hands=[["stink", "chili"], ["red"], ["red"]],
        fields=[[["chili", "chili"], ["blue"]], [[], []], [[], []]],
        coins=[3, 0, 0],
    )
    assert same(s.legal_actions(0), [hv(0), {"buy": "field"}])
    do(s, 0, {"buy": "field"})
    assert same(s.legal_actions(0), [FRONT2, hv(0)])
    do(s, 0, FRONT2)
    assert names(s, s.to_json()["fields"][0][2]) == ["stink"]


# -- phase 3: planting what was traded or kept -----------------------------------------------


def test_kept_cards_are_planted_in_any_order_then_three_are_drawn():
    s = load(
        hands=[["red", "red"], ["soy"], ["soy"]],
        phase="trade",
        planted=1,
        offer_area=["chili", "blue"],
        stock_top=["wax", "green", "stink", "cocoa"],
    )
    chili, blue = s.to_json()["offer_area"]
    do(s, 0, END_TRADING)
    j = s.to_json()
    assert j["phase"] == "plant-trades" and j["offer_area"] == []
    assert j["to_plant"][0] == [chili, blue]
    assert s.actors() == {0}
    assert same(
        s.legal_actions(0),
        [
            {"plant": chili, "field": 0},
            {"plant": chili, "field": 1},
            {"plant": blue, "field": 0},
            {"plant": blue, "field": 1},
        ],
    )
    do(s, 0, {"plant": blue, "field": 1})  # the later card first
    assert same(s.legal_actions(0), [{"plant": chili, "field": 0}, hv(1)])
    do(s, 0, {"plant": chili, "field": 0})
    j = s.to_json()
    assert j["fields"][0] == [[chili], [blue]]
    # phase 4: 3 cards to the back of the hand, the top of the stock first; the next turn
    assert names(s, j["hands"][0]) == ["red", "red", "cocoa", "stink", "green"]
    assert j["active"] == 1 and j["phase"] == "plant" and j["planted"] == 0
    assert names(s, j["stock"][-1:]) == ["wax"]
    assert s.actors() == {0, 1}  # player 0 may harvest a field of one bean
    assert same(s.legal_actions(0), [hv(0), hv(1)])


def test_everyone_plants_received_cards_and_the_turn_waits_for_all():
    s = load(
        hands=[["red"], ["soy"], ["soy"]],
        active=1,
        phase="plant-trades",
        to_plant=[["chili", "blue"], ["stink"], []],
        fields=[[["blue"], []], [[], []], [[], []]],
        stock_top=["wax", "wax", "wax"],
    )
    c0, b0 = s.to_json()["to_plant"][0]
    (k1,) = s.to_json()["to_plant"][1]
    assert s.actors() == {0, 1}
    assert same(
        s.legal_actions(0),
        [
            {"plant": c0, "field": 1},
            {"plant": b0, "field": 0},
            {"plant": b0, "field": 1},
            hv(0),
        ],
    )
    refused(s, 2, {"plant": k1, "field": 0})
    refused(s, 0, {"plant": k1, "field": 1})  # not player 0's card
    refused(s, 0, {"plant": c0, "field": 0})  # field 0 holds blue
    do(s, 0, {"plant": b0, "field": 0})
    do(s, 1, {"plant": k1, "field": 0})
    j = s.to_json()
    assert j["phase"] == "plant-trades" and j["to_plant"] == [[c0], [], []]
    assert same(s.legal_actions(1), [hv(0)])  # stink, one bean, no other field
    do(s, 0, {"plant": c0, "field": 1})
    j = s.to_json()
    assert len(j["fields"][0][0]) == 2 and j["fields"][0][1] == [c0]
    assert names(s, j["hands"][1]) == ["soy", "wax", "wax", "wax"]
    assert j["active"] == 2 and j["phase"] == "plant"


def test_a_received_card_that_fits_no_field_forces_a_harvest():
    s = load(
        hands=[["red"], ["soy"], ["soy"]],
        phase="plant-trades",
        to_plant=[["red"], ["stink"], []],
        fields=[[[], []], [["chili", "chili", "chili"], ["blue"]], [[], []]],
    )
    (stink,) = s.to_json()["to_plant"][1]
    assert same(s.legal_actions(1), [hv(0)])
    refused(s, 1, {"plant": stink, "field": 0})
    refused(s, 1, {"plant": stink, "field": 1})
    refused(s, 1, hv(1))
    do(s, 1, hv(0))
    assert same(s.legal_actions(1), [{"plant": stink, "field": 0}, hv(1)])
    do(s, 1, {"plant": stink, "field": 0})
    assert s.to_json()["coins"][1] and names(s, s.to_json()["fields"][1][0]) == ["stink"]


# -- harvest ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variety", "beans", "coins"),
    [
        ("coffee", 3, 0),
        ("coffee", 4, 1),
        ("coffee", 9, 2),
        ("coffee", 12, 4),
        ("wax", 9, 3),
        ("blue", 5, 1),
        ("blue", 10, 4),
        ("chili", 3, 1),
        ("chili", 8, 3),
        ("stink", 5, 2),
        ("green", 6, 3),
        ("soy", 2, 1),
        ("soy", 7, 4),
        ("blackeyed", 5, 3),
        ("red", 1, 0),
        ("red", 3, 2),
        ("red", 8, 4),
        ("garden", 1, 0),
        ("garden", 2, 2),
        ("garden", 3, 3),
        ("garden", 5, 3),
        ("cocoa", 1, 0),
        ("cocoa", 2, 2),
        ("cocoa", 4, 4),
    ],
)
def test_harvest_pays_by_the_beanometer(variety, beans, coins):
    s = load(
        hands=[["soy"], ["soy"], ["soy"]],
        fields=[[[variety] * beans, []], [[], []], [[], []]],
        discard=["wax", "green"],
    )
    j = s.to_json()
    field = j["fields"][0][0]
    old_discard = j["discard"]
    events = do(s, 0, hv(0))
    j = s.to_json()
    assert j["fields"][0][0] == []
    # the top N cards become coins; the rest go on the discard pile in field order
    assert sorted(j["coins"][0]) == sorted(field[beans - coins :])
    assert j["discard"] == old_discard + field[: beans - coins]
    (e,) = events_of(events, "harvest")
    assert e.visible_to is None and e.data["coins"] == coins and e.data["beans"] == beans


def test_harvest_of_a_field_with_coins_already_there():
    s = load(
        hands=[["soy"], ["soy"], ["soy"]],
        fields=[[["chili"] * 6, ["red"]], [[], []], [[], []]],
        coins=[["blue", "blue"], 0, 0],
    )
    j = s.to_json()
    old = j["coins"][0]
    field = j["fields"][0][0]
    do(s, 0, hv(0))
    j = s.to_json()
    assert j["coins"][0] == old + field[4:]
    assert j["discard"][-4:] == field[:4]


def test_the_one_bean_rule():
    s = load(
        hands=[["soy"], ["soy"], ["soy"]],
        fields=[[["red"], ["blue", "blue"]], [["red"], ["blue"]], [["red"], []]],
    )
    # player 0: the 1-bean field only when no other holds 2 or more
    refused(s, 0, hv(0))
    assert hv(1) in legal(s, 0)
    # player 1: 1 and 1: either; player 2: 1 and empty
    assert {a["harvest"] for a in legal(s, 1) if "harvest" in a} == {0, 1}
    assert {a["harvest"] for a in legal(s, 2) if "harvest" in a} == {0}
    refused(s, 2, hv(1))  # an empty field
    refused(s, 2, hv(2))  # no such field
    refused(s, 2, hv(-1))
    do(s, 0, hv(1))
    assert hv(0) in legal(s, 0), "after the 2-bean field is gone, the 1-bean one may go"


def test_the_one_bean_rule_counts_the_third_field():
    s = load(
        hands=[["soy"], ["soy"], ["soy"]],
        third_field=[True, False, False],
        fields=[[["red"], ["blue"], ["chili", "chili"]], [[], []], [[], []]],
    )
    assert same([a for a in s.legal_actions(0) if "harvest" in a], [hv(2)])
    refused(s, 0, hv(0))
    refused(s, 0, hv(1))


@pytest.mark.parametrize("phase", ["plant", "trade", "plant-trades"])
def test_anyone_harvests_at_any_time(phase):
    s = load(
        hands=[["soy"], ["soy"], ["soy"]],
        fields=[[[], []], [["red", "red"], []], [["soy"], ["green", "green", "green"]]],
        phase=phase,
        planted=1 if phase != "plant" else 0,
        offer_area=["wax", "wax"] if phase == "trade" else [],
        to_plant=[["wax"], [], []] if phase == "plant-trades" else None,
    )
    assert 1 in s.actors() and 2 in s.actors()
    green = s.to_json()["fields"][2][1]
    do(s, 2, hv(1))
    j = s.to_json()
    assert j["coins"][2] == green[2:] and j["phase"] == phase and j["active"] == 0
    red = s.to_json()["fields"][1][0]
    do(s, 1, hv(0))
    j = s.to_json()
    assert j["coins"][1] == red[1:] and j["discard"][-1:] == red[:1]  # 2 red: 1 coin
    refused(s, 2, hv(1))


def test_nobody_may_act_but_the_active_player_with_nothing_to_harvest():
    s = load(hands=[["soy"], ["soy"], ["soy"]], fields=[[[], []], [[], []], [["red"], []]])
    assert s.actors() == {0, 2}
    assert s.legal_actions(1) == []
    refused(s, 1, hv(0))


# -- the third field -------------------------------------------------------------------------


def test_a_third_field_costs_three_coins_once():
    s = load(hands=[["soy"], ["soy"], ["soy"]], coins=[4, 2, 0])
    j = s.to_json()
    coins = j["coins"][0]
    assert {"buy": "field"} in legal(s, 0)
    refused(s, 1, {"buy": "field"})  # 2 coins
    do(s, 0, {"buy": "field"})
    j = s.to_json()
    assert j["third_field"][0] and len(j["fields"][0]) == 3 and j["fields"][0][2] == []
    assert len(j["coins"][0]) == 1
    assert Counter(j["discard"][-3:]) + Counter(j["coins"][0]) == Counter(coins)
    assert len(j["discard"]) == 3
    refused(s, 0, {"buy": "field"})
    assert same(s.legal_actions(0), [FRONT0, FRONT1, FRONT2])


def test_a_third_field_is_bought_only_once_even_with_coins():
    s = load(hands=[["soy"], ["soy"], ["soy"]], coins=[7, 0, 0])
    do(s, 0, {"buy": "field"})
    refused(s, 0, {"buy": "field"})
    assert len(s.to_json()["coins"][0]) == 4


@pytest.mark.parametrize("phase", ["plant", "trade", "plant-trades"])
def test_a_third_field_is_bought_at_any_time_by_anyone(phase):
    s = load(
        hands=[["soy"], ["soy"], ["soy"]],
        coins=[0, 0, 3],
        phase=phase,
        planted=1 if phase != "plant" else 0,
        offer_area=["wax", "wax"] if phase == "trade" else [],
        to_plant=[["wax"], [], []] if phase == "plant-trades" else None,
    )
    assert 2 in s.actors()
    do(s, 2, {"buy": "field"})
    j = s.to_json()
    assert j["third_field"] == [False, False, True] and j["coins"][2] == []
    assert j["phase"] == phase


# -- the stock runs out ----------------------------------------------------------------------


def test_an_empty_stock_takes_the_discard_pile_shuffled():
    s = load(
        hands=[["soy", "soy"], ["soy"], ["soy"]],
        planted=1,
        fields=[[["soy"], []], [[], []], [[], []]],
        stock_top=["coffee"],
        rest="discard",
    )
    j = s.to_json()
    (top,) = j["stock"]
    old_discard = j["discard"]
    do(s, 0, END_PLANTING)
    j = s.to_json()
    assert j["exhausted"] == 1 and not j["ending"]
    assert j["offer_area"][0] == top
    second = j["offer_area"][1]
    assert second in old_discard
    assert j["discard"] == []
    assert Counter(j["stock"]) + Counter([second]) == Counter(old_discard)


def test_the_third_time_the_stock_runs_out_the_turn_ends_and_all_fields_are_harvested():
    s = load(
        hands=[["soy", "soy", "red"], ["green"], ["stink", "stink"]],
        planted=1,
        fields=[
            [["soy"], ["chili", "chili", "chili"]],
            [["red", "red", "red"], ["blue"]],
            [["garden", "garden"], ["cocoa"]],
        ],
        coins=[0, 2, 1],
        stock_top=["wax"],
        exhausted=2,
        rest="discard",
    )
    j = s.to_json()
    discard = j["discard"]
    do(s, 0, END_PLANTING)
    j = s.to_json()
    assert j["exhausted"] == 3 and j["ending"]
    assert names(s, j["offer_area"]) == ["wax"], "only what is there is turned up"
    assert j["discard"] == discard, "no reshuffle the 3rd time"
    assert j["stock"] == []
    assert j["phase"] == "trade"
    # the turn goes on with what is there
    do(s, 0, END_TRADING)
    (wax,) = s.to_json()["to_plant"][0]
    # wax fits neither field; the soy field (1 bean) may not go while chili holds 3
    assert same(s.legal_actions(0), [hv(1)])
    do(s, 0, hv(1))
    do(s, 0, {"plant": wax, "field": 1})
    j = s.to_json()
    # no cards to draw: every field is harvested, 1-bean fields included
    assert j["phase"] == "over" and s.is_terminal()
    assert all(f == [] for fs in j["fields"] for f in fs)
    # player 0: chili 3 beans 1 (above), then soy 1 bean 0, wax 1 bean 0
    # player 1: 2 + red 3 beans 2 + blue 1 bean 0; player 2: 1 + garden 2 beans 2 + cocoa 0
    assert [len(c) for c in j["coins"]] == [1, 4, 3]
    assert j["result"] == [1, 4, 3]
    assert names(s, j["hands"][0]) == ["soy", "soy", "red"]
    assert s.actors() == frozenset()
    assert all(s.legal_actions(p) == [] for p in (0, 1, 2, REFEREE))
    refused_over(s)
    r = s.result()
    assert r.scores == (1, 4, 3) and r.ranks == (3, 1, 2) and r.winners == (1,)


def refused_over(s) -> None:
    before = text(s)
    for p, a in [(0, FRONT0), (1, {"buy": "field"}), (REFEREE, {"close": "trading"})]:
        with pytest.raises(IllegalAction):
            s.apply(p, a)
    assert text(s) == before


def test_the_stock_running_out_the_third_time_while_drawing():
    s = load(
        hands=[["soy"], ["green"], ["stink"]],
        phase="plant-trades",
        to_plant=[["chili"], [], []],
        fields=[[[], ["red", "red"]], [["blue"] * 4, []], [[], []]],
        stock_top=["wax", "coffee"],
        exhausted=2,
        rest="discard",
    )
    (chili,) = s.to_json()["to_plant"][0]
    do(s, 0, {"plant": chili, "field": 0})
    j = s.to_json()
    assert names(s, j["hands"][0]) == ["soy", "coffee", "wax"]
    assert j["phase"] == "over" and j["exhausted"] == 3
    # player 0: chili 1 bean 0 + red 2 beans 1; player 1: blue 4 beans 1
    assert j["result"] == [1, 1, 0]
    # equal coins: the later first turn wins (turns went 0, 1, 2)
    assert s.result().ranks == (2, 1, 3)


def test_a_stock_that_cannot_be_refilled_ends_the_game():
    """The stock runs out while the discard pile is empty: nothing to shuffle into a new
    stock. The project counts this as the last run-out (else a game could never end): the turn
    ends with what is there, then every field is harvested."""
    s = load(
        hands=[["soy", "soy"], ["green"], ["stink"]],
        planted=1,
        fields=[[["soy"], []], [["blue"] * 4, []], [[], []]],
        stock_top=["coffee"],
        rest=2,
    )
    do(s, 0, END_PLANTING)
    j = s.to_json()
    assert names(s, j["offer_area"]) == ["coffee"] and j["stock"] == [] and j["discard"] == []
    assert j["exhausted"] == 3 and j["ending"] and j["phase"] == "trade"
    blue = j["fields"][1][0]
    do(s, 1, hv(0))  # 4 blue: 1 coin, 3 onto the discard pile
    assert s.to_json()["discard"] == blue[:3]
    do(s, 0, END_TRADING)
    (coffee,) = s.to_json()["to_plant"][0]
    do(s, 0, {"plant": coffee, "field": 1})
    j = s.to_json()
    assert j["phase"] == "over"
    assert names(s, j["hands"][0]) == ["soy", "soy"], "nothing drawn"
    assert j["stock"] == [] and j["discard"] == blue[:3] + j["discard"][3:]
    assert j["result"][:2] == [0, 1]


# -- the result ------------------------------------------------------------------------------


def final(coins, hands, first_player=0, options=None):
    """Player 0's last turn of a game: the stock's last card, then the end (fields empty)."""
    s = load(
        options=options,
        hands=[["soy", *hands[0]], *hands[1:]],
        coins=coins,
        stock_top=["wax"],
        exhausted=2,
        rest="discard",
        first_player=first_player,
    )
    do(s, 0, FRONT0)
    if s.to_json()["phase"] == "plant":  # an empty hand turns up by itself
        do(s, 0, END_PLANTING)
    do(s, 0, END_TRADING)
    (wax,) = s.to_json()["to_plant"][0]
    do(s, 0, {"plant": wax, "field": 1})
    assert s.is_terminal()
    return s


def test_most_coins_wins():
    s = final([2, 5, 3], [[], [], []])
    # soy 1 bean, wax 1 bean: nothing more
    r = s.result()
    assert r.scores == (2, 5, 3) and r.ranks == (3, 1, 2) and r.winners == (1,)
    assert "player 1" in r.summary


@pytest.mark.parametrize(
    ("first", "ranks"),
    [
        (0, (3, 2, 1)),  # turns 0, 1, 2: player 2 came last
        (1, (1, 3, 2)),  # turns 1, 2, 0: player 0 came last
        (2, (2, 1, 3)),  # turns 2, 0, 1
    ],
)
def test_a_tie_goes_to_the_later_first_turn(first, ranks):
    s = final([4, 4, 4], [["red"], ["red", "red"], []], first_player=first)
    assert s.result().scores == (4, 4, 4)
    assert s.result().ranks == ranks


def test_a_tie_with_a_third_player_behind():
    s = final([4, 1, 4], [[], [], []], first_player=1)
    # turns 1, 2, 0: of 0 and 2, player 0 came later
    assert s.result().ranks == (1, 3, 2)


def test_option_tie_break_by_hand_cards():
    s = final([4, 4, 2], [["red"], ["red", "red", "red"], []], options={"tie_break": "hand_cards"})
    # hands at the end: player 0 red (soy and wax were planted), player 1 three
    assert s.result().ranks == (2, 1, 3)
    s = final([4, 4, 4], [["red", "red"], ["red", "red"], []], options={"tie_break": "hand_cards"})
    r = s.result()
    assert r.ranks == (1, 1, 3) and set(r.winners) == {0, 1}


def test_no_result_before_the_end():
    s = load(hands=[["soy"], ["soy"], ["soy"]])
    with pytest.raises(IllegalAction):
        s.result()


def test_positions_with_a_card_twice_or_missing_are_refused():
    game = load_game()
    j = game.new_state(3, 0).to_json()
    j["hands"][0].append(j["stock"][0])
    with pytest.raises(spieltisch.RecordError):
        game.from_json(j)
    j = game.new_state(3, 0).to_json()
    j["stock"].pop()
    with pytest.raises(spieltisch.RecordError):
        game.from_json(j)
