"""The rulings of sheet 003 (``rules/mancala.md``), one by one, on hand-made positions.

Every expected board here was worked out by hand from the rulings, not by running the engine.
Ring: player 0 owns pits 0..n-1, player 1 owns n..2n-1; ccw = +1, cw = -1; opposite i = 2n-1-i.
For n = 6 the opposite pairs are 0-11, 1-10, 2-9, 3-8, 4-7, 5-6.
"""

from __future__ import annotations

import json

import pytest
from mancala_positions import (
    TOTAL,
    beans,
    board,
    end_round,
    event_of,
    load,
    move,
    place,
    position,
    refused,
)

import spieltisch
from spieltisch.games.mancala import sowing

RULINGS_EXAMPLE = {
    "game": "mancala",
    "phase": "play",
    "pits": [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
    "stores": [0, 0],
    "to_move": 0,
    "first_mover": 0,
    "arranger": None,
    "round": 1,
    "rounds": 5,
    "result": None,
}


# -- the board ---------------------------------------------------------------------------------


def test_new_state_is_two_rows_of_six_with_six_beans_and_empty_stores():
    s = spieltisch.load_game("mancala").new_state(2, 7)
    j = s.to_json()
    assert j["pits"] == [6] * 12
    assert j["stores"] == [0, 0]
    assert j["phase"] == "play"
    assert j["round"] == 1 and j["rounds"] == 5
    assert j["arranger"] is None and j["result"] is None
    assert j["first_mover"] == j["to_move"]
    assert s.actors() == frozenset({j["to_move"]})
    assert beans(s) == TOTAL


# -- legal moves -------------------------------------------------------------------------------


def test_a_single_bean_may_not_be_taken_up():
    s = load([1, 3, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3])
    for direction in ("cw", "ccw"):
        refused(s, 0, {"pit": 0, "direction": direction})


def test_an_empty_pit_may_not_be_taken_up():
    s = load([1, 3, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3])
    refused(s, 0, {"pit": 2, "direction": "ccw"})


def test_the_opponents_pit_is_refused():
    s = load([1, 3, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3], to_move=0)
    for pit in range(6, 12):
        refused(s, 0, {"pit": pit, "direction": "ccw"})
        refused(s, 0, {"pit": pit, "direction": "cw"})
    # and the opponent may not move out of turn, not even their own pit
    refused(s, 1, {"pit": 7, "direction": "cw"})


def test_a_bad_direction_is_refused():
    s = load([1, 3, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3])
    refused(s, 0, {"pit": 1, "direction": "left"})


@pytest.mark.parametrize("pit", [True, 1.0, "1", None])
def test_a_pit_that_is_not_a_ring_index_is_refused(pit):
    # the action format: {"pit": i, ...} with i the ring index (a whole number)
    s = load([1, 3, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3])
    refused(s, 0, {"pit": pit, "direction": "ccw"})


def test_legal_actions_are_every_pit_of_two_or_more_in_both_directions():
    s = load([2, 1, 0, 3, 1, 1, 6, 5, 4, 3, 2, 1], to_move=0)
    got = {(a["pit"], a["direction"]) for a in s.legal_actions(0)}
    assert got == {(0, "cw"), (0, "ccw"), (3, "cw"), (3, "ccw")}
    assert len(s.legal_actions(0)) == 4
    assert s.legal_actions(1) == []
    assert s.actors() == frozenset({0})


def test_legal_actions_of_player_one():
    s = load([2, 1, 0, 3, 1, 1, 6, 1, 0, 2, 1, 1], to_move=1)
    got = {(a["pit"], a["direction"]) for a in s.legal_actions(1)}
    assert got == {(6, "cw"), (6, "ccw"), (9, "cw"), (9, "ccw")}
    assert s.legal_actions(0) == []
    assert s.actors() == frozenset({1})


# -- sowing ------------------------------------------------------------------------------------


def test_direction_is_chosen_per_move_ccw_ends_in_empty_opponent_pit():
    # pit 4 (2) ccw: pits 5, 6; pit 6 was an empty opponent pit: the move ends
    s = load([5, 0, 0, 0, 2, 0, 0, 0, 3, 3, 3, 3], [26, 27])
    move(s, 0, 4, "ccw")
    assert board(s) == ([5, 0, 0, 0, 0, 1, 1, 0, 3, 3, 3, 3], [26, 27])
    assert s.to_json()["to_move"] == 1
    assert s.actors() == frozenset({1})


def test_direction_is_chosen_per_move_cw_from_the_same_position():
    # pit 4 (2) cw: pits 3, 2; pit 2 was an own empty pit: capture 9 (3); chain cw: pit 1 is
    # empty -> capture 10 (3); pit 0 holds 5 -> nothing
    s = load([5, 0, 0, 0, 2, 0, 0, 0, 3, 3, 3, 3], [26, 27])
    move(s, 0, 4, "cw")
    assert board(s) == ([5, 0, 1, 1, 0, 0, 0, 0, 3, 0, 0, 3], [32, 27])
    assert s.to_json()["to_move"] == 1


def test_player_one_sows_into_player_zeros_row_and_stops_in_an_empty_pit():
    # pit 6 (2) cw: pits 5, 4; pit 4 is an empty pit of the opponent
    s = load([3, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3], [32, 32], to_move=1)
    move(s, 1, 6, "cw")
    assert board(s) == ([3, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 3], [32, 32])
    assert s.to_json()["to_move"] == 0


def test_sowing_wraps_from_pit_zero_to_the_last_pit_going_cw():
    # pit 1 (3) cw: pits 0, 11, 10; pit 10 empty opponent pit -> the move ends
    s = load([4, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], [31, 31])
    move(s, 0, 1, "cw")
    assert board(s) == ([5, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1, 1], [31, 31])


def test_sowing_wraps_from_the_last_pit_to_pit_zero_going_ccw():
    # player 1: pit 11 (2) ccw: pits 0, 1; pit 1 is an empty pit of the opponent
    s = load([0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 2], [32, 33], to_move=1)
    move(s, 1, 11, "ccw")
    assert board(s) == ([1, 1, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0], [32, 33])


def test_a_full_lap_does_not_skip_the_emptied_start_pit():
    # pit 0 (12) ccw: pits 1..11 one each, the 12th bean falls into pit 0 itself, which was
    # emptied: an own empty pit -> capture 11 (2+1 = 3); chain ccw: pits 1, 2 hold 1 -> nothing
    s = load([12, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 2], [25, 25])
    move(s, 0, 0, "ccw")
    assert board(s) == ([1, 1, 1, 5, 1, 1, 1, 1, 5, 1, 1, 0], [28, 25])
    assert s.to_json()["to_move"] == 1


def test_more_than_a_lap_then_relay():
    # pit 0 (13) ccw: every pit gets one (pit 0 too), the 13th goes to pit 1 (now 2) -> relay
    # cw with 2: pits 0 (2), 11 (2) -> relay ccw with 2: pits 0 (3), 1 (was emptied: 1) ->
    # own empty pit: capture 10 (1); chain ccw: pits 2, 3 hold 1 -> nothing
    s = load([13, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0], [28, 29])
    move(s, 0, 0, "ccw")
    assert board(s) == ([3, 1, 1, 1, 1, 1, 3, 1, 1, 1, 0, 0], [29, 29])


def test_relay_sowing_reverses_direction_every_lap():
    # lap 1: pit 2 (2) ccw -> 3, 4; pit 4 held 2 (now 3): relay
    # lap 2: pit 4 (3) cw -> 3, 2, 1; pit 1 held 1 (now 2): relay
    # lap 3: pit 1 (2) ccw -> 2, 3; pit 3 held 2 (now 3): relay
    # lap 4: pit 3 (3) cw -> 2, 1, 0; pit 0 was empty: capture 11 (4); chain cw leaves the row
    s = load([0, 1, 2, 0, 2, 0, 3, 0, 0, 0, 0, 4], [30, 30])
    events = move(s, 0, 2, "ccw")
    assert board(s) == ([1, 1, 3, 0, 0, 0, 3, 0, 0, 0, 0, 0], [34, 30])
    laps = event_of(events, "move").data["laps"]
    assert [(lap["from"], lap["direction"]) for lap in laps] == [
        (2, "ccw"),
        (4, "cw"),
        (1, "ccw"),
        (3, "cw"),
    ]


def test_relay_from_a_filled_opponent_pit():
    # pit 5 (2) ccw -> 6, 7; pit 7 held 1: relay cw with 2 -> 6, 5; pit 5 was emptied: capture
    # 6 (2); chain cw: pits 4, 3 empty -> capture 7, 8 (both empty)
    s = load([3, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 4], [31, 31])
    move(s, 0, 5, "ccw")
    assert board(s) == ([3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 4], [33, 31])


# -- captures ----------------------------------------------------------------------------------


def test_capture_takes_the_opposite_pit_and_both_chain_pits():
    # pit 0 (2) ccw -> 1, 2; pit 2 own empty: capture 9 (3); chain ccw: 3 empty -> 8 (4);
    # 4 empty -> 7 (5); the landing bean stays in pit 2
    s = load([2, 0, 0, 0, 0, 3, 6, 5, 4, 3, 2, 1], [23, 23])
    move(s, 0, 0, "ccw")
    assert board(s) == ([0, 1, 1, 0, 0, 3, 6, 0, 0, 0, 2, 1], [35, 23])


def test_second_chain_pit_counts_even_if_the_first_is_not_empty():
    # as above, but pit 3 holds a bean: 8 stays, 7 (opposite of the empty pit 4) is captured
    s = load([2, 0, 0, 1, 0, 3, 6, 5, 4, 3, 2, 1], [22, 23])
    move(s, 0, 0, "ccw")
    assert board(s) == ([0, 1, 1, 1, 0, 3, 6, 0, 4, 0, 2, 1], [30, 23])


def test_chain_works_when_the_first_opposite_pit_is_empty():
    # pit 5 (2) cw -> 4, 3; pit 3 own empty: its opposite 8 is empty (nothing); chain cw:
    # pit 2 empty -> 9 (3); pit 1 empty -> 10 (5)
    s = load([3, 0, 0, 0, 0, 2, 1, 2, 0, 3, 5, 6], [25, 25])
    move(s, 0, 5, "cw")
    assert board(s) == ([3, 0, 0, 1, 1, 0, 1, 2, 0, 0, 0, 6], [33, 25])


def test_chain_stops_at_the_row_end_for_player_zero():
    # pit 2 (2) ccw -> 3, 4; pit 4 own empty: capture 7 (4); chain ccw: pit 5 holds 2 ->
    # nothing; the next pit, 6, is the opponent's: the chain stops (pit 6 is empty, its
    # opposite pit 5 must not be taken)
    s = load([3, 0, 2, 0, 0, 2, 0, 4, 0, 0, 3, 0], [29, 29])
    move(s, 0, 2, "ccw")
    assert board(s) == ([3, 0, 0, 1, 1, 2, 0, 0, 0, 0, 3, 0], [33, 29])


def test_chain_stops_at_the_row_end_for_player_one():
    # player 1: pit 8 (2) ccw -> 9, 10; pit 10 own empty: capture 1 (3); chain ccw: pit 11
    # empty -> capture 0 (4); then the row ends (no wrap to pit 0)
    s = load([4, 3, 2, 2, 0, 0, 3, 0, 2, 0, 0, 0], [28, 28], to_move=1)
    move(s, 1, 8, "ccw")
    assert board(s) == ([0, 0, 2, 2, 0, 0, 3, 0, 0, 1, 1, 0], [28, 35])
    assert s.to_json()["to_move"] == 0


def test_chain_never_wraps_into_the_opponents_row():
    # player 1: pit 8 (2) ccw -> 9, 10; capture 1 (3); pit 11 holds 2 -> nothing; the ring
    # would go on to pit 0 (empty, opposite 11), but that is the opponent's row
    s = load([0, 3, 2, 2, 0, 0, 3, 0, 2, 0, 0, 2], [29, 29], to_move=1)
    move(s, 1, 8, "ccw")
    assert board(s) == ([0, 0, 2, 2, 0, 0, 3, 0, 0, 1, 1, 2], [29, 32])


def test_capture_at_the_row_start_going_cw_has_no_chain():
    # player 1: pit 8 (2) cw -> 7, 6; pit 6 own empty: capture 5 (3); the next pit cw, 5,
    # belongs to the opponent: no chain (pit 4 stays)
    s = load([3, 0, 0, 0, 2, 3, 0, 0, 2, 0, 3, 0], [29, 30], to_move=1)
    move(s, 1, 8, "cw")
    assert board(s) == ([3, 0, 0, 0, 2, 0, 1, 1, 0, 0, 3, 0], [29, 33])


# -- the loop guard ----------------------------------------------------------------------------

# On a 2x2 board (ring 0..3, player 0 owns 0 and 1), pit 0 (2) ccw relays forever:
#   [2,4,8,4] pit 0 ccw -> [0,5,9,4] land 2 -> relay cw (9: two laps + 1) -> [2,8,2,6] land 1
#   -> relay ccw (8: two laps, last bean in the emptied start pit 1) -> [4,2,4,8] land 1
#   -> relay cw (2) -> [5,0,4,9] land 3 -> relay ccw (9) -> [8,2,6,2] land 0
#   -> relay cw (8: two laps, last in pit 0) -> [2,4,8,4] land 0, relay ccw from pit 0:
#   the board, pit and direction the move started with.
LOOP = [2, 4, 8, 4]


def test_loop_guard_ends_the_move_without_capture():
    s = load(LOOP, [27, 27])
    move(s, 0, 0, "ccw")
    j = s.to_json()
    assert j["stores"] == [27, 27], "a guarded move captures nothing"
    assert j["phase"] == "play"
    assert j["to_move"] == 1
    assert sum(j["pits"]) == 18


def test_loop_guard_ends_where_the_chain_returns_to_its_start():
    # ruling 4: the chain returns, after six laps, to the board [2,4,8,4], pit 0 and
    # direction ccw that it already had when the move began: the move ends at once there
    s = load(LOOP, [27, 27])
    move(s, 0, 0, "ccw")
    assert board(s) == (LOOP, [27, 27])


def test_loop_guard_in_sowing_play_move():
    # found by a search of small boards: player 1 on a 2x3 board cycles
    pits, stores = [0, 1, 0, 2, 3, 5], [0, 0]
    out = sowing.play_move(pits, stores, 1, 4, sowing.CCW, sowing.SowingRules())
    assert out.end == sowing.END_GUARD
    assert out.captures == []
    assert stores == [0, 0]
    assert sum(pits) == 11
    assert not out.again


# -- end of a round ----------------------------------------------------------------------------


def test_round_ends_when_the_mover_has_only_singles():
    # pit 0 (2) ccw -> 1, 2: capture 9 (4), chain 8 (3), 7 (0): store 0 = 30 + 7 = 37; player 0
    # is left with [0,1,1,0,0,0]: the round ends. Sweep: 37 + 2 = 39, 22 + 5 + 6 = 33.
    s = load([2, 0, 0, 0, 0, 0, 0, 0, 3, 4, 5, 6], [30, 22], to_move=0)
    events = move(s, 0, 0, "ccw")
    j = s.to_json()
    assert j["stores"] == [39, 33]
    assert event_of(events, "round_end").data["beans"] == [39, 33]
    # the loser (33 < 36) arranges on a 2x5 board; the winner moves first
    assert j["phase"] == "arrange"
    assert j["arranger"] == 1
    assert j["pits"] == [0] * 10
    assert j["to_move"] == 0 and j["first_mover"] == 0
    assert j["round"] == 2
    assert s.actors() == frozenset({1})


def test_round_ends_when_the_opponent_has_only_singles():
    # pit 0 (2) ccw -> 1, 2: capture 9 (4), chain 8 (3), 7 (1) -> store 0 = 28; player 1 keeps
    # only singles (6, 10, 11): the round ends. Sweep: 28 + 5 = 33; 36 + 3 = 39.
    s = load([2, 0, 0, 0, 0, 3, 1, 1, 3, 4, 1, 1], [20, 36], to_move=0)
    move(s, 0, 0, "ccw")
    j = s.to_json()
    assert j["stores"] == [33, 39]
    assert j["phase"] == "arrange"
    assert j["arranger"] == 0
    assert j["pits"] == [0] * 10
    assert j["to_move"] == 1 and j["first_mover"] == 1
    assert s.actors() == frozenset({0})
    assert s.legal_actions(1) == []


def test_round_ends_when_player_one_moves_and_runs_out():
    # player 1: pit 11 (2) cw -> 10, 9; pit 9 own empty: capture 2 (3), chain 8 -> 3 (3),
    # 7 -> 4 (3); player 0 has nothing left, player 1 singles only: 61 + 9 + 2 = 72 and 0
    s = load([0, 0, 3, 3, 3, 0, 0, 0, 0, 0, 0, 2], [0, 61], to_move=1)
    move(s, 1, 11, "cw")
    j = s.to_json()
    assert j["stores"] == [0, 72]
    # 0 beans cannot give any pit two beans: player 0 is out
    assert j["phase"] == "over"
    assert j["result"] == 1
    assert s.is_terminal()
    assert s.actors() == frozenset()


def test_the_sweep_puts_each_players_pits_into_their_own_store():
    s, _ = end_round([30, 38])
    assert s.to_json()["stores"] == [32, 40]


def test_beans_add_up_to_72_after_a_round():
    s, _ = end_round([30, 38])
    assert beans(s) == TOTAL


# -- arranging ---------------------------------------------------------------------------------


def arrange_position(stores, arranger, n, to_move, round_no=2):
    return position(
        [0] * (2 * n),
        stores,
        phase="arrange",
        arranger=arranger,
        to_move=to_move,
        round_no=round_no,
    )


def test_arranging_limits_last_pit_copy_and_surplus():
    game = spieltisch.load_game("mancala")
    s = game.from_json(arrange_position([39, 33], arranger=1, n=5, to_move=0))
    assert s.actors() == frozenset({1})
    assert s.legal_actions(0) == []
    assert [a["place"] for a in s.legal_actions(1)] == list(range(1, 30))  # 33 - 4
    refused(s, 1, {"place": 30})
    refused(s, 1, {"place": 0})
    refused(s, 0, {"place": 1})
    refused(s, 1, {"pit": 5, "direction": "cw"})

    place(s, 1, 10)
    assert board(s) == ([0, 0, 0, 0, 0, 10, 0, 0, 0, 0], [39, 23])
    assert s.to_json()["phase"] == "arrange"
    assert [a["place"] for a in s.legal_actions(1)] == list(range(1, 21))  # 23 - 3
    place(s, 1, 20)
    assert [a["place"] for a in s.legal_actions(1)] == [1]  # 3 - 2
    place(s, 1, 1)
    assert [a["place"] for a in s.legal_actions(1)] == [1]  # 2 - 1
    place(s, 1, 1)  # the last pit takes the remaining 1 with no action
    j = s.to_json()
    # the copy: pit 9-i gets what pit i holds; the winner banks 39 - 33 = 6
    assert j["pits"] == [1, 1, 1, 20, 10, 10, 20, 1, 1, 1]
    assert j["stores"] == [6, 0]
    assert j["phase"] == "play"
    assert j["arranger"] is None
    assert j["to_move"] == 0
    assert s.actors() == frozenset({0})


@pytest.mark.parametrize("k", [2.0, True, "2", None])
def test_a_place_that_is_not_a_whole_number_is_refused(k):
    game = spieltisch.load_game("mancala")
    s = game.from_json(arrange_position([39, 33], arranger=1, n=5, to_move=0))
    refused(s, 1, {"place": k})


def test_arranging_by_player_zero():
    game = spieltisch.load_game("mancala")
    s = game.from_json(arrange_position([32, 40], arranger=0, n=5, to_move=1))
    assert [a["place"] for a in s.legal_actions(0)] == list(range(1, 29))  # 32 - 4
    place(s, 0, 3)
    assert board(s) == ([3, 0, 0, 0, 0, 0, 0, 0, 0, 0], [29, 40])
    assert [a["place"] for a in s.legal_actions(0)] == list(range(1, 27))  # 29 - 3
    place(s, 0, 5)
    assert [a["place"] for a in s.legal_actions(0)] == list(range(1, 23))  # 24 - 2
    place(s, 0, 1)
    assert [a["place"] for a in s.legal_actions(0)] == list(range(1, 23))  # 23 - 1
    place(s, 0, 20)  # pit 4 takes the remaining 3
    assert board(s) == ([3, 5, 1, 20, 3, 3, 20, 1, 5, 3], [0, 8])
    assert s.to_json()["to_move"] == 1
    assert s.actors() == frozenset({1})


def test_arranging_a_two_by_two_board_takes_one_action():
    game = spieltisch.load_game("mancala")
    s = game.from_json(arrange_position([4, 68], arranger=0, n=2, to_move=1))
    assert [a["place"] for a in s.legal_actions(0)] == [1, 2, 3]
    place(s, 0, 3)
    assert board(s) == ([3, 1, 1, 3], [0, 64])
    assert s.to_json()["phase"] == "play"
    assert s.actors() == frozenset({1})


def test_arranging_continues_from_a_position_in_progress():
    game = spieltisch.load_game("mancala")
    p = arrange_position([40, 32], arranger=1, n=5, to_move=0)
    p["pits"] = [0, 0, 0, 0, 0, 4, 6, 0, 0, 0]
    p["stores"] = [40, 32 - 10]
    s = game.from_json(p)
    assert [a["place"] for a in s.legal_actions(1)] == list(range(1, 21))  # 22 - 2
    place(s, 1, 2)
    place(s, 1, 2)  # the last pit takes 18
    assert board(s) == ([18, 2, 2, 6, 4, 4, 6, 2, 2, 18], [8, 0])


# -- the board shrinks and grows ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("loser_beans", "size"),
    [(35, 5), (18, 5), (17, 4), (9, 4), (8, 3), (5, 3), (4, 2), (3, 2)],
)
def test_shrink_thresholds(loser_beans, size):
    s, _ = end_round([loser_beans - 2, 70 - loser_beans])
    j = s.to_json()
    assert j["stores"] == [loser_beans, TOTAL - loser_beans]
    assert j["phase"] == "arrange"
    assert j["arranger"] == 0
    assert j["pits"] == [0] * (2 * size)
    # the arranger may put 1 .. beans - (size - 1) into the first pit
    assert [a["place"] for a in s.legal_actions(0)] == list(range(1, loser_beans - size + 2))


