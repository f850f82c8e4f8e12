import pytest


@pytest.fixture(autouse=True)
def _capability_cache_in_tmp(tmp_path, monkeypatch):
    """The capability check's on-disk verdicts go to a fresh folder per test, never the user's cache."""
    folder = tmp_path / "alcove-cache"
    monkeypatch.setattr("engine.rag.capability.cache_dir", lambda: folder)
    return folder
