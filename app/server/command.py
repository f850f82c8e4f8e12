"""``alcove serve``: the OpenAI-compatible server on loopback, over the in-process engine.

The server's own command (``app.entry`` hands it ``alcove serve ...``; the command line and the server never
import each other). Every value is checked before anything heavy is imported or loaded: a bad one ends as
``alcove: <what is wrong>`` on stderr with exit status 2, within a second. Then the port is bound (a port in use
is also an error before any model loads), the chat model loads, and the server runs until Ctrl+C.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from app.server.options import MIN_REMOTE_KEY, ServerOptions, check_bind, normalise_origin
from engine.core import AlcoveError, ModelRequest, Role

log = logging.getLogger(__name__)

_SPECULATIVE = ("off", "lookup", "draft", "mtp", "dflash", "auto")
_NEEDS_DRAFT = ("draft", "mtp", "dflash")  # speculative modes that cannot run without a draft model
_SQLITE_MAGIC = b"SQLite format 3\x00"
_BUILT_IN = ("default", "gemma3-270m")  # resolving these may import a GGUF: always there, not checked here


class UsageError(AlcoveError):
    """A command line that cannot run: a bad value, a missing or conflicting option."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's hook; never returns
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _int_in(low: int, high: int | None = None):
    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if value < low or (high is not None and value > high):
            bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {bounds} (got {value})")
        return value

    check.__name__ = "integer"
    return check


def _origin(text: str) -> str:
    try:
        return normalise_origin(text)
    except AlcoveError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    s = _Parser(prog="alcove serve",
                description="Serve models to other programs (OpenAI-compatible HTTP on 127.0.0.1).")  # fmt: skip
    s.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this Mac only)")  # fmt: skip
    s.add_argument("--port", type=_int_in(0, 65535), default=8765,
                   help="port (default 8765; 0 picks a free one)")  # fmt: skip
    s.add_argument("--api-key", default=None,
                   help="require 'Authorization: Bearer KEY' (default: $ALCOVE_API_KEY, else no key)")  # fmt: skip
    s.add_argument("--allow-remote", action="store_true",
                   help=f"allow a non-loopback --host (needs an --api-key of {MIN_REMOTE_KEY}+ "
                        "non-blank characters)")  # fmt: skip
    s.add_argument("--allow-origin", action="append", type=_origin, default=[], metavar="ORIGIN",
                   help="let web pages from ORIGIN (scheme://host[:port]) call the server, with CORS; repeatable "
                        "(default: none, every request from a web page is refused)")  # fmt: skip
    s.add_argument("--allow-model-paths", action="store_true",
                   help="let requests name a model by a path on this Mac (default: only the ids "
                        "/v1/models lists)")  # fmt: skip
    s.add_argument("--max-body-mb", type=_int_in(1, 1024), default=8,
                   help="largest request body in MiB, beyond which 413 (default 8)")  # fmt: skip
    s.add_argument("--request-timeout", type=_int_in(0), default=600, metavar="SECONDS",
                   help="cancel a request still running after this long (default 600; 0: no limit)")  # fmt: skip
    s.add_argument("--model", default="default", help="the chat model 'default' means (default: built-in)")
    s.add_argument("--embedder", default="default", help="the embedding model (default: all-MiniLM-L6-v2)")
    s.add_argument("--db", default=None, help="index database for document routes (default: the app's index)")
    s.add_argument("--max-batch", type=_int_in(1), default=16, help="requests decoded together (default 16)")
    s.add_argument("--max-queue", type=_int_in(0), default=64,
                   help="requests waiting beyond which 429 (default 64)")  # fmt: skip
    s.add_argument("--speculative", choices=_SPECULATIVE, default="off",
                   help="default speculative mode for requests that do not set alcove.speculative")  # fmt: skip
    s.add_argument("--draft-model", default=None,
                   help="the draft model for speculative decoding (needed by --speculative draft, mtp and dflash)")  # fmt: skip
    s.add_argument("--peer", default=None, metavar="HOST:PORT",
                   help="run the chat model split over this Mac and the helper at HOST:PORT (alcove node); "
                        "--model must be a model folder the helper has too")  # fmt: skip
    s.add_argument("--code", default=None, help="the pairing code the helper shows (with --peer)")
    s.add_argument("--allow-public-peer", action="store_true",
                   help="with --peer: allow a helper beyond the local network (the link is not encrypted)")  # fmt: skip
    s.add_argument("--continue-locally", action="store_true",
                   help="with --peer: after a fault, when pairing again fails and the model fits here, "
                        "serve it from this Mac alone (default: such replies end with an error)")  # fmt: skip
    s.add_argument("--no-preload", action="store_true", help="load the models on the first request")
    s.add_argument("--json", action="store_true", help="print the address as JSON when ready")
    s.add_argument("-v", "--verbose", action="store_true", help="log engine details to stderr")
    return s


