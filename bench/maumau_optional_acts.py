"""What Mau-Mau's optional acts out of turn are worth, and what the Mau-Mau bot leaves of them.

    python bench/maumau_optional_acts.py --players 3 --games 40 --deals 100

An ISMCTS bot searches only where the game waits for its player (``ismcts.act``): a throw-in
on a 9 or under the jokers' privilege, a 3 laid out of turn, a joker put down or a Pilz spent
come from the game's own bot, as at the real table. This measures whether searching them
could pay. Games of the Mau-Mau bot in every seat (game ``i`` seeded ``--seed + i``); at each
moment seat ``--seat`` could act out of turn:

- **taken**: the bot acts (a throw-in, a 3, a joker, a Pilz): its act against letting that
  moment pass, played on ``--deals`` deals common to both;
- **missed**: the bot could throw in a fitting card and does not: the bot's own best-scored
  throw-in against letting the moment pass.

Each pair is played by the search's own oracle (``ismcts:rollout=heuristic`` to the end,
valued by the first place, ``goal=win``): the determinizations know only what the player saw,
and every seat after the choice is the Mau-Mau bot. "Letting it pass" is that bot with the one
act withheld until the next turn action. The gains are in wins (a lone win is worth
``(n-1)/n`` of the win value). The summary: moments of each kind a game; the summed gains a
game that a chooser who knew each sign could collect (the negative gains of taken acts, the
positive of missed ones), a ceiling that counts each verdict's noise as gain; and what a
chooser collects who picks on half of each moment's deals and is judged on the other half
(cross-fitted, ``cross_fitted``), which does not — the most a search with that many deals
could find there.
"""

from __future__ import annotations

import argparse
import itertools
import time
from typing import Any

import spieltisch
from spieltisch.bots import Decision, make_bot
from spieltisch.bots.ismcts import ISMCTSBot, _Table, mean_se
from spieltisch.bots.scheduler import StuckGame, bot_rngs, next_action
from spieltisch.core import REFEREE, Action, Rng, State
from spieltisch.games.maumau.bots import MaumauBot
from spieltisch.games.maumau.bots import _Table as View

ORACLE = "ismcts:rollout=heuristic:sweep=1:depth=1000000:goal=win"
OPTIONAL = ("throw", "joker", "pilz", "lay")  # out of turn, a lay is a 3 (or a 2 on no card)


class Withheld:
    """The Mau-Mau bot, with one act withheld until the next turn action (the moment passed)."""

    def __init__(self, bot: Any, action: Action) -> None:
        self.bot, self.action, self.on = bot, action, True

    def reaction_time(self, decision: Decision) -> float:
        if self.on and self.bot.act(decision) == self.action:
            return float("inf")
        return float(self.bot.reaction_time(decision))

    def act(self, decision: Decision) -> Action | None:
        action = self.bot.act(decision)
        return None if self.on and action == self.action else action


def play_out(
    oracle: ISMCTSBot, deal: State, me: int, action: Action, seeds: list[int], act: bool
) -> float:
    """``me``'s win value after acting (``act``) or letting the moment pass, the Mau-Mau bot
    in every seat, to the end of the game."""
    state = deal.clone()
    bots: list[Any] = [oracle._policy() for _ in range(state.num_players)]
    if not act:
        bots[me] = Withheld(bots[me], action)
    table = _Table(bots, [Rng(s) for s in seeds])
    if act:
        state.apply(me, action)
        table.applied(me)
    while not state.is_terminal():
        try:
            player, chosen = table.next(state)
        except StuckGame:
            break
        turn = player != REFEREE and player in state.waiting_for()
        state.apply(player, chosen)
        table.applied(player)
        if turn and not act:
            bots[me].on = False
    return oracle._final(state)[me] if state.is_terminal() else 0.0


def gains(
    oracle: ISMCTSBot, decision: Decision, action: Action, deals: int, seed: int
) -> list[float]:
    """Acting less letting the moment pass, on each of ``deals`` deals."""
    rng = Rng(seed)
    n = decision.resample(Rng(0)).num_players
    out = []
    for _ in range(deals):
        deal = decision.resample(Rng(rng.next64()))
        seeds = [rng.next64() for _ in range(n)]
        out.append(
            play_out(oracle, deal, decision.player, action, seeds, True)
            - play_out(oracle, deal, decision.player, action, seeds, False)
        )
    return out


def cross_fitted(switch: list[float]) -> float:
    """What a chooser gains who switches where one half of the deals says switching pays,
    judged on the other half (and the halves the other way round, averaged): an estimate
    free of the noise that picking by the sign of the same deals' mean would count as gain."""
    half = len(switch) // 2
    if half == 0:
        return 0.0
    a, b = switch[:half], switch[half:]
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    return ((mb if ma > 0 else 0.0) + (ma if mb > 0 else 0.0)) / 2


