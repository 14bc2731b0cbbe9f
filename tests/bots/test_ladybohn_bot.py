"""Ladybohn's trader and notrade bots: legal play from the view alone (1 to 5 players), sensible
answers in constructed positions (fan swap, rotation, Make-up choice, steal targets, promises),
trades between traders, and results against random and each other."""

from __future__ import annotations

from typing import Any

import pytest
from bot_guard import ViewOnly, guarded_decision
from ladybohn_positions import item, load

import spieltisch
from spieltisch.arena.simulate import simulate
from spieltisch.bots import Decision, make_bot, strongest_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action, Rng
from spieltisch.games.ladybohn import bots as lady_bots

OPTIONS = {"trade_seconds": 10.0}
GAME = spieltisch.load_game("ladybohn", **OPTIONS)


def listed_or_offer(decision: Decision, action: Action | None) -> bool:
    # a whole offer is validated by the engine when it is applied; all else is listed, but
    # a received card may be named by any id of its variety (the Lady or the male)
    return (
        action is None
        or action in decision.legal
        or set(action) == {"offer"}
        or Action(action, plant=same_variety(decision, action)) in decision.legal
    )


def same_variety(decision: Decision, action: Action) -> Any:
    """The id that legal_actions lists for the card ``action`` plants (its first of a variety)."""
    rows = decision.view["to_plant"][decision.player]
    card = next((x["card"] for x in rows if x["id"] == action.get("plant")), None)
    if card is None:
        return None
    variety = GAME.deck.kinds[action["plant"]].variety
    return next(x["id"] for x in rows if GAME.deck.kinds[x["id"]].variety == variety)


def accepted(played: Any) -> int:
    return sum(1 for _, a in played.record.actions if "accept" in a)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_only_legal_actions_from_the_view(players: int) -> None:
    specs = ["trader", "notrade", "random", "trader", "notrade"][:players]
    if players == 1:
        specs = ["trader"]
    bots = [ViewOnly(make_bot(s, GAME), listed_or_offer) for s in specs]
    played = play_game(GAME, bots, seed=200 + players)
    assert played.state.is_terminal()
    assert all(b.actions > 0 for b in bots)


def test_solo_notrade_plays_legally() -> None:
    bot = ViewOnly(make_bot("notrade", GAME), listed_or_offer)
    assert play_game(GAME, [bot], seed=7).state.is_terminal()


# -- constructed positions -----------------------------------------------------------------


def decide(state: Any, player: int, bot: str = "trader") -> Action | None:
    return make_bot(bot, GAME).act(guarded_decision(state, player, Rng(5)))


def test_it_swaps_its_hand_for_a_fan_that_fits_its_fields() -> None:
    fields = [[["blue"] * 3, ["chili"] * 3], [[], []], [[], []]]
    fit = ["blue", "chili", "blue", "chili"]
    junk = ["garden", "red", "soy", "stink"]
    state = load(
        active=1,
        hands=[junk, ["green"], []],
        fields=fields,
        fans=[["green"] * 6, fit],
    )
    assert {"swap": 1} in state.legal_actions(0)
    for bot in ("trader", "notrade"):
        assert decide(state, 0, bot) == {"swap": 1}
    # the other way round: its hand fits, the fan does not
    keep = load(active=1, hands=[fit, ["green"], []], fields=fields, fans=[["green"] * 6, junk])
    assert {"swap": 1} in keep.legal_actions(0)
    assert decide(keep, 0) is None


def test_it_rotates_a_lady_to_the_top_and_harvests_her() -> None:
    # it has just harvested field 0; field 1's top is a male with a Lady right below: 5 Blue
    # pay 1 coin by the male, 2 by the Lady
    state = load(
        active=1,
        hands=[["soy"], ["green"], []],
        fields=[[[], ["blue", "blue", "blue", "blue-lady", "blue"]], [[], []], [[], []]],
        rotation=[0, None, None],
    )
    assert decide(state, 0) == {"rotate": 1}
    state.apply(0, Action(rotate=1))
    assert state.view(0)["fields"][0][1][-1] == "blue-lady"
    assert decide(state, 0) == {"harvest": 1}
    # a Lady already on top with a male below: no rotation
    stay = load(
        active=1,
        hands=[["soy"], ["green"], []],
        fields=[[[], ["blue", "blue", "blue", "blue", "blue-lady"]], [[], []], [[], []]],
        rotation=[0, None, None],
    )
    assert decide(stay, 0) != {"rotate": 1}


