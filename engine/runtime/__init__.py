"""The one engine thread (a scheduler: interactive work first, background work in units), the ``Engine`` facade
over it, and which loader and generation path a model uses."""

from engine.runtime.benchmark import bench_engine
from engine.runtime.distributed import (
    Advertiser,
    DistributedError,
    DistributedSession,
    HelperAd,
    HelperNode,
    PairInfo,
    browse,
    fits_here,
    local_address,
    new_code,
    parse_address,
)
from engine.runtime.engine import Engine
from engine.runtime.memory import MemoryInfo
from engine.runtime.scheduler import EngineClosedError, EngineTimeoutError, QueuedWork, SchedulerState

__all__ = [
    "Advertiser",
    "HelperAd",
    "browse",
    "fits_here",
    "local_address",
    "DistributedError",
    "DistributedSession",
    "HelperNode",
    "PairInfo",
    "new_code",
    "parse_address",
    "Engine",
    "EngineClosedError",
    "EngineTimeoutError",
    "MemoryInfo",
    "QueuedWork",
    "SchedulerState",
    "bench_engine",
]
