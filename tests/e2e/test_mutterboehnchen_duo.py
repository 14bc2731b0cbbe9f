"""Mutterböhnchen for 2 in the browser: a table made in the lobby against the random bot, played
on the board's own controls through the sheet's 5 phases — the leftovers the bot left planted or
discarded (phase 1), the front card planted and one hand card discarded (phase 2), the
Rasselbande where a Baby lies on top (phase 3), a variety taken from the offer with one click
("take all": seed 12 turns up two Chili in the first turn) and the taking ended (phase 4), the
draw (phase 5) in the log — with the "3. Bohnenfeld" card beside its holder and the closed
slots drawn as such; then the page in German, with a refusal in German.

The bot plays at random (its luck is its own: the random bot, as the lobby's strongest may
still change), so the person plays turns until each of these moments came at least once (two
or three turns). Every moment of the 2-player game is drawn, without the page's plain list, by
``test_mutterboehnchen.py::test_every_two_player_moment_has_its_controls``.
"""

from __future__ import annotations

import json
import time
from typing import Any

SEED = 12  # seat 0 begins; its phase 4 turns up Chili, Chili, Garden Baby: "take all"


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def take_all(page: Any, t: Any) -> None:
    """ "Take this variety": one click plants all its cards on one field, one by one (a pull the
    planting opens is answered on the prompt in between)."""
    button = page.locator("#offer-area [data-take]").first
    variety = button.get_attribute("data-take").split("|")[0]
    button.click()
    gone = f"!u.view.offer_area.some((c) => u.view.cards[c.card].variety === '{variety}')"
    for _ in range(12):
        t.wait(f"({gone}) || u.view.pull || u.view.choice || u.view.phase !== 'take'")
        v = t.view()
        if not (v["pull"] or v["choice"]):
            break
        legal = t.legal()
        pick = next((a for a in legal if a.get("pull") == "none"), legal[0] if legal else None)
        if pick is None:
            break
        seq = t.update()["seq"]
        page.locator(f"#mb-prompt [data-action='{canon(pick)}']").first.click()
        t.wait(f"u.seq > {seq}")
    t.wait(gone)
    assert variety not in t.view()["started"] or t.view()["started"][variety] == "plant"


def choose(u: dict[str, Any], done: dict[str, int]) -> tuple[dict[str, Any], str]:
    """The person's next action (a board control), and what it shows."""
    v, legal = u["view"], u["legal"]

    def first(pred: Any) -> dict[str, Any] | None:
        return next((a for a in legal if pred(a)), None)

    phase = v["phase"]
    if v["pull"] or v["choice"] or v["flitzer"]:
        a = first(lambda a: a.get("pull") == "none" or a.get("flitzer") == "pass")
        return a or legal[0], "moment"
    if phase == "reveal":
        return first(lambda a: a.get("aktivist") == "pass") or legal[0], "aktivist"
    if phase == "leftover":
        a = first(lambda a: "plant" in a) or first(lambda a: "discard" in a)
        return a or legal[0], "leftover"
    if phase == "plant":
        if not v["hand_discarded"] and v["planted"] >= 1:
            a = first(lambda a: "discard_hand" in a)
            if a:
                return a, "discard_hand"
        a = first(lambda a: a.get("plant") == "front" and v["planted"] == 0)
        return a or first(lambda a: a.get("end") == "planting") or legal[0], "plant"
    if phase == "attack":
        return first(lambda a: "attack" in a) or legal[0], "attack"
    if phase == "take":
        open_ = {k for k, how in v["started"].items() if how == "plant"}
        cards = {c["id"]: c["card"] for c in v["offer_area"]}
        plants = [a for a in legal if isinstance(a.get("plant"), int)]
        rest = [a for a in plants if cards.get(a["plant"], "").split("-")[0] in open_]
        if rest:
            return rest[0], "take"
        if plants and not any(v["started"].values()):
            return plants[0], "take"
        return first(lambda a: a.get("end") == "taking") or legal[0], "end_taking"
    return first(lambda a: "end" in a) or legal[0], phase


