"""A manual page's troff source (engine.index.troff) read as man shows it: a line for each of the file's lines, its
sections headings, an item's tag over its description, examples as code, escapes and settings never shown."""

from __future__ import annotations

import gzip
import time
from pathlib import Path

from engine.index import extract
from engine.index.extraction import file_type_for
from engine.index.troff import is_troff, render_troff

PAGE = r""".\" Copyright and licence: a comment
.de Vb
.nf
..
.ds C` ""
.ie n .ds lq \&"
.el .ds lq ``
.ie n .ds rq \&"
.el .ds rq ''
.if t \{\
.ds typeset only for print
.\}
.TH TIDES.CONF 5 "2027-03-01" "tides 2.1" "File Formats"
.SH NAME
tides.conf \- settings of the \fBtides\fR(1) tide-table printer
.SH DESCRIPTION
The file \fI/etc/tides.conf\fP holds one setting a line, \*(lqname = value\*(rq;
lines starting with \(oq#\(cq are comments.
.SS Settings
.TP
.B port
The harbour whose tides are printed\(em Whitby unless set.
.TP
\fB\-\-zone\fR \fIname\fR
The time zone the times are shown in.
.IP \(bu 2
Heights are in metres above chart datum.
.SH EXAMPLE
.nf
port = Whitby
zone = Europe/London
.fi
.PP
See
.BR tides (1)
and
.IR ports (5).
.SH "SEE ALSO"
tides(1)
"""


def test_a_man_page_reads_as_man_shows_it_each_line_in_its_place():
    doc = extract(Path("tides.conf.5.gz"), gzip.compress(PAGE.encode()))
    text = doc.pages[0].text
    assert doc.file_type == "text" and text.count("\n") == PAGE.count("\n")
    lines, source = text.split("\n"), PAGE.split("\n")
    assert (
        lines[source.index(".SH NAME") + 1].strip()
        == "tides.conf - settings of the tides(1) tide-table printer"
    )
    prose = " ".join(text.split())
    assert 'holds one setting a line, "name = value"; lines starting with ‘#’ are comments.' in prose
    assert "The harbour whose tides are printed— Whitby unless set." in prose
    assert "See tides(1) and ports(5)." in prose
    for mark in (
        "\\f",
        ".TP",
        ".SH",
        "\\-",
        "\\(",
        "Copyright",
        "typeset only",
        ".de",
        "``",
        ".TH",
        "2027-03-01",
    ):
        assert mark not in text, mark
    # an item's tag at the body's indent, its description under it, deeper, as man lays it out
    tag = lines[source.index(".B port")]
    desc = lines[source.index(".B port") + 1]
    assert tag == "       port" and desc.startswith("              The harbour")
    assert lines[source.index(".TP", source.index(".B port")) + 1].strip() == "--zone name"
    blocks = [(text[b.start : b.end].strip(), b.heading_level, b.kind) for b in doc.pages[0].blocks]
    for heading, level in (("NAME", 1), ("DESCRIPTION", 1), ("Settings", 2), ("EXAMPLE", 1), ("SEE ALSO", 1)):
        assert (heading, level, "text") in blocks
    assert any(
        kind == "code" and "port = Whitby" in t and "zone = Europe/London" in t for t, _, kind in blocks
    )


def test_only_a_man_pages_source_is_read_as_one():
    assert file_type_for(Path("crontab.5")) == "text" and file_type_for(Path("ssl.3ssl.gz")) == "text"
    assert file_type_for(Path("clip.3gp")) == "binary" and file_type_for(Path("a.7z")) == "binary"
    assert is_troff(PAGE, named=True) and is_troff(PAGE)
    # a rotated log named like a section, or a text that mentions .TH later on, is read as text
    log = "Mar  1 10:00:01 host cron[1]: started\n" * 3
    assert not is_troff(log, named=True)
    assert extract(Path("syslog.1"), log.encode()).pages[0].text == log
    assert not is_troff("Notes\n.TH is the title macro\n")


def test_hostile_troff_reads_in_linear_time():
    for body in ("\\" * 200_000, ".ie n \\{\\\n" * 50_000, '.B "' + '""' * 100_000, "\\f(" * 70_000,
                 ".de X\n" + "text\n" * 100_000):  # fmt: skip
        page = ".TH X 1\n" + body
        t = time.perf_counter()
        out, _, _ = render_troff(page)
        assert time.perf_counter() - t < 5 and out.count("\n") == page.count("\n")
