"""Generate the private documents of the realdocs ``heldout7`` part under ``files/private7/``: two Apple Mail
messages (``.emlx``: a vet's admission instructions, a choir's concert arrangements with a text attachment), a
running club's race results (``.tsv``), a month of a home NAS's nightly backup log (``.log``), a community tool
library's commented database schema (``.sql``) and a podcast app's exported settings (``.json``).

    python eval/realdocs/make_heldout7.py          # rewrite them; the output is the same on every run

Standard library only. Everything is fixed text or computed from fixed text (the race's positions from the
finishers' times, the log's figures from a hash of the date), so a rerun gives the same bytes. An ``.emlx`` file is
what Apple Mail stores for a message: a line with the message's length in bytes, the RFC 822 message (LF line ends,
bodies in quoted-printable as Apple Mail writes them), then an Apple property list of the message's flags and dates.
Every weekday named next to a date is checked against the calendar when the files are written. The other document
of the part (the Shared MIME-info Database specification, a PDF typeset by LaTeX) is copied unchanged from a Debian
package, as ``documents.json`` records.
"""

from __future__ import annotations

import calendar
import datetime as dt
import email.utils
import hashlib
import json
import quopri
import re
from pathlib import Path

OUT = Path(__file__).resolve().parent / "files" / "private7"

# --- Apple Mail messages (.emlx) ----------------------------------------------------------------------------------

VET_BODY = """\
Dear Hannah,

Thank you for booking Biscuit in for his dental procedure with Dr Imogen Castell on Thursday 13 May 2027. Here is \
everything you need to know for the day.

ADMISSION
Please bring Biscuit to the main surgery at 14 Riverside Parade between 8.00 and 8.30am. A nurse will go through \
the consent form with you and check which number to ring during the day; admission takes about 15 minutes. \
Please don't bring his bed or toys, as we can't guarantee they will come back clean.

BEFORE HE COMES IN
- No food after 8pm on Wednesday evening. That includes treats, chews and dental sticks.
- Water is fine until you leave home on Thursday morning.
- Give his usual morning dose of Vetmedin with a very small amount of food (a teaspoonful is plenty), but leave \
out his joint supplement that morning.
- Take him for a short walk on the lead beforehand so that he can empty his bladder.

THE ESTIMATE
Dental examination under general anaesthetic, scale and polish: £385.00
Pre-anaesthetic blood test: £68.50
Intravenous fluids during the anaesthetic: £54.00
Dental X-rays (full mouth): £120.00
Pain relief to take home (5 days): £18.40
Extractions, if needed: £45.00 to £95.00 per tooth, depending on the tooth

Without extractions the estimate comes to £645.90. If Dr Castell finds teeth that need to come out, she will \
phone you before she starts on them and will not go ahead without your agreement, unless we cannot reach you and \
the tooth is clearly causing him pain; in that case we remove it and explain at collection. Payment is due when \
you collect him.

Your PetGuard policy does not cover routine dental work, but it may cover extractions after an injury. We are \
happy to fill in the claim form for a £25 admin fee.

GOING HOME
Most dental patients go home the same day, between 4 and 6pm; we will ring you when he is awake and ready. He will \
be drowsy that evening, so give him a small meal of soft food (about a third of his usual portion) and keep him in \
a quiet room. If he has any teeth out, he should have soft food only for the next 7 days, and no chews or tug \
toys until his check.

A free post-op check with a nurse is booked for Friday 21 May 2027 at 10.20am.

If you need to cancel, please give us at least 48 hours' notice, otherwise a £40 late cancellation fee applies.

Kind regards,

Priya Sandhu
Client Care Team
Riverside Veterinary Centre
01632 960418
"""

