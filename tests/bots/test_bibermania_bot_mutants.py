"""Biber-Mania's heuristic bot, rule by rule (mutation tests of games/bibermania/bots.py).

The bot's heuristic is its spec: the module docstring's arithmetic (score is pile minus hand, a
card laid is worth 2, a card taken into the hand ``2 * P(laid) - 1``, an opponent's beaten card
2 weighted towards the leader) and the estimates its methods state. Each test sets up a view by
hand (every opponent card known where the arithmetic must come out exact: then no Poisson guess
enters) and checks one rule, named in its docstring. Every game and view is built inside its
test: mutmut picks the tests to run against a mutant by the calls made inside them.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

import spieltisch
from spieltisch.core import Action
from spieltisch.games.bibermania import bots
from spieltisch.games.bibermania.bots import HeuristicBot, _tail
from spieltisch.games.bibermania.cards import (
    ACTION,
    HIPPIE_RUN,
    JOKERS,
    PARTY,
    SET,
    Shape,
    sort_cards,
)


def deck() -> Counter[str]:
    return Counter(dict(spieltisch.load_game("bibermania").deck.counts))


def view(
    hand: list[str],
    n: int = 2,
    *,
    counts: list[int] | None = None,
    known: list[list[str]] | None = None,
    scores: list[int] | None = None,
    piles: list[list[list[str]]] | None = None,
    display: list[str] | None = None,
    supply: list[str] | None = None,
    stock: int = 40,
    rejected: list[str] | None = None,
    pending: dict[str, Any] | None = None,
    phase: str = "lay",
) -> dict[str, Any]:
    """A view of seat 0, by hand: only what the bot reads."""
    counts = counts or [len(hand)] + [13] * (n - 1)
    known = known or [[] for _ in range(n)]
    return {
        "viewer": 0,
        "players": n,
        "phase": phase,
        "hand": sort_cards(hand),
        "hands": [{"count": counts[p], "known": known[p]} for p in range(n)],
        "scores": scores or [0] * n,
        "piles": piles or [[] for _ in range(n)],
        "display": sort_cards(display or []),
        "supply": sort_cards(supply or []),
        "stock": stock,
        "rejected": rejected or [],
        "pending": pending or {},
    }


def table(v: dict[str, Any], game: Any = None, **kwargs: Any) -> tuple[HeuristicBot, Any]:
    bot = HeuristicBot(game or spieltisch.load_game("bibermania"), **kwargs)
    return bot, bots._Table(bot, v)


def quiet(hand: list[str], n: int = 2, **kw: Any) -> dict[str, Any]:
    """A table where nothing of the bot's can be beaten: each opponent holds five known 1s."""
    ones = ["1"] * 5
    return view(hand, n, counts=[len(hand)] + [5] * (n - 1), known=[[]] + [ones] * (n - 1), **kw)


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


# -- the Poisson tail -----------------------------------------------------------------------------


def test_tail_is_the_poisson_chance_of_at_least_need() -> None:
    """``_tail``: P(X >= need) for X ~ Poisson(lam): certain for need <= 0, impossible for
    lam <= 0 (need >= 1), else one less the chances of 0..need-1."""
    assert _tail(0.0, 0) == 1.0 and _tail(2.0, -1) == 1.0
    assert _tail(0.0, 1) == 0.0 and _tail(-1.0, 2) == 0.0
    for lam in (0.4, 1.0, 2.5, 6.0):
        for need in (1, 2, 3, 5):
            below = sum(math.exp(-lam) * lam**i / math.factorial(i) for i in range(need))
            assert close(_tail(lam, need), 1.0 - below)
    assert 0.0 <= _tail(1e-9, 4) < 1e-20


# -- what the table reads off the view ------------------------------------------------------------


def test_unseen_cards_are_the_deck_less_every_card_in_view() -> None:
    """The cards still unseen: the deck less the bot's hand, every pile, the opponents' known hand
    cards (its own known cards are in its hand already), display, supply, the rejected cards and
    the cards waiting to be kept."""
    v = view(
        ["1", "1", "joker"],
        3,
        counts=[3, 6, 0],
        known=[["1"], ["5", "5"], ["6"]],
        piles=[[["2", "2"]], [["3"]], [["4", "hippie"]]],
        display=["7", "8"],
        supply=["9"],
        rejected=["10"],
        pending={"keep": {"cards": ["dieb"]}},
    )
    _, t = table(v)
    gone = Counter(["1", "1", "joker", "2", "2", "3", "4", "hippie", "5", "5", "6"])
    gone += Counter(["7", "8", "9", "10", "dieb"])
    assert t.unseen == deck() - gone
    assert t.unseen_total == 100 - 16
    # unknown hand cards: the count less the known ones, never below 0
    assert t.unknown == [2, 4, 0]
    assert t.opponents == [1, 2]


def test_with_every_card_seen_the_unseen_total_is_one_and_a_stock_card_is_worth_minus_half() -> (
    None
):
    """``unseen_total`` is at least 1 (it divides); ``stock_use`` of no unseen card is -0.5."""
    hand = ["5", "6"]
    rest = list((deck() - Counter(hand)).elements())
    _, t = table(view(hand, display=rest))
    assert not t.unseen and t.unseen_total == 1
    assert t.stock_use(lambda c: 5.0) == -0.5


def test_stock_use_is_the_mean_use_of_the_unseen_cards() -> None:
    """``stock_use``: the expected use of an unseen card, weighted by how many are unseen."""
    hand = ["5", "6"]
    rest = deck() - Counter(hand) - Counter(["5", "5", "joker"])
    _, t = table(view(hand, display=list(rest.elements())))
    assert t.unseen == Counter({"5": 2, "joker": 1})
    assert close(t.stock_use(lambda c: {"5": 1.0, "joker": 3.0}[c]), 5.0 / 3.0)


def test_the_horizon_is_the_nearer_of_the_stock_running_out_and_an_opponent_laying_out() -> None:
    """``horizon`` (the bot's turns after this one): stock and supply over ``burn`` cards a
    player, or the smallest opponent hand over 2.5 cards a turn plus half a turn."""
    supply = ["2", "3", "4", "5", "6"]
    # 25 cards, 2 players burning 2 each: 6.25 turns; an opponent's 5 cards: 2 + 0.5
    _, t = table(view(["7"] * 6, counts=[6, 5], supply=supply, stock=20))
    assert close(t.horizon, 2.5) and not t.late
    _, t = table(view(["7"] * 6, counts=[6, 13], supply=supply, stock=20))
    assert close(t.horizon, 13 / 2.5 + 0.5)
    # 3 players burn 6 a round: 30 cards last 5 rounds
    _, t = table(view(["7"] * 6, 3, counts=[6, 13, 13], stock=30))
    assert close(t.horizon, 5.0)
    _, t = table(view(["7"] * 6, counts=[6, 13], stock=4))
    assert close(t.horizon, 1.0) and t.late
    _, t = table(view(["7"] * 6, counts=[6, 13], stock=0))
    assert t.horizon == 0.0
    # burn 0.25 a player: 1 card lasts 2 turns
    _, t = table(view(["7"] * 6, counts=[6, 13], stock=1), burn=0.25)
    assert close(t.horizon, 2.0)
    # burn 0: the stock never runs out
    _, t = table(view(["7"] * 6, counts=[6, 13], stock=0), burn=0.0)
    assert close(t.horizon, 13 / 2.5 + 0.5)


def test_late_is_a_short_stock_a_small_hand_or_a_short_horizon() -> None:
    """``late``: stock and supply at most ``late_stock``, or a hand of at most 4, or at most 2
    turns left."""
    big = ["7"] * 6

    def late(stock: int, counts: list[int], **kw: Any) -> bool:
        return table(view(big, counts=counts, stock=stock), **kw)[1].late

    # burn 1: 2 cards a round, so a stock of 8 leaves 4 turns: late by the stock alone
    assert late(8, [6, 13], burn=1.0) and not late(9, [6, 13], burn=1.0)
    assert late(9, [6, 13], burn=1.0, late_stock=9)
    assert late(30, [6, 4]) and late(30, [4, 13]) and not late(30, [5, 13])
    # burn 4.5: 9 cards a round; 18 cards are 2.0 turns (late), 19 are more
    assert late(18, [6, 13], burn=4.5) and not late(19, [6, 13], burn=4.5)


def test_the_leader_is_the_best_opponent_the_smaller_hand_breaking_a_tie() -> None:
    """``leader``: the opponent with the highest score, of equals the one with fewer cards."""
    _, t = table(view(["7"] * 6, 4, counts=[6, 8, 6, 4], scores=[9, 5, 5, 3]))
    assert t.leader == 2


