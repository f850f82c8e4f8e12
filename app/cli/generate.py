"""``alcove generate`` (one ChatRequest) and ``alcove bench``."""

from __future__ import annotations

import sys

from app.cli import validate
from app.cli.args import UsageError, dtype_name, float_in, non_negative_int, positive_int
from app.cli.node import add_peer_options, check_peer_generate, run_peer_generate
from app.cli.output import emit_json, say
from engine.core import (
    ChatRequest,
    FinalEvent,
    ModelRequest,
    Role,
    SamplingParams,
    SpeculativeParams,
    TokenEvent,
    cache_dir,
)
from engine.models import resolve_model
from engine.runtime import Engine, bench_engine
from engine.speculative import best_draft, local_draft_folders


def add_generate(p) -> None:
    p.add_argument("--model", default="default", help="folder, .gguf file, cached repo id, or 'default'")
    p.add_argument("--prompt", required=True)
    p.add_argument("--chat", action="store_true", help="wrap the prompt in the model's chat template")
    p.add_argument("--system", default=None, help="system message (with --chat)")
    p.add_argument("--max-tokens", type=positive_int, default=256)
    p.add_argument("--temp", type=float_in(0.0), default=0.0, help="0 = greedy")
    p.add_argument("--top-p", type=float_in(0.0, 1.0, low_open=True), default=1.0)
    p.add_argument("--top-k", type=non_negative_int, default=0, help="0 = off")
    p.add_argument("--min-p", type=float_in(0.0, 0.999999), default=0.0)
    p.add_argument("--repetition-penalty", type=float_in(0.0, low_open=True), default=1.0)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--stop", action="append", default=[], help="stop string (repeatable)")
    p.add_argument(
        "--speculative", choices=["off", "lookup", "draft", "mtp", "dflash", "auto"], default="off"
    )
    p.add_argument("--draft-model", default=None)
    p.add_argument("--num-draft", type=positive_int, default=4, help="longest proposal (default 4)")
    p.add_argument(
        "--dtype", type=dtype_name, default=None,
        help="float32 | float16 | bfloat16 (default: fastest for this machine)",
    )  # fmt: skip
    p.add_argument("--transform", default=None, help="YAML file of runtime weight transforms")
    p.add_argument(
        "--prompt-cache-gb",
        type=float_in(0.0),
        default=4.0,
        help="keep prompt caches on disk (the app's folder, shared with it) within this many GB; 0 = off. "
        "A later run whose prompt starts the same way prefills only the rest",
    )
    p.add_argument("--json", action="store_true")
    add_peer_options(p)
    p.set_defaults(handler=run_generate, validate=check_generate)


def add_bench(b) -> None:
    b.add_argument("--model", default="default")
    b.add_argument("--prompt-tokens", type=positive_int, default=256)
    b.add_argument("--max-tokens", type=positive_int, default=64)
    b.add_argument("--runs", type=positive_int, default=3)
    b.add_argument("--json", action="store_true")
    b.set_defaults(handler=run_bench, validate=check_bench)


PARSERS = {"generate": add_generate, "bench": add_bench}


def check_generate(args) -> None:
    """Options that need each other, the models and files named, and (``--speculative draft|auto`` without
    ``--draft-model``) the local draft, chosen from tokenizers only: all before any model loads."""
    if args.peer or args.code or args.continue_locally or args.allow_public_peer:
        if not args.peer:
            given = [flag for flag, on in (("--code", args.code), ("--continue-locally", args.continue_locally),
                                           ("--allow-public-peer", args.allow_public_peer)) if on]  # fmt: skip
            raise UsageError(
                f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} used only with --peer."
            )
        check_peer_generate(args)
    if args.speculative == "mtp" and not args.draft_model:
        raise UsageError("--speculative mtp needs --draft-model (the folder of the Gemma 4 assistant).")
    if args.speculative == "dflash" and not args.draft_model:
        raise UsageError("--speculative dflash needs --draft-model (the folder of the DFlash drafter).")
    if args.draft_model and args.speculative in ("off", "lookup"):
        raise UsageError(
            f"--draft-model is used only with --speculative draft, mtp, dflash or auto (not {args.speculative})."
        )
    if args.system and not args.chat:
        raise UsageError("--system needs --chat (a system message belongs to a chat template).")
    validate.chat_model(args.model, "--model")
    if args.draft_model:
        validate.chat_model(args.draft_model, "--draft-model")
    if args.transform:
        validate.readable_file(args.transform, "--transform")
    if not args.draft_model and args.speculative in ("draft", "auto"):
        args.draft_model = best_draft(resolve_model(args.model).path, local_draft_folders())  # the smallest
        if args.draft_model:
            say(f"alcove: drafting with {args.draft_model} (the smallest compatible local model)", err=True)
        elif args.speculative == "draft":
            raise UsageError(
                "--speculative draft: no local model can draft for this one (none shares its whole tokenizer and "
                "chat template); pass --draft-model, or use --speculative lookup or auto."
            )


