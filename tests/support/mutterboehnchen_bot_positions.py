"""Hand-made Mutterböhnchen positions as the bots see them, for the bots' mutation tests:
the bot, its decision context and the state in one call, the simulation's card ids, and one
decision through the guard that proves the bot reads only its view.

Most positions put every card not named under the discard pile (``rest="discard"``): the viewer
has seen it, so the beans still unseen are exactly the stock's top cards (ten Green by
default), and a field's worth is its coins now.
"""

from __future__ import annotations

from typing import Any

from bot_guard import guarded_decision
from mutterboehnchen_positions import act, load

from spieltisch.core import Action, Rng
from spieltisch.games.mutterboehnchen.bots import MutterTraderBot, _MutCtx

__all__ = ["GREENS", "act", "decide", "ids", "load", "stock", "table", "under_attack"]

# every other card is seen: 10 Green in the stock are all that is unseen
GREENS = ["green"] * 10


def stock(n: int) -> list[str]:
    """``n`` plain males for the stock, five varieties in turn."""
    return [("blue", "chili", "stink", "green", "soy")[i % 5] for i in range(n)]


def table(
    players: int = 4,
    viewer: int = 0,
    cls: type = MutterTraderBot,
    bot: dict[str, Any] | None = None,
    **kw: Any,
):
    """The bot, its decision context for ``viewer`` and the state of a hand-made position
    (every card not named lies under the discard pile unless ``rest`` says so)."""
    kw.setdefault("rest", "discard")
    kw.setdefault("stock_top", GREENS)
    state = load(players, **kw)
    b = cls(state.game, **(bot or {}))
    return b, _MutCtx(b, state.view(viewer)), state


def ids(b: Any, *names: str) -> list[int]:
    """The simulation's card ids (one card id of each kind) of ``names``."""
    return [b.rep[n] for n in names]


def decide(state: Any, player: int, cls: type = MutterTraderBot, **bot: Any) -> Action | None:
    """What a fresh bot of ``cls`` does as ``player`` in ``state`` (through the view guard)."""
    return cls(state.game, **bot).act(guarded_decision(state, player, Rng(5)))


def under_attack(
    attacker: list[str],
    fields: list[list[str]],
    talers: Any,
    hand: str,
    stock_top: list[str] = GREENS,
) -> Any:
    """Player 0 (of 4) attacks player 1 from his field 0 (``attacker``, bottom card first, a Baby
    on top); player 1 holds ``fields``, the Bohnentaler ``talers`` and one ``hand`` card: the
    state waiting for player 1's defence."""
    s = load(
        4,
        phase="plant",
        planted=1,
        hands=[["soy"], [hand], [], []],
        fields=[[attacker, []], fields, [[], []], [[], []]],
        coins=[0, talers, 0, 0],
        rest="discard",
        stock_top=stock_top,
    )
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    assert s.phase == "defend"
    return s
