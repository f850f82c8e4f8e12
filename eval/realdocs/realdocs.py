"""The real-document sets of issue 37: their documents, how to put them in one folder, their labelled questions, and
what counts as a hit on a label.

The documents are listed in ``documents.json``: each has a path under a documents root (``pdf/R-FAQ.pdf``), a part
(``tuning``, ``heldout``, ``heldout2`` to ``heldout35`` or ``heldout36``) and where it comes from: a file of an
installed Debian package (``package`` + ``source``; not committed, the version is recorded) or a file committed here
under ``files/`` at the same path (a macOS bundle, ``X.rtfd``, is a folder that is one document).

    python eval/realdocs/realdocs.py ROOT [--part tuning|heldout|heldout2|...|heldout35|heldout36|all]   # copy a part into ROOT

Each part is meant to be indexed on its own (a root per part); the unanswerable questions of a part are checked
against that part's documents (``check.py``), and their key terms against every document of that part and of the
parts before it.

Labels (see README.md): ``path`` (relative to the root), then ``page`` (1-based: a PDF page as PDFium numbers it, a
slide (a PPTX's or an ODP's), a sheet, a message of a mailbox, a chapter of an EPUB in spine order (a title page in the spine counted), a cell of a
notebook (a JupyterLab notebook's too: cell N is page N), a page of a filled-in PDF form with its fields' values, a page of a scanned PDF (read by OCR), a frame of a
multi-page TIFF (frame N is page N, read by OCR), a note of an Anki deck package (``.apkg``: the notes ordered by
``notes.id``, note N is page N; no lines), a sheet of an XMind map (``.xmind``: sheet N of ``content.json``'s list is
page N; no lines); an .eml file
is one message and has none, nor has an Apple Mail .emlx, nor has a page saved as a Safari web archive or as MHTML,
nor has a screenshot (a PNG, read by OCR as one page with no number), nor a phone's photo of a page (a JPEG, the same),
nor a meeting invitation (.eml with a text/calendar part)) and/or ``line_start``/``line_end`` (1-based lines of the file
itself: text, Markdown (Obsidian notes included), reStructuredText, LaTeX, configuration (TOML too), TSV, log, SQL,
JSON, shell-script and XML (GPX) files, Org-mode notes, iCalendar and vCard exports, subtitles, nginx
configuration, a chat's text export, AsciiDoc, a Kindle's clippings file, a WebVTT transcript, a C header, a paged
plain-text document (a form feed's line counted), an RSS feed, a Vim help file, a Hugo post's Markdown (front matter
included), an Evernote export (.enex), a Perl POD file, a man page's troff source (gzipped: the decompressed lines), a
BibTeX library, a Makefile (PGXS's ``pgxs.mk``), a Neovim ``init.lua``, JavaScript source, Markdown recipe notes, a
Day One journal's Markdown export, Go source, a Docusaurus page's MDX, Swift source, a Perl script, TypeScript source, a phone's
voicemail transcripts, a system tool's configuration (``adduser.conf``), a Logseq graph's pages (Markdown outlines), Rust
source, a Telegram Desktop chat export's JSON, a Joplin RAW export's notes (each ``<id>.md``: title, body, metadata),
an SMS Backup & Restore XML file, a Notion export's pages (Markdown) and database (CSV), a Bear note's
``text.markdown`` in its TextBundle, a CMake module, a Slack export's day files (JSON as Slack writes it: a label is
one message's object, or a thread's run of them), a bank statement in OFX 1.02 (SGML: a label is one ``<STMTTRN>``
record, or the ``<LEDGERBAL>`` block), C source, a ChatGPT export's ``conversations.json`` (one line: a label is
line 1, the fact on the branch its ``current_node`` follows), Tcl source, a Day One export's ``Journal.json`` (JSON as
Day One writes it: a label is one entry's object), a TaskPaper document, a Fountain screenplay, an OPML outline
(its lines as written: entities as they stand), a DTD, a GEDCOM family tree (``.ged``), a Vim script, a PowerShell script, an Obsidian canvas (JSON as Obsidian writes it: a
label is the line of one node's or one edge's object, or a group's line to a card's), a RIS library (CRLF: a
label is lines of one record), a browser's bookmarks export (``bookmarks.html``: its lines as ``check.py``'s
``bookmark_lines`` reads them, a bookmark's address, tags and added day with its title), a Beancount ledger (a
label is one transaction's or directive's lines, with the comment above it where that answers), a Final Draft
screenplay (``.fdx``: a label is the lines of one or more ``<Paragraph>`` elements), shadow's ``login.defs``, a My
Maps KML map (a label is a placemark's lines, or a layer's name down to a placemark's), a WordPress export (WXR: a
label is lines of one ``<item>``, or of one comment in it), a PGN game collection (a label is lines of one game), a
udev rules file, a Mastodon archive's ``outbox.json`` (a label is lines of one item, from its ``published`` line), a
TCX workout export (a label is a lap's lines from its ``<Lap>``, an activity's notes, device or first lines), an ABC
tune book (a label is lines of one tune, from its ``X:``), an autoconf m4 macro file, a Debian machine-readable
copyright file (a label is a stanza's lines from its first), a Trello board's JSON export indented two spaces (a label
is lines of one object of the board's arrays: a card, a checklist, a label, an action), todo.txt and done.txt (a
label is a task's line), a Freeplane mind map (a label is a node's lines from its ``<node``, or a branch's node down
to one of its nodes), PAM's access.conf, a Messenger conversation's ``message_1.json`` (a label is lines of one
message; read with its strings decoded and Facebook's Latin-1 escaping undone), a Roam Research JSON export indented two
spaces (a label is a block's lines from its ``{``), a Google Tasks ``Tasks.json`` (a label is one task's lines, a
list's down to a task, or a task's down to its last subtask), GNU Wget's sample wgetrc, Google Maps saved places
from Takeout (``Saved Places.json``: a label is one place's feature object; a saved list's CSV: a place's row), a
Simplenote ``notes.json`` (a label is one note object), a speech-to-text JSON transcript (a label is one segment's
lines from its ``{`` down to its ``speaker``), debconf's debconf.conf, an Apple Health ``export.xml`` (a label is one
top-level element's lines: a record, a blood pressure correlation, a workout or a day's activity summary), a Zotero
library's CSL JSON (a label is one item object), a Telegram Desktop chat export's ``messages.html`` (a label is one
message's ``div``; read with a message's date line its full date and time), the HTML source (a saved web page's, a Sphinx page's, a
Texinfo page's, an mdBook page's, a rustdoc page's and a Google Keep note's in a Takeout export (its one-line
``.json`` beside it holds no label) too); a DOCX or ODT
"line" is a body paragraph (a Google Docs export's list and checklist items too; its footnotes' text after it, tracked
changes as accepted, a move read at its new place), a heading or a table row, an RTF "line" a paragraph of its plain text, a TextEdit .rtfd's that
of its TXT.rtf (a Scrivener project's ``content.rtf`` and
``notes.rtf`` too); a Word 97-2003 .doc's "line" a non-empty paragraph, heading, list item or table row of its main text
as its piece table holds it, then its footnotes' paragraphs after the main text). An XLSX, XLS or ODS label names
its sheet (``page``) and ``row``, the row's own number as the spreadsheet shows it; a Numbers label its table
(``page``: the tables in order, sheet by sheet, each "Sheet › Table") and ``row``. ``answer`` is the fact a correct answer must
contain (compared case-insensitively, whitespace runs as one space); ``answers`` lists
acceptable alternatives (any one will do), ``all_of`` lists facts that must all be present.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = HERE / "files"
PARTS = (
    "tuning",
    "heldout",
    "heldout2",
    "heldout3",
    "heldout4",
    "heldout5",
    "heldout6",
    "heldout7",
    "heldout8",
    "heldout9",
    "heldout10",
    "heldout11",
    "heldout12",
    "heldout13",
    "heldout14",
    "heldout15",
    "heldout16",
    "heldout17",
    "heldout18",
    "heldout19",
    "heldout20",
    "heldout21",
    "heldout22",
    "heldout23",
    "heldout24",
    "heldout25",
    "heldout26",
    "heldout27",
    "heldout28",
    "heldout29",
    "heldout30",
    "heldout31",
    "heldout32",
    "heldout33",
    "heldout34",
    "heldout35",
    "heldout36",
)
SETS = {
    "tuning": ("qa_tuning.jsonl", "unanswerable_tuning.jsonl"),
    "heldout": ("qa_heldout.jsonl", "unanswerable_heldout.jsonl"),
    # written after "heldout" was reported once: man pages and licence texts, kinds no part holds
    "heldout2": ("qa_heldout2.jsonl", "unanswerable_heldout2.jsonl"),
    # written after "heldout2" was reported: GNU info manuals and package documents (kinds no other part holds),
    # and fresh private mail, office and EPUB documents
    "heldout3": ("qa_heldout3.jsonl", "unanswerable_heldout3.jsonl"),
    # written in stop 42 after "heldout3" was reported: kinds no other part holds (Python source read as
    # documentation, a changelog, a CSV), and fresh private PPTX and DOCX documents
    "heldout4": ("qa_heldout4.jsonl", "unanswerable_heldout4.jsonl"),
    # written in stop 43 after "heldout4" was reported: kinds no other part holds (single-page HTML manuals,
    # reStructuredText, a long Markdown document, ODT, RTF, a Jupyter notebook, Markdown notes with a table)
    "heldout5": ("qa_heldout5.jsonl", "unanswerable_heldout5.jsonl"),
    # written in stop 43 after "heldout5" was reported: kinds no other part holds (private PDFs written by hand, a
    # Texinfo-made PDF manual, LaTeX source, commented configuration files, a long plain-text log)
    "heldout6": ("qa_heldout6.jsonl", "unanswerable_heldout6.jsonl"),
    # written after "heldout6" was reported: kinds no other part holds (a PDF typeset by LaTeX, Apple Mail .emlx
    # messages, a TSV, an application's log, a commented SQL schema, a JSON settings file)
    "heldout7": ("qa_heldout7.jsonl", "unanswerable_heldout7.jsonl"),
    # written after "heldout7" was reported: kinds no other part holds (a PDF made from DocBook reference pages, a
    # web page saved from a browser, an Obsidian vault, a TOML configuration, a shell script, a GPX track)
    "heldout8": ("qa_heldout8.jsonl", "unanswerable_heldout8.jsonl"),
    # written after "heldout8" was reported: kinds no other part holds (a PDF typeset by Apache FOP, read gzipped
    # as Debian ships it, Org-mode notes, an iCalendar export, a podcast's subtitles, a vCard export, an nginx
    # configuration)
    "heldout9": ("qa_heldout9.jsonl", "unanswerable_heldout9.jsonl"),
    # written after "heldout9" was reported: kinds no other part holds (a LaTeX research paper as a gzipped PDF, a
    # WhatsApp chat exported as text, a LibreOffice Calc .ods, an AsciiDoc user guide, an HTML-only newsletter .eml)
    "heldout10": ("qa_heldout10.jsonl", "unanswerable_heldout10.jsonl"),
    # written after "heldout10" was reported: kinds no other part holds (a two-column newsletter PDF written by
    # hand, a Kindle's My Clippings.txt, a Teams meeting transcript in WebVTT, a DOCX report with footnotes,
    # a comment and tracked changes, a single-page HTML document made by Sphinx)
    "heldout11": ("qa_heldout11.jsonl", "unanswerable_heldout11.jsonl"),
    # written after "heldout11" was reported: kinds no other part holds (a talk's slide deck exported to PDF, a C
    # header read as documentation, a plain-text document in pages with form feeds, a reply deep in an e-mail
    # thread with its quoted history, a podcast's RSS feed)
    "heldout12": ("qa_heldout12.jsonl", "unanswerable_heldout12.jsonl"),
    # written after "heldout12" was reported: kinds no other part holds (a chapter of Vim's user manual in Vim's
    # help format, a blog post as Hugo keeps its Markdown source, a CV laid out with tables in a DOCX, an Evernote
    # export)
    "heldout13": ("qa_heldout13.jsonl", "unanswerable_heldout13.jsonl"),
    # written after "heldout13" was reported: kinds no other part holds (a Perl module's FAQ in POD, a page saved by
    # Safari as a web archive, a page saved by Chrome as MHTML, an OpenDocument presentation with speaker notes)
    "heldout14": ("qa_heldout14.jsonl", "unanswerable_heldout14.jsonl"),
    # written after "heldout14" was reported: kinds no other part holds (a man page's troff source as Debian ships
    # it, a TextEdit rich text bundle with a picture (.rtfd), a filled-in PDF form, a BibTeX library)
    "heldout15": ("qa_heldout15.jsonl", "unanswerable_heldout15.jsonl"),
    # written after "heldout15" was reported: kinds no other part holds (screenshots as PNG, a letter scanned to a
    # PDF with no text layer, a Makefile fragment from a Debian package, a Neovim configuration in Lua)
    "heldout16": ("qa_heldout16.jsonl", "unanswerable_heldout16.jsonl"),
    # written after "heldout16" was reported: kinds no other part holds (a phone's photo of a printed letter, a
    # Word draft with tracked changes, a moved clause and comments, JavaScript source from a Debian package, a
    # home cook's recipe notes in Markdown)
    "heldout17": ("qa_heldout17.jsonl", "unanswerable_heldout17.jsonl"),
    # written after "heldout17" was reported: kinds no other part holds (an original short story as an EPUB 3, a
    # personal journal as Day One exports it to Markdown, a meeting invitation .eml with a text/calendar part, Go
    # source from a Debian package)
    "heldout18": ("qa_heldout18.jsonl", "unanswerable_heldout18.jsonl"),
    # written after "heldout18" was reported: kinds no other part holds (a scanner's multi-page TIFF of a three-page
    # letter, a Docusaurus documentation page in MDX, Swift source, a Perl script from a Debian package)
    "heldout19": ("qa_heldout19.jsonl", "unanswerable_heldout19.jsonl"),
    # written after "heldout19" was written: kinds no other part holds (a Google Docs document exported to Word, a
    # browser extension's TypeScript, a phone's voicemail transcripts, a system tool's configuration from /etc)
    "heldout20": ("qa_heldout20.jsonl", "unanswerable_heldout20.jsonl"),
    # written after "heldout20" was written: kinds no other part holds (a manual as one HTML page made by Texinfo, an
    # outliner's notes as Logseq keeps them, an e-mail whose facts are partly in an attached CSV file, Rust source)
    "heldout21": ("qa_heldout21.jsonl", "unanswerable_heldout21.jsonl"),
    # written after "heldout21" was written: kinds no other part holds (a book's page as one HTML page made by mdBook, a
    # group chat exported by Telegram Desktop as JSON, notes in Joplin's RAW export, an Android phone's texts as SMS
    # Backup & Restore writes them in XML)
    "heldout22": ("qa_heldout22.jsonl", "unanswerable_heldout22.jsonl"),
    # written after "heldout22" was written: kinds no other part holds (an API page of the Rust standard library as
    # rustdoc made it, an analysis notebook as JupyterLab saves it with HTML tables, a picture and an error, a Notion
    # workspace exported to Markdown & CSV, notes exported by Bear as TextBundles)
    "heldout23": ("qa_heldout23.jsonl", "unanswerable_heldout23.jsonl"),
    # written after "heldout23" was written: kinds no other part holds (a CMake module read as documentation, a
    # small team's Slack workspace export, Google Keep notes as Google Takeout exports them, a bank statement as an
    # OFX 1.02 download)
    "heldout24": ("qa_heldout24.jsonl", "unanswerable_heldout24.jsonl"),
    # written after "heldout24" was reported: kinds no other part holds (C source read as documentation, a Word
    # 97-2003 .doc, an Excel 97-2003 .xls, one person's ChatGPT history as OpenAI's "Export data" gives it)
    "heldout25": ("qa_heldout25.jsonl", "unanswerable_heldout25.jsonl"),
    # written after "heldout25" was reported: kinds no other part holds (Tcl source read as documentation, a journal
    # as Day One exports it to JSON, a TaskPaper document, an Apple Numbers spreadsheet)
    "heldout26": ("qa_heldout26.jsonl", "unanswerable_heldout26.jsonl"),
    # written after "heldout26" was reported: kinds no other part holds (an XML DTD read as documentation, a novel in
    # progress as a Scrivener 3 project keeps it on disk, a Fountain screenplay, an outline exported to OPML)
    "heldout27": ("qa_heldout27.jsonl", "unanswerable_heldout27.jsonl"),
    # written after "heldout27" was reported: kinds no other part holds (a Vim script read as documentation, a family
    # tree exported to GEDCOM, an Anki deck package, an XMind mind map)
    "heldout28": ("qa_heldout28.jsonl", "unanswerable_heldout28.jsonl"),
    # written after "heldout28" was reported: kinds no other part holds (a PowerShell script read as documentation,
    # an Obsidian canvas, a reference library exported to RIS, a browser's bookmarks exported to HTML)
    "heldout29": ("qa_heldout29.jsonl", "unanswerable_heldout29.jsonl"),
    # written after "heldout29" was written: kinds no other part holds (shadow's login.defs read as documentation, a
    # Beancount ledger, a Final Draft screenplay, a Paprika recipe export)
    "heldout30": ("qa_heldout30.jsonl", "unanswerable_heldout30.jsonl"),
    # written after "heldout30" was written: kinds no other part holds (a udev rules file read as documentation, a
    # Google My Maps KML map, a WordPress export, a PGN chess game collection)
    "heldout31": ("qa_heldout31.jsonl", "unanswerable_heldout31.jsonl"),
    # written after "heldout31" was written: kinds no other part holds (an autoconf m4 macro file read as
    # documentation, a Mastodon archive's outbox, a TCX workout export, an ABC tune book)
    "heldout32": ("qa_heldout32.jsonl", "unanswerable_heldout32.jsonl"),
    # written after "heldout32" was written: kinds no other part holds (a Debian machine-readable copyright file read
    # as documentation, a Trello board's JSON export, todo.txt and done.txt, a Freeplane mind map)
    "heldout33": ("qa_heldout33.jsonl", "unanswerable_heldout33.jsonl"),
    # written after "heldout33" was written: kinds no other part holds (PAM's access.conf read as documentation, a
    # Messenger conversation from Facebook's "Download Your Information", a Roam Research JSON export, Google Tasks)
    "heldout34": ("qa_heldout34.jsonl", "unanswerable_heldout34.jsonl"),
    # written after "heldout34" was written: kinds no other part holds (GNU Wget's sample wgetrc read as documentation,
    # Google Maps saved places from Takeout, a Simplenote export, a speech-to-text JSON transcript)
    "heldout35": ("qa_heldout35.jsonl", "unanswerable_heldout35.jsonl"),
    # written after "heldout35" was written: kinds no other part holds (debconf's debconf.conf read as documentation,
    # an Apple Health export, a Zotero library as CSL JSON, a Telegram Desktop chat export in HTML)
    "heldout36": ("qa_heldout36.jsonl", "unanswerable_heldout36.jsonl"),
}
# kinds whose labels carry a page
PAGED = {
    "pdf-manual",
    "pdf-manual-texinfo",
    "pdf-private",
    "pdf-latex",
    "pdf-docbook",
    "pdf-fop",
    "pdf-paper",
    "pdf-two-column",
    "pdf-slides",
    "pdf-form",
    "pdf-scan",
    "tiff-scan",
    "pptx",
    "odp",
    "xlsx",
    "xls",
    "ods",
    "numbers",
    "mbox",
    "epub",
    "epub-fiction",
    "notebook",
    "ipynb",
    "anki-apkg",
    "xmind",
    "paprika",
}
# kinds whose document is a folder (a macOS bundle): a citation of a file inside it cites the document
BUNDLES = {"rtfd"}


def manifest() -> dict:
    return json.loads((HERE / "documents.json").read_text(encoding="utf-8"))


def documents(part: str = "all") -> list[dict]:
    """The documents of ``part`` (one of PARTS, or ``all``), in manifest order."""
    return [d for d in manifest()["documents"] if part == "all" or d["part"] == part]


def source_of(doc: dict) -> Path:
    """Where the document lies on this machine: the package's file, or the committed copy under files/."""
    return Path(doc["source"]) if "package" in doc else FILES / doc["path"]


