"""``spieltisch``: play, simulate, serve, replay, rules, bench — one entry point for every game."""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from .bots import available_bots, strongest_bot
from .core import OptionError, Record, RecordError, SpieltischError, parse_option_args
from .registry import GAMES, game_class, load_game, record_game

if TYPE_CHECKING:
    from .arena.simulate import Summary

app = typer.Typer(
    help="German table games by their real rules: play, simulate, replay.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="a game option as name=value (repeatable)"),
]


def _fail(message: str, code: int = 2) -> None:
    err_console.print(f"[bold red]error:[/bold red] {message}")
    raise typer.Exit(code)


def _players(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _game(game_id: str, option: list[str] | None):
    try:
        return load_game(game_id, **parse_option_args(option))
    except SpieltischError as err:
        _fail(str(err))


@app.command()
def games() -> None:
    """List the games."""
    table = Table("id", "game", "players")
    for gid in GAMES:
        cls = game_class(gid)
        g = load_game(gid)
        table.add_row(gid, g.title, _players(cls.min_players, cls.max_players))
    console.print(table)


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="mancala, kalah, ...")],
    seats: Annotated[
        str | None,
        typer.Option(
            help="comma-separated: 'human' or a bot per seat (default: you vs the strongest bot)"
        ),
    ] = None,
    option: OptionArg = None,
    seed: Annotated[int | None, typer.Option(help="the game's seed (default: random)")] = None,
    grace: Annotated[
        float,
        typer.Option(
            help="real-time games: seconds bots hold back a turn action after a word became "
            "due for you",
            min=0.0,
        ),
    ] = 0.8,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="the language of the game's words: de or en (default: from LANGUAGE, "
            "LC_ALL or LANG)",
        ),
    ] = None,
) -> None:
    """Play at this screen: people and bots. Type 'help' at a prompt."""
    import os

    from .core.words import LANGS, lang_from_env
    from .tui.play import TerminalGame, ui_module
    from .tui.realtime import RealtimeGame

    lang = lang or lang_from_env(os.environ)
    if lang not in LANGS:
        _fail(f"the languages are {', '.join(LANGS)}, not {lang!r}")
    game = _game(game_id, option)
    seat_list = (
        [s.strip() for s in seats.split(",")]
        if seats
        else ["human", *[strongest_bot(game)] * (game.default_players - 1)]
    )
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    try:
        game.check_players(len(seat_list))
        # a game played in real time (Mau-Mau) has no prompts: people type at any moment
        if getattr(ui_module(game), "REALTIME", False):
            host: TerminalGame | RealtimeGame = RealtimeGame(
                game, seat_list, seed, console, grace=grace, lang=lang
            )
        else:
            host = TerminalGame(game, seat_list, seed, console, lang=lang)
    except SpieltischError as err:
        _fail(str(err))
    title = host.say.own(f"title.{game.id}") or game.title
    console.print(f"[bold]{title}[/bold] · {host.say('tui.seed', seed)} · {host.say('tui.help')}")
    host.run()


RayFlag = Annotated[
    bool,
    typer.Option(
        "--ray",
        help="play the games as Ray tasks: a local Ray with --workers CPUs, started for the run "
        "(Ray is the optional extra 'ray'); the same results as the local run",
    ),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        metavar="ADDRESS",
        help="the Ray cluster to run on instead ('auto', 'ray://host:10001'); implies --ray",
    ),
]


@app.command()
def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", "--games", help="number of games")] = 100,
    players: Annotated[int | None, typer.Option(help="players per game")] = None,
    seed: Annotated[int, typer.Option(help="seed of the first game (game i: seed+i)")] = 0,
    bots: Annotated[str, typer.Option(help="comma-separated bot per seat")] = "random",
    option: OptionArg = None,
    workers: Annotated[int, typer.Option(help="local processes")] = 1,
    record_dir: Annotated[
        Path | None, typer.Option(help="write one record per game into this folder")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="print one JSON object as the last line")
    ] = False,
    kernel: Annotated[
        bool,
        typer.Option(
            help="random bots in every seat play on the game's compiled kernel where it has "
            "one (mancala, kalah); --no-kernel plays them through the API"
        ),
    ] = True,
    ray: RayFlag = False,
    ray_address: RayAddress = None,
) -> None:
    """Play many games with bots and summarise the results per seat. Ctrl-C stops the run
    with the results of the games finished (exit status 130)."""
    from .arena.simulate import simulate as run

    try:
        options = parse_option_args(option)
        game = load_game(game_id, **options)
        game.check_players(players)
        progress = _progress_bar(as_json)
        with progress:
            task = progress.add_task(f"{game_id}", total=n, note="")
            summary = run(
                game_id,
                n,
                players=players,
                seed=seed,
                bot_specs=[b.strip() for b in bots.split(",")],
                options=options,
                workers=workers,
                record_dir=record_dir,
                on_progress=lambda k: progress.advance(task, k),
                kernel=kernel,
                ray=ray,
                ray_address=ray_address,
            )
    except SpieltischError as err:
        _fail(str(err))
    data = summary.to_json()
    if as_json:
        print(json.dumps(data))
    else:
        _print_summary(game_id, summary, data)
    _exit_if_interrupted(summary.interrupted, summary.games + summary.errors, n)


