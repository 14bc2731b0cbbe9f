"""Our ``kalah`` preset against OpenSpiel's ``mancala``, move for move.

OpenSpiel's board is 14 ints: 0 = player 1's store, 1..6 = player 0's pits, 7 = player 0's
store, 8..13 = player 1's pits; an action is the board index of the pit to sow. Our ring puts
player 0's pits at 0..5 and player 1's at 6..11, with ``stores = [p0, p1]``. OpenSpiel's game
ends when a side is empty without sweeping the board (its returns count each side's pits and
store); ours sweeps each side's pits into its own store, so after the last move we compare
the totals.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pyspiel
from mancala_positions import kalah_at

import spieltisch
from spieltisch.core import Action, Rng

GAMES = 1000
SEED = 20240611

OURS_TO_OS = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13]  # our ring index -> OpenSpiel index
OS_TO_OURS = {o: i for i, o in enumerate(OURS_TO_OS)}


def os_board(state: Any) -> list[int]:
    return [int(x) for x in state.observation_tensor(0)[:14]]


def split(board: list[int]) -> tuple[list[int], list[int]]:
    """OpenSpiel's board as our (pits, stores)."""
    return [board[i] for i in OURS_TO_OS], [board[7], board[0]]


def move(pit: int) -> Action:
    return Action(pit=pit, direction="ccw")


def play_pair(seed: int, tally: Counter[str]) -> int:
    """One random game on both engines side by side; returns the number of moves."""
    ours = spieltisch.load_game("kalah").new_state(2, seed=seed)
    theirs = pyspiel.load_game("mancala").new_initial_state()
    rng = Rng(seed)
    moves = 0
    where = f"game seed {seed}"
    while True:
        assert ours.is_terminal() == theirs.is_terminal(), f"{where}, move {moves}: terminal"
        if ours.is_terminal():
            break
        player = theirs.current_player()
        assert ours.actors() == frozenset({player}), f"{where}, move {moves}: player"
        legal = theirs.legal_actions()
        mine = ours.legal_actions(player)
        assert mine == [move(OS_TO_OURS[a]) for a in legal], f"{where}, move {moves}: legal"
        action = legal[rng.below(len(legal))]
        pit = OS_TO_OURS[action]
        beans = ours.pits[pit]
        events = ours.apply(player, move(pit))
        theirs.apply_action(action)
        moves += 1
        end = events[0].data["end"]
        tally[end] += 1
        tally["13+ seeds"] += beans >= 13
        board = os_board(theirs)
        at = f"{where}, move {moves} (player {player} sows {action})"
        if not ours.is_terminal():
            assert (ours.pits, ours.stores) == split(board), at
            continue
        # the last move: we sweep the pits into the stores, OpenSpiel leaves them
        assert theirs.is_terminal(), at
        assert ours.pits == [0] * 12, at
        assert ours.stores == [sum(board[1:8]), sum(board[8:14]) + board[0]], at
        returns = theirs.returns()
        result = ours.result()
        if result.is_draw:
            assert returns == [0.0, 0.0], at
            tally["draw"] += 1
        else:
            (winner,) = result.winners
            assert returns[winner] == 1.0 and returns[1 - winner] == -1.0, at
            tally[f"won by {winner}"] += 1
    return moves


def test_random_games_agree_with_openspiel() -> None:
    tally: Counter[str] = Counter()
    start = time.perf_counter()
    total = sum(play_pair(SEED + g, tally) for g in range(GAMES))
    elapsed = time.perf_counter() - start
    # every rule the comparison is meant to cover came up, so agreement means something
    for what in ("store", "capture", "own-empty", "opponent-empty", "filled", "13+ seeds"):
        assert tally[what] > 0, f"no {what!r} in {GAMES} games: {dict(tally)}"
    assert tally["won by 0"] and tally["won by 1"]
    assert total > 20 * GAMES
    print(f"{GAMES} games, {total} moves in {elapsed:.1f} s: {dict(sorted(tally.items()))}")


# -- targeted positions (both rows and stores add up to 48 beans) --------------------------


