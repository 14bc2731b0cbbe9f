"""The Flitzer (class R, rules/mutterboehnchen.md): when he is turned up, any opponent may take
him and plant him, clockwise priority from the active player's left; no replacement is turned
up; if nobody takes him he stays face up and the active player may (and by the end of the
phase must) plant him. In a hand or a field he is a plain Red male."""

from __future__ import annotations

import json

from mutterboehnchen_positions import act, fields_of, load, names
from position_checks import events_of, legal, refused, text

from spieltisch import REFEREE


def turned_up(fields=None, **kw):
    """Player 0 (of 4) has planted; ending the planting turns up a Flitzer and a Soy bean."""
    fields = fields or [[["soy"], []], [["red"], ["blue"]], [[], []], [["red", "red"], []]]
    s = load(4, phase="plant", planted=1, hands=[["blue"], ["green"], ["stink"], ["chili"]],
             fields=fields, stock_top=["soy", "flitzer"], rest="discard", **kw)  # fmt: skip
    events = act(s, 0, {"end": "planting"})
    return s, events


def flitzer_id(s) -> int:
    (card,) = [c for c in s.offer_area if names([c]) == ["flitzer"]]
    return card


def test_the_player_on_the_left_is_asked_first_and_nobody_else_acts() -> None:
    s, _ = turned_up()
    card = flitzer_id(s)
    assert names(s.offer_area) == ["flitzer", "soy"]
    assert s.waiting_for() == frozenset({1}) and s.actors() == frozenset({1})
    take = [a for a in legal(s, 1) if "flitzer" in a]
    # he may plant him on his Red field or (he has none empty) nowhere else; or pass
    assert take == [{"flitzer": card, "field": 0}, {"flitzer": "pass"}]
    assert {"harvest": 1} in legal(s, 1)  # he may harvest first (two 1-bean fields)
    assert legal(s, 0) == [] and legal(s, REFEREE) == []
    refused(s, 3, {"flitzer": card, "field": 0})  # player 3 comes after 1 and 2
    refused(s, 0, {"plant": card, "field": 1})  # the active player waits for the claims


def test_a_taken_flitzer_is_planted_and_not_replaced() -> None:
    s, _ = turned_up()
    card, stock = flitzer_id(s), len(s.stock)
    events = act(s, 1, {"flitzer": "pass"})
    assert [e.data["player"] for e in events_of(events, "flitzer_pass")] == [1]
    assert s.waiting_for() == frozenset({2})
    # player 2 has two empty fields: he may start one with the Flitzer
    assert [a for a in legal(s, 2) if "flitzer" in a] == [
        {"flitzer": card, "field": 0},
        {"flitzer": card, "field": 1},
        {"flitzer": "pass"},
    ]
    events = act(s, 2, {"flitzer": card, "field": 1})
    assert fields_of(s, 2) == [[], ["flitzer"]]
    assert events_of(events, "plant")[0].data["route"] == "flitzer"
    assert names(s.offer_area) == ["soy"] and len(s.stock) == stock  # no replacement
    assert s.flitzer is None and s.stats()["fired_flitzer"] == 1
    assert REFEREE in s.actors()  # the trading opens


def test_the_claimant_may_harvest_first_to_make_room() -> None:
    fields = [[["soy"], []], [["blue", "blue"], ["stink", "stink"]], [["red"], []], [[], []]]
    s, _ = turned_up(fields)
    card = flitzer_id(s)
    assert [a for a in legal(s, 1) if "flitzer" in a] == [{"flitzer": "pass"}]
    assert {"harvest": 0} in legal(s, 1)
    act(s, 1, {"harvest": 0})
    assert s.waiting_for() == frozenset({1})  # still his claim
    act(s, 1, {"flitzer": card, "field": 0})
    assert fields_of(s, 1) == [["flitzer"], ["stink", "stink"]]


def test_nobody_takes_him_then_the_active_player_must_plant_him() -> None:
    s, _ = turned_up()
    card = flitzer_id(s)
    for p in (1, 2, 3):
        act(s, p, {"flitzer": "pass"})
    assert s.flitzer is None and names(s.offer_area) == ["flitzer", "soy"]
    assert {"plant": card, "field": 1} in legal(s, 0)  # an ordinary turned-up card now
    assert not any("flitzer" in a for p in range(4) for a in legal(s, p))
    act(s, REFEREE, {"close": "trading"})
    assert names(s.to_plant[0]) == ["flitzer", "soy"]  # planted by the end of the phase
    assert "fired_flitzer" not in s.stats()


def test_a_flitzer_from_the_hand_is_a_plain_red_male() -> None:
    s = load(4, phase="plant", hands=[["flitzer", "blue"], [], [], []],
             fields=[[["red"], []], [[], []], [[], []], [[], []]], rest="discard")  # fmt: skip
    events = act(s, 0, {"plant": "front", "field": 0})
    assert fields_of(s, 0)[0] == ["red", "flitzer"]
    assert events_of(events, "plant")[0].data["route"] == "hand" and s.flitzer is None


def test_a_claim_survives_the_record() -> None:
    s, _ = turned_up()
    act(s, 1, {"flitzer": "pass"})
    again = s.game.from_json(json.loads(json.dumps(s.to_json())))
    assert text(again) == text(s)
    assert again.waiting_for() == frozenset({2})
    view = s.view(3)
    assert view["flitzer"] == {"cards": [{"id": flitzer_id(s), "card": "flitzer"}], "order": [2, 3]}
