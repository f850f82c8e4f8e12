"""A walker's saved places, a cyclist's Simplenote notes and a recorded appointment: Google Takeout's GeoJSON read a
place a record, Simplenote's notes.json read a note a chunk under its title, and Whisper's JSON read a sentence a line
with when and who. Each is made here in its real on-disk form and read through the indexer's own entry point;
citations name the file's lines."""

from __future__ import annotations

import json

from engine.index.extraction import RECORD_TYPES
from engine.index.options import reader_tag
from engine.rag.sources import Source, read_type
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read

PLACES = json.dumps(
    {"type": "FeatureCollection", "features": [
        {"geometry": {"coordinates": [-2.34862, 54.47218], "type": "Point"},
         "properties": {"date": "2027-03-04T18:22:05Z", "google_maps_url": "http://maps.google.com/?cid=123",
                        "location": {"address": "12 Market Street, Kirkby Stephen CA17 4QT", "country_code": "GB",
                                     "name": "The Old Post Office Café"},
                        "Comment": "Best scones in the Eden valley"}, "type": "Feature"},
        {"geometry": {"coordinates": [-2.9876, 54.1234], "type": "Point"},
         "properties": {"date": "2027-02-01T09:00:00Z", "google_maps_url": "http://maps.google.com/?q=54.1234,-2.9876",
                        "Comment": "Where the path to the tarn leaves the road"}, "type": "Feature"}]},
    indent=2,
)  # fmt: skip

NOTES = json.dumps(
    {"activeNotes": [
        {"id": "a1", "content": "Bike fit\n\nFrame 56 cm, saddle height 74.5 cm.\n\n- Stem 100 mm\n- Bars 42 cm",
         "creationDate": "2027-01-04T09:12:33.000Z", "lastModified": "2027-03-05T10:00:00.000Z",
         "tags": ["bike", "cycling"], "pinned": True, "markdown": True}],
     "trashedNotes": [
        {"id": "t1", "content": "Gift ideas for Mum\n\nA Kindle Paperwhite; the RHS diary.",
         "creationDate": "2026-11-01T10:00:00.000Z", "lastModified": "2026-11-01T10:00:00.000Z", "tags": []}]},
    indent=2,
)  # fmt: skip

_SEGMENTS = [(0.0, 4.5, "Dr Patel", " Morning, come in and sit down."),
             (4.6, 9.0, "Dr Patel", " So the blood test came back and your"),
             (9.0, 12.2, "Dr Patel", " cholesterol is 6.2, which is a bit high."),
             (15.0, 19.0, "Ann", " Right. What should I do about it?"),
             (754.2, 758.9, "Dr Patel", " We'll recheck it in three months")]  # fmt: skip
TRANSCRIPT = json.dumps(
    {"text": "".join(t for *_, t in _SEGMENTS),
     "segments": [{"id": i, "seek": 0, "start": a, "end": b, "text": t, "tokens": [50364, 400],
                   "temperature": 0.0, "avg_logprob": -0.2, "compression_ratio": 1.4, "no_speech_prob": 0.01,
                   "speaker": s} for i, (a, b, s, t) in enumerate(_SEGMENTS)],
     "language": "en"},
    indent=2,
)  # fmt: skip


def test_saved_places_read_a_place_a_record(utc):
    doc = _read("Saved Places.json", PLACES)
    assert doc.file_type == "geojson" and "geojson" in RECORD_TYPES  # a chunk of its own, shown whole
    page = doc.pages[0]
    assert page.text.split("\n\n") == [
        # latitude first, as a map shows it; the user's comment as their note
        "The Old Post Office Café, 12 Market Street, Kirkby Stephen CA17 4QT, GB: saved Thursday 4 March 2027 "
        "(2027-03-04). My note: Best scones in the Eden valley. At 54.47218, -2.34862. http://maps.google.com/?cid=123",
        "A dropped pin at 54.1234, -2.9876: saved Monday 1 February 2027 (2027-02-01). My note: Where the path to "
        "the tarn leaves the road. http://maps.google.com/?q=54.1234,-2.9876",
    ]
    assert _cited(page, "My note: Best scones")[0] == _line_of(PLACES, '"Comment": "Best scones')
    # a passage of it reads as a map's places, not as code
    assert read_type(Source(1, "x", "/Takeout/Saved Places.json", file_type="geojson")) == "geojson"
    assert _read("places.geojson", PLACES).file_type == "geojson"
    assert (
        _read("other.geojson", '{"type": "Feature"}').pages[0].text == '{"type": "Feature"}'
    )  # nothing lost
    assert "geojson" in reader_tag("code", ".json").decode()


def test_simplenote_notes_read_a_note_a_chunk_under_its_title(utc):
    doc = _read("notes.json", NOTES)
    assert doc.file_type == "note"
    page = doc.pages[0]
    assert page.text.split("\n\n") == [
        "Bike fit: a note made on Monday 4 January 2027 (2027-01-04), changed Friday 5 March 2027 (2027-03-05); "
        "tags: bike, cycling; pinned.",
        "Frame 56 cm, saddle height 74.5 cm.",
        "- Stem 100 mm\n- Bars 42 cm",
        # a note in the trash says so
        "Gift ideas for Mum: a note made on Sunday 1 November 2026 (2026-11-01); in the trash.",
        "A Kindle Paperwhite; the RHS diary.",
    ]
    assert [t for _at, t in page.trails] == ["Bike fit", "Gift ideas for Mum (in the trash)"]
    assert [b.kind for b in page.blocks].count("record") == 2  # each note starts a chunk
    assert _cited(page, "tags: bike")[0] == _line_of(NOTES, '"tags"')


def test_a_whisper_transcript_reads_a_sentence_a_line_with_when_and_who():
    doc = _read("appointment.json", TRANSCRIPT)
    assert (
        doc.file_type == "messages"
    )  # read as a chat's messages: a quoted later sentence says whose and when
    page = doc.pages[0]
    assert page.text.split("\n\n") == [
        "0:00 Dr Patel: Morning, come in and sit down.",
        # segments of one speaker joined until a sentence ends; the line opens at the first one's time
        "0:04 Dr Patel: So the blood test came back and your cholesterol is 6.2, which is a bit high.",
        # a run a paragraph; a segment's sentences together
        "0:15 Ann: Right. What should I do about it?",
        "12:34 Dr Patel: We'll recheck it in three months",
    ]
    assert _cited(page, "So the blood test")[0] == _line_of(TRANSCRIPT, '"text": " So the blood test')
    from engine.index import MESSAGE_OPENING

    assert MESSAGE_OPENING.match("12:34 Dr Patel: We'll").group("who") == "Dr Patel"
    assert "tokens" not in page.text and "avg_logprob" not in page.text


def test_a_later_sentence_of_a_transcript_says_whose_and_when():
    from engine.rag.grounding import split_spans
    from engine.rag.replies import quoted_label

    text = "6:34 Dominic: Gas meter is under the sink. The reading is one nine three eight point four.\n\n6:51 Owen: Ok."
    src = Source(1, text, "/rec/walkround.json", file_type="messages")
    spans = {sp.text.strip(): sp for sp in split_spans(src)}
    later = next(sp for t, sp in spans.items() if t.startswith("The reading"))
    assert quoted_label(later) == "Dominic (6:34)"
    first = next(sp for t, sp in spans.items() if "Gas meter" in t)
    assert quoted_label(first) is None  # its own line says who and when
