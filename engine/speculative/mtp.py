"""Speculative proposals from a Gemma 4 assistant (multi-token prediction), paired with a Gemma 4 target.

The assistant drafts from the target's state rather than from tokens: the target's final hidden state at the
position before the next input, the target's K/V of its last full- and sliding-attention cache layers, and the
target's input embedding of the next input. ``Gemma4Target`` wraps the mlx-lm gemma4_text model so that every
target forward made by the speculative decoder (verifications and plain runs) also records its final hidden states
(after the final norm, as transformers' ``hidden_states[-1]``), and reads the shared K/V straight out of the mlx-lm
caches. The first block of a request has no recorded hidden state (the prompt was prefilled elsewhere) and is
decoded plainly; every later proposal finds the hidden state of the position that produced the next input.
"""

from __future__ import annotations

import logging
from typing import Any

import mlx.core as mx

from engine.core import IncompatibleDraftError
from engine.generation import mlx_cache, process_logits
from engine.speculative.gemma4_assistant import (
    LoadedAssistant,
    check_pairing,
    find_gemma4_text,
    producer_layers,
)
from engine.speculative.proposers import Proposal, cache_offset, usable_or_note

log = logging.getLogger(__name__)


def check_mtp(mode: str, target: Any, assistant: LoadedAssistant | None) -> tuple[bool, str | None]:
    """Whether ``assistant`` drafts for ``target`` in speculative ``mode``; outside ``auto`` a missing or mismatched
    assistant is an IncompatibleDraftError, in ``auto`` it is a note and drafting falls back."""

    def check() -> None:
        if assistant is None:
            raise IncompatibleDraftError(
                "Speculative mode 'mtp' needs a Gemma 4 assistant checkpoint as the draft model, and none is "
                "loaded. Choose the assistant released with your Gemma 4 model as the draft, or use prompt lookup "
                "or automatic speculative decoding."
            )
        check_pairing(target, assistant)

    return usable_or_note(mode, check)


def layer_kv(layer: Any) -> tuple[mx.array, mx.array] | None:
    """Keys and values a cache layer holds, oldest first ([B, kv_heads, S, D]); None for other cache kinds."""
    if isinstance(layer, mlx_cache().RotatingKVCache):
        if layer.keys is None:
            return None
        n = min(layer.offset, layer.max_size)
        if layer.offset <= layer.max_size:  # not wrapped: positions 0 .. offset-1 in place
            return layer.keys[..., :n, :], layer.values[..., :n, :]
        # wrapped: put the ring buffer back in temporal order (only the window's worth is attended to anyway)
        keys = layer._temporal_order(layer.keys)
        values = layer._temporal_order(layer.values)
        return keys[..., -n:, :], values[..., -n:, :]
    if isinstance(layer, mlx_cache().KVCache):
        if layer.keys is None:
            return None
        return layer.keys[..., : layer.offset, :], layer.values[..., : layer.offset, :]
    return None


class Gemma4Target:
    """Callable like the mlx-lm model (``(inputs, cache) -> logits``); also keeps the last call's final hidden
    states and the cache position they start at."""

    def __init__(self, model: Any) -> None:
        text = find_gemma4_text(model)
        if text is None:
            raise TypeError("Gemma4Target needs an mlx-lm gemma4_text model")
        self.text = text
        self.producers = producer_layers(text)
        self.hidden: mx.array | None = None  # [L, H] of the last forward
        self.start = -1  # cache position of hidden[0]

    def forward(self, inputs: mx.array, cache: list[Any] | None = None) -> tuple[mx.array, mx.array]:
        """Logits and final (normed) hidden states, computed exactly as mlx-lm's ``Model.__call__`` does."""
        from mlx_lm.models.gemma4_text import logit_softcap

        lm = self.text
        h = lm.model(inputs, cache=cache)
        logits = lm.model.embed_tokens.as_linear(h) if lm.tie_word_embeddings else lm.lm_head(h)
        if lm.final_logit_softcapping is not None:
            logits = logit_softcap(lm.final_logit_softcapping, logits)
        return logits, h

    def __call__(self, inputs: mx.array, cache: list[Any] | None = None) -> mx.array:
        start = cache_offset(cache) if cache else 0
        logits, h = self.forward(inputs, cache)
        self.hidden, self.start = h[0], start
        return logits

    def hidden_at(self, position: int) -> mx.array | None:
        if self.hidden is None or not 0 <= position - self.start < self.hidden.shape[0]:
            return None
        return self.hidden[position - self.start]

    def embed(self, token: mx.array) -> mx.array:
        """The target's input embedding (scaled by sqrt(hidden size), as Gemma's embedding layer does)."""
        model = self.text.model
        return model.embed_tokens(token) * model.embed_scale

    def shared_kv(self, cache: list[Any]) -> dict[str, tuple[mx.array, mx.array]] | None:
        out = {}
        for layer_type, idx in self.producers.items():
            kv = layer_kv(cache[idx]) if idx < len(cache) else None
            if kv is None:
                return None
            out[layer_type] = kv
        return out


