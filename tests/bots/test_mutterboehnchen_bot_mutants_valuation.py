"""Mutterböhnchen's bots: the valuation of one decision (mutation tests of
games/mutterboehnchen/bots.py's ``_MutCtx``).

The module docstring's valuation is the spec: planting takes the placement whose evaluation
after it is best, with the best optional Lady/Baby pull (none on a tie) and the one-shots it
fires (a played card's only from the hand, nothing at the end placement or for a card that did
not end on top); a card that fits nowhere forces the harvest that loses least (not at the end);
an evaluation is the coins of forced harvests and one-shots while planting what was received,
what is to be planted and the front card (and the next if it fits a field of its variety), plus
the fields' worth and the outlook of the later hand cards; a trade's gain is that evaluation
after the cards given (``give_first``'s card of a variety) and received (the offer's rearmost
of the variety, a hand's plain male), less the one before. The caches a decision shares with
the bot's last one hold only while what they depend on is the same. Each test builds a
position by hand (``rest="discard"``: the beans still unseen are the stock's ten Green) and
checks one of these on the decision context.
"""

from __future__ import annotations

from typing import Any

import pytest
from mutterboehnchen_bot_positions import ids, table

from spieltisch.games.mutterboehnchen import bots as mb
from spieltisch.games.mutterboehnchen.bots import _MutCtx


def _sim(b: Any, *fields: list[str]) -> mb.Sim:
    """One player's simulated fields (bottom first); a field's variety is its bottom card's."""
    cards = [ids(b, *f) for f in fields]
    return cards, [b.kinds_by_name[f[0]].variety if f else None for f in fields]


def _names(b: Any, sim: mb.Sim) -> list[list[str]]:
    return [[b.kinds[c].name for c in f] for f in sim[0]]


# -- plant_at: the optional pull -------------------------------------------------------------


def test_a_baby_planted_pulls_the_lady_up_onto_the_top_where_she_pays_more() -> None:
    """A Baby on top pays nothing (a share of an attack); the Lady two below it moves up onto
    the top where her coins beat that, even by less than a coin; the Baby, no longer on top,
    fires nothing."""
    b, c, _ = table()
    sim = _sim(b, ["red"], ["blue", "blue", "blue-lady", "blue"])
    before = c.fvalue(ids(b, "blue", "blue", "blue-lady", "blue", "blue-baby"), "blue", 0)
    assert c.plant_at(sim, b.rep["blue-baby"], 1, "top", mb.HAND_ROUTE, 0) == 0.0
    assert _names(b, sim)[1] == ["blue", "blue", "blue", "blue-baby", "blue-lady"]
    assert 0 < c.fvalue(sim[0][1], "blue", 0) - before < 1  # less than a coin better
    assert _names(b, sim)[0] == ["red"]


def test_a_baby_planted_pulls_no_lady_where_the_way_on_is_worth_more() -> None:
    """Six Blue with a Baby on top are worth their way on plus the attack share; the Lady
    pulled onto the top would pay less: no pull."""
    b, c, _ = table()
    sim = _sim(b, ["blue"] * 3 + ["blue-lady", "blue"])
    c.plant_at(sim, b.rep["blue-baby"], 0, "top", mb.HAND_ROUTE, 0)
    assert _names(b, sim)[0] == ["blue"] * 3 + ["blue-lady", "blue", "blue-baby"]


def test_a_lady_planted_pulls_the_baby_onto_the_top_for_its_way_on_and_attack_share() -> None:
    """A Lady planted over a Baby: the Baby pulled onto the top keeps the field's way on (by
    its variety) and adds the attack share, more than the Lady's one coin: pulled."""
    b, c, _ = table()
    sim = _sim(b, [], ["blue", "blue", "blue-baby"])
    assert c.plant_at(sim, b.rep["blue-lady"], 1, "top", mb.HAND_ROUTE, 0) == 0.0
    assert _names(b, sim)[1] == ["blue", "blue", "blue-lady", "blue-baby"]


