"""Model sources, loading through mlx-lm's model classes, runtime transforms, GGUF import, built-ins, the local catalog."""

from engine.models.builtin import default_chat_model_path, gemma3_gguf_path
from engine.models.catalog import list_local_models
from engine.models.gguf.importer import import_gguf
from engine.models.loader import (
    LoadedLM,
    ModelInfo,
    apply_transform_file,
    load_lm,
    load_tokenizer,
    runtime_dtype,
    validate_lm,
)
from engine.models.source import ResolvedModel, hf_cached_repo_path, read_config, resolve_model, weight_files
from engine.models.transforms import apply_transforms, load_transform_spec

__all__ = [
    "LoadedLM",
    "ModelInfo",
    "ResolvedModel",
    "apply_transform_file",
    "apply_transforms",
    "default_chat_model_path",
    "gemma3_gguf_path",
    "hf_cached_repo_path",
    "import_gguf",
    "list_local_models",
    "load_lm",
    "load_tokenizer",
    "load_transform_spec",
    "read_config",
    "resolve_model",
    "runtime_dtype",
    "validate_lm",
    "weight_files",
]
