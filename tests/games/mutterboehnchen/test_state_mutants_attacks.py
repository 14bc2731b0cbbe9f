"""Mutterböhnchen's Rasselbande (phase 1½) in ``mutterboehnchen/state.py``, pinned where mutation
testing (``make mutate``) found it unchecked: what each step tells the table, what the view shows
while an attack waits, and what is counted. Rulings: shared/rules/mutterboehnchen.md."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import act, fields_of, load, names
from position_checks import item

from spieltisch import REFEREE


def told(events):
    return [(e.type, e.data) for e in events]


def test_a_double_attack_tells_and_shows_each_step_and_is_counted():
    """ "Sheet 000 on top": a Baby with 2 rattles on top of a field attacks one opponent, who may
    harvest first; the attacker draws 2 of his Bohnentaler blind, turns them up, keeps one that
    fits an existing field of his (his choice between two) and gives the rest back. Each step is
    told to the table, the view shows the plan, the target and the drawn talers while the table
    waits, and ``stats()`` counts the attack, the double attack and the kept taler on top of the
    position's counts."""
    s = load(4, phase="plant", planted=1, hands=[["soy"], [], [], []],
             fields=[[["blue", "blue-baby2"], ["chili", "chili"]], [["red"], []], [[], []],
                     [[], []]],
             coins=[0, ["chili", "blue"], 0, 0], rest="discard", stock_top=["green"] * 10,
             counts={"attacks": 1, "double_attacks": 1, "attack_kept": 1})  # fmt: skip
    plan = {"field": 0, "rattles": 2}
    assert told(act(s, 0, {"end": "planting"})) == [
        ("rasselbande", {"player": 0, "attacks": [plan]})
    ]
    assert s.view(None)["attacks"] == [plan] and s.view(None)["attack"] is None

    assert told(act(s, 0, {"attack": 1, "field": 0})) == [
        ("attack", {"player": 0, "target": 1, "field": 0, "rattles": 2})
    ]
    assert s.phase == "defend", "the defender has a field he may harvest first"
    view = s.view(None)
    assert view["attack"] == {"field": 0, "target": 1, "rattles": 2, "drawn": []}
    assert view["targets"] == [1] and view["attacks"] == []

    (draw,) = act(s, 1, {"end": "defending"})
    assert draw.type == "attack_draw" and draw.visible_to is None
    assert {**draw.data, "cards": sorted(draw.data["cards"])} == {
        "player": 0, "target": 1, "draws": 2, "cards": ["blue", "chili"]
    }  # fmt: skip
    assert s.phase == "keep"
    assert sorted(s.view(None)["attack"]["drawn"]) == ["blue", "chili"]

    (blue,) = [a for a in s.legal_actions(0) if a["field"] == 0]
    events = act(s, 0, dict(blue))
    assert told(events)[:3] == [
        ("keep", {"player": 0, "card": "blue"}),
        ("plant", {"player": 0, "field": 0, "card": "blue", "route": "attack"}),
        ("give_back", {"player": 0, "target": 1, "count": 1}),
    ]
    assert names(s.coins[1]) == ["chili"] and fields_of(s, 0)[0][-1] == "blue"
    assert s.stats() == {"attacks": 2.0, "double_attacks": 2.0, "attack_kept": 2.0}


def test_a_wuehler_that_draws_one_more_is_counted_on_top_of_the_games_count():
    """Wühler (class T, anywhere in a field): the attacker draws one taler more; each attack he
    adds to is counted, on top of what the position had counted before."""
    s = load(4, phase="plant", planted=1, hands=[["soy"], [], [], []],
             fields=[[["blue", "blue-baby"], ["garden", "wuehler", "garden"]], [[], []], [[], []],
                     [[], []]],
             coins=[0, ["red", "soy", "stink"], 0, 0], rest="discard", stock_top=["green"] * 10,
             counts={"fired_wuehler": 1})  # fmt: skip
    act(s, 0, {"end": "planting"})
    (draw,) = [e for e in act(s, 0, {"attack": 1, "field": 0}) if e.type == "attack_draw"]
    assert draw.data["draws"] == 2
    assert s.stats() == {"attacks": 1.0, "fired_wuehler": 2.0}


