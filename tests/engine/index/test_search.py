"""Search modes, fusion, filters, snippets and the batch API."""

from __future__ import annotations

import numpy as np
import pytest

from engine.index import index_paths
from engine.index.hybrid import fts_query, make_snippet, query_terms, search, search_many
from tests.engine.index.index_fakes import HashEmbedder


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    root = tmp_path_factory.mktemp("search")
    docs = root / "docs"
    (docs / "ocean").mkdir(parents=True)
    (docs / "space").mkdir()
    (docs / "ocean" / "whales.md").write_text(
        "# Whales\n\nBlue whales are the largest animals ever known to have lived.\n\n"
        "## Songs\n\nHumpback whales sing long, complex songs during the breeding season.\n"
    )
    (docs / "ocean" / "tides.txt").write_text("Tides are caused by the gravitational pull of the moon.\n")
    (docs / "space" / "moon.md").write_text("# The Moon\n\nThe moon orbits the earth every 27 days.\n")
    (docs / "space" / "rockets.py").write_text('"""Rocket equations: delta-v from exhaust velocity."""\n')
    db = root / "i.sqlite3"
    emb = HashEmbedder()
    list(index_paths([docs], db, emb))
    return db, emb, docs


@pytest.mark.parametrize("mode", ["vector", "keyword", "hybrid"])
def test_each_mode_finds_the_passage(indexed, mode):
    db, emb, docs = indexed
    hits = search(db, emb, "humpback whales sing songs", k=3, mode=mode)
    assert hits and hits[0].path == str(docs / "ocean" / "whales.md")
    top = hits[0]
    assert "Humpback" in top.text and top.line_start <= 7 <= top.line_end
    assert "«Humpback»" in top.snippet and "«whales»" in top.snippet
    assert (top.vector_rank is not None) == (mode in ("vector", "hybrid"))
    assert (top.keyword_rank is not None) == (mode in ("keyword", "hybrid"))
    assert all(a.score >= b.score for a, b in zip(hits, hits[1:], strict=False))


def test_hybrid_rrf_is_reciprocal_rank_fusion(indexed):
    db, emb, _ = indexed
    hits = search(db, emb, "moon gravitational pull", k=5, mode="hybrid", fusion="rrf", rrf_k=60)
    for h in hits:
        expected = sum(1 / (60 + r) for r in (h.vector_rank, h.keyword_rank) if r is not None)
        assert h.score == pytest.approx(expected)


def test_hybrid_default_fuses_min_max_normalised_scores(indexed):
    """Score fusion, recomputed here from the two single-mode candidate lists (depth 50 for k=5), each cosine
    first pulled towards its file's best one, and BM25's best at 1.0 if it leads BM25's second by KEYWORD_LEAD."""
    from engine.index.hybrid import KEYWORD_LEAD, SAME_FILE_SPREAD

    db, emb, _ = indexed
    query = "moon gravitational pull"
    lists = [search(db, emb, query, k=50, mode=m) for m in ("vector", "keyword")]
    best: dict[str, float] = {}
    for h in lists[0]:
        best.setdefault(h.path, h.score)
    pulled = [(h.chunk_id, best[h.path] - SAME_FILE_SPREAD * (best[h.path] - h.score)) for h in lists[0]]
    norm = []
    for scored in (pulled, [(h.chunk_id, h.score) for h in lists[1]]):
        lo, hi = min(s for _, s in scored), max(s for _, s in scored)
        norm.append({c: (s - lo) / (hi - lo) for c, s in scored})
    expected = {c: 0.5 * norm[0].get(c, 0.0) + 0.5 * norm[1].get(c, 0.0) for c in set(norm[0]) | set(norm[1])}
    if lists[1][0].score >= KEYWORD_LEAD * lists[1][1].score:
        expected[lists[1][0].chunk_id] = 1.0
    hits = search(db, emb, query, k=5, mode="hybrid")
    assert [h.chunk_id for h in hits] == sorted(expected, key=lambda c: (-expected[c], c))[:5]
    for h in hits:
        assert h.score == pytest.approx(expected[h.chunk_id])
    only_vector = search(db, emb, query, k=5, mode="hybrid", vector_weight=1.0)
    assert [h.chunk_id for h in only_vector] == [h.chunk_id for h in lists[0][:5]]


