"""Ladybohn's trader and notrade bots, rule by rule (mutation tests of games/ladybohn/bots.py).

The bots' heuristic is their spec: the module docstring's valuation (a field pays by its top
card, a Lady on top by her own beanometer; the Ratio Field with only males pays nothing now;
Make-up beans are worth a 3rd field or a coin with a steal; promises cost the steals given up
and are worth the coins kept) and the choices it names (rotation, fans, Make-up, steals, the
3rd field, promises, which card goes first). Each test builds a position by hand with
``ladybohn_positions`` (or ``ladybohn_duo_positions``) and checks one of them. Most positions
put every card not named under the discard pile (``rest="discard"``): the viewer has seen it,
so the beans still unseen are exactly the stock's top cards, and the arithmetic comes out exact
(with nothing unseen a field's potential is its coins now). Every game and view is built
inside its test: mutmut picks the tests to run against a mutant by the calls made inside them.
"""

from __future__ import annotations

from typing import Any

import ladybohn_positions as lp
import pytest
from bot_guard import guarded_decision
from ladybohn_duo_positions import duo

from spieltisch.core import Action, Rng
from spieltisch.games.ladybohn import bots
from spieltisch.games.ladybohn.bots import LadyNoTradeBot, LadyTraderBot

P = 136.0  # the deck's size: one pass through the stock
FW = 3.5  # the bots' default worth of a 3rd field for the rest of the game


def some(k: int) -> list[str]:
    """``k`` male cards for a stock (Blue, then Chili, Stink and Green)."""
    return (["blue"] * 20 + ["chili"] * 18 + ["stink"] * 16 + ["green"] * 14 + ["soy"] * 12)[:k]


def ctx(state: Any, viewer: int = 0, cls: type = LadyTraderBot, bot: dict[str, Any] | None = None,
        view: dict[str, Any] | None = None) -> bots._LadyCtx:  # fmt: skip
    """The decision context of ``viewer`` in ``state`` (its view changed by ``view``)."""
    b = cls(state.game, **(bot or {}))
    v = state.view(viewer)
    v.update(view or {})
    return bots._LadyCtx(b, v)


def table(viewer: int = 0, view: dict[str, Any] | None = None, **kw: Any) -> bots._LadyCtx:
    """The context of a hand-made 3-5 player position, every card not named seen."""
    kw.setdefault("rest", "discard")
    return ctx(lp.load(**kw), viewer, view=view)


def act(state: Any, player: int, cls: type = LadyTraderBot, **bot: Any) -> Action | None:
    return cls(state.game, **bot).act(guarded_decision(state, player, Rng(5)))


# -- what the context reads off the view -------------------------------------------------------


def test_the_view_is_read_as_kinds_and_varieties() -> None:
    """Hand, offer and cards to plant as card kinds (a Lady is her own kind) and varieties; a
    field as [variety, beans, Lady on top, a Lady in it, Ratio Field]."""
    c = table(
        phase="trade",
        planted=1,
        coins=[1, 0, 2],
        steals=[0, 2, 0],
        hands=[["soy-lady", "red"], [], []],
        offer_area=["chili-lady", "blue"],
        to_plant=[[], ["stink", "stink-lady"], []],
        fields=[[["blue", "blue-lady", "blue"], ["green-lady"]], [[], []], [[], ["makeup"] * 2]],
    )
    assert (c.hand_k, c.hand) == (["soy-lady", "red"], ["soy", "red"])
    assert (c.offer_k, c.offer_area) == (["chili-lady", "blue"], ["chili", "blue"])
    assert c.to_plant_k == [[], ["stink", "stink-lady"], []]
    assert c.to_plant == [[], ["stink", "stink"], []]
    assert (c.coins_of, c.steals, c.third) == ([1, 0, 2], [0, 2, 0], [None, None, None])
    assert c.lfields[0] == [["blue", 3, False, True, False], ["green", 1, True, True, False]]
    assert c.lfields[2] == [[None, 0, False, False, False], ["makeup", 2, True, True, False]]
    assert c.fields is c.lfields and c.my_fields() is c.lfields[0]
    assert not c.duo


def test_only_a_ratio_third_field_is_the_ratio_field() -> None:
    """The 3rd field (index 2) of a player whose 3rd field is the Ratio Field pays by the ratio
    rule; a regular 3rd field and the first two fields do not."""
    c = table(
        third=["ratio", "regular", None],
        fields=[[["blue"], [], ["red"]], [[], ["soy"], ["green"]], [[], []]],
    )
    assert [f[4] for f in c.lfields[0]] == [False, False, True]
    assert [f[4] for f in c.lfields[1]] == [False, False, False]
    assert c.third == ["ratio", "regular", None]


def test_with_ratio_males_paying_no_field_is_the_ratio_field() -> None:
    """Option ``ratio_males_pay``: the Ratio Field pays like any other."""
    state = lp.load(options={"ratio_males_pay": True}, third=["ratio", None, None], rest="discard")
    c = ctx(state)
    assert c.bot.ratio_pays is True
    assert [f[4] for f in c.lfields[0]] == [False, False, False]
    assert ctx(lp.load(third=["ratio", None, None])).bot.ratio_pays is False


@pytest.mark.parametrize(
    ("players", "exhausted", "stock", "remaining", "alpha"),
    [
        (3, 0, 0, 2 / 3, 0.8),  # two passes left, the stock empty: two of three
        (3, 0, 30, (2 * P + 30) / (3 * P), 0.8),
        (3, 1, 30, (P + 30) / (3 * P), 0.8),
        (3, 2, 9, 9 / (3 * P), 0.8 * (9 / 15) / 3),  # 15 cards a round of 3 players
        (3, 2, 60, 60 / (3 * P), 0.8),  # 4 rounds left: the full share
        (4, 2, 12, 12 / (3 * P), 0.8 * (12 / 24) / 3),  # 24 cards a round of 4 players
    ],
)
def test_the_game_left_and_alpha(
    players: int, exhausted: int, stock: int, remaining: float, alpha: float
) -> None:
    """``remaining``: the passes and stock left as a share of three passes (at most 1);
    ``alpha`` fades in the last pass with the rounds left (n * (2 + n) cards a round)."""
    c = table(players=players, exhausted=exhausted, stock_top=some(stock))
    assert c.remaining == pytest.approx(remaining)
    assert c.alpha == pytest.approx(alpha)


def test_a_fuller_stock_than_a_pass_caps_the_game_left_at_one() -> None:
    c = table(stock_top=["blue"] * 20, view={"stock": 200})
    assert c.remaining == 1.0


def test_nothing_is_left_once_the_game_ends() -> None:
    c = table(ending=True, stock_top=["blue"] * 5)
    assert (c.remaining, c.alpha) == (0.0, 0.0)


@pytest.mark.parametrize(
    ("players", "stock", "remaining", "alpha"),
    [
        (2, 45, 45 / 90, 0.8),  # 4.5 rounds of 10 cards: the full share
        (2, 15, 15 / 90, 0.8 * (15 / 10) / 3),
        (1, 6, 6 / 90, 0.8 * (6 / 5) / 3),  # solo: 5 cards a round
    ],
)
def test_the_game_left_with_one_or_two_players(
    players: int, stock: int, remaining: float, alpha: float
) -> None:
    """The 1-2 player view (``mode``): the game left is the stock of 90 cards; alpha fades
    with the rounds left (5 cards a player a round)."""
    c = ctx(duo(players, stock_top=some(stock), rest="discard"))
    assert c.duo
    assert c.remaining == pytest.approx(remaining)
    assert c.alpha == pytest.approx(alpha)


def test_a_long_duo_stock_caps_the_game_left_at_one() -> None:
    c = ctx(duo(stock_top=["blue"] * 5, rest="discard"), view={"stock": 100})
    assert c.remaining == 1.0


def test_the_duo_offer_is_read_too() -> None:
    """The 1-2 player view names the turned-up cards ``offer``."""
    c = ctx(duo(hands=[["soy"], []], offer_area=["chili-lady", "red"], rest="discard"))
    assert (c.offer_k, c.offer_area) == (["chili-lady", "red"], ["chili", "red"])
    assert c.hand_k == ["soy"]
    assert c.steals == [0, 0] and c.third == [None, None]


def test_a_view_without_steals_or_third_fields_reads_none() -> None:
    c = table(view={"steals": None, "third": None})
    assert c.steals == [0, 0, 0]
    assert c.third == [None, None, None]


def test_the_fans_turned_cards_and_setup_removals_are_seen() -> None:
    """Unseen: the deck less what the viewer sees, the fans, the cards turned up to meet them
    and the cards removed at setup included."""
    c = table(
        rest="stock",
        fans=[["green"] * 6, ["red"] * 3 + ["soy"]],
        turned=["chili", "chili-lady"],
        view={"removed_at_setup": {"stink": 3, "stink-lady": 1}},
    )
    assert c.unseen["green"] == 17 - 6
    assert c.unseen["red"] == 9 - 3
    assert c.unseen["soy"] == 15 - 1
    assert c.unseen["chili"] == 23 - 2
    assert c.unseen["stink"] == 20 - 4
    assert c.unseen["blue"] == 25


# -- Make-up, the 3rd field, steals ----------------------------------------------------------------


def test_a_third_field_is_worth_a_share_of_the_game_left() -> None:
    """Before the Ratio Field is taken a 3rd field would be it (half its worth); after, a
    regular one; nothing to a player who has one or plays alone."""
    c = table(third=[None, "ratio", None], ratio_taken=False)
    assert c.field_worth(0) == pytest.approx(FW * 0.5 * 2 / 3)
    assert c.field_worth(1) == 0.0
    taken = table(third=[None, "ratio", None], ratio_taken=True)
    assert taken.field_worth(0) == pytest.approx(FW * 2 / 3)
    solo = ctx(duo(1, rest="discard"))
    assert solo.field_worth(0) == 0.0
    assert ctx(duo(2, stock_top=some(45), rest="discard")).field_worth(0) == pytest.approx(
        FW * 0.5 * 0.5
    )


def test_a_third_fields_worth_follows_the_bots_settings() -> None:
    state = lp.load(rest="discard", ratio_taken=True)
    c = ctx(state, bot={"field_worth": 6.0, "ratio_share": 0.25})
    assert c.field_worth(0) == pytest.approx(6.0 * 2 / 3)
    c = ctx(lp.load(rest="discard"), bot={"field_worth": 6.0, "ratio_share": 0.25})
    assert c.field_worth(0) == pytest.approx(6.0 * 0.25 * 2 / 3)


def test_a_steal_is_a_coin_and_one_more_for_each_player_it_could_rob() -> None:
    """Robbable: another player with coins and no Make-up in a field; at most 3 count."""
    c = table(
        players=5,
        coins=[0, 2, 0, 1, 3],
        fields=[[[], []], [[], []], [[], []], [["makeup"], []], [[], []]],
    )
    assert c.steal_value(0) == 3.0  # players 1 and 4
    assert c.steal_value(0) == 3.0  # the remembered answer
    assert c.steal_value(1) == 2.0  # player 4 only: not herself
    assert c.steal_value(3) == 3.0  # 1 and 4
    rich = table(players=5, coins=[1, 1, 1, 1, 1])
    assert rich.steal_value(0) == 4.0  # four to rob, three count
    assert rich.steal_value(2) == 4.0
    weighted = ctx(lp.load(players=5, coins=[1, 1, 1, 0, 0], rest="discard"),
                   bot={"steal_weight": 0.5})  # fmt: skip
    assert weighted.steal_value(0) == 2.0


def test_makeup_beans_are_a_third_field_or_a_coin_with_a_steal() -> None:
    """0-2 beans: nothing now; 3-4: a free 3rd field; 5+: the better of the field and the coin
    with its steal."""
    c = table(coins=[0, 1, 1])
    field = FW * 0.5 * 2 / 3
    assert [c.makeup_now(k, 0) for k in range(3)] == [0.0, 0.0, 0.0]
    assert c.makeup_now(3, 0) == pytest.approx(field)
    assert c.makeup_now(4, 0) == pytest.approx(field)
    assert c.makeup_now(5, 0) == 3.0  # robbing 1 and 2 beats the field
    assert c.makeup_now(6, 0) == 3.0
    poor = table(coins=[1, 0, 0])
    assert poor.makeup_now(5, 0) == pytest.approx(field)  # nobody to rob: the field
    owner = table(third=["regular", None, None], coins=[0, 0, 0])
    assert owner.makeup_now(3, 0) == 0.0 and owner.makeup_now(5, 0) == 1.0


# 2 Make-up beans and 28 other cards in the stock; with the 3 coins (face down) 33 unseen
MAKEUP_STOCK = ["makeup"] * 2 + some(28)


@pytest.mark.parametrize(
    ("beans", "missing", "share", "now", "step"),
    [
        (1, 2, 1 / 3, "none", "field"),  # 3 beans are the 3rd field
        (2, 1, 2 / 3, "none", "field"),
        (3, 2, 3 / 5, "field", "coin"),  # 5 beans are the better of it and the coin
        (4, 1, 4 / 5, "field", "coin"),
    ],
)
def test_makeup_grows_towards_its_next_step(
    beans: int, missing: int, share: float, now: str, step: str
) -> None:
    """Make-up's potential: its worth now plus alpha * reach * (beans / beans of the next
    step) of the way to the next step's worth, while enough Make-up beans are unseen; reach =
    unseen Make-up * horizon / (unseen in all * beans missing), at most 1."""
    c = table(coins=[0, 1, 2], stock_top=MAKEUP_STOCK)
    worth = {"field": FW * 0.5 * (2 * P + 30) / (3 * P), "coin": 3.0, "none": 0.0}
    assert c.unseen["makeup"] == 2 and c.unseen_total == 33
    reach = min(1.0, 2 * 12 / (33 * missing))
    got = c.makeup_potential(beans, 0)
    assert got == pytest.approx(worth[now] + 0.8 * reach * share * (worth[step] - worth[now]))


