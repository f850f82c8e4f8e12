"""Generate the private documents of the realdocs ``heldout35`` part under ``files/private35/``: one person's Google
Maps saved places as Google Takeout exports them (``Takeout/Maps (your places)/Saved Places.json``, GeoJSON with each
place's address, the date it was saved, its Maps link and the user's comment, dropped pins with coordinates only; and
``Takeout/Saved/Want to go.csv``, a saved list as Takeout writes it: ``Title,Note,URL,Comment``); a Simplenote
export's ``notes.json`` (active notes and trashed ones, tags, pinned, Markdown, a published note); and a recorded
check-in walk-round of a rented flat as a speech-to-text JSON transcript (``walkround-garnet-terrace.json``: Whisper's
``text``, ``segments`` and ``language``, each segment with its start and end in seconds, tokens and scores, and a
``speaker`` as MacWhisper adds it), re-saved indented two spaces.

    python eval/realdocs/make_heldout35.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids, so a rerun gives the same bytes. Every weekday written next to a
date is checked against the calendar; the places read back with ``json`` (40 to 60 places in both files, every named
place with an address, a dropped pin's link its coordinates); the notes read back with ``json`` (25 to 40 active
notes, 2 or 3 trashed, ids unique, a note's title line then a blank line); the transcript reads back with ``json``
(120 to 250 segments, in time order without overlaps, 25 to 40 minutes, the whole ``text`` the segments' texts, every
speaker named).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout35 (the tests, check.py)
    import heldout35_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout35_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private35"
PLACES_PATH = "Takeout/Maps (your places)/Saved Places.json"
LIST_PATH = "Takeout/Saved/Want to go.csv"
NOTES_PATH = "notes.json"
TRANSCRIPT_PATH = "walkround-garnet-terrace.json"


def _n(key: str, bits: int = 64) -> int:
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big") >> (64 - bits)


def places() -> dict:
    features = []
    for name, address, lat, lon, date, comment in T.PLACES:
        if name is None:  # a dropped pin: its coordinates, a link to them, and the comment
            props = {
                "date": date,
                "google_maps_url": f"http://maps.google.com/?q={lat},{lon}",
                "Comment": comment,
            }
        else:
            props = {
                "date": date,
                "google_maps_url": f"http://maps.google.com/?cid={_n(name)}",
                "location": {"address": address, "country_code": "GB", "name": name},
                "Comment": comment,
            }
        features.append(
            {"geometry": {"coordinates": [lon, lat], "type": "Point"}, "properties": props, "type": "Feature"}
        )
    return {"type": "FeatureCollection", "features": features}


def places_text() -> str:
    return json.dumps(places(), indent=2, ensure_ascii=False) + "\n"


def want_to_go_text() -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["Title", "Note", "URL", "Comment"])
    for title, note, cid in T.WANT_TO_GO:
        slug = title.replace(" ", "+").replace(",", "%2C").replace("'", "%27")
        w.writerow(
            [title, note, f"https://www.google.com/maps/place/{slug}/data=!4m2!3m1!1s0x0:0x{int(cid):x}", ""]
        )
    return out.getvalue()


def _note(key: str, created: str, modified: str, tags: list[str], flags: set[str], content: str) -> dict:
    note = {
        "id": hashlib.sha256(f"simplenote {key}".encode()).hexdigest()[:32],
        "content": content,
        "creationDate": created + ".000Z",
        "lastModified": modified + ".000Z",
    }
    if "pinned" in flags:
        note["pinned"] = True
    if "markdown" in flags:
        note["markdown"] = True
    note["tags"] = tags
    if "public" in flags:
        note["publicURL"] = f"http://simp.ly/p/{hashlib.sha256(key.encode()).hexdigest()[:6]}"
    return note


def notes() -> dict:
    return {"activeNotes": [_note(*n) for n in T.NOTES], "trashedNotes": [_note(*n) for n in T.TRASHED]}


def notes_text() -> str:
    return json.dumps(notes(), indent=2, ensure_ascii=False)


def _segments() -> list[tuple[int, int, str, str]]:
    """(start, end in hundredths of a second, speaker, text): a segment lasts 0.42 s a word; quiet before it as the
    line says (four seconds for each "+N" step) or a short gap."""
    gaps = [90, 160, 280, 60, 440, 110, 210, 330]
    out, t = [], 120
    for i, line in enumerate(T.TRANSCRIPT.strip("\n").split("\n")):
        m = re.fullmatch(r"(?:\+(\d+) )?([A-Z]): (.+)", line)
        t += int(m[1]) * 400 if m[1] else (gaps[i % len(gaps)] if i else 0)
        length = 42 * len(m[3].split()) + 30
        out.append((t, t + length, m[2], m[3]))
        t += length
    return out


def transcript() -> dict:
    segments = []
    for i, (start, end, who, text) in enumerate(_segments()):
        tokens = (
            [50364]
            + [_n(f"{i} {w}", 15) + 220 for w in text.split()]
            + [50364 + min((end - start) // 2, 1500)]
        )
        segments.append(
            {
                "id": i,
                "seek": start // 3000 * 3000,
                "start": start / 100,
                "end": end / 100,
                "text": " " + text,
                "speaker": T.SPEAKERS[who],
                "tokens": tokens,
                "temperature": 0.0,
                "avg_logprob": -round(0.12 + _n(f"lp {i}", 16) / 65536 * 0.3, 4),
                "compression_ratio": round(1.2 + _n(f"cr {i}", 16) / 65536 * 0.5, 4),
                "no_speech_prob": round(_n(f"ns {i}", 16) / 65536 * 0.05, 4),
            }
        )
    return {"text": "".join(s["text"] for s in segments), "segments": segments, "language": "en"}


def transcript_text() -> str:
    return json.dumps(transcript(), indent=2, ensure_ascii=False)


def check_places(text: str, listed: str) -> None:
    data = json.loads(text)
    rows = list(csv.reader(io.StringIO(listed)))
    assert rows[0] == ["Title", "Note", "URL", "Comment"] and all(len(r) == 4 for r in rows)
    assert 40 <= len(data["features"]) + len(rows) - 1 <= 60
    for f in data["features"]:
        lon, lat = f["geometry"]["coordinates"]
        p = f["properties"]
        assert 49 < lat < 61 and -8 < lon < 2 and p["Comment"]
        if "location" in p:
            assert p["location"]["address"].endswith("United Kingdom") and p["location"]["name"]
        else:
            assert p["google_maps_url"].endswith(f"?q={lat},{lon}")


def check_notes(text: str) -> None:
    data = json.loads(text)
    active, trashed = data["activeNotes"], data["trashedNotes"]
    assert 25 <= len(active) <= 40 and 2 <= len(trashed) <= 3
    ids = [n["id"] for n in active + trashed]
    assert len(set(ids)) == len(ids)
    for n in active + trashed:
        title, blank, body = n["content"].split("\n", 2)
        assert title and not blank and body
        assert n["creationDate"] <= n["lastModified"]


def check_transcript(text: str) -> None:
    data = json.loads(text)
    segs = data["segments"]
    assert 120 <= len(segs) <= 250
    assert all(a["end"] <= b["start"] and a["start"] < a["end"] for a, b in zip(segs, segs[1:]))
    assert 25 * 60 <= segs[-1]["end"] <= 40 * 60, segs[-1]["end"]
    assert data["text"] == "".join(s["text"] for s in segs)
    assert {s["speaker"] for s in segs} == set(T.SPEAKERS.values())


def mmss(seconds: float) -> str:
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


def check_texts() -> int:
    n = sum(check_weekdays(p[5]) for p in T.PLACES) + sum(check_weekdays(w[1]) for w in T.WANT_TO_GO)
    n += sum(check_weekdays(x[5]) for x in T.NOTES + T.TRASHED)
    return n + check_weekdays(T.TRANSCRIPT)


def files() -> dict[str, bytes]:
    """The saved places, the saved list, the notes and the transcript, by their path under ``files/private35``."""
    return {
        PLACES_PATH: places_text().encode("utf-8"),
        LIST_PATH: want_to_go_text().encode("utf-8"),
        NOTES_PATH: notes_text().encode("utf-8"),
        TRANSCRIPT_PATH: transcript_text().encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_places(made[PLACES_PATH].decode("utf-8"), made[LIST_PATH].decode("utf-8"))
    check_notes(made[NOTES_PATH].decode("utf-8"))
    check_transcript(made[TRANSCRIPT_PATH].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
