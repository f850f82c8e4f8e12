"""Which questions the follow-up rewriter treats as depending on the conversation, measured on eval/followups.jsonl
(labelled before tuning; run from the repository root: python -m bench.followup_eval). The "tune" split chose the rules in engine.rag.followup; the "report" split chose nothing.
Prints JSON: for each split, accuracy on follow-ups (rewritten) and on standalone questions (left as asked)."""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path

from engine.rag import leans_on_context

log = logging.getLogger(__name__)
DATA = Path(__file__).resolve().parent.parent / "eval" / "followups.jsonl"


def load(path: Path = DATA) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def accuracies(rows: list[dict], classify=leans_on_context) -> dict:
    out: dict = {}
    for split in sorted({r["split"] for r in rows}):
        part = [r for r in rows if r["split"] == split]
        dep = [r for r in part if r["depends"]]
        alone = [r for r in part if not r["depends"]]
        wrong = [r["question"] for r in part if classify(r["question"]) != r["depends"]]
        out[split] = {
            "followups": len(dep),
            "followups_rewritten": sum(classify(r["question"]) for r in dep) / max(1, len(dep)),
            "standalone": len(alone),
            "standalone_left_as_asked": sum(not classify(r["question"]) for r in alone) / max(1, len(alone)),
            "wrong": wrong,
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args()
    json.dump(accuracies(load(args.data)), __import__("sys").stdout, indent=2)


if __name__ == "__main__":
    main()
