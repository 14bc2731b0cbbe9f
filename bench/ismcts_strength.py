"""How the ISMCTS bot fares: one seat plays ``--hero``, the others ``--field``, in any game.

    python bench/ismcts_strength.py bibermania --hero ismcts:iters=300 --field heuristic
    python bench/ismcts_strength.py kalah --hero ismcts:iters=300 --field alphabeta --games 20

Game ``i`` uses seed ``seed + i`` and puts the hero at seat ``i % players``, so with a multiple of
the player count as ``--games`` the hero sits at every seat equally (the first mover's edge
cancels out). Reported: the hero's win rate (a win shared by k players counts 1/k) beside the
fair share ``1/players``, its mean rank, games per second, and for the hero's searched
decisions how many there were a game, their mean time and iterations per second.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from functools import partial

import spieltisch
from _common import run_in_chunks
from spieltisch.bots import Bot, Decision, make_bot
from spieltisch.bots.ismcts import ISMCTSBot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action


class Watched(Bot):
    """The hero, with its searches counted and timed."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.searches = 0
        self.iterations = 0
        self.seconds = 0.0

    def act(self, decision: Decision) -> Action | None:
        start = time.perf_counter()
        action = self.inner.act(decision)
        info = getattr(self.inner, "info", None)
        if isinstance(self.inner, ISMCTSBot) and info is not None and info.searched:
            self.searches += 1
            self.iterations += info.iterations
            self.seconds += time.perf_counter() - start
        return action

    def reaction_time(self, decision: Decision) -> float:
        return self.inner.reaction_time(decision)


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    rank: float = 0.0
    errors: int = 0
    seconds: float = 0.0
    searches: int = 0
    iterations: int = 0
    search_seconds: float = 0.0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def play(game_id: str, players: int, hero: str, field: str, first: int, seeds: range) -> Tally:
    game = spieltisch.load_game(game_id)
    out = Tally()
    for seed in seeds:
        seat = (seed - first) % players
        bots: list[Bot] = [make_bot(hero if p == seat else field, game) for p in range(players)]
        watched = bots[seat] = Watched(bots[seat])
        start = time.perf_counter()
        try:
            result = play_game(game, bots, seed).state.result()
        except Exception as err:  # counted, and the run goes on
            print(f"seed {seed}: {type(err).__name__}: {err}", flush=True)
            out.errors += 1
            continue
        out.seconds += time.perf_counter() - start
        out.games += 1
        winners = result.winners
        out.wins += 1.0 / len(winners) if seat in winners else 0.0
        out.rank += result.ranks[seat]
        out.searches += watched.searches
        out.iterations += watched.iterations
        out.search_seconds += watched.seconds
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--hero", default="ismcts:iters=300")
    parser.add_argument("--field", default="random")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    players = spieltisch.load_game(args.game).check_players(args.players)
    task = partial(play, args.game, players, args.hero, args.field, args.seed)
    start = time.perf_counter()
    t = run_in_chunks(task, Tally(), args.games, args.seed, args.workers)
    wall = time.perf_counter() - start
    g = max(1, t.games)
    s = max(1, t.searches)
    print(
        f"{args.game} {players}p  {args.hero} vs {args.field}: {t.games} games, "
        f"win {t.wins / g:.3f} (fair {1 / players:.3f}), rank {t.rank / g:.2f}, "
        f"{t.games / wall:.2f} games/s, {t.searches / g:.1f} searches a game, "
        f"{1000 * t.search_seconds / s:.0f} ms a search, "
        f"{t.iterations / max(t.search_seconds, 1e-9):.0f} iterations/s, errors {t.errors}"
    )


if __name__ == "__main__":
    main()
