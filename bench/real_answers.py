"""Answers a real model writes (issue 36, item 4): the real Qwen2.5-Coder 0.5B and 1.5B as chat models, the
generative route side by side with the extractive one on the same questions, with the product's own defaults
(calibrated abstention, no reranking, the capability check's verdict recorded, offline grounding).

Questions: fixed seeded samples, chosen by position only (``sample``: a shuffle of each file's lines with a fixed
seed, the first N of that order), so a smaller N is a subset of a larger one and nothing about the answers chose
them. Sets per part:

- tuning: eval/qa_tuning.jsonl + eval/unanswerable.jsonl (eval corpus); eval/realdocs tuning part
  (qa_tuning.jsonl + unanswerable_tuning.jsonl: R FAQ PDF, Handbook HTML, notes);
- heldout: eval/qa_holdout7.jsonl + eval/unanswerable_holdout7.jsonl; eval/realdocs held-out part.

Per route: answer holds the labelled fact (realdocs: ``realdocs.answer_found``), a citation on the labelled
passage, unsupported sentences shown without the mark (bench/rag_eval.py's ``shown_unsupported_unmarked``),
looping replies shown (``looping_shown``), abstention; for the generative route also the grounding check's verdict
on each written sentence, with every candidate (word share, cosine) kept so ``--summarize`` can calibrate the
thresholds on the tuning part (fact-holding sentences kept supported vs constructed unsupported claims accepted).

    nice .venv/bin/python bench/real_answers.py run --model qwen2.5-coder-0.5b-instruct --part tuning \\
        --n 5 --n-unans 2 --out /tmp/h5/q05-tuning.jsonl
    .venv/bin/python bench/real_answers.py summarize /tmp/h5/*.jsonl --neg-queries 66 > bench/results/real_answers.json

The sizes and the commands of the committed figures: docs/EVALUATION.md, "Answers a real model writes".
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
import threading
import time
from dataclasses import replace as dc_replace
from pathlib import Path

from _common import ROOT, blas, emit
from rag_eval import _flat, grounding_pairs, looping_shown, shown_unsupported_unmarked
from real_answers_score import (
    ROUTES,
    SEED,
    calibrate_grounding,
    candidates,
    choose_route,
    figures,
    sample,
)
from retrieval_eval import load_queries
from retrieval_eval import relevant as eval_relevant

from engine.core import AskRequest
from engine.encoders import default_embedder_path, load_embedder
from engine.generation import PromptCacheStore
from engine.index import IndexStore, IndexSummary, index_paths
from engine.models import load_lm, resolve_model
from engine.rag import AskResult, RagModels, answers_judge_for, ask, check_capability

# the bench wraps the ask's answer check to record each verdict: it reaches into the module on purpose
qa_module = importlib.import_module("engine.rag.qa")
sys.path.insert(0, str(ROOT / "eval" / "realdocs"))
import realdocs  # noqa: E402

EVAL = ROOT / "eval"
PARTS = {
    "tuning": {"eval": ("qa_tuning.jsonl", "unanswerable.jsonl"), "realdocs": "tuning"},
    "heldout": {"eval": ("qa_holdout7.jsonl", "unanswerable_holdout7.jsonl"), "realdocs": "heldout"},
    # realdocs parts alone (the answerability judge: --routes none --judge): heldout2 and heldout3 are tuning
    # parts since their one report each (docs/EVALUATION.md)
    "realdocs-heldout2": {"eval": None, "realdocs": "heldout2"},
    "realdocs-heldout3": {"eval": None, "realdocs": "heldout3"},
}


def questions(part: str, n: int, n_unans: int, corpus: Path, realdocs_root: Path) -> list[dict]:
    out = []
    if PARTS[part]["eval"] is not None:
        qa_name, un_name = PARTS[part]["eval"]
        out += [{**q, "set": "eval"} for q in sample(load_queries(EVAL / qa_name, corpus), n, qa_name)]
        un = [json.loads(x) for x in (EVAL / un_name).read_text().splitlines() if x.strip()]
        out += [{**q, "set": "eval"} for q in sample(un, n_unans, un_name)]
    rd_part = PARTS[part]["realdocs"]
    answerable, unanswerable = realdocs.load(rd_part, realdocs_root)
    out += [{**q, "set": "realdocs"} for q in sample(answerable, n, f"realdocs-{rd_part}-qa")]
    out += [{**q, "set": "realdocs"} for q in sample(unanswerable, n_unans, f"realdocs-{rd_part}-un")]
    return out


def holds_fact(q: dict, text: str) -> bool:
    if q["set"] == "realdocs":
        return realdocs.answer_found(q, text)
    return _flat(q["answer"]) in _flat(text)


def on_label(q: dict, path: str, page, line_start, line_end) -> bool:
    if q["set"] == "realdocs":
        return realdocs.relevant(q, path, page, line_start, line_end)
    return line_start is not None and eval_relevant(path, line_start, line_end, q)


class GroundingTap:
    """Keeps what the pipeline's grounding stage was given (the answer and its sources), calling it through
    unchanged, so the candidates behind each verdict can be measured again at other thresholds."""

    def __init__(self) -> None:
        self.last = None
        self._inner = qa_module.check_answer
        qa_module.check_answer = self

    def __call__(self, answer, sources, models, mode, cancel):
        self.last = (answer, tuple(sources))
        return self._inner(answer, sources, models, mode, cancel)


def ask_once(models, store, q: dict, route: str, max_tokens: int, limit_s: float) -> AskResult:
    """One ask as `alcove ask --answer ROUTE` runs it, cancelled after ``limit_s`` (a result "cancelled")."""
    req = AskRequest(q["query"], db=str(store.path), k=5, retrieve_k=50, rewrite=False, answer=route,
                     max_tokens=max_tokens)  # fmt: skip
    cancel = threading.Event()
    timer = threading.Timer(limit_s, cancel.set)
    timer.start()
    out = None
    try:
        for ev in ask(models, req, cancel, store=store):
            if isinstance(ev, AskResult):
                out = ev
    finally:
        timer.cancel()
    assert out is not None
    return out


def record(q: dict, route: str, res: AskResult) -> dict:
    answerable = "answer" in q
    rec = {"id": q["id"], "set": q["set"], "route": route, "answerable": answerable,
           "abstained": res.abstained, "hedged": res.hedged, "kind": res.answer_kind, "answer": res.answer,
           "generated": res.generated, "finish": res.finish_reason, "loop_stopped": res.stats.loop_stopped,
           "looping_shown": looping_shown(res.answer), "sentences": len(res.sentences),
           "supported": sum(s.supported for s in res.sentences),
           "unsupported_unmarked": shown_unsupported_unmarked(res), "seconds": round(res.stats.total_s, 2),
           "prompt_tokens": res.stats.prompt_tokens, "cached_tokens": res.stats.cached_tokens,
           "generated_tokens": res.stats.generated_tokens, "ttft_s": round(res.stats.ttft_s, 3),
           "mode": res.stats.mode, "timed_out": res.finish_reason == "cancelled",
           "decode_tokens_per_s": round(res.stats.decode_tokens_per_s, 3)}  # fmt: skip
    if answerable:
        rec["correct"] = not res.abstained and holds_fact(q, res.answer)
        rec["correct_supported"] = any(s.supported and holds_fact(q, s.text) for s in res.sentences)
        rec["cites_label"] = any(on_label(q, c.path, c.page, c.line_start, c.line_end) for c in res.citations)
        rec["label_in_sources"] = any(
            on_label(q, p.path, p.page, p.line_start, p.line_end) for p in res.closest
        )
    return rec


def open_realdocs(part: str, work: Path, embedder) -> tuple[Path, IndexStore]:
    folder, db = work / part, work / f"{part}.sqlite3"
    if not db.exists():
        realdocs.materialise(folder, part)
        for item in index_paths([folder], db, embedder):
            if isinstance(item, IndexSummary) and item.error:
                raise SystemExit(item.error)
    return folder, IndexStore(db, read_only=True)


def run(args) -> None:
    embedder = load_embedder(default_embedder_path())
    rd_root, rd_store = open_realdocs(PARTS[args.part]["realdocs"], Path(args.realdocs_work), embedder)
    if not Path(args.eval_db).exists():
        for item in index_paths([Path(args.corpus)], args.eval_db, embedder):
            if isinstance(item, IndexSummary) and item.error:
                raise SystemExit(item.error)
    stores = {"eval": IndexStore(args.eval_db, read_only=True), "realdocs": rd_store}
    qs = questions(args.part, args.n, args.n_unans, Path(args.corpus), rd_root)
    if args.model in ("qwen2.5-coder-0.5b-instruct", "qwen2.5-coder-1.5b-instruct"):
        from engine.models import import_chunked

        t = time.perf_counter()
        folder = import_chunked(args.model)
        import_s = time.perf_counter() - t
    else:
        folder, import_s = resolve_model(args.model), 0.0
    t = time.perf_counter()
    lm = load_lm(resolve_model(str(folder)))
    load_s = time.perf_counter() - t
    models = RagModels(lm, embedder, None, PromptCacheStore(1 << 30))
    t = time.perf_counter()
    cap = check_capability(lm, models.prompt_cache, embedder)
    head = {"header": True, "model": lm.info.name, "dtype": lm.info.dtype, "part": args.part, "n": args.n,
            "n_unans": args.n_unans, "max_tokens": args.max_tokens, "blas": blas(), "import_s": round(import_s, 1),
            "load_s": round(load_s, 1), "ids": [q["id"] for q in qs],
            "capability": {"capable": cap.capable, "passed": cap.passed, "probes": cap.probes,
                           "answers": list(cap.answers), "seconds": round(time.perf_counter() - t, 1)}}  # fmt: skip
    tap = GroundingTap()
    with open(args.out, "w") as log:
        log.write(json.dumps(head) + "\n")
        log.flush()
        for q in qs:
            if args.judge:  # does the model judge that the shown passages answer? p(yes) per passage, top 3
                t = time.perf_counter()
                res = ask_once(models, stores[q["set"]], q, "extractive", args.max_tokens, args.limit_s)
                got = answers_judge_for(lm).score(q["query"], [p.text for p in res.closest[:3]])
                log.write(json.dumps({"judge": True, "id": q["id"], "set": q["set"], "answerable": "answer" in q,
                                      "abstained": res.abstained, "hedged": res.hedged,
                                      "p_yes": [round(x, 4) for x in got.sigmoid],
                                      "on_label": ["answer" in q and on_label(q, p.path, p.page, p.line_start,
                                                                             p.line_end) for p in res.closest[:3]],
                                      "seconds": round(time.perf_counter() - t, 2)}) + "\n")  # fmt: skip
                log.flush()
            for route in ROUTES if args.routes == "both" else ():
                tap.last = None
                res = ask_once(models, stores[q["set"]], q, route, args.max_tokens, args.limit_s)
                rec = record(q, route, res)
                if route == "generative" and tap.last is not None:
                    sents = candidates(*tap.last, embedder)
                    for s in sents:
                        s["holds_fact"] = rec["answerable"] and holds_fact(q, s["text"])
                    rec["grounding"] = sents
                log.write(json.dumps(rec) + "\n")
                log.flush()
                mark = (
                    "" if not rec["answerable"] else f" correct={rec['correct']} cites={rec['cites_label']}"
                )
                print(f"{q['id']} {route} {rec['kind'] or 'abstained'} {rec['seconds']}s{mark}", file=sys.stderr,
                      flush=True)  # fmt: skip
    for s in stores.values():
        s.close()


def negatives(args, embedder) -> list[dict]:
    """Claims known unsupported, built from the tuning set (bench/rag_eval.py's grounding_pairs on the first
    ``--neg-queries`` of eval/queries.jsonl): a labelled sentence negated, or checked against another passage."""
    store = IndexStore(args.eval_db, read_only=True)
    qs = load_queries(EVAL / "queries.jsonl", Path(args.corpus))[: args.neg_queries]
    rows = []
    for claim, source, truth, kind in grounding_pairs(store, embedder, qs):
        if not truth:
            sents = candidates(f"{claim} [1]", (dc_replace(source, n=1),), embedder)
            rows.append({"kind": kind, "fronts": [s["front"] for s in sents]})
    store.close()
    return rows


JUDGE_TUNING = ("tuning", "realdocs-heldout2")  # the parts that choose the judge's line


def judge_figures(judged: list[dict], threshold: float | None) -> dict:
    """The model's answerability judgement (the best p(yes) over the top 3 passages) on the questions the extractive
    route answered: answerable ones it would keep and unanswerable ones it would decline or hedge, at ``threshold``
    (None: the tuning part, where the threshold of the best balanced accuracy is chosen, ties to the lower one)."""
    rows = [(max(r["p_yes"], default=0.0), r["answerable"]) for r in judged if not r["abstained"]]
    pos = [p for p, a in rows if a]
    neg = [p for p, a in rows if not a]

    def at(t: float) -> dict:
        kept = sum(p >= t for p in pos) / max(1, len(pos))
        caught = sum(p < t for p in neg) / max(1, len(neg))
        return {"threshold": t, "answerable_kept": round(kept, 3), "unanswerable_caught": round(caught, 3),
                "balanced_accuracy": round((kept + caught) / 2, 3)}  # fmt: skip

    chosen = threshold
    if chosen is None:
        grid = sorted({round(p, 4) for p, _ in rows} | {0.0})
        chosen = max(grid, key=lambda t: (at(t)["balanced_accuracy"], -t)) if rows else 0.5
    return {**at(chosen), "answered_answerable": len(pos), "answered_unanswerable": len(neg),
            "p_yes_answerable": sorted(round(p, 3) for p in pos),
            "p_yes_unanswerable": sorted(round(p, 3) for p in neg),
            "seconds_median": sorted(r["seconds"] for r in judged)[len(judged) // 2] if judged else None}  # fmt: skip


def summarize(args) -> None:
    groups: dict[tuple, dict] = {}
    for file in args.files:
        lines = [json.loads(x) for x in Path(file).read_text().splitlines() if x.strip()]
        head, recs = lines[0], lines[1:]
        g = groups.setdefault((head["model"], head["part"]), {"head": head, "recs": [], "judged": []})
        g["recs"] += [r for r in recs if not r.get("judge")]
        g["judged"] += [r for r in recs if r.get("judge")]
    labels = {}  # every answerable question by id, to judge the model's own reply (``generated``)
    for v in PARTS.values():
        if v["eval"] is not None:
            labels.update({q["id"]: {**q, "set": "eval"} for q in realdocs.read_jsonl(EVAL / v["eval"][0])})
        labels.update({q["id"]: {**q, "set": "realdocs"} for q in realdocs.load(v["realdocs"])[0]})
    for g in groups.values():
        for r in g["recs"]:
            if r["answerable"]:
                r["reply_holds_fact"] = bool(r["generated"]) and holds_fact(labels[r["id"]], r["generated"])
    for g in groups.values():  # side by side: only questions asked both ways (a killed run leaves one route)
        both = {r["id"] for r in g["recs"] if r["route"] == ROUTES[0]} & {
            r["id"] for r in g["recs"] if r["route"] == ROUTES[1]
        }
        g["incomplete"] = sorted({r["id"] for r in g["recs"]} - both)
        g["recs"] = [r for r in g["recs"] if r["id"] in both]
    report: dict = {"sets": {p: {"eval": v["eval"], "realdocs": v["realdocs"]} for p, v in PARTS.items()},
                    "seed": SEED, "models": {}}  # fmt: skip
    embedder = load_embedder(default_embedder_path()) if not args.no_calibration else None
    neg = negatives(args, embedder) if embedder is not None else []
    thresholds = {  # the judge's line per model: chosen on the tuning parts pooled, applied to every part
        model: judge_figures([r for (mm, part), g in groups.items() if mm == model and part in JUDGE_TUNING
                              for r in g["judged"]], None)["threshold"]
        for model in {mm for mm, _ in groups}
    }  # fmt: skip
    for (model, part), g in sorted(groups.items()):
        m = report["models"].setdefault(model, {"capability": g["head"]["capability"], "parts": {}})
        m["judge_threshold"] = thresholds[model]
        m["judge_chosen_on"] = list(JUDGE_TUNING)
        recs = g["recs"]
        if not recs:  # a judge-only run (--routes none)
            m["parts"][part] = {"answers_judge": judge_figures(g["judged"], thresholds[model])}
            continue
        p = m["parts"][part] = {"questions": [r["id"] for r in recs if r["route"] == ROUTES[0]],
                                "asked_one_way_only": g["incomplete"], "max_tokens": g["head"]["max_tokens"],
                                "dtype": g["head"]["dtype"], "blas": g["head"]["blas"]}  # fmt: skip
        for route in ROUTES:
            mine = [r for r in recs if r["route"] == route]
            p[route] = {"all": figures(mine),
                        **{s: figures([r for r in mine if r["set"] == s]) for s in ("eval", "realdocs")}}  # fmt: skip
        if g["judged"]:
            p["answers_judge"] = judge_figures(g["judged"], thresholds[model])
        if part == "tuning":
            m["default_route"], m["route_reason"] = choose_route({r: p[r]["all"] for r in ROUTES})
            if embedder is not None:
                m["grounding_calibration"] = calibrate_grounding(
                    [r for r in recs if r["route"] == "generative"], neg
                )
    emit(report)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="ask one part's sample with one model, both routes (JSON lines)")
    r.add_argument(
        "--model", required=True, help="a chunked model name (engine.models.chunked) or a model path"
    )
    r.add_argument("--part", choices=tuple(PARTS), required=True)
    r.add_argument("--n", type=int, default=5, help="answerable questions per set (eval corpus, realdocs)")
    r.add_argument("--n-unans", type=int, default=2, help="unanswerable questions per set")
    r.add_argument("--max-tokens", type=int, default=96)
    r.add_argument("--limit-s", type=float, default=480.0,
                   help="cancel one ask after this long (recorded as timed out): whole-document mode reads every "
                        "chunk of up to 3 documents with the chat model, hours on this machine")  # fmt: skip
    r.add_argument("--out", required=True)
    r.add_argument("--routes", choices=("both", "none"), default="both",
                   help="none: ask nothing with the model (with --judge: the judgement alone)")  # fmt: skip
    r.add_argument(
        "--judge",
        action="store_true",
        help="also record the model's p(yes) that each of the top 3 passages answers the question",
    )
    s = sub.add_parser("summarize", help="figures, route choice and grounding calibration from run outputs")
    s.add_argument("files", nargs="+")
    s.add_argument("--neg-queries", type=int, default=30)
    s.add_argument("--no-calibration", action="store_true")
    for p in (r, s):
        p.add_argument("--eval-db", default=str(Path(tempfile.gettempdir()) / "rag-eval-index.sqlite3"),
                       help="an index of eval/corpus (made when missing)")  # fmt: skip
        p.add_argument("--corpus", default=str(EVAL / "corpus"), help="eval/corpus as the index names it")
        p.add_argument("--realdocs-work", default=str(Path(tempfile.gettempdir()) / "alcove-real-answers"))
    args = ap.parse_args()
    run(args) if args.cmd == "run" else summarize(args)


if __name__ == "__main__":
    main()
