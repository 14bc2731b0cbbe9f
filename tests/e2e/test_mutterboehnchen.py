"""Mutterböhnchen in the browser: a table made in the lobby with bots, and a whole first turn
played on the board's own controls — the front card and the next planted on one field (a Baby,
then a Lady of its variety: the Baby may move up), the pull, the Rasselbande's attack on an
opponent, the turned-up cards planted and the trading ended — then the page in German.

Seed 509 with 3 players: seat 0 begins (by lot) with Chili Baby (2 rattles), Chili Lady, ...
"""

from __future__ import annotations

import json
import time
from typing import Any

SEED = 509


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def click(page: Any, t: Any, selector: str) -> None:
    """Click a control and wait until the page has the server's next update."""
    seq = t.update()["seq"]
    page.locator(selector).first.click()
    t.wait(f"u.seq > {seq}")


def test_a_first_turn_of_mutterboehnchen(server: Any, page: Any, table: Any) -> None:
    page.goto(server.url + "/")
    page.locator("#create-submit").wait_for()
    page.select_option("#game", "mutterboehnchen")
    page.select_option("#players", "3")
    assert page.input_value("#seat-1") != "human"  # the other seats are bots
    page.click("#create details.options summary")
    page.fill("#opt-trade_seconds", "600")  # no referee closing the trading under the test
    server.seeds.queue.append(SEED)
    page.click("#create-submit")
    invite = page.locator("[data-testid='invite-0']")
    invite.wait_for()
    page.goto(invite.input_value())

    t = table(page)
    t.wait("u.legal.some((a) => a.plant === 'front')")
    view = t.view()
    assert view["game"] == "mutterboehnchen" and view["active"] == 0
    assert view["hand"][:2] == ["chili-baby2", "chili-lady"]
    # the hand in order, the front card marked; Bohnentaler face down as counts
    assert page.locator("#hand .bean").count() == 5
    assert page.locator("#hand .bean.front").count() == 1
    assert "●●" in page.inner_text("#hand .bean.front")  # a Baby with 2 rattles
    assert "Bohnentaler" in page.inner_text("#board .b-player[data-player='1'] .head")
    assert "Plant your front card" in page.inner_text("#mb-prompt")

    # 1. the front card (the Baby) on field 1, then the Lady on top of it
    front = canon({"plant": "front", "field": 0})
    click(page, t, f"#board .b-field [data-action='{front}']")
    t.wait("u.legal.some((a) => a.end === 'planting')")
    click(page, t, f"#board .b-field [data-action='{front}']")
    # the Lady planted: the Baby below her may move up 2 places
    t.wait("u.view.pull !== null && u.legal.some((a) => a.pull === 0)")
    prompt = page.inner_text("#mb-prompt")
    assert "move up 2 places" in prompt and "Chili Baby" in prompt
    assert page.locator("#board [data-field='0-0'] .mb-slice.pullable").count() == 1
    click(page, t, f"#mb-prompt [data-action='{canon({'pull': 0})}']")

    # 1½. the Baby is on top again: the Rasselbande attacks an opponent
    t.wait("u.view.phase === 'attack' && u.legal.some((a) => 'attack' in a)")
    assert "⚔" in page.inner_text("#board [data-field='0-0']")
    assert "Rasselbande" in page.inner_text("#mb-prompt")
    click(page, t, f"#mb-prompt [data-action='{canon({'attack': 1, 'field': 0})}']")
    t.wait("u.view.phase === 'trade' || u.view.phase === 'keep'")
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('attacks')")
    assert "draws 2 Bohnentaler" in page.inner_text("#log")

    # 2-3. trading: the turned-up cards lie in the offer area with the trading panel
    t.wait("u.view.phase === 'trade'")
    page.locator("#trade-panel").wait_for()
    assert page.locator("#offer-area .bean").count() == 2
    turned = t.view()["offer_area"][0]
    plant = next(a for a in t.legal() if a.get("plant") == turned["id"])
    click(page, t, f"#offer-area [data-action='{canon(plant)}']")
    t.wait(f"!u.view.offer_area.some((c) => c.id === {turned['id']})")

    # then end the trading and plant whatever is left, until the turn goes on
    for _ in range(20):
        u = t.update()
        if u["view"]["active"] != 0 or u["view"]["turn"] > 1:
            break
        legal = u["legal"]
        board = [a for a in legal if isinstance(a.get("plant"), int)]
        end = [a for a in legal if a.get("end") == "trading"]
        if board:
            click(page, t, f"#board [data-action='{canon(board[0])}']")
        elif end:
            click(page, t, f"#board [data-action='{canon(end[0])}']")
        else:
            t.wait(f"u.seq > {u['seq']}")
    t.wait("u.view.active !== 0 || u.view.turn > 1")
    log = page.inner_text("#log")
    assert "turns up" in log and "draws 3 cards" in log
    assert page.evaluate("window.spieltisch.stats.refused") == 0

    # the page in German: the board, the prompt words, the log and the rules
    page.click("#lang-switch")
    assert "Zug" in page.inner_text("#board .board-head")
    assert "Deine Hand" in page.inner_text("#board")
    assert "Bohnentaler" in page.inner_text("#board .b-player[data-player='0'] .head")
    assert "pflanzt" in page.inner_text("#log")
    assert "greift" in page.inner_text("#log")
    # a refused action: the reason in a clear place, in German, seats counted from 1
    page.evaluate("window.spieltisch.ws.send(JSON.stringify({action: {buy: 'field'}, id: 999}))")
    page.locator("#refusal").wait_for()
    refusal = page.inner_text("#refusal")
    assert refusal.startswith("Abgelehnt:") and "player" not in refusal, refusal
    page.click("#rules summary")
    assert "Rasselbande" in page.inner_text("#rules .rules-text")
    assert "verdeckt" in page.inner_text("#rules .rules-text")


