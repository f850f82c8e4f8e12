"""Word documents (DOCX, through python-docx): a page whose "lines" are the body's paragraphs and table rows (a
row's cells joined with " | "), headings by their Title and Heading N styles, as the document now reads (tracked
changes accepted), each paragraph followed by the text of the footnotes and endnotes it cites, and by the comments
made on it, each on a line of its own at the paragraph's number.

A table used for layout (a CV's dates in one column beside the job and its bullet points in the other) holds
paragraphs in its cells. Joined into its row's one line they ran together ("2021 - present | Senior Engineer,
Severn Estuary Partnership Lead a team of six ... (£38m) Introduced drone surveys ..."). A row with a cell of more
than one paragraph is read as the page shows it: its cells' first paragraphs as the row ("2021 - present | Senior
Engineer, Severn Estuary Partnership"), then each further paragraph on a text line of its own. Those text lines are
all the row's "line": the page's anchors keep every paragraph and row at its number."""

from __future__ import annotations

import io
import logging
import re

from engine.index.bounds import check_zip, no_check, short_reason
from engine.index.document import Block, ExtractError, Page
from engine.index.readers.office import _CHECK_EVERY, small_int, with_notes
from engine.index.readers.opendocument import MAX_AUTHOR_CHARS

log = logging.getLogger(__name__)

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _para_text(p, notes: dict[tuple[str, str], str] | None = None) -> str:
    """A paragraph's text from its w:t / w:tab / w:br runs, as the document now reads: a tracked deletion's text
    (w:delText) and a tracked move's old place (w:moveFrom) are left out, an insertion is read. Unlike
    python-docx's ``Paragraph.text`` it keeps the text after an (unresolved, never expanded) entity reference
    inside a w:t, which is held as the entity's tail. ``notes`` (``_docx_notes``, taken from as they are read): the
    text of each footnote or endnote the paragraph refers to follows its own, in order, as an ODT's notes do."""
    out, cited = [], []
    for el in p.iter(f"{_W}t", f"{_W}tab", f"{_W}br", f"{_W}cr", *_NOTE_REFS):
        if el.tag in _NOTE_REFS:
            cited.append((_NOTE_REFS[el.tag], el.get(f"{_W}id") or ""))
        elif next(el.iterancestors(f"{_W}moveFrom"), None) is not None:
            continue
        elif el.tag == f"{_W}t":
            out.append((el.text or "") + "".join(child.tail or "" for child in el))
        else:
            out.append("\t" if el.tag == f"{_W}tab" else " ")
    # a note is read once, where it is first cited: a hostile file citing one long note a million times does not
    # multiply it
    return with_notes("".join(out), [notes.pop(key, "") for key in cited] if notes is not None else [])


_NOTE_REFS = {f"{_W}footnoteReference": "footnote", f"{_W}endnoteReference": "endnote"}
_SENTENCE_END = (".", "!", "?", ":", ";")


def _is_item(p) -> bool:
    """Whether a paragraph is a list's item: numbered or bulleted (w:numPr), or in a List style."""
    ppr = p.find(f"{_W}pPr")
    if ppr is None:
        return False
    style = ppr.find(f"{_W}pStyle")
    name = (style.get(f"{_W}val") or "") if style is not None else ""
    return ppr.find(f"{_W}numPr") is not None or name.replace(" ", "").lower().startswith("list")


def _cell_head(paras: list[tuple[str, bool]]) -> tuple[str, list[str]]:
    """A layout cell's head and the rest: its first paragraphs up to the first list item or the first that ends as a
    sentence, joined with ", " ("Senior Transport Planner, Calderdale and Kirklees Transport Partnership, Halifax";
    a CV's name and contact lines), then every other paragraph on its own."""
    head: list[str] = []
    for k, (text, item) in enumerate(paras):
        if item or (head and text.endswith(_SENTENCE_END)):
            return ", ".join(head), [t for t, _ in paras[k:]]
        head.append(text)
        if text.endswith(_SENTENCE_END):
            return " ".join(head), [t for t, _ in paras[k + 1 :]]
    return ", ".join(head), []


def _comments(p, notes: dict[tuple[str, str], str]) -> list[str]:
    """The comments anchored in paragraph ``p`` (its w:commentReference marks), each taken from ``notes`` as it is
    read: a comment is read once, on a line of its own after the paragraph it is made on, as Word shows it in
    the margin beside it ("Priya Shah commented: Can we make this 60 days?")."""
    return [
        text
        for ref in p.iter(f"{_W}commentReference")
        if (text := notes.pop(("comment", ref.get(f"{_W}id") or ""), ""))
    ]


