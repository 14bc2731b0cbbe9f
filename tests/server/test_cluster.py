"""The cluster's parts: the leases (taken over only after they run out, never two owners, a
stale owner's writes refused) and the forwarding between two real server processes (an action
sent to the process that does not own the table is taken by the owner, and its refusal comes
back to the sender with the owner's reason and ``said``; names, chat and leaving a seat too;
an undo asked of another person, and their answers, across the processes)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from spieltisch.core import Action
from spieltisch.registry import load_game
from spieltisch.server.lease import LeasedStore, NotOwner
from spieltisch.server.store import PLAYING, SeatRow, TableRow

from .conftest import ServerProcess, new_database
from .test_failover import cluster_env


@pytest.fixture(scope="module")
def pair(postgres: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    """Two cluster processes, ``a`` and ``b``, on one new database, shared by this module's
    forwarding tests: each plays at tables of its own, and starting a pair costs seconds."""
    url = new_database(postgres)
    folder = tmp_path_factory.mktemp("cluster")
    servers = []
    try:
        for name in ("a", "b"):
            (folder / name).mkdir()
            servers.append(ServerProcess(url, folder / name, **cluster_env(name)))
            servers[-1].start()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()


def row(table_id: str) -> TableRow:
    now = time.time()
    return TableRow(
        id=table_id,
        game="mancala",
        options={},
        seed=1,
        players=2,
        status=PLAYING,
        takeover=None,
        created=now,
        updated=now,
        seats=[SeatRow(0, "human", None), SeatRow(1, "random", None)],
    )


def until_free(store: LeasedStore, table_id: str) -> None:
    """Wait until nobody's lease on the table runs (a lease of a fraction of a second)."""
    deadline = time.monotonic() + 30
    while store.owner_of(table_id) is not None:
        assert time.monotonic() < deadline, "the lease never ran out"
        time.sleep(0.05)


def test_a_lease_is_taken_over_only_after_it_runs_out(postgres_url: str) -> None:
    # leases of 2 s: the steps before "a" stops renewing must all fall within one, and in a
    # loaded suite 0.3 s was once too short for the first two (b took the table at once)
    a = LeasedStore(postgres_url, "a", 2.0)
    b = LeasedStore(postgres_url, "b", 2.0)
    try:
        a.create_table(row("t1"))  # made with its lease: "a" owns it from the start
        assert b.owner_of("t1") == "a"
        assert not b.take("t1")
        assert "t1" not in {t for t, _ in b.claimable()}
        assert a.take("t1")  # its own: renewed
        a.append_actions([("t1", 0, 0, Action(pit=0, direction="cw"), None)])
        with pytest.raises(NotOwner):  # the other process may not write for it
            b.append_actions([("t1", 1, 1, Action(pit=6, direction="cw"), None)])
        assert [i for i, _, _ in a.actions_since("t1", 0)] == [0]

        until_free(b, "t1")  # "a" stopped renewing: its lease runs out
        assert ("t1" in {t for t, _ in b.claimable()}) and b.owner_of("t1") is None
        assert not b.take("t1", stale=3600.0)  # not late enough for a process that waits
        assert b.take("t1")
        assert b.owner_of("t1") == "b" and not a.take("t1")
        assert a.renew(["t1"]) == set()  # "a" learns that it lost it
        with pytest.raises(NotOwner):  # and its write is refused: nothing written
            a.append_actions([("t1", 1, 1, Action(pit=6, direction="cw"), None)])
        b.append_actions([("t1", 1, 1, Action(pit=7, direction="cw"), None)])
        assert [(i, p) for i, p, _ in b.actions_since("t1", 0)] == [(0, 0), (1, 1)]
        assert b.renew(["t1"]) == {"t1"}
        b.release()
        assert a.owner_of("t1") is None and a.take("t1")  # given up: taken at once
    finally:
        a.close()
        b.close()


def test_never_two_owners(postgres_url: str) -> None:
    """Four processes try to take each free table at the same moment: one wins each time."""
    # a lease of 1 s outlasts the four takes even on a loaded box: a shorter one could run out
    # between two of them, and a second winner would then be right
    stores = [LeasedStore(postgres_url, f"p{i}", 1.0) for i in range(4)]
    try:
        for n in range(5):
            table_id = f"race{n}"
            stores[0].create_table(row(table_id))
            until_free(stores[0], table_id)
            start = threading.Barrier(len(stores))
            won: list[str] = []

            def take(
                store: LeasedStore, tid: str = table_id, go: Any = start, won: list = won
            ) -> None:
                go.wait()
                if store.take(tid):
                    won.append(store.owner)

            threads = [threading.Thread(target=take, args=(s,)) for s in stores]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert len(won) == 1, won
            assert stores[1].owner_of(table_id) == won[0]
    finally:
        for s in stores:
            s.close()


