"""Calendars (.ics) and contacts (.vcf) are read as a person reads them: an event or a card per paragraph, dates in
words, folded and escaped values whole, what no person reads left out; every piece keeps its line in the file."""

from __future__ import annotations

import pytest

from engine.index.bounds import BudgetExceeded, Deadline
from engine.index.extraction import extract, file_type_for
from engine.index.readers.vobjects import extract_vobjects
from tests.engine.index.index_fakes import line_with

ICS = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Example//Calendar//EN
X-WR-CALNAME:Family
BEGIN:VTIMEZONE
TZID:Europe/London
BEGIN:STANDARD
DTSTART:19701025T020000
TZNAME:GMT
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
DTSTART;TZID=Europe/London:20271117T080000
DTEND;TZID=Europe/London:20271117T120000
DTSTAMP:20271001T071500Z
UID:0001@example.net
DESCRIPTION:The engineer comes some time between 8 and 12. Clear the cupboa
 rd under the stairs\\, and have last year's sheet ready.
LOCATION:9 Ferncliffe Road
SUMMARY:Boiler service
BEGIN:VALARM
ACTION:DISPLAY
TRIGGER:-P1D
END:VALARM
END:VEVENT
BEGIN:VEVENT
DTSTART;VALUE=DATE:20270907
DTEND;VALUE=DATE:20270908
RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20271130
SUMMARY:Garden waste collection
LOCATION:
STATUS:TENTATIVE
END:VEVENT
BEGIN:VEVENT
DTSTART;VALUE=DATE:20271025
DTEND;VALUE=DATE:20271030
SUMMARY:Half term
END:VEVENT
END:VCALENDAR
"""

VCF = """BEGIN:VCARD
VERSION:3.0
N:Mistry;Dev;;;
FN:Dev Mistry
ORG:Mistry Plumbing & Heating
TITLE:Plumber
TEL;TYPE=CELL,VOICE:07700 900761
item1.TEL;TYPE=WORK:01904 615 330
EMAIL;TYPE=INTERNET,WORK:jobs@mistry.example.co.uk
ADR;TYPE=HOME:;;Flat 2\\, 18 Bishopthorpe Road;York;;YO23 1JJ;United Kingdom
BDAY:1947-11-07
NOTE:Text first\\, he calls back between jobs. Not gas registered: boiler wo
 rk goes to Hewitt Heating.
PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD
 /2wBDAAgGBgcGBQgHBwcJCQgKDA
