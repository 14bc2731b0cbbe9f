"""Mutterböhnchen for 2 players (``mutterboehnchen/duo.py``) pinned where mutation testing
(``make mutate``) found it unchecked: the reason a refused action is given. The other tests
asked only that a wrong action be refused; a player reads why, so each of the 2-player turn's
rules below is checked by the sentence (and the catalog key the page says it in) that a
player breaking it is given, and by the state being left as it was.
Rulings: shared/rules/mutterboehnchen.md, "## 2 players"."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import fields_of, load, load_game, names, position
from position_checks import text
from test_mutterboehnchen_duo_turn import EMPTY, duo, end_phase_2

from spieltisch.core import IllegalAction, OptionError, RecordError, Rng
from spieltisch.core.words import Seat
from spieltisch.games.mutterboehnchen.duo import MutterboehnchenDuoState


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


# -- set-up: a table's own card file -------------------------------------------------------------

VARIETIES = ("blue", "chili", "stink", "green", "soy", "blackeyed", "red", "garden")


def card_file(tmp_path, males: dict[str, int]):
    """A table's own card file of plain males only, ``males`` per variety."""
    text = "".join(
        f'[[variety]]\nid = "{v}"\nde = "{v}"\nen = "{v}"\nmale = {n}\nmale_status = "printed"\n'
        'beanometer = [2, 4, 6, 8]\nbeanometer_status = "printed"\n'
        for v, n in males.items()
    )
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return load_game(cards=str(path))


def test_a_card_file_that_cannot_give_8_talers_each_is_refused_so(tmp_path) -> None:
    """ "Setup: 8 Bohnentaler each, none left over" (2 males of each of the 8 varieties): a
    table's card file of 3 varieties gives 3 each, and the 2-player game refuses it, saying
    what it deals."""
    game = card_file(tmp_path, {v: 4 for v in VARIETIES[:3]})
    with pytest.raises(OptionError) as err:
        game.new_state(2, seed=1)
    assert str(err.value) == "the 2-player game deals 8 Bohnentaler to each player"


def test_the_stock_must_hold_both_hands_and_one_turn_up(tmp_path) -> None:
    """Set-up: 5 cards to each hand, and phase 4 turns up 3: a stock of 12 cards after the
    talers is refused (the reason says how many), one of 13 is enough and leaves 3."""
    game = card_file(tmp_path, {v: 2 for v in VARIETIES} | {"blue": 14})
    with pytest.raises(OptionError) as err:
        game.new_state(2, seed=1)
    assert str(err.value) == "12 cards are too few to deal to 2 players"
    game = card_file(tmp_path, {v: 2 for v in VARIETIES} | {"blue": 15})
    s = game.new_state(2, seed=1)
    assert [len(h) for h in s.hands] == [5, 5] and len(s.stock) == 3


def test_the_two_player_rules_say_so_for_three() -> None:
    """The 2-player turn ("## 2 players") is for 2 players: a state of 3 is refused with the
    reason."""
    with pytest.raises(OptionError) as err:
        MutterboehnchenDuoState(load_game(), 3, Rng(1))
    assert str(err.value) == "the 2-player rules are for 2 players, not 3"


def test_a_new_game_is_in_its_first_turn_with_no_claim_open() -> None:
    """A new game begins with the start player's first turn (turn 1, as the record and the
    page count turns), and no Aktivist claim is open in its record (claims come only with
    phase 4's turned-up cards)."""
    s = load_game().new_state(2, seed=3)
    assert s.view(None)["turn"] == 1 and s.to_json()["turn"] == 1
    assert s.to_json()["claim"] is False


# -- the turn passes -----------------------------------------------------------------------------