def _exit_if_interrupted(interrupted: bool, played: int, asked: int) -> None:
    if interrupted:
        err_console.print(
            f"interrupted: the results above count the {played} of {asked} games played"
        )
        raise typer.Exit(130)  # a command stopped by Ctrl-C says so in its status, as shells do


def _print_summary(game_id: str, summary: Summary, data: dict[str, Any]) -> None:
    on = " on the compiled kernel" if summary.engine == "kernel" else ""
    stopped = " (interrupted)" if summary.interrupted else ""
    table = Table(title=f"{game_id}: {summary.games} games{stopped}, {summary.players} players{on}")
    cols = ("seat", "bot", "wins", "draws", "win rate", "mean score", "mean rank", "ranks")
    for col in cols:
        table.add_column(col, justify="left" if col in ("bot", "ranks") else "right")
    for p, s in enumerate(data["seats"]):
        table.add_row(
            str(p),
            s["bot"],
            str(s["wins"]),
            str(s["draws"]),
            f"{s['win_rate']:.1%}",
            f"{s['mean_score']:.2f}",
            f"{s['mean_rank']:.2f}",
            " ".join(f"{r}:{k}" for r, k in s["ranks"].items()),
        )
    console.print(table)
    console.print(
        f"mean length {data['mean_actions']:.1f} actions · {data['games_per_s']:.1f} games/s"
        f" · errors {data['errors']}"
    )
    if data["stats"]:
        console.print(
            "per game: " + " · ".join(f"{k} {v:.2f}" for k, v in data["stats_per_game"].items()),
            soft_wrap=True,
        )
    for sample in data["error_samples"]:
        console.print(f"[red]{sample}[/red]")


class _LineProgress:
    """The bar's stand-in where stderr is no terminal (a log file, a CI job): a run of
    searching bots may take an hour, and a bar drawn only at its end tells nothing before.
    A line when the first games are done, then at most every ``EVERY`` seconds, and at the
    end."""

    EVERY = 30.0

    def __init__(self) -> None:
        self.description, self.total, self.done, self.note = "", 0, 0, ""
        self.start = self.said = 0.0

    def __enter__(self) -> _LineProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, description: str, total: int, note: str = "") -> int:
        self.description, self.total, self.done, self.note = description, total, 0, note
        self.start = time.monotonic()
        self.said = -math.inf
        return 0

    def update(self, task: int, note: str) -> None:
        self.note = note

    def advance(self, task: int, k: int) -> None:
        self.done += k
        now = time.monotonic()
        if self.done >= self.total or now - self.said >= self.EVERY:
            self.said = now
            elapsed = now - self.start
            left = elapsed / self.done * (self.total - self.done) if self.done else 0.0
            err_console.print(
                f"{self.description}: {self.done}/{self.total} games, {elapsed:.0f} s"
                + (f", about {left:.0f} s left" if self.done < self.total else "")
                + (f"; {self.note}" if self.note else ""),
                highlight=False,
                soft_wrap=True,  # one line each in a log, however long the bots' names
            )


class _NotedProgress(Progress):
    """rich's bar with each task's note (the arena's standings) on lines of its own below it:
    a column beside the bar would take the bar, the count and the time left off an 80-column
    terminal once the bots' names are long."""

    def get_renderables(self) -> Iterable[RenderableType]:
        yield self.make_tasks_table(self.tasks)
        for task in self.tasks:
            note = task.fields.get("note")
            if note:
                yield Text(str(note), overflow="fold")


def _progress_bar(transient: bool) -> Progress | _LineProgress:
    """The bar of a long run, on stderr; ``transient`` (--json) clears it when done. Where
    stderr is no terminal, a line now and then instead (``_LineProgress``)."""
    if not err_console.is_terminal:
        return _LineProgress()
    return _NotedProgress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=transient,
    )


