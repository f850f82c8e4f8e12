"""The window's launcher: ``main(argv, server=...)`` opens the Alcove window (bare ``alcove`` calls it through
``app.entry``, which hands in the local server package: the GUI never imports it).

Order matters: the optimised BLAS is loaded before anything imports ``mlx.core``; PySide6 is imported before qasync;
the asyncio loop runs on Qt's (qasync), and exceptions anywhere end in a dialog and the log, never a silent crash.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core import preload_blas

if TYPE_CHECKING:
    from .server_panel import ServerPackage

log = logging.getLogger(__name__)


def _application_class():
    from PySide6.QtCore import QEvent, Signal
    from PySide6.QtWidgets import QApplication

    class AlcoveApplication(QApplication):
        """Receives files dropped on the Dock icon or opened from Finder (``QFileOpenEvent``)."""

        files_opened = Signal(list)

        def event(self, event) -> bool:  # noqa: D401 - Qt API
            if event.type() == QEvent.Type.FileOpen:
                path = event.file()
                if path:
                    self.files_opened.emit([path])
                return True
            return super().event(event)

    return AlcoveApplication


def create_application(argv: list[str]):
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = _application_class()(argv)
    app.setApplicationName("Alcove")
    app.setApplicationDisplayName("Alcove")
    app.setOrganizationName("Alcove")
    app.setQuitOnLastWindowClosed(False)  # _run ends the loop itself, after a clean shutdown
    return app


def build(app, *, engine=None, server: ServerPackage | None = None):
    """Settings, engine, bridge, chat store and window, wired together (also used by tests and screenshots).
    ``server``: the local server package (``app.server``) behind Settings → Server; None: no server."""
    from engine.core import data_dir

    from .bridge import Bridge
    from .chat_store import ChatStore
    from .server_panel import ServerController, ServerStatus
    from .settings import Settings
    from .style import apply_theme
    from .window import MainWindow

    settings = Settings()
    apply_theme(app, settings["appearance/theme"])
    if engine is None:
        from engine.runtime import Engine

        limit = settings["memory/limit_gb"]
        engine = Engine(memory_limit_bytes=int(limit * 1e9) if limit else None)
    bridge = Bridge(engine)
    bridge.follow_prompt_cache_settings(settings)
    store = ChatStore(data_dir() / "chats.sqlite3")
    window = MainWindow(bridge, settings, store)
    window.server = ServerController(engine, settings, server, window)  # "Serve models on this Mac"
    window.statusBar().addPermanentWidget(ServerStatus(window.server))
    return window


async def _run(app, argv: list[str], server: ServerPackage | None) -> int:
    from .preflight import run_preflight, show_problems

    # A broken install (missing metallib, corrupt built-in model, MLX that will not import) gets a clear dialog
    # before anything touches MLX; warnings are shown and the app starts anyway.
    problems = run_preflight(keychain=False)
    if problems:
        show_problems(problems)
        if any(p.severity == "error" for p in problems):
            return 1
    window = build(app, server=server)
    if window.first_run():  # model loading and a drop target, not a bare "Loading…" over an empty list
        window.show_welcome()
    window.show()
    window.start()
    window.server.start_if_enabled()
    paths = [a for a in argv[1:] if not a.startswith("-") and Path(a).exists()]
    if paths:
        window.index_paths(paths)
    closed = asyncio.Event()
    app.lastWindowClosed.connect(closed.set)
    await closed.wait()
    window.server.stop()
    window.bridge.shutdown()
    window.store.close()
    return 0


def main(argv: list[str] | None = None, *, server: ServerPackage | None = None) -> int:
    argv = list(sys.argv if argv is None else argv)
    preload_blas()
    from .errors import ErrorReporter, setup_logging
    from .keychain import KeychainError, use_system_keyring

    log_path = setup_logging()
    app = create_application(argv)
    import qasync  # after PySide6

    try:
        use_system_keyring()
    except KeychainError as exc:
        log.warning("%s", exc)
    reporter = ErrorReporter(log_path)
    reporter.install()
    log.info("Alcove starting (log: %s)", log_path)
    try:
        if sys.version_info >= (3, 12):
            return asyncio.run(_run(app, argv, server), loop_factory=lambda: qasync.QEventLoop(app))
        return qasync.run(_run(app, argv, server))
    finally:
        reporter.uninstall()


if __name__ == "__main__":
    sys.exit(main())
