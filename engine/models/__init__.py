"""Model sources, loading through mlx-lm's model classes, runtime transforms, GGUF import, built-ins, the local catalog."""

from engine.models.builtin import default_chat_model_path, gemma3_gguf_path, smollm2_gguf_path
from engine.models.catalog import LocalModel, list_local_models, remove_local_model
from engine.models.chunked import (
    CHUNKED_MODELS,
    QWEN_CODER_05B,
    QWEN_CODER_15B,
    ChunkedModel,
    ChunkError,
    assemble_chunked,
    chunked_installed,
    find_chunked,
    import_chunked,
)
from engine.models.gguf.importer import QUANTIZATIONS, default_quantization, gguf_tensor_types, import_gguf
from engine.models.gguf.quantized import QuantizedTensor, quantize_affine
from engine.models.gguf.quantized import dequantize as dequantize_tensor
from engine.models.gguf.quantized import to_mlx as quantized_from_gguf
from engine.models.gguf.reader import read_gguf
from engine.models.identity import model_identity
from engine.models.loader import (
    LoadedLM,
    ModelInfo,
    apply_transform_file,
    load_lm,
    load_tokenizer,
    release_wired_memory,
    runtime_dtype,
    validate_lm,
)
from engine.models.recommend import (
    Catalog,
    CatalogError,
    CatalogModel,
    fits,
    load_catalog,
    memory_budget,
    total_memory_bytes,
)
from engine.models.source import (
    ResolvedModel,
    files_stamp,
    hf_cached_repo_path,
    read_config,
    read_json_file,
    resolve_model,
    weight_files,
)
from engine.models.transforms import apply_transforms, load_transform_spec

__all__ = [
    "files_stamp",
    "read_json_file",
    "CHUNKED_MODELS",
    "QUANTIZATIONS",
    "QWEN_CODER_05B",
    "QWEN_CODER_15B",
    "ChunkError",
    "ChunkedModel",
    "QuantizedTensor",
    "assemble_chunked",
    "chunked_installed",
    "dequantize_tensor",
    "find_chunked",
    "import_chunked",
    "quantize_affine",
    "quantized_from_gguf",
    "read_gguf",
    "Catalog",
    "CatalogError",
    "CatalogModel",
    "LoadedLM",
    "LocalModel",
    "ModelInfo",
    "ResolvedModel",
    "apply_transform_file",
    "apply_transforms",
    "default_chat_model_path",
    "default_quantization",
    "fits",
    "gemma3_gguf_path",
    "gguf_tensor_types",
    "hf_cached_repo_path",
    "import_gguf",
    "list_local_models",
    "load_catalog",
    "load_lm",
    "load_tokenizer",
    "load_transform_spec",
    "memory_budget",
    "model_identity",
    "read_config",
    "release_wired_memory",
    "remove_local_model",
    "resolve_model",
    "runtime_dtype",
    "smollm2_gguf_path",
    "total_memory_bytes",
    "validate_lm",
    "weight_files",
]
