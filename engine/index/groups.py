"""The pipeline's embedding groups: chunks of the files waiting for vectors, taken together, sorted by token length
and embedded in batches on the engine thread, each file handed its vectors as soon as its rows are done
(``engine.index.pipeline`` sizes the groups and runs one batch per embedding unit)."""

from __future__ import annotations

import numpy as np

from engine.encoders import Encoded
from engine.index.prepare import Pending
from engine.index.summary import SkippedFile

MIN_BATCH, MAX_BATCH = 1, 256  # chunks per embedding unit
# Chunks sorted by length together: at least 64, more when more is queued, up to what the device embeds in about
# GROUP_SECONDS (a file gets its vectors when its group's rows are done). A wider window pads less: on eval/corpus
# 3.9% padded tokens at 64, 2.0% at 192.
GROUP_CHUNKS, GROUP_MAX, GROUP_SECONDS = 64, 512, 6.0


def take_rows(pending: list[Pending], room: int) -> list[tuple[Pending, int, int]]:
    """Up to ``room`` chunks still waiting for vectors, in file order: (file, first, end) ranges."""
    take = []
    for p in pending:
        n = min(room, len(p.texts) - p.done)
        if n > 0:
            take.append((p, p.done, p.done + n))
            room -= n
        if room == 0:
            break
    return take


class Group:
    """Chunks taken from the files waiting for vectors (contiguous ranges, in file order), embedded in batches of
    similar length; each file is handed its vectors as soon as all its rows are done."""

    def __init__(self, take: list[tuple[Pending, int, int]]) -> None:
        self.take = take
        self.texts = [t for p, a, b in take for t in p.texts[a:b]]
        self.encoded: Encoded | None = None
        if take and all(p.encoded is not None for p, _, _ in take):  # tokenized by the extraction workers
            self.encoded = Encoded.concat([p.encoded.take(range(a, b)) for p, a, b in take])
            self.lengths = [int(n) for n in self.encoded.lengths]
        else:
            # An embedder without a document encoder: the tokens each text holds, as the chunker counted them plus
            # the title line (~3 characters a token) and the special tokens, enough to sort by.
            self.lengths = [c.token_count + (len(t) - len(c.text)) // 3 + 2
                            for p, a, b in take for c, t in zip(p.chunks[a:b], p.texts[a:b], strict=True)]  # fmt: skip
        self.order = sorted(range(len(self.texts)), key=lambda i: -self.lengths[i])  # longest first
        self.cursor = 0
        self.vectors: np.ndarray | None = None
        self.filled = np.zeros(len(self.texts), bool)
        self.truncated: set[int] = set()

    @classmethod
    def take(cls, pending: list[Pending], room: int) -> Group:
        return cls(take_rows(pending, room))

    def next_rows(self, n: int, token_budget: int = 0) -> list[int]:
        """The next ``n`` rows by length, or more: as many as fill ``token_budget`` at the longest one's length."""
        if token_budget and self.cursor < len(self.order):
            n = max(n, min(MAX_BATCH, token_budget // max(self.lengths[self.order[self.cursor]], 1)))
        rows = self.order[self.cursor : self.cursor + n]
        self.cursor += len(rows)
        return rows

    def embed(self, embedder, rows: list[int], cancel):
        """One batch: only the model runs when the rows were tokenized beside the engine thread."""
        if self.encoded is not None:
            return embedder.embed_encoded(self.encoded.take(rows), cancel=cancel)
        return embedder.embed([self.texts[i] for i in rows], kind="document", cancel=cancel)

    def fill(self, rows: list[int], result) -> None:
        vecs = np.asarray(result.vectors, dtype=np.float16)
        if self.vectors is None:
            self.vectors = np.zeros((len(self.texts), vecs.shape[1]), np.float16)
        self.vectors[rows] = vecs
        self.filled[rows] = True
        self.truncated.update(rows[j] for j in (getattr(result, "truncated", ()) or ()))

    @property
    def complete(self) -> bool:
        return self.cursor >= len(self.texts)

    def hand_out_ready(self, max_seq_length: int) -> list[SkippedFile]:
        """Each file whose rows in this group are all embedded gets its vectors (in chunk order), so a cancel keeps
        every finished file; a note for each file with chunks truncated for embedding."""
        assert self.vectors is not None
        notes, pos = [], 0
        for p, a, b in self.take:
            n = b - a
            if p.done == a and self.filled[pos : pos + n].all():
                p.vectors.append(self.vectors[pos : pos + n])
                cut = sum(1 for i in range(pos, pos + n) if i in self.truncated)
                if cut:
                    notes.append(SkippedFile(p.write.path, f"{cut} chunk(s) were longer than the model's "
                                             f"{max_seq_length} tokens and were truncated for embedding"))  # fmt: skip
                p.done = b
            pos += n
        return notes
