"""The field rules of the reconstructed core (rules/mutterboehnchen.md, "The reconstructed 2007
core"), and the special beans that change what a field takes or where a card goes, each on a
position: what a field accepts, where a card goes, what it pulls up, what a harvest pays."""

from __future__ import annotations

from mutterboehnchen_positions import beds, card, field_names, names

from spieltisch.games.mutterboehnchen.fields import BOTTOM, TOP, UNDER

# -- what a field accepts ------------------------------------------------------------------------


def test_a_field_accepts_its_variety_of_every_kind_and_nothing_else() -> None:
    b = beds(["blue", "blue"], [])
    for name in ("blue", "blue-lady", "blue-baby", "blue-baby2", "macho", "kavalier"):
        assert b.placements(0, card(b, name)) == [TOP], name
    for name in ("chili", "green-lady", "red-baby", "choleriker"):
        assert b.placements(0, card(b, name)) == [], name
    assert b.accepts(0) == {"blue"}


def test_an_empty_field_takes_any_card_and_gets_its_variety() -> None:
    b = beds([], [])
    assert b.accepts(0) == set()
    lady = card(b, "soy-lady")
    assert b.placements(0, lady) == [TOP]
    b.plant(0, lady)
    assert b.varieties[0] == "soy" and b.accepts(0) == {"soy"}
    assert b.existing(0) and not b.existing(1)


def test_fits_an_existing_field_ignores_empty_fields() -> None:
    b = beds(["blue"], [])
    assert b.fits(card(b, "chili")) == [(1, TOP)]
    assert not b.fits_existing(card(b, "chili"))
    assert b.fits_existing(card(b, "blue-baby"))


def test_the_variety_is_the_first_cards_not_the_bottom_cards() -> None:
    # a Schluckspecht put a card under: the field keeps the variety it was started with
    b = beds(["green", "green", "schluckspecht"])
    g = card(b, "green-lady")
    assert b.plant(0, g).where == BOTTOM
    assert field_names(b) == [["green-lady", "green", "green", "schluckspecht"]]
    assert b.varieties[0] == "green"


def test_a_kotzbrocken_goes_on_any_existing_field_and_changes_nothing_it_accepts() -> None:
    b = beds(["blue", "blue"], ["chili"], [])
    k = card(b, "kotzbrocken")
    assert b.fits(k) == [(0, TOP), (1, TOP), (2, TOP)]
    b.plant(0, k)
    assert b.accepts(0) == {"blue"}
    assert b.placements(0, card(b, "green")) == []
    assert b.placements(0, card(b, "blue")) == [TOP]
    # like any Green bean it also starts a Green field
    b2 = beds([])
    b2.plant(0, card(b2, "kotzbrocken"))
    assert b2.varieties[0] == "green"


def test_a_saufkumpan_goes_on_blue_or_empty_fields_never_on_green_ones() -> None:
    b = beds(["green", "green"], ["blue"], [])
    s = card(b, "saufkumpan")
    assert b.fits(s) == [(1, TOP), (2, TOP)]
    b.plant(1, s)
    assert b.accepts(1) == {"green", "blue"}
    assert b.placements(1, card(b, "green-lady")) == [TOP]
    assert b.placements(1, card(b, "chili")) == []


def test_a_pistolenheld_never_on_chili_and_with_a_saufkumpan_three_varieties() -> None:
    b = beds(["chili"], ["blue", "saufkumpan"], [])
    p = card(b, "pistolenheld")
    assert b.fits(p) == [(1, TOP), (2, TOP)]
    b.plant(1, p)
    assert b.accepts(1) == {"green", "chili", "blue"}
    b.plant(2, card(b, "blue"))
    assert b.accepts(2) == {"blue"}


def test_an_einsiedler_on_top_takes_nothing_but_a_card_put_under() -> None:
    b = beds(["soy", "einsiedler"], ["green", "schluckspecht"])
    soy = card(b, "soy")
    assert b.placements(0, soy) == []
    b.swallow_all = True  # the option: the Schluckspecht works on all his owner's fields
    assert b.placements(0, soy) == [BOTTOM]
    # covered, he is an ordinary Soy bean (class M)
    b2 = beds(["soy", "einsiedler", "soy"])
    assert b2.placements(0, card(b2, "soy")) == [TOP]


