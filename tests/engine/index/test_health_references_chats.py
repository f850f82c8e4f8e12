"""A runner's Apple Health export, a postgraduate's Zotero library as CSL JSON and a club's Telegram chat saved as
HTML: Health's export.xml read a day a chunk in words (its document type let through, one declaring entities
refused), CSL JSON read a reference a record as RIS is, and Telegram Desktop's messages.html read a message a line.
Each is made here in its real on-disk form and read through the indexer's own entry point; citations name the
file's lines."""

from __future__ import annotations

import json

from engine.index.extraction import RECORD_TYPES
from engine.index.options import reader_tag
from engine.rag.sources import Source, read_type
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read

_RECORD = '<Record type="HKQuantityTypeIdentifier{kind}" sourceName="{source}" unit="{unit}" startDate="{start}" endDate="{end}" value="{value}"/>'  # fmt: skip


def _record(kind, source, unit, start, end, value):
    return " " + _RECORD.format(kind=kind, source=source, unit=unit, start=start, end=end, value=value) + "\n"


HEALTH = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: 14 -->\n'
    "<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>\n"
    "<!ATTLIST HealthData\n  locale CDATA #REQUIRED\n>\n]>\n"
    '<HealthData locale="en_GB">\n <ExportDate value="2027-03-31 21:04:11 +0100"/>\n'
    + _record("BodyMass", "Withings", "kg", "2027-03-02 07:14:10 +0000", "2027-03-02 07:14:10 +0000", "82.4")
    + _record(
        "StepCount", "Jo's iPhone", "count", "2027-03-02 08:50:00 +0000", "2027-03-02 09:00:00 +0000", "1200"
    )
    + _record(
        "StepCount", "Jo's iPhone", "count", "2027-03-02 11:50:00 +0000", "2027-03-02 12:00:00 +0000", "812"
    )
    + "".join(
        _record(
            "HeartRate",
            "Apple Watch",
            "count/min",
            f"2027-03-02 1{h}:00:00 +0000",
            f"2027-03-02 1{h}:00:00 +0000",
            str(60 + 10 * h),
        )
        for h in range(6)
    )  # fmt: skip
    + ' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Apple Watch" startDate="2027-03-01 23:18:00'
    ' +0000" endDate="2027-03-02 03:18:00 +0000" value="HKCategoryValueSleepAnalysisAsleepCore"/>\n'
    ' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Apple Watch" startDate="2027-03-02 03:18:00'
    ' +0000" endDate="2027-03-02 06:41:00 +0000" value="HKCategoryValueSleepAnalysisAsleepDeep"/>\n'
    ' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2027-03-02 08:02:00'
    ' +0000" endDate="2027-03-02 08:02:00 +0000">\n'
    + _record(
        "BloodPressureSystolic",
        "Omron",
        "mmHg",
        "2027-03-02 08:02:00 +0000",
        "2027-03-02 08:02:00 +0000",
        "128",
    )
    + _record(
        "BloodPressureDiastolic",
        "Omron",
        "mmHg",
        "2027-03-02 08:02:00 +0000",
        "2027-03-02 08:02:00 +0000",
        "82",
    )
    + " </Correlation>\n"
    ' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="32.5" durationUnit="min" sourceName="Apple'
    ' Watch" startDate="2027-03-02 07:02:00 +0000" endDate="2027-03-02 07:34:30 +0000">\n'
    '  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
    '  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" sum="5.21" unit="km"/>\n'
    '  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="410" unit="kcal"/>\n'
    " </Workout>\n"
    ' <ActivitySummary dateComponents="2027-03-02" activeEnergyBurned="520" activeEnergyBurnedGoal="600" '
    'activeEnergyBurnedUnit="kcal" appleExerciseTime="34" appleExerciseTimeGoal="30" appleStandHours="11" '
    'appleStandHoursGoal="12"/>\n'
    "</HealthData>\n"
)

LIBRARY = json.dumps(
    [{"id": "okonedo2021", "type": "article-journal", "title": "Street tree canopy and pavement heat",
      "author": [{"family": "Okonedo", "given": "Adaeze"}, {"family": "Hartley", "given": "James R."}],
      "issued": {"date-parts": [[2021, 3, 14]]}, "container-title": "Urban Climate", "volume": "12", "issue": "3",
      "page": "45-67", "DOI": "10.1234/uc.2021.045",
      "abstract": "We walked fixed routes in Leeds. Shade cut surface temperature by 11 °C.",
      "note": "Good for chapter 2", "keyword": "trees, heat"}],
    indent=2,
)  # fmt: skip

