"""OCR of scanned PDF pages and images (RapidOCR on ONNX Runtime here; macOS Vision in tests/mac): a real PDF made
here from known text, rasterised, its text layer absent, read back; character accuracy measured and bounded."""

from __future__ import annotations

import io
import logging
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.index.extraction import ExtractError, extract
from engine.index.readers import OcrOff

pytestmark = pytest.mark.skipif(
    sys.platform == "darwin", reason="RapidOCR path; Vision is tested in tests/mac"
)
log = logging.getLogger(__name__)

PAGES = [
    [
        "Otters live along rivers and coasts.",
        "They eat fish, crabs and frogs.",
        "A group of otters is called a romp.",
    ],
    [
        "Page two of the field report.",
        "Twelve otters were counted in May 2026.",
        "The river was high after the rain.",
    ],
]


def _render(lines: list[str], size=(1275, 900), font_px: int = 40, noisy: bool = False):
    from PIL import Image, ImageDraw, ImageFilter, ImageFont

    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=font_px)  # Pillow's bundled scalable font: no system fonts needed
    for i, line in enumerate(lines):
        draw.text((80, 100 + i * int(font_px * 2.2)), line, fill="black", font=font)
    if noisy:  # a photocopy: slightly rotated, blurred, speckled grey paper
        image = image.rotate(0.8, fillcolor="white", resample=Image.Resampling.BICUBIC)
        image = image.filter(ImageFilter.GaussianBlur(0.8))
        rng = np.random.default_rng(0)
        pixels = np.asarray(image).astype(np.int16) - 30 + rng.integers(-40, 40, (size[1], size[0], 1))
        image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    return image


def scanned_pdf() -> bytes:
    """A PDF whose pages are images only, as a scanner makes them."""
    images = [_render(lines) for lines in PAGES]
    buf = io.BytesIO()
    images[0].save(buf, "PDF", resolution=150, save_all=True, append_images=images[1:])
    return buf.getvalue()


def edit_distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def char_accuracy(truth: str, got: str) -> float:
    return 1.0 - edit_distance(truth, got) / len(truth)


def test_scanned_pdf_pages_are_read_with_page_and_line_positions():
    data = scanned_pdf()
    with pytest.raises(OcrOff):
        extract(Path("scan.pdf"), data, ocr=False)
    doc = extract(Path("scan.pdf"), data)
    assert [p.number for p in doc.pages] == [1, 2]
    assert any("OCR" in n for n in doc.notes)
    accuracies = []
    for page, lines in zip(doc.pages, PAGES):
        got = page.text.split("\n")
        assert len(got) == len(lines), got  # one recognised line per printed line, in order
        truth = "\n".join(lines)
        accuracies.append(char_accuracy(truth, page.text))
        # the line a citation names is the printed line
        assert page.locate(page.text.index(got[2]))[0] == 3
    acc = sum(accuracies) / len(accuracies)
    log.warning("OCR character accuracy on the scanned PDF: %.4f (pages %s)", acc, accuracies)
    assert acc >= 0.97, (acc, [p.text for p in doc.pages])


def test_image_files_are_read_and_can_be_turned_off():
    buf = io.BytesIO()
    _render(["Screenshot of the otter map."], size=(900, 200)).save(buf, "PNG")
    page = extract(Path("shot.png"), buf.getvalue()).pages[0]
    assert char_accuracy("Screenshot of the otter map.", page.text) >= 0.9, page.text
    with pytest.raises(OcrOff, match="turned off"):
        extract(Path("shot.png"), buf.getvalue(), ocr=False)
    blank = io.BytesIO()
    _render([], size=(300, 200)).save(blank, "JPEG")
    with pytest.raises(ExtractError, match="No text"):
        extract(Path("blank.jpg"), blank.getvalue())
    icon = io.BytesIO()
    _render([], size=(24, 24)).save(icon, "PNG")
    with pytest.raises(ExtractError, match="icon"):
        extract(Path("icon.png"), icon.getvalue())
    with pytest.raises(ExtractError, match="could not be decoded"):
        extract(Path("bad.png"), b"\x89PNG not an image")


def scanned_tiff(pages, compression: str = "tiff_lzw", blank_after: int | None = None) -> bytes:
    """A multi-page TIFF as a document scanner's software saves it: one picture a page, grey and speckled."""
    images = [_render(lines, noisy=True).convert("L") for lines in pages]
    if blank_after is not None:
        images.insert(blank_after, _render([]).convert("L"))
    if compression == "group4":
        images = [image.point(lambda v: 255 if v > 128 else 0).convert("1") for image in images]
    buf = io.BytesIO()
    images[0].save(
        buf, "TIFF", save_all=True, append_images=images[1:], compression=compression, dpi=(150, 150)
    )
    return buf.getvalue()


