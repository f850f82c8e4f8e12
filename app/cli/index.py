"""``alcove index PATH...`` and ``alcove search QUERY``: the private document index from the command line."""

from __future__ import annotations

import sys

from app.cli.main import emit_json, say


def register(sub) -> None:
    p = sub.add_parser("index", help="index files and folders for search (incremental, resumable)")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to index")
    p.add_argument("--db", help="index database (default: the app's index)")
    p.add_argument("--embedder", default="default", help="embedding model folder (default: all-MiniLM-L6-v2)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(handler=run_index)

    s = sub.add_parser("search", help="search the index")
    s.add_argument("query")
    s.add_argument("--db", help="index database (default: the app's index)")
    s.add_argument("--k", type=int, default=10, help="number of results (default 10)")
    s.add_argument("--mode", choices=["hybrid", "vector", "keyword"], default="hybrid")
    s.add_argument(
        "--fusion",
        choices=["score", "rrf"],
        default="score",
        help="hybrid: fuse normalised scores (default) or reciprocal ranks (RRF, k=60)",
    )
    s.add_argument(
        "--folder", action="append", dest="folders", help="only results under this folder (repeatable)"
    )
    s.add_argument(
        "--type", action="append", dest="file_types", help="only this file type, e.g. pdf (repeatable)"
    )
    s.add_argument(
        "--embedder", default=None, help="embedding model (default: the one the index was built with)"
    )
    s.add_argument("--json", action="store_true", help="print results as JSON")
    s.set_defaults(handler=run_search)


def _db(args) -> str:
    from engine.core import default_index_db

    return str(args.db or default_index_db())


def _embedder_spec(args, db: str) -> str:
    if args.embedder:
        return args.embedder
    from engine.index import IndexStore

    with IndexStore(db, read_only=True) as store:
        name = store.embedder_name()
    return "default" if name in (None, "all-MiniLM-L6-v2") else name


def run_index(args) -> int:
    from engine.index import IndexSummary, index_paths
    from engine.runtime import Engine

    db = _db(args)
    engine = Engine()
    summary = None
    try:
        engine.load_model(args.embedder, role="embedder")

        def job():
            yield from index_paths(args.paths, db, engine.model("embedder"))

        last_line = 0.0
        for item in engine.stream(job):
            if isinstance(item, IndexSummary):
                summary = item
            elif not args.json and sys.stderr.isatty() and item.total:
                import time

                if time.monotonic() - last_line > 0.2:
                    last_line = time.monotonic()
                    eta = f", about {item.eta_s:.0f}s left" if item.eta_s else ""
                    sys.stderr.write(
                        f"\r{item.done}/{item.total} files, {item.extra.get('chunks', 0)} chunks{eta}\x1b[K"
                    )
                    sys.stderr.flush()
    finally:
        engine.shutdown()
    if not args.json and sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
    assert summary is not None
    if args.json:
        emit_json(summary.to_json())
    else:
        say(
            f"Indexed {summary.files_indexed} files ({summary.chunks} chunks), {summary.files_unchanged} unchanged, "
            f"{summary.files_removed} removed, {len(summary.files_skipped)} skipped in {summary.seconds:.1f}s."
        )
        for s in summary.files_skipped:
            say(f"  skipped {s.path}: {s.reason}")
        for n in summary.notes:
            say(f"  note {n.path}: {n.reason}")
        if summary.cancelled:
            say("The run was cancelled; run the same command again to continue.")
        say(f"The index now holds {summary.documents_total} documents, {summary.chunks_total} chunks: {db}")
    if summary.error:
        say(f"alcove: {summary.error}", err=True)
        return 2
    return 0


def run_search(args) -> int:
    from engine.index import search
    from engine.runtime import Engine

    db = _db(args)
    engine = Engine()
    try:
        if args.mode == "keyword":
            hits = engine.run(search, db, None, args.query, k=args.k, mode="keyword", folders=args.folders,
                              file_types=args.file_types)  # fmt: skip
        else:
            engine.load_model(_embedder_spec(args, db), role="embedder")
            hits = engine.run(
                lambda: search(db, engine.model("embedder"), args.query, k=args.k, mode=args.mode,
                               folders=args.folders, file_types=args.file_types, fusion=args.fusion)
            )  # fmt: skip
    finally:
        engine.shutdown()
    if args.json:
        emit_json(search_json(hits))
        return 0
    if not hits:
        say("No results.")
    for i, h in enumerate(hits, 1):
        where = f"{h.path}" + (f" page {h.page}" if h.page else "") + f" lines {h.line_start}-{h.line_end}"
        say(f"{i:>2}. {where}  (score {h.score:.4f})")
        say(f"    {h.snippet}")
    return 0


def search_json(hits) -> dict:
    """The stable JSON shape of search results (``alcove search --json`` and the server's /v1/alcove/search)."""
    return {
        "results": [
            {"path": h.path, "page": h.page, "line_start": h.line_start, "line_end": h.line_end,
             "score": h.score, "text": h.text, "snippet": h.snippet, "heading": h.heading,
             "char_start": h.char_start, "char_end": h.char_end, "chunk_id": h.chunk_id}
            for h in hits
        ]
    }  # fmt: skip
