"""Ladybohn for 2 players and solo (``duo.py``): what its mutation run found untested.

The refusals: each says its rule in the engine's English, exactly as the words catalog's English
says it, with its key and arguments, so a host in either language tells the player the same
reason. Then set-up, the view, positions and the end, on hand-made positions.
"""

from __future__ import annotations

from typing import Any

import pytest
from ladybohn_duo_positions import GAME, duo, duo_position
from ladybohn_positions import load_game

from spieltisch import IllegalAction, OptionError, RecordError, Rng
from spieltisch.core.words import Said, Seat, Seq
from spieltisch.games.ladybohn.duo import LadybohnDuoState

STEAL = (
    "steal now: {'steal': [opponent]} from an opponent with a coin and no Make-up bean in a "
    "field, or {'steal': []}"
)
HARVEST = (
    "harvest only in your own turn (never in phase 3), a field with beans; a field of one bean "
    "only if no other field of yours holds two or more"
)
FRONT = (
    "plant your front card (up to 3 from the front) on an empty field or one of its variety; "
    "harvest first if none fits"
)

# (players, position, action, key, English reason, arguments)
REFUSALS: list[tuple[int, dict[str, Any], dict[str, Any], str, str, tuple[Any, ...]]] = [
    (2, {"phase": "steal", "steals": [1, 0], "coins": [0, 1]}, {"steal": [0]},
     "r.lb2.steal", STEAL, ()),
    (2, {"phase": "final-steal", "steal_now": [0], "steals": [1, 0], "coins": [0, 1],
         "ending": True}, {"end": "game"}, "r.lb2.steal", STEAL, ()),
    (2, {"hands": [["blue"], []], "makeup_choice": [{"beans": 3}, None]},
     {"plant": "front", "field": 0}, "r.lb2.makeupfirst",
     "first choose what your Make-up harvest gives: {'makeup': ...}", ()),
    (2, {"hands": [["blue"], []], "makeup_choice": [{"beans": 3}, None]}, {"makeup": "coin"},
     "r.lb2.makeup",
     "no Make-up harvest is waiting for your choice, or that is not one of its gifts", ()),
    (2, {"hands": [["blue"], []]}, {"plant": 5, "field": 0}, "r.lb2.noplant",
     "nothing is planted now (plant phase)", ("plant",)),
    (2, {"phase": "leftover", "offer_area": ["blue"],
         "fields": [[["soy"], ["chili"]], [[], []]]}, {"plant": "front", "field": 0},
     "r.lb2.leftover",
     "plant a card left in the offer on an empty field or one of its variety", ()),
    (2, {"hands": [["blue"], []]}, {"makeup": "coin"}, "r.lb2.makeup",
     "no Make-up harvest is waiting for your choice, or that is not one of its gifts", ()),
    (1, {"phase": "final", "ending": True}, {"harvest": 0}, "r.lb2.harvestfinal",
     "harvest a field that holds beans", ()),
    (2, {"hands": [["blue"], []]}, {"harvest": 0}, "r.lb2.harvest", HARVEST, ()),
    (2, {"hands": [["blue"], []], "fields": [[["soy", "soy"], []], [[], []]]}, {"rotate": 0},
     "r.lb2.rotate",
     "right after a harvest you may rotate one other field of two or more beans", ()),
    (1, {"hands": [["blue"]], "coins": [3]}, {"buy": "field"}, "r.lb2.solofield",
     "there is no 3rd field in the solo game", ()),
    (2, {"hands": [["blue"], []], "coins": [2, 0]}, {"buy": "field"}, "r.lb2.buy",
     "a 3rd field costs 3 coins (they leave the game), and each player has one at most", ()),
    (2, {"hands": [["blue"], []]}, {"swap": 0}, "r.lb2.swap",
     "only in phase 5, after the first draw, holding 5 cards, may the active player swap her "
     "hand for the fan", ()),
    (2, {"hands": [["blue", "soy"], []], "hand_discarded": True}, {"discard_hand": 1},
     "r.lb2.discardhand",
     "once a turn, in phase 2, you may discard one card from anywhere in your hand", ()),
    (2, {"phase": "take", "offer_area": ["blue"]}, {"take": "soy"}, "r.lb2.take",
     "in phase 4 take a variety lying in the offer: all its cards", ()),
    (2, {"phase": "leftover", "offer_area": ["blue"]}, {"discard": 0}, "r.lb2.discardoffer",
     "discard a card that lies in the offer", ()),
    (2, {"hands": [["blue"], []]}, {"discard": 0}, "r.lb2.discard",
     "only the cards left in the offer are discarded, in phase 1", ()),
    (2, {"hands": [["blue"], []], "planted": 3}, {"plant": "front", "field": 0}, "r.lb2.front",
     FRONT, ()),
    (1, {"phase": "leftover", "offer_area": ["blue"]}, {"plant": 0, "field": 0},
     "r.lb2.solodiscard", "solo: the cards left in the offer must be discarded", ()),
    (2, {"phase": "leftover", "offer_area": ["blue"],
         "fields": [[["soy"], ["chili"]], [[], []]]}, {"plant": 0, "field": 0},
     "r.lb2.leftover",
     "plant a card left in the offer on an empty field or one of its variety", ()),
    (2, {"phase": "take", "to_plant": [["blue"], []],
         "fields": [[["soy"], ["chili"]], [[], []]]}, {"plant": 0, "field": 0}, "r.lb2.took",
     "plant a card you took on an empty field or one of its variety", ()),
    (2, {"phase": "swap", "hands": [["blue"] * 5, []]}, {"plant": "front", "field": 0},
     "r.lb2.noplant", "nothing is planted now (swap phase)", ("swap",)),
    (2, {"hands": [["blue"], []]}, {"end": "planting"}, "r.lb2.frontfirst",
     "plant your front card first (phase 2), then end planting", ()),
    (2, {"phase": "leftover", "offer_area": ["blue"]}, {"end": "planting"}, "r.lb2.frontfirst",
     "plant your front card first (phase 2), then end planting", ()),
    (2, {"phase": "take", "to_plant": [["blue"], []]}, {"end": "taking"}, "r.lb2.tookfirst",
     "plant every card you took first (phase 4)", ()),
    (2, {"phase": "take", "offer_area": ["blue"]}, {"end": "swap"}, "r.lb2.notnow",
     '{"end": "swap"} is not possible now (take phase)', ('{"end": "swap"}', "take")),
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "where", "action", "key", "reason", "args"),
    REFUSALS,
    ids=[f"{r[3]}-{i}" for i, r in enumerate(REFUSALS)],
)
def test_each_refusal_says_its_rule_with_its_key(
    players: int,
    where: dict[str, Any],
    action: dict[str, Any],
    key: str,
    reason: str,
    args: tuple[Any, ...],
) -> None:
    """A refused action changes nothing and says why, in English and by its catalog key."""
    s = duo(players, **where)
    if action.get("plant") == 0:  # "the card in the offer / taken": its id
        row = s.offer_area if s.phase == "leftover" else s.to_plant[0]
        action = dict(action, plant=row[0])
    if action.get("discard") == 0 and s.phase == "leftover":  # a card not in the offer
        action = dict(action, discard=s.stock[0])
    if action.get("discard") == 0:
        action = dict(action, discard=s.hands[0][0])
    before = s.to_json_text()
    with pytest.raises(IllegalAction) as caught:
        s.apply(0, action)
    err = caught.value
    assert (err.key, str(err), err.args_said) == (key, reason, args)
    assert s.to_json_text() == before


