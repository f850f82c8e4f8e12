"""The models the engine holds, one per role (chat, draft, embedder, reranker): loading one (an atomic swap that
restores the old model when the new one fails), releasing one, and a snapshot of what is loaded that any thread may
read. Engine-thread only, but for ``infos`` and ``batch_reason``."""

from __future__ import annotations

import gc
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import AlcoveError, ModelLoadError, NoModelLoadedError, Role
from engine.generation import batchable
from engine.index import forget_image_vectors, forget_vectors
from engine.models import files_stamp, release_wired_memory
from engine.runtime.registry import fingerprint, identify, load_for_role, validate_for_role
from engine.runtime.scheduler import assert_engine_thread
from engine.speculative import same_tokenizer

log = logging.getLogger(__name__)

NO_CHAT = "no chat model is loaded"


@dataclass
class Slot:
    """A loaded model, what it is, and how it was asked for (to skip a second load and to restore it)."""

    loaded: Any
    info: Any
    identity: Any
    dtype: str | None
    transform: str | None
    batch_reason: str | None = "the chat model has not been checked"  # why it cannot decode in a batch


class RoleSlots:
    """role -> Slot. ``store`` is the engine's prompt-cache store (a released model's caches are dropped)."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self._slots: dict[str, Slot] = {}  # engine thread only
        self._lock = threading.Lock()
        self._infos: dict[str, Any] = {}  # role -> ModelInfo, for any thread (under _lock)
        self._held: dict[
            str, Slot
        ] = {}  # role -> the loaded slot, for ``current`` on any thread (under _lock)
        self._batch_reason: str | None = NO_CHAT  # the chat slot's, for any thread
        # The tokenizer of the last language model released (one, small next to its weights), keyed by its
        # folder's tokenizer files: loading the same model again reuses it. Building a tokenizer holds the GIL in
        # long C calls (tokenizer.json parsed twice, the Rust tokenizer built, the vocabulary copied to Python
        # several times) and the window stalls meanwhile.
        self._spare: tuple[tuple, Any] | None = None
        self._tokenizer_keys: dict[str, tuple] = {}  # role -> its tokenizer files as they were when it loaded

    def infos(self) -> dict[str, Any]:
        with self._lock:
            return dict(self._infos)

    def batch_reason(self) -> str | None:
        """Why the chat model cannot decode in a batch (None: it can)."""
        with self._lock:
            return self._batch_reason

    def current(self, spec: str, role: str, dtype: str | None, transform: str | None) -> Any | None:
        """The role's ModelInfo when it holds ``spec`` asked the same way and the folder's files are unchanged;
        None otherwise. Any thread: it never waits for the engine thread (a server's batch may be running)."""
        with self._lock:
            slot = self._held.get(role)
        if (
            slot is None
            or transform
            or slot.transform
            or (slot.identity.spec, slot.dtype) != (str(spec), dtype)
        ):
            return None
        if fingerprint(Path(slot.identity.path)) != slot.identity.files:
            return None
        return slot.info

    def get(self, role: str) -> Any:
        """The loaded object for ``role``; NoModelLoadedError when none is."""
        slot = self._slots.get(role)
        if slot is None:
            raise NoModelLoadedError(f"No {role} model is loaded. Load one first (alcove models list).")
        return slot.loaded

    def slot(self, role: str) -> Slot | None:
        return self._slots.get(role)

    def roles(self) -> list[str]:
        return list(self._slots)

    def model_bytes(self) -> int:
        return int(sum(getattr(s.info, "bytes", 0) or 0 for s in self._slots.values()))

    def load(self, spec: str, role: str, dtype: str | None, transform: str | None, reload: bool):
        assert_engine_thread("RoleSlots.load")
        old = self._slots.get(role)
        still = f" The {role} model {old.info.name} is still loaded." if old is not None else ""
        try:
            identity, where = identify(spec, role, dtype=dtype, transform=transform)
            if old is not None and old.identity == identity and not reload:
                return old.info
            validate_for_role(where, role, transform=transform)
        except AlcoveError as exc:
            raise type(exc)(f"{exc}{still}") from exc
        old = None
        prev = self.release(role)
        try:
            shared = self._chat_tokenizer_for(where) if role == Role.DRAFT else None
            tkey = _tokenizer_key(Path(where.path)) if hasattr(where, "path") else None
            if shared is None and tkey is not None and self._spare is not None and self._spare[0] == tkey:
                log.info("reusing the tokenizer of %s", where.path)
                shared = self._spare[1]
            loaded, info = load_for_role(where, role, dtype=dtype, transform=transform, tokenizer=shared)
        except Exception as exc:  # noqa: BLE001 - any failure (MLX errors too) must not leave the role empty
            if prev is not None:
                raise self._restore(role, prev, exc) from exc
            if isinstance(exc, AlcoveError):
                raise
            raise ModelLoadError(f"The {role} model could not be loaded: {exc}") from exc
        self._put(role, Slot(loaded, info, identity, dtype, transform))
        if tkey is not None:
            self._tokenizer_keys[role] = tkey
        return info

    def _chat_tokenizer_for(self, where: Any) -> Any:
        """The chat model's tokenizer when the draft's files hold the same one: loading a 150k-token tokenizer
        again holds the GIL for seconds (the window froze during draft loads), and a draft only sees token ids."""
        chat = self._slots.get(Role.CHAT)
        tok = getattr(getattr(chat, "loaded", None), "tokenizer", None)
        path = getattr(where, "path", None)
        if tok is None or path is None or not same_tokenizer(chat.info.path, path):
            return None
        return tok

    def _keep_spare(self, role: str, slot: Slot) -> None:
        tok, key = getattr(slot.loaded, "tokenizer", None), self._tokenizer_keys.pop(role, None)
        if tok is not None and key is not None and getattr(slot.info, "kind", None) == "lm":
            self._spare = (key, tok)

    def _put(self, role: str, slot: Slot) -> None:
        if role == Role.CHAT:
            slot.batch_reason = batchable(slot.loaded)
        self._slots[role] = slot
        with self._lock:
            self._infos[role] = slot.info
            self._held[role] = slot
            if role == Role.CHAT:
                self._batch_reason = slot.batch_reason

    def _restore(self, role: str, prev: Slot, exc: Exception) -> AlcoveError:
        """After a failed swap: load the previous model again (it was released to make room for the new one)."""
        gc.collect()
        try:
            _, where = identify(prev.identity.spec, role, dtype=prev.dtype, transform=prev.transform)
            loaded, info = load_for_role(where, role, dtype=prev.dtype, transform=prev.transform)
        except Exception as again:  # noqa: BLE001
            log.error("could not reload the previous %s model %s: %s", role, prev.info.name, again)
            return ModelLoadError(
                f"{exc} The previous {role} model, {prev.info.name}, could not be loaded again ({again}); "
                f"no {role} model is loaded."
            )
        self._put(role, Slot(loaded, info, prev.identity, prev.dtype, prev.transform))
        log.info("the %s model %s was loaded again after a failed swap", role, info.name)
        return ModelLoadError(f"{exc} The previous {role} model, {info.name}, was loaded again.")

    def unload(self, role: str) -> bool:
        assert_engine_thread("RoleSlots.unload")
        if role not in self._slots:
            return False
        self.release(role)
        return True

    def release(self, role: str) -> Slot | None:
        """Drop the role's model and everything that refers to it, then give MLX's buffers back. Returns how to
        load it again (what it was, not the object)."""
        import mlx.core as mx  # deferred with every MLX import here: engine.core must import without MLX

        slot = self._slots.pop(role, None)
        if slot is None:
            return None
        with self._lock:
            self._infos.pop(role, None)
            self._held.pop(role, None)
            if role == Role.CHAT:
                self._batch_reason = NO_CHAT
        key = getattr(slot.loaded, "key", None)
        if key:
            self._store.drop_model(key)
        if role == "embedder":
            forget_vectors()  # matrices of indexes built with it: useless without it, rebuilt on the next search
        elif role == "image":
            forget_image_vectors()  # the index's picture vectors, likewise
        again = Slot(None, slot.info, slot.identity, slot.dtype, slot.transform)
        self._keep_spare(role, slot)
        before = mx.get_active_memory()
        weights = _weights_of(slot.loaded)
        slot.loaded = None
        del slot
        while weights:  # one array freed at a time: freeing them all in one cascade holds the GIL throughout
            weights.pop()
        # A full collection holds the GIL for 0.1 s or more (the window stalls): only when dropping the model
        # did not give its weights back, i.e. a reference cycle still holds them.
        if before - mx.get_active_memory() < 0.9 * (getattr(again.info, "bytes", 0) or 0):
            gc.collect()
        mx.clear_cache()
        if not self._slots:
            release_wired_memory()
        return again


def _weights_of(loaded: Any) -> list[Any]:
    """The MLX arrays a loaded model holds (a language model's or an encoder's), to free them one by one."""
    from mlx.utils import tree_flatten

    for attr in ("model", "encoder"):
        module = getattr(loaded, attr, None)
        tree = getattr(module, "params", None)
        if not isinstance(tree, dict) and callable(getattr(module, "parameters", None)):
            tree = module.parameters()
        if isinstance(tree, dict):
            return [v for _, v in tree_flatten(tree)]
    return []


def _tokenizer_key(folder: Path) -> tuple:
    """A folder's tokenizer files as they are now: a changed file makes a different tokenizer."""
    files = [folder / "config.json", folder / "generation_config.json"]
    files += sorted(folder.glob("tokenizer*")) + sorted(folder.glob("*token*map*.json"))
    files += sorted(folder.glob("chat_template*"))
    return files_stamp(folder, files)
