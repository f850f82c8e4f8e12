"""What the engine's memory holds (``Engine.memory()``) and MLX's limits; engine thread."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MemoryInfo:
    active_bytes: int
    peak_bytes: int
    cache_bytes: int
    prompt_cache_bytes: int
    memory_limit_bytes: int | None
    cache_limit_bytes: int | None
    model_bytes: int = 0  # weights of the loaded models (their ModelInfo.bytes)
    vector_cache_bytes: int = 0  # the vector-search matrices this engine keeps


def apply_limits(memory_limit: int | None, cache_limit: int | None) -> tuple[int | None, int | None]:
    """Set MLX's memory and cache limits (a None or 0 memory limit, a None cache limit: left as they are); the
    limits that were set."""
    import mlx.core as mx  # deferred: MLX loads on the engine thread, after BLAS is preloaded

    mem = cache = None
    if memory_limit:
        mx.set_memory_limit(int(memory_limit))
        mem = int(memory_limit)
    if cache_limit is not None:
        mx.set_cache_limit(int(cache_limit))
        cache = int(cache_limit)
    return mem, cache


def read_memory(prompt_cache_bytes: int, limits: tuple[int | None, int | None], model_bytes: int,
                vector_bytes: int) -> MemoryInfo:  # fmt: skip
    import mlx.core as mx  # deferred: as above

    return MemoryInfo(int(mx.get_active_memory()), int(mx.get_peak_memory()), int(mx.get_cache_memory()),
                      prompt_cache_bytes, limits[0], limits[1], model_bytes, vector_bytes)  # fmt: skip


def reset_peak() -> None:
    import mlx.core as mx  # deferred: as above

    mx.reset_peak_memory()
