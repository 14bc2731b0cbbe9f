"""The 24 Mutterböhnchen as data (rules/mutterboehnchen.md's table): complete, well-formed, and
marked as the reconstruction they are."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources

from spieltisch.games.mutterboehnchen.cards import EFFECTS, load_cards

SPECIALS = tomllib.loads(
    resources.files("spieltisch.games.mutterboehnchen")
    .joinpath("cards.toml")
    .read_text(encoding="utf-8")
)["special"]

# the rulings' table: card -> (variety, class)
TABLE = {
    "Arbeitstier": ("garden", "M"), "Faulpelz": ("garden", "M"), "Wühler": ("garden", "T"),
    "Choleriker": ("red", "M"), "Flitzer": ("red", "R"), "Warmduscher": ("red", "M"),
    "Prügelknabe": ("blackeyed", "M"), "Loser": ("blackeyed", "M"),
    "Hampelmann": ("blackeyed", "M"), "Aktivist": ("soy", "M"), "Einsiedler": ("soy", "M"),
    "Frauenversteher": ("soy", "M"), "Kotzbrocken": ("green", "M"),
    "Saufkumpan": ("green", "T"), "Schluckspecht": ("green", "M"),
    "Chauvischwein": ("stink", "T"), "Kameradenschwein": ("stink", "M"),
    "Messie": ("stink", "M"), "Junggeselle": ("chili", "M"), "Lichtgestalt": ("chili", "T"),
    "Schürzenjäger": ("chili", "M"), "Kavalier": ("blue", "T"), "Macho": ("blue", "T"),
    "Pistolenheld": ("blue", "T"),
}  # fmt: skip


def test_all_24_cards_with_the_rulings_variety_and_class() -> None:
    assert {s["name"]: (s["variety"], s["class"]) for s in SPECIALS} == TABLE


def test_three_of_each_of_the_eight_varieties() -> None:
    assert set(Counter(s["variety"] for s in SPECIALS).values()) == {3}


def test_ids_and_effects_are_unique_and_every_entry_is_marked() -> None:
    assert len({s["id"] for s in SPECIALS}) == 24
    assert len({s["effect"] for s in SPECIALS}) == 24
    assert {s["effect"] for s in SPECIALS} == set(EFFECTS)
    assert all(s["status"] == "reconstructed" and s["text"] for s in SPECIALS)
    low = {s["name"] for s in SPECIALS if s.get("confidence") == "low"}
    assert low == {"Arbeitstier", "Frauenversteher", "Junggeselle"}  # the rulings' (*)


def test_cards_that_do_not_pay_as_their_variety_say_how() -> None:
    meters = {s["name"]: s["beanometer"] for s in SPECIALS if "beanometer" in s}
    assert meters == {
        "Loser": [3, 5, 6, 7],
        "Lichtgestalt": {"as": "chili-lady"},
        "Macho": {"as": "blue-lady"},
    }


def test_the_loaded_specials_pay_as_the_table_says() -> None:
    kinds = {k.name: k for k in load_cards().deck().kinds if k.special}
    assert len(kinds) == 24
    assert kinds["loser"].beanometer == (3, 5, 6, 7)
    assert kinds["lichtgestalt"].beanometer == (2, 5, 7, 8)  # the Chili Lady's
    assert kinds["macho"].beanometer == (3, 5, 7, 9)  # the Blue Lady's
    assert kinds["kotzbrocken"].beanometer == (3, 5, 6, 7)  # the Green male's (pays nothing
    # while on top: a field rule)
    assert kinds["arbeitstier"].beanometer == (0, 2, 3, 0)
    assert all(k.sex == "male" and not k.core for k in kinds.values())