def test_an_opponents_loss_is_weighted_towards_the_leader_and_a_small_hand() -> None:
    """``weight``: 1 at two players; else ``aggression``, +0.3 for the leader or anyone not
    behind the bot, +0.2 for a hand of at most 3 (may lay out soon), at most 1."""
    _, t = table(view(["7"] * 6, counts=[6, 2], scores=[9, -5]))
    assert t.weight(1) == 1.0
    v = view(["7"] * 6, 5, counts=[6, 10, 3, 4, 10], scores=[5, 9, 5, 1, 1])
    _, t = table(v)
    assert close(t.weight(1), 0.8)  # the leader
    assert close(t.weight(2), 1.0)  # level with the bot, 3 cards
    assert close(t.weight(3), 0.5)  # behind, 4 cards
    _, t = table(v, aggression=0.6)
    assert close(t.weight(1), 0.9) and t.weight(2) == 1.0
    # behind the bot: 1 only for its 3 cards, 2 only as the leader
    _, t = table(view(["7"] * 6, 3, counts=[6, 3, 10], scores=[5, 0, 1]))
    assert close(t.weight(1), 0.7) and close(t.weight(2), 0.8)


# -- what a card is worth in a hand ---------------------------------------------------------------


def p_lay(card: str, hand: list[str], h: float) -> float:
    _, t = table(view(["7"] * 6))
    return t.p_lay(card, Counter(hand), h)


@pytest.mark.parametrize(
    ("card", "hand", "p"),
    [
        ("joker", [], 0.95),
        ("5", ["5", "5"], 0.93),  # joins a pair
        ("5", ["5"], 0.75),  # makes a pair
        ("5", [], 0.3),  # a lone card
        ("5", ["joker"], 0.55),  # a joker makes a pair of it
        ("5", ["hippie", "4"], 0.55),  # a Hippie runs it with a neighbour
        ("5", ["hippie", "6"], 0.55),
        ("5", ["hippie", "7"], 0.3),  # no neighbour
        ("5", ["hippie"], 0.3),
        ("5", ["partybiber"], 0.5),  # the Partybiber lays it
        ("5", ["partybiber", "joker"], 0.55),
        ("5", ["partybiber", "hippie", "6"], 0.55),
        ("partybiber", ["1", "2"], 0.75),  # two lone digits to lay with it
        ("partybiber", ["1"], 0.3),
        ("partybiber", ["1", "1", "2"], 0.3),
        ("partybiber", ["1", "2", "partybiber"], 0.3),  # one held already
        ("dieb", ["5"], 0.85),  # an action card to attach to a digit
        ("dieb", ["5", "fee"], 0.35),  # as many attachable cards as digits
        ("dieb", ["5", "6", "fee"], 0.85),
        ("dieb", ["5", "partybiber"], 0.85),  # the Partybiber is not attached
        ("dieb", [], 0.35),  # nothing to attach it to
        ("dieb", ["joker"], 0.35),
    ],
)
def test_the_chance_a_card_is_laid(card: str, hand: list[str], p: float) -> None:
    """``p_lay``'s estimates, far from the end: a joker 0.95, a digit by what it joins (a pair
    0.93, a partner 0.75, else 0.3, or 0.55 with a joker or a Hippie and a neighbour, 0.5 with a
    Partybiber), a Partybiber 0.75 with two lone digits, another action card 0.85 while there are
    more digits than attachable cards held (at most the turns left), else 0.35."""
    assert close(p_lay(card, hand, 5.0), p)


def test_the_chance_near_the_end() -> None:
    """``p_lay`` near the end: 0.03 with at most 0.3 turns left; with less than 1.5 turns (about
    one lay left) only what joins the biggest group keeps 0.9 of its chance, the rest 0.25; an
    action card may be attached to no more digits than turns left."""
    assert p_lay("joker", [], 0.3) == 0.03
    assert close(p_lay("joker", [], 0.31), 0.95 * 0.9)
    hand = ["5", "6", "6"]
    assert close(p_lay("5", hand, 1.0), 0.75 * 0.25)
    assert close(p_lay("6", hand, 1.0), 0.93 * 0.9)
    assert close(p_lay("dieb", hand, 1.0), 0.85 * 0.9)
    assert close(p_lay("partybiber", hand, 1.0), 0.3 * 0.25)
    assert close(p_lay("5", hand, 1.5), 0.75)
    assert close(p_lay("5", [], 1.0), 0.3 * 0.9)  # joins the biggest group: there is none
    # 3 digits and 1.6 turns: one attachable card held is fewer, two are not
    assert close(p_lay("dieb", ["5", "6", "7", "fee"], 1.6), 0.85)
    assert close(p_lay("dieb", ["5", "6", "7", "fee", "koenig"], 1.6), 0.35)


def test_use_is_minus_one_now_plus_two_if_laid() -> None:
    """``use``: taking a card costs 1 now and earns 2 if it is laid later: 2 P(laid) - 1, in the
    bot's hand unless another is given."""
    _, t = table(view(["5", "9", "9", "10", "10", "2"]))
    assert close(t.use("5"), 2 * 0.75 - 1)
    assert close(t.use("9"), 2 * 0.93 - 1)
    assert close(t.use("4"), 2 * 0.3 - 1)
    assert close(t.use("4", Counter(["4"])), 2 * 0.75 - 1)


def test_an_opponents_use_is_judged_on_their_known_cards_and_their_own_horizon() -> None:
    """``use_of``: the same for an opponent, from their known cards, with their horizon: at most
    one turn more than the bot's, at most their hand over 2.5 plus half, at least half a turn."""
    # stock 4: the bot has 1 turn, the opponent (10 cards) 2 turns: no near-the-end cut
    _, t = table(view(["7"] * 6, counts=[6, 10], known=[[], ["5", "6", "6"]], stock=4))
    assert close(t.use_of(1, "5"), 2 * 0.75 - 1)
    # stock 0: the bot has none, the opponent one: only what joins their biggest group
    _, t = table(view(["7"] * 6, counts=[6, 10], known=[[], ["5", "6", "6"]], stock=0))
    assert close(t.use_of(1, "5"), 2 * 0.75 * 0.25 - 1)
    assert close(t.use_of(1, "6"), 2 * 0.93 * 0.9 - 1)
    # no cards: half a turn, still more than the 0.3 of the very end
    _, t = table(view(["7"] * 6, counts=[6, 0], stock=40))
    assert close(t.use_of(1, "joker"), 2 * 0.95 * 0.9 - 1)
    # 2 cards: 1.3 turns
    _, t = table(view(["7"] * 6, counts=[6, 2], known=[[], ["5", "6"]], stock=40))
    assert close(t.use_of(1, "joker"), 2 * 0.95 * 0.9 - 1)
    _, t = table(view(["7"] * 6, counts=[6, 3], known=[[], ["5", "6"]], stock=40))
    assert close(t.use_of(1, "joker"), 2 * 0.95 - 1)


# -- the risk of a top group ----------------------------------------------------------------------


def can_beat(s: Shape, opp: list[str], count: int | None = None, **kw: Any) -> float:
    """The chance an opponent whose whole hand ``opp`` is known can beat ``s``."""
    _, t = table(
        view(["7"] * 6, counts=[6, len(opp) if count is None else count], known=[[], opp]), **kw
    )
    return t._can_beat(1, s)


def test_a_set_is_beaten_by_as_many_higher_digits_jokers_or_one_fewer_with_an_action_card() -> None:
    """``_can_beat`` a set of k: k cards of a higher value (digits helped by jokers, at least one
    digit), k jokers alone, or for k >= 2 k-1 higher digits and an action card; with the whole
    hand known it is certain or impossible."""
    pair = Shape(SET, 2, 5)
    assert can_beat(pair, ["6", "6"]) == 1.0
    assert can_beat(pair, ["6", "joker"]) == 1.0
    assert can_beat(pair, ["joker", "joker"]) == 1.0
    assert can_beat(pair, ["6", "dieb"]) == 1.0
    assert can_beat(pair, ["6", "partybiber"]) == 0.0  # the Partybiber is not attached
    assert can_beat(pair, ["6"]) == 0.0
    assert can_beat(pair, ["joker"]) == 0.0
    assert can_beat(pair, ["dieb", "fee"]) == 0.0
    assert can_beat(pair, ["5", "5", "4", "4"]) == 0.0  # not higher
    assert can_beat(Shape(SET, 2, 10), ["9", "9", "dieb"]) == 0.0
    assert can_beat(Shape(SET, 2, 10), ["joker", "joker"]) == 1.0
    single = Shape(SET, 1, 5)
    assert can_beat(single, ["6"]) == 1.0 and can_beat(single, ["joker"]) == 1.0
    assert can_beat(single, ["dieb"]) == 0.0  # a lone action card does not beat
    assert can_beat(single, ["5", "4", "1"]) == 0.0
    three = Shape(SET, 3, 2)
    assert can_beat(three, ["9", "9", "joker"]) == 1.0
    assert can_beat(three, ["9", "9", "koenig"]) == 1.0
    assert can_beat(three, ["9", "joker", "koenig"]) == 0.0
    assert can_beat(three, ["9", "8", "joker"]) == 0.0  # two values, one joker
    # shapes that cannot be beaten, or no set: nothing
    assert can_beat(Shape(SET, 2, None), ["joker", "joker"]) == 0.0
    assert can_beat(Shape(JOKERS, 1, 11), ["joker"]) == 0.0


def test_an_action_card_is_beaten_by_a_joker() -> None:
    """``_can_beat`` a lone action card: the opponent holds a joker."""
    assert can_beat(Shape(ACTION, 1), ["joker"]) == 1.0
    assert can_beat(Shape(ACTION, 1), ["10", "dieb"]) == 0.0


