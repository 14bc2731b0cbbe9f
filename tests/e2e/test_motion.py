"""Seeing what happened, in a real browser: the last move highlighted (its pits or cards and its
log lines), sown seeds and laid cards moving unless the person's system asks for reduced motion
(then nothing animates at all), a click on the board skipping the animations, and the pacing of
others' moves: updates shown one after another, none dropped or reordered, and never a control
on screen that belongs to an older update than the newest one received; each held a whole
moment after its sowing ended, and the person's own move shown at once even where another's
update came just before it. A replay's next step is
sown as a move at the table is."""

from __future__ import annotations

import itertools
import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

# What the page received and what it showed, watched from outside the page's code: every
# websocket's updates as they arrive, and each change of the board, the controls and the
# update on screen (body[data-seq]) with the enabled controls there at that moment.
WATCH = """
window.__received = []; window.__shown = []; window.__snaps = []; window.__anims = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (e) => {
      try { const m = JSON.parse(e.data); if (m.type === 'update') window.__received.push(m.seq); }
      catch (err) { /* not JSON */ }
    });
  }
};
new MutationObserver((records) => {
  if (!document.body) return;
  const seqs = records.filter((r) => r.attributeName === 'data-seq' && r.target === document.body);
  if (seqs.length) {
    for (const r of seqs.slice(1)) window.__shown.push(Number(r.oldValue));
    window.__shown.push(Number(document.body.dataset.seq));
  }
  const controls = document.querySelectorAll(
    '#board [data-action]:not([disabled]), #controls [data-action]:not([disabled]), '
    + '#legal-buttons [data-action]').length;
  window.__snaps.push({ seq: Number(document.body.dataset.seq), latest: window.__received.at(-1),
                        controls });
  if (seqs.length) window.__anims.push(document.getAnimations().length);
}).observe(document, { subtree: true, childList: true, attributes: true,
                       attributeFilter: ['data-seq'], attributeOldValue: true });
"""


def canon(action: Any) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def watched(browser: Any, pace: str, reduced: bool, animations: str) -> Any:
    ctx = browser.new_context(
        viewport={"width": 1400, "height": 1000},
        locale="en-GB",
        reduced_motion="reduce" if reduced else "no-preference",
    )
    ctx.add_init_script(
        "try { localStorage.setItem('spieltisch.lang', 'en'); "
        f"localStorage.setItem('spieltisch.pace', '{pace}'); "
        f"localStorage.setItem('spieltisch.animations', '{animations}'); }} catch (e) {{}}"
    )
    ctx.add_init_script(WATCH)
    ctx.set_default_timeout(20_000)
    return ctx


@pytest.fixture
def opened(browser: Any) -> Iterator[Any]:
    """``opened(pace, reduced, animations)``: a page of a fresh context (reduced: the system
    asks for reduced motion; animations: the page's own setting); uncaught errors fail it."""
    made: list[Any] = []
    errors: list[str] = []

    def new(pace: str = "off", reduced: bool = False, animations: str = "on") -> Any:
        ctx = watched(browser, pace, reduced, animations)
        ctx.on("weberror", lambda e: errors.append(str(e.error)))
        made.append(ctx)
        return ctx.new_page()

    yield new
    for ctx in made:
        ctx.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def move_and_answer(page: Any, t: Any) -> dict[str, Any]:
    """The person's first legal move on the board, until they may move again (or the end)."""
    before = t.update()
    page.click(f"#board [data-action='{canon(before['legal'][0])}']")
    t.wait(f"u.seq > {before['seq']} && (u.legal.length > 0 || u.status !== 'playing')")
    return before


