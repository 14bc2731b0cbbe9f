"""The ASGI app: the lobby's JSON API and one websocket per seat.

HTTP (JSON, documented at ``/openapi.json`` and ``/docs``):

- ``GET /api/games``, ``GET /api/games/{id}``: the games, their options and bots;
- ``POST /api/tables``: a new table; the answer holds each human seat's token and invite link
  (given out this once: the database keeps only the tokens' hashes);
- ``GET /api/tables``, ``GET /api/tables/{id}``: tables and a table's public view;
- ``POST /api/tables/{id}/leave`` with ``{"token": ...}``: leave a seat;
- ``GET /api/tables/{id}/record``: a finished game's record (a game in progress keeps its
  record, whose seed would show every hidden card).

- ``POST /api/tables/{id}/again`` with ``{"token": ...}``: after the end, the same seats at a
  new table (their tokens open it too).

Websocket ``/ws/tables/{id}`` with the seat's token (a spectator leaves it out), either as
the query ``?token=...`` or, kept out of every URL, as the subprotocol ``token.<TOKEN>`` next to
``spieltisch`` (``new WebSocket(url, ["spieltisch", "token." + token])``; the server picks
``spieltisch``). The server sends ``welcome`` (with the table's ``timing``), then an ``update``
after every change (``view``, ``legal``, ``events`` the seat may see, ``actors``,
``waiting_for``, ``window``: seconds until the referee closes its window, ``timers``: turn
timers running); a client sends ``{"action": {...}, "id": any}`` and gets ``accepted`` (after
the commit) or ``refused`` with the reason; a message that is not understood gets an ``error``
and the connection stays. When a turn timer runs out, the seat gets ``timeout`` with the action
its stand-in took. A seated person may also send ``{"name": "..."}`` (their display name, in
every seat's ``name``) and ``{"chat": "..."}`` (a line every client gets as ``chat``, with the
table's chat so far on connecting; rate-limited per seat, kept in the database, never given to
a bot); each seat says whether it is ``connected`` and ``thinking`` (waited for, or a bot
deciding). ``{"undo": true}`` takes the seat's last action back with every action after it,
where nothing hidden was revealed to it since: at a table where everyone else is a bot at once;
where other people sit, every seated person gets ``undo_request`` (``seat``, ``index``,
``asked``, ``accepted``), each of the others answers ``{"undo_answer": true}`` or ``false``, and
when all have accepted it is done; the table holds meanwhile, and a decline, a new action at
the table, one of them leaving or ``UNDO_ASK_SECONDS`` without all answers ends it
(``undo_cancelled`` with the ``said`` why). Done, everyone gets ``undone``, the
``history`` anew and an ``update``. A refused undo or answer is an ``error`` with its ``said``.

Security: request bodies are limited (``max_body_bytes``, 413) and so are websocket messages
(``max_message_bytes``); each client address has a token bucket for ``/api`` requests and
websocket connections (``requests_per_second``, 429; a refused websocket is closed with 1008)
and each websocket one for its messages (``messages_per_second``); tokens are compared in
constant time and stored only as hashes; the ``token`` of a URL is masked in every log line
of uvicorn (``HideTokens``: a query parameter whose percent-decoded name is ``token``, however it is
spelled). Each address may have ``tables_per_address`` tables in play (429 over) and
``sockets_per_address`` websockets open (closed with 1008 over); a table where nobody has acted
and no seat is connected goes after ``unjoined_table_seconds``. Errors are JSON ``{"error":
"..."}`` with a 4xx status (503 when the server has as many tables in play as it takes or its
database failed, say a full disk), as ``/openapi.json`` documents them; a wrong method gets 405
with ``Allow``; nothing else, and never a traceback.

The settings (``host.Settings``) are keyword arguments of ``create_app`` or, for ``spieltisch
serve``, environment variables ``SPIELTISCH_<NAME>`` (``SPIELTISCH_TIME_SCALE=0.01``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import unquote_plus

from fastapi import Body, FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import ArgumentError
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from ..bots import available_bots, strongest_bot
from ..core import REFEREE, OptionError, SpieltischError
from ..core.words import Said
from ..registry import GAMES, game_class, load_game
from .cluster import Cluster, process_id
from .host import (
    Connection,
    Hub,
    ServerFull,
    Settings,
    TableHost,
    TableTiming,
    TooManyTables,
    Unavailable,
    said_error,
    table_summary,
)
from .lease import LeasedStore
from .store import Store, check_database, database_url
from .words import browser_words, replay_lines

STATIC = Path(__file__).with_name("static")  # the browser client: plain files, no build step

log = logging.getLogger("spieltisch.server")

DEFAULT_DB = "sqlite:///data/spieltisch.db"

Name = Annotated[str, Field(min_length=1, max_length=64)]
OptionValue = bool | int | float | Annotated[str, Field(max_length=200)]


class NewTable(BaseModel):
    """A table to create."""

    model_config = ConfigDict(extra="forbid")

    game: Name = Field(
        description="a game id from GET /api/games (another name: 400)",
        json_schema_extra={"enum": list(GAMES)},
    )
    seats: list[Name] | None = Field(
        default=None,
        max_length=16,
        description="per seat 'human' or a bot's name (default: one human, the rest the "
        "game's strongest bot)",
    )
    players: int | None = Field(
        default=None, ge=1, le=16, description="the number of players (default: len(seats))"
    )
    options: dict[Name, OptionValue] = Field(
        default_factory=dict, max_length=64, description="the game's options by name"
    )
    takeover: Name | None = Field(
        default=None,
        description="a bot's name: it takes over a seat its person leaves (default: the seat "
        "stays empty); it is also the stand-in when a turn timer runs out",
    )
    grace_seconds: float = Field(
        default=TableTiming.grace_seconds,
        ge=TableTiming.GRACE_RANGE[0],
        le=TableTiming.GRACE_RANGE[1],
        description="slack for the network: added to every referee window (a Mau-Mau slap, an "
        "idle trading phase), and how long a turn action waits while a person owes a word",
    )
    turn_seconds: float | None = Field(
        default=None,
        ge=TableTiming.TURN_RANGE[0],
        le=TableTiming.TURN_RANGE[1],
        description="a turn timer: a person the game waits for longer than this has a bot act "
        "for them once (the takeover bot, else the game's strongest); default: no timer",
    )


class ErrorBody(BaseModel):
    """Every error the API answers: a sentence a person understands."""

    error: str = Field(description="what went wrong, and what to do about it")
    details: list[dict[str, Any]] | None = Field(
        default=None, description="422 only: each invalid field ('where') and why ('msg')"
    )


ERRORS: dict[int, str] = {
    400: "the request is well-formed but not possible (an unknown game, a bad option)",
    403: "the token opens no seat at this table",
    404: "no such game, table or step",
    409: "not yet: the game is still being played",
    413: "the request body is too large",
    422: "the request does not fit its schema",
    429: "too many requests from this address, or too many tables in play made by it; "
    "Retry-After says when to try again where waiting helps",
    503: "the server has as many tables in play as it takes, or its database failed; "
    "nothing was changed",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of an operation's error answers (each an ``ErrorBody``);
    every ``/api`` operation may answer 429 (the rate limit runs before any route)."""
    return {code: {"model": ErrorBody, "description": ERRORS[code]} for code in (*codes, 429)}


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=200)


