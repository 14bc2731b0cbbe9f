"""Whether a search's changes are right: each move it plays instead of the game's own bot's,
weighed by an oracle.

    python bench/search_oracle.py bibermania --players 4 --games 6 \
        --spec ismcts:iters=16:race=64:rollout=heuristic:sweep=1:goal=win
    python bench/search_oracle.py maumau --games 4 --deals 200 \
        --spec ismcts:iters=16:race=128:rollout=heuristic:sweep=1:depth=100000

Games of the game's strongest bot in every seat (game ``i`` seeded ``--seed + i``). At each of
seat ``--seat``'s decisions that the ``--spec`` bot searches it is asked too (its move is not
played: the table stays the strongest bot's, so two specs meet the same decisions). Where it
leaves the bot's move, the oracle weighs the change: ``ismcts:rollout=heuristic:sweep=1``
played to the end of the game (no cut) and valued by the first place (``goal=win``), on
``--deals`` deals common to both moves (``ISMCTSBot.paired_gains``). Its verdict is the mean
gain with its standard error, converted to a share of the first place (a win value of 1 for a
lone winner and ``-1/(n-1)`` for the others is ``(n-1)/n`` of a win).

The oracle is the search's own model with far more deals and no cut: its determinizations know
only what the player saw, and every seat after the move is the game's own bot. So it says
whether a setting's changes are what its model, given time, would make; how much a cut or too
few deals cost; and, with a lax bar and many deals (``z=1``, ``iters=100``), how much one-step
improvement on the game's bot there is to find at all. Only the arena says how strong a bot is.

Reported per change with ``--verbose``; always a summary: decisions, changes, seconds a
decision, the oracle's summed gain a game and how many changes it found positive.
"""

from __future__ import annotations

import argparse
import time

import spieltisch
from spieltisch.bots import Decision, make_bot
from spieltisch.bots.ismcts import ISMCTSBot, mean_se
from spieltisch.bots.registry import strongest_bot
from spieltisch.bots.scheduler import bot_rngs, next_action
from spieltisch.core import Rng

ORACLE = "ismcts:rollout=heuristic:sweep=1:depth=1000000:goal=win"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--spec", default="ismcts:iters=16:race=64:rollout=heuristic:sweep=1")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--deals", type=int, default=200, help="the oracle's deals a change")
    parser.add_argument("--decisions", type=int, default=None, help="searched decisions at most")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    game = spieltisch.load_game(args.game)
    searcher = make_bot(args.spec, game)
    oracle = make_bot(ORACLE, game)
    if not isinstance(searcher, ISMCTSBot) or not isinstance(oracle, ISMCTSBot):
        parser.error("--spec is an ismcts bot")
    share = (args.players - 1) / args.players  # a win value's worth in wins
    decisions = 0
    seconds = 0.0
    verdicts: list[float] = []
    played = 0
    for g in range(args.games):
        if decisions == args.decisions:
            break
        played += 1
        seed = args.seed + g
        table = [make_bot(strongest_bot(game), game) for _ in range(args.players)]
        state = game.new_state(args.players, seed)
        rngs = bot_rngs(seed, args.players)
        asked = 0
        while not state.is_terminal() and decisions != args.decisions:
            player, action, _ = next_action(state, table, rngs)
            if player == args.seat:
                decision = Decision.at(state, player, Rng(seed * 1000 + asked))
                asked += 1
                start = time.perf_counter()
                move = searcher.act(decision)
                seconds += time.perf_counter() - start
                info = searcher.info
                if info.searched:
                    decisions += 1
                    if move != info.policy and move is not None and info.policy is not None:
                        gains = oracle.paired_gains(
                            decision, move, info.policy, args.deals, seed * 7 + asked
                        )
                        if gains:
                            mean, se = mean_se(gains)
                            verdicts.append(mean * share)
                            if args.verbose:
                                print(
                                    f"game {g} decision {asked}: {info.policy} -> {move}: "
                                    f"{mean * share:+.3f} ± {se * share:.3f} of a win "
                                    f"({len(gains)} deals)",
                                    flush=True,
                                )
            state.apply(player, action)
    if not decisions:
        print("no searched decision")
        return
    print(
        f"{args.game} {args.players}p {args.spec}: {played} games, {decisions} decisions, "
        f"{len(verdicts)} changed, {seconds / decisions:.2f} s a decision; the oracle "
        f"({args.deals} deals to the end): {sum(verdicts) / played:+.3f} of a win a game, "
        f"{sum(v > 0 for v in verdicts)} of {len(verdicts)} changes positive"
    )


if __name__ == "__main__":
    main()
