"""Keeping torch out of a front end's process: Alcove never uses torch (import-linter forbids it), yet
transformers 5, which mlx-lm imports when a chat model or its tokenizer loads, imports torch whenever it is
installed (2.9 s measured; as in any test or benchmark environment)."""

from __future__ import annotations

import os
import sys


def keep_torch_out() -> None:
    """Hide torch from this process, before transformers is first imported. transformers 5 reads no variable to
    skip it (USE_TORCH is gone: ``utils/import_utils.py``'s ``is_torch_available`` asks
    ``importlib.util.find_spec``), and None in ``sys.modules`` makes find_spec answer None and ``import torch``
    fail. transformers then advises at import that "PyTorch was not found": an advisory warning, which its own
    TRANSFORMERS_NO_ADVISORY_WARNINGS silences (its other warnings still show). A no-op once torch is imported.

    Call it from a command's entry point only, never at a library module's import."""
    if "torch" not in sys.modules:
        sys.modules["torch"] = None  # type: ignore[assignment]
        os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