def test_extra_turn_in_own_store() -> None:
    ours = spieltisch.load_game("kalah").new_state(2)
    events = ours.apply(0, move(2))  # 4 beans from pit 2: 3, 4, 5, store
    assert events[0].data["end"] == "store"
    assert ours.pits == [4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert ours.stores == [1, 0]
    assert ours.actors() == frozenset({0})
    theirs = pyspiel.load_game("mancala").new_initial_state()
    theirs.apply_action(3)
    assert theirs.current_player() == 0
    assert split(os_board(theirs)) == (ours.pits, ours.stores)


def test_extra_turn_for_player_1() -> None:
    pits = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1]
    state = kalah_at(pits, [2, 1], to_move=1)
    events = state.apply(1, move(11))  # a single bean into player 1's store
    assert events[0].data["end"] == "store"
    assert state.stores == [2, 2]
    assert state.actors() == frozenset({1})


def test_capture_takes_opposite_and_landing_bean() -> None:
    pits = [1, 0, 4, 4, 4, 4, 4, 4, 4, 4, 7, 4]
    state = kalah_at(pits, [2, 2])
    events = state.apply(0, move(0))  # one bean into the empty pit 1; opposite is pit 10
    assert events[0].data["end"] == "capture"
    assert events[0].data["captures"] == [{"pit": 10, "beans": 7}, {"pit": 1, "beans": 1}]
    assert state.pits == [0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 0, 4]
    assert state.stores == [10, 2]
    assert state.actors() == frozenset({1})


def test_no_capture_when_opposite_pit_is_empty() -> None:
    pits = [1, 0, 4, 4, 4, 4, 4, 4, 4, 4, 0, 11]
    state = kalah_at(pits, [2, 2])
    events = state.apply(0, move(0))
    assert events[0].data["end"] == "own-empty"
    assert events[0].data["captures"] == []
    assert state.pits == [0, 1, 4, 4, 4, 4, 4, 4, 4, 4, 0, 11]
    assert state.stores == [2, 2]
    assert state.actors() == frozenset({1})


def test_no_capture_in_the_opponents_empty_pit() -> None:
    pits = [0, 0, 0, 0, 0, 2, 0, 4, 4, 4, 4, 4]
    state = kalah_at(pits, [12, 14])
    events = state.apply(0, move(5))  # store, then pit 6 (empty, the opponent's)
    assert events[0].data["end"] == "opponent-empty"
    # player 0 has no beans left: the game ends and player 1 sweeps their pits (1 + 20)
    assert state.is_terminal()
    assert state.pits == [0] * 12
    assert state.stores == [13, 35]
    assert state.result().winners == (1,)


def test_thirteen_seeds_skip_the_opponents_store_and_capture() -> None:
    # 13 beans from pit 0: pits 1..5, own store, pits 6..11, and back into the emptied pit 0
    # (the opponent's store is skipped); the landing bean and the opposite pit are captured
    pits = [13, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 5]
    state = kalah_at(pits, [10, 10])
    events = state.apply(0, move(0))
    assert events[0].data["laps"] == [{"from": 0, "direction": "ccw", "beans": 13, "to": 0}]
    assert events[0].data["captures"] == [{"pit": 11, "beans": 6}, {"pit": 0, "beans": 1}]
    assert state.pits == [0, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 0]
    assert state.stores == [18, 10]


def test_fourteen_seeds_for_player_1_skip_player_0s_store() -> None:
    # 14 beans from pit 6: pits 7..11, own store, 0..5, (p0's store skipped), 6, 7
    pits = [1, 1, 1, 1, 1, 1, 14, 0, 0, 0, 0, 0]
    state = kalah_at(pits, [14, 14], to_move=1)
    events = state.apply(1, move(6))
    assert events[0].data["laps"][0]["to"] == 7
    assert events[0].data["end"] == "filled"
    assert state.pits == [2, 2, 2, 2, 2, 2, 1, 2, 1, 1, 1, 1]
    assert state.stores == [14, 15]
    assert state.actors() == frozenset({0})
