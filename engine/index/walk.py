"""Which files an index run looks at: walk folders, following symbolic links only inside the chosen folders, never
in circles, never into special files."""

from __future__ import annotations

import os
import stat
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.index.bounds import in_system_folder, special_file_reason
from engine.index.readers.scrivener import scrivener_own
from engine.index.schema import display_path

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
    # a symbolic link not followed because it leaves the library: where it points (resolved)
    outside: str = ""


def dedupe(found: list[Found]) -> list[Found]:
    """Mark every path whose real file was found earlier under another path (``GPL -> GPL-3``), so one run
    never indexes the same file twice. The path kept is the first one with no symbolic link in it (so
    ``[link-to-docs, docs]`` indexes ``docs/...``), else the first seen; the others become problems."""
    first: dict[str, str] = {}
    reals: list[str | None] = []
    for f in found:
        real = None if f.problem else os.path.realpath(f.path)
        reals.append(real)
        if real is not None and (real not in first or (f.path == real and first[real] != real)):
            first[real] = f.path
    seen: set[str] = set()
    out = []
    for f, real in zip(found, reals, strict=True):
        if real is None:
            out.append(f)
        elif first[real] == f.path:
            if f.path not in seen:  # the same path twice (a folder and a file in it): once, silently
                seen.add(f.path)
                out.append(f)
        else:
            out.append(Found(f.path, f.explicit, f"duplicate of {first[real]} (symlink)", duplicate=True))
    return out


def _inside(real: str, folders: Sequence[str]) -> bool:
    return any(real == d or real.startswith(d.rstrip("/") + "/") for d in folders)


def walk(root: str, library: Sequence[str] = (), allow_links: Collection[str] = ()) -> Iterator[Found]:
    """Files under ``root`` (or ``root`` itself). Symbolic links are followed only while they stay inside
    ``root`` or another ``library`` folder (or are in ``allow_links``: the link paths the user allowed, whose
    targets then count as library folders for the rest of the walk); links that leave them (``Found.outside``
    says where to), symlink loops, broken links, special files (FIFOs, sockets, devices) and anything in /proc,
    /sys or /dev come out as problems, never read."""
    path = Path(root)
    if path.is_symlink() and not path.exists():
        yield Found(root, True, "The path is a broken symbolic link.")
        return
    try:
        st = os.stat(root)
    except OSError as exc:
        yield Found(root, True, "The path does not exist." if isinstance(exc, FileNotFoundError)
                    else os_reason(exc, "file"))  # fmt: skip
        return
    real_root = os.path.realpath(root)
    if in_system_folder(real_root):
        yield Found(root, True, SYSTEM_REASON)
        return
    if not stat.S_ISDIR(st.st_mode):
        yield Found(root, True, special_file_reason(st.st_mode))
        return
    inside = [real_root] + [os.path.realpath(p) for p in library]
    allowed = {os.path.abspath(p) for p in allow_links}
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
            # a Scrivener project's own search index, backups and settings: passed by
            if entry.name.startswith(".") or entry.name in SKIP_DIRS or scrivener_own(folder, entry.name):
                continue
            try:
                link = entry.is_symlink()
                mode = entry.stat(follow_symlinks=True).st_mode
            except OSError as exc:  # ELOOP: a link that points at itself; ENOENT: a broken link
                yield Found(entry.path, False, _link_problem(entry.path) or os_reason(exc, "file"))
                continue
            if link:
                problem, outside = _leaves(entry.path, inside, allowed)
                if problem:
                    yield Found(entry.path, False, problem, outside=outside)
                    continue
                if entry.path in allowed and stat.S_ISDIR(mode):  # links inside an allowed folder may point
                    inside.append(os.path.realpath(entry.path))  # around in it, as in a library folder
            if stat.S_ISDIR(mode):
                subdirs.append(entry.path)
            elif stat.S_ISREG(mode):
                yield Found(entry.path, False)  # unsupported types too: the summary counts them
            else:  # listed, with the reason, never opened
                yield Found(entry.path, False, special_file_reason(mode))
        stack.extend(reversed(subdirs))


SYSTEM_REASON = (
    "This is inside /proc, /sys or /dev (a view of the running system, not documents); never read."
)


def _leaves(link: str, inside: Sequence[str], allowed: Collection[str]) -> tuple[str | None, str]:
    """Why a symbolic link may not be followed (None when it stays in the library or is allowed), and its
    resolved target when the reason is that it leaves the library."""
    real = os.path.realpath(link)
    if in_system_folder(real):
        why = (
            f"The symbolic link points into {display_path(real)}, a view of the running system, not documents"
        )
        return why + "; never read.", ""
    if _inside(real, inside) or link in allowed:
        return None, ""
    return (
        f"The symbolic link points outside the folders you chose (to {display_path(real)}); it was not "
        "followed. Allow it in Settings > Library (or alcove index --allow-link), or add that folder to "
        "your library, to index what it points to."
    ), real


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