CHOIR_BODY = """\
Dear all,

Two weeks to go! Here are the arrangements for "Songs of the Sea", our summer concert at St Aldhelm's Church on \
Saturday 19 June 2027.

REHEARSALS
- Tuesday 8 June 2027 and Tuesday 15 June 2027: usual rehearsals at the Scout Hut, 7.30 to 9.30pm.
- Thursday 17 June 2027: extra rehearsal with the orchestra at St Aldhelm's, 7 to 9.30pm. Please make every effort \
to be there. Anyone who misses both the rehearsal on the 15th and the one with the orchestra will be asked not to \
sing on the night (Richard's rule, not mine!).

ON THE DAY
Arrive at the church by 5.15pm for the warm-up at 5.30pm. The doors open to the audience at 6.45pm and we start at \
7.30pm. The concert runs for about two hours, with a 20-minute interval.

DRESS
Black as usual, with the sea-blue scarves for the sopranos and altos and the sea-blue ties for the tenors and \
basses (Joan has a few left at £6 if you don't have one yet). Black folders only, please: no coloured ones.

TICKETS
£14 for adults and £5 for under-18s, from the website or from Harbourside Books on the High Street. We have sold \
168 of the 240 seats so far, so keep twisting arms. Each member may reserve up to 4 tickets to pay for on the door; \
reservations close on Wednesday 16 June 2027.

PARKING
The church car park is kept for the orchestra and for anyone with a blue badge. Everyone else, please use the \
Long Street car park, which is free after 6pm and a five-minute walk from the church.

REFRESHMENTS
Wine and soft drinks in the interval are run by the Friends of the choir, but we need 6 volunteers from the choir \
to help clear up afterwards. Please reply to me if you can stay on until about 10.15pm.

The running order is attached.

With best wishes,
Margaret

Margaret Ellery
Hon. Secretary, Thornbury Choral Society
"""

CHOIR_RUNNING_ORDER = """\
SONGS OF THE SEA - running order, Saturday 19 June 2027
St Aldhelm's Church, 7.30pm

Part one
1. Stanford: Songs of the Fleet (three songs) - soloist Daniel Ashworth, baritone
2. Elgar: Sea Pictures, "Where Corals Lie" - Rosalind Pike, mezzo-soprano
3. Sea shanty medley (arranged by Kit Ormerod) - choir and orchestra

INTERVAL (20 minutes)

Part two
4. Vaughan Williams: A Sea Symphony, first movement, "A Song for All Seas, All Ships"
5. Britten: "Old Joe has gone fishing", from Peter Grimes
6. Encore: "Eternal Father, Strong to Save" (audience joins in the last verse)

Conductor: Richard Hale
Accompanist: Sunita Rao
Leader of the orchestra: Tamsin Vey
"""


def qp(text: str) -> str:
    """Quoted-printable, as Apple Mail writes a text body (UTF-8, soft line breaks at 76 characters)."""
    return quopri.encodestring(text.encode("utf-8")).decode("ascii")


def html_of(text: str) -> str:
    """The HTML alternative of a plain body: a paragraph per blank-line-separated block."""
    paras = [
        p.replace("&", "&amp;").replace("<", "&lt;").replace("\n", "<br>") for p in text.strip().split("\n\n")
    ]
    return (
        '<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head>'
        '<body style="overflow-wrap: break-word;">'
        + "".join(f"<div>{p}</div><div><br></div>" for p in paras)
        + "</body></html>\n"
    )


def plist(received: int, viewed: int, flags: int, remote_id: str) -> str:
    return f"""\
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>date-last-viewed</key>
\t<integer>{viewed}</integer>
\t<key>date-received</key>
\t<integer>{received}</integer>
\t<key>flags</key>
\t<integer>{flags}</integer>
\t<key>remote-id</key>
\t<string>{remote_id}</string>
</dict>
</plist>
"""


def emlx(message: str, flags: int, remote_id: str, viewed_after: int) -> bytes:
    """An Apple Mail .emlx file: the message's byte count on a line of its own, the message, the property list."""
    raw = message.encode("utf-8")
    date = re.search(r"^Date: (.+)$", message, re.M)[1]
    received = calendar.timegm(email.utils.parsedate_tz(date)[:9]) - email.utils.parsedate_tz(date)[9] + 4
    return (
        f"{len(raw):<10}\n".encode()
        + raw
        + plist(received, received + viewed_after, flags, remote_id).encode()
    )


def vet_message() -> str:
    return f"""\
Return-Path: <reception@riversidevets.example.co.uk>
Received: from mx.riversidevets.example.co.uk (mx.riversidevets.example.co.uk [192.0.2.41])
 by mail.example.net with ESMTPS id 4Vq8Zr1Tz3z9sWd
 for <h.okafor@example.net>; Mon, 10 May 2027 16:42:11 +0100 (BST)
From: Riverside Veterinary Centre <reception@riversidevets.example.co.uk>
To: Hannah Okafor <h.okafor@example.net>
Subject: Biscuit's dental on Thursday 13 May 2027 - before the day
Date: Mon, 10 May 2027 16:42:07 +0100
Message-Id: <20270510154207.118273@riversidevets.example.co.uk>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

{qp(VET_BODY)}"""


