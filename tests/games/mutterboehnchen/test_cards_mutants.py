"""Mutterböhnchen's card file (``mutterboehnchen/cards.py``) pinned where mutation testing
(``make mutate``) found it unchecked. The rulings (shared/rules/mutterboehnchen.md, "The
reconstructed 2007 core") keep every number with its source so that "a table that owns the
real cards can load them" (option ``cards``): a table's own file is read as written, and what
the loader cannot read is refused with the place and the reason, never guessed at. Small card
files of their own, written here, show each rule alone."""

from __future__ import annotations

import locale

import pytest

from spieltisch import OptionError
from spieltisch.games.beans.cards import Variety
from spieltisch.games.mutterboehnchen import cards as cards_module
from spieltisch.games.mutterboehnchen.cards import CardSet, load_cards, parse_cards

STATUSES = "sheet, verified, reconstructed, printed"

RED = """
[[variety]]
id = "red"
male = 3
male_status = "sheet"
beanometer = [1, 2, 3, 4]
beanometer_status = "sheet"
"""

# a variety with every kind of card and every number's source
BLUE = """
[[variety]]
id = "blue"
de = "Blaue Bohne"
en = "Blue"
male = 2
male_status = "verified"
beanometer = [2, 3, 0, 5]
beanometer_status = "printed"
lady = 2
lady_status = "reconstructed"
lady_beanometer = [1, 2, 3, 4]
lady_beanometer_status = "reconstructed"
lady_pays = "discard_bottom"
lady_pays_status = "sheet"
baby = 1
baby_status = "reconstructed"
baby2 = 2
baby2_status = "printed"
"""


def special(sid: str = "loser", **keys) -> str:
    """A [[special]] entry of the red variety: ``keys`` change or (None) drop its keys."""
    entry = {
        "id": f'"{sid}"',
        "name": '"Loser"',
        "variety": '"red"',
        "class": '"T"',
        "effect": '"forced_harvest"',
        "status": '"reconstructed"',
        "text": '"Harvest!"',
    }
    entry.update({k: v for k, v in keys.items() if v is not None})
    for k, v in keys.items():
        if v is None:
            entry.pop(k, None)
    return "\n[[special]]\n" + "".join(f"{k} = {v}\n" for k, v in entry.items())


def parse(text: str):
    return parse_cards(text, "test.toml")


def refused(text: str) -> str:
    """The whole reason a card file is refused with: the place, the key and what is wrong."""
    with pytest.raises(OptionError) as err:
        parse(text)
    return str(err.value)


# -- the deck: every card gets an id -----------------------------------------------------------


def test_the_deck_deals_ids_per_variety_males_ladys_babys_then_the_specials_in_file_order():
    """CardSet.deck: "per variety its males, Ladys, 1-rattle and 2-rattle Babys, then the
    special beans in the file's order"; a card's kind carries its beanometer, where a Lady's
    coins come from, a Baby's rattles and whether it is one of the 2007 core."""
    deck = parse(BLUE + RED + special("zweiter") + special("erster")).deck()
    assert [k.name for k in deck.kinds] == [
        "blue", "blue", "blue-lady", "blue-lady", "blue-baby", "blue-baby2", "blue-baby2",
        "red", "red", "red", "zweiter", "erster",
    ]  # fmt: skip
    assert [k.beanometer for k in deck.kinds[:7]] == [(2, 3, 0, 5)] * 2 + [(1, 2, 3, 4)] * 2 + [
        ()
    ] * 3
    assert [k.pays for k in deck.kinds[:4]] == ["field", "field"] + ["discard_bottom"] * 2
    assert [k.rattles for k in deck.kinds[4:7]] == [1, 2, 2]
    assert [k.core for k in deck.kinds] == [True] * 5 + [False] * 2 + [True] * 3 + [False] * 2
    loser = deck.kinds[-1]
    assert (loser.variety, loser.sex, loser.beanometer) == ("red", "male", (1, 2, 3, 4))
    assert (loser.special, loser.klass, loser.effect) == ("erster", "T", "forced_harvest")
    assert deck.kinds[7].special == deck.kinds[7].klass == deck.kinds[7].effect == ""


