"""Why Mutterböhnchen refuses an action while a step waits (``explain`` in
``mutterboehnchen/state.py``): the English reason and its key in the words catalog (a host
says it in its reader's language), pinned where mutation testing (``make mutate``) found them
unchecked. Rulings: shared/rules/mutterboehnchen.md."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import load
from mutterboehnchen_state_positions import (
    arbeitstier,
    flitzer,
    foist,
    frauenversteher,
    kameradenschwein,
    keep,
    loser,
    placing,
    pull,
    schuerzenjaeger,
    taler_from,
    two_babys,
)
from position_checks import refusal

from spieltisch.core.words import Seat

END = {"end": "planting"}


def moves(s, player):
    """The moves open, as a refusal lists them."""
    return ", ".join(str(a) for a in s.legal_actions(player))


@pytest.mark.parametrize(
    ("build", "what"),
    [
        (loser, "harvest"),
        (schuerzenjaeger, "take a Lady from the discard pile"),
        (arbeitstier, "plant the rearmost hand card, harvesting first if it fits nowhere"),
        (taler_from, "name the opponent to draw a Bohnentaler from"),
        (kameradenschwein, "plant the drawn Bohnentaler"),
        (frauenversteher, "move a Lady to the top"),
    ],
    ids=lambda b: getattr(b, "__name__", ""),
)
def test_a_one_shots_choice_comes_first_and_the_refusal_names_it_and_its_moves(build, what):
    """A one-shot whose effect needs its owner's choice (which field the Loser harvests, which
    Lady the Schürzenjäger takes, where the Arbeitstier's or the Kameradenschwein's card goes,
    whom the Kameradenschwein draws from, which Lady moves to the top) is carried out before
    anything else: any other action is refused with what the choice is and its moves."""
    s = build()
    err = refusal(s, 0, END)
    assert str(err) == f"first the one-shot's choice ({what}): {moves(s, 0)}"
    assert err.key == "r.mb.choice" and str(err).count(", {") == 1, "two moves open"


def test_the_ladys_pull_comes_first_and_the_refusal_names_its_moves():
    """A Lady (or Baby) that may move up above a card planted on her is asked first: any other
    action is refused with the pull's moves (pull, or not)."""
    s = pull()
    err = refusal(s, 0, END)
    assert str(err) == 'first choose whether a Lady or Baby moves up: {"pull": 1}, {"pull": "none"}'
    assert err.key == "r.mb.pull"


@pytest.mark.parametrize(
    ("build", "player", "action", "reason", "key", "args"),
    [
        (
            flitzer,
            1,
            {"end": "trading"},
            "first player 1 takes the turned-up Flitzer or passes",
            "r.mb.flitzer",
            (Seat(1),),
        ),
        (
            foist,
            1,
            {"end": "trading"},
            "what a player received is planted at once on a fitting existing field",
            "r.mb.foist",
            (),
        ),
        (
            two_babys,
            0,
            {"attack": 2, "field": 0},
            "each attack names another opponent (3 players with 3 Babys: one twice)",
            "r.mb.attack",
            (),
        ),
        (
            placing,
            3,
            "a second card on field 0",
            "at the end, put one fitting hand card on each of your existing fields",
            "r.mb.place",
            (),
        ),
        (
            keep,
            0,
            "the Blue taler on the Chili field",
            "keep one drawn Bohnentaler that fits an existing field of yours",
            "r.mb.keep",
            (),
        ),
        (
            lambda: load(4, hands=[["soy"], [], [], []]),
            0,
            {"buy": "field"},
            "in Mutterböhnchen no 3rd field can be bought",
            "r.mb.buy",
            (),
        ),
    ],
    ids=["flitzer", "foist", "attack", "place", "keep", "buy"],
)
def test_a_refusal_says_which_rule_stops_the_action(build, player, action, reason, key, args):
    """The turned-up Flitzer is offered round first; a received gift is planted at once; each
    attack names another opponent; the end placement puts one card on each existing field; a
    kept taler fits an existing field of the attacker; no 3rd field is sold."""
    s = build()
    if action == "a second card on field 0":  # player 3 has put a card on field 0 already
        action = {"place": s.hands[3][0], "field": 0}
    elif action == "the Blue taler on the Chili field":
        (blue,) = [c for c in s.attack["drawn"] if s.variety(c) == "blue"]
        action = {"keep": blue, "field": 1}
    err = refusal(s, player, action)
    assert (str(err), err.key, err.args_said) == (reason, key, args)


def test_the_player_asked_for_the_flitzer_or_a_gift_is_refused_a_wrong_field_by_its_rule():
    """The player whom the Flitzer waits for (or who must plant a received gift at once) is
    doing what is waited for: a wrong field is refused for what it is, not as the wait."""
    s = flitzer()
    (card,) = s.flitzer["cards"]
    err = refusal(s, 1, {"flitzer": card, "field": 1})  # his Blue field
    assert (str(err), err.key) == (
        f'{{"field": 1, "flitzer": {card}}} is not possible now (trade phase)',
        "r.bo.notnow",
    )
    s = foist()
    ((_, (card,)),) = s.foist
    err = refusal(s, 1, {"plant": card, "field": 0})  # his Blackeyed field
    assert (str(err), err.key) == (
        "plant a card you received on an empty field or one of its variety",
        "r.received",
    )
