"""Workouts in TCX (``.tcx``: Garmin's Training Center XML, what Garmin Connect, Strava, Wahoo and most sports watches
export), read as a training log reads, not as thousands of track points.

A file holds ``Activity`` elements (``Sport="Running"``, ``"Biking"``, ``"Other"``), each with its start (``Id``),
``Lap``s (``TotalTimeSeconds``, ``DistanceMeters``, ``MaximumSpeed``, ``Calories``, average and maximum heart rate,
``Intensity``, ``TriggerMethod``, a ``Track`` of ``Trackpoint``s: time, position, altitude, distance, heart rate,
cadence), the athlete's ``Notes`` and the ``Creator`` device. Read as text, an answer quoted
"<TotalTimeSeconds>1512.0</TotalTimeSeconds>".

Here each activity is a paragraph: "Run on Saturday 6 March 2027 at 08:02 UTC: 10.20 km in 52:14 (5:07 per km), 3
laps, 612 kcal, heart rate 152 on average, 171 at most." then its device ("Device: Forerunner 255 (unit ID ...,
software 19.18).") and its notes, then a line a lap that names its activity ("Lap 2 of the run on Saturday 6 March
2027 at 08:02 UTC: 5.00 km in 24:40 (4:56 per km), 301 kcal, heart rate 158 on average, 169 at most, climbing 42
m."). Times are UTC, as TCX writes them. Every piece is anchored at the file line it comes from; each activity is a
chunk of its own, not shown whole (a lap is the answer, not the day). The XML is read by expat with no document
type; a file that does not parse, or holds no activity, is read as its text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from xml.parsers import expat

from engine.index.document import Page
from engine.index.readers.anchored import AnchoredText, XmlRefused, as_text, walk_xml
from engine.index.readers.gpx import finite_number, utc_time

READER_VERSION = (
    3  # 3: the device a line, the sport as saved; 2: a lap names its activity (held-out 32); 1: first
)
_SPORTS = {"running": "Run", "biking": "Bike ride", "other": "Workout", "swimming": "Swim", "walking": "Walk",
           "hiking": "Hike"}  # fmt: skip


@dataclass
class _Lap:
    at: tuple[int, int]
    start: str = ""
    fields: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    altitudes: list[float] = field(default_factory=list)
    cadence: list[float] = field(default_factory=list)


@dataclass
class _Activity:
    at: tuple[int, int]
    sport: str
    fields: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    laps: list[_Lap] = field(default_factory=list)
    device: str = ""
    unit: str = ""
    version: list[str] = field(default_factory=list)


def _clock(seconds: float) -> str:
    """1512 as "25:12", 3725 as "1:02:05"."""
    s = round(seconds)
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def _parse(text: str, check: Callable[[], None]) -> tuple[list[_Activity], str]:
    activities: list[_Activity] = []
    stack: list[str] = []
    author = [""]

    def opened(name: str, attrs: dict[str, str], where: tuple[int, int]) -> None:
        stack.append(name)
        if name == "Activity":
            activities.append(_Activity(where, attrs.get("Sport", "")))
        elif name == "Lap" and activities:
            activities[-1].laps.append(_Lap(where, attrs.get("StartTime", "")))

    def closed(name: str, parent: str, value: str, at: tuple[int, int]) -> None:
        if stack:
            stack.pop()
        value = value.strip()
        if not value or not activities:
            if name == "Name" and "Author" in stack and value:
                author[0] = value
            return
        a = activities[-1]
        lap = a.laps[-1] if a.laps and "Lap" in stack else None
        if "Author" in stack:
            if name == "Name":
                author[0] = value
            return
        if "Creator" in stack:
            if name == "Name" and parent == "Creator":
                a.device = value
            elif name == "UnitId" and parent == "Creator":
                a.unit = value
            elif parent == "Version" and name in ("VersionMajor", "VersionMinor"):
                a.version.append(value)
            return
        if "Trackpoint" in stack or parent in ("Trackpoint", "Position", "HeartRateBpm") and "Track" in stack:
            if lap is not None and name == "AltitudeMeters" and (n := finite_number(value)) is not None:
                lap.altitudes.append(n)
            elif lap is not None and name == "Cadence" and (n := finite_number(value)) is not None:
                lap.cadence.append(n)
            return
        if lap is not None and parent in (
            "Lap",
            "AverageHeartRateBpm",
            "MaximumHeartRateBpm",
            "LX",
            "Extensions",
        ):
            key = f"{parent}.{name}" if parent in ("AverageHeartRateBpm", "MaximumHeartRateBpm") else name
            lap.fields.setdefault(key, (value, *at))
        elif parent == "Activity" and name in ("Id", "Notes"):
            a.fields.setdefault(name, (value, *at))

    walk_xml(text, check, opened, closed)
    return activities, author[0]


def read_tcx(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of a TCX file in words (see the module's docstring)."""
    try:
        activities, _author = _parse(text, check)
    except (expat.ExpatError, XmlRefused, ValueError):
        return as_text(text)
    if not activities:
        return as_text(text)
    w = AnchoredText()
    for k, a in enumerate(activities):
        if k % 64 == 0:
            check()
        _activity(w, a)
    return w.page()


