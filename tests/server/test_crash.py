"""The crash test: the real server, killed with SIGKILL in the middle of a game, started again on
the same database; the people reconnect with their tokens and finish the game. Nothing the server
acknowledged is lost: every ``accepted`` action and every update anyone saw is in the final
record. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from spieltisch.core import Action, Record
from spieltisch.registry import record_game, replay

SPEED = "0.01"  # the server's time scale: a bot's second is 10 ms


@dataclass
class Seen:
    """What the people at the table were told."""

    accepted: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    updates: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)  # seat, seq
    last: dict[str, Any] | None = None
    sent: int = 0


async def person(
    url: str,
    seat: int,
    seen: Seen,
    rng: random.Random,
    crash_after: int | None = None,
    crash: asyncio.Event | None = None,
) -> None:
    """Plays ``seat`` at random until the game ends or the connection breaks; with
    ``crash_after``, sets ``crash`` right after sending its action once that many actions of
    the people were acknowledged (so an action is on its way when the server dies)."""
    try:
        async with websockets.connect(url) as ws:
            pending = False
            async for text in ws:
                m = json.loads(text)
                if m["type"] == "accepted":
                    seen.accepted[m["index"]] = (seat, m["action"])
                    pending = False
                elif m["type"] == "refused":  # lost a race to a bot; an update follows
                    pending = False
                elif m["type"] == "update":
                    seen.updates.append((seat, m["seq"], m["view"]))
                    seen.last = m
                    if m["status"] != "playing":
                        return
                    if m["legal"] and not pending:
                        seen.sent += 1
                        action = rng.choice(m["legal"])
                        await ws.send(json.dumps({"action": action, "id": seen.sent}))
                        pending = True
                        if crash is not None and len(seen.accepted) >= (crash_after or 0):
                            crash.set()
    except websockets.ConnectionClosed:
        return


async def first_half(server: Any, table: dict[str, Any], seen: Seen) -> bool:
    """Plays until 12 of the people's actions were acknowledged, then kills the server while
    the next is on its way. False when the game ended first (a table's seed is secret, so now
    and then a game is that short): the caller starts over on a new table."""
    crash = asyncio.Event()
    people = [
        asyncio.create_task(
            person(table["seats"][p]["websocket"], p, seen, random.Random(p), 12, crash)
        )
        for p in (0, 1)
    ]
    waiting = asyncio.create_task(crash.wait())
    await asyncio.wait([waiting, *people], timeout=60, return_when=asyncio.FIRST_COMPLETED)
    if not crash.is_set():
        waiting.cancel()
        await asyncio.wait_for(asyncio.gather(*people), 30)
        assert seen.last is not None and seen.last["status"] != "playing", "no crash point"
        return False
    server.kill()  # while the last action is on its way
    await asyncio.wait_for(asyncio.gather(*people), 30)
    return True


async def second_half(table: dict[str, Any], seen: Seen) -> None:
    people = [
        person(table["seats"][p]["websocket"], p, seen, random.Random(10 + p)) for p in (0, 1)
    ]
    await asyncio.wait_for(asyncio.gather(*people), 120)


def replayed_views(record: Record, seat: int) -> list[Any]:
    state = record.new_state(record_game(record))
    views = [json.loads(json.dumps(state.view(seat)))]
    for player, action in record.actions:
        state.apply(player, action)
        views.append(json.loads(json.dumps(state.view(seat))))
    return views


def test_sigkill_mid_game_loses_nothing_accepted(store_url: str, server_process) -> None:
    server = server_process(store_url, SPIELTISCH_TIME_SCALE=SPEED)
    server.start()
    for _attempt in range(5):  # a game that ends before the crash point: a new table
        r = httpx.post(
            f"{server.http}/api/tables",
            json={"game": "bibermania", "seats": ["human", "human", "heuristic"]},
        )
        assert r.status_code == 201, r.text
        table = r.json()
        seen = Seen()
        if asyncio.run(first_half(server, table, seen)):
            break
    else:
        raise AssertionError("five games in a row ended before the people's 13th action")
    before = len(seen.accepted)
    seq_before = max(seq for _, seq, _ in seen.updates)
    assert before >= 12 and seen.last is not None and seen.last["status"] == "playing"

    server.start()  # the same port, the same database
    resumed = httpx.get(f"{server.http}/api/tables/{table['id']}").json()
    assert resumed["status"] == "playing" and resumed["actions"] >= seq_before
    asyncio.run(second_half(table, seen))
    assert seen.last is not None and seen.last["status"] == "finished"
    assert len(seen.accepted) > before

    r = httpx.get(f"{server.http}/api/tables/{table['id']}/record")
    assert r.status_code == 200, r.text
    record = Record.from_json(r.json())
    # every action acknowledged, before the kill or after, is in the record where it was put
    for index, (seat, action) in seen.accepted.items():
        assert record.actions[index] == (seat, Action.of(action)), index
    # every update anyone saw is what the record replays to at that point: no action that
    # was shown to people is missing, none was changed
    views = {p: replayed_views(record, p) for p in (0, 1)}
    for seat, seq, view in seen.updates:
        assert view == views[seat][seq], (seat, seq)
    final = replay(record)
    assert final.is_terminal()
    assert final.result().to_json() == seen.last["result"]
    listed = {t["id"]: t for t in httpx.get(f"{server.http}/api/tables").json()}
    assert listed[table["id"]]["status"] == "finished"
    # and the seats' tokens, sent in the websockets' URLs, are in no log line
    log = server.log.read_text()
    assert "[accepted]" in log and "token=***" in log
    for s in table["seats"]:
        if "token" in s:
            assert s["token"] not in log
