"""Mutterböhnchen's sentences (``mutterboehnchen/words.py``), as a player reads them in the
terminal, the browser's log and a replay, in English and German: its own moments (pulls, the
Rasselbande and its attacks, the Flitzer, the specials, the 2-player turn), cards named from
the view's legend (Ladys, Babies with their rattles, specials by name), card ids found where
the view shows them, fields, places and seats counted from 1, and the odd branches (no view,
an id the view hides, a moment that falls back on the bean games' words)."""

from __future__ import annotations

import pytest

from spieltisch import load_game
from spieltisch.core.words import Said, Seat, Seq
from spieltisch.games.mutterboehnchen.words import by_id, card, cards, name_of, said_action
from spieltisch.games.mutterboehnchen.words import said_event as _said_event

WORDS = load_game("mutterboehnchen").words()

VARIETIES = {
    "blue": {"en": "Blue Bean", "de": "Blaue Bohne"},
    "chili": {"en": "Chili Bean", "de": "Feuerbohne"},
    "soy": {"en": "Soy Bean", "de": "Sojabohne"},
}
LEGEND = {
    "blue": {"variety": "blue", "sex": "male"},
    "blue-lady": {"variety": "blue", "sex": "lady"},
    "blue-baby": {"variety": "blue", "sex": "baby", "rattles": 1},
    "blue-baby2": {"variety": "blue", "sex": "baby", "rattles": 2},
    "kotzbrocken": {"variety": None, "sex": "male", "special": "kotzbrocken"},
    "own-special": {"special": "einsiedler", "name": "Der Eigene"},
}
# ids 0..4 in the card file; id 2 hidden (a card the viewer does not see)
DECK = ["blue", "chili-lady", None, "soy-baby2", "kotzbrocken"]
VIEW = {"varieties": VARIETIES, "cards": LEGEND, "deck": DECK, "mode": "three or more"}
DUO = {**VIEW, "mode": "two players"}


def both(said: Said | None) -> tuple[str, str]:
    assert said is not None
    return WORDS.say("en", said), WORDS.say("de", said)


def shown(value) -> tuple[str, str]:
    """A name or a list as it reads inside a sentence (``{0}``)."""
    return both(Said("action.json", value))


def said_event(event, view=VIEW):
    return _said_event(event, view)


# -- cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "en", "de"),
    [
        ("blue", "Blue Bean", "Blaue Bohne"),
        ("blue-lady", "Blue Bean (Lady)", "Blaue Bohne (Lady)"),
        ("blue-baby", "Blue Bean Baby", "Blaue Bohne-Baby"),
        ("blue-baby2", "Blue Bean Baby ●●", "Blaue Bohne-Baby ●●"),
        ("kotzbrocken", "Kotzbrocken", "Kotzbrocken"),
        ("own-special", "Der Eigene", "Der Eigene"),
    ],
)
def test_a_card_is_named_from_the_views_legend(name, en, de):
    """A Lady as a Lady, a Baby with its second rattle shown (●●), a special by its name (a
    table's own printed name first)."""
    assert shown(card(VIEW, name)) == (en, de)


@pytest.mark.parametrize(
    ("name", "en"),
    [
        ("chili", "Chili Bean"),
        ("chili-lady", "Chili Bean (Lady)"),
        ("chili-baby", "Chili Bean Baby"),
        ("chili-baby2", "Chili Bean Baby ●●"),
        ("soy-babyx", "Soy Bean Baby"),
    ],
)
def test_a_card_the_legend_lacks_is_read_from_its_name(name, en):
    """No legend entry: variety, then lady/baby/baby2 after the dash."""
    assert shown(card({"varieties": VARIETIES}, name))[0] == en


def test_a_card_without_a_name_is_a_question_mark():
    assert card(VIEW, None) == "?"
    assert card(VIEW, "") == "?"


def test_cards_are_listed_and_none_is_nothing():
    assert shown(cards(VIEW, ["blue", "blue-lady"])) == (
        "Blue Bean and Blue Bean (Lady)",
        "Blaue Bohne und Blaue Bohne (Lady)",
    )
    assert shown(cards(VIEW, [])) == ("nothing", "nichts")
    assert shown(cards(VIEW, None)) == ("nothing", "nichts")


