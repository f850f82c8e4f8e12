"""``alcove index PATH...`` and ``alcove search QUERY``: the private document index from the command line.

``alcove index`` exits 0 when the run is done, 2 when it stopped with an error, and 128 + the signal's number when a
signal cancelled it (130 for Ctrl-C, 143 for SIGTERM): the first one stops the run after the embedding batch under
way, keeping every chunk embedded so far (the next run continues, inside a large file too); a second quits at once.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

from app.cli import validate
from app.cli.args import UsageError, db_path, positive_int
from app.cli.output import emit_json, say
from app.common import search_json
from engine.core import IndexRequest, ModelRequest, Role, SearchRequest
from engine.index import IndexStore, IndexSummary, is_blank_query
from engine.runtime import Engine


def add_index(p) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to index")
    p.add_argument("--db", help="index database (default: the app's index)")
    p.add_argument("--embedder", default="default", help="embedding model folder (default: all-MiniLM-L6-v2)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-ocr", action="store_true", help="do not read images and scanned PDF pages by OCR")
    p.add_argument("--image-model", default=None, metavar="M",
                   help="a CLIP/SigLIP folder or cached repo id: pictures are found by what they show too")  # fmt: skip
    p.add_argument("--late-model", default=None, metavar="M",
                   help="a ColBERT folder (PyLate's format): chunks get token vectors too, for --mode late")  # fmt: skip
    p.add_argument(
        "--allow-link",
        action="append",
        dest="allow_links",
        default=[],
        metavar="PATH",
        help="follow this symbolic link although it points outside the folders given (repeatable)",
    )
    p.set_defaults(handler=run_index, validate=check_index)


def add_search(s) -> None:
    s.add_argument("query")
    s.add_argument("--db", help="index database (default: the app's index)")
    s.add_argument("--k", type=positive_int, default=10, help="number of results (default 10)")
    s.add_argument("--mode", choices=["hybrid", "vector", "keyword", "late"], default="hybrid")
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
        "--type",
        action="append",
        dest="file_types",
        help="only this file type: pdf, markdown, email... or an extension: md, eml, mht (repeatable)",
    )
    s.add_argument(
        "--embedder", default=None, help="embedding model (default: the one the index was built with)"
    )
    s.add_argument("--image-model", default=None, metavar="M",
                   help="hybrid: search the index's pictures by meaning with this CLIP/SigLIP model too")  # fmt: skip
    s.add_argument("--late-model", default=None, metavar="M",
                   help="late and hybrid: the ColBERT model (default: the one the index's token vectors came from)")  # fmt: skip
    s.add_argument("--json", action="store_true", help="print results as JSON")
    s.set_defaults(handler=run_search, validate=check_search)


PARSERS = {"index": add_index, "search": add_search}


def check_index(args) -> None:
    """Nothing to index at all is a mistake (a typo, an unmounted disk): exit 2 before loading the embedder. Some
    paths missing among others is a normal run that lists them as skipped."""
    if not any(os.path.lexists(os.path.expanduser(p)) for p in args.paths):
        names = ", ".join(args.paths[:3]) + (" ..." if len(args.paths) > 3 else "")
        raise UsageError(f"Nothing to index: {names} {'does' if len(args.paths) == 1 else 'do'} not exist.")
    for link in args.allow_links:
        if not os.path.islink(os.path.expanduser(link)):
            raise UsageError(f"--allow-link {link}: not a symbolic link (it allows one link by its path).")
    validate.index_to_write(db_path(args))
    validate.encoder_model(args.embedder, "--embedder")
    if args.image_model:
        validate.encoder_model(args.image_model, "--image-model", what="image model")
    if args.late_model:
        validate.encoder_model(args.late_model, "--late-model", what="late-interaction model")


def check_search(args) -> None:
    if is_blank_query(args.query):  # nothing to look for, in any mode: say so instead of listing noise
        raise UsageError("The search query is empty. Type the words or the question to look for.")
    validate.index_to_read(db_path(args), given=bool(args.db))
    if args.embedder:
        validate.encoder_model(args.embedder, "--embedder")
    if args.image_model:
        validate.encoder_model(args.image_model, "--image-model", what="image model")
    if args.late_model:
        validate.encoder_model(args.late_model, "--late-model", what="late-interaction model")


def _embedder(args, db: str) -> ModelRequest | None:
    """The embedder a search needs: none for keyword search, else --embedder or the one the index was built with."""
    if args.mode in ("keyword", "late"):
        return None
    spec = args.embedder
    if not spec:
        with IndexStore(db, read_only=True) as store:
            name = store.embedder_name()
        spec = "default" if name in (None, "all-MiniLM-L6-v2") else name
    return ModelRequest(Role.EMBEDDER, spec)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def summary_lines(summary: IndexSummary, db: str) -> list[str]:
    """The text summary. What this run did and what the index holds are said apart, in words that cannot
    contradict each other: the index's chunks = those before the run + written - deleted."""
    chunks = [f"{_count(summary.chunks, 'chunk')} written"]
    if summary.chunks_resumed:
        chunks.append(f"{summary.chunks_resumed:,} kept from an earlier run")
    if summary.chunks_removed:
        chunks.append(f"{summary.chunks_removed:,} old ones deleted")
    partly = f" and part of {summary.files_partial:,} more" if summary.files_partial else ""
    files = _count(summary.files_indexed, "file") + partly
    lines = [
        f"Indexed {files} ({', '.join(chunks)}), {summary.files_unchanged:,} unchanged, {summary.files_removed:,} "
        f"removed, {summary.files_moved:,} moved, {len(summary.files_skipped):,} skipped in {summary.seconds:.1f}s."
    ]
    lines += [f"  skipped {s.path}: {s.reason}" for s in summary.files_skipped]
    lines += [f"  note {n.path}: {n.reason}" for n in summary.notes]
    if summary.files_unsupported:
        kinds = ", ".join(f"{n} {ext}" for ext, n in summary.files_unsupported.items())
        lines.append(f"Not read (unsupported types): {kinds}.")
    if summary.links_outside:
        lines.append(
            f"{len(summary.links_outside)} symbolic link(s) point outside the folders given and were not "
            "followed; allow one with --allow-link PATH."
        )
    if summary.cancelled:
        lines.append(
            "The run was cancelled; every chunk embedded so far is kept. Run the same command again to continue."
        )
    partial = f" ({summary.documents_partial:,} partly indexed)" if summary.documents_partial else ""
    lines.append(
        f"The index now holds {_count(summary.documents_total, 'document')}{partial} and "
        f"{_count(summary.chunks_total, 'chunk')} in all: {db}"
    )
    return lines


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def run_index(args) -> int:
    db = db_path(args)
    allow = tuple(os.path.abspath(os.path.expanduser(p)) for p in args.allow_links)
    request = IndexRequest(
        tuple(args.paths),
        db,
        embedder=args.embedder,
        ocr=not args.no_ocr,
        allow_links=allow,
        image_model=args.image_model,
        late_model=args.late_model,
    )
    engine = Engine()
    summary = None
    stopped_by: list[int] = []

    def stop(sig, _frame) -> None:
        """The first Ctrl-C (or SIGTERM) ends the run cleanly, keeping every chunk embedded; a second quits."""
        for s in STOP_SIGNALS:
            signal.signal(s, signal.default_int_handler if s == signal.SIGINT else signal.SIG_DFL)
        stopped_by.append(sig)
        say("\nalcove: stopping after the current batch; every chunk embedded so far is kept "
            "(press Ctrl-C again to quit at once)", err=True)  # fmt: skip
        engine.cancel(request.request_id)

    previous = {}
    if threading.current_thread() is threading.main_thread():
        previous = {s: signal.signal(s, stop) for s in STOP_SIGNALS}
    try:
        last_line = 0.0
        for item in engine.index(request):
            if isinstance(item, IndexSummary):
                summary = item
            elif not args.json and sys.stderr.isatty() and item.total:
                if time.monotonic() - last_line > 0.2:
                    last_line = time.monotonic()
                    eta = f", about {item.eta_s:.0f}s left" if item.eta_s else ""
                    n = item.extra.get("chunks", 0)
                    sys.stderr.write(f"\r{item.done}/{item.total} files, {n} chunks embedded{eta}\x1b[K")
                    sys.stderr.flush()
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        engine.shutdown()
    if not args.json and sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
    assert summary is not None
    if args.json:
        emit_json(summary.to_json())
    else:
        for line in summary_lines(summary, db):
            say(line)
    if summary.error:
        say(f"alcove: {summary.error}", err=True)
        return 2
    if summary.cancelled:  # as a shell reports a command a signal ended: 128 + its number (Ctrl-C: 130)
        return 128 + int(stopped_by[0] if stopped_by else signal.SIGINT)
    return 0


def run_search(args) -> int:
    db = db_path(args)
    request = SearchRequest(args.query, db, k=args.k, mode=args.mode, fusion=args.fusion, folders=args.folders or (),
                            file_types=args.file_types or (), embedder=_embedder(args, db),
                            image_model=args.image_model, late_model=args.late_model)  # fmt: skip
    engine = Engine()
    try:
        hits = engine.search(request)
    finally:
        engine.shutdown()
    if args.json:
        emit_json(search_json(hits))
        return 0
    if not hits:
        say("No results.")
    for i, h in enumerate(hits, 1):
        where = f"{h.path}" + (f" page {h.page}" if h.page else "") + f" lines {h.line_start}-{h.line_end}"
        picture = f", picture #{h.image_rank}" if h.image_rank is not None else ""
        say(f"{i:>2}. {where}  (score {h.score:.4f}{picture})")
        say(f"    {h.snippet}")
    return 0