class BodyTooLarge(HTTPException):
    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {limit} bytes")


class RateLimit:
    """A token bucket per client address for ``/api`` requests and websocket connections:
    ``rate`` a second, ``burst`` at once. Over it: 429 with ``Retry-After``, or a websocket
    closed with 1008 before it opens. The browser client's files are not counted."""

    LIMITED = ("/api/", "/ws/")

    def __init__(self, app: ASGIApp, rate: float, burst: float) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)
        self.pruned = 0.0

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        if len(self.buckets) > 10_000 and now - self.pruned > 1.0:
            # forget the addresses whose buckets have filled up again (at most once a second)
            self.pruned = now
            full = self.burst / self.rate if self.rate > 0 else 0.0
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < full}
        tokens, last = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1.0, now)
        return True

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or not scope["path"].startswith(self.LIMITED):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        if self.allow(client[0] if client else "-"):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "too many requests"})
            return
        wait = max(1, round(1.0 / self.rate)) if self.rate > 0 else 60
        response = JSONResponse(
            {"error": "too many requests; slow down"},
            status_code=429,
            headers={"Retry-After": str(wait)},
        )
        await response(scope, receive, send)


_TOKEN_IN_TEXT = re.compile(r"(token[=.])[^\s&\"',;]+", re.IGNORECASE)
_QUERY = re.compile(r"\?([^\s\"'#]+)")