def test_a_card_id_is_found_in_the_card_file_the_flitzer_the_offer_and_the_cards_to_plant():
    view = {
        **VIEW,
        "flitzer": {"cards": [{"id": 40, "card": "soy"}]},
        "offer_area": [{"id": 41, "card": "chili"}, "junk"],
        "to_plant": [[{"id": 42, "card": "blue-lady"}], None],
    }
    assert name_of(view, 0) == "blue"
    assert name_of(view, 4) == "kotzbrocken"
    assert name_of(view, 40) == "soy"
    assert name_of(view, 41) == "chili"
    assert name_of(view, 42) == "blue-lady"
    assert name_of(view, 43) is None
    assert name_of(view, 2) is None  # hidden in the card file, and nowhere else
    assert name_of(view, -1) is None
    assert name_of(view, 5) is None
    assert name_of({"deck": "junk", "offer_area": [{"id": 1, "card": "soy"}]}, 1) == "soy"


def test_only_a_whole_number_is_a_card_id():
    """``True`` is no card id (it would be card 1), nor is a name."""
    assert name_of(VIEW, True) is None
    assert name_of(VIEW, "1") is None


def test_a_card_by_id_is_its_name_or_its_number():
    assert shown(by_id(VIEW, 1)) == ("Chili Bean (Lady)", "Feuerbohne (Lady)")
    assert by_id(VIEW, 2) == "#2"
    assert by_id({}, 3) == "#3"


# -- actions -----------------------------------------------------------------------------------

HAND = ["chili", "blue-baby", "kotzbrocken"]
PULL_VIEW = {
    **VIEW,
    "hand": HAND,
    "viewer": 1,
    "fields": [[["soy"]], [["blue", "blue-lady"], ["chili-lady", "chili", "chili-baby2"]]],
    "pull": {"player": 1, "field": 1},
    "choice": {"card": 1},
}


@pytest.mark.parametrize(
    ("action", "en", "de"),
    [
        ({"pull": "none"}, "move nothing up", "nichts aufrücken"),
        ({"pull": 2}, "move Chili Bean Baby ●● up", "Feuerbohne-Baby ●● aufrücken"),
        ({"pull": 0}, "move Chili Bean (Lady) up", None),
        ({"pull": 3}, "move #4 up", "#4 aufrücken"),
        ({"pull": -1}, "move #0 up", None),
        (
            {"plant": "front", "field": 0},
            "plant the front card (Chili Bean) on field 1",
            "vorderste Karte (Feuerbohne) auf Feld 1 pflanzen",
        ),
        (
            {"plant": "rear", "field": 1},
            "plant the rearmost card (Kotzbrocken) on field 2",
            "hinterste Karte (Kotzbrocken) auf Feld 2 pflanzen",
        ),
        (
            {"plant": "rear", "field": 1, "under": True},
            "plant the rearmost card (Kotzbrocken) on field 2, under the Lady",
            "hinterste Karte (Kotzbrocken) auf Feld 2, unter die Lady pflanzen",
        ),
        (
            {"plant": "taler", "field": 2},
            "plant the drawn Bohnentaler (Chili Bean (Lady)) on field 3",
            "gezogenen Bohnentaler (Feuerbohne (Lady)) auf Feld 3 pflanzen",
        ),
        ({"plant": 0, "field": 0}, "plant Blue Bean on field 1", "Blaue Bohne auf Feld 1 pflanzen"),
        ({"plant": 2, "field": 0, "under": False}, "plant #2 on field 1", None),
        ({"flitzer": "pass"}, "leave the Flitzer", "den Flitzer liegen lassen"),
        ({"flitzer": "take", "field": 1}, "take the Flitzer onto field 2", None),
        (
            {"attack": 2, "field": 0},
            "attack Player 3 with the Baby on field 1",
            "Spieler 3 mit dem Baby auf Feld 1 angreifen",
        ),
        ({"keep": 3, "field": 1}, "keep Soy Bean Baby ●● on field 2", None),
        ({"place": 0, "field": 2}, "put Blue Bean on field 3", "Blaue Bohne auf Feld 3 legen"),
        (
            {"aktivist": "pass"},
            "leave the turned-up Soy beans",
            "die aufgedeckten Sojabohnen liegen lassen",
        ),
        ({"aktivist": 0, "field": 0}, "Aktivist: take Blue Bean onto field 1", None),
        (
            {"lady": 1, "field": 0},
            "move the Blue Bean (Lady) on field 1 to the top",
            "Blaue Bohne (Lady) auf Feld 1 nach oben",
        ),
        ({"lady": 5, "field": 0}, "move the Lady on field 1 to the top", None),
        ({"lady": -1, "field": 0}, "move the Lady on field 1 to the top", None),
        (
            {"taler_from": 0},
            "draw a Bohnentaler from Player 1",
            "einen Bohnentaler von Spieler 1 ziehen",
        ),
        ({"give_first": 1}, "give Chili Bean (Lady) first (of its variety)", None),
        ({"take": 0}, "take Blue Bean", "Blaue Bohne nehmen"),
        ({"take": "soy"}, "take Soy Bean", "Sojabohne nehmen"),
        (
            {"end": "planting"},
            "end planting (the Rasselbande, then turn up 2)",
            "Pflanzen beenden (Rasselbande, dann 2 aufdecken)",
        ),
        ({"end": "trading"}, "end trading (then plant the rest)", None),
        ({"end": "attacks"}, "make no more attacks", "keine Angriffe mehr"),
        ({"harvest": 1}, "harvest field 2", "Feld 2 ernten"),
        ({"discard": 1}, "discard Chili Bean (Lady)", "Feuerbohne (Lady) abwerfen"),
        ({"discard": "chili"}, "discard Chili Bean", "Feuerbohne abwerfen"),
        (
            {"discard_hand": 1},
            "discard hand card 2 (Blue Bean Baby)",
            "Handkarte 2 abwerfen (Blaue Bohne-Baby)",
        ),
        ({"discard_hand": 3}, "discard hand card 4 ()", None),
        ({"close": True}, "close trading", "Handel schließen"),
        # a plain bean moment: the bean games' words
        ({"accept": 4}, "Accept #4", "Annehmen #4"),
    ],
)
def test_each_action_as_its_button_reads(action, en, de):
    """Each kind of action has its own words, naming the card (not its id), the field counted
    from 1 (and "under the Lady" where it goes there), the seat."""
    said = both(said_action(PULL_VIEW, action))
    assert said[0] == en
    if de is not None:
        assert said[1] == de


