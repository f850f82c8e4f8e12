"""Generate the private documents of the realdocs ``heldout18`` part under ``files/private18/``: an original short
story as an EPUB 3 (``The Clock at Saltings Quay.epub``: a title page, four chapters, one XHTML file each, a nav
document outside the spine), a personal journal as Day One exports one to Markdown (``Journal.md``: 32 dated entries
from January to June 2027, each a ``# Weekday, D Month YYYY`` heading, a time and place line and a few paragraphs) and
a planning officer's site-meeting invitation as Outlook saves it (``.eml``: multipart/alternative with text/plain and
text/html bodies, quoted-printable, and a ``text/calendar; method=REQUEST`` part holding a VEVENT in the TZID "GMT
Standard Time", with its organiser, attendees, location and description).

    python eval/realdocs/make_heldout18.py          # rewrite them; the output is the same on every run

Only the standard library: the EPUB is written with zipfile (``mimetype`` first and stored, fixed timestamps), the
message by hand with CRLF line ends. Every weekday written next to a date is checked against the calendar (the
journal's headings are written from their dates and checked again, with the dates in its entries, the story's and
the message's). The other document of the part (git's ``contrib/persistent-https/client.go``) is copied unchanged
from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import io
import quopri
import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout18 (the tests)
    import heldout18_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import DAYS, MONTHS, check_weekdays
except ImportError:
    from eval.realdocs import heldout18_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import DAYS, MONTHS, check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private18"
STAMP = (2027, 3, 14, 20, 5, 0)  # every file in the EPUB
BOOK_ID = "urn:uuid:6f1c2a9e-4b7d-4e0a-9c35-2d8e7b1f4a60"

# --- the EPUB -------------------------------------------------------------------------------------------------------

XHTML_HEAD = (
    '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n'
    '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en-GB" '
    'xml:lang="en-GB">\n<head>\n<meta charset="utf-8"/>\n<title>{title}</title>\n'
    '<link rel="stylesheet" type="text/css" href="style.css"/>\n</head>\n'
)
CSS = """\
body { font-family: Georgia, serif; margin: 0 5%; line-height: 1.4; }
h1 { font-size: 1.5em; text-align: center; margin: 2em 0 1em; }
p { text-indent: 1.2em; margin: 0; }
p.first { text-indent: 0; }
.title-page { text-align: center; margin-top: 30%; }
.title-page h1 { font-size: 2em; }
.author { font-variant: small-caps; font-size: 1.2em; }
"""


def chapter_xhtml(number: int, title: str, paragraphs: list[str]) -> str:
    body = [f'<section epub:type="chapter" id="chapter-{number}">', f"<h1>{number}. {escape(title)}</h1>"]
    for i, p in enumerate(paragraphs):
        body.append(f'<p class="first">{escape(p)}</p>' if i == 0 else f"<p>{escape(p)}</p>")
    body.append("</section>")
    return XHTML_HEAD.format(title=escape(title)) + "<body>\n" + "\n".join(body) + "\n</body>\n</html>\n"


def title_xhtml() -> str:
    return (
        XHTML_HEAD.format(title=escape(T.STORY_TITLE))
        + '<body>\n<section epub:type="titlepage" class="title-page">\n'
        f'<h1>{escape(T.STORY_TITLE)}</h1>\n<p class="author">{escape(T.STORY_AUTHOR)}</p>\n'
        "<p>A short story</p>\n</section>\n</body>\n</html>\n"
    )


def nav_xhtml() -> str:
    items = "\n".join(
        f'<li><a href="chapter-{i}.xhtml">{i}. {escape(title)}</a></li>'
        for i, (title, _) in enumerate(T.CHAPTERS, 1)
    )
    return (
        XHTML_HEAD.format(title="Contents")
        + '<body>\n<nav epub:type="toc" id="toc">\n<h1>Contents</h1>\n<ol>\n'
        f'<li><a href="title.xhtml">{escape(T.STORY_TITLE)}</a></li>\n{items}\n</ol>\n</nav>\n</body>\n</html>\n'
    )


def opf() -> str:
    chapters = range(1, len(T.CHAPTERS) + 1)
    manifest = "\n".join(
        [
            '    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
            '    <item id="css" href="style.css" media-type="text/css"/>',
            '    <item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>',
            *(f'    <item id="chapter-{i}" href="chapter-{i}.xhtml" media-type="application/xhtml+xml"/>' for i in chapters),
        ]
    )  # fmt: skip
    spine = "\n".join(
        ['    <itemref idref="title"/>', *(f'    <itemref idref="chapter-{i}"/>' for i in chapters)]
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en-GB">\n'
        '  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n'
        f'    <dc:identifier id="book-id">{BOOK_ID}</dc:identifier>\n'
        f"    <dc:title>{escape(T.STORY_TITLE)}</dc:title>\n"
        f"    <dc:creator>{escape(T.STORY_AUTHOR)}</dc:creator>\n"
        "    <dc:language>en-GB</dc:language>\n"
        "    <dc:date>2027-03-14</dc:date>\n"
        '    <meta property="dcterms:modified">2027-03-14T20:05:00Z</meta>\n'
        "  </metadata>\n"
        f"  <manifest>\n{manifest}\n  </manifest>\n"
        f"  <spine>\n{spine}\n  </spine>\n"
        "</package>\n"
    )


def epub_bytes() -> bytes:
    container = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n'
        '  <rootfiles>\n    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>\n'
        "  </rootfiles>\n</container>\n"
    )
    parts = {
        "mimetype": "application/epub+zip",
        "META-INF/container.xml": container,
        "OEBPS/content.opf": opf(),
        "OEBPS/nav.xhtml": nav_xhtml(),
        "OEBPS/style.css": CSS,
        "OEBPS/title.xhtml": title_xhtml(),
    }
    for i, (title, paragraphs) in enumerate(T.CHAPTERS, 1):
        parts[f"OEBPS/chapter-{i}.xhtml"] = chapter_xhtml(i, title, paragraphs)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, text.encode("utf-8"))
    return out.getvalue()


# --- the journal ----------------------------------------------------------------------------------------------------


def heading(date: str) -> str:
    d = dt.date.fromisoformat(date)
    return f"# {DAYS[d.weekday()]}, {d.day} {MONTHS[d.month - 1]} {d.year}"


def journal_md() -> str:
    blocks = []
    for date, time, place, paragraphs in T.ENTRIES:
        blocks.append("\n\n".join([heading(date), f"{time} · {place}" if place else time, *paragraphs]))
    return "\n\n".join(blocks) + "\n"


# --- the invitation -------------------------------------------------------------------------------------------------

BOUNDARY = "_000_LO2P265MB4471C0D2E8A1B6F3A9B2LO2P265MB4471GBRP_"
MESSAGE_ID = "<LO2P265MB4471C0D2E8A1B6F3A9B2@LO2P265MB4471.GBRP265.PROD.OUTLOOK.COM>"
SEPARATOR = "*~*~*~*~*~*~*~*~*~*"  # Outlook's line between the meeting's details and the message
UID = "040000008200E00074C5B7101A82E0080000000070F3B6E1A726DD01000000000000000010000000C4D2A9E51B7F0E4C8E2A3F9B6D10A7C3"


def addr(who: tuple[str, str]) -> str:
    return f'"{who[0]}" <{who[1]}>' if " " in who[0] else f"{who[0]} <{who[1]}>"


def plain_body() -> str:
    return "\n".join([f"When: {T.WHEN}", f"Where: {T.LOCATION}", "", SEPARATOR, "", "\n\n".join(T.BODY), ""])


def html_body() -> str:
    out, listing = [], False
    for p in T.BODY:
        if p.startswith("- ") != listing:
            out.append("<ul>" if not listing else "</ul>")
            listing = not listing
        if listing:
            out.append(f"<li>{escape(p[2:])}</li>")
        else:
            out.append("<p>" + "<br>\n".join(escape(line) for line in p.split("\n")) + "</p>")
    body = "\n".join(out)
    return (
        '<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n</head>\n'
        '<body>\n<div style="font-family:Calibri,sans-serif;font-size:11pt">\n'
        f"<p><b>When:</b> {escape(T.WHEN)}<br>\n<b>Where:</b> {escape(T.LOCATION)}</p>\n"
        f'<p style="color:#808080">{SEPARATOR}</p>\n'
        f"{body}\n</div>\n</body>\n</html>\n"
    )


def ics_text(value: str) -> str:
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line: str) -> list[str]:
    """An iCalendar content line folded at 75 octets (ASCII here), each continuation starting with a space."""
    out = [line[:75]]
    line = line[75:]
    while line:
        out.append(" " + line[:74])
        line = line[74:]
    return out


def calendar() -> str:
    def person(role: str, who: tuple[str, str]) -> str:
        return f'ATTENDEE;ROLE={role};PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN="{who[0]}":mailto:{who[1]}'

    description = plain_body().replace("\u00a3", "GBP ")
    lines = [
        "BEGIN:VCALENDAR",
        "METHOD:REQUEST",
        "PRODID:Microsoft Exchange Server 2010",
        "VERSION:2.0",
        "BEGIN:VTIMEZONE",
        "TZID:GMT Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16010101T020000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0000",
        "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:16010101T010000",
        "TZOFFSETFROM:+0000",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
        "BEGIN:VEVENT",
        f'ORGANIZER;CN="{T.ORGANISER[0]}":mailto:{T.ORGANISER[1]}',
        *(person("REQ-PARTICIPANT", who) for who in T.TO),
        *(person("OPT-PARTICIPANT", who) for who in T.CC),
        f"DESCRIPTION;LANGUAGE=en-GB:{ics_text(description)}",
        f"UID:{UID}",
        f"SUMMARY;LANGUAGE=en-GB:{ics_text(T.SUBJECT)}",
        f"DTSTART;TZID=GMT Standard Time:{T.START}",
        f"DTEND;TZID=GMT Standard Time:{T.END}",
        "CLASS:PUBLIC",
        "PRIORITY:5",
        "DTSTAMP:20270401T132207Z",
        "TRANSP:OPAQUE",
        "STATUS:CONFIRMED",
        "SEQUENCE:0",
        f"LOCATION;LANGUAGE=en-GB:{ics_text(T.LOCATION)}",
        "X-MICROSOFT-CDO-BUSYSTATUS:BUSY",
        "X-MICROSOFT-CDO-IMPORTANCE:1",
        "X-MICROSOFT-CDO-INTENDEDSTATUS:BUSY",
        "BEGIN:VALARM",
        "DESCRIPTION:REMINDER",
        "TRIGGER;RELATED=START:-PT15M",
        "ACTION:DISPLAY",
        "END:VALARM",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    return "\n".join(folded for line in lines for folded in fold(line)) + "\n"


def qp(text: str) -> str:
    return quopri.encodestring(text.encode("utf-8")).decode("ascii")


def eml_bytes() -> bytes:
    assert calendar().isascii()
    headers = [
        f"From: {addr(T.ORGANISER)}",
        f"To: {', '.join(addr(w) for w in T.TO)}",
        f"CC: {', '.join(addr(w) for w in T.CC)}",
        f"Subject: {T.SUBJECT}",
        "Thread-Topic: Site meeting: 27/00418/FUL - single-storey rear extension and garage, 14 Orchard Rise",
        "Thread-Index: AddU7L0f3kQ2m9xWTiy1bq8hC4Zr5A==",
        f"Date: {T.SENT}",
        f"Message-ID: {MESSAGE_ID}",
        "Accept-Language: en-GB, en-US",
        "Content-Language: en-GB",
        "X-MS-Has-Attach:",
        "X-MS-TNEF-Correlator:",
        "Content-Type: multipart/alternative;",
        f'\tboundary="{BOUNDARY}"',
        "MIME-Version: 1.0",
    ]
    parts = [
        ('text/plain; charset="utf-8"', "quoted-printable", qp(plain_body())),
        ('text/html; charset="utf-8"', "quoted-printable", qp(html_body())),
        ('text/calendar; charset="utf-8"; method=REQUEST', "7bit", calendar()),
    ]
    lines = [*headers, ""]
    for ctype, cte, payload in parts:
        lines += [f"--{BOUNDARY}", f"Content-Type: {ctype}", f"Content-Transfer-Encoding: {cte}", ""]
        lines += payload.rstrip("\n").split("\n") + [""]
    lines += [f"--{BOUNDARY}--", ""]
    return "\r\n".join(lines).encode("ascii")


# --- checks ---------------------------------------------------------------------------------------------------------


def check(made: dict[str, bytes]) -> int:
    """Every weekday next to a date is right, the journal's headings are its entries' dates in order, the EPUB opens
    with its mimetype stored first and its spine is the title page then the chapters, and the message holds a
    VEVENT whose start is before its end; returns how many weekdays were checked."""
    import email
    import email.policy

    story = "\n".join(p for _, paragraphs in T.CHAPTERS for p in paragraphs)
    years = {m[4] for m in re.finditer(r"(\w+), (\d+) (\w+) (\d{4})", story)}
    assert years == {"1961", "1950"}, years  # the story's weekdays are written with their year
    journal = made[T.JOURNAL_NAME].decode("utf-8")
    dates = [dt.date.fromisoformat(d) for d, *_ in T.ENTRIES]
    assert dates == sorted(dates) and len(set(dates)) == len(dates) == journal.count("\n# ") + 1 == 32
    with zipfile.ZipFile(io.BytesIO(made[T.EPUB_NAME])) as z:
        first = z.infolist()[0]
        assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
        assert all(i.date_time == STAMP for i in z.infolist())
        spine = re.findall(r'<itemref idref="([^"]+)"/>', z.read("OEBPS/content.opf").decode("utf-8"))
    assert spine == ["title", *(f"chapter-{i}" for i in range(1, len(T.CHAPTERS) + 1))]
    words = sum(len(p.split()) for _, paragraphs in T.CHAPTERS for p in paragraphs)
    assert 4000 <= words <= 6000, words
    msg = email.message_from_bytes(made[T.EML_NAME], policy=email.policy.default)
    kinds = [p.get_content_type() for p in msg.walk()]
    assert kinds == ["multipart/alternative", "text/plain", "text/html", "text/calendar"], kinds
    cal = msg.get_payload()[2]
    assert cal.get_param("method") == "REQUEST" and T.START < T.END
    plain = msg.get_payload()[0].get_content()
    assert all(p.split("\n")[0] in plain for p in T.BODY)
    n = check_weekdays(story) + check_weekdays(journal) + check_weekdays(plain) + check_weekdays(T.SENT)
    return n + sum(heading(d) in journal for d, *_ in T.ENTRIES)


def files() -> dict[str, bytes]:
    return {
        T.EPUB_NAME: epub_bytes(),
        T.JOURNAL_NAME: journal_md().encode("utf-8"),
        T.EML_NAME: eml_bytes(),
    }


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
