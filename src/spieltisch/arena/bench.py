"""Random-playout speed of every game, beside an OpenSpiel yardstick measured in the same run.

Each game is measured three ways where it can be:

- **API**: whole games from the start with uniformly random legal actions through the public
  ``State`` API (``actors``, ``legal_actions``, ``apply``), as a host or a learning agent
  drives it.
- **step**: the same games, but every action is taken on a ``clone()`` of the state, the cost
  of one search step (``clone`` + ``legal_actions`` + ``apply``), which decides how many
  playouts a search bot gets in a second; the clone alone is timed as well.
- **kernel**: the game's compiled fast path for whole random games, where the game has one
  (``Game.kernel()``: mancala and Kalah).

The yardstick is OpenSpiel on this machine in the same run: its C++ ``mancala`` (Kalah) from a
Python loop and wholly in C++ for our mancala family, its ``crazy_eights`` for Mau-Mau (the
nearest shedding game it has), and its Kalah from a Python loop for the games no peer plays
(per action: a measure of this machine's speed at driving a game from Python). The machine is
shared and noisy, so the ratios are the figures to compare between runs, not the rates.

Each measurement runs for about ``seconds`` in all, split into ``RUNS`` short runs interleaved
with the game's other measurements, so that a disturbance hits one run and not one measure; the
figure we compare is the best run (the least disturbed), in games a second and in actions a
second, each of a run's own whole games.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import os
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import Game, Rng, State
from ..registry import GAMES, load_game

RUNS = 3
BENCH_PLAYERS = 4
"""Players at a table of a game that seats more than two: the figures of the issue tracker."""

KERNEL_BATCH = 256
"""Games per call of a compiled kernel: enough that the call's own cost vanishes."""

# a playout plays some whole games and returns (games, actions); actions is None where they
# run out of our sight, inside C++
Playout = Callable[[], tuple[int, int | None]]


def bench_players(game: Game) -> int:
    return min(max(BENCH_PLAYERS, game.min_players), game.max_players)


def _random_step(state: State, rng: Rng) -> tuple[int, Any]:
    """A random one of those who may act, and a random legal action of theirs. Always the
    first actor would starve the others where several may act at once (the bean games)."""
    actors = sorted(state.actors())
    if len(actors) == 1:
        (player,) = actors
        legal = state.legal_actions(player)
    else:
        options = [(p, state.legal_actions(p)) for p in actors]
        options = [(p, legal) for p, legal in options if legal]
        player, legal = options[rng.below(len(options))]
    return player, legal[rng.below(len(legal))]


def _api_playout(game: Game, players: int, rng: Rng) -> Playout:
    """A whole game through the public ``State`` API."""
    return _loop_playout(lambda seed: game.new_state(players, seed=seed), rng)


def _loop_playout(new_state: Callable[[int], Any], rng: Rng) -> Playout:
    """Whole games from ``new_state(seed)``, a random actor's random legal action at a time."""

    def play() -> tuple[int, int]:
        state = new_state(rng.next64())
        actions = 0
        while not state.is_terminal():
            player, action = _random_step(state, rng)
            state.apply(player, action)
            actions += 1
        return 1, actions

    return play


class _Idle:
    """A "game" that does nothing: two seats take turns choosing among six actions, 44 times
    (a random Kalah game's length). Played through the same loop as a game's API
    (``_api_playout``), it measures the loop's own cost: the fastest any game could be there
    in Python, the floor under Kalah's ratio to OpenSpiel's Python loop."""

    __slots__ = ("done", "to_move")
    ONE: ClassVar = (frozenset({0}), frozenset({1}))
    LEGAL: ClassVar = list(range(6))
    LENGTH: ClassVar = 44

    def __init__(self) -> None:
        self.done, self.to_move = 0, 0

    def is_terminal(self) -> bool:
        return self.done >= self.LENGTH

    def actors(self) -> frozenset[int]:
        return self.ONE[self.to_move]

    def legal_actions(self, player: int) -> list[int]:
        return self.LEGAL

    def apply(self, player: int, action: int) -> list[Any]:
        self.done += 1
        self.to_move = 1 - self.to_move
        return []


def _idle_playout(rng: Rng) -> Playout:
    """``_api_playout``'s loop around a game that does nothing (``_Idle``)."""
    return _loop_playout(lambda seed: _Idle(), rng)


@dataclass
class CloneClock:
    """Seconds spent in ``clone()`` and how many clones, summed over a step measurement."""

    seconds: float = 0.0
    clones: int = 0


