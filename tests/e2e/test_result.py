"""The end of a game in a real browser: the result screen (places, names, scores, the game's
scoring row by row), "play again" with the same seats, and the replay of a finished game of
each game id as each seat saw it (every hand revealed after the end)."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from spieltisch.registry import GAMES, load_game


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def get(server: Any, path: str) -> Any:
    with urllib.request.urlopen(server.url + path, timeout=10) as r:
        return json.loads(r.read())


def finish(server: Any, table: dict[str, Any], seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        summary = get(server, f"/api/tables/{table['id']}")
        if summary["status"] == "finished":
            return summary
        time.sleep(0.1)
    raise AssertionError(f"{table['game']} did not end in {seconds} s")


def check_breakdown(page: Any, result: dict[str, Any], players: int) -> None:
    """The result screen's scoring rows: one per row of the result's breakdown, labelled in
    the page's words (no key shows as itself), with each seat's value in its column."""
    rows = result["breakdown"]
    assert rows, f"the result has no breakdown: {result}"
    shown = page.locator("#breakdown tbody tr")
    assert shown.count() == len(rows)
    assert page.locator("#breakdown thead th[data-seat]").count() == players
    for i, row in enumerate(rows):
        line = shown.nth(i)
        label = line.locator("th.label").inner_text()
        assert label and label != row["label"]["key"], label
        cells = line.locator("td.value").all_inner_texts()
        assert len(cells) == players
        for cell, value in zip(cells, row["values"], strict=True):
            if isinstance(value, int | float):
                assert float(cell) == value
            else:  # a sentence: said in words, not its key
                assert cell and cell != value.get("key"), cell


def play_to_the_end(pages: list[Any], table: Any) -> None:
    """Each person clicks their first legal action whenever they have one, until the end."""
    tables = [table(p) for p in pages]
    while True:
        for t in tables:
            t.wait("u.seats.length > 0")
        ups = [t.update() for t in tables]
        if all(u["status"] != "playing" for u in ups):
            return
        acted = False
        for page, t, u in zip(pages, tables, ups, strict=True):
            if u["status"] == "playing" and u["legal"]:
                page.click(f"#board [data-action='{canon(u['legal'][0])}']")
                t.wait(f"u.seq > {u['seq']} || u.status !== 'playing'")
                acted = True
                break
        if not acted:
            tables[0].wait(f"u.seq > {ups[0]['seq']} || u.status !== 'playing'")


def test_the_result_screen_and_play_again_with_the_same_seats(
    server: Any, contexts: Any, table: Any
) -> None:
    made = server.create(game="mancala", seats=["human", "human"], options={"pits": 2})
    ada, bruno = contexts().new_page(), contexts().new_page()
    ada.goto(server.seat_url(made, 0))
    bruno.goto(server.seat_url(made, 1))
    for page, name in ((ada, "Ada"), (bruno, "Bruno")):
        table(page).wait("u.seats.length === 2")
        page.fill("#my-name", name)
        page.click("#name-form button[type=submit]")
    table(ada).wait("u.seats[0].name === 'Ada' && u.seats[1].name === 'Bruno'")
    assert ada.locator("#result").is_hidden()  # only at the end
    play_to_the_end([ada, bruno], table)

    result = table(ada).update()["result"]
    for page in (ada, bruno):
        page.locator("#places").wait_for()
        rows = page.locator("#places tbody tr")
        assert rows.count() == 2
        first = rows.nth(0)
        # ordered by place, each with its name and the sheet's score
        winner = min(range(2), key=lambda p: (result["ranks"][p], p))
        assert first.get_attribute("data-seat") == str(winner)
        assert first.locator(".place").inner_text() == str(result["ranks"][winner])
        assert first.locator(".who").inner_text().startswith(["Ada", "Bruno"][winner])
        assert first.locator(".score").inner_text() == str(result["scores"][winner])
        assert page.locator("#play-again").is_visible()

    # Ada plays again: she is taken to the new table in her seat; Bruno is shown the way there
    ada.click("#play-again")
    ada.wait_for_url("**/tables/**")
    again = table(ada)
    again.wait("u.seq === 0 && u.status === 'playing'")
    new_id = ada.evaluate("window.spieltisch.id")
    assert new_id != made["id"]
    assert ada.evaluate("window.spieltisch.seat") == 0
    assert again.update()["seats"][0]["name"] == "Ada"
    bruno.locator("#next-table").wait_for()
    bruno.click("#next-table")
    bruno.wait_for_url(f"**/tables/{new_id}*")
    table(bruno).wait("u.seats.length === 2")
    assert bruno.evaluate("window.spieltisch.seat") == 1
    assert table(bruno).update()["seats"][1]["name"] == "Bruno"


@pytest.mark.usefixtures("fast_bots")
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_finished_game_shows_its_result_and_reveals_every_hand_in_the_replay(
    server: Any, page: Any, table: Any, game_id: str
) -> None:
    players = load_game(game_id).default_players
    # each card game's strongest bot: random bean traders trade on and on (3,400 actions a
    # game of Bohnanza, against the trader's 800), and the server stores every one
    info = get(server, f"/api/games/{game_id}")
    bot = "random" if game_id in ("mancala", "kalah") else info["strongest_bot"]
    made = server.create(game=game_id, seats=[bot] * players)
    summary = finish(server, made)
    page.goto(server.seat_url(made))  # a spectator's page: the result, no play again
    page.locator("#places tbody tr").first.wait_for()
    assert page.locator("#places tbody tr").count() == players
    assert page.locator("#play-again").count() == 0
    scores = sorted(float(x) for x in page.locator("#result td.score").all_inner_texts())
    assert scores == sorted(summary["result"]["scores"])
    check_breakdown(page, summary["result"], players)

    page.click("#result-replay")
    page.wait_for_url("**/replay.html*")
    page.locator("#seen-by").wait_for()
    page.wait_for_function("() => window.spieltisch.views.size > 0")
    n = page.evaluate("window.spieltisch.record.actions.length")
    public = page.evaluate(f"window.spieltisch.views.get('null:{n}').view")
    seen = []
    for seat in range(players):
        page.select_option("#seen-by", str(seat))
        page.wait_for_function(f"() => window.spieltisch.views.has('{seat}:{n}')")
        seen.append(page.evaluate(f"window.spieltisch.views.get('{seat}:{n}').view"))
        page.click("#first")  # step by step from the start, as that seat saw it
        page.wait_for_function(f"() => window.spieltisch.views.has('{seat}:0')")
        page.click("#next")
        page.wait_for_function(f"() => window.spieltisch.views.has('{seat}:1')")
        assert page.locator("#board *").count() > 0
        page.click("#last")
    if game_id != "mancala":  # hidden cards: each seat's final view shows more than a spectator's
        assert all(v != public for v in seen)


@pytest.mark.usefixtures("fast_bots")
def test_a_result_stored_without_a_breakdown_shows_its_places_only(server: Any, page: Any) -> None:
    """A game finished before results had their scoring rows: the places as before."""
    made = server.create(game="kalah", seats=["random", "random"])
    finish(server, made)
    host = server.app.state.hub.tables[made["id"]]
    assert host.row.result.pop("breakdown")  # as an older server stored it
    page.goto(server.seat_url(made))
    page.locator("#places tbody tr").first.wait_for()
    assert page.locator("#places tbody tr").count() == 2
    assert page.locator("#breakdown").count() == 0
