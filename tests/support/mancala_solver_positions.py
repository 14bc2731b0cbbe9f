"""Tiny mancala positions for the round solver's tests, and a plain negamax through the rules'
own API (``clone``, ``legal_actions``, ``apply``) as their reference.

The solver values a position by the beans the mover gains over the opponent from here to the
round's end (``solver.py``'s docstring); the reference counts the same thing on the stores of
the rules' states, one round to a game (``rounds=1``), so the round's end is the game's."""

from __future__ import annotations

from typing import Any

from mancala_positions import position

import spieltisch


def game(preset: str, **options: Any) -> Any:
    """A one-round game of ``preset`` (``kalah`` or ``mancala``, the sheet's)."""
    return spieltisch.load_game(preset, rounds=1, **options)


def at(g: Any, pits: list[int], to_move: int = 0) -> Any:
    """The position ``pits`` of ``g`` in play, ``to_move`` to move, the spare beans stored."""
    return g.from_json(position(list(pits), total=g.total_beans, rounds=1, to_move=to_move))


def margin(state: Any, player: int) -> int:
    stores = state.to_json()["stores"]
    return stores[player] - stores[1 - player]


def after(state: Any, action: Any) -> tuple[Any, int, int]:
    """The position after ``action`` of the player to move: (state, their gain, next mover or
    -1 when the round is over); the gain counts the sweep of a round's end."""
    (mover,) = state.actors()
    child = state.clone()
    child.apply(mover, action)
    gain = margin(child, mover) - margin(state, mover)
    if child.is_terminal():
        return child, gain, -1
    (nxt,) = child.actors()
    return child, gain, nxt


def value(
    state: Any, depth: int | None = None, path: frozenset = frozenset(), memo: dict | None = None
) -> int:
    """The mover's beans over the opponent's from here to the round's end under perfect play
    (``depth``: to that many plies, each sowing one, the rest worth 0). A position that comes
    back on a line is refused: the solver does not search the circling and repetition rules,
    so these tests keep to rounds that cannot circle."""
    (mover,) = state.actors()
    key = (tuple(state.to_json()["pits"]), mover)
    assert key not in path, f"{key} comes back: not a position for these tests"
    memo = {} if memo is None else memo
    if (key, depth) not in memo:
        memo[key, depth] = max(
            move_value(state, action, depth, path | {key}, memo)
            for action in state.legal_actions(mover)
        )
    return memo[key, depth]


def move_value(
    state: Any,
    action: Any,
    depth: int | None = None,
    path: frozenset = frozenset(),
    memo: dict | None = None,
) -> int:
    """One move's value for the mover, as ``value``."""
    (mover,) = state.actors()
    child, gain, nxt = after(state, action)
    if nxt < 0 or depth == 1:
        return gain
    rest = value(child, None if depth is None else depth - 1, path, memo)
    return gain + rest if nxt == mover else gain - rest


def move_key(action: Any) -> tuple[int, int]:
    """An action as the solver names a move: (pit, +1 for ccw or -1 for cw)."""
    return action["pit"], 1 if action["direction"] == "ccw" else -1
