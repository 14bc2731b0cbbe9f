"""The fast paths of Biber-Mania's engine against the rulebook's own definitions: the lay book
(every lay of the deck, ranked) against ``cards.possible_lays``, the legal lays of a state
against a straight reading of the rulings, and ``clone`` (no deepcopy) against the original."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

import spieltisch
from spieltisch.games.bibermania.cards import (
    HIPPIE_RUN,
    beats,
    plain_runs,
    possible_lays,
    shape,
    sort_key,
)
from spieltisch.games.bibermania.laybook import LayBook

OPTION_SETS = [
    {},
    {"beat_opponents": "one", "keep_per": "group"},
    {"steal_jokers": False, "joker_beats_display_action": True, "higher_runs_only": True},
    {"empty_hand_ends": False, "hippie_in_sets": False, "profis": True},
    {"target": 25, "first_player": "1"},
]


def random_hands(deck_cards: list[str], rng: random.Random, k: int) -> list[list[str]]:
    hands = []
    for _ in range(k):
        cards = deck_cards[:]
        rng.shuffle(cards)
        hands.append(sorted(cards[: rng.randint(0, 25)], key=sort_key))
    return hands


@pytest.mark.parametrize("hippie_in_sets", [True, False])
def test_the_lay_book_gives_exactly_the_possible_lays(hippie_in_sets: bool) -> None:
    game = spieltisch.load_game("bibermania", hippie_in_sets=hippie_in_sets)
    book = game.book
    rng = random.Random(7)
    for hand in random_hands(game.deck.cards, rng, 3000):
        want = [tuple(lay) for lay in possible_lays(hand, book.digits, hippie_in_sets)]
        assert len(set(want)) == len(want), "possible_lays gives each lay once"
        got = [book.lays[r].cards for r in book.ranks(hand)]
        assert sorted(got) == sorted(want), hand
        assert got == sorted(want, key=lambda c: (len(c), [sort_key(x) for x in c]))


def test_the_lay_book_of_an_odd_deck(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(
        '[cards]\n"2" = 3\n"3" = 5\n"5" = 2\n"6" = 4\n"7" = 1\n'
        "hippie = 3\npartybiber = 1\nkoenig = 2\njoker = 6\n",
        encoding="utf-8",
    )
    game = spieltisch.load_game("bibermania", deck=str(deck))
    book = LayBook(game.deck, True)
    rng = random.Random(3)
    for hand in random_hands(game.deck.cards, rng, 1500):
        want = sorted(tuple(lay) for lay in possible_lays(hand, book.digits, True))
        assert sorted(book.lays[r].cards for r in book.ranks(hand)) == want, hand
    for lay in book.lays:
        assert lay.shape == shape(list(lay.cards), book.digits)
        assert lay.action == {"lay": list(lay.cards)}


def test_the_lay_book_of_a_deck_without_hippie_or_partybiber(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(
        '[cards]\n"1" = 4\n"2" = 4\n"4" = 4\n"5" = 4\n"9" = 4\ndieb = 2\njoker = 2\n',
        encoding="utf-8",
    )
    game = spieltisch.load_game("bibermania", deck=str(deck))
    rng = random.Random(5)
    for hand in random_hands(game.deck.cards, rng, 300):
        want = sorted(tuple(lay) for lay in possible_lays(hand, game.book.digits, True))
        assert sorted(game.book.lays[r].cards for r in game.book.ranks(hand)) == want, hand


def reference_lays(state, player: int) -> list[list[str]]:
    """The legal lays as the rulings read: every possible lay, plain runs that beat an
    opponent's Hippie run, without a last Hippie run under the Profis rule; small first."""
    game = state.game
    digits, options = game.deck.digits, game.options
    hand = state.hands[player]
    lays = [tuple(lay) for lay in possible_lays(hand, digits, options["hippie_in_sets"])]
    opponents = [(player + k) % state.num_players for k in range(1, state.num_players)]
    tops = [state.piles[p][-1] for p in opponents if state.piles[p]]
    for length in {len(g) for g in tops if shape(g, digits).kind == HIPPIE_RUN}:
        for run in plain_runs(hand, length):
            mine = shape(run, digits)
            if any(beats(mine, shape(g, digits), options["higher_runs_only"]) for g in tops):
                lays.append(tuple(run))
    if options["profis"]:
        lays = [
            lay
            for lay in lays
            if not (len(lay) == len(hand) and shape(list(lay), digits).kind == HIPPIE_RUN)
        ]
    lays = sorted(set(lays), key=lambda c: (len(c), [sort_key(x) for x in c]))
    return [list(lay) for lay in lays]


def random_positions(seeds: range, options: dict):
    game = spieltisch.load_game("bibermania", **options)
    for seed in seeds:
        state = game.new_state(2 + seed % 4, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            yield state
            (p,) = state.actors()
            state.apply(p, rng.choice(state.legal_actions(p)))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_legal_lays_are_the_rulings_lays(options: dict) -> None:
    for state in random_positions(range(12), options):
        if state.phase == "lay":
            p = state.turn_player
            assert [a["lay"] for a in state.legal_actions(p)] == reference_lays(state, p)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_clone_is_equal_and_independent(options: dict) -> None:
    rng = random.Random(11)
    for k, state in enumerate(random_positions(range(8), options)):
        if k % 3:
            continue
        before = state.to_json_text()
        legal = state.legal_actions(min(state.actors()))
        c = state.clone()
        assert c.to_json_text() == before
        assert c.legal_actions(min(c.actors())) == legal
        for _ in range(rng.randint(1, 12)):  # play on the clone: the original stays
            if c.is_terminal():
                break
            (p,) = c.actors()
            c.apply(p, rng.choice(c.legal_actions(p)))
        assert state.to_json_text() == before
        assert state.legal_actions(min(state.actors())) == legal


def test_the_legal_list_is_the_callers_own() -> None:
    for k, state in enumerate(random_positions(range(3), {})):
        (p,) = state.actors()
        legal = state.legal_actions(p)
        want = list(legal)
        legal.clear()  # a caller may change its list: the state's next answer is whole
        assert state.legal_actions(p) == want
        if k > 200:
            break


def test_an_equal_action_applies_like_the_listed_one() -> None:
    """A host may send the action as JSON (a new dict), not the object it was given."""
    for seed in range(4):
        a = spieltisch.load_game("bibermania").new_state(3, seed)
        b = spieltisch.load_game("bibermania").new_state(3, seed)
        rng = random.Random(seed)
        while not a.is_terminal():
            (p,) = a.actors()
            action = rng.choice(a.legal_actions(p))
            plain = dict(action)
            if "lay" in plain:
                plain["lay"] = list(reversed(plain["lay"]))  # any order of the cards
            assert a.apply(p, action) == b.apply(p, plain)
            assert a.to_json_text() == b.to_json_text()


def test_hands_counted_by_the_book_keep_their_cards() -> None:
    """The lay book reads a hand without changing it."""
    game = spieltisch.load_game("bibermania")
    hand = sorted(game.deck.cards[::3], key=sort_key)
    before = Counter(hand)
    game.book.ranks(hand)
    assert Counter(hand) == before
