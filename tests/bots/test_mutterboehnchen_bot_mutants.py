"""Mutterböhnchen's trader and notrade bots, rule by rule (mutation tests of
games/mutterboehnchen/bots.py).

The bots' heuristic is their spec: the module docstring's valuation (a field pays by its top
card, a Kotzbrocken or a Baby on top nothing, a Garden Lady from the discard pile; its worth is
that or the male way on, an Einsiedler on top only that, plus a share of an attack for a Baby on
top and small marks for the specials in it) and the choices it names (pulls, attacks, the kept
taler, defending, the end placement, which card of a variety goes first, the one-shots). Each
test builds a position by hand with ``mutterboehnchen_positions`` and checks one of them. Most
positions put every card not named under the discard pile (``rest="discard"``): the viewer has
seen it, so the beans still unseen are exactly the stock's top cards, and a field's worth is
its coins now. Every game and view is built inside its test: mutmut picks the tests to run
against a mutant by the calls made inside them.
"""

from __future__ import annotations

from typing import Any

import pytest
from mutterboehnchen_bot_positions import GREENS, act, ids, load, stock, table, under_attack

from spieltisch.core import Action
from spieltisch.games.mutterboehnchen import bots as mb
from spieltisch.games.mutterboehnchen.bots import MutterNoTradeBot, MutterTraderBot, _MutCtx

# -- what the bots read off the deck -----------------------------------------------------------


def test_a_variety_is_given_kotzbrocken_first_then_baby_male_special_lady() -> None:
    """``give_first``'s order: a Kotzbrocken goes first, then a Baby, then a plain male, then a
    special bean, the Ladys last (they pay most on top)."""
    b, _, _ = table()
    k = b.kinds_by_name
    ranks = [
        mb.give_rank(k[n])
        for n in ("kotzbrocken", "green-baby2", "green", "saufkumpan", "green-lady")
    ]
    assert ranks == [0, 1, 2, 3, 4]


def test_the_deck_info_names_one_card_of_each_kind_and_the_plain_male_of_each_variety() -> None:
    """The simulation plays one card id of each kind (the lowest); a card of a variety whose
    kind is hidden counts as its plain male; the most coins any field pays is 4."""
    b, _, state = table()
    kinds = state.game.deck.kinds
    for name, c in b.rep.items():
        assert kinds[c].name == name
        assert all(kinds[d].name != name for d in range(c))
    assert b.plain == {v: v for v in b.varieties}
    assert b.varieties == sorted({k.variety for k in kinds})
    assert b.most_coins == 4
    assert b.lady_names == {f"{v}-lady" for v in b.varieties}
    # growth by the plain males' beanometer (not a special's or a Lady's)
    assert b.meters["blue"] == kinds[b.rep["blue"]].beanometer
    assert b.pay["blue"][:7] == [0, 0, 0, 0, 1, 1, 2]
    ranks = b.plant_rank
    assert (ranks["kotzbrocken"], ranks["green"], ranks["green-baby"], ranks["green-lady"]) == (
        0,
        1,
        2,
        3,
    )
    assert ranks["saufkumpan"] == 1


# -- the view --------------------------------------------------------------------------------


def test_the_context_reads_fields_hand_offer_and_cards_to_plant() -> None:
    """Fields as simulated card ids with their varieties (an empty field has none), the hand,
    the turned-up cards and the cards to plant by kind name; the coins as counts."""
    b, c, _ = table(
        phase="plant-trades",
        planted=1,
        hands=[["soy", "red-lady"], [], [], []],
        fields=[[["blue"] * 2, []], [["chili-lady"], ["red"]], [[], []], [[], []]],
        to_plant=[["stink-baby"], [], ["garden"], []],
        coins=[0, 2, 0, 1],
    )
    assert c.sims[0] == ([ids(b, "blue", "blue"), []], ["blue", None])
    assert c.sims[1] == ([ids(b, "chili-lady"), ids(b, "red")], ["chili", "red"])
    assert c.fields is c.sims
    assert c.hand_k == ["soy", "red-lady"] and c.hand == ["soy", "red"]
    assert c.to_plant_k == [["stink-baby"], [], ["garden"], []]
    assert c.to_plant == [["stink"], [], ["garden"], []]
    assert c.coins_of == [0, 2, 0, 1]
    assert c.usable == [{0, 1}] * 4
    trade = table(
        phase="trade", planted=1, offer_area=["chili-lady", "blue"], hands=[["soy"], [], [], []]
    )[1]
    assert trade.offer_k == ["chili-lady", "blue"] and trade.offer_area == ["chili", "blue"]


def test_a_field_keeps_the_variety_it_was_begun_with() -> None:
    """A field's variety is the state's (the first card planted), not its bottom card's: a
    Kotzbrocken under a Blue field leaves it Blue."""
    b, c, _ = table(
        fields=[[["kotzbrocken", "blue"], []], [[], []], [[], []], [[], []]],
        field_var=[["blue", None], [None, None], [None, None], [None, None]],
    )
    assert c.sims[0] == ([ids(b, "kotzbrocken", "blue"), []], ["blue", None])


@pytest.mark.parametrize(
    ("players", "n", "exhausted", "alpha"),
    [
        (4, 20, 0, 0.8),  # the first pass: the whole share
        (4, 60, 1, 0.8),  # the last pass, 3 rounds of 20 cards left: still whole
        (4, 20, 1, 0.8 / 3),  # 1 round left: a third
        (4, 40, 2, 0.8 * 2 / 3),
        (3, 15, 0, 0.8 / 3),  # 3 players: the first pass is the last (n - 2 = 1)
        (5, 25, 1, 0.8),  # 5 players: the last pass begins after 2 (n - 2 = 3) exhaustions
        (5, 25, 2, 0.8 / 3),
    ],
)
def test_alpha_fades_with_the_rounds_left_in_the_last_pass(
    players: int, n: int, exhausted: int, alpha: float
) -> None:
    """Once the stock ran out n - 3 times (at least 0) the share of the way on counts by the
    rounds left (stock / 5 cards a player), whole from 3 rounds on."""
    _, c, _ = table(players, stock_top=stock(n), exhausted=exhausted)
    assert c.alpha == pytest.approx(alpha)
    assert c.remaining == pytest.approx(alpha / 0.8)


def test_nothing_of_the_way_on_counts_once_the_game_ends() -> None:
    _, c, _ = table(ending=True)
    assert (c.alpha, c.remaining) == (0.0, 0.0)


# -- one field's worth -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "cash"),
    [
        ([], 0.0),
        (["blue"] * 3, 0.0),
        (["blue"] * 4, 1.0),
        (["blue"] * 3 + ["blue-baby"], 0.0),  # a Baby on top pays nothing
        (["green"] * 4 + ["kotzbrocken"], 0.0),  # nor a Kotzbrocken on top
        (["green", "kotzbrocken"] + ["green"] * 3, 2.0),  # covered, he counts toward k
        (["red"] * 5 + ["red-lady"], 4.0),  # a Lady pays by her own beanometer
    ],
)
def test_a_field_pays_by_its_top_card_and_every_card_counts(field: list[str], cash: float) -> None:
    b, c, _ = table()
    assert c.cash(ids(b, *field)) == cash


def test_a_garden_lady_pays_no_more_than_the_discard_pile_holds() -> None:
    """A Garden Lady on top pays from the bottom of the discard pile: a short pile pays less."""
    b, c, _ = table(rest="stock", discard=["soy", "soy"], stock_top=[])
    assert c.discard_n == 2
    assert c.cash(ids(b, "garden", "garden", "garden", "garden-lady")) == 2.0
    assert c.cash(ids(b, "garden-lady")) == 1.0


@pytest.mark.parametrize(
    ("field", "var", "worth"),
    [
        ([], None, 0.3),  # an empty field: the bot's ``empty``
        (["blue"] * 4, "blue", 1.0),
        (["blue"] * 3 + ["blue-baby"], "blue", 1.0 + 0.4),  # one rattle's attack share
        (["blue"] * 3 + ["blue-baby2"], "blue", 1.0 + 0.8),  # two rattles
        (["soy"] * 3 + ["einsiedler"], "soy", 2.0),  # nothing above him: his coins only
        (["garden"] * 2 + ["faulpelz"], "garden", 3.0 - 0.6),  # Faulpelz on top: a mark
        (["faulpelz", "garden", "garden"], "garden", 3.0),  # covered: no mark (class M)
        (["garden", "wuehler", "garden"], "garden", 3.0 + 0.2),  # Wühler anywhere (class T)
        (["green"] * 4 + ["kotzbrocken"], "green", 2.4 - 0.2),  # the way on, less his mark
    ],
)
def test_a_fields_worth_is_its_coins_or_the_way_on_plus_attacks_and_marks(
    field: list[str], var: str | None, worth: float
) -> None:
    b, c, _ = table()
    assert c.fvalue(ids(b, *field), var, 0) == pytest.approx(worth)
    # the second call reads the cache: the same
    assert c.fvalue(ids(b, *field), var, 0) == pytest.approx(worth)


def test_a_babys_attack_share_fades_with_the_game_but_not_below_three_tenths() -> None:
    b, c, _ = table(ending=True)
    assert c.fvalue(ids(b, "blue", "blue-baby2"), "blue", 0) == pytest.approx(0.4 * 2 * 0.3)
    b, c, _ = table(stock_top=stock(40), exhausted=2)  # 2 rounds left: remaining 2/3
    way_on = c.potential("blue", 2)
    assert c.fvalue(ids(b, "blue", "blue-baby"), "blue", 0) == pytest.approx(way_on + 0.4 * 2 / 3)


