"""A Day One journal's JSON export read as its entries: when and where each was written, its tags, its paragraphs,
anchored at the export's own lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.encoders import default_embedder_path, load_embedder
from engine.index import extract
from engine.index.readers.dayone import read_dayone
from engine.rag.extractive import extract_answer
from engine.rag.grounding import Span
from engine.rag.outlines import entry_date
from engine.rag.prompt import Source

ENTRIES = [
    {
        "audios": [],
        "creationDate": "2027-05-04T17:22:10Z",
        "creationDevice": "Ruth’s iPhone",
        "creationDeviceType": "iPhone",
        "duration": 0,
        "isAllDay": False,
        "isPinned": True,
        "location": {
            "administrativeArea": "England",
            "country": "United Kingdom",
            "latitude": 50.7236,
            "localityName": "Exeter",
            "longitude": -3.5275,
            "placeName": "Cathedral Green",
            "region": {"center": {"latitude": 50.7236, "longitude": -3.5275}, "radius": 75},
        },
        "modifiedDate": "2027-05-04T18:01:44Z",
        "photos": [{"identifier": "5D1C0F6A2B3E4F5A8B9C0D1E2F3A4B5C", "md5": "0f3b1c", "type": "jpeg"}],
        "richText": '{"meta":{"version":1},"contents":[{"text":"Bees arrived\\n"}]}',
        "starred": True,
        "tags": ["bees", "hive 2"],
        "text": "# Bees arrived\n\nCollected the nuc from Tom at 9\\.30 \\- five frames, and the queen is marked "
        "blue\\.\n\n![](dayone-moment://5D1C0F6A2B3E4F5A8B9C0D1E2F3A4B5C)\n\n- Feed 1:1 syrup for a week\n- "
        "Check for eggs on **Sunday**",
        "timeZone": "Europe/London",
        "uuid": "A1B2C3D4E5F60718293A4B5C6D7E8F90",
        "weather": {
            "conditionsDescription": "Partly Cloudy",
            "temperatureCelsius": 14.4,
            "weatherCode": "pc",
        },
    },
    {
        "creationDate": "2027-05-09T06:05:00Z",
        "isAllDay": False,
        "starred": False,
        "text": "First inspection: eggs and young larvae on three frames, so she is laying well.",
        "timeZone": "Europe/London",
        "uuid": "B1B2C3D4E5F60718293A4B5C6D7E8F91",
    },
]


def dayone_json(entries=ENTRIES) -> str:
    """A journal as Day One writes its export: pretty-printed, " : " between a key and its value, "/" escaped."""
    data = {"metadata": {"version": "1.0"}, "entries": entries}
    return json.dumps(data, indent=2, separators=(",", " : "), ensure_ascii=False).replace("/", "\\/")


@pytest.fixture(scope="module")
def embedder():
    return load_embedder(default_embedder_path())


def test_each_entry_reads_as_the_app_shows_it():
    raw = dayone_json()
    doc = extract(Path("/j/Journal.json"), raw.encode())
    assert doc.file_type == "note"
    page = doc.pages[0]
    paragraphs = [page.text[b.start : b.end] for b in page.blocks]
    assert (
        paragraphs
        == [
            "Tuesday 4 May 2027 18:22 at Cathedral Green, Exeter, England, United Kingdom; partly cloudy, 14 °C.",
            "Tags: bees, hive 2. Starred. Pinned.",
            "Collected the nuc from Tom at 9.30 - five frames, and the queen is marked blue.",
            "(a photo)",
            "- Feed 1:1 syrup for a week\n- Check for eggs on Sunday",  # a list's items: one paragraph, a line each
            "Sunday 9 May 2027 07:05.",  # in the entry's time zone: British Summer Time
            "First inspection: eggs and young larvae on three frames, so she is laying well.",
        ]
    )
    assert [t for _, t in page.trails] == [
        "Bees arrived (journal entry, Tuesday 4 May 2027)",
        "Journal entry, Sunday 9 May 2027",
    ]
    # every paragraph cites the export's line that holds its entry's text; the line of when and where, the date's
    lines = raw.split("\n")
    at = {page.text[off : page.text.find("\n", off) if "\n" in page.text[off:] else None]: ln
          for off, ln, _ in page.anchors}  # fmt: skip
    assert (
        lines[at["Collected the nuc from Tom at 9.30 - five frames, and the queen is marked blue."] - 1]
        .lstrip()
        .startswith('"text" : "# Bees arrived')
    )
    assert '"creationDate" : "2027-05-09' in lines[at["Sunday 9 May 2027 07:05."] - 1]


def test_a_file_of_another_shape_is_not_a_journal():
    assert read_dayone('{"entries": [1, 2]}') is None
    assert read_dayone('[{"creationDate": "2027-01-01"}]') is None
    assert read_dayone(json.dumps({"metadata": {}, "entries": []})) is None


def test_an_export_cut_short_reads_the_entries_before_the_cut():
    raw = dayone_json()
    cut = raw[: raw.index('"First inspection')]
    page = read_dayone(cut)
    assert page is not None and "Collected the nuc" in page.text and "First inspection" not in page.text


def test_an_unknown_time_zone_falls_back_to_this_computer():
    entries = [dict(ENTRIES[1], timeZone="Mars/Olympus_Mons")]
    page = read_dayone(dayone_json(entries))
    assert page is not None and "May 2027" in page.text


def test_an_answer_quotes_the_entry_in_words_under_its_day(embedder):
    page = extract(Path("/j/Journal.json"), dayone_json().encode()).pages[0]
    (_, first), (cut, second) = page.trails
    sources = (Source(1, page.text[:cut], "/j/Journal.json", line_start=1, line_end=1, file_type="note", heading=first),
               Source(2, page.text[cut:], "/j/Journal.json", line_start=1, line_end=1, file_type="note",
                      heading=second))  # fmt: skip
    ex = extract_answer("What colour is the queen marked?", sources, embedder)
    shown = " | ".join(s.text for s in ex.sentences)
    assert "Collected the nuc from Tom at 9.30 - five frames, and the queen is marked blue." in shown, shown
    ex = extract_answer("What was the weather like when I collected the bees?", sources, embedder)
    assert (
        "Tuesday 4 May 2027 18:22 at Cathedral Green, Exeter, England, United Kingdom; partly cloudy, 14 °C."
        in [s.text for s in ex.sentences]
    )
    ex = extract_answer("When did I first see eggs?", sources, embedder)
    assert (
        "Sunday 9 May 2027 07:05: First inspection: eggs and young larvae on three frames, so she is laying well."
        in [s.text for s in ex.sentences]
    )


def test_a_sentence_is_labelled_with_its_own_entry_where_a_passage_holds_two(embedder):
    """A passage that starts in one entry and runs into the next: a sentence of the second is shown under the second's
    day, place and weather (its line of when and where), not under the passage's trail, which names the first."""
    later = dict(ENTRIES[1], location={"placeName": "Apiary", "localityName": "Topsham", "country": "United Kingdom"},
                 weather={"conditionsDescription": "Mostly Sunny", "temperatureCelsius": 17.8})  # fmt: skip
    page = extract(Path("/j/Journal.json"), dayone_json([ENTRIES[0], later]).encode()).pages[0]
    source = Source(1, page.text, "/j/Journal.json", line_start=1, line_end=1, file_type="note",
                    heading=page.trails[0][1])  # fmt: skip
    at = page.text.index("First inspection")
    sentence = Span(source, at, page.text.index("\n", at) if "\n" in page.text[at:] else len(page.text))
    assert entry_date(sentence) == "Sunday 9 May 2027 07:05 at Apiary, Topsham; mostly sunny, 18 °C"
    assert entry_date(Span(source, 0, page.text.index("\n"))) is None  # the line of when and where says it
    ex = extract_answer("How well is the new queen laying?", (source,), embedder)
    shown = [s.text for s in ex.sentences]
    assert any(
        s.endswith("First inspection: eggs and young larvae on three frames, so she is laying well.")
        for s in shown
    )
    assert not any("Tuesday 4 May 2027" in s and "First inspection" in s for s in shown)