def test_the_next_turn_is_announced_counted_and_begins_afresh() -> None:
    """After phase 5 the opponent's turn begins ("A turn of the active player: 1. ... 2.
    Hand: the front card (must), optionally the next; once ... a hand card may be
    discarded"): the table is told whose turn it is, the turn count goes up by one, and his
    phase 2 starts with nothing planted and no card discarded, whatever the last turn did."""
    s = duo(phase="take", hands=[["soy"], ["blue", "red"]], offer_area=[],
            fields=[[["soy", "soy"], [], []], EMPTY], stock_top=["red"] * 5, planted=2,
            hand_discards=1)  # fmt: skip
    turn = s.view(None)["turn"]
    events = s.apply(0, {"end": "taking"})
    assert [e.data for e in events if e.type == "turn"] == [{"player": 1}]
    assert s.view(None)["turn"] == turn + 1
    acts = s.legal_actions(1)
    assert {"end": "planting"} not in acts, "his front card is a must"
    assert {"discard_hand": 0} in acts and {"discard_hand": 1} in acts


def test_a_waiting_pull_holds_phase_2_open_after_the_last_hand_card() -> None:
    """ "Lady/Baby moves after each plant": a Lady planted as the last hand card lets her
    field's Baby move up, and that choice is made before phase 2 ends (the Baby could then
    attack in phase 3)."""
    s = duo(hands=[["blue-lady"], []], fields=[[["blue-baby", "blue"], [], []], EMPTY])
    s.apply(0, {"plant": "front", "field": 0})
    assert s.pull is not None and s.phase == "plant" and s.planned == []
    assert s.legal_actions(0) == [{"pull": 0}, {"pull": "none"}]


# -- the 3rd field and planting ------------------------------------------------------------------


def test_each_third_field_begun_is_counted_and_the_card_goes_to_the_other() -> None:
    """ "He then at once hands the card to the opponent": player 1 beginning his third field
    hands it to player 0; the game counts every third field begun (here the second)."""
    s = duo(hands=[["soy"], ["green", "stink"]], phase="plant",
            fields=[[["blue"], ["chili"], ["red"]], [["soy", "soy"], ["blackeyed"], []]],
            closed=[None, 2], third_card=1, stock_top=["garden"] * 5, active=1,
            discard=["stink"], counts={"third_fields": 1})  # fmt: skip
    events = s.apply(1, {"plant": "front", "field": 2})
    assert [e.data for e in events if e.type == "third_field"] == [
        {"player": 1, "field": 2, "card_to": 0}
    ]
    assert s.stats()["third_fields"] == 2


def test_a_kavalier_slides_under_a_lady_in_the_two_player_game() -> None:
    """Kavalier: "When planted, he may be slid directly under the top card of any of your
    fields whose top card is a Lady ... the Lady stays on top" — in phase 2 of the 2-player
    game too: on his Blue field under its Lady when he says so, else on top of her."""
    s = duo(hands=[["kavalier", "soy"], []], fields=[[["blue", "blue-lady"], ["chili"], []], EMPTY])
    t = s.clone()
    s.apply(0, {"plant": "front", "field": 0, "under": True})
    assert fields_of(s, 0)[0] == ["blue", "kavalier", "blue-lady"]
    t.apply(0, {"plant": "front", "field": 0})
    assert fields_of(t, 0)[0] == ["blue", "blue-lady", "kavalier"]


@pytest.mark.parametrize("all_fields", [False, True])
def test_the_schluckspecht_option_holds_in_the_two_player_game(all_fields: bool) -> None:
    """Schluckspecht: "every bean planted on that field, by any route, goes to its bottom
    (option: on all his owner's fields)": with the option a Blue planted on his Blue field goes
    under its Lady; without it, on top."""
    s = load(2, options={"schluckspecht_all_fields": all_fields}, closed=[2, 2], third_card=1,
             hands=[["blue", "soy"], []],
             fields=[[["green", "schluckspecht"], ["blue", "blue-lady"], []], EMPTY])  # fmt: skip
    s.apply(0, {"plant": "front", "field": 1})
    expected = ["blue", "blue", "blue-lady"] if all_fields else ["blue", "blue-lady", "blue"]
    assert fields_of(s, 0)[1] == expected


