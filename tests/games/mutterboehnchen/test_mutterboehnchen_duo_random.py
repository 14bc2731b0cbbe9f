"""Random play of the 2-player game, replayed with invariants checked after every action: every
card in exactly one place, no view shows a Bohnentaler's face (or any hidden card),
``from_json`` round trips, the replay is byte for byte, ``resample`` keeps what the player has
seen; every game ends, and the 2-player rules (third fields, attacks, the discard chain, the end
placement) come up."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from mutterboehnchen_positions import load_game, names

from spieltisch import REFEREE, Record, Rng
from spieltisch.bots.base import RandomBot
from spieltisch.bots.scheduler import play_game

GAME = load_game()
FULL = Counter(range(GAME.deck.size))
PUBLIC = (
    "phase", "active", "planted", "ending", "exhausted", "fields", "discard", "offer_area",
    "field_var", "pull", "planned", "attack", "placing", "placed", "result", "closed",
    "third_card", "hand_discards", "started", "aside", "claim", "flitzer",
)  # fmt: skip


def where(d) -> Counter:
    c = Counter(d["stock"]) + Counter(d["discard"]) + Counter(d["offer_area"])
    c += Counter(d["aside"])
    for p in range(d["players"]):
        c += Counter(d["hands"][p]) + Counter(d["coins"][p]) + Counter(d["to_plant"][p])
        for f in d["fields"][p]:
            c += Counter(f)
    if d["attack"]:
        c += Counter(d["attack"]["drawn"])
    if d["choice"] and "card" in d["choice"]:
        c[d["choice"]["card"]] += 1
    return c


def check_views(s) -> None:
    d = s.to_json()
    for p in [0, 1, None]:
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
            + v["aside"]
            + (v["attack"]["drawn"] if v["attack"] else [])
        )
        public = Counter(
            names([c for fs in d["fields"] for f in fs for c in f])
            + names(d["discard"] + d["offer_area"] + d["aside"])
            + names(d["attack"]["drawn"] if d["attack"] else [])
        )
        assert shown == public, "a view shows the public cards and nothing more"


def check(s, views: bool) -> None:
    d = s.to_json()
    assert where(d) == FULL and s.all_cards() == FULL, "every card in exactly one place"
    back = GAME.from_json(json.loads(json.dumps(d)))
    assert type(back) is type(s)
    assert back.to_json_text() == s.to_json_text(), "from_json(to_json()) round-trips"
    assert all(len(fs) == 3 for fs in d["fields"]), "3 field slots each"
    for p in range(2):
        closed = d["closed"][p]
        assert closed is None or not d["fields"][p][closed], "a closed slot holds nothing"
    if s.is_terminal():
        assert all(not f for fs in d["fields"] for f in fs), "every field harvested"
        assert list(s.result().scores) == [len(c) for c in d["coins"]]
        assert not s.stock, "the game ends when the stock runs out"
    else:
        actors = s.actors()
        assert len(actors) == 1
        for p in [0, 1, REFEREE]:
            acts = s.legal_actions(p)
            assert bool(acts) == (p in actors), p
            trades = {"draft", "propose", "accept", "offer", "give_first", "close"}
            assert not any(trades & set(a) for a in acts), "no trades or gifts with 2 players"
        if s.phase not in ("leftover", "plant", "attack", "take"):
            assert not any("harvest" in a for a in s.legal_actions(s.active)) or s.choice
    if views:
        check_views(s)


def check_resample(s, k: int) -> None:
    d = s.to_json()
    for p in range(2):
        r = s.resample(p, Rng(k * 31 + p))
        rj = r.to_json()
        assert where(rj) == FULL
        assert rj["hands"][p] == d["hands"][p]
        for key in PUBLIC:
            assert rj[key] == d[key], key
        assert [len(c) for c in rj["coins"]] == [len(c) for c in d["coins"]]
        assert r.view(p) == s.view(p), "the player cannot tell the resampled state apart"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_play_two_players(seed) -> None:
    played = play_game(GAME, [RandomBot(), RandomBot()], seed, max_actions=20_000)
    assert played.state.is_terminal()
    record = Record.from_json(json.loads(json.dumps(played.record.to_json())))
    s = GAME.new_state(2, seed)
    assert [len(c) for c in s.coins] == [8, 8] and len(s.stock) == 152 - 10
    check(s, True)
    seen: Counter = Counter()
    for i, (player, action) in enumerate(record.actions):
        seen.update(e.type for e in s.apply(player, json.loads(json.dumps(dict(action)))))
        check(s, views=i % 3 == 0)
        if i % 23 == 0 and not s.is_terminal():
            check_resample(s, i)
    assert s.to_json_text() == played.state.to_json_text(), "the replay is byte for byte"
    assert seen["harvest"] and seen["turn_up"] and seen["end_placement"] and seen["game_end"]
    assert seen["from_discard"] and seen["third_field"]


def test_the_two_player_rules_come_up_in_random_play() -> None:
    total: Counter = Counter()
    for seed in range(10):
        played = play_game(GAME, [RandomBot(), RandomBot()], seed, max_actions=20_000)
        assert played.state.is_terminal()
        total.update(played.state.stats())
    assert total["attacks"] and total["double_attacks"] and total["attack_kept"]
    assert total["third_fields"] and total["fired_flitzer"]
    assert sum(v for k, v in total.items() if k.startswith("fired_")), "the specials fire"
