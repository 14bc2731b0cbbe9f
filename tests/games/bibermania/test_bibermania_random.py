"""Random play over many seeds, 2 to 5 players, with invariants checked after every action:
every card in exactly one place, no hidden card in any view or public event, ``from_json``
round trips, every legal action applies, every game ends, replays are byte for byte, and
``resample`` keeps what the player has seen."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from bibermania_positions import where

import spieltisch
from spieltisch import Rng

MAX_ACTIONS = 4000
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"beat_opponents": "one", "keep_per": "group"},
    {"steal_jokers": False, "joker_beats_display_action": True, "higher_runs_only": True},
    {"empty_hand_ends": False, "hippie_in_sets": False, "profis": True},
    {"target": 25, "first_player": "1"},
]
VIEW_KEYS = {
    "game",
    "viewer",
    "players",
    "phase",
    "turn",
    "round",
    "hand",
    "hands",
    "piles",
    "display",
    "supply",
    "stock",
    "rejected",
    "pending",
    "scores",
    "totals",
    "target",
    "deck",
    "result",
}


def canonical(state) -> str:
    return state.to_json_text()


def check_views(state) -> None:
    j = state.to_json()
    n = j["players"]
    for p in [*range(n), None]:
        v = state.view(p)
        assert set(v) <= VIEW_KEYS, f"unexpected view keys {set(v) - VIEW_KEYS}"
        json.dumps(v)  # JSON-ready
        assert v["stock"] == len(j["stock"]), "the stock is a count, never its order"
        assert v["hand"] == (None if p is None else j["hands"][p])
        for q in range(n):
            assert v["hands"][q] == {"count": len(j["hands"][q]), "known": j["known"][q]}
        assert v["display"] == j["display"] and v["supply"] == j["supply"]
        assert v["piles"] == j["piles"]


def check_resample(state, game, k: int) -> None:
    j = state.to_json()
    n = j["players"]
    for p in range(n):
        r = state.resample(p, Rng(k * 31 + p))
        rj = r.to_json()
        assert where(rj) == Counter(game.deck.cards), "resample conserves the deck"
        assert rj["hands"][p] == j["hands"][p], "the player's own hand stays"
        for key in ("piles", "display", "supply", "rejected", "known", "phase", "turn"):
            assert rj[key] == j[key], key
        assert [len(h) for h in rj["hands"]] == [len(h) for h in j["hands"]]
        assert len(rj["stock"]) == len(j["stock"])
        for q in range(n):
            assert not Counter(j["known"][q]) - Counter(rj["hands"][q])
        assert r.view(p) == state.view(p), "the player cannot tell the resampled state apart"
        game.from_json(rj)  # a valid position
    assert canonical(state) == json.dumps(j, sort_keys=True, separators=(",", ":"))


def check_events(events, n: int) -> None:
    for e in events:
        if e.visible_to is not None:
            assert e.visible_to == frozenset({e.data["player"]}), e
            assert e.visible_for(e.data["player"])
            assert not e.visible_for(None)
            assert all(not e.visible_for(q) for q in range(n) if q != e.data["player"])
        elif e.data.get("from") == "stock":
            assert "card" not in e.data, f"a stock card in a public event: {e}"


def check(state, game) -> None:
    j = state.to_json()
    assert where(j) == Counter(game.deck.cards), "every card is in exactly one place"
    for h, k in zip(j["hands"], j["known"], strict=True):
        assert not Counter(k) - Counter(h), "known cards are hand cards"
    assert all((pile and all(g for g in pile)) or pile == [] for pile in j["piles"])
    back = game.from_json(j)
    assert canonical(back) == canonical(state), "from_json(to_json()) round-trips"
    if state.is_terminal():
        assert state.actors() == frozenset()
        state.result()
    else:
        actors = state.actors()
        assert len(actors) == 1
        (p,) = actors
        assert state.legal_actions(p), "the actor always has an action"
        for q in range(j["players"]):
            if q != p:
                assert state.legal_actions(q) == []
    check_views(state)


def play(game, players: int, seed: int, deep: bool):
    s = game.new_state(players, seed)
    rng = random.Random(seed * 1009 + players)
    record = []
    check(s, game)
    steps = 0
    while not s.is_terminal():
        assert steps < MAX_ACTIONS, "every game ends"
        (p,) = s.actors()
        legal = s.legal_actions(p)
        if deep and steps % 7 == 0:
            for a in legal:  # every legal action applies
                c = s.clone()
                c.apply(p, a)
                assert where(c.to_json()) == Counter(game.deck.cards)
        if deep and steps % 5 == 0:
            check_resample(s, game, steps)
        a = rng.choice(legal)
        events = s.apply(p, a)
        record.append((p, a))
        check_events(events, players)
        check(s, game)
        steps += 1
    return s, record


CASES = [
    (players, seed, OPTION_SETS[(seed + players) % len(OPTION_SETS)])
    for players in (2, 3, 4, 5)
    for seed in range(8)
]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_random_play(players, seed, options):
    game = spieltisch.load_game("bibermania", **options)
    s, record = play(game, players, seed, deep=seed < 3)
    r = s.result()
    assert len(r.scores) == players and min(r.ranks) == 1
    if not options.get("target"):
        j = s.to_json()
        scores = tuple(
            sum(len(g) for g in j["piles"][p]) - len(j["hands"][p]) for p in range(players)
        )
        assert r.scores == scores, "+1 a pile card, -1 a hand card"
    else:
        assert max(r.scores) >= options["target"]
    # the recorded actions replay to the same state, byte for byte
    again = game.new_state(players, seed)
    for p, a in record:
        again.apply(p, json.loads(json.dumps(dict(a))))
    assert canonical(again) == canonical(s)


def test_replay_from_any_saved_position():
    game = spieltisch.load_game("bibermania")
    s = game.new_state(3, 99)
    rng = random.Random(5)
    saved = []
    while not s.is_terminal():
        (p,) = s.actors()
        a = rng.choice(s.legal_actions(p))
        saved.append((canonical(s), p, a))
        s.apply(p, a)
    for text, p, a in saved[:: max(1, len(saved) // 25)]:
        x = game.from_json(json.loads(text))
        y = game.from_json(json.loads(text))
        x.apply(p, a)
        y.apply(p, a)
        assert canonical(x) == canonical(y)


def test_random_play_reaches_every_phase():
    game = spieltisch.load_game("bibermania", beat_opponents="one")
    seen: set[str] = set()
    for seed in range(60):
        s = game.new_state(3, seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal() and steps < MAX_ACTIONS:
            seen.add(s.to_json()["phase"])
            (p,) = s.actors()
            s.apply(p, rng.choice(s.legal_actions(p)))
            steps += 1
        seen.add(s.to_json()["phase"])
        if len(seen) == 10:
            break
    phases = {"lay", "beat-display", "beat-whom", "keep", "steal", "fee", "victim", "deal"}
    assert seen >= phases | {"draw", "over"}
