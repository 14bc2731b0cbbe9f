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


def two_people(server: Any, contexts: Any, table: Any) -> tuple[Any, Any, Any, Any]:
    """Ada (seat 0, who moves first) and Bruno at a 2-person mancala table, each in a browser
    of their own, named."""
    made = server.create(
        game="mancala", seats=["human", "human"], options={"pits": 3, "first_mover": "0"}
    )
    ada, bruno = contexts().new_page(), contexts().new_page()
    ada.goto(server.seat_url(made, 0))
    bruno.goto(server.seat_url(made, 1))
    for page, name in ((ada, "Ada"), (bruno, "Bruno")):
        table(page).wait("u.seats.length === 2")
        page.fill("#my-name", name)
        page.click("#name-form button[type=submit]")
    a, b = table(ada), table(bruno)
    for t in (a, b):
        t.wait("u.seats[0].name === 'Ada' && u.seats[1].name === 'Bruno' && u.legal !== null")
    return ada, bruno, a, b


def ada_moves_and_asks(ada: Any, bruno: Any, a: Any, b: Any) -> dict[str, Any]:
    """Ada sows a pit and asks to take it back: Bruno is asked, Ada sees whom it waits for.
    The views before her move, by page."""
    a.wait("u.legal.length > 0")
    before = {"ada": a.view(), "bruno": b.view()}
    page_seq = a.update()["seq"]
    ada.click(f"#board [data-action='{canon(a.update()['legal'][0])}']")
    for t in (a, b):
        t.wait(f"u.seq === {page_seq + 1}")
    assert "Ask to take back" in ada.inner_text("#undo")
    ada.click("#undo")
    bruno.locator("#undo-ask").get_by_text("Ada asks to take back their last move.").wait_for()
    ada.locator("#undo-ask .undo-waiting", has_text="Waiting for Bruno").wait_for()
    assert ada.locator("#undo-accept").count() == 0  # the one who asks does not answer
    assert ada.locator("#undo").is_disabled()  # one request at a time
    return before


def test_an_undo_asked_of_another_person_is_accepted(
    server: Any, contexts: Any, table: Any
) -> None:
    ada, bruno, a, b = two_people(server, contexts, table)
    before = ada_moves_and_asks(ada, bruno, a, b)
    accept = bruno.get_by_role("button", name="Accept: Ada takes back their last move")
    decline = bruno.get_by_role("button", name="Decline: Ada does not take back their last move")
    assert accept.is_visible() and decline.is_visible()
    # reached from the keyboard: Tab from the decline button goes back to accept, and Enter
    decline.focus()
    bruno.keyboard.press("Shift+Tab")
    assert bruno.evaluate("document.activeElement.id") == "undo-accept"
    # the page redraws (Ada renames herself, and the request names her anew): the focus stays
    ada.fill("#my-name", "Ada L")
    ada.click("#name-form button[type=submit]")
    bruno.locator("#undo-ask").get_by_text("Ada L asks to take back their last move.").wait_for()
    assert bruno.evaluate("document.activeElement.id") == "undo-accept"
    bruno.keyboard.press("Enter")
    for page, t, name in ((ada, a, "ada"), (bruno, b, "bruno")):
        t.wait("u.seq === 0")
        assert t.view() == before[name]  # Ada's move is gone on both pages
        page.locator(".toast", has_text="took back their last move").wait_for()  # by Ada L
        page.locator("#undo-ask").wait_for(state="hidden")
        assert page.locator("#log li.ev").count() == 0  # the log as if never played
    a.wait("u.legal.length > 0")  # Ada's turn again


def test_an_undo_asked_of_another_person_is_declined(
    server: Any, contexts: Any, table: Any
) -> None:
    ada, bruno, a, b = two_people(server, contexts, table)
    ada_moves_and_asks(ada, bruno, a, b)
    bruno.click("#undo-decline")
    told = {
        "ada": "Bruno declined to let Ada (you) take back their last move.",
        "bruno": "Bruno (you) declined to let Ada take back their last move.",
    }
    for page, t, name in ((ada, a, "ada"), (bruno, b, "bruno")):
        page.locator(".toast", has_text=told[name]).wait_for()
        page.locator("#undo-ask").wait_for(state="hidden")
        assert t.update()["seq"] == 1  # the move stands
    assert ada.locator("#undo").is_enabled()
    b.wait("u.legal.length > 0")  # Bruno's turn, as before the request
