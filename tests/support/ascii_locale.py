"""Python run in a process whose locale says ASCII: where a data file read without its
encoding would fail on its first umlaut or dash. The child imports the same copy of the
package as the tests (``PYTHONPATH``: under mutation testing that is the mutated copy), and
no UTF-8 mode hides the locale."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import spieltisch


def run_under_ascii_locale(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    env["PYTHONPATH"] = str(Path(spieltisch.__file__).parents[1])
    return subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, check=False
    )
