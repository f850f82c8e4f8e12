"""The elementwise math of the encoder forward pass on the CPU: GELU, the softmax's exp, and attention.

mlx's CPU backend is slow at elementwise work unless it is one contiguous compiled kernel: its own erf/exp are scalar
(~12-30 ns/element), and mx.compile fuses at most 11 ops deep into one kernel (mlx/compile.cpp, max_compile_depth),
cutting a long Horner chain into several kernels whose seams it runs as strided (scalar) loops. The functions here
are mul/add/abs only, evaluated with Estrin's scheme (depth ~log of the degree), so each fits a single contiguous,
vectorised kernel. They are plain functions; engine.encoders.bert compiles them per input shape.
"""

from __future__ import annotations

import math

# erf(u) ~ u * P(u^2) / Q(u^2) on [-4, 4] (erf is +-1 in fp32 beyond): a rational least-squares fit made for
# Alcove (max abs error 5e-7 in fp32).
_ERF_P = (
    1.128378819189617,
    0.2061136191203273,
    0.05138600580578033,
    0.003965617879471426,
    0.00014822458318758448,
    -1.977515713894652e-06,
    1.9667930497445968e-08,
)
_ERF_Q = (1.0, 0.5159925972829877, 0.1175533399149268, 0.014880657606902926, 0.0010204739009662637)
# GELU(x) = x/2 + x/2 * erf(x/sqrt2). With c = clip(x, +-4 sqrt2) and z = c^2 (so u^2 = z/2), that is
# x/2 + x * c * G(z) / R(z) where G and R are P and Q with the 1/sqrt2 and the halving folded into the coefficients.
_GELU_CLIP = 4.0 * math.sqrt(2.0)
_GELU_G = tuple(c * 0.5**i * 0.5 / math.sqrt(2.0) for i, c in enumerate(_ERF_P))
_GELU_R = tuple(c * 0.5**i for i, c in enumerate(_ERF_Q))


def estrin(coeffs: tuple[float, ...], z):
    """sum(coeffs[i] * z**i) by Estrin's scheme: pairs c0 + c1 z, then combined with z^2, z^4, ..."""
    terms = [
        z * coeffs[i + 1] + coeffs[i] if i + 1 < len(coeffs) else coeffs[i] for i in range(0, len(coeffs), 2)
    ]
    power = z * z
    while len(terms) > 1:
        pairs = range(0, len(terms), 2)
        terms = [terms[i] + power * terms[i + 1] if i + 1 < len(terms) else terms[i] for i in pairs]
        power = power * power
    return terms[0]


def clip_symmetric(x, bound: float):
    """clip(x, -bound, bound) as (|x + b| - |x - b|) / 2: mlx's minimum/maximum test for NaN per element, which
    stops the compiler vectorising the kernel; abs does not. Inside the bound the result is off by at most an ulp
    of ``bound``, which the callers multiply by x (so the error scales with x)."""
    import mlx.core as mx

    return (mx.abs(x + bound) - mx.abs(x - bound)) * 0.5


def gelu_erf(x):
    """Exact (erf) GELU, within 2e-6 * max(1, |x|) of float64 (fp32 rounding), as one fused vectorisable kernel."""
    c = clip_symmetric(x, _GELU_CLIP)
    z = c * c
    return x * 0.5 + (x * c) * estrin(_GELU_G, z) / estrin(_GELU_R, z)


# exp(x) for x <= 0 is r(w) ** 32 with w = |x + 32| + x, which is 2x + 32 on [-32, 0] and -32 below (so the result
# is exp(max(x, -32)) without mlx's NaN-testing maximum). r(w) = exp(w / 64 - 1/2) on w in [-32, 32]: a
# least-squares fit in u = w / 64 on [-1/2, 1/2] (relative error 1.2e-9) made for Alcove, scaled to take w.
# In fp32 the whole thing is within 7e-6 relative of exp; weights below e^-32 of the row maximum come out as
# e^-32 (< 1.3e-14 of the maximum's weight).
_EXP_U = (
    0.6065306592505674,
    0.6065306594817672,
    0.30326538897408,
    0.10108845559336913,
    0.025270929308260626,
    0.005054245042295734,
    0.0008499550772760194,
    0.00012128689134546927,
)
_EXP_W = tuple(c / 64.0**i for i, c in enumerate(_EXP_U))


def kernel_break(x):
    """``x`` as it is, but mx.compile starts a new fused kernel here: a reshape is not elementwise.

    Used where mlx would otherwise split a long elementwise graph itself (past its fusion depth) at a seam that it
    runs as a strided, scalar loop, or fuse a broadcasting op into a long kernel and make all of it strided.
    """
    other = (1, -1) if x.ndim != 2 or x.shape[0] != 1 else (-1,)
    return x.reshape(other).reshape(x.shape)


def exp_nonpositive(x):
    """exp(x) for x <= 0 (below -32: e^-32) in two contiguous kernels: the polynomial, then five squarings."""
    import mlx.core as mx

    p = kernel_break(estrin(_EXP_W, mx.abs(x + 32.0) + x))
    for _ in range(5):
        p = p * p
    return p


def attention(q, k_t, v, bias, keep, exp=exp_nonpositive):
    """softmax(q k_t + bias) v for pre-scaled q and transposed k, on the CPU.

    ``bias`` [B, 1, 1, L] is 0 for tokens and -1e9 for padding, ``keep`` [B, 1, L, 1] is 1 for tokens and 0 for
    padding; both are None when no row is padded.

    The softmax denominator comes out of the value product: v gets a column of ones (zeroed with the value rows of
    padded keys), so ``e @ [v | 1]`` holds both the weighted sum and the sum of the weights, and no reduction or
    [L, L] division is needed. Padded keys add exactly nothing.
    """
    import mlx.core as mx

    s = q @ k_t
    if bias is not None:
        s = s + bias
    m = s.max(axis=-1, keepdims=True)
    # Evaluated here on purpose: mlx picks its fast row-broadcast loop for s - m only when m is already computed;
    # left lazy, the subtraction runs ~15x slower (41 vs 2.5 ms on [23, 12, 173, 173]).
    mx.eval(m)
    e = exp(s - m)
    ones = mx.ones((*v.shape[:-1], 1), dtype=v.dtype)
    if keep is not None:
        v, ones = v * keep, ones * keep
    o = e @ mx.concatenate([v, ones], axis=-1)
    return o[..., :-1] / o[..., -1:]


def activation(name: str, x):
    import mlx.core as mx
    import mlx.nn as nn

    if name == "gelu":
        return gelu_erf(x)
    if name in ("gelu_new", "gelu_pytorch_tanh", "gelu_fast"):
        return nn.gelu_approx(x)
    if name == "relu":
        return mx.maximum(x, 0.0)
    return x * mx.sigmoid(x)
