"""Speculative proposals from a DFlash block drafter: one drafter forward proposes a whole block.

``DFlashTarget`` wraps the target so that every forward the speculative decoder makes (verifications and plain runs)
also records the outputs of the drafter's target layers, position by position. A proposal first moves the drafter's
context up to the position of the next input (keys/values of the newly confirmed positions, computed once), then runs
the block ``[next input, mask x k]`` and samples each masked position from its distribution with the target's
processing (greedy at temperature 0); the decoder verifies the block with one target forward and accepts with the
same rules as every other proposer. The prompt was prefilled without recording, so the first proposal of a request
re-reads the prompt's last ``CONTEXT_WINDOW`` tokens through the wrapper (rewinding the target's cache and feeding
the same tokens again, then putting the original keys and values back): the drafter then sees the same context as
the reference's for prompts up to that length.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import mlx.core as mx

from engine.core import IncompatibleDraftError
from engine.generation import mlx_cache, process_logits
from engine.speculative.dflash import LoadedDFlash, check_pairing, target_parts
from engine.speculative.proposers import Proposal, cache_offset, trim_cache, usable_or_note

log = logging.getLogger(__name__)

CONTEXT_WINDOW = 1024  # prompt tokens re-read for their hidden states at a request's first proposal


def check_dflash(mode: str, target: Any, drafter: LoadedDFlash | None) -> tuple[bool, str | None]:
    """Whether ``drafter`` drafts for ``target`` in speculative ``mode``; outside ``auto`` a missing or mismatched
    drafter is an IncompatibleDraftError, in ``auto`` it is a note and drafting falls back."""

    def check() -> None:
        if drafter is None:
            raise IncompatibleDraftError(
                "Speculative mode 'dflash' needs a DFlash drafter checkpoint as the draft model, and none is loaded. "
                "Choose the DFlash drafter released for your chat model, or use prompt lookup or automatic "
                "speculative decoding."
            )
        check_pairing(target, drafter)

    return usable_or_note(mode, check)


class _Recorder:
    """Stands in for one target layer during one forward and keeps its output."""

    def __init__(self, layer: Any, index: int, seen: dict[int, mx.array]) -> None:
        self._layer, self._index, self._seen = layer, index, seen

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        out = self._layer(*args, **kwargs)
        self._seen[self._index] = out[0] if isinstance(out, tuple) else out
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self._layer, name)


class DFlashTarget:
    """Callable like the mlx-lm model (``(inputs, cache) -> logits``); records the rows of the drafter's target
    layers (concatenated, [positions, len(ids) * H]) with the cache position they start at."""

    def __init__(self, model: Any, layer_ids: tuple[int, ...]) -> None:
        parts = target_parts(model)
        if parts is None:
            raise TypeError("DFlashTarget needs an mlx-lm model with model.embed_tokens and model.layers")
        self.model, (self.inner, self.outer) = model, parts
        self.layer_ids = layer_ids
        self.chunks: list[tuple[int, mx.array]] = []  # (first position, rows), ascending, non-overlapping

    def forward(self, inputs: mx.array, cache: list[Any] | None = None) -> tuple[mx.array, mx.array]:
        """Logits and the target layers' outputs [B, L, len(ids) * H]; the recorders are in place for this call
        only, so the model is unchanged outside it."""
        layers, seen = self.inner.layers, {}
        originals = {i: layers[i] for i in set(self.layer_ids)}
        try:
            for i, layer in originals.items():
                layers[i] = _Recorder(layer, i, seen)
            logits = self.model(inputs, cache=cache)
        finally:
            for i, layer in originals.items():
                layers[i] = layer
        return logits, mx.concatenate([seen[i] for i in self.layer_ids], axis=-1)

    def __call__(self, inputs: mx.array, cache: list[Any] | None = None) -> mx.array:
        start = cache_offset(cache) if cache else 0
        logits, rows = self.forward(inputs, cache)
        self.record(start, rows[0])
        return logits

    def record(self, start: int, rows: mx.array) -> None:
        """Rows from ``start`` on replace whatever was recorded there (a rewound cache fed again)."""
        chunks = self.chunks  # ascending and non-overlapping: only the last ones can reach ``start``
        while chunks and chunks[-1][0] >= start:
            chunks.pop()
        if chunks and chunks[-1][0] + chunks[-1][1].shape[0] > start:
            s, h = chunks.pop()
            chunks.append((s, h[: start - s]))
        chunks.append((start, rows))

    def known_from(self, end: int) -> int | None:
        """The first position of the recorded run of rows that ends at ``end`` (None when ``end - 1`` is unknown)."""
        at = end
        for s, h in reversed(self.chunks):
            if s + h.shape[0] >= at > s:
                at = s
            elif s + h.shape[0] < at:
                break
        return at if at < end else None

    def take(self, begin: int, end: int) -> mx.array | None:
        """Rows for positions [begin, end) or None when one is unknown; rows before ``end`` are then forgotten."""
        pieces, at = [], begin
        for s, h in self.chunks:
            if s <= at < s + h.shape[0]:
                stop = min(end, s + h.shape[0])
                pieces.append(h[at - s : stop - s])
                at = stop
            if at >= end:
                break
        if at < end:
            return None
        self.chunks = [(max(s, end), h[max(0, end - s) :]) for s, h in self.chunks if s + h.shape[0] > end]
        return pieces[0] if len(pieces) == 1 else mx.concatenate(pieces, axis=0)

    def embed(self, tokens: mx.array) -> mx.array:
        """The target's input embedding (times its embedding scale, where it has one, as Gemma does)."""
        out = self.inner.embed_tokens(tokens)
        scale = getattr(self.inner, "embed_scale", None)
        return out * scale if scale is not None else out

    def head(self, hidden: mx.array) -> mx.array:
        lm_head = getattr(self.outer, "lm_head", None)
        return lm_head(hidden) if lm_head is not None else self.inner.embed_tokens.as_linear(hidden)


