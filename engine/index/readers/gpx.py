"""GPS tracks (GPX 1.0 and 1.1, ``.gpx``): a walk or a ride as a person reads it, not as XML.

A GPS app's export holds the day's description, named waypoints (a car park, a summit, a lunch stop) with their
heights, times and notes, and hundreds of track points. Read as text, an answer quotes "<ele>633</ele>" and no
passage says how far the track went. Here:

- the file's own name and description come first ("Kinder Scout circuit from Hayfield. Saturday 15 May 2027 ...");
- each named waypoint (``wpt``, a named route point ``rtept``) is a paragraph: "Kinder Low trig point, 633 m, Sat 15
  May 2027, 12:12 UTC." then its description and comment;
- each track (``trk``) is summed up from its points: "Track Kinder Scout circuit: 57 points, 14.5 km, 512 m of
  ascent and 512 m of descent, 243 m to 633 m high, Sat 15 May 2027, 08:52 to 13:32 UTC (4 h 40 min)." (distance
  along the great circle between points; ascent and descent as the sum of the points' rises and falls);
- times are UTC, as GPX writes them, and say so.

Each waypoint and each track is a chunk of its own (``Block.kind`` "record") and an answer shows it whole. Every piece
of text keeps its file line through the page's anchors, so a citation names the waypoint's lines. The XML is read by
expat with no document type (a ``<!DOCTYPE>``, which could declare entities, is refused); a file that does not parse,
or holds no waypoint or track, is read as its text (nothing is lost).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from xml.parsers import expat

from engine.index.document import Page
from engine.index.readers.anchored import AnchoredText, XmlRefused, as_text, day_words, walk_xml

READER_VERSION = 1
_EARTH_M = 6_371_008.8  # mean Earth radius (IUGG), metres


@dataclass
class _Point:
    line: int
    char: int
    lat: float | None = None
    lon: float | None = None
    fields: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # name -> (text, line, char)


def finite_number(value: str | None) -> float | None:
    """A number as a file writes it, or None for none, a word, an infinity or NaN."""
    try:
        number = float(value) if value is not None else None
    except ValueError:
        return None
    return number if number is not None and math.isfinite(number) else None


def utc_time(value: str) -> datetime | None:
    """An ISO 8601 time (GPX's, TCX's: "2027-05-15T08:52:03Z") in UTC; one with no zone is taken as UTC."""
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def _when(moment: datetime) -> str:
    return f"{day_words(moment)}, {moment:%H:%M} UTC"


def _parse(
    text: str, check: Callable[[], None]
) -> tuple[dict, list[_Point], list[tuple[_Point, list[_Point]]]]:
    """(metadata fields, named waypoints and route points, tracks with their points)."""
    meta: dict[str, tuple[str, int, int]] = {}
    waypoints: list[_Point] = []
    tracks: list[tuple[_Point, list[_Point]]] = []
    current: list[_Point | None] = [None]  # the wpt/rtept/trkpt being read
    track: list[tuple[_Point, list[_Point]] | None] = [None]

    def opened(name: str, attrs: dict[str, str], where: tuple[int, int]) -> None:
        line, char = where
        if name in ("wpt", "rtept", "trkpt"):
            current[0] = _Point(line, char, finite_number(attrs.get("lat")), finite_number(attrs.get("lon")))
        elif name == "trk":
            track[0] = (_Point(line, char), [])
            tracks.append(track[0])

    def closed(name: str, parent: str, text: str, at: tuple[int, int]) -> None:
        value = " ".join(text.split())
        point = current[0]
        if name in ("wpt", "rtept") and point is not None:
            if "name" in point.fields or "desc" in point.fields:
                waypoints.append(point)
            current[0] = None
        elif name == "trkpt" and point is not None:
            if track[0] is not None:
                track[0][1].append(point)
            current[0] = None
        elif point is not None and parent in ("wpt", "rtept", "trkpt") and value:
            point.fields.setdefault(name, (value, *at))
        elif parent == "trk" and track[0] is not None and value:
            track[0][0].fields.setdefault(name, (value, *at))
        elif parent == "metadata" and value and name in ("name", "desc", "time", "keywords"):
            meta.setdefault(name, (value, *at))
        elif parent == "author" and name == "name" and value:
            meta.setdefault("author", (value, *at))
        elif parent == "gpx" and value and name in ("name", "desc", "time"):  # GPX 1.0 keeps them at the top
            meta.setdefault(name, (value, *at))

    walk_xml(text, check, opened, closed)
    return meta, waypoints, tracks


def _distance(points: list[_Point]) -> float:
    return path_length_m([(p.lat, p.lon) for p in points if p.lat is not None and p.lon is not None])


def path_length_m(coords: list[tuple[float, float]]) -> float:
    """The length of a path through (latitude, longitude) points in metres, along the great circle between each two."""
    total = 0.0
    for (la1, lo1), (la2, lo2) in zip(coords, coords[1:], strict=False):
        la1, lo1, la2, lo2 = map(math.radians, (la1, lo1, la2, lo2))
        h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
        total += 2 * _EARTH_M * math.asin(min(1.0, math.sqrt(h)))
    return total


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"


def _track(w: AnchoredText, head: _Point, points: list[_Point]) -> None:
    name = head.fields.get("name", ("", 0, 0))[0]
    w.open(f"Track {name}".strip())
    bits = [f"{len(points)} points"]
    km = _distance(points) / 1000
    if km > 0:
        bits.append(f"{km:.1f} km")
    heights = [h for h in (finite_number(p.fields.get("ele", ("",))[0]) for p in points) if h is not None]
    if len(heights) > 1:
        up = sum(max(0.0, b - a) for a, b in zip(heights, heights[1:], strict=False))
        down = sum(max(0.0, a - b) for a, b in zip(heights, heights[1:], strict=False))
        bits.append(f"{up:.0f} m of ascent and {down:.0f} m of descent")
        bits.append(f"{min(heights):.0f} m to {max(heights):.0f} m high")
    times = [
        t for t in (utc_time(p.fields["time"][0]) for p in points if "time" in p.fields) if t is not None
    ]
    if times:
        first, last = min(times), max(times)
        if first.date() == last.date():
            span = f"{day_words(first)}, {first:%H:%M} to {last:%H:%M} UTC"
        else:
            span = f"{_when(first)} to {_when(last)}"
        bits.append(f"{span} ({_duration((last - first).total_seconds())})")
    w.add(f"Track {name}: " if name else "Track: ", (head.line, head.char))
    w.add(", ".join(bits), None)
    # the full stop stands for the last point, so the summary's lines run from the track's start to its end
    w.add(".", (points[-1].line, points[-1].char) if points else None)
    if "desc" in head.fields:
        text, line, char = head.fields["desc"]
        w.line_break()
        w.sentence(text, (line, char))
    w.close()


def _waypoint(w: AnchoredText, p: _Point) -> None:
    name = p.fields.get("name")
    title = name[0] if name else "Waypoint"
    w.open(title)
    w.add(title, (name[1], name[2]) if name else (p.line, p.char))
    ele = finite_number(p.fields["ele"][0]) if "ele" in p.fields else None
    if ele is not None:
        w.add(f", {ele:.0f} m", p.fields["ele"][1:])
    moment = utc_time(p.fields["time"][0]) if "time" in p.fields else None
    if moment is not None:
        w.add(f", {_when(moment)}", p.fields["time"][1:])
    w.add(".", None)
    notes = [p.fields[k] for k in ("desc", "cmt") if k in p.fields]
    if len(notes) == 2 and notes[0][0] == notes[1][0]:
        notes.pop()  # a comment that repeats the description
    for text, line, char in notes:
        w.line_break()
        w.sentence(text, (line, char))
    w.close()


def extract_gpx(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a GPX file's text: its description, a paragraph per named waypoint and per track, anchored to
    the file's lines; the text itself when it does not parse or holds neither."""
    try:
        meta, waypoints, tracks = _parse(text, check)
    except (expat.ExpatError, XmlRefused, ValueError):
        meta, waypoints, tracks = {}, [], []
    if not waypoints and not tracks:
        return as_text(text)
    w = AnchoredText()
    if "name" in meta or "desc" in meta:
        w.open(meta.get("name", ("GPS track",))[0])
        for key in ("name", "desc"):
            if key in meta:
                value, line, char = meta[key]
                if w.size > w.para:
                    w.add(" ", None)
                w.sentence(value, (line, char))
        w.close()
    for p in waypoints:
        _waypoint(w, p)
    for head, points in tracks:
        _track(w, head, points)
    return w.page()
