"""Instructions an action through the public API, counted by valgrind (cachegrind), for
before/after comparisons that the box's load cannot move.

    python bench/instructions.py bibermania --players 4 --actions 20000
    # an older engine beside today's (the old tree needs only src/):
    git archive 0010a42^ src | tar -x -C /tmp/old
    python bench/instructions.py bibermania --src /tmp/old/src --src src

Timings on this shared 2-core box drift by 10 % between runs of the same code, which hides
the 1-3 % a small change makes; the count of instructions does not drift (with the hash seed
fixed, as here, a rerun gives the same figure to the instruction). It is not time: a cache
miss or a mispredicted branch costs many instructions' worth, so a change is judged by both,
and the speed targets stay in seconds.

The loop is ``profile_api.py``'s (the bench's: a random actor, a random legal action). Each
engine plays ``--actions`` actions, then twice as many from the same seed, each under
cachegrind; the difference over ``--actions`` is the cost of actions N to 2N, when the engines'
caches (the lay book's blocks, the shapes of groups) are as full as they get in a run. Needs
``valgrind`` (Debian: ``apt-get install valgrind``); about a minute per engine at 20,000
actions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

LOOP = """
import sys
sys.path.insert(0, {bench!r})
from profile_api import play
from spieltisch.registry import load_game
play(load_game({game!r}), {players!r}, {actions}, 1)
"""


def instructions(src: str, game: str, players: int | None, actions: int) -> int:
    """Instructions valgrind counts for ``actions`` actions of the loop, start-up included."""
    code = LOOP.format(bench=str(HERE), game=game, players=players, actions=actions)
    # one hash seed: the layout of every dict and set of strings, and so their cost, is fixed
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {src}:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--actions", type=int, default=20_000, help="N: actions N to 2N count")
    parser.add_argument(
        "--src",
        action="append",
        help="a source tree to measure (repeatable; default: this checkout's src)",
    )
    args = parser.parse_args()
    if args.actions < 1:
        parser.error("--actions is at least 1")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    for src in args.src or [str(HERE.parent / "src")]:
        first = instructions(src, args.game, args.players, args.actions)
        both = instructions(src, args.game, args.players, 2 * args.actions)
        per = (both - first) / args.actions
        span = f"actions {args.actions:,}-{2 * args.actions:,}"
        print(f"{src}: {per:,.0f} instructions an action ({span})")


if __name__ == "__main__":
    main()