def test_score_fusion_keeps_a_strong_single_list_hit():
    """RRF's known weakness: a chunk one retriever ranks first and the other misses loses to chunks both rank
    middling. Score fusion keeps it on top when its lead is large; RRF (k=60) does not."""
    from engine.index.hybrid import _rrf, _score_fusion

    vec = [(1, 0.90), (2, 0.55), (3, 0.54)] + [(100 + i, 0.53 - i * 0.004) for i in range(20)]
    kw = (
        [(200 + i, 10.0 - i * 0.5) for i in range(7)]
        + [(2, 6.0), (3, 5.9)]
        + [(300 + i, 5.0 - i * 0.2) for i in range(20)]
    )
    score, rrf = _score_fusion(0.5)(vec, kw), _rrf(60)(vec, kw)
    assert score[1] > score[2] > score[3]  # vector's clear winner stays ahead of the two middling in both
    assert rrf[2] > rrf[3] > rrf[1]  # RRF puts both middling chunks first
    assert _score_fusion(0.5)([], kw)[200] == pytest.approx(0.5)  # an empty list adds nothing
    assert _score_fusion(0.5)([(7, 0.3)], [])[7] == pytest.approx(0.5)  # one candidate: normalised to 1


def test_score_fusion_puts_a_keyword_best_that_leads_clearly_first():
    """When BM25's best scores KEYWORD_LEAD times its second or more, the query's words single that passage out:
    it gets 1.0, the score of a chunk both lists put first, however the close-set cosines order it."""
    from engine.index.hybrid import KEYWORD_LEAD, _score_fusion

    fuse = _score_fusion(0.5)
    vec = [(1, 0.90), (2, 0.60), (3, 0.55), (4, 0.30)]
    clear = [(2, 10.0 * KEYWORD_LEAD), (1, 10.0), (5, 2.0)]
    fused = fuse(vec, clear)
    assert fused[2] == 1.0 and fused[1] < 1.0
    assert fused[1] == pytest.approx(0.5 + 0.5 * 8.0 / (10.0 * KEYWORD_LEAD - 2.0))
    close = [(2, 10.0 * KEYWORD_LEAD - 0.01), (1, 10.0), (5, 2.0)]  # just short of the lead: plain fusion
    fused = fuse(vec, close)
    assert fused[1] > fused[2] == pytest.approx(0.5 * 0.5 + 0.5)
    assert fuse(vec, [(2, 5.0)])[2] == pytest.approx(0.75)  # one keyword hit has no second to lead


def test_score_fusion_lets_the_keyword_list_order_one_files_chunks(monkeypatch):
    """The embedder reads a file's chunks under one heading trail, so their cosines differ little and say less
    about which chunk holds the passage than BM25 does: inside a file, cosine gaps count SAME_FILE_SPREAD as much.
    Across files they count in full. (The keyword-lead rule is switched off here.)"""
    import math

    from engine.index import hybrid
    from engine.index.hybrid import SAME_FILE_SPREAD, _score_fusion

    monkeypatch.setattr(hybrid, "KEYWORD_LEAD", math.inf)
    fuse = _score_fusion(0.5)
    # chunks 1 and 2 are one file's (1 its best by cosine); 2 holds the query's words; 3-6 are other files
    vec = [(1, 0.80), (3, 0.62), (2, 0.60), (4, 0.58), (5, 0.55), (6, 0.40)]
    kw = [(2, 9.0), (1, 6.0), (5, 4.0), (6, 1.0)]
    doc_of = {1: 10, 2: 10, 3: 30, 4: 40, 5: 50, 6: 60}
    plain, by_file = fuse(vec, kw), fuse(vec, kw, doc_of)
    assert plain[1] > plain[2]  # the cosine gap inside the file outweighs BM25's
    assert by_file[2] > by_file[1]  # pulled to the file's best, the file's chunks are ordered by BM25
    # 2's cosine counts as 0.80 - SAME_FILE_SPREAD * 0.20, min-max normalised over 0.40..0.80
    assert by_file[2] == pytest.approx(0.5 * (0.40 - SAME_FILE_SPREAD * 0.20) / 0.40 + 0.5)
    # chunks of other files keep their own cosines: 3 stays ahead of 4 and 6 by the vector part
    assert by_file[3] - by_file[4] == pytest.approx(plain[3] - plain[4])
    assert fuse([], kw, doc_of)[2] == pytest.approx(0.5)