def missed_throw(bot: MaumauBot, state: State, seat: int) -> Action | None:
    """The bot's best-scored fitting throw-in where it could throw and does not, else None.

    Asking the seat's own bot what it would do draws its reaction time for the moment from
    the asking decision's generator, not the table's: the games stay games of Mau-Mau bots,
    but not the very ones ``simulate`` plays from the same seeds."""
    decision = Decision.at(state, seat, Rng(0))
    throws = [a for a in decision.legal if "throw" in a]
    if not throws:
        return None
    view = View(bot, decision.view, decision.legal)
    fitting = [a for a in throws if bot._throw_fits(view, a["throw"])]
    if not fitting:
        return None
    planned = bot.act(Decision.at(state, seat, Rng(1)))
    if planned is not None and "throw" in planned:
        return None
    window = decision.view["window"]
    anchor = window["anchor"] if window is not None else seat
    return max(fitting, key=lambda a: bot._score(view, a, "throw", anchor, view.hand))


def one_game(
    game: Any, oracle: ISMCTSBot, args: argparse.Namespace, g: int
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Game ``g`` of Mau-Mau bots: for each act seat ``args.seat`` takes out of turn, and for
    each fitting throw-in it leaves, the act's mean worth and a cross-fitted chooser's gain
    (``cross_fitted``: passing where the bot acts, throwing where it does not), in wins."""
    seed = args.seed + g
    share = (args.players - 1) / args.players
    table = [make_bot("maumau", game) for _ in range(args.players)]
    state = game.new_state(args.players, seed)
    rngs = bot_rngs(seed, args.players)
    taken: list[tuple[float, float]] = []
    missed: list[tuple[float, float]] = []
    moments: set[tuple[Any, ...]] = set()
    asked = itertools.count(1)  # the moments weighed so far: each one's seeds

    def weigh(kind: str, act: Action, into: list[tuple[float, float]]) -> None:
        k = next(asked)
        d = Decision.at(state, args.seat, Rng(seed * 1000 + k))
        got = gains(oracle, d, act, args.deals, seed * 7 + k)
        mean, se = mean_se(got)
        switch = [-x for x in got] if kind == "taken" else got
        into.append((mean * share, cross_fitted(switch) * share))
        if args.verbose:
            print(f"game {g} {kind} {act}: {mean * share:+.3f} ± {se * share:.3f}")

    while not state.is_terminal():
        off_turn = args.seat not in state.waiting_for()
        if off_turn:
            view = state.view(args.seat)
            moment = (view["turn_actions"], len(view["pile"]))
            throw = None if moment in moments else missed_throw(table[args.seat], state, args.seat)
            if throw is not None:
                moments.add(moment)
                weigh("missed", throw, missed)
        player, action = next_action(state, table, rngs)[:2]
        if player == args.seat and off_turn and any(k in action for k in OPTIONAL):
            weigh("taken", action, taken)
        state.apply(player, action)
    return taken, missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--deals", type=int, default=60, help="deals a moment")
    parser.add_argument("--seed", type=int, default=700)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    game = spieltisch.load_game("maumau")
    oracle = make_bot(ORACLE, game)
    assert isinstance(oracle, ISMCTSBot)
    taken: list[tuple[float, float]] = []
    missed: list[tuple[float, float]] = []
    start = time.perf_counter()
    for g in range(args.games):
        took, left = one_game(game, oracle, args, g)
        taken += took
        missed += left
    games = args.games
    worth = [m for m, _ in taken]
    left_worth = [m for m, _ in missed]
    print(
        f"maumau {args.players}p, {games} games, {args.deals} deals a moment, "
        f"{time.perf_counter() - start:.1f} s: "
        f"taken {len(taken) / games:.2f} a game, worth {sum(worth) / games:+.3f} of a win a game "
        f"({sum(x < 0 for x in worth)} of {len(worth)} below nought, "
        f"{-sum(x for x in worth if x < 0) / games:.3f} a game); "
        f"missed {len(missed) / games:.2f} a game "
        f"({sum(x > 0 for x in left_worth)} of {len(left_worth)} above nought, "
        f"{sum(x for x in left_worth if x > 0) / games:.3f} a game); "
        f"a chooser on half the deals, judged on the other half: "
        f"{sum(c for _, c in taken) / games:+.3f} (taken) and "
        f"{sum(c for _, c in missed) / games:+.3f} (missed) of a win a game"
    )


if __name__ == "__main__":
    main()
