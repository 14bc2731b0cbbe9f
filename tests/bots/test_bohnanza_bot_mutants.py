"""Bohnanza's trader and notrade bots, rule by rule (mutation tests of games/bohnanza/bots.py).

The bots' heuristic is their spec: the module docstring's valuation (a field's *potential* is
its coins now plus ``alpha`` times the reach-weighted share of the way to its next beanometer
tier; a forced harvest takes the field that loses least; the hand's later cards add a fading
share) and the choices it names (what is planted, harvested, bought, offered, accepted). Each
test builds a position by hand with ``bohnanza_positions`` and checks one of them. Most
positions put every card not named under the discard pile (``rest="discard"``): the viewer has
seen it, so the beans still unseen are exactly the stock's top cards and the others' hands, and
the arithmetic comes out exact. Every game and view is built inside its test: mutmut picks the
tests to run against a mutant by the calls made inside them.
"""

from __future__ import annotations

import weakref
from typing import Any

import bohnanza_positions as bp
import pytest
from bot_guard import Guarded, guarded_decision

from spieltisch.bots import Decision
from spieltisch.core import Action, Rng
from spieltisch.games.bohnanza import bots
from spieltisch.games.bohnanza.bots import NoTradeBot, TraderBot

# 50 unseen beans: 2 blue, every coffee and wax, 2 garden
STOCK = ["blue"] * 2 + ["coffee"] * 24 + ["wax"] * 22 + ["garden"] * 2
# 46 unseen beans: the same less 4 coffee (for a coffee field)
FEWER = ["blue"] * 2 + ["coffee"] * 20 + ["wax"] * 22 + ["garden"] * 2


def table(viewer: int = 0, cls: type = TraderBot, bot: dict[str, Any] | None = None, **kw: Any):
    """The bot, its decision context for ``viewer`` and the state of a hand-made position
    (3 players; every card not named lies under the discard pile unless ``rest`` says so)."""
    kw.setdefault("rest", "discard")
    state = bp.load(**kw)
    b = cls(state.game, **(bot or {}))
    return b, bots._Ctx(b, state.view(viewer)), state


def plain(**kw: Any):
    """A context whose unseen beans are ``STOCK``."""
    kw.setdefault("stock_top", STOCK)
    return table(**kw)[1]


def act(state: Any, player: int, cls: type = TraderBot, **bot: Any) -> Action | None:
    return cls(state.game, **bot).act(guarded_decision(state, player, Rng(5)))


# -- what the context reads off the view -------------------------------------------------------


def test_alpha_full_before_the_second_pass_and_nothing_once_the_game_ends() -> None:
    """``alpha`` (the share of the way to the next tier that counts) is the bot's own until
    the stock has run out twice, 0 once the game is ending."""
    assert plain().alpha == 0.8
    assert plain(bot={"alpha": 0.5}).alpha == 0.5
    assert plain(exhausted=1, stock_top=["blue"] * 3).alpha == 0.8
    assert plain(ending=True).alpha == 0.0


@pytest.mark.parametrize(
    ("stock", "alpha"),
    [
        (9, 0.8 * 9 / 15 / 3),  # 9 cards, 3 players: 0.6 turns left, a fifth of three
        (30, 0.8 * 30 / 15 / 3),  # 2 turns left
        (60, 0.8),  # 4 turns left: capped at the full share
    ],
)
def test_alpha_fades_with_the_turns_left_in_the_last_pass(stock: int, alpha: float) -> None:
    """In the third pass ``alpha`` shrinks with the turns left (stock / 5 cards a turn for
    each player) once fewer than three are left."""
    c = plain(exhausted=2, stock_top=STOCK[:stock])
    assert c.alpha == pytest.approx(alpha)


def test_the_view_is_read_as_varieties() -> None:
    """Fields as [variety, beans], hand, turned-up cards and cards to plant as varieties."""
    c = plain(
        stock_top=[],
        phase="plant-trades",
        planted=1,
        hands=[["soy", "red"], ["blue"], []],
        fields=[[["red", "red"], []], [[], ["wax"]], [["chili"] * 3, []]],
        to_plant=[["coffee"], [], ["stink", "stink"]],
    )
    assert c.fields == [[["red", 2], [None, 0]], [[None, 0], ["wax", 1]], [["chili", 3], [None, 0]]]
    assert c.hand == c.hand_k == ["soy", "red"]
    assert c.to_plant == c.to_plant_k == [["coffee"], [], ["stink", "stink"]]
    assert (c.me, c.n, c.active, c.phase) == (0, 3, 0, "plant-trades")
    trade = plain(
        stock_top=[],
        phase="trade",
        planted=1,
        offer_area=["chili", "blue"],
        hands=[["soy"], [], []],
        viewer=2,
    )
    assert trade.offer_area == trade.offer_k == ["chili", "blue"]
    assert (trade.me, trade.active) == (2, 0)


def test_unseen_beans_are_the_deck_less_every_card_in_sight() -> None:
    """Seen: the viewer's hand, the turned-up cards, cards to plant, the discard pile and every
    field; the others' hands and the stock are not."""
    _, c, _ = table(
        phase="trade",
        planted=1,
        rest="stock",
        hands=[["soy", "soy"], ["blue", "blue", "blue"], []],
        offer_area=["soy", "red"],
        to_plant=[[], ["red"], []],
        discard=["soy", "red", "cocoa"],
        fields=[[["soy"], ["red"]], [["soy", "soy"], []], [[], ["cocoa"]]],
    )
    totals = bp.load().game.deck.kinds
    assert c.unseen["soy"] == 12 - 7
    assert c.unseen["red"] == 8 - 4
    assert c.unseen["cocoa"] == 4 - 2
    assert c.unseen["blue"] == 20  # in another hand: not seen
    assert c.unseen_total == len(totals) - 7 - 4 - 2


def test_unseen_total_is_never_zero() -> None:
    """With every card seen the total counts as 1 (it divides)."""
    c = plain(stock_top=[])
    assert set(c.unseen.values()) == {0}
    assert c.unseen_total == 1


# -- coins and potential --------------------------------------------------------------------------


def test_coins_by_the_beanometer_and_the_last_tier_beyond_the_table() -> None:
    c = plain()
    assert [c.coins("red", k) for k in range(6)] == [0, 0, 1, 2, 3, 4]
    assert c.coins("red", 9) == 4  # more beans than red cards exist: the top tier
    assert c.coins("cocoa", 5) == 4  # cocoa's 4 cards reach its top tier only with the last
    assert c.coins("garden", 2) == 2 and c.coins("garden", 1) == 0


