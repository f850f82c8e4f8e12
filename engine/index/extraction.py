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
- EPUB (a page per chapter), e-mail (a page per message), PPTX (a page per slide), XLSX (a page per sheet, a line
  per row), ODT, RTF, notebooks (a page per cell): see ``engine.index.readers``.
- gzip-compressed files of any of these types (``notes.txt.gz``, ``changelog.Debian.gz``): as the inner file.
- Images and PDF pages without a text layer: read by OCR (``engine.index.readers.ocr``); lines are visual lines.

Failures raise ``ExtractError`` whose message is the reason shown in the index summary. Whatever else a reader
raises on a hostile file (a ValueError deep in a library, a RecursionError, a MemoryError) becomes an
``ExtractError`` naming it too: one file is skipped with its reason, the run goes on.
"""

from __future__ import annotations

import bisect
import re
import sys
from collections.abc import Callable
from pathlib import Path

from engine.index.bounds import BudgetExceeded, ExtractCancelled, charge, no_check, read_gzip, short_reason
from engine.index.config_paths import config_kind, path_changes
from engine.index.document import (
    Block,
    Extracted,
    ExtractError,
    Page,
    add_span,
    entry_blocks,
    line_blocks,
    looks_binary,
    paragraph_blocks,
)
from engine.index.readers import (
    IMAGE_EXTENSIONS,
    extract_docx,
    extract_eml,
    extract_epub,
    extract_gpx,
    extract_html,
    extract_mbox,
    extract_notebook,
    extract_ods,
    extract_odt,
    extract_pdf,
    extract_pptx,
    extract_rtf,
    extract_subtitles,
    extract_vobjects,
    extract_xlsx,
    image_page,
    ocr_pdf_pages,
    pdfium_pages,
)
from engine.index.tables import csv_header, delimiter_for
from engine.index.wikilinks import FRONT_MATTER, FRONT_MATTER_TITLE, resolve_wikilinks

TEXT_EXTENSIONS = {
    ".txt": "text", ".text": "text", ".log": "text", ".md": "markdown", ".markdown": "markdown",
    ".mdx": "markdown", ".rst": "rst", ".rest": "rst", ".adoc": "asciidoc", ".asciidoc": "asciidoc", ".csv": "csv", ".tsv": "csv",
    ".htm": "html", ".html": "html", ".xhtml": "html", ".srt": "subtitles", ".vtt": "subtitles",
    ".ics": "calendar", ".vcf": "contacts", ".vcard": "contacts", ".gpx": "gpx",
    ".py": "code", ".pyi": "code", ".js": "code", ".mjs": "code", ".ts": "code", ".tsx": "code",
    ".jsx": "code", ".c": "code", ".h": "code", ".cc": "code", ".cpp": "code", ".hpp": "code",
    ".cxx": "code", ".m": "code", ".mm": "code", ".swift": "code", ".java": "code", ".kt": "code",
    ".go": "code", ".rs": "code", ".rb": "code", ".php": "code", ".sh": "code", ".bash": "code",
    ".zsh": "code", ".pl": "code", ".lua": "code", ".r": "code", ".sql": "code", ".scala": "code",
    ".cs": "code", ".css": "code", ".scss": "code", ".toml": "code", ".yaml": "code",
    ".yml": "code", ".json": "code", ".ini": "code", ".cfg": "code", ".xml": "code", ".tex": "text", ".org": "text",
}  # fmt: skip
# the readers that write a text file's contents in words (engine.index.readers.anchored), by file type
_IN_WORDS = {"subtitles": extract_subtitles, "calendar": extract_vobjects, "contacts": extract_vobjects,
             "gpx": extract_gpx}  # fmt: skip
# readers whose page text is not the file's own characters: Page.anchors map it back to the file's lines
ANCHORED_TYPES = frozenset({"html", *_IN_WORDS})
# readers that write one record a paragraph (a calendar's event, a contact's card, a track's waypoint), each a chunk
RECORD_TYPES = frozenset({"calendar", "contacts", "gpx"})
DOC_EXTENSIONS = {".pdf": "pdf", ".docx": "docx"}
# Formats read by a library of their own (macOS document types: packaging/bundle_config.py)
RICH_EXTENSIONS = {
    ".epub": "epub", ".rtf": "rtf", ".eml": "email", ".emlx": "emlx", ".mbox": "mbox", ".pptx": "pptx",
    ".xlsx": "xlsx", ".xlsm": "xlsx", ".odt": "odt", ".ods": "ods",
    ".ipynb": "notebook",
    **{ext: "image" for ext in IMAGE_EXTENSIONS},
}  # fmt: skip
PLAIN_NAMES = {
    "readme",
    "license",
    "copying",
    "changelog",
    "authors",
    "makefile",
    "dockerfile",
    "news",
    "todo",
}
# Never worth sniffing: images, audio, archives, executables...
BINARY_EXTENSIONS = {
    ".gif", ".ico", ".mp3", ".wav", ".flac", ".m4a", ".mp4", ".mov", ".avi", ".mkv", ".zip", ".tgz",
    ".bz2", ".xz", ".zst", ".7z", ".tar", ".rar", ".dmg", ".iso", ".exe", ".dll", ".so", ".dylib", ".o",
    ".a", ".class", ".jar", ".pyc", ".whl", ".sqlite", ".sqlite3", ".db", ".bin", ".safetensors", ".gguf",
    ".npy", ".npz", ".pt", ".onnx", ".ttf", ".otf", ".woff", ".woff2", ".doc", ".xls", ".ppt", ".key",
    ".pages",
}  # fmt: skip


def file_type_for(path: Path) -> str | None:
    """The file type Alcove extracts ``path`` as, from its name; None when the name says nothing."""
    suffix = path.suffix.lower()
    if suffix == ".gz":  # gzip of a supported type is read as that type; of anything else, not at all
        inner = file_type_for(Path(path.stem))
        return inner if inner not in (None, "binary") else "binary"
    if suffix in TEXT_EXTENSIONS:
        return TEXT_EXTENSIONS[suffix]
    if suffix in DOC_EXTENSIONS:
        return DOC_EXTENSIONS[suffix]
    if suffix in RICH_EXTENSIONS:
        return RICH_EXTENSIONS[suffix]
    if suffix in BINARY_EXTENSIONS:
        return "binary"
    if path.name.lower().split(".")[0] in PLAIN_NAMES:
        return "text"
    return None


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
        return _extract(path, data, file_type, check, ocr)
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


def _kind(file_type: str) -> str:
    names = {"pdf": "PDF", "docx": "DOCX file", "epub": "EPUB file", "pptx": "PPTX file", "xlsx": "XLSX file",
             "ods": "ODS file", "odt": "ODT file", "email": "e-mail", "emlx": "e-mail", "mbox": "mailbox", "rtf": "RTF file",
             "notebook": "notebook", "image": "image", "html": "HTML file",
             "subtitles": "subtitle file", "calendar": "calendar file", "contacts": "contacts file",
             "gpx": "GPS track"}  # fmt: skip
    return names.get(file_type, "file")


def _extract(path: Path, data: bytes, file_type: str, check: Callable[[], None], ocr: bool) -> Extracted:
    if not data:
        raise ExtractError("The file is empty (0 bytes).")
    if path.suffix.lower() == ".gz" and file_type != "binary":
        if data[:2] != b"\x1f\x8b":
            raise ExtractError("The file is named .gz but is not gzip-compressed.")
        doc = extract(Path(path.stem), read_gzip(data, check=check), file_type, check, ocr=ocr)
        return Extracted(doc.file_type, doc.pages, doc.encoding, (*doc.notes, "decompressed from gzip"))
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
    if file_type == "html":
        return Extracted("html", (extract_html(text, check),), encoding, notes)
    reader = _IN_WORDS.get(file_type)
    if reader is not None:  # a text written in words, anchored to the file's lines: charged as it is held
        page = reader(text, check)
        charge(check, page_bytes(page))
        return Extracted(file_type, (page,), encoding, notes)
    if not text.strip():
        raise ExtractError("The file contains only whitespace.")
    anchors: tuple[tuple[int, ...], ...] = ()
    if file_type == "markdown":
        text, anchors = resolve_wikilinks(text, path, check)  # [[Note]] -> words naming its title
        blocks = markdown_blocks(text)
    elif file_type == "rst":
        blocks = rst_blocks(text)
    elif file_type == "asciidoc":
        blocks = asciidoc_blocks(text)
    elif file_type == "csv":
        blocks = line_blocks(text, csv_header(text, delimiter_for(str(path))), kind="row")
    elif file_type == "text" and is_outline(path, text):
        blocks = outline_blocks(text, org=path.suffix.lower() == ".org")
    elif file_type == "text" and MAN_HEADER.match(text.lstrip("\n")):
        blocks = man_blocks(text)
    elif file_type == "text" and (entries := entry_blocks(text)) is not None:
        blocks = entries  # a log's entries, a chat export's messages
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
        return Extracted("docx", (extract_docx(data, check),))
    if file_type == "image":
        return Extracted("image", (image_page(data, path.suffix.lower(), ocr, check),))
    if file_type == "epub":
        return Extracted("epub", extract_epub(data, check))
    if file_type == "pptx":
        pages, notes = extract_pptx(data, check)
        return Extracted("pptx", pages, None, notes)
    if file_type == "xlsx":
        pages, notes = extract_xlsx(data, check)
        return Extracted("xlsx", pages, None, notes)
    if file_type == "ods":
        pages, notes = extract_ods(data, check)
        return Extracted("ods", pages, None, notes)
    if file_type == "odt":
        return Extracted("odt", (extract_odt(data, check),))
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


_MD_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+\S.*$", re.M)
_MD_SETEXT = re.compile(r"^( {0,3}\S[^\n]*)\n {0,3}(=|-)\2{2,}[ \t]*$", re.M)
_MD_FENCE = re.compile(r"^ {0,3}(```|~~~)", re.M)


def markdown_blocks(text: str) -> list[Block]:
    """ATX and setext headings (outside code fences) become heading blocks; the rest are paragraphs.

    YAML front matter (Obsidian, Logseq, Jekyll, Hugo) holds no headings (its closing ``---`` is no setext
    underline) and stays searchable text; its ``title:`` value is the note's top heading, so every chunk of the
    note is embedded under its title. Tags are indexed as the words they are; ``[[wikilinks]]`` were resolved to
    the linked notes' titles before (``engine.index.wikilinks``)."""
    fenced: list[tuple[int, int]] = []
    title: list[tuple[int, int, int]] = []
    front = FRONT_MATTER.match(text)
    if front:
        fenced.append((0, front.end()))
        t = FRONT_MATTER_TITLE.search(text, 0, front.end())
        if t and t.group(1).strip():
            title.append((t.start(1), t.end(1), 1))
    opened = None
    for m in _MD_FENCE.finditer(text):
        if opened is None:
            opened = m.start()
        else:
            fenced.append((opened, m.end()))
            opened = None
    if opened is not None:
        fenced.append((opened, len(text)))
    spans = [(m.start(), m.end(), len(m.group(1))) for m in _MD_HEADING.finditer(text)]
    spans += [(m.start(), m.end(), 1 if m.group(2) == "=" else 2) for m in _MD_SETEXT.finditer(text)]
    fence_starts = [a for a, _ in fenced]  # sorted, disjoint: one binary search per heading, not a scan

    def in_fence(pos: int) -> bool:
        i = bisect.bisect_right(fence_starts, pos) - 1
        return i >= 0 and pos < fenced[i][1]

    spans = [s for s in spans if not in_fence(s[0])]
    return _with_headings(text, sorted(title + spans))


