"""Resampling keeps what open offers show, even offers made before the cards they give were
planted or traded away (found by the server's secrecy test: ``resample`` ran out of cards)."""

from __future__ import annotations

import pytest

from spieltisch.core import Rng
from spieltisch.registry import load_game


@pytest.mark.parametrize(("seed", "steps"), [(21, 247), (49, 297)])
def test_resample_after_stale_offers(seed: int, steps: int) -> None:
    game = load_game("ladybohn")
    rng = Rng(seed)
    state = game.new_state(4, seed)
    for _ in range(steps):
        actors = [p for p in sorted(state.actors()) if state.legal_actions(p)]
        p = rng.choice(actors)
        state.apply(p, rng.choice(state.legal_actions(p)))
    for viewer in range(4):
        other = state.resample(viewer, Rng(steps - 1))  # the draw that ran out
        # the viewer sees the same table, and every hand keeps its size
        assert other.view(viewer) == state.view(viewer)
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
