"""Web pages saved whole (engine.index.readers.webpages): Safari's .webarchive and Chrome's single-file .mhtml read
as the page the user saw, then the address it was saved from; damaged and hostile files give a clear reason."""

from __future__ import annotations

import plistlib
from pathlib import Path

import pytest

from engine.index import ExtractError, extract

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Harbour Kayaks – Booking confirmed</title>
<style>body{font-family:sans-serif}</style><script>var tracking = "do not index me";</script></head>
<body><nav><a href="/">Home</a> <a href="/tours">Tours</a></nav>
<main><h1>Your booking is confirmed</h1>
<p>Thank you, Priya. Your sunset paddle on <b>Saturday 14 August</b> starts at 7:15&nbsp;pm from the slipway
beside the lifeboat station.</p>
<table><tr><th>Item</th><th>Price</th></tr><tr><td>Double kayak</td><td>£58.00</td></tr>
<tr><td>Dry bag hire</td><td>£4.00</td></tr></table>
<ul><li>Bring a change of clothes.</li><li>Arrive 20 minutes early for the safety talk.</li></ul></main>
<footer>© Harbour Kayaks Ltd</footer></body></html>"""


def _resource(data: bytes, mime: str, url: str, encoding: str | None = "UTF-8") -> dict:
    res = {
        "WebResourceData": data,
        "WebResourceMIMEType": mime,
        "WebResourceURL": url,
        "WebResourceFrameName": "",
    }
    if encoding:
        res["WebResourceTextEncodingName"] = encoding
    return res


def _webarchive(html: bytes, fmt=plistlib.FMT_BINARY, **extra) -> bytes:
    archive = {
        "WebMainResource": _resource(html, "text/html", "https://harbourkayaks.example/booking/8841"),
        "WebSubresources": [
            _resource(b"body{color:#123}", "text/css", "https://harbourkayaks.example/site.css"),
            _resource(
                b"\x89PNG\r\n\x1a\n" + bytes(64), "image/png", "https://harbourkayaks.example/logo.png", None
            ),
        ],
        **extra,
    }
    return plistlib.dumps(archive, fmt=fmt)


def test_a_safari_web_archive_reads_as_the_page_with_its_address():
    doc = extract(Path("Booking confirmed.webarchive"), _webarchive(PAGE.encode()))
    assert doc.file_type == "webarchive" and len(doc.pages) == 1
    text = doc.pages[0].text
    assert "Your sunset paddle on Saturday 14 August starts at 7:15 pm from the slipway" in text
    assert "Double kayak | £58.00" in text and "Arrive 20 minutes early" in text
    assert "do not index me" not in text and "font-family" not in text and "PNG" not in text
    assert text.rstrip().endswith("Saved from: https://harbourkayaks.example/booking/8841")
    assert doc.pages[0].anchors == ()  # the file is a property list: cited as the file, not by lines
    heading = next(b for b in doc.pages[0].blocks if b.heading_level == 1)
    assert text[heading.start : heading.end] == "Your booking is confirmed"
    # an older Safari's XML property list reads the same
    xml = extract(Path("old.webarchive"), _webarchive(PAGE.encode(), plistlib.FMT_XML))
    assert xml.pages[0].text == text


def test_a_web_archive_in_another_encoding_and_a_frameset_page():
    latin = PAGE.replace('<meta charset="utf-8">', "").encode("cp1252")
    doc = extract(
        Path("a.webarchive"),
        _webarchive(
            latin, WebMainResource=_resource(latin, "text/html", "https://x.example/", "windows-1252")
        ),
    )
    assert "£58.00" in doc.pages[0].text
    # a frameset's text is in its frames; a frame that loops back to its parent is read a bounded number of times
    frameset = b"<html><frameset><frame src='a.html'></frameset></html>"
    frame = {"WebMainResource": _resource(PAGE.encode(), "text/html", "https://x.example/a.html")}
    archive = {
        "WebMainResource": _resource(frameset, "text/html", "https://x.example/"),
        "WebSubframeArchives": [frame],
    }
    doc = extract(Path("f.webarchive"), plistlib.dumps(archive, fmt=plistlib.FMT_BINARY))
    assert "Your booking is confirmed" in doc.pages[0].text
    # frames read only while the page has almost no text, to a bounded depth: a frameset of empty frames has none
    empty = {"WebMainResource": _resource(frameset, "text/html", "https://x.example/")}
    for _ in range(8):
        empty = {**empty, "WebSubframeArchives": [empty] * 2}
    with pytest.raises(ExtractError, match="no visible text"):
        extract(Path("empty.webarchive"), plistlib.dumps(empty, fmt=plistlib.FMT_BINARY))


@pytest.mark.parametrize(
    "data, reason",
    [
        (b"bplist00" + bytes(40), "damaged or not a web archive"),
        (plistlib.dumps({"WebResourceData": b"x"}, fmt=plistlib.FMT_BINARY), "not a Safari web archive"),
        (plistlib.dumps([1, 2, 3], fmt=plistlib.FMT_BINARY), "not a Safari web archive"),
        (b"<html><p>not a plist</p></html>", "damaged or not a web archive"),
    ],
)
def test_a_damaged_or_foreign_web_archive_says_why(data, reason):
    with pytest.raises(ExtractError, match=reason):
        extract(Path("x.webarchive"), data)


def _mhtml(html: str, *, start: bool = False, extra_html: str | None = None) -> bytes:
    import quopri

    body = quopri.encodestring(html.encode("utf-8")).decode("ascii")
    boundary = "----MultipartBoundary--Qx7rT1----"
    head = (
        "From: <Saved by Blink>\r\n"
        "Snapshot-Content-Location: https://harbourkayaks.example/booking/8841\r\n"
        "Subject: Harbour Kayaks =?utf-8?Q?=E2=80=93?= Booking confirmed\r\n"
        "Date: Sat, 7 Aug 2027 10:02:11 +0100\r\n"
        "MIME-Version: 1.0\r\n"
        f'Content-Type: multipart/related;\r\n\ttype="text/html";\r\n\tboundary="{boundary}"'
        + (';\r\n\tstart="<page@mhtml.blink>"' if start else "")
        + "\r\n\r\n"
    )
    parts = []
    if extra_html is not None:  # an iframe's page before the main one
        parts.append(
            f"--{boundary}\r\nContent-Type: text/html\r\nContent-ID: <frame-1@mhtml.blink>\r\n"
            f"Content-Transfer-Encoding: quoted-printable\r\n\r\n{quopri.encodestring(extra_html.encode()).decode()}\r\n"
        )
    parts.append(
        f"--{boundary}\r\nContent-Type: text/html\r\nContent-ID: <page@mhtml.blink>\r\n"
        "Content-Transfer-Encoding: quoted-printable\r\n"
        f"Content-Location: https://harbourkayaks.example/booking/8841\r\n\r\n{body}\r\n"
    )
    parts.append(
        f"--{boundary}\r\nContent-Type: text/css\r\nContent-Transfer-Encoding: quoted-printable\r\n"
        "Content-Location: https://harbourkayaks.example/site.css\r\n\r\nbody{color:#123}\r\n"
    )
    parts.append(
        f"--{boundary}\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n"
        "Content-Location: https://harbourkayaks.example/logo.png\r\n\r\niVBORw0KGgo=\r\n"
    )
    return (head + "".join(parts) + f"--{boundary}--\r\n").encode("ascii")


def test_a_single_file_page_reads_as_the_page_with_its_address():
    data = _mhtml(PAGE)
    assert b"=3D" in data and (b"=\r\n" in data or b"=\n" in data)  # quoted-printable, soft line breaks
    doc = extract(Path("Booking confirmed.mhtml"), data)
    assert doc.file_type == "mhtml"
    text = doc.pages[0].text
    assert "Double kayak | £58.00" in text and "Arrive 20 minutes early" in text
    assert "color:#123" not in text and "iVBOR" not in text and "=3D" not in text
    assert text.rstrip().endswith("Saved from: https://harbourkayaks.example/booking/8841")
    # .mht is the same format; the part the start parameter names is the page, not an iframe before it
    ad = "<html><body><p>Win a cruise! Click here now to claim your prize before midnight tonight.</p></body></html>"
    doc = extract(Path("b.mht"), _mhtml(PAGE, start=True, extra_html=ad))
    assert "Your booking is confirmed" in doc.pages[0].text and "Win a cruise" not in doc.pages[0].text


def test_a_damaged_single_file_page_says_why():
    with pytest.raises(ExtractError, match="no HTML part"):
        extract(Path("x.mhtml"), b"From: a\r\nContent-Type: text/plain\r\n\r\nhello\r\n")
    deep = (
        b"Content-Type: multipart/related; boundary=b\r\n\r\n"
        + b"--b\r\nContent-Type: multipart/related; boundary=b\r\n\r\n" * 200
    )
    with pytest.raises(ExtractError):
        extract(Path("deep.mhtml"), deep)


def test_a_faq_disclosure_caption_and_legend_are_blocks_of_their_own():
    """<details>/<summary> (a FAQ's question), <caption> and <legend> were read into the text around them:
    "Can I bring my dog?Yes, on a lead.Is there parking?"."""
    from engine.index.readers import extract_html

    page = extract_html(
        "<h2>FAQ</h2><details><summary>Can I bring my dog?</summary>Yes, on a lead.</details>"
        "<details><summary>Is there parking?</summary><p>Two spaces.</p></details>"
        "<table><caption>Prices 2027</caption><tr><th>A</th><th>B</th></tr></table>"
        "<fieldset><legend>Contact</legend><label>Name</label></fieldset>"
    )
    assert [page.text[b.start : b.end] for b in page.blocks] == [
        "FAQ", "Can I bring my dog?", "Yes, on a lead.", "Is there parking?", "Two spaces.", "Prices 2027", "A | B",
        "Contact", "Name",
    ]  # fmt: skip


def test_a_saved_page_keeps_its_title_only_where_no_h1_names_it():
    """The <title> repeats the page's heading and adds the site's name ("... | Harbour Kayaks"): left out where an
    <h1> names the page, a heading of its own where none does."""
    text = extract(Path("a.webarchive"), _webarchive(PAGE.encode())).pages[0].text
    assert "Booking confirmed" not in text.split("\n")[0] and text.startswith("Home Tours")
    bare = "<html><head><title>Tide times &amp; heights</title></head><body><p>High water 06:12.</p></body></html>"
    page = extract(Path("b.webarchive"), _webarchive(bare.encode())).pages[0]
    assert page.text.startswith("Tide times & heights\n\nHigh water 06:12.")
    assert (
        page.blocks[0].heading_level == 1
        and page.text[page.blocks[1].start : page.blocks[1].end] == "High water 06:12."
    )


def test_a_menus_links_are_apart_and_a_label_row_reads_label_colon_value():
    """A site's menu of links side by side ("<a>Products</a><a>Recipes</a>") read "ProductsRecipes"; a details table
    of <th> labels and <td> values read as a table with the first row as its header."""
    from engine.index.readers import extract_html

    page = extract_html(
        "<div><a href=/p>Products</a><a href=/r>Recipes</a><a href=/><img alt=logo></a><a href=/c>Contact us</a></div>"
        "<p>See <a href=/x>the guide</a>.</p>"
        "<table><tr><th scope=row>Pitch</th><td>R14, <b>riverside</b></td></tr><tr><th>Nights:</th><td>3</td></tr>"
        "<tr><th>Item</th><th>Price</th></tr><tr><td>Dog</td><td>£9.00</td></tr><tr><th>Total</th><td></td><td>£150</td></tr></table>"
    )
    lines = [page.text[b.start : b.end] for b in page.blocks]
    assert lines == [
        "Products Recipes Contact us", "See the guide.", "Pitch: R14, riverside", "Nights: 3", "Item | Price",
        "Dog | £9.00", "Total |  | £150",
    ]  # fmt: skip
    # the value's anchors moved with it: "R14" is at its place in the source
    at = page.text.index("R14")
    anchor = max(a for a in page.anchors if a[0] <= at)
    assert anchor[0] == at


def test_menus_and_cookie_banners_are_in_no_block_but_content_named_alike_is():
    """A <nav>'s and a cookie banner's text stays on the page in no block (never indexed, never an answer); a
    baking page's "cookie-card" and a trip's "consent-form" are content; a page whose menu never closes keeps all."""
    from engine.index.readers import extract_html

    page = extract_html(
        '<div id="cookie-banner"><p>We use cookies.</p><button>Accept all</button></div>'
        '<nav><ul><li><a href="/">Home</a></li><li><a href="/pitches">Pitches</a></li></ul></nav>'
        '<main><h1>Oat cookies</h1><div class="recipe cookie-card"><p>Bake for 12 minutes.</p></div>'
        '<section id="consent-form"><p>Consent forms are due by Friday.</p></section></main>'
    )
    blocks = [page.text[b.start : b.end] for b in page.blocks]
    assert blocks == ["Oat cookies", "Bake for 12 minutes.", "Consent forms are due by Friday."]
    assert "We use cookies." in page.text and "Pitches" in page.text  # the viewer still shows them
    unclosed = extract_html("<nav><p>Home</p><div><p>All of the page's text is here.</p><p>And here.</p>")
    assert [unclosed.text[b.start : b.end] for b in unclosed.blocks][-1] == "And here."


def test_a_web_archive_of_a_text_page_and_of_a_thousand_shared_frames():
    """Safari saves a plain-text page as a web archive too; a frameset whose frames list one frame many times over,
    nested, is read at most MAX_FRAMES frames in all."""
    from engine.index.readers.webpages import MAX_FRAMES

    text = _resource(b"Tide times for Whitby.\n\nHigh water 06:12.", "text/plain", "https://x.example/t.txt")
    page = extract(
        Path("t.webarchive"), plistlib.dumps({"WebMainResource": text}, fmt=plistlib.FMT_BINARY)
    ).pages[0]
    assert page.text.startswith("Tide times for Whitby.\n\nHigh water 06:12.") and len(page.blocks) == 3
    frame = {"WebMainResource": _resource(b"<p>A frame.</p>", "text/html", "https://x.example/f")}
    for _ in range(4):
        frame = {**frame, "WebSubframeArchives": [frame] * 30}
    shell = {"WebMainResource": _resource(b"<frameset></frameset>", "text/html", "https://x.example/")}
    data = plistlib.dumps({**shell, "WebSubframeArchives": [frame] * 30}, fmt=plistlib.FMT_BINARY)
    assert extract(Path("f.webarchive"), data).pages[0].text.count("A frame.") == MAX_FRAMES