def test_a_two_player_game_on_the_board(server: Any, page: Any, table: Any) -> None:
    started = time.monotonic()
    page.goto(server.url + "/")
    page.locator("#create-submit").wait_for()
    page.select_option("#game", "mutterboehnchen")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "random")
    page.click("#create details.options summary")
    page.select_option("#opt-first_player", "0")
    server.seeds.queue.append(SEED)
    page.click("#create-submit")
    invite = page.locator("[data-testid='invite-0']")
    invite.wait_for()
    page.goto(invite.input_value())

    t = table(page)
    t.wait("u.view && u.view.mode === 'two players' && u.legal.length > 0")
    v = t.view()
    assert v["players"] == 2 and v["active"] == 0 and v["third_field_card"] == 1
    # the "3. Bohnenfeld" card lies beside its holder (the second player); the 3rd slots are none
    assert page.locator("#board .b-player[data-player='1'] [data-third-card='1']").count() == 1
    assert page.locator("#board .b-player[data-player='0'] [data-third-card]").count() == 0
    assert page.locator("#board [data-field='0-2'].mb-closed").count() == 1
    assert "no field" in page.inner_text("#board [data-field='1-2']")
    assert "Phase 2" in page.inner_text("#mb-prompt")

    done: dict[str, int] = {}
    while time.monotonic() - started < 28:
        u = t.update()
        if u["status"] != "playing":
            break
        if {"leftover", "discard_hand", "take", "end_taking"} <= done.keys():
            break
        if not u["legal"]:
            t.wait(f"u.seq > {u['seq']}")
            continue
        v = u["view"]
        if (
            v["phase"] == "take"
            and not v["started"]
            and "take_all" not in done
            and page.locator("#offer-area [data-take]").count()
        ):
            take_all(page, t)
            done["take_all"] = done["take"] = 1
            continue
        action, what = choose(u, done)
        if (
            u["view"]["phase"] == "take"
            and page.locator("#offer-area [data-from='discard']").count()
        ):
            assert "from the discard pile" in page.inner_text("#offer-area")
        if u["view"]["aside"]:  # talers set aside between two attacks
            assert page.locator("#aside .bean").count() == len(u["view"]["aside"])
        if what == "leftover":
            assert "Left over by Player 2" in page.inner_text("#offer-area")
            assert "Phase 1" in page.inner_text("#mb-prompt")
        button = page.locator(f"#board [data-action='{canon(action)}']")
        assert button.count(), f"no board control for {action} in phase {u['view']['phase']}"
        if what == "discard_hand":
            assert page.locator("#hand [data-action]").count() == len(u["view"]["hand"])
        if what == "end_taking":
            assert "Phase 4" in page.inner_text("#mb-prompt")
        button.first.click()
        t.wait(f"u.seq > {u['seq']}")
        done[what] = done.get(what, 0) + 1
    assert {"leftover", "discard_hand", "take", "take_all", "end_taking"} <= done.keys(), done
    assert page.evaluate("window.spieltisch.stats.refused") == 0
    log = t.log_text()
    assert "Phase 4: Player 1 (you) turns up" in log
    assert "Phase 5: Player 1 (you) draws" in log
    assert "discards" in log and "from the hand" in log
    assert "Player 2 plants or discards the leftovers" not in page.inner_text("#legal-buttons")

    # the page in German
    page.click("#lang-switch")
    assert "Zug" in page.inner_text("#board .board-head")
    assert "Deine Hand" in page.inner_text("#board")
    log = t.log_text()
    assert "Phase 5: Spieler 1 (du) zieht" in log, log[-600:]
    assert "aus der Hand ab" in log
    assert "3. Bohnenfeld" in page.inner_text("#board")
    if page.locator("#board .mb-closed").count():
        assert "kein Feld" in page.inner_text("#board .mb-closed >> nth=0")
    # a refused action of the 2-player game, its reason in German
    page.evaluate(
        "window.spieltisch.ws.send(JSON.stringify({action: {attack: 1, field: 0}, id: 999}))"
    )
    page.locator("#refusal").wait_for()
    refusal = page.inner_text("#refusal")
    assert refusal.startswith("Abgelehnt:") and "attack" not in refusal, refusal
    page.click("#rules summary")
    assert "zu zweit" in page.inner_text("#rules .rules-text").lower()
