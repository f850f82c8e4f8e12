"""Generate the private documents of the realdocs ``heldout29`` part under ``files/private29/``: a family's house-move
planning board as Obsidian for Mac saves a canvas (``Move to Fellside Cottage.canvas``: JSON Canvas 1.0, text, file,
link and group nodes, labelled edges; tab-indented, a node or an edge a line, as Obsidian writes it), a postgraduate's
reference library as Zotero for Mac exports it to RIS (``Dervan MSc library.ris``: CRLF line ends, Zotero's tag order,
notes in HTML) and one person's bookmarks as Firefox for Mac exports them (``bookmarks.html``, the Netscape bookmark
file: nested ``<DL><p>`` folders, ``ADD_DATE``/``LAST_MODIFIED`` in Unix seconds, ``ICON`` data URIs, ``TAGS`` and
``<DD>`` descriptions).

    python eval/realdocs/make_heldout29.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids (a canvas node's id is a hash of its key), so a rerun gives the
same bytes. Every weekday written next to a date is checked against the calendar; the canvas reads back with ``json``
as laid out (every card of a group inside its rectangle, every edge between two nodes); the library reads back as
records of ``TY`` to ``ER``; the bookmarks read back with ``html.parser`` as the folders and bookmarks laid out.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import struct
import zlib
from html.parser import HTMLParser
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout29 (the tests, check.py)
    import heldout29_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout29_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private29"


# --- the canvas -----------------------------------------------------------------------------------------------------


def node_id(key: str) -> str:
    """A node's or an edge's id as Obsidian writes one (16 hex digits), made from its key."""
    return hashlib.sha1(f"fellside-canvas/{key}".encode()).hexdigest()[:16]


def _js(value) -> str:
    """A value as JavaScript's JSON.stringify writes it: non-ASCII as it is, ``/`` not escaped."""
    return json.dumps(value, ensure_ascii=False)


def canvas_text() -> str:
    """The canvas as Obsidian saves it: ``{"nodes":[...],"edges":[...]}``, tab-indented, an object a line, keys in
    Obsidian's order (id, type, the content, x, y, width, height, color; a group's label last), no final newline."""
    nodes = []
    for key, kind, x, y, w, h, color, content in T.CANVAS_NODES:
        parts = [f'"id":{_js(node_id(key))}', f'"type":{_js(kind)}']
        if kind == "text":
            parts.append(f'"text":{_js(content)}')
        elif kind == "file":
            parts.append(f'"file":{_js(content)}')
        elif kind == "link":
            parts.append(f'"url":{_js(content)}')
        parts += [f'"x":{x}', f'"y":{y}', f'"width":{w}', f'"height":{h}']
        if color:
            parts.append(f'"color":{_js(color)}')
        if kind == "group":
            parts.append(f'"label":{_js(content)}')
        nodes.append("\t\t{" + ",".join(parts) + "}")
    edges = []
    for key, src, src_side, dst, dst_side, label, to_end in T.CANVAS_EDGES:
        parts = [
            f'"id":{_js(node_id(key))}',
            f'"fromNode":{_js(node_id(src))}',
            f'"fromSide":{_js(src_side)}',
            f'"toNode":{_js(node_id(dst))}',
            f'"toSide":{_js(dst_side)}',
        ]
        if to_end:
            parts.append(f'"toEnd":{_js(to_end)}')
        if label:
            parts.append(f'"label":{_js(label)}')
        edges.append("\t\t{" + ",".join(parts) + "}")
    return '{\n\t"nodes":[\n' + ",\n".join(nodes) + '\n\t],\n\t"edges":[\n' + ",\n".join(edges) + "\n\t]\n}"


