"""The library window over 100,000 documents: counts per folder, a lazily paged table (a few pages of rows, no
widget per file), skipped files with their reasons; it opens and scrolls without stalling the event loop."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from app.gui.library_view import PAGE_ROWS, LibraryDialog
from engine.index import ChunkRow, DocumentWrite, IndexStore

N = 100_000


def _big_index(db: Path, root: Path) -> None:
    with IndexStore(db) as store:
        store.check_embedder("fake", 4)
        store.add_sources([str(root)])
        writes = []
        for i in range(N):
            path = str(root / f"area{i % 10}" / f"note{i:06d}.txt")
            if i % 1000 == 7:
                writes.append(
                    DocumentWrite(path, "text", 10, 1, None, "skipped", "The file is empty (0 bytes).")
                )
            else:
                chunk = ChunkRow(0, None, 1, 1, 0, 5, 2, "", "hello")
                writes.append(DocumentWrite(path, "text", 10, 1, "h", "indexed", None, (chunk,),
                                            np.ones((1, 4), np.float16), 5))  # fmt: skip
        store.write_batch(writes)


def test_library_view_with_100k_documents(qtbot, tmp_path):
    db = tmp_path / "big.sqlite3"
    root = tmp_path / "lib"
    _big_index(db, root)
    t0 = time.perf_counter()
    dialog = LibraryDialog(db)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    opened = time.perf_counter() - t0
    model = dialog.model
    assert model.total == N and model.rowCount() == PAGE_ROWS  # one page, not 100k rows
    assert f"{root}: 99,900 files indexed (99,900 passages), 100 skipped" in dialog.folders.text()
    t0 = time.perf_counter()
    for _ in range(5):
        dialog.table.scrollToBottom()
        qtbot.wait(1)
    scrolled = time.perf_counter() - t0
    assert PAGE_ROWS < model.rowCount() <= 7 * PAGE_ROWS
    dialog.skipped_only.setChecked(True)
    assert model.total == 100 and model.index(0, 5).data() == "The file is empty (0 bytes)."
    dialog.grab().save(str(tmp_path / "library.png"))
    assert opened < 5 and scrolled < 5, (opened, scrolled)  # generous: a shared 2-core machine