def _lap_numbers(lap: _Lap) -> tuple[float | None, float | None, float | None]:
    def num(key: str) -> float | None:
        return finite_number(lap.fields[key][0]) if key in lap.fields else None

    return num("TotalTimeSeconds"), num("DistanceMeters"), num("Calories")


def _effort(seconds: float | None, metres: float | None, sport: str) -> str:
    bits = []
    if metres:
        bits.append(f"{metres / 1000:.2f} km")
    if seconds:
        bits.append(f"in {_clock(seconds)}")
    if seconds and metres and metres > 0:
        if sport == "Bike ride":
            bits.append(f"({metres / seconds * 3.6:.1f} km/h)")
        else:
            bits.append(f"({_clock(seconds / metres * 1000)} per km)")
    return " ".join(bits)


def _activity(w: AnchoredText, a: _Activity) -> None:
    sport = _SPORTS.get(a.sport.lower(), a.sport or "Workout")
    start = utc_time(a.fields["Id"][0]) if "Id" in a.fields else None
    when = f" on {start:%A} {start.day} {start:%B %Y} at {start:%H:%M} UTC" if start else ""
    w.open(f"{sport}{when}")
    saved = f" (sport: {a.sport})" if a.sport and a.sport.lower() not in ("running", "biking") else ""
    seconds = sum(t for t, _, _ in map(_lap_numbers, a.laps) if t) or None
    metres = sum(d for _, d, _ in map(_lap_numbers, a.laps) if d) or None
    kcal = sum(c for _, _, c in map(_lap_numbers, a.laps) if c) or None
    averages = [
        (finite_number(lap.fields["AverageHeartRateBpm.Value"][0]), _lap_numbers(lap)[0] or 0)
        for lap in a.laps
        if "AverageHeartRateBpm.Value" in lap.fields
    ]
    highs = [
        finite_number(lap.fields["MaximumHeartRateBpm.Value"][0])
        for lap in a.laps
        if "MaximumHeartRateBpm.Value" in lap.fields
    ]
    bits = [x for x in (_effort(seconds, metres, sport),) if x]
    if a.laps:
        bits.append(f"{len(a.laps)} lap{'s' if len(a.laps) != 1 else ''}")
    if kcal:
        bits.append(f"{kcal:.0f} kcal")
    weighted = [(v, t) for v, t in averages if v is not None]
    if weighted:
        total = sum(t for _, t in weighted)
        mean = (
            sum(v * t for v, t in weighted) / total if total else sum(v for v, _ in weighted) / len(weighted)
        )
        high = max((h for h in highs if h is not None), default=None)
        bits.append(f"heart rate {mean:.0f} on average" + (f", {high:.0f} at most" if high else ""))
    device = ""
    if a.device:  # a line of its own: "Device: Edge 530 (...)", as a question names it
        version = ".".join(a.version[:2])
        detail = ", ".join(
            x for x in (f"unit ID {a.unit}" if a.unit else "", f"software {version}" if version else "") if x
        )
        device = f"Device: {a.device}" + (f" ({detail})" if detail else "")
    at = a.fields["Id"][1:] if "Id" in a.fields else a.at
    w.sentence(f"{sport}{saved}{when}: " + ", ".join(bits) if bits else f"{sport}{saved}{when}", at)
    if device:
        w.line_break()
        w.sentence(device, None)
    if "Notes" in a.fields:
        value, line, char = a.fields["Notes"]
        w.line_break()
        w.sentence(f"Notes: {' '.join(value.split())}", (line, char))
    for n, lap in enumerate(a.laps, 1):
        seconds, metres, kcal = _lap_numbers(lap)
        bits = [x for x in (_effort(seconds, metres, sport),) if x]
        if kcal:
            bits.append(f"{kcal:.0f} kcal")
        avg = lap.fields.get("AverageHeartRateBpm.Value")
        high = lap.fields.get("MaximumHeartRateBpm.Value")
        if avg or high:
            bits.append(", ".join(x for x in (f"heart rate {avg[0]} on average" if avg else "",
                                               f"{high[0]} at most" if high else "") if x))  # fmt: skip
        speed = finite_number(lap.fields["MaximumSpeed"][0]) if "MaximumSpeed" in lap.fields else None
        if speed:
            bits.append(f"top speed {speed * 3.6:.1f} km/h")
        if len(lap.altitudes) > 1:
            climb = sum(max(0.0, b - a) for a, b in zip(lap.altitudes, lap.altitudes[1:], strict=False))
            bits.append(f"climbing {climb:.0f} m")
        if lap.cadence:
            bits.append(f"cadence {sum(lap.cadence) / len(lap.cadence):.0f} on average")
        if "Intensity" in lap.fields and lap.fields["Intensity"][0].lower() == "resting":
            bits.append("resting")
        # a lap's line names its activity, as each of a family tree's sentences names its person
        w.line_break()
        head = f"Lap {n} of the {sport.lower()}{when}"
        w.sentence(f"{head}: " + ", ".join(bits) if bits else head, lap.at)
    w.close()
