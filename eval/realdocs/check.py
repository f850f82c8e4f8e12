"""Validate the real-document sets against the documents themselves, with readers of our own (pypdfium2, the HTML
source, python-docx, openpyxl, python-pptx, ebooklib, the standard library's email for .eml, .emlx and .mbox,
zipfile, xml and json for ODT, ODS, ODP, RTF and notebooks, xlrd for an Excel 97-2003 .xls, olefile and the
file's own piece table for a Word 97-2003 .doc, zipfile, a Snappy decompressor and a protocol buffer reader for an
Apple Numbers spreadsheet, zipfile and sqlite3 for an Anki deck package, zipfile and json for an XMind map, zipfile, gzip and json for a Paprika recipe export, gzip for a
gzipped PDF, html.parser for an HTML-only e-mail, plistlib for a Safari web
archive, email for an MHTML page, a small PDF object reader for a filled-in form's field values, gzip for a man page's
troff source; for a screenshot, a scanned PDF, a phone's photo of a page or a
scanner's multi-page TIFF, whose text Alcove reads by OCR, the text its generator drew: ``make_heldout16.drawn_text``,
``make_heldout17.drawn_text``, ``make_heldout19.drawn_text``), not Alcove's:

- every labelled document is in documents.json, in the question's part, and present once materialised;
- every answer fact (``answer`` or one of ``answers``, and each of ``all_of``) occurs in the labelled unit (and in
  each other place ``also`` lists): the PDF page, the slide, the sheet's labelled row (XLSX, XLS or ODS; a Numbers
  table's), the message (the text of its HTML where it has no plain-text part; a meeting invitation's headers and
  plain-text body, not its text/calendar part), the EPUB chapter's labelled source lines, the notebook
  cell, the text of a saved page's HTML (a web archive's main resource, an MHTML file's HTML part), the ODP slide
  with its speaker notes, the PDF form's page with its fields' values, the text drawn on a screenshot, on a
  scanned PDF's page, on a photographed page or on a scanned TIFF's page (frame N is page N), the labelled lines of a
  text/HTML/DOCX/ODT/RTF file (a TextEdit .rtfd bundle's TXT.rtf, a gzipped troff source read through gzip; a DOCX
  paragraph with its tracked changes accepted (a move read at its new place) and the text of its footnotes after it,
  and for a label tagged "comment" the comments on it; a Google Docs export's paragraph, list or checklist item,
  hyperlinks' text included, read with python-docx and checked to read the same with the standard library's XML
  (``docx_xml_lines``); a ``.ts``, ``.conf`` or voicemail ``.txt`` file as text; a Logseq page's ``.md`` and a
  ``.rs`` file as text; an e-mail with an attached CSV file, that file's text after the body (``message_text``); a
  Telegram chat export's ``result.json``, a Joplin RAW export's ``<id>.md`` and an SMS Backup & Restore ``.xml`` as
  text, the lines of the file as Alcove reads them (JSON and XML as code: the escapes and entities as written); a
  rustdoc page's HTML source as any HTML page's; a JupyterLab notebook's cell (its source and its text outputs, a
  DataFrame's ``text/plain``, not its HTML or an error's traceback); a Notion export's ``.md`` and ``.csv`` and a Bear
  TextBundle's ``text.markdown`` as text; a CMake module, a Slack export's day files (the JSON as written: ``\\/``
  and ``\\uXXXX`` escapes as they stand) and an OFX statement as text, a Google Keep note's Takeout HTML as any HTML
  page's; C source as text, a ChatGPT export's one-line ``conversations.json`` as text (its line 1, the ``\\uXXXX``
  and ``\\n`` escapes as written), a Word 97-2003 .doc's paragraphs and table rows with its footnotes after the main
  text (``doc_lines``); Tcl source, a Day One export's ``Journal.json`` and a TaskPaper document as text, a Numbers
  spreadsheet's table's labelled row (``numbers_tables``); a Scrivener project's ``content.rtf`` and ``notes.rtf`` as
  any RTF file (``rtf_lines``: a line a paragraph, as Cocoa ends them with ``\\``) and its ``synopsis.txt`` as text,
  a Fountain screenplay, an OPML outline (its entities as written) and a DTD as text; a Vim script and a GEDCOM
  family tree as text, an Anki deck package's note (``apkg_notes``: its deck, note type, fields and tags; page N the
  N-th note by id) and an XMind map's sheet (``xmind_sheets``: its topics' titles, labels, markers, notes and links;
  page N the N-th sheet); a PowerShell script, an Obsidian canvas and a RIS library as text (the canvas's JSON as
  written, a card's ``\\n`` escapes as they stand), a browser's bookmarks export line by line (``bookmark_lines``:
  each line's text with, for a bookmark, its address, its tags and the day it was added); a Beancount ledger, a
  Final Draft screenplay (``.fdx``, its XML as written: a label is the lines of its ``<Paragraph>`` elements) and
  shadow's ``login.defs`` as text, a Paprika recipe export's recipe (``paprika_recipes``: zipfile, gzip and json; page
  N the N-th member, a label's ``field`` the JSON key whose "key: value" text holds the answer); a udev rules file,
  a My Maps KML map, a WordPress export (WXR) and a PGN game collection as text (the KML's and the WXR's XML as
  written, CDATA and all; for absent terms their strings decoded too); a Mastodon archive's ``outbox.json``, a TCX
  workout export, an ABC tune book and an m4 macro file as text (the outbox's and the TCX's strings decoded too); a
  Debian machine-readable copyright file, a Trello board's JSON export, todo.txt and done.txt and a Freeplane mind
  map (``.mm``) as text (the board's and the map's strings decoded too); PAM's access.conf, a Roam Research JSON
  export and a Google Tasks export as text (their strings decoded too); a Messenger conversation's ``message_1.json``
  as its lines with every JSON string decoded and Facebook's escaping undone (each UTF-8 byte written as a Latin-1
  character), a ``timestamp_ms`` given its date and a ``call_duration`` its minutes (``messenger_lines``); GNU
  Wget's wgetrc, Google Maps saved places (GeoJSON and a saved list's CSV), a Simplenote export and a speech-to-text
  JSON transcript as text (the JSON files' strings decoded too); debconf's debconf.conf, an Apple Health
  ``export.xml`` and a Zotero library's CSL JSON as text (the XML's text and attributes and the JSON's strings
  decoded too), and a Telegram Desktop chat export's ``messages.html`` by ``telegram_lines`` (a message's date line
  its full date and time);
  text compared with whitespace runs as one space, line-end hyphens joined, NFKC);
  so does each ``evidence`` string, and a ``quote`` occurs exactly once in its text file at the labelled lines;
- an unanswerable question's ``absent_terms`` occur in no document of its part or of any part before it in
  ``PARTS`` (whole words, any case): a later part's documents were chosen after the question was written, and each
  part is indexed on its own (held-out 5's documents hold "JSON" and "WASM", absent terms of ``uh01`` and ``u3f01``);
  a JSON file is searched as written and as its strings decoded (``json_strings``: a word right after a ``\\n``
  escape is a whole word there), an XML file (an OPML outline and a Scrivener binder, ``.scrivx``, too) as written
  and as its text and attribute values decoded (``xml_strings``: a word after a ``&#10;`` or an entity);
- ids are unique; questions are not copied from the document (no run of 8 words shared with the labelled unit).

    python eval/realdocs/check.py [--part tuning|heldout|heldout2|...|heldout35|heldout36|all] [--committed-only]

Package documents are read where the packages installed them; committed ones from files/. ``--committed-only``
checks only questions on committed documents (what CI can check without the packages).
"""

from __future__ import annotations

import argparse
import datetime
import email
import email.policy
import functools
import html
import mailbox
import re
import struct
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

if not __package__:  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from eval.realdocs.realdocs import (  # noqa: E402
    HERE,
    PAGED,
    PARTS,
    SETS,
    answer_found,
    documents,
    flat,
    load,
    source_of,
)


def html_source_lines(src: str) -> list[str]:
    """The visible text of each source line of an HTML/XHTML document (tags removed, entities decoded); a tag
    spanning lines leaves those lines empty."""
    s = re.sub(r"<(script|style)\b.*?</\1>", lambda m: "\n" * m.group(0).count("\n"), src, flags=re.S | re.I)
    s = re.sub(r"<[^>]*>", lambda m: "\n" * m.group(0).count("\n"), s, flags=re.S)
    return [html.unescape(line) for line in s.split("\n")]


NETSCAPE_BOOKMARKS = "<!DOCTYPE NETSCAPE-Bookmark-file-1>"