def _query_name(name: str) -> str:
    """A query parameter's name as a server reads it: percent-decoded (``tok%65n`` is
    ``token``), and again while that changes it, so no spelling of the name escapes."""
    for _ in range(5):
        decoded = unquote_plus(name)
        if decoded == name:
            break
        name = decoded
    return name.strip().lower()


def _mask_query(match: re.Match[str]) -> str:
    pairs = re.split(r"([&;])", match.group(1))  # the separators kept, at odd places
    for i in range(0, len(pairs), 2):
        name, eq, _ = pairs[i].partition("=")
        if eq and "token" in _query_name(name):
            pairs[i] = f"{name}=***"
    return "?" + "".join(pairs)


def hide_tokens(text: str) -> str:
    """``text`` with every seat token masked: the value of each query parameter whose
    decoded name is a token's (``?token=``, ``?tok%65n=``), and a subprotocol ``token.``."""
    if "?" in text:
        text = _QUERY.sub(_mask_query, text)
    return _TOKEN_IN_TEXT.sub(r"\1***", text)


class HideTokens(logging.Filter):
    """Masks seat tokens in log lines: uvicorn logs every request's path with its query
    (``/ws/tables/ID?token=...``, the invite link ``/tables/ID?token=...``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide_tokens(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: hide_tokens(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True


LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "uvicorn.asgi", "websockets.server")


def hide_tokens_in_logs() -> None:
    """Put ``HideTokens`` on every logger that writes request lines (idempotent)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideTokens) for f in logger.filters):
            logger.addFilter(HideTokens())


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", []):
            if key == b"content-length":
                try:
                    too_large = int(value) > self.limit
                except ValueError:
                    too_large = True
                if too_large:
                    response = JSONResponse(
                        {"error": BodyTooLarge(self.limit).detail}, status_code=413
                    )
                    await response(scope, receive, send)
                    return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        await self.app(scope, limited, send)


def create_app(
    db_url: str = DEFAULT_DB, time_scale: float | None = None, **settings: Any
) -> FastAPI:
    """The server on the database at ``db_url`` (SQLite or PostgreSQL; created when missing).

    ``time_scale`` multiplies every bot reaction and referee window (tests run at 0.002);
    further ``Settings`` by keyword (``max_body_bytes``, ``messages_per_second``...); what is
    not given comes from the environment (``SPIELTISCH_TIME_SCALE``...) or the defaults.
    """
    if time_scale is not None:
        settings["time_scale"] = time_scale
    config = Settings.from_env(**settings)
    try:
        backend = database_url(db_url).get_backend_name()
    except ArgumentError:
        raise OptionError(f"not a database URL: {db_url!r}") from None
    if backend not in ("sqlite", "postgresql"):
        raise OptionError(f"the server keeps its tables in SQLite or PostgreSQL, not {backend}")
    me = ""
    if config.cluster:
        if backend != "postgresql":
            raise OptionError(
                "a cluster of server processes shares one PostgreSQL database; "
                "SQLite serves one process (leave --cluster out)"
            )
        if not config.lease_seconds > 0:
            raise OptionError(f"lease_seconds must be more than 0, not {config.lease_seconds}")
        try:
            me = process_id(config.process_id)
        except ValueError as err:
            raise OptionError(str(err)) from None
    # now, not when uvicorn runs the lifespan: a database that cannot be opened or written
    # stops the server with one line before it says it serves (DatabaseError)
    check_database(db_url)
    hide_tokens_in_logs()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hide_tokens_in_logs()  # again: uvicorn may have set its loggers up since
        if config.cluster:
            hub = Hub(LeasedStore(db_url, me, config.lease_seconds), config)
            hub.cluster = Cluster(hub)
        else:
            hub = Hub(Store(db_url), config)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="spieltisch",
        summary="German table games by their real rules: lobby, tables, seats, websockets",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, limit=config.max_body_bytes)
    app.add_middleware(  # the outermost: counted before anything else is done
        RateLimit, rate=config.requests_per_second, burst=config.request_burst
    )
    _errors(app)
    _routes(app)
    # after every API route, so that /api and /ws are never shadowed by a file
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="client")
    return app


