"""The real-document sets of issue 37 (eval/realdocs/): the labels on the documents committed with them (personal
notes, mail, office files, EPUBs, man pages, licence texts, info manuals, package documents,
source code, a changelog, a CSV, hand-written PDFs, a Texinfo PDF manual, LaTeX, configuration files, a LaTeX-typeset
PDF, Apple Mail .emlx messages, a TSV, an application log, an SQL schema, JSON settings, a DocBook-made PDF, a saved
web page, an Obsidian vault, TOML, a shell script, a GPX track, a gzipped PDF typeset by Apache FOP, Org-mode
notes, an iCalendar export, subtitles, a vCard export, an nginx configuration, a gzipped LaTeX paper, a WhatsApp
chat export, an OpenDocument spreadsheet, an AsciiDoc guide, an HTML-only newsletter, a two-column PDF, a Kindle's
clippings, a Teams transcript, a DOCX report with footnotes and tracked changes, a Sphinx HTML page, a slide deck as
PDF, a C header, a paged plain-text document, a reply deep in an e-mail thread, a podcast's RSS feed, a Perl POD file,
saved web pages, an ODP, a man page's troff source, a TextEdit .rtfd bundle, a filled-in PDF form, a BibTeX library,
screenshots, a scanned letter as a PDF with no text layer, a Makefile fragment, a Neovim init.lua, a phone's photo of
a printed letter, a Word draft with tracked changes and comments, JavaScript source, Markdown recipe notes, a short
story as an EPUB 3, a Day One journal in Markdown, a meeting invitation .eml with a calendar part, Go source, a
scanner's multi-page TIFF, a Docusaurus page in MDX, Swift source, a Perl script, a Google Docs export, TypeScript
source, voicemail transcripts, a system tool's configuration, a Texinfo manual as one HTML page, a Logseq graph, an
e-mail with a CSV attachment, Rust source, a book's page made by mdBook, a Telegram Desktop chat export, a Joplin RAW
export, an SMS Backup & Restore file, an API page made by rustdoc, a JupyterLab notebook, a Notion export, Bear's
TextBundles, a CMake module, a Slack workspace export, Google Keep notes from Takeout, an OFX bank statement, C source,
a Word 97-2003 .doc, an Excel 97-2003 .xls, a ChatGPT data export, Tcl source, a Day One JSON export, a TaskPaper
document, an Apple Numbers spreadsheet, an XML DTD, a Scrivener 3 project, a Fountain screenplay, an OPML outline,
a Vim script, a GEDCOM family tree, an Anki deck package, an XMind mind map, a PowerShell script, an Obsidian
canvas, a RIS library, a browser's bookmarks export, shadow's login.defs, a Beancount ledger, a Final Draft
screenplay, a Paprika recipe export, a udev rules file, a My Maps KML map, a WordPress export, a PGN game collection, an m4 macro file, a
Mastodon archive's outbox, a TCX workout export, an ABC tune book, a Debian machine-readable copyright file, a Trello
board's JSON export, todo.txt and done.txt, a Freeplane mind map, PAM's access.conf, a Messenger conversation from
Facebook's "Download Your Information", a Roam Research JSON export, a Google Tasks export from Takeout, GNU Wget's
sample wgetrc, Google Maps saved places from Takeout, a Simplenote export, a speech-to-text JSON transcript, debconf's
debconf.conf, an Apple Health export, a Zotero library as CSL JSON, a Telegram Desktop chat export in HTML)
hold against those files, and the parts stay apart. Questions on Debian packages' documents are checked by
``eval/realdocs/check.py`` where the packages are installed."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from eval.realdocs import check as realdocs_check
from eval.realdocs.realdocs import FILES, HERE, SETS, answer_found, documents, flat, load, relevant


def test_each_part_has_its_files():
    assert all((HERE / name).is_file() for names in SETS.values() for name in names)


def _files_of(path: str) -> set[str]:
    """The committed files a listed document is: itself, or a bundle's (a folder that is one document) files."""
    folder = FILES / path
    if folder.is_dir():
        return {str(p.relative_to(FILES)) for p in folder.rglob("*") if p.is_file()}
    return {path}


def _document_bytes(path: str) -> bytes:
    """A committed document's bytes; a bundle's are its files' names and bytes, in name order."""
    folder = FILES / path
    if not folder.is_dir():
        return folder.read_bytes()
    return b"".join(
        str(p.relative_to(folder)).encode() + b"\0" + p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    )


def test_committed_documents_are_listed_and_present():
    listed = set().union(*(_files_of(d["path"]) for d in documents() if "package" not in d))
    on_disk = {str(p.relative_to(FILES)) for p in FILES.rglob("*") if p.is_file()}
    assert listed == on_disk


def test_labels_on_committed_documents_hold():
    assert realdocs_check.check("all", committed_only=True) == []


def test_parts_share_no_document_and_every_question_is_on_its_part():
    parts = {d["path"]: d["part"] for d in documents()}
    for part in SETS:
        if not (HERE / SETS[part][0]).is_file():
            continue
        answerable, _ = load(part)
        assert all(parts[q["path"]] == part for q in answerable)
    assert len(parts) == len(documents())


def test_held_out_part_has_kinds_tuning_lacks_and_both_parts_have_unanswerables():
    kinds = {p: {d["kind"] for d in documents(p)} for p in SETS}
    assert kinds["heldout"] - kinds["tuning"] >= {"eml", "mbox", "docx", "xlsx", "pptx", "epub"}
    for part in SETS:
        answerable, unanswerable = load(part)
        assert len(unanswerable) >= 10 and len(answerable) >= 30
        assert {q["kind"] for q in unanswerable} == {"near-topic", "missing-term"}


def test_a_wrong_label_is_caught():
    q = next(x for x in load("tuning")[0] if x["kind"] == "notes")
    src = FILES / q["path"]
    unit = realdocs_check.unit_text(src, q)
    assert answer_found(q, unit)
    moved = {**q, "line_start": q["line_start"] + 1, "line_end": q["line_end"] + 1}
    assert not answer_found(moved, realdocs_check.unit_text(src, moved))
    assert not answer_found({**q, "all_of": ["a fact the note does not hold"]}, unit)
    assert realdocs_check.copied_run(q["quote"], unit) is not None


def test_flat_reads_as_a_reader_does():
    assert flat("exam-\nple  Wirtschaftsuniversit\u0061\u0308t") == "example wirtschaftsuniversität"
    assert flat("\u201cgrace period\u201d") == '"grace period"'


def test_relevant_needs_the_labelled_page_and_lines(tmp_path):
    f = tmp_path / "a.pdf"
    f.write_bytes(b"x")
    q = {"abs_path": str(f.resolve()), "page": 3}
    assert relevant(q, str(f), 3, 1, 4) and not relevant(q, str(f), 2, 1, 4)
    q = {"abs_path": str(f.resolve()), "line_start": 10, "line_end": 12}
    assert relevant(q, str(f), None, 12, 20) and not relevant(q, str(f), None, 13, 20)
    assert not relevant(q, str(tmp_path / "b.pdf"), None, 10, 12)
    q = {"abs_path": str(f.resolve()), "page": 34, "also": [{"page": 33}]}
    assert (
        relevant(q, str(f), 33, None, None)
        and relevant(q, str(f), 34, 1, 2)
        and not relevant(q, str(f), 35, 1, 2)
    )


def _perfect(part, root):
    """What a perfect system would show: each answer's facts, a citation on its label; unanswerables declined."""
    answerable, unanswerable = load(part, root)
    out = {}
    for q in answerable:
        text = " ".join([q["answer"], *q.get("all_of", [])])
        cite = {"n": 1, "path": q["abs_path"], "page": q.get("page"), "line_start": q.get("line_start"),
                "line_end": q.get("line_end"), "quote": text}  # fmt: skip
        out[q["id"]] = {"answer": text, "abstained": False, "hedged": False, "citations": [cite]}
    for q in unanswerable:
        out[q["id"]] = {"answer": "", "abstained": True, "hedged": False, "citations": []}
    return out


def test_score_gives_full_marks_to_the_labels_and_catches_each_failure(tmp_path):
    from eval.realdocs import score as S

    results = _perfect("heldout", tmp_path)
    fig = S.score(
        "heldout", tmp_path, results, pdf_page_text=lambda p, n: "Chapter 7: Connections 29\nbody\n"
    )
    assert fig["answer_holds_fact"] == fig["citation_on_label"] == fig["near_topic_declined_or_hedged"] == 1.0
    assert fig["answerable_hedged"] == 0.0 and fig["numbering_gaps"] == 0
    assert fig["quotes_starting_with_page_furniture"] == 0
    pdf_q = next(q for q in load("heldout", tmp_path)[0] if q["kind"] == "pdf-manual")
    r = results[pdf_q["id"]]
    r["citations"] = [
        {**r["citations"][0], "n": 2, "page": pdf_q["page"] + 1, "quote": "Chapter 7: Connections 29 x"}
    ]
    r["answer"] = "something else"
    un = next(q for q in load("heldout")[1] if q["kind"] == "near-topic")
    results[un["id"]] = {"answer": "port forwarding", "abstained": False, "hedged": False, "citations": []}
    fig = S.score(
        "heldout", tmp_path, results, pdf_page_text=lambda p, n: "Chapter 7: Connections 29\nbody\n"
    )
    assert fig["answer_holds_fact"] < 1.0 and fig["citation_on_label"] < 1.0
    assert fig["near_topic_declined_or_hedged"] < 1.0
    assert fig["numbering_gaps"] == 1 and fig["quotes_starting_with_page_furniture"] == 1
    assert (
        fig["by_kind"]["pdf-manual"]["answer_holds_fact"] < 1.0 == fig["by_kind"]["epub"]["answer_holds_fact"]
    )


def test_page_furniture_and_numbering():
    from eval.realdocs.score import numbering_gap, page_furniture, starts_with_furniture

    f, contents = page_furniture("Chapter 2: R Basics 10\nPlease always use the URL.\n")
    assert f == ["Chapter 2: R Basics 10"] and not contents
    assert starts_with_furniture("Chapter 2: R Basics 10 Please always", f, contents)
    assert not starts_with_furniture("Please always use the URL.", f, contents)
    toc = "\n".join(f"1.{i} Section . . . . . . . . {i}" for i in range(6))
    assert page_furniture(toc)[1]
    assert not numbering_gap([1, 2, 3]) and not numbering_gap([2, 1]) and not numbering_gap([])
    assert numbering_gap([1, 3, 4]) and numbering_gap([2, 3, 4, 5])
    assert numbering_gap([2, 1], ordered=True) and not numbering_gap([1, 2], ordered=True)


def test_second_held_out_part_is_of_kinds_no_other_part_has():
    kinds = {p: {d["kind"] for d in documents(p)} for p in SETS}
    assert kinds["heldout2"] == {"man-page", "license"}
    assert not kinds["heldout2"] & (kinds["tuning"] | kinds["heldout"])


def _fresh(part: str, new: set[str], *, exactly: bool = True) -> tuple[dict[str, bytes], set[str]]:
    """Assert that ``part`` brings the kinds ``new`` (its only kinds unless ``exactly`` is False), that no other part
    has them and that its committed documents share no bytes with another part's; give every committed document's
    bytes by path and the part's paths."""
    kinds = {p: {d["kind"] for d in documents(p)} for p in SETS}
    assert kinds[part] == new if exactly else new <= kinds[part]
    assert not new & set().union(*(kinds[p] for p in SETS if p != part))
    committed = {d["path"]: _document_bytes(d["path"]) for d in documents() if "package" not in d}
    mine = {d["path"] for d in documents(part)}
    assert not {committed[p] for p in mine} & {b for p, b in committed.items() if p not in mine}
    return committed, mine


def _regenerated(generator, folder: str, tmp_path, monkeypatch) -> dict[str, bytes]:
    """The files ``generator`` (a make_heldoutN module) writes, by their path under the documents root."""
    monkeypatch.setattr(generator, "OUT", tmp_path)
    generator.main()
    return {
        f"{folder}/{p.relative_to(tmp_path).as_posix()}": p.read_bytes()
        for p in tmp_path.rglob("*")
        if p.is_file()
    }


def _made_again(generator, folder: str, mine, committed, tmp_path, monkeypatch, drawn: tuple[str, ...] = ()):
    """``generator`` (a make_heldoutN module) writes exactly the committed files of ``folder`` again, byte for byte;
    a picture (a file ending in one of ``drawn``) only with the Pillow that drew it (its text is checked apart), and
    with the DejaVu fonts it draws with installed (else the test is skipped)."""
    import PIL

    from eval.realdocs import make_heldout16

    if drawn and not (make_heldout16.FONTS / "DejaVuSans.ttf").is_file():
        pytest.skip("the DejaVu fonts (fonts-dejavu-core) are not installed: the pictures cannot be redrawn")
    made = _regenerated(generator, folder, tmp_path / "made", monkeypatch)
    assert set(made) == {p for p in mine if p.startswith(f"{folder}/")}
    same_pillow = PIL.__version__ == getattr(generator, "DRAWN_WITH_PILLOW", PIL.__version__)
    for p in made:
        if same_pillow or not p.endswith(drawn):
            assert made[p] == committed[p], p


def _as_installed(data: bytes, installed: str) -> None:
    """A document committed as its Debian package ships it is the installed file's bytes, where that is installed."""
    path = Path(installed)
    if path.is_file():
        assert path.read_bytes() == data


def _labels_name_lines(committed: dict[str, bytes], q: dict) -> list[str]:
    """``q``'s label names lines of its committed file: the unit check.py reads is those lines. The file's lines."""
    lines = committed[q["path"]].decode("utf-8").split("\n")
    assert realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
        lines[q["line_start"] - 1 : q["line_end"]]
    )
    return lines


def _questions_beside(part: str, mine: set[str]) -> None:
    """Every question of ``part`` is on one of its documents, and each document has a near-topic question beside it."""
    answerable, unanswerable = load(part)
    assert {q["path"] for q in answerable} == mine
    assert {q["near"] for q in unanswerable if q["kind"] == "near-topic"} == mine


def test_third_held_out_part_brings_new_kinds_and_only_fresh_documents():
    kinds = {p: {d["kind"] for d in documents(p)} for p in SETS}
    new = {"info-manual", "package-doc"}
    assert new <= kinds["heldout3"]
    assert not new & set().union(*(kinds[p] for p in SETS if p != "heldout3"))
    # its mail, office and EPUB files are of kinds "heldout" has too, but they are other documents, other content
    assert kinds["heldout3"] - new <= kinds["heldout"]
    committed = {d["path"]: _document_bytes(d["path"]) for d in documents() if "package" not in d}
    ours = {committed[d["path"]] for d in documents("heldout3")}
    assert not ours & {b for p, b in committed.items() if p not in {d["path"] for d in documents("heldout3")}}


def test_fourth_held_out_part_brings_new_kinds_and_only_fresh_documents():
    new = {"source-code", "changelog", "csv"}
    _fresh("heldout4", new, exactly=False)
    assert {d["kind"] for d in documents("heldout4")} - new <= {d["kind"] for d in documents("heldout")}


