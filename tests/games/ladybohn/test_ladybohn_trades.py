"""Ladybohn's trades, as rules/ladybohn.md and the rulings behind issue 14 rule them: which card
changes hands (the giver chooses, the others see only variety and count until the trade is
carried out) and how long a promise holds (next steal or the rest of the game, given by either
side). Positions are hand-made; every expected outcome was worked out from the rulings."""

from __future__ import annotations

import json

import pytest
from ladybohn_positions import do, item, kinds, legal, load, refused, same

from spieltisch import IllegalAction, Rng

WHICH_CARD = (
    'rules/ladybohn.md: a field "pays by its top card\'s beanometer" — a Lady and a male of one '
    "variety are different cards, so the giver chooses which of hers she gives"
)
HOLDS = (
    "rules/ladybohn.md: \"a promise covers the stealer's next steal only, unless the trade says "
    'otherwise"'
)


def j(state) -> dict:
    return state.to_json()


def steal(*victims: int) -> dict:
    return {"steal": list(victims)}


def steals(s, p: int) -> list[dict]:
    return [a for a in legal(s, p) if "steal" in a]


def soy_position(**kw):
    """Player 1's trading phase; player 2 holds a Soy Lady in front of a Soy male."""
    base = dict(
        phase="trade",
        active=1,
        planted=1,
        hands=[["red"], ["blue"], ["soy-lady", "soy", "green"]],
        fields=[[["blue"], []], [["soy"] * 2, []], [["green"], []]],
    )
    base.update(kw)
    return load(**base)


def hand_ids(s, p: int, name: str) -> list[int]:
    return [c for c in j(s)["hands"][p] if kinds(s, [c])[0] == name]


# -- which card changes hands --------------------------------------------------------------------


def test_by_default_the_rearmost_card_of_the_variety_goes():
    s = soy_position()
    do(s, 2, {"offer": {"to": 1, "give": [item("soy")], "want": []}})
    do(s, 1, {"accept": 1})
    assert kinds(s, j(s)["to_plant"][1]) == ["soy"], "the male lies behind the Lady"


def test_the_giver_marks_her_lady_to_go_first():
    s = soy_position()
    lady = hand_ids(s, 2, "soy-lady")[0]
    assert {"give_first": lady} in legal(s, 2), WHICH_CARD
    assert not any("give_first" in a for a in legal(s, 0)), "one kind per variety: no choice"
    do(s, 2, {"give_first": lady})
    assert s.view(2)["give_first"] == [lady]
    assert {"give_first": lady} not in legal(s, 2), "already first: the mark changes nothing"
    male = hand_ids(s, 2, "soy")[0]
    assert {"give_first": male} in legal(s, 2), "she may change her mind"
    do(s, 2, {"offer": {"to": 1, "give": [item("soy")], "want": []}})
    do(s, 1, {"accept": 1})
    assert j(s)["to_plant"][1] == [lady], WHICH_CARD
    assert hand_ids(s, 2, "soy") == [male]


def test_the_receiver_marks_what_she_gives_for_a_want():
    """The active player asks for Soy; player 2, who gives it, chooses which."""
    s = soy_position()
    lady = hand_ids(s, 2, "soy-lady")[0]
    do(s, 2, {"give_first": lady})
    do(s, 1, {"offer": {"to": 2, "give": [item("blue")], "want": [item("soy")]}})
    do(s, 2, {"accept": 1})
    assert j(s)["to_plant"][1] == [lady]


def test_marks_and_offers_show_nothing_of_the_card_to_others_until_the_trade():
    """ "Trades name only variety and count" — a mark is private, an offer says variety and
    count; the trade event names the card that changed hands."""
    s = soy_position()
    lady = hand_ids(s, 2, "soy-lady")[0]
    do(s, 2, {"give_first": lady})
    events = do(s, 2, {"offer": {"to": 1, "give": [item("soy")], "want": []}})
    for viewer in (0, 1, None):
        v = s.view(viewer)
        assert v["give_first"] in (None, []), "others never see the marks"
        assert "soy-lady" not in json.dumps(v["offers"]) and "lady" not in json.dumps(v["offers"])
    offer_event = next(e for e in events if e.type == "offer")
    assert offer_event.data["give"] == [{"variety": "soy", "count": 1, "from": "hand"}]
    events = do(s, 1, {"accept": 1})
    trade = next(e for e in events if e.type == "trade")
    assert trade.data["cards"] == ["soy-lady"], "carried out: now the card is public"


