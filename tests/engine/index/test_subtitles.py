"""Subtitle files (.srt, .vtt) are read as what is said: the cues' words run on as paragraphs, one per speaker's turn
or pause, headed by the time they start, and every word keeps its line in the file (a citation names the cue)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.index.extraction import extract, file_type_for
from engine.index.readers.subtitles import PAUSE_SECONDS, extract_subtitles
from engine.rag import extract_answer
from tests.engine.index.index_fakes import line_with
from tests.engine.rag.indexed import indexed_sources

SRT = """1
00:00:01,200 --> 00:00:04,200
[theme music]

2
00:00:08,260 --> 00:00:12,760
NADIA: So which radiator do you
bleed first?

3
00:00:12,920 --> 00:00:16,420
GARETH: Start with the one furthest
from the boiler, on the top floor.

4
00:00:16,580 --> 00:00:19,580
<i>Then work back towards it.</i>

5
00:00:29,000 --> 00:00:33,000
{\\an8}After the break: balancing &amp; lockshields.
"""

VTT = """WEBVTT
Kind: captions

NOTE recorded on the allotment, speakers tagged

STYLE
::cue { color: yellow }

intro
00:00.000 --> 00:03.500 align:start position:10%
<v Ruth Ames>Welcome to <c.loud>the</c> shed.</v>

00:03.500 --> 00:06.000
<v Ruth Ames>Welcome to the shed.
We sow the beans in May.

00:06.000 --> 00:08.000
We sow the beans in May.
</v>
"""


def test_cues_run_on_as_paragraphs_of_what_is_said():
    page = extract_subtitles(SRT)
    paragraphs = page.text.split("\n\n")
    assert paragraphs == [
        "[theme music]",
        "NADIA: So which radiator do you bleed first?",
        "GARETH: Start with the one furthest from the boiler, on the top floor. Then work back towards it.",
        "After the break: balancing & lockshields.",  # a pause of PAUSE_SECONDS or more starts a paragraph
    ]
    assert 29.0 - 19.58 >= PAUSE_SECONDS
    assert [trail for _, trail in page.trails] == ["at 0:01", "at 0:08", "at 0:12", "at 0:29"]
    assert [page.text[b.start : b.end] for b in page.blocks] == paragraphs
    # every word keeps its line and character in the file
    for needle in ("bleed first?", "from the boiler", "Then work back", "After the break"):
        at = page.text.index(needle)
        line, char = page.locate(at)
        assert line == line_with(SRT, needle), needle
        assert SRT[char : char + len(needle)] == needle, needle


def test_webvtt_voices_markup_and_roll_up_captions():
    page = extract_subtitles(VTT)
    assert page.text == "Ruth Ames: Welcome to the shed. We sow the beans in May."  # each repeated line once
    assert page.locate(page.text.index("We sow"))[0] == line_with(VTT, "We sow the beans")
    assert "NOTE" not in page.text and "cue" not in page.text and "align" not in page.text


def test_a_subtitle_file_is_read_as_one_whatever_its_name_says(tmp_path):
    for name, text in (("talk.srt", SRT), ("talk.vtt", VTT)):
        path = tmp_path / name
        path.write_text(text.replace("\n", "\r\n"))
        assert file_type_for(path) == "subtitles"
        doc = extract(path, path.read_bytes())
        assert doc.file_type == "subtitles" and "-->" not in doc.pages[0].text
    # a file named .srt that holds no cue is read as its text: nothing is lost
    odd = extract_subtitles("Just a note about the talk.\n")
    assert odd.text == "Just a note about the talk.\n" and not odd.anchors


@pytest.fixture(scope="module")
def talk_sources(tmp_path_factory):
    return indexed_sources(
        tmp_path_factory.mktemp("talk"), "episode.srt", SRT, "which radiator do I bleed first"
    )


def test_an_answer_from_a_transcript_quotes_whole_sentences_and_cites_the_cue_lines(talk_sources):
    sources, embedder = talk_sources
    assert Path(sources[0].path).name == "episode.srt" and sources[0].heading.startswith("at ")
    ex = extract_answer("Which radiator should I bleed first?", sources, embedder)
    top = next(s for s in ex.sentences if "furthest" in s.text)
    assert " ".join(top.text.split()).startswith(
        "GARETH: Start with the one furthest from the boiler, on the top"
    )
    assert (top.line_start, top.line_end) == (
        line_with(SRT, "GARETH: Start"),
        line_with(SRT, "from the boiler"),
    )
