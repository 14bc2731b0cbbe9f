"""The defects a new player met (issue 18), each as the page shows it in Chromium.

Finished games for the replay pages are played here by bots (the scheduler, no clock) and
written to the server's database as a finished table, as the server itself would have.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.registry import load_game
from spieltisch.server.store import SeatRow, TableRow

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BIG_SEED = 2909818894727002305
"""The issue's seed: above 2**53, so a JavaScript number would round it (…002000)."""


def canon(action: Any) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def finished_table(server: Any, game: str, seed: int, players: int, **options: Any) -> str:
    """A game played to its end by random bots, stored as a finished table; its id."""
    g = load_game(game, **options)
    played = play_game(g, [make_bot("random", g) for _ in range(players)], seed)
    store = server.app.state.hub.store
    table_id = secrets.token_urlsafe(9)
    now = time.time()
    store.create_table(
        TableRow(
            id=table_id,
            game=game,
            options=dict(g.options),
            seed=seed,
            players=players,
            status="playing",
            takeover=None,
            created=now,
            updated=now,
            seats=[SeatRow(p, "random", None) for p in range(players)],
        )
    )
    actions = played.record.actions
    result = played.state.result().to_json()
    store.append_actions(
        [
            (table_id, i, player, action, result if i == len(actions) - 1 else None)
            for i, (player, action) in enumerate(actions)
        ]
    )
    return table_id


def new_page(browser: Any, viewport: dict[str, int]) -> Any:
    ctx = browser.new_context(viewport=viewport, locale="en-GB")
    ctx.add_init_script("try { localStorage.setItem('spieltisch.lang', 'en'); } catch (e) {}")
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.on("dialog", lambda d: d.accept())
    return page


@pytest.fixture
def pages(browser: Any) -> Any:
    made: list[Any] = []
    errors: list[str] = []

    def new(viewport: dict[str, int] = DESKTOP) -> Any:
        page = new_page(browser, viewport)
        page.context.on("weberror", lambda e: errors.append(str(e.error)))
        made.append(page)
        return page

    yield new
    for page in made:
        page.context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def feed(page: Any, change: str) -> None:
    """Hand the page its last update again, changed by ``change`` (JS over ``u``), as if the
    server had sent it: for moments a test cannot bring about on time (a slap's window)."""
    page.evaluate(
        f"""() => {{
          const u = structuredClone(window.spieltisch.update);
          {change};
          window.spieltisch.ws.onmessage({{ data: JSON.stringify(u) }});
        }}"""
    )


# -- 1. "Leave seat" -----------------------------------------------------------------------------


def test_leaving_a_seat_shows_the_seat_left_and_the_bot_in_it(
    server: Any, pages: Any, table: Any
) -> None:
    created = server.create(
        seed=5,
        game="mancala",
        seats=["human", "random"],
        takeover="random",
        options={"first_mover": "0"},
    )
    page = pages()
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.legal.length > 0")
    assert "It is up to you" in page.inner_text("#status-line")
    seq = t.update()["seq"]
    page.click("#leave")  # the confirmation is accepted
    page.wait_for_function(
        "() => window.spieltisch.seat === null && window.spieltisch.leftSeat === 0"
    )
    # the page now watches: no "up to you", no control to play, the bot in the seat
    t.wait("u.seats[0].kind === 'bot'")
    status = page.inner_text("#status-line")
    assert "It is up to you" not in status and "You have left the seat" in status
    assert page.locator("#board [data-action]").count() == 0
    assert page.locator("#youmay").is_hidden()
    assert page.locator("#leave").count() == 0
    assert "random" in page.inner_text("#seats li[data-seat='0']")
    t.wait(f"u.seq > {seq}")  # the bot plays the seat on, and the page follows
    assert page.evaluate("document.body.dataset.conn") == "connected"


# -- 2. the mancala replay: beside its actions at 1280 px, the seed in full ---------------------


def test_the_mancala_replay_fits_beside_its_actions_and_keeps_the_seed(
    server: Any, pages: Any
) -> None:
    table_id = finished_table(server, "mancala", BIG_SEED, 2)
    page = pages(DESKTOP)
    page.goto(f"{server.url}/replay.html?table={table_id}")
    page.locator("#actions li").first.wait_for()
    page.click("#first")
    page.click("#next")
    page.locator("#board .mancala").wait_for()
    # both boxes measured in one go inside the page: the board is drawn anew as the replay's
    # words and seats arrive, so two separate look-ups could find it replaced in between
    board, side = page.wait_for_function(
        """() => {
            const b = document.querySelector('#board .mancala');
            const s = document.querySelector('.side-col');
            if (!b || !s) return null;
            const r = (e) => { const x = e.getBoundingClientRect();
                               return {x: x.x, width: x.width}; };
            return [r(b), r(s)];
        }"""
    ).json_value()
    assert board["x"] + board["width"] <= side["x"], (board, side)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert str(BIG_SEED) in page.inner_text("#meta")


# -- 3. the replays of the bean games (and Mau-Mau) fit the page ----------------------------


REPLAYS = [
    ("bohnanza", 3, DESKTOP),  # ~2,600 actions: the longest list of these
    ("ladybohn", 2, PHONE),
    ("mutterboehnchen", 2, DESKTOP),
    ("maumau", 3, PHONE),  # not a bean game: its replay on a phone (the others: test_phone)
]


