"""A note's sections (issue 37, held-out 23's Bear notes): a Markdown heading is a piece of its own, never glued to
the line under it (Bear writes a note's "#tags" there) or above it; a line of hashtags is no candidate answer; a
heading's words count for the sentences of its section; a short list right under a heading is shown whole with it,
as a list under a colon sentence is."""

from __future__ import annotations

from engine.rag.extractive import extract_answer, score_parts
from engine.rag.grounding import split_spans
from engine.rag.not_answers import tag_line
from engine.rag.shown_span import section_heading, shown_span
from engine.rag.sources import Source

NOTE = """# Batch 14 Citra Pale Ale
#brewing/batches #pale-ale

Brewed on Saturday 13 March 2027 in the garage, 23 litres into the fermenter.

## Yeast
Lallemand Verdant IPA, one 11 g packet, rehydrated for 15 minutes in boiled water.

## Pale ales and IPAs, per 30 litres of water

- Gypsum 5 g
- Calcium chloride 2 g
- Lactic acid (80%) 4 ml, in the mash water only

## Stouts and porters

- No acid
"""


def _source() -> Source:
    return Source(
        1, NOTE, "/notes/Batch 14.textbundle/text.markdown", None, 1, NOTE.count("\n"), file_type="markdown"
    )


def test_a_heading_is_a_piece_of_its_own_and_tags_are_no_answer():
    texts = [sp.text for sp in split_spans(_source())]
    assert texts[:3] == ["# Batch 14 Citra Pale Ale", "#brewing/batches #pale-ale", texts[2]]
    assert "## Yeast" in texts and texts[texts.index("## Yeast") + 1].startswith("Lallemand Verdant IPA")
    assert tag_line("#brewing/batches #pale-ale") and not tag_line("#1 priority is the roof.")
    spans = score_parts("Which tags is the pale ale filed under?", [_source()])[0]
    assert not any(sp.text.startswith("#brewing") for sp in spans)


def test_a_headings_words_count_for_its_section():
    spans, _, keyword, _, _ = score_parts("Which yeast did I pitch?", [_source()])
    yeast = next(i for i, sp in enumerate(spans) if sp.text.startswith("Lallemand"))
    assert section_heading(spans[yeast]) == "Yeast"
    assert keyword[yeast] == max(keyword) > 0
    answer = extract_answer("Which yeast did I pitch?", [_source()], None)
    assert "- Lallemand Verdant IPA, one 11 g packet" in answer.text


def test_a_short_list_under_a_heading_is_shown_whole_with_it():
    pieces = split_spans(_source())
    gypsum = next(p for p in pieces if "Calcium chloride" in p.text)
    shown = shown_span(gypsum, pieces).text
    assert shown.startswith("## Pale ales and IPAs") and "Gypsum 5 g" in shown and "mash water only" in shown
    assert "Stouts" not in shown and "No acid" not in shown


def test_a_headings_list_of_sentences_stays_apart():
    """A meeting note's "## Decisions" are separate facts: the item asked about is shown alone, not the section."""
    text = (
        "## Decisions\n\n"
        "- We are NOT shipping the sync feature in 2.4.\n"
        "- Dark mode icons: Dana's set wins.\n"
        "- Release freeze for 2.4 is Friday 6 November.\n"
    )
    src = Source(1, text, "/notes/roadmap-sync.md", None, 1, text.count("\n"), file_type="markdown")
    pieces = split_spans(src)
    freeze = next(p for p in pieces if "Release freeze" in p.text)
    assert shown_span(freeze, pieces).text == "- Release freeze for 2.4 is Friday 6 November."
