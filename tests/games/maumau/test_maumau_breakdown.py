"""The result's breakdown of Mau-Mau (issue #15's result screen): the sheet ranks and does not
count, so the rows say how each player ended ("Matt" and its place, a silent winner, cards held:
a loser), the cards left in hand, and the score, the players placed behind."""

from __future__ import annotations

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import State
from spieltisch.core.words import Said
from spieltisch.registry import load_game


def finished(players: int, seed: int) -> State:
    game = load_game("maumau")
    played = play_game(game, [make_bot("random", game) for _ in range(players)], seed)
    assert played.state.is_terminal()
    return played.state


def place(said: Said, result_rank: int, winners: int) -> int:
    """The place a row's words give: a "Matt" its own, a silent winner after the winners."""
    if said.key == "mm.bd.matt":
        return said.args[0]
    return winners + 1 if said.key == "mm.tag.silent" else result_rank


@pytest.mark.parametrize("players", [3, 4, 6])
def test_how_each_ended_gives_the_places_and_the_score_counts_those_behind(players: int) -> None:
    for seed in range(3):
        state = finished(players, seed)
        result = state.result()
        (end_label, ends), (cards_label, cards), (behind_label, behind) = result.breakdown
        assert (end_label, cards_label, behind_label) == (
            Said("mm.bd.end"),
            Said("mm.bd.cards"),
            Said("mm.bd.behind"),
        )
        assert behind == result.scores
        assert cards == tuple(len(h) for h in state.hands)
        n_matt = sum(e.key == "mm.bd.matt" for e in ends)
        for p, e in enumerate(ends):
            assert e.key in ("mm.bd.matt", "mm.tag.silent", "mm.bd.holds")
            assert (e.key == "mm.bd.holds") == (cards[p] > 0)
            if e.key != "mm.bd.holds":
                assert result.ranks[p] == place(e, result.ranks[p], n_matt)
            else:
                assert result.ranks[p] == max(result.ranks)  # the card holders lose
        assert sorted(e.args[0] for e in ends if e.key == "mm.bd.matt") == list(
            range(1, n_matt + 1)
        )


def test_a_silent_winner_ranks_after_the_winners_and_ahead_of_the_losers() -> None:
    """A set-up end: player 2 said "Matt" first, player 0 second; player 3 is a silent winner
    (back in play by a Pilz, no cards); player 1 holds two cards."""
    state = finished(4, 0)
    state.winners = [2, 0]
    state.out = [True, False, True, False]
    state.silent = [False, False, False, True]
    state.hands = [[], ["x", "y"], [], []]
    result = state.result()
    assert result.ranks == (2, 4, 1, 3)
    assert result.breakdown == (
        (
            Said("mm.bd.end"),
            (
                Said("mm.bd.matt", 2),
                Said("mm.bd.holds"),
                Said("mm.bd.matt", 1),
                Said("mm.tag.silent"),
            ),
        ),
        (Said("mm.bd.cards"), (0, 2, 0, 0)),
        (Said("mm.bd.behind"), (2.0, 0.0, 3.0, 1.0)),
    )
