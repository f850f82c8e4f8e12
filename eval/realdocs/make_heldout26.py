"""Generate the private documents of the realdocs ``heldout26`` part under ``files/private26/``: one person's Day One
journal as Day One's "Export > JSON" gives it (``Day One export 2027-07-03/``: ``Journal.json``, the entries with their
Markdown text, rich text, tags, place, weather and photos' metadata, and ``photos/``, each photo named by its MD5), a
family's plans as a TaskPaper document (``Home.taskpaper``: projects, nested projects, tasks, notes and tags, a tab a
level), and a piano teacher's pupils, fees and exams as an Apple Numbers spreadsheet (``.numbers``, Numbers 10 and
later: three sheets, four tables, text, numbers, money in pounds, dates, durations and a percentage), written with
numbers-parser.

    python eval/realdocs/make_heldout26.py          # rewrite them; the output is the same on every run

The journal and the TaskPaper file use the standard library only (the photos are small baseline JPEGs written here, a
mosaic of flat 8x8 blocks), and a rerun gives the same bytes. The spreadsheet needs numbers-parser (``pip install
numbers-parser==4.22.0``, MIT; not a dependency of this project): where it does not import, the committed spreadsheet is
left as it is. numbers-parser makes new ids with ``uuid1`` and stamps the zip's entries with the time they are saved;
both are fixed here (ids from a seeded generator, ``NUMBERS_SAVED``), so a rerun with the same numbers-parser and
protobuf (``NUMBERS_WRITTEN_WITH``) gives the same bytes; another version may lay the archive out otherwise, with the
same cells. numbers-parser writes no formulas: the fees' subtotals and totals and the exams' results are values worked
out here.
Every weekday written next to a date is checked against the calendar; the journal's sums, times and photos; the
TaskPaper file's tags and dates; the spreadsheet's lesson counts, fees, totals, results and grades.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
import re
import struct
import uuid
from pathlib import Path
from zoneinfo import ZoneInfo

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout26 (the tests, check.py)
    import heldout26_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout26_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private26"
LONDON = ZoneInfo("Europe/London")
UTC = dt.UTC
# the numbers-parser and protobuf that wrote the committed spreadsheet
NUMBERS_WRITTEN_WITH = ("4.22.0", "7.36.2")


def _digest(*parts: str) -> str:
    return hashlib.sha256("/".join(("heldout26", *parts)).encode()).hexdigest()


def _utc(local: str) -> dt.datetime:
    """A London wall-clock time as UTC."""
    return dt.datetime.strptime(local, "%Y-%m-%d %H:%M:%S").replace(tzinfo=LONDON).astimezone(UTC)


def _iso(when: dt.datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


# --- a small baseline JPEG ---------------------------------------------------------------------------------------------

_DC_LUMA = ((0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0), tuple(range(12)))
_DC_CHROMA = ((0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0), tuple(range(12)))
_AC_EOB_ONLY = ((1,) + (0,) * 15, (0,))  # a block with no AC coefficients needs only the end-of-block code


def _huffman_codes(bits, values) -> dict[int, tuple[int, int]]:
    codes, code, k = {}, 0, 0
    for length, count in enumerate(bits, 1):
        for _ in range(count):
            codes[values[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return codes


def _segment(marker: int, payload: bytes) -> bytes:
    return struct.pack(">HH", marker, len(payload) + 2) + payload


def mosaic_jpeg(rows: list[str], palette: dict[str, tuple[int, int, int]]) -> bytes:
    """A baseline JFIF JPEG of flat 8x8 blocks, a letter of ``rows`` a block (its colour in ``palette``): YCbCr at
    4:4:4, quantisation tables of ones, each block its DC coefficient and an end of block."""
    height, width = 8 * len(rows), 8 * len(rows[0])
    dc = [_huffman_codes(*_DC_LUMA), _huffman_codes(*_DC_CHROMA)]
    out = bytearray()
    acc = n = 0

    def put(code: int, length: int) -> None:
        nonlocal acc, n
        acc, n = (acc << length) | code, n + length
        while n >= 8:
            byte = (acc >> (n - 8)) & 0xFF
            out.append(byte)
            if byte == 0xFF:
                out.append(0)  # byte stuffing
            n -= 8
        acc &= (1 << n) - 1

    previous = [0, 0, 0]
    for row in rows:
        for letter in row:
            r, g, b = palette[letter]
            ycc = (
                0.299 * r + 0.587 * g + 0.114 * b,
                128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
                128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
            )
            for c, value in enumerate(ycc):
                coefficient = 8 * (round(value) - 128)
                diff, previous[c] = coefficient - previous[c], coefficient
                size = abs(diff).bit_length()
                put(*dc[min(c, 1)][size])
                if size:
                    put(diff if diff > 0 else diff + (1 << size) - 1, size)
                put(0, 1)  # end of block
    if n:
        put((1 << (8 - n)) - 1, 8 - n)
    head = b"\xff\xd8" + _segment(0xFFE0, b"JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00")
    head += _segment(0xFFDB, b"\x00" + bytes([1] * 64)) + _segment(0xFFDB, b"\x01" + bytes([1] * 64))
    head += _segment(
        0xFFC0, struct.pack(">BHHB", 8, height, width, 3) + bytes([1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1])
    )
    for table, (bits, values) in (
        (0x00, _DC_LUMA),
        (0x10, _AC_EOB_ONLY),
        (0x01, _DC_CHROMA),
        (0x11, _AC_EOB_ONLY),
    ):
        head += _segment(0xFFC4, bytes([table, *bits, *values]))
    head += _segment(0xFFDA, bytes([3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]))
    return head + bytes(out) + b"\xff\xd9"


# --- the Day One journal -----------------------------------------------------------------------------------------------


def ns_json(value, indent: int = 0) -> str:
    """JSON as Apple's NSJSONSerialization writes it pretty-printed: two spaces a level, ``" : "``, ``/`` escaped as
    ``\\/``, characters other than ASCII as they are, a double with 17 significant digits, a dictionary's keys in the
    order of its hash table (``_ns_order``)."""
    pad = "  " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{_ns_string(k)} : {ns_json(value[k], indent + 1)}" for k in _ns_order(value)]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    if isinstance(value, list):
        return "[\n" + ",\n".join(pad + ns_json(v, indent + 1) for v in value) + "\n" + "  " * indent + "]"
    return _ns_scalar(value)


def ns_json_compact(value) -> str:
    """JSON as NSJSONSerialization writes it with no options: no spaces, keys in the order given here."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{_ns_string(k)}:{ns_json_compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(ns_json_compact(v) for v in value) + "]"
    return _ns_scalar(value)


