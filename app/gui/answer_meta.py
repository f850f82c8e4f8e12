"""A document answer (engine.rag.qa's AskResult) as the plain dict kept with its message in the chat store, and the
labels shown for its sources. Pure functions, no Qt: what is persisted is exactly what is shown after a restart."""

from __future__ import annotations

from dataclasses import asdict
from html import escape
from pathlib import Path
from typing import Any

ABSTAINED_TITLE = "Your documents do not contain the answer to this question."
STAT_KEYS = ("ttft_s", "decode_tokens_per_s", "generated_tokens", "prompt_tokens", "cached_tokens")
QUOTE_PREVIEW_CHARS = 140


def answer_meta(result: Any, model: str = "") -> dict[str, Any]:
    """``meta`` for the assistant message: citations (n, path, page, lines, quote), abstention with the closest
    passages, the stats the metrics line reads (TTFT, tok/s, cached tokens) and the whole AskStats under ``rag``."""
    stats = asdict(result.stats)
    meta: dict[str, Any] = {
        "kind": "documents",
        "stats": {k: stats[k] for k in STAT_KEYS},
        "rag": stats,
        "finish_reason": result.finish_reason,
        "model": model,
        "citations": [_pointed(c.to_json(), result) for c in result.citations],
        "abstained": bool(result.abstained),
        "answer_kind": getattr(result, "answer_kind", "generative"),
        "sentences": [s.to_json() for s in getattr(result, "sentences", ())],
        "generated": getattr(result, "generated", ""),
        "hedged": bool(getattr(result, "hedged", False)),
    }
    if result.abstained or not result.citations:  # the closest passages, or the ones given when none is cited
        meta["closest"] = [_passage(p) for p in result.closest]
    if result.error:
        meta["error"] = result.error
    return meta


def _pointed(cite: dict[str, Any], result: Any) -> dict[str, Any]:
    """A citation that points at the sentence supporting the answer (engine.rag.grounding), not just its chunk:
    ``quote`` and the lines become that sentence's; the chunk's own quote stays under ``chunk_quote``."""
    if getattr(result, "answer_kind", "").startswith("extractive"):  # its chips already span what they quote
        return cite
    for s in getattr(result, "sentences", ()):
        if s.supported and s.citation == cite["n"] and s.evidence:
            return {**cite, "chunk_quote": cite["quote"], "quote": s.evidence, "evidence": s.evidence,
                    "line_start": s.line_start or cite["line_start"], "line_end": s.line_end or cite["line_end"]}  # fmt: skip
    return cite


def support_summary(meta: dict[str, Any]) -> str:
    """ "" or a short line on how much of the answer the documents support: the Sources title shows it."""
    sents = meta.get("sentences") or []
    if meta.get("abstained") or not sents:
        return ""
    # the sources hold little of what was asked (engine.rag.abstain.COVERAGE_HEDGE): said beside the support line
    hedge = "  ·  THEY MAY NOT ANSWER THE QUESTION" if meta.get("hedged") else ""
    if meta.get("answer_kind") == "extractive":
        return "QUOTED FROM YOUR DOCUMENTS" + hedge
    ok = sum(1 for s in sents if s.get("supported"))
    missing = len(sents) - ok
    if not missing:
        return f"ALL {len(sents)} SENTENCES FOUND IN YOUR DOCUMENTS" + hedge
    return f"{missing} OF {len(sents)} SENTENCES NOT FOUND IN YOUR DOCUMENTS (MARKED)" + hedge


def rag_parts(meta: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, tooltip) pairs for the metrics line of a document answer, beside TTFT, tok/s and cached tokens."""
    rag = meta.get("rag") or {}
    if meta.get("kind") != "documents" or not rag:
        return []
    ranker = f", reranked {rag.get('reranked', 0)} with {rag['reranker']} ({rag.get('reranker_kind')})" if rag.get(
        "reranker") else ""  # fmt: skip
    tip = f"Searched for “{rag.get('query', '')}”: {rag.get('retrieved', 0)} passages found{ranker}."
    if rag.get("evidence") is not None and rag.get("threshold") is not None:
        tip += f" Best evidence ({rag.get('evidence_signal')}) {rag['evidence']:.2f}; answers need {rag['threshold']:.2f}."
    if rag.get("model_check") is not None and rag.get("model_check_line") is not None:
        said = "answers it" if rag["model_check"] >= rag["model_check_line"] else "may not answer it"
        tip += (f" The chat model read the question against the quoted sentences: it judged that the answer {said} "
                f"({rag['model_check']:+.2f}, line {rag['model_check_line']:+.2f}).")  # fmt: skip
    if rag.get("mode") == "whole-document":
        label = f"read {rag.get('chunks_read', 0)} of {rag.get('chunks_total', 0)} passages"
    elif meta.get("abstained"):
        label = "not answered"
    else:
        n = len(meta.get("citations") or [])
        label = f"{n} source{'s' if n != 1 else ''} cited"
    return [(label, tip + f" {rag.get('total_s', 0):.1f} s in all.")]


def _passage(p: Any) -> dict[str, Any]:
    d = asdict(p)
    return {
        "n": d["n"],
        "path": d["path"],
        "page": d["page"],
        "line_start": d["line_start"],
        "line_end": d["line_end"],
        "quote": " ".join(str(d["text"]).split()),
        "score": d["score"],
    }


def place(src: dict[str, Any]) -> str:
    """``p. 3`` / ``line 12`` / ``lines 12–14`` (or "" when the source has no location)."""
    if src.get("page"):
        return f"p. {src['page']}"
    start, end = src.get("line_start"), src.get("line_end")
    if start and end and end != start:
        return f"lines {start}–{end}"
    if start:
        return f"line {start}"
    return ""


def source_label(src: dict[str, Any]) -> str:
    name = Path(str(src.get("path", ""))).name or "source"
    where = place(src)
    return f"[{src.get('n')}] {name}" + (f" · {where}" if where else "")


def quoted(text: str) -> str:
    """A passage as shown (in italics, without added quotation marks: passages often carry their own)."""
    return " ".join(text.split())


def quote_preview(quote: str, limit: int = QUOTE_PREVIEW_CHARS) -> str:
    text = " ".join(str(quote or "").split())
    if len(text) <= limit:
        return quoted(text)
    return quoted(text[:limit].rsplit(" ", 1)[0] + "…")


def source_tooltip(src: dict[str, Any]) -> str:
    """The full quoted passage and where it is, shown on hover (rich text, so Qt wraps it)."""
    where = place(src)
    path = Path(str(src.get("path", "")))
    head = f"<b>{escape(path.name)}</b>" + (f" · {escape(where)}" if where else "")
    out = f"<p>{head}<br><span style='font-size:small'>{escape(str(path.parent))}</span></p>"
    quote = " ".join(str(src.get("quote", "") or "").split())
    if quote:
        out += f"<p><i>{escape(quoted(quote))}</i></p>"
    if src.get("inferred"):
        out += "<p><i>The answer has no marker here: this source was matched to it by its words.</i></p>"
    return out
