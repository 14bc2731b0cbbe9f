"""Sheet 000 for 3 to 6 players: the set-up (starting Bohnentaler, stock sizes, fields by
player count), phase 1, harvests into face-down Bohnentaler, the end by player count with the
last planting round and the final harvest, and the tie rule."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import act, fields_of, hand, load, load_game, names
from position_checks import events_of, legal, refused

from spieltisch import OptionError, Rng
from spieltisch.games.mutterboehnchen.rules import deal_talers, run_outs

GAME = load_game()
VARIETIES = [v.id for v in GAME.varieties]

# -- set-up --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "each", "back", "stock"),
    [(2, 8, 0, 152), (3, 5, 1, 153), (4, 4, 0, 152), (5, 3, 1, 153), (6, 2, 4, 156)],
)
def test_starting_bohnentaler_and_the_stock_before_dealing(players, each, back, stock) -> None:
    piles, rest = deal_talers(GAME.kinds, VARIETIES, players, Rng(7))
    assert [len(p) for p in piles] == [each] * players
    dealt = [c for p in piles for c in p]
    assert len(dealt) + back == 16, "2 males of each of the 8 varieties"
    assert all(GAME.kinds[c].sex == "male" and not GAME.kinds[c].special for c in dealt)
    assert len(rest) == stock
    assert sorted(dealt + rest) == list(range(168)), "the leftover talers go back into the stock"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_new_game_deals_talers_hands_and_fields_by_player_count(players) -> None:
    s = GAME.new_state(players, seed=3)
    stock = {3: 153, 4: 152, 5: 153, 6: 156}[players]
    assert len(s.stock) == stock - 5 * players
    assert [len(h) for h in s.hands] == [5] * players
    assert [len(c) for c in s.coins] == [16 // players] * players
    assert [len(f) for f in s.fields] == [3 if players == 3 else 2] * players
    assert s.phase == "plant" and s.actors() == {s.active}
    assert all(v["coins"] == [16 // players] * players for v in map(s.view, range(players)))


def test_the_game_is_for_2_to_6_players_and_ends_by_player_count() -> None:
    for n in (1, 7):
        with pytest.raises(OptionError):
            GAME.new_state(n)
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert [run_outs(n) for n in (2, 3, 4, 5, 6)] == [1, 1, 2, 3, 4]


def test_no_third_field_can_be_bought() -> None:
    s = load(4, hands=[["blue"], [], [], []], coins=[5, 0, 0, 0])
    assert all("buy" not in a for a in legal(s, 0))
    refused(s, 0, {"buy": "field"})


# -- phase 1 ------------------------------------------------------------------------------------


def test_phase_1_the_front_card_then_optionally_the_next() -> None:
    s = load(
        4, hands=[["blue", "chili", "soy"], [], [], []], fields=[[["blue"], []]] + [[[], []]] * 3
    )
    assert legal(s, 0) == [{"plant": "front", "field": 0}, {"plant": "front", "field": 1},
                           {"harvest": 0}]  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert {"end": "planting"} in legal(s, 0)
    refused(s, 0, {"plant": "front", "field": 0})  # Chili does not go on the Blue field
    act(s, 0, {"plant": "front", "field": 1})
    assert fields_of(s, 0) == [["blue", "blue"], ["chili"]]
    assert s.phase == "trade" and len(s.offer_area) == 2, "no Baby on top: straight to trading"
    assert hand(s, 0) == ["soy"]


def test_a_field_of_another_variety_forces_a_harvest_first() -> None:
    s = load(
        4, hands=[["soy"], [], [], []], fields=[[["blue", "blue"], ["chili"]]] + [[[], []]] * 3
    )
    assert legal(s, 0) == [{"harvest": 0}], "the one-bean rule: not the lone Chili"


# -- harvests become face-down Bohnentaler --------------------------------------------------------


def test_a_harvest_is_public_once_and_then_only_a_count() -> None:
    s = load(4, fields=[[["red", "red", "red-lady"], []]] + [[[], []]] * 3,
             coins=[["soy"], 0, 0, 0], hands=[["blue"], [], [], []])  # fmt: skip
    events = act(s, 0, {"harvest": 0})
    (h,) = events_of(events, "harvest")
    assert h.data["coin_cards"] == ["red", "red", "red-lady"]  # the Red Lady pays 3 for 3
    assert h.visible_to is None, "which cards they were is public at that moment"
    for p in (None, 0, 1, 2, 3):
        v = s.view(p)
        assert v["coins"] == [4, 0, 0, 0]
        shown = [c for cs in v["fields"] for f in cs for c in f] + v["discard"]
        assert "red-lady" not in shown, "no view shows a taler's face afterwards"


def test_the_garden_lady_pays_with_the_bottom_of_the_discard_pile() -> None:
    s = load(4, fields=[[["garden", "garden-lady"], []]] + [[[], []]] * 3,
             discard=["soy", "blue", "chili"], rest=1, hands=[["blue"], [], [], []])  # fmt: skip
    events = act(s, 0, {"harvest": 0})
    (h,) = events_of(events, "harvest")
    assert h.data["coin_cards"] == ["soy", "blue"] and h.data["from_discard"]
    assert names(s.discard) == ["chili", "garden", "garden-lady"]
    assert len(s.coins[0]) == 2


# -- the end -------------------------------------------------------------------------------------


def end_of_turn(players: int, exhausted: int, stock: int, **kw):
    """The active player 0 has just ended trading; ``stock`` cards are left."""
    return load(
        players,
        phase="trade",
        hands=[["blue"]] + [["chili", "soy"]] * (players - 1),
        fields=[[["blue", "blue"], ["chili"], *([[]] if players == 3 else [])]]
        + [[["chili", "chili"], [], *([[]] if players == 3 else [])]] * (players - 1),
        stock_top=["red"] * stock,
        exhausted=exhausted,
        rest="discard",
        **kw,
    )


@pytest.mark.parametrize(("players", "exhausted"), [(3, 0), (4, 1), (5, 2), (6, 3)])
def test_the_end_comes_with_the_run_out_by_player_count(players, exhausted) -> None:
    s = end_of_turn(players, exhausted, stock=2)
    act(s, 0, {"end": "trading"})
    assert s.phase == "place", "the last card taken: the game ends"
    assert len(s.hands[0]) == 3, "2 drawn, the 3rd is lost (no reshuffle)"
    assert s.placing == [(0 + k) % players for k in range(1, players + 1)]
    assert s.actors() == {1}


def test_an_earlier_run_out_reshuffles() -> None:
    s = end_of_turn(4, exhausted=0, stock=2)
    act(s, 0, {"end": "trading"})
    assert s.phase == "plant" and s.active == 1 and s.exhausted == 1
    assert len(s.hands[0]) == 4 and len(s.stock) > 100


def test_a_short_turn_up_goes_on_and_the_turn_is_finished() -> None:
    s = load(3, phase="plant", planted=1, hands=[["soy"], [], []], stock_top=["red"],
             rest="discard")  # fmt: skip
    act(s, 0, {"end": "planting"})
    assert s.phase == "trade" and names(s.offer_area) == ["red"] and s.ending
    act(s, 0, {"plant": s.offer_area[0], "field": 0})
    act(s, 0, {"end": "trading"})
    assert s.phase == "place" and hand(s, 0) == ["soy"], "nothing drawn any more"


def test_the_last_planting_round_and_the_final_harvest() -> None:
    s = load(
        3,
        phase="place",
        placing=[1, 2, 0],
        hands=[["soy"], ["chili", "chili-baby", "blue", "chili-lady"], ["red"]],
        fields=[[["soy"], [], []], [["chili-lady", "chili"], ["blue"], []], [[], [], []]],
        ending=True,
        exhausted=1,
        rest="discard",
    )
    acts = legal(s, 1)
    assert {"place": s.hands[1][0], "field": 0} in acts
    assert all(a.get("field") != 2 for a in acts), "only existing fields"
    act(s, 1, {"place": s.hands[1][1], "field": 0})  # the Baby: the Lady may move up
    assert s.pull == {"player": 1, "field": 0, "options": [0]}
    act(s, 1, {"pull": 0})
    assert fields_of(s, 1)[0] == ["chili", "chili-baby", "chili-lady"]
    assert all(a.get("field") != 0 for a in legal(s, 1)), "one card on each field"
    act(s, 1, {"place": s.hands[1][1], "field": 1})
    act(s, 1, {"end": "placing"})
    assert s.actors() == {2} and legal(s, 2) == [{"end": "placing"}], "no existing field"
    act(s, 2, {"end": "placing"})
    act(s, 0, {"place": s.hands[0][0], "field": 0})
    events = act(s, 0, {"end": "placing"})
    assert s.is_terminal()
    harvested = {
        (e.data["player"], e.data["field"]): e.data["coins"] for e in events_of(events, "harvest")
    }
    assert harvested == {(1, 0): 1, (1, 1): 0, (0, 0): 1}, "all fields, one-bean rule or not"
    assert all(not f for fs in s.fields for f in fs)


def test_the_tie_goes_to_the_later_first_turn() -> None:
    s = load(4, phase="place", placing=[0], first_player=2, active=3, ending=True,
             coins=[3, 3, 3, 1], rest="discard")  # fmt: skip
    act(s, 0, {"end": "placing"})
    r = s.result()
    assert r.scores == (3, 3, 3, 1)
    # first turns in the order 2, 3, 0, 1: of the three with 3 coins, 1 began last, then 0
    assert r.ranks == (2, 1, 3, 4)
