"""The game server under load: many tables at once, over real websockets on loopback.

    python bench/load_server.py --tables 100
    python bench/load_server.py --tables 500
    python bench/load_server.py --tables 100 --postgres          # a throw-away PostgreSQL
    python bench/load_server.py --tables 100 --db postgresql+psycopg://u@host/db

Starts ``spieltisch serve`` in a process of its own (SQLite in a temporary folder unless
``--db`` or ``--postgres`` says otherwise; ``--postgres`` starts one with scripts/postgres.sh,
which needs Debian's postgresql and, as root, the user ``postgres``), then keeps ``--tables``
tables in play for ``--seconds``: each is a game of ``--game`` with one person's seat, played by
this script over its websocket (a random legal action whenever the game waits for it), and
bots in the other seats (``--bot``, acting on their own reaction times times the server's
``--time-scale``). When a game ends, its client makes a new table, so the number in play
stays the same.

Reported, after ``--warmup`` seconds:

- actions/s: every action the server took (the person's and the bots'), counted from the
  ``seq`` of the updates the clients got;
- latency from a person's action being sent to the ``accepted`` answer (its commit), and to the
  first update that holds it (what every seat at the table gets), p50/p90/p99/max in ms.

The client runs in ``--clients`` processes (default 1), each an asyncio loop with its share of
the tables. Server and clients share the machine: on a small one the clients' CPU counts
against the server's, so the figures are a floor.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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
class Stats:
    actions: int = 0  # taken by the server while measuring (every seat's)
    ack_ms: list[float] = field(default_factory=list)
    update_ms: list[float] = field(default_factory=list)
    games: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, other: Stats) -> None:
        self.actions += other.actions
        self.ack_ms += other.ack_ms
        self.update_ms += other.update_ms
        self.games += other.games
        self.refused += other.refused
        self.errors += other.errors


async def one_table(
    http: httpx.AsyncClient,
    body: dict[str, Any],
    stats: Stats,
    start: float,
    stop: float,
    rng: random.Random,
) -> None:
    """Play table after table until ``stop``; measure after ``start`` (monotonic times)."""
    while time.monotonic() < stop:
        try:
            r = await http.post("/api/tables", json=body)
            if r.status_code != 201:
                stats.errors.append(f"create: {r.status_code} {r.text[:200]}")
                await asyncio.sleep(0.5)
                continue
            table = r.json()
            seat = next(s for s in table["seats"] if "token" in s)
            await play(seat["websocket"], seat["seat"], stats, start, stop, rng)
        except (httpx.HTTPError, websockets.WebSocketException, OSError) as err:
            stats.errors.append(f"{type(err).__name__}: {err}")  # counted; the table goes on
            await asyncio.sleep(0.5)


async def play(
    url: str, seat: int, stats: Stats, start: float, stop: float, rng: random.Random
) -> None:
    seq = 0
    sent_at: float | None = None
    sent_index: int | None = None  # the record index of the action sent, once accepted
    async with websockets.connect(url, max_size=2**22) as ws:
        async for text in ws:
            now = time.monotonic()
            m = json.loads(text)
            kind = m["type"]
            if kind == "accepted":
                sent_index = m["index"]
                if sent_at is not None and sent_at >= start:
                    stats.ack_ms.append((now - sent_at) * 1000)
                continue
            if kind == "refused":  # a bot was quicker; the next update says what now
                stats.refused += 1
                sent_at = sent_index = None
                continue
            if kind != "update":
                continue
            if start <= now < stop:
                stats.actions += max(0, m["seq"] - seq)
            seq = max(seq, m["seq"])
            if sent_index is not None and m["seq"] > sent_index:
                if sent_at is not None and sent_at >= start and now < stop:
                    stats.update_ms.append((now - sent_at) * 1000)
                sent_at = sent_index = None
            if m["status"] != "playing":
                stats.games += 1
                return
            if now >= stop:
                return
            if sent_at is None and m["legal"] and seat in m["waiting_for"]:
                sent_at = time.monotonic()
                await ws.send(json.dumps({"action": rng.choice(m["legal"])}))


def client(args: dict[str, Any], tables: int, seed: int) -> Stats:
    """One client process: ``tables`` tables played side by side."""

    async def main() -> Stats:
        stats = Stats()
        start = args["t0"] + args["warmup"]
        stop = start + args["seconds"]
        body = {"game": args["game"], "seats": args["seats"]}
        rngs = [random.Random(seed * 100_003 + i) for i in range(tables)]
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
        async with httpx.AsyncClient(base_url=args["base"], timeout=120, limits=limits) as http:
            jobs = [one_table(http, body, stats, start, stop, rng) for rng in rngs]
            results = await asyncio.gather(*jobs, return_exceptions=True)
        for r in results:
            if isinstance(r, BaseException):
                stats.errors.append(f"{type(r).__name__}: {r}")
        return stats

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
    parser.add_argument("--tables", type=int, default=100, help="tables in play at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--game", default="mancala")
    parser.add_argument("--bot", default="random", help="the bot in the other seats")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--time-scale", type=float, default=0.001, help="the server's time scale for the bots"
    )
    parser.add_argument("--db", default=None, help="a database URL (default: SQLite in a tmp)")
    parser.add_argument("--postgres", action="store_true", help="a throw-away PostgreSQL")
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument(
        "--url", default=None, help="drive a server already running there (start none)"
    )
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()

    if args.url:
        total, seats = drive(args, args.url.rstrip("/"))
        report(args, total, seats, "as running")
        return
    folder = Path(tempfile.mkdtemp(prefix="spieltisch-load-"))
    # its own folder in /tmp: the server's user must reach it, and mkdtemp's are private
    pg_folder = Path(tempfile.mkdtemp(prefix="spieltisch-pg-"))
    if args.postgres:
        db = start_postgres(pg_folder)
    else:
        db = args.db or f"sqlite:///{folder / 'load.db'}"
    port = free_port()
    env = {
        **os.environ,
        "SPIELTISCH_TIME_SCALE": str(args.time_scale),
        "SPIELTISCH_MAX_TABLES": str(args.tables * 2 + 10),
        "SPIELTISCH_REQUESTS_PER_SECOND": "1000000",
        "SPIELTISCH_REQUEST_BURST": "1000000",
    }
    log = (folder / "server.log").open("wb")
    spieltisch = str(Path(sys.executable).with_name("spieltisch"))
    server = subprocess.Popen(
        [spieltisch, "serve", "--port", str(port), "--db", db],
        cwd=folder,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"the server did not start: {(folder / 'server.log').read_text()}")
            time.sleep(0.1)
        total, seats = drive(args, base)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        if args.postgres:
            subprocess.run(
                ["sh", str(ROOT / "scripts" / "postgres.sh"), "stop", str(pg_folder)],
                capture_output=True,
                check=False,
            )
        shutil.rmtree(pg_folder, ignore_errors=True)
        shutil.rmtree(folder, ignore_errors=True)

    report(
        args, total, seats, "postgresql" if args.postgres or db.startswith("postgres") else "sqlite"
    )


def drive(args: argparse.Namespace, base: str) -> tuple[Stats, list[str]]:
    seats = ["human"] + [args.bot] * (args.players - 1)
    shared = {
        "base": base,
        "game": args.game,
        "seats": seats,
        "warmup": args.warmup,
        "seconds": args.seconds,
        "t0": time.monotonic(),
    }
    shares = [args.tables // args.clients] * args.clients
    for i in range(args.tables % args.clients):
        shares[i] += 1
    total = Stats()
    if args.clients == 1:
        total.add(client(shared, shares[0], 0))
    else:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(args.clients) as pool:
            for s in pool.starmap(client, [(shared, n, i) for i, n in enumerate(shares)]):
                total.add(s)
    return total, seats


def report(args: argparse.Namespace, total: Stats, seats: list[str], database: str) -> None:
    figures: dict[str, Any] = {
        "tables": args.tables,
        "game": args.game,
        "seats": seats,
        "database": database,
        "time_scale": args.time_scale,
        "seconds": args.seconds,
        "actions": total.actions,
        "actions_per_second": round(total.actions / args.seconds, 1),
        "games_finished": total.games,
        "refused": total.refused,
        "errors": total.errors[:10],
    }
    if args.json:
        for key, values in (("ack_ms", total.ack_ms), ("update_ms", total.update_ms)):
            q = quantiles(values)
            figures[key] = {"n": len(values), **{k: round(v, 2) for k, v in q.items()}}
        print(json.dumps(figures, indent=2))
        return
    print(
        f"{args.tables} tables of {args.game} ({', '.join(seats)}), {database}, "
        f"time scale {args.time_scale}, {args.seconds:g} s measured after {args.warmup:g} s"
    )
    print(f"  actions taken      {total.actions} ({figures['actions_per_second']} actions/s)")
    print(f"  games finished     {total.games}   refused (a bot was quicker) {total.refused}")
    print("  latency, ms           p50     p90     p99     max       n")
    print(f"  sent -> accepted  {percentiles(total.ack_ms)} {len(total.ack_ms):7d}")
    print(f"  sent -> update    {percentiles(total.update_ms)} {len(total.update_ms):7d}")
    for e in total.errors[:10]:
        print(f"  error: {e}")


if __name__ == "__main__":
    main()
