"""Document Q&A on the real-document sets of issue 37 (eval/realdocs/): PDF manuals, an HTML book, notes, and in the
held-out part mail, office files and an EPUB. Each part is copied into its own folder, indexed with the built-in
embedder, and every question asked as ``alcove ask --answer extractive`` answers it (the built-in chat model fails
the capability check, so this is the answer a user gets by default), under the product's own abstention policy.

Figures per part (and per document kind): the answer holds the fact (``realdocs.answer_found`` on the shown answer),
a citation on the labelled page/lines, the labelled passage among the sources, answerable questions hedged or
declined, unanswerable ones declined or hedged (near-topic and missing-term apart), numbering gaps
(engine.rag.numbering.numbering_gaps), and quoted sentences that start with page furniture (a page number, a
running header: "Chapter 7: ...", "7.4 ..." before the sentence).

    .venv/bin/python bench/rag_realdocs.py --part tuning [--out records.jsonl] [--reindex] [--only rt01,ut03]
    .venv/bin/python bench/rag_realdocs.py --part heldout15 --check-model qwen2.5-coder-1.5b-instruct   # the
        # chat model checks each answer (AskRequest.check "model", engine.rag.answer_check); needs the model's
        # chunk packages (requirements-models-qwen.txt)

Tune on ``--part tuning`` only. ``--part heldout`` and ``--part heldout2`` are each run once, at the end
(eval/realdocs/README.md).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from _common import ROOT, emit, load_chat_model

from engine.core import AskRequest
from engine.encoders import default_embedder_path, load_embedder
from engine.generation import PromptCacheStore
from engine.index import IndexStore, IndexSummary, index_paths
from engine.rag import AskResult, RagModels, ask, numbering_gaps

sys.path.insert(0, str(ROOT / "eval" / "realdocs"))
import realdocs  # noqa: E402

# a quoted sentence that opens with what a page prints around its text: a page number, a running header or a
# section number glued before the sentence ("29 7.4 Connections", "Chapter 7: Connections 29 ...")
# a running header or footer at a quote's start: "29 7.4 Connections", "Chapter 7: ...", "12 Writing R Extensions 13";
# not a date ("28 Dec 2026 | Oxalic acid trickle | ...", a table row of a note)
FURNITURE = re.compile(
    r"^(?:\d{1,4}\s+\d+(?:\.\d+)+\s|Chapter \d+:|"
    r"\d{1,4}\s+(?!(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d)[A-Z][\w ]{2,40}\s+\d{1,4}\s)"
)


def build(part: str, folder: Path, db: Path, embedder, reindex: bool) -> None:
    """The part's index in ``db``: built, or an index built before brought up to date as the app does it (unchanged
    files are passed over; a file whose reader's version changed since is read again)."""
    if reindex and db.exists():
        db.unlink()
    realdocs.materialise(folder, part)
    for item in index_paths([folder], db, embedder):
        if isinstance(item, IndexSummary) and item.error:
            raise SystemExit(item.error)


def answer(models: RagModels, store: IndexStore, question: str, k: int = 5, check: str = "auto") -> AskResult:
    req = AskRequest(question, db=str(store.path), k=k, retrieve_k=50, rewrite=False, answer="extractive",
                     check=check)  # fmt: skip
    out = None
    for ev in ask(models, req, threading.Event(), store=store):
        if isinstance(ev, AskResult):
            out = ev
    assert out is not None
    return out


def record(q: dict, res: AskResult) -> dict:
    rec = {"id": q["id"], "query": q["query"], "answerable": "answer" in q, "kind": q.get("kind"),
           "tags": q.get("tags", []), "abstained": res.abstained, "hedged": res.hedged, "answer": res.answer,
           "coverage": res.stats.coverage, "evidence": res.stats.evidence, "missing": list(res.stats.missing_terms),
           "absent": list(res.stats.absent_terms), "below_line": res.stats.below_line,
           "best_sentence": res.stats.best_sentence_cosine, "model_check": res.stats.model_check,
           "gaps": list(numbering_gaps(res)),
           "furniture": sum(bool(FURNITURE.match(s.text)) for s in res.sentences),
           "citations": [(Path(c.path).name, c.page, c.line_start, c.line_end) for c in res.citations],
           "seconds": round(res.stats.total_s, 2)}  # fmt: skip
    if rec["answerable"]:
        rec["label"] = (q["path"], q.get("page"), q.get("line_start"), q.get("line_end"), q["answer"])
        rec["correct"] = not res.abstained and realdocs.answer_found(q, res.answer)
        rec["cites_label"] = any(realdocs.relevant(q, c.path, c.page, c.line_start, c.line_end)
                                 for c in res.citations)  # fmt: skip
        rec["label_in_sources"] = any(realdocs.relevant(q, p.path, p.page, p.line_start, p.line_end)
                                      for p in res.closest)  # fmt: skip
    return rec


