"""Models as users bring them: loading mixed-precision checkpoints, GGUF kept quantized, downloads.

1. load: a mixed-precision checkpoint (mlx-lm's quantize_model with a per-layer predicate: 4-bit default, 8-bit
   down projections, 6-bit first layer) loaded by Alcove (load_lm) and by mlx_lm.load, each in a fresh process;
   seconds and peak memory (MLX peak and the process's max RSS).
2. gguf: SmolLM2-135M (Q4_1 + Q8_0) and Gemma 3 270M (Q4_K_M: Q8_0, Q5_0, Q4_K, Q6_K) imported with
   ``--quantization keep``: MLX weight bytes / GGUF bytes, max and mean absolute weight error per GGUF type against
   the dequantized (float32) import (which the tests prove equal to transformers' dequantization), and greedy-token
   agreement with the dequantized import: argmax at every position of a real text (teacher forced) and a free greedy
   continuation, whose decode time per token is compared between the two imports.
3. download: a repo served over loopback with the hub's file API (tests/app/hub_server.py): Alcove's downloader vs
   huggingface_hub.snapshot_download, MB/s; then an interrupted download resumed (bytes re-sent, sha256 equal).

Every comparison (Alcove vs mlx-lm, kept vs float32, Alcove vs huggingface_hub) runs its two sides in ABBA order,
``--runs`` rounds (each side twice a round: bench/abba.py); ratios are of the medians and per round (``*_paired``).
Prints JSON; never passes or fails on time.

    .venv/bin/python bench/bench_models.py                  # everything
    .venv/bin/python bench/bench_models.py --only load --runs 5
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from _common import ROOT, blas, emit
from abba import abba

_LOAD_CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
from engine.core import preload_blas
preload_blas()
import mlx.core as mx
which, folder = sys.argv[1], sys.argv[2]
from engine.models import load_lm
from mlx_lm import load
import mlx_lm.models.llama, transformers  # imported before the clock starts: the load itself is timed
t0 = time.perf_counter()
if which == "alcove":
    lm = load_lm(folder)
    model, tok = lm.model, lm.tokenizer
else:
    model, tok = load(folder)
seconds = time.perf_counter() - t0
ids = mx.array([tok.encode("The capital of France is")])
logits = model(ids)
mx.eval(logits)
print(json.dumps({{"seconds": seconds, "mlx_peak_bytes": mx.get_peak_memory(),
    "max_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
    "argmax": int(mx.argmax(logits[0, -1]).item())}}))
"""


def _mixed_checkpoint(work: Path) -> tuple[Path, dict]:
    from mlx_lm import load
    from mlx_lm.utils import quantize_model, save_model

    from tests.tiny_models import make_tiny_model

    base = make_tiny_model(
        work / "base", "llama", hidden_size=512, intermediate_size=1536, num_hidden_layers=8, num_attention_heads=8,
        num_key_value_heads=4,
    )  # fmt: skip
    model, _ = load(str(base))
    config = json.loads((base / "config.json").read_text())

    def predicate(path, module):
        if path.endswith("mlp.down_proj"):
            return {"group_size": 32, "bits": 8}
        if ".layers.0." in path:
            return {"group_size": 64, "bits": 6}
        return True

    with contextlib.redirect_stdout(sys.stderr):  # quantize_model prints; stdout is the JSON
        model, qconfig = quantize_model(model, config, group_size=64, bits=4, quant_predicate=predicate)
    out = work / "mixed"
    save_model(out, model)
    (out / "config.json").write_text(json.dumps(qconfig))
    for name in ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copy(base / name, out / name)
    bits = sorted({v["bits"] for v in qconfig["quantization"].values() if isinstance(v, dict)} | {4})
    return out, {"bits": bits, "weights_bytes": sum(f.stat().st_size for f in out.glob("*.safetensors"))}


