"""The game server under load: many tables at once, over real websockets on loopback.

    python bench/load_server.py --tables 100                     # saturation
    python bench/load_server.py --tables 100 --postgres          # a throw-away PostgreSQL
    python bench/load_server.py --tables 100 --db postgresql+psycopg://u@host/db
    python bench/load_server.py --pace human --tables 500,1000,1500,2000,2500

Two paces:

- ``--pace saturation`` (the default): the person acts the moment the game waits for them and
  the bots at ``--time-scale`` 0.001 of their reaction times: the most actions a second the
  server takes, and their latency at that load.
- ``--pace human``: people act 2-5 s (``--think``) after it is their turn, and the bots on
  their reaction profiles at real time (time scale 1). ``--tables`` is a list of levels: the
  tables in play are raised to each in turn (new ones spread over ``--warmup`` seconds), and
  each level is measured for ``--seconds``. Reported per level: actions/s and the latency
  from a person's action to the update that holds it; the answer is the most tables held
  with p99 under ``--limit-ms`` (100).

Starts ``spieltisch serve`` in a process of its own (SQLite in a temporary folder unless
``--db`` or ``--postgres`` says otherwise; ``--postgres`` starts one with scripts/postgres.sh,
which needs Debian's postgresql and, as root, the user ``postgres``), then keeps ``--tables``
tables in play for ``--seconds``: each is a game of ``--game`` with one person's seat, played by
this script over its websocket (a random legal action whenever the game waits for it), and
bots in the other seats (``--bot``, acting on their own reaction times times the server's
``--time-scale``). When a game ends, its client makes a new table, so the number in play
stays the same.

Reported (saturation: after ``--warmup`` seconds):

- actions/s: every action the server took (the person's and the bots'), counted from the
  ``seq`` of the updates the clients got;
- latency from a person's action being sent to the ``accepted`` answer (its commit), and to the
  first update that holds it (what every seat at the table gets), p50/p90/p99/max in ms.

The client runs in ``--clients`` processes (default 1), each an asyncio loop with its share of
the tables. Server and clients share the machine: on a small one the clients' CPU counts
against the server's, so the figures are a floor.

Several server processes (``spieltisch serve --cluster``, docs/deploy.md) on one PostgreSQL:

    python bench/load_server.py --postgres --processes 2 --tables 100
    python bench/load_server.py --postgres --processes 2 --route other --tables 100
    python bench/load_server.py --postgres --failover 5

``--processes N`` starts N processes; the tables are made through them in turn (each owned by
the process that made it). ``--route same`` (the default) connects each person to that
process; ``--route other`` to the next one, so that every action is forwarded to the owner
and every update comes from a follower (a proxy that routes without regard to tables).
``--failover RUNS`` measures a take-over: two processes with ``--lease-seconds`` leases, a
table of two people made through one (its owner), a person connected to each, both acting at
once; the owner is killed (SIGKILL) and the time until the next ``accepted`` anyone gets is
taken, RUNS times (the killed process is started again between runs).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import multiprocessing
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Level:
    """One level of tables in play: when it starts, when its measuring starts and stops."""

    tables: int
    start: float
    measure: float
    stop: float


@dataclass
class Stats:
    actions: int = 0  # taken by the server while measuring (every seat's)
    ack_ms: list[float] = field(default_factory=list)
    update_ms: list[float] = field(default_factory=list)
    games: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    client_cpu: float = 0.0  # CPU seconds of the load generator's processes
    live: int = 0  # tables whose person was connected, seen at the end of the warm-up

    def add(self, other: Stats) -> None:
        self.actions += other.actions
        self.ack_ms += other.ack_ms
        self.update_ms += other.update_ms
        self.games += other.games
        self.refused += other.refused
        self.errors += other.errors
        self.client_cpu += other.client_cpu
        self.live += other.live


class Measure:
    """The stats of each level, by the time a thing happened: a sample counts for the level
    whose measuring window holds it (nothing during a level's warm-up)."""

    def __init__(self, levels: list[Level]) -> None:
        self.levels = levels
        self.stats = [Stats() for _ in levels]
        self.live = 0  # tables whose person is connected now

    def at(self, t: float) -> Stats | None:
        for level, stats in zip(self.levels, self.stats, strict=True):
            if level.measure <= t < level.stop:
                return stats
        return None

    @property
    def stop(self) -> float:
        return self.levels[-1].stop

    def error(self, text: str) -> None:
        (self.at(time.monotonic()) or self.stats[-1]).errors.append(text)


async def one_table(
    http: httpx.AsyncClient,
    body: dict[str, Any],
    measure: Measure,
    rng: random.Random,
    think: tuple[float, float],
    ws_base: str | None = None,
) -> None:
    """Play table after table until the last level stops (``ws_base``: the person connects
    to that process, not to the one that made the table)."""
    while time.monotonic() < measure.stop:
        try:
            try:
                r = await http.post("/api/tables", json=body)
            except (httpx.ReadError, httpx.RemoteProtocolError):
                # a kept-alive connection the server closed as it was reused (its idle
                # timeout): the request never arrived, so it is sent again on a new one
                r = await http.post("/api/tables", json=body)
            if r.status_code != 201:
                measure.error(f"create: {r.status_code} {r.text[:200]}")
                await asyncio.sleep(0.5)
                continue
            table = r.json()
            seat = next(s for s in table["seats"] if "token" in s)
            url = seat["websocket"]
            if ws_base is not None:
                url = ws_base + url[url.index("/ws/") :]
            await play(url, seat["seat"], measure, rng, think)
        except (httpx.HTTPError, websockets.WebSocketException, OSError) as err:
            measure.error(f"{type(err).__name__}: {err}")  # counted; the table goes on
            await asyncio.sleep(0.5)


async def play(
    url: str, seat: int, measure: Measure, rng: random.Random, think: tuple[float, float]
) -> None:
    """One game at one seat: act (after ``think`` seconds, drawn uniformly) whenever the
    game waits for this seat; time each action to its ``accepted`` and to its update."""
    seq = 0
    sent_at: float | None = None
    sent_index: int | None = None  # the record index of the action sent, once accepted
    thinking: asyncio.Task[None] | None = None
    async with websockets.connect(url, max_size=2**22) as ws:
        measure.live += 1

        async def act(after: float, legal: list[Any]) -> None:
            nonlocal sent_at
            if after > 0:
                await asyncio.sleep(after)
            sent_at = time.monotonic()
            await ws.send(json.dumps({"action": rng.choice(legal)}))

        try:
            async for text in ws:
                now = time.monotonic()
                m = json.loads(text)
                kind = m["type"]
                stats = measure.at(now)
                if kind == "accepted":
                    sent_index = m["index"]
                    if sent_at is not None and stats is not None and measure.at(sent_at):
                        stats.ack_ms.append((now - sent_at) * 1000)
                    continue
                if kind == "refused":  # a bot was quicker; the next update says what now
                    if stats is not None:
                        stats.refused += 1
                    sent_at = sent_index = None
                    thinking = None
                    continue
                if kind != "update":
                    continue
                if stats is not None:
                    stats.actions += max(0, m["seq"] - seq)
                seq = max(seq, m["seq"])
                if sent_index is not None and m["seq"] > sent_index:
                    if sent_at is not None and stats is not None and measure.at(sent_at):
                        stats.update_ms.append((now - sent_at) * 1000)
                    sent_at = sent_index = None
                    thinking = None
                if m["status"] != "playing":
                    if stats is not None:
                        stats.games += 1
                    return
                if now >= measure.stop:
                    return
                waits = bool(m["legal"]) and seat in m["waiting_for"]
                if thinking is not None and not thinking.done() and not waits:
                    thinking.cancel()  # the moment passed (a timer, another's action)
                    thinking = None
                if waits and (thinking is None or thinking.done()) and sent_at is None:
                    if think[1] <= 0:  # saturation: at once, no task in between
                        await act(0.0, m["legal"])
                    else:
                        thinking = asyncio.create_task(act(rng.uniform(*think), m["legal"]))
        finally:
            measure.live -= 1
            if thinking is not None:
                thinking.cancel()


def client(args: dict[str, Any], shares: list[int], seed: int) -> list[Stats]:
    """One client process: at each level, its share of the tables played side by side (the
    new ones started at random moments of the level's warm-up)."""

    async def main() -> list[Stats]:
        measure = Measure([Level(**level) for level in args["levels"]])
        body = {"game": args["game"], "seats": args["seats"]}
        think = tuple(args["think"])
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
        rng = random.Random(seed)
        jobs: list[asyncio.Task[None]] = []

        bases = args["bases"]

        async def later(at: float, job_rng: random.Random, n: int) -> None:
            await asyncio.sleep(max(0.0, at - time.monotonic()))
            # the tables are made through the processes in turn
            http = https[n % len(bases)]
            ws_base = None
            if args["route"] == "other" and len(bases) > 1:
                ws_base = "ws" + bases[(n + 1) % len(bases)][4:]
            await one_table(http, body, measure, job_rng, think, ws_base)

        async def clock() -> None:  # this process's CPU within each level's measuring
            for level, stats in zip(measure.levels, measure.stats, strict=True):
                await asyncio.sleep(max(0.0, level.measure - time.monotonic()))
                before = time.process_time()
                stats.live = measure.live
                await asyncio.sleep(max(0.0, level.stop - time.monotonic()))
                stats.client_cpu += time.process_time() - before

        async def freeze() -> None:
            # the load generator's own full garbage collections (0.1-0.2 s with thousands of
            # sockets) would count as the server's latency: what lives is frozen as it grows
            while True:
                await asyncio.sleep(5.0)
                gc.freeze()

        https = [httpx.AsyncClient(base_url=base, timeout=120, limits=limits) for base in bases]
        try:
            jobs.append(asyncio.create_task(clock()))
            freezer = asyncio.create_task(freeze())
            have = 0
            for level, share in zip(measure.levels, shares, strict=True):
                spread = (level.measure - level.start) / 2 if args["spread"] else 0.0
                for _ in range(max(0, share - have)):
                    at = level.start + rng.uniform(0, spread)
                    job_rng = random.Random(seed * 100_003 + len(jobs))
                    n = seed * 100_003 + len(jobs)
                    jobs.append(asyncio.create_task(later(at, job_rng, n)))
                have = max(have, share)
            results = await asyncio.gather(*jobs, return_exceptions=True)
            freezer.cancel()
        finally:
            for http in https:
                await http.aclose()
        for r in results:
            if isinstance(r, BaseException):
                measure.stats[-1].errors.append(f"{type(r).__name__}: {r}")
        return measure.stats

    return asyncio.run(main())


def quantiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    q = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else values * 99
    return {"p50": q[49], "p90": q[89], "p99": q[98], "max": max(values)}


def percentiles(values: list[float]) -> str:
    q = quantiles(values)
    if not q:
        return "      -       -       -       -"
    return f"{q['p50']:7.1f} {q['p90']:7.1f} {q['p99']:7.1f} {q['max']:7.1f}"


def start_postgres(folder: Path) -> str:
    out = subprocess.run(
        ["sh", str(ROOT / "scripts" / "postgres.sh"), "start", str(folder), str(free_port())],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        sys.exit(f"PostgreSQL did not start: {out.stderr.strip()}")
    return out.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables",
        default="100",
        help="tables in play at once; with --pace human a list of levels (500,1000,2000)",
    )
    parser.add_argument(
        "--pace", choices=("saturation", "human"), default="saturation", help="see above"
    )
    parser.add_argument("--seconds", type=float, default=None, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=None, help="seconds before measuring")
    parser.add_argument("--think", default="2,5", help="human pace: a person's seconds, lo,hi")
    parser.add_argument("--limit-ms", type=float, default=100.0, help="human pace: p99 goal")
    parser.add_argument("--game", default="mancala")
    parser.add_argument("--bot", default="random", help="the bot in the other seats")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--time-scale",
        type=float,
        default=None,
        help="the server's time scale for the bots (saturation 0.001, human 1)",
    )
    parser.add_argument("--db", default=None, help="a database URL (default: SQLite in a tmp)")
    parser.add_argument("--postgres", action="store_true", help="a throw-away PostgreSQL")
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument(
        "--url", default=None, help="drive a server already running there (start none)"
    )
    parser.add_argument(
        "--profile", default=None, help="run the server under cProfile, its stats to this file"
    )
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (--cluster; PostgreSQL)"
    )
    parser.add_argument(
        "--route",
        choices=("same", "other"),
        default="same",
        help="with --processes: each person connects to the process that made the table, "
        "or to the next one",
    )
    parser.add_argument(
        "--failover", type=int, default=0, help="measure this many take-overs (see above)"
    )
    parser.add_argument(
        "--lease-seconds", type=float, default=5.0, help="the cluster's lease (default 5)"
    )
    args = parser.parse_args()
    human = args.pace == "human"
    args.levels = [int(t) for t in str(args.tables).split(",")]
    if not human and len(args.levels) != 1:
        parser.error("--tables takes one number at saturation pace")
    if args.seconds is None:
        args.seconds = 20.0
    if args.warmup is None:
        args.warmup = 15.0 if human else 3.0
    if args.time_scale is None:
        args.time_scale = 1.0 if human else 0.001
    lo, hi = (float(x) for x in args.think.split(","))
    args.think_range = (lo, hi) if human else (0.0, 0.0)

    if args.url:
        results, seats = drive(args, [args.url.rstrip("/")])
        report(args, results, seats, "as running")
        return
    cluster = args.processes > 1 or args.failover > 0
    if cluster and not (args.postgres or (args.db or "").startswith("postgres")):
        parser.error("several processes share one PostgreSQL: --postgres or --db postgresql://")
    folder = Path(tempfile.mkdtemp(prefix="spieltisch-load-"))
    # its own folder in /tmp: the server's user must reach it, and mkdtemp's are private
    pg_folder = Path(tempfile.mkdtemp(prefix="spieltisch-pg-"))
    if args.postgres:
        db = start_postgres(pg_folder)
    else:
        db = args.db or f"sqlite:///{folder / 'load.db'}"
    most = max(args.levels)
    env = {
        **os.environ,
        "SPIELTISCH_TIME_SCALE": str(args.time_scale),
        "SPIELTISCH_MAX_TABLES": str(most * 2 + 10),
        # one address (this script) plays every table: the limits per address are lifted
        "SPIELTISCH_REQUESTS_PER_SECOND": "1000000",
        "SPIELTISCH_REQUEST_BURST": "1000000",
        "SPIELTISCH_TABLES_PER_ADDRESS": str(most * 2 + 10),
        "SPIELTISCH_SOCKETS_PER_ADDRESS": str(most * 2 + 10),
    }
    if cluster:
        env["SPIELTISCH_CLUSTER"] = "1"
        env["SPIELTISCH_LEASE_SECONDS"] = str(args.lease_seconds)
    count = 2 if args.failover else args.processes
    servers = [Server(folder, i, db, env, args.profile if i == 0 else None) for i in range(count)]
    try:
        for server in servers:
            server.start()
        if args.failover:
            failover(args, servers)
            return
        results, seats = drive(args, [s.base for s in servers], [s.pid for s in servers])
    finally:
        for server in servers:
            server.stop()
        if args.postgres:
            subprocess.run(
                ["sh", str(ROOT / "scripts" / "postgres.sh"), "stop", str(pg_folder)],
                capture_output=True,
                check=False,
            )
        shutil.rmtree(pg_folder, ignore_errors=True)
        if os.environ.get("SPIELTISCH_BENCH_KEEP"):  # the server's log, to read afterwards
            print(f"kept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)

    database = "postgresql" if args.postgres or db.startswith("postgres") else "sqlite"
    if args.processes > 1:
        database += f", {args.processes} processes (route {args.route})"
    report(args, results, seats, database)


class Server:
    """One ``spieltisch serve`` process of the bench on a free port, its log in the folder."""

    def __init__(
        self, folder: Path, index: int, db: str, env: dict[str, str], profile: str | None
    ) -> None:
        self.folder = folder
        self.index = index
        self.db = db
        self.env = {**env, "SPIELTISCH_PROCESS_ID": f"bench{index}"}
        self.profile = profile
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self) -> None:
        name = "server.log" if self.index == 0 else f"server{self.index}.log"
        log = (self.folder / name).open("ab")
        spieltisch = str(Path(sys.executable).with_name("spieltisch"))
        command = [spieltisch, "serve", "--port", str(self.port), "--db", self.db]
        if self.profile:
            command = [sys.executable, "-m", "cProfile", "-o", self.profile, *command]
        self.proc = subprocess.Popen(
            command, cwd=self.folder, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"the server did not start: {(self.folder / name).read_text()}")
            time.sleep(0.1)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def failover(args: argparse.Namespace, servers: list[Server]) -> None:
    """``--failover``: the seconds from the owner's SIGKILL to the next accepted action."""
    times = []
    for run in range(args.failover):
        owner, other = servers[run % 2], servers[1 - run % 2]
        seconds = asyncio.run(one_failover(owner, other))
        times.append(seconds)
        print(f"  run {run + 1}: SIGKILL -> next accepted action {seconds:.2f} s", flush=True)
        owner.start()  # for the next run
    print(
        f"failover with leases of {args.lease_seconds:g} s, {len(times)} runs: "
        f"min {min(times):.2f} s, median {statistics.median(times):.2f} s, "
        f"max {max(times):.2f} s"
    )