def test_unknown_hand_cards_count_by_how_many_of_each_are_unseen() -> None:
    """With unknown cards, ``_expect``: the known ones, and ``unknown`` x the unseen share of the
    cards as the Poisson mean; ``_can_beat`` a lone 5 then needs a higher digit among them: the
    chance of some, and of enough with the jokers."""
    hand = ["7"] * 6
    rest = deck() - Counter(hand) - Counter(["8"] * 5 + ["1"] * 5)
    v = view(hand, counts=[6, 3], known=[[], ["1"]], display=list(rest.elements()))
    _, t = table(v)
    assert t.unseen == Counter({"8": 5, "1": 4}) and t.unknown[1] == 2
    k, lam = t._expect(1, ("8",))
    assert k == 0 and close(lam, 2 * 5 / 9)
    k, lam = t._expect(1, ("1", "8"))
    assert k == 1 and close(lam, 2.0)
    some = 1 - math.exp(-10 / 9)
    assert close(t._can_beat(1, Shape(SET, 1, 5)), some * _tail(10 / 9, 1))
    assert close(t._can_beat(1, Shape(SET, 2, 5)), some * _tail(10 / 9, 2))
    assert t._can_beat(1, Shape(SET, 1, 8)) == 0.0  # no higher digit unseen
    assert close(t.beat_prob(Shape(SET, 2, 5)), 0.6 * some * _tail(10 / 9, 2))


@pytest.mark.parametrize(
    ("k", "plain", "with_hippie"),
    [
        (3, 0.45, 0.7),
        (4, 0.22, 0.45),
        (5, 0.1, 0.25),
        (6, 0.04, 0.12),
        (7, 0.015, 0.05),
        (8, 0.01, 0.03),
    ],
)
def test_a_run_is_beaten_by_a_run_of_as_many(k: int, plain: float, with_hippie: float) -> None:
    """``_can_beat`` a run of k: k consecutive digits (the bot's estimate by k, for a full hand of
    13, less for fewer cards) or a Hippie and k-1 digits (likelier)."""
    run = Shape(HIPPIE_RUN, k, 9)
    assert close(can_beat(run, ["1"] * 13), plain)
    assert close(can_beat(run, ["1"] * 26), plain)  # no more than certain spread
    assert close(can_beat(run, ["1"] * 12 + ["hippie"]), 1 - (1 - plain) * (1 - with_hippie))
    # 6 cards: the spread of 6 of 13
    assert close(can_beat(run, ["1"] * 6), plain * 6 / 13)


def test_the_risk_is_one_less_the_chance_no_opponent_beats_it() -> None:
    """``beat_prob``: each opponent able to beat the group does so with ``risk``; protected groups
    (a Bodyguard's, the Partybiber's) and what cannot be beaten carry no risk."""
    v = view(["7"] * 6, 3, counts=[6, 1, 2], known=[[], ["joker"], ["joker", "6"]])
    _, t = table(v)
    assert close(t.beat_prob(Shape(ACTION, 1)), 1 - 0.4 * 0.4)
    assert close(t.beat_prob(Shape(SET, 1, 5)), 1 - 0.4 * 0.4)
    assert close(t.beat_prob(Shape(SET, 2, 5)), 0.6)  # only seat 2: joker and 6
    assert t.beat_prob(Shape(SET, 2, 5, protected=True)) == 0.0
    assert t.beat_prob(Shape(PARTY, 2, None, protected=True)) == 0.0
    assert close(t.beat_prob(Shape(SET, 1, 10)), 1 - 0.4 * 0.4)  # by the jokers alone
    assert t.beat_prob(Shape(SET, 3, 5)) == 0.0
    _, t = table(v, risk=0.5)
    assert close(t.beat_prob(Shape(SET, 1, 5)), 0.75)
    # asked again, the same (kept per kind, size and value)
    assert close(t.beat_prob(Shape(SET, 1, 5)), 0.75)
    assert t.beat_prob(Shape(SET, 3, 5)) == 0.0
    assert close(t.beat_prob(Shape(SET, 2, 5)), 0.5)
    assert close(t.beat_prob(Shape(SET, 1, 9)), 0.75)
    assert t.beat_prob(Shape(SET, 1, 10)) == 0.75
    assert t.beat_prob(Shape(HIPPIE_RUN, 1, 5)) < 0.75


# -- laying ---------------------------------------------------------------------------------------


def lay_value(v: dict[str, Any], cards: list[str], game: Any = None, **kw: Any) -> float:
    b, t = table(v, game, **kw)
    return b.lay_value(t, cards)


def test_a_lay_is_worth_two_a_card_less_one_for_a_broken_set() -> None:
    """Lay: 2 a card, minus a little (1) for breaking up a set (a value used but not all of it),
    on a table where nothing laid can be beaten or beats anything."""
    v = quiet(["2", "5", "8", "8", "9", "10"])
    assert lay_value(v, ["5"]) == 2.0
    assert lay_value(v, ["8"]) == 1.0
    assert lay_value(v, ["8", "8"]) == 4.0


def test_jokers_are_worth_most_on_the_biggest_set() -> None:
    """Lay: a joker in a set smaller than the bot's biggest costs 0.5 a joker; a lone joker is no
    set."""
    v = quiet(["2", "5", "5", "8", "8", "8", "joker"])
    assert lay_value(v, ["5", "5", "joker"]) == 6.0 - 0.5
    assert lay_value(v, ["8", "8", "8", "joker"]) == 8.0
    assert lay_value(v, ["5", "joker"]) == 4.0 - 1.0 - 0.5
    assert lay_value(v, ["joker"]) == 2.0
    v = quiet(["2", "5", "5", "8", "8", "8", "joker", "joker"])
    assert lay_value(v, ["5", "5", "joker", "joker"]) == 8.0 - 1.0


def test_the_partybiber_waits_for_the_end_and_never_goes_alone() -> None:
    """Lay: the Partybiber waits until the game is near its end (``patience`` before it), and a
    lone Partybiber wastes it (2 more)."""
    v = quiet(["2", "3", "5", "9", "10", "partybiber"])
    assert lay_value(v, ["5", "partybiber"]) == 4.0 - 3.0
    assert lay_value(v, ["partybiber"]) == 2.0 - 3.0 - 2.0
    assert lay_value(v, ["partybiber"], patience=1.0) == 2.0 - 1.0 - 2.0
    assert lay_value(v, ["5", "partybiber"], late_stock=100) == 4.0
    assert lay_value(v, ["partybiber"], late_stock=100) == 0.0


def test_a_lone_action_card_that_does_nothing_costs_one() -> None:
    """Lay: a lone Hippie, Bodyguard or König does nothing (the card would have done more with
    digits): 1 less; a lone Gemeinling hurts its victim (0.8 of two cards, by weight)."""
    v = quiet(["5", "6", "bodyguard", "gemeinling", "hippie", "koenig"])
    for card in ("hippie", "bodyguard", "koenig"):
        assert lay_value(v, [card]) == 1.0
    assert close(lay_value(v, ["gemeinling"]), 2.0 + 2.0 * 0.8)


def test_a_koenig_on_a_set_gains_by_opponents_who_hold_its_value() -> None:
    """Lay: a König with a set: each opponent who (probably) holds the set's value adds to it,
    less as their weight grows (1 - weight / 2)."""
    hand = ["2", "5", "5", "9", "10", "koenig"]
    assert lay_value(quiet(hand), ["5", "5", "koenig"]) == 6.0
    v = view(hand, counts=[6, 5], known=[[], ["5", "1", "1", "1", "1"]])
    assert lay_value(v, ["5", "5", "koenig"]) == 6.0 + 0.5
    assert lay_value(v, ["5", "5"]) == 4.0


def test_a_lay_forcing_display_cards_into_the_hand_counts_them_at_their_use() -> None:
    """Lay: display cards a lay beats go into the hand, each at its use (the best value the lay
    may take): a set of k takes k cards of a value, an action card one."""
    hand = ["2", "5", "5", "7", "9", "10"]
    v = quiet(hand, display=["3", "3", "4"])
    # two 3s: the first lone (use 2 x 0.3 - 1), the second a pair (2 x 0.75 - 1)
    assert close(lay_value(v, ["5", "5"]), 4.0 + (2 * 0.3 - 1) + (2 * 0.75 - 1))
    # a lone 5 takes a 3 or the 4; both lone: -0.4, and the 5s are broken up
    assert close(lay_value(v, ["5"]), 2.0 - 1.0 + (2 * 0.3 - 1))
    assert lay_value(v, ["2"]) == 2.0  # nothing below 2
    b, t = table(quiet(hand))
    assert close(b._display_take(t, Counter(["5"]), "dieb", 3), 2 * 0.85 - 1)
    assert close(b._display_take(t, Counter(["5"]), "5", 2), (2 * 0.75 - 1) + (2 * 0.93 - 1))