def test_the_talers_set_aside_go_back_to_the_opponent_after_the_last_attack() -> None:
    """ "The others go back after the last attack": the table is told who gives back how many
    talers to whom (player 0, after his two attacks, 2 Reds to player 1)."""
    s = end_phase_2([["blue", "blue-baby"], ["chili", "chili-baby2"], []],
                    coins=[0, ["red", "red"]], stock_top=["garden"] * 5)  # fmt: skip
    s.apply(0, {"end": "planting"})
    s.apply(0, {"attack": 1, "field": 1})
    events = s.apply(0, {"attack": 1, "field": 0})
    assert [e.data for e in events if e.type == "give_back"] == [
        {"player": 0, "target": 1, "count": 2}
    ]


def test_a_flitzer_nobody_can_take_is_passed_after_the_turn_up_is_shown() -> None:
    """ "An opponent's Flitzer claim is settled as soon as it is revealed, before the discard
    chain": where no field of the opponent takes him the pass is made for him, and the table
    still sees the 3 cards turned up, then the pass, then the chain."""
    s = duo(phase="plant", planted=1, hands=[["soy"], []],
            fields=[[["blue"], [], []], [["chili"], ["green"], []]],
            stock_top=["soy", "soy", "flitzer"], discard=["blue"], third_card=1)  # fmt: skip
    events = s.apply(0, {"end": "planting"})
    kinds = [e.type for e in events]
    assert kinds.index("turn_up") < kinds.index("flitzer_pass") < kinds.index("from_discard")


# -- phase 5: the draw ---------------------------------------------------------------------------

WARM = ["red", "warmduscher"]
LAZY = ["garden", "faulpelz"]


@pytest.mark.parametrize(
    ("mine", "theirs", "draws", "fired"),
    [
        ([WARM, LAZY, []], EMPTY, [(0, 0)], {"fired_faulpelz": 2, "fired_warmduscher": 2}),
        ([LAZY, [], []], EMPTY, [(0, 1)], {"fired_faulpelz": 2, "fired_warmduscher": 1}),
        ([WARM, [], []], EMPTY, [(0, 0)], {"fired_faulpelz": 1, "fired_warmduscher": 2}),
        (EMPTY, [WARM, [], []], [(0, 2), (1, 1)], {"fired_faulpelz": 1, "fired_warmduscher": 2}),
        (EMPTY, [WARM, LAZY, []], [(0, 2)], {"fired_faulpelz": 2, "fired_warmduscher": 2}),
    ],
)
def test_faulpelz_and_warmduscher_fire_once_each_in_phase_5(mine, theirs, draws, fired) -> None:
    """Phase 5: "Faulpelz: 1 card; Warmduscher: no draw in the own phase 5 and 1 card right
    after the opponent's; both together: none". Each that works is counted once as fired (the
    game's statistics; one of each fired before), and the table is told each draw: the
    active player's, then the opponent's Warmduscher draw."""
    s = duo(phase="take", fields=[mine, theirs], hands=[[], []], stock_top=["stink"] * 6,
            counts={"fired_warmduscher": 1, "fired_faulpelz": 1})  # fmt: skip
    events = s.apply(0, {"end": "taking"})
    assert [(e.data["player"], e.data["count"]) for e in events if e.type == "draw"] == draws
    assert s.stats() == fired


def test_the_end_placement_is_announced_from_the_player_who_would_be_next() -> None:
    """ "From the player who would be next, each may place one fitting hand card on each
    existing field": when the stock is out, phase 5 draws nothing and the table is told the
    order of the last placing (player 1, then player 0)."""
    s = duo(phase="take", hands=[["soy"], ["blue"]], offer_area=[],
            fields=[[["soy", "soy"], [], []], EMPTY], ending=True,
            rest="discard")  # fmt: skip
    events = s.apply(0, {"end": "taking"})
    assert [e.data for e in events if e.type == "end_placement"] == [{"order": [1, 0]}]
    assert s.phase == "place" and s.placing == [1, 0]