def test_fifth_held_out_part_brings_new_kinds_and_only_fresh_documents():
    _fresh("heldout5", {"html-manual", "rst", "markdown-doc", "odt", "rtf", "notebook", "markdown-notes"})


def test_sixth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    from eval.realdocs import make_heldout6

    committed, mine = _fresh(
        "heldout6", {"pdf-private", "pdf-manual-texinfo", "latex", "config", "plain-notes-long"}
    )
    # the generator gives the committed bytes again (hand-written PDFs included)
    made = _regenerated(make_heldout6, "private6", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private6/")}


def test_seventh_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    from eval.realdocs import make_heldout7

    committed, mine = _fresh("heldout7", {"pdf-latex", "emlx", "tsv", "app-log", "sql", "json"})
    # the generator gives the committed bytes again (the .emlx messages' byte counts and property lists included)
    made = _regenerated(make_heldout7, "private7", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private7/")}
    # an .emlx file's first line is the byte count of the message that follows it
    for path in (p for p in mine if p.endswith(".emlx")):
        first, _, rest = committed[path].partition(b"\n")
        assert rest[int(first) :].startswith(b"<?xml") and rest[: int(first)].endswith(b"\n")


def test_eighth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    from eval.realdocs import make_heldout8

    committed, mine = _fresh(
        "heldout8", {"pdf-docbook", "html-saved-page", "obsidian", "toml", "shell-script", "xml"}
    )
    # the generator gives the committed bytes again (the vault's notes in their folder included)
    made = _regenerated(make_heldout8, "private8", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private8/")}
    _questions_beside("heldout8", mine)


def test_ninth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    from eval.realdocs import make_heldout9

    committed, mine = _fresh("heldout9", {"pdf-fop", "org", "ics", "subtitles", "vcard", "nginx-conf"})
    # the Debian manual is committed as it ships, still gzipped: a PDF inside
    assert gzip.decompress(committed["pdf5/valgrind_manual.pdf.gz"]).startswith(b"%PDF-")
    # the generator gives the committed bytes again
    made = _regenerated(make_heldout9, "private9", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private9/")}
    # the calendar and the contacts end their lines with CRLF, as RFC 5545 and RFC 2426 ask
    for path in ("private9/haldane-family-calendar.ics", "private9/contacts-2027-09-30.vcf"):
        assert committed[path].count(b"\n") == committed[path].count(b"\r\n")
    _questions_beside("heldout9", mine)


def test_tenth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import zipfile

    from eval.realdocs import make_heldout10

    committed, mine = _fresh("heldout10", {"pdf-paper", "chat-export", "ods", "asciidoc", "eml-html"})
    # the zlib package's paper is committed as it ships, still gzipped: a PDF inside
    assert gzip.decompress(committed["pdf6/crc-doc.1.0.pdf.gz"]).startswith(b"%PDF-")
    # the generator gives the committed bytes again
    made = _regenerated(make_heldout10, "private10", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private10/")}
    # the spreadsheet is an OpenDocument package: its first member is the mimetype, stored uncompressed
    with zipfile.ZipFile(FILES / "private10/brookfield-pta-fundraising-2027.ods") as z:
        first = z.infolist()[0]
        assert (first.filename, first.compress_type) == ("mimetype", zipfile.ZIP_STORED)
        assert z.read("mimetype") == b"application/vnd.oasis.opendocument.spreadsheet"
    # the newsletter has no plain-text part: its evidence is found in the text of its HTML
    message = realdocs_check.eml_text(FILES / "private10/hollybrook-spring-2027.eml")
    assert "Monday to Saturday: 9am to 6pm" in message and "<td" not in message
    _questions_beside("heldout10", mine)


def test_eleventh_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import zipfile

    from eval.realdocs import make_heldout11

    committed, mine = _fresh(
        "heldout11",
        {"pdf-two-column", "kindle-clippings", "meeting-transcript", "docx-report", "html-sphinx"},
    )
    # the Debian Python Policy is committed as it ships: one page of HTML made by Sphinx
    policy = committed["sphinx/python-policy.html"].decode("utf-8")
    assert "Created using" in policy and "Sphinx" in policy and "Debian Python Policy" in policy
    # the generator gives the committed bytes again (the hand-written PDF and the DOCX's zip included)
    made = _regenerated(make_heldout11, "private11", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private11/")}
    # a Kindle writes a byte order mark and CRLF line ends; the transcript is WebVTT with voice tags
    clippings = committed["private11/My Clippings.txt"]
    assert clippings.startswith(b"\xef\xbb\xbf") and clippings.count(b"\n") == clippings.count(b"\r\n")
    assert committed["private11/Website relaunch weekly sync.vtt"].startswith(b"WEBVTT\n\n")
    # the report reads as its tracked changes accepted, with its footnotes after the paragraphs that cite them
    report = FILES / "private11/pellingham-hall-solar-report-draft3.docx"
    with zipfile.ZipFile(report) as z:
        xml = z.read("word/document.xml")
        assert b"<w:del " in xml and b"<w:ins " in xml and b"w:docPartGallery" in xml
        assert {"word/footnotes.xml", "word/comments.xml", "word/header1.xml", "word/footer1.xml"} <= set(
            z.namelist()
        )
    lines = realdocs_check.docx_lines(report)
    assert (
        "We recommend the 8.2 kWp system of 20 panels from Brackley Solar, without a battery for now."
        in lines
    )
    assert not any("Sunvale Energy, without" in line or "Tuesday 11 May" in line for line in lines)
    assert any(
        line.endswith(
            "Applications close on Wednesday 30 June 2027; the working group will prepare ours in May."
        )
        for line in lines
    )
    _questions_beside("heldout11", mine)


def test_twelfth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import email
    import email.policy
    import re
    import xml.etree.ElementTree as ET

    from eval.realdocs import make_heldout12

    committed, mine = _fresh("heldout12", {"pdf-slides", "c-header", "text-paged", "eml-thread", "rss-feed"})
    # zlib's header is committed as it ships, its licence notice included
    header = committed["include/zlib.h"].decode("ascii")
    assert header.startswith("/* zlib.h -- interface of the 'zlib' general purpose compression library")
    assert "This notice may not be removed or altered from any source distribution." in header
    # the generator gives the committed bytes again (the hand-written PDF included)
    made = _regenerated(make_heldout12, "private12", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private12/")}
    # the slides are eleven landscape 16:9 pages
    slides = committed["private12/tollbridge-community-energy-agm-2027.pdf"]
    assert re.findall(rb"/MediaBox \[0 0 (\d+) (\d+)\]", slides) == [(b"960", b"540")] * 11
    # the house rules are pages of 56 lines between form feeds, each with its running header and numbered footer
    rules = committed["private12/greenway-house-rules-2027.txt"].decode("utf-8")
    pages = rules[:-1].split("\n\f\n")
    assert len(pages) == 6 and rules.count("\f") == 5
    assert all(len(page.split("\n")) == 56 for page in pages)
    assert all(page.split("\n")[-1].endswith(f"[Page {n}]") for n, page in enumerate(pages, 1))
    # the reply is one quoted-printable text/plain part; its current plan is at the top, the old one quoted below
    path = "private12/Re Annual dinner - the Riverside has double-booked us.eml"
    msg = email.message_from_bytes(committed[path], policy=email.policy.default)
    assert (msg.get_content_type(), msg["Content-Transfer-Encoding"]) == ("text/plain", "quoted-printable")
    assert b"=C2=A334 a head" in committed[path]
    body = realdocs_check.eml_text(FILES / path)
    assert body.index("6:30pm for 7pm") < body.index("> > > > for 7pm for 7:30pm")
    # the feed is RSS 2.0 with escaped HTML in its descriptions
    feed = ET.fromstring(committed["private12/the-repair-shed-feed.xml"])
    items = feed.findall("channel/item")
    assert feed.get("version") == "2.0" and len(items) == 10
    assert all(i.findtext("description").startswith("<p>") for i in items)
    _questions_beside("heldout12", mine)


def test_thirteenth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import xml.etree.ElementTree as ET
    import zipfile

    from eval.realdocs import make_heldout13

    committed, mine = _fresh("heldout13", {"vim-help", "hugo-post", "docx-cv", "enex"})
    # a chapter of Vim's user manual, committed as it ships: its own tag first, its help modeline last
    vim = committed["vim/usr_21.txt"].decode("utf-8")
    assert vim.startswith("*usr_21.txt*") and "ft=help" in vim.rstrip().rsplit("\n", 1)[-1]
    # the generator gives the committed bytes again
    made = _regenerated(make_heldout13, "private13", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private13/")}
    # the post is Hugo's source: front matter, then shortcodes among its paragraphs
    post = next(committed[p] for p in mine if p.endswith(".md")).decode("utf-8")
    assert post.startswith("---\n") and "{{<" in post
    # the CV is laid out in tables whose cells hold paragraphs
    cv = next(p for p in mine if p.endswith(".docx"))
    with zipfile.ZipFile(FILES / cv) as z:
        assert z.read("word/document.xml").count(b"<w:tbl>") >= 2
    # the export is Evernote's: notes whose ENML sits in CDATA sections
    enex = next(committed[p] for p in mine if p.endswith(".enex"))
    assert b"<!DOCTYPE en-export" in enex and enex.count(b"<![CDATA[") == enex.count(b"<note>") >= 5
    root = ET.fromstring(enex)
    assert root.tag == "en-export" and all("<en-note" in n.findtext("content") for n in root.findall("note"))
    _questions_beside("heldout13", mine)


def test_fourteenth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import email
    import email.policy
    import plistlib
    import xml.etree.ElementTree as ET
    import zipfile

    from eval.realdocs import make_heldout14

    committed, mine = _fresh("heldout14", {"pod", "webarchive", "mhtml", "odp"})
    # IO::Compress's FAQ in Perl's POD format, committed as it ships (compared where Perl's modules are installed)
    pod = committed["pod/FAQ.pod"]
    assert pod.startswith(b"\n=head1 NAME\n") and b"\n=head1 COPYRIGHT AND LICENSE\n" in pod
    _as_installed(pod, "/usr/share/perl/5.36.0/IO/Compress/FAQ.pod")
    # the generator gives the committed bytes again
    made = _regenerated(make_heldout14, "private14", tmp_path, monkeypatch)
    assert made == {p: committed[p] for p in mine if p.startswith("private14/")}
    # the web archive is Safari's binary property list: the page, then its stylesheet, image and script
    archive_path = next(p for p in mine if p.endswith(".webarchive"))
    assert committed[archive_path].startswith(b"bplist00")
    archive = plistlib.loads(committed[archive_path])
    main = archive["WebMainResource"]
    assert main["WebResourceMIMEType"] == "text/html" and main["WebResourceData"].startswith(
        b"<!DOCTYPE html>"
    )
    assert main["WebResourceFrameName"] == "" and main["WebResourceTextEncodingName"] == "UTF-8"
    assert [s["WebResourceMIMEType"] for s in archive["WebSubresources"]] == [
        "text/css",
        "image/png",
        "application/javascript",
    ]
    page_text = realdocs_check.webarchive_text(FILES / archive_path)
    assert page_text and "<" not in page_text and "cookie-consent" not in page_text
    # the MHTML is Chrome's: multipart/related, the page in quoted-printable with soft line breaks
    mhtml_path = next(p for p in mine if p.endswith(".mhtml"))
    data = committed[mhtml_path]
    msg = email.message_from_bytes(data, policy=email.policy.default)
    assert msg.get_content_type() == "multipart/related" and data.startswith(b"From: <Saved by Blink>\r\n")
    parts = list(msg.iter_parts())
    assert [p.get_content_type() for p in parts] == ["text/html", "text/css", "image/png"]
    assert parts[0]["Content-Transfer-Encoding"] == "quoted-printable"
    assert parts[0]["Content-Location"] == msg["Snapshot-Content-Location"] and all(
        p["Content-Location"] for p in parts
    )
    assert b"=3D" in data and b"=\r\n" in data and parts[2].get_payload(decode=True).startswith(b"\x89PNG")
    page_text = realdocs_check.mhtml_text(FILES / mhtml_path)
    assert page_text and "=3D" not in page_text and "<" not in page_text
    # the presentation is an OpenDocument package: its first member the mimetype, stored uncompressed
    odp_path = next(p for p in mine if p.endswith(".odp"))
    with zipfile.ZipFile(FILES / odp_path) as z:
        first = z.infolist()[0]
        assert (first.filename, first.compress_type) == ("mimetype", zipfile.ZIP_STORED)
        assert z.read("mimetype") == b"application/vnd.oasis.opendocument.presentation"
        content = ET.fromstring(z.read("content.xml"))
    draw = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
    presentation = "{urn:oasis:names:tc:opendocument:xmlns:presentation:1.0}"
    para = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}p"
    pages = list(content.iter(f"{draw}page"))
    assert len(pages) >= 5
    assert any(p.find(".//{urn:oasis:names:tc:opendocument:xmlns:table:1.0}table") is not None for p in pages)
    # a slide is read with its speaker notes (the notes page inside each draw:page), and most slides have notes
    slides = realdocs_check.odp_slides(FILES / odp_path)
    notes = [page.find(f"{presentation}notes") for page in pages]
    assert len(slides) == len(pages) and all(n is not None for n in notes)
    assert sum(any(True for _ in n.iter(para)) for n in notes) >= 5
    for text, n in zip(slides, notes):
        assert all("".join(p.itertext()) in text for p in n.iter(para))
    _questions_beside("heldout14", mine)


def test_fifteenth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import re

    import pypdfium2 as pdfium

    from eval.realdocs import make_heldout15
    from eval.realdocs.realdocs import materialise

    committed, mine = _fresh("heldout15", {"man-troff", "rtfd", "pdf-form", "bibtex"})
    # the man page's troff source, committed gzipped as Debian ships it (compared where apt is installed)
    man = committed["troff/sources.list.5.gz"]
    troff = gzip.decompress(man).decode("ascii")
    assert troff.startswith("'\\\" t\n") and '\n.TH "SOURCES\\&.LIST" "5" ' in troff and "\n.SH " in troff
    _as_installed(man, "/usr/share/man/man5/sources.list.5.gz")
    # its labels name lines of the decompressed source
    q = next(x for x in load("heldout15")[0] if x["kind"] == "man-troff")
    assert realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
        troff.split("\n")[q["line_start"] - 1 : q["line_end"]]
    )
    # the generator gives the committed bytes again (the bundle's two files included)
    made = _regenerated(make_heldout15, "private15", tmp_path, monkeypatch)
    assert made == {
        p: (FILES / p).read_bytes() for p in set().union(*map(_files_of, mine)) if p.startswith("private15/")
    }
    # the bundle is TextEdit's: a folder holding TXT.rtf (Cocoa RTF, paragraphs ended by a backslash and a line end)
    # and the picture that its \NeXTGraphic attachment names
    bundle = next(p for p in mine if p.endswith(".rtfd"))
    assert (FILES / bundle).is_dir() and sorted(p.name for p in (FILES / bundle).iterdir()) == [
        "Bramble.png",
        "TXT.rtf",
    ]
    rtf = (FILES / bundle / "TXT.rtf").read_bytes()
    assert (
        rtf.startswith(b"{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n")
        and b"\\\n" in rtf
        and not re.search(rb"\\par(?![a-z])", rtf)
    )
    assert re.findall(rb"\{\{\\NeXTGraphic ([^\\]+) \\width", rtf) == [b"Bramble.png"]
    lines = realdocs_check.rtfd_lines(FILES / bundle)
    assert lines[0] == "Notes for Jess: looking after Bramble" and lines.count("\u00ac") == 1
    assert not any("Bramble.png" in line or "\\" in line for line in lines)
    # a bundle is copied whole, and a citation of its TXT.rtf is a citation of the document
    materialise(tmp_path / "root", "heldout15")
    assert (tmp_path / "root" / bundle / "Bramble.png").is_file()
    q = next(x for x in load("heldout15", tmp_path / "root")[0] if x["kind"] == "rtfd")
    inside = str(tmp_path / "root" / bundle / "TXT.rtf")
    assert relevant(q, inside, None, q["line_start"], q["line_end"])
    assert not relevant({**q, "kind": "rtf"}, inside, None, q["line_start"], q["line_end"])
    # the form's answers are its fields' values: not page text, but read with the page they sit on
    form = next(p for p in mine if p.endswith(".pdf"))
    data = committed[form]
    assert b"/AcroForm" in data and data.count(b"/Subtype /Widget") == data.count(b"/AP <<") >= 20
    doc = pdfium.PdfDocument(data)
    try:
        printed = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()
    fields = realdocs_check.pdf_form_fields(data)
    assert len(fields) == len(printed) == 2
    assert "Registration number: HD21 KXR" in fields[0] and "Total to pay: \u00a392.00" in fields[1]
    assert "HD21 KXR" not in printed[0] and "HD21 KXR" in realdocs_check.pdf_page(FILES / form, 1)
    assert "I am the vehicle's registered keeper: Yes" in fields[0]
    # the library is BibTeX as JabRef writes it: unique keys, an entry's fields a line each
    bib = committed["private15/thesis-references.bib"].decode("utf-8")
    keys = re.findall(r"^@(?!String|Comment)\w+\{([^,]+),$", bib, flags=re.M)
    assert bib.startswith("% Encoding: UTF-8\n") and 20 <= len(keys) == len(set(keys)) <= 30
    assert bib.count("@Comment{jabref-meta:") >= 2 and "@String{" in bib
    _questions_beside("heldout15", mine)


def test_sixteenth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import io
    from pathlib import Path

    import pypdfium2 as pdfium
    from PIL import Image

    from eval.realdocs import heldout16_texts, make_heldout16
    from eval.realdocs.realdocs import materialise

    committed, mine = _fresh("heldout16", {"screenshot", "pdf-scan", "makefile", "lua-config"})
    # PGXS's makefile fragment, committed as Debian ships it (compared where PostgreSQL's client is installed)
    mk = committed["make/pgxs.mk"]
    assert mk.startswith(b"# PGXS: PostgreSQL extensions makefile\n") and b"\ninclude $(top_builddir)" in mk
    _as_installed(mk, "/usr/lib/postgresql/15/lib/pgxs/src/makefiles/pgxs.mk")
    # labels on the makefile and the Lua file name lines of the file
    for kind in ("makefile", "lua-config"):
        _labels_name_lines(committed, next(x for x in load("heldout16")[0] if x["kind"] == kind))
    # the screenshots are Retina PNGs (two pixels a point, 144 dpi), RGB, their text drawn, none stored as text
    shots = sorted(p for p in mine if p.endswith(".png"))
    sizes = {
        heldout16_texts.TRAIN_NAME: heldout16_texts.TRAIN_SIZE,
        heldout16_texts.BACKUP_NAME: heldout16_texts.BACKUP_SIZE,
    }
    for path in shots:
        image = Image.open(io.BytesIO(committed[path]))
        w, h = sizes[Path(path).name]
        assert image.format == "PNG" and image.mode == "RGB" and image.size == (2 * w, 2 * h)
        assert round(image.info["dpi"][0]) == 144
        assert b"Booking" not in committed[path] and b"Harbour" not in committed[path]
    # the scanned letter: two A4 pages, each one greyscale JPEG over the page and no text layer (Alcove's OCR reads it)
    scan = next(p for p in mine if p.endswith(".pdf"))
    data = committed[scan]
    assert (
        data.count(b"/Filter /DCTDecode") == 2 and b"/Font" not in data and b"/ColorSpace /DeviceGray" in data
    )
    doc = pdfium.PdfDocument(data)
    try:
        assert len(doc) == 2
        for i in range(2):
            page = doc[i]
            assert [round(v) for v in page.get_size()] == [595, 842]
            assert page.get_textpage().count_chars() == 0
    finally:
        doc.close()
    # its labels are checked against the text drawn on each page, which differs from page to page
    drawn = make_heldout16.drawn_text()
    pages = drawn[Path(scan).name]
    assert (
        len(pages) == 2 and "Colonoscopy appointment" in pages[0] and "Getting your bowel ready" in pages[1]
    )
    q = next(x for x in load("heldout16")[0] if x["kind"] == "pdf-scan")
    assert realdocs_check.unit_text(FILES / scan, q) == pages[q["page"] - 1]
    # a screenshot's label names the file only: OCR gives an image one page with no number
    materialise(tmp_path / "root", "heldout16")
    q = next(x for x in load("heldout16", tmp_path / "root")[0] if x["kind"] == "screenshot")
    assert "page" not in q and "line_start" not in q
    assert relevant(q, q["abs_path"], None, None, None) and relevant(q, q["abs_path"], None, 3, 4)
    _questions_beside("heldout16", mine)
    # the generator gives the committed bytes again (the pictures' text is checked above)
    _made_again(make_heldout16, "private16", mine, committed, tmp_path, monkeypatch, (".png", ".pdf"))


def test_seventeenth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import io
    import re
    import zipfile

    from PIL import Image, ImageOps

    from eval.realdocs import heldout17_texts as T
    from eval.realdocs import make_heldout17
    from eval.realdocs.realdocs import materialise

    committed, mine = _fresh("heldout17", {"photo", "docx-tracked", "js-source", "recipes-md"})
    qa = load("heldout17")[0]
    # Sphinx's searchtools.js, committed as Debian ships it (compared where libjs-sphinxdoc is installed)
    js = committed["js/searchtools.js"]
    assert js.startswith(b"/*\n * searchtools.js\n") and js.count(b"\n") == 577
    _as_installed(js, "/usr/share/javascript/sphinxdoc/1.0/searchtools.js")
    for kind in ("js-source", "recipes-md"):  # their labels name lines of the file
        _labels_name_lines(committed, next(x for x in qa if x["kind"] == kind))
    # the photo: an iPhone's JPEG stored landscape, shown portrait by its EXIF Orientation; its labels name the file
    photo = f"private17/{T.PHOTO_NAME}"
    image = Image.open(io.BytesIO(committed[photo]))
    exif = image.getexif()
    assert image.format == "JPEG" and image.size == (4032, 3024) and len(committed[photo]) < 2_500_000
    assert (exif[0x0112], exif[0x010F], exif[0x0110]) == (6, "Apple", "iPhone 13")
    assert ImageOps.exif_transpose(image).size == (3024, 4032) and b"Castlebeck" not in committed[photo]
    q = next(x for x in qa if x["kind"] == "photo")
    assert realdocs_check.unit_text(FILES / photo, q) == make_heldout17.drawn_text()[T.PHOTO_NAME][0]
    materialise(tmp_path / "root", "heldout17")
    q = next(x for x in load("heldout17", tmp_path / "root")[0] if x["kind"] == "photo")
    assert "page" not in q and "line_start" not in q and relevant(q, q["abs_path"], None, None, None)
    # the draft: two reviewers' insertions and deletions, a move, four comments; labels read it with changes
    # accepted, and a comment's answer is found only by a label tagged "comment"
    docx_path = f"private17/{T.DOCX_NAME}"
    with zipfile.ZipFile(FILES / docx_path) as z:
        doc = z.read("word/document.xml").decode("utf-8")
        assert z.read("word/comments.xml").count(b"<w:comment ") == 4
    assert (
        doc.count("<w:ins ") >= 8
        and doc.count("<w:del ") >= 8
        and "<w:moveFrom " in doc
        and "<w:moveTo " in doc
    )
    assert {"Priya Raman", "Daniel Okoye"} <= set(re.findall(r'w:author="([^"]+)"', doc))
    text = realdocs_check.whole_text(FILES / docx_path)
    assert "fourteen black" in text and "twelve" not in text and "£500" not in text and "£500" in doc
    assert text.count("6.3 The Illustrator will keep") == 1
    for q in (x for x in qa if "comment" in x["tags"]):
        plain = {**q, "tags": []}
        assert answer_found(q, realdocs_check.unit_text(FILES / docx_path, q))
        assert not answer_found(plain, realdocs_check.unit_text(FILES / docx_path, plain))
    _questions_beside("heldout17", mine)
    # the generator gives the committed bytes again; the photo only with the Pillow that drew it
    _made_again(make_heldout17, "private17", mine, committed, tmp_path, monkeypatch, (".JPG",))


def test_eighteenth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import datetime as dt
    import email
    import email.policy
    import re
    import zipfile

    from eval.realdocs import heldout18_texts as T
    from eval.realdocs import make_heldout18
    from eval.realdocs.realdocs import materialise

    committed, mine = _fresh("heldout18", {"epub-fiction", "journal-md", "eml-invite", "go-source"})
    qa = load("heldout18")[0]
    # git's persistent-https client.go, committed as Debian ships it (compared where git's docs are installed)
    go = committed["go/client.go"]
    assert go.startswith(b"// Copyright 2012 Google Inc.") and go.count(b"\n") == 189
    _as_installed(go, "/usr/share/doc/git/contrib/persistent-https/client.go")
    for kind in ("go-source", "journal-md"):  # their labels name lines of the file
        for q in (x for x in qa if x["kind"] == kind):
            lines = _labels_name_lines(committed, q)
            if kind == "journal-md":  # an entry, from its date heading
                assert lines[q["line_start"] - 1].startswith("# "), q["id"]
    # the journal: each heading's weekday is its date's, in date order
    journal = committed[f"private18/{T.JOURNAL_NAME}"].decode("utf-8")
    heads = re.findall(r"^# (\w+), (\d+) (\w+) (\d{4})$", journal, re.M)
    days = [dt.datetime.strptime(f"{d} {m} {y}", "%d %B %Y").date() for _, d, m, y in heads]
    assert len(heads) == 32 and days == sorted(days)
    assert all(day.strftime("%A") == w for (w, *_), day in zip(heads, days))
    # the story: the title page, then four chapters in the spine; the nav document is not in it; labels name a chapter
    epub = f"private18/{T.EPUB_NAME}"
    with zipfile.ZipFile(FILES / epub) as z:
        assert z.infolist()[0].filename == "mimetype" and z.read("mimetype") == b"application/epub+zip"
        assert 'properties="nav"' in z.read("OEBPS/content.opf").decode("utf-8")
    chapters = realdocs_check.epub_chapters(FILES / epub)
    assert (
        len(chapters) == 5 and "A short story" in chapters[0] and 'epub:type="toc"' not in "".join(chapters)
    )
    for q in (x for x in qa if x["kind"] == "epub-fiction"):
        assert "line_start" not in q and 2 <= q["page"] <= 5
    # the invitation: plain and HTML bodies and a calendar request with its event; labels name the file only
    eml = f"private18/{T.EML_NAME}"
    msg = email.message_from_bytes(committed[eml], policy=email.policy.default)
    plain, html, cal = msg.get_payload()
    assert (plain.get_content_type(), html.get_content_type(), cal.get_content_type()) == (
        "text/plain",
        "text/html",
        "text/calendar",
    )
    ics = cal.get_content().replace("\r\n ", "").replace("\n ", "")
    assert cal.get_param("method") == "REQUEST" and "METHOD:REQUEST" in ics and ics.count("ATTENDEE;") == 4
    assert (
        "DTSTART;TZID=GMT Standard Time:20270413T103000" in ics
        and "DTEND;TZID=GMT Standard Time:20270413T111500" in ics
    )
    assert "LOCATION;LANGUAGE=en-GB:14 Orchard Rise\\, Whitford" in ics and "ORGANIZER;CN=" in ics
    materialise(tmp_path / "root", "heldout18")
    for q in (x for x in load("heldout18", tmp_path / "root")[0] if x["kind"] == "eml-invite"):
        assert "page" not in q and "line_start" not in q and relevant(q, q["abs_path"], None, None, None)
    _questions_beside("heldout18", mine)
    # the generator gives the committed bytes again
    _made_again(make_heldout18, "private18", mine, committed, tmp_path, monkeypatch)


def test_nineteenth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import io
    import re

    from PIL import Image

    from eval.realdocs import heldout19_texts as T
    from eval.realdocs import make_heldout19
    from eval.realdocs.realdocs import materialise

    committed, mine = _fresh("heldout19", {"tiff-scan", "docusaurus-mdx", "swift-source", "perl-script"})
    qa = load("heldout19")[0]
    # lsof's big_brother.pl, committed as Debian ships it (compared where lsof is installed)
    pl = committed["perl/big_brother.pl"]
    assert pl.startswith(b"#!/usr/bin/perl -w\n") and pl.count(b"\n") == 210
    _as_installed(pl, "/usr/share/doc/lsof/examples/big_brother.pl")
    for q in (x for x in qa if x["kind"] in ("docusaurus-mdx", "swift-source", "perl-script")):
        _labels_name_lines(committed, q)  # lines of the file
    # the Docusaurus page: front matter, the theme's imports, tabs and admonitions; the Swift file's sections
    mdx = committed[f"private19/{T.MDX_NAME}"].decode("utf-8")
    assert mdx.startswith("---\nid: configuration\n") and "import TabItem from '@theme/TabItem';" in mdx
    assert mdx.count("<Tabs ") == mdx.count("</Tabs>") == 4 and mdx.count("<TabItem ") == mdx.count(
        "</TabItem>"
    )
    assert {":::tip", ":::warning", ":::note", ":::danger[", ":::info["} <= set(
        re.findall(r"^:::\w+\[?", mdx, re.M)
    )
    swift = committed[f"private19/{T.SWIFT_NAME}"].decode("utf-8")
    assert swift.count("// MARK: - ") == 8 and swift.count("///") >= 30
    # the scan: one TIFF, a frame a page (A4, 300 dpi, 1 bit, Group 4), no text in the file; a label names its page,
    # frame N, and is checked against the text drawn on that frame
    tiff = f"private19/{T.TIFF_NAME}"
    image = Image.open(io.BytesIO(committed[tiff]))
    assert image.format == "TIFF" and image.n_frames == 3 and len(committed[tiff]) < 3_000_000
    for i in range(3):
        image.seek(i)
        assert image.mode == "1" and image.size == (2480, 3508) and image.info["compression"] == "group4"
        assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
    assert b"Fernhill" not in committed[tiff] and b"412.80" not in committed[tiff]
    pages = make_heldout19.drawn_text()[T.TIFF_NAME]
    assert [p.count("Page ") for p in pages] == [1, 1, 1] and "Your cover from 1 April 2027" in pages[1]
    for q in (x for x in qa if x["kind"] == "tiff-scan"):
        assert "line_start" not in q and realdocs_check.unit_text(FILES / tiff, q) == pages[q["page"] - 1]
    assert {q["page"] for q in qa if q["kind"] == "tiff-scan"} == {1, 2, 3}
    materialise(tmp_path / "root", "heldout19")
    for q in (x for x in load("heldout19", tmp_path / "root")[0] if x["kind"] == "tiff-scan"):
        other = q["page"] % 3 + 1
        assert relevant(q, q["abs_path"], q["page"], None, None)
        assert not relevant(q, q["abs_path"], other, None, None) or {"page": other} in q.get("also", [])
    _questions_beside("heldout19", mine)
    # the generator gives the committed bytes again; the scan only with the Pillow that drew it
    _made_again(make_heldout19, "private19", mine, committed, tmp_path, monkeypatch, (".tiff",))


def test_twentieth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import re
    import zipfile

    from eval.realdocs import heldout20_texts as T
    from eval.realdocs import make_heldout20

    committed, mine = _fresh("heldout20", {"docx-gdocs", "ts-source", "voicemail-transcript", "etc-conf"})
    qa = load("heldout20")[0]
    # adduser.conf, committed as Debian ships it (compared where adduser is installed): every setting commented out
    conf = committed["conf/adduser.conf"]
    assert conf.startswith(b"# /etc/adduser.conf: `adduser' configuration.\n") and conf.count(b"\n") == 97
    assert not re.search(rb"^[A-Z_]+=", conf, re.M) and conf.count(b"# Default: ") == 17
    _as_installed(conf, "/usr/share/doc/adduser/examples/adduser.conf")
    for q in (x for x in qa if x["kind"] in ("ts-source", "voicemail-transcript", "etc-conf")):
        _labels_name_lines(committed, q)  # lines of the file
    ts = committed[f"private20/{T.TS_NAME}"].decode("utf-8")
    assert ts.count("export enum ") == 2 and ts.count("interface ") == 2 and "@defaultValue" in ts
    voicemails = committed[f"private20/{T.VOICEMAIL_NAME}"].decode("utf-8")
    assert [int(n) for n in re.findall(r"^Message (\d) of 3$", voicemails, re.M)] == [1, 2, 3]
    # the plan: a Google Docs export (no docProps, Google's rsids and link colour, checklists whose bullet is a
    # ballot box and whose ticked items are struck through); its lines as check.py reads them are the lines written
    docx_path = f"private20/{T.DOCX_NAME}"
    with zipfile.ZipFile(FILES / docx_path) as z:
        names = z.namelist()
        doc = z.read("word/document.xml").decode("utf-8")
        numbering = z.read("word/numbering.xml").decode("utf-8")
    assert not any(n.startswith("docProps/") for n in names) and "word/numbering.xml" in names
    assert (
        'w:rsidR="00000000"' in doc and '<w:color w:val="1155cc"/>' in doc and doc.count("<w:hyperlink ") == 4
    )
    assert 'w:lvlText w:val="\u2610"' in numbering and "_heading=h.gjdgxs" in doc
    ticked = sum(1 for b in T.TRIP if b[0] == "check" and b[2])
    assert ticked and len(re.findall(r"<w:p [^>]*>(?:(?!</w:p>).)*<w:strike w:val=\"1\"/>", doc)) == ticked
    lines = realdocs_check.docx_lines(FILES / docx_path)
    assert lines == make_heldout20.plan_lines() == realdocs_check.docx_xml_lines(FILES / docx_path)
    for q in (x for x in qa if x["kind"] == "docx-gdocs"):
        assert "page" not in q and realdocs_check.unit_text(FILES / docx_path, q) == "\n".join(
            lines[q["line_start"] - 1 : q["line_end"]]
        )
    assert {t for q in qa for t in q["tags"]} >= {"checklist", "hyperlink", "spoken", "default", "table"}
    _questions_beside("heldout20", mine)
    # the generator gives the committed bytes again
    _made_again(make_heldout20, "private20", mine, committed, tmp_path, monkeypatch)


def test_twenty_first_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import email
    import email.policy
    import re

    from eval.realdocs import heldout21_texts as T
    from eval.realdocs import make_heldout21

    committed, mine = _fresh("heldout21", {"html-texinfo", "logseq", "eml-attachment", "rust-source"})
    qa = load("heldout21")[0]
    # GNU time's manual, committed as Debian ships it (compared where time is installed): one page made by makeinfo
    manual = committed["texinfo/time.html"]
    assert b"Created by GNU Texinfo 6.8" in manual and b'<meta name="Generator" content="makeinfo">' in manual
    _as_installed(manual, "/usr/share/doc/time/time.html")
    source = realdocs_check.html_source_lines(manual.decode("utf-8"))
    for q in (x for x in qa if x["kind"] == "html-texinfo"):
        assert "page" not in q and realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
            source[q["line_start"] - 1 : q["line_end"]]
        )
    for q in (x for x in qa if x["kind"] in ("logseq", "rust-source")):
        _labels_name_lines(committed, q)  # lines of the file
    # the Logseq graph: journal pages named by their dates, named pages with page properties first, outlines
    # indented with tabs, block properties, a block reference and its id, tasks with dates and a clock
    graph = {p: committed[p].decode("utf-8") for p in mine if p.startswith(f"private21/{T.GRAPH}/")}
    assert {re.sub(r".*/(journals|pages)/.*", r"\1", p) for p in graph} == {"journals", "pages"} and len(
        graph
    ) == 5
    notes = "\n".join(graph.values())
    assert f"id:: {T.HAZEL_BLOCK_ID}" in notes and f"(({T.HAZEL_BLOCK_ID}))" in notes and "\n\t\t- " in notes
    assert all(re.search(rf"^\t*- {w} ", notes, re.M) for w in ("TODO", "DONE", "DOING", "LATER"))
    assert "SCHEDULED: <2027-" in notes and "DEADLINE: <2027-" in notes and ":LOGBOOK:\n" in notes
    assert all(text.startswith("- ") == ("/journals/" in p) for p, text in graph.items())
    # the football e-mail: a Gmail message whose fixtures are only in its base64 CSV attachment
    eml = committed[f"private21/{T.EML_NAME}"]
    msg = email.message_from_bytes(eml, policy=email.policy.default)
    assert [p.get_content_type() for p in msg.walk()] == [
        "multipart/mixed",
        "multipart/alternative",
        "text/plain",
        "text/html",
        "text/csv",
    ]
    (attached,) = msg.iter_attachments()
    assert attached["Content-Transfer-Encoding"] == "base64" and attached.get_filename() == T.CSV_NAME
    text = realdocs_check.eml_text(FILES / f"private21/{T.EML_NAME}")
    body, _, csv_text = text.partition(f"Attachment: {T.CSV_NAME}\n")
    assert csv_text.startswith("Date,Kick-off,") and T.CSV_NAME.encode() in eml and b"NO GAME" not in eml
    for q in (x for x in qa if x["kind"] == "eml-attachment"):
        assert "page" not in q and "line_start" not in q
        evidence = flat(q["evidence"])
        assert evidence in flat(csv_text) if "attachment" in q["tags"] else evidence in flat(body), q["id"]
    # the Rust module: module docs, doc comments, a test module
    rust = committed[f"private21/{T.RUST_NAME}"].decode("utf-8")
    assert rust.startswith("//! ") and rust.count("\n/// ") >= 40 and "#[cfg(test)]\nmod tests {" in rust
    assert {t for q in qa for t in q["tags"]} >= {"attachment", "property", "table", "code", "list-item"}
    _questions_beside("heldout21", mine)
    # the generator gives the committed bytes again
    _made_again(make_heldout21, "private21", mine, committed, tmp_path, monkeypatch)


def test_twenty_second_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import json
    import os
    import re
    import xml.etree.ElementTree as ET

    from eval.realdocs import heldout22_texts as T
    from eval.realdocs import make_heldout22

    kinds = {"html-mdbook", "telegram-json", "joplin", "joplin-item", "sms-backup-xml"}
    committed, mine = _fresh("heldout22", kinds)
    qa = load("heldout22")[0]
    # the Cargo Book's Profiles page as mdBook made it, committed as Rust 1.95.0's rust-docs ship it (compared where
    # rustup installed that toolchain's documentation: a later toolchain's page is another page)
    page = committed["mdbook/profiles.html"]
    assert b"<!-- Book generated using mdBook -->" in page and b"<main>" in page and b"</main>" in page
    rustup = (
        Path(os.environ.get("RUSTUP_HOME", Path.home() / ".rustup"))
        / "toolchains/stable-x86_64-unknown-linux-gnu"
    )
    manifest = rustup / "lib/rustlib/multirust-channel-manifest.toml"
    if manifest.is_file() and '[pkg.rust-docs]\nversion = "1.95.0 ' in manifest.read_text(encoding="utf-8"):
        _as_installed(page, str(rustup / "share/doc/rust/html/cargo/reference/profiles.html"))
    source = realdocs_check.html_source_lines(page.decode("utf-8"))
    main = [line.strip() for line in page.decode("utf-8").split("\n")].index("<main>") + 1
    for q in (x for x in qa if x["kind"] == "html-mdbook"):
        assert "page" not in q and realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
            source[q["line_start"] - 1 : q["line_end"]]
        )
        assert all(main < p["line_start"] for p in [q, *q.get("also", [])])  # in the chapter, not the menus
    for q in (x for x in qa if x["kind"] in ("telegram-json", "joplin", "sms-backup-xml")):
        _labels_name_lines(committed, q)  # lines of the file
    # the Telegram export: Telegram Desktop's JSON (one space an indentation level, no newline at the end); each label
    # is one message's object, from its opening brace to its closing one
    chat_path = f"private22/{T.CHAT_FOLDER}/result.json"
    chat = committed[chat_path].decode("utf-8")
    data = json.loads(chat)
    assert (
        list(data) == ["name", "type", "id", "messages"]
        and chat.startswith('{\n "name": ')
        and chat.endswith("\n ]\n}")
    )
    lines = chat.split("\n")
    for q in (x for x in qa if x["kind"] == "telegram-json"):
        block = lines[q["line_start"] - 1 : q["line_end"]]
        assert block[0] == "  {" and block[-1] in ("  }", "  },"), q["id"]
        message = json.loads("\n".join(block).rstrip(","))
        assert message in data["messages"] and message["type"] == "message"
    messages = data["messages"]
    assert {m.get("action") for m in messages} >= {"create_group", "pin_message", "invite_members"}
    assert any(isinstance(m["text"], list) for m in messages) and any("poll" in m for m in messages)
    assert any("edited" in m for m in messages) and any("forwarded_from" in m for m in messages)
    assert sum("reply_to_message_id" in m for m in messages) >= 20 and T.NOT_INCLUDED in chat
    # the Joplin export: an <id>.md a notebook, note, tag or note-tag link; the questions are on the notes, each
    # label in the note's title and body, before its metadata
    export = {p: committed[p].decode("utf-8") for p in mine if p.startswith(f"private22/{T.JOPLIN_FOLDER}/")}
    item_type = {p: int(re.search(r"\ntype_: (\d)$", t)[1]) for p, t in export.items()}
    assert sorted(set(item_type.values())) == [1, 2, 5, 6]
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout22")}
    assert all(doc_kind[p] == ("joplin" if n == 1 else "joplin-item") for p, n in item_type.items())
    for p, text in export.items():
        assert re.fullmatch(r"[0-9a-f]{32}", Path(p).stem) and f"id: {Path(p).stem}\n" in text
    for q in (x for x in qa if x["kind"] == "joplin"):
        metadata = export[q["path"]].split("\n").index(f"id: {Path(q['path']).stem}") + 1
        assert all(p["line_end"] < metadata for p in [q, *q.get("also", [])])
    # the SMS backup: XML as SMS Backup & Restore writes it; each label is one <sms> line or one <mms> element
    sms = committed[f"private22/{T.SMS_NAME}"].decode("utf-8")
    assert sms.startswith(
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<!--File Created By SMS Backup"
    )
    root = ET.fromstring(sms.encode("utf-8"))
    assert (
        root.tag == "smses"
        and int(root.get("count")) == len(root)
        and root.find("mms/parts/part") is not None
    )
    sms_lines = sms.split("\n")
    for q in (x for x in qa if x["kind"] == "sms-backup-xml"):
        block = "\n".join(sms_lines[q["line_start"] - 1 : q["line_end"]]).strip()
        element = ET.fromstring(block.encode("utf-8"))
        assert element.tag in ("sms", "mms") and (element.tag == "mms") == block.endswith("</mms>")
        utc = make_heldout22.dt.datetime.fromtimestamp(int(element.get("date")) / 1000, make_heldout22.UTC)
        assert element.get("readable_date") == make_heldout22.readable(utc)
    assert {t for q in qa for t in q["tags"]} >= {
        "poll",
        "forwarded",
        "edited",
        "reply",
        "mms",
        "checklist",
        "table",
    }
    notes = {p for p in mine if doc_kind[p] != "joplin-item"}
    _questions_beside("heldout22", notes)
    # the generator gives the committed bytes again
    _made_again(make_heldout22, "private22", mine, committed, tmp_path, monkeypatch)


def test_twenty_third_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import base64
    import csv
    import io
    import json
    import os
    import re
    from urllib.parse import unquote

    from eval.realdocs import heldout23_texts as T
    from eval.realdocs import make_heldout23

    kinds = {"html-rustdoc", "ipynb", "notion", "notion-csv", "textbundle", "textbundle-item"}
    committed, mine = _fresh("heldout23", kinds)
    qa = load("heldout23")[0]
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout23")}
    # the standard library's page on std::process::Command as rustdoc made it, committed as Rust 1.95.0's rust-docs
    # ship it (compared where rustup installed that toolchain's documentation: a later toolchain's page is another)
    page = committed["rustdoc/struct.Command.html"]
    assert b'<meta name="generator" content="rustdoc">' in page and b"<main>" in page and b"</main>" in page
    rustup = (
        Path(os.environ.get("RUSTUP_HOME", Path.home() / ".rustup"))
        / "toolchains/stable-x86_64-unknown-linux-gnu"
    )
    manifest = rustup / "lib/rustlib/multirust-channel-manifest.toml"
    if manifest.is_file() and '[pkg.rust-docs]\nversion = "1.95.0 ' in manifest.read_text(encoding="utf-8"):
        _as_installed(page, str(rustup / "share/doc/rust/html/std/process/struct.Command.html"))
    html_lines = page.decode("utf-8").split("\n")
    main = next(n for n, line in enumerate(html_lines, 1) if "<main>" in line)
    main_end = next(n for n, line in enumerate(html_lines, 1) if "</main>" in line)
    source = realdocs_check.html_source_lines(page.decode("utf-8"))
    for q in (x for x in qa if x["kind"] == "html-rustdoc"):
        assert "page" not in q and realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
            source[q["line_start"] - 1 : q["line_end"]]
        )
        assert all(main < p["line_start"] <= p["line_end"] < main_end for p in [q, *q.get("also", [])])
    # the notebook: nbformat 4.5 as JupyterLab writes it (keys sorted, one space an indentation level, a newline at
    # the end), outputs of every kind; a label is a cell (page N is cell N), its evidence in the cell's outputs when
    # the question is tagged "output", else in its source
    nb_text = committed[f"private23/{T.NOTEBOOK_NAME}"].decode("utf-8")
    nb = json.loads(nb_text)
    assert nb["nbformat"] == 4 and nb["nbformat_minor"] == 5
    assert nb_text == json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    outputs = [o for c in nb["cells"] for o in c.get("outputs", [])]
    assert {o["output_type"] for o in outputs} == {"stream", "execute_result", "display_data", "error"}
    assert any({"text/plain", "text/html"} <= set(o.get("data", {})) for o in outputs)
    (picture,) = [o["data"]["image/png"] for o in outputs if "image/png" in o.get("data", {})]
    assert base64.b64decode(picture).startswith(b"\x89PNG\r\n\x1a\n")
    (error,) = [o for o in outputs if o["output_type"] == "error"]
    assert all("\x1b[" in line for line in error["traceback"]) and "\\u001b[" in nb_text
    for q in (x for x in qa if x["kind"] == "ipynb"):
        assert "line_start" not in q and 1 <= q["page"] <= len(nb["cells"])
        cell = nb["cells"][q["page"] - 1]
        said = "".join(
            "".join(o.get("text") or o.get("data", {}).get("text/plain", [])) for o in cell.get("outputs", [])
        )
        where = said if "output" in q["tags"] else "".join(cell["source"])
        assert flat(q["evidence"]) in flat(where), q["id"]
    # the Notion export: pages and a database's CSV files named "<title> <32 hex digits>", a page for each row with
    # its properties after its title, links URL-encoded relative paths between the export's files
    export = {p: committed[p].decode("utf-8") for p in mine if p.startswith(f"private23/{T.NOTION_FOLDER}/")}
    for path, text in export.items():
        assert re.fullmatch(r".+ [0-9a-f]{32}(_all)?\.(md|csv)", Path(path).name), path
        assert doc_kind[path] == ("notion-csv" if path.endswith(".csv") else "notion")
        if path.endswith(".md"):
            assert text.startswith("# ") and not text.endswith("\n")
            for target in re.findall(r"\]\(([^)]+)\)", text):
                assert "%20" in target and f"{Path(path).parent.as_posix()}/{unquote(target)}" in export
        else:
            assert text.startswith("\ufeffName,Category,Status,")
    tables = {
        p: list(csv.DictReader(io.StringIO(t.lstrip("\ufeff"))))
        for p, t in export.items()
        if p.endswith(".csv")
    }
    (every,) = [rows for p, rows in tables.items() if p.endswith("_all.csv")]
    (view,) = [rows for p, rows in tables.items() if not p.endswith("_all.csv")]
    assert view == [r for r in every if r["Status"] == "Booked"] and len(view) < len(every)
    for row in every:
        (row_page,) = [
            t for p, t in export.items() if re.search(rf"/{re.escape(row['Name'])} [0-9a-f]{{32}}\.md$", p)
        ]
        head = row_page.split("\n\n")[1].split("\n")
        assert head == [f"{k}: {v}" for k, v in row.items() if k != "Name" and v]
    assert "<aside>" in "".join(export.values()) and "\n    \n    " in "".join(export.values())
    # the Bear notes: a TextBundle a note, its text.markdown (the title first), Bear's info.json, its pictures in
    # assets/; every label on a note's text.markdown
    bundles = {
        Path(p).parent.as_posix() for p in mine if ".textbundle/" in p and p.endswith("/text.markdown")
    }
    assert len(bundles) == len(T.BEAR_NOTES)
    for bundle in bundles:
        text = committed[f"{bundle}/text.markdown"].decode("utf-8")
        assert text.startswith(f"# {Path(bundle).stem}\n#brewing/")
        info = json.loads(committed[f"{bundle}/info.json"])
        assert (
            info["creatorIdentifier"] == "net.shinyfrog.bear"
            and info["type"] == "net.daringfireball.markdown"
        )
        assert (
            info["transient"] is True
            and info["version"] == 2
            and "uniqueIdentifier" in info["net.shinyfrog.bear"]
        )
        for asset in re.findall(r"!\[\]\((assets/[^)]+)\)", text):
            assert committed[f"{bundle}/{asset}"].startswith(b"\x89PNG\r\n\x1a\n")
        assert (
            doc_kind[f"{bundle}/text.markdown"] == "textbundle"
            and doc_kind[f"{bundle}/info.json"] == "textbundle-item"
        )
    for q in (x for x in qa if x["kind"] in ("notion", "notion-csv", "textbundle")):
        _labels_name_lines(committed, q)  # lines of the file
    assert {t for q in qa for t in q["tags"]} >= {
        "output",
        "callout",
        "toggle",
        "highlight",
        "checklist",
        "table",
    }
    # the questions: on the part's documents (never on a TextBundle's metadata or picture); two or more near-topic
    # unanswerables beside each of the four kinds of document
    _, unanswerable = load("heldout23")
    assert {q["path"] for q in qa} <= {p for p in mine if doc_kind[p] != "textbundle-item"}
    family = {"html-rustdoc": "rustdoc", "ipynb": "notebook", "notion": "notion", "notion-csv": "notion"}
    near = [family.get(doc_kind[q["near"]], "bear") for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(f) >= 2 for f in ("rustdoc", "notebook", "notion", "bear")) and len(near) == 10
    # the generator gives the committed bytes again
    _made_again(make_heldout23, "private23", mine, committed, tmp_path, monkeypatch)


def test_twenty_fourth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import json
    import re

    from eval.realdocs import heldout24_texts as T
    from eval.realdocs import make_heldout24

    kinds = {"cmake-module", "slack-export", "slack-item", "keep-takeout", "keep-item", "ofx"}
    committed, mine = _fresh("heldout24", kinds)
    qa, unanswerable = load("heldout24")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout24")}
    # the CMake module, committed as Debian's cmake-data 3.25.1-1 ships it; a label reads its lines
    module = "cmake/CMakePackageConfigHelpers.cmake"
    _as_installed(committed[module], "/usr/share/cmake-3.25/Modules/CMakePackageConfigHelpers.cmake")
    assert committed[module].startswith(b"# Distributed under the OSI-approved BSD 3-Clause License.")
    for q in (x for x in qa if x["kind"] == "cmake-module"):
        _labels_name_lines(committed, q)
    # the Slack export: users.json, channels.json, integration_logs.json and a folder a channel of day files, each a
    # JSON array written as Slack writes it (four spaces, "\/", "\uXXXX", no newline at the end); a label is one
    # message's object or a run of them, from its "    {" line to a "    }" line
    slack = {p: committed[p].decode("utf-8") for p in mine if p.startswith(f"private24/{T.SLACK_FOLDER}/")}
    assert {p.rsplit("/", 1)[1] for p in slack if p.count("/") == 2} == {
        "users.json",
        "channels.json",
        "integration_logs.json",
    }
    channels = {c["name"] for c in json.loads(slack[f"private24/{T.SLACK_FOLDER}/channels.json"])}
    messages = []
    for path, text in slack.items():
        data = json.loads(text)
        assert text == make_heldout24.slack_json(data) and text.isascii() and not text.endswith("\n")
        if path.count("/") == 3:
            channel, day = path.split("/")[2], path.split("/")[3][:-5]
            assert (
                channel in channels
                and re.fullmatch(r"\d{4}-\d\d-\d\d", day)
                and doc_kind[path] == "slack-export"
            )
            messages += data
        else:
            assert doc_kind[path] == "slack-item"
    assert any(m.get("subtype") == "channel_join" for m in messages)
    assert any("reactions" in m for m in messages) and any("edited" in m for m in messages)
    assert any("replies" in m for m in messages) and any("parent_user_id" in m for m in messages)
    assert any("files" in m for m in messages) and any("<@U" in m["text"] for m in messages)
    assert any("<https:" in m["text"] for m in messages) and "\\u00a3" in "".join(slack.values())
    for q in (x for x in qa if x["kind"] == "slack-export"):
        lines = _labels_name_lines(committed, q)
        assert lines[q["line_start"] - 1] == "    {" and lines[q["line_end"] - 1] in ("    }", "    },")
        run = json.loads("[" + "\n".join(lines[q["line_start"] - 1 : q["line_end"]]).rstrip(",") + "]")
        assert all(m["type"] == "message" and "ts" in m for m in run), q["id"]
        assert any(flat(q["evidence"]) in flat(json.dumps(m["text"])[1:-1].replace("/", "\\/")) for m in run)
    # the Keep notes: a one-line .json and an .html a note, the same title; Labels.txt; every label on a note's
    # content in its .html, read as HTML (its source lines with the tags gone)
    keep = {p: committed[p].decode("utf-8") for p in mine if p.startswith(f"private24/{T.KEEP_FOLDER}/")}
    notes = [p for p in keep if p.endswith(".json")]
    assert len(notes) == len(T.NOTES) and f"private24/{T.KEEP_FOLDER}/Labels.txt" in keep
    for path in notes:
        data = json.loads(keep[path])
        assert "\n" not in keep[path] and path.endswith(f"/{data['title']}.json")
        assert {"color", "isTrashed", "isPinned", "isArchived", "userEditedTimestampUsec"} <= set(data)
        assert ("textContent" in data) != ("listContent" in data)
        page = keep[path[:-5] + ".html"]
        assert f"<title>{data['title']}</title>" in page and doc_kind[path[:-5] + ".html"] == "keep-takeout"
        assert doc_kind[path] == "keep-item"
    flags = [json.loads(keep[p]) for p in notes]
    assert all(any(n[f] for n in flags) for f in ("isPinned", "isArchived", "isTrashed"))
    assert any(i["isChecked"] for n in flags for i in n.get("listContent", []))
    for q in (x for x in qa if x["kind"] == "keep-takeout"):
        lines = keep[q["path"]].split("\n")
        content = next(n for n, line in enumerate(lines, 1) if line.startswith('<div class="content">'))
        chips = next(n for n, line in enumerate(lines, 1) if "</div></body></html>" in line)
        assert content <= q["line_start"] <= q["line_end"] < chips, q["id"]
        source = realdocs_check.html_source_lines(keep[q["path"]])
        assert realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
            source[q["line_start"] - 1 : q["line_end"]]
        )
    # the OFX statement: OFX 1.02's SGML header, CRLF line ends, an element a line; a label is one <STMTTRN> record
    # or the <LEDGERBAL> block
    ofx = committed[f"private24/{T.OFX_NAME}"].decode("ascii")
    assert ofx.startswith("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n") and "\n" not in ofx.replace(
        "\r\n", ""
    )
    for q in (x for x in qa if x["kind"] == "ofx"):
        lines = [line.rstrip("\r") for line in _labels_name_lines(committed, q)]
        first, last = lines[q["line_start"] - 1], lines[q["line_end"] - 1]
        assert (first, last) in (("<STMTTRN>", "</STMTTRN>"), ("<LEDGERBAL>", "</LEDGERBAL>")), q["id"]
        assert q["line_end"] - q["line_start"] in (7, 3)
    # the questions: on the part's documents (never on a Slack or Keep item); two or more near-topic unanswerables
    # beside each of the four kinds of document
    assert {q["path"] for q in qa} <= {p for p in mine if not doc_kind[p].endswith("-item")}
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert (
        all(near.count(k) >= 2 for k in ("cmake-module", "slack-export", "keep-takeout", "ofx"))
        and len(near) == 10
    )
    assert {t for q in qa for t in q["tags"]} >= {
        "reactions",
        "edited",
        "reply",
        "checklist",
        "trashed",
        "archived",
    }
    # the generator gives the committed bytes again
    _made_again(make_heldout24, "private24", mine, committed, tmp_path, monkeypatch)


def test_twenty_fifth_held_out_part_brings_new_kinds_and_only_fresh_documents(tmp_path, monkeypatch):
    import json
    import re
    import shutil
    import struct
    import subprocess

    import olefile

    from eval.realdocs import heldout25_texts as T
    from eval.realdocs import make_heldout25

    kinds = {"c-source", "doc", "xls", "chatgpt-export", "chatgpt-item"}
    committed, mine = _fresh("heldout25", kinds)
    qa, unanswerable = load("heldout25")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout25")}
    # gun.c, committed as Debian's zlib1g-dev 1:1.2.13.dfsg-1 ships it; a label reads its lines
    source = "c/gun.c"
    _as_installed(committed[source], "/usr/share/doc/zlib1g-dev/examples/gun.c")
    assert committed[source].startswith(
        b"/* gun.c -- simple gunzip to give an example of the use of inflateBack()"
    )
    for q in (x for x in qa if x["kind"] == "c-source"):
        _labels_name_lines(committed, q)
    # the .doc: a Word 97 document in an OLE compound file; check.py's reader of its piece table gives the lines the
    # generator meant (paragraphs, list items and table rows, then the two footnotes), and antiword, where it is
    # installed, finds the same words; a label names lines of them, a footnote's after the main text
    doc_path = f"private25/{T.DOC_NAME}"
    ole = olefile.OleFileIO(committed[doc_path])
    assert struct.unpack_from("<H", ole.openstream("WordDocument").read(), 0)[0] == 0xA5EC
    lines = realdocs_check.doc_lines(FILES / doc_path)
    assert lines == make_heldout25.doc_lines() and lines[-len(T.FOOTNOTES) :] == list(T.FOOTNOTES.values())
    if shutil.which("antiword"):
        shown = subprocess.run(["antiword", "-w", "0", str(FILES / doc_path)], capture_output=True, text=True)
        assert set(re.findall(r"\w+", flat("\n".join(lines)))) == set(re.findall(r"\w+", flat(shown.stdout)))
    for q in (x for x in qa if x["kind"] == "doc"):
        unit = realdocs_check.unit_text(FILES / doc_path, q)
        assert unit == "\n".join(lines[q["line_start"] - 1 : q["line_end"]])
        footnote = q["line_start"] > len(lines) - len(T.FOOTNOTES)
        assert footnote == ("footnote" in q["tags"]), q["id"]
    # the .xls: a BIFF8 workbook of three sheets whose rows (xlrd, as check.py reads them) are the generator's, its
    # charges, totals and due dates formulas with their saved results; a label names a sheet and a row
    xls_path = f"private25/{T.XLS_NAME}"
    book = olefile.OleFileIO(committed[xls_path]).openstream("Workbook").read()
    assert struct.unpack_from("<HHH", book, 0) == (0x0809, 16, 0x0600)
    records, at = [], 0
    while at + 4 <= len(book):
        kind, size = struct.unpack_from("<HH", book, at)
        records.append(kind)
        at += 4 + size
    assert records.count(0x0006) == len(T.BOOKINGS) + 4 + len(T.DRIVERS) + 1  # FORMULA records
    sheets = [realdocs_check.xls_sheet_rows(FILES / xls_path, n) for n in (1, 2, 3)]
    assert sheets == make_heldout25.xls_rows()
    for q in (x for x in qa if x["kind"] == "xls"):
        assert realdocs_check.unit_text(FILES / xls_path, q) == sheets[q["page"] - 1][q["row"]]
        if "formula" in q["tags"]:  # the row holds a formula, whose saved result is the fact
            cells = make_heldout25.sheets()[q["page"] - 1][1][q["row"] - 1]
            assert any(isinstance(c, tuple) and c[0] == "=" for c in cells), q["id"]
    # the ChatGPT export: conversations.json one line of JSON as the export writes it, chat.html embedding the same
    # JSON, user.json and message_feedback.json; a label is line 1 of conversations.json, and its evidence is in
    # messages of one conversation on the branch current_node follows, one of which holds the fact; where the
    # question is tagged "branch", the conversation's other branch does not hold it
    folder = f"private25/{T.CHATGPT_FOLDER}"
    chat = {p[len("private25/") :]: committed[p].decode("ascii") for p in mine if p.startswith(folder + "/")}
    assert {p.rsplit("/", 1)[1] for p in chat} == {
        "conversations.json",
        "chat.html",
        "user.json",
        "message_feedback.json",
    }
    make_heldout25.check_chatgpt(chat)
    data = chat[f"{T.CHATGPT_FOLDER}/conversations.json"]
    convs = json.loads(data)
    assert data == make_heldout25.export_json(convs) and "\n" not in data
    assert doc_kind[f"{folder}/conversations.json"] == "chatgpt-export"

    def written(message: dict) -> str:  # a message's text as the file writes it
        return json.dumps(message["content"]["parts"][0])[1:-1]

    branches = 0
    for q in (x for x in qa if x["kind"] == "chatgpt-export"):
        assert q["path"] == f"{folder}/conversations.json" and q["line_start"] == q["line_end"] == 1
        kept = [
            (c, m) for c in convs for m in make_heldout25.branch(c) if flat(q["evidence"]) in flat(written(m))
        ]
        assert kept and all(c is kept[0][0] for c, _ in kept), q["id"]  # in one conversation's kept branch
        conv = kept[0][0]
        assert any(answer_found(q, written(m)) for _, m in kept), q["id"]
        if "branch" in q["tags"]:
            other = make_heldout25.off_branch(conv)
            assert other and not answer_found(q, "\n".join(written(m) for m in other)), q["id"]
            branches += 1
    assert branches >= 3
    # the questions: on the part's documents (never on a chat.html, user.json or message_feedback.json); two or more
    # near-topic unanswerables beside each of the four kinds of document
    assert {q["path"] for q in qa} <= {p for p in mine if doc_kind[p] != "chatgpt-item"}
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in ("c-source", "doc", "xls", "chatgpt-export"))
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in ("c-source", "doc", "xls", "chatgpt-export")) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {"branch", "footnote", "formula", "table", "list-item"}
    # the generator gives the committed bytes again: the ChatGPT files always, the .doc and .xls with the LibreOffice
    # that converted them (another version lays the binary out otherwise; their text is checked above)
    again = {f"private25/{k}": v.encode("ascii") for k, v in make_heldout25.chatgpt_files().items()}
    assert again == {p: committed[p] for p in mine if p.startswith(folder + "/")}
    if make_heldout25.soffice_version() == make_heldout25.CONVERTED_WITH:
        _made_again(make_heldout25, "private25", mine - {source}, committed, tmp_path, monkeypatch)


