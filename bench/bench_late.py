"""Late interaction (ColBERT) in the index: storage per chunk, encoding cost, and exact MaxSim query latency beside
the single-vector search on the same number of chunks.

1. ``storage`` (real text, real tokenizer): eval/corpus (the Python and Debian docs) is indexed with a hashing
   embedder, then every chunk's token vectors are written by ``late_pass`` with a ColBERT made of the real
   all-MiniLM-L6-v2 trunk (its tokenizer and weights) and a RANDOM 384 -> 128 projection in PyLate's on-disk format
   (no ColBERT checkpoint is available offline; token counts and bytes depend only on the tokenizer, the lengths and
   the dimensions). Measured twice, pruned (PyLate's punctuation skiplist) and not: token vectors per chunk, their
   float16 bytes, and the SQLite file's growth per chunk, beside the single vector's 384 float16 values.
2. ``encode``: chunks/s of that ColBERT's documents beside the single-vector embedder (MiniLM, the same trunk) on
   the same chunk texts, ABBA (bench/abba.py): the late pass's extra cost at indexing.
3. ``latency``: SYNTHETIC token vectors (random unit vectors, float16) for 10k and 100k chunks, each chunk's count
   drawn from the pruned counts of part 1; a 32-token query (ColBERT's query length), top 10, exact MaxSim
   (``TokenMatrix``) beside exact cosine over 384-d vectors (``VectorMatrix``) on the same number of chunks, ABBA.
   Searches only: the query's encoding is not timed.
4. ``hybrid``: the whole ``search()`` in hybrid mode on a real SQLite index of ``--hybrid-chunks`` synthetic text
   chunks (hashing embedder) whose token vectors are SYNTHETIC (counts as in part 1), with the late list (the vector
   and keyword candidates, up to 100, ranked by MaxSim from their stored token vectors) and without it, ABBA: what
   the third list adds to a hybrid search. The query's ColBERT encoding is not timed (a fixed query).

Prints JSON; never passes or fails on time.

    .venv/bin/python bench/bench_late.py                      # all three, 10k and 100k chunks
    .venv/bin/python bench/bench_late.py --chunks 10000 --rounds 3 --parts latency
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import numpy as np  # noqa: E402
from _common import ROOT, blas, emit  # noqa: E402 - sets up sys.path and the BLAS before MLX
from abba import abba  # noqa: E402

from engine.encoders import default_embedder_path, load_embedder, load_late_encoder  # noqa: E402
from engine.index import IndexStore, TokenMatrix, VectorMatrix, index_paths, search, token_stats  # noqa: E402
from tests.engine.index.index_fakes import HashEmbedder  # noqa: E402

DIM, SINGLE_DIM, QUERY_TOKENS = 128, 384, 32


def minilm_colbert(folder: Path, document_length: int = 180) -> Path:
    """all-MiniLM-L6-v2's trunk and tokenizer with a random 384 -> 128 projection, in PyLate's format; the markers
    are BERT's [unused0]/[unused1], as Stanford ColBERT's."""
    from safetensors.numpy import save_file

    src = default_embedder_path()
    folder.mkdir(parents=True)
    for name in ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json"):
        shutil.copy(src / name, folder / name)
    (folder / "1_Dense").mkdir()
    w = (np.random.default_rng(0).standard_normal((DIM, SINGLE_DIM)) / np.sqrt(SINGLE_DIM)).astype(np.float32)
    save_file({"linear.weight": w}, str(folder / "1_Dense" / "model.safetensors"))
    (folder / "1_Dense" / "config.json").write_text(json.dumps({"in_features": SINGLE_DIM, "out_features": DIM,
        "bias": False, "activation_function": "torch.nn.modules.linear.Identity"}))  # fmt: skip
    (folder / "modules.json").write_text(json.dumps([
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Dense", "type": "pylate.models.Dense.Dense"}]))  # fmt: skip
    (folder / "config_sentence_transformers.json").write_text(json.dumps({"model_type": "ColBERT",
        "query_prefix": "[unused0]", "document_prefix": "[unused1]", "query_length": QUERY_TOKENS,
        "document_length": document_length, "do_query_expansion": True, "attend_to_expansion_tokens": False}))  # fmt: skip
    return folder


def _db_bytes(db: Path) -> int:
    with sqlite3.connect(db) as c:
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        c.execute("VACUUM")
    return db.stat().st_size


def storage(work: Path, late, files: int) -> dict:
    corpus = sorted(p for p in (ROOT / "eval" / "corpus").rglob("*") if p.is_file())[:files]
    lib = work / "lib"
    for p in corpus:
        dest = lib / p.relative_to(ROOT / "eval" / "corpus")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(p, dest)
    base = work / "base.db"
    *_, summary = index_paths([lib], base, HashEmbedder(dim=SINGLE_DIM), ocr=False)
    base_bytes = _db_bytes(base)
    with IndexStore(base) as store:
        chunks = store.stats().chunks
    out = {"files": len(corpus), "chunks": chunks, "single_vector_bytes": SINGLE_DIM * 2,
           "index_bytes_without_token_vectors_per_chunk": base_bytes / chunks}  # fmt: skip
    counts = {}
    for prune in (True, False):
        db = work / f"late-{prune}.db"
        shutil.copy(base, db)
        late.prune = prune
        t0 = time.perf_counter()  # the text is unchanged: the run only adds the token vectors
        *_, summary = index_paths([lib], db, HashEmbedder(dim=SINGLE_DIM), ocr=False, late_encoder=late)
        seconds = time.perf_counter() - t0
        with IndexStore(db, read_only=True) as store:
            n, tokens, blob = token_stats(store)
            per_chunk = np.array([r[0] for r in store._q("SELECT n_tokens FROM token_vectors")])
        grown = _db_bytes(db) - base_bytes
        counts[prune] = per_chunk
        out["pruned" if prune else "unpruned"] = {
            "chunks": n,
            "tokens_per_chunk": {
                "mean": float(per_chunk.mean()),
                "median": float(np.median(per_chunk)),
                "max": int(per_chunk.max()),
            },  # fmt: skip
            "float16_bytes_per_chunk": blob / n,
            "sqlite_bytes_per_chunk": grown / n,
            "run_seconds": seconds,
        }
    out["pruned_over_unpruned_bytes"] = (
        out["pruned"]["float16_bytes_per_chunk"] / out["unpruned"]["float16_bytes_per_chunk"]
    )
    out["late_over_single_vector_bytes"] = (
        out["pruned"]["sqlite_bytes_per_chunk"] / out["index_bytes_without_token_vectors_per_chunk"]
    )
    late.prune = True
    return out, counts[True], base


def encode(late, db: Path, n: int, rounds: int) -> dict:
    with IndexStore(db, read_only=True) as store:
        texts = [t for _, t in chunk_texts(store)][:n]
    embedder = load_embedder(default_embedder_path())
    run = abba({"late": lambda: late.encode_documents(texts), "single": lambda: embedder.embed(texts)}, rounds,
               warmup=1)  # fmt: skip
    late_s, single_s = run.summary("late"), run.summary("single")
    return {"texts": len(texts), "late_chunks_per_s": len(texts) / late_s["median"],
            "single_chunks_per_s": len(texts) / single_s["median"], "late_seconds": late_s,
            "single_seconds": single_s, "late_over_single_time": run.ratio("late", "single"), **run.about()}  # fmt: skip


def chunk_texts(store) -> list[tuple[int, str]]:
    """Every chunk's encoder text (as the late pass reads it), token vectors or not."""
    rows = store._q("SELECT id, title, heading, text FROM chunks ORDER BY id")
    return [(i, f"{t} > {h}\n{x}" if h else f"{t}\n{x}") for i, t, h, x in rows]