@pytest.mark.parametrize(
    ("reduced", "animations"),
    [(False, "on"), (True, "on"), (False, "off")],
    ids=["motion", "reduced-motion", "animations-off"],
)
def test_the_last_move_is_highlighted_and_moves_only_without_reduced_motion(
    server: Any, opened: Any, table: Any, reduced: bool, animations: str
) -> None:
    made = server.create(seed=3, game="mancala", seats=["human", "random"], options={"pits": 4})
    page = opened(reduced=reduced, animations=animations)
    page.goto(server.seat_url(made, 0))
    t = table(page)
    t.wait("u.legal.length > 0")
    page.evaluate("window.__anims = []")
    move_and_answer(page, t)
    # the last move's pits are marked (a dashed ring where it was sown from, in words too) and
    # so are its lines in the log
    assert page.locator("#board .pit.last-from").count() == 1
    label = page.locator("#board .pit.last-from").get_attribute("aria-label")
    assert "the last move was sown from here" in label
    assert page.locator("#log li.last").count() >= 1
    # the pits whose seeds the last move changed, marked too; a redrawing keeps the marks
    touched = page.locator("#board .pit.touched, #board .store.touched").count()
    assert touched >= 2
    page.evaluate("window.spieltisch.ctx().rerender()")
    assert page.locator("#board .pit.touched, #board .store.touched").count() == touched
    assert page.locator("#board .pit.last-from").count() == 1
    # the log's marks too, through a redrawn log in the other language
    marked = page.locator("#log li.last").count()
    assert marked >= 1
    lang = page.evaluate("document.documentElement.lang")
    for want in ("de" if lang == "en" else "en", lang):  # there and back: the log redrawn
        page.click("#lang-switch")
        page.wait_for_function(f"document.documentElement.lang === '{want}'")
        assert page.locator("#log li.last").count() == marked
    anims = page.evaluate("window.__anims")
    assert anims, "no update was shown"
    if reduced or animations == "off":
        assert max(anims) == 0, f"animations under reduced motion or turned off: {anims}"
        # the setting says why: the system's wish cannot be overruled here
        assert page.locator("#animations").is_disabled() == reduced
        assert not page.locator("#animations").is_checked()
    else:
        assert max(anims) > 0, "nothing moved"
        # a click on the board ends what moves (the endless ones excepted: none here)
        page.evaluate("window.spieltisch.r.animate(window.spieltisch.ctx())")
        assert page.evaluate("document.getAnimations().length") > 0
        page.click("#board .board-head")
        running = "document.getAnimations().filter((a) => a.playState === 'running').length"
        assert page.evaluate(running) == 0


def test_a_laid_card_arrives_highlighted(server: Any, opened: Any, table: Any) -> None:
    made = server.create(
        seed=4,
        game="bibermania",
        seats=["human", "random", "random"],
        options={"first_player": "0"},
    )
    page = opened()
    page.goto(server.seat_url(made, 0))
    t = table(page)
    t.wait("u.legal.some((a) => 'lay' in a && a.lay.length === 1)")
    before = t.update()
    lay = next(a for a in before["legal"] if "lay" in a and len(a["lay"]) == 1)
    page.evaluate("window.__anims = []")
    page.click(f"#hand button[data-card='{lay['lay'][0]}']")
    page.click("#lay")
    t.wait(f"u.seq > {before['seq']}")
    # the card is on the person's pile now, marked as what the last move brought, and it glided
    arrived = page.locator(f"#board [data-flip='{lay['lay'][0]}'].arrived")
    arrived.first.wait_for()
    assert max(page.evaluate("window.__anims")) > 0


def test_pacing_shows_every_update_in_order_and_never_stale_controls(
    server: Any, opened: Any, table: Any
) -> None:
    made = server.create(
        seed=8,
        game="bibermania",
        seats=["human", "random", "random", "random"],
        options={"first_player": "0"},
    )
    page = opened(pace="normal")
    page.goto(server.seat_url(made, 0))
    t = table(page)
    page.click("#all-legal summary")
    for _ in range(5):
        t.wait("u.legal.length > 0 || u.status !== 'playing'")
        u = t.update()
        if u["status"] != "playing":
            break
        page.click(f"#all-legal [data-any='{canon(u['legal'][0])}']")
        t.wait(f"u.seq > {u['seq']}")
    t.wait("u.legal.length > 0 || u.status !== 'playing'")
    received = page.evaluate("window.__received")
    shown = page.evaluate("window.__shown")

    def steps(xs: list[int]) -> list[int]:
        return [x for i, x in enumerate(xs) if i == 0 or xs[i - 1] != x]

    # every update shown, in the order it came: none dropped, none reordered
    assert steps(shown) == steps(received)[: len(steps(shown))]
    assert steps(shown)[-1] == received[-1]  # the person's turn: shown at once
    snaps = page.evaluate("window.__snaps")
    stale = [s for s in snaps if s["controls"] and s["seq"] != s["latest"]]
    assert not stale, f"controls on screen for an older update: {stale[:5]}"
    # the pacing held updates back: an older one on screen while a newer one was in
    assert any(s["seq"] < s["latest"] for s in snaps if s["latest"] is not None)


