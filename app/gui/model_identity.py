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