async def one_failover(owner: Server, other: Server) -> float:
    r = httpx.post(f"{owner.base}/api/tables", json={"game": "mancala", "seats": ["human"] * 2})
    r.raise_for_status()
    table = r.json()
    killed: list[float] = []
    accepted_after: asyncio.Future[float] = asyncio.get_running_loop().create_future()

    def ws_at(server: Server, seat: int) -> str:
        url = table["seats"][seat]["websocket"]
        return f"ws://127.0.0.1:{server.port}" + url[url.index("/ws/") :]

    async def person(seat: int, server: Server) -> None:
        rng = random.Random(seat)
        while not accepted_after.done():
            try:
                async with websockets.connect(ws_at(server, seat)) as ws:
                    pending = False
                    sent = 0.0
                    async for text in ws:
                        m = json.loads(text)
                        if m["type"] == "accepted":
                            pending = False
                            # an action sent after the kill (an answer already on its way
                            # from the dying process does not count)
                            if killed and sent > killed[0] and not accepted_after.done():
                                accepted_after.set_result(time.monotonic() - killed[0])
                                return
                        elif m["type"] == "refused":
                            pending = False
                        elif m["type"] == "update":
                            if m["status"] != "playing":
                                if not accepted_after.done():
                                    accepted_after.set_exception(RuntimeError("game over"))
                                return
                            if m["legal"] and not pending:
                                await asyncio.sleep(0.02)  # a game lasts past the kill
                                sent = time.monotonic()
                                await ws.send(json.dumps({"action": rng.choice(m["legal"])}))
                                pending = True
            except (websockets.WebSocketException, OSError):
                pass
            server = other  # its process died: through the other one, as a browser would
            await asyncio.sleep(0.3)

    people = [asyncio.create_task(person(0, owner)), asyncio.create_task(person(1, other))]
    await asyncio.sleep(0.5)  # playing through both processes
    killed.append(time.monotonic())
    owner.kill()
    try:
        return await asyncio.wait_for(accepted_after, 120)
    finally:
        for task in people:
            task.cancel()