def _ns_scalar(value) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.17g}"
    return _ns_string(value)


def _ns_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("/", "\\/")


def _ns_order(d: dict) -> list[str]:
    """A dictionary's keys in a fixed order that looks like a hash table's: the same for the same number of keys."""
    return sorted(d, key=lambda k: hashlib.sha1(f"{len(d)}/{k}".encode()).digest())


MARKDOWN_ESCAPED = "\\.-()![]+*_#`"


def dayone_escape(text: str) -> str:
    """A paragraph as Day One writes it in an entry's Markdown: Markdown's punctuation escaped with a backslash."""
    return "".join("\\" + c if c in MARKDOWN_ESCAPED else c for c in text)


def _hex_id(*key: str) -> str:
    return _digest(*key)[:32].upper()


def _line_id(*key: str) -> str:
    return str(uuid.UUID(_digest(*key)[:32], version=4)).upper()


def photo_bytes() -> dict[str, bytes]:
    return {key: mosaic_jpeg(rows, T.PHOTO_PALETTE) for key, (_, _, rows) in T.PHOTOS.items()}


def _location(place: str) -> dict:
    name, locality, area, lat, lon = T.PLACES[place]
    centre_lat, centre_lon = round(lat + 0.00021, 6), round(lon - 0.00034, 6)
    return {
        "region": {
            "center": {"latitude": centre_lat, "longitude": centre_lon},
            "identifier": f"<{centre_lat:+.8f},{centre_lon:+.8f}> radius 70.63",
            "radius": 70.631570530324936,
        },
        "localityName": locality,
        "country": "United Kingdom",
        "timeZoneName": "Europe/London",
        "administrativeArea": area,
        "longitude": lon,
        "placeName": name,
        "latitude": lat,
    }


def entry_markdown(entry: dict) -> str:
    parts = []
    for kind, value in entry["blocks"]:
        if kind == "h":
            parts.append("# " + dayone_escape(value))
        elif kind == "p":
            parts.append(dayone_escape(value))
        elif kind == "ul":
            parts.append("\n".join("- " + dayone_escape(item) for item in value))
        elif kind == "photo":
            parts.append(f"![](dayone-moment://{_hex_id('photo', value)})")
        else:
            raise ValueError(kind)
    return "\n\n".join(parts)


