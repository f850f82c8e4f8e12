"""Generate the private documents of the realdocs ``heldout36`` part under ``files/private36/``: one person's Apple
Health data for March 2027 as the Health app's "Export All Health Data" writes it
(``apple_health_export/export.xml``: the internal DTD, ``<Me>``, ``<Record>``s of body mass, resting heart rate, step
count and sleep, blood pressure as a ``<Correlation>`` of two records, ``<Workout>``s with their events, statistics
and metadata, and a day's ``<ActivitySummary>``); a postgraduate's Zotero library exported as CSL JSON (``My
Library.json``, indented two spaces); and a swimming club's group chat as Telegram Desktop's "Export chat history"
writes it in HTML (``ChatExport_2027-03-29/messages.html``: Telegram's page head and wrappers, a service message for
each day, joined messages, replies, links, bold text and photos).

    python eval/realdocs/make_heldout36.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids, so a rerun gives the same bytes. Every weekday written next to a
date is checked against the calendar; the health export parses with ``xml.etree`` (its DTD included; 300 to 2,000
records, 10 to 15 workouts, a summary for each of 31 days, under 1 MB); the library reads back with ``json`` (25 to
40 items, ids unique, every item titled); the chat parses with ``html.parser`` (120 to 200 messages over 4 to 6
people, every reply to an earlier message in the file).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import html
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout36 (the tests, check.py)
    import heldout36_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout36_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private36"
HEALTH_PATH = "apple_health_export/export.xml"
ZOTERO_PATH = "My Library.json"
CHAT_PATH = "ChatExport_2027-03-29/messages.html"
BST = dt.datetime(2027, 3, 28, 1, 0)  # clocks go forward (UTC)


def _n(key: str, bits: int = 64) -> int:
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big") >> (64 - bits)


# --- Apple Health ---------------------------------------------------------------------------------------------------

DTD = """<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 13 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutEvent ((MetadataEntry)*)>
<!ATTLIST WorkoutEvent
  type                  CDATA #REQUIRED
  date                  CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type                  CDATA #REQUIRED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
  average               CDATA #IMPLIED
  minimum               CDATA #IMPLIED
  maximum               CDATA #IMPLIED
  sum                   CDATA #IMPLIED
  unit                  CDATA #IMPLIED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
  appleExerciseTime        CDATA #IMPLIED
  appleExerciseTimeGoal    CDATA #IMPLIED
  appleStandHours          CDATA #IMPLIED
  appleStandHoursGoal      CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
]>
"""

WATCH = "&lt;&lt;HKDevice: 0x2835f1a40&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.3.1&gt;"
PHONE = "&lt;&lt;HKDevice: 0x2835f0be0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,5, software:17.3.1&gt;"
SOURCES = {  # sourceName: (sourceVersion, device or None)
    "Apple Watch": ("10.3.1", WATCH),
    "iPhone": ("17.3.1", PHONE),
    "Withings": ("6.4.1", None),
    "OMRON connect": ("7.12.0", None),
    "Strava": ("350.0.1", None),
}


def _local(day: int, hhmmss: str) -> dt.datetime:
    """A wall-clock time on a March 2027 day (a day of 32 is 1 April)."""
    h, m, s = (int(x) for x in hhmmss.split(":"))
    return dt.datetime(2027, 3, 1) + dt.timedelta(days=day - 1, hours=h, minutes=m, seconds=s)


def _stamp(local: dt.datetime) -> str:
    """Apple's date: local time with its UTC offset (GMT, then BST from 28 March 01:00 GMT)."""
    bst = local >= dt.datetime(2027, 3, 28, 2, 0)
    return f"{local:%Y-%m-%d %H:%M:%S} {'+0100' if bst else '+0000'}"


def _attrs(source: str, created: dt.datetime, start: dt.datetime, end: dt.datetime) -> str:
    version, device = SOURCES[source]
    dev = f' device="{device}"' if device else ""
    return (
        f'sourceName="{source}" sourceVersion="{version}"{dev} creationDate="{_stamp(created)}" '
        f'startDate="{_stamp(start)}" endDate="{_stamp(end)}"'
    )


def _record(
    kind: str, source: str, unit: str | None, value, start, end, created=None, meta=None, ind=" "
) -> list[str]:
    created = created or end + dt.timedelta(seconds=_n(f"c {kind} {start}", 6) + 4)
    u = f' unit="{unit}"' if unit else ""
    head = f'{ind}<Record type="{kind}" {_attrs(source, created, start, end)}{u} value="{value}"'
    if not meta:
        return [head + "/>"]
    return [
        head + ">",
        *(f'{ind} <MetadataEntry key="{k}" value="{v}"/>' for k, v in meta),
        f"{ind}</Record>",
    ]