@pytest.mark.parametrize(("game", "players", "viewport"), REPLAYS, ids=[g[0] for g in REPLAYS])
def test_a_replay_fits_the_page(
    server: Any, pages: Any, game: str, players: int, viewport: dict[str, int]
) -> None:
    table_id = finished_table(server, game, 3, players)
    page = pages(viewport)
    page.goto(f"{server.url}/replay.html?table={table_id}")
    page.locator("#actions li").first.wait_for()
    n = page.locator("#actions li").count()
    page.locator(f"#actions li[data-index='{n // 2}']").click()
    page.wait_for_function(f"() => document.getElementById('step').value === '{n // 2 + 1}'")
    page.locator("#board .b-player, #board .mm-player").first.wait_for()
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width


# -- 4. an invite link whose token no websocket can carry ---------------------------------------


def test_a_malformed_invite_token_gets_a_clear_message(server: Any, pages: Any) -> None:
    created = server.create(game="mancala", seats=["human", "random"])
    page = pages()
    page.goto(f"{server.url}/tables/{created['id']}?token=wrong")
    page.wait_for_function("() => document.body.dataset.conn === 'closed'")
    wrong = page.inner_text("#status-line")
    assert "opens no seat" in wrong
    for token in ("a%20b", "a%22b", "%C3%A4"):
        page.goto(f"{server.url}/tables/{created['id']}?token={token}")
        page.wait_for_function("() => document.body.dataset.conn === 'closed'", timeout=5_000)
        assert page.inner_text("#status-line") == wrong, token


# -- 7. Mutterböhnchen: "give first" and the banner beside the trading panel -------------------


def test_give_first_shows_which_card_goes_first(server: Any, pages: Any, table: Any) -> None:
    # seed 3: Player 1 holds a Chili and a Junggeselle (a special Chili), so in the trading
    # phase she chooses which of them goes first when she gives Chili away
    created = server.create(
        seed=3,
        game="mutterboehnchen",
        # the others are people who do not come: random bots would trade a dozen times a
        # second, and each update draws the hand anew under the click
        seats=["human", "human", "human"],
        options={"trade_seconds": 600.0},
    )
    page = pages()
    page.goto(server.seat_url(created, 0))
    t = table(page)
    front = canon({"field": 0, "plant": "front"})
    t.wait("u.legal.some((a) => a.plant === 'front' && a.field === 0)")
    page.click(f"#board .b-field [data-action='{front}']")
    t.wait("u.legal.some((a) => a.end === 'planting')")
    page.click(f"[data-action='{canon({'end': 'planting'})}']")
    t.wait("u.view.phase === 'trade' && u.legal.some((a) => 'give_first' in a)")
    page.locator("#trade-panel").wait_for()

    # the banner does not cover the trading panel when the page is scrolled to it
    boxes = page.evaluate(
        """() => {
          document.getElementById('trade-panel').scrollIntoView();
          const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
          return [box('banner'), box('trade-panel')];
        }"""
    )
    banner, panel = boxes
    assert banner["bottom"] <= panel["top"], boxes

    buttons = page.locator("#hand [data-action*='give_first']")
    assert buttons.count() >= 1
    firsts = page.locator("#hand button.given-first:disabled").count()
    assert firsts >= 1  # of each variety held in two kinds, the one that goes first now
    target = buttons.first
    clicked = target.get_attribute("data-action")
    index = target.evaluate("b => b.parentElement.querySelector('[data-hand]').dataset.hand")
    seq = t.update()["seq"]
    before = page.evaluate("window.spieltisch.stats.accepted")
    target.click()
    page.wait_for_function(f"() => window.spieltisch.stats.accepted > {before}")
    t.wait(f"u.seq > {seq}")
    # the clicked kind goes first now: in place of its button a disabled "goes first"
    assert page.locator(f"#hand [data-action='{clicked}']").count() == 0
    given = page.locator(f"#hand .mb-pick:has([data-hand='{index}']) button.given-first")
    assert given.count() == 1 and given.is_disabled() and "goes first" in given.inner_text()
    assert page.locator("#hand button.given-first:disabled").count() >= firsts


# -- 8. the banner, the phase headings, refusals, the slap's glow ------------------------------


def test_the_banner_says_up_to_you_without_waiting_for_others(
    server: Any, pages: Any, table: Any
) -> None:
    created = server.create(
        seed=2, game="bohnanza", seats=["human"] * 3, options={"first_player": "0"}
    )
    page = pages()
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.legal.length > 0")
    # a moment where the game waits for Player 1 and Player 2 at once (both plant traded beans)
    feed(page, "u.waiting_for = [0, 1]")
    status = page.inner_text("#status-line")
    assert "It is up to you" in status and "Waiting for" not in status, status
    # the phase heading begins with a capital, whatever its words
    style = page.evaluate(
        "getComputedStyle(document.querySelector('#board .board-head'), '::first-letter')"
        ".textTransform"
    )
    assert style == "uppercase"
    # a refusal: a passing notice and the line above the buttons, not a line of the game log
    lines = page.locator("#log li").count()
    page.evaluate("window.spieltisch.ws.send(JSON.stringify({action: {buy: 'field'}, id: 999}))")
    page.locator("#refusal").wait_for()
    page.locator(".toast.error").first.wait_for()
    assert page.locator("#log li.refused").count() == 0
    assert page.locator("#log li").count() == lines


def test_only_the_wanted_hand_glows_in_a_slap(server: Any, pages: Any, table: Any) -> None:
    created = server.create(seed=5, game="maumau", seats=["human"] * 3)
    page = pages()
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view.hand.length > 0")
    feed(
        page,
        "u.view.slap = {need: 'right', slapped: []}; "
        "u.legal = [{slap: 'left'}, {slap: 'right'}, {slap: 'both'}]",
    )
    page.wait_for_function("() => document.getElementById('slap-right').classList.contains('hot')")
    assert page.locator("#slap-left.hot, #slap-both.hot").count() == 0
    assert page.locator("#slap-left:disabled, #slap-both:disabled").count() == 0  # still slappable
