"""The stable JSON shapes of engine results that more than one front end prints (docs/CLI.md, docs/SERVER.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def search_json(hits: Iterable[Any]) -> dict[str, Any]:
    """Search results as ``alcove search --json`` prints them and the server's /v1/alcove/search returns them."""
    return {
        "results": [
            {"path": h.path, "page": h.page, "line_start": h.line_start, "line_end": h.line_end,
             "score": h.score, "text": h.text, "snippet": h.snippet, "heading": h.heading,
             "char_start": h.char_start, "char_end": h.char_end, "chunk_id": h.chunk_id,
             "image": _image(h), "late": _late(h)}
            for h in hits
        ]
    }  # fmt: skip


def _image(hit: Any) -> dict[str, Any] | None:
    """A picture found by meaning (search with an image model): its rank among the pictures and its cosine."""
    rank = getattr(hit, "image_rank", None)
    return None if rank is None else {"rank": rank, "score": hit.image_score}


def _late(hit: Any) -> dict[str, Any] | None:
    """Late interaction (an index with token vectors): the result's rank in the MaxSim list and its MaxSim score."""
    rank = getattr(hit, "late_rank", None)
    return None if rank is None else {"rank": rank, "score": hit.late_score}
