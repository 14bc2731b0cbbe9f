"""Screenshots of each game's table page, seen from a person's seat in the middle of a game:
at desktop width (1280×800, ``<game>.png``) and at phone width (390×844, ``<game>-phone.png``),
the whole page each. The person has named the seat and said hello in the chat, as people at a
table do, so the pictures show names and the chat panel.

The files go to a temporary folder; ``SPIELTISCH_SCREENSHOTS=docs/screenshots`` writes the
README's pictures instead."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

NAME = "Anna"
HELLO = "Good luck, everyone!"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def play_first(page: Any, t: Any, times: int) -> None:
    """Take the first legal action on the board ``times`` times, waiting for the answers."""
    for _ in range(times):
        t.wait("u.legal.length > 0 || u.status !== 'playing'", timeout=20_000)
        u = t.update()
        if u["status"] != "playing":
            return
        page.click(f"#board [data-action='{canon(u['legal'][0])}']")
        t.wait(f"u.seq > {u['seq']}")


def mancala(page: Any, t: Any) -> None:
    play_first(page, t, 2)
    t.wait("u.legal.length > 0")


def bibermania(page: Any, t: Any) -> None:
    t.wait("u.legal.some((a) => 'lay' in a)", timeout=30_000)
    page.click("#hand [data-hand='0']")


def beans_trade(page: Any, t: Any) -> None:
    t.wait("u.legal.some((a) => a.plant === 'front')")
    page.locator('#board [data-action*=\'"plant":"front"\']').first.click()
    t.wait("u.legal.some((a) => a.end === 'planting')")
    page.click(f"[data-action='{canon({'end': 'planting'})}']")
    t.wait("u.view.phase === 'trade' || u.view.phase === 'fan'")
    if t.view()["phase"] == "fan":
        page.click(f"[data-action='{canon({'fan': 0})}']")
        t.wait("u.view.phase === 'trade'")
    page.locator("#trade-panel [data-partner='1']").click()
    page.locator("#trade-panel [data-give$='|offer']").first.click()
    page.wait_for_timeout(800)  # the bots' first offers


def mutterboehnchen(page: Any, t: Any) -> None:
    """Seed 509: a Chili Baby, then a Chili Lady on field 1; the Baby moves up again; the
    Rasselbande's attack waits for its opponent."""
    front = canon({"plant": "front", "field": 0})
    for _ in range(2):
        t.wait("u.legal.some((a) => a.plant === 'front' && a.field === 0)")
        seq = t.update()["seq"]
        page.click(f"#board .b-field [data-action='{front}']")
        t.wait(f"u.seq > {seq}")
    t.wait("u.legal.some((a) => a.pull === 0)")
    page.click(f"#mb-prompt [data-action='{canon({'pull': 0})}']")
    t.wait("u.legal.some((a) => 'attack' in a)")


def maumau(page: Any, t: Any) -> None:
    t.wait("u.waiting_for.includes(0) && u.view.hand.length > 0", timeout=30_000)


GAMES = [
    ("mancala", 5, ["human", "alphabeta"], {}, mancala),
    ("kalah", 5, ["human", "alphabeta"], {}, mancala),
    (
        "bibermania",
        4,
        ["human", "heuristic", "heuristic", "heuristic"],
        {"first_player": "1"},
        bibermania,
    ),
    ("bohnanza", 2, ["human", "trader", "trader", "trader"], {"first_player": "0"}, beans_trade),
    ("ladybohn", 4, ["human", "trader", "trader"], {"first_player": "0"}, beans_trade),
    ("maumau", 5, ["human", "maumau", "maumau", "maumau"], {}, maumau),
    ("mutterboehnchen", 509, ["human", "random", "random"], {}, mutterboehnchen),
]


STICKING_OUT = """(() => {
  const board = document.getElementById("board");
  const edge = board.getBoundingClientRect().right + 1;
  return [...board.querySelectorAll("*:not(.seed-fly)")]
    .filter((e) => e.getBoundingClientRect().right > edge)
    .map((e) => e.className)
    .slice(0, 5);
})()"""


@pytest.mark.parametrize(
    ("game", "seed", "seats", "options", "setup"), GAMES, ids=[g[0] for g in GAMES]
)
def test_screenshot_of_each_game(
    server: Any,
    page: Any,
    table: Any,
    shots: Path,
    game: str,
    seed: int,
    seats: list[str],
    options: dict[str, Any],
    setup: Any,
) -> None:
    if game in ("bohnanza", "ladybohn", "mutterboehnchen"):
        options = {**options, "trade_seconds": 600.0}
    created = server.create(seed=seed, game=game, seats=seats, options=options)
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view !== null")
    # the person at the table names the seat and says hello: names and the chat show
    page.fill("#my-name", NAME)
    page.click("#name-form button[type=submit]")
    t.wait(f"u.seats[0].name === {json.dumps(NAME)}")
    page.fill("#chat-input", HELLO)
    page.click("#chat-form button[type=submit]")
    page.wait_for_function(
        "t => document.querySelector('#chat-lines').textContent.includes(t)", arg=HELLO
    )
    setup(page, t)
    page.wait_for_timeout(300)  # let the highlights of the last change fade a little
    # the desktop's whole page; the phone's screen as it shows the table (Mau-Mau's slap and
    # word buttons fixed at its bottom)
    for suffix, viewport, whole in (("", DESKTOP, True), ("-phone", PHONE, False)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)  # the layout of the new width
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), viewport
        # nothing of the board sticks out of its panel (a mancala pit of many seeds once
        # widened the row past the store, over the side column, with no page scroll to show
        # it); a seed still flying (motion.js, gone when its animation ends) aside
        out = page.evaluate(STICKING_OUT)
        assert not out, (viewport, out)
        path = shots / f"{game}{suffix}.png"
        # the highlights of the last change end at once (finite animations run to their end)
        page.screenshot(path=str(path), full_page=whole, animations="disabled")
        assert path.stat().st_size > 20_000
