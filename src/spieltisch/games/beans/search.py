"""What a search needs of a bean game: a cut-off and a way to score a position before the end.

ISMCTS (``bots/ismcts.py``) plays random rollouts, and a random bean game runs for thousands
of actions — random trading, planting and harvesting that no real player would do — so a
rollout to the end buys few iterations and says little. The bean games therefore cut their
rollouts after ``SEARCH_DEPTH`` actions and score the position by ``evaluate``.

``evaluate`` is the score the sheet would give if the game ended now: every field harvested at
once, as the final harvest does (coins by the field's beanometer, with each game's own harvest:
Ladybohn's Ladies and Make-up beans, Mutterböhnchen's special beans), and the seat's coins
ahead of the best other seat's. It runs on a clone, so the position searched is untouched; it
reads the whole state, which inside the search is a determinization, never the real table.
Each bean game's ``bots.py`` names these two as its own (the search finds them there).
"""

from __future__ import annotations

from typing import Any

SEARCH_DEPTH = 40
"""Actions a rollout plays before ``evaluate`` scores it: two or three turns of a 2-player bean
game (a turn is about 15 actions with its trading), far enough for the harvests that the
decision at the root leads to."""


def coins_now(state: Any) -> list[int]:
    """Every seat's coins if all fields were harvested now (the game's own ``harvest``, on a
    clone; a finished game's own coins)."""
    if state.result_ is not None:
        return list(state.result_)
    s = state.clone()
    for p in range(s.num_players):
        for f, field in enumerate(s.fields[p]):
            if field:
                s.harvest(p, f)
    return [len(c) for c in s.coins]


def evaluate(state: Any, player: int) -> float:
    """``player``'s coins after harvesting everything now, ahead of the best other seat's (in
    coins; alone at the table, the coins themselves)."""
    coins = coins_now(state)
    others = [c for p, c in enumerate(coins) if p != player]
    return float(coins[player] - (max(others) if others else 0))


__all__ = ["SEARCH_DEPTH", "coins_now", "evaluate"]
