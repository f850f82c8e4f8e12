"""A loopback HTTP server that serves the Hugging Face hub's file API for local folders (tests only).

What it serves is what huggingface_hub reads (huggingface_hub/hf_api.py ``model_info(files_metadata=True)`` and
file_download.py ``hf_hub_url``/``http_get``): ``GET /api/models/{repo}/revision/{rev}?blobs=true`` (``sha``,
``siblings`` with ``rfilename``, ``size``, ``blobId`` and ``lfs: {size, sha256, pointerSize}`` for large files),
``GET /api/models/{repo}/tree/{rev}`` (huggingface_hub 2.x's snapshot listing), ``GET|HEAD /{repo}/resolve/{rev}/{file}`` with ``X-Repo-Commit``, ``ETag``/``X-Linked-Etag``, ``X-Linked-Size``,
``Range`` (206 + ``Content-Range``), and the hub's error headers (``X-Error-Code: GatedRepo`` with 401 when no token
is sent, ``RepoNotFound`` with 401 for unknown repos).
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

_LFS_MIN = (
    10_000  # files this large are served as LFS (the hub's rule is by extension/size; either works here)
)


@dataclass
class Repo:
    folder: Path
    commit: str
    gated_token: str | None = None  # gated: only this token may download


@dataclass
class Hub:
    repos: dict[str, Repo] = field(default_factory=dict)
    cut_after: dict[str, int] = field(default_factory=dict)  # file name -> bytes sent before dropping, once
    corrupt: set[str] = field(default_factory=set)  # file names served with one byte flipped
    requests: list[tuple[str, str, str | None]] = field(default_factory=list)  # (method, path, Range)
    connections: list = field(default_factory=list)  # open sockets, closed when the server stops
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, repo_id: str, folder: Path, *, gated_token: str | None = None) -> str:
        commit = hashlib.sha1(repo_id.encode() + b"|" + str(folder).encode()).hexdigest()
        self.repos[repo_id] = Repo(Path(folder), commit, gated_token)
        return commit


def _blob_id(data: bytes) -> str:
    return hashlib.sha1(f"blob {len(data)}\0".encode() + data).hexdigest()


def _siblings(folder: Path) -> list[dict]:
    out = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        data = path.read_bytes()
        entry = {"rfilename": path.relative_to(folder).as_posix(), "size": len(data)}
        if len(data) >= _LFS_MIN:
            sha = hashlib.sha256(data).hexdigest()
            entry["blobId"] = _blob_id(
                f"version https://git-lfs.github.com/spec/v1\noid sha256:{sha}\n".encode()
            )
            entry["lfs"] = {"size": len(data), "sha256": sha, "pointerSize": 134}
        else:
            entry["blobId"] = _blob_id(data)
        out.append(entry)
    return out


def make_handler(hub: Hub):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # quiet
            pass

        def setup(self) -> None:
            super().setup()
            with hub.lock:
                hub.connections.append(self.connection)

        def _error(self, status: int, code: str, message: str) -> None:
            body = json.dumps({"error": message}).encode()
            self.send_response(status)
            self.send_header("X-Error-Code", code)
            self.send_header("X-Error-Message", message)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def _repo(self, repo_id: str) -> Repo | None:
            repo = hub.repos.get(repo_id)
            if repo is None:
                self._error(401, "RepoNotFound", "Repository Not Found")
                return None
            if repo.gated_token and self.headers.get("Authorization") != f"Bearer {repo.gated_token}":
                self._error(401, "GatedRepo", f"Access to model {repo_id} is restricted.")
                return None
            return repo

        def do_HEAD(self) -> None:
            self.do_GET()

        def do_GET(self) -> None:
            with hub.lock:
                hub.requests.append((self.command, self.path, self.headers.get("Range")))
            path = self.path.split("?", 1)[0]
            if m := re.match(r"^/api/models/([^/]+/[^/]+)/revision/([^/]+)$", path):
                repo = self._repo(m.group(1))
                if repo is None:
                    return
                body = json.dumps({"id": m.group(1), "sha": repo.commit, "siblings": _siblings(repo.folder)})
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)
                return
            if m := re.match(
                r"^/api/models/([^/]+/[^/]+)/tree/([^/]+)$", path
            ):  # huggingface_hub 2.x lists here
                repo = self._repo(m.group(1))
                if repo is None:
                    return
                tree = []
                for sib in _siblings(repo.folder):
                    entry = {
                        "type": "file",
                        "path": sib["rfilename"],
                        "size": sib["size"],
                        "oid": sib["blobId"],
                    }
                    if "lfs" in sib:
                        entry["lfs"] = {"oid": sib["lfs"]["sha256"], "size": sib["size"], "pointerSize": 134}
                    tree.append(entry)
                data = json.dumps(tree).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)
                return
            if m := re.match(r"^/([^/]+/[^/]+)/resolve/([^/]+)/(.+)$", path):
                repo = self._repo(m.group(1))
                if repo is None:
                    return
                name = m.group(3)
                file = repo.folder / name
                if not file.is_file():
                    self._error(404, "EntryNotFound", f"{name} does not exist")
                    return
                data = file.read_bytes()
                etag = hashlib.sha256(data).hexdigest()
                if name in hub.corrupt:
                    data = bytes([data[0] ^ 0xFF]) + data[1:]
                start = 0
                if rng := re.match(r"bytes=(\d+)-$", self.headers.get("Range") or ""):
                    start = int(rng.group(1))
                body = data[start:]
                self.send_response(206 if start else 200)
                self.send_header("X-Repo-Commit", repo.commit)
                self.send_header("ETag", f'"{etag}"')
                self.send_header("X-Linked-Etag", f'"{etag}"')
                self.send_header("X-Linked-Size", str(len(data)))
                self.send_header("Accept-Ranges", "bytes")
                self.send_header("Content-Length", str(len(body)))
                if start:
                    self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
                self.end_headers()
                if self.command == "HEAD":
                    return
                with hub.lock:
                    cut = hub.cut_after.pop(name, None)
                if cut is not None:  # send part of the body, then drop the connection (a network failure)
                    self.wfile.write(body[:cut])
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                self.wfile.write(body)
                return
            self._error(404, "EntryNotFound", "not found")

    return Handler


class HubServer:
    """``with HubServer(hub) as endpoint:`` serves ``hub`` on 127.0.0.1 at a free port."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(hub))
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> str:
        self.thread.start()
        return self.endpoint

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        with self.hub.lock:  # kept-alive client connections would hold their handler threads open
            for conn in self.hub.connections:
                try:
                    conn.shutdown(2)
                except OSError:
                    pass
        self.httpd.server_close()
        self.thread.join(timeout=5)