def test_makeup_without_reach_or_without_a_next_step_is_its_worth_now() -> None:
    c = table(coins=[0, 1, 2], stock_top=MAKEUP_STOCK)
    assert c.makeup_potential(0, 0) == 0.0  # 3 short, 2 unseen: out of reach
    assert c.makeup_potential(5, 0) == 3.0  # no step beyond the coin
    assert c.makeup_potential(7, 0) == 3.0
    few = table(coins=[0, 1, 2], stock_top=["makeup", *some(29)])
    assert few.makeup_potential(1, 0) == 0.0  # 2 short, 1 unseen
    assert few.makeup_potential(2, 0) == pytest.approx(
        0.8 * (12 / 33) * (2 / 3) * few.field_worth(0)
    )
    # 2 Make-up of 13 unseen, 1 bean short: 2 * 12 / 13 is more than sure, reach 1
    sure = table(coins=[0, 1, 2], stock_top=["makeup"] * 2 + some(8))
    assert sure.makeup_potential(2, 0) == pytest.approx(0.8 * (2 / 3) * sure.field_worth(0))
    ending = table(coins=[0, 1, 2], stock_top=MAKEUP_STOCK, ending=True)
    assert ending.makeup_potential(4, 0) == 0.0  # the game ends: no field worth, no growth
    assert ending.makeup_potential(2, 0) == 0.0
    assert ending.makeup_potential(5, 0) == 3.0


def test_makeup_reach_counts_the_bots_horizon() -> None:
    state = lp.load(coins=[0, 1, 2], stock_top=MAKEUP_STOCK, rest="discard")
    c = ctx(state, bot={"horizon": 3.0})
    field = FW * 0.5 * (2 * P + 30) / (3 * P)
    assert c.makeup_potential(2, 0) == pytest.approx(0.8 * (2 * 3 / 33) * (2 / 3) * field)


@pytest.mark.parametrize(
    ("coins", "steals", "makeup", "protection"),
    [
        ([0, 1, 1], [0, 1, 1], 0, 0.1),  # nothing to lose: a little
        ([1, 0, 0], [0, 0, 0], 0, 0.2),  # no thief in sight
        ([1, 0, 0], [1, 0, 0], 0, 0.2),  # its own steal is no threat to it
        ([1, 0, 0], [0, 1, 0], 0, 0.6),  # one thief
        ([1, 0, 0], [0, 0, 0], 3, 0.6),  # 3 Make-up beans in player 2's field
        ([1, 0, 0], [0, 0, 0], 2, 0.2),  # 2 are no thief yet
        ([1, 0, 0], [0, 2, 0], 3, 1.0),  # two thieves: 0.2 + 0.8
    ],
)
def test_makeup_in_a_field_protects_by_the_thieves_around(
    coins: list[int], steals: list[int], makeup: int, protection: float
) -> None:
    fields = [[[], []], [[], []], [["makeup"] * makeup, []]]
    c = table(coins=coins, steals=steals, fields=fields)
    assert c.protection(0) == pytest.approx(protection)


def test_protection_is_at_most_one() -> None:
    c = table(players=4, coins=[1, 0, 0, 0], steals=[0, 1, 1, 1])
    assert c.protection(0) == 1.0


@pytest.mark.parametrize(
    ("steals", "makeup", "threat", "chance"),
    [
        (0, [], False, 0.0),
        (1, [], True, 1.0),
        (2, [1], True, 1.0),
        (0, [1], False, 0.1),
        (0, [2], False, 0.1),
        (0, [3], True, 0.4),
        (0, [4], True, 0.4),
        (0, [5], True, 0.9),
        (0, [2, 6], True, 0.9),  # the biggest Make-up field counts
    ],
)
def test_a_thief_by_her_steals_and_makeup(
    steals: int, makeup: list[int], threat: bool, chance: float
) -> None:
    """A threat: a steal owed or 3+ Make-up beans in a field; how likely she steals soon: 1 with
    a steal owed, else 0.9 / 0.4 / 0.1 by her biggest Make-up field (5+, 3+, fewer)."""
    fields = [[[], []], [["makeup"] * k for k in makeup] + [[]] * (2 - len(makeup)), [[], []]]
    c = table(steals=[0, steals, 0], fields=fields)
    assert c.threat_from(1) is threat
    assert c.steal_chance(1) == chance
    assert c.has_makeup(1) is bool(makeup)
    assert c.has_makeup(0) is False


# -- promises -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("steals", "makeup", "coins", "holds", "cost"),
    [
        (1, 0, 2, "next", 1.5),  # its next steal's coin (and one more point for the effort)
        (1, 0, 0, "next", 0.7),  # she has no coin now: worth less to give up
        (1, 0, 2, "game", 1.5 + 2 / 3 * 0.6),  # the steals to come, by the game left
        (2, 0, 2, "game", 1.5 + 2 / 3 * 1.0),  # two steals owed: more to come
        (2, 0, 2, "next", 1.5),
        (0, 3, 2, "next", 0.4 * 1.5),  # 3 Make-up beans: it may steal
        (0, 0, 2, "next", 0.0),
        (0, 0, 2, "game", 2 / 3 * 0.6),
    ],
)
def test_its_own_promise_costs_the_steals_it_gives_up(
    steals: int, makeup: int, coins: int, holds: str, cost: float
) -> None:
    fields = [[["makeup"] * makeup, []], [[], []], [[], []]]
    c = table(steals=[steals, 0, 0], coins=[1, coins, 0], fields=fields)
    assert c.promise_cost(1, holds) == pytest.approx(cost)


def test_a_promise_holds_for_the_next_steal_unless_told() -> None:
    c = table(steals=[1, 0, 0], coins=[1, 2, 0])
    assert c.promise_cost(1) == 1.5
    d = table(steals=[0, 1, 0], coins=[1, 2, 0])
    assert d.promise_worth(1) == 1.0


@pytest.mark.parametrize(
    ("mine", "steals", "holds", "worth"),
    [
        (0, 1, "next", 0.0),  # nothing to rob from it
        (0, 1, "game", 0.1),
        (2, 1, "next", 1.0),  # the coin she would take
        (2, 1, "game", 1.0 + 2 / 3 * 0.6),
        (2, 0, "next", 0.0),
        (2, 0, "game", 2 / 3 * 0.6),
    ],
)
def test_the_senders_promise_is_worth_the_coins_it_keeps(
    mine: int, steals: int, holds: str, worth: float
) -> None:
    c = table(steals=[0, steals, 0], coins=[mine, 1, 0])
    assert c.promise_worth(1, holds) == pytest.approx(worth)


@pytest.mark.parametrize(
    ("steals", "makeup", "exhausted", "stock", "ending", "holds"),
    [
        (2, 0, 0, 0, True, "game"),  # two steals owed: the game, even at the end
        (1, 0, 0, 0, False, "game"),  # one, with two thirds of the game left
        (1, 0, 2, 30, False, "next"),  # one, late: the next steal
        (1, 0, 1, 68, False, "next"),  # exactly half the game left is not more than half
        (1, 0, 1, 69, False, "game"),
        (0, 3, 0, 0, False, "game"),  # 3 Make-up beans: likely to steal (0.4)
        (0, 2, 0, 0, False, "next"),  # 2: hardly (0.1)
        (0, 0, 0, 0, False, "next"),
    ],
)
def test_it_asks_a_promise_for_the_game_when_she_could_steal_again(
    steals: int, makeup: int, exhausted: int, stock: int, ending: bool, holds: str
) -> None:
    fields = [[[], []], [["makeup"] * makeup, []], [[], []]]
    c = table(
        steals=[0, steals, 0],
        fields=fields,
        exhausted=exhausted,
        stock_top=some(stock),
        ending=ending,
    )
    assert c.asks_for(1) == holds


# -- fields ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "cash"),
    [
        ([None, 0, False, False, False], 0.0, 0.0),
        (["blue", 0, False, False, False], 0.0, 0.0),
        (["blue", 5, False, False, False], 1.0, 1.0),  # a male on top: 5 Blue pay 1
        (["blue", 5, True, True, False], 2.0, 2.0),  # a Lady on top: 5 pay 2 by her meter
        (["blue", 5, False, True, False], 1.0, 1.0),  # a Lady below a male: the male's
        (["blue", 5, False, False, True], 0.5, 0.0),  # the Ratio Field, males only: 0 now
        (["blue", 5, False, True, True], 1.0, 1.0),  # the Ratio Field with a Lady in it pays
        (["blue", 5, True, True, True], 2.0, 2.0),
        (["red", 3, False, False, False], 2.0, 2.0),
        (["red", 3, True, True, False], 3.0, 3.0),
        (["garden", 2, False, False, False], 2.0, 2.0),
        (["soy", 1, True, True, False], 1.0, 1.0),  # 1 Soy Lady pays 1 already
        (["soy", 1, False, False, False], 0.0, 0.0),
    ],
)
def test_a_field_pays_by_its_top_card(field: list[Any], value: float, cash: float) -> None:
    """With nothing unseen a field's worth is its coins now: by the top card's beanometer, a
    Lady's when she is on top; the Ratio Field with only males pays nothing (its worth is a
    share of the male potential)."""
    c = table()
    assert c.value(field, 0) == value
    assert c.cash(field, 0) == cash
    assert c.lost(field, 0) == value - cash


def test_a_lady_on_top_is_worth_the_male_way_on_when_that_is_more() -> None:
    """4 Blue pay 1 either way; with many Blue unseen the male potential (the way to 6 beans'
    2 coins) beats her 1 coin now, so the field is worth that."""
    c = table(stock_top=some(20))  # 20 Blue unseen of 20: reach 1
    male = 1 + 0.8 * 1.0 * 1 * (1 / 3)  # one bean of three past the first tier
    assert c.value(["blue", 4, False, False, False], 0) == pytest.approx(male)
    assert c.value(["blue", 4, True, True, False], 0) == pytest.approx(male)
    assert c.cash(["blue", 4, True, True, False], 0) == 1.0
    assert c.value(["blue", 4, False, False, True], 0) == pytest.approx(male * 0.5)
    assert c.lost(["blue", 4, False, False, False], 0) == pytest.approx(male - 1)


def test_a_ratio_field_counts_the_bots_share() -> None:
    c = ctx(lp.load(rest="discard"), bot={"ratio_share": 0.25})
    assert c.value(["blue", 5, False, False, True], 0) == 0.25


def test_makeup_fields_are_worth_their_makeup_value() -> None:
    """A Make-up field's worth is its potential; harvested now it brings its worth now."""
    c = table(coins=[0, 1, 2], stock_top=MAKEUP_STOCK)
    for k in (2, 3, 5):
        field = ["makeup", k, True, True, False]
        assert c.value(field, 0) == c.makeup_potential(k, 0)
        assert c.cash(field, 0) == c.makeup_now(k, 0)
    assert c.cash(["makeup", 5, True, True, False], 0) == 3.0
    assert c.value(["makeup", 5, True, True, True], 0) == 3.0  # not halved on the Ratio Field
    assert c.cash(["makeup", 5, True, True, True], 0) == 3.0


def test_field_values_are_remembered_by_every_part_of_the_field() -> None:
    """The caches of ``value`` and ``cash`` tell fields apart by player, variety, beans, the
    Lady on top, a Lady in it and the Ratio Field."""
    c = table(coins=[0, 1, 0])
    pairs = [
        (["blue", 5, False, False, False], ["blue", 5, True, True, False]),  # Lady on top
        (["blue", 5, False, True, False], ["blue", 5, True, True, False]),  # top only
        (["blue", 5, False, False, True], ["blue", 5, False, True, True]),  # a Lady in it
        (["blue", 5, False, True, False], ["blue", 5, False, True, True]),  # ratio: same value
        (["blue", 5, True, True, False], ["blue", 6, True, True, False]),
        (["red", 3, False, False, False], ["soy", 3, False, False, False]),
    ]
    for a, b in pairs:
        d = table(coins=[0, 1, 0])
        assert (d.value(a, 0), d.value(b, 0)) == (c.value(a, 0), table().value(b, 0))
        d = table(coins=[0, 1, 0])
        assert (d.cash(a, 0), d.cash(b, 0)) == (table().cash(a, 0), table().cash(b, 0))
    # the same Make-up field: a coin with a steal of player 1 for 0, none for 1
    five = ["makeup", 5, True, True, False]
    field = c.field_worth(1)  # 1 has nobody to rob: the 3rd field is worth more
    assert field == pytest.approx(FW * 0.5 * 2 / 3)
    assert (c.value(five, 0), c.value(five, 1)) == (2.0, field)
    assert (c.cash(five, 0), c.cash(five, 1)) == (2.0, field)


