"""``alcove serve``: the OpenAI-compatible server on loopback, over the in-process engine."""

from __future__ import annotations

import os

from app.cli.output import emit_json, say
from app.server import ServerOptions, check_bind, serve_forever
from engine.runtime import Engine


def register(sub) -> None:
    s = sub.add_parser("serve", help="serve models to other programs (OpenAI-compatible HTTP on 127.0.0.1)")
    s.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this Mac only)"
    )
    s.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    s.add_argument("--api-key", default=None,
                   help="require 'Authorization: Bearer KEY' (default: $ALCOVE_API_KEY, else no key)")  # fmt: skip
    s.add_argument("--allow-remote", action="store_true",
                   help="allow a non-loopback --host (needs --api-key)")  # fmt: skip
    s.add_argument("--model", default="default", help="the chat model 'default' means (default: built-in)")
    s.add_argument("--embedder", default="default", help="the embedding model (default: all-MiniLM-L6-v2)")
    s.add_argument("--db", default=None, help="index database for document routes (default: the app's index)")
    s.add_argument("--max-batch", type=int, default=16, help="requests decoded together (default 16)")
    s.add_argument("--max-queue", type=int, default=64, help="requests waiting beyond which 429 (default 64)")
    s.add_argument("--speculative", choices=["off", "lookup", "draft", "mtp", "auto"], default="off",
                   help="default speculative mode for requests that do not set alcove.speculative")  # fmt: skip
    s.add_argument("--no-preload", action="store_true", help="load the chat model on the first request")
    s.add_argument("--json", action="store_true", help="print the address as JSON when ready")
    s.set_defaults(handler=run_serve)


def run_serve(args) -> int:
    # Deferred like the other subcommands: the server pulls in MLX, Starlette and uvicorn (1.3 s measured with
    # `python -c "import app.server"`), which `alcove --help` and every other subcommand must not pay for.

    key = args.api_key if args.api_key is not None else os.environ.get("ALCOVE_API_KEY") or None
    options = ServerOptions(host=args.host, port=args.port, api_key=key, allow_remote=args.allow_remote,
                            chat_model=args.model, embedder=args.embedder, db=args.db,
                            max_batch=max(1, args.max_batch), max_waiting=max(0, args.max_queue),
                            speculative=args.speculative)  # fmt: skip
    check_bind(options)  # before loading anything: a refused address costs nothing
    engine = Engine()
    try:
        if not args.no_preload:
            engine.load_model(args.model, role="chat")

        def ready(server) -> None:
            if args.json:
                emit_json(
                    {"url": server.url, "host": options.host, "port": server.port, "api_key": bool(key)}
                )
            else:
                say(f"Alcove serves on {server.url} (OpenAI-compatible){' with an API key' if key else ''}. "
                    "Ctrl+C stops.")  # fmt: skip

        serve_forever(engine, options, on_ready=ready)
    finally:
        engine.shutdown()
    return 0
