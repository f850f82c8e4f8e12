"""Table rows in a passage: each row is a sentence of its own, read and shown under its header row.

A CSV passage's lines, a sheet's rows (``12: a | b``) and the `` | `` rows a DOCX, PPTX or ODT table is read as, and
a Markdown table's ``| a | b |`` lines, hold no sentence punctuation: read as prose they run together into one long
"sentence" of several rows, and a row alone ("2027-01,Utilities,Northern Energy,148.00,171.35,cold snap") does not say
which value is what. Here every row is its own candidate, and its reading names its columns from the header row
(engine.index.tables.labelled): "month: 2027-01; category: Utilities; ...; spent_gbp: 171.35; note: cold snap". The
header is the passage's own header row, or the one the index kept in its heading trail (a CSV's first line, a sheet's
header row: engine.index.tables). The citation still quotes the row as the file holds it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.index import (
    SHEET_ROW,
    csv_cells,
    delimiter_for,
    file_type_for,
    is_header,
    is_separator,
    labelled,
    pipe_cells,
    sheet_header,
)
from engine.rag.sources import Source

_PIPE_TYPES = frozenset({"docx", "pptx", "odt"})  # readers that write a table's rows as "a | b"


def row_reading(source: Source, start: int, end: int) -> str | None:
    """How the row at ``source.text[start:end]`` reads under its header; None when that span is no row."""
    return _readings(source).get((start, end))


@lru_cache(maxsize=256)
def _readings(source: Source) -> dict[tuple[int, int], str]:
    return {(a, b): r for a, b, r in table_rows(source)[0]}


@lru_cache(maxsize=256)
def table_lines(source: Source) -> tuple[tuple[int, int], ...]:
    """(start, end) of every row, header and separator line of ``source.text``, in order."""
    rows, heads = table_rows(source)
    return tuple(sorted([(a, b) for a, b, _ in rows] + list(heads)))


@lru_cache(maxsize=256)
def table_rows(source: Source) -> tuple[tuple[tuple[int, int, str], ...], tuple[tuple[int, int], ...]]:
    """((start, end, reading) of each row, (start, end) of each header or separator line) in ``source.text``;
    both empty for a passage of a file type whose reader writes no table rows."""
    kind = file_type_for(Path(source.path))
    if kind == "csv":
        return _csv_rows(source)
    if kind == "xlsx":
        return _sheet_rows(source)
    if kind in _PIPE_TYPES or kind == "markdown":
        return _pipe_rows(source, markdown=kind == "markdown")
    return (), ()


def _lines(text: str):
    pos = 0
    for line in text.split("\n"):
        a = pos + len(line) - len(line.lstrip())
        b = pos + len(line.rstrip())
        pos += len(line) + 1
        if b > a:
            yield a, b


def _trail_header(source: Source, cells_of) -> list[str] | None:
    """The header row the index kept as the passage's last heading, when it reads as one."""
    last = source.heading.split(" > ")[-1].strip() if source.heading else ""
    cells = cells_of(last) if last else None
    return cells if cells and is_header(cells) else None


def _csv_rows(source: Source):
    delimiter = delimiter_for(source.path)
    header = _trail_header(source, lambda t: csv_cells(t, delimiter))
    rows, heads = [], []
    for k, (a, b) in enumerate(_lines(source.text)):
        cells = csv_cells(source.text[a:b], delimiter)
        at_top = k == 0 and (source.line_start or 1) == 1
        if (header is None and at_top and is_header(cells)) or cells == header:
            header = cells
            heads.append((a, b))
            continue
        rows.append((a, b, labelled(header, cells) if header else source.text[a:b]))
    return tuple(rows), tuple(heads)


def _pipe_rows(source: Source, markdown: bool):
    trail = _trail_header(source, pipe_cells)
    header = trail
    rows, heads = [], []
    in_run = False
    for a, b in _lines(source.text):
        line = source.text[a:b]
        if markdown and not (line.startswith("|") and line.endswith("|")):
            in_run, header = False, trail
            continue
        if markdown and is_separator(line):
            heads.append((a, b))
            continue
        cells = pipe_cells(line)
        if cells is None:  # a paragraph between tables: the next row may open a new one
            in_run, header = False, trail
            continue
        # a table's header is its first row, unless the index kept one in the trail
        if (not in_run and trail is None and is_header(cells)) or cells == header:
            header, in_run = cells, True
            heads.append((a, b))
            continue
        in_run = True
        rows.append((a, b, _read(header, cells)))
    return tuple(rows), tuple(heads)


def _sheet_rows(source: Source):
    """A sheet: every ``N: ...`` line is a row (one of one cell too). Its header is the one the index kept in the
    passage's heading trail or, in the passage that opens the sheet (with the sheet's name), the one the reader
    finds among its first rows (engine.index.tables.sheet_header); the sheet's name and title rows above the header
    are titles."""
    header = _trail_header(source, pipe_cells)
    lines = list(_lines(source.text))
    cells = [_sheet_cells(source.text[a:b]) for a, b in lines]
    heads = [(a, b) for (a, b), c in zip(lines, cells, strict=True) if c is None]  # the sheet's name
    top = -1
    if header is None and lines and cells[0] is None:  # the passage opens the sheet
        found = sheet_header([c for c in cells[1:] if c is not None])
        if found is not None:
            top = found + 1
            header = cells[top]
    rows = []
    for k, ((a, b), c) in enumerate(zip(lines, cells, strict=True)):
        if c is None:
            continue
        if k <= top or c == header:
            heads.append((a, b))
            continue
        rows.append((a, b, _read(header, c)))
    return tuple(rows), tuple(sorted(heads))


def _read(header: list[str] | None, cells: list[str]) -> str:
    """A `` | `` row under its header, or its cells as they are when it has none."""
    return labelled(header, cells) if header else " | ".join(c for c in cells if c)


def _sheet_cells(line: str) -> list[str] | None:
    if not SHEET_ROW.match(line):
        return None
    return pipe_cells(line) or [SHEET_ROW.sub("", line, count=1).strip()]