def bookmark_lines(src: str) -> list[str]:
    """A browser's bookmarks export (the Netscape bookmark file Firefox, Chrome and Safari write) read line by line:
    each line's visible text (``html_source_lines``) and, for a bookmark's ``<A>``, its address, its tags and the day
    it was added (``ADD_DATE``, Unix seconds, as "added 14 March 2027", UTC), which are attributes, not text."""
    import datetime as dt

    out = []
    for line, text in zip(src.split("\n"), html_source_lines(src)):
        m = re.search(r"<A\s([^>]*)>", line, flags=re.I)
        if m:
            attrs = {k.upper(): html.unescape(v) for k, v in re.findall(r'([A-Za-z_]+)="([^"]*)"', m[1])}
            extra = [attrs.get("HREF", "")]
            if attrs.get("TAGS"):
                extra.append("tags: " + attrs["TAGS"])
            if attrs.get("ADD_DATE", "").isdigit():
                day = dt.datetime.fromtimestamp(int(attrs["ADD_DATE"]), dt.UTC)
                extra.append(f"added {day.day} {day:%B %Y}")
            text = " ".join([text.strip(), *extra])
        out.append(text)
    return out


TELEGRAM_MESSAGE = '<div class="message default clearfix'


def telegram_lines(src: str) -> list[str]:
    """A Telegram Desktop chat export (``messages.html``) read line by line: each line's visible text
    (``html_source_lines``); a message's date line, whose text is only the time, reads the full date and time its
    ``title`` holds ("04.03.2027 21:12:33 UTC+00:00"), and a photo's link line the photo's file name."""
    out = []
    for line, text in zip(src.split("\n"), html_source_lines(src)):
        if m := re.search(r'class="pull_right date details" title="([^"]*)"', line):
            text = html.unescape(m[1])
        elif m := re.search(r'class="photo_wrap[^"]*"[^>]*href="([^"]*)"', line):
            text = html.unescape(m[1])
        out.append(text)
    return out


def html_lines(path: Path) -> list[str]:
    """An HTML file's lines as read for labels: a bookmarks export's by ``bookmark_lines``, a Telegram chat export's
    by ``telegram_lines``, any other page's by ``html_source_lines``."""
    src = path.read_text(encoding="utf-8")
    if src.startswith(NETSCAPE_BOOKMARKS):
        return bookmark_lines(src)
    return telegram_lines(src) if TELEGRAM_MESSAGE in src else html_source_lines(src)


def pdf_data(path: Path) -> bytes:
    """The PDF's bytes; a gzipped PDF (``.pdf.gz``, as Debian ships manuals) is read through gzip, as Alcove reads
    a ``.gz`` of a type it knows as that type."""
    import gzip

    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix.lower() == ".gz" else data


def _page_text(doc, number: int) -> str:
    page = doc[number - 1]
    tp = page.get_textpage()
    text = tp.get_text_range()
    tp.close()
    page.close()
    return text.replace("\r\n", "\n").replace("\ufffe\n", "\ufffe")


def pdf_page(path: Path, number: int) -> str:
    """A PDF page's text as PDFium gives it; a filled-in form's page (a PDF with an AcroForm) with the values of the
    fields whose widgets are on it after it (``pdf_form_fields``), which are not page text."""
    import pypdfium2 as pdfium

    data = pdf_data(path)
    doc = pdfium.PdfDocument(data)
    try:
        if not 1 <= number <= len(doc):
            raise LookupError(f"page {number} not in 1..{len(doc)}")
        text = _page_text(doc, number)
    finally:
        doc.close()
    if b"/AcroForm" in data:
        text += "\n" + "\n".join(pdf_form_fields(data)[number - 1])
    return text


def pdf_all(path: Path) -> str:
    import pypdfium2 as pdfium

    data = pdf_data(path)
    doc = pdfium.PdfDocument(data)
    try:
        text = "\n".join(_page_text(doc, i) for i in range(1, len(doc) + 1))
    finally:
        doc.close()
    if b"/AcroForm" in data:
        text += "\n" + "\n".join(line for page in pdf_form_fields(data) for line in page)
    return text


_PDF_OBJ = re.compile(rb"(?<![0-9])(\d+) (\d+) obj\b(.*?)\bendobj", re.S)


def _pdf_string(data: bytes, at: int) -> tuple[str, int]:
    """The PDF string or name that starts at ``at`` (``(literal)`` with its escapes and nested parentheses,
    ``<hex>``, or ``/Name``), decoded (UTF-16 with a byte order mark, else PDFDocEncoding read as Latin-1); and where
    it ends."""
    if data[at : at + 1] == b"/":
        m = re.match(rb"/([^\s/<>\[\]()]*)", data[at:])
        return m[1].decode("latin-1"), at + m.end()
    if data[at : at + 1] == b"<":
        end = data.index(b">", at)
        raw = bytes.fromhex(data[at + 1 : end].decode("ascii"))
        return _pdf_text(raw), end + 1
    if data[at : at + 1] != b"(":
        raise LookupError(f"no string at {data[at : at + 20]!r}")
    out, depth, i = bytearray(), 0, at
    escapes = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f"}
    while True:
        c = data[i]
        if c == ord("\\"):
            nxt = data[i + 1]
            m = re.match(rb"[0-7]{1,3}", data[i + 1 : i + 4])
            if m:
                out.append(int(m[0], 8) & 255)
                i += 1 + len(m[0])
                continue
            if nxt in (10, 13):  # a line continuation
                i += 2 + (nxt == 13 and data[i + 2] == 10)
                continue
            out += escapes.get(nxt, bytes([nxt]))
            i += 2
            continue
        if c == ord("("):
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif c == ord(")"):
            depth -= 1
            if depth == 0:
                return _pdf_text(bytes(out)), i + 1
        out.append(c)
        i += 1


def _pdf_text(raw: bytes) -> str:
    return raw[2:].decode("utf-16-be") if raw.startswith(b"\xfe\xff") else raw.decode("latin-1")


def pdf_form_fields(data: bytes) -> list[list[str]]:
    """The fields of a filled-in PDF form (AcroForm) by page: for each page (in the page tree's order), a line per
    widget annotation in its ``/Annots`` order, "name: value", the name being the field's ``/TU`` (the name a
    viewer shows) or else its ``/T``, the value its ``/V`` (a text or choice field's text, a check box's state:
    ``Yes`` or ``Off``), each looked up on the widget or on its ``/Parent``. Standard library only; objects are
    read where they stand, so a form whose objects are packed in compressed object streams is refused."""
    if b"/ObjStm" in data:
        raise LookupError("the form's objects are in compressed object streams")
    objects = {int(m[1]): m[3] for m in _PDF_OBJ.finditer(data)}

    def dictionary(number: int) -> bytes:
        body = objects[number]
        at = body.find(b"stream")
        return body if at < 0 else body[:at]

    def ref(d: bytes, key: bytes) -> int | None:
        m = re.search(rb"/" + key + rb"\s+(\d+)\s+0\s+R", d)
        return int(m[1]) if m else None

    def value(number: int, key: bytes, hops: int = 0) -> str | None:
        d = dictionary(number)
        m = re.search(rb"/" + key + rb"\s*(?=[(</])", d)
        if m:
            return _pdf_string(d, m.end())[0]
        parent = ref(d, b"Parent")
        return value(parent, key, hops + 1) if parent is not None and hops < 32 else None

    root = int(re.findall(rb"/Root\s+(\d+)\s+0\s+R", data)[-1])
    pages: list[int] = []

    def walk(number: int) -> None:
        d = dictionary(number)
        if re.search(rb"/Type\s*/Pages\b", d):
            for kid in re.findall(rb"(\d+)\s+0\s+R", re.search(rb"/Kids\s*\[([^\]]*)\]", d)[1]):
                walk(int(kid))
        else:
            pages.append(number)

    walk(ref(dictionary(root), b"Pages"))
    out = []
    for page in pages:
        annots = re.search(rb"/Annots\s*\[([^\]]*)\]", dictionary(page))
        lines = []
        for a in re.findall(rb"(\d+)\s+0\s+R", annots[1]) if annots else []:
            if b"/Widget" not in dictionary(int(a)):
                continue
            name = value(int(a), b"TU") or value(int(a), b"T") or ""
            lines.append(f"{name}: {value(int(a), b'V') or ''}")
        out.append(lines)
    return out


_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def docx_footnotes(path: Path) -> dict[str, str]:
    """The text of each footnote of a DOCX by its id (its paragraphs joined with a space); the separators Word
    keeps as footnotes -1 and 0 have none."""
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as z:
        if "word/footnotes.xml" not in z.namelist():
            return {}
        root = ET.fromstring(z.read("word/footnotes.xml"))
    notes = {}
    for note in root.iter(f"{_W}footnote"):
        paras = ("".join(t.text or "" for t in p.iter(f"{_W}t")).strip() for p in note.iter(f"{_W}p"))
        text = " ".join(t for t in paras if t)
        if text:
            notes[note.get(f"{_W}id")] = text
    return notes