def test_shrink_when_player_one_loses():
    s, _ = end_round([70 - 17, 17 - 2])
    j = s.to_json()
    assert j["stores"] == [55, 17]
    assert j["arranger"] == 1 and len(j["pits"]) == 8
    assert j["to_move"] == 0


@pytest.mark.parametrize(("loser_beans", "size"), [(40, 6), (36, 6), (35, 5)])
def test_thirty_six_or_more_keeps_six_pits(loser_beans, size):
    # with 8 beans a pit (96 in all) a loser can hold 36 or more: the board stays 2x6
    total = 96
    s, _ = end_round([loser_beans - 2, total - 2 - loser_beans], {"seeds": 8})
    j = s.to_json()
    assert j["stores"] == [loser_beans, total - loser_beans]
    assert j["arranger"] == 0
    assert len(j["pits"]) == 2 * size


def test_board_grows_again_from_three_to_five():
    # 2x3 board (ring 0..5, opposite i = 5-i), round 2: pit 0 (2) ccw -> 1, 2; pit 2 own
    # empty: capture 3 (nothing); chain leaves the row; player 0 has singles only.
    # Sweep: 18 + 2 = 20, 50 + 2 = 52: loser 20 -> 2x5
    s = load([2, 0, 0, 0, 0, 2], [18, 50], round_no=2)
    move(s, 0, 0, "ccw")
    j = s.to_json()
    assert j["stores"] == [20, 52]
    assert j["round"] == 3
    assert j["arranger"] == 0
    assert j["pits"] == [0] * 10


