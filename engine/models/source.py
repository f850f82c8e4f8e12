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