def hub_of(request: Request | WebSocket) -> Hub:
    return request.app.state.hub


def client_address(request: Request | WebSocket) -> str:
    """The client's address, which the limits per address count (behind a proxy, run
    uvicorn with ``--proxy-headers`` so that it is the person's, not the proxy's)."""
    client = request.client
    return client.host if client is not None else "-"


def allowed_methods(app: FastAPI, path: str) -> set[str]:
    """The methods of the API routes whose path matches ``path`` (empty: no route does)."""
    methods: set[str] = set()
    for route in app.routes:
        regex = getattr(route, "path_regex", None)
        if isinstance(route, APIRoute) and regex is not None and regex.match(path):
            methods |= route.methods
    return methods


def _errors(app: FastAPI) -> None:
    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        status, detail, headers = exc.status_code, exc.detail, dict(exc.headers or {})
        if status in (404, 405) and request.url.path.startswith("/api/"):
            # the browser client's files are served under "/", so a wrong method on an API
            # path reaches them (404 or a 405 for files): say which methods the path takes
            allowed = allowed_methods(request.app, request.url.path)
            if allowed and request.method not in allowed:
                status, detail = 405, f"{request.method} is not allowed here"
                headers["Allow"] = ", ".join(sorted(allowed))
        if status == 405 and "Allow" not in headers:
            headers["Allow"] = "GET, HEAD"
        if status == 400 and detail == "There was an error parsing the body":
            # FastAPI's answer to a body that is not UTF-8 JSON: the 422 of every bad body
            status, detail = 422, "invalid request: the body is not JSON (UTF-8 text)"
        elif status == 404 and detail == "Not Found":
            detail = f"nothing at {request.url.path[:200]}"
        elif status == 405 and detail == "Method Not Allowed":
            detail = f"{request.method} is not allowed here"
        return JSONResponse({"error": detail}, status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        details = [
            {"where": ".".join(str(x) for x in e.get("loc", ()) if x != "body"), "msg": e["msg"]}
            for e in exc.errors()
        ]
        text = "; ".join(f"{d['where'] or 'body'}: {d['msg']}" for d in details[:5])
        return JSONResponse({"error": f"invalid request: {text}", "details": details}, 422)

    @app.exception_handler(SpieltischError)
    async def game_error(_request: Request, exc: SpieltischError) -> JSONResponse:
        if isinstance(exc, TooManyTables):
            return JSONResponse({"error": str(exc)}, status_code=429)
        if isinstance(exc, ServerFull | Unavailable):
            return JSONResponse({"error": str(exc)}, status_code=503, headers={"Retry-After": "5"})
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(Exception)
    async def crash(_request: Request, exc: Exception) -> JSONResponse:
        log.error("unhandled error", exc_info=exc)
        return JSONResponse({"error": "internal server error"}, status_code=500)


def game_json(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    game = load_game(game_id)
    return {
        "id": game_id,
        "title": game.title,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "default_players": game.default_players,
        "options": [
            {**o.to_json(), "default": game.options[o.name], "min": o.min, "max": o.max}
            for o in cls.OPTIONS
            if not (o.type is str and o.choices is None)  # file names: not over the network
        ],
        "bots": sorted(available_bots(game)),
        "strongest_bot": strongest_bot(game),
        "rules": cls.RULES,
    }


async def _table(request: Request, table_id: str) -> TableHost:
    host = await hub_of(request).find(table_id)
    if host is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return host


def _routes(app: FastAPI) -> None:
    @app.get("/api/games", tags=["lobby"], responses=errors())
    async def list_games() -> list[dict[str, Any]]:
        """Every game with its options (name, type, default, doc, choices, min, max) and bots."""
        return [game_json(g) for g in GAMES]

    @app.get("/api/words", tags=["lobby"], responses=errors())
    async def get_words() -> dict[str, Any]:
        """Every word the pages show, per language: the site's and every game's catalog."""
        return browser_words()

    @app.get("/api/games/{game_id}", tags=["lobby"], responses=errors(404, 422))
    async def get_game(game_id: str) -> dict[str, Any]:
        if game_id not in GAMES:
            raise HTTPException(404, f"no game {game_id!r}; the games are {', '.join(GAMES)}")
        return game_json(game_id)

    @app.post("/api/tables", status_code=201, tags=["lobby"], responses=errors(400, 413, 422, 503))
    async def create_table(request: Request, new: NewTable) -> dict[str, Any]:
        """Create a table. The answer is the only place the seats' tokens ever appear.
        One address has at most ``tables_per_address`` tables in play (429 over); a table
        where nobody acts or connects a seat is removed after ``unjoined_table_seconds``."""
        if new.game not in GAMES:
            raise HTTPException(400, f"unknown game {new.game!r}; the games are {', '.join(GAMES)}")
        seats = new.seats
        if seats is None:
            game = load_game(new.game)
            n = new.players or game.default_players
            seats = ["human", *[strongest_bot(game)] * (n - 1)]
        elif new.players is not None and new.players != len(seats):
            raise HTTPException(400, f"players is {new.players} but {len(seats)} seats are given")
        takeover = new.takeover if new.takeover not in (None, "none", "") else None
        timing = TableTiming(grace_seconds=new.grace_seconds, turn_seconds=new.turn_seconds)
        host, tokens = await hub_of(request).create(
            new.game, seats, new.options, takeover, timing, creator=client_address(request)
        )
        base = str(request.base_url).rstrip("/")
        ws_base = "ws" + base[4:] if base.startswith("http") else base
        out = host.summary()
        for seat in out["seats"]:
            token = tokens.get(seat["seat"])
            if token is not None:
                seat["token"] = token
                seat["invite"] = f"{base}/tables/{host.id}?token={token}"
                seat["websocket"] = f"{ws_base}/ws/tables/{host.id}?token={token}"
        out["spectate"] = f"{ws_base}/ws/tables/{host.id}"
        return out

    @app.get("/api/tables", tags=["lobby"], responses=errors(503))
    async def list_tables(request: Request) -> list[dict[str, Any]]:
        """The newest tables first (at most 200), live ones with who is connected."""
        hub = hub_of(request)
        rows = await hub.db(hub.store.list_tables)
        out = []
        for row in rows:
            host = hub.live(row.id)
            if host is not None:
                out.append(host.summary())
            else:
                seats = [
                    {
                        "seat": s.seat,
                        "kind": "empty" if s.left else ("human" if s.human else "bot"),
                        "bot": None if s.human else s.kind,
                        "connected": 0,
                    }
                    for s in row.seats
                ]
                out.append(table_summary(row, row.status, seats))
        return out

    @app.get("/api/tables/{table_id}", tags=["tables"], responses=errors(404, 422, 503))
    async def get_table(request: Request, table_id: str) -> dict[str, Any]:
        """A table with its public view (what a spectator sees)."""
        host = await _table(request, table_id)
        return await host.public()

    @app.get(
        "/api/tables/{table_id}/record",
        tags=["tables"],
        responses={200: {"description": "the record (JSON)"}, **errors(404, 409, 422, 503)},
    )
    async def get_record(request: Request, table_id: str) -> JSONResponse:
        """A finished game's record, to download and replay (``spieltisch replay FILE``), with
        the table's chat beside it (``chat``: seat, text, time per line; a replay reads only
        the record's own keys)."""
        host = await _table(request, table_id)
        if not host.finished:
            raise HTTPException(
                409,
                "the game is not over; its record holds the seed and so every hidden card, "
                "and is given out when the game has ended",
            )
        chat = [dict(line) for line in await host.chat_lines()]
        return JSONResponse(
            {**host.record.to_json(), "chat": chat},
            headers={
                "Content-Disposition": (
                    f'attachment; filename="spieltisch-{host.record.game}-{host.id}.json"'
                )
            },
        )

    @app.get(
        "/api/tables/{table_id}/record/{step}",
        tags=["tables"],
        responses=errors(404, 409, 422, 503),
    )
    async def get_record_step(
        request: Request,
        table_id: str,
        step: int,
        seat: Annotated[int | None, Query(ge=0, le=15)] = None,
    ) -> dict[str, Any]:
        """A finished game after its first ``step`` actions, as a spectator sees it: the view,
        and the action ``step - 1`` with its public events (the replay viewer steps with it).
        With ``seat``, as that seat saw it, its hand and its own events too: after the end the
        whole game may be revealed, one seat's eyes at a time."""
        host = await _table(request, table_id)
        if not host.finished:
            raise HTTPException(409, "the game is not over; its steps are given out at the end")
        record = host.record
        if not 0 <= step <= len(record.actions):
            raise HTTPException(404, f"step {step} is outside 0..{len(record.actions)}")
        if seat is not None and seat >= record.players:
            raise HTTPException(404, f"seat {seat} is outside 0..{record.players - 1}")
        state = record.replay(host.state.game, max(step - 1, 0))
        out: dict[str, Any] = {"step": step, "player": None, "action": None, "events": []}
        if step:
            player, action = record.actions[step - 1]
            events = state.apply(player, action)
            out["player"] = "referee" if player == REFEREE else player
            out["action"] = dict(action)
            out["events"] = [e.to_json() for e in events if e.visible_for(seat)]
        out["seat"] = seat
        out["view"] = state.view(seat)
        return out

    @app.get("/api/tables/{table_id}/lines", tags=["tables"], responses=errors(404, 409, 422, 503))
    async def get_lines(request: Request, table_id: str) -> dict[str, Any]:
        """A finished game's steps in words (the replay's labels and log lines): each action
        and its public events as sentences of the game's words catalog, ``{"key", "args"}``,
        which the page says in its language with ``GET /api/words``."""
        host = await _table(request, table_id)
        if not host.finished:
            raise HTTPException(409, "the game is not over; its steps are given out at the end")
        return replay_lines(host.state.game, host.record)

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        """An invite or spectator link opens the table page (it reads the id from the path)."""
        return FileResponse(STATIC / "table.html")

    @app.post(
        "/api/tables/{table_id}/leave", tags=["tables"], responses=errors(403, 404, 413, 422, 503)
    )
    async def leave(
        request: Request, table_id: str, seat_token: Annotated[SeatToken, Body()]
    ) -> dict[str, Any]:
        """Leave your seat (the token says which). A takeover bot sits down, if the table
        has one; otherwise the seat stays empty. The token opens nothing afterwards."""
        hub = hub_of(request)
        host = hub.live(table_id)
        if host is None and hub.cluster is not None:  # in play in another process
            host = await hub.find(table_id)
        if host is None:
            raise HTTPException(404, f"no table {table_id!r} in play")
        seat = host.seat_for_token(seat_token.token)
        if seat is None:
            raise HTTPException(403, "this token opens no seat at this table")
        return {"seat": seat, "now": await host.leave_json(seat)}

    @app.post(
        "/api/tables/{table_id}/again",
        status_code=201,
        tags=["tables"],
        responses=errors(403, 404, 409, 413, 422, 503),
    )
    async def play_again(
        request: Request, table_id: str, seat_token: Annotated[SeatToken, Body()]
    ) -> dict[str, Any]:
        """After the end, "play again": a new table with the same game, options and seats,
        made once (every later call answers the same table). Each person's token opens their
        seat there too, so nobody needs a new link; the players at the old table are told
        (``again``) and its summary names the new one (``next``)."""
        host = await _table(request, table_id)
        seat = host.seat_for_token(seat_token.token)
        if seat is None:
            raise HTTPException(403, "this token opens no seat at this table")
        if not host.finished:
            raise HTTPException(409, "the game is not over; play again when it has ended")
        new = await hub_of(request).again(host, seat, client_address(request))
        return new.summary()

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        offered = [str(p) for p in websocket.scope.get("subprotocols") or []]
        token = websocket.query_params.get("token")
        in_protocol = next((p for p in offered if p.startswith("token.")), None)
        if token is None and in_protocol is not None:
            token = in_protocol.removeprefix("token.")
        # a client that offers subprotocols must get one of them back
        chosen = "spieltisch" if "spieltisch" in offered else in_protocol
        await websocket.accept(subprotocol=chosen)
        hub, address = hub_of(websocket), client_address(websocket)
        if not hub.open_socket(address):
            limit = hub.settings.sockets_per_address
            await _refuse(websocket, 1008, f"this address has {limit} websockets open, the most")
            return
        try:
            await _serve_socket(websocket, table_id, token)
        except WebSocketDisconnect:
            pass
        except Exception:  # never a traceback to the client: logged here, closed there
            log.exception("table %s: a websocket failed", table_id[:64])
            with contextlib.suppress(Exception):
                await _refuse(websocket, 1011, "internal server error")
        finally:
            hub.close_socket(address)


async def _serve_socket(websocket: WebSocket, table_id: str, token: str | None) -> None:
    hub = hub_of(websocket)
    try:
        host = await hub.find(table_id)
    except SpieltischError:
        host = None
    if host is None:
        await _refuse(websocket, 4404, f"no table {table_id!r}")
        return
    seat = None
    if token is not None:
        seat = host.seat_for_token(token)
        if seat is None:
            await _refuse(websocket, 4403, "this token opens no seat at this table")
            return
    conn = Connection(seat)
    await host.attach(conn)
    writer = asyncio.get_running_loop().create_task(_write(websocket, conn))
    try:
        await _read(websocket, host, conn, hub.settings)
    finally:
        host.detach(conn)
        conn.close()
        writer.cancel()


async def _refuse(websocket: WebSocket, code: int, reason: str) -> None:
    await websocket.send_json({"type": "error", "error": reason})
    await websocket.close(code)


async def _write(websocket: WebSocket, conn: Connection) -> None:
    try:
        while True:
            message = await conn.queue.get()
            if message is None:
                await websocket.close(conn.close_code)
                return
            await websocket.send_text(message if isinstance(message, str) else json.dumps(message))
    except Exception:  # the client is gone; the reader sees it too
        conn.closed = True


async def _read(websocket: WebSocket, host: TableHost, conn: Connection, cfg: Settings) -> None:
    def error(text: str) -> None:
        conn.push({"type": "error", "error": text})

    while not conn.closed:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            raw = message.get("bytes") or b""
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                error("messages are JSON text (UTF-8)")
                continue
        if len(text) > cfg.max_message_bytes:
            error(f"a message holds at most {cfg.max_message_bytes} bytes")
            continue
        if not conn.allow(cfg.messages_per_second, cfg.message_burst):
            error("too many messages; slow down")
            continue
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as err:
            error(f'malformed JSON ({err}); send {{"action": {{...}}}}')
            continue
        if isinstance(data, dict) and "action" not in data and len(data) == 1:
            if "chat" in data:  # a line for the table's people (never for its bots)
                await host.say(conn, data["chat"])
                continue
            if "name" in data:  # the seat's display name
                await host.rename(conn, data["name"])
                continue
            if "undo" in data:  # take the last own action back (or ask the others to)
                if data["undo"] is True:
                    await host.undo(conn)
                else:
                    conn.push(said_error(Said("r.undo.json")))
                continue
            if "undo_answer" in data:  # accept or decline another person's undo
                await host.undo_answer(conn, data["undo_answer"])
                continue
        if not isinstance(data, dict) or "action" not in data:
            error(
                'send {"action": {...}} (optionally with an "id" to match the answer), '
                '{"chat": "a line"}, {"name": "your name"}, {"undo": true} or '
                '{"undo_answer": true}'
            )
            continue
        request_id = data.get("id")
        if not (
            request_id is None
            or (isinstance(request_id, int | float) and not isinstance(request_id, bool))
            or (isinstance(request_id, str) and len(request_id) <= 64)
        ):
            request_id = None
        await host.submit(conn, data["action"], request_id)
