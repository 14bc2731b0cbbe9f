"""German and English throughout, switchable: the lobby and a table page change language at a
click, and the choice is kept (localStorage) across reloads and pages."""

from __future__ import annotations

from typing import Any


def test_switch_the_language(server: Any, page: Any, table: Any) -> None:
    page.goto(server.url + "/")
    page.locator("#create-submit").wait_for()
    assert page.inner_text("#create-panel h2") == "New table"
    assert page.inner_text("#create-submit") == "Create table"
    page.click("#lang-switch")
    assert page.inner_text("#create-panel h2") == "Neuer Tisch"
    assert page.inner_text("#create-submit") == "Tisch anlegen"
    assert page.inner_text("#lang-switch") == "In English"
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("localStorage.getItem('spieltisch.lang')") == "de"
    page.select_option("#game", "bohnanza")
    assert "Handelszeit" in page.text_content("#create")  # the game's options, in German
    page.reload()
    page.locator("#create-submit").wait_for()
    assert page.inner_text("#create-panel h2") == "Neuer Tisch"  # kept

    created = server.create(
        seed=3, game="mancala", seats=["human", "random"], options={"rounds": 1}
    )
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view.phase !== undefined")
    page.wait_for_function("() => document.querySelector('#status-line').innerText.length > 0")
    assert "Du spielst Platz 1" in page.inner_text("#status-line")
    assert "Runde 1 von 1" in page.inner_text("#board .board-head")
    page.click("#rules summary")
    assert "Bohnen" in page.inner_text("#rules .rules-text")
    assert page.inner_text("#seats h3") == "Plätze"

    page.click("#lang-switch")
    assert "You play seat 1" in page.inner_text("#status-line")
    assert "Round 1 of 1" in page.inner_text("#board .board-head")
    assert "beans" in page.inner_text("#rules .rules-text")
    assert page.inner_text("#seats h3") == "Seats"
    assert page.evaluate("localStorage.getItem('spieltisch.lang')") == "en"