def test_special_beans_work_on_top_only_or_anywhere_by_class() -> None:
    b, c, _ = table()
    assert c.effects(ids(b, "faulpelz", "garden")) == set()
    assert c.effects(ids(b, "garden", "faulpelz")) == {"draw_one_fewer"}
    assert c.effects(ids(b, "wuehler", "garden")) == {"attack_draws_one_more"}
    assert c.effects([]) == set()


def test_what_a_harvest_gives_up_is_the_worth_beyond_the_cash() -> None:
    b, c, _ = table()
    assert c.lost_of(ids(b, "blue", "blue", "blue", "blue-baby"), "blue", 0) == pytest.approx(1.4)
    assert c.lost_of(ids(b, "blue", "blue", "blue", "blue-baby"), "blue", 0) == pytest.approx(1.4)
    assert c.lost_of(ids(b, "blue") * 4, "blue", 0) == pytest.approx(0.0)


# -- harvests and one-shots in the simulation ------------------------------------------------


def test_the_one_bean_rule_in_the_simulation() -> None:
    """A field of one card may be harvested only while no other field holds two or more."""
    b, c, _ = table()
    one, two = ids(b, "red"), ids(b, "blue", "blue")
    assert c.may_harvest(([one, two], ["red", "blue"]), 0) is False
    assert c.may_harvest(([one, two], ["red", "blue"]), 1) is True
    assert c.may_harvest(([one, ids(b, "blue")], ["red", "blue"]), 0) is True
    assert c.may_harvest(([[], two], [None, "blue"]), 0) is False


def test_a_forced_harvest_takes_the_field_that_loses_least_then_the_bigger() -> None:
    b, c, _ = table()
    # a Baby on top loses its attack share; the plain Blue field loses nothing
    sim = ([ids(b, "red", "red", "red-baby"), ids(b, "blue", "blue")], ["red", "blue"])
    assert c.harvest_least(sim, 0) == 1
    # both lose nothing: the bigger field
    sim = ([ids(b, "red", "red"), ids(b, "blue", "blue", "blue", "blue")], ["red", "blue"])
    assert c.harvest_least(sim, 0) == 1
    assert c.harvest(sim, 1) == 1.0
    assert sim == ([ids(b, "red", "red"), []], ["red", None])


def test_the_choleriker_discards_the_top_card_of_each_other_field() -> None:
    b, c, _ = table(players=3)
    sim = (
        [ids(b, "red", "red"), ids(b, "blue"), ids(b, "chili", "chili-lady")],
        ["red", "blue", "chili"],
    )
    assert c.fire(sim, 0, mb.CHOLERIKER, 0) == 0.0
    assert sim == ([ids(b, "red", "red"), [], ids(b, "chili")], ["red", None, "chili"])


def test_the_loser_harvests_the_field_that_loses_least() -> None:
    b, c, _ = table(players=3)
    sim = ([ids(b, "red", "red", "red-baby"), ids(b, "blue") * 4, []], ["red", "blue", None])
    assert c.fire(sim, 0, mb.LOSER, 0) == 1.0
    assert sim[0][1] == [] and sim[1][1] is None
    nothing = ([[], [], []], [None, None, None])
    assert c.fire(nothing, 0, mb.LOSER, 0) == 0.0


def test_the_frauenversteher_moves_the_lady_that_gains_most_to_the_top() -> None:
    b, c, _ = table(players=3)
    low, high = (
        ids(b, "soy-lady", "soy", "soy", "soy"),
        ids(b, "blue-lady", "blue", "blue", "blue", "blue"),
    )
    sim = ([list(low), list(high), []], ["soy", "blue", None])
    assert c.fire(sim, 2, mb.FRAUENVERSTEHER, 0) == 0.0  # no coins, no bonus
    # the Blue Lady on top of 5 pays 1 more (2 for 1); the Soy Lady's 4 cards pay 2 either way
    assert sim[0] == [low, ids(b, "blue", "blue", "blue", "blue", "blue-lady"), []]
    # the better one later (field 2), the worse first (field 1)
    sim = ([[], list(low), list(high)], [None, "soy", "blue"])
    c.fire(sim, 0, mb.FRAUENVERSTEHER, 0)
    assert sim[0] == [[], low, ids(b, "blue", "blue", "blue", "blue", "blue-lady")]


def test_the_junggeselle_sends_the_ladys_of_his_field_to_its_bottom() -> None:
    b, c, _ = table()
    sim = ([ids(b, "chili", "chili-lady", "chili", "junggeselle"), []], ["chili", None])
    assert c.fire(sim, 0, mb.JUNGGESELLE, 0) == 0.0
    assert sim[0][0] == ids(b, "chili-lady", "chili", "chili", "junggeselle")


def test_the_kameradenschwein_and_schuerzenjaeger_bonuses() -> None:
    """The Kameradenschwein is worth ``kamerad_worth`` while anyone has a taler; the
    Schürzenjäger 0.4 while a Lady lies in the discard pile."""
    _, c, _ = table(rest="stock", stock_top=[], coins=[0, 0, 0, 1], discard=["red-lady"])
    sim = ([[], []], [None, None])
    assert c.fire(sim, 0, mb.KAMERADENSCHWEIN, 0) == 0.6
    assert c.fire(sim, 0, mb.SCHUERZENJAEGER, 0) == 0.4
    _, c, _ = table(rest="stock", stock_top=[], discard=["red"])
    assert c.fire(sim, 0, mb.KAMERADENSCHWEIN, 0) == 0.0
    assert c.fire(sim, 0, mb.SCHUERZENJAEGER, 0) == 0.0
    assert c.fire(sim, 0, "second_card_any", 0) == 0.0


# -- the Bohnentaler memory --------------------------------------------------------------------


def _harvests() -> tuple[Any, Any]:
    """Players 1, 2 and 3 harvest after the bot saw their fields: 6 Blue (2 Blue coins), 5 Red
    (4 Red coins) and a Garden Lady on 4 (4 coins from the discard pile's bottom, Blue)."""
    b, _, s = table(
        hands=[["soy"], [], [], []],
        planted=1,
        fields=[
            [["blue", "blue-baby"], []],
            [["blue"] * 6, ["red"] * 2],
            [["red"] * 5, ["chili"]],
            [["garden"] * 3 + ["garden-lady"], []],
        ],
        coins=[0, 3, 3, 3],
    )
    b.observe(s.view(0))
    assert b.piles == [{}, {}, {}, {}]
    for p in (1, 2, 3):
        act(s, p, {"harvest": 0})
    return b, s


def test_it_remembers_the_coin_cards_of_each_harvest_it_saw() -> None:
    """The top N cards of a harvested field go to its owner's pile (N by the top card); a
    Garden Lady's are the N bottom cards of the discard pile as it was."""
    b, s = _harvests()
    assert s.view(0)["discard"][:4] and all(
        s.game.deck.kinds[c].variety == "blue" for c in s.coins[3][-4:]
    )
    b.observe(s.view(0))
    assert b.piles == [{}, {"blue": 2.0}, {"red": 4.0}, {"blue": 4.0}]


def test_what_is_known_of_a_pile_shrinks_with_it() -> None:
    """A pile that lost cards (an attack) keeps what is known of it in proportion."""
    b, s = _harvests()
    b.observe(s.view(0))
    view = s.view(0)
    view["coins"] = [0, 1, 7, 14]
    b.observe(view)
    assert b.piles[1] == {"blue": pytest.approx(2.0 / 5)}
    assert b.piles[2] == {"red": 4.0} and b.piles[3] == {"blue": 4.0}


def test_a_field_that_lost_one_card_was_not_harvested() -> None:
    """One card gone from a field of several (a Choleriker's discard) is no harvest; a field of
    one card gone is (a Soy Lady alone pays 1), seen in the same view; a field of two gone too
    (2 Red pay 1); a pile that loses its talers keeps none of what was known."""
    b, _, s = table(
        fields=[[[], []], [["red"] * 3, ["soy-lady"]], [["red", "red"], []], [[], []]],
        coins=[0, 0, 0, 0],
    )
    b.observe(s.view(0))
    view = s.view(0)
    view["fields"][1][0] = view["fields"][1][0][:2]
    view["fields"][1][1] = []
    view["fields"][2][0] = []
    view["coins"] = [0, 1, 1, 0]
    b.observe(view)
    assert b.piles == [{}, {"soy": 1.0}, {"red": 1.0}, {}]
    view = s.view(0)
    view["coins"] = [0, 0, 1, 0]
    view["fields"] = [[[], []], [["red", "red"], []], [[], []], [[], []]]
    b.observe(view)
    assert b.piles == [{}, {"soy": 0.0}, {"red": 1.0}, {}]


def test_a_harvest_and_an_attack_seen_at_once_scale_what_is_known() -> None:
    """2 Blue coins harvested and 1 taler lost in the same step: 4 of the 5 expected remain,
    so the known Blue count as 2 * 4 / 5."""
    b, _, s = table(
        fields=[[[], []], [["soy"], ["blue"] * 6], [[], []], [[], []]], coins=[0, 3, 0, 0]
    )
    b.observe(s.view(0))
    view = s.view(0)
    view["fields"][1][1] = []  # (the Soy before it as it was)
    view["coins"] = [0, 4, 0, 0]
    b.observe(view)
    assert b.piles[1] == {"blue": pytest.approx(2.0 * 4 / 5)}


def test_the_memory_starts_anew_at_a_table_of_another_size() -> None:
    b, s = _harvests()
    b.observe(s.view(0))
    three = table(players=3, fields=[[["blue"] * 6, [], []], [[], [], []], [[], [], []]])[2]
    view = three.view(0)
    view["turn"] = 5
    b.observe(view)
    assert b.piles == [{}, {}, {}]


def test_the_memory_starts_anew_with_a_new_game() -> None:
    b, s = _harvests()
    b.observe(s.view(0))
    view = s.view(0)
    view["turn"] = 0  # an earlier turn: another game
    b.observe(view)
    assert b.piles == [{}, {}, {}, {}]