def test_twenty_sixth_held_out_part_heldout26_brings_new_kinds_and_only_fresh_documents():
    import json
    import zipfile

    from eval.realdocs import heldout26_texts as T
    from eval.realdocs import make_heldout26

    kinds = {"tcl-source", "dayone-json", "dayone-item", "taskpaper", "numbers"}
    committed, mine = _fresh("heldout26", kinds)
    qa, unanswerable = load("heldout26")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout26")}
    # tm.tcl, committed as Debian's libtcl8.6 8.6.13+dfsg-2 ships it; a label reads its lines
    source = "tcl/tm.tcl"
    _as_installed(committed[source], "/usr/share/tcltk/tcl8.6/tm.tcl")
    assert committed[source].startswith(b"# -*- tcl -*-\n#\n# Searching for Tcl Modules.")
    for q in (x for x in qa if x["kind"] == "tcl-source"):
        _labels_name_lines(committed, q)
    # the Day One export: Journal.json as Day One writes it (NSJSONSerialization's layout, the entries oldest first,
    # Markdown with Day One's escapes, rich text, tags, place, weather, photos' metadata) and photos/, each named by
    # its MD5; a label is one entry's object, its evidence in the entry's text, its fact in the entry's metadata
    # where it is tagged "metadata"
    folder = f"private26/{T.JOURNAL_FOLDER}"
    journal = committed[f"{folder}/{T.JOURNAL_NAME}"].decode("utf-8")
    data = json.loads(journal)
    assert journal == make_heldout26.journal_json(data) and data["metadata"] == {"version": "1.0"}
    make_heldout26.check_journal(
        {p[len("private26/") :]: committed[p] for p in mine if p.startswith(folder + "/")}
    )
    assert {doc_kind[p] for p in mine if p.startswith(f"{folder}/photos/")} == {"dayone-item"}
    assert any(e["starred"] for e in data["entries"]) and any(e["isPinned"] for e in data["entries"])
    assert "\\\\." in journal and "dayone-moment:\\/\\/" in journal and "\\u" not in journal
    spans = {span: uid for uid, span in make_heldout26.entry_lines(journal).items()}
    entries = {e["uuid"]: e for e in data["entries"]}
    for q in (x for x in qa if x["kind"] == "dayone-json"):
        lines = _labels_name_lines(committed, q)
        entry = entries[spans[(q["line_start"], q["line_end"])]]  # the label is one entry's object
        assert json.loads("\n".join(lines[q["line_start"] - 1 : q["line_end"]]).rstrip(",")) == entry
        assert flat(q["evidence"]) in flat(entry["text"]), q["id"]
        metadata = {k: v for k, v in entry.items() if k not in ("text", "richText")}
        if "metadata" in q["tags"]:  # the fact is the entry's date, place or weather, not in its words
            assert answer_found(q, json.dumps(metadata)) and not answer_found(q, entry["text"]), q["id"]
        else:
            assert answer_found(q, entry["text"] + "\n" + entry["richText"]), q["id"]
    # the TaskPaper document: a tab a level, projects, tasks, notes and tags; a label names lines of the file, a task's
    # tag among them where it is tagged "task-tag"
    taskpaper = committed[f"private26/{T.TASKPAPER_NAME}"].decode("utf-8")
    make_heldout26.check_taskpaper(taskpaper)
    items = make_heldout26.taskpaper_items(taskpaper)
    assert {kind for _, kind, _, _ in items} == {"project", "task", "note"} and max(i[0] for i in items) == 3
    for q in (x for x in qa if x["kind"] == "taskpaper"):
        lines = _labels_name_lines(committed, q)
        if "task-tag" in q["tags"]:
            assert "@" in "".join(lines[q["line_start"] - 1 : q["line_end"]]), q["id"]
    # the Numbers spreadsheet: a zip of IWA files, read by check.py's own reader (a Snappy decompressor and a
    # protocol buffer reader) as the generator laid it out; a label names a table (page) and a row
    numbers = f"private26/{T.NUMBERS_NAME}"
    with zipfile.ZipFile(FILES / numbers) as z:
        assert "Index/Document.iwa" in z.namelist() and not any(n.endswith(".iwph") for n in z.namelist())
    tables = realdocs_check.numbers_tables(FILES / numbers)
    assert tables == make_heldout26.table_rows() and len(tables) == 4
    for q in (x for x in qa if x["kind"] == "numbers"):
        assert realdocs_check.unit_text(FILES / numbers, q) == tables[q["page"] - 1][1][q["row"]]
    cells = " ".join(r for _, rows in tables for r in rows.values())
    assert "\u00a3" in cells and "0:45:00" in cells and "0.1" in cells and "2027-07-11" in cells
    # the questions: on the part's documents (never on a photo); two or more near-topic unanswerables beside each of
    # the four kinds of document
    assert {q["path"] for q in qa} <= {p for p in mine if doc_kind[p] != "dayone-item"}
    assert all(
        sum(q["kind"] == k for q in qa) == 13 for k in ("tcl-source", "dayone-json", "taskpaper", "numbers")
    )
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert (
        all(near.count(k) >= 2 for k in ("tcl-source", "dayone-json", "taskpaper", "numbers"))
        and len(near) == 10
    )
    assert {t for q in qa for t in q["tags"]} >= {
        "metadata",
        "entry-date",
        "task-tag",
        "archived",
        "duration",
    }
    # the generator gives the committed bytes again: the journal and the TaskPaper file always; the spreadsheet where
    # numbers-parser is installed (it is no dependency of this project), byte for byte with the numbers-parser and
    # protobuf that wrote it, else the same cells
    again = make_heldout26.files()
    assert {f"private26/{k}": v for k, v in again.items()} == {
        p: committed[p] for p in mine if p.startswith("private26/") and p != numbers
    }
    spreadsheet = make_heldout26.numbers_file()
    if spreadsheet is not None:
        import google.protobuf
        import numbers_parser

        assert make_heldout26.numbers_parser_rows(committed[numbers]) == make_heldout26.table_rows()
        if (numbers_parser.__version__, google.protobuf.__version__) == make_heldout26.NUMBERS_WRITTEN_WITH:
            assert spreadsheet == committed[numbers]
        else:
            assert make_heldout26.numbers_parser_rows(spreadsheet) == make_heldout26.table_rows()


