"""Where the pipeline's embedding units run: the engine thread (``BackgroundRunner``, ``engine.runtime``'s
scheduler), or the calling thread, when it asks (``InlineRunner``: an inline run)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import Any, Protocol

from engine.core import NOT_READY


class BackgroundRunner(Protocol):
    """The engine thread as the pipeline needs it (``engine.runtime``'s scheduler).

    Optional: an ``interactive_idle`` Event, set while no interactive work runs or waits (OCR pauses while it is
    clear)."""

    def background(
        self, gen_fn: Callable[..., Iterator[Any]], *args: Any, label: str = "", **kwargs: Any
    ) -> Future: ...

    def wake(self) -> None: ...


class InlineRunner:
    """Background jobs run on the calling thread, when it asks (``run_ready``): an inline run's engine thread."""

    def __init__(self) -> None:
        self._jobs: list[tuple[Iterator[Any], Future]] = []

    def background(
        self, gen_fn: Callable[..., Iterator[Any]], *args: Any, label: str = "", **kwargs: Any
    ) -> Future:
        fut: Future = Future()
        fut.set_running_or_notify_cancel()
        self._jobs.append((gen_fn(*args, **kwargs), fut))
        return fut

    def wake(self) -> None:
        """Nothing is parked: the caller runs the jobs (``run_ready``) when it has queued their input."""

    def run_ready(self) -> None:
        """Run each job's units until it has nothing ready (``NOT_READY``) or ends (its future resolves)."""
        for job in list(self._jobs):
            gen, fut = job
            try:
                while next(gen) is not NOT_READY:
                    pass
            except StopIteration as stop:
                self._jobs.remove(job)
                fut.set_result(stop.value)
            except BaseException as exc:  # noqa: BLE001 - the job's error is its future's, as on the engine thread
                self._jobs.remove(job)
                fut.set_exception(exc)


def interactive_idle_gate(runner) -> threading.Event | None:
    """The runner's gate that background-only work (OCR) waits on between slices, when it has one."""
    return getattr(runner, "interactive_idle", None)


def run_unit(runner, fn: Callable[[Any], Any], arg: Any, label: str) -> Any:
    """``fn(arg)`` as one background unit on the runner's thread (the engine thread, or this one for an
    ``InlineRunner``); waits for it and returns its result here."""

    def unit() -> Iterator[Any]:
        out = fn(arg)
        yield 1
        return out

    fut = runner.background(unit, label=label)
    run_ready = getattr(runner, "run_ready", None)
    if run_ready is not None:  # inline: this thread is the engine thread
        run_ready()
    else:
        runner.wake()
    return fut.result()
