"""Download a model repo from the Hugging Face hub into the HF cache, with byte progress and cancel (no Qt).

``huggingface_hub.snapshot_download`` reports bytes through the ``tqdm_class`` it is given; ours forwards them to a
callback and raises ``DownloadCancelled`` from inside the transfer as soon as the cancel flag is set. Run it on a
worker thread (``Bridge.call``). The token is passed through, never logged.
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Callable
from pathlib import Path

from engine.core import AlcoveError

log = logging.getLogger(__name__)

# Weights and what loading needs; skip other formats (PyTorch .bin, ONNX, GGUF duplicates) to save space.
ALLOW_PATTERNS = ["*.json", "*.safetensors", "*.txt", "*.model", "*.jinja", "tokenizer*", "*.py"]


class DownloadCancelled(AlcoveError):
    """The user cancelled a download (partial files stay in the cache and resume next time)."""


class DownloadError(AlcoveError):
    """A download could not be completed."""


def download_model(
    repo_id: str,
    *,
    token: str | None,
    progress: Callable[[int, int], None],
    cancel: threading.Event,
    cache_dir: Path | None = None,
) -> Path:
    """Fetch ``repo_id``; ``progress(done_bytes, total_bytes)`` is called from the transfer threads."""
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import (
        GatedRepoError,
        HfHubHTTPError,
        LocalEntryNotFoundError,
        OfflineModeIsEnabled,
        RepositoryNotFoundError,
    )
    from tqdm.std import tqdm

    class _Progress(tqdm):
        monitor_interval = 0  # no tqdm monitor thread

        def __init__(self, *args, **kwargs) -> None:
            kwargs.pop("name", None)
            kwargs["file"] = io.StringIO()  # nothing on stderr
            super().__init__(*args, **kwargs)

        def update(self, n: float | None = 1):
            if cancel.is_set():
                raise DownloadCancelled(f"The download of {repo_id} was cancelled.")
            out = super().update(n)
            if self.unit == "B" and str(self.desc).startswith("Reconstruct"):
                progress(int(self.n), int(self.total or 0))
            return out

    repo_id = repo_id.strip()
    if "/" not in repo_id:
        raise DownloadError(
            f"“{repo_id}” is not a repository id. Use the form owner/name, e.g. mlx-community/…"
        )
    try:
        path = snapshot_download(
            repo_id,
            token=token or None,
            cache_dir=str(cache_dir) if cache_dir else None,
            allow_patterns=ALLOW_PATTERNS,
            tqdm_class=_Progress,
            max_workers=4,
        )
    except DownloadCancelled:
        raise
    except (OfflineModeIsEnabled, LocalEntryNotFoundError) as exc:
        raise DownloadError(
            f"{repo_id} could not be downloaded: this Mac is offline or downloads are disabled "
            f"(HF_HUB_OFFLINE). Connect to the internet and try again. ({type(exc).__name__})"
        ) from exc
    except GatedRepoError as exc:
        raise DownloadError(
            f"{repo_id} is gated: accept its licence on huggingface.co and save your access token in Settings."
        ) from exc
    except RepositoryNotFoundError as exc:
        raise DownloadError(f"{repo_id} was not found on the Hugging Face hub. Check the name.") from exc
    except (HfHubHTTPError, OSError) as exc:
        raise DownloadError(f"{repo_id} could not be downloaded: {exc}") from exc
    log.info("downloaded %s to %s", repo_id, path)
    return Path(path)
