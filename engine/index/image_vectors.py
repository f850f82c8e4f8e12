"""Images found by meaning: image vectors of an image-text model (CLIP, SigLIP) kept in the index's SQLite file
next to the OCR text chunks, and their search.

One vector per image file, attached to the image's first chunk (its OCR text, or, for a picture with no text, an
empty chunk that carries its file name), and one per scanned PDF page (a page without a text layer, read by OCR),
attached to the page's first chunk, in the table ``image_vectors`` (float16, normalised); ``image_checked`` lists
the PDFs already looked at. The tables are this feature's own migration step: created when an index run first has an image model, so an index made before it, or
indexed without an image model, is untouched and stays valid; older versions of Alcove ignore the table, and its
rows go with their chunks (ON DELETE CASCADE). The meta keys ``image_model`` and ``image_dim`` name the model; a
run with another model drops the old vectors (they are derived data) and embeds the images again.

The vectors are computed after a run's text pass (``image_pass``): the images still missing a vector are read and
preprocessed on the calling (writer) thread and embedded one batch per background unit on the engine thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator

import numpy as np

from engine.core import IndexStoreError, ProgressEvent
from engine.index.image_pages import pictures
from engine.index.runners import run_unit
from engine.index.schema import path_from_db
from engine.index.store import IndexStore, vector_arrays
from engine.index.vector_search import VectorMatrix

log = logging.getLogger(__name__)

CHECKED_TABLE = (
    "CREATE TABLE IF NOT EXISTS image_checked(document_id INTEGER PRIMARY KEY REFERENCES documents(id) "
    "ON DELETE CASCADE)"
)
IMAGE_TABLE = (
    "CREATE TABLE IF NOT EXISTS image_vectors(chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) "
    "ON DELETE CASCADE, vector BLOB NOT NULL)"
)
BATCH_IMAGES = 8  # images preprocessed and embedded per background unit


def has_image_table(store) -> bool:
    return bool(store._q("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'image_vectors'"))


def bind_image_model(store, name: str, dim: int, source: str = "") -> None:
    """The migration step (the tables, once) and the index bound to ``name`` (``source``: its folder, which a search
    without an image model named loads); another model's vectors are dropped. Bound already: nothing is written."""
    bound = has_image_table(store) and bool(
        store._q("SELECT 1 FROM sqlite_master WHERE name = 'image_checked'")
    )
    old = store.meta("image_model") if bound else None
    if old == name and store.meta("image_dim") == str(dim) and store.meta("image_source") == source:
        return

    def migrate(c) -> None:
        c.execute(IMAGE_TABLE)
        c.execute(CHECKED_TABLE)
        if old is not None and (old != name or store.meta("image_dim") != str(dim)):
            log.info("image vectors of %s dropped: the index now uses %s", old, name)
            c.execute("DELETE FROM image_vectors")
            c.execute("DELETE FROM image_checked")
        c.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                      [("image_model", name), ("image_dim", str(dim)), ("image_source", source)])  # fmt: skip

    store._transaction(migrate)


def image_source(db) -> str | None:
    """The folder of the image model an index's picture vectors were made with (None: it has none)."""
    with IndexStore(db, read_only=True) as store:
        if not has_image_table(store) or not store._q("SELECT 1 FROM image_vectors LIMIT 1"):
            return None
        return store.meta("image_source") or None


def unchecked_pdfs(store) -> list[tuple[int, str]]:
    """(document id, path) of each indexed PDF whose scanned pages were not looked at with this image model."""
    rows = store._q(
        "SELECT d.id, d.path FROM documents d LEFT JOIN image_checked k ON k.document_id = d.id "
        "WHERE d.status = 'indexed' AND d.file_type = 'pdf' AND k.document_id IS NULL ORDER BY d.path"
    )
    return [(int(i), path_from_db(p)) for i, p in rows]


def mark_checked(store, doc_ids: list[int]) -> None:
    store._transaction(
        lambda c: c.executemany(
            "INSERT OR IGNORE INTO image_checked(document_id) SELECT ? WHERE EXISTS (SELECT 1 FROM documents "
            "WHERE id = ?)",
            ((d, d) for d in doc_ids),
        )
    )


def missing_images(store) -> list[tuple[int, str]]:
    """(chunk id, path) of each indexed image file without an image vector: its first chunk."""
    rows = store._q(
        "SELECT c.id, d.path FROM documents d JOIN chunks c ON c.document_id = d.id AND c.ordinal = "
        "(SELECT min(ordinal) FROM chunks WHERE document_id = d.id) LEFT JOIN image_vectors v ON v.chunk_id = c.id "
        "WHERE d.status = 'indexed' AND d.file_type = 'image' AND v.chunk_id IS NULL ORDER BY d.path"
    )
    return [(int(cid), path_from_db(path)) for cid, path in rows]


