"""Mancala's rules module (``mancala/rules.py``) pinned where mutation testing found its set-up
and reading unchecked: which games watch the circling rule, the game refusing options under
which no round can end and a player count it is not played by, a non-action refused on the
widest board, the reason for an empty last own pit, the repetition count of a position read
with a forced run but no count, and the exact reason for each refused record of a forced run.
"""

from __future__ import annotations

import pytest
from mancala_positions import load
from position_checks import refusal as reason

import spieltisch
from spieltisch import IllegalAction, OptionError, RecordError

# -- the circling rule where the stores are sown -------------------------------------------------

# a 2x2 board sown clockwise into the stores, with relay (8 beans): both moves are forced (one
# direction, one pit each to take up), and after two of them the whole position is back
SOWN_CW = {
    "pits": 2,
    "seeds": 2,
    "min_pick": 1,
    "directions": "cw",
    "stores_sown": True,
    "round_end": "both",
}
# player 0 sows pit 1 cw: 3 beans into 0, its store, 3 -> lands in pit 2 (filled), relays ccw
# round to pit 1 and captures its empty opposite (nothing): [2, 1, 0, 3], player 1 to move;
# player 1 sows pit 3 the same way round: [0, 3, 2, 1] with player 0 to move, the start again
START = [0, 3, 2, 1]
AFTER = [2, 1, 0, 3]
STORES = [1, 1]


def sown_cw(pits: list[int] = START, to_move: int = 0):
    return load(pits, STORES, SOWN_CW, to_move=to_move)


def test_one_direction_with_the_stores_sown_and_relay_still_circles():
    """The circling rule watches every one-direction game but Kalah's sowing (ccw, stores
    sown, no relay, which never repeats a position): sown into the stores with relay, play
    can circle, and the round ends at the first repeat of the forced run, each banking their
    own pits (circling = own)."""
    s = sown_cw()
    move = s.legal_actions(0)
    assert [dict(a) for a in move] == [{"pit": 1, "direction": "cw"}]
    assert [e.type for e in s.apply(0, move[0])] == ["move"]
    assert (s.pits, s.stores, s.to_move) == (AFTER, STORES, 1)
    assert s.to_json()["forced"] == [[*START, *STORES, 0], [*AFTER, *STORES, 1]]
    events = s.apply(1, s.legal_actions(1)[0])
    end = next(e for e in events if e.type == "round_end")
    assert end.data == {"round": 1, "beans": [4, 4], "loser": None, "circled": "own"}


def test_a_forced_run_read_without_a_count_counts_each_of_its_positions_once():
    """A position with the circling rule's record but no repetition count (written before the
    repetition rule): each position of the run at the present stores came up once."""
    s = sown_cw()
    s.apply(0, s.legal_actions(0)[0])
    data = {k: v for k, v in s.to_json().items() if k != "seen"}
    t = s.game.from_json(data)
    assert t.to_json()["seen"] == [[*START, *STORES, 0, 1], [*AFTER, *STORES, 1, 1]]


FORCED = [[*START, *STORES, 0], [*AFTER, *STORES, 1]]


def forced_data(**fields):
    """The position after the first forced move, with the record(s) replaced by ``fields``."""
    s = sown_cw()
    s.apply(0, s.legal_actions(0)[0])
    data = {k: v for k, v in s.to_json().items() if k not in ("forced", "seen")}
    return {**data, **fields}


@pytest.mark.parametrize(
    ("options", "fields", "why"),
    [
        (
            SOWN_CW,
            {"forced": "yes"},
            "forced (the circling rule's record) is a list of positions in play, "
            "each [*pits, *stores, to_move] (7 counts)",
        ),
        (
            {**SOWN_CW, "directions": "both"},
            {"forced": FORCED},
            "forced (the circling rule's record) belongs to one sowing direction",
        ),
        (
            SOWN_CW,
            {"forced": [FORCED[1], FORCED[1]]},
            "forced (the circling rule's record) holds a position twice",
        ),
        (
            SOWN_CW,
            {"forced": [FORCED[1], FORCED[0]]},
            "forced (the circling rule's record) ends with the position itself",
        ),
        (
            SOWN_CW,
            {"forced": FORCED, "seen": [[*FORCED[1], 1]]},
            "seen (the repetition rule's record) lacks a position of forced",
        ),
    ],
)
def test_a_bad_record_of_a_forced_run_is_refused_with_its_reason(options, fields, why):
    """A record the rules could not have kept is refused, and the refusal says what is wrong
    with it (the rulings' position format, extended by the two rules' records)."""
    game = spieltisch.load_game("mancala", **options)
    with pytest.raises(RecordError) as err:
        game.from_json(forced_data(**fields))
    assert str(err.value) == f"not a mancala position: {why}"


# -- the game ------------------------------------------------------------------------------------


def test_options_under_which_no_round_can_end_are_refused_with_the_reason():
    """(options) capture=none, stores_sown off and round_end=both: no bean ever leaves the
    board, so no round could end (but by the repetition rule, after millions of moves)."""
    with pytest.raises(OptionError) as err:
        spieltisch.load_game("mancala", capture="none", round_end="both")
    assert str(err.value) == (
        "with capture=none, no stores sown and round_end=both no round can end "
        "(the beans never leave the board)"
    )


def test_mancala_is_played_by_two():
    """Two players, each owning a row: a state for three is refused, one for two is made."""
    game = spieltisch.load_game("mancala")
    with pytest.raises(OptionError) as err:
        game.new_state(3)
    assert str(err.value) == "Mancala (Giuthi family, sheet 003) is played by 2 players, not 3"
    assert game.new_state(2).to_json()["pits"] == [6] * 12


def test_a_non_action_is_refused_on_the_widest_board():
    """An action is a JSON object: anything else is refused as illegal and changes nothing,
    also for player 1 on a 2x12 board, whose last pit is the ring's last (pit 23)."""
    s = load([2] * 24, options={"pits": 12, "seeds": 2}, to_move=1)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(1, None)
    assert s.to_json() == before


@pytest.mark.parametrize(("player", "pit"), [(0, 5), (1, 11)])
def test_the_last_own_pit_is_the_movers_own(player, pit):
    """ "Player 0 owns 0..n-1, player 1 n..2n-1": an empty last own pit is refused as empty,
    not as the opponent's."""
    s = load([3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3, 0], to_move=player)
    err = reason(s, player, {"pit": pit, "direction": "ccw"})
    assert (str(err), err.key, err.args_said) == (f"pit {pit} is empty", "r.pit.empty", (6,))


def test_a_match_not_over_has_no_result_and_says_so():
    with pytest.raises(IllegalAction) as err:
        load([3] * 12).result()
    assert str(err.value) == "the match is not over yet"
