"""One place for words, in the browser: a replay page's labels and log lines are the game's own
sentences (the same the terminal and the log say), in German and in English, and a mancala
step's pit is numbered on the board it was sown on."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from spieltisch.core.words import Said
from spieltisch.registry import load_game


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def _finished(server: Any, table_id: str) -> dict[str, Any]:
    """The table's steps in words, once its bots have played it to the end."""
    deadline = time.monotonic() + 120  # bots play it to the end on a loaded machine too
    while True:
        try:
            return _get(f"{server.url}/api/tables/{table_id}/lines")
        except urllib.error.HTTPError as err:
            if err.code != 409 or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _log_starts(page: Any, line: str) -> None:
    """Wait until the step's log is drawn (the page fetches the step's view first)."""
    page.wait_for_function(
        "line => (document.querySelector('#log li') || {}).innerText === line", arg=line
    )


@pytest.mark.parametrize(
    ("game_id", "seats", "options"),
    [
        ("mancala", ["random", "random"], {"rounds": 2}),
        ("bibermania", ["random", "random", "random"], {}),
    ],
)
def test_the_replay_reads_as_the_game_says_it_in_both_languages(
    server: Any, page: Any, game_id: str, seats: list[str], options: dict[str, Any]
) -> None:
    created = server.create(seed=7, game=game_id, seats=seats, options=options)
    lines = _finished(server, created["id"])
    assert lines["spoken"]
    steps = lines["steps"]
    words = load_game(game_id, **options).words()
    seat = {"en": "Player {0}", "de": "Spieler {0}"}

    for lang in ("en", "de"):

        def say(said: dict[str, Any], lang: str = lang) -> str:
            return words.say(lang, Said.from_json(said), seat=lambda p: seat[lang].format(p + 1))

        def who(p: Any, lang: str = lang) -> str:
            return seat[lang].format(p + 1)

        page.goto(f"{server.url}/")
        page.evaluate(f"localStorage.setItem('spieltisch.lang', '{lang}')")
        page.goto(f"{server.url}/replay.html?table={created['id']}")
        page.wait_for_function("() => document.querySelectorAll('#actions li').length > 0")
        shown = page.locator("#actions li").all_inner_texts()
        expected = [f"{who(s['player'])}: {say(s['action'])}" for s in steps]
        assert shown == expected
        # a step's log: its label, then its events' lines
        k = min(2, len(steps))
        page.locator("#actions li").nth(k - 1).click()
        _log_starts(page, expected[k - 1])
        log = page.locator("#log li").all_inner_texts()
        assert log == [expected[k - 1], *[say(e) for e in steps[k - 1]["events"]]]
        if game_id == "bibermania":
            page.locator("#last").click()
            _log_starts(page, expected[-1])
            end = page.locator("#log li").all_inner_texts()[-1]
            over = {"en": "The game is over: ", "de": "Das Spiel ist vorbei: "}[lang]
            assert end.startswith(over)
            assert " 0 " not in end and "player" not in end  # seats counted from 1, in words
