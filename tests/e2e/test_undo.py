"""Undo against a bot in a real browser: a mancala move and the bot's answer taken back with
the page's button; the board is as it was before the move."""

from __future__ import annotations

import json
from typing import Any


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def test_a_move_against_a_bot_is_taken_back(server: Any, page: Any, table: Any) -> None:
    made = server.create(game="mancala", seats=["human", "random"])
    page.goto(server.seat_url(made, 0))
    t = table(page)
    t.wait("u.legal.length > 0")
    before = t.update()
    page.click(f"#board [data-action='{canon(before['legal'][0])}']")
    # the bot answers, or the pit gave another move: the person is waited for again
    t.wait(f"u.seq > {before['seq']} && (u.legal.length > 0 || u.status !== 'playing')")
    assert t.update()["status"] == "playing"
    page.wait_for_function("() => document.querySelectorAll('#log li.ev').length > 0")
    logged = page.locator("#log li.ev").count()
    page.click("#undo")
    t.wait(f"u.seq === {before['seq']}")
    assert t.view() == before["view"]
    page.locator(".toast", has_text="took back their last move").wait_for()
    # the log says what stands now: the undone move's lines are gone from it
    assert page.locator("#log li.ev").count() < logged
