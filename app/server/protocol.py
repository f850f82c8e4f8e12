"""OpenAI's wire format: request bodies checked and turned into engine requests, responses and stream chunks built.

Nothing here touches the engine or HTTP: plain dicts in, plain dicts and ``ChatRequest`` out, and every bad field
raises ``ApiError`` with the status, OpenAI ``type`` and ``code`` a client expects.
"""

from __future__ import annotations

import json
import math
import time
import uuid
from dataclasses import asdict, dataclass
from typing import Any

from engine.core import ChatRequest, FinalEvent, SamplingParams, SpeculativeParams

# Fields we do not implement: refused with a 400 that names them, never silently ignored.
_UNSUPPORTED_CHAT = {
    "tools": "tool calls",
    "tool_choice": "tool calls",
    "functions": "function calls",
    "function_call": "function calls",
    "logprobs": "log-probabilities",
    "top_logprobs": "log-probabilities",
    "logit_bias": "logit bias",
    "audio": "audio output",
    "prediction": "predicted outputs",
}
_UNSUPPORTED_COMPLETION = {
    "logprobs": "log-probabilities",
    "logit_bias": "logit bias",
    "suffix": "suffix (fill-in-the-middle)",
    "best_of": "best_of",
}
_SPECULATIVE_MODES = ("off", "lookup", "draft", "mtp", "dflash", "auto")


class ApiError(Exception):
    """An error answered in OpenAI's shape: ``{"error": {"message", "type", "param", "code"}}``."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        type: str = "invalid_request_error",
        code: str | None = None,
        param: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.type, self.code, self.param = status, message, type, code, param

    def body(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "type": self.type, "param": self.param, "code": self.code}}


def bad(message: str, param: str | None = None, code: str = "invalid_value") -> ApiError:
    return ApiError(400, message, param=param, code=code)


@dataclass(frozen=True)
class Generation:
    """A parsed chat or completion request: what to generate and how to answer."""

    request: ChatRequest
    model: str
    stream: bool
    include_usage: bool
    documents: bool  # answer from the user's index (chat only)
    question: str  # the last user message, for documents mode


# A reply's cap; whether the prompt plus max_tokens fits the model's context is the engine's check (400
# context_length_exceeded, before the request is queued).
MAX_TOKENS = 1 << 20
SEED_MAX = (1 << 63) - 1
MAX_DEPTH = 64  # JSON nesting a request may have (OpenAI's bodies need 5)
_ABSENT = object()


def _number(body: dict, key: str, kind: type, default: Any, lo: float | None = None, hi: float | None = None,
            *, null_ok: bool = True):  # fmt: skip
    """``body[key]`` as a finite ``kind`` within [lo, hi]; ``default`` when absent (or null, when ``null_ok``)."""
    value = body.get(key, _ABSENT)
    if value is _ABSENT or (value is None and null_ok):
        return default
    what = "an integer" if kind is int else "a number"
    ok = not isinstance(value, bool) and isinstance(value, (int, float))
    if ok and isinstance(value, float):
        ok = math.isfinite(value) and (kind is float or value.is_integer())
    if ok and kind is float and isinstance(value, int):
        ok = abs(value) <= 1 << 1000  # beyond, float() overflows
    if not ok:
        raise bad(f"'{key}' must be {what}{_range(lo, hi)}, not {_show(value)}.", key)
    value = kind(value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise bad(f"'{key}' must be {what}{_range(lo, hi)}; got {_show(value)}.", key)
    return value


def _range(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    return f" of at least {lo}" if lo is not None else (f" of at most {hi}" if hi is not None else "")


def _show(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (int, float, str, type(None))) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def positive_int(body: dict, key: str, default: int) -> int:
    """An Alcove route's count: absent means ``default``; null, text, a fraction, Infinity or < 1 is a 400."""
    return _number(body, key, int, default, 1, MAX_TOKENS, null_ok=False)


def check_json(value: Any) -> None:
    """Every string (keys too) valid Unicode, nesting at most ``MAX_DEPTH`` deep: else a 400. Iterative, so a
    deep document cannot exhaust the stack here."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise bad(f"The request's JSON is nested more than {MAX_DEPTH} levels deep.", code="too_deep")
            if isinstance(item, dict):
                for k, v in item.items():
                    _check_text(k)
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in item)


def _check_text(text: str) -> None:
    unicode_text(text, None)


def unicode_text(value: str, param: str | None) -> str:
    """``value`` when it is valid Unicode (no lone surrogate, which no encoder, tokenizer or database takes)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        where = f"'{param}'" if param else "The request"
        raise bad(f"{where} holds a lone surrogate ({value[exc.start]!r}), which is not valid Unicode text; send "
                  "UTF-8 text.", param, "invalid_text") from exc  # fmt: skip
    return value