def test_the_end_of_trading_tells_what_was_kept_then_each_draw_and_the_next_turn():
    """Phase 4: once the trading ends (the active player keeps the turned-up cards and plants
    them), the active player draws 3 (his own cards shown to him alone), each other player
    with a Warmduscher on top draws 1 (counted on top of the position's count), and the next
    player's turn begins."""
    s = load(4, phase="trade", planted=1, offer_area=["red", "soy"],
             hands=[["chili"], ["blue"], [], []],
             fields=[[[], []], [["blue", "faulpelz"], []], [["red", "warmduscher"], []],
                     [[], []]],
             stock_top=["green"] * 6, counts={"fired_warmduscher": 1})  # fmt: skip
    red, soy = s.offer_area
    assert told(act(s, 0, {"end": "trading"})) == [
        ("trading_end", {"by": 0, "kept": ["red", "soy"]})
    ]
    act(s, 0, {"plant": red, "field": 0})
    events = act(s, 0, {"plant": soy, "field": 1})
    assert [(e.type, e.data, e.visible_to) for e in events] == [
        ("plant", {"player": 0, "field": 1, "card": "soy", "route": "later"}, None),
        ("draw", {"player": 0, "count": 3}, None),
        ("draw_cards", {"player": 0, "cards": ["green"] * 3}, frozenset({0})),
        ("draw", {"player": 2, "count": 1}, None),
        ("draw_cards", {"player": 2, "cards": ["green"]}, frozenset({2})),
        ("turn", {"player": 1}, None),
    ]
    assert s.stats() == {"fired_warmduscher": 2.0}


def test_the_end_placement_goes_round_from_the_next_player_then_every_field_is_harvested():
    """The end (rules: once the stock has run out for the last time): after the last draws
    each player from the active player's left puts fitting hand cards on his existing fields,
    then every field is harvested (no one-bean rule) in the same order, and the game ends with
    each player's Bohnentaler."""
    s = load(4, phase="plant-trades", active=1, ending=True, to_plant=[[], ["soy"], [], []],
             fields=[[["red", "red"], []], [["soy"], []], [[], []], [["blue"] * 3, []]],
             hands=[[], ["soy"], [], ["blue"]], rest="discard")  # fmt: skip
    events = act(s, 1, {"plant": s.to_plant[1][0], "field": 0})
    assert told(events)[-1] == ("end_placement", {"order": [2, 3, 0, 1]})
    assert s.view(None)["placing"] == [2, 3, 0, 1] and s.view(None)["placed"] == []
    act(s, 2, {"end": "placing"})
    assert told(act(s, 3, {"place": s.hands[3][0], "field": 0})) == [
        ("plant", {"player": 3, "field": 0, "card": "blue", "route": "end_placement"})
    ]
    assert s.view(None)["placing"] == [3, 0, 1] and s.view(None)["placed"] == [0]
    act(s, 3, {"end": "placing"})
    act(s, 0, {"end": "placing"})
    act(s, 1, {"place": s.hands[1][0], "field": 0})
    events = act(s, 1, {"end": "placing"})
    assert [(e.data.get("player"), e.data.get("field"), e.data.get("beans")) for e in events] == [
        (3, 0, 4), (0, 0, 2), (1, 0, 3), (None, None, None)
    ]  # fmt: skip
    assert told(events)[-1] == ("game_end", {"coins": [1, 1, 0, 1]})
    assert s.phase == "over" and s.result_ == [1, 1, 0, 1]


