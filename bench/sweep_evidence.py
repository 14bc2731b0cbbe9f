"""What a sweep's evidence says at a real table: the gains it measures, their spread, the bar.

    python bench/sweep_evidence.py bohnanza --players 4 --decisions 40 \
        --spec ismcts:iters=16:race=64:rollout=heuristic:sweep=1:depth=30
    python bench/sweep_evidence.py maumau --spec ismcts:iters=16:rollout=heuristic:sweep=1

One game of the game's strongest bot in every seat (seed ``--seed``). At each of seat
``--seat``'s decisions that the ``--spec`` bot searches, the bot is asked too (its move is not
played: every decision is the strongest bot's table, so two specs meet the same decisions), and
its ``SearchInfo`` is read: each other candidate's mean gain on the policy's move with its
standard error and deals (in the game's evaluation units times ``EVAL_SCALE``: coins in the bean
games), and the bar it had to clear. An arena says whether a setting wins; this says why not
yet: whether the deals a decision gets leave the gains in question (a mean above nought, under
the bar), and what that costs a second.

Reported per decision with ``--verbose``; always a summary: decisions, candidates, deals and
seconds a decision, how many left the policy's move, how many ended with a candidate still in
question, and the median standard error of a candidate's gain.
"""

from __future__ import annotations

import argparse
import statistics
import time

import spieltisch
from spieltisch.bots import Decision, make_bot
from spieltisch.bots.ismcts import EVAL_SCALE, ISMCTSBot
from spieltisch.bots.registry import strongest_bot
from spieltisch.bots.scheduler import bot_rngs, next_action
from spieltisch.core import Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--spec", default="ismcts:iters=16:rollout=heuristic:sweep=1")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--decisions", type=int, default=40, help="searched decisions at most")
    parser.add_argument("--seed", type=int, default=21000)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    game = spieltisch.load_game(args.game)
    searcher = make_bot(args.spec, game)
    if not isinstance(searcher, ISMCTSBot) or not searcher.sweep:
        parser.error("--spec is an ismcts bot with sweep=1")
    table = [make_bot(strongest_bot(game), game) for _ in range(args.players)]
    state = game.new_state(args.players, args.seed)
    rngs = bot_rngs(args.seed, args.players)
    rows: list[tuple[int, int, float, bool, bool, list[float]]] = []
    while not state.is_terminal() and len(rows) < args.decisions:
        player, action, _ = next_action(state, table, rngs)
        if player == args.seat:
            start = time.perf_counter()
            searcher.act(Decision.at(state, player, Rng(args.seed + len(rows))))
            seconds = time.perf_counter() - start
            info = searcher.info
            if info.searched:
                gains = info.gains
                open_ = any(0 < m <= info.bar * se for m, se, _ in gains.values())
                changed = info.move != info.policy
                rows.append(
                    (len(info.visits), info.iterations, seconds, changed, open_,
                     [se * EVAL_SCALE for _, se, _ in gains.values()])
                )  # fmt: skip
                if args.verbose:
                    said = "  ".join(
                        f"{m * EVAL_SCALE:+.2f}±{se * EVAL_SCALE:.2f} ({k})"
                        for m, se, k in gains.values()
                    )
                    mark = "changed" if changed else "open" if open_ else ""
                    print(f"{len(rows):3d} bar {info.bar:.2f} {mark:8s} {said}", flush=True)
        state.apply(player, action)
    if not rows:
        print("no searched decision")
        return
    n = len(rows)
    ses = [se for row in rows for se in row[5]]
    print(
        f"{args.game} {args.players}p {args.spec}: {n} decisions, "
        f"{sum(r[0] for r in rows) / n:.1f} candidates, {sum(r[1] for r in rows) / n:.1f} deals, "
        f"{sum(r[2] for r in rows) / n:.2f} s a decision; left the policy's move in "
        f"{sum(r[3] for r in rows)}, ended in question in {sum(r[4] for r in rows)}; "
        f"a gain's standard error {statistics.median(ses):.2f} (median, x{EVAL_SCALE:g})"
    )


if __name__ == "__main__":
    main()