def docx_comments(path: Path) -> dict[str, str]:
    """The text of each comment of a DOCX by its id, "author: text" (its paragraphs joined with a space)."""
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as z:
        if "word/comments.xml" not in z.namelist():
            return {}
        root = ET.fromstring(z.read("word/comments.xml"))
    out = {}
    for c in root.iter(f"{_W}comment"):
        paras = ("".join(t.text or "" for t in p.iter(f"{_W}t")).strip() for p in c.iter(f"{_W}p"))
        out[c.get(f"{_W}id")] = f"{c.get(f'{_W}author')}: " + " ".join(t for t in paras if t)
    return out


def docx_paragraph(p, notes: dict[str, str], comments: dict[str, str] | None = None) -> str:
    """A body paragraph's text as python-docx gives it (runs and hyperlinks), with the runs of tracked insertions
    (``w:ins``) and of a tracked move's new place (``w:moveTo``) in their place and tracked deletions (``w:del``,
    whose text is ``w:delText``) and a move's old place (``w:moveFrom``) left out: the text as it now reads. The
    text of each footnote it refers to follows it, after a space, in order; with ``comments``
    (``docx_comments``), then the comments it holds a reference to."""
    text = "".join(e.text for e in p.xpath("w:r | w:hyperlink | w:ins/w:r | w:moveTo/w:r"))
    refs = [r.get(f"{_W}id") for r in p.iter(f"{_W}footnoteReference")]
    said = [comments[r.get(f"{_W}id")] for r in p.iter(f"{_W}commentReference")] if comments else []
    return " ".join([text, *(notes[r] for r in refs if r in notes), *said])


def docx_lines(path: Path, comments: bool = False) -> list[str]:
    """One line per body paragraph, one per table row (cells joined with " | "); a paragraph's footnotes follow
    its text, tracked changes read as accepted. A content control at body level (Word's table of contents) holds
    no line, nor do the header, the footer and the comments; with ``comments``, the comments a paragraph refers to
    follow its text (a label tagged "comment": the answer is in a reviewer's comment on that paragraph)."""
    import docx
    from docx.table import Table

    d = docx.Document(str(path))
    notes = docx_footnotes(path)
    said = docx_comments(path) if comments else None
    out = []
    for child in d.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1] if isinstance(child.tag, str) else ""
        if tag == "p":
            out.append(docx_paragraph(child, notes, said))
        elif tag == "tbl":
            out += [" | ".join(c.text for c in row.cells) for row in Table(child, d).rows]
    return out


def docx_xml_lines(path: Path) -> list[str]:
    """A DOCX's body read with the standard library alone (zipfile and xml.etree), one line per body paragraph
    (the text of its ``w:t`` runs, hyperlinks' included, a ``w:tab`` as a tab) and one per table row (each cell's
    paragraphs joined with a newline, the cells with " | "). It knows nothing of tracked changes, notes or comments:
    it is for a document that has none, a Google Docs export (``docx-gdocs``), whose lines ``check`` reads both ways
    and finds the same, so its labels do not stand on python-docx alone."""
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as z:
        body = ET.fromstring(z.read("word/document.xml")).find(f"{_W}body")

    def text(p) -> str:  # a run's w:t and w:tab (a paragraph's tab stops, w:pPr/w:tabs/w:tab, are no text)
        return "".join(
            (e.text or "") if e.tag == f"{_W}t" else "\t"
            for r in p.iter(f"{_W}r")
            for e in r
            if e.tag in (f"{_W}t", f"{_W}tab")
        )

    out = []
    for child in body:
        if child.tag == f"{_W}p":
            out.append(text(child))
        elif child.tag == f"{_W}tbl":
            for row in child.iter(f"{_W}tr"):
                cells = ["\n".join(text(p) for p in tc.iter(f"{_W}p")) for tc in row.iter(f"{_W}tc")]
                out.append(" | ".join(cells))
    return out


def xlsx_sheet_rows(path: Path, number: int) -> dict[int, str]:
    """The non-empty rows of sheet ``number`` (1-based) by their row number, cells joined with " | "."""
    import openpyxl

    book = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
    try:
        ws = book.worksheets[number - 1]
        rows = {}
        for i, row in enumerate(ws.iter_rows(values_only=True), 1):
            cells = ["" if v is None else str(v) for v in row]
            if any(c.strip() for c in cells):
                rows[i] = " | ".join(cells)
        return rows
    finally:
        book.close()


def xls_sheet_rows(path: Path, number: int) -> dict[int, str]:
    """The non-empty rows of sheet ``number`` (1-based) of an Excel 97-2003 workbook (``.xls``, read with xlrd) by
    their row number, cells joined with " | " as ``xlsx_sheet_rows`` joins an XLSX's (empty cells after the last one
    left out): the values the workbook saved, a formula's its saved result, a whole number without ".0", a date as
    Python writes a datetime (``2027-04-06 00:00:00``), text as it is."""
    import xlrd

    book = xlrd.open_workbook(str(path))
    if not 1 <= number <= book.nsheets:
        raise LookupError(f"sheet {number} not in 1..{book.nsheets}")
    sheet = book.sheet_by_index(number - 1)

    def shown(cell) -> str:
        if cell.ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK):
            return ""
        if cell.ctype == xlrd.XL_CELL_DATE:
            return str(xlrd.xldate.xldate_as_datetime(cell.value, book.datemode))
        if cell.ctype == xlrd.XL_CELL_NUMBER:
            return str(int(cell.value)) if float(cell.value).is_integer() else str(cell.value)
        if cell.ctype == xlrd.XL_CELL_BOOLEAN:
            return str(bool(cell.value))
        if cell.ctype == xlrd.XL_CELL_ERROR:
            return xlrd.error_text_from_code.get(cell.value, "#ERROR")
        return str(cell.value)

    rows = {}
    for i in range(sheet.nrows):
        cells = [shown(c) for c in sheet.row(i)]
        while cells and not cells[-1].strip():
            cells.pop()
        if cells:
            rows[i + 1] = " | ".join(cells)
    return rows


def xls_sheet_count(path: Path) -> int:
    import xlrd

    return xlrd.open_workbook(str(path), on_demand=True).nsheets


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def _protobuf(data: bytes) -> dict[int, list]:
    """A protocol buffer message's fields by number, each a list of its values (an int for a varint, bytes for the
    rest), read without its schema."""
    out: dict[int, list] = {}
    at = 0
    while at < len(data):
        key, at = _varint(data, at)
        wire = key & 7
        if wire == 0:
            value, at = _varint(data, at)
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            value, at = data[at : at + size], at + size
        elif wire == 2:
            size, at = _varint(data, at)
            value, at = data[at : at + size], at + size
        else:
            raise ValueError(f"protocol buffer wire type {wire}")
        out.setdefault(key >> 3, []).append(value)
    return out


def _snappy(data: bytes) -> bytes:
    """A raw Snappy block decompressed: its length, then literals and copies."""
    size, at = _varint(data, 0)
    out = bytearray()
    while at < len(data):
        tag = data[at]
        at += 1
        if tag & 3 == 0:  # a literal
            n = tag >> 2
            if n >= 60:
                n, at = int.from_bytes(data[at : at + n - 59], "little"), at + n - 59
            out += data[at : at + n + 1]
            at += n + 1
            continue
        if tag & 3 == 1:
            length, offset, at = ((tag >> 2) & 7) + 4, ((tag >> 5) << 8) | data[at], at + 1
        elif tag & 3 == 2:
            length, offset, at = (tag >> 2) + 1, int.from_bytes(data[at : at + 2], "little"), at + 2
        else:
            length, offset, at = (tag >> 2) + 1, int.from_bytes(data[at : at + 4], "little"), at + 4
        for _ in range(length):
            out.append(out[-offset])
    if len(out) != size:
        raise ValueError("a Snappy block's length does not match")
    return bytes(out)


def _iwa_objects(data: bytes) -> dict[int, tuple[int, bytes]]:
    """An IWA file's objects by identifier, each (its first message's type, that message): the file is chunks of a
    zero byte, a 3-byte length and a raw Snappy block; joined, they are objects, each a length-prefixed ArchiveInfo
    (identifier 1, message infos 2: type 1, length 3) and then its messages."""
    raw, at = bytearray(), 0
    while at < len(data):
        if data[at] != 0:
            raise ValueError("an IWA chunk does not start with 0")
        size = int.from_bytes(data[at + 1 : at + 4], "little")
        raw += _snappy(data[at + 4 : at + 4 + size])
        at += 4 + size
    objects, at = {}, 0
    while at < len(raw):
        size, at = _varint(raw, at)
        info = _protobuf(raw[at : at + size])
        at += size
        messages = [_protobuf(m) for m in info.get(2, [])]
        first = at
        for m in messages:
            at += m[3][0]
        if messages:
            objects[info[1][0]] = (messages[0][1][0], raw[first : first + messages[0][3][0]])
    return objects


