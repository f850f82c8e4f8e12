"""The one engine thread that owns every MLX object, and how it picks its next piece of work.

MLX streams are thread-local (mlx >= 0.31.2) and two evaluations must never run at once, so every model, cache and
array is created and evaluated here. Work comes in two priority classes:

- interactive (generate, ask, a search's query embedding, rerank, a model load the user asked for) runs first, in
  submission order, each job to its end: a generation in progress is never interrupted;
- background (the embedding batches of an index run, warm-ups) is a generator whose every ``next()`` is one short
  unit; between two units the scheduler runs whatever interactive work is waiting, so a chat waits at most one unit.

A background generator that has nothing to do yet (its input queue is empty) yields ``NOT_READY``; it is parked
until ``wake()`` (or a short poll) instead of blocking the thread. Results come back through queues and futures;
exceptions travel back as values and are re-raised in the caller's thread. The time a job waits here is part of its
TTFT. ``state()`` is a plain snapshot of what runs and what waits (for the status bar and stats).

``interactive_idle`` is an Event that is set while no interactive work runs or waits: background work that runs
beside this thread (OCR in the extraction workers) waits on it between its slices, so it yields the CPU too.
"""

from __future__ import annotations

import itertools
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Literal

from engine.core import NOT_READY, AlcoveError

log = logging.getLogger(__name__)

Priority = Literal["interactive", "background"]
_DONE = object()
_PARKED_POLL_S = 0.05  # a parked job is retried at least this often, in case a wake() was never sent
_local = threading.local()


class EngineClosedError(AlcoveError, RuntimeError):
    """The engine was shut down before (or while) this work could run."""


class EngineTimeoutError(AlcoveError, TimeoutError):
    """``call(..., timeout=)`` ran out; the message says what the engine was busy with."""


class WrongThreadError(AssertionError):
    """An engine-thread-only function was called from another thread."""


def assert_engine_thread(what: str = "this") -> None:
    """Cheap check (a thread-local read) used by functions that touch MLX objects."""
    if getattr(_local, "scheduler", None) is None:
        raise WrongThreadError(
            f"{what} must run on the engine thread (submit it with engine.run / engine.stream); "
            f"called from {threading.current_thread().name}"
        )


def on_engine_thread() -> bool:
    return getattr(_local, "scheduler", None) is not None


@dataclass(frozen=True)
class _Raised:
    exc: BaseException


@dataclass(frozen=True)
class QueuedWork:
    """One submission waiting for the engine thread."""

    label: str
    priority: Priority
    waited_s: float  # since it was submitted (part of its TTFT)
    waiting_for: str  # the label of what runs now ("" when the engine is between units)
    started: bool = False  # a background job that has run some units and waits for its next one
    parked: bool = False  # a background job with nothing to do until its input arrives


@dataclass(frozen=True)
class SchedulerState:
    running: str  # label of the job or unit running now ("" when idle)
    running_priority: Priority | None
    running_for_s: float
    interactive_queued: int
    background_jobs: int  # background jobs alive (running, waiting for a turn, or parked)
    background_paused: bool  # background work is waiting because interactive work runs or waits
    queued: tuple[QueuedWork, ...]
    background_units: int  # units run since start
    last_unit_s: float  # how long the latest background unit took
    interactive_jobs: int  # interactive jobs run since start
    closed: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "running": self.running,
            "running_priority": self.running_priority,
            "running_for_s": round(self.running_for_s, 3),
            "interactive_queued": self.interactive_queued,
            "background_jobs": self.background_jobs,
            "background_paused": self.background_paused,
            "queued": [
                {
                    "label": q.label,
                    "priority": q.priority,
                    "waited_s": round(q.waited_s, 3),
                    "waiting_for": q.waiting_for,
                    "started": q.started,
                    "parked": q.parked,
                }
                for q in self.queued
            ],  # fmt: skip
            "background_units": self.background_units,
            "last_unit_s": round(self.last_unit_s, 4),
            "interactive_jobs": self.interactive_jobs,
            "closed": self.closed,
        }


