"""A trip's map, a club player's games and a personal blog: a KML map (Google My Maps' export) read a place a record
under its layer, a PGN file read a game at a time with each note after the move it is about, and a WordPress export
read as its site (drafts, pages, tags and readers' comments). Each is made here in its real on-disk form and read
through the indexer's own entry point; citations name the file's lines."""

from __future__ import annotations

from engine.index.extraction import RECORD_TYPES
from engine.index.options import reader_tag
from tests.engine.index.reading_helpers import cited as _cited
from tests.engine.index.reading_helpers import line_of as _line_of
from tests.engine.index.reading_helpers import read_named as _read

KML = """<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Lakes week 2027</name>
    <description><![CDATA[Our family week in Wasdale, 7-14 August.]]></description>
    <Style id="icon-1899-0288D1-normal">
      <IconStyle><Icon><href>https://www.gstatic.com/mapspro/images/stock/503-wht-blank_maps.png</href></Icon></IconStyle>
    </Style>
    <Folder>
      <name>Where we sleep</name>
      <Placemark>
        <name>Wasdale Head Inn</name>
        <description><![CDATA[Booked 3 nights, ref WH-2231.<br>Dogs allowed in the bar.]]></description>
        <styleUrl>#icon-1899-0288D1</styleUrl>
        <ExtendedData>
          <Data name="Phone">
            <value>019467 26229</value>
          </Data>
        </ExtendedData>
        <Point>
          <coordinates>
            -3.2661,54.4663,0
          </coordinates>
        </Point>
      </Placemark>
    </Folder>
    <Folder>
      <name>Walks</name>
      <Placemark>
        <name>Scafell Pike via Brown Tongue</name>
        <description>Start at 8; Grandad turns back at Hollow Stones.</description>
        <LineString>
          <coordinates>-3.2661,54.4663,0 -3.2300,54.4540,0 -3.2117,54.4541,0</coordinates>
        </LineString>
      </Placemark>
    </Folder>
  </Document>
</kml>
"""

PGN = """[Event "Leeds Club Championship"]
[Site "Leeds"]
[Date "2026.03.14"]
[Round "3"]
[White "Pike, Alan"]
[Black "Chen, Mary"]
[Result "1-0"]
[WhiteElo "1850"]
[BlackElo "1720"]
[ECO "B90"]
[Opening "Sicilian Defence"]
[Variation "Najdorf"]
[TimeControl "5400+30"]
[Annotator "Pike, Alan"]

1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 {The Najdorf, as she
always plays.} 6. Be3 e5 $14 7. Nb3 (7. Nf5 d5) 7... Be6 8. f3 Nbd7?
{Too slow; I should have pushed g4 at once.} 9. g4 $1 h6 10. Qd2 $2 {Time trouble: 2 minutes left} 1-0

[Event "Friendly"]
[White "Chen, Mary"]
[Black "Pike, Alan"]
[Result "1/2-1/2"]
[Date "2026.??.??"]

1. d4 { [%clk 0:04:58] } 1... d5 { [%clk 0:04:57] Solid. } 1/2-1/2
"""

