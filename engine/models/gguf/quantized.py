"""GGUF block quantization as MLX affine quantization (``w = scale * code + bias`` per group along the rows).

Q4_0, Q4_1, Q5_0, Q5_1 and Q8_0 are groups of 32 with one fp16 scale (and min): they map onto MLX groups of 32
exactly. Q4_K and Q5_K hold eight sub-blocks of 32 per 256-value super-block, each with scale ``d * sc`` and bias
``-dmin * m``: MLX groups of 32 again, exact up to rounding ``d * sc`` to the stored scale dtype. Q6_K's sub-blocks
of 16 have no MLX layout (MLX groups are 32, 64 or 128): they become 6-bit groups of 32 that keep one sub-block of
each pair exact (``_codes_q6_k``; 8 bits would make a Q4_K_M file 1.19x its size). Every other type is re-quantized
to 8 bits in groups of 32 from the reference dequantization. The import records which tensors were re-quantized.

The codes are read by running ``gguf.quants``' own reference dequantizer on the blocks with their scales set to 1
and their mins to 0, so the bit layout of every format comes from the reference, not from a second copy of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

GROUP = 32
_FALLBACK_BITS = 8


@dataclass(frozen=True)
class QuantizedTensor:
    """An MLX affine-quantized weight: ``weight`` packed uint32, ``scales``/``biases`` float32 per group."""

    weight: np.ndarray  # (rows, cols * bits / 32) uint32
    scales: np.ndarray  # (rows, cols / GROUP) float32
    biases: np.ndarray
    bits: int
    exact: bool  # True: dequantizes to the reference values (up to the scale dtype); False: re-quantized


def _blocks(raw: np.ndarray, type_size: int) -> np.ndarray:
    return np.ascontiguousarray(raw).reshape(-1, type_size)


def _f16(blocks: np.ndarray, start: int) -> np.ndarray:
    return blocks[:, start : start + 2].copy().view(np.float16).astype(np.float32).reshape(-1)


def _set_f16(blocks: np.ndarray, start: int, value: float) -> None:
    blocks[:, start : start + 2] = np.frombuffer(np.float16(value).tobytes(), dtype=np.uint8)


def _dequantize_blocks(blocks: np.ndarray, qtype) -> np.ndarray:
    """``gguf.quants.dequantize`` on ``(n, type_size)`` blocks, one value row per block. Passed as wide rows
    of many blocks: gguf-py loops in Python over groups of rows, so one block per row is ~20x slower."""
    from gguf.quants import dequantize

    per = math.gcd(len(blocks), 1024) or 1
    wide = np.ascontiguousarray(blocks).reshape(len(blocks) // per, per * blocks.shape[1])
    return dequantize(wide, qtype).reshape(len(blocks), -1)


def _codes_simple(qtype: int, blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """(codes per value, scale per block, bias per block, bits) for the 32-value block formats."""
    from gguf.constants import GGMLQuantizationType as T

    t = T(qtype)
    unit = blocks.copy()
    d = _f16(blocks, 0)
    _set_f16(unit, 0, 1.0)
    if t in (T.Q4_1, T.Q5_1):
        m = _f16(blocks, 2)
        _set_f16(unit, 2, 0.0)
    values = _dequantize_blocks(unit, t).reshape(len(blocks), GROUP)  # = code - offset, exactly (small ints)
    if t == T.Q8_0:
        bits, offset = 8, 128.0
    elif t == T.Q4_0:
        bits, offset = 4, 8.0
    elif t == T.Q5_0:
        bits, offset = 5, 16.0
    elif t == T.Q4_1:
        bits, offset = 4, 0.0
    else:  # Q5_1
        bits, offset = 5, 0.0
    codes = (values + offset).astype(np.uint8)
    bias = m if t in (T.Q4_1, T.Q5_1) else -offset * d
    return codes, d, bias, bits


def _codes_k(qtype: int, blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Q4_K / Q5_K: eight sub-blocks of 32 per super-block, scale d*sc and bias -dmin*m."""
    from gguf.constants import GGMLQuantizationType as T
    from gguf.quants import Q4_K

    t = T(qtype)
    d, dmin = _f16(blocks, 0), _f16(blocks, 2)
    sc, m = Q4_K.get_scale_min(blocks[:, 4:16].copy())
    unit = blocks.copy()
    _set_f16(unit, 0, 1.0)
    _set_f16(unit, 2, 0.0)
    # every sub-block scale 1 and min 0 (the 6-bit fields packed as gguf.quants.Q4_K.get_scale_min reads them)
    unit[:, 4:8] = 1
    unit[:, 8:12] = 0
    unit[:, 12:16] = 1
    codes = _dequantize_blocks(unit, t).reshape(len(blocks) * 8, GROUP).astype(np.uint8)
    scale = (d[:, None] * sc.astype(np.float32)).reshape(-1)
    bias = (-dmin[:, None] * m.astype(np.float32)).reshape(-1)
    return codes, scale, bias, 4 if t == T.Q4_K else 5


