"""OCR through macOS Vision (ocrmac): the code path engine.index.ocr takes on a Mac. Skipped elsewhere (the
conftest here skips tests/mac off Apple silicon); Linux tests cover RapidOCR in tests/engine/index/test_ocr.py."""

from __future__ import annotations

from pathlib import Path

from engine.index.extraction import extract
from tests.engine.index.test_ocr import PAGES, char_accuracy, scanned_pdf


def test_vision_reads_a_scanned_pdf_with_page_and_line_positions():
    doc = extract(Path("scan.pdf"), scanned_pdf())
    assert [p.number for p in doc.pages] == [1, 2]
    for page, lines in zip(doc.pages, PAGES):
        assert len(page.text.split("\n")) == len(lines), page.text
        assert char_accuracy("\n".join(lines), page.text) >= 0.95, page.text
