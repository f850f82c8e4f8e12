"""Numbers spreadsheets (engine.index.readers.numbers): a file written by numbers-parser 4.22.0 on a document Numbers
saved (tests/data/numbers/make_fixtures.py), read through the real extraction path, each value checked against what
numbers-parser reads and Numbers shows; damaged and foreign files get a reason, never a crash."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest

from engine.index.extraction import ExtractError, extract, file_type_for
from engine.index.readers import numbers

DATA = Path(__file__).resolve().parents[2] / "data" / "numbers"


def _read(name: str = "allotments.numbers"):
    path = DATA / name
    return extract(path, path.read_bytes())


def test_each_table_is_a_page_of_its_rows_under_its_header():
    got = _read()
    assert got.file_type == "xlsx" and file_type_for(Path("plots.numbers")) == "xlsx"
    titles = [p.text.split("\n", 1)[0] for p in got.pages]
    assert titles == ["Plots › Plot register", "Plots › Committee", "Waiting list › Waiting list"]
    lines = got.pages[0].text.split("\n")
    assert lines[1] == "1: Plot | Tenant | Size (rods) | Rent | Paid on | Water butt | Time on waiting list"
    assert lines[2] == "2: 12A | Hannah Okafor | 5 | £42.50 | 2027-03-01 | True | 410 days, 0:00:00"
    assert (
        lines[4] == "4: 15B | Priya Raman | 2.5 | £21.25 |  | True"
    )  # empty cells: empty, the row's end dropped
    assert lines[5].startswith("5: 21 | Tom & Sue Gallagher | 10 | £85.00 | 2027-02-26 14:30 | False")
    assert lines[6] == "7: Total rent |  |  | £233.75"  # row 6 is empty: rows keep their own numbers
    # the header row is a heading under the table's title, as an XLSX sheet's is
    assert [b.heading_level for b in got.pages[0].blocks[:3]] == [2, 3, 0]
    assert got.pages[2].text.split("\n")[3] == "3: Grace Nwosu | 2026-06-17 | Full plot, near the gate"


def test_an_answer_reads_a_row_under_its_header():
    from engine.rag.extractive import extract_answer
    from engine.rag.sources import Source

    page = _read().pages[0]
    src = Source(1, page.text, "/club/Allotments.numbers", None, 1, page.text.count("\n") + 1)
    ans = extract_answer("How much rent does Priya Raman pay?", [src], None, max_sentences=1)
    assert "£21.25" in ans.text and "Priya Raman" in ans.text


def test_decimal128_and_a_rows_cell_offsets():
    def d128(coefficient: int, exponent: int, negative: bool = False) -> bytes:
        raw = bytearray(coefficient.to_bytes(15, "little"))
        biased = exponent + 6176
        raw[14] |= (biased & 0x7F) << 1
        raw.append((biased >> 7) | (0x80 if negative else 0))
        return bytes(raw)

    assert numbers._decimal128(d128(4250, -2)) == 42.5
    assert numbers._decimal128(d128(7, 0, negative=True)) == -7
    assert numbers._decimal128(d128(1, 3)) == 1000
    offsets = struct.pack("<4h", 0, -1, 3, -1)
    assert numbers._cells(b"abcdefgh", offsets, 4, wide=False) == [b"abc", None, b"defgh", None]
    assert numbers._cells(b"a" * 16, struct.pack("<2h", 0, 2), 2, wide=True) == [b"a" * 8, b"a" * 8]
    assert numbers._cells(b"abc", struct.pack("<2h", 0, 90), 2, wide=False) == [b"abc", None]  # past the end
    assert numbers._amount(1250.0, "CHF", 2) == "1250.00 CHF" and numbers._amount(-3.5, "USD", 2) == "-$3.50"


def _zip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize(
    "data, reason",
    [
        (b"not a zip at all", "not a zip archive"),
        (_zip({"Index/Other.iwa": b""}), "no Index/Document.iwa"),
        (_zip({"index.xml.gz": b""}), "iWork '09"),
        (_zip({"Index/Document.iwa": b"\x00\x05\x00\x00\x03\x00\x01"}), "could not be read"),
        (_zip({"Index/Document.iwa": b""}), "no document object"),
    ],
)
def test_a_damaged_or_foreign_file_gets_a_reason(data, reason):
    with pytest.raises(ExtractError, match=reason):
        extract(Path("Plots.numbers"), data)


def test_a_damaged_tile_costs_its_own_cells_only():
    """A table's tile file that cannot be inflated: its rows are missing (noted), the other tables whole."""
    src = (DATA / "allotments.numbers").read_bytes()
    with zipfile.ZipFile(io.BytesIO(src)) as zf:
        files = {n: zf.read(n) for n in zf.namelist()}
    whole = {p.text.split("\n", 1)[0]: p.text for p in extract(Path("Plots.numbers"), _zip(files)).pages}
    lost = []
    for tile in sorted(n for n in files if n.startswith("Index/Tables/Tile")):
        cut = dict(files, **{tile: files[tile][:-7]})
        got = extract(Path("Plots.numbers"), _zip(cut))
        assert all(whole[p.text.split("\n", 1)[0]] == p.text for p in got.pages)
        assert any(tile in n and "could not be read" in n for n in got.notes)
        lost += sorted(set(whole) - {p.text.split("\n", 1)[0] for p in got.pages})
    assert sorted(lost) == sorted(whole)  # each table's tile is one of them