class _Job:
    __slots__ = ("label", "priority", "submitted", "make", "future", "emit", "gen", "parked", "seq")

    def __init__(self, label: str, priority: Priority, make: Callable[[], Iterator[Any]], future: Future,
                 emit: Callable[[Any], None] | None, seq: int) -> None:  # fmt: skip
        self.label, self.priority, self.make, self.future, self.emit = label, priority, make, future, emit
        self.submitted = time.perf_counter()
        self.gen: Iterator[Any] | None = None
        self.parked = False
        self.seq = seq


class EngineThread:
    """The scheduler and its thread. ``call``/``submit``/``stream`` are interactive; ``background`` is not."""

    def __init__(self, name: str = "alcove-engine") -> None:
        self._cond = threading.Condition()
        self._interactive: deque[_Job] = deque()
        self._background: deque[_Job] = deque()  # round-robin: the job at the left runs the next unit
        self._woken = False
        self._closed = False
        self._current: _Job | None = None
        self._current_since = 0.0
        self._units = 0
        self._jobs_run = 0
        self._last_unit_s = 0.0
        self._seq = itertools.count()
        self._stream = None
        self.interactive_idle = threading.Event()  # set: no interactive work runs or waits
        self.interactive_idle.set()
        self.startup_error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    # -- the thread -------------------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            import mlx.core as mx

            # Streams are thread-local: make one for this thread and make it the default for everything we run.
            self._stream = mx.new_thread_local_stream(mx.default_device())
        except BaseException as exc:  # noqa: BLE001 - a broken MLX install must fail every job, not hang it
            log.error("the engine could not start MLX: %s", exc)
            self.startup_error = exc
            self._fail_all(RuntimeError(f"The engine could not start MLX: {exc}"), until_closed=True)
            return
        _local.scheduler = self
        with mx.stream(self._stream):
            while (job := self._next()) is not None:
                self._step(job)
        self._fail_all(EngineClosedError("The engine shut down before this work ran."))
        # Destroy this thread's MLX streams before the thread ends. Left to thread-exit destructors, a stream that
        # compiled MLX functions have run on aborts the process at exit ("terminate called without an active
        # exception").
        self._stream = None
        mx.synchronize()
        mx.clear_streams()

    def _next(self) -> _Job | None:
        """The next job to step: waiting interactive work first, else the next ready background job."""
        with self._cond:
            while True:
                if self._closed:
                    self.interactive_idle.set()  # nothing beside the thread may wait for a gate that never opens
                    return None
                if self._woken:
                    self._woken = False
                    for j in self._background:
                        j.parked = False
                if self._interactive:
                    job = self._interactive.popleft()
                    if not job.future.set_running_or_notify_cancel():
                        continue  # timed out or cancelled before it started
                    break
                job = next((j for j in self._background if not j.parked), None)
                if job is not None:
                    self._background.remove(job)
                    if job.gen is None and not job.future.set_running_or_notify_cancel():
                        continue
                    break
                self._cond.wait(_PARKED_POLL_S if self._background else None)
                if self._background:  # a poll: retry parked jobs even without a wake()
                    self._woken = True
            self._current, self._current_since = job, time.perf_counter()
            self._update_gate()
            return job

    def _update_gate(self) -> None:
        """Open or close ``interactive_idle`` (under ``_cond``) from what runs and waits now."""
        cur = self._current
        if self._interactive or (cur is not None and cur.priority == "interactive"):
            self.interactive_idle.clear()
        else:
            self.interactive_idle.set()

    def _step(self, job: _Job) -> None:
        """Interactive: run the whole job. Background: run one unit, then requeue it at the back."""
        t0 = time.perf_counter()
        requeue = False
        try:
            if job.gen is None:
                job.gen = job.make()
            if job.priority == "interactive":
                while True:
                    try:
                        item = next(job.gen)
                    except StopIteration as stop:
                        self._resolve(job, stop.value)
                        break
                    if job.emit is not None:
                        job.emit(item)
            else:
                try:
                    item = next(job.gen)
                except StopIteration as stop:
                    self._resolve(job, stop.value)
                else:
                    requeue = True
                    if item is NOT_READY:
                        job.parked = True
                    elif job.emit is not None:
                        job.emit(item)
        except BaseException as exc:  # noqa: BLE001 - errors cross the thread as values
            self._fail(job, exc)
        finally:
            with self._cond:
                self._current = None
                self._update_gate()
                if job.priority == "interactive":
                    self._jobs_run += 1
                elif not job.parked:
                    self._units += 1
                    self._last_unit_s = time.perf_counter() - t0
                if requeue:
                    if self._closed:
                        requeue = False
                    else:
                        self._background.append(job)
            if job.priority == "background" and not requeue and not job.future.done():
                self._close_gen(job)
                self._fail(job, EngineClosedError("The engine shut down while this work was running."))

    @staticmethod
    def _resolve(job: _Job, value: Any) -> None:
        if job.emit is not None:
            job.emit(_DONE)
        if not job.future.done():
            job.future.set_result(value)

    @staticmethod
    def _fail(job: _Job, exc: BaseException) -> None:
        if job.emit is not None:
            job.emit(_Raised(exc))
            job.emit(_DONE)
        if not job.future.done():
            try:
                job.future.set_exception(exc)
            except Exception:  # noqa: BLE001 - an already-cancelled future
                pass

    @staticmethod
    def _close_gen(job: _Job) -> None:
        if job.gen is not None:
            try:
                job.gen.close()  # runs the generator's finally blocks here, on the engine thread
            except BaseException:  # noqa: BLE001
                log.warning("closing %s failed", job.label, exc_info=True)

    def _fail_all(self, exc: BaseException, until_closed: bool = False) -> None:
        """Resolve every queued job with ``exc`` (at shutdown, or forever when MLX could not start)."""
        while True:
            with self._cond:
                jobs = list(self._interactive) + list(self._background)
                self._interactive.clear()
                self._background.clear()
                if not jobs:
                    if not until_closed or self._closed:
                        return
                    self._cond.wait()
                    continue
            for job in jobs:
                started = job.gen is not None
                if started:
                    self._close_gen(job)
                if started or job.future.set_running_or_notify_cancel():
                    self._fail(job, exc)

    def on_thread(self) -> bool:
        return threading.current_thread() is self._thread

    @property
    def alive(self) -> bool:
        return self._thread.is_alive() and not self._closed

    # -- submitting work --------------------------------------------------------------------------------
    def _enqueue(self, label: str, priority: Priority, make: Callable[[], Iterator[Any]],
                 emit: Callable[[Any], None] | None) -> Future:  # fmt: skip
        fut: Future = Future()
        with self._cond:
            if self._closed:
                raise EngineClosedError("The engine has been shut down.")
            job = _Job(label, priority, make, fut, emit, next(self._seq))
            (self._interactive if priority == "interactive" else self._background).append(job)
            self._update_gate()
            self._cond.notify()
        return fut

    def submit(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Future:
        """Queue ``fn`` as interactive work; the future resolves with its result or its exception."""
        return self.submit_call(fn, args, kwargs)

    def submit_call(self, fn: Callable[..., Any], args: tuple = (), kwargs: dict | None = None, *,
                    priority: Priority = "interactive", label: str = "") -> Future:  # fmt: skip
        kwargs = kwargs or {}

        def make() -> Iterator[Any]:
            return fn(*args, **kwargs)
            yield  # a generator of one unit, whose return value resolves the future

        return self._enqueue(label or _name(fn), priority, make, None)

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float | None = None, **kwargs: Any) -> Any:
        """Run ``fn`` on the engine thread and return its result (inline when already there).

        With ``timeout`` (seconds), an ``EngineTimeoutError`` says what the engine was busy with; a job that had
        not started by then is withdrawn and never runs.
        """
        if self.on_thread():
            return fn(*args, **kwargs)
        return self.wait(self.submit_call(fn, args, kwargs), timeout, _name(fn))

    def wait(self, fut: Future, timeout: float | None, what: str) -> Any:
        """The result of a submitted job, or EngineTimeoutError after ``timeout`` seconds (the job is withdrawn
        when it has not started; the error says what the engine is busy with)."""
        try:
            return fut.result(timeout)
        except FutureTimeout:
            withdrawn = fut.cancel()
            busy = self.state()
            doing = f"busy with {busy.running} for {busy.running_for_s:.1f}s" if busy.running else "busy"
            outcome = (
                "it was withdrawn" if withdrawn else "it is still running and its result will be dropped"
            )
            raise EngineTimeoutError(
                f"The engine did not finish {what} within {timeout:g}s ({doing}); {outcome}."
            ) from None

    def stream(self, gen_fn: Callable[..., Iterator[Any]], *args: Any, **kwargs: Any) -> Iterator[Any]:
        """Submit the generator function now as interactive work; iterate its items in the caller's thread."""
        return self.submit_stream(gen_fn, args, kwargs)

    def submit_stream(self, gen_fn: Callable[..., Iterator[Any]], args: tuple = (), kwargs: dict | None = None,
                      *, priority: Priority = "interactive", label: str = "") -> Iterator[Any]:  # fmt: skip
        """The job is queued at once (so its queue wait starts now), the engine never waits for a slow consumer
        (unbounded queue), and if the generator raises, the exception is re-raised here after the items it
        yielded. Abandoning the iterator does not stop the job: use the job's own cancel flag for that.
        A background generator's every ``next()`` is one unit (it may yield ``NOT_READY``, never delivered)."""
        if self.on_thread():
            return gen_fn(*args, **(kwargs or {}))
        out: queue.Queue[Any] = queue.Queue()
        self._enqueue(label or _name(gen_fn), priority, lambda: gen_fn(*args, **(kwargs or {})), out.put)
        return _drain(out)

    def background(self, gen_fn: Callable[..., Iterator[Any]], *args: Any, label: str = "",
                   **kwargs: Any) -> Future:  # fmt: skip
        """Run a generator as background work, one ``next()`` per unit, its items dropped; the future resolves
        with the generator's return value (or its exception)."""
        if self.on_thread():
            raise WrongThreadError("background work cannot be started from the engine thread itself")
        return self._enqueue(label or _name(gen_fn), "background", lambda: gen_fn(*args, **kwargs), None)

    def wake(self) -> None:
        """New input for a parked background job (e.g. a batch was queued for embedding)."""
        with self._cond:
            self._woken = True
            self._cond.notify()

    # -- what runs and what waits ------------------------------------------------------------------------
    def state(self) -> SchedulerState:
        now_ = time.perf_counter()
        with self._cond:
            cur = self._current
            running = cur.label if cur is not None else ""
            queued = tuple(
                QueuedWork(j.label, j.priority, now_ - j.submitted, running, j.gen is not None, j.parked)
                for j in itertools.chain(self._interactive, self._background)
            )
            interactive_busy = bool(self._interactive) or (cur is not None and cur.priority == "interactive")
            bg = len(self._background) + (1 if cur is not None and cur.priority == "background" else 0)
            return SchedulerState(
                running=running,
                running_priority=cur.priority if cur is not None else None,
                running_for_s=now_ - self._current_since if cur is not None else 0.0,
                interactive_queued=len(self._interactive),
                background_jobs=bg,
                background_paused=interactive_busy and bool(self._background),
                queued=queued,
                background_units=self._units,
                last_unit_s=self._last_unit_s,
                interactive_jobs=self._jobs_run,
                closed=self._closed,
            )

    def shutdown(self, timeout: float = 10.0) -> None:
        """Refuse new work, let the running unit finish, and fail everything still queued (never left hanging)."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self.interactive_idle.set()
            self._cond.notify_all()
        if not self.on_thread():
            self._thread.join(timeout)
            if self._thread.is_alive():
                log.warning("engine thread did not stop within %.1fs", timeout)


def _name(fn: Any) -> str:
    return getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__


def _drain(out: queue.Queue) -> Iterator[Any]:
    while True:
        item = out.get()
        if item is _DONE:
            return
        if isinstance(item, _Raised):
            raise item.exc
        yield item


def now() -> float:
    return time.perf_counter()
