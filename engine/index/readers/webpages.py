"""Web pages saved whole: Safari's web archives (``.webarchive``) and single-file pages (``.mhtml``, ``.mht``: Chrome's
and Edge's "Webpage, Single File", Word's and Internet Explorer's "Web Archive").

A web archive is a property list (binary, or XML from older Safaris): ``WebMainResource`` holds the page's HTML as
``WebResourceData`` with its ``WebResourceURL``, ``WebResourceMIMEType`` and ``WebResourceTextEncodingName``;
``WebSubresources`` its style sheets, images and scripts; ``WebSubframeArchives`` an archive per frame. An MHTML
file is a MIME ``multipart/related`` message (RFC 2557): the page's HTML is the part the ``start`` parameter or the
``Snapshot-Content-Location`` names, else the first HTML part, most often quoted-printable; the others are its
resources, each under its ``Content-Location``.

Either is read as the page the user saw: its visible text (engine.index.readers.html), then "Saved from: URL". A
page whose own text is almost nothing (a frameset) is read with its frames' text. The file's bytes are not the
text (binary, or encoded), so a page is cited as the file, like an e-mail: no lines.
"""

from __future__ import annotations

import codecs
import plistlib
import re
from dataclasses import replace
from html import unescape

from engine.index.bounds import charge, no_check, short_reason
from engine.index.document import Block, ExtractError, Page, paragraph_blocks
from engine.index.readers.html import extract_html
from engine.index.readers.mail import parse_message

