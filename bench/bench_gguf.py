"""GGUF import figures (issue 36): per family, for the real Qwen2.5-Coder files, re-quantization error, speed.

    nice .venv/bin/python bench/bench_gguf.py                        # families, 0.5B import + errors + speed
    nice .venv/bin/python bench/bench_gguf.py --section families --runs 3
    nice .venv/bin/python bench/bench_gguf.py --with-15b             # the 1.5B too (6 GB float32 import)

Sections (JSON on stdout; never passes or fails):
* families: a tiny random GGUF per family (tests/tiny_gguf.py, ten storage types) imported into a fresh cache as
  float32 and kept quantized: seconds (min/median of --runs) and MLX weight bytes / GGUF bytes.
* real_import: the real 0.5B (and 1.5B) assembled from its chunk packages and imported into a fresh cache (float32
  and keep): seconds, size ratio, which tensors were re-quantized.
* requant_error: every kept-quantized tensor of the real files, per GGUF type: error of the MLX form (scales and
  biases as stored, fp16) against the reference dequantization (gguf-py's), relative RMS and max, and bits per weight;
  for Q6_K also the alternatives (min/max re-quantization to 6 and 8 bits) on the same tensors.
* speed: prefill and decode tok/s of the real 0.5B (1.5B) float32 import through Alcove's engine vs
  mlx_lm.stream_generate on the same loaded weights, ABBA (bench/bench_engine.py's overhead), and decode as a
  fraction of the memory-bandwidth limit measured here (numpy sums on 1 and 2 threads) for the bytes one token reads
  (every weight except the embedding table, of which one row is read).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, blas, emit, summary  # noqa: E402

sys.path.insert(0, str(ROOT))


def _fresh_home(tag: str) -> Path:
    home = Path(tempfile.mkdtemp(prefix=f"alcove-bench-gguf-{tag}-"))
    os.environ["ALCOVE_HOME"] = str(home)
    return home


def _weights_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.glob("*.safetensors"))


def families(runs: int) -> dict:
    import shutil

    from engine.models import import_gguf
    from tests.tiny_gguf import FAMILIES, write_tiny_gguf

    old_home = os.environ.get("ALCOVE_HOME")
    out = {}
    work = Path(tempfile.mkdtemp(prefix="alcove-bench-gguf-tiny-"))
    try:
        for family in FAMILIES:
            path = write_tiny_gguf(work / f"tiny-{family}.gguf", family)
            row = {"gguf_bytes": path.stat().st_size}
            for quantization in ("float32", "keep"):
                seconds = []
                for _ in range(runs):
                    home = _fresh_home("tiny")
                    t0 = time.perf_counter()
                    folder = import_gguf(path, quantization=quantization)
                    seconds.append(time.perf_counter() - t0)
                    row[f"{quantization}_size_ratio"] = _weights_bytes(folder) / path.stat().st_size
                    shutil.rmtree(home, ignore_errors=True)
                row[f"{quantization}_seconds"] = summary(seconds)
            out[family] = row
    finally:
        shutil.rmtree(work, ignore_errors=True)
        _restore_home(old_home)
    return out


def _restore_home(old: str | None) -> None:
    if old is None:
        os.environ.pop("ALCOVE_HOME", None)
    else:
        os.environ["ALCOVE_HOME"] = old


def real_import(models) -> dict:
    """Assemble and import into a fresh cache (then delete it): what a new user's first import costs."""
    import json
    import shutil

    from engine.models import assemble_chunked, chunked_installed, import_gguf

    old_home = os.environ.get("ALCOVE_HOME")
    out = {}
    for model in models:
        if not chunked_installed(model):
            out[model.name] = {"skipped": "chunk packages not installed"}
            continue
        home = _fresh_home("real")
        try:
            t0 = time.perf_counter()
            path = assemble_chunked(model)
            row = {"assemble_seconds": time.perf_counter() - t0, "gguf_bytes": path.stat().st_size}
            for quantization in ("keep", "float32"):
                t0 = time.perf_counter()
                folder = import_gguf(path, quantization=quantization)
                row[f"{quantization}_seconds"] = time.perf_counter() - t0
                row[f"{quantization}_bytes"] = _weights_bytes(folder)
                row[f"{quantization}_size_ratio"] = _weights_bytes(folder) / path.stat().st_size
                marker = json.loads((folder / "alcove_gguf_import.json").read_text())
                if quantization == "keep":
                    kinds = sorted(set(marker["requantized"].values()))
                    row["keep_requantized"] = {"tensors": len(marker["requantized"]), "types": kinds}
                shutil.rmtree(folder, ignore_errors=True)  # 6 GB for the 1.5B in float32: not kept around
            out[model.name] = row
        finally:
            shutil.rmtree(home, ignore_errors=True)
            _restore_home(old_home)
    return out


def _errors(ours, reference) -> tuple[float, float]:
    import numpy as np

    diff = ours - reference
    rms = float(np.sqrt(np.mean(diff.astype(np.float64) ** 2)))
    ref_rms = float(np.sqrt(np.mean(reference.astype(np.float64) ** 2))) or 1.0
    return rms / ref_rms, float(np.abs(diff).max() / (np.abs(reference).max() or 1.0))


