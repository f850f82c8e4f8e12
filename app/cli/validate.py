"""What a command line's values name, checked just after parsing and before any engine starts: the index file, the
models, the files to read. Each check reads the file system only (no weights, no engine thread), so a wrong value
costs well under a second and ends as ``alcove: <what is wrong>`` with exit status 2."""

from __future__ import annotations

import os
from pathlib import Path

from app.cli.args import UsageError
from engine.core import AlcoveError
from engine.index import IndexStore
from engine.models import hf_cached_repo_path, resolve_model

BUILT_IN_CHAT = ("default", "gemma3-270m")  # resolved by the engine (gemma3-270m is imported on first use)


def index_to_read(db: str, *, given: bool) -> None:
    """An Alcove index that search, ask and rerank can open (it exists, is a file and holds an index)."""
    path = Path(db)
    if path.is_dir():
        raise UsageError(
            f"--db {db} is a folder, not an index file. Give the file that 'alcove index' wrote."
        )
    if not path.exists():
        if not given:
            raise UsageError(
                f"The app's index ({db}) does not exist yet. Index some files first: alcove index PATH."
            )
        raise UsageError(f"There is no index at {db}. Build one first: alcove index PATH --db {db}.")
    _open_read_only(path)


def index_to_write(db: str) -> None:
    """A file ``alcove index`` may create or add to: not a folder, not another program's file, writable."""
    path = Path(db)
    if path.is_dir():
        raise UsageError(
            f"--db {db} is a folder, not an index file. Choose a file name (e.g. {path / 'index.sqlite3'})."
        )
    if path.exists():
        if not path.is_file():
            raise UsageError(f"--db {db} is not a regular file. Choose a file name for the index.")
        if path.stat().st_size > 0:
            _open_read_only(path)  # a foreign file or database is refused, never written
        if not os.access(path, os.R_OK | os.W_OK):
            raise UsageError(f"The index {db} is not writable. Check its permissions or choose another file.")
        return
    folder = next((p for p in path.parents if p.exists()), None)
    if folder is None or not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"The index {db} cannot be created: {folder} is not a writable folder.")


def _open_read_only(path: Path) -> None:
    try:
        with IndexStore(path, read_only=True):
            pass
    except AlcoveError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"The index {path} cannot be read: {exc.strerror or exc}.") from None


def chat_model(spec: str, option: str) -> None:
    """A chat or draft model the engine can find: a built-in, a model folder, a .gguf file or a cached repo id.
    (A .gguf file is only checked to exist: importing it is a load.)"""
    if spec in BUILT_IN_CHAT:
        return
    path = Path(spec).expanduser()
    if path.suffix.lower() == ".gguf":
        if not path.is_file():
            raise UsageError(f"{option} {spec}: the GGUF file {path} does not exist.")
        return
    try:
        resolve_model(spec)
    except AlcoveError as exc:
        raise UsageError(f"{option} {spec}: {_lower_first(str(exc))}") from None


def encoder_model(spec: str, option: str, *, what: str = "embedding model") -> None:
    """An embedder or cross-encoder: 'default' (embedders only), a folder, or a cached repo id."""
    if spec == "default" and what == "embedding model":
        return
    path = Path(spec).expanduser()
    if path.is_dir():
        return
    if path.exists():
        raise UsageError(f"{option} {spec}: a file, not the folder of an {what}.")
    if "/" in spec and not spec.startswith(("/", ".", "~")) and hf_cached_repo_path(spec) is not None:
        return
    raise UsageError(
        f"{option} {spec}: the {what} folder {path} does not exist (and it is not a cached repo id)."
    )


def rerank_model(spec: str, option: str) -> None:
    """A cross-encoder folder or a chat model (which of the two is the engine's decision)."""
    if Path(spec).expanduser().is_dir():
        return
    chat_model(spec, option)


def readable_file(path_text: str, option: str) -> None:
    path = Path(path_text).expanduser()
    if path.is_dir():
        raise UsageError(f"{option} {path_text}: a folder, not a file.")
    if not path.is_file():
        raise UsageError(f"{option} {path_text}: no such file.")
    if not os.access(path, os.R_OK):
        raise UsageError(f"{option} {path_text}: the file cannot be read (check its permissions).")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text