def health_records() -> list[tuple[dt.datetime, list[str]]]:
    """(when, lines) of every record, correlation, workout and summary, to be sorted by kind then time."""
    out: list[tuple[int, dt.datetime, list[str]]] = []
    for day, t, kg in T.WEIGHTS:
        s = _local(day, t)
        out.append((0, s, _record("HKQuantityTypeIdentifierBodyMass", "Withings", "kg", f"{kg:g}", s, s)))
    for day in range(1, 32):
        s = _local(day, "06:" + f"{_n(f'rhr {day}', 5) + 10:02d}:{_n(f'rhs {day}', 5) + 12:02d}")
        bpm = 54 + _n(f"rhr v {day}", 3) - (2 if day > 20 else 0)
        out.append(
            (1, s, _record("HKQuantityTypeIdentifierRestingHeartRate", "Apple Watch", "count/min", bpm, s, s))
        )
    for day in range(1, 32):
        for i in range(6):
            hour = 7 + i * 2 + _n(f"st h {day} {i}", 1)
            s = _local(day, f"{hour:02d}:{_n(f'st m {day} {i}', 5) + 5:02d}:{_n(f'st s {day} {i}', 5):02d}")
            e = s + dt.timedelta(minutes=6 + _n(f"st d {day} {i}", 3))
            src = "iPhone" if i % 3 == 0 else "Apple Watch"
            steps = 120 + _n(f"st v {day} {i}", 10)
            out.append((2, s, _record("HKQuantityTypeIdentifierStepCount", src, "count", steps, s, e)))
    for day in (3, 9, 15, 21, 27):  # a walking heart rate with its motion context
        s = _local(day, f"12:{_n(f'hr {day}', 5) + 5:02d}:07")
        bpm = 96 + _n(f"hr v {day}", 4)
        meta = [("HKMetadataKeyHeartRateMotionContext", "2")]
        out.append(
            (
                3,
                s,
                _record(
                    "HKQuantityTypeIdentifierHeartRate", "Apple Watch", "count/min", bpm, s, s, meta=meta
                ),
            )
        )
    for day in range(1, 32, 2):  # a sedentary one
        s = _local(day, f"21:{_n(f'hrs {day}', 5) + 5:02d}:41")
        meta = [("HKMetadataKeyHeartRateMotionContext", "1")]
        out.append(
            (
                3,
                s,
                _record(
                    "HKQuantityTypeIdentifierHeartRate",
                    "Apple Watch",
                    "count/min",
                    61 + _n(f"hrs v {day}", 4),
                    s,
                    s,
                    meta=meta,
                ),
            )
        )
    for day, t, sys_, dia in T.PRESSURES:
        s = _local(day, t)
        c = s + dt.timedelta(seconds=38)
        lines = [
            f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" {_attrs("OMRON connect", c, s, s)}>'
        ]
        lines.append('  <MetadataEntry key="HKWasUserEntered" value="0"/>')
        lines += _record(
            "HKQuantityTypeIdentifierBloodPressureDiastolic", "OMRON connect", "mmHg", dia, s, s, c, ind="  "
        )
        lines += _record(
            "HKQuantityTypeIdentifierBloodPressureSystolic", "OMRON connect", "mmHg", sys_, s, s, c, ind="  "
        )
        lines.append(" </Correlation>")
        out.append((4, s, lines))
    for day in range(1, 31):
        if day in T.SLEEP_SPECIAL:
            bed, asleep, wake = T.SLEEP_SPECIAL[day]
            b = _local(day if bed >= "12" else day + 1, bed + ":00")
            a = _local(day if asleep >= "12" else day + 1, asleep + ":00")
            w = _local(day + 1, wake + ":00")
        else:
            b = _local(day, "23:05:00") + dt.timedelta(minutes=_n(f"bed {day}", 5))
            a = b + dt.timedelta(minutes=8 + _n(f"sl {day}", 4))
            w = _local(day + 1, "06:20:00") + dt.timedelta(minutes=_n(f"wk {day}", 5))
        kind = "HKCategoryTypeIdentifierSleepAnalysis"
        out.append(
            (
                5,
                b,
                _record(
                    kind,
                    "Apple Watch",
                    None,
                    "HKCategoryValueSleepAnalysisInBed",
                    b,
                    w,
                    created=w + dt.timedelta(minutes=3),
                ),
            )
        )
        t, stage_no = a, 0
        while t < w:
            stage = ("AsleepCore", "AsleepDeep", "AsleepCore", "AsleepREM")[stage_no % 4]
            length = dt.timedelta(minutes=(25, 40, 55, 20)[stage_no % 4] + _n(f"stg {day} {stage_no}", 4))
            e = min(t + length, w)
            out.append(
                (
                    5,
                    t,
                    _record(
                        kind,
                        "Apple Watch",
                        None,
                        f"HKCategoryValueSleepAnalysis{stage}",
                        t,
                        e,
                        created=w + dt.timedelta(minutes=3),
                    ),
                )
            )
            t, stage_no = e, stage_no + 1
    for activity, day, t, minutes, source, km, kcal, bpm, indoor, extra in T.WORKOUTS:
        s = _local(day, t)
        e = s + dt.timedelta(seconds=round(minutes * 60) + 95)
        c = e + dt.timedelta(seconds=12)
        lines = [
            f' <Workout workoutActivityType="HKWorkoutActivityType{activity}" duration="{minutes:g}" durationUnit="min" '
            f"{_attrs(source, c, s, e)}>"
        ]
        lines.append(f'  <MetadataEntry key="HKIndoorWorkout" value="{int(indoor)}"/>')
        for k, v in extra.items():
            lines.append(f'  <MetadataEntry key="{k}" value="{v}"/>')
        if source == "Apple Watch":
            lines.append('  <MetadataEntry key="HKTimeZone" value="Europe/London"/>')
            p = s + dt.timedelta(minutes=int(minutes * 0.4))
            events = [(p, f'  <WorkoutEvent type="HKWorkoutEventTypePause" date="{_stamp(p)}"/>')]
            r = p + dt.timedelta(seconds=95)
            events.append((r, f'  <WorkoutEvent type="HKWorkoutEventTypeResume" date="{_stamp(r)}"/>'))
            if km and activity == "Running":
                for k in range(1, int(km) + 1):
                    at = s + dt.timedelta(seconds=round(minutes * 60 * k / km))
                    events.append(
                        (
                            at,
                            f'  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="{_stamp(at)}" '
                            f'duration="{minutes / km:.4f}" durationUnit="min"/>',
                        )
                    )
            lines += [line for _, line in sorted(events)]
        span = f'startDate="{_stamp(s)}" endDate="{_stamp(e)}"'
        lines.append(
            f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" {span} sum="{kcal}" unit="kcal"/>'
        )
        lines.append(
            f'  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" {span} average="{bpm}" '
            f'minimum="{bpm - 31}" maximum="{bpm + 22}" unit="count/min"/>'
        )
        if km:
            stat = (
                "DistanceSwimming"
                if activity == "Swimming"
                else "DistanceCycling"
                if activity == "Cycling"
                else "DistanceWalkingRunning"
            )
            lines.append(
                f'  <WorkoutStatistics type="HKQuantityTypeIdentifier{stat}" {span} sum="{km:g}" unit="km"/>'
            )
        lines.append(" </Workout>")
        out.append((6, s, lines))
    for day in range(1, 32):
        energy, exercise, stand = T.ACTIVITY_SPECIAL.get(
            day, (480 + _n(f"ae {day}", 8) % 200, 22 + _n(f"ex {day}", 5), 9 + _n(f"sh {day}", 2))
        )
        goal = T.MOVE_GOAL_FROM_22 if day >= 22 else 600
        line = (
            f' <ActivitySummary dateComponents="2027-03-{day:02d}" activeEnergyBurned="{energy}" '
            f'activeEnergyBurnedGoal="{goal}" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" '
            f'appleExerciseTime="{exercise}" appleExerciseTimeGoal="30" appleStandHours="{stand}" appleStandHoursGoal="12"/>'
        )
        out.append((7, _local(day, "00:00:00"), [line]))
    out.sort(key=lambda x: (x[0], x[1]))
    return [(w, lines) for _, w, lines in out]


