"""The rulings of ``rules/ladybohn.md`` and sheet 001's paragraphs for 3–5 players, on hand-made
positions through the real engine: setup, the fans (swaps, phase 2 with the sheet's worked
example), Ladys on the males' fields, rotation after a harvest, the one-bean rule, Make-up
harvests and steals with promises, the third field and the Ratio Field, phase 4, the end with
the sheet's Andrea/Beate/Christa/Dora example, and ties.

Every expected outcome was worked out by hand from the rulings, not by running the engine.
Unless a test names them, the fans are six Garden and four Red males and the rest of the deck
lies under the stock.
"""

from __future__ import annotations

from collections import Counter

import pytest
from ladybohn_positions import (
    conserved,
    do,
    events_of,
    item,
    kinds,
    legal,
    load,
    load_game,
    position,
    refused,
    same,
    text,
)

from spieltisch import Rng

FRONT0 = {"plant": "front", "field": 0}
FRONT1 = {"plant": "front", "field": 1}
END_PLANTING = {"end": "planting"}
END_TRADING = {"end": "trading"}
FIELD, COIN, NONE = {"makeup": "field"}, {"makeup": "coin"}, {"makeup": "none"}


def hv(f: int) -> dict:
    return {"harvest": f}


def rot(g: int) -> dict:
    return {"rotate": g}


def steal(*victims: int) -> dict:
    return {"steal": list(victims)}


def j(state) -> dict:
    return state.to_json()


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_five_cards_each_then_a_6_and_a_4_card_fan_then_the_stock(players):
    game = load_game()
    for seed in range(4):
        s = game.new_state(players, seed)
        d = s.to_json()
        conserved(s)
        assert [len(h) for h in d["hands"]] == [5] * players
        assert [len(f) for f in d["fans"]] == [6, 4]
        assert len(d["stock"]) == 136 - 5 * players - 10
        assert d["fields"] == [[[], []] for _ in range(players)], "all start with 2 fields"
        assert d["third"] == [None] * players and not d["ratio_taken"]
        assert d["coins"] == [[] for _ in range(players)] and d["discard"] == []
        assert d["phase"] == "plant" and d["active"] == d["first_player"]
        # the deal order: the shuffled deck from the seed (the lot drawn first); hands dealt
        # one card each in turn from the top, then the 6-card fan, then the 4-card fan
        rng = Rng(seed)
        assert rng.below(players) == d["first_player"]
        deck = list(range(136))
        rng.shuffle(deck)
        hands = [[] for _ in range(players)]
        for _ in range(5):
            for p in range(players):
                hands[p].append(deck.pop())
        fans = [[deck.pop() for _ in range(6)], [deck.pop() for _ in range(4)]]
        assert d["hands"] == hands and d["fans"] == fans and d["stock"] == deck


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_fans_are_public_and_the_view_shows_them(players):
    s = load_game().new_state(players, 3)
    d = s.to_json()
    for p in [*range(players), None]:
        v = s.view(p)
        assert v["fans"] == [kinds(s, f) for f in d["fans"]]
        assert v["fan_sizes"] == [6, 4]


# -- phase 1: as the base game, Ladys on the males' fields -----------------------------------


def test_a_lady_is_planted_on_the_field_of_her_males():
    s = load(
        hands=[["blue-lady", "soy"], [], []], fields=[[["blue"], ["chili"]], [[], []], [[], []]]
    )
    assert same([a for a in legal(s, 0) if "plant" in a], [FRONT0])
    refused(s, 0, FRONT1)
    do(s, 0, FRONT0)
    assert kinds(s, j(s)["fields"][0][0]) == ["blue", "blue-lady"], "new beans go on top"
    refused(s, 0, FRONT0)  # soy does not fit the Blue field
    s = load(hands=[["blue", "soy"], [], []], fields=[[["blue-lady"], []], [[], []], [[], []]])
    do(s, 0, FRONT0)
    assert kinds(s, j(s)["fields"][0][0]) == ["blue-lady", "blue"]


def test_the_front_card_must_be_planted_first():
    s = load(hands=[["soy", "red"], [], []])
    refused(s, 0, END_PLANTING)
    do(s, 0, FRONT0)
    assert END_PLANTING in legal(s, 0)


# -- payout: the top card's beanometer -------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "coins", "coin_kinds"),
    [
        (["blue", "blue", "blue-lady"], 1, ["blue-lady"]),  # Lady 3/5/7/9
        (["blue-lady", "blue", "blue"], 0, []),  # male Blue 4/6/8/10
        (["chili"] * 4 + ["chili-lady"], 2, ["chili", "chili-lady"]),  # Lady 2/5/7/8
        (["chili-lady"] + ["chili"] * 4, 1, ["chili"]),  # male 3/6/8/9
        (["stink"] * 3 + ["stink-lady"] * 3 + ["stink"], 3, ["stink-lady", "stink-lady", "stink"]),
        (["red", "red-lady"], 2, ["red", "red-lady"]),  # Red Lady 1/2/3/4: 2 beans pay 2
    ],
)
def test_a_field_pays_by_its_top_card(field, coins, coin_kinds):
    s = load(hands=[["soy"], [], []], fields=[[field, []], [[], []], [[], []]])
    f = j(s)["fields"][0][0]
    before = list(j(s)["discard"])
    events = do(s, 0, hv(0))
    d = j(s)
    k = len(field) - coins
    assert d["coins"][0] == f[k:], "the top N cards become the coins"
    assert kinds(s, d["coins"][0]) == coin_kinds
    assert d["discard"] == before + f[:k], "the rest as one block in field order"
    assert d["fields"][0][0] == []
    assert events_of(events, "harvest")[0].data["coins"] == coins


def test_seven_stink_male_on_top_pay_by_the_males_beanometer():
    # Stink male 3/5/7/8: 7 beans pay 3, even with Ladies beneath
    s = load(
        fields=[[["stink-lady"] * 4 + ["stink"] * 3, []], [[], []], [[], []]],
        hands=[["soy"], [], []],
    )
    do(s, 0, hv(0))
    assert len(j(s)["coins"][0]) == 3


# -- the fans: swaps ---------------------------------------------------------------------------


