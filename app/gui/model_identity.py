"""Whether two model specs are the same model by content, whatever they are called: a repo in the HF cache, a folder
the user added, a GGUF file, or Alcove's own cached import of that GGUF. The identity itself is the engine's
(``engine.models.model_identity``); this module only answers "unknown" instead of raising, for the Settings page.
Reads files only: run it on a worker thread."""

from __future__ import annotations

import logging
from pathlib import Path

from engine.core import AlcoveError
from engine.models import model_identity

log = logging.getLogger(__name__)


def content_identity(location: str | Path | None) -> str | None:
    """The identity of the model at ``location`` (a folder or a .gguf file); None when it cannot be read."""
    if not location:
        return None
    try:
        return model_identity(location)
    except AlcoveError as exc:
        log.info("cannot identify %s: %s", location, exc)
        return None


def same_model(a: str | Path | None, b: str | Path | None) -> bool:
    ia, ib = content_identity(a), content_identity(b)
    return ia is not None and ia == ib


# -- the one name a model has on screen -------------------------------------------------------------------------
# Every place that names a model (status bar, pickers, welcome, reply footers, notes) calls ``display_name``, so the
# built-in model is "SmolLM2-135M Instruct (built-in)" everywhere, never "the built-in model", "SmolLM2-135M
# (built-in)" or "SmolLM2-135M-Instruct" depending on the screen.
BUILT_IN_NAMES = {
    "default": "SmolLM2-135M Instruct (built-in)",
    "SmolLM2-135M-Instruct": "SmolLM2-135M Instruct (built-in)",
    "gemma3-270m": "Gemma 3 270M (built-in)",
    "gemma-3-270m": "Gemma 3 270M (built-in)",
    "default-embedder": "all-MiniLM-L6-v2 (built-in)",
    "all-MiniLM-L6-v2": "all-MiniLM-L6-v2 (built-in)",
}


def display_name(spec: str | None, *, source: str = "", role: str = "chat") -> str:
    """The on-screen name of a model: a spec ("default", a repo id, a folder, a .gguf file) or a loaded model's
    ``ModelInfo.name`` with its ``source`` ("default" for the built-ins). A folder or repo that happens to be called
    like a built-in is not called built-in unless ``source`` says so."""
    spec = (spec or "").strip()
    if not spec or spec == "default":
        return BUILT_IN_NAMES["default-embedder" if role == "embedder" else "default"]
    if spec in ("gemma3-270m", "default-embedder") or (source == "default" and spec in BUILT_IN_NAMES):
        return BUILT_IN_NAMES[spec]
    path = Path(spec.rstrip("/"))
    if path.suffix.lower() == ".gguf":
        return path.stem
    return path.name or spec


def info_name(info: object | None, role: str = "chat", spec: str = "") -> str:
    """The on-screen name of a loaded model (an engine ``ModelInfo``); ``spec``: what Settings chose for the role
    ("default" for the built-in: encoders report their source as "folder", so their name alone cannot say)."""
    if info is None:
        return ""
    name, source = str(getattr(info, "name", "") or ""), str(getattr(info, "source", ""))
    if spec in ("", "default") and name in BUILT_IN_NAMES:
        source = "default"
    return display_name(name, source=source, role=role)
