"""Follow-ups are rewritten only when they lean on the conversation (the labelled set eval/followups.jsonl: the
"tune" split chose the rules, the "report" split chose nothing), and cited sources are numbered 1..k as they
appear."""

from __future__ import annotations

from bench.followup_eval import accuracies, load
from engine.rag.citations import map_citations, renumber
from engine.rag.followup import leans_on_context, rewrite_question
from engine.rag.prompt import Source


def test_the_report_split_keeps_standalone_questions_and_rewrites_followups():
    rows = load()
    assert {r["split"] for r in rows} == {"tune", "report"} and len(rows) >= 60
    report = accuracies(rows)["report"]
    assert report["standalone"] >= 20 and report["followups"] >= 15
    assert report["standalone_left_as_asked"] >= 0.95, report["wrong"]
    assert report["followups_rewritten"] >= 0.9, report["wrong"]


def test_a_question_that_names_its_subject_is_left_as_asked():
    history = [("What is a Makefile?", "A Makefile tells make how to build [1].")]
    q = "Who holds the copyright for bash and what license does it use?"
    assert not leans_on_context(q)
    assert rewrite_question(q, history).method == "unchanged"  # never sent to the model to rewrite
    assert leans_on_context("And what license does it use?") and leans_on_context("Why?")
    assert not leans_on_context("Is it possible to compress files with zlib in Python?")
    assert not leans_on_context("What is the capital of Australia?")


def _src(n: int, text: str) -> Source:
    return Source(n=n, path=f"/docs/{n}.txt", page=None, line_start=1, line_end=2, text=text)


def test_cited_sources_are_numbered_in_order_of_appearance():
    sources = [_src(i, f"passage {i} about topic{i} words") for i in range(1, 7)]
    answer = "Topic five is here [5]. Then topic two [2, 5]. And [2-3]."
    cites, invalid = map_citations(answer, sources)
    assert [c.n for c in cites] == [5, 2, 3] and not invalid
    text, renum = renumber(answer, cites)
    assert text == "Topic five is here [1]. Then topic two [2, 1]. And [2, 3]."
    assert [(c.n, c.path) for c in renum] == [(1, "/docs/5.txt"), (2, "/docs/2.txt"), (3, "/docs/3.txt")]
    single, one = renumber("Only this [5].", map_citations("Only this [5].", sources)[0])
    assert single == "Only this [1]." and [c.n for c in one] == [1]
