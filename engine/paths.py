"""Where Alcove keeps its files (platformdirs; ``ALCOVE_HOME`` overrides everything, for tests)."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "Alcove"


def _home_override() -> Path | None:
    home = os.environ.get("ALCOVE_HOME")
    return Path(home) if home else None


def data_dir() -> Path:
    """~/Library/Application Support/Alcove on macOS."""
    base = _home_override()
    if base is not None:
        path = base / "data"
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """~/Library/Caches/Alcove on macOS: converted models and other rebuildable files."""
    base = _home_override()
    if base is not None:
        path = base / "cache"
    else:
        import platformdirs

        path = Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_dir() -> Path:
    """~/Library/Logs/Alcove on macOS."""
    base = _home_override()
    if base is not None:
        path = base / "logs"
    else:
        import platformdirs

        path = Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def hf_cache_dir() -> Path:
    """The Hugging Face hub cache: $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]) / "hub"
    return Path.home() / ".cache" / "huggingface" / "hub"


def default_index_db() -> Path:
    return data_dir() / "index.sqlite3"