@pytest.mark.parametrize(
    ("fields", "card", "after", "coins"),
    [
        # onto its variety: one bean more, the card's sex on top, a Lady in it stays
        ([["blue", 2, False, False, False], [None, 0, False, False, False]], "blue-lady",
         [["blue", 3, True, True, False], [None, 0, False, False, False]], 0.0),
        ([["blue", 2, True, True, False], [None, 0, False, False, False]], "blue",
         [["blue", 3, False, True, False], [None, 0, False, False, False]], 0.0),
        # onto the first empty field
        ([[None, 0, False, False, False], [None, 0, False, False, True]], "soy-lady",
         [["soy", 1, True, True, False], [None, 0, False, False, True]], 0.0),
        ([["red", 1, False, False, False], [None, 0, False, False, True]], "soy",
         [["red", 1, False, False, False], ["soy", 1, False, False, True]], 0.0),
        # a forced harvest: the field that loses least, of equals the one paying most
        ([["blue", 5, False, False, False], ["red", 3, False, False, False]], "soy",
         [["blue", 5, False, False, False], ["soy", 1, False, False, False]], 2.0),
        ([["red", 3, False, False, False], ["blue", 7, True, True, False]], "soy-lady",
         [["red", 3, False, False, False], ["soy", 1, True, True, False]], 3.0),
        # a field of 2+ beans before a single bean (when there is one)
        ([["red", 1, False, False, False], ["blue", 5, False, False, False]], "soy",
         [["red", 1, False, False, False], ["soy", 1, False, False, False]], 1.0),
        # a Make-up field (3 beans: the 3rd field, 1.17) against 3 Red (2 coins)
        ([["makeup", 3, True, True, False], ["red", 3, False, False, False]], "soy",
         [["makeup", 3, True, True, False], ["soy", 1, False, False, False]], 2.0),
        # 3 Make-up (the 3rd field, 1.17) pay more than 2 Red (1): the Make-up goes
        ([["makeup", 3, True, True, False], ["red", 2, False, False, False]], "soy",
         [["soy", 1, False, False, False], ["red", 2, False, False, False]], FW * 0.5 * 2 / 3),
        # all single beans: the first
        ([["red", 1, False, False, False], ["blue", 1, False, False, False]], "soy",
         [["soy", 1, False, False, False], ["blue", 1, False, False, False]], 0.0),
    ],
)  # fmt: skip
def test_planting_in_the_simulation(
    fields: list[list[Any]], card: str, after: list[list[Any]], coins: float
) -> None:
    c = table()
    assert c.put(fields, card, 0) == pytest.approx(coins)
    assert fields == after


def test_a_forced_harvest_takes_a_field_of_two_beans_before_a_single_one() -> None:
    """A single Soy Lady (1 coin, nothing to lose) against 2 Red (1 coin, 4 Red unseen to grow
    on): the one-bean field is spared while a field of 2+ beans can go."""
    c = table(stock_top=["red"] * 4, fans=[["green"] * 6, ["blue"] * 4])
    fields = [f("soy", 1, True), f("red", 2)]
    assert c.lost(fields[1], 0) > c.lost(fields[0], 0) == 0
    assert c.put(fields, "chili", 0) == 1.0
    assert fields == [f("soy", 1, True), f("chili", 1)]


def test_a_forced_harvest_spares_the_field_that_would_lose_most() -> None:
    """4 Red unseen: 4 Red would lose the way to 5 Red's next coin; the Blue field goes."""
    c = table(stock_top=["red"] * 4)
    fields = [["red", 4, False, False, False], ["blue", 5, False, False, False]]
    assert c.lost(fields[0], 0) > 0 == c.lost(fields[1], 0)
    assert c.put(fields, "soy", 0) == 1.0
    assert fields == [["red", 4, False, False, False], ["soy", 1, False, False, False]]


def test_cards_are_planted_own_fields_first_bigger_groups_first_males_first() -> None:
    """Onto own fields first, bigger groups first, then by variety; males before Ladies."""
    c = table()
    fields = [["chili", 2, False, False, False], [None, 0, False, False, False]]
    cards = ["red", "soy-lady", "chili-lady", "soy", "blackeyed", "chili", "soy"]
    assert c.order(fields, cards) == [
        "chili", "chili-lady", "soy", "soy", "soy-lady", "blackeyed", "red",
    ]  # fmt: skip
    assert c.order(fields, ["soy-lady"]) == ["soy-lady"]
    assert c.order(fields, []) == []
    assert c.order(fields, ["soy-lady", "soy"]) == ["soy", "soy-lady"]


def f(variety: str | None, beans: int = 0, lady: bool = False, any_lady: bool | None = None,
      ratio: bool = False) -> list[Any]:  # fmt: skip
    """A simulated field: [variety, beans, Lady on top, a Lady in it, Ratio Field]."""
    return [variety, beans, lady, lady if any_lady is None else any_lady, ratio]


EMPTY = [None, 0, False, False, False]


@pytest.mark.parametrize(
    ("fields", "to_plant", "hand", "value"),
    [
        ([f("blue", 5), EMPTY], [], [], 1.0 + 0.3),  # 1 coin and an empty field
        ([f("blue", 5), EMPTY], ["soy"], [], 1.0),  # the Soy takes the empty field
        ([f("blue", 5), f("red", 3)], ["soy"], [], 2.0 + 1.0),  # the Red is harvested
        # the front card, and the next one onto its own field: 7 Blue
        ([f("blue", 5), EMPTY], [], ["blue", "blue", "red"], 2.0 + 0.3),
        ([f("blue", 5), EMPTY], [], ["red", "blue"], 2.0),
        # the 3rd hand card only as a later card: 8 Blue would pay 3, a share 0.6 of it
        ([f("blue", 6), EMPTY], [], ["soy", "blue", "blue"], 2.0 + 0.6 * 1.0),
        # the cards to plant first, the males before the Lady: she ends on top
        ([f("blue", 5), EMPTY], ["blue-lady", "blue"], [], 3.0 + 0.3),  # her 7 pay 3
        ([f("red", 2), EMPTY], ["red-lady", "red"], [], 4.0 + 0.3),  # her 4 Red pay 4
    ],
)
def test_the_evaluation_plants_and_adds_up_the_fields(
    fields: list[list[Any]], to_plant: list[str], hand: list[str], value: float
) -> None:
    c = table()
    assert c.evaluate(fields, to_plant, hand) == pytest.approx(value)
    assert c.evaluate(fields, to_plant, hand) == pytest.approx(value)  # the cached answer
    assert fields[1] in (EMPTY, f("red", 3), f("red", 2)), "the fields themselves are kept"


def test_later_cards_add_a_fading_share_of_their_growth() -> None:
    """The front card (a Soy, forcing the Red's harvest) and the next onto its own field are
    planted; of the later cards the first five count, each 0.7 times the one before: a card
    of a grown variety by what its bean adds, one of a new variety nothing while a field is
    free, else minus the least any field would lose."""
    c = table(stock_top=some(20))  # 20 Blue unseen, nothing else
    fields = [f("blue", 4), f("red", 3)]
    hand = ["soy", "soy", "blue", "chili", "red", "blue", "blue", "blue"]
    blue = [c.value(f("blue", k), 0) for k in (4, 5, 6, 7)]
    soy = c.value(f("soy", 2), 0)
    w = 0.6
    growth = w * (blue[1] - blue[0]) + w * 0.7**3 * (blue[2] - blue[1])
    growth += w * 0.7**4 * (blue[3] - blue[2])
    assert c.evaluate(fields, [], hand) == pytest.approx(2.0 + blue[0] + soy + growth)


def test_a_later_card_without_a_field_costs_the_least_loss() -> None:
    c = table(stock_top=some(38))  # 20 Blue and 18 Chili unseen
    fields = [f("blue", 4), f("chili", 4)]
    after = [f("blue", 5), f("chili", 4)]
    least = min(c.lost(x, 0) for x in after)
    assert least > 0
    value = sum(c.value(x, 0) for x in after)
    assert c.evaluate(fields, [], ["blue", "soy"]) == pytest.approx(value - 0.6 * least)
    # a free field takes the new variety at no cost, and then its variety grows
    c = table(stock_top=some(38))
    fields = [f("blue", 4), EMPTY]
    got = c.evaluate(fields, [], ["blue", "soy", "soy", "chili"])
    value = c.value(f("blue", 5), 0) + 0.3
    grow = 0.6 * 0.7 * (c.value(f("soy", 2), 0) - c.value(f("soy", 1), 0))
    assert grow > 0
    # the Chili has no field left, but the empty field (no loss) is the least: it costs 0
    assert got == pytest.approx(value + grow)


def test_a_later_lady_counts_on_top() -> None:
    """A later Lady onto her variety's field counts with her beanometer on top."""
    c = table()
    got = c.evaluate([f("red", 2), EMPTY], [], ["soy", "chili", "red-lady"])
    # the Soy to the empty field; the Chili finds none (costs 0: nothing is lost); the later
    # Red Lady: 3 Red, her meter pays 3 (a male's 2)
    w = 0.6 * 0.7
    assert got == pytest.approx(1.0 + w * (3.0 - 1.0))
    ratio = c.evaluate([f("red", 2, ratio=True), EMPTY], [], ["soy", "chili", "red-lady"])
    assert ratio == pytest.approx(0.5 + w * (3.0 - 0.5))  # the Lady makes the Ratio Field pay
    males = c.evaluate([f("red", 2, ratio=True), EMPTY], [], ["soy", "chili", "red"])
    assert males == pytest.approx(0.5 + w * (1.0 - 0.5))
    below = c.evaluate([f("red", 2, False, True, True), EMPTY], [], ["soy", "chili", "red"])
    assert below == pytest.approx(1.0 + w * (2.0 - 1.0))  # a Lady below: the field pays


def test_makeup_in_a_field_adds_its_protection() -> None:
    c = table(coins=[1, 0, 0], steals=[0, 1, 0])
    fields = [f("makeup", 1, True), f("blue", 5)]
    assert c.evaluate(fields, [], []) == pytest.approx(1.0 + 0.6)  # 0 for 1 bean, one thief
    assert c.evaluate([f("blue", 5), EMPTY], ["makeup-lady"], []) == pytest.approx(1.0 + 0.6)


def test_the_evaluation_is_of_the_player_asked_and_remembered_apart() -> None:
    """``p``: whose Make-up worth counts; cached by player, fields, cards to plant and hand."""
    c = table(coins=[0, 1, 1])
    five = [f("makeup", 5, True), EMPTY]
    assert c.evaluate(five, [], []) == pytest.approx(3.0 + 0.3 + 0.1)  # robs 1 and 2
    assert c.evaluate(five, [], [], 1) == pytest.approx(2.0 + 0.3 + 0.2)  # robs 2 only
    assert c.evaluate(five, [], [], 0) == pytest.approx(3.0 + 0.3 + 0.1)
    c = table()
    assert c.evaluate([f("blue", 5), EMPTY], [], ["blue"]) == pytest.approx(2.0 + 0.3)
    assert c.evaluate([f("blue", 5), EMPTY], ["blue"], []) == pytest.approx(2.0 + 0.3)
    assert c.evaluate([f("blue", 5), EMPTY], [], []) == pytest.approx(1.0 + 0.3)
    assert c.evaluate([f("blue", 6), EMPTY], [], []) == pytest.approx(2.0 + 0.3)
    assert c.evaluate([f("blue", 5), EMPTY], ["red"], []) == pytest.approx(1.0)
    assert c.evaluate([f("blue", 5), EMPTY], [], ["red"]) == pytest.approx(1.0)


def test_the_empty_field_bonus_is_the_bots() -> None:
    c = ctx(lp.load(rest="discard"), bot={"empty": 0.5})
    assert c.evaluate([f("blue", 5), EMPTY], [], []) == pytest.approx(1.5)
    assert c.evaluate([EMPTY, EMPTY], [], []) == pytest.approx(1.0)
    later = ctx(lp.load(rest="discard"), bot={"later": 0.5})
    assert later.evaluate([f("blue", 6), EMPTY], [], ["soy", "blue", "blue"]) == pytest.approx(2.5)


# -- trading values -------------------------------------------------------------------------------


def test_cards_got_are_the_rearmost_of_the_offer_or_males_from_a_hand() -> None:
    """The engine takes the rearmost card of a variety from the offer; a card from a hand
    counts as a male (its sex is hidden)."""
    c = table(phase="trade", planted=1, offer_area=["chili-lady", "chili", "soy-lady"])
    got = [("chili", "offer"), ("chili", "offer"), ("soy", "hand"), ("red", "offer")]
    assert c._received(got) == ["chili", "chili-lady", "soy", "red"]
    assert c._received([("soy", "offer")]) == ["soy-lady"]
    assert c.offer_k == ["chili-lady", "chili", "soy-lady"], "the offer itself is kept"


def trading(**kw: Any) -> bots._LadyCtx:
    """Player 0 trades in her own turn: the offer Blue and Blue Lady is hers to plant."""
    return table(
        phase="trade",
        planted=1,
        hands=[["soy", "red", "soy-lady"], [], []],
        offer_area=["blue", "blue-lady"],
        fields=[[["blue"] * 3, []], [["red"] * 2, []], [[], []]],
        to_plant=[[], ["red", "red-lady"], []],
        **kw,
    )


def test_its_gain_is_the_evaluation_after_the_trade_less_now() -> None:
    """What it gives leaves its hand or its cards to plant, the rearmost of the variety first;
    what it gets is added to its cards to plant."""
    c = trading()
    mine = c.my_fields()
    base = c.evaluate(mine, ["blue", "blue-lady"], ["soy", "red", "soy-lady"])
    assert c.base() == base
    assert c.my_gain([("red", "hand")], []) == pytest.approx(
        c.evaluate(mine, ["blue", "blue-lady"], ["soy", "soy-lady"]) - base
    )
    assert c.my_gain([("soy", "hand")], [("chili", "hand")]) == pytest.approx(
        c.evaluate(mine, ["blue", "blue-lady", "chili"], ["soy", "red"]) - base
    )
    assert c.my_gain([("blue", "offer")], []) == pytest.approx(
        c.evaluate(mine, ["blue"], ["soy", "red", "soy-lady"]) - base
    )
    assert c.my_gain([("green", "hand")], []) == -99.0  # not held
    assert c.my_gain([("red", "offer")], []) == -99.0  # not in its offer
    assert c.my_gain([("blue", "hand")], []) == -99.0  # the Blues lie in the offer
    assert c.hand_k == ["soy", "red", "soy-lady"] and c.offer_k == ["blue", "blue-lady"]