def figures(recs: list[dict]) -> dict:
    ans = [r for r in recs if r["answerable"]]
    una = [r for r in recs if not r["answerable"]]

    def share(rows, key) -> float | None:
        return round(sum(bool(key(r)) for r in rows) / len(rows), 3) if rows else None

    out = {"answerable": len(ans), "unanswerable": len(una),
           "answer_holds_the_fact": share(ans, lambda r: r["correct"]),
           "citation_on_label": share(ans, lambda r: r["cites_label"]),
           "citation_on_label_when_label_among_sources": share([r for r in ans if r["label_in_sources"]],
                                                               lambda r: r["cites_label"]),
           "label_among_sources": share(ans, lambda r: r["label_in_sources"]),
           "answerable_declined": share(ans, lambda r: r["abstained"]),
           "answerable_hedged": share(ans, lambda r: r["hedged"]),
           "unanswerable_declined_or_hedged": share(una, lambda r: r["abstained"] or r["hedged"]),
           "unanswerable_declined": share(una, lambda r: r["abstained"]),
           "numbering_gaps": sum(bool(r["gaps"]) for r in recs),
           "quoted_sentences_starting_with_furniture": sum(r["furniture"] for r in recs),
           "median_seconds": statistics.median(r["seconds"] for r in recs) if recs else None}  # fmt: skip
    for kind in sorted({r["kind"] for r in una}):
        out[f"unanswerable_{kind}_declined_or_hedged"] = share(
            [r for r in una if r["kind"] == kind], lambda r: r["abstained"] or r["hedged"]
        )
    out["by_document_kind"] = {
        kind: {
            "n": len(rows),
            "fact": share(rows, lambda r: r["correct"]),
            "citation": share(rows, lambda r: r["cites_label"]),
        }  # fmt: skip
        for kind in sorted({r["kind"] for r in ans})
        for rows in [[r for r in ans if r["kind"] == kind]]
    }
    return out


def check_model(name: str | None):
    """The chat model that checks the answers (None: none, the words decide)."""
    return load_chat_model(name) if name else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=realdocs.PARTS, default="tuning")
    ap.add_argument("--work", default=str(Path(tempfile.gettempdir()) / "alcove-realdocs"))
    ap.add_argument("--reindex", action="store_true", help="index the part again (after a reader changed)")
    ap.add_argument("--only", default="", help="comma-separated question ids")
    ap.add_argument(
        "--k", type=int, default=5, help="passages given to the answer (the product's default: 5)"
    )
    ap.add_argument("--out", default=None, help="also write the per-question records here (JSON lines)")
    ap.add_argument("--check-model", default=None,
                    help="a chat model (a chunked model's name or a model spec) that checks each answer")  # fmt: skip
    args = ap.parse_args()
    work = Path(args.work)
    folder, db = work / args.part, work / f"{args.part}.sqlite3"
    embedder = load_embedder(default_embedder_path())
    build(args.part, folder, db, embedder, args.reindex)
    answerable, unanswerable = realdocs.load(args.part, folder)
    only = {x for x in args.only.split(",") if x}
    qs = [q for q in answerable + unanswerable if not only or q["id"] in only]
    store = IndexStore(db, read_only=True)
    models = RagModels(check_model(args.check_model), embedder, None, PromptCacheStore(1 << 20))
    check = "model" if args.check_model else "auto"
    recs = []
    for q in qs:
        recs.append(record(q, answer(models, store, q["query"], args.k, check)))
        r = recs[-1]
        mark = (
            ""
            if not r["answerable"]
            else (" fact" if r["correct"] else " NO-FACT") + (" cite" if r["cites_label"] else " NO-CITE")
        )
        print(f"{q['id']} abstained={r['abstained']} hedged={r['hedged']}{mark}", file=sys.stderr, flush=True)
    store.close()
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in recs))
    emit({"part": args.part, "documents": len(realdocs.documents(args.part)), "figures": figures(recs)})


if __name__ == "__main__":
    main()