def entry_rich_text(entry: dict) -> str:
    device = T.DEVICES[entry["device"]]
    contents: list[dict] = []
    for n, (kind, value) in enumerate(entry["blocks"]):
        if kind == "h":
            line = {"header": 1, "identifier": _line_id(entry["key"], str(n))}
            contents.append({"attributes": {"line": line}, "text": value + "\n"})
        elif kind == "p":
            contents.append({"text": value + "\n"})
        elif kind == "ul":
            for i, item in enumerate(value):
                line = {
                    "listStyle": "bulleted",
                    "indentLevel": 1,
                    "identifier": _line_id(entry["key"], f"{n}.{i}"),
                }
                contents.append({"attributes": {"line": line}, "text": item + "\n"})
        else:
            contents.append({"embeddedObjects": [{"type": "photo", "identifier": _hex_id("photo", value)}]})
    last = next(c for c in reversed(contents) if "text" in c)
    last["text"] = last["text"].rstrip("\n")
    meta = {
        "version": 1,
        "small-lines-removed": True,
        "created": {"platform": device["platform"], "version": T.APP_VERSIONS[device["platform"]]},
    }
    return ns_json_compact({"meta": meta, "contents": contents})


def journal_entry(entry: dict, photos: dict[str, bytes]) -> dict:
    created = _utc(entry["local"])
    device = T.DEVICES[entry["device"]]
    kind, temperature, humidity, wind, bearing, pressure = entry["weather"]
    conditions, code = T.WEATHER_KINDS[kind]
    out = {
        "uuid": _hex_id("entry", entry["key"]),
        "creationDate": _iso(created),
        "modifiedDate": _iso(created + dt.timedelta(seconds=entry["modified"])),
        "timeZone": "Europe/London",
        "text": entry_markdown(entry),
        "richText": entry_rich_text(entry),
        "tags": entry["tags"],
        "starred": entry.get("starred", False),
        "isPinned": entry.get("pinned", False),
        "isAllDay": False,
        "duration": 0,
        "editingTime": entry["editing"],
        **{k: v for k, v in device.items() if k != "platform"},
        "location": _location(entry["place"]),
        "weather": {
            "conditionsDescription": conditions,
            "weatherCode": code,
            "temperatureCelsius": temperature,
            "relativeHumidity": humidity,
            "windSpeedKPH": wind,
            "windBearing": bearing,
            "pressureMB": pressure,
            "visibilityKM": 10,
            "weatherServiceName": "Apple Weather",
        },
    }
    shots = [value for kind, value in entry["blocks"] if kind == "photo"]
    if shots:
        out["photos"] = []
        for order, key in enumerate(shots):
            filename, taken, rows = T.PHOTOS[key]
            out["photos"].append(
                {
                    "orderInEntry": order,
                    "creationDevice": device["creationDevice"],
                    "duration": 0,
                    "type": "jpeg",
                    "identifier": _hex_id("photo", key),
                    "date": _iso(_utc(taken)),
                    "height": 8 * len(rows),
                    "width": 8 * len(rows[0]),
                    "md5": hashlib.md5(photos[key]).hexdigest(),
                    "isSketch": False,
                    "filename": filename,
                    "cameraMake": "Apple",
                    "cameraModel": "iPhone 16 Pro Max",
                    "lensMake": "Apple",
                    "lensModel": "iPhone 16 Pro Max back triple camera 6.765mm f/1.78",
                    "fnumber": "1.78",
                    "focalLength": "6.765",
                    "exposureBiasValue": 0,
                    "location": _location(entry["place"]),
                }
            )
    return out


def journal() -> dict:
    photos = photo_bytes()
    return {"metadata": {"version": "1.0"}, "entries": [journal_entry(e, photos) for e in T.ENTRIES]}


def journal_json(data: dict) -> str:
    """Journal.json as Day One writes it: the metadata, then the entries, oldest first; no newline at the end."""
    body = ",\n".join(f"  {_ns_string(k)} : {ns_json(data[k], 1)}" for k in ("metadata", "entries"))
    return "{\n" + body + "\n}"