def test_the_opponent_is_told_whose_turn_it_is() -> None:
    """Out of turn: core.notturn names the player (or the referee) and the one who may act."""
    s = duo(2, hands=[["blue"], ["soy"]])
    with pytest.raises(IllegalAction) as caught:
        s.apply(1, {"plant": "front", "field": 0})
    err = caught.value
    assert err.key == "core.notturn"
    assert str(err) == "it is not player 1's turn to act (player 0 may act)"
    assert err.args_said == (Seat(1), Seq([Seat(0)], ", "))
    with pytest.raises(IllegalAction) as caught:  # the referee (-1) is named, not seated
        s.apply(-1, {"plant": "front", "field": 0})
    assert str(caught.value) == "it is not referee's turn to act (player 0 may act)"
    assert caught.value.args_said == (Said("referee"), Seq([Seat(0)], ", "))


def test_nobody_acts_once_the_game_is_over() -> None:
    """Over: every action is refused as 'the game is over' (core.over)."""
    s = duo(2, phase="over", result=[1, 2])
    assert s.is_terminal() and s.legal_actions(0) == [] and s.legal_actions(1) == []
    with pytest.raises(IllegalAction) as caught:
        s.apply(0, {"end": "game"})
    assert caught.value.key == "core.over"
    assert str(caught.value) == "the game is over; no more actions are taken"


# -- positions: what from_position fills in, and what it refuses -------------------------------


def test_a_position_leaves_out_what_a_fresh_turn_has() -> None:
    """Left out, the counters are those of a game not yet begun: first player = the active one,
    no turns, nothing planted or discarded, no ending, nothing shown, protected or decided, and
    the seed 0."""
    data = duo_position(2, hands=[["blue"], ["soy"]], active=1)
    for key in ("first_player", "turns", "planted", "hand_discarded", "ending", "shown",
                "protected", "result", "rng", "removed_at_setup"):  # fmt: skip
        del data[key]
    s = GAME.from_json(data)
    j = s.to_json()
    assert (j["first_player"], j["turns"], j["planted"], j["hand_discarded"], j["ending"]) == (
        1, [0, 0], 0, False, False,
    )  # fmt: skip
    assert (j["shown"], j["protected"], j["result"], j["removed_at_setup"]) == (
        [0, 0],
        [],
        None,
        [],
    )
    assert j["rng"] == Rng(0).state


