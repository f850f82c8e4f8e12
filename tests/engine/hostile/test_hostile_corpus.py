"""Hostile inputs to the indexer (issue #19): every case is built in a temporary folder, and each must end with a
reason in the summary (or a clean index), never a crash, a hang, a runaway, or a file from outside the library."""

from __future__ import annotations

import gzip
import io
import multiprocessing
import os
import time
import zipfile
from pathlib import Path

import pytest

from engine.core.errors import IndexStoreError
from engine.index import IndexSummary, index_paths
from engine.index.bounds import (
    BudgetExceeded,
    check_zip,
    read_gzip,
    read_regular_file,
    read_zip_member,
)
from engine.index.document import ExtractError
from engine.index.extraction import extract
from engine.index.store import IndexStore
from engine.index.walk import walk
from tests.engine.index.index_fakes import HashEmbedder, make_docx

pytestmark = pytest.mark.timeout(120)


def run(paths, db, emb=None, **kw) -> IndexSummary:
    items = list(index_paths(paths, db, emb or HashEmbedder(), **kw))
    assert isinstance(items[-1], IndexSummary)
    return items[-1]


def reasons(summary) -> dict[str, str]:
    return {os.path.basename(s.path): s.reason for s in summary.files_skipped}


def indexed(db) -> list[str]:
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        return sorted(os.path.basename(d.path) for d in store.documents() if d.status == "indexed")


@pytest.fixture
def docs(tmp_path):
    d = tmp_path / "docs"
    d.mkdir()
    (d / "good.txt").write_text("A perfectly good file about lighthouses and tides.\n")
    return d


# -- names that are not UTF-8 ------------------------------------------------------------------------------------


def test_a_file_name_that_is_not_utf8_is_indexed_searched_and_kept_as_its_bytes(docs, tmp_path):
    raw = os.fsencode(docs) + b"/caf\xe9-\xff.txt"  # Latin-1 bytes: not UTF-8
    with open(raw, "wb") as f:
        f.write(b"notes about the harbour wall\n")
    db = tmp_path / "i.sqlite3"
    s = run([docs], db)
    assert (s.files_indexed, s.files_skipped, s.error) == (2, (), None)
    s2 = run([docs], db)  # and every later run works too (it used to fail the same way forever)
    assert (s2.files_unchanged, s2.files_skipped) == (2, ())
    with IndexStore(db) as store:
        (doc,) = [d for d in store.documents() if "caf" in d.path]
        assert os.fsencode(doc.path) == raw  # the exact bytes come back
        hits = store.keyword_search('"harbour"', 5)
        assert store.get_chunk(hits[0][0]).path == doc.path
        assert store.interrupted_runs() == []  # no run is left marked "running"


# -- symbolic links and special files ------------------------------------------------------------------------------


def test_links_out_of_the_library_are_listed_not_followed(docs, tmp_path):
    (docs / "me").symlink_to("/proc/self")
    (docs / "passwd.txt").symlink_to("/etc/passwd")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.txt").write_text("a secret outside the chosen folder\n")
    (docs / "away").symlink_to(outside)
    (docs / "inside.txt").symlink_to(docs / "good.txt")  # inside: a duplicate, reported once
    t0 = time.perf_counter()
    found = list(walk(str(docs)))
    assert time.perf_counter() - t0 < 1.0 and len(found) == 5  # /proc is never walked
    s = run([docs], tmp_path / "i.sqlite3")
    r = reasons(s)
    assert "running system" in r["me"]
    assert "outside the folders you chose" in r["passwd.txt"] and "/etc/passwd" in r["passwd.txt"]
    assert "outside the folders you chose" in r["away"]
    assert "duplicate of" in r["inside.txt"]
    assert indexed(tmp_path / "i.sqlite3") == ["good.txt"]


def test_a_link_can_be_allowed_and_a_second_library_folder_is_inside(docs, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "notes.txt").write_text("notes kept in another folder\n")
    (docs / "away").symlink_to(outside)
    s = run([docs], tmp_path / "a.sqlite3", allow_links=[str(docs / "away")])
    assert s.files_skipped == () and indexed(tmp_path / "a.sqlite3") == ["good.txt", "notes.txt"]
    s = run([docs, outside], tmp_path / "b.sqlite3")  # both folders chosen: the link stays inside
    assert indexed(tmp_path / "b.sqlite3") == ["good.txt", "notes.txt"]
    with IndexStore(tmp_path / "b.sqlite3") as store:  # under the real path the user gave, once
        assert str(outside / "notes.txt") in [d.path for d in store.documents()]


