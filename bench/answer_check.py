"""The chat model's check of an answer (engine.rag.answer_check), measured on answers already given: does its verdict
tell the answered answerable questions (the answer holds the fact) from the answered near-topic unanswerable ones?

Input: per-question records of bench/rag_realdocs.py (``--out``), one file per part. A seeded sample, chosen by
position only (a shuffle of each kind with a fixed seed, the first N of each: answerable questions whose answer held
the fact, and near-topic unanswerable questions that were answered, hedged or not), is checked with the product's
own ``model_check`` over the product's own ``checked_text`` of the shown answer.

    nice .venv/bin/python bench/answer_check.py run --model qwen2.5-coder-1.5b-instruct --n 60 \\
        --out /tmp/check.jsonl RECORDS.jsonl ...
    .venv/bin/python bench/answer_check.py summarize /tmp/check.jsonl

``summarize``: the AUC of the verdict between the two kinds, and per line the share of answerable questions hedged
against the share of near-topic ones caught (hedged), beside the words' rule on the same questions.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from _common import emit, load_chat_model

SEED = 52


def sample(files: list[str], n: int) -> list[dict]:
    rows = []
    for f in files:
        part = Path(f).stem
        rows += [
            dict(json.loads(line), part=part) for line in Path(f).read_text().splitlines() if line.strip()
        ]
    rows = [r for r in rows if not r["abstained"]]
    ans = [r for r in rows if r["answerable"] and r.get("correct")]
    near = [r for r in rows if not r["answerable"] and r["kind"] == "near-topic"]
    rnd = random.Random(SEED)
    rnd.shuffle(ans)
    rnd.shuffle(near)
    return [r for pair in zip(ans[:n], near[:n], strict=False) for r in pair]


def run(args) -> None:
    from engine.rag import checked_text, model_check

    lm = load_chat_model(args.model)
    done = set()
    out = Path(args.out)
    if out.exists():  # resumable: questions already checked are kept
        done = {json.loads(line)["id"] for line in out.read_text().splitlines() if line.strip()}
    with out.open("a") as log:
        for r in sample(args.records, args.n):
            if r["id"] in done:
                continue
            t = time.perf_counter()
            verdict = model_check(lm, r["query"], checked_text(r["answer"]))
            rec = {"id": r["id"], "part": r["part"], "answerable": r["answerable"], "hedged": r["hedged"],
                   "model": lm.info.name, "verdict": verdict, "seconds": round(time.perf_counter() - t, 2)}  # fmt: skip
            log.write(json.dumps(rec) + "\n")
            log.flush()
            print(rec, file=sys.stderr, flush=True)


def auc(pos: list[float], neg: list[float]) -> float | None:
    if not pos or not neg:
        return None
    wins = sum((p > q) + 0.5 * (p == q) for p in pos for q in neg)
    return round(wins / len(pos) / len(neg), 3)


def summarize(args) -> None:
    rows = [json.loads(line) for f in args.files for line in Path(f).read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r["verdict"] is not None]
    ans = [r for r in rows if r["answerable"]]
    near = [r for r in rows if not r["answerable"]]
    lines = {}
    for line in sorted({round(r["verdict"], 1) for r in rows}):
        lines[f"{line:.1f}"] = {
            "answerable_hedged": round(sum(r["verdict"] < line for r in ans) / len(ans), 3),
            "near_topic_hedged": round(sum(r["verdict"] < line for r in near) / len(near), 3),
        }
    emit({"answerable": len(ans), "near_topic": len(near),
          "auc": auc([r["verdict"] for r in ans], [r["verdict"] for r in near]),
          "words_rule": {"answerable_hedged": round(sum(r["hedged"] for r in ans) / len(ans), 3),
                         "near_topic_hedged": round(sum(r["hedged"] for r in near) / len(near), 3)},
          "median_seconds": sorted(r["seconds"] for r in rows)[len(rows) // 2], "lines": lines})  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--model", required=True, help="a chunked model's name or a model spec")
    r.add_argument("--n", type=int, default=60, help="questions of each kind")
    r.add_argument("--out", required=True)
    r.add_argument("records", nargs="+", help="bench/rag_realdocs.py --out files")
    s = sub.add_parser("summarize")
    s.add_argument("files", nargs="+")
    args = ap.parse_args()
    run(args) if args.cmd == "run" else summarize(args)


if __name__ == "__main__":
    main()
