"""Generate the private documents of the realdocs ``heldout21`` part under ``files/private21/``: a person's notes as the
outliner Logseq keeps them (``Notes/journals/2027_03_13.md`` and two more daily pages, ``Notes/pages/*.md``: bullet
outlines indented with tabs, page and block properties ``key:: value``, ``[[links]]``, ``#tags``, a block reference
and its ``id::``, TODO/DOING/DONE/LATER tasks with a priority, SCHEDULED and DEADLINE dates and LOGBOOK clocks,
queries, a table), a youth football team manager's e-mail to the parents as Gmail's "Download message" saves it
(``.eml``: multipart/mixed, a multipart/alternative plain and HTML body in quoted-printable, and the rest of the
season's fixtures as an attached ``text/csv`` file in base64), and a home heating controller's schedule module in
Rust (``heatplan/src/schedule.rs``: ``//!`` module docs, ``///`` doc comments on constants, structs, enums and
functions, ``//`` comments, a ``#[cfg(test)]`` module).

    python eval/realdocs/make_heldout21.py          # rewrite them; the output is the same on every run

Standard library only; everything is fixed text, so a rerun gives the same bytes. Every weekday written next to a
date (the notes' Logseq timestamps ``<2027-03-15 Mon>`` and clocks ``[2027-03-16 Tue 12:05:11]`` too) is checked
against the calendar, the notes' journal links against real dates, the fixtures' rows and the message's parts
against what was written, and the Rust file's bank holidays against the calendar (Good Friday and Easter Monday from
Easter's date, the Christmas substitute days). The other document of the part (GNU time's manual as one HTML page
made by Texinfo) is copied unchanged from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import base64
import csv
import datetime as dt
import io
import quopri
import re
from html import escape
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout21 (the tests, check.py)
    import heldout21_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import MONTHS, check_weekdays
except ImportError:
    from eval.realdocs import heldout21_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import MONTHS, check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private21"

# --- the e-mail -----------------------------------------------------------------------------------------------------

OUTER = "000000000000b7c1e20615d2a4f3"  # Gmail's boundaries: 28 hex digits, the inner one a near neighbour
INNER = "000000000000b7c1e00615d2a4f1"
MESSAGE_ID = "<CAJ4vQ7mN3x8kTbR2pLw0yZ5uH9eFq6sD1cVgA7oXnB4iKj8rMw@mail.gmail.com>"
ATTACHMENT_ID = "f_m8t3kq0r0"


def csv_text() -> str:
    """The fixtures as a spreadsheet exports them: comma-separated, quoted only where a cell holds a comma, CRLF."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(T.CSV_HEADER)
    writer.writerows(T.FIXTURES)
    return out.getvalue()


def plain_body() -> str:
    return "\n\n".join(T.BODY) + "\n\n-- \n" + "\n".join(T.SIGNATURE) + "\n"


def html_body() -> str:
    """The HTML alternative as Gmail writes it: a ``div`` per line, an empty one (``<div><br></div>``) between
    paragraphs, the signature in its ``gmail_signature`` block."""
    out = []
    for i, para in enumerate(T.BODY):
        if i:
            out.append("<div><br></div>")
        out += [f"<div>{escape(line, quote=False)}</div>" for line in para.split("\n")]
    sig = "".join(f"<div>{escape(line, quote=False)}</div>" for line in T.SIGNATURE[1:])
    return (
        '<div dir="ltr">'
        + "".join(out)
        + '<div><br></div><span class="gmail_signature_prefix">-- </span><br><div dir="ltr" '
        f'class="gmail_signature" data-smartmail="gmail_signature"><div dir="ltr">{escape(T.SIGNATURE[0])}'
        f"{sig}</div></div></div>\n"
    )


def qp(text: str) -> str:
    return quopri.encodestring(text.encode("utf-8")).decode("ascii")


def encoded_words(text: str, name: str) -> str:
    """Header ``name``'s value as RFC 2047 "Q" encoded words, as Gmail writes a subject that is not ASCII: at most
    75 characters a word (the first shorter, to leave room for the header's name), each further word folded onto
    a line of its own."""
    safe = re.compile(rb"[A-Za-z0-9!*+\-/]")
    pieces = [  # a character's bytes stay in one word
        "".join(
            "_" if b == 32 else chr(b) if safe.fullmatch(bytes([b])) else f"={b:02X}"
            for b in ch.encode("utf-8")
        )
        for ch in text
    ]
    words, word = [], ""
    for enc in pieces:
        room = 75 - (len(name) + 2 if not words else 1)
        if len("=?UTF-8?Q?" + word + enc + "?=") > room:
            words.append(word)
            word = ""
        word += enc
    words.append(word)
    return "\r\n ".join(f"=?UTF-8?Q?{w}?=" for w in words)


