"""Which model names an HTTP caller may use: the ids ``GET /v1/models`` lists, and paths only when the user allowed
them (``alcove serve --allow-model-paths``). Every refusal is one and the same reply, whatever exists on disk under
that name (a file, a folder without config.json, nothing at all), so the ``model`` field cannot probe the disk.

Names the server's own options give (``--model``, ``--embedder``, ``--draft-model``) are the user's, not a caller's:
they are reached through ``default`` and never pass through here.
"""

from __future__ import annotations

from pathlib import Path

from app.server.protocol import ApiError
from engine.models import list_local_models

# The kinds ``GET /v1/models`` lists after its two defaults (ModelService.list_models).
SERVED_KINDS = ("chat", "diffusion", "embedder", "reranker")
DEFAULT_IDS = ("default", "default-embedding")
NOT_AVAILABLE = "That model is not available here; GET /v1/models lists the ones that are."


def not_available() -> ApiError:
    """The one reply for a model name a caller may not use (404 model_not_found); it never echoes the name."""
    return ApiError(404, NOT_AVAILABLE, code="model_not_found", param="model")


def listed_ids() -> set[str]:
    """The model ids ``GET /v1/models`` lists."""
    return set(DEFAULT_IDS) | {m.name for m in list_local_models() if m.kind in SERVED_KINDS}


def check_model_name(name: object, *, allow_paths: bool) -> None:
    """Raise ``not_available()`` unless ``name`` is an id ``/v1/models`` lists, or, with ``allow_paths``, a path
    that exists. Reads the disk only for listed names (the catalog) or when paths are allowed."""
    if not isinstance(name, str) or not name or "\x00" in name or len(name) > 4096:
        raise not_available()
    if name in DEFAULT_IDS or name in listed_ids():
        return
    if allow_paths:
        try:
            if Path(name).expanduser().exists():
                return
        except (OSError, ValueError, RuntimeError):  # an unreadable path, a bad user in "~user"
            pass
    raise not_available()
