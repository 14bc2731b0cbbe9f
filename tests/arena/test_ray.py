"""Simulations and tournaments on Ray give the local run's results for the same seeds.

Ray starts once for this module (a local Ray with 2 CPUs, as ``--ray`` starts it): its
start-up is the slow part, the runs are small.
"""

from __future__ import annotations

import json

import pytest
import ray
from typer.testing import CliRunner

from spieltisch.arena.simulate import simulate
from spieltisch.arena.tournament import arena
from spieltisch.cli import app

TIMING = ("seconds", "games_per_s")


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def _untimed(data: dict) -> str:
    """The run without the machine's clock: its seconds, and each bot's thinking time (how
    many decisions it took stays)."""
    out = {k: v for k, v in data.items() if k not in TIMING}
    for bot in out.get("bots", {}).values():
        bot["thinking"] = {"decisions": bot["thinking"]["decisions"]}
    return json.dumps(out, sort_keys=True)


def test_simulate_on_ray_gives_the_local_summary_byte_for_byte() -> None:
    local = simulate("bibermania", 32, players=3, seed=7, bot_specs=["random", "heuristic"])
    advanced: list[int] = []
    on_ray = simulate(
        "bibermania",
        32,
        players=3,
        seed=7,
        bot_specs=["random", "heuristic"],
        ray=True,
        on_progress=advanced.append,
    )
    assert on_ray.games == 32 and sum(advanced) == 32 and len(advanced) > 1
    assert _untimed(on_ray.to_json()) == _untimed(local.to_json())


def test_arena_on_ray_gives_the_local_tournament() -> None:
    bots = ["random", "alphabeta:depth=2"]
    local = arena("kalah", bots, 30, seed=3).to_json()
    advanced: list[int] = []
    on_ray = arena("kalah", bots, 30, seed=3, ray=True, on_progress=advanced.append).to_json()
    assert sum(advanced) == 30
    assert _untimed(on_ray) == _untimed(local)


def test_the_cli_runs_simulate_and_arena_on_ray() -> None:
    runner = CliRunner()
    args = ["simulate", "mancala", "-n", "40", "--json", "--no-kernel", "-o", "rounds=1"]
    local = runner.invoke(app, args)
    on_ray = runner.invoke(app, [*args, "--ray"])
    assert on_ray.exit_code == 0, on_ray.output
    assert _untimed(json.loads(on_ray.stdout.splitlines()[-1])) == _untimed(
        json.loads(local.stdout.splitlines()[-1])
    )
    args = ["arena", "bibermania", "--bots", "random,heuristic", "-n", "8", "--json"]
    local = runner.invoke(app, args)
    on_ray = runner.invoke(app, [*args, "--ray"])
    assert on_ray.exit_code == 0, on_ray.output
    assert _untimed(json.loads(on_ray.stdout.splitlines()[-1])) == _untimed(
        json.loads(local.stdout.splitlines()[-1])
    )


def test_a_ctrl_c_cancels_the_tasks_still_out(tmp_path) -> None:
    """Interrupted after the first task is back, ``run_tasks`` cancels the others, running and
    queued: none of them plays to its end (each would leave a file there), where without the
    cancel all three end within seconds."""
    import time

    from spieltisch.arena.ray_runner import run_tasks

    def task(k: int) -> int:
        if k:
            time.sleep(4.0)
            (tmp_path / f"ended-{k}").write_text("")
        return k

    def interrupt(i: int, result: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tasks(task, [(0,), (1,), (2,), (3,)], interrupt)
    time.sleep(9.0)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_the_ray_example_simulates(monkeypatch, capsys) -> None:
    import runpy
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "ray_simulation.py"
    monkeypatch.setattr(sys, "argv", ["ray_simulation.py", "--games", "120", "--players", "2"])
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    assert "120 games, 0 errors" in out and "seat 1: win rate" in out
