"""Generate the private documents of the realdocs ``heldout17`` part under ``files/private17/``: a phone photo of a
school's printed one-page trip letter lying on a table, as an iPhone saves it with "Most Compatible" (``IMG_4821.JPG``:
a JPEG of 4032 x 3024 pixels stored landscape, EXIF Orientation 6 so that it shows portrait, Make "Apple", Model
"iPhone 13"; the page in slight perspective and a few degrees turned, lit unevenly, a little soft, the table round
it), a freelance illustration agreement's draft as Word saves one with tracked changes and comments (``.docx``
written with zipfile and hand-written WordprocessingML: insertions and deletions by two reviewers, a moved clause, a
payment table, four comments) and a home cook's recipe notes in Markdown (``Recipes.md``).

    python eval/realdocs/make_heldout17.py          # rewrite them; the output is the same on every run

Pillow draws the letter with the DejaVu fonts of ``fonts-dejavu-core`` (``/usr/share/fonts/truetype/dejavu``); the
table's grain comes from a seeded ``random.Random``, so a rerun with the same Pillow gives the same bytes. The text
drawn on the photo is kept here (``drawn_text``): ``check.py`` checks its labels against it, not against OCR. Every
weekday written next to a date (the letter's, the agreement's) is checked against the calendar, the trip's cost
against its parts and the agreement's payment stages against its fee as accepted. The other document of the part
(Sphinx's ``searchtools.js``) is copied unchanged from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import io
import random
import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout17 (the tests, check.py)
    import heldout17_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays
except ImportError:
    from eval.realdocs import heldout17_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays

OUT = Path(__file__).resolve().parent / "files" / "private17"
FONTS = Path("/usr/share/fonts/truetype/dejavu")
# the Pillow that drew the committed photo: another release may rasterise or compress it to other bytes
DRAWN_WITH_PILLOW = "13.0.0"
PAGE = (2480, 3508)  # the printed A4 page as drawn, 300 dpi
SHOWN = (3024, 4032)  # the photo as it shows (portrait); stored turned a quarter, 4032 x 3024
MARGIN = 210
QUALITY = 85


def font(name: str, size: int):
    from PIL import ImageFont

    return ImageFont.truetype(str(FONTS / f"{name}.ttf"), size)


# --- the photo -----------------------------------------------------------------------------------------------------------

STYLES = {  # style: (font, size in pixels at 300 dpi, space before in lines, ink)
    "head": ("DejaVuSerif-Bold", 78, 0, (24, 52, 92)),
    "small": ("DejaVuSans", 33, 0.15, (70, 70, 76)),
    "rule": ("DejaVuSans", 33, 0.3, (24, 52, 92)),
    "right": ("DejaVuSans", 39, 0.6, (30, 30, 32)),
    "body": ("DejaVuSans", 39, 0.45, (30, 30, 32)),
    "plain": ("DejaVuSans", 39, 0, (30, 30, 32)),
    "bold": ("DejaVuSans-Bold", 41, 0.6, (20, 20, 22)),
    "item": ("DejaVuSans", 39, 0.1, (30, 30, 32)),
    "sign": ("DejaVuSerif-Italic", 64, 0.2, (28, 40, 110)),
    "cut": ("DejaVuSans", 33, 0.9, (110, 110, 116)),
    "slip": ("DejaVuSans", 39, 0.55, (30, 30, 32)),
}
INDENT = 56  # a bullet item's text, after its bullet


def wrap(words: str, face, room: float) -> list[str]:
    lines, line = [], ""
    for word in words.split(" "):
        trial = f"{line} {word}" if line else word
        if line and face.getlength(trial) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def letter_lines() -> list[tuple[str, str, bool]]:
    """(style, text, whether it starts a block) for each line drawn on the letter, the blocks wrapped to the page's
    text width (a bullet item's after its bullet)."""
    out = []
    room = PAGE[0] - 2 * MARGIN
    for style, words in T.LETTER:
        name, size, _, _ = STYLES[style]
        if style in ("body", "item"):
            lines = wrap(words, font(name, size), room - (INDENT if style == "item" else 0))
        else:
            lines = [words]
        out += [(style, line, i == 0) for i, line in enumerate(lines)]
    return out


def letter_page():
    """The printed letter: an A4 page at 300 dpi, off-white, the school's letterhead, the text, a cut line and the
    reply slip."""
    from PIL import Image, ImageDraw

    page = Image.new("RGB", PAGE, (250, 249, 244))
    draw = ImageDraw.Draw(page)
    y = 190
    for style, words, first in letter_lines():
        name, size, before, ink = STYLES[style]
        face = font(name, size)
        step = round(size * 1.42)
        if first:
            y += round(before * step)
        if style == "head":  # the school's crest: a shield with its initial, then the name
            draw.rounded_rectangle([MARGIN, y - 10, MARGIN + 110, y + 120], 18, fill=(24, 52, 92))
            draw.text((MARGIN + 55, y + 55), "E", font=font("DejaVuSerif-Bold", 80), fill=(250, 249, 244),
                      anchor="mm")  # fmt: skip
            draw.text((MARGIN + 140, y + 80), words, font=face, fill=ink, anchor="ls")
            y += 140
            continue
        if style == "rule":
            draw.rectangle([MARGIN, y + 10, PAGE[0] - MARGIN, y + 15], fill=ink)
            y += 30
            continue
        y += step
        if style == "right":
            draw.text((PAGE[0] - MARGIN, y), words, font=face, fill=ink, anchor="rs")
        elif style == "small":
            draw.text((MARGIN + 140, y), words, font=face, fill=ink, anchor="ls")
        elif style == "item":
            if first:
                draw.ellipse([MARGIN + 12, y - 22, MARGIN + 26, y - 8], fill=ink)
            draw.text((MARGIN + INDENT, y), words, font=face, fill=ink, anchor="ls")
        elif style == "cut":
            draw.text((PAGE[0] // 2, y), words, font=face, fill=ink, anchor="ms")
        else:
            draw.text((MARGIN, y), words, font=face, fill=ink, anchor="ls")
        if y > PAGE[1] - 150:
            raise SystemExit(f"the letter runs off the page at {words!r}")
    return page


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (an 8 x 8 system)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def perspective(shown: list[tuple[float, float]], source: list[tuple[float, float]]) -> list[float]:
    """Pillow's PERSPECTIVE coefficients taking each point of the output (``shown``) to the point of the input
    (``source``) it shows."""
    a, b = [], []
    for (x, y), (u, v) in zip(shown, source):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b.append(v)
    return solve(a, b)


# where the page's corners land in the photo as it shows: the phone held a little low (the top edge narrower) and
# the page turned about two degrees clockwise
CORNERS = [(420, 300), (2690, 385), (2880, 3830), (150, 3745)]


def table(rng: random.Random):
    """An oak table top: a warm brown with long streaks of grain, lighter and darker, blurred soft."""
    from PIL import Image, ImageDraw, ImageFilter

    w, h = SHOWN[0] // 4, SHOWN[1] // 4
    wood = Image.new("RGB", (w, h), (142, 104, 70))
    draw = ImageDraw.Draw(wood)
    for _ in range(260):
        x = rng.uniform(-40, w + 40)
        shade = rng.randint(-26, 22)
        colour = (142 + shade, 104 + shade * 3 // 4, 70 + shade // 2)
        width = rng.choice((1, 1, 2, 3))
        points = [(x + 6 * ((i * 7 + rng.randint(0, 3)) % 5 - 2) + i * 0.9, i * h / 24) for i in range(25)]
        draw.line(points, fill=colour, width=width)
    return wood.filter(ImageFilter.GaussianBlur(1.2)).resize(SHOWN, Image.BICUBIC)


def lighting():
    """How bright each part of the photo is (255 full): the window's light from the top left falling off to the
    bottom right, the corners darker (the lens), and the soft shadow of the phone and hand over the bottom right."""
    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    w, h = SHOWN[0] // 8, SHOWN[1] // 8
    light = Image.new("L", (w, h))
    px = light.load()
    for y in range(h):
        for x in range(w):
            fall = 1.0 - 0.16 * (x / w + y / h) / 2
            dx, dy = (x - w / 2) / (w / 2), (y - h / 2) / (h / 2)
            vignette = 1.0 - 0.2 * min(1.0, (dx * dx + dy * dy) / 2) ** 1.5
            px[x, y] = round(255 * fall * vignette)
    shadow = Image.new("L", (w, h), 0)
    ImageDraw.Draw(shadow).ellipse([w * 0.55, h * 0.72, w * 1.25, h * 1.3], fill=60)
    light = ImageChops.subtract(light, shadow.filter(ImageFilter.GaussianBlur(28)))
    return light.resize(SHOWN, Image.BICUBIC)


def photo_jpeg() -> bytes:
    """The letter on the table, photographed: the page warped into place with its shadow on the wood, the lighting
    laid over, softened a little; stored turned a quarter (as the sensor saw it) with EXIF Orientation 6."""
    from PIL import Image, ImageChops, ImageFilter

    rng = random.Random(17)
    photo = table(rng)
    page = letter_page()
    coeffs = perspective(CORNERS, [(0, 0), (PAGE[0], 0), (PAGE[0], PAGE[1]), (0, PAGE[1])])
    warped = page.transform(SHOWN, Image.PERSPECTIVE, coeffs, Image.BICUBIC)
    mask = Image.new("L", PAGE, 255).transform(SHOWN, Image.PERSPECTIVE, coeffs, Image.BILINEAR)
    drop = mask.filter(ImageFilter.GaussianBlur(18)).point(lambda v: 255 - v * 70 // 255)
    drop = ImageChops.offset(drop, 14, 22)
    photo = ImageChops.multiply(photo, Image.merge("RGB", (drop, drop, drop)))
    photo.paste(warped, (0, 0), mask)
    light = lighting()
    photo = ImageChops.multiply(photo, Image.merge("RGB", (light, light, light)))
    photo = photo.filter(ImageFilter.GaussianBlur(1.4))
    stored = photo.transpose(Image.Transpose.ROTATE_90)  # the sensor's landscape; Orientation 6 turns it back
    out = io.BytesIO()
    stored.save(out, "JPEG", quality=QUALITY, exif=exif().tobytes(), dpi=(72, 72))
    return out.getvalue()


def exif():
    """The EXIF an iPhone 13 writes for a photo taken upright with its main camera (the tags that matter here)."""
    from PIL import Image

    e = Image.Exif()
    e[0x010F] = "Apple"  # Make
    e[0x0110] = "iPhone 13"  # Model
    e[0x0112] = 6  # Orientation: turn 90 degrees clockwise to show
    e[0x0131] = "17.3.1"  # Software
    e[0x0132] = T.PHOTO_TAKEN  # DateTime
    e[0x013C] = "iPhone 13"  # HostComputer
    sub = e.get_ifd(0x8769)
    sub[0x9003] = T.PHOTO_TAKEN  # DateTimeOriginal
    sub[0x9004] = T.PHOTO_TAKEN  # DateTimeDigitized
    sub[0x9010] = "+00:00"  # OffsetTime
    sub[0xA002] = SHOWN[1]  # PixelXDimension (as stored)
    sub[0xA003] = SHOWN[0]  # PixelYDimension
    sub[0xA405] = 26  # FocalLengthIn35mmFilm
    sub[0xA433] = "Apple"  # LensMake
    sub[0xA434] = "iPhone 13 back dual wide camera 5.1mm f/1.6"  # LensModel
    return e


# --- the agreement's draft ------------------------------------------------------------------------------------------------

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STAMP = (2027, 4, 8, 9, 40, 0)


def _t(text: str, tag: str = "w:t") -> str:
    return f'<w:r><{tag} xml:space="preserve">{escape(text)}</{tag}></w:r>'


class _Ids:
    def __init__(self) -> None:
        self.n = 100

    def __call__(self) -> int:
        self.n += 1
        return self.n


def _runs(runs, ids: _Ids) -> str:
    out = []
    for run in runs:
        if isinstance(run, str):
            out.append(_t(run))
            continue
        if run[0] == "comment":
            _, cid, inner = run
            out.append(
                f'<w:commentRangeStart w:id="{cid}"/>{_runs(inner, ids)}<w:commentRangeEnd w:id="{cid}"/>'
            )
            out.append(
                f'<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="{cid}"/></w:r>'
            )
            continue
        change, who, text = run
        author = f'w:author="{T.AUTHORS[who][0]}" w:date="{T.CHANGE_DATES[who]}"'
        if change == "ins":
            out.append(f'<w:ins w:id="{ids()}" {author}>{_t(text)}</w:ins>')
        elif change == "del":
            out.append(f'<w:del w:id="{ids()}" {author}>{_t(text, "w:delText")}</w:del>')
        else:  # a move: the range named "move1" at both places, its runs' text in w:t at both, as Word writes it
            rng = ids()
            out.append(f'<w:{change}RangeStart w:id="{rng}" {author} w:name="move1"/>')
            out.append(f'<w:{change} w:id="{ids()}" {author}>{_t(text)}</w:{change}>')
            out.append(f'<w:{change}RangeEnd w:id="{rng}"/>')
    return "".join(out)


def _paragraph(style: str, runs, ids: _Ids) -> str:
    ppr = f'<w:pStyle w:val="{style}"/>' if style != "Normal" else ""
    moved = next((r for r in runs if isinstance(r, tuple) and r[0] in ("moveFrom", "moveTo")), None)
    if moved:  # the paragraph mark moves with it
        who = moved[1]
        ppr += (f'<w:rPr><w:{moved[0]} w:id="{ids()}" w:author="{T.AUTHORS[who][0]}" '
                f'w:date="{T.CHANGE_DATES[who]}"/></w:rPr>')  # fmt: skip
    ppr = f"<w:pPr>{ppr}</w:pPr>" if ppr else ""
    return f"<w:p>{ppr}{_runs(runs, ids)}</w:p>"


def _table(rows: list[list[str]]) -> str:
    widths = (900, 5200, 1900)
    grid = "".join(f'<w:gridCol w:w="{w}"/>' for w in widths)
    out = [
        '<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/>'
        '<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" '
        f'w:noVBand="1"/></w:tblPr><w:tblGrid>{grid}</w:tblGrid>'
    ]
    for i, row in enumerate(rows):
        cells = []
        for w, text in zip(widths, row):
            bold = "<w:rPr><w:b/></w:rPr>" if i == 0 else ""
            cells.append(
                f'<w:tc><w:tcPr><w:tcW w:w="{w}" w:type="dxa"/></w:tcPr><w:p><w:r>{bold}'
                f'<w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p></w:tc>'
            )
        header = "<w:trPr><w:tblHeader/></w:trPr>" if i == 0 else ""
        out.append(f"<w:tr>{header}{''.join(cells)}</w:tr>")
    out.append("</w:tbl>")
    return "".join(out)


def document_xml() -> str:
    ids = _Ids()
    body = []
    for style, content in T.AGREEMENT:
        body.append(_table(content) if style == "table" else _paragraph(style, content, ids))
    sect = (
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" '
        'w:left="1440" w:header="708" w:footer="708" w:gutter="0"/><w:cols w:space="708"/></w:sectPr>'
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        f'<w:document xmlns:w="{W_NS}" xmlns:r="{R_NS}"><w:body>{"".join(body)}{sect}</w:body></w:document>'
    )


def comments_xml() -> str:
    out = []
    for cid, (who, date, text) in sorted(T.COMMENTS.items()):
        name, initials = T.AUTHORS[who]
        out.append(
            f'<w:comment w:id="{cid}" w:author="{name}" w:date="{date}" w:initials="{initials}"><w:p><w:pPr>'
            '<w:pStyle w:val="CommentText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr>'
            f"<w:annotationRef/></w:r>{_t(text)}</w:p></w:comment>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        f'<w:comments xmlns:w="{W_NS}" xmlns:r="{R_NS}">{"".join(out)}</w:comments>'
    )


def styles_xml() -> str:
    def style(sid, name, extra="", kind="paragraph", based="Normal"):
        base = f'<w:basedOn w:val="{based}"/>' if based else ""
        return f'<w:style w:type="{kind}" w:styleId="{sid}"><w:name w:val="{name}"/>{base}{extra}</w:style>'

    styles = [
        '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/>'
        '<w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:style>',
        style("Title", "Title", '<w:pPr><w:spacing w:after="80"/></w:pPr><w:rPr><w:sz w:val="56"/></w:rPr>'),
        style("Subtitle", "Subtitle", '<w:rPr><w:i/><w:color w:val="595959"/><w:sz w:val="26"/></w:rPr>'),
        style(
            "Heading1",
            "heading 1",
            '<w:pPr><w:keepNext/><w:spacing w:before="240" w:after="80"/>'
            '<w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="28"/></w:rPr>',
        ),  # fmt: skip
        style("CommentText", "annotation text", '<w:rPr><w:sz w:val="20"/></w:rPr>'),
        style(
            "CommentReference", "annotation reference", '<w:rPr><w:sz w:val="16"/></w:rPr>', "character", ""
        ),
        style(
            "TableGrid",
            "Table Grid",
            '<w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" '
            'w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH '
            'w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" '
            'w:color="auto"/></w:tblBorders></w:tblPr>',
            "table",
            "",
        ),  # fmt: skip
    ]
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        f'<w:styles xmlns:w="{W_NS}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" '
        'w:hAnsi="Calibri"/><w:sz w:val="22"/><w:lang w:val="en-GB"/></w:rPr></w:rPrDefault></w:docDefaults>'
        f"{''.join(styles)}</w:styles>"
    )


def docx_bytes() -> bytes:
    head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
    office = "application/vnd.openxmlformats-officedocument"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    parts = {
        "[Content_Types].xml": head
        + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/word/document.xml" ContentType="{office}.wordprocessingml.document.main+xml"/>'
        f'<Override PartName="/word/styles.xml" ContentType="{office}.wordprocessingml.styles+xml"/>'
        f'<Override PartName="/word/settings.xml" ContentType="{office}.wordprocessingml.settings+xml"/>'
        f'<Override PartName="/word/comments.xml" ContentType="{office}.wordprocessingml.comments+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-'
        'properties+xml"/>'
        f'<Override PartName="/docProps/app.xml" ContentType="{office}.extended-properties+xml"/></Types>',
        "_rels/.rels": head
        + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId3" Type="{rel}/extended-properties" Target="docProps/app.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/'
        'core-properties" Target="docProps/core.xml"/>'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="word/document.xml"/></Relationships>',
        "word/document.xml": document_xml(),
        "word/_rels/document.xml.rels": head
        + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/styles" Target="styles.xml"/>'
        f'<Relationship Id="rId2" Type="{rel}/settings" Target="settings.xml"/>'
        f'<Relationship Id="rId3" Type="{rel}/comments" Target="comments.xml"/></Relationships>',
        "word/styles.xml": styles_xml(),
        "word/settings.xml": head + f'<w:settings xmlns:w="{W_NS}"><w:trackRevisions/><w:defaultTabStop '
        'w:val="720"/><w:characterSpacingControl w:val="doNotCompress"/><w:compat><w:compatSetting '
        'w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>'
        "</w:settings>",
        "word/comments.xml": comments_xml(),
        "docProps/core.xml": head
        + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Illustration Agreement</dc:title>'
        "<dc:creator>Priya Raman</dc:creator><cp:lastModifiedBy>Daniel Okoye</cp:lastModifiedBy>"
        "<cp:revision>3</cp:revision>"
        '<dcterms:created xsi:type="dcterms:W3CDTF">2027-03-29T14:05:00Z</dcterms:created>'
        '<dcterms:modified xsi:type="dcterms:W3CDTF">2027-04-08T09:40:00Z</dcterms:modified>'
        "</cp:coreProperties>",
        "docProps/app.xml": head
        + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
        "<Template>Normal.dotm</Template><Application>Microsoft Office Word</Application>"
        "<AppVersion>16.0000</AppVersion></Properties>",
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
    return out.getvalue()


def accepted_text() -> list[str]:
    """The agreement's lines as it reads with every change accepted (insertions and the move's new place kept,
    deletions and its old place dropped), a table row's cells joined with " | "; then the comments,
    "author: text"."""

    def read(runs) -> str:
        out = []
        for run in runs:
            if isinstance(run, str):
                out.append(run)
            elif run[0] == "comment":
                out.append(read(run[2]))
            elif run[0] in ("ins", "moveTo"):
                out.append(run[2])
        return "".join(out)

    lines = []
    for style, content in T.AGREEMENT:
        lines += [" | ".join(r) for r in content] if style == "table" else [read(content)]
    return lines + [f"{T.AUTHORS[who][0]}: {text}" for who, _, text in T.COMMENTS.values()]


# --- what was drawn, and checks ----------------------------------------------------------------------------------------


def drawn_text() -> dict[str, list[str]]:
    """The text drawn on the photo, by file name: one page, its lines as drawn, top to bottom. ``check.py`` reads the
    photo's labelled unit from here."""
    return {T.PHOTO_NAME: ["\n".join(line for _, line, _ in letter_lines())]}


def pounds(text: str) -> int:
    return round(float(text.replace("\u00a3", "").replace(",", "")) * 100)


def check(made: dict[str, bytes]) -> int:
    from PIL import Image, ImageOps

    letter = drawn_text()[T.PHOTO_NAME][0]
    flat = " ".join(letter.split())
    cost, coach, entry = (pounds(m) for m in re.findall(r"£\d+\.\d\d", flat)[:3])
    assert cost == coach + entry == 1650, (cost, coach, entry)
    accepted = "\n".join(accepted_text())
    fee = pounds(re.search(r"total fee of (£[\d,]+)", accepted)[1])
    stages = [pounds(m) for m in re.findall(r"\| (£[\d,]+)$", accepted, re.M)]
    assert fee == sum(stages) == 540000 and stages == [fee // 4, fee // 4, fee // 2], stages
    image = Image.open(io.BytesIO(made[T.PHOTO_NAME]))
    assert image.format == "JPEG" and image.size == (SHOWN[1], SHOWN[0]) and image.getexif()[0x0112] == 6
    assert ImageOps.exif_transpose(image).size == SHOWN and len(made[T.PHOTO_NAME]) < 2_600_000
    with zipfile.ZipFile(io.BytesIO(made[T.DOCX_NAME])) as z:
        doc = z.read("word/document.xml").decode("utf-8")
    assert (
        doc.count("<w:commentReference ") == len(T.COMMENTS) and "<w:moveTo " in doc and "<w:moveFrom " in doc
    )
    every = re.sub(r"<[^>]+>", " ", doc)  # the deleted dates too
    return check_weekdays(letter) + check_weekdays(every) + check_weekdays(T.RECIPES_MD)


def files() -> dict[str, bytes]:
    return {
        T.PHOTO_NAME: photo_jpeg(),
        T.DOCX_NAME: docx_bytes(),
        T.RECIPES_NAME: T.RECIPES_MD.encode("utf-8"),
    }


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
