"""Turning what the user typed (a folder, a .gguf file, a cached repo id, ``default``) into a model folder."""

from __future__ import annotations

import json
import re
import struct
from dataclasses import dataclass
from pathlib import Path

from engine.core import ModelLoadError, hf_cache_dir
from engine.models.builtin import default_chat_model_path, gemma3_gguf_path
from engine.models.gguf.importer import import_gguf

_REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


@dataclass(frozen=True)
class ResolvedModel:
    path: Path
    source: str  # "folder" | "gguf" | "hf-cache" | "default"
    name: str


def hf_cached_repo_path(repo_id: str) -> Path | None:
    """The snapshot folder of a repo in the local Hugging Face cache (no network), or None."""
    root = hf_cache_dir() / ("models--" + repo_id.replace("/", "--"))
    if not root.is_dir():
        return None
    ref = root / "refs" / "main"
    snapshots = root / "snapshots"
    if ref.is_file():
        snap = snapshots / ref.read_text().strip()
        if (snap / "config.json").exists():
            return snap
    if snapshots.is_dir():
        candidates = sorted(
            (p for p in snapshots.iterdir() if (p / "config.json").exists()),
            key=lambda p: p.stat().st_mtime,
            reverse=True,
        )
        if candidates:
            return candidates[0]
    return None


def resolve_model(spec: str) -> ResolvedModel:
    spec = str(spec).strip()
    if not spec:
        raise ModelLoadError(
            "No model was given. Pass a folder, a .gguf file, a cached repo id, or 'default'."
        )
    if spec == "default":
        return ResolvedModel(Path(default_chat_model_path()), "default", "SmolLM2-135M-Instruct")
    if spec == "gemma3-270m":  # the second built-in (alcove models list names it so)
        return ResolvedModel(Path(import_gguf(gemma3_gguf_path())), "default", "gemma-3-270m")
    path = Path(spec).expanduser()
    if path.suffix.lower() == ".gguf":
        if not path.is_file():
            raise ModelLoadError(f"The GGUF file {path} does not exist.")

        return ResolvedModel(Path(import_gguf(path)), "gguf", path.stem)
    if path.exists():
        if not path.is_dir():
            raise ModelLoadError(f"{path} is a file, not a model folder or a .gguf file.")
        if not (path / "config.json").exists():
            raise ModelLoadError(f"The folder {path} has no config.json, so it is not a model folder.")
        return ResolvedModel(path, "folder", path.name)
    if _REPO_ID.match(spec):
        cached = hf_cached_repo_path(spec)
        if cached is None:
            raise ModelLoadError(
                f"The model {spec} is not in the local Hugging Face cache ({hf_cache_dir()}). "
                "Download it first (Settings > Models), or give a folder or a .gguf file."
            )
        return ResolvedModel(cached, "hf-cache", spec)
    raise ModelLoadError(f"The model folder {path} does not exist.")


