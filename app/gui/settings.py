"""Typed settings, each declared once (key, type, default, choices), over QSettings, with a ``changed`` signal.

Values are stored as JSON text so every backend (macOS plist, INI in tests) round-trips types exactly. The Hugging
Face token never goes into settings: it lives in the system keychain through ``keyring``.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, Signal

from engine.core import ModelRequest, Role

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Option:
    key: str
    type: type
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None


_OPTIONS = (
    Option("models/chat", str, "default"),
    Option("models/draft", str, ""),
    Option(
        "models/draft_auto", str, ""
    ),  # the smallest compatible local draft, used when models/draft is empty
    Option("models/embedder", str, "default"),
    Option("models/reranker", str, ""),
    # a CLIP/SigLIP folder: pictures found by what they show ("" = none, and no cost)
    Option("models/image", str, ""),
    Option(
        "models/transform", str, ""
    ),  # YAML of runtime weight transforms applied to the chat model ("" = none)
    Option("models/known", list, []),
    Option("models/load_seconds", dict, {}),  # spec -> how long its last load took (the welcome's progress)
    Option(
        "ui/welcomed", bool, False
    ),  # the first-run welcome was closed  # folders and GGUF files the user added (shown in the model pickers)
    Option("speculative/mode", str, "off", ("off", "lookup", "draft", "mtp", "dflash", "auto")),
    Option("speculative/num_draft", int, 4, minimum=1, maximum=16),
    Option("diffusion/steps", int, 32, minimum=1, maximum=512),
    Option("diffusion/canvas_length", int, 64, minimum=8, maximum=1024),
    Option("sampling/temperature", float, 0.7, minimum=0.0, maximum=2.0),
    Option("sampling/top_p", float, 0.95, minimum=0.01, maximum=1.0),
    Option("sampling/top_k", int, 0, minimum=0, maximum=1000),
    Option("sampling/min_p", float, 0.0, minimum=0.0, maximum=0.99),
    Option("sampling/repetition_penalty", float, 1.1, minimum=0.5, maximum=2.0),
    Option("sampling/max_tokens", int, 512, minimum=1, maximum=32768),
    Option("memory/limit_gb", float, 0.0, minimum=0.0, maximum=1024.0),  # 0 = let MLX decide
    # Conversations' prompt (KV) caches kept on disk, so a reopened conversation prefills only its new message.
    Option("cache/persist_prompts", bool, True),
    Option("cache/prompt_disk_gb", float, 4.0, minimum=0.1, maximum=1024.0),
    Option("index/folders", list, []),
    Option("index/watch", bool, True),
    Option("index/ocr", bool, True),  # read images and scanned PDF pages by OCR (on the device)
    # symbolic links that point outside every library folder, as the last index runs found them:
    # {link path: {"target": resolved path, "reason": why it was not followed}}; allowed ones stay listed
    Option("index/links_outside", dict, {}),
    Option("index/allow_links", list, []),  # the links of index/links_outside the user allowed (followed)
    Option("chat/use_documents", bool, False),
    Option("chat/highlight_draft", bool, False),
    Option("chat/system_prompt", str, "You are Alcove, a helpful assistant running privately on this Mac."),
    Option("appearance/theme", str, "system", ("system", "light", "dark")),
    Option("search/mode", str, "hybrid", ("hybrid", "vector", "keyword", "late")),
    Option("search/k", int, 20, minimum=1, maximum=200),
    Option(
        "server/enabled", bool, False
    ),  # "Serve models on this Mac" (loopback only; the key is in the keychain)
    Option("server/port", int, 8765, minimum=1024, maximum=65535),
    Option("server/allow_origins", list, []),  # web pages (scheme://host[:port]) that may call the server
    Option("server/allow_model_paths", bool, False),  # clients may name a model by a path on this Mac
)
OPTIONS: dict[str, Option] = {o.key: o for o in _OPTIONS}


def _coerce(opt: Option, value: Any) -> Any:
    """Convert ``value`` to the option's type and clamp it; raises ValueError/TypeError on nonsense."""
    if opt.type is bool:
        if isinstance(value, str):
            value = value.strip().lower() in ("1", "true", "yes", "on")
        value = bool(value)
    elif opt.type is list:
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{opt.key} must be a list")
        value = [str(v) for v in value]
    elif opt.type is dict:
        if not isinstance(value, dict):
            raise TypeError(f"{opt.key} must be a mapping")
        value = {str(k): v for k, v in value.items()}
    else:
        value = opt.type(value)
    if opt.choices and value not in opt.choices:
        raise ValueError(f"{opt.key} must be one of {opt.choices}, not {value!r}")
    if opt.minimum is not None and value < opt.minimum:
        value = opt.type(opt.minimum)
    if opt.maximum is not None and value > opt.maximum:
        value = opt.type(opt.maximum)
    return value


class Settings(QObject):
    """``settings["sampling/temperature"]`` reads, ``settings["..."] = v`` writes and emits ``changed(key, v)``."""

    changed = Signal(str, object)

    def __init__(self, store: QSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = store if store is not None else default_qsettings()

    def __getitem__(self, key: str) -> Any:
        opt = OPTIONS[key]
        raw = self._store.value(key)
        if raw is None:
            return _copy(opt.default)
        try:
            return _coerce(opt, json.loads(raw) if isinstance(raw, str) else raw)
        except (ValueError, TypeError) as exc:
            log.warning("setting %s has an unusable stored value (%s); using the default", key, exc)
            return _copy(opt.default)

    def __setitem__(self, key: str, value: Any) -> None:
        value = _coerce(OPTIONS[key], value)
        if self[key] == value and self._store.contains(key):
            return
        self._store.setValue(key, json.dumps(value))
        self._store.sync()
        self.changed.emit(key, value)

    def reset(self, key: str) -> None:
        self._store.remove(key)
        self.changed.emit(key, self[key])

    def raw_store(self) -> QSettings:
        """For Qt-native blobs (window geometry) that are not typed options."""
        return self._store

    def model(self, role: Role | str) -> ModelRequest | None:
        """The model these settings name for ``role``, as the engine's request (None: none is chosen). The chat
        model carries the weight transform; the draft is the user's choice, else the automatic pairing."""
        role = Role(role)
        spec = self[f"models/{role.value}"]
        if role is Role.DRAFT:
            spec = spec or self["models/draft_auto"]
        if not spec:
            return None
        transform = (self["models/transform"] or None) if role is Role.CHAT else None
        return ModelRequest(role, spec, transform=transform)

    # -- the Hugging Face token: keychain only (app.gui.keychain) -------------------------------------------
    @staticmethod
    def hf_token() -> str | None:
        from .keychain import KeychainError, get_token

        try:
            return get_token()
        except KeychainError as exc:
            log.warning("%s", exc)
            return None

    @staticmethod
    def set_hf_token(token: str | None) -> None:
        """Raises app.gui.keychain.KeychainError (a user-facing sentence) when the keychain refuses."""
        from .keychain import set_token

        set_token(token or None)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return json.loads(json.dumps(value))  # a deep copy: editing it never edits the default
    return list(value) if isinstance(value, list) else value


def default_qsettings() -> QSettings:
    """Native settings (a plist on macOS); an INI file under ``ALCOVE_HOME`` when that is set (tests)."""
    home = os.environ.get("ALCOVE_HOME")
    if home:
        return QSettings(str(Path(home) / "settings.ini"), QSettings.Format.IniFormat)
    return QSettings("Alcove", "Alcove")
