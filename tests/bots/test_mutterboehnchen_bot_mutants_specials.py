"""Mutterböhnchen's bots and the special beans' choices, attacks and defence (mutation tests of
games/mutterboehnchen/bots.py's ``_pull``, ``_one_shot``, ``_flitzer``, ``_aktivist``,
``_attack`` and ``_defend``).

The module docstring's valuation is the spec: a pull is the option (or none) whose field is worth
most afterwards, a field's worth counting the male way on and a Baby's attack share; the
Schürzenjäger takes the Lady that does most for the hand, 0.3 more for one of a variety in its
fields; the Frauenversteher moves the Lady whose move to the top gains most; the Flitzer and the
Aktivist's Soy are taken when planting them gains more than a tenth over the position without
them; an attack is valued by the chance of a fitting taler; the defender harvests first a field
whose coin cards thin out the share of its pile that fits the attacker's fields by more than the
harvest loses (or a finished field). ``test_mutterboehnchen_bot_mutants.py`` pins most of these
with stubbed valuations; the positions here are whole (the real evaluation, through the engine's
own legal actions where the choice arises in play). Each position is built by hand inside its
test: mutmut picks the tests to run against a mutant by the calls made inside them.
"""

from __future__ import annotations

from typing import Any

from mutterboehnchen_bot_positions import GREENS, act, decide, load, table, under_attack

from spieltisch.core import Action
from spieltisch.games.mutterboehnchen import bots as mb
from spieltisch.games.mutterboehnchen.bots import MutterTraderBot, _MutCtx

# -- pulls -------------------------------------------------------------------------------------


def _pulled(field: list[str], planted: str, stock_top: list[str] = GREENS) -> Any:
    """Player 0 plants ``planted`` from the hand's front on ``field``; the pull it offers waits."""
    s = load(
        4,
        phase="plant",
        hands=[[planted, "soy"], [], [], []],
        fields=[[field, []], [[], []], [[], []], [[], []]],
        rest="discard",
        stock_top=stock_top,
    )
    act(s, 0, {"plant": "front", "field": 0})
    assert s.pull is not None
    return s


def test_a_pull_is_not_made_where_the_field_keeps_as_much_by_its_way_on() -> None:
    """A Baby on 5 Blue with 6 Blue unseen: the field's worth is its way on plus the Baby's
    attack share; pulling the Lady over the Baby gives up the share and adds no more than the
    way on already counts: no pull."""
    s = _pulled(["blue"] * 3 + ["blue-lady", "blue"], "blue-baby", ["blue"] * 6)
    assert s.pull["options"] == [3]
    assert decide(s, 0) == Action(pull="none")


def test_the_baby_is_pulled_over_the_lady_where_the_way_on_outweighs_her_coins() -> None:
    """A Lady planted on 5 Blue pays 2; with 6 Blue unseen the field's way on is worth more,
    and the Baby pulled over her keeps that and adds its attack share."""
    s = _pulled(["blue"] * 3 + ["blue-baby", "blue"], "blue-lady", ["blue"] * 6)
    assert s.pull["options"] == [3]
    assert decide(s, 0) == Action(pull=3)


def test_the_bottom_card_may_be_pulled_and_unreadable_options_are_passed_over() -> None:
    """The Lady at the bottom of the field (place 0) moves up over the Baby planted on top and
    pays there; an option that names no card of the field before it does not end the search."""
    s = _pulled(["blue-lady", "blue"], "blue-baby")
    assert s.pull["options"] == [0]
    assert decide(s, 0) == Action(pull=0)
    b = MutterTraderBot(s.game)
    c = _MutCtx(b, s.view(0))
    legal = [Action(pull="x"), Action(pull=0), Action(pull="none")]
    assert b._pull(c, legal) == Action(pull=0)


def test_a_pull_of_true_names_no_card() -> None:
    """A bool is no place in the field (``True`` is not place 1, where the Lady that would pay
    on top lies): only "none" is left."""
    s = _pulled(["blue", "blue-lady"], "blue-baby")
    assert decide(s, 0) == Action(pull=1)
    b = MutterTraderBot(s.game)
    legal = [Action(pull=True), Action(pull="none")]
    assert b._pull(_MutCtx(b, s.view(0)), legal) == Action(pull="none")


# -- the Schürzenjäger -------------------------------------------------------------------------


