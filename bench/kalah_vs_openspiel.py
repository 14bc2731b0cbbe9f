"""Our Kalah bot against OpenSpiel's MCTS bot (C++, random rollouts), seats alternated.

    python bench/kalah_vs_openspiel.py --bot solver:time=0.7 --games 20 --sims 10000

Both engines play the same game side by side: our ``kalah`` state and OpenSpiel's ``mancala``
state (the mapping of ``tests/games/mancala/test_kalah_openspiel.py``), each move applied to both
and the boards compared after every move. Our bot gets a ``Decision`` on our state; OpenSpiel's
``MCTSBot`` (``RandomRolloutEvaluator(1, seed)``, ``uct_c=2``, ``--sims`` simulations a move)
steps on its own. Our bot plays seat ``k % 2`` in game ``k``; OpenSpiel's MCTS draws from the
game's own seed, so the games differ. Prints each game, then our wins, draws and losses, the win
rate with its 95 % Wilson interval, and the milliseconds a move of each side (the slowest of
ours too, since the budget is a second a move).

Our default budget is 0.7 s: the compiled solver's iterations run on a node budget from the
rate it measured, and on a busy machine a move overran 0.8 s by up to a quarter. Measured on
the shared 2-core box, 25 Nov 2026, ``--seed 1``: solver:time=0.7 won 15, drew 5, lost 0 of 20
(75 %, Wilson 53-89 %), ours 356 ms a move (slowest 819 ms), OpenSpiel's 61 ms. Every game as
the first mover was won; as the second (a lost seat under perfect play: Kalah(6,4) is a win for
the first player) 5 won and 5 drawn.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import pyspiel

import spieltisch
from spieltisch.bots import Decision, make_bot
from spieltisch.core import Action, Rng

OURS_TO_OS = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13]  # our ring index -> OpenSpiel index
OS_TO_OURS = {o: i for i, o in enumerate(OURS_TO_OS)}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of ``k`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def board(state: Any) -> tuple[list[int], list[int]]:
    """OpenSpiel's board as our (pits, stores)."""
    b = [int(x) for x in state.observation_tensor(0)[:14]]
    return [b[i] for i in OURS_TO_OS], [b[7], b[0]]


def play(spec: str, seat: int, seed: int, sims: int, solve: bool) -> dict[str, Any]:
    """One game; returns our result (1 win, 0 draw, -1 loss) and the times of both sides."""
    game = spieltisch.load_game("kalah")
    ours = game.new_state(2, seed=seed)
    bot = make_bot(spec, game)
    os_game = pyspiel.load_game("mancala")
    theirs = os_game.new_initial_state()
    mcts = pyspiel.MCTSBot(
        os_game,
        pyspiel.RandomRolloutEvaluator(1, seed),
        2.0,
        sims,
        1000,
        solve,
        seed,
        False,
    )
    rng = Rng(seed)
    times: dict[str, list[float]] = {"ours": [], "theirs": []}
    while not ours.is_terminal():
        player = theirs.current_player()
        assert ours.actors() == frozenset({player})
        start = time.perf_counter()
        if player == seat:
            action = bot.act(Decision.at(ours, player, rng.fork()))
            assert action is not None
            os_action = OURS_TO_OS[action["pit"]]
            times["ours"].append(time.perf_counter() - start)
        else:
            os_action = mcts.step(theirs)
            times["theirs"].append(time.perf_counter() - start)
            action = Action(pit=OS_TO_OURS[os_action], direction="ccw")
        ours.apply(player, action)
        theirs.apply_action(os_action)
        if not ours.is_terminal():
            assert (ours.pits, ours.stores) == board(theirs), "the engines disagree"
    assert theirs.is_terminal()
    result = ours.result()
    outcome = 0 if result.is_draw else 1 if result.winners == (seat,) else -1
    return {"outcome": outcome, "stores": list(ours.stores), **times}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="solver:time=0.7", help="our bot's spec")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--sims", type=int, default=10_000, help="OpenSpiel MCTS simulations a move")
    ap.add_argument("--solve", action="store_true", help="OpenSpiel's MCTS-Solver (solve=True)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(
        f"{args.bot} vs OpenSpiel MCTS (C++, {args.sims} simulations, random rollouts, "
        f"uct_c=2, solve={args.solve}), {args.games} games, seats alternated"
    )
    tally = {1: 0, 0: 0, -1: 0}
    ours: list[float] = []
    theirs: list[float] = []
    for k in range(args.games):
        seat = k % 2
        g = play(args.bot, seat, args.seed + k, args.sims, args.solve)
        tally[g["outcome"]] += 1
        ours += g["ours"]
        theirs += g["theirs"]
        word = {1: "win", 0: "draw", -1: "loss"}[g["outcome"]]
        print(
            f"game {k + 1:2d}: ours seat {seat}, beans {g['stores'][seat]}-"
            f"{g['stores'][1 - seat]}, {word}; slowest move of ours {max(g['ours']) * 1000:.0f} ms",
            flush=True,
        )
    n = args.games
    lo, hi = wilson(tally[1], n)
    print(
        f"ours: {tally[1]} wins, {tally[0]} draws, {tally[-1]} losses of {n}: "
        f"win rate {tally[1] / n:.0%} (95 % Wilson interval {lo:.0%} to {hi:.0%})"
    )
    print(
        f"ms a move: ours {1000 * sum(ours) / len(ours):.0f} (slowest {1000 * max(ours):.0f}), "
        f"OpenSpiel MCTS {1000 * sum(theirs) / len(theirs):.0f} "
        f"(slowest {1000 * max(theirs):.0f})"
    )


if __name__ == "__main__":
    main()
