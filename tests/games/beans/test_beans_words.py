"""The bean games' sentences (``beans/words.py``: Bohnanza, Ladybohn and the plain moments of
Mutterböhnchen), as a player reads them in the terminal, the browser's log and a replay, in
English and German: every action and event kind, beans named from the view's card data in the
reader's language, fields and fans counted from 1, offers as the trading panel shows them, and
the odd branches (no view, a hidden card, a trading end by the clock, an action no sentence
fits)."""

from __future__ import annotations

import pytest

from spieltisch import load_game
from spieltisch.core.words import Named, Said, Seat, Seq
from spieltisch.games.beans.words import (
    bean,
    card_by_id,
    card_name,
    cards,
    items,
    refusal,
    said_action,
    said_event,
    variety,
)

WORDS = load_game("bohnanza").words()

VARIETIES = {
    "blue": {"en": "Blue Bean", "de": "Blaue Bohne", "beanometer": {}},
    "chili": {"en": "Chili Bean", "de": "Feuerbohne", "beanometer": {}},
    "soy": {"en": "Soy Bean", "de": "Sojabohne", "beanometer": {}},
}
VIEW = {"varieties": VARIETIES}


def both(said: Said | None) -> tuple[str, str]:
    assert said is not None
    return WORDS.say("en", said), WORDS.say("de", said)


def shown(value) -> tuple[str, str]:
    """A name or a list as it reads inside a sentence (``{0}``)."""
    return both(Said("action.json", value))


# -- beans and cards ---------------------------------------------------------------------------


def test_a_bean_is_named_in_the_readers_language_from_the_view():
    assert bean(VIEW, "blue") == Named({"en": "Blue Bean", "de": "Blaue Bohne"})
    assert shown(bean(VIEW, "chili")) == ("Chili Bean", "Feuerbohne")


def test_a_bean_the_view_does_not_name_is_its_id():
    """No card data (no view, or a variety it lacks): the id, rather than a crash."""
    assert bean({}, "garden") == "garden"
    assert bean({"varieties": None}, "blue") == "blue"
    assert bean(VIEW, "garden") == "garden"


def test_a_lady_card_is_her_variety_named_as_a_lady():
    """Ladybohn: "blue-lady" is a Blue Bean lady, "Blue Bean (Lady)"."""
    assert variety({}, "blue-lady") == "blue"
    assert variety({}, "chili") == "chili"
    assert shown(card_name(VIEW, "blue-lady")) == ("Blue Bean (Lady)", "Blaue Bohne (Lady)")
    assert shown(card_name(VIEW, "soy")) == ("Soy Bean", "Sojabohne")


def test_a_card_of_the_views_legend_is_named_by_its_variety():
    """Mutterböhnchen's cards (babies, specials) name their variety in the view's legend."""
    view = {**VIEW, "cards": {"blue-baby": {"variety": "blue"}}}
    assert variety(view, "blue-baby") == "blue"
    assert shown(card_name(view, "blue-baby")) == ("Blue Bean", "Blaue Bohne")
    # a legend that is not a table of cards is not read
    assert variety({"cards": ["blue-baby"]}, "blue-baby") == "blue-baby"
    assert variety({"cards": {"soy": {"variety": "soy"}}}, "chili") == "chili"


def test_a_hidden_card_is_a_question_mark():
    assert card_name(VIEW, None) == "?"


def test_cards_are_listed_as_a_and_b_and_none_as_nothing():
    assert shown(cards(VIEW, ["blue", "chili", "soy"])) == (
        "Blue Bean, Chili Bean and Soy Bean",
        "Blaue Bohne, Feuerbohne und Sojabohne",
    )
    assert cards(VIEW, None) == []
    assert cards(VIEW, []) == []


# -- offers --------------------------------------------------------------------------------------


def test_what_an_offer_gives_counts_each_bean_and_marks_the_offer_areas():
    """ "2× Blue Bean, 1× Chili Bean (offer)": a turned-up card is marked as from the offer."""
    its = [
        {"variety": "blue", "count": 2, "from": "hand"},
        {"variety": "chili", "count": 1, "from": "offer"},
    ]
    assert shown(items(VIEW, its)) == (
        "2× Blue Bean, 1× Chili Bean (offer)",
        "2× Blaue Bohne, 1× Feuerbohne (Auslage)",
    )
    assert shown(items(VIEW, [{"variety": "soy", "count": 3}])) == ("3× Soy Bean", "3× Sojabohne")


