"""Which kind of file a path is, from its name: the extensions the indexer reads (as text, as a document, by a
library of its own), the names it never sniffs, and the types the index stores a document under (a search's
``file_types`` names some of them). ``engine.index.extraction`` reads each kind."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from engine.core import RequestRefused
from engine.index.readers.ocr import IMAGE_EXTENSIONS

TEXT_EXTENSIONS = {
    ".txt": "text", ".text": "text", ".log": "text", ".md": "markdown", ".markdown": "markdown",
    ".mdx": "markdown", ".rst": "rst", ".rest": "rst", ".adoc": "asciidoc", ".asciidoc": "asciidoc", ".csv": "csv", ".tsv": "csv",
    ".htm": "html", ".html": "html", ".xhtml": "html", ".srt": "subtitles", ".vtt": "subtitles",
    ".ics": "calendar", ".vcf": "contacts", ".vcard": "contacts", ".gpx": "gpx", ".rss": "feed", ".atom": "feed",
    ".enex": "evernote", ".ofx": "statement", ".qfx": "statement", ".qif": "statement",
    ".py": "code", ".pyi": "code", ".js": "code", ".mjs": "code", ".ts": "code", ".tsx": "code",
    ".jsx": "code", ".c": "code", ".h": "code", ".cc": "code", ".cpp": "code", ".hpp": "code",
    ".cxx": "code", ".m": "code", ".mm": "code", ".swift": "code", ".java": "code", ".kt": "code",
    ".go": "code", ".rs": "code", ".rb": "code", ".php": "code", ".sh": "code", ".bash": "code",
    ".zsh": "code", ".pl": "code", ".tcl": "code", ".lua": "code", ".r": "code", ".sql": "code", ".scala": "code",
    ".cs": "code", ".css": "code", ".scss": "code", ".toml": "code", ".yaml": "code",
    ".yml": "code", ".json": "code", ".ini": "code", ".cfg": "code", ".xml": "code", ".dtd": "code", ".xsd": "code",
    ".xsl": "code", ".xslt": "code", ".ps1": "code", ".psm1": "code", ".psd1": "code", ".vim": "code", ".m4": "code", ".tex": "text", ".org": "text",
    ".pod": "text", ".bib": "bibtex", ".taskpaper": "text", ".fountain": "screenplay", ".opml": "outline",
    ".scrivx": "scrivener", ".ged": "gedcom", ".ris": "ris", ".canvas": "canvas", ".fdx": "screenplay",
    ".pgn": "chess", ".kml": "kml", ".geojson": "geojson", ".tcx": "tcx", ".abc": "abc", ".beancount": "ledger", ".bean": "ledger", ".ledger": "ledger", ".hledger": "ledger",
}  # fmt: skip
DOC_EXTENSIONS = {".pdf": "pdf", ".docx": "docx"}
# Formats read by a library of their own (macOS document types: packaging/bundle_config.py)
RICH_EXTENSIONS = {
    ".epub": "epub", ".rtf": "rtf", ".eml": "email", ".emlx": "emlx", ".mbox": "mbox", ".pptx": "pptx",
    ".xlsx": "xlsx", ".xlsm": "xlsx", ".xls": "xlsx", ".odt": "odt", ".ods": "ods", ".odp": "odp",
    ".webarchive": "webarchive", ".mhtml": "mhtml", ".mht": "mhtml",
    ".ipynb": "notebook", ".pages": "pages", ".key": "keynote", ".doc": "docx", ".ppt": "pptx",
    ".numbers": "xlsx", ".apkg": "flashcards", ".colpkg": "flashcards",
    ".xmind": "mindmap", ".paprikarecipes": "recipes", ".paprikarecipe": "recipes",
    **{ext: "image" for ext in IMAGE_EXTENSIONS},
}  # fmt: skip
PLAIN_NAMES = {
    "readme",
    "license",
    "copying",
    "changelog",
    "authors",
    "makefile",
    "dockerfile",
    "news",
    "todo",
}
# Never worth sniffing: images, audio, archives, executables...
BINARY_EXTENSIONS = {
    ".gif", ".ico", ".mp3", ".wav", ".flac", ".m4a", ".mp4", ".mov", ".avi", ".mkv", ".zip", ".tgz",
    ".bz2", ".xz", ".zst", ".7z", ".tar", ".rar", ".dmg", ".iso", ".exe", ".dll", ".so", ".dylib", ".o",
    ".a", ".class", ".jar", ".pyc", ".whl", ".sqlite", ".sqlite3", ".db", ".bin", ".safetensors", ".gguf",
    ".npy", ".npz", ".pt", ".onnx", ".ttf", ".otf", ".woff", ".woff2",
    ".3gp", ".3g2",
}  # fmt: skip
# a manual page's section as its file's name ends: "sources.list.5", "ssl.3ssl", "perl.1p" (engine.index.troff)
MAN_SECTION_SUFFIX = re.compile(r"\.[1-9][a-z]{0,4}")
# the type a reader stores a file under where it is not the name's (``_extract_rich``: an .emlx or a mailbox is mail)
STORED_AS = {"emlx": "email", "mbox": "email"}


def stored_types() -> frozenset[str]:
    """Every file type the index stores a document under (a search's ``file_types`` names some of them)."""
    tables = (TEXT_EXTENSIONS, DOC_EXTENSIONS, RICH_EXTENSIONS)
    return frozenset(STORED_AS.get(t, t) for table in tables for t in table.values()) | {
        "bookmarks",
        "feed",
        "messages",
        "note",
        "todo",
        "copyright",
        "geojson",
        "csl",
        "health",
    }


def stored_type(name: str) -> str | None:
    """The stored file type a person's name for one means: a type as stored ("pdf", "markdown", "email") or a file
    name's extension ("md", ".eml", "mbox", "mht", "jpg"); None for a name that is neither."""
    key = name.strip().lower()
    if key in stored_types():
        return key
    found = file_type_for(Path("x." + key.lstrip("."))) if key.lstrip(".") else None
    return STORED_AS.get(found, found) if found not in (None, "binary") else None


def check_file_types(names: Iterable[str]) -> None:
    """Refuse a search's file type that is neither a type as stored nor a file name's extension: a typo would match
    nothing, in silence."""
    unknown = [t for t in names if stored_type(t) is None]
    if unknown:
        raise RequestRefused(
            f"{unknown[0]!r} is no file type Alcove reads. Give a type as the index stores it "
            f"({', '.join(sorted(stored_types()))}) or a file name's extension (md, txt, eml, mbox, mht, jpg).",
            param="file_types",
        )


def file_type_for(path: Path) -> str | None:
    """The file type Alcove extracts ``path`` as, from its name; None when the name says nothing."""
    suffix = path.suffix.lower()
    if suffix == ".gz":  # gzip of a supported type is read as that type; of anything else, not at all
        inner = file_type_for(Path(path.stem))
        return inner if inner not in (None, "binary") else "binary"
    if suffix in TEXT_EXTENSIONS:
        return TEXT_EXTENSIONS[suffix]
    if suffix in DOC_EXTENSIONS:
        return DOC_EXTENSIONS[suffix]
    if suffix in RICH_EXTENSIONS:
        return RICH_EXTENSIONS[suffix]
    if suffix in BINARY_EXTENSIONS:
        return "binary"
    if MAN_SECTION_SUFFIX.fullmatch(
        suffix
    ):  # a manual page's source ("crontab.5", "ssl.3ssl"), or a rotated log
        return "text"
    if path.name.lower().split(".")[0] in PLAIN_NAMES:
        return "text"
    return None
