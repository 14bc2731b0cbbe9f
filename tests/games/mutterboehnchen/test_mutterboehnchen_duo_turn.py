"""The 2-player turn from phase 3 on (rules/mutterboehnchen.md, "## 2 players"): the Rasselbande
against the opponent (talers not kept go back after the last attack), phase 4 (3 cards turned
up, the Flitzer and Aktivist claims, the discard chain, one variety all or none), phase 5 (2
cards; Faulpelz and Warmduscher), the end (the last planting of both, the final harvest) and
the tie rule."""

from __future__ import annotations

from mutterboehnchen_positions import act, fields_of, hand, load, names
from position_checks import events_of, legal, refused

EMPTY = [[], [], []]


def duo(**kw):
    kw.setdefault("fields", [EMPTY, EMPTY])
    closed = kw.pop("closed", [2, 2])
    third = kw.pop("third_card", 1)
    return load(2, closed=closed, third_card=third, **kw)


def end_phase_2(mine, theirs=EMPTY, **kw):
    """Player 0 has planted his front card and ends phase 2 now."""
    kw.setdefault("hands", [["soy"], ["soy"]])
    return duo(phase="plant", planted=1, fields=[mine, theirs], **kw)


# -- phase 3: the Rasselbande --------------------------------------------------------------------


def test_all_attacks_go_against_the_opponent_in_any_order_and_talers_wait() -> None:
    s = end_phase_2([["blue", "blue-baby"], ["chili", "chili-baby2"], []],
                    coins=[0, ["red", "red"]], stock_top=["garden"] * 5)  # fmt: skip
    events = act(s, 0, {"end": "planting"})
    assert events_of(events, "rasselbande") and s.phase == "attack"
    assert sorted((a["attack"], a["field"]) for a in legal(s, 0) if "attack" in a) == [
        (1, 0),
        (1, 1),
    ], "a single and a double attack, both against the opponent"
    assert {"end": "attacks"} in legal(s, 0)
    events = act(s, 0, {"attack": 1, "field": 1})  # the double attack first
    assert s.actors() == {0}, "the defender does not harvest first"
    assert events_of(events, "attack_draw")[0].data["cards"] == ["red", "red"]
    assert names(s.aside) == ["red", "red"] and s.coins[1] == [], "back only after the last"
    events = act(s, 0, {"attack": 1, "field": 0})
    assert events_of(events, "attack_draw")[0].data["cards"] == [], "the set-aside are out"
    assert names(s.coins[1]) == ["red", "red"] and s.aside == []
    assert events_of(events, "give_back")[0].data["count"] == 2
    assert s.phase == "take"


def test_a_double_attack_keeps_at_most_one_and_the_other_waits() -> None:
    s = end_phase_2([["blue", "blue-baby"], ["chili", "chili-baby2"], []],
                    coins=[0, ["chili", "chili"]], stock_top=["garden"] * 5)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 1})
    assert fields_of(s, 0)[1] == ["chili", "chili-baby2", "chili"], "one kept, planted at once"
    assert names(s.aside) == ["chili"] and s.coins[1] == []
    assert s.stats()["attack_kept"] == 1
    events = act(s, 0, {"end": "attacks"})  # he skips the single attack
    assert events_of(events, "give_back")[0].data["count"] == 1
    assert names(s.coins[1]) == ["chili"] and s.phase == "take"


def test_a_kept_taler_of_choice_and_no_harvest_before_keeping() -> None:
    s = end_phase_2([["blue", "blue-baby2"], ["chili"], []],
                    coins=[0, ["blue", "chili"]], stock_top=["garden"] * 5)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    assert s.phase == "keep"
    acts = legal(s, 0)
    assert len(acts) == 2 and all("keep" in a for a in acts), "no harvest now"
    refused(s, 0, {"harvest": 0})
    refused(s, 1, {"harvest": 0})
    act(s, 0, next(a for a in acts if a["field"] == 1))
    assert fields_of(s, 0)[1] == ["chili", "chili"] and names(s.coins[1]) == ["blue"]