def test_a_pull_that_changes_nothing_of_the_worth_is_not_made() -> None:
    """A Lady planted on top: pulling the bottom Baby up two places leaves the Lady on top and
    the field's worth the same: no pull (a tie keeps the field as it is)."""
    b, c, _ = table()
    sim = _sim(b, [], ["blue-baby", "blue", "blue", "blue"])
    c.plant_at(sim, b.rep["blue-lady"], 1, "top", mb.HAND_ROUTE, 0)
    assert _names(b, sim)[1] == ["blue-baby", "blue", "blue", "blue", "blue-lady"]


# -- plant_at: which one-shots fire ----------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "card", "route", "bonus"),
    [
        # a Schürzenjäger played from the hand: a Lady lies in the discard pile
        (["chili", "chili"], "schuerzenjaeger", mb.HAND_ROUTE, 0.4),
        # ... but not when planted later, received, or at the end placement
        (["chili", "chili"], "schuerzenjaeger", mb.LATER, 0.0),
        (["chili", "chili"], "schuerzenjaeger", mb.RECEIVED, 0.0),
        (["chili", "chili"], "schuerzenjaeger", mb.END, 0.0),
        # a Kameradenschwein played from the hand: someone has a taler
        (["stink"], "kameradenschwein", mb.HAND_ROUTE, 0.6),
        (["stink"], "kameradenschwein", mb.RECEIVED, 0.0),
        # the Lichtgestalt moves up over him: he is not on top, nothing fires
        (["chili", "chili", "lichtgestalt"], "schuerzenjaeger", mb.HAND_ROUTE, 0.0),
    ],
)
def test_a_played_card_fires_only_from_the_hand_and_on_top(
    field: list[str], card: str, route: str, bonus: float
) -> None:
    """The one-shots of a played card (Schürzenjäger, Kameradenschwein) come with playing it
    from the hand, and only if it ends on top; never at the end placement."""
    b, c, _ = table(coins=[0, 2, 0, 0])
    sim = _sim(b, field)
    assert c.plant_at(sim, b.rep[card], 0, "top", route, 0) == pytest.approx(bonus)


def test_a_choleriker_discards_the_other_fields_tops_not_his_own() -> None:
    """The Choleriker, planted on top, discards the top card of every other field (an emptied
    field loses its variety); his own field keeps what it has."""
    b, c, _ = table()
    sim = _sim(b, ["blue", "blue-lady"], ["red", "red"], ["soy"])
    assert c.plant_at(sim, b.rep["choleriker"], 1, "top", mb.LATER, 0) == 0.0
    assert _names(b, sim) == [["blue"], ["red", "red", "choleriker"], []]
    assert sim[1] == ["blue", "red", None]


def test_a_choleriker_at_the_end_placement_fires_nothing() -> None:
    """The end placement only raises what a field pays: no one-shot fires."""
    b, c, _ = table()
    sim = _sim(b, ["blue", "blue-lady"], ["red", "red"])
    c.plant_at(sim, b.rep["choleriker"], 1, "top", mb.END, 0)
    assert _names(b, sim) == [["blue", "blue-lady"], ["red", "red", "choleriker"]]


# -- put: where a card that must be planted goes ---------------------------------------------


def test_a_card_that_fits_nowhere_forces_the_harvest_that_loses_least() -> None:
    """No field takes the Kameradenschwein: the field that loses least by its harvest is
    harvested (of equal losses the bigger, three Red for 2 coins) and he goes there; the coins
    and his bonus from the hand (a taler to draw) are what planting him brings."""
    b, c, _ = table(coins=[0, 2, 0, 0])
    sim = _sim(b, ["red"] * 3, ["soy"] * 2)
    got = c.put(sim, "kameradenschwein", 0, mb.HAND_ROUTE)
    assert got == pytest.approx(2 + 0.6)
    assert _names(b, sim) == [["kameradenschwein"], ["soy", "soy"]]