def _schuerzenjaeger() -> tuple[Any, Any, Any, Any]:
    """Player 0 (no hand, 5 Red and 2 Chili in its fields) takes a Lady of the discard pile;
    its bot, context, choice and the value ``_one_shot`` gives a Lady without the bonus."""
    ladies = ["blue", "chili", "red", "soy", "garden"]
    b, _, s = table(
        fields=[[["red"] * 5, ["chili"] * 2], [[], []], [[], []], [[], []]],
        rest="stock",
        stock_top=[],
        discard=[f"{v}-lady" for v in ladies],
    )
    view = s.view(0)
    view["choice"] = {"player": 0, "effect": mb.SCHUERZENJAEGER}
    c = _MutCtx(b, view)

    def hand_value(lady: str) -> float:
        return c.evaluate(c.my_fields(), [], [*c.hand_k, lady])

    return b, c, view["choice"], hand_value


def _take(b: Any, variety: str) -> Action:
    return Action(take=b.rep[f"{variety}-lady"])


def test_the_schuerzenjaeger_bonus_tips_a_close_choice_to_a_lady_of_its_fields() -> None:
    """The Red Lady does a little less for the hand than the Blue one (less than 0.3), but she
    is of a variety in its fields: 0.3 more, so she is taken, whichever is offered first."""
    b, c, choice, hand_value = _schuerzenjaeger()
    assert 0 < hand_value("blue-lady") - hand_value("red-lady") < 0.3
    red, blue = _take(b, "red"), _take(b, "blue")
    assert b._one_shot(c, [blue, red], choice) == red
    assert b._one_shot(c, [red, blue], choice) == red


def test_the_schuerzenjaeger_bonus_does_not_outweigh_a_lady_that_does_more() -> None:
    """The Soy Lady does more than 0.3 more for the hand than the Chili Lady of its fields
    (and less than 1.3 more): the Soy Lady is taken."""
    b, c, choice, hand_value = _schuerzenjaeger()
    assert 0.3 < hand_value("soy-lady") - hand_value("chili-lady") < 1.3
    soy, chili = _take(b, "soy"), _take(b, "chili")
    assert b._one_shot(c, [chili, soy], choice) == soy
    assert b._one_shot(c, [soy, chili], choice) == soy


def test_of_ladys_of_no_field_variety_the_hand_decides_the_first_of_equals() -> None:
    """Neither the Blue nor the Soy Lady is of a variety in its fields: the one that does more
    for the hand (Soy); the Soy and Garden Ladys do as much: the one offered first."""
    b, c, choice, hand_value = _schuerzenjaeger()
    assert hand_value("soy-lady") > hand_value("blue-lady")
    assert hand_value("soy-lady") == hand_value("garden-lady")
    soy, blue, garden = _take(b, "soy"), _take(b, "blue"), _take(b, "garden")
    assert b._one_shot(c, [blue, soy], choice) == soy
    assert b._one_shot(c, [soy, garden], choice) == soy
    assert b._one_shot(c, [garden, soy], choice) == garden


# -- the Frauenversteher -----------------------------------------------------------------------


def _frauenversteher(fields: list[list[str]], stock_top: list[str]) -> tuple[Any, Any, Any]:
    b, _, s = table(fields=[fields, [[], []], [[], []], [[], []]], stock_top=stock_top)
    view = s.view(0)
    view["choice"] = {"player": 0, "effect": mb.FRAUENVERSTEHER}
    return b, _MutCtx(b, view), view["choice"]


def test_the_frauenversteher_choice_counts_the_way_on_the_field_has_now() -> None:
    """5 Blue with more Blue unseen are worth their way on already: the Lady on top gains less
    there than on 5 Chili (1 coin more, no Chili unseen), whichever is offered first."""
    b, c, choice = _frauenversteher(
        [["blue-lady"] + ["blue"] * 4, ["chili-lady"] + ["chili"] * 4], ["blue"] * 5
    )
    blue, chili = Action(lady=0, field=0), Action(lady=0, field=1)
    assert b._one_shot(c, [blue, chili], choice) == chili
    assert b._one_shot(c, [chili, blue], choice) == chili


def test_the_frauenversteher_choice_values_the_lady_on_top_with_the_way_on() -> None:
    """On 6 Blue with more Blue unseen the Lady on top pays 2, as the male does, and the field
    keeps its way on either way: she gains nothing, as the Chili Lady (under a Chili Lady)
    does; of equal gains the one offered first moves."""
    b, c, choice = _frauenversteher(
        [["blue-lady"] + ["blue"] * 5, ["chili-lady", "chili", "chili", "chili-lady"]],
        ["blue"] * 5,
    )
    blue, chili = Action(lady=0, field=0), Action(lady=0, field=1)
    assert b._one_shot(c, [blue, chili], choice) == blue
    assert b._one_shot(c, [chili, blue], choice) == chili


