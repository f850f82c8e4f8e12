"""The document Q&A prompt, laid out for the prompt cache.

Order: the fixed system prompt, then the conversation so far (plain questions and answers), then ONE user message
holding this turn's numbered sources and the question. Everything before this turn's sources is identical to the
previous turn's prompt up to its own sources, so a follow-up turn prefills only the newest exchange and the new
sources: the KV cache of the system prompt and the history is reused (``GenerationStats.cached_tokens``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rag.sources import Source

SYSTEM_PROMPT = (
    "You answer questions about the user's documents using only the numbered sources given with each question. "
    "After each sentence, cite the source it comes from by its number in square brackets, like [1]. "
    "If the sources do not contain the answer, say that the documents do not contain it. Answer briefly."
)
ANSWER_HINT = "Answer using the sources above and cite them like [1]."


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
