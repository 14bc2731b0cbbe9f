"""scripts/mutate.py's fork-server warm-up: the libraries a module's tests import are loaded
once before the first mutant; nothing of the mutated copy is, or its mutants would run in a
process that already holds the unmutated code (and its caches)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("mutate_script", ROOT / "scripts" / "mutate.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("mutate_script", module)
    spec.loader.exec_module(module)
    return module


def test_the_preload_list_holds_the_libraries_and_nothing_of_the_copy(tmp_path: Path) -> None:
    """A copy with its own package (``toypkg``, imported by the test) and a support module
    beside the tests: the list has what they import from outside (``fractions``, ``pytest``)
    and neither the package, nor the test module, nor the support module."""
    mutate = _script()
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
