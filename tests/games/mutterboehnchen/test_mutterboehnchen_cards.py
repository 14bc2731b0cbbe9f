"""The reconstructed 2007 core and the Mutterböhnchen set as data (rules/mutterboehnchen.md,
"The reconstructed 2007 core" and "Sheet 000 on top"): every card, every number's source, and a
loader that refuses what it does not know."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from spieltisch import OptionError
from spieltisch.games.mutterboehnchen.cards import load_cards, parse_cards

CARDS = load_cards()
DECK = CARDS.deck()
BUILT_IN = (
    resources.files("spieltisch.games.mutterboehnchen")
    .joinpath("cards.toml")
    .read_text(encoding="utf-8")
)

# rules/bohnanza.md's classic males and rules/ladybohn.md's Ladys (the Garden Lady is the 2007
# game's own): variety -> (males, male beanometer, Ladys, Lady beanometer)
TABLE = {
    "blue": (20, (4, 6, 8, 10), 5, (3, 5, 7, 9)),
    "chili": (18, (3, 6, 8, 9), 5, (2, 5, 7, 8)),
    "stink": (16, (3, 5, 7, 8), 4, (2, 4, 6, 7)),
    "green": (14, (3, 5, 6, 7), 3, (2, 4, 5, 6)),
    "soy": (12, (2, 4, 6, 7), 3, (1, 3, 5, 6)),
    "blackeyed": (10, (2, 4, 5, 6), 2, (1, 3, 4, 5)),
    "red": (8, (2, 3, 4, 5), 1, (1, 2, 3, 4)),
    "garden": (6, (0, 2, 3, 0), 1, (1, 2, 3, 4)),
}


def count(**want) -> int:
    return sum(all(getattr(k, a) == v for a, v in want.items()) for k in DECK.kinds)


def test_136_core_cards_and_32_mutterboehnchen_cards() -> None:
    assert DECK.size == 168
    assert count(core=True) == 136
    assert count(core=False) == 32
    plain_males = count(sex="male", special="")
    assert plain_males == 104
    assert count(sex="lady") == 24
    assert count(sex="baby", rattles=1) == 8 and count(sex="baby", rattles=2) == 8
    assert sum(1 for k in DECK.kinds if k.special) == 24


def test_every_variety_has_the_rulings_counts_and_beanometers() -> None:
    by = Counter(k.name for k in DECK.kinds)
    meters = {k.name: k.beanometer for k in DECK.kinds}
    for v, (males, male_meter, ladys, lady_meter) in TABLE.items():
        assert by[v] == males and meters[v] == male_meter
        assert by[f"{v}-lady"] == ladys and meters[f"{v}-lady"] == lady_meter
        assert by[f"{v}-baby"] == 1 and by[f"{v}-baby2"] == 1, "one Baby of each per variety"
        assert meters[f"{v}-baby"] == meters[f"{v}-baby2"] == (), "Babys pay nothing"
    assert set(TABLE) == {v.id for v in DECK.varieties}


def test_the_garden_lady_pays_from_the_discard_pile_and_nobody_else() -> None:
    payers = {k.name for k in DECK.kinds if k.pays == "discard_bottom"}
    assert payers == {"garden-lady"}


def test_babys_know_their_rattles_and_only_the_one_rattle_babys_are_core() -> None:
    babys = [k for k in DECK.kinds if k.is_baby]
    assert {(k.rattles, k.core) for k in babys} == {(1, True), (2, False)}


def test_every_number_is_marked_and_the_core_is_marked_reconstructed() -> None:
    sources = dict(CARDS.sources)
    assert set(sources.values()) <= {"sheet", "reconstructed"}
    for v in TABLE:
        for what in ("male count", "male beanometer", "lady count", "lady beanometer"):
            assert sources[f"{v} {what}"] == "reconstructed"
        assert sources[f"{v} baby count"] == sources[f"{v} baby2 count"] == "reconstructed"
    assert sources["garden Lady paid from discard_bottom"] == "sheet"
    assert len([w for w in CARDS.reconstructed() if "(" in w]) == 24, "the 24 texts"


# -- the loader refuses what it does not know --------------------------------------------------


def changed(old: str, new: str) -> str:
    assert old in BUILT_IN
    return BUILT_IN.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("male = 20\n", "mael = 20\n", "unknown key"),
        ('male_status = "reconstructed"\n', "", "male_status"),
        ('lady_beanometer_status = "reconstructed"\n', "", "lady_beanometer_status"),
        ('baby2_status = "reconstructed"\n', 'baby2_status = "guess"\n', "baby2_status"),
        ("beanometer = [4, 6, 8, 10]", "beanometer = [4, 6, 6, 10]", "strictly increase"),
        ('lady_pays = "discard_bottom"', 'lady_pays = "discard_top"', "lady_pays"),
        ('effect = "forced_harvest"', 'effect = "forced_harvest_2"', "unknown effect"),
        ('class = "R"', 'class = "X"', "class"),
        ('name = "Loser"\n', 'name = "Loser"\nrattles = 2\n', "unknown key"),
        ('[[variety]]\nid = "blue"', 'cards = 1\n[[variety]]\nid = "blue"', "unknown key"),
        ('id = "macho"', 'id = "blue-lady"', "used twice or as a card name"),
        ('{ as = "chili-lady" }', '{ as = "tomato-lady" }', "beanometer"),
    ],
)
def test_a_bad_card_file_is_refused_with_the_reason(old, new, says) -> None:
    with pytest.raises(OptionError, match=says):
        parse_cards(changed(old, new), "test.toml")


def test_a_table_loads_its_printed_cards_from_a_file(tmp_path) -> None:
    printed = changed("lady = 5\n", "lady = 6\n").replace('"reconstructed"', '"printed"')
    path = tmp_path / "printed.toml"
    path.write_text(printed, encoding="utf-8")
    cards = load_cards(str(path))
    assert cards.deck().size == 169
    assert cards.reconstructed() == []
    with pytest.raises(OptionError, match="cannot read"):
        load_cards(str(tmp_path / "missing.toml"))


def test_the_game_loads_a_tables_own_cards_with_the_cards_option(tmp_path) -> None:
    from mutterboehnchen_positions import load_game

    path = tmp_path / "printed.toml"
    path.write_text(changed("male = 20\n", "male = 21\n"), encoding="utf-8")
    game = load_game(cards=str(path))
    assert game.deck.size == 169
    assert len(game.new_state(4, seed=1).stock) == 169 - 16 - 20
    with pytest.raises(OptionError, match="unknown key"):
        path.write_text(changed("male = 20\n", "males = 20\n"), encoding="utf-8")
        load_game(cards=str(path))
