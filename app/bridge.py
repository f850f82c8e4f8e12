"""The one object through which the GUI talks to the engine.

Every engine call runs as a ``Job`` (app.workers) on the bridge's small thread pool: the job iterates the engine's
stream (or waits for its result) and re-emits what arrives as Qt signals, which Qt queues onto the GUI thread. The
GUI thread therefore never waits on MLX. A job's result is its generator's return value: each work function below
yields the stream's events and *returns* the stream's final one. Cancelling is cooperative (the engine's per-request
flag or a ``threading.Event``), and a cancel ends as a result. No work closure refers to its job, so finished jobs
are freed by reference counting on the GUI thread (no cycles for the collector to free on another thread).
"""

from __future__ import annotations

import importlib.util
import logging
import threading
from collections.abc import Callable, Generator, Iterable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal, Slot

from engine.core import AlcoveError, FinalEvent, GenerateRequest, cache_dir, new_request_id
from engine.index import IndexSummary, index_paths, refresh_roots, search
from engine.rag import AskResult, ask_on_engine, generative_reranker_for, rerank

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


def _rerank_on_engine(engine: Any, query: str, passages: list[str], cross_encoder: bool, cancel: Any) -> Any:
    scorer = engine.model("reranker") if cross_encoder else generative_reranker_for(engine.model("chat"))
    return rerank(query, passages, reranker=scorer, cancel=cancel)


