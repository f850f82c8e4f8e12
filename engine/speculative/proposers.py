"""Token proposers for speculative decoding (engine thread only).

A proposer guesses the next ``k`` tokens after the current context (``state.history``, whose last token is the
next, not yet fed, target input). ``PromptLookup`` copies the continuation of the most recent n-gram match in the
prompt plus the text generated so far (its proposal distribution is a point mass). ``DraftProposer`` runs a small
model of the same tokenizer with its own KV cache, which it keeps in step with the target's and rewinds after every
verification, on cancel and on error; between requests the cache is kept on the draft (``LoadedLM.extra``) and
reused for the longest common token prefix, like the target's prompt cache.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import mlx.core as mx

from engine.core import IncompatibleDraftError
from engine.generation import common_prefix, mlx_cache, process_logits

log = logging.getLogger(__name__)

_DRAFT_CACHE_KEY = "alcove.speculative.draft_cache"


@dataclass
class Proposal:
    """``tokens`` are Python ints (lookup) or a lazy int array (draft); ``logprobs`` is the draft's processed
    distribution per proposed position [k, V], or None for a point mass (prompt lookup)."""

    tokens: list[int] | mx.array
    logprobs: mx.array | None = None

    def __len__(self) -> int:
        return len(self.tokens) if isinstance(self.tokens, list) else int(self.tokens.size)


class PromptLookup:
    """Propose the continuation of the longest (``ngram_max`` .. ``ngram_min``) most recent n-gram match.

    The n-gram index is built incrementally over the growing history, so a proposal costs O(1) amortised.
    """

    name = "lookup"

    def __init__(self, history: list[int], ngram_min: int = 2, ngram_max: int = 4) -> None:
        if ngram_min < 1 or ngram_max < ngram_min:
            raise ValueError("need 1 <= ngram_min <= ngram_max")
        self.history = history  # shared with DecodeState: the decoder appends to it
        self.sizes = tuple(range(ngram_max, ngram_min - 1, -1))
        self._index: dict[int, dict[tuple[int, ...], int]] = {n: {} for n in self.sizes}
        self._next_end = 0  # n-grams ending before this position are indexed

    def _extend_index(self) -> None:
        h = self.history
        # Index n-grams ending at positions <= len(h) - 2, so every match has at least one token after it.
        stop = len(h) - 1
        for end in range(self._next_end, stop):
            for n in self.sizes:
                start = end - n + 1
                if start >= 0:
                    self._index[n][tuple(h[start : end + 1])] = end + 1
        self._next_end = max(self._next_end, stop)

    def lookup(self, k: int) -> list[int]:
        if k <= 0:
            return []
        self._extend_index()
        h = self.history
        for n in self.sizes:
            if len(h) < n + 1:
                continue
            at = self._index[n].get(tuple(h[len(h) - n :]))
            if at is not None:
                return h[at : at + k]
        return []

    def has_copyable_content(self, min_tokens: int = 64) -> bool:
        return len(self.history) >= min_tokens

    def prepare(self, state: Any) -> float:
        return 0.0

    def propose(self, state: Any, k: int) -> Proposal:
        return Proposal(self.lookup(k))

    def after_verify(self, state: Any, proposed: list[int], accepted: int) -> None:
        pass

    def close(self, state: Any) -> None:
        pass


def rewind_room(cache: list[Any]) -> tuple[int, str | None]:
    """How many more tokens ``cache`` can take and still be trimmed back, and why it is limited.

    Plain KV caches grow without limit. A rotating (sliding-window) cache can only be trimmed while it has not
    wrapped; recurrent state (ArraysCache) cannot be rewound at all.
    """
    room, why = 1 << 30, None
    for layer in cache:
        caches = getattr(layer, "caches", None)
        if caches is not None:  # CacheList
            r, w = rewind_room(list(caches))
        elif isinstance(layer, mlx_cache().RotatingKVCache):
            r = max(0, layer.max_size - layer.offset - 1)
            w = f"the sliding-window cache ({layer.max_size} tokens) is full and cannot be rewound"
        elif not layer.is_trimmable():
            r, w = 0, f"{type(layer).__name__} (recurrent state) cannot be rewound"
        else:
            continue
        if r < room:
            room, why = r, w
    return room, why


def trim_cache(cache: list[Any], n: int) -> None:
    if n > 0:
        mlx_cache().trim_prompt_cache(cache, n)


def trim_to(cache: list[Any], n: int, fallback: int = 0) -> None:
    """Trim every layer back to ``n`` tokens, layer by layer (a forward that failed half-way may have advanced only
    some layers). Layers that do not expose an offset are trimmed by ``fallback`` tokens."""
    for layer in cache:
        off = getattr(layer, "offset", None)
        if isinstance(off, int):
            if off > n:
                layer.trim(off - n)
        elif fallback > 0 and layer.is_trimmable():
            layer.trim(fallback)


def cache_offset(cache: list[Any]) -> int:
    """Tokens held by the first layer that counts them (all layers hold the same number)."""
    for layer in cache:
        off = getattr(layer, "offset", None)
        if isinstance(off, int):
            return off
    return -1


def logits_width(config: dict) -> int | None:
    """The target's output width (its config's vocab_size), which draft proposals must stay below."""
    v = config.get("vocab_size")
    if v is None and isinstance(config.get("text_config"), dict):
        v = config["text_config"].get("vocab_size")
    return int(v) if v else None


class DraftProposer:
    """Proposals from a draft model, sampled with the same processing as the target's (greedy at temperature 0)."""

    name = "draft"

    def __init__(self, draft: Any, state: Any, *, prefill_chunk: int = 512) -> None:
        self.draft = draft
        self.model = draft.model
        self.width = logits_width(state.lm.config)
        self.cache, self.fed = self._take_cache(state.history)
        self.prefill_chunk = max(1, prefill_chunk)
        self.pending = 0  # tokens in ``self.cache`` beyond ``self.fed`` (values known only after eval)
        self._tail: list[int] = []
        self.lazy_gap = 8
        self.forwards = 0

    # -- cache kept across requests ----------------------------------------------------------------
    def _take_cache(self, ids: list[int]) -> tuple[list[Any], list[int]]:
        kept = self.draft.extra.pop(_DRAFT_CACHE_KEY, None)
        if kept is not None:
            fed, cache = kept
            keep = min(common_prefix(fed, ids), len(ids) - 1)
            excess = len(fed) - keep
            if excess == 0 or (mlx_cache().can_trim_prompt_cache(cache) and rewind_room(cache)[0] > 0):
                trim_cache(cache, excess)
                if cache_offset(cache) in (-1, keep):
                    return cache, list(fed[:keep])
        return mlx_cache().make_prompt_cache(self.model), []

    def rewind_room(self) -> tuple[int, str | None]:
        return rewind_room(self.cache)

    # -- proposing ---------------------------------------------------------------------------------
    def _logits(self, tokens: mx.array) -> mx.array:
        self.forwards += 1
        logits = self.model(tokens[None], cache=self.cache)[0, -1, :]
        if self.width is not None and logits.shape[-1] != self.width:
            # Same tokenizer, different padding of the embedding: ids beyond the draft's rows are never proposed.
            if logits.shape[-1] > self.width:
                logits = logits[: self.width]
            else:
                pad = mx.full((self.width - logits.shape[-1],), -float("inf"), dtype=logits.dtype)
                logits = mx.concatenate([logits, pad])
        return logits

    def catch_up(self, context: list[int], cancel: Any = None) -> None:
        """Feed the draft everything of ``context`` but its last token (chunked; the last token starts a proposal)."""
        keep = common_prefix(self.fed, context)
        if keep < len(self.fed):
            trim_cache(self.cache, len(self.fed) - keep)
            del self.fed[keep:]
        end = len(context) - 1
        while len(self.fed) < end:
            if cancel is not None and cancel.is_set():
                return
            piece = context[len(self.fed) : min(len(self.fed) + self.prefill_chunk, end)]
            self.pending = len(piece)
            self.model(mx.array(piece)[None], cache=self.cache)
            mx.eval([c.state for c in self.cache])
            self.fed.extend(piece)
            self.pending = 0

    def prepare(self, state: Any) -> float:
        """Catch the draft up with the target's context after the prompt or a plain run (a gap of a few tokens is
        fed lazily by the first proposal step instead, without a sync); returns the seconds spent."""
        if len(state.history) - len(self.fed) <= self.lazy_gap and state.history[: len(self.fed)] == self.fed:
            return 0.0
        t0 = time.perf_counter()
        self.catch_up(state.history, state.cancel)
        return time.perf_counter() - t0

    def propose(self, state: Any, k: int) -> Proposal:
        """``k`` tokens sampled from the draft after ``state.history`` (lazy; nothing is evaluated here)."""
        context = state.history
        if len(context) - len(self.fed) > self.lazy_gap or context[: len(self.fed)] != self.fed:
            self.catch_up(context, state.cancel)
        params = state.sampling
        penalty = params.repetition_penalty != 1.0
        ctx = params.repetition_context
        hist = mx.array(context[-ctx:] if ctx > 0 else context) if penalty else None
        tail = context[len(self.fed) :]
        y = mx.array(tail)
        self._tail = tail
        self.pending = len(tail)
        tokens, rows = [], []
        for i in range(k):
            logprobs = process_logits(self._logits(y), params, hist)
            y = state.sampler.sample(logprobs).reshape(1).astype(mx.int32)
            tokens.append(y)
            rows.append(logprobs)
            if i < k - 1:
                self.pending += 1  # the next step feeds ``y``
            if penalty:
                hist = mx.concatenate([hist, y.astype(hist.dtype)])
                if ctx > 0 and hist.size > ctx:
                    hist = hist[-ctx:]
            mx.async_eval(y)
        out = mx.concatenate(tokens)
        return Proposal(out, None if params.greedy else mx.stack(rows))

    def after_verify(self, state: Any, proposed: list[int], accepted: int) -> None:
        """Keep the draft cache equal to the longest prefix it shares with the target's context."""
        context = state.history
        fed = self.fed + self._tail + proposed[: max(0, len(proposed) - 1)]
        self.pending = 0
        keep = common_prefix(fed, context) if fed else 0
        keep = min(keep, len(context) - 1)
        trim_cache(self.cache, len(fed) - keep)
        self.fed = fed[:keep]

    def close(self, state: Any) -> None:
        """Rewind anything fed but not accounted for, and keep the cache on the draft for the next request."""
        trim_to(self.cache, len(self.fed), self.pending)
        self.pending = 0
        if self.fed and cache_offset(self.cache) in (-1, len(self.fed)):
            self.draft.extra[_DRAFT_CACHE_KEY] = (self.fed, self.cache)


def usable_or_note(mode: str, check: Callable[[], None]) -> tuple[bool, str | None]:
    """Run a drafter's ``check`` (it raises IncompatibleDraftError): (True, None) when it passes; in speculative mode
    ``auto`` a failure is (False, the reason), a note on the reply while drafting falls back; in any other mode the
    user asked for that drafter, and the error is raised."""
    try:
        check()
    except IncompatibleDraftError as exc:
        if mode != "auto":
            raise
        return False, str(exc)
    return True, None