def test_a_lady_pays_from_her_field_unless_her_variety_says_otherwise():
    """``lady_pays``: "field" (the top cards of the field, the default) or "discard_bottom" (the
    Garden Lady): a variety that says nothing pays from the field, and only a variety that pays
    otherwise is listed as such."""
    text = RED.replace('beanometer_status = "sheet"\n', 'beanometer_status = "sheet"\nlady = 1\n'
                       'lady_status = "sheet"\nlady_beanometer = [1]\n'
                       'lady_beanometer_status = "sheet"\n')  # fmt: skip
    cards = parse(text + BLUE)
    assert cards.lady_pays == {"blue": "discard_bottom"}
    ladys = {k.variety: k.pays for k in cards.deck().kinds if k.is_lady}
    assert ladys == {"red": "field", "blue": "discard_bottom"}
    field = parse(text.replace('lady = 1\n', 'lady = 1\nlady_pays = "field"\n'
                               'lady_pays_status = "printed"\n'))  # fmt: skip
    assert field.lady_pays == {}
    assert ("red Lady paid from field", "printed") in field.sources


def test_a_special_of_a_variety_without_males_pays_nothing_by_default():
    """A special bean pays by "the variety's male beanometer" unless it has its own: a
    variety of a table's file with no males (and so no male beanometer) gives it none, an
    empty beanometer that pays nothing, not a missing one."""
    ladys_only = """
[[variety]]
id = "red"
lady = 1
lady_status = "sheet"
lady_beanometer = [1, 2]
lady_beanometer_status = "sheet"
"""
    (kind,) = [k for k in parse(ladys_only + special()).deck().kinds if k.special]
    assert kind.beanometer == ()


def test_a_special_pays_by_its_own_beanometer_or_as_the_lady_it_names():
    """``beanometer``: "only where the card does not pay by its variety's male beanometer (as =
    "<variety>-lady": pays like that Lady)"; ``as = "<variety>"`` names the males."""
    cards = parse(
        BLUE
        + RED
        + special("eigen", beanometer="[0, 2, 4]")
        + special("wie_lady", beanometer='{ as = "blue-lady" }')
        + special("wie_mann", beanometer='{ as = "blue" }')
        + special("ohne")
    )
    meters = {s.id: s.beanometer for s in cards.specials}
    assert meters == {
        "eigen": (0, 2, 4),
        "wie_lady": (1, 2, 3, 4),
        "wie_mann": (2, 3, 0, 5),
        "ohne": None,
    }
    kinds = {k.special: k.beanometer for k in cards.deck().kinds if k.special}
    assert kinds == {**meters, "ohne": (1, 2, 3, 4)}


def test_a_card_set_built_in_code_deals_no_card_of_a_count_it_leaves_out():
    """A CardSet need not come from a file (its varieties are Bohnanza's ``Variety``): a
    variety that gives no count of a sex has no card of it, and cards of a sex it gives no
    beanometer for pay nothing (an empty beanometer, as a Baby's)."""
    males_only = Variety("red", "Rot", "Red", {"male": 2}, {}, {})
    ladys_only = Variety("soy", "Soja", "Soy", {"lady": 1}, {}, {})
    cards = CardSet((males_only, ladys_only), {"red": {}, "soy": {}}, {}, (), ())
    kinds = cards.deck().kinds
    assert [(k.name, k.beanometer) for k in kinds] == [
        ("red", ()),
        ("red", ()),
        ("soy-lady", ()),
    ]


# -- what a file says, as read -----------------------------------------------------------------


