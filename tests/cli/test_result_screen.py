"""The terminal's end: under the end line, the sheet's scoring breakdown of the result (issue
#15's result screen), each row's label and each seat's value, in the reader's language."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

import spieltisch
from spieltisch.core.words import Said
from spieltisch.tui.play import TerminalGame
from spieltisch.tui.realtime import FakeTime, RealtimeGame, ScriptedLines
from spieltisch.tui.words import Speaker

HEAD = {"en": "How the scores came about:", "de": "So kamen die Punkte zustande:"}


def _bots(game_id: str, players: int, lang: str, seed: int = 3) -> tuple[str, TerminalGame]:
    game = spieltisch.load_game(game_id)
    buf = io.StringIO()
    console = Console(file=buf, width=300, force_terminal=False)
    if game_id == "maumau":
        fake = FakeTime()
        host: TerminalGame | RealtimeGame = RealtimeGame(
            game,
            ["random"] * players,
            seed,
            console,
            clock=fake.now,
            sleep=fake.sleep,
            lang=lang,
        )
        host.lines = ScriptedLines(fake, [])
    else:
        host = TerminalGame(game, ["random"] * players, seed, console, lang=lang)
    final = host.run()
    assert final.is_terminal()
    return buf.getvalue(), host  # type: ignore[return-value]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("mancala", 2),
        ("kalah", 2),
        ("bibermania", 3),
        ("bohnanza", 3),
        ("ladybohn", 2),
        ("mutterboehnchen", 3),
        ("maumau", 3),
    ],
)
def test_a_finished_game_shows_its_breakdown_under_the_end_line(
    game_id: str, players: int, lang: str
) -> None:
    text, host = _bots(game_id, players, lang)
    result = host.state.result()
    say = Speaker(host.game, lang)
    lines = text.splitlines()
    at = lines.index(HEAD[lang])
    assert "Game over:" in lines[at - 1] or "Spielende:" in lines[at - 1]
    rows = lines[at + 1 : at + 1 + len(result.breakdown)]
    assert len(rows) == len(result.breakdown)
    for row, (label, values) in zip(rows, result.breakdown, strict=True):
        assert row.startswith(f"  {say(label)} — ")
        assert say(label) != label.key  # the label is written in this language
        for p, value in enumerate(values):
            shown = say(value) if isinstance(value, Said) else f"{value:g}"
            assert f"{say.seat(p)}: {shown}" in row


def test_a_person_who_played_a_whole_match_sees_how_it_was_scored() -> None:
    """A person at seat 0 plays mancala's match to its end against a bot (typed as JSON)."""
    game = spieltisch.load_game("mancala", rounds=2)
    buf = io.StringIO()
    rng = random.Random(4)
    host: TerminalGame

    def ask(_prompt: str) -> str:
        return json.dumps(dict(rng.choice(host.state.legal_actions(0))))

    host = TerminalGame(game, ["human", "random"], 5, Console(file=buf, width=200), ask=ask)
    final = host.run()
    assert final.is_terminal() and any(p == 0 for p, _ in host.record.actions)
    text = buf.getvalue()
    assert "How the scores came about:" in text
    a, b = final.result().scores
    assert "Rounds won (the last round decides) — player 0: " in text
    store = dict(final.result().breakdown)[Said("m.bd.store")]
    left = dict(final.result().breakdown)[Said("m.bd.left")]
    assert f"In the store at the end — player 0: {store[0]} · player 1: {store[1]}" in text
    assert (
        f"Left in own pits, banked at the end — player 0: {left[0]} · player 1: {left[1]}" in text
    )
    assert store[0] + left[0] == a and store[1] + left[1] == b


def test_a_game_without_a_breakdown_shows_no_heading() -> None:
    game = spieltisch.load_game("kalah")
    host = TerminalGame(game, ["random", "random"], 1, Console(file=io.StringIO()))
    assert host.breakdown_lines(spieltisch.Result((1, 2), (2, 1))) == []