def test_a_turned_up_flitzer_is_offered_round_and_the_taker_is_told_and_counted():
    """The Flitzer (class R): turned up, he is offered to the opponents clockwise from the
    active player's left; each pass and the taking are told, the view shows who is still to be
    asked, and the taker plants him by the Flitzer's route, counted on top of the position's
    count."""
    s = load(4, phase="plant", planted=1, hands=[["blue"], ["green"], ["stink"], ["chili"]],
             fields=[[["soy"], []], [["red"], ["blue"]], [[], []], [["red", "red"], []]],
             stock_top=["soy", "flitzer"], rest="discard",
             counts={"fired_flitzer": 1})  # fmt: skip
    assert told(act(s, 0, {"end": "planting"})) == [
        ("turn_up", {"player": 0, "cards": ["flitzer", "soy"]})
    ]
    (card,) = [c for c in s.offer_area if names([c]) == ["flitzer"]]
    flitzer = [{"id": card, "card": "flitzer"}]
    assert s.view(None)["flitzer"] == {"cards": flitzer, "order": [1, 2, 3]}
    assert told(act(s, 1, {"flitzer": "pass"})) == [("flitzer_pass", {"player": 1})]
    assert s.view(None)["flitzer"] == {"cards": flitzer, "order": [2, 3]}
    assert told(act(s, 2, {"flitzer": card, "field": 1})) == [
        ("flitzer_take", {"player": 2, "card": "flitzer"}),
        ("plant", {"player": 2, "field": 1, "card": "flitzer", "route": "flitzer"}),
    ]
    assert s.view(None)["flitzer"] is None and names(s.offer_area) == ["soy"]
    assert s.stats() == {"fired_flitzer": 2.0}


def test_gifts_and_traded_cards_are_counted_and_what_waits_to_be_planted_is_shown():
    """Trading: a gift (nothing wanted back) counts its cards as gifts, a trade counts every
    card that changed hands; what each side receives is planted at once where it fits an
    existing field, the receiver first (the view shows each player's waiting cards); a gift
    that fits no existing field waits until the end of the phase."""
    s = load(4, phase="trade", planted=1,
             hands=[["red", "blue", "soy"], ["chili", "garden"], [], []],
             fields=[[["chili"], []], [["red"], ["blue"]], [[], []], [[], []]], rest=1,
             counts={"gifts": 1, "traded_cards": 2})  # fmt: skip
    act(s, 0, {"offer": {"to": 2, "give": [item("soy")]}})
    act(s, 2, {"accept": 1})
    assert names(s.to_plant[2]) == ["soy"] and s.view(None)["foist"] == []
    assert s.stats() == {"gifts": 2.0, "traded_cards": 2.0}
    act(s, 0, {"offer": {"to": 1, "give": [item("red"), item("blue")], "want": [item("chili")]}})
    act(s, 1, {"accept": 2})
    assert s.view(None)["foist"] == [
        {"player": 1, "cards": ["blue", "red"]},
        {"player": 0, "cards": ["chili"]},
    ]
    assert s.stats() == {"gifts": 2.0, "traded_cards": 5.0}


def kept_taler():
    """Player 0's Baby attacks player 1, whose only Bohnentaler is a Kavalier."""
    s = load(4, phase="plant", planted=1, hands=[["soy"], [], [], []],
             fields=[[["blue", "blue-baby"], ["blue", "blue-lady"]], [[], []], [[], []], [[], []]],
             coins=[0, ["kavalier"], 0, 0], rest="discard", stock_top=["green"] * 10)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    return s, {"keep": s.attack["drawn"][0]}


def kameradenschwein_taler():
    """Player 0 plants a Kameradenschwein; the taler he draws from player 1 is a Kavalier."""
    s = load(3, hands=[["kameradenschwein", "soy"], [], []],
             fields=[[[], ["blue", "blue-lady"], ["red"]], [[], [], []], [[], [], []]],
             coins=[[], ["kavalier"], []], rest="discard")  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    return s, {"plant": "taler"}


