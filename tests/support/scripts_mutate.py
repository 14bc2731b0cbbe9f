"""``scripts/mutate.py`` and its fork runner imported for their tests: scripts beside the
package, not modules of it, so each is loaded from its file (once; the tests share the module
object)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load() -> ModuleType:
    if "mutate_script" in sys.modules:
        return sys.modules["mutate_script"]
    spec = importlib.util.spec_from_file_location("mutate_script", ROOT / "scripts" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate_script"] = module
    spec.loader.exec_module(module)
    return module


def load_fork() -> ModuleType:
    """``scripts/mutate_fork.py``, the fork runner, the same way."""
    if "mutate_fork_script" in sys.modules:
        return sys.modules["mutate_fork_script"]
    path = ROOT / "scripts" / "mutate_fork.py"
    spec = importlib.util.spec_from_file_location("mutate_fork_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate_fork_script"] = module
    spec.loader.exec_module(module)
    return module
