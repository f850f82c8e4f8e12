"""One ask's embeddings, each text embedded once.

An ask embeds the same texts more than once: the question at retrieval, again for the best-sentence gate
(``abstain.best_piece_cosine``) and again for the extractive answer; the sentences of the first passages for the gate,
then most of them again as the answer's candidates. ``AskEmbeddings`` stands in for the embedder for the length of one
ask and keeps every vector it was asked for by (kind, text): a text already embedded in this ask is not embedded
again. It lives only as long as the ask (nothing is kept between questions) and only on the engine thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from engine.encoders import EmbedResult


class AskEmbeddings:
    """``embedder`` with a memo of the vectors this ask has made; every other attribute is the embedder's."""

    def __init__(self, embedder: Any) -> None:
        self.embedder = embedder
        self._memo: dict[tuple[str, str], tuple[np.ndarray, int, bool]] = {}
        self.embedded = 0  # texts the model embedded in this ask
        self.reused = 0  # texts answered from the memo

    def __getattr__(self, name: str) -> Any:
        return getattr(self.embedder, name)

    def embed(self, texts: Sequence[str], kind: str = "document", cancel=None) -> EmbedResult:
        missing = [t for t in dict.fromkeys(texts) if (kind, t) not in self._memo]
        if missing:
            res = self.embedder.embed(missing, kind=kind, cancel=cancel)
            if res.cancelled:
                return res
            cut = set(res.truncated)
            for i, (t, v, n) in enumerate(zip(missing, res.vectors, res.token_counts, strict=True)):
                self._memo[(kind, t)] = (v, n, i in cut)
            self.embedded += len(missing)
        self.reused += len(texts) - len(missing)
        rows = [self._memo[(kind, t)] for t in texts]
        if not rows:
            return self.embedder.embed([], kind=kind, cancel=cancel)
        return EmbedResult(
            np.stack([v for v, _, _ in rows]).astype(np.float32, copy=False),
            tuple(n for _, n, _ in rows),
            tuple(i for i, (_, _, cut) in enumerate(rows) if cut),
        )
