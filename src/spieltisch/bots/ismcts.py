"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every game.

The bot never sees the true state. Each iteration draws a *determinization* with
``decision.resample()`` — a full state consistent with what the player has seen — and plays it
down one tree that is shared by all determinizations. The tree is keyed by the decisions taken
since the root (``(player, action)`` edges), so a node stands for everything the searcher cannot
tell apart; an action that is legal only in some determinizations is weighed by how often it
was *available* (its availability count stands in for the parent's visits in UCT).

Values are per seat (``Result.returns``, each in [-1, 1]): every node maximises the value of the
player who decides there, so the search works for any number of players. The UCT constant ``c``
(default 1.4) is on that scale (0.7 on the usual [0, 1] scale). The move is the root's most
visited one. ``goal=rank`` (the default) values a finished game by ``returns``, every place
counted (a duel with each other seat, won by the better rank); ``goal=win`` by the first place
alone, shared among those who share it, scaled to the same zero-sum range (``win_values``). At
a table of three or more they differ: Mau-Mau goes on after its first winner until two hold
cards, and by ``returns`` a second place is worth +1/3 against the winner's +1 and the others'
-2/3, so a search may settle for it, where players and the arena count the winner.

Who acts when several may. Inside the search the table is run as the simulator runs it
(``scheduler.next_action``): every seat is played by a *policy* bot — its reaction time says who
is quickest, the referee closes a window when its time runs out first. When the quickest is a
player the game waits for (``state.waiting_for()``: the one on turn, one who must plant or
answer) and they have a real choice, that is a *turn decision* and the tree decides it among
their legal actions plus what their policy proposed (a parametric action such as a bean-game
trade offer is never listed; the policy's offer is the one candidate the search considers, so
no offer space is ever enumerated, nor the steps that build an offer piece by piece: a game's
``search_moves(legal)`` says which legal actions are moves of their own). Everything else —
slaps and words by players the game does not wait for, offers and throw-ins by others, the
referee — comes from the policy as it would in the simulator. Below the tree's frontier the
rollout plays every seat by the policy.

The policy is ``rollout=random`` (the game's own ``random`` bot where it has one — Mau-Mau's
keeps the heuristic's reflexes — else uniform) or ``rollout=heuristic`` (the game's
``STRONGEST`` bot; where that is itself a search, mancala's alpha-beta, random plays instead).
Random is the default: it buys far more iterations (Biber-Mania's heuristic made an iteration
about 30 times slower when measured). With ``opponents=policy`` only the searcher's turn
decisions are searched and the others play their policy throughout (a fixed opponent model); the
default ``opponents=tree`` searches every seat's turn decisions. ``opponents=model`` seats the
game's own bot in the others' places inside the tree — the player a table of heuristics
actually faces; the simulated table asks it as the simulator would (its reaction times, its
passes), on its view of the determinization — while the rollouts below the frontier stay random
and cheap: only the searcher's decisions branch.

``offers=K`` adds to the root's candidates the next K offers the game's own bot would send
(its ``proposals``: each one it would send were the one before declined; the bean games'
traders), so that a search may choose among the trader's offers and still never enumerate
offers.

``sweep=1`` trades the tree for common random numbers at the root: every iteration draws one
determinization and one set of the policies' seeds, and plays each root candidate on it to the
cut (with ``rollout=heuristic`` that is the game's own bot for everyone after the move: a
rollout policy improvement; ``opponents``, ``prior`` and ``c`` have no part in it). Two
candidates are then compared on the same cards and the same later play, so the luck of the
deal, which swamps a bean game's choices when each rollout deals its own, cancels out of their
difference. The move stays the game's own bot's choice unless another candidate's mean gain
over it clears ``z`` (default 2) standard errors, the bar raised for the number of candidates:
the search corrects its policy where the evidence says so, and seldom leaves it on noise. An
iteration costs a rollout per candidate.

``race=N`` (with ``sweep=1`` and ``iters``) spends deals where they decide something: where
``iters`` deals leave a candidate in question — its mean gain on the policy's move above
nought, under the bar — the sweep deals on, to ``N`` deals in all, until one clears the bar
or none is left in question. Most decisions are settled early (the other candidates fall
below the policy's move, or equal it); at a bean-game table of four a candidate's gain
spreads over a coin or two a deal, so 16 deals leave a real half-coin gain in question.

At the real table the bot's own reactions, and whether it acts at all, come from the game's
strongest bot (its reaction profile, e.g. ``ismcts:fast`` in Mau-Mau): the bot searches only
when that bot would act and the game is waiting for this player; its reaction time is that
bot's, and its choice is one of the root's candidates. The simulated tables start with the
referee's window fully open (the bot cannot know how much of it has passed) and use each game's
default reaction profiles for every seat.

Budgets. ``iters`` iterations (default 200) or ``time`` seconds (the host's clock, as in
alpha-beta), whichever ends first when both are given. A rollout plays to the end of the game,
or with ``depth=N`` stops after N actions and scores the position with the game's ``evaluate``
hook (``games/<id>/bots.py``; ``tanh(evaluate / EVAL_SCALE)`` per seat), or as a draw for all
where the game has none. Without ``depth`` the game's own cut is the default: its
``search_depth(players, rollout)`` where it has one (the bean games: a turn takes far more
actions at a trading table of four than at two, and far more among random players than among
the game's own bots), else its ``SEARCH_DEPTH`` (beside its ``evaluate``), else
the rollouts play to the end. A game may also give ``evaluate_all(state)``, every seat's value
at once, where one evaluation serves all (the bean games' final harvest). ``value=policy`` values
a cut rollout by the game's own bot instead (its ``worth(view)`` for each seat, ahead of the
best other seat's: the bean traders' coins plus what their fields, cards to plant and hand
promise), so that a short cut still credits a field grown towards its next coin, which the
final harvest now counts as nothing. Random bean games and Mau-Mau run for thousands of
actions: without their cuts the budget buys few iterations.

Deterministic for a given seed and iteration budget: every random draw (determinizations,
policies' reaction times and choices, tie-breaks) comes from ``decision.rng``. Each iteration
plays on its own copy of a determinization with fresh policy bots (bots keep memory, such as
the offers a trader has sent), so iterations do not leak into each other or into the real table.
"""

from __future__ import annotations

import math
import time as _time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from ..core import REFEREE, Action, Game, IllegalAction, OptionError, Player, Rng, State
from .base import Bot, Decision, RandomBot
from .scheduler import StuckGame, next_action

DEFAULT_ITERS = 200
EVAL_SCALE = 10.0
"""A game's ``evaluate`` is in its own units (mancala's: beans); ten of them count as a clear
lead (tanh(1) = 0.76 of a win)."""
SWEEP_KEEP = 4
"""The deals a sweep plays every candidate on before it drops one the evidence puts below the
policy's move (a mean gain more than ``z`` standard errors under nought), and the fewest on
which a candidate may replace the policy's move."""
SWEEP_SPREAD = 0.1
"""The least standard deviation a sweep assumes of a candidate's gains: a tenth of a win, or
one coin ahead at the bean games' scale (``tanh(1 / EVAL_SCALE)``)."""
MAX_ROLLOUT = 200_000
"""A safety net for a policy that never ends a game; the position then counts as ``depth``'s."""

ROLLOUTS = ("random", "heuristic")
OPPONENTS = ("tree", "policy", "model")
GOALS = ("rank", "win")
VALUES = ("game", "policy")

Edge = tuple[Player, Action]
Policy = Callable[[], Bot]


class _Node:
    """Everything the searcher cannot tell apart after one sequence of decisions."""

    __slots__ = ("avail", "children", "value", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.avail = 1
        self.value = [0.0] * players  # summed returns per seat
        self.children: dict[Edge, _Node] = {}


@dataclass
class SearchInfo:
    """What the last search found: for tests, benchmarks and curious hosts."""

    iterations: int = 0
    seconds: float = 0.0
    move: Action | None = None
    visits: dict[str, int] = field(default_factory=dict)  # per root candidate (its JSON text)
    searched: bool = False  # False when the move needed no search (one choice, a reaction)
    policy: Action | None = None  # the game's own bot's choice, which the search weighed
    # a sweep's evidence: per other candidate (its JSON text) the mean gain on the policy's
    # move, its standard error (as the bar reads it) and the deals it was played on; and the bar
    gains: dict[str, tuple[float, float, int]] = field(default_factory=dict)
    bar: float = 0.0


class _Table:
    """One simulated table: the simulator's host loop (``scheduler.play_game``) one step at a
    time, with the referee's window clock in simulated seconds."""

    def __init__(self, bots: Sequence[Bot], rngs: Sequence[Rng]) -> None:
        self.bots, self.rngs = bots, rngs
        self.clock = 0.0
        self.opened: float | None = None

    def next(self, state: State) -> tuple[Player, Action]:
        if REFEREE in state.actors():
            self.opened = self.clock if self.opened is None else self.opened
            window = state.window_seconds()
            left = None if window is None else self.opened + window - self.clock
        else:
            self.opened, left = None, None
        player, action, delay = next_action(state, self.bots, self.rngs, left)
        self.clock += delay
        return player, action

    def applied(self, player: Player) -> None:
        if player == REFEREE:
            self.opened = None  # the window it closed is over


class ISMCTSBot(Bot):
    """Single-observer ISMCTS with UCT, per-seat values and a pluggable rollout policy:
    ``iters`` iterations (default 200) or ``time`` seconds a decision, UCT constant ``c``,
    ``rollout`` random|heuristic, rollouts cut after ``depth`` actions (default: the game's
    ``SEARCH_DEPTH``, else none), ``opponents`` tree|policy|model, a reaction ``profile`` for the
    game's own bot, and a ``prior`` for that bot's own choice at the root (progressive bias:
    ``prior / (visits + 1)`` added to its UCT score, so the search leaves the game's own move
    only on evidence that grows with the visits), or ``sweep=1``: every candidate played on the
    same deals, the game's own move kept unless another gains ``z`` standard errors on it; a
    finished game valued by every place (``goal=rank``) or by the first alone (``goal=win``);
    ``offers`` more of the game's own bot's offers among the root's candidates; a sweep that
    deals on to ``race`` deals while a candidate is in question; a cut valued by the game's
    own bot (``value=policy``).
    Registered by class for every game (``ismcts:iters=300``)."""

    name = "ismcts"
    searches = True

    def __init__(
        self,
        game: Game,
        iters: int | None = None,
        time: float | None = None,
        c: float = 1.4,
        rollout: str = "random",
        depth: int | None = None,
        opponents: str = "tree",
        profile: str | None = None,
        prior: float = 0.0,
        sweep: bool | int = False,
        z: float = 2.0,
        goal: str = "rank",
        offers: int = 0,
        race: int = 0,
        value: str = "game",
    ) -> None:
        if iters is not None and (not _whole(iters) or iters < 1):
            raise OptionError(f"ismcts: iters is a whole number of at least 1, not {iters!r}")
        if time is not None and (not _number(time) or time <= 0):
            raise OptionError(f"ismcts: time is a positive number of seconds, not {time!r}")
        if not _number(c) or c < 0:
            raise OptionError(f"ismcts: c is a number of at least 0, not {c!r}")
        if rollout not in ROLLOUTS:
            raise OptionError(f"ismcts: rollout is one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if depth is not None and (not _whole(depth) or depth < 0):
            raise OptionError(f"ismcts: depth is a whole number of actions, not {depth!r}")
        if not _number(prior) or prior < 0:
            raise OptionError(f"ismcts: prior is a number of at least 0, not {prior!r}")
        if sweep not in (True, False, 0, 1):
            raise OptionError(f"ismcts: sweep is 0 or 1, not {sweep!r}")
        if not _number(z) or z < 0:
            raise OptionError(f"ismcts: z is a number of at least 0, not {z!r}")
        if not _whole(offers) or offers < 0:
            raise OptionError(f"ismcts: offers is a whole number of at least 0, not {offers!r}")
        if not _whole(race) or race < 0:
            raise OptionError(f"ismcts: race is a whole number of deals, not {race!r}")
        if value not in VALUES:
            raise OptionError(f"ismcts: value is one of {', '.join(VALUES)}, not {value!r}")
        if goal not in GOALS:
            raise OptionError(f"ismcts: goal is one of {', '.join(GOALS)}, not {goal!r}")
        if opponents not in OPPONENTS:
            raise OptionError(
                f"ismcts: opponents is one of {', '.join(OPPONENTS)}, not {opponents!r}"
            )
        self.game = game
        self.iters = DEFAULT_ITERS if iters is None and time is None else iters
        self.time = None if time is None else float(time)
        self.c = float(c)
        self.prior = float(prior)
        self._planned: Action | None = None  # the game's own bot's choice at the root
        self.rollout = rollout
        self.depth = depth
        self.opponents = opponents
        self.sweep = bool(sweep)
        if self.sweep and (opponents != "tree" or prior):
            # after the move every seat is the rollout policy: there is no tree to model
            # opponents in, nor a root whose UCT score a prior could lean
            raise OptionError(
                "ismcts: sweep=1 plays every seat by the rollout policy after the move; "
                "opponents and prior do not apply to it"
            )
        self.z = float(z)
        self.goal = goal
        self.offers = offers
        self.race = race
        if race and (not self.sweep or self.iters is None or race <= self.iters):
            raise OptionError(
                "ismcts: race=N lets a sweep deal on past its iters, to N deals in all: it "
                f"takes sweep=1, a number of iters (not time alone) and N above them ({race!r})"
            )
        from . import registry  # here: the registry lists this bot

        bots = registry.available_bots(game)
        strongest = registry.strongest_bot(game)
        try:
            kw = {} if profile is None else {"profile": profile}
            reactor = bots[strongest](game, **kw) if strongest in bots else RandomBot()
        except TypeError:
            raise OptionError(f"ismcts: {game.id}'s {strongest} bot takes no profile") from None
        if reactor.searches:
            # a search is no policy: a game whose best bot searches (mancala) has no cheap
            # heuristic to react or roll out with, so random plays those parts
            strongest, reactor = "random", bots["random"](game)
            if prior:
                raise OptionError(
                    f"ismcts: prior leans towards the game's own bot, and {game.id}'s is a "
                    "search, not a policy: no prior here"
                )
            if opponents == "model":
                raise OptionError(
                    f"ismcts: opponents=model plays the others by the game's own bot, and "
                    f"{game.id}'s is a search, not a policy"
                )
        self._model: Policy = _factory(game, bots, strongest)
        self.value = value
        if value == "policy" and not hasattr(reactor, "worth"):
            raise OptionError(
                f"ismcts: value=policy values a cut rollout by the game's own bot's worth(view), "
                f"and {game.id}'s {strongest} bot has none"
            )
        self.reactor = reactor
        self._policy: Policy = _factory(
            game, bots, strongest if rollout == "heuristic" else "random"
        )
        module = registry.game_bot_module(game)
        self.evaluate: Callable[[State, Player], float] | None = getattr(module, "evaluate", None)
        self._evaluate_all: Callable[[State], list[float]] | None = getattr(
            module, "evaluate_all", None
        )
        # the actions the search weighs as moves (default: every legal one; the bean games
        # leave out the steps of an offer's draft, ``beans.search.search_moves``)
        self._moves: Callable[[list[Action]], list[Action]] = getattr(module, "search_moves", list)
        self._depth_for: Callable[[int, str], int] | None = None
        if depth is None and self.evaluate is not None:
            # the game's own cut-off: where its rollouts to the end are long and noisy, an
            # evaluation after a few actions tells more a second (Biber-Mania's SEARCH_DEPTH;
            # the bean games' search_depth by the number of players and the rollout policy)
            self.depth = getattr(module, "SEARCH_DEPTH", None)
            self._depth_for = getattr(module, "search_depth", None)
        self._cut_at = self.depth  # this decision's cut (the table's size may set it)
        self.info = SearchInfo()

    # -- the host's side -------------------------------------------------------------------

    def reaction_time(self, decision: Decision) -> float:
        return self.reactor.reaction_time(decision)

    def act(self, decision: Decision) -> Action | None:
        start = _time.perf_counter()
        planned = self.reactor.act(decision)
        self.info = SearchInfo(move=planned, policy=planned)
        if planned is None:
            return None  # the moment passes, as the game's own bot would let it
        me = decision.player
        candidates = self._moves(decision.legal)
        if planned not in candidates:
            candidates.append(planned)  # a parametric action (a trade offer)
        proposals = getattr(self.reactor, "proposals", None) if self.offers else None
        if len(candidates) == 1 and proposals is None:
            return planned
        rng = Rng(decision.rng.next64())
        probe = decision.resample(Rng(rng.next64()))
        if me not in probe.waiting_for():
            return planned  # a reaction: the reaction policy decides
        if proposals is not None:
            # asked only for a decision it searches: the trader counts them as sent
            for offer in proposals(decision, self.offers):
                if offer not in candidates:
                    candidates.append(offer)
            if len(candidates) == 1:
                return planned
        root = _Node(probe.num_players)
        self._planned = planned
        self._cut_at = self._cut_for(probe.num_players)
        deadline = None if self.time is None else start + self.time
        if self.sweep:
            return self._sweep(
                decision, me, candidates, planned, rng, start, deadline, probe.num_players
            )
        done = 0
        while self.iters is None or done < self.iters:
            if deadline is not None and done and _time.perf_counter() >= deadline:
                break
            # a clone of the determinization: a resample that shares a container with the real
            # state (Bohnanza's shared the searcher's own trade draft until 2026-11) must not
            # let the search write into the real table; the clone costs little beside a rollout
            state = decision.resample(Rng(rng.next64())).clone()
            self._iterate(state, root, me, candidates, rng)
            done += 1
        move = self._best(root, me, candidates)
        self.info = SearchInfo(
            done,
            _time.perf_counter() - start,
            move,
            {
                str(a): (root.children[(me, a)].visits if (me, a) in root.children else 0)
                for a in candidates
            },
            True,
            planned,
        )
        return move

    def paired_gains(
        self, decision: Decision, move: Action, against: Action, deals: int, seed: int
    ) -> list[float]:
        """``move``'s value less ``against``'s for the deciding player, on ``deals``
        determinizations of ``decision`` (drawn from ``seed``), both played on by fresh policy
        bots with the same seeds: the sweep's common random numbers, for one pair of moves. A
        deal that allows only one of them gives no pair. A second opinion on a search's choice
        (``bench/search_oracle.py``): with ``rollout=heuristic`` and no cut, what the change is
        worth at a table of the game's own bots, as far as the deals and the resampling tell."""
        rng = Rng(seed)
        me = decision.player
        out = []
        for _ in range(deals):
            deal = decision.resample(Rng(rng.next64()))
            self._cut_at = self._cut_for(deal.num_players)
            seeds = [rng.next64() for _ in range(deal.num_players)]
            base = self._play_out(deal, me, against, seeds)
            got = self._play_out(deal, me, move, seeds)
            if base is not None and got is not None:
                out.append(got - base)
        return out

    def _cut_for(self, players: int) -> int | None:
        """Where a rollout at a table of ``players`` stops: ``depth``, else the game's cut."""
        return self.depth if self._depth_for is None else self._depth_for(players, self.rollout)

    # -- the sweep: every candidate on the same deals ---------------------------------------

    def _sweep(
        self,
        decision: Decision,
        me: Player,
        candidates: list[Action],
        planned: Action,
        rng: Rng,
        start: float,
        deadline: float | None,
        n: int,
    ) -> Action:
        """``sweep=1``: each iteration draws one determinization and one set of the policies'
        random seeds, and plays *every* candidate on it, so that two candidates are compared on
        the same cards and the same later play (common random numbers): the luck of the deal,
        which swamps a bean game's choices in a rollout of its own, cancels out of their
        difference.

        The move is the game's own bot's choice unless another candidate's mean gain over it,
        in the deals where both could be played (at least ``SWEEP_KEEP``), clears a bar: ``z``
        standard errors above nought, raised for the number of candidates that could clear it
        by chance (Bonferroni: ``z`` is a one-sided level, shared among them), and a standard
        deviation taken as at least ``SWEEP_SPREAD`` (gains in whole coins can agree exactly
        over a few deals). So the search rarely leaves its policy on noise, and leaves it where
        a gain shows. A candidate already found below the policy's move after ``SWEEP_KEEP``
        deals gets no more rollouts. The clock is read after every rollout: a budget of time
        ends the sweep in the middle of a deal, and the pairs played so far count."""
        alternatives = [a for a in candidates if a != planned]
        gains: dict[Action, list[float]] = {a: [] for a in alternatives}
        dropped: set[Action] = set()
        done = played = 0
        out_of_time = False
        bar = _bonferroni(self.z, len(alternatives))
        while not out_of_time and (
            self.iters is None
            or done < self.iters
            or (done < self.race and _in_question(gains, dropped, bar))
        ):
            deal = decision.resample(Rng(rng.next64()))
            seeds = [rng.next64() for _ in range(n)]
            done += 1
            base = self._play_out(deal, me, planned, seeds)
            out_of_time = deadline is not None and _time.perf_counter() >= deadline
            if base is None:
                continue
            played += 1
            for a, got in gains.items():
                if out_of_time:
                    break
                if a in dropped:
                    continue
                v = self._play_out(deal, me, a, seeds)
                out_of_time = deadline is not None and _time.perf_counter() >= deadline
                if v is None:
                    continue
                got.append(v - base)
                # a candidate the evidence already puts below the policy's move gets no more
                # rollouts: they go to the ones still in question
                mean, se = mean_se(got)
                if len(got) >= SWEEP_KEEP and mean + self.z * se < 0:
                    dropped.add(a)
        move, best = planned, 0.0
        for a, got in gains.items():  # in the listed order: ties to the earlier
            if len(got) < SWEEP_KEEP:
                continue
            mean, se = mean_se(got)
            if mean > best and mean > bar * se:
                move, best = a, mean
        visits = {str(a): len(got) for a, got in gains.items()}
        visits[str(planned)] = played
        evidence = {str(a): (*mean_se(got), len(got)) for a, got in gains.items() if got}
        self.info = SearchInfo(
            done, _time.perf_counter() - start, move, visits, True, planned, evidence, bar
        )
        return move

    def _play_out(self, deal: State, me: Player, action: Action, seeds: list[int]) -> float | None:
        """``me``'s value after ``action`` on a copy of ``deal``, every seat then played by
        the policy (fresh bots seeded by ``seeds``) to the cut or the end; None where this
        deal does not allow the action."""
        state = deal.clone()
        if action not in state.legal_actions(me) and not _valid(state, me, action):
            return None
        n = state.num_players
        table = _Table([self._policy() for _ in range(n)], [Rng(s) for s in seeds])
        state.apply(me, action)
        table.applied(me)
        steps = 0
        while not state.is_terminal():
            if (self._cut_at is not None and steps >= self._cut_at) or steps >= MAX_ROLLOUT:
                break
            try:
                player, act = table.next(state)
            except StuckGame:
                break
            state.apply(player, act)
            table.applied(player)
            steps += 1
        return self._cut(state, n)[me]

    # -- one iteration ---------------------------------------------------------------------

    def _iterate(
        self,
        state: State,
        root: _Node,
        me: Player,
        candidates: list[Action],
        rng: Rng,
    ) -> None:
        """One determinization down the tree (the tree decides the turn decisions, the
        policies the rest), one new node, a rollout by the policies, and its values back up."""
        n = state.num_players
        bots = [self._policy() for _ in range(n)]
        table = _Table(bots, [Rng(rng.next64()) for _ in range(n)])
        if self.opponents == "model":
            # inside the tree the others are the game's own bots, as the scheduler runs them
            # (reactions, passes and all); from the frontier on, the rollout's policies
            table.bots = [bots[p] if p == me else self._model() for p in range(n)]
        # the root: the decision the real table asks for, with what of it this determinization
        # allows (the same list in a sound game; a parametric offer may ask for cards that
        # this deal puts elsewhere)
        legal = set(state.legal_actions(me))
        available = [a for a in candidates if a in legal or _valid(state, me, a)]
        if not available:
            return
        action, node, expanded = self._select(root, me, available, rng, self._planned)
        path = [root, node]
        player = me
        steps = 0
        values: list[float] | None = None
        while True:
            state.apply(player, action)
            table.applied(player)
            if expanded:
                table.bots = bots  # the rollout: every seat by the policy
            steps += expanded  # the rollout's actions: what ``depth`` counts
            if state.is_terminal():
                values = self._final(state)
                break
            if expanded and (
                (self._cut_at is not None and steps >= self._cut_at) or steps >= MAX_ROLLOUT
            ):
                break
            try:
                player, action = table.next(state)
            except StuckGame:
                break
            if not expanded:
                cands = self._turn_candidates(state, player, action, me)
                if len(cands) > 1:
                    action, node, expanded = self._select(node, player, cands, rng)
                    path.append(node)
        if values is None:
            values = self._cut(state, n)
        for visited in path:
            visited.visits += 1
            for p in range(n):
                visited.value[p] += values[p]

    def _turn_candidates(
        self, state: State, player: Player, action: Action, me: Player
    ) -> list[Action]:
        """The tree's choices when ``player`` acts now, or none when their policy decides."""
        if player == REFEREE or (self.opponents != "tree" and player != me):
            return []
        if player not in state.waiting_for():
            return []  # a reaction or an optional act: the policy's
        legal = self._moves(state.legal_actions(player))
        return legal if action in legal else [*legal, action]

    def _select(
        self,
        node: _Node,
        player: Player,
        available: list[Action],
        rng: Rng,
        favoured: Action | None = None,
    ) -> tuple[Action, _Node, bool]:
        """A new child for one of the ``available`` actions not tried here yet (one a
        iteration: the caller stops asking once one was added), else the best by UCT, where an
        action's availability count stands in for the parent's visits."""
        children = node.children
        fresh: list[Action] = []
        for a in available:
            child = children.get((player, a))
            if child is None:
                fresh.append(a)
            else:
                child.avail += 1
        if fresh:
            a = fresh[rng.below(len(fresh))]
            child = children[(player, a)] = _Node(len(node.value))
            return a, child, True
        best, pick = -math.inf, available[0]
        for a in available:  # ties go to the earlier action
            child = children[(player, a)]
            score = child.value[player] / child.visits + self.c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if a == favoured:
                score += self.prior / (child.visits + 1)
            if score > best:
                best, pick = score, a
        return pick, children[(player, pick)], False

    def _cut(self, state: State, n: int) -> list[float]:
        """A rollout stopped before the end: the game's evaluation, or a draw for all; with
        ``value=policy`` (and two or more seats) each seat's worth by the game's own bot on
        that seat's view, ahead of the best other seat's (a fresh bot: some keep memory)."""
        if state.is_terminal():
            return self._final(state)
        if self.value == "policy" and n > 1:
            worth = self._model().worth  # type: ignore[attr-defined]
            values = [worth(state.view(p)) for p in range(n)]
            return [
                math.tanh((v - max(values[:p] + values[p + 1 :])) / EVAL_SCALE)
                for p, v in enumerate(values)
            ]
        if self.evaluate is None:
            return [0.0] * n
        if self._evaluate_all is not None:
            return [math.tanh(v / EVAL_SCALE) for v in self._evaluate_all(state)]
        return [math.tanh(self.evaluate(state, p) / EVAL_SCALE) for p in range(n)]

    def _final(self, state: State) -> list[float]:
        """A finished game's value per seat, by the bot's ``goal``."""
        result = state.result()
        return win_values(result.ranks) if self.goal == "win" else list(result.returns)

    def _best(self, root: _Node, me: Player, candidates: list[Action]) -> Action:
        """The most visited root move; ties to the better mean, then the listed order."""
        best, key = candidates[0], (-1, -math.inf)
        for a in candidates:
            child = root.children.get((me, a))
            if child is None:
                continue
            k = (child.visits, child.value[me] / max(child.visits, 1))
            if k > key:
                best, key = a, k
        return best


def win_values(ranks: Sequence[int]) -> list[float]:
    """Each seat's share of the first place (``1/k`` each where ``k`` share it, else 0),
    scaled as ``returns`` is: zero-sum, a lone winner 1, the others ``-1/(n-1)``. One seat
    alone: its win, 1 or -1, as ``returns`` has it."""
    n = len(ranks)
    if n == 1:
        return [1.0 if ranks[0] == 1 else -1.0]
    best = min(ranks)
    k = sum(r == best for r in ranks)
    return [(n / k - 1) / (n - 1) if r == best else -1 / (n - 1) for r in ranks]


def _factory(game: Game, bots: dict[str, Callable[..., Bot]], name: str) -> Policy:
    """A maker of fresh ``name`` bots (each simulated table gets its own: bots keep memory)."""
    make = bots.get(name)
    if make is None:
        return RandomBot
    return lambda: make(game)


def _in_question(gains: dict[Action, list[float]], dropped: set[Action], bar: float) -> bool:
    """Whether a sweep's evidence leaves a candidate in question: one with ``SWEEP_KEEP`` deals
    or more, not dropped, gains on the policy's move on average without clearing ``bar``
    standard errors — and none clears it yet (then the move is decided)."""
    open_ = False
    for a, got in gains.items():
        if a in dropped or len(got) < SWEEP_KEEP:
            continue
        mean, se = mean_se(got)
        if mean > 0:
            if mean > bar * se:
                return False
            open_ = True
    return open_


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (infinite for fewer than two), the standard
    deviation taken as at least ``SWEEP_SPREAD``."""
    k = len(xs)
    mean = sum(xs) / k
    if k < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (k - 1)
    return mean, math.sqrt(max(var, SWEEP_SPREAD**2) / k)


def _bonferroni(z: float, m: int) -> float:
    """The bar for the best of ``m`` candidates at the one-sided level that ``z`` standard
    errors give one: that level divided among the ``m``."""
    normal = NormalDist()
    tail = 1 - normal.cdf(z)
    if m <= 1 or z <= 0 or tail <= 0:  # (past double precision z is bar enough)
        return z
    return normal.inv_cdf(1 - tail / m)


def _valid(state: State, player: Player, action: Action) -> bool:
    try:
        state.validate(player, action)
    except IllegalAction:
        return False
    return True


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)
