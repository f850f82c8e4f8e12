"""Stages 1-4 of an ask for whole documents (``read_documents``): aggregate questions ("summarise all of these",
"how many ... across these files").

Top-k retrieval cannot answer those: the answer is spread over every chunk. Map: the chat model reads EVERY chunk
of the chosen documents and writes down what in it bears on the question (or NONE). Reduce: the notes become the
numbered sources of one final answer (engine.rag.generative), so its [n] markers still map to the chunk each note
came from. Progress is reported per chunk and cancel is checked between chunks. Map calls share a private prompt
cache (their common prefix is the instruction and the question), never the conversation's.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core import AskRequest, FinalEvent, GenerateRequest, ProgressEvent
from engine.generation import PromptCacheStore, run_generation
from engine.index import IndexStore
from engine.models import LoadedLM
from engine.rag.abstain import ABSTAIN_TEXT
from engine.rag.models import RagModels
from engine.rag.results import AskResult, AskStats, result
from engine.rag.retrieve import choose_documents
from engine.rag.sources import Source, token_counter
from engine.rag.tuning import NOTE_TOKEN_BUDGET, NOTE_TOKENS

MAP_SYSTEM = (
    "You read one passage of a document and note what in it helps answer the question. "
    "Reply with one or two short sentences of facts from the passage, or with NONE if nothing in it helps."
)
_AGGREGATE = re.compile(
    r"\b(summari[sz]e|summary of|overview of|all (of )?(the |these |those |my )?(files|documents|docs|sections|chapters)|"
    r"across (all (of )?)?(the |these |those |my )?(files|documents|docs|sections|chapters|notes|pages)|"
    r"in (all|each|every) (of )?(the |these |those )?(files|documents|docs)|"
    r"how many (files|documents)|list (all|every)|every (file|document|section|chapter)|whole (document|file))",
    re.I,
)
_NONE = re.compile(r"^\W*(none|nothing|n/a|no relevant|not relevant|no information)\b", re.I)


def is_aggregate(question: str) -> bool:
    """Questions about whole documents rather than one fact (routed to whole-document mode by ``AskScope.AUTO``)."""
    return bool(_AGGREGATE.search(question))


@dataclass(frozen=True)
class Notes:
    """What the map step left for the answer: the notes as numbered sources, and the chunks they were written from
    under the same numbers (what a citation quotes)."""

    sources: tuple[Source, ...]
    quotes: tuple[Source, ...]
    stats: AskStats


def read_documents(models: RagModels, question: str, query: str, store: IndexStore, req: AskRequest,
                   stats: AskStats, cancel: threading.Event, rid: str, t0: float
                   ) -> Generator[ProgressEvent, None, Notes | AskResult]:  # fmt: skip
    """Yields the map's progress; returns the Notes to answer from, or the result when there is nothing to answer
    from (no indexed text, no useful note) or the read was cancelled."""
    t = time.perf_counter()
    paths = choose_documents(models, store, query, req)
    chunks = [c for p in paths for c in store.chunks_for_document(p)]
    stats = replace(stats, mode="whole-document", retrieval_s=time.perf_counter() - t, chunks_total=len(chunks),
                    retrieved=len(paths))  # fmt: skip
    if not chunks:
        return result(rid, question, "None of the chosen documents has any indexed text.", (), True, (), stats, t0,
                      "stop")  # fmt: skip
    outcome: MapOutcome | None = None
    for ev in map_chunks(models.chat, query, chunks, cancel=cancel, request_id=rid):
        if isinstance(ev, MapOutcome):
            outcome = ev
        else:
            yield ev
    assert outcome is not None
    stats = replace(stats, map_s=outcome.seconds, chunks_read=len(outcome.notes))
    if outcome.cancelled:
        return result(rid, question, "", (), False, (), stats, t0, "cancelled")
    notes = note_sources(outcome.notes, token_counter(models.chat), NOTE_TOKEN_BUDGET)
    if not notes:
        return result(rid, question, ABSTAIN_TEXT, (), True, (), stats, t0, "stop")
    by_id = {getattr(n.chunk, "id", None): n.chunk for n in outcome.notes}
    quotes = tuple(replace(s, text=by_id[s.chunk_id].text) for s in notes)
    yield ProgressEvent(rid, len(chunks), len(chunks), "Writing the answer", extra={"phase": "reduce"})
    return Notes(notes, quotes, stats)


@dataclass(frozen=True)
class Note:
    chunk: Any  # the ChunkRecord read
    text: str  # what the model noted ("" when NONE)


@dataclass(frozen=True)
class MapOutcome:
    notes: tuple[Note, ...]  # one per chunk read, in document order
    chunks_total: int
    cancelled: bool
    seconds: float


def map_messages(question: str, chunk_text: str) -> tuple[dict, ...]:
    user = f"Question: {question.strip()}\n\nPassage:\n{chunk_text.strip()}\n\nNotes (or NONE):"
    return ({"role": "system", "content": MAP_SYSTEM}, {"role": "user", "content": user})


def is_empty_note(text: str) -> bool:
    return not text.strip() or bool(_NONE.match(text.strip()))


def map_chunks(
    lm: LoadedLM,
    question: str,
    chunks: Sequence[Any],
    *,
    cancel: threading.Event | None = None,
    request_id: str = "",
    max_note_tokens: int = NOTE_TOKENS,
) -> Iterator[ProgressEvent | MapOutcome]:
    """Read every chunk; yields a ProgressEvent per chunk, then one MapOutcome (partial when cancelled)."""

    t0 = time.perf_counter()
    cancel = cancel or threading.Event()
    store = PromptCacheStore(256 << 20, max_entries=2)  # shared instruction+question prefix across map calls
    notes: list[Note] = []
    total = len(chunks)
    yield ProgressEvent(request_id, 0, total, f"Reading {total} passages", extra={"phase": "map"})
    for i, chunk in enumerate(chunks):
        if cancel.is_set():
            break
        req = GenerateRequest(messages=map_messages(question, chunk.text), max_tokens=max_note_tokens,
                              stop=("\n\n",), request_id=request_id or "map")  # fmt: skip
        final = None
        for ev in run_generation(lm, req, cancel=cancel, store=store, submitted_at=time.perf_counter()):
            if isinstance(ev, FinalEvent):
                final = ev
        if final is None or final.finish_reason == "cancelled":
            break
        text = "" if final.error or is_empty_note(final.text) else final.text.strip()
        notes.append(Note(chunk, text))
        elapsed = time.perf_counter() - t0
        eta = elapsed / (i + 1) * (total - i - 1)
        yield ProgressEvent(request_id, i + 1, total, f"Read passage {i + 1} of {total}", eta_s=eta,
                            extra={"phase": "map", "path": getattr(chunk, "path", "")})  # fmt: skip
    yield MapOutcome(tuple(notes), total, len(notes) < total, time.perf_counter() - t0)


def note_sources(
    notes: Sequence[Note], count_tokens: Callable[[str], int], budget: int
) -> tuple[Source, ...]:
    """Numbered sources for the reduce step: each useful note, with the place of the chunk it came from. Notes
    beyond ``budget`` tokens are dropped from the end (document order), which the caller reports."""
    out: list[Source] = []
    used = 0
    for note in notes:
        if not note.text:
            continue
        c = note.chunk
        n_tok = count_tokens(note.text) + 16
        if out and used + n_tok > budget:
            break
        used += n_tok
        out.append(
            Source(
                n=len(out) + 1,
                text=note.text,
                path=c.path,
                page=c.page,
                line_start=c.line_start,
                line_end=c.line_end,
                chunk_id=getattr(c, "id", None),
                heading=getattr(c, "heading", ""),
            )
        )
    return tuple(out)