def test_board_grows_again_from_two_to_four():
    # 2x2 board: pit 0 (2) ccw -> 1, 2; pit 2 is the opponent's and empty: the move ends with
    # player 0 on singles. Sweep: 9 + 1 = 10, 59 + 1 + 2 = 62: loser 10 -> 2x4
    s = load([2, 0, 0, 2], [9, 59], round_no=3)
    move(s, 0, 0, "ccw")
    j = s.to_json()
    assert j["stores"] == [10, 62]
    assert j["round"] == 4
    assert j["pits"] == [0] * 8


def test_board_grows_back_to_six_with_more_beans():
    # 96 beans (seeds=8), a 2x3 board: loser 40 -> 2x6
    s = load([2, 0, 0, 0, 0, 2], [38, 54], {"seeds": 8}, round_no=2)
    move(s, 0, 0, "ccw")
    j = s.to_json()
    assert j["stores"] == [40, 56]
    assert j["pits"] == [0] * 12


def test_a_round_whose_arrangement_leaves_no_pit_of_two_ends_at_once():
    # 2 beans on a 2x2 board: the only arrangement is 1, 1; the copy gives [1,1,1,1]: nobody
    # has a pit of 2, the round ends at once (2 : 70), and player 0 (2 <= 2 pits) is out
    game = spieltisch.load_game("mancala")
    s = game.from_json(arrange_position([2, 70], arranger=0, n=2, to_move=1, round_no=2))
    assert [a["place"] for a in s.legal_actions(0)] == [1]
    place(s, 0, 1)
    j = s.to_json()
    assert j["stores"] == [2, 70]
    assert j["phase"] == "over"
    assert j["result"] == 1


