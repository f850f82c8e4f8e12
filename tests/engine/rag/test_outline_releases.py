"""A GNU NEWS file is an Emacs outline: its "* Noteworthy changes in release 3.7 (2018-12-31) [stable]" and "** Bug
fixes" lines are headings (every chunk is embedded under its release and section), and an entry quoted in an answer
is shown under its release ("Which release made diff's colours work with less -R?": the entry says what changed,
the release says when). An Org file's star lines are headings too; a "* " bullet in other text is a bullet."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.index import extract, outline_headings
from engine.index.chunking import chunk_document
from engine.rag.extractive import extract_answer
from engine.rag.sources import Source
from tests.engine.index.index_fakes import minilm_tokenizer

NEWS = (
    "GNU widgetutils NEWS                                    -*- outline -*-\n\n"
    "* Noteworthy changes in release 3.8 (2021-08-01) [stable]\n\n"
    "** Bug fixes\n\n"
    "  widget no longer gets confused if stdin, stdout, or stderr are closed.\n\n"
    "* Noteworthy changes in release 3.7 (2018-12-31) [stable]\n\n"
    "** Bug fixes\n\n"
    + "  widget --strip-trailing-cr with a single CR byte in one input file would provoke an uninitialized read.\n"
    * 6
    + "\n** Improvements\n\n"
    "  widget --color now produces output compatible with less -R.\n\n"
    "* Noteworthy changes in release 2.8.7 (2004-04-13) [stable]\n\n"
    "User-visible changes in version 2.8.6:\n\n"
    "* New widget option --strip-trailing-cr.\n\n"
    "* With -N and -P, inaccessible empty regular files (the kind of files\n"
    "  you cannot read) are now treated as empty.\n"
)


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(default_embedder_path())


def test_a_news_outlines_releases_and_sections_are_headings_and_its_old_entries_are_not():
    page = extract(Path("NEWS"), NEWS.encode()).pages[0]
    heads = [(page.text[b.start : b.end], b.heading_level) for b in page.blocks if b.heading_level]
    assert heads == [
        ("* Noteworthy changes in release 3.8 (2021-08-01) [stable]", 1),
        ("** Bug fixes", 2),
        ("* Noteworthy changes in release 3.7 (2018-12-31) [stable]", 1),
        ("** Bug fixes", 2),
        ("** Improvements", 2),
        ("* Noteworthy changes in release 2.8.7 (2004-04-13) [stable]", 1),
    ], "an old release's entries ('* New widget option ....') are entries, not headings"
    chunks = chunk_document(extract(Path("NEWS"), NEWS.encode()), minilm_tokenizer(), max_tokens=120)
    entry = next(c for c in chunks if "less -R" in c.text)
    assert entry.heading == "Noteworthy changes in release 3.7 (2018-12-31) [stable]", (
        "embedded under its release"
    )
    org = "* Projects\n** TODO Fix the shed roof\nBuy felt.\n"
    assert [h[3] for h in outline_headings(org, org=True)] == ["Projects", "TODO Fix the shed roof"]
    plain = extract(Path("notes.txt"), b"Shopping\n\n* milk\n\n* eggs 2.0 dozen\n").pages[0]
    assert not any(b.heading_level for b in plain.blocks)


def test_an_entry_is_shown_under_its_release(embedder):
    chunks = chunk_document(extract(Path("NEWS"), NEWS.encode()), minilm_tokenizer(), max_tokens=120)
    sources = [Source(i + 1, c.text, "/docs/NEWS", None, c.line_start, c.line_end, heading=c.heading)
               for i, c in enumerate(chunks)]  # fmt: skip
    ans = extract_answer("Which release made colours work with less -R?", sources, embedder, max_sentences=1)
    assert ans.sentences[0].text == (
        "Noteworthy changes in release 3.7 (2018-12-31) [stable]: "
        "widget --color now produces output compatible with less -R."
    )
    assert ans.citations[0].quote == "widget --color now produces output compatible with less -R."
    whole = Source(1, NEWS, "/docs/NEWS", None, 1, 26)  # a passage holding the releases themselves
    ans = extract_answer(
        "When was widget made to cope with a closed stdin?", [whole], embedder, max_sentences=1
    )
    assert ans.sentences[0].text.startswith(
        "Noteworthy changes in release 3.8 (2021-08-01) [stable]: widget no"
    )


def test_a_bullet_in_plain_text_is_no_release(embedder):
    text = "Packing list\n\n* Tent 2.5 kg\n\nThe tent goes in the big bag with the poles.\n"
    src = Source(1, text, "/docs/packing.txt", None, 1, 5)
    ans = extract_answer("Where does the tent go?", [src], embedder, max_sentences=1)
    assert ans.sentences[0].text == "The tent goes in the big bag with the poles."
