"""Mau-Mau in a real browser: a turned-up 5 or 6 opens a slap, and the person slaps with a key
or the big button; the server accepts it and everyone's log tells it."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize(
    ("seed", "how"),
    [
        (6, "key"),  # 3 players, seed 6: the dealer turns up 6♦ — slap with the right hand
        (18, "click"),  # seed 18: 5♦ — slap with the left hand
    ],
)
def test_slap_in_maumau(server: Any, page: Any, table: Any, seed: int, how: str) -> None:
    created = server.create(
        seed=seed,
        game="maumau",
        seats=["human", "maumau", "maumau"],
        options={"slap_seconds": 60.0},  # the most: 6 s at the tests' time scale
    )
    page.goto(server.seat_url(created, 0))
    t = table(page)
    t.wait("u.view.slap !== null")
    page.locator("#slap-banner").wait_for()
    need = t.view()["slap"]["need"]
    assert page.locator(f"#slap-{need}.hot").count() == 1
    if how == "key":
        page.keyboard.press({"left": "z", "right": "c", "both": "x"}[need])
    else:
        page.click(f"#slap-{need}")
    t.wait("u.view.slap === null || u.view.slap.slapped.some((s) => s[0] === 0)")
    page.wait_for_function("() => window.spieltisch.stats.accepted >= 1")
    assert page.evaluate("window.spieltisch.stats.refused") == 0
    hand = {"left": "Left", "right": "Right", "both": "Both"}[need]
    page.wait_for_function(
        f"() => document.querySelector('#log').innerText.includes('Player 1 (you) slaps {hand}')"
    )
