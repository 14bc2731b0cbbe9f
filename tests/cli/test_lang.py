"""The terminal in German: ``spieltisch play ... --lang de`` (or ``LANG=de_DE...``) says the
game's board, actions and log lines with the game's German words; English stays the default."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli import app, console
from spieltisch.tui.play import TerminalGame
from spieltisch.tui.realtime import FakeTime, RealtimeGame, ScriptedLines

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


# -- every game's terminal in German ---------------------------------------------------------------

# English words of the screens (boards, prompts, help, menus, end lines) that a German session
# must not show; what a person types ('plant 1', 'done') is quoted and left out of the check
ENGLISH = re.compile(
    r"\b(Your hand|Choices|Turned up|To plant|Display|Supply|Waiting for|is on turn|your turn|"
    r"Legal now|Game over|wins|scores?|stock|discard|field|player|empty|coins?|planting|trading|"
    r"round|Plant|Trade|Offer|Answer|Steal|Draw|Deal|Keep|Choose|Take|Lay|beans?|cards?|turned|"
    r"the game is over|The game is over|nothing|Not allowed|lays?|plants?|harvests?|draws?)\b"
)


def _prose(text: str) -> str:
    """The screen without what a person types (quoted) and without the help's command list."""
    text = re.sub(r"'[^'\n]*'", "", text)
    return text


def _session(game_id: str, players: int, lang: str, lines: list[str], moves: int = 60) -> str:
    """A person at seat 0 against random bots: ``lines`` typed first, then legal moves (as
    JSON, from a seeded generator) until ``moves`` were asked, then 'quit'."""
    game = spieltisch.load_game(game_id)
    buf = io.StringIO()
    rng = random.Random(7)
    script = list(lines)
    asked = 0
    host: TerminalGame

    def ask(_prompt: str) -> str:
        nonlocal asked
        asked += 1
        if script:
            return script.pop(0)
        if asked > moves:
            return "quit"
        legal = host.state.legal_actions(0)
        return json.dumps(dict(rng.choice(legal))) if legal else ""

    seats = ["human"] + ["random"] * (players - 1)
    console = Console(file=buf, width=200, force_terminal=False)
    host = TerminalGame(game, seats, seed=5, console=console, ask=ask, lang=lang)
    host.run()
    return buf.getvalue()


TURNS = {  # each game, its seats, and something typed that the game refuses
    "bibermania": (3, '{"keep": true}'),
    "bohnanza": (3, '{"harvest": 1}'),
    "ladybohn": (3, '{"harvest": 7}'),
    "mutterboehnchen": (3, None),
    "ladybohn-2": (2, None),
    "mutterboehnchen-2": (2, None),
}


@pytest.mark.parametrize("game", TURNS)
def test_a_person_plays_every_game_in_german(game: str) -> None:
    players, refused = TURNS[game]
    game_id = game.split("-")[0]
    lines = ["help", *([refused] if refused else []), "1"]
    text = _session(game_id, players, "de", lines)
    assert "Jetzt erlaubt:" in text and "'undo'" in text and "'rules'" in text
    assert "Spieler 0 (du)" in text and "Spieler 1 (random)" in text
    assert "Das Spiel bleibt unbeendet." in text or "Spielende:" in text
    if refused:
        assert "Nicht erlaubt:" in text
    left = sorted(set(ENGLISH.findall(_prose(text))))
    assert not left, left


@pytest.mark.parametrize("game", TURNS)
def test_the_same_session_in_english_stays_english(game: str) -> None:
    players, refused = TURNS[game]
    game_id = game.split("-")[0]
    text = _session(game_id, players, "en", ["help", *([refused] if refused else []), "1"])
    assert "Legal now:" in text and "'undo'" in text and "'rules'" in text
    assert "player 0 (you)" in text
    assert "Game left unfinished." in text or "Game over:" in text
    assert "Spieler" not in text and "Jetzt erlaubt" not in text


def test_a_whole_game_ends_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots to the end: the board, the log and the end line, with the winners by rank."""
    # the board 200 columns wide, as the COLUMNS below asks: the console reads COLUMNS once,
    # at import, where the environment has it (pytest-xdist's workers set 80), and from then on
    # keeps that width, so the width is given to the console itself
    monkeypatch.setattr(console, "_width", 200)
    out = runner.invoke(
        app,
        ["play", "bibermania", "--seats", "random,random,random", "--seed", "1", "--lang", "de"],
        env={"COLUMNS": "200"},
    )
    assert out.exit_code == 0, out.stdout
    text = out.stdout
    assert "Biber-Mania · Runde 1" in text and "Stapel: oberste Gruppe" in text
    assert "Das Spiel ist vorbei." in text and "Spielende: Spieler 0 gewinnt · Punkte" in text
    assert not ENGLISH.findall(_prose(text)), sorted(set(ENGLISH.findall(_prose(text))))


def test_refusals_are_said_from_their_key_in_the_players_language() -> None:
    german = _session("bohnanza", 3, "de", ['{"harvest": 1}'], moves=1)
    assert "Nicht erlaubt: Feld 2 ist leer" in german
    english = _session("bohnanza", 3, "en", ['{"harvest": 1}'], moves=1)
    assert "Not allowed: field 2 is empty" in english  # counted from 1, as the screen counts


def test_mau_mau_in_real_time_in_german() -> None:
    game = spieltisch.load_game("maumau")
    fake = FakeTime()
    buf = io.StringIO()
    host = RealtimeGame(
        game,
        ["human", "random", "random"],
        3,
        Console(file=buf, width=200, force_terminal=False),
        clock=fake.now,
        sleep=fake.sleep,
        lang="de",
    )
    host.lines = ScriptedLines(fake, [(0.0, "help"), (1.0, "banana"), (40.0, "quit")])
    host.run()
    text = buf.getvalue()
    assert "Tippe jederzeit" in text and "Spieler 0 (du) darf jetzt:" in text
    assert "'banana' ist keine Karte und kein Befehl" in text
    assert "Ablage" in text and "Deine Hand" in text and "Du darfst:" in text
    left = sorted(set(ENGLISH.findall(_prose(text))))
    assert not left, left
