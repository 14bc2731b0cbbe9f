"""Mutterböhnchen for 2 players (``mutterboehnchen/duo.py``) pinned where mutation testing
(``make mutate``) found it unchecked: the reason a refused action is given. The other tests
asked only that a wrong action be refused; a player reads why, so each of the 2-player turn's
rules below is checked by the sentence (and the catalog key the page says it in) that a
player breaking it is given, and by the state being left as it was.
Rulings: shared/rules/mutterboehnchen.md, "## 2 players"."""

from __future__ import annotations

import pytest
from position_checks import text
from test_mutterboehnchen_duo_turn import EMPTY, duo, end_phase_2

from spieltisch.core import IllegalAction
from spieltisch.core.words import Seat


def refusal(state, player: int, action: dict) -> IllegalAction:
    """The refusal of ``action``; the state is untouched."""
    before = text(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, action)
    assert text(state) == before, "a refused action changes nothing"
    return caught.value


def reason(state, player: int, action: dict) -> tuple[str | None, str]:
    """The key and the English of the refusal of ``action``; the state is untouched."""
    err = refusal(state, player, action)
    return err.key, str(err)


def reveal_with_the_opponents_aktivist():
    """Player 0 ends phase 2 and turns up a Soy bean; player 1 has an Aktivist on top, so he
    is asked first whether he takes it (phase ``reveal``)."""
    s = end_phase_2([["soy"], [], []], [["soy", "aktivist"], ["green", "green"], []],
                    stock_top=["chili", "soy", "blue"], discard=["garden", "soy"])  # fmt: skip
    s.apply(0, {"end": "planting"})
    assert s.phase == "reveal" and s.actors() == {1}
    return s


# -- harvesting ----------------------------------------------------------------------------------


def test_the_opponent_harvests_only_in_his_own_turn() -> None:
    """ "With 2 players a field is harvested only in its owner's own turn": player 1, asked
    for the Aktivist's claim in player 0's turn, may not harvest then."""
    s = reveal_with_the_opponents_aktivist()
    assert reason(s, 1, {"harvest": 1}) == (
        "r.mb2.harvest",
        "with 2 players a field is harvested only in its owner's own turn",
    )


def test_a_drawn_taler_is_kept_before_any_harvest() -> None:
    """No harvest "while a taler he drew waits to be kept" (the module's rule for
    ``{"harvest": f}``): in phase ``keep`` the attacker is told to keep first."""
    s = end_phase_2([["blue", "blue-baby2"], ["chili"], []],
                    coins=[0, ["blue", "chili"]], stock_top=["garden"] * 5)  # fmt: skip
    s.apply(0, {"end": "planting"})
    s.apply(0, {"attack": 1, "field": 0})
    assert s.phase == "keep"
    assert reason(s, 0, {"harvest": 0}) == (
        "r.mb2.keepfirst",
        "keep the drawn taler first; harvest afterwards",
    )


def test_a_harvest_in_the_own_turn_is_refused_for_the_one_bean_rule() -> None:
    """In his own turn the one-bean rule of the 3-6 player game decides: a field of one bean
    is not harvested while another holds more, and the reason is that rule's, not a 2-player
    one."""
    s = duo(hands=[["soy"], []], fields=[[["blue", "blue"], ["chili"], []], EMPTY])
    key, _ = reason(s, 0, {"harvest": 1})
    assert key is not None and not key.startswith("r.mb2.")


# -- the Rasselbande and the Aktivist ------------------------------------------------------------


@pytest.mark.parametrize("phase", ["plant", "attack"])
def test_an_attack_is_never_aimed_by_the_player(phase: str) -> None:
    """ "Every field with a Baby on top now gives one attack, all against the opponent": an
    attack naming its target or its field wrongly is told so, in any phase."""
    s = end_phase_2([["blue", "blue-baby"], ["chili", "chili-baby2"], []],
                    coins=[0, ["red", "red"]], stock_top=["garden"] * 5)  # fmt: skip
    if phase == "attack":
        s.apply(0, {"end": "planting"})
    assert s.phase == phase
    assert reason(s, 0, {"attack": 0, "field": 0}) == (
        "r.mb2.attack",
        "each attack named at the start of phase 3 goes against the opponent",
    )


