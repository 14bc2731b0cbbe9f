"""Bean card files (``beans/cards.py``) pinned where mutation testing (``make mutate``) found them
unchecked: what a card file of a table's own may say, what each wrong one is told, and the deck
built from it. Rulings: shared/rules/bohnanza.md, "Cards" (counts and beanometers: beans for 1,
2, 3, 4 coins); shared/rules/ladybohn.md (Ladies, whose field pays by its top card); the module's
own word: "a misspelt ``mael = 12`` must not become a variety of no cards"."""

from __future__ import annotations

import pytest
from ascii_locale import run_under_ascii_locale

from spieltisch import OptionError
from spieltisch.games.beans.cards import (
    LADY,
    MALE,
    CardKind,
    Deck,
    Variety,
    load_varieties,
    parse_varieties,
    payout,
)


def parse(text: str, flags: tuple[str, ...] = ()):
    return parse_varieties(text, "my.toml", flags)


def refusal(text: str, flags: tuple[str, ...] = ()) -> str:
    with pytest.raises(OptionError) as err:
        parse(text, flags)
    return str(err.value)


ONE = '[[variety]]\nid = "a"\nmale = 3\nbeanometer = [2, 4, 6, 7]\n'


def test_a_variety_says_its_names_counts_beanometers_and_marks():
    text = """
[[variety]]
id = "blue"
de = "Blaue Bohne"
en = "Blue"
male = 2
beanometer = [4, 6, 8, 10]
status = "verified"
lady = 1
lady_beanometer = [3, 5, 0, 9]
lady_status = "sheet"
classic = true
two_player = false
"""
    (v,) = parse(text, flags=("two_player",))
    assert (v.id, v.de, v.en, v.classic) == ("blue", "Blaue Bohne", "Blue", True)
    assert v.counts == {MALE: 2, LADY: 1}
    assert v.beanometers == {MALE: (4, 6, 8, 10), LADY: (3, 5, 0, 9)}
    assert v.status == {MALE: "verified", LADY: "sheet"}
    assert v.flags == (("two_player", False),)
    assert v.flag("two_player") is False and v.flag("other", 7) == 7


def test_what_a_variety_leaves_unsaid():
    """Names default to the id, the status of a beanometer to "reconstructed" (a guess that a
    table owning the cards replaces), and a variety is not of the classic set."""
    (v,) = parse("[[variety]]\nid = 7\nmale = 3\nbeanometer = [2, 4, 6, 7]\n")
    assert (v.id, v.de, v.en, v.classic) == ("7", "7", "7", False)
    assert v.status == {MALE: "reconstructed"} and v.flags == ()
    assert v.flag("two_player") is None


def test_no_cards_of_a_sex_need_no_beanometer_but_one_given_is_read():
    (v,) = parse('[[variety]]\nid = "a"\nmale = 0\nlady = 2\nlady_beanometer = [1]\n')
    assert v.counts == {MALE: 0, LADY: 2} and v.beanometers == {LADY: (1,)}
    (v,) = parse(
        '[[variety]]\nid = "a"\nmale = 0\nbeanometer = [0, 2]\nlady = 1\nlady_beanometer = []\n'
    )
    assert v.beanometers == {MALE: (0, 2), LADY: ()}


@pytest.mark.parametrize("meter", [[], [0], [1, 2, 3, 4], [0, 0, 0, 5]])
def test_a_beanometer_of_up_to_four_tiers_loads(meter):
    (v,) = parse(f'[[variety]]\nid = "a"\nmale = 1\nbeanometer = {meter}\n')
    assert v.beanometers[MALE] == tuple(meter)


@pytest.mark.parametrize("meter", ['"2 4 6"', "[1, 2, 3, 4, 5]", "[2, -1]", "[2.0, 4]", '["2"]'])
def test_a_beanometer_that_is_no_list_of_up_to_four_counts_is_refused(meter):
    said = refusal(f'[[variety]]\nid = "a"\nmale = 1\nbeanometer = {meter}\n')
    assert said == "my.toml, variety 'a': a beanometer is a list of up to 4 bean counts (0 = none)"


