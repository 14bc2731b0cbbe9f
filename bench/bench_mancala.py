"""Random playouts per second: our mancala and kalah (API and kernel) beside OpenSpiel.

.venv/bin/python bench/bench_mancala.py --seconds 3
.venv/bin/python bench/bench_mancala.py --json > bench.json
.venv/bin/python bench/bench_mancala.py --kernel   # the kernels alone beside OpenSpiel's C++

``--kernel`` times ``kernel.playouts`` (256 games a call) against OpenSpiel's Kalah wholly in
C++ (``evaluate_bots`` with uniform random bots), interleaved, best of the runs: Kalah in
games per second, the sheet's matches in actions per second (OpenSpiel's actions per game
taken as its mean Kalah game length from our Kalah, the same game under the same policy).
"""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console

from spieltisch.arena.bench import print_bench, run_benches, summary_rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time per measurement (default 3)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random playouts")
    parser.add_argument(
        "--game", action="append", help="game id (repeatable; default mancala and kalah)"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--kernel", action="store_true", help="only the compiled kernels beside OpenSpiel's C++"
    )
    args = parser.parse_args(argv)
    if args.kernel:
        return kernel_bench(args.seconds)
    result = run_benches(args.game or ["mancala", "kalah"], seconds=args.seconds, seed=args.seed)
    result["summary"] = summary_rows(result)
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        console = Console()
        if not console.is_terminal:  # a pipe or a file: no need to squeeze into 80 columns
            console = Console(width=110)
        print_bench(result, console)
    return 0


def kernel_bench(seconds: float, runs: int = 5) -> int:
    import time

    import numpy as np
    import pyspiel

    from spieltisch.registry import load_game

    spiel = pyspiel.load_game("mancala")
    bots = [pyspiel.make_uniform_random_bot(p, p) for p in range(2)]
    kernels = {gid: load_game(gid).kernel() for gid in ("kalah", "mancala")}
    for kernel in kernels.values():  # compiled or loaded from numba's cache before timing
        kernel.playouts(np.arange(4))
    slot = seconds / (runs * 3)
    best = {"cpp": 0.0, "kalah": 0.0, "mancala": 0.0}
    per_game = {"kalah": 0.0, "mancala": 0.0}
    seed = 0
    for _ in range(runs):
        start, games = time.perf_counter(), 0
        while time.perf_counter() - start < slot:
            for _ in range(16):
                pyspiel.evaluate_bots(spiel.new_initial_state(), bots, games)
                games += 1
        best["cpp"] = max(best["cpp"], games / (time.perf_counter() - start))
        for gid, kernel in kernels.items():
            start, games, actions = time.perf_counter(), 0, 0
            while time.perf_counter() - start < slot:
                out = kernel.playouts(np.arange(seed, seed + 256, dtype=np.int64))
                seed += 256
                games += 256
                actions += int(out["actions"].sum())
            best[gid] = max(best[gid], games / (time.perf_counter() - start))
            per_game[gid] = actions / games
    cpp_actions = best["cpp"] * per_game["kalah"]
    print(f"OpenSpiel mancala C++: {best['cpp']:,.0f} games/s ({cpp_actions:,.0f} actions/s)")
    print(
        f"kalah kernel: {best['kalah']:,.0f} games/s = {best['kalah'] / best['cpp']:.2f}x "
        "OpenSpiel C++ games/s"
    )
    mancala_actions = best["mancala"] * per_game["mancala"]
    print(
        f"mancala kernel (sheet 003 matches): {best['mancala']:,.0f} matches/s, "
        f"{mancala_actions:,.0f} actions/s = {mancala_actions / cpp_actions:.2f}x "
        "OpenSpiel C++ actions/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
