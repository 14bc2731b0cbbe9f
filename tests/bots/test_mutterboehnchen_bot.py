"""Mutterböhnchen's trader and notrade bots: legal play from the view alone (2 to 6 players),
sensible answers in constructed positions (whom to attack, which taler to keep where, pulling a
Lady up, refusing a foist that ruins a field, the end placement), determinism, the registry."""

from __future__ import annotations

from typing import Any

import pytest
from bot_guard import ViewOnly, guarded_decision
from mutterboehnchen_positions import act, fields_of, load

import spieltisch
from spieltisch.bots import Decision, make_bot, strongest_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action, Rng
from spieltisch.games.mutterboehnchen import bots as mutter_bots

OPTIONS = {"trade_seconds": 10.0}
GAME = spieltisch.load_game("mutterboehnchen", **OPTIONS)


def listed_or_offer(decision: Decision, action: Action | None) -> bool:
    # a whole offer is validated by the engine when it is applied; all else is listed
    return action is None or action in decision.legal or set(action) == {"offer"}


def decide(state: Any, player: int, bot: Any = "trader") -> Action | None:
    if isinstance(bot, str):
        bot = make_bot(bot, GAME)
    return bot.act(guarded_decision(state, player, Rng(5)))


# -- whole games ------------------------------------------------------------------------------

SEATS = {
    2: ["trader", "notrade"],
    3: ["trader", "notrade", "random"],
    4: ["trader", "notrade", "trader", "random"],
    5: ["trader", "notrade", "random", "trader", "notrade"],
    6: ["trader", "notrade", "trader", "notrade", "trader", "random"],
}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_only_legal_actions_from_the_view(players: int) -> None:
    bots = [ViewOnly(make_bot(s, GAME), listed_or_offer) for s in SEATS[players]]
    played = play_game(GAME, bots, seed=200 + players)
    assert played.state.is_terminal()
    assert all(b.actions > 0 for b, s in zip(bots, SEATS[players], strict=True) if s != "random")


def test_the_same_seed_plays_the_same_game() -> None:
    records = []
    for _ in range(2):
        bots = [make_bot("trader", GAME) for _ in range(3)]
        records.append(play_game(GAME, bots, seed=11).record.actions)
    assert records[0] == records[1]


def test_traders_trade_and_attack() -> None:
    played = play_game(GAME, [make_bot("trader", GAME) for _ in range(4)], seed=3)
    actions = [a for _, a in played.record.actions]
    assert sum(1 for a in actions if "accept" in a) >= 3
    assert sum(1 for a in actions if "attack" in a) >= 3


def test_trader_beats_random_clearly() -> None:
    coins = {"trader": 0.0, "random": 0.0}
    for seed in (500, 501):
        specs = ["trader", "random", "trader", "random"][seed % 2 :][:3]
        result = play_game(GAME, [make_bot(s, GAME) for s in specs], seed=seed).state.result()
        assert all(specs[w] == "trader" for w in result.winners), (specs, result.scores)
        for p, s in enumerate(specs):
            coins[s] += result.scores[p] / specs.count(s)
    assert coins["trader"] > 1.5 * coins["random"], coins


# -- constructed positions --------------------------------------------------------------------


def test_it_attacks_the_opponent_whose_harvested_talers_fit() -> None:
    # player 0 will attack with a Blue Baby; player 1 harvests 6 Blue (2 Blue coins), player 2
    # 5 Red (4 Red coins): only a bot that watched the harvests knows 1's pile fits its fields
    s = load(
        4,
        phase="plant",
        planted=1,
        hands=[["soy"], [], [], []],
        fields=[
            [["blue"] * 3 + ["blue-baby"], ["chili"]],
            [["blue"] * 6, []],
            [["red"] * 5, []],
            [[], []],
        ],
        coins=[0, 3, 3, 3],
        rest="discard",
        stock_top=["green"] * 10,
    )
    watcher = make_bot("trader", GAME)
    decide(s, 0, watcher)  # it sees the fields before the harvests
    act(s, 1, {"harvest": 0})
    act(s, 2, {"harvest": 0})
    act(s, 0, {"end": "planting"})
    assert s.phase == "attack"
    assert decide(s, 0, watcher) == {"attack": 1, "field": 0}
    # one that saw nothing counts every pile as the starting talers: the richest, player 2
    assert decide(s, 0, "trader") == {"attack": 2, "field": 0}


def test_it_skips_an_attack_that_can_bring_nothing() -> None:
    s = load(
        4,
        phase="plant",
        planted=1,
        hands=[["soy"], [], [], []],
        fields=[[["blue", "blue-baby"], []], [[], []], [[], []], [[], []]],
        coins=[0, 0, 0, 0],
        rest="discard",
        stock_top=["green"] * 10,
    )
    act(s, 0, {"end": "planting"})
    assert s.phase == "attack"
    assert decide(s, 0) == {"end": "attacks"}


def test_the_defender_harvests_a_finished_field_first_and_no_fitting_coins() -> None:
    # player 0 attacks player 1 with a Blue Baby: 7 Soy can grow no more (their 4 Soy coins
    # thin out the Blue share of the pile); the 6 Blue would add Blue coins the attacker keeps
    s = load(
        4,
        phase="plant",
        planted=1,
        hands=[["soy"], ["green"], [], []],
        fields=[
            [["blue", "blue-baby"], []],
            [["soy"] * 7, ["blue"] * 6],
            [[], []],
            [[], []],
        ],
        coins=[0, 3, 0, 0],
    )
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    assert s.phase == "defend"
    assert decide(s, 1) == {"harvest": 0}
    act(s, 1, {"harvest": 0})
    assert decide(s, 1) == {"end": "defending"}