def journal_files() -> dict[str, bytes]:
    photos = photo_bytes()
    folder = T.JOURNAL_FOLDER
    made = {f"{folder}/{T.JOURNAL_NAME}": journal_json(journal()).encode("utf-8")}
    for data in photos.values():
        made[f"{folder}/photos/{hashlib.md5(data).hexdigest()}.jpeg"] = data
    return made


def drawn_text() -> dict[str, list[str]]:
    """The text on each of the journal's photos, by file name (for ``check.py``): none, they are pictures with no
    words."""
    return {f"{hashlib.md5(data).hexdigest()}.jpeg": [""] for data in photo_bytes().values()}


def entry_lines(text: str) -> dict[str, tuple[int, int]]:
    """Each entry's object in Journal.json as lines of the file (1-based, from its ``    {`` to its ``    }``), by the
    entry's uuid."""
    lines = text.split("\n")
    out, start = {}, None
    for n, line in enumerate(lines, 1):
        if line == "    {":
            start = n
        elif line in ("    }", "    },") and start is not None:
            found = re.search(r'"uuid" : "([0-9A-F]{32})"', "\n".join(lines[start - 1 : n]))
            out[found[1]] = (start, n)
            start = None
    return out


def check_journal(files: dict[str, bytes]) -> None:
    """Journal.json parses and reads back as written; entries are oldest first, each modified after it was made and
    before the export, in London's time zone; the text and the rich text name the same photos, which are in photos/
    under their MD5 and are JPEGs of the size given; the last entry's list adds up to the total it gives."""
    text = files[f"{T.JOURNAL_FOLDER}/{T.JOURNAL_NAME}"].decode("utf-8")
    data = json.loads(text)
    assert journal_json(data) == text and not text.endswith("\n")
    entries = data["entries"]
    assert [e["creationDate"] for e in entries] == sorted(e["creationDate"] for e in entries)
    exported = _iso(_utc(T.EXPORTED))
    assert len(entry_lines(text)) == len(entries) == len(T.ENTRIES)
    for e, spec in zip(entries, T.ENTRIES, strict=True):
        assert e["creationDate"] < e["modifiedDate"] < exported, spec["key"]
        local = dt.datetime.fromisoformat(e["creationDate"].replace("Z", "+00:00")).astimezone(LONDON)
        assert local.strftime("%Y-%m-%d %H:%M:%S") == spec["local"] and 8 <= local.hour < 23
        rich = json.loads(e["richText"])
        shown = [o["identifier"] for c in rich["contents"] for o in c.get("embeddedObjects", [])]
        assert shown == re.findall(r"dayone-moment://([0-9A-F]{32})", e["text"])
        assert shown == [p["identifier"] for p in e.get("photos", [])]
        for p in e.get("photos", []):
            jpeg = files[f"{T.JOURNAL_FOLDER}/photos/{p['md5']}.jpeg"]
            assert hashlib.md5(jpeg).hexdigest() == p["md5"] and jpeg[:2] == b"\xff\xd8"
            assert struct.unpack(">HH", jpeg[jpeg.index(b"\xff\xc0") + 5 : jpeg.index(b"\xff\xc0") + 9]) == (
                p["height"],
                p["width"],
            )
            assert p["date"] <= e["creationDate"]
        assert (
            "".join(c.get("text", "") for c in rich["contents"]).count("\n")
            == sum(len(v) if k == "ul" else k != "photo" for k, v in spec["blocks"]) - 1
        )
    assert len(files) == 1 + len(T.PHOTOS)
    items = next(v for k, v in T.ENTRIES[-1]["blocks"] if k == "ul")
    costs = [int(re.search(r"\u00a3([\d,]+)$", i)[1].replace(",", "")) for i in items]
    assert sum(costs) == T.SPENT_TOTAL and f"\u00a3{T.SPENT_TOTAL:,}" in T.ENTRIES[-1]["blocks"][-1][1]


# --- the TaskPaper document --------------------------------------------------------------------------------------------

TAG = re.compile(r"(?<!\S)@([\w-]+)(?:\(([^)]*)\))?")