def _codes_q6_k(blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """Q6_K in MLX 6-bit groups of 32 (MLX has no groups of 16): each group holds two Q6_K sub-blocks of 16 with
    scales ``s1``, ``s2``. The group takes the larger ``|s|`` as its step, so that sub-block keeps its codes
    exactly; the other sub-block's values (``|s2| <= |s1|``, so they fit the same range) are rounded onto that step.
    Exact where the two scales are equal; otherwise half the values are exact and the rest off by at most half a
    step -- about half the squared error of a min/max re-quantization, at 7 bits per weight (the file's 6.56)."""
    from gguf.constants import GGMLQuantizationType as T

    n = len(blocks)
    unit = blocks.copy()
    unit[:, 192:208] = 1  # every int8 sub-block scale 1
    _set_f16(unit, 208, 1.0)  # d = 1: the reference dequantizer now yields q - 32 exactly
    signed = _dequantize_blocks(unit, T.Q6_K).reshape(n * 8, 2, 16)  # groups of 32 = sub-block pairs
    d = _f16(blocks, 208)
    sub = (d[:, None] * blocks[:, 192:208].view(np.int8).astype(np.float32)).reshape(n * 8, 2)
    big = np.argmax(np.abs(sub), axis=1)
    step = np.abs(sub[np.arange(len(sub)), big])
    sign = np.sign(sub[np.arange(len(sub)), big])
    offset = np.where(sign < 0, 31.0, 32.0)  # a negative scale flips q - 32 in [-32, 31] to [-31, 32]
    values = signed * sub[:, :, None]
    safe = np.where(step > 0, step, 1.0)
    codes = np.clip(np.rint(values / safe[:, None, None]) + offset[:, None, None], 0, 63).astype(np.uint8)
    scale = step.astype(np.float32)
    bias = (-offset * step).astype(np.float32)
    exact = bool(
        np.array_equal(codes.astype(np.float32) * scale[:, None, None] + bias[:, None, None], values)
    )
    return codes.reshape(n * 8, GROUP), scale, bias, exact


def exact_types() -> frozenset[int]:
    from gguf.constants import GGMLQuantizationType as T

    return frozenset(int(t) for t in (T.Q4_0, T.Q4_1, T.Q5_0, T.Q5_1, T.Q8_0, T.Q4_K, T.Q5_K))


def pack(codes: np.ndarray, bits: int) -> np.ndarray:
    """MLX's packing: each row a little-endian bit stream, value i in bits [i*bits, (i+1)*bits), as uint32 words."""
    rows, cols = codes.shape
    codes = np.ascontiguousarray(codes, dtype=np.uint8)
    if bits == 8:
        return codes.view("<u4").astype(np.uint32)
    if bits == 4:
        return np.ascontiguousarray(codes[:, 0::2] | (codes[:, 1::2] << 4)).view("<u4").astype(np.uint32)
    # eight values make exactly ``bits`` bytes: build each 8-value run in a uint64, keep its low ``bits`` bytes
    runs = codes.reshape(rows, cols // 8, 8).astype(np.uint64)
    words = np.zeros((rows, cols // 8), dtype="<u8")
    for j in range(8):
        words |= runs[:, :, j] << np.uint64(bits * j)
    stream = words.view(np.uint8).reshape(rows, cols // 8, 8)[:, :, :bits]
    return np.ascontiguousarray(stream).reshape(rows, cols * bits // 8).view("<u4").astype(np.uint32)


def quantize_affine(values: np.ndarray, bits: int = _FALLBACK_BITS) -> QuantizedTensor:
    """Min/max affine quantization of float rows in groups of 32 (the fallback for layouts MLX cannot hold)."""
    rows, cols = values.shape
    groups = values.reshape(rows, cols // GROUP, GROUP).astype(np.float32)
    lo, hi = groups.min(axis=-1), groups.max(axis=-1)
    levels = (1 << bits) - 1
    scale = np.where(hi > lo, (hi - lo) / levels, 1.0).astype(np.float32)
    codes = np.clip(np.rint((groups - lo[..., None]) / scale[..., None]), 0, levels).astype(np.uint8)
    return QuantizedTensor(pack(codes.reshape(rows, cols), bits), scale, lo.astype(np.float32), bits, False)


def from_gguf(qtype: int, raw: np.ndarray, shape: tuple[int, ...], type_size: int) -> QuantizedTensor:
    """The MLX form of one 2-D GGUF tensor of an exactly mapped type (see ``exact_types``)."""
    from gguf.constants import GGMLQuantizationType as T

    rows, cols = shape
    blocks = _blocks(raw, type_size)
    if T(qtype) in (T.Q4_K, T.Q5_K):
        codes, scale, bias, bits = _codes_k(qtype, blocks)
    else:
        codes, scale, bias, bits = _codes_simple(qtype, blocks)
    groups = cols // GROUP
    return QuantizedTensor(
        pack(codes.reshape(rows, cols), bits),
        scale.reshape(rows, groups).astype(np.float32),
        bias.reshape(rows, groups).astype(np.float32),
        bits,
        True,
    )


def to_mlx(
    qtype: int, raw: np.ndarray, shape: tuple[int, ...], reference: np.ndarray | None
) -> QuantizedTensor:
    """One 2-D GGUF tensor as MLX affine quantization: exact for the types in ``exact_types``, Q6_K as 6 bits
    (see ``_codes_q6_k``), anything else re-quantized to 8 bits from ``reference`` (its dequantized values)."""
    from gguf.constants import GGML_QUANT_SIZES
    from gguf.constants import GGMLQuantizationType as T

    if qtype in exact_types():
        return from_gguf(qtype, raw, shape, GGML_QUANT_SIZES[T(qtype)][1])
    rows, cols = shape
    if qtype == T.Q6_K:
        codes, scale, bias, exact = _codes_q6_k(_blocks(raw, GGML_QUANT_SIZES[T.Q6_K][1]))
        groups = cols // GROUP
        return QuantizedTensor(
            pack(codes.reshape(rows, cols), 6),
            scale.reshape(rows, groups),
            bias.reshape(rows, groups),
            6,
            exact,
        )
    if reference is None:
        raise ValueError("a re-quantized type needs its reference values")
    return quantize_affine(reference)


def fallback_bits(qtype: int) -> int:
    """Bits per value of the MLX form of a GGUF type."""
    from gguf.constants import GGMLQuantizationType as T

    bits = {T.Q4_0: 4, T.Q4_1: 4, T.Q4_K: 4, T.Q5_0: 5, T.Q5_1: 5, T.Q5_K: 5, T.Q6_K: 6, T.Q8_0: 8}
    return bits.get(T(qtype), _FALLBACK_BITS)


def dequantize(q: QuantizedTensor) -> np.ndarray:
    """numpy reference of MLX's affine dequantization (for measuring errors without MLX)."""
    rows = q.weight.shape[0]
    bitstream = np.unpackbits(q.weight.view(np.uint8), axis=1, bitorder="little")
    cols = bitstream.shape[1] // q.bits
    codes = (bitstream.reshape(rows, cols, q.bits) << np.arange(q.bits, dtype=np.uint8)).sum(-1)
    groups = codes.reshape(rows, cols // GROUP, GROUP).astype(np.float32)
    return (groups * q.scales[..., None] + q.biases[..., None]).reshape(rows, cols)
