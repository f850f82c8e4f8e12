"""The engine's public face. Every public method forwards to a private twin that runs on the one engine thread."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.core import (
    AlcoveError,
    FinalEvent,
    GenerateRequest,
    GenerationStats,
    NoModelLoadedError,
    preload_blas,
)
from engine.generation import PromptCacheStore
from engine.models import release_wired_memory
from engine.runtime.registry import generation_route, info_of, load_for_role
from engine.runtime.worker import EngineThread

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MemoryInfo:
    active_bytes: int
    peak_bytes: int
    cache_bytes: int
    prompt_cache_bytes: int
    memory_limit_bytes: int | None
    cache_limit_bytes: int | None


class Engine:
    """Owns the engine thread, the loaded models (by role) and the prompt-cache store."""

    def __init__(
        self,
        *,
        prompt_cache_bytes: int = 2 << 30,
        memory_limit_bytes: int | None = None,
        cache_limit_bytes: int | None = None,
    ) -> None:
        preload_blas()
        self._thread = EngineThread()
        self._models: dict[
            str, Any
        ] = {}  # role -> LoadedLM / diffusion / embedder / cross-encoder (engine thread)
        self._cancels: dict[str, threading.Event] = {}
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
        return self._thread.call(fn, *args, **kwargs)

    def stream(self, gen_fn: Callable[..., Iterator[Any]], *args: Any, **kwargs: Any) -> Iterator[Any]:
        return self._thread.stream(gen_fn, *args, **kwargs)

    # -- models ----------------------------------------------------------------------------------------
    def load_model(
        self, spec: str, role: str = "chat", *, dtype: str | None = None, transform: str | None = None
    ):
        """Load a model for ``role`` (chat | draft | embedder | reranker); returns its ModelInfo."""
        return self._thread.call(self._load_model, spec, role, dtype, transform)

    def _load_model(self, spec: str, role: str, dtype: str | None, transform: str | None):

        old = self._models.pop(role, None)
        if old is not None:
            self._release(old)
        loaded = load_for_role(spec, role, dtype=dtype, transform=transform)
        self._models[role] = loaded
        return info_of(loaded)

    def unload_model(self, role: str = "chat") -> bool:
        return self._thread.call(self._unload_model, role)

    def _unload_model(self, role: str) -> bool:
        old = self._models.pop(role, None)
        if old is None:
            return False
        self._release(old)
        return True

    def _release(self, loaded: Any) -> None:
        import gc

        import mlx.core as mx

        key = getattr(loaded, "key", None)
        if key:
            self._store.drop_model(key)
        del loaded
        gc.collect()
        mx.clear_cache()
        if not self._models:
            release_wired_memory()

    def models(self) -> dict[str, Any]:
        """role -> ModelInfo of what is loaded now."""

        return self._thread.call(lambda: {r: info_of(m) for r, m in self._models.items()})

    def model(self, role: str) -> Any:
        """The loaded object for ``role`` (engine-thread use only: pass it to functions run via ``run``)."""
        loaded = self._models.get(role)
        if loaded is None:
            raise NoModelLoadedError(f"No {role} model is loaded. Load one first (alcove models list).")
        return loaded

    # -- generation ------------------------------------------------------------------------------------
    def generate(self, request: GenerateRequest) -> Iterator[Any]:
        """Stream TokenEvent (or CanvasEvent for diffusion models) ... then one FinalEvent."""
        cancel = threading.Event()
        with self._lock:
            self._cancels[request.request_id] = cancel
        submitted = time.perf_counter()
        return self._thread.stream(self._generate, request, cancel, submitted)

    def _generate(self, req: GenerateRequest, cancel: threading.Event, submitted: float) -> Iterator[Any]:
        try:
            loaded = self._models.get(req.role)
            if loaded is None:
                yield FinalEvent(
                    req.request_id,
                    "",
                    (),
                    "error",
                    GenerationStats(),
                    f"No {req.role} model is loaded. Load one first (alcove models list).",
                )
                return

            yield from generation_route(self, loaded, req, cancel, submitted)
        except AlcoveError as exc:
            yield FinalEvent(req.request_id, "", (), "error", GenerationStats(), str(exc))
        finally:
            with self._lock:
                self._cancels.pop(req.request_id, None)

    def cancel(self, request_id: str) -> bool:
        """Stop a request within one token / prefill chunk / denoising step (queued requests never start)."""
        with self._lock:
            ev = self._cancels.get(request_id)
        if ev is None:
            return False
        ev.set()
        return True

    def cancel_all(self) -> None:
        with self._lock:
            for ev in self._cancels.values():
                ev.set()

    @property
    def prompt_cache(self):
        return self._store

    # -- memory ----------------------------------------------------------------------------------------
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
            )

        return self._thread.call(read)

    def shutdown(self) -> None:
        self.cancel_all()
        if self._thread.alive:
            self._thread.call(self._clear_models)
        self._thread.shutdown()

    def _clear_models(self) -> None:
        self._models.clear()
        release_wired_memory()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
