"""Where Alcove keeps its files (platformdirs; ``ALCOVE_HOME`` overrides everything, for tests)."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "Alcove"


def _home_override() -> Path | None:
    home = os.environ.get("ALCOVE_HOME")
    return Path(home) if home else None


def _app_dir(kind: str) -> Path:
    """``ALCOVE_HOME/<kind>`` when set, else platformdirs' user folder of that kind (created on first use)."""
    base = _home_override()
    if base is not None:
        path = base / kind
    else:
        import platformdirs

        finder = {
            "data": platformdirs.user_data_dir,
            "cache": platformdirs.user_cache_dir,
            "logs": platformdirs.user_log_dir,
        }[kind]
        path = Path(finder(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """~/Library/Application Support/Alcove on macOS."""
    return _app_dir("data")


def cache_dir() -> Path:
    """~/Library/Caches/Alcove on macOS: converted models and other rebuildable files."""
    return _app_dir("cache")


def log_dir() -> Path:
    """~/Library/Logs/Alcove on macOS."""
    return _app_dir("logs")


def hf_cache_dir() -> Path:
    """The Hugging Face hub cache: $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]) / "hub"
    return Path.home() / ".cache" / "huggingface" / "hub"


def default_index_db() -> Path:
    return data_dir() / "index.sqlite3"