def write_image_vectors(store, chunk_ids: list[int], vectors: np.ndarray) -> None:
    vecs = np.ascontiguousarray(vectors, dtype=np.float16)
    store._transaction(
        lambda c: c.executemany(
            # a chunk deleted meanwhile (its file changed) gets no vector: its id is gone
            "INSERT OR REPLACE INTO image_vectors(chunk_id, vector) SELECT ?, ? WHERE EXISTS "
            "(SELECT 1 FROM chunks WHERE id = ?)",
            ((cid, vecs[i].tobytes(), cid) for i, cid in enumerate(chunk_ids)),
        )
    )


def load_image_vectors(store) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(chunk ids, document ids, float16 vectors) of every image vector; empty when the index has none."""
    dim = int(store.meta("image_dim") or 0)
    rows = []
    if has_image_table(store):
        rows = store._q(
            "SELECT v.chunk_id, c.document_id, v.vector FROM image_vectors v JOIN chunks c ON c.id = v.chunk_id "
            "ORDER BY v.chunk_id"
        )
    return vector_arrays(rows, dim)


_local = threading.local()


def image_matrix_for(store) -> VectorMatrix:
    """This thread's cached matrix of the index's image vectors, reloaded when the index changed (engine thread)."""
    cache = getattr(_local, "matrices", None)
    if cache is None:
        cache = _local.matrices = {}
    key, generation = str(store.path.resolve()), store.generation()
    cached = cache.get(key)
    if cached is None or cached.generation != generation:
        cache.pop(key, None)
        cached = cache[key] = VectorMatrix(*load_image_vectors(store), generation)
        while len(cache) > 4:
            cache.pop(next(iter(cache)))
    return cached


def image_lists(store, images, queries, depth, allowed) -> list[list[tuple[int, float]]]:
    """For each query, (chunk id, cosine) of the pictures closest to it in the image model's space, best first."""
    matrix = image_matrix_for(store)
    if len(matrix) == 0:
        return [[] for _ in queries]
    if matrix.dim != images.dim or store.meta("image_model") != images.name:
        raise IndexStoreError(
            f"The index's pictures were embedded by {store.meta('image_model')} ({matrix.dim} dimensions), not by "
            f"{images.name} ({images.dim}). Search with that image model, or index again with this one."
        )
    found = matrix.search(images.embed_texts(list(queries)), depth, allowed)
    return [list(zip(h.chunk_ids.tolist(), h.scores.tolist(), strict=True)) for h in found]


def fuse_images(img, weight: float, rrf: int | None = None) -> dict[int, float]:
    """The picture list's share of a fused score: ``weight`` x min-max cosine (score fusion), or 1 / (k + rank)."""
    if rrf is not None:
        return {cid: 1.0 / (rrf + r) for r, (cid, _) in enumerate(img, 1)}
    scores = [s for _, s in img]
    lo, hi = min(scores), max(scores)
    return {cid: weight * ((s - lo) / (hi - lo) if hi > lo else 1.0) for cid, s in img}


def image_cache_bytes() -> int:
    """Bytes of the picture matrices this thread keeps."""
    return sum(m.nbytes for m in getattr(_local, "matrices", {}).values())


def forget_image_vectors() -> None:
    """Drop this thread's cached image matrices."""
    getattr(_local, "matrices", {}).clear()


def image_options(store, opts: dict, image_embedder) -> dict:
    """``file_options`` with images on: a picture with no text is indexed (an empty chunk for its vector), and
    the index's settings tag names the model, so turning it on looks at every file again (by content hash: only
    the pictures skipped for want of text are read again)."""
    tag = opts["tag"] + f":images-{image_embedder.name}"
    return opts | {"images": True, "tag": tag, "same_config": store.meta("chunker") == tag}


def image_pass(store, image_embedder, runner, halt, request_id: str = "") -> Iterator[ProgressEvent]:
    """Embed every indexed picture and scanned PDF page that has no image vector yet; yields progress.
    ``runner``: the engine thread (``background``), or an ``InlineRunner`` (``run_ready`` runs the unit here).
    Stops between batches on ``halt``."""
    bind_image_model(store, image_embedder.name, image_embedder.dim, getattr(image_embedder, "source", ""))
    images, pdfs = missing_images(store), unchecked_pdfs(store)
    total = len(images) + len(pdfs)
    ids: list[int] = []
    pixels: list[np.ndarray] = []
    checked: list[int] = []
    done = 0

    def flush() -> None:
        if ids:
            vectors = run_unit(
                runner, image_embedder.embed_pixels, np.stack(pixels), f"index {request_id}: images"
            )
            write_image_vectors(store, ids, vectors)
        if checked:
            mark_checked(store, checked)
        ids.clear(), pixels.clear(), checked.clear()

    for what, key, value in pictures(store, images, pdfs, image_embedder.preprocessor):
        if halt.is_set():
            break
        if what == "pixels":
            ids.append(key)
            pixels.append(value)
        else:  # a file done: a PDF is marked checked only with (or after) the batch holding its pages
            done += 1
            if what == "checked":
                checked.append(key)
        if len(ids) >= BATCH_IMAGES or (what != "pixels" and done == total):
            flush()
            yield ProgressEvent(request_id, done, total, f"Pictures: {done} of {total} files",
                                extra={"phase": "images"})  # fmt: skip
    if not halt.is_set():
        flush()