def test_a_position_keeps_what_it_names() -> None:
    """Every counter of a position is read back as it was written (to_json, from_position)."""
    data = duo_position(
        2, hands=[["blue", "soy"], ["soy"]], active=1, first_player=0, turns=[4, 3], planted=2,
        hand_discarded=True, ending=True, shown=[1, 0], protected=[1], result=[2, 5],
    )  # fmt: skip
    data["rng"] = 77
    s = GAME.from_json(data)
    j = s.to_json()
    assert (j["active"], j["first_player"], j["turns"], j["planted"]) == (1, 0, [4, 3], 2)
    assert (j["hand_discarded"], j["ending"], j["shown"], j["protected"]) == (
        True,
        True,
        [1, 0],
        [1],
    )
    assert j["result"] == [2, 5] and j["rng"] == Rng(77).state
    assert GAME.from_json(j).to_json() == j


def _bad(data: dict[str, Any], why: str) -> None:
    with pytest.raises(RecordError) as caught:
        LadybohnDuoState.from_position(GAME, data)
    assert str(caught.value) == f"not a ladybohn position: {why}"


def test_a_position_of_another_game_or_player_count_is_refused() -> None:
    """The 2-player and solo rules read only their own positions: game 'ladybohn', 1 or 2."""
    _bad([], "a position is a JSON object with game 'ladybohn'")  # type: ignore[arg-type]
    _bad(dict(duo_position(2), game="bohnanza"), "a position is a JSON object with game 'ladybohn'")
    for n in (0, 3):
        _bad(
            dict(duo_position(2), players=n),
            f"the 2-player and solo position has 1 or 2 players, not {n}",
        )
    data = duo_position(2)
    del data["phase"]
    _bad(data, "KeyError: 'phase'")
    _bad(
        dict(duo_position(2), active="x"), "ValueError: invalid literal for int() with base 10: 'x'"
    )
    _bad(dict(duo_position(2), hands=None), "TypeError: 'NoneType' object is not iterable")


def test_a_position_must_be_whole_and_in_order() -> None:
    """A known phase, a seat that exists, one entry per player in each part, shown cards within
    the hand, one fan, a stealer in a final steal, and every card once."""
    _bad(dict(duo_position(2), phase="hop"), "unknown phase 'hop'")
    for seat in (-1, 2):
        _bad(dict(duo_position(2), active=seat), f"no seat {seat}")
    per_player = "hands, fields, coins and the rest need one entry per player (2)"
    for key in ("turns", "shown", "third", "rotation", "steals"):
        data = duo_position(2)
        data[key] = data[key][:1]
        _bad(data, per_player)
    for shown in ([2, 0], [0, -1]):
        _bad(
            duo_position(2, hands=[["blue"], []], shown=shown), "shown counts front cards of a hand"
        )
    data = duo_position(2, hands=[["blue"], []], shown=[1, 0])
    assert LadybohnDuoState.from_position(GAME, data).shown == [1, 0]
    data = duo_position(2)
    data["fans"] = [data["fans"][0][:2], data["fans"][0][2:]]
    data["fan_sizes"] = [5, 5]
    _bad(data, "the 2-player and solo game lays one fan")
    _bad(duo_position(2, phase="final-steal", ending=True), "a final steal needs a stealer")
    data = duo_position(2)
    data["stock"] = data["stock"][1:]
    _bad(data, "every card of the deck must be in exactly one place")


# -- the view, the result ----------------------------------------------------------------------


def test_the_view_says_the_turn_and_what_a_swap_showed() -> None:
    """The view tells the mode, the phase, whose turn and its counters, the front cards a swap
    showed of each hand, who was protected in the final harvest; no trading parts."""
    s = duo(2, hands=[["blue", "chili"], ["soy", "red"]], shown=[0, 1], protected=[1],
            first_player=1, turns=[3, 2], planted=1, hand_discarded=True, ending=True,
            offer_area=[], active=0)  # fmt: skip
    v = s.view(0)
    assert {k: v[k] for k in ("game", "viewer", "players", "mode", "phase", "active")} == {
        "game": "ladybohn", "viewer": 0, "players": 2, "mode": "two players", "phase": "plant",
        "active": 0,
    }  # fmt: skip
    assert (v["first_player"], v["turns"], v["planted"], v["hand_discarded"], v["ending"]) == (
        1, [3, 2], 1, True, True,
    )  # fmt: skip
    assert v["shown"] == [[], ["soy"]] and v["protected"] == [1] and v["steal_now"] == []
    assert v["ratio_males_pay"] is False and v["result"] is None and v["offer"] == []
    assert not {"offers", "draft", "promises", "offer_area"} & set(v)
    solo = duo(1, hands=[["blue"]], phase="over", result=[4])
    w = solo.view(None)
    assert (w["mode"], w["players"], w["viewer"], w["result"]) == ("solo", 1, None, [4])