def test_beating_an_opponent_is_worth_their_two_a_card_and_the_cards_kept() -> None:
    """Lay: an opponent's beaten top group is damage (2 a card, by weight), plus the cards the
    bot may keep at their use (a card of no use is rejected: 0)."""
    hand = ["2", "4", "5", "5", "9", "10"]
    piles = [[], [["1"], ["4", "4"]]]
    v = view(hand, counts=[6, 5], known=[[], ["1"] * 5], piles=piles)
    # 4 for the lay, 2 x 2 damage, two 4s each worth 2 x 0.75 - 1 (the bot holds one)
    assert close(lay_value(v, ["5", "5"]), 4.0 + 4.0 + 2 * (2 * 0.75 - 1))
    v = view(["2", "5", "5", "7", "9", "10"], counts=[6, 5], known=[[], ["1"] * 5], piles=piles)
    assert close(lay_value(v, ["5", "5"]), 4.0 + 4.0)


def test_beating_one_opponent_only_picks_the_heaviest_group() -> None:
    """Lay, with ``beat_opponents=one``: only the beaten group of most weight x cards counts."""
    hand = ["2", "5", "5", "7", "9", "10"]
    piles = [[], [["4", "4"]], [["3", "3"]]]
    known = [[], ["1"] * 5, ["2"] * 5]
    v = view(hand, 3, counts=[6, 5, 5], known=known, piles=piles, scores=[0, -1, 3])
    # seat 1 counts 0.5, seat 2 (the leader) 0.8
    assert close(lay_value(v, ["5", "5"]), 4.0 + 2.0 * 2 * 0.5 + 2.0 * 2 * 0.8)
    one = spieltisch.load_game("bibermania", beat_opponents="one")
    assert close(lay_value(v, ["5", "5"], one), 4.0 + 2.0 * 2 * 0.8)
    v = view(hand, 3, counts=[6, 5, 5], known=known, piles=piles, scores=[0, 3, -1])
    assert close(lay_value(v, ["5", "5"], one), 4.0 + 2.0 * 2 * 0.8)


def test_a_lay_that_empties_the_hand_is_taken_when_it_wins_and_avoided_when_it_loses() -> None:
    """Lay: emptying the hand ends the game: a win is worth 100 and the margin, a tie 50, a loss
    -50 and the (negative) margin; the score counts the cards laid."""
    assert lay_value(view(["5", "5"], scores=[3, 6]), ["5", "5"]) == 100.0 + 1.0
    assert lay_value(view(["5", "5"], scores=[2, 6]), ["5", "5"]) == 50.0
    assert lay_value(view(["5", "5"], scores=[0, 6]), ["5", "5"]) == -50.0 - 2.0
    assert lay_value(view(["5", "5"], 3, scores=[0, 6, 2]), ["5", "5"]) == -50.0 - 2.0
    assert lay_value(view(["5", "5"], 3, scores=[0, 2, 6]), ["5", "5"]) == -50.0 - 2.0


def test_the_risk_of_the_new_top_group_costs_its_cards() -> None:
    """Lay: minus the risk that the new top group is beaten before the bot's next turn, at 2 a
    card."""
    hand = ["2", "5", "5", "9", "10", "bodyguard"]
    v = view(hand, counts=[6, 2], known=[[], ["6", "6"]])
    assert close(lay_value(v, ["5", "5"]), 4.0 - 2.0 * 2 * 0.6)
    assert close(lay_value(v, ["5", "5"], risk=0.5), 4.0 - 2.0 * 2 * 0.5)
    assert lay_value(v, ["5", "5", "bodyguard"]) == 6.0  # protected
    assert close(lay_value(v, ["5"]), 2.0 - 1.0 - 2.0 * 0.6)


def test_a_dieb_or_superbiber_lay_adds_its_best_steals() -> None:
    """Lay: the action card's expected effect: a Dieb adds its best steal, a Superbiber its two
    best; a steal from an opponent's top group is 2 by weight plus the card's use, a Bodyguard
    of a group 0.3 more (the group loses its protection)."""
    hand = ["2", "5", "7", "9", "10", "dieb", "superbiber"]
    piles = [[], [["6", "6", "bodyguard"]]]
    v = quiet(hand, display=["3"], supply=["9"], piles=piles)
    after = ["2", "7", "9", "10", "superbiber"]
    b, t = table(v)
    options = dict((src, val) for val, src in b._steal_options(t, Counter(after)))
    assert options.keys() == {("display", "3"), ("supply", "9"), (1, "6"), (1, "bodyguard")}
    assert close(options["display", "3"], 2 * 0.3 - 1)
    assert close(options["supply", "9"], 2 * 0.75 - 1)
    assert close(options[1, "6"], 2.0 + 2 * 0.3 - 1)
    # one attachable card held (the Superbiber), fewer than the 4 digits
    assert close(options[1, "bodyguard"], 2.0 + (2 * 0.85 - 1) + 0.3)
    assert close(lay_value(v, ["5", "dieb"]), 4.0 + options[1, "bodyguard"])
    after = ["2", "7", "9", "10", "dieb"]
    options = dict((src, val) for val, src in b._steal_options(t, Counter(after)))
    best = options[1, "bodyguard"] + options[1, "6"]
    assert close(lay_value(v, ["5", "superbiber"]), 4.0 + best)


def test_no_steal_of_jokers_where_the_option_forbids_it() -> None:
    """Steal options: jokers only where ``steal_jokers`` allows them; a lone card's Bodyguard
    has no group to protect (no bonus)."""
    piles = [[], [["joker"], ["bodyguard"]]]
    v = quiet(["2", "5", "7"], display=["joker"], supply=["joker"], piles=[[], [["joker"]]])
    b, t = table(v, spieltisch.load_game("bibermania", steal_jokers=False))
    assert b._steal_options(t, t.hand) == []
    b, t = table(v)
    assert len(b._steal_options(t, t.hand)) == 3
    b, t = table(quiet(["2", "5", "7"], piles=piles))
    ((value, src),) = b._steal_options(t, t.hand)
    assert src == (1, "bodyguard") and close(value, 2.0 + 2 * 0.85 - 1)


def test_the_steal_takes_the_best_option() -> None:
    """Steal from opponents' top groups (the leader first) rather than the display or supply."""
    piles = [[], [["6"], ["8", "8"]], [["4"]]]
    v = quiet(
        ["2", "5", "7", "9"],
        3,
        display=["8"],
        supply=["3"],
        piles=piles,
        scores=[0, 1, 5],
        phase="steal",
    )
    legal = [
        Action(steal="display", card="8"),
        Action(steal="supply", card="3"),
        Action(steal=1, card="8"),
        Action(steal=2, card="4"),
        Action(steal=1, card="6"),
    ]
    b, t = table(v)
    # seat 2 leads (0.8); seat 1 (0.8 too: ahead of the bot), so the 8 (0.3) beats the lone 4
    assert b._steal(t, legal) == Action(steal=1, card="8")
    v["scores"] = [0, -1, 5]
    b, t = table(v)
    assert b._steal(t, legal) == Action(steal=2, card="4")
    # an option the bot did not work out is worth least
    assert b._steal(t, [Action(steal=1, card="6"), Action(steal="display", card="8")]) == Action(
        steal="display", card="8"
    )


def test_a_fee_is_worth_the_card_to_the_bot_and_its_loss_to_the_victim() -> None:
    """Fee: for each card an opponent (probably) holds, the chance they hold it times its use to
    the bot plus, by weight, what losing it costs them (``1 - 2 P(they lay it)``); a lay with
    the Fee adds the best, if positive; nobody with one card left who would end the game ahead."""
    hand = ["2", "5", "7", "9", "10", "fee"]
    v = view(hand, counts=[6, 5], known=[[], ["9", "1", "1", "1", "1"]])
    b, t = table(v)
    after = Counter(["2", "7", "9", "10", "fee"])
    options = {src: val for val, src in b._fee_options(t, after)}
    assert options.keys() == {("9", 1), ("1", 1)}  # no unknown cards: nothing else
    # the 9: a pair for the bot (0.75), a lone card of theirs (0.3 at 2.5 turns)
    assert close(options["9", 1], (2 * 0.75 - 1) - (1 - 2 * 0.3))
    # a 1: lone for the bot, one of their four
    assert close(options["1", 1], (2 * 0.3 - 1) - (1 - 2 * 0.93))
    assert close(lay_value(v, ["5", "fee"]), 4.0 + options["1", 1])
    # one card left, level with the bot (or ahead): taking it would let them end the game
    b, t = table(view(hand, counts=[6, 1], known=[[], ["9"]], scores=[2, 1]))
    assert b._fee_options(t, after) == []
    b, t = table(view(hand, counts=[6, 1], known=[[], ["9"]], scores=[3, 1]))
    assert [src for _, src in b._fee_options(t, after)] == [("9", 1)]
    b, t = table(view(hand, counts=[6, 2], known=[[], ["9", "9"]], scores=[0, 5]))
    assert [src for _, src in b._fee_options(t, after)] == [("9", 1)]
    # lone cards of theirs the bot has no use for: the lay gains nothing for the Fee
    v = view(hand, counts=[6, 5], known=[[], ["1", "3", "4", "6", "8"]])
    b, t = table(v)
    assert all(val < 0 for val, _ in b._fee_options(t, after))
    assert lay_value(v, ["5", "fee"]) == 4.0


