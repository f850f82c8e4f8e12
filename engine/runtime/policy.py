"""The engine's decisions that every front end used to make for itself: which model reranks, and whether a
chat reply is decoded alone, speculatively or in the shared batch. Plain functions of plain values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core import AnswerMode, ChatRequest, RerankPolicy

# Generative reranking by a chat model is opt-in (``RerankPolicy.GENERATIVE``): it did harm wherever it was measured.
# SmolLM2-135M took hybrid recall@5 0.91 -> 0.32; the real Qwen2.5-Coder 0.5B/1.5B on the held-out retrieval set:
# docs/EVALUATION.md "Generative reranking with real models" (bench/bench_rerank.py). Under ``auto`` a chat model
# reranks only when it is a reranker by name (Qwen3-Reranker and the like: a user who picks one asked for it).
RERANKER_NAME_HINT = "rerank"


def is_cross_encoder(spec: str) -> bool:
    """A Hugging Face folder whose config names a *ForSequenceClassification architecture."""
    cfg = Path(spec).expanduser() / "config.json"
    if not cfg.is_file():
        return False
    try:
        archs = json.loads(cfg.read_text()).get("architectures") or []
    except (OSError, ValueError):
        return False
    return any(str(a).endswith("ForSequenceClassification") for a in archs)


def chat_reranks(policy: RerankPolicy, chat_info: Any | None) -> bool:
    """Whether the chat model (its ModelInfo; None: none is loaded and none will be) reranks generatively when no
    cross-encoder is asked for: always under GENERATIVE; under AUTO never for a plain chat model, whatever its size
    (measured worse and minutes slower), only for a model named as a reranker."""
    if policy is RerankPolicy.NONE or chat_info is None:
        return False
    if policy is RerankPolicy.GENERATIVE:
        return True
    return RERANKER_NAME_HINT in str(chat_info.name).lower()


def loads_chat_to_rerank(policy: RerankPolicy, answer: AnswerMode) -> bool:
    """Whether the chat model is loaded (if it is not) to decide or do reranking: not for an extractive answer,
    which never loads one; for the others it is needed to answer anyway (under AUTO its name decides)."""
    return policy is not RerankPolicy.NONE and answer is not AnswerMode.EXTRACTIVE


def route(req: ChatRequest, decoding_now: int, batch_reason: str | None) -> tuple[str, str]:
    """(decoding, reason) for a chat reply. ``decoding_now``: requests in the shared batch; ``batch_reason``: why
    the chat model cannot decode in a batch (None: it can)."""
    speculative = req.speculative.mode != "off"
    if not req.shared:
        return (
            ("speculative", "speculative decoding was asked for") if speculative else ("single", "one reply")
        )
    if speculative and decoding_now == 0:
        return "speculative", "the only request decoding: drafting can pay"
    if batch_reason is not None:
        return "single", batch_reason
    if speculative:
        why = f"{decoding_now} other requests decoding: batched plain decoding beats one speculative sequence"
        return "batched", why
    return (
        "batched",
        f"plain decoding in the continuous batch ({decoding_now} other requests decoding when it arrived)",
    )
