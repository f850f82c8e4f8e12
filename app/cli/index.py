"""``alcove index PATH...`` and ``alcove search QUERY``: the private document index from the command line."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

from app.cli.args import UsageError, db_path, positive_int
from app.cli.output import emit_json, say
from engine.core import AlcoveError, new_request_id
from engine.index import IndexStore, IndexSummary, is_blank_query, search
from engine.runtime import Engine


def register(sub) -> None:
    p = sub.add_parser("index", help="index files and folders for search (incremental, resumable)")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to index")
    p.add_argument("--db", help="index database (default: the app's index)")
    p.add_argument("--embedder", default="default", help="embedding model folder (default: all-MiniLM-L6-v2)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-ocr", action="store_true", help="do not read images and scanned PDF pages by OCR")
    p.add_argument(
        "--allow-link",
        action="append",
        dest="allow_links",
        default=[],
        metavar="PATH",
        help="follow this symbolic link although it points outside the folders given (repeatable)",
    )
    p.set_defaults(handler=run_index, validate=check_index)

    s = sub.add_parser("search", help="search the index")
    s.add_argument("query")
    s.add_argument("--db", help="index database (default: the app's index)")
    s.add_argument("--k", type=positive_int, default=10, help="number of results (default 10)")
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


def check_index(args) -> None:
    """Nothing to index at all is a mistake (a typo, an unmounted disk): exit 2 before loading the embedder. Some
    paths missing among others is a normal run that lists them as skipped."""
    if not any(os.path.lexists(os.path.expanduser(p)) for p in args.paths):
        names = ", ".join(args.paths[:3]) + (" ..." if len(args.paths) > 3 else "")
        raise UsageError(f"Nothing to index: {names} {'does' if len(args.paths) == 1 else 'do'} not exist.")
    for link in args.allow_links:
        if not os.path.islink(os.path.expanduser(link)):
            raise UsageError(f"--allow-link {link}: not a symbolic link (it allows one link by its path).")


def _embedder_spec(args, db: str) -> str:
    if args.embedder:
        return args.embedder

    with IndexStore(db, read_only=True) as store:
        name = store.embedder_name()
    return "default" if name in (None, "all-MiniLM-L6-v2") else name


def run_index(args) -> int:

    db = db_path(args)
    engine = Engine()
    summary = None
    rid = new_request_id()

    def stop(_sig, _frame) -> None:  # the first Ctrl-C ends the run cleanly (what is done is kept)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        say("\nalcove: stopping after the current batch (press Ctrl-C again to quit at once)", err=True)
        engine.cancel(rid)

    previous = (
        signal.signal(signal.SIGINT, stop) if threading.current_thread() is threading.main_thread() else None
    )
    try:
        last_line = 0.0
        allow = [os.path.abspath(os.path.expanduser(p)) for p in args.allow_links]
        for item in engine.index(args.paths, db, embedder=args.embedder, request_id=rid, ocr=not args.no_ocr,
                                 allow_links=allow):  # fmt: skip
            if isinstance(item, IndexSummary):
                summary = item
            elif not args.json and sys.stderr.isatty() and item.total:
                if time.monotonic() - last_line > 0.2:
                    last_line = time.monotonic()
                    eta = f", about {item.eta_s:.0f}s left" if item.eta_s else ""
                    sys.stderr.write(
                        f"\r{item.done}/{item.total} files, {item.extra.get('chunks', 0)} chunks{eta}\x1b[K"
                    )
                    sys.stderr.flush()
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        engine.shutdown()
    if not args.json and sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
    assert summary is not None
    if args.json:
        emit_json(summary.to_json())
    else:
        say(
            f"Indexed {summary.files_indexed} files ({summary.chunks} chunks), {summary.files_unchanged} unchanged, "
            f"{summary.files_removed} removed, {summary.files_moved} moved, {len(summary.files_skipped)} skipped "
            f"in {summary.seconds:.1f}s."
        )
        for s in summary.files_skipped:
            say(f"  skipped {s.path}: {s.reason}")
        for n in summary.notes:
            say(f"  note {n.path}: {n.reason}")
        if summary.files_unsupported:
            kinds = ", ".join(f"{n} {ext}" for ext, n in summary.files_unsupported.items())
            say(f"Not read (unsupported types): {kinds}.")
        if summary.links_outside:
            say(
                f"{len(summary.links_outside)} symbolic link(s) point outside the folders given and were not "
                "followed; allow one with --allow-link PATH."
            )
        if summary.cancelled:
            say("The run was cancelled; run the same command again to continue.")
        say(f"The index now holds {summary.documents_total} documents, {summary.chunks_total} chunks: {db}")
    if summary.error:
        say(f"alcove: {summary.error}", err=True)
        return 2
    return 0


def run_search(args) -> int:
    if is_blank_query(args.query):  # nothing to look for, in any mode: say so instead of listing noise
        raise AlcoveError("The search query is empty. Type the words or the question to look for.")
    db = db_path(args)
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
