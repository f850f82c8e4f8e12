"""Settings > Macs: lending this Mac's memory runs a helper that shows its code and is found by Bonjour; turning it
off stops it; pairing from the helpers list with a wrong code says so on the page (no dialog, no hang)."""

from __future__ import annotations

import socket

import pytest

from app.gui.macs_page import Lender, MacsPage
from engine.core import ModelRequest, Role
from engine.runtime import browse


class _Settings:
    def __init__(self, chat: str) -> None:
        self.chat = chat

    def model(self, role):
        return ModelRequest(Role.CHAT, self.chat)


@pytest.fixture(scope="module")
def qwen2(tmp_path_factory):
    from tests.engine.runtime.distributed.helper_process import make_qwen2

    return make_qwen2(tmp_path_factory.mktemp("qwen2"), seed=1, layers=2)


def test_lending_shows_a_code_is_found_by_bonjour_and_stops(qtbot, window, qwen2):
    page = MacsPage(window.bridge, _Settings(str(qwen2)), Lender())
    qtbot.addWidget(page)
    assert page.where.text() == "Runs on this Mac." and not page.unpair_button.isEnabled()
    page.lender.start([qwen2], host="127.0.0.1")
    try:
        code, address = page.lender.code, page.lender.address
        assert page.lend_code.text() == code and len(code) >= 8 and address in page.lend_state.text()
        host, port = address.rsplit(":", 1)
        socket.create_connection((host, int(port)), 5).close()
        found = [h for h in browse(2.0, "127.0.0.1") if h.address == address]
        assert found and found[0].models == (qwen2.name,)
        page.show_helpers(found)
        assert page.helpers.count() == 1 and address in page.helpers.item(0).text()
        # pairing with the wrong code: refused, said on the page
        page.code.setText("WRONG-CODE-9")
        page.pair()
        qtbot.waitUntil(lambda: page.where.text().startswith("Not paired"), timeout=60000)
        assert "wrong pairing code" in page.where.text() and window.bridge.engine.paired() is None
    finally:
        page.lender.stop()
    assert page.lend_state.text() == "Off." and page.lend_code.isHidden()
    qtbot.wait(1000)  # the accept loop notices within ACCEPT_POLL_S
    with pytest.raises(OSError):
        socket.create_connection((host, int(port)), 2).close()


def test_a_reply_from_a_split_model_says_it_ran_across_two_macs():
    from app.gui.metrics import stats_parts

    stats = {"generated_tokens": 5, "decode_tokens_per_s": 2.0, "prompt_tokens": 9, "cached_tokens": 4,
             "distributed": {"ranks": 2, "backend": "ring", "layers_per_rank": [14, 14],
                             "bytes_per_rank": [1, 1], "bytes_sent_per_token": 10768}}  # fmt: skip
    label, tip = stats_parts(stats)[-1]
    assert label == "across 2 Macs" and "layers 14 + 14" in tip and "10,768 bytes" in tip
    assert not any("Macs" in lab for lab, _ in stats_parts({**stats, "distributed": None}))