WXR = """<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
\t<title>Plot 14</title>
\t<description>An allotment in Headingley</description>
\t<wp:author><wp:author_login><![CDATA[jen]]></wp:author_login><wp:author_display_name><![CDATA[Jen Hale]]></wp:author_display_name></wp:author>
\t<wp:category><wp:category_nicename><![CDATA[veg]]></wp:category_nicename><wp:cat_name><![CDATA[Veg]]></wp:cat_name></wp:category>
\t<item>
\t\t<title><![CDATA[Leeks in the frost]]></title>
\t\t<pubDate>Sat, 03 Apr 2027 09:12:00 +0000</pubDate>
\t\t<dc:creator><![CDATA[jen]]></dc:creator>
\t\t<content:encoded><![CDATA[<!-- wp:paragraph -->
<p>The leeks survived minus six. I earthed them up on 2 January.</p>
<!-- /wp:paragraph -->]]></content:encoded>
\t\t<wp:post_date><![CDATA[2027-04-03 10:12:00]]></wp:post_date>
\t\t<wp:status><![CDATA[publish]]></wp:status>
\t\t<wp:post_type><![CDATA[post]]></wp:post_type>
\t\t<category domain="category" nicename="veg"><![CDATA[Veg]]></category>
\t\t<category domain="post_tag" nicename="frost"><![CDATA[frost]]></category>
\t\t<wp:comment>
\t\t\t<wp:comment_author><![CDATA[Sam Okoro]]></wp:comment_author>
\t\t\t<wp:comment_date><![CDATA[2027-04-04 18:02:11]]></wp:comment_date>
\t\t\t<wp:comment_content><![CDATA[Mine bolted in March. Which variety were yours?]]></wp:comment_content>
\t\t\t<wp:comment_approved><![CDATA[1]]></wp:comment_approved>
\t\t</wp:comment>
\t\t<wp:comment>
\t\t\t<wp:comment_author><![CDATA[cheap pills]]></wp:comment_author>
\t\t\t<wp:comment_content><![CDATA[buy now]]></wp:comment_content>
\t\t\t<wp:comment_approved><![CDATA[spam]]></wp:comment_approved>
\t\t</wp:comment>
\t</item>
\t<item>
\t\t<title><![CDATA[Seed order 2028]]></title>
\t\t<pubDate>Mon, 30 Nov -0001 00:00:00 +0000</pubDate>
\t\t<content:encoded><![CDATA[<p>Parsnips: Gladiator again.</p>]]></content:encoded>
\t\t<wp:post_date><![CDATA[2027-11-02 20:00:00]]></wp:post_date>
\t\t<wp:status><![CDATA[draft]]></wp:status>
\t\t<wp:post_type><![CDATA[post]]></wp:post_type>
\t</item>
\t<item>
\t\t<title><![CDATA[About]]></title>
\t\t<content:encoded><![CDATA[<p>Jen has had plot 14 since 2019.</p>]]></content:encoded>
\t\t<wp:status><![CDATA[publish]]></wp:status>
\t\t<wp:post_type><![CDATA[page]]></wp:post_type>
\t</item>
</channel>
</rss>
"""


def test_a_kml_map_reads_a_place_a_record_under_its_layer():
    doc = _read("Lakes week.kml", KML)
    assert doc.file_type == "kml" and "kml" in RECORD_TYPES
    page = doc.pages[0]
    text = page.text
    assert text.startswith("Lakes week 2027.\nOur family week in Wasdale, 7-14 August.")
    assert "Wasdale Head Inn (layer: Where we sleep)." in text
    assert "Booked 3 nights, ref WH-2231." in text and "Dogs allowed in the bar." in text  # its HTML as text
    assert "Phone: 019467 26229." in text and "At 54.46630, -3.26610." in text
    assert (
        "Scafell Pike via Brown Tongue (layer: Walks).\nStart at 8; Grandad turns back at Hollow Stones."
        in text
    )
    assert "A route of 3 points, 3.9 km long." in text
    for noise in ("gstatic", "styleUrl", "<coordinates>", "icon-1899"):
        assert noise not in text
    assert _cited(page, "Phone: 019467")[0] == _line_of(KML, "019467")
    assert _cited(page, "Booked 3 nights")[0] == _line_of(KML, "Booked 3 nights")
    assert "Where we sleep › Wasdale Head Inn" in [t for _, t in page.trails]
    assert sum(b.kind == "record" for b in page.blocks) == 3  # the map, then each place a chunk of its own
    assert reader_tag("kml").startswith(b":kml-")
    broken = KML.replace("</Document>", "")
    assert _read("broken.kml", broken).pages[0].text == broken  # not well-formed: read as its text


