"""Ladybohn's 3-5 player turn (``ladybohn/rules.py``) pinned where mutation testing (``make
mutate``) found it unchecked: whom the game waits for while a Make-up choice is open and in the
final steal, the reasons a refused Ladybohn move gives (the engine's English, which the
terminal shows beside the catalog's words), what the view shows of the fan step, the final
steal, the options and the private give-first marks, and positions read back. Rulings:
shared/rules/ladybohn.md; positions set up by hand (``ladybohn_positions``)."""

from __future__ import annotations

import json

import pytest
from ladybohn_positions import do, item, legal, load, load_game, position, same

from spieltisch import IllegalAction, Rng
from spieltisch.core.errors import RecordError

MAKEUP_NONE = {"makeup": "none"}


# -- whom the game waits for ----------------------------------------------------------------------


def test_a_make_up_choice_open_is_waited_for_beside_the_active_player():
    """ "3 or 4: the harvester may take a 3rd field at no cost": player 1 harvests 3 Make-up
    beans while player 0 plants; the game now waits for her choice as well as for player 0,
    and no longer once she has chosen. Player 2, with no choice open, is not waited for."""
    s = load(
        hands=[["soy", "blue"], [], []],
        fields=[[[], []], [["makeup"] * 3, []], [[], []]],
        planted=1,
    )
    assert s.waiting_for() == {0}
    do(s, 1, {"harvest": 0})
    assert s.waiting_for() == {0, 1}
    do(s, 1, MAKEUP_NONE)
    assert s.waiting_for() == {0}


def sheet_end_example():
    """The sheet's end example at the last trading of the game: Andrea (seat 0) holds 5 Make-up
    beans, Beate and Christa 1 each, Dora a soy field; coins 0, 2, 1, 1; the stock is out for
    the 3rd time."""
    return load(
        4,
        phase="trade",
        planted=1,
        ending=True,
        exhausted=3,
        hands=[[], [], [], []],
        fields=[[["makeup"] * 5, []], [["makeup"], []], [["makeup"], []], [["soy"], []]],
        coins=[0, 2, 1, 1],
        stock_top=[],
        rest="discard",
    )


def test_the_final_steal_waits_for_the_stealer_alone():
    """ "Final harvest: a player who harvests 5 or more Make-up beans in it takes the coin and
    steals at once, after all fields are harvested" (the sheet's example: Andrea 5, Beate 1,
    Christa 1, Dora 0): the game waits for Andrea's steal and nobody else's move."""
    s = sheet_end_example()
    do(s, 0, {"end": "trading"})
    assert s.to_json()["phase"] == "final-steal"
    assert s.waiting_for() == {0}
    assert s.actors() == {0}


# -- the reasons of a refusal ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "key", "reason"),
    [
        (
            {"swap": 0},
            "r.lb.swap",
            # "swap your whole hand for one of as many cards"
            "a hand is swapped only for a fan of as many cards (not during the fan step)",
        ),
        (
            {"steal": [1]},
            "r.lb.steal",
            # "1 coin from each of up to 3 other players ... cannot be chosen if ... she has no
            # coins, has a Make-up bean in any field, or was promised"
            "steal from up to 3 players with coins, no Make-up field and no promise",
        ),
        ({"makeup": "coin"}, "r.lb.makeup", "no Make-up harvest is waiting for your choice"),
        (
            {"rotate": 1},
            "r.lb.rotate",
            # "After every harvest the harvester may rotate one other own field"
            "right after a harvest you may rotate one other field of two or more beans",
        ),
        (
            {"give_first": 3},
            "r.lb.givefirst",
            "while trading, mark one of your cards (by its id) of a variety you hold as a Lady "
            "and a male, to be given first",
        ),
        (
            {"draft": "promise", "side": "sender", "holds": "next"},
            "r.lb.promise",
            'a promise in a draft: {"draft": "promise", "side": "sender" or "receiver", '
            '"holds": "next", "game" or "none"}, once the draft gives or wants a card',
        ),
    ],
)
def test_a_refused_ladybohn_move_says_the_rule_it_breaks(action, key, reason):
    """Player 0 plants (no fan of her hand's size, no steal owed, no Make-up harvest, no
    harvest just made, no trading): each Ladybohn move is refused with the rule it breaks, in
    the engine's words and under the catalog's key."""
    s = load(hands=[["soy"], [], []])
    before = s.to_json()
    with pytest.raises(IllegalAction) as refused:
        s.apply(0, action)
    assert str(refused.value) == reason
    assert refused.value.key == key
    assert s.to_json() == before


