"""Image embedding throughput (images/s) of Alcove's MLX image-text embedder, beside transformers' CLIPModel on
PyTorch CPU with the same weights and the same preprocessed pixels.

Models are random-weight CLIPModel folders saved by transformers in the real on-disk format and loaded through
Alcove's loader: ``tiny`` (the test model: 32 px, 2 layers of 32) and ``base`` (ViT-B/32 shapes: 224 px, patch 32,
12 layers of 768, projection 512, with its text tower; RANDOM weights, so only the speed means anything). No real
checkpoint is available offline. Both sides run in ABBA order (bench/abba.py); preprocessing is timed apart.
Prints JSON; never passes or fails on time.

    .venv/bin/python bench/bench_image_embed.py                       # tiny and base, batch 16, 3 rounds
    .venv/bin/python bench/bench_image_embed.py --sizes base --images 64 --batch 8 --rounds 5
    .venv/bin/python bench/bench_image_embed.py --sizes base --images 16 --ablate   # where the time goes
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from engine.core import preload_blas  # noqa: E402

preload_blas()
from abba import abba  # noqa: E402

SIZES = {
    "tiny": {},
    "base": dict(
        hidden=768,
        layers=12,
        heads=12,
        image_size=224,
        patch=32,
        projection=512,
        intermediate=3072,
        text_hidden=512,
        text_heads=8,
    ),  # fmt: skip
}


def _images(n: int, seed: int = 0):
    """Real-sized photos' shapes (640x480 and 480x640): noise, since only the speed is measured."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(seed)
    shapes = [(480, 640), (640, 480)]
    return [Image.fromarray(rng.integers(0, 256, (*shapes[i % 2], 3), dtype=np.uint8)) for i in range(n)]


def measure(size: str, n: int, batch: int, rounds: int, threads: int) -> dict:
    import numpy as np
    import torch

    from engine.encoders import load_image_text_embedder
    from tests.tiny_image_text import make_tiny_clip

    torch.set_num_threads(threads)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        ref = make_tiny_clip(Path(tmp), seed=0, **SIZES[size])
        made = time.perf_counter() - t0
        t0 = time.perf_counter()
        emb = load_image_text_embedder(tmp)
        load_s = time.perf_counter() - t0
    emb.max_batch_images = batch
    images = _images(n)
    t0 = time.perf_counter()
    pixels = np.stack([emb.preprocessor(im) for im in images])
    pre_s = time.perf_counter() - t0

    def torch_side():
        out = []
        with torch.no_grad():
            for s in range(0, n, batch):
                v = ref.get_image_features(pixel_values=torch.from_numpy(pixels[s : s + batch]))
                out.append(getattr(v, "pooler_output", v))
        return torch.nn.functional.normalize(torch.cat(out), dim=-1).numpy()

    run = abba({"alcove_mlx": lambda: emb.embed_pixels(pixels), "transformers_torch": torch_side},
               rounds=rounds, warmup=1)  # fmt: skip
    ours, theirs = run.results("alcove_mlx")[-1], run.results("transformers_torch")[-1]
    per_side = {}
    for side in ("alcove_mlx", "transformers_torch"):
        s = run.summary(side)
        per_side[side] = {"images_per_s_median": round(n / s["median"], 2), "images_per_s_best": round(n / s["min"], 2),
                          "seconds": s}  # fmt: skip
    return {
        "size": size,
        "weights": "random (transformers CLIPModel init, saved as safetensors)",
        "vision": {k: getattr(emb.cfg.vision, k) for k in ("hidden", "layers", "heads", "intermediate")},
        "image_size": emb.cfg.image_size,
        "patch_size": emb.cfg.patch_size,
        "dim": emb.dim,
        "images": n,
        "batch": batch,
        "threads": threads,
        "model_build_s": round(made, 2),
        "load_s": round(load_s, 3),
        "preprocess_images_per_s": round(n / pre_s, 1),
        **per_side,
        "ratio_mlx_over_torch_time": run.ratio("alcove_mlx", "transformers_torch"),
        "max_abs_diff_vs_torch": float(np.abs(ours - theirs).max()),
    }


def ablate(size: str, n: int, batch: int, rounds: int) -> dict:
    """Images/s of the MLX towers as they are, with the activation replaced by the identity, and with the softmax
    left out (wrong vectors, on purpose): how much of the time the elementwise work takes."""
    import numpy as np

    from engine.encoders import image_towers, load_image_text_embedder
    from tests.tiny_image_text import make_tiny_clip

    with tempfile.TemporaryDirectory() as tmp:
        make_tiny_clip(Path(tmp), seed=0, **SIZES[size])
        emb = load_image_text_embedder(tmp)
    emb.max_batch_images = batch
    pixels = np.random.default_rng(0).standard_normal((n, 3, emb.cfg.image_size, emb.cfg.image_size))
    act, attend = image_towers.activation, image_towers._attend
    variants = {
        "as_is": (act, attend),
        "no_activation": (lambda name, x: x, attend),
        "no_softmax": (act, lambda q, k, v, causal: (q @ k.transpose(0, 1, 3, 2)) @ v),
    }

    def side(name):
        def call():
            image_towers.activation, image_towers._attend = variants[name]
            try:
                return emb.embed_pixels(pixels)
            finally:
                image_towers.activation, image_towers._attend = act, attend

        return call

    run = abba({name: side(name) for name in variants}, rounds=rounds, warmup=1)
    return {name: round(n / run.summary(name)["median"], 2) for name in variants} | {
        "size": size,
        "images": n,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="tiny,base")
    ap.add_argument("--images", type=int, default=32)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ablate", action="store_true", help="images/s without the activation / the softmax")
    args = ap.parse_args()
    threads = int(os.environ.get("OPENBLAS_NUM_THREADS", "0") or 0) or os.cpu_count() or 1
    out = {"blas": os.environ.get("ALCOVE_BLAS", "openblas"), "cpu_count": os.cpu_count(), "results": []}
    for size in args.sizes.split(","):
        if args.ablate:
            out["results"].append(ablate(size, args.images, args.batch, args.rounds))
        else:
            out["results"].append(measure(size, args.images, args.batch, args.rounds, threads))
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
