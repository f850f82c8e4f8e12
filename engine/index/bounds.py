"""Bounds on what one file may cost: readers that open regular files only, decompression that stops at a cap,
and a per-file deadline that also notices a cancel.

These are the building blocks every extractor and the ingestion pipeline call, so that no single hostile file
(a FIFO, a decompression bomb, 50 MB on one line) can block, exhaust memory, or hold back the rest of a run:

- ``read_regular_file`` opens non-blocking and checks the opened descriptor is a regular file, so a FIFO or a
  device swapped in between ``stat`` and ``open`` can never block or be read.
- ``check_zip`` / ``read_zip_member`` / ``read_gzip`` enforce an absolute cap and a compression-ratio cap on the
  decompressed size while they stream (DOCX here; EPUB, PPTX, XLSX, ODT and .gz extractors call the same).
- ``Deadline`` is the ``check`` callback that extraction and chunking call between pieces of work: it raises
  ``ExtractCancelled`` within one piece of a cancel and ``BudgetExceeded`` once the file's time budget is spent.
  It also holds the file's memory budget: readers, decompressors, extractors and the chunker ``charge`` it with
  the bytes they hold (raw bytes, decompressed bytes, page text, token offsets, chunk texts), and past
  ``memory_bytes`` it raises ``BudgetExceeded`` while the data is still growing, before it can exhaust memory.
  This is an accounting of what the file makes us hold, not the process's RSS (threads share one process, so
  RSS cannot say which file grew it); library-internal temporaries (an XML tree) are bounded by the
  decompression caps instead.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import time
import zipfile
import zlib
from collections.abc import Callable

from engine.index.document import ExtractError

MAX_DECOMPRESSED_BYTES = 256 << 20  # absolute cap on what one archive-based document may expand to
MAX_RATIO = 100.0  # decompressed / compressed; real DOCX/XLSX XML compresses 5-30x
RATIO_FLOOR_BYTES = 8 << 20  # below this much output the ratio is not judged (tiny files compress very well)
DEFAULT_FILE_SECONDS = 300.0  # a file's extraction + chunking budget
# What one file's extraction and chunking may hold: a 40 MB CSV of 1M rows (the worst ordinary file in
# bench_hostile) accounts ~540 MB of it (its peak RSS: 904 MB); a 64 MB text file (the size cap) ~400 MB.
DEFAULT_FILE_MEMORY_BYTES = 1 << 30
_READ_CHUNK = 1 << 20
_GZIP_FIRST_FEED = 64  # bytes of a gzip member fed first (an empty member is 20)

SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")  # kernel and device views: never read, whatever links point there


class BudgetExceeded(ExtractError):
    """The file used up its time or size budget; the message is the reason shown to the user."""


class ExtractCancelled(Exception):  # noqa: N818 - a cancel is a result, not an error
    """The user cancelled while this file was being extracted or chunked."""


class Deadline:
    """``check()`` for one file: raises ExtractCancelled when ``cancel`` is set, BudgetExceeded after
    ``seconds``. Cheap enough to call every few milliseconds. ``charge(n)`` counts bytes against
    ``memory_bytes``; ``pause()`` waits while ``gate`` (an Event set while no interactive work runs) is clear,
    and the time paused does not count against ``seconds``."""

    def __init__(
        self,
        seconds: float | None = DEFAULT_FILE_SECONDS,
        cancel=None,
        *,
        memory_bytes: int | None = DEFAULT_FILE_MEMORY_BYTES,
        gate=None,
    ) -> None:
        self.seconds = seconds
        self.cancel = cancel
        self.memory_bytes = memory_bytes
        self.gate = gate
        self.used = 0  # bytes charged so far
        self.paused_s = 0.0  # time spent waiting at the gate
        self.t0 = time.monotonic()

    def charge(self, nbytes: int) -> None:
        self.used += nbytes
        if self.memory_bytes is not None and self.used > self.memory_bytes:
            raise BudgetExceeded(
                f"Too large to index: reading it needs more than {_mb(self.memory_bytes)} of text and working "
                "data (the per-file memory budget); it was skipped so the rest of the run could go on."
            )

    def pause(self) -> None:
        """Wait while interactive work (a chat generating, a search) holds the engine; a cancel ends the wait."""
        gate = self.gate
        if gate is None or gate.is_set():
            self()
            return
        t0 = time.monotonic()
        while not gate.wait(0.05):
            if self.cancel is not None and self.cancel.is_set():
                break
        waited = time.monotonic() - t0
        self.paused_s += waited
        self.t0 += waited
        self()

    def __call__(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise ExtractCancelled()
        if self.seconds is not None and time.monotonic() - self.t0 > self.seconds:
            raise BudgetExceeded(
                f"Reading this file took longer than its {self.seconds:.0f} s budget; it was skipped so the rest "
                "of the run could go on."
            )


def no_check() -> None:
    return None


def charge(check: Callable[[], None], nbytes: int) -> None:
    """Count ``nbytes`` held for the file against its memory budget (nothing for a plain ``check``)."""
    add = getattr(check, "charge", None)
    if add is not None:
        add(nbytes)


def pause_point(check: Callable[[], None]) -> None:
    """Between two slices of background-only work (OCR pages): wait while interactive work runs, then check."""
    wait = getattr(check, "pause", None)
    if wait is not None:
        wait()
    else:
        check()


def short_reason(exc: BaseException) -> str:
    """An exception as part of a reason shown to the user: its type and the start of its message."""
    text = " ".join(str(exc).split())
    if len(text) > 160:
        text = text[:160] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _mb(n: int) -> str:
    return f"{n / (1 << 20):.0f} MB" if n >= 1 << 20 else f"{n / 1024:.0f} KB"


def special_file_reason(mode: int) -> str | None:
    """Why a file of this ``st_mode`` is never read (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        kind = "a named pipe (FIFO)"
    elif stat.S_ISSOCK(mode):
        kind = "a socket"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a device"
    elif stat.S_ISDIR(mode):
        kind = "a folder"
    else:
        kind = "a special file"
    return f"This is {kind}, not a regular file; Alcove reads only regular files."


def in_system_folder(real_path: str) -> bool:
    """Whether a resolved path lies in /proc, /sys or /dev."""
    return any(real_path == d or real_path.startswith(d + "/") for d in SYSTEM_FOLDERS)


def read_regular_file(
    path: str, limit: int, check: Callable[[], None] = no_check
) -> tuple[bytes, os.stat_result]:
    """Up to ``limit + 1`` bytes of ``path`` and the opened file's stat. Raises ExtractError for anything that is
    not a regular file (checked on the opened descriptor: no FIFO swapped in after a ``stat`` can block) and
    OSError when it cannot be opened."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO without a writer, or a socket
            raise ExtractError(special_file_reason(stat.S_IFIFO)) from exc
        raise
    try:
        st = os.fstat(fd)
        reason = special_file_reason(st.st_mode)
        if reason:
            raise ExtractError(reason)
        parts = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(_READ_CHUNK, left))
            if not chunk:
                break
            parts.append(chunk)
            left -= len(chunk)
            charge(check, len(chunk))
            check()
        return b"".join(parts), st
    finally:
        os.close(fd)


def _too_big(what: str, out: int, compressed: int, cap: int, ratio: float) -> str | None:
    if out > cap:
        return (
            f"{what} expands to more than {cap >> 20} MB when decompressed (a decompression bomb?); skipped."
        )
    if out > RATIO_FLOOR_BYTES and out > ratio * max(1, compressed):
        return (
            f"{what} expands more than {ratio:.0f} times when decompressed ({compressed:,} bytes to over "
            f"{out:,}): a decompression bomb? Skipped."
        )
    return None


def check_zip(
    zf: zipfile.ZipFile, compressed_size: int, *, cap: int = MAX_DECOMPRESSED_BYTES, ratio: float = MAX_RATIO
) -> None:
    """Refuse an archive whose members declare more than ``cap`` bytes in all, or ``ratio`` times the archive.
    (zipfile never inflates a member past its declared size, so the declared sizes bound the real ones.)"""
    total = 0
    for info in zf.infolist():
        total += info.file_size
        reason = _too_big("The archive", total, compressed_size, cap, ratio)
        if reason:
            raise BudgetExceeded(reason)


def open_zip(
    data: bytes, what: str, *, cap: int = MAX_DECOMPRESSED_BYTES, ratio: float = MAX_RATIO
) -> zipfile.ZipFile:
    """A ZipFile over ``data`` (a DOCX, EPUB, PPTX, XLSX, ODT...) whose members together stay under ``cap`` and
    ``ratio`` (``check_zip``); a damaged archive is an ExtractError naming the format."""
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ExtractError(f"The {what} file is damaged or not a {what} file ({exc}).") from exc
    check_zip(zf, len(data), cap=cap, ratio=ratio)
    return zf


def read_zip_member(
    zf: zipfile.ZipFile,
    name: str,
    *,
    cap: int = MAX_DECOMPRESSED_BYTES,
    ratio: float = MAX_RATIO,
    check: Callable[[], None] = no_check,
) -> bytes:
    """One member's bytes, read in 1 MB pieces and stopped as soon as it passes ``cap`` or ``ratio``."""
    info = zf.getinfo(name)
    parts, out = [], 0
    with zf.open(info) as member:
        while chunk := member.read(_READ_CHUNK):
            out += len(chunk)
            reason = _too_big(f"{name} in the archive", out, info.compress_size, cap, ratio)
            if reason:
                raise BudgetExceeded(reason)
            parts.append(chunk)
            charge(check, len(chunk))
            check()
    return b"".join(parts)


def read_gzip(
    data: bytes,
    *,
    cap: int = MAX_DECOMPRESSED_BYTES,
    ratio: float = MAX_RATIO,
    check: Callable[[], None] = no_check,
) -> bytes:
    """Decompress gzip (or zlib) ``data`` in bounded steps; concatenated gzip members are followed.

    Each member is fed to zlib in pieces that start at a few bytes and double while the member lasts, so what is
    left over at its end (zlib copies it) is at most twice the member: the work is linear in the file, however
    many members it has (400,000 empty members used to copy the rest of the file once each: minutes)."""
    view = memoryview(data)
    n = len(data)
    parts, out, pos = [], 0, 0
    try:
        while pos < n:
            if data[pos] == 0 and data.count(0, pos) == n - pos:
                break  # zero padding after the last member (tar and dd leave it)
            d = zlib.decompressobj(wbits=47)  # 32 + 15: gzip or zlib header, detected
            feed, buf = _GZIP_FIRST_FEED, b""
            while not d.eof:
                if not buf:
                    if pos >= n:
                        raise ExtractError("The compressed file is truncated.")
                    buf = view[pos : pos + feed]
                    pos += len(buf)
                    feed = min(2 * feed, _READ_CHUNK)
                chunk = d.decompress(buf, _READ_CHUNK)
                buf = d.unconsumed_tail
                if chunk:
                    out += len(chunk)
                    charge(check, len(chunk))  # first: a file over its memory budget says so
                    reason = _too_big("The compressed file", out, n, cap, ratio)
                    if reason:
                        raise BudgetExceeded(reason)
                    parts.append(chunk)
                check()
            pos -= len(d.unused_data)  # read past this member's end: the next one starts there
    except zlib.error as exc:
        raise ExtractError(f"The compressed file is damaged ({exc}).") from exc
    return b"".join(parts)
