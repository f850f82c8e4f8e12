"""The request loop for autoregressive generation (engine thread only).

Prompt -> ids (chat template) -> prompt-cache lookup -> chunked prefill (cancel checked per chunk) -> a decoder
(plain or speculative) -> detokenise, stop strings, max tokens, events -> stats. The KV cache goes back into the
prompt-cache store in ``finally``, holding exactly the tokens it was fed, so a cancelled or failed request leaves it
consistent for the next turn; its copy for the disk tier is taken after the final event, never delaying a token.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import mlx.core as mx
import numpy as np

from engine.core import AlcoveError, FinalEvent, GenerateRequest, GenerationStats, TokenEvent
from engine.generation.decoding import DecodeState, plain_decoder
from engine.generation.limits import RequestRefused, check_ids, check_sampling, check_text
from engine.generation.prompt_cache import PromptCacheStore, fresh_cache
from engine.generation.sampling import Sampler
from engine.generation.textstream import StopMatcher
from engine.models import LoadedLM

log = logging.getLogger(__name__)

DecoderFactory = Callable[[DecodeState, GenerateRequest], Iterator]


def encode_request(lm: LoadedLM, req: GenerateRequest, reserve: int = 1) -> list[int]:
    """The request's prompt as token ids, checked against ``lm`` (``engine.generation.limits``): every id in the
    vocabulary, the prompt plus ``reserve`` tokens within the context; a text far too long for the context is refused
    before it is tokenised. Raises RequestRefused (an AlcoveError); touches no MLX array."""
    check_text(lm, req)
    try:
        ids = _tokenize(lm, req)
    except AlcoveError:
        raise
    except Exception as exc:  # noqa: BLE001 - a template that refuses these messages, a tokenizer's own error
        raise RequestRefused(f"The prompt could not be tokenised: {type(exc).__name__}: {exc}",
                             param="prompt") from exc  # fmt: skip
    if not ids:
        raise AlcoveError("The prompt is empty after tokenisation.")
    return check_ids(lm, ids, reserve)  # a caller's ids as given: 10**12 or -1 is refused, never cast


def _tokenize(lm: LoadedLM, req: GenerateRequest) -> list[Any]:
    tok = lm.tokenizer
    if req.prompt_ids is not None:
        return list(req.prompt_ids)
    if req.messages is not None:
        if not getattr(tok, "chat_template", None):
            raise AlcoveError(f"The model {lm.info.name} has no chat template; send a plain prompt instead.")
        ids = tok.apply_chat_template(
            [dict(m) for m in req.messages], add_generation_prompt=req.add_generation_prompt, tokenize=True
        )
        if isinstance(ids, dict):  # transformers 5 may return a BatchEncoding
            ids = ids["input_ids"]
        return list(ids)
    if req.prompt is not None:
        return list(tok.encode(req.prompt))
    raise AlcoveError("The request has no prompt.")


def _percentile(values: list[float], q: float) -> float:
    """Linear-interpolated percentile (``q`` in 0..100), 0 for no values."""
    return float(np.percentile(values, q)) if values else 0.0


def run_generation(
    lm: LoadedLM,
    req: GenerateRequest,
    *,
    cancel: threading.Event,
    store: PromptCacheStore,
    submitted_at: float,
    decoder_factory: DecoderFactory | None = None,
    draft: LoadedLM | None = None,
    load_time_s: float = 0.0,
) -> Iterator[TokenEvent | FinalEvent]:
    t_start = time.perf_counter()
    rid = req.request_id
    mx.reset_peak_memory()
    generated: list[int] = []
    finish, error = None, None
    cached_tokens = 0
    prefill_s = 0.0
    first_token_at = None
    token_times: list[float] = []
    ids: list[int] = []
    state: DecodeState | None = None
    decoder = None
    stopper = StopMatcher(req.stop)
    text_parts: list[str] = []
    try:
        check_sampling(req)  # finite, in range: before anything reads the numbers
        req.sampling.validate()
        ids = encode_request(lm, req)
        hit = (
            store.take(lm.key, lm.model, ids, info=lm.info) if req.use_prompt_cache else fresh_cache(lm.model)
        )
        cached_tokens = hit.cached_tokens
        state = DecodeState(
            lm=lm,
            cache=hit.cache,
            sampling=req.sampling,
            sampler=Sampler(req.sampling),
            fed=ids[:cached_tokens],
            history=list(ids),
            next_input=ids[-1],
            cancel=cancel,
            max_tokens=req.max_tokens,
            draft=draft,
        )
        # Prefill everything but the last prompt token, chunk by chunk.
        pos = cached_tokens
        end = len(ids) - 1
        chunk = max(1, req.prefill_chunk)
        while pos < end:
            if cancel.is_set():
                finish = "cancelled"
                break
            piece = ids[pos : min(pos + chunk, end)]
            lm.model(mx.array(piece)[None], cache=state.cache)
            mx.eval([c.state for c in state.cache])
            state.fed.extend(piece)
            pos += len(piece)
        prefill_s = time.perf_counter() - t_start
        if finish is None and cancel.is_set():
            finish = "cancelled"
        if finish is None:
            if req.use_prompt_cache:
                store.snapshot(lm.key, list(state.fed), state.cache, info=lm.info)
            factory = decoder_factory or (lambda s, r: plain_decoder(s))
            decoder = factory(state, req)
            detok = lm.tokenizer.detokenizer
            detok.reset()
            for block in decoder:
                for tok, from_draft in block:
                    now = time.perf_counter()
                    if first_token_at is None:
                        first_token_at = now
                    token_times.append(now)
                    if tok in lm.eos_ids:
                        finish = "stop"
                        break
                    generated.append(tok)
                    detok.add_token(tok)
                    emit, stopped = stopper.feed(detok.last_segment)
                    text_parts.append(emit)
                    yield TokenEvent(rid, emit, tok, from_draft)
                    if stopped:
                        finish = "stop_string"
                        break
                    if len(generated) >= req.max_tokens:
                        finish = "length"
                        break
                if finish is not None:
                    break
                if cancel.is_set():
                    finish = "cancelled"
                    break
            if finish != "stop_string":
                detok.finalize()
                tail, _ = stopper.feed(detok.last_segment)
                tail += stopper.flush()
                if tail:
                    text_parts.append(tail)
    except AlcoveError as exc:
        finish, error = "error", str(exc)
    except Exception as exc:  # noqa: BLE001 - any failure becomes a final event, never a dead thread
        log.exception("generation failed")
        finish, error = "error", f"Generation failed: {type(exc).__name__}: {exc}"
    finally:
        if decoder is not None:
            decoder.close()  # a decoder trims its cache to ``state.fed`` in its own finally
        if state is not None and req.use_prompt_cache and error is None:
            store.put(lm.key, state.fed, state.cache, info=lm.info)
    t_end = time.perf_counter()
    queue_s = max(0.0, t_start - submitted_at)
    itl = [b - a for a, b in zip(token_times, token_times[1:], strict=False)]
    decode_s = (token_times[-1] - token_times[0]) if len(token_times) > 1 else 0.0
    n_prefilled = max(0, len(ids) - 1 - cached_tokens)
    stats = GenerationStats(
        prompt_tokens=len(ids),
        generated_tokens=len(generated),
        cached_tokens=cached_tokens,
        load_time_s=load_time_s,
        queue_s=queue_s,
        prefill_s=prefill_s,
        ttft_s=(first_token_at - submitted_at) if first_token_at else 0.0,
        itl_p50_s=_percentile(itl, 50),
        itl_p95_s=_percentile(itl, 95),
        e2e_s=t_end - submitted_at,
        prefill_tokens_per_s=(n_prefilled / prefill_s) if prefill_s > 0 and n_prefilled else 0.0,
        decode_tokens_per_s=((len(token_times) - 1) / decode_s) if decode_s > 0 else 0.0,
        tokens_per_s=len(generated) / (t_end - submitted_at) if generated else 0.0,
        peak_memory_bytes=int(mx.get_peak_memory()),
        speculative=state.speculative if state is not None else None,
    )
    yield FinalEvent(rid, "".join(text_parts), tuple(generated), finish or "error", stats, error)
    # After the reply (its last token and its final event are out): the copy for the on-disk prompt cache.
    store.persist_pending()


def check_request(lm: Any, req: GenerateRequest, *, reply_fits: bool = False) -> GenerateRequest:
    """``req`` with its prompt as checked token ids, or RequestRefused. ``reply_fits``: the prompt plus
    ``max_tokens`` must fit the context (OpenAI's rule for a server's requests); else the prompt must leave room for
    one token. Reads the tokenizer only: callable off the engine thread (the engine thread checks the ids again)."""
    check_sampling(req)
    ids = encode_request(lm, req, reserve=req.max_tokens if reply_fits else 1)
    return replace(req, prompt_ids=tuple(ids))