@pytest.mark.parametrize(
    ("variety", "beans", "value"),
    [
        # blue (4, 6, 8, 10), 2 of 50 unseen; reach = 2 * 12 / (50 * missing)
        ("blue", 4, 1 + 0.8 * 0.24 * 1 * (1 / 3)),  # at tier 1: (4-4+1)/(6-4+1) of the way
        ("blue", 5, 1 + 0.8 * 0.48 * 1 * (2 / 3)),  # one bean short of tier 2
        ("blue", 2, 0.8 * 0.24 * 1 * (2 / 4)),  # half way to tier 1
        ("blue", 1, 0.0),  # 3 beans missing, 2 unseen: out of reach
        ("coffee", 3, 0.8 * 1.0 * 1 * (3 / 4)),  # 24 unseen: reach capped at 1
        # garden (–, 2, 3, –): no first tier; 1 bean is half way to tier 2's 2 coins
        ("garden", 1, 0.8 * 0.48 * 2 * (1 / 2)),
        ("garden", 2, 2 + 0.8 * 0.48 * 1 * (1 / 2)),
        ("garden", 3, 3.0),  # no tier beyond
        ("red", 5, 4.0),  # the top tier: nothing more to reach
        ("red", 0, 0.0),
        (None, 3, 0.0),
    ],
)
def test_potential_is_coins_now_and_a_share_of_the_next_tier(
    variety: str | None, beans: int, value: float
) -> None:
    """The docstring's potential: coins now plus alpha * reach * (next tier - coins now) *
    the share of the way there (counted from the tier reached, one step more once at one)."""
    c = plain()
    assert c.potential(variety, beans) == pytest.approx(value)
    assert c.potential(variety, beans) == pytest.approx(value)  # the cached answer too


def test_potential_without_alpha_is_the_coins() -> None:
    c = plain(ending=True)
    assert c.potential("blue", 2) == 0.0
    assert c.potential("blue", 5) == 1.0


def test_reach_counts_the_bots_horizon() -> None:
    """reach = unseen of the variety * horizon / (unseen in all * beans missing), at most 1."""
    c = plain(bot={"horizon": 6.0})
    assert c.potential("blue", 5) == pytest.approx(1 + 0.8 * 0.24 * (2 / 3))


def test_loss_is_potential_beyond_the_coins() -> None:
    c = plain()
    assert c.loss(["blue", 4]) == pytest.approx(0.8 * 0.24 / 3)
    assert c.loss(["blue", 4]) == pytest.approx(0.8 * 0.24 / 3)
    assert c.potential("blue", 4) == pytest.approx(1 + 0.8 * 0.24 / 3)  # cached apart
    assert c.loss(["red", 5]) == 0.0
    assert c.loss([None, 0]) == 0.0
    assert c.loss(["coffee", 3]) == pytest.approx(0.6)


# -- the simulation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "bean", "after", "coins"),
    [
        # a field of its variety grows, even behind an empty one
        ([[None, 0], ["soy", 2]], "soy", [[None, 0], ["soy", 3]], 0.0),
        # else the first empty field
        ([["red", 1], [None, 0], [None, 0]], "soy", [["red", 1], ["soy", 1], [None, 0]], 0.0),
        # else a forced harvest of the field that loses least: blue (at a tier, 2 unseen)
        ([["blue", 4], ["coffee", 3]], "red", [["red", 1], ["coffee", 3]], 1.0),
        ([["coffee", 3], ["blue", 4]], "red", [["coffee", 3], ["red", 1]], 1.0),
        # a single bean is not harvested while a field holds more
        ([["blue", 1], ["coffee", 3]], "red", [["blue", 1], ["red", 1]], 0.0),
        ([["blue", 1], ["coffee", 2]], "red", [["blue", 1], ["red", 1]], 0.0),
        # all single beans: the one that loses least (blue is out of reach, coffee is not)
        ([["coffee", 1], ["blue", 1]], "red", [["coffee", 1], ["red", 1]], 0.0),
    ],
)
def test_place_grows_starts_or_forces_the_cheapest_harvest(
    fields: list, bean: str, after: list, coins: float
) -> None:
    c = plain()
    sim = [list(f) for f in fields]
    assert c._place(sim, bean) == coins
    assert sim == after


def test_a_forced_harvest_between_equal_losses_takes_the_richer_field() -> None:
    """Without alpha every loss is 0: the field paying more coins goes."""
    c = plain(ending=True)
    sim = [["soy", 2], ["red", 5], ["blue", 3]]
    assert c._place(sim, "wax") == 4.0
    assert sim == [["soy", 2], ["wax", 1], ["blue", 3]]


