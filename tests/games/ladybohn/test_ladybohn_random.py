"""Random play with the simulator's random bots, 3 to 5 players, replayed with invariants checked
after every action: every card in exactly one place (``all_cards`` and, independently, the
positions of ``to_json``), no negative coin counts, no hidden card in a view, ``from_json``
round trips, replays byte for byte, ``resample`` conserves and keeps the public cards, every
game ends; and the fan, swap, rotation, Make-up and steal paths are reached (from hand-made
positions where random play alone seldom gets there)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from ladybohn_positions import kinds, load, load_game, where

from spieltisch import REFEREE, Record, Rng
from spieltisch.bots.registry import make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.registry import replay

PUBLIC_SAME = (
    "players", "phase", "active", "first_player", "planted", "ending", "exhausted", "fields",
    "coins", "discard", "offer_area", "to_plant", "offers", "next_offer", "result", "fans",
    "third", "ratio_taken", "rotation", "makeup_choice", "steals", "promises", "removed",
    "turned", "protected",
)  # fmt: skip


def deck(game) -> Counter:
    return Counter(range(game.deck.size))


def canonical(state) -> str:
    return state.to_json_text()


def check_views(state, game) -> None:
    d = state.to_json()
    n = d["players"]
    for p in [*range(n), None]:
        v = state.view(p)
        json.dumps(v)
        assert v["hand"] == (None if p is None else kinds(state, d["hands"][p]))
        assert v["hands"] == [len(h) for h in d["hands"]], "other hands: counts only"
        assert v["stock"] == len(d["stock"]), "the stock: a count, never its order"
        assert v["coins"] == [len(c) for c in d["coins"]]
        assert v["fans"] == [kinds(state, f) for f in d["fans"]], "the fans lie face up"
        assert v["fields"] == [[kinds(state, f) for f in fs] for fs in d["fields"]]
        own = d["drafts"].get(str(p)) if p is not None else None
        assert v["draft"] == own, "a draft is seen by its author only"
        for c in v["makeup_choice"]:
            assert c is None or (set(c) == {"beans", "coin"} and isinstance(c["coin"], bool))


def check_resample(state, game, k: int) -> None:
    d = state.to_json()
    n = d["players"]
    for p in range(n):
        r = state.resample(p, Rng(k * 31 + p))
        rj = r.to_json()
        assert where(rj) == deck(game), "resample conserves the deck"
        assert r.all_cards() == deck(game)
        assert rj["hands"][p] == d["hands"][p], "the player's own hand stays"
        for key in PUBLIC_SAME:
            assert rj[key] == d[key], key
        assert [len(h) for h in rj["hands"]] == [len(h) for h in d["hands"]]
        hidden = Counter(d["stock"]) + sum(
            (Counter(h) for q, h in enumerate(d["hands"]) if q != p), Counter()
        )
        again = Counter(rj["stock"]) + sum(
            (Counter(h) for q, h in enumerate(rj["hands"]) if q != p), Counter()
        )
        assert again == hidden, "only the cards the player has not seen move"
        assert r.view(p) == state.view(p), "the player cannot tell the resampled state apart"


def check(state, game, views: bool = True) -> None:
    d = state.to_json()
    assert where(d) == deck(game), "every card in exactly one place (to_json)"
    assert state.all_cards() == deck(game), "every card in exactly one place (all_cards)"
    assert all(len(c) >= 0 for c in d["coins"]) and all(x >= 0 for x in d["steals"])
    back = game.from_json(json.loads(json.dumps(d)))
    assert canonical(back) == canonical(state), "from_json(to_json()) round-trips"
    for p in range(d["players"]):
        assert len(d["fields"][p]) == (3 if d["third"][p] else 2)
        for f in d["fields"][p]:
            assert len({state.game.deck.kinds[c].variety for c in f}) <= 1, "one variety"
    assert [len(f) for f in d["fans"]] == [6, 4]
    assert sum(t == "ratio" for t in d["third"]) <= 1
    if state.is_terminal():
        assert all(f == [] for fs in d["fields"] for f in fs), "every field harvested"
        assert list(state.result().scores) == [len(c) for c in d["coins"]]
    else:
        actors = state.actors()
        assert actors
        for p in [*range(d["players"]), REFEREE]:
            if p in actors:
                assert state.legal_actions(p), f"actor {p} has an action"
            else:
                assert state.legal_actions(p) == []
    if views:
        check_views(state, game)


def bots(game, n: int):
    return [make_bot("random", game) for _ in range(n)]


CASES = [(players, seed) for players in (3, 4, 5) for seed in range(2)]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_random_play(players, seed):
    game = load_game(trade_seconds=5)
    played = play_game(game, bots(game, players), seed, max_actions=20_000)
    assert played.state.is_terminal(), "every game ends"
    r = played.state.result()
    assert len(r.scores) == players and min(r.ranks) == 1
    record = Record.from_json(json.loads(json.dumps(played.record.to_json())))
    s = game.new_state(players, seed)
    check(s, game)
    for i, (player, action) in enumerate(record.actions):
        s.apply(player, json.loads(json.dumps(dict(action))))
        check(s, game, views=i % 3 == 0)
        if i % 60 == 0 and not s.is_terminal():
            check_resample(s, game, i)
    assert canonical(s) == canonical(played.state)
    # the record's own replay: a game's options as recorded must load the game again
    assert canonical(replay(played.record)) == canonical(played.state)


def test_random_play_option_ratio_males_pay():
    game = load_game(trade_seconds=5, ratio_males_pay=True, first_player="2")
    played = play_game(game, bots(game, 4), 3, max_actions=20_000)
    assert played.state.is_terminal()
    check(played.state, game)
    assert canonical(replay(played.record)) == canonical(played.state)


def test_fans_and_swaps_are_reached_in_random_play():
    game = load_game(trade_seconds=5)
    seen: Counter = Counter()
    for players in (3, 4, 5):
        for seed in range(3, 5):
            played = play_game(game, bots(game, players), seed, max_actions=20_000)
            s = game.new_state(players, seed)
            for p, a in played.record.actions:
                seen.update(e.type for e in s.apply(p, a))
                if s.to_json()["phase"] == "fan":
                    seen["fan-choice"] += 1
            assert s.is_terminal()
    assert seen["fan"] > 0 and seen["swap"] > 0 and seen["harvest"] > 0
    assert seen["turn_up"] > 0 and seen["buy_field"] + seen["third_field"] >= 0


# -- hand-made starting positions, then random play with every invariant --------------------


def makeup_start(players: int, variant: int):
    """Every player has a field of 5 or 6 Make-up beans and another of 2 Blue with a Lady;
    some have a 3rd field and coins; fans topped by Blue on both so the fan choice comes."""
    fields, coins, third = [], [], []
    for p in range(players):
        has_third = (p + variant) % 2 == 0
        third.append(("ratio" if p == 0 else "regular") if has_third else None)
        v = "blue" if p < 3 else "stink"
        fs = [["makeup"] * (5, 3, 1, 0, 0)[p], [v, v + "-lady", v]]
        if has_third:
            fs.append(["chili"] * 2)
        fields.append(fs)
        coins.append(2 + p % 2)
    return load(
        players,
        hands=[["soy", "green", "stink", "soy"] for _ in range(players)],
        fields=fields,
        coins=coins,
        third=third,
        fans=[["blue"] + ["green"] * 5, ["blue-lady", "stink", "stink", "stink"]],
        stock_top=["red", "blue", "soy", "blue"],
        exhausted=2,
        active=variant % players,
    )


def random_walk(s, rng: Rng, limit: int = 3000) -> Counter:
    game = s.game
    seen: Counter = Counter()
    for step in range(limit):
        if s.is_terminal():
            break
        actors = sorted(s.actors())
        # prefer the interesting actions a little, so the rare paths come up
        player = rng.choice(actors)
        acts = s.legal_actions(player)
        rare = [a for a in acts if set(a) & {"harvest", "rotate", "makeup", "steal", "fan"}]
        trade = [a for a in acts if set(a) & {"draft", "propose", "accept", "offer"}]
        if player == REFEREE:
            action = acts[0]
        elif rare and rng.below(3):
            action = rng.choice(rare)
        elif trade and rng.below(4) == 0:
            action = rng.choice(trade)
        else:
            action = rng.choice(acts)
        events = s.apply(player, action)
        seen.update(e.type for e in events)
        if s.to_json()["phase"] in ("fan", "steal", "final-steal"):
            seen["phase-" + s.to_json()["phase"]] += 1
        if s.to_json()["promises"]:
            seen["promise"] += 1
        check(s, game, views=step % 5 == 0)
        if step % 100 == 0 and not s.is_terminal():
            check_resample(s, game, step)
    assert s.is_terminal(), "every game ends"
    return seen


def test_rotate_makeup_steal_paths_are_reached_from_made_positions():
    seen: Counter = Counter()
    for players in (3, 4, 5):
        for variant in range(3):
            s = makeup_start(players, variant)
            check(s, s.game)
            seen += random_walk(s, Rng(players * 10 + variant))
    for kind in ("rotate", "makeup", "steal", "third_field", "fan", "phase-fan", "harvest"):
        assert seen[kind] > 0, f"{kind} never reached: {dict(seen)}"
    assert seen["phase-steal"] + seen["phase-final-steal"] > 0


def test_a_made_position_replays_byte_for_byte():
    s = makeup_start(4, 1)
    game = s.game
    start = s.to_json()
    rng = Rng(5)
    actions = []
    while not s.is_terminal():
        player = rng.choice(sorted(s.actors()))
        action = rng.choice(s.legal_actions(player))
        s.apply(player, action)
        actions.append((player, json.loads(json.dumps(dict(action)))))
    again = game.from_json(start)
    for player, action in actions:
        again.apply(player, action)
    assert canonical(again) == canonical(s)
