"""The command line as a user times it: ``alcove search`` against an extractive ``alcove ask`` on a small index, each
a fresh process, in ABBA order (bench/abba.py). The index is built first from this repository's docs/ (a few
Markdown files). An extractive ask loads no chat model, so it should cost about one search plus the answer.

    .venv/bin/python bench/bench_cli.py [--rounds 3] [--question "how do I index my notes"]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import ROOT, emit
from abba import abba


def alcove(*args: str) -> None:
    r = subprocess.run([sys.executable, "-m", "app.entry", *args], cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"alcove {' '.join(args)} failed ({r.returncode}): {r.stderr.strip()[-400:]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--question", default="how do I index my notes")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "i.sqlite3")
        alcove("index", str(ROOT / "docs"), "--db", db, "--json")
        sides = {
            "search": lambda: alcove("search", args.question, "--db", db, "--json"),
            "ask_extractive": lambda: alcove(
                "ask", args.question, "--db", db, "--answer", "extractive", "--json"
            ),
        }
        runs = abba(sides, args.rounds, warmup=1)
    emit({"about": runs.about(), "search_s": runs.summary("search"),
          "ask_extractive_s": runs.summary("ask_extractive"),
          "ask_minus_search_s": runs.median("ask_extractive") - runs.median("search"),
          "ask_over_search": runs.ratio("ask_extractive", "search")})  # fmt: skip


if __name__ == "__main__":
    main()