class DFlashProposer:
    """Block proposals from a DFlash drafter; sampled with the target's processing (greedy at temperature 0)."""

    name = "dflash"

    def __init__(self, drafter: LoadedDFlash, state: Any, *, prefill_chunk: int = 512) -> None:
        self.drafter, self.cfg = drafter, drafter.cfg
        self.target = DFlashTarget(state.lm.model, self.cfg.target_layer_ids)
        self.dtype = self.drafter.model.fc.weight.dtype
        self.prefill_chunk = max(1, prefill_chunk)
        self.kv: list[Any] = []
        self.base: int | None = None  # position of the first context entry in ``self.kv``
        self.known = 0  # context entries held
        self.reread = False
        self.forwards = 0  # drafter forwards
        self.target_forwards = 0  # target forwards spent re-reading the prompt's tail

    @property
    def target_model(self) -> DFlashTarget:
        """The callable the speculative decoder runs the target with (records hidden states)."""
        return self.target

    def prepare(self, state: Any) -> float:
        """At the first proposal, re-read the prompt's tail through the wrapper for its hidden states; returns the
        seconds spent (a prefill cost, not the verification's)."""
        if self.reread:
            return 0.0
        self.reread = True
        n = len(state.fed)
        w = min(n, CONTEXT_WINDOW)
        if w == 0 or cache_offset(state.cache) != n or not mlx_cache().can_trim_prompt_cache(state.cache):
            return 0.0
        t0 = time.perf_counter()
        # The re-read only records rows: plain KV layers get their original keys and values back, bit for bit (a
        # forward over other chunk boundaries may round differently, and greedy output must equal plain decoding).
        kv = mlx_cache().KVCache
        saved = [
            (c, mx.contiguous(c.keys[..., n - w : n, :]), mx.contiguous(c.values[..., n - w : n, :]))
            for c in state.cache
            if type(c) is kv and c.keys is not None
        ]
        mx.eval([(k, v) for _, k, v in saved])
        trim_cache(state.cache, w)
        done = 0
        try:
            while done < w:
                piece = state.fed[n - w + done : min(n, n - w + done + self.prefill_chunk)]
                self.target(mx.array(piece)[None], state.cache)
                mx.eval([c.state for c in state.cache], self.target.chunks[-1][1])
                self.target_forwards += 1
                done += len(piece)
        except BaseException:
            del state.fed[n - w + done :]  # the cache holds only what was fed again
            raise
        for c, k, v in saved:
            c.keys[..., n - w : n, :] = k
            c.values[..., n - w : n, :] = v
        mx.eval([c.state for c, _, _ in saved])
        return time.perf_counter() - t0

    def _sync_context(self, pos: int) -> bool:
        """Give the drafter's context every position before ``pos``; False when the target's rows are unknown."""
        have = None if self.base is None else self.base + self.known
        if have == pos:
            return True
        start = self.target.known_from(pos)
        if start is None:
            return False
        if have is None or start > have:  # first, or a gap (not in a normal run): start from what is known
            self.kv = [mlx_cache().KVCache() for _ in self.drafter.model.layers]
            self.base, self.known, have = start, 0, start
        rows = self.target.take(have, pos)
        if rows is None:
            return False
        for cache, (k, v) in zip(self.kv, self.drafter.model.context(rows[None].astype(self.dtype), have)):
            cache.update_and_fetch(k, v)
        self.known = pos - self.base
        return True

    def propose(self, state: Any, k: int) -> Proposal:
        pos = len(state.fed)  # the position of ``state.next_input``
        k = min(k, self.cfg.block_size - 1)
        if k <= 0 or cache_offset(state.cache) != pos or not self._sync_context(pos):
            return Proposal([])
        block = mx.array([state.next_input] + [self.cfg.mask_token_id] * k, dtype=mx.int32)
        noise = self.target.embed(block)[None] * self.cfg.input_embedding_scale
        context = [(c.keys[..., : c.offset, :], c.values[..., : c.offset, :]) for c in self.kv]
        model = self.drafter.model
        hidden = model(noise.astype(self.dtype), context, pos)[:, 1:]
        logits = model.logits(hidden, self.target.head)[0]
        self.forwards += 1
        params = state.sampling
        ctx = params.repetition_context
        hist = None
        if params.repetition_penalty != 1.0:
            hist = mx.array(state.history[-ctx:] if ctx > 0 else state.history)
        logprobs = process_logits(logits, params, hist)  # every block position drafts from the same context
        tokens = state.sampler.sample(logprobs).reshape(-1).astype(mx.int32)
        mx.async_eval(tokens)
        return Proposal(tokens, None if params.greedy else logprobs)

    def after_verify(self, state: Any, proposed: list[int], accepted: int) -> None:
        pass  # the verification recorded the target rows of the accepted positions itself

    def close(self, state: Any) -> None:
        self.target.chunks = []
        self.kv = []
