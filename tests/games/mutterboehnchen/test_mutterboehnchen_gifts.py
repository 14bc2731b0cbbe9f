"""Prügelknabe (refuses no gift) and Messie (gives no gifts; trading stays allowed), both
class M: they work only while on top of one of their owner's fields."""

from __future__ import annotations

from mutterboehnchen_positions import act, fields_of, load, names
from position_checks import legal

NONE = [[], []]


def trading(mine, theirs, hand0=("blue",), hand1=("red",)):
    """Player 0 (active, of 4) and player 1 in the trading phase."""
    return load(4, phase="trade", hands=[list(hand0), list(hand1), [], []],
                fields=[mine, theirs, NONE, NONE], rest=2)  # fmt: skip


def draft(s, player, to, give=(), want=()):
    if player == s.active:
        act(s, player, {"draft": "to", "player": to})
    for v in give:
        act(s, player, {"draft": "give", "variety": v, "from": "hand"})
    for v in want:
        act(s, player, {"draft": "want", "variety": v, "from": "hand"})


def test_a_gift_to_a_pruegelknabe_is_taken_at_once() -> None:
    s = trading(NONE, [["blackeyed", "pruegelknabe"], ["blue"]])
    draft(s, 0, 1, give=["blue"])
    act(s, 0, {"propose": True})
    assert s.hands[0] == [] and not s.offers
    ((who, (card,)),) = s.foist
    assert who == 1 and legal(s, 1) == [{"plant": card, "field": 1}]
    act(s, 1, {"plant": card, "field": 1})
    assert fields_of(s, 1)[1] == ["blue", "blue"], "planted at once on his Blue field"
    assert s.stats()["fired_pruegelknabe"] == 1


def test_a_covered_pruegelknabe_may_decline() -> None:
    s = trading(NONE, [["blackeyed", "pruegelknabe", "blackeyed"], ["blue"]])
    draft(s, 0, 1, give=["blue"])
    act(s, 0, {"propose": True})
    (offer,) = s.offers
    assert {"decline": offer.id} in legal(s, 1)
    assert names(s.hands[0]) == ["blue"]


def test_a_messie_gives_no_gift_but_may_trade() -> None:
    s = trading([["stink", "messie"], []], NONE)
    draft(s, 0, 1, give=["blue"])
    assert {"propose": True} not in legal(s, 0), "a gift"
    act(s, 0, {"draft": "want", "variety": "red", "from": "hand"})
    assert {"propose": True} in legal(s, 0), "a trade"


def test_without_a_messie_on_top_the_gift_may_be_proposed() -> None:
    s = trading([["stink", "messie", "stink"], []], NONE)
    draft(s, 0, 1, give=["blue"])
    assert {"propose": True} in legal(s, 0)
