"""Issue 14's trade choices in the browser (Ladybohn, two people in two pages): the active player
sends an offer with both sides' promises and how long each holds; the other player, who holds
a Green male and a Green Lady, chooses which of them the trade takes, and the other page sees
only variety and count until the trade is carried out."""

from __future__ import annotations

import json
from typing import Any


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def variety(card: str) -> str:
    return card.removesuffix("-lady")


def test_promises_and_which_card_in_the_trade_panel(server: Any, contexts: Any, table: Any) -> None:
    created = server.create(
        seed=4,  # player 1's hand: stink, green, green-lady, garden, blue (the Lady rearmost)
        game="ladybohn",
        seats=["human", "human", "notrade"],
        options={"first_player": "0", "trade_seconds": 600.0},
    )
    active, other = contexts().new_page(), contexts().new_page()
    active.goto(server.seat_url(created, 0))
    other.goto(server.seat_url(created, 1))
    a, b = table(active), table(other)
    a.wait("u.legal.some((x) => x.plant === 'front')")
    b.wait("u.view.hand.length > 0")
    assert sorted(c for c in b.view()["hand"] if variety(c) == "green") == ["green", "green-lady"]

    seq = a.update()["seq"]
    active.locator('#board [data-action*=\'"plant":"front"\']').first.click()
    a.wait(f"u.seq > {seq} && u.legal.some((x) => x.end === 'planting')")
    active.click(f"[data-action='{canon({'end': 'planting'})}']")
    a.wait("u.view.phase === 'trade' || u.view.phase === 'fan'")
    if a.view()["phase"] == "fan":
        active.click(f"[data-action='{canon({'fan': 0})}']")
        a.wait("u.view.phase === 'trade'")

    # the offer: a turned-up card for a Green from player 1's hand; player 1 promises not to
    # rob player 0 for the rest of the game, player 0 promises for player 1's... her own next
    given = variety(a.view()["offer_area"][0]["card"])
    active.click("#trade-panel [data-partner='1']")
    active.click(f"#trade-panel [data-give='{given}|offer']")
    active.click("#trade-panel [data-want='green|hand']")
    active.select_option("#trade-promise-receiver", "game")
    active.select_option("#trade-promise-sender", "next")
    active.click("#trade-send")

    b.wait("u.view.offers.some((o) => o.to === 1)")
    offer = next(o for o in b.view()["offers"] if o["to"] == 1)
    assert offer["promises"] == {"receiver": "game", "sender": "next"}
    assert offer["want"] == [{"variety": "green", "count": 1, "from": "hand"}]
    row = other.locator(f"#offers [data-offer='{offer['id']}']")
    row.wait_for()
    assert "rest of the game" in row.inner_text() and "next steal" in row.inner_text()

    # player 1 chooses the male: by default the rearmost Green, her Lady, would go
    other.locator("#give-first [data-give-first='green']").click()
    b.wait("(u.view.give_first || []).length === 1")
    marked = b.view()["give_first"][0]
    assert a.view()["give_first"] == [], "another seat never sees the marks"
    assert "lady" not in json.dumps(a.view()["offers"]), "offers say variety and count only"
    other.click(f"#offers [data-action='{canon({'accept': offer['id']})}']")

    a.wait("u.view.to_plant[0].length > 0")
    got = a.view()["to_plant"][0]
    assert [c["id"] for c in got if variety(c["card"]) == "green"] == [marked]
    assert [c["card"] for c in got if variety(c["card"]) == "green"] == ["green"]
    assert "green-lady" in b.view()["hand"], "she keeps her Lady"
    assert a.view()["promises"] == [[0, 1, "next"], [1, 0, "game"]]
    assert active.evaluate("window.spieltisch.stats.refused") == 0
    assert other.evaluate("window.spieltisch.stats.refused") == 0
