"""Generate the private documents of the realdocs ``heldout16`` part under ``files/private16/``: two screenshots a
Mac user keeps (PNG at Retina 2x scale, 144 dpi: a train operator's app showing a booking confirmation, and a backup
app's settings for one backup plan; each a window with its title bar, a sidebar, labels and values in columns,
buttons and small grey notes), a hospital's two-page letter as a flatbed scan (``.pdf`` with no text layer: each page
an A4 greyscale image at 200 dpi, slightly rotated, soft and speckled as a scanner gives it, in JPEG, wrapped in a
PDF written by hand) and a Neovim configuration file (``init.lua``, commented).

    python eval/realdocs/make_heldout16.py          # rewrite them; the output is the same on every run

Pillow draws the images with the DejaVu fonts of ``fonts-dejavu-core`` (``/usr/share/fonts/truetype/dejavu``);
the speckle comes from a seeded ``random.Random``, so a rerun with the same Pillow gives the same bytes. The text
drawn on each image is kept here (``drawn_text``): ``check.py`` checks the labels against it, not against OCR.
Every weekday written next to a date is checked against the calendar, the train fares against the full fares and
the railcard's third off, and the PDF's xref offsets against its objects. The other document of the part
(PostgreSQL's ``pgxs.mk``) is copied unchanged from a Debian package, as ``documents.json`` records.
"""

from __future__ import annotations

import datetime as dt
import io
import random
import re
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout16 (the tests, check.py)
    import heldout16_texts as T
    from make_heldout10 import write_files
except ImportError:
    from eval.realdocs import heldout16_texts as T
    from eval.realdocs.make_heldout10 import write_files

OUT = Path(__file__).resolve().parent / "files" / "private16"
FONTS = Path("/usr/share/fonts/truetype/dejavu")
# the Pillow that drew the committed pictures: another release may rasterise or compress them to other bytes
DRAWN_WITH_PILLOW = "13.0.0"
YEAR = 2027
MONTHS = "January February March April May June July August September October November December".split()
DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
SCALE = 2  # Retina: two pixels a point
DPI = 200  # the scan
A4 = (595.28, 841.89)  # points


def font(name: str, size: float):
    from PIL import ImageFont

    return ImageFont.truetype(str(FONTS / f"{name}.ttf"), round(size))


# --- screenshots -------------------------------------------------------------------------------------------------------

INK, GREY, LIGHT, BLUE = (29, 29, 31), (118, 118, 124), (142, 142, 147), (0, 102, 214)
STYLES = {  # style: (font, size in points, colour)
    "h1": ("DejaVuSans-Bold", 21, INK),
    "label": ("DejaVuSans", 12.5, GREY),
    "value": ("DejaVuSans", 12.5, INK),
    "strong": ("DejaVuSans-Bold", 12.5, INK),
    "section": ("DejaVuSans-Bold", 10.5, GREY),
    "time": ("DejaVuSans-Bold", 16, INK),
    "station": ("DejaVuSans", 14, INK),
    "small": ("DejaVuSans", 10.5, LIGHT),
    "tiny": ("DejaVuSans", 10, LIGHT),
    "button": ("DejaVuSans", 12, BLUE),
    "check-on": ("DejaVuSans", 12.5, INK),
    "check-off": ("DejaVuSans", 12.5, INK),
}