# -- phase 1: a variety begun by planting --------------------------------------------------------


def test_a_begun_variety_that_fits_no_field_is_planted_after_a_harvest_not_discarded() -> None:
    """ "Once a card of a variety is planted, the rest of it must be planted" (the module:
    "if a card of it fits no field he harvests first (always possible in his own turn)"): a
    Kavalier (Blue) slid under the Chili Lady begins Blue, and the other Blue, fitting no field
    now, leaves him only his harvests, no discard."""
    s = duo(phase="leftover", fields=[[["chili", "chili-lady"], ["red", "red"], []], EMPTY],
            hands=[["soy"], []], offer_area=["kavalier", "blue"])  # fmt: skip
    kavalier, _ = s.offer_area
    s.apply(0, {"plant": kavalier, "field": 0, "under": True})
    assert s.legal_actions(0) == [{"harvest": 0}, {"harvest": 1}]


def test_a_begun_variety_is_still_planted_when_nothing_is_left_to_harvest() -> None:
    """ "Once a card of a variety is planted, the rest of it must be planted": with all his
    fields harvested empty (nothing to harvest), the second Blue is planted, never
    discarded."""
    s = duo(phase="leftover", fields=[[["blue"], [], []], EMPTY], hands=[["soy"], []],
            offer_area=["blue", "blue"])  # fmt: skip
    first, second = s.offer_area
    s.apply(0, {"plant": first, "field": 0})
    s.apply(0, {"harvest": 0})
    assert s.legal_actions(0) == [{"plant": second, "field": 0}, {"plant": second, "field": 1}]


def test_the_discard_chain_is_shown_with_the_offer_it_makes() -> None:
    """Phase 4: "while the discard pile's top card has a variety of one of the 3, it joins the
    offer": the table is told whose turn's chain it is, the cards that joined and the offer
    now (the Red on top joins; the Blue under it does not)."""
    s = duo(phase="plant", planted=1, hands=[["soy"], []],
            fields=[[["blue"], [], []], [["chili"], ["green"], []]],
            stock_top=["soy", "red", "flitzer"], discard=["red", "blue", "red"])  # fmt: skip
    events = s.apply(0, {"end": "planting"})
    assert [e.data for e in events if e.type == "from_discard"] == [
        {"player": 0, "cards": ["red"], "offer": ["flitzer", "red", "soy", "red"]}
    ]


# -- phase 2: which hand cards may be planted ----------------------------------------------------


def test_a_third_hand_card_is_not_offered_even_where_it_fits() -> None:
    """ "The front hand card, optionally the next": after two, the third (a Blue that fits
    the Blue field) is no longer offered, only the hand discard and the end of phase 2."""
    s = duo(hands=[["blue", "chili", "blue"], []], fields=[[["blue"], [], []], EMPTY])
    s.apply(0, {"plant": "front", "field": 0})
    s.apply(0, {"plant": "front", "field": 1})
    assert s.legal_actions(0) == [{"discard_hand": 0}, {"end": "planting"}, {"harvest": 0}]


def test_any_hand_card_as_the_second_only_with_a_hampelmann_and_only_second() -> None:
    """Hampelmann: "the optional 2nd card may be any hand card" — not the first (the front
    card is a must), and not without him on top; the front card stays a choice for the 2nd."""
    with_him = [["blackeyed", "hampelmann"], ["chili"], []]
    s = duo(hands=[["chili", "chili", "red"], []], fields=[with_him, EMPTY])
    assert not [a for a in s.legal_actions(0) if "from" in a], "the front card first"
    s.apply(0, {"plant": "front", "field": 1})
    acts = s.legal_actions(0)
    assert {"plant": "front", "field": 1} in acts
    assert {"plant": s.hands[0][0], "field": 1, "from": "hand"} in acts
    s = duo(hands=[["chili", "chili", "red"], []], fields=[[["blackeyed"], ["chili"], []], EMPTY])
    s.apply(0, {"plant": "front", "field": 1})
    assert not [a for a in s.legal_actions(0) if "from" in a], "no Hampelmann on top"