def _docx_notes(document, check=no_check) -> dict[tuple[str, str], str]:
    """The text of each footnote, endnote and comment of ``document`` (python-docx's) by ("footnote" | "endnote" |
    "comment", id): its paragraphs joined by a space, a comment's after its author's name. Word's separator notes
    (the rule above the notes) have no text; a part that cannot be parsed gives none (the body is still read)."""
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.oxml.parser import parse_xml

    out: dict[tuple[str, str], str] = {}
    for kind, reltype in (("footnote", RT.FOOTNOTES), ("endnote", RT.ENDNOTES), ("comment", RT.COMMENTS)):
        for rel in document.part.rels.values():
            if rel.reltype != reltype or rel.is_external:
                continue
            try:
                root = parse_xml(rel.target_part.blob)
            except Exception as exc:  # noqa: BLE001 - lxml raises many types for a damaged part
                log.info("%ss of a DOCX not read: %s", kind, short_reason(exc))
                continue
            for i, note in enumerate(root.iter(f"{_W}{kind}")):
                if i % _CHECK_EVERY == 0:
                    check()
                text = " ".join(" ".join(_para_text(p) for p in note.iter(f"{_W}p")).split())
                if text and kind == "comment":  # a reviewer's words, said as theirs
                    author = " ".join((note.get(f"{_W}author") or "").split())[:MAX_AUTHOR_CHARS]
                    text = f"{author} commented: {text}" if author else f"A comment: {text}"
                if text:
                    out[(kind, note.get(f"{_W}id") or "")] = text
    return out


_COMMENT_PARTS = re.compile(r"word/comments[A-Za-z0-9]*\.xml")


def _comments_emptied(data: bytes) -> bytes | None:
    """The DOCX with its comment parts emptied (None when it has none): the body of a document whose comments
    cannot be parsed is still read. Its size was checked (``check_zip``) before."""
    import zipfile

    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        if not any(_COMMENT_PARTS.fullmatch(info.filename) for info in zf.infolist()):
            return None
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in zf.infolist():
                if _COMMENT_PARTS.fullmatch(info.filename):
                    dst.writestr(info.filename, f'<w:comments xmlns:w="{_W[1:-1]}"/>')
                else:
                    dst.writestr(info, zf.read(info))
    return out.getvalue()


def extract_docx(data: bytes, check=no_check):
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            check_zip(zf, len(data))  # the XML is judged by its decompressed size, before anything inflates
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise ExtractError(f"The DOCX file is damaged or not a DOCX document ({exc}).") from exc
    check()
    try:
        import docx
        from docx.opc.exceptions import PackageNotFoundError
        from docx.table import Table
        from docx.text.paragraph import Paragraph

        try:
            document = docx.Document(io.BytesIO(data))
        except Exception:  # noqa: BLE001 - a damaged comments part (python-docx parses it on opening)?
            emptied = _comments_emptied(data)
            if emptied is None:
                raise
            document = docx.Document(io.BytesIO(emptied))
            log.info("the comments of a DOCX were not read: their part is damaged")
    except (zipfile.BadZipFile, KeyError, ValueError, PackageNotFoundError) as exc:
        raise ExtractError(f"The DOCX file is damaged or not a DOCX document ({exc}).") from exc
    except Exception as exc:  # noqa: BLE001 - lxml and zip errors come in many types
        raise ExtractError(f"The DOCX file could not be read ({type(exc).__name__}: {exc}).") from exc
    check()
    notes = _docx_notes(document, check)
    lines: list[
        tuple[str, int, int]
    ] = []  # (paragraph text, heading level, its "line": paragraph or row number)
    body = document.element.body
    for i, child in enumerate(body.iterchildren()):
        if i % _CHECK_EVERY == 0:
            check()
        tag = child.tag.rsplit("}", 1)[-1] if isinstance(child.tag, str) else ""
        if tag == "p":
            para = Paragraph(child, document)
            style = (para.style.name if para.style is not None else "") or ""
            level = 0
            if style == "Title":
                level = 1
            elif style.startswith("Heading"):
                level = small_int(style.removeprefix("Heading"), 1, 6)
            number = (lines[-1][2] if lines else 0) + 1
            lines.append((_para_text(child, notes).replace("\n", " "), level, number))
            lines += [(comment, 0, number) for comment in _comments(child, notes)]
        elif tag == "tbl":
            for row in Table(child, document).rows:
                number = (lines[-1][2] if lines else 0) + 1
                cells = [
                    [
                        (t, _is_item(p))
                        for p in c._tc.iter(f"{_W}p")
                        if (t := _para_text(p, notes).replace("\n", " ").strip())
                    ]
                    for c in row.cells
                ]
                if any(
                    len(paras) > 1 for paras in cells
                ):  # a table for layout: heads in the row, the rest a line each
                    split = [_cell_head(paras) for paras in cells]
                    lines.append((" | ".join(head for head, _ in split), 0, number))
                    lines += [(para, 0, number) for _, rest in split for para in rest]
                else:
                    lines.append((" | ".join(" ".join(t for t, _ in paras) for paras in cells), 0, number))
                lines += [(comment, 0, number) for c in row.cells for comment in _comments(c._tc, notes)]
    text = "\n".join(t for t, _, _ in lines)
    blocks = []
    anchors = []
    pos = 0
    laid_out = any(n != k for k, (_, _, n) in enumerate(lines, 1))
    for t, level, number in lines:  # one block per paragraph, table row or a layout cell's paragraph
        if t.strip():
            blocks.append(Block(pos + len(t) - len(t.lstrip()), pos + len(t.rstrip()), level))
        if laid_out:  # every text line at its paragraph's or row's number (its characters are the text's own)
            anchors.append((pos, number, pos))
        pos += len(t) + 1
    blocks = [b for b in blocks if text[b.start : b.end].strip()]
    if not blocks:
        raise ExtractError("The DOCX document has no text.")
    return Page(text, tuple(blocks), anchors=tuple(anchors))
