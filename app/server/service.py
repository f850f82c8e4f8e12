"""What the server asks of the engine: models by name, generation (batched or speculative), embeddings, rerank,
search and ask. Blocking calls, made from worker threads (the HTTP layer never blocks its event loop on them).

Only the Engine's public API is used (``generate``, ``cancel``, ``run``, ``stream``, ``load_model``, ``models``), so
requests go through whatever admission the engine applies. Concurrent plain decodes share one batch
(``engine.generation.BatchRunner``, one engine job that admits requests between steps); a request that asks for
speculative decoding runs speculatively when nothing else is decoding (one sequence is where drafting pays) and joins
the batch otherwise. Each response says which, and why (``alcove.decoding``).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from app.cli.index import search_json
from app.cli.rag import is_cross_encoder
from app.server.protocol import ApiError
from engine.core import AlcoveError, GenerateRequest, ModelLoadError, SpeculativeParams, default_index_db
from engine.encoders import default_embedder_path
from engine.generation import BatchFull, BatchRunner, batchable
from engine.index import search
from engine.models import list_local_models, resolve_model
from engine.rag import ask_on_engine, generative_reranker_for, rerank

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ServerOptions:
    """The server's settings (plain values; the window and ``alcove serve`` fill them in)."""

    host: str = "127.0.0.1"
    port: int = 8765
    api_key: str | None = None
    allow_remote: bool = False
    chat_model: str = "default"  # what "default" means for chat and completions
    embedder: str = "default"
    db: str | None = None  # the index for /v1/alcove/* and documents mode
    max_batch: int = 16
    max_waiting: int = 64  # requests queued for the batch beyond which the server answers 429
    max_inflight: int = 128  # open requests of any kind beyond which it answers 503
    max_tokens: int = 512
    temperature: float = 0.7
    speculative: str = "off"


@dataclass
class Counters:
    active: int = 0
    served: int = 0
    errors: int = 0
    listeners: list[Callable[[int, int], None]] = field(default_factory=list)