def numbers_tables(path: Path) -> list[tuple[str, dict[int, str]]]:
    """An Apple Numbers spreadsheet's (Numbers 10 and later) tables in order, sheet by sheet, each (its title
    "Sheet › Table", its non-empty rows by their number, cells joined with " | ", empty cells after the last one left
    out), read with zipfile, a Snappy decompressor, a protocol buffer reader and the cell storage's layout (field
    numbers from the iWork message definitions numbers-parser publishes): the document (type 1) lists its sheets (1),
    a sheet (2) its name (1) and drawables (2), a table's info (6000) its model (2), the model (6001) its name (8),
    columns (7) and data store (4): tiles (3: each tile's id 1 and object 2; the rows a tile holds, 2), strings (4) and
    formats (22). A tile (6002) holds its rows (5: the row in the tile 1, the cells' storage 6, their 16-bit offsets
    7, wide 8). A cell is shown as text as it is, a number as written (no ".0"), money with its currency's symbol and
    places (£17.00), a date as ``2027-06-15`` (with its time where it has one), a duration as ``0:45:00``, a boolean
    as True or False; a rich text cell is not read."""
    import datetime as dt
    from decimal import Decimal

    objects: dict[int, tuple[int, bytes]] = {}
    with zipfile.ZipFile(path) as z:
        for name in sorted(n for n in z.namelist() if n.startswith("Index/") and n.endswith(".iwa")):
            objects.update(_iwa_objects(z.read(name)))

    def ref(message: bytes, kind: int) -> dict[int, list]:
        ident = _protobuf(message)[1][0]
        if objects[ident][0] != kind:
            raise ValueError(f"object {ident} is not of type {kind}")
        return _protobuf(objects[ident][1])

    def data_list(store: dict[int, list], field: int) -> dict[int, dict[int, list]]:
        if field not in store:
            return {}
        entries = (_protobuf(e) for e in ref(store[field][0], 6005).get(3, []))
        return {e[1][0]: e for e in entries}

    def cell(storage: bytes, strings, formats) -> str:
        if storage[0] != 5:
            raise ValueError(f"cell storage version {storage[0]}")
        kind, flags, at = storage[1], int.from_bytes(storage[8:12], "little"), 12
        number = double = seconds = None
        if flags & 0x1:  # decimal128: a 14-bit exponent biased by 6176, a 113-bit coefficient
            raw = storage[at : at + 16]
            exponent = (((raw[15] & 0x7F) << 7) | (raw[14] >> 1)) - 6176
            coefficient = int.from_bytes(raw[:14], "little") | ((raw[14] & 1) << 112)
            number = Decimal(coefficient).scaleb(exponent) * (-1 if raw[15] & 0x80 else 1)
            at += 16
        if flags & 0x2:
            (double,) = struct.unpack_from("<d", storage, at)
            at += 8
        if flags & 0x4:
            (seconds,) = struct.unpack_from("<d", storage, at)
            at += 8
        ids = {}
        for bit in range(
            3, 20
        ):  # string, rich text, styles, formula, ..., number, currency, date formats, ...
            if flags & (1 << bit):
                ids[bit] = int.from_bytes(storage[at : at + 4], "little", signed=True)
                at += 4
        if kind == 0:  # an empty cell that keeps a style
            return ""
        if kind == 3:
            return strings[ids[3]][3][0].decode("utf-8")
        if kind in (2, 10) and number is not None:
            if kind == 10 or 14 in ids:
                form = _protobuf(formats[ids[14]][6][0])
                places, code = form.get(2, [2])[0], form[3][0].decode("ascii")
                symbol = {"GBP": "\u00a3", "USD": "$", "EUR": "\u20ac"}.get(code)
                amount = f"{abs(number):.{places}f}"
                return ("-" if number < 0 else "") + (f"{symbol}{amount}" if symbol else f"{amount} {code}")
            text = format(number.normalize(), "f")
            return text
        if kind == 5 and seconds is not None:
            when = dt.datetime(2001, 1, 1) + dt.timedelta(seconds=seconds)
            return str(when.date()) if when.time() == dt.time() else str(when)
        if kind == 6 and double is not None:
            return str(double > 0)
        if kind == 7 and double is not None:
            return str(dt.timedelta(seconds=double))
        raise ValueError(f"cell type {kind} not read")

    document = next(_protobuf(payload) for kind, payload in objects.values() if kind == 1)
    out = []
    for sheet_ref in document.get(1, []):
        sheet = ref(sheet_ref, 2)
        for drawable in sheet.get(2, []):
            if objects.get(_protobuf(drawable)[1][0], (0,))[0] != 6000:
                continue
            model = ref(ref(drawable, 6000)[2][0], 6001)
            columns = model[7][0]
            store = _protobuf(model[4][0])
            strings, formats = data_list(store, 4), data_list(store, 22)
            tiles = _protobuf(store[3][0])
            tile_rows = tiles.get(2, [256])[0]
            rows: dict[int, str] = {}
            for entry in (_protobuf(t) for t in tiles.get(1, [])):
                tile = ref(entry[2][0], 6002)
                for info in (_protobuf(r) for r in tile.get(5, [])):
                    storage, offsets = info[6][0], info[7][0]
                    wide = 4 if info.get(8, [0])[0] else 1
                    starts = [s for (s,) in struct.iter_unpack("<h", offsets)][:columns]
                    cells = []
                    for i, start in enumerate(starts):
                        if start < 0:
                            cells.append("")
                            continue
                        end = min([s * wide for s in starts[i + 1 :] if s >= 0] + [len(storage)])
                        cells.append(cell(storage[start * wide : end], strings, formats))
                    while cells and not cells[-1]:
                        cells.pop()
                    if cells:
                        rows[entry[1][0] * tile_rows + info[1][0] + 1] = " | ".join(cells)
            out.append(
                (
                    f"{sheet[1][0].decode('utf-8')} \u203a {model[8][0].decode('utf-8')}",
                    dict(sorted(rows.items())),
                )
            )
    return out


def doc_lines(path: Path) -> list[str]:
    """A Word 97-2003 document's (``.doc``) lines, read with olefile and the file's own structures ([MS-DOC]): the
    File Information Block is walked by its counts (``csw``, ``cslw``, ``cbRgFcLcb``) to the character counts of its
    stories and to the piece table (``fcClx``/``lcbClx``, the 34th pair of ``FibRgFcLcb97``), whose pieces give the
    text in character order, each 8-bit (Windows-1252) or UTF-16. The main text, then its footnotes (the running
    headers and footers are not read; comments, endnotes and text boxes follow the footnotes where a document has
    them): a line for each non-empty paragraph (``\\r``) and for each table row (its cells, each ended by
    ``\\x07``, joined with " | "; the row's own end mark ends the line); a field's code is left out and its result
    kept; a note's reference mark, a picture's and a drawing's characters are no text."""
    import struct

    import olefile

    with olefile.OleFileIO(str(path)) as ole:
        word = ole.openstream("WordDocument").read()
        flags = struct.unpack_from("<H", word, 0x0A)[0]
        table = ole.openstream("1Table" if flags & 0x0200 else "0Table").read()
    at = 0x20
    csw = struct.unpack_from("<H", word, at)[0]
    at += 2 + 2 * csw
    cslw = struct.unpack_from("<H", word, at)[0]
    longs = struct.unpack_from(f"<{cslw}i", word, at + 2)
    at += 2 + 4 * cslw
    pairs = struct.unpack_from("<H", word, at)[0]
    fc_lcb = struct.unpack_from(f"<{2 * pairs}I", word, at + 2)
    fc_clx, lcb_clx = fc_lcb[2 * 33], fc_lcb[2 * 33 + 1]
    # FibRgLw97: cbMac, two reserved, then ccpText, ccpFtn, ccpHdd, a reserved one, ccpAtn, ccpEdn, ccpTxbx, ...
    ccp_text, ccp_ftn, ccp_hdd, _, ccp_atn, ccp_edn, ccp_txbx = longs[3:10]
    clx = table[fc_clx : fc_clx + lcb_clx]
    i = 0
    while clx[i] == 0x01:  # a Prc: shared formatting, no text
        i += 3 + struct.unpack_from("<h", clx, i + 1)[0]
    assert clx[i] == 0x02, "no piece table"
    size = struct.unpack_from("<I", clx, i + 1)[0]
    plc = clx[i + 5 : i + 5 + size]
    n = (size - 4) // 12
    cps = struct.unpack_from(f"<{n + 1}I", plc)
    text = []
    for k in range(n):
        fc = struct.unpack_from("<I", plc, 4 * (n + 1) + 8 * k + 2)[0]
        count = cps[k + 1] - cps[k]
        if fc & 0x40000000:
            start = (fc & ~0x40000000) // 2
            text.append(word[start : start + count].decode("cp1252"))
        else:
            text.append(word[fc : fc + 2 * count].decode("utf-16-le"))
    chars = "".join(text)
    stories, at = [], 0
    for count, read in ((ccp_text, True), (ccp_ftn, True), (ccp_hdd, False), (ccp_atn, True), (ccp_edn, True),
                        (ccp_txbx, True)):  # fmt: skip
        if read:
            stories.append(chars[at : at + count])
        at += count
    lines: list[str] = []
    for story in stories:
        shown, fields = [], []  # a field is \x13 code \x14 result \x15: keep the result
        for ch in story:
            if ch == "\x13":
                fields.append("code")
            elif ch == "\x14" and fields:
                fields[-1] = "result"
            elif ch == "\x15" and fields:
                fields.pop()
            elif all(f == "result" for f in fields):
                shown.append(ch)
        cells: list[str] = []
        buf: list[str] = []
        prev = ""
        for ch in "".join(shown):
            if ch == "\x07":
                if not buf and prev == "\x07" and cells:  # the row's end mark, after its last cell's
                    lines.append(" | ".join(c for c in cells if c))
                    cells = []
                else:
                    cells.append("".join(buf).strip())
                    buf = []
            elif ch == "\r":
                lines.append("".join(buf).strip())
                buf = []
            elif ch in "\x01\x02\x03\x04\x05\x08\x1f":
                pass
            else:
                buf.append({"\x0b": " ", "\x0c": " ", "\x1e": "-", "\t": " "}.get(ch, ch))
            prev = ch
        if buf:
            lines.append("".join(buf).strip())
    return [line for line in lines if line]