CHOIR_BOUNDARY = "Apple-Mail=_5C0E7D1B-3A94-4F2E-8B61-9D2F40A7C316"
CHOIR_ALT = "Apple-Mail=_A17B2E90-6C3D-4E58-9F0A-B84D21C5E703"


def choir_message() -> str:
    return f"""\
Return-Path: <secretary@thornbury-choral.example.org>
Received: from smtp.example.org (smtp.example.org [198.51.100.7])
 by mail.example.net with ESMTPSA id 4Vx2Lk0Qb8z2mNp
 for <h.okafor@example.net>; Sun, 6 Jun 2027 19:05:36 +0100 (BST)
From: Margaret Ellery <secretary@thornbury-choral.example.org>
Content-Type: multipart/mixed;
\tboundary="{CHOIR_BOUNDARY}"
Mime-Version: 1.0 (Mac OS X Mail 16.0 \\(3774.600.62\\))
Subject: Summer concert on Saturday 19 June 2027 - final arrangements
Date: Sun, 6 Jun 2027 19:05:33 +0100
Message-Id: <7F3C2A9E-51D4-4B0E-A2C8-6E1F93B07D24@thornbury-choral.example.org>
To: Thornbury Choral Society members <members@thornbury-choral.example.org>
X-Mailer: Apple Mail (2.3774.600.62)


--{CHOIR_BOUNDARY}
Content-Type: multipart/alternative;
\tboundary="{CHOIR_ALT}"


--{CHOIR_ALT}
Content-Transfer-Encoding: quoted-printable
Content-Type: text/plain;
\tcharset=utf-8

{qp(CHOIR_BODY)}
--{CHOIR_ALT}
Content-Transfer-Encoding: quoted-printable
Content-Type: text/html;
\tcharset=utf-8

{qp(html_of(CHOIR_BODY))}
--{CHOIR_ALT}--

--{CHOIR_BOUNDARY}
Content-Disposition: attachment;
\tfilename=running-order.txt
Content-Type: text/plain;
\tx-unix-mode=0644;
\tname="running-order.txt"
Content-Transfer-Encoding: 7bit

{CHOIR_RUNNING_ORDER}
--{CHOIR_BOUNDARY}--
"""


# --- A running club's race results (.tsv) --------------------------------------------------------------------------

