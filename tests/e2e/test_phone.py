"""Every page on a phone (390×844, Chromium): nothing wider than the screen, every visible
control inside it and at least 40 px tall; each game played by clicking at that size, people
against bots — whole games of mancala, Kalah and Biber-Mania, and 30 of the person's own
actions in each of the others. Mau-Mau's slap and word buttons stay fixed at the bottom.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

PHONE = {"width": 390, "height": 844}

FITS = """() => {
  const W = window.innerWidth;
  const bad = [];
  const sw = document.documentElement.scrollWidth;
  if (sw > W) bad.push(`the page is ${sw} px wide`);
  const controls = 'button, a.button, input, select, summary, #actions li';  // a replay's step
  for (const el of document.querySelectorAll(controls)) {
    if (el.type === 'hidden' || !el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const text = (el.textContent || el.value || '').trim().slice(0, 24);
    const what = `${el.tagName.toLowerCase()}.${el.className} "${text}"`;
    // a checkbox is tapped through its label
    const box = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')
      ? el.closest('label').getBoundingClientRect() : r;
    if (box.height < 39.5) bad.push(`${what} is ${box.height.toFixed(1)} px tall`);
    if (r.left < -0.5 || r.right > W + 0.5) {
      bad.push(`${what} reaches ${r.left.toFixed(0)}..${r.right.toFixed(0)}`);
    }
  }
  return bad;
}"""

# the visible, enabled controls that send a legal action: [data-action] in canonical JSON
CLICKABLE = """(legal) => {
  const keys = new Set(legal);
  const out = [];
  const where = '#board [data-action], #controls [data-action], #legal-buttons [data-action]';
  for (const el of document.querySelectorAll(where)) {
    if (el.disabled || !el.checkVisibility() || !keys.has(el.dataset.action)) continue;
    if (!out.includes(el.dataset.action)) out.push(el.dataset.action);
  }
  return out;
}"""


def canon(action: Any) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page in a phone-sized context (English; an uncaught error fails the test)."""
    ctx = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True)
    ctx.add_init_script(
        "try { localStorage.setItem('spieltisch.lang', 'en'); "
        "localStorage.setItem('spieltisch.pace', 'off'); } catch (e) {}"  # test_motion: the pacing
    )
    ctx.set_default_timeout(15_000)
    errors: list[str] = []
    ctx.on("weberror", lambda e: errors.append(str(e.error)))
    page = ctx.new_page()
    page.on("dialog", lambda d: d.accept())
    yield page
    ctx.close()
    assert not errors, f"uncaught errors in the page: {errors}"


AT_REST = """() => {
  for (const a of document.getAnimations()) {
    if (a.effect && a.effect.getComputedTiming().endTime !== Infinity) a.finish();
  }
  return document.getAnimations().length === 0;
}"""
"""Every running animation finished at once, as a tap on the board does (motion.js ``skipAll``):
a relay move of mancala sows for many seconds, and how far it got depends on the box's load."""


def assert_fits(page: Any, where: str) -> None:
    # measured at rest: a card gliding in starts at scale(0.6), and its box says so
    page.wait_for_function(AT_REST, timeout=15_000)
    bad = page.evaluate(FITS)
    assert not bad, f"{where}: {bad[:8]}"


def answered(page: Any, before: int) -> None:
    """Until the server has answered the page's actions up to ``before`` (accepted or refused)."""
    page.wait_for_function(
        f"() => window.spieltisch.nextId > {before} && window.spieltisch.sent.size === 0",
        timeout=15_000,
    )


def lay_by_picking(page: Any, action: dict[str, Any]) -> bool:
    """Biber-Mania: pick the lay's cards in the hand, then press "Lay the picked cards"."""
    page.click("#board .bm-laybar button:not(#lay)")  # start from no picked card
    for card in action["lay"]:
        free = page.locator(f"#hand [data-card='{card}']:not(.picked)")
        if free.count() == 0:
            return False
        free.first.click()
    if page.locator(f"#lay[data-action='{canon(action)}']").count() == 0:
        return False
    page.click("#lay")
    return True


def play_by_clicking(
    page: Any,
    t: Any,
    rng: random.Random,
    *,
    actions: int | None,
    prefer: tuple[str, ...] = (),
    check_every: int = 3,
) -> int:
    """Click legal actions on the board and its controls (the generic list only where the
    board draws none) until ``actions`` were accepted, or (None) the game is over. ``prefer``:
    action keys taken first when clickable, so that a game moves on. Returns the count."""
    done = idle = 0
    while actions is None or done < actions:
        assert idle < 50, "nothing to click for 50 tries"
        idle += 1
        t.wait("u.status !== 'playing' || u.legal.length > 0", timeout=60_000)
        u = t.update()
        if u["status"] != "playing":
            break
        legal = {canon(a): a for a in u["legal"]}
        if not legal:  # the table moved on between the wait and the reading
            continue
        clickable = page.evaluate(CLICKABLE, list(legal))
        lays = [a for a in u["legal"] if "lay" in a]
        before = page.evaluate("window.spieltisch.nextId")
        accepted = page.evaluate("window.spieltisch.stats.accepted")
        if lays and page.locator("#lay").count() and (not clickable or rng.random() < 0.7):
            if not lay_by_picking(page, min(lays, key=lambda a: (len(a["lay"]), canon(a)))):
                continue
        else:
            if clickable:
                first = [k for k in clickable if any(p in legal[k] for p in prefer)]
                pick = rng.choice(first or clickable)
                target = page.locator(f"[data-action='{pick}']").first
            elif idle > 5:  # nothing drawn for it: the list of all legal actions
                if not page.locator("#all-legal").evaluate("d => d.open"):
                    page.click("#all-legal summary")
                target = page.locator(f"#all-legal [data-any='{rng.choice(list(legal))}']")
            else:
                page.wait_for_timeout(100)  # a moment the board offers nothing to click
                continue
            try:
                target.click(timeout=3_000)
            except Exception:  # drawn anew under the click by the next update
                continue
        if page.evaluate("window.spieltisch.nextId") == before:
            continue  # the click only changed the page's own choice (a card picked)
        answered(page, before)
        if page.evaluate("window.spieltisch.stats.accepted") > accepted:
            done += 1
            idle = 0
            if done % check_every == 0:
                assert_fits(page, f"after {done} actions")
    return done


