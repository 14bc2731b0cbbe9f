"""The board's newer controls, used in real tables: Mau-Mau's dealer wish and swap for a
turned-up jack or queen (and the Pilz, drawn from a position), Biber-Mania's choice whom to beat
and the keep or reject of each beaten card, Ladybohn's rotate after a harvest and the bean
games' end of planting and trading beside their cards.

The positions were found by a script (random play of the engines from a few seeds, the first
moment each control shows for seat 0); where other seats must act first they are people too,
each with a page of its own, sending the found actions one by one, so nothing depends on a bot's
luck.
"""

from __future__ import annotations

import json
from typing import Any

import pytest


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def click(page: Any, t: Any, selector: str) -> None:
    """Click a board control and wait for the server's next update."""
    seq = t.update()["seq"]
    button = page.locator(selector)
    assert button.count(), selector
    button.first.click()
    t.wait(f"u.seq > {seq}")


def act(pages: list[Any], tables: list[Any], seat: int, action: dict[str, Any]) -> None:
    """Seat ``seat`` takes ``action`` (sent as the page sends it); every page has the update."""
    page, t = pages[seat], tables[seat]
    seq = t.update()["seq"]
    counts = page.evaluate("[window.spieltisch.stats.accepted, window.spieltisch.stats.refused]")
    page.evaluate(
        "(a) => window.spieltisch.ws.send("
        "JSON.stringify({action: a, id: 90000 + window.spieltisch.stats.updates}))",
        action,
    )
    page.wait_for_function(
        f"() => window.spieltisch.stats.accepted + window.spieltisch.stats.refused > {sum(counts)}"
    )
    assert page.evaluate("window.spieltisch.stats.refused") == counts[1], (seat, action)
    t.wait(f"u.seq > {seq}")
    last = t.update()["seq"]
    for other in tables:
        other.wait(f"u.seq >= {last}")


def seats(server: Any, contexts: Any, table: Any, created: dict[str, Any]) -> tuple[list, list]:
    ctx = contexts()
    pages, tables = [], []
    for seat in range(len(created["seats"])):
        page = ctx.new_page()
        page.goto(server.seat_url(created, seat))
        pages.append(page)
        tables.append(table(page))
    for t in tables:
        t.wait("u.view !== null")
    return pages, tables


# -- Mau-Mau: the dealer's turned-up jack or queen ---------------------------------------------


@pytest.mark.parametrize(
    ("seed", "what"),
    [
        (17, "wish"),  # 3 players, seat 0 deals (by lot) and turns up J♣: a wish
        (3, "swap"),  # seat 0 deals and turns up Q♣: a swap with a player
    ],
)
def test_the_dealers_jack_and_queen(
    server: Any, page: Any, table: Any, seed: int, what: str
) -> None:
    created = server.create(
        seed=seed,
        game="maumau",
        seats=["human", "maumau", "maumau"],
        options={"slap_seconds": 60.0},  # the dealer by lot: seat 0 with these seeds
    )
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait(f"u.legal.some((a) => '{what}' in a && !('lay' in a))")
    page.locator("#mm-decide").wait_for()
    legal = [a for a in t.legal() if what in a and "lay" not in a]
    assert len(page.locator("#mm-decide button").all()) >= len(legal)
    hand = t.view()["hand"]
    click(page, t, f"#mm-decide [data-action='{canon(legal[-1])}']")
    t.wait(f"!u.legal.some((a) => '{what}' in a && !('lay' in a))")
    assert page.locator("#mm-decide").count() == 0
    if what == "wish":
        page.wait_for_function(
            "() => document.querySelector('#log').innerText.includes('Player 1 (you) wishes')"
        )
        assert "♠" in page.inner_text("#board")  # the wish shown on the pile
    else:
        t.wait(f"JSON.stringify(u.view.hand) !== '{json.dumps(hand, separators=(',', ':'))}'")
    assert page.evaluate("window.spieltisch.stats.refused") == 0


PILZ_POSITION = {
    "game": "maumau",
    "players": 3,
    "dealer": 0,
    "hands": [["7h", "9c"], [], ["Kd", "8s", "10h"]],
    "pile": ["5d"],
    "turn": 2,
    "out": [False, True, False],
    "winners": [1],
    "pilze": [1, 0, 0],
}

DRAW_MAUMAU = """async (m) => {
  const r = (await import('/js/games/maumau.js')).default;
  const { Legal } = await import('/js/actions.js');
  const board = document.createElement('div');
  board.id = 'drawn';
  document.body.appendChild(board);
  const sent = [];
  const ctx = { view: m.view, update: null, legal: new Legal(m.legal), seat: 0, players: 3,
    name: (p) => 'P' + (p + 1), send: (a) => { sent.push(a); return true; }, ui: {}, board,
    controls: board, rerender: () => {}, lastEvents: [] };
  r.render(ctx);
  window.drawnSent = sent;
  return m.legal.filter((a) => !r.handles(a, ctx)).length;
}"""


def test_the_pilz_control(server: Any, page: Any) -> None:
    """A Pilz is far into a game (four of a rank on top, a winner to bring back): the board is
    drawn from an engine position where seat 0 holds one, and its control sends the action."""
    from spieltisch.registry import load_game

    game = load_game("maumau")
    s = type(game.new_state(3, seed=0)).from_position(game, PILZ_POSITION)
    legal = [dict(a) for a in s.legal_actions(0)]
    assert {"pilz": 1} in legal
    page.goto(server.url + "/table.html")
    unhandled = page.evaluate(DRAW_MAUMAU, {"view": s.view(0), "legal": legal})
    assert unhandled == 0
    page.click(f"#drawn #mm-decide [data-action='{canon({'pilz': 1})}']")
    assert page.evaluate("window.drawnSent") == [{"pilz": 1}]
    assert "Pilz" in page.inner_text("#drawn #mm-decide")


