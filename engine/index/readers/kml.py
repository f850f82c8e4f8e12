"""Maps in KML (``.kml``: what Google My Maps' "Export to KML", Google Earth and most mapping apps write): a trip's or a
walk's planning map read as its places and notes, not as XML.

A KML file is a ``Document`` of ``Folder``s (My Maps' layers), each of ``Placemark``s: a place's ``name``, its
``description`` (often HTML in CDATA: opening hours, a booking, who recommended it), its ``ExtendedData`` (the
columns of the layer's table: a phone number, a day, a cost), and a ``Point`` (or a ``LineString``, a route). Read
as text, an answer quoted tags, styles and coordinates.

Here the map's name and description come first; then each place is a paragraph of its own, headed by its name and its
layer: "Wasdale Head Inn (layer: Where we sleep)." then its description a line a paragraph, its data ("Phone: 019467
26229."), its address, and where it is ("At 54.4663, -3.2661."); a route is summed up ("A route of 14 points, 6.2 km
long."). Each place is a chunk of its own (``Block.kind`` "record") and an answer shows it whole. Every piece keeps
its file line through the page's anchors, so a citation names the place's lines. The XML is read by expat with no
document type (a ``<!DOCTYPE>`` is refused); a file that does not parse, or holds no place, is read as its text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from xml.parsers import expat

from engine.index.document import ExtractError, Page
from engine.index.readers.anchored import AnchoredText, XmlRefused, as_text, walk_xml
from engine.index.readers.gpx import path_length_m
from engine.index.readers.html import extract_html

READER_VERSION = 1
_TAG = re.compile(r"<[a-zA-Z/!][^>]*>")
_CONTAINERS = ("Document", "Folder")
_SKIPPED = frozenset(
    {"Style", "StyleMap", "Schema", "LookAt", "Camera", "Region", "NetworkLink", "ScreenOverlay"}
)


@dataclass
class _Place:
    folder: str
    fields: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # name, description, address, when
    data: list[tuple[str, str, int, int]] = field(default_factory=list)  # (label, value, line, char)
    points: list[tuple[float, float]] = field(default_factory=list)  # (lat, lon)
    line: tuple[int, int] | None = None  # where its coordinates are
    shape: str = ""  # "Point", "LineString", "Polygon"


def _paragraphs(value: str) -> list[str]:
    """A description as paragraphs of visible text: HTML (in CDATA or escaped) reduced to what it shows, a line each."""
    if _TAG.search(value):
        try:
            value = extract_html(
                value.replace("<br>", "\n").replace("<br/>", "\n").replace("<br />", "\n")
            ).text
        except ExtractError:
            value = _TAG.sub(" ", value)
    return [" ".join(line.split()) for line in value.split("\n") if line.strip()]


def _coordinates(value: str) -> list[tuple[float, float]]:
    """KML's "lon,lat[,alt]" tuples, apart by spaces, as (lat, lon)."""
    out = []
    for item in value.split():
        parts = item.split(",")
        try:
            lon, lat = float(parts[0]), float(parts[1])
        except (ValueError, IndexError):
            continue
        if -90 <= lat <= 90 and -180 <= lon <= 180:
            out.append((lat, lon))
    return out


def _parse(text: str, check: Callable[[], None]):
    """(the map's name and description, its places)."""
    meta: dict[str, tuple[str, int, int]] = {}
    places: list[_Place] = []
    folders: list[str] = []  # the open containers' names (a folder's name closes before its places open)
    data_label: list[str] = [""]
    place: list[_Place | None] = [None]
    skipping = [0]

    def opened(name: str, attrs: dict[str, str], where: tuple[int, int]) -> None:
        if name in _SKIPPED:
            skipping[0] += 1
        elif name in _CONTAINERS:
            folders.append("")
        elif name == "Placemark":
            place[0] = _Place(" › ".join(f for f in folders[1:] if f))
        elif name in ("Data", "SimpleData"):
            data_label[0] = attrs.get("name", "")
        elif name in ("Point", "LineString", "Polygon") and place[0] is not None and not place[0].shape:
            place[0].shape = name

    def closed(name: str, parent: str, value: str, at: tuple[int, int]) -> None:
        if name in _SKIPPED:
            skipping[0] -= 1
            return
        if skipping[0]:
            return
        value = value.strip()
        p = place[0]
        if name == "Placemark":
            if p is not None and (p.fields or p.points):
                places.append(p)
            place[0] = None
        elif name in _CONTAINERS:
            if folders:
                folders.pop()
        elif p is None and parent in _CONTAINERS and name in ("name", "description") and value:
            if parent == "Document" and len(folders) == 1:
                meta.setdefault(name, (value, *at))
            if name == "name" and folders:
                folders[-1] = " ".join(value.split())
        elif p is None:
            return
        elif name in ("name", "description", "address", "when", "phoneNumber") and value:
            p.fields.setdefault(name, (value, *at))
        elif name == "displayName" and parent == "Data" and value:
            data_label[0] = value
        elif name == "value" and parent == "Data" and value:
            p.data.append((data_label[0], value, *at))
        elif name == "SimpleData" and value:
            p.data.append((data_label[0], value, *at))
        elif name == "coordinates" and value:
            if not p.points:
                p.points = _coordinates(value)
                p.line = at

    walk_xml(text, check, opened, closed)
    return meta, places


def read_kml(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a KML map in words (see the module's docstring)."""
    try:
        meta, places = _parse(text, check)
    except (expat.ExpatError, XmlRefused, ValueError):
        return as_text(text)
    if not places:
        return as_text(text)
    w = AnchoredText()
    if meta:
        w.open(meta.get("name", ("Map",))[0])
        for key in ("name", "description"):
            if key in meta:
                value, line, char = meta[key]
                for para in _paragraphs(value):
                    w.next_line()
                    w.sentence(para, (line, char))
        w.close()
    for k, p in enumerate(places):
        if k % 256 == 0:
            check()
        _place(w, p)
    return w.page()


def _place(w: AnchoredText, p: _Place) -> None:
    name = p.fields.get("name")
    title = " ".join(name[0].split()) if name else "Place"
    w.open(f"{p.folder} › {title}" if p.folder else title)
    head = f"{title} (layer: {p.folder})" if p.folder else title
    w.sentence(head, name[1:] if name else p.line)
    if "description" in p.fields:
        value, line, char = p.fields["description"]
        for para in _paragraphs(value):
            w.line_break()
            w.sentence(para, (line, char))
    for label, value, line, char in p.data:
        if label.lower() in ("name", "description"):
            continue
        w.line_break()
        w.sentence(f"{label}: {' '.join(value.split())}" if label else value, (line, char))
    for key, label in (("address", "Address"), ("phoneNumber", "Phone"), ("when", "When")):
        if key in p.fields:
            value, line, char = p.fields[key]
            w.line_break()
            w.sentence(f"{label}: {' '.join(value.split())}", (line, char))
    if p.points and p.line is not None:
        w.line_break()
        if p.shape in ("LineString", "Polygon") and len(p.points) > 1:
            km = path_length_m(p.points) / 1000
            what = "A route" if p.shape == "LineString" else "An area"
            size = "long" if p.shape == "LineString" else "round"
            w.sentence(f"{what} of {len(p.points)} points, {km:.1f} km {size}", p.line)
        else:
            lat, lon = p.points[0]
            w.sentence(f"At {lat:.5f}, {lon:.5f}", p.line)
    w.close()