def test_an_open_make_up_choice_comes_before_any_other_move_of_hers():
    """The Make-up harvest's choice comes first: while hers is open, any other move of hers
    (a harvest, a swap, planting) is refused, and the refusal lists the choices she has."""
    s = load(
        hands=[["soy", "blue"], [], []],
        fields=[[[], []], [["makeup"] * 3, ["soy"]], [[], []]],
        planted=1,
    )
    do(s, 1, {"harvest": 0})
    before = s.to_json()
    for action in ({"harvest": 1}, {"swap": 0}, {"plant": "front", "field": 0}):
        with pytest.raises(IllegalAction) as refused:
            s.apply(1, action)
        assert str(refused.value) == (
            'first choose what your Make-up harvest brings: {"makeup": "field"} or '
            '{"makeup": "none"}'
        )
        assert refused.value.key == "r.lb.makeupfirst"
    assert s.to_json() == before


def test_the_first_seat_s_make_up_choice_comes_first_too():
    """The same for seat 0, the active player: her Make-up harvest's choice before her next
    planting."""
    s = load(hands=[["soy", "blue"], [], []], fields=[[["makeup"] * 3, []], [[], []], [[], []]])
    do(s, 0, {"harvest": 0})
    with pytest.raises(IllegalAction) as refused:
        s.apply(0, {"plant": "front", "field": 1})
    assert refused.value.key == "r.lb.makeupfirst"
    assert str(refused.value).startswith("first choose what your Make-up harvest brings: ")


# -- what the view shows --------------------------------------------------------------------------


def test_the_fan_choice_shows_the_card_both_fans_match():
    """ "When both fans match, the active player picks": the turned-up Blue male matches the
    top of either fan (a Blue male, a Blue Lady; a variety matches), and every view shows the
    card waiting and the turned-up cards still to meet the fans; the Chili matched neither and
    lies in the offer."""
    s = load(
        hands=[["soy"], [], []],
        fans=[["blue"] * 6, ["blue-lady"] + ["red"] * 3],
        stock_top=["blue", "chili"],
        planted=1,
    )
    events = do(s, 0, {"end": "planting"})
    # phase 2's two cards, told to everyone as they come off the stock (its last card first)
    assert [(e.type, e.data) for e in events] == [
        ("turn_up", {"player": 0, "cards": ["chili", "blue"]})
    ]
    assert s.to_json()["phase"] == "fan"
    for viewer in (0, 1, None):
        v = s.view(viewer)
        assert v["fan_card"] == "blue"
        assert v["turned"] == ["blue"]
    assert s.legal_actions(0) == [{"fan": 0}, {"fan": 1}]
    # she picks the 4-card fan: the Blue goes on top, its bottom Red is pushed into the offer
    events = do(s, 0, {"fan": 1})
    assert [(e.type, e.data) for e in events] == [
        ("fan", {"card": "blue", "fan": 1, "pushed": ["red"]})
    ]
    assert s.view(1)["fans"][1] == ["blue", "blue-lady", "red", "red"]
    assert "fan_card" not in load(hands=[["soy"], [], []]).view(0)


def test_the_final_steal_shows_the_stealer_and_who_is_protected():
    """The sheet's end example: the view names Andrea (seat 0) as the stealer, and Andrea,
    Beate and Christa as protected ("judged on the fields as they were just before")."""
    s = sheet_end_example()
    assert s.view(3)["stealer"] is None and s.view(3)["protected"] == []
    do(s, 0, {"end": "trading"})
    v = s.view(3)
    assert v["stealer"] == 0
    assert sorted(v["protected"]) == [0, 1, 2]


def test_the_view_shows_the_ratio_field_option_and_the_third_fields():
    """The option ``ratio_males_pay`` (the Ratio Field with only males: worthless, or paying) is
    shown to every player, and each player's 3rd field as a flag."""
    assert load(hands=[["soy"], [], []]).view(1)["ratio_males_pay"] is False
    s = load(
        hands=[["soy"], [], []],
        third=[None, "ratio", None],
        options={"ratio_males_pay": True},
    )
    v = s.view(2)
    assert v["ratio_males_pay"] is True
    assert v["third_field"] == [False, True, False]


