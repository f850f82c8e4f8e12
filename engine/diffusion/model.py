"""DiffusionGemma (block diffusion) in MLX: one weight stack run two ways.

The encoder runs the stack causally (or bidirectionally when the config says ``use_bidirectional_attention="all"``)
over the prompt and each settled block, appending to a KV cache. The decoder runs the same weights bidirectionally
over a canvas, reading that cache without changing it, and adds a self-conditioning signal made from the previous
step's logits. Only the per-layer ``layer_scalar`` differs between the two runs (the reference ties everything else).
"""

from __future__ import annotations

import math

import mlx.core as mx
import mlx.nn as nn
import numpy as np

from engine.diffusion.args import DiffusionGemmaArgs, LayerSpec


def _gelu_tanh(x: mx.array) -> mx.array:
    return 0.5 * x * (1.0 + mx.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x * x * x)))


class RMSNorm(nn.Module):
    """Gemma 4 flavour: plain ``weight`` (not ``1 + weight``); ``with_scale=False`` has no parameter at all."""

    def __init__(self, dims: int, eps: float, with_scale: bool = True):
        super().__init__()
        self.eps = eps
        if with_scale:
            self.weight = mx.ones((dims,))

    def __call__(self, x: mx.array) -> mx.array:
        return mx.fast.rms_norm(x, self.get("weight"), self.eps)


