"""Download a model repo from the Hugging Face hub into the HF cache: byte progress, cancel, resume, integrity, disk
check (no Qt; run it on a worker thread with ``Bridge.call``).

It speaks the hub's file API the way ``huggingface_hub`` does (``$HF_ENDPOINT``, default https://huggingface.co):
``GET /api/models/{repo}/revision/{rev}?blobs=true`` lists the files with their sizes, git blob ids and LFS sha256;
``GET /{repo}/resolve/{commit}/{file}`` fetches one, with ``Range`` to continue a partial file. huggingface_hub 2.x
restarts an interrupted file from zero (it downloads into a fresh temporary file each time), so Alcove keeps its own
``.part`` files and resumes them. Every file is checked against the hub's hashes (sha256 for LFS files, the git blob
id otherwise) before it is moved into ``snapshots/{commit}/``; ``refs/{revision}`` is written last, so a repo only
looks downloaded once it is complete. The token is sent as a Bearer header and never logged.
"""

from __future__ import annotations

import fnmatch
import hashlib
import http.client
import json
import logging
import os
import shutil
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.core import AlcoveError, hf_cache_dir

log = logging.getLogger(__name__)

# Weights and what loading needs; skip other formats (PyTorch .bin, ONNX, GGUF duplicates) to save space.
ALLOW_PATTERNS = ["*.json", "*.safetensors", "*.txt", "*.model", "*.jinja", "tokenizer*", "*.py"]
_CHUNK = 1 << 20
_DISK_MARGIN = 256 << 20  # keep this much free beyond the download
_TIMEOUT_S = 30


class DownloadCancelled(AlcoveError):
    """The user cancelled a download (partial files stay and resume next time)."""


class DownloadError(AlcoveError):
    """A download could not be completed."""


@dataclass(frozen=True)
class RemoteFile:
    name: str
    size: int
    blob_id: str | None  # git sha1 of the content (the hub's blobId)
    sha256: str | None  # LFS files


def _endpoint() -> str:
    return os.environ.get("HF_ENDPOINT", "https://huggingface.co").rstrip("/")


def _offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on")


def _request(url: str, token: str | None, headers: dict[str, str] | None = None) -> urllib.request.Request:
    req = urllib.request.Request(url, headers={"User-Agent": "Alcove", **(headers or {})})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    return req


def _http_error(repo_id: str, error: urllib.error.HTTPError, token: str | None) -> DownloadError:
    code = error.headers.get("X-Error-Code", "") if error.headers else ""
    if code == "GatedRepo" or (error.code in (401, 403) and code != "RepoNotFound"):
        if token:
            return DownloadError(
                f"{repo_id} is gated and your token was not accepted for it: accept its licence on "
                f"huggingface.co/{repo_id} with the account the token belongs to."
            )
        return DownloadError(
            f"{repo_id} is gated: accept its licence on huggingface.co/{repo_id}, then add your access token in "
            "Settings > Models."
        )
    if error.code in (401, 404) or code == "RepoNotFound":
        return DownloadError(f"{repo_id} was not found on the Hugging Face hub. Check the name (owner/name).")
    return DownloadError(f"{repo_id} could not be downloaded: the hub answered {error.code} {error.reason}.")


def _network_error(repo_id: str, error: Exception) -> DownloadError:
    return DownloadError(
        f"{repo_id} could not be downloaded: Alcove cannot reach {_endpoint()} (this Mac looks offline: "
        f"{getattr(error, 'reason', error)}). Connect to the internet and try again; finished parts are kept."
    )


def list_files(repo_id: str, revision: str, token: str | None) -> tuple[str, list[RemoteFile]]:
    """(commit, files Alcove downloads) of ``repo_id`` at ``revision``."""
    quoted = urllib.parse.quote(revision, safe="")
    url = f"{_endpoint()}/api/models/{repo_id}/revision/{quoted}?blobs=true"
    try:
        with urllib.request.urlopen(_request(url, token), timeout=_TIMEOUT_S) as response:
            info = json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise _http_error(repo_id, error, token) from None
    except (urllib.error.URLError, OSError) as error:
        raise _network_error(repo_id, error) from None
    except ValueError as error:
        raise DownloadError(f"The hub sent an unreadable file list for {repo_id} ({error}).") from None
    files = []
    for sib in info.get("siblings") or []:
        name = sib.get("rfilename", "")
        if not name or not any(fnmatch.fnmatch(Path(name).name, p) for p in ALLOW_PATTERNS):
            continue
        lfs = sib.get("lfs") or {}
        size = lfs.get("size", sib.get("size"))
        if size is None:
            raise DownloadError(f"The hub did not say how large {name} in {repo_id} is.")
        files.append(RemoteFile(name, int(size), sib.get("blobId"), lfs.get("sha256")))
    if not files:
        raise DownloadError(f"{repo_id} holds no files Alcove can use (safetensors weights and a tokenizer).")
    return str(info.get("sha") or revision), files


def _git_blob_sha1(path: Path) -> str:
    h = hashlib.sha1(f"blob {path.stat().st_size}\0".encode())
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            h.update(chunk)
    return h.hexdigest()


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            h.update(chunk)
    return h.hexdigest()


