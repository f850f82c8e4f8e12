import pytest

from tests.tiny_models import make_tiny_model


@pytest.fixture(scope="session")
def tiny_llama(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("llama"), "llama")


@pytest.fixture(scope="session")
def tiny_qwen3(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("qwen3"), "qwen3")


@pytest.fixture(scope="session")
def tiny_gemma3(tmp_path_factory):
    return make_tiny_model(tmp_path_factory.mktemp("gemma3"), "gemma3")


@pytest.fixture(scope="session")
def tiny_models(tiny_llama, tiny_qwen3, tiny_gemma3):
    return {"llama": tiny_llama, "qwen3": tiny_qwen3, "gemma3": tiny_gemma3}


@pytest.fixture
def engine():
    from engine.runtime.engine import Engine

    eng = Engine()
    yield eng
    eng.shutdown()
