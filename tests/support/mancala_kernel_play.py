"""Random play through the mancala rules' API, the way the compiled kernel plays it: choices
``legal[rng.below(len(legal))]`` from one ``core.Rng`` (the kernel's SplitMix64 stream), for
the tests that hold the kernel's rollouts and traces to the rules."""

from __future__ import annotations

from typing import Any

from spieltisch.core import Rng


def random_step(state: Any, rng: Rng) -> None:
    """One action of the one player who may act: ``legal[rng.below(len(legal))]``."""
    (actor,) = state.actors()
    legal = state.legal_actions(actor)
    state.apply(actor, legal[rng.below(len(legal))])


def mean_returns(state: Any, count: int, seed: int) -> list[float]:
    """What ``rollout`` is meant to be: ``count`` random games on from ``state`` through the
    API, their choices from one ``Rng(seed)``."""
    rng = Rng(seed)
    sums = [0.0, 0.0]
    for _ in range(count):
        s = state.clone()
        while not s.is_terminal():
            random_step(s, rng)
        for p, r in enumerate(s.result().returns):
            sums[p] += r
    return [x / count for x in sums]


def positions(game: Any, seed: int, every: int, most: int) -> list[Any]:
    """States along one random game: every ``every``-th position, up to ``most`` of them."""
    rng = Rng(seed)
    state = game.new_state(seed=seed)
    kept = []
    i = 0
    while not state.is_terminal() and len(kept) < most:
        if i % every == 0:
            kept.append(state.clone())
        random_step(state, rng)
        i += 1
    return kept


def api_game(game: Any, seed: int) -> tuple[Any, int]:
    """The random game of ``seed`` through the API as the kernel plays it (``new_state(seed)``,
    the first mover's draw by lot taken from ``Rng(seed)`` first): its last state and its
    number of actions."""
    rng = Rng(seed)
    if game.options["first_mover"] == "lot":
        rng.below(2)  # the draw new_state makes from Rng(seed)
    state = game.new_state(seed=seed)
    actions = 0
    while not state.is_terminal():
        random_step(state, rng)
        actions += 1
    return state, actions