def test_while_the_aktivist_is_asked_he_takes_the_soy_or_passes() -> None:
    """A turned-up Soy bean with the opponent's Aktivist on top: he is asked first, and any
    other action of his is answered with the choice he has, naming him."""
    s = reveal_with_the_opponents_aktivist()
    for action in ({"plant": s.offer_area[0], "field": 0}, {"hop": 1}):
        err = refusal(s, 1, action)
        assert (err.key, str(err)) == (
            "r.mb2.aktivist",
            "first player 1 (Aktivist on top) takes a turned-up Soy bean or passes: "
            "{'aktivist': 'pass'}",
        )
        assert err.args_said == (Seat(1),), "the page names him in its reader's language"


# -- a choice of the 3-6 player game waits first -------------------------------------------------


def test_a_waiting_flitzer_claim_is_answered_before_any_2_player_rule() -> None:
    """A turned-up Flitzer: "the opponent may take and plant him at once or pass". Until he
    has, the 3-6 player game's reason (the claim waits) is his answer, not the 2-player rule
    his action would break otherwise (no harvest in the opponent's turn)."""
    s = end_phase_2([["soy"], [], []], [["red"], ["green", "green"], []],
                    stock_top=["chili", "soy", "flitzer"], discard=["garden", "red"])  # fmt: skip
    s.apply(0, {"end": "planting"})
    assert s.flitzer is not None and s.pull is None and s.choice is None
    err = refusal(s, 1, {"harvest": 1})
    assert (err.key, str(err)) == (
        "r.mb.flitzer",
        "first player 1 takes the turned-up Flitzer or passes",
    )
    assert err.args_said == (Seat(1),)


def test_a_waiting_pull_is_answered_before_any_2_player_rule() -> None:
    """A planted Lady lets a Baby of her field move up, and the choice comes first: an attack
    named meanwhile is told about the pull, not about whom attacks go against."""
    s = duo(hands=[["blue-lady", "soy"], []], fields=[[["blue-baby", "blue"], [], []], EMPTY])
    s.apply(0, {"plant": "front", "field": 0})
    assert s.pull is not None and s.choice is None and s.flitzer is None
    assert reason(s, 0, {"attack": 1, "field": 0}) == (
        "r.mb.pull",
        'first choose whether a Lady or Baby moves up: {"pull": 0}, {"pull": "none"}',
    )


# -- phase 1: the leftovers ----------------------------------------------------------------------


def leftovers_begun_by_planting():
    """Phase 1 with Blue begun by planting (its Lady planted), Red not yet begun."""
    s = duo(phase="leftover", fields=[[["blue"], ["chili", "chili"], []], EMPTY],
            hands=[["soy"], []], offer_area=["blue", "blue-lady", "red", "red"],
            discard=["garden"])  # fmt: skip
    s.apply(0, {"plant": s.offer_area[1], "field": 0})
    return s


def test_a_variety_begun_by_planting_is_planted_to_the_end() -> None:
    """ "One variety together: once a card of a variety is planted, the rest of it must be
    planted"."""
    s = leftovers_begun_by_planting()
    assert reason(s, 0, {"discard": s.offer_area[0]}) == (
        "r.mb2.together",
        "one variety together: the rest of a variety begun by planting is planted",
    )


def test_a_leftover_goes_on_a_field_that_fits_it() -> None:
    """A leftover is planted on a field that takes it (Red fits neither the Blue nor the Chili
    field), and the reason names the other half of the rule: a variety begun by discarding
    is discarded."""
    s = leftovers_begun_by_planting()
    red = s.offer_area[1]
    assert reason(s, 0, {"plant": red, "field": 0}) == (
        "r.mb2.leftover",
        "plant a leftover on a field that fits it (one variety together: the rest of a variety "
        "begun by discarding is discarded)",
    )


