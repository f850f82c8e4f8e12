"""Paths are bytes-safe end to end (issue #19): any name the OS can return is stored, found again with its exact
bytes, searched and shown (with replacement characters), never a crash."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.index import IndexSummary, index_paths
from engine.index.extraction import file_type_for
from engine.index.schema import display_path, path_from_db, path_to_db
from engine.index.store import ChunkRow, DocumentWrite, IndexStore
from tests.engine.index.index_fakes import HashEmbedder

pytestmark = pytest.mark.timeout(300)

# A file name: any bytes but "/" and NUL, not "." or "..", not hidden (the walker skips dot files).
names = (
    st.binary(min_size=1, max_size=40)
    .map(lambda b: b.replace(b"/", b"_").replace(b"\0", b"_"))
    .filter(lambda b: not b.startswith(b"."))
)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=60))
def test_the_stored_form_is_reversible_and_valid_unicode(text):
    stored = path_to_db(text)
    stored.encode("utf-8")  # SQLite can hold it
    assert path_from_db(stored) == text
    display_path(text).encode("utf-8")  # and it can be shown


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=8), max_size=4), st.text(max_size=8))
def test_the_stored_form_keeps_prefixes(parts, tail):
    folder = "/" + "/".join(parts)
    assert path_to_db(folder + "/" + tail).startswith(path_to_db(folder) + "/")


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(name=names)
def test_any_byte_name_round_trips_through_the_store(tmp_path, name):
    path = os.fsdecode(os.fsencode(str(tmp_path)) + b"/" + name)
    with IndexStore(tmp_path / "p.sqlite3") as store:
        row = ChunkRow(0, None, 1, 1, 0, 5, 2, "", "hello")
        store.write_batch([DocumentWrite(path, "text", 5, 1, "h", "indexed", None, (row,), np.zeros((1, 4)))])
        doc = store.document(path)
        assert doc is not None and os.fsencode(doc.path) == os.fsencode(path)
        assert [d.path for d in store.documents(under=str(tmp_path)) if d.path == path] == [path]
        assert store.chunks_for_document(path)[0].path == path
        assert len(store.document_ids(folders=[str(tmp_path)])) >= 1
        store.write_batch([], [path])
        assert store.document(path) is None


@settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(name=names)
def test_any_byte_name_is_indexed_and_reindexed(tmp_path, name):
    folder = tempfile.mkdtemp(dir=tmp_path)
    raw = os.fsencode(folder) + b"/" + name
    try:
        with open(raw, "wb") as f:
            f.write(b"lighthouse keepers log the tides\n")
    except OSError:  # a name this file system refuses (too long...) is not one the OS can return
        return
    db = os.path.join(folder, "..", os.path.basename(folder) + ".sqlite3")
    for _ in range(2):
        items = list(index_paths([folder], db, HashEmbedder()))
        s = items[-1]
        assert isinstance(s, IndexSummary) and s.error is None
        assert s.files_indexed + s.files_unchanged + len(s.files_skipped) >= 1
    with IndexStore(db) as store:
        paths = [os.fsencode(d.path) for d in store.documents()]
        skipped = any(os.fsencode(x.path) == raw for x in s.files_skipped)
        assert raw in paths or skipped or file_type_for(Path(os.fsdecode(name))) == "binary"
    shutil.rmtree(folder)