def text_field(value: Any, param: str) -> str:
    """A non-empty string field of an Alcove route, valid Unicode: else a 400 naming ``param``."""
    if not isinstance(value, str) or not value.strip():
        raise bad(f"'{param}' must be a non-empty string.", param)
    return unicode_text(value, param)


def _stop(body: dict) -> tuple[str, ...]:
    stop = body.get("stop")
    if stop is None:
        return ()
    if isinstance(stop, str):
        stop = [stop]
    if not isinstance(stop, list) or not all(isinstance(s, str) and s for s in stop) or len(stop) > 4:
        raise bad("'stop' must be a non-empty string or a list of up to 4 non-empty strings.", "stop")
    return tuple(stop)


def _common(body: Any, unsupported: dict[str, str], defaults: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise bad("The request body must be a JSON object.")
    check_json(body)
    for key, what in unsupported.items():
        if body.get(key) not in (None, False, [], {}):
            raise bad(
                f"Alcove's server does not support {what} ('{key}'); remove the field.", key, "unsupported"
            )
    fmt = body.get("response_format")
    if fmt is not None and (not isinstance(fmt, dict) or fmt.get("type", "text") != "text"):
        raise bad("Alcove's server does not support JSON mode or structured outputs ('response_format'); "
                  "ask for JSON in the prompt instead.", "response_format", "unsupported")  # fmt: skip
    for key in ("frequency_penalty", "presence_penalty"):
        if _number(body, key, float, 0.0, -2.0, 2.0) != 0.0:
            raise bad(f"Alcove's server does not support '{key}' (only 0).", key, "unsupported")
    if _number(body, "n", int, 1, 1, 128) != 1:
        raise bad("Only n=1 is supported.", "n")
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise bad(
            "'model' is required: a name from GET /v1/models, or 'default'.", "model", "missing_required"
        )
    # OpenAI's fields are nullable: null means the default. The prompt plus max_tokens must fit the model's context:
    # the engine checks that (RequestRefused -> 400 context_length_exceeded) before the request is queued.
    key = "max_completion_tokens" if body.get("max_completion_tokens") is not None else "max_tokens"
    max_tokens = _number(body, key, int, defaults["max_tokens"], 1, MAX_TOKENS)
    sampling = SamplingParams(
        temperature=_number(body, "temperature", float, defaults["temperature"], 0.0, 2.0),
        top_p=_number(body, "top_p", float, 1.0, 0.0, 1.0) or 1e-9,
        seed=_number(body, "seed", int, None, 0, SEED_MAX),
    )
    opts = body.get("stream_options")
    if opts is None:
        opts = {}
    if not isinstance(opts, dict):
        raise bad("'stream_options' must be an object.", "stream_options")
    ext = body.get("alcove")
    if ext is None:
        ext = {}
    if not isinstance(ext, dict):
        raise bad("'alcove' must be an object, e.g. {\"documents\": true}.", "alcove")
    mode = ext.get("speculative", defaults["speculative"])
    if mode not in _SPECULATIVE_MODES:
        raise bad(f"alcove.speculative must be one of {', '.join(_SPECULATIVE_MODES)}.", "alcove.speculative")
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise bad("'stream' must be true or false.", "stream")
    return {
        "model": model,
        "max_tokens": max_tokens,
        "sampling": sampling,
        "stop": _stop(body),
        "stream": stream,
        "include_usage": bool(opts.get("include_usage")),
        "speculative": SpeculativeParams(mode=mode),
        "documents": bool(ext.get("documents", False)),
    }


def _content(message: dict, i: int) -> str:
    content = message.get("content")
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if (
                not isinstance(part, dict)
                or part.get("type") != "text"
                or not isinstance(part.get("text"), str)
            ):
                raise bad(f"messages[{i}]: only text content parts are supported (no images or audio).",
                          f"messages[{i}].content", "unsupported")  # fmt: skip
            parts.append(part["text"])
        return "".join(parts)
    raise bad(f"messages[{i}].content must be a string or a list of text parts.", f"messages[{i}].content")


def _request(c: dict[str, Any], **text: Any) -> ChatRequest:
    """A shared request (a server's replies decode beside each other: the engine may batch them)."""
    return ChatRequest(max_tokens=c["max_tokens"], sampling=c["sampling"], stop=c["stop"],
                       speculative=c["speculative"], shared=True, **text)  # fmt: skip


def parse_chat(body: Any, defaults: dict[str, Any]) -> Generation:
    c = _common(body, _UNSUPPORTED_CHAT, defaults)
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise bad(
            "'messages' must be a non-empty list of {role, content} objects.", "messages", "missing_required"
        )
    turns = []
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or m.get("role") not in ("system", "developer", "user", "assistant"):
            raise bad(
                f"messages[{i}].role must be system, developer, user or assistant.", f"messages[{i}].role"
            )
        role = "system" if m["role"] == "developer" else m["role"]
        turns.append({"role": role, "content": _content(m, i)})
    question = next((t["content"] for t in reversed(turns) if t["role"] == "user"), "")
    req = _request(c, messages=tuple(turns))
    return Generation(req, c["model"], c["stream"], c["include_usage"], c["documents"], question)


def parse_completion(body: Any, defaults: dict[str, Any]) -> Generation:
    c = _common(body, _UNSUPPORTED_COMPLETION, defaults)
    prompt = body.get("prompt")
    if isinstance(prompt, list) and len(prompt) == 1 and isinstance(prompt[0], str):
        prompt = prompt[0]
    if (
        isinstance(prompt, list)
        and prompt
        and all(isinstance(t, int) and not isinstance(t, bool) for t in prompt)
    ):
        # Non-negative here; within the model's vocabulary is the engine's check (400 invalid_token_id) before the
        # request is queued: an id past the embedding table would read out of bounds.
        bad_id = next((t for t in prompt if t < 0 or t > SEED_MAX), None)
        if bad_id is not None:
            raise bad(f"Token ids must be integers from 0 to the model's vocabulary size - 1; got {_show(bad_id)}.",
                      "prompt", "invalid_token_id")  # fmt: skip
        req = _request(c, prompt_ids=tuple(prompt))
    elif isinstance(prompt, str) and prompt:
        req = _request(c, prompt=prompt)
    else:
        raise bad(
            "'prompt' must be a non-empty string (or one list of token ids).", "prompt", "missing_required"
        )
    if body.get("echo"):
        raise bad("Alcove's server does not support 'echo'.", "echo", "unsupported")
    return Generation(req, c["model"], c["stream"], c["include_usage"], False, "")


# -- responses ---------------------------------------------------------------------------------------------
def new_id(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:24]}"


