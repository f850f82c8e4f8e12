"""GPS tracks (.gpx) are read as a walk is told: the day's description, each named waypoint with its height, time
and notes, and each track summed up from its points; every piece keeps its line in the file."""

from __future__ import annotations

from engine.index.extraction import extract, file_type_for
from engine.index.readers.gpx import extract_gpx

GPX = """<?xml version="1.0" encoding="UTF-8"?>
<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="Test">
  <metadata>
    <name>Round the reservoir</name>
    <desc>A short loop, 2 km</desc>
  </metadata>
  <wpt lat="53.0000" lon="-1.0000">
    <ele>243.4</ele>
    <time>2027-05-15T08:52:10Z</time>
    <name>Car park</name>
    <desc>Pay and display: £6.50 all day.</desc>
  </wpt>
  <wpt lat="53.0100" lon="-1.0000">
    <ele>312</ele>
    <name>Summit</name>
  </wpt>
  <wpt lat="53.0050" lon="-1.0000"><ele>280</ele></wpt>
  <trk>
    <name>Loop</name>
    <trkseg>
      <trkpt lat="53.0000" lon="-1.0000"><ele>243</ele><time>2027-05-15T08:52:10Z</time></trkpt>
      <trkpt lat="53.0100" lon="-1.0000"><ele>312</ele><time>2027-05-15T09:22:10Z</time></trkpt>
      <trkpt lat="53.0000" lon="-1.0000"><ele>250</ele><time>2027-05-15T09:52:10Z</time></trkpt>
    </trkseg>
  </trk>
</gpx>
"""


def _line(needle: str) -> int:
    return next(i for i, line in enumerate(GPX.split("\n"), 1) if needle in line)


def test_a_track_reads_as_its_description_waypoints_and_summary():
    page = extract_gpx(GPX)
    assert page.text.split("\n\n") == [
        "Round the reservoir. A short loop, 2 km.",
        "Car park, 243 m, Sat 15 May 2027, 08:52 UTC.\nPay and display: £6.50 all day.",
        "Summit, 312 m.",  # an unnamed waypoint says nothing to read
        # 2 x 0.01 degrees of latitude: 2 x 1.112 km
        "Track Loop: 3 points, 2.2 km, 69 m of ascent and 62 m of descent, 243 m to 312 m high, "
        "Sat 15 May 2027, 08:52 to 09:52 UTC (1 h 0 min).",
    ]
    assert [t for _, t in page.trails] == ["Round the reservoir", "Car park", "Summit", "Track Loop"]
    assert all(b.kind == "record" for b in page.blocks)
    assert page.locate(page.text.index("Pay and display"))[0] == _line("<desc>Pay")
    assert page.locate(page.text.index("312 m."))[0] == _line("<ele>312</ele>")
    track = page.text.index("Track Loop")
    assert page.line_range(track, len(page.text)) == (_line("<trk>"), _line("<ele>250</ele>"))


def test_a_file_that_is_no_readable_gpx_is_read_as_its_text(tmp_path):
    path = tmp_path / "walk.gpx"
    path.write_text(GPX)
    assert file_type_for(path) == "gpx"
    assert extract(path, path.read_bytes()).pages[0].text.startswith("Round the reservoir.")
    for text in (
        GPX[: len(GPX) // 2],  # cut short: no XML
        '<?xml version="1.0"?>\n<!DOCTYPE gpx [<!ENTITY a "aaaa">]>\n<gpx><wpt><name>&a;</name></wpt></gpx>\n',
        '<gpx version="1.1"><metadata><name>Empty</name></metadata></gpx>\n',  # no waypoint, no track
    ):
        page = extract_gpx(text)
        assert page.text == text and not page.anchors