@pytest.mark.parametrize(
    ("fields", "to_plant", "hand", "value"),
    [
        # red 4 pays 3, and an empty field is worth 0.3
        ([["red", 4], [None, 0]], [], [], 3.3),
        # the front red and the red behind it (it fits): red 4; soy may take the empty field
        ([["red", 2], [None, 0]], [], ["red", "red", "soy"], 3.3),
        # the front soy takes the empty field; the red behind it fits: red 3 pays 2
        ([["red", 2], [None, 0]], [], ["soy", "red"], 2.0),
        # the soy behind does not fit: it is left to the outlook, which costs the least loss (0)
        ([["red", 2], [None, 0]], [], ["red", "soy", "red"], 2.0 + 0.3 + 0.6 * 0 + 0.42 * 1),
        # blue (twice) first, then soy forces the red 3 (2 coins) to go
        ([["red", 3], [None, 0]], ["soy", "blue", "blue"], [], 2.0),
        # cards to plant that fit come first: red 4 (3 coins), then wax on the empty field
        ([["red", 3], [None, 0]], ["wax", "red"], [], 3.0),
        # red 3 (2 coins) is forced out by the blue after the red grew it (a blue first would
        # force red 2 out for 1 coin, and the red would then push out the blue for nothing)
        ([["red", 2], ["soy", 1]], ["blue", "red"], [], 2.0),
        # two forced harvests of 1 coin each, both counted
        ([["red", 2], ["soy", 2]], ["blue", "wax"], [], 2.0),
        # one forced by a card to plant, one by the front card
        ([["red", 2], ["soy", 2]], ["blue"], ["wax"], 2.0),
        # the front wax forces red 2 out (1 coin); the wax behind it grows the new wax field
        ([["red", 2], ["soy", 2]], [], ["wax", "wax"], 1.0 + 1.0),
        # red 3 and 4 planted; the third red is the outlook's: red 4 -> 5 is a coin, at 0.6
        ([["red", 2], ["soy", 1]], [], ["red", "red", "red"], 3.0 + 0.6),
        # the outlook: the first soy takes the free field, the second grows it to a coin (0.42)
        ([["coffee", 3], [None, 0]], [], ["coffee", "soy", "soy"], 1.0 + 0.3 + 0.6 * 0.7 * 1),
        # one free field only: the reds behind the soy cost the least loss (0) and grow nothing
        ([["coffee", 3], [None, 0]], [], ["coffee", "soy", "red", "red"], 1.0 + 0.3),
        # two free fields (a 3rd field): the soy takes one, the first red the other, and the
        # second red grows it to a coin (0.6 * 0.7 ** 2)
        (
            [[None, 0], [None, 0], [None, 0]],
            [],
            ["coffee", "soy", "red", "red"],
            0.3 * 2 + 0.6 * 0.7**2 * 1,
        ),
    ],
)
def test_evaluate_plants_what_must_be_planted_then_the_hand(
    fields: list, to_plant: list, hand: list, value: float
) -> None:
    """Without alpha (the game is ending) a position is worth its coins (harvested or on the
    fields), 0.3 an empty field and the outlook of the later hand cards."""
    c = plain(ending=True)
    before = [list(f) for f in fields]
    assert c.evaluate(fields, to_plant, hand) == pytest.approx(value)
    assert c.evaluate(fields, to_plant, hand) == pytest.approx(value)  # cached
    assert fields == before  # the fields given are not planted on


def test_cards_to_plant_of_a_variety_in_two_go_before_a_single_one() -> None:
    """Neither red nor soy has a field: the two reds first (onto the empty field), then the
    soy forces the field that loses least out: red 2 (1 coin, out of reach) rather than wax
    2 (0.4 short of its tier). The single soy first would force wax 2 out instead."""
    c = plain()
    wax2 = 0.8 * 1.0 * (2 / 4)
    value = c.evaluate([[None, 0], ["wax", 2]], ["soy", "red", "red"], [])
    assert value == pytest.approx(1 + wax2)


def test_evaluate_counts_potential_and_the_least_loss_in_the_outlook() -> None:
    """With alpha: blue 4 and coffee 3 are worth their potential; a later card that fits
    nothing costs the least a field would lose (blue's 0.064)."""
    c = plain()
    fields = [["blue", 4], ["coffee", 3]]
    blue4, coffee3 = 1 + 0.8 * 0.24 / 3, 0.6
    assert c.evaluate(fields, [], []) == pytest.approx(blue4 + coffee3)
    # front coffee grows coffee 3 -> 4; the wax behind fits nothing: 0.6 times the least loss
    coffee4 = 1 + 0.8 * 1.0 * (1 / 4)
    assert c.evaluate(fields, [], ["coffee", "wax"]) == pytest.approx(
        blue4 + coffee4 - 0.6 * (0.8 * 0.24 / 3)
    )


def test_an_empty_field_loses_nothing_so_the_least_loss_is_nought() -> None:
    """Blue 4 grows to 5 (0.256 short of its next tier: its loss); the soy behind takes the
    empty field, and the red after it costs the least a field would lose: the empty field's
    nothing, not blue's 0.256."""
    c = plain()
    blue5 = 1 + 0.8 * (2 * 12 / (50 * 1)) * (2 / 3)
    value = c.evaluate([["blue", 4], [None, 0]], [], ["blue", "soy", "red"])
    assert value == pytest.approx(blue5 + 0.3)


def test_outlook_grows_starts_or_costs_with_fading_weight() -> None:
    """Each later card grows its field (the potential's step), takes a free field, or costs
    the least loss; the weight starts at ``later`` (0.6) and falls by 0.7 a card."""
    c = plain(ending=True)
    grow = {"blue": 3}
    # blue 3 -> 4 pays a coin (0.6), blue 4 -> 5 nothing, soy takes the free field,
    # coffee costs 0.5 at weight 0.6 * 0.7 ** 3
    got = c.outlook(["blue", "blue", "soy", "coffee"], grow, 1, 0.5)
    assert got == pytest.approx(0.6 * 1 + 0 + 0 - 0.6 * 0.7**3 * 0.5)
    assert grow == {"blue": 5, "soy": 1}


def test_outlook_reads_five_cards_at_most() -> None:
    c = plain(ending=True, bot={"later": 0.5})
    got = c.outlook(["coffee"] * 7, {}, 0, 1.0)
    assert got == pytest.approx(-0.5 * sum(0.7**i for i in range(5)))


def test_the_valuation_tables_are_shared_while_the_numbers_stay() -> None:
    """A second decision with the same unseen beans and alpha keeps the caches; a different
    one (or too big a cache) starts anew."""
    b, c, state = table(stock_top=STOCK)
    c.potential("blue", 4)
    again = bots._Ctx(b, state.view(0))
    assert again._pot is c._pot and again._evals is c._evals
    other = bots._Ctx(b, bp.load(rest="discard", stock_top=STOCK[1:]).view(0))
    assert other._pot is not c._pot and other._evals is not c._evals
    assert other._pot == {}
    late = bots._Ctx(b, bp.load(rest="discard", stock_top=STOCK[1:], ending=True).view(0))
    assert late._pot is not other._pot
    late._evals.update((("filler", i), 0.0) for i in range(bots.TABLE_LIMIT))
    view = bp.load(rest="discard", stock_top=STOCK[1:], ending=True).view(0)
    assert bots._Ctx(b, view)._evals is late._evals  # at the limit: kept
    late._evals[("filler", -1)] = 0.0
    assert bots._Ctx(b, view)._evals == {}  # past it: anew
    assert bots.TABLE_LIMIT == 20_000


# -- gains --------------------------------------------------------------------------------------


def test_plant_row_is_the_cards_to_plant_and_for_the_trader_the_turned_up_ones() -> None:
    c = plain(
        stock_top=[],
        phase="trade",
        planted=1,
        hands=[["soy"], ["red"], []],
        offer_area=["chili", "blue"],
        to_plant=[["wax"], ["stink"], []],
    )
    assert c.plant_row(0) == ["wax", "chili", "blue"]
    assert c.plant_row(1) == ["stink"]
    assert c.to_plant_k[0] == ["wax"]  # not changed by the call
    later = plain(stock_top=[], phase="plant-trades", planted=1, to_plant=[["wax"], [], []])
    assert later.plant_row(0) == ["wax"]