# -- elimination -------------------------------------------------------------------------------


def test_loser_with_beans_not_above_pits_per_side_is_out():
    # loser 2 beans -> a 2x2 board; 2 <= 2: out, the other player wins the match
    s, events = end_round([0, 68])
    j = s.to_json()
    assert j["stores"] == [2, 70]
    assert j["phase"] == "over"
    assert j["result"] == 1
    r = s.result()
    assert r.ranks == (2, 1)
    assert r.winners == (1,)
    assert event_of(events, "match_end").data["result"] == 1


def test_loser_with_three_beans_is_not_out():
    s, _ = end_round([1, 67])
    j = s.to_json()
    assert j["phase"] == "arrange"
    assert j["pits"] == [0, 0, 0, 0]
    assert [a["place"] for a in s.legal_actions(0)] == [1, 2]


# -- who moves first ---------------------------------------------------------------------------


def test_winner_of_a_round_moves_first_in_the_next():
    s, _ = end_round([30, 38], first_mover=0)
    j = s.to_json()
    assert j["arranger"] == 0
    assert j["to_move"] == 1 and j["first_mover"] == 1
    # after the arrangement the winner (player 1) moves
    for _ in range(4):
        place(s, 0, 1)
    j = s.to_json()
    assert j["pits"] == [1, 1, 1, 1, 28, 28, 1, 1, 1, 1]
    assert j["stores"] == [0, 8]
    assert j["phase"] == "play"
    assert s.actors() == frozenset({1})
    assert {a["pit"] for a in s.legal_actions(1)} == {5}