def health_text() -> str:
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        DTD.rstrip("\n"),
        '<HealthData locale="en_GB">',
        ' <ExportDate value="2027-03-31 21:04:11 +0100"/>',
        ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1981-06-14" '
        'HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale" '
        'HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" '
        'HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" '
        'HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>',
    ]
    body = [line for _, lines in health_records() for line in lines]
    return "\n".join([*head, *body, "</HealthData>"]) + "\n"


# --- Zotero CSL JSON ------------------------------------------------------------------------------------------------


def _names(text: str) -> list[dict]:
    return [dict(zip(("family", "given"), n.split(", "))) for n in text.split("; ")] if text else []


def _date(ymd: tuple[int, int, int]) -> dict:
    return {"date-parts": [[x for x in ymd if x]]}


def zotero() -> list[dict]:
    items = []
    for (
        key,
        kind,
        title,
        authors,
        editors,
        issued,
        container,
        volume,
        issue,
        page,
        publisher,
        place,
        doi,
        url,
        isbn,
        abstract,
        note,
        keyword,
        accessed,
    ) in T.ZOTERO:
        item: dict = {"id": f"http://zotero.org/users/8815204/items/{key}", "type": kind, "title": title}
        if authors:
            item["author"] = _names(authors)
        if editors:
            item["editor"] = _names(editors)
        item["issued"] = _date(issued)
        for k, v in (
            ("container-title", container), ("volume", volume), ("issue", issue), ("page", page),
            ("publisher", publisher), ("publisher-place", place), ("DOI", doi),
            ("URL", url or (f"https://doi.org/{doi}" if doi else "")), ("ISBN", isbn), ("abstract", abstract),
            ("note", note), ("keyword", keyword), ("language", "en"),
        ):  # fmt: skip
            if v:
                item[k] = v
        item["accessed"] = _date(accessed)
        items.append(item)
    return items