def test_their_gain_is_read_off_their_fields_and_cards_to_plant() -> None:
    """Another player's gain: her cards to plant less what she gives from them (the rearmost
    first), plus what she gets, evaluated on her fields for her."""
    c = trading()
    theirs = c.lfields[1]
    before = c.evaluate(theirs, ["red", "red-lady"], [], 1)
    got = c.their_gain(1, [("red", "offer")], [("blue", "offer")])
    assert got == pytest.approx(c.evaluate(theirs, ["red", "blue-lady"], [], 1) - before)
    assert c.their_gain(1, [("red", "hand")], []) == 0.0  # her hand is unknown: no change
    assert c.their_gain(1, [("soy", "offer")], [("soy", "hand")]) == pytest.approx(
        c.evaluate(theirs, ["red", "red-lady", "soy"], [], 1) - before
    )
    assert c.to_plant_k[1] == ["red", "red-lady"], "her row itself is kept"


def test_their_gain_counts_her_makeup_worth() -> None:
    """Evaluated for her: 5 Make-up beans are her coin with a steal of 0 and 2."""
    fields = [[[], []], [["makeup"] * 4, []], [[], []]]
    c = table(phase="trade", planted=1, coins=[1, 0, 1], fields=fields, offer_area=["makeup"])
    got = c.their_gain(1, [], [("makeup", "offer")])
    assert got == pytest.approx((3.0 + 0.2 + 0.3) - (c.makeup_potential(4, 1) + 0.2 + 0.3))


@pytest.mark.parametrize(
    ("field", "hand", "to_plant", "finished"),
    [
        ([], [], [], False),  # nothing to harvest
        (["blue"] * 3, [], [], False),  # pays nothing yet
        (["blue"] * 5, [], [], True),  # pays, and nothing unseen could add to it
        (["blue"] * 5, ["soy", "soy", "blue"], [], False),  # a Blue among the next 3 cards
        (["blue"] * 5, ["soy", "soy", "soy", "blue"], [], True),  # the 4th is too far
        (["blue"] * 5, [], ["blue"], False),  # a Blue to plant
        (["blue"] * 5, ["blue-lady"], [], False),
        # a Lady on top: a male coming would cover her, so harvest while she pays her best
        (["blue"] * 4 + ["blue-lady"], ["blue"], [], True),
        # another Lady coming keeps her worth: only the loss counts
        (["blue"] * 4 + ["blue-lady"], ["blue-lady"], [], True),
        (["blue"] * 4 + ["blue-lady"], [], [], True),
        (["makeup"] * 2, [], [], False),  # no step reached: worth nothing now
        (["makeup"] * 3, [], [], True),  # the 3rd field's 1.17, nothing more to come
        (["makeup"] * 5, ["makeup"], [], False),
        (["makeup"] * 5, [], [], True),
    ],
)
def test_a_field_is_finished_when_it_pays_and_waiting_adds_little(
    field: list[str], hand: list[str], to_plant: list[str], finished: bool
) -> None:
    c = table(coins=[0, 1, 0], hands=[hand, [], []], fields=[[field, []], [[], []], [[], []]],
              to_plant=[to_plant, [], []], phase="plant-trades", planted=1)  # fmt: skip
    assert c.finished(0) is finished


def test_a_field_still_growing_towards_a_tier_is_not_finished() -> None:
    """4 Blue pay 1, but with 16 Blue unseen the way to 6 beans is lost by a harvest (0.27)."""
    c = table(stock_top=some(16), fields=[[["blue"] * 4, []], [[], []], [[], []]])
    assert c.lost(c.lfields[0][0], 0) > 0.1
    assert c.finished(0) is False
    # 2 Blue of 40 unseen: the way on is worth a little (0.08)
    fields = [[["blue"] * 4, []], [[], []], [[], []]]
    few = table(stock_top=["blue"] * 2 + some(58)[20:], fields=fields)
    assert few.lost(few.lfields[0][0], 0) == pytest.approx(0.8 * (2 * 12 / (40 * 2)) / 3)
    assert few.finished(0) is True


# -- Ladybohn's choices ---------------------------------------------------------------------------


def test_makeup_harvest_takes_the_coin_when_a_steal_is_worth_more() -> None:
    """5+ Make-up beans: the coin with a steal (1 + one a robbable player, at most 3) against
    the free 3rd field (1.17 here); 3-4 beans: the field, the only choice that gives one."""
    choice = [{"beans": 5, "coin": "makeup"}, None, None, None]
    rich = lp.load(players=4, active=1, coins=[0, 4, 3, 2], makeup_choice=choice, rest="discard")
    assert rich.legal_actions(0) == [Action(makeup="field"), Action(makeup="coin")]
    for cls in (LadyTraderBot, LadyNoTradeBot):
        assert act(rich, 0, cls) == {"makeup": "coin"}
    poor = lp.load(players=4, active=1, coins=[0, 0, 0, 2], makeup_choice=choice, rest="discard",
                   fields=[[[], []], [[], []], [[], []], [["makeup"], []]])  # fmt: skip
    assert act(poor, 0) == {"makeup": "field"}
    # a steal of player 3 (2.0: its own coin does not count) against a field worth 2.33 (the
    # Ratio Field taken already)
    one = lp.load(players=4, active=1, coins=[1, 0, 0, 2], makeup_choice=choice, rest="discard",
                  ratio_taken=True)  # fmt: skip
    assert act(one, 0) == {"makeup": "field"}
    assert act(one, 0, steal_weight=1.5) == {"makeup": "coin"}  # 2.5 against 2.33
    assert act(one, 0, field_worth=3.0) == {"makeup": "coin"}  # 2.0 against 2.0: the coin
    three = lp.load(players=4, active=1, makeup_choice=[{"beans": 3}, None, None, None])
    assert three.legal_actions(0) == [Action(makeup="field"), Action(makeup="none")]
    assert act(three, 0) == {"makeup": "field"}
    # 3-4 beans offer no coin: the field, however rich the others
    rich3 = lp.load(players=4, active=1, coins=[0, 4, 3, 2], rest="discard",
                    makeup_choice=[{"beans": 4}, None, None, None])  # fmt: skip
    assert act(rich3, 0) == {"makeup": "field"}


def test_it_steals_from_the_richest_three() -> None:
    state = lp.load(players=5, phase="steal", active=0, steals=[1, 0, 0, 0, 0],
                    coins=[0, 1, 4, 3, 2], rest="discard")  # fmt: skip
    for cls in (LadyTraderBot, LadyNoTradeBot):
        assert act(state, 0, cls) == {"steal": [2, 3, 4]}
    none = lp.load(phase="steal", active=0, steals=[1, 0, 0], coins=[2, 0, 0], rest="discard")
    assert none.legal_actions(0) == [Action(steal=[])]
    assert act(none, 0) == {"steal": []}


def fan_choice(mine: list[list[str]]) -> Any:
    """Phase 2: a Soy turned up matches both fans; fan 0 would push a Blue into the offer,
    fan 1 a Chili."""
    return lp.load(phase="fan", active=0, turned=["soy"], rest="discard",
                   fans=[["soy"] * 5 + ["blue"], ["soy"] * 3 + ["chili"]],
                   fields=[mine, [[], []], [[], []]])  # fmt: skip


def test_it_picks_the_fan_whose_pushed_card_helps_it() -> None:
    state = fan_choice([["chili"] * 4, []])
    assert state.legal_actions(0) == [Action(fan=0), Action(fan=1)]
    assert act(state, 0) == {"fan": 1}  # a Chili onto its 4 Chili
    assert act(fan_choice([["blue"] * 3, []]), 0) == {"fan": 0}
    assert act(fan_choice([["blue"] * 3, []]), 0, LadyNoTradeBot) == {"fan": 0}
    # either card forces the same harvest of its 2 Red (1 coin): equal, the first fan
    assert act(fan_choice([["red"] * 2, ["green"] * 2]), 0) == {"fan": 0}


def test_it_rotates_the_field_that_gains_most() -> None:
    """After the harvest of field 0: field 1 would bring a Blue Lady on top of 5 Blue (2 coins
    against the males' 1 and their way on to 6 Blue, 16 of them unseen: +0.47), field 2 a Red
    Lady on top of 4 Red (+1 coin): it rotates field 2."""
    state = lp.load(
        stock_top=some(16),
        active=1,
        hands=[["soy"], ["green"], []],
        fields=[
            [[], ["blue", "blue", "blue", "blue-lady", "blue"], ["red", "red", "red-lady", "red"]],
            [[], []],
            [[], []],
        ],
        third=["regular", None, None],
        rotation=[0, None, None],
        rest="discard",
    )
    assert Action(rotate=1) in state.legal_actions(0) and Action(rotate=2) in state.legal_actions(0)
    assert act(state, 0) == {"rotate": 2}
    c = ctx(state)
    assert c.value(f("blue", 5, True), 0) - c.value(f("blue", 5, False, True), 0) == pytest.approx(
        2 - (1 + 0.8 * (2 / 3))
    )
    # a Lady on top already, a male below: rotating her away would lose
    stay = lp.load(active=1, hands=[["soy"], ["green"], []], rotation=[0, None, None],
                   fields=[[[], ["blue", "blue", "blue", "blue", "blue-lady"]], [[], []], [[], []]],
                   rest="discard")  # fmt: skip
    assert Action(rotate=1) in stay.legal_actions(0)
    assert act(stay, 0) != {"rotate": 1}


def swapping(hand: list[str], fan: list[str], **kw: Any) -> Any:
    """Player 0, not active, may swap her 4 cards for fan 1 (4 cards)."""
    return lp.load(active=1, hands=[hand, ["green"], []], rest="discard",
                   fields=[[["blue"] * 3, ["chili"] * 3], [[], []], [[], []]],
                   fans=[["green"] * 6, fan], **kw)  # fmt: skip


FIT = ["blue", "chili", "blue", "chili"]
JUNK = ["garden", "red", "soy", "stink"]


def test_it_swaps_for_a_fan_that_suits_its_fields_at_most_twice_a_turn() -> None:
    state = swapping(JUNK, FIT)
    assert Action(swap=1) in state.legal_actions(0)
    bot = LadyTraderBot(state.game)
    assert bot.act(guarded_decision(state, 0, Rng(5))) == {"swap": 1}
    assert bot.act(guarded_decision(state, 0, Rng(5))) == {"swap": 1}
    third = bot.act(guarded_decision(state, 0, Rng(5)))
    assert third != {"swap": 1}, "a third swap in the same turn is not made"
    later = swapping(JUNK, FIT, first_player=1)
    later_view = guarded_decision(later, 0, Rng(5))
    later_view.view["turn"] = 2  # another turn: it may swap again
    assert bot.act(later_view) == {"swap": 1}
    assert act(swapping(FIT, JUNK), 0) is None  # its hand fits better: it keeps it
    # two fans of 4 (the first short of its 6) that suit it alike: the first
    both = lp.load(active=1, hands=[JUNK, ["green"], []], rest="discard", fans=[FIT, FIT],
                   fields=[[["blue"] * 3, ["chili"] * 3], [[], []], [[], []]])  # fmt: skip
    assert Action(swap=0) in both.legal_actions(0) and Action(swap=1) in both.legal_actions(0)
    assert act(both, 0) == {"swap": 0}
    assert act(swapping(JUNK, FIT), 0, swap_margin=50.0) != {"swap": 1}  # not by its margin
    # the same without the Red Lady: only field 1 gains
    males = lp.load(stock_top=some(16), active=1, hands=[["soy"], ["green"], []],
                    fields=[[[], ["blue", "blue", "blue", "blue-lady", "blue"], ["red"] * 4],
                            [[], []], [[], []]],
                    third=["regular", None, None], rotation=[0, None, None],
                    rest="discard")  # fmt: skip
    assert act(males, 0) == {"rotate": 1}
    # two fields gaining the same (a Lady's coin more each, nothing unseen): the first
    tie = lp.load(active=1, hands=[["soy"], ["green"], []], rest="discard",
                  fields=[[[], ["blue", "blue", "blue", "blue-lady", "blue"],
                           ["red", "red", "red-lady", "red"]], [[], []], [[], []]],
                  third=["regular", None, None], rotation=[0, None, None])  # fmt: skip
    assert act(tie, 0) == {"rotate": 1}
    # the Ratio Field of males only: a rotation brings another male on top, no gain
    ratio = lp.load(active=1, hands=[["soy"], ["green"], []], rest="discard",
                    fields=[[[], ["blue"] * 2, ["red"] * 3], [[], []], [[], []]],
                    third=["ratio", None, None], rotation=[0, None, None])  # fmt: skip
    assert Action(rotate=2) in ratio.legal_actions(0)
    assert act(ratio, 0) is None
    # a Make-up field (Ladies only) may be rotated: nothing gains
    makeup = lp.load(active=1, hands=[["soy"], ["green"], []], rest="discard", coins=[1, 1, 0],
                     fields=[[[], ["makeup"] * 3], [[], []], [[], []]],
                     rotation=[0, None, None])  # fmt: skip
    assert Action(rotate=1) in makeup.legal_actions(0)
    assert act(makeup, 0) != {"rotate": 1}


def idle_buyer(**kw: Any) -> Any:
    """Player 0, not active, has 3 coins and may buy a 3rd field."""
    kw.setdefault("rest", "discard")
    return lp.load(active=1, hands=[["soy"], ["green"], []], coins=[3, 0, 0],
                   fields=[[["blue"] * 2, ["red"]], [[], []], [[], []]], **kw)  # fmt: skip


