"""The documented options of the mancala engine (``MancalaGame.OPTIONS``): the recorded Giuthi
variants, the match options, and option errors. Expected boards are worked out by hand.

Ring: player 0 owns pits 0..n-1, player 1 owns n..2n-1; ccw = +1, cw = -1; opposite i = 2n-1-i.
For n = 6 the opposite pairs are 0-11, 1-10, 2-9, 3-8, 4-7, 5-6.
"""

from __future__ import annotations

import json

import pytest
from mancala_positions import (
    ENDER,
    board,
    end_round,
    load,
    move,
    place,
)

import spieltisch
from spieltisch import IllegalAction, OptionError

# -- option errors -----------------------------------------------------------------------------


def test_unknown_option_is_an_option_error():
    with pytest.raises(OptionError):
        spieltisch.load_game("mancala", bogus=1)
    with pytest.raises(OptionError):
        spieltisch.load_game("mancala", round=3)  # the option is "rounds"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("chain", "three"),
        ("chain", 2),
        ("tie", "ignore"),
        ("round_end", "never"),
        ("next_starter", "oldest"),
        ("first_mover", "2"),
        ("first_mover", "random"),
        ("rounds", 0),
        ("rounds", 100),
        ("rounds", "many"),
        ("pits", 1),
        ("pits", 13),
        ("seeds", 0),
        ("elimination", "maybe"),
        ("skip_start", 3),
        ("capture_after_lap", "sometimes"),
        ("directions", "up"),
        ("preset", "oware"),
    ],
)
def test_bad_option_value_is_an_option_error(name, value):
    with pytest.raises(OptionError):
        spieltisch.load_game("mancala", **{name: value})


def test_option_errors_are_spieltisch_errors():
    assert issubclass(OptionError, spieltisch.core.errors.SpieltischError)


def test_options_given_as_command_line_text():
    game = spieltisch.load_game(
        "mancala", rounds="3", elimination="false", chain="one", skip_start="yes"
    )
    assert game.options["rounds"] == 3
    assert game.options["elimination"] is False
    assert game.options["chain"] == "one"
    assert game.options["skip_start"] is True


def test_defaults_are_the_rulings():
    o = spieltisch.load_game("mancala").options
    assert o["pits"] == 6 and o["seeds"] == 6
    assert o["rounds"] == 5
    assert o["first_mover"] == "lot"
    assert o["next_starter"] == "winner"
    assert o["elimination"] is True
    assert o["tie"] == "counts"
    assert o["chain"] == "two"
    assert o["capture_after_lap"] is False
    assert o["round_end"] == "either"
    assert o["skip_start"] is False
    assert o["directions"] == "both"


def test_rounds_option_sets_the_match_length():
    s = spieltisch.load_game("mancala", rounds=3).new_state(2, 0)
    assert s.to_json()["rounds"] == 3


# -- capture_after_lap -------------------------------------------------------------------------


def test_capture_after_lap_no_capture_within_the_own_row():
    # pit 0 (2) ccw -> 1, 2: pit 2 is own and empty, but the sowing never reached the
    # opponent's row: no capture, the move just ends
    s = load([2, 0, 0, 0, 0, 3, 6, 5, 4, 3, 2, 1], [23, 23], {"capture_after_lap": True})
    move(s, 0, 0, "ccw")
    assert board(s) == ([0, 1, 1, 0, 0, 3, 6, 5, 4, 3, 2, 1], [23, 23])
    assert s.to_json()["to_move"] == 1


def test_default_captures_within_the_own_row():
    s = load([2, 0, 0, 0, 0, 3, 6, 5, 4, 3, 2, 1], [23, 23])
    move(s, 0, 0, "ccw")
    assert board(s) == ([0, 1, 1, 0, 0, 3, 6, 0, 0, 0, 2, 1], [35, 23])