def test_hybrid_search_hands_the_fusion_each_vector_hits_document(indexed, monkeypatch):
    """The wiring: hybrid search passes the fusion every vector candidate's document, one id per file."""
    from engine.index import hybrid

    seen = []
    real = hybrid._within_file
    monkeypatch.setattr(
        hybrid, "_within_file", lambda vec, doc_of: seen.append((vec, doc_of)) or real(vec, doc_of)
    )
    db, emb, _ = indexed
    vector = search(db, emb, "moon gravitational pull", k=50, mode="vector")
    search(db, emb, "moon gravitational pull", k=5, mode="hybrid")
    ((vec, doc_of),) = seen
    assert [c for c, _ in vec] == [h.chunk_id for h in vector]
    by_path: dict[str, set[int]] = {}
    for h in vector:
        by_path.setdefault(h.path, set()).add(doc_of[h.chunk_id])
    assert all(len(ids) == 1 for ids in by_path.values())
    assert len({next(iter(ids)) for ids in by_path.values()}) == len(by_path)


def test_bad_fusion_settings_are_clear_errors(indexed):
    db, emb, _ = indexed
    with pytest.raises(ValueError, match="fusion must be"):
        search(db, emb, "moon", fusion="borda")
    with pytest.raises(ValueError, match="vector_weight"):
        search(db, emb, "moon", vector_weight=1.5)


def test_filters_by_folder_and_file_type(indexed):
    db, emb, docs = indexed
    for mode in ("vector", "keyword", "hybrid"):
        hits = search(db, emb, "moon", k=10, mode=mode, folders=[str(docs / "space")])
        assert hits and all(h.path.startswith(str(docs / "space") + "/") for h in hits)
        hits = search(db, emb, "moon whales rockets", k=10, mode=mode, file_types=["py"])
        assert hits and all(h.path.endswith(".py") for h in hits)
        assert search(db, emb, "moon", k=10, mode=mode, folders=[str(docs / "nowhere")]) == []


def test_search_many_matches_single_searches(indexed):
    db, emb, _ = indexed
    queries = ["blue whales largest animals", "rocket delta-v", "tides moon"]
    batch = search_many(db, emb, queries, k=3, mode="hybrid")
    for q, hits in zip(queries, batch, strict=True):
        assert [h.chunk_id for h in hits] == [h.chunk_id for h in search(db, emb, q, k=3, mode="hybrid")]


def test_keyword_mode_needs_no_embedder_and_survives_odd_queries(indexed):
    db, _, _ = indexed
    assert search(db, None, 'whales" OR NOT (', k=3, mode="keyword")[0].path.endswith("whales.md")
    assert search(db, None, "???", k=3, mode="keyword") == []
    assert fts_query('say "hi" to the walrus') == '"say" OR "hi" OR "walrus"'