def test_my_gain_gives_the_rearmost_hand_card_and_refuses_what_is_not_held() -> None:
    c = plain(
        phase="trade",
        planted=1,
        hands=[["soy", "red", "soy"], [], []],
        offer_area=["chili"],
        fields=[[["soy"], ["red"]], [[], []], [[], []]],
    )
    base = c.evaluate(c.my_fields(), ["chili"], ["soy", "red", "soy"])
    assert c.base() == base
    assert c.my_gain([("soy", "hand")], []) == pytest.approx(
        c.evaluate(c.my_fields(), ["chili"], ["soy", "red"]) - base
    )
    assert c.my_gain([("chili", "offer")], [("wax", "hand")]) == pytest.approx(
        c.evaluate(c.my_fields(), ["wax"], ["soy", "red", "soy"]) - base
    )
    assert c.my_gain([("blue", "hand")], []) == -99.0
    assert c.my_gain([("soy", "offer")], []) == -99.0
    assert c.my_gain([("soy", "hand")] * 3, []) == -99.0


def test_their_gain_ignores_their_hand_and_takes_turned_up_cards_they_give() -> None:
    c = plain(
        phase="trade",
        planted=1,
        hands=[["soy"], ["red", "red"], ["red"]],
        offer_area=["chili", "blue"],
        fields=[[[], []], [["red"] * 2, ["blue"]], [["chili"], []]],
        viewer=1,
    )
    f0 = c.fields[0]
    # the active player gives the blue it must plant and gets a red
    assert c.their_gain(0, [("blue", "offer")], [("red", "hand")]) == pytest.approx(
        c.evaluate(f0, ["chili", "red"], []) - c.evaluate(f0, ["chili", "blue"], [])
    )
    f2 = c.fields[2]
    assert c.their_gain(2, [("red", "hand")], [("chili", "offer")]) == pytest.approx(
        c.evaluate(f2, ["chili"], []) - c.evaluate(f2, [], [])
    )
    assert c.their_gain(2, [("red", "offer")], []) == 0.0
    assert c.their_gain(0, [("chili", "hand")], []) == 0.0  # a hand card: not one to plant


@pytest.mark.parametrize(
    ("field", "hand", "to_plant", "done"),
    [
        (["red"] * 5, ["soy"], [], True),  # the top tier
        (["blue"] * 4, ["soy"], [], True),  # next tier worth 0.8 * 24 / 92 / 3 < 0.1
        (["coffee"] * 4, ["soy"], [], False),  # next tier still worth 0.2
        (["blue"] * 3, ["soy"], [], False),  # pays nothing
        ([], ["soy"], [], False),
        (["red"] * 5, ["soy", "soy", "red"], [], False),  # a red is coming
        (["red"] * 5, ["soy", "soy", "soy", "red"], [], True),  # too far back to count
        (["red"] * 5, ["soy"], ["red"], False),  # a red is to be planted
    ],
)
def test_a_field_is_finished_when_it_pays_and_more_beans_hardly_add(
    field: list, hand: list, to_plant: list, done: bool
) -> None:
    c = plain(
        stock_top=FEWER,
        phase="plant-trades",
        planted=1,
        hands=[hand, [], []],
        to_plant=[to_plant, [], []],
        fields=[[field, []], [[], []], [[], []]],
    )
    assert c.finished(0) is done


def test_items_and_json_are_each_others_inverse() -> None:
    raw = [
        {"variety": "soy", "count": 2, "from": "hand"},
        {"variety": "blue", "count": 1, "from": "offer"},
    ]
    items = bots._items(raw)
    assert items == [("soy", "hand"), ("soy", "hand"), ("blue", "offer")]
    assert bots._json(items) == sorted(raw, key=lambda x: (x["variety"], x["from"]))


# -- the shared deck tables ----------------------------------------------------------------------


class _Deck:
    """Stands in for a deck: weak-referable, holds a dict."""

    def __init__(self) -> None:
        self.data: dict[str, int] = {}


def test_deck_memo_builds_once_per_deck_and_name_and_forgets_a_collected_deck() -> None:
    built: list[Any] = []

    def build(d: Any) -> int:
        built.append(d)
        return len(built)

    deck = _Deck()
    assert bots.deck_memo(deck, "t", build) == 1
    assert bots.deck_memo(deck, "t", build) == 1
    assert bots.deck_memo(deck, "u", build) == 2
    key = (id(deck), "t")
    assert key in bots._DECK_MEMO
    built.clear()
    del deck  # its last reference: collected at once
    assert key not in bots._DECK_MEMO and (key[0], "u") not in bots._DECK_MEMO


def test_forget_keeps_a_newer_decks_tables() -> None:
    old, new = _Deck(), _Deck()
    key = (12345, "t")
    bots._DECK_MEMO[key] = (weakref.ref(new), "new")
    bots._forget(key, weakref.ref(old))  # an older deck's reference: the entry stays
    assert bots._DECK_MEMO[key][1] == "new"
    bots._forget(key, bots._DECK_MEMO[key][0])
    assert key not in bots._DECK_MEMO


def test_deck_tables_list_variety_beanometer_count_and_coins() -> None:
    kind_of, meters, totals, pay = bots._deck_tables(bp.load_game().deck)
    assert kind_of["coffee"] == "coffee" and set(kind_of.values()) == set(bp.VARIETIES)
    assert meters["red"] == (2, 3, 4, 5) and meters["garden"] == (0, 2, 3, 0)
    assert totals["cocoa"] == 4 and totals["coffee"] == 24
    assert pay["red"] == [0, 0, 1, 2, 3, 4, 4, 4, 4]


def test_the_bots_parameters() -> None:
    game = bp.load_game()
    b = TraderBot(game)
    assert (b.alpha, b.buy_pass, b.bias, b.empty, b.later, b.horizon, b.envy) == (
        0.8,
        1,
        0.02,
        0.3,
        0.6,
        12.0,
        0.2,
    )
    assert b.trades and not NoTradeBot(game).trades
    assert (b.name, NoTradeBot(game).name, bots.STRONGEST) == ("trader", "notrade", "trader")
    assert isinstance(bots.trader(game, alpha=0.4), TraderBot)
    assert bots.trader(game, alpha=0.4).alpha == 0.4
    assert type(bots.notrade(game, envy=0.1)) is NoTradeBot
    assert bots.notrade(game, envy=0.1).envy == 0.1