# -- Biber-Mania: whom to beat, and each beaten card kept or rejected ---------------------------

BIBER_SEED = 55  # 3 players, seat 0 first, beat_opponents=one: after these 8 lays seat 0's 6
BIBER_MOVES: list[tuple[int, dict[str, Any]]] = [  # beats the top groups of seats 1 and 2
    (0, {"lay": ["3"]}),
    (1, {"lay": ["1", "fee"]}),
    (1, {"fee": "9", "from": 2}),
    (2, {"lay": ["5", "5", "5"]}),
    (0, {"lay": ["7"]}),
    (1, {"lay": ["4"]}),
    (2, {"lay": ["4"]}),
]


def test_beat_whom_and_keep_in_bibermania(server: Any, contexts: Any, table: Any) -> None:
    created = server.create(
        seed=BIBER_SEED,
        game="bibermania",
        seats=["human", "human", "human"],
        options={"first_player": "0", "beat_opponents": "one"},
    )
    pages, tables = seats(server, contexts, table, created)
    for seat, action in BIBER_MOVES:
        act(pages, tables, seat, action)
    page, t = pages[0], tables[0]
    # the lay of the 6 through the hand and the lay button
    t.wait("u.legal.some((a) => a.lay && a.lay.length === 1 && a.lay[0] === '6')")
    act(pages, tables, 0, {"lay": ["6"]})
    t.wait("u.view.phase === 'beat-whom'")
    page.locator("#bm-decide").wait_for()
    assert "Whose top group" in page.inner_text("#bm-decide")
    click(page, t, f"#bm-decide [data-action='{canon({'beat': 2})}']")
    t.wait("u.view.phase === 'keep'")
    assert "Keep the beaten cards" in page.inner_text("#bm-decide")
    click(page, t, f"#bm-decide [data-action='{canon({'keep': True})}']")
    while t.view()["phase"] == "keep":
        click(page, t, f"#bm-decide [data-action='{canon({'keep': False})}']")
    log = t.log_text()
    assert "keeps" in log, log[-500:]
    assert page.evaluate("window.spieltisch.stats.refused") == 0


# -- Ladybohn: rotate a field after a harvest; the end of planting and trading on the board -----

LADY_SEED = 37  # solo: after these 8 actions the harvest of field 2 lets field 1 be rotated


def lady_moves() -> list[dict[str, Any]]:
    """The first actions of a solo game of seed 37 up to the rotate (random play, found once)."""
    import random

    from spieltisch.registry import load_game

    rng = random.Random(LADY_SEED)
    s = load_game("ladybohn").new_state(1, seed=LADY_SEED)
    out: list[dict[str, Any]] = []
    for _ in range(40):
        legal = [dict(a) for a in s.legal_actions(0)]
        if any("rotate" in a for a in legal):
            return out
        plain = [a for a in legal if "swap" not in a] or legal
        harvest = [a for a in plain if "harvest" in a]
        a = rng.choice(harvest) if harvest and rng.random() < 0.3 else rng.choice(plain)
        out.append(a)
        s.apply(0, a)
    raise AssertionError("no rotate in the first 40 actions")


def test_rotate_in_ladybohn(server: Any, page: Any, table: Any) -> None:
    moves = lady_moves()
    created = server.create(seed=LADY_SEED, game="ladybohn", seats=["human"])
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view !== null")
    for a in moves:
        if a.get("end") in ("planting", "trading", "taking"):
            click(page, t, f"#board [data-action='{canon(a)}']")  # on the board, not the list
        else:
            act([page], [t], 0, a)
    rotate = next(a for a in t.legal() if "rotate" in a)
    assert page.locator(f"#legal-buttons [data-action='{canon(rotate)}']").count() == 0
    before = t.view()["fields"][0][rotate["rotate"]]
    click(page, t, f"#board .b-field [data-action='{canon(rotate)}']")
    after = t.view()["fields"][0][rotate["rotate"]]
    assert after == before[-1:] + before[:-1] or after == before[1:] + before[:1]
    assert "rotate" in t.log_text().lower()
    assert page.evaluate("window.spieltisch.stats.refused") == 0


def test_end_planting_and_trading_on_the_board(server: Any, page: Any, table: Any) -> None:
    created = server.create(
        seed=4,
        game="bohnanza",
        # the others are people who do not come: random bots would trade a dozen times a
        # second, and each update draws the offer area anew under the click
        seats=["human", "human", "human"],
        options={"first_player": "0", "trade_seconds": 600.0},
    )
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.legal.some((a) => a.plant === 'front')")
    click(page, t, '#board .b-field [data-action*=\'"plant":"front"\']')
    t.wait("u.legal.some((a) => a.end === 'planting')")
    end = canon({"end": "planting"})
    assert page.locator(f"#legal-buttons [data-action='{end}']").count() == 0
    click(page, t, f"#board [data-action='{end}']")  # beside the hand
    t.wait("u.legal.some((a) => a.end === 'trading')")
    end = canon({"end": "trading"})
    assert page.locator(f"#offer-area [data-action='{end}']").count() == 1
    click(page, t, f"#offer-area [data-action='{end}']")
    t.wait("u.view.phase !== 'trade'")
    assert page.evaluate("window.spieltisch.stats.refused") == 0