# (bib, name, gender, category, club, gun time, seconds from the gun to crossing the start mat, notes); the
# positions (overall, by gender, in the category) are counted from the gun times, as the race's rules say.
RACE = [
    (214, "Tom Aldridge", "M", "MSEN", "Wyvern Harriers", "32:41", 1, "course record"),
    (187, "Kieran Walsh", "M", "M40", "Mendip AC", "33:15", 2, ""),
    (302, "Sam Okonjo", "M", "MSEN", "unattached", "33:58", 1, ""),
    (119, "Lucy Brennan", "F", "FSEN", "Wyvern Harriers", "34:22", 2, "club record"),
    (256, "Daniel Fry", "M", "M40", "Avon Valley Runners", "35:07", 5, ""),
    (143, "Marcus Hale", "M", "M50", "Wyvern Harriers", "35:49", 4, ""),
    (88, "Ella Stirling", "F", "F35", "Mendip AC", "36:30", 4, ""),
    (271, "Jonas Pieterse", "M", "MSEN", "Avon Valley Runners", "36:52", 2, ""),
    (205, "Rhys Morgan", "M", "M45", "Wyvern Harriers", "37:18", 7, ""),
    (164, "Priya Chauhan", "F", "F40", "unattached", "37:44", 4, ""),
    (233, "Owen Bright", "M", "M35", "Chew Valley Striders", "38:05", 9, ""),
    (97, "Gareth Lloyd", "M", "M55", "Mendip AC", "38:40", 6, ""),
    (318, "Nadia Rahman", "F", "FSEN", "Chew Valley Striders", "39:12", 8, ""),
    (
        126,
        "Colin Thwaite",
        "M",
        "M60",
        "Wyvern Harriers",
        "39:57",
        5,
        "first M60 under 40 minutes on this course",
    ),
    (245, "Ben Carver", "M", "MSEN", "unattached", "40:23", 12, ""),
    (152, "Sian Powell", "F", "F45", "Wyvern Harriers", "40:48", 6, ""),
    (289, "Arjun Mehta", "M", "M35", "Avon Valley Runners", "41:16", 10, ""),
    (110, "Helen Marsh", "F", "F50", "Mendip AC", "41:59", 7, ""),
    (263, "Luke Dennison", "M", "M45", "Chew Valley Striders", "42:31", 11, ""),
    (331, "Fiona Gallagher", "F", "F35", "unattached", "43:04", 15, ""),
    (178, "Stuart Pike", "M", "M50", "Avon Valley Runners", "43:40", 9, ""),
    (207, "Anna Kowalska", "F", "F40", "Wyvern Harriers", "44:18", 13, "2-minute penalty added: headphones"),
    (295, "Dev Patel", "M", "MSEN", "Chew Valley Striders", "44:51", 16, ""),
    (134, "Margaret Doyle", "F", "F60", "Wyvern Harriers", "45:27", 8, ""),
    (222, "Peter Quayle", "M", "M65", "Mendip AC", "46:02", 10, ""),
    (341, "Chloe Barnes", "F", "FSEN", "unattached", "46:45", 21, ""),
    (171, "Ian Forsyth", "M", "M55", "Wyvern Harriers", "47:20", 14, ""),
    (284, "Rosa Delgado", "F", "F45", "Avon Valley Runners", "48:06", 18, ""),
    (158, "Trevor Ash", "M", "M70", "Chew Valley Striders", "49:33", 12, ""),
    (316, "Beth Lowry", "F", "F55", "Mendip AC", "50:14", 19, ""),
    (192, "Nick Hollis", "M", "M40", "unattached", "51:48", 25, ""),
    (249, "Joyce Ferrier", "F", "F65", "Wyvern Harriers", "53:09", 17, ""),
    (327, "Adam Kerr", "M", "M35", "unattached", "54:55", 28, "ran with his dog; not eligible for prizes"),
    (105, "Wendy Tait", "F", "F50", "Chew Valley Striders", "56:21", 22, ""),
    (276, "Graham Oakes", "M", "M60", "Avon Valley Runners", "58:47", 20, ""),
    (183, "Lily Chen", "F", "FU20", "unattached", "61:30", 31, "first race"),
    (338, "Harold Pym", "M", "M75", "Wyvern Harriers", "66:12", 24, "oldest finisher"),
    (
        299,
        "Jess Marlow",
        "F",
        "F40",
        "Mendip AC",
        "68:05",
        35,
        "last finisher, walked in with the tail runner",
    ),
]
RACE_NOT_FINISHED = [
    (240, "Callum Reid", "M", "MSEN", "Chew Valley Striders", "DNF", "stopped at 6 km, calf"),
    (117, "Yusuf Adeyemi", "M", "M45", "Mendip AC", "DNF", "stopped at 3 km, unwell"),
    (309, "Kate Bristow", "F", "F35", "unattached", "DQ", "cut the loop at the reservoir (marshal's report)"),
]


def clock(seconds: int) -> str:
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def race_tsv() -> str:
    head = ["Pos", "Bib", "Name", "Gender", "Category", "Club", "Gun time", "Chip time", "Gender pos", "Cat pos",
            "Notes"]  # fmt: skip
    rows, by_gender, by_cat = ["\t".join(head)], {}, {}
    for pos, (bib, name, gender, cat, club, gun, mat, notes) in enumerate(RACE, 1):
        m, s = map(int, gun.split(":"))
        by_gender[gender] = by_gender.get(gender, 0) + 1
        by_cat[cat] = by_cat.get(cat, 0) + 1
        cells = [pos, bib, name, gender, cat, club, clock(60 * m + s), clock(60 * m + s - mat), by_gender[gender],
                 by_cat[cat], notes]  # fmt: skip
        rows.append("\t".join(str(c) for c in cells))
    for bib, name, gender, cat, club, status, notes in RACE_NOT_FINISHED:
        rows.append("\t".join([status, str(bib), name, gender, cat, club, "", "", "", "", notes]))
    return "\n".join(rows) + "\n"


# --- A month of a home NAS's nightly backup log (.log) -----------------------------------------------------------

