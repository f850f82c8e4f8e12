"""The scoring half of bench/real_answers.py, without models or indexes (so tests can check it): the fixed seeded
samples, the grounding check's candidates per written sentence and their thresholds, the figures per route, the
rule that chooses a model's default answer route, and the grounding calibration.
"""

from __future__ import annotations

import importlib
import random
import statistics

# the score reads the grounding check's own word shares and cosines (private helpers) on purpose
grounding = importlib.import_module("engine.rag.grounding")

SEED = 36  # issue 36
ROUTES = ("extractive", "generative")


def sample(items: list, n: int, salt: str) -> list:
    """The first ``n`` of ``items`` shuffled with a fixed seed (kept in file order): position alone chooses."""
    order = random.Random(f"{SEED}:{salt}").sample(range(len(items)), len(items))
    return [items[i] for i in sorted(order[:n])]


def candidates(answer: str, sources, embedder) -> list[dict]:
    """Per answer sentence (as ``grounding.ground`` splits it): the (word share, cosine) of every cited source
    sentence that no number, negation or name disagreement voids, reduced to its Pareto front."""
    by_n = {s.n: s for s in sources}
    spans = [(n, sp) for n in by_n for sp in grounding.split_spans(by_n[n])]
    sents = [(a, b) for a, b in grounding.answer_sentences(answer) if grounding.strip_markers(answer[a:b])]
    claims = [grounding.strip_markers(answer[a:b]) for a, b in sents]
    cos = grounding._cosines(embedder, claims, [sp for _, sp in spans])
    out = []
    for i, ((a, b), claim) in enumerate(zip(sents, claims, strict=True)):
        cited = {n for n in grounding._cited(answer, a, b) if n in by_n} or set(by_n)
        pts = []
        for j, (n, sp) in enumerate(spans):
            if n not in cited:
                continue
            share, why = grounding.check_claim(claim, sp.text, by_n[n].text)
            if not why:
                pts.append((round(share, 4), round(float(cos[i, j]) if cos is not None else 0.0, 4)))
        front = [p for p in pts if not any(o[0] >= p[0] and o[1] >= p[1] and o != p for o in pts)]
        out.append({"text": claim, "front": sorted(set(front))})
    verdicts = grounding.ground(answer, sources, embedder)  # the pipeline's own verdicts, to check the front
    for s, v in zip(out, verdicts, strict=False):
        s["supported_now"] = v.supported
        s["reason"] = v.reason
    return out


def supported_at(front, word_share: float, cosine: float, share_with_cosine: float) -> bool:
    return any(s >= word_share or (c >= cosine and s >= share_with_cosine) for s, c in front)


def share(rows: list[dict], key) -> float | None:
    return round(sum(bool(key(r)) for r in rows) / len(rows), 3) if rows else None


def figures(recs: list[dict]) -> dict:
    ans = [r for r in recs if r["answerable"]]
    una = [r for r in recs if not r["answerable"]]
    gen = [r for r in recs if r["generated_tokens"]]
    out = {"answerable": len(ans), "unanswerable": len(una),
           "answer_correct": share(ans, lambda r: r["correct"]),
           "answer_correct_in_supported_sentences": share(ans, lambda r: r["correct_supported"]),
           "citation_on_labelled_passage": share(ans, lambda r: r["cites_label"]),
           # the model's own reply (before grounding): holds the fact; shown as the answer (a sentence supported)
           "model_reply_holds_fact": share(ans, lambda r: r.get("reply_holds_fact")),
           "model_reply_shown_as_the_answer": share(ans, lambda r: r["kind"] == "generative"),
           "labelled_passage_among_sources": share(ans, lambda r: r["label_in_sources"]),
           "unsupported_sentences_shown_unmarked": sum(r["unsupported_unmarked"] for r in recs),
           "looping_replies_shown": sum(r["looping_shown"] for r in recs),
           "replies_cut_by_loop_guard": sum(r["loop_stopped"] for r in recs),
           "answerable_declined": share(ans, lambda r: r["abstained"]),
           "answerable_hedged": share(ans, lambda r: r["hedged"]),
           "unanswerable_declined": share(una, lambda r: r["abstained"]),
           "unanswerable_declined_or_hedged": share(una, lambda r: r["abstained"] or r["hedged"]),
           "answer_kinds": {k: sum((r["kind"] or "abstained") == k for r in recs)
                            for k in sorted({r["kind"] or "abstained" for r in recs})},
           "whole_document_mode": sum(r.get("mode") == "whole-document" for r in recs),
           "timed_out": sum(bool(r.get("timed_out")) for r in recs),
           "median_seconds": statistics.median(r["seconds"] for r in recs) if recs else None}  # fmt: skip
    if gen:
        out["generation"] = {"replies": len(gen),
                             "median_prompt_tokens": statistics.median(r["prompt_tokens"] for r in gen),
                             "median_generated_tokens": statistics.median(r["generated_tokens"] for r in gen),
                             "median_ttft_s": statistics.median(r["ttft_s"] for r in gen),
                             "median_decode_tokens_per_s": statistics.median(r["decode_tokens_per_s"] for r in gen),
                             "replies_cut_at_max_tokens": sum(r["finish"] == "length" for r in gen)}  # fmt: skip
    return out