def test_andrea_plants_swaps_with_the_4_card_fan_and_plants_its_front_card():
    """The sheet: Andrea has 5 cards, plants the first, swaps her hand with the 4-card fan and
    plants a second bean, the first card of her new hand."""
    s = load(
        4,
        hands=[["chili", "blue", "soy", "green", "stink"], [], [], []],
        fans=[["garden"] * 6, ["soy", "chili-lady", "stink", "green"]],
    )
    hand0 = j(s)["hands"][0]
    fan1 = j(s)["fans"][1]
    refused(s, 0, {"swap": 1})  # 5 cards, no fan of 5
    refused(s, 0, {"swap": 0})
    do(s, 0, FRONT0)
    assert {"swap": 1} in legal(s, 0) and {"swap": 0} not in legal(s, 0)
    events = do(s, 0, {"swap": 1})
    d = j(s)
    assert d["hands"][0] == fan1, "the fan's top card is the new front card"
    assert d["fans"][1] == hand0[1:], "the hand becomes the fan, front card on top"
    assert events_of(events, "swap")[0].data["fan"] == 1
    do(s, 0, FRONT1)
    assert d["hands"][0][0] in j(s)["fields"][0][1], "her second bean is the fan's old top card"
    assert kinds(s, j(s)["fields"][0][1]) == ["soy"]


def test_a_swap_as_often_as_she_likes_back_and_forth():
    s = load(
        hands=[["blue"] * 3 + ["soy"], [], []],
        planted=1,
        fans=[["garden"] * 6, ["red", "red", "soy", "red"]],
    )
    first = text(s)
    hand, fan = j(s)["hands"][0], j(s)["fans"][1]
    do(s, 0, {"swap": 1})
    assert j(s)["hands"][0] == fan and j(s)["fans"][1] == hand
    do(s, 0, {"swap": 1})
    assert j(s)["hands"][0] == hand and j(s)["fans"][1] == fan
    assert text(s) == first


def test_any_player_may_swap_at_any_moment_not_only_the_active_one():
    # plant phase of player 0: player 2 with 6 cards swaps the 6-card fan
    s = load(hands=[["soy", "soy"], [], ["blue"] * 6])
    assert 2 in s.actors()
    assert {"swap": 0} in legal(s, 2)
    fan0 = j(s)["fans"][0]
    do(s, 2, {"swap": 0})
    assert j(s)["hands"][2] == fan0
    assert j(s)["phase"] == "plant" and j(s)["active"] == 0
    # trading phase: player 1 with 4 cards swaps the 4-card fan
    s = load(hands=[[], ["stink"] * 4, []], phase="trade", planted=1, offer_area=["soy", "green"])
    fan1 = j(s)["fans"][1]
    do(s, 1, {"swap": 1})
    assert j(s)["hands"][1] == fan1
    # planting traded cards: player 2 swaps while player 1 must still plant
    s = load(
        hands=[[], [], ["stink"] * 4], phase="plant-trades", planted=1, to_plant=[[], ["soy"], []]
    )
    do(s, 2, {"swap": 1})
    assert j(s)["phase"] == "plant-trades"


def test_no_swap_with_a_different_hand_size_or_an_empty_hand():
    s = load(hands=[["soy"] * 3, ["blue"] * 5, []], phase="trade", planted=1)
    for p in range(3):
        refused(s, p, {"swap": 0})
        refused(s, p, {"swap": 1})
        refused(s, p, {"swap": 2})


def test_simultaneous_claims_active_first_then_clockwise_each_later_gets_the_fan_as_it_is():
    """The sheet: Andrea's turn; Dora and Beate want the 6-card fan: Beate goes first. Dora
    then gets the fan as it is: Beate's old hand."""
    s = load(
        4,
        hands=[["soy", "soy"], ["blue"] * 6, [], ["chili"] * 6],
        fans=[["green"] * 6, ["red"] * 4],
    )
    assert s.priority() == [0, 1, 3]
    s2 = load(
        4,
        active=2,
        hands=[[], ["blue"] * 6, ["soy", "soy"], ["chili"] * 6],
        fans=[["green"] * 6, ["red"] * 4],
    )
    assert s2.priority() == [2, 3, 1]
    beate, dora, fan = j(s)["hands"][1], j(s)["hands"][3], j(s)["fans"][0]
    do(s, 1, {"swap": 0})
    assert j(s)["hands"][1] == fan and j(s)["fans"][0] == beate
    do(s, 3, {"swap": 0})
    assert j(s)["hands"][3] == beate and j(s)["fans"][0] == dora


# -- phase 2: turned-up cards meet the fans -----------------------------------------------------

EXAMPLE_FANS = [
    ["blue", "red", "green", "blackeyed", "blue", "blue"],
    ["soy", "chili", "chili", "stink"],
]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_sheets_worked_example_through_the_engine(players):
    """(top) Blue-Red-Green-Blackeyed-Blue-Blue (bottom) and (top) Soy-Chili-Chili-Stink; the
    player draws a Soy and a Blue: fans Blue-Blue-Red-Green-Blackeyed-Blue and
    Soy-Soy-Chili-Chili; offered for trade: a Stink and a Blue (the Blue not repeated)."""
    hands = [["green"]] + [[] for _ in range(players - 1)]
    s = load(players, hands=hands, fans=EXAMPLE_FANS, stock_top=["blue", "soy"])
    fan0, fan1 = j(s)["fans"]
    blue, soy = j(s)["stock"][-2:]
    events = do(s, 0, FRONT0)  # one card in hand: the turn goes on to phase 2
    d = j(s)
    assert d["phase"] == "trade"
    assert kinds(s, d["fans"][0]) == ["blue", "blue", "red", "green", "blackeyed", "blue"]
    assert kinds(s, d["fans"][1]) == ["soy", "soy", "chili", "chili"]
    assert d["fans"][0] == [blue, *fan0[:5]] and d["fans"][1] == [soy, *fan1[:3]]
    assert d["offer_area"] == [fan1[3], fan0[5]]
    assert kinds(s, d["offer_area"]) == ["stink", "blue"]
    assert [e.data["fan"] for e in events_of(events, "fan")] == [1, 0]
    assert d["turned"] == []
    # trading as the base game: kept, both go to be planted
    do(s, 0, END_TRADING)
    assert sorted(j(s)["to_plant"][0]) == sorted([fan1[3], fan0[5]])


def test_the_worked_example_with_the_blue_drawn_first():
    s = load(hands=[["green"], [], []], fans=EXAMPLE_FANS, stock_top=["soy", "blue"])
    fan0, fan1 = j(s)["fans"]
    do(s, 0, FRONT0)
    d = j(s)
    assert d["offer_area"] == [fan0[5], fan1[3]]
    assert kinds(s, d["fans"][0]) == ["blue", "blue", "red", "green", "blackeyed", "blue"]
    assert kinds(s, d["fans"][1]) == ["soy", "soy", "chili", "chili"]


