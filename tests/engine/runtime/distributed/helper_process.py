"""``alcove node`` in its own process, as the user runs it, and the tiny qwen2 model the two-process tests split."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

CODE = "H9TEST-CODE"
ROOT = Path(__file__).resolve().parents[4]


def ring_unavailable() -> str | None:
    import mlx.core as mx

    if not mx.distributed.is_available():
        return "this MLX build has no distributed backends (mx.distributed.is_available() is False)"
    return None


def make_qwen2(folder: Path, seed: int, layers: int = 4) -> Path:
    from tests.tiny_models import make_tiny_model

    return make_tiny_model(folder, "llama", seed=seed, model_type="qwen2", architectures=["Qwen2ForCausalLM"],
                           num_hidden_layers=layers)  # fmt: skip


def single_process_greedy(folder: Path, prompt: list[int], n: int) -> list[int]:
    """The reference: mlx-lm's own generate_step over the whole model in this process."""
    import mlx.core as mx
    from mlx_lm.generate import generate_step
    from mlx_lm.utils import load_model

    model, _ = load_model(folder)
    return [int(tok) for tok, _ in generate_step(mx.array(prompt), model, max_tokens=n)]


class NodeProcess:
    """``alcove node`` in its own process; ``listen`` may fix the port (a helper restarted where it was)."""

    def __init__(self, models: list[Path], log_path: Path, listen: str = "127.0.0.1:0", extra: tuple = ()):
        self.log_path = log_path
        self.log = log_path.open("w")
        args = [sys.executable, "-m", "app.cli", "node", "--listen", listen, "--code", CODE, *extra]
        for m in models:
            args += ["--model", str(m)]
        self.proc = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=self.log, text=True)
        deadline = time.monotonic() + 120
        self.address = None
        while time.monotonic() < deadline and self.address is None:
            line = self.proc.stdout.readline()
            if not line:
                break
            m = re.search(r"listening on (\S+)", line)
            if m:
                self.address = m.group(1)
        assert self.address, f"the node did not start: {log_path.read_text()}"

    def children(self) -> list[int]:
        out = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                out.append(int(stat.parent.name))
        return out

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