def test_twenty_seventh_held_out_part_heldout27_brings_new_kinds_and_only_fresh_documents():
    import xml.etree.ElementTree as ET

    from eval.realdocs import heldout27_texts as T
    from eval.realdocs import make_heldout27

    kinds = {"xml-dtd", "scrivener", "scrivener-item", "fountain", "opml"}
    committed, mine = _fresh("heldout27", kinds)
    qa, unanswerable = load("heldout27")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout27")}
    # fonts.dtd, committed as Debian's fontconfig-config 2.14.1-4 ships it; a label reads its lines
    source = "fontconfig/fonts.dtd"
    _as_installed(committed[source], "/usr/share/xml/fontconfig/fonts.dtd")
    assert committed[source].startswith(
        b"<!-- This is the Document Type Definition for font configuration files"
    )
    for q in (x for x in qa if x["kind"] in ("xml-dtd", "fountain", "opml") or x["path"].endswith(".txt")):
        _labels_name_lines(committed, q)
    # the generator gives the committed bytes again: the Scrivener project, the screenplay and the outline
    again = make_heldout27.files()
    assert {f"private27/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    make_heldout27.check(again)
    # the Scrivener project: the binder (.scrivx) names a folder of files for each text; content.rtf and notes.rtf are
    # RTF as Cocoa writes it, a label naming a paragraph of its text (check.py's rtf_lines, a line a paragraph), which
    # reads as the generator wrote it; synopsis.txt is one line
    project = f"private27/{T.SCRIV_NAME}"
    binder = ET.fromstring(committed[f"{project}/{T.SCRIV_NAME.removesuffix('.scriv')}.scrivx"])
    texts = {e.get("UUID"): e.get("Type") for e in binder.iter("BinderItem") if e.get("Type") == "Text"}
    assert {p.split("/")[4] for p in mine if p.startswith(f"{project}/Files/Data/")} == set(texts)
    assert {doc_kind[p] for p in mine if p.endswith((".scrivx", "version.txt"))} == {"scrivener-item"}
    for item in make_heldout27.binder_items():
        if item["type"] == "Text":
            lines = realdocs_check.rtf_lines(FILES / "private27" / make_heldout27.scene_path(item["key"]))
            assert lines == [x.replace("*", "") for x in item["text"]], item["key"]
    for q in (x for x in qa if x["path"].endswith(".rtf")):
        raw = committed[q["path"]]
        assert raw.startswith(b"{\\rtf1\\ansi\\ansicpg1252\\cocoartf") and b"\\f0\\fs24 \\cf0 " in raw
        assert realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
            realdocs_check.rtf_lines(FILES / q["path"])[q["line_start"] - 1 : q["line_end"]]
        )
    tagged = {
        t: {q["path"].rsplit("/", 1)[1] for q in qa if t in q["tags"]} for t in ("synopsis", "document-note")
    }
    assert tagged == {"synopsis": {"synopsis.txt"}, "document-note": {"notes.rtf"}}
    trash = next(e for e in binder.iter("BinderItem") if e.get("Type") == "TrashFolder")
    in_trash = {e.get("UUID") for e in trash.iter("BinderItem")}
    assert all(
        (q["path"].split("/")[4] in in_trash) == ("trashed" in q["tags"])
        for q in qa
        if q["kind"] == "scrivener"
    )
    # the screenplay: a label on a character's words names the cue's lines as well
    elements = {
        n: k
        for n, k, _ in make_heldout27.fountain_elements(committed[f"private27/{T.FOUNTAIN_NAME}"].decode())
    }
    for q in (x for x in qa if x["kind"] == "fountain"):
        spanned = [elements.get(n) for n in range(q["line_start"], q["line_end"] + 1)]
        if "dialogue" in q["tags"]:
            assert "dialogue" in spanned, q["id"]
        if "title-page" in q["tags"]:
            assert set(spanned) == {"title"}, q["id"]
        if "scene-heading" in q["tags"]:
            assert "scene" in spanned, q["id"]
    # the outline: a label names whole <outline> lines; one tagged "checked" a checkbox's state on its lines
    opml = committed[f"private27/{T.OPML_NAME}"].decode("utf-8").split("\n")
    for q in (x for x in qa if x["kind"] == "opml"):
        labelled = opml[q["line_start"] - 1 : q["line_end"]]
        assert all(x.lstrip("\t").startswith(("<outline", "</outline>")) for x in labelled), q["id"]
        if "checked" in q["tags"]:
            assert "_status=" in "".join(labelled), q["id"]
    # the questions: 13 on each kind of document with questions; two or more near-topic questions beside each
    assert {q["path"] for q in qa} <= {p for p in mine if doc_kind[p] != "scrivener-item"}
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in ("xml-dtd", "scrivener", "fountain", "opml"))
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in ("xml-dtd", "scrivener", "fountain", "opml")) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "synopsis",
        "document-note",
        "character-sheet",
        "trashed",
        "checked",
    }


