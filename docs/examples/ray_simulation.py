"""A 100,000-game simulation on Ray: Biber-Mania, random players, the summary per seat.

    .venv/bin/python docs/examples/ray_simulation.py                  # a local Ray, all CPUs
    .venv/bin/python docs/examples/ray_simulation.py --address auto   # the cluster you are on

The same as ``spieltisch simulate bibermania -n 100000 --ray`` (or ``--ray-address auto``):
each chunk of seeds is one Ray task, game i uses seed + i on any worker, and the summary is the
one a local run gives for the same seed.
"""

from __future__ import annotations

import argparse
import json
import os

from spieltisch.arena.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--game", default="bibermania")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--address", default=None, help="a Ray cluster ('auto', ray://...)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="local Ray CPUs")
    args = parser.parse_args()

    done = 0

    def progress(k: int) -> None:
        nonlocal done
        done += k
        if done % 10_000 < k or done == args.games:
            print(f"{done:>7} / {args.games} games")

    summary = simulate(
        args.game,
        args.games,
        players=args.players,
        seed=args.seed,
        workers=args.workers,
        on_progress=progress,
        ray=True,
        ray_address=args.address,
    )
    data = summary.to_json()
    print(f"{data['games']} games, {data['errors']} errors, {data['games_per_s']:.0f} games/s")
    for p, seat in enumerate(data["seats"]):
        print(f"seat {p}: win rate {seat['win_rate']:.1%}, mean score {seat['mean_score']:.2f}")
    print(json.dumps({k: data[k] for k in ("mean_actions", "stats_per_game")}))


if __name__ == "__main__":
    main()
