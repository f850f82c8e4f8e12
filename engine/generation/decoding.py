"""Token sources for autoregressive decoding.

A decoder is a generator over blocks of ``(token_id, from_draft)`` pairs: plain decoding yields one token per
forward pass, speculative decoders yield every token a verification accepted. The request loop in
``engine.generation.loop`` owns detokenisation, stop conditions, events and stats; a decoder owns the KV cache while it
runs and must leave ``state.fed`` equal to the tokens actually held by the cache when it is closed (trim in
``finally``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import mlx.core as mx

from engine.core import SpeculativeStats
from engine.generation.sampling import Sampler, SamplingParams, process_logits

Block = list[tuple[int, bool]]


@dataclass
class DecodeState:
    """Mutable, engine-thread-only state shared by the request loop and a decoder."""

    lm: Any  # engine.models.loader.LoadedLM
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


def plain_steps(
    state: DecodeState, n: int | None = None, *, model: Any = None, on_forward: Any = None
) -> Iterator[int]:
    """THE plain decoding step, shared by plain and speculative decoding: one token per forward pass, pipelined like
    mlx-lm (the next step is queued before the current token is read).

    ``n`` tokens, or without end when None. With ``n``, the last token is not fed: ``state.next_input`` holds it and
    ``state.fed`` matches the cache at every yield, so a speculative decoder can verify from there. ``model``
    overrides ``state.lm.model`` (a wrapper that also records hidden states); ``on_forward()`` counts forwards.
    """
    cache, params, sampler = state.cache, state.sampling, state.sampler
    model = model or state.lm.model
    penalty = params.repetition_penalty != 1.0
    ctx = params.repetition_context
    hist = state.history_array()

    def step(tokens: mx.array) -> mx.array:
        nonlocal hist
        logits = model(tokens[None], cache=cache)[:, -1, :]
        if on_forward is not None:
            on_forward()
        y = sampler.sample(process_logits(logits, params, hist)).reshape(-1)
        if penalty:
            hist = mx.concatenate([hist, y.astype(hist.dtype)])
            if ctx > 0 and hist.size > ctx:
                hist = hist[-ctx:]
        return y

    y = step(mx.array([state.next_input]))
    mx.async_eval(y)
    state.fed.append(state.next_input)
    i = 0
    while n is None or i < n:
        nxt = None
        if n is None or i < n - 1:
            nxt = step(y)
            mx.async_eval(nxt)
        tok = int(y.item())
        if nxt is not None:
            state.fed.append(tok)  # ``nxt``'s graph feeds ``tok`` into the cache
        else:
            state.next_input = tok
        state.history.append(tok)
        yield tok
        y = nxt
        i += 1


def plain_decoder(state: DecodeState) -> Iterator[Block]:
    """Plain decoding as a decoder: one ``(token, False)`` block per forward pass, until the request loop stops."""
    for tok in plain_steps(state):
        yield [(tok, False)]