def arbeitstier_rear_card():
    """Player 0 plants an Arbeitstier; his rearmost hand card is a Kavalier."""
    s = load(4, hands=[["arbeitstier", "soy", "kavalier"], [], [], []],
             fields=[[[], ["blue", "blue-lady"]], [[], []], [[], []], [[], []]],
             rest=1)  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    return s, {"plant": "rear"}


def end_placement():
    """The end placement: player 0 puts a Kavalier from his hand on a field."""
    s = load(4, phase="place", placing=[0, 1, 2, 3], hands=[["kavalier"], [], [], []],
             fields=[[["red"], ["blue", "blue-lady"]], [[], []], [[], []], [[], []]],
             ending=True, rest="discard")  # fmt: skip
    return s, {"place": s.hands[0][0]}


def hampelmann_second_card():
    """A Hampelmann on top: player 0's optional 2nd card may be any hand card, a Kavalier."""
    s = load(4, planted=1, hands=[["soy", "kavalier"], [], [], []],
             fields=[[["red", "hampelmann"], ["blue", "blue-lady"]], [[], []], [[], []], [[], []]],
             rest=1)  # fmt: skip
    return s, {"plant": s.hands[0][1], "from": "hand"}


ROUTES = [kept_taler, kameradenschwein_taler, arbeitstier_rear_card, end_placement,
          hampelmann_second_card]  # fmt: skip


@pytest.mark.parametrize("route", ROUTES)
def test_a_kavalier_planted_by_any_route_goes_under_the_lady_when_his_owner_says(route):
    """Kavalier: "may be slid under a Lady when planted", by whatever route he is planted: a
    kept attack taler, the Kameradenschwein's taler, the Arbeitstier's rear card, the end
    placement, a Hampelmann's 2nd card from anywhere in the hand. Offered on top
    of the Blue field or under its Lady, he goes where his owner says (under), not to the
    field's first placement."""
    s, action = route()
    assert {**action, "field": 1, "under": True} in [dict(a) for a in s.legal_actions(0)]
    act(s, 0, {**action, "field": 1, "under": True})
    assert fields_of(s, 0)[1] == ["blue", "kavalier", "blue-lady"]


def test_a_messie_in_force_is_counted_on_top_of_the_games_count():
    """Messie (class M, only while on top): one in force when a trading phase begins is
    counted, on top of what the position had counted before (the deck has one Messie)."""
    s = load(4, phase="plant", planted=1, hands=[["blue"], [], [], []],
             fields=[[[], []], [["stink", "messie"], []], [["stink", "stink"], []],
                     [[], []]],
             rest="stock", counts={"fired_messie": 2})  # fmt: skip
    act(s, 0, {"end": "planting"})
    assert s.phase == "trade" and s.stats() == {"fired_messie": 3.0}


NONE = [[], []]
FAULPELZ = ["garden", "faulpelz"]
WARMDUSCHER = ["red", "warmduscher"]
DRAWS = {
    "Faulpelz: the active player draws 1 fewer": (
        [[["soy"], FAULPELZ], NONE, NONE, NONE],
        [(0, 2)],
        {"fired_faulpelz": 2.0, "fired_warmduscher": 1.0},
    ),
    "Faulpelz while another's Warmduscher draws 1": (
        [[["soy"], FAULPELZ], NONE, [WARMDUSCHER, []], NONE],
        [(0, 2), (2, 1)],
        {"fired_faulpelz": 2.0, "fired_warmduscher": 2.0},
    ),
    "his own Warmduscher: he draws none": (
        [[["soy"], WARMDUSCHER], NONE, NONE, NONE],
        [(0, 0)],
        {"fired_faulpelz": 1.0, "fired_warmduscher": 2.0},
    ),
    "another's Warmduscher and Faulpelz together: none for him": (
        [[["soy"], []], [WARMDUSCHER, FAULPELZ], NONE, NONE],
        [(0, 3)],
        {"fired_faulpelz": 2.0, "fired_warmduscher": 2.0},
    ),
}  # fmt: skip