def cpu_seconds(pids: list[int]) -> tuple[float, float]:
    """The CPU time (user, system) the processes have used so far, their threads included."""
    user = system = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        user += int(fields[11]) / tick
        system += int(fields[12]) / tick
    return user, system


def sample_cpu(
    pid: list[int], levels: list[dict[str, Any]], out: list[tuple[float, float]]
) -> None:
    """The server's CPU seconds within each level's measuring window (a thread): on a shared
    machine the CPU an action costs is steadier than the actions a second."""
    for level in levels:
        time.sleep(max(0.0, level["measure"] - time.monotonic()))
        user, system = cpu_seconds(pid)
        time.sleep(max(0.0, level["stop"] - time.monotonic()))
        user2, system2 = cpu_seconds(pid)
        out.append((user2 - user, system2 - system))


def drive(
    args: argparse.Namespace, bases: list[str], pids: list[int] | None = None
) -> tuple[list[Stats], list[str]]:
    """Play the levels; the stats of each level, the clients' added up (and, given the
    servers' processes, their CPU seconds in each level as ``args.cpu``)."""
    seats = ["human"] + [args.bot] * (args.players - 1)
    t0 = time.monotonic() + 0.5
    levels = []
    for tables in args.levels:
        start = levels[-1]["stop"] if levels else t0
        measure = start + args.warmup
        levels.append(
            {"tables": tables, "start": start, "measure": measure, "stop": measure + args.seconds}
        )
    shared = {
        "bases": bases,
        "route": args.route,
        "game": args.game,
        "seats": seats,
        "levels": levels,
        "think": args.think_range,
        "spread": args.pace == "human",
    }
    shares = [[n // args.clients] * args.clients for n in args.levels]
    for share, n in zip(shares, args.levels, strict=True):
        for i in range(n % args.clients):
            share[i] += 1
    per_client = [[share[c] for share in shares] for c in range(args.clients)]
    totals = [Stats() for _ in levels]
    args.cpu = []
    if pids:
        threading.Thread(target=sample_cpu, args=(pids, levels, args.cpu), daemon=True).start()
    if args.clients == 1:
        outs = [client(shared, per_client[0], 1)]
    else:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(args.clients) as pool:
            outs = pool.starmap(client, [(shared, s, i + 1) for i, s in enumerate(per_client)])
    for out in outs:
        for total, stats in zip(totals, out, strict=True):
            total.add(stats)
    return totals, seats


def level_figures(args: argparse.Namespace, tables: int, total: Stats) -> dict[str, Any]:
    figures: dict[str, Any] = {
        "tables": tables,
        "tables_connected_at_start": total.live,
        "actions": total.actions,
        "actions_per_second": round(total.actions / args.seconds, 1),
        "games_finished": total.games,
        "refused": total.refused,
        "errors": total.errors[:10],
    }
    for key, values in (("ack_ms", total.ack_ms), ("update_ms", total.update_ms)):
        q = quantiles(values)
        figures[key] = {"n": len(values), **{k: round(v, 2) for k, v in q.items()}}
    return figures


def report(args: argparse.Namespace, results: list[Stats], seats: list[str], database: str) -> None:
    levels = [level_figures(args, n, total) for n, total in zip(args.levels, results, strict=True)]
    for figures, (user, system) in zip(levels, getattr(args, "cpu", []), strict=False):
        cpu = user + system
        figures["server_cpu_seconds"] = round(cpu, 2)
        figures["server_cpu_system_share"] = round(system / cpu, 2) if cpu else None
        if figures["actions"]:
            figures["server_cpu_ms_per_action"] = round(cpu * 1000 / figures["actions"], 3)
    for figures, total in zip(levels, results, strict=True):
        figures["client_cpu_seconds"] = round(total.client_cpu, 2)
    held = [
        f["tables"]
        for f in levels
        if f["update_ms"].get("p99", math.inf) < args.limit_ms
        and not f["errors"]
        and f["tables_connected_at_start"] >= f["tables"]
    ]
    summary: dict[str, Any] = {
        "pace": args.pace,
        "game": args.game,
        "seats": seats,
        "database": database,
        "time_scale": args.time_scale,
        "think_seconds": list(args.think_range),
        "seconds": args.seconds,
        "warmup": args.warmup,
        "levels": levels,
    }
    if args.pace == "human":
        summary["most_tables_held"] = max(held, default=0)
        summary["limit_ms"] = args.limit_ms
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    think = f", people think {args.think_range[0]:g}-{args.think_range[1]:g} s" * (
        args.pace == "human"
    )
    print(
        f"{args.pace} pace: {args.game} ({', '.join(seats)}), {database}, time scale "
        f"{args.time_scale}{think}; each level {args.seconds:g} s measured after {args.warmup:g} s"
    )
    print(
        "   tables (live)  actions/s  games  refused  cpu ms/act  load-gen cpu | sent->update ms "
        "   p50     p90     p99     max       n"
    )
    for f, total in zip(levels, results, strict=True):
        print(
            f"  {f['tables']:7d} ({total.live:5d}) {f['actions_per_second']:10.1f} "
            f"{f['games_finished']:6d} "
            f"{f['refused']:8d} {f.get('server_cpu_ms_per_action', math.nan):11.3f} "
            f"{total.client_cpu / args.seconds:12.2f}c |"
            f"                {percentiles(total.update_ms)} "
            f"{len(total.update_ms):7d}"
        )
        for e in f["errors"][:5]:
            print(f"    error: {e}")
    if args.pace == "saturation":
        f, total = levels[0], results[0]
        print(f"  sent -> accepted ms: {percentiles(total.ack_ms)} {len(total.ack_ms):7d}")
    else:
        print(
            f"  the most tables held with p99 sent->update < {args.limit_ms:g} ms: "
            f"{summary['most_tables_held']}"
        )


if __name__ == "__main__":
    main()
