"""Mutterböhnchen's game (``mutterboehnchen/rules.py``) pinned where mutation testing (``make
mutate``) found it unchecked: the cards as a view shows them (what a card's name alone does not
say: a Lady's beanometer, a Baby's rattles, a special bean's class and effect, the Garden Lady
paying from the discard pile), the sentences the game says through its words, the deal's
guard (5 cards to each hand and the first 2 turned up), the seed a deal defaults to, and a
saved position read back in its table's turn.
Rulings: shared/rules/mutterboehnchen.md."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import load_game

from spieltisch.core import OptionError, RecordError
from spieltisch.core.words import Said
from spieltisch.games.mutterboehnchen import rules
from spieltisch.games.mutterboehnchen.rules import MutterboehnchenDuoState, kind_view
from spieltisch.games.mutterboehnchen.words import card

GAME = load_game()
WORDS = GAME.words()
BY_NAME = {k.name: k for k in GAME.kinds}


# -- the cards as a view shows them --------------------------------------------------------------
# (each test makes its game: the legend is made as the game is, and a game made at import would
# be made before the test that reads it)


def test_a_plain_male_shows_variety_sex_and_beanometer_only():
    """ "Males pay by the base beanometers": the Blue male's 4 / 6 / 8 / 10 (rules/bohnanza.md),
    and nothing a plain card lacks (no rattles, no special, no other payer)."""
    assert load_game().legend["blue"] == {
        "variety": "blue",
        "sex": "male",
        "beanometer": [4, 6, 8, 10],
    }


def test_the_garden_lady_shows_that_she_pays_from_the_discard_pile():
    """ "The Garden Lady pays 1 / 2 / 3 / 4 ... the N coins are the N bottom cards of the discard
    pile": her view says so (``pays``), and her beanometer."""
    assert load_game().legend["garden-lady"] == {
        "variety": "garden",
        "sex": "lady",
        "beanometer": [1, 2, 3, 4],
        "pays": "discard_bottom",
    }


def test_a_baby_shows_its_rattles():
    """ "Each attack draws as many cards as its Baby has rattles": a 2-rattle Baby shows 2, and
    Babys pay nothing (an empty beanometer)."""
    legend = load_game().legend
    assert legend["blue-baby2"] == {
        "variety": "blue",
        "sex": "baby",
        "beanometer": [],
        "rattles": 2,
    }
    assert legend["blue-baby"]["rattles"] == 1


def test_a_special_bean_shows_its_class_effect_and_printed_name():
    """The special beans: the Arbeitstier (Garden, class M: "When played: then also plant your
    rearmost hand card") shows its id, class, effect and the name the card file prints (a game
    made in the test: the legend is made with the game)."""
    assert load_game().legend["arbeitstier"] == {
        "variety": "garden",
        "sex": "male",
        "beanometer": [0, 2, 3, 0],
        "special": "arbeitstier",
        "klass": "M",
        "effect": "play_rearmost_too",
        "name": "Arbeitstier",
    }


def test_every_card_of_the_deck_is_shown_as_the_card_file_gives_it():
    """Every kind of card is in the legend, by its name, with the card file's variety, sex and
    beanometer, and the special beans with their printed names."""
    game = load_game()
    printed = {s.id: s.name for s in game.cards.specials}
    assert set(game.legend) == set(BY_NAME)
    for name, k in BY_NAME.items():
        shown = game.legend[name]
        assert (shown["variety"], shown["sex"], shown["beanometer"]) == (
            k.variety,
            k.sex,
            list(k.beanometer),
        )
        if k.special:
            assert shown["name"] == printed[k.special]


def test_a_special_bean_without_printed_names_shows_no_name():
    """A host without the card file's names (the terminal's own legend) gets none: the name is
    then read from the card's id. A names table without this special gives none either."""
    worker = BY_NAME["arbeitstier"]
    assert "name" not in kind_view(worker)
    assert "name" not in kind_view(worker, {"faulpelz": "Faulpelz"})
    assert kind_view(worker, {"arbeitstier": "Der Eigene"})["name"] == "Der Eigene"


