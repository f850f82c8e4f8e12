"""A sentence from inside a chat's message is shown with who wrote it and when (a ChatGPT reply's later paragraph, a
long message's second sentence); one that opens its message shows them already (engine.rag.replies)."""

from __future__ import annotations

from engine.rag.extractive import extract_answer
from engine.rag.sources import Source

CHAT = (
    "Saturday 20 February 2027 08:13 You: My sourdough is dense. What should I change?\n\n"
    "Saturday 20 February 2027 08:14 ChatGPT: Dense and gummy in a cool kitchen points to under-fermentation.\n\n"
    "Dust the banneton with rice flour so the dough does not stick.\n\n"
    "Saturday 20 February 2027 08:20 You: Thanks, I will try that."
)


def test_a_replys_later_paragraph_is_shown_with_who_and_when():
    src = Source(1, CHAT, "/chats/conversations.json", None, 1, 1, file_type="messages")
    answer = extract_answer("What should I dust the banneton with?", [src], None, max_sentences=1)
    assert answer.text.startswith(
        "From your documents:\n\n- ChatGPT (Saturday 20 February 2027 08:14): Dust the banneton with rice flour"
    ), answer.text
    opening = extract_answer(
        "What does a dense, gummy loaf in a cool kitchen point to?", [src], None, max_sentences=1
    )
    assert (
        "- Saturday 20 February 2027 08:14 ChatGPT: Dense and gummy" in opening.text
    )  # said once, on its line
    # the same text in a file of another type is no chat's: no voice
    plain = Source(1, CHAT, "/notes/chat.txt", None, 1, 7)
    assert (
        "ChatGPT (Saturday" not in extract_answer("What should I dust the banneton with?", [plain], None).text
    )