def test_ladies_first_the_lady_drawn_second_goes_on_first():
    # the male Blue is drawn first, the Blue Lady second: the Lady goes on the fan first, the
    # male on top of her; each pushes one Green into the offer
    s = load(
        hands=[["soy"], [], []],
        fans=[["blue"] + ["green"] * 5, ["chili"] + ["stink"] * 3],
        stock_top=["blue-lady", "blue"],
    )
    fan0 = j(s)["fans"][0]
    male, lady = j(s)["stock"][-1], j(s)["stock"][-2]
    do(s, 0, FRONT0)
    d = j(s)
    assert d["fans"][0] == [male, lady, fan0[0], fan0[1], fan0[2], fan0[3]]
    assert d["offer_area"] == [fan0[5], fan0[4]]
    assert d["fans"][1] == j(s)["fans"][1] and kinds(s, d["fans"][1]) == ["chili"] + ["stink"] * 3


def test_a_card_matching_no_fan_goes_straight_into_the_offer():
    s = load(hands=[["soy"], [], []], stock_top=["stink", "blue"])
    fans = j(s)["fans"]
    top2 = j(s)["stock"][-2:]
    do(s, 0, FRONT0)
    assert j(s)["fans"] == fans
    assert j(s)["offer_area"] == top2[::-1]


@pytest.mark.parametrize("chosen", [0, 1])
def test_when_both_fans_match_the_active_player_chooses(chosen):
    s = load(
        hands=[["soy"], ["chili"] * 4, []],
        fans=[["blue"] + ["green"] * 5, ["blue"] + ["stink"] * 3],
        stock_top=["red", "blue"],
    )
    fan0, fan1 = j(s)["fans"]
    red, blue = j(s)["stock"][-2:]
    do(s, 0, FRONT0)
    assert j(s)["phase"] == "fan"
    assert s.actors() == {0}
    assert same(legal(s, 0), [{"fan": 0}, {"fan": 1}])
    assert legal(s, 1) == [] and legal(s, 2) == []
    assert s.view(1)["fan_card"] == "blue"
    refused(s, 1, {"swap": 1})  # not in the middle of the fan procedure
    refused(s, 1, {"fan": chosen})
    refused(s, 0, {"fan": 2})
    refused(s, 0, END_TRADING)
    do(s, 0, {"fan": chosen})
    d = j(s)
    assert d["phase"] == "trade"
    if chosen == 0:
        assert d["fans"] == [[blue, *fan0[:5]], fan1]
        assert d["offer_area"] == [fan0[5], red]
    else:
        assert d["fans"] == [fan0, [blue, *fan1[:3]]]
        assert d["offer_area"] == [fan1[3], red]
    assert {"swap": 1} in legal(s, 1), "after the fan step swaps are possible again"


def test_the_pushed_card_does_not_meet_the_fans_again():
    # the Soy joins the 4-card fan and pushes out a Blue; the 6-card fan's top is Blue, but the
    # pushed Blue goes into the offer: the procedure is not repeated
    s = load(
        hands=[["red"], [], []],
        fans=[["blue"] + ["green"] * 5, ["soy", "chili", "chili", "blue"]],
        stock_top=["stink", "soy"],
    )
    fan0, fan1 = j(s)["fans"]
    do(s, 0, FRONT0)
    d = j(s)
    assert d["fans"][0] == fan0
    assert kinds(s, d["offer_area"]) == ["blue", "stink"]
    assert d["offer_area"][0] == fan1[3]


# -- rotation after a harvest -------------------------------------------------------------------


def test_rotation_after_a_harvest_brings_the_lady_to_the_top():
    s = load(
        hands=[["soy"], [], []],
        fields=[[["chili", "chili"], ["blue", "blue-lady", "blue"]], [[], []], [[], []]],
    )
    refused(s, 0, rot(1))  # no harvest yet
    f1 = j(s)["fields"][0][1]
    do(s, 0, hv(0))
    assert same([a for a in legal(s, 0) if "rotate" in a], [rot(1)])
    refused(s, 0, rot(0))  # not the harvested field
    events = do(s, 0, rot(1))
    assert events_of(events, "rotate")[0].data == {"player": 0, "field": 1}
    assert j(s)["fields"][0][1] == [f1[2], f1[0], f1[1]], "the top card goes to the bottom"
    refused(s, 0, rot(1))  # once per harvest
    do(s, 0, hv(1))
    assert j(s)["coins"][0] == [f1[1]], "3 beans, the Lady on top: 1 coin (the Lady)"


def test_rotation_only_of_other_fields_of_two_or_more():
    s = load(
        hands=[["soy"], [], []],
        fields=[[["chili", "chili"], ["blue"], ["green", "green"]], [[], []], [[], []]],
        third=["regular", None, None],
    )
    do(s, 0, hv(0))
    assert same([a for a in legal(s, 0) if "rotate" in a], [rot(2)])
    refused(s, 0, rot(1))
    s = load(hands=[["soy"], [], []], fields=[[["chili", "chili"], ["blue"]], [[], []], [[], []]])
    do(s, 0, hv(0))
    assert [a for a in legal(s, 0) if "rotate" in a] == []
    assert j(s)["rotation"] == [None, None, None]


def test_the_chance_to_rotate_passes_with_the_harvesters_next_other_action():
    s = load(
        hands=[["soy", "soy"], [], []],
        fields=[[["chili", "chili"], ["green", "green"]], [[], []], [[], []]],
    )
    do(s, 0, hv(0))
    do(s, 0, FRONT0)
    refused(s, 0, rot(1))


def test_another_players_action_does_not_take_the_chance_away():
    s = load(
        hands=[["soy", "soy"], [], []],
        fields=[[[], []], [["chili", "chili"], ["green", "green"]], [[], []]],
    )
    do(s, 1, hv(0))  # out of turn
    do(s, 0, FRONT0)
    assert rot(1) in legal(s, 1) and 1 in s.actors()
    do(s, 1, rot(1))


def test_a_second_harvest_gives_a_new_chance():
    s = load(
        hands=[["soy"], [], []],
        fields=[[["chili", "chili"], ["green", "green"], ["blue", "blue"]], [[], []], [[], []]],
        third=["regular", None, None],
    )
    do(s, 0, hv(0))
    do(s, 0, hv(1))
    assert same([a for a in legal(s, 0) if "rotate" in a], [rot(2)])


