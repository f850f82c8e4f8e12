"""The last step of an ask's result: the sources numbered 1..k in the order the reader meets them.

An answer is assembled in the sources' own numbers (the order retrieval and reranking gave them: an extractive answer
may quote only sources 2, 3 and 5; a model may cite [3] first). Before it is shown, ``number_as_shown`` renumbers
everything that names a source, consistently:
- the cited sources become 1..k in the order the answer first cites them ([3] ... [1] reads [1] ... [2]);
- the sources given but not cited follow as k+1..n, in their own order;
- the answer's markers, the model's own answer (``generated``), the citations (sorted by number), each sentence's
  ``citation`` and the passages listed with the answer (``closest``, sorted by number) all use the new numbers, so
  passage n is the one chip [n] opens;
- the positions that point into the answer (a sentence's start and end, a citation's marker) move with the markers'
  new widths ("[12]" becoming "[3]").
A marker number that names no source is dropped (a marker left with none is removed).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from engine.rag.citations import find_markers

_MARKER = re.compile(r"\[\s*(\d+(?:\s*(?:,|;|-|–|and)\s*\d+)*)\s*\]")


def shown_order(answer: str, cited: Iterable[int], given: Sequence[int],
                literal: Sequence[tuple[int, int]] = ()) -> dict[int, int]:  # fmt: skip
    """Old number -> new: the ``cited`` numbers 1..k in the order ``answer``'s markers first name them (a cited
    number no marker names follows them), then the ``given`` numbers not cited, in their order."""
    cited = set(cited)
    order: dict[int, int] = {}
    for marker in find_markers(answer):
        if _inside(marker.start, marker.end, literal):
            continue
        for n in marker.numbers:
            if n in cited and n not in order:
                order[n] = len(order) + 1
    for n in sorted(cited - set(order)):
        order[n] = len(order) + 1
    for n in given:
        if n not in order:
            order[n] = len(order) + 1
    return order


class Renumbered:
    """``text`` with its markers renumbered by ``order``, and where each old position now lies (``moved``)."""

    def __init__(self, text: str, order: dict[int, int], literal: Sequence[tuple[int, int]] = ()) -> None:
        out: list[str] = []
        self._starts: list[int] = []  # old marker starts, ascending
        self._spans: list[tuple[int, int, int, int]] = []  # (old start, old end, new start, new end)
        pos = shift = 0
        for m in _MARKER.finditer(text):
            if _inside(m.start(), m.end(), literal):
                continue  # "[0]" in a quoted line of code, "[1] FALSE" in quoted console output: the source's text
            nums = [order[n] for n in find_markers(m.group(0))[0].numbers if n in order]
            new = "[" + ", ".join(str(n) for n in dict.fromkeys(nums)) + "]" if nums else ""
            out.append(text[pos : m.start()])
            out.append(new)
            start = m.start() + shift
            self._starts.append(m.start())
            self._spans.append((m.start(), m.end(), start, start + len(new)))
            shift += len(new) - (m.end() - m.start())
            pos = m.end()
        out.append(text[pos:])
        self.text = "".join(out)

    def moved(self, pos: int) -> int:
        """Where old position ``pos`` lies in the new text (inside a marker: at most its new end)."""
        i = bisect.bisect_right(self._starts, pos) - 1
        if i < 0:
            return pos
        old_start, old_end, new_start, new_end = self._spans[i]
        if pos < old_end:
            return min(new_start + (pos - old_start), new_end)
        return pos + (new_end - old_end)


def renumber_text(text: str, order: dict[int, int]) -> str:
    """``text``'s markers under the new numbers of ``order`` (old -> new)."""
    return Renumbered(text, order).text


def quoted(res: Any) -> tuple[tuple[int, int], ...]:
    """Where an extractive answer quotes its sources word for word: (start, end) of each quoted sentence, whose
    brackets ("readings.index[0]", "[1] FALSE") are the source's text, not markers."""
    if not str(getattr(res, "answer_kind", "")).startswith("extractive"):
        return ()
    return tuple(
        (s.start, s.end) for s in res.sentences if s.end > s.start and res.answer[s.start : s.end] == s.text
    )


def _markers(res: Any) -> list:
    literal = quoted(res)
    return [m for m in find_markers(res.answer) if not _inside(m.start, m.end, literal)]


def _inside(start: int, end: int, literal: Sequence[tuple[int, int]]) -> bool:
    return any(a <= start and end <= b for a, b in literal)


def number_as_shown(res: Any) -> Any:
    """``res`` (an AskResult in the sources' own numbers) with its sources numbered as shown (module docstring)."""
    given = [p.n for p in res.closest]
    literal = quoted(res)
    order = shown_order(res.answer, (c.n for c in res.citations), given, literal)
    if all(old == new for old, new in order.items()):
        return res  # already 1..k as shown (no citation, or cited in order from the first source)
    shown = Renumbered(res.answer, order, literal)
    citations = sorted(
        (
            replace(
                c,
                n=order[c.n],
                marker_start=shown.moved(c.marker_start),
                marker_end=shown.moved(c.marker_end),
            )
            for c in res.citations
        ),
        key=lambda c: c.n,
    )
    sentences = tuple(
        replace(
            s,
            citation=order.get(s.citation, s.citation) if s.citation is not None else None,
            start=shown.moved(s.start),
            end=shown.moved(s.end),
        )
        for s in res.sentences
    )
    closest = sorted((replace(p, n=order.get(p.n, p.n)) for p in res.closest), key=lambda p: p.n)
    return replace(
        res,
        answer=shown.text,
        citations=tuple(citations),
        sentences=sentences,
        closest=tuple(closest),
        generated=renumber_text(res.generated, order) if res.generated else res.generated,
    )


def numbering_gaps(res: Any) -> tuple[int, ...]:
    """The numbers missing from 1..k among ``res``'s shown markers and citations (k their largest), or a marker
    naming no citation: () when the answer is numbered as shown. For tests and bench/rag_eval.py."""
    shown = {n for m in _markers(res) for n in m.numbers} | {c.n for c in res.citations}
    cited = {c.n for c in res.citations}
    gaps = tuple(n for n in range(1, max(shown, default=0) + 1) if n not in shown)
    return gaps + tuple(sorted(shown - cited))
