"""Refusals in the reader's language: the server's "refused" message carries the rule's catalog
key and arguments (``said``), and a German page says the reason from its catalog, fields and
pits counted as the page counts them, instead of the engine's English sentence."""

from __future__ import annotations

from typing import Any


def _german(page: Any, url: str) -> None:
    page.goto(url)
    page.evaluate("localStorage.setItem('spieltisch.lang', 'de')")
    page.goto(url)


def _refused(page: Any, action: dict[str, Any]) -> str:
    """Send ``action`` as the page would and the refusal line it shows."""
    page.evaluate(
        "(a) => { window.spieltisch.refusal = null; "
        "window.spieltisch.ws.send(JSON.stringify({ action: a, id: 9000 })); }",
        action,
    )
    page.wait_for_function(
        "() => { const r = document.querySelector('#refusal'); return r && !r.hidden"
        " && r.innerText.length > 0; }"
    )
    return page.inner_text("#refusal")


def test_an_empty_pit_is_refused_in_german(server: Any, page: Any, table: Any) -> None:
    created = server.create(seed=11, game="kalah", seats=["human", "random"])
    _german(page, server.seat_url(created, 0))
    t = table(page)
    for _ in range(12):  # play until one of the person's own pits lies empty on their turn
        t.wait("u.legal && u.legal.length > 0 || u.view.over")
        view, legal = t.view(), t.legal()
        n = len(view["pits"]) // 2
        empty = [p for p in range(n) if view["pits"][p] == 0]
        if empty:
            break
        seq = t.update()["seq"]
        accepted = page.evaluate("window.spieltisch.stats.accepted")
        page.evaluate(
            "(a) => window.spieltisch.ws.send(JSON.stringify({ action: a, id: 8000 }))", legal[0]
        )
        # accepted, and an update since: the bot may have moved already (and sown into the
        # pit just emptied), so the wait is for the answer, not for a look of the board
        page.wait_for_function(f"() => window.spieltisch.stats.accepted > {accepted}")
        t.wait(f"u.seq > {seq}")
    assert empty, "no own pit lay empty in 12 turns"
    pit = empty[0]
    text = _refused(page, {**legal[0], "pit": pit})
    assert text.startswith("Abgelehnt: Mulde "), text
    assert f"Mulde {pit % n + 1} ist leer" in text  # counted as the page counts pits
    assert "empty" not in text


def test_a_bohnanza_refusal_is_said_from_its_key(server: Any, page: Any, table: Any) -> None:
    created = server.create(
        seed=5,
        game="bohnanza",
        seats=["human", "random", "random"],
        options={"first_player": "0", "trade_seconds": 600},
    )
    _german(page, server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view.active === 0 && u.legal && u.legal.length > 0")
    text = _refused(page, {"harvest": 1})
    assert text.startswith("Abgelehnt: Feld 2 ist leer"), text  # field 1 of the server is Feld 2
    page.evaluate("localStorage.setItem('spieltisch.lang', 'en')")
    page.reload()
    t.wait("u.view.active === 0 && u.legal && u.legal.length > 0")
    assert _refused(page, {"harvest": 1}).startswith("Refused: field 2 is empty")


def test_a_biber_mania_refusal_names_the_cards_in_german(
    server: Any, page: Any, table: Any
) -> None:
    created = server.create(
        seed=2,
        game="bibermania",
        seats=["human", "random", "random"],
        options={"first_player": "0"},
    )
    _german(page, server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view.phase === 'lay' && u.legal && u.legal.length > 0")
    hand = t.view()["hand"]
    missing = "joker" if "joker" not in hand else "koenig"
    text = _refused(page, {"lay": [missing]})
    card = "Joker" if missing == "joker" else "König"
    assert text.startswith(f"Abgelehnt: du hast {card} nicht auf der Hand"), text
