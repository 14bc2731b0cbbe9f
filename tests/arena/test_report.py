"""The balance report: a page that works offline, a PNG and a CSV per figure, and numbers that
are the run's JSON."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.arena.report import write_report
from spieltisch.arena.tournament import arena
from spieltisch.cli import app

runner = CliRunner()

FIGURES = ("bots", "seats", "ratings", "lengths", "scores", "stats", "actions")


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    run = arena("maumau", ["random", "maumau"], 4, seed=7)
    folder = tmp_path_factory.mktemp("report")
    data = run.to_json()
    write_report(run, folder, data)
    return folder, data


def test_every_figure_has_its_png_and_csv_and_the_page_shows_them(report) -> None:
    folder, _ = report
    page = (folder / "index.html").read_text(encoding="utf-8")
    for name in FIGURES:
        assert (folder / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert (folder / f"{name}.csv").is_file(), name
        assert f'src="{name}.png"' in page and f'href="{name}.csv"' in page
    assert (folder / "metrics.csv").is_file()
    # offline: nothing fetched from elsewhere, no script at all
    assert "<script" not in page and not re.search(r'(src|href)="(https?:)?//', page)
    for heading in ("Metrics", "Win rate by seat", "Rating convergence", "Game length"):
        assert heading in page


def test_the_csvs_hold_the_numbers_of_the_json(report) -> None:
    folder, data = report
    assert json.loads((folder / "arena.json").read_text(encoding="utf-8")) == data
    for row in _rows(folder / "bots.csv"):
        bot = data["bots"][row["bot"]]
        assert float(row["score_share"]) == bot["score_share"]
        assert [float(row["ci_low"]), float(row["ci_high"])] == bot["score_share_ci"]
        assert float(row["mu"]) == bot["rating"]["mu"] and row["verdict"] == bot["verdict"]
        assert row["games_to_separate"] == str(bot["games_to_separate"] or "")
        assert int(row["decisions"]) == bot["thinking"]["decisions"] > 0
        assert float(row["max_s_per_decision"]) == bot["thinking"]["max_s"]
        assert float(row["mean_s_per_decision"]) == bot["thinking"]["mean_s"]
    seats = _rows(folder / "seats.csv")
    assert [int(r["seat"]) for r in seats] == [s["seat"] for s in data["seats"]]
    for row, seat in zip(seats, data["seats"], strict=True):
        assert float(row["win_share"]) == seat["win_share"]
        assert [float(row["ci_low"]), float(row["ci_high"])] == seat["win_share_ci"]
        assert int(row["wins"]) == seat["wins"]
    metrics = {r["metric"]: float(r["value"]) for r in _rows(folder / "metrics.csv")}
    assert metrics["balance"] == data["metrics"]["balance"]
    assert metrics["duration mean"] == data["metrics"]["duration"]["mean"]
    lengths = [int(r["actions"]) for r in _rows(folder / "lengths.csv")]
    assert len(lengths) == data["games"]
    assert sum(lengths) / len(lengths) == data["metrics"]["duration"]["mean"]
    ratings = _rows(folder / "ratings.csv")
    last = {r["bot"]: float(r["mu"]) for r in ratings if int(r["game"]) == data["games"] - 1}
    assert last == {name: b["rating"]["mu"] for name, b in data["bots"].items()}
    stats = {r["stat"]: float(r["mean_per_game"]) for r in _rows(folder / "stats.csv")}
    assert stats == {k: v["mean"] for k, v in data["stats"].items()} and stats
    scores = _rows(folder / "scores.csv")
    assert len(scores) == data["games"] * data["players"]
    assert sum(float(r["share"]) for r in scores) == pytest.approx(data["games"])


def test_a_game_without_counts_of_its_own_says_so(tmp_path: Path) -> None:
    args = ["arena", "kalah", "--bots", "random,random", "-n", "4", "--json"]
    out = runner.invoke(app, [*args, "--report", str(tmp_path / "r")])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert json.loads((tmp_path / "r" / "arena.json").read_text(encoding="utf-8")) == data
    page = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    assert "reports no counts of its own" in page
    assert (tmp_path / "r" / "actions.png").is_file()
    assert "balance report" in out.stderr


def test_a_bot_that_never_won_gets_its_figure(tmp_path: Path) -> None:
    """Random against alpha-beta in 12 Kalah games: a share of exactly nought, where Wilson's
    lower bound once came out 2.8e-17 above it and the figure's error bar negative."""
    run = arena("kalah", ["random", "alphabeta:depth=3"], 12, seed=1)
    data = run.to_json()
    assert data["bots"]["random"]["score_share"] == 0.0 and data["games"] == 12
    write_report(run, tmp_path, data)
    assert (tmp_path / "bots.png").is_file() and (tmp_path / "seats.png").is_file()


def test_the_results_are_printed_before_the_report_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A report that fails must not take the run's results along: they are out first."""
    from spieltisch.arena import report as report_module

    def broken(*args, **kwargs):
        raise RuntimeError("the figure failed")

    monkeypatch.setattr(report_module, "write_report", broken)
    args = ["arena", "kalah", "--bots", "random,random", "-n", "2", "--json"]
    out = runner.invoke(app, [*args, "--report", str(tmp_path / "r")])
    assert isinstance(out.exception, RuntimeError)
    assert json.loads(out.stdout.strip().splitlines()[-1])["games"] == 2


def test_a_run_in_which_every_game_failed_still_gets_its_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spieltisch.arena import tournament

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(tournament, "play_game", broken)
    run = arena("kalah", ["random", "random"], 3)
    page = write_report(run, tmp_path).read_text(encoding="utf-8")
    assert "errors 3" in page and run.to_json()["games"] == 0
    assert all((tmp_path / f"{name}.png").is_file() for name in FIGURES if name != "stats")


def test_the_page_of_an_interrupted_run_says_so(tmp_path: Path) -> None:
    told: list[int] = []

    def progress(k: int) -> None:
        told.append(k)
        if len(told) == 3:
            raise KeyboardInterrupt

    run = arena("kalah", ["random", "alphabeta:depth=1"], 10, on_progress=progress)
    page = write_report(run, tmp_path).read_text(encoding="utf-8")
    assert "interrupted after 3 of its 10 games" in page
    assert "Not every deal was played in all its seatings" in page  # the 3rd deal's 1st seating


def test_the_page_of_a_continued_run_says_which_games_it_holds(tmp_path: Path) -> None:
    run = arena("kalah", ["random", "alphabeta:depth=1"], 6, seed=2, first=3)
    page = write_report(run, tmp_path).read_text(encoding="utf-8")
    assert "It continues a run: these are its games 3 to 5" in page
    assert "Not every deal was played in all its seatings" in page  # game 3: a deal's 2nd
