"""One mancala move as a pure function on plain lists: the hot path, kept apart from the
State class so simulators and a compiled kernel can call it directly.

The ring: player 0 owns pits 0..n-1, player 1 owns n..2n-1; ``ccw`` is +1, ``cw`` is -1; the
pit opposite ``i`` is ``2n-1-i``. Stores are outside the ring unless ``stores_sown`` (Kalah),
in which case each player's store sits after their last pit going ccw, and a mover skips the
opponent's store.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

CCW, CW = 1, -1
DIRECTIONS = {"ccw": CCW, "cw": CW}
DIRECTION_NAMES = {CCW: "ccw", CW: "cw"}
STORE = -1  # position code for the mover's own store in a sowing cycle

# how a move ended
END_OPPONENT_EMPTY = "opponent-empty"  # last bean in an empty pit of the opponent
END_CAPTURE = "capture"  # last bean in an empty own pit: captures (possibly of nothing)
END_OWN_EMPTY = "own-empty"  # same, but no capture allowed (Kalah with empty opposite, ...)
END_STORE = "store"  # last bean in the own store (stores sown)
END_FILLED = "filled"  # last bean in a filled pit and relay sowing is off
END_GUARD = "loop-guard"  # the relay chain came back to a board, pit and direction it had


@dataclass(frozen=True, slots=True)
class SowingRules:
    """The options that shape a single move (see ``MancalaGame.OPTIONS`` for each one's doc)."""

    relay: bool = True
    skip_start: bool = False
    capture: str = "giuthi"  # "giuthi" | "kalah" | "none"
    chain: str = "two"  # "two" | "one" | "all"
    capture_after_lap: bool = False
    stores_sown: bool = False
    extra_turn: bool = False


@dataclass(slots=True)
class MoveOutcome:
    laps: list[tuple[int, int, int, int]]  # (origin pit, direction, beans, landing position)
    captures: list[tuple[int, int]]  # (emptied pit, beans it held)
    end: str
    again: bool  # the mover moves again (last bean in the own store, with extra_turn)


@cache
def sowing_cycle(n: int, player: int, direction: int, stores_sown: bool) -> tuple[int, ...]:
    """Every position a bean can fall into, in sowing order, once around (``STORE`` = own)."""
    order: list[int] = []
    for i in range(2 * n):
        order.append(i)
        if stores_sown and i == player * n + n - 1:
            order.append(STORE)
    if direction == CW:
        order.reverse()
    return tuple(order)


@dataclass(frozen=True, slots=True)
class LapPlan:
    """Where a lap from one pit in one direction drops its beans, worked out once.

    ``order`` is one whole lap in sowing order, starting after the origin: it ends with the
    origin itself unless ``skip_start``, and holds ``STORE`` where the own store is sown.
    """

    order: tuple[int, ...]
    pits: tuple[int, ...]  # ``order`` without ``STORE``
    store_at: int  # index of ``STORE`` in ``order``; ``len(order)`` when stores are not sown
    first_opponent: int  # index of the first opponent pit in ``order``; ``len(order)`` if none


@cache
def lap_plans(
    n: int, player: int, stores_sown: bool, skip_start: bool
) -> dict[int, tuple[LapPlan, ...]]:
    """Every lap ``player`` can sow on a board of ``n`` pits a side, as ``[direction][origin]``."""
    opp_lo = (1 - player) * n
    plans: dict[int, tuple[LapPlan, ...]] = {}
    for direction in (CCW, CW):
        cycle = sowing_cycle(n, player, direction, stores_sown)
        row = []
        for origin in range(2 * n):
            k = cycle.index(origin) + 1
            order = cycle[k:] + cycle[:k]
            if skip_start:
                order = order[:-1]
            opponent = [j for j, pos in enumerate(order) if opp_lo <= pos < opp_lo + n]
            row.append(
                LapPlan(
                    order=order,
                    pits=tuple(pos for pos in order if pos != STORE),
                    store_at=order.index(STORE) if STORE in order else len(order),
                    first_opponent=opponent[0] if opponent else len(order),
                )
            )
        plans[direction] = tuple(row)
    return plans


def _sow_lap(
    pits: list[int], stores: list[int], player: int, origin: int, plan: LapPlan
) -> tuple[int, bool]:
    """Take up ``origin`` and sow it along ``plan``; returns the landing position and whether
    a bean fell into the opponent's row."""
    beans = pits[origin]
    if not beans:
        return origin, False
    pits[origin] = 0
    size = len(plan.order)
    full, rest = divmod(beans, size)  # whole laps first, then the remainder
    if full:
        for pos in plan.pits:
            pits[pos] += full
        if plan.store_at < size:
            stores[player] += full
    if rest:
        in_store = plan.store_at < rest  # one bean of the remainder goes to the store
        if in_store:
            stores[player] += 1
        for pos in plan.pits[: rest - in_store]:
            pits[pos] += 1
    # where the last bean fell: a remainder of 0 ends a whole lap, at order[-1]
    return plan.order[rest - 1], plan.first_opponent < (size if full else rest)


def play_move(
    pits: list[int], stores: list[int], player: int, pit: int, direction: int, r: SowingRules
) -> MoveOutcome:
    """Carry out one move in place. The caller has checked that it is legal."""
    n = len(pits) >> 1
    lo, hi = player * n, player * n + n
    plans = lap_plans(n, player, r.stores_sown, r.skip_start)
    laps: list[tuple[int, int, int, int]] = []
    captures: list[tuple[int, int]] = []
    reached_opponent = False
    # (*pits, origin, direction) of every lap so far: the move's own start counts, since a
    # chain that comes back to it has "a board, pit and direction it already had" (only
    # relay sowing has chains: without it the set is never asked)
    seen: set[tuple[int, ...]] = {(*pits, pit, direction)} if r.relay else set()
    origin, d = pit, direction
    while True:
        beans = pits[origin]
        landing, reached = _sow_lap(pits, stores, player, origin, plans[d][origin])
        laps.append((origin, d, beans, landing))
        reached_opponent = reached_opponent or reached
        if landing == STORE:
            return MoveOutcome(laps, captures, END_STORE, r.extra_turn)
        if pits[landing] > 1:
            if not r.relay:
                return MoveOutcome(laps, captures, END_FILLED, False)
            # relay: take the pit up and sow on in the opposite direction
            d = -d
            key = (*pits, landing, d)
            if key in seen:
                return MoveOutcome(laps, captures, END_GUARD, False)
            seen.add(key)
            origin = landing
            continue
        if not lo <= landing < hi:
            return MoveOutcome(laps, captures, END_OPPONENT_EMPTY, False)
        return _capture(pits, stores, player, landing, d, r, reached_opponent, laps, captures)


def _capture(
    pits: list[int],
    stores: list[int],
    player: int,
    landing: int,
    d: int,
    r: SowingRules,
    reached_opponent: bool,
    laps: list[tuple[int, int, int, int]],
    captures: list[tuple[int, int]],
) -> MoveOutcome:
    """The last bean fell into an empty pit of the mover's own row."""
    size = len(pits)
    n = size >> 1
    lo, hi = player * n, player * n + n
    if r.capture == "none" or (r.capture_after_lap and not reached_opponent):
        return MoveOutcome(laps, captures, END_OWN_EMPTY, False)
    if r.capture == "kalah":
        opposite = size - 1 - landing
        if pits[opposite] == 0:
            return MoveOutcome(laps, captures, END_OWN_EMPTY, False)
        captures.append((opposite, pits[opposite]))
        captures.append((landing, 1))
        stores[player] += pits[opposite] + 1
        pits[opposite] = pits[landing] = 0
        return MoveOutcome(laps, captures, END_CAPTURE, False)
    # Giuthi: the opposite pit, then the following own pits in the last lap's direction
    _take(pits, stores, player, size - 1 - landing, captures)
    reach = 2 if r.chain == "two" else 1 if r.chain == "one" else n
    j = landing
    for _ in range(reach):
        j += d
        if not lo <= j < hi:
            break  # the row ends; the chain never wraps into the opponent's row
        if pits[j] == 0:
            _take(pits, stores, player, size - 1 - j, captures)
        elif r.chain == "all":
            break  # "every following empty pit": the run of empty pits stops here
    return MoveOutcome(laps, captures, END_CAPTURE, False)


def _take(
    pits: list[int], stores: list[int], player: int, pit: int, captures: list[tuple[int, int]]
) -> None:
    captures.append((pit, pits[pit]))
    stores[player] += pits[pit]
    pits[pit] = 0
