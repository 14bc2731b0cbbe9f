"""Mancala's rules module (``mancala/rules.py``) in play, pinned where mutation testing (``make
mutate``) found it unchecked: the quick way an action handed out by ``legal_actions`` is taken
(``_accept``), the pass of a player without a move under ``round_end=both`` (``_after_move``),
and the circling rule's test of a forced move when a pit needs more than two beans
(``_watch_circling``)."""

from __future__ import annotations

import pytest
from mancala_positions import board, event_of, load, move, position
from position_checks import refusal

import spieltisch

CCW = {"directions": "ccw"}


# -- an action legal_actions handed out, taken at a glance --------------------------------------


def test_a_handed_out_move_is_refused_while_the_loser_arranges():
    """ "Arranging as actions": while arranging, an action is {"place": k}. A move action that
    ``legal_actions`` handed out in play (the very object, which ``_accept`` knows by identity)
    is refused in the arrange phase, even from the player who will move first and whose placed
    pit holds beans enough to be taken up."""
    game = spieltisch.load_game("mancala", next_starter="loser")
    played = game.from_json(position([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], to_move=0))
    handed = played.legal_actions(0)[0]
    assert dict(handed) == {"pit": 0, "direction": "ccw"}
    arranging = game.from_json(
        position(
            [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [30, 39],
            phase="arrange",
            arranger=0,
            to_move=0,
            round_no=2,
        )
    )
    err = refusal(arranging, 0, handed)
    assert str(err) == 'while arranging, an action is {"place": k}: k beans into the next pit'
    assert arranging.phase == "arrange" and board(arranging) == (
        [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [30, 39],
    )


# -- a pass under round_end=both ----------------------------------------------------------------

# player 0 sows pit 0 (2) ccw into pits 1 and 2, lands in its own empty pit 2 and captures 9 (4),
# then the chain 8 (3) and 7 (1): player 1 is left with single beans only and passes
PASS_0 = ([2, 0, 0, 0, 0, 3, 1, 1, 3, 4, 1, 1], [20, 36], 0, 0)
# the same move with the seats swapped (the ring turned by six pits): player 0 passes
PASS_1 = ([1, 1, 3, 4, 1, 1, 2, 0, 0, 0, 0, 3], [36, 20], 1, 6)


@pytest.mark.parametrize(("pits", "stores", "mover", "pit"), [PASS_0, PASS_1])
def test_the_pass_event_names_the_player_who_passes(pits, stores, mover, pit):
    """Under ``round_end=both`` a player without a pit to take up passes, and the mover moves
    again: the pass event names the player who passes (the other one), and so does its line in
    the log."""
    s = load(pits, stores, {"round_end": "both"}, to_move=mover)
    events = move(s, mover, pit, "ccw")
    passed = 1 - mover
    assert event_of(events, "pass").data == {"player": passed}
    assert s.to_move == mover and s.legal_actions(passed) == []
    line = s.game.said_event(event_of(events, "pass").to_json(), None)
    assert f"Player {passed + 1}" in s.game.words().say("en", line)


# -- the circling rule where a pit needs three or four beans -----------------------------------


@pytest.mark.parametrize(
    ("min_pick", "pits", "after"),
    [
        # pit 0 (3) ccw: 1, 2, 3; pit 3 was filled (3): its 4 relay cw to 2, 1, 0, 3, the last
        # bean in player 1's emptied pit 3; player 1 has one pit of 3 (pit 2)
        (3, [3, 2, 1, 3], [1, 4, 3, 1]),
        # under min_pick 4 a pit of 3 beside player 0's pit of 4 (the position alone)
        (4, [4, 3, 0, 4], None),
    ],
)
def test_a_pit_short_of_min_pick_leaves_the_move_forced(min_pick, pits, after):
    """The circling rule watches runs of forced moves: with one sowing direction a move is
    forced when exactly one own pit may be taken up. Under ``min_pick`` 3 a pit of 2 beans
    (and under 4 one of 3) may not be taken up, so a row with one pit of ``min_pick`` or more
    beside it is forced, and its position begins the rule's record."""
    s = load(pits, None, {**CCW, "min_pick": min_pick}, to_move=0)
    assert len(s.legal_actions(0)) == 1
    start = [*pits, *s.stores, 0]
    assert s.to_json()["forced"] == [start]
    if after is not None:
        move(s, 0, 0, "ccw")
        assert board(s)[0] == after and s.to_move == 1
        assert s.to_json()["forced"] == [start, [*after, *s.stores, 1]]


def test_a_circle_under_min_pick_three_ends_the_round():
    """The circling rule under ``min_pick`` 3: the two-by-two circle of the circling tests
    (pits [1, 3, 3, 1], player 1 to move, each side one pit of 3 beside a single) is forced
    all the way and ends the round at its first repeat, each player banking their own pits."""
    s = load([1, 3, 3, 1], [30, 34], {**CCW, "min_pick": 3}, to_move=1)
    move(s, 1, 2, "ccw")
    assert board(s) == ([3, 1, 1, 3], [30, 34])
    end = event_of(move(s, 0, 0, "ccw"), "round_end")
    assert end.data == {"round": 1, "beans": [34, 38], "loser": 0, "circled": "own"}
