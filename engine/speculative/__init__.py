"""Speculative decoding: proposers (prompt lookup, draft model, Gemma 4 MTP), the governor, verification, draft compatibility."""

from engine.speculative.compat import check_folders, drafts_for_models
from engine.speculative.decoder import generate_with_decoder, make_decoder_factory
from engine.speculative.gemma4_assistant import is_gemma4_assistant_config, load_gemma4_assistant

__all__ = [
    "generate_with_decoder",
    "check_folders",
    "drafts_for_models",
    "is_gemma4_assistant_config",
    "load_gemma4_assistant",
    "make_decoder_factory",
]
