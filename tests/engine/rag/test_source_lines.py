"""Citations into HTML name the file's own lines: the chunk holds the visible text, so its newlines are not the
file's (tags, blank source lines); the lines come through the page's anchors."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.rag import extract_answer, map_citations, quote_lines
from tests.engine.rag.indexed import indexed_sources

PAGE = """<!DOCTYPE html>
<html>
<head><title>Missing Features</title></head>
<body>
<div class="chapter">
<h2>4 Missing Features</h2>

<p><code>libffi</code> is missing a few features.  We welcome patches to add
support for these.
</p>
<ul>
<li> Variadic closures.

</li><li> There is no support for bit fields in structures.

</li><li> The raw API is undocumented.
</li></ul>
</div>
</body>
</html>
"""
LINE = PAGE.split("\n").index("</li><li> There is no support for bit fields in structures.") + 1


@pytest.fixture(scope="module")
def html_sources(tmp_path_factory):
    return indexed_sources(
        tmp_path_factory.mktemp("html"), "features.html", PAGE, "does libffi support bit fields in structures"
    )


def test_an_extractive_sentence_from_html_cites_its_source_line(html_sources):
    sources, embedder = html_sources
    ex = extract_answer("Does libffi support bit fields in structures?", sources, embedder)
    top = next(s for s in ex.sentences if "bit fields" in s.text)
    assert (top.line_start, top.line_end) == (LINE, LINE)
    assert any(c.line_start <= LINE <= c.line_end for c in ex.citations)


def test_a_model_citation_into_html_names_the_quoted_line(html_sources):
    sources, _ = html_sources
    cites, _ = map_citations("There is no support for bit fields in structures [1].", sources)
    assert (cites[0].line_start, cites[0].line_end) == (LINE, LINE)


def test_a_changed_file_falls_back_to_counting_lines(html_sources, tmp_path):
    src = replace(html_sources[0][0], path=str(tmp_path / "gone.html"))
    at = src.text.index("There is no support")
    first, last = quote_lines(src, at, at + 20)
    assert first == src.line_start + src.text.count("\n", 0, at) and last >= first
