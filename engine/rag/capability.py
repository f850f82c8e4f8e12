"""Can this chat model write grounded answers? A measured check, run once per loaded model.

The check asks the model PROBES: a short source and a question whose answer the source states. The model passes
when every answer contains the labelled fact and its sentences are supported by the source (engine.rag.grounding),
and it did not loop. A model that fails is not asked to write answers by default: Alcove answers extractively
(engine.rag.extractive). The verdict is kept with the loaded model (``lm.extra``) and on disk
(``cache_dir()/rag-capability.json``), keyed by the model's content identity (engine.models.model_identity), its
runtime dtype and transforms, the embedder that grounds the probe answers and the check's own version: the ~50 s of
probe generations on a CPU run once per model, not once per `alcove ask`. bench/rag_eval.py prints each model's
verdict beside its measured Q&A figures.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import uuid
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TypeVar

from engine.core import AlcoveError, FinalEvent, GenerateRequest, SamplingParams, cache_dir
from engine.generation import run_generation
from engine.models import model_identity
from engine.rag.grounding import ground
from engine.rag.loopguard import LoopGuard
from engine.rag.prompt import build_messages
from engine.rag.sources import Source

T = TypeVar("T")

PROBES = (
    ("The Larkspur valve is rated for a maximum pressure of 40 bar. It is made of brass.",
     "What is the maximum pressure of the Larkspur valve?", "40"),
    ("Backups of the Quillon server run every night at 02:00 and are kept for 14 days.",
     "How long are Quillon backups kept?", "14 days"),
)  # fmt: skip
PROBE_TOKENS = 40
CHECK_VERSION = (
    1  # raise when the check's rules change (grounding, loop guard, pass criterion): old verdicts expire
)
CACHE_NAME = "rag-capability.json"
# The default answer route of models whose written answers were measured against the extractive ones on the tuning
# sets (bench/real_answers.py; docs/EVALUATION.md, "Answers a real model writes"): ``--answer auto`` follows this,
# not the probes, for a model whose name starts with the key (GGUF imports keep the file's name). The 1.5B passes
# the probes but its written answers held the fact less often than the extractive ones (0.6 vs 0.8 on 10 tuning
# questions); the 0.5B fails the probes and its replies held the fact 0 of 10 times (a tie: extractive).
MEASURED_ROUTES = {
    "qwen2.5-coder-1.5b-instruct": "extractive",
    "qwen2.5-coder-0.5b-instruct": "extractive",
}

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Capability:
    capable: bool
    passed: int
    probes: int
    answers: tuple[str, ...]


def check_capability(lm, store, embedder=None, cancel=None) -> Capability:
    """Engine thread. The verdict kept with the loaded model, else the one saved on disk for the same model
    content, else run the probes now (and save the verdict)."""
    cached = lm.extra.get("rag_capability")
    if cached is not None:
        return cached
    key = verdict_key(lm, embedder)
    saved = load_verdict(key) if key else None
    if saved is not None:
        lm.extra["rag_capability"] = saved
        return saved
    cancel = cancel or threading.Event()
    passed, answers = 0, []
    for text, question, fact in PROBES:
        src = (Source(1, text, "probe.txt", line_start=1, line_end=1),)
        req = GenerateRequest(messages=build_messages(question, src, ()), max_tokens=PROBE_TOKENS,
                              sampling=SamplingParams(temperature=0.0), request_id="capability-probe")  # fmt: skip
        final = None
        for ev in run_generation(lm, req, cancel=cancel, store=store, submitted_at=0.0):
            if isinstance(ev, FinalEvent):
                final = ev
        answer = final.text.strip() if final is not None else ""
        answers.append(answer)
        verdicts = ground(answer, src, embedder)
        looped = LoopGuard().check(answer) is not None
        if fact.lower() in answer.lower() and verdicts and all(v.supported for v in verdicts) and not looped:
            passed += 1
    if cancel.is_set():
        return Capability(False, passed, len(PROBES), tuple(answers))  # not cached: it was cut short
    cap = Capability(passed == len(PROBES), passed, len(PROBES), tuple(answers))
    lm.extra["rag_capability"] = cap
    if key:
        save_verdict(key, cap)
    return cap


def cache_file() -> Path:
    return cache_dir() / CACHE_NAME


def verdict_key(lm, embedder=None) -> str | None:
    """What the verdict depends on: the model by content, how it runs, the grounding embedder and the check itself.
    None when the model has no files to identify it by (then the verdict lives only with the loaded model)."""
    info = lm.info
    try:
        identity = model_identity(info.path)
    except AlcoveError as error:
        log.debug("capability verdict not cached on disk: %s", error)
        return None
    check = hashlib.sha256(repr((CHECK_VERSION, PROBES, PROBE_TOKENS)).encode()).hexdigest()[:16]
    return "|".join(
        (identity, info.dtype, info.transform_sha256 or "", getattr(embedder, "name", "") or "", check)
    )


def _read_all() -> dict:
    try:
        data = json.loads(cache_file().read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:  # a damaged cache is rebuilt, never fatal
        log.warning("ignoring the capability cache %s (%s)", cache_file(), error)
        return {}
    return data if isinstance(data, dict) else {}


def load_verdict(key: str) -> Capability | None:
    entry = _read_all().get(key)
    try:
        return Capability(bool(entry["capable"]), int(entry["passed"]), int(entry["probes"]),
                          tuple(str(a) for a in entry["answers"]))  # fmt: skip
    except (TypeError, KeyError, ValueError):
        return None


def save_verdict(key: str, cap: Capability) -> None:
    """Best effort and atomic (written beside, then renamed): two processes never leave half a file."""
    path = cache_file()
    data = _read_all()
    data[key] = {**asdict(cap), "answers": list(cap.answers)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}-{uuid.uuid4().hex[:6]}")
        temp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        log.warning("could not save the capability verdict to %s", path, exc_info=True)


def measured_for(lm, table: dict[str, T]) -> T | None:
    """What ``table`` holds for ``lm``'s model, keyed by the start of its name (GGUF imports keep the file's name:
    "qwen2.5-coder-1.5b-instruct-q4_k_m-..."), or None for a model it does not name."""
    name = str(getattr(getattr(lm, "info", None), "name", "") or "").lower()
    return next((value for key, value in table.items() if name.startswith(key)), None)


def measured_route(lm) -> str | None:
    """The measured default route ("extractive" | "generative") of ``lm``'s model, or None when it was never
    measured (then the capability check decides)."""
    return measured_for(lm, MEASURED_ROUTES)
