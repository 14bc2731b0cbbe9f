"""scripts/uv_install.py hands uv the package indexes pip is configured with, so that
``make install`` installs from where pip would, ranked as pip ranks its settings."""

from __future__ import annotations

import importlib.util
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location(
        "uv_install_script", ROOT / "scripts" / "uv_install.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("uv_install_script", module)
    spec.loader.exec_module(module)
    return module


LISTING = """\
global.cert='/etc/ssl/certs/ca-certificates.crt'
global.constraint='/etc/xdg/pip/constraints.txt'
global.extra-index-url='file:///opt/pypi/simple file:///opt/pypi-more/simple'
global.find-links='/opt/wheels'
global.index-url='https://global.example/simple'
install.index-url='https://install.example/simple'
:env:.default-timeout='180'
:env:.find-links='/srv/wheels'
"""


def test_pip_s_environment_beats_its_install_section_beats_its_global_one() -> None:
    settings = _script().pip_settings(LISTING)
    assert settings["index-url"] == "https://install.example/simple"
    assert settings["find-links"] == "/srv/wheels"
    assert settings["extra-index-url"] == "file:///opt/pypi/simple file:///opt/pypi-more/simple"
    assert settings["cert"] == "/etc/ssl/certs/ca-certificates.crt"


def _given(options: list[str], flag: str, value: str) -> bool:
    return any(a == flag and b == value for a, b in itertools.pairwise(options))


def test_every_index_and_folder_becomes_uv_s_option_of_the_same_meaning() -> None:
    script = _script()
    options = script.uv_options(script.pip_settings(LISTING))
    assert _given(options, "--index-strategy", "unsafe-best-match")  # the best version anywhere
    assert _given(options, "--index-url", "https://install.example/simple")
    assert _given(options, "--extra-index-url", "file:///opt/pypi/simple")
    assert _given(options, "--extra-index-url", "file:///opt/pypi-more/simple")
    assert _given(options, "--find-links", "/srv/wheels")
    assert not _given(options, "--find-links", "/opt/wheels")  # pip's environment won
    assert _given(options, "--constraint", "/etc/xdg/pip/constraints.txt")
    assert "180" not in options  # pip's own timeout is no index


def test_no_pip_configuration_gives_plain_pypi() -> None:
    script = _script()
    assert script.uv_options(script.pip_settings("")) == [
        "--index-strategy",
        "unsafe-best-match",
        "--compile-bytecode",
    ]


def test_without_uv_it_says_so_and_fails_for_the_makefile_to_use_pip(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    script = _script()
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    assert script.main(["-e", "."]) == 1
    assert "no uv beside" in capsys.readouterr().err
