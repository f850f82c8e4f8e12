"""The one object through which the GUI talks to the engine, and only through the engine's typed API.

Every engine call runs as a ``Job`` (app.gui.workers) on the bridge's small thread pool: the job calls one ``Engine``
method with a frozen request (``ChatRequest``, ``AskRequest``, ``SearchRequest``, ``RerankRequest``,
``IndexRequest``, ``ModelRequest``), iterates its stream or waits for its result, and re-emits what arrives as Qt
signals, which Qt queues onto the GUI thread. The GUI thread therefore never waits on MLX. A job's result is its
generator's return value: each work function below yields the stream's events and *returns* the stream's final one.
Cancelling is the engine's per-request cancel (``Engine.cancel(request_id)``), and a cancel ends as a result. No work
closure refers to its job, so finished jobs are freed by reference counting on the GUI thread (no cycles for the
collector to free on another thread). Which model serves a role, whether a request loads one and which model
reranks are the engine's decisions; the bridge only says which models the settings name.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Generator, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal, Slot

from engine.core import (
    AlcoveError,
    AskRequest,
    ChatRequest,
    FinalEvent,
    IndexRequest,
    ModelRequest,
    RerankRequest,
    Role,
    SearchRequest,
    cache_dir,
)
from engine.index import IndexSummary
from engine.rag import AskResult, RerankResult

from .workers import Job

__all__ = ["Bridge", "Job"]

log = logging.getLogger(__name__)


def _until_result(stream: Iterable[Any], result_type: type) -> Generator[Any, None, Any]:
    """Yield an engine stream's events; return its final event (the first ``result_type``), None if it never came."""
    for item in stream:
        if isinstance(item, result_type):
            return item
        yield item
    return None


