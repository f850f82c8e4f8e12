"""Numbers spreadsheets (Numbers 10 and later, "BNC" storage): each table's rows, read from the archive's objects.

A Numbers file is a zip of IWA files as a Pages or Keynote one is (engine.index.readers.iwork reads their chunks and
archives). The document (``TN.DocumentArchive``, type 1) lists its sheets in field 1; a sheet (``TN.SheetArchive``,
type 2) has its name in field 1 and its drawables in field 2, among them its tables (``TST.TableInfoArchive``, type
6000, whose field 2 is the table's model). A table's model (``TST.TableModelArchive``, type 6001) has its name (8),
its numbers of rows (6) and columns (7) and its data store (4): the tiles of its cells (3: ``TST.TileStorage``,
each tile's id (1) and object (2), and the tile's size in rows (2)), its string table (4), its rich text table
(17) and its format table (22), each a ``TST.TableDataList`` (type 6005) of entries (3) by key (1) holding a string
(3), a rich text payload (9: ``TST.RichTextPayloadArchive``, type 6218, whose field 1 is a text storage) or a format
(6: ``TSK.FormatStructArchive``, its currency code in field 3, its decimal places in 2). A tile (``TST.Tile``, type
6002) holds its rows (5), each its row index in the tile (1), its cells' storage (6) and the offsets of its cells
in it (7: 16-bit little-endian, -1 for an empty cell; times 4 where field 8 says the offsets are wide).

A cell's storage: a version byte (5), its type (byte 1), then from byte 8 a 32-bit set of flags saying which
values follow from byte 12, in this order: a decimal128 (16 bytes: a number or an amount), a double (8: a
boolean or a duration in seconds), a date (8: seconds since 1 January 2001), then 32-bit ids of its string, its
rich text, its styles, formula and formats (the currency format's id is the 15th). Field numbers and the storage's
layout are from the iWork message definitions that numbers-parser publishes (MIT); decimal128 is IEEE 754-2008's
binary integer decimal.

Each table is a page, "Sheet › Table" its title, read as an XLSX sheet is (``N: cell | cell`` a line per non-empty
row, the header a heading): numbers as Numbers shows them without its grouping, amounts with their currency's
symbol ("£42.50"), dates as the XLSX reader writes them. A formula's cell holds the value Numbers last computed.
Text boxes, charts and pictures on a sheet are not read; nor is a file saved before Numbers 10 (its cells are
stored otherwise: the reader says so).
"""

from __future__ import annotations

import struct
import zipfile
from collections.abc import Callable
from datetime import datetime, timedelta

from engine.index.bounds import no_check, open_zip
from engine.index.document import ExtractError, Page
from engine.index.readers.iwork import IworkError, fields, iwa_objects, reference, text_storages
from engine.index.readers.office import SheetRows, cell_text, sheets_read

DOCUMENT, SHEET, TABLE_INFO, TABLE_MODEL, TILE, DATA_LIST, RICH_TEXT = 1, 2, 6000, 6001, 6002, 6005, 6218
NUMBER, TEXT, DATE, BOOLEAN, DURATION, ERROR, RICH, CURRENCY = 2, 3, 5, 6, 7, 8, 9, 10  # a cell's type byte
DEFAULT_TILE_ROWS = 256
MAX_TABLE_COLUMNS = 1000  # Numbers' own limit
EPOCH = datetime(2001, 1, 1)
_SYMBOLS = {
    "GBP": "£",
    "USD": "$",
    "EUR": "€",
    "JPY": "¥",
    "INR": "₹",
    "AUD": "A$",
    "CAD": "CA$",
    "NZD": "NZ$",
}
_DECIMAL128_BIAS = 6176