def test_a_give_first_mark_and_the_hand_ids_are_shown_to_their_owner_only():
    """ "you choose which of your cards of a variety goes first (a Lady or a male)": the mark is
    private until the trade is carried out. Its owner sees her mark and her hand's card ids;
    another player sees only her own (none); a viewer who is no player sees neither."""
    game = load_game()
    p = position(game, hands=[["blue", "blue-lady"], ["soy"], []], phase="trade", planted=1)
    lady = p["hands"][0][1]
    p["give_first"] = [[lady], [], []]
    s = game.from_json(p)
    mine = s.view(0)
    assert mine["give_first"] == [lady] and mine["hand_ids"] == p["hands"][0]
    assert mine["hand"] == ["blue", "blue-lady"]  # her own hand, as the base game shows it
    theirs = s.view(1)
    assert theirs["give_first"] == [] and theirs["hand_ids"] == p["hands"][1]
    assert theirs["hand"] == ["soy"]
    for outsider in (None, -1):
        v = s.view(outsider)
        assert v["give_first"] is None and v["hand_ids"] is None


# -- positions read back --------------------------------------------------------------------------


def test_a_position_without_fan_step_final_or_marks_reads_them_as_empty():
    """A saved position from before the turned-up cards, the protected players and the
    give-first marks were kept reads them as none (nothing waiting to meet the fans, nobody
    protected, no marks)."""
    game = load_game()
    p = position(game, hands=[["soy"], [], []])
    for key in ("turned", "protected", "give_first"):
        p.pop(key, None)
    back = game.from_json(p).to_json()
    assert back["turned"] == [] and back["protected"] == []
    assert back["give_first"] == [[], [], []]


def test_a_position_keeps_its_turned_up_cards_protected_players_and_marks():
    """The fan step's waiting card, the final steal's protected players and a give-first mark
    survive a save and a load."""
    game = load_game()
    p = position(game, hands=[["blue", "blue-lady"], [], []], turned=["chili"], phase="fan")
    p["protected"] = [1, 2]
    p["give_first"] = [[p["hands"][0][1]], [], []]
    back = game.from_json(p).to_json()
    assert back["turned"] == p["turned"]
    assert back["protected"] == [1, 2]
    assert back["give_first"] == p["give_first"]


def test_a_position_with_marks_for_too_few_players_is_refused():
    """One list of give-first marks per player: a 3-player position with two is refused as a
    bad record, saying so."""
    game = load_game()
    p = position(game, hands=[["soy"], [], []])
    p["give_first"] = [[], []]
    with pytest.raises(RecordError, match=r": give_first needs one list of marks per player$"):
        game.from_json(p)


def test_a_position_that_names_no_table_size_is_refused_as_a_record():
    """A saved position says how many play (1-2: the sheet's own turn, 3-5: the base turn):
    one without is refused as a bad record, naming what it lacks, not as a crash."""
    game = load_game()
    p = position(game, hands=[["soy"], [], []])
    del p["players"]
    with pytest.raises(RecordError, match="players"):
        game.from_json(p)


def test_the_deal_without_a_seed_is_seed_0():
    """A table dealt without a seed is dealt as seed 0 (a record that names no seed replays),
    at 3-5 players as in the 2-player and solo game."""
    game = load_game()
    for players in (1, 2, 3, 4):
        assert game.new_state(players).to_json() == game.new_state(players, 0).to_json()
    assert game.new_state(3).to_json() != game.new_state(3, 1).to_json()


# -- the final steal and a search's resample ------------------------------------------------------


def test_the_final_steal_spares_a_player_promised_in_a_trade():
    """A player "cannot be chosen if, at that moment, she has no coins, has a Make-up bean in
    any field, or was promised in a trade that this stealer would not steal from her", in the
    final steal too: Andrea harvests 5 Make-up beans at the end; Beate had a Make-up bean, Dora
    was promised; only Christa (a coin, no Make-up bean) may be robbed."""
    s = load(
        4,
        phase="trade",
        planted=1,
        ending=True,
        exhausted=3,
        hands=[[], [], [], []],
        fields=[[["makeup"] * 5, []], [["makeup"], []], [[], []], [["soy"], []]],
        coins=[0, 2, 1, 1],
        stock_top=[],
        rest="discard",
        promises=[[0, 3, "next"]],
    )
    do(s, 0, {"end": "trading"})
    assert s.to_json()["phase"] == "final-steal"
    assert same(s.legal_actions(0), [{"steal": []}, {"steal": [2]}])
    assert s.steal_targets(0) == [2]
    assert all(s.legal_actions(p) == [] for p in (1, 2, 3)), "the others wait"
    # the steal ends the game: Andrea's Make-up coin and Christa's, Beate 2, Dora 1
    events = do(s, 0, {"steal": [2]})
    assert [(e.type, e.data) for e in events] == [
        ("steal", {"player": 0, "from": [2]}),
        ("game_end", {"coins": [2, 2, 0, 1]}),
    ]