UID:5F1C0A2E-0001
END:VCARD
BEGIN:VCARD
VERSION:3.0
FN:Water Lane Surgery
ORG:Water Lane Surgery
TEL:01904 438 200
END:VCARD
"""


def test_events_read_as_paragraphs_with_dates_in_words():
    page = extract_vobjects(ICS)
    paragraphs = page.text.split("\n\n")
    assert paragraphs == [
        "Calendar: Family.",
        "Boiler service: Wed 17 Nov 2027, 8:00 to 12:00.\nWhere: 9 Ferncliffe Road.\nThe engineer comes some time "
        "between 8 and 12. Clear the cupboard under the stairs, and have last year's sheet ready.\n"
        "Reminder: 1 day before.",
        "Garden waste collection: Tue 7 Sep 2027 (tentative).\n"
        "Repeats every 2 weeks on Tuesday, until Tue 30 Nov 2027.",  # no "Where: ." for an empty location
        "Half term: Mon 25 Oct 2027 to Fri 29 Oct 2027.",  # an all-day event's end date is the day after it
    ]
    assert [t for _, t in page.trails] == [
        "Family", "Boiler service, Wed 17 Nov 2027", "Garden waste collection, Tue 7 Sep 2027",
        "Half term, Mon 25 Oct 2027",
    ]  # fmt: skip
    assert [page.text[b.start : b.end] for b in page.blocks] == paragraphs
    for needle, source in (("Clear the cupboard", "DESCRIPTION:The"), ("under the stairs", "rd under the"),
                           ("Boiler service:", "SUMMARY:Boiler"), ("Repeats every 2", "RRULE:"),
                           ("Reminder: 1 day", "TRIGGER:-P1D")):  # fmt: skip
        assert page.locate(page.text.index(needle))[0] == line_with(ICS, source), needle
    assert "UID" not in page.text and "TZNAME" not in page.text and "20271001" not in page.text
    # an event reads in another order than the file holds it: its lines are all the lines it reads from
    boiler = page.text.index("Boiler service:")
    first, last = page.line_range(boiler, page.text.index("\n\n", boiler))
    assert (first, last) == (line_with(ICS, "DTSTART;TZID"), line_with(ICS, "TRIGGER:-P1D"))
    assert page.locate(boiler)[0] == line_with(
        ICS, "SUMMARY:Boiler"
    )  # last in the file, first in the reading


def test_cards_read_a_field_a_line_with_its_label():
    page = extract_vobjects(VCF)
    dev, surgery = page.text.split("\n\n")
    assert dev.split("\n") == [
        "Dev Mistry (Plumber, Mistry Plumbing & Heating).",
        "Mobile: 07700 900761.",
        "Work phone: 01904 615 330.",  # an Apple group ("item1.") is its property
        "Email: jobs@mistry.example.co.uk.",
        "Address: Flat 2, 18 Bishopthorpe Road, York, YO23 1JJ, United Kingdom.",
        "Birthday: 7 November 1947.",
        "Note: Text first, he calls back between jobs. Not gas registered: boiler work goes to Hewitt Heating.",
    ]
    assert surgery == "Water Lane Surgery.\nPhone: 01904 438 200."  # a firm's card names it once
    assert "/9j/" not in page.text  # a photo's data is no text
    assert page.locate(page.text.index("07700"))[:1] == (line_with(VCF, "07700 900761"),)
    line, char = page.locate(page.text.index("07700"))
    assert VCF.replace("\r\n", "\n")[char : char + 12] == "07700 900761"
    assert page.locate(page.text.index("Hewitt"))[0] == line_with(VCF, " rk goes to Hewitt")


def test_files_are_read_by_their_names_and_nothing_is_lost(tmp_path):
    for name, text, kind in (("family.ics", ICS, "calendar"), ("contacts.vcf", VCF, "contacts")):
        path = tmp_path / name
        path.write_bytes(text.replace("\n", "\r\n").encode())  # as the formats write them
        assert file_type_for(path) == kind
        doc = extract(path, path.read_bytes())
        assert doc.file_type == kind and "BEGIN:" not in doc.pages[0].text
    odd = extract_vobjects("Dentist on Tuesday, bring the form.\n")  # named .ics, holds no event: its text
    assert odd.text == "Dentist on Tuesday, bring the form.\n" and not odd.anchors
    cards = extract_vobjects(
        "BEGIN:VCARD\nVERSION:4.0\nEND:VCARD\n"  # an empty card
        "BEGIN:VCARD\nVERSION:2.1\nFN:Kev\nTEL;CELL:07700 900650\nTEL;TYPE=work;TYPE=voice:01904 1\nEND:VCARD\n"
    )
    assert cards.text == "Kev.\nMobile: 07700 900650.\nWork phone: 01904 1."  # vCard 2.1 and 4.0 types
    broken = extract_vobjects("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Swim\nDTSTART:2027133\nEND:VEVENT\n")
    assert broken.text.startswith("Swim: 2027133.")  # a value it cannot read as a date is shown as written


def test_what_a_calendar_is_read_into_counts_against_the_files_memory_budget(tmp_path):
    """The anchored text a reader writes (its words, blocks and anchors) is charged as the file's working data, so a
    calendar too large for the per-file budget is skipped with the reason, not read into memory whole."""
    event = (
        "BEGIN:VEVENT\nSUMMARY:Swim\nDTSTART;VALUE=DATE:20270911\nDESCRIPTION:Bring goggles.\nEND:VEVENT\n"
    )
    path = tmp_path / "big.ics"
    path.write_text("BEGIN:VCALENDAR\n" + event * 2000 + "END:VCALENDAR\n")
    data = path.read_bytes()
    assert extract(path, data, check=Deadline(None, memory_bytes=64 << 20)).file_type == "calendar"
    with pytest.raises(BudgetExceeded, match="memory budget"):
        extract(path, data, check=Deadline(None, memory_bytes=len(data) * 3))
