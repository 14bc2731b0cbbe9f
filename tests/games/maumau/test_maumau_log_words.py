"""Mau-Mau's sentences (``maumau/words.py``), as a player reads them in the browser's log, a
replay and the German terminal, in English and German: every action and event kind, cards as
printed on their corner (rank, B/D/K/A in German, and suit sign; the Joker by name), seats
counted from 1, and the odd branches (a draw without cards, a game end without ranks)."""

from __future__ import annotations

import pytest

from spieltisch import load_game
from spieltisch.core.words import Said, Seat, Seq
from spieltisch.games.maumau.words import card, cards, rank, said_action, said_event, suit

WORDS = load_game("maumau").words()


def both(said: Said | None) -> tuple[str, str]:
    assert said is not None
    return WORDS.say("en", said), WORDS.say("de", said)


def shown(value) -> tuple[str, str]:
    """A card, a row or a suit as it reads inside a sentence (``{0}``)."""
    return both(Said("action.json", value))


# -- cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "en", "de"),
    [
        ("10h", "10♥", "10♥"),
        ("7c", "7♣", "7♣"),
        ("Jd", "J♦", "B♦"),
        ("Qs", "Q♠", "D♠"),
        ("Kh", "K♥", "K♥"),
        ("Ac", "A♣", "A♣"),
        ("joker", "Joker", "Joker"),
    ],
)
def test_a_card_reads_as_printed_on_its_corner(code, en, de):
    """Rank and suit sign, no space; the German jack and queen are B(ube) and D(ame)."""
    assert shown(card(code)) == (en, de)


def test_a_card_of_an_unknown_suit_shows_its_letter():
    """A suit letter with no sign (a table's own deck) reads as the letter, not "None"."""
    assert shown(card("9x")) == ("9x", "9x")
    assert shown(card("10x")) == ("10x", "10x")
    assert shown(suit("x"))[0] == "x mm.suit.x"


def test_only_the_face_cards_are_ranks_in_words():
    assert rank("Q") == Said("mm.rank.Q")
    assert rank("10") == "10"
    assert rank("7") == "7"


def test_a_row_of_cards_keeps_its_order_and_one_card_is_a_row_of_one():
    """A lay of several cards reads in the order laid; a lone card name is one card, not its
    letters one by one."""
    assert shown(cards(["Qh", "7h", "joker"])) == ("Q♥ 7♥ Joker", "D♥ 7♥ Joker")
    assert shown(cards("10s")) == ("10♠", "10♠")
    assert cards("10s") == Seq([Seq(["10", "♠"], "")])


def test_a_suit_reads_as_sign_and_name():
    assert shown(suit("h")) == ("♥ hearts", "♥ Herz")
    assert shown(suit("c")) == ("♣ clubs", "♣ Kreuz")


# -- actions -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "en", "de"),
    [
        ({"lay": "8d"}, "lay 8♦", "8♦ legen"),
        ({"lay": ["Qc", "Qd"]}, "lay Q♣ Q♦", "D♣ D♦ legen"),
        ({"throw": "9s"}, "throw in 9♠", "9♠ einwerfen"),
        ({"lay": "Jh", "wish": "s"}, "lay J♥, wishing ♠ spades", "B♥ legen, Wunsch ♠ Pik"),
        (
            {"throw": "Jc", "wish": "d"},
            "throw in J♣, wishing ♦ diamonds",
            "B♣ einwerfen, Wunsch ♦ Karo",
        ),
        (
            {"lay": "7s", "swap": 2},
            "lay 7♠, swapping with Player 3",
            "7♠ legen, Tausch mit Spieler 3",
        ),
        (
            {"lay": "Js", "wish": "h", "swap": 0},
            "lay J♠, wishing ♥ hearts, swapping with Player 1",
            "B♠ legen, Wunsch ♥ Herz, Tausch mit Spieler 1",
        ),
        ({"say": "mau"}, "say “Mau”", "„Mau“ sagen"),
        ({"say": "mau-mau"}, "say “Mau-Mau”", "„Mau-Mau“ sagen"),
        ({"slap": "left"}, "slap: Left", "schlagen: Links"),
        ({"slap": "both"}, "slap: Both", "schlagen: Beide"),
        ({"pilz": 1}, "spend a Pilz on Player 2", "Pilz für Spieler 2 einsetzen"),
        ({"wish": "c"}, "wish ♣ clubs", "♣ Kreuz wünschen"),
        ({"swap": 1}, "swap hands with Player 2", "Hand mit Spieler 2 tauschen"),
        ({"joker": True}, "Joker", "Joker"),
        ({"draw": True}, "Draw", "Ziehen"),
        ({"pass": True}, "Pass", "Passen"),
        ({"take": True}, "Take the chain", "Kette nehmen"),
        ({"sit_out": True}, "Sit out", "Aussetzen"),
    ],
)
def test_each_action_as_its_button_reads(action, en, de):
    """Each kind of action has its own words; a lay's wish and swap are said with it."""
    assert both(said_action(None, action)) == (en, de)


