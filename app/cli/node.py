"""``alcove node`` (lend this Mac's memory to a paired Mac) and ``alcove generate --peer`` (split one model over
this Mac and a helper). The work is engine.runtime.distributed's; this module only translates."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

from app.cli.args import UsageError
from app.cli.output import emit_json, say
from engine.models import load_tokenizer, resolve_model
from engine.runtime import (
    DistributedError,
    DistributedSession,
    HelperNode,
    SplitReply,
    new_code,
    parse_address,
    split_prompt_ids,
    stream_split_text,
)


def add_node(p) -> None:
    p.add_argument(
        "--listen",
        required=True,
        metavar="HOST:PORT",
        help="address for the pairing channel: loopback or this Mac's local-network IP (port 0: any)",
    )
    p.add_argument("--code", default=None, help="pairing code (default: a fresh 8-character code, shown)")
    p.add_argument(
        "--model",
        action="append",
        default=[],
        required=True,
        metavar="FOLDER",
        help="a model folder this helper offers (repeatable); the paired Mac must have the same weights",
    )
    p.add_argument(
        "--allow-public",
        action="store_true",
        help="allow listening on an address beyond the local network (the link is not encrypted)",
    )
    p.set_defaults(handler=run_node, validate=check_node)  # fmt: skip


PARSERS = {"node": add_node}


def check_node(args) -> None:
    try:
        parse_address(args.listen, "--listen", any_port=True)
    except DistributedError as exc:
        raise UsageError(str(exc)) from None
    for folder in args.model:
        if not (Path(folder) / "config.json").is_file():
            raise UsageError(f"--model {folder}: not a model folder (no config.json).")


def run_node(args) -> int:
    host, port = parse_address(args.listen, "--listen", any_port=True)
    code = args.code or new_code()
    node = HelperNode(host, port, code, [Path(m) for m in args.model], allow_public=args.allow_public)
    logging.getLogger("alcove.distributed").setLevel(logging.INFO)  # refusals are the helper's log
    if not logging.getLogger().handlers:
        logging.basicConfig(stream=sys.stderr)
    bound = node.bind()
    say(f"Alcove helper listening on {bound[0]}:{bound[1]}")
    say(f"Pairing code: {code}")
    say(f"Offering: {', '.join(Path(m).name for m in args.model)}")
    try:
        node.serve_forever()
    except KeyboardInterrupt:
        return 0
    return 0


# -- alcove generate --peer -----------------------------------------------------------------------------------
def add_peer_options(p) -> None:
    """The options ``alcove generate`` gains (added by app.cli.generate)."""
    p.add_argument(
        "--peer",
        default=None,
        metavar="HOST:PORT",
        help="split the model over this Mac and the helper at HOST:PORT (alcove node)",
    )
    p.add_argument("--code", default=None, help="the pairing code the helper shows (with --peer)")  # fmt: skip


def check_peer_generate(args) -> None:
    if not args.code:
        raise UsageError("--peer needs --code (the pairing code the helper shows).")
    try:
        parse_address(args.peer, "--peer")
    except DistributedError as exc:
        raise UsageError(str(exc)) from None
    unsupported = [
        name
        for name, bad in (
            ("--repetition-penalty", args.repetition_penalty != 1.0),
            ("--stop", bool(args.stop)), ("--speculative", args.speculative != "off"),
            ("--draft-model", bool(args.draft_model)), ("--transform", bool(args.transform)),
            ("--dtype", bool(args.dtype)),
        )
        if bad
    ]  # fmt: skip
    if unsupported:
        raise UsageError(
            f"--peer does not take {', '.join(unsupported)} yet (it runs the model as saved, with temperature, "
            f"top-p, top-k, min-p and seed sampling): drop {'it' if len(unsupported) == 1 else 'them'}."
        )


def _sampling(args) -> dict:
    return {
        "temp": args.temp,
        "top_p": args.top_p,
        "top_k": args.top_k,
        "min_p": args.min_p,
        "seed": args.seed,
    }


def run_peer_generate(args) -> int:
    folder = resolve_model(args.model).path
    # before pairing: a bad prompt or template fails before any rank starts
    tokenizer = load_tokenizer(Path(folder), json.loads((Path(folder) / "config.json").read_text()))
    ids = split_prompt_ids(tokenizer, args.prompt, chat=args.chat, system=args.system)
    session = DistributedSession(args.peer, args.code, folder)
    try:
        session.pair()
        plan = session.make_plan()
        say(f"alcove: splitting {Path(folder).name} over 2 ranks (ring backend):", err=True)
        say(plan.describe(), err=True)
        session.start(plan)
        reply = None
        try:
            for piece in stream_split_text(session, tokenizer, ids, args.max_tokens, _sampling(args)):
                if isinstance(piece, SplitReply):
                    reply = piece
                elif not args.json:
                    sys.stdout.write(piece)
                    sys.stdout.flush()
        except DistributedError as exc:
            if not args.json:
                sys.stdout.write("\n")
            raise DistributedError(f"{exc} {session.local_fallback_hint()}") from None
    finally:
        session.close()
    if args.json:
        emit_json({"text": reply.text, "token_ids": list(reply.token_ids), "finish_reason": reply.finish_reason,
                   "stats": reply.stats, "model": Path(folder).name})  # fmt: skip
    else:
        s = reply.stats
        rate = f"{s['decode_tokens_per_s']:.1f} tok/s" if s["decode_tokens_per_s"] else "-"
        d = s["distributed"]
        say("", err=False)
        say(f"[{reply.finish_reason}] {s['prompt_tokens']} prompt tokens, {s['generated_tokens']} generated; "
            f"{rate}; layers per rank {d['layers_per_rank']}, {d['bytes_sent_per_token']} B sent per token",
            err=True)  # fmt: skip
    return 0
