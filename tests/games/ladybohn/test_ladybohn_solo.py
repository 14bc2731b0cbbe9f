"""Ladybohn solo (sheet 001, "The game for the solo player"; rules/ladybohn.md, "Solo"): the set-up,
the leftovers discarded in phase 1, no 3rd field, the 19 turns, the optional last harvest and
the win test; random play with invariants."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import spieltisch
from spieltisch import IllegalAction, Rng
from spieltisch.games.ladybohn.duo import mode_cards

GAME = spieltisch.load_game("ladybohn")


def position(
    *,
    hand: Sequence[str] = (),
    fields: Sequence[Sequence[str]] = ((), ()),
    coins: int = 0,
    fan: Sequence[str] = ("green",) * 5,
    offer: Sequence[str] = (),
    stock_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    phase: str = "plant",
    stock_size: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A solo position, cards named by kind; the rest under the stock (``stock_size``: all but
    that many stock cards out of play with the removed ones)."""
    cards, removed = mode_cards(GAME, 1)
    free = list(cards)

    def row(names: Sequence[str]) -> list[int]:
        out = []
        for name in names:
            card = next(c for c in free if GAME.deck.kinds[c].name == name)
            free.remove(card)
            out.append(card)
        return out

    data = {
        "game": "ladybohn",
        "players": 1,
        "phase": phase,
        "active": 0,
        "turns": [1],
        "hands": [row(hand)],
        "fields": [[row(f) for f in fields]],
        "fans": [row(fan)],
        "offer_area": row(offer),
        "discard": row(discard),
        "fan_sizes": [5],
        "third": [None],
        "ratio_taken": False,
        "rotation": [None],
        "makeup_choice": [None],
        "steals": [0],
        "rng": 5,
    }
    top = row(stock_top)
    data["coins"] = [[free.pop() for _ in range(coins)]]
    stock = free + top
    cut = 0 if stock_size is None else len(stock) - stock_size
    data["stock"] = stock[cut:]
    data["removed_at_setup"] = removed + stock[:cut]
    data.update(extra)
    return data


def load(**kw: Any):
    return GAME.from_json(position(**kw))


def names(s, ids) -> list[str]:
    return [s.deck.kinds[c].name for c in ids]


def do(s, action: dict[str, Any]):
    events = s.apply(0, action)
    assert s.all_cards() == Counter(range(GAME.deck.size))
    assert GAME.from_json(json.loads(json.dumps(s.to_json()))).to_json_text() == s.to_json_text()
    return events


def refused(s, action: dict[str, Any], why: str | None = None) -> None:
    before = s.to_json_text()
    with pytest.raises(IllegalAction, match=why):
        s.apply(0, action)
    assert s.to_json_text() == before


def test_setup_keeps_garden_males_drops_makeup_and_leaves_95() -> None:
    s = GAME.new_state(1, 3)
    assert len(s.hands[0]) == 5 and len(s.fans[0]) == 5
    assert len(s.discard) == 1 and len(s.stock) == 95
    removed = Counter(s.deck.kinds[c].variety for c in s.removed_at_setup)
    assert removed == {"makeup": 9, "red": 9, "blackeyed": 12}
    in_play = Counter(
        s.deck.kinds[c].name for c in range(GAME.deck.size) if c not in s.removed_at_setup
    )
    assert in_play["garden"] == 6 and sum(in_play.values()) == 106
    assert s.active == 0 and s.phase == "plant"
    assert s.view(0)["mode"] == "solo"


def test_after_phase_5_straight_to_phase_1_where_leftovers_must_be_discarded() -> None:
    s = load(hand=["soy"] * 2, offer=["blue", "chili"], stock_top=["stink", "green"], phase="take")
    do(s, {"end": "taking"})
    assert s.active == 0 and s.turns == [2] and s.phase == "leftover"
    blue, chili = s.offer_area
    assert s.legal_actions(0) == [
        {"discard": blue},
        {"discard": chili},
    ]
    refused(s, {"plant": blue, "field": 0}, "must be discarded")
    do(s, {"discard": chili})
    do(s, {"discard": blue})  # she chooses the order: the Blue lies on top
    assert names(s, s.discard[-2:]) == ["chili", "blue"] and s.phase == "plant"


def test_no_third_field_at_all() -> None:
    s = load(hand=["soy"], coins=5)
    assert {"buy": "field"} not in s.legal_actions(0)
    refused(s, {"buy": "field"}, "no 3rd field")