def test_first_mover_is_drawn_by_lot_from_the_seed():
    game = spieltisch.load_game("mancala")
    firsts = {}
    for seed in range(64):
        s = game.new_state(2, seed)
        firsts[seed] = s.to_json()["to_move"]
        assert s.to_json()["first_mover"] == firsts[seed]
        assert s.actors() == frozenset({firsts[seed]})
    assert set(firsts.values()) == {0, 1}
    for seed in range(64):  # the same seed draws the same, also in a fresh game object
        again = spieltisch.load_game("mancala").new_state(2, seed)
        assert again.to_json()["to_move"] == firsts[seed]


# -- ties --------------------------------------------------------------------------------------


@pytest.mark.parametrize("first_mover", [0, 1])
def test_a_tie_counts_as_a_round_and_restarts_from_the_setup(first_mover):
    s, events = end_round([34, 34], first_mover=first_mover, round_no=2)
    j = s.to_json()
    assert event_of(events, "round_end").data["beans"] == [36, 36]
    assert j["phase"] == "play"
    assert j["round"] == 3
    assert j["pits"] == [6] * 12
    assert j["stores"] == [0, 0]
    # the player who moved second in the tied round moves first
    assert j["to_move"] == 1 - first_mover
    assert j["first_mover"] == 1 - first_mover
    assert s.actors() == frozenset({1 - first_mover})


