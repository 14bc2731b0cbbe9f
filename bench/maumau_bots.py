"""Mau-Mau's bots against each other: the heuristic against random play with the same reflexes,
and the heuristic with fast reflexes against itself with slow ones, at 3 to 8 players.

    python bench/maumau_bots.py --games 400 --players 3,4,5,6,7,8 --seed 1 --workers 2

For each player count and each pairing ``A vs B``, ``--games`` games through
``spieltisch.bots.scheduler.play_game`` (option ``slap_seconds``, default 2): the seats play
``A, B, A, B, ...`` turned round by one seat a game (game ``i`` uses seed ``seed + i``), so every
bot sits at every seat (with an odd count A holds one seat more; the fair shares say how many).

Per bot (over all the seats it held): first place (the first "Matt") against its fair share of
the seats, the share of its seats that did not lose (the fair share of a seat: (n-2)/n), mean
rank (1 best), and penalty cards per seat and game, by cause: words too late, slaps (last or
wrong hand), unfitting throw-ins. The penalties are read off the game's events, replaying each
game's record.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from dataclasses import dataclass, field
from functools import partial

from _common import played_games, run_in_chunks
from spieltisch.bots.scheduler import Played
from spieltisch.core import Game

PAIRINGS = (("maumau:normal", "random:normal"), ("maumau:fast", "maumau:slow"))
CAUSES = ("words", "slap", "misfit")


@dataclass
class Tally:
    games: int = 0
    errors: int = 0
    actions: int = 0
    seconds: float = 0.0
    seats: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    firsts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    safe: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    ranks: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    penalties: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.errors += other.errors
        self.actions += other.actions
        self.seconds += other.seconds
        for name in ("seats", "firsts", "safe", "ranks", "penalties"):
            mine = getattr(self, name)
            for k, v in getattr(other, name).items():
                mine[k] += v


def penalties(game: Game, played: Played, players: int) -> dict[tuple[int, str], int]:
    """Penalty cards per (seat, cause), from the events of the game's record replayed."""
    record = played.record
    state = game.new_state(players, record.seed)
    out: dict[tuple[int, str], int] = defaultdict(int)
    for player, action in record.actions:
        for e in state.apply(player, action):
            if e.type == "too_late":
                out[e.data["player"], "words"] += len(e.data["words"])
            elif e.type == "slap_closed":
                for p, k in e.data["penalties"].items():
                    out[int(p), "slap"] += k
            elif e.type == "misfit":
                out[e.data["player"], "misfit"] += 1
    return out


def play(players: int, pairing: tuple[str, ...], seeds: range, first: int, options: dict) -> Tally:
    out = Tally()
    for game, specs, played, result, seconds in played_games(
        "maumau", players, pairing, seeds, first, options
    ):
        if played is None:
            out.errors += 1
            continue
        out.seconds += seconds
        out.games += 1
        out.actions += played.actions
        for (p, cause), k in penalties(game, played, players).items():
            out.penalties[specs[p], cause] += k
        losers = max(result.ranks)
        for p, spec in enumerate(specs):
            out.seats[spec] += 1
            out.firsts[spec] += result.ranks[p] == 1
            out.safe[spec] += result.ranks[p] != losers
            out.ranks[spec] += result.ranks[p]
    return out


HEADER = (
    f"{'pairing':<30} {'n':>2} {'games':>5} {'bot':<14} {'first':>6} {'fair':>6} {'safe':>6} "
    f"{'fair':>6} {'rank':>5} {'pen':>5} {'words':>5} {'slap':>5} {'misfit':>6} "
    f"{'acts':>5} {'ms/g':>5} {'err':>3}"
)


def report(players: int, pairing: tuple[str, ...], t: Tally) -> list[str]:
    g = max(1, t.games)
    label = " vs ".join(pairing)
    lines = []
    for spec in dict.fromkeys(pairing):
        seats = max(1, t.seats[spec])
        share = t.seats[spec] / g / players
        pen = {c: t.penalties[spec, c] / seats for c in CAUSES}
        lines.append(
            f"{label:<30} {players:>2} {t.games:>5} {spec:<14} {t.firsts[spec] / g:>6.3f} "
            f"{share:>6.3f} {t.safe[spec] / seats:>6.3f} {(players - 2) / players:>6.3f} "
            f"{t.ranks[spec] / seats:>5.2f} {sum(pen.values()):>5.2f} {pen['words']:>5.2f} "
            f"{pen['slap']:>5.2f} {pen['misfit']:>6.2f} {t.actions / g:>5.0f} "
            f"{1000 * t.seconds / g:>5.0f} {t.errors:>3}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per setting")
    parser.add_argument("--players", default="3,4,5,6,7,8", help="player counts, e.g. 4 or 3,5")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--slap-seconds", type=float, default=2.0, help="the referee's slap time")
    parser.add_argument(
        "--pairings",
        default=";".join(",".join(p) for p in PAIRINGS),
        help="pairings, ';'-separated, each a ','-separated list of bot specs",
    )
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    pairings = [tuple(p.split(",")) for p in args.pairings.split(";") if p]
    options = {"slap_seconds": args.slap_seconds}
    print(HEADER)
    print("-" * len(HEADER))
    start = time.perf_counter()
    for n in counts:
        for pairing in pairings:
            task = partial(play, n, pairing, first=args.seed, options=options)
            t = run_in_chunks(task, Tally(), args.games, args.seed, args.workers)
            for line in report(n, pairing, t):
                print(line, flush=True)
    print(f"({time.perf_counter() - start:.1f} s)")
    print(
        "first: share of the games the bot placed first, fair: its share of the seats; safe: "
        "share of its seats not among the two losers, fair: (n-2)/n; rank: mean rank; pen: "
        "penalty cards per seat and game (words too late, slaps, unfitting throw-ins); acts: "
        "actions per game"
    )


if __name__ == "__main__":
    main()