def choose_route(by_route: dict) -> tuple[str, str]:
    """The model writes by default only when that is better on the tuning part: its shown answers hold the fact
    more often than the extractive ones, cite the labelled passage as often (within one question in twenty), and
    show no unsupported sentence unmarked and no looping reply. A tie goes to the extractive answer: it costs no
    generation (minutes per question here) and shows only the documents' own sentences."""
    g, e = by_route["generative"], by_route["extractive"]
    ok = (g["answer_correct"] > e["answer_correct"]
          and g["citation_on_labelled_passage"] >= e["citation_on_labelled_passage"] - 0.05
          and g["unsupported_sentences_shown_unmarked"] == 0 and g["looping_replies_shown"] == 0)  # fmt: skip
    why = (f"tuning: correct {g['answer_correct']} vs {e['answer_correct']}, citation on label "
           f"{g['citation_on_labelled_passage']} vs {e['citation_on_labelled_passage']}, unmarked unsupported "
           f"{g['unsupported_sentences_shown_unmarked']}, looping {g['looping_replies_shown']}")  # fmt: skip
    return ("generative" if ok else "extractive"), why


GRID = [
    (w, c, w2)
    for w in (0.4, 0.45, 0.5, 0.55, 0.6)
    for c in (0.6, 0.65, 0.7, 0.75)
    for w2 in (0.2, 0.25, 0.34)
]
NOW = (grounding.MIN_WORD_SHARE, grounding.MIN_COSINE, grounding.MIN_WORD_SHARE_WITH_COSINE)


def calibrate_grounding(tuning_recs: list[dict], neg: list[dict]) -> dict:
    sents = [s for r in tuning_recs for s in r.get("grounding", [])]
    pos = [s for s in sents if s["holds_fact"]]
    agree = share(sents, lambda s: supported_at(s["front"], *NOW) == s["supported_now"])

    def kept(t):
        return share(pos, lambda s: supported_at(s["front"], *t))

    def accepted(t):  # a claim is accepted when every one of its sentences is supported
        return share(neg, lambda n: n["fronts"] and all(supported_at(f, *t) for f in n["fronts"]))

    grid = [{"min_word_share": t[0], "min_cosine": t[1], "min_word_share_with_cosine": t[2],
             "fact_sentences_kept": kept(t), "unsupported_claims_accepted": accepted(t)} for t in GRID]  # fmt: skip
    limit = accepted(NOW)
    fair = [g for g in grid if g["unsupported_claims_accepted"] is not None
            and g["unsupported_claims_accepted"] <= (limit or 0.0)]  # fmt: skip
    best = max(fair, key=lambda g: (g["fact_sentences_kept"] or 0, -abs(g["min_word_share"] - NOW[0])
                                    - abs(g["min_cosine"] - NOW[1]) - abs(g["min_word_share_with_cosine"] - NOW[2])),
               default=None)  # fmt: skip
    return {"generated_sentences": len(sents), "sentences_holding_the_fact": len(pos),
            "fact_sentences_marked_unsupported_now": share(pos, lambda s: not s["supported_now"]),
            "why_marked": {k: sum(not s["supported_now"] and s["reason"] == k for s in pos)
                           for k in sorted({s["reason"] for s in pos if not s["supported_now"]})},
            "front_agrees_with_pipeline": agree, "now": dict(zip(("min_word_share", "min_cosine",
                                                                  "min_word_share_with_cosine"), NOW, strict=True)),
            "now_fact_sentences_kept": kept(NOW), "now_unsupported_claims_accepted": limit,
            "negative_claims": len(neg), "proposed": best,
            "word_share_sweep": [g for g in grid if (g["min_cosine"], g["min_word_share_with_cosine"]) == NOW[1:]],
            "rule": "most fact-holding sentences kept without accepting more constructed unsupported claims"}  # fmt: skip