# -- the Flitzer and the Aktivist --------------------------------------------------------------


def _flitzer_turned_up(hand: list[str]) -> Any:
    """Player 0 ends its planting and turns up a Flitzer (a Red male) and a Soy; player 1 (a
    single Blue and an empty field, ``hand``) is asked first."""
    s = load(
        4,
        phase="plant",
        planted=1,
        hands=[["blue"], hand, ["stink"], ["chili"]],
        fields=[[["soy"], []], [["blue"], []], [[], []], [["red", "red"], []]],
        stock_top=["soy", "flitzer"],
        rest="discard",
    )
    act(s, 0, {"end": "planting"})
    assert s.flitzer is not None and s.waiting_for() == frozenset({1})
    return s


def test_the_flitzer_is_weighed_against_what_the_hand_would_plant_on_the_empty_field() -> None:
    """The Flitzer can only start player 1's empty field. With a Green and a Stink to come he
    gains more than a tenth there (taken); with two Green and a Stink the empty field is worth
    more to the Greens and he gains less (passed)."""
    s = _flitzer_turned_up(["green", "stink"])
    (take,) = [a for a in s.legal_actions(1) if a.get("field") == 1 and "flitzer" in a]
    assert decide(s, 1) == take
    s = _flitzer_turned_up(["green", "green", "stink"])
    assert decide(s, 1) == Action(flitzer="pass")


def _aktivist(fields: list[list[str]]) -> tuple[Any, Any, list[Action]]:
    """Trading in player 0's turn; player 1 (an Aktivist on top of ``fields``) may claim the
    turned-up Soy."""
    b, c, s = table(
        phase="trade",
        planted=1,
        viewer=1,
        hands=[["red"], ["green"], [], []],
        offer_area=["soy", "chili"],
        fields=[[[], []], fields, [[], []], [[], []]],
    )
    return b, c, s.legal_actions(1)


def test_the_aktivist_claims_the_soy_where_it_adds_a_coin() -> None:
    """The turned-up Soy on the Aktivist's Soy field (2 Soy under him) is worth a coin more
    (less the Aktivist's mark, covered): claimed there, not on the empty field; on a single Soy
    under him it adds nothing: no claim."""
    b, c, legal = _aktivist([["soy", "soy", "aktivist"], []])
    claims = [a for a in legal if "aktivist" in a]
    assert [a["field"] for a in claims] == [0, 1]
    assert b._aktivist(c, legal) == claims[0]
    b, c, legal = _aktivist([["soy", "aktivist"], ["blue"]])
    assert any("aktivist" in a for a in legal)
    assert b._aktivist(c, legal) is None


# -- the Rasselbande ---------------------------------------------------------------------------


def test_the_attack_worth_most_is_made_whichever_comes_first() -> None:
    """Of attacks on three opponents worth 0.3, 0.5 and 0.2 (all less than a whole coin) the
    one worth 0.5, in either order of the choices."""
    s = load(
        4,
        phase="plant",
        planted=1,
        hands=[["soy"], [], [], []],
        fields=[[["blue", "blue-baby"], []], [["chili"], []], [["chili"], []], [["chili"], []]],
        coins=[0, 1, 1, 1],
        rest="discard",
        stock_top=GREENS,
    )
    act(s, 0, {"end": "planting"})
    assert s.phase == "attack"
    b = MutterTraderBot(s.game)
    c = _MutCtx(b, s.view(0))
    worth = {1: 0.3, 2: 0.5, 3: 0.2}
    c.attack_value = lambda q, draws: worth[q]  # type: ignore[method-assign]
    legal = s.legal_actions(0)
    assert b._attack(c, legal) == Action(attack=2, field=0)
    assert b._attack(c, list(reversed(legal))) == Action(attack=2, field=0)