def test_it_plants_received_males_before_the_lady() -> None:
    state = load(
        phase="plant-trades",
        active=0,
        hands=[["soy"], [], []],
        fields=[[["chili"] * 5, ["green"]], [[], []], [[], []]],
        to_plant=[["chili-lady", "chili"], [], []],
    )
    # 7 Chili pay 2 coins by a male on top, 3 by a Lady: the male goes first (the engine lists
    # one card per variety, the Lady's id, and takes the male's id as the same move)
    action = decide(state, 0)
    assert action is not None and action.get("field") == 0, action
    assert state.game.deck.kinds[action["plant"]].name == "chili"
    state.apply(0, action)
    assert decide(state, 0) == {"plant": state.to_plant[0][0], "field": 0}


def test_makeup_choice_coin_with_victims_field_without() -> None:
    choice = [{"beans": 5, "coin": "makeup"}, None, None, None]
    rich = load(players=4, active=1, coins=[0, 4, 3, 2], makeup_choice=choice)
    assert {"makeup": "coin"} in rich.legal_actions(0)
    for bot in ("trader", "notrade"):
        assert decide(rich, 0, bot) == {"makeup": "coin"}
    # nobody to rob (no coins, or Make-up in a field): the free 3rd field is worth more
    poor = load(
        players=4,
        active=1,
        coins=[0, 0, 0, 2],
        fields=[[[], []], [[], []], [[], []], [["makeup"], []]],
        makeup_choice=choice,
    )
    assert decide(poor, 0) == {"makeup": "field"}
    # 3 or 4 beans: the free field, always
    three = load(players=4, active=1, makeup_choice=[{"beans": 3}, None, None, None])
    assert decide(three, 0) == {"makeup": "field"}


def test_it_steals_from_the_richest_it_may() -> None:
    # 1 is richest; 2 has Make-up in a field; 3 was promised; 4 has 2 coins, 5 would be...
    state = load(
        players=5,
        phase="steal",
        active=0,
        steals=[1, 0, 0, 0, 0],
        coins=[0, 5, 4, 3, 2],
        fields=[[[], []], [[], []], [["makeup"], []], [[], []], [[], []]],
        promises=[[0, 3]],
    )
    assert decide(state, 0) == {"steal": [1, 4]}
    everyone = load(
        players=5, phase="steal", active=0, steals=[1, 0, 0, 0, 0], coins=[0, 1, 4, 3, 2]
    )
    assert decide(everyone, 0, "notrade") == {"steal": [2, 3, 4]}


def thief_grows_soy(**more: Any) -> Any:
    """Player 0 trades; player 1 owes a steal and grows Soy, and the offer holds a Soy."""
    return load(
        phase="trade",
        active=0,
        planted=1,
        coins=[2, 0, 1],
        steals=[0, 1, 0],
        hands=[["blue"], ["green"], ["red"]],
        fields=[[["blue"] * 5, ["chili"] * 5], [["soy"] * 2, []], [["stink"], []]],
        offer_area=["soy", "blue"],
        **more,
    )


def test_it_asks_a_thiefs_promise_and_weighs_its_own() -> None:
    # the Soy in the offer goes to player 1 with a request for her promise not to rob 0
    state = thief_grows_soy()
    action = decide(state, 0)
    assert action is not None and "offer" in action, action
    # early in the game a thief may steal again: the promise asked holds for the game
    assert action["offer"]["to"] == 1 and action["offer"]["promises"] == {"receiver": "game"}
    # player 1, owing a steal, declines a small gift that asks her promise ...
    gift = {"id": 1, "from": 0, "to": 1, "give": [{"variety": "red", "count": 1, "from": "offer"}],
            "want": [], "promise": True}  # fmt: skip
    asked = load(
        phase="trade",
        active=0,
        planted=1,
        coins=[2, 0, 1],
        steals=[0, 1, 0],
        hands=[["blue"], ["green"], ["red"]],
        fields=[[["blue"] * 3, ["chili"] * 3], [["red"] * 1, []], [["stink"], []]],
        offer_area=["red", "blue"],
        offers=[gift],
        next_offer=2,
    )
    assert decide(asked, 1) == {"decline": 1}
    # ... and takes it without the promise
    plain = load(
        phase="trade",
        active=0,
        planted=1,
        coins=[2, 0, 1],
        steals=[0, 1, 0],
        hands=[["blue"], ["green"], ["red"]],
        fields=[[["blue"] * 3, ["chili"] * 3], [["red"] * 1, []], [["stink"], []]],
        offer_area=["red", "blue"],
        offers=[{**gift, "promise": False}],
        next_offer=2,
    )
    assert decide(plain, 1) == {"accept": 1}


# -- whole games ----------------------------------------------------------------------------


def test_traders_trade_in_most_games() -> None:
    with_trades = 0
    for seed in range(5):
        bots = [make_bot("trader", GAME) for _ in range(4)]
        with_trades += accepted(play_game(GAME, bots, seed)) > 0
    assert with_trades >= 4


