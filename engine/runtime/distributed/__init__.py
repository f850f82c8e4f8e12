"""One model across two Macs: pairing (authenticated), the layer split, the helper node and this Mac's session.

Built on MLX's ring backend (``mlx.distributed``) and mlx-lm's pipeline sharding; see docs/DISTRIBUTED.md.
"""

from engine.runtime.distributed.chat_route import PairInfo, SplitChat, fits_here
from engine.runtime.distributed.discovery import SERVICE_TYPE, Advertiser, HelperAd, browse, local_address
from engine.runtime.distributed.node import HelperNode
from engine.runtime.distributed.pairing import DistributedError, HandshakeRefused, new_code, parse_address
from engine.runtime.distributed.plan import Plan, pipeline_support, plan_pipeline, weight_sizes
from engine.runtime.distributed.session import DistributedSession

__all__ = [
    "SERVICE_TYPE",
    "Advertiser",
    "HelperAd",
    "browse",
    "local_address",
    "DistributedError",
    "DistributedSession",
    "HandshakeRefused",
    "HelperNode",
    "PairInfo",
    "SplitChat",
    "fits_here",
    "Plan",
    "new_code",
    "parse_address",
    "pipeline_support",
    "plan_pipeline",
    "weight_sizes",
]