def test_the_view_counts_the_cards_removed_at_the_setup_by_kind() -> None:
    """2 players: Garden, Red and Black-eyed are out of the game, counted by kind in the order
    of names; the count is kept with the cards it was made of, so other cards give another."""
    s = GAME.new_state(2, seed=3)
    counted = s.view(0)["removed_at_setup"]
    assert list(counted.items()) == [
        ("blackeyed", 10), ("blackeyed-lady", 2), ("garden", 6), ("red", 8), ("red-lady", 1),
    ]  # fmt: skip
    assert s.view(1)["removed_at_setup"] == counted
    s.removed_at_setup = [c for c in s.removed_at_setup if GAME.deck.kinds[c].name != "garden"]
    assert "garden" not in s.view(0)["removed_at_setup"]
    solo = GAME.new_state(1, seed=3).view(0)["removed_at_setup"]
    assert solo == {"blackeyed": 10, "blackeyed-lady": 2, "makeup-lady": 9, "red": 8, "red-lady": 1}


def test_the_result_second_player_wins_a_tie() -> None:
    """Most coins wins; with as many, the second player (not the first) wins."""
    s = duo(2, phase="over", first_player=1, result=[3, 3])
    r = s.result()
    assert (r.scores, r.ranks, r.summary) == ((3, 3), (1, 2), "player 0 wins with 3 coins")
    assert r.breakdown == ((Said("b.bd.coins"), (3, 3)), (Said("b.bd.turn"), (2, 1)))
    r = duo(2, phase="over", first_player=0, result=[2, 5]).result()
    assert (r.ranks, r.summary) == ((2, 1), "player 1 wins with 5 coins")
    assert r.breakdown[1] == (Said("b.bd.turn"), (1, 2))
    with pytest.raises(IllegalAction) as caught:
        duo(2, hands=[["blue"], []]).result()
    assert caught.value.key == "r.lb.notover" and str(caught.value) == "the game is not over yet"


@pytest.mark.parametrize(("coins", "won"), [(5, True), (4, False), (3, False)])
def test_the_solo_result_beats_the_discard_pile(coins: int, won: bool) -> None:
    """Solo: she wins with strictly more coins than cards in the discard pile (here 4)."""
    s = duo(1, phase="over", discard=["blue"] * 4, result=[coins])
    r = s.result()
    verdict = "wins" if won else "loses"
    assert (r.scores, r.ranks) == ((coins,), (1 if won else 2,))
    assert r.summary == f"{coins} coins against 4 cards in the discard pile: she {verdict}"
    assert r.breakdown == ((Said("b.bd.coins"), (coins,)), (Said("lb.bd.discard"), (4,)))


# -- resampling, cloning -----------------------------------------------------------------------


def test_resample_deals_only_the_unseen_cards_anew() -> None:
    """The opponent's shown front cards stay; her other cards and the stock are dealt anew from
    the same cards; the deal depends on which cards are unseen, not on where they lie."""
    s = duo(2, hands=[["blue", "chili"], ["soy", "stink", "green", "blue-lady"]], shown=[0, 1],
            stock_top=["red", "red"])  # fmt: skip
    t = duo(2, hands=[["blue", "chili"], ["soy", "blue-lady", "green", "stink"]], shown=[0, 1],
            stock_top=["red", "red"])  # fmt: skip
    a, b = s.resample(0, Rng(5)), t.resample(0, Rng(5))
    assert a.hands == b.hands and a.stock == b.stock
    assert a.hands[0] == s.hands[0] and a.hands[1][0] == s.hands[1][0]
    assert len(a.hands[1]) == 4 and len(a.stock) == len(s.stock)
    assert sorted(a.hands[1][1:] + a.stock) == sorted(s.hands[1][1:] + s.stock)
    assert a.hands[1] != s.hands[1] or a.stock != s.stock
    assert a.rng.state != s.rng.state
    assert a.all_cards() == s.all_cards()


def test_a_clone_owns_its_counters() -> None:
    """A clone is played on: its turns, shown counts, protected seats, removed cards and result
    are its own lists."""
    s = duo(2, hands=[["blue"], ["soy"]], protected=[1], result=[1, 2])
    s.removed_at_setup = [0]
    c = s.clone()
    before = (list(s.turns), list(s.shown), list(s.protected), list(s.removed_at_setup),
              list(s.result_))  # fmt: skip
    c.turns[0] += 1
    c.shown[1] = 1
    c.protected.append(0)
    c.removed_at_setup.append(1)
    c.result_.append(3)
    assert (s.turns, s.shown, s.protected, s.removed_at_setup, s.result_) == before
    assert duo(2).clone().result_ is None


# -- set-up ------------------------------------------------------------------------------------

ONE_VARIETY = """\
[[variety]]
id = "blue"
de = "Blaue Bohne"
en = "Blue"
male = {males}
beanometer = [4, 6, 8, 10]
status = "verified"
"""