def ods_sheet_rows(path: Path, number: int) -> dict[int, str]:
    """The non-empty rows of sheet ``number`` (1-based) of an OpenDocument spreadsheet by the row number the
    spreadsheet shows (rows repeated with ``table:number-rows-repeated`` counted), each the cells' displayed text
    (their ``text:p``, what LibreOffice shows for a number, date, currency or formula) joined with " | ", as
    ``xlsx_sheet_rows`` gives an XLSX's; a cell repeated with ``table:number-columns-repeated`` counts as that
    many cells, and trailing empty cells are left out."""
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as z:
        root = ET.fromstring(z.read("content.xml"))
    tables = list(root.iter(f"{_ODF_TABLE}table"))
    if not 1 <= number <= len(tables):
        raise LookupError(f"sheet {number} not in 1..{len(tables)}")
    rows: dict[int, str] = {}
    n = 0
    for row in tables[number - 1].iter(f"{_ODF_TABLE}table-row"):
        cells: list[str] = []
        for cell in row:
            if not isinstance(cell.tag, str) or not cell.tag.endswith(("}table-cell", "}covered-table-cell")):
                continue
            text = "\n".join("".join(p.itertext()) for p in cell.iter(f"{_ODF_TEXT}p"))
            repeat = int(cell.get(f"{_ODF_TABLE}number-columns-repeated", "1"))
            cells += [text] * (repeat if text else min(repeat, 64))  # empty cells run to the sheet's edge
        while cells and not cells[-1].strip():
            cells.pop()
        repeat = int(row.get(f"{_ODF_TABLE}number-rows-repeated", "1"))
        if cells:
            for k in range(1, repeat + 1):
                rows[n + k] = " | ".join(cells)
        n += repeat
    return rows


def ods_sheet_count(path: Path) -> int:
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as z:
        return len(list(ET.fromstring(z.read("content.xml")).iter(f"{_ODF_TABLE}table")))


def pptx_slide(path: Path, number: int) -> str:
    from pptx import Presentation

    slide = list(Presentation(str(path)).slides)[number - 1]
    parts = [s.text_frame.text for s in slide.shapes if s.has_text_frame]
    for s in slide.shapes:
        if getattr(s, "has_table", False) and s.has_table:
            parts += [" | ".join(c.text for c in row.cells) for row in s.table.rows]
    if slide.has_notes_slide:
        parts.append(slide.notes_slide.notes_text_frame.text)
    return "\n".join(parts)


class _HtmlText(HTMLParser):
    """The text of an HTML document as a reader shows it: a line per block (paragraph, table cell, list item,
    ``<br>``), the head, styles and scripts left out, entities decoded."""

    BLOCKS = set("p div br tr td th li ul ol table h1 h2 h3 h4 h5 h6".split())
    HIDDEN = {"head", "style", "script", "title"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_startendtag(self, tag, attrs) -> None:
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag) -> None:
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_text(src: str) -> str:
    parser = _HtmlText()
    parser.feed(src)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


# attached text files read after the body (a text/plain attachment is a plain-text part already; Alcove's mail
# reader reads these, text/plain and text/html attachments under "Attachment: name")
ATTACHED_TEXT_TYPES = ("text/csv", "text/markdown", "text/x-rst")


def message_text(msg) -> str:
    """Headers, then the plain-text body parts; a message with no plain-text part (an HTML-only newsletter) gives
    the text of its HTML parts instead. Then each attached CSV, Markdown or reStructuredText file, under
    "Attachment: name" (a plain-text attachment is one of the plain-text parts already)."""
    heads = [f"{h}: {msg[h]}" for h in ("Subject", "From", "To", "Cc", "Date") if msg[h]]

    def body(part) -> str:
        b = part.get_content() if hasattr(part, "get_content") else part.get_payload(decode=True)
        return b if isinstance(b, str) else b.decode("utf-8", "replace")

    parts = [p for p in msg.walk() if p.get_content_maintype() == "text"]
    bodies = [body(p) for p in parts if p.get_content_subtype() == "plain"]
    if not bodies:
        bodies = [html_text(body(p)) for p in parts if p.get_content_subtype() == "html"]
    attached = [
        f"Attachment: {p.get_filename() or p.get_content_type()}\n{body(p)}"
        for p in parts
        if p.get_content_type() in ATTACHED_TEXT_TYPES
    ]
    return "\n".join(heads + bodies + attached)


def mbox_message(path: Path, number: int) -> str:
    box = mailbox.mbox(
        str(path), factory=lambda f: email.message_from_binary_file(f, policy=email.policy.default)
    )
    try:
        return message_text(list(box)[number - 1])
    finally:
        box.close()


def eml_text(path: Path) -> str:
    return message_text(email.message_from_bytes(path.read_bytes(), policy=email.policy.default))


def emlx_text(path: Path) -> str:
    """An Apple Mail message (.emlx): a line with the message's length in bytes, the RFC 822 message, then an
    Apple property list (the message's flags and dates, not its text)."""
    first, _, rest = path.read_bytes().partition(b"\n")
    return message_text(email.message_from_bytes(rest[: int(first.strip())], policy=email.policy.default))


def epub_chapters(path: Path) -> list[str]:
    """The XHTML sources of the spine's documents, in reading order (chapter N is the N-th)."""
    import posixpath
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as z:
        container = ET.fromstring(z.read("META-INF/container.xml"))
        opf_path = next(e.get("full-path") for e in container.iter() if e.tag.endswith("rootfile"))
        opf = ET.fromstring(z.read(opf_path))
        items = {e.get("id"): e.get("href") for e in opf.iter() if e.tag.endswith("}item")}
        spine = [e.get("idref") for e in opf.iter() if e.tag.endswith("}itemref")]
        base = posixpath.dirname(opf_path)
        return [z.read(posixpath.join(base, items[i])).decode("utf-8") for i in spine]


_ODF_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_ODF_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_ODF_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"


def odt_lines(path: Path) -> list[str]:
    """One line per heading, paragraph (list items included) and table row (cells joined with " | "), in
    document order: the lines of an OpenDocument text as Alcove numbers them."""
    import xml.etree.ElementTree as ET

    with zipfile.ZipFile(path) as z:
        root = ET.fromstring(z.read("content.xml"))
    body = root.find(f"{_ODF_OFFICE}body")
    out: list[str] = []
    _odf_lines(body if body is not None else root, out, tab="\t")
    return [line.replace("\r", " ").replace("\n", " ") for line in out]


def _odf_text(node, tab: str) -> str:
    """A paragraph's text as Alcove reads it: ``text:s`` as its spaces, a tab as ``tab``, a line break a space, no
    footnotes."""
    tag = node.tag if isinstance(node.tag, str) else ""
    if tag == f"{_ODF_TEXT}s":
        return " " * int(node.get(f"{_ODF_TEXT}c") or 1)
    if tag == f"{_ODF_TEXT}tab":
        return tab
    if tag == f"{_ODF_TEXT}line-break":
        return " "
    if tag.endswith("}note"):  # footnotes are not part of the paragraph's text
        return ""
    return (node.text or "") + "".join(_odf_text(c, tab) + (c.tail or "") for c in node)


def _odf_lines(node, out: list[str], tab: str) -> None:
    """A line per heading and paragraph (list items included) and per table row (cells joined with " | ") under
    ``node``, in document order."""
    for child in node:
        tag = child.tag if isinstance(child.tag, str) else ""
        if tag in (f"{_ODF_TEXT}h", f"{_ODF_TEXT}p"):
            out.append(_odf_text(child, tab))
        elif tag == f"{_ODF_TABLE}table-row":
            out.append(" | ".join(_odf_text(c, tab) for c in child if c.tag.endswith("table-cell")))
        else:
            _odf_lines(child, out, tab)


