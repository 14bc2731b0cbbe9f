"""The bench measures ours beside OpenSpiel's peer in one run and reports the ratios."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from spieltisch.arena.bench import run_bench
from spieltisch.cli import app


def test_maumau_is_measured_beside_crazy_eights() -> None:
    result = run_bench("maumau", seconds=0.1, seed=3)
    res = result["results"]
    assert set(res) == {"maumau_api", "maumau_step", "openspiel_python", "openspiel_cpp"}
    assert result["players"] == 4
    assert res["maumau_api"]["games"] >= 1 and res["maumau_api"]["actions_per_game"] > 10
    assert res["openspiel_python"]["label"] == "OpenSpiel crazy_eights Py loop"
    assert res["openspiel_python"]["actions_per_game"] > 10
    assert result["ratios"]["api/py actions"] > 0
    assert result["openspiel"]["available"] is True


def test_a_search_step_is_a_clone_then_legal_actions_then_apply() -> None:
    result = run_bench("bibermania", seconds=0.1, seed=1)
    step = result["results"]["bibermania_step"]
    api = result["results"]["bibermania_api"]
    # a step does all an API action does, and a clone besides
    assert 0 < step["us_per_clone"] < step["us_per_step"]
    assert step["actions_per_game"] > 10 and api["actions_per_game"] > 10
    # a game no peer plays is measured against OpenSpiel's Kalah per action
    assert set(result["ratios"]) == {"api/py actions"}
    assert result["results"]["openspiel_python"]["label"] == "OpenSpiel mancala Py loop"


def test_the_cli_measures_several_games_into_one_summary(tmp_path) -> None:
    out = tmp_path / "bench.json"
    run = CliRunner().invoke(
        app, ["bench", "bibermania", "maumau", "--seconds", "0.1", "--json", "--save", str(out)]
    )
    assert run.exit_code == 0, run.output
    printed = json.loads(run.output.strip().splitlines()[-1])
    assert [g["game"] for g in printed["games"]] == ["bibermania", "maumau"]
    assert [row["game"] for row in printed["summary"]] == ["bibermania", "maumau"]
    for row in printed["summary"]:
        assert row["api_us_per_action"] > 0 and row["step_us"] > 0 and row["clone_us"] > 0
        assert row["ratios"]["api/py actions"] > 0
    assert json.loads(out.read_text())["summary"] == printed["summary"]


def test_the_cli_prints_one_table_for_a_game() -> None:
    run = CliRunner().invoke(app, ["bench", "bibermania", "--seconds", "0.1"])
    assert run.exit_code == 0, run.output
    assert "bibermania, 4 players" in run.output  # the game's table
    assert "Ours / OpenSpiel's yardstick" in run.output and "×" in run.output  # the summary


def test_an_unknown_game_is_refused_with_the_list() -> None:
    with pytest.raises(Exception, match="mancala"):
        run_bench("nosuchgame", seconds=0.1)
    run = CliRunner().invoke(app, ["bench", "kalah", "nosuchgame", "--seconds", "0.1"])
    assert run.exit_code == 2 and "mancala" in run.output


def test_mancala_is_measured_beside_openspiels_python_and_cpp_loops() -> None:
    result = run_bench("kalah", seconds=0.1, seed=1)
    json.dumps(result)  # JSON-ready
    res = result["results"]
    assert {"kalah_api", "kalah_step", "openspiel_python", "openspiel_cpp"} <= set(res)
    assert res["kalah_api"]["actions_per_game"] > 20
    # C++ plays out of our sight: its actions per second are its games per second times the
    # mean length of the same random games in the Python loop
    cpp, py = res["openspiel_cpp"], res["openspiel_python"]
    assert cpp["actions_estimated"] and cpp["actions_per_game"] == py["actions_per_game"]
    assert result["ratios"]["api/py actions"] > 0
    # the compiled kernel, which the game hands out itself (Game.kernel())
    kernel = res["kalah_kernel"]
    assert kernel["label"] == "kalah kernel" and kernel["games"] >= 256
    assert 30 < kernel["actions_per_game"] < 60  # random Kalah games, as in the loops
    assert result["ratios"]["kernel/cpp games"] > 0
    # the loop's own floor: a game that does nothing, played the same way
    floor = res["python_floor"]
    assert floor["label"] == "Py loop, a game doing nothing"
    assert floor["actions_per_game"] == 44 and floor["games"] > 0
    assert result["ratios"]["floor/py actions"] > 0


def test_the_sheet_game_is_compared_per_action_with_its_kernel() -> None:
    result = run_bench("mancala", seconds=0.1, seed=2)
    assert {"mancala_api", "mancala_step", "mancala_kernel"} <= set(result["results"])
    assert set(result["ratios"]) == {"api/py actions", "kernel/cpp actions"}