def test_at_the_end_placement_a_card_that_fits_nowhere_is_not_planted() -> None:
    """The end placement harvests nothing to make room: the card is left out, worth 0."""
    b, c, _ = table()
    sim = _sim(b, ["red"] * 3, ["soy"] * 2)
    assert c.put(sim, "blue", 0, mb.END) == 0.0
    assert _names(b, sim) == [["red"] * 3, ["soy", "soy"]]


def test_a_card_goes_where_the_fields_gain_most_even_onto_a_lady() -> None:
    """Starting a field gives up what the empty field is worth; a Blue on a Lady's two cards
    loses nothing (neither pays yet): it goes onto her field."""
    b, c, _ = table()
    sim = _sim(b, [], ["blue", "blue-lady"])
    c.put(sim, "blue", 0, mb.LATER)
    assert _names(b, sim) == [[], ["blue", "blue-lady", "blue"]]


def test_a_card_goes_onto_its_growing_field_not_a_new_one() -> None:
    """A fourth Blue makes three pay a coin; a new field would give up the empty field's worth."""
    b, c, _ = table()
    sim = _sim(b, [], ["blue"] * 3)
    c.put(sim, "blue", 0, mb.LATER)
    assert _names(b, sim) == [[], ["blue"] * 4]


def test_of_equal_choices_a_card_takes_the_first_field() -> None:
    """Two empty fields are worth the same: the first one is taken."""
    b, c, _ = table()
    sim = _sim(b, [], [])
    c.put(sim, "blue", 0, mb.LATER)
    assert _names(b, sim) == [["blue"], []]


def test_a_baby_goes_onto_its_variety_s_field_for_its_way_on_and_attack_share() -> None:
    """A Green Baby on the two Green keeps their way on (Green are still unseen) and adds an
    attack share; a field of its own would give up the empty field's worth."""
    b, c, _ = table()
    sim = _sim(b, [], ["green", "green"])
    c.put(sim, "green-baby", 0, mb.LATER)
    assert _names(b, sim) == [[], ["green", "green", "green-baby"]]


@pytest.mark.parametrize("swallow_all", [False, True])
def test_a_kavalier_is_slid_under_a_lady_when_that_is_worth_more(swallow_all: bool) -> None:
    """The Kavalier may go on top of a Blue field or under its Lady: under, she stays on top
    and pays a coin for three cards (so too with the option ``schluckspecht_all_fields`` and no
    Schluckspecht on the fields: the position is then simulated on all fields)."""
    b, c, _ = table(options={"schluckspecht_all_fields": swallow_all})
    sim = _sim(b, ["blue", "blue-lady"])
    c.put(sim, "kavalier", 0, mb.LATER)
    assert _names(b, sim) == [["blue", "kavalier", "blue-lady"]]


def test_with_the_schluckspecht_on_all_fields_a_card_goes_to_the_bottom_that_costs_least() -> None:
    """Option ``schluckspecht_all_fields``: every card goes to a field's bottom; the
    Kotzbrocken may go under the Green or the Blue field and goes where the fields' worth
    gains most (the position is simulated on all fields)."""
    b, c, _ = table(options={"schluckspecht_all_fields": True})
    sim = _sim(b, ["green", "schluckspecht"], ["blue", "blue-lady"])
    assert c.options(sim, b.rep["kotzbrocken"], mb.LATER, 0) == [(0, "bottom"), (1, "bottom")]
    c.put(sim, "kotzbrocken", 0, mb.LATER)
    assert _names(b, sim) == [["green", "schluckspecht"], ["kotzbrocken", "blue", "blue-lady"]]


# -- evaluate: what planting brings plus the fields' worth -------------------------------------


def _three_fields(*mine: list[str], coins: list[int] | None = None) -> tuple[Any, _MutCtx]:
    b, c, _ = table(
        coins=coins or [0, 2, 0, 0],
        fields=[list(mine), [[], [], []], [[], [], []], [[], [], []]],
    )
    return b, c


