"""axe-core on every page, at a desk's size and a phone's (390×844): the lobby, each game's
rules opened in it, each game's table as the seated person sees it against bots, an undo to
answer, and a finished game's result screen and replay. No serious or critical violation
anywhere (axe-core 4.12, bundled by axe-playwright-python).

Each page is loaded once and checked at both sizes, the window resized between the two (the
page's layout follows its width by CSS alone), which halves the tables the test plays."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from spieltisch.registry import GAMES, load_game

SIZES = {"desk": {"width": 1400, "height": 1000}, "phone": {"width": 390, "height": 844}}
BAD = {"serious", "critical"}
AXE = Axe()


@pytest.fixture
def sized(browser: Any) -> Iterator[Any]:
    """A page to check at both sizes (English; an uncaught error fails the test)."""
    # the page at rest: with reduced motion nothing fades or glides in while axe reads colours
    # (bots move on during the check; a card half faded in is no fault of the page)
    ctx = browser.new_context(viewport=SIZES["desk"], locale="en-GB", reduced_motion="reduce")
    ctx.add_init_script("try { localStorage.setItem('spieltisch.lang', 'en'); } catch (e) {}")
    ctx.set_default_timeout(15_000)
    errors: list[str] = []
    ctx.on("weberror", lambda e: errors.append(str(e.error)))
    page = ctx.new_page()
    yield page
    ctx.close()
    assert not errors, f"uncaught errors in the page: {errors}"


SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""


def _violations(page: Any) -> list[str]:
    """The serious and critical violations on the page at rest (a card still gliding in is
    half transparent), each with where it is (a few targets)."""
    page.evaluate(SETTLED)
    found = AXE.run(page).response["violations"]
    out = []
    for v in found:
        if v["impact"] not in BAD:
            continue
        where = []
        for n in v["nodes"][:6]:
            data = [c.get("data") for c in n["any"] + n["all"] if isinstance(c.get("data"), dict)]
            seen = {
                k: data[0][k]
                for k in ("fgColor", "bgColor", "contrastRatio")
                if data and k in data[0]
            }
            where.append(f"{' '.join(map(str, n['target']))} {seen or ''}".strip())
        out.append(f"{v['id']} ({v['impact']}): {v['help']} at {where}")
    return out


def violations(page: Any) -> list[str]:
    """``_violations`` at each of the two sizes, each named with its size."""
    out = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        out += [f"{size}: {v}" for v in _violations(page)]
    return out


def test_the_lobby_and_every_games_rules(server: Any, sized: Any) -> None:
    page = sized
    page.goto(server.url + "/")
    page.locator("#games details.rules").first.wait_for()
    page.locator("#create select, #create input").first.wait_for()
    found = violations(page)
    assert not found, "\n".join(found)
    for details in page.locator("#games details.rules").all():
        details.locator(":scope > summary").click()
    page.locator("#games .rules-text").first.wait_for()
    found = violations(page)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_games_table(server: Any, sized: Any, table: Any, game_id: str) -> None:
    players = load_game(game_id).default_players
    # Ladybohn's random bot swaps its hand for a fan again and again (the rules allow it as
    # often as she likes): ten updates a second at the tests' pace, while axe reads the page
    bot = "trader" if game_id == "ladybohn" else "random"
    made = server.create(seed=5, game=game_id, seats=["human"] + [bot] * (players - 1))
    page = sized
    page.goto(server.seat_url(made, 0))
    t = table(page)
    t.wait("u.view !== null")
    page.locator("#board *").first.wait_for()
    found = violations(page)
    assert not found, "\n".join(found)


def test_the_result_screen_and_the_replay(server: Any, sized: Any) -> None:
    made = server.create(
        game="mancala", seats=["random", "random"], options={"pits": 2, "rounds": 1}
    )
    deadline = time.monotonic() + 60
    while True:
        with urllib.request.urlopen(f"{server.url}/api/tables/{made['id']}", timeout=10) as r:
            if json.loads(r.read())["status"] == "finished":
                break
        assert time.monotonic() < deadline, "the bots did not finish a round of mancala in 60 s"
        time.sleep(0.1)
    page = sized
    page.goto(server.seat_url(made))  # the finished table: its result screen
    page.locator("#result tbody tr").first.wait_for()
    found = violations(page)
    assert not found, "\n".join(found)
    page.goto(f"{server.url}/replay.html?table={made['id']}")
    page.wait_for_function("() => window.spieltisch && window.spieltisch.views.size > 0")
    page.locator("#board *").first.wait_for()
    found = violations(page)
    assert not found, "\n".join(found)


def test_an_undo_to_answer(server: Any, sized: Any, browser: Any, table: Any) -> None:
    """The table of a person asked to let another take a move back: the request, with its
    Accept and Decline."""
    made = server.create(
        game="mancala", seats=["human", "human"], options={"pits": 3, "first_mover": "0"}
    )
    other = browser.new_context(locale="en-GB")
    try:
        asker = other.new_page()
        asker.goto(server.seat_url(made, 0))
        t = table(asker)
        t.wait("u.legal.length > 0")
        first = json.dumps(t.update()["legal"][0], sort_keys=True, separators=(",", ":"))
        asker.click(f"#board [data-action='{first}']")
        t.wait("u.seq === 1")
        page = sized
        page.goto(server.seat_url(made, 1))
        table(page).wait("u.seq === 1")
        asker.click("#undo")
        page.locator("#undo-accept").wait_for()
        found = violations(page)
        assert not found, "\n".join(found)
    finally:
        other.close()


def test_cards_are_named_in_the_pages_language(server: Any, page: Any, table: Any) -> None:
    """A card is named for a screen reader as the page speaks: Mau-Mau's by rank and suit."""
    made = server.create(seed=5, game="maumau", seats=["human", "random", "random"])
    page.goto(server.seat_url(made, 0))
    table(page).wait("u.view.hand && u.view.hand.length > 0")
    names = {
        "en": ({"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}, "{0} of {1}"),
        "de": ({"J": "Bube", "Q": "Dame", "K": "König", "A": "Ass"}, "{1} {0}"),
    }
    suits = {
        "en": {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"},
        "de": {"c": "Kreuz", "d": "Karo", "h": "Herz", "s": "Pik"},
    }
    for lang in ("en", "de"):
        if lang == "de":
            page.click("#lang-switch")
            page.wait_for_function("() => document.documentElement.lang === 'de'")
        # both attributes in one read (a bot's move may re-deal the hand between two reads),
        # once such a card is there
        name, label = page.locator("#hand button.card:not(.joker)").first.evaluate(
            "el => [el.dataset.card, el.getAttribute('aria-label')]"
        )
        ranks, form = names[lang]
        said = form.format(ranks.get(name[:-1], name[:-1]), suits[lang][name[-1]])
        assert label.startswith(said)
