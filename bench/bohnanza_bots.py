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

import time

from _common import HEADER, measure, pairing_args, report


def main() -> None:
    args, counts, pairings, options = pairing_args(__doc__ or "", games=200, players="3,4,5")
    print(HEADER)
    print("-" * len(HEADER))
    start = time.perf_counter()
    for n in counts:
        for pairing in pairings:
            t = measure("bohnanza", n, pairing, args.games, args.seed, args.workers, options)
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
