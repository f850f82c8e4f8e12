"""The engine's decisions that every front end used to make for itself: which model reranks, and whether a
chat reply is decoded alone, speculatively or in the shared batch. Plain functions of plain values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core import AnswerMode, ChatRequest, RerankPolicy

# Generative reranking by a small chat model did harm on the eval set (docs/EVALUATION.md): below this size
# "auto" keeps the search order unless a cross-encoder is asked for.
MIN_GENERATIVE_RERANK_PARAMS = 1_000_000_000


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
    cross-encoder is asked for: always under GENERATIVE, under AUTO only when it is large enough to help."""
    if policy is RerankPolicy.NONE or chat_info is None:
        return False
    if policy is RerankPolicy.GENERATIVE:
        return True
    return chat_info.parameters >= MIN_GENERATIVE_RERANK_PARAMS or "rerank" in chat_info.name.lower()


def loads_chat_to_rerank(policy: RerankPolicy, answer: AnswerMode) -> bool:
    """Whether the chat model is loaded (if it is not) to decide or do reranking: not for an extractive answer,
    which never loads one; for the others it is needed to answer anyway."""
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
