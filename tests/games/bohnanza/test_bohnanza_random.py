"""Random play with the simulator's random bots, 3 to 5 players, replayed with invariants checked
after every action: every card in exactly one place, no hidden card in any view or public
event, ``from_json`` round trips, replays are byte for byte, ``resample`` keeps what the player
has seen, every game ends; and trades do happen in random play."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from bohnanza_positions import item, load, load_game, names, where

from spieltisch import REFEREE, Record, Rng
from spieltisch.bots.registry import make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.registry import replay

VIEW_KEYS = {
    "game",
    "viewer",
    "players",
    "phase",
    "active",
    "first_player",
    "planted",
    "turn",
    "third_field",
    "ending",
    "result",
    "hand",
    "hands",
    "fields",
    "coins",
    "stock",
    "discard",
    "exhausted",
    "offer_area",
    "to_plant",
    "offers",
    "draft",
}
PUBLIC_EXTRA = {"varieties"}  # the card data printed on the cards: the same in every view
PUBLIC_SAME = (
    "players",
    "phase",
    "active",
    "first_player",
    "planted",
    "turn",
    "ending",
    "exhausted",
    "fields",
    "third_field",
    "coins",
    "discard",
    "offer_area",
    "to_plant",
    "offers",
    "next_offer",
    "result",
)
PRIVATE_EVENTS = {"draw_cards"}


def canonical(state) -> str:
    return state.to_json_text()


def deck(game) -> Counter:
    return Counter(range(game.deck.size))


def kinds(game, cards) -> list[str]:
    return [game.deck.kinds[c].name for c in cards]


def check_views(state, game) -> None:
    j = state.to_json()
    n = j["players"]
    for p in [*range(n), None]:
        v = state.view(p)
        assert set(v) - PUBLIC_EXTRA == VIEW_KEYS, f"view keys {set(v) ^ VIEW_KEYS}"
        for key in PUBLIC_EXTRA & set(v):
            assert v[key] == state.view(None)[key], f"{key}: the same for everyone"
        json.dumps(v)  # JSON-ready
        assert v["viewer"] == p
        assert v["hand"] == (None if p is None else kinds(game, j["hands"][p]))
        assert v["hands"] == [len(h) for h in j["hands"]], "other hands: counts only"
        assert v["stock"] == len(j["stock"]), "the stock: a count, never its order"
        assert v["coins"] == [len(c) for c in j["coins"]], "coins lie face down"
        assert v["fields"] == [[kinds(game, f) for f in fs] for fs in j["fields"]]
        assert v["discard"] == kinds(game, j["discard"])
        assert v["offer_area"] == [
            {"id": c, "card": game.deck.kinds[c].name} for c in j["offer_area"]
        ]
        assert v["to_plant"] == [
            [{"id": c, "card": game.deck.kinds[c].name} for c in row] for row in j["to_plant"]
        ]
        assert v["offers"] == j["offers"], "open offers are public"
        own = j["drafts"].get(str(p)) if p is not None else None
        assert v["draft"] == own, "a draft is seen by its author only"


def check_events(events, n: int) -> None:
    for e in events:
        json.dumps(e.to_json())
        if e.type in PRIVATE_EVENTS:
            assert e.visible_to == frozenset({e.data["player"]}), e
            assert not e.visible_for(None)
            assert all(not e.visible_for(q) for q in range(n) if q != e.data["player"])
        else:
            assert e.visible_to is None, f"an unexpected private event {e}"
            if e.type == "draw":
                assert set(e.data) == {"player", "count"}, "drawn cards are hidden"


def check_resample(state, game, k: int) -> None:
    j = state.to_json()
    n = j["players"]
    for p in range(n):
        r = state.resample(p, Rng(k * 31 + p))
        rj = r.to_json()
        assert where(rj) == deck(game), "resample conserves the deck"
        assert rj["hands"][p] == j["hands"][p], "the player's own hand stays"
        for key in PUBLIC_SAME:
            assert rj[key] == j[key], key
        assert [len(h) for h in rj["hands"]] == [len(h) for h in j["hands"]]
        assert len(rj["stock"]) == len(j["stock"])
        hidden = Counter(j["stock"]) + sum(
            (Counter(h) for q, h in enumerate(j["hands"]) if q != p), Counter()
        )
        again = Counter(rj["stock"]) + sum(
            (Counter(h) for q, h in enumerate(rj["hands"]) if q != p), Counter()
        )
        assert again == hidden, "only the cards the player has not seen move"
        assert r.view(p) == state.view(p), "the player cannot tell the resampled state apart"
        assert canonical(game.from_json(rj)) == canonical(r)


def check(state, game) -> None:
    j = state.to_json()
    n = j["players"]
    assert where(j) == deck(game), "every card is in exactly one place"
    back = game.from_json(json.loads(json.dumps(j)))
    assert canonical(back) == canonical(state), "from_json(to_json()) round-trips"
    for p in range(n):
        assert len(j["fields"][p]) == (3 if j["third_field"][p] else 2)
        for f in j["fields"][p]:
            assert len(set(names(state, f))) <= 1, "a field holds one variety"
    if j["phase"] != "trade":
        assert j["offer_area"] == [] and j["offers"] == [] and j["drafts"] == {}
    if j["phase"] not in ("trade", "plant-trades"):  # traded cards wait for phase 3
        assert not any(j["to_plant"])
    if state.is_terminal():
        assert j["phase"] == "over"
        assert state.actors() == frozenset()
        assert all(f == [] for fs in j["fields"] for f in fs), "every field harvested"
        assert list(state.result().scores) == [len(c) for c in j["coins"]]
    else:
        actors = state.actors()
        assert actors
        for p in [*range(n), REFEREE]:
            if p in actors:
                assert state.legal_actions(p), f"actor {p} has an action"
            else:
                assert state.legal_actions(p) == []
        assert (REFEREE in actors) == (j["phase"] == "trade")
    check_views(state, game)


def bots(game, n: int):
    return [make_bot("random", game) for _ in range(n)]


# two whole games a table size, every invariant after every one of their ~3,000 actions (three
# each until the suite ran past its fifteen minutes)
CASES = [(players, seed) for players in (3, 4, 5) for seed in range(2)]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_random_play(players, seed):
    game = load_game(trade_seconds=5)
    played = play_game(game, bots(game, players), seed, max_actions=20_000)
    assert played.state.is_terminal(), "every game ends"
    r = played.state.result()
    assert len(r.scores) == players and min(r.ranks) == 1
    # the record replays to the same state byte for byte, with every invariant on the way
    record = Record.from_json(json.loads(json.dumps(played.record.to_json())))
    s = game.new_state(players, seed)
    check(s, game)
    for i, (player, action) in enumerate(record.actions):
        events = s.apply(player, json.loads(json.dumps(dict(action))))
        check_events(events, players)
        check(s, game)
        if i % 40 == 0 and not s.is_terminal():
            check_resample(s, game, i)
    assert canonical(s) == canonical(played.state)
    assert s.is_terminal()
    assert canonical(replay(played.record)) == canonical(played.state)


def test_random_play_options():
    for options, players in [
        ({"classic": True, "first_player": "2"}, 3),
        ({"tie_break": "hand_cards"}, 4),
        ({"classic": True}, 5),
    ]:
        game = load_game(trade_seconds=5, **options)
        played = play_game(game, bots(game, players), 11, max_actions=20_000)
        s = played.state
        assert s.is_terminal()
        check(s, game)
        assert canonical(replay(played.record)) == canonical(s)


def test_trades_happen_in_random_play():
    game = load_game(trade_seconds=20)
    accepted = gifts = 0
    for players in (3, 4, 5):
        for seed in range(3):
            played = play_game(game, bots(game, players), seed, max_actions=50_000)
            assert played.state.is_terminal()
            s = game.new_state(players, seed)
            for p, a in played.record.actions:
                for e in s.apply(p, a):
                    if e.type == "trade":
                        accepted += 1
                        gifts += e.data["gift"]
    assert accepted >= 10, f"only {accepted} accepted offers"


def test_random_play_every_phase_is_reached():
    game = load_game(trade_seconds=5)
    played = play_game(game, bots(game, 4), 5, max_actions=20_000)
    s = game.new_state(4, 5)
    seen = {s.to_json()["phase"]}
    exhausted = set()
    for p, a in played.record.actions:
        s.apply(p, a)
        j = s.to_json()
        seen.add(j["phase"])
        exhausted.add(j["exhausted"])
    assert seen == {"plant", "trade", "plant-trades", "over"}
    assert exhausted == {0, 1, 2, 3}


# -- resample keeps what the player has seen, and only that ----------------------------------


def trading_position(**kw: Any):
    return load(
        hands=[["soy", "red", "soy"], ["blue", "green", "blue", "stink"], ["red", "wax"]],
        phase="trade",
        planted=1,
        offer_area=["chili", "blue"],
        **kw,
    )


def test_resample_keeps_an_open_offer_acceptable():
    """Player 1 offers player 0 two Blue from the hand: the offer is open and acceptable, so
    player 0 knows that player 1 holds two Blue. A resampled state must agree."""
    s = trading_position()
    s.apply(1, {"offer": {"to": 0, "give": [item("blue", 2)], "want": []}})
    assert {"accept": 1} in s.legal_actions(0)
    lost = [k for k in range(20) if {"accept": 1} not in s.resample(0, Rng(k)).legal_actions(0)]
    assert lost == [], f"the offer cannot be accepted after resample with rng {lost}"


def test_resample_does_not_depend_on_another_players_draft():
    """Player 2's draft is hidden from player 0 (views agree); the states player 0 resamples
    must then be the same, else the draft leaks to a searching bot."""
    a = trading_position()
    b = trading_position()
    b.apply(2, {"draft": "give", "variety": "wax", "from": "hand"})
    assert a.view(0) == b.view(0)
    for k in range(3):
        assert canonical(a.resample(0, Rng(k))) == canonical(b.resample(0, Rng(k)))


def test_resample_does_not_depend_on_the_hidden_rng():
    """Two tables that differ only in the engine's random state look the same to player 0;
    the resampled states must not carry the real random state (which fixes the order of every
    future reshuffle and, being a counter, gives away the initial shuffle)."""
    game = load_game()
    j = game.new_state(3, 4).to_json()
    other = dict(j, rng=j["rng"] + 1)
    a, b = game.from_json(j), game.from_json(other)
    assert a.view(0) == b.view(0)
    assert canonical(a.resample(0, Rng(9))) == canonical(b.resample(0, Rng(9)))
