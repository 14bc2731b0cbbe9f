"""Failover: two real server processes (``spieltisch serve --cluster``) on one PostgreSQL, a
table with a person connected to each, the owning process killed with SIGKILL in the middle of
the game. The other takes the table over when the lease runs out, the person of the dead
process reconnects to it, and the game is finished there. Nothing any process acknowledged is
lost: every ``accepted`` action and every update anyone saw is in the final record."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from spieltisch.core import Action, Record
from spieltisch.registry import replay

from .test_crash import Seen, person, replayed_views

SPEED = "0.01"  # the servers' time scale: a bot's second is 10 ms
LEASE = "1"  # seconds: a dead process's tables are taken over about this long after


def cluster_env(name: str) -> dict[str, str]:
    return {
        "SPIELTISCH_TIME_SCALE": SPEED,
        "SPIELTISCH_CLUSTER": "1",
        "SPIELTISCH_PROCESS_ID": name,
        "SPIELTISCH_LEASE_SECONDS": LEASE,
    }


def two_servers(postgres_url: str, server_process: Any) -> tuple[Any, Any]:
    a = server_process(postgres_url, **cluster_env("a"))
    b = server_process(postgres_url, **cluster_env("b"))
    a.start()
    b.start()
    return a, b


def through(url: str, server: Any) -> str:
    """A websocket URL of one process, sent to another (same path and token)."""
    return server.ws + url[url.index("/ws/") :]


async def first_half(owner: Any, other: Any, table: dict[str, Any], seen: Seen) -> bool:
    """Seat 0 plays through the owner, seat 1 through the other process, until 12 of their
    actions were acknowledged; the owner is killed while the next is on its way. False when
    the game ended first (the caller starts over on a new table)."""
    crash = asyncio.Event()
    urls = [
        through(table["seats"][0]["websocket"], owner),
        through(table["seats"][1]["websocket"], other),
    ]
    people = [
        asyncio.create_task(person(urls[p], p, seen, random.Random(p), 12, crash)) for p in (0, 1)
    ]
    waiting = asyncio.create_task(crash.wait())
    await asyncio.wait([waiting, *people], timeout=60, return_when=asyncio.FIRST_COMPLETED)
    if not crash.is_set():
        waiting.cancel()
        await asyncio.wait_for(asyncio.gather(*people), 30)
        assert seen.last is not None and seen.last["status"] != "playing", "no crash point"
        return False
    owner.kill()  # while the last action is on its way
    # seat 0's socket broke with its process: it comes back through the other one, as the
    # browser does; seat 1 never left
    await asyncio.wait_for(people[0], 30)
    back = person(through(urls[0], other), 0, seen, random.Random(10))
    await asyncio.wait_for(asyncio.gather(back, people[1]), 120)
    return True


def test_owner_killed_the_other_process_finishes_the_game(
    postgres_url: str, server_process: Any
) -> None:
    a, b = two_servers(postgres_url, server_process)
    for _attempt in range(5):  # a game that ends before the crash point: a new table
        r = httpx.post(
            f"{a.http}/api/tables",
            json={"game": "bibermania", "seats": ["human", "human", "heuristic"]},
        )
        assert r.status_code == 201, r.text
        table = r.json()
        seen = Seen()
        if asyncio.run(first_half(a, b, table, seen)):
            break
    else:
        raise AssertionError("five games in a row ended before the people's 13th action")
    assert seen.last is not None and seen.last["status"] == "finished"
    assert len(seen.accepted) > 12

    r = httpx.get(f"{b.http}/api/tables/{table['id']}/record")
    assert r.status_code == 200, r.text
    record = Record.from_json(r.json())
    # every action acknowledged, by either process, before the kill or after, is in the
    # record where it was put
    for index, (seat, action) in seen.accepted.items():
        assert record.actions[index] == (seat, Action.of(action)), index
    # every update anyone saw, from the owner or from the follower, is what the record
    # replays to at that point
    views = {p: replayed_views(record, p) for p in (0, 1)}
    for seat, seq, view in seen.updates:
        assert view == views[seat][seq], (seat, seq)
    final = replay(record)
    assert final.is_terminal()
    assert final.result().to_json() == seen.last["result"]
    assert "took table" in b.log.read_text()
    # the killed process comes back; "play again" asked at both processes makes one table
    a.start()
    tokens = [table["seats"][p]["token"] for p in (0, 1)]
    again = [
        httpx.post(f"{server.http}/api/tables/{table['id']}/again", json={"token": token})
        for server, token in ((b, tokens[0]), (a, tokens[1]))
    ]
    assert [r.status_code for r in again] == [201, 201], [r.text for r in again]
    assert again[0].json()["id"] == again[1].json()["id"]