@pytest.mark.parametrize(
    ("kw", "buys"),
    [
        ({"ratio_taken": True, "rest": "stock"}, True),  # a regular field, the game ahead: 3.5
        ({"ratio_taken": True}, False),  # two thirds of the game left: 2.33
        ({"ratio_taken": True, "steals": [0, 0, 1]}, True),  # a thief near: 2.33 + 1
        ({"ratio_taken": True, "steals": [1, 0, 0]}, False),  # its own steal is no thief
        ({"ratio_taken": False, "steals": [0, 0, 1], "rest": "stock"}, False),  # Ratio: 1.75 + 1
    ],
)
def test_it_buys_a_third_field_when_it_is_worth_more_than_its_price(
    kw: dict[str, Any], buys: bool
) -> None:
    state = idle_buyer(**kw)
    assert Action(buy="field") in state.legal_actions(0)
    assert (act(state, 0) == {"buy": "field"}) is buys


def test_with_two_players_the_field_costs_more() -> None:
    """With 2 players the coins paid leave the game: no one else loses them (half a coin)."""

    def buyer(steals: list[int]) -> Any:
        return duo(active=0, phase="take", hands=[["soy"], ["green"]], coins=[3, 0],
                   fields=[[["blue"] * 2, ["red"]], [[], []]], ratio_taken=True,
                   steals=steals)  # fmt: skip

    assert Action(buy="field") in buyer([0, 0]).legal_actions(0)
    assert act(buyer([0, 0]), 0) == {"end": "taking"}  # 3.5 - 0.5 is not more than 3
    assert act(buyer([0, 1]), 0) == {"buy": "field"}


def planting(planted: int, hand: list[str], mine: list[list[str]], **kw: Any) -> Any:
    kw.setdefault("rest", "discard")
    return lp.load(phase="plant", planted=planted, hands=[hand, [], []],
                   fields=[mine, [[], []], [[], []]], **kw)  # fmt: skip


def test_the_second_card_goes_only_onto_its_own_variety() -> None:
    """The front card goes where it is best; the second only onto a field of its variety,
    else planting ends."""
    state = planting(1, ["blue", "soy"], [["blue"] * 3, ["soy"]])
    assert act(state, 0) == {"field": 0, "plant": "front"}
    state = planting(1, ["red", "soy"], [["blue"] * 3, ["soy"]])
    assert act(state, 0) == {"end": "planting"}
    first = planting(0, ["soy", "blue"], [["blue"] * 3, []])
    assert act(first, 0) == {"field": 1, "plant": "front"}


def test_it_harvests_to_make_room_when_the_empty_field_is_worth_more() -> None:
    """5 Blue pay 1 now: harvesting first leaves an empty field for the next card (+0.3)."""
    state = planting(0, ["soy", "blue"], [["blue"] * 5, ["red"]])
    assert act(state, 0) == {"harvest": 0}
    # the 2 Red (1 coin) before the Blue in front: the Soy behind it then finds a field
    state = planting(0, ["blue", "soy"], [["blue"] * 3, ["red"] * 2])
    assert state.legal_actions(0)[0] == {"field": 0, "plant": "front"}
    assert act(state, 0) == {"harvest": 1}
    # a Red field of 1 pays nothing: never harvested while a planting is possible
    assert act(planting(0, ["blue", "soy"], [["blue"] * 3, ["red"]]), 0) == {
        "field": 0,
        "plant": "front",
    }


def test_a_field_paying_nothing_is_not_harvested_while_it_can_plant() -> None:
    """2 Stink pay nothing; harvesting them would leave an empty field (worth 0.3 more than
    the Blue planted now), but a 0-coin harvest is pointless while a planting is possible."""
    state = planting(0, ["blue", "blue"], [["stink"] * 2, ["blue"] * 2])
    assert Action(harvest=0) in state.legal_actions(0)
    assert act(state, 0) == {"field": 1, "plant": "front"}


def test_it_buys_the_third_field_while_planting_when_worth_it() -> None:
    """After the first card, with 3 coins and a regular 3rd field worth 3.5 for the game ahead
    (the stock full): it buys the field."""
    state = planting(1, ["soy"], [["blue"] * 2, ["red"] * 2], coins=[3, 0, 0],
                     ratio_taken=True, rest="stock")  # fmt: skip
    assert act(state, 0) == {"buy": "field"}
    assert act(planting(1, ["soy"], [["blue"] * 2, ["red"] * 2], coins=[3, 0, 0],
                        ratio_taken=True), 0) == {"end": "planting"}  # fmt: skip


def test_received_cards_are_planted_males_first() -> None:
    """Phase 3: 3 Chili and a Chili Lady and male received: the male first, so she ends on top
    (7 Chili pay 3 by her meter, 2 by a male's); the engine lists her id for the variety."""
    state = lp.load(phase="plant-trades", planted=1, rest="discard",
                    to_plant=[["chili-lady", "chili"], [], []],
                    fields=[[["chili"] * 5, ["green"]], [[], []], [[], []]])  # fmt: skip
    action = act(state, 0)
    assert action is not None and action["field"] == 0
    assert state.game.deck.kinds[action["plant"]].name == "chili"
    state.apply(0, action)
    assert act(state, 0) == {"plant": state.to_plant[0][0], "field": 0}


# -- 1 and 2 players ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("coins", "discard", "fields", "action"),
    [
        # 3 Red pay 2 of 3 beans: more than it discards
        (0, 3, [["blue"] * 5, ["red"] * 3], {"harvest": 1}),
        # 5 Blue pay 1: its coins stay above the discard pile (10 + 1 against 0 + 4)
        (10, 0, [["blue"] * 5, []], {"harvest": 0}),
        (3, 0, [["blue"] * 5, []], {"end": "game"}),  # 3 + 1 against 4: not above
        (4, 0, [["blue"] * 5, []], {"harvest": 0}),  # 4 + 1 against 4: above
        (0, 0, [["makeup"] * 3, []], {"end": "game"}),  # Make-up: no 3rd field, no coin solo
        (2, 10, [["blue"] * 3, ["soy"] * 2], {"end": "game"}),  # 2 Soy pay 1: half, not more
        (5, 0, [["blue"] * 3, []], {"end": "game"}),  # 3 Blue pay nothing
    ],
)  # fmt: skip
def test_solo_harvests_at_the_end_only_what_keeps_coins_above_the_discards(
    coins: int, discard: int, fields: list[list[str]], action: dict[str, Any]
) -> None:
    state = duo(1, phase="final", hands=[["soy"]], coins=[coins], fields=[fields], rest="stock",
                discard=["stink"] * discard)  # fmt: skip
    assert act(state, 0) == action


def duo_turn(phase: str, players: int = 2, **kw: Any) -> Any:
    kw.setdefault("hands", [["green"], ["blue"]][:players])
    fields = [[["blue"] * 3, ["red"]], [[], []]][:players]
    return duo(players, phase=phase, fields=fields, rest="discard", **kw)


def test_leftover_cards_are_planted_when_they_help_else_discarded() -> None:
    """2 players: the leftover Red goes onto the Red field; the Soy is discarded (it fits no
    field). Solo: nothing can be planted, and each discard counts against her: she harvests
    her 3 Blue (paying nothing) to make room."""
    state = duo_turn("leftover", offer_area=["soy", "red"])
    assert act(state, 0) == {"field": 1, "plant": state.view(0)["offer"][1]["id"]}
    solo = duo_turn("leftover", 1, offer_area=["soy", "red"])
    assert solo.legal_actions(0)[-1] == {"harvest": 0}
    assert not any("plant" in a for a in solo.legal_actions(0))
    # nothing can be planted: a harvest paying nothing is no pointless one (it makes room)
    assert act(solo, 0) == {"harvest": 0}


def test_the_planting_phase_discards_the_hand_card_that_hurts_most() -> None:
    """Its fields full (3 Blue, 1 Red) and a Soy in front: it discards the Soy from the hand;
    with a Blue in front it plants it."""
    state = duo_turn("plant", hands=[["soy", "blue", "stink"], ["blue"]])
    assert Action(field=0, plant="front") not in state.legal_actions(0)
    assert act(state, 0) == {"discard_hand": 0}
    state = duo_turn("plant", planted=1, hands=[["blue", "stink"], ["blue"]])
    assert act(state, 0) == {"field": 0, "plant": "front"}


def test_turned_up_cards_are_taken_when_they_help() -> None:
    """2 players: the Red (to the Red field) is taken, a Stink and a Green are not. Solo: a
    card left in the offer is discarded next turn (0.4 against her), so she takes one."""
    assert act(duo_turn("take", offer_area=["red", "soy", "red"]), 0) == {"take": "red"}
    assert act(duo_turn("take", offer_area=["stink", "green"]), 0) == {"end": "taking"}
    solo = duo_turn("take", 1, offer_area=["stink", "green"], hands=[["soy"]])
    assert act(solo, 0) == {"take": "stink"}
    # a Stink costing her 1.1 (it and her Blue in front force the Red's harvest) is not
    # worth sparing it the discard (0.4)
    assert act(duo_turn("take", 1, offer_area=["stink"], hands=[["blue"]]), 0) == {"end": "taking"}
    # a finished field (5 Blue pay 1, nothing unseen could add to it) is harvested first
    ripe = duo(phase="take", hands=[["soy"], ["blue"]], offer_area=["red"], rest="discard",
               fields=[[["blue"] * 5, ["red"]], [[], []]])  # fmt: skip
    assert act(ripe, 0) == {"harvest": 0}


def test_with_two_players_a_swap_phase_without_a_good_fan_ends() -> None:
    state = duo_turn("swap", hands=[["blue"] * 5, ["green"]], fan=["soy"] * 5)
    assert Action(end="swap") in state.legal_actions(0)
    assert act(state, 0) == {"end": "swap"}
    good = duo_turn("swap", hands=[["soy"] * 5, ["green"]], fan=["blue"] * 2 + ["red"] * 3)
    assert act(good, 0) == {"swap": 0}
    # at most twice a turn; the turns counted tell the turns apart (the view has no "turn")
    bot = LadyTraderBot(good.game)
    for _ in range(2):
        assert bot.act(guarded_decision(good, 0, Rng(5))) == {"swap": 0}
    assert bot.act(guarded_decision(good, 0, Rng(5))) == {"end": "swap"}
    later = duo(phase="swap", hands=[["soy"] * 5, ["green"]], fan=["blue"] * 2 + ["red"] * 3,
                fields=[[["blue"] * 3, ["red"]], [[], []]], rest="discard",
                turns=[2, 1])  # fmt: skip
    assert bot.act(guarded_decision(later, 0, Rng(5))) == {"swap": 0}


# -- promises in trades (LadyTraderBot) -----------------------------------------------------------


def offer_to_1(promises: dict[str, str], give: list[dict[str, Any]], want: list[dict[str, Any]],
               coins: tuple[int, ...] = (2, 1, 1),
               fields1: list[list[str]] | None = None,
               before: tuple[dict[str, Any], ...] = ()) -> Any:  # fmt: skip
    """Player 0 (active, owing a steal) offers player 1 (owing one too) a trade with
    ``promises`` (offer 1; ``before``: offers of player 0 open before it, ids 2 on)."""
    o = {"id": 1, "from": 0, "to": 1, "give": give, "want": want, "promises": promises}
    earlier = [{"id": 2 + i, "from": 0, **b} for i, b in enumerate(before)]
    return lp.load(phase="trade", active=0, planted=1, coins=list(coins), steals=[1, 1, 0],
                   hands=[["blue"], ["green"], ["red"]], offer_area=["red", "blue"],
                   fields=[[["blue"] * 3, ["chili"] * 3], fields1 or [["red"], []],
                           [["stink"], []]],
                   offers=[*earlier, o], next_offer=2 + len(before), rest="discard")  # fmt: skip


RED = [{"variety": "red", "count": 1, "from": "offer"}]
GREEN = [{"variety": "green", "count": 1, "from": "hand"}]


@pytest.mark.parametrize(
    ("promises", "coins", "answer"),
    [
        ({}, (2, 1, 1), "accept"),  # a Red for her Red field: +1 (less 0.2 of 0's -0.4)
        ({"receiver": "next"}, (2, 1, 1), "decline"),  # her next steal's coin: 1.5
        ({"receiver": "game"}, (2, 1, 1), "decline"),
        ({"receiver": "next"}, (0, 1, 1), "accept"),  # 0 has no coin to lose: 0.7
        ({"sender": "game"}, (2, 1, 1), "accept"),  # his promise only adds
    ],
)
def test_its_own_promise_must_be_worth_the_card(
    promises: dict[str, str], coins: tuple[int, ...], answer: str
) -> None:
    state = offer_to_1(promises, RED, [], coins)
    assert act(state, 1) == {answer: 1}
    c = ctx(state, 1)
    score = c.my_gain([], [("red", "offer")]) - 0.2 * c.their_gain(0, [("red", "offer")], [])
    assert score == pytest.approx(1.0 + 0.2 * 0.4)


@pytest.mark.parametrize(
    ("promises", "coins", "answer"),
    [
        ({}, (2, 1, 1), "decline"),  # her Green for nothing: -1
        ({"sender": "next"}, (2, 1, 1), "accept"),  # his steal (1.0) of her coins spared
        ({"sender": "game"}, (2, 1, 1), "accept"),
        ({"sender": "next"}, (2, 0, 1), "decline"),  # she has no coin to keep
        ({"sender": "game"}, (2, 0, 1), "decline"),  # 0.1
        ({"sender": "next", "receiver": "next"}, (2, 1, 1), "decline"),  # 1.0 - 1.5
    ],
)
def test_the_senders_promise_can_make_a_bad_trade_worth_it(
    promises: dict[str, str], coins: tuple[int, ...], answer: str
) -> None:
    """An ask of her Green (her 2 Green field would grow to 3, a coin) for nothing: she
    declines it, unless his promise not to rob her is worth more than the coin."""
    state = offer_to_1(promises, [], GREEN, coins, [["green"] * 2, []])
    assert act(state, 1) == {answer: 1}


