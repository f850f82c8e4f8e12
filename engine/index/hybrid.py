"""Search the index: vector (exact, MLX), keyword (FTS5 BM25), late interaction (ColBERT MaxSim over the chunks'
token vectors, when the index has them) or hybrid (the lists fused).

Hybrid fuses the two candidate lists by a convex combination of their min-max normalised scores, equal weights
(fusion="score"); reciprocal rank fusion (fusion="rrf", k=60) is the alternative. Score fusion is the default
because it keeps how strongly each retriever prefers a chunk, where RRF keeps only ranks: a chunk that only one
retriever finds, or finds far ahead of its second, is not pushed below chunks both rank middling (Bruch et al.,
"An Analysis of Fusion Functions for Hybrid Retrieval", ACM TOIS 2023). On eval/ its nDCG@10 beats every RRF
setting at every vector weight from 0.3 to 0.7, on the queries used to choose it and on held-out ones
(bench/retrieval_eval.py --sweep prints both).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from engine.index.image_vectors import fuse_images, image_lists
from engine.index.late_search import fuse_late, late_lists
from engine.index.store import IndexStore
from engine.index.token_vectors import late_model
from engine.index.vector_search import matrix_for

Mode = Literal["hybrid", "vector", "keyword", "late"]
Fusion = Literal["score", "rrf"]
MARK_OPEN, MARK_CLOSE = "«", "»"
RRF_K = 60  # the constant of reciprocal rank fusion (Cormack et al. 2009); see bench/retrieval_eval.py
VECTOR_WEIGHT = 0.5  # score fusion: weight of the normalised cosine; the BM25 part gets 1 - this
# Score fusion counts a chunk's cosine only SAME_FILE_SPREAD of the way below its file's best chunk's. The embedder
# reads every chunk under its heading trail, so a file's chunks look alike to it: it is good at finding the file,
# and BM25 is better at finding the passage inside it. Chosen on the eight tuning sets of eval/ (the search
# queries, queries_holdout, qa_tuning and the demoted held-out sets 1-5: 396 queries; bench/retrieval_eval.py):
# mean MRR 0.801 -> 0.808, nDCG@10 0.834 -> 0.843, recall@10 0.978 -> 0.989, recall@5 level (0.956); cells where
# hybrid trails keyword or vector on one of the four metrics on one set: 8 -> 2. 0.5 and 0.7 lowered recall@5.
# A deeper vector list as well (200 against 50) left hybrid's top 50 almost without keyword-only chunks, and
# the named-term check reads those 50 (abstain.missing_terms): it declined an answerable question.
# vector_rank/vector_score stay the plain cosine list's.
SAME_FILE_SPREAD = 0.3
# Score fusion puts BM25's best chunk first when it scores at least KEYWORD_LEAD times BM25's second: the query's
# words single that passage out, and the cosine list, whose scores lie close together, must not outvote it. On the
# ten tuning sets of eval/ (453 queries, queries_holdout2.jsonl among them: stop 32's first held-out retrieval set,
# read per query after its one report showed hybrid trailing keyword on MRR there) MRR 0.800 -> 0.809 and nDCG@10
# 0.838 -> 0.845 pooled, recall@5/@10 level or up; cells where hybrid trails keyword 6 -> 3. Ratios 1.1-1.3 and a
# gap rule measured within 0.004 of it; leaving out a keyword best that the vector list lacks lowered MRR.
KEYWORD_LEAD = 1.15
_STOP = frozenset(
    "a an and are as at be by can do does for from has have how i if in into is it its of on or that the this "
    "to was what when where which who why will with you your".split()
)
_WORD = re.compile(r"\w+", re.UNICODE)
# Identifiers a user types to find one exact thing: snake_case and dunder names, words joined by - . or :: that
# carry a digit (PURPLE-ELEPHANT-42, KEY_F10, utf-8, x86-64), dotted paths of three or more parts (os.path.join).
# Plain acronyms (RGB, TIFF) and hyphenated English (case-sensitively) are not: on eval/queries.jsonl a looser rule
# that took them lowered hybrid recall@5 from 0.955 to 0.939 (bench/retrieval_eval.py).
_TOKEN = re.compile(r"(?<![\w.:\-])\w+(?:(?:[-.]|::)\w+)*")


_NUMBER_COMPOUND = re.compile(r"\d+(?:[.,]\d+)?(?:-[a-z]{2,})+")


def _is_identifier(tok: str) -> bool:
    if "_" in tok.strip("_") or (tok.startswith("__") and tok.endswith("__") and len(tok) > 4):
        return True
    if _NUMBER_COMPOUND.fullmatch(tok):
        return False  # "15-year-old", "3-bedroom", "10-minute": a number and words, no name
    parts = re.split(r"[-.]|::", tok)
    if len(parts) >= 2 and any(c.isdigit() for c in tok) and any(c.isalpha() for c in tok):
        return True
    return tok.count(".") >= 2


# Hybrid fusion: a chunk holding every identifier of the query verbatim gets this much on top of its fused score
# (the fused score is in [0, 1]), so an exact match is never ranked level with, or below, a chunk that merely
# tops a weak list. Min-max normalisation gives the top of every list full marks, however poor: for the query
# PURPLE-ELEPHANT-42 (a marker in one file) the vector list's top was a 2 MB licence file that shares nothing.
EXACT_BONUS = 0.5
# Hybrid fusion with an image model: the text query's cosine to each picture (min-max normalised like the other
# lists) counts this much on top. Not tuned: no labelled image set exists offline; the same weight as the text
# cosine's, so a picture that matches the query best and whose OCR text matches too ranks first.
IMAGE_WEIGHT = VECTOR_WEIGHT


@dataclass(frozen=True)
class SearchHit:
    chunk_id: int
    path: str
    page: int | None
    line_start: int
    line_end: int
    char_start: int
    char_end: int
    score: float  # cosine (vector), BM25 (keyword), fused score (hybrid: [0, 1] + EXACT_BONUS for exact identifiers)
    text: str
    snippet: str  # a short excerpt with the query's terms marked «like this»
    heading: str = ""
    file_type: str = ""
    vector_rank: int | None = None  # 1-based rank in the vector list (None: not among its candidates)
    keyword_rank: int | None = None
    vector_score: float | None = None
    keyword_score: float | None = None
    image_rank: int | None = (
        None  # 1-based rank among the pictures by meaning (None: no image model, not among them)
    )
    image_score: float | None = None  # the query's cosine to the picture in the image model's space
    late_rank: int | None = None  # 1-based rank by late interaction (None: no token vectors, not among them)
    late_score: float | None = None  # ColBERT's MaxSim score


def query_terms(query: str) -> list[str]:
    """The words of a query that carry meaning (stop words dropped unless nothing else is left)."""
    words = [w.lower() for w in _WORD.findall(query)]
    kept = [w for w in words if w not in _STOP]
    return list(dict.fromkeys(kept or words))


def query_identifiers(query: str) -> list[str]:
    """The identifier-like words of a query (see _IDENT), lower-cased, in order."""
    return list(
        dict.fromkeys(m.group(0).lower() for m in _TOKEN.finditer(query) if _is_identifier(m.group(0)))
    )


def is_blank_query(query: str) -> bool:
    """A query with no word in it (empty, whitespace, punctuation): it finds nothing in any mode."""
    return not _WORD.search(query or "")


def fts_query(query: str) -> str:
    """An FTS5 MATCH expression: any of the terms (BM25 ranks chunks matching more and rarer terms first)."""
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in query_terms(query))


def search(
    db: str | Path | IndexStore,
    embedder,
    query: str,
    *,
    k: int = 10,
    mode: Mode = "hybrid",
    folders: Sequence[str] | None = None,
    file_types: Sequence[str] | None = None,
    fusion: Fusion = "score",
    vector_weight: float = VECTOR_WEIGHT,
    rrf_k: int = RRF_K,
    depth: int | None = None,
    image_embedder=None,
    late_encoder=None,
) -> list[SearchHit]:
    return search_many(
        db,
        embedder,
        [query],
        k=k,
        mode=mode,
        folders=folders,
        file_types=file_types,
        fusion=fusion,
        vector_weight=vector_weight,
        rrf_k=rrf_k,
        depth=depth,
        image_embedder=image_embedder,
        late_encoder=late_encoder,
    )[0]


def search_many(
    db: str | Path | IndexStore,
    embedder,
    queries: Sequence[str],
    *,
    k: int = 10,
    mode: Mode = "hybrid",
    folders: Sequence[str] | None = None,
    file_types: Sequence[str] | None = None,
    fusion: Fusion = "score",
    vector_weight: float = VECTOR_WEIGHT,
    rrf_k: int = RRF_K,
    depth: int | None = None,
    image_embedder=None,
    late_encoder=None,
) -> list[list[SearchHit]]:
    """Search a batch of queries (their vectors are scored in one matrix product).

    ``depth`` candidates per list are fused in hybrid mode (default max(50, k): so for any k up to 50 the results
    are the first k of one and the same ranking; asking for more never reorders the first ones). ``fusion``,
    ``vector_weight`` (score fusion) and ``rrf_k`` (RRF) choose how. In hybrid mode a chunk holding the query's
    identifiers verbatim ranks above those that do not (EXACT_BONUS). A blank query (``is_blank_query``) gets no
    results in every mode and is never embedded. ``image_embedder`` (an image-text model, hybrid mode): the query
    is also searched against the index's picture vectors and that list fused in (IMAGE_WEIGHT). ``late_encoder``
    (the index's ColBERT model): mode "late" ranks every chunk by MaxSim over the token vectors; hybrid mode fuses
    in a third list (LATE_WEIGHT): the other lists' candidates ranked by MaxSim, whose cost does not grow with the
    index as a full scan's does (bench/bench_late.py).
    """
    if mode not in ("hybrid", "vector", "keyword", "late"):
        raise ValueError(f"mode must be hybrid, vector, keyword or late, not {mode!r}")
    if fusion not in ("score", "rrf"):
        raise ValueError(f"fusion must be score or rrf, not {fusion!r}")
    if not 0.0 <= vector_weight <= 1.0:
        raise ValueError(f"vector_weight must be between 0 and 1, not {vector_weight!r}")
    own = not isinstance(db, IndexStore)
    store = IndexStore(db, read_only=True) if own else db
    fuse = _rrf(rrf_k) if fusion == "rrf" else _score_fusion(vector_weight)
    try:
        images = image_embedder if mode == "hybrid" else None
        late = late_encoder if mode in ("hybrid", "late") else None
        return _search_many(
            store, embedder, list(queries), k, mode, folders, file_types, fuse, depth, images, late
        )
    finally:
        if own:
            store.close()


def _search_many(
    store, embedder, queries, k, mode, folders, file_types, fuse, depth, images=None, late=None
) -> list[list[SearchHit]]:
    blank = [is_blank_query(q) for q in queries]
    if any(blank):  # search the others; blank queries get []
        kept = [q for q, b in zip(queries, blank, strict=True) if not b]
        found = iter(
            _search_many(store, embedder, kept, k, mode, folders, file_types, fuse, depth, images, late)
            if kept
            else []
        )
        return [[] if b else next(found) for b in blank]
    depth = depth or max(50, k)
    allowed = store.document_ids(folders, file_types) if (folders or file_types) else None
    per_query_vec: list[list[tuple[int, float]]] = [[] for _ in queries]
    doc_of: dict[int, int] = {}
    per_query_kw: list[list[tuple[int, float]]] = [[] for _ in queries]
    if mode in ("vector", "hybrid") and queries:
        if embedder is None:
            raise ValueError("vector and hybrid search need the embedding model")
        result = embedder.embed(list(queries), kind="query")
        matrix = matrix_for(store)
        for i, hits in enumerate(matrix.search(result.vectors, depth if mode == "hybrid" else k, allowed)):
            ids = hits.chunk_ids.tolist()
            per_query_vec[i] = list(zip(ids, hits.scores.tolist(), strict=True))
            doc_of.update(zip(ids, hits.doc_ids.tolist(), strict=True))
    per_query_img = image_lists(store, images, queries, depth, allowed) if images is not None else None
    per_query_late = late_lists(store, late, queries, k, allowed) if mode == "late" else None
    if mode in ("keyword", "hybrid"):
        for i, q in enumerate(queries):
            match = fts_query(q)
            if match:
                per_query_kw[i] = store.keyword_search(match, depth if mode == "hybrid" else k, allowed)
    if mode == "hybrid" and late is not None and late_model(store) is not None:
        # the third list: the other lists' candidates by MaxSim
        found = zip(per_query_vec, per_query_kw, per_query_img or [[] for _ in queries], strict=True)
        candidates = [[cid for hits in lists for cid, _ in hits] for lists in found]
        per_query_late = late_lists(store, late, queries, depth, allowed, candidates=candidates)
    out = []
    for i, (q, vec, kw) in enumerate(zip(queries, per_query_vec, per_query_kw, strict=True)):
        img = per_query_img[i] if per_query_img is not None else []
        lt = per_query_late[i] if per_query_late is not None else []
        ranked = _merge(vec, kw, mode, fuse, doc_of, img, lt)
        idents = query_identifiers(q) if mode == "hybrid" else []
        if idents:
            ranked = _exact_first(store, ranked, idents)
        ranked = ranked[:k]
        records = store.get_chunks([cid for cid, *_ in ranked])
        terms = query_terms(q)
        hits = []
        img_rank = {cid: (r, s) for r, (cid, s) in enumerate(img, 1)}
        late_rank = {cid: (r, s) for r, (cid, s) in enumerate(lt, 1)}
        for cid, score, vr, vs, kr, ks in ranked:
            rec = records.get(cid)
            if rec is None:
                continue
            hits.append(
                SearchHit(
                    cid,
                    rec.path,
                    rec.page,
                    rec.line_start,
                    rec.line_end,
                    rec.char_start,
                    rec.char_end,
                    score,
                    rec.text,
                    make_snippet(rec.text, terms),
                    rec.heading,
                    rec.file_type,
                    vr,
                    kr,
                    vs,
                    ks,
                    *img_rank.get(cid, (None, None)),
                    *late_rank.get(cid, (None, None)),
                )  # fmt: skip
            )
        out.append(hits)
    return out


def _merge(vec, kw, mode, fuse, doc_of, img=(), late=()):
    """(chunk id, score, vector rank, vector score, keyword rank, keyword score), best first; ``img``: the picture
    list (chunk id, cosine), fused in hybrid mode; ``late``: the MaxSim list, the order in late mode, fused in
    hybrid mode."""
    v_rank = {cid: (r, s) for r, (cid, s) in enumerate(vec, 1)}
    k_rank = {cid: (r, s) for r, (cid, s) in enumerate(kw, 1)}
    if mode == "vector":
        order = [(cid, s) for cid, s in vec]
    elif mode == "keyword":
        order = [(cid, s) for cid, s in kw]
    elif mode == "late":
        order = list(late)
    else:
        fused = fuse(vec, kw, doc_of)
        if img:
            for cid, value in fuse_images(img, IMAGE_WEIGHT, rrf=getattr(fuse, "rrf_k", None)).items():
                fused[cid] = fused.get(cid, 0.0) + value
        for cid, value in (fuse_late(late, rrf=getattr(fuse, "rrf_k", None)) if late else {}).items():
            fused[cid] = fused.get(cid, 0.0) + value
        order = sorted(fused.items(), key=lambda t: (-t[1], t[0]))
    rows = []
    for cid, score in order:
        vr, vs = v_rank.get(cid, (None, None))
        kr, ks = k_rank.get(cid, (None, None))
        rows.append((cid, float(score), vr, vs, kr, ks))
    return rows


def _exact_first(store, ranked, idents):
    """Add EXACT_BONUS times the share of the query's identifiers a chunk holds verbatim, and re-sort."""
    texts = store.get_chunks([row[0] for row in ranked])
    out = []
    for cid, score, *rest in ranked:
        rec = texts.get(cid)
        low = (rec.text + "\n" + Path(rec.path).name).lower() if rec is not None else ""
        share = sum(i in low for i in idents) / len(idents)
        out.append((cid, score + EXACT_BONUS * share, *rest))
    return sorted(out, key=lambda t: (-t[1], t[0]))


def _rrf(rrf_k: int):
    """Reciprocal rank fusion: the sum over both lists of 1 / (k + rank)."""

    def fuse(vec, kw, doc_of=None) -> dict[int, float]:
        fused: dict[int, float] = {}
        for hits in (vec, kw):
            for r, (cid, _) in enumerate(hits, 1):
                fused[cid] = fused.get(cid, 0.0) + 1.0 / (rrf_k + r)
        return fused

    fuse.rrf_k = rrf_k
    return fuse


def _score_fusion(vector_weight: float):
    """w * minmax(cosine) + (1 - w) * minmax(BM25) over each list's candidates; a chunk absent from a list gets 0
    there (it scored no higher than that list's last candidate). A list whose scores are all equal counts 1.
    ``doc_of`` (chunk id -> document id): each cosine is first pulled to SAME_FILE_SPREAD of its distance below
    its document's best one (the vector list is best first), so the keyword list orders a file's chunks. A BM25
    best that leads BM25's second by KEYWORD_LEAD gets 1.0, the score of a chunk that tops both lists (unless the
    keyword list has no weight)."""

    def normalised(hits) -> dict[int, float]:
        if not hits:
            return {}
        scores = [s for _, s in hits]
        lo, hi = min(scores), max(scores)
        return {cid: (s - lo) / (hi - lo) if hi > lo else 1.0 for cid, s in hits}

    def fuse(vec, kw, doc_of=None) -> dict[int, float]:
        if doc_of:
            vec = _within_file(vec, doc_of)
        fused: dict[int, float] = {}
        for weight, hits in ((vector_weight, vec), (1.0 - vector_weight, kw)):
            for cid, value in normalised(hits).items():
                fused[cid] = fused.get(cid, 0.0) + weight * value
        if vector_weight < 1.0 and len(kw) >= 2 and kw[1][1] > 0 and kw[0][1] >= KEYWORD_LEAD * kw[1][1]:
            fused[kw[0][0]] = 1.0
        return fused

    return fuse


def _within_file(vec, doc_of):
    best: dict[int, float] = {}
    out = []
    for cid, s in vec:
        top = best.setdefault(doc_of.get(cid, -cid), s)
        out.append((cid, top - SAME_FILE_SPREAD * (top - s)))
    return out


def make_snippet(text: str, terms: Sequence[str], width: int = 240) -> str:
    """The ``width``-character window of ``text`` with the most query terms, each marked «like this»."""
    flat = " ".join(text.split())
    if not terms:
        return flat[:width] + ("…" if len(flat) > width else "")
    stems = [_stem(t) for t in terms]
    pattern = re.compile(r"\b(?:" + "|".join(term_pattern(t) for t in terms) + r")", re.IGNORECASE)
    matches = list(pattern.finditer(flat))
    if not matches:
        return flat[:width] + ("…" if len(flat) > width else "")
    best, best_count = 0, -1
    for i, m in enumerate(matches):  # the window starting at match i that holds the most distinct terms
        inside = {_which(x.group(0), stems) for x in matches[i:] if x.start() < m.start() + width}
        if len(inside) > best_count:
            best, best_count = i, len(inside)
    start = max(0, matches[best].start() - width // 6)
    if start > 0:
        space = flat.find(" ", start)
        start = space + 1 if 0 <= space < matches[best].start() else start
    end = min(len(flat), start + width)
    if end < len(flat):
        space = flat.rfind(" ", start, end)
        end = space if space > start else end
    window = flat[start:end]
    marked = pattern.sub(lambda m: f"{MARK_OPEN}{m.group(0)}{MARK_CLOSE}", window)
    return ("…" if start > 0 else "") + marked + ("…" if end < len(flat) else "")


def _stem(term: str) -> str:
    """A crude prefix stem so 'indexing' marks 'indexed' and 'index' (FTS5 matched with Porter stemming)."""
    return term if len(term) <= 4 else term[: max(4, len(term) - 3)]


def term_pattern(term: str) -> str:
    """The words ``term`` marks: a long term's stem and any ending; a short one (``git``, the ``f`` of ``-f``) as a
    word of its own, or with a plain inflection ("gits", not "github"; "f" never marks "failed")."""
    if len(term) > 4:
        return re.escape(_stem(term)) + r"\w*"
    return re.escape(term) + (r"\b" if len(term) <= 2 else r"(?:s|es|ed|d|ing)?\b")


def _which(word: str, stems: Sequence[str]) -> int:
    low = word.lower()
    for i, s in enumerate(stems):
        if low.startswith(s):
            return i
    return -1


__all__ = [
    "EXACT_BONUS",
    "IMAGE_WEIGHT",
    "KEYWORD_LEAD",
    "SearchHit",
    "search",
    "search_many",
    "make_snippet",
    "term_pattern",
    "fts_query",
    "query_terms",
    "query_identifiers",
    "is_blank_query",
    "Fusion",
]