@pytest.mark.parametrize(("fields", "draws", "counted"), DRAWS.values(), ids=DRAWS)
def test_the_draw_phase_tells_each_draw_in_order_and_counts_each_special(fields, draws, counted):
    """Phase 4: the active player draws 3 (a Faulpelz on top: 1 fewer; a Warmduscher on top:
    none); then, clockwise, each other player with a Warmduscher on top draws 1 (with a
    Faulpelz too: none). Each draw is told, in that order, and each Faulpelz and Warmduscher
    that worked is counted on top of the position's counts (one of each here; the deck has
    one of each)."""
    s = load(4, phase="plant-trades", to_plant=[["soy"], [], [], []], fields=fields,
             hands=[[], [], [], []],
             counts={"fired_faulpelz": 1, "fired_warmduscher": 1})  # fmt: skip
    events = act(s, 0, {"plant": s.to_plant[0][0], "field": 0})
    assert [(e.data["player"], e.data["count"]) for e in events if e.type == "draw"] == draws
    assert s.stats() == counted


def test_what_the_active_player_received_waits_with_the_turned_up_cards_he_keeps():
    """Trading: what fits no existing field waits to be planted after the trading; the turned-up
    cards the active player keeps at its end join those waiting, nothing replaced."""
    s = load(4, phase="trade", planted=1, offer_area=["red", "soy"],
             hands=[["chili"], ["blue"], [], []],
             fields=[[["chili"], ["chili"]], [[], []], [[], []], [[], []]],
             stock_top=["green"] * 6)  # fmt: skip
    act(s, 1, {"offer": {"to": 0, "give": [item("blue")]}})
    act(s, 0, {"accept": 1})
    assert names(s.to_plant[0]) == ["blue"]
    act(s, 0, {"end": "trading"})
    assert names(s.to_plant[0]) == ["blue", "red", "soy"]


def phase_one():
    """Player 0's phase 1: he and player 1 (who may harvest) may act."""
    s = load(4, hands=[["chili", "blue"], ["blue"], [], []],
             fields=[[["chili"], []], [["blue"], []], [[], []], [[], []]],
             stock_top=["green"] * 6)  # fmt: skip
    return s, {"plant": "front", "field": 0}


def trading():
    """The trading: everyone may act; player 0 plants a turned-up Red."""
    s = load(4, phase="trade", planted=1, offer_area=["red", "soy"],
             hands=[["chili", "blue"], ["blue"], [], []],
             fields=[[["chili"], []], [["blue"], []], [[], []], [[], []]],
             stock_top=["green"] * 6)  # fmt: skip
    return s, {"plant": s.offer_area[0], "field": 1}


def one_shots_choice():
    """A Frauenversteher's choice: only player 0 may act (no moment is calm)."""
    s = load(4, hands=[["frauenversteher", "soy"], [], [], []],
             fields=[[["soy-lady", "soy"], ["blue-lady", "blue", "blue"]],
                     [[], []], [[], []], [[], []]],
             rest=1)  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    return s, {"lady": 0, "field": 1}


@pytest.mark.parametrize("moment", [phase_one, trading, one_shots_choice])
def test_an_action_legal_actions_handed_out_is_carried_out_as_its_equal_dict(moment):
    """A host or bot applies the very action object ``legal_actions`` handed out (legal as it
    is: ``_listed``, carried out on its plain dict); the outcome, events and the next moment's
    answers included, is that of the equal dict checked and applied anew, whether several
    players may act (the others' answers are kept: ``_accept``) or one."""
    s, wanted = moment()
    fresh = s.clone()
    for p in range(4):
        s.legal_actions(p)
    (listed,) = [a for a in s.legal_actions(0) if a == wanted]
    events = act(s, 0, listed)
    again = act(fresh, 0, dict(listed))
    assert [(e.type, e.data) for e in events] == [(e.type, e.data) for e in again]
    assert s.to_json() == fresh.to_json()
    assert s.actors() == fresh.actors()
    assert all(s.legal_actions(p) == fresh.legal_actions(p) for p in range(4))


