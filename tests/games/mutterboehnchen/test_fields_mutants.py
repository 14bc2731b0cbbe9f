"""Mutterböhnchen's field rules (``mutterboehnchen/fields.py``) pinned where mutation testing
(``make mutate``) found them unchecked: a field started by a class T card, the Schluckspecht
option on all fields, the Kavalier slid under, cross-variety pulls, moving up to just under an
Einsiedler, the refusals of a card that does not fit, and every place ``fits`` offers (past a
closed 2-player slot, under a class M bean on top, with the Schluckspecht option). Rulings:
shared/rules/mutterboehnchen.md (the reconstructed 2007 core and the table of the 24
Mutterböhnchen); positions are set up by hand."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import DECK, beds, card, field_names

from spieltisch.games.mutterboehnchen.cards import BABY, LADY, MALE, Kind
from spieltisch.games.mutterboehnchen.duo import DuoBeds
from spieltisch.games.mutterboehnchen.fields import BOTTOM, TOP, UNDER, Beds, DeckMarks

METER = (2, 4, 6, 8)

# -- reading a field -----------------------------------------------------------------------------


def test_an_empty_field_has_no_top_card() -> None:
    """ "An 'existing field' holds at least 1 card" and "a field pays by its top card": an empty
    field has none to pay by (and is no existing field)."""
    b = beds([], ["blue"])
    assert b.top(0) is None and not b.existing(0)
    assert b.top(1).name == "blue"


def test_an_empty_field_accepts_no_variety_of_its_own_whatever_it_held_before() -> None:
    """ "A field's variety is that of the first card planted on it while it was empty": an empty
    field (here one whose last variety is still written down) takes any card, so it accepts no
    variety of its own; a field with cards but no variety known accepts none either."""
    b = beds([], ["blue"], varieties=["blue", None])
    assert b.accepts(0) == set()
    assert b.placements(0, card(b, "chili")) == [TOP]
    assert b.accepts(1) == set()


def test_a_field_started_by_a_saufkumpan_accepts_green_and_blue() -> None:
    """Saufkumpan (class T): "May be planted on an empty field ... His field then accepts Green
    and Blue" — also when he is the field's only card (a field of class T cards alone)."""
    b = beds([], [])
    b.plant(0, card(b, "saufkumpan"))
    assert b.varieties[0] == "green"
    assert b.accepts(0) == {"green", "blue"}
    assert b.placements(0, card(b, "blue")) == [TOP]
    # a Chauvischwein (class T) alone on his field still sends Ladys to its bottom
    c = beds(["chauvischwein"])
    assert c.effects(0) == {"ladies_to_bottom"}
    assert c.placements(0, card(c, "stink-lady")) == [BOTTOM]


def test_the_deck_marks_are_worked_out_once_per_deck() -> None:
    """``DeckMarks.of``: the marks of a deck's kinds are "worked out once per deck (kept while
    it lives)": asked again for the same kinds, the same marks; the class T cards are the ones
    marked to work anywhere in a field."""
    marks = DeckMarks.of(DECK.kinds)
    assert DeckMarks.of(DECK.kinds) is marks
    assert marks.anywhere == {c for c, k in enumerate(DECK.kinds) if k.klass == "T"}
    own = (Kind("blue", MALE, METER), Kind("blue", LADY, METER))
    first = DeckMarks.of(own)
    assert DeckMarks.of(own) is first and first is not marks
    assert first.anywhere == frozenset() and first.by_effect == {}


# -- where a card goes ---------------------------------------------------------------------------


def test_the_schluckspecht_works_on_all_fields_only_with_the_option() -> None:
    """Schluckspecht: "While he lies on top of a field, every bean planted on that field, by
    any route, goes to its bottom (option: on all his owner's fields)". Without the option (the
    default) a plain Green bean on another plain Green field goes on top; with it, to the
    bottom."""
    pick_cards = beds(["green", "schluckspecht"], ["green"])
    cards = [list(f) for f in pick_cards.cards]
    plain = Beds(DECK.kinds, [list(f) for f in cards], ["green", "green"])
    assert plain.swallow_all is False
    g = card(pick_cards, "green")
    assert plain.placements(1, g) == [TOP]
    swallowed = Beds(DECK.kinds, [list(f) for f in cards], ["green", "green"], True)
    assert swallowed.placements(1, g) == [BOTTOM]
    assert swallowed.plant(1, g).where == BOTTOM
    assert swallowed.cards[1][0] == g


