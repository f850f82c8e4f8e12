"""The format readers: each turns one kind of file (its bytes or decoded text) into ``Page``s with exact locations,
or raises ``ExtractError`` with the reason. ``engine.index.extraction`` picks the reader for a file."""

from engine.index.readers.bibtex import extract_bibtex
from engine.index.readers.ebook import extract_epub, extract_notebook
from engine.index.readers.enex import extract_enex
from engine.index.readers.feeds import extract_feed, is_feed
from engine.index.readers.gpx import extract_gpx
from engine.index.readers.html import extract_html
from engine.index.readers.iwork import extract_iwork
from engine.index.readers.mail import extract_eml, extract_mbox
from engine.index.readers.messages import read_messages
from engine.index.readers.numbers import extract_numbers
from engine.index.readers.ocr import (
    IMAGE_EXTENSIONS,
    NoTextFound,
    OcrLine,
    OcrOff,
    ocr_pdf_pages,
    page_pixels,
    recognise,
    shown_box,
)
from engine.index.readers.office import extract_pptx, extract_rtf, extract_xls, extract_xlsx
from engine.index.readers.opendocument import extract_odp, extract_ods, extract_odt
from engine.index.readers.pdf import extract_pdf, pdfium_pages
from engine.index.readers.pictures import image_pages, picture_pages, picture_pixels
from engine.index.readers.statements import extract_statement
from engine.index.readers.subtitles import extract_subtitles
from engine.index.readers.vobjects import extract_vobjects
from engine.index.readers.webpages import extract_mhtml, extract_webarchive
from engine.index.readers.word import extract_docx

__all__ = [
    "IMAGE_EXTENSIONS",
    "NoTextFound",
    "OcrOff",
    "extract_docx",
    "extract_eml",
    "extract_bibtex",
    "extract_enex",
    "extract_epub",
    "extract_feed",
    "extract_gpx",
    "extract_html",
    "extract_iwork",
    "extract_mbox",
    "extract_mhtml",
    "extract_notebook",
    "extract_numbers",
    "extract_odp",
    "extract_ods",
    "extract_odt",
    "extract_pdf",
    "extract_pptx",
    "extract_rtf",
    "extract_statement",
    "extract_subtitles",
    "extract_vobjects",
    "extract_webarchive",
    "extract_xls",
    "extract_xlsx",
    "image_pages",
    "OcrLine",
    "page_pixels",
    "picture_pages",
    "picture_pixels",
    "recognise",
    "shown_box",
    "is_feed",
    "ocr_pdf_pages",
    "pdfium_pages",
    "read_messages",
]