def test_a_replays_next_step_is_sown(server: Any, opened: Any) -> None:
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
    page = opened()
    page.goto(f"{server.url}/replay.html?table={made['id']}")
    page.wait_for_function("() => window.spieltisch && window.spieltisch.drawn !== null")
    page.click("#first")
    page.wait_for_function("() => window.spieltisch.drawn === 0")
    assert page.locator(".seed-fly").count() == 0  # a jump: no sowing
    page.click("#next")
    page.locator("#board .seed-fly").first.wait_for(state="attached")
    page.wait_for_function("() => window.spieltisch.drawn === 1")
    assert page.locator("#board .pit.last-from").count() == 1


# When each update was shown and until when what it set moving moved (the animations the page
# started, not CSS ones), and when each update arrived: watched from outside the page's code.
SEEN = """
window.__seen = []; window.__arrived = {};
const Seen = window.WebSocket;
window.WebSocket = class extends Seen {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (e) => {
      try {
        const m = JSON.parse(e.data);
        if (m.type === 'update' && !(m.seq in window.__arrived)) {
          window.__arrived[m.seq] = performance.now();
        }
      } catch (err) { /* not JSON */ }
    });
  }
};
new MutationObserver(() => {
  if (!document.body || !document.body.dataset.seq) return;
  const seq = Number(document.body.dataset.seq);
  const last = window.__seen.at(-1);
  if (last && last.seq === seq) return;
  const now = performance.now();
  let until = now;
  for (const a of document.getAnimations()) {
    if (a instanceof CSSAnimation || a instanceof CSSTransition) continue;
    const end = a.effect.getComputedTiming().endTime;
    if (end !== Infinity) until = Math.max(until, now + end - (a.currentTime || 0));
  }
  window.__seen.push({ seq, at: now, until });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-seq'] });
"""

NORMAL_MS = 900  # motion.js PACES.normal


def test_the_pace_counts_from_when_an_update_was_seen_whole(
    server: Any, browser: Any, table: Any
) -> None:
    """A spectator at a readable pace: each move stays a whole moment after its seeds have
    been sown, not from when it was drawn (the sowing would eat the moment)."""
    made = server.create(game="kalah", seats=["random", "random"], options={"pits": 4})
    ctx = watched(browser, "normal", False, "on")
    ctx.add_init_script(SEEN)
    try:
        page = ctx.new_page()
        page.goto(server.seat_url(made))
        page.wait_for_function(
            "() => window.__seen.length >= 5 "
            "&& window.__seen.slice(1, -1).some((s) => s.until - s.at > 100)",
            timeout=40_000,
        )
        seen = page.evaluate("window.__seen")
        arrived = page.evaluate("window.__arrived")
    finally:
        ctx.close()
    moved = [s for s in seen[1:-1] if s["until"] - s["at"] > 100]
    assert moved, f"nothing was sown: {seen}"
    for before, after in itertools.pairwise(seen[1:]):
        due = max(arrived[str(after["seq"])], before["until"] + NORMAL_MS)
        assert after["at"] >= due - 40, (
            f"update {after['seq']} shown {due - after['at']:.0f} ms before its moment "
            f"(the one before moved until {before['until']:.0f}): {seen}"
        )


# Holds the messages the page gets while window.__hold is true, and hands them on in order on
# window.__release(): a message in flight while the person clicks, made to happen on time.
GATE = """
window.__hold = false; window.__held = []; window.__seqAt = {};
const Gated = window.WebSocket;
window.WebSocket = class extends Gated {
  set onmessage(fn) {
    super.onmessage = (e) => {
      if (window.__hold) window.__held.push({ data: e.data, run: () => fn.call(this, e) });
      else fn.call(this, e);
    };
  }
  get onmessage() { return super.onmessage; }
};
window.__release = () => {
  window.__hold = false;
  window.__releasedAt = performance.now();
  for (const m of window.__held.splice(0)) m.run();
};
new MutationObserver(() => {
  const seq = document.body && document.body.dataset.seq;
  if (seq && !(seq in window.__seqAt)) window.__seqAt[seq] = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-seq'] });
"""

