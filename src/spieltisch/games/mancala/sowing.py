"""One mancala move as a pure function on plain lists: the hot path, kept apart from the
State class so simulators and a compiled kernel can call it directly.

The ring: player 0 owns pits 0..n-1, player 1 owns n..2n-1; ``ccw`` is +1, ``cw`` is -1; the
pit opposite ``i`` is ``2n-1-i``. Stores are outside the ring unless ``stores_sown`` (Kalah),
in which case each player's store sits after their last pit going ccw, and a mover skips the
opponent's store.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

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


@lru_cache(maxsize=None)
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


@lru_cache(maxsize=None)
def _cycle_index(n: int, player: int, direction: int, stores_sown: bool) -> dict[int, int]:
    return {pos: k for k, pos in enumerate(sowing_cycle(n, player, direction, stores_sown))}


def _sow_lap(
    pits: list[int], stores: list[int], player: int, origin: int, direction: int, r: SowingRules
) -> tuple[int, bool]:
    """Take up ``origin`` and sow it; returns the landing position and whether a bean fell
    into the opponent's row."""
    n = len(pits) >> 1
    beans = pits[origin]
    pits[origin] = 0
    opp_lo = (1 - player) * n
    if not r.stores_sown and not r.skip_start:
        # the common case in closed form: whole laps first, then the remainder
        size = n << 1
        full, rest = divmod(beans, size)
        if full:
            for i in range(size):
                pits[i] += full
        pos = origin
        for _ in range(rest):
            pos += direction
            if pos == size:
                pos = 0
            elif pos < 0:
                pos = size - 1
            pits[pos] += 1
        reached = full > 0 or (
            rest > 0 and _touches(origin, direction, rest, size, opp_lo, opp_lo + n)
        )
        return pos, reached
    cycle = sowing_cycle(n, player, direction, r.stores_sown)
    k = _cycle_index(n, player, direction, r.stores_sown)[origin]
    size = len(cycle)
    reached = False
    pos = origin
    while beans:
        k += 1
        if k == size:
            k = 0
        pos = cycle[k]
        if r.skip_start and pos == origin:
            continue
        if pos == STORE:
            stores[player] += 1
        else:
            pits[pos] += 1
            if opp_lo <= pos < opp_lo + n:
                reached = True
        beans -= 1
    return pos, reached


def _touches(origin: int, direction: int, steps: int, size: int, lo: int, hi: int) -> bool:
    """Whether ``steps`` pits after ``origin`` (not counting it) meet the range [lo, hi)."""
    pos = origin
    for _ in range(steps):
        pos = (pos + direction) % size
        if lo <= pos < hi:
            return True
    return False


def play_move(
    pits: list[int], stores: list[int], player: int, pit: int, direction: int, r: SowingRules
) -> MoveOutcome:
    """Carry out one move in place. The caller has checked that it is legal."""
    n = len(pits) >> 1
    lo, hi = player * n, player * n + n
    laps: list[tuple[int, int, int, int]] = []
    captures: list[tuple[int, int]] = []
    reached_opponent = False
    seen: set[tuple[tuple[int, ...], int, int]] = set()
    origin, d = pit, direction
    while True:
        beans = pits[origin]
        landing, reached = _sow_lap(pits, stores, player, origin, d, r)
        laps.append((origin, d, beans, landing))
        reached_opponent = reached_opponent or reached
        if landing == STORE:
            return MoveOutcome(laps, captures, END_STORE, r.extra_turn)
        if pits[landing] > 1:
            if not r.relay:
                return MoveOutcome(laps, captures, END_FILLED, False)
            # relay: take the pit up and sow on in the opposite direction
            d = -d
            key = (tuple(pits), landing, d)
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
    reach = {"two": 2, "one": 1, "all": n}[r.chain]
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


def movable(pits: list[int], player: int, min_pick: int) -> list[int]:
    """The mover's pits that may be taken up (a single bean may not, on the sheet)."""
    n = len(pits) >> 1
    return [i for i in range(player * n, player * n + n) if pits[i] >= min_pick]


def has_move(pits: list[int], player: int, min_pick: int) -> bool:
    n = len(pits) >> 1
    return any(pits[i] >= min_pick for i in range(player * n, player * n + n))