def _step_playout(game: Game, players: int, rng: Rng, clock: CloneClock) -> Playout:
    """A whole game in which every action is taken on a clone, as a search step does."""

    def play() -> tuple[int, int]:
        state = game.new_state(players, seed=rng.next64())
        actions = 0
        while not state.is_terminal():
            start = time.perf_counter()
            state = state.clone()
            clock.seconds += time.perf_counter() - start
            clock.clones += 1
            player, action = _random_step(state, rng)
            state.apply(player, action)
            actions += 1
        return 1, actions

    return play


def _kernel_playout(kernel: Any, seed: int) -> Playout:
    """``KERNEL_BATCH`` whole random games per call on the game's compiled kernel."""
    import numpy as np

    batches = itertools.count()

    def play() -> tuple[int, int]:
        start = seed + next(batches) * KERNEL_BATCH
        out = kernel.playouts(np.arange(start, start + KERNEL_BATCH, dtype=np.int64))
        return KERNEL_BATCH, int(out["actions"].sum())

    return play


def _openspiel_python_playout(pyspiel: Any, rng: Rng, name: str = "mancala") -> Playout:
    """An OpenSpiel game driven from a Python loop, with the same random generator; chance
    outcomes (a card game's deal and draws) are drawn by their probabilities and counted as
    actions, as OpenSpiel counts them."""
    game = pyspiel.load_game(name)

    def play() -> tuple[int, int]:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x, acc = rng.random(), 0.0
                pick = outcomes[-1][0]  # rounding may leave the sum a hair under 1
                for outcome, prob in outcomes:
                    acc += prob
                    if x < acc:
                        pick = outcome
                        break
                state.apply_action(pick)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
            actions += 1
        return 1, actions

    return play


def _openspiel_cpp_playout(pyspiel: Any, seed: int, name: str = "mancala") -> Playout:
    """Whole games in C++: ``evaluate_bots`` with uniform random bots, 16 a call."""
    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    games = itertools.count(seed)

    def play() -> tuple[int, None]:
        for _ in range(16):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, next(games) & 0x7FFFFFFF)
        return 16, None

    return play


def _timed_run(play: Playout, duration: float) -> tuple[int, int | None, float]:
    """Playouts for about ``duration`` seconds: (games, actions or None, seconds)."""
    games, actions = 0, 0
    counted = True
    start = time.perf_counter()
    deadline = start + duration
    while True:
        g, n = play()
        games += g
        if n is None:
            counted = False
        else:
            actions += n
        now = time.perf_counter()
        if now >= deadline:
            return games, (actions if counted else None), now - start


@dataclass(frozen=True)
class Ratio:
    """One figure of ours over one of the yardstick's, both from this run: ``api/py
    actions`` is our API's actions per second over OpenSpiel's Python loop's (the peer of
    the game, see ``_yardsticks``), ``kernel/cpp games`` our kernel's games per second over
    OpenSpiel's C++ loop's."""

    name: str
    ours: str  # a measure's key
    theirs: str
    unit: str  # "games" or "actions" per second

    def value(self, results: dict[str, Any]) -> float | None:
        if self.ours not in results or self.theirs not in results:
            return None
        a = results[self.ours][f"{self.unit}_per_s"]
        b = results[self.theirs][f"{self.unit}_per_s"]
        return a / b if a and b else None


def _load_pyspiel() -> tuple[Any, str | None, str | None]:
    """(module or None, version, why it is missing)."""
    try:
        import pyspiel
    except ImportError as err:
        return None, None, f"pyspiel is not importable ({err}); measuring ours alone"
    try:
        version = importlib.metadata.version("open-spiel")
    except importlib.metadata.PackageNotFoundError:
        version = None
    return pyspiel, version, None


def _yardsticks(game_id: str, pyspiel: Any, seed: int) -> dict[str, tuple[str, Playout]]:
    """key -> (label, playout) of OpenSpiel's peers for ``game_id``."""
    if game_id == "maumau":
        # the nearest peer: crazy_eights (5 players, its defaults), a shedding game with a
        # few special cards, played to its end by uniform random bots
        return {
            "openspiel_python": (
                "OpenSpiel crazy_eights Py loop",
                _openspiel_python_playout(pyspiel, Rng(seed + 4), "crazy_eights"),
            ),
            "openspiel_cpp": (
                "OpenSpiel crazy_eights C++",
                _openspiel_cpp_playout(pyspiel, seed, "crazy_eights"),
            ),
        }
    out = {
        "openspiel_python": (
            "OpenSpiel mancala Py loop",
            _openspiel_python_playout(pyspiel, Rng(seed + 4)),
        )
    }
    if game_id in ("mancala", "kalah"):
        out["openspiel_cpp"] = ("OpenSpiel mancala C++", _openspiel_cpp_playout(pyspiel, seed))
    return out


