"""Generate the private documents of the realdocs ``heldout31`` part under ``files/private31/``: a family's holiday
planning map as Google My Maps exports it to KML (``Carrowburn holiday August 2027.kml``: KML 2.2, styles and style
maps with icon addresses, a folder per layer, placemarks with descriptions (some CDATA HTML), ExtendedData, points and
line strings), a hobby blog as WordPress exports it (``muckandmizzle.WordPress.2027-09-27.xml``: WXR 1.2, authors,
categories and tags, then posts, pages, a draft and an attachment as ``<item>``s with Gutenberg block markup in CDATA,
post meta and comments) and a club player's season as a chess database exports it to PGN (``Ashworth 2026-27
season.pgn``: the seven-tag roster and more, movetext wrapped at 80 columns with comments, NAGs and variations).

    python eval/realdocs/make_heldout31.py          # rewrite them; the output is the same on every run

The standard library only; fixed text, times and ids, so a rerun gives the same bytes. Every weekday written next to a
date is checked against the calendar; the map and the blog read back with ``xml.etree`` as laid out (every layer and
placemark, every item with its type, status, categories and comments); the games read back as tag pairs and movetext
with a result that matches the ``Result`` tag, move numbers in order and as many plies as ``PlyCount`` says.
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout31 (the tests, check.py)
    import heldout31_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout31_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private31"
KML_NS = "{http://www.opengis.net/kml/2.2}"


def _x(text: str) -> str:
    """Text escaped as My Maps and WordPress escape element text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --- the map ----------------------------------------------------------------------------------------------------------


def _abgr(rgb: str) -> str:
    """KML's colour order (alpha, blue, green, red) for a My Maps colour (red, green, blue)."""
    return "ff" + rgb[4:6].lower() + rgb[2:4].lower() + rgb[0:2].lower()