def test_a_fee_on_unknown_cards_weighs_the_chance_they_are_held() -> None:
    """Fee: an unknown card is held with the Poisson chance of at least one (skipped under
    0.05)."""
    hand = ["5", "6", "7", "9", "10"]
    rest = deck() - Counter(hand) - Counter(["8"] * 3 + ["1"] * 1 + ["2"] * 3)
    v = view(hand, counts=[5, 4], known=[[], ["2"] * 3], display=list(rest.elements()))
    b, t = table(v)
    assert t.unseen == Counter({"8": 3, "1": 1})
    # one unknown card of 4 unseen: an 8 with mean 3/4, a 1 with 1/4; both lone to both
    options = {src: val for val, src in b._fee_options(t, t.hand)}
    assert options.keys() == {("8", 1), ("1", 1), ("2", 1)}
    theirs = 1 - 2 * 0.3
    assert close(options["8", 1], _tail(0.75, 1) * ((2 * 0.3 - 1) - theirs))
    assert close(options["1", 1], _tail(0.25, 1) * ((2 * 0.3 - 1) - theirs))
    assert close(options["2", 1], (2 * 0.3 - 1) - (1 - 2 * 0.93))
    # a mean of 1/25 (under 0.05 to hold one): not an option
    rest = deck() - Counter(hand) - Counter(["1"] + ["3"] * 8 + ["4"] * 8 + ["8"] * 8)
    v = view(hand, counts=[5, 1], display=list(rest.elements()), scores=[5, 0])
    b, t = table(v)
    assert t.unseen_total == 25
    assert {c for _, (c, _) in b._fee_options(t, t.hand)} == {"3", "4", "8"}


def test_the_fee_takes_the_best_card_only_when_its_gain_is_positive() -> None:
    """Fee only where the expected gain is positive (more than 0.05): the best option's card from
    its holder, else none."""
    hand = ["5", "9", "9", "10"]
    legal = [Action(fee=None), Action(fee="9", **{"from": 1}), Action(fee="1", **{"from": 1})]
    b, t = table(view(hand, counts=[4, 3], known=[[], ["9", "1", "1"]], phase="fee"))
    # the 9: a third one for the bot (0.93) against a lone 9 of theirs
    assert b._fee(t, legal) == Action(fee="9", **{"from": 1})
    b, t = table(view(hand, counts=[4, 1], known=[[], ["9"]], scores=[0, 0], phase="fee"))
    assert b._fee(t, legal) == Action(fee=None)  # no options
    b, t = table(view(["5", "6", "10"], counts=[3, 3], known=[[], ["3", "4", "8"]], phase="fee"))
    assert b._fee(t, legal) == Action(fee=None)


def test_a_small_gain_is_no_fee() -> None:
    """Fee: a gain of at most 0.05 is not worth it."""
    hand = ["5", "9", "10"]
    # the bot's 9 makes a pair (0.5) and their lone 9 (loss 0.4): 0.1 gain
    legal = [Action(fee=None), Action(fee="9", **{"from": 1})]
    b, t = table(view(hand, counts=[3, 5], known=[[], ["9", "2", "2", "2", "2"]], phase="fee"))
    assert b._fee(t, legal) == Action(fee="2", **{"from": 1})
    b, t = table(view(hand, counts=[3, 5], known=[[], ["9", "2", "2", "3", "4"]], phase="fee"))
    options = b._fee_options(t, t.hand)
    assert close(max(options)[0], 0.1)
    assert b._fee(t, legal) == Action(fee="9", **{"from": 1})
    b, t = table(
        view(hand, counts=[3, 5], known=[[], ["9", "2", "2", "3", "4"]], phase="fee"),
        aggression=0.5,
    )
    assert b._fee(t, legal) == Action(fee="9", **{"from": 1})


# -- keeping, beating, victims, dealing, drawing --------------------------------------------------


def keep_view(hand: list[str], cards: list[str]) -> dict[str, Any]:
    return view(
        hand,
        counts=[len(hand), 5],
        known=[[], ["1"] * 5],
        phase="keep",
        pending={"keep": {"cards": cards}},
    )


def test_keep_beaten_cards_when_their_use_together_is_positive() -> None:
    """Keep a beaten card only when its use is positive: several kept cards one after another
    (the second joins the first)."""
    b, t = table(keep_view(["4", "7"], ["4", "4"]))
    assert b._keep(t, [Action(keep=True), Action(keep=False)]) == Action(keep=True)
    b, t = table(keep_view(["7", "9"], ["4", "4"]))
    # a lone 4 (-0.4), then a pair (+0.5): worth it
    assert b._keep(t, [Action(keep=True), Action(keep=False)]) == Action(keep=True)
    b, t = table(keep_view(["7", "9"], ["4", "3"]))
    assert b._keep(t, [Action(keep=True), Action(keep=False)]) == Action(keep=False)
    b, t = table(keep_view(["7", "9"], ["4"]))
    assert b._keep(t, [Action(keep=True), Action(keep=False)]) == Action(keep=False)


def test_beat_whom_picks_the_heaviest_group_to_beat() -> None:
    """Beating: the group whose loss weighs most (2 a card by weight, 0.1 a card more) plus the
    kept cards' use."""
    piles = [[], [["4", "4"]], [["3", "3"]]]
    v = quiet(["2", "5", "5", "7", "9", "10"], 3, piles=piles, scores=[0, -1, 3], phase="beat-whom")
    legal = [Action(beat=1), Action(beat=2)]
    b, t = table(v)
    assert b._beat_whom(t, legal) == Action(beat=2)
    # the 4s fit the bot's hand: two pairs of use more than the weight's 0.6
    v = quiet(["2", "4", "4", "7", "9", "10"], 3, piles=piles, scores=[0, -1, 3], phase="beat-whom")
    b, t = table(v)
    assert b._beat_whom(t, legal) == Action(beat=1)
    # a bigger group of the lighter opponent
    piles = [[], [["4", "4", "4"]], [["3", "3"]]]
    v = quiet(["2", "5", "7", "9", "10"], 3, piles=piles, scores=[0, -1, 3], phase="beat-whom")
    b, t = table(v, aggression=0.6)
    assert b._beat_whom(t, legal) == Action(beat=1)
    # an empty pile is worth nothing
    v = quiet(["2", "5"], 3, piles=[[], [], [["3"]]], scores=[0, 5, -3], phase="beat-whom")
    b, t = table(v)
    assert b._beat_whom(t, legal) == Action(beat=2)


def test_beat_display_takes_the_cards_of_most_use() -> None:
    """Beating the display: the value whose cards (as many as were laid) are worth most in the
    hand."""
    legal = [Action(beat="display", card="3"), Action(beat="display", card="4")]
    pending = {"lay": ["5", "5"]}
    v = quiet(
        ["3", "7", "9", "10", "2"],
        display=["3", "3", "4", "4"],
        phase="beat-display",
        pending=pending,
    )
    b, t = table(v)
    assert b._beat_display(t, legal) == Action(beat="display", card="3")
    v["hand"] = ["4", "7", "9", "10", "2"]
    b, t = table(v)
    assert b._beat_display(t, legal) == Action(beat="display", card="4")
    # one card laid (or none named): one card taken; a 3 held: its second copy is worth more
    legal = [Action(beat="display", card="4"), Action(beat="display", card="dieb")]
    v = quiet(["3", "4", "dieb", "fee"], display=["4", "dieb"], phase="beat-display")
    b, t = table(v)
    assert b._beat_display(t, legal) == Action(beat="display", card="4")
    v = quiet(["3", "7", "9"], display=["4", "dieb"], phase="beat-display")
    b, t = table(v)
    assert b._beat_display(t, legal) == Action(beat="display", card="dieb")
    v = quiet(
        ["3", "4", "7", "9"],
        display=["4", "4", "dieb"],
        phase="beat-display",
        pending={"lay": ["9", "9"]},
    )
    b, t = table(v)
    assert b._beat_display(t, legal) == Action(beat="display", card="4")


def test_the_gemeinling_picks_the_leader_or_whoever_is_about_to_go_out() -> None:
    """Gemeinling: the leader (or whoever is about to go out: 6 points for at most 3 cards, half
    a point a card less) gets the supply's worst cards."""
    legal = [Action(victim=1), Action(victim=2)]
    b, t = table(view(["5"] * 6, 3, counts=[6, 8, 8], scores=[0, 2, 5], phase="victim"))
    assert b._victim(t, legal) == Action(victim=2)
    b, t = table(view(["5"] * 6, 3, counts=[6, 3, 8], scores=[0, 2, 5], phase="victim"))
    assert b._victim(t, legal) == Action(victim=1)
    b, t = table(view(["5"] * 6, 3, counts=[6, 4, 8], scores=[0, 2, 5], phase="victim"))
    assert b._victim(t, legal) == Action(victim=2)
    b, t = table(view(["5"] * 6, 3, counts=[6, 4, 10], scores=[0, 3, 3], phase="victim"))
    assert b._victim(t, legal) == Action(victim=1)
    b, t = table(view(["5"] * 6, 3, counts=[6, 2, 3], scores=[0, 3, 3], phase="victim"))
    assert b._victim(t, legal) == Action(victim=1)
    # as a lay's value: two cards (0.8 likely) by the victim's weight
    v = quiet(["5", "6", "7", "8", "gemeinling"], 3, scores=[5, 0, 6])
    b, t = table(v)
    assert b._victim_choice(t) == 2
    assert close(b.lay_value(t, ["gemeinling"]), 2.0 + 2.0 * 0.8 * 0.8)


