"""End-to-end fixtures: the real server (uvicorn on a free port, SQLite in a temporary folder)
in a thread of the test process, started once per test module, and Debian's Chromium driven by
Playwright, started once for all of them.

Playwright never downloads a browser here: it launches ``/usr/bin/chromium`` (``make system``
installs it). Tables get the seeds the tests queue with ``server.seeds`` (the server's own
secret seeds otherwise), so a test can deal the cards it needs.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import playwright.sync_api as playwright_api
import pytest

CHROMIUM = os.environ.get("SPIELTISCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIME_SCALE = 0.1
"""Bots react and referee windows close at a tenth of their real time (a slap of 2 s: 0.2 s)."""

SCREENSHOTS = os.environ.get("SPIELTISCH_SCREENSHOTS")
"""Where the screenshot test saves each game's table page (docs/screenshots for the README);
unset, the screenshots go to a temporary folder, so a test run changes no file of the repo."""


class _Seeds:
    """Stands in for ``secrets`` in ``server.host``: queued seeds first, then secret ones."""

    def __init__(self) -> None:
        self.queue: list[int] = []

    def randbelow(self, n: int) -> int:
        if self.queue:
            return self.queue.pop(0) % n
        return secrets.randbelow(n)

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


@dataclass
class Server:
    url: str
    seeds: _Seeds
    app: Any = field(repr=False)

    def create(self, seed: int | None = None, **body: Any) -> Any:
        """A table made through the API (the lobby's form is tested on its own)."""
        import json
        import urllib.error
        import urllib.request

        if seed is not None:
            self.seeds.queue.append(seed)
        req = urllib.request.Request(
            f"{self.url}/api/tables",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as err:
            raise AssertionError(f"POST /api/tables {body}: {err.read().decode()}") from None

    def seat_url(self, table: dict[str, Any], seat: int | None = None) -> str:
        if seat is None:
            return f"{self.url}/table.html?table={table['id']}"
        return f"{self.url}/table.html?table={table['id']}&token={table['seats'][seat]['token']}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server per test module: the seed queue is patched into ``server.host`` only while
    this module's tests run."""
    import uvicorn

    from spieltisch.server import host
    from spieltisch.server.app import create_app

    folder = tmp_path_factory.mktemp("e2e-db")
    seeds = _Seeds()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(host, "secrets", seeds)
        app = create_app(f"sqlite:///{folder / 'spieltisch.db'}", time_scale=TIME_SCALE)
        port = _free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws="auto")
        uv = uvicorn.Server(config)
        thread = threading.Thread(target=uv.run, name="e2e-uvicorn", daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not uv.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        try:
            yield Server(f"http://127.0.0.1:{port}", seeds, app)
        finally:
            uv.should_exit = True
            thread.join(15)


class _Chromium:
    """One Chromium for all the browser tests, started by the first of them and closed after the
    last (``pytest_runtest_teardown`` below): starting Playwright's driver and the browser took
    about 2 s a module, 40 s a run. They run one after another on one process
    (``tests/conftest.py``), so the last is the one before a test outside ``tests/e2e``, or the
    end; Playwright's event loop ends with it, so the tests after them run as if it had never
    been there."""

    def __init__(self) -> None:
        self.playwright: Any = None
        self.browser: Any = None

    def get(self) -> Any:
        if self.browser is not None and not self.browser.is_connected():
            self.close()  # it crashed: the next tests get a new one, not the same failure
        if self.browser is None:
            if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
                pytest.fail(f"no Chromium at {CHROMIUM}: run `make system` (Debian's chromium)")
            self.playwright = playwright_api.sync_playwright().start()
            try:
                self.browser = self.playwright.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS
                )
            except BaseException:
                self.close()
                raise
        return self.browser

    def close(self) -> None:
        try:
            if self.browser is not None and self.browser.is_connected():
                self.browser.close()
        finally:
            self.browser = None
            if self.playwright is not None:
                self.playwright.stop()
                self.playwright = None


_CHROMIUM = _Chromium()


class _Watch:
    """What the pages of the test now running did on the wire, told beside a failure.

    A wait that runs out says only that the page never showed what the test waited for; this
    says whether its websocket closed and opened again meanwhile, which frames came last, what
    the page's console complained of, and where the page stood when the test gave up (its
    connection, its queue of updates, its last update): the difference between a page that fell
    behind, a connection that dropped, and a server that never answered."""

    FRAMES = 8  # the last frames of each socket, each cut to ...
    CUT = 120  # ... this many characters

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """A new test: nothing seen yet."""
        self.start = time.monotonic()
        self.lines: list[str] = []
        self.frames: dict[int, deque[str]] = {}
        self.tags: dict[int, str] = {}  # id(page) -> "page N", N in the order they opened

    def note(self, what: str) -> None:
        self.lines.append(f"{time.monotonic() - self.start:7.2f}s {what}")

    def page(self, page: Any) -> None:
        tag = self.tags[id(page)] = f"page {len(self.tags) + 1}"
        self.note(f"{tag} opened")
        page.on("websocket", lambda ws: self.socket(tag, ws))
        page.on("close", lambda _p: self.note(f"{tag} closed"))
        page.on("console", lambda m: self.console(tag, m))

    def console(self, tag: str, message: Any) -> None:
        if message.type in ("error", "warning"):
            self.note(f"{tag} console {message.type}: {message.text}")

    def socket(self, tag: str, ws: Any) -> None:
        frames = self.frames.setdefault(id(ws), deque(maxlen=self.FRAMES))
        self.note(f"{tag} websocket opened")

        def frame(way: str, payload: Any) -> None:
            text = payload if isinstance(payload, str) else f"<{len(payload)} bytes>"
            frames.append(f"{time.monotonic() - self.start:7.2f}s {way} {text[: self.CUT]}")

        ws.on("framesent", lambda p: frame("sent", p))
        ws.on("framereceived", lambda p: frame("got", p))
        ws.on("socketerror", lambda e: self.note(f"{tag} websocket error: {e}"))

        def closed(_ws: Any) -> None:
            self.note(f"{tag} websocket closed; its last frames:")
            self.lines.extend(f"          {f}" for f in self.frames.pop(id(ws), ()))

        ws.on("close", closed)

    def report(self) -> str:
        """The events so far, then every open page's state as the page itself reads it."""
        out = list(self.lines)
        browser = _CHROMIUM.browser
        for ctx in browser.contexts if browser is not None and browser.is_connected() else []:
            for page in ctx.pages:
                try:  # a wait, not an evaluate: a page stuck in a script holds no test up
                    state = page.wait_for_function(PAGE_STATE, timeout=3_000).json_value()
                except Exception as err:  # a page that cannot answer says so
                    state = f"no answer: {err}"
                tag = self.tags.get(id(page), "a page")
                out.append(f"now: {tag} {page.url}: {state}")
        for frames in self.frames.values():
            out.append("an open websocket's last frames:")
            out.extend(f"          {f}" for f in frames)
        return "\n".join(out)


PAGE_STATE = """() => {
  const p = window.spieltisch;
  if (!p) return "no table page";
  const u = p.update;
  return JSON.stringify({
    conn: document.body.dataset.conn, seat: p.seat, stats: p.stats, queued: (p.queue || []).length,
    seq: u && u.seq, status: u && u.status, waiting_for: u && u.waiting_for,
    phase: u && u.view && u.view.phase, legal: u && (u.legal || []).length,
    sent: p.sent ? [...p.sent.values()].slice(-3) : null,
    latest: p.latest && p.latest.seq, chat: (p.chat || []).length,
  });
}"""

_WATCH = _Watch()


class _Watched:
    """The shared Chromium as the tests see it: every context it makes reports its pages to
    ``_WATCH``; everything else is the browser's own."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **kwargs: Any) -> Any:
        ctx = self._browser.new_context(**kwargs)
        ctx.on("page", _WATCH.page)
        return ctx

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture
def browser() -> Any:
    """The browser tests' Chromium (one for all of them): each test makes its own contexts."""
    _WATCH.reset()
    return _Watched(_CHROMIUM.get())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A browser test that failed gets a section "browser": ``_Watch.report``."""
    report = yield
    if report.when == "call" and report.failed and "browser" in getattr(item, "fixturenames", ()):
        try:
            report.sections.append(("browser", _WATCH.report()))
        except Exception as err:
            report.sections.append(("browser", f"could not be read: {err!r}"))
    return report


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last browser test of a run of them (this hook sees only tests/e2e's tests):
    Chromium closed and Playwright stopped."""
    here = Path(__file__).parent
    if nextitem is None or here not in nextitem.path.parents:
        _CHROMIUM.close()


@pytest.fixture
def contexts(browser: Any) -> Iterator[Any]:
    """``contexts()``: a fresh browser context (a person at their own machine), in English,
    closed after the test; an uncaught error in any of its pages fails the test."""
    made: list[Any] = []
    errors: list[str] = []

    def new() -> Any:
        ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-GB")
        # every person starts in English; the language test switches. Others' moves are shown
        # at once (the page's pace "off"): test_motion tests the pacing
        ctx.add_init_script(
            "try { if (!localStorage.getItem('spieltisch.lang')) "
            "localStorage.setItem('spieltisch.lang', 'en'); "
            "if (!localStorage.getItem('spieltisch.pace')) "
            "localStorage.setItem('spieltisch.pace', 'off'); } catch (e) {}"
        )
        ctx.set_default_timeout(15_000)
        ctx.on("weberror", lambda e: errors.append(str(e.error)))
        made.append(ctx)
        return ctx

    yield new
    for ctx in made:
        ctx.close()
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.fixture
def context(contexts: Any) -> Any:
    return contexts()


@pytest.fixture
def page(context: Any) -> Any:
    return context.new_page()


class Table:
    """Reading a table page: the last update the page got (``window.spieltisch``)."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def update(self) -> dict[str, Any]:
        return self.page.evaluate("window.spieltisch.update")

    def view(self) -> dict[str, Any]:
        return self.page.evaluate("window.spieltisch.update && window.spieltisch.update.view")

    def legal(self) -> list[dict[str, Any]]:
        return self.page.evaluate("window.spieltisch.update ? window.spieltisch.update.legal : []")

    def wait(self, js: str, timeout: float = 15_000) -> None:
        """Until ``js`` (an expression over ``u``, the last update) is true."""
        self.page.wait_for_function(
            f"() => {{ const u = window.spieltisch && window.spieltisch.update; "
            f"return !!u && !!({js}); }}",
            timeout=timeout,
        )

    def log_text(self) -> str:
        return self.page.inner_text("#log")


@pytest.fixture
def table() -> type[Table]:
    return Table


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def bot_pace(server: Server) -> Iterator[Any]:
    """Sets the server's time scale for one test, as a factor of the module's (the bots'
    thinking pauses, the referee's windows), and puts the module's scale back after it."""
    settings = server.app.state.hub.settings
    before = settings.time_scale

    def scale(factor: float) -> None:
        settings.time_scale = before * factor

    try:
        yield scale
    finally:
        settings.time_scale = before


@pytest.fixture
def fast_bots(bot_pace: Any) -> None:
    """Bots and referee windows at 2 ms a second while the test runs: a whole game of bots
    ends in moments. For tests that wait on the bots' play, not on its pace."""
    bot_pace(0.002 / TIME_SCALE)