def test_a_variety_is_read_with_its_counts_beanometers_statuses_and_names():
    """Every number with its source: the counts per sex, the beanometers, each number's status
    and the Babys by rattles; the names default to the id."""
    cards = parse(BLUE + RED)
    blue, red = cards.varieties
    assert (blue.id, blue.de, blue.en) == ("blue", "Blaue Bohne", "Blue")
    assert (red.id, red.de, red.en) == ("red", "red", "red")
    assert blue.counts == {"male": 2, "lady": 2}
    assert red.counts == {"male": 3, "lady": 0}
    assert blue.beanometers == {"male": (2, 3, 0, 5), "lady": (1, 2, 3, 4)}
    assert red.beanometers == {"male": (1, 2, 3, 4)}
    assert blue.status == {
        "male": "verified",
        "lady": "reconstructed",
        "baby": "reconstructed",
        "baby2": "printed",
    }
    assert red.status == {"male": "sheet"}
    assert cards.babies == {"blue": {1: 1, 2: 2}, "red": {1: 0, 2: 0}}
    assert cards.sources[:9] == (
        ("blue male count", "verified"),
        ("blue male beanometer", "printed"),
        ("blue lady count", "reconstructed"),
        ("blue lady beanometer", "reconstructed"),
        ("blue baby count", "reconstructed"),
        ("blue baby2 count", "printed"),
        ("blue Lady paid from discard_bottom", "sheet"),
        ("red male count", "sheet"),
        ("red male beanometer", "sheet"),
    )


def test_a_special_is_read_with_every_key():
    """A [[special]] entry: id, name, variety, class, effect, status, the text and a
    "confidence" of "low" where the rulings mark the text (*); left out, none."""
    cards = parse(RED + special(confidence='"low"') + special("wuehler", confidence=None))
    low, plain = cards.specials
    assert (low.id, low.name, low.variety, low.klass) == ("loser", "Loser", "red", "T")
    assert (low.effect, low.status, low.text) == ("forced_harvest", "reconstructed", "Harvest!")
    assert (low.confidence, plain.confidence) == ("low", "")
    assert cards.sources[-2:] == (
        ("Loser (forced_harvest)", "reconstructed"),
        ("Loser (forced_harvest)", "reconstructed"),
    )
    assert parse(RED + special(confidence='""')).specials[0].confidence == ""


def test_counts_of_none_need_no_beanometer_and_a_beanometer_may_stand_alone():
    """A count of 0 is a number like any other (with its status) and needs no beanometer;
    a beanometer without cards is still read (a special bean may pay by it)."""
    text = RED + '\n[[variety]]\nid = "soy"\nmale = 0\nmale_status = "printed"\n'
    text += 'beanometer = [2]\nbeanometer_status = "printed"\n'
    soy = parse(text).varieties[1]
    assert soy.counts == {"male": 0, "lady": 0}
    assert soy.beanometers == {"male": (2,)}
    assert soy.status == {"male": "printed"}
    empty = parse(RED + '\n[[variety]]\nid = "soy"\nmale = 0\nmale_status = "printed"\n')
    assert empty.varieties[1].beanometers == {}


def test_reconstructed_lists_only_what_the_file_marks_so():
    """``spieltisch rules`` says what is a guess: the numbers marked "reconstructed", not those
    of the sheet, checked or printed."""
    assert parse(BLUE + RED + special()).reconstructed() == [
        "blue lady count",
        "blue lady beanometer",
        "blue baby count",
        "Loser (forced_harvest)",
    ]


def test_the_reconstructed_summary_groups_by_number_and_names_the_baby_counts():
    """The summary: one line per number of a variety ("male beanometer: blue, chili"), the
    Baby counts by their rattles, one line for the special beans' texts."""
    guess = BLUE.replace('"verified"', '"reconstructed"').replace('"printed"', '"reconstructed"')
    red = RED.replace('"sheet"', '"reconstructed"')
    text = guess + red + special() + special("wuehler", name='"Wühler"')
    assert parse(text).reconstructed_summary() == [
        "male count: blue, red",
        "male beanometer: blue, red",
        "lady count: blue",
        "lady beanometer: blue",
        "1-rattle Baby count: blue",
        "2-rattle Baby count: blue",
        "special bean texts and effects: Loser, Wühler",
    ]
    assert parse(RED).reconstructed_summary() == []


