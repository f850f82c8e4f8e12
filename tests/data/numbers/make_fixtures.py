"""Makes the Numbers test files with numbers-parser 4.22.0 (MIT; a writer built on a document Numbers saved), which
is no dependency of Alcove's: ``pip install numbers-parser==4.22.0`` in a scratch environment, then
``python tests/data/numbers/make_fixtures.py``. The files are committed; the tests only read them."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from numbers_parser import Document

HERE = Path(__file__).parent


def allotments() -> None:
    doc = Document(sheet_name="Plots", table_name="Plot register")
    t = doc.sheets[0].tables[0]
    rows = [
        ["Plot", "Tenant", "Size (rods)", "Rent", "Paid on", "Water butt", "Time on waiting list"],
        ["12A", "Hannah Okafor", 5, 42.5, datetime(2027, 3, 1), True, timedelta(days=410)],
        ["14", "Derek Mills", 10, 85, datetime(2027, 3, 4), False, timedelta(days=95)],
        ["15B", "Priya Raman", 2.5, 21.25, None, True, None],
        ["21", "Tom & Sue Gallagher", 10, 85, datetime(2027, 2, 26, 14, 30), False, timedelta(hours=36)],
    ]
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                t.write(r, c, value)
    t.write(6, 0, "Total rent")
    t.write(6, 3, 233.75)  # numbers-parser writes no formula: the total Numbers would show
    for r in (*range(1, len(rows)), 6):
        t.set_cell_formatting(r, 3, "currency", currency_code="GBP")
    doc.sheets[0].add_table("Committee", x=0, y=400)
    c = doc.sheets[0].tables[1]
    for r, row in enumerate([["Role", "Name", "Phone"], ["Chair", "Margaret Ellis", "07700 900418"],
                             ["Treasurer", "Derek Mills", "07700 900233"]]):  # fmt: skip
        for col, value in enumerate(row):
            c.write(r, col, value)
    doc.add_sheet("Waiting list", table_name="Waiting list")
    w = doc.sheets[1].tables[0]
    for r, row in enumerate([["Name", "Joined", "Wants"], ["Ollie Brandt", datetime(2025, 11, 3), "Half plot"],
                             ["Grace Nwosu", datetime(2026, 6, 17), "Full plot, near the gate"]]):  # fmt: skip
        for col, value in enumerate(row):
            w.write(r, col, value)
    doc.save(HERE / "allotments.numbers")


if __name__ == "__main__":
    allotments()
