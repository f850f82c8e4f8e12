"""Every file the walker sees is accounted for: indexed, unchanged, skipped with a reason, or unsupported
(counted by extension); gzip-compressed text is indexed; OCR can be turned off and on again."""

from __future__ import annotations

import gzip
import io
import sys
from pathlib import Path

from engine.index import IndexSummary, index_paths
from engine.index.store import IndexStore
from tests.engine.index.index_fakes import HashEmbedder


def run(paths, db, emb, **kw) -> IndexSummary:
    out = [x for x in index_paths(paths, db, emb, **kw) if isinstance(x, IndexSummary)]
    return out[-1]


def _png(text: str) -> bytes:
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (900, 160), "white")
    ImageDraw.Draw(image).text((40, 50), text, fill="black", font=ImageFont.load_default(size=40))
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


def test_every_file_is_accounted_for(tmp_path):
    lib = tmp_path / "lib"
    (lib / "docs" / "deep").mkdir(parents=True)
    (lib / "docs" / "notes.md").write_text("# Notes\n\nOtters are mustelids.\n")
    (lib / "docs" / "deep" / "changelog.Debian.gz").write_bytes(
        gzip.compress(b"otter (1.0) unstable; urgency=low\n")
    )
    (lib / "docs" / "deep" / "manual.txt.gz").write_bytes(
        gzip.compress(b"The manual says: feed the otters.\n")
    )
    (lib / "docs" / "archive.zip").write_bytes(b"PK\x03\x04" + b"\0" * 50)
    (lib / "docs" / "clip.mp4").write_bytes(b"\0\0\0\x18ftypmp42" + b"\0" * 50)
    (lib / "docs" / "data.tar.gz").write_bytes(gzip.compress(b"\0" * 100))
    (lib / "docs" / "blob.weird").write_bytes(b"\0\1\2\3" * 100)
    (lib / "docs" / "map.png").write_bytes(_png("Otter holt map"))
    db = tmp_path / "i.sqlite3"
    emb = HashEmbedder()
    s = run([lib], db, emb, ocr=False)
    assert s.files_indexed == 3, s
    assert s.files_unsupported == {".mp4": 1, ".tar.gz": 1, ".weird": 1, ".zip": 1}
    assert [(Path(f.path).name, "OCR" in f.reason) for f in s.files_skipped] == [("map.png", True)]
    assert s.to_json()["files_unsupported"] == s.files_unsupported
    with IndexStore(db, read_only=True) as store:
        kinds = {Path(d.path).name: d.file_type for d in store.documents()}
    assert kinds == {"notes.md": "markdown", "changelog.Debian.gz": "text", "manual.txt.gz": "text"}
    if sys.platform == "darwin":
        return  # the OCR half runs with RapidOCR; macOS Vision is tested in tests/mac
    s2 = run([lib], db, emb)  # OCR on: the image skipped before is read now; the rest is unchanged
    assert (s2.files_indexed, s2.files_unchanged, s2.files_skipped) == (1, 3, ())
    assert s2.files_unsupported == s.files_unsupported


def test_an_unsupported_file_named_explicitly_is_skipped_with_a_reason(tmp_path):
    f = tmp_path / "a.zip"
    f.write_bytes(b"PK\x03\x04" + b"\0" * 50)
    s = run([f], tmp_path / "i.sqlite3", HashEmbedder())
    assert s.files_unsupported == {} and "binary" in s.files_skipped[0].reason


def test_cli_reports_unsupported_types_and_takes_no_ocr(tmp_path, monkeypatch, capsys):
    import json

    from app.cli.main import main

    monkeypatch.setenv("ALCOVE_HOME", str(tmp_path / "home"))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "notes.txt.gz").write_bytes(gzip.compress(b"Gzipped notes about otters.\n"))
    (docs / "a.zip").write_bytes(b"PK\x03\x04" + b"\0" * 40)
    (docs / "b.zip").write_bytes(b"PK\x03\x04" + b"\1" * 40)
    (docs / "scan.png").write_bytes(_png("Otter"))
    db = str(tmp_path / "i.sqlite3")
    assert main(["index", str(docs), "--db", db, "--no-ocr", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["files_indexed"] == 1 and out["files_unsupported"] == {".zip": 2}
    assert "OCR" in out["files_skipped"][0]["reason"] and out["files_moved"] == 0
    assert main(["index", str(docs), "--db", db, "--no-ocr"]) == 0
    text = capsys.readouterr().out
    assert "Not read (unsupported types): 2 .zip." in text and "0 moved" in text