def test_received_cards_go_onto_existing_fields_and_their_forced_harvests_count() -> None:
    """The Blue and the Kameradenschwein received must go onto existing fields (not the empty
    one): the Blue forces the harvest of the three Red (2 coins), the Kameradenschwein that of
    the two Soy (1 coin; the one-bean rule spares the single Blue). The evaluation is those
    coins plus the fields' worth, the empty field's included."""
    b, c = _three_fields(["red"] * 3, ["soy"] * 2, [])
    got = c.evaluate(c.sims[0], [], [], forced=["kameradenschwein", "blue"])
    worth = (
        c.fvalue(ids(b, "blue"), "blue", 0)
        + c.fvalue(ids(b, "kameradenschwein"), "stink", 0)
        + c.fvalue([], None, 0)
    )
    assert got == pytest.approx(2 + 1 + worth)


def test_a_loser_to_plant_adds_his_harvest_to_the_received_cards_harvest() -> None:
    """The received Blue forces the Red's harvest (2 coins); the Loser to be planted then
    starts the empty field and harvests the two Soy (1 coin): both count."""
    b, c = _three_fields(["red"] * 3, ["soy"] * 2, [])
    got = c.evaluate(c.sims[0], ["loser"], [], forced=["blue"])
    worth = c.fvalue(ids(b, "blue"), "blue", 0) + c.fvalue(ids(b, "loser"), "blackeyed", 0)
    assert got == pytest.approx(2 + 1 + worth + c.fvalue([], None, 0))


def test_the_front_card_and_the_next_of_a_field_s_variety_are_played_the_rest_is_outlook() -> None:
    """The received Blue forces the Red's harvest; both Kameradenschweine are then played
    from the hand onto the Stink field (the second fits a field of its variety), each with his
    bonus (a taler to draw); the two Green behind them are the outlook: one may start the free
    field."""
    b, c = _three_fields(["red"] * 3, ["stink"], [])
    hand = ["kameradenschwein", "kameradenschwein", "green", "green"]
    got = c.evaluate(c.sims[0], [], hand, forced=["blue"])  # the Blue: the Red's 2 coins
    after = [ids(b, "blue"), ids(b, "stink", "kameradenschwein", "kameradenschwein")]
    worth = c.fvalue(after[0], "blue", 0) + c.fvalue(after[1], "stink", 0) + c.fvalue([], None, 0)
    least = min(c.lost_of(after[0], "blue", 0), c.lost_of(after[1], "stink", 0), c.mbot.empty)
    outlook = c.outlook(["green", "green"], {"blue": 1, "stink": 3}, 1, least)
    assert outlook > 0
    assert got == pytest.approx(2 + 0.6 + 0.6 + worth + outlook)


def test_a_later_card_with_no_free_field_left_costs_the_field_that_loses_least() -> None:
    """The front Green grows the two Green; of the Chili and the Soy behind it one starts the
    one free field, the other costs what the field losing least by a harvest is worth beyond
    its coins (the single Green's way on: Green are still unseen)."""
    b, c = _three_fields(["green"] * 2, ["green"], [])
    got = c.evaluate(c.sims[0], [], ["green", "chili", "soy"])
    after = [ids(b, "green", "green", "green"), ids(b, "green")]
    worth = c.fvalue(after[0], "green", 0) + c.fvalue(after[1], "green", 0) + c.mbot.empty
    least = min(c.lost_of(after[0], "green", 0), c.lost_of(after[1], "green", 0), c.mbot.empty)
    assert least > 0
    assert least == pytest.approx(c.lost_of(after[1], "green", 0))
    outlook = c.outlook(["chili", "soy"], {"green": 3}, 1, least)
    assert outlook == pytest.approx(-b.later * 0.7 * least)
    assert got == pytest.approx(worth + outlook)


# -- a trade's gain ------------------------------------------------------------------------------


