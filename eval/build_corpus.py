"""Rebuild eval/corpus from public text shipped on Debian + pyenv machines (the committed archive,
eval/corpus.tar.xz, is what counts; this writes the folder and then the archive).

Python 3.11 stdlib modules of 2-6 KB, Debian package docs (text, Markdown, HTML, reStructuredText) of 1-8 KB.
Run: .venv/bin/python eval/build_corpus.py
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

from corpus_archive import pack  # run as a script from eval/

OUT = Path(__file__).parent / "corpus"
STDLIB = Path("/root/.pyenv/versions/3.11.7/lib/python3.11")
SKIP = (
    "encodings",
    "test",
    "idlelib",
    "site-packages",
    "lib2to3",
    "tkinter",
    "turtledemo",
    "ensurepip",
    "config-",
    "__pycache__",
)


def main() -> None:
    picked: list[tuple[Path, Path]] = []
    for p in sorted(STDLIB.rglob("*.py")):
        rel = p.relative_to(STDLIB)
        if any(s in str(rel) for s in SKIP) or not 2048 <= p.stat().st_size <= 6144:
            continue
        picked.append((p, Path("python") / rel))
    seen: set[str] = set()
    doc = Path("/usr/share/doc")
    for p in sorted(doc.rglob("*")):
        if not p.is_file() or p.is_symlink() or p.suffix == ".gz":
            continue
        if not (p.suffix in (".md", ".txt", ".html", ".rst") or p.name.startswith("README")):
            continue
        if not 1024 <= p.stat().st_size <= 8192:
            continue
        digest = hashlib.sha1(p.read_bytes()).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        picked.append((p, Path("debian") / p.relative_to(doc)))
    # git ships 200+ near-identical release notes: keep every fourth so they do not swamp the set
    git = [x for x in picked if "RelNotes" in str(x[1])]
    picked = [x for x in picked if x not in git[1::4] and x not in git[2::4] and x not in git[3::4]]
    if OUT.exists():
        shutil.rmtree(OUT)
    for src, rel in picked:
        dst = OUT / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    total = sum(s.stat().st_size for s, _ in picked)
    sys.stdout.write(f"{len(picked)} files, {total / 1e6:.2f} MB -> {OUT}\n")
    sys.stdout.write(f"archive: {pack(OUT)}\n")


if __name__ == "__main__":
    main()