def test_an_offer_of_nothing_says_nothing():
    assert shown(items(VIEW, [])) == ("nothing", "nichts")
    assert shown(items(VIEW, None)) == ("nothing", "nichts")


# -- card ids as the view shows them ---------------------------------------------------------------


def test_a_card_id_is_found_in_the_offer_the_hand_and_the_cards_to_plant():
    """A planted, discarded or given card is named by the bean on it, found by its id where
    the view shows it; a part of the view that is not a list of cards is passed over."""
    view = {
        "offer_area": [{"id": 7, "card": "chili"}, "junk"],
        "hand_ids": [3, 9],
        "hand": ["soy", "blue"],
        "to_plant": [[], [{"id": 12, "card": "blue-lady"}, "junk"], "junk"],
    }
    assert card_by_id(view, 7) == "chili"
    assert card_by_id(view, 3) == "soy"
    assert card_by_id(view, 9) == "blue"
    assert card_by_id(view, 12) == "blue-lady"
    assert card_by_id(view, 99) is None
    # the older name of the offer area
    assert card_by_id({"offer": [{"id": 5, "card": "soy"}]}, 5) == "soy"
    assert card_by_id({"offer_area": "junk"}, 5) is None
    assert card_by_id({"offer_area": 5}, 5) is None
    assert card_by_id({"to_plant": [5, [{"id": 5, "card": "soy"}]]}, 5) == "soy"
    assert card_by_id({}, 5) is None


def test_a_hand_id_whose_card_the_view_hides_is_unnamed():
    """Another player's hand: the ids are known, the cards are not."""
    assert card_by_id({"hand_ids": [4, 8]}, 8) is None
    assert card_by_id({"hand_ids": [4, 8]}, 4) is None


# -- actions -----------------------------------------------------------------------------------

HAND_VIEW = {
    **VIEW,
    "hand": ["chili", "blue", "soy-lady"],
    "hand_ids": [21, 22, 23],
    "offer_area": [{"id": 30, "card": "blue"}],
}