# -- the game's sentences -------------------------------------------------------------------------


def test_the_game_says_an_action_with_the_cards_its_view_shows():
    """The log names the front card the player plants, as her view shows it (no view: "?")."""
    state = GAME.new_state(3, 0)
    view = state.view(state.active)
    action = {"plant": "front", "field": 0}
    front = WORDS.say("en", Said("action.json", card(view, view["hand"][0])))
    assert front != "?"
    assert WORDS.say("en", GAME.said_action(view, action)) == (
        f"plant the front card ({front}) on field 1"
    )
    assert WORDS.say("en", GAME.said_action(None, action)) == "plant the front card (?) on field 1"


def test_the_game_says_an_event_in_its_views_mode():
    """The 2-player turn's draw is its phase 5 ("5. draw 2"): said so where the view is of the
    2-player game, which the event alone does not tell."""
    state = GAME.new_state(2, 0)
    view = state.view(state.active)
    event = {"type": "draw", "player": state.active, "count": 2}
    seat = state.active + 1
    assert WORDS.say("en", GAME.said_event(event, view)) == f"Phase 5: Player {seat} draws 2 cards"
    assert WORDS.say("en", GAME.said_event(event, None)) == f"Player {seat} draws 2 cards"


# -- the deal -------------------------------------------------------------------------------------


def short_stock(monkeypatch, cards: int) -> None:
    """The starting Bohnentaler dealt as usual, then only ``cards`` cards left in the stock (a
    table's own card file that small)."""
    deal = rules.deal_talers

    def dealt(*args):
        coins, stock = deal(*args)
        return coins, stock[:cards]

    monkeypatch.setattr(rules, "deal_talers", dealt)


def test_a_stock_that_just_deals_the_hands_and_the_first_turn_up_is_enough(monkeypatch):
    """ "5 cards to each hand", then the first turn's "2 cards are turned up": 3 players need
    3 × 5 + 2 = 17 cards in the stock after the talers, and 17 are enough."""
    short_stock(monkeypatch, 17)
    state = GAME.new_state(3, 0)
    assert [len(h) for h in state.hands] == [5, 5, 5]


@pytest.mark.parametrize(("players", "cards"), [(3, 16), (4, 21), (3, 14)])
def test_a_stock_too_small_for_hands_and_turn_up_is_refused(monkeypatch, players, cards):
    """One card fewer than the hands and the first turn-up need (3 players: 16 of 17; 4
    players: 21 of 22), or fewer still, and the table cannot be dealt: the refusal says how
    many cards there are for how many players."""
    short_stock(monkeypatch, cards)
    with pytest.raises(OptionError, match=f"^{cards} cards are too few to deal to {players} "):
        GAME.new_state(players, 0)


def test_the_deal_without_a_seed_is_seed_0():
    """A table dealt without a seed is dealt as seed 0 (a record that names no seed replays)."""
    for players in (2, 3):
        assert GAME.new_state(players).to_json() == GAME.new_state(players, 0).to_json()
        assert GAME.new_state(players).to_json() != GAME.new_state(players, 1).to_json()


# -- positions read back ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_position_is_read_back_in_the_turn_of_its_table_size(players):
    """2 players play the sheet's own turn (duo.py), 3 to 6 the base turn: a saved position
    comes back as the state of its own turn, equal to the one saved."""
    state = GAME.new_state(players, 1)
    back = GAME.from_json(state.to_json())
    assert type(back) is type(state)
    assert isinstance(back, MutterboehnchenDuoState) == (players == 2)
    assert back.to_json() == state.to_json()


def test_a_position_that_is_no_json_object_is_refused_as_a_record():
    """A record's position must be a JSON object naming the game: a list is refused as a bad
    record (RecordError), not as a crash."""
    with pytest.raises(RecordError, match="not a mutterboehnchen position"):
        GAME.from_json([2, 3])
