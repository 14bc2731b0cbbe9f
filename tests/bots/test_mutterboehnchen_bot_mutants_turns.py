"""Mutterböhnchen's trader and notrade bots through a whole turn's steps (mutation tests of
games/mutterboehnchen/bots.py's ``_duo``, ``_send`` and ``MutterTraderBot.trade``, with more
of ``decide``, ``_unknown``, ``_give_first`` and ``_place``).

The bots' heuristic is their spec, as in test_mutterboehnchen_bot_mutants.py: the module
docstring names what each step does. Here: the 2-player turn (the opponent's Aktivist claim
taken when planting the Soy is worth it, else passed; the optional 2nd card of the hand phase
only onto its own variety; leftovers planted where they fit; the opponent's steps: harvests
only), and the trader's gifts (none with a Messie on top, as the card's text says; a trade for
a card stays allowed). Each test builds a position by hand (``mutterboehnchen_positions``;
every card not named under the discard pile, so the beans still unseen are the stock's top
cards) and checks one of them; every game and view is built inside its test, as mutmut picks
the tests to run against a mutant by the calls made inside them.
"""

from __future__ import annotations

from typing import Any

import pytest
from mutterboehnchen_bot_positions import act, decide, load, table
from mutterboehnchen_positions import fields_of

from spieltisch.core import Action
from spieltisch.games.mutterboehnchen import bots as mb
from spieltisch.games.mutterboehnchen.bots import MutterTraderBot, _MutCtx

# the stock's top cards: no Soy (the Aktivist positions count the Soys left to come)
NO_SOY = ["blue", "chili", "green", "stink"] * 6


def _duo(**kw: Any):
    """A 2-player position (player 0 active unless ``active`` says otherwise), every other card
    under the discard pile."""
    kw.setdefault("rest", "discard")
    kw.setdefault("stock_top", NO_SOY)
    kw.setdefault("hands", [["blue"], ["green"]])
    return load(2, **kw)


# -- 2 players: the opponent's Aktivist claim ---------------------------------------------------


@pytest.mark.parametrize(
    ("soys", "claims"),
    [
        (2, True),  # a third Soy on the Soy field: worth more than a tenth
        (6, False),  # the field has all it can use: he covers his Aktivist for nothing
    ],
)
def test_the_opponent_claims_a_turned_up_soy_when_planting_it_is_worth_it(
    soys: int, claims: bool
) -> None:
    """2 players, phase 4: the opponent with an Aktivist on top takes a turned-up Soy when
    planting it is worth it (``_aktivist``), else passes."""
    s = _duo(
        phase="reveal",
        claim=True,
        fields=[[["blue"] * 2, ["chili"], []], [["soy"] * soys + ["aktivist"], ["red"], []]],
        offer_area=["soy", "stink", "chili"],
    )
    claim, stay = s.legal_actions(1)
    assert "field" in claim and stay == Action(aktivist="pass")
    assert decide(s, 1) == (claim if claims else stay)


def test_the_aktivist_claim_is_asked_only_of_choices_that_plant_the_soy() -> None:
    """``_duo`` in phase 4 hands ``_aktivist`` the claims that name a field; a bare pass (or a
    claim without a field) is no claim: it passes, or falls back where passing is no choice."""
    b, _, s = table(
        players=2,
        stock_top=NO_SOY,
        phase="reveal",
        claim=True,
        hands=[["blue"], ["green"]],
        fields=[[["blue"] * 2, ["chili"], []], [["soy"] * 2 + ["aktivist"], ["red"], []]],
        offer_area=["soy", "stink", "chili"],
    )
    c = _MutCtx(b, s.view(1))
    asked: list[list[Action]] = []
    claim, stay = Action(aktivist=5, field=0), Action(aktivist="pass")

    def aktivist(ctx: Any, legal: list[Action]) -> Action | None:
        assert ctx is c
        asked.append(legal)
        return legal[0] if found else None

    b._aktivist = aktivist  # type: ignore[method-assign]
    found = True
    assert b._duo(c, [claim, stay]) == (claim, mb.FAST)
    assert asked == [[claim, stay]]
    found = False
    assert b._duo(c, [claim, stay]) == (stay, mb.FAST)
    assert b._duo(c, [Action(end="x"), claim]) == (Action(end="x"), mb.FAST)
    assert b._duo(c, [Action(other=1), claim]) == (Action(other=1), mb.FAST)
    asked.clear()
    found = True
    assert b._duo(c, [stay]) == (stay, mb.FAST)
    assert b._duo(c, [Action(aktivist=5), stay]) == (stay, mb.FAST)
    assert b._duo(c, [Action(field=0), stay]) == (stay, mb.FAST)
    assert asked == []


