"""Text in, text out over a split model: the tokenizer (on this Mac only) around a DistributedSession."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.runtime.distributed.session import DistributedSession


@dataclass(frozen=True)
class SplitReply:
    text: str
    token_ids: tuple[int, ...]
    finish_reason: str  # "stop" | "length"
    stats: dict


def split_prompt_ids(tokenizer, prompt: str, *, chat: bool, system: str | None = None) -> list[int]:
    if not chat:
        return list(tokenizer.encode(prompt))
    messages = ([{"role": "system", "content": system}] if system else []) + [
        {"role": "user", "content": prompt}
    ]
    return list(tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=True))


def stream_split_text(
    session: DistributedSession, tokenizer, ids: list[int], max_tokens: int, sampling: dict | None = None
) -> Iterator[str | SplitReply]:
    """Text pieces as tokens arrive, then one SplitReply. A fault raises DistributedError (within the deadline)."""
    eos = sorted(tokenizer.eos_token_ids)
    detok = tokenizer.detokenizer
    detok.reset()
    tokens: list[int] = []
    for tok in session.generate(ids, max_tokens, eos, sampling):
        tokens.append(tok)
        if tok in eos:
            break
        detok.add_token(tok)
        piece = detok.last_segment  # reading it consumes it
        if piece:
            yield piece
    detok.finalize()
    piece = detok.last_segment
    if piece:
        yield piece
    done = session.last_done or {}
    decode_s = float(done.get("decode_s") or 0.0)
    generated = len(tokens)
    stats = {
        "prompt_tokens": len(ids),
        "generated_tokens": generated,
        "prefill_s": done.get("prefill_s"),
        "decode_tokens_per_s": round((generated - 1) / decode_s, 2)
        if decode_s > 0 and generated > 1
        else None,
        "distributed": session.stats.as_json() if session.stats else None,
    }
    finish = "stop" if tokens and tokens[-1] in eos else "length"
    yield SplitReply(detok.text, tuple(tokens), finish, stats)