@pytest.mark.parametrize(("players", "need"), [(2, 19), (1, 11)])
def test_a_card_table_too_small_to_deal_is_refused(tmp_path, players: int, need: int) -> None:
    """The deal needs 5 cards a hand, the fan's 5 and the discard pile's start (2 players: 4,
    solo: 1); a table's own card file with fewer cards in play cannot set up the game."""
    for males in (need - 1, need):
        path = tmp_path / f"cards{males}.toml"
        path.write_text(ONE_VARIETY.format(males=males), encoding="utf-8")
        game = load_game(cards=str(path))
        if males < need:
            with pytest.raises(OptionError) as caught:
                game.new_state(players, seed=1)
            assert str(caught.value) == (
                f"{males} cards are too few to set up a {players}-player game"
            )
        else:
            s = game.new_state(players, seed=1)
            assert s.stock == [] and len(s.discard) == need - 5 * (players + 1)


# -- a whole turn, told event by event ---------------------------------------------------------


def told(events) -> list[tuple[str, dict[str, Any], Any]]:
    return [(e.type, e.data, e.visible_to) for e in events]


def test_a_whole_turn_is_told_step_by_step() -> None:
    """Phase 2 plants the front card; phase 3 reveals 3 cards, the Lady meets the fan first and
    each pushes one card out, the discard pile's matching Chili joins; phase 4 takes the Chilis
    (either Chili may be named, though only the first of its kind is listed); phase 5 draws
    one card (seen by her alone), with 5 in hand she swaps with the fan (her new hand is
    shown), then draws the second; the opponent's turn begins with the cards left in the
    offer."""
    s = duo(hands=[["soy", "stink", "stink", "stink", "stink"], ["green"]],
            fan=["blue", "green", "soy", "stink", "blue"],
            stock_top=["red", "red", "soy", "blue-lady", "chili", "blue"],
            discard=["stink", "green", "soy", "chili"])  # fmt: skip
    assert told(s.apply(0, {"plant": "front", "field": 0})) == [
        ("plant", {"player": 0, "field": 0, "card": "soy"}, None)
    ]
    assert (s.planted, s.phase) == (1, "plant")
    assert told(s.apply(0, {"end": "planting"})) == [
        ("reveal", {"player": 0, "cards": ["blue", "chili", "blue-lady"],
                    "fan": [{"card": "blue-lady", "pushed": ["blue"]},
                            {"card": "blue", "pushed": ["stink"]}],
                    "from_discard": ["chili"], "offer": ["blue", "stink", "chili", "chili"]},
         None),
    ]  # fmt: skip
    assert told(s.apply(0, {"take": "chili"})) == [
        ("take", {"player": 0, "cards": ["chili", "chili"]}, None)
    ]
    first, second = s.to_plant[0]
    assert s.legal_actions(0) == [{"take": "blue"}, {"take": "stink"},
                                  {"plant": first, "field": 1}, {"harvest": 0}]  # fmt: skip
    s.apply(0, {"plant": second, "field": 1})  # not listed: it stands for the first Chili
    assert s.to_plant[0] == [first]
    s.apply(0, {"plant": first, "field": 1})
    assert told(s.apply(0, {"end": "taking"})) == [
        ("draw", {"player": 0, "count": 1}, None),
        ("draw_cards", {"player": 0, "cards": ["soy"]}, frozenset({0})),
    ]
    assert s.phase == "swap" and s.legal_actions(0)[:2] == [{"swap": 0}, {"end": "swap"}]
    assert told(s.apply(0, {"swap": 0})) == [
        ("swap", {"player": 0, "fan": 0, "fan_now": ["stink"] * 4 + ["soy"]}, None),
        ("draw", {"player": 0, "count": 1}, None),
        ("draw_cards", {"player": 0, "cards": ["red"]}, frozenset({0})),
        ("turn", {"player": 1, "turn": 2}, None),
    ]
    assert (s.active, s.turns, s.shown, s.phase) == (1, [1, 2], [5, 0], "leftover")
    assert [s.deck.kinds[c].name for c in s.hands[0]] == [
        "blue", "blue-lady", "blue", "green", "soy", "red",
    ]  # fmt: skip
    blue, stink = s.offer_area
    assert s.legal_actions(1) == [
        {"plant": blue, "field": 0}, {"plant": blue, "field": 1}, {"discard": blue},
        {"plant": stink, "field": 0}, {"plant": stink, "field": 1}, {"discard": stink},
    ]  # fmt: skip
    assert told(s.apply(1, {"plant": blue, "field": 1})) == [
        ("plant", {"player": 1, "field": 1, "card": "blue"}, None)
    ]
    assert s.phase == "leftover"
    assert told(s.apply(1, {"discard": stink})) == [
        ("discard", {"player": 1, "card": "stink", "from": "offer"}, None)
    ]
    assert (s.phase, s.offer_area, s.discard[-1]) == ("plant", [], stink)
    assert (s.planted, s.hand_discarded) == (0, False)  # her turn's phase 2 begins afresh
    assert s.legal_actions(1) == [
        {"plant": "front", "field": 0}, {"discard_hand": 0}, {"harvest": 1},
    ]  # fmt: skip


