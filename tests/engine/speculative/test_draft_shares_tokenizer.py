"""A draft whose files hold the chat model's tokenizer reuses the chat model's loaded tokenizer: loading a 150k-token
tokenizer again held the GIL for seconds and froze the window during draft loads (issue 38 "Drafts")."""

from __future__ import annotations

import json
import shutil

from engine import Engine
from engine.core import ModelRequest, Role
from engine.speculative.tokenizer_identity import same_tokenizer
from tests.tiny_models import make_tiny_model


def test_a_draft_with_the_chat_models_tokenizer_shares_it_and_a_foreign_one_does_not(tmp_path):
    chat = make_tiny_model(tmp_path / "chat", "llama", seed=1, num_hidden_layers=2)
    draft = make_tiny_model(tmp_path / "draft", "llama", seed=2, num_hidden_layers=1)
    foreign = tmp_path / "foreign"
    shutil.copytree(draft, foreign)
    data = json.loads((foreign / "tokenizer.json").read_text())
    vocab = data["model"]["vocab"]
    a, b = sorted(vocab, key=vocab.get)[40:42]
    vocab[a], vocab[b] = vocab[b], vocab[a]
    (foreign / "tokenizer.json").write_text(json.dumps(data))
    assert same_tokenizer(chat, draft) and not same_tokenizer(chat, foreign)

    with Engine() as eng:
        eng.ensure(ModelRequest(Role.CHAT, str(chat)))
        eng.ensure(ModelRequest(Role.DRAFT, str(draft)))
        assert eng.run(lambda: eng.model("draft").tokenizer is eng.model("chat").tokenizer)
        eng.ensure(ModelRequest(Role.DRAFT, str(foreign)))
        assert eng.run(lambda: eng.model("draft").tokenizer is not eng.model("chat").tokenizer)
        ids = eng.run(lambda: eng.model("draft").tokenizer.encode(a.replace("Ġ", " ")))
        assert ids  # its own tokenizer, loaded from its own files