def test_a_kavalier_slides_under_a_lady_on_top_of_any_own_field() -> None:
    b = beds(["chili", "chili-lady"], ["blue", "blue-lady"], ["chili"], ["blue"])
    k = card(b, "kavalier")
    assert b.fits(k) == [(0, UNDER), (1, TOP), (1, UNDER), (3, TOP)]
    placed = b.plant(0, k, UNDER)
    assert field_names(b)[0] == ["chili", "kavalier", "chili-lady"]
    assert placed.index == 1 and placed.pulls == []
    assert b.accepts(0) == {"chili"}


def test_schluckspecht_and_chauvischwein_put_cards_under() -> None:
    b = beds(["green", "schluckspecht"], ["stink", "chauvischwein", "stink"])
    assert b.placements(0, card(b, "green")) == [BOTTOM]
    assert b.placements(1, card(b, "stink-lady")) == [BOTTOM]
    assert b.placements(1, card(b, "stink")) == [TOP], "only Ladys go under his field"
    # covered, the Schluckspecht (class M) puts nothing under; the Chauvischwein (T) still does
    b2 = beds(["green", "schluckspecht", "green"], ["stink", "chauvischwein", "stink", "stink"])
    assert b2.placements(0, card(b2, "green")) == [TOP]
    assert b2.placements(1, card(b2, "stink-lady")) == [BOTTOM]


# -- Babys and Ladys pull each other up ----------------------------------------------------------


def test_a_planted_baby_lets_one_lady_move_up_two_places() -> None:
    b = beds(["blue-lady", "blue", "blue", "blue"])
    placed = b.plant(0, card(b, "blue-baby"))
    assert placed.where == TOP and placed.pulls == [0]
    assert b.pull(0, 0) == 2
    assert field_names(b)[0] == ["blue", "blue", "blue-lady", "blue", "blue-baby"]


def test_a_pulled_card_near_the_top_moves_to_the_top_and_covers_the_planted_one() -> None:
    b = beds(["blue", "blue", "blue-lady"])
    placed = b.plant(0, card(b, "blue-baby2"))
    assert placed.pulls == [2]
    b.pull(0, 2)
    assert field_names(b)[0] == ["blue", "blue", "blue-baby2", "blue-lady"]
    assert b.top(0).is_lady, "the Baby lost its place on top (and its attack)"


def test_a_planted_lady_lets_one_baby_move_up_and_the_choice_is_which() -> None:
    b = beds(["chili-baby", "chili", "chili-baby2", "chili", "chili"])
    placed = b.plant(0, card(b, "chili-lady"))
    assert placed.pulls == [0, 2]
    b.pull(0, 2)
    assert field_names(b)[0] == ["chili-baby", "chili", "chili", "chili", "chili-baby2",
                                 "chili-lady"]  # fmt: skip


def test_males_pull_nothing_and_babys_pull_no_babys() -> None:
    b = beds(["red-lady", "red-baby", "red"])
    assert b.plant(0, card(b, "red")).pulls == []
    assert b.plant(0, card(b, "red-baby2")).pulls == [0]


def test_only_the_same_variety_pulls_except_on_a_saufkumpan_or_pistolenheld_field() -> None:
    plain = beds(["blue", "chili-lady", "blue", "blue"], varieties=["blue"])
    assert plain.plant(0, card(plain, "blue-baby")).pulls == []
    widened = beds(["blue", "chili-lady", "pistolenheld", "blue"])
    assert widened.plant(0, card(widened, "blue-baby")).pulls == [1]
    green = beds(["blue", "saufkumpan", "green-baby", "blue"])
    assert green.plant(0, card(green, "blue-lady")).pulls == [2]


def test_cards_put_under_pull_nothing() -> None:
    b = beds(["green-lady", "green", "schluckspecht"], ["stink-baby", "chauvischwein", "stink"])
    assert b.plant(0, card(b, "green-baby")).pulls == []
    assert b.plant(1, card(b, "stink-lady")).pulls == []
    assert field_names(b)[1] == ["stink-lady", "stink-baby", "chauvischwein", "stink"]