def test_a_pile_is_its_known_cards_and_the_rest_spread_over_the_varieties() -> None:
    b, s = _harvests()
    b.observe(s.view(0))
    c = _MutCtx(b, s.view(0))
    rest = 3 / 8  # 3 starting talers of 5 unknown, over 8 varieties
    assert c.pile(1) == pytest.approx(
        {v: rest + (2.0 if v == "blue" else 0.0) for v in b.varieties}
    )
    assert c.pile(0) == {}
    assert c.fit_share(1, {"blue"}) == pytest.approx((2 + rest) / 5)
    assert c.fit_share(1, {"blue", "red"}) == pytest.approx((2 + 2 * rest) / 5)
    assert c.fit_share(0, {"blue"}) == 0.0
    # more known than the pile holds: scaled down to the pile
    view = s.view(0)
    view["coins"][1] = 1
    b.piles[1] = {"blue": 1.5, "red": 0.5}
    c = _MutCtx(b, view)
    assert c.pile(1) == pytest.approx(
        {v: {"blue": 0.75, "red": 0.25}.get(v, 0.0) for v in b.varieties}
    )
    assert c.fit_share(1, {"blue", "red", "soy"}) == pytest.approx(1.0)
    view["coins"][1] = 2
    b.piles[1] = {"blue": 3.0, "red": 1.0}  # 4 known of 2: each counts half
    c = _MutCtx(b, view)
    assert c.pile(1) == pytest.approx(
        {v: {"blue": 1.5, "red": 0.5}.get(v, 0.0) for v in b.varieties}
    )


def test_an_attack_is_worth_the_chance_of_a_fitting_taler_times_its_gain_and_the_denial() -> None:
    """hit = 1 - (1 - share) ** draws (no more draws than talers); worth = hit times (what a
    fitting taler adds here + ``steal`` + 0.3 against the richest opponent)."""
    b, s = _harvests()
    b.observe(s.view(0))
    c = _MutCtx(b, s.view(0))
    assert c.accepts_of(0) == {"blue"}
    gain = c.taler_gain(1)
    assert gain > 0
    share1 = c.fit_share(1, {"blue"})
    assert c.attack_value(1, 1) == pytest.approx(share1 * (gain + 1.0))
    assert c.attack_value(1, 2) == pytest.approx((1 - (1 - share1) ** 2) * (gain + 1.0))
    share3 = c.fit_share(3, {"blue"})  # 7 talers: the richest with player 2
    assert c.attack_value(3, 2) == pytest.approx((1 - (1 - share3) ** 2) * (c.taler_gain(3) + 1.3))
    assert c.attack_value(0, 1) == 0.0  # nothing to draw
    poor = s.view(0)
    poor["coins"][1] = 1
    c = _MutCtx(b, poor)
    share = c.fit_share(1, {"blue"})
    assert c.attack_value(1, 3) == pytest.approx(share * (c.taler_gain(1) + 1.0))


def test_a_taler_is_worth_what_it_adds_to_the_fields_it_fits() -> None:
    """``taler_gain``: a taler of each variety the fields accept, planted where it does most,
    weighted by the pile's expected count of it; a variety the pile holds none of is passed
    over (the others still count)."""
    b, _, s = table(
        players=3,
        hands=[["soy"], [], []],
        fields=[[["blue"] * 4, ["red"] * 4, []], [[], [], []], [[], [], []]],
        coins=[0, ["blue", "red", "red"], 0],
    )
    b._last = {"fields": s.view(0)["fields"], "coins": [0, 3, 0], "discard": [], "turn": 1}
    # a 5th Blue pays nothing more (4 and 5 Blue: 1 coin); a 5th Red pays 1 more (3 to 4)
    for pile, gain in [
        ({"blue": 1.0, "red": 2.0}, (1.0 * 0 + 2.0 * 1) / 3),
        ({"blue": 2.0, "red": 1.0}, (2.0 * 0 + 1.0 * 1) / 3),
        ({"red": 3.0}, 1.0),  # no Blue in the pile: the Red alone
        ({"blue": 3.0}, 0.0),
        ({"soy": 3.0}, 0.0),  # nothing that fits
    ]:
        b.piles = [{}, pile, {}]
        assert _MutCtx(b, s.view(0)).taler_gain(1) == pytest.approx(gain), pile
    # both fitting varieties add: a 4th Blue pays 1 more, as a 5th Red does
    b, _, s = table(
        players=3,
        hands=[["soy"], [], []],
        fields=[[["blue"] * 3, ["red"] * 4, []], [[], [], []], [[], [], []]],
        coins=[0, ["blue", "red", "red"], 0],
    )
    b._last = {"fields": s.view(0)["fields"], "coins": [0, 3, 0], "discard": [], "turn": 1}
    b.piles = [{}, {"blue": 1.0, "red": 2.0}, {}]
    assert _MutCtx(b, s.view(0)).taler_gain(1) == pytest.approx(1.0)


def test_a_view_may_list_cards_as_entries_and_the_offer_under_its_old_key() -> None:
    """Turned-up cards and cards to plant given as ``{"card": name}`` entries are read by their
    card; a view that names the turned-up cards ``offer`` (no ``offer_area``) is read too."""
    b, _, s = table(hands=[["soy"], [], [], []])
    view = s.view(0)
    del view["offer_area"]
    view["offer"] = [{"card": "blue-lady"}, "red"]
    view["to_plant"] = [[{"card": "chili-baby"}, "soy"], [], [], []]
    c = _MutCtx(b, view)
    assert c.offer_k == ["blue-lady", "red"] and c.offer_area == ["blue", "red"]
    assert c.to_plant_k == [["chili-baby", "soy"], [], [], []]
    assert c.to_plant[0] == ["chili", "soy"]
    view["to_plant"] = None
    assert _MutCtx(b, view).to_plant_k == [[], [], [], []]


@pytest.mark.parametrize(
    ("holder", "viewer", "phase", "usable"),
    [
        (0, 0, "plant", {0, 1, 2}),  # the holder may begin his third field while planting
        (0, 0, "leftover", {0, 1, 2}),
        (0, 0, "take", {0, 1, 2}),
        (0, 0, "reveal", {0, 1}),  # not while the offer is turned up
        (1, 0, "plant", {0, 1}),  # the card is the other's
        (0, 1, "plant", {0, 1, 2}),  # the active player holds it: his slots, seen by 1
    ],
)
def test_two_players_use_only_their_open_field_slots(
    holder: int, viewer: int, phase: str, usable: set[int]
) -> None:
    """2 players: a closed slot is no field, unless the active player holds the card of the
    third field and may begin it now (phases leftover, plant, take)."""
    _, c, _ = table(
        players=2,
        viewer=viewer,
        phase=phase,
        hands=[["soy"], ["red"]],
        fields=[[["blue"], [], []], [["red"], [], []]],
        third_card=holder,
    )
    assert c.usable[0] == usable
    assert c.usable[1] == {0, 1}


def test_specials_without_a_mark_add_nothing_to_a_fields_worth() -> None:
    """Only the specials MARKS names change a field's worth: a Saufkumpan in it (class T) or a
    Loser on top none."""
    b, c, _ = table(stock_top=["red"] * 8)
    assert c.fvalue(ids(b, "green", "saufkumpan", "green"), "green", 0) == 3.0 - 2.0
    assert c.fvalue(ids(b, "blackeyed", "blackeyed", "loser"), "blackeyed", 0) == 1.0


# -- small choices -----------------------------------------------------------------------------


def test_an_action_names_its_card_by_position_taler_or_card_id() -> None:
    """``front`` and ``rear`` are the hand's ends, ``taler`` the card of the pending choice, a
    card id its kind; anything else (a bool, an id off the deck) names nothing."""
    b, c, s = table(hands=[["soy", "red", "blue-lady"], [], [], []])
    assert b._name(c, Action(plant="front"), "plant") == "soy"
    assert b._name(c, Action(plant="rear"), "plant") == "blue-lady"
    assert b._name(c, Action(place=b.rep["chili-baby2"]), "place") == "chili-baby2"
    for card in (True, -1, len(b.kinds), "middle"):
        assert b._name(c, Action(plant=card), "plant") is None
    assert b._name(c, Action(plant="taler"), "plant") is None
    view = s.view(0)
    view["choice"] = {"player": 0, "card": b.rep["stink-lady"]}
    assert b._name(_MutCtx(b, view), Action(plant="taler"), "plant") == "stink-lady"
    view["choice"] = {"player": 0, "card": "stink-lady"}
    assert b._name(_MutCtx(b, view), Action(plant="taler"), "plant") is None
    empty = table(hands=[[], [], [], []])[1]
    assert b._name(empty, Action(plant="front"), "plant") is None
    assert b._name(empty, Action(plant="rear"), "plant") is None


def test_the_fallback_ends_something_else_takes_the_first_legal_action() -> None:
    legal = [Action(harvest=0), Action(end="planting"), Action(end="trading")]
    assert MutterTraderBot._fallback(legal) == Action(end="planting")
    assert MutterTraderBot._fallback(legal[:1]) == Action(harvest=0)