def test_19_turns_and_the_end() -> None:
    for seed in range(3):
        s = GAME.new_state(1, seed)
        rng = Rng(seed)
        while s.phase != "final":
            s.apply(0, rng.choice(s.legal_actions(0)))
        assert s.turns == [19] and s.stock == []
        s.apply(0, {"end": "game"})
        assert s.is_terminal()


def test_the_last_harvest_is_optional_and_the_offer_stays() -> None:
    s = load(
        hand=["soy"],
        fields=[["blue"] * 4, ["soy"]],
        offer=["chili", "chili"],
        stock_size=2,
        phase="take",
        turns=[19],
    )
    do(s, {"take": "chili"})
    refused(s, {"end": "taking"}, "plant every card you took")
    # she would have to harvest to plant the Chili: on her last turn she leaves it instead
    s = load(
        hand=["soy"],
        fields=[["blue"] * 4, ["soy"]],
        offer=["chili", "chili"],
        discard=["green"] * 3,
        stock_size=2,
        phase="take",
        turns=[19],
    )
    do(s, {"end": "taking"})
    assert s.phase == "final" and s.stock == []
    # no one-bean rule at the end: the single Soy may be harvested (it pays nothing)
    assert {"harvest": 1} in s.legal_actions(0) and {"harvest": 0} in s.legal_actions(0)
    do(s, {"harvest": 0})  # 4 Blue: 1 coin, 3 to the discard pile
    do(s, {"end": "game"})
    assert s.is_terminal()
    assert names(s, s.offer_area) == ["chili", "chili"], "the offer is not discarded"
    assert names(s, s.fields[0][1]) == ["soy"], "a field she does not harvest stays"
    r = s.result()
    assert r.scores == (1,) and r.ranks == (2,)
    assert "1 coins against 6 cards" in r.summary


@pytest.mark.parametrize(("coins", "discard", "rank"), [(3, 2, 1), (3, 3, 2), (0, 0, 2)])
def test_she_wins_with_strictly_more_coins_than_discarded_cards(coins, discard, rank) -> None:
    s = load(coins=coins, discard=["green"] * discard, phase="final", stock_size=0)
    do(s, {"end": "game"})
    assert s.result().ranks == (rank,) and s.result().scores == (coins,)
    assert s.result().returns == ((1.0,) if rank == 1 else (-1.0,))


def test_rotation_before_the_last_harvest() -> None:
    s = load(
        fields=[["chili"] * 3, ["stink", "stink", "stink-lady", "stink"]],
        phase="final",
        stock_size=0,
    )
    do(s, {"harvest": 0})  # 3 Chili: 1 coin
    do(s, {"rotate": 1})
    assert names(s, s.fields[0][1]) == ["stink", "stink", "stink", "stink-lady"]
    do(s, {"harvest": 1})  # the Lady on top: 4 beans pay 2 (a male on top: 1)
    assert len(s.coins[0]) == 3


@pytest.mark.parametrize("seed", range(4))
def test_random_play_solo(seed: int) -> None:
    s = GAME.new_state(1, seed)
    rng = Rng(seed + 100)
    actions = []
    i = 0
    while not s.is_terminal():
        a = rng.choice(s.legal_actions(0))
        events = s.apply(0, dict(a))
        actions.append(dict(a))
        for e in events:
            json.dumps(e.to_json())
            assert e.visible_to is None or e.type == "draw_cards"
        if i % 9 == 0:
            assert s.all_cards() == Counter(range(GAME.deck.size))
            j = s.to_json()
            assert GAME.from_json(j).to_json_text() == s.to_json_text()
            v = s.view(0)
            assert v["hand"] == names(s, j["hands"][0]) and v["stock"] == len(j["stock"])
            assert s.view(None)["hand"] is None
            r = s.resample(0, Rng(i))
            assert r.view(0) == s.view(0) and Counter(r.stock) == Counter(s.stock)
            assert all(len({s.deck.kinds[c].variety for c in f}) <= 1 for f in s.fields[0])
            assert len(s.fields[0]) == 2
        i += 1
    assert s.turns == [19]
    r = s.result()
    assert r.ranks == ((1,) if len(s.coins[0]) > len(s.discard) else (2,))
    again = GAME.new_state(1, seed)
    for a in actions:
        again.apply(0, a)
    assert again.to_json_text() == s.to_json_text()
