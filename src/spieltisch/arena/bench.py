"""Random-playout speed: our engine through its public API and as a bare kernel, beside
OpenSpiel's C++ ``mancala`` (Kalah) driven from Python and played wholly in C++.

A playout is one whole game from the start with uniformly random legal actions. Each
measurement runs for about ``seconds`` in all, split into ``RUNS`` short runs that are
interleaved with the other measurements, so the noise of a busy machine shows up as the spread
of the runs; the figure we compare is the best run (the least disturbed).
"""

from __future__ import annotations

import importlib.metadata
import itertools
import os
import platform
import time
from collections.abc import Callable
from typing import Any

from ..core import Rng
from ..registry import load_game

RUNS = 3

# a playout: plays one whole game with random actions and returns how many actions it took
# (None where the game runs out of our sight, inside C++)
Playout = Callable[[], int | None]


def _api_playout(game_id: str, rng: Rng) -> Playout:
    """A whole game through the public ``State`` API: legal_actions, a random one, apply."""
    game = load_game(game_id)

    def play() -> int:
        state = game.new_state(seed=rng.next64())
        actions = 0
        while not state.is_terminal():
            # a random one of those who may act: always the first would starve the others
            # where several may act at once (the bean games)
            actors = sorted(state.actors())
            if len(actors) == 1:
                (player,) = actors
                legal = state.legal_actions(player)
            else:
                options = [(p, state.legal_actions(p)) for p in actors]
                options = [(p, legal) for p, legal in options if legal]
                player, legal = options[rng.below(len(options))]
            state.apply(player, legal[rng.below(len(legal))])
            actions += 1
        return actions

    return play