def finish_reason(final: FinalEvent) -> str:
    return "length" if final.finish_reason == "length" else "stop"


def usage(final: FinalEvent) -> dict[str, Any]:
    s = final.stats
    return {
        "prompt_tokens": s.prompt_tokens,
        "completion_tokens": s.generated_tokens,
        "total_tokens": s.prompt_tokens + s.generated_tokens,
        "prompt_tokens_details": {"cached_tokens": s.cached_tokens},
    }


def alcove_extension(
    final: FinalEvent, decoding: str, reason: str, extra: dict | None = None
) -> dict[str, Any]:
    """Alcove's own figures: how the request was decoded and why, speculative/diffusion stats, timings."""
    s = final.stats
    out = {
        "decoding": decoding,  # batched | speculative | single | diffusion | documents
        "decoding_reason": reason,
        "finish_reason": final.finish_reason,
        "speculative": asdict(s.speculative) if s.speculative else None,
        "diffusion": asdict(s.diffusion) if s.diffusion else None,
        "distributed": s.distributed.as_json() if s.distributed else None,
        "ttft_s": s.ttft_s,
        "queue_s": s.queue_s,
        "decode_tokens_per_s": s.decode_tokens_per_s,
        "e2e_s": s.e2e_s,
    }
    out.update(extra or {})
    return out


def chat_response(rid: str, model: str, final: FinalEvent, ext: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": rid,
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": final.text},
                "logprobs": None,
                "finish_reason": finish_reason(final),
            }
        ],
        "usage": usage(final),
        "alcove": ext,
    }


def completion_response(rid: str, model: str, final: FinalEvent, ext: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": rid,
        "object": "text_completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {"index": 0, "text": final.text, "logprobs": None, "finish_reason": finish_reason(final)}
        ],
        "usage": usage(final),
        "alcove": ext,
    }


def chat_chunk(rid: str, model: str, created: int, delta: dict, finish: str | None = None, **extra) -> dict:
    return _stream_chunk("chat.completion.chunk", rid, model, created, {"delta": delta}, finish, extra)


def completion_chunk(
    rid: str, model: str, created: int, text: str, finish: str | None = None, **extra
) -> dict:
    return _stream_chunk("text_completion", rid, model, created, {"text": text}, finish, extra)


def _stream_chunk(obj: str, rid: str, model: str, created: int, content: dict, finish, extra: dict) -> dict:
    choice = {"index": 0, **content, "logprobs": None, "finish_reason": finish}
    return {"id": rid, "object": obj, "created": created, "model": model, "choices": [choice], **extra}