# -- equal cards, and cards that are not the one asked for ---------------------------------------


def test_either_of_two_equal_leftovers_may_be_named_to_discard() -> None:
    """Two Reds left in the offer are the same card to the rules: the list names the first,
    and discarding the second is the same move, accepted (that very card goes)."""
    s = duo(phase="leftover", fields=[[["blue"], [], []], EMPTY], hands=[["soy"], []],
            offer_area=["red", "red"])  # fmt: skip
    first, second = s.offer_area
    assert {"discard": second} not in s.legal_actions(0)
    s.apply(0, {"discard": second})
    assert s.discard[-1] == second and s.offer_area == [first]


def test_either_of_two_turned_up_soys_may_be_named_for_the_aktivist() -> None:
    """The opponent's Aktivist "may take a turned-up Soy": of two turned-up Soys the list
    names one; naming the other is the same move, accepted."""
    s = end_phase_2([["soy"], [], []], [["soy", "aktivist"], ["green", "green"], []],
                    stock_top=["chili", "soy", "soy"], discard=["garden", "stink"])  # fmt: skip
    s.apply(0, {"end": "planting"})
    soys = [c for c in s.offer_area if names([c]) == ["soy"]]
    assert s.legal_actions(1) == [{"aktivist": soys[0], "field": 0}, {"aktivist": "pass"}]
    s.apply(1, {"aktivist": soys[1], "field": 0})
    assert fields_of(s, 1)[0] == ["soy", "aktivist", "soy"]


def test_only_the_turned_up_flitzer_is_taken_as_the_flitzer() -> None:
    """ "A turned-up Flitzer: the opponent may take and plant him at once": another turned-up
    card named as the Flitzer, or a card that does not exist, is refused (not taken in his
    place), and so is a Flitzer claim when no Flitzer waits (phase 4's taking)."""
    s = duo(phase="plant", planted=1, hands=[["soy"], []],
            fields=[[["blue"], [], []], [["red"], ["green"], []]],
            stock_top=["soy", "chili", "flitzer"], discard=["blue"], third_card=1)  # fmt: skip
    s.apply(0, {"end": "planting"})
    flitzer, chili, _ = s.offer_area
    assert s.legal_actions(1) == [{"flitzer": flitzer, "field": 0}, {"flitzer": "pass"}]
    refusal(s, 1, {"flitzer": chili, "field": 0})
    refusal(s, 1, {"flitzer": 9999, "field": 0})
    s = taking(["green", "stink"])
    refusal(s, 0, {"flitzer": s.offer_area[0], "field": 1})


def test_a_flitzer_claim_mixed_with_a_harvest_is_refused_not_a_crash() -> None:
    """While the Flitzer waits ("the opponent may take and plant him at once"), an action
    that names the Flitzer and a harvest at once is no move of the game: it is refused with a
    reason for the player who sent it (whose fields the reason reads), the state unchanged."""
    s = duo(phase="plant", planted=1, hands=[["soy"], []],
            fields=[[["blue"], [], []], [["red"], ["green"], []]],
            stock_top=["soy", "chili", "flitzer"], discard=["blue"], third_card=1)  # fmt: skip
    s.apply(0, {"end": "planting"})
    assert s.flitzer is not None
    err = refusal(s, 1, {"flitzer": "pass", "harvest": 1})
    assert err.key is not None


# -- what the table is told, and what the record keeps -------------------------------------------