def test_with_the_option_a_kavalier_slid_under_a_lady_goes_to_the_bottom() -> None:
    """Kavalier: "he may be slid directly under the top card of any of your fields whose top
    card is a Lady"; Schluckspecht (option: on all his owner's fields): "every bean planted on
    that field, by any route, goes to its bottom". So with a Schluckspecht on top of another
    field, the Kavalier meant for a Chili Lady's field goes to its bottom, once only."""
    b = beds(["chili", "chili-lady"], ["green", "schluckspecht"], ["blue", "blue-lady"],
             swallow_all=True)  # fmt: skip
    k = card(b, "kavalier")
    assert b.placements(0, k) == [BOTTOM]
    assert b.placements(2, k) == [BOTTOM], "on a Blue field too: one bottom, not two"
    b.plant(0, k)
    assert field_names(b)[0] == ["kavalier", "chili", "chili-lady"]


def test_a_kavalier_may_go_under_the_lady_of_a_blue_field_instead_of_on_top() -> None:
    """Kavalier: "When planted, he may be slid directly under the top card ... instead of going
    on a Blue field; the Lady stays on top": on a Blue field topped by a Lady both are allowed,
    and the chosen one is made."""
    b = beds(["blue", "blue-lady"], ["blue", "blue-lady"])
    k = card(b, "kavalier")
    assert b.placements(1, k) == [TOP, UNDER]
    placed = b.plant(1, k, UNDER)
    assert field_names(b)[1] == ["blue", "kavalier", "blue-lady"]
    assert (placed.field, placed.index, placed.where) == (1, 1, UNDER)
    b = beds(["blue", "blue-lady"], ["blue", "blue-lady"])
    placed = b.plant(1, card(b, "kavalier"), TOP)
    assert field_names(b)[1] == ["blue", "blue-lady", "kavalier"]
    assert (placed.field, placed.index, placed.where) == (1, 2, TOP)


def test_goes_under_reads_the_fields_own_specials() -> None:
    """``goes_under`` asked without the field's effects: a card planted on a Schluckspecht's
    field goes to its bottom, a Lady on a Chauvischwein's field too, a male there does not, and
    on an empty field nothing goes under."""
    b = beds(["green", "schluckspecht"], ["stink", "chauvischwein"], [])
    assert b.goes_under(0, card(b, "green"))
    assert b.goes_under(1, card(b, "stink-lady"))
    assert not b.goes_under(1, card(b, "stink"))
    assert not b.goes_under(2, card(b, "soy"))


def test_a_card_that_does_not_fit_is_refused_naming_it() -> None:
    """A field accepts its variety: a Chili bean does not fit a Blue field; a Kavalier may be
    slid under only where the top card is a Lady."""
    b = beds(["blue"], ["blue"])
    chili = card(b, "chili")
    with pytest.raises(ValueError, match=f"card {chili} does not fit field 0"):
        b.plant(0, chili)
    k = card(b, "kavalier")
    with pytest.raises(ValueError, match=f"card {k} cannot go under on field 1"):
        b.plant(1, k, UNDER)
    assert field_names(b) == [["blue"], ["blue"]]


# -- moving up -----------------------------------------------------------------------------------


def test_a_lady_planted_beside_a_macho_still_lets_a_baby_move_up() -> None:
    """ "Planting a Lady lets one Baby of the same field move up 2", and the Macho "moves up 1
    place each time you plant a Lady": on a field holding a Macho (a special bean that widens
    nothing) both happen."""
    b = beds(["blue-baby", "macho", "blue"])
    placed = b.plant(0, card(b, "blue-lady"))
    assert placed.moved == [(0, 1, 2)]
    assert field_names(b)[0] == ["blue-baby", "blue", "macho", "blue-lady"]
    assert placed.pulls == [0]


def test_a_saufkumpan_field_pulls_across_green_and_blue_only() -> None:
    """On a Saufkumpan field Green's and Blue's "Ladys and Babys pull each other up" — not a
    Chili Lady lying in it: a Blue Baby planted there pulls no Chili Lady up."""
    b = beds(["blue", "saufkumpan", "chili-lady", "blue"])
    assert b.plant(0, card(b, "blue-baby")).pulls == []
    g = beds(["blue", "saufkumpan", "green-lady", "blue"])
    assert g.plant(0, card(g, "blue-baby")).pulls == [2]


def test_a_lichtgestalt_moves_up_to_just_under_an_einsiedler() -> None:
    """Lichtgestalt: "Moves up 1 place each time you plant a male bean, on any of your
    fields"; Einsiedler: nothing may be "moved above him". Two places under the Einsiedler he
    moves up one, to just under him."""
    b = beds(["soy", "lichtgestalt", "soy", "einsiedler"], ["chili"])
    assert b.limit(0) == 2
    placed = b.plant(1, card(b, "chili"))
    assert placed.moved == [(0, 1, 2)]
    assert field_names(b)[0] == ["soy", "soy", "lichtgestalt", "einsiedler"]


def test_a_baby_is_no_male_bean_for_the_lichtgestalt() -> None:
    """Lichtgestalt: "Moves up 1 place each time you plant a male bean": a Baby planted moves
    him not, a male does."""
    b = beds(["chili", "lichtgestalt", "chili"], ["soy"])
    assert b.plant(1, card(b, "soy-baby")).moved == []
    assert field_names(b)[0] == ["chili", "lichtgestalt", "chili"]
    assert b.plant(1, card(b, "soy")).moved == [(0, 1, 2)]


