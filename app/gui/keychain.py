"""The Hugging Face token in the system keychain, through ``keyring``, with errors the user can act on.

Inside an app bundle keyring's entry-point discovery can miss the macOS backend, so on macOS the Keychain backend
is chosen explicitly (``use_system_keyring``). An app opened from Finder gets no shell environment, so the token
lives here rather than in ``HF_TOKEN``. Every keyring failure becomes a ``KeychainError`` whose message says what
to do; nothing here runs at import time.
"""

from __future__ import annotations

import logging
import sys

from engine.core import AlcoveError

log = logging.getLogger(__name__)

SERVICE = "Alcove"
HF_USER = "huggingface-token"
SERVER_USER = "server-api-key"  # the optional key of "Serve models on this Mac"

_chosen = False


class KeychainError(AlcoveError):
    """The system keychain could not be read or written."""


def use_system_keyring() -> str:
    """Pick the backend once (the macOS Keychain on macOS; keyring's own choice elsewhere); returns its name."""
    global _chosen
    import keyring

    if not _chosen and sys.platform == "darwin":
        try:
            from keyring.backends import macOS

            keyring.set_keyring(macOS.Keyring())
        except Exception as exc:  # noqa: BLE001 - any failure here must become a message, not a crash
            raise KeychainError(
                f"Alcove could not open the macOS Keychain ({type(exc).__name__}: {exc}). "
                "Your Hugging Face token cannot be saved; downloads of gated models will ask for it again."
            ) from exc
    _chosen = True
    backend = keyring.get_keyring()
    return f"{type(backend).__module__}.{type(backend).__name__}"


def _explain(action: str, exc: BaseException) -> KeychainError:
    from keyring.errors import KeyringLocked, NoKeyringError

    if isinstance(exc, NoKeyringError):
        hint = "No keychain is available on this system; the token is not stored (set HF_TOKEN instead)."
    elif isinstance(exc, KeyringLocked):
        hint = "The keychain is locked. Unlock it (log in again or open Keychain Access) and retry."
    else:
        hint = "Check Keychain Access for an 'Alcove' entry, or set HF_TOKEN in the environment instead."
    return KeychainError(
        f"Alcove could not {action} your Hugging Face token in the keychain ({type(exc).__name__}). {hint}"
    )


def get_token() -> str | None:
    """The stored Hugging Face token, or None when none is stored. Raises KeychainError when the keychain fails."""
    use_system_keyring()
    import keyring

    try:
        return keyring.get_password(SERVICE, HF_USER) or None
    except Exception as exc:  # noqa: BLE001 - backends raise their own types (dbus, Security framework...)
        log.info("keychain read failed: %s", type(exc).__name__)
        raise _explain("read", exc) from exc


def set_token(token: str | None) -> None:
    """Store ``token``; an empty or None token removes the stored one. Raises KeychainError on failure."""
    use_system_keyring()
    import keyring
    from keyring.errors import PasswordDeleteError

    try:
        if token:
            keyring.set_password(SERVICE, HF_USER, token)
        else:
            try:
                keyring.delete_password(SERVICE, HF_USER)
            except PasswordDeleteError:
                pass  # nothing was stored
    except Exception as exc:  # noqa: BLE001
        log.info("keychain write failed: %s", type(exc).__name__)
        raise _explain("save" if token else "remove", exc) from exc


def get_server_key() -> str | None:
    """The stored key of the local model server, or None. Raises KeychainError when the keychain fails."""
    use_system_keyring()
    import keyring

    try:
        return keyring.get_password(SERVICE, SERVER_USER) or None
    except Exception as exc:  # noqa: BLE001
        raise KeychainError(f"Alcove could not read the server's API key from the keychain ({type(exc).__name__})."
                            " Unlock the keychain, or leave the key empty.") from exc  # fmt: skip


def set_server_key(key: str | None) -> None:
    """Store the server's key; an empty one removes it. Raises KeychainError on failure."""
    use_system_keyring()
    import keyring
    from keyring.errors import PasswordDeleteError

    try:
        if key:
            keyring.set_password(SERVICE, SERVER_USER, key)
        else:
            try:
                keyring.delete_password(SERVICE, SERVER_USER)
            except PasswordDeleteError:
                pass
    except Exception as exc:  # noqa: BLE001
        raise KeychainError(f"Alcove could not save the server's API key in the keychain ({type(exc).__name__})."
                            " Unlock the keychain (Keychain Access) and try again.") from exc  # fmt: skip