# -- checks made before anything loads ------------------------------------------------------------------------
def _api_key(given: str | None) -> str | None:
    if given is not None:
        if not given.strip():
            raise UsageError("--api-key is blank: give a key of visible characters, or leave the option out.")
        return given
    env = os.environ.get("ALCOVE_API_KEY") or ""
    return env if env.strip() else None


def _check_db(db: str) -> str:
    """The index at ``db`` made absolute, or UsageError when it is missing or not an Alcove index."""
    path = Path(db).expanduser().absolute()
    if path.is_dir():
        raise UsageError(f"--db {path} is a folder, not an index file. Pass the index database file.")
    if not path.exists():
        raise UsageError(f"--db: there is no index at {path}. Index a folder into it first "
                         f"(alcove index DIR --db {path}), or leave --db out for the app's own index.")  # fmt: skip
    try:
        with path.open("rb") as f:
            head = f.read(len(_SQLITE_MAGIC))
    except OSError as exc:
        raise UsageError(f"--db {path} cannot be read ({exc.strerror or exc}).") from None
    if head != _SQLITE_MAGIC:
        raise UsageError(f"--db {path} is not an Alcove index (it is not an SQLite database).")
    from engine.index import IndexStore  # only for a real SQLite file: is it an index, of a version we read?

    try:
        IndexStore(path, read_only=True).close()
    except AlcoveError as exc:
        raise UsageError(f"--db: {exc}") from None
    return str(path)


def _check_model(flag: str, spec: str) -> None:
    """A chat or draft model that can be found (its weights are not read)."""
    if spec in _BUILT_IN:
        return
    path = Path(spec).expanduser()
    if path.suffix.lower() == ".gguf":  # resolving a GGUF imports it: only its presence is checked
        if not path.is_file():
            raise UsageError(f"{flag}: the GGUF file {path} does not exist.")
        return
    from engine.models import list_local_models, resolve_model

    try:
        resolve_model(spec)
    except AlcoveError as exc:
        if not any(m.name == spec for m in list_local_models()):
            raise UsageError(f"{flag}: {exc}") from None


def _check_embedder(spec: str) -> None:
    if spec == "default" or Path(spec).expanduser().is_dir():
        return
    from engine.models import hf_cached_repo_path

    if "/" not in spec or Path(spec).expanduser().exists() or hf_cached_repo_path(spec) is None:
        raise UsageError(f"--embedder: the model folder {spec} does not exist (nor is it a cached repo id).")


def options_from(args: argparse.Namespace) -> ServerOptions:
    """The server's options from the command line, every value checked (UsageError otherwise). Loads nothing."""
    if args.speculative in _NEEDS_DRAFT and not args.draft_model:
        raise UsageError(f"--speculative {args.speculative} needs a draft model: pass --draft-model MODEL (a smaller "
                         "model with the same tokenizer), or use --speculative lookup or auto.")  # fmt: skip
    options = ServerOptions(host=args.host, port=args.port, api_key=_api_key(args.api_key),
                            allow_remote=args.allow_remote, chat_model=args.model, embedder=args.embedder,
                            draft=args.draft_model, db=_check_db(args.db) if args.db else None,
                            max_batch=args.max_batch, max_waiting=args.max_queue,
                            speculative=args.speculative, allow_origins=tuple(args.allow_origin),
                            allow_model_paths=args.allow_model_paths, max_body_bytes=args.max_body_mb << 20,
                            request_timeout_s=float(args.request_timeout) or None)  # fmt: skip
    check_bind(options)  # a refused address (or a key too weak for one) costs nothing
    _check_model("--model", args.model)
    if args.draft_model:
        _check_model("--draft-model", args.draft_model)
    _check_embedder(args.embedder)
    if args.peer or args.code or args.continue_locally or args.allow_public_peer:
        options = replace(options, chat_model=_check_peer(args))
    return options