@pytest.mark.parametrize(
    ("action", "en", "de"),
    [
        (
            {"plant": "front", "field": 1},
            "plant the front card (Chili Bean) on field 2",
            "vorderste Karte (Feuerbohne) auf Feld 2 pflanzen",
        ),
        (
            {"plant": 30, "field": 0},
            "plant Blue Bean on field 1",
            "Blaue Bohne auf Feld 1 pflanzen",
        ),
        (
            {"plant": 23, "field": 2},
            "plant Soy Bean (Lady) on field 3",
            "Sojabohne (Lady) auf Feld 3 pflanzen",
        ),
        ({"plant": 77, "field": 0}, "plant #77 on field 1", "#77 auf Feld 1 pflanzen"),
        (
            {"end": "planting"},
            "end planting (turn up 2 cards)",
            "Pflanzen beenden (2 Karten aufdecken)",
        ),
        ({"end": "trading"}, "end trading", "Handel beenden"),
        ({"harvest": 2}, "harvest field 3", "Feld 3 ernten"),
        ({"buy": "field"}, "buy a 3rd field (3 coins)", "3. Feld kaufen (3 Taler)"),
        ({"swap": 0}, "swap your hand for fan 1", "Hand gegen Fächer 1 tauschen"),
        ({"fan": 1}, "put the card on fan 2", "Karte auf Fächer 2 legen"),
        ({"makeup": "coin"}, "take a coin and a steal", "Taler und Diebstahl nehmen"),
        ({"makeup": "field"}, "take a free 3rd field", "freies 3. Feld nehmen"),
        ({"rotate": 0}, "rotate field 1 (top card to the bottom)", None),
        ({"steal": [0, 2]}, "steal a coin from Player 1 and Player 3", None),
        ({"steal": []}, "steal from nobody", "von niemandem stehlen"),
        ({"take": "soy"}, "take Soy Bean", "Sojabohne nehmen"),
        ({"discard": 22}, "discard Blue Bean", "Blaue Bohne abwerfen"),
        ({"discard": 5}, "discard #5", "#5 abwerfen"),
        (
            {"discard_hand": 2},
            "discard hand card 3 (Soy Bean (Lady))",
            "Handkarte 3 abwerfen (Sojabohne (Lady))",
        ),
        ({"discard_hand": 3}, "discard hand card 4 (?)", "Handkarte 4 abwerfen (?)"),
        ({"accept": 4}, "Accept #4", "Annehmen #4"),
        ({"decline": 5}, "Decline #5", "Ablehnen #5"),
        ({"counter": 6}, "Counter #6", "Gegenangebot #6"),
        ({"withdraw": 7}, "Withdraw #7", "Zurückziehen #7"),
        ({"close": True}, "close trading", "Handel schließen"),
        (
            {"draft": "give", "variety": "chili", "from": "hand"},
            "offer: give Chili Bean (hand)",
            "Angebot: Feuerbohne geben (Hand)",
        ),
        (
            {"draft": "want", "variety": "blue", "from": "offer"},
            "offer: want Blue Bean (offer)",
            "Angebot: Blaue Bohne wollen (Auslage)",
        ),
        ({"draft": "to", "player": 2}, "offer: trade with Player 3", None),
        ({"draft": "clear"}, "offer: start again", "Angebot: neu anfangen"),
        (
            {"draft": "promise", "side": "receiver", "holds": "next"},
            "offer: the receiver's promise not to steal, for the next steal",
            "Angebot: Versprechen des Empfängers, nicht zu stehlen, beim nächsten Diebstahl",
        ),
        (
            {"draft": "promise", "side": "sender", "holds": "game"},
            "offer: your own promise not to steal, for the rest of the game",
            None,
        ),
        ({"give_first": 21}, "give your Chili Bean first", "Feuerbohne zuerst geben"),
        ({"propose": True}, "make the offer", "Angebot machen"),
    ],
)
def test_each_action_as_its_button_reads(action, en, de):
    """Each kind of action has its own words, naming the bean (not the card's id), the field
    and the fan counted from 1, and the seat."""
    said = both(said_action(HAND_VIEW, action))
    assert said[0] == en
    if de is not None:
        assert said[1] == de


def test_planting_the_front_card_of_an_empty_or_unseen_hand():
    """No hand in the view (no view at all): the front card is unnamed, "?"."""
    assert both(said_action(None, {"plant": "front", "field": 0}))[0] == (
        "plant the front card (?) on field 1"
    )
    assert both(said_action({"hand": []}, {"plant": "front", "field": 0}))[0] == (
        "plant the front card (?) on field 1"
    )


def test_buying_is_only_buying_a_field():
    """Only ``{"buy": "field"}`` is the purchase; any other buy is shown as its data."""
    assert said_action(None, {"buy": "coin"}) == Said("action.json", '{"buy": "coin"}')


def test_an_unknown_draft_step_and_an_unknown_action_are_shown_as_their_json():
    """A step of the offer no sentence fits is still shown as an offer step; anything else as
    its JSON (sorted keys), never a crash."""
    assert both(said_action(None, {"draft": "send", "zz": 1})) == (
        'offer step: {"draft": "send", "zz": 1}',
        'Angebotsschritt: {"draft": "send", "zz": 1}',
    )
    assert said_action(None, {"zz": 1, "aa": 2}) == Said("action.json", '{"aa": 2, "zz": 1}')