def kml_text() -> str:
    """The map as My Maps' "Export to KML" writes it (the KML choice, not KMZ): two-space indents, a normal and a
    highlight style per style map, then a folder per layer."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<kml xmlns="http://www.opengis.net/kml/2.2">',
        "  <Document>",
        f"    <name>{_x(T.KML_TITLE)}</name>",
        f"    <description>{_x(T.KML_DESCRIPTION)}</description>",
    ]
    for sid, kind, colour, n in T.KML_STYLES:
        for state in ("normal", "highlight"):
            out.append(f'    <Style id="{sid}-{state}">')
            if kind == "icon":
                out += [
                    "      <IconStyle>",
                    f"        <color>{_abgr(colour)}</color>",
                    f"        <scale>{'1' if state == 'normal' else '1.1'}</scale>",
                    "        <Icon>",
                    "          <href>https://www.gstatic.com/mapspro/images/stock/503-wht-blank_maps.png</href>",
                    "        </Icon>",
                    '        <hotSpot x="32" xunits="pixels" y="64" yunits="insetPixels"/>',
                    "      </IconStyle>",
                    "      <LabelStyle>",
                    f"        <scale>{'0' if state == 'normal' else '1'}</scale>",
                    "      </LabelStyle>",
                ]
            else:
                out += [
                    "      <LineStyle>",
                    f"        <color>{_abgr(colour)}</color>",
                    f"        <width>{int(n) / 1000:g}</width>",
                    "      </LineStyle>",
                ]
            out.append("    </Style>")
        out += [
            f'    <StyleMap id="{sid}">',
            "      <Pair>",
            "        <key>normal</key>",
            f"        <styleUrl>#{sid}-normal</styleUrl>",
            "      </Pair>",
            "      <Pair>",
            "        <key>highlight</key>",
            f"        <styleUrl>#{sid}-highlight</styleUrl>",
            "      </Pair>",
            "    </StyleMap>",
        ]
    for layer, placemarks in T.KML_LAYERS:
        out += ["    <Folder>", f"      <name>{_x(layer)}</name>"]
        for name, style, desc, is_html, data, (geom, coords) in placemarks:
            out += ["      <Placemark>", f"        <name>{_x(name)}</name>"]
            if is_html:
                out.append(f"        <description><![CDATA[{desc}]]></description>")
            else:
                out.append(f"        <description>{_x(desc)}</description>")
            out.append(f"        <styleUrl>#{style}</styleUrl>")
            if data:
                out.append("        <ExtendedData>")
                for key, value in data:
                    out += [
                        f'          <Data name="{key}">',
                        f"            <value>{_x(value)}</value>",
                        "          </Data>",
                    ]
                out.append("        </ExtendedData>")
            if geom == "point":
                lon, lat = coords
                out += [
                    "        <Point>",
                    "          <coordinates>",
                    f"            {lon:.5f},{lat:.5f},0",
                    "          </coordinates>",
                    "        </Point>",
                ]
            else:
                out += [
                    "        <LineString>",
                    "          <tessellate>1</tessellate>",
                    "          <coordinates>",
                ]
                out += [f"            {lon:.5f},{lat:.5f},0" for lon, lat in coords]
                out += ["          </coordinates>", "        </LineString>"]
            out.append("      </Placemark>")
        out.append("    </Folder>")
    out += ["  </Document>", "</kml>", ""]
    return "\n".join(out)


def kml_placemarks(text: str) -> list[tuple[str, str, str, dict[str, str], str]]:
    """The map read back with ``xml.etree``: (layer, name, description, ExtendedData, geometry) per placemark."""
    root = ET.fromstring(text.encode("utf-8"))
    out = []
    for folder in root.iter(f"{KML_NS}Folder"):
        layer = folder.findtext(f"{KML_NS}name")
        for pm in folder.iter(f"{KML_NS}Placemark"):
            data = {d.get("name"): d.findtext(f"{KML_NS}value") for d in pm.iter(f"{KML_NS}Data")}
            geom = "point" if pm.find(f"{KML_NS}Point") is not None else "line"
            out.append((layer, pm.findtext(f"{KML_NS}name"), pm.findtext(f"{KML_NS}description"), data, geom))
    return out


def check_kml(text: str) -> None:
    read = kml_placemarks(text)
    laid = [
        (layer, name, desc, dict(data), geom)
        for layer, pms in T.KML_LAYERS
        for name, _style, desc, _h, data, (geom, _c) in pms
    ]
    if read != laid:
        raise SystemExit("the map does not read back as laid out")
    if not 25 <= len(read) <= 40 or not 4 <= len(T.KML_LAYERS) <= 6:
        raise SystemExit("the map should hold 25 to 40 placemarks in 4 to 6 layers")
    if not any(g == "line" for *_x, g in read) or not any("<br>" in d for _l, _n, d, _d, _g in read):
        raise SystemExit("the map should have routes and HTML descriptions")
    if len({n for _l, n, *_r in read}) != len(read):
        raise SystemExit("placemark names should be unique")


# --- the blog ---------------------------------------------------------------------------------------------------------

_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _gmt(local: str) -> dt.datetime:
    """A London wall-clock time as UTC: British Summer Time from 28 March to 31 October 2027 (and 2026's)."""
    t = dt.datetime.fromisoformat(local)
    bst = {2026: (dt.datetime(2026, 3, 29, 1), dt.datetime(2026, 10, 25, 1))}
    start, end = bst.get(t.year, (dt.datetime(2027, 3, 28, 1), dt.datetime(2027, 10, 31, 1)))
    return t - dt.timedelta(hours=1) if start <= t < end else t


def _rfc822(t: dt.datetime) -> str:
    return f"{_DAYS[t.weekday()]}, {t.day:02d} {_MONTHS[t.month - 1]} {t.year} {t:%H:%M:%S} +0000"


def _blocks(blocks) -> str:
    """Gutenberg block markup as the block editor saves it, blocks one blank line apart."""
    out = []
    for block in blocks:
        if block[0] == "p":
            out.append(f"<!-- wp:paragraph -->\n<p>{_x(block[1])}</p>\n<!-- /wp:paragraph -->")
        elif block[0] == "h2":
            out.append(
                f'<!-- wp:heading -->\n<h2 class="wp-block-heading">{_x(block[1])}</h2>\n<!-- /wp:heading -->'
            )
        elif block[0] == "ul":
            items = "\n\n".join(
                f"<!-- wp:list-item -->\n<li>{_x(i)}</li>\n<!-- /wp:list-item -->" for i in block[1]
            )
            out.append(f'<!-- wp:list -->\n<ul class="wp-block-list">{items}</ul>\n<!-- /wp:list -->')
        elif block[0] == "image":
            _kind, att, alt = block
            src = f"{T.WXR_SITE}/wp-content/uploads/2027/01/plot-14b-january-1024x768.jpg"
            out.append(
                f'<!-- wp:image {{"id":{att},"sizeSlug":"large","linkDestination":"none"}} -->\n'
                f'<figure class="wp-block-image size-large"><img src="{src}" alt="{alt}" class="wp-image-{att}"/>'
                f"</figure>\n<!-- /wp:image -->"
            )
    return "\n\n".join(out)


def _cdata(text: str) -> str:
    return f"<![CDATA[{text}]]>"


def wxr_text() -> str:
    """The blog as WordPress 6.5's Tools > Export (all content) writes it: the header comments, the channel with its
    authors, categories and tags, then an item per post, page and attachment (tab-indented)."""
    cats = {n: name for _i, n, name in T.WXR_CATEGORIES}
    tags = {n: name for _i, n, name in T.WXR_TAGS}
    out = [
        '<?xml version="1.0" encoding="UTF-8" ?>',
        "<!-- This is a WordPress eXtended RSS file generated by WordPress as an export of your site. -->",
        "<!-- It contains information about your site's posts, pages, comments, categories, and other content. -->",
        "<!-- You may use this file to transfer that content from one site to another. -->",
        "<!-- This file is not intended to serve as a complete backup of your site. -->",
        "",
        "<!-- To import this information into a WordPress site follow these steps: -->",
        "<!-- 1. Log in to that site as an administrator. -->",
        "<!-- 2. Go to Tools: Import in the WordPress admin panel. -->",
        '<!-- 3. Install the "WordPress" importer from the list. -->',
        "<!-- 4. Activate & Run Importer. -->",
        "<!-- 5. Upload this file using the form provided on that page. -->",
        "<!-- 6. You will first be asked to map the authors in this export file to users -->",
        "<!--    on the site. For each author, you may choose to map to an -->",
        "<!--    existing user on the site or to create a new user. -->",
        "<!-- 7. WordPress will then import each of the posts, pages, comments, categories, etc. -->",
        "<!--    contained in this file into your site. -->",
        "",
        f'<!-- generator="WordPress/6.5.3" created="{T.WXR_CREATED}" -->',
        '<rss version="2.0"',
        '\txmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"',
        '\txmlns:content="http://purl.org/rss/1.0/modules/content/"',
        '\txmlns:wfw="http://wellformedweb.org/CommentAPI/"',
        '\txmlns:dc="http://purl.org/dc/elements/1.1/"',
        '\txmlns:wp="http://wordpress.org/export/1.2/"',
        ">",
        "",
        "<channel>",
        f"\t<title>{_x(T.WXR_TITLE)}</title>",
        f"\t<link>{T.WXR_SITE}</link>",
        f"\t<description>{_x(T.WXR_TAGLINE)}</description>",
        f"\t<pubDate>{T.WXR_PUBDATE}</pubDate>",
        "\t<language>en-GB</language>",
        "\t<wp:wxr_version>1.2</wp:wxr_version>",
        f"\t<wp:base_site_url>{T.WXR_SITE}</wp:base_site_url>",
        f"\t<wp:base_blog_url>{T.WXR_SITE}</wp:base_blog_url>",
        "",
    ]
    for aid, login, email, display, first, last in T.WXR_AUTHORS:
        out.append(
            f"\t\t<wp:author><wp:author_id>{aid}</wp:author_id><wp:author_login>{_cdata(login)}</wp:author_login>"
            f"<wp:author_email>{_cdata(email)}</wp:author_email><wp:author_display_name>{_cdata(display)}"
            f"</wp:author_display_name><wp:author_first_name>{_cdata(first)}</wp:author_first_name>"
            f"<wp:author_last_name>{_cdata(last)}</wp:author_last_name></wp:author>"
        )
    out.append("")
    for tid, nice, name in T.WXR_CATEGORIES:
        out += [
            "\t\t<wp:category>",
            f"\t\t<wp:term_id>{tid}</wp:term_id>",
            f"\t\t<wp:category_nicename>{_cdata(nice)}</wp:category_nicename>",
            f"\t\t<wp:category_parent>{_cdata('')}</wp:category_parent>",
            f"\t\t<wp:cat_name>{_cdata(name)}</wp:cat_name>",
            "\t</wp:category>",
        ]
    for tid, slug, name in T.WXR_TAGS:
        out += [
            "\t\t<wp:tag>",
            f"\t\t<wp:term_id>{tid}</wp:term_id>",
            f"\t\t<wp:tag_slug>{_cdata(slug)}</wp:tag_slug>",
            f"\t\t<wp:tag_name>{_cdata(name)}</wp:tag_name>",
            "\t</wp:tag>",
        ]
    out += ["", "\t<generator>https://wordpress.org/?v=6.5.3</generator>", ""]
    for it in T.WXR_ITEMS:
        local = it["date"]
        gmt = _gmt(local)
        draft = it["status"] == "draft"
        ymd = local[:10].replace("-", "/")
        if it["type"] == "post" and not draft:
            link = f"{T.WXR_SITE}/{ymd}/{it['slug']}/"
        elif it["type"] == "page":
            link = f"{T.WXR_SITE}/{it['slug']}/"
        elif it["type"] == "attachment":
            parent = next(p for p in T.WXR_ITEMS if p["id"] == it["parent"])
            link = f"{T.WXR_SITE}/{parent['date'][:10].replace('-', '/')}/{parent['slug']}/{it['slug']}/"
        else:
            link = f"{T.WXR_SITE}/?p={it['id']}"
        guid = it.get("url") or f"{T.WXR_SITE}/?{'page_id' if it['type'] == 'page' else 'p'}={it['id']}"
        out += [
            "\t<item>",
            f"\t\t<title>{_cdata(it['title'])}</title>",
            f"\t\t<link>{link}</link>",
            f"\t\t<pubDate>{_rfc822(gmt)}</pubDate>",
            f"\t\t<dc:creator>{_cdata(it['author'])}</dc:creator>",
            f'\t\t<guid isPermaLink="false">{guid}</guid>',
            "\t\t<description></description>",
            f"\t\t<content:encoded>{_cdata(_blocks(it['blocks']))}</content:encoded>",
            f"\t\t<excerpt:encoded>{_cdata(it.get('excerpt', ''))}</excerpt:encoded>",
            f"\t\t<wp:post_id>{it['id']}</wp:post_id>",
            f"\t\t<wp:post_date>{_cdata(local)}</wp:post_date>",
            f"\t\t<wp:post_date_gmt>{_cdata('0000-00-00 00:00:00' if draft else f'{gmt:%Y-%m-%d %H:%M:%S}')}"
            "</wp:post_date_gmt>",
            f"\t\t<wp:post_modified>{_cdata(local)}</wp:post_modified>",
            f"\t\t<wp:post_modified_gmt>{_cdata(f'{gmt:%Y-%m-%d %H:%M:%S}')}</wp:post_modified_gmt>",
            f"\t\t<wp:comment_status>{_cdata('closed' if it['type'] != 'post' else 'open')}</wp:comment_status>",
            f"\t\t<wp:ping_status>{_cdata('closed' if it['type'] != 'post' else 'open')}</wp:ping_status>",
            f"\t\t<wp:post_name>{_cdata(it['slug'])}</wp:post_name>",
            f"\t\t<wp:status>{_cdata(it['status'])}</wp:status>",
            f"\t\t<wp:post_parent>{it.get('parent', 0)}</wp:post_parent>",
            "\t\t<wp:menu_order>0</wp:menu_order>",
            f"\t\t<wp:post_type>{_cdata(it['type'])}</wp:post_type>",
            f"\t\t<wp:post_password>{_cdata('')}</wp:post_password>",
            "\t\t<wp:is_sticky>0</wp:is_sticky>",
        ]
        if it["type"] == "attachment":
            out.append(f"\t\t<wp:attachment_url>{_cdata(it['url'])}</wp:attachment_url>")
        for nice in it.get("categories", []):
            out.append(f'\t\t<category domain="category" nicename="{nice}">{_cdata(cats[nice])}</category>')
        for slug in it.get("tags", []):
            out.append(f'\t\t<category domain="post_tag" nicename="{slug}">{_cdata(tags[slug])}</category>')
        for key, value in it.get("meta", []):
            out += [
                "\t\t<wp:postmeta>",
                f"\t\t<wp:meta_key>{_cdata(key)}</wp:meta_key>",
                f"\t\t<wp:meta_value>{_cdata(value)}</wp:meta_value>",
                "\t\t</wp:postmeta>",
            ]
        for cid, author, email, url, ip, date, content, parent in it.get("comments", []):
            spam = "spam" in email
            user = next((a[0] for a in T.WXR_AUTHORS if a[2] == email), 0)
            out += [
                "\t\t<wp:comment>",
                f"\t\t\t<wp:comment_id>{cid}</wp:comment_id>",
                f"\t\t\t<wp:comment_author>{_cdata(author)}</wp:comment_author>",
                f"\t\t\t<wp:comment_author_email>{_cdata(email)}</wp:comment_author_email>",
                f"\t\t\t<wp:comment_author_url>{url}</wp:comment_author_url>",
                f"\t\t\t<wp:comment_author_IP>{_cdata(ip)}</wp:comment_author_IP>",
                f"\t\t\t<wp:comment_date>{_cdata(date)}</wp:comment_date>",
                f"\t\t\t<wp:comment_date_gmt>{_cdata(f'{_gmt(date):%Y-%m-%d %H:%M:%S}')}</wp:comment_date_gmt>",
                f"\t\t\t<wp:comment_content>{_cdata(content)}</wp:comment_content>",
                f"\t\t\t<wp:comment_approved>{_cdata('spam' if spam else '1')}</wp:comment_approved>",
                f"\t\t\t<wp:comment_type>{_cdata('comment')}</wp:comment_type>",
                f"\t\t\t<wp:comment_parent>{parent}</wp:comment_parent>",
                f"\t\t\t<wp:comment_user_id>{user}</wp:comment_user_id>",
                "\t\t</wp:comment>",
            ]
        out.append("\t</item>")
    out += ["\t</channel>", "</rss>", ""]
    return "\n".join(out)


WP = "{http://wordpress.org/export/1.2/}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}"


def wxr_items(text: str) -> list[dict]:
    """The blog read back with ``xml.etree``: per item its id, title, type, status, categories, tags and comments."""
    root = ET.fromstring(text.encode("utf-8"))
    out = []
    for item in root.iter("item"):
        cats = item.findall("category")
        out.append(
            {
                "id": int(item.findtext(f"{WP}post_id")),
                "title": item.findtext("title"),
                "type": item.findtext(f"{WP}post_type"),
                "status": item.findtext(f"{WP}status"),
                "categories": [c.get("nicename") for c in cats if c.get("domain") == "category"],
                "tags": [c.get("nicename") for c in cats if c.get("domain") == "post_tag"],
                "comments": [int(c.findtext(f"{WP}comment_id")) for c in item.findall(f"{WP}comment")],
                "content": item.findtext(f"{CONTENT}encoded"),
            }
        )
    return out


def check_wxr(text: str) -> None:
    read = wxr_items(text)
    laid = [
        (
            it["id"],
            it["title"],
            it["type"],
            it["status"],
            it.get("categories", []),
            it.get("tags", []),
            [c[0] for c in it.get("comments", [])],
        )
        for it in T.WXR_ITEMS
    ]
    got = [
        (r["id"], r["title"], r["type"], r["status"], r["categories"], r["tags"], r["comments"]) for r in read
    ]
    if got != laid:
        raise SystemExit("the blog does not read back as laid out")
    posts = [r for r in read if r["type"] == "post" and r["status"] == "publish"]
    comments = sum(len(r["comments"]) for r in read)
    if not 8 <= len(posts) <= 12 or not 6 <= comments <= 12:
        raise SystemExit("the blog should hold 8 to 12 posts and 6 to 12 comments")
    if {r["type"] for r in read} != {"post", "page", "attachment"} or "draft" not in {
        r["status"] for r in read
    }:
        raise SystemExit("the blog should have pages, an attachment and a draft")
    if any(
        r["content"].count("<!-- wp:") != r["content"].count("<!-- /wp:") + r["content"].count(" /-->")
        for r in read
    ):
        raise SystemExit("a block comment is left open")


# --- the games --------------------------------------------------------------------------------------------------------

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def _wrap(movetext: str, width: int = 80) -> list[str]:
    """Movetext broken at spaces into lines of at most ``width`` characters, as PGN exporters write it."""
    lines, line = [], ""
    for word in movetext.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


def pgn_text() -> str:
    """The games: a game's tag pairs, a blank line, its movetext wrapped, a blank line."""
    out = []
    for tags, movetext in T.PGN_GAMES:
        out += [f'[{k} "{v}"]' for k, v in tags]
        out += ["", *_wrap(movetext), ""]
    return "\n".join(out) + "\n"


def pgn_games(text: str) -> list[tuple[int, dict[str, str], str]]:
    """The games read back: (line of the ``[Event`` tag, tags, movetext as one line) per game."""
    games, lines = [], text.split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].startswith("[Event "):
            i += 1
            continue
        start, tags = i + 1, {}
        while lines[i].startswith("["):
            m = re.fullmatch(r'\[(\w+) "(.*)"\]', lines[i])
            tags[m[1]] = m[2]
            i += 1
        i += 1
        moves = []
        while i < len(lines) and lines[i]:
            moves.append(lines[i])
            i += 1
        games.append((start, tags, " ".join(moves)))
    return games