def test_a_promise_that_only_evens_the_trade_is_not_enough() -> None:
    """Without its bias (a small lean towards trading) the next-steal promise (1.0) only
    makes up for the Green's coin: no gain, no trade."""
    state = offer_to_1({"sender": "next"}, [], GREEN, fields1=[["green"] * 2, []])
    assert act(state, 1, bias=0.0) == {"decline": 1}
    assert act(state, 1, bias=0.05) == {"accept": 1}
    # his promise for the rest of the game is worth more (1.0 + 2/3 * 0.6): it tips the trade
    state = offer_to_1({"sender": "game"}, [], GREEN, fields1=[["green"] * 2, []])
    assert act(state, 1, bias=0.0) == {"accept": 1}


def test_the_promise_branch_accepts_only_what_the_promise_tips() -> None:
    """A trade it would take anyway is left to Bohnanza's answer (the best of the offers
    addressed to it), not accepted by the promise branch."""
    state = offer_to_1({"sender": "game"}, RED, [])
    bot = LadyTraderBot(state.game)
    decision = guarded_decision(state, 1, Rng(5))
    assert bot.act(decision) == {"accept": 1}
    assert bot.reaction_time(decision) >= 0.2  # ANSWER
    offers = state.view(1)["offers"]
    assert offers[0]["promises"] == {"sender": "game"}


def test_offers_to_others_or_without_promises_are_not_weighed_for_promises() -> None:
    """Player 2 is not asked; an offer without promises goes to Bohnanza's answer."""
    state = offer_to_1({"receiver": "game"}, RED, [])
    assert act(state, 2) != {"decline": 1}
    assert act(offer_to_1({}, [], GREEN, fields1=[["green"] * 2, []]), 1) == {"decline": 1}


# -- which card goes first, and the offers it sends -----------------------------------------------


def test_what_a_kind_pays_on_top_of_its_field() -> None:
    """A card's pay with one more bean on its field of the variety, by its own beanometer;
    and the beans its beanometer asks in all (fewer: better later)."""
    c = table(fields=[[["soy"] * 2, ["garden"]], [[], []], [[], []]],
              fans=[["green"] * 6, ["red"] * 4])  # fmt: skip
    b = c.bot
    assert b._pays(c, "soy") == (1, -(2 + 4 + 6 + 7))  # 3 Soy by a male: 1 coin
    assert b._pays(c, "soy-lady") == (2, -(1 + 3 + 5 + 6))  # by a Lady: 2
    assert b._pays(c, "blue") == (0, -(4 + 6 + 8 + 10))  # no Blue field: 1 bean
    assert b._pays(c, "blue-lady") == (0, -(3 + 5 + 7 + 9))
    assert b._pays(c, "red-lady") == (1, -(1 + 2 + 3 + 4))  # 1 Red Lady pays 1
    assert b._pays(c, "garden") == (2, -(0 + 2 + 3 + 0))  # 2 Garden pay 2
    assert b._pays(c, "makeup-lady") == (0, -999)  # no beanometer of coins


def test_the_kinds_it_holds_are_its_hand_and_in_its_turn_the_offer() -> None:
    c = table(phase="trade", planted=1, hands=[["soy", "soy-lady", "red"], [], ["soy"]],
              offer_area=["soy", "chili-lady"])  # fmt: skip
    b = c.bot
    assert b._kinds_held(c, "soy") == {"soy", "soy-lady"}
    assert b._kinds_held(c, "chili") == {"chili-lady"}
    other = table(viewer=2, phase="trade", planted=1, hands=[["soy"], [], ["red", "chili"]],
                  offer_area=["soy-lady", "chili-lady"])  # fmt: skip
    assert other.bot._kinds_held(other, "chili") == {"chili"}


def give_first(hand: list[str], mine: list[list[str]], offer: dict[str, Any]) -> Any:
    """Player 2 holds ``hand``; ``offer`` is open (player 1 active)."""
    return lp.load(phase="trade", active=1, planted=1, hands=[["red"], ["blue"], hand],
                   fields=[[["blue"], []], [["soy"] * 2, []], mine],
                   offers=[{"id": 1, **offer}], next_offer=2, rest="discard")  # fmt: skip


WANTS_SOY = {"from": 1, "to": 2, "give": [], "want": [lp.item("soy")]}
GIVES_SOY = {"from": 2, "to": 1, "give": [lp.item("soy")], "want": []}


@pytest.mark.parametrize(
    ("hand", "mine", "offer", "marks"),
    [
        # her 2 Soy: a Lady on top pays 2 of 3 beans, a male 1: the male goes first
        (["soy", "soy-lady", "green"], [["soy"] * 2, []], WANTS_SOY, "soy"),
        (["soy", "soy-lady", "green"], [["soy"] * 2, []], GIVES_SOY, "soy"),  # her own offer
        # no Soy field: one Lady bean pays 1, a male nothing
        (["soy", "soy-lady", "green"], [["green"], []], WANTS_SOY, "soy"),
        # an offer for Green: no Soy is given, nothing to mark
        (["soy", "soy-lady", "green"], [["soy"] * 2, []],
         {"from": 1, "to": 2, "give": [], "want": [lp.item("green")]}, None),
        # an offer between others: nothing given by her
        (["soy", "soy-lady", "green"], [["soy"] * 2, []],
         {"from": 1, "to": 0, "give": [], "want": [lp.item("red")]}, None),
    ],
)  # fmt: skip
def test_it_gives_the_kind_that_pays_worse_first(
    hand: list[str], mine: list[list[str]], offer: dict[str, Any], marks: str | None
) -> None:
    state = give_first(hand, mine, offer)
    view = state.view(2)
    action = act(state, 2)
    if marks is None:
        assert "give_first" not in (action or {})
        return
    ids = [i for i, n in zip(view["hand_ids"], view["hand"], strict=True) if n == marks]
    assert action == {"give_first": ids[0]}


def test_no_mark_where_the_lady_goes_last_anyway() -> None:
    """The Lady pays best and its rearmost Soy is the male: nothing to mark; and the mark made
    once is not made again."""
    state = give_first(["soy-lady", "green", "soy"], [["soy"] * 2, []], WANTS_SOY)
    assert "give_first" not in (act(state, 2) or {})
    state = give_first(["soy", "soy-lady", "green"], [["soy"] * 2, []], WANTS_SOY)
    action = act(state, 2)
    assert action is not None and "give_first" in action
    state.apply(2, action)
    assert "give_first" not in (act(state, 2) or {})


def sender(coins: list[int], steals: list[int], mine: list[list[str]] | None = None) -> Any:
    """Player 0's context (active, trading), her bot remembering it as ``trade`` does."""
    c = table(phase="trade", planted=1, coins=coins, steals=steals, hands=[["blue"], [], []],
              fields=[mine or [[], []], [[], []], [[], []]], offer_area=["soy"])  # fmt: skip
    c.bot._ctx = c
    return c


GIVE = [("soy", "offer")]


def test_an_offer_to_a_thief_asks_her_promise_once() -> None:
    """To a player who may steal soon (a steal owed), when it has coins to lose: first the
    offer with her promise (for the game: she could steal again with two thirds left), then
    the same without it, then nothing."""
    c = sender([2, 1, 0], [0, 1, 0])
    sent: set[Any] = set()
    first = c.bot._send(sent, 1, GIVE, [])
    assert first == {"offer": {"to": 1, "give": [{"variety": "soy", "count": 1, "from": "offer"}],
                               "want": [], "promises": {"receiver": "game"}}}  # fmt: skip
    second = c.bot._send(sent, 1, GIVE, [])
    assert second == {"offer": {"to": 1, "give": [{"variety": "soy", "count": 1, "from": "offer"}],
                                "want": []}}  # fmt: skip
    assert c.bot._send(sent, 1, GIVE, []) is None


@pytest.mark.parametrize(
    ("coins", "steals", "mine", "promises"),
    [
        ([0, 1, 0], [0, 1, 0], None, None),  # nothing to lose: no promise asked
        ([2, 1, 0], [0, 0, 0], None, None),  # no thief
        ([2, 1, 0], [0, 0, 0], [["makeup"] * 3, []], None),  # its own Make-up: no thief either
        # it may steal a little (1-2 Make-up beans: 0.15): its own promise for the next steal
        ([2, 1, 0], [0, 1, 0], [["makeup"], []], {"receiver": "game", "sender": "next"}),
        ([2, 0, 0], [0, 1, 0], [["makeup"], []], {"receiver": "game"}),  # she has no coin
        ([2, 1, 0], [0, 1, 0], [["makeup"] * 3, []], {"receiver": "game"}),  # 0.6: too dear
        ([2, 1, 0], [1, 1, 0], None, {"receiver": "game"}),  # a steal owed: too dear
    ],
)
def test_the_promises_it_asks_and_gives(
    coins: list[int], steals: list[int], mine: list[list[str]] | None, promises: Any
) -> None:
    c = sender(coins, steals, mine)
    got = c.bot._send(set(), 1, GIVE, [])
    assert got is not None
    assert got["offer"].get("promises") == promises


def test_without_a_decision_it_sends_plain_offers() -> None:
    state = lp.load(phase="trade", planted=1, coins=[2, 1, 0], steals=[0, 1, 0])
    bot = LadyTraderBot(state.game)
    assert bot._send(set(), 1, GIVE, []) == {
        "offer": {"to": 1, "give": [{"variety": "soy", "count": 1, "from": "offer"}], "want": []}
    }


def test_an_active_traders_offer_to_a_thief_asks_for_her_promise() -> None:
    """The whole trading step: the Soy in the offer goes to player 1 (Soy field, a steal
    owed), with a request for her promise."""
    state = lp.load(phase="trade", active=0, planted=1, coins=[2, 0, 1], steals=[0, 1, 0],
                    hands=[["blue"], ["green"], ["red"]], offer_area=["soy", "blue"],
                    fields=[[["blue"] * 5, ["chili"] * 5], [["soy"] * 2, []],
                            [["stink"], []]])  # fmt: skip
    action = act(state, 0)
    assert action is not None and action["offer"]["to"] == 1, action
    assert action["offer"]["promises"] == {"receiver": "game"}
    late = lp.load(phase="trade", active=0, planted=1, coins=[2, 0, 1], steals=[0, 1, 0],
                   hands=[["blue"], ["green"], ["red"]], offer_area=["soy", "blue"],
                   fields=[[["blue"] * 5, ["chili"] * 5], [["soy"] * 2, []], [["stink"], []]],
                   exhausted=2)  # fmt: skip
    action = act(late, 0)
    assert action is not None and action["offer"]["promises"] == {"receiver": "next"}


# -- the deck, the bot's settings, the caches ---------------------------------------------------


def test_the_deck_as_the_bots_read_it() -> None:
    """Each kind's sex; a male of each variety for a card whose sex is hidden (Make-up has
    only Ladies); growth by the males' beanometer, a Lady's on top by hers (none for Make-up
    and Garden); the coins by beans of each variety up to all its cards."""
    b = LadyTraderBot(lp.load_game())
    assert b.lady_of["blue-lady"] and b.lady_of["makeup-lady"] and not b.lady_of["blue"]
    assert b.plain["blue"] == "blue" and b.plain["red"] == "red"
    assert b.plain["makeup"] == "makeup-lady"
    assert b.meters["blue"] == (4, 6, 8, 10) and b.meters["garden"] == (0, 2, 3, 0)
    assert b.meters["makeup"] == ()
    assert b.lady_meters["blue"] == (3, 5, 7, 9)
    assert "makeup" not in b.lady_meters and "garden" not in b.lady_meters
    assert b.pay["red"] == [0, 0, 1, 2, 3, 4, 4, 4, 4, 4]  # 9 Red cards
    assert b.pay["garden"] == [0, 0, 2, 3, 3, 3, 3]
    assert b.pay["makeup"] == [0] * 10


def test_the_bots_settings() -> None:
    game = lp.load_game()
    b = LadyTraderBot(game)
    assert (b.ratio_share, b.field_worth, b.steal_weight, b.swap_margin) == (0.5, 3.5, 1.0, 0.4)
    assert b.pass_size == 136.0 and b.ratio_pays is False
    assert (b._swaps, b._ctx, b._tables) == ((None, 0), None, None)
    b = bots.trader(game, alpha=0.5, swap_margin=1.0)
    assert isinstance(b, LadyTraderBot) and (b.alpha, b.swap_margin) == (0.5, 1.0)
    n = bots.notrade(game, field_worth=2.0)
    assert isinstance(n, LadyNoTradeBot) and n.field_worth == 2.0
    assert {"trader": bots.trader, "notrade": bots.notrade} == bots.BOTS


def test_a_field_as_the_simulation_reads_it() -> None:
    b = LadyTraderBot(lp.load_game())
    assert b.field_of([], True) == [None, 0, False, False, True]
    assert b.field_of([], False) == [None, 0, False, False, False]
    assert b.field_of(["blue", "blue-lady"], False) == ["blue", 2, True, True, False]
    assert b.field_of(["blue-lady", "blue", "blue"], True) == ["blue", 3, False, True, True]
    assert b.field_of(["red"], True) == ["red", 1, False, False, True]
    paying = LadyTraderBot(lp.load_game(ratio_males_pay=True))
    assert paying.field_of(["red"], True) == ["red", 1, False, False, False]
    assert paying.field_of([], True) == [None, 0, False, False, False]


