"""Calendars (iCalendar ``.ics``) and contacts (vCard ``.vcf``): each event or card as a paragraph a person reads.

Both formats are content lines (RFC 5545, RFC 6350): ``NAME;PARAM=VALUE:value``, folded at 75 octets onto lines
that start with a space (a fold may cut a word: "Tom a" / " nd Priya"), with ``\\,``, ``\\;`` and ``\\n`` escaped.
Read as plain text, an answer quotes "LAST-MODIFIED:20270930T201000Z LOCATION:9 Ferncliffe Road SEQUENCE:0
STATUS:CONFIRMED SUMMARY:Boiler service ..." and a question about "the boiler service on Thursday" meets
"DTSTART;TZID=Europe/London:20271014T080000". Here:

- an event (``VEVENT``; a task, ``VTODO``) reads "Boiler service: Thu 14 Oct 2027, 8:00 to 12:00." then "Where: 9
  Ferncliffe Road.", its description unfolded and unescaped, "Repeats every 2 weeks on Tuesday, until Tue 30 Nov
  2027." and "Reminder: 1 day before."; a cancelled or tentative one says so;
- a card (``VCARD``) reads "Dev Mistry (Plumber, Mistry Plumbing & Heating)." then a line per field: "Mobile: 07700
  900761.", "Work phone: ...", "Email: ...", "Address: ...", "Birthday: 7 November 1947.", "Note: ...";
- what no person reads is left out: identifiers, time stamps, sequence numbers, time-zone definitions, photos and
  other binary data, ``X-`` extensions (a calendar's own name and description, ``X-WR-CALNAME`` and
  ``X-WR-CALDESC``, are read as its first paragraph);
- each paragraph is headed by its event or card (``Page.trails``: "Boiler service, Thu 14 Oct 2027"), which Search
  and an answer's sources show.

Every piece of text keeps its file line through the page's anchors (``Page.anchors``), so a citation names the
event's or card's lines in the file. A file with no event or card is read as its text (nothing is lost).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from engine.index.document import Page
from engine.index.readers.anchored import SENTENCE_END, AnchoredText, as_text, day_words

READER_VERSION = 1

_NAME = re.compile(r"(?:[\w-]+\.)?([A-Za-z][\w-]*)")  # "item1.TEL" (an Apple group) is a TEL
_DATE = re.compile(r"(\d{4})-?(\d{2})-?(\d{2})(?:T(\d{2}):?(\d{2})(?::?(\d{2}))?(Z)?)?$")
_DURATION = re.compile(r"([-+])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$")
_DAYS = {"MO": "Monday", "TU": "Tuesday", "WE": "Wednesday", "TH": "Thursday", "FR": "Friday", "SA": "Saturday",
         "SU": "Sunday"}  # fmt: skip
_FREQ = {"DAILY": "day", "WEEKLY": "week", "MONTHLY": "month", "YEARLY": "year"}
_PHONES = {"cell": "Mobile", "mobile": "Mobile", "iphone": "Mobile", "home": "Home phone", "work": "Work phone",
           "fax": "Fax", "pager": "Pager", "main": "Phone"}  # fmt: skip
_RECORDS = frozenset({"VEVENT", "VTODO", "VJOURNAL", "VCARD"})  # a paragraph each


@dataclass(frozen=True)
class _Line:
    """One content line, unfolded: its name, parameters and value, and where each physical piece of its value
    starts in the file (file line, file character, offset in the escaped value)."""

    name: str
    params: dict[str, str]
    raw: str  # the value, unfolded, still escaped
    pieces: tuple[tuple[int, int, int], ...]


def _content_lines(text: str, check: Callable[[], None]) -> list[_Line]:
    out: list[_Line] = []
    pos, line_no = 0, 0
    current: list | None = None  # [name, params, raw pieces, anchors]
    for k, line in enumerate(text.split("\n")):
        if k % 4096 == 0:
            check()
        line_no += 1
        start = pos
        pos += len(line) + 1
        line = line.rstrip("\r")
        if line[:1] in (" ", "\t") and current is not None:
            current[3].append((line_no, start + 1, sum(map(len, current[2]))))
            current[2].append(line[1:])
            continue
        if current is not None:
            out.append(_Line(current[0], current[1], "".join(current[2]), tuple(current[3])))
            current = None
        colon = _value_colon(line)
        m = _NAME.match(line.lstrip("\ufeff"))
        if colon < 0 or m is None:
            continue
        params: dict[str, str] = {}
        for part in _split(line[m.end() : colon], ";")[1:]:
            key, eq, value = part.partition("=")
            key, value = (key.upper(), value.strip('"')) if eq else ("TYPE", key)  # vCard 2.1: "TEL;CELL:..."
            params[key] = f"{params[key]},{value}" if key in params else value  # "TYPE=cell;TYPE=voice"
        current = [m.group(1).upper(), params, [line[colon + 1 :]], [(line_no, start + colon + 1, 0)]]
    if current is not None:
        out.append(_Line(current[0], current[1], "".join(current[2]), tuple(current[3])))
    return out


def _value_colon(line: str) -> int:
    """Where the name and parameters end: the first colon outside a quoted parameter value."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return i
    return -1


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` where it is not escaped with a backslash or inside quotes."""
    parts, cur, quoted, esc = [], [], False, False
    for ch in text:
        if esc:
            cur.append(ch)
            esc = False
        elif ch == "\\":
            cur.append(ch)
            esc = True
        elif ch == '"':
            quoted = not quoted
            cur.append(ch)
        elif ch == sep and not quoted:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _unescape(text: str) -> str:
    return re.sub(r"\\([nN,;:\\])", lambda m: " " if m.group(1) in "nN" else m.group(1), text)


class _Writer(AnchoredText):
    """The page's text, with a content line's value written piece by piece at its folded lines' places."""

    def value(
        self, line: _Line, prefix: str = "", end: str = ".", parts: Sequence[int] | None = None
    ) -> bool:
        """``prefix`` then the line's value, unescaped, each folded piece at its own file position; ``end`` when the
        value ends no sentence. ``parts``: for a structured value (an address), only these ``;`` fields, joined with
        ", " (anchored at the line). Nothing for an empty value (False)."""
        if not _unescape(line.raw).replace(";", "").strip():
            return False
        first = line.pieces[0]
        self.add(prefix, (first[0], first[1]))
        if parts is not None:
            fields = [_unescape(f).strip() for f in _split(line.raw, ";")]
            self.add(", ".join(f for i, f in enumerate(fields) if i in parts and f), (first[0], first[1]))
            text = self.parts[-1] if self.parts else ""
        else:
            bounds = [p[2] for p in line.pieces[1:]] + [len(line.raw)]
            text = ""
            for (ln, ch, off), stop in zip(line.pieces, bounds, strict=True):
                piece = _unescape(line.raw[off:stop])
                if not text:
                    piece = piece.lstrip()
                self.add(piece, (ln, ch))
                text += piece
        if end and not SENTENCE_END.search(text.rstrip()):
            self.add(end, None)
        return True


def _when(line: _Line | None) -> tuple[datetime | date | None, str]:
    """The date or time a DTSTART/DTEND/DUE/BDAY value names, and how it reads ("Thu 14 Oct 2027, 8:00")."""
    if line is None:
        return None, ""
    m = _DATE.match(line.raw.strip())
    if m is None:
        return None, _unescape(line.raw).strip()
    y, mo, d, hh, mm, ss, utc = m.groups()
    try:
        day = date(int(y), int(mo), int(d))
        if hh is None or line.params.get("VALUE") == "DATE":
            return day, day_words(day)
        moment = datetime(int(y), int(mo), int(d), int(hh), int(mm or 0), int(ss or 0))
    except ValueError:
        return None, line.raw.strip()
    zone = " UTC" if utc else ""
    return moment, f"{day_words(moment)}, {moment.hour}:{moment:%M}{zone}"


def _until(start: tuple, end_line: _Line | None) -> str:
    """How an event's end reads after its start: "8:00 to 12:00" on the same day, a later date in full."""
    begin, _ = start
    end, text = _when(end_line)
    if end is None or begin is None:
        return f" to {text}" if text else ""
    if isinstance(begin, datetime) and isinstance(end, datetime):
        return f" to {end.hour}:{end:%M}" if end.date() == begin.date() else f" to {text}"
    if not isinstance(begin, datetime) and not isinstance(end, datetime):
        last = end - timedelta(days=1)  # an all-day event's end date is the day after it
        return f" to {day_words(last)}" if last > begin else ""
    return f" to {text}"


def _rule(raw: str) -> str:
    """An RRULE as words: "every 2 weeks on Tuesday, until Tue 30 Nov 2027"."""
    parts = dict(p.partition("=")[::2] for p in raw.strip().split(";") if "=" in p)
    unit = _FREQ.get(parts.get("FREQ", "").upper())
    if unit is None:
        return raw.strip()
    n = int(parts.get("INTERVAL", "1")) if parts.get("INTERVAL", "1").isdigit() else 1
    words = f"every {n} {unit}s" if n > 1 else f"every {unit}"
    days = [_DAYS.get(d[-2:].upper()) for d in parts.get("BYDAY", "").split(",") if d]
    if days and all(days):
        words += " on " + ", ".join(days)  # type: ignore[arg-type]
    if "UNTIL" in parts:
        words += f", until {_when(_Line('UNTIL', {}, parts['UNTIL'], ((0, 0, 0),)))[1]}"
    if parts.get("COUNT", "").isdigit():
        words += f", {parts['COUNT']} times"
    return words


def _trigger(raw: str) -> str:
    m = _DURATION.match(raw.strip())
    if m is None:
        return _when(_Line("TRIGGER", {}, raw, ((0, 0, 0),)))[1]
    sign, weeks, days, hours, minutes, _ = m.groups()
    bits = [f"{int(v)} {u}{'s' if int(v) != 1 else ''}" for v, u in
            ((weeks, "week"), (days, "day"), (hours, "hour"), (minutes, "minute")) if v and int(v)]  # fmt: skip
    if not bits:
        return "at the start"
    return " ".join(bits) + (" before" if sign == "-" else " after")


def _event(w: _Writer, props: dict[str, list[_Line]], alarms: list[_Line]) -> None:
    one = {k: v[0] for k, v in props.items()}
    summary = one.get("SUMMARY")
    title = _unescape(summary.raw).strip() if summary else "Event"
    start = _when(one.get("DTSTART") or one.get("DUE"))
    heading = f"{title}, {start[1].split(',')[0]}" if start[1] else title
    w.open(heading)
    if summary is not None:
        w.value(summary, end="")
    else:
        w.add(title, None)
    when_line = one.get("DTSTART") or one.get("DUE")
    if when_line is not None:
        lead = ": due " if "DTSTART" not in one else ": "
        w.add(lead, (when_line.pieces[0][0], when_line.pieces[0][1]))
        w.add(start[1] + _until(start, one.get("DTEND")), None)
    status = one.get("STATUS")
    if status is not None and status.raw.strip().upper() in ("CANCELLED", "TENTATIVE"):
        w.add(f" ({status.raw.strip().lower()})", (status.pieces[0][0], status.pieces[0][1]))
    w.add(".", None)
    for name, prefix in (("LOCATION", "Where: "), ("DESCRIPTION", ""), ("RRULE", "Repeats "),
                         ("ATTENDEE", "With: "), ("URL", "Link: ")):  # fmt: skip
        for line in props.get(name, ()):
            w.line_break()
            if name == "RRULE":
                w.add(f"Repeats {_rule(line.raw)}.", (line.pieces[0][0], line.pieces[0][1]))
            elif name == "ATTENDEE":
                who = line.params.get("CN") or line.raw.removeprefix("mailto:").removeprefix("MAILTO:")
                w.add(f"With: {who}.", (line.pieces[0][0], line.pieces[0][1]))
            else:
                w.value(line, prefix)
    for alarm in alarms:
        w.line_break()
        w.add(f"Reminder: {_trigger(alarm.raw)}.", (alarm.pieces[0][0], alarm.pieces[0][1]))


def _card(w: _Writer, props: dict[str, list[_Line]]) -> None:
    one = {k: v[0] for k, v in props.items() if k != "VERSION"}
    if not one:
        return  # an empty card: nothing to read
    fn = one.get("FN")
    name = _unescape(fn.raw).strip() if fn else ""
    if not name and "N" in one:
        fields = [_unescape(f).strip() for f in _split(one["N"].raw, ";")]
        name = " ".join(f for f in (fields[1:2] + fields[:1]) if f)
    org = one.get("ORG")
    firm = ", ".join(f for f in (_unescape(p).strip() for p in _split(org.raw, ";")) if f) if org else ""
    nick = _unescape(one["NICKNAME"].raw).strip() if "NICKNAME" in one else ""
    w.open((name or firm or "Contact") + (f" ({nick})" if nick else ""))
    at = (fn or org or next(iter(one.values()))).pieces[0]
    w.add(name or firm or "Contact", (at[0], at[1]))
    title = one.get("TITLE")
    extra = [x for x in (_unescape(title.raw).strip() if title else "", firm if name != firm else "") if x]
    if extra:
        w.add(f" ({', '.join(extra)})", (title or org).pieces[0][:2])  # type: ignore[union-attr]
    if "NICKNAME" in one and _unescape(one["NICKNAME"].raw).strip():
        w.value(one["NICKNAME"], ", known as ", end="")
    w.add(".", None)
    for line in props.get("TEL", ()):
        kinds = {t.strip().lower() for t in line.params.get("TYPE", "").split(",")}
        label = next((_PHONES[k] for k in ("cell", "mobile", "iphone", "fax", "pager", "home", "work", "main")
                      if k in kinds), "Phone")  # fmt: skip
        w.line_break()
        w.value(line, f"{label}: ")
    for line in props.get("EMAIL", ()):
        w.line_break()
        w.value(line, "Email: ")
    for line in props.get("ADR", ()):
        w.line_break()
        w.value(line, "Address: ", parts=range(7))
    if "BDAY" in one:
        day, text = _when(one["BDAY"])
        w.line_break()
        bday = f"{day.day} {day:%B %Y}" if isinstance(day, date) and not isinstance(day, datetime) else text
        w.add(f"Birthday: {bday}.", one["BDAY"].pieces[0][:2])
    for name, prefix in (("URL", "Website: "), ("NOTE", "Note: "), ("CATEGORIES", "Groups: ")):
        for line in props.get(name, ()):
            w.line_break()
            w.value(line, prefix)


def extract_vobjects(text: str, check: Callable[[], None] = lambda: None) -> Page:
    """The page of an iCalendar or vCard file's text (decoded; "\\n" newlines, CRLF read as LF before this): a
    paragraph per event, task or card, anchored to the file's lines, after the calendar's own name and description;
    the text itself when it holds no event, task or card."""
    lines = _content_lines(text, check)
    w = _Writer()
    _calendar(w, lines)
    stack: list[str] = []
    props: dict[str, list[_Line]] = {}
    alarms: list[_Line] = []
    found = False
    for line in lines:
        if line.name == "BEGIN":
            stack.append(line.raw.strip().upper())
            if stack[-1] in _RECORDS:
                props, alarms = {}, []
            continue
        if line.name == "END":
            kind = stack.pop() if stack else ""
            if kind in _RECORDS:
                if kind == "VCARD":
                    _card(w, props)
                else:
                    _event(w, props, alarms)
                found = True
            continue
        inside = stack[-1] if stack else ""
        if inside == "VALARM" and line.name == "TRIGGER":
            alarms.append(line)
        elif inside in _RECORDS:
            props.setdefault(line.name, []).append(line)
    if not found:
        return as_text(text)
    return w.page()


def _calendar(w: _Writer, lines: list[_Line]) -> None:
    """The calendar's own name and description (``X-WR-CALNAME``, ``X-WR-CALDESC``; RFC 7986's ``NAME`` and
    ``DESCRIPTION``), the properties of the calendar itself, outside its events, as its first paragraph."""
    own: dict[str, _Line] = {}
    depth = 0
    for line in lines:
        if line.name in ("BEGIN", "END"):
            depth += 1 if line.name == "BEGIN" else -1
        elif depth == 1 and line.name in ("X-WR-CALNAME", "X-WR-CALDESC", "NAME", "DESCRIPTION"):
            own.setdefault(line.name, line)
    name = own.get("X-WR-CALNAME") or own.get("NAME")
    desc = own.get("X-WR-CALDESC") or own.get("DESCRIPTION")
    if name is None and desc is None:
        return
    w.open(_unescape(name.raw).strip() if name else "Calendar")
    if name is not None:
        w.value(name, "Calendar: ")
    if desc is not None:
        w.line_break()
        w.value(desc)
    w.close()
