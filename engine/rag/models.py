"""The models one ask uses, typed: the chat model, the embedder, the reranker and the prompt cache.

``chat`` and ``reranker`` may be ``Deferred``: they load when first read, so an extractive answer never loads the
chat model (no stage of that path reads ``models.chat``) and a cross-encoder loads only when reranking runs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from engine.encoders import Embedder
from engine.generation import PromptCacheStore
from engine.models import LoadedLM
from engine.rag.generative_rerank import GenerativeReranker

T = TypeVar("T")


class Scores(Protocol):
    """What a reranker returns: per passage in input order (engine.encoders.cross_encoder.CrossEncoderScores,
    engine.rag.generative_rerank.RelevanceScores)."""

    raw: tuple[float, ...]
    sigmoid: tuple[float, ...]
    truncated: tuple[int, ...]


class Reranker(Protocol):
    """A cross-encoder (engine.encoders.CrossEncoder) or a chat model used generatively (GenerativeReranker)."""

    def score(self, query: str, passages: Sequence[str], cancel: threading.Event | None = None) -> Scores: ...


class Deferred(Generic[T]):
    """A model loaded on first use (engine thread): a role the request may not need is never loaded."""

    def __init__(self, load: Callable[[], T]) -> None:
        self._load = load

    def get(self) -> T:
        return self._load()


class RagModels:
    """The engine-side objects Q&A uses (engine thread only)."""

    def __init__(
        self,
        chat: LoadedLM | Deferred[LoadedLM],
        embedder: Embedder | None,
        reranker: Reranker | Deferred[Reranker] | None,
        prompt_cache: PromptCacheStore | None,
    ) -> None:
        self._chat = chat
        self.embedder = (
            embedder  # None: keyword search only, and no cosine in the extractive score or grounding
        )
        self._reranker = reranker  # None: the search order stands
        self.prompt_cache = (
            prompt_cache  # the conversation's (the answer's prompt shares its prefix with the last)
        )

    @property
    def chat(self) -> LoadedLM:
        if isinstance(self._chat, Deferred):
            self._chat = self._chat.get()
        return self._chat

    @property
    def reranker(self) -> Reranker | None:
        if isinstance(self._reranker, Deferred):
            self._reranker = self._reranker.get()
        return self._reranker

    @property
    def has_reranker(self) -> bool:
        """Whether reranking runs (without loading a deferred reranker)."""
        return self._reranker is not None


def generative_reranker_for(lm: LoadedLM) -> GenerativeReranker:
    """The GenerativeReranker of a loaded chat model, made once and kept with it (it remembers its head probe)."""
    rr = lm.extra.get("generative_reranker")
    if rr is None:
        rr = lm.extra["generative_reranker"] = GenerativeReranker(lm)
    return rr