@pytest.mark.parametrize(
    "change",
    [
        {"viewer": 1},
        {"ending": True},  # alpha and the game left
        {"stock": 50},  # the game left
        {"third": ["regular", None, None]},
        {"coins": [0, 1, 0]},
        {"steals": [0, 0, 1]},
        {"ratio_taken": True},
        {"fields": [[["makeup-lady"] * 3, []], [[], []], [[], []]]},  # unseen, Make-up, a thief
        {"fields": [[[], []], [["makeup-lady"], []], [[], []]]},  # her Make-up (she is no thief)
    ],
)
def test_the_valuation_caches_are_kept_while_their_numbers_stay(change: dict[str, Any]) -> None:
    """A decision with the same numbers as the bot's last one keeps its caches; any number
    the valuation reads changed starts them anew."""
    state = lp.load(coins=[1, 0, 0], rest="discard", fans=[["green"] * 6, ["red"] * 4])
    b = LadyTraderBot(state.game)
    first = bots._LadyCtx(b, state.view(0))
    first.evaluate([f("blue", 5), EMPTY], [], [])
    again = bots._LadyCtx(b, state.view(0))
    assert again._evals is first._evals and again._values is first._values
    assert again._cashes is first._cashes and again._pot is first._pot
    view = state.view(0)
    view.update(change)
    other = bots._LadyCtx(b, view)
    assert other._evals is not first._evals and other._evals == {}


def test_the_caches_start_anew_when_full() -> None:
    state = lp.load(rest="discard")
    b = LadyTraderBot(state.game)
    first = bots._LadyCtx(b, state.view(0))
    first._evals.update({i: 0.0 for i in range(bots.TABLE_LIMIT)})
    assert bots._LadyCtx(b, state.view(0))._evals is first._evals
    first._evals[-1] = 0.0
    assert bots._LadyCtx(b, state.view(0))._evals == {}


# -- deciding ----------------------------------------------------------------------------------


def test_planting_received_cards_lists_each_card_of_a_variety() -> None:
    """The engine takes any id of a variety to plant as the same move and lists one card of
    each kind: after each planting listed, the bot adds the same planting of the other kind of
    its variety (a male may go before a Lady), one card of each kind; a variety of one card
    gets none."""
    state = lp.load(phase="plant-trades", planted=1, rest="discard",
                    to_plant=[["chili-lady", "chili", "chili", "soy"], [], []],
                    fields=[[["chili"] * 3, []], [[], []], [[], []]])  # fmt: skip
    c = ctx(state)
    ids = [x["id"] for x in c.view["to_plant"][0]]
    other = {ids[0]: ids[1], ids[1]: ids[0]}  # the Lady's and the first male's
    legal = state.legal_actions(0)
    expected = []
    for a in legal:
        expected.append(a)
        if a.get("plant") in other:
            expected.append(Action(a, plant=other[a["plant"]]))
    assert c.bot._siblings(c, legal) == expected
    assert len(expected) == len(legal) + 4
    assert c.bot._card(c, ids[3]) == "soy"
    with pytest.raises(KeyError, match="10000"):
        c.bot._card(c, 10_000)  # no such card to plant: named in the error
    solo = ctx(duo(1, phase="leftover", offer_area=["soy"], rest="discard"))
    assert solo.bot._card(solo, solo.view["offer"][0]["id"]) == "soy"
    assert solo.bot._siblings(solo, [Action(end="x")]) == [Action(end="x")]


def test_an_unknown_phase_ends_something_else_takes_the_first() -> None:
    b = LadyTraderBot(lp.load_game())
    assert b._fallback([Action(harvest=0), Action(end="x"), Action(end="y")]) == {"end": "x"}
    assert b._fallback([Action(harvest=1), Action(harvest=0)]) == {"harvest": 1}


def test_quick_choices_are_made_quickly() -> None:
    """Make-up, steal, fan, rotation and swap choices come at once (0.1 s and a jitter under
    0.05); a harvest a little later."""
    choice = [{"beans": 5, "coin": "makeup"}, None, None, None]
    quick = [
        lp.load(players=4, active=1, coins=[0, 4, 3, 2], makeup_choice=choice, rest="discard"),
        lp.load(phase="steal", active=0, steals=[1, 0, 0], coins=[0, 2, 1], rest="discard"),
        fan_choice([["chili"] * 4, []]),
        swapping(JUNK, FIT),
    ]
    for state in quick:
        bot = LadyTraderBot(state.game)
        decision = guarded_decision(state, 0, Rng(5))
        assert bot.act(decision) is not None
        assert 0.1 <= bot.reaction_time(decision) < 0.15
    state = idle_buyer(ratio_taken=True, rest="stock")
    bot = LadyTraderBot(state.game)
    decision = guarded_decision(state, 0, Rng(5))
    assert bot.act(decision) == {"buy": "field"}
    assert 0.15 <= bot.reaction_time(decision) < 0.2
    # a finished field of a player waiting for her turn: harvested, a little later
    ripe = lp.load(active=1, hands=[["soy"], ["green"], []], rest="discard",
                   fields=[[["red"], ["blue"] * 5], [[], []], [[], []]])  # fmt: skip
    decision = guarded_decision(ripe, 0, Rng(5))
    assert bot.act(decision) == {"harvest": 1}
    assert 0.15 <= bot.reaction_time(decision) < 0.2


def test_a_player_with_nothing_to_do_in_trading_or_planting_waits() -> None:
    """Trading (nothing worth offering) and planting the traded cards (none of hers): a player
    with nothing to do waits, rather than take the first action listed (a harvest of 3 Blue
    paying nothing)."""
    fields = [[["blue"] * 3, []], [["green"] * 2, []], [["blue"] * 3, ["red"]]]
    trade = lp.load(phase="trade", planted=1, rest="discard", hands=[["blue"], ["green"], []],
                    offer_area=["soy"], fields=fields)  # fmt: skip
    assert Action(harvest=0) in trade.legal_actions(2)
    for cls in (LadyTraderBot, LadyNoTradeBot):
        assert act(trade, 2, cls) is None
    plant = lp.load(phase="plant-trades", planted=1, rest="discard", to_plant=[["soy"], [], []],
                    hands=[["blue"], ["green"], []], fields=fields)  # fmt: skip
    assert plant.legal_actions(2) == [Action(harvest=0)]
    assert act(plant, 2) is None


def test_while_another_player_steals_it_keeps_its_growing_fields() -> None:
    """In another player's steal (phase 4's coin, 3-5 players) a waiting player may only do
    what anyone may do at any time: harvest, or buy a 3rd field. Neither bot sells a growing
    field then (3 Blue and 1 Stink harvested would pay nothing); a field that pays and can
    hardly grow (2 Soy with the stock run out) it still takes."""
    growing = lp.load(phase="steal", active=0, steals=[1, 0, 0], coins=[0, 2, 1],
                      fields=[[[], []], [["blue"] * 3, ["stink"]], [[], []]])  # fmt: skip
    assert growing.legal_actions(1) and all("harvest" in a for a in growing.legal_actions(1))
    for cls in (LadyTraderBot, LadyNoTradeBot):
        assert act(growing, 1, cls) is None, cls.__name__
    assert "steal" in act(growing, 0)  # the stealer herself steals
    # a 3rd field for sale (3 coins) is an action of any time too: still nothing to do
    buyer = lp.load(phase="steal", active=0, steals=[1, 0, 0], coins=[0, 3, 1],
                    fields=[[[], []], [["blue"] * 3, ["stink"]], [[], []]])  # fmt: skip
    assert Action(buy="field") in buyer.legal_actions(1)
    for cls in (LadyTraderBot, LadyNoTradeBot):
        assert act(buyer, 1, cls) is None, cls.__name__
    ripe = lp.load(phase="steal", active=0, steals=[1, 0, 0], coins=[0, 2, 1], rest="discard",
                   fields=[[[], []], [["blue"] * 3, ["soy"] * 2], [[], []]])  # fmt: skip
    assert act(ripe, 1) == {"harvest": 1}
    # so in phase 5 (planting the traded cards) does the active player who has none left to
    # plant while another still plants: she waits with her growing fields
    planting = lp.load(phase="plant-trades", planted=1, active=0, to_plant=[[], ["soy"], []],
                       fields=[[["blue"] * 3, ["stink"]], [[], []], [[], []]])  # fmt: skip
    assert planting.legal_actions(0) and all("harvest" in a for a in planting.legal_actions(0))
    assert act(planting, 0) is None


# -- the finished field, the evaluation's player, the promises' terms (s19) ------------------------


@pytest.mark.parametrize(
    ("field", "hand", "stock", "finished"),
    [
        # a Lady below a male on top is no Lady on top: a Blue coming makes the field grow
        (["blue-lady"] + ["blue"] * 4, ["blue"], 0, False),
        # a Lady on top, 16 Blue unseen: the field would lose 0.27 (the male way on to 6)
        (["blue"] * 3 + ["blue-lady"], ["soy"], 16, False),  # another variety covers nothing
        (["blue"] * 3 + ["blue-lady"], ["blue-lady"], 16, False),  # a Lady keeps her worth
        # a male Blue coming would cover her: harvest, her 1 coin within 0.5 of the 1.27
        (["blue"] * 3 + ["blue-lady"], ["blue"], 16, True),
    ],
)
def test_only_a_male_of_her_variety_coming_hurries_a_ladys_harvest(
    field: list[str], hand: list[str], stock: int, finished: bool
) -> None:
    """``finished``: a field with a Lady on top and a male of her variety among the next
    cards is harvested while it pays within 0.5 of its worth (the male would cover her);
    with no such male coming it is finished only when waiting adds under 0.1."""
    c = table(stock_top=some(stock), hands=[hand, [], []],
              fields=[[field, []], [[], []], [[], []]])  # fmt: skip
    assert c.finished(0) is finished


@pytest.mark.parametrize(("alpha", "finished"), [(1.0, True), (2.0, False)])
def test_a_ladys_harvest_before_a_male_allows_half_a_coin_exactly(
    alpha: float, finished: bool
) -> None:
    """4 Chili with a Lady on top pay 1 by her beanometer; with all the unseen cards Chili
    the male way on to 6 Chili (2 coins) is worth 1 + alpha * 1/2. A male Chili coming: with
    alpha 1 the field is worth exactly 0.5 more than it pays, still finished; with alpha 2 a
    whole coin more, not finished."""
    state = lp.load(stock_top=["chili"] * 10, hands=[["chili"], [], []], rest="discard",
                    fields=[[["chili"] * 3 + ["chili-lady"], []], [[], []], [[], []]])  # fmt: skip
    c = ctx(state, bot={"alpha": alpha})
    field = c.lfields[0][0]
    assert (c.cash(field, 0), c.value(field, 0)) == (1.0, 1.0 + alpha / 2)
    assert c.finished(0) is finished


def test_the_evaluation_values_makeup_for_the_player_evaluated() -> None:
    """Make-up's worth depends on whose field it is (her 3rd field, whom she could rob):
    the evaluation for a player values her Make-up field that way in a forced harvest's
    choice and when a later Make-up bean grows it."""
    c = table(coins=[0, 1, 1], stock_top=["makeup"] * 2 + some(10))
    three, five = f("makeup", 3, True), f("blue", 5)
    # the Soy forces a harvest of the field that loses least: for player 0 the 5 Blue (0.53
    # of the way to 6 Blue, 10 unseen) rather than the Make-up (0.73 of the way to a coin
    # with a steal of players 1 and 2), for player 1 (who could rob player 2 only) the
    # Make-up (0.32)
    assert c.lost(five, 0) < c.lost(three, 0) and c.lost(three, 1) < c.lost(five, 1)
    assert c.evaluate([three, five], ["soy"], [], 0) == pytest.approx(
        c.cash(five, 0) + c.value(three, 0) + c.protection(0)
    )
    assert c.evaluate([three, five], ["soy"], [], 1) == pytest.approx(
        c.cash(three, 1) + c.value(five, 1)
    )
    # the Blue in front grows the Blue (no Blue unseen now: 6 pay 2, nothing to lose); of
    # the later cards the Soy finds no field (nothing lost) and the Make-up Lady grows the
    # Make-up field, a share 0.6 * 0.7 of its growth
    c = table(coins=[0, 1, 1], stock_top=["makeup"] * 2 + ["chili"] * 10)
    one, two = f("makeup", 1, True), f("makeup", 2, True)
    got = c.evaluate([one, f("blue", 5)], [], ["blue", "soy", "makeup-lady"])
    growth = 0.6 * 0.7 * (c.value(two, 0) - c.value(one, 0))
    assert growth > 0
    assert got == pytest.approx(c.value(one, 0) + 2.0 + c.protection(0) + growth)


def test_each_different_offer_asks_the_thief_for_her_promise_with_one_coin_to_lose() -> None:
    """One coin is a coin to lose; every different offer to a thief is sent once with the
    request for her promise."""
    c = sender([1, 1, 0], [0, 1, 0])
    sent: set[Any] = set()
    first = c.bot._send(sent, 1, GIVE, [])
    assert first is not None and first["offer"]["promises"] == {"receiver": "game"}
    other = c.bot._send(sent, 1, [("blue", "hand")], [])
    assert other is not None and other["offer"]["promises"] == {"receiver": "game"}
    again = c.bot._send(sent, 1, GIVE, [])
    assert again is not None and "promises" not in again["offer"]


def test_only_what_she_gives_is_marked_even_after_another_variety() -> None:
    """She holds a Lady and a male of Chili and of Soy; an offer wants her Soy: the engine
    lists the Chili's mark first, which is passed over, and the male Soy is marked to go
    first (no Soy field: one Soy Lady pays 1, a male nothing). An offer between two others
    that wants Soy takes nothing from her: no mark."""
    wants = {"from": 1, "to": 2, "give": [], "want": [lp.item("soy")]}
    state = give_first(["chili", "chili-lady", "soy", "soy-lady"], [["green"], []], wants)
    marks = [a for a in state.legal_actions(2) if "give_first" in a]
    names = dict(zip(state.view(2)["hand_ids"], state.view(2)["hand"], strict=True))
    assert [names[a["give_first"]] for a in marks] == ["chili", "soy"]
    assert act(state, 2, swap_margin=50.0) == marks[1]  # no swap of its hand for a fan
    others = {"from": 1, "to": 0, "give": [], "want": [lp.item("soy")]}
    state = give_first(["soy", "soy-lady", "green"], [["soy"] * 2, []], others)
    assert "give_first" not in (act(state, 2) or {})