with open(
    __file__.replace("test_health_references_chats.py", "telegram_export.html"), encoding="utf-8"
) as _f:
    CHAT = _f.read()


def test_a_health_export_reads_a_day_a_chunk_in_words(utc):
    doc = _read("export.xml", HEALTH)
    assert doc.file_type == "health"
    page = doc.pages[0]
    assert page.text.split("\n\n") == [
        "Weight on Tuesday 2 March 2027 at 07:14: 82.4 kg (Withings).",
        # six heart rate readings said as their range
        "Heart rate on Tuesday 2 March 2027: 60 to 110 beats a minute, 85 on average, from 6 readings (Apple Watch).",
        "Sleep on the night of Monday 1 to Tuesday 2 March 2027: 7 h 23 min asleep (core 4 h, deep 3 h 23 min), "
        "from 23:18 to 06:41 (Apple Watch).",
        "Blood pressure on Tuesday 2 March 2027 at 08:02: 128/82 mmHg (Omron).",
        "Steps on Tuesday 2 March 2027: 2,012 in all (Jo's iPhone).",  # a day's steps added up
        "Running workout on Tuesday 2 March 2027 at 07:02: 32 min 30 s (32.5 min), 5.21 km, 410 kcal, outdoors (Apple "
        "Watch).",
        "Activity rings on Tuesday 2 March 2027: move 520 of 600 kcal (not closed), exercise 34 of 30 min (closed), "
        "stand 11 of 12 hours (not closed).",
    ]
    assert [t for _at, t in page.trails] == ["Health, Tuesday 2 March 2027"]
    assert page.blocks[0].kind == "record"  # a day starts a chunk
    assert _cited(page, "Weight on")[0] == _line_of(HEALTH, "BodyMass")
    assert _cited(page, "Running workout")[0] == _line_of(HEALTH, "<Workout ")
    assert read_type(Source(1, "x", "/h/export.xml", file_type="health")) == "health"
    assert "health" in reader_tag("code", ".xml").decode()
    # a document type that declares an entity is not read as Health's (it could expand without end)
    hostile = HEALTH.replace("<!ELEMENT HealthData", '<!ENTITY boom "boom"><!ELEMENT HealthData')
    assert _read("export.xml", hostile).file_type == "code"


def test_a_csl_json_library_reads_a_reference_a_record():
    doc = _read("My Library.json", LIBRARY)
    assert doc.file_type == "csl" and "csl" in RECORD_TYPES
    page = doc.pages[0]
    assert page.text.split("\n") == [
        "Adaeze Okonedo and James R. Hartley (2021). Street tree canopy and pavement heat.",
        "A journal article, dated 14 March 2021.",
        "Journal: Urban Climate, volume 12, issue 3, pages 45–67.",
        "DOI: 10.1234/uc.2021.045.",
        "Keywords: trees, heat.",
        "Abstract: We walked fixed routes in Leeds. Shade cut surface temperature by 11 °C.",
        "Note: Good for chapter 2.",
    ]
    assert _cited(page, "Note: Good")[0] == _line_of(LIBRARY, '"note"')
    assert read_type(Source(1, "x", "/z/My Library.json", file_type="csl")) == "csl"


def test_a_telegram_html_export_reads_a_message_a_line(utc):
    doc = _read("messages.html", CHAT)
    assert doc.file_type == "messages"
    page = doc.pages[0]
    assert page.text.split("\n") == [
        "Thursday 4 March 2027 21:12 Ann Rowe: Ride's on for Sunday. Meet at the café at 8, £5 for the tea.",
        "Thursday 4 March 2027 21:13 Ann Rowe: (a photo)",  # a joined message is its sender's before
        "Thursday 4 March 2027 21:20 Tom Price: Count me in, see https://example.com/route (In reply to Ann Rowe: "
        '"Ride\'s on for Sunday…")',
    ]
    first, last = _cited(page, "Count me in")
    assert first <= _line_of(CHAT, "Count me in") <= last and first > _line_of(CHAT, 'id="message1231"')
    assert "telegram" in reader_tag("html", ".html").decode()
    # a web page of another shape is a web page
    assert _read("page.html", "<html><body><p>Hello there.</p></body></html>").file_type == "html"
