"""The command line as a user meets it: simulate, replay, rules, play."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli import app
from spieltisch.core import Record
from spieltisch.registry import replay
from spieltisch.tui.play import TerminalGame

runner = CliRunner()


def test_simulate_json_summary_is_the_last_line() -> None:
    out = runner.invoke(app, ["simulate", "mancala", "-n", "30", "--json", "--seed", "5"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["game"] == "mancala" and data["games"] == 30 and data["errors"] == 0
    assert data["players"] == 2 and len(data["seats"]) == 2
    seats = data["seats"]
    assert sum(s["wins"] for s in seats) + seats[0]["draws"] == 30
    assert data["games_per_s"] > 0


def test_simulate_with_workers_gives_the_same_games() -> None:
    args = ["simulate", "mancala", "-n", "24", "--json", "-o", "rounds=2"]
    one = json.loads(runner.invoke(app, args).stdout.strip().splitlines()[-1])
    two = json.loads(runner.invoke(app, [*args, "--workers", "2"]).stdout.strip().splitlines()[-1])
    assert one["seats"] == two["seats"] and one["mean_actions"] == two["mean_actions"]


def test_records_written_by_simulate_replay_identically(tmp_path: Path) -> None:
    out = runner.invoke(
        app, ["simulate", "kalah", "-n", "5", "--record-dir", str(tmp_path), "--json"]
    )
    assert out.exit_code == 0, out.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 5
    for f in files:
        record = Record.load(f)
        direct = replay(record).to_json_text()
        shown = runner.invoke(app, ["replay", str(f), "--json"])
        assert shown.exit_code == 0 and shown.stdout.strip() == direct
    human = runner.invoke(app, ["replay", str(files[0])])
    assert "Result:" in human.stdout


def test_rules_list_every_option_with_its_default() -> None:
    out = runner.invoke(app, ["rules", "mancala"], env={"COLUMNS": "200"})
    assert out.exit_code == 0
    for opt in spieltisch.load_game("mancala").OPTIONS:
        assert opt.name in out.stdout
    assert "single beans" in out.stdout


def test_rules_list_what_is_reconstructed_and_a_loaded_file_changes_it(tmp_path: Path) -> None:
    out = runner.invoke(app, ["rules", "mutterboehnchen"], env={"COLUMNS": "300"})
    assert out.exit_code == 0
    assert "Reconstructed" in out.stdout
    assert "2-rattle Baby count: blue, chili" in out.stdout
    assert "special bean texts and effects: Arbeitstier, Faulpelz" in out.stdout
    assert "Reconstructed" not in runner.invoke(app, ["rules", "mancala"]).stdout
    # a table with printed cards marks them so: the line goes
    from importlib import resources

    built_in = resources.files("spieltisch.games.mutterboehnchen").joinpath("cards.toml")
    text = built_in.read_text(encoding="utf-8").replace(
        'effect = "play_rearmost_too"\nstatus = "reconstructed"',
        'effect = "play_rearmost_too"\nstatus = "printed"',
    )
    assert "printed" in text
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    game = spieltisch.load_game("mutterboehnchen", cards=str(tmp_path / "mine.toml"))
    (texts,) = [line for line in game.reconstructed() if line.startswith("special")]
    assert "Arbeitstier" not in texts and "Faulpelz" in texts


def test_bad_input_gives_a_clear_error_and_exit_code_2(tmp_path: Path) -> None:
    cases = [
        (["simulate", "schach"], "unknown game"),
        (["simulate", "mancala", "-o", "rounds=zero"], "whole number"),
        (["simulate", "mancala", "--bots", "nobot"], "no bot 'nobot'"),
        (["simulate", "mancala", "--players", "3"], "played by 2 players"),
        (["replay", str(tmp_path / "none.json")], "no such file"),
    ]
    for args, message in cases:
        out = runner.invoke(app, args, env={"COLUMNS": "200"})
        assert out.exit_code == 2, (args, out.output)
        assert message in out.stderr, (args, out.stderr)


def _scripted(lines: list[str]) -> tuple[list[str], Callable[[str], str]]:
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if not lines:
            raise EOFError
        return lines.pop(0)

    return asked, ask


def test_terminal_play_refuses_bad_moves_and_undoes_against_a_bot() -> None:
    game = spieltisch.load_game("mancala", first_mover="0", rounds=1)
    buf = io.StringIO()
    console = Console(file=buf, width=100, force_terminal=False)
    # a single bean, an opponent's pit, gibberish, then a real move, undo, and quit
    lines = ["12 cw", "7 cw", "hello", "help", "0 cw", "undo", "quit"]
    _asked, ask = _scripted(lines)
    host = TerminalGame(game, ["human", "random"], seed=0, console=console, ask=ask)
    host.run()
    text = buf.getvalue()
    assert "pit is a number from 0 to 11" in text
    assert "belongs to your opponent" in text
    assert "type a pit and a direction" in text
    assert "Legal now:" in text
    assert "taken back" in text
    assert host.record.actions == []  # the move and the bot's answer are gone
    assert host.state.to_json_text() == game.new_state(2, 0).to_json_text()


def test_a_whole_game_of_two_bots_is_shown_to_the_end() -> None:
    game = spieltisch.load_game("mancala", rounds=2)
    buf = io.StringIO()
    host = TerminalGame(game, ["random", "random"], 3, Console(file=buf, width=100))
    final = host.run()
    assert final.is_terminal()
    assert "Game over" in buf.getvalue()
    assert replay(Record.from_json(host.record.to_json())).to_json_text() == final.to_json_text()


def test_replay_ends_with_how_the_scores_came_about_in_either_language(tmp_path: Path) -> None:
    """A finished record's replay shows the result screen's rows (issue #15): Bohnanza counts
    each player's coins, the seat's own count beside its name, and the words follow --lang."""
    args = ["simulate", "bohnanza", "-n", "1", "--seed", "3", "--bots", "trader"]
    out = runner.invoke(app, [*args, "--record-dir", str(tmp_path)])
    assert out.exit_code == 0, out.output
    (file,) = tmp_path.glob("*.json")
    state = replay(Record.load(file))
    coins = [len(c) for c in state.coins]
    assert len(set(coins)) > 1  # seats told apart by their counts
    english = runner.invoke(app, ["replay", str(file), "--lang", "en"], env={"COLUMNS": "300"})
    assert english.exit_code == 0, english.output
    assert "How the scores came about:" in english.stdout
    row = next(line for line in english.stdout.splitlines() if line.strip().startswith("Coins"))
    assert row.split("—")[1].strip() == " · ".join(f"player {p}: {c}" for p, c in enumerate(coins))
    german = runner.invoke(app, ["replay", str(file), "--lang", "de"], env={"COLUMNS": "300"})
    assert "So kamen die Punkte zustande:" in german.stdout
    assert any(line.strip().startswith("Taler —") for line in german.stdout.splitlines())
    wrong = runner.invoke(app, ["replay", str(file), "--lang", "fr"])
    assert wrong.exit_code == 2 and "the languages are en, de" in wrong.output
