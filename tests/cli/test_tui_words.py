"""The terminal's own catalog (``tui/words.toml``): every word in English and German with the
same slots, and every key the screens name in their code written there (or in a game's
catalog, which the terminal's builds on), so no screen shows a bare key."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

import spieltisch
from spieltisch.core.words import Words
from spieltisch.registry import GAMES

CATALOG = tomllib.loads(
    resources.files("spieltisch.tui").joinpath("words.toml").read_text(encoding="utf-8")
)
SCREENS = Path(spieltisch.__file__).parent / "tui"
SLOT = re.compile(r"\{(\d+)")
ORDINALS = {"tui.mutterboehnchen.fromtop", "tui.mutterboehnchen.stock"}


def _every_game() -> Words:
    packages = dict.fromkeys(path.rpartition(".")[0] for path, _, _ in GAMES.values())
    return Words.load("spieltisch.tui", parents=tuple(Words.load(p) for p in packages))


def test_english_and_german_hold_the_same_keys_and_slots() -> None:
    en, de = CATALOG["en"], CATALOG["de"]
    assert set(en) == set(de), sorted(set(en) ^ set(de))
    for key in en:
        assert key.startswith("tui."), key
        if key in ORDINALS:  # English says the ordinal ("2nd"), German the number ("2.")
            continue
        assert set(SLOT.findall(de[key])) == set(SLOT.findall(en[key])), key


@pytest.mark.parametrize("screen", sorted(p.name for p in SCREENS.glob("*.py")))
def test_every_key_a_screen_names_is_written(screen: str) -> None:
    words = _every_game()
    code = (SCREENS / screen).read_text(encoding="utf-8")
    named = set(re.findall(r"""\btr\(\s*["']([a-z][\w.-]*\w)["']""", code))
    named |= set(re.findall(r"""["'](tui\.[\w.-]+)["']""", code))
    for key in sorted(named):
        for lang in ("en", "de"):
            assert words.lookup(lang, key) is not None, f"{screen}: {key} ({lang})"