def test_an_unknown_action_is_shown_as_its_json():
    """An action no sentence fits still shows, as its JSON with sorted keys."""
    said = said_action(None, {"zz": 1, "aa": [2]})
    assert said == Said("action.json", '{"aa": [2], "zz": 1}')


# -- events ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "en", "de"),
    [
        (
            {"type": "deal", "dealer": 2, "cards": 5},
            "Player 3 deals 5 cards each",
            "Spieler 3 gibt jedem 5 Karten",
        ),
        (
            {"type": "turn_up", "card": "Kd", "dealer": 0},
            "Player 1 turns up K♦",
            "Spieler 1 deckt K♦ auf",
        ),
        (
            {"type": "turn_up", "card": "joker", "dealer": 1},
            "Player 2 turned up a joker: it goes back under the stock",
            "Spieler 2 hat einen Joker aufgedeckt: er geht unter den Stapel",
        ),
        (
            {"type": "free_pile"},
            "No card is left to turn up: any card fits until one is laid",
            "Keine Karte mehr zum Aufdecken: jede Karte passt, bis eine liegt",
        ),
        (
            {"type": "reshuffle", "cards": 23},
            "The pile is shuffled into a new stock (23 cards)",
            "Die Ablage wird zum neuen Stapel gemischt (23 Karten)",
        ),
        (
            {"type": "reshuffle", "cards": 1},
            "The pile is shuffled into a new stock (1 card)",
            "Die Ablage wird zum neuen Stapel gemischt (1 Karte)",
        ),
        ({"type": "turn", "player": 1}, "— Player 2 is on turn —", "— Spieler 2 ist am Zug —"),
        ({"type": "lay", "player": 0, "card": "Qh"}, "Player 1 lays Q♥", "Spieler 1 legt D♥"),
        (
            {"type": "throw", "player": 2, "card": "9c", "kind": "nine"},
            "Player 3 throws in 9♣ onto the 9",
            "Spieler 3 wirft 9♣ auf die 9 ein",
        ),
        (
            {"type": "throw", "player": 2, "card": "Jc", "kind": "privilege"},
            "Player 3 throws in J♣ with the privilege",
            "Spieler 3 wirft B♣ mit dem Einwurfrecht ein",
        ),
        (
            {"type": "misfit", "player": 1, "card": "8s"},
            "Player 2 tried to throw in 8♠, which does not fit: a penalty card",
            "Spieler 2 wollte 8♠ einwerfen, das passt nicht: eine Strafkarte",
        ),
        ({"type": "cancel", "card": "Ah"}, "the 3 cancels A♥", "die 3 hebt A♥ auf"),
        ({"type": "counts_again", "card": "7d"}, "7♦ counts again", "7♦ gilt wieder"),
        (
            {"type": "restore", "turn": 2, "direction": 1},
            "the 3 on the 3 puts the turn back: Player 3 on turn",
            "die 3 auf der 3 stellt den Zug zurück: Spieler 3 ist am Zug",
        ),
        (
            {"type": "reverse", "direction": -1},
            "the direction is now counter-clockwise ↺",
            "die Richtung ist jetzt gegen den Uhrzeigersinn ↺",
        ),
        (
            {"type": "reverse", "direction": 1},
            "the direction is now clockwise ↻",
            "die Richtung ist jetzt im Uhrzeigersinn ↻",
        ),
        (
            {"type": "ace", "player": 0},
            "ace: Player 1 may lay one more fitting card (or pass)",
            "Ass: Spieler 1 darf noch eine passende Karte legen (oder passen)",
        ),
        (
            {"type": "nine", "player": 1},
            "9: a throw-in window is open (not for Player 2 or the player on turn)",
            "9: ein Einwurf-Fenster ist offen (nicht für Spieler 2 oder wer am Zug ist)",
        ),
        (
            {"type": "no_cards", "player": 2},
            "no card is left for Player 3 to draw",
            "keine Karte mehr für Spieler 3 zum Ziehen",
        ),
        (
            {"type": "joker_to_pile", "player": 0},
            "Player 1 puts a joker from the front onto the pile",
            "Spieler 1 legt einen Joker von vor sich auf die Ablage",
        ),
        ({"type": "sit_out", "player": 1}, "Player 2 sits out", "Spieler 2 setzt aus"),
        ({"type": "pass", "player": 2}, "Player 3 passes", "Spieler 3 passt"),
        (
            {"type": "slap_open", "layer": 0, "need": "both"},
            "SLAP! with BOTH hands",
            "SCHLAGEN! mit BEIDEN Händen",
        ),
        (
            {"type": "slap", "player": 1, "hand": "right"},
            "Player 2 slaps Right",
            "Spieler 2 schlägt Rechts",
        ),
        (
            {"type": "wish", "player": 0, "suit": "d"},
            "Player 1 wishes ♦ diamonds",
            "Spieler 1 wünscht ♦ Karo",
        ),
        (
            {"type": "swap", "player": 0, "partner": 2},
            "Player 1 swaps hands with Player 3",
            "Spieler 1 tauscht die Hand mit Spieler 3",
        ),
        (
            {"type": "hand", "cards": ["Jh", "10s"]},
            "your hand is now J♥ 10♠",
            "deine Hand ist jetzt B♥ 10♠",
        ),
        ({"type": "hand", "cards": []}, "your hand is now empty", "deine Hand ist jetzt leer"),
        (
            {"type": "take", "player": 1, "sevens": 3},
            "Player 2 takes the 7-chain of 3 (6 cards)",
            "Spieler 2 nimmt die 7er-Kette von 3 (6 Karten)",
        ),
        (
            {"type": "joker", "player": 2, "front": 2},
            "Player 3 puts a joker down (2 in front)",
            "Spieler 3 legt einen Joker vor sich (2 vor sich)",
        ),
        (
            {"type": "say", "player": 0, "word": "miau"},
            "Player 1: Miau!",
            "Spieler 1: Miau!",
        ),
        (
            {"type": "won", "player": 1, "place": 2},
            "Player 2 has won (place 2)",
            "Spieler 2 hat gewonnen (Platz 2)",
        ),
        (
            {"type": "pilz", "player": 2, "rank": "Q"},
            "Pilz! four Qs on top: Player 3 gets a Pilz",
            "Pilz! vier D übereinander: Spieler 3 bekommt einen Pilz",
        ),
        (
            {"type": "pilz", "player": 0, "rank": "8"},
            "Pilz! four 8s on top: Player 1 gets a Pilz",
            "Pilz! vier 8 übereinander: Spieler 1 bekommt einen Pilz",
        ),
        (
            {"type": "pilz_spent", "player": 1, "winner": 0},
            "Player 2 spends a Pilz: Player 1 is back as a silent winner",
            "Spieler 2 setzt einen Pilz ein: Spieler 1 ist als stiller Gewinner zurück",
        ),
    ],
)
def test_each_event_as_the_log_reads(event, en, de):
    """Each kind of event has its own words: who did what with which card."""
    assert both(said_event(event, None)) == (en, de)


