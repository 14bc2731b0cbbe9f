"""Random play and random positions: invariants after every action, and replay determinism."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spieltisch

TOTAL = 72
MAX_ACTIONS = 5000  # per match; random matches end far sooner
RULINGS_KEYS = (
    "game",
    "phase",
    "pits",
    "stores",
    "to_move",
    "first_mover",
    "arranger",
    "round",
    "rounds",
    "result",
)

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"round_end": "both"},
    {"chain": "all", "skip_start": True},
    {"chain": "one", "capture_after_lap": True},
    {"tie": "replay", "next_starter": "alternate"},
    {"elimination": False, "next_starter": "loser", "rounds": 7},
    {"first_mover": "1", "rounds": 2},
]


def canonical(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_invariants(state) -> None:
    j = state.to_json()
    pits, stores = j["pits"], j["stores"]
    assert sum(pits) + sum(stores) == TOTAL, "beans always add up to 72"
    assert all(isinstance(x, int) and x >= 0 for x in pits), "no negative pit"
    assert all(isinstance(x, int) and x >= 0 for x in stores), "no negative store"
    assert len(pits) in (4, 6, 8, 10, 12)
    n = len(pits) // 2
    actors = state.actors()
    phase = j["phase"]
    assert phase in ("play", "arrange", "over")
    if phase == "play":
        assert actors == frozenset({j["to_move"]})
        assert j["arranger"] is None and j["result"] is None
        legal = state.legal_actions(j["to_move"])
        assert legal, "the player to move has a pit of 2 or more"
        own = range(j["to_move"] * n, j["to_move"] * n + n)
        for a in legal:
            assert a["pit"] in own and pits[a["pit"]] >= 2
        assert state.legal_actions(1 - j["to_move"]) == []
        assert not state.is_terminal()
    elif phase == "arrange":
        arranger = j["arranger"]
        assert actors == frozenset({arranger})
        assert j["result"] is None
        other = range((1 - arranger) * n, (1 - arranger) * n + n)
        assert all(pits[i] == 0 for i in other), "the copy comes after the arrangement"
        row = pits[arranger * n : arranger * n + n]
        placed = sum(1 for x in row if x > 0)
        assert all(x > 0 for x in row[:placed]) and not any(row[placed:])
        left = stores[arranger]
        assert [a["place"] for a in state.legal_actions(arranger)] == list(
            range(1, left - (n - placed - 1) + 1)
        )
        assert state.legal_actions(1 - arranger) == []
        assert not state.is_terminal()
    else:
        assert actors == frozenset()
        assert state.is_terminal()
        assert state.legal_actions(0) == [] and state.legal_actions(1) == []
        r = state.result()
        if j["result"] == "draw":
            assert stores[0] == stores[1]
            assert r.ranks == (1, 1)
        else:
            w = j["result"]
            assert w in (0, 1)
            assert stores[w] > stores[1 - w], "the winner has more beans"
            assert r.ranks[w] == 1 and r.ranks[1 - w] == 2
    for p in (None, 0, 1):
        view = state.view(p)
        assert {k: v for k, v in view.items() if k != "viewer"} == j, "perfect information"


def play_random_match(game, seed: int, check_all: bool) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    state = game.new_state(2, seed)
    check_invariants(state)
    record: list[dict[str, Any]] = []
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return record
        (player,) = state.actors()
        legal = state.legal_actions(player)
        if check_all:
            for a in legal:  # every legal action applies
                c = state.clone()
                c.apply(player, a)
                check_invariants(c)
        action = rng.choice(legal)
        state.apply(player, action)
        check_invariants(state)
        # the position format carries the whole state
        again = game.from_json(json.loads(json.dumps(state.to_json())))
        assert canonical(again) == canonical(state)
        record.append({"player": player, "action": action.to_json(), "after": canonical(state)})
    pytest.fail(f"seed {seed}: the match did not end within {MAX_ACTIONS} actions")


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_random_matches_keep_the_invariants_and_end(options):
    game = spieltisch.load_game("mancala", **options)
    rounds_seen = set()
    for seed in range(60):
        record = play_random_match(game, seed, check_all=seed < 12)
        assert record
        rounds_seen.add(json.loads(record[-1]["after"])["round"])
    assert rounds_seen


def test_random_matches_reach_every_board_size():
    game = spieltisch.load_game("mancala", rounds=9, elimination=False)
    sizes = set()
    for seed in range(40):
        for step in play_random_match(game, 1000 + seed, check_all=False):
            sizes.add(len(json.loads(step["after"])["pits"]) // 2)
        if sizes >= {2, 3, 4, 5, 6}:
            break
    assert {5, 6} <= sizes


@pytest.mark.parametrize("options", [{}, {"round_end": "both", "chain": "all"}])
def test_replay_is_deterministic(options):
    game = spieltisch.load_game("mancala", **options)
    for seed in range(30):
        record = play_random_match(game, seed, check_all=False)
        text = json.dumps([(r["player"], r["action"]) for r in record])
        replayed = spieltisch.load_game("mancala", **options).new_state(2, seed)
        for r, (player, action) in zip(record, json.loads(text), strict=True):
            replayed.apply(player, action)
            assert json.dumps(replayed.to_json(), sort_keys=True) == r["after"]
        assert replayed.is_terminal()


def test_same_seed_same_start_and_different_seeds_differ():
    game = spieltisch.load_game("mancala")
    a = [canonical(game.new_state(2, s)) for s in range(32)]
    b = [canonical(spieltisch.load_game("mancala").new_state(2, s)) for s in range(32)]
    assert a == b
    assert len(set(a)) == 2  # only who moves first is drawn


# -- random positions ------------------------------------------------------------------------


@st.composite
def play_positions(draw):
    n = draw(st.integers(2, 6))
    pits = draw(st.lists(st.integers(0, 14), min_size=2 * n, max_size=2 * n))
    while sum(pits) > TOTAL:
        pits = [x // 2 for x in pits]
    spare = TOTAL - sum(pits)
    s0 = draw(st.integers(0, spare))
    to_move = draw(st.integers(0, 1))
    rounds = draw(st.integers(1, 9))
    return {
        "game": "mancala",
        "phase": "play",
        "pits": pits,
        "stores": [s0, spare - s0],
        "to_move": to_move,
        "first_mover": draw(st.integers(0, 1)),
        "arranger": None,
        "round": draw(st.integers(1, rounds)),
        "rounds": rounds,
        "result": None,
    }


@st.composite
def arrange_positions(draw):
    n = draw(st.integers(2, 6))
    arranger = draw(st.integers(0, 1))
    placed = draw(st.integers(0, n - 2))
    row = draw(st.lists(st.integers(1, 6), min_size=placed, max_size=placed)) + [0] * (n - placed)
    left = draw(st.integers(n - placed, 35 - sum(row)))
    pits = row + [0] * n if arranger == 0 else [0] * n + row
    stores = [0, 0]
    stores[arranger] = left
    stores[1 - arranger] = TOTAL - sum(row) - left
    return {
        "game": "mancala",
        "phase": "arrange",
        "pits": pits,
        "stores": stores,
        "to_move": 1 - arranger,
        "first_mover": 1 - arranger,
        "arranger": arranger,
        "round": 2,
        "rounds": 5,
        "result": None,
    }


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(play_positions(), arrange_positions()))
def test_random_positions_round_trip(p):
    game = spieltisch.load_game("mancala")
    s = game.from_json(p)
    out = s.to_json()
    assert {k: out[k] for k in RULINGS_KEYS} == p
    assert canonical(game.from_json(out)) == canonical(s)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(play_positions(), st.data())
def test_a_random_move_from_a_random_position(p, data):
    game = spieltisch.load_game("mancala")
    s = game.from_json(p)
    player = p["to_move"]
    legal = s.legal_actions(player)
    n = len(p["pits"]) // 2
    expected = {
        (i, d)
        for i in range(player * n, player * n + n)
        if p["pits"][i] >= 2
        for d in ("cw", "ccw")
    }
    assert {(a["pit"], a["direction"]) for a in legal} == expected
    if not legal:
        return
    action = data.draw(st.sampled_from(legal))
    mover_store = p["stores"][player]
    other_store = p["stores"][1 - player]
    s.apply(player, action)
    j = s.to_json()
    assert sum(j["pits"]) + sum(j["stores"]) == TOTAL
    assert all(x >= 0 for x in j["pits"])
    if j["phase"] == "play" and j["round"] == p["round"]:
        # a move only ever moves beans into the mover's store, never the opponent's
        assert j["stores"][player] >= mover_store
        assert j["stores"][1 - player] == other_store
        assert len(j["pits"]) == 2 * n
    check_invariants(s)