_RTF_SKIP = {
    "fonttbl",
    "colortbl",
    "stylesheet",
    "info",
    "pict",
    "header",
    "footer",
    "listtable",
    "listoverridetable",
    "NeXTGraphic",
}
_RTF_TOKEN = re.compile(
    r"\\([a-zA-Z]+)(-?\d+)? ?|\\'([0-9a-fA-F]{2})|\\([^a-zA-Z'])|([{}])|([\r\n]+)|([^\\{}\r\n]+)"
)


def rtf_lines(path: Path) -> list[str]:
    """The plain text of an RTF file, a line per paragraph (\\par, \\line, and ``\\`` before a line end, which
    Cocoa's RTF writes for a paragraph): what a reader of the format shows. Header groups (fonts, colours, document
    info, lists), ignorable destinations (``{\\* ...}``) and an attachment's ``\\NeXTGraphic`` group (its file
    name) hold no text; the attachment character after that group (``¬``) stays, as its paragraph's text."""
    src = path.read_bytes().decode("latin-1")
    out: list[str] = []
    skip, stack, uc, pending = False, [], 1, 0
    for m in _RTF_TOKEN.finditer(src):
        word, arg, hexa, sym, brace, newline, chars = m.groups()
        if brace == "{":
            stack.append((skip, uc))
            continue
        if brace == "}":
            skip, uc = stack.pop() if stack else (False, 1)
            continue
        if newline:
            continue
        if pending and (chars or hexa):  # the fallback characters after a \\u
            if chars:
                n = min(pending, len(chars))
                chars, pending = chars[n:], pending - n
            else:
                pending -= 1
                continue
        if word is not None:
            if word in _RTF_SKIP:
                skip = True
            elif skip:
                pass
            elif word in ("par", "line"):
                out.append("\n")
            elif word == "tab":
                out.append("\t")
            elif word == "uc":
                uc = int(arg or 1)
            elif word == "u":
                out.append(chr(int(arg) % 65536))
                pending = uc
        elif sym is not None:
            if sym == "*":
                skip = True
            elif not skip and sym in "\r\n":  # "\\" and a line end: a paragraph (as Cocoa writes them)
                out.append("\n")
            elif not skip and sym in "\\{}":
                out.append(sym)
            elif not skip and sym == "~":
                out.append("\u00a0")
        elif hexa is not None and not skip:
            out.append(bytes([int(hexa, 16)]).decode("cp1252", "replace"))
        elif chars and not skip:
            out.append(chars)
    return "".join(out).split("\n")


def _field_text(text: str) -> str:
    """An Anki field as text: a line break for ``<br>`` and ``<div>``, other tags dropped, entities decoded (a
    cloze's ``{{c1::...}}`` and a ``[sound:...]`` left as written)."""
    text = re.sub(r"<br\s*/?>|</?div>", "\n", text, flags=re.I)
    return html.unescape(re.sub(r"<[^>]*>", "", text))


def apkg_notes(path: Path) -> list[str]:
    """An Anki deck package (``.apkg``, the legacy format: a zip holding ``collection.anki2``, an SQLite database of
    Anki's schema 11): a text per note, the notes ordered by ``notes.id`` (page N is the N-th). A note's text: the
    deck of its cards ("Deck: Parent::Child"), its note type, each field as "Name: text" (fields split at 0x1f, named
    by the note type's ``flds``; ``_field_text``) and its tags ("Tags: a b")."""
    import json
    import sqlite3

    with zipfile.ZipFile(path) as z:
        data = z.read("collection.anki2")
    db = sqlite3.connect(":memory:")
    try:
        db.deserialize(data)
        models_json, decks_json = db.execute("SELECT models, decks FROM col").fetchone()
        models, decks = json.loads(models_json), json.loads(decks_json)
        out = []
        for nid, mid, flds, tags in db.execute(
            "SELECT id, mid, flds, tags FROM notes ORDER BY id"
        ).fetchall():
            model = models[str(mid)]
            names = [f["name"] for f in sorted(model["flds"], key=lambda f: f["ord"])]
            dids = [
                r[0] for r in db.execute("SELECT DISTINCT did FROM cards WHERE nid = ? ORDER BY ord", (nid,))
            ]
            lines = [f"Deck: {decks[str(d)]['name']}" for d in dids] + [f"Note type: {model['name']}"]
            lines += [f"{n}: {_field_text(v)}" for n, v in zip(names, flds.split("\x1f"))]
            lines.append(f"Tags: {tags.strip()}")
            out.append("\n".join(lines))
        return out
    finally:
        db.close()


def xmind_sheets(path: Path) -> list[str]:
    """An XMind 2020 map (``.xmind``: a zip holding ``content.json``, a list of sheets): a text per sheet, in the
    list's order (page N is the N-th sheet). A sheet's text: its title, then each topic depth first from the root
    (attached children, then detached topics): its title, "Labels: ...", "Markers: ...", its plain notes and its link.
    ``content.xml``, which only tells an old XMind to update, is not read."""
    import json

    with zipfile.ZipFile(path) as z:
        sheets = json.loads(z.read("content.json"))
    out = []
    for sheet in sheets:
        lines = [sheet.get("title", "")]

        def walk(t: dict, lines: list[str]) -> None:
            lines.append(t.get("title", ""))
            if t.get("labels"):
                lines.append("Labels: " + ", ".join(t["labels"]))
            if t.get("markers"):
                lines.append("Markers: " + ", ".join(m["markerId"] for m in t["markers"]))
            notes = (t.get("notes") or {}).get("plain", {}).get("content")
            if notes:
                lines.append(notes)
            if t.get("href"):
                lines.append(t["href"])
            children = t.get("children") or {}
            for c in [*children.get("attached", []), *children.get("detached", [])]:
                walk(c, lines)

        walk(sheet["rootTopic"], lines)
        out.append("\n".join(lines))
    return out


PAPRIKA_FIELDS = (
    "name",
    "categories",
    "description",
    "ingredients",
    "directions",
    "notes",
    "servings",
    "prep_time",
    "cook_time",
    "total_time",
    "difficulty",
    "rating",
    "source",
    "source_url",
    "nutritional_info",
)


def paprika_recipes(path: Path, field: str | None = None) -> list[str]:
    """A Paprika recipe manager export (``.paprikarecipes``: a zip whose members are ``<name>.paprikarecipe``, each a
    gzip-compressed JSON object): a text per recipe, in the zip's member order (page N is the N-th member). A
    recipe's text: each of its fields as "key: value" (``PAPRIKA_FIELDS``, the categories joined by ", ", the rating
    a number); with ``field``, that field's "key: value" only. Photos, ids and hashes hold no text."""
    import gzip
    import json

    out = []
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            recipe = json.loads(gzip.decompress(z.read(name)))
            lines = []
            for key in PAPRIKA_FIELDS if field is None else (field,):
                value = recipe.get(key)
                if isinstance(value, list):
                    value = ", ".join(value)
                lines.append(f"{key}: {'' if value is None else value}")
            out.append("\n".join(lines))
    return out


def webarchive_text(path: Path) -> str:
    """A page Safari saved as a web archive (``.webarchive``): a property list whose ``WebMainResource`` holds the
    page's HTML (``WebResourceData``, in ``WebResourceTextEncodingName``); the text of that HTML, as
    ``html_text`` gives it. The subresources (stylesheet, images, scripts) hold no text of the page."""
    import plistlib

    main = plistlib.loads(path.read_bytes())["WebMainResource"]
    return html_text(main["WebResourceData"].decode(main.get("WebResourceTextEncodingName") or "utf-8"))


def mhtml_text(path: Path) -> str:
    """A page saved as MHTML ("Webpage, Single File"): the text of its first ``text/html`` part, quoted-printable
    decoded. Chrome gives that part no charset parameter (its HTML's ``<meta>`` says UTF-8), so UTF-8 is assumed
    where none is given."""
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    for part in msg.walk():
        if part.get_content_type() == "text/html":
            raw = part.get_payload(decode=True)
            return html_text(raw.decode(part.get_content_charset() or "utf-8", "replace"))
    raise LookupError("no text/html part")


def odp_slides(path: Path) -> list[str]:
    """The text of each slide of an OpenDocument presentation (slide N is the N-th ``draw:page``): a line per
    paragraph of its frames (titles, text boxes, list items), a table row a line (cells joined with " | "), then
    its speaker notes (the ``presentation:notes`` inside the page), in document order."""
    import xml.etree.ElementTree as ET

    draw = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
    with zipfile.ZipFile(path) as z:
        root = ET.fromstring(z.read("content.xml"))

    slides = []
    for page in root.iter(f"{draw}page"):
        lines: list[str] = []
        _odf_lines(page, lines, tab=" ")
        slides.append("\n".join(lines))
    return slides


