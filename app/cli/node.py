"""``alcove node`` (lend this Mac's memory to a paired Mac) and ``alcove generate --peer`` (split one model over
this Mac and a helper). The work is engine.runtime.distributed's; this module only translates."""

from __future__ import annotations

import logging
import socket
import sys
from dataclasses import replace
from pathlib import Path

from app.cli.args import UsageError
from app.cli.output import emit_json, say
from engine.core import (
    ChatRequest,
    FinalEvent,
    ModelRequest,
    PairRequest,
    Role,
    SpeculativeParams,
    TokenEvent,
    new_request_id,
)
from engine.models import resolve_model
from engine.runtime import (
    Advertiser,
    DistributedError,
    Engine,
    HelperNode,
    browse,
    fits_here,
    new_code,
    parse_address,
)


def add_node(p) -> None:
    p.add_argument(
        "--listen",
        default=None,
        metavar="HOST:PORT",
        help="address for the pairing channel: loopback or this Mac's local-network IP (port 0: any)",
    )
    p.add_argument("--code", default=None, help="pairing code (default: a fresh 8-character code, shown)")
    p.add_argument(
        "--model",
        action="append",
        default=[],
        metavar="FOLDER",
        help="a model folder this helper offers (repeatable); the paired Mac must have the same weights",
    )
    p.add_argument(
        "--allow-public",
        action="store_true",
        help="allow listening on an address beyond the local network (the link is not encrypted)",
    )
    p.add_argument("--no-advertise", action="store_true", help="do not announce this helper with Bonjour")
    p.add_argument("--list", action="store_true",
                   help="list the helpers Bonjour finds on the local network, then exit")  # fmt: skip
    p.add_argument(
        "--wait", type=float, default=2.0, metavar="SECONDS", help="how long --list listens (default 2)"
    )
    p.add_argument("--interface", default=None, metavar="IP", help="--list: browse on this interface only")
    p.add_argument("--json", action="store_true", help="--list: print the helpers as JSON")
    p.set_defaults(handler=run_node, validate=check_node)  # fmt: skip


PARSERS = {"node": add_node}


def check_node(args) -> None:
    if args.list:
        if not 0 < args.wait <= 60:
            raise UsageError("--wait must be more than 0 and at most 60 seconds.")
        return
    if not args.listen or not args.model:
        raise UsageError(
            "alcove node needs --listen HOST:PORT and --model FOLDER (or --list to find helpers)."
        )
    try:
        parse_address(args.listen, "--listen", any_port=True)
    except DistributedError as exc:
        raise UsageError(str(exc)) from None
    for folder in args.model:
        if not (Path(folder) / "config.json").is_file():
            raise UsageError(f"--model {folder}: not a model folder (no config.json).")


def run_node(args) -> int:
    if args.list:
        return _list_helpers(args)
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
    advert = None
    if not args.no_advertise:
        try:
            advert = Advertiser(socket.gethostname(), bound[0], bound[1], [Path(m).name for m in args.model])
        except Exception as exc:  # noqa: BLE001 - no multicast here: the helper still works by address
            say(f"alcove: not advertised with Bonjour ({exc}); pair by address", err=True)
    try:
        node.serve_forever()
    except KeyboardInterrupt:
        return 0
    finally:
        if advert is not None:
            advert.close()
    return 0


def _list_helpers(args) -> int:
    found = browse(args.wait, args.interface)
    if args.json:
        emit_json(
            {"helpers": [{"name": h.name, "address": h.address, "models": list(h.models)} for h in found]}
        )
    elif not found:
        say("No Alcove helpers found on the local network.")
    else:
        for h in found:
            say(f"{h.address}  {h.name}  offers: {', '.join(h.models) or '-'}")
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
    p.add_argument("--allow-public-peer", action="store_true",
                   help="with --peer: allow a helper beyond the local network (the link is not encrypted)")  # fmt: skip
    p.add_argument("--continue-locally", action="store_true",
                   help="with --peer: after a fault, when the model fits on this Mac, run the reply again here")  # fmt: skip


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


def run_peer_generate(args, request: ChatRequest) -> int:
    """``request`` (the command line as one ChatRequest) over the model split with the helper: the plan first,
    then the reply; after a fault, with --continue-locally and a model that fits here, the reply again on this Mac."""
    folder = str(resolve_model(args.model).path)
    request = replace(request, model=None, speculative=SpeculativeParams())
    with Engine() as engine:
        try:
            info = engine.pair(PairRequest(args.peer, args.code, folder, fallback_local=args.continue_locally,
                                           allow_public_peer=args.allow_public_peer))  # fmt: skip
        except DistributedError as exc:
            fits, sizes = fits_here(Path(folder))
            if not (args.continue_locally and fits):
                hint = "fits" if fits else "does not fit"
                raise DistributedError(f"{exc} (The model {hint} on this Mac alone: {sizes}.)") from None
            say(f"alcove: {exc}", err=True)
            say(
                f"alcove: the model fits on this Mac alone ({sizes}): running it here (--continue-locally)",
                err=True,
            )
            final = _stream(engine, replace(request, model=ModelRequest(Role.CHAT, folder)), args.json)
            return _report(final, folder, args.json)
        say(f"alcove: splitting {Path(folder).name} over 2 ranks (ring backend):", err=True)
        say(info.plan, err=True)
        say(
            f"alcove: the model {'fits' if info.fits_locally else 'does not fit'} on this Mac alone", err=True
        )
        final = _stream(engine, request, args.json)
        if final.error and args.continue_locally and info.fits_locally:
            say(f"alcove: {final.error}", err=True)
            say("alcove: continuing on this Mac (--continue-locally): the reply starts again", err=True)
            final = _stream(engine, replace(request, request_id=new_request_id()), args.json)
    return _report(final, folder, args.json)


def _report(final: FinalEvent, folder: str, as_json: bool) -> int:
    if final.error:
        if not as_json:
            sys.stdout.write("\n")
        raise DistributedError(final.error)
    stats = final.stats.to_dict()
    if as_json:
        emit_json({"text": final.text, "token_ids": list(final.token_ids), "finish_reason": final.finish_reason,
                   "stats": stats, "model": Path(folder).name})  # fmt: skip
    else:
        s, d = final.stats, final.stats.distributed
        where = (f"layers per rank {list(d.layers_per_rank)}, {d.bytes_sent_per_token} B sent per token" if d
                 else "on this Mac alone")  # fmt: skip
        say("", err=False)
        say(f"[{final.finish_reason}] {s.prompt_tokens} prompt tokens, {s.generated_tokens} generated; "
            f"{s.decode_tokens_per_s:.1f} tok/s; {where}", err=True)  # fmt: skip
    return 0


def _stream(engine, request: ChatRequest, as_json: bool) -> FinalEvent:
    final = None
    for ev in engine.chat(request):
        if isinstance(ev, TokenEvent) and not as_json:
            sys.stdout.write(ev.text)
            sys.stdout.flush()
        elif isinstance(ev, FinalEvent):
            final = ev
    return final
