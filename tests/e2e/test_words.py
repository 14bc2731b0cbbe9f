"""One place for words, in the browser: a replay page's labels and log lines are the game's own
sentences (the same the terminal and the log say), in German and in English, and a mancala
step's pit is numbered on the board it was sown on."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

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


def _log_reads(page: Any, lines: list[str]) -> list[str]:
    """The log once it reads `lines`, or as it stands when the wait gives up (the page fetches
    the step's view first). Waiting on the first line alone is not enough: two steps may have
    the same label, and the log of the one shown before the click already starts with it."""
    with contextlib.suppress(PlaywrightTimeout):  # the caller's assertion shows the log
        page.wait_for_function(
            "lines => JSON.stringify([...document.querySelectorAll('#log li')]"
            ".map(li => li.innerText)) === JSON.stringify(lines)",
            arg=lines,
            timeout=10_000,
        )
    return page.locator("#log li").all_inner_texts()


@pytest.mark.usefixtures("fast_bots")  # the bots' pace is not what this test reads
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
        want = [expected[k - 1], *[say(e) for e in steps[k - 1]["events"]]]
        assert _log_reads(page, want) == want
        if game_id == "bibermania":
            page.locator("#last").click()
            want = [expected[-1], *[say(e) for e in steps[-1]["events"]]]
            log = _log_reads(page, want)
            assert log == want
            end = log[-1]
            over = {"en": "The game is over: ", "de": "Das Spiel ist vorbei: "}[lang]
            assert end.startswith(over)
            assert " 0 " not in end and "player" not in end  # seats counted from 1, in words