# a page's <title> is in its <head>: a hostile page of a million "<title"s costs nothing
TITLE_SEARCH_CHARS = 1 << 16
# frames read of a frameset page, in all (each may hold frames of its own, to MAX_FRAME_DEPTH)
MAX_FRAMES = 32
MAX_FRAME_DEPTH = 4
FRAMESET_CHARS = 200  # a page with less visible text than this is read with its frames
_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([\w.:-]+)""", re.IGNORECASE)
READER_VERSION = 2  # 2: the <title> only when no <h1> names the page


def extract_webarchive(data: bytes, check=no_check) -> Page:
    """A Safari web archive: its main resource's page, with its frames' when it is a frameset; then its URL."""
    try:
        archive = plistlib.loads(data)
    except Exception as exc:  # noqa: BLE001 - InvalidFileException, and parser errors on damaged offsets
        raise ExtractError(f"The web archive is damaged or not a web archive ({short_reason(exc)}).") from exc
    charge(check, 2 * len(data))
    main = archive.get("WebMainResource") if isinstance(archive, dict) else None
    if not isinstance(main, dict) or not isinstance(main.get("WebResourceData"), bytes):
        raise ExtractError("The file is not a Safari web archive (it has no main resource).")
    texts = _archive_texts(archive, check, 0, [MAX_FRAMES])
    return _page(texts, _url(main.get("WebResourceURL")))


def _archive_texts(archive: dict, check, depth: int, frames_left: list[int]) -> list[Page]:
    """The page of ``archive``'s main resource (HTML, or a plain-text page Safari saved), and its frames' pages when
    it shows almost nothing itself; at most ``frames_left`` frames in all (one archive may list the same frame a
    thousand times, nested)."""
    main = archive.get("WebMainResource")
    if not isinstance(main, dict):
        return []
    pages = []
    data, mime = main.get("WebResourceData"), str(main.get("WebResourceMIMEType") or "text/html")
    if isinstance(data, bytes) and mime in ("text/html", "application/xhtml+xml"):
        page = _html_page(_decode(data, main.get("WebResourceTextEncodingName")), check)
        if page is not None:
            pages.append(page)
    elif isinstance(data, bytes) and mime == "text/plain":
        text = _decode(data, main.get("WebResourceTextEncodingName")).replace("\r\n", "\n").strip()
        if text:
            pages.append(Page(text, tuple(paragraph_blocks(text))))
    frames = archive.get("WebSubframeArchives")
    if depth < MAX_FRAME_DEPTH and isinstance(frames, list) and _visible(pages) < FRAMESET_CHARS:
        for frame in frames:
            if frames_left[0] <= 0:
                break
            frames_left[0] -= 1
            check()
            if isinstance(frame, dict):
                pages.extend(_archive_texts(frame, check, depth + 1, frames_left))
    return pages


def extract_mhtml(data: bytes, check=no_check) -> Page:
    """A page saved as one MHTML file: its HTML part's page (with its frames' when it is a frameset); then the
    address it was saved from."""
    msg = parse_message(data, check)
    charge(check, 3 * len(data))
    if not msg.is_multipart() and msg.get_content_type() != "text/html":
        raise ExtractError("The file is not a saved web page (MHTML): it has no HTML part.")
    parts = [p for p in msg.walk() if p.get_content_type() in ("text/html", "application/xhtml+xml")]
    if not parts:
        raise ExtractError("The saved web page (MHTML) has no HTML part.")
    start = (msg.get_param("start") or "").strip("<>")
    snapshot = str(msg.get("Snapshot-Content-Location") or "").strip()

    def names(part) -> set[str]:
        return {
            str(part.get("Content-Location") or "").strip(),
            str(part.get("Content-ID") or "").strip("<> "),
        }

    main = next((p for p in parts if start and start in names(p)), None)
    main = main or next((p for p in parts if snapshot and snapshot in names(p)), parts[0])
    pages = [page for page in [_html_page(_part_text(main), check)] if page is not None]
    if _visible(pages) < FRAMESET_CHARS:
        for part in [p for p in parts if p is not main][:MAX_FRAMES]:
            check()
            page = _html_page(_part_text(part), check)
            if page is not None:
                pages.append(page)
    return _page(pages, _url(snapshot or main.get("Content-Location")))


def _part_text(part) -> str:
    """A part's HTML in the charset its header names, else the page's own <meta charset> (Chrome names none)."""
    payload = part.get_payload(decode=True)
    return _decode(payload if isinstance(payload, bytes) else b"", part.get_content_charset())


def _decode(data: bytes, name) -> str:
    """HTML bytes in the encoding the archive names, else the page's own <meta charset>, else UTF-8 (or Windows-1252
    where UTF-8 fails)."""
    for candidate in (name, *(_META_CHARSET.findall(data[:4096])[:1])):
        if not candidate:
            continue
        label = candidate.decode("ascii", "replace") if isinstance(candidate, bytes) else str(candidate)
        try:
            return data.decode(codecs.lookup(label).name, errors="replace")
        except LookupError:
            continue
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _html_page(html: str, check) -> Page | None:
    """A page's visible text, without its anchors (they are the HTML's lines, not the saved file's); its <title> (the
    heading and the site's name again, "BM450 manual | Harlow & Finch Support") only when no <h1> names the page."""
    try:
        page = replace(extract_html(html, check, title=False), anchors=())
    except ExtractError:  # a frame with no visible text
        page = None
    if page is not None and any(b.heading_level == 1 for b in page.blocks):
        return page
    m = _TITLE.search(html, 0, TITLE_SEARCH_CHARS)
    title = " ".join(unescape(m.group(1)).split())[:300] if m else ""
    pieces = ([_paragraph(title, 1)] if title else []) + ([page] if page is not None else [])
    return _joined(pieces) if pieces else None


def _visible(pages: list[Page]) -> int:
    return sum(len(" ".join(p.text.split())) for p in pages)


def _url(value) -> str:
    url = " ".join(str(value or "").split())[:2000]
    return url if re.match(r"(?i)(?:https?|file|ftp)://", url) else ""


def _page(pages: list[Page], url: str) -> Page:
    """The pages' texts one after the other, then "Saved from: URL" as a paragraph."""
    if not pages:
        raise ExtractError("The saved web page has no visible text.")
    return _joined(pages + ([_paragraph(f"Saved from: {url}")] if url else []))


def _paragraph(text: str, level: int = 0) -> Page:
    return Page(text, (Block(0, len(text), level),))


def _joined(pages: list[Page]) -> Page:
    """The pages' texts one after the other, a blank line apart, their blocks moved with them."""
    parts, blocks, pos = [], [], 0
    for page in pages:
        parts.append(page.text.rstrip())
        blocks.extend(replace(b, start=b.start + pos, end=b.end + pos) for b in page.blocks)
        pos += len(parts[-1]) + 2
    return Page("\n\n".join(parts), tuple(blocks))
