"""Every game's table page plays along: a person takes random legal actions from the page's
list of all legal actions while bots play the other seats; the page draws each update and
tells each event without an uncaught error (the ``contexts`` fixture fails on one)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


GAMES = [
    ("mancala", ["human", "random"], {"rounds": 2, "pits": 4}),
    ("bibermania", ["human", "heuristic", "random"], {"first_player": "0"}),
    ("bohnanza", ["human", "trader", "random"], {"first_player": "0", "trade_seconds": 20.0}),
    # no random bot at Ladybohn's table: it may swap its hand for a fan of as many cards at
    # any moment, as often as it likes (the rulings), so it swaps on and on at the tests' time
    # scale, ten updates a second, more than a page in a loaded suite draws (one run: 155 s)
    ("ladybohn", ["human", "trader", "trader"], {"first_player": "0", "trade_seconds": 20.0}),
    ("ladybohn", ["human", "trader"], {"first_player": "0"}),  # the sheet's 2-player rules
    ("maumau", ["human", "maumau", "random"], {}),
]


@pytest.mark.parametrize(
    ("game", "seats", "options"), GAMES, ids=[f"{g}-{len(s)}" for g, s, _ in GAMES]
)
def test_play_random_actions(
    server: Any, page: Any, table: Any, game: str, seats: list[str], options: dict[str, Any]
) -> None:
    rng = random.Random(f"{game}{len(seats)}")
    created = server.create(seed=11, game=game, seats=seats, options=options)
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view !== null")
    page.click("#all-legal summary")
    acted = 0
    for _ in range(14):
        try:
            t.wait("u.legal.length > 0 || u.status !== 'playing'", timeout=8_000)
        except Exception:  # a long stretch of bots: fine, the page kept drawing
            continue
        u = t.update()
        if u["status"] != "playing":
            break
        if not u["legal"]:  # the table moved on between the wait and the reading
            continue
        action = rng.choice(u["legal"])
        sent = page.evaluate("window.spieltisch.nextId")
        button = page.locator(f"#all-legal [data-any='{canon(action)}']")
        if button.count() == 0:  # the table moved on between reading and clicking
            continue
        try:
            button.first.click(timeout=2_000)
        except Exception:  # re-drawn under the click by the next update: try the next one
            continue
        if page.evaluate("window.spieltisch.nextId") == sent:
            # the list was drawn anew between Playwright's look at the button and its mouse
            # press, which then fell on no button: nothing was sent, so nothing is answered
            continue
        page.wait_for_function(
            f"() => window.spieltisch.nextId > {sent} && "
            f"!window.spieltisch.sent.has({sent})",  # answered: accepted or refused
            timeout=8_000,
        )
        acted += 1
    assert acted >= 3
    assert page.locator("#log li").count() >= 3
    assert page.locator("#board *").count() > 10
