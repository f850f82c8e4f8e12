"""What the server asks of the engine: requests built from the server's options and the client's model names.
Blocking calls, made from worker threads (the HTTP layer never blocks its event loop on them).

An adapter only: the engine loads models by role, decides how a chat reply decodes (alone, speculatively, or in its
continuous batch; ``Engine.chat``'s first event, a RouteEvent, says which and why, and that is what a response's
``alcove.decoding`` reports), reranks with a cross-encoder or generatively, and searches and answers. The server
keeps what is its own: which names exist here (404 otherwise), what "default" means, the request counters, and the
translation of engine errors into HTTP statuses.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from app.common import search_json
from app.server.models_gate import check_model_name
from app.server.options import ServerOptions
from app.server.protocol import ApiError, text_field, unicode_text
from engine.core import (
    AlcoveError,
    AskRequest,
    BatchFull,
    Candidate,
    ChatRequest,
    EmbedRequest,
    ModelLoadError,
    ModelRequest,
    RequestRefused,
    RerankRequest,
    Role,
    RouteEvent,
    SamplingParams,
    SearchRequest,
    TokenEvent,
    default_index_db,
    new_request_id,
)
from engine.encoders import default_embedder_path
from engine.models import list_local_models, resolve_model

log = logging.getLogger(__name__)

__all__ = ["Counters", "ModelService", "ServerOptions"]


@dataclass
class Counters:
    active: int = 0
    served: int = 0
    errors: int = 0
    listeners: list[Callable[[int, int], None]] = field(default_factory=list)


def _load_failed(exc: ModelLoadError) -> ApiError:
    return ApiError(400, str(exc), code="model_load_failed", param="model")


def _refused(exc: RequestRefused, request: ChatRequest) -> ApiError:
    """The engine's refusal of a request that does not fit the model (before it was queued) as a 400."""
    param = exc.param
    if param == "prompt" and request.messages is not None:
        param = "messages"
    return ApiError(400, str(exc), code=exc.code, param=param)


def _texts(values: list[str], param: str) -> None:
    for i, text in enumerate(values):
        unicode_text(text, f"{param}[{i}]")


