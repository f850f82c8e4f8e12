"""The curated catalog of recommended models (resources/model_catalog.json) and what fits this Mac.

"Fits" compares a model's resident memory with the machine's unified memory (``sysctl hw.memsize`` on macOS,
``/proc/meminfo`` elsewhere) minus headroom for macOS and the apps beside Alcove: a quarter of memory, at least
4 GiB. That is close to Metal's default wired limit (``max_recommended_working_set_size``, about 2/3 to 3/4 of RAM).
"""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.core import AlcoveError

log = logging.getLogger(__name__)

CATALOG_SCHEMA = 1
# late: a ColBERT model; image-text: a CLIP/SigLIP model (pictures found by what they show)
KINDS = ("chat", "embedder", "reranker", "mtp-assistant", "dflash-drafter", "late", "image-text")
_OPTIONAL = {"target": ""}  # fields an entry may leave out, with their defaults
_MIN_HEADROOM = 4 << 30
_REPO = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")
_REVISION = re.compile(r"^(main|[0-9a-f]{40})$")


class CatalogError(AlcoveError):
    """The catalog file is missing or malformed."""


@dataclass(frozen=True)
class CatalogModel:
    id: str
    repo: str
    revision: str
    kind: str
    family: str
    parameters: int
    quantization: str
    download_bytes: int
    memory_bytes: int
    license: str
    good_for: str
    drafts: tuple[str, ...] = ()
    mtp_assistants: tuple[str, ...] = ()
    target: str = ""  # a DFlash drafter: the id of the chat model it was trained for


@dataclass(frozen=True)
class Catalog:
    version: str
    notes: str
    models: tuple[CatalogModel, ...]

    def get(self, model_id: str) -> CatalogModel | None:
        return next((m for m in self.models if m.id == model_id), None)


def catalog_path() -> Path:
    """resources/model_catalog.json beside the packages, or inside a PyInstaller bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and (Path(bundle) / "resources" / "model_catalog.json").is_file():
        return Path(bundle) / "resources" / "model_catalog.json"
    return Path(__file__).resolve().parents[2] / "resources" / "model_catalog.json"


def _check(entry: object, index: int, known: set[str]) -> CatalogModel:
    where = f"model #{index}"
    if not isinstance(entry, dict):
        raise CatalogError(f"The model catalog's {where} is not an object.")
    fields = {name: f.type for name, f in CatalogModel.__dataclass_fields__.items()}
    missing = sorted(set(fields) - set(entry) - set(_OPTIONAL))
    extra = sorted(set(entry) - set(fields))
    if missing or extra:
        raise CatalogError(f"The model catalog's {where} lacks {missing} / has unknown {extra}.")
    for name in ("id", "repo", "revision", "kind", "family", "quantization", "license", "good_for"):
        if not isinstance(entry[name], str) or not entry[name].strip():
            raise CatalogError(f"The model catalog's {where} needs a non-empty string {name}.")
    for name in ("parameters", "download_bytes", "memory_bytes"):
        if not isinstance(entry[name], int) or isinstance(entry[name], bool) or entry[name] <= 0:
            raise CatalogError(f"The model catalog's {where} needs a positive integer {name}.")
    if not isinstance(entry.get("target", ""), str):
        raise CatalogError(f"The model catalog's {where} needs a string target.")
    for name in ("drafts", "mtp_assistants"):
        if not isinstance(entry[name], list) or not all(isinstance(x, str) for x in entry[name]):
            raise CatalogError(f"The model catalog's {where} needs a list of ids in {name}.")
    if entry["kind"] not in KINDS:
        raise CatalogError(f"The model catalog's {where} has kind {entry['kind']!r}; use one of {KINDS}.")
    if not _REPO.match(entry["repo"]):
        raise CatalogError(f"The model catalog's {where} has repo {entry['repo']!r}, not owner/name.")
    if not _REVISION.match(entry["revision"]):
        raise CatalogError(
            f"The model catalog's {where} has revision {entry['revision']!r}: main or a commit."
        )
    if entry["memory_bytes"] < entry["download_bytes"] * 0.9:
        raise CatalogError(f"The model catalog's {where} needs less memory than its weights' size.")
    if entry["id"] in known:
        raise CatalogError(f"The model catalog lists {entry['id']!r} twice.")
    return CatalogModel(
        **{
            **_OPTIONAL,
            **entry,
            "drafts": tuple(entry["drafts"]),
            "mtp_assistants": tuple(entry["mtp_assistants"]),
        }
    )


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Read and validate the catalog (every field typed, ids unique, drafts naming smaller chat models)."""
    path = Path(path) if path else catalog_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CatalogError(f"The model catalog {path} could not be read ({error}).") from None
    if (
        not isinstance(data, dict)
        or data.get("schema") != CATALOG_SCHEMA
        or not isinstance(data.get("models"), list)
    ):
        raise CatalogError(f"The model catalog {path} is not schema {CATALOG_SCHEMA} (a 'models' list).")
    models: list[CatalogModel] = []
    for index, entry in enumerate(data["models"]):
        models.append(_check(entry, index, {m.id for m in models}))
    by_id = {m.id: m for m in models}
    for m in models:
        for draft_id in m.drafts:
            draft = by_id.get(draft_id)
            if draft is None or draft.kind != "chat" or draft.family != m.family:
                raise CatalogError(
                    f"{m.id} lists draft {draft_id!r}, which is not a chat model of its family."
                )
            if draft.parameters >= m.parameters:
                raise CatalogError(f"{m.id} lists draft {draft_id!r}, which is not smaller.")
        for assistant in m.mtp_assistants:
            if by_id.get(assistant) is None or by_id[assistant].kind != "mtp-assistant":
                raise CatalogError(
                    f"{m.id} lists MTP assistant {assistant!r}, which the catalog does not hold."
                )
        if (m.kind == "dflash-drafter") != bool(m.target) or (
            m.target and (by_id.get(m.target) is None or by_id[m.target].kind != "chat")
        ):
            raise CatalogError(
                f"{m.id}: a DFlash drafter, and only a drafter, names as target a chat model the catalog holds."
            )
    return Catalog(str(data.get("version", "")), str(data.get("notes", "")), tuple(models))


def total_memory_bytes() -> int:
    """Physical (unified) memory: ``sysctl -n hw.memsize`` on macOS, MemTotal from /proc/meminfo elsewhere."""
    try:
        if sys.platform == "darwin":
            out = subprocess.run(["sysctl", "-n", "hw.memsize"], capture_output=True, text=True, timeout=5)
            return int(out.stdout.strip())
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, subprocess.SubprocessError):
        log.warning("could not read this machine's memory size", exc_info=True)
    return 0


def memory_budget(total: int | None = None) -> int:
    """Memory a model may use here: total minus a quarter (at least 4 GiB) for the system and other apps."""
    total = total_memory_bytes() if total is None else total
    return max(total - max(total // 4, _MIN_HEADROOM), 0)


def fits(model: CatalogModel, budget: int) -> bool:
    return model.memory_bytes <= budget