def check_bench(args) -> None:
    validate.chat_model(args.model, "--model")


def chat_request(args) -> ChatRequest:
    """The command line as one ChatRequest: the model (and draft) to load, the prompt, sampling, speculation."""
    sampling = SamplingParams(
        temperature=args.temp,
        top_p=args.top_p,
        top_k=args.top_k,
        min_p=args.min_p,
        repetition_penalty=args.repetition_penalty,
        seed=args.seed,
    )
    if args.chat:
        system = [{"role": "system", "content": args.system}] if args.system else []
        prompt: dict = {"messages": (*system, {"role": "user", "content": args.prompt})}
    else:
        prompt = {"prompt": args.prompt}
    draft = ModelRequest(Role.DRAFT, args.draft_model, dtype=args.dtype) if args.draft_model else None
    return ChatRequest(
        **prompt,
        max_tokens=args.max_tokens,
        sampling=sampling,
        stop=tuple(args.stop),
        speculative=SpeculativeParams(mode=args.speculative, num_draft=args.num_draft),
        model=ModelRequest(Role.CHAT, args.model, dtype=args.dtype, transform=args.transform),
        draft=draft,
    )


def run_generate(args) -> int:
    request = chat_request(args)
    if args.peer:
        return run_peer_generate(args, request)
    final = None
    with Engine() as engine:  # leaving it saves the reply's cache to disk (Engine.shutdown)
        if args.prompt_cache_gb > 0:
            engine.use_prompt_cache_files(cache_dir() / "prompt-cache", int(args.prompt_cache_gb * 1e9))
        for ev in engine.chat(request):
            if isinstance(ev, TokenEvent) and not args.json:
                sys.stdout.write(ev.text)
                sys.stdout.flush()
            elif isinstance(ev, FinalEvent):
                final = ev
        info = engine.models()[Role.CHAT.value]
    assert final is not None
    stats = final.stats.to_dict()
    stats["load_time_s"] = info.load_time_s
    if args.json:
        out = {
            "text": final.text,
            "token_ids": list(final.token_ids),
            "finish_reason": final.finish_reason,
            "stats": stats,
            "model": info.name,
            "draft_model": args.draft_model,
        }
        if final.error:
            out["error"] = final.error
        emit_json(out)
    else:
        sys.stdout.write("\n")
        if final.error:
            say(f"alcove: {final.error}", err=True)
        s = final.stats
        say(
            f"[{final.finish_reason}] {s.prompt_tokens} prompt tokens ({s.cached_tokens} cached), "
            f"{s.generated_tokens} generated; TTFT {s.ttft_s * 1000:.0f} ms, {s.decode_tokens_per_s:.1f} tok/s, "
            f"peak {s.peak_memory_bytes / 2**20:.0f} MiB",
            err=True,
        )
    return 0 if final.finish_reason != "error" else 1


def run_bench(args) -> int:
    result = bench_engine(
        args.model, prompt_tokens=args.prompt_tokens, max_tokens=args.max_tokens, runs=args.runs
    )
    if args.json:
        emit_json(result)
    else:
        for key, value in result.items():
            say(f"{key}: {value}")
    return 0
