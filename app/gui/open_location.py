"""Hand a document to the system: its default application (a PDF at its page, ``#page=N``, honoured by Preview, Skim
and browsers) or the file manager with the file selected. Inside Alcove, sources open in app.gui.source_viewer."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

log = logging.getLogger(__name__)


def location_url(path: str, page: int | None = None) -> QUrl:
    url = QUrl.fromLocalFile(str(path))
    if page and Path(path).suffix.lower() == ".pdf":
        url.setFragment(f"page={int(page)}")
    return url


def open_in_default_app(path: str, page: int | None = None) -> bool:
    """The system's default application for the file (Preview, TextEdit, ...), at the page for a PDF."""
    if not path or not Path(path).exists():
        return False
    return QDesktopServices.openUrl(location_url(path, page))


def reveal_in_file_manager(path: str) -> bool:
    """Finder with the file selected (``open -R``); elsewhere the folder that holds it."""
    if not path or not Path(path).exists():
        return False
    if sys.platform == "darwin":
        subprocess.Popen(["open", "-R", str(path)])  # noqa: S603,S607 - fixed argv, no shell
        return True
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(path).parent)))


REVEAL_LABEL = "Reveal in Finder" if sys.platform == "darwin" else "Show in Folder"
