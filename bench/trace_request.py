"""How far one request travels through our code: the files of engine/ and app/ that one chat reply and one
extractive ask enter, followed call by call (a profile hook on the calling thread and the engine thread).

Counting rule: ``files`` are the distinct own files entered; ``hops`` the distinct caller-file -> callee-file
edges; ``returns`` the hops into a file that another hop already entered (a loop over the same edge counts once).
``order`` lists the files in the order first entered: read it as a newcomer reads the path of the request.

    .venv/bin/python bench/trace_request.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

from _common import ROOT, emit

from engine import Engine
from engine.core import AskRequest, ChatRequest, IndexRequest

DOCS = {
    "valve.md": "# Valves\n\nThe Larkspur valve is rated for a maximum pressure of 40 bar. It is made of brass.\n",
    "backup.md": "# Backups\n\nBackups of the Quillon server run every night at 02:00 and are kept for 14 days.\n",
    "bread.md": "# Bread\n\nA sourdough loaf needs flour, water, salt and a starter; it proves for twelve hours.\n",
}
QUESTION = "How long are Quillon backups kept?"


class FileTrace:
    def __init__(self, engine: Engine, roots: list[Path]) -> None:
        self.engine = engine
        self.roots = tuple(str(r.resolve()) + os.sep for r in roots)
        self.edges: list[tuple[str | None, str]] = []

    def _own(self, filename: str) -> str | None:
        path = os.path.realpath(filename)
        return path if path.startswith(self.roots) else None

    def _profile(self, frame, event, _arg) -> None:
        if event != "call":
            return
        callee = self._own(frame.f_code.co_filename)
        if callee is None:
            return
        back = frame.f_back
        while back is not None and self._own(back.f_code.co_filename) is None:
            back = back.f_back
        caller = self._own(back.f_code.co_filename) if back is not None else None
        if caller != callee:
            self.edges.append((caller, callee))

    def __enter__(self) -> FileTrace:
        sys.setprofile(self._profile)
        threading.setprofile(self._profile)
        self.engine.run(sys.setprofile, self._profile)  # the engine thread already runs: hook it there
        return self

    def __exit__(self, *_exc: object) -> None:
        self.engine.run(sys.setprofile, None)
        threading.setprofile(None)
        sys.setprofile(None)

    def report(self) -> dict:
        edges = list(dict.fromkeys(self.edges))
        files = {callee for _, callee in edges}
        rel = [os.path.relpath(callee, ROOT) for _, callee in edges]
        return {"files": len(files), "hops": len(edges), "returns": len(edges) - len(files),
                "most_entered": Counter(rel).most_common(5), "order": list(dict.fromkeys(rel))}  # fmt: skip


def main() -> None:
    roots = [ROOT / "engine", ROOT / "app"]
    with tempfile.TemporaryDirectory() as tmp, Engine() as engine:
        folder = Path(tmp) / "docs"
        folder.mkdir()
        for name, text in DOCS.items():
            (folder / name).write_text(text)
        db = str(Path(tmp) / "i.sqlite3")
        list(engine.index(IndexRequest([str(folder)], db)))
        ask = AskRequest(QUESTION, db, chat="default", answer="extractive")
        chat = ChatRequest(messages=({"role": "user", "content": "Say hi"},), max_tokens=4, model="default")
        list(engine.ask(ask))  # warm: first calls import and build what later ones reuse
        with FileTrace(engine, roots) as t:
            answer = list(engine.ask(AskRequest(QUESTION, db, chat="default", answer="extractive")))[-1]
        ask_report = t.report() | {"answer": answer.answer, "chat_model_loaded": "chat" in engine.models()}
        list(engine.chat(chat))
        with FileTrace(engine, roots) as t:
            list(engine.chat(ChatRequest(messages=chat.messages, max_tokens=4, model="default")))
        emit({"ask_extractive": ask_report, "chat": t.report()})


if __name__ == "__main__":
    main()