def test_card_ids_read_as_the_servers_deck(server: Any, page: Any, table: Any) -> None:
    """Actions name cards by id (keep, place, a Hampelmann's 2nd card, give first), the view by
    name: the page reads every id of the built-in deck as the server's card."""
    from spieltisch.registry import load_game

    names = [k.name for k in load_game("mutterboehnchen").kinds]
    created = server.create(seed=3, game="mutterboehnchen", seats=["human", "random", "random"])
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view !== null")
    read = page.evaluate(
        "async (n) => { const m = await import('/js/games/mutterboehnchen.js');"
        " const v = window.spieltisch.update.view;"
        " return Array.from({length: n}, (_, i) => m.nameOf(v, i)); }",
        len(names),
    )
    assert read == names


def test_random_play_draws_every_moment(server: Any, page: Any, table: Any) -> None:
    """A person plays random legal actions (from the page's list of all of them) with random
    bots: the board draws whatever comes (attacks, pulls, gifts, one-shots) without an error,
    and the board's own prompt never shows a card it cannot name."""
    import random

    rng = random.Random(7)
    created = server.create(
        seed=21,
        game="mutterboehnchen",
        seats=["human", "random", "random"],
        options={"first_player": "0", "trade_seconds": 10.0},
    )
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view !== null")
    page.click("#all-legal summary")
    acted = 0
    started = time.monotonic()
    while acted < 20 and time.monotonic() - started < 10:
        try:
            t.wait("u.legal.length > 0 || u.status !== 'playing'", timeout=5_000)
        except Exception:  # the bots' long stretch: the page kept drawing
            continue
        u = t.update()
        if u["status"] != "playing":
            break
        if page.locator("#mb-prompt").count():
            assert "#" not in page.inner_text("#mb-prompt")
        # the board's controls first (the trading's drafts only now and then)
        legal = [a for a in u["legal"] if "draft" not in a] or u["legal"]
        action = rng.choice(legal)
        sent = page.evaluate("window.spieltisch.nextId")
        button = page.locator(f"#all-legal [data-any='{canon(action)}']")
        if button.count() == 0:
            continue
        try:
            button.first.click(timeout=2_000)
        except Exception:
            continue
        acted += 1
        try:  # answered: accepted or refused
            page.wait_for_function(
                f"() => window.spieltisch.nextId > {sent} && !window.spieltisch.sent.has({sent})",
                timeout=5_000,
            )
        except Exception:  # a busy server: the next round reads the page again
            continue
    assert acted >= 6
    assert page.locator("#board .b-player").count() == 3


def moment(s: Any, p: int) -> str:
    """What player ``p`` is asked now, by the board's prompts."""
    if s.pull and s.pull["player"] == p:
        return "pull"
    if s.choice and s.choice["player"] == p:
        return "choice:" + s.choice["effect"]
    if s.foist and s.foist[0][0] == p:
        return "foist"
    if s.flitzer and s.flitzer["order"][0] == p:
        return "flitzer"
    legal = s.legal_actions(p)
    if any("aktivist" in a for a in legal):
        return "aktivist"
    if any(a.get("from") == "hand" and "plant" in a for a in legal):
        return "hampelmann"
    if any("give_first" in a for a in legal):
        return "give_first"
    return str(s.phase)