@pytest.mark.parametrize("compression", ["tiff_lzw", "group4"])
def test_each_page_of_a_scanners_tiff_is_read_as_a_page(compression):
    data = scanned_tiff(PAGES, compression, blank_after=1)  # page 2 a blank sheet: passed over, noted
    doc = extract(Path("Scan 2027-03-02.tiff"), data)
    assert [p.number for p in doc.pages] == [1, 3]  # a citation names the page as the scanner numbered it
    assert doc.notes == ("no text was recognised on page(s) 2 of the picture",)
    for page, lines in zip(doc.pages, PAGES):
        assert char_accuracy("\n".join(lines), page.text) >= 0.9, page.text
        got = page.text.split("\n")
        assert page.locate(page.text.index(got[1]))[:1] == (2,)  # lines of the page, as on a scanned PDF's
    from engine.index import picture_pages, picture_pixels

    assert picture_pages(data, ".tiff") == 3
    assert picture_pixels(data, ".tiff", 3).shape[:2] == (900, 1275)
    # one TIFF page is one picture, with no page number, as any other picture
    single = scanned_tiff(PAGES[:1], compression)
    assert [p.number for p in extract(Path("one.tif"), single).pages] == [None]


def test_a_damaged_page_of_a_tiff_loses_only_that_page(monkeypatch):
    from engine.index.readers import pictures

    data = scanned_tiff(PAGES)
    real = pictures._decode_image

    def broken_second(data, suffix, check, page=1, held=None):
        if page == 2:
            raise ExtractError("The image could not be decoded (OSError: broken data stream).")
        return real(data, suffix, check, page, held)

    monkeypatch.setattr(pictures, "_decode_image", broken_second)
    doc = extract(Path("scan.tiff"), data)
    assert [p.number for p in doc.pages] == [1]
    assert doc.notes == ("page 2 of the picture was not read: The image could not be decoded (OSError: broken data "
                         "stream).",)  # fmt: skip


def test_a_tiff_of_many_pages_is_charged_for_its_largest_page_only():
    from engine.index.bounds import Deadline

    data = scanned_tiff(PAGES * 2)
    page = 4 * 1275 * 900  # one page's pixels, decoded
    budget = Deadline(
        seconds=None, memory_bytes=2 * page
    )  # a page and the file's bytes and text: not four pages
    doc = extract(Path("scan.tiff"), data, check=budget)
    assert [p.number for p in doc.pages] == [1, 2, 3, 4]
    assert page <= budget.used < 2 * page


def test_ocr_accuracy_on_small_and_photocopied_text():
    """Harder pages than the clean scan above: 11 pt text at 150 dpi (24 px), and the same as a noisy photocopy.
    RapidOCR's recogniser seldom gives a space its best score at this size; the words are spaced where the space
    scored at all (ocr.SPACE_SCORE): before that, 0.938 and 0.880 with spaces against 1.0 and 0.971 without."""
    text = PAGES[0] + PAGES[1]
    truth = "\n".join(text)
    results = {}
    for name, noisy in (("small", False), ("photocopy", True)):
        buf = io.BytesIO()
        _render(text, size=(1275, 1000), font_px=24, noisy=noisy).save(buf, "PDF", resolution=150)
        got = extract(Path("scan.pdf"), buf.getvalue()).pages[0].text
        letters = char_accuracy(re.sub(r"\s", "", truth), re.sub(r"\s", "", got))
        results[name] = (round(char_accuracy(truth, got), 4), round(letters, 4))
    log.warning("OCR character accuracy at 24 px (with spaces, without): %s", results)
    assert results["small"][0] >= 0.99 and results["small"][1] >= 0.98, results
    assert results["photocopy"][0] >= 0.95 and results["photocopy"][1] >= 0.94, results


