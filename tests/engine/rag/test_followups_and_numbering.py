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
    text, renum, order = renumber(answer, cites)
    assert order == {5: 1, 2: 2, 3: 3}
    assert text == "Topic five is here [1]. Then topic two [2, 1]. And [2, 3]."
    assert [(c.n, c.path) for c in renum] == [(1, "/docs/5.txt"), (2, "/docs/2.txt"), (3, "/docs/3.txt")]
    single, one, _ = renumber("Only this [5].", map_citations("Only this [5].", sources)[0])
    assert single == "Only this [1]." and [c.n for c in one] == [1]


def test_grounding_after_renumbering_checks_the_source_the_marker_now_names():
    """[3] renumbered to [1] must be checked against what was source 3, not against the old source 1."""
    from engine.rag.grounding import ground, renumbered_sources

    sources = [
        _src(1, "Bread rises because yeast ferments the sugars in the dough."),
        _src(2, "The Fresnel lens focuses the light of a lighthouse."),
        _src(3, "The library was written by Jean-loup Gailly and Mark Adler."),
    ]
    answer, cites, order = renumber("It was written by Jean-loup Gailly and Mark Adler [3].", map_citations(
        "It was written by Jean-loup Gailly and Mark Adler [3].", sources)[0])  # fmt: skip
    assert answer.endswith("[1].") and cites[0].path == "/docs/3.txt"
    (verdict,) = ground(answer, renumbered_sources(sources, order))
    assert verdict.supported and verdict.citation == 1 and "Gailly" in verdict.evidence
    (wrong,) = ground(answer, sources)  # the old numbering: [1] would be the bread passage
    assert not wrong.supported
