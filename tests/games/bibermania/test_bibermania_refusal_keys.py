"""Every refusal of Biber-Mania names its key in the game's words catalog, with arguments the
catalog's sentence fills, in English and in German: a host says it in its reader's language
(the browser's refusal notice, the terminal's "Nicht erlaubt:") instead of the engine's English.

Each reason the rules give is provoked once by hand (the lay shapes, each phase's wish), and
random games probe every seat with actions legal elsewhere, so a refusal without a key shows.
"""

from __future__ import annotations

import re
from random import Random

import pytest
from bibermania_positions import load

import spieltisch
from spieltisch.core import IllegalAction
from spieltisch.core.words import Seat

WORDS = spieltisch.load_game("bibermania").words()


def said(state, player: int, action: dict) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    return err.value


def check(err: IllegalAction) -> str:
    """The refusal's key is in both languages of the catalog and its sentence is whole."""
    assert err.key is not None, f"no key for {err}"
    for lang in ("en", "de"):
        assert WORDS._find(lang, err.key) is not None, f"{err.key} missing in [{lang}]"
        text = WORDS.say(lang, err.said)
        assert not re.search(r"\{\d", text), text
        assert "r.bm." not in text, text  # a nested key that the catalog lacks
    return err.key


LAYS = {
    "r.bm.oneaction": ["dieb", "fee"],
    "r.bm.actionjoker": ["dieb", "joker"],
    "r.bm.plainrun": ["3", "4", "5"],
    "r.bm.party": ["partybiber", "2", "3", "4"],
    "r.bm.hippie": ["hippie", "2", "7"],
    "r.bm.nogroup": ["2", "9"],
}


@pytest.mark.parametrize(("key", "cards"), LAYS.items(), ids=LAYS.keys())
def test_a_lay_that_is_no_group_says_why_by_key(key, cards):
    s = load([[*cards, "1"], ["1"]])
    assert check(said(s, 0, {"lay": cards})) == key


def test_a_hippie_run_as_the_last_lay_under_the_profis_rule():
    s = load([["hippie", "3", "5"], ["1"]], options={"profis": True})
    assert check(said(s, 0, {"lay": ["3", "5", "hippie"]})) == "r.bm.hippielast"


def test_cards_not_held_are_named_in_the_readers_words():
    s = load([["5", "1"], ["1"]])
    err = said(s, 0, {"lay": ["joker", "5"]})
    assert check(err) == "r.bm.nothold"
    assert WORDS.say("de", err.said) == "du hast Joker nicht auf der Hand"
    assert check(said(s, 0, {"lay": []})) == "r.bm.layform"


PROBES = [
    {"lay": ["5"]},
    {"beat": "display", "card": "5"},
    {"beat": 1},
    {"keep": True},
    {"steal": "display", "card": "5"},
    {"fee": None},
    {"victim": 1},
    {"deal": "stock"},
    {"draw": "stock"},
]


def test_each_phase_says_what_it_waits_for():
    """Random games: every refusal met (an action of another phase) has a key, each phase's
    wish among them, the seats to beat named as seats."""
    seen: set[str] = set()
    for seed in range(6):
        s = spieltisch.load_game("bibermania").new_state(3, seed)
        rng = Random(seed)
        while not s.is_terminal():
            p = sorted(s.actors())[0]
            legal = s.legal_actions(p)
            for a in PROBES:
                if a in legal:
                    continue
                err = said(s.clone(), p, a)
                check(err)
                if err.key == "r.bm.notnow":
                    wish = err.said.args[0]
                    seen.add(wish.key)
                    if wish.key == "r.bm.want.beat-whom":
                        assert all(isinstance(q, Seat) for q in wish.args[0].items)
                else:
                    seen.add(err.key)
            s.apply(p, rng.choice(legal))
    wishes = {f"r.bm.want.{w}" for w in ("beat-display", "keep", "steal", "draw")}
    assert wishes <= seen, wishes - seen


def test_the_result_before_the_end():
    s = load([["5"], ["1"]])
    with pytest.raises(IllegalAction) as err:
        s.result()
    assert check(err.value) == "r.notover"
