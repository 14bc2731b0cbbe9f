"""What the bot benchmarks share: seats turned round a pairing, the games of a run, the bean
games' tally and report rows, chunks of seeds over worker processes.

Imported by the scripts in this folder (``python bench/X.py`` puts this folder on the path).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar

import spieltisch
from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import Played, play_game
from spieltisch.core import Result


class Addable(Protocol):
    def add(self, other: Any) -> None: ...


T = TypeVar("T", bound=Addable)


def run_in_chunks(
    task: Callable[[range], T], total: T, games: int, seed: int, workers: int, split: int = 2
) -> T:
    """``total`` with ``task(seeds)`` added for the seeds ``seed .. seed + games - 1``, cut into
    about ``workers * split`` chunks and run in ``workers`` processes (one: in this one)."""
    size = max(1, -(-games // (workers * split)))
    chunks = [range(s, min(s + size, seed + games)) for s in range(seed, seed + games, size)]
    if workers == 1:
        for seeds in chunks:
            total.add(task(seeds))
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(task, s) for s in chunks]
        for fut in futures:
            total.add(fut.result())
    return total


@dataclass
class Tally:
    games: int = 0
    errors: int = 0
    trades: int = 0
    traded_games: int = 0
    promises: int = 0
    seconds: float = 0.0
    seats: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    wins: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    coins: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    ranks: dict[str, float] = field(default_factory=lambda: defaultdict(float))

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.errors += other.errors
        self.trades += other.trades
        self.traded_games += other.traded_games
        self.promises += other.promises
        self.seconds += other.seconds
        for name in ("seats", "wins", "coins", "ranks"):
            mine = getattr(self, name)
            for k, v in getattr(other, name).items():
                mine[k] += v


PAIRINGS = (("trader", "notrade"), ("trader", "random"), ("notrade", "random"), ("trader",))
HEADER = (
    f"{'pairing':<20} {'n':>2} {'games':>5} {'bot':<8} {'win':>6} {'fair':>6} "
    f"{'win/st':>7} {'coins':>7} {'rank':>6} {'trades':>7} {'>=1':>6} {'ms/g':>6} {'err':>3}"
)


def pairing_args(
    doc: str, games: int, players: str
) -> tuple[argparse.Namespace, list[int], list[tuple[str, ...]], dict[str, Any]]:
    """The command line of a pairings benchmark: its arguments, the player counts, the
    pairings and the game's options."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=games, help="games per setting")
    parser.add_argument("--players", default=players, help="player counts, e.g. 4 or 3,4,5")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--trade-seconds", type=float, default=10.0, help="trading time limit")
    parser.add_argument(
        "--pairings",
        default=";".join(",".join(p) for p in PAIRINGS),
        help="pairings, ';'-separated, each a ','-separated list of bot specs",
    )
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    pairings = [tuple(p.split(",")) for p in args.pairings.split(";") if p]
    return args, counts, pairings, {"trade_seconds": args.trade_seconds}


def specs_for(pairing: tuple[str, ...], players: int, game_index: int) -> list[str]:
    base = [pairing[i % len(pairing)] for i in range(players)]
    shift = game_index % players
    return base[shift:] + base[:shift]


def played_games(
    game_id: str, players: int, pairing: tuple[str, ...], seeds: range, first: int, options: dict
) -> Iterator[tuple[Any, list[str], Played | None, Result | None, float]]:
    """Each game of ``seeds`` (game ``seed - first`` of the run) with the pairing's seats:
    (game, specs, played, result, seconds); a game that raises is printed and comes with
    played and result None."""
    game = spieltisch.load_game(game_id, **options)
    for seed in seeds:
        specs = specs_for(pairing, players, seed - first)
        bots = [make_bot(spec, game) for spec in specs]
        start = time.perf_counter()
        try:
            played = play_game(game, bots, seed, seats=specs)
            result = played.state.result()
        except Exception as err:  # counted by the caller, and the run goes on
            print(f"seed {seed}: {type(err).__name__}: {err}", flush=True)
            yield game, specs, None, None, 0.0
            continue
        yield game, specs, played, result, time.perf_counter() - start


def play(
    game_id: str, players: int, pairing: tuple[str, ...], seeds: range, first: int, options: dict
) -> Tally:
    """The bean games' tally of ``played_games``."""
    out = Tally()
    for _, specs, played, result, seconds in played_games(
        game_id, players, pairing, seeds, first, options
    ):
        if played is None:
            out.errors += 1
            continue
        out.seconds += seconds
        out.games += 1
        actions = [a for _, a in played.record.actions]
        trades = sum(1 for a in actions if "accept" in a)
        out.trades += trades
        out.traded_games += trades > 0
        out.promises += sum(
            1
            for a in actions
            if "offer" in a and (a["offer"].get("promises") or a["offer"].get("promise"))
        )
        winners = result.winners
        for p, spec in enumerate(specs):
            out.seats[spec] += 1
            out.wins[spec] += 1.0 / len(winners) if p in winners else 0.0
            out.coins[spec] += result.scores[p]
            out.ranks[spec] += result.ranks[p]
    return out


def measure(
    game_id: str,
    players: int,
    pairing: tuple[str, ...],
    games: int,
    seed: int,
    workers: int,
    options: dict,
) -> Tally:
    task = partial(play, game_id, players, pairing, first=seed, options=options)
    return run_in_chunks(task, Tally(), games, seed, workers)


def report(players: int, pairing: tuple[str, ...], t: Tally) -> list[str]:
    g = max(1, t.games)
    label = " vs ".join(pairing) if len(pairing) > 1 else f"{pairing[0]} x{players}"
    lines = []
    for spec in dict.fromkeys(pairing):
        seats = max(1, t.seats[spec])
        fair = t.seats[spec] / g / players
        lines.append(
            f"{label:<20} {players:>2} {t.games:>5} {spec:<8} {t.wins[spec] / g:>6.3f} "
            f"{fair:>6.3f} {t.wins[spec] / seats:>7.3f} {t.coins[spec] / seats:>7.2f} "
            f"{t.ranks[spec] / seats:>6.2f} {t.trades / g:>7.2f} {t.traded_games / g:>6.2f} "
            f"{1000 * t.seconds / g:>6.0f} {t.errors:>3}"
        )
    return lines