def _window(size: tuple[int, int], title: str):
    """A light-mode window: its canvas, a drawing context working in points, and the title bar drawn."""
    from PIL import Image, ImageDraw

    w, h = size
    image = Image.new("RGB", (w * SCALE, h * SCALE), (255, 255, 255))
    draw = ImageDraw.Draw(image)

    def box(x0, y0, x1, y1, fill=None, outline=None, radius=0, width=1):
        xy = [x0 * SCALE, y0 * SCALE, x1 * SCALE - 1, y1 * SCALE - 1]
        draw.rounded_rectangle(xy, radius * SCALE, fill=fill, outline=outline, width=width * SCALE)

    def text(x, y, words, style, fill=None, anchor="ls"):
        name, pt, colour = STYLES[style] if style in STYLES else (style, 12.5, INK)
        draw.text(
            (x * SCALE, y * SCALE), words, font=font(name, pt * SCALE), fill=fill or colour, anchor=anchor
        )

    box(0, 0, w, 28, fill=(236, 236, 238))
    box(0, 27.5, w, 28, fill=(208, 208, 212))
    for i, colour in enumerate([(255, 95, 87), (254, 188, 46), (40, 200, 64)]):
        cx = 20 + 20 * i
        draw.ellipse([(cx - 6) * SCALE, 8 * SCALE, (cx + 6) * SCALE, 20 * SCALE], fill=colour,
                     outline=tuple(c * 7 // 8 for c in colour), width=1)  # fmt: skip
    text(w / 2, 18.5, title, "DejaVuSans-Bold", fill=(77, 77, 80), anchor="ms")
    return image, draw, box, text


def _rows(box, text, rows) -> None:
    for y, items in rows:
        for x, words, style in items:
            if style == "button":
                width = font("DejaVuSans", 12).getlength(words) + 24
                box(x, y - 16, x + width, y + 7, fill=(255, 255, 255), outline=(200, 200, 205), radius=6)
                text(x + 12, y, words, style)
            elif style.startswith("check"):
                on = style == "check-on"
                box(x - 22, y - 13, x - 8, y + 1, fill=BLUE if on else (255, 255, 255),
                    outline=BLUE if on else (170, 170, 176), radius=3)  # fmt: skip
                if on:
                    text(x - 15, y - 1.5, "\u2713", "DejaVuSans-Bold", fill=(255, 255, 255), anchor="ms")
                text(x, y, words, style)
            else:
                text(x, y, words, style)


def _png(image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(72 * SCALE, 72 * SCALE))
    return out.getvalue()


def train_png() -> bytes:
    w, h = T.TRAIN_SIZE
    image, draw, box, text = _window(T.TRAIN_SIZE, T.TRAIN_TITLE)
    box(0, 28, 200, h, fill=(241, 241, 244))
    box(199.5, 28, 200, h, fill=(218, 218, 222))
    for i, item in enumerate(T.TRAIN_SIDEBAR):
        y = 62 + 30 * i
        if i == T.TRAIN_SELECTED:
            box(10, y - 19, 190, y + 8, fill=(214, 214, 220), radius=6)
        text(22, y, item, "DejaVuSans-Bold" if i == T.TRAIN_SELECTED else "value")
    box(226, 38, 254, 66, fill=(40, 170, 90), radius=14)
    text(240, 59, "\u2713", "DejaVuSans-Bold", fill=(255, 255, 255), anchor="ms")
    for y in (150, 278, 404, 498):
        box(226, y, w - 30, y + 0.5, fill=(226, 226, 230))
    _rows(box, text, T.TRAIN_ROWS)
    return _png(image)


def backup_png() -> bytes:
    w, h = T.BACKUP_SIZE
    image, draw, box, text = _window(T.BACKUP_SIZE, T.BACKUP_TITLE)
    box(0, 28, w, 76, fill=(236, 236, 238))
    box(0, 75.5, w, 76, fill=(208, 208, 212))
    for i, tab in enumerate(T.BACKUP_TABS):
        cx = w / 2 - 150 + 100 * i
        if i == T.BACKUP_SELECTED_TAB:
            box(cx - 44, 31, cx + 44, 73, fill=(216, 216, 222), radius=7)
        box(cx - 11, 35, cx + 11, 57, fill=BLUE if i == T.BACKUP_SELECTED_TAB else (150, 150, 156), radius=5)
        text(cx, 69, tab, "small", fill=INK, anchor="ms")
    box(0, 76, 200, h, fill=(241, 241, 244))
    box(199.5, 76, 200, h, fill=(218, 218, 222))
    text(16, 100, "PLANS", "section")
    for i, plan in enumerate(T.BACKUP_PLANS):
        y = 126 + 28 * i
        if i == 0:
            box(8, y - 18, 192, y + 8, fill=BLUE, radius=6)
        text(20, y, plan, "value", fill=(255, 255, 255) if i == 0 else None)
    text(20, h - 16, "+   \u2013", "DejaVuSans-Bold", fill=GREY)
    for y in (160, 236, 314, 390, 500):
        box(230, y, w - 30, y + 0.5, fill=(226, 226, 230))
    _rows(box, text, T.BACKUP_ROWS)
    return _png(image)


def screen_text(title: str, side: list[str], rows) -> str:
    """The text drawn on a screenshot: the title, the sidebar (and tabs), then each row's texts left to right."""
    lines = [title, *side]
    lines += ["  ".join(words for _, words, _ in sorted(items)) for _, items in rows]
    return "\n".join(lines)


# --- the scanned letter --------------------------------------------------------------------------------------------------


def px(points: float) -> int:
    return round(points * DPI / 72)


LETTER_STYLES = {  # style: (font, size in points, space before in lines)
    "head": ("DejaVuSans-Bold", 17, 0),
    "small": ("DejaVuSans", 8.5, 0.2),
    "right": ("DejaVuSans", 9.5, 0),
    "body": ("DejaVuSans", 10.5, 0.5),
    "address": ("DejaVuSans", 10.5, 0),
    "bold": ("DejaVuSans-Bold", 11, 0.8),
    "sign": ("DejaVuSerif-Italic", 20, 0.3),
    "footer": ("DejaVuSans", 8.5, 0),
}
MARGIN = 72  # points, each side


def wrap(words: str, face, room: float) -> list[str]:
    lines, line = [], ""
    for word in words.split(" "):
        trial = f"{line} {word}".strip()
        if line and face.getlength(trial) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def letter_lines(blocks) -> list[tuple[str, str, bool]]:
    """(style, text, whether it starts a block) for each line drawn on a page of the letter: the blocks, wrapped to
    the text width."""
    out = []
    room = px(A4[0] - 2 * MARGIN)
    for style, words in blocks:
        face = font(
            LETTER_STYLES.get(style, LETTER_STYLES["body"])[0], px(LETTER_STYLES.get(style, (0, 10.5))[1])
        )
        lines = wrap(words, face, room) if style in ("body", "small") else [words]
        out += [(style, line, i == 0) for i, line in enumerate(lines)]
    return out


def scan_page(blocks, seed: int, angle: float) -> bytes:
    """A page of the letter as a flatbed scanner gives it: greyscale JPEG at 200 dpi, a little rotated, soft, with
    grey speckle and a shadow along the scanner lid's edge."""
    from PIL import Image, ImageDraw, ImageFilter

    w, h = px(A4[0]), px(A4[1])
    page = Image.new("L", (w, h), 247)
    draw = ImageDraw.Draw(page)
    y = px(MARGIN * 0.8)
    for style, words, first in letter_lines(blocks):
        name, size, before = LETTER_STYLES[style] if style != "gap" else ("DejaVuSans", 10.5, 0)
        face = font(name, px(size))
        step = px(size * 1.38)
        if style == "gap":
            y += step
            continue
        if first:
            y += round(before * step)
        if style == "head":
            draw.rectangle([px(MARGIN), y, px(MARGIN) + px(26), y + px(26)], fill=40)
            draw.text((px(MARGIN) + px(13), y + px(13)), "W", font=font("DejaVuSerif-Bold", px(18)), fill=245,
                      anchor="mm")  # fmt: skip
            draw.text((px(MARGIN) + px(34), y + px(20)), words, font=face, fill=28, anchor="ls")
            y += px(34)
        elif style == "right":
            draw.text(
                (
                    w - px(MARGIN),
                    y + step,
                ),
                words,
                font=face,
                fill=35,
                anchor="rs",
            )
            y += step
        elif style == "footer":
            draw.text((w // 2, h - px(40)), words, font=face, fill=70, anchor="ms")
        else:
            draw.text(
                (px(MARGIN), y + step), words, font=face, fill=60 if style == "small" else 25, anchor="ls"
            )
            y += step
        if y > h - px(70):
            raise SystemExit(f"the letter's page runs past its footer at {words!r}")
    page = page.filter(ImageFilter.GaussianBlur(0.7))
    page = page.rotate(angle, resample=Image.BICUBIC, fillcolor=228)
    rng = random.Random(seed)
    draw = ImageDraw.Draw(page)
    for _ in range(2600):
        x, y0, r = rng.randrange(w), rng.randrange(h), rng.choice((0, 0, 0, 1, 1, 2))
        draw.ellipse([x, y0, x + r, y0 + r], fill=rng.randrange(90, 200))
    for i in range(18):  # the shadow of the lid along the top edge
        draw.line([(0, i), (w, i)], fill=150 + 5 * i)
    out = io.BytesIO()
    page.save(out, "JPEG", quality=78, dpi=(DPI, DPI))
    return out.getvalue()


def pdf_string(text: str) -> bytes:
    return (
        b"("
        + text.encode("latin-1").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
        + b")"
    )


def scan_pdf(images: list[bytes]) -> bytes:
    """A PDF 1.3 as macOS's scanning (Image Capture, Quartz) writes one: a page per scanned image, the page A4, its
    content stream drawing the JPEG (``/DCTDecode``, ``/DeviceGray``) over the whole page; no text, no fonts."""
    from PIL import Image

    n = len(images)
    objects: dict[int, bytes] = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % (3 + 3 * i) for i in range(n)), n),
    }
    for i, data in enumerate(images):
        width, height = Image.open(io.BytesIO(data)).size
        page, content, image = 3 + 3 * i, 4 + 3 * i, 5 + 3 * i
        draw = b"q %.2f 0 0 %.2f 0 0 cm /Im%d Do Q\n" % (A4[0], A4[1], i + 1)
        objects[page] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im%d %d 0 R >> >> "
            b"/Contents %d 0 R >>" % (A4[0], A4[1], i + 1, image, content)
        )
        objects[content] = b"<< /Length %d >>\nstream\n%sendstream" % (len(draw), draw)
        objects[image] = (
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 "
            b"/Filter /DCTDecode /Length %d >>\nstream\n%s\nendstream" % (width, height, len(data), data)
        )
    info = 3 + 3 * n
    objects[info] = b"<< /Producer %s /Creator %s /CreationDate (D:20270206104218Z00'00') >>" % (
        pdf_string("macOS Version 14.3 (Build 23D56) Quartz PDFContext"),
        pdf_string("Image Capture"),
    )
    out = bytearray(b"%PDF-1.3\n%\xc4\xe5\xf2\xe5\xeb\xa7\xf3\xa0\xd0\xc4\xc6\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (info + 1)
    out += b"".join(b"%010d 00000 n \n" % offsets[k] for k in range(1, info + 1))
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        info + 1,
        info,
        xref,
    )
    return bytes(out)


