"""A birder's posts, a runner's workouts and a fiddler's tunes: a Mastodon archive's outbox read a post a message,
a TCX file read an activity a record with its laps in words, and an ABC tune book read a tune a record, its header
fields in words and its music last. Each is made here in its real on-disk form and read through the indexer's own
entry point; citations name the file's lines."""

from __future__ import annotations

from engine.index.extraction import RECORD_TYPES
from engine.index.options import reader_tag
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read

OUTBOX = '{\n  "@context": "https://www.w3.org/ns/activitystreams",\n  "id": "outbox.json",\n  "type": "OrderedCollection",\n  "totalItems": 4,\n  "orderedItems": [\n    {\n      "id": "https://mastodon.example/users/jen/statuses/111/activity",\n      "type": "Create",\n      "actor": "https://mastodon.example/users/jen",\n      "published": "2027-03-05T19:40:00Z",\n      "object": {\n        "id": "https://mastodon.example/users/jen/statuses/111",\n        "type": "Note",\n        "summary": null,\n        "inReplyTo": null,\n        "published": "2027-03-05T19:40:00Z",\n        "content": "<p>Off to Blacktoft tomorrow at dawn. <a href=\\"https://mastodon.example/tags/birding\\" class=\\"mention hashtag\\" rel=\\"tag\\">#<span>birding</span></a></p>",\n        "attachment": [],\n        "tag": [{"type": "Hashtag", "name": "#birding"}]\n      }\n    },\n    {\n      "id": "https://mastodon.example/users/jen/statuses/112/activity",\n      "type": "Create",\n      "published": "2027-03-06T08:12:44Z",\n      "object": {\n        "id": "https://mastodon.example/users/jen/statuses/112",\n        "type": "Note",\n        "summary": "a dead gull",\n        "inReplyTo": "https://mastodon.example/users/jen/statuses/111",\n        "published": "2027-03-06T08:12:44Z",\n        "content": "<p>Two avocets on the scrape!</p><p>And a gull the fox got.</p>",\n        "attachment": [{"type": "Document", "mediaType": "image/jpeg", "url": "/media_attachments/1.jpg", "name": "Two avocets wading in brown water"}]\n      }\n    },\n    {\n      "id": "https://mastodon.example/users/jen/statuses/113/activity",\n      "type": "Create",\n      "published": "2027-03-07T10:00:00Z",\n      "object": {\n        "id": "https://mastodon.example/users/jen/statuses/113",\n        "type": "Question",\n        "content": "<p>Which hide next weekend?</p>",\n        "oneOf": [{"type": "Note", "name": "Singleton", "replies": {"type": "Collection", "totalItems": 12}}, {"type": "Note", "name": "Marshland", "replies": {"type": "Collection", "totalItems": 5}}]\n      }\n    },\n    {\n      "id": "https://mastodon.example/users/jen/statuses/114/activity",\n      "type": "Announce",\n      "published": "2027-03-08T09:00:00Z",\n      "object": "https://other.example/@rspb/999"\n    }\n  ]\n}\n'