def bench_load(runs: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        folder, about = _mixed_checkpoint(Path(tmp))
        code = _LOAD_CHILD.format(root=str(ROOT))

        def load_in_child(which: str) -> dict:
            out = subprocess.run([sys.executable, "-c", code, which, str(folder)], capture_output=True, text=True,
                                 check=True)  # fmt: skip
            return json.loads(out.stdout.strip().splitlines()[-1])

        run = abba(
            {"alcove": lambda: load_in_child("alcove"), "mlx_lm": lambda: load_in_child("mlx_lm")}, runs
        )
    a, m = run.results("alcove"), run.results("mlx_lm")
    keys = ("seconds", "mlx_peak_bytes", "max_rss_bytes")
    return {
        "checkpoint": about,
        **run.about(),
        "alcove": {k: run.summary("alcove", k) for k in keys},
        "mlx_lm": {k: run.summary("mlx_lm", k) for k in keys},
        "ratio_seconds_alcove_over_mlx_lm": run.ratio("alcove", "mlx_lm", "seconds")["of_medians"],
        "ratio_seconds_alcove_over_mlx_lm_paired": run.ratio("alcove", "mlx_lm", "seconds")["paired_median"],
        "ratio_peak_alcove_over_mlx_lm": run.ratio("alcove", "mlx_lm", "mlx_peak_bytes")["of_medians"],
        "same_next_token": all(x["argmax"] == y["argmax"] for x, y in zip(a, m, strict=True)),
    }


_PROMPT = (
    "Alcove runs language models privately on your Mac. It indexes the documents you choose, finds the passages "
    "that answer a question, and writes an answer that cites them. Nothing leaves the computer: the models, the "
    "index and the conversations stay on the disk, and the app works without a network connection."
)


def _weights(folder: Path) -> dict:
    """name -> float32 numpy weight, quantized layers dequantized with float32 scales (mlx-lm builds the model)."""
    import mlx.core as mx
    import mlx.nn as nn
    import numpy as np
    from mlx.utils import tree_flatten
    from mlx_lm.utils import load_model

    model, _ = load_model(folder, lazy=True)
    out = {}
    for path, module in model.named_modules():
        if isinstance(module, nn.QuantizedLinear | nn.QuantizedEmbedding):
            s, b = module.scales.astype(mx.float32), module.biases.astype(mx.float32)
            w = mx.dequantize(module.weight, s, b, group_size=module.group_size, bits=module.bits)
            out[f"{path}.weight"] = np.array(w)
    for name, value in tree_flatten(model.parameters()):
        if name.endswith(".weight") and name not in out and value.dtype != mx.uint32:
            out[name] = np.array(value.astype(mx.float32))
    return out


def _agreement(keep: Path, full: Path, free_tokens: int, runs: int) -> dict:
    """Greedy agreement of the kept-quantized import with the float32 one, and their decode speed side by side (ABBA,
    ``runs`` rounds of a free greedy continuation each)."""
    import mlx.core as mx

    from engine.models import load_lm

    lms = {
        label: load_lm(str(folder), dtype="float32") for label, folder in (("keep", keep), ("float32", full))
    }
    ids = lms["float32"].tokenizer.encode(_PROMPT)
    forced = {label: mx.argmax(lm.model(mx.array([ids]))[0], axis=-1).tolist() for label, lm in lms.items()}

    def free(lm) -> list[int]:  # no KV cache: every step a forward over the whole sequence
        seq = list(ids[:12])
        for _ in range(free_tokens):
            seq.append(int(mx.argmax(lm.model(mx.array([seq]))[0, -1]).item()))
        return seq[12:]

    run = abba(
        {label: functools.partial(free, lm) for label, lm in lms.items()}, runs
    )  # the same activation dtype
    k, f = run.results("keep")[-1], run.results("float32")[-1]
    same = sum(a == b for a, b in zip(forced["keep"], forced["float32"], strict=True))
    first_diff = next((i for i, (a, b) in enumerate(zip(k, f, strict=True)) if a != b), None)
    per_token = lambda label: run.median(label) / free_tokens  # noqa: E731
    return {
        "teacher_forced_positions": len(forced["float32"]),
        "teacher_forced_agreement": same / len(forced["float32"]),
        "free_greedy_tokens": free_tokens,
        "free_greedy_identical_prefix": free_tokens if first_diff is None else first_diff,
        "decode_s_per_token_keep": per_token("keep"),  # medians over the ABBA runs
        "decode_s_per_token_float32": per_token("float32"),
        "decode_ratio_keep_over_float32_paired": run.ratio("keep", "float32")["paired_median"],
        "decode_order": run.about(),
    }


def bench_gguf(name: str, gguf_path: Path, free_tokens: int, runs: int) -> dict:
    import numpy as np

    from engine.models import gguf_tensor_types, import_gguf

    t0 = time.perf_counter()
    keep = import_gguf(gguf_path, quantization="keep")
    keep_s = time.perf_counter() - t0
    full = import_gguf(gguf_path, quantization="float32")
    marker = json.loads((keep / "alcove_gguf_import.json").read_text())
    gguf_bytes = gguf_path.stat().st_size
    keep_bytes = (keep / "model.safetensors").stat().st_size
    full_bytes = (full / "model.safetensors").stat().st_size
    ours, reference = _weights(keep), _weights(full)
    types = {}
    for hf, t in gguf_tensor_types(gguf_path).items():
        if hf not in reference:
            continue
        err = np.abs(ours[hf] - reference[hf])
        row = types.setdefault(
            t, {"tensors": 0, "max_abs_error": 0.0, "sum": 0.0, "n": 0, "max_abs_weight": 0.0}
        )
        row["tensors"] += 1
        row["max_abs_error"] = max(row["max_abs_error"], float(err.max()))
        row["max_abs_weight"] = max(row["max_abs_weight"], float(np.abs(reference[hf]).max()))
        row["sum"] += float(err.sum())
        row["n"] += err.size
    for row in types.values():
        row["mean_abs_error"] = row.pop("sum") / row.pop("n")
    del ours, reference
    return {
        "model": name,
        "gguf_bytes": gguf_bytes,
        "mlx_keep_bytes": keep_bytes,
        "size_ratio_keep": keep_bytes / gguf_bytes,
        "size_ratio_float32": full_bytes / gguf_bytes,
        "import_seconds_keep": keep_s,
        "requantized_to_8bit": marker["requantized"],
        "error_vs_dequantized_by_gguf_type": types,
        **_agreement(keep, full, free_tokens, runs),
    }


def bench_download(size_mb: int, runs: int) -> dict:
    from huggingface_hub import constants, snapshot_download
    from huggingface_hub.utils import disable_progress_bars

    from app.downloads import DownloadError, download_model
    from tests.app.hub_server import Hub, HubServer

    disable_progress_bars()
    constants.HF_HUB_OFFLINE = False  # loopback only
    out: dict = {"file_bytes": size_mb << 20}
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "repo"
        repo.mkdir()
        (repo / "config.json").write_text(json.dumps({"model_type": "llama"}))
        with (repo / "model.safetensors").open("wb") as fh:
            for _ in range(size_mb):
                fh.write(os.urandom(1 << 20))
        want = hashlib.sha256((repo / "model.safetensors").read_bytes()).hexdigest()
        hub = Hub()
        hub.add("bench/blob", repo)
        with HubServer(hub) as endpoint:
            os.environ["HF_ENDPOINT"] = endpoint
            os.environ.pop("HF_HUB_OFFLINE", None)
            caches = itertools.count()

            def timed(which: str) -> float:
                """MB/s of one download of the repo into a fresh cache (removed after, untimed)."""
                cache = Path(tmp) / f"{which}-{next(caches)}"
                t0 = time.perf_counter()
                if which == "alcove":
                    download_model("bench/blob", token=None, progress=lambda d, t: None, cancel=threading.Event(),
                                   cache_dir=cache)  # fmt: skip
                else:
                    snapshot_download("bench/blob", cache_dir=str(cache), endpoint=endpoint)
                mb_per_s = (size_mb << 20) / (time.perf_counter() - t0) / 1e6
                shutil.rmtree(cache)
                return mb_per_s

            run = abba(
                {"alcove": lambda: timed("alcove"), "huggingface_hub": lambda: timed("huggingface_hub")}, runs
            )
            speed = lambda v: v  # noqa: E731 - each call returns its MB/s
            out.update(run.about())
            out["mb_per_s"] = {k: run.summary(k, speed) for k in run.sides}
            ratio = run.ratio("alcove", "huggingface_hub", speed)
            out["ratio_alcove_over_huggingface_hub"] = ratio["of_medians"]
            out["ratio_alcove_over_huggingface_hub_paired"] = ratio["paired_median"]
            cut = int((size_mb << 20) * 0.4)
            hub.cut_after["model.safetensors"] = cut
            cache = Path(tmp) / "resume"
            try:
                download_model("bench/blob", token=None, progress=lambda d, t: None, cancel=threading.Event(),
                               cache_dir=cache)  # fmt: skip
                interrupted = False
            except DownloadError:
                interrupted = True
            hub.requests.clear()
            path = download_model("bench/blob", token=None, progress=lambda d, t: None, cancel=threading.Event(),
                                  cache_dir=cache)  # fmt: skip
            got = hashlib.sha256((path / "model.safetensors").read_bytes()).hexdigest()
            ranges = [r for _m, p, r in hub.requests if p.endswith("/model.safetensors")]
            out["resume"] = {
                "interrupted_at_bytes": cut,
                "first_attempt_failed": interrupted,
                "second_attempt_range": ranges,
                "bytes_resent": (size_mb << 20) - cut if ranges == [f"bytes={cut}-"] else size_mb << 20,
                "sha256_equal": got == want,
            }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", choices=["load", "gguf", "download"], action="append")
    parser.add_argument("--runs", type=int, default=3, help="ABBA rounds per comparison")
    parser.add_argument("--free-tokens", type=int, default=8)
    parser.add_argument("--download-mb", type=int, default=256)
    args = parser.parse_args()
    only = set(args.only or ["load", "gguf", "download"])
    result: dict = {"blas": blas(), "platform": sys.platform}
    home = tempfile.mkdtemp(prefix="alcove-bench-home-")
    os.environ["ALCOVE_HOME"] = home  # imports land in a scratch cache, measured from scratch
    try:
        if "load" in only:
            result["load_mixed_precision"] = bench_load(args.runs)
        if "gguf" in only:
            from engine.models import gemma3_gguf_path, smollm2_gguf_path

            result["gguf_keep"] = [
                bench_gguf("SmolLM2-135M-Instruct Q4_1", smollm2_gguf_path(), args.free_tokens, args.runs),
                bench_gguf("Gemma 3 270M Q4_K_M", gemma3_gguf_path(), args.free_tokens, args.runs),
            ]
        if "download" in only:
            result["download_loopback"] = bench_download(args.download_mb, args.runs)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    emit(result)


if __name__ == "__main__":
    main()
