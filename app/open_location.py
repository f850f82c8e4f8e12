"""Open a document at a place: a PDF at its page (``#page=N``, honoured by Preview/Skim/browsers), a text file at
its line where a known editor can take it (VS Code, BBEdit, Sublime Text via ``open -a`` is not line-aware, so we use
their URL schemes), otherwise the file itself."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices

log = logging.getLogger(__name__)


def location_url(path: str, page: int | None = None) -> QUrl:
    url = QUrl.fromLocalFile(str(path))
    if page and Path(path).suffix.lower() == ".pdf":
        url.setFragment(f"page={int(page)}")
    return url


def open_location(source: dict[str, Any] | Any) -> bool:
    """``source`` is a dict or an object with path / page / line_start. Returns False when the file is gone."""
    get = source.get if isinstance(source, dict) else lambda k, d=None: getattr(source, k, d)
    path = str(get("path", "") or "")
    if not path or not Path(path).exists():
        log.info("cannot open %s: the file no longer exists", path)
        return False
    line = get("line_start")
    if line and Path(path).suffix.lower() != ".pdf" and _open_in_editor(path, int(line)):
        return True
    return QDesktopServices.openUrl(location_url(path, get("page")))


def _open_in_editor(path: str, line: int) -> bool:
    """Line-aware editors, when installed; nothing is launched otherwise."""
    code = shutil.which("code")
    if code:
        subprocess.Popen([code, "--goto", f"{path}:{line}"])  # noqa: S603 - fixed argv, no shell
        return True
    if sys.platform == "darwin" and shutil.which("bbedit"):
        subprocess.Popen(["bbedit", f"+{line}", path])  # noqa: S603,S607
        return True
    return False


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