def test_a_deck_without_macho_or_lichtgestalt_moves_nothing_up() -> None:
    """A table's own card file need not hold a Macho or a Lichtgestalt: then planting a male
    or a Lady moves nothing (and breaks nothing)."""
    kinds = (Kind("blue", MALE, METER), Kind("blue", MALE, METER), Kind("blue", LADY, METER))
    b = Beds(kinds, [[0], []], ["blue", None])
    assert b.plant(0, 1).moved == []
    assert b.plant(0, 2).moved == []
    assert b.cards == [[0, 1, 2], []]


# a card file whose Einsiedler is class T (working anywhere in his field): a male, a Lady, a
# Baby, the Einsiedler and a second Baby, all blue but him
EINSIEDLER_T = (
    Kind("blue", MALE, METER),
    Kind("blue", LADY, METER),
    Kind("blue", BABY, (), rattles=1),
    Kind("soy", MALE, METER, special="einsiedler", klass="T", effect="nothing_above"),
    Kind("blue", BABY, (), rattles=1),
)


def test_a_pull_is_offered_only_to_a_card_that_can_move_up() -> None:
    """ "Planting a Lady lets one Baby ... move up 2 (or to the top)", but nothing is "moved
    above" an Einsiedler. With a card file that makes the Einsiedler class T (working anywhere
    in his field), the highest place is just under the top: a Baby already there cannot move
    and is not offered the pull; one further down is."""
    kinds = EINSIEDLER_T
    b = Beds(kinds, [[0, 3, 2, 1]], ["blue"])
    assert b.limit(0) == 2
    assert b.pull_options(0, 3) == []
    b = Beds(kinds, [[4, 0, 3, 2, 1]], ["blue"])
    assert b.pull_options(0, 4) == [0]
    assert b.pull(0, 0) == 2


def test_a_baby_two_under_the_top_is_pulled_to_just_under_an_einsiedler() -> None:
    """The pull moves a Baby "up 2 places (or to the top if nearer)", and nothing is "moved
    above" an Einsiedler: with a card file that makes him class T, a Baby two places under the
    planted Lady can still move one, to just under the top, so the pull is offered to him (and
    not to the Baby already there)."""
    kinds = EINSIEDLER_T
    b = Beds(kinds, [[0, 3, 4, 2, 1]], ["blue"])
    assert b.pull_options(0, 4) == [2]
    assert b.pull(0, 2) == 3
    assert b.cards == [[0, 3, 2, 4, 1]]


# -- every place a card may go (``fits``) --------------------------------------------------------


def test_fits_passes_over_a_closed_first_slot_only() -> None:
    """2 players: "When a player with three fields harvests any of them, the harvested field is
    removed; he keeps the other two" — the closed slot may be the first one (field numbers never
    shift). Nothing fits there, but the two fields after it still take their cards."""
    b = beds([], ["blue"], [])
    duo = DuoBeds(b.kinds, b.cards, b.varieties, hidden=0)
    blue = card(b, "blue")
    assert duo.fits(blue) == [(1, TOP), (2, TOP)]
    assert duo.fits(blue, existing_only=True) == [(1, TOP)]
    assert duo.fits(card(b, "chili")) == [(2, TOP)]


def test_fits_a_plain_bean_on_a_field_topped_by_a_class_m_special() -> None:
    """Class M beans work "while on top of a field": a Green bean on a Schluckspecht's Green
    field goes to its bottom ("every bean planted on that field ... goes to its bottom"), a Soy
    bean fits no Einsiedler's field ("Nothing may be planted on him"), a Blue bean still goes
    on top of a plain Blue field."""
    b = beds(["green", "schluckspecht"], ["soy", "einsiedler"], ["blue"])
    assert b.fits(card(b, "green")) == [(0, BOTTOM)]
    assert b.fits(card(b, "soy")) == []
    assert b.fits(card(b, "blue")) == [(2, TOP)]


def test_fits_with_the_option_sends_a_plain_bean_to_the_bottom_of_every_field() -> None:
    """Schluckspecht: "every bean planted on that field ... goes to its bottom (option: on all
    his owner's fields)": with the option, a plain Green bean goes to the bottom of a plain
    Green field beside the Schluckspecht's field too; without it, on top there."""
    swallowed = beds(["green", "schluckspecht"], ["green"], swallow_all=True)
    assert swallowed.fits(card(swallowed, "green")) == [(0, BOTTOM), (1, BOTTOM)]
    plain = beds(["green", "schluckspecht"], ["green"])
    assert plain.fits(card(plain, "green")) == [(0, BOTTOM), (1, TOP)]
