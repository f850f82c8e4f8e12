"""Every kind of bad input gets a clear reason in the summary, and nothing else is lost."""

from __future__ import annotations

import builtins
import os
import sqlite3

import pytest

from engine.core.errors import IndexStoreError
from engine.index import IndexSummary, index_paths
from engine.index.store import IndexStore
from tests.engine.index.index_fakes import HashEmbedder, encrypt_pdf, make_pdf


def run(paths, db, emb=None, **kw):
    items = list(index_paths(paths, db, emb or HashEmbedder(), **kw))
    assert isinstance(items[-1], IndexSummary)
    return items[-1]


def reasons(summary):
    return {os.path.basename(s.path): s.reason for s in summary.files_skipped}


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "docs"
    d.mkdir()
    (d / "good.txt").write_text("A perfectly good file about lighthouses.\n")
    return d


def _good_is_indexed(db):
    with IndexStore(db) as store:
        assert store.check_consistency() == []
        return [os.path.basename(d.path) for d in store.documents() if d.status == "indexed"]


def test_corrupt_and_encrypted_pdfs(folder, tmp_path):
    pdf = make_pdf([["Secret plans for the moon base"]])
    (folder / "corrupt.pdf").write_bytes(pdf[: len(pdf) // 3])
    (folder / "garbage.pdf").write_bytes(b"%PDF-1.4\n" + os.urandom(2000))
    (folder / "locked.pdf").write_bytes(encrypt_pdf(pdf))
    s = run([folder], tmp_path / "i.sqlite3")
    r = reasons(s)
    assert "damaged" in r["corrupt.pdf"] or "no extractable text" in r["corrupt.pdf"]
    assert "damaged" in r["garbage.pdf"] or "no extractable text" in r["garbage.pdf"]
    assert "password" in r["locked.pdf"]
    assert _good_is_indexed(tmp_path / "i.sqlite3") == ["good.txt"]


def test_zero_byte_and_binary_with_text_extension(folder, tmp_path):
    (folder / "empty.md").write_bytes(b"")
    (folder / "fake.txt").write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 20)
    s = run([folder], tmp_path / "i.sqlite3")
    r = reasons(s)
    assert "empty" in r["empty.md"] and "binary" in r["fake.txt"]
    assert s.files_indexed == 1
    s2 = run([folder], tmp_path / "i.sqlite3")  # remembered: reported again without being re-read
    assert reasons(s2) == r and s2.files_unchanged == 1


def test_a_1gb_file_hits_the_size_cap_without_being_read(folder, tmp_path, monkeypatch):
    big = folder / "huge.log"
    with open(big, "wb") as f:
        f.truncate(1 << 30)  # sparse: 1 GB on paper, nothing on disk
    real_open = builtins.open

    def guarded_open(path, *a, **k):
        assert os.path.basename(str(path)) != "huge.log", "the 1 GB file must not be opened"
        return real_open(path, *a, **k)

    monkeypatch.setattr(builtins, "open", guarded_open)
    s = run([folder], tmp_path / "i.sqlite3")
    assert "1.0 GB" in reasons(s)["huge.log"] and "limit" in reasons(s)["huge.log"]


def test_invalid_utf8_is_decoded_not_dropped(folder, tmp_path):
    (folder / "latin.txt").write_bytes(
        "Résumé of the naïve café owner, with crème brûlée.\n".encode("latin-1") * 10
    )
    (folder / "broken.md").write_bytes(
        b"Mostly fine UTF-8 text about harbours " * 50 + b"\xff\xfe\xc3(" + b" and more text" * 50
    )
    s = run([folder], tmp_path / "i.sqlite3")
    assert s.files_skipped == () and s.files_indexed == 3
    notes = {os.path.basename(n.path): n.reason for n in s.notes}
    assert "latin.txt" in notes and "broken.md" in notes
    with IndexStore(tmp_path / "i.sqlite3") as store:
        assert "Résumé" in store.chunks_for_document(str(folder / "latin.txt"))[0].text


def test_permission_denied(folder, tmp_path, monkeypatch):
    secret = folder / "secret.txt"
    secret.write_text("top secret")
    secret.chmod(0)
    if os.access(secret, os.R_OK):  # running as root: chmod does not stop us, so simulate the refusal
        real_open = os.open

        def deny(path, *a, **k):
            if os.path.basename(str(path)) == "secret.txt":
                raise PermissionError(13, "Permission denied", str(path))
            return real_open(path, *a, **k)

        monkeypatch.setattr(os, "open", deny)
    s = run([folder], tmp_path / "i.sqlite3")
    assert "Permission denied" in reasons(s)["secret.txt"]
    assert s.files_indexed == 1


def test_symlink_loops(folder, tmp_path):
    (folder / "loop").symlink_to(folder)  # a folder link back to its parent
    (folder / "self.txt").symlink_to(folder / "self.txt")  # a link to itself
    (folder / "dangling.txt").symlink_to(folder / "missing.txt")
    s = run([folder], tmp_path / "i.sqlite3")
    r = reasons(s)
    assert "loop" in r["loop"] and "loop" in r["self.txt"] and "broken" in r["dangling.txt"]
    assert s.files_indexed == 1


def test_a_file_that_changes_or_vanishes_while_being_indexed(folder, tmp_path, monkeypatch):
    (folder / "moving.txt").write_text("version one of a file that keeps changing\n" * 5)
    (folder / "ghost.txt").write_text("here now, gone soon\n" * 5)
    import engine.index.prepare as prepare

    real_extract = prepare.extract

    def meddling_extract(path, data, ftype=None, *args, **kw):
        if path.name == "moving.txt":
            path.write_text("version two, written while Alcove was reading version one\n" * 9)
        if path.name == "ghost.txt":
            path.unlink()
        return real_extract(path, data, ftype, *args, **kw)

    monkeypatch.setattr(prepare, "extract", meddling_extract)
    s = run([folder], tmp_path / "i.sqlite3")
    r = reasons(s)
    assert "changed while" in r["moving.txt"] and "vanished" in r["ghost.txt"]
    assert _good_is_indexed(tmp_path / "i.sqlite3") == ["good.txt"]
    monkeypatch.setattr(prepare, "extract", real_extract)
    s2 = run([folder], tmp_path / "i.sqlite3")  # the next run picks the new version up
    assert s2.files_indexed == 1 and s2.files_skipped == ()


def test_full_disk_mid_run_stops_with_a_clear_error_and_keeps_earlier_batches(folder, tmp_path, monkeypatch):
    for i in range(6):
        (folder / f"n{i}.txt").write_text(f"note {i} about tides\n")
    import engine.index.store as store_mod

    real = store_mod.IndexStore._write
    calls = {"n": 0}

    def failing_write(self, c, writes, deletes):
        calls["n"] += 1
        if calls["n"] == 3:
            raise sqlite3.OperationalError("database or disk is full")
        return real(self, c, writes, deletes)

    monkeypatch.setattr(store_mod.IndexStore, "_write", failing_write)
    s = run([folder], tmp_path / "i.sqlite3", commit_seconds=0, batch_chunks=1)
    assert s.error and "full" in s.error and "Free some space" in s.error
    assert any("Not saved" in sk.reason for sk in s.files_skipped)
    with IndexStore(tmp_path / "i.sqlite3") as store:
        assert store.check_consistency() == []
        assert store.stats().documents == s.files_indexed == 2  # two batches made it before the disk filled
    monkeypatch.setattr(store_mod.IndexStore, "_write", real)
    s2 = run([folder], tmp_path / "i.sqlite3")
    assert s2.error is None and s2.files_unchanged == 2 and s2.files_indexed == 5


def test_read_only_database(folder, tmp_path, monkeypatch):
    db = tmp_path / "i.sqlite3"
    run([folder], db)
    real_connect = sqlite3.connect

    def read_only_connect(path, *a, **k):  # what a read-only volume or file looks like to SQLite
        if str(path) == str(db):
            return real_connect(
                f"{db.as_uri()}?mode=ro", *a, uri=True, **{x: y for x, y in k.items() if x != "uri"}
            )
        return real_connect(path, *a, **k)

    monkeypatch.setattr(sqlite3, "connect", read_only_connect)
    (folder / "new.txt").write_text("new text")
    with pytest.raises(IndexStoreError, match="read-only"):
        run([folder], db)
    monkeypatch.setattr(sqlite3, "connect", real_connect)
    assert _good_is_indexed(db) == ["good.txt"]


def test_a_database_that_is_not_an_alcove_index_is_never_overwritten(folder, tmp_path):
    db = tmp_path / "music.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE songs(title TEXT)")
    con.commit()
    con.close()
    before = db.read_bytes()
    with pytest.raises(IndexStoreError, match="not an Alcove index"):
        run([folder], db)
    assert db.read_bytes() == before
