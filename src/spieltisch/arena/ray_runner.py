"""Chunks of games as Ray tasks: a simulation or a tournament that outgrows this machine.

``simulate`` and ``arena`` cut a run into chunks of seeds (game i always uses seed + i), and
each chunk is one call of the same function the local processes run; here each is a Ray task
instead. The results come back in any order (each one advances the progress bar as it
arrives), and the run adds them up in chunk order, so its summary is the local run's, byte for
byte, apart from the time it took.

Without an address a local Ray is started on demand with ``workers`` CPUs (one task per CPU);
with one (``auto`` for the cluster this machine belongs to, ``ray://host:10001`` for a remote
one) the run joins that cluster, and the cluster's CPUs decide how many tasks run at once. Ray
is imported here only, and only when asked for: it is an optional extra
(``pip install spieltisch[ray]``). On a cluster, every node needs spieltisch installed (or a
``runtime_env``) to import the games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import OptionError


def connect(address: str | None, workers: int) -> int:
    """Join the cluster at ``address``, or start a local Ray with ``workers`` CPUs (once per
    process; a Ray already running in this process is used as it is). The CPUs it offers."""
    try:
        import ray
    except ImportError:  # pragma: no cover - the extra is installed by make install
        raise OptionError("--ray needs Ray: pip install 'spieltisch[ray]'") from None
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        else:
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
    return max(1, int(ray.cluster_resources().get("CPU", workers)))


def run_tasks(
    fn: Callable[..., Any],
    calls: Sequence[tuple[Any, ...]],
    on_done: Callable[[int, Any], None] | None = None,
) -> list[Any]:
    """``fn(*args)`` for each of ``calls`` as a Ray task (one CPU each); the results in the
    order of ``calls``. ``on_done(i, result)`` runs here as each task finishes.

    A Ctrl-C here (or any other way out before the end) cancels the tasks not yet back, those
    running as well as those queued: on a cluster they would otherwise play on for nobody,
    holding its CPUs for as long as their games take."""
    import ray

    task = ray.remote(num_cpus=1)(fn)
    refs = [task.remote(*args) for args in calls]
    where = {ref: i for i, ref in enumerate(refs)}
    results: list[Any] = [None] * len(refs)
    pending = list(refs)
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                i = where[ref]
                results[i] = ray.get(ref)
                if on_done is not None:
                    on_done(i, results[i])
    except BaseException:
        _cancel(pending)
        raise
    return results


def _cancel(refs: list[Any], tries: int = 4) -> None:
    """Cancel the tasks of ``refs``, forced (one in the middle of a game stops now). A task
    handed to a worker just then can miss a cancel (a race in Ray, ray-project/ray#24359), so
    those not ended after half a second are cancelled again, a few times."""
    import ray

    left = refs
    for _ in range(tries):
        if not left:
            return
        for ref in left:
            ray.cancel(ref, force=True)
        _, left = ray.wait(left, num_returns=len(left), timeout=0.5)