def test_the_hand_card_is_discarded_in_phase_2_only() -> None:
    """ "Once, before, between or after, {"discard_hand": i} puts the hand card at index i on
    the discard pile" in phase 2 (``plant``), not in phase 1."""
    s = leftovers_begun_by_planting()
    assert reason(s, 0, {"discard_hand": 0}) == (
        "r.mb2.handdiscard",
        "in phase 2 one hand card may be discarded, once",
    )


# -- phase 2: the hand ---------------------------------------------------------------------------


def planted_two():
    s = duo(hands=[["blue", "chili", "soy"], []], fields=[[["blue"], [], []], EMPTY])
    s.apply(0, {"plant": "front", "field": 0})
    s.apply(0, {"plant": "front", "field": 1})
    assert s.phase == "plant" and s.planted == 2
    return s


def test_two_hand_cards_at_most() -> None:
    """ "The front card (must), optionally the next": a third is refused as such."""
    assert reason(planted_two(), 0, {"plant": "front", "field": 1}) == (
        "r.mb2.two",
        "the front card and optionally the next: 2 at most",
    )


def test_the_front_card_goes_on_a_field_that_fits_it() -> None:
    """Before the front card is planted, planting it on a field that does not take it is
    refused with the phase 2 rule."""
    s = duo(hands=[["red", "soy"], []], fields=[[["blue"], ["chili"], []], EMPTY])
    assert reason(s, 0, {"plant": "front", "field": 0}) == (
        "r.mb2.front",
        "plant your front card on a field that fits it (or harvest first)",
    )


def test_phase_2_ends_only_after_the_front_card() -> None:
    """The front card is a must: ending phase 2 before it is planted is refused so, in phase
    2 and before it, among the leftovers of phase 1."""
    s = duo(hands=[["blue", "soy"], []], fields=[[["blue"], [], []], EMPTY])
    assert reason(s, 0, {"end": "planting"}) == ("r.mb2.frontfirst", "plant your front card first")
    s = leftovers_begun_by_planting()
    assert reason(s, 0, {"end": "planting"}) == ("r.mb2.frontfirst", "plant your front card first")


def test_only_offer_cards_are_discarded() -> None:
    """ "{"discard": card}" is phase 1's, for the cards the opponent left in the offer."""
    s = planted_two()
    assert reason(s, 0, {"discard": s.hands[0][0]}) == (
        "r.mb2.discard",
        "only the cards the opponent left in the offer are discarded, in phase 1",
    )


# -- phase 4: taking -----------------------------------------------------------------------------


def taking(offer):
    return duo(phase="take", hands=[["soy"], ["blue"]], offer_area=offer,
               fields=[[["soy", "soy"], [], []], EMPTY], stock_top=["red"] * 5)  # fmt: skip


def test_an_offer_card_goes_on_a_field_that_fits_it() -> None:
    """Phase 4: a turned-up card is planted on a field that takes it (Green does not fit the
    Soy field)."""
    s = taking(["green", "stink"])
    assert reason(s, 0, {"plant": s.offer_area[0], "field": 0}) == (
        "r.mb2.offer",
        "plant an offer card on a field that fits it (harvest first if none)",
    )


def test_a_variety_is_taken_all_or_none() -> None:
    """ "One variety all or none": with one of two Greens planted, phase 4 does not end."""
    s = taking(["green", "green"])
    s.apply(0, {"plant": s.offer_area[0], "field": 1})
    assert reason(s, 0, {"end": "taking"}) == (
        "r.mb2.allornone",
        "a variety is taken all or none: plant the rest of it first",
    )


# -- nothing of the kind now ---------------------------------------------------------------------


