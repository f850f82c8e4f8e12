"""Generate the private documents of the realdocs ``heldout19`` part under ``files/private19/``: a home insurer's
three-page renewal letter as a document scanner saves it (``Scan 2027-03-02.tiff``: one multi-page TIFF, a frame a
page, each an A4 page at 300 dpi in black and white, CCITT Group 4, a little tilted and speckled), the configuration
page of a small self-hosted recipe manager's Docusaurus documentation (``configuration.mdx``: front matter, imports,
``<Tabs>``/``<TabItem>`` blocks of shell and YAML, admonitions, tables of options) and a Mac developer's sync engine
in Swift (``SyncEngine.swift``: doc comments, ``// MARK: -`` sections, constants, enums and a class).

    python eval/realdocs/make_heldout19.py          # rewrite them; the output is the same on every run

Pillow draws the pages with the DejaVu fonts (``make_heldout16.FONTS``) of ``fonts-dejavu-core`` (``/usr/share/fonts/truetype/dejavu``); the
speckle comes from a seeded ``random.Random`` and the TIFF's tags (resolution, scanner, date) are fixed, so a rerun
with the same Pillow gives the same bytes. The text drawn on each page is kept here (``drawn_text``): ``check.py``
checks the labels against it, not against OCR. Every weekday written next to a date is checked against the
calendar, the premium's parts against its total, last year's premium and the monthly instalments. The other
document of the part (lsof's ``big_brother.pl``) is copied unchanged from a Debian package, as ``documents.json``
records.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

try:  # run as a script from its folder, or imported as eval.realdocs.make_heldout19 (the tests, check.py)
    import heldout19_texts as T
    from make_heldout10 import write_files
    from make_heldout16 import check_weekdays, font, wrap
except ImportError:
    from eval.realdocs import heldout19_texts as T
    from eval.realdocs.make_heldout10 import write_files
    from eval.realdocs.make_heldout16 import check_weekdays, font, wrap

OUT = Path(__file__).resolve().parent / "files" / "private19"
# the Pillow that drew the committed scan: another release may rasterise or compress it to other bytes
DRAWN_WITH_PILLOW = "13.0.0"
DPI = 300
A4 = (595.28, 841.89)  # points
MARGIN = 68  # points, each side
SCANNED_AT = "2027:03:02 18:41:07"


def px(points: float) -> int:
    return round(points * DPI / 72)


STYLES = {  # style: (font, size in points, space before in lines)
    "head": ("DejaVuSerif-Bold", 19, 0),
    "small": ("DejaVuSans", 8.5, 0.2),
    "right": ("DejaVuSans", 9.5, 0),
    "address": ("DejaVuSans", 10.5, 0),
    "date": ("DejaVuSans", 10.5, 0),
    "title": ("DejaVuSans-Bold", 13, 0.7),
    "bold": ("DejaVuSans-Bold", 11, 0.8),
    "body": ("DejaVuSerif", 10, 0.5),
    "bullet": ("DejaVuSerif", 10, 0.25),
    "th": ("DejaVuSans-Bold", 10, 0.15),
    "td": ("DejaVuSans", 10, 0.15),
    "sign": ("DejaVuSerif-Italic", 20, 0.3),
    "footer": ("DejaVuSans", 8.5, 0),
}
# a table's columns by its number of columns: the first cell starts at the margin, the others end at these x
# positions (points from the page's left edge): numbers are right-aligned, as a letter's tables set them
TABLE_COLUMNS = {2: (A4[0] - MARGIN,), 3: (400, A4[0] - MARGIN)}
BULLET_INDENT = 16  # points


def letter_lines(blocks) -> list[tuple[str, str, bool]]:
    """(style, text, whether it starts a block) for each line drawn on a page of the letter: the blocks, wrapped to
    the text width (a bullet's lines after its first indented, its first starting "- "); a table row is one line,
    its cells joined by two spaces."""
    out = []
    room = px(A4[0] - 2 * MARGIN)
    for style, words in blocks:
        name, size, _ = STYLES.get(style, STYLES["body"])
        face = font(name, px(size))
        if style in ("th", "td"):
            out.append((style, "  ".join(words), True))
        elif style == "bullet":
            lines = wrap(words, face, room - px(BULLET_INDENT))
            out += [(style, ("- " if i == 0 else "") + line, i == 0) for i, line in enumerate(lines)]
        elif style in ("body", "small"):
            out += [(style, line, i == 0) for i, line in enumerate(wrap(words, face, room))]
        else:
            out.append((style, words, True))
    return out


def draw_page(blocks):
    """A page of the letter as printed: greyscale, A4 at 300 dpi."""
    from PIL import Image, ImageDraw

    w, h = px(A4[0]), px(A4[1])
    page = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(page)
    left, right = px(MARGIN), w - px(MARGIN)
    y = px(MARGIN * 0.75)
    cells = iter([words for style, words in blocks if style in ("th", "td")])
    for style, words, first in letter_lines(blocks):
        if style == "gap":
            y += px(10)
            continue
        name, size, before = STYLES[style]
        face = font(name, px(size))
        step = px(size * 1.32)
        if first:
            y += round(before * step)
        if style == "head":
            draw.ellipse([left, y, left + px(30), y + px(30)], fill=0)
            draw.text((left + px(15), y + px(15)), "F", font=font("DejaVuSerif-Bold", px(20)), fill=255,
                      anchor="mm")  # fmt: skip
            draw.text((left + px(40), y + px(23)), words, font=face, fill=0, anchor="ls")
            y += px(40)
        elif style == "right":
            draw.text((right, y + step), words, font=face, fill=0, anchor="rs")
            y += step
        elif style == "date":
            draw.text((left, y + step), words, font=face, fill=0, anchor="ls")
            y += step
        elif style == "footer":
            draw.text((w // 2, h - px(36)), words, font=face, fill=0, anchor="ms")
        elif style in ("th", "td"):
            row = next(cells)
            draw.text((left, y + step), row[0], font=face, fill=0, anchor="ls")
            for x, cell in zip(TABLE_COLUMNS[len(row)], row[1:]):
                draw.text((px(x), y + step), cell, font=face, fill=0, anchor="rs")
            if style == "th":
                draw.line([(left, y + step + px(4)), (right, y + step + px(4))], fill=0, width=3)
            y += step
        elif style == "bullet":
            x = left + (0 if first else px(BULLET_INDENT))
            if first:
                draw.text((x, y + step), "-", font=face, fill=0, anchor="ls")
                words, x = words[2:], left + px(BULLET_INDENT)
            draw.text((x, y + step), words, font=face, fill=0, anchor="ls")
            y += step
        else:
            draw.text((left, y + step), words, font=face, fill=0, anchor="ls")
            y += step
        if y > h - px(64):
            raise SystemExit(f"the letter's page runs past its footer at {words!r}")
    return page


def scan(page, seed: int, angle: float):
    """The page as a sheet-fed scanner saves it in black and white: softened, turned by ``angle`` degrees, speckled
    with toner dust and paper fibres, a dark strip where the sheet's edge met the scanner's background, then
    thresholded to one bit a pixel."""
    from PIL import Image, ImageDraw, ImageFilter

    w, h = page.size
    rng = random.Random(seed)
    page = page.filter(ImageFilter.GaussianBlur(0.9))
    page = page.rotate(angle, resample=Image.BICUBIC, fillcolor=255)
    draw = ImageDraw.Draw(page)
    for _ in range(500):  # dust: single dots and small clumps
        x, y, r = rng.randrange(w), rng.randrange(h), rng.choice((1, 1, 1, 2, 2, 3))
        draw.ellipse([x, y, x + r, y + r], fill=rng.randrange(0, 110))
    for _ in range(14):  # fibres: short thin hairs
        x, y = rng.randrange(w), rng.randrange(h)
        draw.line([(x, y), (x + rng.randrange(-40, 40), y + rng.randrange(-40, 40))], fill=90, width=2)
    edge = rng.randrange(10, 18)
    draw.rectangle([0, 0, edge, h], fill=20)  # the sheet's left edge, a little skewed
    draw.polygon([(edge, 0), (edge + 9, 0), (edge + 3, h), (edge, h)], fill=70)
    return page.point(lambda v: 255 if v > 150 else 0).convert("1")


def tiff_bytes() -> bytes:
    """The letter's pages as one multi-page TIFF: a frame a page, in order, each 1-bit, Group 4, 300 dpi."""
    from PIL import TiffImagePlugin

    frames = [
        scan(draw_page(b), 190 + i, a) for i, (b, a) in enumerate(zip(T.LETTER_PAGES, (0.35, -0.22, 0.48)))
    ]
    info = TiffImagePlugin.ImageFileDirectory_v2()
    info[271] = "Brother"  # Make
    info[272] = "ADS-1700W"  # Model
    info[305] = "Brother iPrint&Scan 11.2"  # Software
    info[306] = SCANNED_AT  # DateTime
    out = io.BytesIO()
    frames[0].save(
        out,
        "TIFF",
        save_all=True,
        append_images=frames[1:],
        compression="group4",
        dpi=(DPI, DPI),
        tiffinfo=info,
    )
    return out.getvalue()


# --- what was drawn, and checks ----------------------------------------------------------------------------------------


def drawn_text() -> dict[str, list[str]]:
    """The text drawn on each page of the scan, by file name: a page's text per page (page N is the TIFF's frame N),
    its lines as drawn, top to bottom. ``check.py`` reads the scan's labelled units from here."""
    return {
        T.TIFF_NAME: ["\n".join(line for _, line, _ in letter_lines(blocks)) for blocks in T.LETTER_PAGES]
    }


def money(pence: int) -> str:
    return f"{pence // 100}.{pence % 100:02d}"


def check_letter(pages: list[str]) -> None:
    """The premium's sections add up to the total the letter gives on both pages; the rise is the new premium less
    last year's; the instalments are the premium split in twelve; the letter is plain ASCII (no pound sign)."""
    total = sum(T.PREMIUM.values())
    assert f"Total, including Insurance Premium Tax at 12%  {money(total)}" in pages[1]
    flat = " ".join(pages[0].split())
    assert f"is GBP {money(total)}, including" in flat and f"paid GBP {money(T.LAST_PREMIUM)}," in flat
    assert f"gone up by GBP {money(total - T.LAST_PREMIUM)}." in flat
    assert total % T.INSTALMENTS == 0 and f"instalments of GBP {money(total // T.INSTALMENTS)}" in flat
    assert all(p.isascii() for p in pages)
    for n, page in enumerate(pages, 1):
        assert f"Page {n} of {len(pages)}" in page


def check_tiff(data: bytes) -> None:
    """A little-endian TIFF of one frame a page, each A4 at 300 dpi, 1-bit, Group 4; under 3 MB."""
    from PIL import Image

    assert data[:4] == b"II*\x00" and len(data) < 3_000_000
    image = Image.open(io.BytesIO(data))
    assert image.n_frames == len(T.LETTER_PAGES)
    for i in range(image.n_frames):
        image.seek(i)
        assert image.mode == "1" and image.size == (px(A4[0]), px(A4[1])), (image.mode, image.size)
        assert image.info["compression"] == "group4" and tuple(map(round, image.info["dpi"])) == (DPI, DPI)


def files() -> dict[str, bytes]:
    return {
        T.TIFF_NAME: tiff_bytes(),
        T.MDX_NAME: T.MDX.encode("utf-8"),
        T.SWIFT_NAME: T.SWIFT.encode("utf-8"),
    }


def check(made: dict[str, bytes]) -> int:
    pages = drawn_text()[T.TIFF_NAME]
    check_letter(pages)
    check_tiff(made[T.TIFF_NAME])
    assert re.search(r"^import Tabs from '@theme/Tabs';$", T.MDX, re.M) and T.MDX.count("<TabItem ") >= 10
    assert T.SWIFT.count("// MARK: - ") >= 6
    return sum(check_weekdays(t) for t in [*pages, T.MDX, T.SWIFT])


def main() -> None:
    made = files()
    check(made)
    write_files(made, OUT)


if __name__ == "__main__":
    main()