def test_wuehler_draws_one_more_per_attack() -> None:
    s = end_phase_2([["blue", "blue-baby"], ["garden", "wuehler", "garden"], []],
                    coins=[0, ["red", "red", "red"]], stock_top=["soy"] * 5)  # fmt: skip
    act(s, 0, {"end": "planting"})
    events = act(s, 0, {"attack": 1, "field": 0})
    assert len(events_of(events, "attack_draw")[0].data["cards"]) == 2
    assert events_of(events, "give_back")[0].data["count"] == 2


def test_the_attacks_are_fixed_at_the_start_of_phase_3() -> None:
    s = end_phase_2([["blue", "blue-baby"], [], []], coins=[0, ["blue-baby2"]],
                    stock_top=["garden"] * 5)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    assert fields_of(s, 0)[0] == ["blue", "blue-baby", "blue-baby2"]
    assert s.phase == "take", "the Baby that came on top now makes no attack"


def test_kameradenschwein_draws_from_the_only_opponent() -> None:
    s = duo(hands=[["kameradenschwein"], []], fields=[[["stink"], [], []], EMPTY],
            coins=[0, ["stink"]])  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert fields_of(s, 0)[0] == ["stink", "kameradenschwein", "stink"] and s.coins[1] == []


# -- phase 4: the offer --------------------------------------------------------------------------


def test_three_turned_up_then_the_discard_chain_whatever_the_sex() -> None:
    s = end_phase_2([["soy"], [], []], stock_top=["chili", "red", "blue"],
                    discard=["garden", "soy", "blue-lady", "red-baby", "blue"])  # fmt: skip
    events = act(s, 0, {"end": "planting"})
    assert events_of(events, "turn_up")[0].data["cards"] == ["blue", "red", "chili"]
    chain = events_of(events, "from_discard")[0].data
    assert chain["cards"] == ["blue", "red-baby", "blue-lady"], "until a Soy stops it"
    assert names(s.discard) == ["garden", "soy"]
    assert s.phase == "take" and s.actors() == {0}
    assert names(s.offer_area) == ["blue", "red", "chili", "blue", "red-baby", "blue-lady"]


def test_one_variety_all_or_none_and_the_rest_is_left() -> None:
    s = end_phase_2([["soy"], ["blue"], []], stock_top=["chili", "blue", "blue"],
                    discard=["garden"], hands=[["soy"], []])  # fmt: skip
    act(s, 0, {"end": "planting"})
    blue = s.offer_area[0]
    act(s, 0, {"plant": blue, "field": 1})
    assert {"end": "taking"} not in legal(s, 0), "the other Blue must follow"
    refused(s, 0, {"end": "taking"})
    act(s, 0, {"plant": s.offer_area[0], "field": 1})
    assert {"end": "taking"} in legal(s, 0)
    act(s, 0, {"end": "taking"})
    assert s.active == 1 and s.phase == "leftover" and names(s.offer_area) == ["chili"]


def test_the_holder_may_begin_his_third_field_in_phase_4() -> None:
    s = end_phase_2([["soy"], ["blue"], []], stock_top=["chili", "red", "green"],
                    discard=["garden"], third_card=0)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"plant": s.offer_area[1], "field": 2})
    assert s.closed[0] is None and s.third_card == 1


# -- the Flitzer and the Aktivist ----------------------------------------------------------------


def flitzer(theirs, stock_top=("chili", "soy", "flitzer"), discard=("garden", "red"), **kw):
    s = end_phase_2([["soy"], [], []], theirs, stock_top=list(stock_top),
                    discard=list(discard), **kw)  # fmt: skip
    events = act(s, 0, {"end": "planting"})
    return s, events


def flitzer_id(s) -> int:
    return next(c for c in s.offer_area if names([c]) == ["flitzer"])


def test_the_opponent_claims_a_turned_up_flitzer_before_the_chain() -> None:
    s, events = flitzer([["red"], ["green", "green"], []])
    card = flitzer_id(s)
    assert not events_of(events, "from_discard"), "the claim comes first"
    assert s.actors() == {1} and s.waiting_for() == {1}
    assert legal(s, 1) == [{"flitzer": card, "field": 0}, {"flitzer": "pass"}]
    assert legal(s, 0) == []
    refused(s, 0, {"plant": card, "field": 1})
    refused(s, 1, {"harvest": 1})  # no harvest in the opponent's turn
    stock = len(s.stock)
    events = act(s, 1, {"flitzer": card, "field": 0})
    assert fields_of(s, 1)[0] == ["red", "flitzer"]
    assert len(s.stock) == stock, "no replacement"
    assert names(s.offer_area) == ["soy", "chili"], "no Red left: the Red on the pile stays"
    assert names(s.discard)[-1] == "red" and s.phase == "take"


