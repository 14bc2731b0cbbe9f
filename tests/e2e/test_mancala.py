"""The lobby in a real browser: create a mancala table with the form, open the invite link, and
play the whole match against the strongest bot by clicking pits (and arranging beans)."""

from __future__ import annotations

import json
from typing import Any


def canon(action: dict[str, Any]) -> str:
    """The client's canonical text of an action (js/actions.js: sorted keys, no spaces)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def test_create_a_table_in_the_lobby_and_play_mancala_to_the_end(
    server: Any, page: Any, table: Any
) -> None:
    server.seeds.queue.append(7)
    page.goto(server.url + "/")
    page.select_option("#game", "mancala")
    page.select_option("#seat-1", "alphabeta")
    page.click("#create details.options summary")
    page.fill("#opt-rounds", "2")
    page.fill("#opt-pits", "4")
    # the option's bounds from /api/games: on the input and in its note
    assert page.get_attribute("#opt-pits", "min") == "2"
    assert page.get_attribute("#opt-pits", "max") == "12"
    assert "2 to 12" in page.locator("#opt-pits").locator("xpath=..").inner_text()
    page.click("#create-submit")

    invite = page.locator("[data-testid=invite-0]")
    invite.wait_for()
    link = invite.input_value()
    assert "token=" in link
    # the server's own invite links: /tables/ID?token=... (and /tables/ID to watch)
    assert "/tables/" in link and "table.html" not in link
    table_id = link.split("/tables/")[1].split("?")[0]
    spectate = page.locator("[data-testid=spectate]").input_value()
    assert spectate.endswith(f"/tables/{table_id}") and "token" not in spectate
    page.click("#refresh")
    page.locator(f"tr[data-table='{table_id}']").wait_for()

    # join from a link: the lobby's box takes our links and the server's /tables/ID?token=...
    token = link.split("token=")[1]
    page.fill("#join-link", f"{server.url}/tables/{table_id}?token={token}")
    page.click("#join button[type=submit]")
    page.wait_for_url(f"**/tables/{table_id}*")
    # the secret leaves the address's query: the page's script moves it, once its words have
    # loaded (i18n.js awaits them, so that may come after the load event)
    page.wait_for_function("() => !location.search.includes('token=')")
    assert "token=" not in page.url.split("#")[0]
    t = table(page)
    t.wait("u.view.phase !== undefined")
    assert page.locator("#board .mancala .pit").count() == 8
    moves = 0
    while True:
        t.wait("u.status !== 'playing' || u.legal.length > 0", timeout=30_000)
        update = t.update()
        if update["status"] != "playing":
            break
        action = update["legal"][0]
        page.click(f"#board [data-action='{canon(action)}']")
        moves += 1
        t.wait(f"u.seq > {update['seq']}", timeout=30_000)
        if moves == 2:  # a reload keeps the game log: the server sends it as history
            before = page.locator("#log li.ev").count()
            assert before > 0
            page.reload()
            t.wait("u.view.phase !== undefined")
            page.wait_for_function(f"document.querySelectorAll('#log li.ev').length >= {before}")
            assert page.locator("#log li.ev.past").count() >= before
    assert moves >= 3
    update = t.update()
    assert update["status"] == "finished"
    assert update["view"]["phase"] == "over"
    assert "The game is over" in page.inner_text("#status-line")
    assert "wins the match" in t.log_text() or "drawn" in t.log_text()
    assert page.evaluate("window.spieltisch.stats.refused") == 0

    page.click("#replay-link")
    page.locator("#actions li").first.wait_for()
    assert page.locator("#actions li").count() == update["seq"]
    page.click("#first")
    assert page.inner_text("#step-label").startswith("Step 0 of")
