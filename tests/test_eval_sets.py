"""The labelled sets in eval/ are what the quality figures stand on: every label must point at one place, and the
held-out set must share no file with any set that chose a default."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from eval.corpus_archive import ensure_corpus

EVAL = Path(__file__).resolve().parents[1] / "eval"
LABELLED = [
    "queries.jsonl",
    "queries_holdout.jsonl",
    "qa_tuning.jsonl",
    "qa_holdout.jsonl",
    "qa_holdout2.jsonl",
    "qa_holdout3.jsonl",
    "qa_holdout4.jsonl",
    "qa_holdout5.jsonl",
    "qa_holdout6.jsonl",
    "qa_holdout7.jsonl",
    "queries_holdout2.jsonl",
    "queries_holdout3.jsonl",
]
# sets that chose something (weights, thresholds, rules): eval/queries.jsonl chose the retrieval defaults and the
# abstention threshold, qa_tuning.jsonl and the held-out sets of stops 24 and 25 (qa_holdout.jsonl, qa_holdout2.jsonl,
# each demoted after four reports), of stop 26 (qa_holdout3.jsonl, demoted in stop 28 after its second report) and of
# stop 28 (qa_holdout4.jsonl, demoted in stop 29 after its second report) and of stop 29 (qa_holdout5.jsonl, demoted
# in stop 30 after its second report) the extractive answerer; queries_holdout.jsonl was read while the retrieval
# was improved; qa_holdout6.jsonl (stop 30's held-out set, reported there and once more in stop 31) is held apart
# from stop 31's held-out set like a tuning set; queries_holdout2.jsonl chose hybrid's keyword-lead rule (stop 32)
TUNING = [
    "queries.jsonl",
    "qa_tuning.jsonl",
    "qa_holdout.jsonl",
    "qa_holdout2.jsonl",
    "qa_holdout3.jsonl",
    "qa_holdout4.jsonl",
    "qa_holdout5.jsonl",
    "queries_holdout.jsonl",
    "qa_holdout6.jsonl",
    "queries_holdout2.jsonl",
]
HELD_OUT = "qa_holdout7.jsonl"
HELD_OUT_UNANSWERABLE = "unanswerable_holdout7.jsonl"
# the held-out retrieval set: search phrases and questions in the user's own words, on 58 passages of randomly
# drawn files, none within 15 lines of a passage any tuning set labels. Its predecessors were read while retrieval
# was tuned: queries_holdout.jsonl, and queries_holdout2.jsonl (stop 32's first, read per query after one report)
HELD_OUT_RETRIEVAL = "queries_holdout3.jsonl"


def _rows(name: str) -> list[dict]:
    return [json.loads(x) for x in (EVAL / name).read_text(encoding="utf-8").splitlines() if x.strip()]


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("name", LABELLED)
def test_every_label_points_at_one_place(name):
    corpus = ensure_corpus()
    for q in _rows(name):
        text = (corpus / q["path"]).read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")
        assert text.count(q["quote"]) == 1, (name, q["id"])
        if (
            "answer" in q
        ):  # stop 24's held-out set labels a nearby line in one case (a011); the later sets do not
            where = text if name == "qa_holdout.jsonl" else q["quote"]
            assert _flat(q["answer"]) in _flat(where), (name, q["id"])


def test_the_held_out_set_shares_no_file_with_a_tuning_set():
    held = {q["path"] for q in _rows(HELD_OUT)}
    # queries_holdout2.jsonl drew its files at random from the whole corpus (it was written as a retrieval set, then
    # chose the keyword-lead rule): 5 of its 57 queries are on files of this set, disclosed where set 7 is reported
    drawn_at_random = {
        "queries_holdout2.jsonl": {
            "debian/git/RelNotes/2.3.3.txt",
            "debian/nodejs/contributing/security-model-strategy.md",
            "debian/git/RelNotes/1.8.2.1.txt",
            "debian/libxmlsec1/README.md",
            "debian/net-tools/README",
        }
    }
    for name in TUNING:
        assert held & {q["path"] for q in _rows(name)} == drawn_at_random.get(name, set()), name
    unanswerable = _rows(HELD_OUT_UNANSWERABLE)
    assert len(_rows(HELD_OUT)) == 44 and len(unanswerable) == 16
    ids = [q["id"] for q in _rows(HELD_OUT) + unanswerable]
    assert len(ids) == len(set(ids))
    tuning_questions = {
        q["query"].lower()
        for name in [
            *TUNING,
            "unanswerable.jsonl",
            "unanswerable_holdout.jsonl",
            "unanswerable_tuning2.jsonl",
            "unanswerable_holdout2.jsonl",
            "unanswerable_holdout3.jsonl",
            "unanswerable_holdout4.jsonl",
            "unanswerable_holdout5.jsonl",
            "unanswerable_holdout6.jsonl",
        ]
        for q in _rows(name)
    }
    assert not {q["query"].lower() for q in _rows(HELD_OUT) + unanswerable} & tuning_questions


def _label_line(q: dict) -> int:
    text = (ensure_corpus() / q["path"]).read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")
    return text.count("\n", 0, text.find(q["quote"])) + 1


def test_the_held_out_retrieval_set_labels_no_passage_a_tuning_set_labels():
    held = _rows(HELD_OUT_RETRIEVAL)
    assert len(held) == 58 and len({q["id"] for q in held}) == 58
    tuned: dict[str, list[int]] = {}
    for name in TUNING:
        for q in _rows(name):
            tuned.setdefault(q["path"], []).append(_label_line(q))
    for q in held:
        line = _label_line(q)
        assert all(abs(line - t) > 15 for t in tuned.get(q["path"], [])), q["id"]
    others = {q["query"].lower() for name in LABELLED if name != HELD_OUT_RETRIEVAL for q in _rows(name)}
    assert not {q["query"].lower() for q in held} & others


def test_the_eval_counts_an_unsupported_sentence_as_unmarked_only_where_it_is_shown_unmarked():
    """The Q&A eval's "unsupported sentences shown as facts" must find each sentence where it is shown: an
    unsupported fragment ("You can also", cut short) is not the start of an earlier supported sentence."""
    import sys
    from types import SimpleNamespace as S

    sys.path.insert(0, str(EVAL.parent / "bench"))
    from rag_eval import shown_unsupported_unmarked

    mark = "(not found in your documents)"
    answer = f"You can also use it [3].\n\nIt is fast. {mark}\n\nYou can also {mark}"
    sentences = [S(text="You can also use it.", supported=True), S(text="It is fast.", supported=False),
                 S(text="You can also", supported=False)]  # fmt: skip
    assert shown_unsupported_unmarked(S(answer=answer, sentences=sentences)) == 0
    unmarked = answer.replace(f"It is fast. {mark}", "It is fast.")
    assert shown_unsupported_unmarked(S(answer=unmarked, sentences=sentences)) == 1
