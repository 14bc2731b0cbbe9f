"""The bean games' search score (``beans/search.py``) pinned where mutation testing (``make
mutate``) found it unchecked: Ladybohn solo, scored as the solo sheet scores her (rulings:
shared/rules/ladybohn.md, "Solo: ... she wins with strictly more coins than cards in the
discard pile", her final harvest optional). Positions set up by hand."""

from __future__ import annotations

from spieltisch import load_game
from spieltisch.games.beans.cards import payout
from spieltisch.games.beans.search import evaluate, evaluate_all, solo_margin


def solo(seed: int = 2):
    state = load_game("ladybohn").new_state(1, seed)
    assert state.num_players == 1
    return state


def test_a_finished_solo_game_scores_her_coins_against_the_discard_pile():
    """The solo sheet's verdict: coins against the cards in the discard pile. A finished game
    is scored by its own result (6 coins) less the pile (3 cards): 3, from her only seat."""
    state = solo()
    state.coins[0], state.discard = state.stock[:6], state.stock[6:9]
    del state.stock[:9]
    state.fields[0] = [[], []]
    state._final()
    state.apply(0, {"end": "game"})  # she harvests nothing more
    assert state.is_terminal() and state.result_ == [6]
    assert evaluate_all(state) == [3.0]
    assert evaluate(state, 0) == 3.0


def test_an_empty_field_does_not_end_the_count_of_her_optional_final_harvest():
    """Her final harvest is hers to make field by field: an empty first field is passed over,
    and a full second field that raises the margin is harvested in the score (5 beans of the
    best paying variety, against 10 cards on the pile)."""
    state = solo()
    kinds = state.deck.kinds
    by_variety: dict[str, list[int]] = {}
    for c in state.stock:
        if kinds[c].sex == "male":
            by_variety.setdefault(kinds[c].variety, []).append(c)

    def gain(v: str) -> int:  # five beans of v harvested: coins less cards to the pile
        pays = payout(kinds[by_variety[v][0]].beanometer, 5)
        return pays - (5 - pays)

    rich = max(sorted(by_variety), key=gain)
    field = by_variety[rich][:5]
    for c in field:
        state.stock.remove(c)
    state.fields[0] = [[], field]
    state.coins[0], state.discard = [], state.stock[:10]
    pays = payout(kinds[field[-1]].beanometer, 5)
    assert gain(rich) > 0
    assert solo_margin(state) == pays - (10 + 5 - pays) > -10
    assert state.fields[0][1] == field  # scored on a clone: the position stays