def notebook_cells(path: Path) -> list[str]:
    """The text of each cell of a Jupyter notebook (cell N is the N-th): its source, then its outputs' text."""
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]

    def joined(value) -> str:
        return value if isinstance(value, str) else "".join(value or [])

    texts = []
    for cell in cells:
        parts = [joined(cell.get("source"))]
        for out in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            body = out.get("text") or (out.get("data") or {}).get("text/plain")
            if body:
                parts.append(joined(body))
        texts.append("\n".join(parts))
    return texts


def lines_of(text_lines: list[str], q: dict) -> str:
    lo, hi = q["line_start"], q["line_end"]
    if not 1 <= lo <= hi <= len(text_lines):
        raise LookupError(f"lines {lo}-{hi} not in 1..{len(text_lines)}")
    return "\n".join(text_lines[lo - 1 : hi])


def file_text(path: Path) -> str:
    """A text file's text; a gzipped one (a man page's troff source as Debian ships it, ``sources.list.5.gz``)
    read through gzip, so its lines are the decompressed source's."""
    import gzip

    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix.lower() == ".gz" else data).decode("utf-8")


def is_messenger(path: Path) -> bool:
    """A Messenger conversation from Facebook's "Download Your Information": ``messages/inbox/<thread>/message_N.json``."""
    return re.fullmatch(r"message_\d+\.json", path.name) is not None and "inbox" in path.parts


def messenger_lines(path: Path) -> list[str]:
    """The lines of a Messenger conversation's JSON, each JSON string on them decoded and Facebook's escaping undone
    (every UTF-8 byte written as a Latin-1 character: ``\\u00e2\\u0080\\u0099`` reads "’"); a ``timestamp_ms`` line
    gets its UTC date and time after it, a ``call_duration`` line its minutes and seconds."""
    import json

    def decode(m: re.Match) -> str:
        s = json.loads(m[0])
        try:
            return s.encode("latin-1").decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            return s

    out = []
    for line in file_text(path).split("\n"):
        line = re.sub(r'"(?:[^"\\]|\\.)*"', decode, line)
        if m := re.search(r"timestamp_ms: (\d+)", line):
            when = datetime.datetime.fromtimestamp(int(m[1]) / 1000, datetime.UTC)
            line += f" ({when:%A %-d %B %Y, %H:%M} UTC)"
        if m := re.search(r"call_duration: (\d+)", line):
            line += f" ({int(m[1]) // 60} min {int(m[1]) % 60} s)"
        out.append(line)
    return out


def rtfd_lines(path: Path) -> list[str]:
    """A TextEdit rich text bundle (``X.rtfd``, a folder): the lines of its ``TXT.rtf`` (``rtf_lines``); the
    pictures beside it hold no text."""
    return rtf_lines(path / "TXT.rtf")


def suffix_of(path: Path) -> str:
    """The file's type by its name; a gzipped file (``x.pdf.gz``) has the type of what it holds."""
    suffix = path.suffix.lower()
    return Path(path.stem).suffix.lower() if suffix == ".gz" else suffix


def drawn_pages(path: Path) -> list[str] | None:
    """The text drawn on a picture document (a screenshot, a scanned PDF's pages, a phone's photo of a page, a
    scanner's multi-page TIFF: page N its frame N), a page's text per page, as its generator drew it
    (``make_heldout16.drawn_text``, ``make_heldout17.drawn_text``, ``make_heldout19.drawn_text``, by file name; a
    picture in a Bear note's TextBundle, ``make_heldout23.drawn_text``, and a photo in a Day One export,
    ``make_heldout26.drawn_text``, have none); None for any other document. Alcove reads these by OCR, which may misread; the labels hold against what is on the image."""
    if path.suffix.lower() not in (".png", ".pdf", ".jpg", ".jpeg", ".tif", ".tiff"):
        return None
    return _drawn().get(path.name)


@functools.lru_cache(maxsize=1)
def _drawn() -> dict[str, list[str]]:
    from eval.realdocs import make_heldout16, make_heldout17, make_heldout19, make_heldout23, make_heldout26

    drawn = (make_heldout16, make_heldout17, make_heldout19, make_heldout23, make_heldout26)
    return {name: pages for made in drawn for name, pages in made.drawn_text().items()}


def unit_text(path: Path, q: dict) -> str:
    """The text of the labelled unit of ``q`` in the document at ``path``."""
    kind, suffix = q["kind"], suffix_of(path)
    if kind in PAGED and q.get("page") is None:
        raise LookupError(f"a {kind} label needs a page")
    drawn = drawn_pages(path)
    if drawn is not None:
        number = q.get("page") or 1
        if not 1 <= number <= len(drawn):
            raise LookupError(f"page {number} not in 1..{len(drawn)}")
        return drawn[number - 1]
    if suffix == ".pdf":
        return pdf_page(path, q["page"])
    if suffix in (".html", ".htm"):
        return lines_of(html_lines(path), q)
    if suffix == ".epub":
        chapters = epub_chapters(path)
        if not 1 <= q["page"] <= len(chapters):
            raise LookupError(f"chapter {q['page']} not in 1..{len(chapters)}")
        lines = html_source_lines(chapters[q["page"] - 1])
        return lines_of(lines, q) if q.get("line_start") else "\n".join(lines)
    if suffix == ".docx":
        return lines_of(docx_lines(path, comments="comment" in q.get("tags", [])), q)
    if suffix == ".doc":
        return lines_of(doc_lines(path), q)
    if suffix in (".xlsx", ".ods", ".xls", ".numbers"):
        if suffix == ".numbers":  # a page is a table, "Sheet › Table", in order
            found = numbers_tables(path)
            if not 1 <= q["page"] <= len(found):
                raise LookupError(f"table {q['page']} not in 1..{len(found)}")
            rows = found[q["page"] - 1][1]
        else:
            reader = {".xlsx": xlsx_sheet_rows, ".ods": ods_sheet_rows, ".xls": xls_sheet_rows}[suffix]
            rows = reader(path, q["page"])
        if q.get("row") is not None:
            if q["row"] not in rows:
                raise LookupError(f"row {q['row']} of sheet {q['page']} is empty or missing")
            return rows[q["row"]]
        return "\n".join(rows.values())
    if suffix == ".pptx":
        return pptx_slide(path, q["page"])
    if suffix == ".mbox":
        return mbox_message(path, q["page"])
    if suffix == ".eml":
        return eml_text(path)
    if suffix == ".emlx":
        return emlx_text(path)
    if suffix == ".odt":
        return lines_of(odt_lines(path), q)
    if suffix == ".rtf":
        return lines_of(rtf_lines(path), q)
    if suffix == ".rtfd":
        return lines_of(rtfd_lines(path), q)
    if suffix == ".webarchive":
        return webarchive_text(path)
    if suffix in (".mhtml", ".mht"):
        return mhtml_text(path)
    if suffix == ".odp":
        slides = odp_slides(path)
        if not 1 <= q["page"] <= len(slides):
            raise LookupError(f"slide {q['page']} not in 1..{len(slides)}")
        return slides[q["page"] - 1]
    if suffix in (".apkg", ".xmind"):  # a page is a note (by id) or a sheet (in content.json's order)
        units = apkg_notes(path) if suffix == ".apkg" else xmind_sheets(path)
        if not 1 <= q["page"] <= len(units):
            raise LookupError(
                f"{'note' if suffix == '.apkg' else 'sheet'} {q['page']} not in 1..{len(units)}"
            )
        return units[q["page"] - 1]
    if suffix == ".paprikarecipes":  # a page is a recipe (the zip's member order); "field" names its JSON key
        recipes = paprika_recipes(path, q.get("field"))
        if not 1 <= q["page"] <= len(recipes):
            raise LookupError(f"recipe {q['page']} not in 1..{len(recipes)}")
        return recipes[q["page"] - 1]
    if suffix == ".ipynb":
        cells = notebook_cells(path)
        if not 1 <= q["page"] <= len(cells):
            raise LookupError(f"cell {q['page']} not in 1..{len(cells)}")
        lines = cells[q["page"] - 1].split("\n")
        return lines_of(lines, q) if q.get("line_start") else "\n".join(lines)
    if is_messenger(path):
        return lines_of(messenger_lines(path), q)
    return lines_of(file_text(path).split("\n"), q)


def json_strings(text: str) -> list[str]:
    """Every string in a JSON document (keys and values), decoded; none when it is not JSON."""
    import json

    try:
        data = json.loads(text)
    except ValueError:
        return []
    out: list[str] = []

    def walk(value) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                out.append(key)
                walk(item)

    walk(data)
    return out


