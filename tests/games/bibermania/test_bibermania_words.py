"""Biber-Mania's sentences (``bibermania/words.py``), as a player reads them in the terminal, the
browser's log and a replay, in English and German: every action and event kind, cards named as
printed and sorted as a hand is (digits by value, then the action cards, the Joker last), seats
counted from 1, and the odd branches (no view, a game end from before its facts were kept)."""

from __future__ import annotations

import pytest

from spieltisch import load_game
from spieltisch.core.words import Said, Seq
from spieltisch.games.bibermania.words import card, cards, said_action, said_event

WORDS = load_game("bibermania").words()


def both(said: Said | None) -> tuple[str, str]:
    assert said is not None
    return WORDS.say("en", said), WORDS.say("de", said)


def shown(lang: str, row: Seq) -> str:
    """A row of cards as it reads inside a sentence (``{0}``)."""
    return WORDS.say(lang, Said("action.json", row))


# -- cards -------------------------------------------------------------------------------------


def test_a_row_of_cards_is_sorted_as_a_hand():
    """Digits by value (10 after 9, not after 1), then the action cards by name, the Joker
    last: a lay reads the same however the cards were picked."""
    row = cards(["joker", "superbiber", "10", "koenig", "9", "2", "bodyguard", "10"])
    assert shown("en", row) == "2 9 10 10 Bodyguard König Superbiber Joker"
    assert row == Seq(
        [
            "2",
            "9",
            "10",
            "10",
            Said("bm.card.bodyguard"),
            Said("bm.card.koenig"),
            Said("bm.card.superbiber"),
            Said("bm.card.joker"),
        ]
    )


def test_digits_come_before_action_cards_and_the_joker_after_them_all():
    """A hand of a 3, a Dieb, a Joker and a Partybiber: the digit first, the Joker last."""
    row = cards(["partybiber", "joker", "dieb", "3"])
    assert shown("de", row) == "3 Dieb Partybiber Joker"
    assert shown("en", cards(["joker", "1"])) == "1 Joker"
    assert shown("en", cards(["fee", "7"])) == "7 Fee"


def test_a_digit_is_its_number_and_an_action_card_its_printed_name():
    assert card("7") == "7"
    assert card("hippie") == Said("bm.card.hippie")
    assert both(card("gemeinling")) == ("Gemeinling", "Gemeinling")


# -- actions -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "en", "de"),
    [
        ({"lay": ["5", "joker", "5"]}, "lay 5 5 Joker", "5 5 Joker legen"),
        (
            {"beat": "display", "card": "superbiber"},
            "beat Superbiber in the display",
            "Superbiber in der Auslage stechen",
        ),
        ({"beat": "display", "card": "4"}, "beat 4 in the display", "4 in der Auslage stechen"),
        ({"beat": 2}, "beat Player 3", "Spieler 3 stechen"),
        ({"beat": 0}, "beat Player 1", "Spieler 1 stechen"),
        (
            {"steal": "display", "card": "fee"},
            "steal Fee from the display",
            "Fee aus der Auslage stehlen",
        ),
        ({"steal": "supply", "card": "6"}, "steal 6 from the supply", "6 aus dem Vorrat stehlen"),
        ({"steal": 1, "card": "joker"}, "steal Joker from Player 2", "Joker von Spieler 2 stehlen"),
        ({"fee": None}, "wish for nothing", "nichts wünschen"),
        ({"fee": "8", "from": 2}, "wish 8 from Player 3", "8 von Spieler 3 wünschen"),
        ({"fee": "dieb", "from": 0}, "wish Dieb from Player 1", "Dieb von Spieler 1 wünschen"),
        ({"victim": 1}, "the Gemeinling deals to Player 2", "der Gemeinling gibt Spieler 2 Karten"),
        ({"deal": "stock"}, "deal from the stock", "vom Stapel geben"),
        ({"deal": "supply", "card": "3"}, "deal 3 from the supply", "3 aus dem Vorrat geben"),
        ({"draw": "stock"}, "draw from the stock", "vom Stapel ziehen"),
        (
            {"draw": "supply", "card": "koenig"},
            "draw König from the supply",
            "König aus dem Vorrat ziehen",
        ),
    ],
)
def test_each_action_as_its_button_reads(action, en, de):
    """Each kind of action has its own words, with the card and the seat it names."""
    assert both(said_action(None, action)) == (en, de)


KEEP_VIEW = {"pending": {"keep": {"from": 1, "cards": ["joker", "4", "4"], "after": 0}}}


