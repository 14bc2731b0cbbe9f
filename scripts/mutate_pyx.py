"""Hand mutants of Kalah's compiled play phase (``games/mancala/_kalah.pyx``), which mutmut
does not mutate (it is Cython, not Python): would its tests notice a changed rule?

    python scripts/mutate_pyx.py              # every mutant below: killed or SURVIVED
    python scripts/mutate_pyx.py --keep DIR   # work in DIR (default: build/mutate/_kalah.pyx)

Each mutant is one edit of the source (the text it replaces must occur exactly once): the
checkout's ``src`` and ``tests`` are copied once, then for each mutant the edited ``.pyx`` is
built with Cython into the copy and ``tests/games/mancala/test_kalah_compiled.py`` runs against
it (pytest -x). A mutant is killed when the tests fail (a crash counts). The list names the
rules of the compiled move and the hand-over to the Python rules; add one for any new branch.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYX = "src/spieltisch/games/mancala/_kalah.pyx"
TESTS = "tests/games/mancala/test_kalah_compiled.py"

MUTANTS: list[tuple[str, str, str]] = [
    ("extra turn ignored", "if not (end == END_STORE and self.extra_turn):", "if True:"),
    (
        "the opponent's store sown",
        "            if pos == last:\n                pos = store",
        "            if pos == last and False:\n                pos = store",
    ),
    (
        "a capture of an empty opposite pit",
        "            if captured == 0:\n                end = END_OWN_EMPTY",
        "            if captured < 0:\n                end = END_OWN_EMPTY",
    ),
    (
        "the round ends only with both rows empty",
        "if row0 == 0 or row1 == 0:",
        "if row0 == 0 and row1 == 0:",
    ),
    ("an empty pit legal", "count += self.ring[i] > 0", "count += self.ring[i] >= 0"),
    ("a clone without its own stores", "        c.banked = self.banked\n", ""),
    ("the event's key without the end", "* ENDS + end)", "* ENDS + 0)"),
    (
        "the rows' beans swept swapped",
        "self.swept_beans[0], self.swept_beans[1] = row0, row1",
        "self.swept_beans[0], self.swept_beans[1] = row1, row0",
    ),
    ("the landing pit kept by a capture", "                self.ring[landing] = 0\n", ""),
    (
        "another seat's apply taken for the mover's",
        "if self.slow is not None or self.over or player is not (SEAT1 if p else SEAT0):",
        "if self.slow is not None or self.over:",
    ),
    (
        "another seat's legal actions the mover's",
        "if self.slow is not None or player is not (SEAT1 if self.mover else SEAT0) or self.over:",
        "if self.slow is not None or self.over:",
    ),
    (
        "a match's end recorded without its round",
        "beans = (self.meta[1], self.meta[2], self.banked[0] + row0, self.banked[1] + row1)",
        "beans = (0, self.meta[2], self.banked[0] + row0, self.banked[1] + row1)",
    ),
    (
        "a sown bean past the store skips the next pit",
        "            if pos == store:\n                pos = last + 1",
        "            if pos == store:\n                pos = last + 2",
    ),
    (
        "a loaded position's stores swapped",
        "self._enter(size >> 1, stores[0], stores[1], to_move, meta)",
        "self._enter(size >> 1, stores[1], stores[0], to_move, meta)",
    ),
    (
        "a new match's first mover ignored",
        "self._enter(n, 0, 0, first, meta)",
        "self._enter(n, 0, 0, 0, meta)",
    ),
]

SETUP = """from Cython.Build import cythonize
from setuptools import Extension, setup

setup(ext_modules=cythonize([Extension("_kalah", ["_kalah.pyx"])], language_level=3, quiet=True))
"""


def build(work: Path, source: str) -> None:
    """``source`` built as the copy's ``_kalah`` extension (in a folder of its own, so that
    the project's setup and pyproject stay out of it)."""
    folder = work / "build"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    (folder / "_kalah.pyx").write_text(source, encoding="utf-8")
    (folder / "setup.py").write_text(SETUP, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=folder,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise RuntimeError(f"the mutant did not build:\n{done.stderr[-2000:]}")
    target = work / PYX
    for old in target.parent.glob("_kalah*.so"):
        old.unlink()
    built = next(folder.glob("_kalah*.so"))
    shutil.copy(built, target.parent / built.name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, default=ROOT / "build" / "mutate" / "_kalah.pyx")
    args = parser.parse_args()
    work: Path = args.keep
    shutil.rmtree(work, ignore_errors=True)
    for part in ("src", "tests"):
        shutil.copytree(ROOT / part, work / part, ignore=shutil.ignore_patterns("*.so", "*.c"))
    original = (ROOT / PYX).read_text(encoding="utf-8")
    alive = 0
    for name, old, new in MUTANTS:
        if original.count(old) != 1:
            raise SystemExit(f"{name}: its text occurs {original.count(old)} times in {PYX}")
        build(work, original.replace(old, new))
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", TESTS],
            cwd=work,
            env={"PYTHONPATH": "src", "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
        )
        killed = run.returncode != 0
        alive += not killed
        print(f"{'killed  ' if killed else 'SURVIVED'} {name}", flush=True)
    print(f"{len(MUTANTS) - alive} of {len(MUTANTS)} killed")
    return 1 if alive else 0


if __name__ == "__main__":
    sys.exit(main())