LOG_EVENTS = {
    # day of April 2027: lines written that night after the scan (each a (level, component, message))
    3: [("WARN", "scan", "skipped (locked): /home/dad/.thunderbird/k2x9.default/global-messages-db.sqlite")],
    6: [("WARN", "scan", "skipped (locked): /home/dad/.thunderbird/k2x9.default/global-messages-db.sqlite")],
    9: [("INFO", "scan", "large change: 2,316 new files under /srv/family/photos/2027/2027-04 Lisbon")],
    12: [
        ("INFO", "config", "reloaded /etc/nightjar/nightjar.toml: upload limit now 4 MiB/s (was unlimited)")
    ],
    17: [("WARN", "target", "local target /mnt/usb-backup is 91% full (3.36 of 3.64 TiB); consider pruning")],
    20: [("WARN", "scan", "skipped (locked): /home/dad/.thunderbird/k2x9.default/global-messages-db.sqlite")],
    24: [("INFO", "scan", "large change: 1 new file of 11.2 GiB: /srv/family/video/wedding-2026-raw.mov")],
}
LOG_FAILED = 14  # the night the off-site copy failed


def _h(day: int, what: str) -> int:
    return int(hashlib.sha256(f"2027-04-{day:02d}/{what}".encode()).hexdigest(), 16)


def backup_log() -> str:
    lines: list[str] = []

    def w(day: int, at: int, level: str, comp: str, msg: str) -> None:
        """A line at ``at`` seconds after 02:00:00 of that night."""
        h, rest = divmod(7200 + at, 3600)
        lines.append(f"2027-04-{day:02d} {h:02d}:{rest // 60:02d}:{rest % 60:02d} {level:<5} [{comp}] {msg}")

    prev, prev_added = "", 0.0
    for day in range(1, 31):
        date = dt.date(2027, 4, day)
        w(day, day % 3 % 2, "INFO", "job", "nightly run started (profile: family, host: attic-nas)")
        scanned = 412_800 + day * 137 + (2316 if day >= 9 else 0) + (1 if day >= 24 else 0)
        changed = {9: 2343, 24: 19}.get(day, 40 + _h(day, "changed") % 260)
        at = 240 + _h(day, "scan") % 150
        w(day, at, "INFO", "scan", f"{scanned:,} files scanned, {changed:,} new or changed")
        for level, comp, msg in LOG_EVENTS.get(day, []):
            at += 1 + _h(day, "event") % 20
            w(day, at, level, comp, msg)
        added = {9: 14.7, 24: 11.4}.get(day, (_h(day, "added") % 900 + 80) / 1000)  # GiB
        snapshot = hashlib.sha256(f"snapshot {date}".encode()).hexdigest()[:8]
        at += 60 + int(added * 150) + _h(day, "local") % 90
        w(day, at, "INFO", "local", f"snapshot {snapshot} saved to /mnt/usb-backup: {added:.2f} GiB added")
        if day == LOG_FAILED:
            target = "sftp://backup@rosie-pi.home.arpa:2222"
            for attempt in (1, 2, 3):
                at += 300 if attempt > 1 else 31
                level = "ERROR" if attempt == 3 else "WARN"
                tail = f"; off-site copy of snapshot {snapshot} NOT made" if attempt == 3 else ""
                w(
                    day,
                    at,
                    level,
                    "offsite",
                    f"{target} unreachable: connection timed out (try {attempt} of 3){tail}",
                )
            at += 1
            w(day, at, "ERROR", "job",
              f"nightly run finished with errors after {at // 60}m{at % 60:02d}s; e-mail sent to dad@okafor-home.example")  # fmt: skip
            prev, prev_added = snapshot, added
            continue
        if day == LOG_FAILED + 1:
            at += 5
            w(day, at, "INFO", "offsite", f"catching up: copying 2 snapshots ({prev}, {snapshot})")
            seconds = int(prev_added * 1024 / 4.0) + 20 + _h(day, "catch") % 20
            at += seconds
            w(day, at, "INFO", "offsite",
              f"snapshot {prev} copied to rosie-pi ({prev_added:.2f} GiB in {seconds // 60}m{seconds % 60:02d}s)")  # fmt: skip
        seconds = int(added * 1024 / (4.0 if day >= 12 else 6.5)) + 20 + _h(day, "copy") % 20
        at += seconds
        w(day, at, "INFO", "offsite",
          f"snapshot {snapshot} copied to rosie-pi ({added:.2f} GiB in {seconds // 60}m{seconds % 60:02d}s)")  # fmt: skip
        if date.weekday() == 6:  # Sundays: forget and prune by the retention rules
            removed = 5 + _h(day, "pruned") % 4
            freed = (_h(day, "freed") % 3000 + 900) / 1000
            at += 2
            w(day, at, "INFO", "prune", "keep rules: 14 daily, 8 weekly, 24 monthly")
            at += 150 + _h(day, "prune") % 100
            w(
                day,
                at,
                "INFO",
                "prune",
                f"{removed} snapshots forgotten, {freed:.2f} GiB freed on /mnt/usb-backup",
            )
        if day == 1:  # the monthly check reads back a tenth of the data
            at += 3
            w(day, at, "INFO", "check", "monthly check started: reading back 10% of pack files")
            at += 4602
            w(day, at, "INFO", "check", "monthly check passed: 1,873 of 18,726 packs read, no errors")
        at += 1
        took = (
            f"{at // 3600}h{at // 60 % 60:02d}m{at % 60:02d}s" if at >= 3600 else f"{at // 60}m{at % 60:02d}s"
        )
        w(day, at, "INFO", "job", f"nightly run finished OK in {took}")
        prev = snapshot
    return "\n".join(lines) + "\n"


