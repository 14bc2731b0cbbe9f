"""No message to a seat ever holds a card that seat may not see: a whole game of every game the
lobby offers, people (the test, at random) and the lobby's bots at one table over websockets,
with a spectator; every message each of them got is checked against what it may know.

For each message type:

- ``welcome``: the table's public facts and the connection's own seat, nothing else;
- ``update``: exactly the seat's view, legal actions and visible events at that point of the
  record (replayed), and the view holds no other hand's cards and not the stock's order: it is
  the same in every world the seat cannot tell from the real one (``state.resample``), and no
  list in the message is another player's hand or the stock;
- ``accepted`` and ``timeout``: the seat's own action, at the index the record holds it;
- ``left``: the seat's own leaving;
- ``refused`` / ``error``: a reason, nothing else.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.core import Action, Record, Rng, State
from spieltisch.registry import GAMES, record_game, replay

Policy = Callable[[dict[str, Any], int, random.Random], dict[str, Any] | None]

UPDATE_KEYS = {
    "type",
    "seq",
    "view",
    "legal",
    "legal_said",
    "events",
    "actors",
    "waiting_for",
    "window",
    "timers",
    "status",
    "result",
    "seats",
    "next",
}


def jsonish(value: Any) -> Any:
    return json.loads(json.dumps(value))


def waiting_policy(m: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """Act, at random, only when the game waits for this seat."""
    if seat not in m["waiting_for"] or not m["legal"]:
        return None
    return rng.choice(m["legal"])


def bean_policy(m: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """Plant and harvest when the game waits; never trade: the referee closes trading."""
    if seat not in m["waiting_for"] or m["view"]["phase"] == "trade":
        return None
    for key in ("plant", "end", "harvest", "steal", "choose", "take"):
        options = [a for a in m["legal"] if key in a]
        if options:
            return rng.choice(options)
    return rng.choice(m["legal"]) if m["legal"] else None


def maumau_policy(m: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """Words and slaps first (the grace and the referee's clock keep them fair), then a turn
    at random when the game waits for this seat."""
    legal = m["legal"]
    for key in ("say", "slap"):
        options = [a for a in legal if key in a]
        if options:
            return rng.choice(options)
    if seat not in m["waiting_for"] or not legal:
        return None
    turns = [a for a in legal if "joker" not in a and "pilz" not in a] or legal
    return rng.choice(turns)


POLICIES: dict[str, Policy] = {
    "bohnanza": bean_policy,
    "ladybohn": bean_policy,
    "maumau": maumau_policy,
    "mutterboehnchen": bean_policy,
}

# people at each table; the other seats are the lobby's bots (the strongest, except mancala's
# alpha-beta, which thinks half a second a move: its other bot, random)
TABLES: dict[str, tuple[int, list[int]]] = {  # game -> (players, human seats)
    "mancala": (2, [0]),
    "kalah": (2, [1]),
    "bibermania": (3, [0, 2]),
    "bohnanza": (3, [1]),
    "ladybohn": (2, [0]),
    "maumau": (3, [0]),
    "mutterboehnchen": (3, [2]),
}


class Person(threading.Thread):
    """One websocket: acts by ``policy`` on every update until the game ends."""

    def __init__(self, client: TestClient, path: str, seat: int | None, policy: Policy) -> None:
        super().__init__(daemon=True)
        self.client, self.path, self.seat, self.policy = client, path, seat, policy
        self.rng = random.Random(seat)
        self.messages: list[dict[str, Any]] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with self.client.websocket_connect(self.path) as ws:
                pending = False
                latest: dict[str, Any] | None = None
                while True:
                    m = ws.receive_json()
                    self.messages.append(m)
                    if m["type"] == "error":  # over the message rate: wait, then try again
                        assert "too many messages" in m["error"], m
                        time.sleep(0.1)
                    if m["type"] in ("accepted", "refused", "error"):
                        pending = False
                    elif m["type"] == "update":
                        latest = m
                        if m["status"] != "playing":
                            return
                    else:
                        continue
                    if self.seat is not None and not pending and latest is not None:
                        action = self.policy(latest, self.seat, self.rng)
                        if action is not None:
                            ws.send_json({"action": action, "id": len(self.messages)})
                            pending = True
        except BaseException as err:
            self.error = err


def lists_in(value: Any) -> Iterator[list[Any]]:
    if isinstance(value, list):
        yield value
        for v in value:
            yield from lists_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from lists_in(v)


def sorted_cards(cards: list[Any]) -> list[str]:
    return sorted(json.dumps(c, sort_keys=True) for c in cards)


def fully_known(view: dict[str, Any], q: int, hand: list[Any]) -> bool:
    """Whether the view may show ``q``'s whole hand (Biber-Mania's cards shown to the table)."""
    hands = view.get("hands")
    if not isinstance(hands, list) or q >= len(hands) or not isinstance(hands[q], dict):
        return False
    known = hands[q].get("known")
    return isinstance(known, list) and sorted_cards(known) == sorted_cards(hand)


def check_hidden(message: dict[str, Any], truth: dict[str, Any], seat: int | None) -> None:
    """No list in ``message`` is another seat's hand (of 3 cards or more) or the stock."""
    stock = truth.get("stock")
    hands = truth.get("hands")
    found = [sorted_cards(x) for x in lists_in(message)]
    exact = list(lists_in(message))
    if isinstance(stock, list) and len(stock) >= 2:
        assert stock not in exact and stock[::-1] not in exact, "the stock's order was sent"
    if isinstance(hands, list):
        for q, hand in enumerate(hands):
            if q == seat or not isinstance(hand, list) or len(hand) < 3:
                continue
            if fully_known(message.get("view", {}), q, hand):
                continue
            assert sorted_cards(hand) not in found, f"player {q}'s hand was sent to {seat}"