def test_keeping_or_rejecting_names_the_beaten_cards_of_the_view():
    """The keep buttons name the beaten cards waiting (the view's pending keep), sorted."""
    assert both(said_action(KEEP_VIEW, {"keep": True})) == ("keep 4 4 Joker", "4 4 Joker behalten")
    assert both(said_action(KEEP_VIEW, {"keep": False})) == (
        "reject 4 4 Joker (out of the game)",
        "4 4 Joker aussortieren (aus dem Spiel)",
    )


@pytest.mark.parametrize(
    "view",
    [
        None,
        {},
        {"pending": None},
        {"pending": {"keep": None}},
        {"pending": {"keep": {"cards": None}}},
    ],
)
def test_keeping_without_the_beaten_cards_in_view_names_none(view):
    """No view, or one without a pending keep: the button still reads, with no cards named."""
    assert said_action(view, {"keep": True}) == Said("bm.a.keep", Seq([]))
    assert said_action(view, {"keep": False}) == Said("bm.a.reject", Seq([]))


def test_an_unknown_action_is_shown_as_its_data():
    """An action no sentence fits still shows (as its data), never crashes a host."""
    assert said_action(None, {"pass": 1}) == Said("action.json", "{'pass': 1}")


# -- events ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "en", "de"),
    [
        (
            {"type": "lay", "player": 0, "cards": ["hippie", "7", "5"], "shape": "run"},
            "Player 1 lays 5 7 Hippie",
            "Spieler 1 legt 5 7 Hippie",
        ),
        (
            {"type": "beat", "player": 1, "from": "display", "cards": ["2", "2"]},
            "Player 2 beats 2 2 in the display and takes them into the hand",
            "Spieler 2 sticht 2 2 in der Auslage und nimmt sie auf die Hand",
        ),
        (
            {"type": "beat", "player": 1, "from": "display", "cards": ["superbiber"]},
            "Player 2 beats Superbiber in the display and takes it into the hand",
            "Spieler 2 sticht Superbiber in der Auslage und nimmt es auf die Hand",
        ),
        (
            {"type": "beat", "player": 1, "from": 2, "cards": ["joker", "6"]},
            "Player 2 beats the top group 6 Joker of Player 3",
            "Spieler 2 sticht die oberste Gruppe 6 Joker von Spieler 3",
        ),
        (
            {"type": "keep", "player": 0, "from": 2, "cards": ["9"]},
            "Player 1 keeps 9 from the pile of Player 3",
            "Spieler 1 behält 9 vom Stapel von Spieler 3",
        ),
        (
            {"type": "reject", "player": 2, "from": 1, "cards": ["dieb", "1"]},
            "Player 3 rejects 1 Dieb from the pile of Player 2: out of the game",
            "Spieler 3 sortiert 1 Dieb vom Stapel von Spieler 2 aus: aus dem Spiel",
        ),
        (
            {"type": "steal", "player": 0, "from": "display", "card": "fee"},
            "Player 1 steals Fee from the display",
            "Spieler 1 stiehlt Fee aus der Auslage",
        ),
        (
            {"type": "steal", "player": 0, "from": "supply", "card": "3"},
            "Player 1 steals 3 from the supply",
            "Spieler 1 stiehlt 3 aus dem Vorrat",
        ),
        (
            {"type": "steal", "player": 2, "from": 0, "card": "joker"},
            "Player 3 steals Joker from the pile of Player 1",
            "Spieler 3 stiehlt Joker aus dem Stapel von Spieler 1",
        ),
        (
            {"type": "fee", "player": 1, "card": None},
            "Player 2 wishes for no card (Fee)",
            "Spieler 2 wünscht sich keine Karte (Fee)",
        ),
        (
            {"type": "fee", "player": 1, "card": "5", "from": 2, "given": True},
            "Fee: Player 3 hands 5 to Player 2",
            "Fee: Spieler 3 gibt 5 an Spieler 2",
        ),
        (
            {"type": "fee", "player": 1, "card": "koenig", "from": 0, "given": False},
            "Fee: Player 1 has no König for Player 2",
            "Fee: Spieler 1 hat die gewünschte Karte (König) nicht für Spieler 2",
        ),
        (
            {"type": "gemeinling", "player": 0, "victim": 2},
            "Gemeinling: Player 1 deals Player 3 2 cards",
            "Gemeinling: Spieler 1 gibt Spieler 3 2 Karten",
        ),
        (
            {"type": "setup", "round": 2, "first": 1, "display": ["1"], "supply": ["2"]},
            "Round 2 is dealt; Player 2 begins.",
            "Runde 2 ist ausgeteilt; Spieler 2 beginnt.",
        ),
        (
            {"type": "deal", "player": 2, "by": 0, "from": "supply", "card": "bodyguard"},
            "Player 1 deals Player 3 Bodyguard from the supply",
            "Spieler 1 gibt Spieler 3 Bodyguard aus dem Vorrat",
        ),
        (
            {"type": "deal", "player": 1, "by": 0, "from": "stock"},
            "Player 1 deals Player 2 a card from the stock",
            "Spieler 1 gibt Spieler 2 eine Karte vom Stapel",
        ),
        (
            {"type": "draw", "player": 1, "by": 1, "from": "supply", "card": "4"},
            "Player 2 draws 4 from the supply",
            "Spieler 2 zieht 4 aus dem Vorrat",
        ),
        (
            {"type": "draw", "player": 0, "by": 0, "from": "stock"},
            "Player 1 draws a card from the stock",
            "Spieler 1 zieht eine Karte vom Stapel",
        ),
        (
            {"type": "deal-card", "player": 1, "card": "joker"},
            "(Player 2 gets Joker)",
            "(Spieler 2 bekommt Joker)",
        ),
        (
            {"type": "draw-card", "player": 0, "card": "10"},
            "(Player 1 gets 10)",
            "(Spieler 1 bekommt 10)",
        ),
        (
            {"type": "tribute", "player": 2, "to": 0, "card": "6"},
            "König: Player 3 adds 6 to the group of Player 1",
            "König: Spieler 3 legt 6 zur Gruppe von Spieler 1",
        ),
        (
            {"type": "refill", "display": ["9", "hippie"], "supply": ["joker", "1"]},
            "refilled: Display + 9 Hippie; Supply + 1 Joker",
            "aufgefüllt: Auslage + 9 Hippie; Vorrat + 1 Joker",
        ),
        (
            {"type": "refill", "display": [], "supply": ["2"]},
            "refilled: Supply + 2",
            "aufgefüllt: Vorrat + 2",
        ),
        (
            {"type": "refill", "display": ["8"], "supply": []},
            "refilled: Display + 8",
            "aufgefüllt: Auslage + 8",
        ),
        (
            {"type": "turn", "player": 1},
            "— Player 2 is on turn —",
            "— Spieler 2 ist am Zug —",
        ),
        (
            {"type": "round_end", "round": 3, "scores": [4, -2, 0], "why": "", "end": "used_up"},
            "Round 3 is over. Scores: Player 1 4, Player 2 -2, Player 3 0.",
            "Runde 3 ist vorbei. Punkte: Spieler 1 4, Spieler 2 -2, Spieler 3 0.",
        ),
    ],
)
def test_each_event_as_the_log_reads(event, en, de):
    """Each kind of event has its own words: who did what with which cards to whom."""
    assert both(said_event(event, None)) == (en, de)


