"""Alcove's engine: private, in-process language models, embeddings and a document index on MLX. Qt-free.

The front door for every interface (the window, the ``alcove`` command, benchmarks)::

    from engine import Engine, GenerateRequest, SamplingParams, TokenEvent, FinalEvent

Capabilities live in subpackages, each naming its public API in its ``__init__``: ``core`` (errors, events,
requests, paths, BLAS), ``runtime`` (the engine thread and the Engine facade), ``models``, ``generation``,
``speculative``, ``diffusion``, ``encoders``, ``index`` and ``rag``.
"""

# The one thing importing the engine does: on Linux, open the system OpenBLAS before any submodule imports
# mlx.core (libmlx binds its BLAS symbols when it loads; 24x faster fp32 prefill, see engine/core/blas.py).
# Idempotent, a no-op on macOS and with ALCOVE_BLAS=off. Every engine import passes here first.
from engine.core.blas import preload_blas

preload_blas()

from engine.core import (  # noqa: E402
    AlcoveError,
    CanvasEvent,
    FinalEvent,
    GenerateRequest,
    GenerationStats,
    IncompatibleDraftError,
    ModelLoadError,
    NoModelLoadedError,
    ProgressEvent,
    SamplingParams,
    SpeculativeParams,
    TokenEvent,
)


def __getattr__(name: str):
    # Engine is resolved on first use, not at import: engine.core (errors, events, requests) must import where MLX is
    # missing or broken, so that the app's preflight can explain what is wrong (tests/app/test_preflight.py).
    if name == "Engine":
        from engine.runtime import Engine

        return Engine
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


__all__ = [
    "AlcoveError",
    "CanvasEvent",
    "Engine",
    "FinalEvent",
    "GenerateRequest",
    "GenerationStats",
    "IncompatibleDraftError",
    "ModelLoadError",
    "NoModelLoadedError",
    "ProgressEvent",
    "SamplingParams",
    "SpeculativeParams",
    "TokenEvent",
]
