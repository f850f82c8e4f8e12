"""Per-token re-renders are throttled (at most one per ~30 ms) while a long reply streams, with and without draft
highlighting, and the final text is always rendered in full."""

from __future__ import annotations

import time

import pytest

from app.gui.chat_store import Message
from app.gui.markdown_view import MIN_INTERVAL_MS
from app.gui.message_widget import MessageWidget

N_TOKENS = 2000


@pytest.mark.parametrize("highlight_draft", [False, True])
def test_streaming_2000_tokens_re_renders_at_most_once_per_interval(qtbot, highlight_draft, tmp_path):
    widget = MessageWidget(Message(1, 1, "assistant", "", {}), highlight_draft=highlight_draft)
    qtbot.addWidget(widget)
    widget.resize(640, 400)
    widget.show()
    before = widget.body.render_count
    words = [f"w{i} " if i % 40 else f"w{i}\n\n" for i in range(N_TOKENS)]
    start = time.perf_counter()
    for i, word in enumerate(words):
        widget.append_token(word, from_draft=bool(i % 3 == 0))
        if (
            i % 10 == 9
        ):  # tokens arrive in bursts, as they do from the engine; the event loop runs between them
            qtbot.wait(2)
    elapsed_ms = (time.perf_counter() - start) * 1000
    streamed = widget.body.render_count - before
    # One render per interval at most (the interval only grows with the render cost), plus the first one.
    assert streamed <= elapsed_ms / MIN_INTERVAL_MS + 2, (streamed, elapsed_ms)
    assert 1 <= streamed < N_TOKENS / 10
    # The throttled render catches up by itself (no final call needed): the last token shows within an interval.
    qtbot.waitUntil(lambda: f"w{N_TOKENS - 1}" in widget.body.toPlainText(), timeout=10000)
    text = "".join(words)
    widget.finish(text, {"finish_reason": "stop"})
    assert widget.body.toPlainText().split() == text.split()  # the final text, all of it, rendered now
    if highlight_draft:
        widget.body.grab().save(str(tmp_path / "streamed-draft.png"))
