"""Ladybohn's bots against each other: trader, notrade and random, at 1 to 5 players.

    python bench/ladybohn_bots.py --games 60 --players 3,4,5,2,1 --seed 1 --workers 2

As ``bench/bohnanza_bots.py`` (both run on ``bench/_common.py``): for each player count and each
pairing ``A vs B``, ``--games`` games through ``spieltisch.bots.scheduler.play_game`` (option
``trade_seconds``, default 10), the seats ``A, B, A, B, ...`` turned round by one seat a game
(game ``i`` uses seed ``seed + i``). A pairing of one bot is the self-play row; solo plays only
those (a solo "win" is more coins than cards in the discard pile).

Per bot: win rate (shared wins as fractions; fair: its share of the seats), mean coins, mean
rank. Per pairing: accepted offers per game and the share of games with at least one trade
(none with 1 or 2 players: those rules have no trading), and promises asked in offers per game.
"""

from __future__ import annotations

import time

from _common import HEADER, measure, pairing_args, report

SOLO = (("trader",), ("notrade",), ("random",))


def main() -> None:
    args, counts, pairings, options = pairing_args(__doc__ or "", games=60, players="3,4,5,2,1")
    header = f"{HEADER} {'prom/g':>6}"
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    for n in counts:
        for pairing in SOLO if n == 1 else pairings:
            t = measure("ladybohn", n, pairing, args.games, args.seed, args.workers, options)
            promised = t.promises / max(1, t.games)
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