def test_the_gemeinling_deals_the_victim_the_worst_cards() -> None:
    """Gemeinling dealing: the card of least use to the victim (a good one left in the supply may
    be the bot's later: 0.2 of its use to the bot), the stock at its expected use, 0.05 worse."""
    pending = {"victim": 1}
    legal = [Action(deal="stock"), Action(deal="supply", card="1"), Action(deal="supply", card="9")]
    hand = ["9", "7"]
    rest = deck() - Counter(hand) - Counter(["1", "9", "9", "1"])
    v = view(
        hand,
        counts=[2, 5],
        known=[[], ["9", "9", "2", "2", "3"]],
        phase="deal",
        display=list(rest.elements()),
        supply=["1", "9"],
        pending=pending,
    )
    b, t = table(v)
    assert t.unseen == Counter({"1": 1})
    # the 9 joins their pair; the 1 is lone to them, as is the stock's only card (a 1)
    assert b._deal(t, legal) == Action(deal="supply", card="1")
    assert b._deal(t, legal[:1] + legal[2:]) == Action(deal="stock")
    # no victim named yet: the first option
    v["pending"] = {}
    b, t = table(v)
    assert b._deal(t, legal[::-1]) == legal[-1]


def test_the_bot_keeps_a_supply_card_it_may_draw_later() -> None:
    """Gemeinling dealing: of two cards equally bad for the victim, the one of less use to the
    bot is dealt (0.2 of its use to the bot counts)."""
    pending = {"victim": 1}
    legal = [Action(deal="supply", card="9"), Action(deal="supply", card="4")]
    v = view(
        ["4", "4", "7"],
        counts=[3, 5],
        known=[[], ["1"] * 5],
        phase="deal",
        supply=["4", "9"],
        pending=pending,
    )
    b, t = table(v)
    assert b._deal(t, legal) == Action(deal="supply", card="9")
    v["hand"] = ["9", "9", "7"]
    b, t = table(v)
    assert b._deal(t, legal) == Action(deal="supply", card="4")


def test_draw_a_supply_card_that_fits_else_from_the_stock() -> None:
    """Draw a supply card that fits the hand, else from the stock (its expected use, 0.05
    better)."""
    legal = [Action(draw="stock"), Action(draw="supply", card="4"), Action(draw="supply", card="9")]
    hand = ["9", "7"]
    rest = deck() - Counter(hand) - Counter(["4", "9", "5"])
    v = view(hand, display=list(rest.elements()), supply=["4", "9"], phase="draw")
    b, t = table(v)
    assert t.unseen == Counter({"5": 1})
    assert b._draw(t, legal) == Action(draw="supply", card="9")
    # a lone 4 against a lone unseen 5: the stock, by its 0.05
    assert b._draw(t, legal[:2]) == Action(draw="stock")
    assert b._draw(t, legal[1:2] + legal[:1]) == Action(draw="stock")


# -- options of the game, the bot's settings, the dispatch ----------------------------------------


def test_runs_beat_only_higher_runs_where_the_option_says_so() -> None:
    """Lay: an opponent's top group counts as beaten by the game's rule of what beats what,
    ``higher_runs_only`` included."""
    hand = ["2", "3", "4", "7", "9", "10", "hippie"]
    piles = [[], [["5", "6", "hippie"]]]
    v = view(hand, counts=[7, 5], known=[[], ["1"] * 5], piles=piles)
    plain = lay_value(v, ["2", "3", "4"])
    higher = lay_value(
        v, ["2", "3", "4"], spieltisch.load_game("bibermania", higher_runs_only=True)
    )
    # the beaten run: 2 a card of damage, and the cards kept (5 and 6 neighbours, a Hippie)
    assert plain > higher + 3 * 2.0 - 1e-9


def test_a_lone_joker_beats_a_display_action_card_where_the_option_says_so() -> None:
    """Lay: with ``joker_beats_display_action`` a lone joker takes a display action card (its
    use counts for the lay)."""
    v = quiet(["2", "5", "7", "9", "joker"], display=["dieb"])
    assert lay_value(v, ["joker"]) == 2.0
    game = spieltisch.load_game("bibermania", joker_beats_display_action=True)
    assert close(lay_value(v, ["joker"], game), 2.0 + (2 * 0.85 - 1))


def test_a_koenig_counts_each_opponent_by_weight() -> None:
    """Lay: the König's gain from each opponent who holds the set's value is 1 - weight / 2."""
    hand = ["2", "5", "5", "9", "10", "koenig"]
    known = [[], ["5", "1", "1", "1", "1"], ["5", "2", "2", "2", "2"]]
    v = view(hand, 3, counts=[6, 5, 5], known=known, scores=[0, -1, 3])
    assert close(lay_value(v, ["5", "5", "koenig"]), 6.0 + (1 - 0.25) + (1 - 0.4))


def test_the_lay_phase_lays_the_best_valued_lay() -> None:
    """Lay: every legal lay valued, the best laid (the first of equals)."""
    v = quiet(["2", "5", "8", "8", "9", "10"])
    b, t = table(v)
    legal = [Action(lay=["5"]), Action(lay=["8", "8"]), Action(lay=["8"])]
    assert b._lay(t, legal) == Action(lay=["8", "8"])
    legal = [Action(lay=["8"]), Action(lay=["5"]), Action(lay=["9"])]
    assert b._lay(t, legal) == Action(lay=["5"])


class Seen:
    """A decision's stand-in: the view and the legal actions."""

    def __init__(self, view: dict[str, Any], legal: list[Action]) -> None:
        self.view = view
        self.legal = legal


def test_act_asks_the_phase_and_keeps_to_the_legal_actions() -> None:
    """``act``: nothing legal, nothing done; a single legal action is taken; otherwise the
    phase's choice, or the first legal action for an unknown phase or a choice not legal."""
    bot = HeuristicBot(spieltisch.load_game("bibermania"))
    v = quiet(["2", "5", "8", "8", "9", "10"])
    assert bot.act(Seen(v, [])) is None  # type: ignore[arg-type]
    only = [Action(lay=["5"])]
    assert bot.act(Seen({}, only)) == only[0]  # type: ignore[arg-type]
    legal = [Action(lay=["5"]), Action(lay=["8", "8"])]
    assert bot.act(Seen(v, legal)) == legal[1]  # type: ignore[arg-type]
    v["phase"] = "unheard-of"
    assert bot.act(Seen(v, legal)) == legal[0]  # type: ignore[arg-type]
    # the Gemeinling's victim: the leader, not in legal: the first legal one
    v = view(["5"] * 6, 3, counts=[6, 8, 8], scores=[0, 2, 5], phase="victim")
    assert bot.act(Seen(v, [Action(victim=1), Action(victim=2)])) == Action(victim=2)  # type: ignore[arg-type]
    assert bot.act(Seen(v, [Action(victim=1), Action(steal=2)])) == Action(victim=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("phase", "pending", "legal", "chosen"),
    [
        (
            "beat-display",
            {"lay": ["5", "5"]},
            [Action(beat="display", card="1"), Action(beat="display", card="3")],
            1,
        ),
        ("beat-whom", {}, [Action(beat=2), Action(beat=1)], 1),
        ("keep", {"keep": {"cards": ["8"]}}, [Action(keep=False), Action(keep=True)], 1),
        ("steal", {}, [Action(steal="supply", card="1"), Action(steal=1, card="4")], 1),
        ("fee", {}, [Action(fee=None), Action(fee="8", **{"from": 1})], 1),
        (
            "deal",
            {"victim": 1},
            [Action(deal="supply", card="8"), Action(deal="supply", card="1")],
            1,
        ),
        ("draw", {}, [Action(draw="supply", card="1"), Action(draw="supply", card="8")], 1),
    ],
)
def test_act_dispatches_each_phase(
    phase: str, pending: dict[str, Any], legal: list[Action], chosen: int
) -> None:
    """``act``: each phase goes to its own choice (here always the second option: an 8 the bot
    holds one of is worth keeping, drawing, taking or leaving in the supply; player 1's group is
    the one to beat and steal from)."""
    piles = [[], [["4", "4"]], [["1"]]]
    v = view(
        ["8", "3", "7"],
        3,
        counts=[3, 2, 5],
        known=[[], ["8", "8"], ["1"] * 5],
        piles=piles,
        display=["1", "1", "3", "3"],
        supply=["1", "8"],
        scores=[0, 4, -2],
        phase=phase,
        pending=pending,
    )
    bot = HeuristicBot(spieltisch.load_game("bibermania"))
    assert bot.act(Seen(v, legal)) == legal[chosen]  # type: ignore[arg-type]