def test_a_pgn_file_reads_a_game_at_a_time_each_note_after_its_move():
    doc = _read("season.pgn", PGN)
    assert doc.file_type == "chess"
    page = doc.pages[0]
    text = page.text
    assert (
        "Alan Pike (White, 1850) against Mary Chen (Black, 1720), Leeds Club Championship, Leeds, round 3, "
        "14 March 2026." in text
    )
    assert "Result: 1-0, Alan Pike won." in text
    assert "Opening: Sicilian Defence, Najdorf (ECO B90)." in text
    assert "Time control: 90 min, 30 s a move (5400+30)." in text and "Notes by: Alan Pike." in text
    # a note after the move it follows, a glyph or a numbered annotation in words, a variation as "or"
    assert "After Black's 5th move, a6: The Najdorf, as she always plays." in text
    assert "After Black's 8th move, Nbd7 (a mistake): Too slow; I should have pushed g4 at once." in text
    assert "After White's 10th move, Qd2 (a mistake): Time trouble: 2 minutes left." in text
    # the notes first, then the moves on one line, a move's number without a space after it (no sentence ends at "2.")
    assert text.index("After White's 10th move") < text.index("Moves (10 moves): 1.e4 c5 2.Nf3 d6 3.d4 cxd4")
    assert (
        "6.Be3 e5 (White is slightly better) 7.Nb3 (or 7.Nf5 d5) 7...Be6 8.f3 Nbd7? 9.g4! h6 10.Qd2? 1-0."
        in text
    )
    assert [a[1] for a in page.anchors] == sorted(a[1] for a in page.anchors)  # anchored in the file's order
    assert "Mary Chen (White) against Alan Pike (Black), Friendly, 2026." in text
    assert "Result: ½-½, a draw." in text
    assert "After Black's 1st move, d5: Solid." in text and "%clk" not in text  # a clock's command is no note
    assert '[White "' not in text and "{" not in text and "$14" not in text
    assert _cited(page, "After Black's 8th move")[0] == _line_of(PGN, "{Too slow")
    assert _cited(page, "Result: 1-0")[0] == _line_of(PGN, '[Result "1-0"]')
    # a game headed by its players and its event: each of its sentences is read under it
    assert [t for _, t in page.trails] == [
        "Alan Pike against Mary Chen (Leeds Club Championship, round 3)",
        "Mary Chen against Alan Pike (Friendly)",
    ]
    assert _read("notes.pgn", "no games here\n").pages[0].text == "no games here\n"


def test_a_wordpress_export_reads_as_its_site():
    doc = _read("plot14.WordPress.2027-12-01.xml", WXR)
    assert doc.file_type == "feed"
    page = doc.pages[0]
    text = page.text
    assert "Leeks in the frost. Published Sat 3 Apr 2027. By Jen Hale." in text  # the name the site shows
    assert "The leeks survived minus six." in text and "wp:paragraph" not in text
    assert "Categories: Veg." in text and "Tags: frost." in text
    assert "Comment by Sam Okoro, Sun 4 Apr 2027: Mine bolted in March. Which variety were yours?" in text
    assert "buy now" not in text and "cheap pills" not in text  # spam is not read
    assert "Seed order 2028. A draft, not yet published. Written Tue 2 Nov 2027." in text
    assert "About. A page of the site." in text
    assert _cited(page, "Mine bolted")[0] == _line_of(WXR, "Mine bolted")


def test_a_run_of_chess_moves_is_no_answer():
    """Held-out 31's answers quoted a game's record ("Moves (26 moves): 1.e4 e5 2.Nf3 ...") as a sentence; a run of
    moves answers nothing a person asks, a note does."""
    from engine.rag.not_answers import chess_moves, not_an_answer

    assert not_an_answer("Moves (26 moves): 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.d3 Nf6 5.c3 d6 6.O-O O-O 7.Re1 a6.")
    assert chess_moves("13...d5 14.exd5 Bxd5 15.Nh4?!")  # a piece of a run, cut at a glyph
    assert not chess_moves(
        "After Black's 8th move, Nbd7 (a mistake): Too slow; I should have pushed g4 at once."
    )
    assert not chess_moves("I played e4 and then d4 in the club game on Tuesday.")
