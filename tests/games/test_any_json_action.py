"""Any JSON value sent as an action is refused with a reason and changes nothing.

A browser, a socket or a bug may send anything: nested lists, a string where a pit number
belongs, ``{}``. The contract (DESIGN.md, "Core contract") says ``apply`` validates first and
raises ``IllegalAction`` with a reason a person understands, leaving the state untouched. A
crash instead (a ``TypeError`` deep in the rules) makes the server log a traceback and rebuild
the table, so a few sockets sending such actions could keep a core busy (issue 16, defect 1).

Hypothesis draws positions reached by random play (several actors at once and the referee
included), every seat (on turn or not, and the referee), and actions of three kinds: any JSON
value, a JSON object with the game's own keys holding any JSON value, and a legal action with
one value (or one list item) swapped for any JSON value — the malformed actions that get past
the first key checks.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.core import REFEREE, Action, IllegalAction, Rng, State
from spieltisch.games.mancala.kalah import KalahCore
from spieltisch.registry import GAMES, load_game

# each game with the player counts whose rules differ (solo, duo, many)
PLAYERS = {
    "mancala": (2,),
    "kalah": (2,),
    "bibermania": (2, 4),
    "bohnanza": (3, 5),
    "ladybohn": (1, 2, 4),
    "maumau": (3, 5),
    "mutterboehnchen": (2, 4),
}
WALK = 60  # random actions per walk; positions are kept along the way
KEEP = (0, 3, 8, 15, 25, 40, 60)


def test_every_registered_game_is_covered() -> None:
    assert set(PLAYERS) == set(GAMES)


@cache
def positions(game_id: str) -> tuple[Any, ...]:
    """States reached by random actors taking random legal actions (the referee among them,
    so windows are sometimes closed at once and sometimes left open for players)."""
    game = load_game(game_id)
    kept = []
    for players in PLAYERS[game_id]:
        for seed in (1, 2):
            state = game.new_state(players, seed)
            rng = Rng(seed * 7919 + players)
            for step in range(WALK + 1):
                if step in KEEP:
                    kept.append(state.clone())
                if state.is_terminal():
                    break
                actor = rng.choice(sorted(state.actors()))
                state.apply(actor, rng.choice(state.legal_actions(actor)))
    return tuple(kept)


@cache
def action_keys(game_id: str) -> tuple[str, ...]:
    """The keys the game's own legal actions use, so drawn objects look like real actions."""
    keys: set[str] = set()
    for state in positions(game_id):
        for actor in state.actors():
            for action in state.legal_actions(actor):
                keys.update(action)
    return tuple(sorted(keys))


