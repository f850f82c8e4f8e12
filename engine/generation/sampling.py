"""Sampling: one definition of how logits become a token, shared by plain and speculative decoding.

``process_logits`` applies the repetition penalty, temperature and the top-k / top-p / min-p filters and returns
normalised log-probabilities; speculative decoding applies the very same function to target and draft logits so the
rejection-sampling rule preserves the target distribution under every setting.
"""

from __future__ import annotations

import mlx.core as mx

from engine.core import SamplingParams

__all__ = ["SamplingParams", "Sampler", "process_logits", "apply_repetition_penalty"]


def apply_repetition_penalty(logits: mx.array, history: mx.array | None, penalty: float) -> mx.array:
    """CTRL-style penalty on tokens seen in ``history`` (last axis of ``logits`` is the vocabulary)."""
    if penalty == 1.0 or history is None or history.size == 0:
        return logits
    selected = mx.take(logits, history, axis=-1)
    selected = mx.where(selected < 0, selected * penalty, selected / penalty)
    logits = logits.astype(mx.float32) if logits.dtype != mx.float32 else logits
    out = mx.array(logits)
    out[..., history] = selected.astype(out.dtype)
    return out


def process_logits(logits: mx.array, params: SamplingParams, history: mx.array | None = None) -> mx.array:
    """Processed, normalised log-probabilities over the vocabulary for one position (shape [..., V])."""
    logits = logits.astype(mx.float32)
    logits = apply_repetition_penalty(logits, history, params.repetition_penalty)
    if params.greedy:
        return logits - mx.logsumexp(logits, axis=-1, keepdims=True)
    logits = logits / params.temperature
    neg_inf = mx.array(-float("inf"), dtype=logits.dtype)
    vocab = logits.shape[-1]
    if 0 < params.top_k < vocab:
        kth = mx.sort(logits, axis=-1)[..., vocab - params.top_k][..., None]
        logits = mx.where(logits < kth, neg_inf, logits)
    logprobs = logits - mx.logsumexp(logits, axis=-1, keepdims=True)
    if params.min_p > 0.0:
        threshold = mx.max(logprobs, axis=-1, keepdims=True) + mx.log(mx.array(params.min_p))
        logprobs = mx.where(logprobs < threshold, neg_inf, logprobs)
    if params.top_p < 1.0:
        probs = mx.exp(logprobs)
        order = mx.argsort(-probs, axis=-1)
        sorted_probs = mx.take_along_axis(probs, order, axis=-1)
        # keep a token while the mass strictly before it is < top_p (the top token is always kept)
        before = mx.cumsum(sorted_probs, axis=-1) - sorted_probs
        keep_sorted = before < params.top_p
        inverse = mx.argsort(order, axis=-1)
        keep = mx.take_along_axis(keep_sorted, inverse, axis=-1)
        logprobs = mx.where(keep, logprobs, neg_inf)
    return logprobs - mx.logsumexp(logprobs, axis=-1, keepdims=True)


class Sampler:
    """Draws tokens from processed log-probabilities; reproducible when ``seed`` is set."""

    def __init__(self, params: SamplingParams) -> None:
        self.params = params
        self._key = mx.random.key(params.seed) if params.seed is not None else None

    def next_key(self) -> mx.array | None:
        if self._key is None:
            return None
        self._key, sub = mx.random.split(self._key)
        return sub

    def sample(self, logprobs: mx.array) -> mx.array:
        if self.params.greedy:
            return mx.argmax(logprobs, axis=-1)
        return mx.random.categorical(logprobs, axis=-1, key=self.next_key())

    def uniform(self, shape: tuple[int, ...] = ()) -> mx.array:
        return mx.random.uniform(shape=shape, key=self.next_key())