def test_twenty_eighth_held_out_part_heldout28_brings_new_kinds_and_only_fresh_documents(tmp_path):
    import json
    import sqlite3
    import zipfile

    from eval.realdocs import heldout28_texts as T
    from eval.realdocs import make_heldout28

    kinds = {"vim-script", "gedcom", "anki-apkg", "xmind"}
    committed, mine = _fresh("heldout28", kinds)
    qa, unanswerable = load("heldout28")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout28")}
    # justify.vim, committed as Debian's vim-runtime 2:9.0.1378-2+deb12u2 ships it; a label reads its lines
    source = "vim/justify.vim"
    _as_installed(committed[source], "/usr/share/vim/vim90/pack/dist/opt/justify/plugin/justify.vim")
    assert committed[source].startswith(b'" Function to left and right align text.\n')
    for q in (x for x in qa if x["kind"] in ("vim-script", "gedcom")):
        lines = _labels_name_lines(committed, q)
        labelled = lines[q["line_start"] - 1 : q["line_end"]]
        if "shared-note" in q["tags"]:  # a NOTE record of its own, pointed at by the people it is about
            assert labelled[0].startswith("0 @N") and " NOTE " in labelled[0], q["id"]
        if "gedcom-note" in q["tags"]:  # a note written inline in a person's or a family's record
            assert any(x.startswith("1 NOTE ") and "@" not in x for x in labelled), q["id"]
        if "source-citation" in q["tags"]:
            assert any(x.startswith("3 PAGE ") for x in labelled), q["id"]
        if "date-qualifier" in q["tags"]:
            assert any(x.startswith("2 DATE ") and x.split()[2] in ("ABT", "BEF", "BET") for x in labelled), (
                q["id"]
            )
    # the generator gives the committed bytes again: the family tree and the map always; the deck's database file
    # records the SQLite that wrote it, so the deck byte for byte with that SQLite, else note for note
    again = make_heldout28.files()
    make_heldout28.check(again)
    deck = f"private28/{T.ANKI_NAME}"
    assert {f"private28/{k}" for k in again} == {p for p in mine if p != source}
    for name, data in again.items():
        if f"private28/{name}" != deck or sqlite3.sqlite_version == make_heldout28.ANKI_WRITTEN_WITH:
            assert data == committed[f"private28/{name}"], name
    (tmp_path / "again.apkg").write_bytes(again[T.ANKI_NAME])
    assert realdocs_check.apkg_notes(tmp_path / "again.apkg") == realdocs_check.apkg_notes(FILES / deck)
    # the family tree: GEDCOM 5.5.1, every family's members pointing back at it, five generations
    gedcom = committed[f"private28/{T.GEDCOM_NAME}"].decode("utf-8")
    make_heldout28.check_gedcom(gedcom)
    tags = {line.split(" ")[1] for line in gedcom.split("\n")[:-1] if not line.startswith("0 ")}
    assert tags >= {
        "BIRT",
        "DEAT",
        "BURI",
        "BAPM",
        "MARR",
        "DIV",
        "OCCU",
        "RESI",
        "NOTE",
        "CONT",
        "CONC",
        "SOUR",
    }
    # the deck: a zip of collection.anki2 (Anki's schema 11), media and the files it names; a label's page is the
    # note's place among the notes ordered by id, whose text check.py reads with its deck, fields and tags
    with zipfile.ZipFile(FILES / deck) as z:
        assert z.namelist() == ["collection.anki2", "0", "1", "media"]
        assert z.read("collection.anki2").startswith(b"SQLite format 3\0")
    notes = realdocs_check.apkg_notes(FILES / deck)
    assert len(notes) == len(T.ANKI_NOTES) and all(n.startswith("Deck: Priya::") for n in notes)
    for q in (x for x in qa if x["kind"] == "anki-apkg"):
        assert "line_start" not in q and 1 <= q["page"] <= len(notes)
        note = T.ANKI_NOTES[q["page"] - 1]
        if "cloze" in q["tags"]:
            assert note[2] == T.CLOZE, q["id"]
        if "subdeck" in q["tags"]:
            assert note[1].endswith("::" + q["answer"]), q["id"]
        if "note-tag" in q["tags"]:
            assert q["answer"] in note[4], q["id"]
    # the map: a zip of content.json (the sheets), metadata.json, manifest.json and a content.xml that holds only a
    # warning; a label's page is the sheet's place in content.json's list
    xmind = f"private28/{T.XMIND_NAME}"
    with zipfile.ZipFile(FILES / xmind) as z:
        assert json.loads(z.read("manifest.json")) == {
            "file-entries": {"content.json": {}, "metadata.json": {}}
        }
        sheets = json.loads(z.read("content.json"))
    assert [s["title"] for s in sheets] == [title for title, _ in T.XMIND_SHEETS]
    texts = realdocs_check.xmind_sheets(FILES / xmind)
    for q in (x for x in qa if x["kind"] == "xmind"):
        assert "line_start" not in q and 1 <= q["page"] <= len(sheets)
        root = sheets[q["page"] - 1]["rootTopic"]
        if "detached" in q["tags"]:
            detached = json.dumps(root["children"]["detached"], ensure_ascii=False)
            assert answer_found(q, detached) and flat(q["evidence"]) in flat(detached), q["id"]
        if "marker" in q["tags"]:
            assert "Markers: " in q["evidence"] or answer_found(q, texts[q["page"] - 1]), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "gedcom-note",
        "shared-note",
        "source-citation",
        "date-qualifier",
        "cloze",
        "subdeck",
        "note-tag",
        "detached",
        "topic-label",
        "marker",
    }