@app.command("arena")
def arena_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    bots: Annotated[str, typer.Option(help="comma-separated bots, at least two: A,B[,C...]")],
    n: Annotated[int, typer.Option("-n", "--games", help="number of games")] = 100,
    players: Annotated[int | None, typer.Option(help="players per game")] = None,
    seed: Annotated[
        int, typer.Option(help="seed of the first deal (every seating of a rotation plays it)")
    ] = 0,
    option: OptionArg = None,
    workers: Annotated[int, typer.Option(help="local processes")] = 1,
    as_json: Annotated[
        bool, typer.Option("--json", help="print one JSON object as the last line")
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(help="write a balance report into this folder (HTML, PNG, CSV)"),
    ] = None,
    ray: RayFlag = False,
    ray_address: RayAddress = None,
    first: Annotated[
        int,
        typer.Option(
            help="play the run from this game on (0-based; with the same seed and -n): "
            "continues a run stopped after that many games without playing them again"
        ),
    ] = 0,
) -> None:
    """Bots against each other with the seats rotated: score shares with intervals, ratings,
    win rate by seat; --report DIR adds the balance report. Ctrl-C stops the run with the
    results of the games finished (exit status 130); --first continues it."""
    from .arena.report import print_tables, write_report
    from .arena.tournament import Failure, Outcome, Standings, bot_names, clean_specs
    from .arena.tournament import arena as run

    try:
        options = parse_option_args(option)
        load_game(game_id, **options).check_players(players)
        with _progress_bar(as_json) as progress:
            task = progress.add_task(f"{game_id} arena", total=max(n - first, 0), note="")
            specs = clean_specs(bots.split(","))
            standings = Standings(bot_names(specs))  # the run's names, in its order

            def show(batch: list[Outcome | Failure]) -> None:
                standings.add(batch)
                progress.update(task, note=standings.line())

            result = run(
                game_id,
                specs,
                n,
                players=players,
                seed=seed,
                options=options,
                workers=workers,
                on_progress=lambda k: progress.advance(task, k),
                ray=ray,
                ray_address=ray_address,
                on_games=show,
                first=first,
            )
    except SpieltischError as err:
        _fail(str(err))
    data = result.to_json()
    if as_json:
        print(json.dumps(data))
    else:
        print_tables(data, console)
    if report is not None:  # after the results, which a failing report must not take along
        err_console.print(f"balance report: {write_report(result, report, data)}")
    _exit_if_interrupted(result.interrupted, data["games"] + data["errors"], data["requested"])


@app.command()
def rules(game_id: Annotated[str, typer.Argument(metavar="GAME")]) -> None:
    """The rules in short, and every option with its default."""
    try:
        game = load_game(game_id)
    except SpieltischError as err:
        _fail(str(err))
    console.print(
        f"[bold]{game.title}[/bold] · {_players(game.min_players, game.max_players)} players\n"
    )
    console.print(type(game).RULES, markup=False, soft_wrap=True)
    table = Table(
        "option", "default", "values", "what it does", title="\nOptions (--option name=value)"
    )
    for opt in type(game).OPTIONS:
        values = " / ".join(map(str, opt.choices)) if opt.choices else opt.type.__name__
        table.add_row(opt.name, str(game.options[opt.name]), values, opt.doc)
    console.print(table)
    guessed = game.reconstructed()
    if guessed:
        console.print(
            "\n[bold]Reconstructed[/bold] (not public: our best guess, marked so in the game's "
            "data file; the option above that names a file loads printed data instead):"
        )
        for line in guessed:
            console.print(f"  - {line}", markup=False, soft_wrap=True)
    console.print("Bots: " + ", ".join(sorted(available_bots(game))))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a record (JSON)")],
    as_json: Annotated[
        bool, typer.Option("--json", help="print to_json() of the final state")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="the language of the result's scoring rows: de or en (default: from "
            "LANGUAGE, LC_ALL or LANG)",
        ),
    ] = None,
) -> None:
    """Replay a record and print the final state (and, at the end, how the scores came about)."""
    import os

    from .core.words import LANGS, lang_from_env

    lang = lang or lang_from_env(os.environ)
    if lang not in LANGS:
        _fail(f"the languages are {', '.join(LANGS)}, not {lang!r}")
    try:
        record = Record.load(file)
        state = record.replay(record_game(record))
    except FileNotFoundError:
        _fail(f"no such file: {file}")
    except SpieltischError as err:
        _fail(str(err))
    if as_json:
        print(state.to_json_text())
        return
    from .tui.play import breakdown_lines, ui_module
    from .tui.words import Speaker

    game = state.game
    console.print(
        f"[bold]{game.title}[/bold] · seed {record.seed} · {len(record.actions)} actions"
        f" · seats {', '.join(record.seats)}"
    )
    ui = ui_module(game)
    if ui is not None:
        ui.render(state.view(None), console, [f"player {p}" for p in range(record.players)])
    else:
        console.print_json(data=state.view(None))
    if state.is_terminal():
        res = state.result()
        console.print(f"Result: {res.summary} · scores {list(res.scores)}")
        for line in breakdown_lines(Speaker(game, lang), res):
            console.print(line, markup=False, highlight=False)