class Bridge(QObject):
    """Owns the engine for the GUI. Every method returns a started ``Job`` (or nothing) and never blocks."""

    engine_error = Signal(str, str, str)  # title, user-facing message, details (traceback or "")
    models_changed = Signal(object)  # dict role -> ModelInfo
    memory_changed = Signal(object)  # engine.MemoryInfo
    model_loading = Signal(str, str)  # role, spec ("" when done)
    jobs_changed = Signal(int)

    def __init__(self, engine: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        self._jobs: dict[int, Job] = {}  # id -> running job (the only strong reference the bridge keeps)
        # role -> (the request, the ModelInfo it gave): only to say "Loading …" when a load is coming. The engine
        # decides whether to load (``Engine.ensure`` does nothing for the model it has).
        self._shown: dict[str, tuple[ModelRequest, Any]] = {}
        self._shown_lock = threading.Lock()
        self._closed = False
        self._cache_settings: Any = None
        # Jobs mostly wait on the engine thread; a few run downloads or file scans. Enough threads that a long
        # index run and a download never hold up a chat reply or a status read.
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(8)

    # -- running jobs -----------------------------------------------------------------------------------
    def launch(self, job: Job) -> Job:
        if self._closed:
            raise RuntimeError("the engine bridge has been shut down")
        # Bound slots of this QObject run on the GUI thread and find their job through ``sender()``: a connection
        # that held the job itself (a lambda over it) would keep it alive for ever.
        self._jobs[id(job.signals)] = job
        job.errored.connect(self._job_errored)
        job.finished.connect(self._job_finished)
        self.jobs_changed.emit(len(self._jobs))
        # Started from the event loop, not now: callers connect their slots right after this returns, and a warm
        # pool thread could otherwise emit ``finished`` before anyone listens.
        key = id(job.signals)
        QTimer.singleShot(0, self, lambda: self._start(key))
        return job

    def _start(self, key: int) -> None:
        job = self._jobs.get(key)
        if job is None:
            return
        if self._closed:  # shut down before it started: it ends without running
            self._jobs.pop(key, None)
            return
        job.start(self._pool)

    @Slot(object)
    def _job_errored(self, exc: BaseException) -> None:
        job = self._jobs.get(id(self.sender()))
        if job is not None and job.report_errors:
            self._report(job.title, exc, job.details)

    @Slot()
    def _job_finished(self) -> None:
        job = self._jobs.pop(id(self.sender()), None)
        if job is not None:
            job.wait()  # ``finished`` is its last emit: the pool thread lets go of the job a moment later
        del job  # the bridge's reference, dropped on the GUI thread
        self.jobs_changed.emit(len(self._jobs))

    def _report(self, title: str, exc: BaseException, details: str) -> None:
        if isinstance(exc, AlcoveError):
            self.engine_error.emit(title, str(exc), "")
        else:
            self.engine_error.emit(title, f"An unexpected error occurred: {exc}", details or repr(exc))

    def jobs(self) -> list[Job]:
        return list(self._jobs.values())

    def call(self, name: str, fn: Callable[..., Any], *args: Any, title: str = "", **kw: Any) -> Job:
        """Run a plain (non-MLX) function on a worker thread: file scans, downloads."""
        return self.launch(Job(name, lambda: fn(*args, **kw), title=title))

    # -- models -------------------------------------------------------------------------------------------
    def loaded_models(self) -> dict[str, Any]:
        """role -> ModelInfo of what the engine has loaded now (a snapshot: it never waits for the engine)."""
        return self.engine.models()

    def _ensure(self, request: ModelRequest) -> None:  # worker thread
        """``Engine.ensure`` with ``model_loading`` around it when it may load (not for the model shown now)."""
        role, asked = request.role.value, replace(request, reload=False)
        with self._shown_lock:
            shown = self._shown.get(role)
        quiet = not request.reload and shown is not None and shown[0] == asked
        quiet = quiet and self.engine.models().get(role) is shown[1]
        if not quiet:
            self.model_loading.emit(role, request.spec)
        try:
            info = self.engine.ensure(request)
        finally:
            if not quiet:
                self.model_loading.emit(role, "")
        with self._shown_lock:
            self._shown[role] = (asked, info)
        if not quiet:
            self._refresh_now()

    def load_model(self, request: ModelRequest) -> Job:
        """Make ``request`` the model of its role (nothing happens when it already is)."""
        role = request.role.value

        def work() -> str:
            self._ensure(request)
            return request.spec

        return self.launch(Job(f"load-{role}", work, title=f"The {role} model could not be loaded"))

    def unload_model(self, role: Role | str) -> Job:
        role = Role(role)

        def work() -> bool:
            done = self.engine.unload(role)
            self._refresh_now()
            return done

        return self.launch(Job(f"unload-{role.value}", work,
                               title=f"The {role.value} model could not be unloaded"))  # fmt: skip

    def set_memory_limit(self, nbytes: int | None) -> Job:
        return self.launch(
            Job("memory-limit", lambda: self.engine.set_memory_limits(nbytes or None), title="Memory limit")
        )

    # -- the prompt cache on disk ----------------------------------------------------------------------------
    def follow_prompt_cache_settings(self, settings: Any) -> None:
        """Keep the engine's on-disk prompt cache as ``settings`` (app.gui.settings.Settings) say, now and on
        changes."""
        self._cache_settings = settings
        settings.changed.connect(self._cache_setting_changed)
        self._apply_prompt_cache_settings()

    @Slot(str, object)
    def _cache_setting_changed(self, key: str, _value: Any) -> None:
        if key.startswith("cache/"):
            self._apply_prompt_cache_settings()

    def _apply_prompt_cache_settings(self) -> Job:
        s = self._cache_settings
        folder = cache_dir() / "prompt-cache" if s["cache/persist_prompts"] else None
        return self.set_prompt_cache_files(folder, int(s["cache/prompt_disk_gb"] * 1e9))

    def set_prompt_cache_files(self, folder: Path | None, budget_bytes: int) -> Job:
        """Keep prompt caches in ``folder`` within ``budget_bytes`` (None: in memory only)."""
        engine = self.engine
        return self.launch(Job("prompt-cache", lambda: engine.use_prompt_cache_files(folder, budget_bytes),
                               title="The prompt cache folder could not be used"))  # fmt: skip

    def refresh_status(self) -> Job | None:
        if self._closed:  # a reply that ends during shutdown asks for a status read nobody will see
            return None
        return self.launch(Job("status", self._refresh_now, report_errors=False))

    def _refresh_now(self) -> None:  # worker thread
        try:
            self.models_changed.emit(self.engine.models())
        except Exception:  # noqa: BLE001 - a status read must never fail loudly
            log.warning("could not read the loaded models", exc_info=True)
        self.memory_changed.emit(self.engine.memory())

    # -- chat -----------------------------------------------------------------------------------------------
    def chat(self, request: ChatRequest) -> Job:
        """``Engine.chat``: yields RouteEvent, TokenEvent / CanvasEvent; returns the FinalEvent. The request's
        chat and draft models are made the loaded ones first (``model_loading`` says when one loads)."""
        engine = self.engine
        rid = request.request_id
        stop = threading.Event()

        def work() -> Generator[Any, None, FinalEvent | None]:
            for wanted in (request.model, request.draft):
                if wanted is None or stop.is_set():
                    continue
                self._ensure(wanted)
            if stop.is_set():
                return FinalEvent(rid, "", (), "cancelled")
            return (yield from _until_result(engine.chat(request), FinalEvent))

        def cancel() -> None:
            stop.set()
            engine.cancel(rid)  # remembered by the engine when the request has not reached it yet

        job = Job(f"generate-{rid}", work, on_cancel=cancel, title="The reply could not be generated")
        job.returned.connect(self._report_final)
        return self.launch(job)

    @Slot(object)
    def _report_final(self, final: FinalEvent) -> None:
        if final is not None and final.finish_reason == "error":
            self.engine_error.emit("The reply could not be generated", final.error or "Unknown error.", "")
        self.refresh_status()

    def cancel(self, request_id: str) -> None:
        self.engine.cancel(request_id)

    # -- documents ----------------------------------------------------------------------------------------
    def search(self, request: SearchRequest) -> Job:
        """``Engine.search``: returns a list of SearchHit, best first (keyword search loads no model)."""
        return self.launch(Job("search", lambda: self.engine.search(request), title="Search failed"))

    def rerank(self, request: RerankRequest) -> Job:
        """``Engine.rerank_stream``: yields ProgressEvent (phase "rank": n of N passages scored), returns the
        RerankResult (best first, with old rank, new rank and score). The engine decides how ``request.model``
        scores (a cross-encoder, or a chat model's yes/no relevance) and loads it; cancelling ends it unscored."""
        engine = self.engine

        def work() -> Generator[Any, None, RerankResult | None]:
            return (yield from _until_result(engine.rerank_stream(request), RerankResult))

        job = Job(
            "rerank", work, on_cancel=lambda: engine.cancel(request.request_id), title="Reranking failed"
        )
        return self.launch(job)

    def ask(self, request: AskRequest) -> Job:
        """``Engine.ask``, document Q&A: yields ProgressEvent and TokenEvent, returns the AskResult (answer,
        citations, abstention with the closest passages, stats). The engine loads the chat model, the embedder and
        a cross-encoder only when the answer needs them, and decides who reranks; cancelling ends it as a result."""
        engine = self.engine

        def work() -> Generator[Any, None, AskResult | None]:
            return (yield from _until_result(engine.ask(request), AskResult))

        job = Job(f"ask-{request.request_id}", work, on_cancel=lambda: engine.cancel(request.request_id),
                  title="The documents could not be searched for an answer")  # fmt: skip
        job.returned.connect(lambda _r: self.refresh_status())
        return self.launch(job)

    def index(self, request: IndexRequest) -> Job:
        """``Engine.index`` (background work on the engine's scheduler): yields ProgressEvent, returns the
        IndexSummary; cancelled by its request id (what is done is kept)."""
        engine = self.engine

        def work() -> Generator[Any, None, IndexSummary | None]:
            return (yield from _until_result(engine.index(request), IndexSummary))

        job = Job("index", work, on_cancel=lambda: engine.cancel(request.request_id), title="Indexing failed")
        job.returned.connect(lambda _s: self.refresh_status())  # the embedder may have been loaded
        return self.launch(job)

    def background_paused(self) -> bool:
        """Whether background work (indexing) waits because interactive work holds the engine (never waits)."""
        return bool(self.engine.scheduler_state().background_paused)

    # -- shutdown -----------------------------------------------------------------------------------------
    def shutdown(self, timeout_ms: int = 15000) -> None:
        """Cancel every job, wait for the workers, stop the engine thread (at quit: the GUI may wait here)."""
        if self._closed:
            return
        self._closed = True
        for job in list(self._jobs.values()):
            job.cancel()
        self.engine.cancel_all()
        for job in list(self._jobs.values()):
            if not job.wait(timeout_ms):
                log.warning("job %s did not stop in time", job.name)
        self._pool.waitForDone(timeout_ms)
        self.engine.shutdown()  # saves the last replies' prompt caches to disk, then frees everything
        self._jobs.clear()
