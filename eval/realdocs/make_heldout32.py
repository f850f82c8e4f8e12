"""Generate the private documents of the realdocs ``heldout32`` part under ``files/private32/``: a birdwatcher's
Mastodon account as Mastodon's "Request your archive" gives it, its ``outbox.json`` (``archive-.../outbox.json``:
ActivityStreams 2.0, an ``OrderedCollection`` of ``Create`` activities of ``Note``s and a ``Question`` (a poll), with
HTML content, hashtag and mention links, content warnings, alt texts and replies to her own posts, and ``Announce``
boosts; indented two spaces), a runner and cyclist's month of workouts as a Training Center Database v2 export
(``Owain Pryce March 2027.tcx``: activities with laps, tracks of trackpoints, notes, the device and the author) and a
session player's tune book in ABC notation (``Drovers Arms session tunes.abc``).

    python eval/realdocs/make_heldout32.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids, so a rerun gives the same bytes. Every weekday written next to a
date is checked against the calendar; the outbox reads back with ``json`` (items in order, replies to earlier posts,
the poll's votes adding up to what the post that closes it says); the workouts read back with ``xml.etree`` (each
lap's trackpoints inside its time and distance, heart rates up to the lap's maximum); the tunes read back as header
fields with ``X:`` numbers in order and ``K:`` last.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout32 (the tests, check.py)
    import heldout32_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout32_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private32"
TCX_NS = "{http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2}"
PUBLIC = "https://www.w3.org/ns/activitystreams#Public"
POINTS = 10  # trackpoints a lap


def _when(s: str) -> dt.datetime:
    return dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S").replace(tzinfo=dt.UTC)


def _iso(t: dt.datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


# --- the Mastodon archive ---------------------------------------------------------------------------------------------


def status_id(published: str, n: int) -> str:
    """Mastodon's snowflake id: milliseconds since the epoch shifted 16 bits, and a sequence in the low bits."""
    ms = int(_when(published).timestamp() * 1000)
    return str((ms << 16) + (n * 7919) % 65536)


def _html(text: str) -> str:
    """A post's text as Mastodon stores it: HTML-escaped, hashtags and mentions as links, a paragraph."""
    s = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;")
    s = re.sub(
        r"#(\w+)",
        lambda m: (
            f'<a href="{T.SERVER}/tags/{m[1].lower()}" class="mention hashtag" rel="tag">#<span>{m[1]}</span></a>'
        ),
        s,
    )
    s = re.sub(
        r"@(\w+)",
        lambda m: (
            f'<span class="h-card" translate="no"><a href="{T.SERVER}/@{m[1]}" class="u-url mention">'
            f"@<span>{m[1]}</span></a></span>"
        ),
        s,
    )
    label, url = T.BLOG_LINK
    if label in text:
        s += f' <a href="{url}" target="_blank" rel="nofollow noopener noreferrer" translate="no">'
        s += f'<span class="invisible">https://</span><span class="">{url[8:]}</span><span class="invisible"></span></a>'
    return f"<p>{s}</p>"


