"""The figures issue 37 asks of the real-document sets, from what was shown for each question, with the labels'
own rules (``realdocs.answer_found``, ``realdocs.relevant``). Plain data in, so any runner can use it:

    results = {qid: {"answer": str, "abstained": bool, "hedged": bool,
                     "citations": [{"n": int, "path": str, "page": int | None, "line_start": int | None,
                                    "line_end": int | None, "quote": str}, ...],
                     "shown_numbers": [int, ...]}}   # optional: the source numbers as shown, in order
    figures = score(part, root, results)

``from_ask_result`` builds one entry from an engine ``AskResult``. Figures (issue 37's targets in brackets):
answer holds the fact (>= 0.9), citation on the labelled page/lines (>= 0.95), near-topic unanswerable questions
declined or hedged (>= 0.8), answerable questions hedged (<= 0.05), numbering gaps (0: the sources shown are
numbered 1..k), quotes starting with page furniture (0: a running header, a page number or a contents page of
the cited PDF page); each also per document kind.
"""

from __future__ import annotations

import re
from pathlib import Path

from eval.realdocs.realdocs import answer_found, flat, load, relevant

_LEADERS = re.compile(r"(\. ){4,}")
_HEADER = re.compile(r"^((Chapter|Appendix) [\w.]+: .{1,80}? \d{1,4}|\d{1,4}|[ivxlc]{1,6})$")


def from_ask_result(result) -> dict:
    """The entry ``score`` reads, from an ``AskResult`` (its shown answer, abstained/hedged, citations)."""
    cites = [
        {
            "n": c.n,
            "path": c.path,
            "page": c.page,
            "line_start": c.line_start,
            "line_end": c.line_end,
            "quote": c.quote or "",
        }
        for c in result.citations
    ]
    return {
        "answer": result.answer or "",
        "abstained": bool(result.abstained),
        "hedged": bool(getattr(result, "hedged", False)),
        "citations": cites,
    }


def page_furniture(text: str) -> tuple[list[str], bool]:
    """(the running header/footer lines of one PDF page's text, whether the page is a contents page)."""
    lines = [line.strip() for line in text.replace("\r\n", "\n").split("\n") if line.strip()]
    edges = lines[:1] + lines[-1:]
    furniture = [line for line in edges if _HEADER.match(line)]
    contents = sum(bool(_LEADERS.search(line)) for line in lines) >= 5
    return furniture, contents


def starts_with_furniture(quote: str, furniture: list[str], contents: bool) -> bool:
    if contents:
        return True
    q = flat(quote)
    return any(q.startswith(flat(f)) for f in furniture)


def numbering_gap(numbers: list[int], ordered: bool = False) -> bool:
    """The numbers are not exactly 1..k: ``ordered``, the sources as shown, in that order; else the citations'
    numbers, in any order (an answer may cite [2] before [1])."""
    if ordered:
        return list(numbers) != list(range(1, len(numbers) + 1))
    return bool(numbers) and sorted(set(numbers)) != list(range(1, len(set(numbers)) + 1))


def _share(xs: list[bool]) -> float | None:
    return round(sum(xs) / len(xs), 3) if xs else None


def score(part: str, root: Path, results: dict[str, dict], pdf_page_text=None) -> dict:
    """Issue 37's figures for ``part`` (documents materialised under ``root``) from ``results`` by question id.
    ``pdf_page_text(path, page)`` reads a PDF page's text (default: pypdfium2, as check.py does)."""
    if pdf_page_text is None:
        from eval.realdocs.check import pdf_page as pdf_page_text
    answerable, unanswerable = load(part, root)
    missing = [q["id"] for q in answerable + unanswerable if q["id"] not in results]
    if missing:
        raise ValueError(f"{len(missing)} question(s) have no result, e.g. {missing[0]}")
    rows = []
    for q in answerable:
        r = results[q["id"]]
        rows.append(
            {
                "kind": q["kind"],
                "fact": not r["abstained"] and answer_found(q, r["answer"]),
                "cited": any(
                    relevant(q, c["path"], c.get("page"), c.get("line_start"), c.get("line_end"))
                    for c in r["citations"]
                ),
                "hedged": r["hedged"] and not r["abstained"],
                "declined": r["abstained"],
            }
        )
    near = [results[q["id"]] for q in unanswerable if q["kind"] == "near-topic"]
    term = [results[q["id"]] for q in unanswerable if q["kind"] == "missing-term"]
    gaps = sum(
        numbering_gap(r.get("shown_numbers") or [c["n"] for c in r["citations"]]) for r in results.values()
    )
    furniture_cache: dict[tuple[str, int], tuple[list[str], bool]] = {}
    furniture_quotes = 0
    for r in results.values():
        for c in r["citations"]:
            if not str(c["path"]).lower().endswith(".pdf") or c.get("page") is None or not c.get("quote"):
                continue
            key = (str(c["path"]), c["page"])
            if key not in furniture_cache:
                furniture_cache[key] = page_furniture(pdf_page_text(Path(c["path"]), c["page"]))
            furniture_quotes += starts_with_furniture(c["quote"], *furniture_cache[key])
    by_kind = {}
    for kind in sorted({row["kind"] for row in rows}):
        mine = [row for row in rows if row["kind"] == kind]
        by_kind[kind] = {
            "n": len(mine),
            "answer_holds_fact": _share([row["fact"] for row in mine]),
            "citation_on_label": _share([row["cited"] for row in mine]),
        }
    return {
        "part": part,
        "answerable": len(answerable),
        "unanswerable": len(unanswerable),
        "answer_holds_fact": _share([row["fact"] for row in rows]),
        "citation_on_label": _share([row["cited"] for row in rows]),
        "answerable_hedged": _share([row["hedged"] for row in rows]),
        "answerable_declined": _share([row["declined"] for row in rows]),
        "near_topic_declined_or_hedged": _share([r["abstained"] or r["hedged"] for r in near]),
        "missing_term_declined_or_hedged": _share([r["abstained"] or r["hedged"] for r in term]),
        "numbering_gaps": gaps,
        "quotes_starting_with_page_furniture": furniture_quotes,
        "by_kind": by_kind,
    }