@pytest.mark.parametrize("after_lap", [True, False])
def test_capture_after_an_earlier_lap_reached_the_opponent(after_lap):
    # pit 5 (2) ccw -> 6, 7 (the opponent's row); pit 7 held 1: relay cw with 2 -> 6, 5; pit 5
    # was emptied: capture 6 (2); chain cw: 4, 3 empty -> capture 7, 8 (empty)
    s = load([3, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 4], [31, 31], {"capture_after_lap": after_lap})
    move(s, 0, 5, "ccw")
    assert board(s) == ([3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 4], [33, 31])


def test_capture_after_lap_full_lap_reaches_the_opponent():
    # pit 0 (12) ccw: a full lap through the opponent's row, the last bean in the emptied pit 0:
    # capture 11 (3)
    s = load([12, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 2], [25, 25], {"capture_after_lap": True})
    move(s, 0, 0, "ccw")
    assert board(s) == ([1, 1, 1, 5, 1, 1, 1, 1, 5, 1, 1, 0], [28, 25])


# -- round_end=both ----------------------------------------------------------------------------


def test_round_end_both_opponent_without_a_move_passes():
    # pit 0 (2) ccw -> 1, 2: capture 9 (4), chain 8 (3), 7 (1): 20 + 8 = 28; player 1 has only
    # singles. With 'either' the round would end; with 'both' player 1 passes.
    s = load([2, 0, 0, 0, 0, 3, 1, 1, 3, 4, 1, 1], [20, 36], {"round_end": "both"})
    events = move(s, 0, 0, "ccw")
    assert board(s) == ([0, 1, 1, 0, 0, 3, 1, 0, 0, 0, 1, 1], [28, 36])
    j = s.to_json()
    assert j["phase"] == "play"
    assert j["to_move"] == 0
    assert s.actors() == frozenset({0})
    assert s.legal_actions(1) == []
    assert any(e.type == "pass" for e in events)
    # player 0 moves again: pit 5 (3) ccw -> 6 (2), 7, 8; pit 8 was an empty opponent pit.
    # Now player 0 has singles only, player 1 has pit 6: player 1 moves
    move(s, 0, 5, "ccw")
    assert board(s) == ([0, 1, 1, 0, 0, 0, 2, 1, 1, 0, 1, 1], [28, 36])
    assert s.to_json()["phase"] == "play"
    assert s.actors() == frozenset({1})


def test_round_end_either_is_the_default_for_the_same_position():
    s = load([2, 0, 0, 0, 0, 3, 1, 1, 3, 4, 1, 1], [20, 36])
    move(s, 0, 0, "ccw")
    assert s.to_json()["stores"] == [33, 39]
    assert s.to_json()["phase"] == "arrange"


def test_round_end_both_ends_when_both_have_only_singles():
    s = load(ENDER, [34, 34], {"round_end": "both"})
    move(s, 0, 0, "ccw")
    # player 0 has singles only, player 1 still has pit 11: the round goes on
    assert board(s) == ([0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2], [34, 34])
    assert s.actors() == frozenset({1})
    # pit 11 (2) cw -> 10, 9; pit 9 own empty: capture 2 (1), chain 8 -> 3 (0), 7 -> 4 (0).
    # Both have singles only: the round ends. Sweep: 34 + 1 = 35, 35 + 2 = 37
    move(s, 1, 11, "cw")
    j = s.to_json()
    assert j["stores"] == [35, 37]
    assert j["phase"] == "arrange"
    assert j["arranger"] == 0
    assert len(j["pits"]) == 10
    assert j["to_move"] == 1


# -- chain ---------------------------------------------------------------------------------------

# pit 5 (7) ccw -> 6..11 (each +1), 0; pit 0 own empty: capture 11 (2); then ccw pits 1, 2, 3
# are empty (opposites 10, 9, 8 hold 2 each) and pit 4 holds 3
RUN = [0, 0, 0, 0, 3, 7, 2, 1, 1, 1, 1, 1]


