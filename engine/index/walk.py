"""Which files an index run looks at: walk folders (following symbolic links, never in circles)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SKIP_DIRS = frozenset(
    {".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv", "venv", ".tox", ".mypy_cache",
     ".pytest_cache", ".ruff_cache", ".idea", ".DS_Store", ".Trash", ".cache"}
)  # fmt: skip


@dataclass(frozen=True)
class Found:
    path: str  # absolute, symbolic links kept as the user sees them
    explicit: bool  # named by the user (always reported), not found by walking a folder
    problem: str | None = None  # a reason to skip it that is known without reading it
    duplicate: bool = False  # the same file as one found earlier in this run (through a symbolic link)


def dedupe(found: list[Found]) -> list[Found]:
    """Mark every path whose real file was already found earlier in the list (``GPL -> GPL-3``): the first path
    seen is kept, the rest become problems, so one run never indexes the same file twice."""
    first: dict[str, str] = {}
    seen: set[str] = set()
    out = []
    for f in found:
        if f.problem:
            out.append(f)
            continue
        real = os.path.realpath(f.path)
        kept = first.setdefault(real, f.path)
        if kept == f.path:
            if f.path not in seen:  # the same path twice (a folder and a file in it): once, silently
                seen.add(f.path)
                out.append(f)
        else:
            out.append(Found(f.path, f.explicit, f"duplicate of {kept} (symlink)", duplicate=True))
    return out


def walk(root: str) -> Iterator[Found]:
    """Files under ``root`` (or ``root`` itself); symlink loops and broken links come out as problems."""
    path = Path(root)
    if path.is_symlink() and not path.exists():
        yield Found(root, True, "The path is a broken symbolic link.")
        return
    if not path.exists():
        yield Found(root, True, "The path does not exist.")
        return
    if not path.is_dir():
        yield Found(root, True)
        return
    seen: set[tuple[int, int]] = set()
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            st = os.stat(folder)
        except OSError as exc:
            yield Found(folder, False, os_reason(exc, "folder"))
            continue
        key = (st.st_dev, st.st_ino)
        if key in seen:
            yield Found(
                folder, False, "Symbolic link loop: this folder was already visited through another path."
            )
            continue
        seen.add(key)
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            yield Found(folder, False, os_reason(exc, "folder"))
            continue
        subdirs = []
        for entry in entries:
            if entry.name.startswith(".") or entry.name in SKIP_DIRS:
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=True)
                is_file = entry.is_file(follow_symlinks=True)
            except OSError as exc:  # ELOOP: a link that points at itself
                yield Found(entry.path, False, os_reason(exc, "file"))
                continue
            if is_dir:
                subdirs.append(entry.path)
            elif is_file:
                yield Found(entry.path, False)  # unsupported types too: the summary counts them
            elif entry.is_symlink():
                problem = _link_problem(entry.path)
                if problem:
                    yield Found(entry.path, False, problem)
        stack.extend(reversed(subdirs))


def _link_problem(path: str) -> str | None:
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == 40:  # ELOOP
            return "Symbolic link loop: the link points back at itself."
        return "The path is a broken symbolic link."
    return None


def os_reason(exc: OSError, what: str) -> str:
    if isinstance(exc, PermissionError):
        return f"Permission denied: Alcove may not read this {what}."
    if exc.errno == 40:
        return "Symbolic link loop: the link points back at itself."
    if isinstance(exc, FileNotFoundError):
        return f"The {what} vanished while being indexed."
    return f"The {what} could not be read ({exc.strerror or exc})."