def test_an_unclaimed_flitzer_is_an_ordinary_offer_card() -> None:
    s, _ = flitzer([["red"], ["green", "green"], []])
    card = flitzer_id(s)
    act(s, 1, {"flitzer": "pass"})
    assert s.phase == "take" and names(s.offer_area) == ["flitzer", "soy", "chili", "red"]
    act(s, 0, {"plant": card, "field": 1})
    act(s, 0, {"plant": s.offer_area[-1], "field": 1})
    assert fields_of(s, 0)[1] == ["flitzer", "red"]


def test_a_flitzer_from_the_discard_pile_is_never_turned_up() -> None:
    s, events = flitzer([["red"], [], []], stock_top=("chili", "soy", "red"),
                        discard=("garden", "flitzer"))  # fmt: skip
    assert s.phase == "take" and s.actors() == {0}
    assert events_of(events, "from_discard")[0].data["cards"] == ["flitzer"]


def test_the_opponents_aktivist_takes_a_turned_up_soy() -> None:
    s, events = flitzer(
        [["soy", "aktivist"], ["green", "green"], []],
        stock_top=("chili", "soy", "blue"),
        discard=("garden", "soy"),
    )
    assert s.actors() == {1} and not events_of(events, "from_discard")
    soy = next(c for c in s.offer_area if names([c]) == ["soy"])
    assert legal(s, 1) == [{"aktivist": soy, "field": 0}, {"aktivist": "pass"}]
    events = act(s, 1, {"aktivist": soy, "field": 0})
    assert fields_of(s, 1)[0] == ["soy", "aktivist", "soy"] and s.stats()["fired_aktivist"] == 1
    assert s.phase == "take" and names(s.offer_area) == ["blue", "chili"]
    assert names(s.discard)[-1] == "soy", "no Soy left among the turned-up: the chain stops"


def test_a_soy_added_by_the_chain_is_no_turned_up_card() -> None:
    s, _ = flitzer([["soy", "aktivist"], [], []], stock_top=("chili", "soy", "blue"),
                   discard=("garden", "soy"))  # fmt: skip
    act(s, 1, {"aktivist": "pass"})
    assert s.phase == "take" and s.actors() == {0}
    assert names(s.offer_area) == ["blue", "soy", "chili", "soy"]


def test_the_active_players_own_aktivist_does_nothing_in_phase_4() -> None:
    s = end_phase_2([["soy", "aktivist"], [], []], stock_top=["chili", "soy", "blue"],
                    discard=["garden"])  # fmt: skip
    act(s, 0, {"end": "planting"})
    assert s.phase == "take" and s.actors() == {0}
    assert all("aktivist" not in a for a in legal(s, 0))


# -- phase 5: the draw ---------------------------------------------------------------------------


def draw(mine, theirs=EMPTY):
    """Player 0 ends phase 4 with nothing taken; the draw phase runs."""
    s = duo(phase="take", fields=[mine, theirs], hands=[[], []], stock_top=["stink"] * 6)
    act(s, 0, {"end": "taking"})
    assert s.active == 1
    return s, [len(h) for h in s.hands]


def test_the_draw_is_two_cards_to_the_back_of_the_hand() -> None:
    s = duo(phase="take", fields=[EMPTY, EMPTY], hands=[["soy"], []],
            stock_top=["red", "blue", "chili"])  # fmt: skip
    act(s, 0, {"end": "taking"})
    assert hand(s, 0) == ["soy", "chili", "blue"]


def test_faulpelz_draws_one() -> None:
    s, drawn = draw([["garden", "faulpelz"], [], []])
    assert drawn == [1, 0] and s.stats()["fired_faulpelz"] == 1


def test_warmduscher_draws_after_the_opponents_phase_5_not_in_his_own() -> None:
    _, drawn = draw([["red", "warmduscher"], [], []])
    assert drawn == [0, 0]
    _, drawn = draw(EMPTY, [["red", "warmduscher"], [], []])
    assert drawn == [2, 1]