# --- A community tool library's database schema (.sql) ----------------------------------------------------------

SCHEMA = """\
-- toolshed.sql: database schema for the Ashgrove Tool Library
--
-- The Ashgrove Tool Library lends tools to members from the old bowls pavilion on Station Road, open Saturdays
-- 10:00-13:00 and Wednesdays 18:00-20:00. This file creates the tables that the lending desk's laptop uses
-- (SQLite 3.40 or later; run it with:  sqlite3 toolshed.db < toolshed.sql).
--
-- Maintainer: Tomasz Wiśniewski (volunteer, Tuesdays). Last change: 2027-02-11, added the repairs table.
-- Money is stored in pence as INTEGER, never as REAL, so that fees add up exactly.

PRAGMA foreign_keys = ON;

-- Members. A household joins once; everyone living at the address may borrow on the one membership.
-- The yearly fee is on a sliding scale (see membership_band below); nobody is turned away for not paying it.
CREATE TABLE member (
    member_id      INTEGER PRIMARY KEY,
    full_name      TEXT    NOT NULL,
    address        TEXT    NOT NULL,
    postcode       TEXT    NOT NULL,
    phone          TEXT,
    email          TEXT    UNIQUE,
    band           TEXT    NOT NULL DEFAULT 'standard' REFERENCES membership_band (band),
    joined_on      TEXT    NOT NULL DEFAULT (date('now')),  -- ISO date, YYYY-MM-DD
    renews_on      TEXT    NOT NULL,                        -- a year after joining, then each year
    -- A member who signs the induction sheet may borrow power tools; everyone may borrow hand tools.
    inducted_power INTEGER NOT NULL DEFAULT 0 CHECK (inducted_power IN (0, 1)),
    -- Suspended members cannot borrow (three late returns in a year, or a tool lost and not paid for).
    suspended      INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
    notes          TEXT
);

-- The sliding scale of yearly fees, in pence.
CREATE TABLE membership_band (
    band        TEXT PRIMARY KEY,
    yearly_fee  INTEGER NOT NULL CHECK (yearly_fee >= 0),
    description TEXT NOT NULL
);

INSERT INTO membership_band (band, yearly_fee, description) VALUES
    ('concession', 500,  'students, pensioners, anyone on benefits'),
    ('standard',   2000, 'most households'),
    ('supporter',  4000, 'pays it forward: covers a concession member too');

-- Tools. Each physical tool has its own row and its own asset tag (the engraved number, e.g. AG-0412).
CREATE TABLE tool (
    tool_id     INTEGER PRIMARY KEY,
    asset_tag   TEXT    NOT NULL UNIQUE CHECK (asset_tag GLOB 'AG-[0-9][0-9][0-9][0-9]'),
    name        TEXT    NOT NULL,          -- 'Hedge trimmer (cordless, 18V)'
    category    TEXT    NOT NULL CHECK (category IN ('garden', 'woodwork', 'decorating', 'plumbing',
                                                     'electrical', 'cleaning', 'car', 'kitchen')),
    power_tool  INTEGER NOT NULL DEFAULT 0 CHECK (power_tool IN (0, 1)),
    -- A refundable deposit is taken for tools worth more than 100 pounds; 0 means no deposit.
    deposit     INTEGER NOT NULL DEFAULT 0 CHECK (deposit >= 0),
    -- Most tools go out for 7 days; a few are in such demand that they go out for 3 days only.
    loan_days   INTEGER NOT NULL DEFAULT 7 CHECK (loan_days BETWEEN 1 AND 14),
    donated_by  TEXT,
    status      TEXT    NOT NULL DEFAULT 'available'
                CHECK (status IN ('available', 'on_loan', 'in_repair', 'retired')),
    added_on    TEXT    NOT NULL DEFAULT (date('now'))
);

-- Loans. One row per tool lent; a member may hold at most 4 tools at once (checked by trigger below).
CREATE TABLE loan (
    loan_id      INTEGER PRIMARY KEY,
    tool_id      INTEGER NOT NULL REFERENCES tool (tool_id) ON DELETE RESTRICT,
    -- a member with loans on record cannot be deleted: mark them suspended or let the membership lapse instead
    member_id    INTEGER NOT NULL REFERENCES member (member_id) ON DELETE RESTRICT,
    lent_on      TEXT    NOT NULL DEFAULT (date('now')),
    due_on       TEXT    NOT NULL,
    returned_on  TEXT,                     -- NULL while the tool is out
    renewed      INTEGER NOT NULL DEFAULT 0 CHECK (renewed BETWEEN 0 AND 1),  -- one renewal allowed, by phone
    condition_out TEXT,
    condition_in  TEXT,
    CHECK (due_on > lent_on)
);

CREATE INDEX loan_open ON loan (member_id) WHERE returned_on IS NULL;
CREATE INDEX loan_by_tool ON loan (tool_id, lent_on);

-- No more than 4 tools out at once per member, and none at all for suspended members.
CREATE TRIGGER loan_limit BEFORE INSERT ON loan
BEGIN
    SELECT RAISE(ABORT, 'member is suspended')
     WHERE (SELECT suspended FROM member WHERE member_id = NEW.member_id) = 1;
    SELECT RAISE(ABORT, 'member already has 4 tools out')
     WHERE (SELECT count(*) FROM loan WHERE member_id = NEW.member_id AND returned_on IS NULL) >= 4;
    SELECT RAISE(ABORT, 'power tool: member has not done the induction')
     WHERE (SELECT power_tool FROM tool WHERE tool_id = NEW.tool_id) = 1
       AND (SELECT inducted_power FROM member WHERE member_id = NEW.member_id) = 0;
END;

-- Late returns. The fee is 50p a day per tool, from the day after due_on, capped at 10 pounds per loan;
-- the desk may waive it (waived = 1) and must say why in the note.
CREATE TABLE late_fee (
    loan_id   INTEGER PRIMARY KEY REFERENCES loan (loan_id) ON DELETE CASCADE,
    days_late INTEGER NOT NULL CHECK (days_late > 0),
    amount    INTEGER NOT NULL CHECK (amount BETWEEN 50 AND 1000),
    paid      INTEGER NOT NULL DEFAULT 0 CHECK (paid IN (0, 1)),
    waived    INTEGER NOT NULL DEFAULT 0 CHECK (waived IN (0, 1)),
    note      TEXT,
    CHECK (NOT (waived = 1 AND note IS NULL))
);

-- Repairs (added 2027-02-11). A tool goes to Repair Café on the first Sunday of the month;
-- parts up to 15 pounds may be bought without asking the committee.
CREATE TABLE repair (
    repair_id    INTEGER PRIMARY KEY,
    tool_id      INTEGER NOT NULL REFERENCES tool (tool_id) ON DELETE CASCADE,
    reported_on  TEXT    NOT NULL DEFAULT (date('now')),
    fault        TEXT    NOT NULL,
    fixed_on     TEXT,
    parts_cost   INTEGER NOT NULL DEFAULT 0 CHECK (parts_cost BETWEEN 0 AND 1500),
    fixed_by     TEXT
);

-- What is out now and when it is due back, for the desk's "overdue" list.
CREATE VIEW overdue AS
SELECT m.full_name, m.phone, t.asset_tag, t.name, l.due_on,
       CAST(julianday('now') - julianday(l.due_on) AS INTEGER) AS days_over
  FROM loan l
  JOIN member m USING (member_id)
  JOIN tool t USING (tool_id)
 WHERE l.returned_on IS NULL AND l.due_on < date('now')
 ORDER BY l.due_on;
"""


