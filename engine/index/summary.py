"""What an index run reports: one ``IndexSummary`` at its end, with the files skipped or noted and why."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SkippedFile:
    """A file skipped with the reason (or, in ``IndexSummary.notes``, indexed with a remark)."""

    path: str
    reason: str


@dataclass(frozen=True)
class OutsideLink:
    """A symbolic link the walker did not follow because it leaves every library folder (allow it by its path)."""

    path: str  # the link, as found under the folder the user gave
    target: str  # where it points, resolved
    reason: str


@dataclass(frozen=True)
class IndexSummary:
    """What one run did, and what the index holds after it. The chunk counts always agree:
    ``chunks_total`` = the index's chunks before the run + ``chunks`` - ``chunks_removed``."""

    files_indexed: int  # files embedded in this run and now whole in the index (a continued one too)
    files_unchanged: int
    files_removed: int  # gone from an indexed folder (or now unreadable as text): removed from the index
    files_skipped: tuple[SkippedFile, ...]
    chunks: int  # chunks embedded and written to the index in this run (partly indexed files' too)
    seconds: float
    bytes_indexed: int = 0
    cancelled: bool = False
    resumed: bool = False  # an earlier run had been interrupted (killed) and this one picked up after it
    error: str | None = None  # the run stopped early (disk full, read-only index...); what was done is kept
    notes: tuple[SkippedFile, ...] = ()  # indexed, with a remark (encoding guessed, chunks truncated...)
    documents_total: int = 0
    chunks_total: int = 0
    pipeline: dict[str, Any] | None = None  # how the threaded pipeline spent its time (None: an inline run)
    files_moved: int = 0  # moved or renamed with the same content: chunks and vectors kept, nothing embedded
    # files the walker saw that Alcove does not read (images with OCR off are skipped, not here): {".ext": n}
    files_unsupported: dict[str, int] = field(default_factory=dict)
    links_outside: tuple[OutsideLink, ...] = ()  # also in files_skipped; listed so they can be allowed
    files_partial: int = 0  # left partly indexed (cancelled inside them): their chunks so far are kept
    chunks_removed: int = 0  # deleted from the index: earlier versions of re-indexed files, removed files
    chunks_resumed: int = 0  # stored by an earlier run for files this run continued: not embedded again
    documents_partial: int = 0  # of ``documents_total``, those partly indexed (the next run finishes them)

    def to_json(self) -> dict[str, Any]:
        return {
            "files_indexed": self.files_indexed,
            "files_unchanged": self.files_unchanged,
            "files_skipped": [{"path": s.path, "reason": s.reason} for s in self.files_skipped],
            "chunks": self.chunks,
            "seconds": round(self.seconds, 3),
            "files_removed": self.files_removed,
            "bytes_indexed": self.bytes_indexed,
            "cancelled": self.cancelled,
            "resumed": self.resumed,
            "error": self.error,
            "notes": [{"path": s.path, "note": s.reason} for s in self.notes],
            "documents_total": self.documents_total,
            "chunks_total": self.chunks_total,
            "files_moved": self.files_moved,
            "files_unsupported": dict(self.files_unsupported),
            "links_outside": [
                {"path": k.path, "target": k.target, "reason": k.reason} for k in self.links_outside
            ],
            "files_partial": self.files_partial,
            "chunks_removed": self.chunks_removed,
            "chunks_resumed": self.chunks_resumed,
            "documents_partial": self.documents_partial,
            **({"pipeline": self.pipeline} if self.pipeline is not None else {}),
        }
