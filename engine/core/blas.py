"""Load an optimised system BLAS before MLX on Linux.

The ``mlx[cpu]`` wheel links the reference (Netlib) BLAS; fp32 matmuls run ~15x below what the CPU can do.
Opening Debian's OpenBLAS ``libblas.so.3`` with RTLD_GLOBAL *before* ``mlx.core`` is imported makes MLX's
``cblas_*`` calls resolve to it. On macOS MLX uses Metal/Accelerate and nothing is changed.
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os
import sys
from dataclasses import dataclass

log = logging.getLogger(__name__)

_CANDIDATES = (
    "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3",
    "/usr/lib/aarch64-linux-gnu/openblas-pthread/libblas.so.3",
    "/usr/lib64/openblas-pthread/libblas.so.3",
    "/usr/lib/*/openblas*/libblas.so.3",
    "/usr/lib/*/libopenblas*.so*",
    "/usr/lib64/libopenblas*.so*",
)


@dataclass(frozen=True)
class BlasInfo:
    name: str  # "openblas", "reference", "metal/accelerate"
    path: str | None
    preloaded: bool
    note: str = ""


_info: BlasInfo | None = None


def _find_openblas() -> str | None:
    override = os.environ.get("ALCOVE_BLAS")
    if override:
        return override if os.path.exists(override) else None
    for pattern in _CANDIDATES:
        for path in sorted(glob.glob(pattern)):
            if os.path.exists(path):
                return path
    return None


def preload_blas() -> BlasInfo:
    """Idempotent. Must run before ``import mlx.core`` to have an effect; logs what was chosen."""
    global _info
    if _info is not None:
        return _info
    if sys.platform == "darwin":
        _info = BlasInfo("metal/accelerate", None, False)
        return _info
    if os.environ.get("ALCOVE_BLAS", "").lower() in ("0", "off", "reference", "none"):
        _info = BlasInfo("reference", None, False, "disabled by ALCOVE_BLAS")
        log.info("BLAS: reference BLAS bundled with mlx (optimised BLAS disabled by ALCOVE_BLAS)")
        return _info
    if "mlx.core" in sys.modules:
        _info = BlasInfo("reference", None, False, "mlx.core was imported before the BLAS preload")
        log.warning("BLAS: mlx.core already imported; cannot switch to an optimised BLAS")
        return _info
    path = _find_openblas()
    if path is None:
        _info = BlasInfo("reference", None, False, "no OpenBLAS found (apt-get install libopenblas0-pthread)")
        log.warning("BLAS: no optimised BLAS found; MLX on the CPU will be slow. %s", _info.note)
        return _info
    try:
        ctypes.CDLL(path, mode=os.RTLD_GLOBAL)
    except OSError as exc:
        _info = BlasInfo("reference", None, False, f"could not load {path}: {exc}")
        log.warning("BLAS: %s", _info.note)
        return _info
    _info = BlasInfo("openblas", path, True)
    log.info(
        "BLAS: using OpenBLAS from %s (threads=%s)", path, os.environ.get("OPENBLAS_NUM_THREADS", "default")
    )
    return _info


def blas_info() -> BlasInfo:
    return _info if _info is not None else preload_blas()