@pytest.mark.parametrize(
    ("chain", "pits", "store"),
    [
        ("one", [1, 0, 0, 0, 3, 0, 3, 2, 2, 2, 0, 0], 31),
        ("two", [1, 0, 0, 0, 3, 0, 3, 2, 2, 0, 0, 0], 33),
        ("all", [1, 0, 0, 0, 3, 0, 3, 2, 0, 0, 0, 0], 35),
    ],
)
def test_chain_reach(chain, pits, store):
    s = load(RUN, [27, 28], {"chain": chain})
    move(s, 0, 5, "ccw")
    assert board(s) == (pits, [store, 28])


@pytest.mark.parametrize(
    ("chain", "pits", "store"),
    [
        ("one", [0, 1, 1, 1, 0, 3, 6, 5, 4, 0, 2, 1], 25),
        ("two", [0, 1, 1, 1, 0, 3, 6, 0, 4, 0, 2, 1], 30),
        ("all", [0, 1, 1, 1, 0, 3, 6, 5, 4, 0, 2, 1], 25),
    ],
)
def test_chain_with_a_filled_first_pit(chain, pits, store):
    # pit 0 (2) ccw -> 1, 2: capture 9 (3); pit 3 holds 1, pit 4 is empty (opposite 7 holds 5).
    # 'two' checks 4 on its own; 'one' looks only at 3; 'all' stops the run at 3
    s = load([2, 0, 0, 1, 0, 3, 6, 5, 4, 3, 2, 1], [22, 23], {"chain": chain})
    move(s, 0, 0, "ccw")
    assert board(s) == (pits, [store, 23])


def test_chain_all_stops_at_the_row_end():
    # pit 1 (2) ccw -> 2, 3: capture 8 (4); ccw pits 4, 5 empty -> 7 (5), 6 (6); then the row
    # ends: nothing of player 1's pits is checked
    s = load([3, 2, 0, 0, 0, 0, 6, 5, 4, 3, 0, 0], [24, 25], {"chain": "all"})
    move(s, 0, 1, "ccw")
    assert board(s) == ([3, 0, 1, 1, 0, 0, 0, 0, 0, 3, 0, 0], [39, 25])


# -- skip_start --------------------------------------------------------------------------------


def test_skip_start_passes_over_the_emptied_pit():
    # pit 0 (12) ccw: 1..11 one each, pit 0 skipped, the 12th to pit 1 (2) -> relay cw with 2:
    # 0 (1), 11 (2) -> relay ccw with 2: 0 (2), 1 (emptied: 1) -> own empty: capture 10 (1);
    # chain ccw: pits 2, 3 hold 1
    s = load([12, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], [28, 29], {"skip_start": True})
    move(s, 0, 0, "ccw")
    assert board(s) == ([2, 1, 1, 1, 1, 1, 4, 1, 1, 1, 0, 0], [29, 29])


def test_without_skip_start_the_same_move_ends_the_round():
    # pit 0 (12) ccw: 1..11 one each, the 12th into pit 0: own empty, capture 11 (1); player 0
    # keeps singles only: the round ends. 28 + 1 + 6 = 35; 29 + 4 + 4 = 37
    s = load([12, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], [28, 29])
    move(s, 0, 0, "ccw")
    j = s.to_json()
    assert j["stores"] == [35, 37]
    assert j["phase"] == "arrange" and j["arranger"] == 0


def test_skip_start_short_sowing_is_unchanged():
    s = load([5, 0, 0, 0, 2, 0, 0, 0, 3, 3, 3, 3], [26, 27], {"skip_start": True})
    move(s, 0, 4, "cw")
    assert board(s) == ([5, 0, 1, 1, 0, 0, 0, 0, 3, 0, 0, 3], [32, 27])


# -- directions --------------------------------------------------------------------------------


def test_directions_option_limits_the_choice():
    s = load([2, 1, 0, 3, 1, 1, 6, 5, 4, 3, 2, 1], [21, 22], {"directions": "ccw"})
    assert {(a["pit"], a["direction"]) for a in s.legal_actions(0)} == {(0, "ccw"), (3, "ccw")}
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction):
        s.apply(0, {"pit": 0, "direction": "cw"})
    assert json.dumps(s.to_json(), sort_keys=True) == before