def eml_bytes() -> bytes:
    headers = [
        f"Delivered-To: {T.RECIPIENT}",
        "Received: by 2002:a05:6520:2d8f:b0:27e:4c1a:93b5 with SMTP id r15csp2417683lkq;",
        "        Sun, 28 Mar 2027 12:47:27 -0700 (PDT)",
        "MIME-Version: 1.0",
        f"From: {T.SENDER[0]} <{T.SENDER[1]}>",
        f"Date: {T.SENT}",
        f"Message-ID: {MESSAGE_ID}",
        f"Subject: {encoded_words(T.SUBJECT, 'Subject')}",
        f"To: {T.SENDER[0]} <{T.SENDER[1]}>",
        f'Content-Type: multipart/mixed; boundary="{OUTER}"',
    ]
    attachment = base64.encodebytes(csv_text().encode("utf-8")).decode("ascii")
    lines = [*headers, "", f"--{OUTER}", f'Content-Type: multipart/alternative; boundary="{INNER}"', ""]
    for subtype, text in (("plain", plain_body()), ("html", html_body())):
        lines += [
            f"--{INNER}",
            f'Content-Type: text/{subtype}; charset="UTF-8"',
            "Content-Transfer-Encoding: quoted-printable",
            "",
            *qp(text).rstrip("\n").split("\n"),
            "",
        ]
    lines += [
        f"--{INNER}--",
        "",
        f"--{OUTER}",
        'Content-Type: text/csv; charset="UTF-8"; ',
        f'\tname="{T.CSV_NAME}"',
        "Content-Disposition: attachment; ",
        f'\tfilename="{T.CSV_NAME}"',
        "Content-Transfer-Encoding: base64",
        f"Content-ID: <{ATTACHMENT_ID}>",
        f"X-Attachment-Id: {ATTACHMENT_ID}",
        "",
        *attachment.rstrip("\n").split("\n"),
        "",
        f"--{OUTER}--",
        "",
    ]
    return "\r\n".join(lines).encode("ascii")


# --- checks ---------------------------------------------------------------------------------------------------------

DAYS = "Mon Tue Wed Thu Fri Sat Sun".split()
# a Logseq timestamp or clock: <2027-03-15 Mon>, [2027-03-16 Tue 12:05:11]
STAMP = re.compile(r"[<\[](\d{4})-(\d\d)-(\d\d) (Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b")
JOURNAL_LINK = re.compile(
    r"\[\[(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{1,2})(st|nd|rd|th), (\d{4})\]\]"
)


def _ordinal(day: int) -> str:
    return "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def check_notes() -> int:
    """Each file is an outline (every line a block "- ", a block's further line, a page property "key:: value" or
    the blank line after them), indented with tabs only, each child one level below its parent; every timestamp's
    weekday is its date's; every journal link names a real date with the right ordinal; every block reference
    resolves to a block's ``id::``; journal files are named after their dates. Returns the dates checked."""
    n = 0
    ids = set()
    refs = set()
    for name, text in T.LOGSEQ.items():
        if name.startswith("journals/"):
            dt.date(*map(int, re.fullmatch(r"journals/(\d{4})_(\d\d)_(\d\d)\.md", name).groups()))
        level = -1
        in_properties = name.startswith("pages/")
        for line in text.split("\n")[:-1]:
            if in_properties:
                if line == "":
                    in_properties = False
                else:
                    assert re.fullmatch(r"[a-z-]+:: \S.*", line), (name, line)
                continue
            m = re.fullmatch(r"(\t*)(- |  )(.*)", line)
            assert m and m[3] and not m[3].startswith(" "), (name, line)
            depth = len(m[1])
            if m[2] == "- ":
                assert depth <= level + 1, (name, line)
                level = depth
            else:  # a further line of the block above: properties, SCHEDULED, a drawer, a table row
                assert depth == level, (name, line)
                prop = re.fullmatch(r"([a-z-]+):: (.*)", m[3])
                if prop and prop[1] == "id":
                    ids.add(prop[2])
        refs |= set(re.findall(r"\(\(([0-9a-f-]{36})\)\)", text))
        for m in STAMP.finditer(text):
            day = dt.date(int(m[1]), int(m[2]), int(m[3]))
            assert DAYS[day.weekday()] == m[4], m[0]
            n += 1
        for m in JOURNAL_LINK.finditer(text):
            day = dt.date(
                int(m[4]), next(i for i, x in enumerate(MONTHS, 1) if x.startswith(m[1])), int(m[2])
            )
            assert _ordinal(day.day) == m[3], m[0]
            n += 1
        n += check_weekdays(text)
    assert refs and refs <= ids, (refs, ids)
    return n