def test_snippets_mark_terms_and_window_the_best_part():
    text = (
        "Intro words. " * 40
        + "The walrus colony hauled out on the ice near the walrus research station."
        + " Tail." * 40
    )
    snip = make_snippet(text, query_terms("where is the walrus colony"))
    assert "«walrus» «colony»" in snip and snip.startswith("…") and snip.endswith("…")
    assert len(snip.replace("«", "").replace("»", "")) <= 250
    assert make_snippet("short text", ["absent"]) == "short text"
    assert "«index»" in make_snippet("index indexing indexed", ["indexing"])  # stems match word variants
    # a short term marks itself (and plain inflections), not every word it begins: the "f" of "-f", "git"
    snip = make_snippet('"git clean -d -f" failed to find github repos; two gits', query_terms("git two -f"))
    assert snip == '"«git» clean -d -«f»" failed to find github repos; «two» «gits»'


@pytest.mark.slow
def test_cli_index_and_search_with_the_real_embedder(tmp_path, monkeypatch, capsys):
    import json

    from app.cli.main import main

    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "garden.md").write_text("# Garden\n\nTomatoes need full sun and regular watering in summer.\n")
    (docs / "cars.txt").write_text("Change the engine oil of a car every ten thousand kilometres.\n")
    (docs / "blob.txt").write_bytes(b"\x00\x01\x02binary")
    assert main(["index", str(docs), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"files_indexed", "files_unchanged", "files_skipped", "chunks", "seconds"}
    assert out["files_indexed"] == 2 and out["files_skipped"][0]["path"].endswith("blob.txt")
    assert main(["index", str(docs), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["files_unchanged"] == 2
    for extra in (
        ["--mode", "hybrid"],
        ["--mode", "hybrid", "--fusion", "rrf"],
        ["--mode", "vector"],
        ["--mode", "keyword"],
    ):
        assert main(["search", "how often should I change motor oil", "--k", "1", *extra, "--json"]) == 0
        res = json.loads(capsys.readouterr().out)["results"]
        assert res[0]["path"].endswith("cars.txt") and res[0]["line_start"] == 1
        assert set(res[0]) >= {"path", "page", "line_start", "line_end", "score", "text"}
    assert main(["search", "sunny vegetables", "--k", "2"]) == 0
    text = capsys.readouterr().out
    assert "garden.md lines 1-3" in text.splitlines()[0]


@pytest.fixture(scope="module")
def many_notes(tmp_path_factory):
    """150 short notes drawing on one small vocabulary: both lists hold far more than 50 candidates."""
    import random

    rng = random.Random(7)
    words = "moon whales rockets tides orbit songs ocean delta exhaust velocity gravity season animals earth".split()
    root = tmp_path_factory.mktemp("notes")
    for i in range(150):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(4, 12)))
        (root / f"note{i:03d}.txt").write_text(f"Note {i}: {text}.\n")
    db = root.parent / "notes.sqlite3"
    emb = HashEmbedder()
    list(index_paths([root], db, emb))
    return db, emb


def test_asking_for_more_results_never_reorders_the_first_ones(many_notes):
    db, emb = many_notes
    query = "moon whales rockets"
    assert len(search(db, emb, query, k=150, mode="vector")) > 100
    assert len(search(db, emb, query, k=150, mode="keyword")) > 100
    for fusion in ("score", "rrf"):
        few = search(db, emb, query, k=3, mode="hybrid", fusion=fusion)
        for k in (10, 40, 50):
            more = search(db, emb, query, k=k, mode="hybrid", fusion=fusion)
            assert [h.chunk_id for h in more[:3]] == [h.chunk_id for h in few]
            assert [h.score for h in more[:3]] == pytest.approx([h.score for h in few])


class LicenceLovingEmbedder(HashEmbedder):
    """Puts the query for the marker next to the licence text and the marker's own file far from it: the vector
    list's top is an unrelated chunk, as the real embedder did for PURPLE-ELEPHANT-42."""

    def vector(self, text):
        v = np.zeros(self.dim, np.float32)
        low = text.lower()
        if "licensor" in low or ("purple-elephant-42" in low and "reminder" not in low):
            v[0] = 1.0
        else:
            v[1] = 1.0
        return v


@pytest.fixture(scope="module")
def marker_corpus(tmp_path_factory):
    """A unique marker in one small file beside a long unrelated licence-like file (the issue's case)."""
    root = tmp_path_factory.mktemp("marker")
    docs = root / "docs"
    docs.mkdir()
    (docs / "notes.txt").write_text("Reminder for the release: the build tag is PURPLE-ELEPHANT-42.\n")
    legal = "\n\n".join(
        f"Section {i}. The licensor grants the licensee the rights set out in this section, subject to the "
        f"conditions of clause {i}." for i in range(40)
    )  # fmt: skip
    (docs / "LICENSE.txt").write_text(legal)
    db = root / "m.sqlite3"
    emb = LicenceLovingEmbedder()
    list(index_paths([docs], db, emb))
    return db, emb


def test_an_exact_identifier_match_ranks_first_and_alone_at_the_top(marker_corpus):
    from engine.index.hybrid import EXACT_BONUS, query_identifiers

    db, emb = marker_corpus
    assert query_identifiers("where is PURPLE-ELEPHANT-42 used") == ["purple-elephant-42"]
    assert query_identifiers("how do I read a file") == []
    for fusion in ("score", "rrf"):
        hits = search(db, emb, "PURPLE-ELEPHANT-42", k=5, mode="hybrid", fusion=fusion)
        assert hits[0].path.endswith("notes.txt")
        assert hits[0].score >= hits[1].score + EXACT_BONUS * 0.99  # never level with the licence
    plain = search(db, emb, "rights of the licensee", k=3, mode="hybrid")
    assert plain[0].path.endswith("LICENSE.txt") and plain[0].score <= 1.0  # no identifier: no bonus


def test_a_file_named_by_the_identifier_holds_it(tmp_path):
    """A chunk of bdist_dumb.py holds "bdist_dumb" by its file's name even where its own text does not say it (its
    `default_format` table sits below the class line): it gets the exact-match bonus like a chunk that writes it."""
    from engine.index.hybrid import EXACT_BONUS

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "bdist_dumb.py").write_text("default_format = {'posix': 'gztar', 'nt': 'zip'}\n")
    (docs / "formats.txt").write_text("The default format of an archive depends on the platform.\n")
    db, emb = tmp_path / "i.sqlite3", HashEmbedder()
    list(index_paths([docs], db, emb))
    hits = search(db, emb, "default format of bdist_dumb", k=5, mode="hybrid")
    assert hits[0].path.endswith("bdist_dumb.py") and 1.0 < hits[0].score <= 1.0 + EXACT_BONUS
    assert all(h.score <= 1.0 for h in hits[1:])