def test_the_summary_keeps_a_number_of_no_variety_as_its_own_line():
    """A source that names no variety and no special bean (a card set built in code may
    carry one) is listed as it stands, on its own line, in its place among the others; a
    variety's number of the same words joins that line."""
    red = Variety("red", "Rot", "Red", {"male": 1}, {"male": (1,)}, {})
    sources = (
        ("the box", "reconstructed"),
        ("male count", "reconstructed"),
        ("red male count", "reconstructed"),
        ("the rules", "sheet"),
        ("red male beanometer", "reconstructed"),
    )
    cards = CardSet((red,), {"red": {}}, {}, (), sources)
    assert cards.reconstructed_summary() == ["the box", "male count: red", "male beanometer: red"]


# -- the loader refuses what it does not know --------------------------------------------------


def test_a_file_that_is_no_toml_or_holds_other_keys_is_refused():
    """A card file is TOML holding [[variety]] and [[special]] entries, nothing else."""
    assert refused("male = = 3").startswith("test.toml: not a TOML file (")
    assert refused("cards = 1\nzoo = 2\n" + RED) == (
        "test.toml: unknown key(s) cards, zoo; a card file holds [[variety]] and [[special]] "
        "entries"
    )
    assert refused(special()) == "test.toml: no [[variety]] entries"
    assert refused(RED + RED) == "test.toml: variety 'red' twice"


def test_a_variety_entry_is_a_table_with_an_id_and_known_keys():
    """Each [[variety]] is a table with a non-empty string id; an unknown key (a misspelt
    "mael") is refused with the known ones listed, the place named by id or by position."""
    assert refused("variety = [1]") == "test.toml: a [[variety]] entry is a table"
    assert refused(RED + '\n[[variety]]\nmale = 0\nmale_status = "sheet"\n') == (
        "test.toml, variety 1: needs an 'id'"
    )
    assert refused(RED.replace('"red"', '""')) == "test.toml, variety '': needs an 'id'"
    assert refused(RED.replace('"red"', "3")) == "test.toml, variety 3: needs an 'id'"
    assert refused(RED + "zoo = 1\nmael = 2\n") == (
        "test.toml, variety 'red': unknown key(s) mael, zoo; known: baby, baby2, baby2_status, "
        "baby_status, beanometer, beanometer_status, de, en, id, lady, lady_beanometer, "
        "lady_beanometer_status, lady_pays, lady_pays_status, lady_status, male, male_status"
    )


@pytest.mark.parametrize("count", ['"3"', "true", "-1", "2.5"])
def test_a_count_is_a_whole_number_of_cards(count):
    """A count is a whole number, at least 0: not text, not true/false, not negative."""
    text = RED.replace("male = 3", f"male = {count}")
    assert refused(text) == "test.toml, variety 'red': male is a whole number of cards"
    baby = RED + f'baby2 = {count}\nbaby2_status = "sheet"\n'
    assert refused(baby) == "test.toml, variety 'red': baby2 is a whole number of cards"


