"""How ``pytest -n 2`` (``make test``) shares the suite between its two processes.

The browser tests (``tests/e2e``) run one after another on one process, while the other takes
the rest of the suite test by test; the first to finish then helps with what is left. They
wait on a page and a server more than they compute, and two browsers at once on a two-core box
only slowed each other down until clicks and waits ran out of time.

xdist's own ``--dist loadgroup`` would do this with an ``xdist_group`` mark, but under pytest
9.2 it no longer groups (it renames node ids, which pytest 9.2 no longer reads:
pytest-dev/pytest-xdist#1386), so the grouping is given here through xdist's scheduler hook.
"""

from __future__ import annotations

from typing import Any

import pytest

BROWSER_TESTS = "tests/e2e/"


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist load`` (what ``-n`` gives) with the browser tests as one unit of work.

    xdist's scope scheduler hands out units of work, the largest first: the browser tests'
    unit starts at once on one process, and every other test is a unit of its own."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return BROWSER_TESTS if nodeid.startswith(BROWSER_TESTS) else nodeid

    return BrowserTestsTogether(config, log)
