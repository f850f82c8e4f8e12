import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
if os.environ.get("PYTEST_XDIST_WORKER"):
    # One worker per core (pyproject's `-n 2`): a worker's BLAS/OpenMP threads would only contend with the other
    # worker's, and idle OpenBLAS threads spin. Set before OpenBLAS or torch is loaded; subprocesses inherit it.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")

from engine.core.blas import preload_blas  # noqa: E402

preload_blas()  # before anything imports mlx.core
import pytest  # noqa: E402

from tests.tiny_models import make_tiny_model  # noqa: E402

# Tests whose parametrised cases are independent parts of one slow check: with xdist each case is a work unit of its
# own, so the parts run on both workers (every other test runs on the worker that runs the rest of its file).
SPREAD = {"tests/engine/speculative/test_speculative_smollm2.py::test_greedy_identity_on_smollm2"}


def pytest_configure(config):
    if hasattr(config, "workerinput"):
        return
    root = Path(__file__).resolve().parents[1]
    for test in SPREAD:  # one that was renamed or moved would run whole on one worker again: say so
        path, name = test.split("::")
        if not (root / path).is_file() or f"def {name}(" not in (root / path).read_text(encoding="utf-8"):
            raise pytest.UsageError(f"tests/conftest.py SPREAD names {test}, which does not exist")
    if getattr(config.option, "numprocesses", None):
        # The xdist controller, before any worker starts: unpack eval/corpus once, so that two workers never
        # unpack it into the same folder at once (eval.corpus_archive.ensure_corpus is not safe for that).
        from eval.corpus_archive import ensure_corpus

        ensure_corpus()


def _work_unit(nodeid: str) -> str:
    """What one xdist worker runs as a whole: the test (a case of a SPREAD test), else its file."""
    return nodeid if nodeid.split("[", 1)[0] in SPREAD else nodeid.split("::", 1)[0]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Work units that hold a slow or a reference test run first (stable otherwise), so that the parallel run does
    not end with one worker on a long test while the other sits idle. The same order on every worker, and without
    xdist."""
    heavy = {
        _work_unit(item.nodeid)
        for item in items
        if item.get_closest_marker("slow") or item.get_closest_marker("reference")
    }
    items.sort(key=lambda item: _work_unit(item.nodeid) not in heavy)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` (pyproject's addopts), except that each case of a SPREAD test is a unit of its own.
    A file runs whole on one worker, so its module- and session-scoped fixtures (a loaded model, a PyInstaller
    build) are built once; units are handed out in the order of pytest_collection_modifyitems above."""
    if config.getvalue("dist") != "loadfile":
        return None  # another --dist given on the command line: xdist's own
    from xdist.scheduler import LoadScopeScheduling

    class FileScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _work_unit(nodeid)

    # keep the collection order (xdist would hand out the files with the most tests first)
    config.option.loadscopereorder = False
    return FileScheduling(config, log)


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