class ModelService:
    def __init__(self, engine: Any, options: ServerOptions) -> None:
        self.engine = engine
        self.options = options
        self._load_lock = threading.Lock()
        self._loaded: dict[str, str] = {}  # role -> the folder last seen loaded for it
        self._batchable: dict[str, str | None] = {}  # chat folder -> None, or why it cannot decode in a batch
        self._paths: dict[str, str] = {}  # name -> resolved folder, cached
        self.counters = Counters()
        self._count_lock = threading.Lock()
        self.batch = BatchRunner(
            self._run_job,
            lambda: engine.model("chat"),
            engine.prompt_cache,
            max_batch=options.max_batch,
            max_waiting=options.max_waiting,
        )

    def _run_job(self, fn: Callable[[], Iterator[Any]]) -> None:
        """Start the batch loop as ONE interactive engine job (so queued background units, such as the index's
        embedding batches, wait until the batch is empty). It runs through ``Engine.run`` rather than
        ``Engine.stream``: the loop's per-step items are dropped on the engine thread instead of waking a reader
        thread at every step. A thread waits for the job so that a failure is logged, not lost."""

        def batch_loop() -> None:
            for _ in fn():
                pass

        batch_loop.__qualname__ = "BatchRunner._loop"  # what scheduler_state() shows while it runs

        def wait() -> None:
            try:
                self.engine.run(batch_loop)
            except Exception:  # noqa: BLE001 - the batch loop ends every stream itself; this is a last resort
                log.exception("the batch job failed")

        threading.Thread(target=wait, name="alcove-batch-wait", daemon=True).start()

    # -- request accounting (for the status bar) ----------------------------------------------------------
    def begin(self) -> None:
        with self._count_lock:
            if self.counters.active >= self.options.max_inflight:
                raise ApiError(503, "The server is busy; retry in a moment.", type="server_error",
                               code="server_busy")  # fmt: skip
            self.counters.active += 1
        self._notify()

    def end(self, ok: bool = True) -> None:
        with self._count_lock:
            self.counters.active -= 1
            self.counters.served += 1
            self.counters.errors += 0 if ok else 1
        self._notify()

    def _notify(self) -> None:
        for fn in list(self.counters.listeners):
            try:
                fn(self.counters.active, self.counters.served)
            except Exception:  # noqa: BLE001 - a listener must never break a request
                log.exception("server listener failed")

    # -- models -------------------------------------------------------------------------------------------
    def list_models(self) -> list[dict[str, Any]]:
        if (
            self.batch.active
        ):  # the engine thread is decoding: what the server last saw loaded is still loaded
            loaded = set(self._loaded.values())
        else:
            loaded = {str(info.path) for info in self.engine.models().values() if info is not None}
        out = [
            {"id": "default", "object": "model", "owned_by": "alcove", "kind": "chat",
             "loaded": self._path_of("chat", self.options.chat_model) in loaded},
            {"id": "default-embedding", "object": "model", "owned_by": "alcove", "kind": "embedder",
             "loaded": str(default_embedder_path()) in loaded},
        ]  # fmt: skip
        for m in list_local_models():
            if m.kind in ("chat", "diffusion", "embedder", "reranker"):
                out.append({"id": m.name, "object": "model", "owned_by": m.source, "kind": m.kind,
                            "loaded": m.path in loaded})  # fmt: skip
        return out

    def _path_of(self, role: str, name: str) -> str:
        key = f"{role}:{name}"
        if key not in self._paths:
            if role == "embedder":
                path = default_embedder_path() if name == "default" else Path(name).expanduser()
                self._paths[key] = str(path)
            else:
                self._paths[key] = str(resolve_model(name).path)
        return self._paths[key]

    def _known(self, name: str) -> bool:
        if name == "default" or Path(name).expanduser().exists():
            return True
        return any(m.name == name for m in list_local_models())

    def ensure(self, role: str, name: str) -> str:
        """Make ``name`` the loaded model of ``role`` (loading it through the engine queue); returns the spec."""
        if role == "embedder" and name in ("default", "default-embedding"):
            spec = self.options.embedder
        elif role == "chat" and name == "default":
            spec = self.options.chat_model
        else:
            spec = name
        if not self._known(spec):
            raise ApiError(404, f"The model '{name}' does not exist here; GET /v1/models lists the ones that do.",
                           code="model_not_found", param="model")  # fmt: skip
        with self._load_lock:
            try:
                want = self._path_of(role, spec)
            except AlcoveError as exc:
                raise ApiError(404, str(exc), code="model_not_found", param="model") from exc
            if role == "chat" and self._loaded.get(role) == want and self.batch.active:
                # Asking the engine would wait for the running batch job; while it runs, its model is this one.
                return spec
            info = self.engine.models().get(role)
            if info is None or str(info.path) != want:
                log.info("server: loading %s as the %s model", spec, role)
                try:
                    self.engine.load_model(spec, role=role)
                except ModelLoadError as exc:
                    raise ApiError(400, str(exc), code="model_load_failed", param="model") from exc
            if role == "chat" and want not in self._batchable:
                self._batchable[want] = self.engine.run(lambda: batchable(self.engine.model("chat")))
            self._loaded[role] = want
        return spec

    # -- generation -----------------------------------------------------------------------------------------
    def generate(self, req: GenerateRequest) -> tuple[Iterator[Any], str, str]:
        """Start ``req`` on the chat model; returns (events, decoding, reason). Raises ApiError(429) when full."""
        reason = self._batchable.get(self._loaded.get("chat", ""), "the chat model has not been checked")
        busy = self.batch.active
        if req.speculative.mode != "off" and busy == 0:
            return self.engine.generate(req), "speculative", "the only request decoding: drafting can pay"
        if reason is not None:
            return self.engine.generate(req), "single", reason
        if req.speculative.mode != "off":
            req = _without_speculation(req)
            why = f"{busy} other requests decoding: batched plain decoding beats one speculative sequence"
        else:
            why = f"plain decoding in the continuous batch ({busy} other requests decoding when it arrived)"
        try:
            return self.batch.submit(req), "batched", why
        except BatchFull as exc:
            raise ApiError(429, str(exc), type="rate_limit_error", code="rate_limit_exceeded") from exc

    def cancel(self, request_id: str) -> None:
        if not self.batch.cancel(request_id):
            self.engine.cancel(request_id)

    def ask(self, question: str, **kwargs: Any) -> Iterator[Any]:
        """Document Q&A on the engine: TokenEvents, then one AskResult."""
        self.ensure("embedder", "default")
        db = str(kwargs.pop("db", None) or self.options.db or default_index_db())
        if not Path(db).exists():
            raise ApiError(400, f"There is no document index at {db}; index a folder first (alcove index DIR).",
                           code="no_index")  # fmt: skip
        return self.engine.stream(ask_on_engine, self.engine, question, db=db, **kwargs)

    # -- encoders -------------------------------------------------------------------------------------------
    def embed(self, texts: list[str], kind: str = "document"):
        return self.engine.run(lambda: self.engine.model("embedder").embed(texts, kind=kind))

    def rerank(self, model: str, query: str, documents: list[str]):
        role = "reranker" if model not in ("default",) and is_cross_encoder(model) else "chat"
        self.ensure(role, model)

        def job():
            loaded = self.engine.model(role)
            scorer = loaded if role == "reranker" else generative_reranker_for(loaded)
            return rerank(query, [{"text": d} for d in documents], reranker=scorer)

        return self.engine.run(job)

    def search(self, query: str, *, k: int, mode: str, fusion: str, db: str | None) -> dict[str, Any]:
        db = str(db or self.options.db or default_index_db())
        if not Path(db).exists():
            raise ApiError(400, f"There is no document index at {db}; index a folder first (alcove index DIR).",
                           code="no_index")  # fmt: skip
        if mode != "keyword":
            self.ensure("embedder", "default")
        hits = self.engine.run(
            lambda: search(db, None if mode == "keyword" else self.engine.model("embedder"), query, k=k,
                           mode=mode, fusion=fusion)
        )  # fmt: skip
        return search_json(hits)


def _without_speculation(req: GenerateRequest) -> GenerateRequest:
    return replace(req, speculative=SpeculativeParams(mode="off"))