def canvas_groups() -> dict[str, str]:
    """Each card's group label (the group whose rectangle holds it), by the card's key; a card in none is left out."""
    groups = [n for n in T.CANVAS_NODES if n[1] == "group"]
    out = {}
    for key, kind, x, y, w, h, _, _ in T.CANVAS_NODES:
        if kind == "group":
            continue
        for _, _, gx, gy, gw, gh, _, label in groups:
            if gx <= x and gy <= y and x + w <= gx + gw and y + h <= gy + gh:
                out[key] = label
    return out


def check_canvas(text: str) -> None:
    """The canvas reads back with ``json`` as laid out: the nodes and edges in order, unique ids, every edge between
    two nodes, every card of a group after it and inside its rectangle (and in no other group), 20 to 35 nodes in 4
    to 6 groups, each kind of node and a task ticked and not."""
    data = json.loads(text)
    assert list(data) == ["nodes", "edges"]
    nodes, edges = data["nodes"], data["edges"]
    assert [n["id"] for n in nodes] == [node_id(n[0]) for n in T.CANVAS_NODES]
    ids = [n["id"] for n in nodes] + [e["id"] for e in edges]
    assert len(set(ids)) == len(ids)
    assert all(e["fromNode"] in ids and e["toNode"] in ids for e in edges)
    for n, (_, kind, x, y, w, h, color, content) in zip(nodes, T.CANVAS_NODES):
        assert (n["type"], n["x"], n["y"], n["width"], n["height"], n.get("color", "")) == (
            kind,
            x,
            y,
            w,
            h,
            color,
        )
        assert n[{"text": "text", "file": "file", "link": "url", "group": "label"}[kind]] == content
    assert 20 <= len(nodes) <= 35 and {n["type"] for n in nodes} == {"text", "file", "link", "group"}
    groups = [n for n in T.CANVAS_NODES if n[1] == "group"]
    assert 4 <= len(groups) <= 6
    inside = canvas_groups()
    current = None
    for key, kind, x, y, w, h, *_ in T.CANVAS_NODES:
        if kind == "group":
            current = key
            label = T.CANVAS_NODES[[n[0] for n in T.CANVAS_NODES].index(key)][7]
            continue
        if key in inside:
            assert current is not None and inside[key] == label, key
            hits = [
                g for g in groups if g[2] <= x and g[3] <= y and x + w <= g[2] + g[4] and y + h <= g[3] + g[5]
            ]
            assert len(hits) == 1, key
    cards = "\n".join(n[7] for n in T.CANVAS_NODES if n[1] == "text")
    assert "- [x] " in cards and "- [ ] " in cards and "[[" in cards and "**" in cards
    lines = text.split("\n")
    assert len(lines) == len(nodes) + len(edges) + 6 and not text.endswith("\n")


# --- the RIS library ------------------------------------------------------------------------------------------------


def ris_text() -> str:
    """The library as Zotero exports RIS: ``TY  - X`` first, a tag, two spaces, a hyphen and a space, then the value;
    ``ER  - `` last and a blank line after each record; CRLF line ends."""
    lines = []
    for kind, fields in T.RIS_RECORDS:
        lines.append(f"TY  - {kind}")
        lines += [f"{tag}  - {value}" for tag, value in fields]
        lines += ["ER  - ", ""]
    return "\r\n".join(lines) + "\r\n"


RIS_LINE = re.compile(r"^([A-Z][A-Z0-9])  - (.*)$")


def ris_records(text: str) -> list[tuple[int, list[tuple[str, str]]]]:
    """The records of a RIS file: (the 1-based line of its ``TY``, its (tag, value) pairs from ``TY`` to ``ER``)."""
    out: list[tuple[int, list[tuple[str, str]]]] = []
    current: list[tuple[str, str]] | None = None
    for number, line in enumerate(text.split("\r\n"), 1):
        if not line:
            assert current is None, number
            continue
        m = RIS_LINE.match(line)
        assert m, (number, line)
        if m[1] == "TY":
            assert current is None, number
            current = [(m[1], m[2])]
            out.append((number, current))
        else:
            assert current is not None, number
            current.append((m[1], m[2]))
            if m[1] == "ER":
                current = None
    assert current is None
    return out


