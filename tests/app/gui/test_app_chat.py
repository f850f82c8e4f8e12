"""Chat flows on the real window and engine with a tiny llama: streaming, stop, restart, regenerate, edit, errors."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox

from app.gui.chat_store import ChatStore
from engine.core.paths import data_dir


def _send(qtbot, window, text: str) -> None:
    window.chat.composer.edit.setPlainText(text)
    qtbot.keyClick(window.chat.composer.edit, Qt.Key.Key_Return)


def _wait_idle(qtbot, window, timeout=60000) -> None:
    qtbot.waitUntil(lambda: not window.chat.busy, timeout=timeout)


def test_chat_streams_then_stop_ends_it(qtbot, window):
    window.settings["sampling/max_tokens"] = 1500
    # Greedy without repetition penalty: the tiny random model then loops and runs to max_tokens (checked: 1,500
    # tokens, finish "length"). Sampled, its replies sometimes drew end-of-sequence within a few tokens, and the
    # test raced the model (a reply that ended by itself before Stop, or fewer than 3 tokens).
    window.settings["sampling/temperature"] = 0.0
    window.settings["sampling/repetition_penalty"] = 1.0
    tokens = []
    _send(qtbot, window, "Tell me a long story")
    assert window.chat.busy
    window.chat.job.yielded.connect(tokens.append)
    qtbot.waitUntil(lambda: len(tokens) >= 3, timeout=60000)
    reply = window.chat._reply
    assert window.chat.composer.stop_button.isVisible() and not window.chat.composer.send_button.isVisible()
    qtbot.mouseClick(window.chat.composer.stop_button, Qt.MouseButton.LeftButton)
    _wait_idle(qtbot, window)
    msgs = ChatStore(data_dir() / "chats.sqlite3").messages(window.chat.conversation_id)
    assert [m.role for m in msgs] == ["user", "assistant"]
    final = msgs[-1]
    assert final.meta["finish_reason"] == "cancelled"
    generated = final.meta["stats"]["generated_tokens"]
    assert 3 <= generated < 1500
    assert final.content and reply.text() == final.content
    # streamed, and re-rendered far less often than once per token
    assert reply.body.render_count < max(4, len(tokens))
    assert "Stopped" in reply.metrics_label.text()
    assert "TTFT" in reply.metrics_label.text() and "tok/s" in reply.metrics_label.text()
    assert window.chat.composer.send_button.isVisible()


def test_conversation_survives_restart(qtbot, qapp, window, engine):
    window.settings["sampling/max_tokens"] = 12
    window.settings["sampling/temperature"] = (
        0.0  # greedy: a sampled EOS first would leave no tok/s to restore
    )
    _send(qtbot, window, "What is the capital of France?")
    _wait_idle(qtbot, window)
    cid = window.chat.conversation_id
    first = window.chat._widgets[-1].text()
    metrics = window.chat._widgets[-1].metrics_label.text()
    window.close()
    window.bridge.shutdown()  # stops this engine too
    window.store.close()

    from app.gui.main import build
    from engine.runtime.engine import Engine

    engine2 = Engine()
    win2 = build(qapp, engine=engine2)
    qtbot.addWidget(win2)
    try:
        titles = [win2.chat.sidebar.list.item(i).text() for i in range(win2.chat.sidebar.list.count())]
        assert titles == ["What is the capital of France?"]
        assert win2.chat.conversation_id == cid
        roles = [w.message.role for w in win2.chat._widgets]
        assert roles == ["user", "assistant"]
        restored = win2.chat._widgets[-1]
        assert restored.text() == first
        assert "tok/s" in restored.metrics_label.text()
        assert restored.metrics_label.text() == metrics  # the figures come back as they were shown
    finally:
        win2.bridge.shutdown()
        win2.store.close()


def test_regenerate_and_edit_and_resend(qtbot, window):
    window.settings["sampling/max_tokens"] = 8
    _send(qtbot, window, "first question")
    _wait_idle(qtbot, window)
    _send(qtbot, window, "second question")
    _wait_idle(qtbot, window)
    chat = window.chat
    assert [w.message.role for w in chat._widgets] == ["user", "assistant", "user", "assistant"]
    last = chat._widgets[-1]
    assert last.regenerate_button.isVisibleTo(chat) and not chat._widgets[1].regenerate_button.isVisibleTo(
        chat
    )
    old_id = last.message.id
    qtbot.mouseClick(last.regenerate_button, Qt.MouseButton.LeftButton)
    _wait_idle(qtbot, window)
    msgs = chat.store.messages(chat.conversation_id)
    assert len(msgs) == 4 and msgs[-1].id != old_id and msgs[-1].role == "assistant"
    # the second reply reused the cached first turn
    assert msgs[-1].meta["stats"]["cached_tokens"] > 0

    first_user = chat._widgets[0]
    qtbot.mouseClick(first_user.edit_button, Qt.MouseButton.LeftButton)
    assert chat.composer.editing_id == first_user.message.id and chat.composer.banner.isVisibleTo(chat)
    assert chat.composer.text() == "first question"
    chat.composer.edit.setPlainText("an edited question")
    qtbot.keyClick(chat.composer.edit, Qt.Key.Key_Return)
    _wait_idle(qtbot, window)
    msgs = chat.store.messages(chat.conversation_id)
    assert [m.content for m in msgs if m.role == "user"] == ["an edited question"]
    assert [w.message.role for w in chat._widgets] == ["user", "assistant"]


def test_copy_puts_the_reply_on_the_clipboard(qtbot, qapp, window):
    window.settings["sampling/max_tokens"] = 6
    _send(qtbot, window, "hello")
    _wait_idle(qtbot, window)
    reply = window.chat._widgets[-1]
    qtbot.mouseClick(reply.copy_button, Qt.MouseButton.LeftButton)
    assert qapp.clipboard().text() == reply.text()


def test_engine_error_shows_a_dialog(qtbot, window, monkeypatch, tmp_path):
    shown = []
    monkeypatch.setattr(
        QMessageBox, "exec", lambda box: shown.append((box.text(), box.informativeText())) or 0
    )
    window.settings["models/chat"] = str(tmp_path / "no-such-model")
    qtbot.waitUntil(lambda: len(shown) >= 1, timeout=20000)  # loading the chosen model fails
    assert "does not exist" in shown[0][1]
    _send(qtbot, window, "hello?")
    _wait_idle(qtbot, window)
    qtbot.waitUntil(lambda: len(shown) >= 2, timeout=20000)
    assert shown[-1][0] == "The reply could not be generated" and "does not exist" in shown[-1][1]
    reply = window.chat._widgets[-1]
    assert reply.error_label.isVisibleTo(window) and "does not exist" in reply.error_label.text()


def test_conversations_rename_delete_search(qtbot, window, monkeypatch):
    store = window.store
    a = store.create_conversation("Trip planning")
    store.add_message(a.id, "user", "Where should we go in Lisbon?")
    b = store.create_conversation("Taxes")
    sidebar = window.chat.sidebar
    sidebar.refresh()
    assert sidebar.list.count() == 2
    sidebar.search.setText("lisbon")  # matches message text, not only titles
    assert [sidebar.list.item(i).text() for i in range(sidebar.list.count())] == ["Trip planning"]
    sidebar.search.setText("nothing like this")
    assert sidebar.list.count() == 0 and sidebar.empty.isVisibleTo(window)
    sidebar.search.clear()
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Portugal trip", True))
    sidebar.rename(a.id)
    assert store.conversation(a.id).title == "Portugal trip"
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    sidebar.delete(b.id)
    assert [c.id for c in store.conversations()] == [a.id]


def test_a_reply_the_model_ends_at_once_says_so(qtbot, window):
    """Sampled, the tiny model draws end-of-sequence as its first token about once in 200 replies (as a real model
    may): the reply then says the model wrote nothing, and shows no time to a first token that never came (the
    engine's own would leave out the wait before it was submitted)."""
    _send(qtbot, window, "Hi")
    _wait_idle(qtbot, window)
    lm = window.bridge.engine._roles.slot("chat").loaded
    lm.eos_ids = frozenset(range(lm.model.args.vocab_size))  # every token ends the reply
    _send(qtbot, window, "Hello again")
    reply = window.chat._reply
    _wait_idle(qtbot, window)
    assert reply.message.content == "" and reply.message.meta["finish_reason"] == "stop"
    stats = reply.message.meta["stats"]
    assert stats["generated_tokens"] == 0 and "ttft_s" not in stats and stats["total_s"] > 0
    assert reply.metrics_label.text().startswith("The model wrote nothing")
    assert "TTFT" not in reply.metrics_label.text() and "Regenerate" in reply.metrics_label.toolTip()
    # the empty reply is not sent back to the model as a turn of the conversation
    roles = [m["role"] for m in window.chat.build_request().messages]
    assert roles == ["system", "user", "assistant", "user"]
