"""The Search pane shows a picture found by meaning with a thumbnail beside its result; text results stay as
they were. ``ALCOVE_SCREENSHOT=FILE`` saves the pane (offscreen) for a look."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import numpy as np
from PIL import Image, ImageDraw

from app.gui.search_pane import _HIT


def _pictures(folder):
    sunset = Image.new("RGB", (640, 420))
    y = np.linspace(0, 1, 420)[:, None, None]
    sunset = Image.fromarray((np.array([255, 120, 40]) * (1 - y) + np.array([40, 30, 120]) * y).repeat(640, 1)
                             .astype(np.uint8))  # fmt: skip
    ImageDraw.Draw(sunset).ellipse((260, 250, 380, 370), fill=(255, 220, 90))
    boat = Image.new("RGB", (300, 500), (120, 190, 235))
    ImageDraw.Draw(boat).polygon([(40, 330), (260, 330), (210, 400), (90, 400)], fill=(150, 60, 40))
    paths = [folder / "sunset.jpg", folder / "harbour boat.png"]
    sunset.save(paths[0])
    boat.save(paths[1])
    return paths


def test_picture_results_show_a_thumbnail(qtbot, window, tmp_path):
    pane = window.search
    window.switch_to("search")
    window.resize(900, 560)
    sunset, boat = _pictures(tmp_path)
    notes = tmp_path / "trip notes.md"

    def hit(path, text, rank, picture, cosine):
        return SimpleNamespace(path=str(path), page=None, line_start=1, line_end=1, score=0.9, text=text,
                               snippet=text, heading="", vector_score=cosine, keyword_rank=None, vector_rank=1,
                               keyword_score=None, image_rank=rank, image_score=picture)  # fmt: skip

    hits = [hit(sunset, "", 1, 0.312, 0.21), hit(notes, "We watched the «sunset» from the harbour wall.", None,
            None, 0.48), hit(boat, "", 2, 0.254, 0.18)]  # fmt: skip
    pane.last_query, pane._asked_mode = "sunset", "hybrid"
    pane._show_hits(hits)
    delegate = pane.results.itemDelegate()
    rows = [pane.model.index(i, 0) for i in range(3)]
    assert [r.data(_HIT) for r in rows] == hits
    thumbs = [delegate.thumbnail(h) for h in hits]
    assert thumbs[1] is None and thumbs[0] is not None and thumbs[2] is not None
    assert max(thumbs[0].width(), thumbs[0].height()) == delegate.THUMB  # scaled, aspect kept
    assert thumbs[2].height() == delegate.THUMB and thumbs[2].width() < delegate.THUMB
    option = pane.results.viewOptions() if hasattr(pane.results, "viewOptions") else None
    assert delegate.sizeHint(option, rows[0]).height() >= delegate.THUMB + 2 * delegate.PAD
    shown = delegate._doc(rows[0], 600).toPlainText()
    assert "sunset.jpg" in shown and "picture 0.31" in shown and "line 1" not in shown
    qtbot.wait(50)
    shot = window.grab()
    assert not shot.isNull()
    if os.environ.get("ALCOVE_SCREENSHOT"):
        shot.save(os.environ["ALCOVE_SCREENSHOT"])


def test_library_rows_of_pictures_show_a_thumbnail(qtbot, tmp_path):
    from PySide6.QtCore import Qt

    from app.gui.library_view import THUMB, LibraryDialog
    from engine.index import ChunkRow, DocumentWrite, IndexStore

    sunset, boat = _pictures(tmp_path)
    notes = tmp_path / "notes.md"
    notes.write_text("hello\n", encoding="utf-8")
    db = tmp_path / "i.sqlite3"
    with IndexStore(db) as store:
        store.check_embedder("fake", 4)
        store.add_sources([str(tmp_path)])
        chunk = ChunkRow(0, None, 1, 1, 0, 5, 2, "", "hello")
        store.write_batch([DocumentWrite(str(p), t, 10, 1, f"h{i}", "indexed", None, (chunk,),
                                         np.ones((1, 4), np.float16), 5)
                           for i, (p, t) in enumerate([(sunset, "image"), (boat, "image"), (notes, "markdown")])])  # fmt: skip
    dialog = LibraryDialog(db)
    qtbot.addWidget(dialog)
    dialog.resize(900, 300)
    dialog.show()
    qtbot.waitExposed(dialog)
    icons = {Path(r.path).name: dialog.model.index(i, 0).data(Qt.ItemDataRole.DecorationRole)
             for i, r in enumerate(dialog.model.rows)}  # fmt: skip
    assert icons["notes.md"] is None
    for name in ("sunset.jpg", "harbour boat.png"):
        size = icons[name].availableSizes()[0]
        assert max(size.width(), size.height()) == THUMB
    if os.environ.get("ALCOVE_SCREENSHOT"):
        dialog.grab().save(os.environ["ALCOVE_SCREENSHOT"].replace(".png", "-library.png"))


def test_settings_offer_an_image_model_none_by_default(qtbot, window, tmp_path):
    from tests.tiny_image_text import make_tiny_clip

    clip = tmp_path / "clip"
    make_tiny_clip(clip)
    window.settings["models/known"] = [*window.settings["models/known"], str(clip)]
    window.open_settings()
    page = window.settings_dialog.models
    page.rescan()
    qtbot.waitUntil(lambda: page.scan_job is None and page.pickers["image"].count() > 1, timeout=60000)
    combo = page.pickers["image"]
    assert combo.itemText(0).startswith("None") and combo.currentData() == ""
    assert page.pickers["chat"].findData(str(clip)) < 0  # a CLIP folder is no chat model
    combo.setCurrentIndex(combo.findData(str(clip)))
    combo.activated.emit(combo.currentIndex())
    assert window.settings["models/image"] == str(clip)
    assert window.settings.model("image").spec == str(clip)
    if os.environ.get("ALCOVE_SCREENSHOT"):
        page.resize(page.sizeHint().expandedTo(page.size()))
        page.grab().save(os.environ["ALCOVE_SCREENSHOT"].replace(".png", "-settings.png"))