@app.command()
def bench(
    game_ids: Annotated[
        list[str] | None, typer.Argument(metavar="[GAME]...", help="default: every game")
    ] = None,
    seconds: Annotated[float, typer.Option(help="seconds per measurement")] = 3.0,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="print JSON: one game's object, or {games, summary} for several",
        ),
    ] = False,
    save: Annotated[
        Path | None, typer.Option(help="also write the JSON of every game to this file")
    ] = None,
) -> None:
    """Random playouts through the API, as clone+step search steps and on a compiled kernel,
    beside an OpenSpiel yardstick measured in the same run; ratios to it per game."""
    from .arena.bench import print_bench, run_benches, summary_rows

    def progress(game_id: str) -> None:
        if not as_json:
            err_console.print(f"[dim]measuring {game_id} ...[/]")

    try:
        result = run_benches(game_ids, seconds=seconds, on_game=progress)
    except (SpieltischError, ValueError) as err:
        _fail(str(err))
    result["summary"] = summary_rows(result)
    if save is not None:
        save.parent.mkdir(parents=True, exist_ok=True)
        save.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if as_json:
        print(json.dumps(result["games"][0] if len(result["games"]) == 1 else result))
    else:
        print_bench(result, console)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on")] = 8000,
    db: Annotated[
        str,
        typer.Option(help="a SQLAlchemy database URL (default: SQLite in ./data/spieltisch.db)"),
    ] = "sqlite:///data/spieltisch.db",
    cluster: Annotated[
        bool | None,
        typer.Option(
            "--cluster/--no-cluster",
            help="one of several processes on one PostgreSQL (--db): each table is owned by "
            "one process through a lease in the database, reachable through any process, and "
            "taken over when its owner dies (docs/deploy.md) (env SPIELTISCH_CLUSTER=1; "
            "default: off, this process plays every table)",
            show_default=False,
        ),
    ] = None,
    process_id: Annotated[
        str | None,
        typer.Option(
            help="with --cluster: this process's name (letters, digits, '.-_', at most 40), "
            "the same across its restarts, so that a restart takes its tables back at once "
            "(env SPIELTISCH_PROCESS_ID; default: host name and pid)",
            show_default=False,
        ),
    ] = None,
    lease_seconds: Annotated[
        float | None,
        typer.Option(
            help="with --cluster: a table's lease without renewal; a dead process's tables "
            "are taken over after about this long (env SPIELTISCH_LEASE_SECONDS; default: 5)",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Run the game server: lobby, tables and websockets (JSON API at /openapi.json).

    Every setting of the server can also be given in the environment as SPIELTISCH_<NAME>
    (SPIELTISCH_TIME_SCALE, SPIELTISCH_MAX_TABLES...); an option given here wins."""
    import uvicorn

    from .server.app import create_app

    given = {
        name: value
        for name, value in (
            ("cluster", cluster),
            ("process_id", process_id),
            ("lease_seconds", lease_seconds),
        )
        if value is not None
    }
    try:
        server_app = create_app(db, **given)  # opens the database: it fails here, or not at all
    except SpieltischError as err:
        # one line, never wrapped at the terminal's width: a supervisor's log reads it whole
        print(f"error: {err}", file=sys.stderr)
        raise typer.Exit(2) from None
    console.print(f"spieltisch serves on [bold]http://{host}:{port}/[/bold] · database {db}")
    # the server's own lines (tables resumed, taken over, errors) beside uvicorn's
    import logging

    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)-9s %(message)s"))
    server_log = logging.getLogger("spieltisch")
    server_log.addHandler(handler)
    server_log.setLevel(logging.INFO)
    server_log.propagate = False
    # no permessage-deflate: compressing every update cost the server more CPU than any
    # other step of an action (bench/load_server.py, profiled); an update is a few KB
    uvicorn.run(
        server_app,
        host=host,
        port=port,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,
        log_level="info",
    )


def main() -> None:  # pragma: no cover - the console script
    try:
        app()
    except (OptionError, RecordError) as err:
        _fail(str(err))
    except BrokenPipeError:
        sys.exit(0)