def zotero_text() -> str:
    return json.dumps(zotero(), indent=2, ensure_ascii=False) + "\n"


# --- Telegram chat ------------------------------------------------------------------------------------------------

HEAD = """<!DOCTYPE html>
<html>

 <head>

  <meta charset="utf-8"/>
<title>Exported Data</title>
  <meta content="width=device-width, initial-scale=1.0" name="viewport"/>

  <link href="css/style.css" rel="stylesheet"/>

  <script src="js/script.js" type="text/javascript">

  </script>

 </head>

 <body onload="CheckLocation();">

  <div class="page_wrap">

   <div class="page_header">

    <div class="content">

     <div class="text bold">
{name}
     </div>

    </div>

   </div>

   <div class="page_body chat_page">

    <div class="history">
"""
TAIL = """
    </div>

   </div>

  </div>

 </body>

</html>
"""
FIRST_ID = 4127
LINE = re.compile(r"(\d\d)\.(\d\d) (\d\d:\d\d:\d\d) ([A-Z]): (\[photo\] )?(?:\[>(\d+)\] )?(.*)")


def chat_messages() -> list[dict]:
    out = []
    for i, line in enumerate(T.CHAT.strip("\n").split("\n")):
        m = LINE.fullmatch(line)
        assert m, line
        out.append(
            {
                "id": FIRST_ID + i * 2 + _n(f"gap {i}", 1),
                "when": dt.datetime(2027, int(m[2]), int(m[1]), *(int(x) for x in m[3].split(":"))),
                "from": T.SHORT[m[4]],
                "photo": bool(m[5]),
                "reply": int(m[6]) if m[6] else None,
                "text": m[7],
            }
        )
    for msg in out:
        if msg["reply"]:
            msg["reply"] = out[msg["reply"] - 1]["id"]
    return out


def _text_html(text: str) -> str:
    out = []
    for part in re.split(r"(https?://\S+|\*\*.+?\*\*)", text):
        if part.startswith("http"):
            out.append(f'<a href="{html.escape(part)}">{html.escape(part)}</a>')
        elif part.startswith("**"):
            out.append(f"<strong>{html.escape(part[2:-2])}</strong>")
        else:
            out.append(html.escape(part).replace("&#x27;", "&apos;").replace("|", "<br>"))
    return "".join(out)