def test_a_field_is_finished_when_it_pays_and_nothing_of_it_is_coming() -> None:
    """``finished``: it pays at least 1, no card of its variety is in the front 3 of the hand
    or to be planted, and waiting adds less than 0.1."""
    _, c, _ = table(
        hands=[["soy", "red", "chili", "blue"], [], [], []],
        fields=[[["blue"] * 4, ["chili"] * 3], [[], []], [[], []], [[], []]],
    )
    assert c.finished(0) is True  # the Blue comes 4th
    assert c.finished(1) is False  # 3 Chili pay 1, but a Chili comes 3rd
    _, c, _ = table(
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 3, ["chili"] * 3], [[], []], [[], []], [[], []]],
        to_plant=[["chili"], [], [], []],
    )
    assert c.finished(0) is False  # pays nothing
    assert c.finished(1) is False  # a Chili is to be planted
    _, c, _ = table(
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 3 + ["blue-baby"], []], [[], []], [[], []], [[], []]],
    )
    assert c.finished(0) is False and c.finished(1) is False
    # the way on still counts (Blue unseen): not finished
    _, c, _ = table(
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 5, []], [[], []], [[], []], [[], []]],
        stock_top=["blue"] * 5,
    )
    assert c.finished(0) is False


def test_a_phase_it_does_not_know_harvests_a_finished_field_else_ends_something() -> None:
    """``_unknown``: a finished field first (at harvest speed), then the first action that
    ends something or the first legal one; only harvests left: the best-paying, slowly."""
    b, c, _ = table(
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 4, ["chili"] * 2], [[], []], [[], []], [[], []]],
    )
    harvests = [Action(harvest=1), Action(harvest=0)]
    assert b._unknown(c, [*harvests, Action(end="x")]) == (Action(harvest=0), mb.HARVEST)
    b, c, _ = table(
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 3, ["chili"] * 5], [[], []], [[], []], [[], []]],
        stock_top=["blue"] * 3 + ["chili"] * 3,
    )
    assert b._unknown(c, [*harvests, Action(pass_="x"), Action(end="x")]) == (
        Action(end="x"),
        mb.FAST,
    )
    assert b._unknown(c, [*harvests, Action(other=1)]) == (Action(other=1), mb.FAST)
    assert b._unknown(c, harvests) == (Action(harvest=1), mb.IDLE)
    assert b._anytime(c, harvests) == (None, mb.IDLE)


def test_cards_are_planted_onto_own_varieties_first_bigger_groups_first() -> None:
    """``order``: a variety already in a field first, then the bigger groups, then by variety;
    in a variety a Kotzbrocken first, males, Babys, the Ladys last."""
    _, c, _ = table(fields=[[["red"], []], [[], []], [[], []], [[], []]])
    sim = c.my_fields()
    names = ["soy", "green-lady", "red-lady", "green", "kotzbrocken", "green-baby", "red"]
    assert c.order(sim, names) == [
        "red",
        "red-lady",
        "kotzbrocken",
        "green",
        "green-baby",
        "green-lady",
        "soy",
    ]
    assert c.order(sim, ["soy"]) == ["soy"]
    one = ["soy"]
    assert c.order(sim, one) is not one


# -- the Rasselbande ---------------------------------------------------------------------------


def _defending(
    baby: str = "blue-baby",
    wuehler: bool = False,
    hand: str = "red",
    dilute: float = 0.1,
    fields: list[list[str]] | None = None,
    stock_top: list[str] = GREENS,
    legal: Any = None,
) -> Action:
    """Player 0 attacks player 1 with a Blue Baby; 1's 2 talers are known Blue (they fit), his
    5 Red would add 4 Red coins that do not: what does 1 do?"""
    attacker = ["blue", "wuehler", baby] if wuehler else ["blue", baby]
    s = under_attack(attacker, fields or [["red"] * 5, ["soy"]], ["blue", "blue"], hand, stock_top)
    b = MutterTraderBot(s.game, dilute=dilute)
    b.piles = [{}, {"blue": 2.0}, {}, {}]
    choices = s.legal_actions(1)
    return b._defend(_MutCtx(b, s.view(1)), choices if legal is None else legal(choices))


def test_the_defender_harvests_what_thins_out_the_fitting_talers() -> None:
    """Harvesting 4 Red coins onto 2 fitting Blue talers lowers the chance of a fitting draw
    from 1 to 1/3 with one rattle: worth (2/3) * ``dilute`` (0.067 at 0.1, over the 0.05
    bar); with 2 rattles (1 - (2/3)**2 = 5/9: worth 0.044) or a Wühler in the attacker's
    fields it is not."""
    assert _defending() == Action(harvest=0)
    assert _defending(baby="blue-baby2") == Action(end="defending")
    assert _defending(wuehler=True) == Action(end="defending")
    assert _defending(dilute=0.07) == Action(end="defending")


def test_the_defender_harvests_a_finished_field_anyway() -> None:
    """A finished field (no Red coming) is worth harvesting at 0.1 however little it thins."""
    assert _defending(dilute=0.0, hand="soy") == Action(harvest=0)
    assert _defending(dilute=0.0) == Action(end="defending")


def test_the_defender_reads_every_harvest_whatever_the_order() -> None:
    """A harvest that brings no coins (1 Soy) or the end listed first does not stop the
    search."""
    assert _defending(legal=lambda legal: list(reversed(legal))) == Action(harvest=0)


def test_a_wuehler_adds_one_draw_to_the_attack_the_defender_expects() -> None:
    """At ``dilute`` 0.15 thinning is worth (4/9) * 0.15 = 0.067 against 2 draws (harvest),
    (8/27) * 0.15 = 0.044 against 3 (no): a Wühler on a 1-rattle attack makes 2."""
    assert _defending(wuehler=True, dilute=0.15) == Action(harvest=0)
    assert _defending(baby="blue-baby2", wuehler=True, dilute=0.15) == Action(end="defending")


def test_the_defender_counts_the_way_on_it_gives_up() -> None:
    """3 Red (2 Red coins) thin the 2 fitting talers to half: worth 0.5 * 0.2 = 0.1, as long
    as no Red is unseen; with Red still unseen (the stock's 4 less the 2 turned up) they lose
    their way on to the 4th: not worth it."""
    three = [["red"] * 3, ["soy"]]
    assert _defending(fields=three, dilute=0.2) == Action(harvest=0)
    assert _defending(fields=three, dilute=0.2, stock_top=["red"] * 4) == Action(end="defending")


def test_a_coin_that_fits_the_attacker_counts_once() -> None:
    """A Pistolenheld field pays its top 2 cards, a Chili and a Blue: one fits the attacker's
    Blue. Thinning 2 fitting talers to 3 of 4: worth (1 - 3/4) * 0.3 = 0.075."""
    mixed = ["blue", "pistolenheld", "chili", "chili", "chili", "blue"]
    assert _defending(fields=[mixed, ["soy"]], dilute=0.3, hand="blue") == Action(harvest=0)


def test_of_two_harvests_worth_it_the_better_first_a_finished_field_at_least_a_tenth() -> None:
    """At ``dilute`` 0.3 the 5 Red are worth 0.2; 2 Soy (1 Soy coin: (1/3) * 0.3 = 0.1, and
    finished) less: the Red first."""
    assert _defending(fields=[["red"] * 5, ["soy", "soy"]], dilute=0.3) == Action(harvest=0)
    assert _defending(fields=[["soy", "soy"], ["red"] * 5], dilute=0.3) == Action(harvest=1)


def test_without_the_end_among_its_choices_the_defender_falls_back() -> None:
    """(At ``dilute`` 0.07 the harvest is not worth it: the first choice all the same.)"""
    only = _defending(dilute=0.07, legal=lambda legal: [a for a in legal if "harvest" in a])
    assert only == Action(harvest=0)


def _attacking(
    fields: list[list[str]], coins: list[Any], piles: list[dict[str, float]]
) -> tuple[Any, Any, Any]:
    s = load(
        4,
        phase="plant",
        planted=1,
        hands=[["soy"], [], [], []],
        fields=[fields, [["chili"], []], [["chili"], []], [["chili"], []]],
        coins=coins,
        rest="discard",
        stock_top=GREENS,
    )
    act(s, 0, {"end": "planting"})
    assert s.phase == "attack"
    b = MutterTraderBot(s.game)
    b.piles = piles
    return b, _MutCtx(b, s.view(0)), s


def test_an_attack_draws_its_babys_rattles_and_one_more_with_a_wuehler() -> None:
    """Each attack is valued with as many draws as its Baby has rattles (+1 for a Wühler in
    the attacker's fields)."""
    for wuehler in (False, True):
        f0 = ["blue", "wuehler", "blue-baby2"] if wuehler else ["blue", "blue-baby2"]
        b, c, s = _attacking([f0, ["red", "red-baby"]], [0, 3, 3, 3], [{}, {}, {}, {}])
        asked: list[tuple[int, int]] = []

        def value(q: int, draws: int, asked: list[tuple[int, int]] = asked) -> float:
            asked.append((q, draws))
            return 0.0

        c.attack_value = value  # type: ignore[method-assign]
        assert b._attack(c, s.legal_actions(0)) == Action(end="attacks")
        more = int(wuehler)
        assert sorted(asked) == sorted((q, r + more) for q in (1, 2, 3) for r in (2, 1))


def test_it_attacks_with_the_baby_of_more_rattles_first_on_equal_worth() -> None:
    """Against a pile of one fitting taler both Babys are worth the same (one draw is all
    there is): the one with 2 rattles goes first."""
    b, c, s = _attacking(
        [["blue", "blue-baby"], ["blue", "blue-baby2"]],
        [0, ["blue"], 0, 0],
        [{}, {"blue": 1.0}, {}, {}],
    )
    legal = s.legal_actions(0)
    assert c.attack_value(1, 1) == c.attack_value(1, 2) > 0.05
    assert b._attack(c, legal) == Action(attack=1, field=1)
    assert b._attack(c, list(reversed(legal))) == Action(attack=1, field=1)


