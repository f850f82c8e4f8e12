"""Bounded decompression for the readers of compressed formats (gzip text, ZIP-based office files and e-books).

A small file that inflates to gigabytes (a "decompression bomb") must be refused, not read: every reader checks
the ratio and the absolute size before it hands anything to a parsing library. (Issue #19 adds a shared helper;
this one keeps the formats of issue #18 safe until both are merged.)
"""

from __future__ import annotations

import gzip
import io
import zipfile
import zlib

from engine.index.document import ExtractError

MAX_UNPACKED_BYTES = 256 << 20  # no document Alcove indexes inflates past this
MAX_RATIO = 200  # text compresses ~3-10x; XML in a ZIP up to ~50x; more than this is a bomb


def gunzip_bounded(data: bytes, max_bytes: int = MAX_UNPACKED_BYTES, max_ratio: int = MAX_RATIO) -> bytes:
    """The decompressed content of a gzip file (all members), refused past ``max_bytes`` or ``max_ratio``."""
    limit = min(max_bytes, max(1 << 20, len(data) * max_ratio))
    out = io.BytesIO()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as f:
            while True:
                block = f.read(1 << 20)
                if not block:
                    break
                out.write(block)
                if out.tell() > limit:
                    raise ExtractError(
                        f"The compressed file inflates past {limit >> 20} MB; it is not read "
                        "(a decompression bomb, or too large to index)."
                    )
    except (OSError, EOFError, zlib.error) as exc:
        raise ExtractError(f"The gzip file is damaged ({exc}).") from exc
    return out.getvalue()


def open_zip_bounded(
    data: bytes, what: str, max_bytes: int = MAX_UNPACKED_BYTES, max_ratio: int = MAX_RATIO
) -> zipfile.ZipFile:
    """A ZipFile over ``data`` whose members together stay under the limits (declared sizes are enforced by
    ``zipfile`` when members are read: a member that inflates past its declared size fails its CRC check)."""
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ExtractError(f"The {what} file is damaged or not a {what} file ({exc}).") from exc
    total = sum(i.file_size for i in infos)
    limit = min(max_bytes, max(1 << 20, len(data) * max_ratio))
    if total > limit:
        raise ExtractError(
            f"The {what} file inflates to {total >> 20} MB, past the {limit >> 20} MB limit; it is not read "
            "(a decompression bomb, or too large to index)."
        )
    return zf
