"""Generate the private documents of the realdocs ``heldout28`` part under ``files/private28/``: a family tree as a Mac
genealogy app (MacFamilyTree) exports it to GEDCOM 5.5.1 (``.ged``: a header, a submitter, individuals with names,
events, dates with ``ABT``/``BEF``/``BET ... AND``, places, occupations, residences, notes continued with ``CONT``
and ``CONC``, families with marriages and a divorce, shared notes, sources cited with pages, a trailer), a learner's
flashcards as Anki for Mac exports a deck package in its legacy format (``.apkg``: a zip of ``collection.anki2``, an
SQLite database of Anki's schema 11, ``media`` and the media files ``0`` and ``1``), and a mind map of two sheets as
XMind for Mac saves it (``.xmind``, XMind 2020's format: a zip of ``content.json``, ``metadata.json``,
``manifest.json`` and a ``content.xml`` that only tells an old XMind to update).

    python eval/realdocs/make_heldout28.py          # rewrite them; the output is the same on every run

The standard library only (sqlite3, zipfile, zlib, wave). Every id, time and random number is fixed, so a rerun gives
the same bytes with the same SQLite (the database file's header records the SQLite that wrote it:
``ANKI_WRITTEN_WITH``; another SQLite gives the same tables and rows) and zlib. The family tree is checked as GEDCOM
(levels, one record a cross-reference, every pointer to a record, a family's members pointing back, ``CONT`` and
``CONC`` under a line), the deck read back with sqlite3 as it was laid out, and the map read back from its JSON.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import re
import sqlite3
import struct
import tempfile
import wave
import zipfile
import zlib
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout28 (the tests, check.py)
    import heldout28_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout28_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private28"
# the SQLite that wrote the committed deck's database
ANKI_WRITTEN_WITH = "3.40.1"


def _digest(*parts: str) -> bytes:
    return hashlib.sha256("/".join(("heldout28", *parts)).encode()).digest()


# --- the family tree ------------------------------------------------------------------------------------------------

GED_LINE = re.compile(r"^(\d+) (?:(@[A-Z]\d+@) )?([A-Z_][A-Z0-9_]*)(?: (.*))?$")


def gedcom_records(text: str) -> dict[str, tuple[str, list[tuple[int, str, str]]]]:
    """The records by cross-reference: (type, [(level, tag, value), ...] below the record's line)."""
    out: dict[str, tuple[str, list]] = {}
    current: list | None = None
    for line in text.split("\n")[:-1]:
        m = GED_LINE.match(line)
        assert m, line
        level, xref, tag, value = int(m[1]), m[2], m[3], m[4] or ""
        if level == 0:
            current = []
            if xref:
                assert xref not in out, xref
                out[xref] = (tag, current)
        else:
            current.append((level, tag, value))
    return out


def check_gedcom(text: str) -> None:
    """GEDCOM 5.5.1 as the header says: a header first and a trailer last, LF line ends, lines of at most 255
    characters, a level at most one deeper than the line before, ``CONT``/``CONC`` only under a line with a value;
    every pointer names a record; each family's husband, wife and children point back at it (``FAMS``/``FAMC``) and
    no one else does."""
    lines = text.split("\n")
    assert lines[0] == "0 HEAD" and lines[-2] == "0 TRLR" and lines[-1] == "" and "\r" not in text
    assert "2 VERS 5.5.1" in lines and "2 FORM LINEAGE-LINKED" in lines and "1 CHAR UTF-8" in lines
    previous = 0
    for line in lines[:-1]:
        assert len(line) <= 255, line
        level = int(line.split(" ", 1)[0])
        assert level <= previous + 1, line
        previous = level
    records = gedcom_records(text)
    for _, (_, rows) in records.items():
        for _, _, value in rows:
            for pointer in re.findall(r"@[A-Z]\d+@", value):
                assert pointer in records, pointer
    fams = {x: rows for x, (t, rows) in records.items() if t == "FAM"}
    people = {x: rows for x, (t, rows) in records.items() if t == "INDI"}
    links = {(v, f, "FAMS" if t in ("HUSB", "WIFE") else "FAMC") for f, rows in fams.items() for _, t, v in rows
             if t in ("HUSB", "WIFE", "CHIL")}  # fmt: skip
    back = {(p, v, t) for p, rows in people.items() for _, t, v in rows if t in ("FAMS", "FAMC")}
    assert links == back
    assert 25 <= len(people) <= 40 and {t for t, _ in records.values()} == {
        "SUBM",
        "INDI",
        "FAM",
        "NOTE",
        "SOUR",
    }
    for _, rows in records.values():
        for (la, ta, _), (lb, tb, _) in zip(rows, rows[1:]):
            if tb in ("CONT", "CONC"):
                assert lb == la + 1 or (ta in ("CONT", "CONC") and lb == la), (ta, tb)
    assert _generations() == 5


def _generations() -> int:
    records = gedcom_records(T.GEDCOM)
    parents = {}
    for t, rows in records.values():
        if t == "FAM":
            couple = [v for _, tag, v in rows if tag in ("HUSB", "WIFE")]
            for _, tag, v in rows:
                if tag == "CHIL":
                    parents[v] = couple

    def depth(p: str) -> int:
        return 1 + max((depth(q) for q in parents.get(p, [])), default=0)

    return max(depth(p) for p, (t, _) in records.items() if t == "INDI")


# --- the Anki deck --------------------------------------------------------------------------------------------------

ANKI_SCHEMA = """\
CREATE TABLE col (
    id              integer primary key,
    crt             integer not null,
    mod             integer not null,
    scm             integer not null,
    ver             integer not null,
    dty             integer not null,
    usn             integer not null,
    ls              integer not null,
    conf            text not null,
    models          text not null,
    decks           text not null,
    dconf           text not null,
    tags            text not null
);
CREATE TABLE notes (
    id              integer primary key,   /* 0 */
    guid            text not null,         /* 1 */
    mid             integer not null,      /* 2 */
    mod             integer not null,      /* 3 */
    usn             integer not null,      /* 4 */
    tags            text not null,         /* 5 */
    flds            text not null,         /* 6 */
    sfld            integer not null,      /* 7 */
    csum            integer not null,      /* 8 */
    flags           integer not null,      /* 9 */
    data            text not null          /* 10 */
);
CREATE TABLE cards (
    id              integer primary key,   /* 0 */
    nid             integer not null,      /* 1 */
    did             integer not null,      /* 2 */
    ord             integer not null,      /* 3 */
    mod             integer not null,      /* 4 */
    usn             integer not null,      /* 5 */
    type            integer not null,      /* 6 */
    queue           integer not null,      /* 7 */
    due             integer not null,      /* 8 */
    ivl             integer not null,      /* 9 */
    factor          integer not null,      /* 10 */
    reps            integer not null,      /* 11 */
    lapses          integer not null,      /* 12 */
    left            integer not null,      /* 13 */
    odue            integer not null,      /* 14 */
    odid            integer not null,      /* 15 */
    flags           integer not null,      /* 16 */
    data            text not null          /* 17 */
);
CREATE TABLE revlog (
    id              integer primary key,
    cid             integer not null,
    usn             integer not null,
    ease            integer not null,
    ivl             integer not null,
    lastIvl         integer not null,
    factor          integer not null,
    time            integer not null,
    type            integer not null
);
CREATE TABLE graves (
    usn             integer not null,
    oid             integer not null,
    type            integer not null
);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
"""
COLLECTION_CREATED = 1710388800  # 14 March 2024, 04:00 UTC: the collection's day cut-off
FIRST_NOTE = 1710403500000  # ms: the first note's id, the time it was added
EXPORTED = 1805562000000  # ms: the deck's last change, 20 March 2027
MODEL_IDS = {T.BASIC: 1710403300001, T.REVERSED: 1710403300002, T.CLOZE: 1710403300003}
MODEL_FIELDS = {T.BASIC: ["Front", "Back"], T.REVERSED: ["Front", "Back"], T.CLOZE: ["Text", "Back Extra"]}
_CSS = (
    ".card {\n    font-family: arial;\n    font-size: 20px;\n    text-align: center;\n    color: black;\n"
    "    background-color: white;\n}\n"
)
_ANSWER = "{{FrontSide}}\n\n<hr id=answer>\n\n"


def _template(name: str, ordinal: int, qfmt: str, afmt: str) -> dict:
    return {"name": name, "ord": ordinal, "qfmt": qfmt, "afmt": afmt, "bqfmt": "", "bafmt": "", "did": None,
            "bfont": "", "bsize": 0}  # fmt: skip


def anki_models() -> dict:
    out = {}
    for name, mid in MODEL_IDS.items():
        fields = [{"name": f, "ord": i, "sticky": False, "rtl": False, "font": "Arial", "size": 20, "media": []}
                  for i, f in enumerate(MODEL_FIELDS[name])]  # fmt: skip
        if name == T.CLOZE:
            tmpls = [_template("Cloze", 0, "{{cloze:Text}}", "{{cloze:Text}}<br>\n{{Back Extra}}")]
            css = _CSS + ".cloze {\n font-weight: bold;\n color: blue;\n}\n"
        else:
            tmpls = [_template("Card 1", 0, "{{Front}}", _ANSWER + "{{Back}}")]
            if name == T.REVERSED:
                tmpls.append(
                    _template("Card 2", 1, "{{Back}}", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}")
                )
            css = _CSS
        out[str(mid)] = {
            "id": mid, "name": name, "type": 1 if name == T.CLOZE else 0, "mod": 1710403400, "usn": -1,
            "sortf": 0, "did": 1710403200003 if name == T.REVERSED else 1710403200005, "tmpls": tmpls,
            "flds": fields, "css": css,
            "latexPre": "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n"
            "\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
            "latexPost": "\\end{document}", "latexsvg": False, "req": [[0, "any", [0]]], "tags": [], "vers": [],
        }  # fmt: skip
    return out


def anki_decks() -> dict:
    return {
        str(did): {
            "id": did,
            "name": name,
            "mod": 1710403200,
            "usn": -1,
            "lrnToday": [0, 0],
            "revToday": [0, 0],
            "newToday": [0, 0],
            "timeToday": [0, 0],
            "collapsed": False,
            "browserCollapsed": False,
            "desc": "",
            "dyn": 0,
            "conf": 1,
            "extendNew": 0,
            "extendRev": 0,
        }  # fmt: skip
        for did, name in T.ANKI_DECKS
    }


def _guid(key: str) -> str:
    """A note's guid as Anki makes one: a 64-bit number written in base 91."""
    table = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~"
    n, out = int.from_bytes(_digest("guid", key)[:8], "big"), ""
    while n:
        n, r = divmod(n, len(table))
        out = table[r] + out
    return out


def strip_html(text: str) -> str:
    """A field as text: a line break for ``<br>``, other tags dropped, entities decoded."""
    text = re.sub(r"<br\s*/?>", "\n", text, flags=re.I)
    return html.unescape(re.sub(r"<[^>]*>", "", text))


def _sort_field(text: str) -> str:
    """Anki's sort field: the first field without HTML and media references."""
    return re.sub(r"\[sound:[^]]*\]", "", strip_html(text)).strip()


def note_ids() -> list[int]:
    """Each note's id: the time it was added, in ms; a few minutes apart in the order of ANKI_NOTES."""
    ids, at = [], FIRST_NOTE
    for i in range(len(T.ANKI_NOTES)):
        at += (
            60_000
            + int.from_bytes(_digest("added", str(i))[:2], "big") * 7
            + (86_400_000 if i % 9 == 8 else 0)
        )
        ids.append(at)
    return ids


def card_ordinals(model: str, fields: list[str]) -> list[int]:
    if model == T.CLOZE:
        return sorted({int(n) - 1 for n in re.findall(r"\{\{c(\d+)::", fields[0])})
    return [0, 1] if model == T.REVERSED else [0]


def anki_database() -> bytes:
    """collection.anki2, as SQLite writes it."""
    decks = {name: did for did, name in T.ANKI_DECKS}
    conf = {"activeDecks": [1], "curDeck": 1, "newSpread": 0, "collapseTime": 1200, "timeLim": 0,
            "estTimes": True, "dueCounts": True, "curModel": str(MODEL_IDS[T.REVERSED]), "nextPos": 1,
            "sortType": "noteFld", "sortBackwards": False, "addToCur": True, "schedVer": 2}  # fmt: skip
    dconf = {"1": {"id": 1, "name": "Default", "mod": 0, "usn": 0, "maxTaken": 60, "autoplay": True, "timer": 0,
                   "replayq": True, "dyn": False,
                   "new": {"bury": False, "delays": [1.0, 10.0], "initialFactor": 2500, "ints": [1, 4, 0],
                           "order": 1, "perDay": 20},
                   "lapse": {"delays": [10.0], "leechAction": 1, "leechFails": 8, "minInt": 1, "mult": 0.0},
                   "rev": {"bury": False, "ease4": 1.3, "ivlFct": 1.0, "maxIvl": 36500, "perDay": 200,
                           "hardFactor": 1.2}}}  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "collection.anki2"
        db = sqlite3.connect(path)
        db.execute("PRAGMA page_size = 4096")
        db.executescript(ANKI_SCHEMA)
        dumps = lambda x: json.dumps(x, ensure_ascii=False, separators=(",", ":"))  # noqa: E731
        db.execute(
            "INSERT INTO col VALUES (1,?,?,?,11,0,0,0,?,?,?,?,'{}')",
            (COLLECTION_CREATED, EXPORTED, 1710403100000, dumps(conf), dumps(anki_models()), dumps(anki_decks()),
             dumps(dconf)),
        )  # fmt: skip
        card_no = 0
        for nid, (key, deck, model, fields, tags) in zip(note_ids(), T.ANKI_NOTES):
            sort = _sort_field(fields[0])
            csum = int(hashlib.sha1(sort.encode("utf-8")).hexdigest()[:8], 16)
            db.execute(
                "INSERT INTO notes VALUES (?,?,?,?,-1,?,?,?,?,0,'')",
                (nid, _guid(key), MODEL_IDS[model], nid // 1000 + 120, f" {' '.join(tags)} ", "\x1f".join(fields),
                 sort, csum),
            )  # fmt: skip
            for ordinal in card_ordinals(model, fields):
                card_no += 1
                cid = nid + 1 + ordinal
                reviewed = card_no % 4 != 0
                ivl = 1 + _digest("ivl", key, str(ordinal))[0] % 40 if reviewed else 0
                due = 1100 + _digest("due", key, str(ordinal))[0] % 60 if reviewed else card_no
                db.execute(
                    "INSERT INTO cards VALUES (?,?,?,?,?,-1,?,?,?,?,?,?,?,0,0,0,0,'')",
                    (cid, nid, decks[deck], ordinal, nid // 1000 + 600, 2 if reviewed else 0, 2 if reviewed else 0,
                     due, ivl, 2500 if reviewed else 0, 3 + ivl // 8 if reviewed else 0,
                     1 if "leech" in tags else 0),
                )  # fmt: skip
                if reviewed:
                    for r in range(3):
                        db.execute(
                            "INSERT INTO revlog VALUES (?,?,-1,?,?,?,2500,?,?)",
                            (cid + 86_400_000 * (r + 1) + 4321, cid, 3 if r else 1, [1, 3, ivl][r],
                             [0, 1, 3][r], 4000 + _digest("time", str(cid), str(r))[0] * 60, 0 if r == 0 else 1),
                        )  # fmt: skip
        db.commit()
        db.close()
        return path.read_bytes()


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + row for row in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def buoy_png() -> bytes:
    """A north cardinal buoy, 24 x 40 pixels: two black cones pointing up over a pillar black above yellow, on
    white; no words."""
    black, yellow, white = b"\x10\x10\x10", b"\xf2\xc8\x00", b"\xff\xff\xff"
    rows = []
    for y in range(40):
        row = b""
        for x in range(24):
            if y < 12:  # the topmark: two cones, point up
                half = (y % 6) + 1
                colour = black if abs(x - 12) < half else white
            elif y < 14:
                colour = black if 11 <= x <= 12 else white
            elif y < 26:
                colour = black if 6 <= x <= 17 else white
            elif y < 38:
                colour = yellow if 6 <= x <= 17 else white
            else:
                colour = white
            row += colour
        rows.append(row)
    return _png(24, 40, rows)


def word_wav() -> bytes:
    """A short recording's stand-in: 0.4 seconds of a soft two-tone chime, 8 kHz, 8-bit mono."""
    import math

    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(8000)
        frames = bytes(
            128 + int(40 * math.sin(2 * math.pi * (440 if i < 1600 else 660) * i / 8000)) for i in range(3200)
        )
        w.writeframes(frames)
    return out.getvalue()


def _zip(entries: list[tuple[str, bytes, int]], stamp: tuple) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data, method in entries:
            info = zipfile.ZipInfo(name, stamp)
            info.compress_type = method
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return out.getvalue()


def apkg() -> bytes:
    media = {str(i): name for i, name in enumerate(T.ANKI_MEDIA)}
    files = {"buoy_cardinal_north.png": buoy_png(), "sgomberare.wav": word_wav()}
    entries = [("collection.anki2", anki_database(), zipfile.ZIP_DEFLATED)]
    entries += [(n, files[name], zipfile.ZIP_DEFLATED) for n, name in media.items()]
    entries.append(("media", json.dumps(media).encode(), zipfile.ZIP_DEFLATED))
    return _zip(entries, (2027, 3, 20, 9, 40, 0))


def check_apkg(data: bytes) -> None:
    """The package reads back: its database has the schema 11 tables, the note types, decks and notes laid out, every
    note's cards in one of the decks, its fields joined by 0x1f, and the media named in ``media`` beside it and used
    by a note."""
    z = zipfile.ZipFile(io.BytesIO(data))
    assert z.namelist() == ["collection.anki2", "0", "1", "media"]
    media = json.loads(z.read("media"))
    assert media == {"0": "buoy_cardinal_north.png", "1": "sgomberare.wav"}
    assert z.read("0").startswith(b"\x89PNG") and z.read("1").startswith(b"RIFF")
    db = sqlite3.connect(":memory:")
    db.deserialize(z.read("collection.anki2"))
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"col", "notes", "cards", "revlog", "graves"}
    (ver, models, decks), = db.execute("SELECT ver, models, decks FROM col")  # fmt: skip
    assert ver == 11
    models, decks = json.loads(models), json.loads(decks)
    assert {m["name"]: [f["name"] for f in m["flds"]] for m in models.values()} == MODEL_FIELDS
    notes = db.execute("SELECT id, mid, flds, tags FROM notes ORDER BY id").fetchall()
    assert 60 <= len(notes) <= 120 and [n[0] for n in notes] == note_ids()
    for (nid, mid, flds, tags), (_, deck, model, fields, tag_list) in zip(notes, T.ANKI_NOTES):
        assert models[str(mid)]["name"] == model and flds.split("\x1f") == fields
        assert tags.split() == tag_list and tags.startswith(" ") and tags.endswith(" ")
        cards = db.execute("SELECT did, ord FROM cards WHERE nid = ? ORDER BY ord", (nid,)).fetchall()
        assert {decks[str(did)]["name"] for did, _ in cards} == {deck}
        assert [o for _, o in cards] == card_ordinals(model, fields)
    used = " ".join(n[2] for n in notes)
    assert all(name in used for name in media.values())
    assert {d["name"].split("::")[1] for d in decks.values() if "::" in d["name"]} == {
        "Italian",
        "Day Skipper",
    }


