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
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.core import (
    AlcoveError,
    AskRequest,
    ChatRequest,
    EmbedRequest,
    FinalEvent,
    GenerateRequest,
    GenerationStats,
    IndexRequest,
    ModelRequest,
    PairRequest,
    RerankRequest,
    Role,
    RouteEvent,
    SearchMode,
    SearchRequest,
    SpeculativeParams,
    preload_blas,
)
from engine.generation import PromptCacheStore, check_request
from engine.index import (
    check_file_types,
    forget_token_vectors,
    forget_vectors,
    image_cache_bytes,
    index_pipeline,
    search,
    token_cache_bytes,
    vector_cache_bytes,
)
from engine.models import release_wired_memory
from engine.rag import ask, generative_reranker_for, rerank_steps
from engine.runtime import policy
from engine.runtime.distributed.chat_route import PairInfo, SplitChat
from engine.runtime.memory import MemoryInfo, apply_limits, read_memory, reset_peak
from engine.runtime.model_choice import DEFAULT_EMBEDDER, image_model_for, late_model_for, rag_models_for
from engine.runtime.registry import generation_route
from engine.runtime.roles import RoleSlots
from engine.runtime.scheduler import (
    EngineClosedError,
    EngineThread,
    SchedulerState,
    _Raised,
    assert_engine_thread,
)
from engine.runtime.shared_batch import SharedBatch
from engine.runtime.streams import DONE_ITEM, after, drain_until

log = logging.getLogger(__name__)

