"""The tables worked out once per deck (the views' variety names, Mutterböhnchen's field marks
and starting Bohnentaler) keep only the last ``DECKS_KEPT`` decks. Every game object builds
its own deck and a server makes one for each set of options a client asks for, so a table that
kept every deck alive would let a client grow the server's memory without end."""

from __future__ import annotations

import gc

from spieltisch.games.beans import table
from spieltisch.games.mutterboehnchen import common, fields
from spieltisch.registry import load_game


def test_per_deck_tables_keep_a_bounded_number_of_decks():
    for i in range(table.DECKS_KEPT + 20):
        for game in (
            load_game("bohnanza", trade_seconds=30 + i),
            load_game("mutterboehnchen", trade_seconds=30 + i),
        ):
            state = game.new_state(3, seed=i)
            state.view(0)
            for p in state.actors():
                state.legal_actions(p)
    gc.collect()
    for kept in (table._VARIETIES_VIEW, fields._MARKS, common._TALERS):
        assert 0 < len(kept) <= table.DECKS_KEPT


def test_a_deck_dropped_from_the_tables_gets_the_same_answers():
    """A deck whose entry was dropped works its tables out again: the same view as before."""
    game = load_game("mutterboehnchen")
    state = game.new_state(3, seed=5)
    before = state.view(1)
    table._VARIETIES_VIEW.clear()
    fields._MARKS.clear()
    common._TALERS.clear()
    assert state.view(1) == before
    assert game.new_state(3, seed=5).view(1) == before


def test_every_view_of_a_deck_shares_one_table_of_varieties():
    """The varieties' names and beanometers are made once per deck and shared by every view
    (a view copies only the outer dict): asked twice, the same table, kept with its deck."""
    deck = load_game("bohnanza").deck
    first = table.varieties_view(deck)
    assert table.varieties_view(deck) is first
    assert table._VARIETIES_VIEW[id(deck)] == (deck, first)
    assert set(first) == {v.id for v in deck.varieties}


def test_a_per_deck_table_drops_its_oldest_entry_once_it_holds_decks_kept():
    below = dict.fromkeys(range(table.DECKS_KEPT - 1))
    table.forget_oldest(below)
    assert list(below) == list(range(table.DECKS_KEPT - 1))
    full = dict.fromkeys(range(table.DECKS_KEPT))
    table.forget_oldest(full)
    assert list(full) == list(range(1, table.DECKS_KEPT))


def test_the_starting_talers_of_a_deck_are_worked_out_once(monkeypatch) -> None:
    """Every new Mutterböhnchen game sets its starting Bohnentaler aside: they are worked out
    once per deck and varieties, kept with the deck, and each game gets a list of its own."""
    game = load_game("mutterboehnchen")
    kinds, varieties = game.deck.kinds, ["blue", "soy"]
    common._TALERS.pop((id(kinds), ("blue", "soy")), None)  # (if a test before built them)
    worked_out = []
    original = common._starting_talers

    def counted(*args):
        worked_out.append(args)
        return original(*args)

    monkeypatch.setattr(common, "_starting_talers", counted)
    first = common.starting_talers(kinds, varieties)
    second = common.starting_talers(kinds, varieties)
    assert first == second and first is not second
    assert len(worked_out) == 1
    assert common._TALERS[(id(kinds), ("blue", "soy"))] == (kinds, first)