# --- A podcast app's exported settings (.json) -------------------------------------------------------------------

SETTINGS = {
    "app": "Driftwood Podcasts",
    "exported": "2027-03-28T21:14:09Z",
    "settings_version": 12,
    "device": {"name": "Hannah's phone", "platform": "android", "app_version": "5.8.2"},
    "playback": {
        "default_speed": 1.3,
        "trim_silence": "mild",
        "volume_boost": False,
        "skip_back_seconds": 10,
        "skip_forward_seconds": 45,
        "skip_intro_seconds_default": 0,
        "continuous_play": True,
        "sleep_timer": {"default_minutes": 25, "end_of_episode_option": True, "shake_to_extend_minutes": 5},
        "headset_buttons": {"double_press": "skip_forward", "triple_press": "skip_back"},
    },
    "downloads": {
        "auto_download": True,
        "wifi_only": True,
        "only_while_charging": False,
        "storage": "sd_card",
        "folder": "/storage/3A41-11F0/Podcasts",
        "max_storage_mb": 6000,
        "keep_episodes_after_played_days": 2,
        "keep_unplayed_max_per_podcast": 5,
    },
    "refresh": {"interval_hours": 4, "at_startup": True, "notify_new_episodes": "starred_only"},
    "quiet_hours": {"enabled": True, "from": "22:30", "to": "07:00"},
    "sync": {
        "enabled": True,
        "server": "https://sync.driftwoodpods.example/v2",
        "account": "h.okafor@example.net",
        "sync_play_position": True,
        "last_sync": "2027-03-28T21:10:44Z",
    },
    "podcasts": [
        {
            "title": "The Allotment Hour",
            "feed": "https://feeds.example.org/allotment-hour.xml",
            "starred": True,
            "speed": 1.0,
            "skip_intro_seconds": 42,
            "auto_download": True,
            "notes": "Speed 1.0: the presenters already talk fast.",
        },
        {
            "title": "History Extra Ordinary",
            "feed": "https://feeds.example.com/heo/rss",
            "starred": True,
            "speed": 1.5,
            "skip_intro_seconds": 0,
            "auto_download": True,
            "play_order": "oldest_first",
        },
        {
            "title": "Morning Briefing",
            "feed": "https://news.example.co.uk/podcasts/morning.xml",
            "starred": False,
            "speed": 1.8,
            "skip_intro_seconds": 15,
            "auto_download": True,
            "keep_episodes_after_played_days": 0,
            "notes": "Daily news: delete as soon as played, never keep a backlog.",
        },
        {
            "title": "Slow French Stories",
            "feed": "https://audio.example.fr/histoires-lentes/feed",
            "starred": True,
            "speed": 0.9,
            "skip_intro_seconds": 8,
            "auto_download": False,
            "notes": "For the French evening class (Thursdays); download by hand the week before.",
        },
        {
            "title": "Rugby Union Weekly",
            "feed": "https://feeds.example.net/ruw.xml",
            "starred": False,
            "speed": 1.3,
            "skip_intro_seconds": 30,
            "auto_download": False,
            "paused": True,
            "notes": "Paused until the autumn internationals.",
        },
    ],
    "appearance": {"theme": "dark", "episode_list_density": "compact", "show_artwork_in_lists": True},
}