def test_ending_the_planting_in_the_two_player_game_turns_up_three():
    """The 2-player turn turns up 3 cards, not 2: its button says so."""
    duo = {**PULL_VIEW, "mode": "two players"}
    assert both(said_action(duo, {"end": "planting"})) == (
        "end planting (the Rasselbande, then turn up 3)",
        "Pflanzen beenden (Rasselbande, dann 3 aufdecken)",
    )
    assert both(said_action(duo, {"end": "trading"}))[0] == "end trading (then plant the rest)"


def test_actions_without_a_view():
    """No view: the hand, the pulled field, the Lady's field and the drawn taler are unknown,
    and the buttons still read."""
    assert both(said_action(None, {"plant": "front", "field": 0}))[0] == (
        "plant the front card (?) on field 1"
    )
    assert both(said_action(None, {"plant": "rear", "field": 0}))[0] == (
        "plant the rearmost card (?) on field 1"
    )
    assert both(said_action(None, {"plant": "taler", "field": 0}))[0] == (
        "plant the drawn Bohnentaler (?) on field 1"
    )
    assert both(said_action(None, {"pull": 0}))[0] == "move #1 up"
    assert both(said_action(None, {"lady": 0, "field": 1}))[0] == (
        "move the Lady on field 2 to the top"
    )
    assert both(said_action(None, {"discard_hand": 0}))[0] == "discard hand card 1 ()"
    assert both(said_action(None, {"end": "planting"}))[0] == (
        "end planting (the Rasselbande, then turn up 2)"
    )


def test_a_ladys_field_is_the_viewers_own():
    """The Lady moved up is on the viewer's field; a view whose viewer is no seat (a
    spectator) or beyond the fields names no card."""
    fields = {**PULL_VIEW, "viewer": 0}
    assert both(said_action(fields, {"lady": 0, "field": 0}))[0] == (
        "move the Soy Bean on field 1 to the top"
    )
    for viewer in (None, 2, "1"):
        view = {**PULL_VIEW, "viewer": viewer}
        assert both(said_action(view, {"lady": 0, "field": 0}))[0] == (
            "move the Lady on field 1 to the top"
        )


