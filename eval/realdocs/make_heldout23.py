"""Generate the private documents of the realdocs ``heldout23`` part under ``files/private23/``: a runner's analysis
notebook as JupyterLab saves it (``half-marathon-block-2027.ipynb``: nbformat 4.5 with cell ids, Markdown and code
cells, outputs of every kind: ``stream``, ``execute_result`` with a DataFrame's ``text/plain`` and ``text/html``,
``display_data`` with a PNG and its ``text/plain``, an ``error`` with IPython's coloured traceback), a couple's
wedding plans as Notion exports a page to "Markdown & CSV" with its subpages (``<export>/Wedding planning <id>.md``,
its subpages and a database, ``Suppliers <id>.csv`` and ``Suppliers <id>_all.csv``, with a page for each row), and a
home brewer's notes as Bear exports them to TextBundle (``Brewing notes/<title>.textbundle/``: ``text.markdown``,
``info.json`` and, for two notes, ``assets/`` with a picture).

    python eval/realdocs/make_heldout23.py          # rewrite them; the output is the same on every run

Standard library only; everything is fixed text, and the pictures are PNGs written by hand with stored (not
compressed) deflate blocks, so a rerun gives the same bytes with any zlib. Every weekday written next to a date is
checked against the calendar; the notebook's outputs are computed from its runs as its code would print them, and its
Markdown's figures checked against them; the wedding budget's totals against its rows and its quotes against the
supplier database; the brewer's grain bill, strength, bottle count and fermentation days against their figures. The
other document of the part (the Rust standard library's page on ``std::process::Command`` as rustdoc made it) is
copied unchanged from the Rust toolchain's documentation, as ``documents.json`` records.
"""

from __future__ import annotations

import base64
import csv
import datetime as dt
import io
import json
import re
import struct
import zlib
from pathlib import Path
from urllib.parse import quote

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout23 (the tests, check.py)
    import heldout23_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout23_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private23"

# --- pictures: PNG with a palette, stored deflate blocks ------------------------------------------------------------


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def _stored_zlib(raw: bytes) -> bytes:
    """A zlib stream of ``raw`` in stored deflate blocks (no compression): the same bytes from any zlib."""
    out = bytearray(b"\x78\x01")
    blocks = [raw[i : i + 65535] for i in range(0, len(raw), 65535)] or [b""]
    for n, block in enumerate(blocks):
        out += bytes([n == len(blocks) - 1]) + struct.pack("<HH", len(block), len(block) ^ 0xFFFF) + block
    return bytes(out + struct.pack(">I", zlib.adler32(raw)))


def png(pixels: list[list[int]], colours: tuple[str, ...]) -> bytes:
    """A 2-bit palette PNG of ``pixels`` (rows of palette indexes 0-3) with ``colours`` ("#rrggbb") as its palette."""
    height, width = len(pixels), len(pixels[0])
    raw = bytearray()
    for row in pixels:
        raw.append(0)  # filter: none
        padded = row + [0] * (-width % 4)
        for i in range(0, len(padded), 4):
            a, b, c, d = padded[i : i + 4]
            raw.append(a << 6 | b << 4 | c << 2 | d)
    palette = b"".join(bytes.fromhex(c[1:]) for c in colours)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 2, 3, 0, 0, 0))
        + _chunk(b"PLTE", palette)
        + _chunk(b"IDAT", _stored_zlib(bytes(raw)))
        + _chunk(b"IEND", b"")
    )


def chart(weekly: list[float]) -> bytes:
    """The notebook's bar chart of weekly km, as a small picture: bars, the dashed 45 km line, the axis; no text."""
    width, height, top = 12 + 12 * len(weekly), 60, max(weekly)
    pixels = [[0] * width for _ in range(height)]
    base = height - 6
    for n, km in enumerate(weekly):
        tall = round(km / top * 48)
        for y in range(base - tall, base):
            for x in range(10 + 12 * n, 18 + 12 * n):
                pixels[y][x] = 1
    line = base - round(45 / top * 48)
    for x in range(6, width - 2):
        if x % 6 < 4 and pixels[line][x] == 0:
            pixels[line][x] = 2
    for x in range(6, width - 2):
        pixels[base][x] = 3
    for y in range(6, base + 1):
        pixels[y][6] = 3
    return png(pixels, ("#ffffff", "#2a7ab0", "#808080", "#000000"))