def test_a_variety_given_from_the_hand_is_its_kotzbrocken_first_else_the_rearmost() -> None:
    """``my_gain`` gives the card ``give_first`` marks: of the Green the Kotzbrocken before the
    males and the Lady; of two plain Green the rearmost (the front one is still played). A
    variety it does not hold cannot be given (-99). Each question gets its own answer."""
    _, c, _ = table(
        hands=[["green-lady", "kotzbrocken", "green", "soy", "red", "red"], [], [], []],
        fields=[[["green"] * 2, []], [[], []], [[], []], [[], []]],
    )
    fields, tp = c.my_fields(), c.plant_row(0)
    kotz = c.my_gain([("green", mb.HAND)], [])
    assert kotz == pytest.approx(
        c.evaluate(fields, tp, ["green-lady", "green", "soy", "red", "red"]) - c.base()
    )
    assert c.my_gain([("blue", mb.HAND)], []) == -99.0
    two = c.my_gain([("green", mb.HAND), ("green", mb.HAND)], [])
    assert two == pytest.approx(
        c.evaluate(fields, tp, ["green-lady", "soy", "red", "red"]) - c.base()
    )
    _, c, _ = table(
        hands=[["green", "soy", "green"], [], [], []],
        fields=[[["green"] * 2, []], [[], []], [[], []], [[], []]],
    )
    rear = c.my_gain([("green", mb.HAND)], [])
    assert rear == pytest.approx(c.evaluate(c.my_fields(), [], ["green", "soy"]) - c.base())
    assert rear != pytest.approx(c.evaluate(c.my_fields(), [], ["soy", "green"]) - c.base())


def test_a_variety_given_from_the_cards_to_plant_leaves_the_hand_as_it_is() -> None:
    """In phase 3 a card given from the cards to plant (source ``offer``) leaves them; what is
    got from a hand is a plain male, received onto a field; the hand is unchanged."""
    _, c, _ = table(
        phase="plant-trades",
        planted=1,
        hands=[["green", "red"], [], [], []],
        fields=[[["green"] * 2, ["red"]], [[], []], [[], []], [[], []]],
        to_plant=[["soy", "red"], [], [], []],
    )
    fields, hand = c.my_fields(), ["green", "red"]
    gave = c.my_gain([("soy", mb.OFFER)], [])
    assert gave == pytest.approx(c.evaluate(fields, ["red"], hand) - c.base())
    got = c.my_gain([], [("green", mb.HAND)])
    assert got == pytest.approx(
        c.evaluate(fields, ["soy", "red"], hand, forced=["green"]) - c.base()
    )
    assert got != pytest.approx(gave)


def _their_side(blues: int) -> _MutCtx:
    """Player 1 has ``blues`` Blue on a field and Blue, a Blue Lady and Blue to plant."""
    _, c, _ = table(
        phase="plant-trades",
        planted=1,
        fields=[[[], []], [["blue"] * blues, []], [[], []], [[], []]],
        to_plant=[[], ["blue", "blue-lady", "blue"], [], []],
    )
    return c


def test_their_gain_drops_a_card_given_from_their_cards_to_plant_not_from_their_hand() -> None:
    """For an opponent only the cards to plant count (the hand is hidden): giving a Blue from
    them leaves their Lady on four cards (1 coin, not 2 on five); a card from their hand
    changes nothing known; what they get is received onto their fields. Each question gets
    its own answer."""
    c = _their_side(2)
    sim, tp = c.sims[1], ["blue", "blue-lady", "blue"]
    before = c.evaluate(sim, tp, [], 1)
    gave = c.their_gain(1, [("blue", mb.OFFER)], [])
    assert gave == pytest.approx(c.evaluate(sim, ["blue", "blue-lady"], [], 1) - before)
    assert gave < 0
    assert c.their_gain(1, [("blue", mb.HAND)], []) == 0.0
    got = c.their_gain(1, [], [("soy", mb.HAND)])
    assert got == pytest.approx(c.evaluate(sim, tp, [], 1, forced=["soy"]) - before)
    assert got != 0.0