_EARLY_CANCELS = 256  # request ids cancelled before they were submitted, remembered (oldest forgotten first)


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
        self._cancels: dict[str, threading.Event] = {}
        self._early: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()
        self._memory_limit = memory_limit_bytes
        self._cache_limit = cache_limit_bytes
        self._store = self._thread.call(self._make_store, prompt_cache_bytes)
        self._roles = RoleSlots(self._store)  # role -> loaded model
        self._shared = SharedBatch(
            self._thread, self._roles, self._store
        )  # the continuous batch, made on first use
        self._split: SplitChat | None = None  # the chat model split over this Mac and a helper (Engine.pair)
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
        held = None if reload else self._roles.current(spec, role, dtype, transform)
        if held is not None:  # already loaded: no need to wait for the engine thread (a batch may hold it)
            return held
        what = f"loading the {role} model {Path(str(spec)).name}"
        fut = self._thread.submit_call(self._load_model, (spec, role, dtype, transform, reload), label=what)
        return self._thread.wait(fut, timeout, what)

    def _load_model(self, spec: str, role: str, dtype: str | None, transform: str | None, reload: bool):
        return self._roles.load(spec, role, dtype, transform, reload)

    def unload_model(self, role: str = "chat") -> bool:
        return self._thread.submit_call(
            self._roles.unload, (role,), label=f"unload the {role} model"
        ).result()

    def models(self) -> dict[str, Any]:
        """role -> ModelInfo of what is loaded now (read at once: it never waits for the engine thread)."""
        return self._roles.infos()

    def model(self, role: str) -> Any:
        """The loaded object for ``role`` (engine-thread use only: pass it to functions run via ``run``)."""
        assert_engine_thread("Engine.model()")
        return self._roles.get(role)

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
        if self._shared.cancel(request_id):
            return True
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
            slot = self._roles.slot(req.role)
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
        slot = self._roles.slot(role)
        return slot.loaded if slot is not None else None

    # -- indexing --------------------------------------------------------------------------------------
    def index(self, request: IndexRequest) -> Iterator[Any]:
        """Index files and folders as background work; yields ProgressEvent, then one IndexSummary.

        The embedder (a spec: loaded once, kept loaded) embeds each batch as one background unit, so chat and
        search run between batches; extraction runs beside the engine thread. Cancel with
        ``cancel(request.request_id)``: what is done is kept.
        """
        if not self._thread.alive:
            raise EngineClosedError("The engine has been shut down.")
        rid = request.request_id
        cancel = self._register(rid)
        out: queue.Queue[Any] = queue.Queue()

        def writer() -> None:
            try:
                emb = request.embedder
                if isinstance(emb, str):  # loaded once and kept (a second index run reuses it)
                    emb = self._thread.submit_call(self._role, (ModelRequest(Role.EMBEDDER, emb),),
                                                   label=f"index {rid}: load the embedder").result()  # fmt: skip
                images = request.image_model
                if isinstance(images, str):  # loaded once and kept, as the embedder
                    images = self._thread.submit_call(self._role, (ModelRequest(Role.IMAGE, images),),
                                                      label=f"index {rid}: load the image model").result()  # fmt: skip
                late = request.late_model
                if isinstance(late, str):  # loaded once and kept, as the embedder
                    late = self._thread.submit_call(self._role, (ModelRequest(Role.LATE, late),),
                                                    label=f"index {rid}: load the late model").result()  # fmt: skip
                for item in index_pipeline(list(request.paths), request.db, emb, self._thread, cancel=cancel,
                                           request_id=rid, image_embedder=images, late_encoder=late,
                                           **request.pipeline_options()):  # fmt: skip
                    out.put(item)
            except BaseException as exc:  # noqa: BLE001 - errors cross the thread as values
                out.put(_Raised(exc))
            finally:
                self._unregister(rid)
                out.put(DONE_ITEM)

        threading.Thread(target=writer, name=f"alcove-index-{rid}", daemon=True).start()
        return drain_until(out)

    # -- the use cases: one typed request each; roles load when a request needs them --------------------
    def ensure(self, request: ModelRequest, timeout: float | None = None):
        """Make ``request.spec`` the model of its role (no load when it already is); returns its ModelInfo."""
        return self.load_model(request.spec, request.role.value, dtype=request.dtype, transform=request.transform,
                               reload=request.reload, timeout=timeout)  # fmt: skip

    def holds(self, request: ModelRequest) -> Any | None:
        """The ModelInfo when the request's model is loaded for its role as asked (no transform), else None. Any
        thread; it never waits for the engine thread."""
        return self._roles.current(request.spec, request.role.value, request.dtype, request.transform)

    def unload(self, role: Role | str) -> bool:
        """Free the role's model; False when none was loaded."""
        return self.unload_model(Role(role).value)

    def chat(self, request: ChatRequest) -> Iterator[Any]:
        """A reply: one RouteEvent (how it is decoded and why), TokenEvent or CanvasEvent..., one FinalEvent.

        Loads ``request.model`` / ``request.draft`` first when given. A ``shared`` request (a server's) joins the
        continuous batch when the model can batch, and decodes speculatively only while nothing else decodes.
        Raises BatchFull (an AlcoveError) when the batch's queue is full, RequestRefused (one too) when the request
        does not fit the model (ids outside its vocabulary, a prompt beyond its context: see generation/limits.py).
        """
        split = self._split
        if split is not None and split.serves(request):
            stream = split.route(request, self._register(request.request_id),
                                 lambda: self._unregister(request.request_id))  # fmt: skip
            if stream is not None:
                return stream
            if request.model is None:  # after a fault this Mac runs the split model alone: load it here
                request = replace(request, model=ModelRequest(Role.CHAT, str(split.folder)))
        for wanted in (request.model, request.draft):
            if wanted is not None:
                self.ensure(wanted)
        # Checked before it is queued (a shared request's whole reply must fit the context).
        slot = self._roles.slot(request.role)
        if slot is not None:
            request = check_request(slot.loaded, request, reply_fits=request.shared)
        decoding, reason = policy.route(request, self.decoding_in_batch(), self._roles.batch_reason())
        req: GenerateRequest = request
        if decoding == "batched":
            if request.speculative.mode != "off":
                req = replace(request, speculative=SpeculativeParams(mode="off"))
            stream = self._shared.submit(req)
        else:
            stream = self.generate(req)
        return after(RouteEvent(request.request_id, decoding, reason), stream)

    def pair(self, request: PairRequest) -> PairInfo:
        """Split the chat model over this Mac and a helper (see engine/runtime/distributed/chat_route.py); chat
        requests for it run across both from now on. Raises DistributedError (pairing refused, no fit, ...)."""
        self.unpair()
        split = SplitChat(request)
        info = split.open()
        self._split = split
        return info

    def unpair(self) -> bool:
        """End the split (its ranks stop); False when none was paired."""
        split, self._split = self._split, None
        if split is not None:
            split.close()
        return split is not None

    def paired(self) -> PairInfo | None:
        split = self._split
        return split.info if split is not None and not split.local else None

    def set_batch_limits(self, max_batch: int, max_waiting: int) -> None:
        """The shared batch's size and queue (requests beyond ``max_waiting`` are refused with BatchFull)."""
        self._shared.set_limits(max_batch, max_waiting)

    def decoding_in_batch(self) -> int:
        """Requests in the shared batch now."""
        return self._shared.active

    def search(self, request: SearchRequest) -> list[Any]:
        """Search the index (SearchHit list, best first). Keyword search loads no model."""
        return self._thread.call(self._search, request)

    def _search(self, req: SearchRequest) -> list[Any]:
        assert_engine_thread("Engine._search")
        check_file_types(req.file_types)
        needs_embedder = req.mode not in (SearchMode.KEYWORD, SearchMode.LATE)
        embedder = self._role(req.embedder or DEFAULT_EMBEDDER) if needs_embedder else None
        images, late = image_model_for(req, self._role), late_model_for(req, self._role)
        return search(req.db, embedder, req.query, k=req.k, mode=req.mode.value, fusion=req.fusion.value,
                      folders=list(req.folders) or None, file_types=list(req.file_types) or None,
                      image_embedder=images, late_encoder=late)  # fmt: skip

    def embed(self, request: EmbedRequest) -> Any:
        """Vectors for ``request.texts`` (an EmbedResult), with the request's embedder (default: the built-in)."""
        return self._thread.call(self._embed, request)

    def _embed(self, req: EmbedRequest) -> Any:
        assert_engine_thread("Engine._embed")
        return self._role(req.embedder or DEFAULT_EMBEDDER).embed(list(req.texts), kind=req.kind.value)

    def rerank(self, request: RerankRequest) -> Any:
        """A RerankResult, best first (``rerank_stream``'s last item). Cancel: it ends unscored."""
        *_, result = self.rerank_stream(request)
        return result

    def rerank_stream(self, request: RerankRequest) -> Iterator[Any]:
        """ProgressEvent (phase "rank": n of N passages scored), then the RerankResult; cancel by request id."""
        return self._cancellable_stream(self._rerank, request, f"rerank {request.request_id}")

    def _cancellable_stream(self, gen_fn: Callable, request: Any, label: str, *args: Any) -> Iterator[Any]:
        """``gen_fn(request, cancel, *args)`` as interactive work, cancelled by the request's id until it ends."""
        rid = request.request_id
        cancel = self._register(rid)

        def run() -> Iterator[Any]:
            try:
                yield from gen_fn(request, cancel, *args)
            finally:
                self._unregister(rid)

        try:
            return self._thread.submit_stream(run, label=label)
        except BaseException:
            self._unregister(rid)
            raise

    def _rerank(self, req: RerankRequest, cancel: threading.Event) -> Iterator[Any]:
        assert_engine_thread("Engine._rerank")
        asked = req.model if not isinstance(req.model, str) else ModelRequest(Role.CHAT, req.model)
        if asked is not None and policy.is_cross_encoder(asked.spec):
            scorer = self._role(replace(asked, role=Role.RERANKER))
        elif asked is not None:
            scorer = generative_reranker_for(self._role(replace(asked, role=Role.CHAT)))
        elif self._roles.slot(Role.RERANKER) is not None:
            scorer = self._roles.get(Role.RERANKER)
        else:
            scorer = generative_reranker_for(self.model(Role.CHAT.value))
        yield (yield from rerank_steps(req.query, req.candidates, reranker=scorer, top_k=req.top_k, cancel=cancel,
                                       request_id=req.request_id))  # fmt: skip

    def ask(self, request: AskRequest) -> Iterator[Any]:
        """Document Q&A: ProgressEvent (phases), TokenEvent (a written answer), then exactly one AskResult.
        Cancel with ``cancel(request.request_id)``: it ends as an AskResult whose finish_reason is "cancelled"."""
        return self._cancellable_stream(self._ask, request, f"ask {request.request_id}", time.perf_counter())

    def _ask(self, req: AskRequest, cancel: threading.Event, submitted: float) -> Iterator[Any]:
        assert_engine_thread("Engine._ask")
        models = rag_models_for(
            req, self._role, self._roles, lambda: self.model(Role.CHAT.value), self._store
        )
        yield from ask(models, req, cancel, submitted)

    def _role(self, request: ModelRequest) -> Any:
        """Engine thread: the loaded object for the request's role, loading it first when it is another model."""
        self._roles.load(request.spec, request.role.value, request.dtype, request.transform, request.reload)
        return self._roles.get(request.role.value)

    # -- memory ----------------------------------------------------------------------------------------
    @property
    def prompt_cache(self):
        return self._store

    def set_memory_limits(
        self, memory_limit_bytes: int | None = None, cache_limit_bytes: int | None = None
    ) -> None:
        self._thread.call(self._set_memory_limits, memory_limit_bytes, cache_limit_bytes)

    def _set_memory_limits(self, memory_limit: int | None, cache_limit: int | None) -> None:
        mem, cache = apply_limits(memory_limit, cache_limit)
        self._memory_limit = mem if mem is not None else self._memory_limit
        self._cache_limit = cache if cache is not None else self._cache_limit

    def use_prompt_cache_files(self, folder: str | Path | None, budget_bytes: int) -> None:
        """Keep prompt caches on disk in ``folder`` within ``budget_bytes`` too (None or 0: in memory only)."""
        self._thread.call(self._store.use_files, folder, int(budget_bytes))

    def set_prompt_cache_budget(self, nbytes: int) -> None:
        self._thread.call(setattr, self._store, "budget_bytes", int(nbytes))

    def memory(self) -> MemoryInfo:
        def read() -> MemoryInfo:
            limits = (self._memory_limit, self._cache_limit)
            vectors = vector_cache_bytes() + token_cache_bytes() + image_cache_bytes()
            return read_memory(self._store.nbytes, limits, self._roles.model_bytes(), vectors)

        return self._thread.submit_call(read, label="read memory").result()

    def reset_peak_memory(self) -> None:
        self._thread.call(reset_peak)

    def shutdown(self) -> None:
        """Cancel what runs, free every model and cache on the engine thread, and stop it. Work still queued
        fails with EngineClosedError; later submissions fail at once."""
        self.unpair()
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
        for role in self._roles.roles():
            self._roles.release(role)
        forget_vectors()
        forget_token_vectors()
        gc.collect()
        mx.clear_cache()
        release_wired_memory()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