def chat_text() -> str:
    parts = [HEAD.replace("{name}", T.CHAT_NAME)]
    day, prev, service = None, None, -1
    photos = 0
    for msg in chat_messages():
        when = msg["when"]
        local = when + dt.timedelta(hours=1) if when >= BST else when
        if local.date() != day:
            day = local.date()
            parts.append(
                f'\n     <div class="message service" id="message{service}">\n\n      <div class="body details">\n'
                f"{day.day} {day:%B %Y}\n      </div>\n\n     </div>\n"
            )
            service -= 1
            prev = None
        joined = prev is not None and prev["from"] == msg["from"] and (when - prev["when"]).seconds < 600
        cls = "message default clearfix" + (" joined" if joined else "")
        lines = [f'\n     <div class="{cls}" id="message{msg["id"]}">\n']
        if not joined:
            initials, colour = T.MEMBERS[msg["from"]]
            lines.append(
                '\n      <div class="pull_left userpic_wrap">\n\n'
                f'       <div class="userpic userpic{colour}" style="width: 42px; height: 42px">\n\n'
                f'        <div class="initials" style="line-height: 42px">\n{initials}\n        </div>\n\n'
                "       </div>\n\n      </div>\n"
            )
        offset = "+01:00" if when >= BST else "+00:00"
        lines.append(
            '\n      <div class="body">\n\n'
            f'       <div class="pull_right date details" title="{local:%d.%m.%Y %H:%M:%S} UTC{offset}">\n'
            f"{local:%H:%M}\n       </div>\n"
        )
        if not joined:
            lines.append(f'\n       <div class="from_name">\n{msg["from"]}\n       </div>\n')
        if msg["reply"]:
            r = msg["reply"]
            lines.append(
                '\n       <div class="reply_to details">\n'
                f'In reply to <a href="#go_to_message{r}" onclick="return GoToMessage({r})">this message</a>\n'
                "       </div>\n"
            )
        if msg["photo"]:
            photos += 1
            name = f"photos/photo_{photos}@{local:%d-%m-%Y_%H-%M-%S}"
            w, h = (260, 195) if _n(f"ph {photos}", 1) else (195, 260)
            lines.append(
                '\n       <div class="media_wrap clearfix">\n\n'
                f'        <a class="photo_wrap clearfix pull_left" href="{name}.jpg">\n\n'
                f'         <img class="photo" src="{name}_thumb.jpg" style="width: {w}px; height: {h}px"/>\n\n'
                "        </a>\n\n       </div>\n"
            )
        if msg["text"]:
            lines.append(f'\n       <div class="text">\n{_text_html(msg["text"])}\n       </div>\n')
        lines.append("\n      </div>\n\n     </div>\n")
        parts.append("".join(lines))
        prev = msg
    parts.append(TAIL)
    return "".join(parts)


# --- checks -----------------------------------------------------------------------------------------------------------


def check_health(text: str) -> None:
    assert len(text.encode("utf-8")) < 1_000_000
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "HealthData" and root.get("locale") == "en_GB"
    assert 300 <= len(root.findall("Record")) <= 2000
    assert 10 <= len(root.findall("Workout")) <= 15
    assert len(root.findall("ActivitySummary")) == 31
    for c in root.findall("Correlation"):
        assert len(c.findall("Record")) == 2
    for e in root.iter():
        if "startDate" in e.attrib:
            assert e.get("startDate") <= e.get("endDate")


def check_zotero(text: str) -> None:
    items = json.loads(text)
    assert 25 <= len(items) <= 40
    ids = [i["id"] for i in items]
    assert len(set(ids)) == len(ids)
    assert all(i["title"] and i["type"] for i in items)


class _Chat(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[int] = []
        self.names: set[str] = set()
        self.replies: list[tuple[int, int]] = []
        self.in_name = False

    def handle_starttag(self, tag, attrs) -> None:
        a = dict(attrs)
        if tag == "div" and (a.get("class") or "").startswith("message default"):
            self.ids.append(int(a["id"].removeprefix("message")))
        self.in_name = tag == "div" and a.get("class") == "from_name"
        if tag == "a" and (a.get("href") or "").startswith("#go_to_message"):
            self.replies.append((self.ids[-1], int(a["href"].removeprefix("#go_to_message"))))

    def handle_data(self, data) -> None:
        if self.in_name and data.strip():
            self.names.add(data.strip())
            self.in_name = False


def check_chat(text: str) -> None:
    p = _Chat()
    p.feed(text)
    p.close()
    assert 120 <= len(p.ids) <= 200 and p.ids == sorted(set(p.ids))
    assert 4 <= len(p.names) <= 6
    assert all(r in p.ids and r < m for m, r in p.replies)


def check_texts() -> int:
    n = sum(check_weekdays(x[15]) + check_weekdays(x[16]) for x in T.ZOTERO)
    return n + check_weekdays(T.CHAT)


def files() -> dict[str, bytes]:
    """The health export, the library and the chat, by their path under ``files/private36``."""
    return {
        HEALTH_PATH: health_text().encode("utf-8"),
        ZOTERO_PATH: zotero_text().encode("utf-8"),
        CHAT_PATH: chat_text().encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_health(made[HEALTH_PATH].decode("utf-8"))
    check_zotero(made[ZOTERO_PATH].decode("utf-8"))
    check_chat(made[CHAT_PATH].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