def test_rotation_also_after_a_make_up_harvest_with_a_choice():
    """After every harvest the harvester may rotate: a Make-up harvest of 3 (whose free 3rd
    field is a choice) is a harvest too; the chance must come before or after the choice."""
    s = load(
        hands=[["soy"], [], []],
        fields=[[["makeup"] * 3, ["blue", "blue-lady", "blue"]], [[], []], [[], []]],
    )
    do(s, 0, hv(0))
    if rot(1) not in legal(s, 0):
        do(s, 0, NONE)
    assert rot(1) in legal(s, 0)


def test_rotation_after_a_make_up_harvest_with_the_coin_taken_at_once():
    s = load(
        hands=[["soy"], [], []],
        fields=[[["makeup"] * 5, ["blue", "blue-lady", "blue"], []], [[], []], [[], []]],
        third=["regular", None, None],
    )
    do(s, 0, hv(0))
    assert rot(1) in legal(s, 0)


# -- the one-bean rule ------------------------------------------------------------------------


def test_one_bean_rule_on_the_ratio_field_and_a_make_up_field():
    s = load(
        hands=[["soy"], [], []],
        fields=[[["blue", "blue"], ["makeup"], ["chili"]], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    refused(s, 0, hv(1))
    refused(s, 0, hv(2))
    assert hv(0) in legal(s, 0)
    s = load(
        hands=[["soy"], [], []],
        fields=[[["blue"], ["makeup"], ["chili"]], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    assert same([a for a in legal(s, 0) if "harvest" in a], [hv(0), hv(1), hv(2)])
    do(s, 0, hv(2))
    assert kinds(s, j(s)["discard"][-1:]) == ["chili"] and j(s)["coins"][0] == []


def test_one_bean_make_up_field_beside_a_ratio_field_of_two():
    s = load(
        hands=[["soy"], [], []],
        fields=[[[], ["makeup"], ["chili", "chili"]], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    refused(s, 0, hv(1))


# -- Make-up harvests ---------------------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 2])
def test_fewer_than_three_make_up_beans_pay_nothing(k):
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * k, []], [[], []], [[], []]])
    f = j(s)["fields"][0][0]
    do(s, 0, hv(0))
    d = j(s)
    assert d["discard"][-k:] == f and d["coins"][0] == []
    assert d["makeup_choice"] == [None] * 3 and d["steals"] == [0] * 3
    refused(s, 0, FIELD)
    refused(s, 0, NONE)


@pytest.mark.parametrize("k", [3, 4])
def test_three_or_four_offer_a_free_third_field_the_first_is_the_ratio_field(k):
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * k, []], [[], []], [[], []]])
    f = j(s)["fields"][0][0]
    do(s, 0, hv(0))
    assert same(legal(s, 0), [FIELD, NONE])
    refused(s, 0, COIN)
    refused(s, 0, FRONT0)  # the choice comes first
    assert j(s)["discard"][-k:] == f
    events = do(s, 0, FIELD)
    d = j(s)
    assert d["third"] == ["ratio", None, None] and d["ratio_taken"]
    assert d["fields"][0] == [[], [], []]
    assert d["coins"][0] == [] and d["steals"] == [0, 0, 0]
    assert events_of(events, "third_field")[0].data["kind"] == "ratio"
    refused(s, 0, FIELD)


def test_three_make_up_beans_the_choice_of_nothing():
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * 3, []], [[], []], [[], []]])
    do(s, 0, hv(0))
    do(s, 0, NONE)
    d = j(s)
    assert d["third"] == [None] * 3 and d["fields"][0] == [[], []] and d["coins"][0] == []
    assert d["makeup_choice"] == [None] * 3


def test_a_later_free_third_field_is_a_regular_one():
    s = load(
        hands=[["soy"], [], []],
        fields=[[[], []], [["makeup"] * 4, []], [[], [], []]],
        third=[None, None, "ratio"],
    )
    do(s, 1, hv(0))
    do(s, 1, FIELD)
    assert j(s)["third"] == [None, "regular", "ratio"]


@pytest.mark.parametrize(("k", "third"), [(3, "regular"), (4, "ratio")])
def test_three_or_four_with_a_third_field_already_give_nothing(k, third):
    s = load(
        hands=[["soy"], [], []],
        fields=[[["makeup"] * k, [], []], [[], []], [[], []]],
        third=[third, None, None],
    )
    do(s, 0, hv(0))
    assert j(s)["makeup_choice"] == [None] * 3 and j(s)["coins"][0] == []
    assert not [a for a in legal(s, 0) if "makeup" in a]


@pytest.mark.parametrize("k", [5, 7])
def test_five_or_more_without_a_third_field_choose_the_coin(k):
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * k, []], [[], []], [[], []]])
    f = j(s)["fields"][0][0]
    do(s, 0, hv(0))
    assert same(legal(s, 0), [FIELD, COIN])
    refused(s, 0, NONE)
    do(s, 0, COIN)
    d = j(s)
    assert d["coins"][0] == [f[-1]], "the coin is one of the harvested cards"
    assert d["discard"][-(k - 1) :] == f[:-1]
    assert d["steals"] == [1, 0, 0]
    assert d["third"] == [None] * 3


def test_five_without_a_third_field_choose_the_free_field():
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * 5, []], [[], []], [[], []]])
    f = j(s)["fields"][0][0]
    do(s, 0, hv(0))
    do(s, 0, FIELD)
    d = j(s)
    assert d["discard"][-5:] == f and d["coins"][0] == [] and d["steals"] == [0, 0, 0]
    assert d["third"] == ["ratio", None, None]


@pytest.mark.parametrize("third", ["ratio", "regular"])
def test_five_or_more_with_a_third_field_take_the_coin_at_once(third):
    s = load(
        hands=[["soy"], [], []],
        fields=[[["makeup"] * 6, [], []], [[], []], [[], []]],
        third=[third, None, None],
    )
    f = j(s)["fields"][0][0]
    do(s, 0, hv(0))
    d = j(s)
    assert d["coins"][0] == [f[-1]] and d["discard"][-5:] == f[:-1]
    assert d["steals"] == [1, 0, 0] and d["makeup_choice"] == [None] * 3


