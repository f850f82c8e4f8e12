"""A journal's entries are quoted with the date they are under (a Day One export's "# Thursday, 27 May 2027"
headings): the entry says what happened, its heading when."""

from __future__ import annotations

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.rag.extractive import extract_answer
from engine.rag.grounding import split_spans
from engine.rag.outlines import entry_date
from engine.rag.sources import Source

JOURNAL = (
    "# Monday, 12 April 2027\n\n09:10 · Home, Ashley Down, Bristol\n\n"
    "I rang Severn Maps this morning and accepted. I start on Monday 7 June.\n\n"
    "# Thursday, 27 May 2027\n\n12:35 · Whiteladies Road, Clifton\n\n"
    "Hygienist at Whiteladies Dental: scale and polish, 58 pounds. She told me off, gently, about flossing.\n"
)


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(default_embedder_path())


def _span(source: Source, words: str):
    return next(sp for sp in split_spans(source) if words in sp.text)


def test_a_sentence_under_a_dated_heading_is_labelled_with_it():
    src = Source(1, JOURNAL, "/notes/Journal.md", line_start=1, line_end=12)
    assert entry_date(_span(src, "I rang Severn Maps")) == "Monday, 12 April 2027"
    assert entry_date(_span(src, "Hygienist")) == "Thursday, 27 May 2027"
    # a passage that starts inside an entry takes its date from its heading trail
    inside = Source(
        2, "She told me off, gently, about flossing.\n", "/notes/Journal.md", heading="Thursday, 27 May 2027"
    )
    assert entry_date(_span(inside, "flossing")) == "Thursday, 27 May 2027"
    # no date in the heading, a sentence that gives the date itself, or not Markdown: no label
    plain = Source(3, "# Allotment\n\nThe beans went in on 3 May 2027.\n", "/notes/Allotment.md")
    assert entry_date(_span(plain, "beans")) is None
    dated = Source(4, "# 3 May 2027\n\nThe beans went in on 3 May 2027.\n", "/notes/Allotment.md")
    assert entry_date(_span(dated, "beans")) is None
    assert entry_date(_span(Source(5, JOURNAL, "/notes/journal.txt"), "I rang Severn Maps")) is None
    # a "#" line in a code fence is no heading (the index's own Markdown headings decide)
    fenced = Source(
        6, "# Notes\n\n```sh\n# 3 May 2027 backup\n```\n\nThe backup script runs nightly.\n", "/n.md"
    )
    assert entry_date(_span(fenced, "nightly")) is None


def test_the_answer_says_the_date_once_for_its_entry(embedder):
    src = Source(1, JOURNAL, "/notes/Journal.md", line_start=1, line_end=12)
    answer = extract_answer("When did I accept the Severn Maps job?", (src,), embedder, max_sentences=2).text
    assert "- Monday, 12 April 2027: I rang Severn Maps this morning and accepted." in answer
    assert answer.count("Monday, 12 April 2027") == 1


def test_a_roam_daily_page_block_is_labelled_with_its_day():
    # a Roam export's daily page (engine.index.readers.roam): its day is in the trail, however deep the block
    heading = "February 27th, 2027 (daily note, Saturday 27 February 2027) › Allotment"
    src = Source(1, "Done: Sowed Sweet peas\n\nWatered the onions", "/notes/graph.json", heading=heading,
                 file_type="note")  # fmt: skip
    assert entry_date(_span(src, "Sweet peas")) == "Saturday 27 February 2027"
    other = Source(2, "Done: Sowed Sweet peas", "/notes/graph.json", heading="Seed order › Tomatoes")
    assert entry_date(_span(other, "Sweet peas")) is None