def open_table(
    server: Any, phone: Any, table: Any, game: str, seats: list[str], **body: Any
) -> Any:
    created = server.create(game=game, seats=seats, **body)
    phone.goto(server.seat_url(created, 0))
    t = table(phone)
    t.wait("u.view !== null")
    assert_fits(phone, f"{game} at the start")
    return created, t


WHOLE = [
    ("mancala", ["human", "random"], {"rounds": 2}, ()),
    ("kalah", ["human", "random"], {}, ()),
    # the heuristic ends a game of Biber-Mania as people do (the random bot rarely lays what
    # beats anything: 26 clicked actions and 20-40 s a game, against 7 and 5-6 s)
    ("bibermania", ["human", "heuristic"], {"first_player": "0"}, ("lay", "draw", "end")),
]


@pytest.mark.usefixtures("fast_bots")  # the random bot's replies: the phone's clicks are the test
@pytest.mark.parametrize(("game", "seats", "options", "prefer"), WHOLE, ids=[g[0] for g in WHOLE])
def test_a_whole_game_by_clicking_on_a_phone(
    server: Any,
    phone: Any,
    table: Any,
    game: str,
    seats: list[str],
    options: dict[str, Any],
    prefer: tuple[str, ...],
) -> None:
    created, t = open_table(server, phone, table, game, seats, seed=18, options=options)
    done = play_by_clicking(phone, t, random.Random(game), actions=None, prefer=prefer)
    assert t.update()["status"] == "finished"
    assert done >= 3
    assert "The game is over" in phone.inner_text("#status-line")
    assert_fits(phone, f"{game} at the end")
    phone.click("#rules summary")
    assert_fits(phone, f"{game}'s rules")
    # the replay of the game just played, on the same phone
    phone.goto(f"{server.url}/replay.html?table={created['id']}")
    phone.locator("#actions li").first.wait_for()
    phone.click("#first")
    phone.click("#next")
    assert_fits(phone, f"{game}'s replay")


SOME = [
    ("bohnanza", ["human", "trader", "trader"], {"first_player": "0"}, ("plant", "end", "keep")),
    ("ladybohn", ["human", "trader", "trader"], {"first_player": "0"}, ("plant", "end", "take")),
    ("mutterboehnchen", ["human", "trader", "trader"], {}, ("plant", "end", "pull")),
    ("maumau", ["human", "maumau", "maumau"], {}, ()),
]


# own actions clicked per game: enough for a whole turn of each game's phases (plant, trade,
# harvest; Mau-Mau's lays, draws and words). A longer soak is a benchmark's job: with 30, these
# four took 32-58 s each inside the suite, which ran past its 15 minutes.
OWN_ACTIONS = 15


@pytest.mark.parametrize(("game", "seats", "options", "prefer"), SOME, ids=[g[0] for g in SOME])
def test_own_actions_by_clicking_on_a_phone(
    server: Any,
    phone: Any,
    table: Any,
    bot_pace: Any,
    game: str,
    seats: list[str],
    options: dict[str, Any],
    prefer: tuple[str, ...],
) -> None:
    if game != "maumau":  # no real-time windows: the bots' thinking pauses, 5x shorter
        bot_pace(1 / 5)
    _, t = open_table(server, phone, table, game, seats, seed=18, options=options)
    if game == "maumau":
        # the slap and word buttons: fixed at the bottom of the screen, thumb-sized
        for button in ("#slap-left", "#slap-both", "#slap-right", "#say-mau", "#say-matt"):
            box = phone.locator(button).bounding_box()
            assert box is not None and box["height"] >= 40, button
            assert box["y"] + box["height"] <= PHONE["height"] and box["y"] > PHONE["height"] * 0.7
        assert (
            phone.evaluate("getComputedStyle(document.getElementById('mm-thumb')).position")
            == "fixed"
        )
    done = play_by_clicking(phone, t, random.Random(game), actions=OWN_ACTIONS, prefer=prefer)
    assert done >= OWN_ACTIONS or t.update()["status"] != "playing"
    phone.click("#lang-switch")  # German words are longer
    phone.wait_for_function("() => document.documentElement.lang === 'de'")
    assert_fits(phone, f"{game} in German")


def test_the_lobby_and_its_rules_on_a_phone(server: Any, phone: Any) -> None:
    phone.goto(server.url + "/")
    phone.locator("#game").wait_for()
    assert_fits(phone, "the lobby")
    phone.click("#create details.options summary")
    assert_fits(phone, "the lobby's options")
    for summary in phone.locator("#games details summary").all():
        summary.click()  # every game's rules, open
    assert_fits(phone, "the rules")
    phone.click("#create-submit")
    phone.locator("[data-testid=invite-0]").wait_for()
    phone.click("#refresh")
    phone.locator("tr[data-table]").first.wait_for()
    assert_fits(phone, "the lobby with a new table")
    phone.click("#lang-switch")
    phone.wait_for_function("() => document.documentElement.lang === 'de'")
    assert_fits(phone, "the lobby in German")