def verify(path: Path, remote: RemoteFile) -> str | None:
    """Why ``path`` is not ``remote`` (size, sha256 or git blob id), or None."""
    size = path.stat().st_size
    if size != remote.size:
        return f"it has {size} bytes instead of {remote.size}"
    if remote.sha256 and _sha256(path) != remote.sha256:
        return "its sha256 differs from the hub's"
    if not remote.sha256 and remote.blob_id and _git_blob_sha1(path) != remote.blob_id:
        return "its git hash differs from the hub's"
    return None


def _fetch(
    repo_id: str,
    commit: str,
    remote: RemoteFile,
    part: Path,
    token: str | None,
    on_bytes: Callable[[int], None],
    cancel: threading.Event,
) -> None:
    """Append the rest of ``remote`` to ``part`` (resuming at its current size)."""
    have = part.stat().st_size if part.exists() else 0
    if have > remote.size:
        part.unlink()
        have = 0
    if have == remote.size:
        return
    quoted = urllib.parse.quote(remote.name)
    url = f"{_endpoint()}/{repo_id}/resolve/{commit}/{quoted}"
    headers = {"Accept-Encoding": "identity"}
    if have:
        headers["Range"] = f"bytes={have}-"
    try:
        with urllib.request.urlopen(_request(url, token, headers), timeout=_TIMEOUT_S) as response:
            mode = "ab" if have and response.status == 206 else "wb"
            if mode == "wb" and have:
                on_bytes(-have)  # the server ignored the range: start over
            with part.open(mode) as out:
                while chunk := response.read(_CHUNK):
                    if cancel.is_set():
                        raise DownloadCancelled(
                            f"The download of {repo_id} was cancelled; it resumes next time."
                        )
                    out.write(chunk)
                    on_bytes(len(chunk))
    except urllib.error.HTTPError as error:
        raise _http_error(repo_id, error, token) from None
    except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
        raise _network_error(repo_id, error) from None
    got = part.stat().st_size
    if got < remote.size:  # the connection ended early: keep what came, the next try resumes from there
        raise _network_error(repo_id, OSError(f"the connection closed after {got} of {remote.size} bytes"))


def download_model(
    repo_id: str,
    *,
    token: str | None,
    progress: Callable[[int, int], None],
    cancel: threading.Event,
    cache_dir: Path | None = None,
    revision: str = "main",
) -> Path:
    """Fetch ``repo_id`` into the HF cache and return its snapshot folder; ``progress(done, total)`` in bytes."""
    repo_id = repo_id.strip()
    if "/" not in repo_id or repo_id.count("/") != 1:
        raise DownloadError(
            f"“{repo_id}” is not a repository id. Use the form owner/name, e.g. mlx-community/…"
        )
    if _offline():
        raise DownloadError(
            f"{repo_id} could not be downloaded: Alcove is set to work offline on this Mac, so it does not "
            "download models. Turn offline mode off (it was set outside Alcove, for example in the shell that "
            "started it) and connect to the internet to download."
        )
    root = Path(cache_dir) if cache_dir else hf_cache_dir()
    repo_dir = root / ("models--" + repo_id.replace("/", "--"))
    commit, files = list_files(repo_id, revision, token)
    snapshot = repo_dir / "snapshots" / commit
    partial = repo_dir / f".alcove-partial-{commit}"
    done_files = [
        f for f in files if (snapshot / f.name).is_file() and (snapshot / f.name).stat().st_size == f.size
    ]
    todo = [f for f in files if f not in done_files]
    total = sum(f.size for f in files)
    have = sum(f.size for f in done_files)
    have += sum((partial / f.name).stat().st_size for f in todo if (partial / f.name).is_file())
    root.mkdir(parents=True, exist_ok=True)
    free = shutil.disk_usage(root).free
    needed = total - have
    if needed + _DISK_MARGIN > free:
        raise DownloadError(
            f"{repo_id} needs {needed / 2**30:.2f} GiB more disk space but only {free / 2**30:.2f} GiB is free "
            f"in {root}. Free some space and try again."
        )
    lock = threading.Lock()
    state = {"done": have}

    def on_bytes(n: int) -> None:
        with lock:
            state["done"] += n
            progress(state["done"], total)

    progress(have, total)
    for remote in todo:
        part = partial / remote.name
        part.parent.mkdir(parents=True, exist_ok=True)
        _fetch(repo_id, commit, remote, part, token, on_bytes, cancel)
        problem = verify(part, remote)
        if problem:
            part.unlink(missing_ok=True)
            raise DownloadError(
                f"{remote.name} of {repo_id} arrived damaged ({problem}); the damaged file was deleted. "
                "Download again."
            )
    # all verified: move into place, config.json (what makes a folder a model) and the ref last
    for remote in sorted(todo, key=lambda f: f.name == "config.json"):
        dest = snapshot / remote.name
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.replace(partial / remote.name, dest)
    shutil.rmtree(partial, ignore_errors=True)
    (repo_dir / "refs").mkdir(parents=True, exist_ok=True)
    if revision != commit:
        (repo_dir / "refs" / revision).write_text(commit)
    log.info("downloaded %s (%d files, %d bytes) to %s", repo_id, len(files), total, snapshot)
    return snapshot
