"""The server takes ``alcove.speculative: "dflash"`` (a stable documented value) and still refuses unknown modes."""

from __future__ import annotations

import pytest

from app.server.protocol import parse_chat

DEFAULTS = {"max_tokens": 24, "temperature": 0.0, "speculative": "off"}


def test_dflash_is_a_speculative_mode_of_a_chat_request():
    body = {
        "model": "default",
        "messages": [{"role": "user", "content": "hi"}],
        "alcove": {"speculative": "dflash"},
    }
    assert parse_chat(body, DEFAULTS).request.speculative.mode == "dflash"
    with pytest.raises(Exception, match="dflash"):  # the error lists the modes, dflash among them
        parse_chat({**body, "alcove": {"speculative": "blocks"}}, DEFAULTS)