# -- planning a decision ------------------------------------------------------------------------


def test_no_legal_action_means_no_action_and_the_idle_time() -> None:
    state = bp.load()
    d = Decision(1, state.view(1), [], Rng(1), Guarded())  # type: ignore[arg-type]
    b = TraderBot(state.game)
    assert b.act(d) is None
    assert b.reaction_time(d) == bots.IDLE == 9.0


def test_a_decision_is_planned_once_and_timed_with_a_little_jitter() -> None:
    """The action and its time come from one plan (memo by the decision); a planting takes
    FAST plus up to 0.05 s of jitter drawn from the decision's generator."""
    state = bp.load(hands=[["soy"], [], []], planted=0)
    d = guarded_decision(state, 0, Rng(7))
    b = TraderBot(state.game)
    action = b.act(d)
    assert action == {"plant": "front", "field": 0}
    assert b.reaction_time(d) == pytest.approx(bots.FAST + 0.05 * Rng(7).random())
    d.legal = []  # the plan is not made again
    assert b.act(d) == action
    again = guarded_decision(state, 0, Rng(7))
    again.legal = []
    assert b.act(again) is None


def test_no_action_has_no_jitter() -> None:
    state = bp.load(
        active=1, hands=[["soy"], ["red"], []], fields=[[["wax"] * 2, []], [[], []], [[], []]]
    )
    d = guarded_decision(state, 0, Rng(3))
    b = TraderBot(state.game)
    assert b.act(d) is None and d.legal
    assert b.reaction_time(d) == 9.0


# -- planting, harvesting, buying ------------------------------------------------------------------


def test_the_front_card_goes_on_the_field_that_evaluates_best() -> None:
    """Soy on the empty field, not on the red field it would force to be harvested."""
    state = bp.load(hands=[["soy", "red"], [], []], fields=[[["red"] * 3, []], [[], []], [[], []]])
    assert act(state, 0) == {"plant": "front", "field": 1}
    assert act(state, 0, NoTradeBot) == {"plant": "front", "field": 1}


def test_the_second_card_only_onto_a_field_of_its_variety() -> None:
    """After the first planting a soy does not start the empty field: planting ends."""
    state = bp.load(
        planted=1, hands=[["soy", "red"], [], []], fields=[[["red"] * 3, []], [[], []], [[], []]]
    )
    assert {"plant": "front", "field": 1} in state.legal_actions(0)
    assert act(state, 0) == {"end": "planting"}
    fits = bp.load(
        planted=1, hands=[["red", "soy"], [], []], fields=[[["red"] * 3, []], [[], []], [[], []]]
    )
    assert act(fits, 0) == {"plant": "front", "field": 0}


def test_a_zero_coin_harvest_only_when_nothing_can_be_planted() -> None:
    """A wax 2 field pays nothing: while the coffee can go on a field it is not harvested."""
    state = bp.load(
        phase="plant-trades",
        planted=1,
        to_plant=[["coffee"], [], []],
        fields=[[["wax"] * 2, []], [[], []], [[], []]],
        hands=[["soy"], [], []],
    )
    legal = state.legal_actions(0)
    assert {"harvest": 0} in legal
    assert act(state, 0) == {"plant": legal[0]["plant"], "field": 1}


def test_received_cards_go_where_they_fit() -> None:
    """A received red joins the red field rather than starting the empty one."""
    state = bp.load(
        phase="plant-trades",
        planted=1,
        to_plant=[["red"], [], []],
        fields=[[["red"] * 2, []], [[], []], [[], []]],
        hands=[["soy"], [], []],
    )
    got = act(state, 0)
    assert got is not None and got["field"] == 0 and "plant" in got


def test_the_third_field_is_bought_in_the_first_pass_only() -> None:
    """With 3 coins and two crowded fields the bot buys the 3rd field before planting: in the
    first pass through the stock (``buy_pass`` 1), never once the game is ending."""
    kw: dict[str, Any] = {
        "hands": [["soy", "wax"], [], []],
        "fields": [[["red"] * 3, ["blue"] * 3], [[], []], [[], []]],
        "coins": [3, 0, 0],
    }
    assert act(bp.load(**kw), 0) == {"buy": "field"}
    later = bp.load(exhausted=1, **kw)
    assert {"buy": "field"} in later.legal_actions(0)
    assert act(later, 0) != {"buy": "field"}
    assert act(later, 0, buy_pass=2) == {"buy": "field"}
    ending = bp.load(exhausted=1, ending=True, **kw)
    assert act(ending, 0, buy_pass=2) != {"buy": "field"}


def test_a_forced_harvest_takes_the_field_that_loses_least() -> None:
    state = bp.load(
        hands=[["stink", "soy"], [], []],
        fields=[[["coffee"] * 3, ["red"] * 5], [[], []], [[], []]],
        stock_top=FEWER,
        rest="discard",
    )
    assert act(state, 0) == {"harvest": 1}


def test_out_of_turn_only_a_finished_field_is_harvested() -> None:
    state = bp.load(
        active=1,
        hands=[["soy"], ["coffee"], []],
        fields=[[["wax"] * 2, ["red"] * 5], [[], []], [[], []]],
    )
    assert act(state, 0) == {"harvest": 1}
    b = TraderBot(state.game)
    assert b.reaction_time(guarded_decision(state, 0, Rng(1))) >= bots.HARVEST
    waiting = bp.load(
        phase="plant-trades",
        planted=1,
        active=1,
        hands=[["soy"], ["coffee"], []],
        fields=[[["wax"] * 2, ["red"] * 5], [[], []], [[], []]],
    )
    assert act(waiting, 0) == {"harvest": 1}


# -- trading --------------------------------------------------------------------------------------


def trade_table(**kw: Any):
    args: dict[str, Any] = {
        "phase": "trade",
        "planted": 1,
        "hands": [["soy", "coffee"], ["blue", "wax"], ["red"]],
        "offer_area": ["chili", "blue"],
        "fields": [[["soy"] * 2, []], [["blue"] * 3, ["wax"]], [["chili"] * 2, []]],
    }
    args.update(kw)
    return bp.load(**args)


