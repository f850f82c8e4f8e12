"""Screenshots of the panes at three window sizes, light and dark: ``python -m app.gui.screenshots_panes OUT``.

Everything shown is real, as in app.gui.screenshots (which shoots the window, Settings and the first launch): the
built-in chat model streams a reply (shot while it streams: the model's name and the live tok/s in its footer), the
library indexes real text files (the licence texts every Debian system ships, or ``--docs FOLDER``), a document
question is answered from them with its sources, an inline [n] opens the source viewer at the sentence, search runs
on that index, and the Rerank pane ranks search results with the chat model as a yes/no reranker (shot while it
counts, and when done) and without a reranker (said so). Files: ``{shot}-{W}x{H}-{theme}.png``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from .screenshots import DOC_QUESTION, PROMPT, QUERY, _settle, _wait, start_app

log = logging.getLogger(__name__)
SIZES = ((800, 500), (1180, 760), (1600, 1000))
RERANK_PASSAGES = 12


def _shoot(app, win, out: Path, shot: str, theme: str) -> Path:
    _settle(app, 0.3)
    path = out / f"{shot}-{win.width()}x{win.height()}-{theme}.png"
    win.grab().save(str(path))
    log.info("saved %s", path)
    return path


def _resize(app, win, size: tuple[int, int]) -> None:
    win.resize(*size)
    _settle(app, 0.3)


def _streaming(app, win, out: Path, theme: str) -> None:
    """A reply shot while it streams, at each size (stopped once shot)."""
    chat = win.chat
    chat.composer.use_documents.setChecked(False)
    for size in SIZES:
        _resize(app, win, size)
        chat.new_chat()
        chat.send(PROMPT)
        _wait(
            app,
            lambda: (
                chat._reply is not None and chat._tokens >= 40 and "tok/s" in chat._reply.metrics_label.text()
            ),
        )
        _shoot(app, win, out, "chat-streaming", theme)
        chat.stop()
        _wait(app, lambda: not chat.busy)


def _answer_and_viewer(app, win, out: Path, theme: str, conversation: int | None) -> int:
    """The document answer at each size, and the viewer opened from its first inline [n]."""
    chat = win.chat
    if conversation is None:
        chat.new_chat()
        chat.composer.use_documents.setChecked(True)
        chat.send(DOC_QUESTION)
        _wait(app, lambda: not chat.busy)
        chat.composer.use_documents.setChecked(False)
        conversation = chat.conversation_id
    else:
        chat.sidebar.select(conversation)  # as a click on it: the list shows which chat is open
    reply = chat._widgets[-1]
    for size in SIZES:
        win.viewer.close_viewer()
        _resize(app, win, size)
        _shoot(app, win, out, "answer", theme)
        anchors = reply.body.citation_anchors()
        if anchors:
            reply.body.anchorClicked.emit(_first_marker(reply.body))
        elif reply.sources.rows:
            reply.sources.rows[0].chip.click()
        _wait(app, lambda: not win.viewer.loading, 60)
        _shoot(app, win, out, "viewer", theme)
    win.viewer.close_viewer()
    return conversation


def _first_marker(body):
    from PySide6.QtCore import QUrl

    block = body.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            href = it.fragment().charFormat().anchorHref()
            if href.startswith("#source-"):
                return QUrl(href)
            it += 1
        block = block.next()
    return QUrl("#source-1")


def _search_and_rerank(app, win, out: Path, theme: str) -> None:
    from .rerank_pane import GENERATIVE_LABEL, RETRIEVAL_LABEL

    win.switch_to("search")
    win.search.query.setText(QUERY)
    win.search.run_search()
    _wait(app, lambda: win.search.job is None)
    for size in SIZES:
        _resize(app, win, size)
        _shoot(app, win, out, "search", theme)
    hits = win.search.hits[:RERANK_PASSAGES]
    if not hits:
        return
    pane = win.rerank
    win.send_to_rerank(QUERY, hits)  # the default: no reranker, said so
    _wait(app, lambda: pane.job is None)
    _resize(app, win, SIZES[1])
    _shoot(app, win, out, "rerank-no-reranker", theme)
    pane.reranker.setCurrentText(GENERATIVE_LABEL)
    pane.run_rerank()
    _wait(app, lambda: pane.job is None or 0 < pane.progress.value() < pane.progress.maximum())
    if pane.job is not None:
        _shoot(app, win, out, "rerank-counting", theme)
    _wait(app, lambda: pane.job is None)
    pane.table.clearSelection()
    for size in SIZES:
        _resize(app, win, size)
        _shoot(app, win, out, "rerank", theme)
    pane.reranker.setCurrentText(RETRIEVAL_LABEL)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.gui.screenshots_panes")
    parser.add_argument("out", type=Path)
    parser.add_argument("--docs", type=Path, default=Path("/usr/share/common-licenses"))
    parser.add_argument("--model", default="default", help="chat model spec (default: the built-in model)")
    args = parser.parse_args(argv)
    app = start_app("alcove-shots-")
    from engine.runtime import Engine

    from .main import build
    from .settings import Settings

    settings = Settings()
    settings["models/chat"] = args.model
    settings["sampling/temperature"] = 0.0
    settings["sampling/max_tokens"] = 160
    args.out.mkdir(parents=True, exist_ok=True)
    engine = Engine()
    windows, conversation = [], None
    for theme in ("light", "dark"):
        Settings()["appearance/theme"] = theme
        win = build(app, engine=engine)
        win.resize(*SIZES[1])
        win.show()
        windows.append(win)
        if conversation is None:
            win.start()
            if args.docs.is_dir():
                win.index_paths([str(args.docs)])
                _wait(app, lambda w=win: not w.indexer.busy)
        _streaming(app, win, args.out, theme)
        conversation = _answer_and_viewer(app, win, args.out, theme, conversation)
        _search_and_rerank(app, win, args.out, theme)
        win.switch_to("chat")
    for win in windows:
        win.close()
    windows[-1].bridge.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
