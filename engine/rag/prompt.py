"""The document Q&A prompt, laid out for the prompt cache.

Order: the fixed system prompt, then the conversation so far (plain questions and answers), then ONE user message
holding this turn's numbered sources and the question. Everything before this turn's sources is identical to the
previous turn's prompt up to its own sources, so a follow-up turn prefills only the newest exchange and the new
sources: the KV cache of the system prompt and the history is reused (``GenerationStats.cached_tokens``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SYSTEM_PROMPT = (
    "You answer questions about the user's documents using only the numbered sources given with each question. "
    "After each sentence, cite the source it comes from by its number in square brackets, like [1]. "
    "If the sources do not contain the answer, say that the documents do not contain it. Answer briefly."
)
ANSWER_HINT = "Answer using the sources above and cite them like [1]."


@dataclass(frozen=True)
class Source:
    """A passage shown to the model as ``[n]``."""

    n: int
    text: str
    path: str
    page: int | None = None
    line_start: int | None = None
    line_end: int | None = None
    chunk_id: int | None = None
    heading: str = ""
    score: float | None = None  # reranker score (sigmoid) or retrieval score
    char_start: int | None = None

    def label(self) -> str:
        return source_label(self.path, self.page, self.line_start, self.line_end)


def source_label(path: str, page: int | None, line_start: int | None, line_end: int | None) -> str:
    parts = [Path(path).name or path]
    if page is not None:
        parts.append(f"page {page}")
    if line_start is not None:
        if line_end is not None and line_end != line_start:
            parts.append(f"lines {line_start}-{line_end}")
        else:
            parts.append(f"line {line_start}")
    return ", ".join(parts)


def sources_from(items: Sequence[Any]) -> tuple[Source, ...]:
    """Number passages 1..n (RerankedItem, SearchHit, ChunkRecord or anything with text/path/lines)."""
    out = []
    for n, it in enumerate(items, 1):
        score = getattr(it, "score", None)
        out.append(
            Source(
                n=n,
                text=it.text,
                path=str(getattr(it, "path", "") or ""),
                page=getattr(it, "page", None),
                line_start=getattr(it, "line_start", None),
                line_end=getattr(it, "line_end", None),
                chunk_id=getattr(it, "chunk_id", None) or getattr(it, "id", None),
                heading=str(getattr(it, "heading", "") or ""),
                score=float(score) if score is not None else None,
                char_start=getattr(it, "char_start", None),
            )
        )
    return tuple(out)


def history_messages(history: Sequence[Any]) -> list[dict[str, str]]:
    """Earlier turns as chat messages: accepts {"role", "content"} dicts or (question, answer) pairs."""
    msgs: list[dict[str, str]] = []
    for turn in history:
        if isinstance(turn, dict):
            role, content = str(turn.get("role", "")), str(turn.get("content", ""))
            if role in ("user", "assistant") and content:
                msgs.append({"role": role, "content": content})
        else:
            q, a = turn
            msgs.append({"role": "user", "content": str(q)})
            if a:
                msgs.append({"role": "assistant", "content": str(a)})
    return msgs


def format_sources(sources: Sequence[Source]) -> str:
    blocks = []
    for s in sources:
        blocks.append(f"[{s.n}] ({s.label()})\n{s.text.strip()}")
    return "\n\n".join(blocks)


def user_message(question: str, sources: Sequence[Source]) -> str:
    return f"Sources:\n\n{format_sources(sources)}\n\nQuestion: {question.strip()}\n{ANSWER_HINT}"


def build_messages(
    question: str,
    sources: Sequence[Source],
    history: Sequence[Any] = (),
    *,
    system: str = SYSTEM_PROMPT,
) -> tuple[dict[str, str], ...]:
    msgs = [{"role": "system", "content": system}]
    msgs += history_messages(history)
    msgs.append({"role": "user", "content": user_message(question, sources)})
    return tuple(msgs)


def fit_sources(sources: Sequence[Source], count_tokens, budget: int) -> tuple[Source, ...]:
    """Keep sources, best first, while their text fits ``budget`` tokens (always at least one)."""
    kept: list[Source] = []
    used = 0
    for s in sources:
        n = count_tokens(s.text) + 16
        if kept and used + n > budget:
            break
        kept.append(s)
        used += n
    return tuple(kept)