def photo(width: int, height: int, colours: tuple[str, ...]) -> bytes:
    """A note's small picture: three bands of colour (a glass of beer, a hydrometer's scale), no text."""
    pixels = [
        [(0 if y < height // 3 else 1 if y < 2 * height // 3 else 2) for _ in range(width)]
        for y in range(height)
    ]
    for y in range(height):
        pixels[y][width // 2] = 2 if y < 2 * height // 3 else 0
    return png(pixels, (*colours, "#000000"))


# --- the notebook ----------------------------------------------------------------------------------------------------


def _date(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def _secs(hms: str) -> int:
    h, m, s = map(int, hms.split(":"))
    return h * 3600 + m * 60 + s


def pace(moving_time: str, km: float) -> str:
    """The notebook's ``per_km``: minutes and seconds a km, the seconds rounded as Python rounds them."""
    secs = _secs(moving_time) / km
    s = round(secs % 60)
    assert s < 60, (moving_time, km)
    return f"{int(secs // 60)}:{s:02d}"


def hms(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


def weekly_km() -> list[tuple[dt.date, float]]:
    """The km of each week, Monday to Sunday, by its Sunday (pandas' "W-SUN"), the block's fourteen weeks."""
    weeks: dict[dt.date, float] = {}
    first = _date(T.FIRST_MONDAY)
    for n in range(14):
        weeks[first + dt.timedelta(days=7 * n + 6)] = 0.0
    for date, _, km, *_ in T.RUNS:
        day = _date(date)
        weeks[day + dt.timedelta(days=6 - day.weekday())] += km
    return [(end, round(km, 1)) for end, km in weeks.items()]


def frame_plain(columns: list[str], rows: list[tuple[int, list[str]]]) -> str:
    """A DataFrame as pandas prints it: the index left-aligned, each column right-aligned to its widest cell, two
    spaces between columns."""
    index_width = max(len(str(i)) for i, _ in rows)
    widths = [max(len(c), *(len(r[k]) for _, r in rows)) for k, c in enumerate(columns)]
    lines = [" " * index_width + "".join(f"  {c:>{w}}" for c, w in zip(columns, widths, strict=True))]
    for i, cells in rows:
        lines.append(
            f"{i:<{index_width}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, widths, strict=True))
        )
    return "\n".join(lines)


FRAME_STYLE = """\
<div>
<style scoped>
    .dataframe tbody tr th:only-of-type {
        vertical-align: middle;
    }

    .dataframe tbody tr th {
        vertical-align: top;
    }

    .dataframe thead th {
        text-align: right;
    }
</style>
"""


def frame_html(columns: list[str], rows: list[tuple[int, list[str]]]) -> str:
    """A DataFrame's ``_repr_html_`` as pandas writes it in a notebook."""
    out = [
        FRAME_STYLE + '<table border="1" class="dataframe">',
        "  <thead>",
        '    <tr style="text-align: right;">',
    ]
    out += [
        "      <th></th>",
        *(f"      <th>{c}</th>" for c in columns),
        "    </tr>",
        "  </thead>",
        "  <tbody>",
    ]
    for i, cells in rows:
        out += ["    <tr>", f"      <th>{i}</th>", *(f"      <td>{c}</td>" for c in cells), "    </tr>"]
    out += ["  </tbody>", "</table>", "</div>"]
    return "\n".join(out)


def series_plain(values: list[tuple[str, float]]) -> str:
    """A float Series with no name as pandas prints it: the index left-aligned, four spaces, the values right-aligned,
    then its dtype."""
    index_width = max(len(k) for k, _ in values)
    cells = [f"{v:.1f}" for _, v in values]
    width = max(len(c) for c in cells)
    lines = [f"{k:<{index_width}}    {c:>{width}}" for (k, _), c in zip(values, cells, strict=True)]
    return "\n".join([*lines, "dtype: float64"])


def _ansi(code: str, text: str) -> str:
    return f"\x1b[{code}m{text}\x1b[0m"


def traceback() -> list[str]:
    """The long-runs cell's first error as IPython 8 shows it, with its colours (ANSI escapes)."""
    code = T.NB_LONG_ERROR.split("\n")
    cell = f"Cell {_ansi('0;32', 'In[4], line 2')}\n"
    cell += f"{_ansi('1;32', '      1')} {code[0]}\n{_ansi('0;32', '----> 2')} {code[1]}\n"
    out = [
        _ansi("0;31", "-" * 75),
        _ansi("0;31", T.ERROR_NAME) + " " * 34 + "Traceback (most recent call last)",
        cell,
    ]
    for path, line, where, lines in T.PANDAS_FRAMES:
        text = f"File {_ansi('0;32', f'{path}:{line}')}, in {_ansi('0;36', where)}\n"
        for number, source in lines:
            mark = _ansi("0;32", f"-> {number}") if number == line else _ansi("1;32", f"   {number}")
            text += f"{mark} {source}\n"
        out.append(text)
    out.append(f"{_ansi('0;31', T.ERROR_NAME)}: {T.ERROR_VALUE}")
    return out


def outputs() -> dict[str, list[dict]]:
    """Each code cell's outputs, by its source's name in the texts."""
    runs = T.RUNS
    columns = ["date", "type", "km", "moving_time", "avg_hr", "shoes"]
    head = [(i, [r[0], r[1], f"{r[2]:.1f}", r[3], str(r[4]), r[5]]) for i, r in enumerate(runs[:5])]
    weeks = weekly_km()
    total = round(sum(r[2] for r in runs), 1)
    weekly = "".join(f"w/e {end:%d %b}  {km:5.1f} km\n" for end, km in weeks)
    weekly += f"Total: {total:.1f} km in {len(runs)} runs\n"
    long_cols = ["date", "km", "moving_time", "pace", "avg_hr"]
    long_rows = [
        (i, [r[0], f"{r[2]:.1f}", r[3], pace(r[3], r[2]), str(r[4])])
        for i, r in enumerate(runs)
        if r[1] == "long"
    ]
    reserve = T.MAX_HR - T.RESTING_HR
    zones = "".join(
        f"{name:<13} {T.RESTING_HR + lo * reserve:.0f}-{T.RESTING_HR + hi * reserve:.0f} bpm\n"
        for name, lo, hi in T.ZONES
    )
    easy = [r[4] for r in runs if r[1] == "easy"]
    zones += f"Easy runs: average {sum(easy) / len(easy):.0f} bpm, {sum(h > 146 for h in easy)} of {len(easy)} above Z2\n"
    (race,) = [r for r in runs if r[1] == "race"]
    predicted = hms(_secs(race[3]) * (T.RACE_KM / 10) ** 1.06)
    goal_pace = hms(_secs("1:45:00") / T.RACE_KM)[2:]
    predict = f"Predicted half: {predicted}\nGoal pace:      {goal_pace} per km\n"
    shoes = sorted(
        (name, round(sum(r[2] for r in runs if r[5] == name) + before, 1))
        for name, before in T.SHOES_BEFORE.items()
    )
    return {
        "NB_LOAD": [_result(1, frame_plain(columns, head), frame_html(columns, head))],
        "NB_WEEKLY": [_stream(weekly)],
        "NB_PLOT": [
            {
                "data": {
                    "image/png": base64.b64encode(chart([km for _, km in weeks])).decode("ascii") + "\n",
                    "text/plain": "<Figure size 800x300 with 1 Axes>",
                },
                "metadata": {},
                "output_type": "display_data",
            }
        ],
        "NB_LONG_ERROR": [
            {"ename": T.ERROR_NAME, "evalue": T.ERROR_VALUE, "output_type": "error", "traceback": traceback()}
        ],
        "NB_LONG": [_result(6, frame_plain(long_cols, long_rows), frame_html(long_cols, long_rows))],
        "NB_ZONES": [_stream(zones)],
        "NB_PREDICT": [_stream(predict)],
        "NB_SHOES": [_result(9, series_plain(shoes))],
    }


def _stream(text: str) -> dict:
    return {"name": "stdout", "output_type": "stream", "text": text}


def _result(count: int, plain: str, html: str | None = None) -> dict:
    data = {"text/plain": plain} | ({"text/html": html} if html else {})
    return {"data": data, "execution_count": count, "metadata": {}, "output_type": "execute_result"}


def _lines(text: str) -> list[str]:
    """nbformat's ``split_lines``: a multi-line string as a list of its lines, each with its newline."""
    return text.splitlines(keepends=True)


def notebook() -> str:
    """The notebook as JupyterLab saves it: nbformat's JSON (keys sorted, one space an indentation level, non-ASCII
    characters as they are), sources and text outputs split into lines, a PNG as one base64 string, a newline at the
    end."""
    made = outputs()
    names = {v: k for k, v in vars(T).items() if k.startswith("NB_") and isinstance(v, str)}
    cells = []
    for cell in T.CELLS:
        if cell[0] == "markdown":
            _, cid, source = cell
            cells.append({"cell_type": "markdown", "id": cid, "metadata": {}, "source": _lines(source)})
            continue
        _, cid, count, source = cell
        outs = made.get(names.get(source, ""), []) if source else []
        for out in outs:
            if "text" in out:
                out["text"] = _lines(out["text"])
            for mime, value in out.get("data", {}).items():
                if mime.startswith("text/"):
                    out["data"][mime] = _lines(value)
            if out["output_type"] == "execute_result":
                assert out["execution_count"] == count, cid
        cells.append(
            {
                "cell_type": "code",
                "execution_count": count,
                "id": cid,
                "metadata": {},
                "outputs": outs,
                "source": _lines(source),
            }
        )
    nb = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {
                "codemirror_mode": {"name": "ipython", "version": 3},
                "file_extension": ".py",
                "mimetype": "text/x-python",
                "name": "python",
                "nbconvert_exporter": "python",
                "pygments_lexer": "ipython3",
                "version": "3.12.3",
            },
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def check_notebook(text: str) -> int:
    """The runs are the block's, a run's weekday fits its kind, the Markdown's figures are the outputs', and the
    notebook is nbformat 4.5 with every kind of output. Returns the weekdays checked."""
    runs = T.RUNS
    days = [_date(r[0]) for r in runs]
    assert days == sorted(days) and days[0] == _date(T.FIRST_MONDAY) and days[-1] == dt.date(2027, 4, 11)
    for day, (_, kind, *_rest) in zip(days, runs, strict=True):
        if kind == "long" or kind == "race":
            assert day.weekday() == 6, day
        if kind in ("parkrun", "hills"):
            assert day.weekday() == 5, day
    weeks = dict(weekly_km())
    peak = max(weeks, key=weeks.get)
    assert (
        peak == dt.date(2027, 3, 21)
        and weeks[peak] == 52.4
        and "**52.4 km** in the week ending 21 March" in T.NB_MILEAGE
    )
    assert round(weeks[dt.date(2027, 1, 10)]) == 36
    ends = sorted(weeks)
    for cut in (
        dt.date(2027, 1, 31),
        dt.date(2027, 2, 28),
    ):  # the easier weeks are lower than the weeks around them
        at = ends.index(cut)
        assert weeks[cut] < min(weeks[ends[at - 1]], weeks[ends[at + 1]]), cut
    assert not [
        r for r in runs if r[1] == "long" and dt.date(2027, 3, 1) <= _date(r[0]) <= dt.date(2027, 3, 7)
    ]
    (race,) = [r for r in runs if r[1] == "race"]
    assert (
        race[0] == "2027-03-07"
        and race[3] == "00:46:12"
        and "Sunday 7 March (chip time 46:12)" in T.NB_PREDICT
    )
    (hills,) = [r for r in runs if r[1] == "hills"]
    assert hills[0] == "2027-02-06" and "hill test on Saturday 6 February" in T.NB_ZONES
    (bad,) = [r for r in runs if r[0] == "2027-03-14"]
    (good,) = [r for r in runs if r[0] == "2027-03-21"]
    assert bad[1:3] == ("long", 19.0) and good[1:3] == ("long", 21.0) and good[5] == "Endorphin Speed 3"
    assert f"went to plan: {pace(good[3], good[2])} a km" in T.NB_LONG_NOTES
    assert [r for r in runs if r[0] == "2027-02-23"][0][1] == "intervals"  # the Achilles: after the intervals
    pegasus = sum(r[2] for r in runs if r[5] == "Pegasus 40") + T.SHOES_BEFORE["Pegasus 40"]
    assert 750 < pegasus < 800 and "past 750 km" in T.NB_PLAN
    assert round(T.RESTING_HR + 0.7 * (T.MAX_HR - T.RESTING_HR)) == 146 and "> 146" in T.NB_ZONES
    assert f"max_hr = {T.MAX_HR} " in T.NB_ZONES and f"resting_hr = {T.RESTING_HR} " in T.NB_ZONES
    assert str(T.SHOES_BEFORE).replace("'", '"') in T.NB_SHOES
    # the file
    nb = json.loads(text)
    assert nb["nbformat"] == 4 and nb["nbformat_minor"] == 5 and text.endswith("}\n")
    assert json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n" == text
    kinds = {o["output_type"] for c in nb["cells"] for o in c.get("outputs", [])}
    assert kinds == {"stream", "execute_result", "display_data", "error"}
    mimes = {m for c in nb["cells"] for o in c.get("outputs", []) for m in o.get("data", {})}
    assert mimes == {"text/plain", "text/html", "image/png"}
    for c in nb["cells"]:
        for o in c.get("outputs", []):
            if "image/png" in o.get("data", {}):
                assert base64.b64decode(o["data"]["image/png"]).startswith(b"\x89PNG\r\n\x1a\n")
    assert len({c["id"] for c in nb["cells"]}) == len(nb["cells"])
    return sum(check_weekdays(source) for *_, source in T.CELLS)


# --- the Notion export -----------------------------------------------------------------------------------------------


def _page_path(key: str) -> str:
    """A page's path in the export: the top page at its root, the others in the top page's folder."""
    title, pid = T.PAGE_IDS[key]
    top_title, top_id = T.PAGE_IDS["top"]
    return f"{title} {pid}.md" if key == "top" else f"{top_title} {top_id}/{title} {pid}.md"


def _link(path: str) -> str:
    """A link as Notion writes it: the relative path, URL-encoded (a space as %20)."""
    return quote(path, safe="/")


def pounds(n: int) -> str:
    return f"£{n:,}"


def budget_table() -> str:
    rows = ["| Item | Supplier | Quote | Paid | Left to pay |", "| --- | --- | --- | --- | --- |"]
    for item, supplier, quoted, paid in T.BUDGET_ROWS:
        rows.append(f"| {item} | {supplier} | {pounds(quoted)} | {pounds(paid)} | {pounds(quoted - paid)} |")
    quoted = sum(r[2] for r in T.BUDGET_ROWS)
    paid = sum(r[3] for r in T.BUDGET_ROWS)
    rows.append(f"| **Total** |  | **{pounds(quoted)}** | **{pounds(paid)}** | **{pounds(quoted - paid)}** |")
    return "\n".join(rows)


def supplier_csv(rows: list[dict]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(T.SUPPLIER_COLUMNS)
    for row in rows:
        writer.writerow([row.get(c, "") for c in T.SUPPLIER_COLUMNS])
    return "\ufeff" + buf.getvalue()


def notion_files() -> dict[str, str]:
    """The export's files by their path in it."""
    top_title, top_id = T.PAGE_IDS["top"]
    folder = f"{top_title} {top_id}"
    db_title, db_id = T.PAGE_IDS["suppliers"]
    links = {k: _link(_page_path(k)) for k in ("budget", "timeline", "guests")}
    links["suppliers"] = _link(f"{folder}/{db_title} {db_id}.csv")
    files = {
        _page_path("top"): T.NOTION_TOP.format(**links),
        _page_path("budget"): T.NOTION_BUDGET.format(table=budget_table()),
        _page_path("timeline"): T.NOTION_TIMELINE,
        _page_path("guests"): T.NOTION_GUESTS,
    }
    rows = [props for _, props, _ in T.SUPPLIERS]
    _, field, value = T.FIRST_VIEW
    files[f"{folder}/{db_title} {db_id}.csv"] = supplier_csv([r for r in rows if r[field] == value])
    files[f"{folder}/{db_title} {db_id}_all.csv"] = supplier_csv(rows)
    for rid, props, body in T.SUPPLIERS:
        head = "\n".join(f"{c}: {props[c]}" for c in T.SUPPLIER_COLUMNS[1:] if props.get(c))
        files[f"{folder}/{db_title} {db_id}/{props['Name']} {rid}.md"] = (
            f"# {props['Name']}\n\n{head}\n\n{body}"
        )
    return {f"{T.NOTION_FOLDER}/{k}": v for k, v in files.items()}


def check_notion(files: dict[str, str]) -> int:
    """File names end in a 32-hex id; links point at files of the export; the budget adds up, is over by what its
    callout says, and its quotes are the database's; the guests add up. Returns the weekdays checked."""
    for path, text in files.items():
        name = path.rsplit("/", 1)[-1]
        assert re.fullmatch(r".+ [0-9a-f]{32}(_all)?\.(md|csv)", name), name
        assert not text.endswith("\n") or name.endswith(".csv")
        for target in re.findall(r"\]\(([^)]+)\)", text):
            here = path.rsplit("/", 1)[0]
            assert f"{here}/{target.replace('%20', ' ')}" in files, target
    quoted = sum(r[2] for r in T.BUDGET_ROWS)
    assert f"**{pounds(T.BUDGET_TOTAL)}**" in T.NOTION_BUDGET and sum(T.BUDGET_FROM.values()) < T.BUDGET_TOTAL
    assert all(f"{pounds(v)} from {k}" in T.NOTION_BUDGET for k, v in T.BUDGET_FROM.items())
    assert f"**{pounds(quoted - T.BUDGET_TOTAL)} over**" in T.NOTION_BUDGET
    suppliers = {p["Name"]: p for _, p, _ in T.SUPPLIERS}
    for _, supplier, q, paid in T.BUDGET_ROWS:
        if supplier in suppliers and "Quote" in suppliers[supplier]:
            assert suppliers[supplier]["Quote"] == pounds(q), supplier
            assert suppliers[supplier].get("Deposit", "£0") == pounds(paid), supplier
    assert "**64** guests for the whole day and **26** more for the evening, 90 in all" in T.NOTION_GUESTS
    for rows in (
        list(csv.reader(io.StringIO(t.lstrip("\ufeff")))) for p, t in files.items() if p.endswith(".csv")
    ):
        assert rows[0] == T.SUPPLIER_COLUMNS and all(len(r) == len(rows[0]) for r in rows)
    return sum(check_weekdays(text) for text in files.values())


# --- the Bear notes --------------------------------------------------------------------------------------------------


def _ns_json(value, depth: int = 0) -> str:
    """JSON as Apple's NSJSONSerialization writes it pretty-printed with sorted keys: two spaces an indentation level,
    " : " between a key and its value, an empty array over two lines."""
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)} : {_ns_json(v, depth + 1)}" for k, v in sorted(value.items())]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[\n\n" + pad + "]"
        return "[\n" + ",\n".join(f"{inner}{_ns_json(v, depth + 1)}" for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False).replace("/", "\\/")


def bear_info(key: str) -> str:
    _, uid, created, modified, _, _ = T.BEAR_NOTES[key]
    meta = {
        "archived": 0,
        "archivedDate": None,
        "creationDate": created,
        "lastEditingDevice": T.BEAR_DEVICE,
        "locked": 0,
        "lockedDate": None,
        "modificationDate": modified,
        "pinned": 0,
        "pinnedDate": None,
        "pinnedInTagTitles": [],
        "trashed": 0,
        "trashedDate": None,
        "uniqueIdentifier": uid,
        "version": 3,
    }
    info = {
        "creatorIdentifier": "net.shinyfrog.bear",
        "net.shinyfrog.bear": meta,
        "transient": True,
        "type": "net.daringfireball.markdown",
        "version": 2,
    }
    return _ns_json(info)


def bear_files() -> dict[str, bytes]:
    files = {}
    for key, (title, _, _, _, pictures, text) in T.BEAR_NOTES.items():
        bundle = f"{T.BEAR_FOLDER}/{title}.textbundle"
        files[f"{bundle}/text.markdown"] = text.encode("utf-8")
        files[f"{bundle}/info.json"] = bear_info(key).encode("utf-8")
        for name, width, height, colours in pictures:
            files[f"{bundle}/assets/{name}"] = photo(width, height, colours)
    return files


def check_bear(files: dict[str, bytes]) -> int:
    """Each note's title is its bundle's name and its first line; its pictures are in its assets; info.json is
    Bear's; the grain bill adds up, the strength follows from the gravities, the bottles hold what was bottled, and
    the log's days count from brew day. Returns the weekdays checked."""
    for title, uid, created, modified, pictures, text in T.BEAR_NOTES.values():
        bundle = f"{T.BEAR_FOLDER}/{title}.textbundle"
        assert text.startswith(f"# {title}\n#brewing/") and created < modified
        assert {f"assets/{p[0]}" for p in pictures} == set(re.findall(r"!\[\]\((assets/[^)]+)\)", text))
        info = json.loads(files[f"{bundle}/info.json"])
        assert (
            info["creatorIdentifier"] == "net.shinyfrog.bear"
            and info["net.shinyfrog.bear"]["uniqueIdentifier"] == uid
        )
    batch = T.BEAR_NOTES["batch"][5]
    malts = re.findall(r"^\| [A-Z][a-z]+(?: [A-Za-z0-9]+)? \| (\d\.\d\d) \| (\d+\.\d) \|$", batch, re.M)
    total = sum(float(kg) for kg, _ in malts)
    assert len(malts) == 4 and f"({total:.2f} kg)" in batch
    assert all(f"{float(kg) / total * 100:.1f}" == pct for kg, pct in malts)
    assert round(sum(float(p) for _, p in malts), 1) == 100.0
    og, fg = 1.052, 1.011
    assert f"OG {og}" in batch and f"FG {fg}" in batch and f"= **{(og - fg) * 131.25:.1f}%**" in batch
    log = T.BEAR_NOTES["log"][5]
    brew_day = dt.date(2027, 3, 13)
    for day, date in re.findall(r"^\| (\d+) \| \w{3} (\d+ Mar) \|", log, re.M):
        assert (
            brew_day + dt.timedelta(days=int(day)) == dt.datetime.strptime(f"{date} 2027", "%d %b %Y").date()
        )
    assert "| 5 | Thu 18 Mar | 1.018 | 20 | Dry hops in" in log and "Dry hop, day 5" in batch
    assert "| 0 | Sat 13 Mar | 1.052 |" in log and "Brewed on Saturday 13 March 2027" in batch
    assert "| 9 | Mon 22 Mar | 1.011 |" in log and "| 7 | Sat 20 Mar | 1.011 |" in log
    assert 44 * 0.5 == 22 and "22 litres into the bottling bucket, 44 bottles of 500 ml" in log
    assert dt.date(2027, 3, 26) + dt.timedelta(weeks=3) == dt.date(2027, 4, 16) and "Friday 16 April" in log
    return sum(check_weekdays(v.decode("utf-8")) for k, v in files.items() if k.endswith(".markdown"))


def drawn_text() -> dict[str, list[str]]:
    """The text drawn on each picture of the Bear notes, by file name (for ``check.py``): none, they are pictures
    with no words."""
    return {name: [""] for *_, pictures, _ in T.BEAR_NOTES.values() for name, *_ in pictures}


# --- all of it -------------------------------------------------------------------------------------------------------


def files() -> dict[str, bytes]:
    made = {T.NOTEBOOK_NAME: notebook().encode("utf-8")}
    made |= {k: v.encode("utf-8") for k, v in notion_files().items()}
    made |= bear_files()
    return made


def check(made: dict[str, bytes]) -> int:
    n = check_notebook(made[T.NOTEBOOK_NAME].decode("utf-8"))
    n += check_notion({k: v.decode("utf-8") for k, v in made.items() if k.startswith(T.NOTION_FOLDER)})
    n += check_bear({k: v for k, v in made.items() if k.startswith(T.BEAR_FOLDER)})
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