def test_notrade_declines_everything_and_ends_its_phase_at_once() -> None:
    state = trade_table(offers=[offer(1, 0, 1, [BLUE], [])], next_offer=2)
    assert act(state, 1, NoTradeBot) == {"decline": 1}
    assert act(trade_table(), 0, NoTradeBot) == {"end": "trading"}
    assert act(trade_table(), 1, NoTradeBot) is None


def test_notrade_harvests_a_finished_field_before_ending_the_phase() -> None:
    state = trade_table(fields=[[["soy"] * 2, ["red"] * 5], [[], []], [[], []]])
    assert act(state, 0, NoTradeBot) == {"harvest": 1}


def offer(ident: int, sender: int, to: int, give: list, want: list) -> dict[str, Any]:
    """An open offer of the position format: (variety, "hand" | "offer") pairs."""

    def items(pairs: list) -> list[dict[str, Any]]:
        return [
            {"variety": v, "count": pairs.count((v, s)), "from": s} for v, s in dict.fromkeys(pairs)
        ]

    return {"id": ident, "from": sender, "to": to, "give": items(give), "want": items(want)}


def proposals(state: Any, player: int, **bot: Any) -> list[tuple[Action | None, float]]:
    """What one trader does in turn while nothing else changes: its offers (each sent once),
    then what it does when it has nothing new to propose."""
    b = TraderBot(state.game, **bot)
    out: list[tuple[Action | None, float]] = []
    for _ in range(12):
        out.append(b.trade(bots._Ctx(b, state.view(player)), state.legal_actions(player)))
        if out[-1][0] is None or "offer" not in out[-1][0]:
            break
    return out


def sent(to: int, give: list, want: list) -> Action:
    return Action(offer={"to": to, "give": bots._json(give), "want": bots._json(want)})


BLUE, CHILI = ("blue", "offer"), ("chili", "offer")


def test_the_active_trader_gives_its_harmful_cards_to_whom_they_help_most() -> None:
    """Player 0 must plant a turned-up chili and blue beside its soy field: both are junk to it.
    The blue helps player 1 (a blue field) most, then the chili player 2 (a chili field): each
    is offered first for a card player 0 wants (garden, for its soon empty field), then as a
    gift; then the phase ends. Its coffee helps nobody and stays."""
    state = trade_table()
    garden = ("garden", "hand")
    assert proposals(state, 0) == [
        (sent(1, [BLUE], [garden]), bots.PROPOSE_ACTIVE),
        (sent(1, [BLUE], []), bots.PROPOSE_ACTIVE),
        (sent(2, [CHILI], [garden]), bots.PROPOSE_ACTIVE),
        (sent(2, [CHILI], []), bots.PROPOSE_ACTIVE),
        (Action(end="trading"), bots.END),
    ]
    assert bots.PROPOSE_ACTIVE == 0.4 and bots.END == 0.7


def test_the_others_ask_the_active_player_for_what_fits_them() -> None:
    """Player 1 asks for the turned-up blue for its blue field (nothing of its hand is junk),
    once; player 2 asks for the chili and gives its red, which fits nobody of its own but
    helps player 0, then offers the red alone."""
    state = trade_table()
    assert proposals(state, 1) == [(sent(0, [], [BLUE]), bots.PROPOSE_OTHER), (None, bots.IDLE)]
    red = ("red", "hand")
    assert proposals(state, 2) == [
        (sent(0, [red], [CHILI]), bots.PROPOSE_OTHER),
        (sent(0, [red], []), bots.PROPOSE_OTHER),
        (None, bots.IDLE),
    ]
    assert bots.PROPOSE_OTHER == 0.3


def test_offers_are_remembered_for_one_trading_phase_only() -> None:
    """The memory of sent offers holds while the table is the same; a new phase starts it
    anew: one told by the stock, the passes through it, or the cards in coins, on the
    discard pile and on fields together (here player 2's red and soy leave its hand)."""
    b = TraderBot(bp.load_game())
    hands = [["soy", "coffee"], ["blue", "wax"], ["red", "soy"]]
    state = trade_table(hands=hands)
    first = b.trade(bots._Ctx(b, state.view(1)), state.legal_actions(1))
    assert first == (sent(0, [], [BLUE]), bots.PROPOSE_OTHER)
    assert b.trade(bots._Ctx(b, state.view(1)), state.legal_actions(1)) == (None, bots.IDLE)
    same = trade_table(hands=hands, discard=[])
    assert b.trade(bots._Ctx(b, same.view(1)), same.legal_actions(1)) == (None, bots.IDLE)
    two = [["soy", "coffee"], ["blue", "wax"], []]
    fields = [[["soy"] * 2, []], [["blue"] * 3, ["wax"]], [["chili"] * 2, ["soy"]]]
    # each right after the one before it: a coin and a field bean more, back, a coin and a
    # discarded card more, a card less in the stock, the stock run out once more, a card
    # more on the discard pile
    for change in (
        {"hands": two, "coins": [0, 0, ["red"]], "fields": fields},
        {"hands": hands},
        {"hands": two, "coins": [0, 0, ["red"]], "discard": ["soy"]},
        {"hands": [*two[:2], ["red", "soy", "wax"]]},
        {"hands": hands, "exhausted": 1},
        {"hands": [*two[:2], ["red"]], "discard": ["soy"]},
    ):
        new = trade_table(**change)
        again = b.trade(bots._Ctx(b, new.view(1)), new.legal_actions(1))
        assert again == first, change
        assert b.trade(bots._Ctx(b, new.view(1)), new.legal_actions(1)) == (None, bots.IDLE)


def test_offer_counts_are_capped() -> None:
    """At most 10 offers as the active player (then it ends the phase), 3 as another."""
    state = trade_table()
    b = TraderBot(state.game)
    c = bots._Ctx(b, state.view(0))
    memory = b._memory(c)
    memory.update((9, i) for i in range(9))
    assert b._active_offer(c, memory) is not None  # the 10th
    assert b._active_offer(c, memory) is None
    other = TraderBot(state.game)
    c1 = bots._Ctx(other, state.view(2))
    memory = other._memory(c1)
    memory.update((9, i) for i in range(2))
    assert other._other_offer(c1, memory) is not None  # the 3rd
    assert other._other_offer(c1, memory) is None
    assert other._other_offer(bots._Ctx(other, state.view(0)), set()) is None  # the active one


