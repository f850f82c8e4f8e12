"""The one engine thread, the ``Engine`` facade over it, and which loader and generation path a model uses."""

from engine.runtime.benchmark import bench_engine
from engine.runtime.engine import Engine

__all__ = ["Engine", "bench_engine"]