def materialise(root: Path, part: str = "all") -> list[Path]:
    """Copy the documents of ``part`` into ``root`` at their labelled paths; a missing package file is a clear
    error naming the package to install."""
    missing = [d for d in documents(part) if not source_of(d).exists()]
    if missing:
        pkgs = sorted({d["package"] for d in missing if "package" in d})
        raise SystemExit(
            f"{len(missing)} document(s) missing, e.g. {source_of(missing[0])}; install: apt-get install -y "
            + " ".join(pkgs)
        )
    out = []
    for d in documents(part):
        dest = root / d["path"]
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source_of(d).is_dir():  # a bundle: the folder with its files
            shutil.copytree(source_of(d), dest, dirs_exist_ok=True)
        else:
            shutil.copyfile(source_of(d), dest)
        out.append(dest)
    return out


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load(part: str, root: Path | None = None) -> tuple[list[dict], list[dict]]:
    """(answerable, unanswerable) questions of ``part``; with ``root``, each answerable one gets ``abs_path``."""
    qa_name, un_name = SETS[part]
    answerable, unanswerable = read_jsonl(HERE / qa_name), read_jsonl(HERE / un_name)
    if root is not None:
        for q in answerable:
            q["abs_path"] = str((root / q["path"]).resolve())
    return answerable, unanswerable