# -- events ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "en", "de"),
    [
        ({"type": "turn", "player": 1}, "— Player 2 is on turn —", "— Spieler 2 ist am Zug —"),
        (
            {"type": "plant", "player": 0, "card": "blue-lady", "field": 1},
            "Player 1 plants Blue Bean (Lady) on field 2",
            "Spieler 1 pflanzt Blaue Bohne (Lady) auf Feld 2",
        ),
        (
            {"type": "turn_up", "player": 2, "cards": ["soy", "chili"]},
            "Player 3 turns up Soy Bean and Chili Bean",
            "Spieler 3 deckt Sojabohne und Feuerbohne auf",
        ),
        (
            {"type": "turn_up", "player": 2, "cards": []},
            "Player 3 turns up nothing: the stock is empty",
            "Spieler 3 deckt nichts auf: der Stapel ist leer",
        ),
        (
            {"type": "decline", "player": 1, "offer": 3},
            "Player 2 declines #3",
            "Spieler 2 lehnt #3 ab",
        ),
        (
            {"type": "decline", "player": 1, "offer": 3, "counter": True},
            "Player 2 answers #3 with a counter-offer",
            "Spieler 2 antwortet auf #3 mit einem Gegenangebot",
        ),
        (
            {"type": "withdraw", "player": 0, "offer": 2},
            "Player 1 withdraws #2",
            "Spieler 1 zieht #2 zurück",
        ),
        (
            {"type": "draw", "player": 1, "count": 2},
            "Player 2 draws 2 cards",
            "Spieler 2 zieht 2 Karten",
        ),
        (
            {"type": "draw", "player": 1, "count": 1},
            "Player 2 draws 1 card",
            "Spieler 2 zieht 1 Karte",
        ),
        (
            {"type": "draw_cards", "player": 0, "cards": ["chili", "soy"]},
            "(Player 1 drew Chili Bean and Soy Bean)",
            "(Spieler 1 zieht Feuerbohne und Sojabohne)",
        ),
        (
            {"type": "buy_field", "player": 2},
            "Player 3 buys a 3rd field",
            "Spieler 3 kauft ein 3. Feld",
        ),
        (
            {"type": "third_field", "player": 0, "kind": "ratio"},
            "Player 1 gets a Ratio Field",
            "Spieler 1 bekommt ein Ratio-Feld",
        ),
        (
            {"type": "game_end", "coins": [5, 12, 0]},
            "The game is over. Coins: Player 1 5, Player 2 12, Player 3 0.",
            "Das Spiel ist vorbei. Taler: Spieler 1 5, Spieler 2 12, Spieler 3 0.",
        ),
        ({"type": "game_end"}, "The game is over. Coins: .", "Das Spiel ist vorbei. Taler: ."),
        (
            {"type": "fan", "card": "chili", "fan": 1, "pushed": ["blue", "soy"]},
            "Chili Bean goes onto fan 2, pushing Blue Bean and Soy Bean into the offer",
            "Feuerbohne kommt auf Fächer 2 und schiebt Blaue Bohne und Sojabohne in die Auslage",
        ),
        (
            {"type": "fan", "card": "soy", "fan": 0, "pushed": []},
            "Soy Bean goes onto fan 1, pushing nothing into the offer",
            "Sojabohne kommt auf Fächer 1 und schiebt nichts in die Auslage",
        ),
        (
            {"type": "fan", "card": "soy", "fan": 0},
            "Soy Bean goes onto fan 1, pushing nothing into the offer",
            None,
        ),
        (
            {"type": "swap", "player": 1, "fan": 1},
            "Player 2 swaps the hand for fan 2",
            "Spieler 2 tauscht die Hand gegen Fächer 2",
        ),
        (
            {"type": "makeup", "player": 0, "took": "coin"},
            "Player 1 takes a coin and a steal for the Make-up harvest",
            "Spieler 1 nimmt für die Schminkbohnen-Ernte einen Taler und einen Diebstahl",
        ),
        (
            {"type": "rotate", "player": 2, "field": 0},
            "Player 3 rotates field 1",
            "Spieler 3 dreht Feld 1",
        ),
        (
            {"type": "steal", "player": 0, "from": [1, 2]},
            "Player 1 steals a coin from Player 2 and Player 3",
            "Spieler 1 stiehlt einen Taler von Spieler 2 und Spieler 3",
        ),
        (
            {"type": "steal", "player": 0, "from": []},
            "Player 1 steals from nobody",
            "Spieler 1 stiehlt von niemandem",
        ),
        (
            {"type": "reveal", "player": 1, "cards": ["blue"]},
            "Player 2 reveals Blue Bean",
            "Spieler 2 deckt Blaue Bohne auf",
        ),
        (
            {"type": "take", "player": 2, "cards": ["soy", "soy"]},
            "Player 3 takes Soy Bean and Soy Bean",
            "Spieler 3 nimmt Sojabohne und Sojabohne",
        ),
        (
            {"type": "discard", "player": 1, "card": "chili"},
            "Player 2 discards Chili Bean",
            "Spieler 2 wirft Feuerbohne ab",
        ),
        ({"type": "game_end_harvest"}, "the final harvest", "die Schlussernte"),
    ],
)
def test_each_event_as_the_log_reads(event, en, de):
    """Each kind of event has its own words: who did what with which beans."""
    said = both(said_event(event, VIEW))
    assert said[0] == en
    if de is not None:
        assert said[1] == de