def outbox() -> dict:
    actor = f"{T.SERVER}/users/{T.ACCOUNT}"
    followers = f"{actor}/followers"
    ids = [status_id(p[1] if p[0] == "boost" else p[0], n) for n, p in enumerate(T.POSTS)]
    conversation: dict[int, str] = {}
    items = []
    for n, post in enumerate(T.POSTS):
        sid = ids[n]
        if post[0] == "boost":
            _b, published, url = post
            items.append(
                {
                    "id": f"{actor}/statuses/{sid}/activity",
                    "type": "Announce",
                    "actor": actor,
                    "published": _iso(_when(published)),
                    "to": [PUBLIC],
                    "cc": [url.split("/@")[0] + "/users/" + url.split("/@")[1].split("/")[0], followers],
                    "object": url,
                }
            )
            continue
        published, text, reply, cw, media, poll = post
        conversation[n] = conversation[reply] if reply is not None else f"{sid[:8]}{n:03d}"
        content = _html(text)
        url = f"{actor}/statuses/{sid}"
        tags = [
            {"type": "Mention", "href": T.MENTIONS[m], "name": f"@{m}"} for m in re.findall(r"@(\w+)", text)
        ] + [
            {"type": "Hashtag", "href": f"{T.SERVER}/tags/{h.lower()}", "name": f"#{h.lower()}"}
            for h in re.findall(r"#(\w+)", text)
        ]
        obj = {
            "id": url,
            "type": "Question" if poll else "Note",
            "summary": cw,
            "inReplyTo": f"{actor}/statuses/{ids[reply]}" if reply is not None else None,
            "published": _iso(_when(published)),
            "url": f"{T.SERVER}/@{T.ACCOUNT}/{sid}",
            "attributedTo": actor,
            "to": [PUBLIC],
            "cc": [followers] + [T.MENTIONS[m] for m in re.findall(r"@(\w+)", text)],
            "sensitive": cw is not None,
            "atomUri": url,
            "inReplyToAtomUri": f"{actor}/statuses/{ids[reply]}" if reply is not None else None,
            "conversation": f"tag:fenwatch.social,{published[:10]}:objectId={conversation[n]}:objectType=Conversation",
            "content": content,
            "contentMap": {"en": content},
            "updated": None,
            "attachment": [
                {
                    "type": "Document",
                    "mediaType": "image/jpeg",
                    "url": f"/media_attachments/files/{sid[:3]}/{sid[3:6]}/{sid[6:9]}/original/{stem}.jpeg",
                    "name": alt,
                    "blurhash": "U" + hashlib.md5(stem.encode()).hexdigest()[:27],
                    "focalPoint": [0.0, 0.0],
                    "width": 1600,
                    "height": 1200,
                }
                for stem, alt in media
            ],
            "tag": tags,
            "replies": {
                "id": f"{url}/replies",
                "type": "Collection",
                "first": {
                    "type": "CollectionPage",
                    "next": f"{url}/replies?only_other_accounts=true&page=true",
                    "partOf": f"{url}/replies",
                    "items": [],
                },
            },
        }
        del obj["updated"]
        if poll:
            end, options = poll
            obj["endTime"] = _iso(_when(end))
            obj["closed"] = _iso(_when(end))
            obj["votersCount"] = sum(v for _o, v in options)
            obj["oneOf"] = [
                {"type": "Note", "name": o, "replies": {"type": "Collection", "totalItems": v}}
                for o, v in options
            ]
        items.append(
            {
                "id": f"{url}/activity",
                "type": "Create",
                "actor": actor,
                "published": _iso(_when(published)),
                "to": [PUBLIC],
                "cc": obj["cc"],
                "object": obj,
            }
        )
    return {
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": "outbox.json",
        "type": "OrderedCollection",
        "totalItems": len(items),
        "orderedItems": items,
    }


def outbox_text() -> str:
    return json.dumps(outbox(), ensure_ascii=False, indent=2)


def check_outbox(text: str) -> None:
    data = json.loads(text)
    items = data["orderedItems"]
    if data["totalItems"] != len(items) or not 30 <= len(items) <= 50:
        raise SystemExit("30 to 50 items, totalItems their number")
    seen: set[str] = set()
    times = [i["published"] for i in items]
    if times != sorted(times):
        raise SystemExit("the items are in time order")
    for item in items:
        if item["type"] == "Create":
            obj = item["object"]
            if obj["inReplyTo"] is not None and obj["inReplyTo"] not in seen:
                raise SystemExit(f"{obj['id']}: a reply to no earlier post")
            if obj["sensitive"] != (obj["summary"] is not None):
                raise SystemExit(f"{obj['id']}: sensitive when it has a content warning")
            seen.add(obj["id"])
            if obj["type"] == "Question":
                votes = [o["replies"]["totalItems"] for o in obj["oneOf"]]
                if sum(votes) != obj["votersCount"]:
                    raise SystemExit("the poll's votes add up")
                closing = [
                    x["object"]["content"]
                    for x in items
                    if x["type"] == "Create" and x["object"]["inReplyTo"] == obj["id"]
                ]
                if not any(f"{max(votes)} votes out of {sum(votes)}" in c for c in closing):
                    raise SystemExit("the post that closes the poll gives its result")
        elif item["type"] != "Announce":
            raise SystemExit(item["type"])


# --- the workouts -----------------------------------------------------------------------------------------------------


def _f(x: float, places: int) -> str:
    return f"{x:.{places}f}"