def test_no_make_up_choice_when_none_is_waiting():
    s = load(hands=[["soy"], [], []])
    for a in (FIELD, COIN, NONE):
        refused(s, 0, a)


# -- steals -------------------------------------------------------------------------------------


def own_turn_steal(players: int = 4, **kw):
    """Player 0's trading phase, nothing turned up; she harvests 5 Make-up beans with a 3rd
    field (the coin at once). Player 1 has 2 coins, player 2 1 coin and a Make-up bean in a
    field, player 3 none."""
    fields = [[["makeup"] * 5, [], []], [[], []], [["makeup"], []], [[], []], [[], []]]
    coins = [0, 2, 1, 0, 3]
    return load(
        players,
        phase="trade",
        planted=1,
        third=["regular"] + [None] * (players - 1),
        fields=fields[:players],
        coins=coins[:players],
        **kw,
    )


def steals(s, p):
    """The steal choices among a player's legal actions (harvests and swaps stay open)."""
    return [a for a in legal(s, p) if "steal" in a]


def test_a_steal_in_her_own_turn_comes_after_phase_4():
    s = own_turn_steal()
    do(s, 0, hv(0))
    assert j(s)["steals"] == [1, 0, 0, 0] and len(j(s)["coins"][0]) == 1
    stock = j(s)["stock"]
    hands = j(s)["hands"]
    do(s, 0, END_TRADING)
    d = j(s)
    assert d["phase"] == "steal" and d["active"] == 0
    assert [h[-1:] for h in d["hands"]] == [[stock[-1]], [stock[-2]], [stock[-3]], [stock[-4]]]
    assert hands == [[], [], [], []]
    # the game waits for her steal; the others may still harvest or swap meanwhile
    assert s.waiting_for() == {0}
    # player 2 has a Make-up bean in a field, player 3 no coins
    assert same(steals(s, 0), [steal(), steal(1)])
    refused(s, 0, steal(2))
    refused(s, 0, steal(3))
    refused(s, 1, {"swap": 0})
    victim_coin = d["coins"][1][-1]
    events = do(s, 0, steal(1))
    d = j(s)
    assert len(d["coins"][0]) == 2 and d["coins"][0][-1] == victim_coin
    assert len(d["coins"][1]) == 1
    assert d["steals"] == [0, 0, 0, 0]
    assert events_of(events, "steal")[0].data == {"player": 0, "from": [1]}
    assert d["active"] == 1 and d["phase"] == "plant"


def test_a_steal_is_optional():
    s = own_turn_steal()
    do(s, 0, hv(0))
    do(s, 0, END_TRADING)
    do(s, 0, steal())
    d = j(s)
    assert d["coins"][1:] == j(own_turn_steal())["coins"][1:]
    assert d["active"] == 1 and d["steals"] == [0, 0, 0, 0]


def test_a_steal_takes_from_up_to_three_players():
    s = load(
        5,
        phase="steal",
        planted=1,
        steals=[1, 0, 0, 0, 0],
        coins=[0, 1, 2, 1, 1],
        hands=[["soy"], ["soy"], ["soy"], ["soy"], ["soy"]],
    )
    acts = legal(s, 0)
    assert len(acts) == 1 + 4 + 6 + 4
    assert steal(1, 2, 3) in acts and steal(1, 2, 3, 4) not in acts
    refused(s, 0, steal(1, 2, 3, 4))
    refused(s, 0, steal(0))
    c = j(s)["coins"]
    do(s, 0, steal(2, 3, 4))
    d = j(s)
    assert d["coins"][0] == [c[2][-1], c[3][-1], c[4][-1]]
    assert [len(x) for x in d["coins"]] == [3, 1, 1, 0, 0]


def test_a_steal_earned_out_of_turn_waits_for_her_next_turn():
    s = load(
        3,
        phase="trade",
        planted=1,
        hands=[[], ["soy"], []],
        fields=[[[], []], [["makeup"] * 5, [], []], [[], []]],
        third=[None, "regular", None],
        coins=[2, 0, 1],
        stock_top=["stink"] * 5,
    )
    do(s, 1, hv(0))  # in player 0's turn
    assert j(s)["steals"] == [0, 1, 0]
    do(s, 0, END_TRADING)
    d = j(s)
    assert d["phase"] == "plant" and d["active"] == 1, "no steal after another player's turn"
    do(s, 1, FRONT0)  # soy; her hand is then the stink she drew: plant it too
    do(s, 1, FRONT1)
    assert j(s)["phase"] == "trade"
    assert legal(s, 1).count(steal()) == 0
    do(s, 1, END_TRADING)
    while j(s)["to_plant"][1]:
        card = j(s)["to_plant"][1][0]
        do(s, 1, {"plant": card, "field": 1})
    d = j(s)
    assert d["phase"] == "steal" and d["active"] == 1
    assert same(steals(s, 1), [steal(), steal(0), steal(2), steal(0, 2)])
    do(s, 1, steal(0, 2))
    assert [len(c) for c in j(s)["coins"]] == [1, 3, 0]
    assert j(s)["active"] == 2


def test_two_coins_two_steals_one_after_the_other():
    s = load(
        phase="steal",
        planted=1,
        steals=[2, 0, 0],
        coins=[0, 2, 1],
        hands=[["soy"], ["soy"], ["soy"]],
    )
    do(s, 0, steal(1, 2))
    assert j(s)["phase"] == "steal" and j(s)["steals"] == [1, 0, 0]
    assert same(legal(s, 0), [steal(), steal(1)])
    do(s, 0, steal(1))
    assert [len(c) for c in j(s)["coins"]] == [3, 0, 0]
    assert j(s)["phase"] == "plant" and j(s)["active"] == 1


# -- promises in trades -------------------------------------------------------------------------


def promise_position(**kw):
    """Player 1's trading phase; she owes a steal; players 0 and 2 have a coin each."""
    base = dict(
        phase="trade",
        active=1,
        planted=1,
        steals=[0, 1, 0],
        coins=[1, 0, 1],
        hands=[["red"], [], ["soy"]],
        fields=[[["blue"], []], [[], []], [["green"], []]],
    )
    base.update(kw)
    return load(**base)


def finish_trading_and_planting(s, p: int = 1):
    do(s, p, END_TRADING)
    while j(s)["to_plant"][p]:
        do(s, p, {"plant": j(s)["to_plant"][p][0], "field": 0})


