"""Random play, 3 to 6 players, replayed with invariants checked after every action: every card
in exactly one place, no view shows a Bohnentaler's face (or any hidden card), ``from_json``
round trips, replays are deterministic, ``resample`` keeps what the player has seen; every game
ends, and attacks, harvests and the end placement are reached."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from mutterboehnchen_positions import load_game, names

from spieltisch import REFEREE, Record, Rng
from spieltisch.bots.base import RandomBot
from spieltisch.bots.scheduler import play_game

GAME = load_game(trade_seconds=5)
FULL = Counter(range(GAME.deck.size))
PUBLIC = (
    "phase", "active", "planted", "ending", "exhausted", "fields", "discard", "offer_area",
    "to_plant", "offers", "field_var", "pull", "foist", "planned", "triple", "targets", "attack",
    "placing", "placed", "flitzer", "result",
)  # fmt: skip


def where(d) -> Counter:
    c = Counter(d["stock"]) + Counter(d["discard"]) + Counter(d["offer_area"])
    for p in range(d["players"]):
        c += Counter(d["hands"][p]) + Counter(d["coins"][p]) + Counter(d["to_plant"][p])
        for f in d["fields"][p]:
            c += Counter(f)
    for _, cards in d["foist"]:
        c += Counter(cards)
    if d["attack"]:
        c += Counter(d["attack"]["drawn"])
    return c


def check_views(s) -> None:
    d = s.to_json()
    for p in [*range(s.num_players), None]:
        v = s.view(p)
        json.dumps(v)
        assert v["coins"] == [len(c) for c in d["coins"]], "Bohnentaler: a count, never a face"
        assert v["hand"] == (None if p is None else names(d["hands"][p]))
        assert v["hands"] == [len(h) for h in d["hands"]]
        assert v["stock"] == len(d["stock"])
        shown = Counter(
            [c for fs in v["fields"] for f in fs for c in f]
            + v["discard"]
            + [o["card"] for o in v["offer_area"]]
            + [o["card"] for row in v["to_plant"] for o in row]
            + [c for f in v["foist"] for c in f["cards"]]
            + (v["attack"]["drawn"] if v["attack"] else [])
        )
        public = Counter(
            names([c for fs in d["fields"] for f in fs for c in f])
            + names(d["discard"] + d["offer_area"] + [c for r in d["to_plant"] for c in r])
            + names([c for _, cs in d["foist"] for c in cs])
            + names(d["attack"]["drawn"] if d["attack"] else [])
        )
        assert shown == public, "a view shows the public cards and nothing more"


def check(s, views: bool) -> None:
    d = s.to_json()
    assert where(d) == FULL and s.all_cards() == FULL, "every card in exactly one place"
    back = GAME.from_json(json.loads(json.dumps(d)))
    assert back.to_json_text() == s.to_json_text(), "from_json(to_json()) round-trips"
    if s.is_terminal():
        assert all(not f for fs in d["fields"] for f in fs), "every field harvested"
        assert list(s.result().scores) == [len(c) for c in d["coins"]]
    else:
        actors = s.actors()
        assert actors
        for p in [*range(s.num_players), REFEREE]:
            assert bool(s.legal_actions(p)) == (p in actors), p
    if views:
        check_views(s)


def check_resample(s, k: int) -> None:
    d = s.to_json()
    for p in range(s.num_players):
        r = s.resample(p, Rng(k * 31 + p))
        rj = r.to_json()
        assert where(rj) == FULL
        assert rj["hands"][p] == d["hands"][p]
        for key in PUBLIC:
            assert rj[key] == d[key], key
        assert [len(c) for c in rj["coins"]] == [len(c) for c in d["coins"]]
        assert r.view(p) == s.view(p), "the player cannot tell the resampled state apart"


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (4, 1), (5, 2), (6, 3)])
def test_random_play(players, seed) -> None:
    played = play_game(GAME, [RandomBot() for _ in range(players)], seed, max_actions=50_000)
    assert played.state.is_terminal()
    record = Record.from_json(json.loads(json.dumps(played.record.to_json())))
    s = GAME.new_state(players, seed)
    check(s, True)
    seen: Counter = Counter()
    for i, (player, action) in enumerate(record.actions):
        seen.update(e.type for e in s.apply(player, json.loads(json.dumps(dict(action)))))
        check(s, views=i % 5 == 0)
        if i % 97 == 0 and not s.is_terminal():
            check_resample(s, i)
    assert s.to_json_text() == played.state.to_json_text(), "the replay is byte for byte"
    assert seen["harvest"] and seen["turn_up"] and seen["end_placement"]


def test_attacks_keeps_and_pulls_occur_in_random_play() -> None:
    total: Counter = Counter()
    for seed in range(6):
        played = play_game(GAME, [RandomBot() for _ in range(3)], seed, max_actions=50_000)
        total.update(played.state.stats())
    assert total["attacks"] and total["double_attacks"] and total["attack_kept"]
    assert total["garden_lady_harvests"]
    assert sum(v for k, v in total.items() if k.startswith("fired_")), "the specials fire"


def biased_walk(s, rng: Rng, limit: int = 6000) -> Counter:
    """Random play that trades and gives far more than the random bot does (so foisting, the
    give-first marks and received cards waiting to be planted come up), checked throughout."""
    seen: Counter = Counter()
    for step in range(limit):
        if s.is_terminal():
            break
        player = rng.choice(sorted(s.actors()))
        acts = s.legal_actions(player)
        deal = [a for a in acts if set(a) & {"accept", "propose", "give_first"}]
        draft = [a for a in acts if a.get("draft") in ("give", "want", "to")]
        if player == REFEREE:
            action = acts[0] if rng.below(8) == 0 else None
        elif deal and rng.below(2):
            action = rng.choice(deal)
        elif draft and rng.below(3):
            action = rng.choice(draft)
        else:
            calm = [a for a in acts if a.get("end") != "trading"] or acts
            action = rng.choice(acts if rng.below(6) == 0 else calm)
        if action is None:
            continue
        seen.update(e.type for e in s.apply(player, action))
        assert s.all_cards() == FULL
        if step % 3 == 0:
            check(s, views=step % 7 == 0)
    return seen


@pytest.mark.parametrize("players", [3, 4, 6])
def test_trading_and_foisting_in_a_biased_random_walk(players) -> None:
    s = GAME.new_state(players, seed=players)
    seen = biased_walk(s, Rng(players), limit=15000)
    assert s.is_terminal()
    assert seen["trade"] and s.counts["foisted"] and s.counts["traded_cards"]