def test_macho_and_lichtgestalt_move_up_on_plantings_in_any_own_field() -> None:
    b = beds(["blue", "macho", "blue", "blue"], ["chili", "lichtgestalt", "chili"], ["soy"])
    placed = b.plant(2, card(b, "soy-lady"))
    assert placed.moved == [(0, 1, 2)]
    assert field_names(b)[0] == ["blue", "blue", "macho", "blue"]
    placed = b.plant(2, card(b, "soy"))
    assert placed.moved == [(1, 1, 2)]
    assert b.top(1).name == "lichtgestalt"
    assert b.plant(2, card(b, "soy-baby")).moved == [], "a Baby is no male bean"


def test_nothing_moves_above_an_einsiedler_on_top() -> None:
    b = beds(["soy", "lichtgestalt", "einsiedler"], varieties=["soy"])
    assert b.follow(card(b, "chili")) == []
    assert field_names(b)[0] == ["soy", "lichtgestalt", "einsiedler"]


# -- harvest -------------------------------------------------------------------------------------


def test_the_top_card_pays_and_k_counts_every_card() -> None:
    male_top = beds(["blue", "blue", "blue", "blue-lady", "blue"])
    lady_top = beds(["blue", "blue", "blue", "blue", "blue-lady"])
    assert male_top.payout(0) == 1 and lady_top.payout(0) == 2
    with_baby = beds(["blue", "blue", "blue", "blue-baby", "blue-lady"])
    assert with_baby.payout(0) == 2, "5 cards with the Baby (4 without would pay 1)"
    foreign = beds(["chili", "chili", "chili", "kavalier", "chili-lady"])
    assert foreign.payout(0) == 2, "the Kavalier counts on a Chili field"


def test_a_harvest_gives_the_top_cards_as_talers_and_discards_the_rest_in_order() -> None:
    b = beds(["stink", "stink-lady", "stink", "stink", "stink", "stink-lady"])
    cards = list(b.cards[0])
    h = b.harvest(0, discard=[])
    assert h.coins == cards[-3:] and h.to_discard == cards[:-3] and not h.from_discard  # 6: 3
    assert b.cards[0] == [] and b.varieties[0] is None


def test_a_baby_or_a_kotzbrocken_on_top_pays_nothing() -> None:
    baby = beds(["blue"] * 9 + ["blue-baby"])
    assert baby.payout(0) == 0
    h = baby.harvest(0, [])
    assert h.coins == [] and len(h.to_discard) == 10
    kotz = beds(["blue"] * 9 + ["kotzbrocken"], varieties=["blue"])
    assert kotz.payout(0) == 0
    covered = beds(["blue"] * 8 + ["kotzbrocken", "blue"])
    assert covered.payout(0) == 4, "covered, the Kotzbrocken (class M) is a bean like others"


def test_the_garden_lady_pays_from_the_bottom_of_the_discard_pile() -> None:
    b = beds(["garden", "garden", "garden-lady"])
    field = list(b.cards[0])
    discard = b.pick.row(["red", "soy", "blue", "chili"])  # bottom first
    h = b.harvest(0, discard)
    assert h.from_discard and h.coins == discard[:3] and h.owed == 0
    assert names(h.coins) == ["red", "soy", "blue"]
    assert h.to_discard == field, "every harvested card goes to the discard pile"


def test_the_garden_ladys_shortfall_is_not_paid() -> None:
    b = beds(["garden", "garden", "garden", "garden-lady"])
    discard = b.pick.row(["red"])
    h = b.harvest(0, discard)
    assert h.coins == discard and h.owed == 3
    empty = beds(["garden-lady"])
    h = empty.harvest(0, [])
    assert h.coins == [] and h.owed == 1


def test_the_loser_pays_by_his_own_beanometer() -> None:
    assert beds(["blackeyed", "loser"]).payout(0) == 0
    assert beds(["blackeyed", "blackeyed", "loser"]).payout(0) == 1
    assert beds(["blackeyed", "blackeyed"]).payout(0) == 1


def test_the_one_bean_rule() -> None:
    b = beds(["soy"], ["blue", "blue"])
    assert not b.may_harvest(0) and b.may_harvest(1)
    b = beds(["einsiedler"], ["blue"], [])
    assert b.may_harvest(0) and b.may_harvest(1) and not b.may_harvest(2)