def moments() -> dict[str, dict[str, Any]]:
    """The first position of each kind of moment in random games of a few seeds (found once by
    a longer search): the seat asked, its view and its legal actions."""
    import random

    from spieltisch.core import REFEREE
    from spieltisch.registry import load_game

    game = load_game("mutterboehnchen")
    found: dict[str, dict[str, Any]] = {}
    for seed in (0, 1, 5, 6, 8, 22, 39, 48):
        rng = random.Random(seed)
        s = game.new_state(rng.choice([3, 4, 5]), seed=seed)
        for _ in range(3000):
            if s.phase == "over":
                break
            actors = [p for p in s.actors() if p != REFEREE and s.legal_actions(p)]
            if not actors:
                if REFEREE not in s.actors():
                    break
                s.apply(REFEREE, s.legal_actions(REFEREE)[0])
                continue
            p = rng.choice(actors)
            legal = s.legal_actions(p)
            found.setdefault(moment(s, p), _moment_json(s, p, legal))
            if s.phase == "trade" and rng.random() < 0.3 and REFEREE in s.actors():
                s.apply(REFEREE, s.legal_actions(REFEREE)[0])
                continue
            plain = [a for a in legal if "draft" not in a and "offer" not in a]
            s.apply(p, rng.choice(plain if plain and rng.random() < 0.95 else legal))
    return found


def _moment_json(s: Any, p: int, legal: list[Any]) -> dict[str, Any]:
    """What the page gets at a moment: the seat's view, its legal actions and their labels
    (the game's words, as the server sends them)."""
    view = s.view(p)
    said = [s.game.said_action(view, a).to_json() for a in legal]
    return {"seat": p, "view": view, "legal": [dict(a) for a in legal], "legal_said": said}


DRAW = """async (m) => {
  const r = (await import('/js/games/mutterboehnchen.js')).default;
  const { Legal, canon } = await import('/js/actions.js');
  const board = document.createElement('div');
  document.body.appendChild(board);
  const ctx = { view: m.view, update: m, legal: new Legal(m.legal), seat: m.seat,
    players: m.view.players, name: (p) => 'P' + (p + 1), send: () => true, ui: {}, board,
    controls: board, rerender: () => {}, lastEvents: [] };
  r.render(ctx);
  const out = { unhandled: m.legal.filter((a) => !r.handles(a, ctx)).map(canon),
    labels: m.legal.map((a) => r.describeAction(a, ctx)),
    prompt: board.querySelector('#mb-prompt') ? board.querySelector('#mb-prompt').innerText : '',
    status: r.status(ctx) };
  board.remove();
  return out;
}"""


def test_every_moment_has_its_controls(server: Any, page: Any) -> None:
    """Positions of random games (pulls, the one-shots' choices, received cards, the Flitzer,
    attacks, defending, keeping, the end placement, the Aktivist, a Hampelmann, give first...)
    drawn by the renderer: every legal action has a control on the board, in words."""
    found = moments()
    assert len(found) >= 12, sorted(found)
    page.goto(server.url + "/table.html")
    for what, m in sorted(found.items()):
        out = page.evaluate(DRAW, m)
        assert out["unhandled"] == [], (what, out["unhandled"])
        for label in out["labels"]:
            assert "{" not in label and "#" not in label, (what, label)
        if what not in ("plant-trades", "trade", "give_first"):
            assert out["prompt"], what
        assert out["status"] and "." not in out["status"][:1], what


def two_player_moments() -> dict[str, dict[str, Any]]:
    """The same for the 2-player game (``duo.py``): leftovers, the hand discard, the attacks,
    the offer of phase 4 with its Flitzer and Aktivist claims, the 3rd field, the end."""
    import random

    from spieltisch.registry import load_game

    game = load_game("mutterboehnchen")
    found: dict[str, dict[str, Any]] = {}
    for seed in range(80):
        rng = random.Random(seed)
        s = game.new_state(2, seed=seed)
        for _ in range(2000):
            if s.phase == "over":
                break
            actors = [p for p in s.actors() if s.legal_actions(p)]
            if not actors:
                break
            p = actors[0]
            legal = s.legal_actions(p)
            what = moment(s, p)
            if any(a.get("field") == s.closed[p] for a in legal if "plant" in a):
                what += "+third"
            found.setdefault(what, _moment_json(s, p, legal))
            s.apply(p, rng.choice(legal))
    return found


def test_every_two_player_moment_has_its_controls(server: Any, page: Any) -> None:
    """Positions of random 2-player games drawn by the renderer: every legal action has a control
    on the board (none left to the page's plain list), in words, with a prompt."""
    found = two_player_moments()
    for want in ("leftover", "plant", "attack", "keep", "take", "aktivist", "flitzer", "place"):
        assert want in found, sorted(found)
    assert any(k.endswith("+third") for k in found), sorted(found)
    page.goto(server.url + "/table.html")
    for what, m in sorted(found.items()):
        out = page.evaluate(DRAW, m)
        assert out["unhandled"] == [], (what, out["unhandled"])
        for label in out["labels"]:
            assert "{" not in label and "#" not in label, (what, label)
        assert out["prompt"], what
        assert out["status"] and "." not in out["status"][:1], what