def test_a_tie_in_the_last_round_is_a_draw():
    s, _ = end_round([34, 34], round_no=5, rounds=5)
    j = s.to_json()
    assert j["phase"] == "over"
    assert j["result"] == "draw"
    r = s.result()
    assert r.ranks == (1, 1)
    assert r.is_draw
    assert tuple(r.scores) == (36, 36)


# -- the match ---------------------------------------------------------------------------------


def test_the_last_round_decides_the_match_player_one_wins():
    s, _ = end_round([28, 40], round_no=5, rounds=5)
    j = s.to_json()
    assert j["stores"] == [30, 42]
    assert j["phase"] == "over"
    assert j["result"] == 1
    assert s.is_terminal()
    r = s.result()
    assert r.ranks == (2, 1)
    assert tuple(r.scores) == (30, 42)


def test_the_last_round_decides_the_match_player_zero_wins():
    s, _ = end_round([40, 28], round_no=3, rounds=3)
    j = s.to_json()
    assert j["phase"] == "over"
    assert j["result"] == 0
    assert s.result().ranks == (1, 2)
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []
    refused(s, 0, {"pit": 0, "direction": "cw"})


def test_a_round_before_the_last_does_not_end_the_match():
    s, _ = end_round([28, 40], round_no=4, rounds=5)
    assert s.to_json()["phase"] == "arrange"
    assert s.to_json()["round"] == 5