class ModelService:
    def __init__(self, engine: Any, options: ServerOptions) -> None:
        self.engine = engine
        self.options = options
        self._paths: dict[str, str] = {}  # "role:spec" -> resolved folder, cached
        self.counters = Counters()
        self._count_lock = threading.Lock()
        engine.set_batch_limits(options.max_batch, options.max_waiting)

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

    # -- model names ------------------------------------------------------------------------------------
    def list_models(self) -> list[dict[str, Any]]:
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
            if role == Role.EMBEDDER:
                path = default_embedder_path() if name == "default" else Path(name).expanduser()
                self._paths[key] = str(path)
            else:
                self._paths[key] = str(resolve_model(name).path)
        return self._paths[key]

    def _known(self, name: str) -> bool:
        if name == "default" or Path(name).expanduser().exists():
            return True
        return any(m.name == name for m in list_local_models())

    def spec(self, role: Role, name: str) -> str:
        """The model spec a client's name stands for ("default": the server's own); ApiError(404) when no such
        model exists here."""
        check_model_name(name, allow_paths=self.options.allow_model_paths)  # ids /v1/models lists
        if role is Role.EMBEDDER and name in ("default", "default-embedding"):
            spec = self.options.embedder
        elif role is Role.CHAT and name == "default":
            spec = self.options.chat_model
        else:
            spec = name
        if not self._known(spec):
            raise ApiError(404, f"The model '{name}' does not exist here; GET /v1/models lists the ones that do.",
                           code="model_not_found", param="model")  # fmt: skip
        if role in (Role.CHAT, Role.DRAFT):
            try:
                self._path_of(role, spec)
            except AlcoveError as exc:
                raise ApiError(404, str(exc), code="model_not_found", param="model") from exc
        return spec

    def _unless_loaded(self, role: Role, spec: str) -> ModelRequest | None:
        """``spec`` as a request's model for ``role``, or None when that folder is loaded for it already: a request
        that names its model has the engine check it on the engine thread, which waits behind a running batch."""
        info = self.engine.models().get(role.value)
        if info is not None and str(info.path) == self._path_of(role, spec):
            return None
        return ModelRequest(role, spec)

    # -- generation ---------------------------------------------------------------------------------------
    def chat(self, request: ChatRequest, name: str) -> tuple[Iterator[Any], RouteEvent]:
        """Start ``request`` with the chat model ``name`` stands for; returns (the rest of its events, the
        engine's RouteEvent). Raises ApiError: 404 (no such model), 400 (it cannot load; the engine refused the
        request: ids outside the vocabulary, the prompt plus max_tokens beyond the context), 429 (the batch is full)."""
        model = self._unless_loaded(Role.CHAT, self.spec(Role.CHAT, name))
        draft = None
        if self.options.draft and request.speculative.mode != "off":
            draft = self._unless_loaded(Role.DRAFT, self.options.draft)
        req = replace(request, model=model, draft=draft, shared=True)
        try:
            events = self.engine.chat(req)
            route = next(events)
        except BatchFull as exc:
            raise ApiError(429, str(exc), type="rate_limit_error", code="rate_limit_exceeded") from exc
        except RequestRefused as exc:  # ids outside the vocabulary, prompt + max_tokens beyond the context
            raise _refused(exc, req) from exc
        except ModelLoadError as exc:
            raise _load_failed(exc) from exc
        if not isinstance(route, RouteEvent):  # the engine's contract: the route comes first
            raise AlcoveError(f"The engine began a reply with {type(route).__name__}, not its route.")
        return events, route

    def cancel(self, request_id: str) -> None:
        self.engine.cancel(request_id)  # a batched request too

    def _db(self, db: str | None) -> str:
        db = str(db or self.options.db or default_index_db())
        if not Path(db).exists():
            raise ApiError(400, f"There is no document index at {db}; index a folder first (alcove index DIR).",
                           code="no_index")  # fmt: skip
        return db

    def ask(
        self,
        question: str,
        *,
        model: str = "default",
        max_tokens: int = 256,
        sampling: SamplingParams | None = None,
        request_id: str | None = None,
    ) -> Iterator[Any]:
        """Document Q&A: the engine's progress, then one AskResult. The model's tokens are not passed on: an answer
        is sent once checked against the sources and numbered as shown (its [n] as its citations number them), as
        ``alcove ask`` prints it; the raw tokens carry the sources' own numbers and unchecked sentences."""
        text_field(question, "question")
        chat = self._unless_loaded(Role.CHAT, self.spec(Role.CHAT, model))
        req = AskRequest(question, self._db(None), chat=chat, embedder=self._embedder(), max_tokens=max_tokens,
                         sampling=sampling, request_id=request_id or new_request_id())  # fmt: skip
        return _checked_only(self.engine.ask(req))

    # -- encoders and the index --------------------------------------------------------------------------------
    def _embedder(self, name: str = "default") -> ModelRequest:
        return ModelRequest(Role.EMBEDDER, self.spec(Role.EMBEDDER, name))

    def embed(self, model: str, texts: list[str], kind: str = "document") -> Any:
        _texts(texts, "input")
        request = EmbedRequest(tuple(texts), kind, self._embedder(model))
        try:
            return self.engine.embed(request)
        except ModelLoadError as exc:
            raise _load_failed(exc) from exc

    def rerank(self, model: str, query: str, documents: list[str], request_id: str | None = None) -> Any:
        """Scores by ``model``: "default" is the server's chat model used generatively; a cross-encoder folder
        scores as one (the engine tells them apart)."""
        text_field(query, "query")
        _texts(documents, "documents")
        request = RerankRequest(
            query, tuple(Candidate(d) for d in documents), model=self.spec(Role.CHAT, model),
            request_id=request_id or new_request_id(),
        )  # fmt: skip
        try:
            return self.engine.rerank(request)
        except ModelLoadError as exc:
            raise _load_failed(exc) from exc

    def search(self, query: str, *, k: int, mode: str, fusion: str, db: str | None) -> dict[str, Any]:
        text_field(query, "query")
        embedder = None if mode in ("keyword", "late") else self._embedder()
        request = SearchRequest(query, self._db(db), k=k, mode=mode, fusion=fusion, embedder=embedder)
        try:
            return search_json(self.engine.search(request))
        except ModelLoadError as exc:
            raise _load_failed(exc) from exc


def _checked_only(events: Iterator[Any]) -> Iterator[Any]:
    """``events`` without the written answer's TokenEvents (see ``Service.ask``)."""
    for ev in events:
        if not isinstance(ev, TokenEvent):
            yield ev