def requant_error(models) -> dict:
    import numpy as np
    from gguf.constants import GGML_QUANT_SIZES, GGMLQuantizationType
    from gguf.quants import dequantize as gguf_dequantize

    from engine.models import QuantizedTensor, assemble_chunked, chunked_installed, quantize_affine, read_gguf
    from engine.models import dequantize_tensor as dequantize
    from engine.models import quantized_from_gguf as to_mlx

    def stored(q: QuantizedTensor) -> QuantizedTensor:  # scales/biases as the safetensors file holds them
        f16 = np.float16
        return QuantizedTensor(
            q.weight,
            q.scales.astype(f16).astype(np.float32),
            q.biases.astype(f16).astype(np.float32),
            q.bits,
            q.exact,
        )

    out = {}
    for model in models:
        if not chunked_installed(model):
            continue
        gguf_file = read_gguf(assemble_chunked(model))
        per_type: dict[str, dict] = {}
        for info in gguf_file.tensors:
            qtype = GGMLQuantizationType(info.ggml_type)
            if len(info.shape) != 2 or qtype.name in ("F32", "F16", "BF16"):
                continue
            raw = gguf_file.tensor_bytes(info)
            reference = np.asarray(gguf_dequantize(raw, qtype), dtype=np.float32).reshape(info.shape)
            q = to_mlx(int(qtype), raw, info.shape, reference)
            rel_rms, rel_max = _errors(dequantize(stored(q)), reference)
            row = per_type.setdefault(
                qtype.name,
                {
                    "tensors": 0,
                    "values": 0,
                    "gguf_bits_per_weight": 8 * GGML_QUANT_SIZES[qtype][1] / GGML_QUANT_SIZES[qtype][0],
                    "mlx_bits": q.bits,
                    "mlx_bits_per_weight": q.bits + 32 / 32,  # fp16 scale + fp16 bias per group of 32
                    "exact": True,
                    "rel_rms": [],
                    "rel_max": [],
                },
            )
            row["tensors"] += 1
            row["values"] += int(np.prod(info.shape))
            row["exact"] = row["exact"] and q.exact
            row["rel_rms"].append(rel_rms)
            row["rel_max"].append(rel_max)
            if qtype == GGMLQuantizationType.Q6_K:
                for bits in (6, 8):
                    alt = _errors(dequantize(stored(quantize_affine(reference, bits))), reference)
                    row.setdefault(f"min_max_{bits}bit_rel_rms", []).append(alt[0])
        for row in per_type.values():
            for key in [k for k, v in row.items() if isinstance(v, list)]:
                values = row.pop(key)
                row[key] = {"median": statistics.median(values), "max": max(values)}
        out[model.name] = per_type
    return out


def bandwidth() -> dict:
    """GB/s of numpy sums over a 512 MB float32 array: one thread, and two threads on halves."""
    import numpy as np

    data = np.ones(1 << 27, dtype=np.float32)
    data.sum()

    def one() -> float:
        t0 = time.perf_counter()
        data.sum()
        return data.nbytes / (time.perf_counter() - t0) / 1e9

    def two() -> float:
        halves = (data[: len(data) // 2], data[len(data) // 2 :])
        threads = [threading.Thread(target=h.sum) for h in halves]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return data.nbytes / (time.perf_counter() - t0) / 1e9

    return {"one_thread_gbps": max(one() for _ in range(5)), "two_threads_gbps": max(two() for _ in range(5))}


def speed(models, runs: int, prompt_tokens: int, max_tokens: int) -> dict:
    from bench_engine import overhead
    from safetensors import safe_open

    from engine.models import chunked_installed, import_chunked

    limit = bandwidth()
    out = {"bandwidth": limit, "blas": blas()}
    for model in models:
        if not chunked_installed(model):
            continue
        folder = import_chunked(model.name, quantization="float32")  # the user's cache: imported once
        read = 0
        with safe_open(str(folder / "model.safetensors"), "numpy") as handle:
            for name in handle.keys():
                if "embed_tokens" not in name:
                    read += _nbytes(handle, name)
        row = overhead(str(folder), model.name, "float32", runs, prompt_tokens, max_tokens)
        row["bytes_read_per_token"] = read
        for side in ("engine", "mlx_lm"):
            tps = row[f"{side}_decode_tps"]["median"]
            row[f"{side}_decode_gbps"] = tps * read / 1e9
            for threads in ("one_thread", "two_threads"):
                row[f"{side}_decode_fraction_of_{threads}_bandwidth"] = (
                    tps * read / 1e9 / limit[f"{threads}_gbps"]
                )
        out[model.name] = row
    return out


def _nbytes(handle, name: str) -> int:
    import numpy as np

    shape = handle.get_slice(name).get_shape()
    dtype = handle.get_slice(name).get_dtype()
    size = {"F32": 4, "F16": 2, "BF16": 2, "U32": 4}[dtype]
    return int(np.prod(shape)) * size


def main() -> None:
    from engine.models import QWEN_CODER_05B, QWEN_CODER_15B

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--section", default="families,real_import,requant_error,speed")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--with-15b", action="store_true", help="the 1.5B too (imports and speed)")
    parser.add_argument("--prompt-tokens", type=int, default=128)
    parser.add_argument("--max-tokens", type=int, default=32)
    args = parser.parse_args()
    models = [QWEN_CODER_05B, QWEN_CODER_15B] if args.with_15b else [QWEN_CODER_05B]
    sections = args.section.split(",")
    report: dict = {"command": " ".join(sys.argv), "blas": blas()}
    if "families" in sections:
        report["families"] = families(args.runs)
    if "real_import" in sections:
        report["real_import"] = real_import(models)
    if "requant_error" in sections:
        report["requant_error"] = requant_error([QWEN_CODER_05B, QWEN_CODER_15B])
    if "speed" in sections:
        report["speed"] = speed(models, args.runs, args.prompt_tokens, args.max_tokens)
    emit(report)


if __name__ == "__main__":
    main()