def test_nothing_is_planted_in_phase_3() -> None:
    s = end_phase_2([["blue", "blue-baby"], [], []], coins=[0, ["red"]],
                    stock_top=["garden"] * 5)  # fmt: skip
    s.apply(0, {"end": "planting"})
    assert reason(s, 0, {"plant": "front", "field": 1}) == (
        "r.mb2.noplant",
        "nothing is planted now (attack phase)",
    )


@pytest.mark.parametrize("end", ["taking", "planting"])
def test_an_end_out_of_its_phase_is_not_now(end: str) -> None:
    """Ending phase 4 in phase 3, or phase 2 in phase 4, is simply not possible now. (The
    reasons of the phases they end, "a variety is taken all or none" and "plant your front
    card first", used to be given in any phase, and told a player in the Rasselbande to plant
    the rest of a variety.)"""
    if end == "taking":
        s = end_phase_2([["blue", "blue-baby"], [], []], coins=[0, ["red"]],
                        stock_top=["garden"] * 5)  # fmt: skip
        s.apply(0, {"end": "planting"})
    else:
        s = taking(["green", "stink"])
    phase = s.phase
    assert phase == ("attack" if end == "taking" else "take")
    err = refusal(s, 0, {"end": end})
    assert (err.key, str(err)) == (
        "r.mb2.notnow",
        f'{{"end": "{end}"}} is not possible now ({phase} phase)',
    )
    assert err.args_said == (f'{{"end": "{end}"}}', phase), "the page says the action and phase"


# -- what a player's view says of the 2-player turn ----------------------------------------------


def test_the_view_says_two_players_the_hand_discard_and_how_each_variety_was_begun() -> None:
    """The page and the terminal draw the 2-player turn from the view: its ``mode`` ("two
    players"), whether phase 2's one hand discard is used, and for each variety of the
    leftovers whether it was begun by planting or by discarding (the rest must follow)."""
    s = leftovers_begun_by_planting()
    view = s.view(0)
    assert view["mode"] == "two players"
    assert view["started"] == {"blue": "plant"}
    assert view["hand_discarded"] is False
    s = duo(hands=[["red", "blue", "soy"], []], fields=[[["blue"], [], []], EMPTY])
    s.apply(0, {"discard_hand": 0})
    assert s.view(1)["hand_discarded"] is True, "the opponent sees it too"


def test_the_view_says_while_the_aktivist_claim_is_open() -> None:
    """``aktivist_claim``: the opponent's Aktivist may take the turned-up Soy bean now (the
    page offers him the claim); once he passes it is closed."""
    s = reveal_with_the_opponents_aktivist()
    assert s.view(1)["aktivist_claim"] is True and s.view(0)["aktivist_claim"] is True
    s.apply(1, {"aktivist": "pass"})
    assert s.phase == "take" and s.view(1)["aktivist_claim"] is False


# -- phase 3: talers not kept --------------------------------------------------------------------


def test_a_taler_not_kept_is_set_aside_face_up_for_all_to_see() -> None:
    """ "Every other drawn taler is set aside face up (``aside``) and goes back to the opponent
    after the last attack": the attacker keeps one Chili of two, and the event shows the other
    to the table; an attack that draws nothing sets nothing aside and says nothing of it."""
    s = end_phase_2([["blue", "blue-baby"], ["chili", "chili-baby2"], []],
                    coins=[0, ["chili", "chili"]], stock_top=["garden"] * 5)  # fmt: skip
    s.apply(0, {"end": "planting"})
    events = s.apply(0, {"attack": 1, "field": 1})
    aside = [e.data for e in events if e.type == "set_aside"]
    assert aside == [{"player": 0, "cards": ["chili"]}]
    events = s.apply(0, {"attack": 1, "field": 0})  # nothing left to draw: the Chili is aside
    assert [e.data["cards"] for e in events if e.type == "attack_draw"] == [[]]
    assert not [e for e in events if e.type == "set_aside"]