# -- draws -------------------------------------------------------------------------------------


def test_the_drawer_sees_the_cards_drawn():
    """The drawer's own event names the cards (the others' names none)."""
    event = {"type": "drew", "player": 1, "cards": ["Qd", "4s"]}
    assert both(said_event(event, None)) == ("you drew Q♦ 4♠", "du hast D♦ 4♠ gezogen")


def test_the_others_see_a_turns_draw_as_one_card():
    event = {"type": "drew", "player": 1, "count": 1, "why": "turn"}
    assert both(said_event(event, None)) == (
        "Player 2 draws a card",
        "Spieler 2 zieht eine Karte",
    )
    # an older record without a reason, or with an empty list of cards: the turn's draw
    assert both(said_event({"type": "drew", "player": 0, "count": 1}, None))[0] == (
        "Player 1 draws a card"
    )
    old = {"type": "drew", "player": 0, "cards": [], "count": 1, "why": None}
    assert both(said_event(old, None))[0] == "Player 1 draws a card"


@pytest.mark.parametrize(
    ("why", "count", "en", "de"),
    [
        (
            "chain",
            4,
            "Player 3 draws 4 cards for the 7-chain",
            "Spieler 3 zieht 4 Karten für die 7er-Kette",
        ),
        (
            "words",
            1,
            "Player 3 draws 1 card as penalty for words not said",
            "Spieler 3 zieht 1 Karte als Strafe für nicht gesagte Worte",
        ),
        (
            "slap",
            2,
            "Player 3 draws 2 cards as slap penalty",
            "Spieler 3 zieht 2 Karten als Strafe beim Schlagen",
        ),
        (
            "misfit",
            1,
            "Player 3 draws 1 card as penalty for an unfitting throw-in",
            "Spieler 3 zieht 1 Karte als Strafe für einen unpassenden Einwurf",
        ),
    ],
)
def test_a_penalty_draw_says_how_many_and_why(why, count, en, de):
    event = {"type": "drew", "player": 2, "count": count, "why": why}
    assert both(said_event(event, None)) == (en, de)