# -- the position format -----------------------------------------------------------------------


def test_the_rulings_example_round_trips():
    s = spieltisch.load_game("mancala").from_json(RULINGS_EXAMPLE)
    out = s.to_json()
    assert {k: out[k] for k in RULINGS_EXAMPLE} == RULINGS_EXAMPLE
    again = spieltisch.load_game("mancala").from_json(out)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(out, sort_keys=True)


def test_a_finished_position_round_trips():
    p = position([0] * 12, [30, 42])
    p["phase"] = "over"
    p["result"] = 1
    s = spieltisch.load_game("mancala").from_json(p)
    assert s.is_terminal()
    assert s.result().ranks == (2, 1)
    out = s.to_json()
    assert {k: out[k] for k in p} == p


def bad_positions():
    good = dict(RULINGS_EXAMPLE)
    yield "wrong bean total", {**good, "pits": [6] * 11 + [7]}
    yield "too few beans", {**good, "stores": [0, 1]}
    yield "odd pit count", {**good, "pits": [6] * 11 + [3, 3]}
    yield "thirteen pits", {**good, "pits": [6] * 12 + [0]}
    yield "bad phase", {**good, "phase": "setup"}
    yield "negative pit", {**good, "pits": [-1, 13] + [6] * 10}
    yield "to_move 2", {**good, "to_move": 2}
    yield "one pit a side", {**good, "pits": [36, 36]}
    yield "missing pits", {k: v for k, v in good.items() if k != "pits"}
    yield "wrong game", {**good, "game": "kalah-xyz"}
    yield "three stores", {**good, "stores": [0, 0, 0]}
    yield "result before the end", {**good, "result": 1}
    yield "over without result", {**good, "phase": "over"}


@pytest.mark.parametrize(("why", "data"), list(bad_positions()), ids=lambda x: str(x)[:30])
def test_from_json_rejects_malformed_positions(why, data):
    with pytest.raises((spieltisch.RecordError, ValueError)):
        spieltisch.load_game("mancala").from_json(data)


def test_from_json_rejects_an_arrangement_of_an_unfilled_gap():
    p = position([3, 0, 2, 0, 0, 0, 0, 0, 0, 0], [28, 39], phase="arrange", arranger=0)
    with pytest.raises((spieltisch.RecordError, ValueError)):
        spieltisch.load_game("mancala").from_json(p)
