"""``pip install ARGS`` done by uv, from the package indexes pip is configured with.

``make install`` sets up the project's environment on every fresh machine and in every CI
run. pip fetches and installs the hundred-odd packages one after another (about 220 s here,
of which 67 s of CPU); uv does the same in parallel (about 15 s). uv reads its own settings,
not pip's, so this script hands it pip's: the index, the extra indexes, the find-links
folders and the constraint files that ``pip config list`` reports (pip's environment variables
over its ``install`` section over its ``global`` one, as pip ranks them), and the certificate
bundle. The resolution takes the best version on any index, as pip does.

    python scripts/uv_install.py -e '.[test]'     # with the environment's python

It exits with uv's status; the Makefile falls back to pip where uv fails.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

LISTS = {
    "index-url": "--index-url",
    "extra-index-url": "--extra-index-url",
    "find-links": "--find-links",
    "constraint": "--constraint",
}
"""pip's settings that uv takes as options of the same meaning; a value is a space-separated
list where pip allows several."""

RANK = {"global": 0, "install": 1, ":env:": 2}
"""Where a setting comes from, weakest first: pip's environment variables win."""


def pip_settings(listing: str) -> dict[str, str]:
    """The settings in ``pip config list``'s output (``section.key='value'`` lines), each
    from its strongest source."""
    best: dict[str, tuple[int, str]] = {}
    for line in listing.splitlines():
        name, sep, quoted = line.partition("=")
        section, dot, key = name.rpartition(".")
        if not (sep and dot) or section not in RANK:
            continue
        try:
            value = ast.literal_eval(quoted)
        except (ValueError, SyntaxError):
            continue
        rank = RANK[section]
        if key not in best or rank >= best[key][0]:
            best[key] = (rank, str(value))
    return {key: value for key, (_, value) in best.items()}


def uv_options(settings: dict[str, str]) -> list[str]:
    """uv's options for pip's settings: every index pip would read, best version anywhere."""
    options = ["--index-strategy", "unsafe-best-match", "--compile-bytecode"]
    for key, flag in LISTS.items():
        for value in settings.get(key, "").split():
            options += [flag, value]
    return options


def main(args: list[str]) -> int:
    uv = Path(sys.executable).with_name("uv")
    if not uv.exists():
        print(f"uv_install: no uv beside {sys.executable}", file=sys.stderr)
        return 1
    listing = subprocess.run(
        [sys.executable, "-m", "pip", "config", "list"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    settings = pip_settings(listing)
    env = dict(os.environ)
    if "cert" in settings:
        env.setdefault("SSL_CERT_FILE", settings["cert"])
    command = [str(uv), "pip", "install", "--python", sys.executable, *uv_options(settings)]
    return subprocess.run([*command, *args], env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
