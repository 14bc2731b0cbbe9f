"""Bohnanza's bots against each other: trader, notrade and random, at 3, 4 and 5 players.

    python bench/bohnanza_bots.py --games 200 --players 3,4,5 --seed 1 --workers 2

For each player count and each pairing ``A vs B``, ``--games`` games through
``spieltisch.bots.scheduler.play_game`` (option ``trade_seconds``, default 10): the seats play
``A, B, A, B, ...`` turned round by one seat a game (game ``i`` uses seed ``seed + i``), so every
bot sits at every seat. A pairing of one bot (``trader``) is the self-play row: it shows how much
trading happens between equals.

Per bot (over all the seats it held): win rate (a win shared by k players counts 1/k; the fair
share is the bot's seats over n), mean coins, mean rank (1 best). Per pairing: accepted offers
(trades, gifts included) per game, and the share of games with at least one trade.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import spieltisch
from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game

PAIRINGS = (("trader", "notrade"), ("trader", "random"), ("notrade", "random"), ("trader",))


@dataclass
class Tally:
    games: int = 0
    errors: int = 0
    trades: int = 0
    traded_games: int = 0
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
        self.seconds += other.seconds
        for name in ("seats", "wins", "coins", "ranks"):
            mine = getattr(self, name)
            for k, v in getattr(other, name).items():
                mine[k] += v


def specs_for(pairing: tuple[str, ...], players: int, game_index: int) -> list[str]:
    base = [pairing[i % len(pairing)] for i in range(players)]
    shift = game_index % players
    return base[shift:] + base[:shift]


def play(players: int, pairing: tuple[str, ...], seeds: range, first: int, options: dict) -> Tally:
    game = spieltisch.load_game("bohnanza", **options)
    out = Tally()
    for seed in seeds:
        specs = specs_for(pairing, players, seed - first)
        bots = [make_bot(spec, game) for spec in specs]
        start = time.perf_counter()
        try:
            played = play_game(game, bots, seed, seats=specs)
            result = played.state.result()
        except Exception as err:  # counted, and the run goes on
            out.errors += 1
            print(f"seed {seed}: {type(err).__name__}: {err}", flush=True)
            continue
        out.seconds += time.perf_counter() - start
        out.games += 1
        trades = sum(1 for _, a in played.record.actions if "accept" in a)
        out.trades += trades
        out.traded_games += trades > 0
        winners = result.winners
        for p, spec in enumerate(specs):
            out.seats[spec] += 1
            out.wins[spec] += 1.0 / len(winners) if p in winners else 0.0
            out.coins[spec] += result.scores[p]
            out.ranks[spec] += result.ranks[p]
    return out


def measure(
    players: int, pairing: tuple[str, ...], games: int, seed: int, workers: int, options: dict
) -> Tally:
    size = max(1, -(-games // (workers * 2)))
    chunks = [range(s, min(s + size, seed + games)) for s in range(seed, seed + games, size)]
    total = Tally()
    if workers == 1:
        for seeds in chunks:
            total.add(play(players, pairing, seeds, seed, options))
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play, players, pairing, s, seed, options) for s in chunks]
        for fut in futures:
            total.add(fut.result())
    return total


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per setting")
    parser.add_argument("--players", default="3,4,5", help="player counts, e.g. 4 or 3,4,5")
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
    options = {"trade_seconds": args.trade_seconds}
    header = (
        f"{'pairing':<20} {'n':>2} {'games':>5} {'bot':<8} {'win':>6} {'fair':>6} "
        f"{'win/st':>7} {'coins':>7} {'rank':>6} {'trades':>7} {'>=1':>6} {'ms/g':>6} {'err':>3}"
    )
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    for n in counts:
        for pairing in pairings:
            t = measure(n, pairing, args.games, args.seed, args.workers, options)
            for line in report(n, pairing, t):
                print(line, flush=True)
    print(f"({time.perf_counter() - start:.1f} s)")
    print(
        "win: share of the games the bot won (shared wins as fractions), fair: its share of the "
        "seats; win/st, coins, rank: per seat it held; trades: accepted offers per game; "
        ">=1: share of games with a trade"
    )


if __name__ == "__main__":
    main()
