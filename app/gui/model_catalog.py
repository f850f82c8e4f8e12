"""What the model pickers offer: the engine's local catalog (built-ins, HF cache, imported GGUF) plus folders and GGUF
files the user added, and draft compatibility from the engine's full tokenizer/template check.

Reads files and tokenizers only (no MLX): run it on a worker thread.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from engine.models import hf_cached_repo_path

from .metrics import format_bytes
from .model_identity import display_name

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PickerModel:
    spec: str  # what load_model takes: "default", a repo id, a folder, a .gguf file
    label: str
    kind: str  # chat | embedder | reranker | diffusion | gguf | unknown
    folder: str | None = None


@dataclass(frozen=True)
class DraftCheck:
    spec: str
    compatible: bool | None  # None: cannot tell before loading
    reason: str = ""


def _folder_kind(folder: Path) -> str:
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "unknown"
    archs = " ".join(config.get("architectures") or [])
    if config.get("model_type") in ("clip", "siglip") or "CLIPModel" in archs or "SiglipModel" in archs:
        return "image-text"  # pictures found by what they show: the image model, never a chat model
    if "ForSequenceClassification" in archs:
        return "reranker"
    if (folder / "modules.json").exists() or config.get("model_type") in ("bert", "xlm-roberta", "roberta"):
        return "embedder"
    return "chat" if config.get("model_type") else "unknown"


def scan(known: list[str]) -> list[PickerModel]:
    from engine.models import list_local_models

    out: list[PickerModel] = []
    for m in list_local_models():
        if m.name == "default":
            out.append(PickerModel("default", display_name("default"), "chat"))
        elif m.name == "default-embedder":
            out.append(PickerModel("default", display_name("default", role="embedder"), "embedder", m.path))
        elif m.source == "builtin-gguf":  # a GGUF inside a package: imported when it loads
            out.append(PickerModel(m.name, display_name(m.name, source="default"), m.kind))
        elif m.source == "imported-gguf":
            out.append(PickerModel(m.path, f"{Path(m.path).name} (imported GGUF)", m.kind, m.path))
        elif m.path:
            out.append(PickerModel(m.name, m.name, m.kind, m.path))
    for spec in known:
        path = Path(spec)
        if path.suffix.lower() == ".gguf" and path.is_file():
            out.append(PickerModel(spec, f"{path.stem} (GGUF)", "gguf"))
        elif path.is_dir() and (path / "config.json").exists():
            out.append(PickerModel(spec, path.name, _folder_kind(path), str(path)))
    return out


def check_drafts(target: PickerModel | None, candidates: list[PickerModel]) -> list[DraftCheck]:
    """A draft must share the target's tokenizer and chat template (engine.speculative.compat.check_folders)."""
    from engine.speculative import check_folders

    out = []
    for cand in candidates:
        if cand.kind not in ("chat", "gguf"):
            out.append(DraftCheck(cand.spec, False, f"a {cand.kind} model cannot draft"))
        elif target is not None and cand.spec == target.spec:
            out.append(DraftCheck(cand.spec, False, "it is the chat model itself"))
        elif target is None or not target.folder or not cand.folder:
            out.append(DraftCheck(cand.spec, None, "checked when it loads"))
        else:
            try:
                result = check_folders(target.folder, cand.folder)
            except Exception as exc:  # noqa: BLE001 - an unreadable tokenizer greys nothing out
                log.info("draft check %s -> %s failed: %s", cand.spec, target.spec, exc)
                out.append(DraftCheck(cand.spec, None, "checked when it loads"))
                continue
            reason = result.differences[0] if result.differences else ""
            out.append(DraftCheck(cand.spec, result.compatible, reason.rstrip(".")))
    return out


# -- the recommended catalog, as Settings › Models lists it ------------------------------------------------------
BUILT_IN_REPOS = {  # catalog entries Alcove ships: never offered for download
    "sentence-transformers/all-MiniLM-L6-v2": "default-embedder",
    "HuggingFaceTB/SmolLM2-135M-Instruct": "default",
}


@dataclass(frozen=True)
class CatalogRow:
    cells: tuple[str, str, str, str]  # Model, Download, This Mac, Good for
    state: str  # "built-in" | "installed" | "fits" | "too-large"
    downloadable: bool


def catalog_row(model, fit: bool, present: bool, budget_text: str = "") -> CatalogRow:
    """One catalog entry's row: built-in models marked and not downloadable, installed ones marked "Installed"."""
    name = f"{model.repo.rsplit('/', 1)[-1]} · {model.kind}"  # the owner is in the tooltip
    if model.repo in BUILT_IN_REPOS:
        role = "embedder" if BUILT_IN_REPOS[model.repo] == "default-embedder" else "chat"
        name = f"{display_name('default', role=role)} · {model.kind}"
        return CatalogRow((name, "—", "✓ Built in", model.good_for), "built-in", False)
    if present:
        return CatalogRow(
            (name, format_bytes(model.download_bytes), "✓ Installed", model.good_for), "installed", False
        )
    where = "Fits" if fit else f"Needs {format_bytes(model.memory_bytes)}"
    return CatalogRow((name, format_bytes(model.download_bytes), where, model.good_for), "fits" if fit else "too-large",
                      fit)  # fmt: skip


def is_diffusion_spec(spec: str | None) -> bool:
    """Whether the chat model ``spec`` is a block-diffusion model (its config's model_type says so). Reads one small
    file; the built-ins and anything unreadable are not."""
    if not spec or spec in ("default", "gemma3-270m"):
        return False
    path = Path(spec).expanduser()
    folder = (
        path if path.is_dir() else (hf_cached_repo_path(spec) if "/" in spec and not path.exists() else None)
    )
    if folder is None:
        return False
    try:
        config = json.loads((Path(folder) / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return "diffusion" in str(config.get("model_type", ""))