json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.sampled_from(["", "cw", "ccw", "joker", "pass", "done", "7h", "Kc", "red", "0"]),
)
json_value = st.recursive(
    json_scalar,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def swap_one(value: Any, draw: Any, values: st.SearchStrategy[Any]) -> Any:
    """``value`` with one part (a dict's value, a list's item, or itself) replaced."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: swap_one(value[key], draw, values)}
    if isinstance(value, list) and value and draw(st.booleans()):
        i = draw(st.integers(min_value=0, max_value=len(value) - 1))
        return [*value[:i], swap_one(value[i], draw, values), *value[i + 1 :]]
    return draw(values)


@cache
def action_values(game_id: str) -> tuple[Any, ...]:
    """Every value the game's legal actions hold (card names, pits, targets), so a drawn
    action can put a real value under the wrong key, or wrap it in a list."""
    values: dict[str, Any] = {}
    for state in positions(game_id):
        for actor in state.actors():
            for action in state.legal_actions(actor):
                for value in action.to_json().values():
                    values[json.dumps(value, sort_keys=True)] = value
    return tuple(values[k] for k in sorted(values))


NASTY = st.sampled_from([[], {}, [[]], [{}], None, "", 0, -1, True, False, 1.5, [0], ["x"]])


def value_for(game_id: str) -> st.SearchStrategy[Any]:
    """Any JSON value, weighted towards the shapes that slip past a first type check: empty
    containers, a real value of the game wrapped in a list, a list of real values."""
    real = st.sampled_from(action_values(game_id))
    return st.one_of(
        NASTY,
        json_value,
        real,
        st.lists(real, min_size=1, max_size=3),
        st.lists(st.one_of(real, NASTY), max_size=3),
    )


@st.composite
def cases(draw: Any, game_id: str) -> tuple[Any, int, Any]:
    states = positions(game_id)
    state = states[draw(st.integers(min_value=0, max_value=len(states) - 1))]
    # the seats who may act are the ones whose actions reach deepest into the rules
    actors = sorted(state.actors())
    seats = [REFEREE, *range(state.num_players)]
    seat = draw(
        st.sampled_from(actors) if actors and draw(st.booleans()) else st.sampled_from(seats)
    )
    values = value_for(game_id)
    kind = draw(st.sampled_from(["any", "keys", "keys", "swap", "swap", "swap"]))
    if kind == "any":
        action = draw(json_value)
    elif kind == "keys":
        keys = draw(
            st.lists(st.sampled_from(action_keys(game_id)), min_size=1, max_size=2, unique=True)
        )
        action = {key: draw(values) for key in keys}
    else:
        legal = [a for p in actors for a in state.legal_actions(p)]
        if not legal:
            action = draw(json_value)
        else:
            base = draw(st.sampled_from(legal)).to_json()
            action = swap_one(base, draw, values)
            if isinstance(action, dict) and draw(st.booleans()):  # a wrong-typed key added
                action = {**action, draw(st.sampled_from(action_keys(game_id))): draw(values)}
    return state, seat, action


def snapshot(state: Any) -> tuple[str, str, str]:
    """The state's whole truth, what each seat may do and what each sees: a refusal that
    changed any of them (a cached list of legal actions, say) is caught."""
    seats = [REFEREE, *range(state.num_players)]
    legal = {p: [a.to_json() for a in state.legal_actions(p)] for p in seats}
    views = [state.view(p) for p in [None, *range(state.num_players)]]
    return (
        state.to_json_text(),
        json.dumps(legal, sort_keys=True),
        json.dumps(views, sort_keys=True, default=str),
    )


_KEPT: dict[int, tuple[Any, tuple[str, str, str]]] = {}


def prepared(state: Any) -> tuple[Any, tuple[str, str, str]]:
    """A copy of a kept position to act on, with every seat's legal actions asked for (a
    game's fast path takes a listed action from them), and the position's ``snapshot``. The
    snapshot is most of these tests' time and the same for every copy of one position, so it
    is taken once per position (``positions`` keeps them for the session) and every refusal
    is compared with it."""
    copy = state.clone()
    for seat in [REFEREE, *range(copy.num_players)]:
        copy.legal_actions(seat)
    kept = _KEPT.get(id(state))
    if kept is None or kept[0] is not state:
        kept = _KEPT[id(state)] = (state, snapshot(copy))
    return copy, kept[1]


def refuses_or_takes(state: Any, seat: int, action: Any) -> None:
    """Apply ``action`` to a copy: it is either legal (and then must be one of the legal
    actions, taken without a crash) or refused with a reason and nothing changed."""
    copy, before = prepared(state)
    legal = copy.legal_actions(seat) if seat in copy.actors() else []
    try:
        copy.apply(seat, action)
    except IllegalAction as err:
        assert str(err).strip(), f"refusal without a reason for {action!r}"
        assert snapshot(copy) == before, f"refusing {action!r} changed the state"
        return
    # taken: a drawn value may happen to be a legal action, or a parametric one the game
    # accepts (a trade offer); then the seat must have been one who may act, and the state
    # must still be whole
    assert seat in state.actors(), f"seat {seat} acted out of turn with {action!r}"
    assert isinstance(action, dict), f"a non-object {action!r} was taken as an action"
    if legal and Action.of(action) not in legal:
        copy.to_json_text()
        copy.actors()


KNOWN = {
    "mancala": [{"pit": 3, "direction": []}, {}, {"pit": [], "direction": "cw"}],
    "kalah": [{"pit": 3, "direction": []}, {}, {"pit": "3"}],
    "bibermania": [{"lay": [0]}, {"lay": [[], "joker"]}, {"lay": "x"}, {}],
    "maumau": [{"throw": []}, {"throw": {}}, {}, {"play": [1]}],
    "bohnanza": [{}, [], None],
    "ladybohn": [{}, [], None],
    "mutterboehnchen": [{}, [], None],
}


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_known_malformed_actions_are_refused_everywhere(game_id: str) -> None:
    """The actions the probe found (issue 16) from every seat in every kept position."""
    for state in positions(game_id):
        for seat in [REFEREE, *range(state.num_players)]:
            for action in KNOWN[game_id]:
                refuses_or_takes(state, seat, action)


def _property(game_id: str):
    @settings(
        max_examples=300,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(case=cases(game_id))
    def check(case: tuple[Any, int, Any]) -> None:
        refuses_or_takes(*case)

    return check


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_any_json_action_is_refused_with_a_reason(game_id: str) -> None:
    _property(game_id)()


BAD_SEATS = [1.0, 0.0, -1.0, True, False, "1", None, [1], {"seat": 1}, 1.5]


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_seat_that_is_not_a_whole_number_is_refused(game_id: str) -> None:
    """The player is a seat number. A ``1.0`` equals seat 1 in every set and dict of seats, so
    it used to pass a game's checks as that seat and fail half-way through the action (in
    Mutterböhnchen after the state had changed); a string, a list or None crashed with a
    TypeError. Every such seat, with every legal action of every kept position, is refused
    with a reason and changes nothing."""
    for state in positions(game_id):
        actions = [a for p in sorted(state.actors()) for a in state.legal_actions(p)]
        for action in actions[:8]:
            for seat in BAD_SEATS:
                copy, before = prepared(state)
                with pytest.raises(IllegalAction, match="not a seat"):
                    copy.apply(seat, action)
                # and by ``validate`` asked alone (the server's bot check, ISMCTS's candidates)
                with pytest.raises(IllegalAction, match="not a seat"):
                    copy.validate(seat, Action.of(action))
                assert snapshot(copy) == before, f"apply or validate of seat {seat!r} changed it"


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_every_action_passes_the_cores_seat_check(game_id: str) -> None:
    """The seat check above lives once, in ``State.apply`` and ``State.validate``, which are
    final: a game takes its common case quicker in ``_accept`` and ``_check``, which see only
    whole numbers. A game's state that overrode ``apply`` or ``validate`` again would have to
    repeat the check, as 14 copies once did, and one forgotten copy lets a ``1.0`` through.

    One ``apply`` is not State's, on purpose: Kalah's compiled state (``_kalah.pyx``), where
    the Python call of ``State.apply`` would be a tenth of a move. Its fast path takes only
    the seat objects 0 and 1 themselves (by identity, ``SEAT0``/``SEAT1``) and hands every
    other seat to ``State.apply`` of the Python rules; the test above holds it to the same
    refusals, and this one to that single exception."""
    for players in PLAYERS[game_id]:
        cls = type(load_game(game_id).new_state(players, 1))
        for name in ("apply", "validate"):
            owner = next(c for c in cls.__mro__ if name in vars(c))
            if (owner, name) == (KalahCore, "apply"):
                continue
            assert owner is State, f"{cls.__name__}.{name} is {owner.__name__}'s, not State's"