@pytest.mark.parametrize("players", [1, 2])
def test_a_new_game_has_shown_nothing_and_decided_nothing(players: int) -> None:
    """The deal: no hand card is known to another player, no result yet."""
    s = GAME.new_state(players, seed=7)
    v = s.view(0)
    assert v["shown"] == [[]] * players and s.shown == [0] * players
    assert v["result"] is None and s.to_json()["result"] is None
    with pytest.raises(IllegalAction):
        s.result()


def test_the_duo_rules_take_one_or_two_players() -> None:
    """3-5 players play the table game: the 2-player and solo state refuses them by name."""
    for n in (0, 3):
        with pytest.raises(OptionError) as caught:
            LadybohnDuoState(GAME, n, Rng(1))
        assert str(caught.value) == f"the 2-player and solo rules are for 1 or 2 players, not {n}"


# -- the end -----------------------------------------------------------------------------------


def test_the_solo_end_harvest_is_hers_to_choose() -> None:
    """Solo: the last card drawn ends the game; she may harvest (then rotate) fields or not,
    then ends the game; her coins are set against the discard pile's cards."""
    s = duo(1, hands=[["blue"]], fields=[[["soy"] * 3, ["stink"] * 2]], phase="take",
            stock_top=["soy", "chili"], rest="discard")  # fmt: skip
    assert told(s.apply(0, {"end": "taking"}))[-1] == ("game_end_harvest", {"player": 0}, None)
    assert (s.phase, s.ending, s.rotation) == ("final", True, [None])
    assert s.legal_actions(0) == [{"harvest": 0}, {"harvest": 1}, {"end": "game"}]
    s.apply(0, {"harvest": 0})
    assert s.legal_actions(0) == [{"harvest": 1}, {"rotate": 1}, {"end": "game"}]
    discard = len(s.discard)
    assert told(s.apply(0, {"end": "game"})) == [
        ("game_end", {"coins": [1], "discard": discard}, None)
    ]
    assert (s.phase, s.result_, s.rotation, s.actors()) == ("over", [1], [None], frozenset())
    assert s.result().ranks == (2,)


def test_the_two_player_end_harvests_all_then_steals_from_the_unprotected() -> None:
    """2 players: the last card drawn, both harvest every field (the one-bean rule aside); 5
    Make-up beans give the coin and a steal at once; her own Make-up field protected her, the
    opponent had none; the steal, then the game ends: a tie, which the second player wins."""
    s = duo(2, hands=[["blue"], ["green"]],
            fields=[[["makeup"] * 5, ["stink"] * 2], [["soy"] * 3, []]],
            phase="take", coins=[0, 2], stock_top=["soy", "chili"], rest="discard")  # fmt: skip
    events = told(s.apply(0, {"end": "taking"}))
    assert [e[0] for e in events] == ["draw", "draw_cards"] * 2 + ["harvest"] * 3
    assert (s.phase, s.protected, s.steal_now, s.steals) == ("final-steal", [0], [0], [1, 0])
    assert (s.actors(), s.waiting_for()) == (frozenset({0}), frozenset({0}))
    assert s.legal_actions(0) == [{"steal": []}, {"steal": [1]}] and s.legal_actions(1) == []
    assert s.steal_targets(0) == [1] and s.steal_targets(1) == []
    assert told(s.apply(0, {"steal": [1]})) == [
        ("steal", {"player": 0, "from": [1]}, None),
        ("game_end", {"coins": [2, 2]}, None),
    ]
    assert (s.phase, s.result_, s.rotation) == ("over", [2, 2], [None, None])
    assert s.result().ranks == (2, 1)


def test_a_final_steal_finds_the_opponent_protected_and_lapses() -> None:
    """The opponent's Make-up field, harvested too, protected her as it was just before: the
    steal won in the final harvest lapses and the game is over."""
    s = duo(2, hands=[["blue"], ["green"]],
            fields=[[["makeup"] * 5, []], [["makeup"] * 2, ["soy"] * 3]],
            phase="take", coins=[0, 2], stock_top=["soy", "chili"], rest="discard")  # fmt: skip
    events = told(s.apply(0, {"end": "taking"}))
    assert events[-1] == ("game_end", {"coins": [1, 3]}, None)
    assert (s.phase, s.protected, s.steal_now, s.steals) == ("over", [0, 1], [], [0, 0])


# -- the phases' small rules -------------------------------------------------------------------


def test_leftover_cards_each_kind_once_and_solo_only_discards() -> None:
    """Phase 1 lists each kind of leftover card once (two Blues are one choice); 2 players
    plant or discard, solo only discards; planting the last one begins phase 2."""
    s = duo(2, hands=[["soy"], []], phase="leftover", offer_area=["blue", "blue", "chili"])
    b1, b2, chili = s.offer_area
    assert s.legal_actions(0) == [
        {"plant": b1, "field": 0}, {"plant": b1, "field": 1}, {"discard": b1},
        {"plant": chili, "field": 0}, {"plant": chili, "field": 1}, {"discard": chili},
    ]  # fmt: skip
    s.apply(0, {"discard": b2})  # not listed: it stands for the first Blue
    assert s.offer_area == [b1, chili] and s.discard[-1] == b2
    s.apply(0, {"plant": chili, "field": 1})
    assert s.phase == "leftover"
    s.apply(0, {"plant": b1, "field": 0})
    assert (s.phase, s.offer_area) == ("plant", [])
    solo = duo(1, hands=[["soy"]], phase="leftover", offer_area=["blue", "blue-lady", "blue"])
    m, lady, _ = solo.offer_area
    assert solo.legal_actions(0) == [{"discard": m}, {"discard": lady}]


