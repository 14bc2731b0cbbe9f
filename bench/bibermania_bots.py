"""Biber-Mania's heuristic bot against random at 2-5 players, and against itself.

    python bench/bibermania_bots.py --games 1000 --seed 1

For each player count, ``--games`` games through ``spieltisch.bots.scheduler.play_game``: one
seat plays ``--hero`` (default ``heuristic``), the others ``--field`` (default ``random``). Game
``i`` uses seed ``seed + i`` and puts the hero at seat ``i % players``, so with a multiple of the
player count as ``--games`` the hero sits at every seat equally. Then the same with every seat
the hero (the sanity row: each seat should win about ``1/players``).

Columns: win rate (a win shared by k players counts 1/k), mean score (pile minus hand), mean
rank (1 best; shared places share the better rank), and milliseconds per bot decision.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from functools import partial

import spieltisch
from _common import run_in_chunks
from spieltisch.bots import Bot, Decision, make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action


class Timed(Bot):
    """The inner bot, with its thinking time summed up."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls = 0
        self.seconds = 0.0

    def act(self, decision: Decision) -> Action | None:
        start = time.perf_counter()
        action = self.inner.act(decision)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        return action

    def reaction_time(self, decision: Decision) -> float:
        return self.inner.reaction_time(decision)


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    score: float = 0.0
    rank: float = 0.0
    errors: int = 0
    calls: int = 0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def play(players: int, hero: str, field: str, seeds: range, all_hero: bool) -> Tally:
    """The hero seat's results over ``seeds`` (with ``all_hero``: every seat is the hero, and
    the results are those of seat ``i % players`` of game ``i``)."""
    game = spieltisch.load_game("bibermania")
    out = Tally()
    for seed in seeds:
        seat = seed % players
        specs = [hero if (all_hero or p == seat) else field for p in range(players)]
        bots = [Timed(make_bot(spec, game)) for spec in specs]
        try:
            result = play_game(game, bots, seed).state.result()
        except Exception:
            out.errors += 1
            continue
        out.games += 1
        winners = result.winners
        out.wins += 1.0 / len(winners) if seat in winners else 0.0
        out.score += result.scores[seat]
        out.rank += result.ranks[seat]
        out.calls += bots[seat].calls
        out.seconds += bots[seat].seconds
    return out


def measure(
    players: int, hero: str, field: str, games: int, seed: int, all_hero: bool, workers: int
) -> Tally:
    task = partial(play, players, hero, field, all_hero=all_hero)
    return run_in_chunks(task, Tally(), games, seed, workers, split=4)


def row(label: str, players: int, t: Tally) -> str:
    g = max(1, t.games)
    ms = 1000 * t.seconds / max(1, t.calls)
    return (
        f"{label:<28} {players:>2} {t.games:>6} {t.wins / g:>8.3f} {1 / players:>6.3f} "
        f"{t.score / g:>8.2f} {t.rank / g:>6.2f} {ms:>7.3f} {t.errors:>4}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--players", default="2,3,4,5", help="player counts, e.g. 3 or 2,3,4,5")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--hero", default="heuristic", help="the measured bot's spec")
    parser.add_argument("--field", default="random", help="the other seats' bot spec")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--no-self", action="store_true", help="skip the hero-vs-hero rows")
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    header = (
        f"{'pairing':<28} {'n':>2} {'games':>6} {'win':>8} {'1/n':>6} "
        f"{'score':>8} {'rank':>6} {'ms/dec':>7} {'err':>4}"
    )
    print(header)
    print("-" * len(header))
    start = time.perf_counter()
    for n in counts:
        t = measure(n, args.hero, args.field, args.games, args.seed, False, args.workers)
        print(row(f"{args.hero} vs {args.field}", n, t), flush=True)
    if not args.no_self:
        for n in counts:
            t = measure(n, args.hero, args.hero, args.games, args.seed, True, args.workers)
            print(row(f"{args.hero} vs itself", n, t), flush=True)
    print(f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
