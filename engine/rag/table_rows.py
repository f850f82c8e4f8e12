"""Table rows in a passage: each row is a sentence of its own, read and shown under its header row.

A CSV passage's lines, a sheet's rows (``12: a | b``), the `` | `` rows a DOCX, PPTX or ODT table is read as, a
Markdown table's ``| a | b |`` lines, a PDF table's rows (a tab between cells where the page has a column gap:
engine.index.readers.pdf_blocks) and a LaTeX ``tabular``'s ``a & b \\\\`` lines hold no sentence punctuation: read
as prose they run together into one long "sentence" of several rows, and a row alone ("2027-01,Utilities,Northern
Energy,148.00,171.35,cold snap") does not say which value is what. Here every row is its own candidate, and its
reading names its columns from the header row (engine.index.tables.labelled): "month: 2027-01; category: Utilities;
...; spent_gbp: 171.35; note: cold snap". The header is the passage's own header row, or the one the index kept in its
heading trail (a CSV's first line, a sheet's header row: engine.index.tables). The citation still quotes the row as
the file holds it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from engine.index import (
    SHEET_ROW,
    config_kind,
    config_lines,
    csv_cells,
    delimiter_for,
    is_header,
    is_separator,
    labelled,
    pipe_cells,
    sheet_header,
)
from engine.rag.sources import Source, read_type

MAX_COMMENT_LINES = 3  # a setting is read with at most this many comment lines right above it
MAX_GROUPED_SETTINGS = 4  # an object of at most this many settings (in MAX_GROUPED_CHARS) is read as one row
MAX_GROUPED_CHARS = 240
# readers that write a table's rows as "a | b" (a slide's, a saved page's: engine.index.readers). Not an HTML mail's:
# its tables seldom have a header row, and its first row read as one ("Good Friday, 26 March: Easter Sunday ...")
_PIPE_TYPES = frozenset(
    {"docx", "pptx", "odt", "odp", "pages", "keynote", "html", "epub", "webarchive", "mhtml"}
)
# LaTeX: a rule between rows, alone on its line or after a row's "\\\\"; a row's cell separator; markup in a cell
_TEX_RULE = r"\\(?:hline|toprule|midrule|bottomrule|cline\{[^}]*\}|cmidrule(?:\([^)]*\))?\{[^}]*\})"
_TEX_RULE_LINE = re.compile(r"^(?:" + _TEX_RULE + r"\s*)+$")
_TEX_ROW = re.compile(
    r"^(?P<cells>.*(?<!\\)&.*?)\s*\\\\(?:\[[^\]]*\])?\s*(?:" + _TEX_RULE + r"\s*)*(?:%.*)?$"
)
_TEX_ESCAPED = re.compile(r"\\([%&_#$])")
_TEX_SYMBOLS = {"textdegree": "°", "textpm": "±", "texttimes": "×", "euro": "€", "pounds": "£", "ldots": "…"}
_TEX_COMMAND = re.compile(r"\\([A-Za-z]+)\*?\s*")


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
    kind = read_type(source)
    config = config_kind(source.path) if kind == "code" else None
    if config is not None:
        return _config_rows(source, config)
    if kind == "csv":
        return _csv_rows(source)
    if kind in ("xlsx", "ods"):
        return _sheet_rows(source)
    org = (
        kind == "text" and Path(source.path).suffix.lower() == ".org"
    )  # Org's tables are Markdown's, "+" aside
    if kind in _PIPE_TYPES or kind == "markdown" or org:
        return _pipe_rows(source, markdown=kind == "markdown" or org)
    if kind == "pdf":
        return _split_rows(source, _tab_cells, None)
    if Path(source.path).suffix.lower() == ".tex":
        return _split_rows(source, _tex_cells, _TEX_RULE_LINE)
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
    lines = list(_lines(source.text))
    for k, (a, b) in enumerate(lines):
        line = source.text[a:b]
        # a Markdown table's header is the row over its |---| line, whatever it holds ("| Bed | 2026 | 2027 |")
        if markdown and k + 1 < len(lines) and is_separator(source.text[slice(*lines[k + 1])]):
            cells = pipe_cells(line)
            if cells is not None and line.startswith("|"):
                header, in_run = cells, True
                heads.append((a, b))
                continue
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
        if markdown:  # emphasis round a cell is how it looks, not what it says
            cells = [_plain(c) for c in cells]
        # a table's header is its first row, unless the index kept one in the trail; a cell ending with a colon
        # names what the next cell says ("style: | the XSLT stylesheet", a list of parameters): no header
        named = is_header(cells) and not any(c.endswith(":") for c in cells)
        if (not in_run and trail is None and named) or cells == header:
            header, in_run = cells, True
            heads.append((a, b))
            continue
        in_run = True
        rows.append((a, b, _read(header, cells)))
    return tuple(rows), tuple(heads)


def _split_rows(source: Source, cells_of, rule: re.Pattern | None):
    """Rows whose cells ``cells_of`` finds in a line (None: no row), in runs of consecutive lines (``rule``: a line
    between rows that draws a line and says nothing, kept with the header lines). A run's first row is its header
    when it reads as one; so is a later row that reads as one with another number of cells than the header above it
    (a PDF's second table set right under the first: "Reading date | Reading | Type of reading", then "Charge |
    Quantity | Rate | Amount")."""
    rows, heads = [], []
    header: list[str] | None = None
    in_run = False
    for a, b in _lines(source.text):
        line = source.text[a:b]
        if rule is not None and rule.match(line):
            heads.append((a, b))
            continue
        cells = cells_of(line)
        if cells is None:
            in_run, header = False, None
            continue
        # a header names its columns: a row with a figure ("Monday to Thursday | 8.00am to 6.00pm") is a value
        named = is_header(cells) and not any(ch.isdigit() for c in cells for ch in c)
        if named and (not in_run or (header is not None and len(cells) != len(header))):
            header, in_run = cells, True
            heads.append((a, b))
            continue
        in_run = True
        rows.append((a, b, _read(header, cells)))
    return tuple(rows), tuple(heads)


def _tab_cells(line: str) -> list[str] | None:
    return [c.strip() for c in line.split("\t")] if "\t" in line else None


def _tex_cells(line: str) -> list[str] | None:
    """The cells of a ``tabular`` row, ``2023-06-12 & Landsat 9 & 8.5\\% \\\\``, as text: ``8.5%``."""
    found = _TEX_ROW.match(line.strip())
    if found is None:
        return None
    cells = re.split(r"(?<!\\)&", found.group("cells"))
    return [_tex_text(c) for c in cells]


def _tex_text(cell: str) -> str:
    """A cell's text with its markup read: escapes, a few symbols, commands dropped (``\\textbf{x}`` is x)."""
    text = _TEX_ESCAPED.sub(r"\1", cell.replace("\\ ", " ").replace("~", " "))
    text = _TEX_COMMAND.sub(lambda m: _TEX_SYMBOLS.get(m.group(1), ""), text)
    text = text.replace("{", "").replace("}", "").replace("$", "")
    return " ".join(text.split())


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


def _config_rows(source: Source, kind: str):
    """A configuration file's settings (engine.index.config_paths), each read under the keys it sits under and
    with the comment right above it: ``services › pihole: `restart: always` (Without DNS nothing in the house
    works, so this one must always come back.)``; the lines that open or close an object or a section are its
    header lines. The passage's heading trail is the path at its first line."""
    trail = tuple(p for p in source.heading.split(" > ") if p) if source.heading else ()
    lines = config_lines(source.text, kind, trail)
    rows, heads = [], []
    k = 0
    while k < len(lines):
        line = lines[k]
        if line.role in ("open", "close"):
            heads.append((line.start, line.end))
        if line.role != "entry":
            k += 1
            continue
        # a small object's settings, one after another with no comment between them, are read as one (when the
        # passage holds all of them): quiet_hours: `"from": "22:30", "to": "07:00"`; a larger object's each alone
        run = k
        while run + 1 < len(lines) and lines[run + 1].role == "entry" and lines[run + 1].path == line.path:
            run += 1
        whole = (  # the passage holds the whole object, from the line that opens it to the one after it
            k > 0
            and lines[k - 1].role == "open"
            and run + 1 < len(lines)
            and lines[run + 1].path != line.path
        )
        small = whole and run - k < MAX_GROUPED_SETTINGS and lines[run].end - line.start <= MAX_GROUPED_CHARS
        for first, last in [(k, run)] if small else [(i, i) for i in range(k, run + 1)]:
            rows.append(_setting(source, lines, first, last))
        k = run + 1
    return tuple(rows), tuple(heads)


def _setting(source: Source, lines, first: int, last: int) -> tuple[int, int, str]:
    """The row of settings ``lines[first..last]``, with the comment lines right above them."""
    above, start = [], lines[first].start
    for prev in reversed(lines[max(0, first - MAX_COMMENT_LINES) : first]):
        gap = source.text[prev.end : start]
        if prev.role != "comment" or gap.count("\n") != 1 or gap.strip():
            break
        above.insert(0, source.text[prev.start : prev.end].lstrip("#;/ ").strip())
        start = prev.start
    said = " ".join(" ".join(above).split())
    values = " ".join(source.text[x.start : x.end] for x in lines[first : last + 1])
    setting = f"`` {values} ``" if "`" in values else f"`{values}`"  # a backtick in it: two
    where = " › ".join(lines[first].path)
    text = f"{where}: {setting}" if where else setting
    return start, lines[last].end, f"{text} ({said})" if said else text


_EMPHASIS = re.compile(r"^(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1$")


def _plain(cell: str) -> str:
    """A Markdown cell's text without the emphasis round all of it: "**Total**" reads "Total"."""
    m = _EMPHASIS.match(cell)
    return m.group(2) if m else cell


def _read(header: list[str] | None, cells: list[str]) -> str:
    """A `` | `` row under its header, or its cells as they are when it has none."""
    return labelled(header, cells) if header else " | ".join(c for c in cells if c)


def _sheet_cells(line: str) -> list[str] | None:
    if not SHEET_ROW.match(line):
        return None
    return pipe_cells(line) or [SHEET_ROW.sub("", line, count=1).strip()]