def test_words_are_spaced_where_the_recogniser_scored_a_space_between_them():
    from engine.index.readers.ocr import SPACE_SCORE, _SpacedDecode

    chars = ["blank", "a", "b", "c", " "]
    decode = _SpacedDecode(chars)

    def frames(*rows):  # each row: (best index, the space's score in that frame)
        probs = np.zeros((1, len(rows), len(chars)), dtype=np.float32)
        for t, (best, space) in enumerate(rows):
            probs[0, t, 4] = space
            probs[0, t, best] = max(0.9, space + 0.1) if best != 4 else 0.9
        return probs

    # "a" then "b" with a blank frame between them in which the space scored a little: two words
    assert decode(frames((1, 0.0), (0, 2 * SPACE_SCORE), (2, 0.0)))[0][0] == "a b"
    # ... below the score, or with no frame between: one word; a repeated character across a blank stays two
    assert decode(frames((1, 0.0), (0, SPACE_SCORE / 2), (2, 0.0)))[0][0] == "ab"
    assert decode(frames((1, 0.0), (2, 0.5)))[0][0] == "ab"
    assert decode(frames((1, 0.0), (1, 0.0), (0, 0.0), (1, 0.0)))[0][0] == "aa"
    # a space the recogniser wrote itself is kept once; confidence is the characters' mean best score
    text, conf = decode(frames((1, 0.0), (4, 0.9), (0, 0.5), (3, 0.0)))[0]
    assert text == "a c" and conf == pytest.approx(0.9)
    assert decode(np.zeros((2, 0, len(chars)), dtype=np.float32)) == [("", 0.0), ("", 0.0)]


def test_an_index_made_before_the_words_were_spaced_reads_pictures_and_pdfs_again():
    from engine.index.options import reader_tag
    from engine.index.readers.ocr import OCR_READER_VERSION

    assert OCR_READER_VERSION >= 1
    assert reader_tag("image") == f":image-2+ocr{OCR_READER_VERSION}".encode()  # 2: a TIFF's pages
    assert reader_tag("pdf").endswith(f"+ocr{OCR_READER_VERSION}".encode())
    assert b"ocr" not in reader_tag("docx")


def _photo(orientation: int | None, exif_bytes: bytes | None = None) -> bytes:
    """A JPEG as a phone stores it: the page's pixels as the sensor saw them (a quarter turn off for tag 6), and
    the EXIF Orientation tag saying how to show them."""
    from PIL import Image

    page = _render(PAGES[0])
    stored = page.transpose(Image.Transpose.ROTATE_90) if orientation == 6 else page  # 6: turn 90 clockwise
    buf = io.BytesIO()
    if exif_bytes is not None:
        stored.save(buf, "JPEG", quality=90, exif=exif_bytes)
    else:
        exif = Image.Exif()
        if orientation is not None:
            exif[0x0112] = orientation
        exif[0x010F] = "Apple"
        stored.save(buf, "JPEG", quality=90, exif=exif.tobytes())
    return buf.getvalue()


def test_a_phone_photo_is_read_turned_as_its_exif_orientation_says():
    from engine.index.readers.pictures import picture_pixels

    data = _photo(6)
    page = extract(Path("IMG_4821.JPG"), data).pages[0]
    assert page.text.split("\n") == PAGES[0]
    assert picture_pixels(data, ".jpg").shape[:2] == (900, 1275)  # shown upright: the marks fall on the words
    # no tag, or a damaged EXIF block: the pixels stand as stored
    assert extract(Path("plain.jpg"), _photo(None)).pages[0].text.split("\n") == PAGES[0]
    damaged = extract(
        Path("odd.jpg"), _photo(None, exif_bytes=b"Exif\x00\x00MM\x00*\x00\x00\x00\x08\xff\xff")
    )
    assert damaged.pages[0].text.split("\n") == PAGES[0]


COUNCIL = [
    "The parish council met on Tuesday evening in the village hall",
    "to discuss the new footpath along the river and the repairs to",
    "the bridge that was damaged in the winter floods last January.",
    "Volunteers are needed for the spring clean on the second Saturday",
]