# -- events ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "en", "de"),
    [
        ({"type": "turn", "player": 1}, "— Player 2 is on turn —", "— Spieler 2 ist am Zug —"),
        (
            {"type": "third_field", "player": 0, "field": 2, "card_to": 1},
            "Player 1 begins a 3rd field on field 3; the “3. Bohnenfeld” card goes to Player 2",
            "Spieler 1 beginnt ein 3. Feld auf Feld 3; die Karte „3. Bohnenfeld“ geht an Spieler 2",
        ),
        (
            {"type": "set_aside", "player": 2, "cards": ["blue-lady"]},
            "Player 3 sets aside Blue Bean (Lady) (they go back after the last attack)",
            "Spieler 3 legt Blaue Bohne (Lady) beiseite "
            "(sie gehen nach dem letzten Angriff zurück)",
        ),
        (
            {"type": "from_discard", "cards": ["blue", "soy-lady"]},
            "from the discard pile into the offer: Blue Bean and Soy Bean (Lady)",
            "von der Ablage in die Auslage: Blaue Bohne und Sojabohne (Lady)",
        ),
        (
            {"type": "aktivist_pass", "player": 0},
            "Player 1 leaves the turned-up Soy beans",
            "Spieler 1 lässt die aufgedeckten Sojabohnen liegen",
        ),
        (
            {"type": "flitzer_pass", "player": 1},
            "Player 2 leaves the Flitzer",
            "Spieler 2 lässt den Flitzer liegen",
        ),
        (
            {"type": "flitzer_take", "player": 2},
            "Player 3 takes the Flitzer",
            "Spieler 3 nimmt den Flitzer",
        ),
        (
            {"type": "discard", "player": 0, "card": "blue-baby", "from": "hand"},
            "Player 1 discards Blue Bean Baby from the hand",
            "Spieler 1 wirft Blaue Bohne-Baby aus der Hand ab",
        ),
        (
            {"type": "discard", "player": 1, "card": "chili", "from": "offer"},
            "Player 2 discards the leftover Chili Bean",
            "Spieler 2 wirft den Rest Feuerbohne ab",
        ),
        (
            {"type": "plant", "player": 0, "card": "blue-lady", "field": 1},
            "Player 1 plants Blue Bean (Lady) on field 2",
            "Spieler 1 pflanzt Blaue Bohne (Lady) auf Feld 2",
        ),
        (
            {"type": "plant", "player": 0, "card": "blue", "field": 0, "route": "hand"},
            "Player 1 plants Blue Bean on field 1",
            "Spieler 1 pflanzt Blaue Bohne auf Feld 1",
        ),
        (
            {"type": "plant", "player": 1, "card": "blue", "field": 0, "route": "received"},
            "Player 2 plants Blue Bean on field 1 (received)",
            "Spieler 2 pflanzt Blaue Bohne auf Feld 1 (bekommen)",
        ),
        (
            {"type": "plant", "player": 1, "card": "soy", "field": 2, "where": "bottom"},
            "Player 2 plants Soy Bean on field 3 (at the bottom)",
            "Spieler 2 pflanzt Sojabohne auf Feld 3 (ganz unten)",
        ),
        (
            {
                "type": "plant",
                "player": 2,
                "card": "kotzbrocken",
                "field": 1,
                "route": "flitzer",
                "where": "under",
            },
            "Player 3 plants Kotzbrocken on field 2 (as the Flitzer, under the Lady)",
            "Spieler 3 pflanzt Kotzbrocken auf Feld 2 (als Flitzer, unter die Lady)",
        ),
        (
            {"type": "move_up", "player": 0, "field": 1, "from": 2, "to": 0},
            "Player 1: on field 2 a card moves up from place 3 to 1",
            "Spieler 1: auf Feld 2 rückt eine Karte von Platz 3 auf Platz 1",
        ),
        (
            {"type": "pull", "player": 1, "from": 3, "field": 0, "to": 1},
            "Player 2 moves the card at place 4 of field 1 up to place 2",
            "Spieler 2 lässt die Karte auf Platz 4 von Feld 1 auf Platz 2 aufrücken",
        ),
        (
            {"type": "pull", "player": 1, "from": None},
            "Player 2 moves nothing up",
            "Spieler 2 lässt nichts aufrücken",
        ),
        ({"type": "pull", "player": 2}, "Player 3 moves nothing up", None),
        (
            {"type": "special", "player": 0, "card": "kotzbrocken"},
            "Kotzbrocken of Player 1 works",
            "Kotzbrocken von Spieler 1 wirkt",
        ),
        (
            {"type": "take_lady", "player": 1, "card": "soy-lady"},
            "Player 2 takes Soy Bean (Lady) from the discard pile",
            "Spieler 2 nimmt Sojabohne (Lady) aus der Ablage",
        ),
        (
            {"type": "keep", "player": 2, "card": "blue-baby2"},
            "Player 3 keeps Blue Bean Baby ●●",
            "Spieler 3 behält Blaue Bohne-Baby ●●",
        ),
        (
            {"type": "discard_top", "player": 0, "field": 2, "card": "chili"},
            "Player 1 loses the top card of field 3 (Chili Bean)",
            "Spieler 1 verliert die oberste Karte von Feld 3 (Feuerbohne)",
        ),
        (
            {"type": "ladies_to_bottom", "player": 1, "count": 2, "field": 0},
            "Player 2: 2 Lady(s) of field 1 go to the bottom",
            "Spieler 2: 2 Lady(s) von Feld 1 gehen nach unten",
        ),
        (
            {"type": "taler_draw", "player": 0, "target": 2, "card": "soy"},
            "Player 1 draws a Bohnentaler from Player 3: Soy Bean",
            "Spieler 1 zieht einen Bohnentaler von Spieler 3: Sojabohne",
        ),
        (
            {"type": "give_back", "player": 1, "count": 2, "target": 0},
            "Player 2 gives 2 Bohnentaler back to Player 1",
            "Spieler 2 gibt 2 Bohnentaler an Spieler 1 zurück",
        ),
        (
            {"type": "lady_to_top", "player": 2, "from": 1, "field": 0},
            "Player 3: the Lady at place 2 of field 1 goes to the top",
            "Spieler 3: die Lady auf Platz 2 von Feld 1 kommt nach oben",
        ),
        (
            {
                "type": "rasselbande",
                "player": 0,
                "attacks": [{"field": 0, "rattles": 1}, {"field": 2, "rattles": 3}],
            },
            "the Rasselbande of Player 1: field 1 (1 rattle) and field 3 (3 rattles)",
            "Rasselbande von Spieler 1: Feld 1 (1 Rassel) und Feld 3 (3 Rasseln)",
        ),
        ({"type": "rasselbande", "player": 1}, "the Rasselbande of Player 2: ", None),
        (
            {"type": "attack", "player": 0, "target": 1, "field": 2, "rattles": 2},
            "Player 1 attacks Player 2 with the Baby on field 3 (2 rattles)",
            "Spieler 1 greift Spieler 2 mit dem Baby auf Feld 3 an (2 Rasseln)",
        ),
        (
            {"type": "attack_draw", "player": 1, "target": 2, "cards": ["blue", "chili-lady"]},
            "Player 2 draws 2 Bohnentaler from Player 3's Bohnentaler: "
            "Blue Bean and Chili Bean (Lady)",
            "Spieler 2 zieht 2 Bohnentaler aus den Bohnentalern von Spieler 3: "
            "Blaue Bohne und Feuerbohne (Lady)",
        ),
        (
            {"type": "attack_draw", "player": 1, "target": 2},
            "Player 2 draws 0 Bohnentaler from Player 3's Bohnentaler: nothing",
            "Spieler 2 zieht 0 Bohnentaler aus den Bohnentalern von Spieler 3: nichts",
        ),
        (
            {"type": "turn_up", "player": 0, "cards": ["soy", "blue"]},
            "Player 1 turns up Soy Bean and Blue Bean",
            "Spieler 1 deckt Sojabohne und Blaue Bohne auf",
        ),
        (
            {"type": "turn_up", "player": 0, "cards": []},
            "Player 1 turns up nothing: the stock is empty",
            "Spieler 1 deckt nichts auf: der Stapel ist leer",
        ),
        (
            {"type": "draw", "player": 2, "count": 3},
            "Player 3 draws 3 cards",
            "Spieler 3 zieht 3 Karten",
        ),
        (
            {"type": "draw_cards", "player": 0, "cards": ["blue-baby"]},
            "(Player 1 drew Blue Bean Baby)",
            "(Spieler 1 zieht Blaue Bohne-Baby)",
        ),
        (
            {"type": "end_placement", "order": [2, 0, 1]},
            "The stock has run out: the end placement, in the order Player 3, Player 1 and "
            "Player 2",
            "Der Stapel ist aufgebraucht: Schlusslegen in der Reihenfolge Spieler 3, Spieler 1 "
            "und Spieler 2",
        ),
        (
            {"type": "end_placement"},
            "The stock has run out: the end placement, in the order ",
            None,
        ),
        (
            {"type": "game_end", "coins": [7, 3]},
            "The game is over. Bohnentaler: Player 1 7, Player 2 3.",
            "Das Spiel ist vorbei. Bohnentaler: Spieler 1 7, Spieler 2 3.",
        ),
        ({"type": "game_end"}, "The game is over. Bohnentaler: .", None),
        # a plain bean moment: the bean games' words, with this view's names
        (
            {"type": "decline", "player": 1, "offer": 3},
            "Player 2 declines #3",
            "Spieler 2 lehnt #3 ab",
        ),
        (
            {"type": "discard", "player": 1, "card": "blue"},
            "Player 2 discards Blue Bean",
            "Spieler 2 wirft Blaue Bohne ab",
        ),
    ],
)
def test_each_event_as_the_log_reads(event, en, de):
    """Each kind of event has its own words: who did what with which card, on which field and
    place (counted from 1), and how a planted card came (its route, where it went)."""
    said = both(said_event(event))
    assert said[0] == en
    if de is not None:
        assert said[1] == de