def tcx_text() -> str:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<TrainingCenterDatabase xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 '
        'http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd" '
        'xmlns:ns5="http://www.garmin.com/xmlschemas/ActivityGoals/v1" '
        'xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" '
        'xmlns:ns2="http://www.garmin.com/xmlschemas/UserProfile/v2" '
        'xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xmlns:ns4="http://www.garmin.com/xmlschemas/ProfileExtension/v1">',
        "  <Activities>",
    ]
    for a, (sport, start, (lat0, lon0), device, laps, notes) in enumerate(T.ACTIVITIES):
        t0 = _when(start)
        out += [f'    <Activity Sport="{sport}">', f"      <Id>{_iso(t0).replace('Z', '.000Z')}</Id>"]
        offset, dist0 = 0.0, 0.0
        bearing = 0.7 + a * 1.1
        for n, (secs, metres, vmax, kcal, hr, hrmax, intensity, trigger, cadence) in enumerate(laps):
            lap_start = t0 + dt.timedelta(seconds=offset)
            out += [
                f'      <Lap StartTime="{_iso(lap_start).replace("Z", ".000Z")}">',
                f"        <TotalTimeSeconds>{_f(secs, 1)}</TotalTimeSeconds>",
                f"        <DistanceMeters>{_f(metres, 1)}</DistanceMeters>",
                f"        <MaximumSpeed>{_f(vmax, 3)}</MaximumSpeed>",
                f"        <Calories>{kcal}</Calories>",
                "        <AverageHeartRateBpm>",
                f"          <Value>{hr}</Value>",
                "        </AverageHeartRateBpm>",
                "        <MaximumHeartRateBpm>",
                f"          <Value>{hrmax}</Value>",
                "        </MaximumHeartRateBpm>",
                f"        <Intensity>{intensity}</Intensity>",
            ]
            if sport == "Biking":
                out.append(f"        <Cadence>{cadence}</Cadence>")
            out += [f"        <TriggerMethod>{trigger}</TriggerMethod>", "        <Track>"]
            for k in range(POINTS):
                frac = k / (POINTS - 1)
                d = dist0 + metres * frac
                wiggle = math.sin(d / 900.0)
                lat = lat0 + d / 111_320 * math.cos(bearing + 0.3 * wiggle)
                lon = lon0 + d / 65_500 * math.sin(bearing + 0.3 * wiggle)
                alt = 140 + 60 * math.sin(d / 4100.0 + a) + (n == 2 and sport == "Biking") * 180 * frac
                beat = hrmax if k == POINTS - 2 else min(hrmax - 1, round(hr - 6 + 9 * frac + 2 * wiggle))
                out += [
                    "          <Trackpoint>",
                    f"            <Time>{_iso(lap_start + dt.timedelta(seconds=round(secs * frac)))}</Time>",
                    "            <Position>",
                    f"              <LatitudeDegrees>{_f(lat, 8)}</LatitudeDegrees>",
                    f"              <LongitudeDegrees>{_f(lon, 8)}</LongitudeDegrees>",
                    "            </Position>",
                    f"            <AltitudeMeters>{_f(alt, 1)}</AltitudeMeters>",
                    f"            <DistanceMeters>{_f(d, 1)}</DistanceMeters>",
                    "            <HeartRateBpm>",
                    f"              <Value>{beat}</Value>",
                    "            </HeartRateBpm>",
                ]
                speed = metres / secs * (0.9 + 0.2 * frac)
                if sport == "Biking":
                    out.append(f"            <Cadence>{cadence - 3 + k % 5}</Cadence>")
                    out.append(
                        f"            <Extensions><ns3:TPX><ns3:Speed>{_f(speed, 3)}</ns3:Speed></ns3:TPX></Extensions>"
                    )
                else:
                    out.append(
                        f"            <Extensions><ns3:TPX><ns3:Speed>{_f(speed, 3)}</ns3:Speed>"
                        f"<ns3:RunCadence>{cadence - 1 + k % 3}</ns3:RunCadence></ns3:TPX></Extensions>"
                    )
                out.append("          </Trackpoint>")
            avg = f"<ns3:AvgSpeed>{_f(metres / secs, 3)}</ns3:AvgSpeed>"
            if sport != "Biking":
                avg += f"<ns3:AvgRunCadence>{cadence}</ns3:AvgRunCadence><ns3:MaxRunCadence>{cadence + 2}</ns3:MaxRunCadence>"
            out += [
                "        </Track>",
                f"        <Extensions><ns3:LX>{avg}</ns3:LX></Extensions>",
                "      </Lap>",
            ]
            offset += secs
            dist0 += metres
        name, unit, product, major, minor = device
        out += [
            f"      <Notes>{notes}</Notes>",
            '      <Creator xsi:type="Device_t">',
            f"        <Name>{name}</Name>",
            f"        <UnitId>{unit}</UnitId>",
            f"        <ProductID>{product}</ProductID>",
            "        <Version>",
            f"          <VersionMajor>{major}</VersionMajor>",
            f"          <VersionMinor>{minor}</VersionMinor>",
            "          <BuildMajor>0</BuildMajor>",
            "          <BuildMinor>0</BuildMinor>",
            "        </Version>",
            "      </Creator>",
            "    </Activity>",
        ]
    author, part = T.TCX_AUTHOR
    out += [
        "  </Activities>",
        '  <Author xsi:type="Application_t">',
        f"    <Name>{author}</Name>",
        "    <Build>",
        "      <Version>",
        "        <VersionMajor>0</VersionMajor>",
        "        <VersionMinor>0</VersionMinor>",
        "        <BuildMajor>0</BuildMajor>",
        "        <BuildMinor>0</BuildMinor>",
        "      </Version>",
        "    </Build>",
        "    <LangID>en</LangID>",
        f"    <PartNumber>{part}</PartNumber>",
        "  </Author>",
        "</TrainingCenterDatabase>",
        "",
    ]
    return "\n".join(out)


