"""The compiled fast path of mancala and Kalah: whole random games and matches in numba.

The Python rules (``rules.py`` and ``sowing.py``) stay the one source of truth. This module
takes their tables at build time, not a second copy of them: the laps of ``sowing.lap_plans``
for every board size, the shrink table through ``rules.board_size``, the directions in the
order ``legal_actions`` lists them, and each option as an integer parameter. The control flow
below mirrors ``play_move``, ``_capture``, ``_after_move``, ``_end_round``, ``_place`` and
``_copy_arrangement`` step by step (and ``_watch``, the rules against endless rounds, by a
record of positions: see below), and ``tests/games/mancala/test_kernel_differential.py``
plays many thousands of random games on both and compares every position.

A game's random choices come from the same SplitMix64 stream as ``core.Rng``, drawn in the
same order as a random player of the API draws them: ``Rng(seed)`` first decides the first
mover (where it is drawn by lot, as ``new_state`` does), then every action is
``legal[rng.below(len(legal))]``; an arrangement is drawn pit by pit among the legal
``place`` choices. So ``playouts([seed])`` is the very game that loop plays through the API.

The whole position of a game is one flat ``int64`` array (the ``S_*`` slots below), so a
trajectory is a 2-D array of such rows, and no Python object is touched in the loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from llvmlite import ir
from numba import carray, njit, types
from numba.core.extending import intrinsic
from numba.np.arrayobj import make_array

from .rules import PHASES, board_size
from .sowing import (
    DIRECTIONS,
    END_CAPTURE,
    END_FILLED,
    END_GUARD,
    END_OPPONENT_EMPTY,
    END_OWN_EMPTY,
    END_STORE,
    STORE,
    lap_plans,
)

if TYPE_CHECKING:
    from .rules import MancalaGame, MancalaState

# -- the flat position: one int64 row per game ----------------------------------------------

MAX_PITS = 12  # pits per side: the upper bound of the ``pits`` option
S_STORES = 2 * MAX_PITS  # two slots: the players' stores
S_N = 26  # pits per side of the current board
S_TO_MOVE = 27
S_FIRST = 28  # first_mover of the round
S_ARRANGER = 29  # -1: nobody arranges
S_ROUND = 30
S_ROUNDS = 31
S_PHASE = 32  # index into rules.PHASES: play, arrange, over
S_RESULT = 33  # -1: not over; 0 or 1: the winner; 2: a draw
S_ACTIONS = 34  # actions taken so far (moves and places, as the API counts them)
S_HISTORY = 35  # rounds finished (len(state.history))
S_LAST = 36  # two slots: the beans of the last finished round
WIDTH = 38
LAP_STRIDE = 2 * MAX_PITS + 1  # room for the longest lap: every pit and the store
LAP_FIELDS = 4  # per lap: its length, its first opponent index, it passes no store, and
# ceil(2**32 / length): beans // length is (beans * that) >> 32 for beans * length < 2**32, with
# no division and no branch (the error of the rounded reciprocal, beans * (that * length -
# 2**32) / 2**32 / length, stays below the 1 / length the fraction leaves free)
RECIP_SHIFT = 32
LAND_SPAN = 4 * MAX_PITS + 1  # the landings of a lap without a store, for 0..2 rings of beans
# where they start in the flat order table: after the laps' orders (see _ring_lap)
LAND_AT = (MAX_PITS + 1) * 2 * 2 * 2 * MAX_PITS * LAP_STRIDE
SHORT_RING = 16  # rings of up to 8 pits a side: a lap's pass over two vectors of 8
QUIET_LAPS = 16  # laps of a relay chain before it is watched for the loop guard (_move)
WORK_ROWS = 3  # scratch rows of _play: for _move and _movable
MAX_ACTIONS = 1 << 28  # a safety cap: no match of the rules comes near it (every round ends)

PLAY, ARRANGE, OVER = (PHASES.index(p) for p in ("play", "arrange", "over"))
DRAW = 2

# how a move ended: numbers for the END_* of sowing.py
ENDS = (END_OPPONENT_EMPTY, END_CAPTURE, END_OWN_EMPTY, END_STORE, END_FILLED, END_GUARD)
E_OPPONENT_EMPTY, E_CAPTURE, E_OWN_EMPTY, E_STORE, E_FILLED, E_GUARD = range(len(ENDS))

# -- the options as integer parameters ------------------------------------------------------

(
    P_START_PITS,
    P_SEEDS,
    P_MIN_PICK,
    P_NDIR,
    P_DIR0,
    P_DIR1,
    P_RELAY,
    P_CAPTURE,
    P_CHAIN,
    P_CAPTURE_AFTER_LAP,
    P_EXTRA_TURN,
    P_ROUND_END_BOTH,
    P_NEXT_STARTER,
    P_ELIMINATION,
    P_TIE_REPLAY,
    P_FIRST_LOT,
    P_FIRST_FIXED,
    P_ROUNDS,
    P_STORES_SOWN,
    P_SKIP_START,
    P_WATCH_CIRCLING,
    P_CIRCLING_TIED,
    P_WATCH_REPETITION,
    P_REPETITION,
) = range(24)
N_PARAMS = 24

CAPTURES = ("giuthi", "kalah", "none")
CAPTURE_GIUTHI, CAPTURE_KALAH, CAPTURE_NONE = range(3)
CHAINS = ("two", "one", "all")
CHAIN_TWO, CHAIN_ONE, CHAIN_ALL = range(3)
NEXT_STARTERS = ("winner", "loser", "alternate")

KNOWN_OPTIONS = frozenset(
    {
        "preset",
        "pits",
        "seeds",
        "rounds",
        "first_mover",
        "next_starter",
        "elimination",
        "tie",
        "directions",
        "min_pick",
        "relay",
        "skip_start",
        "capture",
        "chain",
        "capture_after_lap",
        "round_end",
        "stores_sown",
        "extra_turn",
        "circling",
        "repetition",
    }
)
"""Every option this kernel carries out. A rules option it does not know refuses the build:
it would otherwise play a different game without saying so."""


@njit(cache=True, inline="always")
def _at(i: int) -> Any:
    """An index known not to be negative, as numba's unsigned index: a signed one is wrapped
    round from the end when negative (a shift, an and and an add before every load or store
    it addresses, on the serial chain of a move's laps)."""
    return np.uint64(i)


# -- SplitMix64, the generator of core.Rng -------------------------------------------------

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_U0 = np.uint64(0)
_REST = np.array([0] + [2**64 % n for n in range(1, 1024)], dtype=np.uint64)
# (2**64 - 1) // n: x // n is _mulhi(x, that) or one more, so x % n takes a multiplication, a
# subtraction and a compare instead of a 64-bit division (which sits between the position's
# count of legal actions and the move it picks)
_RECIP = np.array([0] + [(2**64 - 1) // n for n in range(1, 1024)], dtype=np.uint64)


@intrinsic
def _mulhi(typingctx: Any, a: Any, b: Any) -> Any:
    """The high 64 bits of the 128-bit product of two uint64s: one multiplication on x86-64
    (numba has no 128-bit integers, so the product is written in LLVM's own terms)."""

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        return builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))

    return types.uint64(types.uint64, types.uint64), codegen


@njit(cache=True, inline="always")
def _next64(rng: Any) -> Any:
    """``Rng.next64``; ``rng`` is a one-element uint64 array, the generator's state."""
    z = rng[0] + _GAMMA
    rng[0] = z
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _below(rng: Any, n: int) -> int:
    """``Rng.below``: uniform in [0, n) by rejection, drawing exactly as the Python one.

    The test of the rejection is one comparison, ``x + rest >= x`` (no wrap round: ``x <
    2**64 - rest``, or ``rest`` is 0). Written as ``rest == 0 or x < 2**64 - rest`` it was
    a branch on whether ``n`` divides 2**64, that is on whether the count of legal actions
    is 2, 4, 8 or 16: a coin toss in a random game, and a mispredicted branch between the
    position's count of legal actions and the move it picks (in the profile, 11 % of the
    samples of ``_play`` lay at the start of the next move, where it was resolved; gone
    since). Round 2 of session 22 (CPU time of interleaved runs, the machine shared; before
    -> after, best of five): 54.4 -> 52.9, 54.1 -> 54.0, 54.5 -> 53.4, 56.0 -> 55.0, 55.4 ->
    53.7, 55.5 -> 54.7, 53.6 -> 52.2, 55.4 -> 53.1, 54.2 -> 53.7 ns an action, and in the
    last run of six rounds 55.2 -> 54.3, 55.7 -> 53.3, 54.5 -> 52.8, 54.0 -> 52.9, 54.6 ->
    53.4, 53.8 -> 52.2 (1.7-4.2 %); Kalah 37.1 -> 35.1, 36.9 -> 35.1. Measured no faster
    with it: the count of legal actions doubled by an add instead of multiplied by
    ``P_NDIR`` (52.9-57.0 against 52.9-54.0)."""
    un = np.uint64(n)
    # 2**64 mod n and the reciprocal from tables for every count of legal actions a game has
    # (a 64-bit division costs as much as the rest of a Kalah move's bookkeeping)
    if n < _REST.shape[0]:
        rest = _REST[_at(n)]
        recip = _RECIP[_at(n)]
    else:  # more legal actions than any game of the options has
        rest = (_U0 - un) % un
        recip = (_U0 - np.uint64(1)) // un
    while True:
        x = _next64(rng)
        if x + rest >= x:  # x < 2**64 - rest, or rest is 0: one comparison, no branch on n
            r = x - _mulhi(x, recip) * un  # x % n, or x % n + n
            return np.int64(r - un if r >= un else r)


# -- borrowed views: arrays the hot loop may pass around without reference counting ------


@intrinsic
def _data_pointer(typingctx: Any, arr: Any) -> Any:
    """The address of ``arr``'s first element, as a typed pointer."""

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        return make_array(sig.args[0])(context, builder, args[0]).data

    return types.CPointer(arr.dtype)(arr), codegen


@njit(cache=True, inline="always")
def _borrowed(arr: Any) -> Any:
    """``arr`` seen through a view that owns nothing (no meminfo).

    Why: numba counts references of every array handed to an inlined helper, and in a loop
    with as many branches as a game's its pruning leaves most of the counts in place: in the
    Kalah kernel about twenty atomic increments and decrements of the tables per action
    (``inspect_asm``: ``lock incq`` / ``lock decq`` around every move). A view without a
    meminfo makes each of them a test of a null pointer. The caller keeps ``arr`` alive for
    as long as the view is used: an argument of the caller, or an array of its own passed to
    ``_keep_alive`` after the view's last use (the views never leave that function)."""
    return carray(_data_pointer(arr), arr.shape)


@njit(cache=True)
def _keep_alive(*owners: Any) -> None:
    """Nothing: a last use of the arrays behind ``_borrowed`` views. numba frees an array
    right after the last use of its variable, which a view does not count as one; calling
    this where the views are done keeps their memory from being freed (and handed to the
    next allocation) while they are still read."""


# -- one move: sowing.play_move -------------------------------------------------------------


@njit(cache=True, inline="always")
def _sow_lap(s: Any, player: int, origin: int, d: int, order: Any, laps: Any) -> tuple:
    """``sowing._sow_lap`` on the row ``s``: (landing position, a bean reached the
    opponent's row). The lap's ``LapPlan.order`` (its ``STORE`` as the slot of the mover's
    store in the row, ``S_STORES + player``; the landing is ``STORE`` again) starts at
    ``order[lap * LAP_STRIDE]``; ``laps[LAP_FIELDS * lap:]`` holds its length, its first
    opponent index, whether it passes no store and its reciprocal (``_lap`` numbers the
    laps; flat arrays, so that no array view is made in the hot loop). The laps of a move
    without stores sown take ``_ring_lap`` instead (see ``_move``); this one serves Kalah,
    the loop guard's replay and single moves."""
    beans = s[origin]
    if beans == 0:
        return origin, False
    lap = _lap(s[S_N], player, d, origin)
    size = laps[LAP_FIELDS * lap]
    full, rest = 0, beans
    if beans >= size:  # whole laps: a multiplication only where there are any
        full = (beans * laps[LAP_FIELDS * lap + 3]) >> RECIP_SHIFT
        rest = beans - full * size
    at = lap * LAP_STRIDE
    if laps[LAP_FIELDS * lap + 2]:
        _sow_ring(s, origin, d, 2 * s[S_N], np.int64(size < 2 * s[S_N]), full, rest)
    else:
        s[origin] = 0
        # the table names the mover's store by its slot in the row: no branch per bean
        if full:
            for j in range(at, at + size):
                s[_at(order[_at(j)])] += full
        for j in range(at, at + rest):
            s[_at(order[_at(j)])] += 1
    landing = order[_at(at + rest - 1)] if rest else order[_at(at + size - 1)]
    if landing == S_STORES + player:
        landing = STORE
    return landing, laps[LAP_FIELDS * lap + 1] < (size if full else rest)


@njit(cache=True, inline="always")
def _sow_ring(s: Any, origin: int, d: int, ring: int, skip: int, full: int, rest: int) -> None:
    """A lap without a store, on the row ``s``: the ring itself from the origin on (less the
    origin under skip_start). The origin is emptied, every other pit of the ring gets the
    ``full`` whole laps and the pits 1..``rest`` steps from the origin in the direction
    ``d`` one more bean each; the origin gets its whole laps back unless ``skip``.

    One pass of a fixed length over 16 slots (rings of up to 8 pits a side) or all
    ``2 * MAX_PITS`` (those past the ring keep their 0), adding 0 or 1 where a loop over the
    beans would end at a random count. The origin is emptied in the same pass rather than by
    a store to the one pit before it (a wider load right after a narrower store to the same
    place is not forwarded on x86; by itself this measured no faster, but it keeps the lap
    free of that hazard).

    The pass is written as LLVM vector code (``_ring_pass``), not left to the loop
    vectorizer: that one takes four lanes at a time (the CPU's preference for 256-bit
    vectors), and every other shape of the loop made it scalar or slower. Shapes measured
    slower in session 21 (the sheet's matches, ~70 ns an action here): 12 slots for the
    boards of 6 pits or fewer, 123 ns (16 lanes do not fit into 12, so all of it ran as
    scalar code); the pass in explicit chunks of four, 128-140 ns; one 16-slot pass for every
    ring (the 24-slot case dropped), 119 ns; the lap's masks read from tables built from
    ``lap_plans`` instead of worked out, 90-94 ns. In session 22 (~65 ns an action before,
    ~56 after; CPU time of interleaved runs, the machine shared): the product ``full * (1 -
    here * skip)`` was a 64-bit vector multiplication (15 cycles on the lap's chain), now a
    choice (with the landing of ``_ring_lap``: 64 -> 58 ns); this vector code, 56.5-56.8 ns
    against 58.4-58.7 for the same loop through the vectorizer; the pits that get one more
    bean as a bit mask (a range rotated round the ring) instead of compared steps, 93 ns
    through the vectorizer (it went scalar) and 60 against 57 as vector code (the mask's
    shifts and its move into a mask register lengthen the chain from the rest); the steps to
    every slot read from a table instead of worked out, no change (56-58 both)."""
    kept = full & (skip - 1)  # the origin's whole laps: none under skip_start
    if ring <= SHORT_RING:  # the sheet's boards: two thirds of the work
        _ring_pass16(s, origin, d >> 63, ring, full, kept, rest)
    else:
        _ring_pass24(s, origin, d >> 63, ring, full, kept, rest)


def _a_row(arr: Any) -> bool:
    """Whether ``arr`` is typed as a row the vector code below may read as one block: int64,
    one dimension, contiguous (every row of the kernel is ``WIDTH`` long, at least 32 slots:
    the vector code reads 16, 24 or 32 of them)."""
    return (
        isinstance(arr, types.Array)
        and arr.ndim == 1
        and arr.layout == "C"
        and arr.dtype == types.int64
    )


def _splat(builder: Any, x: Any, width: int) -> Any:
    """A vector of ``width`` lanes, each ``x`` (an int64): LLVM's broadcast idiom."""
    vec = ir.VectorType(ir.IntType(64), width)
    undef = ir.Constant(vec, ir.Undefined)
    one = builder.insert_element(undef, x, ir.Constant(ir.IntType(32), 0))
    lanes = ir.Constant(ir.VectorType(ir.IntType(32), width), [0] * width)
    return builder.shuffle_vector(one, undef, lanes)


def _ring_pass(width: int) -> Any:
    """The pass of ``_sow_ring`` over the first ``width`` slots of a row, as LLVM vector
    code: ``width`` lanes of 64 bits, which the backend lays out as two (or three) 512-bit
    registers, a mask register per comparison and no branch."""

    @intrinsic
    def ring_pass(
        typingctx: Any,
        row: Any,
        origin: Any,
        flip: Any,
        ring: Any,
        full: Any,
        kept: Any,
        rest: Any,
    ) -> Any:
        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            i64 = ir.IntType(64)
            vec = ir.VectorType(i64, width)
            data = make_array(sig.args[0])(context, builder, args[0]).data
            ptr = builder.bitcast(data, vec.as_pointer())
            origin, flip, ring, full, kept, rest = (_splat(builder, a, width) for a in args[1:])
            slot = ir.Constant(vec, list(range(width)))
            zero = ir.Constant(vec, None)
            # steps from the origin, 1..ring (the origin is ring), counted in the direction
            # d by an xor and a subtraction (flip: -1 for d = -1, 0 for d = 1)
            steps = builder.sub(builder.xor(builder.sub(slot, origin), flip), flip)
            behind = builder.icmp_signed("<=", steps, zero)  # the origin, and those before it
            steps = builder.add(steps, builder.select(behind, ring, zero))
            in_ring = builder.icmp_signed("<", slot, ring)
            here = builder.icmp_signed("==", slot, origin)
            one_more = builder.and_(builder.icmp_signed("<=", steps, rest), in_ring)
            slots = builder.load(ptr, align=8)
            slots = builder.add(slots, builder.select(in_ring, full, zero))
            slots = builder.select(here, kept, slots)
            slots = builder.add(slots, builder.zext(one_more, vec))
            builder.store(slots, ptr, align=8)
            return context.get_dummy_value()

        if not _a_row(row):
            return None
        sig = types.void(row, *[types.int64] * 6)
        return sig, codegen

    return ring_pass


_ring_pass16 = _ring_pass(SHORT_RING)
_ring_pass24 = _ring_pass(2 * MAX_PITS)


def _at_least(width: int) -> Any:
    """The slots of the first ``width`` of a row that hold ``least`` or more, as bits: one
    vector comparison where ``_has_move`` loops over a row's pits (see ``_after_move``)."""

    @intrinsic
    def at_least(typingctx: Any, row: Any, least: Any) -> Any:
        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            i64 = ir.IntType(64)
            vec = ir.VectorType(i64, width)
            data = make_array(sig.args[0])(context, builder, args[0]).data
            slots = builder.load(builder.bitcast(data, vec.as_pointer()), align=8)
            least = _splat(builder, args[1], width)
            bits = builder.bitcast(builder.icmp_signed(">=", slots, least), ir.IntType(width))
            return builder.zext(bits, i64)

        if not _a_row(row):
            return None
        return types.int64(row, types.int64), codegen

    return at_least


_at_least16 = _at_least(SHORT_RING)
_at_least24 = _at_least(2 * MAX_PITS)


@intrinsic
def _copy32(typingctx: Any, to: Any, row: Any) -> Any:
    """The first 32 slots of ``row`` into ``to`` as one vector: four loads and four stores
    where the compiler copied slot by slot (it cannot tell that the rows do not overlap),
    54 instructions at the start of every move; 55.6-56.0 ns an action against 56.3-57.2.

    Not faster (round 2 of session 22): no copy at the start of a move without stores
    sown, but each lap's origin and beans logged (a store a lap) and the chain's start
    rebuilt by undoing its first ``QUIET_LAPS`` laps where a replay needs it, 56.6-57.0 ns
    against 55.1-56.9 (with the rebuild a call in the lap loop, 65.7-66.6: the loop's
    registers spilled round it); even with no copy at all (wrong for the loop guard, as a
    bound) 55.0-56.1 against 55.1-57.0. The 11 % of the samples seen on the instruction
    after the copy were the mispredicted branch of ``_below``, not the copy."""

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        vec = ir.VectorType(ir.IntType(64), 32).as_pointer()
        to = make_array(sig.args[0])(context, builder, args[0]).data
        row = make_array(sig.args[1])(context, builder, args[1]).data
        slots = builder.load(builder.bitcast(row, vec), align=8)
        builder.store(slots, builder.bitcast(to, vec), align=8)
        return context.get_dummy_value()

    if not (_a_row(to) and _a_row(row)):
        return None
    return types.void(to, row), codegen


@njit(cache=True, inline="always")
def _ring_lap(
    s: Any, origin: int, d: int, beans: int, ring: int, skip: int, recip: int, order: Any
) -> tuple:
    """``_sow_lap`` of a lap without a store (stores not sown), with the beans of the
    origin known: (landing pit, the beans in it after the lap).

    Why a second form: in a relay chain each lap starts where the last one landed, so the
    time of a move is the chain of its laps' latencies. ``_sow_lap`` reads the lap's length
    from the table (a load that waits for the origin), the landing from the order (another)
    and the landing's beans from the row after the lap's stores (a store-to-load forward).
    Here the length is the ring's, the landing is read from a table by the beans (up to
    two whole laps; one lap in seventy has more and counts its steps), and its beans are its
    beans before the lap (read before the lap's stores, so not waiting for them) plus what
    the lap gives it: the next lap can start while this one is stored.

    The table (``LAND_AT`` on in ``order``, built by ``_tables``) is one load where working
    the landing out was a dozen instructions on the chain (the steps, both ways round the
    ring, a choice by the direction): 56.4-57.0 ns an action against 57.4-58.4. Measured
    no faster (session 22): the landing worked out from the beans without the steps first
    (two instructions fewer on the chain, but more in all). Before the table, the landing
    was ``ring * (below - above)`` added, a multiplication on the chain; choices instead,
    with the pass's multiplication gone (``_sow_ring``), 64 -> 58 ns an action. The test
    ``landing != origin`` (compiled as a branch) as a subtraction of the beans instead,
    no change (52.5-53.0 against 52.2-53.7, round 2)."""
    size = ring - skip
    # one whole lap without a branch: the sheet's laps have one in seven, a coin toss the
    # predictor lost at each (measured 1.03x on the sheet's matches); two or more, one lap
    # in seventy, by the reciprocal
    full = np.int64(beans >= size)
    rest = beans - (size & -full)
    # the landing of up to two whole laps from the table: one load instead of the steps
    # and both ways round the ring worked out (a dozen instructions a lap)
    at = LAND_AT + ((ring + np.int64(d < 0)) * 2 * MAX_PITS + origin) * LAND_SPAN
    if rest >= size:
        full = (beans * recip) >> RECIP_SHIFT
        rest = beans - full * size
        steps = rest + size * np.int64(rest == 0)  # a rest of 0: the last pit of a whole lap
        beans_at = at + steps
    else:
        beans_at = at + beans
    landing = order[_at(beans_at)]
    # its beans before the lap (the origin's are taken up), the whole laps (the origin is
    # the landing only after whole laps without skip_start, and gets them back) and the
    # last bean of the rest, if any
    after = s[_at(landing)] * np.int64(landing != origin) + full + np.int64(rest > 0)
    _sow_ring(s, origin, d, ring, skip, full, rest)
    return landing, after


@njit(cache=True, inline="always")
def _lap(n: int, player: int, d: int, origin: int) -> int:
    """The number of the lap table row of ``lap_plans(n, player, ...)[d][origin]``."""
    return ((n * 2 + player) * 2 + (0 if d == 1 else 1)) * 2 * MAX_PITS + origin


@njit(cache=True, inline="always")
def _same_key(
    work: Any, row: int, a_origin: int, a_d: int, b: Any, b_origin: int, b_d: int, n2: int
) -> bool:
    """Whether the saved key (board ``work[row]``, ``a_origin``, ``a_d``) is ``b``'s."""
    if a_origin != b_origin or a_d != b_d:
        return False
    for i in range(n2):  # noqa: SIM110 (numba compiles loops, not generator expressions)
        if work[row, i] != b[i]:
            return False
    return True


@njit(cache=True)
def _loop_guard(
    s: Any, player: int, origin0: int, d0: int, cycle: int, order: Any, laps: Any, work: Any
) -> None:
    """The relay chain has come back to a key (board, pit, direction) it had, ``cycle`` laps
    apart: put ``s`` where ``play_move`` stops, at the FIRST repeated key.

    The keys of a chain follow one another deterministically (the stores never steer a lap),
    so the first repeat is at index mu + cycle, mu being where the cycle begins. Replay the
    chain from its start (``work[0]``) twice, ``cycle`` laps apart, until the two meet."""
    n2 = 2 * s[S_N]
    hare = work[1]
    tortoise = work[2]
    hare[:] = work[0]
    tortoise[:] = work[0]
    h_origin, h_d = origin0, d0
    for _ in range(cycle):
        h_origin, _r = _sow_lap(hare, player, h_origin, h_d, order, laps)
        h_d = -h_d
    t_origin, t_d = origin0, d0
    while not (t_origin == h_origin and t_d == h_d and (tortoise[:n2] == hare[:n2]).all()):
        t_origin, _r = _sow_lap(tortoise, player, t_origin, t_d, order, laps)
        t_d = -t_d
        h_origin, _r = _sow_lap(hare, player, h_origin, h_d, order, laps)
        h_d = -h_d
    for i in range(S_N + 1):  # the pits and stores: the rest of the row is unchanged
        s[i] = hare[i]


@njit(cache=True, inline="always")
def _move(
    s: Any, player: int, pit: int, d0: int, p: Any, order: Any, laps: Any, work: Any
) -> tuple:
    """``sowing.play_move`` in place on the row ``s``: (how it ended, the mover goes again).

    The loop guard of relay sowing ("a board, pit and direction it already had") is found
    with Brent's cycle detection instead of a set of every key: one saved key compared per
    lap, and an exact replay (``_loop_guard``) in the rare case of a cycle. ``work`` holds
    three scratch rows: the chain's start, the saved key, and a replay's second copy.

    The watch begins only after ``QUIET_LAPS`` laps of a chain. Why that is exact: the
    next key of a chain follows from its key alone, so a chain that repeats a key goes
    round its cycle for ever, and a chain that ends never repeated one. A cycle is caught
    late, then, never missed, and the replay from the chain's start still stops at its
    first repeat (a ``lam`` of a whole number of cycles meets there the same board, pit and
    direction). Why: most chains end within a few laps, and they no longer pay a key
    compared per lap and a row copied at laps 1, 2 and 4."""
    n = s[S_N]
    lo = player * n
    relay = p[P_RELAY] != 0
    if relay:  # the pits, the stores and n (what a replay needs): see _copy32
        _copy32(work[0], s)
    # Brent's saved key (its board in work[1]), first saved after QUIET_LAPS laps
    saved_origin, saved_d = pit, d0
    power, lam, chained = 1, 0, 0
    reached_opponent = False
    origin, d = pit, d0
    if p[P_STORES_SOWN] == 0 and s[pit] > 0:
        # laps without a store: _ring_lap, each lap's landing and its beans worked out
        # before the lap is stored (see there)
        ring = 2 * n
        skip = p[P_SKIP_START]
        recip = laps[LAP_FIELDS * _lap(n, player, d, origin) + 3]  # every lap's length
        after_lap = p[P_CAPTURE_AFTER_LAP] != 0
        beans = s[_at(pit)]
        while True:
            if after_lap:  # laps[...+1]: where the lap first reaches the opponent's row
                first = laps[LAP_FIELDS * _lap(n, player, d, origin) + 1]
                reached_opponent = reached_opponent or first < min(beans, ring - skip)
            landing, beans = _ring_lap(s, origin, d, beans, ring, skip, recip, order)
            if beans > 1:
                if not relay:
                    return E_FILLED, False
                d = -d
                origin = landing
                chained += 1
                if chained >= QUIET_LAPS:  # a long chain: watched for the loop guard
                    lam += 1
                    if chained > QUIET_LAPS and _same_key(
                        work, 1, saved_origin, saved_d, s, origin, d, ring
                    ):
                        _loop_guard(s, player, pit, d0, lam, order, laps, work)
                        return E_GUARD, False
                    if lam == power:  # Brent: the saved key moves on at powers of two
                        for i in range(2 * MAX_PITS):
                            work[1, i] = s[i]
                        saved_origin, saved_d = origin, d
                        power *= 2
                        lam = 0
                continue
            if not lo <= landing < lo + n:
                return E_OPPONENT_EMPTY, False
            return _capture(s, player, landing, d, p, reached_opponent), False
    while True:
        landing, reached = _sow_lap(s, player, origin, d, order, laps)
        reached_opponent = reached_opponent or reached
        if landing == STORE:
            return E_STORE, p[P_EXTRA_TURN] != 0
        if s[_at(landing)] > 1:
            if not relay:
                return E_FILLED, False
            # relay: take the pit up and sow on in the opposite direction
            d = -d
            origin = landing
            chained += 1
            if chained >= QUIET_LAPS:  # as above
                lam += 1
                if chained > QUIET_LAPS and _same_key(
                    work, 1, saved_origin, saved_d, s, origin, d, 2 * n
                ):
                    _loop_guard(s, player, pit, d0, lam, order, laps, work)
                    return E_GUARD, False
                if lam == power:
                    for i in range(2 * MAX_PITS):
                        work[1, i] = s[i]
                    saved_origin, saved_d = origin, d
                    power *= 2
                    lam = 0
            continue
        if not lo <= landing < lo + n:
            return E_OPPONENT_EMPTY, False
        return _capture(s, player, landing, d, p, reached_opponent), False


@njit(cache=True, inline="always")
def _take(s: Any, player: int, pit: int) -> None:
    s[S_STORES + player] += s[_at(pit)]
    s[_at(pit)] = 0


@njit(cache=True, inline="always")
def _capture(s: Any, player: int, landing: int, d: int, p: Any, reached_opponent: bool) -> int:
    """``sowing._capture``: the last bean fell into an empty pit of the mover's own row."""
    n = s[S_N]
    size = 2 * n
    lo = player * n
    capture = p[P_CAPTURE]
    if capture == CAPTURE_NONE or (p[P_CAPTURE_AFTER_LAP] != 0 and not reached_opponent):
        return E_OWN_EMPTY
    if capture == CAPTURE_KALAH:
        opposite = size - 1 - landing
        if s[opposite] == 0:
            return E_OWN_EMPTY
        s[S_STORES + player] += s[opposite] + 1
        s[opposite] = 0
        s[landing] = 0
        return E_CAPTURE
    # Giuthi: the opposite pit, then the following own pits in the last lap's direction
    _take(s, player, size - 1 - landing)
    chain = p[P_CHAIN]
    if chain != CHAIN_ALL:
        # each of the next one or two pits on its own, without a branch: whether the row
        # goes on and whether a pit is empty are coin tosses in a random game. Past the
        # row's end the landing is read instead: it holds the last bean, so nothing is taken
        store = S_STORES + player
        j = landing
        in_row = 1
        for _ in range(2 if chain == CHAIN_TWO else 1):
            j += d
            in_row &= np.int64(lo <= j) & np.int64(j < lo + n)
            at = j if in_row else landing
            opposite = size - 1 - at
            got = s[_at(opposite)] & -np.int64(s[_at(at)] == 0)
            s[_at(opposite)] -= got
            s[store] += got
        return E_CAPTURE
    # 'all': every following empty pit in a run, up to the row's end (never wrapping into
    # the opponent's row)
    j = landing + d
    while lo <= j < lo + n and s[_at(j)] == 0:
        _take(s, player, size - 1 - j)
        j += d
    return E_CAPTURE


# -- the flow of a match: rules.MancalaState -----------------------------------------------


@njit(cache=True, inline="always")
def _has_move(s: Any, player: int, min_pick: int) -> bool:
    """Whether ``player`` has a pit of ``min_pick`` beans or more (the solver's; the kernel
    reads both rows at once, ``_after_move``)."""
    n = s[S_N]
    movable = 0
    for i in range(player * n, player * n + n):
        # the whole row without an early exit: no branch on the beans of each pit, which a
        # random game makes unpredictable (sheet matches 5% faster, Kalah the same)
        movable |= np.int64(s[_at(i)] >= min_pick)
    return movable != 0


@njit(cache=True, inline="always")
def _start_round(s: Any, p: Any, round_no: int, first: int) -> None:
    """``start_round``. Its closing ``_after_move(None)`` changes nothing here: every pit
    holds ``seeds >= min_pick`` beans (``MancalaGame`` refuses other options), so both
    players can move and the first mover is on turn."""
    n = p[P_START_PITS]
    s[: 2 * MAX_PITS] = 0
    s[: 2 * n] = p[P_SEEDS]
    s[S_STORES] = 0
    s[S_STORES + 1] = 0
    s[S_N] = n
    s[S_ROUND] = round_no
    s[S_PHASE] = PLAY
    s[S_ARRANGER] = -1
    s[S_FIRST] = first
    s[S_TO_MOVE] = first


@njit(cache=True, inline="always")
def _end_match(s: Any, result: int) -> None:
    s[S_PHASE] = OVER
    s[S_RESULT] = result
    s[S_ARRANGER] = -1


@njit(cache=True, inline="always")
def _end_round(s: Any, p: Any, board: Any, counted: bool = False) -> None:
    """``_end_round``: bank the pits; a tie restarts, a decided round shrinks the board.
    ``counted``: a tie by circling or repetition, which counts even under tie=replay."""
    n = s[S_N]
    for player in range(2):
        for i in range(player * n, player * n + n):
            s[S_STORES + player] += s[i]
            s[i] = 0
    b0 = s[S_STORES]
    b1 = s[S_STORES + 1]
    s[S_HISTORY] += 1
    s[S_LAST] = b0
    s[S_LAST + 1] = b1
    if b0 == b1:
        last = s[S_ROUND] >= s[S_ROUNDS]
        counts = p[P_TIE_REPLAY] == 0 or counted
        if counts and last:
            _end_match(s, DRAW)
            return
        next_round = s[S_ROUND] + 1 if counts else s[S_ROUND]
        _start_round(s, p, next_round, 1 - s[S_FIRST])
        return
    loser = 0 if b0 < b1 else 1
    winner = 1 - loser
    if s[S_ROUND] >= s[S_ROUNDS]:
        _end_match(s, winner)
        return
    beans = s[S_STORES + loser]
    size = board[beans]
    if beans < size or (p[P_ELIMINATION] != 0 and beans <= size):
        _end_match(s, winner)
        return
    how = p[P_NEXT_STARTER]
    starter = winner if how == 0 else loser if how == 1 else 1 - s[S_FIRST]
    s[S_ROUND] += 1
    s[S_PHASE] = ARRANGE
    s[S_ARRANGER] = loser
    s[S_FIRST] = starter
    s[S_TO_MOVE] = starter
    s[S_N] = size


@njit(cache=True, inline="always")
def _after_move(s: Any, p: Any, board: Any, moved: int, again: bool) -> None:
    """``_after_move``: whose move next (``moved`` -1: nobody moved), or the round's end.

    Both rows' pits that may be taken up come from one vector comparison (``_at_least``);
    two ``_has_move`` loops of a row each, with their tails and branches on the count of
    pits, measured 60 ns an action against 58. Not faster (session 22): those bits taken
    from every lap's pass and kept up to date through the capture, 68 against 60 (a compare
    and a move out of the mask registers on every lap); read after the chain's last lap,
    before the capture's stores (a vector load across them is not forwarded), 57.1-57.5
    against 56.8-58.5; the capture's branch on whose row the last bean fell into replaced
    by masks, no change. Slower (round 2): the Giuthi capture's pits emptied by one vector
    select and store instead of scalar stores, so that this load takes its data from a
    store of its own width, 56.3-58.1 against 53.3-54.1."""
    n = s[S_N]
    if n <= SHORT_RING // 2:
        movable = _at_least16(s, p[P_MIN_PICK])
    else:
        movable = _at_least24(s, p[P_MIN_PICK])
    row = (np.int64(1) << n) - 1
    can0 = (movable & row) != 0
    can1 = (movable >> n) & row != 0
    if (not can0 and not can1) or (p[P_ROUND_END_BOTH] == 0 and not (can0 and can1)):
        _end_round(s, p, board)
        return
    if moved >= 0:
        s[S_TO_MOVE] = moved if again else 1 - moved
    if not (can0 if s[S_TO_MOVE] == 0 else can1):  # round_end=both: no move, a pass
        s[S_TO_MOVE] = 1 - s[S_TO_MOVE]


@njit(cache=True, inline="always")
def _placed(s: Any, player: int) -> int:
    n = s[S_N]
    k = 0
    for i in range(player * n, player * n + n):
        if s[_at(i)] > 0:
            k += 1
    return k


@njit(cache=True, inline="always")
def _place(s: Any, p: Any, board: Any, player: int, k: int) -> None:
    """``_place`` and, after the last pit, ``_copy_arrangement``."""
    n = s[S_N]
    lo = player * n
    pit = lo + _placed(s, player)
    s[pit] = k
    s[S_STORES + player] -= k
    if pit == lo + n - 2:  # the last pit takes the rest with no action
        s[pit + 1] = s[S_STORES + player]
        s[S_STORES + player] = 0
        other = 1 - player
        for i in range(lo, lo + n):
            s[2 * n - 1 - i] = s[i]
        for i in range(other * n, other * n + n):
            s[S_STORES + other] -= s[i]
        s[S_PHASE] = PLAY
        s[S_ARRANGER] = -1
        _after_move(s, p, board, -1, False)


@njit(cache=True, inline="always")
def _movable(s: Any, p: Any, work: Any) -> int:
    """The mover's pits that may be taken up (``min_pick`` beans or more: a single bean may not,
    on the sheet), into ``work[2]``; how many.

    Not faster (round 2 of session 22): the mover's pits as bits, counted by a popcount
    and the k-th taken from a table of the k-th bit set of every byte, the bits taken from
    ``_after_move``'s vector comparison, 54.1-54.9 ns an action against 53.0-54.5 (that
    comparison's failed store forward then lies on the way to the next move), or from a
    loop over the row, 56.0 against 54.1."""
    n = s[S_N]
    player = s[S_TO_MOVE]
    min_pick = p[P_MIN_PICK]
    m = 0
    for i in range(player * n, player * n + n):
        # written always, counted only if movable: no branch on the pit's beans, which a
        # random game makes unpredictable (the next pit overwrites an unmovable one)
        work[2, _at(m)] = i
        m += np.int64(s[_at(i)] >= min_pick)
    return m


# -- the rules against endless rounds: a record of positions ---------------------------------
#
# The repetition rule (``MancalaState._watch_repetition``) counts whole positions since the
# stores last changed, and the circling rule (``_watch_circling``) ends a run of forced moves
# at its first repeat. Both read one record: an open-addressing hash table of the positions
# of the present stretch (since the stores or the round last changed), each with how often it
# came up and the action count at which it last did. A position came up in the present
# forced run when it last did at or after the run's start; so the circling rule needs no
# record of its own and no replay. Where neither rule is watched (Kalah) nothing is recorded.
#
# A position is its pits packed ten bits a pit, six pits a word, into ``KEY_WORDS`` words,
# the mover in bit 60 of the first (the beans stay below 2 ** 10: ``_params`` checks), and the
# stores are the stretch's own. The table's arrays belong to the caller (``MancalaKernel``):
# ``tab`` its slots (generation, entry), ``ent`` its entries (the key's words, times, last),
# ``meta`` the record's state (``M_*``). A new stretch bumps the generation, so emptying the
# table costs nothing; a full table makes ``_play`` return ``FULL`` before it changes
# anything, and the caller plays that game again on a table four times as large.

KEY_WORDS = 4
PIT_BITS = 10
PITS_PER_WORD = 6
E_TIMES = KEY_WORDS  # the entry's slots after its key
E_LAST = KEY_WORDS + 1
ENTRY = KEY_WORDS + 2
M_GEN, M_SIZE, M_BANKED, M_ROUND, M_RUN, M_BITS = range(6)
META = 6
FULL = -3  # _play: the record's table is full
RUNAWAY = -4  # _play: MAX_ACTIONS passed
GO_ON, CIRCLED, REPEATED = range(3)
_HASH = np.array(
    [0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93],
    dtype=np.uint64,
)
_HASH_MIX = np.uint64(0xFF51AFD7ED558CCD)


def new_record(bits: int = 6) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An empty record whose table has ``2 ** bits`` slots (half of them may be filled)."""
    tab = np.full((1 << bits, 2), -1, np.int64)
    ent = np.zeros(((1 << bits) >> 1, ENTRY), np.int64)
    meta = np.zeros(META, np.int64)
    meta[M_ROUND] = -1  # no stretch yet: the first position begins one
    meta[M_RUN] = -1
    meta[M_BITS] = bits
    return tab, ent, meta


@njit(cache=True, inline="always")
def _word(s: Any, lo: int) -> int:
    """Six pits from ``lo`` on, packed. The slots past the board hold 0 (every board is
    laid out from slot 0, and a round's end empties the old one), so every key packs all
    ``2 * MAX_PITS`` slots: fixed indexes, no loop and no branch."""
    return (
        (s[lo] << 50)
        | (s[lo + 1] << 40)
        | (s[lo + 2] << 30)
        | (s[lo + 3] << 20)
        | (s[lo + 4] << 10)
        | s[lo + 5]
    )


@njit(cache=True, inline="always")
def _remember(
    tab: Any, ent: Any, meta: Any, s: Any, times: int, last: int, run: int, k: int
) -> int:
    """Count the position of row ``s`` in the record: ``GO_ON``, ``CIRCLED`` (it came up in
    the forced run that began at the action ``run``; -1: no run), ``REPEATED`` (its
    ``k``-th time) or ``FULL``. A new entry starts at ``times`` and ``last``, an old one
    counts one more and is seen at ``last``."""
    w0 = _word(s, 0) | (s[S_TO_MOVE] << 60)
    w1 = _word(s, PITS_PER_WORD)
    h = np.uint64(w0) * _HASH[0] + np.uint64(w1) * _HASH[1]
    w2 = w3 = 0
    if s[S_N] > PITS_PER_WORD:  # the sheet's boards fit two words
        w2 = _word(s, 2 * PITS_PER_WORD)
        w3 = _word(s, 3 * PITS_PER_WORD)
        h += np.uint64(w2) * _HASH[2] + np.uint64(w3) * _HASH[3]
    h ^= h >> np.uint64(32)
    mask = tab.shape[0] - 1
    i = np.int64((h * _HASH_MIX) >> np.uint64(64 - meta[M_BITS]))
    gen = meta[M_GEN]
    while True:
        if tab[i, 0] != gen:  # an empty slot (left by an older stretch): a new position
            size = meta[M_SIZE]
            if 2 * (size + 1) > tab.shape[0]:
                return FULL
            tab[i, 0] = gen
            tab[i, 1] = size
            ent[size, 0] = w0
            ent[size, 1] = w1
            ent[size, 2] = w2
            ent[size, 3] = w3
            ent[size, E_TIMES] = times
            ent[size, E_LAST] = last
            meta[M_SIZE] = size + 1
            return GO_ON
        e = tab[i, 1]
        if ent[e, 0] == w0 and ent[e, 1] == w1 and ent[e, 2] == w2 and ent[e, 3] == w3:
            if run >= 0 and ent[e, E_LAST] >= run:
                return CIRCLED
            times += ent[e, E_TIMES]
            if times >= k:
                return REPEATED
            ent[e, E_TIMES] = times
            ent[e, E_LAST] = last
            return GO_ON
        i = (i + 1) & mask


@njit(cache=True, inline="always")
def _watch(s: Any, p: Any, tab: Any, ent: Any, meta: Any, legal: int) -> int:
    """``MancalaState._watch`` on the position ``s`` the mover faces, with ``legal`` legal
    actions: the circling rule, then repetition (see ``_remember``).

    The test for a new stretch stays a branch, though a capture (a new stretch) follows about
    every other move: done without one (the record's state updated by masks on every
    action) it measured 55.7-59.0 ns an action against 53.7-55.0 (round 2 of session 22),
    as every action then writes and next reads the record's state."""
    banked = s[S_STORES] + s[S_STORES + 1]
    if meta[M_ROUND] != s[S_HISTORY] or meta[M_BANKED] != banked:
        # a new stretch: stores never shrink in a round, so no earlier position comes again
        if meta[M_ROUND] != s[S_HISTORY]:
            meta[M_RUN] = -1  # a new round: no run of forced moves goes on
        meta[M_GEN] += 1
        meta[M_SIZE] = 0
        meta[M_BANKED] = banked
        meta[M_ROUND] = s[S_HISTORY]
    now = s[S_ACTIONS]
    if p[P_WATCH_CIRCLING] == 0 or legal != 1:
        meta[M_RUN] = -1
    elif meta[M_RUN] < 0:
        meta[M_RUN] = now  # a forced position begins a run
    return _remember(tab, ent, meta, s, 1, now, meta[M_RUN], p[P_REPETITION])


@njit(cache=True, inline="always")
def _step(s: Any, p: Any, order: Any, laps: Any, board: Any, work: Any, k: int) -> None:
    """Take the ``k``-th of the actor's legal actions, in ``legal_actions`` order (moves:
    pit by pit of ``_movable``, each in the game's directions; places: 1, 2, ... beans)."""
    if s[S_PHASE] == PLAY:
        player = s[S_TO_MOVE]
        if p[P_NDIR] == 1:  # one or two directions: no division by a number not known here
            pit = work[2, _at(k)]
            d = p[P_DIR0]
        else:
            pit = work[2, _at(k >> 1)]
            d = p[P_DIR0] if k & 1 == 0 else p[P_DIR1]
        again = _move(s, player, pit, d, p, order, laps, work)[1]
        _after_move(s, p, board, player, again)
    else:
        _place(s, p, board, s[S_ARRANGER], k + 1)
    s[S_ACTIONS] += 1


@njit(cache=True)
def _play(
    s: Any,
    p: Any,
    order: Any,
    laps: Any,
    board: Any,
    work: Any,
    rng: Any,
    trace: Any,
    tab: Any,
    ent: Any,
    meta: Any,
) -> int:
    """Random actions until the match is over. With rows in ``trace``, every position from
    the first is written there, each followed by how many legal actions it had and which was
    taken: returns the rows written, -1 when ``trace`` is too short, -2 at a position nobody
    can act in, ``FULL`` when the record's table is (``tab``, ``ent``, ``meta``: see
    ``_remember``), ``RUNAWAY`` past ``MAX_ACTIONS``.

    Everything it calls is inlined into it, but it is not inlined into its three callers
    (``_playouts``, ``_trace``, ``_rollouts``): numba compiles an inlined body once per
    caller, and this one takes about a minute of CPU, so inlining it tripled the compile of a
    fresh checkout (212 s against 78 s). A call per game costs nothing measurable. Its arrays
    are borrowed again here because a non-inlined function's arguments carry their meminfo,
    and with it the reference counts ``_borrowed`` is there to remove."""
    s, p, order, laps, board = (
        _borrowed(s),
        _borrowed(p),
        _borrowed(order),
        _borrowed(laps),
        _borrowed(board),
    )
    work, rng, trace = _borrowed(work), _borrowed(rng), _borrowed(trace)
    tab, ent, meta = _borrowed(tab), _borrowed(ent), _borrowed(meta)
    recording = trace.shape[0] > 0
    rows = 0
    budget = MAX_ACTIONS
    watch = p[P_WATCH_REPETITION] != 0
    while True:
        if s[S_PHASE] == OVER:
            legal = 0
            k = -1
        else:
            if s[S_PHASE] == PLAY:
                legal = _movable(s, p, work) * p[P_NDIR]
                if watch:  # all but Kalah (MancalaGame.watch_repetition)
                    ended = _watch(s, p, tab, ent, meta, legal)
                    if ended != GO_ON:
                        if ended == FULL:
                            return FULL
                        if p[P_CIRCLING_TIED] != 0:  # a tied round: the beans shared evenly
                            half = 0
                            for i in range(S_STORES + 2):
                                half += s[i]
                                s[i] = 0
                            s[S_STORES] = half >> 1
                            s[S_STORES + 1] = half >> 1
                        _end_round(s, p, board, True)
                        continue
            else:  # arranging: 1 bean up to all but one for every later pit
                player = s[S_ARRANGER]
                legal = s[S_STORES + player] - (s[S_N] - _placed(s, player) - 1)
            if legal <= 0:
                return -2  # a position nobody can act in (only from a hand-made state)
            budget -= 1  # a local count, not s[S_ACTIONS]: no load after _step's store
            if budget < 0:
                return RUNAWAY
            k = _below(rng, legal)
        if recording:
            if rows == trace.shape[0]:
                return -1
            trace[rows, :WIDTH] = s
            trace[rows, WIDTH] = legal
            trace[rows, WIDTH + 1] = k
            rows += 1
        if k < 0:
            return rows
        _step(s, p, order, laps, board, work, k)


@njit(cache=True, inline="always")
def _new_match(s: Any, p: Any, rng: Any) -> None:
    """``MancalaGame.new_state`` with its first draw of ``Rng(seed)`` where it draws lots."""
    s[:] = 0
    s[S_ROUNDS] = p[P_ROUNDS]
    s[S_RESULT] = -1
    first = _below(rng, 2) if p[P_FIRST_LOT] != 0 else p[P_FIRST_FIXED]
    _start_round(s, p, 1, first)


@njit(cache=True)
def _playouts(
    seeds: Any, p: Any, order: Any, laps: Any, board: Any, tab: Any, ent: Any, meta: Any
) -> tuple:
    """The games of ``seeds`` in order, until one returns an error (``FULL``, ``RUNAWAY``):
    (actions, stores, results, games done, the error or 0).

    One game at a time: two played at once, an action of each in turn (each on its own
    record), so that the chains of one would overlap the other's, measured slower (session
    22: 69-88 ns an action against 58-60, and a first compile three times as long), likely
    as the two games' random branches share the predictor's history."""
    games = seeds.shape[0]
    actions = np.empty(games, np.int64)
    stores = np.empty((games, 2), np.int64)
    results = np.empty(games, np.int64)
    s_owner = np.zeros(WIDTH, np.int64)
    work_owner = np.zeros((WORK_ROWS, WIDTH), np.int64)
    rng_owner = np.zeros(1, np.uint64)
    no_trace_owner = np.zeros((0, WIDTH + 2), np.int64)
    s, work, rng, no_trace = (
        _borrowed(s_owner),
        _borrowed(work_owner),
        _borrowed(rng_owner),
        _borrowed(no_trace_owner),
    )
    p, order, laps, board = _borrowed(p), _borrowed(order), _borrowed(laps), _borrowed(board)
    tab, ent, meta = _borrowed(tab), _borrowed(ent), _borrowed(meta)
    for g in range(games):
        rng[0] = seeds[g]
        _new_match(s, p, rng)
        meta[M_ROUND] = -1  # a new match: its first position begins a stretch
        done = _play(s, p, order, laps, board, work, rng, no_trace, tab, ent, meta)
        if done < -2:
            _keep_alive(s_owner, work_owner, rng_owner, no_trace_owner)
            return actions, stores, results, g, done
        actions[g] = s[S_ACTIONS]
        stores[g, 0] = s[S_STORES]
        stores[g, 1] = s[S_STORES + 1]
        results[g] = s[S_RESULT]
    _keep_alive(s_owner, work_owner, rng_owner, no_trace_owner)
    return actions, stores, results, games, 0


@njit(cache=True)
def _trace(
    seed: Any, p: Any, order: Any, laps: Any, board: Any, trace: Any, tab: Any, ent: Any, meta: Any
) -> int:
    s = np.zeros(WIDTH, np.int64)
    work = np.zeros((WORK_ROWS, WIDTH), np.int64)
    rng = np.zeros(1, np.uint64)
    rng[0] = seed
    _new_match(s, p, rng)
    meta[M_ROUND] = -1
    return _play(s, p, order, laps, board, work, rng, trace, tab, ent, meta)


@njit(cache=True)
def _one_move(s: Any, player: int, pit: int, d: int, p: Any, order: Any, laps: Any) -> tuple:
    return _move(s, player, pit, d, p, order, laps, np.zeros((3, WIDTH), np.int64))


@njit(cache=True)
def _rollouts(
    start: Any,
    count: int,
    seed: Any,
    p: Any,
    order: Any,
    laps: Any,
    board: Any,
    tab: Any,
    ent: Any,
    meta: Any,
    known: Any,
    run: int,
) -> tuple:
    """Sums of the returns of ``count`` random playouts from ``start``, one generator, and 0
    or the error of ``_play`` that stopped them.

    ``known``: the rules' record of the positions before ``start`` in its stretch (rows of
    ``encode``, then times and last in the two slots past ``WIDTH``), loaded before each
    playout; ``run``: 0 where ``start`` stands in a run of forced moves whose earlier
    positions are those of ``known`` with last 0, else -1 (see ``MancalaKernel.rollout``)."""
    s_owner = np.zeros(WIDTH, np.int64)
    work_owner = np.zeros((WORK_ROWS, WIDTH), np.int64)
    rng_owner = np.zeros(1, np.uint64)
    no_trace_owner = np.zeros((0, WIDTH + 2), np.int64)
    s, work, rng, no_trace = (
        _borrowed(s_owner),
        _borrowed(work_owner),
        _borrowed(rng_owner),
        _borrowed(no_trace_owner),
    )
    p, order, laps, board = _borrowed(p), _borrowed(order), _borrowed(laps), _borrowed(board)
    rng[0] = seed
    sums = np.zeros(2, np.float64)
    for _ in range(count):
        s[:] = start
        # the stretch of start, as the rules have it so far
        meta[M_GEN] += 1
        meta[M_SIZE] = 0
        meta[M_BANKED] = start[S_STORES] + start[S_STORES + 1]
        meta[M_ROUND] = start[S_HISTORY]
        meta[M_RUN] = run
        for j in range(known.shape[0]):
            row = known[j]
            if _remember(tab, ent, meta, row, row[WIDTH], row[WIDTH + 1], -1, 1 << 62) == FULL:
                _keep_alive(s_owner, work_owner, rng_owner, no_trace_owner)
                return sums, FULL
        done = _play(s, p, order, laps, board, work, rng, no_trace, tab, ent, meta)
        if done < 0:
            _keep_alive(s_owner, work_owner, rng_owner, no_trace_owner)
            return sums, done
        result = s[S_RESULT]
        if result == 0 or result == 1:
            sums[result] += 1.0
            sums[1 - result] -= 1.0
    _keep_alive(s_owner, work_owner, rng_owner, no_trace_owner)
    return sums, 0


# -- the Python face -------------------------------------------------------------------------


def _tables(game: MancalaGame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``lap_plans`` of every board size as flat arrays (see ``_sow_lap`` and ``_lap``), and
    the shrink table ``board[loser's beans] = pits per side`` of ``board_size``."""
    r = game.sowing
    order = np.zeros((MAX_PITS + 1, 2, 2, 2 * MAX_PITS, LAP_STRIDE), np.int64)
    laps = np.zeros((MAX_PITS + 1, 2, 2, 2 * MAX_PITS, LAP_FIELDS), np.int64)
    for n in range(1, MAX_PITS + 1):
        for player in (0, 1):
            plans = lap_plans(n, player, r.stores_sown, r.skip_start)
            for di, d in enumerate((DIRECTIONS["ccw"], DIRECTIONS["cw"])):
                for origin, plan in enumerate(plans[d]):
                    row = [S_STORES + player if pos == STORE else pos for pos in plan.order]
                    order[n, player, di, origin, : len(row)] = row
                    size = len(plan.order)
                    laps[n, player, di, origin] = (
                        size,
                        plan.first_opponent,
                        plan.store_at == size,
                        -(-(2**RECIP_SHIFT) // size),
                    )
    # the landings of laps without a store (_ring_lap): [ring // 2, d < 0, origin, beans]
    land = np.zeros((MAX_PITS + 1, 2, 2 * MAX_PITS, LAND_SPAN), np.int64)
    for n in range(1, MAX_PITS + 1):
        ring = 2 * n
        size = ring - r.skip_start
        for di, d in enumerate((1, -1)):
            for origin in range(ring):
                for beans in range(1, min(2 * size, LAND_SPAN - 1) + 1):
                    land[n, di, origin, beans] = (origin + d * ((beans - 1) % size + 1)) % ring
    order = np.concatenate((order.ravel(), land.ravel()))
    start = game.options["pits"]
    board = np.array([board_size(b, start) for b in range(game.total_beans + 1)], np.int64)
    return order.ravel(), laps.ravel(), board


def _params(game: MancalaGame) -> np.ndarray:
    o = game.options
    p = np.zeros(N_PARAMS, np.int64)
    p[P_START_PITS] = o["pits"]
    p[P_SEEDS] = o["seeds"]
    p[P_MIN_PICK] = o["min_pick"]
    dirs = [DIRECTIONS[d] for d in game.directions]  # in the order legal_actions lists them
    p[P_NDIR] = len(dirs)
    p[P_DIR0] = dirs[0]
    p[P_DIR1] = dirs[-1]
    p[P_RELAY] = o["relay"]
    p[P_CAPTURE] = CAPTURES.index(o["capture"])
    p[P_CHAIN] = CHAINS.index(o["chain"])
    p[P_CAPTURE_AFTER_LAP] = o["capture_after_lap"]
    p[P_EXTRA_TURN] = o["extra_turn"]
    p[P_ROUND_END_BOTH] = o["round_end"] == "both"
    p[P_NEXT_STARTER] = NEXT_STARTERS.index(o["next_starter"])
    p[P_ELIMINATION] = o["elimination"]
    p[P_TIE_REPLAY] = o["tie"] == "replay"
    p[P_FIRST_LOT] = o["first_mover"] == "lot"
    p[P_FIRST_FIXED] = 0 if o["first_mover"] == "lot" else int(o["first_mover"])
    p[P_ROUNDS] = o["rounds"]
    p[P_STORES_SOWN] = o["stores_sown"]
    p[P_SKIP_START] = o["skip_start"]
    p[P_WATCH_CIRCLING] = game.watch_circling
    p[P_CIRCLING_TIED] = game.circling_tied
    p[P_WATCH_REPETITION] = game.watch_repetition
    p[P_REPETITION] = game.repetition
    # the record packs a pit into PIT_BITS bits (_remember): the options allow 576 beans
    assert game.total_beans < 1 << PIT_BITS, "a pit's beans outgrow the record's key"
    return p


def encode(state: MancalaState) -> np.ndarray:
    """A ``MancalaState`` as the kernel's flat row (also what the differential test compares)."""
    s = np.zeros(WIDTH, np.int64)
    pits = state.pits
    s[: len(pits)] = pits
    s[S_STORES : S_STORES + 2] = state.stores
    s[S_N] = len(pits) >> 1
    s[S_TO_MOVE] = state.to_move
    s[S_FIRST] = state.first_mover
    s[S_ARRANGER] = -1 if state.arranger is None else state.arranger
    s[S_ROUND] = state.round
    s[S_ROUNDS] = state.rounds
    s[S_PHASE] = PHASES.index(state.phase)
    s[S_RESULT] = (
        -1 if state.result_ is None else DRAW if state.result_ == "draw" else state.result_
    )
    s[S_HISTORY] = len(state.history)
    if state.history:
        s[S_LAST : S_LAST + 2] = state.history[-1]
    return s


class MancalaKernel:
    """Whole random games of one ``MancalaGame`` (its options fixed) in compiled code."""

    def __init__(self, game: MancalaGame) -> None:
        unknown = sorted(set(game.options) - KNOWN_OPTIONS)
        if unknown:
            raise NotImplementedError(
                f"the mancala kernel does not carry out the option(s) {', '.join(unknown)}; "
                "teach kernel.py the rule, or play through the API"
            )
        self.game = game
        self.params = _params(game)
        self.order, self.laps, self.board = _tables(game)
        self._record = new_record()

    def _grown(self, error: int) -> None:
        """After ``_play``'s ``error``: a record four times as large (``FULL``), or the
        safety cap's error (``RUNAWAY``), which the rules make unreachable."""
        if error == RUNAWAY:
            raise RuntimeError(
                f"a match passed {MAX_ACTIONS} actions, the kernel's safety cap: the "
                "repetition rule ends every round, so this is a defect, not a long game"
            )
        self._record = new_record(int(self._record[2][M_BITS]) + 2)

    def playouts(self, seeds: np.ndarray) -> dict[str, np.ndarray]:
        """One whole random game (a match) per seed, each the game a random player of the API
        plays with ``new_state(seed=seed)`` and its choices drawn from ``Rng(seed)``:
        ``actions`` per game, ``scores`` (games x 2, ``Result.scores``), ``ranks``
        (games x 2, ``Result.ranks``)."""
        seeds = np.ascontiguousarray(seeds, dtype=np.int64).view(np.uint64)
        games = len(seeds)
        parts = []
        while True:  # a game that fills the record is played again on a larger one
            actions, stores, results, done, error = _playouts(
                seeds, self.params, self.order, self.laps, self.board, *self._record
            )
            parts.append((actions[:done], stores[:done], results[:done]))
            if not error:
                break
            self._grown(error)
            seeds = seeds[done:]
        actions, stores, results = (np.concatenate(x) for x in zip(*parts, strict=True))
        ranks = np.ones((games, 2), np.int64)
        ranks[results == 0, 1] = 2
        ranks[results == 1, 0] = 2
        return {"actions": actions, "scores": stores.astype(np.float64), "ranks": ranks}

    def rollout(self, state: MancalaState, count: int, seed: int) -> np.ndarray:
        """Mean ``Result.returns`` per seat of ``count`` random playouts from ``state``."""
        if state.game.options != self.game.options:
            raise ValueError("the state belongs to a game with other options than this kernel")
        if count < 1:
            raise ValueError("a rollout needs at least one playout")
        start = encode(state)
        known, run = self._known(state)
        while True:
            sums, error = _rollouts(
                start,
                count,
                np.uint64(seed & (2**64 - 1)),
                self.params,
                self.order,
                self.laps,
                self.board,
                *self._record,
                known,
                run,
            )
            if error in (FULL, RUNAWAY):
                self._grown(error)
                continue
            break
        if error == -2:
            raise ValueError("nobody can act in this position, and it is not over")
        return sums / count

    @staticmethod
    def _known(state: MancalaState) -> tuple[np.ndarray, int]:
        """The rules' record of the stretch before ``state`` (``seen`` and ``forced``) as
        ``_rollouts`` loads it: each position (``encode``'s row) with its times and last. The
        kernel counts ``state``'s own position as it faces it, so one of its times is left
        out here; positions of the present forced run get last 0 (the run's start), others
        -1. The run is 0 where the run holds positions before ``state``, else -1."""
        seen = state.seen or {}
        here = (*state.pits, *state.stores, state.to_move)
        in_run = set(state.forced or ()) - {here}
        n2 = len(state.pits)
        base = encode(state)
        rows = []
        for key, times in seen.items():
            times -= key == here
            if times <= 0:
                continue
            row = np.zeros(WIDTH + 2, np.int64)
            row[:WIDTH] = base
            row[:n2] = key[:n2]
            row[S_TO_MOVE] = key[-1]
            row[WIDTH] = times
            row[WIDTH + 1] = 0 if key in in_run else -1
            rows.append(row)
        known = np.array(rows, np.int64).reshape(len(rows), WIDTH + 2)
        return known, 0 if in_run else -1

    def play_move(
        self, pits: list[int], stores: list[int], player: int, pit: int, direction: int
    ) -> tuple[list[int], list[int], str, bool]:
        """One move on the kernel, as ``sowing.play_move`` makes it (for tests): the pits and
        stores after it, how it ended (``sowing.END_*``) and whether the mover goes again.

        The arguments are checked here, since the compiled move does not check them: its
        indexes are unsigned (``_at``), so a pit off the board would read and write memory
        past the row instead of failing."""
        size = len(pits)
        if size % 2 or not 4 <= size <= 2 * MAX_PITS:
            raise ValueError(f"pits holds two equal rows of 2 to {MAX_PITS} pits, not {size}")
        if len(stores) != 2:
            raise ValueError(f"stores holds two counts, not {len(stores)}")
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"player is 0 or 1, not {player!r}")
        if direction not in (1, -1) or isinstance(direction, bool):
            raise ValueError(f"direction is 1 (ccw) or -1 (cw), not {direction!r}")
        n = size >> 1
        if not isinstance(pit, int) or isinstance(pit, bool) or not 0 <= pit < size:
            raise ValueError(f"pit is a ring index from 0 to {size - 1}, not {pit!r}")
        if not player * n <= pit < player * n + n:
            lo, hi = player * n, player * n + n - 1
            raise ValueError(f"pit {pit} is not player {player}'s: theirs are {lo} to {hi}")
        if any(b < 0 for b in (*pits, *stores)):
            raise ValueError("bean counts are not negative")
        s = np.zeros(WIDTH, np.int64)
        s[: len(pits)] = pits
        s[S_STORES : S_STORES + 2] = stores
        s[S_N] = len(pits) >> 1
        end, again = _one_move(s, player, pit, direction, self.params, self.order, self.laps)
        return (
            s[: len(pits)].tolist(),
            s[S_STORES : S_STORES + 2].tolist(),
            ENDS[end],
            bool(again),
        )

    def trace(self, seed: int) -> np.ndarray:
        """The random game of ``seed`` position by position: one row per position (``encode``
        of the state before each action, and the last), then the number of legal actions and
        the index of the one taken (-1 at the end)."""
        rows = 256
        while True:
            out = np.zeros((rows, WIDTH + 2), np.int64)
            done = _trace(
                np.uint64(seed & (2**64 - 1)),
                self.params,
                self.order,
                self.laps,
                self.board,
                out,
                *self._record,
            )
            if done >= 0:
                return out[:done]
            if done == -2:
                raise ValueError("the game reached a position nobody can act in")
            if done == -1:
                rows *= 4
            else:
                self._grown(done)