def test_events_the_log_leaves_out():
    """Nothing came from the discard pile, or the drawer's cards are not shown: no line."""
    assert said_event({"type": "from_discard", "cards": []}) is None
    assert said_event({"type": "from_discard"}) is None
    assert said_event({"type": "draw_cards", "player": 0, "cards": []}) is None
    assert said_event({"type": "draw_cards", "player": 0}) is None
    assert said_event({"type": "something_new", "player": 0}) is None


def test_an_event_without_a_view():
    """No view: cards are read from their names (no legend, no varieties)."""
    assert both(_said_event({"type": "keep", "player": 0, "card": "soy-baby2"}, None))[0] == (
        "Player 1 keeps soy Baby ●●"
    )


def test_the_two_player_turns_phases_are_named():
    """Two players: turning up is phase 4, drawing phase 5 (no card: said so), and the
    Warmduscher's draw after another's turn is marked."""
    up = {"type": "turn_up", "player": 1, "cards": ["blue"]}
    assert both(said_event(up, DUO)) == (
        "Phase 4: Player 2 turns up Blue Bean",
        "Phase 4: Spieler 2 deckt Blaue Bohne auf",
    )
    assert both(said_event({**up, "cards": []}, DUO))[0] == (
        "Player 2 turns up nothing: the stock is empty"
    )
    draw = {"type": "draw", "player": 1, "count": 2}
    assert both(said_event(draw, {**DUO, "active": 1})) == (
        "Phase 5: Player 2 draws 2 cards",
        "Phase 5: Spieler 2 zieht 2 Karten",
    )
    assert both(said_event(draw, DUO))[0] == "Phase 5: Player 2 draws 2 cards"
    assert both(said_event({**draw, "count": 0}, {**DUO, "active": 1})) == (
        "Phase 5: Player 2 draws no card",
        "Phase 5: Spieler 2 zieht keine Karte",
    )
    assert both(said_event(draw, {**DUO, "active": 0})) == (
        "Player 2 draws 2 cards (Warmduscher)",
        "Spieler 2 zieht 2 Karten (Warmduscher)",
    )
    assert both(said_event({**draw, "count": 1}, {**VIEW, "active": 0}))[0] == (
        "Player 2 draws 1 card"
    )


