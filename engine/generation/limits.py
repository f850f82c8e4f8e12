"""A generation request checked against the model that will run it, before any MLX op.

Token ids must lie in the model's vocabulary (an id past the embedding table reads out of bounds: a segmentation
fault, not an exception), the prompt must fit the model's context, and the sampling numbers must be finite and in
range. A refusal is a ``RequestRefused`` (an AlcoveError: the request loop turns it into a FinalEvent whose
finish_reason is "error"); ``code`` and ``param`` say which field, for a server's 400.

A text prompt far beyond the context is refused without tokenising all of it: its bytes are bounded by the context
times the longest token's bytes, and a long text's first ``_PROBE_CHARS_PER_TOKEN`` characters per context token are
tokenised first. Nothing here touches MLX or the model's weights; the tokenizer is only read (``check_request`` may
run on the caller's thread, so a long prompt is tokenised there and not on the engine thread).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from numbers import Integral
from typing import Any

from engine.core import GenerateRequest, RequestRefused

SEED_LIMIT = 1 << 64  # MLX seeds are unsigned 64-bit
_PROBE_CHARS_PER_TOKEN = (
    16  # far more than any tokenizer's average: a prefix this long that overflows, overflows
)
_FALLBACK_TOKEN_BYTES = 256  # when a tokenizer does not list its vocabulary
_token_bytes: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()


def _config_int(lm: Any, *names: str) -> int | None:
    config = getattr(lm, "config", None) or {}
    for c in (config, config.get("text_config") or {}, config.get("llm_config") or {}):
        for name in names:
            value = c.get(name) if isinstance(c, dict) else None
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return value
    return None


def context_of(lm: Any) -> int | None:
    """The model's context in tokens (its ``max_position_embeddings``), or None when its config does not say."""
    info = getattr(lm, "info", None)
    n = getattr(info, "context_length", None)
    if isinstance(n, int) and not isinstance(n, bool) and n > 0:
        return n
    return _config_int(lm, "max_position_embeddings", "max_sequence_length", "n_positions", "seq_length")


def vocab_of(lm: Any) -> int | None:
    """Rows of the model's embedding table (its config's ``vocab_size``), else the tokenizer's size, else None."""
    n = _config_int(lm, "vocab_size", "padded_vocab_size")
    if n is not None:
        return n
    try:
        return len(lm.tokenizer) or None
    except Exception:  # noqa: BLE001 - a tokenizer without a length: no vocabulary check possible
        return None


def max_token_bytes(tok: Any) -> int:
    """An upper bound on the UTF-8 bytes of text one token stands for (cached per tokenizer)."""
    try:
        return _token_bytes[tok]
    except (KeyError, TypeError):
        pass
    try:
        vocab = tok.get_vocab()
        # Byte-level BPE spells each byte as one character; SentencePiece spells text (with "▁"): either way a
        # token's string holds at least as many UTF-8 bytes as the text it decodes to.
        n = (
            max((len(str(t).encode("utf-8", "surrogatepass")) for t in vocab), default=0)
            or _FALLBACK_TOKEN_BYTES
        )
    except Exception:  # noqa: BLE001 - any tokenizer: fall back to a generous bound
        n = _FALLBACK_TOKEN_BYTES
    try:
        _token_bytes[tok] = n
    except TypeError:  # not weak-referenceable: computed again next time
        pass
    return n


def check_sampling(req: GenerateRequest) -> None:
    """Finite numbers within their ranges, a seed MLX accepts, at least one token to generate."""
    s = req.sampling
    mt = req.max_tokens
    if isinstance(mt, bool) or not isinstance(mt, int) or mt < 1:
        raise RequestRefused(f"max_tokens must be a positive integer, not {mt!r}.", param="max_tokens")
    checks = (("temperature", lambda v: v >= 0, "a finite number of at least 0"),
              ("top_p", lambda v: 0 < v <= 1, "a number above 0 and at most 1"),
              ("min_p", lambda v: 0 <= v < 1, "a number from 0 up to (not including) 1"),
              ("repetition_penalty", lambda v: v > 0, "a finite number above 0"))  # fmt: skip
    for name, ok, what in checks:
        v = getattr(s, name)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not ok(v):
            raise RequestRefused(f"{name} must be {what}, not {v!r}.", param=name)
    for name in ("top_k", "repetition_context"):
        v = getattr(s, name)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise RequestRefused(f"{name} must be a non-negative integer, not {v!r}.", param=name)
    seed = s.seed
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT
    ):
        raise RequestRefused(f"seed must be an integer from 0 to 2^64-1, not {seed!r}.", param="seed")


def _texts(req: GenerateRequest) -> list[str]:
    if req.prompt_ids is not None:
        return []
    if req.messages is not None:
        return [m.get("content") or "" for m in req.messages if isinstance(m, dict)]
    return [req.prompt] if req.prompt is not None else []


def check_text(lm: Any, req: GenerateRequest) -> None:
    """Refuse a text prompt that cannot fit the context, before (or instead of) tokenising all of it."""
    texts = _texts(req)
    for t in texts:
        if not isinstance(t, str):
            raise RequestRefused(f"The prompt must be text, not {type(t).__name__}.", param="prompt")
        try:
            t.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise RequestRefused("The prompt is not valid Unicode (it holds a lone surrogate).",
                                 param="prompt") from exc  # fmt: skip
    context = context_of(lm)
    if context is None or not texts:
        return
    tok = lm.tokenizer
    nbytes = sum(len(t.encode("utf-8")) for t in texts)
    cap = context * max_token_bytes(tok)
    if nbytes > cap:
        raise RequestRefused(
            f"The prompt is {nbytes:,} bytes, more than the model's context of {context:,} tokens can hold "
            f"(at most {cap:,} bytes); shorten it.",
            code="context_length_exceeded",
            param="prompt",
        )
    probe = context * _PROBE_CHARS_PER_TOKEN
    text = "\n".join(texts)
    if len(text) > probe:
        n = len(tok.encode(text[:probe]))
        if n > context:
            raise RequestRefused(
                f"The prompt is more than {n:,} tokens; the model's context is {context:,} tokens. Shorten it.",
                code="context_length_exceeded",
                param="prompt",
            )


def check_ids(lm: Any, ids: Sequence[Any], reserve: int = 1) -> list[int]:
    """``ids`` as ints, each in the vocabulary, the prompt plus ``reserve`` tokens (at least one to generate) within
    the context; else RequestRefused."""
    vocab = vocab_of(lm)
    out = []
    for i, t in enumerate(ids):
        if isinstance(t, bool) or not isinstance(t, Integral) or t < 0 or (vocab is not None and t >= vocab):
            limit = f"0 to {vocab - 1}" if vocab is not None else "non-negative"
            raise RequestRefused(
                f"Token id {t!r} at position {i} is outside the model's vocabulary ({limit}).",
                code="invalid_token_id",
                param="prompt",
            )
        out.append(int(t))
    context = context_of(lm)
    if context is None:
        return out
    if len(out) >= context:
        raise RequestRefused(
            f"The prompt is {len(out):,} tokens; the model's context is {context:,} tokens. Shorten it.",
            code="context_length_exceeded",
            param="prompt",
        )
    if len(out) + reserve > context:
        raise RequestRefused(
            f"The prompt ({len(out):,} tokens) and max_tokens ({reserve:,}) exceed the model's context of "
            f"{context:,} tokens; shorten the prompt or lower max_tokens to at most {context - len(out):,}.",
            code="context_length_exceeded",
            param="max_tokens",
        )
    return out