def _check_peer(args: argparse.Namespace) -> str:
    """--peer's options; the chat model's folder (a split needs its safetensors and the helper the same)."""
    if not args.peer or not args.code:
        raise UsageError(
            "--peer HOST:PORT and --code CODE go together (the helper, alcove node, shows both)."
        )
    host, _, port = args.peer.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--peer {args.peer!r} is not HOST:PORT.")
    from engine.models import resolve_model

    folder = Path(resolve_model(args.model).path)
    if not any(folder.glob("*.safetensors")):
        raise UsageError(
            f"--model {args.model}: a split needs a model folder with safetensors weights ({folder})."
        )
    return str(folder)


# -- running --------------------------------------------------------------------------------------------------
def _say(text: str, *, err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(text.encode("utf-8", "surrogateescape").decode("utf-8", "replace") + "\n")
    stream.flush()


def _fail(exc: AlcoveError, as_json: bool) -> int:
    _say(f"alcove: {exc}", err=True)
    if as_json:
        _say(json.dumps({"error": str(exc)}, ensure_ascii=False))
    return 2


def serve(args: argparse.Namespace, options: ServerOptions) -> int:
    # Imported here: the HTTP stack and the engine's runtime take over a second to import, which a bad
    # command line must not wait for.
    from app.server.runner import bind_socket, serve_forever
    from engine.runtime import Engine

    sock = bind_socket(options)  # a port in use is an error now, before any model loads
    engine = Engine()
    try:
        if args.peer:
            _pair(engine, args, options)
        elif not args.no_preload:
            engine.ensure(ModelRequest(Role.CHAT, options.chat_model))
            if options.draft:
                engine.ensure(ModelRequest(Role.DRAFT, options.draft))

        def ready(server: Any) -> None:
            key = bool(options.api_key)
            if args.json:
                _say(json.dumps({"url": server.url, "host": options.host, "port": server.port,
                                 "api_key": key}))  # fmt: skip
            else:
                _say(f"Alcove serves on {server.url} (OpenAI-compatible){' with an API key' if key else ''}. "
                     "Ctrl+C stops.")  # fmt: skip

        serve_forever(engine, options, on_ready=ready, sock=sock)
    finally:
        sock.close()
        engine.shutdown()
    return 0


def _pair(engine: Any, args: argparse.Namespace, options: ServerOptions) -> None:
    """Split the chat model with the helper; with --continue-locally, a helper that cannot be paired leaves the
    model to this Mac when it fits here (said on stderr), else the error ends ``alcove serve``."""
    from engine.core import PairRequest
    from engine.runtime import DistributedError, fits_here

    _say(f"alcove: pairing with {args.peer} to split {Path(options.chat_model).name}...", err=True)
    try:
        info = engine.pair(PairRequest(args.peer, args.code, options.chat_model, fallback_local=args.continue_locally,
                                       allow_public_peer=args.allow_public_peer))  # fmt: skip
    except DistributedError as exc:
        fits, sizes = fits_here(Path(options.chat_model))
        if not (args.continue_locally and fits):
            raise DistributedError(f"{exc} (The model {'fits' if fits else 'does not fit'} on this Mac alone: "
                                   f"{sizes}.)") from None  # fmt: skip
        _say(f"alcove: {exc}\nalcove: the model fits on this Mac alone ({sizes}): serving it from here "
             "(--continue-locally)", err=True)  # fmt: skip
        engine.ensure(ModelRequest(Role.CHAT, options.chat_model))
        return
    _say(f"alcove: split over 2 ranks (ring backend):\n{info.plan}", err=True)
    _say("alcove: the model fits on this Mac alone too" if info.fits_locally
         else "alcove: the model does not fit on this Mac alone", err=True)  # fmt: skip


def main(argv: list[str]) -> int:
    as_json = "--json" in argv
    try:
        args = build_parser().parse_args(argv)
    except UsageError as exc:
        return _fail(exc, as_json)
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)  # fmt: skip
    try:
        return serve(args, options_from(args))
    except AlcoveError as exc:
        return _fail(exc, as_json)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - no input may end in a traceback; the details go to the log
        log.info("unexpected error", exc_info=True)
        _say(f"alcove: unexpected error ({type(exc).__name__}: {exc}). Run with -v for details and report it.",
             err=True)  # fmt: skip
        return 1