def _inv_freq(spec: LayerSpec) -> np.ndarray:
    hd = spec.head_dim
    if spec.rope_type == "proportional":
        # Only the first `partial * head_dim / 2` frequencies rotate; the rest stay at angle 0 (identity).
        angles = int(spec.partial_rotary_factor * hd // 2)
        exps = np.arange(0, 2 * angles, 2, dtype=np.float32) / np.float32(hd)
        rotated = np.float32(1.0) / (np.float32(spec.rope_theta) ** exps)
        return np.concatenate([rotated, np.zeros(hd // 2 - angles, np.float32)]).astype(np.float32)
    if spec.rope_type != "default":
        raise ValueError(f"unsupported rope type {spec.rope_type!r}")
    dim = int(hd * spec.partial_rotary_factor)
    exps = np.arange(0, dim, 2, dtype=np.float32) / np.float32(dim)
    return (np.float32(1.0) / (np.float32(spec.rope_theta) ** exps)).astype(np.float32)


def _rope(x: mx.array, cos: mx.array, sin: mx.array) -> mx.array:
    """``x``: [B, H, T, D]; rotate-half convention with cos/sin over the whole head."""
    half = x.shape[-1] // 2
    rotated = mx.concatenate([-x[..., half:], x[..., :half]], axis=-1)
    return x * cos + rotated * sin


class Attention(nn.Module):
    def __init__(self, args: DiffusionGemmaArgs, spec: LayerSpec):
        super().__init__()
        h, hd, kvh = args.num_attention_heads, spec.head_dim, spec.num_kv_heads
        self.n_heads, self.n_kv_heads, self.head_dim = h, kvh, hd
        bias = args.attention_bias
        self.q_proj = nn.Linear(args.hidden_size, h * hd, bias=bias)
        self.k_proj = nn.Linear(args.hidden_size, kvh * hd, bias=bias)
        if spec.sliding:  # full-attention layers use the (un-normed) keys as values
            self.v_proj = nn.Linear(args.hidden_size, kvh * hd, bias=bias)
        self.o_proj = nn.Linear(h * hd, args.hidden_size, bias=bias)
        self.q_norm = RMSNorm(hd, args.rms_norm_eps)
        self.k_norm = RMSNorm(hd, args.rms_norm_eps)
        self.v_norm = RMSNorm(hd, args.rms_norm_eps, with_scale=False)

    def project(self, x: mx.array, cos: mx.array, sin: mx.array) -> tuple[mx.array, mx.array, mx.array]:
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).reshape(b, t, self.n_heads, self.head_dim)).transpose(0, 2, 1, 3)
        k_raw = self.k_proj(x).reshape(b, t, self.n_kv_heads, self.head_dim)
        v_raw = self.v_proj(x).reshape(b, t, self.n_kv_heads, self.head_dim) if "v_proj" in self else k_raw
        k = self.k_norm(k_raw).transpose(0, 2, 1, 3)
        v = self.v_norm(v_raw).transpose(0, 2, 1, 3)
        return _rope(q, cos, sin), _rope(k, cos, sin), v

    def attend(self, q: mx.array, k: mx.array, v: mx.array, mask: mx.array | None) -> mx.array:
        b, _, t, _ = q.shape
        out = mx.fast.scaled_dot_product_attention(
            q, k, v, scale=1.0, mask=mask
        )  # q/k norms replace 1/sqrt(d)
        return self.o_proj(out.transpose(0, 2, 1, 3).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, hidden: int, intermediate: int):
        super().__init__()
        self.gate_proj = nn.Linear(hidden, intermediate, bias=False)
        self.up_proj = nn.Linear(hidden, intermediate, bias=False)
        self.down_proj = nn.Linear(intermediate, hidden, bias=False)

    def __call__(self, x: mx.array) -> mx.array:
        return self.down_proj(_gelu_tanh(self.gate_proj(x)) * self.up_proj(x))


class Router(nn.Module):
    def __init__(self, args: DiffusionGemmaArgs):
        super().__init__()
        self.top_k = args.top_k_experts
        self.root = args.hidden_size**-0.5
        self.norm = RMSNorm(args.hidden_size, args.rms_norm_eps, with_scale=False)
        self.proj = nn.Linear(args.hidden_size, args.num_experts, bias=False)
        self.scale = mx.ones((args.hidden_size,))
        self.per_expert_scale = mx.ones((args.num_experts,))

    def __call__(self, x: mx.array) -> tuple[mx.array, mx.array]:
        scores = self.proj(self.norm(x) * self.scale * self.root)
        probs = mx.softmax(scores.astype(mx.float32), axis=-1)
        idx = mx.argpartition(-probs, kth=self.top_k - 1, axis=-1)[..., : self.top_k]
        w = mx.take_along_axis(probs, idx, axis=-1)
        w = w / w.sum(axis=-1, keepdims=True)
        return w * self.per_expert_scale[idx], idx


class ExpertLinear(nn.Module):
    """``num_experts`` stacked [out, in] matrices; each token is multiplied by the experts it was routed to."""

    def __init__(self, num_experts: int, in_dims: int, out_dims: int):
        super().__init__()
        self.weight = mx.zeros((num_experts, out_dims, in_dims))

    def __call__(self, x: mx.array, idx: mx.array) -> mx.array:
        return mx.gather_mm(x, self.weight.swapaxes(-1, -2), rhs_indices=idx)

    def to_quantized(
        self, group_size: int = 64, bits: int = 4, mode: str = "affine", **_
    ) -> QuantizedExpertLinear:
        return QuantizedExpertLinear(self.weight, group_size, bits, mode)


class QuantizedExpertLinear(nn.Module):
    def __init__(self, weight: mx.array, group_size: int, bits: int, mode: str = "affine"):
        super().__init__()
        self.group_size, self.bits, self.mode = group_size, bits, mode
        self.weight, self.scales, *biases = mx.quantize(weight, group_size, bits, mode=mode)
        self.biases = biases[0] if biases else None
        self.freeze()

    def __call__(self, x: mx.array, idx: mx.array) -> mx.array:
        return mx.gather_qmm(
            x,
            self["weight"],
            self["scales"],
            self.get("biases"),
            rhs_indices=idx,
            transpose=True,
            group_size=self.group_size,
            bits=self.bits,
            mode=self.mode,
        )


class Experts(nn.Module):
    def __init__(self, args: DiffusionGemmaArgs):
        super().__init__()
        self.gate_up_proj = ExpertLinear(args.num_experts, args.hidden_size, 2 * args.moe_intermediate_size)
        self.down_proj = ExpertLinear(args.num_experts, args.moe_intermediate_size, args.hidden_size)

    def __call__(self, x: mx.array, weights: mx.array, idx: mx.array) -> mx.array:
        """``x``: [N, H]; ``weights``/``idx``: [N, K] -> [N, H]."""
        h = self.gate_up_proj(x[:, None, None, :], idx)  # [N, K, 1, 2I]
        gate, up = mx.split(h, 2, axis=-1)
        out = self.down_proj(_gelu_tanh(gate) * up, idx).squeeze(-2)  # [N, K, H]
        return (out * weights[..., None].astype(out.dtype)).sum(axis=1)


class Layer(nn.Module):
    """Attention, then a dense MLP and a routed MoE in parallel (every DiffusionGemma layer has both)."""

    def __init__(self, args: DiffusionGemmaArgs, spec: LayerSpec):
        super().__init__()
        d, eps = args.hidden_size, args.rms_norm_eps
        self.sliding = spec.sliding
        self.self_attn = Attention(args, spec)
        self.mlp = MLP(d, args.intermediate_size)
        self.router = Router(args)
        self.experts = Experts(args)
        for name in (
            "input_layernorm",
            "post_attention_layernorm",
            "pre_feedforward_layernorm",
            "post_feedforward_layernorm",
            "post_feedforward_layernorm_1",
            "post_feedforward_layernorm_2",
            "pre_feedforward_layernorm_2",
        ):
            setattr(self, name, RMSNorm(d, eps))
        self.layer_scalar = mx.ones((1,))  # decoder's
        self.encoder_layer_scalar = mx.ones((1,))  # the encoder's copy is a separate (untied) buffer

    def feed_forward(self, x: mx.array) -> mx.array:
        dense = self.post_feedforward_layernorm_1(self.mlp(self.pre_feedforward_layernorm(x)))
        flat = x.reshape(-1, x.shape[-1])
        weights, idx = self.router(flat)
        routed = self.experts(self.pre_feedforward_layernorm_2(flat), weights, idx).reshape(x.shape)
        return x + self.post_feedforward_layernorm(dense + self.post_feedforward_layernorm_2(routed))


class SelfConditioning(nn.Module):
    def __init__(self, args: DiffusionGemmaArgs):
        super().__init__()
        d, eps = args.hidden_size, args.rms_norm_eps
        self.pre_norm = RMSNorm(d, eps)
        self.post_norm = RMSNorm(d, eps, with_scale=False)
        self.gate_proj = nn.Linear(d, args.intermediate_size, bias=False)
        self.up_proj = nn.Linear(d, args.intermediate_size, bias=False)
        self.down_proj = nn.Linear(args.intermediate_size, d, bias=False)

    def __call__(self, embeds: mx.array, soft: mx.array | None) -> mx.array:
        if soft is None:  # first step: a zero signal passes through the bias-free MLP as exactly zero
            return self.post_norm(embeds)
        n = self.pre_norm(soft)
        return self.post_norm(embeds + self.down_proj(_gelu_tanh(self.gate_proj(n)) * self.up_proj(n)))


class _RopeFrequencies:
    def __init__(self, args: DiffusionGemmaArgs):
        self.inv_freq = {
            (s.rope_type, s.head_dim, s.rope_theta, s.partial_rotary_factor): _inv_freq(s)
            for s in args.layers
        }


class DiffusionCache:
    """Encoder KV per layer. Sliding layers keep only their last ``window - 1`` positions, as the reference does:
    later encoder queries cannot see further back, and the decoder attends to exactly what is kept."""

    def __init__(self, args: DiffusionGemmaArgs):
        self.keep = [args.sliding_window - 1 if s.sliding else None for s in args.layers]
        self.keys: list[mx.array | None] = [None] * len(args.layers)
        self.values: list[mx.array | None] = [None] * len(args.layers)
        self.offset = 0  # tokens encoded so far (= position of the next token)

    def kept(self, i: int) -> int:
        return 0 if self.keys[i] is None else self.keys[i].shape[2]

    def extended(self, i: int, k: mx.array, v: mx.array) -> tuple[mx.array, mx.array]:
        if self.keys[i] is None:
            return k, v
        return mx.concatenate([self.keys[i], k], axis=2), mx.concatenate([self.values[i], v], axis=2)

    def store(self, i: int, k: mx.array, v: mx.array) -> None:
        keep = self.keep[i]
        if keep is not None and k.shape[2] > keep:
            k, v = k[:, :, k.shape[2] - keep :], v[:, :, v.shape[2] - keep :]
        self.keys[i], self.values[i] = k, v

    def state(self) -> list[mx.array]:
        return [a for a in self.keys + self.values if a is not None]


class DiffusionGemma(nn.Module):
    def __init__(self, args: DiffusionGemmaArgs):
        super().__init__()
        self.args = args
        self.embed_tokens = nn.Embedding(args.vocab_size, args.hidden_size)
        self.layers = [Layer(args, spec) for spec in args.layers]
        self.norm = RMSNorm(args.hidden_size, args.rms_norm_eps)
        self.self_conditioning = SelfConditioning(args)
        self._rope = _RopeFrequencies(args)  # plain object attribute: not part of the parameter tree

    # -- pieces shared by both passes -------------------------------------------------------------------------
    def _embed_scale(self, dtype: mx.Dtype) -> mx.array:
        return mx.array(self.args.hidden_size**0.5, dtype=mx.float32).astype(dtype)

    def _embed(self, ids: mx.array) -> mx.array:
        h = self.embed_tokens(ids)
        return h * self._embed_scale(h.dtype)

    def _embedding_matrix(self) -> mx.array:
        e = self.embed_tokens
        if isinstance(e, nn.QuantizedEmbedding):
            return mx.dequantize(e.weight, e.scales, e.get("biases"), e.group_size, e.bits, mode=e.mode)
        return e.weight

    def _rope_tables(self, positions: np.ndarray, dtype: mx.Dtype) -> dict:
        tables = {}
        for key, inv in self._rope.inv_freq.items():
            freqs = positions.astype(np.float32)[:, None] * inv[None, :]
            emb = np.concatenate([freqs, freqs], axis=-1)
            tables[key] = (mx.array(np.cos(emb)).astype(dtype), mx.array(np.sin(emb)).astype(dtype))
        return tables

    def _rope_for(self, tables: dict, spec: LayerSpec) -> tuple[mx.array, mx.array]:
        return tables[(spec.rope_type, spec.head_dim, spec.rope_theta, spec.partial_rotary_factor)]

    def logits(self, hidden: mx.array) -> mx.array:
        out = self.embed_tokens.as_linear(hidden).astype(mx.float32)
        cap = self.args.final_logit_softcapping
        return out if cap is None else mx.tanh(out / cap) * cap

    # -- encoder: extend the cache -----------------------------------------------------------------------------
    def encode(self, ids: mx.array, cache: DiffusionCache) -> mx.array:
        """Run ``ids`` [B, T] through the encoder, appending their keys/values to ``cache``; returns the final
        (normed) hidden states [B, T, D]."""
        args = self.args
        t = ids.shape[1]
        start = cache.offset
        h = self._embed(ids)
        tables = self._rope_tables(np.arange(start, start + t), h.dtype)
        masks: dict[bool, mx.array | None] = {}
        for i, (layer, spec) in enumerate(zip(self.layers, args.layers)):
            kept = cache.kept(i)
            if spec.sliding not in masks:
                masks[spec.sliding] = self._encoder_mask(start, t, kept, spec.sliding)
            cos, sin = self._rope_for(tables, spec)
            attn = layer.self_attn
            x = layer.input_layernorm(h)
            q, k, v = attn.project(x, cos, sin)
            k, v = cache.extended(i, k, v)
            cache.store(i, k, v)
            a = attn.attend(q, k, v, masks[spec.sliding])
            h = h + layer.post_attention_layernorm(a)
            h = layer.feed_forward(h) * layer.encoder_layer_scalar
        cache.offset = start + t
        return self.norm(h)

    def _encoder_mask(self, start: int, t: int, kept: int, sliding: bool) -> mx.array | None:
        args = self.args
        q = np.arange(start, start + t)[:, None]
        kv = np.arange(start - kept, start + t)[None, :]
        if args.bidirectional_encoder:
            if not sliding:
                return None
            allowed = np.abs(q - kv) <= args.sliding_window
        else:
            allowed = kv <= q
            if sliding:
                allowed &= kv > q - args.sliding_window
        return None if allowed.all() else mx.array(allowed)

    # -- decoder: denoise a canvas against the cache -------------------------------------------------------------
    def decode(
        self, canvas: mx.array, cache: DiffusionCache, self_conditioning_logits: mx.array | None = None
    ):
        """Logits [B, C, V] (float32, soft-capped) for ``canvas`` [B, C] placed right after the cached tokens.
        ``self_conditioning_logits`` are the previous step's (temperature-scaled) logits or None on the first step.
        The cache is read, never written."""
        h = self._embed(canvas)
        soft = None
        if self_conditioning_logits is not None:
            probs = mx.softmax(self_conditioning_logits.astype(mx.float32), axis=-1).astype(h.dtype)
            soft = (probs @ self._embedding_matrix().astype(h.dtype)) * self._embed_scale(h.dtype)
        h = self.self_conditioning(h, soft)
        c = canvas.shape[1]
        tables = self._rope_tables(np.arange(cache.offset, cache.offset + c), h.dtype)
        for i, (layer, spec) in enumerate(zip(self.layers, self.args.layers)):
            cos, sin = self._rope_for(tables, spec)
            attn = layer.self_attn
            q, k, v = attn.project(layer.input_layernorm(h), cos, sin)
            k, v = cache.extended(i, k, v)
            h = h + layer.post_attention_layernorm(attn.attend(q, k, v, None))  # fully bidirectional
            h = layer.feed_forward(h) * layer.layer_scalar
        return self.logits(self.norm(h))

    def make_cache(self) -> DiffusionCache:
        return DiffusionCache(self.args)
