"""Phases 2 and 3 as one (rules/mutterboehnchen.md, "Sheet 000 on top"): turned-up cards,
trades and gifts, and foisting — whatever a player receives is planted at once on a fitting
existing field; the rest, and the turned-up cards, any time until the phase ends."""

from __future__ import annotations

from mutterboehnchen_positions import act, fields_of, hand, load, names
from position_checks import events_of, item, legal

from spieltisch import REFEREE, IllegalAction


def trading(hands, fields, offer_area=("red", "soy"), **kw):
    return load(4, phase="trade", hands=hands, fields=fields, offer_area=offer_area,
                stock_top=["green"] * 6, **kw)  # fmt: skip


def offer(s, sender: int, to: int, give, want=()):
    events = act(s, sender, {"offer": {"to": to, "give": list(give), "want": list(want)}})
    return events_of(events, "offer")[0].data["id"]


EMPTY = [[], []]


def test_the_active_player_plants_turned_up_cards_at_any_moment_of_the_phase() -> None:
    s = trading([[], [], [], []], [[["red"], []], EMPTY, EMPTY, EMPTY])
    red, soy = s.offer_area
    plants = [a for a in legal(s, 0) if "plant" in a]
    assert plants == [{"plant": red, "field": 0}, {"plant": red, "field": 1},
                      {"plant": soy, "field": 1}]  # fmt: skip
    assert not [a for a in legal(s, 1) if "plant" in a], "only the active player's"
    act(s, 0, {"plant": red, "field": 0})
    assert fields_of(s, 0)[0] == ["red", "red"] and names(s.offer_area) == ["soy"]
    assert s.phase == "trade"


def test_a_traded_card_is_planted_at_once_on_a_fitting_existing_field() -> None:
    s = trading([["chili"], ["soy"], [], []], [EMPTY, [["chili", "chili"], ["blue"]], EMPTY, EMPTY])
    oid = offer(s, 0, 1, [item("chili")], [item("soy")])
    act(s, 1, {"accept": oid})
    assert s.actors() == {1}, "the receiver plants first; nobody acts meanwhile"
    chili = s.foist[0][1][0]
    assert legal(s, 1) == [{"plant": chili, "field": 0}], "no harvest to dodge it"
    act(s, 1, {"plant": chili, "field": 0})
    assert fields_of(s, 1)[0] == ["chili", "chili", "chili"]
    # the active player's Soy fits no existing field of his: he plants it later
    assert s.foist == [] and names(s.to_plant[0]) == ["soy"]
    assert REFEREE in s.actors(), "the phase goes on"


def test_the_receiver_picks_the_field_when_several_fit() -> None:
    s = trading([["chili"], [], [], []], [EMPTY, [["chili"], ["chili", "chili"]], EMPTY, EMPTY])
    act(s, 1, {"accept": offer(s, 0, 1, [item("chili")])})  # a gift
    assert {a["field"] for a in legal(s, 1)} == {0, 1}


def test_several_received_cards_are_planted_in_the_receivers_order() -> None:
    s = trading([["chili", "chili-lady"], [], [], []],
                [EMPTY, [["chili", "chili-baby"], []], EMPTY, EMPTY])  # fmt: skip
    act(s, 1, {"accept": offer(s, 0, 1, [item("chili", 2)])})
    kinds = {names([a["plant"]])[0] for a in legal(s, 1)}
    assert kinds == {"chili", "chili-lady"}
    lady = next(a for a in legal(s, 1) if names([a["plant"]]) == ["chili-lady"])
    act(s, 1, lady)
    assert s.pull == {"player": 1, "field": 0, "options": [1]}, "the Lady may pull the Baby"
    act(s, 1, {"pull": "none"})
    assert s.actors() == {1}, "the second card is planted at once too"
    act(s, 1, legal(s, 1)[0])
    assert fields_of(s, 1)[0] == ["chili", "chili-baby", "chili-lady", "chili"]