def test_trader_beats_random_clearly() -> None:
    summary = simulate(
        "ladybohn", 6, players=4, seed=300, bot_specs=["trader", "random"], options=OPTIONS
    )
    assert summary.errors == 0 and summary.games == 6
    trader_seats, random_seats = summary.seats[0::2], summary.seats[1::2]
    assert sum(s.wins + s.draws for s in trader_seats) >= 5
    assert sum(s.score_sum for s in trader_seats) > 3 * sum(s.score_sum for s in random_seats)


def test_trader_scores_at_least_as_well_as_notrade() -> None:
    summary = simulate(
        "ladybohn", 8, players=4, seed=400, bot_specs=["trader", "notrade"], options=OPTIONS
    )
    assert summary.errors == 0
    trader = sum(s.score_sum for s in summary.seats[0::2])
    notrade = sum(s.score_sum for s in summary.seats[1::2])
    assert trader >= notrade


def test_the_registry_knows_them() -> None:
    assert strongest_bot(GAME) == "trader"
    assert set(lady_bots.BOTS) == {"trader", "notrade"}
    bot = make_bot("trader:alpha=0.5", GAME)
    assert isinstance(bot, lady_bots.LadyTraderBot) and bot.alpha == 0.5
    assert isinstance(make_bot("notrade", GAME), lady_bots.LadyNoTradeBot)


def test_late_in_the_game_it_asks_the_promise_for_the_next_steal_only() -> None:
    state = thief_grows_soy(exhausted=2)
    action = decide(state, 0)
    assert action is not None and action["offer"]["promises"] == {"receiver": "next"}, action


def gift_to_1(promises: dict[str, str]) -> Any:
    """Player 0 (active) gives player 1 a Red she can use a little, with ``promises``; player
    1 owes a steal, player 0 has coins."""
    gift = {"id": 1, "from": 0, "to": 1, "give": [{"variety": "red", "count": 1, "from": "offer"}],
            "want": [], "promises": promises}  # fmt: skip
    return load(
        phase="trade",
        active=0,
        planted=1,
        coins=[2, 1, 1],
        steals=[1, 1, 0],
        hands=[["blue"], ["green"], ["red"]],
        fields=[[["blue"] * 3, ["chili"] * 3], [["red"] * 1, []], [["stink"], []]],
        offer_area=["red", "blue"],
        offers=[gift],
        next_offer=2,
    )


def test_it_weighs_how_long_its_own_promise_holds() -> None:
    """The promise for the next steal it gives for a useful card; the same for the rest of
    the game costs it more than the card is worth."""
    assert decide(gift_to_1({}), 1) == {"accept": 1}
    assert decide(gift_to_1({"receiver": "game"}), 1) == {"decline": 1}


def test_the_senders_promise_is_worth_something_to_it() -> None:
    """Player 0, a thief, promises not to rob player 1 for the game: a trade player 1 would
    take anyway is taken, and the promise never makes it decline."""
    assert decide(gift_to_1({"sender": "game"}), 1) == {"accept": 1}


def test_it_gives_the_male_and_keeps_the_lady_its_field_pays_best_for() -> None:
    """An open offer takes a Soy from player 2, who holds a Soy Lady in front and a Soy male
    behind... the rearmost would go; she keeps the Lady anyway (it pays better on top)."""
    base = dict(
        phase="trade",
        active=1,
        planted=1,
        hands=[["red"], ["blue"], ["soy", "soy-lady", "green"]],
        fields=[[["blue"], []], [["soy"] * 2, []], [["soy"] * 2, []]],
        offers=[{"id": 1, "from": 2, "to": 1, "want": [], "give": [item("soy")]}],
        next_offer=2,
    )
    state = load(**base)
    view = state.view(2)
    male = next(c for c, n in zip(view["hand_ids"], view["hand"], strict=True) if n == "soy")
    assert decide(state, 2) == {"give_first": male}
    state.apply(2, {"give_first": male})
    assert "give_first" not in (decide(state, 2) or {}), "marked once: it trades on"
    # nothing to choose where the rearmost is the male already
    base["hands"] = [["red"], ["blue"], ["soy-lady", "soy", "green"]]
    assert "give_first" not in (decide(load(**base), 2) or {})
    # no Soy field: both pay nothing now; the Lady's beanometer asks fewer beans, she stays
    base["hands"] = [["red"], ["blue"], ["soy", "soy-lady", "green"]]
    base["fields"] = [[["blue"], []], [["soy"] * 2, []], [["green"], []]]
    state = load(**base)
    view = state.view(2)
    male = next(c for c, n in zip(view["hand_ids"], view["hand"], strict=True) if n == "soy")
    assert decide(state, 2) == {"give_first": male}