def test_marks_are_cleared_when_the_next_trading_phase_begins_and_refused_when_odd():
    s = soy_position()
    lady = hand_ids(s, 2, "soy-lady")[0]
    for bad in ("soy-lady", lady + 0.5, True, None, [lady], hand_ids(s, 2, "green")[0], -1):
        refused(s, 2, {"give_first": bad})
    refused(s, 0, {"give_first": lady})
    with pytest.raises(IllegalAction, match="mark one of your cards"):
        s.apply(0, {"give_first": lady})
    do(s, 2, {"give_first": lady})
    assert j(s)["give_first"][2] == [lady]
    clone = s.clone()
    assert clone.view(2)["give_first"] == [lady]
    again = s.game.from_json(json.loads(s.to_json_text()))
    assert again.view(2)["give_first"] == [lady]
    other = s.resample(0, Rng(3))
    assert other.to_json()["give_first"][2] == [], "a resample forgets others' marks"
    s._turn_up()  # the next trading phase (as when a turn's phase 2 begins)
    assert j(s)["give_first"] == [[], [], []]


# -- promises: either side, and how long ---------------------------------------------------------


def promise_position(**kw):
    """Player 1's trading phase; players 0 and 1 each owe a steal; everyone has coins."""
    base = dict(
        phase="trade",
        active=1,
        planted=1,
        steals=[1, 1, 0],
        coins=[1, 1, 2],
        hands=[["red"], ["green"], ["soy"]],
        fields=[[["blue"], []], [[], []], [["green"], []]],
    )
    base.update(kw)
    return load(**base)


def test_the_sender_promises_the_receiver():
    """Either side may give a promise: here the giver (player 1) promises player 2."""
    s = promise_position()
    offer = {"to": 2, "give": [item("green")], "want": [], "promises": {"sender": "next"}}
    do(s, 1, {"offer": offer})
    do(s, 2, {"accept": 1})
    assert j(s)["promises"] == [[1, 2, "next"]]


def test_a_promise_for_the_game_outlasts_the_next_steal():
    s = load(
        phase="steal",
        active=1,
        planted=1,
        steals=[0, 2, 0],
        coins=[1, 0, 2],
        promises=[[1, 2, "game"]],
        hands=[["soy"], ["soy"], ["soy"]],
    )
    assert same(steals(s, 1), [steal(), steal(0)]), HOLDS
    do(s, 1, steal(0))
    assert same(steals(s, 1), [steal()]), "still promised: nobody left to rob"
    do(s, 1, steal())
    assert j(s)["promises"] == [[1, 2, "game"]], HOLDS


def test_both_sides_promise_in_one_trade_each_for_its_own_time():
    s = promise_position()
    promises = {"sender": "game", "receiver": "next"}
    do(s, 1, {"offer": {"to": 0, "give": [item("green")], "want": [], "promises": promises}})
    do(s, 0, {"accept": 1})
    assert j(s)["promises"] == [[0, 1, "next"], [1, 0, "game"]]


def test_a_game_promise_is_not_shortened_by_a_later_next_promise():
    s = promise_position(promises=[[1, 2, "game"]])
    offer = {"to": 2, "give": [item("green")], "want": [], "promises": {"sender": "next"}}
    do(s, 1, {"offer": offer})
    do(s, 2, {"accept": 1})
    assert j(s)["promises"] == [[1, 2, "game"]]


def test_the_draft_lists_each_side_and_each_time():
    s = promise_position()
    do(s, 2, {"draft": "give", "variety": "soy", "from": "hand"})
    mine = [a for a in legal(s, 2) if a.get("draft") == "promise"]
    assert same(
        mine,
        [
            {"draft": "promise", "side": side, "holds": holds}
            for side in ("sender", "receiver")
            for holds in ("next", "game")
        ],
    )
    do(s, 2, {"draft": "promise", "side": "sender", "holds": "game"})
    do(s, 2, {"draft": "promise", "side": "receiver", "holds": "next"})
    assert s.view(2)["draft"]["promises"] == {"sender": "game", "receiver": "next"}
    for bad in ("always", None, True):
        refused(s, 2, {"draft": "promise", "side": "sender", "holds": bad})
    refused(s, 2, {"draft": "promise", "side": "thief", "holds": "next"})
    refused(s, 2, {"draft": "promise"})
    do(s, 2, {"propose": True})
    do(s, 1, {"accept": 1})
    assert j(s)["promises"] == [[1, 2, "next"], [2, 1, "game"]]


def test_a_counter_offer_turns_the_promises_round():
    s = promise_position()
    offer = {"to": 1, "give": [item("soy")], "want": [], "promises": {"receiver": "game"}}
    do(s, 2, {"offer": offer})
    do(s, 1, {"counter": 1})
    assert s.view(1)["draft"]["promises"] == {"sender": "game"}, "player 1 still promises"


def test_promises_are_only_in_ladybohn():
    from spieltisch import load_game

    s = load_game("bohnanza").new_state(3, 1)
    while s.to_json()["phase"] != "trade":
        p = s.to_json()["active"]
        s.apply(p, next(a for a in s.legal_actions(p) if "plant" in a or "end" in a))
    p = s.to_json()["active"]
    assert not any(a.get("draft") == "promise" for a in s.legal_actions(p))
    give = [{"variety": s.variety(s.hands[p][0]), "count": 1, "from": "hand"}]
    refused(s, p, {"offer": {"to": (p + 1) % 3, "give": give, "promises": {"sender": "next"}}})