def _optional(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


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
        self._specs: dict[str, str] = {}  # role -> spec that is loaded now
        self._requested: dict[
            str, str
        ] = {}  # role -> spec of the latest load_model (loaded or still loading)
        self._transforms: dict[str, str] = {}  # role -> transform YAML wanted ("" = none)
        self._loaded_transforms: dict[str, str] = {}  # role -> transform YAML the loaded model was built with
        self._specs_lock = threading.Lock()
        self._closed = False
        self._cache_settings: Any = None
        # Jobs mostly wait on the engine thread; a few run downloads or file scans. Enough threads that a long
        # index run and a download never hold up a chat reply or a status read.
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(8)

    # -- capabilities: engine modules that other helpers are still writing ------------------------------
    @staticmethod
    def capabilities() -> dict[str, bool]:
        return {
            "index": _optional("engine.index.indexer"),
            "search": _optional("engine.index.hybrid"),
            "rerank": _optional("engine.rag.reranking"),
            "rag": _optional("engine.rag.qa"),
        }

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

    def run_engine(self, name: str, fn: Callable[..., Any], *args: Any, title: str = "") -> Job:
        """Run ``fn`` on the engine thread; the job waits for it, the GUI does not."""
        return self.launch(Job(name, lambda: self.engine.run(fn, *args), title=title))

    # -- models -------------------------------------------------------------------------------------------
    def loaded_spec(self, role: str) -> str | None:
        with self._specs_lock:
            return self._specs.get(role)

    def requested_spec(self, role: str) -> str | None:
        """The model ``role`` has or is getting: the latest explicit load, else the loaded one (None: neither)."""
        with self._specs_lock:
            return self._requested.get(role) or self._specs.get(role)

    def set_transform(self, role: str, yaml_path: str) -> None:
        """Runtime weight transforms (a YAML file, "" for none) for ``role``; applied at the next load."""
        with self._specs_lock:
            self._transforms[role] = yaml_path or ""

    def _ensure(self, spec: str, role: str) -> None:  # worker thread
        if not spec:
            raise AlcoveError(f"No {role} model is chosen. Choose one in Settings > Models.")
        with self._specs_lock:
            transform = self._transforms.get(role, "")
            current = self._specs.get(role) == spec and self._loaded_transforms.get(role, "") == transform
        if current:
            return
        self.model_loading.emit(role, spec)
        try:
            self.engine.load_model(spec, role, transform=transform or None)
        finally:
            self.model_loading.emit(role, "")
        with self._specs_lock:
            self._specs[role] = spec
            self._loaded_transforms[role] = transform
        self._refresh_now()

    def load_model(self, spec: str, role: str = "chat") -> Job:
        with self._specs_lock:
            self._requested[role] = spec

        def work() -> str:
            with self._specs_lock:
                self._specs.pop(role, None)  # force a reload even when the spec is the same
            self._ensure(spec, role)
            return spec

        return self.launch(Job(f"load-{role}", work, title=f"The {role} model could not be loaded"))

    def unload_model(self, role: str) -> Job:
        with self._specs_lock:
            self._requested.pop(role, None)

        def work() -> bool:
            done = self.engine.unload_model(role)
            with self._specs_lock:
                self._specs.pop(role, None)
            self._refresh_now()
            return done

        return self.launch(Job(f"unload-{role}", work, title=f"The {role} model could not be unloaded"))

    def set_memory_limit(self, nbytes: int | None) -> Job:
        return self.launch(
            Job("memory-limit", lambda: self.engine.set_memory_limits(nbytes or None), title="Memory limit")
        )

    # -- the prompt cache on disk ----------------------------------------------------------------------------
    def follow_prompt_cache_settings(self, settings: Any) -> None:
        """Keep the engine's on-disk prompt cache as ``settings`` (app.settings.Settings) say, now and on changes."""
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
        return self.launch(
            Job(
                "prompt-cache",
                lambda: engine.run(engine.prompt_cache.use_files, folder, budget_bytes),
                title="The prompt cache folder could not be used",
            )  # fmt: skip
        )

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

    # -- generation ---------------------------------------------------------------------------------------
    def generate(self, request: GenerateRequest, *, ensure: Sequence[tuple[str, str]] = ()) -> Job:
        """Yields TokenEvent / CanvasEvent; returns the FinalEvent. ``ensure``: (spec, role) pairs loaded first."""
        engine = self.engine
        rid = request.request_id
        stop = threading.Event()

        def work() -> Generator[Any, None, FinalEvent | None]:
            for spec, role in ensure:
                if stop.is_set():
                    break
                self._ensure(spec, role)
            if stop.is_set():
                return FinalEvent(rid, "", (), "cancelled")
            stream = engine.generate(request)  # registers the request's cancel flag before it returns
            if stop.is_set():  # a Stop that came while the request was being submitted
                engine.cancel(rid)
            return (yield from _until_result(stream, FinalEvent))

        def cancel() -> None:
            stop.set()
            engine.cancel(rid)

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
    def index(self, paths: list[str], db_path: Path, embedder_spec: str, *, ocr: bool = True) -> Job:
        """Yields ProgressEvent; returns the IndexSummary (or None when the index module is missing)."""
        engine = self.engine
        stop = threading.Event()

        def work() -> Generator[Any, None, IndexSummary | None]:
            self._ensure(embedder_spec, "embedder")
            stream = engine.stream(
                lambda: index_paths(list(paths), db_path, engine.model("embedder"), cancel=stop, ocr=ocr)
            )
            return (yield from _until_result(stream, IndexSummary))

        job = Job("index", work, on_cancel=stop.set, title="Indexing failed")
        job.returned.connect(lambda _s: self.refresh_status())
        return self.launch(job)

    def reindex_changes(
        self,
        changed: list[str],
        library: list[str],
        db_path: Path,
        embedder_spec: str,
        *,
        ocr: bool = True,
        allow_links: list[str] | None = None,
    ) -> Job:
        """A watcher's batch: refresh the folders ``changed`` paths are in (``refresh_roots``: a burst is one pass)
        through ``Engine.index`` — background work, so a chat or a search runs between its embedding batches and its
        OCR pauses for them — without adding them as library folders; returns the IndexSummary."""
        engine = self.engine
        rid = new_request_id()
        roots = refresh_roots(changed, library)

        def work() -> Generator[Any, None, IndexSummary | None]:
            if not roots:
                return IndexSummary(0, 0, 0, (), 0, 0.0)
            stream = engine.index(roots, db_path, embedder=embedder_spec or "default", request_id=rid, ocr=ocr,
                                  allow_links=list(allow_links or ()), as_sources=False)  # fmt: skip
            return (yield from _until_result(stream, IndexSummary))

        job = Job("index", work, on_cancel=lambda: engine.cancel(rid), title="Re-indexing failed")
        job.returned.connect(lambda _s: self.refresh_status())
        return self.launch(job)

    def search(self, db_path: Path, embedder_spec: str, query: str, **options: Any) -> Job:
        """Returns a list of engine.index.hybrid.SearchHit. ``options``: k, mode, folders, file_types."""
        engine = self.engine

        def work() -> list[Any]:
            self._ensure(embedder_spec, "embedder")
            return engine.run(lambda: search(db_path, engine.model("embedder"), query, **options))

        return self.launch(Job("search", work, title="Search failed"))

    def rerank(self, query: str, passages: list[str], reranker_spec: str, chat_spec: str = "") -> Job:
        """Returns an engine.rag.reranking.RerankResult (best first, with old rank, new rank and score). An empty
        ``reranker_spec`` ranks with the chat model (``chat_spec``) used generatively: yes/no relevance."""
        engine = self.engine
        stop = threading.Event()

        def work() -> Any:
            if reranker_spec:
                self._ensure(reranker_spec, "reranker")
            else:
                self._ensure(chat_spec, "chat")
            return engine.run(_rerank_on_engine, engine, query, list(passages), bool(reranker_spec), stop)

        return self.launch(Job("rerank", work, on_cancel=stop.set, title="Reranking failed"))

    def ask(
        self,
        question: str,
        db_path: Path,
        *,
        chat_spec: str,
        embedder_spec: str,
        reranker_spec: str = "",
        history: Sequence[dict[str, str]] = (),
        request_id: str = "",
        **options: Any,
    ) -> Job:
        """Document Q&A (engine.rag.qa.ask): yields ProgressEvent and TokenEvent, returns the AskResult (answer,
        citations, abstention with the closest passages, stats). ``history``: earlier turns as chat messages (the
        engine rewrites follow-ups with it and reuses the prompt cache). ``options``: k, mode, max_tokens, ...
        With an empty ``reranker_spec`` the engine decides ("auto": the chat model reranks generatively only when
        it is large enough to help); cancelling ends it as a result."""
        engine = self.engine
        stop = threading.Event()

        def work() -> Generator[Any, None, AskResult | None]:
            self._ensure(chat_spec, "chat")
            self._ensure(embedder_spec, "embedder")
            if reranker_spec:
                self._ensure(reranker_spec, "reranker")
            elif self.loaded_spec("reranker"):  # a cross-encoder chosen earlier must not rerank any more
                engine.unload_model("reranker")
                with self._specs_lock:
                    self._specs.pop("reranker", None)
            stream = engine.stream(ask_on_engine, engine, question, rerank="auto", db=db_path,
                                   history=list(history), cancel=stop, request_id=request_id,
                                   **options)  # fmt: skip
            return (yield from _until_result(stream, AskResult))

        job = Job(f"ask-{request_id}", work, on_cancel=stop.set,
                  title="The documents could not be searched for an answer")  # fmt: skip
        job.returned.connect(lambda _r: self.refresh_status())
        return self.launch(job)

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
        store = getattr(self.engine, "prompt_cache", None)
        if store is not None:  # the last replies' caches reach the disk before the engine goes
            try:
                self.engine.run(store.close)
            except Exception:  # noqa: BLE001 - quitting must not fail over a cache file
                log.warning("the prompt cache could not be saved at quit", exc_info=True)
        self.engine.shutdown()
        self._jobs.clear()
