"""Drive the real app offscreen and save screenshots of each pane in light and dark: ``python -m app.gui.screenshots OUT``.

Everything shown is real: the built-in chat model answers a real prompt, the library indexes real text files
(the licence texts every Debian system ships, or ``--docs FOLDER``), search runs on that index, a document question
is answered from it with its sources, and the Rerank pane reorders search results with the built-in chat model as
a generative (yes/no) reranker.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger(__name__)
PROMPT = "Write a short Python function that reverses a string, then explain it in one sentence."
QUERY = "patent license grant"
DOC_QUESTION = "Does the Apache License give me a patent license?"
OFF_TOPIC = "How long should I bake a loaf of sourdough bread?"  # not in the licences: Alcove says so
# The source viewer: a citation of the Apache License's patent grant, and a page of a PDF Debian ships.
VIEWER_TEXT = ("/usr/share/common-licenses/Apache-2.0", 74, 77,
               "each Contributor hereby grants to You a perpetual, worldwide, non-exclusive, no-charge, "
               "royalty-free, irrevocable (except as stated in this section) patent license")  # fmt: skip
VIEWER_PDF = ("/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf", 3,
              "Each application that wishes to contribute to the MIME database will install a single XML file, "
              "named after the application, into one of the three <MIME>/packages/ directories")  # fmt: skip


def _wait(app, predicate, timeout: float = 600.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not get there in time")
        app.processEvents()
        time.sleep(0.02)


def _settle(app, seconds: float = 0.4) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def _shoot(app, widget, path: Path) -> None:
    _settle(app)
    widget.grab().save(str(path))
    log.info("saved %s", path)


def _session(app, engine, out: Path, theme: str, docs: Path | None, first: bool) -> object:
    from .main import build
    from .settings import Settings

    Settings()["appearance/theme"] = theme
    win = build(app, engine=engine)
    win.resize(1180, 760)
    win.show()
    if first:
        win.start()
        if docs is not None:
            win.index_paths([str(docs)])
            _wait(app, lambda: not win.indexer.busy)
        win.chat.composer.set_text(PROMPT)
        win.chat.send(PROMPT)
        _wait(app, lambda: not win.chat.busy)
        if docs is not None:  # a second conversation: document Q&A with its sources
            win.chat.new_chat()
            win.chat.composer.use_documents.setChecked(True)
            win.chat.send(DOC_QUESTION)
            _wait(app, lambda: not win.chat.busy)
            win.chat.new_chat()
            win.chat.send(OFF_TOPIC)
            _wait(app, lambda: not win.chat.busy)
            win.chat.composer.use_documents.setChecked(False)
    convs = {c.title: c.id for c in win.store.conversations()}
    plain = next((cid for title, cid in convs.items() if title.startswith("Write a short")), None)
    asked = next((cid for title, cid in convs.items() if title.startswith("Does the Apache")), None)
    off = next((cid for title, cid in convs.items() if title.startswith("How long should")), None)
    if plain:
        win.chat.sidebar.select(plain)
    _shoot(app, win, out / f"chat-{theme}.png")
    if asked:
        win.chat.sidebar.select(asked)
        _shoot(app, win, out / f"chat-documents-{theme}.png")
    if off:
        win.chat.sidebar.select(off)
        _shoot(app, win, out / f"chat-not-in-documents-{theme}.png")
    win.switch_to("search")
    win.search.query.setText(QUERY)
    win.search.run_search()
    _wait(app, lambda: win.search.job is None)
    _shoot(app, win, out / f"search-{theme}.png")
    win.search.results.selectionModel().clear()
    if win.search.hits:
        win.send_to_rerank(QUERY, win.search.hits[:6])
        win.rerank.run_rerank()  # the default reranker: the chat model judging yes/no relevance
        _wait(app, lambda: win.rerank.job is None)
        win.rerank.table.clearSelection()
    else:
        win.switch_to("rerank")
    _shoot(app, win, out / f"rerank-{theme}.png")
    win.switch_to("chat")
    win.open_settings()
    dialog = win.settings_dialog
    for index, name in ((1, "models"), (2, "generation")):
        dialog.tabs.setCurrentIndex(index)
        if name == "models":
            _wait(app, lambda: dialog.models.scan_job is None, 120)
        _shoot(app, dialog, out / f"settings-{name}-{theme}.png")
    dialog.close()
    win.chat.new_chat()
    _shoot(app, win, out / f"chat-empty-{theme}.png")
    return win


def _viewer_session(app, engine, out: Path, theme: str) -> object:
    from .main import build
    from .settings import Settings

    Settings()["appearance/theme"] = theme
    win = build(app, engine=engine)
    win.resize(1180, 760)
    win.show()
    _settle(app, 1.0)  # the status bar's labels get their first values
    path, start, end, quote = VIEWER_TEXT
    if Path(path).is_file():
        win.open_source({"path": path, "line_start": start, "line_end": end, "quote": quote})
        _wait(app, lambda: not win.viewer.loading, 60)
        _shoot(app, win, out / f"viewer-text-{theme}.png")
    path, page, quote = VIEWER_PDF
    if Path(path).is_file():
        win.open_source({"path": path, "page": page, "quote": quote})
        _wait(app, lambda: not win.viewer.loading, 60)
        _shoot(app, win, out / f"viewer-pdf-{theme}.png")
    win.viewer.close_viewer()
    return win


def start_app(home_prefix: str):
    """The QApplication a screenshot tool drives: offscreen unless told otherwise, a fresh ALCOVE_HOME (named with
    ``home_prefix``) unless one is set, BLAS preloaded before MLX."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("ALCOVE_HOME", tempfile.mkdtemp(prefix=home_prefix))
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    from engine.core import preload_blas

    preload_blas()
    from .main import create_application

    return create_application([sys.argv[0]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.gui.screenshots")
    parser.add_argument("out", type=Path)
    parser.add_argument("--docs", type=Path, default=Path("/usr/share/common-licenses"))
    parser.add_argument("--model", default="default", help="chat model spec (default: the built-in model)")
    parser.add_argument(
        "--viewer-only", action="store_true", help="only the source viewer shots (no model runs)"
    )
    args = parser.parse_args(argv)
    app = start_app("alcove-shots-")
    from engine.runtime import Engine

    from .settings import Settings

    Settings()["models/chat"] = args.model
    Settings()["sampling/temperature"] = 0.0
    Settings()["sampling/max_tokens"] = 160
    args.out.mkdir(parents=True, exist_ok=True)
    engine = Engine()
    docs = args.docs if args.docs.is_dir() else None  # symlinked duplicates (GPL -> GPL-3) are indexed once
    windows = []
    if not args.viewer_only:
        windows.append(_session(app, engine, args.out, "light", docs, first=True))
        windows.append(_session(app, engine, args.out, "dark", docs, first=False))
    windows += [_viewer_session(app, engine, args.out, theme) for theme in ("light", "dark")]
    for win in windows:
        win.close()
    windows[-1].bridge.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
