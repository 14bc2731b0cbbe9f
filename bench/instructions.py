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

``--bot SPEC --games G`` counts a bot's play instead, engine and bot together (a search's
rollout policy: ``python bench/instructions.py bohnanza --players 3 --bot trader --games 2
--src /tmp/old/src --src src``): whole games of it in every seat, ``G`` from the seed and then
``2G``, and the difference over the actions of games ``G`` to ``2G``. A Bohnanza game of
traders takes about 20 s under valgrind.
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


GAMES = """
import spieltisch
from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game
game = spieltisch.load_game({game!r})
print(sum(
    play_game(game, [make_bot({bot!r}, game) for _ in range({players!r})], 500 + i).actions
    for i in range({games})
))
"""


def instructions(src: str, code: str) -> tuple[int, str]:
    """Instructions valgrind counts for running ``code`` (start-up included), and what it
    printed."""
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
    return int(found.group(1).replace(",", "")), done.stdout


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
    parser.add_argument("--bot", default=None, help="count this bot's whole games instead")
    parser.add_argument("--games", type=int, default=2, help="with --bot: games G to 2G count")
    args = parser.parse_args()
    if args.actions < 1 or args.games < 1:
        parser.error("--actions and --games are at least 1")
    if args.bot and not args.players:
        parser.error("--bot needs --players")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    for src in args.src or [str(HERE.parent / "src")]:
        if args.bot:
            runs = [
                GAMES.format(game=args.game, bot=args.bot, players=args.players, games=g)
                for g in (args.games, 2 * args.games)
            ]
        else:
            runs = [
                LOOP.format(bench=str(HERE), game=args.game, players=args.players, actions=n)
                for n in (args.actions, 2 * args.actions)
            ]
        (first, out1), (both, out2) = (instructions(src, code) for code in runs)
        if args.bot:
            done = int(out2.split()[-1]) - int(out1.split()[-1])
            span = f"games {args.games}-{2 * args.games}, {done:,} actions"
        else:
            done = args.actions
            span = f"actions {args.actions:,}-{2 * args.actions:,}"
        print(f"{src}: {(both - first) / done:,.0f} instructions an action ({span})")


if __name__ == "__main__":
    main()