TCX = '<?xml version="1.0" encoding="UTF-8"?>\n<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">\n  <Activities>\n    <Activity Sport="Running">\n      <Id>2027-03-06T08:02:11.000Z</Id>\n      <Lap StartTime="2027-03-06T08:02:11.000Z">\n        <TotalTimeSeconds>1512.0</TotalTimeSeconds>\n        <DistanceMeters>5000.0</DistanceMeters>\n        <MaximumSpeed>4.1</MaximumSpeed>\n        <Calories>310</Calories>\n        <AverageHeartRateBpm><Value>148</Value></AverageHeartRateBpm>\n        <MaximumHeartRateBpm><Value>162</Value></MaximumHeartRateBpm>\n        <Intensity>Active</Intensity>\n        <TriggerMethod>Distance</TriggerMethod>\n        <Track>\n          <Trackpoint><Time>2027-03-06T08:02:11.000Z</Time><AltitudeMeters>100.0</AltitudeMeters><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>\n          <Trackpoint><Time>2027-03-06T08:12:11.000Z</Time><AltitudeMeters>130.0</AltitudeMeters></Trackpoint>\n        </Track>\n      </Lap>\n      <Lap StartTime="2027-03-06T08:27:23.000Z">\n        <TotalTimeSeconds>1480.0</TotalTimeSeconds>\n        <DistanceMeters>5000.0</DistanceMeters>\n        <Calories>300</Calories>\n        <AverageHeartRateBpm><Value>158</Value></AverageHeartRateBpm>\n        <MaximumHeartRateBpm><Value>171</Value></MaximumHeartRateBpm>\n      </Lap>\n      <Notes>Felt strong; new shoes (Pegasus 41).</Notes>\n      <Creator xsi:type="Device_t" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n        <Name>Forerunner 255</Name>\n        <UnitId>3412345678</UnitId>\n        <Version><VersionMajor>19</VersionMajor><VersionMinor>18</VersionMinor></Version>\n      </Creator>\n    </Activity>\n  </Activities>\n  <Author xsi:type="Application_t" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n    <Name>Garmin Connect</Name>\n  </Author>\n</TrainingCenterDatabase>\n'

ABC = "%abc-2.1\n% Ruth's session book, Hebden Bridge\nZ:Ruth Calloway\n\nX:1\nT:The Silver Spear\nT:Silver Spire\nR:reel\nC:Trad.\nO:Ireland\nM:4/4\nL:1/8\nQ:1/4=110\nZ:Ruth Calloway, from Dan's playing\nN:Play the B part twice at the\n+:Tuesday session.\nH:Learnt at the Trades Club in 2019;\nH:Dan says it came over from Sligo.\nK:Dmix\n% the second ending is Dan's\n|:A2FA DAFA|A2FA BAGB|A2FA DAFA|\"G\"GFGA BAGB:|\nW:Oh the silver spear\nW:shines at dawn\n"


def test_a_mastodon_outbox_reads_a_post_a_message():
    doc = _read("outbox.json", OUTBOX)
    assert doc.file_type == "messages"
    page = doc.pages[0]
    text = page.text
    assert "Friday 5 March 2027 19:40 You: Off to Blacktoft tomorrow at dawn. #birding" in text
    # a content warning, a reply to the account's own post by its time, a picture's alt text
    assert (
        "You: (content warning: a dead gull) (in reply to your post of Friday 5 March 2027 19:40) Two avocets on "
        "the scrape! And a gull the fox got. Picture: Two avocets wading in brown water" in text
    )
    assert "Which hide next weekend? Poll: Singleton (12 votes); Marshland (5 votes)." in text
    assert "(boosted) https://other.example/@rspb/999" in text
    assert "#birding Hashtags: #birding." in text  # its hashtags named as such
    # each piece at its own key: the words at "content", the alt text at its "name"
    assert _cited(page, "Two avocets on the scrape")[0] == _line_of(OUTBOX, "Two avocets on the scrape")
    assert _cited(page, "Picture: Two avocets")[0] == _line_of(OUTBOX, '"name": "Two avocets')
    assert "<p>" not in text and "orderedItems" not in text
    assert _cited(page, "Which hide")[0] <= _line_of(OUTBOX, "Which hide") < _cited(page, "(boosted)")[0]
    assert (
        reader_tag("code", ".json").decode().find("mastodon") > 0
    )  # a new reading of .json files reads them again
    # an ActivityStreams collection that is no outbox of posts stays code
    assert _read("other.json", '{"type": "OrderedCollection", "orderedItems": [1, 2]}').file_type == "code"


