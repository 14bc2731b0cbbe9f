"""scripts/mutate.py's fork-server warm-up: the libraries a module's tests import are loaded
once before the first mutant; nothing of the mutated copy is, or its mutants would run in a
process that already holds the unmutated code (and its caches)."""

from __future__ import annotations

import fractions  # noqa: F401  (a library module for the test below)
import sys
from pathlib import Path

from scripts_mutate import load

ROOT = Path(__file__).resolve().parents[2]


def test_the_preload_list_holds_the_libraries_and_nothing_of_the_copy(tmp_path: Path) -> None:
    """A copy with its own package (``toypkg``, imported by the test) and a support module
    beside the tests: the list has what they import from outside (``fractions``, ``pytest``)
    and neither the package, nor the test module, nor the support module."""
    mutate = load()
    (tmp_path / "src" / "toypkg").mkdir(parents=True)
    (tmp_path / "src" / "toypkg" / "__init__.py").write_text("import fractions\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "toyhelp.py").write_text("VALUE = 1\n")
    (tmp_path / "tests" / "test_toy.py").write_text(
        "import sys, pathlib\n"
        "sys.path.insert(0, str(pathlib.Path(__file__).parent))\n"
        "import toypkg, toyhelp\n\n"
        "def test_nothing():\n    assert toyhelp.VALUE == 1\n"
    )
    listed = mutate.preload_list(tmp_path, ["tests/test_toy.py"], "toypkg").read_text()
    names = set(listed.split())
    assert {"fractions", "pytest"} <= names
    assert not {n for n in names if n.split(".")[0] in ("toypkg", "toyhelp", "test_toy")}
    assert "__main__" not in names


def test_our_modules_are_known_wherever_they_were_imported_from(tmp_path: Path) -> None:
    """What decides each name: the package by name even from outside the copy (an editable
    install), the tests' namespace packages (no file) by name, a support module through a
    symlinked path to the copy; a library's module is not ours."""
    mutate = load()
    work = tmp_path / "copy"
    (work / "tests" / "support").mkdir(parents=True)
    helper = work / "tests" / "support" / "positions.py"
    helper.write_text("")
    (tmp_path / "link").symlink_to(work)
    ours = mutate.is_ours
    assert ours("spieltisch.games.maumau.rules", "/elsewhere/src/x.py", work, "spieltisch")
    assert ours("tests.games", "", work, "spieltisch")
    assert ours(
        "positions",
        str(tmp_path / "link" / "tests" / "support" / "positions.py"),
        work.resolve(),
        "spieltisch",
    )
    assert not ours("fractions", sys.modules["fractions"].__file__, work, "spieltisch")
    assert not ours("spieltischer", "/elsewhere/y.py", work, "spieltisch")


def test_pytests_plugins_are_left_to_pytest(tmp_path: Path) -> None:
    """A plugin imported before pytest loads it cannot have its asserts rewritten (pytest
    warns in every mutant's run): the plugins are not in the list, the libraries they use are."""
    mutate = load()
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_toy.py").write_text("def test_nothing():\n    pass\n")
    names = set(mutate.preload_list(tmp_path, ["tests/test_toy.py"], "toypkg").read_text().split())
    plugins = mutate._plugins()
    assert plugins and not plugins & names
    assert "hypothesis" in names  # what hypothesis's plugin imports
