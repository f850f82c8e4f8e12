"""An extractive answer quoting code reads in the window exactly as the file has it: Markdown does not eat its
underscores, asterisks or leading '#'."""

from __future__ import annotations

from app.gui.markdown_view import MarkdownView
from engine.rag.extractive import extract_answer
from engine.rag.prompt import Source

CODE = (
    "class Pool:\n"
    '    """A pool."""\n'
    "\n"
    "    def __init__(self, *args, **kw):  # keyword n: the workers\n"
    '        """Make a pool of `n` workers."""\n'
    '        self.n = kw.get("n", 4) * 2\n'
)


def test_quoted_code_renders_as_written(qtbot):
    ex = extract_answer(
        "How many workers does a Pool make?", (Source(1, CODE, "/py/pool.py", line_start=1),), None
    )
    view = MarkdownView()
    qtbot.addWidget(view)
    view.set_markdown(ex.text, immediate=True)
    shown = view.toPlainText()
    quoted = next(s.text for s in ex.sentences if "__init__" in s.text)
    assert "*args, **kw" in quoted
    assert quoted in " ".join(shown.split())  # underscores, asterisks and backticks as written
