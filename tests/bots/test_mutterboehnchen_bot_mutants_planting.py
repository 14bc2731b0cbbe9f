"""Mutterböhnchen's bots: their set-up, the field rules' memo, one decision a view, and the
planting choices (mutation tests of games/mutterboehnchen/bots.py: ``MutterBot.__init__``,
``placements``, ``plant``, ``_plan``, ``_take``, ``_after_plant``, ``_choose``,
``_plant_front``, ``_plant_received``).

What they pin, from the module docstring: fields are simulated with the game's own field rules
(the Schluckspecht option included: on all his owner's fields a card planted goes to the
bottom), and what the rules did on a simulated position is remembered for the deck's bots, at
most ``PLACEMENT_LIMIT`` answers each; a decision asked again with the same view and the same
legal actions gets the same answer without a new evaluation; planting (the front card, the
optional 2nd, received cards, the 2-player leftovers and offer a variety all or none) takes the
choice whose evaluation after it is best. Each test builds its position by hand with
``mutterboehnchen_bot_positions`` (every card not named under the discard pile: the beans still
unseen are the stock's top cards) and checks one of them. Every game and view is built inside
its test: mutmut picks the tests to run against a mutant by the calls made inside them.
"""

from __future__ import annotations

from typing import Any

import pytest
from mutterboehnchen_bot_positions import ids, table

from spieltisch.bots import Decision
from spieltisch.core import Action, Rng
from spieltisch.games.bohnanza.bots import FAST, IDLE
from spieltisch.games.mutterboehnchen import bots as mb
from spieltisch.games.mutterboehnchen.bots import MutterTraderBot, _MutCtx
from spieltisch.games.mutterboehnchen.fields import BOTTOM

SWALLOW = {"schluckspecht_all_fields": True}

# -- the set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize("option", [False, True])
def test_a_schluckspecht_works_on_all_his_owners_fields_under_the_option(option: bool) -> None:
    """The rulings' option: a Schluckspecht on top of one field sends the beans planted on the
    owner's other fields to their bottom too; the bot's simulation follows the game's option
    (a Blue Lady on 2 Blue beside a Green field under a Schluckspecht)."""
    b, _, _ = table(options={"schluckspecht_all_fields": option})
    assert b.swallow_all is option
    lady = b.rep["blue-lady"]
    sim = ([ids(b, "green", "schluckspecht"), ids(b, "blue", "blue")], ["green", "blue"])
    where = BOTTOM if option else mb.TOP
    assert b.placements(sim, 1, lady) == [where]
    assert b.plant(sim, 1, lady, where) == []
    expected = [lady, *ids(b, "blue", "blue")] if option else [*ids(b, "blue", "blue"), lady]
    assert sim == ([ids(b, "green", "schluckspecht"), expected], ["green", "blue"])
    # the same planting again: the same outcome, on a copy of the same position
    again = ([ids(b, "green", "schluckspecht"), ids(b, "blue", "blue")], ["green", "blue"])
    assert b.plant(again, 1, lady, where) == [] and again == sim


def test_the_bohnanza_bots_settings_pass_through() -> None:
    """The settings the Bohnanza trader reads (here an empty field's worth) go to it."""
    _, _, s = table()
    b = MutterTraderBot(s.game, empty=0.7, envy=0.5)
    c = _MutCtx(b, s.view(0))
    assert (b.empty, b.envy) == (0.7, 0.5)
    assert c.fvalue([], None, 0) == 0.7


