"""Start-up gate: a broken install shows a clear dialog and the window never opens (no crash, no engine)."""

import asyncio

from PySide6.QtWidgets import QMessageBox


def test_broken_mlx_install_shows_dialog_and_stops(qapp, monkeypatch, tmp_path):
    from app.gui import main as app_main

    monkeypatch.setenv("ALCOVE_MLX_LIB_DIR", str(tmp_path / "broken"))
    shown = []
    monkeypatch.setattr(QMessageBox, "exec", lambda self: shown.append(self.informativeText()) or 0)
    built = []
    monkeypatch.setattr(app_main, "build", lambda *a, **k: built.append(1))
    assert asyncio.run(app_main._run(qapp, ["alcove"], None)) == 1
    assert shown and ("metallib" in shown[0].lower() or "mlx" in shown[0].lower())
    assert not built