def test_faulpelz_and_warmduscher_together_draw_nothing() -> None:
    _, drawn = draw([["red", "warmduscher"], ["garden", "faulpelz"], []])
    assert drawn == [0, 0]
    _, drawn = draw(EMPTY, [["red", "warmduscher"], ["garden", "faulpelz"], []])
    assert drawn == [2, 0]


# -- the end -------------------------------------------------------------------------------------


def test_the_stock_running_out_ends_the_game_after_this_turn() -> None:
    s = end_phase_2([["soy"], ["red"], []], [["blue", "blue"], ["chili"], []],
                    hands=[["soy", "choleriker"], ["blue", "chili", "soy"]],
                    stock_top=["chili", "blue"], discard=["garden"], rest="discard")  # fmt: skip
    events = act(s, 0, {"end": "planting"})
    assert events_of(events, "turn_up")[0].data["cards"] == ["blue", "chili"], "short turn-up"
    assert s.ending and not s.stock and s.phase == "take", "the turn is finished"
    act(s, 0, {"end": "taking"})
    assert s.phase == "place" and hand(s, 0) == ["soy", "choleriker"], "no draw any more"
    assert s.placing == [1, 0] and s.actors() == {1}, "the player who would be next first"
    acts = legal(s, 1)
    assert {"place": s.hands[1][0], "field": 0} in acts
    assert all(a.get("field") != 2 for a in acts), "existing fields only"
    act(s, 1, {"place": s.hands[1][0], "field": 0})
    assert all(a.get("field") != 0 for a in legal(s, 1)), "one card on each field"
    act(s, 1, {"place": s.hands[1][0], "field": 1})
    act(s, 1, {"end": "placing"})
    assert s.actors() == {0}
    act(s, 0, {"place": s.hands[0][1], "field": 1})
    assert fields_of(s, 0) == [["soy"], ["red", "choleriker"], []], "no one-shot fires"
    assert "fired_choleriker" not in s.stats()
    events = act(s, 0, {"end": "placing"})
    assert s.is_terminal() and all(not f for fs in s.fields for f in fs)
    harvested = sorted((e.data["player"], e.data["field"]) for e in events_of(events, "harvest"))
    assert harvested == [(0, 0), (0, 1), (1, 0), (1, 1)], "all, no one-bean rule"
    assert s.result().scores == tuple(len(c) for c in s.coins)


def test_a_tie_goes_to_the_later_first_turn() -> None:
    s = duo(phase="place", placing=[0], active=1, first_player=0, ending=True,
            coins=[4, 4], rest="discard")  # fmt: skip
    act(s, 0, {"end": "placing"})
    r = s.result()
    assert r.scores == (4, 4) and r.ranks == (2, 1), "the second player wins the tie"
    s = duo(phase="place", placing=[0], active=0, first_player=1, ending=True,
            coins=[4, 4], rest="discard")  # fmt: skip
    act(s, 0, {"end": "placing"})
    assert s.result().ranks == (1, 2)


def test_an_aktivist_that_cannot_plant_the_soy_is_not_asked() -> None:
    s, _ = flitzer([["soy", "aktivist", "soy"], ["green", "green"], ["red"]],
                   stock_top=("chili", "soy", "blue"), discard=("garden",),
                   closed=[2, None])  # fmt: skip
    assert s.phase == "take" and s.actors() == {0}, "a covered Aktivist does nothing"
    s, _ = flitzer([["chili", "aktivist"], ["green", "green"], ["red"]],
                   stock_top=("chili", "soy", "blue"), discard=("garden",),
                   closed=[2, None])  # fmt: skip
    assert s.phase == "take" and s.actors() == {0}, "no field of his accepts Soy"


# -- no trades or gifts --------------------------------------------------------------------------


def test_messie_and_pruegelknabe_do_nothing() -> None:
    s = duo(phase="take", hands=[["soy"], ["blue"]], offer_area=["blue"],
            fields=[[["stink", "messie"], [], []], [["blackeyed", "pruegelknabe"], [], []]],
            stock_top=["red"] * 5)  # fmt: skip
    blue = s.offer_area[0]
    assert legal(s, 0) == [{"plant": blue, "field": 1}, {"end": "taking"}, {"harvest": 0}]
    refused(s, 0, {"offer": {"to": 1, "give": [{"variety": "soy", "count": 1}]}})
    assert s.stats() == {}
