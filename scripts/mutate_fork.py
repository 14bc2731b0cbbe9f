"""The fork runner of ``scripts/mutate.py --fork``: each mutant's tests in a child forked from
one warm parent.

    python scripts/mutate_fork.py WORK [--jobs N] [--cap SECONDS] [--only NAME ...]
    python scripts/mutate_fork.py WORK --fresh NAME ...

WORK is a module's copy that ``scripts/mutate.py`` prepared and mutmut mutated (its mutants and
its stats, which tests reach which function, in ``WORK/mutants``). mutmut's own runner spends
seconds a mutant on this 2-core box before the first test runs (a process, pytest, its plugins,
the test modules); here the parent does all that once, with no mutant active, and forks a child
per mutant that only switches the mutant on (mutmut's trampolines read it at each call) and
runs pytest -x: the module's mutants files first (``*mutants*.py`` of its test list: the tests
written to kill its mutants, quick and sharp), then the other tests the stats name for the
mutant's function, the quickest first. A child past its time limit is killed and counted as a
timeout, as mutmut counts one.

What the parent computed at import (a module-level table, a memo filled while collecting the
tests) the original code computed, so a mutant of such code may survive in a child and still be
killed in a fresh process: ``--fresh`` runs named mutants the way mutmut would, one new
interpreter each, and ``scripts/mutate.py --fork`` reruns every survivor not listed as
equivalent that way before it counts one.

Results go to ``WORK/fork.jsonl``, one line a mutant (the latest line of a name counts), so a
stopped run resumes where it stopped.
"""

from __future__ import annotations

import argparse
import contextlib
import fnmatch
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

RESULTS = "fork.jsonl"

# a test process's exit code -> the mutant's status (pytest: 0 all passed, 1 a test failed,
# 2 interrupted, e.g. by a collection error, which a mutant of an imported module causes)
KILLED = {1, 2}


def status_of(code: int) -> str:
    """A child's exit code (``os.waitstatus_to_exitcode``: minus the signal that ended it) as
    the mutant's status: what the tests noticed, or not."""
    if code == 0:
        return "survived"
    if code in KILLED:
        return "killed"
    if code == -signal.SIGKILL:
        return "timeout"
    if code < 0:
        return "crash"  # a fault (the compiled kernel writing past an array): noticed
    return f"exit {code}"  # pytest's usage error or an internal one: nothing was tested


def first_of(listed: list[str]) -> list[str]:
    """The test files written to kill the module's mutants (``*mutants*.py``), run first."""
    return [t for t in listed if fnmatch.fnmatch(Path(t.split("::")[0]).name, "*mutants*.py")]


def plan(reached: list[str], first: list[str], durations: dict[str, float]) -> list[list[str]]:
    """The pytest runs of one mutant: the mutants files, then the other tests that reach its
    function (by mutmut's stats), the quickest first; a run only if it has tests."""
    rest = [t for t in reached if not any(t.startswith(f) for f in first)]
    rest.sort(key=lambda t: durations.get(t, 1.0))
    return [run for run in (first, rest) if run]


def time_limit(runs: list[list[str]], durations: dict[str, float], cap: float) -> float:
    """Ten times the tests' own time (from the stats run) and half a minute for the start,
    at most ``cap``: a mutant that makes a loop endless is killed, a slow survivor is not."""
    own = sum(durations.get(t, 1.0) for run in runs for t in run)
    return min(cap, 30 + 10 * own)


def latest(lines: list[str]) -> dict[str, dict]:
    """Each mutant's latest result of a results file's lines."""
    out = {}
    for line in lines:
        if line.strip():
            r = json.loads(line)
            out[r["name"]] = r
    return out