# -- 2 players: the active player's phases --------------------------------------------------------


@pytest.mark.parametrize(("planted", "second"), [(0, False), (1, True), (2, True)])
def test_the_second_hand_card_goes_only_onto_its_own_variety_with_two_players(
    planted: int, second: bool
) -> None:
    """Phase 2: the front card must be planted, even on an empty field; once one card is
    planted, the optional next one only onto a field of its variety (module docstring: the
    3-6 player rule, ``_plant_front``'s), so it ends planting rather than begin a Stink field."""
    b, c, s = table(
        players=2,
        stock_top=NO_SOY,
        phase="plant",
        planted=planted,
        hand_discards=1,
        hands=[["stink", "green"], ["green"]],
        fields=[[["blue"] * 2, [], []], [["red"], ["red"], []]],
    )
    asked: list[tuple[Any, ...]] = []
    b._choose = lambda *args, **kw: asked.append((args, kw)) or Action(end="planting")  # type: ignore[method-assign]
    legal = [Action(plant="front", field=1), Action(end="planting")]
    assert b._duo(c, legal) == (Action(end="planting"), mb.FAST)
    assert asked == [((c, legal, [], c.hand_k, second), {})]
    if planted == 1:
        assert decide(s, 0) == Action(end="planting")


def test_two_players_plant_a_leftover_where_it_fits() -> None:
    """Phase 1: the opponent's leftovers are planted where they fit (``_take``), the Blue on the
    Blue field."""
    s = _duo(
        phase="leftover",
        fields=[[["blue"] * 2, ["chili"], []], [["red"], ["red"], []]],
        offer_area=["blue"],
    )
    got = decide(s, 0)
    assert got is not None and got.get("field") == 0 and "plant" in got, got


def test_two_players_the_opponent_only_harvests_a_finished_field_in_the_active_turn() -> None:
    """Not its turn: the 2-player phases ask it nothing but a harvest any time (``_anytime``),
    and only a finished field is harvested; its own phases are handed on (``_take``)."""
    b, _, s = table(
        players=2,
        stock_top=NO_SOY,
        phase="take",
        hands=[["blue"], ["green"]],
        fields=[[["red"] * 2, ["chili"], []], [["blue"] * 2, ["soy"] * 4, []]],
        offer_area=["blue"],
    )
    harvests = [Action(harvest=0), Action(harvest=1)]
    c = _MutCtx(b, s.view(1))
    assert c.finished(1) and not c.finished(0)
    assert b._duo(c, harvests) == (Action(harvest=1), mb.HARVEST)
    assert b._duo(c, harvests[:1]) == (None, mb.IDLE)
    taken: list[Any] = []
    b._take = lambda *args: taken.append(args) or Action(end="taking")  # type: ignore[method-assign]
    c = _MutCtx(b, s.view(0))
    assert b._duo(c, harvests) == (Action(end="taking"), mb.FAST)
    assert taken == [(c, harvests)]


# -- the end placement ---------------------------------------------------------------------------


