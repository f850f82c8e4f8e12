"""The evaluation corpus is stored as ONE archive, eval/corpus.tar.xz, and unpacked to eval/corpus/ (git-ignored)
when a benchmark needs it: its 91 Python files are data, and tools that read the tree (linters, import-linter,
duplicate finders, PyInstaller hooks) must not take them for modules of this project.

``python eval/corpus_archive.py pack``   rebuild the archive from eval/corpus/ (deterministic: sorted names, fixed
                                         times and owners, so the same files give the same bytes)
``python eval/corpus_archive.py unpack`` unpack it (what ``ensure_corpus()`` does when eval/corpus/ is missing or
                                         was unpacked from another archive)
"""

from __future__ import annotations

import hashlib
import io
import shutil
import sys
import tarfile
from pathlib import Path

EVAL = Path(__file__).resolve().parent
ARCHIVE = EVAL / "corpus.tar.xz"
CORPUS = EVAL / "corpus"
_STAMP = ".unpacked-from"  # inside CORPUS: the sha256 of the archive it came from


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pack(src: Path = CORPUS, dst: Path = ARCHIVE) -> Path:
    """Every file under ``src`` except caches that tools leave there (.ruff_cache, __pycache__) and the stamp."""
    skip = {".ruff_cache", "__pycache__", ".pytest_cache"}
    files = sorted(p for p in src.rglob("*") if p.is_file() and p.name != _STAMP and not skip & set(p.parts))
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for p in files:
            info = tarfile.TarInfo(str(p.relative_to(src)))
            data = p.read_bytes()
            info.size, info.mtime, info.mode = len(data), 1_700_000_000, 0o644
            tar.addfile(info, io.BytesIO(data))
    import lzma

    dst.write_bytes(lzma.compress(buf.getvalue(), preset=9))
    return dst


def ensure_corpus() -> Path:
    """eval/corpus/, unpacked from the archive unless it already holds exactly that archive's files."""
    want = _sha256(ARCHIVE)
    stamp = CORPUS / _STAMP
    if stamp.is_file() and stamp.read_text().strip() == want:
        return CORPUS
    tmp = CORPUS.with_name("corpus.unpacking")
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(ARCHIVE, "r:xz") as tar:
        tar.extractall(tmp, filter="data")
    (tmp / _STAMP).write_text(want + "\n")
    shutil.rmtree(CORPUS, ignore_errors=True)
    tmp.rename(CORPUS)
    return CORPUS


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "unpack"
    out = pack() if cmd == "pack" else ensure_corpus()
    sys.stdout.write(f"{out}\n")
