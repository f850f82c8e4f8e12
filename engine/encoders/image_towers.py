"""The transformer towers of CLIP and SigLIP in MLX (both vision and text): pre-LayerNorm blocks, fp32 weights
packed at load (q/k/v fused into one pre-transposed matmul, q pre-scaled), and SigLIP's attention-pooling head."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from engine.encoders.kernels import exp_nonpositive, gelu_erf


@dataclass(frozen=True)
class TowerConfig:
    hidden: int
    intermediate: int
    layers: int
    heads: int
    eps: float
    act: str  # quick_gelu | gelu | gelu_pytorch_tanh | gelu_new | gelu_fast


def pack_tower(cfg: TowerConfig, need: Callable, prefix: str) -> list[dict]:
    """Each layer's weights as the forward uses them; ``need(name, shape)`` returns a checked tensor."""
    import mlx.core as mx

    H, inter = cfg.hidden, cfg.intermediate
    scale = 1.0 / math.sqrt(H // cfg.heads)
    layers = []
    for i in range(cfg.layers):
        p = f"{prefix}{i}."

        def lin(name: str, out_dim: int, in_dim: int, p: str = p):
            return need(p + name + ".weight", (out_dim, in_dim)), need(p + name + ".bias", (out_dim,))

        qw, qb = lin("self_attn.q_proj", H, H)
        kw, kb = lin("self_attn.k_proj", H, H)
        vw, vb = lin("self_attn.v_proj", H, H)
        ow, ob = lin("self_attn.out_proj", H, H)
        f1w, f1b = lin("mlp.fc1", inter, H)
        f2w, f2b = lin("mlp.fc2", H, inter)
        layers.append(
            {
                "ln1_w": need(p + "layer_norm1.weight", (H,)),
                "ln1_b": need(p + "layer_norm1.bias", (H,)),
                "qkv_w": mx.contiguous(mx.concatenate([qw * scale, kw, vw], axis=0).T),
                "qkv_b": mx.concatenate([qb * scale, kb, vb]),
                "o_w": mx.contiguous(ow.T),
                "o_b": ob,
                "ln2_w": need(p + "layer_norm2.weight", (H,)),
                "ln2_b": need(p + "layer_norm2.bias", (H,)),
                "fc1_w": mx.contiguous(f1w.T),
                "fc1_b": f1b,
                "fc2_w": mx.contiguous(f2w.T),
                "fc2_b": f2b,
            }
        )
    return layers


def activation(name: str, x):
    """The tower's activation as one compiled, vectorisable kernel (mlx's own exp, erf and tanh are scalar on the
    CPU: the quick-GELU took a quarter of a ViT-B/32's time; bench/bench_image_embed.py --ablate)."""
    fn = _COMPILED.get(name)
    if fn is None:
        import mlx.core as mx

        fn = _COMPILED[name] = mx.compile(_ACTIVATIONS.get(name, _gelu_tanh))
    return fn(x)


def _quick_gelu(x):
    """x * sigmoid(1.702 x) = x/2 + (sigmoid(1.702 |x|) - 1/2) |x|, the exp taken of a non-positive argument only."""
    import mlx.core as mx

    a = mx.abs(x)
    e = exp_nonpositive(a * -1.702)
    return x * 0.5 + (1.0 / (1.0 + e) - 0.5) * a


def _gelu_tanh(x):
    """x/2 (1 + tanh(u)), u = sqrt(2/pi) (x + 0.044715 x^3): tanh(|u|) = (1 - e) / (1 + e) with e = exp(-2|u|), and u
    has the sign of x, so x tanh(u) = |x| tanh(|u|)."""
    import mlx.core as mx

    a = mx.abs(x)
    e = exp_nonpositive(a * (1.0 + 0.044715 * a * a) * (-2.0 * math.sqrt(2.0 / math.pi)))
    return x * 0.5 + a * 0.5 * (1.0 - e) / (1.0 + e)


_ACTIVATIONS = {"quick_gelu": _quick_gelu, "gelu": gelu_erf}
_COMPILED: dict = {}


def mlp(cfg: TowerConfig, x, w1, b1, w2, b2):
    import mlx.core as mx

    return mx.addmm(b2, activation(cfg.act, mx.addmm(b1, x, w1)), w2)


def _attend(q, k, v, causal: bool):
    """softmax(q k^T) v over [B, heads, L, d] (q pre-scaled); ``causal``: each position sees itself and before."""
    import mlx.core as mx

    s = q @ k.transpose(0, 1, 3, 2)
    if causal:
        L = s.shape[-1]
        s = s + mx.triu(mx.full((L, L), -1e9, dtype=s.dtype), k=1)
    return mx.softmax(s, axis=-1, precise=True) @ v


def run_tower(cfg: TowerConfig, layers: list[dict], x, causal: bool):
    """The encoder blocks over [B, L, H]: x + attn(ln1(x)), then x + mlp(ln2(x))."""
    import mlx.core as mx

    B, L, H = x.shape
    nh = cfg.heads
    hd = H // nh
    x = x.reshape(B * L, H)
    for lp in layers:
        h = mx.fast.layer_norm(x, lp["ln1_w"], lp["ln1_b"], cfg.eps)
        qkv = mx.addmm(lp["qkv_b"], h, lp["qkv_w"]).reshape(B, L, 3, nh, hd).transpose(2, 0, 3, 1, 4)
        a = _attend(qkv[0], qkv[1], qkv[2], causal).transpose(0, 2, 1, 3).reshape(B * L, H)
        x = x + mx.addmm(lp["o_b"], a, lp["o_w"])
        h = mx.fast.layer_norm(x, lp["ln2_w"], lp["ln2_b"], cfg.eps)
        x = x + mlp(cfg, h, lp["fc1_w"], lp["fc1_b"], lp["fc2_w"], lp["fc2_b"])
    return x.reshape(B, L, H)


def pool_map_head(cfg: TowerConfig, p: dict, x):
    """SigLIP's multi-head attention pooling: a learnt probe attends over the patches (torch's
    nn.MultiheadAttention), then probe + mlp(layernorm(probe)); [B, L, H] -> [B, H]."""
    import mlx.core as mx

    B, L, H = x.shape
    nh = cfg.heads
    hd = H // nh
    w, b = p["in_w"], p["in_b"]
    q = (p["probe"].reshape(1, H) @ w[:, :H] + b[:H]) / math.sqrt(hd)
    kv = mx.addmm(b[H:], x.reshape(B * L, H), w[:, H:]).reshape(B, L, 2, nh, hd).transpose(2, 0, 3, 1, 4)
    q = mx.broadcast_to(q.reshape(1, nh, 1, hd), (B, nh, 1, hd))
    a = _attend(q, kv[0], kv[1], causal=False).transpose(0, 2, 1, 3).reshape(B, H)
    a = mx.addmm(p["out_b"], a, p["out_w"])
    h = mx.fast.layer_norm(a, p["ln_w"], p["ln_b"], cfg.eps)
    return a + mlp(cfg, h, p["fc1_w"], p["fc1_b"], p["fc2_w"], p["fc2_b"])