def test_a_resample_keeps_only_the_searchers_own_give_first_marks():
    """The give-first marks are private ("offers still show only variety and count to others
    until the trade is carried out"): a search that deals the unseen cards anew for player 0
    keeps her mark and drops player 1's, which she cannot know; the table keeps both."""
    game = load_game()
    p = position(game, hands=[["blue", "blue-lady"], ["soy", "soy-lady"], []], phase="trade")
    p["give_first"] = [[p["hands"][0][1]], [p["hands"][1][1]], []]
    s = game.from_json(p)
    dealt = s.resample(0, Rng(3))
    assert dealt.give_first == [[p["hands"][0][1]], [], []]
    assert s.give_first == p["give_first"]


# -- phase 4 --------------------------------------------------------------------------------------


def test_phase_4_everyone_draws_one_card_from_the_active_player_clockwise():
    """ "Phase 4: each player, from the active player clockwise, draws 1 card": player 1 ends
    her trading; players 1, 2 and 0 draw in that order, each told to all as one card drawn
    and, to the drawer alone, which card it was."""
    s = load(
        hands=[[], [], []],
        phase="trade",
        planted=1,
        active=1,
        stock_top=["red", "soy", "chili", "green", "stink"],
    )
    events = do(s, 1, {"end": "trading"})
    drawn = [(e.type, e.data, e.visible_to) for e in events[1:7]]
    assert drawn == [
        ("draw", {"player": 1, "count": 1}, None),
        ("draw_cards", {"player": 1, "cards": ["stink"]}, {1}),
        ("draw", {"player": 2, "count": 1}, None),
        ("draw_cards", {"player": 2, "cards": ["green"]}, {2}),
        ("draw", {"player": 0, "count": 1}, None),
        ("draw_cards", {"player": 0, "cards": ["chili"]}, {0}),
    ]
    assert events[7].type == "turn" and events[7].data == {"player": 2}


# -- what a swap changes for others ---------------------------------------------------------------


def test_a_swap_by_a_player_with_an_open_offer_changes_what_its_receiver_may_do():
    """ "A player whose hand holds as many cards as a fan may swap her whole hand for it at any
    moment": player 1 offers player 0 a Soy Bean, then swaps her four cards for the 4-card fan
    of Reds. She no longer holds the Soy Bean: player 0 may no longer accept the offer, and
    what the table lists for player 0 is what a fresh reading of the position lists."""
    s = load(
        hands=[["chili"] * 4, ["soy", "soy", "blue", "blue"], ["green"]],
        phase="trade",
        planted=1,
        fans=[["garden"] * 6, ["red"] * 4],
    )
    do(s, 1, {"offer": {"to": 0, "give": [item("soy")], "want": []}})
    assert {"accept": 1} in legal(s, 0)  # asked (and kept) before the swap
    do(s, 1, {"swap": 1})
    assert s.view(1)["hand"] == ["red"] * 4
    assert {"accept": 1} not in legal(s, 0)
    fresh = load_game().from_json(json.loads(json.dumps(s.to_json())))
    for p in range(3):
        assert legal(s, p) == legal(fresh, p)


def test_while_the_active_player_steals_another_s_make_up_choice_is_hers_to_make():
    """ "The steal is carried out after phase 4 of the current turn if it is her own"; the
    others may still harvest meanwhile, and a Make-up harvest then asks its choice first:
    player 1 harvests 3 Make-up beans while player 0's steal waits, and her moves are the
    choice (a free 3rd field or nothing). A number that is no seat has no moves."""
    s = load(
        4,
        phase="trade",
        planted=1,
        third=["regular", None, None, None],
        fields=[[["makeup"] * 5, [], []], [["makeup"] * 3, []], [[], []], [[], []]],
        coins=[0, 2, 1, 0],
    )
    do(s, 0, {"harvest": 0})
    do(s, 0, {"end": "trading"})
    assert s.to_json()["phase"] == "steal"
    do(s, 1, {"harvest": 0})
    assert same(s.legal_actions(1), [{"makeup": "field"}, {"makeup": "none"}])
    assert s.legal_actions(4) == []