def test_the_bot_takes_its_settings_and_the_games_deck() -> None:
    """The bot's settings (risk, aggression, patience, burn, late_stock), the game's options, the
    deck's kinds (those it has) and digits; it reacts in 1 second."""
    game = spieltisch.load_game("bibermania", steal_jokers=False)
    bot = bots.heuristic(game, risk=0.4, aggression=0.7, patience=2, burn=3, late_stock=5)
    assert isinstance(bot, HeuristicBot)
    assert (bot.risk, bot.aggression, bot.patience, bot.burn, bot.late_stock) == (
        0.4,
        0.7,
        2.0,
        3.0,
        5,
    )
    assert bot.options["steal_jokers"] is False
    assert bot.deck_counts == dict(game.deck.counts)
    assert bot.digits == tuple(range(1, 11))
    default = HeuristicBot(spieltisch.load_game("bibermania"))
    assert (
        default.risk,
        default.aggression,
        default.patience,
        default.burn,
        default.late_stock,
    ) == (0.6, 0.5, 3.0, 2.0, 8)
    assert default.reaction_time(None) == 1.0  # type: ignore[arg-type]


class Scored:
    def __init__(self, scores: list[int], result: list[int] | None = None) -> None:
        self._scores = scores
        self.result_ = result

    def scores(self) -> list[int]:
        return self._scores


def test_evaluate_is_the_score_ahead_of_the_best_other_seat() -> None:
    """``evaluate``: the player's score (pile minus hand) ahead of the best other seat's; the
    final result's scores once there is one."""
    assert bots.evaluate(Scored([3, 5, -1]), 0) == -2.0
    assert bots.evaluate(Scored([3, 5, -1]), 1) == 2.0
    assert bots.evaluate(Scored([3, 5, -1]), 2) == -6.0
    assert bots.evaluate(Scored([3, 5, -1], [9, 1, 0]), 0) == 8.0
    assert isinstance(bots.evaluate(Scored([3, 5]), 0), float)


def test_beat_whom_weighs_the_damage_far_above_the_cards_count() -> None:
    """Beating: 2 a card by weight, only 0.1 a card for the cards themselves: two cards of the
    leader about to lay out (weight 1) beat three of a trailing opponent (weight 0.5)."""
    piles = [[], [["4", "4", "4"]], [["6", "6"]]]
    v = view(
        ["2", "7", "9", "10", "1"],
        3,
        counts=[5, 5, 3],
        scores=[0, -1, 3],
        piles=piles,
        phase="beat-whom",
    )
    b, t = table(v)
    assert (t.weight(1), t.weight(2)) == (0.5, 1.0)
    assert b._beat_whom(t, [Action(beat=1), Action(beat=2)]) == Action(beat=2)


def test_beat_display_takes_one_card_when_no_lay_is_named() -> None:
    """Beating the display: as many cards as the lay had, one where none is named (one lone 4,
    use -0.4, is worse than a Dieb the bot has little use for, -0.3; two 4s would be a pair)."""
    legal = [Action(beat="display", card="4"), Action(beat="display", card="dieb")]
    v = quiet(["3", "dieb", "fee"], display=["4", "4", "dieb"], phase="beat-display")
    b, t = table(v)
    assert b._beat_display(t, legal) == Action(beat="display", card="dieb")
    v["pending"] = {"lay": ["5", "5"]}
    b, t = table(v)
    assert b._beat_display(t, legal) == Action(beat="display", card="4")


def deal_view(hand: list[str], unseen: list[str], supply: list[str]) -> dict[str, Any]:
    """Seat 1 the Gemeinling's victim, holding five known lone cards (one a 9); ``unseen``: the
    only cards not in view (the stock's)."""
    known = ["9", "2", "3", "5", "6"]
    rest = deck() - Counter(hand) - Counter(known) - Counter(supply) - Counter(unseen)
    return view(
        hand,
        counts=[len(hand), 5],
        known=[[], known],
        display=list(rest.elements()),
        supply=supply,
        phase="deal",
        pending={"victim": 1},
    )


def test_the_stock_is_dealt_at_the_victims_expected_use_a_little_worse() -> None:
    """Gemeinling dealing: the stock is worth the victim's expected use of an unseen card, 0.05
    less than a supply card of the same use (the bot has no use for a card it does not hold
    beside a Partybiber: 2 x 0.5 - 1 = 0)."""
    hand = ["7", "8", "partybiber"]
    stock, one, nine = (
        Action(deal="stock"),
        Action(deal="supply", card="1"),
        Action(deal="supply", card="9"),
    )
    b, t = table(deal_view(hand, ["1", "1"], ["1", "9"]))
    assert t.unseen == Counter({"1": 2}) and t.use("1") == 0.0
    # the stock a lone 1 for the victim as the supply's 1: the supply's, by the 0.05
    assert b._deal(t, [stock, one]) == one
    # the 9 joins the victim's 9: the stock, though only 0.05 behind the 1, is far better
    assert b._deal(t, [stock, nine]) == stock
    # the stock of 9s (they hold one): the supply's lone 1 is worse for them
    b, t = table(deal_view(hand, ["9", "9"], ["1"]))
    assert b._deal(t, [stock, one]) == one


def test_the_victims_harm_counts_five_times_the_bots_own_use() -> None:
    """Gemeinling dealing: what the card is to the victim counts fully, the bot's own use of it
    (it may draw it later) a fifth: a 4 lone to the victim but a third 4 to the bot is still
    dealt rather than a 9 that joins the victim's 9 and is lone to the bot."""
    b, t = table(deal_view(["4", "4", "7"], [], ["4", "9"]))
    legal = [Action(deal="supply", card="9"), Action(deal="supply", card="4")]
    assert b._deal(t, legal) == Action(deal="supply", card="4")


def test_a_hand_of_three_counts_six_points_of_threat() -> None:
    """Gemeinling: whoever is about to go out (at most 3 cards) counts 6 points more, every card
    half a point less: 3 cards and a score of 0 (4.5) against 8 cards and 8 points (4) or 9
    points (5)."""
    legal = [Action(victim=1), Action(victim=2)]
    b, t = table(view(["5"] * 6, 3, counts=[6, 3, 8], scores=[0, 0, 8], phase="victim"))
    assert b._victim(t, legal) == Action(victim=1)
    b, t = table(view(["5"] * 6, 3, counts=[6, 3, 8], scores=[0, 0, 9], phase="victim"))
    assert b._victim(t, legal) == Action(victim=2)


def test_a_fee_with_nobody_to_take_from_adds_nothing() -> None:
    """Lay: a Fee with no card to take (the only opponent would end the game ahead with their
    last card taken) adds nothing."""
    v = view(["2", "5", "7", "fee"], counts=[4, 1], known=[[], ["9"]], scores=[0, 0])
    assert lay_value(v, ["5", "fee"]) == 4.0


def test_a_fee_weighs_the_victims_loss_by_their_weight() -> None:
    """Fee: the holder's loss counts by their weight (here a trailing opponent: 0.5)."""
    hand = ["2", "5", "7", "9", "10", "fee"]
    known = [[], ["9", "1", "1", "1", "1"], ["2"] * 5]
    b, t = table(view(hand, 3, counts=[6, 5, 5], known=known, scores=[5, 0, 6]))
    assert t.weight(1) == 0.5
    options = {src: val for val, src in b._fee_options(t, t.hand)}
    assert close(options["9", 1], (2 * 0.75 - 1) - 0.5 * (1 - 2 * 0.3))
    assert close(options["1", 1], (2 * 0.3 - 1) - 0.5 * (1 - 2 * 0.93))


def test_a_koenig_counts_the_chance_an_opponent_holds_the_value() -> None:
    """Lay: a König with a set (two cards or more): an opponent with unknown cards holds the
    set's value with the Poisson chance of at least one."""
    hand = ["2", "5", "5", "9", "10", "koenig"]
    rest = deck() - Counter(hand) - Counter(["5", "5", "1", "1"])
    v = view(hand, counts=[6, 2], rejected=list(rest.elements()))
    b, t = table(v)
    assert t.unseen == Counter({"5": 2, "1": 2}) and t.unknown[1] == 2
    has = 1 - math.exp(-1.0)  # mean 2 x 2/4
    assert t.beat_prob(Shape(SET, 3, 5)) == 0.0 and t.beat_prob(Shape(SET, 2, 5)) == 0.0
    assert close(b.lay_value(t, ["5", "5", "koenig"]), 6.0 + has * 0.5)
    assert close(b.lay_value(t, ["5", "koenig"]), 4.0 - 1.0 + has * 0.5)


def test_display_cards_taken_join_one_another() -> None:
    """Lay: display cards taken go into the hand one after another, each joining those before: a
    lone one, then a pair, then a third."""
    b, t = table(quiet(["2", "7", "9"]))
    total = (2 * 0.3 - 1) + (2 * 0.75 - 1) + (2 * 0.93 - 1)
    assert close(b._display_take(t, Counter(["2"]), "5", 3), total)