def test_a_flag_is_no_card() -> None:
    """A card is named by its id: ``true`` is not card 1, though Python counts it as 1."""
    s = duo(2, hands=[["soy"], []], phase="leftover", offer_area=[1])
    assert s.offer_area == [1]
    for action in ({"discard": True}, {"plant": True, "field": 0}):
        with pytest.raises(IllegalAction):
            s.apply(0, action)
    assert s.offer_area == [1]


def test_phase_2_may_end_once_the_hand_is_empty() -> None:
    """Phase 2 ends after at least one planted card, or when the hand is empty (the only card
    discarded); from the first turn's start, an empty hand goes straight on to phase 3."""
    s = duo(2, hands=[["soy"], []], stock_top=["stink", "stink", "stink"])
    assert {"end": "planting"} not in s.legal_actions(0)
    s.apply(0, {"discard_hand": 0})
    assert s.legal_actions(0) == [{"end": "planting"}]
    s.apply(0, {"end": "planting"})
    assert s.phase == "take"


def test_a_harvest_gives_one_chance_to_rotate_which_any_other_action_ends() -> None:
    """Right after a harvest she may rotate another field; any other action passes the chance."""
    s = duo(2, hands=[["soy", "soy"], []],
            fields=[[["blue"] * 4, ["chili", "chili-lady"]], [[], []]])  # fmt: skip
    s.apply(0, {"harvest": 0})
    assert {"rotate": 1} in s.legal_actions(0) and s.rotation == [0, None]
    s.apply(0, {"plant": "front", "field": 0})
    assert s.rotation == [None, None] and {"rotate": 1} not in s.legal_actions(0)


def test_front_cards_a_swap_showed_leave_the_count_as_they_leave_the_hand() -> None:
    """The count of shown front cards falls with each front card planted (never below 0) and
    with a discarded card among them, not with one behind them."""
    s = duo(2, hands=[["soy", "soy", "chili", "blue"], []], shown=[2, 0])
    s.apply(0, {"discard_hand": 2})  # the Chili behind the shown cards
    assert s.shown == [2, 0]
    s.apply(0, {"plant": "front", "field": 0})
    assert s.shown == [1, 0]
    s.apply(0, {"plant": "front", "field": 0})
    s.apply(0, {"plant": "front", "field": 1})
    assert s.shown == [0, 0]
    t = duo(2, hands=[["soy", "chili", "blue"], []], shown=[2, 0])
    t.apply(0, {"discard_hand": 1})  # the second shown card
    assert t.shown == [1, 0]
    u = duo(2, hands=[["soy", "chili", "blue"], []], shown=[1, 0])
    u.apply(0, {"discard_hand": 1})  # right behind the one shown card
    assert u.shown == [1, 0]


def test_a_third_field_is_offered_from_three_coins() -> None:
    """A 3rd field costs 3 coins: offered with 3, not with 2; never in solo."""
    assert {"buy": "field"} in duo(2, hands=[["soy"], []], coins=[3, 0]).legal_actions(0)
    assert {"buy": "field"} not in duo(2, hands=[["soy"], []], coins=[2, 0]).legal_actions(0)
    assert {"buy": "field"} not in duo(1, hands=[["soy"]], coins=[5]).legal_actions(0)


def test_no_swap_when_the_stock_gave_no_card() -> None:
    """The stock ran out in phase 3: phase 5 draws nothing, so there is no swap even with 5
    cards in hand, and the game's end comes at once."""
    s = duo(2, hands=[["soy"] * 5, []], phase="take", ending=True, rest="discard")
    assert s.stock == []
    assert told(s.apply(0, {"end": "taking"})) == [("game_end", {"coins": [0, 0]}, None)]
    assert s.phase == "over"


def test_the_reveal_stops_when_the_stock_runs_out() -> None:
    """Phase 3 reveals what is left of the stock (here 2 cards); the game then ends with this
    turn."""
    s = duo(2, hands=[["soy"], []], stock_top=["stink", "chili"], rest="discard", discard=[])
    s.discard = []
    s.apply(0, {"plant": "front", "field": 0})
    events = told(s.apply(0, {"end": "planting"}))
    assert events[0][1]["cards"] == ["chili", "stink"] and s.ending and s.stock == []


