"""Tests that need a Mac with Apple silicon (Metal, the Keychain, the cocoa platform plugin). Collected everywhere so
they show as skipped, with the reason, on Linux; the macOS CI workflow (.github/workflows/macos.yml) runs them."""

import platform
import sys

import pytest

ON_APPLE_SILICON = sys.platform == "darwin" and platform.machine() == "arm64"


def pytest_collection_modifyitems(config, items):
    skip = pytest.mark.skip(reason="needs macOS on Apple silicon (Metal, Keychain, cocoa); run by macos.yml")
    for item in items:
        if "tests/mac/" in item.nodeid.replace("\\", "/") and not ON_APPLE_SILICON:
            item.add_marker(skip)