HELD = "() => window.__held.map((m) => { const x = JSON.parse(m.data); return [x.type, x.seq]; })"


def test_anothers_update_does_not_take_the_persons_own_moment(
    server: Any, browser: Any, contexts: Any, table: Any
) -> None:
    """Bruno's update (he names his seat) reaches Ada's page just as she moves: it is shown,
    and her own move right after it, at once, not a paced moment later."""
    made = server.create(
        game="mancala", seats=["human", "human"], options={"pits": 4, "first_mover": "0"}
    )
    ctx = watched(browser, "normal", False, "on")
    ctx.add_init_script(GATE)
    try:
        ada = ctx.new_page()
        ada.goto(server.seat_url(made, 0))
        a = table(ada)
        a.wait("u.legal.length > 0")
        bruno = contexts().new_page()
        bruno.goto(server.seat_url(made, 1))
        a.wait("u.seats[1].connected > 0")
        ada.evaluate("window.__hold = true")
        bruno.fill("#my-name", "Bruno")
        bruno.click("#name-form button[type=submit]")
        ada.wait_for_function(f"() => ({HELD})().some(([k]) => k === 'update')")
        ada.click(f"#board [data-action='{canon(a.update()['legal'][0])}']")  # her turn still
        ada.wait_for_function(f"() => ({HELD})().some(([k, seq]) => k === 'update' && seq === 1)")
        held = ada.evaluate(HELD)
        assert [k for k, _ in held].index("accepted") > 0  # Bruno's update came first
        ada.evaluate("window.__release()")
        a.wait("u.seq === 1")
        waited = ada.evaluate("window.__seqAt['1'] - window.__releasedAt")
        assert waited < NORMAL_MS / 3, f"her own move was shown {waited:.0f} ms late"
        assert a.update()["seats"][1]["name"] == "Bruno"
    finally:
        ctx.close()


# The pits and stores each shown update sets pulsing (the page's own animations, not the CSS
# glow of a changed pit), in order of their start (a sown seed drops into each in turn):
# watched from outside the page's code.
PULSES = """
window.__pulses = {};
new MutationObserver(() => {
  const seq = document.body && document.body.dataset.seq;
  if (!seq || seq in window.__pulses) return;
  window.__pulses[seq] = document.getAnimations()
    .filter((a) => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition))
    .filter((a) => a.effect && a.effect.target && /^(pit|store)-/.test(a.effect.target.id || ''))
    .sort((a, b) => a.effect.getTiming().delay - b.effect.getTiming().delay)
    .map((a) => a.effect.target.id);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-seq'] });
"""


def test_the_sowing_follows_the_tables_own_options(
    server: Any, browser: Any, contexts: Any, table: Any
) -> None:
    """A mancala table (not Kalah) whose stores are sown and whose laps skip their start: the
    seeds of a move fly by the mover's store and never back into the pit they came from,
    one pit per seed, ending where the move's lap ended."""
    options = {
        "pits": 2,
        "seeds": 5,
        "first_mover": "0",
        "skip_start": True,
        "stores_sown": True,
        "relay": False,
        "directions": "ccw",
    }
    made = server.create(game="mancala", seats=["human", "human"], options=options)
    ctx = watched(browser, "off", False, "on")
    ctx.add_init_script(PULSES)
    try:
        page = ctx.new_page()
        page.goto(server.seat_url(made, 0))
        t = table(page)
        t.wait("u.legal.length > 0")
        move = next(a for a in t.update()["legal"] if a.get("pit") == 0)
        page.click(f"#board [data-action='{canon(move)}']")
        t.wait("u.seq === 1")
        event = next(e for e in t.update()["events"] if e["type"] == "move")
        (lap,) = event["laps"]
        pulses = page.evaluate("window.__pulses['1']")
    finally:
        ctx.close()
    # 5 seeds from pit 0 on 2 pits a side: pit 1, the store, pits 2 and 3, then (pit 0
    # skipped) pit 1 again, where the lap ends (not in the store: the rules are the table's,
    # not guessed from where a lap ended)
    assert lap["from"] == 0 and lap["beans"] == 5 and lap["to"] == 1
    assert pulses == ["pit-1", "store-0", "pit-2", "pit-3", "pit-1"], pulses
    assert pulses[-1] == ("store-0" if lap["to"] < 0 else f"pit-{lap['to']}")
