"""Apple Health's export (``apple_health_export/export.xml`` from the Health app's "Export All Health Data"), read day
by day as the Health app shows it, not as tens of thousands of XML records.

The file is ``<HealthData>``: ``<Me>`` (date of birth, sex, blood type), ``<Record>``s (a ``type`` such as
``HKQuantityTypeIdentifierBodyMass``, a ``value`` and ``unit``, when it started and ended, and the ``sourceName`` of
the device or app that wrote it; a sleep record's value is a stage, ``HKCategoryValueSleepAnalysisAsleepDeep``), a
blood pressure as a ``<Correlation>`` of two records, ``<Workout>``s (its activity type, duration, and
``<WorkoutStatistics>`` of distance and energy), and ``<ActivitySummary>``s (a day's move, exercise and stand rings
with their goals). Apple writes it with a document type of its own, declaring elements and attributes only; one that
declares entities is not read (it could expand without end).

Here each day is a chunk of its own, under "Health, Tuesday 2 March 2027" (the page's trail), its lines in words:
what was measured once or a few times ("Weight on Tuesday 2 March 2027 at 07:14: 82.4 kg (Withings)."), what adds up
over the day ("Steps on Tuesday 2 March 2027: 8,412 in all (iPhone)."), what is measured often as its range ("Heart
rate on ...: 52 to 141 beats a minute, 74 on average, from 212 readings."), blood pressure ("128/82 mmHg"), a night's
sleep ("Sleep on the night of Monday 1 to Tuesday 2 March 2027: 7 h 12 min asleep (deep 1 h 4 min, core 4 h, REM 2 h
8 min), from 23:18 to 06:41 (Apple Watch)."), a workout ("Running workout on Tuesday 2 March 2027 at 07:02: 32 min 30
s, 5.21 km, 410 kcal, outdoors (Apple Watch).") and the rings ("Activity rings on ...: move 520 of 600 kcal (not
closed), exercise 34 of 30 min (closed), stand 11 of 12 hours (not closed)."). Times are this computer's. Every line
is anchored at its element (a day's sum at its first record), so a citation names the file's lines.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime, timedelta
from xml.parsers import expat

from engine.index.document import Page, line_page, line_starts

READER_VERSION = 2  # 2: a workout's duration also as the file says it ("32.5 min"); 1: first

_ROOT = re.compile(r"<HealthData\b")
_DOCTYPE = re.compile(r"<!DOCTYPE\s+HealthData\s*\[(.*?)\]\s*>", re.S)
_PREFIX = re.compile(r"^HK(?:Quantity|Category|Correlation|DataType)TypeIdentifier|^HKWorkoutActivityType")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NAMES = {"BodyMass": "Weight", "StepCount": "Steps", "HeartRate": "Heart rate", "RestingHeartRate":
          "Resting heart rate", "WalkingHeartRateAverage": "Walking heart rate", "HeartRateVariabilitySDNN":
          "Heart rate variability", "DistanceWalkingRunning": "Walking and running distance", "DistanceCycling":
          "Cycling distance", "ActiveEnergyBurned": "Active energy", "BasalEnergyBurned": "Resting energy",
          "FlightsClimbed": "Flights climbed", "AppleExerciseTime": "Exercise minutes", "AppleStandTime":
          "Stand minutes", "OxygenSaturation": "Blood oxygen", "BodyFatPercentage": "Body fat",
          "BodyMassIndex": "Body mass index", "RespiratoryRate": "Respiratory rate", "VO2Max": "Cardio fitness (VO2 max)",
          "BloodPressure": "Blood pressure", "SleepAnalysis": "Sleep", "MindfulSession": "Mindful minutes",
          "DietaryWater": "Water", "BloodGlucose": "Blood glucose", "BodyTemperature": "Body temperature"}  # fmt: skip
# the quantities a day adds up; any other is measured (each reading said, or their range when there are many)
_SUMMED = frozenset({"StepCount", "DistanceWalkingRunning", "DistanceCycling", "DistanceSwimming",
                     "ActiveEnergyBurned", "BasalEnergyBurned", "FlightsClimbed", "AppleExerciseTime",
                     "AppleStandTime", "DietaryWater", "DietaryEnergyConsumed", "MindfulSession"})  # fmt: skip
_UNITS = {"count/min": "beats a minute", "count": "", "%": "%", "degC": "°C", "mmHg": "mmHg"}
_MANY = 4  # more readings than this in a day are said as their range
_SLEEP = {"AsleepCore": "core", "AsleepDeep": "deep", "AsleepREM": "REM", "AsleepUnspecified": "asleep",
          "Asleep": "asleep"}  # fmt: skip


def is_health_export(text: str) -> bool:
    return _ROOT.search(text[:200000]) is not None


def _name(kind: str) -> str:
    bare = _PREFIX.sub("", kind)
    return _NAMES.get(bare) or _CAMEL.sub(" ", bare).capitalize()


def _when(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        moment = datetime.strptime(value.strip(), "%Y-%m-%d %H:%M:%S %z")
    except ValueError:
        return None
    return moment.astimezone()


def _day(moment: datetime) -> str:
    return f"{moment:%A} {moment.day} {moment:%B %Y}"


def _number(value: float) -> str:
    if abs(value - round(value)) < 1e-9:
        return f"{int(round(value)):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def _span(minutes: float) -> str:
    hours, mins = divmod(int(round(minutes)), 60)
    return (f"{hours} h {mins} min" if mins else f"{hours} h") if hours else f"{mins} min"


def _blank_doctype(text: str) -> str | None:
    """``text`` with Apple's document type blanked (spaces, its line breaks kept, so every line keeps its number);
    None when it declares an entity (it is not read)."""
    m = _DOCTYPE.search(text[:200000])
    if m is None:
        return text
    if "<!ENTITY" in m.group(1):
        return None
    blank = re.sub(r"[^\n]", " ", m.group(0))
    return text[: m.start()] + blank + text[m.end() :]


def read_health(text: str, check: Callable[[], None] = lambda: None) -> Page | None:
    """The page of an Apple Health export in words; None when ``text`` is not one or does not parse."""
    if not is_health_export(text):
        return None
    body = _blank_doctype(text)
    if body is None:
        return None
    try:
        return _read(body, check)
    except (expat.ExpatError, ValueError):
        return None


def _refuse_doctype(*_args) -> None:
    raise ValueError("a document type other than Apple's")  # one the blanking did not take: not read


def _read(text: str, check: Callable[[], None]) -> Page | None:
    starts = line_starts(text)
    parser = expat.ParserCreate()
    days: dict = defaultdict(list)  # a day's (order, line, anchor)
    summed: dict = {}  # (day, kind, unit) -> [total, sources, anchor, when]
    measured: dict = defaultdict(list)  # (day, kind, unit) -> [(when, value, source, anchor)]
    sleep: dict = {}  # night -> {"stages": {stage: minutes}, "start", "end", "sources", "anchor"}
    stack: list[dict] = []  # the open Workout or Correlation
    count = [0]

    def where() -> tuple[int, int]:
        line = parser.CurrentLineNumber
        return line, starts[min(line, len(starts)) - 1] + parser.CurrentColumnNumber

    def start(name: str, attrs: dict[str, str]) -> None:
        count[0] += 1
        if count[0] % 4096 == 0:
            check()
        at = where()
        if name == "Record":
            if stack and stack[-1]["name"] == "Correlation":
                stack[-1]["parts"][_PREFIX.sub("", attrs.get("type", ""))] = attrs.get("value", "")
                return
            _record(attrs, at)
        elif name in ("Workout", "Correlation"):
            stack.append({"name": name, "attrs": attrs, "at": at, "stats": [], "meta": {}, "parts": {}})
        elif name == "WorkoutStatistics" and stack:
            stack[-1]["stats"].append(attrs)
        elif name == "MetadataEntry" and stack:
            stack[-1]["meta"][attrs.get("key", "")] = attrs.get("value", "")
        elif name == "ActivitySummary":
            _rings(attrs, at)

    def end(name: str) -> None:
        if name in ("Workout", "Correlation") and stack:
            item = stack.pop()
            (_workout if name == "Workout" else _pressure)(item)

    def _record(attrs: dict[str, str], at) -> None:
        kind = _PREFIX.sub("", attrs.get("type", ""))
        begin, finish = _when(attrs.get("startDate")), _when(attrs.get("endDate"))
        if begin is None or not kind:
            return
        source = " ".join(attrs.get("sourceName", "").split())
        if kind == "SleepAnalysis":
            stage = attrs.get("value", "").replace("HKCategoryValueSleepAnalysis", "")
            night = (begin - timedelta(hours=12)).date()
            entry = sleep.setdefault(night, {"stages": defaultdict(float), "start": begin, "end": finish or begin,
                                              "sources": set(), "anchor": at})  # fmt: skip
            entry["start"] = min(entry["start"], begin)
            entry["end"] = max(entry["end"], finish or begin)
            entry["sources"].add(source)
            if finish is not None:
                entry["stages"][stage] += (finish - begin).total_seconds() / 60
            return
        try:
            value = float(attrs.get("value", ""))
        except ValueError:
            return
        unit = attrs.get("unit", "")
        key = (begin.date(), kind, unit)
        if kind in _SUMMED:
            entry = summed.setdefault(key, [0.0, set(), at, begin])
            entry[0] += value
            entry[1].add(source)
        else:
            measured[key].append((begin, value, source, at))

    def _workout(item: dict) -> None:
        a = item["attrs"]
        begin = _when(a.get("startDate"))
        if begin is None:
            return
        activity = _name(a.get("workoutActivityType", "")) or "A"
        said = [f"{activity} workout on {_day(begin)} at {begin:%H:%M}"]
        facts = []
        try:
            minutes = float(a.get("duration", ""))
            unit = a.get("durationUnit", "min")
            minutes = minutes / 60 if unit == "s" else minutes * 60 if unit == "hr" else minutes
            whole = int(minutes)
            plain = (
                f"{float(a['duration']):g} {a.get('durationUnit', 'min')}"  # as the file says it: "32.5 min"
            )
            seconds = int(round((minutes - whole) * 60))
            facts.append(f"{whole} min {seconds} s ({plain})" if minutes % 1 else plain)
        except ValueError:
            pass
        stats = {_PREFIX.sub("", s.get("type", "")): s for s in item["stats"]}
        for attr, unit_attr in (
            ("totalDistance", "totalDistanceUnit"),
            ("totalEnergyBurned", "totalEnergyBurnedUnit"),
        ):
            if a.get(attr):
                facts.append(f"{a[attr]} {a.get(unit_attr, '')}".strip())
        if not a.get("totalDistance"):  # newer exports give it as the workout's statistics
            for kind in ("DistanceWalkingRunning", "DistanceCycling", "DistanceSwimming"):
                if kind in stats and stats[kind].get("sum"):
                    facts.append(f"{stats[kind]['sum']} {stats[kind].get('unit', '')}".strip())
        if (
            "ActiveEnergyBurned" in stats
            and stats["ActiveEnergyBurned"].get("sum")
            and not a.get("totalEnergyBurned")
        ):
            facts.append(
                f"{stats['ActiveEnergyBurned']['sum']} {stats['ActiveEnergyBurned'].get('unit', '')}".strip()
            )
        heart = stats.get("HeartRate")
        if heart and heart.get("average"):
            facts.append(f"heart rate {_number(float(heart['average']))} beats a minute on average"
                         + (f", {_number(float(heart['maximum']))} at most" if heart.get("maximum") else ""))  # fmt: skip
        indoor = item["meta"].get("HKIndoorWorkout")
        if indoor in ("0", "1"):
            facts.append("indoors" if indoor == "1" else "outdoors")
        source = " ".join(a.get("sourceName", "").split())
        line = said[0] + (": " + ", ".join(facts) if facts else "") + (f" ({source})" if source else "") + "."
        days[begin.date()].append((3, begin, line, item["at"]))

    def _pressure(item: dict) -> None:
        a = item["attrs"]
        begin = _when(a.get("startDate"))
        parts = item["parts"]
        high, low = parts.get("BloodPressureSystolic"), parts.get("BloodPressureDiastolic")
        if begin is None or not high or not low:
            return
        source = " ".join(a.get("sourceName", "").split())
        line = (f"Blood pressure on {_day(begin)} at {begin:%H:%M}: {_number(float(high))}/{_number(float(low))} mmHg"
                + (f" ({source})" if source else "") + ".")  # fmt: skip
        days[begin.date()].append((1, begin, line, item["at"]))

    def _rings(attrs: dict[str, str], at) -> None:
        try:
            day = datetime.strptime(attrs.get("dateComponents", ""), "%Y-%m-%d")
        except ValueError:
            return
        rings = []
        for name, key, goal, unit in (("move", "activeEnergyBurned", "activeEnergyBurnedGoal", attrs.get(
                "activeEnergyBurnedUnit", "kcal")), ("exercise", "appleExerciseTime", "appleExerciseTimeGoal", "min"),
                ("stand", "appleStandHours", "appleStandHoursGoal", "hours")):  # fmt: skip
            try:
                done, aim = float(attrs.get(key, "")), float(attrs.get(goal, ""))
            except ValueError:
                continue
            state = "closed" if aim and done >= aim else "not closed"
            rings.append(f"{name} {_number(done)} of {_number(aim)} {unit} ({state})")
        if rings:
            days[day.date()].append((4, day, f"Activity rings on {_day(day)}: {', '.join(rings)}.", at))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.Parse(text, True)

    for (day, kind, unit), (total, sources, at, begin) in summed.items():
        said = _UNITS.get(unit, unit)
        line = f"{_name(kind)} on {_day(begin)}: {_number(total)}{(' ' + said) if said else ''} in all"
        days[day].append((2, begin, line + (f" ({', '.join(sorted(s for s in sources if s))})" if any(sources)
                                              else "") + ".", at))  # fmt: skip
    for (day, kind, unit), readings in measured.items():
        readings.sort(key=lambda r: r[0])
        said = _UNITS.get(unit, unit)

        def shown(v: float, unit: str = unit, said: str = said) -> str:
            return f"{_number(v * 100)}%" if unit == "%" else _number(v) + (f" {said}" if said else "")

        if len(readings) <= _MANY:
            for when, value, source, at in readings:
                days[day].append((0, when, f"{_name(kind)} on {_day(when)} at {when:%H:%M}: {shown(value)}"
                                  + (f" ({source})" if source else "") + ".", at))  # fmt: skip
        else:
            values = [r[1] for r in readings]
            sources = sorted({r[2] for r in readings if r[2]})
            low = f"{_number(min(values) * 100)}%" if unit == "%" else _number(min(values))
            line = (f"{_name(kind)} on {_day(readings[0][0])}: {low} to {shown(max(values))}, "
                    f"{shown(sum(values) / len(values)).removesuffix(' ' + said) if said else shown(sum(values) / len(values))}"
                    f" on average, from {len(values)} readings"
                    + (f" ({', '.join(sources)})" if sources else "") + ".")  # fmt: skip
            days[day].append((0, readings[0][0], line, readings[0][3]))
    for night, entry in sleep.items():
        asleep = {_SLEEP[k]: v for k, v in entry["stages"].items() if k in _SLEEP}
        total = sum(asleep.values())
        stages = [f"{k} {_span(v)}" for k, v in asleep.items() if k != "asleep" and v]
        after = night + timedelta(days=1)
        words = (f"Sleep on the night of {night:%A} {night.day} to {after:%A} {after.day} {after:%B %Y}: "
                 f"{_span(total)} asleep" + (f" ({', '.join(stages)})" if stages else "")
                 + f", from {entry['start']:%H:%M} to {entry['end']:%H:%M}")  # fmt: skip
        sources = sorted(s for s in entry["sources"] if s)
        days[after].append((1, entry["end"], words + (f" ({', '.join(sources)})" if sources else "") + ".",
                            entry["anchor"]))  # fmt: skip
    lines: list[tuple[str, list[tuple[int, int, int]]]] = []
    trails: list[tuple[int, str]] = []
    firsts: list[int] = []
    for day in sorted(days):
        check()
        trails.append((len(lines), f"Health, {day:%A} {day.day} {day:%B %Y}"))
        firsts.append(len(lines))
        for _order, _moment, line, at in sorted(days[day], key=lambda x: (x[0], x[1])):
            lines.append((line, [(0, *at)]))
    return line_page(lines, trails, sep="\n\n", chunk_starts=set(firsts)) if lines else None