def draft_steps(
    assistant: LoadedAssistant,
    target: Gemma4Target,
    cache: list[Any],
    token: int,
    hidden: mx.array,
    k: int,
    choose: Any,
) -> tuple[list[mx.array], list[mx.array]]:
    """``k`` assistant steps from the last seen ``token`` (position = tokens in ``cache``) and the target hidden
    state that predicted it. ``choose(logits [V]) -> (token [1], logprobs or logits [V])``. Lazy."""
    kv = target.shared_kv(cache)
    if kv is None:
        return [], []
    position = cache_offset(cache)
    y = mx.array([token], dtype=mx.int32)
    h = hidden.reshape(1, 1, -1)
    tokens, rows = [], []
    for _ in range(k):
        x = mx.concatenate([target.embed(y).reshape(1, 1, -1).astype(h.dtype), h], axis=-1)
        logits, h = assistant.model(x, kv, position)
        y, row = choose(logits[0, -1])
        tokens.append(y)
        rows.append(row)
    return tokens, rows


class MTPProposer:
    """Proposals from a Gemma 4 assistant; sampled with the target's processing (greedy at temperature 0)."""

    name = "mtp"

    def __init__(self, assistant: LoadedAssistant, state: Any) -> None:
        self.assistant = assistant
        self.target = Gemma4Target(state.lm.model)
        self.forwards = 0

    @property
    def target_model(self) -> Gemma4Target:
        """The callable the speculative decoder runs the target with (records hidden states)."""
        return self.target

    def prepare(self, state: Any) -> float:
        return 0.0

    def propose(self, state: Any, k: int) -> Proposal:
        hidden = self.target.hidden_at(len(state.fed) - 1)
        if hidden is None or k <= 0 or cache_offset(state.cache) != len(state.fed):
            return Proposal([])
        params = state.sampling
        penalty = params.repetition_penalty != 1.0
        ctx = params.repetition_context
        hist = mx.array(state.history[-ctx:] if ctx > 0 else state.history) if penalty else None

        def choose(logits: mx.array) -> tuple[mx.array, mx.array]:
            nonlocal hist
            logprobs = process_logits(logits, params, hist)
            y = state.sampler.sample(logprobs).reshape(1).astype(mx.int32)
            if penalty:
                hist = mx.concatenate([hist, y.astype(hist.dtype)])
                if ctx > 0 and hist.size > ctx:
                    hist = hist[-ctx:]
            mx.async_eval(y)
            return y, logprobs

        tokens, rows = draft_steps(
            self.assistant, self.target, state.cache, state.next_input, hidden, k, choose
        )
        if not tokens:
            return Proposal([])
        self.forwards += len(tokens)
        return Proposal(mx.concatenate(tokens), None if params.greedy else mx.stack(rows))

    def after_verify(self, state: Any, proposed: list[int], accepted: int) -> None:
        pass  # the hidden state of the accepted position was recorded by the verification itself

    def close(self, state: Any) -> None:
        self.target.hidden = None
