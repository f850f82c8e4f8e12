"""Obsidian ``[[wikilinks]]`` resolved to the linked note's title for search (issue #18's vault bullet): a real vault
made here, its notes indexed; the linked titles are searchable and every location still points into the file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.index import IndexSummary, index_paths
from engine.index.chunking import chunk_document
from engine.index.extraction import extract
from engine.index.store import IndexStore
from engine.index.wikilinks import note_title, resolve_wikilinks
from tests.engine.index.index_fakes import HashEmbedder

NOTE = (
    "---\ntags: [mammals]\n---\n"
    "# Otters\n\n"
    "Otters share the coast with [[Sea Otters]] and hide in [[Kelp|seaweed]] beds.\n"
    "Upstream see [[Rivers#Flow]] and [[sub/Rivers|the river note]].\n"
    "A dangling [[Missing Note]] keeps its text.\n\n"
    "```\ncode keeps [[Kelp]] as written\n```\n\n"
    "Fish and crabs are their food.\n"
)


@pytest.fixture
def vault(tmp_path):
    v = tmp_path / "vault"
    (v / ".obsidian").mkdir(parents=True)
    (v / "sub").mkdir()
    (v / "Sea Otters.md").write_text('---\ntitle: "Sea Otters of California"\n---\nThey float.\n')
    (v / "Kelp.md").write_text("Intro line.\n\n# Kelp Forests\n\nTall algae.\n")
    (v / "sub" / "Rivers.md").write_text("No heading here, just text.\n")
    (v / "daily" / "2026").mkdir(parents=True)
    (v / "daily" / "2026" / "otters.md").write_text(NOTE)
    return v


def test_titles_come_from_front_matter_then_first_heading_then_the_name():
    assert note_title('---\ntitle: "A  Title"\n---\n# Other\n', "f") == "A Title"
    assert note_title("```\n# not a heading\n```\n## Real One ##\n", "f") == "Real One"
    assert note_title("plain text\n", "file name") == "file name"


def test_links_resolve_to_the_linked_titles_and_offsets_map_back_to_the_file(vault):
    path = vault / "daily" / "2026" / "otters.md"
    page = extract(path, NOTE.encode()).pages[0]
    text = page.text
    assert "Sea Otters (Sea Otters of California)" in text  # front matter title, found from a subfolder
    assert "seaweed (Kelp Forests)" in text  # alias, then the first heading
    assert "see Rivers > Flow and" in text  # the file name is the title: said once
    assert "the river note (Rivers)" in text  # a vault-relative path
    assert "[[Missing Note]]" in text  # unresolved: unchanged
    assert "code keeps [[Kelp]] as written" in text  # in a code fence: unchanged
    # every word outside a link is located at its own place in the file: line and character
    for word in ("Otters share", "beds.", "Upstream", "A dangling", "keeps its text", "Fish and crabs"):
        offset = text.index(word)
        line, char = page.locate(offset)
        assert NOTE[char : char + len(word)] == word, word
        assert NOTE.count("\n", 0, char) + 1 == line, word
    # and chunks: a chunk that starts on plain words starts on them in the file; one that starts inside a link
    # starts inside that link's source span, never past it
    links = [(m.start(), m.end()) for m in re.finditer(r"\[\[[^\]]*\]\]", NOTE)]
    doc = extract(path, NOTE.encode())
    chunks = chunk_document(doc, HashEmbedder().tokenizer, max_tokens=12, overlap_tokens=0)
    assert len(chunks) > 4
    for c in chunks:
        first = re.match(r"\S+", c.text).group(0)
        inside = [(a, b) for a, b in links if a <= c.char_start < b]
        if inside:
            a, b = inside[0]
            assert a <= c.char_start < c.char_end and c.char_start < b
        else:
            assert NOTE[c.char_start :].startswith(first), (c.text, NOTE[c.char_start : c.char_start + 20])
        assert NOTE.count("\n", 0, c.char_start) + 1 == c.line_start
        assert c.char_start < c.char_end <= len(NOTE)


def test_a_note_outside_any_vault_resolves_in_its_own_folder_and_relative_paths_never_scan(tmp_path):
    (tmp_path / "Target.md").write_text("# The Target Title\n")
    text, anchors = resolve_wikilinks("see [[Target]]\n", tmp_path / "a.md")
    assert text == "see Target (The Target Title)\n" and anchors
    assert resolve_wikilinks("see [[Target]]\n", Path("a.md")) == ("see [[Target]]\n", ())
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "Deep.md").write_text("# Deep Title\n")  # no vault: subfolders are not searched
    assert resolve_wikilinks("see [[Deep]]\n", tmp_path / "a.md")[0] == "see [[Deep]]\n"


def test_an_indexed_vault_is_searchable_by_linked_titles_with_exact_citations(vault, tmp_path):
    db = tmp_path / "i.sqlite3"
    items = list(index_paths([vault], db, HashEmbedder()))
    summary = items[-1]
    assert isinstance(summary, IndexSummary) and summary.error is None and summary.files_indexed == 4
    with IndexStore(db) as store:
        assert "california" not in NOTE.lower()  # only the linked note's title says it
        hits = [store.get_chunk(h[0]) for h in store.keyword_search('"california"', 10)]
        (chunk,) = [c for c in hits if c.path.endswith("otters.md")]
        source = (vault / "daily" / "2026" / "otters.md").read_text()
        assert source[chunk.char_start : chunk.char_end].startswith(("Otters", "#"))
        assert source[chunk.char_start : chunk.char_end].rstrip().endswith((".", "text.", "beds."))