@pytest.mark.parametrize("memo", ["_placements", "_planted"])
def test_the_rules_memo_keeps_at_most_placement_limit_answers(
    memo: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``_rule_memo``: at most PLACEMENT_LIMIT answers each; when full it starts anew."""
    monkeypatch.setattr(mb, "PLACEMENT_LIMIT", 2)
    b, _, _ = table()
    getattr(b, memo).clear()
    for n in range(1, 5):
        sim = ([ids(b, "blue") * n, []], ["blue", None])
        if memo == "_placements":
            assert b.placements(sim, 0, b.rep["blue"]) == [mb.TOP]
        else:
            assert b.plant(sim, 0, b.rep["blue"], mb.TOP) == []
            assert sim[0][0] == ids(b, "blue") * (n + 1)
        assert len(getattr(b, memo)) <= 2
    assert len(getattr(b, memo)) == 2  # cleared at the 3rd, then the 3rd and 4th


# -- one decision a view -----------------------------------------------------------------------


def _counting() -> tuple[Any, Any, list[Any]]:
    """A bot whose ``decide`` answers the first legal action (FAST) and counts its calls."""
    b, _, s = table(hands=[["soy"], [], [], []])
    asked: list[Any] = []

    def decide(c: Any, legal: list[Action]) -> tuple[Action | None, float]:
        asked.append((c, legal))
        return legal[0], FAST

    b.decide = decide  # type: ignore[method-assign]
    return b, s, asked


def test_a_decision_is_decided_once_and_a_tie_breaking_delay_added() -> None:
    """``act`` and ``reaction_time`` ask the same decision: it is decided once; the delay is
    the decider's plus up to 0.05 drawn from the decision's rng (ties between equal bots)."""
    b, s, asked = _counting()
    d = Decision(0, s.view(0), s.legal_actions(0), Rng(5), s)
    got = b._plan(d)
    assert b._plan(d) == got and len(asked) == 1
    ((c, legal),) = asked
    assert isinstance(c, _MutCtx) and c.view is d.view and legal == d.legal
    assert got == (d.legal[0], FAST + 0.05 * Rng(5).random())
    assert b._last is not None  # the view was observed


def test_the_same_view_and_choices_get_the_same_answer_without_a_new_decision() -> None:
    """Asked again with an equal view and equal legal actions (others only drafted): the same
    action and delay, a new tie-breaking draw; another view or other choices are decided
    anew."""
    b, s, asked = _counting()
    legal = s.legal_actions(0)
    first = b._plan(Decision(0, s.view(0), legal, Rng(5), s))
    second = b._plan(Decision(0, s.view(0), list(legal), Rng(6), s))
    assert len(asked) == 1
    assert second == (first[0], FAST + 0.05 * Rng(6).random())
    other = s.view(0)
    other["discard"] = other["discard"][1:]
    b._plan(Decision(0, other, list(legal), Rng(5), s))
    assert len(asked) == 2
    b._plan(Decision(0, other, list(reversed(legal)), Rng(5), s))
    assert len(asked) == 3


def test_without_legal_actions_it_waits_idle_but_remembers_the_view() -> None:
    """No legal action: no action, the idle delay (no tie-breaking draw); the view is still
    observed (the harvests it shows)."""
    b, s, asked = _counting()
    d = Decision(1, s.view(1), [], Rng(5), s)
    assert b._plan(d) == (None, IDLE)
    assert asked == [] and b._last is not None
    b.decide = lambda c, legal: (None, FAST)  # type: ignore[method-assign]
    assert b._plan(Decision(0, s.view(0), s.legal_actions(0), Rng(5), s)) == (None, FAST)


# -- 2 players: the leftovers (phase 1) and the offer (phase 4) --------------------------------

OFFER = ["blue", "chili", "blue", "stink"]  # card ids 4, 27, 5, 52 (after 4 Blue in a field)


def _taking(
    phase: str,
    me: int = 0,
    opp_worth: dict[str, float] | None = None,
    gained: dict[str, float] | None = None,
    **kw: Any,
) -> tuple[Any, Any, list[Any]]:
    """A 2-player position in ``phase`` as player ``me`` sees it (his fields 4 Blue and two
    free slots, the opponent's one Red; the offer ``OFFER``, Chili begun by planting), with a
    stubbed valuation: this player's evaluation is 1.0 whatever is left to plant, the
    opponent's the sum of ``opp_worth`` over the cards left to him, a planting brings
    ``gained`` by its card. Every evaluation and planting asked is kept."""
    mine, theirs = [["blue"] * 4, [], []], [["red"], [], []]
    kw.setdefault("started", {"chili": "plant"})
    b, c, s = table(
        players=2,
        viewer=me,
        phase=phase,
        active=me,
        hands=[["soy"], ["green"]] if me == 0 else [["green"], ["soy"]],
        fields=[mine, theirs] if me == 0 else [theirs, mine],
        offer_area=OFFER,
        bot={"envy": 0.5},
        **kw,
    )
    asked: list[Any] = []
    worth, got = opp_worth or {}, gained or {}

    def evaluate(sim: Any, tp: list[str], hand: list[str], p: Any = None, forced: Any = None):
        asked.append(("evaluate", sim, list(tp), list(hand), p))
        if p == 1 - me:
            return sum(worth.get(b.kind_of[x], 0.0) for x in tp)
        return 1.0

    def plant_at(sim: Any, card: int, f: int, w: str, route: str, p: int) -> float:
        asked.append(("plant_at", [list(x) for x in sim[0]], card, f, w, route, p))
        sim[0][f].append(card)
        return got.get(b.kinds[card].name, 0.0)

    c.evaluate = evaluate  # type: ignore[method-assign]
    c.plant_at = plant_at  # type: ignore[method-assign]
    return b, c, s


def test_a_leftover_is_valued_with_the_rest_of_its_variety_and_the_varieties_begun() -> None:
    """Phase 1: a leftover planted (on a copy of the fields, by the route of the cards to plant
    later) is valued by the evaluation with the rest of its variety and every variety begun by
    planting still to plant; a discard by the varieties begun but its own, less 0.05; a
    harvest by its coins and the varieties begun. The opponent's gains are no concern here."""
    b, c, s = _taking("leftover")
    legal = s.legal_actions(0)
    log: list[Any] = []
    evaluate, plant_at = c.evaluate, c.plant_at

    def ev(*args: Any, **kw: Any) -> float:
        log.append(("evaluate", [list(x) for x in args[0][0]], list(args[1]), *args[2:]))
        return evaluate(*args, **kw)

    def pa(*args: Any) -> float:
        log.append(("plant_at", [list(x) for x in args[0][0]], *args[1:]))
        assert args[0][0] is not c.my_fields()[0]
        return plant_at(*args)

    c.evaluate, c.plant_at = ev, pa  # type: ignore[method-assign]
    blue4 = ids(b, "blue") * 4
    blue, chili, stink = b.rep["blue"], b.rep["chili"], b.rep["stink"]
    # a discard of the Chili begun (legal only when no field or harvest can take it)
    b._take(c, [*legal, Action(discard=27)])
    assert legal == [
        Action(plant=4, field=0),
        Action(plant=4, field=1),
        Action(discard=4),
        Action(plant=27, field=1),
        Action(plant=52, field=1),
        Action(discard=52),
        Action(harvest=0),
    ]
    assert log == [
        ("plant_at", [blue4, [], []], blue, 0, "top", "later", 0),
        ("evaluate", [[*blue4, blue], [], []], ["blue", "chili"], ["soy"]),
        ("plant_at", [blue4, [], []], blue, 1, "top", "later", 0),
        ("evaluate", [blue4, [blue], []], ["blue", "chili"], ["soy"]),
        ("evaluate", [blue4, [], []], ["chili"], ["soy"]),
        ("plant_at", [blue4, [], []], chili, 1, "top", "later", 0),
        ("evaluate", [blue4, [chili], []], [], ["soy"]),
        ("plant_at", [blue4, [], []], stink, 1, "top", "later", 0),
        ("evaluate", [blue4, [stink], []], ["chili"], ["soy"]),
        ("evaluate", [blue4, [], []], ["chili"], ["soy"]),
        ("evaluate", [[], [], []], ["chili"], ["soy"]),
        ("evaluate", [blue4, [], []], [], ["soy"]),
    ]


@pytest.mark.parametrize(
    ("gained", "cash", "best"),
    [
        # planting the Stink gains 0.2: better than a discard (-0.05) and the harvest (1 coin)
        ({"stink": 1.2}, 1, Action(plant=52, field=1)),
        # nothing gained anywhere: of equal values the planting (listed first) beats all
        ({}, 0, Action(plant=4, field=0)),
        # a discard (-0.05) beats a planting that loses 0.1
        ({"blue": -0.1, "chili": -0.1, "stink": -0.1}, 0, Action(discard=4)),
    ],
)
def test_of_the_leftovers_it_plants_discards_or_harvests_what_is_worth_most(
    gained: dict[str, float], cash: int, best: Action
) -> None:
    """Phase 1: the choice worth most by the evaluation after it (a discard less 0.05, a
    harvest plus its coins; a harvest paying nothing is no choice while a leftover can go)."""
    b, c, s = _taking("leftover", gained=gained)
    legal = s.legal_actions(0)
    c.cash = lambda cards: float(cash)  # type: ignore[method-assign]
    assert b._take(c, legal) == best


def test_a_discard_is_valued_below_the_end_and_only_in_phase_1() -> None:
    """A discard costs 0.05 against ending; in phase 4 (the offer) there is no discard: a
    discard listed there is passed over."""
    b, c, _ = _taking("leftover")
    end = Action(end="taking")
    assert b._take(c, [Action(discard=52), end]) == end
    assert b._take(c, [end, Action(discard=52)]) == end
    b, c, _ = _taking("take")
    c.evaluate = lambda *a, **k: 5.0 if a[1] == [] else 0.0  # type: ignore[method-assign]
    assert b._take(c, [Action(discard=4), end]) == end


@pytest.mark.parametrize("me", [0, 1])
@pytest.mark.parametrize(
    ("opp_worth", "gained", "best"),
    [
        # the 2 Blue left to him would give him 2: Blue (0.6 less to me) is taken
        ({"blue": 1.0}, {"chili": 0.6}, "blue"),
        # what the varieties left give him adds up: Blue leaves him 0.5 (the Stink), Chili
        # 1.1 (2 Blue and the Stink); Chili gains 0.5 more to me
        ({"blue": 0.6, "stink": 1.0}, {"chili": 0.5}, "blue"),
        # a variety worth less than nothing to him counts nothing (not as a gain)
        ({"blue": -1.0, "stink": 0.4}, {"chili": -0.05}, "blue"),
    ],
)
def test_the_offer_is_taken_counting_what_is_left_for_the_opponent(
    me: int, opp_worth: dict[str, float], gained: dict[str, float], best: str
) -> None:
    """Phase 4: what the cards left in the offer are worth to the opponent (his phase 1: the
    evaluation of his fields with a variety to plant, less without, not below 0) counts
    against a choice, ``envy`` (0.5) times the sum over the varieties left."""
    b, c, _ = _taking("take", me=me, opp_worth=opp_worth, gained=gained, started={})
    legal = [Action(plant=4, field=1), Action(plant=27, field=1), Action(end="taking")]
    got = b._take(c, legal)
    assert b.kinds[got["plant"]].name == best, got


def test_ending_phase_4_counts_every_variety_left_for_the_opponent() -> None:
    """Ending leaves him all of the offer, a planting all but its variety: taking the Blue he
    wants is worth it even at a loss of 0.1 (0.9 against 0.5); a planting leaving him as much
    as ending wins the tie. In phase 1 he gets nothing of it: ending is better."""
    worth, gained = {"blue": 1.0}, {"blue": -0.1}
    b, c, _ = _taking("take", opp_worth=worth, gained=gained, started={})
    end, chili, blue = Action(end="taking"), Action(plant=27, field=1), Action(plant=4, field=1)
    assert b._take(c, [end, chili, blue]) == blue
    assert b._take(c, [end, chili]) == chili  # 0.5 each: a planting wins a tie
    b, c, _ = _taking("leftover", opp_worth=worth, gained=gained, started={})
    assert b._take(c, [end, blue]) == end


def test_a_harvest_paying_nothing_is_no_choice_while_a_card_can_be_taken() -> None:
    """A harvest is valued by its coins and the evaluation after it; one paying nothing is
    passed over (not the end of the search) while a card can be planted or discarded, not
    while only ending is left."""
    b, c, _ = _taking("leftover", started={})
    c.evaluate = lambda sim, *a, **k: 0.0 if sim[0][0] else 3.0  # type: ignore[method-assign]
    c.cash = lambda cards: 0.0  # type: ignore[method-assign]
    end, harvest, plant = Action(end="taking"), Action(harvest=0), Action(plant=4, field=1)
    assert b._take(c, [harvest, plant, end]) == plant
    assert b._take(c, [harvest, Action(discard=4)]) == Action(discard=4)
    assert b._take(c, [end, harvest]) == harvest
    c.cash = lambda cards: 1.0  # type: ignore[method-assign]
    assert b._take(c, [plant, harvest]) == harvest


def test_of_equal_values_a_planting_beats_ending_a_harvest_and_a_discard() -> None:
    """Ties go by rank, whatever the order: a planting, then ending, then a harvest, then a
    discard (here each worth 0.95 or 1.0 by a stubbed evaluation: 1.0 with the fields as
    they are, -0.05 after the harvest of the 4 Blue, which pay 1)."""
    b, c, _ = _taking("leftover", started={})
    c.evaluate = lambda sim, *a, **k: 1.0 if sim[0][0] else -0.05  # type: ignore[method-assign]
    c.cash = lambda cards: 1.0  # type: ignore[method-assign]
    c.plant_at = lambda *a: -0.05  # type: ignore[method-assign]
    end, harvest, plant = Action(end="taking"), Action(harvest=0), Action(plant=4, field=1)
    discard = Action(discard=4)
    assert b._take(c, [discard, harvest]) == harvest  # 0.95 each
    assert b._take(c, [discard, plant]) == plant  # 0.95 each
    c.evaluate = lambda sim, *a, **k: 1.0 if sim[0][0] else 0.0  # type: ignore[method-assign]
    assert b._take(c, [harvest, end]) == end  # 1.0 each


def test_what_it_cannot_read_or_value_is_skipped_not_the_end_of_the_search() -> None:
    """A discard naming no card, a discard in phase 4, an end of something else: no choice,
    and the choices after them are still valued."""
    b, c, _ = _taking("take", started={})
    plant = Action(plant=4, field=1)
    skipped = [Action(discard="x"), Action(discard=4), Action(end="attacks")]
    assert b._take(c, [*skipped, plant]) == plant
    b, c, _ = _taking("leftover", started={})
    assert b._take(c, [Action(discard="x"), Action(discard=4)]) == Action(discard=4)


def test_a_planting_it_cannot_read_or_do_is_skipped_not_the_end_of_the_search() -> None:
    """A planting naming no card, or onto a field that does not take the card, is no choice;
    the choices after it are still valued."""
    b, c, _ = _taking("take", gained={"blue": 1.0}, started={})
    good = Action(plant=4, field=1)
    unreadable, unfit = Action(plant="x", field=1), Action(plant=27, field=0)  # Chili on Blue
    assert b._take(c, [unreadable, unfit, Action(end="taking"), good]) == good
    assert b._take(c, [unreadable, unfit]) == unreadable  # nothing valued: the fallback


def test_a_kavalier_slid_under_a_lady_is_simulated_there() -> None:
    """A Kavalier's planting that says ``under`` goes under the Lady on top in the
    simulation; one that does not goes on top where the rules allow it."""
    b, c, s = table(
        players=2,
        phase="take",
        hands=[["soy"], ["green"]],
        fields=[[["blue", "blue-lady"], ["chili", "chili-lady"], []], [["red"], [], []]],
        offer_area=["kavalier"],
    )
    asked: list[Any] = []
    c.plant_at = lambda *a: asked.append(a[1:]) or 0.0  # type: ignore[method-assign]
    c.evaluate = lambda *a, **k: 0.0  # type: ignore[method-assign]
    legal = s.legal_actions(0)
    kav = b.rep["kavalier"]
    assert legal[:3] == [
        Action(plant=kav, field=0),
        Action(plant=kav, field=0, under=True),
        Action(plant=kav, field=1, under=True),
    ]
    b._take(c, [*legal[:3], Action(plant=kav, field=0, under="yes"), Action(plant=kav, field=1)])
    assert asked == [
        (kav, 0, mb.TOP, "later", 0),
        (kav, 0, mb.UNDER, "later", 0),
        (kav, 1, mb.UNDER, "later", 0),
        (kav, 0, mb.TOP, "later", 0),  # only True says under
        (kav, 1, mb.UNDER, "later", 0),  # his only way onto a Chili field
    ]


# -- the front card and the cards received ---------------------------------------------------


def _asking_choose(**kw: Any) -> tuple[Any, Any, list[Any]]:
    """A bot whose ``_choose`` answers its first choice and keeps what it was asked."""
    b, c, _ = table(hands=[["soy", "red"], [], [], []], **kw)
    asked: list[Any] = []

    def choose(*args: Any, **kw: Any) -> Action:
        asked.append((args, kw))
        return args[1][0]

    b._choose = choose  # type: ignore[method-assign]
    return b, c, asked


@pytest.mark.parametrize(("planted", "second"), [(0, False), (1, True), (2, True)])
def test_the_front_card_is_chosen_from_the_hand_the_second_only_onto_its_variety(
    planted: int, second: bool
) -> None:
    """Phase 1 (3-6 players) and the 2-player hand phase: ``_choose`` with the hand and nothing
    else to plant; once a card is planted, the next one is the optional 2nd."""
    b, c, asked = _asking_choose(planted=planted)
    legal = [Action(plant="front", field=0), Action(end="planting")]
    assert b._plant_front(c, legal) == legal[0]
    assert asked == [((c, legal, [], ["soy", "red"], second), {})]


def test_the_cards_received_are_chosen_with_the_rest_still_to_plant() -> None:
    """Phase 3: ``_choose`` with this player's cards to plant (a copy) and the hand, no 2nd
    card rule."""
    b, c, asked = _asking_choose(phase="plant-trades", to_plant=[["blue", "red"], ["soy"], [], []])
    legal = [Action(plant=7, field=0)]
    assert b._plant_received(c, legal) == legal[0]
    ((args, kw),) = asked
    assert args == (c, legal, ["blue", "red"], ["soy", "red"], False) and kw == {}
    assert args[2] is not c.to_plant_k[0]


@pytest.mark.parametrize(
    ("action", "where"),
    [
        (Action(plant="front", field=0), mb.TOP),  # on the Blue field on top of the Lady
        (Action(plant="front", field=0, under=True), mb.UNDER),
        (Action(plant="front", field=0, under="yes"), mb.TOP),  # only True says under
        (Action(plant="front", field=1, under=True), mb.UNDER),  # under the Chili Lady
        (Action(plant="front", field=1), mb.UNDER),  # his only way onto a Chili field
    ],
)
def test_a_kavalier_goes_under_the_lady_where_the_planting_says_so(
    action: Action, where: str
) -> None:
    """The Kavalier may be slid under a Lady on top instead of going on a Blue field: the
    planting is simulated where the action says (``under`` True) when the rules allow it, else
    where the rules put him; the value is the planting's coins plus the evaluation after it."""
    b, c, _ = table(
        hands=[["kavalier", "soy"], [], [], []],
        fields=[[["blue", "blue-lady"], ["chili", "chili-lady"]], [], [], []],
    )
    planted: list[Any] = []
    c.plant_at = lambda *a: planted.append(a[1:]) or 0.25  # type: ignore[method-assign]
    c.evaluate = lambda *a, **k: 2.0  # type: ignore[method-assign]
    got = b._after_plant(c, action, "plant", [], ["kavalier", "soy"], [], "hand")
    assert got == (2.25, [], ["soy"], [])
    assert planted == [(b.rep["kavalier"], action["field"], where, "hand", 0)]


def test_a_card_received_in_a_trade_is_gone_from_the_cards_to_plant() -> None:
    """Phase 3: a traded card planted (named by its id, neither a gift foisted nor from the
    hand) leaves the cards still to plant; the hand stays."""
    b, c, _ = table(
        phase="plant-trades",
        hands=[["soy"], [], [], []],
        fields=[[["red"], []], [[], []], [[], []], [[], []]],
        to_plant=[["red", "blue"], [], [], []],
    )
    valued: list[Any] = []
    c.evaluate = lambda *a, **k: valued.append((a[1:], k)) or 1.0  # type: ignore[method-assign]
    action = Action(plant=b.rep["red"], field=0)
    got = b._after_plant(c, action, "plant", ["red", "blue"], ["soy"], [], "later")
    assert got == (1.0, ["blue"], ["soy"], [])
    assert valued == [((["blue"], ["soy"]), {"forced": []})]


# -- ``_choose``: the best planting, harvest, end or hand discard ------------------------------


def _choosing(planted: float = 1.0, **bot: Any) -> tuple[Any, Any, list[Any]]:
    """A position with 2 Red and 3 Blue, a stubbed valuation: a planting is worth
    ``planted``, the evaluation 1.0 with both fields, 0.0 after a harvest; each field pays 1
    coin. What the evaluation was asked is kept."""
    b, c, _ = table(
        hands=[["soy", "red", "blue"], [], [], []],
        fields=[[["red"] * 2, ["blue"] * 3], [[], []], [[], []], [[], []]],
        bot=bot,
    )
    asked: list[Any] = []

    def evaluate(sim: Any, tp: Any, hand: Any, p: Any = None, forced: Any = None) -> float:
        asked.append(([list(f) for f in sim[0]], tp, hand, forced))
        return 1.0 if all(sim[0]) else 0.0

    c.evaluate = evaluate  # type: ignore[method-assign]
    c.cash = lambda cards: 1.0  # type: ignore[method-assign]
    b._after_plant = lambda *a: (planted, [], [], [])  # type: ignore[method-assign]
    return b, c, asked


def test_a_harvest_an_end_or_a_hand_discard_is_valued_with_everything_still_to_plant() -> None:
    """A harvest (its coins plus the evaluation after it), the end of planting and a hand
    discard (the hand without that card, less ``discard_cost``) are each valued with the
    cards to plant and the gifts still to plant."""
    b, c, asked = _choosing()
    hand, tp, forced = ["soy", "red", "blue"], ["stink"], ["chili"]
    legal = [Action(harvest=0), Action(end="planting"), Action(discard_hand=1)]
    assert b._choose(c, legal, tp, hand, False, forced=forced) == legal[1]
    red2, blue3 = ids(b, "red") * 2, ids(b, "blue") * 3
    assert asked == [
        ([[], blue3], tp, hand, forced),
        ([red2, blue3], tp, hand, forced),
        ([red2, blue3], tp, ["soy", "blue"], forced),
    ]


def test_a_harvest_is_its_coins_plus_the_evaluation_after_it() -> None:
    """1 coin and 0.5 after the harvest beat ending at 1.4."""
    b, c, _ = _choosing()
    c.evaluate = lambda sim, *a, **k: 1.4 if all(sim[0]) else 0.5  # type: ignore[method-assign]
    legal = [Action(end="planting"), Action(harvest=0)]
    assert b._choose(c, legal, [], ["soy"], False) == Action(harvest=0)


def test_of_equal_values_a_planting_beats_ending_a_harvest_and_a_hand_discard() -> None:
    """Ties go by rank, whatever the order: a planting, the end of planting, a harvest, a hand
    discard; of two plantings worth the same, the first (each here worth 1.0)."""
    b, c, _ = _choosing(discard_cost=0.0)
    plant, other = Action(plant="front", field=0), Action(plant="front", field=1)
    end, harvest, discard = Action(end="planting"), Action(harvest=0), Action(discard_hand=0)
    hand = ["soy", "red"]
    assert b._choose(c, [end, plant], [], hand, False) == plant
    assert b._choose(c, [plant, harvest], [], hand, False) == plant
    assert b._choose(c, [discard, harvest], [], hand, False) == harvest
    assert b._choose(c, [plant, other], [], hand, False) == plant
    assert b._choose(c, [other, plant], [], hand, False) == other


def test_what_it_cannot_value_is_skipped_not_the_end_of_the_search() -> None:
    """A harvest paying nothing while a card can be planted, a hand discard off the hand, the
    optional 2nd card onto another variety's field: no choice, the choices after them are
    still valued."""
    b, c, _ = _choosing(planted=2.0)
    c.cash = lambda cards: 0.0  # type: ignore[method-assign]
    own, empty = Action(plant="front", field=0), Action(plant="front", field=1)
    end = Action(end="planting")
    assert b._choose(c, [Action(harvest=0), own, end], [], ["red"], False) == own
    assert b._choose(c, [Action(discard_hand=5), own, end], [], ["red"], False) == own
    assert b._choose(c, [empty, own], [], ["red"], True) == own  # the 2nd Red onto Red only


def test_a_harvest_paying_nothing_counts_when_nothing_can_be_planted() -> None:
    """With no planting, keeping, taking or placing among the choices, a harvest paying
    nothing is valued too (here better than ending: 2.0 after it)."""
    b, c, _ = _choosing()
    c.cash = lambda cards: 0.0  # type: ignore[method-assign]
    c.evaluate = lambda sim, *a, **k: 1.0 if all(sim[0]) else 2.0  # type: ignore[method-assign]
    legal = [Action(end="planting"), Action(harvest=1)]
    assert b._choose(c, legal, [], ["soy"], False) == Action(harvest=1)