WAITS = {
    "the Rasselbande: the attacker": (
        {"phase": "plant", "planted": 1, "fields": [[["blue", "blue-baby"], []], [["red"], []],
                                                    [[], []], [[], []]]},
        {"end": "planting"}, {0, 1}, {0}, None,
    ),
    "the trading: everyone may act, the active player is waited for, the referee's window": (
        {"phase": "trade", "planted": 1, "offer_area": ["red", "soy"]},
        None, {0, 1, 2, 3, REFEREE}, {0}, 60.0,
    ),
    "a turned-up Flitzer: only the opponent asked, no referee's window": (
        {"phase": "plant", "planted": 1, "stock_top": ["soy", "flitzer"]},
        {"end": "planting"}, {1}, {1}, None,
    ),
    "planting what was received: whoever has cards to plant, no one else": (
        {"phase": "plant-trades", "to_plant": [["soy"], ["red"], [], []]},
        None, {0, 1}, {0, 1}, None,
    ),
}  # fmt: skip


@pytest.mark.parametrize(("position", "action", "actors", "waited", "window"), WAITS.values(),
                         ids=WAITS)  # fmt: skip
def test_who_may_act_who_is_waited_for_and_the_referees_window(
    position, action, actors, waited, window
):
    """Who may act (``actors``: whoever holds a bean may harvest), whom the game cannot go on
    without (``waiting_for``) and how long the referee's window stays open
    (``window_seconds``: only while he may close an idle trading phase), by moment."""
    s = load(4, **{"hands": [["chili"], ["blue"], [], []],
                   "fields": [[["soy"], []], [["blue"], []], [[], []], [[], []]],
                   "stock_top": ["green"] * 6, "rest": "discard", **position})  # fmt: skip
    if action:
        act(s, 0, action)
    assert s.actors() == actors
    assert s.waiting_for() == waited
    assert s.window_seconds() == window


def test_a_kept_taler_and_a_received_card_are_offered_only_existing_fields():
    """ "Existing field" (rulings): a kept attack taler and a received card "planted at once"
    go only on a field that holds beans; the empty field beside is not offered for either."""
    s = load(3, phase="plant", planted=1, hands=[["soy"], [], []],
             fields=[[["blue", "blue-baby2"], ["chili"], []], [[], [], []], [[], [], []]],
             coins=[0, ["blue", "chili"], 0], rest="discard", stock_top=["green"] * 10)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    assert s.phase == "keep"
    assert sorted((names([a["keep"]])[0], a["field"]) for a in s.legal_actions(0)) == [
        ("blue", 0), ("chili", 1)
    ]  # fmt: skip

    s = load(4, phase="trade", planted=1, hands=[["blue"], [], [], []],
             fields=[[[], []], [["blue"], []], [[], []], [[], []]], rest=2)  # fmt: skip
    act(s, 0, {"offer": {"to": 1, "give": [item("blue")]}})
    act(s, 1, {"accept": 1})
    assert [a["field"] for a in s.legal_actions(1)] == [0]


TRADERS = {
    "nothing to bargain with: the active player and whoever holds a card": (
        {"hands": [[], [], ["red"], []]}, None, {0, 2, REFEREE},
    ),
    "the active player holds a card: everyone": (
        {"hands": [["red"], [], [], []]}, None, {0, 1, 2, 3, REFEREE},
    ),
    "cards lie turned up: everyone": (
        {"hands": [[], [], [], []], "offer_area": ["red"]}, None, {0, 1, 2, 3, REFEREE},
    ),
    "a gift to the active player waits: not for the others": (
        {"hands": [[], [], ["red"], []]}, (2, {"to": 0, "give": [item("red")]}), {0, 2, REFEREE},
    ),
}  # fmt: skip