def test_twenty_ninth_held_out_part_heldout29_brings_new_kinds_and_only_fresh_documents():
    import json

    from eval.realdocs import heldout29_texts as T
    from eval.realdocs import make_heldout29

    kinds = {"powershell", "obsidian-canvas", "ris", "netscape-bookmarks"}
    committed, mine = _fresh("heldout29", kinds)
    qa, unanswerable = load("heldout29")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout29")}
    # Activate.ps1, committed as Debian's libpython3.11-stdlib 3.11.2-6+deb12u6 ships it (CRLF); a label reads its lines
    source = "powershell/Activate.ps1"
    _as_installed(committed[source], "/usr/lib/python3.11/venv/scripts/common/Activate.ps1")
    assert committed[source].startswith(b"<#\r\n.Synopsis\r\n")
    for q in (x for x in qa if x["kind"] in ("powershell", "obsidian-canvas", "ris")):
        _labels_name_lines(committed, q)
    # the generator gives the committed bytes again: the canvas, the library and the bookmarks
    again = make_heldout29.files()
    make_heldout29.check(again)
    assert {f"private29/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    # the canvas: JSON, a node or an edge a line; a label names the lines of one node's or edge's object, a "group"
    # label the group's line to the card's, the card lying inside the group's rectangle
    canvas = committed[f"private29/{T.CANVAS_NAME}"].decode("utf-8")
    data = json.loads(canvas)
    lines = canvas.split("\n")
    by_line = {
        i: json.loads(line.strip().rstrip(",")) for i, line in enumerate(lines, 1) if line.startswith("\t\t{")
    }
    assert len(by_line) == len(data["nodes"]) + len(data["edges"])
    groups = make_heldout29.canvas_groups()
    key_of = {make_heldout29.node_id(n[0]): n[0] for n in T.CANVAS_NODES}
    for q in (x for x in qa if x["kind"] == "obsidian-canvas"):
        first, last = by_line[q["line_start"]], by_line[q["line_end"]]
        if "group" in q["tags"]:
            assert first["type"] == "group" and groups[key_of[last["id"]]] == first["label"] == q["answer"], (
                q["id"]
            )
        else:
            assert q["line_start"] == q["line_end"], q["id"]
        if "edge-label" in q["tags"]:
            assert "fromNode" in first and q["answer"] in first["label"], q["id"]
        if "task" in q["tags"]:
            assert "- [x] " in first["text"] and "- [ ] " in first["text"], q["id"]
        if "link" in q["tags"]:
            assert first["type"] == "link", q["id"]
    # the library: RIS with CRLF line ends; a label names lines of one record
    ris = committed[f"private29/{T.RIS_NAME}"].decode("utf-8")
    starts = [n for n, _ in make_heldout29.ris_records(ris)] + [len(ris.split("\r\n")) + 1]
    for q in (x for x in qa if x["kind"] == "ris"):
        record = max(n for n in starts if n <= q["line_start"])
        assert q["line_end"] < starts[starts.index(record) + 1], q["id"]
    # the bookmarks: a label names a bookmark's line (with its description's), or a folder's line down to it; what a
    # label needs beyond the text (the address, a tag, the day it was added) is in the <A> tag on its last line
    html_lines = committed[f"private29/{T.BOOKMARKS_NAME}"].decode("utf-8").split("\n")
    assert html_lines[0] == "<!DOCTYPE NETSCAPE-Bookmark-file-1>"
    read = realdocs_check.bookmark_lines(committed[f"private29/{T.BOOKMARKS_NAME}"].decode("utf-8"))
    for q in (x for x in qa if x["kind"] == "netscape-bookmarks"):
        labelled = html_lines[q["line_start"] - 1 : q["line_end"]]
        if "folder" in q["tags"]:
            assert "<H3 " in labelled[0] and "<A HREF=" in labelled[-1], q["id"]
        else:
            assert "<A HREF=" in labelled[0] and all(x.lstrip().startswith("<DD>") for x in labelled[1:]), q[
                "id"
            ]
        if {"address", "tag", "add-date"} & set(q["tags"]):
            assert not answer_found(q, "\n".join(realdocs_check.html_source_lines("\n".join(labelled)))), q[
                "id"
            ]
            assert answer_found(q, read[q["line_start"] - 1]), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "group",
        "edge-label",
        "task",
        "link",
        "user-note",
        "abstract",
        "doi",
        "folder",
        "address",
        "tag",
        "add-date",
        "description",
        "code",
        "comment-help",
    }