def test_a_refill_of_nothing_is_no_log_line():
    """A refill that added no card (the stock ran dry) is left out of the log."""
    assert said_event({"type": "refill", "display": [], "supply": []}, None) is None
    assert said_event({"type": "refill"}, None) is None


@pytest.mark.parametrize(
    ("facts", "en", "de"),
    [
        (
            {"end": "out", "by": 1},
            "The game is over: Player 2 laid their last cards.",
            "Das Spiel ist vorbei: Spieler 2 hat die letzten Karten gelegt.",
        ),
        (
            {"end": "no_cards", "by": 0},
            "The game is over: Player 1 has no cards on their turn.",
            "Das Spiel ist vorbei: Spieler 1 hat am Zug keine Karten.",
        ),
        (
            {"end": "used_up"},
            "The game is over: stock and supply are used up.",
            "Das Spiel ist vorbei: Stapel und Vorrat sind aufgebraucht.",
        ),
        (
            {"why": "player 2 laid their last cards"},
            "The game is over: player 2 laid their last cards.",
            "Das Spiel ist vorbei: player 2 laid their last cards.",
        ),
        ({}, "The game is over.", "Das Spiel ist vorbei."),
        ({"why": ""}, "The game is over.", "Das Spiel ist vorbei."),
    ],
)
def test_the_game_end_says_how_it_ended(facts, en, de):
    """From the event's facts in either language; an older event keeps its English ``why``,
    and one with neither says no reason: no "None", and no colon before nothing."""
    event = {"type": "game_end", "scores": [3, 1, 0], "why": "ignored once facts are kept"}
    if "end" not in facts:
        event.pop("why")
    assert both(said_event({**event, **facts}, None)) == (en, de)


def test_an_event_the_log_does_not_show():
    assert said_event({"type": "something_new", "player": 0}, None) is None