def askew_page(degrees: float):
    """A page of closely set lines (a letter's), photographed turned by ``degrees`` (clockwise as seen)."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (1400, 420), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=30)
    for i, line in enumerate(COUNCIL):
        draw.text((60, 80 + i * 46), line, fill="black", font=font)
    return image.rotate(-degrees, expand=True, fillcolor="white", resample=Image.Resampling.BICUBIC)


def test_a_page_photographed_askew_is_read_line_by_line():
    from engine.index.readers import ocr_skew
    from engine.index.readers.ocr import recognise

    # turned 4 degrees, each full line rises more than the gap between lines: read as it stood, the first two
    # lines were one, read backwards
    for degrees in (4.0, -3.0):
        rgb = np.asarray(askew_page(degrees))
        assert ocr_skew.estimate_skew(rgb) == pytest.approx(degrees, abs=0.3)
        lines = recognise(rgb)
        assert [line.text for line in lines] == COUNCIL
        assert all(line.skew == ocr_skew.estimate_skew(rgb) for line in lines)
    # level pages, and pictures without lines of text, are read as they stand
    assert ocr_skew.estimate_skew(np.asarray(_render(PAGES[0]))) == 0.0
    assert ocr_skew.estimate_skew(np.asarray(askew_page(0.3))) == 0.0
    noise = np.random.default_rng(1).integers(0, 255, (600, 800, 3), dtype=np.uint8)
    assert ocr_skew.estimate_skew(noise) == 0.0


def test_an_o_read_in_a_figure_is_a_zero_and_words_keep_theirs():
    from engine.index.readers.ocr import _zeros

    assert _zeros("drink water until 06:0o, then arrive at 08:o0 on 16.o3.2027") == (
        "drink water until 06:00, then arrive at 08:00 on 16.03.2027"
    )
    for kept in ("Room 1o", "zoo 100", "Oslo 2000", "OO7", "so 2.5", "costs f2.50", "No 12"):
        assert _zeros(kept) == kept


def test_a_page_scanned_upside_down_is_read_turned_round():
    from engine.index.readers.ocr import recognise

    upright = np.asarray(_render(PAGES[1]))
    turned = recognise(np.ascontiguousarray(upright[::-1, ::-1]))
    assert [line.text for line in turned] == PAGES[1] and all(line.turned for line in turned)
    assert not any(line.turned for line in recognise(upright))


LEFT = [
    "The parish council met on Tuesday evening in",
    "the village hall to discuss the new footpath",
    "along the river and the repairs to the bridge",
    "that was damaged in the winter floods.",
]
RIGHT = [
    "Volunteers are needed for the spring clean on",
    "the second Saturday of April, starting at ten",
    "from the church car park with litter pickers",
    "and bags provided by the district council.",
]


def _two_columns():
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (1700, 700), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=30)
    draw.text((60, 40), "Village News", fill="black", font=font)
    for i, (left, right) in enumerate(zip(LEFT, RIGHT)):
        draw.text((60, 150 + i * 42), left, fill="black", font=font)
        draw.text((900, 150 + i * 42), right, fill="black", font=font)
    return np.asarray(image)


def test_a_page_in_two_columns_of_prose_is_read_column_by_column():
    from engine.index.readers.ocr import lines_to_page, recognise

    lines = recognise(_two_columns())
    assert [line.text for line in lines] == ["Village News", *LEFT, *RIGHT]
    page = lines_to_page(lines, 1)
    # the title is a paragraph of its own; a column's wrapped lines are not cut (a sentence goes on at the next top)
    blocks = [page.text[b.start : b.end] for b in page.blocks]
    assert blocks[0] == "Village News" and "\n".join(LEFT + RIGHT) in "\n".join(blocks[1:])


def test_a_table_of_labels_and_values_is_read_row_by_row():
    from engine.index.readers.ocr_layout import reading_lines

    def seg(text, left, top, width):
        return (text, (left, top, left + width, top + 30), 0.99)

    labels = ["Railcard discount", "Booking fee", "Total paid", "Payment"]
    values = ["you saved 35.15", "0.00", "70.30", "Visa ending 4417"]
    segments = [seg(v, 700, 100 + 50 * i, 20 * len(v)) for i, v in enumerate(values)]
    segments += [seg(label, 100, 100 + 50 * i, 20 * len(label)) for i, label in enumerate(labels)]
    got = [" ".join(s[0] for s in line) for line in reading_lines(segments)]
    assert got == [f"{label} {value}" for label, value in zip(labels, values)]


def test_a_windows_sidebar_is_read_before_the_page_beside_it():
    from engine.index.readers.ocr_layout import reading_lines

    def seg(text, left, top):
        return (text, (left, top, left + 16 * len(text), top + 28), 0.99)

    sidebar = ["Plan a journey", "My bookings", "Tickets", "Account"]
    page = [f"Row {i} of the booking, with its times and seats" for i in range(14)]
    segments = [seg(t, 40, 100 + 60 * i) for i, t in enumerate(sidebar)]
    segments += [seg(t, 450, 100 + 40 * i) for i, t in enumerate(page)]
    got = [" ".join(s[0] for s in line) for line in reading_lines(segments)]
    assert got == sidebar + page
