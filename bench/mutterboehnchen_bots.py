"""Mutterböhnchen's bots against each other: trader, notrade and random, at 2 to 6 players.

    python bench/mutterboehnchen_bots.py --games 40 --players 3,4,6,2 --seed 1 --workers 2

As ``bench/bohnanza_bots.py`` (both run on ``bench/_common.py``): for each player count and each
pairing ``A vs B``, ``--games`` games through ``spieltisch.bots.scheduler.play_game`` (option
``trade_seconds``, default 10), the seats ``A, B, A, B, ...`` turned round by one seat a game
(game ``i`` uses seed ``seed + i``). A pairing of one bot is the self-play row.

Per bot: win rate (shared wins as fractions; fair: its share of the seats), mean coins
(Bohnentaler at the end), mean rank. Per pairing: accepted offers per game and the share of
games with at least one trade (none with 2 players: those rules have no trading), and the
Rasselbande attacks made per game.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial

from _common import HEADER, Tally, pairing_args, played_games, report, run_in_chunks


@dataclass
class Attacks:
    """The bean games' tally, and the attacks made."""

    tally: Tally
    attacks: int = 0

    def add(self, other: Attacks) -> None:
        self.tally.add(other.tally)
        self.attacks += other.attacks


def play(
    players: int, pairing: tuple[str, ...], seeds: range, first: int, options: dict
) -> Attacks:
    out = Attacks(Tally())
    t = out.tally
    for _, specs, played, result, seconds in played_games(
        "mutterboehnchen", players, pairing, seeds, first, options
    ):
        if played is None or result is None:
            t.errors += 1
            continue
        t.seconds += seconds
        t.games += 1
        actions = [a for _, a in played.record.actions]
        trades = sum(1 for a in actions if "accept" in a)
        t.trades += trades
        t.traded_games += trades > 0
        out.attacks += sum(1 for a in actions if "attack" in a)
        for p, spec in enumerate(specs):
            t.seats[spec] += 1
            t.wins[spec] += 1.0 / len(result.winners) if p in result.winners else 0.0
            t.coins[spec] += result.scores[p]
            t.ranks[spec] += result.ranks[p]
    return out


def main() -> None:
    args, counts, pairings, options = pairing_args(__doc__ or "", games=40, players="3,4,6,2")
    header = f"{HEADER} {'att/g':>6}"
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    for n in counts:
        for pairing in pairings:
            task = partial(play, n, pairing, first=args.seed, options=options)
            got = run_in_chunks(task, Attacks(Tally()), args.games, args.seed, args.workers)
            per_game = got.attacks / max(1, got.tally.games)
            for line in report(n, pairing, got.tally):
                print(f"{line} {per_game:>6.2f}", flush=True)
    print(f"({time.perf_counter() - start:.1f} s)")
    print(
        "win: share of the games the bot won (shared wins as fractions), fair: its share of the "
        "seats; win/st, coins, rank: per seat it held; trades: accepted offers per game; >=1: "
        "share of games with a trade; att/g: Rasselbande attacks per game"
    )


if __name__ == "__main__":
    main()