def test_a_tcx_file_reads_an_activity_a_record_with_its_laps():
    doc = _read("run.tcx", TCX)
    assert doc.file_type == "tcx" and "tcx" not in RECORD_TYPES  # a chunk of its own, not shown whole
    page = doc.pages[0]
    text = page.text
    assert text.startswith(
        "Run on Saturday 6 March 2027 at 08:02 UTC: 10.00 km in 49:52 (4:59 per km), 2 laps, 610 kcal, heart rate "
        "153 on average, 171 at most.\nDevice: Forerunner 255 (unit ID 3412345678, software 19.18)."
    )
    assert "Notes: Felt strong; new shoes (Pegasus 41)." in text
    # a lap's line names its activity: a question about "the second 5 km of my run on 6 March" finds it
    assert (
        "Lap 1 of the run on Saturday 6 March 2027 at 08:02 UTC: 5.00 km in 25:12 (5:02 per km), 310 kcal, heart "
        "rate 148 on average, 162 at most, top speed 14.8 km/h, climbing 30 m." in text
    )
    assert "Lap 2 of the run on Saturday 6 March 2027 at 08:02 UTC: 5.00 km in 24:40 (4:56 per km)" in text
    assert "<TotalTimeSeconds>" not in text
    assert _cited(page, "Notes: Felt strong")[0] == _line_of(TCX, "<Notes>")
    assert _cited(page, "Lap 2 of")[0] == _line_of(TCX, 'StartTime="2027-03-06T08:27')
    broken = TCX.replace("</Activities>", "")
    assert _read("broken.tcx", broken).pages[0].text == broken


def test_an_abc_tune_book_reads_a_tune_a_record_in_words():
    doc = _read("session.abc", ABC)
    assert doc.file_type == "abc"
    page = doc.pages[0]
    text = page.text
    assert "Ruth's session book, Hebden Bridge." in text and "abc-2.1" not in text
    assert "Tune 1: The Silver Spear, a reel in D Mixolydian, 4/4." in text
    assert "Also called: Silver Spire." in text and "Key: D Mixolydian (K:Dmix)." in text
    assert "Transcribed by: Ruth Calloway, from Dan's playing." in text
    assert "The Silver Spear comes from Ireland." in text
    assert "Notes: Play the B part twice at the Tuesday session." in text  # "+:" goes on
    assert "History: Learnt at the Trades Club in 2019; Dan says it came over from Sligo." in text
    assert "the second ending is Dan's." in text  # a comment as prose
    assert "Words: Oh the silver spear / shines at dawn." in text
    assert text.rstrip().endswith('Music: |:A2FA DAFA|A2FA BAGB|A2FA DAFA|"G"GFGA BAGB:|.')  # the music last
    assert _cited(page, "History: Learnt")[0] == _line_of(ABC, "H:Learnt")
    assert "Tune 1: The Silver Spear" in [t for _, t in page.trails]
    assert _read("n.abc", "no tunes here\n").pages[0].text == "no tunes here\n"


def test_a_compact_mastodon_outbox_reads_in_linear_time():
    """Mastodon writes its archive's JSON compact (no space after a key's colon): each post is still found at its own
    keys, and 20,000 posts read in seconds (each post's id was looked for from it to the file's end: quadratic)."""
    import json
    import time

    compact = json.dumps(json.loads(OUTBOX), separators=(",", ":"))
    page = _read("outbox.json", compact).pages[0]
    assert "Which hide next weekend? Poll: Singleton (12 votes); Marshland (5 votes)." in page.text
    assert page.anchors[-1][2] == compact.index('"published":"2027-03-08')  # the boost at its own time
    post = json.loads(OUTBOX)["orderedItems"][0]
    items = []
    for n in range(20_000):
        p = json.loads(json.dumps(post).replace("statuses/111", f"statuses/{n}"))
        items.append(p)
    big = json.dumps({"type": "OrderedCollection", "orderedItems": items}, separators=(",", ":"))
    t = time.perf_counter()
    page = _read("outbox.json", big).pages[0]
    assert time.perf_counter() - t < 20
    assert page.text.count("Off to Blacktoft") == 20_000
