"""Block diffusion vs autoregressive decoding: forward passes and wall time per output token (JSON).

A DiffusionGemma-shaped random model (MLX, fp32) generates through ``diffusion_generate`` over a sweep of canvas
lengths and denoising step counts; an mlx-lm ``gemma3_text`` random model of similar width, depth and active
parameters decodes greedily with a KV cache, one forward per token. Random weights: the figures measure cost, not
quality (a random model never becomes confident, so adaptive stopping rarely cuts steps here; real checkpoints
stop early and need fewer passes). The autoregressive model and every grid point run in palindromic order (ar, d1,
..., dn, dn, ..., d1, ar: bench/abba.py) for --runs rounds; times are min/median over each one's runs, and each
grid point's ratio to autoregressive decoding is given of the medians and per round.

    .venv/bin/python bench/bench_diffusion.py [--tokens 64] [--runs 3] [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import threading
import time

from _common import blas, emit, preload_blas
from abba import abba

preload_blas()  # OpenBLAS must be loaded before mlx.core (a no-op if _common already did it)

import mlx.core as mx  # noqa: E402
import mlx.nn as nn  # noqa: E402

from engine.diffusion import (  # noqa: E402  # noqa: E402
    DiffusionGemma,  # noqa: E402
    DiffusionGemmaArgs,
    DiffusionGenConfig,
    LayerSpec,
    diffusion_generate,
)

HIDDEN, LAYERS, HEADS, HEAD_DIM, VOCAB = 512, 6, 8, 64, 16384
EXPERTS, TOP_K, MOE_I, DENSE_I = 8, 2, 256, 1024


def _randomize(model: nn.Module, seed: int) -> None:
    mx.random.seed(seed)
    params = []
    for name, p in nn.utils.tree_flatten(model.parameters()):
        if p.ndim == 1:
            params.append((name, mx.ones(p.shape)))
        else:
            params.append((name, 0.02 * mx.random.normal(p.shape)))
    model.load_weights(params, strict=False)
    mx.eval(model.parameters())


def diffusion_model() -> DiffusionGemma:
    specs = tuple(
        LayerSpec(
            sliding=(i + 1) % 3 != 0,
            head_dim=HEAD_DIM if (i + 1) % 3 else 2 * HEAD_DIM,
            num_kv_heads=4 if (i + 1) % 3 else 1,
            rope_type="default" if (i + 1) % 3 else "proportional",
            rope_theta=10_000.0 if (i + 1) % 3 else 1_000_000.0,
            partial_rotary_factor=1.0 if (i + 1) % 3 else 0.25,
        )
        for i in range(LAYERS)
    )
    args = DiffusionGemmaArgs(
        vocab_size=VOCAB,
        hidden_size=HIDDEN,
        intermediate_size=DENSE_I,
        num_attention_heads=HEADS,
        layers=specs,
        sliding_window=512,
        bidirectional_encoder=False,
        rms_norm_eps=1e-6,
        final_logit_softcapping=30.0,
        num_experts=EXPERTS,
        top_k_experts=TOP_K,
        moe_intermediate_size=MOE_I,
        hidden_activation="gelu_pytorch_tanh",
        attention_bias=False,
        canvas_length=32,
        eos_token_ids=(),  # never stop on a random token: every run produces exactly --tokens tokens
        pad_token_id=0,
        bos_token_id=2,
    )
    model = DiffusionGemma(args)
    _randomize(model, 0)
    return model


def ar_model():
    from mlx_lm.models import gemma3_text

    args = gemma3_text.ModelArgs(
        model_type="gemma3_text",
        hidden_size=HIDDEN,
        num_hidden_layers=LAYERS,
        intermediate_size=DENSE_I + TOP_K * MOE_I,  # the dense MLP plus the experts a token actually uses
        num_attention_heads=HEADS,
        head_dim=HEAD_DIM,
        num_key_value_heads=4,
        vocab_size=VOCAB,
        query_pre_attn_scalar=HEAD_DIM,
    )
    model = gemma3_text.Model(args)
    _randomize(model, 1)
    return model


def _params(model: nn.Module) -> int:
    return sum(p.size for _, p in nn.utils.tree_flatten(model.parameters()))


def run_ar(model, prompt: list[int], tokens: int) -> tuple[float, int]:
    from mlx_lm.models.cache import make_prompt_cache

    t0 = time.perf_counter()
    cache = make_prompt_cache(model)
    logits = model(mx.array([prompt]), cache=cache)
    forwards = 1
    out = []
    for _ in range(tokens):
        tok = mx.argmax(logits[:, -1, :], axis=-1)
        mx.eval(tok)
        out.append(tok.item())
        if len(out) == tokens:
            break
        logits = model(tok[None], cache=cache)
        forwards += 1
    return time.perf_counter() - t0, forwards


def run_diffusion(
    model, prompt: list[int], tokens: int, cfg: DiffusionGenConfig, seed: int
) -> tuple[float, dict]:
    t0 = time.perf_counter()
    result = None
    for ev in diffusion_generate(
        model,
        prompt,
        max_tokens=tokens,
        gen_config=cfg,
        cancel=threading.Event(),
        request_id="bench",
        decode=lambda ids: "",
        seed=seed,
    ):
        result = ev
    wall = time.perf_counter() - t0
    d = result.diffusion
    assert len(result.tokens) == tokens
    return wall, {
        "forwards": d.forward_passes,
        "encoder_forwards": result.encoder_forwards,
        "blocks": d.blocks,
        "early_stops": d.early_stops,
        "steps_per_block": list(d.steps_per_block),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokens", type=int, default=64)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="a smaller sweep")
    a = ap.parse_args()
    prompt = list(range(3, 35))  # 32 prompt tokens

    dm, am = diffusion_model(), ar_model()
    report = {
        "blas": blas(),
        "tokens": a.tokens,
        "prompt_tokens": len(prompt),
        "runs": a.runs,
        "diffusion_params": _params(dm),
        "ar_params": _params(am),
        "shape": {
            "hidden": HIDDEN,
            "layers": LAYERS,
            "vocab": VOCAB,
            "experts": f"{TOP_K}/{EXPERTS}x{MOE_I}",
        },
    }

    canvases = (16, 32) if a.quick else (16, 32, 64)
    steps_list = (4, 8) if a.quick else (4, 8, 16)
    grid = [(c, s, False) for c in canvases for s in steps_list] + [(32, 8, True)]
    run_ar(am, prompt, 4)  # warm-up
    run_diffusion(
        dm, prompt, 8, DiffusionGenConfig(max_denoising_steps=2, canvas_length=8, emit_canvas=False), 0
    )

    def diffusion_side(cfg: DiffusionGenConfig):
        seeds = itertools.count()  # the k-th run of every configuration, seed k
        return lambda: run_diffusion(dm, prompt, a.tokens, cfg, seed=next(seeds))

    sides = {"autoregressive": lambda: run_ar(am, prompt, a.tokens)}
    for canvas, steps, adaptive in grid:
        cfg = DiffusionGenConfig(max_denoising_steps=steps, canvas_length=canvas, adaptive_stopping=adaptive,
                                 emit_canvas=False)  # fmt: skip
        sides[f"canvas{canvas}_steps{steps}" + ("_adaptive" if adaptive else "")] = diffusion_side(cfg)
    # The autoregressive model and every grid point in palindromic order (ar, d1, ..., dn, dn, ..., d1, ar) for
    # --runs rounds: each is timed beside the others, none always first or last.
    run = abba(sides, a.runs)
    per_token = lambda r: r[0] / a.tokens  # noqa: E731 - both runners return (wall seconds, ...)
    report["order"] = run.about()
    report["autoregressive"] = {
        "forwards_per_token": run.results("autoregressive")[-1][1] / a.tokens,
        "s_per_token": run.summary("autoregressive", per_token),
    }
    rows = []
    for (canvas, steps, adaptive), name in zip(grid, list(sides)[1:], strict=True):
        info = run.results(name)[-1][1]
        ratio = run.ratio(name, "autoregressive", per_token)
        rows.append(
            {
                "canvas": canvas,
                "steps": steps,
                "adaptive_stopping": adaptive,
                "decoder_forwards_per_token": info["forwards"] / a.tokens,
                "encoder_forwards": info["encoder_forwards"],
                "early_stops": info["early_stops"],
                "s_per_token": run.summary(name, per_token),
                "wall_ratio_vs_ar": ratio["of_medians"],
                "wall_ratio_vs_ar_paired": ratio["paired_median"],
            }
        )
    report["diffusion"] = rows
    emit(report)


if __name__ == "__main__":
    main()
