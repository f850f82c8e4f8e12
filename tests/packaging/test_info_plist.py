"""The Info.plist alcove.spec writes into Alcove.app (bundle_config.info_plist), and entitlements.plist, checked on
Linux: both go through plistlib as macOS would read them. The document types are checked against the indexer's own
table of extensions (engine/index/extraction.py), so a format added there without a document type fails here."""

from __future__ import annotations

import plistlib
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import bundle_config as cfg  # noqa: E402

sys.path.pop(0)

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def _indexer_extensions() -> set[str]:
    from engine.index import file_types as extract  # the indexer's table

    exts = set(extract.TEXT_EXTENSIONS) | set(extract.DOC_EXTENSIONS) | set(extract.RICH_EXTENSIONS)
    assert all(extract.file_type_for(Path(f"x{e}")) not in (None, "binary") for e in exts)
    return exts


def _plist(min_macos: str = "14.0") -> dict:
    raw = plistlib.dumps(cfg.info_plist(VERSION, cfg.DEFAULT_BUNDLE_ID, min_macos), fmt=plistlib.FMT_XML)
    return plistlib.loads(raw)  # what macOS reads back: only plist types survive


def test_info_plist_keys():
    info = _plist("26.0")
    assert info["CFBundleIdentifier"] == cfg.DEFAULT_BUNDLE_ID
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == VERSION
    assert info["LSMinimumSystemVersion"] == "26.0"
    assert info["NSHighResolutionCapable"] is True
    assert info["LSApplicationCategoryType"].startswith("public.app-category.")
    assert info["LSArchitecturePriority"] == ["arm64"]
    for d in info["CFBundleDocumentTypes"]:
        assert d["CFBundleTypeRole"] == "Viewer" and d["LSHandlerRank"] == "Alternate", d
        assert d["LSItemContentTypes"], d


def test_document_types_cover_every_format_the_indexer_reads():
    info = _plist()
    accepted = {u for d in info["CFBundleDocumentTypes"] for u in d["LSItemContentTypes"]}
    assert {"public.folder", "com.adobe.pdf", "public.plain-text"} <= accepted
    imported = {t["UTTypeIdentifier"]: t for t in info["UTImportedTypeDeclarations"]}
    table = {ext: uti for _name, by_ext in cfg.DOCUMENT_TYPES for ext, uti in by_ext.items()}
    exts = _indexer_extensions()
    assert sorted(exts - set(table)) == [], "formats the indexer reads with no document type in bundle_config"
    assert sorted(set(table) - exts) == [], "document types for formats the indexer does not read"
    for ext, uti in table.items():
        assert uti in accepted, (ext, uti)
        if uti in imported:  # declared by us: the declaration must name the extension
            tags = imported[uti]["UTTypeTagSpecification"]["public.filename-extension"]
            assert ext[1:] in tags, (ext, uti, tags)
            # a text format, or a zip or gzip of the app's own (an Anki deck, an XMind map, a Paprika recipe)
            assert imported[uti]["UTTypeConformsTo"][0] in {"public.plain-text", "public.source-code",
                                                           "public.shell-script", "public.zip-archive",
                                                           "org.gnu.gnu-zip-archive"}  # fmt: skip
    for uti, decl in imported.items():  # no stale declarations
        assert decl["UTTypeTagSpecification"]["public.filename-extension"], uti


def test_a_format_without_a_document_type_is_caught(monkeypatch):
    """The check above can fail: add an extension to the indexer's table and it must."""
    from engine.index import file_types as extract

    monkeypatch.setitem(extract.TEXT_EXTENSIONS, ".newformat", "text")
    table = {ext for _name, by_ext in cfg.DOCUMENT_TYPES for ext in by_ext}
    assert ".newformat" in _indexer_extensions() - table


def test_entitlements_parse():
    ent = plistlib.loads((ROOT / "packaging" / "entitlements.plist").read_bytes())
    assert ent == {
        "com.apple.security.cs.allow-unsigned-executable-memory": True,
        "com.apple.security.cs.disable-library-validation": True,
    }


def test_the_spec_writes_this_plist():
    spec = (ROOT / "packaging" / "alcove.spec").read_text()
    assert "info_plist=cfg.info_plist(VERSION, _bundle_id, cfg.minimum_macos_version())" in spec