def test_a_discarded_leftover_is_shown_to_the_table_as_from_the_offer() -> None:
    """Phase 1: a leftover "{"discard": card}" goes onto the discard pile: the table is told
    who discarded which card, and that it came from the offer (not from his hand)."""
    s = duo(phase="leftover", fields=[[["blue"], [], []], EMPTY], hands=[["soy"], []],
            offer_area=["red", "red"])  # fmt: skip
    events = s.apply(0, {"discard": s.offer_area[0]})
    assert [(e.type, e.data) for e in events] == [
        ("discard", {"player": 0, "card": "red", "from": "offer"})
    ]


def test_the_hand_discard_is_recorded_once() -> None:
    """Phase 2: "1 card from the hand may be discarded": the record counts the one discard
    made (1), as a position loaded from it must read it."""
    s = duo(hands=[["red", "blue", "soy"], []], fields=[[["blue"], [], []], EMPTY])
    s.apply(0, {"discard_hand": 0})
    assert s.to_json()["hand_discards"] == 1


def test_the_aktivist_pass_is_shown_and_closes_the_claim_in_the_record() -> None:
    """ "{"aktivist": "pass"}": the table is told that the opponent passed, and the record
    keeps the claim closed (false)."""
    s = reveal_with_the_opponents_aktivist()
    events = s.apply(1, {"aktivist": "pass"})
    assert ("aktivist_pass", {"player": 1}) in [(e.type, e.data) for e in events]
    assert s.to_json()["claim"] is False


# -- positions read back -------------------------------------------------------------------------


def test_without_a_holder_the_card_is_with_the_start_players_opponent() -> None:
    """ "The single "3. Bohnenfeld" card starts with the second player": a position that does
    not say who holds it gives it to the start player's opponent, the start player being the
    one the position names or, where it names none, the active player (as the 3-6 player
    game reads it)."""
    game = load_game()
    data = position(game, 2, fields=[EMPTY, EMPTY], hands=[["soy"], []], active=1)
    del data["first_player"]
    s = game.from_json(data)
    assert (s.first_player, s.third_card) == (1, 0)
    data = position(game, 2, fields=[EMPTY, EMPTY], hands=[["soy"], []], active=1,
                    first_player=0)  # fmt: skip
    assert game.from_json(data).third_card == 1


def test_a_planted_card_says_whether_it_was_a_leftover_or_turned_up() -> None:
    """Phase 1 plants "the cards the opponent left in the offer", phase 4 the cards turned up
    (and chained): the table is told by which route each card came (the when-played cards
    fire only from the hand, so the route is what tells them apart)."""
    s = duo(phase="leftover", fields=[[["blue"], [], []], EMPTY], hands=[["soy"], []],
            offer_area=["blue", "red"])  # fmt: skip
    events = s.apply(0, {"plant": s.offer_area[0], "field": 0})
    assert [e.data["route"] for e in events if e.type == "plant"] == ["leftover"]
    s = taking(["green", "stink"])
    events = s.apply(0, {"plant": s.offer_area[0], "field": 1})
    assert [e.data["route"] for e in events if e.type == "plant"] == ["turned_up"]


def mid_turn():
    """A 2-player position with every key of the 2-player record away from its default:
    player 1 starts, player 0 holds the card and has three fields, has discarded his hand
    card, has begun Red by planting; a taler is set aside and the Aktivist's claim is open."""
    game = load_game()
    data = position(game, 2, fields=[[["blue"], ["chili"], ["soy"]], EMPTY],
                    hands=[["soy"], []], offer_area=["red"], coins=[0, ["green"]],
                    phase="reveal", first_player=1)  # fmt: skip
    data.update(closed=[None, 2], third_card=0, hand_discards=1, started={"red": "plant"},
                claim=True, aside=data["coins"][1], coins=[[], []])  # fmt: skip
    return game, data


