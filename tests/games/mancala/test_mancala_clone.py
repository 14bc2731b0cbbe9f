"""``clone()`` copies without deepcopy, and the fast paths of ``apply`` and
``legal_actions`` say exactly what the general ones say."""

from __future__ import annotations

import pytest

from spieltisch.core import Action, IllegalAction, Rng
from spieltisch.registry import load_game


def random_positions(game_id: str, games: int, **options):
    game = load_game(game_id, **options)
    rng = Rng(11)
    for seed in range(games):
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            yield state
            (actor,) = state.actors()
            legal = state.legal_actions(actor)
            state.apply(actor, legal[rng.below(len(legal))])
        yield state


@pytest.mark.parametrize("game_id", ["mancala", "kalah"])
def test_a_clone_equals_and_is_independent_of_the_original(game_id: str) -> None:
    rng = Rng(5)
    for state in random_positions(game_id, 40):
        clone = state.clone()
        assert clone.to_json_text() == state.to_json_text()
        # the breakdown's store and left rows come from what the last round's end swept,
        # which the position format does not hold: the clone keeps it, in its own list
        assert clone.breakdown() == state.breakdown()
        assert clone.swept is None or clone.swept is not state.swept
        if state.is_terminal():
            continue
        before = state.to_json_text()
        (actor,) = clone.actors()
        legal = clone.legal_actions(actor)
        clone.apply(actor, legal[rng.below(len(legal))])
        assert state.to_json_text() == before, "playing on the clone leaves the original"
        assert clone.pits is not state.pits and clone.stores is not state.stores
        assert clone.history is not state.history or not state.history


# games: the sheet's match of several rounds is long, so 4 of its games refuse about 25,000
# actions, as 15 of Kalah's do (15 of the match's: 111,000 in 9 s)
@pytest.mark.parametrize(("game_id", "games"), [("mancala", 4), ("kalah", 15)])
def test_a_handed_out_action_in_a_position_where_it_is_illegal_is_refused_as_ever(
    game_id: str, games: int
) -> None:
    """The actions of one position replayed in later ones: the identity fast path of apply
    must refuse exactly what validate refuses, with its words, and change nothing."""
    game = load_game(game_id)
    handed_out = {a for row in game.move_actions for a in row}
    refused = 0
    for state in random_positions(game_id, games):
        if state.is_terminal():
            continue
        before = state.to_json()  # a refusal changes nothing, so one look serves them all
        for player in (0, 1):
            legal = state.legal_actions(player)
            for action in handed_out:
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as fast:
                    state.apply(player, action)
                with pytest.raises(IllegalAction) as general:
                    state.apply(player, dict(action))  # a client's JSON: the general way
                assert str(fast.value) == str(general.value)
                assert state.to_json() == before
                refused += 1
    assert refused > 1000


@pytest.mark.parametrize("options", [{}, {"min_pick": 1}, {"directions": "cw"}])
def test_legal_actions_are_every_pickable_pit_in_every_direction(options) -> None:
    game = load_game("mancala", **options)
    for state in random_positions("mancala", 10, **options):
        if state.phase != "play":
            continue
        n = len(state.pits) // 2
        p = state.to_move
        expected = [
            Action(pit=i, direction=d)
            for i in range(p * n, p * n + n)
            if state.pits[i] >= game.options["min_pick"]
            for d in game.directions
        ]
        assert state.legal_actions(p) == expected