def test_a_list_is_shown_whole_with_the_sentences_that_open_and_sum_it_up(embedder):
    costs = dict(ENTRIES[1], text="Costs so far, not counting the hive itself:\n\n- nuc £210\n- suit and gloves £95\n"
                 "- smoker £38\n\nThat is £343 in all.")  # fmt: skip
    page = extract(Path("/j/Journal.json"), dayone_json([costs]).encode()).pages[0]
    source = Source(1, page.text, "/j/Journal.json", line_start=1, line_end=1, file_type="note",
                    heading=page.trails[0][1])  # fmt: skip
    ex = extract_answer("What have the bees cost me, leaving out the hive?", (source,), embedder)
    # the sentence after it that sums it up comes with it
    whole = "Costs so far, not counting the hive itself: - nuc £210 - suit and gloves £95 - smoker £38 That is £343 in all."
    assert any(s.text.endswith(whole) for s in ex.sentences), ex.text


@pytest.mark.parametrize(
    ("sentence", "sums_up"),
    [("That is £7,395, plus the paint.", True), ("So that's £90 in all.", True), ("Total: 14 hours.", True),
     ("The total is £5.", True), ("In total we paid £40.", True), ("Altogether £86.", True),
     ("That time we went to Chester.", False), ("Totally worth it.", False)],
)  # fmt: skip
def test_a_sentence_that_sums_up_a_list(sentence, sums_up):
    from engine.rag.shown_span import _SUMS_UP

    assert (_SUMS_UP.match(sentence) is not None) is sums_up


def test_an_entry_of_odd_shapes_loses_nothing_and_invents_nothing():
    """Tags as a string, text as a number, a place that is no object, a date that does not parse: read as far as they
    go, never as their characters one by one."""
    odd = {"creationDate": "not a date", "tags": "bees", "text": 42, "location": "Exeter",
           "weather": {"temperatureCelsius": True}, "uuid": "C0"}  # fmt: skip
    page = read_dayone(dayone_json([odd, ENTRIES[1]]))
    assert page is not None
    assert "b, e" not in page.text and "Tags" not in page.text and "42" not in page.text
    assert "First inspection" in page.text
    assert [t for _, t in page.trails] == ["Journal entry, Sunday 9 May 2027"]


def test_a_first_line_of_hashtags_is_no_title():
    tagged = dict(ENTRIES[1], text="#bees #inspection\n\nEggs on three frames.")
    page = read_dayone(dayone_json([tagged]))
    assert [t for _, t in page.trails] == ["Journal entry, Sunday 9 May 2027"]
    assert "#bees #inspection" in page.text