@pytest.mark.parametrize("by", [-1, "referee", None])
def test_trading_closed_by_the_clock(by):
    event = {"type": "trading_end", "by": by}
    assert both(said_event(event)) == (
        "trading is closed (time is up)",
        "der Handel ist geschlossen (Zeit abgelaufen)",
    )


def test_trading_ended_by_a_player_and_the_cards_kept():
    event = {"type": "trading_end", "by": 1}
    assert both(said_event(event)) == ("Player 2 ends trading", "Spieler 2 beendet den Handel")
    assert both(said_event({**event, "by": 0}))[0] == "Player 1 ends trading"
    kept = {**event, "kept": ["blue-lady"]}
    assert both(said_event(kept)) == (
        "Player 2 ends trading; the turned-up Blue Bean (Lady) stays with the active player",
        "Spieler 2 beendet den Handel; die aufgedeckte Blaue Bohne (Lady) bleibt beim "
        "aktiven Spieler",
    )


HARVEST = {"type": "harvest", "player": 0, "beans": 4, "field": 1, "top": "blue", "coins": 2}


def test_a_harvest_says_beans_field_top_card_and_talers():
    assert both(said_event(HARVEST)) == (
        "Player 1 harvests 4 beans from field 2 (top: Blue Bean): 2 Bohnentaler",
        "Spieler 1 erntet 4 Bohnen von Feld 2 (oben: Blaue Bohne): 2 Bohnentaler",
    )
    one = {**HARVEST, "beans": 1, "coins": 1}
    assert both(said_event(one))[0] == (
        "Player 1 harvests 1 bean from field 2 (top: Blue Bean): 1 Bohnentaler"
    )


