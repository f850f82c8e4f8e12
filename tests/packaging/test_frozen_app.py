"""The PyInstaller spec builds a working app: build the one-folder app (Alcove.app on macOS) with
packaging/alcove.spec, verify it, and run its ``--self-test`` offscreen from the frozen bundle.

Slow (a few minutes: one build per run, in a temporary folder, nothing cached between runs), but it is the only
proof that the hidden imports, data files and binaries are complete, so it runs in .ci/run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IS_MAC = sys.platform == "darwin"

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]


def _bundle(dist: Path) -> tuple[Path, Path]:
    if IS_MAC:
        app = dist / "Alcove.app"
        return app, app / "Contents" / "MacOS" / "alcove"
    return dist / "alcove", dist / "alcove" / "alcove"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pyinstaller")
    dist, work = tmp / "dist", tmp / "build"
    env = dict(os.environ, PYINSTALLER_CONFIG_DIR=str(tmp / "config"))  # no cache shared between runs
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", str(dist), "--workpath", str(work), str(ROOT / "packaging" / "alcove.spec")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500,
    )  # fmt: skip
    build_s = time.perf_counter() - t0
    assert proc.returncode == 0, f"PyInstaller failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}"
    bundle, exe = _bundle(dist)
    assert exe.is_file(), f"no executable at {exe}"
    return {"bundle": bundle, "exe": exe, "build_s": build_s, "tmp": tmp}


def _run(exe: Path, args: list[str], tmp: Path, **extra_env) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    home = tmp / f"home-{time.monotonic_ns()}"
    env.update(QT_QPA_PLATFORM="offscreen", HF_HUB_OFFLINE="1", ALCOVE_HOME=str(home), **extra_env)
    cwd = tmp / "cwd"  # away from the source tree: every import must come from the bundle
    cwd.mkdir(exist_ok=True)
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def _report(proc: subprocess.CompletedProcess) -> dict:
    out = proc.stdout
    assert "{" in out, f"no JSON report (exit {proc.returncode}):\n{out[-2000:]}\n{proc.stderr[-4000:]}"
    return json.loads(out[out.index("{") :])


def test_frozen_self_test_generates_indexes_and_searches(built, capsys):
    t0 = time.perf_counter()
    proc = _run(built["exe"], ["--self-test", "--require-frozen"], built["tmp"])
    run_s = time.perf_counter() - t0
    report = _report(proc)
    size_mb = (
        sum(f.stat().st_size for f in built["bundle"].rglob("*") if f.is_file() and not f.is_symlink()) / 1e6
    )
    with capsys.disabled():
        print(
            f"\nfrozen app: build {built['build_s']:.0f} s, bundle {size_mb:.0f} MB, self-test {run_s:.0f} s "
            f"(generate: {report.get('generate', {}).get('text')!r}, top hit: "
            f"{report.get('index', {}).get('top_hit')})"
        )
    assert proc.returncode == 0, f"{proc.stderr[-4000:]}\n{json.dumps(report, indent=1)[:4000]}"
    assert report["ok"] is True
    assert report["bundle"]["frozen"] is True
    assert report["bundle"]["bundle_dir"] and Path(report["bundle"]["bundle_dir"]).resolve().is_relative_to(
        built["bundle"].resolve()
    )
    assert report["qt"]["platform"] == "offscreen" and report["qt"]["svg_icon"] is True
    gen = report["generate"]
    assert gen["model"] == "SmolLM2-135M-Instruct" and gen["model_type"] == "llama"
    assert gen["tokens"] >= 1 and gen["text"].strip()
    idx = report["index"]
    assert idx["embedder"] == "all-MiniLM-L6-v2" and idx["files_indexed"] == 3
    assert idx["top_hit"] == "lighthouse.txt"


def test_verify_bundle_passes(built):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "verify_bundle.py"), str(built["bundle"])],
        capture_output=True, text=True, timeout=600, cwd=built["tmp"],
    )  # fmt: skip
    result = json.loads(proc.stdout)
    assert proc.returncode == 0, result["problems"]
    assert result["runtime_imports"]["imported"] > 50
    assert any("libmlx" in p for p in result["libmlx"])


def test_bundle_holds_no_torch(built):
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import verify_bundle
    finally:
        sys.path.pop(0)
    pyz = verify_bundle.pyz_modules(built["exe"])
    assert "engine.runtime.engine" in pyz and "mlx_lm.models.llama" in pyz
    assert not [m for m in pyz if m.split(".")[0] in ("torch", "sentence_transformers", "tensorflow", "jax")]
    names = {p.name.split("-")[0] for p in built["bundle"].rglob("*")}
    assert "torch" not in names and "sentence_transformers" not in names


@pytest.mark.skipif(IS_MAC, reason="a real Mac bundle has the metallib; this simulates its absence on Linux")
def test_verify_bundle_catches_a_missing_metallib(built):
    """The Linux (CPU) bundle has no mlx.metallib: demanding one must fail the build check."""
    proc = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "verify_bundle.py"), str(built["bundle"]),
         "--require-metallib", "--no-run"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 1
    assert any("mlx.metallib missing next to" in p for p in json.loads(proc.stdout)["problems"])


def test_frozen_app_reports_a_broken_mlx_path(built):
    proc = _run(
        built["exe"], ["--self-test"], built["tmp"], ALCOVE_MLX_LIB_DIR=str(built["tmp"] / "no-mlx-here")
    )
    report = _report(proc)
    assert proc.returncode == 1 and report["step"] == "preflight"
    assert "MLX's library is missing" in proc.stderr and "Traceback" not in proc.stderr


def test_frozen_app_reports_a_corrupt_model(built):
    bad = built["tmp"] / "corrupt.gguf"
    bad.write_bytes(b"GGUF" + os.urandom(4096))
    proc = _run(built["exe"], ["--self-test", "--chat-model", str(bad)], built["tmp"])
    report = _report(proc)
    assert proc.returncode == 1 and report["step"] == "generate"
    assert "traceback" not in report, report  # an AlcoveError sentence, not a crash
    assert "Traceback" not in proc.stderr