def test_an_attack_worth_no_more_than_five_hundredths_is_skipped() -> None:
    b, c, s = _attacking(
        [["blue", "blue-baby"], []], [0, ["red"], 0, 0], [{}, {"red": 1.0}, {}, {}]
    )
    assert c.attack_value(1, 1) == 0.0
    assert b._attack(c, s.legal_actions(0)) == Action(end="attacks")
    c.attack_value = lambda q, draws: 0.05  # type: ignore[method-assign]
    assert b._attack(c, s.legal_actions(0)) == Action(end="attacks")
    c.attack_value = lambda q, draws: 0.06  # type: ignore[method-assign]
    assert b._attack(c, s.legal_actions(0)) == Action(attack=1, field=0)


def test_the_loser_spares_a_field_that_is_worth_more_on_the_way() -> None:
    """The Loser's harvest loses least: 5 Blue pay 1 now but more Blue is coming (the way on
    counts by the field's variety), 2 Red pay 1 and nothing more of them is unseen."""
    b, c, _ = table(players=3, stock_top=["blue"] * 5)
    sim = ([ids(b, "blue") * 5, ids(b, "red") * 2, []], ["blue", "red", None])
    assert c.lost_of(sim[0][0], "blue", 0) > 0
    assert c.fire(sim, 2, mb.LOSER, 0) == 1.0
    assert sim == ([ids(b, "blue") * 5, [], []], ["blue", None, None])


def test_the_frauenversteher_moves_only_ladys() -> None:
    """No Lady in the fields: nothing moves (a male moved above a Baby would pay more)."""
    b, c, _ = table()
    sim = ([ids(b, "blue", "blue", "blue", "blue", "blue-baby"), []], ["blue", None])
    c.fire(sim, 1, mb.FRAUENVERSTEHER, 0)
    assert sim[0][0] == ids(b, "blue", "blue", "blue", "blue", "blue-baby")


def test_the_frauenversteher_takes_the_first_lady_that_may_still_move_up() -> None:
    """A Lady at the highest place she may reach (under an Einsiedler on top) cannot move; of
    the others, gaining the same, the first moves."""
    b, c, _ = table(players=3)
    under = ids(b, "soy", "soy-lady", "einsiedler")
    pair = ids(b, "blue-lady", "blue", "blue", "blue-lady")
    chilis = ids(b, "chili-lady", "chili", "chili", "chili-lady")
    sim = ([under, list(pair), list(chilis)], ["soy", "blue", "chili"])
    c.fire(sim, 2, mb.FRAUENVERSTEHER, 0)
    assert sim[0][0] == under
    assert sim[0][1] == ids(b, "blue", "blue", "blue-lady", "blue-lady")
    assert sim[0][2] == chilis


# -- pulls, the end placement, give_first, one-shots ------------------------------------------


def test_a_pull_it_cannot_read_falls_back() -> None:
    """The pull is read on the field it names (field 0 if none); options that are no card of
    that field leave it as it is ("none"); a field it does not have, or no "none" among the
    choices: the fallback decides."""
    field = ["blue"] * 4 + ["blue-lady", "blue", "blue-baby"]
    b, _, s = table(fields=[[["soy"], field], [[], []], [[], []], [[], []]])
    view = s.view(0)
    legal = [Action(pull=4), Action(pull=True), Action(pull=9), Action(pull="none")]
    view["pull"] = {"field": 1}
    # the Lady on top of 7 pays 3, the male way 2 and the Baby's attack share 0.4
    assert b._pull(_MutCtx(b, view), legal) == Action(pull=4)
    assert b._pull(_MutCtx(b, view), legal[1:]) == Action(pull="none")
    view["pull"] = {"field": 2}
    assert b._pull(_MutCtx(b, view), legal[1:]) == Action(pull=True)  # off the fields: the first
    view["pull"] = {}  # no field named: field 0, the single Soy
    assert b._pull(_MutCtx(b, view), legal) == Action(pull="none")
    view["pull"] = {"field": 0}
    assert b._pull(_MutCtx(b, view), legal) == Action(pull="none")
    assert b._pull(_MutCtx(b, view), [Action(pull=0), Action(end="x")]) == Action(end="x")


def test_the_end_placement_skips_what_it_cannot_read_and_what_gains_nothing() -> None:
    """``_place``: only a card that raises the field's final harvest (by more than 0) is
    placed, the best first; a card or field it cannot read, or one that does not fit, is
    skipped; nothing to place: "end placing" (else the fallback)."""
    b, c, _ = table(
        phase="place",
        active=3,
        hands=[["blue", "chili", "blue-baby"], [], [], []],
        fields=[[["blue"] * 5, ["chili"] * 3], [[], []], [[], []], [[], []]],
        placing=[0, 1, 2, 3],
        ending=True,
    )
    blue, chili, baby = b.rep["blue"], b.rep["chili"], b.rep["blue-baby"]
    end = Action(end="placing")
    assert b._place(c, [Action(place=blue, field=0), Action(place=chili, field=1), end]) == Action(
        place=blue, field=0
    )
    assert b._place(c, [Action(place=chili, field=1), end]) == end  # 4 Chili still pay 1
    assert b._place(c, [Action(place=baby, field=0), end]) == end  # a Baby on top pays nothing
    unreadable = [
        Action(place=chili, field=0),  # no fit
        Action(place=blue, field=5),
        Action(place=blue, field=2),  # as many fields as it has: off them
        Action(place=blue, field="0"),
        Action(place=True, field=0),
    ]
    assert b._place(c, [*unreadable, end]) == end
    assert b._place(c, [end, *unreadable, Action(place=blue, field=0)]) == Action(
        place=blue, field=0
    )
    assert b._place(c, [Action(place=blue, field=0, under=True)]) == Action(
        place=blue, field=0, under=True
    )
    assert b._place(c, [Action(end="x")]) == Action(end="x")


def test_of_placements_gaining_the_same_the_first_is_taken() -> None:
    b, c, _ = table(
        phase="place",
        active=3,
        hands=[["blue", "chili"], [], [], []],
        fields=[[["blue"] * 5, ["chili"] * 5], [[], []], [[], []], [[], []]],
        placing=[0, 1, 2, 3],
        ending=True,
    )
    blue, chili = Action(place=b.rep["blue"], field=0), Action(place=b.rep["chili"], field=1)
    assert b._place(c, [blue, chili]) == blue  # each pays 1 more
    assert b._place(c, [chili, blue]) == chili


def test_a_kavalier_is_placed_under_the_lady_where_she_then_pays_more() -> None:
    """Under the Lady on top the 7th card leaves her on top (3 coins); on top the Kavalier pays
    as a male (2, as now): only the placement ``under`` gains."""
    b, c, _ = table(
        phase="place",
        active=3,
        hands=[["kavalier"], [], [], []],
        fields=[[["blue"] * 5 + ["blue-lady"], []], [[], []], [[], []], [[], []]],
        placing=[0, 1, 2, 3],
        ending=True,
    )
    kavalier = b.rep["kavalier"]
    end = Action(end="placing")
    under = Action(place=kavalier, field=0, under=True)
    assert b._place(c, [Action(place=kavalier, field=0), under, end]) == under
    assert b._place(c, [Action(place=kavalier, field=0), end]) == end


def test_of_a_variety_it_gives_first_the_card_it_values_least() -> None:
    """``_give_first``: for a variety an open offer takes from it, the Kotzbrocken before a
    Baby before a male before a Lady; other varieties are left alone (None)."""
    b, _, s = table(
        phase="trade",
        planted=1,
        hands=[["green", "green-lady", "kotzbrocken", "green-baby", "red", "red-lady"], [], [], []],
    )
    view = s.view(0)
    view["offers"] = [
        {
            "id": 1,
            "from": 0,
            "to": 1,
            "give": [{"variety": "green", "count": 1, "from": "hand"}],
            "want": [],
        }
    ]
    c = _MutCtx(b, view)
    marks = [
        Action(give_first=b.rep[n])
        for n in ("green", "green-lady", "kotzbrocken", "green-baby", "red-lady")
    ]
    assert b._give_first(c, marks) == Action(give_first=b.rep["kotzbrocken"])
    assert (
        b._give_first(c, marks[:2] + marks[3:]) is None
    )  # the Kotzbrocken goes first: only his mark
    assert b._give_first(c, [marks[4], Action(give_first="front")]) is None
    view["offers"] = [
        {
            "id": 1,
            "from": 1,
            "to": 0,
            "give": [],
            "want": [{"variety": "red", "count": 1, "from": "hand"}],
        }
    ]
    c = _MutCtx(b, view)
    assert b._give_first(c, marks) is None
    assert b._give_first(c, [Action(give_first=b.rep["red"]), marks[4]]) == Action(
        give_first=b.rep["red"]
    )
    view["offers"] = [
        {
            "id": 1,
            "from": 2,
            "to": 3,
            "give": [{"variety": "red", "count": 1, "from": "hand"}],
            "want": [{"variety": "red", "count": 1, "from": "hand"}],
        }
    ]
    assert b._give_first(_MutCtx(b, view), [Action(give_first=b.rep["red"])]) is None  # others'


def test_give_first_looks_past_the_varieties_no_offer_takes() -> None:
    b, _, s = table(phase="trade", planted=1, hands=[["green", "red"], [], [], []])
    view = s.view(0)
    view["offers"] = [
        {
            "id": 1,
            "from": 0,
            "to": 1,
            "give": [{"variety": "red", "count": 1, "from": "hand"}],
            "want": [],
        }
    ]
    marks = [Action(give_first=b.rep["green"]), Action(give_first=b.rep["red"])]
    assert b._give_first(_MutCtx(b, view), marks) == marks[1]


def test_without_the_end_among_its_choices_the_attacker_falls_back() -> None:
    b, c, s = _attacking(
        [["blue", "blue-baby"], []], [0, ["red"], 0, 0], [{}, {"red": 1.0}, {}, {}]
    )
    attacks = [a for a in s.legal_actions(0) if "attack" in a]
    assert b._attack(c, attacks) == attacks[0]


