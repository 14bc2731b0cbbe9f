"""The simulator: seeds, seats, errors counted, records written."""

from __future__ import annotations

from pathlib import Path

import pytest

from spieltisch.arena import simulate as sim
from spieltisch.core import OptionError, Record
from spieltisch.registry import replay


def test_a_failing_game_is_counted_with_its_seed_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = sim.play_game

    def flaky(game, bots, seed, seats=None):
        if seed == 3:
            raise RuntimeError("boom")
        return real(game, bots, seed, seats=seats)

    monkeypatch.setattr(sim, "play_game", flaky)
    # through the API: random bots would otherwise play on mancala's kernel
    summary = sim.simulate("mancala", 6, seed=1, options={"rounds": 1}, kernel=False)
    assert summary.games == 5 and summary.errors == 1
    assert summary.error_samples == ["seed 3: RuntimeError: boom"]


def test_progress_is_reported_for_every_game() -> None:
    seen: list[int] = []
    sim.simulate("kalah", 17, on_progress=seen.append)
    assert sum(seen) == 17


def test_seats_repeat_a_short_bot_list_and_refuse_a_long_one() -> None:
    assert sim.seat_specs(["random"], 2) == ["random", "random"]
    with pytest.raises(OptionError, match="3 bots given for 2 seats"):
        sim.seat_specs(["random"] * 3, 2)
    with pytest.raises(OptionError, match="at least one game"):
        sim.simulate("mancala", 0)


def test_records_name_the_seats_and_replay(tmp_path: Path) -> None:
    summary = sim.simulate("mancala", 3, seed=10, record_dir=tmp_path, options={"rounds": 2})
    assert summary.games == 3
    for seed in (10, 11, 12):
        rec = Record.load(tmp_path / f"mancala-{seed}.json")
        assert rec.seats == ["random", "random"] and rec.seed == seed
        assert replay(rec).is_terminal()