def test_the_best_acceptable_offer_is_accepted() -> None:
    """Two offers of the blue for player 1's blue field: for its wax, or for nothing; the
    free one is better and is accepted."""
    state = trade_table(
        offers=[offer(1, 0, 1, [BLUE], [("wax", "hand")]), offer(2, 0, 1, [BLUE], [])],
        next_offer=3,
    )
    assert act(state, 1) == {"accept": 2}
    twice = trade_table(
        offers=[offer(1, 0, 1, [BLUE], []), offer(2, 0, 1, [BLUE], [])], next_offer=3
    )
    assert act(twice, 1) == {"accept": 1}  # of equal offers the first
    b = TraderBot(state.game)
    assert b.reaction_time(guarded_decision(state, 1, Rng(2))) < bots.ANSWER + 0.05
    assert bots.ANSWER == 0.2


def test_offers_to_others_are_passed_over() -> None:
    """Player 1 answers the offer made to it even when one to player 2 is listed first."""
    state = trade_table(
        offers=[offer(1, 0, 2, [CHILI], []), offer(2, 0, 1, [BLUE], [])], next_offer=3
    )
    assert act(state, 1) == {"accept": 2}


def test_an_offer_it_cannot_accept_is_declined() -> None:
    """Asked for a card it does not hold, player 1 declines at once."""
    state = trade_table(offers=[offer(1, 0, 1, [BLUE], [("red", "hand")])], next_offer=2)
    assert {"accept": 1} not in state.legal_actions(1)
    assert act(state, 1) == {"decline": 1}


def test_envy_and_bias_decide_a_close_offer() -> None:
    """Accepted when its own gain less ``envy`` times the sender's estimated gain, plus
    ``bias``, is positive: the blue for its wax is accepted as it is, declined when the
    sender's gain counts 10 times or the bias is -0.2."""
    state = trade_table(offers=[offer(1, 0, 1, [BLUE], [("wax", "hand")])], next_offer=2)
    b = TraderBot(state.game)
    c = bots._Ctx(b, state.view(1))
    mine = c.my_gain([("wax", "hand")], [BLUE])
    theirs = c.their_gain(0, [BLUE], [("wax", "hand")])
    assert mine > 0.2 * theirs and mine < 10 * theirs and mine < 0.2 + 0.2 * theirs
    assert act(state, 1) == {"accept": 1}
    assert act(state, 1, envy=10.0) == {"decline": 1}
    assert act(state, 1, bias=-0.2) == {"decline": 1}


def test_an_own_offer_that_turned_bad_is_withdrawn() -> None:
    """Player 0's open offer gives away a soy from the hand; its soy field wants it: it
    withdraws the offer before anything else."""
    state = trade_table(offers=[offer(1, 0, 1, [("soy", "hand")], [])], next_offer=2)
    assert act(state, 0) == {"withdraw": 1}


def test_an_own_offer_that_costs_nothing_stays() -> None:
    """Withdrawn only when it has turned bad: giving the eighth hand card, which no
    simulation reaches, costs nothing (0.0), and the offer stays open."""
    hand = ["soy", "coffee", "wax", "blue", "green", "stink", "chili", "cocoa"]
    state = trade_table(
        hands=[hand, ["blue", "wax"], ["red"]],
        offers=[offer(1, 0, 1, [("cocoa", "hand")], [])],
        next_offer=2,
    )
    b = TraderBot(state.game)
    c = bots._Ctx(b, state.view(0))
    assert c.my_gain([("cocoa", "hand")], []) == 0.0
    assert b.trade(c, state.legal_actions(0))[0] != {"withdraw": 1}


def test_the_active_player_waits_on_its_open_offer() -> None:
    """With nothing new to propose and its own offer still open, the active player does not
    end the phase."""
    state = trade_table(offers=[offer(1, 0, 1, [BLUE], [])], next_offer=2)
    b = TraderBot(state.game)
    c = bots._Ctx(b, state.view(0))
    b._memory(c).update((9, i) for i in range(10))
    assert b.trade(c, state.legal_actions(0)) == (None, bots.IDLE)


def test_a_finished_field_is_harvested_before_proposing() -> None:
    state = trade_table(
        fields=[[["soy"] * 2, ["red"] * 5], [["blue"] * 3, ["wax"]], [["chili"] * 2, []]]
    )
    assert act(state, 0) == {"harvest": 1}


def test_with_nothing_to_plant_in_phase_3_only_a_finished_field_is_harvested() -> None:
    """Phase 3 (planting traded cards) asks nothing of a player with no cards to plant: a
    young field stays, a finished one may go."""
    young = bp.load(
        phase="plant-trades",
        planted=1,
        active=1,
        to_plant=[[], ["soy"], []],
        hands=[["soy"], ["coffee"], []],
        fields=[[["wax"] * 2, ["blue"] * 3], [[], []], [[], []]],
    )
    assert {"harvest": 0} in young.legal_actions(0)
    assert act(young, 0) is None


def test_a_notrade_bot_out_of_turn_harvests_a_finished_field_in_the_trading_phase() -> None:
    state = trade_table(fields=[[["soy"] * 2, []], [["red"] * 5, ["wax"]], [["chili"] * 2, []]])
    assert act(state, 1, NoTradeBot) == {"harvest": 0}


RECEIVED: dict[str, Any] = {"phase": "plant-trades", "planted": 1, "ending": True}


@pytest.mark.parametrize(
    ("fields", "to_plant", "chosen"),
    [
        # harvesting red 2 (1 coin) keeps both fields free for the soy: 1.3 against 1.0
        ([["red"] * 2, []], ["soy"], {"harvest": 0}),
        # a blue 1 pays nothing: not harvested while the soy can be planted (though an
        # empty field more would be worth 0.3)
        ([["blue"], []], ["soy"], "plant"),
        # red 5 (4 coins) goes, then the blue grows the blue field: the 0-coin harvest of
        # the blue field before it in the list is passed over, not the end of the search
        ([["blue"] * 2, ["red"] * 5], ["blue"], {"harvest": 1}),
        # soy 2 (1 coin) goes and the red starts anew: 2.3, against red 2 beside soy 2: 2.0
        ([["red"], ["soy"] * 2], ["red"], {"harvest": 1}),
    ],
)
def test_received_cards_against_a_harvest_first(fields: list, to_plant: list, chosen: Any) -> None:
    """Phase 3 without alpha (the game is ending): the choice with the best coins and fields
    after it, a harvest counting its coins; never a 0-coin harvest while a planting is
    possible."""
    state = bp.load(to_plant=[to_plant, [], []], fields=[fields, [], []], **RECEIVED)
    got = act(state, 0)
    if chosen == "plant":
        assert got is not None and "plant" in got
    else:
        assert got == chosen