def extract_numbers(
    data: bytes, check: Callable[[], None] = no_check
) -> tuple[tuple[Page, ...], tuple[str, ...]]:
    """A page per table of a Numbers spreadsheet, and notes on what was left out."""
    if not data.startswith(b"PK"):
        raise ExtractError("Not a Numbers spreadsheet: the file is not a zip archive, as Numbers saves one.")
    zf = open_zip(data, "Numbers")
    with zf:
        names = set(zf.namelist())
        if any(n.endswith(".iwph") for n in names):
            raise ExtractError(
                "The Numbers spreadsheet is protected by a password, so its values cannot be read."
            )
        if "Index/Document.iwa" not in names:
            if "index.xml" in names or "index.xml.gz" in names:
                raise ExtractError("The Numbers spreadsheet is in the iWork '09 format, which is not read.")
            raise ExtractError("The Numbers file is damaged or not a spreadsheet (no Index/Document.iwa).")
        objects: dict[int, tuple[int, bytes]] = {}
        broken: list[str] = []
        for name in sorted(n for n in names if n.startswith("Index/") and n.endswith(".iwa")):
            try:  # a damaged part (a table's tile) costs its own cells, noted; the document's costs the file
                found = list(iwa_objects(zf, name, check))
            except (IndexError, ValueError, zipfile.BadZipFile, OSError) as exc:
                if name == "Index/Document.iwa":
                    raise IworkError(
                        f"The Numbers spreadsheet's archive could not be read ({type(exc).__name__})."
                    ) from exc
                broken.append(name)
                continue
            for ident, kind, payload in found:
                objects.setdefault(ident, (kind, payload))
    pages, notes = _Workbook(objects, check).read()
    return pages, (*notes, *(f"{name} could not be read: its cells are missing" for name in broken))


class _Workbook:
    def __init__(self, objects: dict[int, tuple[int, bytes]], check) -> None:
        self.objects, self.check = objects, check

    def _object(self, ref: bytes, kind: int) -> bytes | None:
        found = self.objects.get(reference(ref) or -1)
        return found[1] if found is not None and found[0] == kind else None

    def read(self) -> tuple[tuple[Page, ...], tuple[str, ...]]:
        document = next((payload for kind, payload in self.objects.values() if kind == DOCUMENT), None)
        if document is None:
            raise ExtractError("The Numbers file is damaged or not a spreadsheet (no document object).")
        pages: list[Page] = []
        notes: list[str] = []
        bad: list[str] = []
        for ref in fields(document, 1):
            sheet = self._object(ref, SHEET)
            if sheet is None:
                continue
            sheet_name = _text(next(fields(sheet, 1), b"")) or "Sheet"
            for drawable in fields(sheet, 2):
                info = self._object(drawable, TABLE_INFO)
                model = (
                    None
                    if info is None
                    else next((self._object(r, TABLE_MODEL) for r in fields(info, 2)), None)
                )
                if model is None:
                    continue
                table_name = _text(next(fields(model, 8), b"")) or "Table"
                title = f"{sheet_name} › {table_name}"
                state = SheetRows(title, notes, self.check)
                try:
                    self._rows(model, state)
                except (IndexError, ValueError, struct.error) as exc:
                    bad.append(f"table {title!r} row {state.last + 1}: {type(exc).__name__}")
                page = state.page(len(pages) + 1)
                if page is not None:
                    pages.append(page)
        return sheets_read(pages, notes, bad, "spreadsheet")

    def _rows(self, model: bytes, state: SheetRows) -> None:
        columns = min(next(fields(model, 7, varint=True), 0), MAX_TABLE_COLUMNS)
        store = next(fields(model, 4), b"")
        strings = self._data_list(store, 4)
        rich = self._data_list(store, 17)
        formats = self._data_list(store, 22)
        tiles = next(fields(store, 3), b"")
        tile_rows = next(fields(tiles, 2, varint=True), 0) or DEFAULT_TILE_ROWS
        rows: dict[int, bytes] = {}
        for entry in fields(tiles, 1):
            tile_id = next(fields(entry, 1, varint=True), 0)
            tile = next((self._object(r, TILE) for r in fields(entry, 2)), None)
            if tile is None:
                continue
            if not next(fields(tile, 7, varint=True), 0):  # saved before Numbers 10: cells stored otherwise
                raise ExtractError(
                    "The Numbers spreadsheet was saved by a version before Numbers 10, which is not read."
                )
            for info in fields(tile, 5):
                index = tile_id * tile_rows + next(fields(info, 1, varint=True), 0)
                rows[index] = info
        for index in sorted(rows):
            info = rows[index]
            storage = next(fields(info, 6), b"")
            offsets = next(fields(info, 7), b"")
            wide = bool(next(fields(info, 8, varint=True), 0))
            cells = _cells(storage, offsets, columns, wide)
            values = [self._value(c, strings, rich, formats) if c else "" for c in cells]
            if not state.add(index + 1, values):
                break

    def _data_list(self, store: bytes, field: int) -> dict[int, bytes]:
        """A data list's entries by key."""
        found = next((self._object(r, DATA_LIST) for r in fields(store, field)), None)
        if found is None:
            return {}
        return {next(fields(e, 1, varint=True), 0): e for e in fields(found, 3)}

    def _value(self, cell: bytes, strings, rich, formats) -> str:
        if len(cell) < 12 or cell[0] != 5:
            return ""
        kind = cell[1]
        flags = int.from_bytes(cell[8:12], "little")
        pos = 12
        number = double = seconds = None
        if flags & 0x1:
            number = _decimal128(cell[pos : pos + 16])
            pos += 16
        if flags & 0x2:
            (double,) = struct.unpack_from("<d", cell, pos)
            pos += 8
        if flags & 0x4:
            (seconds,) = struct.unpack_from("<d", cell, pos)
            pos += 8
        ids = {}
        for bit in range(
            3, 20
        ):  # string, rich text, 4 styles, formula, control, error, suggestion, 5 formats ...
            if flags & (1 << bit):
                ids[bit] = int.from_bytes(cell[pos : pos + 4], "little", signed=True)
                pos += 4
        if kind == TEXT and 3 in ids:
            return _text(next(fields(strings.get(ids[3], b""), 3), b""))
        if kind == RICH and 4 in ids:
            return self._rich(rich.get(ids[4], b""))
        if kind in (NUMBER, CURRENCY) and number is not None:
            if kind == CURRENCY or 14 in ids:
                form = next(fields(formats.get(ids.get(14, -1), b""), 6), b"")
                return _amount(
                    number, _text(next(fields(form, 3), b"")), next(fields(form, 2, varint=True), 2)
                )
            return cell_text(number)
        if kind == DATE and seconds is not None:
            return cell_text(EPOCH + timedelta(seconds=seconds))
        if kind == BOOLEAN and double is not None:
            return cell_text(double > 0)
        if kind == DURATION and double is not None:
            return str(timedelta(seconds=double))
        if kind == ERROR:
            return "#ERROR"
        return ""

    def _rich(self, entry: bytes) -> str:
        payload = next((self._object(r, RICH_TEXT) for r in fields(entry, 9)), None)
        storage = None if payload is None else next(fields(payload, 1), None)
        found = None if storage is None else self.objects.get(reference(storage) or -1)
        if found is None:
            return ""
        text = " ".join(t for _i, _k, t in text_storages([(reference(storage), *found)]))
        return " ".join(text.replace("\ufffc", " ").split())