def test_an_own_steal_is_taken_after_phase_5_or_lapses() -> None:
    """A coin won by 5+ Make-up beans gives a steal after phase 5, from an opponent with a coin;
    with two steals she goes on stealing while she may; without a target the steal lapses."""
    s = duo(2, hands=[["soy"], []], phase="take", coins=[0, 2], steals=[2, 0],
            stock_top=["blue", "blue"])  # fmt: skip
    s.apply(0, {"end": "taking"})
    assert (s.phase, s.active, s.actors()) == ("steal", 0, frozenset({0}))
    assert s.legal_actions(0) == [{"steal": []}, {"steal": [1]}]
    s.apply(0, {"steal": [1]})
    assert (s.phase, s.steals) == ("steal", [1, 0])
    s.apply(0, {"steal": [1]})
    assert (s.phase, s.active, s.steals) == ("take", 1, [0, 0])  # her empty hand: phase 3
    t = duo(2, hands=[["soy"], []], phase="take", coins=[0, 0], steals=[1, 0],
            stock_top=["blue", "blue"])  # fmt: skip
    t.apply(0, {"end": "taking"})
    assert (t.active, t.steals) == (1, [0, 0])
    u = duo(2, hands=[["soy"], []], phase="take", coins=[0, 1], steals=[2, 0],
            stock_top=["blue", "blue"])  # fmt: skip
    u.apply(0, {"end": "taking"})
    u.apply(0, {"steal": [1]})  # her last coin: the second steal finds nothing
    assert (u.active, u.steals) == (1, [0, 0])


def test_solo_turns_follow_each_other() -> None:
    """Solo: after her turn comes her next turn."""
    s = duo(1, hands=[["soy"]], phase="take", stock_top=["blue", "blue"], turns=[4])
    assert told(s.apply(0, {"end": "taking"}))[-1] == ("turn", {"player": 0, "turn": 5}, None)
    assert (s.active, s.turns, s.phase) == (0, [5], "plant")


def test_a_resampled_state_answers_for_its_own_cards() -> None:
    """Resampling deals the active player's unseen hand anew (seen from the opponent): what
    the original had worked out for its moment is forgotten, so the resampled state lists the
    actions its own hand allows, as the same position read afresh does."""
    s = duo(2, hands=[["soy", "blue", "chili"], []], fields=[[["blue"], ["chili"]], [[], []]])
    assert s.legal_actions(0) == [
        {"discard_hand": 0}, {"discard_hand": 1}, {"discard_hand": 2}, {"harvest": 0},
        {"harvest": 1},
    ]  # fmt: skip
    for seed in range(8):
        r = s.resample(1, Rng(seed))
        assert r.legal_actions(0) == GAME.from_json(r.to_json()).legal_actions(0)
    assert any(s.resample(1, Rng(seed)).legal_actions(0) != s.legal_actions(0) for seed in range(8))


def test_a_final_steal_finds_no_coin_and_lapses() -> None:
    """The opponent, unprotected, has no coin after the final harvest: nothing to steal, the
    game is over at once."""
    s = duo(2, hands=[["blue"], ["green"]], fields=[[["makeup"] * 5, []], [["soy"], []]],
            phase="take", stock_top=["soy", "chili"], rest="discard")  # fmt: skip
    events = told(s.apply(0, {"end": "taking"}))
    assert events[-1] == ("game_end", {"coins": [1, 0]}, None)
    assert (s.phase, s.protected, s.steal_now, s.steals) == ("over", [0], [], [0, 0])


def test_a_hand_card_discarded_from_the_shown_front_is_told_with_its_place() -> None:
    """Phase 2's one hand card discarded (rules: "she may discard 1 card from anywhere in her
    hand"): it goes onto the discard pile, the event names the card, that it came from the hand
    and from where in it; taken from the front a swap showed, it leaves that count by one."""
    s = duo(2, hands=[["soy", "chili", "blue", "green"], []], shown=[3, 0])
    soy = s.hands[0][0]
    assert told(s.apply(0, {"discard_hand": 0})) == [
        ("discard", {"player": 0, "card": "soy", "from": "hand", "index": 0}, None)
    ]
    assert (s.shown, s.discard[-1], s.hand_discarded) == ([2, 0], soy, True)
    assert s.view(1)["shown"][0] == ["chili", "blue"]


def test_phase_2_counts_each_front_card_planted_up_to_three() -> None:
    """Up to 3 cards from the front in phase 2: each planting counts, so after the third the
    front card is no longer offered (a fourth would be refused)."""
    s = duo(2, hands=[["soy"] * 4, []])
    for n in (1, 2, 3):
        s.apply(0, {"plant": "front", "field": 0})
        assert s.planted == n
    assert not any(a.get("plant") == "front" for a in s.legal_actions(0))
    with pytest.raises(IllegalAction):
        s.apply(0, {"plant": "front", "field": 0})


def test_the_removed_cards_are_counted_once_for_every_view() -> None:
    """The count of the cards removed at the set-up is kept with the cards it was made of, so
    a bot reading a view at each decision does not count them again: the same count is read
    back while those cards stay, by the state and by its clones."""
    s = GAME.new_state(2, seed=3)
    first = s._removed_summary()
    assert s._removed_summary() is first
    assert s.clone()._removed_summary() is first
