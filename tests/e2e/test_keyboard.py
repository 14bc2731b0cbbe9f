"""Keyboard play, with no mouse: a person Tabs to a control and presses Enter or Space. Mancala
moves against a bot (the board is drawn anew after each move, and the keyboard's place is kept:
the next Tab goes on from the board, not from the top of the page), and a Biber-Mania turn (a
card picked with Space, laid with Enter), and a replay's steps. Every focused control shows a
focus ring."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

TABS = 80  # at most this many Tabs to reach a control: the page is not endless

FOCUSED = """(sel) => {
  const el = document.activeElement;
  if (!el || !el.matches(sel)) return null;
  const s = getComputedStyle(el);
  return { ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
           action: el.dataset.action || null, card: el.dataset.card || null };
}"""


def canon(action: Any) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def tab_to(page: Any, selector: str) -> dict[str, Any]:
    """Tab until the focus is on an element matching ``selector``; what it is, and its ring."""
    for _ in range(TABS):
        page.keyboard.press("Tab")
        found = page.evaluate(FOCUSED, selector)
        if found:
            assert found["ring"], f"{selector}: no visible focus ring"
            return found
    raise AssertionError(f"{TABS} Tabs did not reach {selector}")


def tabs_to(page: Any, selector: str) -> int:
    """How many Tabs from where the focus is now to ``selector``."""
    for k in range(1, TABS + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED, selector):
            return k
    raise AssertionError(f"{TABS} Tabs did not reach {selector}")


# a pit, its direction where both go, or the number of seeds to place when a round is arranged
PIT = "#board button[data-action]"


def said(page: Any, text: str) -> None:
    """Until the live region says ``text`` (it is emptied and filled again for each turn)."""
    page.wait_for_function(
        "text => document.querySelector('#announce').textContent === text", arg=text
    )


def test_mancala_by_keyboard(server: Any, page: Any, table: Any) -> None:
    made = server.create(seed=3, game="mancala", seats=["human", "random"], options={"pits": 4})
    page.goto(server.seat_url(made, 0))
    t = table(page)
    t.wait("u.legal.length > 0")
    said(page, "It is up to you.")  # the live region tells a screen reader
    for move in range(3):
        before = t.update()
        legal = {canon(a) for a in before["legal"]}
        if move == 0:
            found = tab_to(page, PIT)
        else:
            # the board was drawn anew: the focus stayed on it, a few Tabs reach a pit again
            assert tabs_to(page, PIT) <= 2 * 4 * 2
            found = page.evaluate(FOCUSED, PIT)
        assert found["action"] in legal
        page.evaluate("document.querySelector('#announce').textContent = ''")
        page.keyboard.press("Enter" if move % 2 == 0 else " ")
        t.wait(f"u.seq > {before['seq']} && (u.legal.length > 0 || u.status !== 'playing')")
        if t.update()["status"] != "playing":
            break
        if t.update()["seq"] > before["seq"] + 1:  # the bot answered: the person's turn again
            said(page, "It is up to you.")
        assert page.evaluate("document.activeElement.closest('#board, #controls') !== null")
    assert page.evaluate("window.spieltisch.stats.accepted") >= 1
    assert page.evaluate("window.spieltisch.stats.refused") == 0


def test_a_biber_mania_turn_by_keyboard(server: Any, page: Any, table: Any) -> None:
    made = server.create(
        seed=4,
        game="bibermania",
        seats=["human", "random", "random"],
        options={"first_player": "0"},
    )
    page.goto(server.seat_url(made, 0))
    t = table(page)
    t.wait("u.legal.some((a) => 'lay' in a && a.lay.length === 1)")
    before = t.update()
    lay = next(a for a in before["legal"] if "lay" in a and len(a["lay"]) == 1)
    card = lay["lay"][0]
    # the card is picked with Space: the hand is drawn anew and the focus stays on the card
    tab_to(page, f"#hand button[data-card='{card}']")
    page.keyboard.press(" ")
    page.wait_for_function("() => (window.spieltisch.ui.bmSel || []).length === 1")
    assert page.evaluate("document.activeElement.dataset.card") == card
    assert page.evaluate("document.activeElement.classList.contains('picked')")
    tab_to(page, "#lay:not([disabled])")
    page.keyboard.press("Enter")
    t.wait(f"u.seq > {before['seq']}")
    page.wait_for_function("() => window.spieltisch.stats.accepted >= 1")
    assert page.evaluate("window.spieltisch.stats.refused") == 0
    assert page.locator("#log li.ev").count() > 0


def test_a_replay_step_by_keyboard(server: Any, page: Any) -> None:
    made = server.create(
        game="mancala", seats=["random", "random"], options={"pits": 4, "rounds": 1}
    )
    deadline = time.monotonic() + 60
    while True:
        with urllib.request.urlopen(f"{server.url}/api/tables/{made['id']}", timeout=10) as r:
            if json.loads(r.read())["status"] == "finished":
                break
        assert time.monotonic() < deadline, "the bots did not finish a round of mancala in 60 s"
        time.sleep(0.1)
    page.goto(f"{server.url}/replay.html?table={made['id']}")
    page.wait_for_function("() => document.querySelectorAll('#actions li').length > 1")
    tab_to(page, "#actions li[data-index='1']")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.spieltisch.step === 2")
    page.keyboard.press("Shift+Tab")  # the step before, and Space
    page.keyboard.press(" ")
    page.wait_for_function("() => window.spieltisch.step === 1")
