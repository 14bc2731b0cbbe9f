"""Win rates of mancala's alpha-beta bot: against random, and against itself on a quarter of the
time budget.

    python bench/mancala_bots.py --games 40 --time 0.1 --seed 1

Each pairing plays ``--games`` matches through ``spieltisch.bots.scheduler.play_game``, the two
bots swapping seats every other match. Two searching bots would play the same few matches over
and over (the seed only draws the first mover), so each bot plays its first ``--opening`` moves
of a match at random (from the match's seed); against random that changes nothing that matters.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import spieltisch
from spieltisch.bots import Bot, Decision, make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action, Game


class Opening(Bot):
    """The inner bot, after ``moves`` random moves of its own."""

    def __init__(self, inner: Bot, moves: int) -> None:
        self.inner, self.moves, self.played = inner, moves, 0
        self.name = inner.name

    def act(self, decision: Decision) -> Action | None:
        self.played += 1
        if self.played <= self.moves and decision.legal:
            return decision.rng.choice(decision.legal)
        return self.inner.act(decision)


def pairing(
    game: Game,
    make_a: Callable[[], Bot],
    make_b: Callable[[], Bot],
    games: int,
    seed: int,
    opening: int,
) -> dict[str, float]:
    """Match results from A's side: wins, draws, losses, and A's mean bean share."""
    wins = draws = losses = 0
    share = 0.0
    start = time.perf_counter()
    for k in range(games):
        a, b = Opening(make_a(), opening), Opening(make_b(), opening)
        seat = k % 2
        bots = [b, a] if seat else [a, b]
        result = play_game(game, bots, seed + k).state.result()
        if result.is_draw:
            draws += 1
        elif result.winners == (seat,):
            wins += 1
        else:
            losses += 1
        share += result.scores[seat] / sum(result.scores)
    return {
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "score": (wins + draws / 2) / games,
        "beans": share / games,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="matches per pairing")
    parser.add_argument("--time", type=float, default=0.1, help="alpha-beta seconds a move")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match")
    parser.add_argument("--game", default="mancala", help="mancala or kalah")
    parser.add_argument("--rounds", type=int, default=None, help="rounds of a match")
    parser.add_argument("--opening", type=int, default=2, help="random moves per bot at first")
    args = parser.parse_args()

    options = {} if args.rounds is None else {"rounds": args.rounds}
    game = spieltisch.load_game(args.game, **options)
    full = f"alphabeta:time={args.time:g}"
    short = f"alphabeta:time={args.time / 4:g}"
    rows = [
        (
            full,
            "random",
            pairing(
                game,
                lambda: make_bot(full, game),
                lambda: make_bot("random", game),
                args.games,
                args.seed,
                args.opening,
            ),
        ),
        (
            full,
            short,
            pairing(
                game,
                lambda: make_bot(full, game),
                lambda: make_bot(short, game),
                args.games,
                args.seed,
                args.opening,
            ),
        ),
    ]
    print(
        f"{game!r}, {args.games} matches a pairing, seeds {args.seed}..{args.seed + args.games - 1}"
        f", {args.opening} random opening moves a bot"
    )
    head = (
        f"{'bot A':<22} {'bot B':<22} {'W':>3} {'D':>3} {'L':>3} "
        f"{'score':>6} {'beans':>6} {'sec':>6}"
    )
    print(head)
    print("-" * len(head))
    for a, b, r in rows:
        print(
            f"{a:<22} {b:<22} {r['wins']:>3} {r['draws']:>3} {r['losses']:>3} "
            f"{r['score']:>6.1%} {r['beans']:>6.1%} {r['seconds']:>6.1f}"
        )


if __name__ == "__main__":
    main()
