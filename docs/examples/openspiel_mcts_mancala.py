"""OpenSpiel's MCTS (its C++ bot, random rollouts) plays our sheet-003 mancala.

    .venv/bin/python docs/examples/openspiel_mcts_mancala.py --games 2 --simulations 100

``register()`` makes every turn-based game of ours an OpenSpiel game (``spieltisch_<id>``); from
then on OpenSpiel's algorithms take it like one of their own. MCTS with many simulations plays
against MCTS with few, seats swapped each game; the script prints each result.

One caution from open-spiel 2.0.2: ``MCTSBot.step`` on a Python game crashes (as on OpenSpiel's
own ``python_tic_tac_toe``), so the move is taken from ``mcts_search``: the root's best child,
which is what ``step`` returns.
"""

from __future__ import annotations

import argparse

import pyspiel

from spieltisch.envs.openspiel import register


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=100, help="for the stronger bot")
    parser.add_argument("--game", default="spieltisch_mancala", help="or spieltisch_kalah")
    args = parser.parse_args()

    register()
    game = pyspiel.load_game(args.game)
    rollouts = pyspiel.RandomRolloutEvaluator(1, 0)
    strong = pyspiel.MCTSBot(game, rollouts, 2.0, args.simulations, 200, False, 1, False)
    few = max(2, args.simulations // 10)
    weak = pyspiel.MCTSBot(game, rollouts, 2.0, few, 200, False, 2, False)
    wins = 0.0
    for g in range(args.games):
        bots = [strong, weak] if g % 2 == 0 else [weak, strong]
        state = game.new_initial_state()
        state.apply_action(g)  # the deal: game seed g (in mancala: who moves first)
        while not state.is_terminal():
            root = bots[state.current_player()].mcts_search(state)
            state.apply_action(root.best_child().action)
        seat = 0 if g % 2 == 0 else 1
        result = state.returns()[seat]
        wins += (result + 1) / 2
        print(f"game {g}: {args.simulations}-simulation MCTS in seat {seat}: {result:+.0f}")
    print(f"score of the stronger MCTS: {wins}/{args.games}")
    print(state)  # the final state as JSON (the engine's to_json)


if __name__ == "__main__":
    main()
