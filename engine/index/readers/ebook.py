"""E-books and notebooks: EPUB (through ebooklib; a page per chapter, headings kept) and Jupyter notebooks.

EPUB: the spine's documents in reading order; page N is the N-th chapter document; lines and characters are
those of the chapter's XHTML source (the HTML reader's anchors), so a citation can point into the chapter.
Notebooks (``.ipynb``, read with ``json``): one page per cell (page N is cell N); Markdown cells keep their
headings, code cells their source, followed by their text outputs.
"""

from __future__ import annotations

import io
import json
import logging
from dataclasses import replace

from engine.index.bounds import charge, no_check, open_zip, short_reason
from engine.index.document import ExtractError, Page
from engine.index.readers.html import extract_html
from engine.index.readers.office import lines_page

log = logging.getLogger(__name__)

MAX_NOTEBOOK_CELLS = 100_000
# 2: a chapter's own lines (not a re-render's), its <title> left out; 3: a table's row, one line; 4: a <summary>,
# <caption> or <legend> a block of its own (engine.index.readers.html)
READER_VERSION = 4


def extract_epub(data: bytes, check=no_check) -> tuple[Page, ...]:
    open_zip(data, "EPUB").close()
    check()
    try:
        from ebooklib import ITEM_DOCUMENT, epub

        book = epub.read_epub(io.BytesIO(data), options={"ignore_ncx": True})
        order = []
        for entry in book.spine:
            item = book.get_item_with_id(entry[0] if isinstance(entry, (tuple, list)) and entry else entry)
            if item is not None and item.get_type() == ITEM_DOCUMENT:
                order.append(item)
        if not order:
            order = list(book.get_items_of_type(ITEM_DOCUMENT))
    except Exception as exc:  # noqa: BLE001 - zip, lxml and ebooklib errors come in many types
        raise ExtractError(f"The EPUB file is damaged or not an e-book ({short_reason(exc)}).") from exc
    pages = []
    for number, item in enumerate(order, 1):
        check()
        # the file's own bytes: get_content() re-renders the chapter (its <head> rebuilt, <title> dropped), which
        # moves every line, and the citation must point at the chapter's source as it is in the book
        raw = getattr(item, "content", None)
        content = (raw if isinstance(raw, bytes) else item.get_content()) or b""
        charge(check, 2 * len(content))
        source = content.decode("utf-8", errors="replace").replace("\r\n", "\n")
        try:
            page = extract_html(source, check, title=False)
        except ExtractError:
            continue  # a cover image page or an empty title page
        pages.append(replace(page, number=number))
    if not pages:
        raise ExtractError("The e-book has no text.")
    return tuple(pages)


def extract_notebook(text: str, check=no_check) -> tuple[Page, ...]:
    """Cells as pages. Whatever a cell holds that is not the notebook format's (outputs that are not a list,
    data that is not a mapping, numbers where text belongs) is read as far as it makes sense, never trusted."""
    try:
        nb = json.loads(text)
    except RecursionError as exc:
        raise ExtractError("The notebook's JSON is nested too deeply to read.") from exc
    except ValueError as exc:
        raise ExtractError(f"The notebook is not valid JSON ({exc}).") from exc
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list):
        raise ExtractError("The notebook has no list of cells.")
    charge(check, 2 * len(text))  # the parsed JSON
    pages = []
    for number, cell in enumerate(cells[:MAX_NOTEBOOK_CELLS], 1):
        if number % 100 == 0:
            check()
        if not isinstance(cell, dict):
            continue
        kind = cell.get("cell_type")
        lines: list[tuple[str, int]] = []
        for line in _source(cell.get("source")).split("\n"):
            level = 0
            if kind == "markdown":
                stripped = line.lstrip()
                hashes = len(stripped) - len(stripped.lstrip("#"))
                if 1 <= hashes <= 6 and stripped[hashes : hashes + 1] == " ":
                    level = hashes
            lines.append((line, level))
        outputs = cell.get("outputs") if kind == "code" else None
        for out in outputs if isinstance(outputs, list) else ():
            if not isinstance(out, dict):
                continue
            data = out.get("data")
            body = out.get("text") or (data.get("text/plain") if isinstance(data, dict) else None)
            if body:
                lines.extend((line, 0) for line in _source(body).split("\n"))
        page = lines_page(lines, number)
        if page is not None:
            pages.append(page)
    if not pages:
        raise ExtractError("The notebook has no text.")
    return tuple(pages)


def _source(value) -> str:
    """A cell's source or an output's text: a string or a list of strings (anything else holds no text)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(v for v in value if isinstance(v, str))
    return ""