def test_every_number_needs_its_status_and_a_status_needs_its_number():
    """ "Every number carries its source": a count or beanometer without its status is refused,
    as is a status of a number the file does not give."""
    assert refused(RED.replace('male_status = "sheet"\n', "")) == (
        f"test.toml, variety 'red': needs 'male_status' (one of {STATUSES})"
    )
    assert refused(RED.replace('male_status = "sheet"', 'male_status = "guess"')) == (
        f"test.toml, variety 'red': male_status is one of {STATUSES}, not 'guess'"
    )
    assert refused(RED.replace('beanometer_status = "sheet"\n', "")) == (
        f"test.toml, variety 'red': needs 'beanometer_status' (one of {STATUSES})"
    )
    assert refused(RED + 'baby_status = "sheet"\n') == (
        "test.toml, variety 'red': baby_status without baby"
    )
    assert refused(RED + 'lady_status = "sheet"\n') == (
        "test.toml, variety 'red': lady_status without lady"
    )
    assert refused(RED + 'lady_beanometer_status = "sheet"\n') == (
        "test.toml, variety 'red': lady_beanometer_status without lady_beanometer"
    )
    assert refused(RED + 'lady_pays_status = "sheet"\n') == (
        "test.toml, variety 'red': lady_pays_status without lady_pays"
    )
    assert refused(RED + 'lady_pays = "field"\n') == (
        f"test.toml, variety 'red': needs 'lady_pays_status' (one of {STATUSES})"
    )


def test_cards_need_a_beanometer_and_a_beanometer_is_checked_where_it_stands():
    """Cards that are counted pay by a beanometer: without one they are refused; a wrong
    beanometer is refused naming its variety and key."""
    no_meter = RED.replace("beanometer = [1, 2, 3, 4]\n", "").replace(
        'beanometer_status = "sheet"\n', ""
    )
    assert refused(no_meter) == "test.toml, variety 'red': 3 male cards need a beanometer"
    ladys = RED + 'lady = 2\nlady_status = "sheet"\n'
    assert refused(ladys) == "test.toml, variety 'red': 2 lady cards need a lady_beanometer"
    wrong = RED + 'lady = 2\nlady_status = "sheet"\nlady_beanometer = [3, 2]\n'
    assert refused(wrong).startswith(
        "test.toml, variety 'red', lady_beanometer: beanometer thresholds must strictly"
    )
    assert refused(RED + 'lady_pays = "discard_top"\nlady_pays_status = "sheet"\n') == (
        "test.toml, variety 'red': lady_pays is 'field' or 'discard_bottom', not 'discard_top'"
    )


def test_a_special_entry_is_a_table_with_known_keys():
    """Each [[special]] is a table; an unknown key is refused with the known ones listed, the
    place named by id or by position."""
    assert refused("special = [1]\n" + RED) == "test.toml: a [[special]] entry is a table"
    assert refused(RED + special(zoo="1", rattles="2")) == (
        "test.toml, special 'loser': unknown key(s) rattles, zoo; known: beanometer, class, "
        "confidence, effect, id, name, status, text, variety"
    )
    assert refused(RED + special() + special(id=None)) == "test.toml, special 1: needs 'id'"


@pytest.mark.parametrize("key", ["id", "name", "variety", "class", "effect", "text"])
def test_a_special_needs_each_of_its_words(key):
    """id, name, variety, class, effect and text: each a non-empty text."""
    where = "special 0" if key == "id" else "special 'loser'"
    assert refused(RED + special(**{key: None})) == f"test.toml, {where}: needs {key!r}"
    where = "special ''" if key == "id" else "special 'loser'"
    assert refused(RED + special(**{key: '""'})) == f"test.toml, {where}: needs {key!r}"
    where = "special 7" if key == "id" else "special 'loser'"
    assert refused(RED + special(**{key: "7"})) == f"test.toml, {where}: needs {key!r}"


def test_a_special_names_a_known_variety_class_effect_and_confidence():
    """The variety must be one of the file's, the class M, T or R, the effect one the engine
    knows ("an unknown effect id" is refused), and confidence "low" or left out."""
    where = "test.toml, special 'loser'"
    assert refused(RED + special(variety='"blue"')) == (f"{where}: there is no variety 'blue'")
    assert refused(RED + special(**{"class": '"X"'})) == f"{where}: class is one of M, T, R"
    assert refused(RED + special(effect='"fly"')) == f"{where}: unknown effect 'fly'"
    assert refused(RED + special(confidence='"high"')) == (
        f"{where}: confidence is 'low' or left out"
    )
    assert refused(RED + special(status=None)) == (f"{where}: needs 'status' (one of {STATUSES})")
    for klass in ("M", "T", "R"):
        assert parse(RED + special(**{"class": f'"{klass}"'})).specials[0].klass == klass