@pytest.mark.parametrize(("position", "offer", "actors"), TRADERS.values(), ids=TRADERS)
def test_who_may_trade_without_a_bean_to_harvest(position, offer, actors):
    """The trading (``_may_trade``): with no bean in any field, the active player may act (he
    ends the phase), another only when he or the active player holds a card to bargain with,
    cards lie turned up, or an offer waits for him."""
    s = load(4, phase="trade", planted=1, fields=[[[], []]] * 4, rest="discard", **position)
    if offer:
        act(s, offer[0], {"offer": offer[1]})
    assert s.actors() == actors


@pytest.mark.parametrize("source", ["hand", "offer"])
def test_a_gift_to_a_pruegelknabe_is_taken_at_once_told_and_counted_again(source):
    """Prügelknabe (on top): "refuses no gift": an open gift to his owner, from the active
    player's hand or from the cards he turned up, is taken at once; the table is told of the
    offer and the trade, and it is counted on top of the game's count."""
    hand = ["red", "blue"] if source == "hand" else []
    s = load(4, phase="trade", planted=1, hands=[hand, [], [], []], offer_area=["red", "soy"],
             fields=[[[], []], [["stink", "pruegelknabe"], []], [[], []], [[], []]], rest=2,
             counts={"fired_pruegelknabe": 1})  # fmt: skip
    events = act(s, 0, {"offer": {"to": 1, "give": [item("red", source=source)]}})
    assert [(e.type, e.data["from"], e.data["to"]) for e in events] == [
        ("offer", 0, 1), ("trade", 0, 1)
    ]  # fmt: skip
    assert s.offers == [] and s.stats() == {"fired_pruegelknabe": 2.0, "gifts": 1.0}


def test_a_gift_offered_by_a_messies_owner_cannot_be_accepted():
    """Messie (on top): "his owner may give no gift" (trading stays allowed): a gift he offers
    anyway may be declined, never accepted."""
    s = load(4, phase="trade", planted=1, hands=[["red", "blue"], ["soy"], [], []],
             fields=[[["stink", "messie"], []], [["soy"], []], [[], []], [[], []]],
             rest=2)  # fmt: skip
    act(s, 0, {"offer": {"to": 1, "give": [item("red")]}})
    answers = [dict(a) for a in s.legal_actions(1)]
    assert {"decline": 1} in answers and {"accept": 1} not in answers


def two_soys_to_plant():
    s = load(4, phase="plant-trades", to_plant=[["soy", "soy"], [], [], []],
             fields=[[["soy"], []], [[], []], [[], []], [[], []]], rest=1)  # fmt: skip
    return s, "plant", s.to_plant[0]


def two_blue_talers_to_keep():
    s = load(3, phase="plant", planted=1, hands=[["soy"], [], []],
             fields=[[["blue", "blue-baby2"], ["chili"], ["garden", "wuehler", "garden"]],
                     [[], [], []], [[], [], []]],
             coins=[0, ["blue", "blue", "chili"], 0], rest="discard",
             stock_top=["green"] * 10)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    blues = [c for c in s.attack["drawn"] if names([c]) == ["blue"]]
    return s, "keep", sorted(blues)


def two_soys_to_place():
    s = load(4, phase="place", placing=[0, 1, 2, 3], hands=[["soy", "soy"], [], [], []],
             fields=[[["soy"], []], [[], []], [[], []], [[], []]], ending=True,
             rest="discard")  # fmt: skip
    return s, "place", sorted(s.hands[0])


@pytest.mark.parametrize("moment", [two_soys_to_plant, two_blue_talers_to_keep, two_soys_to_place])
def test_any_of_several_equal_cards_may_be_named(moment):
    """Equal cards are one choice: ``legal_actions`` lists one of them by its id, and naming the
    other one of the same kind (planting what was received, keeping an attack taler, the end
    placement) is accepted as that choice, not refused."""
    s, key, (first, second) = moment()
    listed = [a.get(key) for a in s.legal_actions(0)]
    assert first in listed and second not in listed
    act(s, 0, {key: second, "field": 0})
    assert fields_of(s, 0)[0][-1] == names([second])[0]
