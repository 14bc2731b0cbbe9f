"""The terminal in German: ``spieltisch play ... --lang de`` (or ``LANG=de_DE...``) says the
game's board, actions and log lines with the game's German words; English stays the default."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli import app
from spieltisch.tui.play import TerminalGame

runner = CliRunner()
BOTS = ["play", "kalah", "--seats", "random,random", "--seed", "3"]


def test_a_bots_game_in_german() -> None:
    out = runner.invoke(app, [*BOTS, "--lang", "de"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.stdout
    text = out.stdout
    assert "Kalah (wie OpenSpiels mancala)" in text  # the game's title in German
    assert "Runde 1 von 1 · Brett 2×6" in text  # the board's head
    assert "Speicher" in text
    assert "sät Mulde" in text and "gegen den Uhrzeigersinn" in text  # the log
    assert "Runde 1 ist vorbei" in text
    assert "gewinnt das Match (mehr Bohnen nach der einzigen Runde)." in text
    assert "Spielende:" in text
    for english in ("sows pit", "counter-clockwise", "wins the match", "Game over", "store"):
        assert english not in text


def test_the_language_comes_from_the_environment_and_defaults_to_english() -> None:
    german = runner.invoke(app, BOTS, env={"COLUMNS": "200", "LANG": "de_DE.UTF-8"})
    assert "gewinnt das Match" in german.stdout
    english = runner.invoke(app, BOTS, env={"COLUMNS": "200", "LANG": "C", "LANGUAGE": ""})
    assert "wins the match (more beans after the only round)." in english.stdout
    assert "sows pit" in english.stdout and "Game over:" in english.stdout
    # the flag wins over the environment
    flagged = runner.invoke(app, [*BOTS, "--lang", "en"], env={"LANG": "de_DE.UTF-8"})
    assert "wins the match" in flagged.stdout


def test_an_unknown_language_is_refused() -> None:
    out = runner.invoke(app, [*BOTS, "--lang", "fr"])
    assert out.exit_code != 0
    assert "de, en" in out.output or "en, de" in out.output


def test_a_person_plays_in_german() -> None:
    game = spieltisch.load_game("mancala", first_mover="0", rounds=1)
    buf = io.StringIO()
    lines = ["help", "0 cw", "quit"]

    def ask(_prompt: str) -> str:
        return lines.pop(0)

    host = TerminalGame(
        game, ["human", "random"], seed=0, console=Console(file=buf, width=200), ask=ask, lang="de"
    )
    host.run()
    text = buf.getvalue()
    assert "Jetzt erlaubt: Mulde 1 gegen den Uhrzeigersinn säen" in text  # the game's own words
    assert "Spieler 0 sät Mulde 1 im Uhrzeigersinn:" in text  # the person's own move, logged
    assert "Das Spiel bleibt unbeendet." in text
