"""What a search needs of a bean game: a cut-off and a way to score a position before the end.

ISMCTS (``bots/ismcts.py``) plays random rollouts, and a random bean game runs for thousands
of actions — random trading, planting and harvesting that no real player would do — so a
rollout to the end buys few iterations and says little. The bean games therefore cut their
rollouts after ``search_depth(players, rollout)`` actions and score the position by ``evaluate``;
``search_moves`` leaves the steps of an offer's draft out of what a search weighs.

``evaluate`` is the score the sheet would give if the game ended now: the game's own final
harvest on a clone (``_final_harvest``, which every bean game's state has: all fields at once,
from the player after the active one, Ladybohn's open Make-up choices settled and its 5+ Make-up
coin paid, Mutterböhnchen's Garden Lady paid from the discard pile as it stands then), and the
seat's coins ahead of the best other seat's. Steals still owed at that moment are left out: who
is robbed is the stealer's choice. Alone at the table (Ladybohn solo) the score is the target's:
coins against the discard pile, where she harvests a field only if that raises the margin (her
final harvest is optional). It reads the whole state, which inside the search is a
determinization, never the real table. Each bean game's ``bots.py`` names these as its own (the
search finds them there).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

SEARCH_DEPTH = 40
"""Actions a 2-player rollout plays before ``evaluate`` scores it: two or three turns (a turn
is 10-15 actions), far enough for the harvests that the decision at the root leads to."""

TURN_ACTIONS = 45
"""About how many actions a turn takes per player at a trading table (random rollouts measured
50 at 3 players, 64 at 4): a cut before the turn's trading is done would score nothing it
decided."""

BOT_TURN_ACTIONS = 15
"""About how many actions a turn takes at a table of the games' own bots, which make a few
offers a turn where random players try dozens (traders at 3 and 4 players, 3 games each,
2026-11-28: Bohnanza 12.3 and 13.6, Ladybohn 13.8 and 14.1, Mutterböhnchen 15.1 and 15.1)."""


def search_depth(players: int, rollout: str) -> int:
    """Where a rollout is cut at a table of ``players``, played by ``rollout`` (ISMCTS's
    ``rollout``: random players, or the game's own bots). At two players: ``SEARCH_DEPTH``.
    At more, random play: ``TURN_ACTIONS`` a player, two or three of its turns. The games'
    own bots: a round and a turn (``BOT_TURN_ACTIONS`` each), through the searcher's next
    turn, by then its trades have been planted and its next hand cards have met its fields.
    The random table's count, 180 actions at four players, would be 12 turns of theirs: each
    rollout 2.4 times as long, so a decision's time budget buys that many fewer deals."""
    if players <= 2:
        return SEARCH_DEPTH
    if rollout == "heuristic":
        return BOT_TURN_ACTIONS * (players + 1)
    return TURN_ACTIONS * players


COMPOSING = frozenset({"draft", "propose", "counter"})
"""The keys of the actions that compose an offer piece by piece: a draft's steps, sending it,
and ``counter`` (a decline that opens a draft of the offer turned round)."""


def search_moves(legal: Iterable[Any]) -> list[Any]:
    """The legal actions a search weighs as moves of their own: all but the steps that compose
    an offer (``COMPOSING``). A whole offer is one action, and the search takes it from the
    policy (the trader's offer, never an enumeration of offers); a draft's step played at the
    root and then left to the policy, which sends whole offers, only delays the policy's move
    by an action (and a counter is a decline then), so each was a rollout a deal spent on a
    copy of another candidate: at a trading table of four, 4 of a decision's 7 candidates on
    average (2026-11-28, traders' games)."""
    return [a for a in legal if COMPOSING.isdisjoint(a)]


def coins_now(state: Any) -> list[int]:
    """Every seat's coins if the game ended now, by its own final harvest (on a clone); a
    finished game's own coins."""
    if state.result_ is not None:
        return list(state.result_)
    s = state.clone()
    s._final_harvest()
    return [len(c) for c in s.coins]


def solo_margin(state: Any) -> int:
    """Ladybohn solo: her coins less the discard pile's cards if the game ended now, each field
    harvested only where that raises the margin (what a harvest pays becomes coins, the rest
    goes onto the discard pile)."""
    s = state.clone()
    for f, field in enumerate(s.fields[0]):
        if not field:
            continue
        trial = s.clone()
        trial.harvest(0, f)
        if len(trial.coins[0]) - len(trial.discard) > len(s.coins[0]) - len(s.discard):
            s = trial
    return len(s.coins[0]) - len(s.discard)


def evaluate_all(state: Any) -> list[float]:
    """``evaluate`` for every seat at once (one final harvest for all): what the search's cut
    asks for."""
    if state.num_players == 1:
        if state.result_ is not None:
            return [float(state.result_[0] - len(state.discard))]
        return [float(solo_margin(state))]
    coins = coins_now(state)
    return [
        float(mine - max(c for q, c in enumerate(coins) if q != p)) for p, mine in enumerate(coins)
    ]


def evaluate(state: Any, player: int) -> float:
    """``player``'s coins after the final harvest now, ahead of the best other seat's (in
    coins; alone, her coins less the discard pile's cards)."""
    return evaluate_all(state)[player]


__all__ = [
    "BOT_TURN_ACTIONS",
    "COMPOSING",
    "SEARCH_DEPTH",
    "TURN_ACTIONS",
    "coins_now",
    "evaluate",
    "evaluate_all",
    "search_depth",
    "search_moves",
    "solo_margin",
]