def test_a_position_keeps_every_2_player_key() -> None:
    """What a 2-player turn adds to the position (the open 3rd field, the card's holder, the
    hand discard, the varieties begun, the talers set aside, the open Aktivist claim) is read
    back as written, and written again the same."""
    game, data = mid_turn()
    s = game.from_json(data)
    assert s.closed == [None, 2] and s.third_card == 0 and s.hand_discards == 1
    assert s.started == {"red": "plant"} and s.claim is True
    assert names(s.aside) == ["green"]
    back = s.to_json()
    assert {k: back[k] for k in ("closed", "third_card", "hand_discards", "started", "claim")} == {
        "closed": [None, 2], "third_card": 0, "hand_discards": 1, "started": {"red": "plant"},
        "claim": True,
    }  # fmt: skip
    assert game.from_json(back).to_json() == back


def test_a_position_without_the_2_player_keys_is_a_turn_begun() -> None:
    """A position that leaves out the 2-player keys is read as at the start of a turn: 2
    fields each (the 3rd slot closed), the card with the start player's opponent, no hand
    card discarded, no variety begun, no taler set aside, no claim open."""
    game, data = mid_turn()
    # the cards of the keys left out go back under the stock: every card in one place
    data["stock"] += data["aside"] + data["fields"][0][2] + data["offer_area"]
    for key in ("closed", "third_card", "hand_discards", "started", "claim", "aside"):
        del data[key]
    data["fields"][0][2], data["field_var"][0][2], data["offer_area"] = [], None, []
    s = game.from_json(data)
    assert s.closed == [2, 2] and s.third_card == 0 and s.hand_discards == 0
    assert s.started == {} and s.aside == [] and s.claim is False


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"closed": [2, 2, 2]}, "each of the 2 players has 3 field slots"),
        ({"closed": [0, 2]}, "a closed field slot is empty"),
        ({"third_card": 2}, "the '3. Bohnenfeld' card is held by a player"),
    ],
)
def test_a_position_against_the_3rd_field_rules_is_refused_with_the_reason(change, says) -> None:
    """ "Each player has 2 fields" and the single "3. Bohnenfeld" card: a position with a
    closed slot per player, a closed slot holding beans, or the card with no player is no
    2-player position; the refusal says which."""
    game, data = mid_turn()
    data.update(change)
    with pytest.raises(RecordError) as err:
        game.from_json(data)
    assert str(err.value) == f"not a mutterboehnchen position: ValueError: {says}"


def test_a_position_of_other_than_2_players_is_no_2_player_position() -> None:
    """The 2-player turn reads only 2-player positions: one of 3 players is refused as such;
    one that says no number of players is refused as missing it."""
    game, data = mid_turn()
    with pytest.raises(RecordError) as err:
        MutterboehnchenDuoState.from_position(game, {**data, "players": 3})
    assert str(err.value) == "not a mutterboehnchen 2-player position: players is not 2"
    del data["players"]
    with pytest.raises(RecordError) as err:
        MutterboehnchenDuoState.from_position(game, data)
    assert str(err.value) == "not a mutterboehnchen position: KeyError: 'players'"
    assert MutterboehnchenDuoState.from_position(game, mid_turn()[1]).third_card == 0


@pytest.mark.parametrize("phase", ["leftover", "take"])
def test_a_kavalier_from_the_offer_slides_under_a_lady_when_asked(phase: str) -> None:
    """Kavalier: "When planted, he may be slid directly under the top card of any of your
    fields whose top card is a Lady" — planted from the leftovers (phase 1) or the turned-up
    cards (phase 4) too: under his Blue field's Lady when he says so, else on top of her."""
    s = duo(phase=phase, fields=[[["blue", "blue-lady"], ["chili"], []], EMPTY],
            hands=[["soy"], []], offer_area=["kavalier"], stock_top=["red"] * 5)  # fmt: skip
    t = s.clone()
    s.apply(0, {"plant": s.offer_area[0], "field": 0, "under": True})
    assert fields_of(s, 0)[0] == ["blue", "kavalier", "blue-lady"]
    t.apply(0, {"plant": t.offer_area[0], "field": 0})
    assert fields_of(t, 0)[0] == ["blue", "blue-lady", "kavalier"]