def test_what_fits_no_existing_field_waits_and_must_be_planted_by_the_end() -> None:
    s = trading([["blue"], [], [], []], [EMPTY, [["chili", "chili"], []], EMPTY, EMPTY])
    act(s, 1, {"accept": offer(s, 0, 1, [item("blue")])})
    assert names(s.to_plant[1]) == ["blue"] and s.foist == []
    blue = s.to_plant[1][0]
    assert {"plant": blue, "field": 1} in legal(s, 1), "any moment of the phase"
    assert {"harvest": 0} in legal(s, 1)
    act(s, 0, {"end": "trading"})
    assert s.phase == "plant-trades" and s.actors() >= {0, 1}
    assert names(s.to_plant[0]) == ["red", "soy"], "the turned-up cards left"


def test_the_offer_names_only_varieties_the_trade_shows_the_cards() -> None:
    s = trading([["chili-lady"], [], [], []], [EMPTY, [["chili"], []], EMPTY, EMPTY])
    events = act(s, 0, {"offer": {"to": 1, "give": [item("chili")], "want": []}})
    assert "lady" not in str(events_of(events, "offer")[0].data)
    events = act(s, 1, {"accept": 1})
    assert events_of(events, "trade")[0].data["cards"] == ["chili-lady"]


def test_a_gift_may_be_refused_but_not_dodged_once_accepted() -> None:
    s = trading([["chili"], [], [], []], [EMPTY, [["chili", "chili"], ["soy"]], EMPTY, EMPTY])
    oid = offer(s, 0, 1, [item("chili")])
    act(s, 1, {"decline": oid})
    assert hand(s, 0) == ["chili"]
    oid = offer(s, 0, 1, [item("chili")])
    act(s, 1, {"accept": oid})
    try:
        s.apply(1, {"harvest": 0})
        raise AssertionError("a harvest before planting the received card is refused")
    except IllegalAction:
        pass


def test_the_end_of_the_phase_then_the_draw_and_the_next_turn() -> None:
    s = trading([["chili"], ["blue"], [], []], [[[], []], EMPTY, EMPTY, EMPTY])
    red, soy = s.offer_area
    act(s, 0, {"end": "trading"})
    assert s.phase == "plant-trades"
    act(s, 0, {"plant": red, "field": 0})
    act(s, 0, {"plant": soy, "field": 1})
    assert s.active == 1 and s.phase == "plant"
    assert hand(s, 0) == ["chili", "green", "green", "green"]


def test_the_giver_chooses_which_card_of_a_variety_goes() -> None:
    s = trading([["chili-baby", "chili", "chili-lady"], [], [], []],
                [EMPTY, [["chili", "chili"], []], EMPTY, EMPTY])  # fmt: skip
    baby, male, _lady = s.hands[0]
    marks = [a for a in legal(s, 0) if "give_first" in a]
    assert marks == [{"give_first": baby}, {"give_first": male}], "the Lady goes first now"
    assert not [a for a in legal(s, 1) if "give_first" in a]
    act(s, 0, {"give_first": baby})
    assert s.view(0)["give_first"] == [baby] and s.view(1)["give_first"] == []
    act(s, 1, {"accept": offer(s, 0, 1, [item("chili")])})
    act(s, 1, legal(s, 1)[0])
    assert fields_of(s, 1)[0] == ["chili", "chili", "chili-baby"], "a Baby foisted on him"
    assert hand(s, 0) == ["chili", "chili-lady"]


def test_a_kavalier_may_be_slid_under_a_lady_when_planted() -> None:
    s = load(4, hands=[["kavalier"], [], [], []],
             fields=[[["chili", "chili-lady"], ["blue"]], EMPTY, EMPTY, EMPTY])  # fmt: skip
    assert legal(s, 0)[:2] == [{"plant": "front", "field": 0, "under": True},
                               {"plant": "front", "field": 1}]  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0, "under": True})
    assert fields_of(s, 0)[0] == ["chili", "kavalier", "chili-lady"]
