"""Text with exact locations from the files a user indexes.

``extract(path, data)`` returns an ``Extracted`` document made of ``Page`` objects. Every page holds a *location
text* and the blocks (paragraphs, headings) as character spans into it, so any span can be turned back into a
place in the file:

- plain text, Markdown, reStructuredText, source code, CSV: the location text IS the decoded file; lines and
  character offsets are the file's own (1-based lines, 0-based characters).
- HTML: the location text is the visible text; ``Page.anchors`` map it back to source lines and characters.
- PDF: one page per PDF page (1-based page numbers); the page's text is its visual lines as a reader sees them
  (``readers.pdf_blocks``: hyphens joined, accents composed, blocks apart by blank lines, running headers and
  contents pages in no block), from PDFium's text layer (pypdf for files PDFium cannot open: ``readers.pdf``).
  "Line N" is the N-th line of text on the page: blank lines are not counted (``Page.text_lines_only``);
  characters index the page's text.
- DOCX: the paragraphs joined by newlines; a "line" is a paragraph number.
- EPUB (a page per chapter), e-mail (a page per message), PPTX and Keynote (a page per slide), Pages (the body
  and text boxes, a line per paragraph), XLSX (a page per sheet, a line
  per row), ODT, RTF, notebooks (a page per cell): see ``engine.index.readers``.
- gzip-compressed files of any of these types (``notes.txt.gz``, ``changelog.Debian.gz``): as the inner file.
- Images and PDF pages without a text layer: read by OCR (``engine.index.readers.ocr``); lines are visual lines.

Failures raise ``ExtractError`` whose message is the reason shown in the index summary. Whatever else a reader
raises on a hostile file (a ValueError deep in a library, a RecursionError, a MemoryError) becomes an
``ExtractError`` naming it too: one file is skipped with its reason, the run goes on.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from engine.index.bounds import BudgetExceeded, ExtractCancelled, charge, no_check, read_gzip, short_reason
from engine.index.comment_config import comment_paragraphs, is_comment_config
from engine.index.config_paths import config_kind, path_changes
from engine.index.document import (
    Extracted,
    ExtractError,
    Page,
    entry_blocks,
    line_blocks,
    looks_binary,
    paragraph_blocks,
)

# the file types by name live in engine.index.file_types; imported here, where callers have long found them
from engine.index.file_types import (  # noqa: F401 - re-exported
    BINARY_EXTENSIONS,
    DOC_EXTENSIONS,
    MAN_SECTION_SUFFIX,
    PLAIN_NAMES,
    RICH_EXTENSIONS,
    STORED_AS,
    TEXT_EXTENSIONS,
    check_file_types,
    file_type_for,
    stored_type,
    stored_types,
)
from engine.index.joplin import joplin_item
from engine.index.markup import (
    MAN_HEADER,
    asciidoc_blocks,
    clipping_blocks,
    is_outline,
    man_blocks,
    markdown_blocks,
    outline_blocks,
    rst_blocks,
)
from engine.index.paged_text import blank_furniture
from engine.index.pod import blank_pod, is_pod, pod_blocks
from engine.index.readers import (
    extract_bibtex,
    extract_docx,
    extract_eml,
    extract_enex,
    extract_epub,
    extract_feed,
    extract_gpx,
    extract_html,
    extract_iwork,
    extract_mbox,
    extract_mhtml,
    extract_notebook,
    extract_numbers,
    extract_odp,
    extract_ods,
    extract_odt,
    extract_pdf,
    extract_pptx,
    extract_rtf,
    extract_statement,
    extract_subtitles,
    extract_vobjects,
    extract_webarchive,
    extract_xls,
    extract_xlsx,
    image_pages,
    is_feed,
    ocr_pdf_pages,
    pdfium_pages,
    read_messages,
)
from engine.index.readers.abc import read_abc
from engine.index.readers.anki import extract_apkg
from engine.index.readers.bookmarks import is_bookmarks, read_bookmarks
from engine.index.readers.canvas import read_canvas
from engine.index.readers.dep5 import is_dep5, read_dep5
from engine.index.readers.finaldraft import read_screenplay
from engine.index.readers.freeplane import is_mind_map, read_freeplane
from engine.index.readers.gedcom import read_gedcom
from engine.index.readers.geojson import read_geojson_file
from engine.index.readers.health import is_health_export, read_health
from engine.index.readers.json_exports import read_json_export
from engine.index.readers.kml import read_kml
from engine.index.readers.ledger import read_ledger
from engine.index.readers.opml import read_opml
from engine.index.readers.paprika import extract_paprika
from engine.index.readers.pgn import read_pgn
from engine.index.readers.powerpoint97 import extract_ppt
from engine.index.readers.ris import extract_ris
from engine.index.readers.scrivener import binder_trail, read_binder
from engine.index.readers.tcx import read_tcx
from engine.index.readers.telegram_html import is_telegram_html, read_telegram_html
from engine.index.readers.todo import is_todo_list, read_todo
from engine.index.readers.worddoc import extract_doc
from engine.index.readers.xmind import extract_xmind
from engine.index.shortcodes import blank_shortcodes
from engine.index.tables import csv_header, delimiter_for
from engine.index.taskpaper import is_taskpaper, taskpaper_blocks
from engine.index.troff import is_troff, render_troff, troff_blocks
from engine.index.vim_help import blank_help_marks, help_blocks, is_vim_help
from engine.index.wikilinks import resolve_wikilinks

# the readers that write a text file's contents in words (engine.index.readers.anchored), by file type
_IN_WORDS = {"subtitles": extract_subtitles, "calendar": extract_vobjects, "contacts": extract_vobjects,
             "gpx": extract_gpx, "feed": extract_feed, "evernote": extract_enex,
             "bibtex": extract_bibtex, "statement": extract_statement, "screenplay": read_screenplay,
             "outline": read_opml, "scrivener": read_binder, "gedcom": read_gedcom, "ris": extract_ris,
             "canvas": read_canvas,
             "ledger": read_ledger, "chess": read_pgn, "kml": read_kml, "tcx": read_tcx, "abc": read_abc,
             "todo": read_todo, "copyright": read_dep5, "geojson": read_geojson_file}  # fmt: skip
# readers whose page text is not the file's own characters: Page.anchors map it back to the file's lines
# (a DOCX's, where a table laid out for the page holds paragraphs: engine.index.readers.word)
# (a chat's or a phone's messages: engine.index.readers.messages, read in words too)
ANCHORED_TYPES = frozenset(
    {"html", "docx", "messages", "note", "bookmarks", "mindmap", "geojson", "csl", "health", *_IN_WORDS}
)
# readers that write one record a paragraph (a calendar's event, a contact's card, a track's waypoint), each a chunk
# shown whole in an answer (a family tree's person is a chunk of its own too, but not shown whole: each of its
# sentences names the person, and a life is longer than a card)
RECORD_TYPES = frozenset({"calendar", "contacts", "gpx", "kml", "geojson", "feed", "bibtex", "ris", "csl"})
TROFF_NOTE = "read as man shows a manual page's troff source"  # Extracted.notes: the viewer wraps its lines


OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an OLE compound file's first bytes (.doc, .xls, .ppt)
# Office 97-2003 files, read as their XML successors are (a page's lines, a sheet's rows, a slide's text)
OFFICE_97 = (".doc", ".xls", ".ppt")


def decode_text(data: bytes) -> tuple[str, str | None]:
    """Decode bytes in any encoding; returns (text, encoding used when it was not UTF-8)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), None
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    matches = from_bytes(data[: 4 << 20])
    best = matches.best()
    if best is not None:  # on a tie, prefer the most common Western code page
        ties = [m for m in matches if (m.chaos, m.coherence) == (best.chaos, best.coherence)]
        best = next((m for m in ties if m.encoding in ("cp1252", "latin_1", "iso8859_15")), best)
    if best is not None and best.encoding not in ("utf_8", "utf-8"):
        try:
            return data.decode(best.encoding), best.encoding
        except (UnicodeDecodeError, LookupError):
            pass
    text = data.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")
    if bad > max(8, len(text) // 100):
        raise ExtractError("The file is not valid text in any encoding Alcove recognises.")
    return text, "utf-8 (invalid bytes replaced)"


def extract(
    path: Path,
    data: bytes,
    file_type: str | None = None,
    check: Callable[[], None] = no_check,
    *,
    ocr: bool = True,
) -> Extracted:
    """Extract ``data`` (the bytes of ``path``) as ``file_type`` (default: from the name, else sniffed).

    ``check`` (see ``engine.index.bounds.Deadline``) is called between pages and pieces of work; ``ocr``: read
    images and PDF pages without a text layer by OCR; when False they raise ``OcrOff``. Raises ExtractError (a
    BudgetExceeded for a spent budget or memory that ran out) or ExtractCancelled, nothing else."""
    file_type = file_type or file_type_for(path) or "text"
    try:
        return _in_project(path, _extract(path, data, file_type, check, ocr))
    except (ExtractError, ExtractCancelled):
        raise
    except RecursionError as exc:
        raise ExtractError(
            f"The {_kind(file_type)} is nested too deeply to read (structures inside structures, hundreds of "
            "levels deep)."
        ) from exc
    except MemoryError as exc:  # not remembered as a bad file: with more memory free it may be read
        raise BudgetExceeded(
            f"Reading the {_kind(file_type)} ran out of memory; it was skipped so the rest of the run could go on."
        ) from exc
    except Exception as exc:  # noqa: BLE001 - a reader library's error on a malformed file
        raise ExtractError(f"The {_kind(file_type)} could not be read ({short_reason(exc)}).") from exc


def _in_project(path: Path, doc: Extracted) -> Extracted:
    """A Scrivener project's text, notes or synopsis under its place in the binder (``readers.scrivener``)."""
    if ".scriv" not in str(path).lower() or not doc.pages:
        return doc
    trail = binder_trail(path)
    if trail is None:
        return doc
    pages = tuple(replace(p, trails=((0, trail), *((o, f"{trail} › {t}") for o, t in p.trails if o > 0)))
                  for p in doc.pages)  # fmt: skip
    return replace(doc, pages=pages)


def _kind(file_type: str) -> str:
    names = {"pdf": "PDF", "docx": "DOCX file", "epub": "EPUB file", "pptx": "PPTX file", "xlsx": "XLSX file",
             "ods": "ODS file", "odt": "ODT file", "email": "e-mail", "emlx": "e-mail", "mbox": "mailbox", "rtf": "RTF file",
             "notebook": "notebook", "image": "image", "html": "HTML file",
             "subtitles": "subtitle file", "calendar": "calendar file", "contacts": "contacts file",
             "gpx": "GPS track", "feed": "feed", "evernote": "Evernote export", "odp": "ODP file",
             "webarchive": "web archive", "mhtml": "saved web page", "bibtex": "BibTeX library",
             "pages": "Pages document", "keynote": "Keynote presentation", "messages": "messages file",
             "statement": "bank statement", "screenplay": "screenplay", "outline": "OPML outline",
             "scrivener": "Scrivener binder", "gedcom": "family tree",
             "flashcards": "Anki deck", "mindmap": "mind map", "ris": "RIS library", "canvas": "canvas",
             "bookmarks": "bookmarks file",
             "ledger": "ledger", "recipes": "Paprika export", "chess": "chess games file", "kml": "KML map",
             "tcx": "workout file", "abc": "tune book", "todo": "task list",
             "copyright": "copyright file", "geojson": "GeoJSON map",
             "csl": "CSL JSON library", "health": "Health export"}  # fmt: skip
    return names.get(file_type, "file")


def _extract(path: Path, data: bytes, file_type: str, check: Callable[[], None], ocr: bool) -> Extracted:
    if not data:
        raise ExtractError("The file is empty (0 bytes).")
    if path.suffix.lower() == ".gz" and file_type != "binary":
        if data[:2] != b"\x1f\x8b":
            raise ExtractError("The file is named .gz but is not gzip-compressed.")
        doc = extract(Path(path.stem), read_gzip(data, check=check), file_type, check, ocr=ocr)
        return Extracted(doc.file_type, doc.pages, doc.encoding, (*doc.notes, "decompressed from gzip"))
    if (
        path.suffix.lower() in OFFICE_97
        and file_type in ("docx", "xlsx", "pptx")
        and not data.startswith(OLE_MAGIC)
    ):
        # a newer file under the old name (read as what it is), or a web app's "Word" or "Excel" export that is RTF,
        # an HTML page or tab-separated text
        if data.startswith(b"PK\x03\x04"):
            path = path.with_suffix(path.suffix + "x")
        elif data.lstrip()[:5] == b"{\\rtf":
            file_type = "rtf"
        elif re.search(rb"(?i)<(?:html|table|body)\b", data[:4096]):
            file_type = "html"
        else:
            file_type = "csv" if path.suffix.lower() == ".xls" else "text"
    rich = _extract_rich(path, data, file_type, ocr, check)
    if rich is not None:
        for page in rich.pages:
            charge(check, page_bytes(page))
        return rich
    if file_type == "binary" or looks_binary(data):
        raise ExtractError(
            "The file is binary, not text"
            + (f" (despite its {path.suffix} name)." if file_type != "binary" and path.suffix else ".")
        )
    text, encoding = decode_text(data)
    charge(check, sys.getsizeof(text))
    notes = (f"decoded as {encoding}",) if encoding else ()
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if file_type == "html" and is_bookmarks(text):  # a browser's exported bookmarks, in words
        page = read_bookmarks(text, check)
        if page is not None:
            charge(check, page_bytes(page))
            return Extracted("bookmarks", (page,), encoding, notes)
    if file_type == "html" and is_telegram_html(text):  # a chat Telegram Desktop exported as HTML
        page = read_telegram_html(text, check)
        if page is not None:
            charge(check, page_bytes(page))
            return Extracted("messages", (page,), encoding, notes)
    if file_type == "html":
        return Extracted("html", (extract_html(text, check),), encoding, notes)
    # a configuration file under a name Alcove does not know (login.defs, adduser.conf): read as code, so its "#"
    # comments read as the prose they are and a setting with the comment over it
    commented = file_type == "text" and file_type_for(path) is None and is_comment_config(text)
    if commented:
        file_type = "code"
    # a todo.txt list: a task a line in words (engine.index.readers.todo)
    if file_type == "text" and is_todo_list(path, text):
        file_type = "todo"
    # Debian's machine-readable copyright file: its stanzas in words (engine.index.readers.dep5)
    if file_type == "text" and is_dep5(text):
        file_type = "copyright"
    # a Freeplane or FreeMind map (.mm, a name Objective-C++ source has too): its nodes in words
    if file_type == "code" and path.suffix.lower() == ".mm" and is_mind_map(text):
        page = read_freeplane(text, check)
        charge(check, page_bytes(page))
        return Extracted("mindmap", (page,), encoding, notes)
    # Apple Health's export.xml: a day at a time in words (engine.index.readers.health)
    if file_type == "code" and path.suffix.lower() == ".xml" and is_health_export(text):
        page = read_health(text, check)
        if page is not None:
            charge(check, page_bytes(page))
            return Extracted("health", (page,), encoding, notes)
    # a podcast's or a blog's feed saved as .xml: read as a feed (engine.index.readers.feeds)
    if file_type == "code" and path.suffix.lower() == ".xml" and is_feed(text):
        file_type = "feed"
    # a chat exported by Telegram, a phone's messages backed up as XML: read a message a line
    # (engine.index.readers.messages), anchored to the file's lines
    messages = read_messages(text, path.suffix.lower(), check) if file_type == "code" else None
    if messages is None and file_type == "code" and path.suffix.lower() == ".json":
        export = read_json_export(text, path, check)  # an app's export read in words (engine.index.readers)
        if export is not None:
            charge(check, page_bytes(export[1]))
            return Extracted(export[0], (export[1],), encoding, notes)
    if messages is not None:
        charge(check, page_bytes(messages))
        return Extracted("messages", (messages,), encoding, notes)
    reader = _IN_WORDS.get(file_type)
    if reader is not None:  # a text written in words, anchored to the file's lines: charged as it is held
        page = reader(text, check)
        charge(check, page_bytes(page))
        return Extracted(file_type, (page,), encoding, notes)
    if not text.strip():
        raise ExtractError("The file contains only whitespace.")
    anchors: tuple[tuple[int, ...], ...] = ()
    # a manual page's troff source as man shows it (engine.index.troff), a line for each of its lines
    troff = file_type == "text" and is_troff(
        text, MAN_SECTION_SUFFIX.fullmatch(path.suffix.lower()) is not None
    )
    if troff:
        text, heads, examples = render_troff(text)
        notes = (*notes, TROFF_NOTE)
    # a paged text's running headers and footers as spaces: in no paragraph (engine.index.paged_text)
    elif file_type == "text" and not is_taskpaper(path):
        text = blank_furniture(text)
    if troff:
        blocks = troff_blocks(text, heads, examples)
    elif file_type == "markdown":
        text = blank_shortcodes(text)  # a static site's {{< figure caption="..." >}}: what the page shows
        text, anchors = resolve_wikilinks(text, path, check)  # [[Note]] -> words naming its title
        # a Joplin export's item: its properties blanked, its title the top heading (engine.index.joplin)
        joplin = joplin_item(text, str(path.parent))
        title = None
        if joplin is not None:
            text, title = joplin
        blocks = markdown_blocks(text, title)
    elif file_type == "rst":
        blocks = rst_blocks(text)
    elif file_type == "asciidoc":
        blocks = asciidoc_blocks(text)
    elif commented:
        blocks = comment_paragraphs(text)  # its comments' paragraphs apart, as their "#" lines part them
    elif file_type == "csv":
        blocks = line_blocks(text, csv_header(text, delimiter_for(str(path))), kind="row")
    elif file_type == "text" and is_pod(text, path.suffix.lower() == ".pod"):
        text, original = blank_pod(text), text  # Perl's POD, its marks blanked (engine.index.pod)
        blocks = pod_blocks(original, text)
    elif file_type == "text" and is_vim_help(
        text
    ):  # a Vim help file, its marks blanked (engine.index.vim_help)
        text, original = blank_help_marks(text), text
        blocks = help_blocks(original, text)
    elif file_type == "text" and is_taskpaper(path):
        blocks = taskpaper_blocks(text)  # a task list's projects, tasks and notes (engine.index.taskpaper)
    elif file_type == "text" and is_outline(path, text):
        blocks = outline_blocks(text, org=path.suffix.lower() == ".org")
    elif file_type == "text" and MAN_HEADER.match(text.lstrip("\n")):
        blocks = man_blocks(text)
    elif file_type == "text" and (entries := entry_blocks(text)) is not None:
        blocks = entries  # a log's entries, a chat export's messages
    elif file_type == "text" and (clippings := clipping_blocks(text)) is not None:
        blocks = clippings  # a Kindle's highlights and notes
    else:
        blocks = paragraph_blocks(text)
    charge(check, BLOCK_BYTES * len(blocks))
    # a settings file's chunk is headed by the keys it sits under
    config = config_kind(path) if file_type == "code" else None
    trails = path_changes(text, config) if config else ()
    return Extracted(file_type, (Page(text, tuple(blocks), anchors=anchors, trails=trails),), encoding, notes)


BLOCK_BYTES = 176  # a Block (a frozen dataclass of three ints, measured with tracemalloc) and its slots


def page_bytes(page: Page) -> int:
    """What a page holds in memory: its text and its blocks (charged to the file's memory budget)."""
    return sys.getsizeof(page.text) + BLOCK_BYTES * len(page.blocks) + 24 * len(page.anchors)


def _extract_rich(
    path: Path, data: bytes, file_type: str, ocr: bool, check: Callable[[], None] = no_check
) -> Extracted | None:
    """The formats read by a library of their own; None for the text formats handled by ``extract``."""
    if file_type == "pdf":
        pages = pdfium_pages(data, check)
        if pages is None:  # PDFium cannot open it: pypdf reads it or says why (password, damage)
            try:
                pages = extract_pdf(data, check)
            except ExtractError as exc:
                if "no extractable text" not in str(exc):
                    raise
                pages = ()
        scanned, notes = ocr_pdf_pages(data, {p.number for p in pages}, ocr, check)
        pages = tuple(sorted((*pages, *scanned), key=lambda p: p.number))
        if not pages:
            raise ExtractError("The PDF has no text: no text layer, and OCR recognised none on its pages.")
        return Extracted("pdf", pages, None, tuple(notes))
    if file_type == "docx":
        word = extract_doc if path.suffix.lower() == ".doc" else extract_docx
        return Extracted("docx", (word(data, check),))
    if file_type == "image":
        pages, notes = image_pages(data, path.suffix.lower(), ocr, check)
        return Extracted("image", pages, None, notes)
    if file_type == "epub":
        return Extracted("epub", extract_epub(data, check))
    if file_type in ("pages", "keynote"):
        return Extracted(file_type, extract_iwork(data, file_type, check))
    if file_type == "flashcards":
        return Extracted("flashcards", extract_apkg(data, check))
    if file_type == "mindmap":
        return Extracted("mindmap", extract_xmind(data, check))
    if file_type == "recipes":
        pages, notes = extract_paprika(data, check)
        return Extracted("recipes", pages, None, notes)
    if file_type == "pptx" and path.suffix.lower() == ".ppt":
        return Extracted("pptx", extract_ppt(data, check))
    if file_type == "pptx":
        pages, notes = extract_pptx(data, check)
        return Extracted("pptx", pages, None, notes)
    if file_type == "xlsx":
        read = {".xls": extract_xls, ".numbers": extract_numbers}.get(path.suffix.lower(), extract_xlsx)
        pages, notes = read(data, check)
        return Extracted("xlsx", pages, None, notes)
    if file_type == "ods":
        pages, notes = extract_ods(data, check)
        return Extracted("ods", pages, None, notes)
    if file_type == "odt":
        return Extracted("odt", (extract_odt(data, check),))
    if file_type == "odp":
        pages, notes = extract_odp(data, check)
        return Extracted("odp", pages, None, notes)
    if file_type == "webarchive":
        return Extracted("webarchive", (extract_webarchive(data, check),))
    if file_type == "mhtml":
        return Extracted("mhtml", (extract_mhtml(data, check),))
    if file_type in ("email", "emlx"):
        return Extracted("email", (extract_eml(data, file_type == "emlx", check),))
    if file_type == "mbox":
        pages, notes = extract_mbox(data, check)
        return Extracted("email", pages, None, notes)
    if file_type in ("rtf", "notebook"):
        text, encoding = decode_text(data)
        charge(check, sys.getsizeof(text))
        if file_type == "rtf":
            return Extracted("rtf", (extract_rtf(text, check),), encoding)
        return Extracted("notebook", extract_notebook(text, check), encoding)
    return None


# 1: a configuration file's (JSON, YAML, TOML, INI) chunks are headed by their key paths; 2: an .xml file that holds
# an RSS or Atom feed is read as a feed (engine.index.readers.feeds); 3: a Telegram chat export (.json) and an SMS
# Backup & Restore file (.xml) read a message a line (engine.index.readers.messages)
CODE_READER_VERSION = 3
# 2: an outline's "* " headings (a GNU NEWS file, an Org file), a man page's sections; 3: a log's or a chat
# export's entries, a block each; 4: a Kindle clippings file's entries (engine.index.markup.clipping_blocks); 5: a
# paged text's running headers and footers in no block (engine.index.paged_text); 6: a Vim help file's marks blanked,
# its sections' titles headings (engine.index.vim_help); 7: Perl's POD as perldoc shows it (engine.index.pod); 8: a
# manual page's troff source as man shows it (engine.index.troff); 9: a configuration file under a name Alcove does
# not know read as code (is_comment_config); 10: such a file's rules ('KERNEL=="dm-*", GOTO="dm_end"') are settings;
# 11: such a file's comment paragraphs apart, as its "#" lines part them (comment_paragraphs); 12: a "Key: value"
# line is a setting too (debconf.conf's stanzas); 13: a "#" line before a blank one ends no paragraph's words
TEXT_READER_VERSION = 13