def test_it_keeps_the_fitting_taler_on_the_better_field() -> None:
    # a 2-rattle attack draws both of player 1's talers, a Chili and a Blue: the Chili on the
    # 5-Chili field makes it pay 2 (the other Chili field and the Blue on the Baby do less)
    s = load(
        3,
        phase="plant",
        planted=1,
        hands=[["soy"], [], []],
        fields=[
            [["blue", "blue-baby2"], ["chili"], ["chili"] * 5],
            [[], [], []],
            [[], [], []],
        ],
        coins=[0, ["chili", "blue"], 0],
        rest="discard",
        stock_top=["green"] * 10,
    )
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    assert s.phase == "keep"
    action = decide(s, 0)
    assert action is not None and action["field"] == 2, action
    assert GAME.kinds[action["keep"]].name == "chili"


def test_it_pulls_a_lady_to_the_top_when_she_pays_more() -> None:
    # late in the game: 7 Blue pay 2 by a male (or a Baby: nothing), 3 by the Lady on top
    late = {"exhausted": 1, "stock_top": ["green"] * 6, "rest": "discard"}
    s = load(
        4,
        phase="plant",
        hands=[["blue-baby", "soy"], [], [], []],
        fields=[[["blue"] * 4 + ["blue-lady", "blue"], []], [[], []], [[], []], [[], []]],
        **late,
    )
    act(s, 0, {"plant": "front", "field": 0})
    assert s.pull is not None and s.pull["options"] == [4]
    assert decide(s, 0) == {"pull": 4}
    act(s, 0, {"pull": 4})
    assert fields_of(s, 0)[0][-1] == "blue-lady"


def test_it_leaves_a_lady_where_the_pull_gains_nothing() -> None:
    # the Lady moves up 2 but stays under the Baby: the field pays the same
    s = load(
        4,
        phase="plant",
        hands=[["blue-baby", "soy"], [], [], []],
        fields=[[["blue", "blue-lady", "blue", "blue", "blue"], []], [[], []], [[], []], [[], []]],
        rest="discard",
        stock_top=["green"] * 10,
    )
    act(s, 0, {"plant": "front", "field": 0})
    assert s.pull is not None and s.pull["options"] == [1]
    assert decide(s, 0) == {"pull": "none"}


def _gift(offer_area: list[str]) -> Any:
    """Player 0 gives player 1 the rearmost turned-up Red; 1's Blue and Chili fields have
    Ladys on top."""
    gift = {"id": 1, "from": 0, "to": 1, "give": [{"variety": "red", "count": 1, "from": "offer"}],
            "want": []}  # fmt: skip
    return load(
        3,
        phase="trade",
        active=0,
        planted=1,
        hands=[["soy"], ["green"], ["stink"]],
        fields=[
            [["soy"], [], []],
            [["red"] * 2, ["blue"] * 8 + ["blue-lady"], ["chili"] * 6 + ["chili-lady"]],
            [[], [], []],
        ],
        offer_area=offer_area,
        offers=[gift],
        next_offer=2,
        rest="discard",
        stock_top=["green"] * 10,
    )


def test_it_refuses_a_foist_that_ruins_its_fields() -> None:
    # the gift is the Choleriker: planted at once on the Red field, he discards the Ladys on
    # top of the other two fields
    s = _gift(["red", "choleriker"])
    assert {"accept": 1} in s.legal_actions(1)
    for bot in ("trader", "notrade"):
        assert decide(s, 1, bot) == {"decline": 1}
    # a plain Red male is welcome on the same field
    assert decide(_gift(["choleriker", "red"]), 1) == {"accept": 1}


def test_it_places_cards_that_raise_the_final_harvest() -> None:
    s = load(
        4,
        phase="place",
        active=3,
        hands=[["blue-baby", "chili", "blue"], [], [], []],
        fields=[[["blue"] * 5, ["chili"] * 5], [[], []], [[], []], [[], []]],
        placing=[0, 1, 2, 3],
        ending=True,
        rest="discard",
    )
    first = decide(s, 0)
    assert first is not None and first["field"] in (0, 1)
    assert GAME.kinds[first["place"]].name in ("blue", "chili"), "never a Baby on top at the end"
    act(s, 0, first)
    second = decide(s, 0)
    assert second is not None and "place" in second
    act(s, 0, second)
    assert decide(s, 0) == {"end": "placing"}
    assert fields_of(s, 0) == [["blue"] * 6, ["chili"] * 6]


def test_the_registry_knows_them() -> None:
    assert strongest_bot(GAME) == "trader"
    assert set(mutter_bots.BOTS) == {"trader", "notrade"}
    bot = make_bot("trader:attack_worth=0.5", GAME)
    assert isinstance(bot, mutter_bots.MutterTraderBot) and bot.attack_worth == 0.5
    assert isinstance(make_bot("notrade", GAME), mutter_bots.MutterNoTradeBot)


def test_two_players_take_the_offer_cards_that_fit_and_leave_the_rest() -> None:
    s = load(
        2,
        phase="take",
        planted=2,
        hands=[["soy"], ["green"]],
        fields=[[["blue"] * 3, ["chili"] * 2, []], [["red"], [], []]],
        offer_area=["blue", "stink", "blue"],
        rest="discard",
        stock_top=["green"] * 10,
    )
    first = decide(s, 0)
    assert first is not None and first.get("field") == 0, first
    assert GAME.kinds[first["plant"]].name == "blue"
    act(s, 0, first)
    second = decide(s, 0)
    assert second is not None and second.get("field") == 0, second
    act(s, 0, second)
    assert decide(s, 0) == {"end": "taking"}