def test_the_active_player_marks_a_card_of_her_offer_area() -> None:
    """The active player gives a Soy from her offer area, where a male Soy and a Soy Lady
    lie (she has no Soy field): the male, paying worse, is marked to go first."""
    gives = {"from": 2, "to": 1, "give": [lp.item("soy", source="offer")], "want": []}
    state = lp.load(phase="trade", active=2, planted=1, hands=[["red"], ["blue"], ["green"]],
                    offer_area=["soy", "soy-lady"], rest="discard",
                    fields=[[["blue"], []], [["soy"] * 2, []], [["green"], []]],
                    offers=[{"id": 1, **gives}], next_offer=2)  # fmt: skip
    male = state.view(2)["offer_area"][0]
    assert male["card"] == "soy"
    assert act(state, 2) == {"give_first": male["id"]}


def test_a_promise_is_weighed_on_every_offer_to_it() -> None:
    """An open offer of player 0 to another player comes first; the offer to player 1 asking
    her promise for her next steal (1.5) for the Red (+1.08) is still declined."""
    other = {"to": 2, "give": [], "want": [{"variety": "red", "count": 1, "from": "hand"}]}
    state = offer_to_1({"receiver": "next"}, RED, [], before=(other,))
    assert act(state, 1) == {"decline": 1}


@pytest.mark.parametrize(
    ("promises", "answer"),
    [
        ({"receiver": "next"}, "accept"),  # 1.08 + 0.5 against 1.5
        ({"receiver": "game"}, "decline"),  # against 1.5 + 2/3 * 0.6
    ],
)
def test_its_own_promise_costs_by_how_long_it_holds(promises: dict[str, str], answer: str) -> None:
    """The Red's score: +1 for her Red field, plus 0.2 (envy) of the 0.4 that player 0 loses
    by giving it; with a bias of 0.5 it pays for a promise for the next steal, not for one
    that holds for the game."""
    state = offer_to_1(promises, RED, [])
    assert act(state, 1, bias=0.5) == {answer: 1}


def red_score(c: bots._LadyCtx) -> float:
    """The Red offer's score for player 1, as ``trade`` works it out."""
    get = [("red", "offer")]
    return c.my_gain([], get) - c.bot.envy * c.their_gain(0, get, [])


def test_a_trade_its_promise_leaves_exactly_even_is_declined() -> None:
    """Score, promise and bias adding up to exactly 0 are no gain: declined (the same trade
    without the promise would be taken)."""
    state = offer_to_1({"receiver": "next"}, RED, [])
    c = ctx(state, 1)
    swing = 0.0
    swing -= c.promise_cost(0, "next")
    bias = -(red_score(c) + swing)
    assert bias > 0
    assert act(state, 1, bias=bias) == {"decline": 1}


def test_the_senders_promise_tips_a_trade_worth_exactly_nothing() -> None:
    """The Green for nothing scores exactly -1; with a bias of 1 the trade alone is worth
    nothing (declined without a promise), and his promise for the next steal makes it worth
    taking."""
    state = offer_to_1({"sender": "next"}, [], GREEN, fields1=[["green"] * 2, []])
    assert act(state, 1, bias=1.0) == {"accept": 1}
    plain = offer_to_1({}, [], GREEN, fields1=[["green"] * 2, []])
    assert act(plain, 1, bias=1.0) == {"decline": 1}


def test_a_trade_worth_taking_anyway_waits_for_the_best_offer() -> None:
    """Two offers to player 1: a Red for her Green with his promise (0.08, worth taking with
    a bias of 0.5 even without it) and a Red for nothing (1.08). The promise does not make her
    take the first; she takes the better one."""
    better = {"to": 1, "give": RED, "want": []}
    state = offer_to_1({"sender": "next"}, RED, GREEN, fields1=[["green"] * 2, ["red"]],
                       before=(better,))  # fmt: skip
    assert act(state, 1, bias=0.5) == {"accept": 2}


# -- the planting simulation and the ties of _choose (s19) ---------------------------------------


def test_a_second_card_is_planted_onto_its_field_after_an_empty_one() -> None:
    """The engine lists the empty field first; the second card goes only onto its own
    variety, and there it does as well as ending planting: it is planted (a planting wins a
    tie)."""
    state = planting(1, ["blue"], [[], ["blue"] * 3])
    assert state.legal_actions(0)[0] == {"field": 0, "plant": "front"}
    assert act(state, 0) == {"field": 1, "plant": "front"}


@pytest.mark.parametrize(
    ("hand", "mine", "third", "action"),
    [
        # the Red Lady on top of 2 Red: 3 Red pay 3 by her beanometer
        (["red-lady"], [["red"] * 2, []], None, {"field": 0, "plant": "front"}),
        # onto the Ratio Field of males: with her in it, it pays
        (["red-lady"], [["blue"], ["soy"], ["red"] * 2], "ratio", {"field": 2, "plant": "front"}),
        # a male onto the Ratio Field of males: it still pays nothing now (half its 2 coins),
        # and the Soy behind would take the empty field: better end planting
        (["red", "soy"], [["blue"], [], ["red"] * 2], "ratio", {"end": "planting"}),
        # 5 Blue pay as little as 4: the Soy behind would take the empty field (0.3)
        (["blue", "soy"], [["blue"] * 4, []], None, {"end": "planting"}),
    ],
)
def test_the_planting_simulation_puts_the_card_on_top(
    hand: list[str], mine: list[list[str]], third: str | None, action: dict[str, Any]
) -> None:
    """A planting is valued on the field as it will be: one bean more, the card's sex on top,
    a Lady in it once one is planted (the Ratio Field then pays)."""
    state = planting(1, hand, mine, third=[third, None, None])
    assert act(state, 0) == action


def test_a_card_planted_into_an_empty_field_gives_it_its_variety() -> None:
    """Phase 5: a Soy Lady (1 coin alone) and a Blue (onto 3 Blue): either order plants both.
    Planting the Soy Lady into the empty field first is valued with the field hers; it comes
    first in the list and wins the tie."""
    state = lp.load(phase="plant-trades", planted=1, rest="discard",
                    to_plant=[["soy-lady", "blue"], [], []],
                    fields=[[["blue"] * 3, []], [[], []], [[], []]])  # fmt: skip
    action = act(state, 0)
    assert action is not None and action["field"] == 1
    assert state.game.deck.kinds[action["plant"]].name == "soy-lady"


def test_a_makeup_harvest_is_valued_for_the_player_choosing() -> None:
    """3 Make-up beans harvested now would be a 3rd field for player 0 (1.17): the bot keeps
    them (their protection too) and ends planting rather than harvest them."""
    state = planting(1, ["soy"], [["makeup"] * 3, ["blue"]], coins=[0, 1, 1])
    assert Action(harvest=0) in state.legal_actions(0)
    assert act(state, 0) == {"end": "planting"}


def test_the_third_field_bought_while_planting_is_a_regular_one_once_the_ratio_is_taken() -> None:
    """With the Ratio Field taken, a 3rd field bought is a regular one: the 2 Garden in hand
    would grow there to 2 coins (not half of them), which with the field's worth beats its
    3 coins."""
    state = planting(1, ["garden", "garden"], [["blue"] * 2, ["red"] * 2], coins=[3, 0, 0],
                     ratio_taken=True, steals=[0, 0, 1], rest="stock",
                     fans=[["green"] * 6, ["soy"] * 4])  # fmt: skip
    assert act(state, 0) == {"buy": "field"}


def test_the_third_field_while_planting_costs_its_three_coins() -> None:
    """A thief near makes the field worth buying at any time (2.33 + 1 > 3), but while
    planting it is valued at its worth less the 3 coins: for the Soy in hand it is not worth
    it."""
    state = planting(1, ["soy"], [["blue"] * 2, ["red"] * 2], coins=[3, 0, 0],
                     ratio_taken=True, steals=[0, 0, 1])  # fmt: skip
    assert Action(buy="field") in state.legal_actions(0)
    assert act(state, 0) == {"end": "planting"}


@pytest.mark.parametrize("order", [["plant", "end"], ["end", "plant"]])
def test_of_equal_values_a_planting_wins_whatever_the_order(order: list[str]) -> None:
    """``_choose`` breaks a tie of values by the kind of move, not by the order listed: a
    planting first. The second Blue onto 3 Blue leaves the same fields as ending planting
    (the evaluation plants the front card then)."""
    state = planting(1, ["blue"], [["blue"] * 3, []])
    c = ctx(state)
    moves = {"plant": Action(field=0, plant="front"), "end": Action(end="planting")}
    chosen = c.bot._choose(c, [moves[k] for k in order], [], c.hand_k, True)
    assert chosen == moves["plant"]


@pytest.mark.parametrize(
    ("order", "chosen"),
    [
        (["buy", "end"], "buy"),  # the 3rd field and the end: the first listed
        (["end", "buy"], "end"),
        (["harvest", "end"], "end"),  # a harvest after those
        (["harvest", "buy"], "buy"),
    ],
)
def test_of_equal_values_a_harvest_comes_after_buying_or_ending(
    order: list[str], chosen: str
) -> None:
    """After a planting: buying the 3rd field, ending or taking (of these the first listed),
    then harvesting, then discarding. Nothing unseen, no bonus for an empty field and a 3rd
    field worth exactly its 3 coins (4.5 * 2/3, bought with a thief near): harvesting the 5
    Blue, buying and ending all leave 1 coin's worth."""
    state = planting(1, [], [["blue"] * 5, ["red"]], coins=[3, 0, 0], ratio_taken=True,
                     steals=[0, 0, 1])  # fmt: skip
    c = ctx(state, bot={"field_worth": 4.5, "empty": 0.0})
    moves = {
        "end": Action(end="planting"),
        "buy": Action(buy="field"),
        "harvest": Action(harvest=0),
    }
    assert set(moves.values()) <= set(state.legal_actions(0))
    assert c.bot._choose(c, [moves[k] for k in order], [], [], True) == moves[chosen]


def test_of_equal_values_a_take_wins_over_ending_the_taking() -> None:
    """2 players: the Soy Lady taken (1 coin in the empty field, less 0.1) against the
    empty field kept (a bonus of 0.9 here): equal, and the take is made."""
    state = duo(phase="take", hands=[["blue"], ["green"]], offer_area=["soy-lady"],
                fields=[[["blue"] * 3, []], [[], []]], rest="discard")  # fmt: skip
    assert state.legal_actions(0)[:2] == [Action(take="soy"), Action(end="taking")]
    assert act(state, 0, empty=0.9) == {"take": "soy"}
    assert act(state, 0, empty=1.0) == {"end": "taking"}


def test_of_equal_values_a_leftover_card_is_planted_by_a_harvest_not_discarded() -> None:
    """2 players, the leftover Soy fits no field and nothing is unseen: harvesting the 3 Blue
    (nothing) to plant it and discarding it are worth the same; the harvest wins the tie
    (the engine lists the discard first)."""
    state = duo(phase="leftover", hands=[["green"], ["blue"]], offer_area=["soy"],
                fields=[[["blue"] * 3, ["red"]], [[], []]], rest="discard")  # fmt: skip
    assert [next(iter(a)) for a in state.legal_actions(0)] == ["discard", "harvest"]
    assert act(state, 0) == {"harvest": 0}


def test_a_leftover_card_is_discarded_rather_than_cut_a_growing_field() -> None:
    """2 players: the leftover Stink fits no field; Blue and Red are still to come (3 Blue
    and 2 Red grow): it is discarded, without it the fields stay as they are."""
    state = duo(phase="leftover", hands=[["green"], ["blue"]], offer_area=["stink"],
                fields=[[["blue"] * 3, ["red"] * 2], [[], []]],
                stock_top=["blue"] * 6 + ["red"] * 3, rest="discard")  # fmt: skip
    stink = state.view(0)["offer"][0]["id"]
    assert act(state, 0) == {"discard": stink}


def test_solo_a_hand_card_discarded_counts_against_her() -> None:
    """Solo, planting: the Soy in front into the empty field (nothing now) against
    discarding it (the empty field kept: 0.3, less 0.4 for the card discarded and 0.2):
    she plants it."""
    state = duo(1, phase="plant", hands=[["soy", "blue", "stink"]],
                fields=[[["blue"] * 3, []]], rest="discard")  # fmt: skip
    assert act(state, 0) == {"field": 1, "plant": "front"}


def test_solo_taking_spares_every_card_taken_its_discard() -> None:
    """Solo: the two Stink left in the offer would be discarded next turn (0.4 each against
    her). Taking both (they take her empty field: 0.8 spared, less 0.1) beats harvesting her
    3 Blue for room (the empty field's 0.3); counted once for both it would not."""
    state = duo(1, phase="take", hands=[["soy"]], offer_area=["stink", "stink"],
                fields=[[["blue"] * 3, []]], rest="discard")  # fmt: skip
    assert act(state, 0) == {"take": "stink"}


def test_a_swap_must_gain_more_than_the_margin() -> None:
    """The fan of Blue and Chili for its junk hand gains exactly 1 coin's worth (nothing
    unseen): with a margin of 1 it keeps its hand, with a smaller one it swaps."""
    state = swapping(JUNK, FIT)
    c = ctx(state)
    fields, tp = c.my_fields(), c.plant_row(0)
    assert c.evaluate(fields, tp, FIT) - c.evaluate(fields, tp, JUNK) == 1.0
    assert act(state, 0, swap_margin=1.0) != {"swap": 1}
    assert act(state, 0, swap_margin=0.99) == {"swap": 1}
