"""The engine's public face. Every public method forwards to a private twin that runs on the one engine thread.

Interactive work (generate, a model load, search, rerank) runs before background work (the embedding batches of
``index``); see ``engine/runtime/scheduler.py``. ``scheduler_state()`` says what runs and what waits.
"""

from __future__ import annotations

import gc
import logging
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import (
    AlcoveError,
    FinalEvent,
    GenerateRequest,
    GenerationStats,
    ModelLoadError,
    NoModelLoadedError,
    new_request_id,
    preload_blas,
)
from engine.generation import PromptCacheStore
from engine.index import forget_vectors, index_pipeline, vector_cache_bytes
from engine.models import release_wired_memory
from engine.runtime.registry import generation_route, identify, load_for_role, validate_for_role
from engine.runtime.scheduler import (
    EngineClosedError,
    EngineThread,
    SchedulerState,
    _Raised,
    assert_engine_thread,
)

log = logging.getLogger(__name__)

_EARLY_CANCELS = 256  # request ids cancelled before they were submitted, remembered (oldest forgotten first)


@dataclass(frozen=True)
class MemoryInfo:
    active_bytes: int
    peak_bytes: int
    cache_bytes: int
    prompt_cache_bytes: int
    memory_limit_bytes: int | None
    cache_limit_bytes: int | None
    model_bytes: int = 0  # weights of the loaded models (their ModelInfo.bytes)
    vector_cache_bytes: int = 0  # the vector-search matrices this engine keeps


@dataclass
class _Slot:
    """A loaded model, what it is, and how it was asked for (to skip a second load and to restore it)."""

    loaded: Any
    info: Any
    identity: Any
    dtype: str | None
    transform: str | None


