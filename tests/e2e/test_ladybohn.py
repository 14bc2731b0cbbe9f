"""A trade in Ladybohn between two people in two browser pages: the active player plants,
builds an offer from the offer area (giving a turned-up card, wanting a card of the other's
hand) with the trading panel, and the other accepts it."""

from __future__ import annotations

import json
from typing import Any


def canon(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def variety(card: str) -> str:
    return card.removesuffix("-lady")


def test_trade_in_ladybohn(server: Any, contexts: Any, table: Any) -> None:
    created = server.create(
        seed=4,
        game="ladybohn",
        seats=["human", "human", "notrade"],
        options={"first_player": "0", "trade_seconds": 600.0},  # a minute of trading here
    )
    active, other = contexts().new_page(), contexts().new_page()  # two people, two machines
    active.goto(server.seat_url(created, 0))
    other.goto(server.seat_url(created, 1))
    a, b = table(active), table(other)
    a.wait("u.legal.some((x) => x.plant === 'front')")
    b.wait("u.view.hand.length > 0")

    # plant the front card on the field the board offers, then end planting
    seq = a.update()["seq"]
    active.locator('#board [data-action*=\'"plant":"front"\']').first.click()
    a.wait(f"u.seq > {seq} && u.legal.some((x) => x.end === 'planting')")
    active.click(f"[data-action='{canon({'end': 'planting'})}']")
    a.wait("u.view.phase === 'trade' || u.view.phase === 'fan'")
    if a.view()["phase"] == "fan":  # a turned-up card fits both fans: take the first
        active.click(f"[data-action='{canon({'fan': 0})}']")
        a.wait("u.view.phase === 'trade'")
    assert a.view()["offer_area"], "the turned-up cards lie in the offer area"
    active.locator("#trade-panel").wait_for()

    wanted = variety(b.view()["hand"][0])
    given = variety(a.view()["offer_area"][0]["card"])
    active.click("#trade-panel [data-partner='1']")
    active.click(f"#trade-panel [data-give='{given}|offer']")
    active.click(f"#trade-panel [data-want='{wanted}|hand']")
    assert "1×" in active.inner_text("#trade-draft")
    active.click("#trade-send")

    b.wait("u.view.offers.some((o) => o.to === 1)")
    offer = next(o for o in b.view()["offers"] if o["to"] == 1)
    assert offer["give"] == [{"variety": given, "count": 1, "from": "offer"}]
    assert offer["want"] == [{"variety": wanted, "count": 1, "from": "hand"}]
    other.locator(f"#offers [data-offer='{offer['id']}']").wait_for()
    other.click(f"#offers [data-action='{canon({'accept': offer['id']})}']")

    a.wait("u.view.to_plant[1].length > 0")
    view = a.view()
    assert [variety(c["card"]) for c in view["to_plant"][1]] == [given]
    assert wanted in [variety(c["card"]) for c in view["to_plant"][0]]
    active.wait_for_function("() => document.querySelector('#log').innerText.includes('is a deal')")
    other.wait_for_function("() => document.querySelector('#log').innerText.includes('is a deal')")
    assert active.evaluate("window.spieltisch.stats.refused") == 0
    assert other.evaluate("window.spieltisch.stats.refused") == 0
