"""The one engine thread that owns every MLX object.

MLX streams are thread-local (mlx >= 0.31.2) and two evaluations must never run at once, so every model, cache and
array is created and evaluated here. Callers submit plain callables (``call``) or generator functions (``stream``);
results come back through queues, and exceptions travel back as values and are re-raised in the caller's thread.
Jobs run strictly in submission order: the time a job waits here is part of its TTFT.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

_DONE = object()


@dataclass(frozen=True)
class _Raised:
    exc: BaseException


class EngineThread:
    def __init__(self, name: str = "alcove-engine") -> None:
        self._jobs: queue.Queue[tuple[Callable[[], None], Future] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._closed = False
        self._stream = None
        self.startup_error: BaseException | None = None
        self._thread.start()

    # -- the thread -------------------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            import mlx.core as mx

            # Streams are thread-local: make one for this thread and make it the default for everything we run.
            self._stream = mx.new_thread_local_stream(mx.default_device())
        except BaseException as exc:  # noqa: BLE001 - a broken MLX install must fail every job, not hang it
            log.error("the engine could not start MLX: %s", exc)
            self._fail_forever(exc)
            return
        while True:
            item = self._jobs.get()
            if item is None:
                break
            fn, fut = item
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                with mx.stream(self._stream):
                    result = fn()
            except BaseException as exc:  # noqa: BLE001 - errors cross the thread as values
                fut.set_exception(exc)
            else:
                fut.set_result(result)
        # Destroy this thread's MLX streams before the thread ends. Left to thread-exit destructors, a stream that
        # compiled MLX functions have run on aborts the process at exit ("terminate called without an active
        # exception").
        self._stream = None
        mx.synchronize()
        mx.clear_streams()

    def _fail_forever(self, exc: BaseException) -> None:
        self.startup_error = exc
        while True:
            item = self._jobs.get()
            if item is None:
                return
            _, fut = item
            if fut.set_running_or_notify_cancel():
                fut.set_exception(RuntimeError(f"The engine could not start MLX: {exc}"))

    def on_thread(self) -> bool:
        return threading.current_thread() is self._thread

    @property
    def alive(self) -> bool:
        return self._thread.is_alive() and not self._closed

    # -- submitting work --------------------------------------------------------------------------------
    def submit(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Future:
        if self._closed:
            raise RuntimeError("the engine has been shut down")
        fut: Future = Future()
        self._jobs.put((lambda: fn(*args, **kwargs), fut))
        return fut

    def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run ``fn`` on the engine thread and return its result (inline when already there)."""
        if self.on_thread():
            return fn(*args, **kwargs)
        return self.submit(fn, *args, **kwargs).result()

    def stream(self, gen_fn: Callable[..., Iterator[Any]], *args: Any, **kwargs: Any) -> Iterator[Any]:
        """Submit the generator function now; iterate its items in the caller's thread.

        The job is queued at once (so its queue wait starts now), the engine never waits for a slow consumer
        (unbounded queue), and if the generator raises, the exception is re-raised here after the items it yielded.
        Abandoning the iterator does not stop the job: use the job's own cancel flag for that.
        """
        if self.on_thread():
            return gen_fn(*args, **kwargs)
        out: queue.Queue[Any] = queue.Queue()

        def job() -> None:
            try:
                for item in gen_fn(*args, **kwargs):
                    out.put(item)
            except BaseException as exc:  # noqa: BLE001
                out.put(_Raised(exc))
            finally:
                out.put(_DONE)

        self.submit(job)
        return _drain(out)

    def shutdown(self, timeout: float = 10.0) -> None:
        if self._closed:
            return
        self._closed = True
        self._jobs.put(None)
        if not self.on_thread():
            self._thread.join(timeout)
            if self._thread.is_alive():
                log.warning("engine thread did not stop within %.1fs", timeout)


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