# --- the mind map ---------------------------------------------------------------------------------------------------


def _xmind_id(key: str) -> str:
    """An id as XMind writes one: 26 characters of base 36."""
    n = int.from_bytes(_digest("xmind", key)[:17], "big")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    for _ in range(26):
        n, r = divmod(n, 36)
        out += digits[r]
    return out


def _topic_json(t: dict, root: bool = False, position: tuple[int, int] | None = None) -> dict:
    out: dict = {"id": _xmind_id(t["key"]), "class": "topic", "title": t["title"]}
    if root:
        out["structureClass"] = "org.xmind.ui.map.unbalanced"
    if position:
        out["position"] = {"x": position[0], "y": position[1]}
    if t["href"]:
        out["href"] = t["href"]
    if t["notes"]:
        out["notes"] = {
            "plain": {"content": t["notes"]},
            "realHTML": {"content": f"<div>{html.escape(t['notes'], quote=False)}</div>"},
        }
    if t["labels"]:
        out["labels"] = t["labels"]
    if t["markers"]:
        out["markers"] = [{"markerId": m} for m in t["markers"]]
    children = {}
    if t["children"]:
        children["attached"] = [_topic_json(c) for c in t["children"]]
    if t["detached"]:
        children["detached"] = [
            _topic_json(c, position=(-420 + 60 * i, 260 + 80 * i)) for i, c in enumerate(t["detached"])
        ]
    if children:
        out["children"] = children
    if root:
        out["extensions"] = [{"provider": "org.xmind.ui.map.unbalanced",
                              "content": [{"name": "right-number", "content": str(len(t["children"]) // 2)}]}]  # fmt: skip
    return out


def xmind_content() -> list[dict]:
    return [
        {
            "id": _xmind_id(f"sheet/{title}"),
            "class": "sheet",
            "title": title,
            "rootTopic": _topic_json(root, True),
            "topicPositioning": "fixed",
            "theme": {"id": _xmind_id(f"theme/{title}"), "class": "theme"},
        }  # fmt: skip
        for title, root in T.XMIND_SHEETS
    ]


CONTENT_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0"'
    ' xmlns:fo="http://www.w3.org/1999/XSL/Format" xmlns:svg="http://www.w3.org/2000/svg"'
    ' xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink" version="2.0">'
    '<sheet id="{sheet}"><topic id="{topic}" structure-class="org.xmind.ui.logic.right"><title>Warning \u8b66\u544a'
    ' Attention Warnung \uacbd\uace0</title><children><topics type="attached"><topic id="{child}"><title'
    ' svg:width="500">This file can not be opened normally, please do not modify and save, otherwise the contents'
    ' will be permanently lost\uff01</title><children><topics type="attached"><topic id="{hint}"><title>You can'
    " try using XMind 8 Update 3 or later version to open</title></topic></topics></children></topic></topics>"
    "</children></topic><title>Sheet 1</title></sheet></xmap-content>"
)


def xmind() -> bytes:
    sheets = xmind_content()
    compact = lambda x: json.dumps(x, ensure_ascii=False, separators=(",", ":")).encode()  # noqa: E731
    metadata = {"dataStructureVersion": "2", "creator": {"name": T.XMIND_CREATOR[0], "version": T.XMIND_CREATOR[1]},
                "layoutEngineVersion": "3", "activeSheetId": sheets[0]["id"]}  # fmt: skip
    manifest = {"file-entries": {"content.json": {}, "metadata.json": {}}}
    xml = CONTENT_XML.format(**{k: _xmind_id(f"warning/{k}") for k in ("sheet", "topic", "child", "hint")})
    entries = [
        ("content.json", compact(sheets), zipfile.ZIP_DEFLATED),
        ("metadata.json", compact(metadata), zipfile.ZIP_DEFLATED),
        ("manifest.json", compact(manifest), zipfile.ZIP_DEFLATED),
        ("content.xml", xml.encode(), zipfile.ZIP_DEFLATED),
    ]
    return _zip(entries, T.XMIND_SAVED)


def _walk(t: dict):
    yield t
    for c in t["children"] + t["detached"]:
        yield from _walk(c)


def check_xmind(data: bytes) -> None:
    """The map reads back: two sheets in order, each topic's title, notes (plain and HTML), labels, markers and link
    where it was laid out, ids unique, detached topics only under the root; content.xml holds no topic of the map."""
    import xml.etree.ElementTree as ET

    z = zipfile.ZipFile(io.BytesIO(data))
    assert z.namelist() == ["content.json", "metadata.json", "manifest.json", "content.xml"]
    sheets = json.loads(z.read("content.json"))
    assert [s["title"] for s in sheets] == [title for title, _ in T.XMIND_SHEETS]
    ids: list[str] = []

    def same(j: dict, t: dict) -> None:
        ids.append(j["id"])
        assert j["class"] == "topic" and j["title"] == t["title"] and j.get("href") == t["href"]
        assert (
            j.get("labels", []) == t["labels"]
            and [m["markerId"] for m in j.get("markers", [])] == t["markers"]
        )
        if t["notes"]:
            assert j["notes"]["plain"]["content"] == t["notes"]
            assert html.unescape(j["notes"]["realHTML"]["content"]) == f"<div>{t['notes']}</div>"
        kids = j.get("children", {})
        assert len(kids.get("attached", [])) == len(t["children"])
        for a, b in zip(kids.get("attached", []), t["children"]):
            same(a, b)
        for a, b in zip(kids.get("detached", []), t["detached"]):
            assert "position" in a
            same(a, b)

    for s, (_, root) in zip(sheets, T.XMIND_SHEETS):
        assert s["rootTopic"]["structureClass"] == "org.xmind.ui.map.unbalanced" and root["detached"]
        same(s["rootTopic"], root)
        assert all(not t["detached"] for t in _walk(root) if t is not root)
    assert len(ids) == len(set(ids))
    warning = " ".join(ET.fromstring(z.read("content.xml")).itertext())
    assert "XMind 8 Update 3" in warning
    assert not any(t["title"] in warning for _, root in T.XMIND_SHEETS for t in _walk(root))
    assert json.loads(z.read("metadata.json"))["activeSheetId"] == sheets[0]["id"]
    markers = {m for _, root in T.XMIND_SHEETS for t in _walk(root) for m in t["markers"]}
    assert markers == {"task-done", "priority-1", "priority-2"}


# --- all ------------------------------------------------------------------------------------------------------------


def check_texts() -> int:
    """Every weekday written next to a date in the three documents is the calendar's."""
    words = [T.GEDCOM] + [f for n in T.ANKI_NOTES for f in n[3]]
    words += [f"{t['title']}\n{t['notes'] or ''}" for _, root in T.XMIND_SHEETS for t in _walk(root)]
    return check_weekdays("\n".join(words))


def files() -> dict[str, bytes]:
    """The family tree, the deck and the map, by their path under ``files/private28``."""
    return {T.GEDCOM_NAME: T.GEDCOM.encode("utf-8"), T.ANKI_NAME: apkg(), T.XMIND_NAME: xmind()}


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_gedcom(made[T.GEDCOM_NAME].decode("utf-8"))
    check_apkg(made[T.ANKI_NAME])
    check_xmind(made[T.XMIND_NAME])
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
