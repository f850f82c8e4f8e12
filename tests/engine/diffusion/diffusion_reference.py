"""Tiny DiffusionGemma checkpoints built with transformers (the reference), saved with ``save_pretrained``.

Shared by the DiffusionGemma model and generation tests and by bench/bench_diffusion.py. Imports torch lazily.
"""

from __future__ import annotations

from pathlib import Path

# Gemma 4's vision tower is part of every DiffusionGemma checkpoint; a tiny one keeps the saved files small.
TINY_VISION = dict(
    model_type="gemma4_vision",
    hidden_size=16,
    intermediate_size=32,
    num_hidden_layers=1,
    num_attention_heads=2,
    num_key_value_heads=2,
    head_dim=8,
)

BASE_TEXT = dict(
    vocab_size=128,
    hidden_size=32,
    intermediate_size=48,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=8,
    global_head_dim=16,
    num_experts=4,
    top_k_experts=2,
    moe_intermediate_size=16,
    eos_token_id=1,
    pad_token_id=0,
)

# "Dense" is as close as the architecture gets: every DiffusionGemma layer carries a routed MoE beside its MLP,
# and a config without experts cannot be built. One expert chosen for every token makes the MoE a second MLP.
CONFIGS = {
    "dense": dict(
        BASE_TEXT, num_hidden_layers=2, num_experts=1, top_k_experts=1, layer_types=["full_attention"] * 2
    ),
    "moe": dict(
        BASE_TEXT,
        num_hidden_layers=3,
        num_experts=6,
        top_k_experts=2,
        num_global_key_value_heads=1,
        layer_types=["sliding_attention", "full_attention", "full_attention"],
        sliding_window=64,
    ),
    "sliding": dict(
        BASE_TEXT,
        num_hidden_layers=4,
        sliding_window=5,
        layer_types=["sliding_attention", "sliding_attention", "full_attention", "full_attention"],
    ),
    "bidirectional": dict(
        BASE_TEXT,
        num_hidden_layers=3,
        sliding_window=8,
        use_bidirectional_attention="all",
        layer_types=["sliding_attention", "sliding_attention", "full_attention"],
    ),
}


def randomize_(model, seed: int, std: float = 0.15) -> None:
    """Random values for every parameter and buffer that a fresh model leaves at 1 (norm weights, scalars,
    router scales), so that a mix-up between them cannot pass unnoticed."""
    import torch

    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "vision" in name:
                continue
            if p.dim() == 1 or name.endswith(("scale", "per_expert_scale")):
                p.copy_(1.0 + 0.3 * torch.randn(p.shape, generator=g))
            else:
                p.copy_(std * torch.randn(p.shape, generator=g))
        for name, b in model.named_buffers():
            if name.endswith("layer_scalar"):
                b.copy_(0.5 + torch.rand(b.shape, generator=g))


def make_reference(
    folder: Path,
    kind: str,
    *,
    seed: int = 0,
    canvas_length: int = 6,
    shard: bool = False,
    std: float = 0.15,
    **over,
):
    """Build, randomize and save a tiny reference model; returns the (eval-mode, fp32) torch model."""
    import torch
    from transformers import DiffusionGemmaConfig, DiffusionGemmaForBlockDiffusion

    text = dict(CONFIGS[kind], **over)
    cfg = DiffusionGemmaConfig(text_config=text, vision_config=TINY_VISION, canvas_length=canvas_length)
    torch.manual_seed(seed)
    model = DiffusionGemmaForBlockDiffusion._from_config(cfg, attn_implementation="sdpa", dtype=torch.float32)
    randomize_(model, seed, std)
    model.eval()
    kwargs = {"max_shard_size": "40KB"} if shard else {}
    model.save_pretrained(folder, **kwargs)
    return model


def patch_bidirectional_reference(monkeypatch) -> None:
    """transformers 5.24 cannot run an encoder with ``use_bidirectional_attention="all"``: its config-defaults
    decorator adds ``is_causal`` to the kwargs, and the attention layer passes ``is_causal=self.is_causal`` as well
    ("got multiple values for keyword argument 'is_causal'"). Dropping the duplicate (the two values agree) is the
    smallest change that lets the reference run."""
    from transformers.models.diffusion_gemma import modeling_diffusion_gemma as mdg

    original = mdg.DiffusionGemmaEncoderTextAttention.forward

    def forward(self, *args, **kwargs):
        kwargs.pop("is_causal", None)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(mdg.DiffusionGemmaEncoderTextAttention, "forward", forward)
