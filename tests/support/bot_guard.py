"""Bots under watch in the bot tests: a stand-in for the real state that fails any use of it,
decisions that carry it, and a wrapper that checks every action a bot returns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spieltisch.bots import Bot, Decision
from spieltisch.core import Action, Rng, State


class Guarded:
    """Stands in for the state: any use of it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot read the real state's {name!r}")


class ResampleOnly(Guarded):
    """A state that lets only ``resample`` through: the bot must not read the real state."""

    def __init__(self, state: State) -> None:
        self._real = state
        self.resampled = 0

    def resample(self, player: int, rng: Rng) -> State:
        self.resampled += 1
        return self._real.resample(player, rng)


def guarded_decision(state: State, player: int, rng: Rng, guard: Any = None) -> Decision:
    """``player``'s decision in ``state``, whose state is ``guard`` (default: a ``Guarded``)."""
    guard = Guarded() if guard is None else guard
    return Decision(player, state.view(player), state.legal_actions(player), rng, guard)


def guarded(decision: Decision) -> Decision:
    """The same decision, with its state guarded."""
    return Decision(decision.player, decision.view, decision.legal, decision.rng, Guarded())  # type: ignore[arg-type]


def listed(decision: Decision, action: Action | None) -> bool:
    return action in decision.legal


class Checked(Bot):
    """The inner bot; every action it returns must pass ``allowed`` (default: be listed among
    the legal ones). ``actions`` counts the actions it returned."""

    def __init__(
        self,
        inner: Bot,
        allowed: Callable[[Decision, Action | None], bool] = listed,
    ) -> None:
        self.inner = inner
        self.name = inner.name
        self.allowed = allowed
        self.actions = 0

    def _seen(self, decision: Decision) -> Decision:
        return decision

    def act(self, decision: Decision) -> Action | None:
        action = self.inner.act(self._seen(decision))
        assert self.allowed(decision, action), (action, decision.view.get("phase"))
        self.actions += action is not None
        return action


class ViewOnly(Checked):
    """``Checked``, and the inner bot sees (and times its reaction on) a guarded decision."""

    def _seen(self, decision: Decision) -> Decision:
        return guarded(decision)

    def reaction_time(self, decision: Decision) -> float:
        return self.inner.reaction_time(guarded(decision))