def test_thirtieth_held_out_part_heldout30_brings_new_kinds_and_only_fresh_documents():
    import gzip as gz
    import io
    import json
    import zipfile

    from eval.realdocs import heldout30_texts as T
    from eval.realdocs import make_heldout30

    kinds = {"login-defs", "beancount", "final-draft", "paprika"}
    committed, mine = _fresh("heldout30", kinds)
    qa, unanswerable = load("heldout30")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout30")}
    # login.defs, committed as Debian's login 1:4.13+dfsg1-1+deb12u1 ships it; a label reads its lines
    source = "shadow/login.defs"
    _as_installed(committed[source], "/etc/login.defs")
    assert committed[source].startswith(b"#\n# /etc/login.defs - Configuration control definitions")
    for q in (x for x in qa if x["kind"] in ("login-defs", "beancount", "final-draft")):
        _labels_name_lines(committed, q)
    # the generator gives the committed bytes again: the ledger, the screenplay and the recipes
    again = make_heldout30.files()
    make_heldout30.check(again)
    assert {f"private30/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    # the ledger: a label is one entry (a transaction with the comment above it, or one directive's line), or the
    # comment that answers
    ledger = committed[f"private30/{T.LEDGER_NAME}"].decode("utf-8").split("\n")
    for q in (x for x in qa if x["kind"] == "beancount"):
        labelled = ledger[q["line_start"] - 1 : q["line_end"]]
        assert all(x and not x.startswith("*") for x in labelled), q["id"]
        dated = [x for x in labelled if x[:4].isdigit()]
        if {"transaction", "metadata", "cost", "tag", "flagged"} & set(q["tags"]):
            assert len(dated) == 1 and make_heldout30.TXN.match(dated[0]), q["id"]
        for tag, word in (
            ("balance", " balance "),
            ("price", " price "),
            ("note", " note "),
            ("event", " event "),
        ):
            if tag in q["tags"]:
                assert len(dated) == 1 and word in dated[0], q["id"]
        if "flagged" in q["tags"]:
            assert " ! " in dated[0], q["id"]
        if "comment" in q["tags"]:
            assert labelled[0].startswith(";;"), q["id"]
    # the screenplay: a label is the lines of whole <Paragraph> elements of the body, or of the title page
    fdx = committed[f"private30/{T.FDX_NAME}"].decode("utf-8")
    paragraphs = make_heldout30.fdx_paragraphs(fdx)
    starts, ends = {p[0]: p for p in paragraphs}, {p[1]: p for p in paragraphs}
    lines = fdx.split("\n")
    for q in (x for x in qa if x["kind"] == "final-draft"):
        if "title-page" in q["tags"]:
            title = lines.index("  <TitlePage>") + 1
            assert q["line_start"] > title and lines[q["line_start"] - 1].startswith("      <Paragraph "), q[
                "id"
            ]
            assert lines[q["line_end"] - 1] == "      </Paragraph>", q["id"]
            continue
        assert q["line_start"] in starts and q["line_end"] in ends, q["id"]
        if "dialogue" in q["tags"]:
            assert starts[q["line_start"]][2] == "Character" and ends[q["line_end"]][2] == "Dialogue", q["id"]
        if {"scene-number", "scene-summary"} & set(q["tags"]):
            assert starts[q["line_start"]][2] == "Scene Heading" == ends[q["line_end"]][2], q["id"]
        if "scene-number" in q["tags"]:
            assert f'Number="{q["answer"]}"' in lines[q["line_start"] - 1], q["id"]
        if "script-note" in q["tags"]:
            assert "<ScriptNote " in "\n".join(lines[q["line_start"] - 1 : q["line_end"]]), q["id"]
        if "styled-run" in q["tags"]:
            assert '<Text Style="' in "\n".join(lines[q["line_start"] - 1 : q["line_end"]]), q["id"]
    # the recipes: a zip of gzip-compressed JSON recipes; a label names a recipe (page N, the N-th member) and the
    # JSON key whose value holds the answer, and no lines
    with zipfile.ZipFile(io.BytesIO(committed[f"private30/{T.PAPRIKA_NAME}"])) as z:
        assert all(n.endswith(".paprikarecipe") for n in z.namelist())
        recipes = [json.loads(gz.decompress(z.read(n))) for n in z.namelist()]
    for q in (x for x in qa if x["kind"] == "paprika"):
        assert "line_start" not in q and 1 <= q["page"] <= len(recipes), q["id"]
        value = recipes[q["page"] - 1][q["field"]]
        assert answer_found(q, ", ".join(value) if isinstance(value, list) else str(value)), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "balance",
        "price",
        "cost",
        "tag",
        "note",
        "event",
        "flagged",
        "metadata",
        "title-page",
        "dialogue",
        "scene-number",
        "scene-summary",
        "script-note",
        "recipe-note",
        "ingredient",
        "rating",
        "category",
        "setting",
    }


def test_thirty_first_held_out_part_heldout31_brings_new_kinds_and_only_fresh_documents():
    from eval.realdocs import heldout31_texts as T
    from eval.realdocs import make_heldout31

    kinds = {"udev-rules", "kml", "wordpress-wxr", "pgn"}
    committed, mine = _fresh("heldout31", kinds)
    qa, unanswerable = load("heldout31")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout31")}
    # 55-dm.rules, committed as Debian's dmsetup 2:1.02.185-2 ships it; every label reads lines of its file
    source = "udev/55-dm.rules"
    _as_installed(committed[source], "/lib/udev/rules.d/55-dm.rules")
    assert committed[source].startswith(b"# Copyright (C) 2009 Red Hat, Inc.")
    files_lines = {q["path"]: _labels_name_lines(committed, q) for q in qa}
    # the generator gives the committed bytes again: the map, the blog and the games
    again = make_heldout31.files()
    make_heldout31.check(again)
    assert {f"private31/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    # the map: a label is a placemark's lines from its name, or a layer's name down to a placemark's name
    for q in (x for x in qa if x["kind"] == "kml"):
        labelled = files_lines[q["path"]][q["line_start"] - 1 : q["line_end"]]
        assert labelled[0].strip().startswith("<name>"), q["id"]
        if "layer" in q["tags"]:
            assert labelled[0] == f"      <name>{q['answer']}</name>" and labelled[-1].startswith(
                "        <name>"
            ), q["id"]
        else:
            assert labelled[0].startswith("        <name>") and "</Placemark>" not in "".join(labelled), q[
                "id"
            ]
    # the blog: a label is lines of one item, or of one comment in it; a draft label is a draft's
    for q in (x for x in qa if x["kind"] == "wordpress-wxr"):
        lines = files_lines[q["path"]]
        labelled = lines[q["line_start"] - 1 : q["line_end"]]
        assert "<item>" not in "".join(labelled) and "</item>" not in "".join(labelled), q["id"]
        if "comment" in q["tags"]:
            assert "<wp:comment_author>" in labelled[0], q["id"]
        else:
            assert labelled[0].startswith("\t\t<title>"), q["id"]
        if "draft" in q["tags"]:
            rest = lines[q["line_end"] :]
            assert "\t\t<wp:status><![CDATA[draft]]></wp:status>" in rest[: rest.index("\t</item>")], q["id"]
    # the games: a label is lines of one game, from a tag line
    starts = [
        n for n, _t, _m in make_heldout31.pgn_games(committed[f"private31/{T.PGN_NAME}"].decode("utf-8"))
    ]
    for q in (x for x in qa if x["kind"] == "pgn"):
        game = max(n for n in starts if n <= q["line_start"])
        nxt = [n for n in starts if n > game]
        assert not nxt or q["line_end"] < nxt[0], q["id"]
        assert files_lines[q["path"]][q["line_start"] - 1].startswith("["), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "html-description",
        "extended-data",
        "layer",
        "route",
        "post",
        "date",
        "author",
        "category",
        "tag",
        "comment",
        "draft",
        "page",
        "annotation",
        "opening",
        "rating",
        "clock",
        "code",
    }