def test_keep_needs_a_positive_total_use() -> None:
    """Keep only when the kept cards' use is positive: a total of exactly 0 is rejected; cards
    kept join one another (a third 4 is worth more than a second)."""
    legal = [Action(keep=True), Action(keep=False)]
    # beside a Partybiber a lone digit is laid with 0.5: use 0
    b, t = table(keep_view(["7", "partybiber"], ["4"]))
    assert t.use("4") == 0.0
    assert b._keep(t, legal) == Action(keep=False)
    # three 4s: -0.4 + 0.5 + 0.86 = 0.96, less two lone cards (-0.8): worth it; three lone: not
    b, t = table(keep_view(["7", "9"], ["4", "4", "4", "1", "2"]))
    assert b._keep(t, legal) == Action(keep=True)
    b, t = table(keep_view(["7", "9"], ["4", "4", "4", "1", "2", "3"]))
    assert b._keep(t, legal) == Action(keep=False)


def test_a_bodyguard_of_a_pair_is_worth_stealing() -> None:
    """Steal: a Bodyguard protecting a group of two or more is worth 0.3 more."""
    b, t = table(quiet(["2", "5", "7"], piles=[[], [["6", "bodyguard"]]]))
    options = {src: val for val, src in b._steal_options(t, t.hand)}
    assert close(options[1, "bodyguard"], 2.0 + (2 * 0.85 - 1) + 0.3)


def test_a_lone_dieb_steals_and_costs_nothing_more() -> None:
    """Lay: a lone Dieb beats nothing but steals (its best option); it is none of the lone cards
    that do nothing."""
    v = quiet(["2", "5", "7", "9", "dieb"], supply=["9"])
    assert close(lay_value(v, ["dieb"]), 2.0 + (2 * 0.75 - 1))


def test_a_digit_seen_barely_still_counts() -> None:
    """``_can_beat``: a higher digit is skipped only when none is known and its mean is under
    0.05; at 0.05 (one unknown card, one of 20 unseen) it counts."""
    hand = ["7"] * 6
    rest = deck() - Counter(hand) - Counter(["8"] + ["1"] * 8 + ["2"] * 8 + ["3"] * 3)
    _, t = table(view(hand, counts=[6, 1], display=list(rest.elements())))
    assert t.unseen_total == 20 and t.unknown[1] == 1
    some = 1 - math.exp(-0.05)
    assert close(t._can_beat(1, Shape(SET, 1, 5)), some * _tail(0.05, 1))


def test_unknown_jokers_help_unknown_digits() -> None:
    """``_can_beat`` a pair: unknown jokers may beat it alone (two of them) or with a higher
    digit (their means add up)."""
    hand = ["7"] * 6
    rest = deck() - Counter(hand) - Counter(["8", "8", "joker", "joker"])
    _, t = table(view(hand, counts=[6, 2], display=list(rest.elements())))
    some = 1 - math.exp(-1.0)
    jokers = _tail(1.0, 2)
    digit = some * _tail(2.0, 2)
    assert close(t._can_beat(1, Shape(SET, 2, 5)), 1 - (1 - jokers) * (1 - digit))


def test_the_risk_is_kept_per_shape() -> None:
    """``beat_prob`` is kept per kind, size and value: a pair of 9s is not a pair of 5s."""
    v = view(["7"] * 6, 3, counts=[6, 1, 2], known=[[], ["joker"], ["joker", "6"]])
    _, t = table(v)
    assert close(t.beat_prob(Shape(SET, 2, 5)), 0.6)
    assert t.beat_prob(Shape(SET, 2, 9)) == 0.0


def test_the_opponents_follow_the_bot_in_seat_order() -> None:
    """The opponents are the seats after the bot's in turn; of two equal opponents the first is
    the leader."""
    v = view(["7"] * 6, 3, counts=[8, 6, 8], scores=[3, 5, 3])
    v["viewer"] = 1
    _, t = table(v)
    assert t.opponents == [2, 0] and t.leader == 2
    assert close(t.weight(2), 0.8) and close(t.weight(0), 0.5)
    v = view(["7"] * 6, 3, counts=[6, 8, 8], scores=[5, 3, 3])
    _, t = table(v)
    assert t.leader == 1


def test_a_steal_is_judged_in_the_hand_left_after_the_lay() -> None:
    """Lay: the Dieb's steal is valued in the hand after the lay: a 5 from the supply after
    laying the bot's only 5 is a lone card again (use -0.4), not a pair."""
    v = quiet(["2", "5", "7", "9", "dieb"], supply=["5"])
    assert close(lay_value(v, ["5", "dieb"]), 4.0 + (2 * 0.3 - 1))


def test_a_smaller_hand_holds_a_run_less_often_with_a_hippie_too() -> None:
    """``_can_beat`` a run: both estimates (plain and with the Hippie) scale with the hand's
    spread (its size over 13)."""
    run = Shape(HIPPIE_RUN, 3, 9)
    spread = 6 / 13
    expected = 1 - (1 - 0.45 * spread) * (1 - 0.7 * spread)
    assert close(can_beat(run, ["1"] * 5 + ["hippie"]), expected)


def test_a_known_higher_digit_with_unknown_jokers_beats_a_pair_by_chance() -> None:
    """``_can_beat`` a pair of 5s: a known 8 and a joker or another 8 among two unknown cards
    (mean 1 each: Poisson chance 1 - e^-2), or two jokers alone."""
    hand = ["7"] * 6
    rest = deck() - Counter(hand) - Counter(["8", "8", "8", "joker", "joker"])
    _, t = table(view(hand, counts=[6, 3], known=[[], ["8"]], display=list(rest.elements())))
    assert t.unseen == Counter({"8": 2, "joker": 2}) and t.unknown[1] == 2
    jokers = _tail(1.0, 2)
    with_eight = 1 - math.exp(-2.0)
    assert close(t._can_beat(1, Shape(SET, 2, 5)), 1 - (1 - jokers) * (1 - with_eight))


def test_the_bot_counts_a_custom_decks_cards(tmp_path: Any) -> None:
    """The bot's card counting starts from the game's deck: every kind it holds (a single joker
    too), none it lacks, and its digits."""
    deck_file = tmp_path / "deck.toml"
    deck_file.write_text("[cards]\n1 = 30\n2 = 30\n3 = 30\njoker = 1\nkoenig = 0\n")
    game = spieltisch.load_game("bibermania", deck=str(deck_file))
    bot = HeuristicBot(game)
    assert bot.deck_counts["joker"] == 1
    assert bot.digits == (1, 2, 3)
    _, t = table(view(["1", "2"], counts=[2, 5]), game)
    assert t.unseen == Counter({"1": 29, "2": 29, "3": 30, "joker": 1})


def test_kept_cards_of_a_beaten_group_are_judged_in_the_hand_after_the_lay() -> None:
    """Lay: the beaten group's cards are kept into the hand left after the lay: near the end (1.3
    turns) a 4 joins the biggest group of what is left (the lone 4: 0.75 x 0.9), though beside
    the three 5s being laid it would not."""
    v = view(
        ["2", "4", "5", "5", "5"],
        counts=[5, 2],
        known=[[], ["1", "1"]],
        piles=[[], [["4", "4", "4"]]],
    )
    b, t = table(v)
    assert close(t.horizon, 1.3)
    kept = 3 * (2 * 0.75 * 0.9 - 1)
    assert close(b.lay_value(t, ["5", "5", "5"]), 6.0 + 2.0 * 3 + kept)


def test_a_fee_is_judged_in_the_hand_after_the_lay() -> None:
    """Lay: the Fee's card is valued in the hand after the lay: a 5 taken after laying the
    bot's only 5 is lone again, not worth taking from a holder of lone cards."""
    v = view(
        ["2", "5", "7", "9", "10", "fee"], counts=[6, 5], known=[[], ["5", "3", "4", "6", "8"]]
    )
    assert lay_value(v, ["5", "fee"]) == 4.0


def test_a_lone_action_card_also_risks_a_joker() -> None:
    """Lay: a lone Hippie costs 1 beside its risk: an opponent's known joker beats it (risk 0.6,
    2 a card)."""
    v = view(
        ["5", "6", "8", "9", "hippie"], counts=[5, 5], known=[[], ["joker", "1", "1", "1", "1"]]
    )
    assert close(lay_value(v, ["hippie"]), 2.0 - 2.0 * 0.6 - 1.0)


def test_a_steal_from_a_pile_is_judged_in_the_hand_after_the_lay() -> None:
    """Lay: a Dieb's steal from an opponent's group is valued in the hand after the lay (2 by
    weight, and a 5 that is lone again once the bot's only 5 is laid)."""
    v = quiet(["2", "5", "7", "9", "dieb"], piles=[[], [["5"]]])
    assert close(lay_value(v, ["5", "dieb"]), 4.0 + 2.0 + (2 * 0.3 - 1))


def test_a_fee_passes_over_an_opponent_about_to_end_the_game_only() -> None:
    """Fee: an opponent whose last card would end the game is skipped, the next one still
    counts."""
    hand = ["2", "5", "7", "9", "10", "fee"]
    known = [[], ["3"], ["9", "4", "6", "8", "1"]]
    b, t = table(view(hand, 3, counts=[6, 1, 5], known=known, scores=[0, 0, 0]))
    assert {src for _, src in b._fee_options(t, t.hand)} == {
        ("9", 2),
        ("4", 2),
        ("6", 2),
        ("8", 2),
        ("1", 2),
    }
