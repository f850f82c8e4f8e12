"""Every value a command line names is checked before any engine starts (issue 34): a missing or foreign index, a
folder where a file belongs, a model that does not exist, no draft for ``--speculative draft``. Each ends as
``alcove: <what is wrong>`` with exit status 2, in a fresh process, within a second on a quiet machine (they used to
take 19-33 s, after the models loaded).

What is timed is the command's own CPU time (user + system), which other tests running beside it do not stretch;
its wall time is held to 3 s too whenever the machine has a core to spare for it."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.index import index_paths
from tests.engine.index.index_fakes import HashEmbedder
from tests.tiny_models import make_tiny_model

ROOT = Path(__file__).resolve().parents[3]
CPU_LIMIT_S = 1.5  # measured 0.4-0.7 s (bytecode cached)
WALL_LIMIT_S = 3.0


@dataclass(frozen=True)
class Ran:
    done: subprocess.CompletedProcess
    cpu_s: float
    wall_s: float
    quiet: bool  # the load average left a core free while it ran

    def assert_quick(self, factor: float = 1.0) -> None:
        assert self.cpu_s < factor * CPU_LIMIT_S, f"{self.cpu_s:.2f} s of CPU"
        if self.quiet:
            assert self.wall_s < factor * WALL_LIMIT_S, f"{self.wall_s:.1f} s"


@pytest.fixture(scope="module")
def environment(tmp_path_factory):
    """The commands' environment, with a bytecode cache they share and fill first, as an installed app has one
    (else each command compiles some 100 modules, ~0.6 s)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path_factory.mktemp("pycache"))
    warm = "import app.cli.main, app.cli.generate, app.cli.index, app.cli.models, app.cli.rag"
    subprocess.run([sys.executable, "-c", warm], cwd=ROOT, env=env, check=True, timeout=300)
    return env


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """An index (of one file), a folder, a foreign file and a tiny chat model, for the command lines below."""
    root = tmp_path_factory.mktemp("early")
    docs = root / "docs"
    docs.mkdir()
    (docs / "tides.txt").write_text("The tides rise and fall twice a day.\n")
    list(index_paths([str(docs)], str(root / "index.sqlite3"), HashEmbedder()))
    (root / "notes.txt").write_text("not a database\n")
    make_tiny_model(root / "tiny", "llama")
    return root


@pytest.fixture
def alcove(environment):
    env = environment | {k: os.environ[k] for k in ("ALCOVE_HOME", "HF_HUB_CACHE")}  # this test's own

    def run(argv: list[str]) -> Ran:
        before, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "app.cli", *argv], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120)  # fmt: skip
        wall, after = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        return Ran(done, cpu, wall, os.getloadavg()[0] < (os.cpu_count() or 1) - 1)

    return run


CASES = [
    # (command line; {root} is the fixture's folder), what the message says
    (["ask", "q", "--db", "/etc/passwd"], "not an Alcove index"),
    (["ask", "q", "--db", "{root}"], "is a folder, not an index file"),
    (["ask", "q", "--db", "{root}/missing.sqlite3"], "There is no index at"),
    (["ask", "q"], "The app's index"),  # the app's own index, never built in this ALCOVE_HOME
    (["ask", "q", "--db", "{root}/index.sqlite3", "--model", "{root}/no-such-model"], "--model"),
    (["ask", "q", "--db", "{root}/index.sqlite3", "--model", "nobody/no-such-repo"], "Hugging Face cache"),
    (["ask", "q", "--db", "{root}/index.sqlite3", "--embedder", "{root}/nothing"], "--embedder"),
    (["ask", "q", "--db", "{root}/index.sqlite3", "--reranker", "{root}/nothing"], "--reranker"),
    (["ask", "   ", "--db", "{root}/index.sqlite3"], "The question is empty"),
    (["search", "q", "--db", "{root}/notes.txt"], "not an Alcove index"),
    (["search", "q", "--db", "{root}/missing.sqlite3"], "There is no index at"),
    (["search", "q", "--db", "{root}/index.sqlite3", "--embedder", "{root}/nothing"], "--embedder"),
    (["rerank", "q", "--db", "{root}/index.sqlite3", "--model", "{root}/nothing"], "--model"),
    (["rerank", "q", "--candidates", "{root}/missing.jsonl"], "cannot be read"),
    (["rerank", "q", "--candidates", "{root}/notes.txt"], "not valid JSON"),
    (["index", "{root}/docs", "--db", "/etc/passwd"], "not an Alcove index"),
    (["index", "{root}/docs", "--db", "{root}"], "is a folder, not an index file"),
    (["index", "{root}/docs", "--db", "{root}/notes.txt/i.sqlite3"], "cannot be created"),
    (["index", "{root}/docs", "--embedder", "{root}/nothing", "--db", "{root}/new.sqlite3"], "--embedder"),
    (["generate", "--prompt", "x", "--model", "{root}/no-such-model"], "does not exist"),
    (["generate", "--prompt", "x", "--model", "{root}/missing.gguf"], "GGUF file"),
    (
        [
            "generate",
            "--prompt",
            "x",
            "--model",
            "{root}/tiny",
            "--draft-model",
            "{root}/nothing",
            "--speculative",
            "draft",
        ],
        "--draft-model",
    ),  # fmt: skip
    (
        ["generate", "--prompt", "x", "--model", "{root}/tiny", "--transform", "{root}/none.yaml"],
        "--transform",
    ),
    (["generate", "--prompt", "x", "--dtype", "float8"], "--dtype"),
    (["bench", "--model", "{root}/no-such-model"], "--model"),
    (["models", "import", "{root}/missing.gguf"], "no such file"),
    (["serve", "--port", "99999"], "the server's own command"),
]


@pytest.mark.parametrize(
    "argv, message", CASES, ids=lambda v: " ".join(v)[:60] if isinstance(v, list) else None
)
def test_a_bad_value_is_exit_2_within_a_second_or_so(made, alcove, argv, message):
    ran = alcove([a.replace("{root}", str(made)) for a in argv])
    assert ran.done.returncode == 2, ran.done.stderr
    assert ran.done.stderr.startswith("alcove: ") and message in ran.done.stderr, ran.done.stderr
    assert "Traceback" not in ran.done.stderr and ran.done.stdout == ""
    ran.assert_quick()


def test_a_foreign_file_given_as_the_index_is_left_untouched(made, alcove):
    before = (made / "notes.txt").read_bytes()
    done = alcove(["index", str(made / "docs"), "--db", str(made / "notes.txt")]).done
    assert done.returncode == 2 and "not an Alcove index" in done.stderr
    assert (made / "notes.txt").read_bytes() == before


def test_speculative_draft_with_no_local_draft_is_refused_before_loading(made, alcove):
    """The draft is looked for in the tokenizers of the local models (none here): no model loads first."""
    ran = alcove(["generate", "--prompt", "x", "--model", str(made / "tiny"), "--speculative", "draft"])
    assert ran.done.returncode == 2 and "no local model can draft" in ran.done.stderr, ran.done.stderr
    ran.assert_quick(factor=2)  # it reads tokenizers (transformers' import) before it refuses


def test_a_bad_value_with_json_is_a_json_error(made, alcove):
    done = alcove(["search", "q", "--db", str(made / "missing.sqlite3"), "--json"]).done
    assert done.returncode == 2 and done.stdout.startswith('{"error": "There is no index at')
