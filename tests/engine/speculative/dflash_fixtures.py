"""Tiny DFlash drafters in the reference's on-disk format, their Qwen3 target, and the references' forwards.

The drafter checkpoint is what the reference's ``DFlashDraftModel.save_pretrained`` writes (config.json with
``architectures: ["DFlashDraftModel"]``, ``num_target_layers``, ``block_size``, ``dflash_config``; safetensors named
``layers.N.*``, ``fc``, ``hidden_norm``, ``norm``), written here with random weights so the tests need no reference
package to build it. References: PyPI ``dflash`` 0.1.0 (PyTorch; over a transformers Qwen3 target) and ``dflash-mlx``
0.1.8 (MLX).
"""

from __future__ import annotations

import json
from pathlib import Path

import mlx.core as mx
import numpy as np

from tests.tiny_models import make_tiny_model

V = 12
HIDDEN = 64
TARGET_LAYERS = 4
LAYER_IDS = [1, 2]
MASK = V - 1
BLOCK = 4


def build_target(folder: Path, seed: int = 0) -> Path:
    return make_tiny_model(folder, "qwen3", seed=seed, vocab_size=V, num_hidden_layers=TARGET_LAYERS)


def drafter_config(**over) -> dict:
    cfg = {
        "architectures": ["DFlashDraftModel"],
        "model_type": "qwen3",
        "attention_bias": False,
        "block_size": BLOCK,
        "dflash_config": {"mask_token_id": MASK, "target_layer_ids": list(LAYER_IDS)},
        "head_dim": 16,
        "hidden_act": "silu",
        "hidden_size": HIDDEN,
        "intermediate_size": 96,
        "max_position_embeddings": 2048,
        "num_attention_heads": 4,
        "num_hidden_layers": 2,
        "num_key_value_heads": 2,
        "num_target_layers": TARGET_LAYERS,
        "rms_norm_eps": 1e-6,
        "rope_theta": 10000.0,
        "rope_scaling": None,
        "tie_word_embeddings": False,
        "torch_dtype": "float32",
        "vocab_size": V,
    }
    cfg.update(over)
    return cfg


def drafter_tensors(cfg: dict, seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    h, d, i = cfg["hidden_size"], cfg["head_dim"], cfg["intermediate_size"]
    q, kv = cfg["num_attention_heads"] * d, cfg["num_key_value_heads"] * d
    n_ids = len(cfg["dflash_config"]["target_layer_ids"])
    shapes = {"fc.weight": (h, n_ids * h), "hidden_norm.weight": (h,), "norm.weight": (h,)}
    for n in range(cfg["num_hidden_layers"]):
        p = f"layers.{n}."
        shapes.update(
            {
                p + "self_attn.q_proj.weight": (q, h),
                p + "self_attn.k_proj.weight": (kv, h),
                p + "self_attn.v_proj.weight": (kv, h),
                p + "self_attn.o_proj.weight": (h, q),
                p + "self_attn.q_norm.weight": (d,),
                p + "self_attn.k_norm.weight": (d,),
                p + "mlp.gate_proj.weight": (i, h),
                p + "mlp.up_proj.weight": (i, h),
                p + "mlp.down_proj.weight": (h, i),
                p + "input_layernorm.weight": (h,),
                p + "post_attention_layernorm.weight": (h,),
            }
        )
    out = {}
    for name, shape in shapes.items():
        noise = rng.standard_normal(shape).astype(np.float32)
        out[name] = noise * 0.15 if len(shape) == 2 else 1.0 + 0.3 * noise
    return out


def build_drafter(folder: Path, seed: int = 1, drop: str | None = None, **over) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    cfg = drafter_config(**over)
    (folder / "config.json").write_text(json.dumps(cfg, indent=2))
    tensors = drafter_tensors(cfg, seed)
    tensors.pop(drop, None)
    mx.save_safetensors(
        str(folder / "model.safetensors"),
        {k: mx.array(v) for k, v in tensors.items()},
        metadata={"format": "pt"},
    )
    return folder


def hf_target_rows(hf_target, ids: list[int]):
    """The reference's context features for ``ids``: ``hidden_states[layer_id + 1]`` concatenated (torch)."""
    import torch

    with torch.no_grad():
        out = hf_target(torch.tensor([ids]), output_hidden_states=True)
    return torch.cat([out.hidden_states[i + 1] for i in LAYER_IDS], dim=-1)


def torch_block_logits(hf_target, torch_drafter, context: list[int], block: list[int]) -> np.ndarray:
    """PyPI dflash 0.1.0's drafter on a transformers target: logits of the block's masked positions."""
    import torch
    import torch.nn.functional as F

    rows = hf_target_rows(hf_target, context)
    with torch.no_grad():
        noise = F.embedding(torch.tensor([block]), hf_target.get_input_embeddings().weight)
        pos = torch.arange(len(context) + len(block))[None]
        hidden = torch_drafter(target_hidden=rows, noise_embedding=noise, position_ids=pos)[:, 1:]
        return torch_drafter.compute_logits(hidden, hf_target.lm_head)[0].numpy()


def mlx_ref_drafter(folder: Path):
    """dflash-mlx 0.1.8's drafter with the checkpoint's weights."""
    from dflash_mlx.model import DFlashDraftModel, DFlashDraftModelArgs

    cfg = json.loads((folder / "config.json").read_text())
    model = DFlashDraftModel(DFlashDraftModelArgs.from_dict(cfg))
    model.load_weights(list(mx.load(str(folder / "model.safetensors")).items()))
    return model


def mlx_ref_block_logits(hf_target, ref, context: list[int], block: list[int]) -> np.ndarray:
    """dflash-mlx's drafter on the transformers target's features and head (its embedding, its lm_head)."""
    rows = mx.array(hf_target_rows(hf_target, context).numpy())
    emb = mx.array(hf_target.get_input_embeddings().weight.detach().numpy())
    head = mx.array(hf_target.lm_head.weight.detach().numpy())
    hidden = ref(noise_embedding=emb[mx.array([block])], target_hidden=rows)[:, 1:]
    return np.array(hidden[0] @ head.T)
