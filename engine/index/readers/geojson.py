"""Places as GeoJSON (``.geojson``, and a ``.json`` that holds a ``FeatureCollection``: Google Takeout's "Saved
Places.json" from Google Maps, a map app's export), read a place a record as a person reads a saved place, not as JSON.

A file is a ``FeatureCollection`` of ``Feature`` objects, each a ``geometry`` (a ``Point``'s ``coordinates`` are
longitude first, then latitude) and ``properties``. Takeout's saved places carry ``location`` (``name``,
``address``, ``country_code``), ``date`` (when it was saved), ``google_maps_url`` and the user's own ``Comment``; an
older Takeout wrote ``Title``, ``Location`` (``Business Name``, ``Address``, ``Geo Coordinates``), ``Published`` and
``Google Maps URL``; another app's places carry ``name``, ``description`` and fields of their own. A saved spot with
no name is a dropped pin. Read as code, an answer quoted ``"coordinates": [-2.9876, 54.1234]``.

Here each place is a record of its own (a chunk, shown whole), "The Old Post Office Café, 12 Market Street, Kirkby
Stephen CA17 4QT, GB: saved Thursday 4 March 2027 (2027-03-04). My note: best scones in the Eden valley. At 54.47218,
-2.34862. https://maps.google.com/?cid=...", a dropped pin as "A dropped pin at 54.1234, -2.9876", latitude first as
a map shows it; another app's fields as "name: value". Each piece is anchored at its own key in the file, so a
citation names the feature's lines. A file of another shape is read as code (``read_geojson`` is None for it).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.index.document import Page, joined_line, line_page, line_starts, source_place
from engine.index.readers.anchored import as_text
from engine.index.readers.json_spans import members, top_array
from engine.index.readers.messages import local_iso_time

READER_VERSION = 1

_COLLECTION = re.compile(r'"type"\s*:\s*"FeatureCollection"')
# properties said in their own words, not as "name: value"
_SAID = {"location", "date", "google_maps_url", "comment", "title", "name", "description", "published", "updated",
         "google maps url", "geo coordinates", "address"}  # fmt: skip


def is_geojson(text: str) -> bool:
    return _COLLECTION.search(text[:65536]) is not None and '"features"' in text


def _words(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return " ".join(value.split()) if isinstance(value, str) else ""


def _point(geometry: object) -> tuple[float, float] | None:
    """A point's (latitude, longitude); None for another geometry or none."""
    if not isinstance(geometry, dict) or geometry.get("type") != "Point":
        return None
    at = geometry.get("coordinates")
    if not (isinstance(at, list) and len(at) >= 2 and all(isinstance(c, (int, float)) for c in at[:2])):
        return None
    return float(at[1]), float(at[0])


def read_geojson(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of a GeoJSON file's places; None when ``text`` is no feature collection."""
    if not is_geojson(text):
        return None
    features = top_array(text, "features")
    if features is None:
        return None
    starts = line_starts(text)
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    for n, (feature, at, _end) in enumerate(features):
        if n % 256 == 0:
            check()
        if not isinstance(feature, dict):
            continue
        keys = {k: a for k, _v, a, _e in members(text, at)}
        props = feature.get("properties") if isinstance(feature.get("properties"), dict) else {}
        inner = {}
        if "properties" in keys and props:
            inner = {k.lower(): a for k, _v, a, _e in members(text, text.find("{", keys["properties"]))}
        line = _place(props, _point(feature.get("geometry")), keys, inner, at, starts)
        if line is not None:
            lines.append(line)
    if not lines:
        return None
    return line_page(lines, sep="\n\n", chunk_starts=range(len(lines)))


def read_geojson_file(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """A ``.geojson`` file's page: its places, or its text where it holds none (nothing is lost)."""
    return read_geojson(text, check) or as_text(text)


def _place(props: dict, point, keys, inner, at, starts) -> tuple[str, list[tuple[int, int, int]]] | None:
    """A place's paragraph: its name and address, when it was saved, the user's note, where it is, its link."""

    def place(key: str | None, fallback: str = "") -> tuple[int, int]:
        return source_place(starts, inner.get(key, keys.get(fallback, at)) if key else keys.get(fallback, at))

    lower = {k.lower(): v for k, v in props.items()}
    location = lower.get("location") if isinstance(lower.get("location"), dict) else {}
    loc = {k.lower(): v for k, v in location.items()}
    name = _words(loc.get("name")) or _words(loc.get("business name")) or _words(lower.get("title"))
    name = name or _words(lower.get("name"))
    address = _words(loc.get("address")) or _words(lower.get("address"))
    country = _words(loc.get("country_code"))
    if point is None and isinstance(loc.get("geo coordinates"), dict):
        geo = {k.lower(): v for k, v in loc["geo coordinates"].items()}
        try:
            point = float(geo.get("latitude")), float(geo.get("longitude"))
        except (TypeError, ValueError):
            point = None
    where = f"{point[0]}, {point[1]}" if point else ""
    head = name or (f"A dropped pin at {where}" if where else "A place")
    if address and address != name:
        head += f", {address}"
    if country and country not in head:
        head += f", {country}"
    pieces = [(head + ":", place("location" if "location" in inner else "title", "geometry"))]
    saved = local_iso_time(lower.get("date") or lower.get("published"))
    if saved is not None:
        pieces.append((f"saved {saved:%A} {saved.day} {saved:%B %Y} ({saved:%Y-%m-%d}).",
                       place("date" if "date" in inner else "published")))  # fmt: skip
    note = _words(lower.get("comment")) or _words(lower.get("description"))
    if note:
        pieces.append((f"My note: {note}" + ("" if note.endswith((".", "!", "?")) else "."),
                       place("comment" if "comment" in inner else "description")))  # fmt: skip
    for key, value in props.items():
        if key.lower() not in _SAID and _words(value):
            pieces.append((f"{key}: {_words(value)}.", place(key.lower())))
    if where and name:  # a dropped pin's place is its name already
        pieces.append((f"At {where}.", place(None, "geometry")))
    url = _words(lower.get("google_maps_url") or lower.get("google maps url"))
    if url:
        pieces.append((url, place("google_maps_url" if "google_maps_url" in inner else "google maps url")))
    return joined_line(pieces)
