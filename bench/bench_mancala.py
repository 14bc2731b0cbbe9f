"""Random playouts per second: our mancala and kalah (API and kernel) beside OpenSpiel.

.venv/bin/python bench/bench_mancala.py --seconds 3
.venv/bin/python bench/bench_mancala.py --json > bench.json
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
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
