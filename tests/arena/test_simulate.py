"""The simulator: seeds, seats, errors counted, records written."""

from __future__ import annotations

from pathlib import Path

import pytest
from interrupts import interrupt_at

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


def test_random_bots_play_on_the_kernel_reproducibly_with_any_workers() -> None:
    one = sim.simulate("kalah", 300, seed=5)
    assert one.engine == "kernel" and one.games == 300 and one.errors == 0
    again = sim.simulate("kalah", 300, seed=5, workers=2)
    assert again.to_json()["seats"] == one.to_json()["seats"]
    assert again.actions == one.actions
    assert sum(s.wins + s.draws for s in one.seats) >= 300  # each game has a winner or a draw


def test_the_kernel_plays_the_games_the_api_plays_in_distribution() -> None:
    """The differential test holds the kernel to the rules position by position; here the
    summaries of many random games agree too (length and score within a few standard errors)."""
    kernel = sim.simulate("kalah", 3000, seed=11)
    api = sim.simulate("kalah", 3000, seed=11, kernel=False)
    assert kernel.engine == "kernel" and api.engine == "api"
    assert abs(kernel.actions / 3000 - api.actions / 3000) < 1.0  # sd of a length ~10
    for k, a in zip(kernel.seats, api.seats, strict=True):
        assert abs(k.score_sum / 3000 - a.score_sum / 3000) < 1.0  # sd of a score ~9


def test_records_or_a_bot_that_is_not_random_keep_the_api(tmp_path) -> None:
    assert sim.simulate("kalah", 3, record_dir=tmp_path).engine == "api"
    assert len(list(tmp_path.glob("*.json"))) == 3
    assert sim.simulate("kalah", 2, bot_specs=["random", "alphabeta:depth=1"]).engine == "api"
    assert sim.simulate("bibermania", 2).engine == "api"  # no kernel


def test_an_interrupted_run_keeps_the_chunks_it_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the third chunk of six games: the run is the first two, as a run of twelve
    would be, marked interrupted."""
    # game 14 of 50 from seed 1: in the third chunk of 50 // 8 = 6 games
    interrupt_at(monkeypatch, sim, 1 + 14)
    summary = sim.simulate("kalah", 50, seed=1, kernel=False)
    assert summary.interrupted and summary.games == 12
    twelve = sim.simulate("kalah", 12, seed=1, kernel=False)
    assert not twelve.interrupted
    data, whole = summary.to_json(), twelve.to_json()
    assert data.pop("interrupted") and not whole.pop("interrupted")
    for one in (data, whole):
        one.pop("seconds"), one.pop("games_per_s")
    assert data == whole


def test_an_interrupted_run_on_workers_stops_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ctrl-C reaches the host while it waits: it keeps the chunks that came back (in chunk
    order) and stops the workers rather than let them play on."""
    log = tmp_path / "started"
    interrupt_at(monkeypatch, sim, -1, log)
    told: list[int] = []

    def progress(k: int) -> None:
        told.append(k)
        if len(told) == 2:
            raise KeyboardInterrupt

    summary = sim.simulate("kalah", 400, workers=2, kernel=False, on_progress=progress)
    assert summary.interrupted and summary.games == sum(told) == 2 * 25  # 400 // 16 a chunk
    assert len(log.read_text(encoding="utf-8").split()) < 400 - 4 * 25


def test_the_cli_prints_an_interrupted_simulation_and_exits_130(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    from typer.testing import CliRunner

    from spieltisch.cli import app

    interrupt_at(monkeypatch, sim, 9)  # 40 games from seed 0 in chunks of 5: the second chunk
    args = ["simulate", "kalah", "-n", "40", "--no-kernel"]
    out = CliRunner().invoke(app, [*args, "--json"])
    assert out.exit_code == 130, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["interrupted"] and data["games"] == 5
    assert "interrupted: the results above count the 5 of 40 games played" in out.stderr
    out = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert out.exit_code == 130 and "kalah: 5 games (interrupted)" in out.stdout