_OUTLINE_MODE = re.compile(r"-\*-.*?\b(?:outline|org)\b.*?-\*-", re.IGNORECASE)  # Emacs's mode line
OUTLINE_STARS = re.compile(r"^\*{1,6}[ \t]+")  # an outline heading's stars ("** Bug fixes")
_OUTLINE_HEADING = re.compile(r"^(\*{1,6})[ \t]+(\S[^\n]*?)[ \t]*$", re.M)
_ENTRY_END = re.compile(r"[.!?:;,]['\"”’)\]]*$")
# 1: a configuration file's (JSON, YAML, TOML, INI) chunks are headed by their key paths
CODE_READER_VERSION = 1
# 2: an outline's "* " headings (a GNU NEWS file, an Org file), a man page's sections; 3: a log's or a chat
# export's entries, a block each
TEXT_READER_VERSION = 3
# a manual page rendered as text (`man -P cat ls | col -b`): its header and footer name the page on both sides
MAN_HEADER = re.compile(r"(\S+)\((\w+)\)[ \t]{2,}\S[^\n]*?[ \t]{2,}\1\(\2\)[ \t]*(?:\n|$)")
_MAN_FOOTER = re.compile(r"^[^\n]*?[ \t]{2,}\S+\(\w+\)[ \t]*$")
_MAN_SECTION = re.compile(
    r"^[A-Z][A-Z0-9]*(?:[ \t][A-Z0-9][A-Z0-9]*)*[ \t]*$", re.M
)  # "OPTIONS", "EXIT STATUS"