def read_config(folder: Path) -> dict:
    cfg_path = folder / "config.json"
    try:
        config = json.loads(cfg_path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ModelLoadError(f"The folder {folder} has no config.json.") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ModelLoadError(f"{cfg_path} is not valid JSON: {exc}.") from exc
    if not isinstance(config, dict) or "model_type" not in config:
        raise ModelLoadError(
            f"{cfg_path} has no model_type, so Alcove cannot tell which architecture to use."
        )
    return normalise_config(config)


def normalise_config(config: dict) -> dict:
    """Undo config layouts that mlx-lm would misread.

    transformers 5 nests rope settings under ``rope_parameters``; mlx-lm 0.32 reads a top-level ``rope_theta`` and
    silently falls back to 10000 otherwise, which degrades output.
    """
    config = dict(config)
    rope = config.get("rope_parameters")
    if isinstance(rope, dict):
        # Either flat {"rope_theta": ..., "rope_type": ...} or per layer type {"full_attention": {...}, ...}.
        flat = rope if "rope_theta" in rope or "rope_type" in rope else None
        if flat is None:
            full = rope.get("full_attention")
            local = rope.get("sliding_attention")
            if isinstance(full, dict):
                flat = full
            if isinstance(local, dict) and "rope_theta" in local:
                config.setdefault("rope_local_base_freq", local["rope_theta"])
        if flat is not None:
            if "rope_theta" in flat:
                config.setdefault("rope_theta", flat["rope_theta"])
            rope_type = flat.get("rope_type", "default")
            if rope_type not in (None, "default") and "rope_scaling" not in config:
                config["rope_scaling"] = {k: v for k, v in flat.items() if k != "rope_theta"}
    text_config = config.get("text_config")
    if isinstance(text_config, dict) and "rope_parameters" in text_config:
        config["text_config"] = normalise_config({"model_type": "text", **text_config})
        config["text_config"].pop("model_type", None) if "model_type" not in text_config else None
    return config


def check_safetensors(file: Path) -> None:
    """Validate a safetensors header and size so a truncated/corrupt file gets a clear message, not a crash."""
    try:
        size = file.stat().st_size
        with open(file, "rb") as fh:
            raw = fh.read(8)
            if len(raw) < 8:
                raise ValueError("file is shorter than its header")
            (hlen,) = struct.unpack("<Q", raw)
            if hlen <= 0 or hlen > min(size - 8, 100 << 20):
                raise ValueError("header length is out of range")
            header = json.loads(fh.read(hlen))
        end = 0
        for name, meta in header.items():
            if name == "__metadata__":
                continue
            end = max(end, int(meta["data_offsets"][1]))
        if 8 + hlen + end > size:
            raise ValueError(f"tensors need {8 + hlen + end} bytes but the file has {size} (truncated?)")
    except (OSError, ValueError, KeyError, TypeError, json.JSONDecodeError, struct.error) as exc:
        raise ModelLoadError(f"The weights file {file} is corrupt or incomplete: {exc}.") from exc


_LAYER = re.compile(r"^(?:model\.|language_model\.model\.)?layers\.(\d+)\.")
_FLOAT_DTYPES = {"F16": 2, "BF16": 2, "F32": 4}
_CONFIG_INTS = ("num_hidden_layers", "hidden_size", "intermediate_size", "vocab_size", "num_attention_heads",
                "num_key_value_heads", "head_dim", "num_experts", "num_local_experts")  # fmt: skip
MAX_CONFIG_VALUE = 1 << 24  # no real model has 16M layers, heads or hidden units


def check_config_fits_weights(folder: Path, config: dict, files: list[Path]) -> None:
    """Check the config against the weights' shapes and a size budget BEFORE anything is built: a config that
    claims 10,000,000 layers would otherwise allocate them all (15.6 GB, then ``std::bad_alloc``)."""
    cfg = config.get("text_config") if isinstance(config.get("text_config"), dict) else config
    for key in _CONFIG_INTS:
        for where in (config, cfg):
            value = where.get(key)
            if value is None:
                continue
            low = (
                1 if key in ("num_hidden_layers", "hidden_size", "vocab_size") else 0
            )  # num_experts: 0 = dense
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_CONFIG_VALUE:
                raise ModelLoadError(
                    f"config.json in {folder} has {key} = {value!r}, which is not a sensible size "
                    f"(a whole number from {low} to {MAX_CONFIG_VALUE:,}). The config is damaged."
                )
    shapes: dict[str, tuple[str, list[int]]] = {}
    weight_bytes = 0
    for f in files:
        weight_bytes += f.stat().st_size
        for name, meta in _safetensors_header(f).items():
            if name != "__metadata__" and isinstance(meta, dict):
                shapes[name] = (str(meta.get("dtype")), list(meta.get("shape") or []))
    layers = [int(m.group(1)) + 1 for n in shapes if (m := _LAYER.match(n))]
    claimed = cfg.get("num_hidden_layers")
    if layers and isinstance(claimed, int) and claimed > max(layers):
        raise ModelLoadError(
            f"config.json in {folder} says num_hidden_layers = {claimed:,}, but the weights hold {max(layers)} "
            "layers. The config does not belong to these weights."
        )
    hidden, vocab = cfg.get("hidden_size"), cfg.get("vocab_size")
    for name in (
        "model.embed_tokens.weight",
        "embed_tokens.weight",
        "language_model.model.embed_tokens.weight",
    ):
        dtype, shape = shapes.get(name, ("", []))
        if dtype in _FLOAT_DTYPES and len(shape) == 2 and hidden and shape[1] != hidden:
            raise ModelLoadError(
                f"config.json in {folder} says hidden_size = {hidden:,}, but the embedding weights are "
                f"{shape[0]} x {shape[1]}. The config does not belong to these weights."
            )
    # Size budget: the parameters the config describes, in 16 bits, against the bytes on disk (16x slack
    # covers 4-bit quantization, tied embeddings and estimation error; MoE configs only under-estimate).
    n_layers, inter = cfg.get("num_hidden_layers") or 0, cfg.get("intermediate_size") or 4 * (hidden or 0)
    if hidden and n_layers:
        params = n_layers * (4 * hidden * hidden + 3 * hidden * inter) + (vocab or 0) * hidden
        if 2 * params > 16 * weight_bytes + (64 << 20):
            raise ModelLoadError(
                f"config.json in {folder} describes a model of about {2 * params / 1e9:,.1f} GB, but its weights "
                f"are {weight_bytes / 1e9:,.2f} GB on disk. The config does not belong to these weights."
            )


def _safetensors_header(file: Path) -> dict:
    with open(file, "rb") as fh:
        (hlen,) = struct.unpack("<Q", fh.read(8))
        header = json.loads(fh.read(hlen))  # checked by check_safetensors already
    return header if isinstance(header, dict) else {}


def weight_files(folder: Path) -> list[Path]:
    files = sorted(folder.glob("model*.safetensors"))
    if not files:
        files = sorted(folder.glob("*.safetensors"))
    if not files:
        raise ModelLoadError(f"The folder {folder} has no .safetensors weights.")
    index = folder / "model.safetensors.index.json"
    if index.exists():
        try:
            wanted = set(json.loads(index.read_text())["weight_map"].values())
        except (json.JSONDecodeError, KeyError) as exc:
            raise ModelLoadError(f"{index} is not a valid safetensors index: {exc}.") from exc
        missing = sorted(w for w in wanted if not (folder / w).exists())
        if missing:
            raise ModelLoadError(f"The model in {folder} is missing weight shards: {', '.join(missing)}.")
    for f in files:
        check_safetensors(f)
    return files


def read_json_file(path: Path):
    """The JSON in ``path``, or None when there is no such file; a file that cannot be read is a ModelLoadError."""
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelLoadError(
            f"{path} could not be read as JSON ({exc}). The model folder may be damaged."
        ) from exc


def files_stamp(folder: Path, files: list[Path]) -> tuple:
    """``folder`` and the name, size and modification time of each of ``files`` that exists: a changed file gives
    a different stamp (what is loaded from them can be kept and reused while the stamp holds)."""
    out: list[tuple[str, int, int]] = []
    for f in files:
        try:
            st = f.stat()
        except OSError:
            continue
        out.append((f.name, st.st_size, st.st_mtime_ns))
    return (str(folder.resolve()), tuple(out))
