"""Where a game's time goes through its public API: CPU µs an action, then cProfile's top lines.

    python bench/profile_api.py maumau --players 4 --actions 30000
    python bench/profile_api.py bohnanza kalah --top 12
    # an older engine beside today's, through the same loop (the old tree needs only src/):
    git archive 0010a42^ src | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src python bench/profile_api.py bohnanza

The loop is the bench's (``spieltisch bench``): a random one of those who may act, a random
legal action of theirs, until ``--actions`` actions over whole games from seeded deals. It is
written out here rather than imported, so that it runs unchanged against an older checkout on
``PYTHONPATH``: a before/after comparison then differs only in the engine. Each game is played
``--rounds`` times unprofiled (CPU time, after a warm-up that fills the engines' caches) and
once under cProfile, whose lines are sorted by their own time (``tottime``). The machine is
shared: compare two engines in the same run, one after the other, not against an old figure.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time
from typing import Any

from spieltisch.core import OptionError, Rng
from spieltisch.registry import load_game


def random_step(state: Any, rng: Rng) -> tuple[int, Any]:
    """The bench's step: a random actor among those with a legal action, then its action."""
    actors = sorted(state.actors())
    if len(actors) == 1:
        (player,) = actors
        legal = state.legal_actions(player)
    else:
        options = [(p, state.legal_actions(p)) for p in actors]
        options = [(p, legal) for p, legal in options if legal]
        player, legal = options[rng.below(len(options))]
    return player, legal[rng.below(len(legal))]


def play(game: Any, players: int | None, actions: int, seed: int) -> int:
    """``actions`` actions of random play over whole games, each dealt from the seed's stream."""
    rng = Rng(seed)
    done = 0
    while done < actions:
        state = game.new_state(players, seed=rng.next64())
        while not state.is_terminal() and done < actions:
            player, action = random_step(state, rng)
            state.apply(player, action)
            done += 1
    return done


def profile(game_id: str, players: int | None, actions: int, rounds: int, top: int) -> None:
    game = load_game(game_id)
    play(game, players, min(actions, 2_000), 1)  # warm-up: imports, deck tables, lay books
    for r in range(rounds):
        start = time.process_time()
        done = play(game, players, actions, 7 + r)
        per = (time.process_time() - start) / done * 1e6
        print(f"{game_id} ({players or game.default_players}p) round {r + 1}: {per:.1f} µs CPU")
    profiler = cProfile.Profile()
    profiler.enable()
    play(game, players, actions, 7)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    lines = out.getvalue().splitlines()
    head = next(i for i, line in enumerate(lines) if line.strip().startswith("ncalls"))
    print("\n".join(line for line in lines[head : head + top + 1] if line.strip()))
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="game ids (kalah, mancala, maumau, ...)")
    parser.add_argument("--players", type=int, help="players a game (default: the game's)")
    parser.add_argument("--actions", type=int, default=30_000, help="actions a measure")
    parser.add_argument("--rounds", type=int, default=2, help="unprofiled measures a game")
    parser.add_argument("--top", type=int, default=8, help="profile lines to show")
    args = parser.parse_args(argv)
    if args.actions < 1 or args.rounds < 1 or args.top < 1:
        parser.error("--actions, --rounds and --top are at least 1")
    for game_id in args.games:
        try:
            load_game(game_id)
        except OptionError as err:
            parser.error(str(err))
    for game_id in args.games:
        profile(game_id, args.players, args.actions, args.rounds, args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
