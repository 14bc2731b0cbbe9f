"""Kalah's compiled state (``kalah.py``, ``_kalah.pyx``) against the Python rules: many
thousands of random games played on both, compared at every position, and the contract's
promises (bad input refused with nothing changed, clones apart, records and copies) held by
the compiled state as by ``MancalaState``.

The Python side is the same game with ``compiled_play`` turned off, so it plays every state
as a ``MancalaState``. At every position both must give the same JSON, actors, legal actions
of both seats and terminal flag; every move the same events; every refused action the same
reason; every match the same result.
"""

from __future__ import annotations

import copy
import pickle
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core import Action, IllegalAction, Rng
from spieltisch.games.mancala.kalah import KalahState
from spieltisch.games.mancala.rules import MancalaState
from spieltisch.registry import load_game

# (options of the kalah preset, games): Kalah itself, then every option its compiled play
# phase takes: matches of several rounds (arranging and tied rounds by the Python rules, the
# play phase back in C), boards from 2 to 12 pits a side, moves that go round the board more
# than once, no extra turn
# (the suite's fifteen minutes: 800 of Kalah's own games, 1,500 before, and the longer
# matches halved; the numba kernel's differential plays another 4,000 against the same rules)
CASES: list[tuple[dict[str, Any], int]] = [
    ({}, 800),
    ({"rounds": 3}, 150),
    ({"rounds": 5, "tie": "replay", "first_mover": "lot"}, 150),
    ({"rounds": 3, "next_starter": "loser", "elimination": False}, 150),
    ({"pits": 2, "seeds": 1}, 600),
    ({"pits": 3, "seeds": 9}, 300),
    ({"pits": 4, "seeds": 6, "rounds": 2, "next_starter": "alternate"}, 300),
    ({"pits": 12, "seeds": 3}, 40),
    ({"extra_turn": False}, 200),
]

SEATS = (0, 1)


def twins(options: dict[str, Any]) -> tuple[Any, Any]:
    """The game compiled, and the same game played by the Python rules alone."""
    fast, slow = load_game("kalah", **options), load_game("kalah", **options)
    assert fast.compiled_play, f"the compiled play phase should take {options}"
    slow.compiled_play = False
    return fast, slow


def refusal(state: Any, player: Any, action: Any) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    return str(err.value)


# MancalaState's attributes that the mancala bots, kernel and solver read
READ = [
    "pits",
    "stores",
    "to_move",
    "n",
    "phase",
    "result_",
    "swept",
    "history",
    "first_mover",
    "round",
    "rounds",
    "arranger",
    "forced",
    "seen",
]


def same(a: Any, b: Any, where: str) -> None:
    assert a.to_json() == b.to_json(), where
    assert [getattr(a, name) for name in READ] == [getattr(b, name) for name in READ], where
    assert a.is_terminal() == b.is_terminal(), where
    assert a.actors() == b.actors(), where
    for p in SEATS:
        assert a.legal_actions(p) == b.legal_actions(p), where
    for viewer in (*SEATS, None):
        assert a.view(viewer) == b.view(viewer), where
    # in the play phase the position is the compiled state's own (not a Python state held)
    assert a.slow is None or a.phase != "play", where


@pytest.mark.parametrize(("options", "games"), CASES, ids=[str(c[0]) for c in CASES])
def test_compiled_kalah_plays_every_position_as_the_python_rules(
    options: dict[str, Any], games: int
) -> None:
    fast, slow = twins(options)
    ended_in_c = 0
    for seed in range(games):
        a, b = fast.new_state(seed=seed), slow.new_state(seed=seed)
        assert type(a) is KalahState and type(b) is MancalaState
        rng = Rng(seed)
        step = 0
        while True:
            where = f"{options} seed {seed} step {step}"
            same(a, b, where)
            if a.is_terminal():
                break
            (p,) = a.actors()
            if step % 7 == 0:  # a refused move: the opponent's pit, the same reason
                n = len(b.pits) >> 1
                wrong = Action.of({"pit": (1 - p) * n, "direction": "ccw"})
                assert refusal(a, p, wrong) == refusal(b, p, wrong), where
                assert str(a.explain(p, wrong)) == str(b.explain(p, wrong)), where
                with pytest.raises(IllegalAction, match=re.escape(refusal(b, p, wrong))):
                    a.validate(p, wrong)
                a.validate(p, a.legal_actions(p)[0])  # a legal one passes
                # the mover's own action object, handed in by another seat: refused
                for other in (1 - p, 2, -1):
                    mine_a, mine_b = a.legal_actions(p)[0], b.legal_actions(p)[0]
                    assert refusal(a, other, mine_a) == refusal(b, other, mine_b), where
            legal_a, legal_b = a.legal_actions(p), b.legal_actions(p)
            i = rng.below(len(legal_a))
            events_a, events_b = a.apply(p, legal_a[i]), b.apply(p, legal_b[i])
            assert events_a == events_b, where
            assert [e.to_json() for e in events_a] == [e.to_json() for e in events_b], where
            step += 1
        assert a.result() == b.result(), f"{options} seed {seed}"
        ended_in_c += a.slow is None
    # the compiled end of a match (a recorded end played again in C) was reached, and checked
    assert ended_in_c > 0 or options.get("rounds", 1) > 1