def _ratios(game_id: str) -> list[Ratio]:
    """The ratios the issue tracker states its targets in, for ``game_id``."""
    ours = f"{game_id}_api"
    if game_id == "kalah":
        return [
            Ratio("api/py actions", ours, "openspiel_python", "actions"),
            Ratio("kernel/cpp games", "kalah_kernel", "openspiel_cpp", "games"),
            # the most any Python game could reach in this loop (a game doing nothing)
            Ratio("floor/py actions", "python_floor", "openspiel_python", "actions"),
        ]
    if game_id == "mancala":
        # a match of five rounds with arranging against a game of Kalah: per action only
        return [
            Ratio("api/py actions", ours, "openspiel_python", "actions"),
            Ratio("kernel/cpp actions", "mancala_kernel", "openspiel_cpp", "actions"),
        ]
    return [Ratio("api/py actions", ours, "openspiel_python", "actions")]


def run_bench(game_id: str, seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Random playouts of ``game_id`` through the API, as search steps on clones, on its
    kernel where it has one, and OpenSpiel's yardstick beside them. JSON-ready."""
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    game = load_game(game_id)  # an unknown id fails here, with the list of games
    players = bench_players(game)
    clock = CloneClock()
    plays: dict[str, tuple[str, Playout]] = {
        f"{game_id}_api": (f"{game_id} API", _api_playout(game, players, Rng(seed))),
        f"{game_id}_step": (
            f"{game_id} clone+step",
            _step_playout(game, players, Rng(seed + 1), clock),
        ),
    }
    kernel = game.kernel()
    if kernel is not None:
        plays[f"{game_id}_kernel"] = (f"{game_id} kernel", _kernel_playout(kernel, seed))
    if game_id == "kalah":
        plays["python_floor"] = ("Py loop, a game doing nothing", _idle_playout(Rng(seed + 2)))
    openspiel: dict[str, Any] = {"available": False, "version": None, "note": None}
    pyspiel, version, note = _load_pyspiel()
    openspiel.update(available=pyspiel is not None, version=version, note=note)
    if pyspiel is not None:
        plays.update(_yardsticks(game_id, pyspiel, seed))

    runs: dict[str, list[tuple[int, int | None, float]]] = {key: [] for key in plays}
    for _, play in plays.values():  # warm up: caches, first imports, a kernel's compilation
        play()
    clock.seconds, clock.clones = 0.0, 0
    for _ in range(RUNS):  # interleaved, so a disturbance hits one run, not one measure
        for key, (_, play) in plays.items():
            runs[key].append(_timed_run(play, seconds / RUNS))

    results: dict[str, Any] = {}
    for key, done in runs.items():
        rates = [g / s for g, _, s in done]
        games = sum(g for g, _, _ in done)
        counted = all(a is not None for _, a, _ in done)
        actions = sum(a or 0 for _, a, _ in done) if counted else None
        results[key] = {
            "label": plays[key][0],
            "games_per_s": max(rates),
            "runs_games_per_s": rates,
            "spread": (max(rates) - min(rates)) / max(rates) if max(rates) else 0.0,
            "games": games,
            "seconds": sum(s for _, _, s in done),
            "actions_per_game": actions / games if actions is not None else None,
            # the best run's own actions a second, as its games/s is the best run's: a run
            # of a game whose games differ much in length (a random Mau-Mau game runs from a
            # few hundred to tens of thousands of actions) holds a few whole games, and the
            # best run's games/s times the mean length of all games would credit the run that
            # happened to draw short games with the length of the others
            "actions_per_s": (
                max(a / s for _, a, s in done)  # type: ignore[operator]
                if actions is not None
                else None
            ),
        }
    cpp, py = results.get("openspiel_cpp"), results.get("openspiel_python")
    if cpp and py and cpp["actions_per_s"] is None and game_id in ("mancala", "kalah"):
        # the same game under the same random policy: its mean length from the Python loop
        cpp["actions_per_game"] = py["actions_per_game"]
        cpp["actions_per_s"] = cpp["games_per_s"] * py["actions_per_game"]
        cpp["actions_estimated"] = True
    step = results[f"{game_id}_step"]
    step["us_per_step"] = 1e6 / step["actions_per_s"] if step["actions_per_s"] else None
    step["us_per_clone"] = 1e6 * clock.seconds / clock.clones if clock.clones else None
    ratios = {r.name: r.value(results) for r in _ratios(game_id)}
    return {
        "game": game_id,
        "players": players,
        "seconds": seconds,
        "seed": seed,
        "runs": RUNS,
        "statistic": f"best of {RUNS} interleaved runs of {seconds / RUNS:.2f} s each",
        "python": platform.python_version(),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "openspiel": openspiel,
        "results": results,
        "ratios": {k: v for k, v in ratios.items() if v is not None},
    }


def run_benches(
    game_ids: Sequence[str] | None = None,
    seconds: float = 3.0,
    seed: int = 0,
    on_game: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """``run_bench`` for each game (every registered game by default), one after another."""
    ids = list(game_ids or GAMES)
    for game_id in ids:
        load_game(game_id)  # refuse an unknown id before minutes of measuring
    benches = []
    for game_id in ids:
        if on_game:
            on_game(game_id)
        benches.append(run_bench(game_id, seconds=seconds, seed=seed))
    return {"games": benches}


def summary_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per game: the figures a reader compares between runs."""
    rows = []
    for b in result["games"]:
        res, gid = b["results"], b["game"]
        api, step = res[f"{gid}_api"], res[f"{gid}_step"]
        kernel = res.get(f"{gid}_kernel")
        rows.append(
            {
                "game": gid,
                "players": b["players"],
                "api_us_per_action": 1e6 / api["actions_per_s"] if api["actions_per_s"] else None,
                "step_us": step["us_per_step"],
                "clone_us": step["us_per_clone"],
                "kernel_games_per_s": kernel["games_per_s"] if kernel else None,
                "ratios": b["ratios"],
            }
        )
    return rows


def print_bench(result: dict[str, Any], console: Any) -> None:
    """A run of ``run_benches`` as rich tables on ``console``: each game's measures, then one
    summary with every ratio to its yardstick."""
    from rich.table import Table

    for b in result["games"]:
        table = Table(
            title=f"{b['game']}, {b['players']} players: {b['statistic']}",
            title_justify="left",
        )
        for col in ("playout", "games/s", "runs", "act/game", "µs/act"):
            table.add_column(col, justify="left" if col == "playout" else "right", no_wrap=True)
        for r in b["results"].values():
            per_game, rates = r["actions_per_game"], r["runs_games_per_s"]
            table.add_row(
                r["label"],
                _rate(r["games_per_s"]),
                f"{_rate(min(rates))}-{_rate(max(rates))}",
                f"{per_game:.1f}" if per_game is not None else "-",
                f"{1e6 / r['actions_per_s']:.2f}" if r["actions_per_s"] else "-",
            )
        console.print(table)
        if b["openspiel"]["note"]:
            console.print(f"[yellow]{b['openspiel']['note']}[/]")
    summary = Table(
        title="Ours / OpenSpiel's yardstick in the same run (µs: best run)",
        title_justify="left",
    )
    for col in ("game", "pl", "API µs/act", "clone+step µs", "clone µs", "ratio"):
        summary.add_column(col, justify="left" if col in ("game", "ratio") else "right")
    for row in summary_rows(result):
        summary.add_row(
            row["game"],
            str(row["players"]),
            _us(row["api_us_per_action"]),
            _us(row["step_us"]),
            _us(row["clone_us"]),
            ", ".join(f"{x:.3g}× {name}" for name, x in row["ratios"].items()) or "-",
        )
    console.print(summary)
    console.print(
        "[dim]py: OpenSpiel's peer driven from a Python loop (crazy_eights for maumau, its "
        "mancala = Kalah for every other game, per action); cpp: OpenSpiel's mancala wholly "
        "in C++[/]"
    )
    first = result["games"][0] if result["games"] else None
    if first:
        machine = first["machine"]
        console.print(
            f"[dim]OpenSpiel {first['openspiel']['version'] or '-'}, Python {first['python']}, "
            f"{machine['cpus']} CPUs, {machine['platform']}, seed {first['seed']}[/]"
        )


def _us(x: float | None) -> str:
    return f"{x:.2f}" if x is not None else "-"


def _rate(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


__all__ = ["print_bench", "run_bench", "run_benches", "summary_rows"]