def letter_pdf() -> bytes:
    return scan_pdf([scan_page(b, 16 + i, a) for i, (b, a) in enumerate(zip(T.LETTER_PAGES, (0.42, -0.31)))])


# --- what was drawn, and checks ----------------------------------------------------------------------------------------


def drawn_text() -> dict[str, list[str]]:
    """The text drawn on each image document, by file name: a page's text per page (a screenshot is one page); the
    lines as drawn, top to bottom. ``check.py`` reads these documents' labelled units from here."""
    return {
        T.TRAIN_NAME: [screen_text(T.TRAIN_TITLE, T.TRAIN_SIDEBAR, T.TRAIN_ROWS)],
        T.BACKUP_NAME: [
            screen_text(T.BACKUP_TITLE, [*T.BACKUP_TABS, "PLANS", *T.BACKUP_PLANS], T.BACKUP_ROWS)
        ],
        T.LETTER_NAME: ["\n".join(line for _, line, _ in letter_lines(blocks)) for blocks in T.LETTER_PAGES],
    }


WEEKDAY_DATE = re.compile(
    r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+(\d{1,2})\s+("
    + "|".join(m[:3] for m in MONTHS)
    + r")[a-z]*\b(?:\s+(\d{4}))?"
)


def check_weekdays(text: str) -> int:
    """Every weekday written next to a date ("Friday 19 March 2027", "Monday 15 March"; a date without a year is in
    2027) is that date's weekday; returns how many were checked."""
    n = 0
    for m in WEEKDAY_DATE.finditer(text):
        month = next(i for i, name in enumerate(MONTHS, 1) if name.startswith(m[3]))
        date = dt.date(int(m[4] or YEAR), month, int(m[2]))
        if DAYS[date.weekday()][:3] != m[1]:
            raise SystemExit(f"{m[0]!r}: {date} is a {DAYS[date.weekday()]}")
        n += 1
    return n


def pounds(pence: int) -> str:
    return f"\u00a3{pence // 100}.{pence % 100:02d}"


def check_train(text: str) -> None:
    """Each fare is the full fare less the railcard's third; the saving and the total are their sums; the
    journeys' arrival times follow from departure and duration."""
    for full, paid in T.TRAIN_FARES.values():
        assert round(full * 2 / 3) == paid and pounds(paid) in text, (full, paid)
    saved = sum(full - paid for full, paid in T.TRAIN_FARES.values())
    total = sum(paid for _, paid in T.TRAIN_FARES.values())
    assert f"you saved {pounds(saved)}" in text and f"Total paid  {pounds(total)}" in text
    for dep, dur, arr in (("07:42", "2h 19m", "10:01"), ("17:30", "2h 18m", "19:48")):
        h, m = map(int, dep.split(":"))
        dh, dm = map(int, re.findall(r"\d+", dur))
        assert f"{(h + dh + (m + dm) // 60):02d}:{(m + dm) % 60:02d}" == arr and dur in text and arr in text


def check_pdf(data: bytes, pages: int) -> None:
    """The xref's offsets point at their objects; one image per page, no font."""
    at = int(re.findall(rb"startxref\n(\d+)", data)[-1])
    table = data[at:].split(b"trailer")[0].split(b"\n")[3:]
    for number, row in enumerate((r for r in table if r.strip()), 1):
        offset = int(row[:10])
        assert data[offset:].startswith(b"%d 0 obj" % number), number
    assert data.count(b"/Subtype /Image") == data.count(b"/Type /Page ") == pages and b"/Font" not in data


def files() -> dict[str, bytes]:
    return {
        T.TRAIN_NAME: train_png(),
        T.BACKUP_NAME: backup_png(),
        T.LETTER_NAME: letter_pdf(),
        T.LUA_NAME: T.INIT_LUA.encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    drawn = drawn_text()
    check_train(drawn[T.TRAIN_NAME][0])
    check_pdf(made[T.LETTER_NAME], len(T.LETTER_PAGES))
    for name in (T.TRAIN_NAME, T.BACKUP_NAME):
        assert made[name].startswith(b"\x89PNG\r\n\x1a\n") and b"pHYs" in made[name]
    texts = [page for pages in drawn.values() for page in pages] + [T.INIT_LUA]
    assert "Sunday 14 and Monday 15 March" in drawn[T.LETTER_NAME][1] and dt.date(YEAR, 3, 14).weekday() == 6
    return sum(check_weekdays(t) for t in texts) + 1


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
