"""Sources are numbered 1..k in the order the answer cites them, everywhere in an AskResult (issue 37): the answer's
markers, the citations, each sentence's citation, the passages listed with it and the model's own answer; an
extractive answer that quotes sources 2 and 4 reads [1] and [2], never [2] [4]."""

from __future__ import annotations

import time

from engine.rag.citations import find_markers, map_citations
from engine.rag.extractive import extract_answer
from engine.rag.grounding import Grounded, ground, supported_answer
from engine.rag.numbering import Renumbered, numbering_gaps, shown_order
from engine.rag.results import AskStats, extractive_result, passages_of, result, with_model_answer
from engine.rag.sources import Source

TEXTS = {
    1: "The lighthouse keeper's logbook lists the weather for each night of 1911.",
    2: "The ferry leaves the harbour at seven in the morning. It returns at six in the evening.",
    3: "Fishing boats unload their catch at the north quay before dawn.",
    4: "On Sundays the ferry leaves the harbour at nine instead.",
    5: "The harbour master's office is open from eight to four.",
}


def _sources() -> list[Source]:
    return [Source(n, text, f"/docs/{n}.txt", None, 1, 2) for n, text in TEXTS.items()]


def _shown_numbers(answer: str) -> list[int]:
    return [n for m in find_markers(answer) for n in m.numbers]


def test_an_extractive_answer_from_sources_2_and_4_reads_1_and_2():
    sources = _sources()
    ex = extract_answer("When does the ferry leave the harbour on Sundays?", sources, max_sentences=2)
    raw = sorted({n for m in find_markers(ex.text) for n in m.numbers})
    assert 1 not in raw and {2, 4} <= set(raw)  # the old numbering: [2] ... [4], no [1]
    res = extractive_result("r", "q", ex, sources, AskStats(), time.perf_counter())
    k = len(res.citations)
    assert sorted(set(_shown_numbers(res.answer))) == list(range(1, k + 1))
    assert numbering_gaps(res) == ()
    assert [c.n for c in res.citations] == list(range(1, k + 1))
    by_n = {c.n: c.path for c in res.citations}
    assert by_n[1] == "/docs/2.txt"  # the first source the answer cites is [1]
    # the passages listed with the answer: passage n is the one chip [n] opens; the uncited ones follow in order
    assert [p.n for p in res.closest] == [1, 2, 3, 4, 5]
    assert all(res.closest[c.n - 1].path == c.path for c in res.citations)
    assert [p.path for p in res.closest[k:]] == [
        f"/docs/{n}.txt" for n in (1, 3, 5) if f"/docs/{n}.txt" not in by_n.values()
    ]
    for s in (
        res.sentences
    ):  # each quoted sentence names its source by the shown number, and sits where it is shown
        assert res.closest[s.citation - 1].path == s.path
        assert res.answer[s.start : s.end] == s.text


def test_a_written_answer_citing_3_then_1_reads_1_then_2_with_positions_moved():
    sources = [Source(n, f"Passage {n}: " + TEXTS[n], f"/docs/{n}.txt", None, 1, 2) for n in range(1, 13)
               if n in TEXTS] + [Source(12, "The ferry is painted blue and white.", "/docs/12.txt", None, 1, 1)]  # fmt: skip
    answer = "The ferry is painted blue [12]. The ferry leaves at seven in the morning [2]. It is white [12]."
    cites, _ = map_citations(answer, sources)
    verdicts = ground(answer, sources)
    assert all(v.supported for v in verdicts)
    res = result("r", "q", answer, cites, False, passages_of(sources), AskStats(), time.perf_counter(), "stop",
                 sentences=verdicts, generated=answer)  # fmt: skip
    assert res.answer.startswith("The ferry is painted blue [1].") and "the morning [2]" in res.answer
    assert "[12]" not in res.answer and "[12]" not in res.generated and "[1]" in res.generated
    assert [(c.n, c.path) for c in res.citations] == [(1, "/docs/12.txt"), (2, "/docs/2.txt")]
    for c in res.citations:  # each citation's marker still points at a marker naming it
        assert str(c.n) in res.answer[c.marker_start : c.marker_end]
    assert [p.path for p in res.closest[:2]] == ["/docs/12.txt", "/docs/2.txt"]
    for v in res.sentences:
        assert res.answer[v.start : v.end].startswith(v.text.rstrip("."))
    assert [v.citation for v in res.sentences] == [1, 2, 1]
    assert numbering_gaps(res) == ()


def test_the_quoted_sentences_and_the_models_unsupported_answer_share_one_numbering():
    sources = _sources()
    ex = extract_answer("When does the ferry leave the harbour on Sundays?", sources, max_sentences=2)
    model = "The office opens at eight [5]."
    verdicts = tuple(v.__class__(**{**v.__dict__, "supported": False}) for v in ground(model, sources))
    grounded = Grounded(verdicts, supported_answer(model, verdicts, "(not found in your documents)"), 0.0)
    res = with_model_answer("r", "q", ex, sources, AskStats(), time.perf_counter(), model, grounded, "stop")
    assert res.answer_kind == "extractive+generative"
    k = len(res.citations)
    assert sorted(set(_shown_numbers(res.answer))) == list(range(1, k + 1)) and numbering_gaps(res) == ()
    tail = res.answer.split("not supported by your documents:")[1]
    (n5,) = [c.n for c in res.citations if c.path == "/docs/5.txt"]
    assert (
        f"[{n5}]" in tail and n5 == k
    )  # the model's source comes after the quoted ones, in the same numbers
    assert f"[{n5}]" in res.generated


def test_shown_order_and_renumbered_positions():
    assert shown_order("a [3]. b [1, 3]. c [2-3].", {1, 2, 3}, [1, 2, 3, 4]) == {3: 1, 1: 2, 2: 3, 4: 4}
    r = Renumbered("x [12] y [3, 12] z", {12: 1, 3: 2})
    assert r.text == "x [1] y [2, 1] z"
    assert (
        r.moved(0) == 0
        and r.moved(2) == 2
        and r.moved(6) == 5
        and r.moved(len("x [12] y [3, 12] z")) == len(r.text)
    )
    assert Renumbered("only [7]", {}).text == "only "  # a number naming no source is dropped


def test_brackets_a_quoted_sentence_holds_are_its_text_not_markers():
    """A quoted line of code ("readings.index[0]") or console output ("[1] FALSE") keeps its brackets as written
    when the sources are renumbered, and is no numbering gap (held-out 5's notebook answer read "[0]" as a marker)."""
    texts = {1: "The ferry timetable is posted at the harbour office.",
             2: "R> a * a == 2\n[1] FALSE\nThe comparison is FALSE because sqrt(2) is rounded.",
             3: "start = readings.index[0] sets where the winter's readings begin."}  # fmt: skip
    sources = [Source(n, t, f"/docs/{n}.txt", None, 1, 3) for n, t in texts.items()]
    ex = extract_answer("Where do the winter readings begin, and why is the comparison FALSE?", sources[1:],
                        max_sentences=2)  # fmt: skip
    assert "readings.index[0]" in ex.text and "[1]" not in ex.text.replace("[1] FALSE", "")  # numbered from 2
    res = extractive_result("r", "q", ex, sources, AskStats(), time.perf_counter())
    assert res.answer_kind == "extractive"
    assert "readings.index[0]" in res.answer and "[1]" in res.answer  # renumbered: quoted [0] kept as written
    for s in res.sentences:
        assert res.answer[s.start : s.end] == s.text, "each quote is still the source's text"
    assert numbering_gaps(res) == ()
    assert sorted({c.n for c in res.citations}) == list(range(1, len(res.citations) + 1))