# --- writing them -------------------------------------------------------------------------------------------------

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
WEEKDAY_DATE = re.compile(
    r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\.? +(\d{1,2}) +(" + "|".join(MONTHS) + r")[a-z]* +(\d{4})\b"
)


def check_weekdays(text: str) -> int:
    """Every weekday written before a date is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        day = dt.date(int(m[4]), MONTHS.index(m[3]) + 1, int(m[2]))
        if day.strftime("%a") != m[1]:
            raise SystemExit(f"{m[0]!r}: that day is a {day.strftime('%A')}")
        n += 1
    return n


def main() -> None:
    vet, choir = vet_message(), choir_message()
    for text in (VET_BODY, CHOIR_BODY, CHOIR_RUNNING_ORDER, vet, choir):
        check_weekdays(text)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "48213.emlx").write_bytes(emlx(vet, 8590195713, "30917", 5412))
    (OUT / "48230.emlx").write_bytes(emlx(choir, 8623489025, "31288", 77190))
    texts = {
        "wyvern-summer-10k-2027-results.tsv": race_tsv(),
        "nightjar-backup-2027-04.log": backup_log(),
        "toolshed.sql": SCHEMA,
        "driftwood-settings.json": json.dumps(SETTINGS, indent=2, ensure_ascii=False) + "\n",
    }
    for name, text in texts.items():
        (OUT / name).write_bytes(text.encode("utf-8"))


if __name__ == "__main__":
    main()