@pytest.mark.parametrize(
    "meter",
    [
        '{ as = "red-baby" }',
        '{ as = "red-lady", of = "x" }',
        '{ as = "blue-lady" }',
        '{ as = "blue" }',
        "{ of = 1 }",
    ],
)
def test_a_special_beanometer_as_names_a_variety_or_its_lady(meter):
    """``beanometer = { as = "<variety>-lady" }`` (or a variety's males), nothing else."""
    assert refused(RED + special(beanometer=meter)) == (
        "test.toml, special 'loser': beanometer = { as = '<variety>-lady' } or a list"
    )


def test_a_special_that_pays_as_a_beanometer_the_file_lacks_is_refused():
    """A Lady without a beanometer cannot lend one; a wrong own beanometer is refused naming
    the special."""
    assert refused(RED + special(beanometer='{ as = "red-lady" }')) == (
        "test.toml, special 'loser': red-lady has no beanometer"
    )
    assert refused(RED + special(beanometer="[3, 1]")).startswith(
        "test.toml, special 'loser', beanometer: beanometer thresholds must strictly increase"
    )


@pytest.mark.parametrize("sid", ["red", "red-lady", "red-baby", "red-baby2"])
def test_a_special_id_is_no_card_name(sid):
    """A special's id is its kind's name in views and events: it may not be a plain card's
    (``red``, ``red-lady``, ``red-baby``, ``red-baby2``) nor another special's."""
    assert refused(RED + special(sid)) == (
        f"test.toml: special id(s) used twice or as a card name: ['{sid}']"
    )


def test_two_specials_of_one_id_are_refused_once_each():
    assert refused(RED + special("b") + special("a") + special("b") + special("a")) == (
        "test.toml: special id(s) used twice or as a card name: ['a', 'b']"
    )


# -- the file a table loads --------------------------------------------------------------------


@pytest.fixture
def ascii_locale():
    """The process's locale set to plain ASCII (as on a machine without a UTF-8 locale), and
    set back afterwards."""
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def test_a_tables_card_file_is_read_as_utf8_whatever_the_locale(tmp_path, ascii_locale):
    """Card names are German ("Wühler"): a table's file is read as UTF-8 under any locale."""
    path = tmp_path / "cards.toml"
    path.write_text(RED + special(name='"Wühler"'), encoding="utf-8")
    assert load_cards(str(path)).specials[0].name == "Wühler"


def test_the_built_in_card_file_is_read_as_utf8_whatever_the_locale(ascii_locale):
    """The game's own file names its beans in German ("Wühler", "Schürzenjäger"): it is read as
    UTF-8 under any locale."""
    names = {s.name for s in load_cards().specials}
    assert {"Wühler", "Schürzenjäger", "Prügelknabe"} <= names


def test_an_unreadable_card_file_is_named_with_the_reason(tmp_path):
    missing = tmp_path / "missing.toml"
    with pytest.raises(OptionError) as err:
        load_cards(str(missing))
    assert str(err.value) == f"cannot read the card file {missing}: No such file or directory"


def test_a_tables_file_is_named_by_its_path_and_the_built_in_file_as_such(tmp_path, monkeypatch):
    """A refusal names the file it is about: a table's own by its path, the game's own as
    "cards.toml (built in)"."""
    path = tmp_path / "cards.toml"
    path.write_text(RED, encoding="utf-8")
    seen = []
    real = cards_module.parse_cards
    monkeypatch.setattr(
        cards_module, "parse_cards", lambda text, source: seen.append(source) or real(text, source)
    )
    assert load_cards(str(path)).varieties[0].id == "red"
    assert len(load_cards().deck().kinds) == 168
    assert seen == [str(path), "cards.toml (built in)"]