def latency(n: int, counts: np.ndarray, rounds: int, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    lengths = rng.choice(counts, n)
    offsets = np.concatenate([[0], np.cumsum(lengths)])
    flat = np.empty((offsets[-1], DIM), np.float16)
    step = 1 << 20
    for a in range(0, len(flat), step):  # in slices: no float64 copy of the whole
        part = rng.standard_normal((min(step, len(flat) - a), DIM), dtype=np.float32)
        flat[a : a + step] = part / np.linalg.norm(part, axis=1, keepdims=True)
    ids, docs = np.arange(n, dtype=np.int64) + 1, np.arange(n, dtype=np.int64) // 4
    tokens = TokenMatrix(ids, docs, offsets, flat)
    single = rng.standard_normal((n, SINGLE_DIM), dtype=np.float32)
    vectors = VectorMatrix(
        ids, docs, (single / np.linalg.norm(single, axis=1, keepdims=True)).astype(np.float16)
    )
    q_tokens = rng.standard_normal((QUERY_TOKENS, DIM), dtype=np.float32)
    q_tokens /= np.linalg.norm(q_tokens, axis=1, keepdims=True)
    q_single = q_tokens[:1].repeat(SINGLE_DIM // DIM, axis=1)
    run = abba({"late": lambda: tokens.search([q_tokens], 10), "single": lambda: vectors.search(q_single, 10)},
               rounds, warmup=1)  # fmt: skip
    return {"chunks": n, "token_vectors": int(offsets[-1]), "late_matrix_bytes": tokens.nbytes,
            "single_matrix_bytes": vectors.nbytes, "late_seconds": run.summary("late"),
            "single_seconds": run.summary("single"), "late_over_single": run.ratio("late", "single"),
            **run.about()}  # fmt: skip


class SyntheticLate:
    """A stand-in late encoder for part 4: random unit token vectors, each chunk's count drawn from ``counts``."""

    def __init__(self, counts: np.ndarray) -> None:
        self.name, self.dim, self.source, self.prune = "synthetic-colbert", DIM, "", True
        self._counts, self._rng = counts, np.random.default_rng(1)
        q = self._rng.standard_normal((QUERY_TOKENS, DIM), dtype=np.float32)
        self._query = q / np.linalg.norm(q, axis=1, keepdims=True)

    def _unit(self, n: int) -> np.ndarray:
        v = self._rng.standard_normal((n, DIM), dtype=np.float32)
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    def encode_documents(self, texts, prune=None, cancel=None):
        return _Result(tuple(self._unit(int(self._rng.choice(self._counts))) for _ in texts))

    def encode_queries(self, texts):
        return _Result(tuple(self._query for _ in texts))


class _Result:
    def __init__(self, vectors) -> None:
        self.vectors, self.cancelled = vectors, False


def hybrid(work: Path, counts: np.ndarray, n: int, rounds: int) -> dict:
    words = (ROOT / "tests" / "data" / "sentences.txt").read_text(encoding="utf-8").split()
    rng = np.random.default_rng(2)
    lib = work / "hybrid-lib"
    lib.mkdir()
    per_file = 20
    for f in range(n // per_file):  # paragraphs of 80 words: one chunk each
        paras = [" ".join(rng.choice(words, 80)) for _ in range(per_file)]
        (lib / f"f{f:05d}.txt").write_text("\n\n".join(paras) + "\n", encoding="utf-8")
    db = work / "hybrid.db"
    embedder, late = HashEmbedder(dim=SINGLE_DIM), SyntheticLate(counts)
    t0 = time.perf_counter()
    *_, summary = index_paths([lib], db, embedder, ocr=False, late_encoder=late)
    build = time.perf_counter() - t0
    with IndexStore(db, read_only=True) as store:
        chunks, tokens, blob = token_stats(store)
    query = "the night train leaves the station before dawn"
    run = abba({"hybrid+late": lambda: search(db, embedder, query, k=10, late_encoder=late),
                "hybrid": lambda: search(db, embedder, query, k=10)}, rounds, warmup=1)  # fmt: skip
    late_hits = search(db, embedder, query, k=10, late_encoder=late)
    return {"chunks": chunks, "token_vectors": tokens, "token_bytes": blob, "build_seconds": build,
            "late_list_scored": sum(h.late_rank is not None for h in late_hits),
            "with_late_seconds": run.summary("hybrid+late"), "without_late_seconds": run.summary("hybrid"),
            "with_over_without": run.ratio("hybrid+late", "hybrid"), **run.about()}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--parts", default="storage,encode,latency,hybrid")
    ap.add_argument(
        "--files", type=int, default=120, help="eval/corpus files indexed for storage (default 120)"
    )
    ap.add_argument("--encode-texts", type=int, default=128)
    ap.add_argument("--chunks", default="10000,100000", help="chunk counts for latency")
    ap.add_argument("--hybrid-chunks", type=int, default=10000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    parts = set(args.parts.split(","))
    report: dict = {"blas": blas(), "dim": DIM, "query_tokens": QUERY_TOKENS}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        late = load_late_encoder(minilm_colbert(work / "colbert"))
        counts, base = None, None
        if parts & {"storage", "encode", "latency", "hybrid"}:
            report["storage"], counts, base = storage(work, late, args.files)
        if "encode" in parts:
            report["encode"] = encode(late, base, args.encode_texts, args.rounds)
        if "latency" in parts:
            report["latency"] = [latency(int(n), counts, args.rounds) for n in args.chunks.split(",")]
        if "hybrid" in parts:
            report["hybrid"] = hybrid(work, counts, args.hybrid_chunks, args.rounds)
    emit(report)


if __name__ == "__main__":
    main()
