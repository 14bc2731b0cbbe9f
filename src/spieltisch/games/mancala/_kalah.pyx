# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Kalah's play phase compiled: the position on flat C ints and the four calls a playout
makes (``is_terminal``, ``actors``, ``legal_actions``, ``apply``), plus ``clone``.

Why: a Python state, however lean, costs about 5 µs an action through the public API, four
times OpenSpiel's C++ state driven from the same Python loop, and most of that is the
interpreter's own cost of a call and an attribute, not the rules. Kalah's position is a
handful of ints (DESIGN.md: a compiled path where a state is small and flat), so here the
common move is carried out in C and the calls cost what a C method call costs.

What is here is only the common case; everything else is the Python rules' (``rules.py``):
the end of a round (a match's end by a move is played again here once the rules have made
it: its events and result depend only on the round and the beans), any action that is not
one ``legal_actions`` handed out (a dict from a client, a refused action with its reason),
arranging, views, JSON, results. For those the state becomes a
``MancalaState`` (``kalah.KalahState._python``), the Python rules act, and the state takes
the outcome back (``_adopt``). The move here and the event it returns are checked against
the Python rules position by position and event by event over many thousands of random
games (``tests/games/mancala/test_kalah_compiled.py``); the event's data is the rules' own
``_move_data``, built once per kind of move and shared (events are never changed).

