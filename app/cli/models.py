"""``alcove models list`` and ``alcove models import FILE.gguf``."""

from __future__ import annotations

from dataclasses import asdict

from app.cli.output import emit_json, say
from engine.models import import_gguf, list_local_models
from engine.speculative import drafts_for_models


def register(sub) -> None:
    p = sub.add_parser("models", help="list local models, import GGUF files")
    msub = p.add_subparsers(dest="models_command", metavar="ACTION", required=True)
    ls = msub.add_parser("list", help="models available locally (HF cache, imported GGUF, built-in)")
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(handler=run_list)
    imp = msub.add_parser("import", help="convert a .gguf file into an MLX model folder (cached)")
    imp.add_argument("file")
    imp.add_argument("--dtype", default="float32", choices=["float32", "float16", "bfloat16"])
    imp.add_argument("--json", action="store_true")
    imp.set_defaults(handler=run_import)


def _draft_table(models) -> dict[str, list[str]]:
    """target name -> names of local models that can draft for it (same tokenizer, checked in full)."""
    return drafts_for_models(models)


def run_list(args) -> int:

    models = list_local_models()
    drafts = _draft_table(models)
    if args.json:
        emit_json({"models": [dict(asdict(m), drafts=drafts.get(m.name, [])) for m in models]})
        return 0
    if not models:
        say("No local models found.")
        return 0
    width = max(len(m.name) for m in models)
    for m in models:
        size = f"{m.size_bytes / 2**20:.0f} MiB" if m.size_bytes else ""
        line = f"{m.name:<{width}}  {m.kind:<9} {m.model_type:<14} {size:>9}  {m.source}"
        if drafts.get(m.name):
            line += f"  drafts: {', '.join(drafts[m.name])}"
        say(line)
    return 0


def run_import(args) -> int:
    import time

    t0 = time.perf_counter()
    folder = import_gguf(args.file, dtype=args.dtype)
    seconds = time.perf_counter() - t0
    if args.json:
        emit_json({"path": str(folder), "seconds": seconds})
    else:
        say(f"Imported into {folder} ({seconds:.1f} s). Use it with --model {folder}")
    return 0
