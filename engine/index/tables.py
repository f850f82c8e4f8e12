"""Rows of a table as Alcove's readers write them, and the header row that names their columns.

A CSV or TSV file is one row per line; a spreadsheet sheet, and a table in a DOCX, PPTX, ODT or Markdown file, is one
row per line with its cells between `` | `` (a sheet's row opens with its number, ``12: a | b``; a Markdown row is
``| a | b |``). A row read alone ("2027-01,Utilities,Northern Energy,148.00,171.35,cold snap") says little; read
under its header ("month: 2027-01; category: Utilities; payee: Northern Energy; budgeted_gbp: 148.00; ...") it says
what each value is. The index keeps a header row as a heading (every chunk of the table carries it in its heading
trail, and is embedded with it); the extractive answer reads and shows a row with its header (engine.rag.table_rows).
"""

from __future__ import annotations

import csv
import re

SHEET_ROW = re.compile(r"^\d{1,7}: ")  # an XLSX row's number, as engine.index.readers.office writes it
_NUMBER = re.compile(r"^[-+(]?[£$€¥]?\s*\d[\d,. :/\-]*%?\)?$")  # 12, 171.35, 2027-01, 14:30, (3.50), 50%
# Markdown's |---|:--:|, Org's |-----+-----|
_SEPARATOR = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:[|+]\s*:?-{2,}:?\s*)*\|?$")
CSV_READER_VERSION = 2  # 2: a CSV's header line is a heading, and a chunk's overlap is whole rows
MAX_HEADER_CELL_CHARS = 40  # a column's name is short; a longer cell is a value
MAX_HEADER_CELL_WORDS = 5
HEADER_SEARCH_ROWS = 5  # a sheet's header row is one of its first rows (a title row may come first)
_MONEY = re.compile(r"[£$€¥]\s*\d")


def csv_cells(line: str, delimiter: str = ",") -> list[str]:
    """The cells of one CSV line (quotes as the csv module reads them)."""
    try:
        return [c.strip() for c in next(csv.reader([line], delimiter=delimiter))]
    except (csv.Error, StopIteration):
        return [c.strip() for c in line.split(delimiter)]


def pipe_cells(line: str) -> list[str] | None:
    """The cells of a `` | `` row (a sheet's row number and a Markdown row's outer pipes dropped); None for a line
    that is not one (no `` | ``, or a Markdown separator row)."""
    text = SHEET_ROW.sub("", line.strip(), count=1)
    if _SEPARATOR.match(text):
        return None
    if text.startswith("|") and text.endswith("|") and len(text) > 1:
        text = text[1:-1]
    if " | " not in f" {text} " or "|" not in text:
        return None
    return [c.strip() for c in text.split("|")]


def is_separator(line: str) -> bool:
    """A Markdown table's line under its header, ``|---|:--:|`` (an Org table's, ``|----+----|``)."""
    return "-" in line and _SEPARATOR.match(line.strip()) is not None


def is_header(cells: list[str]) -> bool:
    """Whether a row reads as a header: two or more cells, each a short name, none a number, a date or a list
    ("AutoCAD Civil 3D, HEC-RAS, Python": a value, as in a CV's table of skills)."""
    named = [c for c in cells if c]
    return (
        len(named) >= 2
        and len(named) >= len(cells) - 1
        and all(len(c) <= MAX_HEADER_CELL_CHARS and len(c.split()) <= MAX_HEADER_CELL_WORDS
                and not _NUMBER.match(c) and not _MONEY.search(c) and any(ch.isalpha() for ch in c)
                and c.count(", ") < 2
                for c in named)
    )  # fmt: skip


def sheet_header(rows: list[list[str]]) -> int | None:
    """Which of a sheet's first rows (their cells, in order) is its header: the first of the first
    HEADER_SEARCH_ROWS that reads as one (title rows may come before it); None when none does."""
    return next((k for k, cells in enumerate(rows[:HEADER_SEARCH_ROWS]) if is_header(cells)), None)


def delimiter_for(path: str) -> str:
    # a TSV file, or text named .xls (an "Excel" export that is tab-separated text)
    return "\t" if path.lower().removesuffix(".gz").endswith((".tsv", ".xls")) else ","


def csv_header(text: str, delimiter: str = ",") -> tuple[int, int] | None:
    """The span of a CSV file's header line (its first non-blank line, when it reads as one)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line = text[start:end]
        if line.strip():
            return (start, end) if is_header(csv_cells(line, delimiter)) else None
        start = end + 1
    return None


def labelled(header: list[str], cells: list[str]) -> str:
    """A row read under its header: "month: 2027-01; category: Utilities; ..." (empty cells left out; a cell with
    no column name is shown as it is)."""
    parts = []
    for i, cell in enumerate(cells):
        if not cell:
            continue
        name = header[i] if i < len(header) else ""
        parts.append(f"{name}: {cell}" if name and name != cell else cell)
    return "; ".join(parts)