The ring as in ``sowing.py``: player 0 owns pits 0..n-1, player 1 n..2n-1, sowing ccw (+1);
a player's store comes after their last pit, the opponent's store is skipped. Kalah's
options (``MancalaGame.compiled_play``): one direction, a pit with one bean may be taken up,
no relay, the Kalah capture, stores sown, the round ends when either row is empty.
"""

from cpython.dict cimport PyDict_GetItem
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.object cimport PyObject
from cpython.ref cimport Py_DECREF, Py_INCREF
from libc.stdlib cimport calloc, free

# how a move ended, as the event maker (kalah.move_event) names them (sowing.END_*)
cdef enum:
    END_STORE = 0
    END_FILLED = 1
    END_OPPONENT_EMPTY = 2
    END_OWN_EMPTY = 3
    END_CAPTURE = 4
    ENDS = 5
    RING = 24  # the most pits a board has (MancalaGame's option pits, at most 12 a side)

# the seats as the cached small ints: a seat handed in is taken on the fast path only where
# it is one of these (anything else, even an equal int, goes the Python rules' way)
cdef object SEAT0 = 0
cdef object SEAT1 = 1


cdef class EventMemo:
    """A game's move events by their key (``KalahCore.apply``): a table in C, open
    addressing. Why not a dict: a move's key is a big int, and a dict lookup by one (the int
    made, hashed, compared) cost a third of a compiled move. Events are only ever added."""

    cdef unsigned long long* keys  # key + 1; 0: an empty slot
    cdef PyObject** values  # one reference each, held
    cdef int bits
    cdef Py_ssize_t used

    def __cinit__(self):
        self._alloc(10)

    cdef _alloc(self, int bits):
        self.bits = bits
        self.keys = <unsigned long long*>calloc(1 << bits, sizeof(unsigned long long))
        self.values = <PyObject**>calloc(1 << bits, sizeof(PyObject*))
        if self.keys is NULL or self.values is NULL:
            raise MemoryError()

    def __dealloc__(self):
        cdef Py_ssize_t i
        if self.values is not NULL:
            for i in range(1 << self.bits):
                if self.values[i] is not NULL:
                    Py_DECREF(<object>self.values[i])
        free(self.keys)
        free(self.values)

    def __len__(self):
        return self.used

    def __reduce__(self):
        """Copied and pickled empty (with its game): a memo, filled again on use."""
        return EventMemo, ()

    cdef inline Py_ssize_t _slot(self, unsigned long long key):
        """Where ``key`` is, or the empty slot where it would go (Fibonacci hashing)."""
        cdef Py_ssize_t mask = (1 << self.bits) - 1
        cdef Py_ssize_t i = <Py_ssize_t>((key * 11400714819323198485ULL) >> (64 - self.bits))
        while self.keys[i] != 0 and self.keys[i] != key:
            i = (i + 1) & mask
        return i

    cdef inline PyObject* get(self, long long key):
        return self.values[self._slot(<unsigned long long>key + 1)]

    cdef put(self, long long key, object value):
        cdef unsigned long long* keys = self.keys
        cdef PyObject** values = self.values
        cdef Py_ssize_t i, size = 1 << self.bits
        if 2 * (self.used + 1) > size:  # at most half full: short probes
            self._alloc(self.bits + 1)
            for i in range(size):
                if keys[i] != 0:
                    j = self._slot(keys[i])
                    self.keys[j], self.values[j] = keys[i], values[i]
            free(keys)
            free(values)
        i = self._slot(<unsigned long long>key + 1)
        Py_INCREF(value)
        self.keys[i], self.values[i] = <unsigned long long>key + 1, <PyObject*>value
        self.used += 1


cdef class KalahCore:
    """The compiled part of ``kalah.KalahState`` (its base class). While ``slow`` is None
    the position is the C fields below: the play phase, or the match's end that a compiled
    move reached (``over``); otherwise ``slow`` is the ``MancalaState`` that holds it and
    every call goes there."""

    cdef int ring[RING]  # the pits, by ring index
    cdef int banked[2]  # the stores
    cdef int side  # pits a side
    cdef int mover  # to_move
    cdef int total  # beans in the game (for the event memo's key)
    cdef bint extra_turn
    # the match ended by a compiled move: ``result`` (MancalaState.result_) and what each
    # row held, put into the stores (MancalaState.swept)
    cdef bint over
    cdef int swept_beans[2]
    cdef object result
    cdef readonly object game
    cdef readonly object slow
    # what a move leaves as it is: (first_mover, round, rounds, history, swept), never
    # changed in place (the Python side copies the lists where it would change them)
    cdef readonly object meta
    cdef readonly object rules  # the Python rules' state class (MancalaState)
    cdef tuple actions  # the game's move action of every pit, by ring index
    cdef tuple ones  # frozenset({0}), frozenset({1}): the actors
    cdef object nobody  # frozenset(): the actors once the match is over
    cdef EventMemo events  # the game's move events by their key (apply), shared by its states
    cdef object make_event  # builds a move event missing from ``events``
    # the game's ends of a match by a move that empties a row, as the Python rules made
    # them: (round, rounds, beans of player 0, of player 1) -> (events, result)
    cdef dict ends

    def _bind(self, game, tuple setup):
        """The game's constants (``kalah.setup``)."""
        self.game = game
        (self.rules, self.actions, self.ones, self.nobody, self.events, self.make_event,
         self.ends, self.extra_turn, self.total) = setup

    def _record_end(self, key, events, result):
        """The Python rules' end of a match by a move that emptied a row (``_round_end``)."""
        self.ends[key] = (events, result)

    def _load(self, pits, stores, int to_move, meta):
        """Take a position of the play phase (from the Python rules) into the C fields."""
        cdef int i, size = len(pits)
        if size > RING or size < 4 or size % 2 or len(stores) != 2 or to_move not in (0, 1):
            raise ValueError(f"not a Kalah position of the play phase: {len(pits)} pits")
        for i in range(size):
            self.ring[i] = pits[i]
        self._enter(size >> 1, stores[0], stores[1], to_move, meta)

    def _start(self, int n, int seeds, int first, meta):
        """The first round's initial setup (``MancalaState.start_round``): ``seeds`` in each
        of the ``2n`` pits, the stores empty, ``first`` to move. A new state's hot path: no
        lists built, as ``_load`` would take them."""
        cdef int i
        for i in range(2 * n):
            self.ring[i] = seeds
        self._enter(n, 0, 0, first, meta)

    cdef inline void _enter(self, int side, int store0, int store1, int mover, object meta):
        """The rest of a play-phase position once its pits are in the ring (``_load``,
        ``_start``): a position in play, held in C."""
        self.side = side
        self.banked[0] = store0
        self.banked[1] = store1
        self.mover = mover
        self.meta = meta
        self.over = False
        self.slow = None

    def _set_slow(self, state):
        """Hand the position to a Python ``MancalaState`` (outside the play phase)."""
        self.slow = state

    # -- MancalaState's attributes, read (as copies) by the mancala bots and kernel -----------

    @property
    def pits(self):
        cdef int i
        if self.slow is not None:
            return self.slow.pits
        return [self.ring[i] for i in range(2 * self.side)]

    @property
    def stores(self):
        if self.slow is not None:
            return self.slow.stores
        return [self.banked[0], self.banked[1]]

    @property
    def to_move(self):
        return self.slow.to_move if self.slow is not None else self.mover

    @property
    def n(self):
        return self.slow.n if self.slow is not None else self.side

    @property
    def phase(self):
        if self.slow is not None:
            return self.slow.phase
        return "over" if self.over else "play"

    @property
    def result_(self):
        if self.slow is not None:
            return self.slow.result_
        return self.result if self.over else None

    @property
    def swept(self):
        if self.slow is not None:
            return self.slow.swept
        if self.over:  # MancalaState._end_round's, as _round_end took it
            return [self.swept_beans[0], self.swept_beans[1]]
        return None if self.meta[4] is None else list(self.meta[4])

    @property
    def history(self):
        if self.slow is not None:
            return self.slow.history
        history = [list(h) for h in self.meta[3]]
        if self.over:  # the last round's beans, as _end_round appends them
            history.append([self.banked[0], self.banked[1]])
        return history

    @property
    def first_mover(self):
        return self.slow.first_mover if self.slow is not None else self.meta[0]

    @property
    def round(self):
        return self.slow.round if self.slow is not None else self.meta[1]

    @property
    def rounds(self):
        return self.slow.rounds if self.slow is not None else self.meta[2]

    @property
    def arranger(self):
        return self.slow.arranger if self.slow is not None else None  # None in play, at the end

    @property
    def forced(self):
        return self.slow.forced if self.slow is not None else None  # Kalah never watches

    @property
    def seen(self):
        return self.slow.seen if self.slow is not None else None

    # -- the contract's hot calls --------------------------------------------------------

    def is_terminal(self):
        if self.slow is not None:
            return self.slow.is_terminal()
        return self.over

    def actors(self):
        if self.slow is not None:
            return self.slow.actors()
        return self.nobody if self.over else self.ones[self.mover]

    def legal_actions(self, player):
        cdef int lo, i, k, count
        if self.slow is not None or player is not (SEAT1 if self.mover else SEAT0) or self.over:
            if self.slow is None and (player is SEAT0 or player is SEAT1):
                return []  # not their turn, or the match is over
            return self._python().legal_actions(player)
        lo = self.mover * self.side
        count = 0
        for i in range(lo, lo + self.side):
            count += self.ring[i] > 0
        out = PyList_New(count)
        k = 0
        for i in range(lo, lo + self.side):
            if self.ring[i] > 0:
                action = self.actions[i]
                Py_INCREF(action)
                PyList_SET_ITEM(out, k, action)
                k += 1
        return out

    def apply(self, player, action):
        cdef int p = self.mover, n = self.side, lo, last, pit = -1, i, beans, pos, landing, end
        cdef int captured = 0, opposite, store, row0 = 0, row1 = 0
        cdef long long key
        if self.slow is not None or self.over or player is not (SEAT1 if p else SEAT0):
            return self._slow_apply(player, action)
        lo = p * n
        for i in range(lo, lo + n):
            if <PyObject*>self.actions[i] is <PyObject*>action:
                pit = i
                break
        if pit < 0 or self.ring[pit] == 0:
            return self._slow_apply(player, action)
        # sow: positions 0..2n-1 are pits, 2n is the mover's store, after their last pit
        store = 2 * n
        last = lo + n - 1
        beans = self.ring[pit]
        self.ring[pit] = 0
        pos = pit
        for i in range(beans):
            if pos == last:
                pos = store
                self.banked[p] += 1
                continue
            if pos == store:
                pos = last + 1
                if pos == store:
                    pos = 0
            else:
                pos += 1
                if pos == store:
                    pos = 0
            self.ring[pos] += 1
        landing = pos
        if landing == store:
            end = END_STORE
        elif self.ring[landing] > 1:
            end = END_FILLED
        elif landing < lo or landing > last:
            end = END_OPPONENT_EMPTY
        else:
            opposite = store - 1 - landing
            captured = self.ring[opposite]
            if captured == 0:
                end = END_OWN_EMPTY
            else:
                end = END_CAPTURE
                self.banked[p] += captured + 1
                self.ring[opposite] = 0
                self.ring[landing] = 0
        # the move's event: one per (board, pit, beans, end, captured), made once
        key = (((<long long>n * RING + pit) * (self.total + 1) + beans) * ENDS + end)
        key = key * (self.total + 1) + captured
        found = self.events.get(key)
        if found is NULL:
            event = self.make_event(n, p, pit, beans, landing, end, captured)
            self.events.put(key, event)
        else:
            event = <object>found
        for i in range(n):
            row0 += self.ring[i]
            row1 += self.ring[n + i]
        if row0 == 0 or row1 == 0:
            return self._round_end(event, row0, row1)
        if not (end == END_STORE and self.extra_turn):
            self.mover = 1 - p
        out = PyList_New(1)
        Py_INCREF(event)
        PyList_SET_ITEM(out, 0, event)
        return out

    cdef _round_end(self, event, int row0, int row1):
        """A move left a row empty, so the round ends (the mover still to move, as
        ``MancalaState._after_move`` leaves it): each player banks their own pits. Where the
        Python rules ended a round with these beans as the match's end before, that end
        again, in C; else theirs (``kalah.KalahState._round_over``), which they record."""
        cdef int i
        beans = (self.meta[1], self.meta[2], self.banked[0] + row0, self.banked[1] + row1)
        found = PyDict_GetItem(self.ends, beans)
        if found is NULL:
            return self._round_over(event, beans)
        tail, self.result = <tuple>found
        for i in range(2 * self.side):
            self.ring[i] = 0
        self.banked[0], self.banked[1] = beans[2], beans[3]
        self.swept_beans[0], self.swept_beans[1] = row0, row1
        self.over = True
        return [event, *tail]

    def clone(self):
        cdef KalahCore c = KalahCore.__new__(type(self))
        c.ring = self.ring
        c.banked = self.banked
        c.side, c.mover, c.total, c.extra_turn = self.side, self.mover, self.total, self.extra_turn
        c.over, c.swept_beans, c.result = self.over, self.swept_beans, self.result
        c.game, c.meta, c.rules = self.game, self.meta, self.rules
        c.actions, c.ones, c.nobody, c.events, c.make_event, c.ends = (
            self.actions, self.ones, self.nobody, self.events, self.make_event, self.ends
        )
        c.slow = None if self.slow is None else self.slow.clone()
        return c
