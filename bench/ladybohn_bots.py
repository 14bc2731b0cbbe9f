"""Ladybohn's bots against each other: trader, notrade and random, at 1 to 5 players.

    python bench/ladybohn_bots.py --games 60 --players 3,4,5,2,1 --seed 1 --workers 2

As ``bench/bohnanza_bots.py`` (whose tally and report it uses): for each player count and each
pairing ``A vs B``, ``--games`` games through ``spieltisch.bots.scheduler.play_game`` (option
``trade_seconds``, default 10), the seats ``A, B, A, B, ...`` turned round by one seat a game
(game ``i`` uses seed ``seed + i``). A pairing of one bot is the self-play row; solo plays only
those (a solo "win" is more coins than cards in the discard pile).

Per bot: win rate (shared wins as fractions; fair: its share of the seats), mean coins, mean
rank. Per pairing: accepted offers per game and the share of games with at least one trade
(none with 1 or 2 players: those rules have no trading), and promises asked in offers per game.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import spieltisch
from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bohnanza_bots import Tally, report, specs_for

PAIRINGS = (("trader", "notrade"), ("trader", "random"), ("notrade", "random"), ("trader",))
SOLO = (("trader",), ("notrade",), ("random",))


def play(players: int, pairing: tuple[str, ...], seeds: range, first: int, options: dict) -> Tally:
    game = spieltisch.load_game("ladybohn", **options)
    out = Tally()
    out.promises = 0  # type: ignore[attr-defined]
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
        actions = [a for _, a in played.record.actions]
        trades = sum(1 for a in actions if "accept" in a)
        out.trades += trades
        out.traded_games += trades > 0
        out.promises += sum(1 for a in actions if "offer" in a and a["offer"].get("promise"))  # type: ignore[attr-defined]
        winners = [p for p in range(players) if result.ranks[p] == 1]
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
    total.promises = 0  # type: ignore[attr-defined]

    def add(t: Tally) -> None:
        total.add(t)
        total.promises += t.promises  # type: ignore[attr-defined]

    if workers == 1:
        for seeds in chunks:
            add(play(players, pairing, seeds, seed, options))
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play, players, pairing, s, seed, options) for s in chunks]
        for fut in futures:
            add(fut.result())
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per setting")
    parser.add_argument("--players", default="3,4,5,2,1", help="player counts, e.g. 4 or 3,4,5")
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
        f" {'prom/g':>6}"
    )
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    for n in counts:
        for pairing in SOLO if n == 1 else pairings:
            t = measure(n, pairing, args.games, args.seed, args.workers, options)
            promised = t.promises / max(1, t.games)  # type: ignore[attr-defined]
            for line in report(n, pairing, t):
                print(f"{line} {promised:>6.2f}", flush=True)
    print(f"({time.perf_counter() - start:.1f} s)")
    print(
        "win: share of the games the bot won (shared wins as fractions; solo: beat the discard "
        "pile), fair: its share of the seats; win/st, coins, rank: per seat it held; trades: "
        "accepted offers per game; >=1: share of games with a trade; prom/g: offers asking a "
        "promise per game"
    )


if __name__ == "__main__":
    main()