def _kernel_playout(game_id: str, rng: Rng) -> Playout:
    """One round of a mancala game on the bare functions of ``sowing.py``: plain lists, no
    ``Action`` objects, no events, no State. The round ends when a side has no move."""
    from ..games.mancala.sowing import DIRECTIONS, has_move, movable, play_move

    game: Any = load_game(game_id)
    o = game.options
    if o["round_end"] != "either":
        raise ValueError("the kernel playout plays rounds that end when either side is stuck")
    rules, min_pick, n, seeds = game.sowing, o["min_pick"], o["pits"], o["seeds"]
    directions = [DIRECTIONS[d] for d in game.directions]
    ways = len(directions)
    lot = o["first_mover"] == "lot"
    first = 0 if lot else int(o["first_mover"])

    def play() -> int:
        pits, stores = [seeds] * (2 * n), [0, 0]
        player = rng.below(2) if lot else first
        moves = 0
        while has_move(pits, 0, min_pick) and has_move(pits, 1, min_pick):
            choices = movable(pits, player, min_pick)
            k = rng.below(len(choices) * ways)
            out = play_move(pits, stores, player, choices[k // ways], directions[k % ways], rules)
            moves += 1
            if not out.again:
                player = 1 - player
        for p in (0, 1):  # each side sweeps its pits into its store
            stores[p] += sum(pits[p * n : p * n + n])
        return moves

    return play


def _openspiel_python_playout(pyspiel: Any, rng: Rng, name: str = "mancala") -> Playout:
    """An OpenSpiel game driven from a Python loop, with the same random generator; chance
    outcomes (a card game's deal and draws) are drawn by their probabilities and counted as
    actions, as OpenSpiel counts them."""
    game = pyspiel.load_game(name)

    def play() -> int:
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
        return actions

    return play


def _openspiel_cpp_playout(pyspiel: Any, seed: int, name: str = "mancala") -> Playout:
    """A whole game in C++: ``evaluate_bots`` with uniform random bots."""
    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    games = itertools.count(seed)

    def play() -> None:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, next(games) & 0x7FFFFFFF)
        return None

    return play


def _timed_run(play: Playout, duration: float) -> tuple[int, int | None, float]:
    """Playouts for about ``duration`` seconds: (games, actions or None, seconds)."""
    games, actions = 0, 0
    counted = True
    start = time.perf_counter()
    deadline = start + duration
    while True:
        n = play()
        games += 1
        if n is None:
            counted = False
        else:
            actions += n
        now = time.perf_counter()
        if now >= deadline:
            return games, (actions if counted else None), now - start


# key: (what it measures, what one playout is)
MEASURES = {
    "mancala_api": ("mancala API (match)", "match of 5 rounds"),
    "kalah_api": ("kalah API", "game"),
    "kalah_kernel": ("kalah kernel", "game"),
    "mancala_kernel": ("mancala kernel (round)", "round"),
    "openspiel_python": ("OpenSpiel Py loop", "game"),
    "openspiel_cpp": ("OpenSpiel C++ loop", "game"),
    "maumau_api": ("maumau API (4 players)", "game"),
    "crazy_eights_python": ("OpenSpiel crazy_eights Py loop", "game"),
    "crazy_eights_cpp": ("OpenSpiel crazy_eights C++", "game"),
}

RATIOS = {
    "kalah_api / openspiel_python": ("kalah_api", "openspiel_python"),
    "kalah_api / openspiel_cpp": ("kalah_api", "openspiel_cpp"),
    "kalah_kernel / openspiel_python": ("kalah_kernel", "openspiel_python"),
    "kalah_kernel / openspiel_cpp": ("kalah_kernel", "openspiel_cpp"),
    "maumau_api / crazy_eights_python": ("maumau_api", "crazy_eights_python"),
    "maumau_api / crazy_eights_cpp": ("maumau_api", "crazy_eights_cpp"),
}


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


def run_bench(game_id: str, seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Random playouts per second of ``game_id``; for the mancala family (``mancala``,
    ``kalah``) our API, our kernel and OpenSpiel's mancala side by side. JSON-ready."""
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    load_game(game_id)  # an unknown id fails here, with the list of games
    plays: dict[str, Playout] = {}
    openspiel: dict[str, Any] = {"available": False, "version": None, "note": None}
    if game_id in ("mancala", "kalah"):
        plays["mancala_api"] = _api_playout("mancala", Rng(seed))
        plays["kalah_api"] = _api_playout("kalah", Rng(seed + 1))
        plays["kalah_kernel"] = _kernel_playout("kalah", Rng(seed + 2))
        plays["mancala_kernel"] = _kernel_playout("mancala", Rng(seed + 3))
        pyspiel, version, note = _load_pyspiel()
        openspiel.update(available=pyspiel is not None, version=version, note=note)
        if pyspiel is not None:
            plays["openspiel_python"] = _openspiel_python_playout(pyspiel, Rng(seed + 4))
            plays["openspiel_cpp"] = _openspiel_cpp_playout(pyspiel, seed)
    elif game_id == "maumau":
        # the nearest peer: OpenSpiel's crazy_eights (5 players, its defaults), a shedding
        # game with a few special cards, played to its end by uniform random bots
        plays["maumau_api"] = _api_playout(game_id, Rng(seed))
        pyspiel, version, note = _load_pyspiel()
        openspiel.update(available=pyspiel is not None, version=version, note=note)
        if pyspiel is not None:
            plays["crazy_eights_python"] = _openspiel_python_playout(
                pyspiel, Rng(seed + 4), "crazy_eights"
            )
            plays["crazy_eights_cpp"] = _openspiel_cpp_playout(pyspiel, seed, "crazy_eights")
    else:
        plays[f"{game_id}_api"] = _api_playout(game_id, Rng(seed))
        # no peer implements this game: OpenSpiel's mancala from a Python loop, measured in
        # the same run, is the yardstick for this machine's speed (per action, not per game)
        pyspiel, version, note = _load_pyspiel()
        openspiel.update(available=pyspiel is not None, version=version, note=note)
        if pyspiel is not None:
            plays["openspiel_python"] = _openspiel_python_playout(pyspiel, Rng(seed + 4))

    runs: dict[str, list[tuple[int, int | None, float]]] = {key: [] for key in plays}
    for play in plays.values():  # warm up: caches, first imports
        play()
    for _ in range(RUNS):  # interleaved, so a disturbance hits one run, not one measure
        for key, play in plays.items():
            runs[key].append(_timed_run(play, seconds / RUNS))

    results: dict[str, Any] = {}
    for key, done in runs.items():
        label, unit = MEASURES.get(key, (f"{game_id} API", "game"))
        rates = [g / s for g, _, s in done]
        games = sum(g for g, _, _ in done)
        counted = all(a is not None for _, a, _ in done)
        actions = sum(a or 0 for _, a, _ in done) if counted else None
        results[key] = {
            "label": label,
            "unit": unit,
            "games_per_s": max(rates),
            "runs_games_per_s": rates,
            "spread": (max(rates) - min(rates)) / max(rates) if max(rates) else 0.0,
            "games": games,
            "seconds": sum(s for _, _, s in done),
            "actions_per_game": actions / games if actions is not None else None,
            "actions_per_s": (max(rates) * actions / games if actions is not None else None),
        }
    ratios = {
        name: results[a]["games_per_s"] / results[b]["games_per_s"]
        for name, (a, b) in RATIOS.items()
        if a in results and b in results
    }
    ours, yardstick = f"{game_id}_api", "openspiel_python"
    if game_id not in ("mancala", "kalah") and ours in results and yardstick in results:
        a, b = results[ours]["actions_per_s"], results[yardstick]["actions_per_s"]
        if a and b:
            ratios[f"{ours} actions/s / openspiel mancala actions/s"] = a / b
    peer = "crazy_eights_python"
    if ours == "maumau_api" and ours in results and peer in results:
        a, b = results[ours]["actions_per_s"], results[peer]["actions_per_s"]
        if a and b:
            ratios["maumau_api actions/s / crazy_eights_python actions/s"] = a / b
    return {
        "game": game_id,
        "seconds": seconds,
        "seed": seed,
        "runs": RUNS,
        "statistic": f"best of {RUNS} interleaved runs of {seconds / RUNS:.2f} s each",
        "python": platform.python_version(),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
        "openspiel": openspiel,
        "results": results,
        "ratios": ratios,
    }


def print_bench(result: dict[str, Any], console: Any) -> None:
    """The result of ``run_bench`` as a rich table on ``console``."""
    from rich.table import Table

    table = Table(
        title=f"Random playouts of {result['game']}: {result['statistic']}",
        title_justify="left",
    )
    table.add_column("playout", no_wrap=True)
    table.add_column("games/s", justify="right", no_wrap=True)
    table.add_column("runs", justify="right", no_wrap=True)
    table.add_column("act/game", justify="right", no_wrap=True)
    table.add_column("µs/act", justify="right", no_wrap=True)
    for r in result["results"].values():
        per_game, rates = r["actions_per_game"], r["runs_games_per_s"]
        table.add_row(
            r["label"],
            _rate(r["games_per_s"]),
            f"{_rate(min(rates))}-{_rate(max(rates))}",
            f"{per_game:.1f}" if per_game is not None else "-",
            f"{1e6 / r['actions_per_s']:.2f}" if r["actions_per_s"] else "-",
        )
    console.print(table)
    os_ = result["openspiel"]
    if os_["note"]:
        console.print(f"[yellow]{os_['note']}[/]")
    elif result["ratios"]:
        unit = (
            "games per second (and actions per second where named)"
            if result["game"] in ("mancala", "kalah", "maumau")
            else "actions per second (no peer plays this game; OpenSpiel's mancala is the "
            "yardstick of this machine's speed)"
        )
        console.print(f"OpenSpiel {os_['version'] or '?'}; ours / theirs in {unit}:")
        for name, x in result["ratios"].items():
            console.print(f"  {name:<34} {x:10.4g}x")
    machine = result["machine"]
    console.print(
        f"[dim]Python {result['python']}, {machine['cpus']} CPUs, {machine['platform']}, "
        f"seed {result['seed']}[/]"
    )


def _rate(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


__all__ = ["print_bench", "run_bench"]