def test_a_promise_with_a_one_shot_offer_protects_the_giver_from_the_next_steal():
    s = promise_position()
    offer = {"to": 1, "give": [item("soy")], "want": [], "promise": True}
    events = do(s, 2, {"offer": offer})
    assert events_of(events, "offer")[0].data["promises"] == {"receiver": "next"}
    do(s, 1, {"accept": 1})
    assert j(s)["promises"] == [[1, 2, "next"]], "the receiver promises not to rob the giver"
    finish_trading_and_planting(s)
    assert j(s)["phase"] == "steal"
    assert same(steals(s, 1), [steal(), steal(0)])
    refused(s, 1, steal(2))
    do(s, 1, steal(0))
    assert j(s)["promises"] == [], "a promise covers the next steal only"
    assert [len(c) for c in j(s)["coins"]] == [0, 1, 1]


def test_a_promise_built_with_the_draft_steps():
    s = promise_position()
    do(s, 2, {"draft": "give", "variety": "soy", "from": "hand"})
    ask = {"draft": "promise", "side": "receiver", "holds": "next"}
    assert ask in legal(s, 2)
    do(s, 2, ask)
    assert s.view(2)["draft"]["promises"] == {"receiver": "next"}
    assert s.view(1)["draft"] is None and s.view(0)["draft"] is None
    do(s, 2, {"propose": True})
    assert j(s)["offers"][0]["promises"] == {"receiver": "next"}
    do(s, 1, {"accept": 1})
    assert j(s)["promises"] == [[1, 2, "next"]]


def test_the_draft_promise_step_sets_and_drops():
    s = promise_position()
    do(s, 2, {"draft": "give", "variety": "soy", "from": "hand"})
    do(s, 2, {"draft": "promise", "side": "receiver", "holds": "next"})
    refused(s, 2, {"draft": "promise", "side": "receiver", "holds": "next"})  # already so
    do(s, 2, {"draft": "promise", "side": "receiver", "holds": "none"})
    do(s, 2, {"propose": True})
    assert "promises" not in j(s)["offers"][0]
    do(s, 1, {"accept": 1})
    assert j(s)["promises"] == []


def test_a_declined_promise_binds_nobody():
    s = promise_position()
    do(s, 2, {"offer": {"to": 1, "give": [item("soy")], "want": [], "promise": True}})
    do(s, 1, {"decline": 1})
    assert j(s)["promises"] == []


def test_a_promise_is_true_or_left_out():
    s = promise_position()
    refused(s, 2, {"offer": {"to": 1, "give": [item("soy")], "want": [], "promise": "yes"}})
    refused(s, 2, {"offer": {"to": 1, "give": [item("soy")], "want": [], "promise": 1}})
    bad = [{"receiver": "ever"}, {"thief": "next"}, ["receiver"], "game", {"sender": True}]
    for promises in bad:
        offer = {"to": 1, "give": [item("soy")], "want": [], "promises": promises}
        refused(s, 2, {"offer": offer})


def test_the_active_player_may_ask_the_promise_too():
    # player 1 (active) gives player 0 a card and asks her promise: player 0 will not rob 1
    s = promise_position(hands=[["red"], ["red"], ["soy"]])
    do(s, 1, {"offer": {"to": 0, "give": [item("red")], "want": [], "promise": True}})
    do(s, 0, {"accept": 1})
    assert j(s)["promises"] == [[0, 1, "next"]]


def test_a_promise_covers_only_the_next_steal():
    s = load(
        phase="steal",
        active=1,
        planted=1,
        steals=[0, 2, 0],
        coins=[1, 0, 2],
        promises=[[1, 2]],
        hands=[["soy"], ["soy"], ["soy"]],
    )
    assert same(legal(s, 1), [steal(), steal(0)])
    do(s, 1, steal(0))
    assert same(legal(s, 1), [steal(), steal(2)])
    do(s, 1, steal(2))
    assert [len(c) for c in j(s)["coins"]] == [0, 2, 1]


def test_a_promise_from_another_stealer_does_not_protect():
    s = load(
        phase="steal", active=1, planted=1, steals=[0, 1, 0], coins=[1, 0, 2],
        promises=[[0, 2]], hands=[["soy"], ["soy"], ["soy"]],
    )  # fmt: skip
    assert same(steals(s, 1), [steal(), steal(0), steal(2), steal(0, 2)])
    do(s, 1, steal())
    assert j(s)["promises"] == [[0, 2, "next"]], "player 0's promise waits for her own next steal"


# -- the third field and the Ratio Field ----------------------------------------------------


def test_buying_a_third_field_for_three_coins_the_first_is_the_ratio_field():
    s = load(hands=[["soy"], [], []], coins=[4, 3, 2])
    c0 = j(s)["coins"][0]
    events = do(s, 0, {"buy": "field"})
    d = j(s)
    assert d["coins"][0] == c0[:1] and d["discard"][-3:] == c0[1:], "the coins to the discard"
    assert d["third"] == ["ratio", None, None] and d["fields"][0] == [[], [], []]
    assert events_of(events, "third_field")[0].data["kind"] == "ratio"
    refused(s, 2, {"buy": "field"})  # 2 coins
    c1 = j(s)["coins"][1]
    do(s, 1, {"buy": "field"})
    assert j(s)["third"] == ["ratio", "regular", None]
    assert j(s)["discard"][-3:] == c1 and j(s)["removed"] == []