def xml_strings(text: str) -> list[str]:
    """The text and the attribute values of every element of an XML document, its entities and character references
    decoded; none when it is not well-formed."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError:
        return []
    return [v for e in root.iter() for v in (e.text, e.tail, *e.attrib.values()) if v and v.strip()]


def whole_text(path: Path) -> str:
    """All the text of a document, for the absent-terms check: a JSON or XML file's text as written and then its
    strings decoded (``json_strings``, ``xml_strings``)."""
    suffix = suffix_of(path)
    drawn = drawn_pages(path)
    if drawn is not None:
        return "\n".join(drawn)
    if suffix == ".pdf":
        return pdf_all(path)
    if suffix in (".html", ".htm"):
        return "\n".join(html_lines(path))
    if suffix == ".epub":
        return "\n".join("\n".join(html_source_lines(c)) for c in epub_chapters(path))
    if suffix == ".docx":
        return "\n".join(docx_lines(path, comments=True))
    if suffix == ".xlsx":
        import openpyxl

        n = len(openpyxl.load_workbook(str(path), read_only=True).sheetnames)
        return "\n".join("\n".join(xlsx_sheet_rows(path, i).values()) for i in range(1, n + 1))
    if suffix == ".xls":
        return "\n".join(
            "\n".join(xls_sheet_rows(path, i).values()) for i in range(1, xls_sheet_count(path) + 1)
        )
    if suffix == ".doc":
        return "\n".join(doc_lines(path))
    if suffix == ".numbers":
        return "\n".join(f"{title}\n" + "\n".join(rows.values()) for title, rows in numbers_tables(path))
    if suffix == ".ods":
        n = ods_sheet_count(path)
        return "\n".join("\n".join(ods_sheet_rows(path, i).values()) for i in range(1, n + 1))
    if suffix == ".pptx":
        from pptx import Presentation

        n = len(Presentation(str(path)).slides)
        return "\n".join(pptx_slide(path, i) for i in range(1, n + 1))
    if suffix == ".mbox":
        box = mailbox.mbox(str(path))
        n = len(box)
        box.close()
        return "\n".join(mbox_message(path, i) for i in range(1, n + 1))
    if suffix == ".eml":
        return eml_text(path)
    if suffix == ".emlx":
        return emlx_text(path)
    if suffix == ".odt":
        return "\n".join(odt_lines(path))
    if suffix == ".rtf":
        return "\n".join(rtf_lines(path))
    if suffix == ".rtfd":
        return "\n".join(rtfd_lines(path))
    if suffix == ".webarchive":
        return webarchive_text(path)
    if suffix in (".mhtml", ".mht"):
        return mhtml_text(path)
    if suffix == ".odp":
        return "\n".join(odp_slides(path))
    if suffix == ".ipynb":
        return "\n".join(notebook_cells(path))
    if suffix == ".apkg":
        return "\n".join(apkg_notes(path))
    if suffix == ".xmind":
        return "\n".join(xmind_sheets(path))
    if suffix == ".paprikarecipes":
        return "\n".join(paprika_recipes(path))
    if is_messenger(path):  # the strings decoded, Facebook's Latin-1 escaping undone
        return "\n".join(messenger_lines(path))
    text = file_text(path)
    if suffix in (".json", ".canvas"):  # an Obsidian canvas is JSON: a card's "\\n" a line break
        return "\n".join([text, *json_strings(text)])
    if suffix in (
        ".xml",
        ".opml",
        ".scrivx",
        ".fdx",
        ".kml",
        ".tcx",
        ".mm",
    ):  # an OPML outline's notes are attributes: "&#10;" a line break; a KML map's "B&amp;B" reads "B&B"
        return "\n".join([text, *xml_strings(text)])
    return text


def copied_run(query: str, text: str, n: int = 8) -> str | None:
    """A run of ``n`` words the question shares with the text, or None."""
    words = re.findall(r"\w+", flat(query))
    hay = " ".join(re.findall(r"\w+", flat(text)))
    for i in range(len(words) - n + 1):
        run = " ".join(words[i : i + n])
        if f" {run} " in f" {hay} ":
            return run
    return None


def check(part: str = "all", committed_only: bool = False) -> list[str]:
    """Every problem found, as one line each; empty when the sets hold."""
    problems: list[str] = []
    docs = {d["path"]: d for d in documents("all")}
    parts = [p for p in (PARTS if part == "all" else (part,)) if (HERE / SETS[p][0]).is_file()]
    seen: set[str] = set()
    for p in parts:  # a Google Docs export reads the same with python-docx and with the standard library
        for d in documents(p):
            if d["kind"] == "docx-gdocs" and source_of(d).exists():
                if docx_lines(source_of(d)) != docx_xml_lines(source_of(d)):
                    problems.append(f"{d['path']}: python-docx and the XML read different lines")
    for p in parts:
        answerable, unanswerable = load(p)
        for q in answerable + unanswerable:
            if q["id"] in seen:
                problems.append(f"{q['id']}: duplicate id")
            seen.add(q["id"])
        for q in answerable:
            d = docs.get(q["path"])
            if d is None:
                problems.append(f"{q['id']}: {q['path']} is not in documents.json")
                continue
            if committed_only and "package" in d:
                continue
            if d["part"] != p:
                problems.append(f"{q['id']}: {q['path']} belongs to part {d['part']}, the question to {p}")
            if d["kind"] != q["kind"]:
                problems.append(f"{q['id']}: kind {q['kind']} but the document is {d['kind']}")
            src = source_of(d)
            if not src.exists():  # a file, or a bundle (a folder that is one document: X.rtfd)
                problems.append(
                    f"{q['id']}: {src} is missing" + (f" (install {d['package']})" if "package" in d else "")
                )
                continue
            try:
                unit = unit_text(src, q)
            except (LookupError, KeyError, IndexError, ValueError) as exc:
                problems.append(f"{q['id']}: the labelled place cannot be read ({exc})")
                continue
            if not answer_found(q, unit):
                problems.append(
                    f"{q['id']}: answer {q['answer']!r} (or alternatives/all_of) not in the labelled unit"
                )
            for place in q.get("also", []):
                try:
                    if not answer_found(q, unit_text(src, {**q, **place})):
                        problems.append(f"{q['id']}: answer not at its other place {place}")
                except (LookupError, KeyError, IndexError, ValueError) as exc:
                    problems.append(f"{q['id']}: its other place {place} cannot be read ({exc})")
            evs = q.get("evidence", [])
            for ev in [evs] if isinstance(evs, str) else evs:
                if flat(ev) not in flat(unit):
                    problems.append(f"{q['id']}: evidence {ev[:40]!r} not in the labelled unit")
            if "quote" in q:
                text = src.read_text(encoding="utf-8")
                at = text.find(q["quote"])
                if at < 0 or text.find(q["quote"], at + 1) >= 0:
                    problems.append(f"{q['id']}: quote does not occur exactly once")
                elif (text.count("\n", 0, at) + 1, text.count("\n", 0, at + len(q["quote"])) + 1) != (
                    q["line_start"],
                    q["line_end"],
                ):
                    problems.append(f"{q['id']}: quote is not at lines {q['line_start']}-{q['line_end']}")
            run = copied_run(q["query"], unit)
            if run:
                problems.append(f"{q['id']}: the question copies the document ({run!r})")
    # unanswerable: key terms in no document of the question's part or an earlier one, whole words
    checked = [d for d in documents("all") if not (committed_only and "package" in d)]
    texts = {d["path"]: flat(whole_text(source_of(d))) for d in checked if source_of(d).exists()}
    order = {name: i for i, name in enumerate(PARTS)}
    for p in parts:
        known = {d["path"] for d in checked if order[d["part"]] <= order[p]}
        for q in load(p)[1]:
            if q["kind"] not in ("near-topic", "missing-term"):
                problems.append(f"{q['id']}: unanswerable kind must be near-topic or missing-term")
            if q["kind"] == "missing-term" and not q.get("absent_terms"):
                problems.append(f"{q['id']}: a missing-term question names its absent terms")
            if not q.get("absent_terms") and not q.get("why"):
                problems.append(f"{q['id']}: a question with no absent terms says why it is unanswerable")
            for term in q.get("absent_terms", []):
                pat = re.compile(r"(?<!\w)" + re.escape(flat(term)) + r"(?!\w)")
                hits = [path for path, t in texts.items() if path in known and pat.search(t)]
                if hits:
                    problems.append(f"{q['id']}: absent term {term!r} occurs in {hits[0]}")
    return problems


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=(*PARTS, "all"), default="all")
    ap.add_argument("--committed-only", action="store_true")
    args = ap.parse_args()
    problems = check(args.part, args.committed_only)
    for line in problems:
        sys.stdout.write(line + "\n")
    parts = [p for p in (PARTS if args.part == "all" else (args.part,)) if (HERE / SETS[p][0]).is_file()]
    n = sum(len(a) + len(u) for a, u in (load(p) for p in parts))
    sys.stderr.write(f"{n} questions checked, {len(problems)} problem(s)\n")
    raise SystemExit(1 if problems else 0)


if __name__ == "__main__":
    main()