def test_an_event_without_a_view_names_the_beans_by_id():
    assert both(said_event({"type": "discard", "player": 0, "card": "blue-lady"}, None)) == (
        "Player 1 discards blue (Lady)",
        "Spieler 1 wirft blue (Lady) ab",
    )


def test_a_harvest_says_beans_variety_field_and_coins():
    """The beans are counted in the catalog's count word, "1 bean" or "4 beans" ("1 Bohne",
    "4 Bohnen"), the variety named beside them: a variety's name (from the card data, any
    table's own) has no plural form to count it in ("4 Chili Bean" read wrong)."""
    event = {"type": "harvest", "player": 1, "beans": 4, "variety": "chili", "field": 0, "coins": 2}
    assert both(said_event(event, VIEW)) == (
        "Player 2 harvests 4 beans (Chili Bean) from field 1 for 2 coins",
        "Spieler 2 erntet 4 Bohnen (Feuerbohne) von Feld 1 für 2 Taler",
    )
    one = {**event, "beans": 1, "coins": 1}
    assert both(said_event(one, VIEW)) == (
        "Player 2 harvests 1 bean (Chili Bean) from field 1 for 1 coin",
        "Spieler 2 erntet 1 Bohne (Feuerbohne) von Feld 1 für 1 Taler",
    )


def test_a_ratio_field_of_only_males_is_said_to_be_worthless():
    event = {"type": "harvest", "player": 0, "beans": 3, "variety": "soy", "field": 2, "coins": 0}
    assert both(said_event({**event, "ratio_males": True}, VIEW)) == (
        "Player 1 harvests 3 beans (Soy Bean) from field 3 for 0 coins "
        "(Ratio Field with only males: worthless)",
        "Spieler 1 erntet 3 Bohnen (Sojabohne) von Feld 3 für 0 Taler "
        "(Ratio-Feld nur mit Männchen: wertlos)",
    )
    assert both(said_event({**event, "ratio_males": False}, VIEW)) == (
        "Player 1 harvests 3 beans (Soy Bean) from field 3 for 0 coins",
        "Spieler 1 erntet 3 Bohnen (Sojabohne) von Feld 3 für 0 Taler",
    )


# -- trading -------------------------------------------------------------------------------------

GIVE = [{"variety": "blue", "count": 2, "from": "hand"}]
WANT = [{"variety": "soy", "count": 1, "from": "offer"}]


def test_an_offer_reads_as_the_trading_panel_shows_it():
    event = {"type": "offer", "id": 3, "from": 0, "to": 1, "give": GIVE, "want": WANT}
    assert both(said_event(event, VIEW)) == (
        "offer #3 Player 1 → Player 2: gives 2× Blue Bean; wants 1× Soy Bean (offer)",
        "Angebot #3 Spieler 1 → Spieler 2: gibt 2× Blaue Bohne; will 1× Sojabohne (Auslage)",
    )


def test_an_offer_wanting_nothing_is_a_gift():
    event = {"type": "offer", "id": 4, "from": 2, "to": 0, "give": GIVE, "want": []}
    assert both(said_event(event, VIEW)) == (
        "offer #4 Player 3 → Player 1: a gift of 2× Blue Bean",
        "Angebot #4 Spieler 3 → Spieler 1: ein Geschenk: 2× Blaue Bohne",
    )