def test_the_active_player_gives_turned_up_cards_first_too() -> None:
    """The active player's turned-up cards count among what it holds of a variety."""
    b, _, s = table(
        phase="trade", planted=1, hands=[["green"], [], [], []], offer_area=["green-baby"]
    )
    view = s.view(0)
    view["offers"] = [
        {
            "id": 1,
            "from": 0,
            "to": 1,
            "give": [{"variety": "green", "count": 1, "from": "offer"}],
            "want": [],
        }
    ]
    c = _MutCtx(b, view)
    marks = [Action(give_first=b.rep["green"]), Action(give_first=b.rep["green-baby"])]
    assert b._give_first(c, marks) == marks[1]
    other = table(
        phase="trade", planted=1, viewer=1, hands=[[], ["green"], [], []], offer_area=["green-baby"]
    )
    view = other[2].view(1)
    view["offers"] = [
        {
            "id": 1,
            "from": 1,
            "to": 0,
            "give": [{"variety": "green", "count": 1, "from": "hand"}],
            "want": [],
        }
    ]
    assert b._give_first(_MutCtx(b, view), marks) == marks[0]  # not its turned-up cards


def test_the_kameradenschwein_draws_from_the_pile_most_likely_to_fit() -> None:
    """The victim whose talers most likely fit its fields, then the bigger pile."""
    b, _, s = table(fields=[[["blue"], []], [[], []], [[], []], [[], []]], coins=[0, 2, 2, 4])
    b.piles = [{}, {"blue": 1.0}, {}, {}]
    view = s.view(0)
    view["choice"] = {"player": 0, "effect": mb.KAMERADENSCHWEIN}
    c = _MutCtx(b, view)
    legal = [Action(taler_from=q) for q in (1, 2, 3)]
    assert b._one_shot(c, legal, view["choice"]) == Action(taler_from=1)
    b.piles = [{}, {}, {}, {}]
    assert b._one_shot(_MutCtx(b, view), legal, view["choice"]) == Action(taler_from=3)
    assert b._one_shot(_MutCtx(b, view), [Action(end="x")], view["choice"]) == Action(end="x")


def test_the_frauenversteher_choice_takes_the_lady_that_gains_most() -> None:
    b, _, s = table(
        fields=[
            [["soy-lady", "soy", "soy", "soy"], ["blue-lady"] + ["blue"] * 4],
            [[], []],
            [[], []],
            [[], []],
        ]
    )
    view = s.view(0)
    view["choice"] = {"player": 0, "effect": mb.FRAUENVERSTEHER}
    c = _MutCtx(b, view)
    legal = [Action(lady=0, field=0), Action(lady=0, field=1)]
    assert b._one_shot(c, legal, view["choice"]) == Action(lady=0, field=1)
    bad = [
        Action(lady=7, field=1),
        Action(lady=5, field=1),  # the field's size: off it
        Action(lady=0, field=4),
        Action(lady=0, field=2),  # as many fields as it has: off them
        Action(lady="0", field=1),
        Action(end="x"),
    ]
    assert b._one_shot(c, bad, view["choice"]) == Action(end="x")
    assert b._one_shot(c, [Action(lady=0, field=0), *bad], view["choice"]) == Action(
        lady=0, field=0
    )
    assert b._one_shot(c, [*bad, Action(lady=0, field=0)], view["choice"]) == Action(
        lady=0, field=0
    )


def test_the_schuerzenjaeger_takes_the_lady_that_does_most_for_the_hand() -> None:
    """She goes to the back of the hand; a Lady of a variety in its fields counts 0.3 more."""
    b, _, s = table(
        hands=[["soy"], [], [], []],
        fields=[[["red"] * 2, []], [[], []], [[], []], [[], []]],
        rest="stock",
        stock_top=[],
        discard=["red-lady", "blue-lady"],
    )
    view = s.view(0)
    view["choice"] = {"player": 0, "effect": mb.SCHUERZENJAEGER}
    c = _MutCtx(b, view)
    red, blue = Action(take=b.rep["red-lady"]), Action(take=b.rep["blue-lady"])
    assert b._lady_worth(c, "red-lady") == 1.0 and b._lady_worth(c, "blue-lady") == 0.0
    assert b._one_shot(c, [blue, red], view["choice"]) == red
    assert b._one_shot(c, [Action(take="x"), Action(end="x")], view["choice"]) == Action(end="x")
    assert b._one_shot(c, [Action(take="x"), red], view["choice"]) == red


def test_the_losers_harvest_is_chosen_among_the_harvests() -> None:
    b, _, s = table(
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 4, ["red"] * 2], [[], []], [[], []], [[], []]],
    )
    view = s.view(0)
    view["choice"] = {"player": 0, "effect": mb.LOSER}
    c = _MutCtx(b, view)
    legal = [Action(end="x"), Action(harvest=1), Action(harvest=0)]
    got = b._one_shot(c, legal, view["choice"])
    assert "harvest" in got
    assert b._one_shot(c, [Action(end="x")], view["choice"]) == Action(end="x")


@pytest.mark.parametrize(
    ("effect", "offered"),
    [
        (mb.ARBEITSTIER, [0, 1, 2]),  # the rearmost card too: a planting like the others
        (mb.KAMERADEN_PLANT, [0, 1, 2]),  # the drawn taler planted
        (mb.LOSER, [1, 2]),  # the Loser's harvest: among the harvests only
    ],
)
def test_one_shots_that_plant_or_harvest_are_chosen_by_the_evaluation(
    effect: str, offered: list[int]
) -> None:
    """These one-shots go to ``_choose`` with the hand, nothing else to plant and no second
    card (the Loser's with the harvests only, or everything where there is none)."""
    b, _, s = table(hands=[["soy", "red"], [], [], []])
    view = s.view(0)
    view["choice"] = {"player": 0, "effect": effect}
    c = _MutCtx(b, view)
    legal = [Action(end="x"), Action(harvest=1), Action(harvest=0)]
    asked: list[Any] = []

    def choose(*args: Any) -> Action:
        asked.append(args)
        return Action(end="chosen")

    b._choose = choose  # type: ignore[method-assign]
    assert b._one_shot(c, legal, view["choice"]) == Action(end="chosen")
    ((ctx, options, tp, hand, second),) = asked
    assert ctx is c and options == [legal[i] for i in offered]
    assert (tp, hand, second) == ([], ["soy", "red"], False) and second is False
    if effect == mb.LOSER:
        asked.clear()
        b._one_shot(c, legal[:1], view["choice"])
        assert asked[0][1] == legal[:1]


def test_a_field_without_a_listed_variety_is_its_bottom_cards_and_an_empty_field_has_none() -> None:
    """The view's ``field_varieties`` name a field's variety where they list it; a field they
    do not list (or a view without them) counts as its bottom card's variety; an empty field
    has no variety whatever they say."""
    b, _, s = table(
        players=3,
        fields=[[["kotzbrocken", "blue"], ["red"], []], [[], [], []], [[], [], []]],
        field_var=[["blue", "red", None], [None] * 3, [None] * 3],
    )
    view = s.view(0)
    assert _MutCtx(b, view).sims[0][1] == ["blue", "red", None]
    view["field_varieties"] = [["blue"], [], []]  # only the first slot listed
    assert _MutCtx(b, view).sims[0][1] == ["blue", "red", None]
    view["field_varieties"] = [["soy", "soy", "soy"], [], []]
    assert _MutCtx(b, view).sims[0][1] == ["soy", "soy", None]
    del view["field_varieties"]
    c = _MutCtx(b, view)
    assert c.sims[0] == ([ids(b, "kotzbrocken", "blue"), ids(b, "red"), []], ["green", "red", None])


def test_only_the_top_card_of_a_field_works_by_class_m() -> None:
    b, c, _ = table()
    assert c.effects(ids(b, "garden", "faulpelz", "garden")) == set()
    assert c.effects(ids(b, "garden", "arbeitstier", "faulpelz")) == {"draw_one_fewer"}


def test_a_forced_harvest_counts_the_way_on_of_the_fields_variety() -> None:
    """5 Blue with more Blue unseen lose their way on; 2 Red with none unseen lose nothing."""
    b, c, _ = table(stock_top=["blue"] * 5)
    sim = ([ids(b, "blue") * 5, ids(b, "red") * 2], ["blue", "red"])
    assert c.harvest_least(sim, 0) == 1


def test_two_cards_are_ordered_too() -> None:
    _, c, _ = table(fields=[[["red"], []], [[], []], [[], []], [[], []]])
    assert c.order(c.my_fields(), ["soy", "red"]) == ["red", "soy"]
    assert c.order(c.my_fields(), ["red-lady", "red"]) == ["red", "red-lady"]
    # the bigger group first, though its variety comes later by name
    assert c.order(c.my_fields(), ["green", "soy", "soy"]) == ["soy", "soy", "green"]


def test_a_pile_it_knows_nothing_of_is_the_starting_talers_and_an_empty_pile_nothing() -> None:
    """Before it saw any view every pile is spread over the varieties; a pile of no talers is
    empty whatever was known of it."""
    b, c, _ = table(coins=[2, 0, 8, 0])
    assert b.piles == []
    assert c.pile(0) == pytest.approx(dict.fromkeys(b.varieties, 2 / 8))
    assert c.pile(2) == pytest.approx(dict.fromkeys(b.varieties, 1.0))
    b.piles = [{}, {"blue": 1.0}, {}, {}]
    assert c.pile(1) == {}
    assert c.fit_share(1, {"blue"}) == 0.0


# -- which decision each step of the game asks ------------------------------------------------

ROUTES = ("_pull", "_one_shot", "_flitzer", "_duo", "_attack", "_defend", "_place")
ROUTES += ("_plant_front", "_plant_received", "_aktivist", "_give_first", "trade", "_anytime")
ROUTES += ("_unknown", "_choose")


