"""Downloads against a loopback server that serves the hub's file API (tests/app/gui/hub_server.py): a full
download, an interrupted one resumed, a corrupted file caught, a gated repo, no network, cancel, disk space.
Nothing here touches the internet."""

from __future__ import annotations

import shutil
import socket
import threading
from collections import namedtuple

import pytest

from app.gui.downloads import DownloadCancelled, DownloadError, download_model
from engine.models import resolve_model
from tests.app.gui.hub_server import Hub, HubServer
from tests.tiny_models import make_tiny_model

REPO = "acme/tiny-llama"


@pytest.fixture(scope="module")
def model_folder(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("served") / "tiny", "llama")


@pytest.fixture
def hub(model_folder, monkeypatch):
    hub = Hub()
    hub.add(REPO, model_folder)
    with HubServer(hub) as endpoint:
        monkeypatch.setenv("HF_ENDPOINT", endpoint)
        monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
        yield hub


def _download(cache, **kw):
    seen = []
    kw.setdefault("token", None)
    kw.setdefault("cancel", threading.Event())
    path = download_model(REPO, progress=lambda d, t: seen.append((d, t)), cache_dir=cache, **kw)
    return path, seen


def _same_files(a, b):
    names = sorted(p.name for p in a.iterdir() if p.is_file())
    assert names == sorted(p.name for p in b.iterdir() if p.is_file())
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_full_download_lands_in_the_hf_cache_and_loads(hub, model_folder, tmp_path, monkeypatch):
    cache = tmp_path / "hub"
    path, seen = _download(cache)
    _same_files(path, model_folder)
    total = sum(p.stat().st_size for p in model_folder.iterdir())
    assert seen[-1] == (total, total) and all(d <= t for d, t in seen)
    assert (cache / "models--acme--tiny-llama" / "refs" / "main").read_text() == path.name
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    assert resolve_model(REPO).path == path  # what the loader finds afterwards
    again, seen = _download(cache)  # complete: nothing is fetched
    assert again == path and seen == [(total, total)]


def test_server_is_faithful_enough_for_huggingface_hub_itself(hub, model_folder, tmp_path, monkeypatch):
    """huggingface_hub's own snapshot_download reads the same server (the tests' offline switch, read by the
    library at import, is lifted for it: the endpoint is loopback)."""
    from huggingface_hub import constants, snapshot_download
    from huggingface_hub.utils import disable_progress_bars, enable_progress_bars

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    from tqdm import tqdm

    monkeypatch.setattr(tqdm, "monitor_interval", 0)  # no tqdm monitor thread
    disable_progress_bars()
    try:
        path = snapshot_download(REPO, cache_dir=str(tmp_path / "hf"), endpoint=_endpoint())
    finally:
        enable_progress_bars()
    _same_files(type(model_folder)(path), model_folder)


def _endpoint() -> str:
    import os

    return os.environ["HF_ENDPOINT"]


def test_interrupted_download_resumes_where_it_stopped(hub, model_folder, tmp_path):
    cache = tmp_path / "hub"
    size = (model_folder / "model.safetensors").stat().st_size
    hub.cut_after["model.safetensors"] = size // 3
    with pytest.raises(DownloadError, match="cannot reach"):
        _download(cache)
    assert not (cache / "models--acme--tiny-llama" / "refs").exists()  # not complete: not a model yet
    hub.requests.clear()
    path, seen = _download(cache)
    _same_files(path, model_folder)
    ranges = [r for method, p, r in hub.requests if p.endswith("/model.safetensors")]
    assert ranges == [f"bytes={size // 3}-"]  # resumed, not restarted
    assert seen[0][0] >= size // 3  # progress starts from what was already there


def test_corrupted_file_is_detected_and_deleted(hub, model_folder, tmp_path):
    cache = tmp_path / "hub"
    hub.corrupt.add("model.safetensors")
    with pytest.raises(DownloadError, match="model.safetensors of acme/tiny-llama arrived damaged.*sha256"):
        _download(cache)
    assert not list(cache.rglob("model.safetensors"))
    hub.corrupt.clear()
    path, _ = _download(cache)
    _same_files(path, model_folder)


def test_small_files_are_checked_by_their_git_hash(hub, tmp_path):
    hub.corrupt.add("config.json")
    with pytest.raises(DownloadError, match="config.json.*git hash"):
        _download(tmp_path / "hub")


def test_gated_repo_asks_for_a_token(hub, model_folder, tmp_path):
    hub.add(REPO, model_folder, gated_token="hf_secret")
    with pytest.raises(DownloadError, match="gated.*add your access token in Settings"):
        _download(tmp_path / "hub")
    with pytest.raises(DownloadError, match="token was not accepted"):
        _download(tmp_path / "hub", token="hf_wrong")
    path, _ = _download(tmp_path / "hub", token="hf_secret")
    _same_files(path, model_folder)


def test_unknown_repo_says_so(hub, tmp_path):
    with pytest.raises(DownloadError, match="not found on the Hugging Face hub"):
        download_model("acme/nothing", token=None, progress=lambda d, t: None, cancel=threading.Event(),
                       cache_dir=tmp_path)  # fmt: skip


def test_no_network_is_a_clear_offline_message(tmp_path, monkeypatch):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{port}")
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    with pytest.raises(DownloadError, match="offline"):
        _download(tmp_path / "hub")


def test_cancel_keeps_the_part_and_the_next_download_resumes(hub, model_folder, tmp_path):
    cache = tmp_path / "hub"
    cancel = threading.Event()
    calls = []

    def progress(done, total):
        calls.append(done)
        if done > 0:
            cancel.set()

    with pytest.raises(DownloadCancelled):
        download_model(REPO, token=None, progress=progress, cancel=cancel, cache_dir=cache)
    assert list(cache.rglob(".alcove-partial-*"))
    path, _ = _download(cache)
    _same_files(path, model_folder)
    assert not list(cache.rglob(".alcove-partial-*"))


def test_disk_space_is_checked_first(hub, tmp_path, monkeypatch):
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda p: usage(10**9, 10**9 - 1000, 1000))
    with pytest.raises(DownloadError, match="needs .* GiB more disk space"):
        _download(tmp_path / "hub")
    assert not [r for r in hub.requests if "/resolve/" in r[1]]  # nothing was fetched
