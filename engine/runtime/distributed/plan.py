"""The split of one model over ranks, decided before anything loads: which layers each rank runs (mlx-lm's pipeline
sharding) in proportion to each machine's free memory, and the bytes each rank will hold. Pure functions over the
safetensors headers and the free-memory figures, so the plan can be shown (and refused) before loading.

mlx-lm's convention: rank r of N runs layers [sum(split[r+1:]), sum(split[r:])), so rank N-1 runs the first layers
and rank 0 (this Mac, which samples) the last. Every rank also holds the embeddings, the final norm and the head.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import struct
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.runtime.distributed.pairing import DistributedError

_LAYER = re.compile(r"(?:^|\.)layers\.(\d+)\.")
_ITEMSIZE = {
    "F32": 4,
    "F16": 2,
    "BF16": 2,
    "I32": 4,
    "U32": 4,
    "I8": 1,
    "U8": 1,
    "F64": 8,
    "I64": 8,
    "BOOL": 1,
}


@dataclass(frozen=True)
class WeightSizes:
    layer_bytes: tuple[int, ...]  # by layer number
    shared_bytes: int  # embeddings, final norm, head: every rank holds them
    activation_itemsize: int  # bytes per element of the hidden state crossing the link


@dataclass(frozen=True)
class Plan:
    mode: str  # "pipeline"
    layers_per_rank: tuple[int, ...]  # by rank
    layer_ranges: tuple[tuple[int, int], ...]  # by rank, [start, end)
    bytes_per_rank: tuple[int, ...]
    free_bytes: tuple[int, ...]
    hidden_size: int
    activation_itemsize: int

    @property
    def ranks(self) -> int:
        return len(self.layers_per_rank)

    def bytes_sent_per_token(self) -> int:
        """Payload bytes all ranks together send per decoded token: each rank but 0 sends its hidden state on,
        the all_gather that hands the last hidden state to every rank moves N(N-1) copies of one, and the step
        broadcast moves one int32 pair per rank pair. TCP/IP headers are not counted."""
        n, h = self.ranks, self.hidden_size * self.activation_itemsize
        return (n - 1) * h + n * (n - 1) * h + n * (n - 1) * 8

    def describe(self, names: tuple[str, ...] | None = None) -> str:
        lines = []
        for r in range(self.ranks):
            who = names[r] if names else ("this Mac" if r == 0 else f"helper {r}")
            start, end = self.layer_ranges[r]
            lines.append(
                f"  rank {r} ({who}): layers {start}-{end - 1} ({self.layers_per_rank[r]}), "
                f"{_gb(self.bytes_per_rank[r])} of {_gb(self.free_bytes[r])} free"
            )
        return "\n".join(lines)

    def as_json(self) -> dict:
        return {
            "mode": self.mode,
            "layers_per_rank": list(self.layers_per_rank),
            "layer_ranges": [list(r) for r in self.layer_ranges],
            "bytes_per_rank": list(self.bytes_per_rank),
            "free_bytes": list(self.free_bytes),
            "bytes_sent_per_token": self.bytes_sent_per_token(),
        }


def _gb(n: int) -> str:
    return f"{n / 1e9:.2f} GB" if n >= 1e8 else f"{n / 1e6:.1f} MB"


def _safetensors_header(file: Path) -> dict:
    with file.open("rb") as f:
        raw = f.read(8)
        if len(raw) != 8:
            raise DistributedError(f"{file} is not a safetensors file.")
        (size,) = struct.unpack("<Q", raw)
        if size > 100 << 20:
            raise DistributedError(f"{file} has an implausible header ({size} bytes).")
        return json.loads(f.read(size))


def weight_sizes(folder: str | Path, num_layers: int) -> WeightSizes:
    """Bytes of each layer and of the shared weights, from the safetensors headers (no tensor is read)."""
    folder = Path(folder)
    files = sorted(folder.glob("*.safetensors"))
    if not files:
        raise DistributedError(f"{folder} has no safetensors weights (a split needs an MLX/HF model folder).")
    layers = [0] * num_layers
    shared, itemsize = 0, 4
    for file in files:
        for name, info in _safetensors_header(file).items():
            if name == "__metadata__":
                continue
            start, end = info["data_offsets"]
            m = _LAYER.search(name)
            if m is None:
                shared += end - start
                if name.endswith("embed_tokens.weight"):
                    itemsize = _ITEMSIZE.get(info["dtype"], 4)
            elif int(m.group(1)) < num_layers:
                layers[int(m.group(1))] += end - start
    return WeightSizes(tuple(layers), shared, itemsize)


def pipeline_support(config: dict) -> str | None:
    """None when mlx-lm can pipeline this family; else why not, in words."""
    # deferred: mlx-lm costs seconds to import, and the plan's other functions (and alcove node) never need it
    from mlx_lm.models.pipeline import PipelineMixin
    from mlx_lm.utils import MODEL_REMAPPING

    model_type = config.get("model_type", "")
    name = MODEL_REMAPPING.get(model_type, model_type)
    try:
        module = importlib.import_module(f"mlx_lm.models.{name}")
    except ImportError:
        return f"mlx-lm has no model class for {model_type!r}."
    if any(
        isinstance(v, type) and v is not PipelineMixin and issubclass(v, PipelineMixin)
        for v in vars(module).values()
    ):
        return None
    tensor = (
        " (it offers tensor parallelism for it, which Alcove does not use yet)"
        if hasattr(getattr(module, "Model", None), "shard")
        else ""
    )
    return (
        f"mlx-lm cannot split {model_type!r} models by layers{tensor}; families it can split include qwen2."
    )


def plan_pipeline(
    sizes: WeightSizes, free_bytes: list[int] | tuple[int, ...], hidden_size: int, *, headroom: float = 0.9
) -> Plan:
    """Layers per rank in proportion to each rank's free memory (after the shared weights), at least one each,
    every rank within ``headroom`` of its free memory; DistributedError when no split fits."""
    n_layers, n = len(sizes.layer_bytes), len(free_bytes)
    if n < 1:
        raise DistributedError("A plan needs at least one rank.")
    if n_layers < n:
        raise DistributedError(
            f"The model has {n_layers} layers, fewer than the {n} machines to split it over."
        )
    room = [int(f * headroom) - sizes.shared_bytes for f in free_bytes]
    if any(r <= 0 for r in room):
        poor = [i for i, r in enumerate(room) if r <= 0]
        raise DistributedError(
            f"Rank {poor[0]} has {_gb(free_bytes[poor[0]])} free, not enough even for the embeddings and head "
            f"({_gb(sizes.shared_bytes)})."
        )
    total = sum(sizes.layer_bytes)
    # Walk the layers in order (rank n-1 first): each rank takes layers until it reaches its share of the bytes.
    shares = [total * r / sum(room) for r in room]
    counts = [0] * n
    order = list(range(n - 1, -1, -1))
    layer = 0
    for i, rank in enumerate(order):
        left_ranks = len(order) - i - 1
        held = 0
        while layer < n_layers - left_ranks:
            nxt = sizes.layer_bytes[layer]
            # take the layer when it brings the rank closer to its share (always the first)
            if counts[rank] and abs(held + nxt - shares[rank]) > abs(held - shares[rank]) and left_ranks:
                break
            held += nxt
            counts[rank] += 1
            layer += 1
        if not left_ranks:
            counts[rank] += n_layers - layer
            layer = n_layers
    ranges, start = [None] * n, 0
    for rank in order:
        ranges[rank] = (start, start + counts[rank])
        start += counts[rank]
    held = [sizes.shared_bytes + sum(sizes.layer_bytes[a:b]) for a, b in ranges]
    over = [r for r in range(n) if held[r] > free_bytes[r] * headroom]
    if over:
        need = sizes.shared_bytes * n + total
        raise DistributedError(
            f"The model does not fit: it needs about {_gb(need)} across the machines, which have "
            f"{', '.join(_gb(f) for f in free_bytes)} free."
        )
    return Plan("pipeline", tuple(counts), tuple(ranges), tuple(held), tuple(free_bytes), hidden_size,
                sizes.activation_itemsize)  # fmt: skip


def free_memory_bytes() -> int:
    """Memory this machine can give a model now: MemAvailable on Linux; free + inactive + speculative on macOS."""
    if sys.platform == "darwin":
        out = subprocess.run(["vm_stat"], capture_output=True, text=True, timeout=5).stdout
        page = int(re.search(r"page size of (\d+)", out).group(1)) if "page size of" in out else 16384
        pages = 0
        for key in ("Pages free", "Pages inactive", "Pages speculative"):
            m = re.search(rf"{key}:\s+(\d+)", out)
            pages += int(m.group(1)) if m else 0
        return pages * page
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")


def folder_bytes(folder: str | Path) -> int:
    return sum(f.stat().st_size for f in Path(folder).glob("*.safetensors"))