def test_a_forced_harvest_of_nothing_is_taken_when_it_loses_least() -> None:
    """The stink fits no field: the blue 2 (0 coins, 2 of 46 unseen beans blue: it loses
    0.104) goes rather than the coffee 4 (1 coin, but 0.2 of the way to 2 lost)."""
    state = bp.load(
        hands=[["stink", "soy"], [], []],
        fields=[[["blue"] * 2, ["coffee"] * 4], [[], []], [[], []]],
        stock_top=FEWER,
        rest="discard",
    )
    assert state.legal_actions(0) == [{"harvest": 0}, {"harvest": 1}]
    assert act(state, 0) == {"harvest": 0}


def test_choose_prefers_planting_over_ending_at_equal_value_and_skips_an_unwanted_field() -> None:
    """Planting the second red or ending planting value the same (the red is the next front
    card either way): a planting wins the tie, wherever it is listed. A 3rd field not wanted
    (the second pass) is passed over, not the end of the search."""
    b, c, _ = table(hands=[["red", "red"], [], []], fields=[[["red"] * 2, []], [[], []], [[], []]])
    end, plant = Action(end="planting"), Action(plant="front", field=0)
    assert b._choose(c, [end, plant], [], c.hand_k, True) == plant
    assert b._choose(c, [plant, end], [], c.hand_k, True) == plant
    _, late, _ = table(exhausted=1, hands=[["red"], [], []])
    assert b._choose(late, [Action(buy="field"), end], [], late.hand_k, True) == end


def test_a_card_too_far_back_to_count_is_no_junk() -> None:
    """Junk is a card whose removal gains more than 0.05: the eighth hand card is beyond the
    simulation's reach (front card, the one after it, five more), so giving it gains 0."""
    hand = ["red", "soy", "wax", "blue", "green", "stink", "coffee", "cocoa"]
    b, c, _ = table(phase="trade", planted=1, active=1, hands=[[], [], hand], viewer=2)
    assert c.my_gain([("cocoa", "hand")], []) == 0.0
    assert b._junk(c, [("cocoa", "hand")]) == []


def test_wanted_cards_are_those_that_gain_most_first() -> None:
    """A red grows red 3 to 4 (a coin), a soy grows the hand's soy's prospects, a blue grows
    blue 3 to 4 (a coin less likely to grow on): each gains more than 0.1, in that order;
    every other variety would force a field out."""
    b, c, _ = table(
        phase="trade",
        planted=1,
        hands=[["soy"], [], []],
        fields=[[["red"] * 3, ["blue"] * 3], [[], []], [[], []]],
        stock_top=["blue"] * 2 + ["red"] * 2 + ["soy"] * 3,
    )
    got = b._wanted(c, "hand", sorted(b.totals))
    assert [v for _, v in got] == ["red", "soy", "blue"]
    assert [g for g, _ in got] == sorted((g for g, _ in got), reverse=True)
    assert all(g == c.my_gain([], [(v, "hand")]) for g, v in got)


def test_junk_that_helps_one_player_twice_is_offered_together_then_each_alone() -> None:
    """Player 2 has a chili and a blue field: the turned-up chili and blue (player 0's junk)
    go to it together first, then each alone, each asking for the garden first."""
    state = trade_table(
        fields=[[["soy"] * 2, []], [["wax"] * 2, []], [["chili"] * 2, ["blue"] * 3]]
    )
    garden = ("garden", "hand")
    offers = [a for a, _ in proposals(state, 0)]
    assert offers == [
        sent(2, [BLUE, CHILI], [garden]),
        sent(2, [BLUE, CHILI], []),
        sent(2, [BLUE], [garden]),
        sent(2, [BLUE], []),
        sent(2, [CHILI], [garden]),
        sent(2, [CHILI], []),
        Action(end="trading"),
    ]


def test_the_active_trader_asks_for_its_two_most_wanted_cards_only() -> None:
    """Wanted: blue and red (a coin each, equal: by name), soy, chili. The chili it gives is
    not asked back; of the rest only the first two are asked for, then it is a gift."""
    state = bp.load(
        phase="trade",
        planted=1,
        hands=[["soy"], ["wax"], ["stink"]],
        offer_area=["chili"],
        fields=[[["red"] * 3, ["blue"] * 3], [[], []], [["chili"] * 2, []]],
        stock_top=["blue"] * 2 + ["red"] * 2 + ["soy"] * 3,
        rest="discard",
    )
    b = TraderBot(state.game)
    wanted = b._wanted(bots._Ctx(b, state.view(0)), "hand", sorted(b.totals))
    assert [v for _, v in wanted] == ["blue", "red", "soy", "chili"]
    assert [a for a, _ in proposals(state, 0)] == [
        sent(2, [CHILI], [("blue", "hand")]),
        sent(2, [CHILI], [("red", "hand")]),
        sent(2, [CHILI], []),
        Action(end="trading"),
    ]


BACK = ["wax"] * 7  # hand cards before the eighth, which no simulation reaches


@pytest.mark.parametrize(
    ("hand", "fields", "give"),
    [
        # the rear soy costs player 1 nothing and grows player 0's soy 3 to a coin more:
        # offered with the ask (the wax before it would cost player 0)
        (["wax", *BACK[1:], "soy"], [["blue"] * 3, ["wax"]], [("soy", "hand")]),
        # its only soy would grow player 1's own soy field: it costs too much; the ask alone
        (["soy"], [["blue"] * 3, ["soy"] * 3], []),
    ],
)
def test_a_sweetener_when_the_active_player_would_lose_by_the_ask(
    hand: list, fields: list, give: list
) -> None:
    """Player 1 wants the turned-up blue (blue 3 to 4) that player 0 would plant on its own
    blue field: with no junk to give it adds a hand card that fits player 0 and costs it
    less than the blue gains (by 0.1)."""
    state = bp.load(
        phase="trade",
        planted=1,
        hands=[[], hand, []],
        offer_area=["blue"],
        fields=[[["soy"] * 3, ["blue"] * 2], fields, [[], []]],
    )
    assert proposals(state, 1) == [(sent(0, give, [BLUE]), bots.PROPOSE_OTHER), (None, bots.IDLE)]