# -- who moves first ---------------------------------------------------------------------------


@pytest.mark.parametrize("first", ["0", "1"])
def test_first_mover_chosen_by_the_table(first):
    game = spieltisch.load_game("mancala", first_mover=first)
    for seed in range(20):
        s = game.new_state(2, seed)
        assert s.to_json()["to_move"] == int(first)
        assert s.to_json()["first_mover"] == int(first)
        assert s.actors() == frozenset({int(first)})


@pytest.mark.parametrize(
    ("next_starter", "first_mover", "expected"),
    [
        ("winner", 0, 1),
        ("winner", 1, 1),
        ("loser", 0, 0),
        ("loser", 1, 0),
        ("alternate", 0, 1),
        ("alternate", 1, 0),
    ],
)
def test_next_starter(next_starter, first_mover, expected):
    # 30 + 2 : 38 + 2 -> player 0 loses the round, player 1 wins it
    s, _ = end_round([30, 38], {"next_starter": next_starter}, first_mover=first_mover)
    j = s.to_json()
    assert j["arranger"] == 0
    assert j["to_move"] == expected and j["first_mover"] == expected
    for _ in range(4):
        place(s, 0, 1)
    assert s.actors() == frozenset({expected})
    assert s.to_json()["first_mover"] == expected


# -- ties --------------------------------------------------------------------------------------


@pytest.mark.parametrize("first_mover", [0, 1])
def test_tie_replay_does_not_count(first_mover):
    s, _ = end_round([34, 34], {"tie": "replay"}, first_mover=first_mover, round_no=2)
    j = s.to_json()
    assert j["round"] == 2
    assert j["phase"] == "play"
    assert j["pits"] == [6] * 12 and j["stores"] == [0, 0]
    assert j["to_move"] == 1 - first_mover
    assert j["first_mover"] == 1 - first_mover


def test_tie_replay_in_the_last_round_plays_it_again():
    s, _ = end_round([34, 34], {"tie": "replay"}, round_no=5, rounds=5)
    j = s.to_json()
    assert j["phase"] == "play"
    assert j["round"] == 5
    assert j["result"] is None
    assert not s.is_terminal()


def test_tie_counts_in_the_last_round_is_a_draw():
    s, _ = end_round([34, 34], {"tie": "counts"}, round_no=5, rounds=5)
    assert s.to_json()["result"] == "draw"
    assert s.result().ranks == (1, 1)


# -- elimination -------------------------------------------------------------------------------


def test_elimination_off_loser_plays_on_and_the_round_ends_at_once():
    # loser 2 beans -> a 2x2 board; not out: the only arrangement is 1, 1; the copy leaves
    # nobody a pit of 2, so round 2 ends at once (2 : 70) and counts; the last round decides
    s, _ = end_round([0, 68], {"elimination": False}, rounds=3)
    j = s.to_json()
    assert j["stores"] == [2, 70]
    assert j["phase"] == "arrange"
    assert j["round"] == 2
    assert j["arranger"] == 0
    assert j["pits"] == [0, 0, 0, 0]
    assert [a["place"] for a in s.legal_actions(0)] == [1]
    place(s, 0, 1)
    j = s.to_json()
    assert j["stores"] == [2, 70]
    assert j["phase"] == "arrange"
    assert j["round"] == 3
    place(s, 0, 1)
    j = s.to_json()
    assert j["phase"] == "over"
    assert j["result"] == 1
    assert s.result().ranks == (2, 1)


def test_elimination_on_loser_with_two_beans_is_out():
    s, _ = end_round([0, 68], {"elimination": True}, rounds=3)
    j = s.to_json()
    assert j["phase"] == "over"
    assert j["result"] == 1
    assert j["round"] == 1


def test_elimination_off_in_the_last_round_still_ends_by_beans():
    s, _ = end_round([0, 68], {"elimination": False}, round_no=5, rounds=5)
    assert s.to_json()["result"] == 1