async def receive(ws: Any, kind: str, seconds: float = 20.0) -> dict[str, Any]:
    """The next message of ``kind`` (the others before it are passed over)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        left = deadline - asyncio.get_running_loop().time()
        m = json.loads(await asyncio.wait_for(ws.recv(), max(left, 0.01)))
        if m["type"] == kind:
            return m


async def update_where(ws: Any, check: Any) -> dict[str, Any]:
    while True:
        m = await receive(ws, "update")
        if check(m):
            return m


def an_empty_pit(first: Action, first_mover: int) -> tuple[Action, int]:
    """A move of the second mover after ``first`` after which the first mover is to move
    and one of its pits is empty, and that pit (mancala is deterministic once its first
    mover is known: found by playing it here)."""
    game = load_game("mancala")
    state = next(
        s
        for s in (game.new_state(2, seed) for seed in range(1, 200))
        if s.actors() == {first_mover}
    )
    state.apply(first_mover, first)
    other = 1 - first_mover
    n = len(state.view(None)["pits"]) // 2
    for action in state.legal_actions(other):
        after = state.clone()
        after.apply(other, action)
        pits = after.view(None)["pits"]
        mine = range(first_mover * n, first_mover * n + n)
        empty = [p for p in mine if pits[p] == 0]
        if after.actors() == {first_mover} and empty:
            return action, empty[0]
    raise AssertionError("no answer leaves the first mover an empty pit")


async def forwarding(a: Any, b: Any) -> None:
    r = httpx.post(f"{a.http}/api/tables", json={"game": "mancala", "seats": ["human", "human"]})
    assert r.status_code == 201, r.text
    table = r.json()
    path = f"/ws/tables/{table['id']}?token="
    tokens = [table["seats"][p]["token"] for p in (0, 1)]
    # the table lives in process a; seat 0 and seat 1 each connect to both processes, so
    # the same message can be sent to the owner and through the other process
    on_a = [await websockets.connect(a.ws + path + tokens[p]) for p in (0, 1)]
    on_b = [await websockets.connect(b.ws + path + tokens[p]) for p in (0, 1)]
    watcher = await websockets.connect(f"{b.ws}/ws/tables/{table['id']}")
    try:
        welcome = [await receive(ws, "update") for ws in on_b]  # each socket's first
        first = welcome[0]["actors"][0]
        other = 1 - first

        # each seat has a socket on each process: both count, wherever one looks (the
        # socket connected last may have been told so in its first update already)
        def both(m: dict[str, Any]) -> bool:
            return [s["connected"] for s in m["seats"]] == [2, 2]

        for ws, seen in ((on_a[1], None), (on_b[1], welcome[1]), (watcher, None)):
            if seen is None or not both(seen):
                await update_where(ws, both)
        # the seat that may not act yet, and a malformed action: the same refusal both ways
        for bad in ({"pit": 0, "direction": "cw"}, {"pit": "x"}):
            await on_a[other].send(json.dumps({"action": bad, "id": "direct"}))
            await on_b[other].send(json.dumps({"action": bad, "id": "forwarded"}))
            direct = await receive(on_a[other], "refused")
            forwarded = await receive(on_b[other], "refused")
            assert forwarded["id"] == "forwarded" and direct["id"] == "direct"
            assert forwarded["reason"] == direct["reason"] and forwarded["reason"]
            assert forwarded.get("said") == direct.get("said")

        # a legal action through b: accepted (the owner committed it), then the update
        legal = welcome[first]["legal"]
        move = next(m for m in legal if m["direction"] == "cw")
        await on_b[first].send(json.dumps({"action": move, "id": 1}))
        accepted = await receive(on_b[first], "accepted")
        assert accepted == {"type": "accepted", "id": 1, "index": 0, "action": move}
        after = await receive(on_b[first], "update")  # after its "accepted", as alone
        assert after["seq"] == 1 and after["actors"] == [other]
        seen = await update_where(watcher, lambda m: m["seq"] == 1)  # a spectator on b
        assert seen["view"]["pits"] == after["view"]["pits"] and seen["view"]["viewer"] is None
        # the owner's own sockets see it too
        await update_where(on_a[other], lambda m: m["seq"] == 1)

        # the other seat answers through a; then the first mover's emptied pit, through b:
        # refused by the owner with its catalog key, which comes back with the reason
        reply, pit = an_empty_pit(Action.of(move), first)
        await on_a[other].send(json.dumps({"action": reply.to_json(), "id": 2}))
        assert (await receive(on_a[other], "accepted"))["index"] == 1
        now = await update_where(on_b[first], lambda m: m["seq"] == 2)
        assert now["view"]["pits"][pit] == 0 and now["actors"] == [first]
        await on_b[first].send(json.dumps({"action": {"pit": pit, "direction": "cw"}, "id": 3}))
        empty = await receive(on_b[first], "refused")
        assert empty["id"] == 3 and "empty" in empty["reason"]
        assert empty["said"]["key"] == "r.pit.empty"

        # a name and a chat line through b reach the owner's sockets; a bad one is refused
        await on_b[0].send(json.dumps({"name": "Anna"}))
        named = await update_where(on_a[1], lambda m: m["seats"][0]["name"] == "Anna")
        assert named["seats"][0]["name"] == "Anna"
        await on_b[0].send(json.dumps({"chat": "hallo"}))
        line = await receive(on_a[1], "chat")
        assert line["lines"][0]["text"] == "hallo" and line["lines"][0]["seat"] == 0
        assert (await receive(watcher, "chat"))["lines"][0]["text"] == "hallo"
        await on_b[0].send(json.dumps({"chat": "\u202e"}))
        assert "printable" in (await receive(on_b[0], "error"))["error"]

        # leaving a seat over HTTP at the process that does not own the table
        r = httpx.post(
            f"{b.http}/api/tables/{table['id']}/leave", json={"token": tokens[0]}, timeout=20
        )
        assert r.status_code == 200, r.text
        assert r.json()["now"]["kind"] == "empty"
        assert (await receive(on_b[0], "left"))["seat"] == 0
        await update_where(on_a[1], lambda m: m["seats"][0]["kind"] == "empty")
    finally:
        for ws in [*on_a, *on_b, watcher]:
            await ws.close()


def test_forwarded_actions_and_their_refusals(pair: tuple[Any, Any]) -> None:
    asyncio.run(forwarding(*pair))


async def undo_through(a: Any, b: Any) -> None:
    r = httpx.post(f"{a.http}/api/tables", json={"game": "mancala", "seats": ["human", "random"]})
    assert r.status_code == 201, r.text
    table = r.json()
    url = f"{b.ws}/ws/tables/{table['id']}?token={table['seats'][0]['token']}"
    async with websockets.connect(url) as ws:  # the person at the process that does not own
        update = await update_where(ws, lambda m: bool(m["legal"]))
        mine = update["seq"]
        await ws.send(json.dumps({"action": update["legal"][0], "id": 1}))
        assert (await receive(ws, "accepted"))["index"] == mine
        # the bot answers (or the pit gave another move): the person is waited for again
        await update_where(ws, lambda m: m["seq"] > mine and bool(m["legal"]))
        await ws.send(json.dumps({"undo": True}))
        undone = await receive(ws, "undone")
        assert undone == {"type": "undone", "seat": 0, "index": mine}
        await receive(ws, "history")
        after = await update_where(ws, lambda m: m["seq"] <= mine + 1)
        assert after["seq"] >= mine and after["legal"]
    # the owner's record was cut as the follower showed it
    public = httpx.get(f"{a.http}/api/tables/{table['id']}").json()
    assert public["actions"] >= mine and public["actions"] <= mine + 1


def test_undo_through_the_process_that_does_not_own_the_table(pair: tuple[Any, Any]) -> None:
    asyncio.run(undo_through(*pair))


async def undo_asked_across(a: Any, b: Any) -> None:
    """Two people at a table that process a owns: the one who asks is connected to b only,
    the other to both; the request, a refusal from the owner, a decline and an acceptance go
    through b, and every socket on either process is told."""
    body = {"game": "mancala", "seats": ["human", "human"], "options": {"first_mover": "0"}}
    r = httpx.post(f"{a.http}/api/tables", json=body)
    assert r.status_code == 201, r.text
    table = r.json()
    path = f"/ws/tables/{table['id']}?token="
    tokens = [table["seats"][p]["token"] for p in (0, 1)]
    ada = await websockets.connect(b.ws + path + tokens[0])
    bruno_a = await websockets.connect(a.ws + path + tokens[1])
    bruno_b = await websockets.connect(b.ws + path + tokens[1])
    everyone = [ada, bruno_a, bruno_b]
    try:
        update = await update_where(ada, lambda m: bool(m["legal"]))
        await ada.send(json.dumps({"action": update["legal"][0], "id": 1}))
        assert (await receive(ada, "accepted"))["index"] == 0
        for ws in everyone:
            await update_where(ws, lambda m: m["seq"] == 1)

        await ada.send(json.dumps({"undo": True}))
        for ws in everyone:
            asked = await receive(ws, "undo_request")
            assert (asked["seat"], asked["index"], asked["asked"]) == (0, 0, [1])
        await ada.send(json.dumps({"undo_answer": True}))  # refused by the owner, keyed
        assert (await receive(ada, "error"))["said"]["key"] == "r.undo.own"
        await bruno_b.send(json.dumps({"undo_answer": "yes"}))  # refused before forwarding
        assert (await receive(bruno_b, "error"))["said"]["key"] == "r.undo.answer"
        await bruno_b.send(json.dumps({"undo_answer": False}))
        declined = {"key": "undo.declined", "args": [{"seat": 1}, {"seat": 0}]}
        for ws in everyone:
            assert (await receive(ws, "undo_cancelled"))["said"] == declined
        assert httpx.get(f"{a.http}/api/tables/{table['id']}").json()["actions"] == 1

        await ada.send(json.dumps({"undo": True}))  # asked again: this time accepted
        for ws in everyone:
            assert (await receive(ws, "undo_request"))["accepted"] == []
        await bruno_b.send(json.dumps({"undo_answer": True}))
        for ws in everyone:
            assert await receive(ws, "undone") == {"type": "undone", "seat": 0, "index": 0}
            await update_where(ws, lambda m: m["seq"] == 0)
        assert httpx.get(f"{a.http}/api/tables/{table['id']}").json()["actions"] == 0
    finally:
        for ws in everyone:
            await ws.close()


def test_an_undo_asked_and_answered_across_processes(pair: tuple[Any, Any]) -> None:
    asyncio.run(undo_asked_across(*pair))


async def undo_seen_by_a_late_follower(a: Any, b: Any) -> None:
    """A request made while only the owner held the table: a person who then connects through
    another process (which begins to follow the table only now) is shown it, and answers it
    there."""
    body = {"game": "mancala", "seats": ["human", "human"], "options": {"first_mover": "0"}}
    r = httpx.post(f"{a.http}/api/tables", json=body)
    assert r.status_code == 201, r.text
    table = r.json()
    path = f"/ws/tables/{table['id']}?token="
    ada = await websockets.connect(a.ws + path + table["seats"][0]["token"])
    bruno: Any = None
    try:
        update = await update_where(ada, lambda m: bool(m["legal"]))
        await ada.send(json.dumps({"action": update["legal"][0], "id": 1}))
        await receive(ada, "accepted")
        await ada.send(json.dumps({"undo": True}))
        await receive(ada, "undo_request")
        bruno = await websockets.connect(b.ws + path + table["seats"][1]["token"])
        asked = await receive(bruno, "undo_request")
        assert (asked["seat"], asked["index"], asked["asked"]) == (0, 0, [1])
        await bruno.send(json.dumps({"undo_answer": True}))
        for ws in (ada, bruno):
            assert await receive(ws, "undone") == {"type": "undone", "seat": 0, "index": 0}
    finally:
        for ws in (ada, bruno):
            if ws is not None:
                await ws.close()


def test_a_process_that_follows_late_shows_a_pending_undo_request(pair: tuple[Any, Any]) -> None:
    asyncio.run(undo_seen_by_a_late_follower(*pair))


def test_cluster_settings(tmp_path: Any, postgres_url: str) -> None:
    from spieltisch.core import OptionError
    from spieltisch.server.app import create_app
    from spieltisch.server.cluster import process_id
    from spieltisch.server.host import Settings

    env = {
        "SPIELTISCH_CLUSTER": "yes",
        "SPIELTISCH_PROCESS_ID": "web1-a",
        "SPIELTISCH_LEASE_SECONDS": "2.5",
    }
    s = Settings.from_env(env)
    assert (s.cluster, s.process_id, s.lease_seconds) == (True, "web1-a", 2.5)
    assert Settings.from_env({}).cluster is False
    with pytest.raises(OptionError, match="SPIELTISCH_CLUSTER must be a flag"):
        Settings.from_env({"SPIELTISCH_CLUSTER": "maybe"})
    # one SQLite file serves one process
    with pytest.raises(OptionError, match="PostgreSQL"):
        create_app(f"sqlite:///{tmp_path / 'x.db'}", cluster=True)
    with pytest.raises(OptionError, match="process id"):
        create_app(postgres_url, cluster=True, process_id="no spaces")
    with pytest.raises(OptionError, match="lease_seconds"):
        create_app(postgres_url, cluster=True, lease_seconds=0.0)
    assert process_id("web1-a") == "web1-a"
    assert len(process_id("")) <= 40 and process_id("") == process_id("")
