"""Biber-Mania's rules module (``rules.py``) pinned where its mutants showed the other tests
blind: the engine's English refusals (``str()`` of each refusal: the key says it in the reader's
language, the English stays the engine's own), and the rulings' details a hand-made position
shows at once (``rules/bibermania.md``).

Every position is set up by hand (``bibermania_positions``); unless a test names it, the
display holds only action cards and jokers (never targets), the supply is five 1s and the rest
of the deck is the stock (``stock_top``: its top is the last).
"""

from __future__ import annotations

import pytest
from bibermania_positions import do, lay, load

from spieltisch.core import Action, IllegalAction
from spieltisch.core.words import Said, Seat, Seq
from spieltisch.games.bibermania import words

FILL = "2"


def refusal(state, player: int, action: dict) -> IllegalAction:
    """The refusal of ``action``; the state is left as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    assert state.to_json() == before, "a refused action changes nothing"
    return err.value


def wish(err: IllegalAction) -> Said:
    """What a phase waits for, as the words catalog says it (``r.bm.notnow``'s argument)."""
    assert err.key == "r.bm.notnow"
    (said,) = err.said.args
    return said


# -- the English of each refusal ------------------------------------------------------------------

LAY_REASONS = {
    ("dieb", "fee"): ("only one action card may be laid at a time", "r.bm.oneaction"),
    ("dieb", "joker"): ("an action card is never laid together with a joker", "r.bm.actionjoker"),
    ("3", "4", "5"): (
        "a plain run may only be laid to beat a Hippie run on an opponent's pile",
        "r.bm.plainrun",
    ),
    ("partybiber", "2", "3", "4"): (
        "the Partybiber goes alone or with 3 digits neither equal nor consecutive",
        "r.bm.party",
    ),
    ("hippie", "2", "7"): (
        "the Hippie completes a run of 3 to 7 cards by one missing value",
        "r.bm.hippie",
    ),
    ("2", "9"): (
        "that is not a group that may be laid (equal digits, jokers, a run, ...)",
        "r.bm.nogroup",
    ),
}


@pytest.mark.parametrize(("cards", "reason"), LAY_REASONS.items(), ids=map(str, LAY_REASONS))
def test_a_lay_that_is_no_group_is_refused_in_the_engines_english(cards, reason):
    """The sheet's reason for each kind of lay that is no group, word for word."""
    s = load([[*cards, "1"], ["1"]])
    err = refusal(s, 0, {"lay": list(cards)})
    assert (str(err), err.key) == reason


def test_a_hippie_run_as_the_last_lay_under_profis_is_refused_in_english():
    """Profis: the last lay may not be a Hippie run (the sheet's 'Biber-Mania Profis')."""
    s = load([["hippie", "3", "5"], ["1"]], options={"profis": True})
    err = refusal(s, 0, {"lay": ["3", "5", "hippie"]})
    assert str(err) == "with the Profis rule a Hippie run may not be the last lay"
    assert err.key == "r.bm.hippielast"


def test_without_profis_a_hippie_run_that_is_not_the_last_lay_is_no_profis_refusal():
    """A Hippie run that would not be legal (here: no run at all) with cards left in hand is
    refused for what it is, not by the Profis rule."""
    s = load([["hippie", "3", "9", "1"], ["1"]])
    err = refusal(s, 0, {"lay": ["3", "9", "hippie"]})
    assert err.key == "r.bm.hippie"


LAYFORM = 'lay one group of cards by name: {"lay": ["5", "5", "joker"]}'


@pytest.mark.parametrize(
    ("action", "reason", "key"),
    [
        ({"lay": []}, LAYFORM, "r.bm.layform"),
        ({"lay": "5"}, LAYFORM, "r.bm.layform"),
        ({"lay": [5]}, LAYFORM, "r.bm.layform"),
        ({"lay": ["5"], "card": "5"}, LAYFORM, "r.bm.layform"),
        ({"lay": ["7", "joker", "7"]}, "you do not hold 7, 7, joker", "r.bm.nothold"),
    ],
)
def test_a_lay_not_by_name_or_not_held_is_refused_in_english(action, reason, key):
    """A lay names its cards as a list of card names, all of them in the layer's hand."""
    s = load([["5", "1"], ["1"]])
    err = refusal(s, 0, action)
    assert (str(err), err.key) == (reason, key)


def test_each_phase_says_in_english_what_it_waits_for():
    """Every phase of a turn refuses an action of another phase with the sheet's wish."""
    notnow = "is not possible now: "
    # beat-display: the two display targets named
    display = ["3", "3", "5", "5", "7", "fee", "dieb", "koenig", "joker"]
    s = load([["6", "6", FILL], [FILL]], display=display)
    lay(s, 0, ["6", "6"])
    err = refusal(s, 0, {"keep": True})
    assert str(err) == '{"keep": true} ' + notnow + "choose which display cards to beat: 3, 5"
    said = wish(err)
    assert said.key == "r.bm.want.beat-display"
    assert said.args == (Seq([words.card("3"), words.card("5")], ", "),)
    # beat-whom (option one): the seats named
    s = load(
        [["6", "6", FILL], [FILL], [FILL]],
        [[], [["4", "4"]], [["3", "3"]]],
        {"beat_opponents": "one"},
    )
    lay(s, 0, ["6", "6"])
    err = refusal(s, 0, {"keep": True})
    assert str(err) == '{"keep": true} ' + notnow + "choose whom to beat: 1, 2"
    said = wish(err)
    assert said.key == "r.bm.want.beat-whom"
    assert said.args == (Seq([Seat(1), Seat(2)], ", "),)
    # keep
    do(s, 0, {"beat": 1})
    err = refusal(s, 0, {"beat": 2})
    assert str(err) == (
        '{"beat": 2} ' + notnow + 'take the beaten card into your hand {"keep": true} '
        'or reject it {"keep": false}'
    )
    assert wish(err) == Said("r.bm.want.keep")
    # steal
    s = load([["5", "dieb", FILL], [FILL]])
    lay(s, 0, ["5", "dieb"])
    err = refusal(s, 0, {"keep": True})
    assert str(err).endswith(
        notnow + "steal a card from the display, the supply or an opponent's top group"
    )
    assert wish(err) == Said("r.bm.want.steal")
    # fee
    s = load([["5", "fee", FILL], [FILL]])
    lay(s, 0, ["5", "fee"])
    err = refusal(s, 0, {"keep": True})
    assert str(err).endswith(
        notnow + 'name a card and an opponent {"fee": "7", "from": 1}, or {"fee": null}'
    )
    assert wish(err) == Said("r.bm.want.fee")
    # victim, then deal
    s = load([["5", "gemeinling", FILL], [FILL], [FILL]])
    lay(s, 0, ["5", "gemeinling"])
    err = refusal(s, 0, {"keep": True})
    assert str(err).endswith(notnow + "name the opponent the Gemeinling deals two cards to")
    assert wish(err) == Said("r.bm.want.victim")
    do(s, 0, {"victim": 2})
    err = refusal(s, 0, {"keep": True})
    assert str(err).endswith(
        notnow + 'deal from the stock {"deal": "stock"} or the supply {"deal": "supply", '
        '"card": ...}'
    )
    assert wish(err) == Said("r.bm.want.deal")
    # draw
    s = load([["6", "6", FILL], [FILL]], [[], [["4", "4"]]])
    lay(s, 0, ["6", "6"])
    do(s, 0, {"keep": True})
    do(s, 0, {"keep": True})
    err = refusal(s, 1, {"keep": True})
    assert str(err).endswith(
        notnow + 'draw from the stock {"draw": "stock"} or the supply {"draw": "supply", '
        '"card": ...}'
    )
    assert wish(err) == Said("r.bm.want.draw")


def test_over_the_explanation_says_the_game_is_over():
    """After the end nothing is possible; the explanation says so (a host may ask it)."""
    s = load([["5"], ["1"]])
    lay(s, 0, ["5"])
    assert s.is_terminal()
    err = s.explain(0, Action(keep=True))
    assert str(err) == '{"keep": true} is not possible now: the game is over'
    assert err.key == "r.bm.notnow" and wish(err) == Said("r.bm.want.over")
