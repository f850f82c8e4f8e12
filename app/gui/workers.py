"""Background jobs for the GUI: a small worker pool in the style of superqt's ``GeneratorWorker``.

A ``Job`` wraps a function. If the function returns a generator, every yielded item is re-emitted as ``yielded`` and
the generator's *return value* (``StopIteration.value``) is the result; otherwise the function's return value is.
Signals (queued onto the GUI thread): ``started``, ``yielded``, ``returned``, ``errored``, ``aborted`` (after a
cancel) and ``finished`` (always, last). Cancelling is cooperative: ``on_cancel`` sets the work's own flag.

Lifetime rule, the reason this module exists: the pool thread never holds a reference to the ``Job`` (nor to its
signals' QObject) once the work is done, and a job holds nothing that refers back to it (no job <-> thread cycle,
tracebacks are cleared of their frames). So a finished job is freed by reference counting on the GUI thread when its
owner lets go, never by the cyclic collector on whichever thread happened to allocate (which destroyed Qt objects
off the GUI thread and crashed the app).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import threading
import traceback
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from engine.core import AlcoveError

log = logging.getLogger(__name__)


class JobSignals(QObject):
    """The Qt half of a job; it lives on the GUI thread (where the job was made)."""

    started = Signal()
    yielded = Signal(object)  # stream items (TokenEvent, CanvasEvent, ProgressEvent, ...)
    returned = Signal(object)  # the result (a generator's return value)
    errored = Signal(object)  # the exception, traceback detached (formatted into ``Job.details`` first)
    aborted = Signal()  # the job was cancelled (it still returns its result, e.g. a "cancelled" FinalEvent)
    finished = Signal()  # always, last


def _drive(work: Callable[[], Any], emit: Callable[[Any], None]) -> tuple[Any, BaseException | None]:
    """Run ``work`` (iterating it when it is a generator); (result, None) or (None, exception). A plain function
    with no reference to the job, so a traceback that keeps this frame alive keeps no job alive."""
    try:
        out = work()
        if not inspect.isgenerator(out):
            return out, None
        while True:
            try:
                item = next(out)
            except StopIteration as stop:
                return stop.value, None
            emit(item)
    except BaseException as exc:  # noqa: BLE001 - errors cross threads as values
        return None, exc


def _run(box: list[Job]) -> None:  # pool thread
    job = box.pop()  # the runnable keeps no reference: after this frame the job is the owner's alone
    done = job._done
    try:
        job._execute()
    finally:
        del job
        done.set()


class Job:
    """One piece of background work. Connect to the signals, then hand it to ``start()`` (or ``Bridge.launch``)."""

    def __init__(
        self,
        name: str,
        work: Callable[[], Any],
        *,
        on_cancel: Callable[[], Any] | None = None,
        title: str = "",
        report_errors: bool = True,
    ) -> None:
        self.name = name
        self.title = title or "Something went wrong"
        self.report_errors = report_errors
        self.signals = JobSignals()
        self.started = self.signals.started
        self.yielded = self.signals.yielded
        self.returned = self.signals.returned
        self.errored = self.signals.errored
        self.aborted = self.signals.aborted
        self.finished = self.signals.finished
        self._work: Callable[[], Any] | None = work
        self._on_cancel = on_cancel
        self._cancelled = threading.Event()
        self._launched = threading.Event()
        self._done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self.details = ""  # the formatted traceback of an unexpected error

    def __repr__(self) -> str:
        return f"<Job {self.name}>"

    def start(self, pool: QThreadPool | None = None) -> Job:
        if self._launched.is_set():
            raise RuntimeError(f"job {self.name} was started already")
        self._launched.set()
        (pool or QThreadPool.globalInstance()).start(partial(_run, [self]))
        return self

    def cancel(self) -> None:
        self._cancelled.set()
        if self._on_cancel is not None:
            try:
                self._on_cancel()
            except Exception:  # noqa: BLE001 - cancelling must never raise into the GUI
                log.exception("cancel of %s failed", self.name)

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def is_running(self) -> bool:
        return self._launched.is_set() and not self._done.is_set()

    def is_done(self) -> bool:
        return self._done.is_set()

    def wait(self, ms: int = 30000) -> bool:
        """Block until the work has ended (True), or ``ms`` passed (False). A job never started counts as ended."""
        if not self._launched.is_set():
            return True
        return self._done.wait(ms / 1000)

    def future(self) -> asyncio.Future:
        """An asyncio future (on the qasync loop) resolved with the result or the error."""
        fut = asyncio.get_event_loop().create_future()

        def done(value: Any) -> None:
            if not fut.done():
                fut.set_result(value)

        def failed(exc: BaseException) -> None:
            if not fut.done():
                fut.set_exception(exc)

        self.returned.connect(done)
        self.errored.connect(failed)
        return fut

    def _execute(self) -> None:  # pool thread
        signals, work = self.signals, self._work
        self._work = None  # the closure may refer to objects that refer to this job
        signals.started.emit()
        result, exc = _drive(work, signals.yielded.emit)
        del work
        if exc is not None:
            if not isinstance(exc, AlcoveError):
                self.details = "".join(traceback.format_exception(exc))
                log.error("job %s failed:\n%s", self.name, self.details)
            _drop_tracebacks(exc)
            self.error = exc
        else:
            self.result = result
        try:
            if exc is None:
                signals.returned.emit(result)
            else:
                signals.errored.emit(exc)
            if self._cancelled.is_set():
                signals.aborted.emit()
            signals.finished.emit()
        except RuntimeError:  # the Qt side is gone: the interpreter is exiting with this job still running
            log.debug("job %s ended after its signals were deleted", self.name)


def _drop_tracebacks(exc: BaseException) -> None:
    """Detach the (already formatted) tracebacks of ``exc`` and its causes: their frames reach this job's frame
    through ``f_back``, so a kept traceback would make the job cyclic garbage."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        exc.__traceback__ = None
        exc = exc.__cause__ or exc.__context__