def taskpaper_text() -> str:
    """The document with a tab for each level, as TaskPaper writes it."""
    out = []
    for line in T.TASKPAPER.split("\n"):
        spaces = len(line) - len(line.lstrip(" "))
        assert spaces % 4 == 0, line
        out.append("\t" * (spaces // 4) + line.lstrip(" "))
    return "\n".join(out)


def taskpaper_items(text: str) -> list[tuple[int, str, str, list[tuple[str, str | None]]]]:
    """Each line as (depth, kind: project | task | note, text, tags)."""
    items = []
    for line in text.rstrip("\n").split("\n"):
        depth = len(line) - len(line.lstrip("\t"))
        body = line[depth:]
        tags = TAG.findall(body)
        bare = TAG.sub("", body).rstrip()
        kind = "task" if body.startswith("- ") else "project" if bare.endswith(":") else "note"
        items.append((depth, kind, body, [(t, v or None) for t, v in tags]))
    return items


def check_taskpaper(text: str) -> None:
    """A tab a level, never deeper than one below the line above; every tag's date a real date, every @done on or
    before the day the plans were written; an archived task's @project names a project (a nested one as "Parent /
    Child"); the Archive project is last."""
    items = taskpaper_items(text)
    assert " " * 4 not in text and text.endswith("\n")
    paths, stack = set(), []
    for (depth, kind, body, tags), previous in zip(items, [(0, "project", "", [])] + items[:-1], strict=True):
        assert depth <= previous[0] + 1, body
        if kind == "project":
            stack = stack[:depth] + [TAG.sub("", body).rstrip()[:-1]]
            paths.add(" / ".join(stack))
        for tag, value in tags:
            if tag in ("due", "done", "start"):
                day = dt.date.fromisoformat(value)
                assert tag != "done" or day <= dt.date.fromisoformat(T.TASKPAPER_AS_OF), body
            if tag == "project":
                assert value in paths, value
    assert items[-1][0] == 1 and [i for i in items if i[0] == 0][-1][2] == "Archive:"
    archived = [i for i in items if any(t == "project" for t, _ in i[3])]
    assert archived and all(any(t == "done" for t, _ in i[3]) for i in archived)


# --- the Numbers spreadsheet -------------------------------------------------------------------------------------------


def _day(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def lessons_in_term(weekday: str) -> int:
    """The lessons a pupil whose lesson is on ``weekday`` has in the summer term: each such day from the first to the
    last day of term, less the bank holiday and half term."""
    day, n = _day(T.TERM_FIRST), 0
    while day <= _day(T.TERM_LAST):
        off = any(_day(a) <= day <= _day(b) for a, b in T.NO_LESSONS)
        n += day.strftime("%A") == weekday and not off
        day += dt.timedelta(days=1)
    return n


def fees() -> list[dict]:
    """The summer term's fee for each pupil, in pence: lessons x rate, less the sibling discount."""
    out = []
    for name, _, weekday, _, _, rate, _, _ in T.PUPILS:
        lessons = lessons_in_term(weekday)
        discount = T.SIBLING_DISCOUNT.get(name, 0)
        subtotal = lessons * rate
        fee, rest = divmod(subtotal * (100 - discount), 100)
        assert rest == 0, name
        paid = fee if name in T.PAID_ON else 0
        out.append({"name": name, "lessons": lessons, "rate": rate, "subtotal": subtotal, "discount": discount,
                    "fee": fee, "paid_on": T.PAID_ON.get(name), "paid": paid})  # fmt: skip
    return out


def result(mark: int) -> str:
    return next(name for floor, name in T.RESULT_BANDS if mark >= floor)


def tables() -> list[tuple[str, str, list[list]]]:
    """The spreadsheet's tables in order, (sheet, table, rows), each cell a value as numbers-parser writes it: text,
    an int, ("money", pence), ("percent", per cent), a ``datetime`` (a date) or a ``timedelta`` (a duration); None
    for an empty cell."""
    pupils = [T.PUPILS_HEADER] + [
        [name, carer, day, time, dt.timedelta(minutes=length), ("money", rate), _midnight(started), towards]
        for name, carer, day, time, length, rate, started, towards in T.PUPILS
    ]
    fee_rows = [T.FEES_HEADER]
    for f in fees():
        fee_rows.append([f["name"], f["lessons"], ("money", f["rate"]), ("money", f["subtotal"]),
                         ("percent", f["discount"]), ("money", f["fee"]),
                         _midnight(f["paid_on"]) if f["paid_on"] else None, ("money", f["paid"])])  # fmt: skip
    all_fees = fees()
    total_fee, total_paid = sum(f["fee"] for f in all_fees), sum(f["paid"] for f in all_fees)
    fee_rows.append(
        [
            "Total",
            sum(f["lessons"] for f in all_fees),
            None,
            ("money", sum(f["subtotal"] for f in all_fees)),
            None,
            ("money", total_fee),
            None,
            ("money", total_paid),
        ]  # fmt: skip
    )
    fee_rows.append(["Still to pay", None, None, None, None, ("money", total_fee - total_paid), None, None])
    dates = [T.TERM_DATES_HEADER] + [[_midnight(day), what] for day, what in T.TERM_DATES]
    exams = [T.EXAMS_HEADER] + [
        [
            name,
            f"Grade {grade}",
            _midnight(day),
            time,
            dt.timedelta(minutes=T.EXAM_LENGTHS[grade]),
            venue,
            ("money", T.EXAM_FEES[grade]),
            mark,
            result(mark),
        ]  # fmt: skip
        for name, grade, day, time, venue, mark in T.EXAMS
    ]
    return [
        (T.PUPILS_SHEET, T.PUPILS_TABLE, pupils),
        (T.TERM_SHEET, T.FEES_TABLE, fee_rows),
        (T.TERM_SHEET, T.DATES_TABLE, dates),
        (T.EXAMS_SHEET, T.EXAMS_TABLE, exams),
    ]


def _midnight(iso: str) -> dt.datetime:
    return dt.datetime.combine(_day(iso), dt.time())


def shown(value) -> str:
    """A cell as ``check.numbers_tables`` reads it back: text as it is, a whole number without ".0", money with its
    pound sign and two places, a percentage as its fraction, a date as ``2027-06-15``, a duration as ``0:45:00``."""
    if value is None:
        return ""
    if isinstance(value, tuple):
        kind, n = value
        if kind == "money":
            return f"\u00a3{n // 100}.{n % 100:02d}"
        return str(n / 100) if n % 100 else str(n // 100)
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, dt.timedelta):
        return str(value)
    return str(value)


def table_rows() -> list[tuple[str, dict[int, str]]]:
    """Each table as ``check.numbers_tables`` reads it: its title "Sheet \u203a Table" and its non-empty rows by their
    number, cells joined with " | ", empty cells after the last one left out."""
    out = []
    for sheet, table, rows in tables():
        lines = {}
        for n, row in enumerate(rows, 1):
            cells = [shown(v) for v in row]
            while cells and not cells[-1]:
                cells.pop()
            if cells:
                lines[n] = " | ".join(cells)
        out.append((f"{sheet} \u203a {table}", lines))
    return out


def check_numbers_texts() -> None:
    """Each pupil started on the day of their lesson; no payment was made before term or after it; an exam's result
    follows from its mark and a pupil who passed is working towards the next grade; exams are on weekdays in term."""
    by_name = {p[0]: p for p in T.PUPILS}
    for name, _, weekday, *_, started, _ in T.PUPILS:
        assert _day(started).strftime("%A") == weekday, name
    for name, paid in T.PAID_ON.items():
        assert _day(T.TERM_FIRST) <= _day(paid) <= _day(T.TERM_LAST) and name in by_name
    for name, grade, day, *_, mark in T.EXAMS:
        assert _day(day).weekday() < 5 and _day(T.TERM_FIRST) <= _day(day) <= _day(T.TERM_LAST)
        if mark >= 100:
            assert by_name[name][7] == f"Grade {grade + 1}", name
    assert [lessons_in_term(d) for d in ("Monday", "Tuesday", "Friday")] == [11, 12, 12]


def numbers_file() -> bytes | None:
    """The spreadsheet as numbers-parser writes it, its new ids and the zip's times fixed; None where numbers-parser
    does not import."""
    try:
        import numbers_parser
        import numbers_parser.numbers_uuid as ids
    except ImportError:
        return None
    import tempfile
    import time
    import zipfile

    saved = dt.datetime.strptime(T.NUMBERS_SAVED, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC).timestamp()

    class SavedAt:  # zipfile stamps an entry written from a name with time.localtime(time.time())
        def __getattr__(self, name):
            return getattr(time, name)

        def time(self):
            return saved

        def localtime(self, _when=None):
            return time.gmtime(saved)

    rng = random.Random(_digest("numbers"))
    old_uuid1, old_time = ids.uuid1, zipfile.time
    ids.uuid1 = lambda: uuid.UUID(int=rng.getrandbits(128), version=1)
    zipfile.time = SavedAt()
    try:
        made = tables()
        doc = numbers_parser.Document(
            sheet_name=made[0][0],
            table_name=made[0][1],
            num_rows=len(made[0][2]),
            num_cols=len(made[0][2][0]),
        )
        for i, (sheet, table, rows) in enumerate(made):
            if i == 0:
                t = doc.sheets[0].tables[0]
            elif sheet != made[i - 1][0]:
                doc.add_sheet(sheet, table, num_rows=len(rows), num_cols=len(rows[0]))
                t = doc.sheets[-1].tables[0]
            else:
                t = doc.sheets[-1].add_table(table, num_rows=len(rows), num_cols=len(rows[0]))
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    _write_cell(t, r, c, value)
        with tempfile.TemporaryDirectory(prefix="heldout26-") as tmp:
            path = Path(tmp) / T.NUMBERS_NAME
            doc.save(str(path))
            return path.read_bytes()
    finally:
        ids.uuid1, zipfile.time = old_uuid1, old_time


def _write_cell(table, row: int, col: int, value) -> None:
    if value is None:
        return
    if isinstance(value, tuple):
        kind, n = value
        table.write(row, col, n / 100)
        if kind == "money":
            table.set_cell_formatting(row, col, "currency", currency_code="GBP", decimal_places=2)
        else:
            table.set_cell_formatting(row, col, "percentage", decimal_places=0)
        return
    table.write(row, col, value)
    if isinstance(value, dt.datetime):
        table.set_cell_formatting(row, col, "datetime", date_time_format="d MMM yyyy")


def numbers_parser_rows(data: bytes) -> list[tuple[str, dict[int, str]]]:
    """The spreadsheet as numbers-parser reads it back, shown as ``table_rows`` shows the values written."""
    import tempfile

    import numbers_parser

    def value(cell):
        v = cell.value
        if v is None or v == "":
            return None
        if isinstance(
            v, float
        ):  # numbers-parser reads a decimal128 through a float: 12 comes back 12.000000000000002
            v = round(v, 9)
        if cell.formatted_value.startswith("\u00a3"):
            return ("money", round(v * 100))
        if cell.formatted_value.endswith("%"):
            return ("percent", round(v * 100))
        return int(v) if isinstance(v, float) and v.is_integer() else v

    with tempfile.TemporaryDirectory(prefix="heldout26-") as tmp:
        path = Path(tmp) / T.NUMBERS_NAME
        path.write_bytes(data)
        doc = numbers_parser.Document(str(path))
        out = []
        for sheet in doc.sheets:
            for table in sheet.tables:
                lines = {}
                for n, row in enumerate(table.rows(), 1):
                    cells = [shown(value(c)) for c in row]
                    while cells and not cells[-1]:
                        cells.pop()
                    if cells:
                        lines[n] = " | ".join(cells)
                out.append((f"{sheet.name} \u203a {table.name}", lines))
        return out


# --- all --------------------------------------------------------------------------------------------------------------


def check_texts() -> int:
    """Every weekday written next to a date in the three documents is the calendar's."""
    words = [v if isinstance(v, str) else " ".join(v) for e in T.ENTRIES for _, v in e["blocks"]]
    words += [T.TASKPAPER] + [what for _, what in T.TERM_DATES]
    n = check_weekdays("\n".join(words))
    check_numbers_texts()
    return n


def files() -> dict[str, bytes]:
    """The journal's and the TaskPaper document's files, by their path under ``files/private26``."""
    return {**journal_files(), T.TASKPAPER_NAME: taskpaper_text().encode("utf-8")}


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_journal({k: v for k, v in made.items() if k.startswith(T.JOURNAL_FOLDER + "/")})
    check_taskpaper(made[T.TASKPAPER_NAME].decode("utf-8"))
    if T.NUMBERS_NAME in made:
        assert (
            made[T.NUMBERS_NAME].startswith(b"PK")
            and numbers_parser_rows(made[T.NUMBERS_NAME]) == table_rows()
        )
    return n


def main() -> None:
    made = files()
    spreadsheet = numbers_file()
    if spreadsheet is not None:
        made[T.NUMBERS_NAME] = spreadsheet
    else:
        print(f"numbers-parser is not installed: {T.NUMBERS_NAME} is left as it is")  # noqa: T201
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