def is_outline(path: Path, text: str) -> bool:
    """An Emacs outline: an Org file, or a text file whose first line names outline or Org mode (GNU NEWS files:
    "GNU diffutils NEWS    -*- outline -*-")."""
    first = text[: text.find("\n")] if "\n" in text else text
    return path.suffix.lower() == ".org" or _OUTLINE_MODE.search(first[:200]) is not None


def outline_headings(text: str, org: bool) -> list[tuple[int, int, int, str]]:
    """(start, end, level, title) of an outline's headings: lines that open with stars, one per level. In an Org
    file every such line; in a text outline (a GNU NEWS file) only one that ends with no sentence mark and stands
    over a blank line ("* Noteworthy changes in release 3.7 (2018-12-31) [stable]", "** Bug fixes"): its older
    releases list their entries as "* New diff3 option --strip-trailing-cr." under "User-visible changes in
    version 2.8.6:"."""
    out = []
    for m in _OUTLINE_HEADING.finditer(text):
        if not org:
            after = text[m.end() : m.end() + 2]
            if _ENTRY_END.search(m.group(2)) or not (after in ("", "\n") or after.startswith("\n\n")):
                continue
        out.append((m.start(), m.end(), len(m.group(1)), m.group(2)))
    return out


def outline_blocks(text: str, org: bool) -> list[Block]:
    """An outline's headings (``outline_headings``) become heading blocks, so every chunk is embedded under its
    release and section; the rest are paragraphs."""
    return _with_headings(text, [(a, b, level) for a, b, level, _ in outline_headings(text, org)])