def test_thirty_second_held_out_part_heldout32_brings_new_kinds_and_only_fresh_documents():
    import json

    from eval.realdocs import heldout32_texts as T
    from eval.realdocs import make_heldout32

    kinds = {"m4", "mastodon-outbox", "tcx", "abc"}
    committed, mine = _fresh("heldout32", kinds)
    qa, unanswerable = load("heldout32")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout32")}
    # pkg.m4, committed as Debian's pkgconf 1.8.1-1 ships it; every label reads lines of its file
    source = "m4/pkg.m4"
    _as_installed(committed[source], "/usr/share/aclocal/pkg.m4")
    assert committed[source].startswith(b"# pkg.m4 - Macros to locate and use pkg-config.")
    files_lines = {q["path"]: _labels_name_lines(committed, q) for q in qa}
    # the generator gives the committed bytes again: the outbox, the workouts and the tune book
    again = make_heldout32.files()
    make_heldout32.check(again)
    assert {f"private32/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    outbox = f"private32/{T.MASTODON_DIR}/outbox.json"
    assert json.loads(committed[outbox])["type"] == "OrderedCollection"
    for q in qa:
        lines = files_lines[q["path"]]
        labelled = lines[q["line_start"] - 1 : q["line_end"]]
        if q["kind"] == "mastodon-outbox":  # one item, from its activity's published line
            assert labelled[0].startswith('      "published": '), q["id"]
            assert not any(line.startswith("    {") for line in labelled), q["id"]
        elif (
            q["kind"] == "tcx"
        ):  # a lap's lines from its start, or an activity's first lines, notes or device
            first = labelled[0].strip()
            assert first.startswith(("<Lap StartTime", "<Activity Sport", "<Notes>", "<Creator")), q["id"]
            assert not any(x.strip().startswith(("<Trackpoint>", "</Lap>")) for x in labelled), q["id"]
        elif q["kind"] == "abc":  # one tune, from its X: line
            assert labelled[0].startswith("X:") and not any(x.startswith("X:") for x in labelled[1:]), q["id"]
        else:  # a macro's comment, from its name, down to its code where that answers
            assert labelled[0].startswith(("dnl PKG_", "# pkg.m4")), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "post",
        "thread",
        "poll",
        "content-warning",
        "alt-text",
        "hashtag",
        "lap",
        "notes",
        "device",
        "sport",
        "key",
        "rhythm",
        "composer",
        "history",
        "words",
        "chord",
        "comment",
        "code",
        "since",
    }


def test_thirty_third_held_out_part_heldout33_brings_new_kinds_and_only_fresh_documents():
    import json

    from eval.realdocs import heldout33_texts as T
    from eval.realdocs import make_heldout33

    kinds = {"dep5-copyright", "trello-json", "todo-txt", "freeplane-mm"}
    committed, mine = _fresh("heldout33", kinds)
    qa, unanswerable = load("heldout33")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout33")}
    # xz-utils' copyright file, committed as Debian's xz-utils 5.4.1-1 ships it; every label reads lines of its file
    source = "dep5/xz-utils/copyright"
    _as_installed(committed[source], "/usr/share/doc/xz-utils/copyright")
    assert committed[source].startswith(
        b"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    )
    files_lines = {q["path"]: _labels_name_lines(committed, q) for q in qa}
    # the generator gives the committed bytes again: the board, the todo files and the map
    again = make_heldout33.files()
    make_heldout33.check(again)
    assert {f"private33/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    board = json.loads(committed[f"private33/{T.TRELLO_NAME}"])
    assert board["name"] == T.BOARD_NAME and [a["type"] for a in board["actions"]].count("commentCard") >= 15
    for q in qa:
        lines = files_lines[q["path"]]
        labelled = lines[q["line_start"] - 1 : q["line_end"]]
        if (
            q["kind"] == "trello-json"
        ):  # one object of the board's arrays: a card, a checklist, a label, an action
            assert labelled[0] == "    {" and labelled[-1] in ("    }", "    },"), q["id"]
            assert not any(x in ("    {", "    }", "    },") for x in labelled[1:-1]), q["id"]
        elif q["kind"] == "todo-txt":  # a task's line
            assert q["line_start"] == q["line_end"] and labelled[0].strip(), q["id"]
        elif (
            q["kind"] == "freeplane-mm"
        ):  # a node's lines from its start, or a branch's down to one of its nodes
            assert labelled[0].startswith("<node "), q["id"]
            assert not any(x.startswith("</node>") for x in labelled) or "branch" in q["tags"], q["id"]
        else:  # a stanza's lines, from its first
            assert labelled[0].startswith(("Format:", "Files:", "License:")), q["id"]
            assert not any(x.startswith("Files:") for x in labelled[1:]), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "card-description",
        "list",
        "due",
        "done",
        "checklist",
        "comment",
        "label",
        "member",
        "project",
        "priority",
        "completed",
        "context",
        "recurrence",
        "note",
        "attribute",
        "branch",
        "link",
        "node-text",
        "files-licence",
        "origin",
    }


def test_thirty_fourth_held_out_part_heldout34_brings_new_kinds_and_only_fresh_documents():
    import json

    from eval.realdocs import heldout34_texts as T
    from eval.realdocs import make_heldout34

    kinds = {"pam-access-conf", "messenger-json", "roam-json", "google-tasks-json"}
    committed, mine = _fresh("heldout34", kinds)
    qa, unanswerable = load("heldout34")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout34")}
    # PAM's access.conf, committed as Debian's libpam-modules 1.5.2-6+deb12u1 ships it
    source = "pam/access.conf"
    _as_installed(committed[source], "/etc/security/access.conf")
    assert committed[source].startswith(b"# Login access control table.")
    # the generator gives the committed bytes again: the chat, the graph and the tasks
    again = make_heldout34.files()
    make_heldout34.check(again)
    assert {f"private34/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    chat_path = f"private34/{make_heldout34.CHAT_PATH}"
    chat = json.loads(committed[chat_path])
    assert (
        make_heldout34.unfb(chat["title"]) == T.CHAT_TITLE
        and b"\\u00e2\\u0080\\u0099" in committed[chat_path]
    )
    chat_lines = realdocs_check.messenger_lines(FILES / chat_path)
    for q in qa:
        if q["kind"] == "messenger-json":  # one message, read with its strings decoded
            lines = committed[chat_path].decode("utf-8").split("\n")
            assert len(chat_lines) == len(lines)
            labelled = lines[q["line_start"] - 1 : q["line_end"]]
            assert realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
                chat_lines[q["line_start"] - 1 : q["line_end"]]
            )
            assert labelled[0] == "    {" and labelled[-1] in ("    }", "    },"), q["id"]
            assert not any(x in ("    {", "    }", "    },") for x in labelled[1:-1]), q["id"]
            continue
        lines = _labels_name_lines(committed, q)
        labelled = lines[q["line_start"] - 1 : q["line_end"]]
        if q["kind"] == "roam-json":  # a block's lines from its "{"
            assert labelled[0].strip() == "{" and '"string"' in labelled[1], q["id"]
            if "block-ref" in q["tags"]:  # the block that refers, and the block it points at
                ref = lines[q["from_block"]["line_start"] : q["from_block"]["line_end"]]
                uid = json.loads("{" + lines[q["line_start"] + 1].strip().rstrip(",") + "}")["uid"]
                assert any(f"(({uid}))" in x for x in ref), q["id"]
        elif (
            q["kind"] == "google-tasks-json"
        ):  # a task, a list down to a task, or a task down to its subtasks
            assert labelled[0] in ("        {", "    {"), q["id"]
            assert labelled[-1] in ("        }", "        },"), q["id"]
        else:  # a comment's or an example's lines
            assert all(x.startswith("#") for x in labelled), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "price",
        "date",
        "share",
        "call",
        "reaction",
        "poll",
        "attribute",
        "block-ref",
        "task",
        "heading",
        "due",
        "completed",
        "list",
        "subtasks",
        "note",
        "email-link",
        "comment",
        "example",
    }


def test_thirty_fifth_held_out_part_heldout35_brings_new_kinds_and_only_fresh_documents():
    import json

    from eval.realdocs import make_heldout35

    kinds = {"wgetrc", "google-maps-saved", "simplenote-json", "whisper-json"}
    committed, mine = _fresh("heldout35", kinds)
    qa, unanswerable = load("heldout35")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout35")}
    # GNU Wget's sample wgetrc, committed as Debian's wget 1.21.3-1+deb12u1 ships it
    source = "wget/wgetrc"
    _as_installed(committed[source], "/etc/wgetrc")
    assert committed[source].startswith(b"###\n### Sample Wget initialization file .wgetrc")
    # the generator gives the committed bytes again: the places, the saved list, the notes and the transcript
    again = make_heldout35.files()
    make_heldout35.check(again)
    assert {f"private35/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    segments = json.loads(committed[f"private35/{make_heldout35.TRANSCRIPT_PATH}"])["segments"]
    for q in qa:
        lines = _labels_name_lines(committed, q)
        labelled = lines[q["line_start"] - 1 : q["line_end"]]
        if q["path"].endswith(".csv"):  # a place's row of the saved list
            assert q["line_start"] == q["line_end"] > 1, q["id"]
        elif q["kind"] in ("google-maps-saved", "simplenote-json"):  # one feature, one note
            assert labelled[0] == "    {" and labelled[-1] in ("    }", "    },"), q["id"]
            assert not any(x in ("    {", "    }", "    },") for x in labelled[1:-1]), q["id"]
            if "trash" in q["tags"]:
                text = "\n".join(lines[: q["line_start"]])
                assert '"trashedNotes"' in text, q["id"]
        elif q["kind"] == "whisper-json":  # a segment from its "{" down to its speaker
            assert labelled[0] == "    {" and labelled[-1].startswith('      "speaker"'), q["id"]
            if "timestamp" in q["tags"]:
                seg = json.loads("\n".join(labelled).rstrip(",") + "}")
                start = seg["start"]
                assert q["answers"] == [f"{start:g}", f"{int(start) // 60}:{int(start) % 60:02d}"], q["id"]
                assert seg in [{k: s[k] for k in seg} for s in segments], q["id"]
        else:  # a comment's lines and the commented default under it
            assert all(x.startswith("#") for x in labelled), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert {t for q in qa for t in q["tags"]} >= {
        "address",
        "comment",
        "date",
        "pin",
        "coordinates",
        "saved-list",
        "note",
        "tag",
        "trash",
        "markdown",
        "figure",
        "who-said",
        "agreed",
        "timestamp",
        "prose",
        "example",
    }


def test_thirty_sixth_held_out_part_heldout36_brings_new_kinds_and_only_fresh_documents():
    from eval.realdocs import make_heldout36

    kinds = {"debconf-conf", "apple-health-xml", "csl-json", "telegram-html"}
    committed, mine = _fresh("heldout36", kinds)
    qa, unanswerable = load("heldout36")
    doc_kind = {d["path"]: d["kind"] for d in documents("heldout36")}
    # debconf's main configuration file, committed as Debian's debconf 1.5.82 ships it
    source = "debconf/debconf.conf"
    _as_installed(committed[source], "/etc/debconf.conf")
    assert committed[source].startswith(b"# This is the main config file for debconf.")
    # the generator gives the committed bytes again: the health export, the library and the chat
    again = make_heldout36.files()
    make_heldout36.check(again)
    assert {f"private36/{k}": v for k, v in again.items()} == {p: committed[p] for p in mine if p != source}
    for q in qa:
        if q["kind"] == "telegram-html":  # one message's div, read with its date line its full date and time
            lines = committed[q["path"]].decode("utf-8").split("\n")
            labelled = lines[q["line_start"] - 1 : q["line_end"]]
            assert labelled[0].startswith('     <div class="message default clearfix'), q["id"]
            assert labelled[-1] == "     </div>" and "     </div>" not in labelled[:-1], q["id"]
            read = realdocs_check.telegram_lines(committed[q["path"]].decode("utf-8"))
            assert realdocs_check.unit_text(FILES / q["path"], q) == "\n".join(
                read[q["line_start"] - 1 : q["line_end"]]
            )
            continue
        lines = _labels_name_lines(committed, q)
        labelled = lines[q["line_start"] - 1 : q["line_end"]]
        if (
            q["kind"] == "apple-health-xml"
        ):  # one top-level element: a record, a correlation, a workout, a summary
            assert labelled[0].startswith(" <") and labelled[0][2] not in " /", q["id"]
            assert labelled[0].endswith("/>") if len(labelled) == 1 else labelled[-1].startswith(" </"), q[
                "id"
            ]
            assert all(x.startswith("  ") for x in labelled[1:-1]), q["id"]
        elif q["kind"] == "csl-json":  # one item object
            assert labelled[0] == "  {" and labelled[-1] in ("  }", "  },"), q["id"]
            assert not any(x in ("  {", "  }", "  },") for x in labelled[1:-1]), q["id"]
        else:  # a comment and the stanza under it, no blank line
            assert all(x.strip() for x in labelled), q["id"]
    # the questions: 13 on each kind of document; two or more near-topic questions beside each
    assert {q["path"] for q in qa} == mine
    assert all(sum(q["kind"] == k for q in qa) == 13 for k in kinds)
    near = [doc_kind[q["near"]] for q in unanswerable if q["kind"] == "near-topic"]
    assert all(near.count(k) >= 2 for k in kinds) and len(near) == 10
    assert sum(q["kind"] == "missing-term" for q in unanswerable) == 3
    assert {t for q in qa for t in q["tags"]} >= {
        "weight",
        "blood-pressure",
        "workout",
        "activity-ring",
        "sleep",
        "source",
        "author",
        "abstract",
        "note",
        "doi",
        "who-said",
        "reply",
        "link",
        "agreed",
        "prose",
        "example",
    }
