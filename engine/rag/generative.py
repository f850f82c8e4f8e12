"""Stage 5b of an ask, the generative answer (``write_answer``): the chat model writes over the numbered sources,
streamed token by token and cut where it starts repeating itself (engine.rag.loopguard); its [n] markers are then
mapped to the passages they cite (engine.rag.citations), an unmarked sentence is given the source whose words it
uses. The markers keep the sources' own numbers here: grounding (engine.rag.grounding) follows, and the result
numbers the cited sources [1], [2], ... as they appear (engine.rag.numbering).

It runs the generation request loop directly on the engine thread (``Engine.chat`` would queue behind this job).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core import FinalEvent, GenerateRequest, SamplingParams, TokenEvent
from engine.generation import run_generation
from engine.rag.citations import Citation, infer_citations, map_citations, strip_invalid_markers
from engine.rag.loopguard import LoopGuard
from engine.rag.models import RagModels
from engine.rag.prompt import build_messages
from engine.rag.results import AskStats
from engine.rag.sources import Source


@dataclass(frozen=True)
class Draft:
    """The model's answer before grounding: markers cleaned (in the sources' own numbers), with the citations they
    make."""

    answer: str
    citations: tuple[Citation, ...]
    finish: str  # the generation's finish_reason ("repetition" when the loop guard cut it)
    error: str | None
    stats: AskStats


def write_answer(models: RagModels, question: str, sources: Sequence[Source], quoting: Sequence[Source], *,
                 history: Sequence[Any], max_tokens: int, sampling: SamplingParams | None, stats: AskStats,
                 cancel: threading.Event, request_id: str) -> Generator[TokenEvent, None, Draft]:  # fmt: skip
    """Yields the answer's TokenEvents and returns its Draft. The model reads ``sources``; its markers are mapped
    to ``quoting`` (the same numbers: the document text to quote, where the sources are whole-document notes)."""
    req = GenerateRequest(messages=build_messages(question, sources, history), max_tokens=max_tokens,
                          sampling=sampling or SamplingParams(temperature=0.0), request_id=request_id)  # fmt: skip
    t = time.perf_counter()
    final: FinalEvent | None = None
    guard, stop, text = LoopGuard(), _Stop(cancel), ""
    for ev in run_generation(models.chat, req, cancel=stop, store=models.prompt_cache, submitted_at=t):
        if isinstance(ev, TokenEvent):
            text += ev.text
            if not stop.looped and guard.check(text) is not None:
                stop.looped = True  # the loop ends after this token; the repeated part is cut below
            yield ev
        elif isinstance(ev, FinalEvent):
            final = ev
    assert final is not None
    if stop.looped:
        cut = guard.check(final.text)
        final = replace(
            final, text=final.text[:cut] if cut is not None else final.text, finish_reason="repetition"
        )
        stats = replace(stats, loop_stopped=True)
    g = final.stats
    stats = replace(stats, generation_s=time.perf_counter() - t, prompt_tokens=g.prompt_tokens,
                    cached_tokens=g.cached_tokens, generated_tokens=g.generated_tokens, ttft_s=g.ttft_s,
                    decode_tokens_per_s=g.decode_tokens_per_s)  # fmt: skip
    _, invalid = map_citations(final.text, quoting)
    answer = strip_invalid_markers(final.text, invalid).strip()
    answer, inferred = infer_citations(answer, quoting)
    citations, _ = map_citations(answer, quoting)
    flagged = {c.n for c in inferred} - {c.n for c in map_citations(final.text, quoting)[0]}
    citations = tuple(replace(c, inferred=c.n in flagged) for c in citations)
    stats = replace(stats, invalid_markers=tuple(invalid), inferred_citations=len(flagged))
    return Draft(answer, citations, final.finish_reason, final.error, stats)


class _Stop:
    """The generation's stop flag: set by the loop guard, or by the caller's cancel (checked after each token)."""

    def __init__(self, cancel: threading.Event | None) -> None:
        self.cancel, self.looped = cancel, False

    def is_set(self) -> bool:
        return self.looped or (self.cancel is not None and self.cancel.is_set())

    def set(self) -> None:  # pragma: no cover - the loop never sets its own cancel
        self.looped = True
