"""The source viewer on pictures and scans: a screenshot or a scanned page is shown as it looks, and the quoted words
are marked where OCR reads them (as the index read them), since such a page has no text layer to find them in."""

from __future__ import annotations

import io

import numpy as np
import pytest

from app.gui.source_viewer import SourceViewer, render_page, render_picture
from app.gui.source_viewer.pdf_page import MAX_PICTURE_SIDE
from engine.index.readers.ocr import available
from tests.engine.index.test_ocr import PAGES, _render, scanned_pdf

pytestmark = pytest.mark.skipif(not available(), reason="no OCR engine on this machine")


def _dark_under(page, box) -> bool:
    x, y, w, h = box
    row = page.rgb[int(y + h / 2) * page.stride : int(y + h / 2 + 1) * page.stride]
    start, end = int(x) * 3, int(x + w) * 3
    return min(row[start:end]) < 128


def test_a_scanned_pages_quote_is_marked_where_ocr_reads_it(tmp_path):
    path = tmp_path / "field report.pdf"
    path.write_bytes(scanned_pdf())
    page = render_page(str(path), 2, PAGES[1][1])  # "Twelve otters were counted in May 2026."
    assert (page.page, page.pages) == (2, 2) and len(page.quote_boxes) == 1 and not page.note
    x, y, w, h = page.quote_boxes[0]
    # the second printed line (drawn at 100 + 88 px of a 150 dpi scan), in the shown page's pixels (2 px a point)
    px = page.scale * 72 / 150
    assert abs(y + h / 2 - (100 + 88 + 20) * px) < 25 * px and abs(x - 80 * px) < 12 * px and w > 300 * px
    assert _dark_under(page, page.quote_boxes[0])
    # a part of a line is marked by its characters: less wide than the whole line
    part = render_page(str(path), 2, "Twelve otters")
    assert len(part.quote_boxes) == 1 and part.quote_boxes[0][2] < w / 2
    missing = render_page(str(path), 2, "Seals were seen on the sandbank at dawn.")
    assert not missing.quote_boxes and "where OCR reads this scanned page" in missing.note


def test_a_screenshot_is_shown_as_it_looks_with_its_quote_marked(qtbot, tmp_path):
    path = tmp_path / "Screenshot 2027-03-04 at 21.17.42.png"
    buf = io.BytesIO()
    _render(["Booking confirmed", "Total paid 70.30", "Tickets cannot be refunded."], size=(900, 420)).save(
        buf, "PNG"
    )
    path.write_bytes(buf.getvalue())
    page = render_picture(str(path), "Total paid 70.30")
    assert (page.page, page.pages, page.width, page.height) == (1, 1, 900, 420) and len(page.quote_boxes) == 1
    assert (
        _dark_under(page, page.quote_boxes[0])
        and 150 < page.quote_boxes[0][1] + page.quote_boxes[0][3] / 2 < 230
    )
    assert not render_picture(str(path), "Coach D, seat 17").quote_boxes

    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.resize(560, 600)
    viewer.show()
    assert viewer.show_source({"path": str(path), "quote": "Total paid 70.30"})
    assert viewer.stack.currentWidget() is viewer.pdf_view and viewer.page_label.text() == "Page 1 of 1"
    img = viewer.pdf_view.image()
    bx, by, _bw, _bh = (int(v) for v in page.quote_boxes[0])
    tinted = img.pixelColor(bx + 2, by + 2)
    assert tinted.blue() < tinted.red() - 40  # the highlight is drawn over the picture


def test_a_large_photo_is_shown_smaller_with_its_marks(tmp_path):
    path = tmp_path / "receipt.jpg"
    buf = io.BytesIO()
    _render(["Receipt", "Two coffees 5.80"], size=(4000, 800), font_px=120).save(buf, "JPEG", quality=95)
    path.write_bytes(buf.getvalue())
    page = render_picture(str(path), "Two coffees 5.80")
    assert page.width == MAX_PICTURE_SIDE and page.height == 600 and len(page.quote_boxes) == 1
    assert _dark_under(page, page.quote_boxes[0])


