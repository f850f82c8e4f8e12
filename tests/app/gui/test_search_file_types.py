"""The Search pane's file-type filter offers every type the index stores: a person with slides, saved web pages,
mail or e-books can search only those."""

from __future__ import annotations

from app.gui.search_pane import FILE_TYPES
from engine.index import extraction

# types a reader stores under another name (engine.index.extraction._extract_rich): an .emlx and a mailbox are "email"
STORED_AS = {"emlx": "email", "mbox": "email"}


def test_every_stored_file_type_is_in_one_group():
    stored = {
        STORED_AS.get(t, t)
        for table in (extraction.TEXT_EXTENSIONS, extraction.DOC_EXTENSIONS, extraction.RICH_EXTENSIONS)
        for t in table.values()
    } | {"feed"}  # an .xml file that holds a feed
    grouped = [t for types in FILE_TYPES.values() if types for t in types]
    assert sorted(stored - set(grouped)) == [], "file types the Search filter cannot pick"
    assert len(grouped) == len(set(grouped)), "a file type in two groups"
    assert FILE_TYPES["Slides"] == ["pptx", "odp"] and "webarchive" in FILE_TYPES["Web pages & feeds"]