def test_the_turn_draw_announcement_is_left_to_the_drew_event():
    """``draw`` (a turn's draw announced) has no line of its own: the ``drew`` event that
    follows it says it, once."""
    assert said_event({"type": "draw", "player": 0, "why": "turn"}, None) is None


# -- the slap's end, words said too late, the game's end -----------------------------------------


def test_a_slap_closes_with_the_last_and_the_penalties():
    """Who slapped last and each player's penalty cards, counted from 1."""
    event = {"type": "slap_closed", "need": "left", "last": [2, 0], "penalties": {"2": 1, "1": 2}}
    assert both(said_event(event, None)) == (
        "the slap is over; last: Player 3 and Player 1; penalty cards: Player 3 1, Player 2 2",
        "das Schlagen ist vorbei; zuletzt: Spieler 3 und Spieler 1; Strafkarten: Spieler 3 1, "
        "Spieler 2 2",
    )


def test_a_slap_closes_without_a_last_or_penalties():
    event = {"type": "slap_closed", "need": "left", "last": [], "penalties": {}}
    assert both(said_event(event, None)) == ("the slap is over", "das Schlagen ist vorbei")
    bare = {"type": "slap_closed", "need": "left", "penalties": None}
    assert both(said_event(bare, None)) == ("the slap is over", "das Schlagen ist vorbei")
    only_last = {"type": "slap_closed", "need": "left", "last": [1]}
    assert both(said_event(only_last, None))[0] == "the slap is over; last: Player 2"
    only_pen = {"type": "slap_closed", "need": "left", "last": [], "penalties": {"0": 1}}
    assert (
        both(said_event(only_pen, None))[1] == "das Schlagen ist vorbei; Strafkarten: Spieler 1 1"
    )


def test_words_said_too_late_are_quoted_and_counted_as_penalty_cards():
    event = {"type": "too_late", "player": 1, "words": ["mau", "mau-mau"]}
    assert both(said_event(event, None)) == (
        "too late: Player 2 did not say “Mau” and “Mau-Mau”: 2 penalty cards",
        "zu spät: Spieler 2 hat „Mau“ und „Mau-Mau“ nicht gesagt: 2 Strafkarten",
    )
    one = {"type": "too_late", "player": 0, "words": ["matt"]}
    assert both(said_event(one, None))[0] == "too late: Player 1 did not say “Matt”: 1 penalty card"


def test_the_game_end_lists_the_places_from_the_ranks():
    """Each seat, counted from 1, with its place; not the engine's 0-based English summary."""
    event = {"type": "game_end", "ranks": [2, 1, 3], "summary": "player 1 wins"}
    assert both(said_event(event, None)) == (
        "The game is over: Player 1 place 2, Player 2 place 1, Player 3 place 3",
        "Das Spiel ist vorbei: Spieler 1 Platz 2, Spieler 2 Platz 1, Spieler 3 Platz 3",
    )


def test_an_old_game_end_keeps_its_summary():
    """A record from before the ranks were kept shows its summary; with none, no "None"."""
    old = {"type": "game_end", "summary": "player 1 wins"}
    assert both(said_event(old, None)) == (
        "The game is over: player 1 wins",
        "Das Spiel ist vorbei: player 1 wins",
    )
    bare = {"type": "game_end"}
    assert both(said_event(bare, None)) == ("The game is over: ", "Das Spiel ist vorbei: ")


def test_an_event_the_log_does_not_show():
    assert said_event({"type": "something_new", "player": 0}, None) is None


def test_a_lay_event_as_a_sentence():
    """The structure the browser gets: seat and card (rank and sign, joined)."""
    assert said_event({"type": "lay", "player": 2, "card": "Ks"}, None) == Said(
        "mm.ev.lay", Seat(2), Seq([Said("mm.rank.K"), "♠"], "")
    )