def test_thresholds_that_do_not_strictly_increase_are_told_so():
    said = refusal('[[variety]]\nid = "a"\nmale = 1\nbeanometer = [3, 0, 3]\n')
    assert (
        said == "my.toml, variety 'a': beanometer thresholds must strictly increase, not [3, 0, 3]"
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[[variety]\n", "my.toml: not a TOML file ("),
        ("", "my.toml: no [[variety]] entries"),
        (
            "version = 2\nauthor = 'me'\n" + ONE,
            "my.toml: unknown key(s) author, version; a card file holds [[variety]] entries",
        ),
        (
            ONE.replace("male = 3", "mael = 3\ncolour = 1"),
            "my.toml, variety 'a': unknown key(s) colour, mael; known: beanometer, classic, de, "
            "en, id, lady, lady_beanometer, lady_status, male, status",
        ),
        (
            ONE.replace("male = 3", "male = -1"),
            "my.toml, variety 'a': the count of male cards is a whole number",
        ),
        (
            ONE.replace("male = 3", "male = 2.5"),
            "my.toml, variety 'a': the count of male cards is a whole number",
        ),
        (
            ONE + 'lady = "five"\n',
            "my.toml, variety 'a': the count of lady cards is a whole number",
        ),
        (
            ONE + 'status = "guessed"\n',
            "my.toml, variety 'a': status is one of sheet, verified, reconstructed",
        ),
        (
            ONE + 'lady = 1\nlady_beanometer = [1]\nlady_status = "guess"\n',
            "my.toml, variety 'a': status is one of sheet, verified, reconstructed",
        ),
        (ONE.replace('id = "a"\n', ""), "my.toml, variety 0: needs 'id'"),
        (ONE + "lady = 2\n", "my.toml, variety 'a': needs 'lady_beanometer'"),
        (
            ONE.replace("beanometer = [2, 4, 6, 7]\n", ""),
            "my.toml, variety 'a': needs 'beanometer'",
        ),
    ],
)
def test_a_wrong_card_file_is_told_what_is_wrong(text, said):
    assert refusal(text).startswith(said)


def test_a_game_s_own_keys_are_known_to_it_alone():
    text = ONE + "two_player = false\n"
    assert (
        "known: beanometer, classic, de, en, id, lady, lady_beanometer, lady_status, male, "
        "status, two_player" not in refusal(text + "x = 1\n")
    )
    assert refusal(text + "x = 1\n", flags=("two_player",)).endswith(
        "unknown key(s) x; known: beanometer, classic, de, en, id, lady, lady_beanometer, "
        "lady_status, male, status, two_player"
    )
    assert refusal(text).startswith("my.toml, variety 'a': unknown key(s) two_player;")


def test_the_second_variety_is_named_by_its_place_when_it_has_no_id():
    said = refusal(ONE + "[[variety]]\nmale = 1\nbeanometer = [1]\n")
    assert said == "my.toml, variety 1: needs 'id'"


def test_a_built_in_card_file_is_named_as_such():
    """Ladybohn's file carries its own key ``two_player``: read without it, it is refused, and
    the refusal names the built-in file."""
    with pytest.raises(
        OptionError,
        match=r"^cards\.toml \(built in\), variety 'blackeyed': unknown key\(s\) two_player;",
    ):
        load_varieties("spieltisch.games.ladybohn")
    assert [v.id for v in load_varieties("spieltisch.games.ladybohn", flags=("two_player",))][
        :2
    ] == [
        "blue",
        "chili",
    ]


def test_a_card_file_that_cannot_be_read_is_told_so(tmp_path):
    with pytest.raises(OptionError) as err:
        load_varieties("spieltisch.games.bohnanza", path=str(tmp_path / "nowhere.toml"))
    assert str(err.value) == (
        f"cannot read the card file {tmp_path / 'nowhere.toml'}: No such file or directory"
    )
    path = tmp_path / "mine.toml"
    path.write_text(ONE + "lady = 2\n", encoding="utf-8")
    with pytest.raises(OptionError, match=f"^{path}, variety 'a': needs 'lady_beanometer'$"):
        load_varieties("spieltisch.games.bohnanza", path=str(path))


def test_the_deck_has_a_card_per_count_in_the_files_order():
    """Every physical card gets an id, its index in the deck table."""
    text = (
        ONE
        + 'lady = 2\nlady_beanometer = [1, 3]\n[[variety]]\nid = "b"\nmale = 1\nbeanometer = [5]\n'
    )
    deck = Deck.build(parse(text))
    a, a_lady, b = (
        CardKind("a", MALE, (2, 4, 6, 7)),
        CardKind("a", LADY, (1, 3)),
        CardKind("b", MALE, (5,)),
    )
    assert deck.kinds == (a, a, a, a_lady, a_lady, b)
    assert deck.size == 6
    assert [deck.variety(c) for c in range(6)] == ["a"] * 5 + ["b"]
    assert list(deck.names()) == ["a", "b"] and deck.names()["b"].counts == {MALE: 1}
    assert deck.variety_of == ("a",) * 5 + ("b",)
    assert deck.name_of == ("a",) * 3 + ("a-lady",) * 2 + ("b",)


def test_a_sex_without_a_beanometer_has_an_empty_one_in_the_deck():
    """A variety made without a beanometer for a sex (not from a file, which needs one for
    every sex it has cards of): its cards pay nothing, and their beanometer is empty."""
    v = Variety("m", "m", "m", {LADY: 1}, {}, {LADY: "sheet"})
    assert Deck.build([v]).kinds == (CardKind("m", LADY, ()),)
    assert payout(Deck.build([v]).kinds[0].beanometer, 5) == 0


def test_card_files_are_read_as_utf_8_whatever_the_locale(tmp_path):
    """A card file names its varieties in German ("Blaue Bohne", "Weinbrandbohne" — and
    umlauts): read as UTF-8 also where the locale's encoding is ASCII."""
    path = tmp_path / "umlaut.toml"
    path.write_text(ONE.replace('id = "a"', 'id = "a"\nde = "Bohne für Müller"'), encoding="utf-8")
    code = (
        "from spieltisch.games.beans.cards import load_varieties as l;"
        f"print(l('x', path={str(path)!r})[0].de == 'Bohne f\\xfcr M\\xfcller',"
        " l('spieltisch.games.bohnanza')[0].id)"
    )
    out = run_under_ascii_locale(code)
    assert out.stdout.split() == ["True", "coffee"], out.stderr


def test_a_field_pays_the_highest_tier_it_reaches():
    """beanometer: beans for 1, 2, 3, 4 coins; 0 = no such tier."""
    assert payout((0, 2, 3, 0), 1) == 0
    assert payout((0, 2, 3, 0), 2) == 2
    assert payout((0, 2, 3, 0), 9) == 3
    assert payout((), 9) == 0