def test_the_ratio_field_owner_can_never_get_a_regular_one():
    s = load(
        hands=[["soy"], [], []],
        coins=[6, 0, 0],
        fields=[[[], [], ["makeup"] * 4], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    refused(s, 0, {"buy": "field"})
    do(s, 0, hv(2))
    assert j(s)["makeup_choice"] == [None] * 3, "no free field for her either"
    assert j(s)["fields"][0] == [[], [], []]


def test_a_ratio_field_with_only_males_pays_nothing():
    s = load(
        hands=[["soy"], [], []],
        fields=[[[], [], ["blue"] * 6], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    f = j(s)["fields"][0][2]
    do(s, 0, hv(2))
    assert j(s)["coins"][0] == [] and j(s)["discard"][-6:] == f


def test_garden_beans_are_always_worthless_on_the_ratio_field():
    s = load(
        hands=[["soy"], [], []],
        fields=[[["garden"] * 3, [], ["garden"] * 3], [[], []], [[], []]],
        third=["ratio", None, None],
        fans=[["green"] * 6, ["red"] * 4],
    )
    do(s, 0, hv(2))
    assert j(s)["coins"][0] == []
    do(s, 0, hv(0))
    assert len(j(s)["coins"][0]) == 3, "Garden 0/2/3/0 on a regular field: 3 beans pay 3"


def test_a_ratio_field_with_a_lady_pays_by_its_top_card():
    s = load(
        hands=[["soy"], [], []],
        fields=[[[], [], ["blue-lady"] + ["blue"] * 5], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    f = j(s)["fields"][0][2]
    do(s, 0, hv(2))
    assert j(s)["coins"][0] == f[4:], "male Blue on top: 6 beans pay 2"
    s = load(
        hands=[["soy"], [], []],
        fields=[[[], [], ["blue"] * 4 + ["blue-lady"]], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    f = j(s)["fields"][0][2]
    do(s, 0, hv(2))
    assert j(s)["coins"][0] == f[3:], "Lady on top: 5 beans pay 2 (3/5/7/9), the top two"


def test_the_ratio_owners_other_fields_and_regular_third_fields_pay_as_usual():
    s = load(
        hands=[["soy"], [], []],
        fields=[[["blue"] * 4, [], []], [[], [], ["blue"] * 6], [[], []]],
        third=["ratio", "regular", None],
    )
    do(s, 0, hv(0))
    assert len(j(s)["coins"][0]) == 1
    do(s, 1, hv(2))
    assert len(j(s)["coins"][1]) == 2


def test_option_ratio_males_pay():
    s = load(
        options={"ratio_males_pay": True},
        hands=[["soy"], [], []],
        fields=[[[], [], ["blue"] * 6], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    f = j(s)["fields"][0][2]
    do(s, 0, hv(2))
    assert j(s)["coins"][0] == f[4:]


# -- phase 4: each player draws one, from the active player clockwise ---------------------------


@pytest.mark.parametrize(("players", "active"), [(3, 1), (4, 3), (5, 2)])
def test_phase_4_each_player_draws_one_from_the_active_player_clockwise(players, active):
    s = load(
        players,
        phase="trade",
        active=active,
        planted=1,
        hands=[["soy"]] * players,
    )
    stock = j(s)["stock"]
    do(s, active, END_TRADING)
    d = j(s)
    for k in range(players):
        p = (active + k) % players
        assert d["hands"][p] == [
            j(load(players, hands=[["soy"]] * players))["hands"][p][0],
            stock[-1 - k],
        ]
    assert len(d["stock"]) == len(stock) - players
    assert d["active"] == (active + 1) % players and d["phase"] == "plant"


# -- the end ------------------------------------------------------------------------------------


def test_the_end_after_the_third_run_out_and_the_final_harvest_and_ties():
    s = load(
        phase="trade",
        planted=1,
        exhausted=2,
        hands=[[], [], []],
        fields=[
            [["blue", "blue", "blue-lady"], []],
            [["soy"], []],
            [["stink"] * 3, [], ["chili"] * 3],
        ],
        third=[None, None, "ratio"],
        stock_top=["red", "green"],
        rest="discard",
    )
    f = j(s)["fields"]
    stock = j(s)["stock"]
    assert stock == j(s)["stock"][-2:]
    do(s, 0, END_TRADING)
    d = j(s)
    assert d["hands"] == [[stock[1]], [stock[0]], []], "player 2 finds no card to draw"
    assert d["phase"] == "over" and s.is_terminal()
    assert d["exhausted"] == 3
    assert all(g == [] for fs in d["fields"] for g in fs)
    assert d["coins"] == [[f[0][0][2]], [], [f[2][0][2]]]
    r = s.result()
    assert list(r.scores) == [1, 0, 1]
    assert list(r.ranks) == [2, 3, 1], "a tie goes to the later first turn"


def test_the_turn_goes_on_after_the_stock_runs_out_in_phase_2():
    s = load(
        hands=[["soy"], ["soy"], ["soy"]],
        exhausted=2,
        stock_top=["red"],
        rest="discard",
        fans=[["green"] * 6, ["stink"] * 4],
    )
    do(s, 0, FRONT0)
    d = j(s)
    assert d["phase"] == "trade" and d["ending"] and d["exhausted"] == 3
    do(s, 0, END_TRADING)
    do(s, 0, {"plant": j(s)["to_plant"][0][0], "field": 1})
    assert s.is_terminal()


def andrea(dora_coins=1, dora_field=("soy",), **kw):
    """The sheet's end: Andrea has 5 Make-up beans planted, Beate 1, Christa 1, Dora none."""
    return load(
        4,
        phase="trade",
        planted=1,
        ending=True,
        exhausted=3,
        hands=[[], [], [], []],
        fields=[[["makeup"] * 5, []], [["makeup"], []], [["makeup"], []], [list(dora_field), []]],
        coins=[0, 2, 1, dora_coins],
        stock_top=[],
        rest="discard",
        **kw,
    )


def test_the_sheets_end_example_dora_pays_andrea_beate_and_christa_are_protected():
    s = andrea()
    andrea_field = j(s)["fields"][0][0]
    dora_coin = j(s)["coins"][3][-1]
    do(s, 0, END_TRADING)
    d = j(s)
    assert d["phase"] == "final-steal" and s.actors() == {0}
    assert all(g == [] for fs in d["fields"] for g in fs), "all fields harvested first"
    assert d["coins"][0] == [andrea_field[-1]]
    assert sorted(d["protected"]) == [0, 1, 2], "Make-up in a field just before the harvest"
    assert same(legal(s, 0), [steal(), steal(3)])
    refused(s, 0, steal(1))
    refused(s, 0, steal(2))
    do(s, 0, steal(3))
    d = j(s)
    assert s.is_terminal()
    assert d["coins"][0] == [andrea_field[-1], dora_coin] and d["coins"][3] == []
    r = s.result()
    assert list(r.scores) == [2, 2, 1, 0]
    assert list(r.ranks) == [2, 1, 3, 4], "Beate's first turn came later than Andrea's"


def test_the_end_example_dora_without_a_coin_pays_nothing():
    s = andrea(dora_coins=0)
    do(s, 0, END_TRADING)
    if not s.is_terminal():
        assert legal(s, 0) == [steal()]
        do(s, 0, steal())
    assert s.is_terminal()
    assert list(s.result().scores) == [1, 2, 1, 0]


def test_the_end_example_dora_pays_from_the_coin_of_her_final_harvest():
    s = andrea(dora_coins=0, dora_field=("stink",) * 3)
    do(s, 0, END_TRADING)
    assert same(legal(s, 0), [steal(), steal(3)])
    do(s, 0, steal(3))
    assert list(s.result().scores) == [2, 2, 1, 0]


def test_final_harvest_make_up_of_three_or_four_pays_nothing():
    s = andrea(dora_coins=0)
    d = position(
        s.game, 3, phase="trade", planted=1, ending=True, exhausted=3,
        fields=[[["makeup"] * 4, []], [["makeup"] * 3, []], [[], []]], rest="discard",
    )  # fmt: skip
    s = s.game.from_json(d)
    do(s, 0, END_TRADING)
    assert s.is_terminal() and list(s.result().scores) == [0, 0, 0]
    assert j(s)["third"] == [None, None, None]


def test_a_pending_steal_is_carried_out_at_the_end_under_the_same_test():
    s = load(
        phase="trade",
        planted=1,
        ending=True,
        exhausted=3,
        steals=[0, 0, 1],
        coins=[2, 1, 0],
        fields=[[["blue"], []], [["makeup", "makeup"], []], [[], []]],
        stock_top=[],
        rest="discard",
    )
    do(s, 0, END_TRADING)
    d = j(s)
    assert d["phase"] == "final-steal" and s.actors() == {2}
    assert same(legal(s, 2), [steal(), steal(0)]), "player 1 had Make-up in a field"
    do(s, 2, steal(0))
    assert s.is_terminal() and list(s.result().scores) == [1, 1, 1]
    assert list(s.result().ranks) == [3, 2, 1]


OWN_STEAL = (
    'rules/ladybohn.md: the steal "is carried out after phase 4 of the current turn if it is'
    ' her own"; a player "cannot be chosen if, at that moment, she has no coins"; the game'
    ' ends "at the end of the turn in which the stock runs out for the 3rd time. Then all fields'
    ' are harvested at once."'
)


def test_an_own_steal_in_the_last_turn_comes_after_phase_4_before_the_final_harvest():
    """Issue 14: player 0 owes her own steal in the last turn. After phase 4 player 1 has no
    coin: she cannot be chosen, and the coin her final harvest gives her stays hers."""
    s = load(
        phase="trade",
        planted=1,
        ending=True,
        exhausted=3,
        steals=[1, 0, 0],
        coins=[0, 0, 1],
        fields=[[[], []], [["stink"] * 3, []], [["soy"], []]],
        stock_top=[],
        rest="discard",
    )
    stink = j(s)["fields"][1][0]
    do(s, 0, END_TRADING)
    d = j(s)
    assert d["phase"] == "steal" and d["fields"][1][0] == stink, OWN_STEAL
    assert same([a for a in legal(s, 0) if "steal" in a], [steal(), steal(2)]), OWN_STEAL
    refused(s, 0, steal(1))
    do(s, 0, steal(2))
    assert s.is_terminal(), "the final harvest after the steal; no steal is left to settle"
    d = j(s)
    assert [len(c) for c in d["coins"]] == [1, 1, 0]
    assert d["coins"][1] == [stink[-1]], "the Stink field's coin is player 1's to keep"
    conserved(s)


def test_an_own_steal_in_the_last_turn_with_nobody_to_rob_is_lost_before_the_harvest():
    """At its moment nobody may be chosen (no coins anywhere): the steal is made empty and
    is not carried over to the final harvest, where player 1 earns a coin."""
    s = load(
        phase="trade",
        planted=1,
        ending=True,
        exhausted=3,
        steals=[1, 0, 0],
        coins=[0, 0, 0],
        fields=[[[], []], [["stink"] * 3, []], [[], []]],
        stock_top=[],
        rest="discard",
    )
    do(s, 0, END_TRADING)
    assert j(s)["phase"] == "steal" and same([a for a in legal(s, 0) if "steal" in a], [steal()])
    do(s, 0, steal())
    assert s.is_terminal() and list(s.result().scores) == [0, 1, 0], OWN_STEAL


def test_final_steals_in_order_from_the_active_player():
    s = load(
        active=1,
        phase="trade",
        planted=1,
        ending=True,
        exhausted=3,
        steals=[1, 0, 0],
        coins=[0, 2, 2],
        fields=[[[], []], [[], []], [["makeup"] * 5, []]],
        stock_top=[],
        rest="discard",
    )
    do(s, 1, END_TRADING)
    assert s.actors() == {2}, "player 2 comes before player 0 from the active player 1"
    assert same(legal(s, 2), [steal(), steal(1)])
    do(s, 2, steal(1))
    assert s.actors() == {0}
    # player 2 had Make-up in a field just before the final harvest: protected
    assert same(legal(s, 0), [steal(), steal(1)])
    do(s, 0, steal(1))
    assert list(s.result().scores) == [1, 0, 4]


def test_a_pending_make_up_choice_at_the_end_loses_no_card():
    """Player 2 harvests 5 Make-up beans in the last turn and has not chosen yet when player 1
    plants the last card: the game ends; the coin card must not vanish."""
    s = load(
        hands=[["blue"], ["blue"], []],
        fields=[[["chili"], []], [["soy"], []], [[], ["makeup"] * 5]],
        phase="plant-trades",
        planted=1,
        to_plant=[[], ["soy"], []],
        ending=True,
        exhausted=3,
        rest="discard",
    )
    do(s, 2, hv(1))
    assert j(s)["makeup_choice"][2] is not None
    s.apply(1, {"plant": j(s)["to_plant"][1][0], "field": 0})
    # the open choice is settled at the end: a 3rd field is worth nothing now, so the 5+
    # harvest takes its coin, and its steal is carried out with the final steals
    assert j(s)["phase"] == "final-steal" and j(s)["coins"][2] == [j(s)["coins"][2][0]]
    conserved(s)
    s.apply(2, {"steal": []})
    assert s.is_terminal()
    conserved(s)


# -- refused actions -----------------------------------------------------------------------------


def test_refused_actions_change_nothing():
    s = load(hands=[["soy", "soy"], ["blue"] * 3, []], coins=[2, 0, 0])
    for p, a in [
        (0, {"buy": "field"}),
        (0, rot(0)),
        (0, steal()),
        (0, {"fan": 0}),
        (1, {"swap": 0}),
        (1, FRONT0),
        (0, {"makeup": "coin"}),
        (0, {"swap": "x"}),
        (2, hv(0)),
    ]:
        refused(s, p, a)
    assert Counter(s.all_cards()) == Counter(range(136))
