"""The status bar's figures: the index size survives SQLite deleting its -wal file while it is measured."""

from __future__ import annotations

from pathlib import Path

from app.gui.metrics import format_bytes, index_bytes


def test_index_bytes_counts_the_database_with_its_wal_and_shm(tmp_path):
    db = tmp_path / "index.sqlite3"
    assert index_bytes(db) == 0  # no index yet
    db.write_bytes(b"x" * 1000)
    (tmp_path / "index.sqlite3-wal").write_bytes(b"w" * 200)
    (tmp_path / "index.sqlite3-shm").write_bytes(b"s" * 30)
    (tmp_path / "other.sqlite3").write_bytes(b"o" * 5000)  # another file is not counted
    (tmp_path / "index.sqlite3-dir").mkdir()  # nor a folder that happens to match
    assert index_bytes(db) == 1230
    assert format_bytes(index_bytes(db)) == "1.2 KB"


def test_a_wal_file_deleted_between_listing_and_measuring_counts_zero(tmp_path, monkeypatch):
    # The race CI hit: the indexer's connection closed (deleting index.sqlite3-wal) after glob listed it
    # and before stat read it, and the window raised FileNotFoundError inside a Qt slot.
    db = tmp_path / "index.sqlite3"
    db.write_bytes(b"x" * 1000)
    wal = tmp_path / "index.sqlite3-wal"
    wal.write_bytes(b"w" * 200)
    real_glob = Path.glob

    def glob_then_checkpoint(self, pattern):
        found = list(real_glob(self, pattern))
        wal.unlink()  # SQLite removes it now, after it was listed
        return iter(found)

    monkeypatch.setattr(Path, "glob", glob_then_checkpoint)
    assert index_bytes(db) == 1000