def _route(
    view_edits: dict[str, Any], legal: list[Action], cls: type = MutterTraderBot, some: bool = True
) -> Any:
    """Which of the bot's deciders ``decide`` asks in a view of player 0 (4 players) changed by
    ``view_edits``, with ``legal``: each decider is replaced by one that names itself if it
    was handed this decision's context and choices (and ``_choose`` the hand, nothing to plant,
    no second card and the forced cards, which it names too); ``some``: whether _aktivist and
    _give_first find something."""
    b, _, s = table(cls=cls, hands=[["soy"], [], [], []], to_plant=[["red"], [], [], []])
    view = s.view(0)
    view.update(view_edits)
    c = _MutCtx(b, view)
    for name in ROUTES:

        def named(*args: Any, name: str = name, **kw: Any) -> Any:
            assert args[0] is c and args[1] is legal, name
            if name == "_choose":
                assert args[2:] == ([], c.hand_k, False) and args[4] is False
                return ("_choose", tuple(kw.get("forced") or ()))
            if name == "_one_shot":
                assert len(args) == 3 and args[2] is view["choice"]
            else:
                assert len(args) == 2 and not kw
            if name in ("_aktivist", "_give_first") and not some:
                return None
            if name in ("_duo", "trade", "_anytime", "_unknown"):
                return name, 0.0
            return name

        setattr(b, name, named)
    got = b.decide(c, legal)
    return got[0]


PLANT, HARVEST_0, END = Action(plant="front", field=0), Action(harvest=0), Action(end="x")


@pytest.mark.parametrize(
    ("edits", "legal", "route"),
    [
        ({}, [Action(pull=1), END], "_pull"),
        ({"choice": {"player": 0, "effect": "forced_harvest"}}, [HARVEST_0], "_one_shot"),
        (
            {"choice": {"player": 1, "effect": "forced_harvest"}, "phase": "plant"},
            [HARVEST_0],
            "_plant_front",
        ),
        ({}, [Action(flitzer="pass")], "_flitzer"),
        ({"foist": [{"player": 0, "cards": ["red", "soy"]}]}, [PLANT], ("_choose", ("red", "soy"))),
        ({"foist": [{"player": 1, "cards": ["red"]}]}, [PLANT], "_plant_front"),
        ({"foist": [{"player": 0, "cards": ["red"]}]}, [HARVEST_0], "_plant_front"),
        ({"mode": "two players", "phase": "take"}, [PLANT], "_duo"),
        ({"mode": "two players", "phase": "leftover"}, [PLANT], "_duo"),
        ({"mode": "two players", "phase": "reveal"}, [PLANT], "_duo"),
        ({"mode": "two players", "phase": "plant"}, [PLANT], "_duo"),
        ({"mode": "two players", "phase": "trade"}, [END], "trade"),
        ({"phase": "attack"}, [END], "_attack"),
        ({"phase": "attack", "active": 1}, [HARVEST_0], "_anytime"),
        ({"phase": "defend", "attack": {"target": 0}}, [END], "_defend"),
        ({"phase": "defend", "attack": {"target": 2}}, [HARVEST_0], "_anytime"),
        ({"phase": "defend", "attack": None}, [HARVEST_0], "_anytime"),
        ({"phase": "keep"}, [Action(keep=3, field=0)], ("_choose", ())),
        ({"phase": "keep"}, [HARVEST_0], "_anytime"),
        ({"phase": "keep", "attack": {"target": 0}}, [Action(keep=3, field=0)], ("_choose", ())),
        ({"phase": "place"}, [END], "_place"),
        ({"phase": "plant", "active": 1}, [HARVEST_0], "_anytime"),
        ({"phase": "plant-trades"}, [PLANT], "_plant_received"),
        ({"phase": "plant-trades", "to_plant": [[], ["red"], [], []]}, [HARVEST_0], "_anytime"),
        ({"phase": "trade"}, [Action(aktivist=3, field=0), END], "_aktivist"),
        ({"phase": "trade"}, [Action(give_first=3), END], "_give_first"),
        ({"phase": "trade"}, [END], "trade"),
        ({"phase": "over"}, [HARVEST_0], "_anytime"),
        ({"phase": "draw"}, [END], "_unknown"),
    ],
)
def test_each_step_is_decided_by_its_own_decider(
    edits: dict[str, Any], legal: list[Action], route: Any
) -> None:
    """``decide`` asks: a pull, this player's one-shot choice, the Flitzer, a gift it must plant
    (with the gift's cards), the 2-player turn, its attacks, its defence, the kept taler, the end
    placement, its planting, its received cards, the trading (Aktivist, give_first, trade);
    others' steps: harvests any time; an unknown phase: ``_unknown``."""
    assert _route(edits, legal) == route


def test_trading_goes_on_when_the_aktivist_and_give_first_have_nothing_to_say() -> None:
    legal = [Action(aktivist=3, field=0), Action(give_first=3), END]
    assert _route({"phase": "trade"}, legal, some=False) == "trade"
    # the notrade bot never marks cards to give first
    assert _route({"phase": "trade"}, [Action(give_first=3), END], cls=MutterNoTradeBot) == "trade"


# -- planting choices (``_choose``) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "forced", "route"),
    [
        (Action(plant="front", field=0), [], "hand"),
        (Action(plant="rear", field=0), [], "hand"),
        (Action(plant=7, field=0, **{"from": "hand"}), [], "hand"),  # a Hampelmann's 2nd card
        (Action(plant="taler", field=0), [], "kameradenschwein"),
        (Action(plant=7, field=0), ["red"], "received"),  # a gift planted at once
        (Action(plant=7, field=0), [], "later"),  # a card to plant from the trades
        (Action(keep=7, field=0), [], "attack"),  # a taler kept after an attack
        (Action(flitzer=7, field=0), [], "flitzer"),
        (Action(aktivist=7, field=0), [], "aktivist"),
    ],
)
def test_each_planting_is_valued_by_its_route(
    action: Action, forced: list[str], route: str
) -> None:
    """``_choose`` plants each choice in the simulation by the route the engine plants it by
    (which one-shots fire, which fields it may go to), handing on what is to be planted, the
    hand and the gifts."""
    b, c, _ = table(hands=[["soy", "red"], [], [], []])
    tp, hand = ["chili"], ["soy", "red"]
    asked: list[Any] = []

    def after_plant(*args: Any) -> tuple[float, list[str], list[str], list[str]]:
        asked.append(args)
        return 1.0, [], [], []

    b._after_plant = after_plant  # type: ignore[method-assign]
    assert b._choose(c, [action], tp, hand, False, forced=forced) == action
    ((ctx, a, key, tp_, hand_, forced_, route_),) = asked
    assert (ctx, a, tp_, hand_, forced_, route_) == (c, action, tp, hand, forced, route)
    assert key == next(k for k in ("plant", "keep", "flitzer", "aktivist") if k in action)


def test_the_best_planting_wins_and_a_skipped_one_counts_not() -> None:
    """The choice whose evaluation after it is highest; one ``_after_plant`` cannot read is
    skipped (not the end of the search)."""
    b, c, _ = table(hands=[["soy"], [], [], []])
    worth = {0: None, 1: 2.0, 2: 3.0, 3: 1.0}

    def after_plant(c: Any, a: Action, *rest: Any) -> Any:
        got = worth[a["field"]]
        return None if got is None else (got, [], [], [])

    b._after_plant = after_plant  # type: ignore[method-assign]
    legal = [Action(plant="front", field=f) for f in (0, 1, 2, 3)]
    assert b._choose(c, legal, [], ["soy"], False) == Action(plant="front", field=2)
    assert b._choose(c, [*legal[:1], Action(end="x")], [], ["soy"], False) == Action(end="x")


def test_the_second_card_goes_only_onto_a_field_of_its_variety() -> None:
    """After the first planting the optional 2nd card (the hand's front) is valued only on a
    field of its variety; an empty field is none (as the first card it may go there)."""
    b, c, _ = table(
        hands=[["red", "soy"], [], [], []], fields=[[["red"], []], [[], []], [[], []], [[], []]]
    )
    other = Action(end="x")  # no choice of _choose's: the fallback's answer
    own, empty = Action(plant="front", field=0), Action(plant="front", field=1)
    assert b._choose(c, [other, own], [], c.hand_k, True) == own
    assert b._choose(c, [other, empty], [], c.hand_k, True) == other
    assert b._choose(c, [other, empty], [], c.hand_k, False) == empty
    assert b._choose(c, [other, own], [], [], True) == other  # no hand: no 2nd card


def test_a_harvest_that_pays_nothing_is_no_choice_while_a_card_can_be_planted() -> None:
    """A harvest is valued by its coins and the evaluation after it; one that pays nothing is
    passed over while anything can be planted, taken, kept or placed."""
    b, c, _ = table(
        hands=[["soy"], [], [], []],
        fields=[[["red"] * 2, ["blue"] * 3], [[], []], [[], []], [[], []]],
    )
    # 2 Red pay 1 now; else the Soy in the hand forces the harvest of the 3 Blue (nothing) and
    # the Red pay 1 later: equal, and the end of planting wins a tie
    end = Action(end="planting")
    assert b._choose(c, [Action(harvest=0), end], [], ["soy"], False) == end
    for key in ("plant", "keep", "flitzer", "aktivist", "place"):
        plantable = [Action(harvest=1), Action(**{key: "none"}), Action(end="x")]
        assert b._choose(c, plantable, [], ["soy"], False) == Action(end="x")
        paying = [Action(end="x"), Action(**{key: "none"}), Action(harvest=0)]
        assert b._choose(c, paying, [], ["soy"], False) == Action(harvest=0)


