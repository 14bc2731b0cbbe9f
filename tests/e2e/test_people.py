"""People at the table in a real browser: two people (two browser contexts) name their seats
and chat at a mancala table; names and lines are shown as text, never as HTML; who is online;
a closed tab is found again under "my tables"; a name given once comes along to the next
table."""

from __future__ import annotations

import json
from typing import Any

ADA = "<i>Ada</i> & Co"  # markup in a name must show as these characters
LINE = "Hallo <b>Bruno</b> <img src=x onerror=alert(1)>"


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def name_seat(page: Any, name: str) -> None:
    page.fill("#my-name", name)
    page.click("#name-form button[type=submit]")


def two_people(server: Any, contexts: Any, table: Any) -> tuple[Any, Any, Any]:
    """A small mancala table of two people, Ada in seat 0 and Bruno in seat 1, each at their
    own browser; both pages have the table."""
    made = server.create(game="mancala", seats=["human", "human"], options={"pits": 2})
    ada, bruno = contexts().new_page(), contexts().new_page()
    ada.goto(server.seat_url(made, 0))
    bruno.goto(server.seat_url(made, 1))
    for page in (ada, bruno):
        table(page).wait("u.seats.length === 2")
    return made, ada, bruno


def test_two_people_name_their_seats_chat_and_find_their_table_again(
    server: Any, contexts: Any, table: Any
) -> None:
    made, ada, bruno = two_people(server, contexts, table)
    ada_ctx = ada.context
    a, b = table(ada), table(bruno)
    name_seat(ada, ADA)
    name_seat(bruno, "Bruno")
    for t in (a, b):
        t.wait(f"u.seats[0].name === {json.dumps(ADA)} && u.seats[1].name === 'Bruno'")
    # everyone sees the names where "Player N" was, as text
    seats = bruno.inner_text("#seats")
    assert ADA in seats and "Bruno (you)" in seats
    assert bruno.locator("#seats i").count() == 0
    # the one not on turn is told whom the table waits for, by name
    on_turn = min(b.update()["waiting_for"])
    waiting_page, name = (bruno, ADA) if on_turn == 0 else (ada, "Bruno")
    waiting_page.wait_for_function(
        "n => document.querySelector('#status-line').textContent.includes(n)", arg=name
    )
    # both online
    bruno.wait_for_selector("#seats li[data-seat='0'][data-online='true']")

    # a chat line reaches the other person, shown as text (no element made from it)
    ada.fill("#chat-input", LINE)
    ada.click("#chat-form button[type=submit]")
    bruno.wait_for_function(
        "t => [...document.querySelectorAll('#chat-lines .text')].some(e => e.textContent === t)",
        arg=LINE,
    )
    assert bruno.locator("#chat-lines b, #chat-lines img").count() == 0
    assert ADA in bruno.inner_text("#chat-lines")
    assert ada.input_value("#chat-input") == ""

    # a spectator reads along but has no chat box and no name field
    watcher = contexts().new_page()
    watcher.goto(server.seat_url(made))
    table(watcher).wait("u.seats.length === 2")
    watcher.wait_for_function(
        "t => document.querySelector('#chat-lines').textContent.includes(t)", arg=LINE
    )
    assert watcher.locator("#chat-form").is_hidden()
    assert watcher.locator("#name-form").is_hidden()

    # Ada closes her tab: Bruno sees her offline; her lobby lists the table under "my tables"
    ada.close()
    bruno.wait_for_selector("#seats li[data-seat='0'][data-online='false']")
    lobby = ada_ctx.new_page()
    lobby.goto(server.url + "/")
    row = lobby.locator(f"#mine tr[data-mine='{made['id']}']")
    row.wait_for()
    assert f"as {ADA}" in row.inner_text()
    row.locator("a.mine-open").click()
    lobby.wait_for_url(f"**/tables/{made['id']}*")
    back = table(lobby)
    back.wait("u.seats.length === 2")
    assert lobby.evaluate("window.spieltisch.seat") == 0  # her seat, not a spectator's
    lobby.wait_for_function(
        "t => document.querySelector('#chat-lines').textContent.includes(t)", arg=LINE
    )
    bruno.wait_for_selector("#seats li[data-seat='0'][data-online='true']")

    # the name this browser gave comes along to Ada's next table by itself
    other = server.create(game="mancala", seats=["human", "random"], options={"pits": 2})
    nxt = ada_ctx.new_page()
    nxt.goto(server.seat_url(other, 0))
    table(nxt).wait(f"u.seats[0].name === {json.dumps(ADA)}")

    # "Forget" takes a table off the list
    lobby.goto(server.url + "/")
    lobby.locator(f"#mine tr[data-mine='{other['id']}']").wait_for()
    lobby.locator(f"#mine tr[data-mine='{made['id']}'] button").click()
    lobby.locator(f"#mine tr[data-mine='{made['id']}']").wait_for(state="detached")
    assert lobby.locator(f"#mine tr[data-mine='{other['id']}']").count() == 1


def test_a_line_and_a_name_said_while_the_connection_is_down_go_out_when_it_is_back(
    server: Any, contexts: Any, table: Any
) -> None:
    """The connection drops (the page's socket closed under it, as a phone between masts loses
    it): the line and the name typed meanwhile are not lost, the person is told they wait, and
    both reach the other person once the page has connected again, the line once."""
    _, ada, bruno = two_people(server, contexts, table)
    b = table(bruno)
    ada.wait_for_function("document.body.dataset.conn === 'connected'")

    ada.context.set_offline(True)  # no new connection until it is back online
    ada.evaluate("window.spieltisch.ws.close()")  # closing at once: no longer open
    ada.fill("#chat-input", "still there?")
    ada.click("#chat-form button[type=submit]")
    ada.locator(".toast", has_text="your message goes out when the connection is back").wait_for()
    assert ada.input_value("#chat-input") == ""
    name_seat(ada, "Ada")
    ada.locator(".toast", has_text="your name goes out when the connection is back").wait_for()
    assert ada.evaluate("document.body.dataset.conn") != "connected"
    ada.wait_for_timeout(1_000)  # the page tries again (0.3 s, 0.6 s): it says it lost it once
    assert ada.locator(".toast", has_text="Connection lost").count() == 1
    ada.context.set_offline(False)

    b.wait("u.seats[0].name === 'Ada'")
    bruno.wait_for_function(
        "t => [...document.querySelectorAll('#chat-lines .text')].some(e => e.textContent === t)",
        arg="still there?",
    )
    ada.wait_for_function("document.body.dataset.conn === 'connected'")
    for page in (ada, bruno):
        lines = page.locator("#chat-lines .text").all_inner_texts()
        assert lines == ["still there?"], lines
