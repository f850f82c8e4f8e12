"""Which models one request uses, by the engine's one policy (engine thread; ``load`` is the engine's role table).

- a search: the image and late-interaction models are the request's, else the ones the index's picture and token
  vectors were made with (None: the index has none, and hybrid fuses fewer lists);
- an ask: the embedder, a chat model that loads only when first used (an extractive answer never loads it), and a
  reranker chosen by ``policy``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from engine.core import (
    AlcoveError,
    AskRequest,
    ModelLoadError,
    ModelRequest,
    RerankPolicy,
    Role,
    SearchMode,
    SearchRequest,
)
from engine.generation import PromptCacheStore
from engine.index import image_source, late_source
from engine.rag import Deferred, RagModels, generative_reranker_for
from engine.runtime import policy
from engine.runtime.roles import RoleSlots

log = logging.getLogger(__name__)

Load = Callable[[ModelRequest], Any]
DEFAULT_EMBEDDER = ModelRequest(Role.EMBEDDER, "default")


def image_model_for(req: SearchRequest, load: Load) -> Any:
    """The image model a hybrid search compares the query with the pictures in (None: none to use)."""
    if req.mode is not SearchMode.HYBRID:
        return None
    if req.image_model is not None:
        return load(req.image_model)
    source = image_source(req.db)
    if not source:
        return None
    try:
        return load(ModelRequest(Role.IMAGE, source))
    except ModelLoadError:
        log.warning(
            "hybrid search without its picture list: the index's image model %s cannot be loaded", source
        )
        return None


def late_model_for(req: SearchRequest, load: Load) -> Any:
    """The late-interaction model a late or hybrid search uses (None: the index has no token vectors)."""
    if req.mode not in (SearchMode.LATE, SearchMode.HYBRID):
        return None
    if req.late_model is not None:
        return load(req.late_model)
    source = late_source(req.db)
    if not source:
        return None
    try:
        return load(ModelRequest(Role.LATE, source))
    except ModelLoadError:
        if req.mode is SearchMode.LATE:
            raise
        log.warning("hybrid search without its late list: the index's model %s cannot be loaded", source)
        return None


def rag_models_for(req: AskRequest, load: Load, roles: RoleSlots, loaded_chat: Callable[[], Any],
                   store: PromptCacheStore) -> RagModels:  # fmt: skip
    """The models one ask may use; the chat model and a cross-encoder load only when first used."""
    embedder = load(req.embedder or DEFAULT_EMBEDDER)
    if req.chat is not None and policy.loads_chat_to_rerank(req.rerank, req.answer):
        load(req.chat)  # it answers anyway: loaded now, its size decides generative reranking
    chat_slot = roles.slot(Role.CHAT)
    if chat_slot is not None and getattr(chat_slot.info, "kind", "lm") != "lm":
        raise AlcoveError(
            f"Document Q&A needs an autoregressive chat model; {chat_slot.info.name} is not one."
        )
    chat: Any = Deferred(lambda: load(req.chat) if req.chat is not None else loaded_chat())
    reranker: Any = None
    if req.rerank is not RerankPolicy.NONE and req.reranker is not None:
        reranker = Deferred(lambda: load(req.reranker))
    elif chat_slot is not None and policy.chat_reranks(req.rerank, chat_slot.info):
        reranker = generative_reranker_for(chat_slot.loaded)
    return RagModels(chat, embedder, reranker, store)
