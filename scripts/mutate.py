"""Mutation testing of the rules modules: would their tests notice a changed rule?

    python scripts/mutate.py                      # every module of tests/mutation.toml
    python scripts/mutate.py src/spieltisch/games/maumau/pile.py
    python scripts/mutate.py --max-children 1 src/...  # one test process at a time
    python scripts/mutate.py --fork src/...       # the fork runner: several times faster

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

mutmut leaves every decorated function alone, so a rule in a ``@cache``d function (the one-bean
rule, a sowing cycle, the cards that fit) would go untested. In the copy, and there only, a
module-level function whose one decorator is ``cache`` or ``lru_cache`` is written undecorated
with ``f = per_test_cache(cache)(f)`` after it (the decorator's own meaning: ``@d`` is
``f = d(f)``), which mutmut then mutates. ``per_test_cache`` caches as the decorator does but
starts afresh with each test: mutmut learns which tests call a function by the calls that reach
it, and a cache filled by an earlier test would hide a later test's calls from it.

``--fork`` lets mutmut make the mutants and learn which tests reach which function, then runs
each mutant's tests in a child forked from one warm parent (scripts/mutate_fork.py says how):
the same mutants and tests, without the seconds a mutant that mutmut's runner spends here
before its first test. A survivor not listed as equivalent is run once more in a fresh
interpreter before it counts, since the parent imported the module with the original code.

A module with nothing mutmut can change (constants only) says so in tests/mutation.toml,
``no_mutants = "why"``: the run must then find none (a mutant found is a failure: its tests are
due), and the module is reported as such instead of as a score of 0 of 0, which is no pass.

    python scripts/mutate.py --check              # every equivalent still about today's code?
    python scripts/mutate.py --reviewed src/...   # its equivalents read again: record that

An equivalent mutant is named by its function and its number in that function
(``x_scan__mutmut_25``), and mutmut numbers a function's mutants from its text alone: while
the function reads the same, the name means the same edit. Once the function is edited, the
number may name another edit (or none), and the reason given for it no longer holds. So
tests/mutation.reviewed.json keeps, for every function with listed equivalents, a digest of
its text (decorators included) as it was when they were last read; ``--check`` (and a test of
the suite) fails on any function changed since, gone, or never recorded. After reading such a
function's equivalents again (rerun its mutants), ``--reviewed MODULE`` records today's text.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import hashlib
import importlib.util
import inspect
import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "tests" / "mutation.toml"
REVIEWED = ROOT / "tests" / "mutation.reviewed.json"
WORK = ROOT / "build" / "mutate"

# the exit codes of a test process killed by a fault (signals: SEGV, ABRT, BUS, FPE, ILL)
CRASHES = {-11, -6, -7, -8, -4}

# the decorators whose functions are unwrapped in the copy (see the module's docstring)
CACHES = {"cache", "lru_cache", "functools.cache", "functools.lru_cache"}


def per_test_cache(decorate):
    """``decorate`` (``cache``, ``lru_cache(...)``) applied afresh whenever pytest's current
    test changes: within a test the function caches as in the game, and each test's first call
    of each argument reaches the function itself (mutmut's record of who calls it). Written
    into the copy (``_mutate_cache.py`` beside the package), never shipped."""
    import functools
    import os

    def wrap(func):
        state = {"test": None, "cached": decorate(func)}

        @functools.wraps(func)
        def call(*args, **kwargs):
            test = os.environ.get("PYTEST_CURRENT_TEST", "").rpartition(" ")[0]
            if test != state["test"]:
                state["test"], state["cached"] = test, decorate(func)
            return state["cached"](*args, **kwargs)

        call.cache_clear = lambda: state.update(cached=decorate(func))
        return call

    return wrap


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
    # and the built extensions (Kalah's compiled state), which git ignores: without them the
    # copy would play Kalah by the Python rules alone and never run the compiled code's tests
    built = [str(f.relative_to(ROOT)) for f in (ROOT / "src").rglob("*.so")]
    for name in [*listed, *built, "pyproject.toml"]:
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


def _is_cache(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(target) in CACHES


def unwrap_caches(source: str, package: str) -> tuple[str, list[str]]:
    """``source`` with its module-level ``@cache``d functions undecorated and wrapped after
    their definition instead (``f = per_test_cache(cache)(f)``), and their names."""
    lines = source.splitlines(keepends=True)
    found = [
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and len(node.decorator_list) == 1
        and _is_cache(node.decorator_list[0])
    ]
    # from the bottom up, so that the line numbers above stay true
    for node in reversed(found):
        decorator = node.decorator_list[0]
        wrap = ast.unparse(decorator)
        after = node.end_lineno or node.lineno
        lines.insert(after, f"{node.name} = _per_test_cache({wrap})({node.name})\n")
        del lines[decorator.lineno - 1 : decorator.end_lineno]
    if found:
        first = min(n.decorator_list[0].lineno for n in found)
        helper = f"from {package}._mutate_cache import per_test_cache as _per_test_cache\n"
        lines.insert(first - 1, helper)
    return "".join(lines), [n.name for n in found]


def _setup_cfg(module: str, tests: list[str], preload: Path) -> str:
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
            # what they cache survive untested. The libraries (hypothesis, numpy, numba, what
            # pytest's plugins import: seconds a mutant) the fork server imports once.
            "process_isolation=forkserver",
            "forkserver_warmup=import",
            f"preload_modules_file={preload}",
            "",
        ]
    )


# names that are never preloaded: ours by name (the tests' packages, which have no file, and a
# conftest), the script run as __main__, and mutmut (the fork server has it already)
NOT_PRELOADED = ("__main__", "__mp_main__", "mutmut", "conftest", "tests")

_LIST_IMPORTS = """
import sys, pytest
out = sys.argv[1]
code = pytest.main(["--collect-only", "-qq", "-p", "no:cacheprovider", *sys.argv[2:]])
with open(out, "w", encoding="utf-8") as f:
    for name, mod in sorted(sys.modules.items()):
        f.write(f"{name}\\t{getattr(mod, '__file__', None) or ''}\\n")
sys.exit(int(code))
"""


def _plugins() -> set[str]:
    """The modules pytest loads as plugins (entry points ``pytest11``): pytest rewrites their
    asserts as it loads them, and warns about one imported before; they are small, the
    libraries they import are what costs."""
    from importlib.metadata import entry_points

    return {ep.value.partition(":")[0] for ep in entry_points(group="pytest11")}


def is_ours(name: str, file: str, work: Path, package: str) -> bool:
    """Whether the module ``name`` (loaded from ``file``, "" for none) belongs to the copy:
    the package by name wherever it was imported from (an editable install points outside
    the copy), anything whose file lies in the copy (``work`` resolved), and the tests'
    packages by name (namespace packages have no file)."""
    top = name.partition(".")[0]
    if top in (package, *NOT_PRELOADED):
        return True
    return bool(file) and Path(file).resolve().is_relative_to(work)


def preload_list(work: Path, tests: list[str], package: str) -> Path:
    """The modules the fork server imports before any mutant (``forkserver_warmup=import``):
    every module a collection of ``tests`` imports but the copy's own (``is_ours``) and
    pytest's plugins. Libraries keep no state of ours, so a mutant forked after them still
    runs our code fresh; they are what made each mutant's process spend seconds before its
    first test."""
    work = work.resolve()
    listed = work / "imports.txt"
    run = subprocess.run(
        [sys.executable, "-c", _LIST_IMPORTS, str(listed), *tests],
        cwd=work,
        env={**os.environ, "PYTHONPATH": "src"},
        check=False,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        # a collection that failed lists only part of what the tests import: say why
        sys.exit(f"collecting {' '.join(tests)} failed:\n{run.stdout}{run.stderr}")
    plugins = _plugins()
    keep = []
    for line in listed.read_text(encoding="utf-8").splitlines():
        name, _, file = line.partition("\t")
        if name in plugins or is_ours(name, file, work, package):
            continue
        keep.append(name)
    preload = work / "preload.txt"
    preload.write_text("\n".join(keep) + "\n", encoding="utf-8")
    return preload


def function_texts(source: str) -> dict[str, str]:
    """The text (decorators included) of each function mutmut mutates, by the key that names
    its mutants: ``x_name`` for a module-level function, ``xǁClassǁname`` for a method."""
    lines = source.splitlines(keepends=True)

    def text(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
        first = min([d.lineno for d in node.decorator_list] + [node.lineno])
        return "".join(lines[first - 1 : node.end_lineno])

    functions = ast.FunctionDef | ast.AsyncFunctionDef
    texts = {}
    for node in ast.parse(source).body:
        if isinstance(node, functions):
            texts[f"x_{node.name}"] = text(node)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, functions):
                    texts[f"xǁ{node.name}ǁ{item.name}"] = text(item)
    return texts


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def function_of(mutant: str) -> str:
    """``spieltisch.games.maumau.pile.x_scan__mutmut_25`` -> ``x_scan``."""
    return mutant.rpartition("__mutmut_")[0].rpartition(".")[2]


def review_digests(source: str, equivalent: dict[str, str]) -> dict[str, str]:
    """Today's digest of each function that has listed equivalents (one it lacks: left out)."""
    texts = function_texts(source)
    keys = {function_of(name) for name in equivalent}
    return {key: digest(texts[key]) for key in sorted(keys) if key in texts}


def unreviewed(source: str, equivalent: dict[str, str], reviewed: dict[str, str]) -> list[str]:
    """Why the equivalents listed for a module (of ``source``) may no longer hold: each function
    with listed equivalents that is gone, or whose text differs from the one recorded when they
    were last read (``reviewed``: function key -> digest); and each record left without any."""
    texts = function_texts(source)
    by_function: dict[str, list[str]] = {}
    for name in equivalent:
        by_function.setdefault(function_of(name), []).append(name)
    problems = []
    for key, names in sorted(by_function.items()):
        listed = f"{len(names)} equivalent{'s' if len(names) > 1 else ''} ({names[0]}...)"
        if key not in texts:
            problems.append(f"{key}: no such function today, yet {listed} listed for it")
        elif key not in reviewed:
            problems.append(f"{key}: {listed}, never recorded as read (--reviewed)")
        elif reviewed[key] != digest(texts[key]):
            problems.append(
                f"{key}: changed since its {listed} were read: rerun its mutants, "
                "mend the list, then --reviewed"
            )
    for key in sorted(set(reviewed) - set(by_function)):
        problems.append(f"{key}: recorded as read, but no equivalent is listed (--reviewed)")
    return problems


def check_reviewed(modules: dict[str, dict], reviewed: dict[str, dict[str, str]]) -> list[str]:
    """``unreviewed`` for every module of the config, each problem led by its module."""
    problems = []
    for module, entry in modules.items():
        source = (ROOT / module).read_text(encoding="utf-8")
        found = unreviewed(source, entry.get("equivalent", {}), reviewed.get(module, {}))
        problems += [f"{module}: {p}" for p in found]
    for module in sorted(set(reviewed) - set(modules)):
        problems.append(f"{module}: recorded as read, but not in {CONFIG.name}")
    return problems


def work_dir(module: str) -> Path:
    """A module's own copy, named by its whole path (``beans.cards``, ``maumau.cards``): runs of
    two modules of one file name, side by side, must not share (and delete) one folder."""
    parts = Path(module).with_suffix("").parts
    if "games" in parts:
        parts = parts[parts.index("games") + 1 :]
    return WORK / ".".join(parts)


def tally(
    stats: dict[str, int],
    statuses: dict[str, str],
    codes: dict[str, int | None],
    equivalent: dict[str, str],
) -> dict:
    """A run's counts and score: ``stats`` (mutmut's totals by status), ``statuses`` (each
    mutant's status, as ``mutmut results`` lists them: those not killed), ``codes`` (each
    mutant's exit code) and the ``equivalent`` listed."""
    # a mutant whose tests' process died of a fault (the compiled kernel writing past an
    # array: SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL) was noticed as surely as by a failed
    # test; mutmut files it under "segfault" or "suspicious", by its exit code
    crashed = [n for n in statuses if codes.get(n) in CRASHES]
    # every other mutant that was not noticed counts against the module: survived, no tests,
    # and any status of a run that broke off (not checked, suspicious, skipped)
    noticed = ("killed", "timeout")
    survivors = [n for n, st in statuses.items() if st not in noticed and n not in crashed]
    alive = [s for s in survivors if s not in equivalent]
    # a timeout is a mutant whose tests ran past mutmut's limit (a loop that never ends): the
    # tests noticed it, but a loaded machine can cause one, so it is counted and also shown
    killed = stats["killed"] + stats.get("timeout", 0) + len(crashed)
    counted = killed + len(alive)
    return {
        "killed": killed,
        "timeouts": stats.get("timeout", 0),
        "crashes": len(crashed),
        "survived": stats["survived"],
        "no_tests": stats.get("no_tests", 0),
        "equivalent": sorted(set(survivors) & set(equivalent)),
        "alive": alive,
        # no mutant counted at all: the run found nothing to test, which is no pass
        "score": killed / counted if counted else 0.0,
        # listed as equivalent but not among the survivors: renumbered or killed since
        "stale": sorted(set(equivalent) - set(survivors)),
    }


def prepare(module: str, tests: list[str]) -> tuple[Path, list[str]]:
    """A module's copy, ready for mutmut: the checkout, its caches unwrapped, mutmut's setup;
    the copy and the functions unwrapped."""
    work = work_dir(module)
    _copy_checkout(work)
    copied = work / module
    package = Path(module).relative_to("src").parts[0]
    source, unwrapped = unwrap_caches(copied.read_text(encoding="utf-8"), package)
    if unwrapped:
        copied.write_text(source, encoding="utf-8")
        helper = work / "src" / package / "_mutate_cache.py"
        helper.write_text(inspect.getsource(per_test_cache), encoding="utf-8")
    preload = preload_list(work, tests, package)
    (work / "setup.cfg").write_text(_setup_cfg(module, tests, preload), encoding="utf-8")
    return work, unwrapped


# a mutant name no mutant has: ``mutmut run`` with it makes the mutants and its stats, then
# stops, finding nothing to run
NO_MUTANT = "no-such-mutant"


def mutate_forked(
    module: str,
    tests: list[str],
    equivalent: dict[str, str],
    mutmut: str,
    jobs: int | None = None,
) -> dict:
    """``mutate`` by the fork runner (scripts/mutate_fork.py): mutmut makes the mutants and
    learns which tests reach which function; every mutant's tests then run in a child forked
    from one warm parent, and each survivor not listed as equivalent once more in a fresh
    interpreter (what the parent computed at import, the original code computed)."""
    work, unwrapped = prepare(module, tests)
    env = {**os.environ, "PYTHONPATH": "src"}
    subprocess.run(
        [mutmut, "run", "--max-children", "1", NO_MUTANT],
        cwd=work,
        env=env,
        check=False,
        capture_output=True,
    )
    meta = work / "mutants" / f"{module}.meta"
    if not (work / "mutants" / "mutmut-stats.json").is_file() or not meta.is_file():
        sys.exit(f"{module}: mutmut made no mutants or no stats in {work} (run mutmut there)")
    made = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    setup = {"module": module, "tests": tests}
    (work / "fork.json").write_text(json.dumps(setup), encoding="utf-8")
    runner = [sys.executable, str(ROOT / "scripts" / "mutate_fork.py"), str(work)]
    if jobs is not None:
        runner += ["--jobs", str(jobs)]
    if made:
        subprocess.run(runner, check=True)
    results = _fork_results(work)
    alive = [n for n, r in results.items() if r["status"] == "survived" and n not in equivalent]
    if alive:
        subprocess.run([*runner, "--fresh", *alive], check=True)
        results = _fork_results(work)
    statuses = {n: r["status"] for n, r in results.items() if r["status"] != "killed"}
    counts = Counter(r["status"] for r in results.values())
    stats = {
        "killed": counts["killed"],
        "timeout": counts["timeout"],
        "survived": counts["survived"],
        "no_tests": counts["no tests"],
    }
    codes = {n: r.get("code") for n, r in results.items()}
    return {
        "module": module,
        **tally(stats, statuses, codes, equivalent),
        "unwrapped": unwrapped,
        "mutants": len(made),
        "work": str(work),
    }


@functools.cache
def _fork_runner() -> ModuleType:
    """scripts/mutate_fork.py, loaded from its file once (a script beside this one)."""
    path = ROOT / "scripts" / "mutate_fork.py"
    spec = importlib.util.spec_from_file_location("mutate_fork", path)
    assert spec is not None and spec.loader is not None
    fork = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fork)
    return fork


