"""Stage 4 of an ask, sources: the ranked passages numbered [1], [2], ... as the answer's sources, as many as fit
SOURCE_TOKEN_BUDGET. (Before this, engine.rag.sentence_bounds grew each passage to whole sentences and
engine.rag.abstain judged whether they answer at all.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.index import STAMPED_LINE, file_type_for
from engine.models import LoadedLM
from engine.rag.tuning import SOURCE_TOKEN_BUDGET


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
    file_type: str = ""  # the type the index stored the file as ("" where not known: a reranked passage)

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


def answer_sources(passages: Sequence[Any], chat: LoadedLM | None) -> tuple[Source, ...]:
    """The passages, best first, numbered and cut to the token budget as ``chat``'s tokenizer counts (None: the
    extractive answer, which loads no chat model, counts by an estimate)."""
    return fit_sources(sources_from(passages), token_counter(chat), SOURCE_TOKEN_BUDGET)


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
                file_type=str(getattr(it, "file_type", "") or ""),
            )
        )
    return tuple(out)


def token_counter(lm: LoadedLM | None) -> Callable[[str], int]:
    """Tokens of a text in ``lm``'s tokenizer; None: an estimate (4 characters a token) that loads no model."""
    if lm is None:
        return lambda text: len(text) // 4 + 1
    tok = lm.tokenizer
    return lambda text: len(tok.encode(text))


def fit_sources(
    sources: Sequence[Source], count_tokens: Callable[[str], int], budget: int
) -> tuple[Source, ...]:
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


_XML_TAG = re.compile(r"<[A-Za-z_/?!]")


def read_type(source: Source) -> str | None:
    """The file type ``source``'s passage was read as: its name's (``file_type_for``; for a name of no known type, code
    where the index read it as code), except where the index wrote
    an ``.xml`` or ``.json`` file in words: a feed (engine.index.readers.feeds) and a chat's or a phone's messages
    (engine.index.readers.messages), read as a chat export's text is. The type the index stored says so; where it
    is not known (a reranked passage), a passage with no tag is a feed's, and one of time-stamped lines messages."""
    kind = file_type_for(Path(source.path))
    if kind is None and source.file_type == "code":
        return (
            "code"  # a configuration file under a name of its own (engine.index.extraction.is_comment_config)
        )
    suffix = Path(source.path).suffix.lower()
    if kind == "code" and source.file_type == "mindmap":
        return "mindmap"  # a Freeplane map (.mm, a name Objective-C++ has too), read in words
    if kind != "code" or suffix not in (".xml", ".json"):
        return kind
    if source.file_type in ("messages", "note"):  # read in words
        return "text"
    if source.file_type in ("feed", "geojson", "csl", "health"):  # read in words, a record an item
        return source.file_type
    if source.file_type:
        return kind
    words = suffix == ".xml" and not _XML_TAG.search(source.text)
    if STAMPED_LINE.match(source.text.lstrip()) and (
        words or not source.text.lstrip().startswith(("{", "["))
    ):
        return "text"
    return "feed" if words else kind
