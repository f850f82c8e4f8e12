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

from engine.index.bounds import open_zip
from engine.index.document import ExtractError, Page
from engine.index.readers.html import extract_html
from engine.index.readers.office import lines_page

log = logging.getLogger(__name__)


def extract_epub(data: bytes) -> tuple[Page, ...]:
    open_zip(data, "EPUB").close()
    try:
        from ebooklib import ITEM_DOCUMENT, epub

        book = epub.read_epub(io.BytesIO(data), options={"ignore_ncx": True})
    except Exception as exc:  # noqa: BLE001 - zip, lxml and ebooklib errors come in many types
        raise ExtractError(
            f"The EPUB file is damaged or not an e-book ({type(exc).__name__}: {exc})."
        ) from exc
    order = []
    for entry in book.spine:
        item = book.get_item_with_id(entry[0] if isinstance(entry, tuple) else entry)
        if item is not None and item.get_type() == ITEM_DOCUMENT:
            order.append(item)
    if not order:
        order = list(book.get_items_of_type(ITEM_DOCUMENT))
    pages = []
    for number, item in enumerate(order, 1):
        source = item.get_content().decode("utf-8", errors="replace").replace("\r\n", "\n")
        try:
            page = extract_html(source)
        except ExtractError:
            continue  # a cover image page or an empty title page
        pages.append(replace(page, number=number))
    if not pages:
        raise ExtractError("The e-book has no text.")
    return tuple(pages)


def extract_notebook(text: str) -> tuple[Page, ...]:
    try:
        nb = json.loads(text)
        cells = nb["cells"] if isinstance(nb, dict) else None
    except (ValueError, KeyError, TypeError) as exc:
        raise ExtractError(f"The notebook is not valid JSON with cells ({exc}).") from exc
    if not isinstance(cells, list):
        raise ExtractError("The notebook has no list of cells.")
    pages = []
    for number, cell in enumerate(cells, 1):
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
        if kind == "code":
            for out in cell.get("outputs") or ():
                if not isinstance(out, dict):
                    continue
                body = out.get("text") or (out.get("data") or {}).get("text/plain")
                if body:
                    lines.extend((line, 0) for line in _source(body).split("\n"))
        page = lines_page(lines, number)
        if page is not None:
            pages.append(page)
    if not pages:
        raise ExtractError("The notebook has no text.")
    return tuple(pages)


def _source(value) -> str:
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return str(value or "")
