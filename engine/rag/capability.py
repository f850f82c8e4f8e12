"""Can this chat model write grounded answers? A measured check, run once per loaded model.

The check asks the model PROBES: a short source and a question whose answer the source states. The model passes
when every answer contains the labelled fact and its sentences are supported by the source (engine.rag.grounding),
and it did not loop. A model that fails is not asked to write answers by default: Alcove answers extractively
(engine.rag.extractive). The verdict is kept with the loaded model (``lm.extra``), so the check costs its few
short generations once per load. bench/rag_eval.py prints each model's verdict beside its measured Q&A figures.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from engine.core import FinalEvent, GenerateRequest, SamplingParams
from engine.generation import run_generation
from engine.rag.grounding import ground
from engine.rag.loopguard import LoopGuard
from engine.rag.prompt import Source, build_messages

PROBES = (
    ("The Larkspur valve is rated for a maximum pressure of 40 bar. It is made of brass.",
     "What is the maximum pressure of the Larkspur valve?", "40"),
    ("Backups of the Quillon server run every night at 02:00 and are kept for 14 days.",
     "How long are Quillon backups kept?", "14 days"),
)  # fmt: skip
PROBE_TOKENS = 40


@dataclass(frozen=True)
class Capability:
    capable: bool
    passed: int
    probes: int
    answers: tuple[str, ...]


def check_capability(lm, store, embedder=None, cancel=None) -> Capability:
    """Engine thread. The cached verdict, or run the probes now."""
    cached = lm.extra.get("rag_capability")
    if cached is not None:
        return cached
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
    return cap