class Work:
    """A prepared copy: its module, test list, mutants and mutmut's stats."""

    def __init__(self, path: Path) -> None:
        self.path = path.resolve()
        setup = json.loads((self.path / "fork.json").read_text(encoding="utf-8"))
        self.module: str = setup["module"]
        self.tests: list[str] = setup["tests"]
        meta = self.path / "mutants" / f"{self.module}.meta"
        self.names = list(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
        stats = json.loads((self.path / "mutants" / "mutmut-stats.json").read_text())
        self.reach: dict[str, list[str]] = stats["tests_by_mangled_function_name"]
        self.durations: dict[str, float] = stats["duration_by_test"]
        self.first = first_of(self.tests)
        self.results = self.path / RESULTS

    def reached(self, name: str) -> list[str]:
        from mutmut.utils.format_utils import mangled_name_from_mutant_name

        return sorted(self.reach.get(mangled_name_from_mutant_name(name), []))

    def done(self) -> dict[str, dict]:
        if not self.results.is_file():
            return {}
        return latest(self.results.read_text(encoding="utf-8").splitlines())


def _warm(module: str) -> None:
    """Import in the parent what every child needs: pytest's plugins, the libraries, the
    package and its games (MUTANT_UNDER_TEST empty: the original code), and for a mancala
    module the compiled kernels, loaded (or compiled) once instead of in every child."""
    import importlib
    import importlib.metadata as md

    for ep in md.entry_points(group="pytest11"):
        with contextlib.suppress(Exception):
            importlib.import_module(ep.value.split(":")[0])
    import spieltisch

    for game_id in spieltisch.GAMES:
        with contextlib.suppress(Exception):
            spieltisch.load_game(game_id)
    if "/games/mancala/" in module:
        import numpy as np

        for game_id in ("kalah", "mancala"):
            game = spieltisch.load_game(game_id)
            kernel = game.kernel()
            kernel.playouts(np.arange(2))
            kernel.trace(1)
            kernel.rollout(game.new_state(seed=1), 1, 1)


def _child(name: str, runs: list[list[str]]) -> None:
    """In the forked child: switch the mutant on and run its tests; never returns."""
    code = 3
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.environ["MUTANT_UNDER_TEST"] = name
        from mutmut.mutation.trampoline import set_mutant_under_test

        set_mutant_under_test(name)
        import pytest

        for run in runs:
            code = int(pytest.main(["-x", "-q", "-p", "no:cacheprovider", "--tb=no", *run]))
            if code:
                break
    finally:
        os._exit(code)


def run(work: Work, only: list[str], jobs: int, cap: float) -> None:
    """Every mutant not yet run (or those ``only`` names), ``jobs`` at a time."""
    done = work.done()
    todo = [n for n in work.names if (n in only if only else n not in done)]
    os.chdir(work.path / "mutants")
    sys.path.insert(0, str(work.path / "mutants" / "src"))
    os.environ["PY_IGNORE_IMPORTMISMATCH"] = "1"
    os.environ["MUTANT_UNDER_TEST"] = ""
    import pytest

    _warm(work.module)
    # the test modules imported once here: pytest (--import-mode=importlib) finds them in
    # sys.modules in every child
    with contextlib.redirect_stdout(io.StringIO()):
        pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *work.tests])
    running: dict[int, tuple[str, float, float]] = {}
    start, count = time.time(), 0
    with open(work.results, "a", encoding="utf-8") as out:

        def record(name: str, status: str, secs: float, code: int | None = None) -> None:
            nonlocal count
            count += 1
            line = {"name": name, "status": status, "secs": round(secs, 2), "code": code}
            out.write(json.dumps(line) + "\n")
            out.flush()
            if status != "killed" or count % 50 == 0 or count == len(todo):
                rate = count / (time.time() - start)
                print(f"[{count}/{len(todo)} {rate:.2f}/s] {status}: {name}", flush=True)

        def reap() -> None:
            pid, wait = os.waitpid(-1, os.WNOHANG)
            if pid:
                name, t0, _ = running.pop(pid)
                code = os.waitstatus_to_exitcode(wait)
                record(name, status_of(code), time.time() - t0, code)
                return
            now = time.time()
            for p, (name, t0, limit) in list(running.items()):
                if now - t0 > limit:
                    os.kill(p, signal.SIGKILL)
                    os.waitpid(p, 0)
                    del running[p]
                    record(name, "timeout", now - t0)
            time.sleep(0.02)

        for name in todo:
            runs = plan(work.reached(name), work.first, work.durations)
            if not runs:
                record(name, "no tests", 0.0)
                continue
            while len(running) >= jobs:
                reap()
            pid = os.fork()
            if pid == 0:
                _child(name, runs)
            running[pid] = (name, time.time(), time_limit(runs, work.durations, cap))
        while running:
            reap()
    print(f"{count} mutants in {time.time() - start:.0f} s")


def fresh(work: Work, names: list[str], cap: float) -> None:
    """Each named mutant in a new interpreter, as mutmut runs it: its results overwrite the
    child's (killed, or survived for good)."""
    with open(work.results, "a", encoding="utf-8") as out:
        for name in names:
            runs = plan(work.reached(name), work.first, work.durations)
            tests = [t for run in runs for t in run]
            if not tests:  # (pytest without tests would run the whole suite)
                print(f"fresh no tests: {name}", flush=True)
                continue
            env = {**os.environ, "MUTANT_UNDER_TEST": name, "PYTHONPATH": "src"}
            env["PY_IGNORE_IMPORTMISMATCH"] = "1"
            pytest = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
            t0 = time.time()
            try:
                proc = subprocess.run(
                    [*pytest, "--tb=no", *tests],
                    cwd=work.path / "mutants",
                    env=env,
                    capture_output=True,
                    timeout=cap,
                    check=False,
                )
                code: int | None = proc.returncode
                status = status_of(proc.returncode)
            except subprocess.TimeoutExpired:
                code, status = None, "timeout"
            secs = round(time.time() - t0, 2)
            line = {"name": name, "status": status, "secs": secs, "code": code, "fresh": True}
            out.write(json.dumps(line))
            out.write("\n")
            out.flush()
            print(f"fresh {status}: {name}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("work", type=Path, help="a module's copy that scripts/mutate.py prepared")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N")
    ap.add_argument("--cap", type=float, default=300.0, metavar="SECONDS", help="time limit")
    ap.add_argument("--only", nargs="+", default=[], metavar="NAME", help="run these again")
    ap.add_argument("--fresh", nargs="+", default=[], metavar="NAME", help="in new processes")
    args = ap.parse_args()
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    work = Work(args.work)
    unknown = [n for n in [*args.only, *args.fresh] if n not in work.names]
    if unknown:
        ap.error(f"not a mutant of {work.module}: {', '.join(unknown)}")
    if args.fresh:
        fresh(work, args.fresh, args.cap)
    else:
        run(work, args.only, args.jobs, args.cap)
    return 0


if __name__ == "__main__":
    sys.exit(main())