def _fork_results(work: Path) -> dict[str, dict]:
    """Each mutant's latest result of the fork runner in ``work``."""
    fork = _fork_runner()
    file = work / fork.RESULTS
    return fork.latest(file.read_text(encoding="utf-8").splitlines()) if file.is_file() else {}


def mutate(
    module: str,
    tests: list[str],
    equivalent: dict[str, str],
    mutmut: str,
    max_children: int | None = None,
) -> dict:
    """Run mutmut on ``module``; its counts and survivors. ``max_children``: how many mutants'
    tests run side by side (mutmut's default: one per core)."""
    work, unwrapped = prepare(module, tests)
    env = {**os.environ, "PYTHONPATH": "src"}
    # mutmut exits non-zero when mutants survive: the counts below judge the run
    run = [mutmut, "run"]
    if max_children is not None:
        run += ["--max-children", str(max_children)]
    subprocess.run(run, cwd=work, env=env, check=False)
    # every mutant mutmut made of the module, by name (its record beside the mutated copy)
    meta = json.loads((work / "mutants" / f"{module}.meta").read_text(encoding="utf-8"))
    made = list(meta["exit_code_by_key"])
    stats = {"killed": 0, "timeout": 0, "survived": 0, "no_tests": len(made)}
    # mutmut stops before testing when no test reaches any mutant (or there is none): it then
    # keeps no results to export, and every mutant made is one no test noticed
    statuses = dict.fromkeys(made, "no tests")
    exported = subprocess.run(
        [mutmut, "export-cicd-stats"], cwd=work, env=env, check=False, capture_output=True
    )
    if made and exported.returncode == 0:
        stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
        listed = subprocess.run(
            [mutmut, "results"], cwd=work, env=env, check=True, capture_output=True, text=True
        ).stdout
        statuses = {}
        for line in listed.splitlines():
            name, _, status = line.strip().rpartition(": ")
            if name:
                statuses[name] = status
    return {
        "module": module,
        **tally(stats, statuses, meta["exit_code_by_key"], equivalent),
        "unwrapped": unwrapped,
        "mutants": len(made),
        "work": str(work),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="*", help="modules of tests/mutation.toml (default: all)")
    ap.add_argument(
        "--max-children",
        type=int,
        metavar="N",
        help="mutants tested side by side (mutmut run --max-children, or the fork runner's "
        "children; default: one per core)",
    )
    ap.add_argument(
        "--fork",
        action="store_true",
        help="each mutant in a child forked from one warm parent (scripts/mutate_fork.py): "
        "several times faster than mutmut's runner",
    )
    ap.add_argument(
        "--check",
        action="store_true",
        help="run nothing: say which listed equivalents were read against an older function",
    )
    ap.add_argument(
        "--reviewed",
        action="store_true",
        help="run nothing: record the modules' functions with equivalents as read today",
    )
    args = ap.parse_args()
    if args.max_children is not None and args.max_children < 1:
        ap.error("--max-children must be at least 1")
    if args.check and args.reviewed:
        ap.error("--check or --reviewed, not both")
    if args.reviewed and not args.modules:
        ap.error("--reviewed: name the modules whose equivalents were read again")
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    threshold = float(config["threshold"])
    known = config["modules"]
    chosen = args.modules or list(known)
    unknown = [m for m in chosen if m not in known]
    if unknown:
        print(f"not in {CONFIG.relative_to(ROOT)}: {', '.join(unknown)}", file=sys.stderr)
        return 2
    reviewed = json.loads(REVIEWED.read_text(encoding="utf-8")) if REVIEWED.is_file() else {}
    if args.check:
        chosen_reviewed = {m: r for m, r in reviewed.items() if m in chosen or not args.modules}
        problems = check_reviewed({m: known[m] for m in chosen}, chosen_reviewed)
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s) in {len(chosen)} module(s)")
        return 1 if problems else 0
    if args.reviewed:
        for module in chosen:
            source = (ROOT / module).read_text(encoding="utf-8")
            digests = review_digests(source, known[module].get("equivalent", {}))
            if digests:
                reviewed[module] = digests
            else:
                reviewed.pop(module, None)
            print(f"{module}: {len(digests)} function(s) recorded as read")
        text = json.dumps(dict(sorted(reviewed.items())), indent=1, ensure_ascii=False)
        REVIEWED.write_text(text + "\n", encoding="utf-8")
        return 0
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or "mutmut"
    results = []
    for module in chosen:
        entry = known[module]
        run = mutate_forked if args.fork else mutate
        results.append(
            run(module, entry["tests"], entry.get("equivalent", {}), mutmut, args.max_children)
        )
    failed = False
    print()
    for r in results:
        reason = known[r["module"]].get("no_mutants")
        if reason is not None:
            # a module that says it has nothing to mutate: a pass only if mutmut found nothing
            ok = r["mutants"] == 0
            failed |= not ok
            if ok:
                print(f"none           {r['module']}: no mutants ({reason})")
            else:
                print(
                    f"LOW            {r['module']}: {r['mutants']} mutants, yet mutation.toml "
                    "says no_mutants: test them and drop no_mutants"
                )
            continue
        ok = r["score"] >= threshold
        failed |= not ok
        print(
            f"{'ok  ' if ok else 'LOW '} {r['score']:6.1%}  {r['module']}: {r['killed']} killed "
            f"({r['timeouts']} by timeout, {r['crashes']} by a crash), {len(r['alive'])} alive, "
            f"{len(r['equivalent'])} equivalent (listed)"
        )
        if not r["mutants"]:
            print('       no mutants: if none is possible, say why (no_mutants = "...")')
        if r["unwrapped"]:
            print(f"       mutated without their cache: {', '.join(r['unwrapped'])}")
        for name in r["alive"]:
            print(f"       alive: {name}   (cd {r['work']} && mutmut show {name})")
        for name in r["stale"]:
            print(f"       listed as equivalent, yet not a survivor (renumbered?): {name}")
        source = (ROOT / r["module"]).read_text(encoding="utf-8")
        equivalent = known[r["module"]].get("equivalent", {})
        for problem in unreviewed(source, equivalent, reviewed.get(r["module"], {})):
            print(f"       to read again: {problem}")
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
