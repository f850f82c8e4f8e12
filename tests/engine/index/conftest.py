"""What the reader tests share as fixtures: this computer's time zone set for a test (a reader writes times in it)."""

from __future__ import annotations

import time

import pytest


@pytest.fixture
def time_zone(monkeypatch):
    """Set the process's time zone for the test: ``time_zone("UTC")``; undone after it."""

    def set_zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield set_zone
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def utc(time_zone):
    """The test runs in UTC."""
    time_zone("UTC")