def test_their_gain_drops_the_rearmost_of_the_variety_given_not_the_lady() -> None:
    """Of Blue, Blue Lady, Blue the rearmost Blue goes: the Lady still ends on top of five cards
    (2 coins, as before); five Blue without her would pay 1."""
    c = _their_side(3)
    sim, tp = c.sims[1], ["blue", "blue-lady", "blue"]
    before = c.evaluate(sim, tp, [], 1)
    gave = c.their_gain(1, [("blue", mb.OFFER)], [])
    assert gave == pytest.approx(c.evaluate(sim, ["blue", "blue-lady"], [], 1) - before)
    assert gave != pytest.approx(c.evaluate(sim, ["blue", "blue"], [], 1) - before)


def test_cards_got_are_the_offer_s_rearmost_of_the_variety_or_a_hand_s_plain_male() -> None:
    """From the turned-up cards the engine takes the rearmost of the variety (the next one
    after it), from a hand a card of hidden kind: counted as the plain male."""
    _, c, _ = table(phase="trade", offer_area=["blue", "blue-lady", "blue"])
    got = c._received([("blue", mb.OFFER), ("blue", mb.OFFER), ("soy", mb.HAND)])
    assert got == ["blue", "blue-lady", "soy"]


# -- what is seen, and the caches a decision shares ----------------------------------------------


def test_cards_foisted_in_the_view_are_seen() -> None:
    """The cards of a pending foist lie open: they are no longer unseen."""
    b, _, state = table()
    view = state.view(0)
    plain = _MutCtx(b, view).unseen["green"]
    view["foist"] = [{"player": 1, "cards": ["green", "green"]}]
    assert _MutCtx(b, view).unseen["green"] == plain - 2


def test_a_decision_with_other_numbers_does_not_reuse_the_last_one_s_caches() -> None:
    """The Kameradenschwein's bonus depends on whether anyone has a taler: the next decision
    without talers must not take the last one's cached planting (``_share_tables``)."""
    b, c, _ = table(coins=[0, 2, 0, 0])
    assert c.put(_sim(b, ["stink"]), "kameradenschwein", 0, mb.HAND_ROUTE) == pytest.approx(0.6)
    _, _, bare = table(coins=[0, 0, 0, 0])
    later = _MutCtx(b, bare.view(0))
    assert later.put(_sim(b, ["stink"]), "kameradenschwein", 0, mb.HAND_ROUTE) == 0.0


def test_a_single_card_field_replaced_by_another_was_not_harvested() -> None:
    """``observe``: a field of one card that now holds another lost only one card: no harvest,
    nothing added to the owner's known Bohnentaler (a single Red Lady would have paid 1)."""
    b, _, state = table(fields=[[[], []], [["red-lady"], []], [[], []], [[], []]])
    view = state.view(0)
    b.observe(view)
    now = dict(view, fields=[[[], []], [["soy"], []], [[], []], [[], []]])
    b.observe(now)
    assert b.piles[1] == {}


def test_two_players_an_opponent_s_closed_slot_is_no_field_of_their_evaluation() -> None:
    """2 players: the viewer may begin his third field now, the opponent may not; the
    opponent's fields are valued on his own open slots (the closed one adds no empty field's
    worth), before and after what he gets."""
    b, c, _ = table(
        players=2,
        phase="plant",
        hands=[["soy"], ["red"]],
        fields=[[["blue"], [], []], [["red"], [], []]],
        third_card=0,
    )
    one, two = ids(b, "red"), ids(b, "red", "red")
    assert c.evaluate(c.sims[1], [], [], 1) == pytest.approx(c.fvalue(one, "red", 1) + b.empty)
    got = c.their_gain(1, [], [("red", mb.HAND)])
    assert got == pytest.approx(c.fvalue(two, "red", 1) - c.fvalue(one, "red", 1))
