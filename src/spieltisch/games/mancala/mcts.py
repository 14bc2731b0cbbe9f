"""Monte Carlo tree search for mancala and Kalah: plain UCT, since the game hides nothing.

The tree is built on the game's own states (``clone``, ``legal_actions``, ``apply``), so the
whole match is searched as it is played: rounds, the arranging phase, extra turns and passes.
Each iteration walks down by UCT (``c``, on the scale of ``Result.returns``, -1 to 1), adds one
child, plays the rest of the match at random, and adds the returns of that playout to every node
on the way, each node counting the returns of the player who chose it. The move is the root's
most visited action.

Rollouts. ``rollout=kernel`` plays them in the compiled kernel (``MancalaGame.kernel()``,
``kernel.py``: whole random matches in numba, a few microseconds each); ``rollout=python`` plays
them through the rules' API; ``auto`` (the default) takes the kernel where it can be built
(numba installed, the rules' options known to it) and Python otherwise.

Budgets: ``iters`` iterations, or ``time`` seconds (the host's clock), whichever ends first when
both are given; with neither, one second. Every random draw (the order in which a node's children
are tried, the rollouts' seeds and choices) comes from ``decision.rng``, so for a given seed and
iteration budget the bot always plays the same move.
"""

from __future__ import annotations

import itertools
import math
import time as _time
from typing import Any

from ...bots.base import Bot, Decision
from ...core import Action, Game, OptionError, Rng, State

ROLLOUTS = ("auto", "kernel", "python")


class Node:
    """A position in the tree: its state (kept, so that a walk down applies no actions), who
    moves there, the actions not yet tried, and the children."""

    __slots__ = ("children", "mover", "state", "untried", "visits", "wins")

    def __init__(self, state: State, rng: Rng) -> None:
        self.state = state
        self.visits = 0
        self.wins = 0.0  # the returns of the player who chose this node, summed
        self.children: list[tuple[Action, Node]] = []
        if state.is_terminal():
            self.mover = -1
            self.untried: list[Action] = []
            return
        (self.mover,) = state.actors()
        self.untried = list(state.legal_actions(self.mover))
        rng.shuffle(self.untried)  # tried in random order, popped from the end


class MctsBot(Bot):
    """UCT with random rollouts over the whole match."""

    name = "mcts"
    searches = True

    def __init__(
        self,
        game: Game,
        iters: int | None = None,
        time: float | None = None,
        c: float = 1.4,
        rollout: str = "auto",
    ) -> None:
        if iters is not None and (isinstance(iters, bool) or not isinstance(iters, int)):
            raise OptionError(f"mcts: iters is a whole number of at least 1, not {iters!r}")
        if iters is not None and iters < 1:
            raise OptionError(f"mcts: iters is a whole number of at least 1, not {iters!r}")
        if time is not None and (
            isinstance(time, bool) or not isinstance(time, int | float) or not time > 0
        ):
            raise OptionError(f"mcts: time is a positive number of seconds, not {time!r}")
        if isinstance(c, bool) or not isinstance(c, int | float) or c < 0:
            raise OptionError(f"mcts: c is a number of at least 0, not {c!r}")
        if rollout not in ROLLOUTS:
            raise OptionError(f"mcts: rollout is one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        self.iters = iters
        self.time = float(time) if time is not None else (None if iters is not None else 1.0)
        self.c = float(c)
        self.kernel = self._kernel(game, rollout)
        self.rollout_kind = "kernel" if self.kernel is not None else "python"
        self.iterations = 0  # of the last act, for tests and benchmarks

    @staticmethod
    def _kernel(game: Game, rollout: str) -> Any:
        if rollout == "python":
            return None
        try:
            kernel = game.kernel()
            if kernel is None:
                raise NotImplementedError("this game has no kernel")
            # compile (or load numba's cache) now, not within the first move's budget
            kernel.rollout(game.new_state(2), 1, 0)
            return kernel
        except (ImportError, NotImplementedError) as err:
            if rollout == "kernel":
                raise OptionError(f"mcts: no compiled kernel for this game: {err}") from None
            return None

    def act(self, decision: Decision) -> Action | None:
        legal = decision.legal
        if not legal:
            return None
        if len(legal) == 1:
            self.iterations = 0
            return legal[0]
        rng = decision.rng.fork()
        root_state = decision.resample(rng)
        root = Node(root_state, rng)
        deadline = None if self.time is None else _time.perf_counter() + self.time
        done = 0
        while (self.iters is None or done < self.iters) and (
            deadline is None or _time.perf_counter() < deadline
        ):
            self._iterate(root, rng)
            done += 1
        self.iterations = done
        best = max(root.children, key=lambda ac: (ac[1].visits, ac[1].wins))[0]
        # the tree's actions are the state's own; hand back the equal one of decision.legal
        return legal[legal.index(best)]

    def _iterate(self, root: Node, rng: Rng) -> None:
        path = [root]
        node = root
        # selection: down through fully expanded nodes by UCT
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            c = self.c
            best_score, best = -math.inf, node.children[0]
            for edge in node.children:
                child = edge[1]
                score = child.wins / child.visits + c * math.sqrt(log_n / child.visits)
                if score > best_score:
                    best_score, best = score, edge
            node = best[1]
            path.append(node)
        # expansion: one new child
        if node.untried:
            action = node.untried.pop()
            state = node.state.clone()
            state.apply(node.mover, action)
            child = Node(state, rng)
            node.children.append((action, child))
            path.append(child)
            node = child
        returns = self._rollout(node.state, rng)
        # back-propagation: each node counts the returns of the player who chose it
        for parent, child in itertools.pairwise(path):
            child.visits += 1
            child.wins += returns[parent.mover]
        root.visits += 1

    def _rollout(self, state: State, rng: Rng) -> Any:
        """The returns of one random playout from ``state`` (left as it is)."""
        if state.is_terminal():
            return state.result().returns
        if self.kernel is not None:
            return self.kernel.rollout(state, 1, rng.next64())
        state = state.clone()
        while not state.is_terminal():
            (mover,) = state.actors()
            legal = state.legal_actions(mover)
            state.apply(mover, legal[rng.below(len(legal))])
        return state.result().returns


__all__ = ["ROLLOUTS", "MctsBot", "Node"]