def test_an_offers_promises_name_who_will_not_steal_from_whom():
    """Ladybohn: the sender's promise is the sender's not to steal from the receiver, the
    receiver's the other way round."""
    event = {
        "type": "offer",
        "id": 5,
        "from": 0,
        "to": 2,
        "give": GIVE,
        "want": WANT,
        "promises": {"sender": "next", "receiver": "game"},
    }
    assert both(said_event(event, VIEW)) == (
        "offer #5 Player 1 → Player 3: gives 2× Blue Bean; wants 1× Soy Bean (offer) "
        "(Player 1 will not steal from Player 3 for the next steal; "
        "Player 3 will not steal from Player 1 for the rest of the game)",
        "Angebot #5 Spieler 1 → Spieler 3: gibt 2× Blaue Bohne; will 1× Sojabohne (Auslage) "
        "(Spieler 1 bestiehlt Spieler 3 nicht beim nächsten Diebstahl; "
        "Spieler 3 bestiehlt Spieler 1 nicht für den Rest des Spiels)",
    )
    no_promises = {**event, "promises": {}}
    assert both(said_event(no_promises, VIEW))[0] == (
        "offer #5 Player 1 → Player 3: gives 2× Blue Bean; wants 1× Soy Bean (offer)"
    )


def test_a_trade_and_a_gift():
    trade = {"type": "trade", "offer": 3, "from": 1, "to": 0, "give": GIVE, "want": WANT}
    assert both(said_event(trade, VIEW)) == (
        "#3 is a deal: Player 2 gives Player 1 2× Blue Bean for 1× Soy Bean (offer)",
        "#3 gilt: Spieler 2 gibt Spieler 1 2× Blaue Bohne für 1× Sojabohne (Auslage)",
    )
    gift = {**trade, "want": []}
    assert both(said_event(gift, VIEW)) == (
        "#3: Player 2 gives Player 1 2× Blue Bean as a gift",
        "#3: Spieler 2 schenkt Spieler 1 2× Blaue Bohne",
    )
    marked = {**trade, "gift": True}
    assert both(said_event(marked, VIEW))[0] == "#3: Player 2 gives Player 1 2× Blue Bean as a gift"


@pytest.mark.parametrize("by", [-1, "referee", None])
def test_trading_closed_by_the_clock(by):
    """No player ended it (the referee, the clock, an old record): time is up."""
    event = {"type": "trading_end", "by": by}
    assert both(said_event(event, VIEW)) == (
        "trading is closed (time is up)",
        "der Handel ist geschlossen (Zeit abgelaufen)",
    )


def test_trading_ended_by_a_player_and_the_cards_kept():
    """The kept cards agree with their verb: one card "stays" ("die aufgedeckte ... bleibt"),
    several "stay" ("die aufgedeckten ... bleiben")."""
    event = {"type": "trading_end", "by": 0}
    assert both(said_event(event, VIEW)) == (
        "Player 1 ends trading",
        "Spieler 1 beendet den Handel",
    )
    assert both(said_event({"type": "trading_end", "by": 2}, VIEW))[0] == "Player 3 ends trading"
    kept = {**event, "kept": ["chili", "soy"]}
    assert both(said_event(kept, VIEW)) == (
        "Player 1 ends trading; the turned-up Chili Bean and Soy Bean stay with the active player",
        "Spieler 1 beendet den Handel; die aufgedeckten Feuerbohne und Sojabohne bleiben beim "
        "aktiven Spieler",
    )
    assert both(said_event({"type": "trading_end", "kept": ["blue"]}, VIEW)) == (
        "trading is closed (time is up); the turned-up Blue Bean stays with the active player",
        "der Handel ist geschlossen (Zeit abgelaufen); die aufgedeckte Blaue Bohne bleibt beim "
        "aktiven Spieler",
    )


def test_an_event_the_log_does_not_show():
    assert said_event({"type": "something_new", "player": 0}, VIEW) is None


def test_a_refusal_keeps_its_english_and_says_its_key():
    err = refusal("field 3 is not yours", "r.b.field", 3)
    assert str(err) == "field 3 is not yours"
    assert err.said == Said("r.b.field", 3)


def test_a_plant_event_as_a_sentence():
    """The structure the browser gets: seat, the bean by name (both languages), the field."""
    assert said_event({"type": "plant", "player": 2, "card": "soy", "field": 0}, VIEW) == Said(
        "b.ev.plant", Seat(2), Named({"en": "Soy Bean", "de": "Sojabohne"}), Said("field", 1)
    )
    assert isinstance(items(VIEW, GIVE), Seq)
