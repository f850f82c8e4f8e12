"""Token sources for autoregressive decoding.

A decoder is a generator over blocks of ``(token_id, from_draft)`` pairs: plain decoding yields one token per
forward pass, speculative decoders yield every token a verification accepted. The request loop in
``engine.generate`` owns detokenisation, stop conditions, events and stats; a decoder owns the KV cache while it
runs and must leave ``state.fed`` equal to the tokens actually held by the cache when it is closed (trim in
``finally``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import mlx.core as mx

from .events import SpeculativeStats
from .sampling import Sampler, SamplingParams, process_logits

Block = list[tuple[int, bool]]


@dataclass
class DecodeState:
    """Mutable, engine-thread-only state shared by the request loop and a decoder."""

    lm: Any  # engine.loader.LoadedLM
    cache: list[Any]
    sampling: SamplingParams
    sampler: Sampler
    fed: list[int]  # token ids currently held by ``cache``
    history: list[int]  # prompt + generated ids (for penalties and prompt lookup); decoders append
    next_input: int  # the last prompt token, not yet fed
    cancel: threading.Event
    max_tokens: int
    draft: Any = None  # a LoadedLM used as draft model, if any
    speculative: SpeculativeStats | None = None  # set by speculative decoders when they finish
    extra: dict = field(default_factory=dict)

    def history_array(self) -> mx.array | None:
        if self.sampling.repetition_penalty == 1.0:
            return None
        ctx = self.sampling.repetition_context
        return mx.array(self.history[-ctx:] if ctx > 0 else self.history)


def plain_decoder(state: DecodeState) -> Iterator[Block]:
    """One token per forward pass, pipelined like mlx-lm: the next step is queued before the current token is read."""
    model, cache, params, sampler = state.lm.model, state.cache, state.sampling, state.sampler
    penalty = params.repetition_penalty != 1.0
    ctx = params.repetition_context
    hist = state.history_array()

    def step(tokens: mx.array) -> mx.array:
        nonlocal hist
        logits = model(tokens[None], cache=cache)[:, -1, :]
        logprobs = process_logits(logits, params, hist)
        y = sampler.sample(logprobs).reshape(-1)
        if penalty:
            hist = mx.concatenate([hist, y])
            if ctx > 0 and hist.size > ctx:
                hist = hist[-ctx:]
        return y

    y = step(mx.array([state.next_input]))
    mx.async_eval(y)
    state.fed.append(state.next_input)
    while True:
        next_y = step(y)
        mx.async_eval(next_y)
        tok = int(y.item())
        state.fed.append(tok)  # ``next_y``'s graph feeds ``tok`` into the cache
        state.history.append(tok)
        yield [(tok, False)]
        y = next_y