def test_a_state_from_a_client_or_a_record_is_compiled_too() -> None:
    """An action as a dict (a client's), equal to a handed-out one but not it, goes the
    Python rules' way and gives the same position; a position from JSON is compiled."""
    fast, slow = twins({})
    a, b = fast.new_state(seed=3), slow.new_state(seed=3)
    rng = Rng(3)
    while not a.is_terminal():
        (p,) = a.actors()
        action = a.legal_actions(p)[rng.below(len(a.legal_actions(p)))]
        assert a.apply(p, dict(action)) == b.apply(p, Action.of(dict(action)))
        same(a, b, "dict actions")
        again = fast.from_json(a.to_json())
        assert type(again) is KalahState
        same(again, slow.from_json(b.to_json()), "from JSON")
    # a record does not say what the pits held at the round's end (the result's breakdown
    # says it only where the state played it): the same result as the rules' from the record
    assert fast.from_json(a.to_json()).result() == slow.from_json(b.to_json()).result()
    assert fast.from_json(a.to_json()).result().scores == b.result().scores


def test_clones_copies_and_pickles_are_apart_and_equal() -> None:
    for options in ({}, {"rounds": 3}):
        fast, _ = twins(options)
        state = fast.new_state(seed=11)
        rng = Rng(11)
        while not state.is_terminal():
            for twin in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
                assert type(twin) is KalahState
                assert twin.to_json() == state.to_json()
                before = state.to_json()
                (p,) = twin.actors()
                twin.apply(p, twin.legal_actions(p)[0])  # the twin moves, the state stays
                assert state.to_json() == before
            (p,) = state.actors()
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.below(len(legal))])
        assert state.clone().result() == state.result()


def test_the_compiled_state_is_only_for_kalahs_options() -> None:
    assert type(load_game("kalah").new_state(seed=1)) is KalahState
    for game_id, options in (("mancala", {}), ("kalah", {"relay": True, "min_pick": 2})):
        game = load_game(game_id, **options)
        assert not game.compiled_play
        assert type(game.new_state(seed=1)) is MancalaState


def test_a_compiled_position_is_changed_only_by_apply() -> None:
    state = load_game("kalah").new_state(seed=1)
    with pytest.raises(AttributeError, match="only by apply"):
        state.pits = [0] * 12
    state.pits[0] = 99  # a copy: the position's own pits are the C fields
    assert state.pits[0] == 4 and state.phase == "play" and state.n == 6


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
ACTIONS = JSON | st.fixed_dictionaries(
    {"pit": JSON | st.integers(-2, 14), "direction": JSON | st.sampled_from(["ccw", "cw"])}
)


def outcome(call: Any, *args: Any) -> Any:
    """What ``call(*args)`` returns, or the type of what it raises."""
    try:
        return call(*args)
    except Exception as err:  # the compiled state must fail as the rules do
        return type(err)


@settings(max_examples=300, deadline=None)
@given(steps=st.integers(0, 60), seat=JSON | st.sampled_from(SEATS), action=ACTIONS)
def test_any_json_in_any_field_is_refused_with_nothing_changed_or_taken_as_the_rules_take_it(
    steps: int, seat: Any, action: Any
) -> None:
    """In the compiled play phase and at a match's end reached in C: the compiled state
    refuses what the Python rules refuse, with their reason, and changes nothing; what they
    take it takes, to the same position."""
    fast, slow = twins({})
    a, b = fast.new_state(seed=steps), slow.new_state(seed=steps)
    rng = Rng(steps)
    for _ in range(steps):
        if a.is_terminal():
            break
        (p,) = a.actors()
        i = rng.below(len(a.legal_actions(p)))
        a.apply(p, a.legal_actions(p)[i])
        b.apply(p, b.legal_actions(p)[i])
    before = a.to_json()
    assert outcome(a.legal_actions, seat) == outcome(b.legal_actions, seat)
    try:
        expected = b.apply(seat, action)
    except IllegalAction as err:
        with pytest.raises(IllegalAction) as got:
            a.apply(seat, action)
        assert str(got.value) == str(err)
        assert a.to_json() == before
    else:
        assert a.apply(seat, action) == expected
        same(a, b, "taken")