def test_a_harvest_paid_from_the_discard_pile_that_closes_a_field():
    event = {**HARVEST, "from_discard": True, "field_closed": True}
    assert both(said_event(event)) == (
        "Player 1 harvests 4 beans from field 2 (top: Blue Bean): 2 Bohnentaler "
        "(paid from the bottom of the discard pile); field 2 is closed: two fields are left",
        "Spieler 1 erntet 4 Bohnen von Feld 2 (oben: Blaue Bohne): 2 Bohnentaler "
        "(bezahlt mit den untersten Karten der Ablage); Feld 2 ist geschlossen: zwei Felder "
        "bleiben",
    )
    assert both(said_event({**HARVEST, "from_discard": True}))[0].endswith(
        "2 Bohnentaler (paid from the bottom of the discard pile)"
    )
    assert both(said_event({**HARVEST, "field_closed": True}))[0].endswith(
        "2 Bohnentaler; field 2 is closed: two fields are left"
    )


def test_a_plant_event_as_a_sentence():
    """The structure the browser gets: the plant, then its route (nothing for a plain one)."""
    plain = said_event({"type": "plant", "player": 1, "card": "blue-lady", "field": 0})
    assert plain is not None
    assert plain.key == "mb.withroute" and plain.args[1] == ""
    routed = said_event(
        {"type": "plant", "player": 1, "card": "blue", "field": 0, "route": "later"}
    )
    assert routed is not None
    assert routed.args[1] == Said("mb.routed", Seq([Said("mb.route.later")], ", "))
    assert routed.args[0].args[0] == Seat(1)


def test_its_own_words_for_the_moments_the_bean_games_share():
    """Harvest and close buttons, the turn line and the end of trading are Mutterböhnchen's
    own words (``mb.*``), not Bohnanza's, even where they read alike today."""
    assert said_action(PULL_VIEW, {"harvest": 0}) == Said("mb.a.harvest", Said("field", 1))
    assert said_action(PULL_VIEW, {"close": True}) == Said("mb.a.close")
    assert said_event({"type": "turn", "player": 2}) == Said("mb.ev.turn", Seat(2))
    assert said_event({"type": "trading_end", "by": 0}) == Said("mb.ev.trading_end", Seat(0))


def test_the_cards_kept_after_trading_are_named_as_mutterboehnchen_names_them():
    """A Baby kept from the offer reads as a Baby, with its rattles (Bohnanza's words would
    call it a plain bean)."""
    kept = {"type": "trading_end", "by": 1, "kept": ["blue-baby2", "blue-baby"]}
    assert both(said_event(kept)) == (
        "Player 2 ends trading; the turned-up Blue Bean Baby ●● and Blue Bean Baby stay with "
        "the active player",
        "Spieler 2 beendet den Handel; die aufgedeckten Blaue Bohne-Baby ●● und Blaue "
        "Bohne-Baby bleiben beim aktiven Spieler",
    )


def test_a_plain_bean_action_names_its_bean_from_the_view():
    """An offer step falls back on the bean games' words, with this view's bean names."""
    step = {"draft": "give", "variety": "chili", "from": "hand"}
    assert both(said_action(PULL_VIEW, step)) == (
        "offer: give Chili Bean (hand)",
        "Angebot: Feuerbohne geben (Hand)",
    )
