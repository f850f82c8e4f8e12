"""``alcove rerank`` and ``alcove ask``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from app.cli import validate
from app.cli.args import UsageError, db_path, positive_int
from app.cli.output import emit_json, say
from engine.core import (
    AlcoveError,
    AskRequest,
    Candidate,
    ModelRequest,
    ProgressEvent,
    RerankRequest,
    Role,
    SearchRequest,
    TokenEvent,
)
from engine.rag import AskResult, RerankedItem, RerankResult
from engine.runtime import Engine


def add_rerank(r) -> None:
    r.add_argument("query")
    src = r.add_mutually_exclusive_group(required=True)
    src.add_argument("--candidates", help='JSON lines, one candidate per line: {"text", "path"?, ...}')
    src.add_argument("--db", help="rerank the top --k hybrid search results of this index")
    r.add_argument(
        "--k", type=positive_int, default=50, help="search results to rerank with --db (default 50)"
    )
    r.add_argument("--model", default=None,
                   help="a cross-encoder folder, or a chat model used generatively (experimental: the built-in "
                        "model's yes/no scores lowered recall on the labelled set). Default: none, the retrieval "
                        "order")  # fmt: skip
    r.add_argument("--embedder", default="default", help="embedding model for --db search")
    r.add_argument("--json", action="store_true")
    r.set_defaults(handler=run_rerank, validate=check_rerank)


def add_ask(a) -> None:
    a.add_argument("question")
    a.add_argument("--db", help="index database (default: the app's index)")
    a.add_argument("--model", default="default", help="chat model (default: the built-in one)")
    a.add_argument("--reranker", default=None,
                   help="a cross-encoder folder (default: none: the search order)")  # fmt: skip
    a.add_argument("--rerank", choices=["auto", "generative", "none"], default="auto",
                   help="auto: a --reranker cross-encoder, else the search order; generative: the chat model "
                        "judges the top passages (opt-in: slower and measured no better)")  # fmt: skip
    a.add_argument("--no-rerank", dest="rerank", action="store_const", const="none",
                   help="keep the search order (the same as --rerank none)")  # fmt: skip
    a.add_argument("--embedder", default="default")
    a.add_argument("--k", type=positive_int, default=5, help="passages given to the model (default 5)")
    a.add_argument("--retrieve", type=positive_int, default=50, help="search results considered (default 50)")
    a.add_argument("--mode", choices=["auto", "top-k", "whole"], default="auto")
    a.add_argument("--document", action="append", default=[], help="whole-document mode over this file")
    a.add_argument("--answer", choices=["auto", "generative", "extractive"], default="auto",
                   help="auto: the chat model writes the answer when it passes the capability check, else the "
                        "sources' best sentences are shown; generative: always the model (unsupported sentences "
                        "marked); extractive: only the sources' sentences, no generation")  # fmt: skip
    a.add_argument("--grounding", choices=["offline", "model"], default="offline",
                   help="how generated sentences are checked: offline (word overlap, the embedder, numbers, "
                        "negations, names) or model (also the chat model's own yes/no judgment, which can only "
                        "withdraw support; experimental, not measured better)")  # fmt: skip
    a.add_argument("--check", choices=["auto", "words", "model"], default="auto",
                   help="who decides whether the answer is shown as possibly not answering: auto (the chat model "
                        "where its check was measured or it passed the capability check, else the words), words (the question's words and the "
                        "embedder; the chat model is not loaded for it) or model (the chat model reads the "
                        "question against the quoted sentences)")  # fmt: skip
    a.add_argument("--max-tokens", type=positive_int, default=256)
    a.add_argument("--json", action="store_true")
    a.set_defaults(handler=run_ask, validate=check_ask)


PARSERS = {"rerank": add_rerank, "ask": add_ask}


def check_rerank(args) -> None:
    if args.candidates:
        args.candidate_list = read_candidates(
            args.candidates
        )  # read once, here: a bad file costs no model load
    else:
        validate.index_to_read(db_path(args), given=True)
        validate.encoder_model(args.embedder, "--embedder")
    if args.model is not None:
        validate.rerank_model(args.model, "--model")


def check_ask(args) -> None:
    if not args.question.strip():
        raise UsageError("The question is empty. Type a question about your documents.")
    validate.index_to_read(db_path(args), given=bool(args.db))
    validate.chat_model(args.model, "--model")
    validate.encoder_model(args.embedder, "--embedder")
    if args.reranker:
        validate.encoder_model(args.reranker, "--reranker", what="cross-encoder")


def read_candidates(path: str) -> list[dict]:
    out = []
    try:
        lines = Path(path).expanduser().read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise UsageError(f"The candidates file {path} cannot be read: {exc.strerror or exc}.") from exc
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise UsageError(
                f"Line {i} of {path} is not valid JSON; write one candidate object per line."
            ) from exc
        if isinstance(obj, str):
            obj = {"text": obj}
        if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
            raise UsageError(
                f'Line {i} of {path} has no "text" field; each candidate needs the passage text.'
            )
        out.append(obj)
    if not out:
        raise UsageError(f"The candidates file {path} holds no candidates.")
    return out


NO_RERANKER = (
    "no capable reranker is installed: showing the retrieval order (the built-in chat model's yes/no scores lowered "
    "recall on the labelled set). Pass --model FOLDER with a cross-encoder to rerank."
)


def retrieval_order(cands) -> object:
    """The candidates as given (search order, or the file's order), scored by their retrieval score when known."""

    def get(c, key):
        return c.get(key) if isinstance(c, dict) else getattr(c, key, None)

    items = tuple(RerankedItem(old_rank=i, new_rank=i, score=float(get(c, "score") or 0.0),
                               raw_score=float(get(c, "score") or 0.0), text=get(c, "text") or "",
                               path=str(get(c, "path") or ""), page=get(c, "page"), line_start=get(c, "line_start"),
                               line_end=get(c, "line_end"), chunk_id=get(c, "chunk_id"),
                               retrieval_score=get(c, "score"))
                  for i, c in enumerate(cands, 1))  # fmt: skip
    return RerankResult(items, "retrieval score", "retrieval", 0, 0.0)


def run_rerank(args) -> int:
    cands = tuple(_candidate(c) for c in args.candidate_list) if args.candidates else ()
    result = None
    if not cands or args.model is not None:  # an engine only to search or to rerank
        engine = Engine()
        try:
            if not cands:
                hits = engine.search(SearchRequest(args.query, db_path(args), k=args.k,
                                                   embedder=ModelRequest(Role.EMBEDDER, args.embedder)))  # fmt: skip
                if not hits:
                    raise AlcoveError(f"The search found nothing to rerank in {args.db}.")
                cands = tuple(_candidate(h) for h in hits)
            if args.model is not None:  # a cross-encoder or a chat model: the engine tells them apart
                result = engine.rerank(RerankRequest(args.query, cands, model=args.model))
        finally:
            engine.shutdown()
    if result is None:
        say(f"alcove: {NO_RERANKER}", err=True)
        result = retrieval_order(cands)
    return _print_rerank(args, result)


def _candidate(obj) -> Candidate:
    """A candidate from a line of the candidates file (a dict) or a search hit."""
    get = obj.get if isinstance(obj, dict) else (lambda key, default=None: getattr(obj, key, default))
    return Candidate(text=get("text"), path=str(get("path", "") or ""), page=get("page"),
                     line_start=get("line_start"), line_end=get("line_end"), chunk_id=get("chunk_id"),
                     score=get("score"), heading=str(get("heading", "") or ""))  # fmt: skip


def _print_rerank(args, result) -> int:
    if args.json:
        emit_json(result.to_json())
        return 0
    if result.kind == "retrieval":
        say(f"{len(result.items)} candidates in retrieval order (no reranker)")
    else:
        say(f"{len(result.items)} candidates reranked by {result.model} ({result.kind}) in {result.seconds:.2f}s"
            + (f"; {result.truncated} cut to fit" if result.truncated else ""))  # fmt: skip
    for it in result.items:
        where = f"  {it.path}" + (f" lines {it.line_start}-{it.line_end}" if it.line_start else "")
        text = " ".join(it.text.split())
        say(f"{it.new_rank:>3}. (was {it.old_rank:>3}) {it.score:.3f}{where}")
        say(f"      {text[:160]}{'…' if len(text) > 160 else ''}")
    return 0


def ask_request(args) -> AskRequest:
    """The command line as one AskRequest; each model loads only when the answer needs it (an extractive answer
    never loads the chat model)."""
    return AskRequest(
        args.question,
        db_path(args),
        chat=ModelRequest(Role.CHAT, args.model),
        embedder=ModelRequest(Role.EMBEDDER, args.embedder),
        reranker=ModelRequest(Role.RERANKER, args.reranker) if args.reranker else None,
        rerank=args.rerank,
        answer=args.answer,
        scope=args.mode,
        grounding=args.grounding,
        check=args.check,
        k=args.k,
        retrieve_k=args.retrieve,
        documents=tuple(args.document),
        max_tokens=args.max_tokens,
    )


def where(path: str, page: int | None, line_start: int | None, line_end: int | None) -> str:
    """A passage's place as the reader looks for it: the file, the page (a PDF's), the lines."""
    lines = ""
    if line_start:
        lines = f" line {line_start}" if line_end in (None, line_start) else f" lines {line_start}-{line_end}"
    return path + (f" page {page}" if page else "") + lines


def run_ask(args) -> int:
    request = ask_request(args)
    engine = Engine()
    result = None
    try:
        for ev in engine.ask(request):
            if isinstance(ev, AskResult):
                result = ev
            elif args.json:
                continue
            elif isinstance(ev, TokenEvent) and sys.stderr.isatty():
                # the answer is printed once checked against the sources; meanwhile show that it is being written
                sys.stderr.write("\rWriting the answer…\x1b[K")
                sys.stderr.flush()
            elif isinstance(ev, ProgressEvent) and sys.stderr.isatty():
                sys.stderr.write(f"\r{ev.message}…\x1b[K")
                sys.stderr.flush()
    finally:
        engine.shutdown()
    assert result is not None
    if args.json:
        emit_json(result.to_json())
        return 0 if result.error is None else 1
    if sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
    say(result.answer)
    if result.abstained:
        if result.closest:
            say("Closest passages:")
        for p in result.closest:
            say(f"  {where(p.path, p.page, p.line_start, p.line_end)}: {' '.join(p.text.split())[:160]}")
    elif result.citations:
        say()
        for c in result.citations:  # numbered 1..k as the answer cites them (the engine numbers them)
            say(
                f'[{c.n}] {where(c.path, c.page, c.line_start, c.line_end)}: "{" ".join(c.quote.split())[:200]}"'
            )
    elif result.closest:  # an answer that cites nothing: the passages it was given, under their numbers
        say()
        say("No source cited; the passages the answer was given:")
        for p in result.closest:
            say(
                f"[{p.n}] {where(p.path, p.page, p.line_start, p.line_end)}: {' '.join(p.text.split())[:160]}"
            )
    s = result.stats
    say(f"({s.mode}; retrieval {s.retrieval_s:.2f}s, rerank {s.rerank_s:.2f}s, generation {s.generation_s:.2f}s; "
        f"{s.cached_tokens} of {s.prompt_tokens} prompt tokens cached)", err=True)  # fmt: skip
    if result.error:
        say(f"alcove: {result.error}", err=True)
        return 1
    return 0