def test_a_picture_taken_upside_down_has_its_quote_marked_where_it_is_shown(tmp_path):
    from PIL import Image

    path = tmp_path / "upside down.png"
    image = _render(PAGES[0], size=(1275, 500)).transpose(Image.Transpose.ROTATE_180)
    image.save(path)
    page = render_picture(str(path), PAGES[0][0])  # the first printed line: at the bottom as shown
    assert (
        len(page.quote_boxes) == 1 and page.quote_boxes[0][1] > 300 and _dark_under(page, page.quote_boxes[0])
    )


def test_a_damaged_or_missing_picture_says_why_it_cannot_be_shown(tmp_path):
    from app.gui.source_viewer import ViewError

    bad = tmp_path / "broken.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n not an image at all")
    with pytest.raises(ViewError, match="broken.png cannot be shown"):
        render_picture(str(bad), "anything")
    with pytest.raises(ViewError, match="cannot be read"):
        render_picture(str(tmp_path / "gone.png"), "anything")


def test_a_page_opened_again_is_marked_without_reading_it_again(tmp_path, monkeypatch):
    from app.gui.source_viewer import pdf_page

    path = tmp_path / "field report.pdf"
    path.write_bytes(scanned_pdf())
    pdf_page._READ.clear()
    calls = []
    real = pdf_page.ocr_lines
    monkeypatch.setattr(pdf_page, "ocr_lines", lambda rgb: calls.append(rgb.shape) or real(rgb))
    first = render_page(str(path), 2, PAGES[1][1])
    again = render_page(str(path), 2, "Twelve otters")  # another citation of the same page
    assert len(calls) == 1 and first.quote_boxes and again.quote_boxes
    render_page(str(path), 1, PAGES[0][0])  # another page is read
    assert len(calls) == 2


def test_a_phone_photo_is_shown_upright_with_its_quote_marked(tmp_path):
    from tests.engine.index.test_ocr import _photo

    path = tmp_path / "IMG_4821.JPG"
    path.write_bytes(_photo(6))  # stored a quarter turn off, its EXIF Orientation 6
    page = render_picture(str(path), PAGES[0][2])
    assert (page.width, page.height) == (1275, 900) and len(page.quote_boxes) == 1
    assert _dark_under(page, page.quote_boxes[0])


def test_a_page_photographed_askew_has_its_quote_marked_where_it_is_shown(tmp_path):
    from tests.engine.index.test_ocr import COUNCIL, askew_page

    path = tmp_path / "IMG_5001.JPG"
    askew_page(4.0).save(path, "JPEG", quality=92)
    page = render_picture(str(path), COUNCIL[2])  # read level, marked on the picture as it is
    assert len(page.quote_boxes) == 1 and not page.note
    x, y, w, h = page.quote_boxes[0]
    # the third line (about 850 pixels long, 30 high), turned 4 degrees: its box holds the line's slope
    assert 750 < w < 1000 and 70 < h < 170, (w, h)
    inside = np.frombuffer(page.rgb, dtype=np.uint8).reshape(page.height, page.width, 3)[
        int(y) : int(y + h), int(x) : int(x + w)
    ]
    assert (inside.mean(axis=2) < 100).mean() > 0.03  # ink under the mark


def test_a_scanners_tiff_is_shown_page_by_page_with_its_quote_marked(qtbot, tmp_path):
    from tests.engine.index.test_ocr import scanned_tiff

    path = tmp_path / "Scan 2027-03-02.tiff"
    path.write_bytes(scanned_tiff(PAGES))
    page = render_picture(str(path), PAGES[1][1], 2)  # the citation's page, as the index numbered it
    assert (page.page, page.pages) == (2, 2) and len(page.quote_boxes) == 1 and not page.note
    assert _dark_under(page, page.quote_boxes[0])
    assert render_picture(str(path), "", 9).page == 2  # past the last page: the last

    viewer = SourceViewer()
    qtbot.addWidget(viewer)
    viewer.show_source({"path": str(path), "page": 2, "quote": PAGES[1][1]})
    assert viewer.page_label.text() == "Page 2 of 2" and viewer.prev_page.isEnabled()
    viewer.go_to_page(-1)
    assert viewer.page_label.text() == "Page 1 of 2" and not viewer.prev_page.isEnabled()
