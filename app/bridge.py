"""The one object through which the GUI talks to the engine.

Every engine call runs in a worker QThread (a ``Job``): the worker iterates the engine's iterator (or waits for its
result) and re-emits what arrives as Qt signals, which Qt queues onto the GUI thread. The GUI thread therefore never
waits on MLX. Jobs follow napari's worker vocabulary: ``yielded`` / ``returned`` / ``errored`` / ``finished``;
cancelling is cooperative (the engine's per-request flag or a ``threading.Event``), and a cancel ends as a result.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from engine.core import AlcoveError, FinalEvent, GenerateRequest

log = logging.getLogger(__name__)


class _Runner(QThread):
    def __init__(self, job: Job) -> None:
        super().__init__()
        self._job = job

    def run(self) -> None:  # worker thread
        self._job._execute()


class Job(QObject):
    """One engine task on its own worker thread. Connect to the signals, then ``start()``."""

    yielded = Signal(object)  # stream items (TokenEvent, CanvasEvent, ProgressEvent, ...)
    returned = Signal(object)  # the result (a FinalEvent for generation)
    errored = Signal(object)  # the exception
    finished = Signal()  # always, last

    def __init__(
        self,
        name: str,
        work: Callable[[], Any],
        *,
        stream: bool = False,
        is_final: Callable[[Any], bool] | None = None,
        on_cancel: Callable[[], Any] | None = None,
        title: str = "",
        report_errors: bool = True,
    ) -> None:
        super().__init__()
        self.name = name
        self.title = title or "Something went wrong"
        self.report_errors = report_errors
        self._work = work
        self._stream = stream
        self._is_final = is_final
        self._on_cancel = on_cancel
        self._cancelled = threading.Event()
        self._runner = _Runner(self)
        self._runner.setObjectName(f"alcove-job-{name}")
        self.result: Any = None
        self.error: BaseException | None = None

    def start(self) -> Job:
        self._runner.start()
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
        return self._runner.isRunning()

    def wait(self, ms: int = 30000) -> bool:
        return self._runner.wait(ms)

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

    def _execute(self) -> None:  # worker thread
        try:
            if self._stream:
                for item in self._work():
                    if self._is_final is not None and self._is_final(item):
                        self.result = item
                    else:
                        self.yielded.emit(item)
            else:
                self.result = self._work()
        except BaseException as exc:  # noqa: BLE001 - errors cross threads as values
            self.error = exc
            if not isinstance(exc, AlcoveError):
                log.error("job %s failed:\n%s", self.name, "".join(traceback.format_exception(exc)))
            self.errored.emit(exc)
        else:
            self.returned.emit(self.result)
        finally:
            self.finished.emit()


def _rerank_on_engine(engine: Any, query: str, passages: list[str], cross_encoder: bool, cancel: Any) -> Any:
    from engine.rag import generative_reranker_for, rerank

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
        self._jobs: set[Job] = set()
        self._specs: dict[str, str] = {}  # role -> spec that is loaded now
        self._requested: dict[
            str, str
        ] = {}  # role -> spec of the latest load_model (loaded or still loading)
        self._transforms: dict[str, str] = {}  # role -> transform YAML wanted ("" = none)
        self._loaded_transforms: dict[str, str] = {}  # role -> transform YAML the loaded model was built with
        self._specs_lock = threading.Lock()
        self._closed = False

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
        self._jobs.add(job)
        job.errored.connect(lambda exc, j=job: self._report(j, exc))
        job.finished.connect(lambda j=job: self._finish(j))
        self.jobs_changed.emit(len(self._jobs))
        return job.start()

    @Slot()
    def _finish(self, job: Job) -> None:
        job.wait()
        self._jobs.discard(job)
        self.jobs_changed.emit(len(self._jobs))

    def _report(self, job: Job, exc: BaseException) -> None:
        if not job.report_errors:
            return
        if isinstance(exc, AlcoveError):
            self.engine_error.emit(job.title, str(exc), "")
        else:
            details = "".join(traceback.format_exception(exc))
            self.engine_error.emit(job.title, f"An unexpected error occurred: {exc}", details)

    def jobs(self) -> list[Job]:
        return list(self._jobs)

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

    def refresh_status(self) -> Job:
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

        def work() -> Iterator[Any]:
            for spec, role in ensure:
                self._ensure(spec, role)
            if job.cancelled:
                yield FinalEvent(request.request_id, "", (), "cancelled")
                return
            yield from engine.generate(request)

        job = Job(
            f"generate-{request.request_id}",
            work,
            stream=True,
            is_final=lambda ev: isinstance(ev, FinalEvent),
            on_cancel=lambda: engine.cancel(request.request_id),
            title="The reply could not be generated",
        )
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

        def work() -> Iterator[Any]:
            from engine.index import index_paths

            self._ensure(embedder_spec, "embedder")
            yield from engine.stream(
                lambda: index_paths(list(paths), db_path, engine.model("embedder"), cancel=stop, ocr=ocr)
            )

        job = Job(
            "index",
            work,
            stream=True,
            is_final=lambda ev: type(ev).__name__ == "IndexSummary",
            on_cancel=stop.set,
            title="Indexing failed",
        )
        job.returned.connect(lambda _s: self.refresh_status())
        return self.launch(job)

    def reindex_changes(
        self, changed: list[str], library: list[str], db_path: Path, embedder_spec: str, *, ocr: bool = True
    ) -> Job:
        """A watcher's batch: refresh the folders ``changed`` paths are in (engine.index.reindex_changes)."""
        engine = self.engine
        stop = threading.Event()

        def work() -> Iterator[Any]:
            from engine.index import reindex_changes

            self._ensure(embedder_spec, "embedder")
            yield from engine.stream(
                lambda: reindex_changes(
                    list(changed), list(library), db_path, engine.model("embedder"), cancel=stop, ocr=ocr
                )
            )

        job = Job(
            "index",
            work,
            stream=True,
            is_final=lambda ev: type(ev).__name__ == "IndexSummary",
            on_cancel=stop.set,
            title="Re-indexing changed files failed",
        )
        job.returned.connect(lambda _s: self.refresh_status())
        return self.launch(job)

    def search(self, db_path: Path, embedder_spec: str, query: str, **options: Any) -> Job:
        """Returns a list of engine.index.hybrid.SearchHit. ``options``: k, mode, folders, file_types."""
        engine = self.engine

        def work() -> list[Any]:
            from engine.index import search

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

        def work() -> Iterator[Any]:
            from engine.rag import ask_on_engine

            self._ensure(chat_spec, "chat")
            self._ensure(embedder_spec, "embedder")
            if reranker_spec:
                self._ensure(reranker_spec, "reranker")
            elif self.loaded_spec("reranker"):  # a cross-encoder chosen earlier must not rerank any more
                engine.unload_model("reranker")
                with self._specs_lock:
                    self._specs.pop("reranker", None)
            yield from engine.stream(ask_on_engine, engine, question, rerank="auto", db=db_path,
                                     history=list(history), cancel=stop, request_id=request_id,
                                     **options)  # fmt: skip

        job = Job(
            f"ask-{request_id}",
            work,
            stream=True,
            is_final=lambda ev: type(ev).__name__ == "AskResult",
            on_cancel=stop.set,
            title="The documents could not be searched for an answer",
        )
        job.returned.connect(lambda _r: self.refresh_status())
        return self.launch(job)

    # -- shutdown -----------------------------------------------------------------------------------------
    def shutdown(self, timeout_ms: int = 15000) -> None:
        """Cancel every job, wait for the workers, stop the engine thread (at quit: the GUI may wait here)."""
        if self._closed:
            return
        self._closed = True
        for job in list(self._jobs):
            job.cancel()
        self.engine.cancel_all()
        for job in list(self._jobs):
            if not job.wait(timeout_ms):
                log.warning("job %s did not stop in time", job.name)
        self.engine.shutdown()
        self._jobs.clear()
