"""The Search pane's file-type filter offers every type the index stores: a person with slides, saved web pages,
mail or e-books can search only those."""

from __future__ import annotations

from app.gui.search_pane import FILE_TYPES
from engine.index import stored_types


def test_every_stored_file_type_is_in_one_group():
    grouped = [t for types in FILE_TYPES.values() if types for t in types]
    assert sorted(stored_types() - set(grouped)) == [], "file types the Search filter cannot pick"
    assert len(grouped) == len(set(grouped)), "a file type in two groups"
    assert set(grouped) <= stored_types(), "a group names a type the index never stores"
    assert (
        FILE_TYPES["Slides"] == ["pptx", "odp", "keynote"] and "webarchive" in FILE_TYPES["Web pages & feeds"]
    )
