"""Chunks respect the token budget, headings and paragraphs, overlap a little, and keep exact locations."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.index.chunking import chunk_budget, chunk_document
from engine.index.extraction import extract
from tests.engine.index.index_fakes import make_pdf, minilm_tokenizer


@pytest.fixture(scope="module")
def tok():
    return minilm_tokenizer()


def _ntok(tok, text):
    return len(tok.encode(text, add_special_tokens=False).ids)


def _doc(n_sections=4, paras=5):
    parts = ["# Guide\n"]
    for s in range(n_sections):
        parts.append(f"## Section {s}\n")
        for p in range(paras):
            parts.append(f"Paragraph {p} of section {s} talks about topic{s}x{p} in some detail. " * 3 + "\n")
    return "\n".join(parts)


def test_chunks_are_exact_spans_within_budget(tok):
    src = _doc()
    chunks = chunk_document(extract(Path("g.md"), src.encode()), tok, max_tokens=80, overlap_tokens=16)
    assert len(chunks) > 5
    lines = src.split("\n")
    for c in chunks:
        assert src[c.char_start : c.char_end] == c.text
        assert c.line_start == src.count("\n", 0, c.char_start) + 1
        assert c.line_end == src.count("\n", 0, c.char_end - 1) + 1
        assert lines[c.line_start - 1] and c.text.startswith(lines[c.line_start - 1].lstrip()[:10])
        assert c.token_count <= 80 + 24  # a heading may pull its paragraph a little over
        assert abs(_ntok(tok, c.text) - c.token_count) <= 2
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))


def test_headings_start_chunks_and_give_the_trail(tok):
    src = _doc(n_sections=3, paras=1)
    chunks = chunk_document(extract(Path("g.md"), src.encode()), tok, max_tokens=200)
    starts = [c.text.split("\n")[0] for c in chunks]
    assert starts == ["# Guide", "## Section 1", "## Section 2"]
    assert "## Section 0" in chunks[0].text  # consecutive headings stay with the text below them
    sec1 = next(c for c in chunks if c.text.startswith("## Section 1"))
    assert sec1.heading == "Guide"  # the heading itself is the first line; the trail is what is above it
    assert "topic1x0" in sec1.text and "topic0x0" not in sec1.text


def test_consecutive_chunks_of_a_section_overlap(tok):
    src = _doc(n_sections=1, paras=12)
    chunks = chunk_document(extract(Path("g.md"), src.encode()), tok, max_tokens=120, overlap_tokens=20)
    body = [c for c in chunks if c.heading.endswith("Section 0")]
    assert len(body) >= 2
    for a, b in zip(body, body[1:], strict=False):
        assert b.char_start < a.char_end  # overlap
        overlap = src[b.char_start : a.char_end]
        assert 0 < _ntok(tok, overlap) <= 20 + 40  # "a little": about one short paragraph or 20 tokens


def test_a_long_paragraph_is_cut_at_line_ends_with_overlap(tok):
    src = "\n".join(f"line {i} says something about item{i} and more words here" for i in range(200))
    chunks = chunk_document(extract(Path("log.txt"), src.encode()), tok, max_tokens=100, overlap_tokens=10)
    assert len(chunks) > 5
    for c in chunks:
        assert c.token_count <= 100
        assert src[c.char_start : c.char_end] == c.text
    for c in chunks[:-1]:
        assert src[c.char_end : c.char_end + 1] in ("\n", "")  # ends at a line end
    covered = set()
    for c in chunks:
        covered.update(range(c.char_start, c.char_end))
    assert all(i in covered for i, ch in enumerate(src) if not ch.isspace())  # nothing is lost


def test_pdf_chunks_never_span_pages(tok):
    data = make_pdf([[f"page one sentence {i} with words" for i in range(30)], ["page two is short"]])
    chunks = chunk_document(extract(Path("a.pdf"), data), tok, max_tokens=64)
    assert {c.page for c in chunks} == {1, 2}
    assert chunks[-1].page == 2 and chunks[-1].text.startswith("page two")
    assert chunks[-1].line_start == 1


def test_html_chunks_point_at_source_lines(tok):
    src = "<html><body>\n<h1>Title</h1>\n<p>Alpha text.</p>\n\n\n<h2>Later</h2>\n<p>Omega words here.</p>\n</body></html>"
    chunks = chunk_document(extract(Path("a.html"), src.encode()), tok)
    later = next(c for c in chunks if "Omega" in c.text)
    assert later.line_start == 6 and later.heading == "Title"
    assert src[later.char_start :].startswith("Later")


def test_budget_leaves_room_for_special_tokens():
    assert chunk_budget(256) == 180 and chunk_budget(128) == 80 and chunk_budget(512, 400) == 400


def test_an_overlap_never_opens_mid_row(tok):
    """A Markdown table (or list) carried over into the next chunk starts at a row's start: "| 9 | Mon 22 Mar | ...",
    never "20 | Same two readings ..." (held-out 23's fermentation log)."""
    rows = "\n".join(
        f"| {d} | Day {d} of March | 1.0{50 - d} | 19 | Gravity steady, airlock slow, smells of peach and citrus |"
        for d in range(1, 15)
    )
    src = f"# Log\n\n| Day | Date | Gravity | °C | Notes |\n| --- | --- | --- | --- | --- |\n{rows}\n\nBottled on day 15.\n"
    chunks = chunk_document(extract(Path("log.md"), src.encode()), tok, max_tokens=180, overlap_tokens=24)
    assert len(chunks) >= 2
    for c in chunks[1:]:
        assert c.char_start == 0 or src[c.char_start - 1] == "\n", src[c.char_start : c.char_start + 40]