def man_blocks(text: str) -> list[Block]:
    """A manual page rendered as text: its sections' names ("DESCRIPTION", "EXIT STATUS") at the left margin are
    headings, so every chunk is embedded under its section and no sentence opens with one; the header ("WATCH(1)
    User Commands WATCH(1)") and the footer ("procps-ng 2021-04-24 WATCH(1)") are the page's furniture, in no
    block (still in the text, so every line keeps its number)."""
    head = MAN_HEADER.match(text.lstrip("\n"))
    lo = len(text) - len(text.lstrip("\n")) + (head.end() if head else 0)
    body = text.rstrip()
    last = body.rfind("\n") + 1
    hi = last if last > lo and _MAN_FOOTER.match(body[last:].rstrip()) else len(text)
    sections = [(m.start(), m.end(), 1) for m in _MAN_SECTION.finditer(text, lo, hi)]
    blocks = _with_headings(text[:hi], sections)
    return [b for b in blocks if b.start >= lo]


_RST_UNDERLINE = re.compile(r"^([^\n]*\S[^\n]*)\n([=\-~^\"'`#*+:.])\2{2,}[ \t]*$", re.M)


def rst_blocks(text: str) -> list[Block]:
    """Section titles underlined with a repeated punctuation character become headings (level by first use)."""
    levels: dict[str, int] = {}
    spans = []
    for m in _RST_UNDERLINE.finditer(text):
        title, underline = m.group(0).split("\n", 1)
        if len(underline.rstrip()) < len(title.strip()):
            continue  # an underline shorter than its title is not a title
        level = levels.setdefault(m.group(2), min(6, len(levels) + 1))
        spans.append((m.start(), m.end(), level))
    return _with_headings(text, spans)


