"""Screenshots of the window's own parts, light and dark: ``python -m app.gui.screenshots_window OUT``.

What app.gui.screenshots does for the panes (chat, answers, viewer, search, rerank), this does for the first launch
(the welcome while the built-in model loads, and once it is ready), every Settings pane, the Library window, the
indexing strip in both phases, and the window with a menu open, at 800×500, 1180×760 and 1600×1000. Everything is
real: the built-in chat model loads, the built-in embedder indexes real files (the licence texts every Debian system
ships, or ``--docs FOLDER``)."""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

from .screenshots import _settle, _wait, start_app

log = logging.getLogger(__name__)
SIZES = ((800, 500), (1180, 760), (1600, 1000))
MEETING = """# Planning meeting, 3 March

- The lighthouse survey is due at the end of April.
- Maria will ask the harbour office for the 1998 drawings.
- The budget for the lens repair is 12,400 euros.
"""


def _save(image_or_widget, path: Path) -> None:
    image = image_or_widget if hasattr(image_or_widget, "save") else image_or_widget.grab()
    image.save(str(path))
    log.info("saved %s", path)


def _with_menu(app, win, title: str):
    """The window with one of its menus open: the menu (a popup of its own offscreen) drawn where it opens."""
    from PySide6.QtGui import QPainter

    menu = win.menus[title]
    bar = win.menuBar()
    action = next(a for a in bar.actions() if a.menu() is menu)
    origin = bar.actionGeometry(action).bottomLeft()
    menu.aboutToShow.emit()
    menu.popup(bar.mapToGlobal(origin))
    _settle(app)
    shot = win.grab()
    painter = QPainter(shot)
    painter.drawPixmap(bar.mapTo(win, origin), menu.grab())
    painter.end()
    menu.hide()
    return shot


def _first_launch(app, engine, out: Path, theme: str, docs: Path | None) -> object:
    from PySide6.QtCore import QTimer

    from .main import build
    from .settings import Settings

    Settings()["appearance/theme"] = theme
    Settings()["ui/welcomed"] = False
    win = build(app, engine=engine)
    win.resize(*SIZES[1])
    win.show_welcome()
    win.show()
    if "chat" in engine.models():  # each theme's first launch shows a real load
        engine.unload("chat")
    win.start()
    _wait(app, lambda: win.welcome.progress.isVisible(), 30)
    _settle(app, 1.2)
    _save(win, out / f"first-launch-loading-{theme}.png")
    _wait(app, lambda: "chat" in win.models)
    _settle(app)
    for w, h in SIZES:
        win.resize(w, h)
        _settle(app)
        _save(win, out / f"first-launch-ready-{theme}-{w}x{h}.png")
    if docs is not None and theme == "light":  # the index, once: the dark session reads the same library
        phases: dict[str, object] = {}

        def grab(p) -> None:  # once the strip has laid out its new text (the next turn of the event loop)
            far = p.files_done >= 3 if p.stage == "read" else p.chunks_done * 3 >= p.chunks_total > 0
            if p.stage in ("read", "embed") and p.stage not in phases and far:
                phases[p.stage] = None
                QTimer.singleShot(0, lambda stage=p.stage: phases.__setitem__(stage, win.grab()))

        win.resize(*SIZES[1])
        extra = Path(tempfile.mkdtemp(prefix="alcove-notes-")) / "Notes"  # files the Library lists as skipped
        extra.mkdir()
        (extra / "Meeting notes.md").write_text(MEETING, encoding="utf-8")
        (extra / "empty.txt").write_bytes(b"")
        (extra / "Scanned contract.pdf").write_bytes(b"%PDF-1.4\n% truncated by a failed download\n")
        win.index_paths([str(extra)])
        _wait(app, lambda: not win.indexer.busy)
        win.indexer.stage_progress.connect(grab)
        win.index_paths([str(docs)])
        _wait(app, lambda: not win.indexer.busy)
        win.indexer.stage_progress.disconnect(grab)
        _settle(app)
        for stage, shot in phases.items():
            if shot is not None:
                _save(shot, out / f"indexing-{stage}-{theme}.png")
    win.close_welcome()
    return win


def _window_parts(app, win, out: Path, theme: str) -> None:
    win.resize(*SIZES[1])
    _settle(app)
    _save(_with_menu(app, win, "Edit"), out / f"window-menu-edit-{theme}.png")
    _save(_with_menu(app, win, "Window"), out / f"window-menu-window-{theme}.png")
    for w, h in SIZES:
        win.resize(w, h)
        _settle(app)
        _save(win, out / f"window-{theme}-{w}x{h}.png")
    win.open_settings()
    dialog = win.settings_dialog
    _wait(app, lambda: dialog.models.scan_job is None and dialog.models.catalog_job is None, 120)
    for index in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        _settle(app, 0.4)
        _save(dialog, out / f"settings-{dialog.pane_key()}-{theme}.png")
    dialog.close()
    win.show_library()
    library = win.library_dialog
    _settle(app)
    if library.model.rowCount():
        library.table.setCurrentIndex(library.model.index(0, 0))
    _save(library, out / f"library-{theme}.png")
    library.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.gui.screenshots_window")
    parser.add_argument("out", type=Path)
    parser.add_argument("--docs", type=Path, default=Path("/usr/share/common-licenses"))
    args = parser.parse_args(argv)
    app = start_app("alcove-window-shots-")
    from engine.runtime import Engine

    from .settings import Settings

    Settings()["models/chat"] = "default"
    args.out.mkdir(parents=True, exist_ok=True)
    engine = Engine()
    docs = args.docs if args.docs.is_dir() else None
    windows = []
    for theme in ("light", "dark"):
        win = _first_launch(app, engine, args.out, theme, docs)
        _window_parts(app, win, args.out, theme)
        windows.append(win)
    for win in windows:
        win.close()
    windows[-1].bridge.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
