"""bench/real_answers.py's scoring (bench/real_answers_score.py): the samples are fixed by position alone, the
grounding candidates reproduce the pipeline's own verdicts, and the route rule picks what the figures say."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from real_answers_score import (  # noqa: E402
    NOW,
    calibrate_grounding,
    candidates,
    choose_route,
    figures,
    sample,
    supported_at,
)

from engine.rag.grounding import ground  # noqa: E402
from engine.rag.sources import Source  # noqa: E402


def test_sample_is_fixed_ordered_and_nested():
    items = list(range(40))
    five = sample(items, 5, "qa_tuning.jsonl")
    assert five == sample(items, 5, "qa_tuning.jsonl")  # the same seed, the same questions
    assert five == sorted(five) and len(set(five)) == 5  # kept in file order, no repeats
    assert set(sample(items, 3, "qa_tuning.jsonl")) <= set(five)  # a smaller run asks a subset
    assert five != sample(items, 5, "qa_holdout7.jsonl")  # each file shuffled on its own
    assert sample(items, 99, "x") == items


def test_candidates_reproduce_the_pipelines_verdicts():
    src = Source(1, "The Larkspur valve is rated for a maximum pressure of 40 bar. It is made of brass.", "v.txt",
                 line_start=1, line_end=1)  # fmt: skip
    answer = (
        "The Larkspur valve is rated for 40 bar [1]. It is made of steel and tin [1]. It holds 50 bar [1]."
    )
    sents = candidates(answer, (src,), None)
    verdicts = ground(answer, (src,), None)
    assert [s["supported_now"] for s in sents] == [v.supported for v in verdicts] == [True, False, False]
    assert [supported_at(s["front"], *NOW) for s in sents] == [True, False, False]
    assert sents[2]["front"] == []  # "50" is no number of the source: no candidate survives at any threshold
    # a looser word share accepts the half-supported second sentence ("made" of {made, steel, tin})
    assert supported_at(sents[1]["front"], 0.3, 0.99, 0.99)


def _rec(route, correct, cites, unmarked=0, looping=False, answerable=True):
    r = {"route": route, "answerable": answerable, "abstained": False, "hedged": False, "kind": route,
         "unsupported_unmarked": unmarked, "looping_shown": looping, "loop_stopped": False, "seconds": 1.0,
         "generated_tokens": 0}  # fmt: skip
    if answerable:
        r.update(correct=correct, correct_supported=correct, cites_label=cites, label_in_sources=True)
    return r


def test_route_rule_follows_the_figures():
    ext = figures([_rec("extractive", True, True), _rec("extractive", False, True)])
    better = figures([_rec("generative", True, True), _rec("generative", True, True)])
    assert ext["answer_correct"] == 0.5 and better["answer_correct"] == 1.0
    assert choose_route({"extractive": ext, "generative": better})[0] == "generative"
    assert choose_route({"extractive": ext, "generative": ext})[0] == "extractive"  # a tie: no generation
    fewer = figures([_rec("generative", True, False), _rec("generative", True, False)])
    assert choose_route({"extractive": ext, "generative": fewer})[0] == "extractive"  # cites less often
    unmarked = figures([_rec("generative", True, True, unmarked=1), _rec("generative", True, True)])
    assert choose_route({"extractive": ext, "generative": unmarked})[0] == "extractive"
    looping = figures([_rec("generative", True, True, looping=True), _rec("generative", True, True)])
    assert choose_route({"extractive": ext, "generative": looping})[0] == "extractive"


def test_calibration_lowers_a_threshold_only_when_no_more_unsupported_claims_pass():
    fact = {
        "text": "a",
        "front": [(0.5, 0.1)],
        "supported_now": False,
        "reason": "no match",
        "holds_fact": True,
    }
    kept = {"text": "b", "front": [(0.9, 0.9)], "supported_now": True, "reason": "", "holds_fact": True}
    recs = [{"grounding": [fact, kept]}]
    out = calibrate_grounding(recs, [{"kind": "other passage", "fronts": [[(0.5, 0.2)]]}])
    assert out["front_agrees_with_pipeline"] == 1.0 and out["fact_sentences_marked_unsupported_now"] == 0.5
    assert (
        out["proposed"]["min_word_share"] == NOW[0]
    )  # 0.5 would keep "a" but pass the unsupported claim too
    out = calibrate_grounding(recs, [{"kind": "other passage", "fronts": [[(0.3, 0.2)]]}])
    assert out["proposed"]["min_word_share"] == 0.5  # the nearest threshold that keeps "a"
    assert out["proposed"]["fact_sentences_kept"] == 1.0