class Truth:
    """The record replayed: the state after each number of actions."""

    def __init__(self, record: Record) -> None:
        self.states: list[State] = []
        self.events: list[list[Any]] = [[]]
        self.game = record_game(record)
        state = record.new_state(self.game)
        self.states.append(state.clone())
        for player, action in record.actions:
            self.events.append(state.apply(player, action))
            self.states.append(state.clone())

    def shown(self, k: int, seat: int | None) -> list[Any]:
        """The events of action ``k`` that ``seat`` may see, each with its log line ("said":
        the game's sentence, made of the event and the public view before it, so it can tell
        nothing the event does not)."""
        before = self.states[k - 1].view(None) if k else None
        out = []
        for e in self.events[k]:
            if e.visible_for(seat):
                data = e.to_json()
                line = self.game.said_event(data, before)
                if line is not None:
                    data["said"] = line.to_json()
                out.append(jsonish(data))
        return out


def check_seat(
    truth: Truth, record: Record, seat: int | None, human: bool, messages: list[dict[str, Any]]
) -> int:
    updates = 0
    for m in messages:
        kind = m["type"]
        if kind == "welcome":
            assert set(m) == {"type", "table", "game", "seat", "players", "timing"}
            assert m["seat"] == seat and m["game"] == record.game
        elif kind == "accepted":
            assert set(m) == {"type", "id", "index", "action"}
            assert record.actions[m["index"]] == (seat, Action.of(m["action"]))
        elif kind == "timeout":  # the seat's own stand-in acted for it
            assert set(m) == {"type", "seat", "index", "action"} and m["seat"] == seat
            assert record.actions[m["index"]] == (seat, Action.of(m["action"]))
        elif kind == "history":  # a (re)connection's log: only events this seat may see
            assert set(m) == {"type", "events"}
            for e in m["events"]:
                assert "visible_to" not in e or (seat is not None and seat in e["visible_to"])
        elif kind == "left":
            assert set(m) == {"type", "seat", "now"} and m["seat"] == seat
        elif kind in ("refused", "error"):
            # a refusal may name the rule's catalog key (said), about the seat's own action
            assert set(m) <= {"type", "id", "reason", "error", "said"}
            assert "said" not in m or set(m["said"]) == {"key", "args"}
            assert "Traceback" not in json.dumps(m)
        else:
            assert kind == "update", m
            assert set(m) == UPDATE_KEYS
            updates += 1
            k = m["seq"]
            state = truth.states[k]
            assert m["view"] == jsonish(state.view(seat)), (seat, k)
            if human and m["status"] == "playing":
                legal = state.legal_actions(seat)
                assert m["legal"] == jsonish([a.to_json() for a in legal])
                # each action's label: the game's sentence of it on the seat's own view
                view = state.view(seat)
                said = [truth.game.said_action(view, a).to_json() for a in legal]
                assert m["legal_said"] == jsonish(said)
            else:
                assert m["legal"] == [] and m["legal_said"] == []
            visible = truth.shown(k, seat)
            assert m["events"] in ([], visible), (seat, k)
            for e in m["events"]:
                assert "visible_to" not in e or (seat is not None and seat in e["visible_to"])
            assert all("token" not in s for s in m["seats"])
            check_hidden(m, state.to_json(), seat)
            if seat is not None and not state.is_terminal():
                for r in range(2):  # a world the seat cannot tell apart shows it the same
                    other = state.resample(seat, Rng(1000 * k + r))
                    assert jsonish(other.view(seat)) == m["view"], (seat, k)
    return updates


@pytest.mark.parametrize("game", list(GAMES))
def test_every_message_of_a_whole_game_shows_each_seat_only_its_own(
    client: TestClient, game: str
) -> None:
    assert game in TABLES, f"a new game {game!r}: add it to TABLES"
    info = client.get(f"/api/games/{game}").json()
    bot = "random" if game in ("mancala", "kalah") else info["strongest_bot"]
    assert bot in info["bots"]
    players, humans = TABLES[game]
    seats = ["human" if p in humans else bot for p in range(players)]
    r = client.post("/api/tables", json={"game": game, "seats": seats})
    assert r.status_code == 201, r.text
    table = r.json()
    policy = POLICIES.get(game, waiting_policy)
    base = f"/ws/tables/{table['id']}"
    people = [
        Person(client, f"{base}?token={table['seats'][p]['token']}", p, policy) for p in humans
    ]
    watcher = Person(client, base, None, policy)
    for p in [*people, watcher]:
        p.start()
    for p in [*people, watcher]:
        p.join(120)
        assert not p.is_alive(), f"{game}: no end of the game in 2 minutes"
        if p.error is not None:
            raise p.error
    record = Record.from_json(client.get(f"/api/tables/{table['id']}/record").json())
    assert replay(record).is_terminal()
    truth = Truth(record)
    for p in people:
        assert check_seat(truth, record, p.seat, True, p.messages) > 2
        assert any(m["type"] == "accepted" for m in p.messages)
    assert check_seat(truth, record, None, False, watcher.messages) > 2
