"""Mutation testing of the rules modules: would their tests notice a changed rule?

    python scripts/mutate.py                      # every module of tests/mutation.toml
    python scripts/mutate.py src/spieltisch/games/maumau/pile.py
    python scripts/mutate.py --max-children 1 src/...  # one test process at a time

For each module, mutmut (3.x) changes it one small edit at a time (a ``<`` for a ``<=``, a
constant, a dropped call) and runs the module's own tests against each change; a mutant no test
fails on "survived". The run happens in a copy of the checkout under
``build/mutate/<game>.<module>`` (mutmut writes its ``mutants/`` tree beside the sources it
copies; a folder per module, so that two runs side by side never share one), with
``PYTHONPATH=src`` so that the tests import the mutated copy, not the installed package.
Prints, per module, the mutants killed of those that count (the equivalent ones listed in
tests/mutation.toml left out) and the survivors by name (``mutmut show NAME`` in that directory
shows one); exits 1 when a module is under the threshold. Not part of ``make test``: it runs the
tests hundreds of times.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "tests" / "mutation.toml"
WORK = ROOT / "build" / "mutate"


def _copy_checkout(dest: Path) -> None:
    """The files git knows (and the working tree's edits of them): what the tests need."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "src", "tests"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for name in [*listed, "pyproject.toml"]:
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


def _setup_cfg(module: str, tests: list[str]) -> str:
    return "\n".join(
        [
            "[mutmut]",
            "source_paths=src",
            f"only_mutate={module}",
            "pytest_add_cli_args_test_selection=" + "\n    ".join(tests),
            # a mutant is killed at its first failing test
            "pytest_add_cli_args=-p no:cacheprovider -x -q",
            # every mutant's tests in a process that imported nothing of ours before: forked
            # from mutmut's own process, a worker inherits the caches the stats run filled
            # (the deck, the lay book's shapes) computed by the unmutated code, and mutants of
            # what they cache survive untested
            "process_isolation=forkserver",
            "forkserver_warmup=none",
            "",
        ]
    )


def work_dir(module: str) -> Path:
    """A module's own copy, named by its whole path (``beans.cards``, ``maumau.cards``): runs of
    two modules of one file name, side by side, must not share (and delete) one folder."""
    parts = Path(module).with_suffix("").parts
    if "games" in parts:
        parts = parts[parts.index("games") + 1 :]
    return WORK / ".".join(parts)


def mutate(
    module: str,
    tests: list[str],
    equivalent: dict[str, str],
    mutmut: str,
    max_children: int | None = None,
) -> dict:
    """Run mutmut on ``module``; its counts and survivors. ``max_children``: how many mutants'
    tests run side by side (mutmut's default: one per core)."""
    work = work_dir(module)
    _copy_checkout(work)
    (work / "setup.cfg").write_text(_setup_cfg(module, tests), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": "src"}
    # mutmut exits non-zero when mutants survive: the counts below judge the run
    run = [mutmut, "run"]
    if max_children is not None:
        run += ["--max-children", str(max_children)]
    subprocess.run(run, cwd=work, env=env, check=False)
    subprocess.run([mutmut, "export-cicd-stats"], cwd=work, env=env, check=True)
    stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
    listed = subprocess.run(
        [mutmut, "results"], cwd=work, env=env, check=True, capture_output=True, text=True
    ).stdout
    statuses: dict[str, str] = {}
    for line in listed.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            statuses[name] = status
    # every mutant that was not noticed counts against the module: survived, no tests, and
    # any status of a run that broke off (not checked, suspicious, segfault, skipped)
    noticed = ("killed", "timeout")
    survivors = [n for n, st in statuses.items() if st not in noticed]
    alive = [s for s in survivors if s not in equivalent]
    # a timeout is a mutant whose tests ran past mutmut's limit (a loop that never ends): the
    # tests noticed it, but a loaded machine can cause one, so it is counted and also shown
    killed = stats["killed"] + stats.get("timeout", 0)
    counted = killed + len(alive)
    return {
        "module": module,
        "killed": killed,
        "timeouts": stats.get("timeout", 0),
        "survived": stats["survived"],
        "no_tests": stats.get("no_tests", 0),
        "equivalent": sorted(set(survivors) & set(equivalent)),
        "alive": alive,
        # no mutant counted at all: the run found nothing to test, which is no pass
        "score": killed / counted if counted else 0.0,
        # listed as equivalent but not among the survivors: renumbered or killed since
        "stale": sorted(set(equivalent) - set(survivors)),
        "work": str(work),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="*", help="modules of tests/mutation.toml (default: all)")
    ap.add_argument(
        "--max-children",
        type=int,
        metavar="N",
        help="mutants tested side by side (mutmut run --max-children; default: one per core)",
    )
    args = ap.parse_args()
    if args.max_children is not None and args.max_children < 1:
        ap.error("--max-children must be at least 1")
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    threshold = float(config["threshold"])
    known = config["modules"]
    chosen = args.modules or list(known)
    unknown = [m for m in chosen if m not in known]
    if unknown:
        print(f"not in {CONFIG.relative_to(ROOT)}: {', '.join(unknown)}", file=sys.stderr)
        return 2
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or "mutmut"
    results = []
    for module in chosen:
        entry = known[module]
        results.append(
            mutate(module, entry["tests"], entry.get("equivalent", {}), mutmut, args.max_children)
        )
    failed = False
    print()
    for r in results:
        ok = r["score"] >= threshold
        failed |= not ok
        print(
            f"{'ok  ' if ok else 'LOW '} {r['score']:6.1%}  {r['module']}: {r['killed']} killed "
            f"({r['timeouts']} by timeout), {len(r['alive'])} alive, "
            f"{len(r['equivalent'])} equivalent (listed)"
        )
        for name in r["alive"]:
            print(f"       alive: {name}   (cd {r['work']} && mutmut show {name})")
        for name in r["stale"]:
            print(f"       listed as equivalent, yet not a survivor (renumbered?): {name}")
    # every module's latest run, kept beside the others' (a run of one module keeps the rest)
    summary_file = WORK / "summary.json"
    summary = {}
    if summary_file.is_file():
        with contextlib.suppress(ValueError):
            summary = {r["module"]: r for r in json.loads(summary_file.read_text())}
    summary.update({r["module"]: r for r in results})
    summary_file.write_text(json.dumps(list(summary.values()), indent=1), encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
