"""Hand-made mancala positions for the rulings' tests, in the rulings' position format."""

from __future__ import annotations

import json
from typing import Any

import pytest

import spieltisch
from spieltisch import IllegalAction

# the options of the first circle random play found (a pair of beans walking round the ring
# while the other player passes, every move forced), and its seed: the circling rule's case
CIRCLING: dict[str, Any] = {
    "pits": 8,
    "seeds": 5,
    "directions": "ccw",
    "capture_after_lap": True,
    "chain": "all",
    "round_end": "both",
}
CIRCLING_SEED = 1675667

# options under which play can go round for ever through a choice (session 11's review): on a
# 2x2 board the position [1, 1, 0, 0], stores 35 : 35, player 0 to move, lies in a closed set
# of positions none of which ends the round; the repetition rule's case
LOOP: dict[str, Any] = {
    "directions": "ccw",
    "min_pick": 1,
    "round_end": "both",
    "capture_after_lap": True,
}

TOTAL = 72

# -- helpers -----------------------------------------------------------------------------------


def position(
    pits: list[int],
    stores: list[int] | None = None,
    *,
    to_move: int = 0,
    first_mover: int | None = None,
    phase: str = "play",
    arranger: int | None = None,
    round_no: int = 1,
    rounds: int = 5,
    total: int = TOTAL,
) -> dict[str, Any]:
    """A position in the rulings' format; spare beans go into the stores."""
    if stores is None:
        spare = total - sum(pits)
        stores = [spare // 2, spare - spare // 2]
    assert sum(pits) + sum(stores) == total, "the test's own position must hold all beans"
    return {
        "game": "mancala",
        "phase": phase,
        "pits": list(pits),
        "stores": list(stores),
        "to_move": to_move,
        "first_mover": to_move if first_mover is None else first_mover,
        "arranger": arranger,
        "round": round_no,
        "rounds": rounds,
        "result": None,
    }


def load(pits: list[int], stores: list[int] | None = None, options: dict | None = None, **kw):
    game = spieltisch.load_game("mancala", **(options or {}))
    return game.from_json(position(pits, stores, total=game.total_beans, **kw))


def text(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def beans(state) -> int:
    j = state.to_json()
    return sum(j["pits"]) + sum(j["stores"])


def move(state, player: int, pit: int, direction: str):
    before = beans(state)
    events = state.apply(player, {"pit": pit, "direction": direction})
    assert beans(state) == before, "beans are conserved"
    assert all(x >= 0 for x in state.to_json()["pits"])
    return events


def place(state, player: int, k: int):
    events = state.apply(player, {"place": k})
    assert beans(state) == TOTAL
    return events


def board(state) -> tuple[list[int], list[int]]:
    j = state.to_json()
    return j["pits"], j["stores"]


def event_of(events, kind: str):
    found = [e for e in events if e.type == kind]
    assert found, f"no {kind} event in {events}"
    return found[0]


def refused(state, player: int, action: dict) -> None:
    before = text(state)
    with pytest.raises(IllegalAction):
        state.apply(player, action)
    assert text(state) == before, "an illegal action changes nothing"


# the round-ending move used by the round-end tests: player 0 sows pit 0 (2 beans) ccw into
# pits 1 and 2, lands in its own empty pit 2, captures the empty pits 9, 8, 7 (nothing), and is
# left with singles only; the sweep then adds 2 to each store.
ENDER = [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]


def end_round(stores: list[int], options: dict | None = None, **kw):
    s = load(ENDER, stores, options, to_move=0, **kw)
    events = move(s, 0, 0, "ccw")
    return s, events


def kalah_at(pits: list[int], stores: list[int], to_move: int = 0) -> Any:
    """A Kalah position in play: ``pits`` (12, player 0's six first), ``stores``, who moves."""
    game = spieltisch.load_game("kalah")
    return game.from_json({"phase": "play", "pits": pits, "stores": stores, "to_move": to_move})
