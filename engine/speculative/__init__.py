"""Speculative decoding: proposers (prompt lookup, draft model, Gemma 4 MTP, DFlash blocks), the governor, verification, draft compatibility."""

from engine.speculative.compat import (
    best_draft,
    check_folders,
    check_locations,
    drafts_for_models,
    local_draft_folders,
)
from engine.speculative.decoder import generate_with_decoder, make_decoder_factory
from engine.speculative.dflash import is_dflash_config, load_dflash
from engine.speculative.gemma4_assistant import is_gemma4_assistant_config, load_gemma4_assistant
from engine.speculative.tokenizer_identity import same_tokenizer, weight_bytes

__all__ = [
    "same_tokenizer",
    "weight_bytes",
    "best_draft",
    "generate_with_decoder",
    "is_dflash_config",
    "check_folders",
    "check_locations",
    "drafts_for_models",
    "is_gemma4_assistant_config",
    "load_dflash",
    "load_gemma4_assistant",
    "local_draft_folders",
    "make_decoder_factory",
]
