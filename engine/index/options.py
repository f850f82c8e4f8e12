"""An index run's settings: ``IndexOptions`` (what a caller may tune, with its defaults, once) and the per-file
settings ``prepare_file`` reads, derived from them and the database."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.index.bounds import DEFAULT_FILE_MEMORY_BYTES, DEFAULT_FILE_SECONDS
from engine.index.chunking import chunk_budget
from engine.index.extraction import CODE_READER_VERSION, TEXT_READER_VERSION
from engine.index.markup import ASCIIDOC_READER_VERSION
from engine.index.readers.abc import READER_VERSION as ABC_READER_VERSION
from engine.index.readers.anki import READER_VERSION as ANKI_READER_VERSION
from engine.index.readers.bibtex import READER_VERSION as BIBTEX_READER_VERSION
from engine.index.readers.bookmarks import READER_VERSION as BOOKMARKS_READER_VERSION
from engine.index.readers.canvas import READER_VERSION as CANVAS_READER_VERSION
from engine.index.readers.chatgpt import READER_VERSION as CHATGPT_READER_VERSION
from engine.index.readers.csl import READER_VERSION as CSL_READER_VERSION
from engine.index.readers.dayone import READER_VERSION as DAYONE_READER_VERSION
from engine.index.readers.dep5 import READER_VERSION as DEP5_READER_VERSION
from engine.index.readers.ebook import READER_VERSION as EPUB_READER_VERSION
from engine.index.readers.enex import READER_VERSION as ENEX_READER_VERSION
from engine.index.readers.facebook import READER_VERSION as FACEBOOK_READER_VERSION
from engine.index.readers.feeds import READER_VERSION as FEED_READER_VERSION
from engine.index.readers.finaldraft import READER_VERSION as FDX_READER_VERSION
from engine.index.readers.fountain import READER_VERSION as FOUNTAIN_READER_VERSION
from engine.index.readers.freeplane import READER_VERSION as FREEPLANE_READER_VERSION
from engine.index.readers.gedcom import READER_VERSION as GEDCOM_READER_VERSION
from engine.index.readers.geojson import READER_VERSION as GEOJSON_READER_VERSION
from engine.index.readers.gpx import READER_VERSION as GPX_READER_VERSION
from engine.index.readers.gtasks import READER_VERSION as GTASKS_READER_VERSION
from engine.index.readers.health import READER_VERSION as HEALTH_READER_VERSION
from engine.index.readers.html import READER_VERSION as HTML_READER_VERSION
from engine.index.readers.keep import READER_VERSION as KEEP_READER_VERSION
from engine.index.readers.kml import READER_VERSION as KML_READER_VERSION
from engine.index.readers.ledger import READER_VERSION as LEDGER_READER_VERSION
from engine.index.readers.mail import READER_VERSION as MAIL_READER_VERSION
from engine.index.readers.mastodon import READER_VERSION as MASTODON_READER_VERSION
from engine.index.readers.messages import READER_VERSION as MESSAGES_READER_VERSION
from engine.index.readers.ocr import IMAGE_READER_VERSION, OCR_READER_VERSION
from engine.index.readers.office import DOCUMENT_READER_VERSION, RTF_READER_VERSION, XLSX_READER_VERSION
from engine.index.readers.opml import READER_VERSION as OPML_READER_VERSION
from engine.index.readers.paprika import READER_VERSION as PAPRIKA_READER_VERSION
from engine.index.readers.pdf import READER_VERSION
from engine.index.readers.pgn import READER_VERSION as PGN_READER_VERSION
from engine.index.readers.ris import READER_VERSION as RIS_READER_VERSION
from engine.index.readers.roam import READER_VERSION as ROAM_READER_VERSION
from engine.index.readers.scrivener import READER_VERSION as SCRIVENER_READER_VERSION
from engine.index.readers.simplenote import READER_VERSION as SIMPLENOTE_READER_VERSION
from engine.index.readers.slack import READER_VERSION as SLACK_READER_VERSION
from engine.index.readers.statements import READER_VERSION as STATEMENT_READER_VERSION
from engine.index.readers.subtitles import READER_VERSION as SUBTITLES_READER_VERSION
from engine.index.readers.tcx import READER_VERSION as TCX_READER_VERSION
from engine.index.readers.telegram_html import READER_VERSION as TELEGRAM_HTML_READER_VERSION
from engine.index.readers.todo import READER_VERSION as TODO_READER_VERSION
from engine.index.readers.trello import READER_VERSION as TRELLO_READER_VERSION
from engine.index.readers.vobjects import READER_VERSION as VOBJECT_READER_VERSION
from engine.index.readers.webpages import READER_VERSION as WEBPAGE_READER_VERSION
from engine.index.readers.whisper import READER_VERSION as WHISPER_READER_VERSION
from engine.index.readers.xmind import READER_VERSION as XMIND_READER_VERSION
from engine.index.shortcodes import READER_VERSION as MARKDOWN_READER_VERSION
from engine.index.tables import CSV_READER_VERSION

DEFAULT_MAX_FILE_BYTES = 64 << 20
CHUNKER_VERSION = 1  # bump when extraction or chunking changes what every file turns into
# A reader's version, where its files turn into other text than before: an index made with another reads those
# files again (only those: other files' content hashes stay the same)
# a scanned PDF page and a picture are read by OCR: its version is theirs too (readers.ocr.OCR_READER_VERSION)
READER_VERSIONS = {"pdf": f"{READER_VERSION}+ocr{OCR_READER_VERSION}", "image": f"{IMAGE_READER_VERSION}+ocr{OCR_READER_VERSION}", "epub": EPUB_READER_VERSION, "csv": CSV_READER_VERSION,
                   "xlsx": XLSX_READER_VERSION, "ods": XLSX_READER_VERSION, "text": f"{TEXT_READER_VERSION}+todo{TODO_READER_VERSION}+dep5{DEP5_READER_VERSION}",
                   "code": CODE_READER_VERSION,
                   "html": HTML_READER_VERSION, "email": MAIL_READER_VERSION, "emlx": MAIL_READER_VERSION,
                   "mbox": MAIL_READER_VERSION, "subtitles": SUBTITLES_READER_VERSION,
                   "calendar": VOBJECT_READER_VERSION, "contacts": VOBJECT_READER_VERSION,
                   "gpx": GPX_READER_VERSION, "asciidoc": ASCIIDOC_READER_VERSION, "feed": FEED_READER_VERSION,
                   "evernote": ENEX_READER_VERSION, "markdown": MARKDOWN_READER_VERSION,
                   "docx": DOCUMENT_READER_VERSION, "odt": DOCUMENT_READER_VERSION, "rtf": RTF_READER_VERSION,
                   "webarchive": WEBPAGE_READER_VERSION, "mhtml": WEBPAGE_READER_VERSION,
                   "bibtex": BIBTEX_READER_VERSION, "messages": MESSAGES_READER_VERSION,
                   "statement": STATEMENT_READER_VERSION, "screenplay": f"{FOUNTAIN_READER_VERSION}+fdx{FDX_READER_VERSION}",
                   "outline": OPML_READER_VERSION, "scrivener": SCRIVENER_READER_VERSION,
                   "gedcom": GEDCOM_READER_VERSION, "flashcards": ANKI_READER_VERSION,
                   "mindmap": XMIND_READER_VERSION, "ris": RIS_READER_VERSION,
                   "canvas": CANVAS_READER_VERSION, "ledger": LEDGER_READER_VERSION,
                   "recipes": PAPRIKA_READER_VERSION, "chess": PGN_READER_VERSION, "kml": KML_READER_VERSION,
                   "tcx": TCX_READER_VERSION, "abc": ABC_READER_VERSION,
                   "geojson": GEOJSON_READER_VERSION}  # fmt: skip


# an .xml file may hold a feed or a phone's messages, a .json file a chat's messages, a Slack export's day or a Keep
# note, each read in words: those readers' versions are such a file's too, not every code file's (a new Slack reader
# reads .json files again, not a folder of Python)
SUFFIX_READER_VERSIONS = {
    ".xml": f"feed{FEED_READER_VERSION}+messages{MESSAGES_READER_VERSION}+health{HEALTH_READER_VERSION}",
    ".json": f"messages{MESSAGES_READER_VERSION}+slack{SLACK_READER_VERSION}+keep{KEEP_READER_VERSION}"
    f"+chatgpt{CHATGPT_READER_VERSION}+dayone{DAYONE_READER_VERSION}+mastodon{MASTODON_READER_VERSION}"
    f"+trello{TRELLO_READER_VERSION}+facebook{FACEBOOK_READER_VERSION}+roam{ROAM_READER_VERSION}"
    f"+gtasks{GTASKS_READER_VERSION}+simplenote{SIMPLENOTE_READER_VERSION}+whisper{WHISPER_READER_VERSION}"
    f"+geojson{GEOJSON_READER_VERSION}+csl{CSL_READER_VERSION}",
    # an .html file may be a browser's exported bookmarks (engine.index.readers.bookmarks)
    # or a chat Telegram Desktop exported (engine.index.readers.telegram_html)
    ".html": f"bookmarks{BOOKMARKS_READER_VERSION}+telegram{TELEGRAM_HTML_READER_VERSION}",
    ".htm": f"bookmarks{BOOKMARKS_READER_VERSION}+telegram{TELEGRAM_HTML_READER_VERSION}",
    # an .mm file may be a Freeplane or FreeMind map (engine.index.readers.freeplane), not Objective-C++
    ".mm": f"freeplane{FREEPLANE_READER_VERSION}",
}


def reader_tag(file_type: str | None, suffix: str = "") -> bytes:
    """What a file's content hash covers beside its bytes and the chunker's settings: its reader's version, and for
    a code file named ``suffix`` (".json") the versions of the readers that may read it in words."""
    version = READER_VERSIONS.get(file_type or "")
    if version is None:
        return b""
    extra = SUFFIX_READER_VERSIONS.get(suffix.lower(), "") if file_type in ("code", "html") else ""
    return f":{file_type}-{version}{'+' + extra if extra else ''}".encode()


@dataclass(frozen=True)
class IndexOptions:
    """What an index run may be told; every field has the pipeline's default.

    What each file may cost and how it is chunked: ``max_file_bytes`` (larger files are skipped), ``file_seconds``
    and ``file_memory_bytes`` (a file whose extraction and chunking take longer or hold more is skipped with a
    reason, and the run goes on), ``chunk_tokens`` and ``overlap_tokens``. ``allow_links``: symbolic links that
    leave every library folder are followed only when listed. ``ocr=False`` leaves images and scanned PDF pages
    unread (skipped, read once OCR is on again). ``as_sources=False`` refreshes the paths without adding them to
    the library's sources (a watcher's re-index of a subfolder).

    How the pipeline runs: ``workers`` extraction workers (None: by the CPU count), as ``extract_in`` "threads" or
    "processes" (an inline run extracts on the calling thread); the first embedding unit embeds ``batch_chunks``
    chunks, later ones as many as take about ``unit_seconds`` (None: always ``batch_chunks``); at most
    ``queued_files`` files wait for their vectors; finished files are committed together every
    ``commit_seconds``. ``ocr_yields=False`` lets OCR run on while interactive work runs.
    """

    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    chunk_tokens: int = 180
    overlap_tokens: int = 24
    allow_links: tuple[str, ...] = ()
    file_seconds: float | None = DEFAULT_FILE_SECONDS
    file_memory_bytes: int | None = DEFAULT_FILE_MEMORY_BYTES
    ocr: bool = True
    as_sources: bool = True
    workers: int | None = None
    extract_in: str = "threads"
    batch_chunks: int = 8
    commit_seconds: float = 2.0
    unit_seconds: float | None = 0.15
    queued_files: int = 32
    ocr_yields: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "allow_links", tuple(str(p) for p in self.allow_links))
        if self.extract_in not in ("threads", "processes"):
            raise ValueError(f"extraction workers are 'threads' or 'processes', not {self.extract_in!r}")


def file_options(store, embedder, options: IndexOptions) -> dict[str, Any]:
    """The settings ``prepare_file`` reads for every file (a plain dict: it goes to worker processes too); checks
    that the database belongs to this embedder first (raises IndexStoreError)."""
    store.check_embedder(embedder.name, embedder.dim)
    chunk_tokens = chunk_budget(embedder.max_seq_length, options.chunk_tokens)
    # The hash covers the chunking settings too: changing them re-chunks and re-embeds every file.
    tag = f"chunker-{CHUNKER_VERSION}:{chunk_tokens}:{options.overlap_tokens}"
    readers = "".join(reader_tag(t).decode() for t in sorted(READER_VERSIONS)) + "".join(
        reader_tag("code", suffix).decode() for suffix in sorted(SUFFIX_READER_VERSIONS)
    )
    return {
        "max_file_bytes": options.max_file_bytes,
        "chunk_tokens": chunk_tokens,
        "overlap_tokens": options.overlap_tokens,
        "allow_links": options.allow_links,
        "file_seconds": options.file_seconds,
        "file_memory_bytes": options.file_memory_bytes,
        "ocr": options.ocr,
        "as_sources": options.as_sources,
        "config_tag": tag.encode(),
        "tag": tag
        + readers,  # a new reader version: every file is looked at again (its hash says which changed)
        "same_config": store.meta("chunker") == tag + readers,
    }