def check_tcx(text: str) -> None:
    root = ET.fromstring(text.encode("utf-8"))
    acts = root.findall(f"{TCX_NS}Activities/{TCX_NS}Activity")
    if len(acts) != len(T.ACTIVITIES) or not 4 <= len(acts) <= 8:
        raise SystemExit("4 to 8 activities")
    for act in acts:
        laps = act.findall(f"{TCX_NS}Lap")
        if not 2 <= len(laps) <= 6 or act.find(f"{TCX_NS}Notes") is None:
            raise SystemExit("2 to 6 laps and notes an activity")
        for lap in laps:
            start = dt.datetime.fromisoformat(lap.get("StartTime").replace("Z", "+00:00"))
            secs = float(lap.find(f"{TCX_NS}TotalTimeSeconds").text)
            hrmax = int(lap.find(f"{TCX_NS}MaximumHeartRateBpm/{TCX_NS}Value").text)
            hr = int(lap.find(f"{TCX_NS}AverageHeartRateBpm/{TCX_NS}Value").text)
            if not hr < hrmax:
                raise SystemExit("the average heart rate is under the maximum")
            points = lap.findall(f"{TCX_NS}Track/{TCX_NS}Trackpoint")
            if not 10 <= len(points) <= 40:
                raise SystemExit("10 to 40 trackpoints a lap")
            beats = [int(p.find(f"{TCX_NS}HeartRateBpm/{TCX_NS}Value").text) for p in points]
            if max(beats) != hrmax:
                raise SystemExit("a trackpoint reaches the lap's maximum heart rate")
            for p in points:
                t = dt.datetime.fromisoformat(p.find(f"{TCX_NS}Time").text.replace("Z", "+00:00"))
                if not 0 <= (t - start).total_seconds() <= secs:
                    raise SystemExit("a trackpoint outside its lap")


# --- the tune book ----------------------------------------------------------------------------------------------------


def abc_text() -> str:
    return T.ABC_HEADER + "\n" + "\n\n".join(T.TUNES) + "\n"


def abc_tunes(text: str) -> list[tuple[int, dict[str, list[str]]]]:
    """Each tune's first line number (its ``X:``) and its header fields, in order."""
    tunes: list[tuple[int, dict[str, list[str]]]] = []
    for n, line in enumerate(text.split("\n"), 1):
        if line.startswith("X:"):
            tunes.append((n, {}))
        if tunes and re.match(r"[A-Za-z+]:", line):
            tunes[-1][1].setdefault(line[0], []).append(line[2:])
    return tunes


def check_abc(text: str) -> None:
    tunes = abc_tunes(text)
    if [int(f["X"][0]) for _n, f in tunes] != list(range(1, len(tunes) + 1)) or not 10 <= len(tunes) <= 16:
        raise SystemExit("10 to 16 tunes numbered in order")
    for tune in T.TUNES:
        lines = tune.split("\n")
        k = next(i for i, line in enumerate(lines) if line.startswith("K:"))
        if not lines[1].startswith("T:") or any(re.match(r"[A-JL-VX-Z]:", line) for line in lines[k + 1 :]):
            raise SystemExit(f"{lines[1]}: T: second, K: last of the header")
        if not all(f in "".join(line[:2] for line in lines[:k]) for f in ("M:", "L:", "R:")):
            raise SystemExit(f"{lines[1]}: a metre, a unit length and a rhythm")


def check_texts() -> int:
    words = [p[1] for p in T.POSTS if p[0] != "boost"] + [a[-1] for a in T.ACTIVITIES] + T.TUNES
    return check_weekdays("\n".join(words))


def files() -> dict[str, bytes]:
    """The archive's outbox, the workouts and the tune book, by their path under ``files/private32``."""
    return {
        f"{T.MASTODON_DIR}/outbox.json": outbox_text().encode("utf-8"),
        T.TCX_NAME: tcx_text().encode("utf-8"),
        T.ABC_NAME: abc_text().encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_outbox(made[f"{T.MASTODON_DIR}/outbox.json"].decode("utf-8"))
    check_tcx(made[T.TCX_NAME].decode("utf-8"))
    check_abc(made[T.ABC_NAME].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
