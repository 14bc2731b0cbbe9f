"""Every refusal of Bohnanza names its key in the words catalog, with arguments the catalog's
sentence fills, in English and in German: a host says it in its reader's language (the
browser's refusal notice, the terminal's "Nicht erlaubt:") instead of the engine's English.

Each reason is provoked by hand from the positions of ``bohnanza_positions`` (player 0 active,
a Chili and a Blue turned up), fields named as the page counts them (from 1).
"""

from __future__ import annotations

import random
import re

import pytest
from bohnanza_positions import item, offer, trading

import spieltisch
from spieltisch import REFEREE
from spieltisch.core import IllegalAction
from spieltisch.core.words import Said

WORDS = spieltisch.load_game("bohnanza").words()


def refusal(state, player: int, action: dict) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    err = err.value
    assert err.key is not None, f"no key for {err}"
    for lang in ("en", "de"):
        assert WORDS._find(lang, err.key) is not None, f"{err.key} missing in [{lang}]"
        text = WORDS.say(lang, err.said)
        assert not re.search(r"\{\d", text) and "r.bo." not in text, text
    return err


TRADE = {
    "r.bo.othersactive": (1, offer(2, [item("blue")], [item("red")])),
    "r.bo.offerto": (1, offer(1, [item("blue")])),
    "r.bo.offerform": (1, {"offer": [0, "blue"]}),
    "r.bo.offeritems": (1, offer(0, [item("blue")], [item("tomato")])),
    "r.bo.offerempty": (1, offer(0)),
    "r.bo.giveoffer": (1, offer(0, [item("chili", source="offer")])),
    "r.bo.wantoffer": (0, offer(1, [], [item("chili", source="offer")])),
    "r.bo.nopromises": (1, offer(0, [item("blue")], promise=True)),
    "r.tradeactive": (1, {"draft": "to", "player": 2}),
    "r.offer": (1, {"accept": 7}),
    "r.bo.notnow": (1, {"end": "trading"}),
}


@pytest.mark.parametrize(("key", "case"), TRADE.items(), ids=TRADE.keys())
def test_trading_refusals_name_their_key(key, case):
    player, action = case
    assert refusal(trading(), player, action).key == key


def test_what_is_not_held_is_named_as_the_trading_panel_names_it():
    err = refusal(trading(), 1, offer(0, [item("blue", 3)]))
    assert err.key == "r.bo.short"
    assert WORDS.say("de", err.said) == "du hast nicht, was du anbietest: 1× Blaue Bohne"
    assert WORDS.say("en", err.said) == "you do not hold what you offer: 1× Blue"


def test_offers_only_while_trading():
    s = trading(phase="plant", planted=0, offer_area=[])
    assert refusal(s, 0, offer(1, [item("soy")])).key == "r.bo.notnow"
    assert refusal(trading(), REFEREE, offer(1, [item("soy")])).key == "r.bo.offerphase"


def test_harvests_count_fields_as_the_page_does():
    s = trading()
    err = refusal(s, 0, {"harvest": 1})
    assert err.key == "r.fieldempty" and err.said.args == (Said("field", 2),)
    assert WORDS.say("de", err.said) == "Feld 2 ist leer"
    err = refusal(s, 0, {"harvest": 5})
    assert err.key == "r.fields" and WORDS.say("en", err.said) == "you have fields 1 to 2"
    one = trading(fields=[[["soy"], ["red", "red"]], [[], []], [[], []]])
    assert refusal(one, 0, {"harvest": 0}).key == "r.onebean"


def test_planting_and_buying():
    s = trading(
        phase="plant", planted=0, offer_area=[], fields=[[["blue"], ["wax"]], [[], []], [[], []]]
    )
    assert refusal(s, 0, {"plant": "front", "field": 0}).key == "r.front"
    assert refusal(s, 0, {"buy": "field"}).key == "r.buy"
    later = trading(phase="plant-trades", offer_area=[], to_plant=[["chili"], [], []])
    cid = later.to_json()["to_plant"][0][0]
    assert refusal(later, 0, {"plant": cid, "field": 0}).key == "r.received"


def test_the_result_before_the_end():
    with pytest.raises(IllegalAction) as err:
        trading().result()
    assert err.value.key == "r.notover"


def test_a_malformed_promise_in_ladybohn_which_builds_on_these_offers():
    """Ladybohn's offers carry promises; Bohnanza's offer check says what a promise is."""
    state = spieltisch.load_game("ladybohn").new_state(3, 4)
    rng = random.Random(4)
    while state.phase != "trade":
        p = sorted(q for q in state.actors() if q >= 0)[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    other = (state.active + 1) % 3
    bad = offer(state.active, [], [item("blue")], promise=5)
    assert refusal(state, other, bad).key == "r.bo.promiseform"
    bad = offer(state.active, [], [item("blue")], promises={"sender": "forever"})
    assert refusal(state, other, bad).key == "r.bo.promiseform"