def test_a_link_folder_and_the_real_folder_index_the_real_paths(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    (real / "a.txt").write_text("alpha beta gamma\n")
    link = tmp_path / "link"
    link.symlink_to(real)
    run([link, real], tmp_path / "i.sqlite3")
    with IndexStore(tmp_path / "i.sqlite3") as store:
        assert [d.path for d in store.documents()] == [str(real / "a.txt")]


def test_fifos_and_devices_are_listed_with_a_reason_never_opened(docs, tmp_path):
    os.mkfifo(docs / "pipe.txt")
    (docs / "zero.txt").symlink_to("/dev/zero")
    s = run([docs], tmp_path / "i.sqlite3")
    r = reasons(s)
    assert "named pipe" in r["pipe.txt"] and "running system" in r["zero.txt"]
    s = run([docs / "pipe.txt", "/dev/zero", "/proc/self/environ"], tmp_path / "i.sqlite3")  # named directly
    r = reasons(s)
    assert "named pipe" in r["pipe.txt"] and "empty" not in r["pipe.txt"]
    assert "/proc, /sys or /dev" in r["zero"] and "/proc, /sys or /dev" in r["environ"]


def test_a_fifo_swapped_in_after_the_stat_never_blocks(tmp_path):
    fifo = tmp_path / "late.txt"
    os.mkfifo(fifo)
    t0 = time.perf_counter()
    with pytest.raises(ExtractError, match="named pipe"):
        read_regular_file(str(fifo), 1 << 20)
    assert time.perf_counter() - t0 < 1.0
    plain = tmp_path / "plain.txt"
    plain.write_bytes(b"0123456789")
    data, st = read_regular_file(str(plain), 4)  # at most limit + 1 bytes are read
    assert data == b"01234" and st.st_size == 10


# -- decompression bombs and DOCX -----------------------------------------------------------------------------------


def _docx_with_body(path: Path, body_xml: str) -> None:
    make_docx(path, [("placeholder", 0)])
    with zipfile.ZipFile(path) as src:
        parts = {n: src.read(n) for n in src.namelist()}
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    parts["word/document.xml"] = (f'<?xml version="1.0"?>\n{body_xml}').replace("W_NS", w).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for n, data in parts.items():
            dst.writestr(n, data)


def test_a_docx_decompression_bomb_is_refused_before_it_expands(docs, tmp_path):
    bomb = docs / "bomb.docx"
    filler = "<w:p><w:r><w:t>" + "A" * 1000 + "</w:t></w:r></w:p>"
    _docx_with_body(bomb, '<w:document xmlns:w="W_NS"><w:body>' + filler * 20_000 + "</w:body></w:document>")
    assert bomb.stat().st_size < 1 << 20  # 20 MB of XML in well under 1 MB
    t0 = time.perf_counter()
    s = run([docs], tmp_path / "i.sqlite3")
    assert time.perf_counter() - t0 < 10
    assert "decompression bomb" in reasons(s)["bomb.docx"]
    assert indexed(tmp_path / "i.sqlite3") == ["good.txt"]


def test_zip_and_gzip_readers_stop_at_the_cap_as_they_stream():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("big.xml", b"x" * (4 << 20))
        z.writestr("small.xml", b"<a>ok</a>")
    data = buf.getvalue()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        with pytest.raises(BudgetExceeded, match="more than 1 MB"):
            check_zip(z, len(data), cap=1 << 20)
        with pytest.raises(BudgetExceeded, match="more than 1 MB"):
            read_zip_member(z, "big.xml", cap=1 << 20)
        assert read_zip_member(z, "small.xml") == b"<a>ok</a>"
    with pytest.raises(BudgetExceeded, match="100 times"):
        read_gzip(gzip.compress(b"\0" * (64 << 20)))
    with pytest.raises(BudgetExceeded, match="more than 2 MB"):
        read_gzip(gzip.compress(os.urandom(1 << 20)) * 3, cap=2 << 20)
    assert read_gzip(gzip.compress(b"plain text")) == b"plain text"
    with pytest.raises(ExtractError, match="truncated|damaged"):
        read_gzip(gzip.compress(os.urandom(5000))[:-100])


def test_docx_text_after_an_entity_reference_is_kept_and_entities_never_expand(tmp_path):
    path = tmp_path / "e.docx"
    body = (
        '<!DOCTYPE w:document [<!ENTITY co "ACME"><!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        '<w:document xmlns:w="W_NS"><w:body><w:p><w:r><w:t>Made by &co; in Leeds, &xxe; end.</w:t></w:r></w:p>'
        "</w:body></w:document>"
    )
    _docx_with_body(path, body)
    text = extract(path, path.read_bytes()).pages[0].text
    assert "Made by" in text and "in Leeds," in text and "end." in text
    assert "root:" not in text


# -- concurrency --------------------------------------------------------------------------------------------------


def _create(db: str, barrier, results) -> None:
    barrier.wait()
    try:
        IndexStore(db).close()
        results.put("ok")
    except Exception as exc:  # noqa: BLE001 - the test reports what went wrong
        results.put(f"{type(exc).__name__}: {exc}")


def test_two_processes_creating_one_index_at_the_same_instant_both_succeed(tmp_path):
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    for trial in range(12):
        barrier = ctx.Barrier(2)
        db = str(tmp_path / f"race{trial}.sqlite3")
        procs = [ctx.Process(target=_create, args=(db, barrier, results)) for _ in range(2)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(30)
    assert sorted(results.get(timeout=5) for _ in range(24)) == ["ok"] * 24
    with IndexStore(tmp_path / "race0.sqlite3") as store:
        assert store.check_consistency() == [] and store.generation() == 0


def test_a_second_indexer_on_one_database_is_refused_and_the_first_run_is_not_marked_interrupted(
    docs, tmp_path
):
    db = tmp_path / "i.sqlite3"
    first = IndexStore(db)
    first.lock_for_indexing()
    run_id = first.begin_run([str(docs)])
    with pytest.raises(IndexStoreError, match="another Alcove indexing run"):
        run([docs], db)
    assert first.interrupted_runs() == [(run_id, [str(docs)])]  # still 'running', not 'interrupted'
    first.finish_run(run_id, "done")
    first.close()  # the lock goes with it
    s = run([docs], db)
    assert s.files_indexed == 1 and not s.resumed


def test_type_filters_are_literal_not_sql_wildcards(docs, tmp_path):
    (docs / "notes.md").write_text("# Tides\nThe tides rise twice a day.\n")
    db = tmp_path / "i.sqlite3"
    run([docs], db)
    with IndexStore(db) as store:
        assert len(store.document_ids(file_types=["%"])) == 0
        assert len(store.document_ids(file_types=["t_t"])) == 0
        assert len(store.document_ids(file_types=["txt"])) == 1
        assert len(store.document_ids(file_types=["md", "txt"])) == 2