def _defence(
    baby: str,
    fields: list[list[str]],
    talers: Any,
    pile: dict[str, float],
    hand: str = "green",
    dilute: float = 1.5,
) -> tuple[Any, Any, list[Action]]:
    """Player 0 attacks player 1 with ``baby`` on top of a male of its variety; player 1 holds
    ``talers`` (known: ``pile``), ``fields`` and ``hand``: its bot (``dilute``), context and
    choices."""
    s = under_attack([baby.split("-")[0], baby], fields, talers, hand)
    b = MutterTraderBot(s.game, dilute=dilute)
    b.piles = [{}, pile, {}, {}]
    return b, _MutCtx(b, s.view(1)), s.legal_actions(1)


def test_a_garden_ladys_coins_are_the_discard_piles_bottom_cards() -> None:
    """A Garden Lady on 4 pays from the bottom of the discard pile, Blue cards here: her
    harvest thins out 2 known Red talers against a Red Baby (harvested first), but adds as
    many fitting ones as it brings against a Blue Baby (no harvest)."""
    garden = [["garden"] * 3 + ["garden-lady"], ["soy"]]
    b, c, legal = _defence("red-baby", garden, ["red", "red"], {"red": 2.0}, hand="garden")
    assert all(b.kind_of[x] == "blue" for x in c.view["discard"][:4])
    assert b._defend(c, legal) == Action(harvest=0)
    b, c, legal = _defence("blue-baby", garden, ["blue", "blue"], {"blue": 2.0}, hand="garden")
    assert b._defend(c, legal) == Action(end="defending")


def test_against_two_rattles_the_defender_weighs_the_chance_of_either_draw() -> None:
    """Half of 2 talers fit a Blue Baby of 2 rattles: a fitting draw has a chance of
    1 - (1/2)**2 = 3/4; harvesting 4 Red coins makes it 1 - (5/6)**2 = 11/36, worth
    (4/9) * 0.2 = 0.089: harvested."""
    fields = [["red"] * 5, ["soy"]]
    b, c, legal = _defence("blue-baby2", fields, ["blue", "red"], {"blue": 1.0, "red": 1.0}, "red")
    assert c.fit_share(1, c.accepts_of(0)) == 0.5
    b.dilute = 0.2
    assert b._defend(c, legal) == Action(harvest=0)
    b.dilute = 0.1  # worth 0.044: not
    assert b._defend(c, legal) == Action(end="defending")


def test_a_defender_without_talers_has_nothing_to_thin_out() -> None:
    """No taler to lose: harvesting 5 Red with more Red to come gains nothing, however much a
    dilution would be worth."""
    b, c, legal = _defence("blue-baby", [["red"] * 5, ["soy"]], 0, {}, hand="red", dilute=10.0)
    assert c.coins_of[1] == 0
    assert b._defend(c, legal) == Action(end="defending")


def test_of_two_finished_fields_worth_the_same_the_first_is_harvested() -> None:
    """5 Red and 2 Soy, neither coming in the hand: both finished, each worth the tenth a
    finished field is worth at least (``dilute`` 0: no dilution counts): the first offered."""
    fields = [["red"] * 5, ["soy", "soy"]]
    b, c, legal = _defence("blue-baby", fields, ["blue", "blue"], {"blue": 2.0}, dilute=0.0)
    assert c.finished(0) and c.finished(1)
    assert b._defend(c, legal) == Action(harvest=0)
    assert b._defend(c, list(reversed(legal))) == Action(harvest=1)


def test_a_dilution_worth_exactly_five_hundredths_is_not_harvested() -> None:
    """3 Red (2 Red coins) thin 2 fitting Blue talers to half: worth 0.5 * 0.1 = 0.05, not
    more than the 0.05 a harvest must gain (a Red still coming: not finished)."""
    fields = [["red"] * 3, ["soy"]]
    b, c, legal = _defence("blue-baby", fields, ["blue", "blue"], {"blue": 2.0}, "red", 0.1)
    assert not c.finished(0)
    assert b._defend(c, legal) == Action(end="defending")
    b.dilute = 0.11
    assert b._defend(c, legal) == Action(harvest=0)


def test_a_harvest_that_brings_no_coins_is_passed_over_not_the_end_of_the_search() -> None:
    """2 Green pay nothing, so their harvest thins out nothing; the 5 Red listed after them
    (4 Red coins onto 2 fitting Blue talers) are still harvested."""
    fields = [["green", "green"], ["red"] * 5]
    b, c, legal = _defence("blue-baby", fields, ["blue", "blue"], {"blue": 2.0}, "red")
    assert legal[:2] == [Action(harvest=0), Action(harvest=1)]
    assert b._defend(c, legal) == Action(harvest=1)