def relevant(q: dict, path: str, page: int | None, line_start: int | None, line_end: int | None) -> bool:
    """A hit (a citation, a passage) is on the label: the labelled file; the labelled page where the label names
    one; and lines overlapping the labelled lines where the label names them and the hit has lines. ``also`` lists
    other places of the same file that answer the question as well (each a page and/or lines). A bundle's label
    (``BUNDLES``: a TextEdit .rtfd folder) is hit by its folder or by a file inside it (its TXT.rtf)."""
    hit = str(Path(path).resolve())
    inside = q.get("kind") in BUNDLES and hit.startswith(q["abs_path"].rstrip("/") + "/")
    if hit != q["abs_path"] and not inside:
        return False
    return any(_at(place, page, line_start, line_end) for place in [q, *q.get("also", [])])


def _at(place: dict, page: int | None, line_start: int | None, line_end: int | None) -> bool:
    if place.get("page") is not None and page != place["page"]:
        return False
    if place.get("line_start") is not None and line_start is not None and line_end is not None:
        return line_start <= place["line_end"] and line_end >= place["line_start"]
    return True


def flat(text: str) -> str:
    """Text compared as a reader reads it: NFKC, soft and line-end hyphens joined, quotes and dashes plain, whitespace runs
    as one space, lower case."""
    text = unicodedata.normalize("NFKC", text).replace("\ufffe", "").replace("\u00ad", "")
    text = re.sub(r"(\w)-\s*\n\s*(\w)", r"\1\2", text)
    for a, b in (
        ("\u2018", "'"),
        ("\u2019", "'"),
        ("\u201c", '"'),
        ("\u201d", '"'),
        ("\u2013", "-"),
        ("\u2014", "-"),
    ):
        text = text.replace(a, b)
    return " ".join(text.split()).lower()


def answer_found(q: dict, text: str) -> bool:
    """The answer fact(s) of ``q`` are in ``text``: ``all_of`` all present, and ``answer`` or one of ``answers``."""
    t = flat(text)
    if any(flat(a) not in t for a in q.get("all_of", [])):
        return False
    return any(flat(a) in t for a in [q["answer"], *q.get("answers", [])])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--part", choices=(*PARTS, "all"), default="all")
    args = ap.parse_args()
    paths = materialise(args.root, args.part)
    sys.stderr.write(f"{len(paths)} documents of part {args.part} in {args.root}\n")


if __name__ == "__main__":
    main()