def check_ris(text: str) -> None:
    """The library reads back as its records, in order, CRLF throughout; 25 to 40 records of each type RIS asks for;
    several authors on some, several keywords on every one, a note in HTML on some."""
    assert "\n" not in text.replace("\r\n", "")
    records = ris_records(text)
    assert [(r[0][1], r[1:-1]) for _, r in records] == [(k, f) for k, f in T.RIS_RECORDS]
    assert all(r[-1] == ("ER", "") for _, r in records)
    assert 25 <= len(records) <= 40
    assert {k for k, _ in T.RIS_RECORDS} == {"JOUR", "BOOK", "CHAP", "THES", "RPRT", "ELEC", "CONF"}
    assert all(sum(t == "KW" for t, _ in f) >= 2 for _, f in T.RIS_RECORDS)
    assert any(v.startswith("<p>") for _, f in T.RIS_RECORDS for t, v in f if t == "N1")
    assert any(sum(t == "AU" for t, _ in f) >= 3 for _, f in T.RIS_RECORDS)
    dois = [v for _, f in T.RIS_RECORDS for t, v in f if t == "DO"]
    assert len(set(dois)) == len(dois) and all(d.startswith("10.5555/") for d in dois)


# --- the bookmarks --------------------------------------------------------------------------------------------------


def _png(color: str) -> bytes:
    """A 16 x 16 PNG of one colour, as a site's favicon."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    raw = b"".join(b"\0" + bytes((r, g, b)) * 16 for _ in range(16))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _esc(text: str) -> str:
    """Text as Firefox escapes it in the export: ``&``, ``<``, ``>``, ``"`` and ``'``."""
    return html.escape(text, quote=True).replace("&#x27;", "&#39;")


def bookmarks_text() -> str:
    """The bookmarks as Firefox exports them: its header, the menu's ``<DL><p>`` with the toolbar folder, the folders
    and, in "Other Bookmarks", the loose bookmarks; four spaces a level; LF line ends."""
    lines = [
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
        "<!-- This is an automatically generated file.",
        "     It will be read and overwritten.",
        "     DO NOT EDIT! -->",
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
        '<meta http-equiv="Content-Security-Policy"',
        "      content=\"default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'\"></meta>",
        "<TITLE>Bookmarks</TITLE>",
        "<H1>Bookmarks Menu</H1>",
        "",
        "<DL><p>",
    ]

    def item(entry, depth: int) -> None:
        pad = "    " * depth
        if entry[0] == "folder":
            _, title, added, modified, children, extra = entry
            lines.append(
                f'{pad}<DT><H3 ADD_DATE="{added}" LAST_MODIFIED="{modified}"{extra}>{_esc(title)}</H3>'
            )
            lines.append(f"{pad}<DL><p>")
            for child in children:
                item(child, depth + 1)
            lines.append(f"{pad}</DL><p>")
            return
        _, title, href, added, tags, description, icon = entry
        attrs = f'HREF="{_esc(href)}" ADD_DATE="{added}" LAST_MODIFIED="{added + 1}"'
        if icon:
            origin = "/".join(href.split("/")[:3])
            attrs += f' ICON_URI="{origin}/favicon.ico" ICON="data:image/png;base64,'
            attrs += base64.b64encode(_png(icon)).decode() + '"'
        if tags:
            attrs += f' TAGS="{_esc(tags)}"'
        lines.append(f"{pad}<DT><A {attrs}>{_esc(title)}</A>")
        if description:
            lines.append(f"{pad}<DD>{_esc(description)}")

    folders = [e for e in T.BOOKMARKS if e[0] == "folder"]
    loose = [e for e in T.BOOKMARKS if e[0] == "link"]
    for entry in folders:
        item(entry, 1)
    item(("folder", "Other Bookmarks", 1704067200, 1764000001, loose, ' UNFILED_BOOKMARKS_FOLDER="true"'), 1)
    lines.append("</DL>")
    return "\n".join(lines) + "\n"