def test_discarding_a_hand_card_costs_its_discard_cost() -> None:
    """2 players: discarding a hand card is valued by the hand without it, less
    ``discard_cost``; an index off the hand is no choice."""
    _, _, s = table(
        hands=[["soy", "red"], [], [], []], fields=[[["red"], []], [[], []], [[], []], [[], []]]
    )
    end, discard = Action(end="planting"), Action(discard_hand=0)
    hand = ["soy", "red"]
    for cost, best in ((100.0, end), (-100.0, discard)):
        b = MutterTraderBot(s.game, discard_cost=cost)
        c = _MutCtx(b, s.view(0))
        assert b._choose(c, [end, discard], [], hand, False) == best
    off = [end, Action(discard_hand=2), Action(discard_hand=-1), Action(discard_hand="0")]
    assert b._choose(c, off, [], hand, False) == end


@pytest.mark.parametrize(
    ("action", "rest"),
    [
        # what is left to plant, in the hand and of the gifts after the planting
        (Action(plant="front", field=0), (["red"], ["soy", "red"], ["red"])),
        (Action(plant="rear", field=0), (["red"], ["red", "soy"], ["red"])),
        (Action(plant="red", field=0, **{"from": "hand"}), (["red"], ["soy", "red"], ["red"])),
        (Action(plant="red", field=0), (["red"], ["red", "soy", "red"], [])),  # a gift first
    ],
)
def test_after_a_planting_the_card_is_gone_from_where_it_came(
    action: Action, rest: tuple[list[str], list[str], list[str]]
) -> None:
    """``_after_plant`` plants the named card where it may go (on a copy of the fields) and
    values the position with that card gone from the hand's front or rear, the hand, the gifts
    or the cards to plant."""
    b, c, _ = table(
        hands=[["red", "soy", "red"], [], [], []],
        fields=[[["red"], []], [[], []], [[], []], [[], []]],
    )
    if action["plant"] == "red":
        action = Action({**action, "plant": b.rep["red"]})
    planted: list[Any] = []
    valued: list[Any] = []
    c.plant_at = lambda *args: planted.append(args) or 0.5  # type: ignore[method-assign]

    def evaluate(sim: Any, tp: list[str], hand: list[str], forced: Any = None) -> float:
        valued.append((sim, tp, hand, forced))
        return 1.0

    c.evaluate = evaluate  # type: ignore[method-assign]
    got = b._after_plant(c, action, "plant", ["red"], ["red", "soy", "red"], ["red"], "route")
    assert got == (1.5, *rest)
    ((sim, card, f, w, route, p),) = planted
    assert (card, f, w, route, p) == (b.rep["red"], 0, "top", "route", 0)
    assert sim == ([ids(b, "red"), []], ["red", None]) and sim[0] is not c.my_fields()[0]
    assert valued == [(sim, *rest)]


def test_a_planting_it_cannot_do_is_no_choice() -> None:
    """No card named, a field it does not have, or no placement on that field: None."""
    b, c, _ = table(
        hands=[["red"], [], [], []], fields=[[["red"], ["blue"]], [[], []], [[], []], [[], []]]
    )
    for action in (
        Action(plant="x", field=0),
        Action(plant="front", field=2),
        Action(plant="front", field=-1),
        Action(plant="front", field=1),  # Blue takes no Red
    ):
        assert b._after_plant(c, action, "plant", [], ["red"], [], "hand") is None, action
    assert b._after_plant(c, Action(plant="front", field=0), "plant", [], ["red"], [], "hand")


def test_the_frauenversteher_weighs_the_gain_not_the_field() -> None:
    """The Lady whose move gains most, whatever her field is worth now: 7 Blue pay 2 (3 with
    the Lady on top), 2 Soy pay 1 (1 with her on top too)."""
    b, c, _ = table(players=3)
    sim = (
        [ids(b, "soy-lady", "soy"), ids(b, "blue-lady") + ids(b, "blue") * 6, []],
        ["soy", "blue", None],
    )
    c.fire(sim, 2, mb.FRAUENVERSTEHER, 0)
    assert sim[0][0] == ids(b, "soy-lady", "soy")
    assert sim[0][1] == ids(b, "blue") * 6 + ids(b, "blue-lady")


def test_the_frauenversteher_counts_the_way_on_the_field_gives_up() -> None:
    """5 Blue with more Blue unseen are worth their way on already: the Lady on top gains less
    there than on 5 Chili (1 coin more, none unseen)."""
    b, c, _ = table(players=3, stock_top=["blue"] * 5)
    blue, chili = (
        ids(b, "blue-lady") + ids(b, "blue") * 4,
        ids(b, "chili-lady") + ids(b, "chili") * 4,
    )
    assert c.fvalue(blue, "blue", 0) > 1.0  # the way on
    sim = ([list(blue), list(chili), []], ["blue", "chili", None])
    c.fire(sim, 2, mb.FRAUENVERSTEHER, 0)
    assert sim[0][0] == blue
    assert sim[0][1] == ids(b, "chili") * 4 + ids(b, "chili-lady")


def test_the_frauenversteher_values_the_lady_on_top_with_the_way_on() -> None:
    """On 6 Blue with more Blue unseen the Lady on top pays 2, as the male on top does, and
    the field keeps its way on to 8 either way: she gains nothing, as the Chili Lady does;
    of equal gains the first moves."""
    b, c, _ = table(players=3, stock_top=["blue"] * 5)
    blue = ids(b, "blue-lady") + ids(b, "blue") * 5
    chili = ids(b, "chili-lady", "chili", "chili", "chili-lady")
    sim = ([list(blue), list(chili), []], ["blue", "chili", None])
    c.fire(sim, 2, mb.FRAUENVERSTEHER, 0)
    assert sim[0][0] == ids(b, "blue") * 5 + ids(b, "blue-lady")
    assert sim[0][1] == chili


# -- the Flitzer and the Aktivist ---------------------------------------------------------------


def _stubbed(gain: float, base: float = 2.0) -> tuple[Any, Any, list[Any]]:
    """A bot whose ``_choose`` takes the first choice and whose ``_after_plant`` values it at
    ``base + gain`` (the evaluation without it: ``base``); what they were asked is kept."""
    b, c, _ = table(hands=[["soy", "red"], [], [], []], to_plant=[["chili"], [], [], []])
    asked: list[Any] = []

    def choose(*args: Any) -> Action:
        asked.append(("choose", *args[1:]))
        return args[1][0]

    def after_plant(*args: Any) -> tuple[float, list[str], list[str], list[str]]:
        asked.append(("after", *args[1:]))
        return base + gain, [], [], []

    b._choose = choose  # type: ignore[method-assign]
    b._after_plant = after_plant  # type: ignore[method-assign]
    c.evaluate = lambda *args, **kw: base  # type: ignore[method-assign]
    c._base = None
    return b, c, asked


@pytest.mark.parametrize(("gain", "taken"), [(0.11, True), (0.1, False), (-1.0, False)])
def test_the_flitzer_is_taken_when_planting_him_gains_more_than_a_tenth(
    gain: float, taken: bool
) -> None:
    b, c, asked = _stubbed(gain)
    take, skip = Action(flitzer=5, field=0), Action(flitzer="pass")
    got = b._flitzer(c, [skip, take, Action(flitzer=5)])
    assert got == (take if taken else skip)
    assert asked[0] == ("choose", [take], [], c.hand_k, False)
    assert asked[1] == ("after", take, "flitzer", [], c.hand_k, [], "flitzer")


def test_without_a_field_to_take_him_to_the_flitzer_is_passed() -> None:
    b, c, asked = _stubbed(5.0)
    skip = Action(flitzer="pass")
    assert b._flitzer(c, [skip]) == skip and asked == []
    assert b._flitzer(c, [Action(end="x")]) == Action(end="x")
    # _choose's answer "pass" is no planting
    b._choose = lambda *args: skip  # type: ignore[method-assign]
    assert b._flitzer(c, [Action(flitzer=5, field=0), skip]) == skip and asked == []
    b._after_plant = lambda *args: None  # type: ignore[method-assign]
    b._choose = lambda *args: args[1][0]  # type: ignore[method-assign]
    assert b._flitzer(c, [Action(flitzer=5, field=0), skip]) == skip


@pytest.mark.parametrize(("gain", "taken"), [(0.11, True), (0.1, False)])
def test_the_aktivist_takes_the_soy_when_it_gains_more_than_a_tenth(
    gain: float, taken: bool
) -> None:
    """Of the Aktivist's choices the best by ``_choose`` (with the cards to plant and the
    hand), taken if it gains more than 0.1 over the position without it; else None."""
    b, c, asked = _stubbed(gain)
    claim = Action(aktivist=5, field=0)
    got = b._aktivist(c, [Action(end="x"), claim])
    assert got == (claim if taken else None)
    assert asked[0] == ("choose", [claim], ["chili"], c.hand_k, False)
    assert asked[1] == ("after", claim, "aktivist", ["chili"], c.hand_k, [], "aktivist")
    b._after_plant = lambda *args: None  # type: ignore[method-assign]
    assert b._aktivist(c, [claim]) is None


def test_a_taler_drawn_in_an_attack_goes_onto_a_field_that_exists() -> None:
    """A kept taler is planted on an existing field, not an empty one (as the engine plants
    it): on the Baby's field it covers her, so the taler's worth is her attack share lost
    (0.8, less what the 5th Blue adds on the way on), not a new field's."""
    b, _, s = table(
        players=3,
        hands=[[], [], []],
        fields=[[["blue"] * 3 + ["blue-baby2"], [], []], [[], [], []], [[], [], []]],
        coins=[0, ["blue"], 0],
        stock_top=stock(45),
    )
    b.piles = [{}, {"blue": 1.0}, {}]
    c = _MutCtx(b, s.view(0))
    assert c.remaining == 1.0
    assert -0.8 < c.taler_gain(1) < -0.5
