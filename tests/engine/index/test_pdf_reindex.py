"""An index made with another PDF reader reads its PDFs again, and only them; one made with another reader of
.json files reads those again and no other code (reader versions in the content hash)."""

from __future__ import annotations

from engine.index import IndexSummary, index_paths
from engine.index.options import READER_VERSIONS
from engine.index.store import IndexStore
from tests.engine.index.index_fakes import HashEmbedder
from tests.engine.index.test_pdf_reading import manual


def _run(paths, db, emb) -> IndexSummary:
    summary = None
    for item in index_paths(paths, db, emb):
        if isinstance(item, IndexSummary):
            summary = item
    assert summary is not None
    return summary


def test_a_new_pdf_reader_reindexes_pdfs_only(tmp_path, monkeypatch):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "manual.pdf").write_bytes(manual())
    (docs / "notes.txt").write_text("Plain notes about walruses.\n")
    db, emb = tmp_path / "i.sqlite3", HashEmbedder()
    # an index made before reader versions, but for the notes' (a text reader unchanged since)
    monkeypatch.setattr("engine.index.options.READER_VERSIONS", {"text": READER_VERSIONS["text"]})
    first = _run([docs], db, emb)
    assert (first.files_indexed, first.files_unchanged) == (2, 0)
    monkeypatch.undo()
    embedded = emb.embedded
    second = _run([docs], db, emb)
    assert (second.files_indexed, second.files_unchanged) == (1, 1)  # the PDF read again, the notes not
    with IndexStore(db) as store:
        pdf_chunks = store.chunks_for_document(str(docs / "manual.pdf"))
        assert emb.embedded == embedded + len(pdf_chunks)
        assert not [c for c in pdf_chunks if "Chapter 1:" in c.text]
    third = _run([docs], db, emb)
    assert (third.files_indexed, third.files_unchanged) == (0, 2)


def test_a_new_reader_of_json_reindexes_json_files_not_other_code(tmp_path, monkeypatch):
    from engine.index.options import SUFFIX_READER_VERSIONS

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "settings.json").write_text('{"theme": "dark", "volume": 7}\n')
    (docs / "tool.py").write_text("def volume():\n    return 7\n")
    db, emb = tmp_path / "i.sqlite3", HashEmbedder()
    first = _run([docs], db, emb)
    assert (first.files_indexed, first.files_unchanged) == (2, 0)
    # a Slack export reader's next version: the .json file is read again, the Python file is not
    bumped = {**SUFFIX_READER_VERSIONS, ".json": SUFFIX_READER_VERSIONS[".json"] + "+next"}
    monkeypatch.setattr("engine.index.options.SUFFIX_READER_VERSIONS", bumped)
    second = _run([docs], db, emb)
    assert (second.files_indexed, second.files_unchanged) == (1, 1)


def test_a_new_text_reader_reads_files_of_no_known_type_again(tmp_path, monkeypatch):
    """A file whose name says no type (login.defs) is read as text, or as code by what it holds: the text reader's
    version is in its hash, so an index made before a change to that reading reads it again."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "login.defs").write_text("# Max number of login retries.\nLOGIN_RETRIES 5\n")
    (docs / "tool.py").write_text("def volume():\n    return 7\n")
    db, emb = tmp_path / "i.sqlite3", HashEmbedder()
    first = _run([docs], db, emb)
    assert (first.files_indexed, first.files_unchanged) == (2, 0)
    monkeypatch.setattr("engine.index.options.READER_VERSIONS", {**READER_VERSIONS, "text": "next"})
    second = _run([docs], db, emb)
    assert (second.files_indexed, second.files_unchanged) == (
        1,
        1,
    )  # login.defs read again, the Python file not