@pytest.mark.parametrize("mode", ["vector", "keyword", "hybrid"])
@pytest.mark.parametrize("query", ["", "   ", "\n\t", "?!"])
def test_a_blank_query_finds_nothing_and_embeds_nothing(indexed, mode, query):
    from engine.index.hybrid import is_blank_query

    db, emb, _ = indexed
    calls = emb.calls
    assert is_blank_query(query)
    assert search(db, emb, query, k=5, mode=mode) == []
    assert emb.calls == calls
    batch = search_many(db, emb, ["blue whales", query], k=2, mode=mode)
    assert batch[1] == [] and batch[0] and batch[0][0].path.endswith("whales.md")


def test_chunk_frequencies_count_chunks_as_keyword_search_matches_terms(indexed):
    from engine.index.store import IndexStore

    db, _, _ = indexed
    store = IndexStore(db, read_only=True)
    try:
        total, counts = store.chunk_frequencies(["whale", "moon", "zeppelin", 'say "hi"', "moon"])
        assert total == sum(len(store.chunks_for_document(d.path)) for d in store.documents()) > 0
        # stemmed as FTS5 stems ("whale" finds "whales"); a quote in a term is searched as text, never as syntax
        assert counts == {"whale": 2, "moon": 2, "zeppelin": 0, 'say "hi"': 0}
    finally:
        store.close()
