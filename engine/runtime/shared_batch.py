"""The engine's one continuous batch for shared (server) chat requests: a BatchRunner made on first use, whose loop
runs as ONE interactive job on the engine thread (queued background units wait until the batch is empty)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any

from engine.core import GenerateRequest, Role
from engine.generation import BatchRunner

log = logging.getLogger(__name__)


class SharedBatch:
    def __init__(
        self, thread: Any, roles: Any, store: Any, max_batch: int = 16, max_waiting: int = 64
    ) -> None:
        self._thread = thread
        self._roles = roles
        self._store = store
        self._limits = (max_batch, max_waiting)
        self._lock = threading.Lock()
        self._runner: BatchRunner | None = None

    @property
    def active(self) -> int:
        runner = self._runner
        return runner.active if runner is not None else 0

    def set_limits(self, max_batch: int, max_waiting: int) -> None:
        with self._lock:
            self._limits = (int(max_batch), int(max_waiting))
            if self._runner is not None:
                self._runner.max_batch, self._runner.max_waiting = self._limits

    def submit(self, req: GenerateRequest) -> Iterator[Any]:
        """Queue ``req`` in the batch; raises BatchFull beyond the queue's limit."""
        return self._batch().submit(req)

    def cancel(self, request_id: str) -> bool:
        runner = self._runner
        return runner is not None and runner.cancel(request_id)

    def _batch(self) -> BatchRunner:
        with self._lock:
            if self._runner is None:
                max_batch, max_waiting = self._limits
                self._runner = BatchRunner(self._start_job, lambda: self._roles.get(Role.CHAT.value), self._store,
                                           max_batch=max_batch, max_waiting=max_waiting)  # fmt: skip
            return self._runner

    def _start_job(self, fn: Callable[[], Iterator[Any]]) -> None:
        """Submit the loop as one interactive job; a thread waits for it so that a failure is logged, not lost.
        The loop's per-step items are dropped on the engine thread instead of waking a reader at every step."""

        def batch_loop() -> None:
            for _ in fn():
                pass

        batch_loop.__qualname__ = "BatchRunner._loop"  # what scheduler_state() shows while it runs

        def wait() -> None:
            try:
                self._thread.call(batch_loop)
            except Exception:  # noqa: BLE001 - the batch loop ends every stream itself; this is a last resort
                log.exception("the batch job failed")

        threading.Thread(target=wait, name="alcove-batch-wait", daemon=True).start()