def _cells(storage: bytes, offsets: bytes, columns: int, wide: bool) -> list[bytes | None]:
    """Each column's cell storage in a row (None: empty)."""
    starts = [v for (v,) in struct.iter_unpack("<h", offsets[: len(offsets) // 2 * 2])][:columns]
    if wide:
        starts = [s * 4 if s >= 0 else s for s in starts]
    out: list[bytes | None] = []
    for i, start in enumerate(starts):
        if start < 0 or start >= len(storage):
            out.append(None)
            continue
        end = next((s for s in starts[i + 1 :] if s > start), len(storage))
        out.append(storage[start:end])
    return out


def _decimal128(raw: bytes) -> float:
    """IEEE 754-2008 decimal128, binary integer decimal, as Numbers stores it: a 14-bit exponent and a 113-bit
    coefficient."""
    if len(raw) < 16:
        raise ValueError("a short decimal128")
    exponent = (((raw[15] & 0x7F) << 7) | (raw[14] >> 1)) - _DECIMAL128_BIAS
    coefficient = int.from_bytes(raw[:14], "little") | ((raw[14] & 1) << 112)
    value = coefficient * 10.0**exponent
    return round(-value if raw[15] & 0x80 else value, 12)


def _amount(value: float, currency: str, places: int) -> str:
    """An amount as Numbers shows it, without grouping: "£42.50", "1250.00 CHF"."""
    places = max(0, min(int(places), 10))
    number = f"{abs(value):.{places}f}"
    sign = "-" if value < 0 else ""
    symbol = _SYMBOLS.get(currency)
    if symbol:
        return f"{sign}{symbol}{number}"
    return f"{sign}{number} {currency}".strip()


def _text(raw: bytes) -> str:
    return bytes(raw).decode("utf-8", "replace").strip()
