"""RSS and Atom feeds (engine.index.readers.feeds): a channel and its items in words, each item a record anchored to
its lines, read through the real text reader; an .xml file that is no feed stays code."""

from pathlib import Path

from engine.index.extraction import extract

RSS = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
<title>Mend and Make Do</title>
<description>A fortnightly show about fixing household things.</description>
<itunes:author>Priya Nair</itunes:author>
<image><title>Cover art</title><url>https://example.org/c.png</url></image>
<item>
<title>Ep 3: The toaster that burnt everything</title>
<pubDate>Tue, 04 May 2027 06:00:00 +0000</pubDate>
<itunes:duration>42:17</itunes:duration>
<itunes:episode>3</itunes:episode>
<description>&lt;p&gt;We open a toaster whose &lt;b&gt;thermostat&lt;/b&gt; had drifted.&lt;/p&gt;&lt;p&gt;Guest: Tom Reyes from the repair caf&amp;eacute;.&lt;/p&gt;</description>
<enclosure url="https://cdn.example.org/mend/ep3.mp3" length="40600000" type="audio/mpeg"/>
<category>Kitchen</category>
</item>
<item>
<title>Ep 2: Sticky zips</title>
<pubDate>Tue, 20 Apr 2027 06:00:00 +0000</pubDate>
<itunes:duration>1955</itunes:duration>
<description><![CDATA[<p>Graphite pencil on the teeth works.</p>]]></description>
</item>
</channel>
</rss>
"""

ATOM = """<?xml version="1.0" encoding="utf-8"?>
<!-- written by a static site generator -->
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Allotment diary</title>
  <author><name>Jo Park</name></author>
  <entry>
    <title>Leeks in</title>
    <link href="https://example.org/leeks"/>
    <published>2027-04-18T09:30:00+01:00</published>
    <summary type="html">&lt;p&gt;Sixty leeks dibbed in along the east fence.&lt;/p&gt;</summary>
  </entry>
</feed>
"""


def _page(name: str, text: str):
    doc = extract(Path(name), text.encode())
    return doc.file_type, doc.pages[0]


def test_an_rss_feed_is_read_as_its_channel_and_items_in_words():
    kind, page = _page("mend-feed.xml", RSS)
    assert kind == "feed"
    assert page.text.startswith(
        "Mend and Make Do. By Priya Nair.\nA fortnightly show about fixing household things."
    )
    assert (
        "Ep 3: The toaster that burnt everything. Published Tue 4 May 2027. Episode 3. Length 42 min 17 s (42:17).\n"
        "We open a toaster whose thermostat had drifted.\nGuest: Tom Reyes from the repair café.\n"
        "Categories: Kitchen.\nAudio: ep3.mp3 (40.6 MB)."
    ) in page.text
    assert (
        "Ep 2: Sticky zips. Published Tue 20 Apr 2027. Length 32 min 35 s.\nGraphite pencil on the teeth works."
        in (page.text)
    )
    assert "&lt;" not in page.text and "<p>" not in page.text and "Cover art" not in page.text
    assert [b.kind for b in page.blocks] == ["record"] * 3
    lines = RSS.split("\n")
    item = page.blocks[1]
    first, last = page.line_range(item.start, item.end)
    assert lines[first - 1] == "<title>Ep 3: The toaster that burnt everything</title>"
    assert lines[last - 1].startswith("<enclosure")
    at = page.text.index("We open a toaster")
    assert lines[page.line_range(at, at + 5)[0] - 1].startswith("<description>")


def test_atom_and_the_rss_suffix_are_feeds_too():
    kind, page = _page("diary.atom", ATOM)
    assert kind == "feed" and page.text.startswith("Allotment diary. By Jo Park.")
    assert "Leeks in. Published Sun 18 Apr 2027.\nSixty leeks dibbed in along the east fence." in page.text
    kind, _ = _page("show.rss", RSS)
    assert kind == "feed"


def test_an_xml_file_that_is_no_feed_stays_code_and_a_doctype_is_refused():
    kind, page = _page("layout.xml", '<?xml version="1.0"?>\n<layout><button id="ok"/></layout>\n')
    assert kind == "code" and "<button" in page.text
    hostile = RSS.replace(
        '<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY a "aaaa">]>'
    )
    kind, page = _page("evil.rss", hostile)
    assert "<!DOCTYPE" in page.text  # read as its text, no entity expanded
    kind, page = _page("broken.rss", RSS[:300])
    assert page.text == RSS[:300]


def test_an_answer_from_a_feed_is_words_not_markup():
    from engine.rag.extractive import extract_answer
    from engine.rag.sources import Source

    _, page = _page("mend-feed.xml", RSS)
    src = Source(1, page.text, "/pods/mend-feed.xml", None, 1, RSS.count("\n"))
    ans = extract_answer("Who was the guest on the toaster episode?", [src], None, max_sentences=2)
    best = next(s.text for s in ans.sentences if "Tom Reyes" in s.text)
    assert "`" not in best and "Ep 3: The toaster" in best  # the whole item, no code ticks
