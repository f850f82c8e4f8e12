"""The bottom layer: errors, the events and requests that cross the engine thread, parameters, paths, BLAS."""

from engine.core.blas import blas_info, preload_blas
from engine.core.errors import (
    AlcoveError,
    GGUFImportError,
    IncompatibleDraftError,
    IndexStoreError,
    ModelLoadError,
    NoModelLoadedError,
    TransformError,
)
from engine.core.events import (
    NOT_READY,
    CanvasEvent,
    DiffusionStats,
    FinalEvent,
    FinishReason,
    GenerationStats,
    ProgressEvent,
    SpeculativeStats,
    TokenEvent,
)
from engine.core.params import SamplingParams
from engine.core.paths import cache_dir, data_dir, default_index_db, hf_cache_dir, log_dir
from engine.core.requests import GenerateRequest, SpeculativeParams, new_request_id

__all__ = [
    "AlcoveError",
    "CanvasEvent",
    "DiffusionStats",
    "FinalEvent",
    "FinishReason",
    "GGUFImportError",
    "GenerateRequest",
    "GenerationStats",
    "IncompatibleDraftError",
    "IndexStoreError",
    "ModelLoadError",
    "NOT_READY",
    "NoModelLoadedError",
    "ProgressEvent",
    "SamplingParams",
    "SpeculativeParams",
    "SpeculativeStats",
    "TokenEvent",
    "TransformError",
    "blas_info",
    "cache_dir",
    "data_dir",
    "default_index_db",
    "hf_cache_dir",
    "log_dir",
    "new_request_id",
    "preload_blas",
]