def _plies(movetext: str) -> int:
    """Plies of the main line: comments and variations dropped, then the SAN moves counted; move numbers checked."""
    text = re.sub(r"\{[^}]*\}", " ", movetext)
    while "(" in text:
        text = re.sub(r"\([^()]*\)", " ", text)
    tokens = [t for t in text.split() if not t.startswith("$") and t not in RESULTS]
    plies = 0
    for t in tokens:
        m = re.fullmatch(r"(\d+)(\.\.\.|\.)(.*)", t)
        if m:
            if int(m[1]) != plies // 2 + 1 or (m[2] == "...") != (plies % 2 == 1):
                raise SystemExit(f"move number {t!r} out of order")
            t = m[3]
        if t:
            if not re.fullmatch(r"(O-O(-O)?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?)[+#]?[!?]*", t):
                raise SystemExit(f"not a move: {t!r}")
            plies += 1
    return plies


def check_pgn(text: str) -> None:
    games = pgn_games(text)
    if len(games) != len(T.PGN_GAMES) or not 8 <= len(games) <= 14:
        raise SystemExit("the games should read back, 8 to 14 of them")
    for _start, tags, movetext in games:
        if list(tags)[:7] != list(ROSTER) or T.PGN_PLAYER not in (tags["White"], tags["Black"]):
            raise SystemExit(f"{tags}: the seven-tag roster first, and Nell in every game")
        if not movetext.endswith(" " + tags["Result"]):
            raise SystemExit(f"{tags['Date']}: the movetext's result is not the Result tag")
        if _plies(movetext) != int(tags["PlyCount"]):
            raise SystemExit(f"{tags['Date']}: PlyCount {tags['PlyCount']} but {_plies(movetext)} plies")
        dt.date(*map(int, tags["Date"].split(".")))
    if any(len(line) > 80 for line in text.split("\n")):
        raise SystemExit("a movetext line is longer than 80 columns")


def check_texts() -> int:
    """Every weekday written next to a date in the three documents' text matches the calendar."""
    words = [T.KML_DESCRIPTION] + [d for _l, pms in T.KML_LAYERS for _n, _s, d, *_r in pms]
    words += [b[1] for it in T.WXR_ITEMS for b in it["blocks"] if b[0] in ("p", "h2")]
    words += [m for _t, m in T.PGN_GAMES]
    return check_weekdays("\n".join(words).replace("<br>", "\n"))


def files() -> dict[str, bytes]:
    """The map, the blog and the games, by their path under ``files/private31``."""
    return {
        T.KML_NAME: kml_text().encode("utf-8"),
        T.WXR_NAME: wxr_text().encode("utf-8"),
        T.PGN_NAME: pgn_text().encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    n = check_texts()
    check_kml(made[T.KML_NAME].decode("utf-8"))
    check_wxr(made[T.WXR_NAME].decode("utf-8"))
    check_pgn(made[T.PGN_NAME].decode("utf-8"))
    return n


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