ASCIIDOC_READER_VERSION = 1  # 1: AsciiDoc read with its titles and delimited blocks (it was sniffed as text)
# AsciiDoc: a section title ("== Install"; "= Title" is the document's), a delimited block's fence (listing
# "----", literal "....", example "====", sidebar "****", quote "____", open "--", passthrough "++++", comment
# "////", table "|==="), a block's attribute line ("[source,shell]", "[IMPORTANT]", "[cols=\"1,3\"]") and a
# line comment
_ADOC_TITLE = re.compile(r"^(={1,6})[ \t]+\S[^\n]*$", re.M)
_ADOC_FENCE = re.compile(
    r"^(-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|/{4,}|--|\|={3,}|`{3,}[\w+-]*)[ \t]*$", re.M
)
_ADOC_FURNITURE = re.compile(r"^(?:\[[^\]\n]*\]|//(?!/)[^\n]*)[ \t]*$", re.M)


def _adoc_verbatim(fence: str) -> bool:
    """A listing, literal, passthrough or fenced block: its lines are the file's own, no markup inside."""
    return fence[0] in "-.+`" and fence != "--"


def asciidoc_blocks(text: str) -> list[Block]:
    """AsciiDoc (Asciidoctor's syntax): section titles are headings (``==`` level 2, the document title ``=``
    level 1); a delimited block (a listing, a table, an admonition's example block) is read apart from the prose
    around it, its fences and a block's attribute line in no block (still in the text, so lines keep their
    numbers); comment blocks and comment lines are in no block; nothing inside a listing or literal is a title."""
    cuts: list[
        tuple[int, int]
    ] = []  # spans in no block: fence lines, attribute and comment lines, comment blocks
    verbatim: list[
        tuple[int, int]
    ] = []  # listings, literals, passthroughs: no titles or attribute lines inside
    stack: list[tuple[int, int, str]] = []
    for m in _ADOC_FENCE.finditer(text):
        mark = m.group(1)
        if stack and (mark == stack[-1][2] or (mark == "```" and stack[-1][2].startswith("```"))):
            start, _, opened = stack.pop()
            if opened.startswith("////"):
                cuts.append((start, m.end()))
            else:
                cuts.append((m.start(), m.end()))
                if _adoc_verbatim(opened):
                    verbatim.append((start, m.end()))
        elif not stack or not (_adoc_verbatim(stack[-1][2]) or stack[-1][2].startswith("////")):
            stack.append((m.start(), m.end(), mark))
            cuts.append((m.start(), m.end()))
    for start, _end, opened in stack:  # a block never closed runs to the end of the file
        if opened.startswith("////"):
            cuts.append((start, len(text)))
        elif _adoc_verbatim(opened):
            verbatim.append((start, len(text)))

    def inside(pos: int) -> bool:
        return any(a < pos < b for a, b in verbatim)

    cuts += [(m.start(), m.end()) for m in _ADOC_FURNITURE.finditer(text) if not inside(m.start())]
    titles = [
        (m.start(), m.end(), len(m.group(1))) for m in _ADOC_TITLE.finditer(text) if not inside(m.start())
    ]
    blocks: list[Block] = []
    pos = 0
    for start, end in sorted(cuts):
        if start >= pos:
            blocks.extend(_with_headings(text, [t for t in titles if pos <= t[0] < start], pos, start))
        pos = max(pos, end)
    blocks.extend(_with_headings(text, [t for t in titles if t[0] >= pos], pos))
    return blocks


def _with_headings(
    text: str, headings: list[tuple[int, int, int]], pos: int = 0, end: int | None = None
) -> list[Block]:
    blocks: list[Block] = []
    for start, stop, level in headings:
        if start < pos:
            continue
        blocks.extend(paragraph_blocks(text, pos, start))
        add_span(blocks, text, start, stop, level)
        pos = stop
    blocks.extend(paragraph_blocks(text, pos, len(text) if end is None else end))
    return blocks
