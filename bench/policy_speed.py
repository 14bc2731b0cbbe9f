"""How fast a bot plays a whole game: the policy a search plays its rollouts with.

    python bench/policy_speed.py bohnanza --players 3 --games 16
    python bench/policy_speed.py bohnanza --players 3 --games 16 --base HEAD~1

``--games`` games of ``--bot`` (default: the game's strongest bot) in every seat, seeds
``--seed``, ``--seed + 1``, ...; per game the CPU time (``process_time``: the time this process
computed, less of the machine's other load than a wall clock) and the actions. Reported: CPU
microseconds an action and whole games a CPU second.

``--base REV`` measures the same games on the code of another revision (a git worktree in a
temporary folder) beside the working tree's: two worker processes, one per side, given the
games in turn (A B, B A, A B, ...), so a change in the machine's speed falls on both alike. This
machine is shared and noisy; figures of separate runs drift by a third, a paired ratio far
less. Each game's record is compared too: a change meant only to be faster must leave every
game the same (``same records``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def play(game_id: str, players: int, bot: str | None, seed: int) -> dict[str, Any]:
    """One game; its actions, CPU seconds and a digest of its record."""
    import spieltisch
    from spieltisch.bots import make_bot
    from spieltisch.bots.registry import strongest_bot
    from spieltisch.bots.scheduler import play_game

    game = spieltisch.load_game(game_id)
    spec = bot or strongest_bot(game_id)
    bots = [make_bot(spec, game) for _ in range(players)]
    started = time.process_time()
    played = play_game(game, bots, seed)
    cpu = time.process_time() - started
    text = json.dumps([[p, a.to_json()] for p, a in played.record.actions], sort_keys=True)
    return {
        "actions": played.actions,
        "cpu": cpu,
        "digest": hashlib.sha256(text.encode()).hexdigest()[:16],
    }


def worker(args: argparse.Namespace) -> None:
    """Plays the seeds read from stdin, one JSON line out per game."""
    for line in sys.stdin:
        out = play(args.game, args.players, args.bot, int(line))
        print(json.dumps(out), flush=True)


class Side:
    """A worker process on one revision's code."""

    def __init__(self, name: str, src: Path, args: argparse.Namespace) -> None:
        self.name = name
        cmd = [sys.executable, __file__, args.game, "--players", str(args.players), "--worker"]
        if args.bot:
            cmd += ["--bot", args.bot]
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )
        self.actions, self.cpu, self.digests = 0, 0.0, []

    def play(self, seed: int) -> None:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(f"{seed}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.name} worker stopped (seed {seed})")
        got = json.loads(line)
        self.actions += got["actions"]
        self.cpu += got["cpu"]
        self.digests.append(got["digest"])

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)

    def line(self) -> str:
        us = 1e6 * self.cpu / max(1, self.actions)
        games = len(self.digests) / self.cpu if self.cpu else 0.0
        return f"{self.name:>6}: {us:7.0f} us an action, {games:6.2f} games a CPU second"


def main() -> None:
    doc = __doc__ or ""
    ap = argparse.ArgumentParser(
        description=doc.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bot", default=None, help="a bot spec (default: the strongest bot)")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--base", default=None, help="a git revision to measure beside this tree")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.worker:
        worker(args)
        return
    with tempfile.TemporaryDirectory(prefix="policy-speed-") as tmp:
        sides = [Side("this", ROOT / "src", args)]
        if args.base:
            tree = Path(tmp) / "base"
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), args.base],
                check=True,
            )
            for built in (ROOT / "src").rglob("*.so"):  # compiled parts git does not hold
                (tree / built.relative_to(ROOT)).write_bytes(built.read_bytes())
            sides.insert(0, Side("base", tree / "src", args))
        try:
            for i in range(args.games):
                order = sides if i % 2 == 0 else sides[::-1]
                for side in order:
                    side.play(args.seed + i)
                print(f"\r{i + 1}/{args.games} games", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
        finally:
            for side in sides:
                side.close()
            if args.base:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)])
    bot = args.bot or "strongest bot"
    print(f"{args.game}, {args.players} players, {bot}, {args.games} games from seed {args.seed}")
    for side in sides:
        print(side.line())
    if len(sides) == 2:
        base, this = sides
        ratio = (this.cpu / this.actions) / (base.cpu / base.actions)
        same = sum(a == b for a, b in zip(base.digests, this.digests, strict=True))
        print(f"this/base: {ratio:.3f} of the CPU an action; same records: {same}/{args.games}")


if __name__ == "__main__":
    main()