def check_eml(data: bytes) -> int:
    """The message parses back to its parts (a plain and an HTML alternative, then the CSV attachment), the
    subject decodes to what was written, the plain body and the attachment read back as written, the fixtures are
    one row each with a weekday that is its date's; returns the weekdays checked."""
    import email
    import email.policy

    msg = email.message_from_bytes(data, policy=email.policy.default)
    kinds = [p.get_content_type() for p in msg.walk()]
    assert kinds == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html", "text/csv"], kinds
    assert msg["Subject"] == T.SUBJECT
    assert all(
        len(x) <= 78 or x.startswith(("Received:", "Message-ID:")) for x in data.decode("ascii").split("\r\n")
    )
    plain = msg.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert plain == plain_body()
    (attached,) = list(msg.iter_attachments())
    assert attached.get_filename() == T.CSV_NAME
    text = attached.get_content()
    assert text == csv_text()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == T.CSV_HEADER and rows[1:] == T.FIXTURES
    assert all(len(r) == len(T.CSV_HEADER) for r in rows)
    assert "".join(r[0] for r in rows[1:]).count("2027") == len(T.FIXTURES) == 8
    n = sum(check_weekdays(r[0]) for r in rows[1:])
    assert n == len(T.FIXTURES)
    return n + check_weekdays(plain) + check_weekdays(T.SENT)


def easter(year: int) -> dt.date:
    """Easter Sunday (the Gregorian computus, Meeus/Jones/Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 19 * l_) // 433
    month = (h + l_ - 7 * m + 90) // 25
    return dt.date(year, month, (h + l_ - 7 * m + 33 * month + 19) % 32)


def check_rust(src: str) -> int:
    """Module docs, doc comments and a test module; the 2027 bank holidays are weekdays, Good Friday and Easter
    Monday are Easter's, the Christmas substitutes follow a weekend Christmas; each date a test names has the
    weekday the test says. Returns the dates checked."""
    assert src.startswith("//! ") and src.count("\n/// ") >= 40 and "#[cfg(test)]\nmod tests {" in src
    table = re.search(r"BANK_HOLIDAYS_2027: \[\(u8, u8\); (\d+)\] = \[\n(.*?)\n\];", src, re.S)
    days = {
        name: dt.date(2027, int(mo), int(d))
        for mo, d, name in re.findall(r"\((\d+), (\d+)\),\s+// (.+)", table[2])
    }
    assert len(days) == int(table[1]) == 8 and all(d.weekday() < 5 for d in days.values())
    e = easter(2027)
    assert days["Good Friday"] == e - dt.timedelta(days=2) and days["Easter Monday"] == e + dt.timedelta(
        days=1
    )
    assert dt.date(2027, 12, 25).weekday() == 5 and days["Christmas Day (substitute day)"] == dt.date(
        2027, 12, 27
    )
    assert days["Boxing Day (substitute day)"] == dt.date(2027, 12, 28)
    said = {"Date::new(2027, 3, 26)": "Fri", "Date::new(2027, 3, 19)": "Fri", "Date::new(2027, 3, 18)": "Thu"}
    for call, weekday in said.items():
        y, mo, d = map(int, re.findall(r"\d+", call))
        assert call in src and DAYS[dt.date(y, mo, d).weekday()] == weekday, call
    return len(days) + len(said)


def files() -> dict[str, bytes]:
    made = {f"{T.GRAPH}/{name}": text.encode("utf-8") for name, text in T.LOGSEQ.items()}
    made[T.EML_NAME] = eml_bytes()
    made[T.RUST_NAME] = T.RUST.encode("utf-8")
    return made


def check(made: dict[str, bytes]) -> int:
    return check_notes() + check_eml(made[T.EML_NAME]) + check_rust(T.RUST)


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
