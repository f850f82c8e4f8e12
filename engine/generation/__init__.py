"""Autoregressive generation: the request loop, sampling, plain decoding, the prompt cache, stop strings."""

from engine.generation.batch import BatchFull, BatchRunner, batchable
from engine.generation.decoding import Block, DecodeState, plain_decoder, plain_steps
from engine.generation.limits import RequestRefused, context_of, vocab_of
from engine.generation.loop import check_request, encode_request, run_generation
from engine.generation.prompt_cache import PromptCacheStore, common_prefix, mlx_cache
from engine.generation.sampling import process_logits

__all__ = [
    "BatchFull",
    "BatchRunner",
    "batchable",
    "Block",
    "DecodeState",
    "PromptCacheStore",
    "RequestRefused",
    "check_request",
    "common_prefix",
    "context_of",
    "encode_request",
    "mlx_cache",
    "plain_decoder",
    "plain_steps",
    "process_logits",
    "run_generation",
    "vocab_of",
]