class _BookmarkReader(HTMLParser):
    """Folders and bookmarks as read back: (folder path, title, href, add date, tags, description)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.path: list[str] = []
        self.pending: str | None = None
        self.found: list[list] = []
        self._in: str | None = None
        self._attrs: dict = {}
        self._text = ""

    def handle_starttag(self, tag, attrs):
        if tag in ("h3", "a", "dd"):
            self._finish_dd()
            self._in, self._attrs, self._text = tag, dict(attrs), ""
        elif tag == "dl" and self.pending is not None:
            self.path.append(self.pending)
            self.pending = None

    def handle_endtag(self, tag):
        if tag == "dl":
            self._finish_dd()
            if self.path:
                self.path.pop()
        elif tag == "h3" and self._in == "h3":
            self.pending, self._in = self._text, None
        elif tag == "a" and self._in == "a":
            a = self._attrs
            self.found.append(
                ["/".join(self.path), self._text, a["href"], int(a["add_date"]), a.get("tags", ""), ""]
            )
            self._in = None

    def handle_data(self, data):
        if self._in:
            self._text += data

    def _finish_dd(self):
        if self._in == "dd":
            self.found[-1][5] = self._text.strip()
            self._in = None


def bookmark_entries(entries=None, path: tuple[str, ...] = ()) -> list[tuple]:
    """The bookmarks laid out: (folder path, title, href, add date, tags, description), in order."""
    out = []
    for e in T.BOOKMARKS if entries is None else entries:
        if e[0] == "folder":
            out += bookmark_entries(e[4], (*path, e[1]))
        elif entries is None:
            out.append(("Other Bookmarks", e[1], e[2], e[3], e[4], e[5]))
        else:
            out.append(("/".join(path), e[1], e[2], e[3], e[4], e[5]))
    return out


def check_bookmarks(text: str) -> None:
    """The bookmarks read back with ``html.parser`` as laid out: each in its folder, with its address, date, tags and
    description; 60 to 100 of them; folders nested three deep under the menu; entities used."""
    reader = _BookmarkReader()
    reader.feed(text)
    reader.close()
    read = [tuple(x) for x in reader.found]
    laid = bookmark_entries()
    laid = [x for x in laid if x[0] != "Other Bookmarks"] + [x for x in laid if x[0] == "Other Bookmarks"]
    assert read == laid, next((a, b) for a, b in zip(read, laid) if a != b)
    assert 60 <= len(read) <= 100
    assert max(x[0].count("/") for x in read) == 2
    for entity in ("&amp;", "&#39;"):
        assert entity in text, entity
    assert text.count('ICON="data:image/png;base64,') >= 5 and text.count("<DD>") >= 25


# --- all ------------------------------------------------------------------------------------------------------------


def check_texts() -> int:
    """Every weekday written next to a date in the three documents is the calendar's."""
    words = [n[7] for n in T.CANVAS_NODES] + [e[5] for e in T.CANVAS_EDGES]
    words += [v for _, f in T.RIS_RECORDS for _, v in f]
    words += [f"{x[1]}\n{x[5]}" for x in bookmark_entries()]
    return check_weekdays("\n".join(words))


def files() -> dict[str, bytes]:
    """The canvas, the library and the bookmarks, by their path under ``files/private29``."""
    return {
        T.CANVAS_NAME: canvas_text().encode("utf-8"),
        T.RIS_NAME: ris_text().encode("utf-8"),
        T.BOOKMARKS_NAME: bookmarks_text().encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_canvas(made[T.CANVAS_NAME].decode("utf-8"))
    check_ris(made[T.RIS_NAME].decode("utf-8"))
    check_bookmarks(made[T.BOOKMARKS_NAME].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
