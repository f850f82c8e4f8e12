"""Q6_K (sub-blocks of 16) in MLX 6-bit groups of 32: one sub-block of each pair exact, the other rounded."""

from __future__ import annotations

import numpy as np

from engine.models.gguf.quantized import dequantize, quantize_affine, to_mlx


def _q6k_blocks(rng, rows: int, cols: int, equal_scales: bool = False) -> np.ndarray:
    import gguf

    _, type_size = gguf.GGML_QUANT_SIZES[gguf.GGMLQuantizationType.Q6_K]
    raw = rng.integers(0, 256, size=(rows, cols // 256, type_size), dtype=np.uint8)
    if equal_scales:  # both sub-blocks of each group of 32 share their scale (signs too)
        raw[..., 193:208:2] = raw[..., 192:208:2]
    raw[..., 208:210] = np.frombuffer(np.float16(0.003).tobytes(), dtype=np.uint8)
    return raw.reshape(rows, -1)


def _reference(raw: np.ndarray, shape) -> np.ndarray:
    from gguf import GGMLQuantizationType
    from gguf.quants import dequantize as gguf_dequantize

    return gguf_dequantize(raw, GGMLQuantizationType.Q6_K).reshape(shape).astype(np.float32)


def test_equal_sub_block_scales_map_exactly():
    rng = np.random.default_rng(1)
    raw = _q6k_blocks(rng, 8, 512, equal_scales=True)
    q = to_mlx(14, raw, (8, 512), None)
    assert q.bits == 6 and q.exact
    assert np.array_equal(dequantize(q), _reference(raw, (8, 512)))


def test_random_scales_keep_one_sub_block_exact_and_beat_min_max():
    rng = np.random.default_rng(2)
    raw = _q6k_blocks(rng, 16, 1024)
    reference = _reference(raw, (16, 1024))
    q = to_mlx(14, raw, (16, 1024), None)
    assert q.bits == 6 and not q.exact
    ours = dequantize(q)
    groups = (ours - reference).reshape(-1, 2, 16)
    exact_halves = (np.abs(groups) == 0).all(axis=2).any(axis=1)
    assert exact_halves.all(), "every group keeps its larger-scale sub-block exactly"
    step = q.scales.reshape(-1)
    error = np.abs(groups) / step[:, None, None]
    # rounding: half a step; a value of the other sign at the edge (-32 * s2 when s2 = -s1) clips by one step
    assert error.max() <= 1.0 + 1e-5
    assert np.mean(error <= 0.5 + 1e-5) > 0.999
    min_max = dequantize(quantize_affine(reference, bits=6))
    assert np.mean((ours - reference) ** 2) < 0.75 * np.mean((min_max - reference) ** 2)