class Engine:
    """Owns the engine thread, the loaded models (by role), their info, the prompt cache and the vector cache."""

    def __init__(
        self,
        *,
        prompt_cache_bytes: int = 2 << 30,
        memory_limit_bytes: int | None = None,
        cache_limit_bytes: int | None = None,
    ) -> None:
        preload_blas()
        self._thread = EngineThread()
        self._slots: dict[str, _Slot] = {}  # role -> loaded model (engine thread only)
        self._cancels: dict[str, threading.Event] = {}
        self._early: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()
        self._memory_limit = memory_limit_bytes
        self._cache_limit = cache_limit_bytes
        self._store = self._thread.call(self._make_store, prompt_cache_bytes)
        if memory_limit_bytes or cache_limit_bytes:
            self.set_memory_limits(memory_limit_bytes, cache_limit_bytes)

    @staticmethod
    def _make_store(budget: int):
        return PromptCacheStore(budget)

    # -- generic access to the engine thread (for engine services such as the index) ------------------
    def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run ``fn`` on the engine thread as interactive work and return its result."""
        return self._thread.call(fn, *args, **kwargs)

    def stream(self, gen_fn: Callable[..., Iterator[Any]], *args: Any, **kwargs: Any) -> Iterator[Any]:
        """Run a generator function on the engine thread as interactive work; iterate its items here."""
        return self._thread.stream(gen_fn, *args, **kwargs)

    def scheduler_state(self) -> SchedulerState:
        """What the engine thread runs now and what waits (queued interactive/background work, each wait)."""
        return self._thread.state()

    # -- models ----------------------------------------------------------------------------------------
    def load_model(
        self,
        spec: str,
        role: str = "chat",
        *,
        dtype: str | None = None,
        transform: str | None = None,
        reload: bool = False,
        timeout: float | None = None,
    ):
        """Load a model for ``role`` (chat | draft | embedder | reranker); returns its ModelInfo.

        The same model (folder, dtype, transform) already loaded is not loaded again unless ``reload``. A swap is
        atomic: the new model is validated before the old one is released, and if loading it fails anyway the old
        one is loaded again; the error says which model is loaded now.
        """
        what = f"loading the {role} model {Path(str(spec)).name}"
        fut = self._thread.submit_call(self._load_model, (spec, role, dtype, transform, reload), label=what)
        return self._thread.wait(fut, timeout, what)

    def _load_model(self, spec: str, role: str, dtype: str | None, transform: str | None, reload: bool):
        assert_engine_thread("Engine._load_model")
        old = self._slots.get(role)
        still = f" The {role} model {old.info.name} is still loaded." if old is not None else ""
        try:
            identity, where = identify(spec, role, dtype=dtype, transform=transform)
            if old is not None and old.identity == identity and not reload:
                return old.info
            validate_for_role(where, role, transform=transform)
        except AlcoveError as exc:
            raise type(exc)(f"{exc}{still}") from exc
        old = None
        prev = self._release(role)
        try:
            loaded, info = load_for_role(where, role, dtype=dtype, transform=transform)
        except Exception as exc:  # noqa: BLE001 - any failure (MLX errors too) must not leave the role empty
            if prev is not None:
                raise self._restore(role, prev, exc) from exc
            if isinstance(exc, AlcoveError):
                raise
            raise ModelLoadError(f"The {role} model could not be loaded: {exc}") from exc
        self._slots[role] = _Slot(loaded, info, identity, dtype, transform)
        return info

    def _restore(self, role: str, prev: _Slot, exc: Exception) -> AlcoveError:
        """After a failed swap: load the previous model again (it was released to make room for the new one)."""
        gc.collect()
        try:
            _, where = identify(prev.identity.spec, role, dtype=prev.dtype, transform=prev.transform)
            loaded, info = load_for_role(where, role, dtype=prev.dtype, transform=prev.transform)
        except Exception as again:  # noqa: BLE001
            log.error("could not reload the previous %s model %s: %s", role, prev.info.name, again)
            return ModelLoadError(
                f"{exc} The previous {role} model, {prev.info.name}, could not be loaded again ({again}); "
                f"no {role} model is loaded."
            )
        self._slots[role] = _Slot(loaded, info, prev.identity, prev.dtype, prev.transform)
        log.info("the %s model %s was loaded again after a failed swap", role, info.name)
        return ModelLoadError(f"{exc} The previous {role} model, {info.name}, was loaded again.")

    def unload_model(self, role: str = "chat") -> bool:
        return self._thread.submit_call(
            self._unload_model, (role,), label=f"unload the {role} model"
        ).result()

    def _unload_model(self, role: str) -> bool:
        assert_engine_thread("Engine._unload_model")
        if role not in self._slots:
            return False
        self._release(role)
        return True

    def _release(self, role: str) -> _Slot | None:
        """Drop the role's model and everything that refers to it, then give MLX's buffers back. Returns how to
        load it again (what it was, not the object)."""
        import mlx.core as mx  # deferred with every MLX import here: engine.core must import without MLX

        slot = self._slots.pop(role, None)
        if slot is None:
            return None
        key = getattr(slot.loaded, "key", None)
        if key:
            self._store.drop_model(key)
        if role == "embedder":
            forget_vectors()  # matrices of indexes built with it: useless without it, rebuilt on the next search
        again = _Slot(None, slot.info, slot.identity, slot.dtype, slot.transform)
        slot.loaded = None
        del slot
        gc.collect()
        mx.clear_cache()
        if not self._slots:
            release_wired_memory()
        return again

    def models(self) -> dict[str, Any]:
        """role -> ModelInfo of what is loaded now."""
        return self._thread.submit_call(lambda: {r: s.info for r, s in self._slots.items()},
                                        label="read the loaded models").result()  # fmt: skip

    def model(self, role: str) -> Any:
        """The loaded object for ``role`` (engine-thread use only: pass it to functions run via ``run``)."""
        assert_engine_thread("Engine.model()")
        slot = self._slots.get(role)
        if slot is None:
            raise NoModelLoadedError(f"No {role} model is loaded. Load one first (alcove models list).")
        return slot.loaded

    # -- cancelling -------------------------------------------------------------------------------------
    def _register(self, request_id: str) -> threading.Event:
        cancel = threading.Event()
        with self._lock:
            self._cancels[request_id] = cancel
            if self._early.pop(request_id, 0) is None:
                cancel.set()  # Stop was pressed before the request reached the engine
        return cancel

    def _unregister(self, request_id: str) -> None:
        with self._lock:
            self._cancels.pop(request_id, None)

    def cancel(self, request_id: str) -> bool:
        """Stop a request within one token / prefill chunk / denoising step / embedding batch. A request that is
        queued never starts; one not submitted yet is remembered and ends cancelled when it comes. Returns whether
        the request was known."""
        with self._lock:
            ev = self._cancels.get(request_id)
            if ev is None:
                self._early[request_id] = None
                while len(self._early) > _EARLY_CANCELS:
                    self._early.popitem(last=False)
                return False
        ev.set()
        return True

    def cancel_all(self) -> None:
        with self._lock:
            for ev in self._cancels.values():
                ev.set()

    # -- generation ------------------------------------------------------------------------------------
    def generate(self, request: GenerateRequest) -> Iterator[Any]:
        """Stream TokenEvent (or CanvasEvent for diffusion models) ... then one FinalEvent."""
        cancel = self._register(request.request_id)
        submitted = time.perf_counter()
        try:
            return self._thread.submit_stream(self._generate, (request, cancel, submitted),
                                              label=f"generate {request.request_id}")  # fmt: skip
        except BaseException:
            self._unregister(request.request_id)  # refused (the engine is shut down): forget its cancel flag
            raise

    def _generate(self, req: GenerateRequest, cancel: threading.Event, submitted: float) -> Iterator[Any]:
        try:
            assert_engine_thread("Engine._generate")
            if cancel.is_set():  # cancelled while it waited: never prefill
                waited = time.perf_counter() - submitted
                yield FinalEvent(
                    req.request_id, "", (), "cancelled", GenerationStats(queue_s=waited, e2e_s=waited)
                )
                return
            slot = self._slots.get(req.role)
            if slot is None:
                yield FinalEvent(
                    req.request_id,
                    "",
                    (),
                    "error",
                    GenerationStats(),
                    f"No {req.role} model is loaded. Load one first (alcove models list).",
                )
                return
            yield from generation_route(self, slot.loaded, req, cancel, submitted)
        except AlcoveError as exc:
            yield FinalEvent(req.request_id, "", (), "error", GenerationStats(), str(exc))
        finally:
            self._unregister(req.request_id)

    def loaded(self, role: str) -> Any | None:
        """The loaded object for ``role`` or None (engine thread only; the generation routes use it)."""
        assert_engine_thread("Engine.loaded()")
        slot = self._slots.get(role)
        return slot.loaded if slot is not None else None

    # -- indexing --------------------------------------------------------------------------------------
    def index(
        self,
        paths: Sequence[str | Path],
        db: str | Path,
        *,
        embedder: Any = "default",
        request_id: str | None = None,
        **options: Any,
    ) -> Iterator[Any]:
        """Index files and folders into ``db`` as background work; yields ProgressEvent, then one IndexSummary.

        ``embedder``: a model spec for the embedder role (loaded once, kept loaded) or an embedder object.
        Extraction runs beside the engine thread; each embedding batch is one background unit, so chat and
        search run between batches. Cancel with ``cancel(request_id)``. ``options`` go to ``index_pipeline``
        (workers, extract_in="threads"|"processes", commit_seconds, unit_seconds, ...).
        """
        if not self._thread.alive:
            raise EngineClosedError("The engine has been shut down.")
        rid = request_id or new_request_id()
        cancel = self._register(rid)
        out: queue.Queue[Any] = queue.Queue()

        def writer() -> None:
            try:
                emb = embedder
                if isinstance(embedder, str):  # loaded once and kept (a second index run reuses it)
                    emb = self._thread.submit_call(self._index_embedder, (embedder,),
                                                   label=f"index {rid}: load the embedder").result()  # fmt: skip
                for item in index_pipeline(list(paths), db, emb, self._thread, cancel=cancel, request_id=rid,
                                           **options):  # fmt: skip
                    out.put(item)
            except BaseException as exc:  # noqa: BLE001 - errors cross the thread as values
                out.put(_Raised(exc))
            finally:
                self._unregister(rid)
                out.put(_DONE_ITEM)

        threading.Thread(target=writer, name=f"alcove-index-{rid}", daemon=True).start()
        return _drain_until(out)

    def _index_embedder(self, spec: str) -> Any:
        self._load_model(spec, "embedder", None, None, False)
        return self._slots["embedder"].loaded

    # -- memory ----------------------------------------------------------------------------------------
    @property
    def prompt_cache(self):
        return self._store

    def set_memory_limits(
        self, memory_limit_bytes: int | None = None, cache_limit_bytes: int | None = None
    ) -> None:
        self._thread.call(self._set_memory_limits, memory_limit_bytes, cache_limit_bytes)

    def _set_memory_limits(self, memory_limit: int | None, cache_limit: int | None) -> None:
        import mlx.core as mx

        if memory_limit:
            mx.set_memory_limit(int(memory_limit))
            self._memory_limit = int(memory_limit)
        if cache_limit is not None:
            mx.set_cache_limit(int(cache_limit))
            self._cache_limit = int(cache_limit)

    def set_prompt_cache_budget(self, nbytes: int) -> None:
        self._thread.call(setattr, self._store, "budget_bytes", int(nbytes))

    def memory(self) -> MemoryInfo:
        def read() -> MemoryInfo:
            import mlx.core as mx

            return MemoryInfo(
                int(mx.get_active_memory()),
                int(mx.get_peak_memory()),
                int(mx.get_cache_memory()),
                self._store.nbytes,
                self._memory_limit,
                self._cache_limit,
                int(sum(getattr(s.info, "bytes", 0) or 0 for s in self._slots.values())),
                vector_cache_bytes(),
            )

        return self._thread.submit_call(read, label="read memory").result()

    def reset_peak_memory(self) -> None:
        def reset() -> None:
            import mlx.core as mx

            mx.reset_peak_memory()

        self._thread.call(reset)

    def shutdown(self) -> None:
        """Cancel what runs, free every model and cache on the engine thread, and stop it. Work still queued
        fails with EngineClosedError; later submissions fail at once."""
        self.cancel_all()
        if self._thread.alive:
            try:
                self._thread.call(self._free_all, timeout=30)
            except AlcoveError as exc:
                log.warning("engine shutdown: %s", exc)
        self._thread.shutdown()

    def _free_all(self) -> None:
        import mlx.core as mx

        try:  # the last replies' caches reach the disk before their models go
            self._store.close()
        except Exception:  # noqa: BLE001 - quitting must not fail over a cache file
            log.warning("the prompt cache could not be saved at shutdown", exc_info=True)
        for role in list(self._slots):
            self._release(role)
        forget_vectors()
        gc.collect()
        mx.clear_cache()
        release_wired_memory()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()


_DONE_ITEM = object()


def _drain_until(out: queue.Queue) -> Iterator[Any]:
    while True:
        item = out.get()
        if item is _DONE_ITEM:
            return
        if isinstance(item, _Raised):
            raise item.exc
        yield item
