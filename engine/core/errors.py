"""Errors the engine reports. Every message is written for the user: what went wrong and what to do."""

from __future__ import annotations


class AlcoveError(Exception):
    """Base class; ``str(err)`` is a complete, user-facing sentence."""


class ModelLoadError(AlcoveError):
    """A model could not be found, read or understood."""


class GGUFImportError(ModelLoadError):
    """A GGUF file could not be converted."""


class IncompatibleDraftError(AlcoveError):
    """A draft model cannot propose tokens for the loaded target; the message says what differs."""


class NoModelLoadedError(AlcoveError):
    """A request needs a model of some role that is not loaded."""


class IndexStoreError(AlcoveError):
    """The document index database is unusable (not an Alcove index, read-only, full disk...)."""


class TransformError(AlcoveError):
    """A runtime model transform (YAML) is invalid; nothing was applied."""


class BatchFull(AlcoveError):
    """The shared batch's queue is full: the caller should answer "busy" (HTTP 429) and retry later."""


class RequestRefused(AlcoveError):
    """A request the model cannot run as asked. ``code``: ``context_length_exceeded``, ``invalid_token_id`` or
    ``invalid_value``; ``param``: the request field at fault (``prompt`` stands for the messages too)."""

    def __init__(self, message: str, *, code: str = "invalid_value", param: str | None = None) -> None:
        super().__init__(message)
        self.code, self.param = code, param