def test_no_one_shot_fires_at_the_end_placement() -> None:
    """The sheet's end: "each may put 1 fitting hand card on each existing field (...; no
    one-shot effects fire)". A Frauenversteher put on a Soy field leaves its Lady below him: 5
    cards with a Frauenversteher on top pay what the 4 Soys pay, so ``_place`` places nothing
    (fired, his Lady's move to the top would pay 1 more), and the engine agrees."""
    b, c, s = table(
        phase="place",
        active=3,
        hands=[["frauenversteher"], [], [], []],
        fields=[[["soy-lady"] + ["soy"] * 3, ["blackeyed"] * 3], [[], []], [[], []], [[], []]],
        placing=[0, 1, 2, 3],
        ending=True,
    )
    place, end = s.legal_actions(0)
    assert place == Action(place=b.rep["frauenversteher"], field=0) and end == Action(end="placing")
    assert b._place(c, [place, end]) == end
    # nothing worth placing: it ends the placing, not anything else listed that ends
    assert b._place(c, [Action(end="x"), place, end]) == end
    act(s, 0, place)
    assert fields_of(s, 0)[0] == ["soy-lady", "soy", "soy", "soy", "frauenversteher"]


# -- a phase it does not know ------------------------------------------------------------------


def test_in_a_phase_it_does_not_know_with_only_harvests_it_takes_the_best_paying_slowly() -> None:
    """``_unknown`` (module docstring: "harvests only when nothing else may be done"): no field
    is finished and only harvests are legal: the one that pays most now, whatever the order,
    at idle speed."""
    b, c, _ = table(
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 3, ["chili"] * 5], [[], []], [[], []], [[], []]],
        stock_top=["blue"] * 3 + ["chili"] * 3,
    )
    assert c.cash(c.my_fields()[0][1]) > c.cash(c.my_fields()[0][0])
    assert not c.finished(0) and not c.finished(1)
    harvests = [Action(harvest=0), Action(harvest=1)]
    assert b._unknown(c, harvests) == (Action(harvest=1), mb.IDLE)
    assert b._unknown(c, harvests[::-1]) == (Action(harvest=1), mb.IDLE)


# -- trading: gifts -----------------------------------------------------------------------------


@pytest.mark.parametrize("messie", [False, True])
def test_with_a_messie_on_top_the_trader_gives_no_gifts(messie: bool) -> None:
    """The Messie's text: "You may not give beans away as gifts; trading stays allowed." The
    active trader that must plant a Garden it has no field for offers it to the Garden player
    for its Soy first, then as a gift; with a Messie on top of a field only the trade."""
    top = ["stink", "stink", "messie" if messie else "stink"]
    b, _, s = table(
        phase="trade",
        hands=[["soy"], [], [], []],
        fields=[[["blue"] * 3, top], [["garden"] * 2, ["red"]], [["red"], []], [["green"], []]],
        offer_area=["garden", "blue"],
        stock_top=["blue", "chili", "stink", "green", "soy"] * 8,
    )
    legal = s.legal_actions(0)
    garden = [{"count": 1, "from": "offer", "variety": "garden"}]
    first = b.trade(_MutCtx(b, s.view(0)), legal)
    assert b._messie is messie
    assert first[0] == Action(
        offer={"to": 1, "give": garden, "want": [{"count": 1, "from": "hand", "variety": "soy"}]}
    )
    then = b.trade(_MutCtx(b, s.view(0)), legal)[0]
    gift = Action(offer={"to": 1, "give": garden, "want": []})
    assert then == (Action(end="trading") if messie else gift)


def test_a_messie_forbids_gifts_only_and_an_offer_is_sent_once() -> None:
    """``_send``: an offer wanting nothing back is a gift, none with a Messie on top; an offer
    already sent this phase is not sent again."""
    b, _, _ = table()
    sent: set[tuple[Any, ...]] = set()
    give, want = [("red", "hand")], [("blue", "hand")]
    b._messie = True
    assert b._send(sent, 2, give, []) is None
    trade = Action(
        offer={
            "to": 2,
            "give": [{"variety": "red", "count": 1, "from": "hand"}],
            "want": [{"variety": "blue", "count": 1, "from": "hand"}],
        }
    )
    assert b._send(sent, 2, give, want) == trade
    assert b._send(sent, 2, give, want) is None
    b._messie = False
    assert b._send(sent, 2, give, [])["offer"] == {  # type: ignore[index]
        "to": 2,
        "give": [{"variety": "red", "count": 1, "from": "hand"}],
        "want": [],
    }
    assert MutterTraderBot._messie is False
