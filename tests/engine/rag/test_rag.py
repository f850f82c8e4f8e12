"""Document Q&A: citation mapping, abstention, whole-document mode, follow-up rewriting and the cache-friendly
prompt layout, with a tiny random model (pipeline behaviour) and the real default models (few, short)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from engine.core import AskRequest
from engine.core.events import ProgressEvent, TokenEvent
from engine.rag.abstain import (
    ABSTAIN_TEXT,
    AbstainPolicy,
    Evidence,
    calibrate,
    decide,
    missing_terms,
    named_terms,
)
from engine.rag.citations import find_markers, map_citations, segments, strip_invalid_markers
from engine.rag.followup import accept_rewrite, fallback_rewrite, leans_on_context, rewrite_question
from engine.rag.models import RagModels
from engine.rag.prompt import SYSTEM_PROMPT, Source, build_messages
from engine.rag.qa import ask
from engine.rag.results import AskResult
from tests.engine.index.index_fakes import DOCS


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    from engine.encoders.embedder import default_embedder_path, load_embedder
    from engine.index import IndexSummary, index_paths

    root = tmp_path_factory.mktemp("rag")
    docs = root / "docs"
    docs.mkdir()
    for name, text in DOCS.items():
        (docs / name).write_text(text)
    embedder = load_embedder(default_embedder_path())
    db = root / "index.sqlite3"
    summary = [e for e in index_paths([docs], db, embedder) if isinstance(e, IndexSummary)][0]
    assert summary.files_indexed == 3 and not summary.error
    return docs, db, embedder


def models_for(lm, embedder, reranker="generative"):
    from engine.generation.prompt_cache import PromptCacheStore
    from engine.rag.generative_rerank import GenerativeReranker

    rr = GenerativeReranker(lm) if reranker == "generative" else reranker
    return RagModels(lm, embedder, rr, PromptCacheStore(1 << 30))


def run(models, question, **kw):
    kw.setdefault(
        "answer", "generative"
    )  # these tests check the generative pipeline (tiny models fail the check)
    policy = kw.pop("policy", None)
    events = list(ask(models, AskRequest(question, **kw), policy=policy))
    assert isinstance(events[-1], AskResult) and sum(isinstance(e, AskResult) for e in events) == 1
    return events[-1], events[:-1]


# -- citations ------------------------------------------------------------------------------------------------
def test_markers_are_parsed():
    found = find_markers("A [1]. B [2, 3] and C [4-6]; D [7; 2]. Not [x] nor [].")
    assert [m.numbers for m in found] == [(1,), (2, 3), (4, 5, 6), (7, 2)]


def test_a_sentence_goes_on_past_ie_and_eg_and_a_wrapped_line_that_opens_with_a_number():
    """Nulgrind's "(ie. not --tool=nulgrind)" was cut after "ie.", and cal's "if its modulo of\n4 equals zero."
    after "of", as if "4" opened a numbered item; "2) Tools" and "- an item" still open a sentence of their own."""
    text = ("Note that you need to use the option --tool=none to run Nulgrind (ie. not --tool=nulgrind). A year\n"
            "is a leap year if its modulo of\n4 equals zero. Headers (eg. valgrind.h) are BSD.\n2) Tools cope.\n"
            "- an item")  # fmt: skip
    assert [text[a:b] for a, b in segments(text)] == [
        "Note that you need to use the option --tool=none to run Nulgrind (ie. not --tool=nulgrind).",
        "A year\nis a leap year if its modulo of\n4 equals zero.",
        "Headers (eg. valgrind.h) are BSD.",
        "2) Tools cope.",
        "- an item",
    ]


def test_a_sentence_goes_on_past_a_name_s_initial_a_title_and_est_before_a_year():
    text = ("The sign said W. Askew & Son, Boatbuilders, est. 1958. Then Mrs. Hale and Dr. Okafor came in from\n"
            "St. Ives. It was built in 1958. Names end in .gz or .Z. Each is read. She said no. Then she left.")  # fmt: skip
    assert [text[a:b] for a, b in segments(text)] == [
        "The sign said W. Askew & Son, Boatbuilders, est. 1958.",
        "Then Mrs. Hale and Dr. Okafor came in from\nSt. Ives.",
        "It was built in 1958.",
        "Names end in .gz or .Z.",  # an extension, no initial: the sentence ends
        "Each is read.",
        "She said no.",
        "Then she left.",
    ]


def test_a_sentence_goes_on_past_a_dash_after_a_question_mark():
    text = "Vessel constrained by her draught: lights? — Three all-round red lights. She left. Then — no."
    assert [text[a:b] for a, b in segments(text)] == [
        "Vessel constrained by her draught: lights? — Three all-round red lights.",  # a flashcard's two sides
        "She left.",
        "Then — no.",
    ]


def test_sentences_go_on_past_abbreviations_and_leave_heading_underlines():
    text = ("Please note: it is not POSIX time, e.g. the time of the system power on. The builder (i.e. dpkg)\n"
            "runs it. See cf. below.\n\nShort Tests\n-----------\nShort tests run on CircleCI.\n")  # fmt: skip
    assert [text[a:b] for a, b in segments(text)] == [
        "Please note: it is not POSIX time, e.g. the time of the system power on.",
        "The builder (i.e. dpkg)\nruns it.",
        "See cf. below.",
        "Short Tests",
        "-----------",
        "Short tests run on CircleCI.",
    ]
    answer = "1. The rules file is set to no. It runs.\n2. Tools cope.\nIt was 1995. Then more."
    assert (
        [answer[a:b] for a, b in segments(answer)]
        == [
            "1. The rules file is set to no.",  # the number stays with its sentence (it was marked unsupported alone)
            "It runs.",
            "2. Tools cope.",
            "It was 1995.",
            "Then more.",
        ]
    )


def test_citation_maps_to_the_quoted_lines_of_the_file(corpus):
    docs, _, _ = corpus
    path = docs / "zlib.txt"
    text = path.read_text()
    sources = [
        Source(1, text, str(path), None, 1, text.count("\n")),
        Source(2, DOCS["bread.md"], str(docs / "bread.md"), None, 1, 9),
    ]
    answer = (
        "zlib was written by Jean-loup Gailly and Mark Adler [1]. Bread rises thanks to yeast [2]. See [9]."
    )
    cites, invalid = map_citations(answer, sources)
    assert invalid == (9,)
    assert [c.n for c in cites] == [1, 2]
    c = cites[0]
    assert c.quote == "The library was written by Jean-loup Gailly and Mark Adler."
    lines = path.read_text().split("\n")
    assert c.line_start == c.line_end == 6 and lines[c.line_start - 1] == c.quote
    assert (
        cites[1].quote == "Bread rises because yeast ferments the sugars in the dough."
        and cites[1].line_start == 3
    )
    assert strip_invalid_markers(answer, invalid).endswith("See .")


def test_unmarked_copied_sentences_get_inferred_citations(corpus):
    from engine.rag.citations import infer_citations

    docs, _, _ = corpus
    sources = [Source(1, DOCS["bread.md"], str(docs / "bread.md"), None, 1, 9),
               Source(2, DOCS["zlib.txt"], str(docs / "zlib.txt"), None, 1, 7)]  # fmt: skip
    answer = "The library was written by Jean-loup Gailly and Mark Adler. It is great [1]. Thanks."
    text, cites = infer_citations(answer, sources)
    assert text == "The library was written by Jean-loup Gailly and Mark Adler [2]. It is great [1]. Thanks."
    assert len(cites) == 1 and cites[0].inferred and cites[0].n == 2 and cites[0].line_start == 6


# -- abstention -------------------------------------------------------------------------------------------------
def test_calibration_picks_the_separating_threshold():
    cal = calibrate([0.7, 0.8, 0.9, 0.55], [0.2, 0.3, 0.5, 0.6])
    assert 0.5 < cal.threshold <= 0.55 or 0.6 < cal.threshold <= 0.7
    assert cal.balanced_accuracy == pytest.approx(0.875)
    assert decide(Evidence(rerank=0.4, cosine=0.9), AbstainPolicy("rerank", 0.5)).abstain
    assert not decide(Evidence(rerank=0.4, cosine=0.9), AbstainPolicy("cosine", 0.5)).abstain


def test_abstains_below_threshold_and_shows_closest_passages(tiny_llama, corpus):
    from engine.models.loader import load_lm

    _, db, embedder = corpus
    lm = load_lm(str(tiny_llama))
    plain = models_for(
        lm, embedder, reranker=None
    )  # the search order (a random tiny reranker would shuffle it)
    res, events = run(plain, "Who wrote zlib?", db=db, policy=AbstainPolicy("cosine", 0.99), max_tokens=4)
    assert res.abstained and res.answer == ABSTAIN_TEXT and not res.citations
    assert not any(isinstance(e, TokenEvent) for e in events)  # no generation at all
    assert res.closest and res.closest[0].path.endswith("zlib.txt")
    assert res.stats.evidence_signal == "cosine" and res.stats.evidence < 0.99
    models = models_for(lm, embedder)
    ok, events = run(models, "Who wrote zlib?", db=db, policy=AbstainPolicy("cosine", 0.05), max_tokens=4)
    assert not ok.abstained and any(isinstance(e, TokenEvent) for e in events)
    assert ok.stats.reranker_kind == "generative" and ok.stats.reranked == 4


def test_named_terms_are_what_names_one_exact_thing():
    assert named_terms("What does --track-origins do, and UV_THREADPOOL_SIZE, and slow_callback()?") == [
        "--track-origins", "uv_threadpool_size", "slow_callback"]  # fmt: skip
    assert named_terms("Set a static IP with NetworkManager; PYTHONTZPATH; asyncio.timeout_at()") == [
        "networkmanager", "pythontzpath", "asyncio.timeout_at"]  # fmt: skip
    assert (
        named_terms("How do I convert an RGB colour to hue saturation value?") == []
    )  # plain words, an acronym
    assert named_terms("Who wrote zlib? Is it fast?") == []


def test_a_term_no_passage_mentions_is_missing():
    class Hit:
        def __init__(self, text, path="/d/timeouts.py"):
            self.text, self.path = text, path

    hits = [
        Hit("def timeout_at(when): Schedule the timeout at absolute time."),
        Hit("x", "/d/curses/has_key.py"),
    ]
    assert missing_terms("Is asyncio.timeout_at() given POSIX time?", hits) == ("posix",)
    assert missing_terms("What does has_key.py emulate?", hits) == ()  # the file's own name
    assert missing_terms("What does timeout_at's max_delay do?", hits) == ("max_delay",)
    assert missing_terms("Who wrote zlib?", []) == ()  # nothing named: the cosine decides
    prose = [Hit("Restart the Network Manager service, then max depth is reset.")]
    assert missing_terms("How do I restart NetworkManager?", prose) == ()  # written apart in prose
    assert missing_terms("What is max_depth?", prose) == ("max_depth",)  # an identifier is matched as written
    module = [Hit("def resource_path(self): raise FileNotFoundError", "/lib/importlib/resources/abc.py")]
    assert missing_terms("What does importlib.resources.abc raise?", module) == ()  # found by its file's path
    assert missing_terms("What does importlib.resources.api raise?", module) == ("importlib.resources.api",)
    config = [Hit("Settings are read from pyproject.toml at start.", "/d/README")]
    assert missing_terms("When is settings_v2.toml read?", config) == ("settings_v2.toml",)  # not by its type


def test_a_question_about_what_the_documents_never_mention_abstains_naming_it(tiny_llama, corpus):
    """The passages about zlib are close in wording (cosine above the threshold), but no document mentions the
    option asked about: the answer says so and names it, instead of quoting sentences that cannot answer."""
    from engine.models.loader import load_lm

    _, db, embedder = corpus
    plain = models_for(load_lm(str(tiny_llama)), embedder, reranker=None)
    res, events = run(plain, "What does zlib's --max-window-bits option default to?", db=db,
                      policy=AbstainPolicy("cosine", 0.05), max_tokens=4)  # fmt: skip
    assert res.abstained and not res.citations and not any(isinstance(e, TokenEvent) for e in events)
    assert res.stats.missing_terms == ("--max-window-bits",)
    assert (
        res.answer
        == "None of the documents searched mentions “--max-window-bits”, so they do not answer this question."
    )
    assert res.closest and res.closest[0].path.endswith("zlib.txt")
    assert json.loads(json.dumps(res.to_json()))["stats"]["missing_terms"] == ["--max-window-bits"]
    ok, _ = run(plain, "What is zlib's license?", db=db, policy=AbstainPolicy("cosine", 0.05), max_tokens=4)
    assert not ok.abstained and ok.stats.missing_terms == ()
    off, _ = run(plain, "What does --max-window-bits default to?", db=db, policy=AbstainPolicy("none", 0.0),
                 max_tokens=4)  # fmt: skip
    assert not off.abstained  # abstention switched off: nothing is declined


# -- cache-friendly layout ------------------------------------------------------------------------------------
def test_layout_puts_system_and_history_before_sources():
    s = [Source(1, "alpha", "/d/a.txt", None, 1, 2)]
    msgs = build_messages("and then?", s, [("first question", "first answer")])
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user"]
    assert msgs[0]["content"] == SYSTEM_PROMPT and msgs[1]["content"] == "first question"
    assert "[1] (a.txt, lines 1-2)\nalpha" in msgs[-1]["content"] and msgs[-1]["content"].endswith(
        "cite them like [1]."
    )


def test_second_turn_reuses_the_prompt_cache(tiny_llama, corpus):
    from engine.models.loader import load_lm

    _, db, embedder = corpus
    lm = load_lm(str(tiny_llama))
    models = models_for(lm, embedder)
    first, _ = run(models, "Who wrote zlib?", db=db, policy=AbstainPolicy("none", 0), max_tokens=6)
    assert first.stats.cached_tokens == 0
    history = first.turn()
    second, _ = run(models, "What license does it use?", db=db, history=history,
                    policy=AbstainPolicy("none", 0), max_tokens=6)  # fmt: skip
    system_tokens = len(lm.tokenizer.apply_chat_template([{"role": "system", "content": SYSTEM_PROMPT}]))
    assert second.stats.cached_tokens >= system_tokens - 1
    third, _ = run(models, "And who maintains it?", db=db, history=history + second.turn(),
                   policy=AbstainPolicy("none", 0), max_tokens=6)  # fmt: skip
    # turn 3 reuses the system prompt AND the first exchange
    assert third.stats.cached_tokens > second.stats.cached_tokens


# -- follow-up rewriting ----------------------------------------------------------------------------------------
def test_fallback_rewrite_brings_in_the_previous_question():
    history = [("What license does zlib use?", "The zlib license [1].")]
    assert leans_on_context("who wrote it?") and not leans_on_context(
        "Who wrote the deflate algorithm in zlib?"
    )
    assert (
        fallback_rewrite("who wrote it?", history) == "who wrote it? (context: What license does zlib use?)"
    )
    assert fallback_rewrite("Who invented the Fresnel lens?", history) == "Who invented the Fresnel lens?"
    assert accept_rewrite("Who wrote zlib?", "who wrote it?", history)
    assert not accept_rewrite("Who wrote it?", "who wrote it?", history)  # nothing from the conversation
    assert not accept_rewrite("What license does zlib use?", "who wrote it?", history)  # lost the question


def test_rewrite_uses_the_model_or_falls_back(tiny_llama):
    from engine.models.loader import load_lm

    lm = load_lm(str(tiny_llama))
    history = [("What license does zlib use?", "The zlib license [1].")]
    rw = rewrite_question("who wrote it?", history, lm=lm)
    assert rw.method in ("model", "fallback")
    assert accept_rewrite(rw.query, "who wrote it?", history)  # either way the query can stand alone
    assert rewrite_question("who wrote it?", (), lm=lm).method == "none"


def test_followup_is_retrieved_with_the_rewritten_query(tiny_llama, corpus):
    from engine.models.loader import load_lm

    _, db, embedder = corpus
    models = models_for(load_lm(str(tiny_llama)), embedder, reranker=None)
    history = [("Tell me about the zlib compression library", "It compresses data [1].")]
    res, _ = run(models, "who wrote it?", db=db, history=history, k=1, policy=AbstainPolicy("none", 0),
                 max_tokens=4)  # fmt: skip
    assert "zlib" in res.stats.query.lower() and res.stats.rewrite in ("model", "fallback")
    assert res.closest[0].path.endswith("zlib.txt")


# -- whole-document mode ------------------------------------------------------------------------------------------
def test_whole_document_mode_maps_every_chunk_with_progress(tiny_llama, corpus):
    from engine.index.store import IndexStore
    from engine.models.loader import load_lm

    docs, db, embedder = corpus
    models = models_for(load_lm(str(tiny_llama)), embedder)
    paths = [str(docs / "bread.md"), str(docs / "zlib.txt")]
    with IndexStore(db, read_only=True) as st:
        n_chunks = sum(len(st.chunks_for_document(p)) for p in paths)
    res, events = run(models, "Summarise all of these documents", db=db, documents=paths, max_tokens=6)
    maps = [e for e in events if isinstance(e, ProgressEvent) and e.extra.get("phase") == "map"]
    assert [e.done for e in maps] == list(range(n_chunks + 1)) and all(e.total == n_chunks for e in maps)
    assert res.stats.mode == "whole-document" and res.stats.chunks_read == n_chunks
    for c in res.citations:  # citations point into the chosen documents, quoting their text
        assert c.path in paths and c.quote in Path(c.path).read_text()


def test_whole_document_mode_cancels_between_chunks(tiny_llama, corpus):
    from engine.models.loader import load_lm

    docs, db, embedder = corpus
    models = models_for(load_lm(str(tiny_llama)), embedder)
    cancel = threading.Event()
    result = None
    req = AskRequest("Summarise this", db=db, scope="whole", documents=[str(docs / "bread.md")], max_tokens=4)
    for ev in ask(models, req, cancel):
        if isinstance(ev, ProgressEvent) and ev.extra.get("phase") == "map" and ev.done == 1:
            cancel.set()
        if isinstance(ev, AskResult):
            result = ev
    assert result.finish_reason == "cancelled"
    assert result.stats.chunks_read == 1 < result.stats.chunks_total


def test_aggregate_questions_are_routed_to_whole_document_mode():
    from engine.rag.whole import is_aggregate

    assert is_aggregate("Summarise all of these documents")
    assert is_aggregate("How many times is the license mentioned across these files?")
    assert not is_aggregate("Who wrote zlib?")
    assert not is_aggregate(
        "How many times will the client retry a failing request?"
    )  # one fact, not a count
    assert is_aggregate("What do my notes say across all of the documents?")
    # "across" a thing that is not the library: one fact (it sent a 1.5B reading every chunk for minutes)
    assert not is_aggregate("How do I make journald keep its logs across reboots?")
    assert not is_aggregate("Can a session survive across the network outage?")


def test_an_aggregate_question_to_a_model_that_fails_the_check_is_answered_from_the_passages(
    tiny_llama, corpus
):
    """Whole-document mode has the chat model write every note; a model that fails the capability check (the tiny
    random one) would fill them with invented text, so the question gets the extractive answer instead."""
    from engine.models.loader import load_lm

    docs, db, embedder = corpus
    models = models_for(load_lm(str(tiny_llama)), embedder, reranker=None)
    res, events = run(models, "Summarise all of these documents about bread", db=db, answer="auto")
    assert res.stats.capable is False and res.stats.mode != "whole-document"
    assert not any(isinstance(e, ProgressEvent) and e.extra.get("phase") == "map" for e in events)
    assert res.answer_kind == "extractive" and res.sentences and all(s.supported for s in res.sentences)
    forced, _ = run(models, "Summarise all of these documents about bread", db=db, answer="generative",
                    max_tokens=4)  # fmt: skip
    assert forced.stats.mode == "whole-document"  # told to generate: the model writes the notes


# -- the real default models ------------------------------------------------------------------------------------
def test_default_model_answers_and_reuses_the_cache_on_turn_two(corpus):
    from engine.models.builtin import default_chat_model_path
    from engine.models.loader import load_lm

    _, db, embedder = corpus
    models = models_for(load_lm(str(default_chat_model_path())), embedder)
    first, _ = run(models, "Who wrote zlib?", db=db, k=2, policy=AbstainPolicy("none", 0), max_tokens=12)
    assert first.finish_reason in ("stop", "length") and first.answer
    assert first.stats.reranker.startswith("SmolLM2-135M-Instruct")
    second, _ = run(models, "What license does it use?", db=db, k=2, history=first.turn(), rewrite=False,
                    policy=AbstainPolicy("none", 0), max_tokens=8)  # fmt: skip
    assert second.stats.cached_tokens > 40  # the system prompt and the first question come from the cache
    assert second.stats.prompt_tokens > second.stats.cached_tokens


def test_engine_side_models_choose_the_reranker(engine, tiny_llama, corpus):
    # the engine chooses the reranker for an ask (engine.runtime.policy); read back from what the ask reports
    _, db, _ = corpus
    engine.load_model(str(tiny_llama), role="chat")

    def reranked_by(policy):
        req = AskRequest("Who wrote zlib?", db=db, rerank=policy, answer="extractive", rewrite=False)
        return [e for e in engine.ask(req) if isinstance(e, AskResult)][0].stats

    def kept():
        return engine.run(lambda: engine.model("chat").extra.get("generative_reranker"))

    auto = reranked_by("auto")
    assert auto.reranker == "" and kept() is None  # a tiny chat model does not rerank by default
    forced = reranked_by("generative")
    assert forced.reranker_kind == "generative" and forced.reranker.startswith(engine.models()["chat"].name)
    first = kept()
    reranked_by("generative")
    assert first is not None and kept() is first  # made once per model


def test_evidence_coverage_weighs_the_questions_terms_by_rarity_in_the_best_source():
    import math

    from engine.rag.abstain import evidence_coverage

    class Hit:
        def __init__(self, text, path="/d/notes.txt", heading=""):
            self.text, self.path, self.heading = text, path, heading

    total = 99
    freq = {"daemon": 4, "port": 9, "listen": 49, "git": 49}
    w = {t: math.log(100 / (n + 0.5)) for t, n in freq.items()}
    whole = sum(w.values())
    q = "What port does the git daemon listen on?"  # terms: port, git, daemon, listen
    daemon = Hit("The git daemon serves repositories.", heading="Daemons")
    ports = Hit("It listens on port 9418.", path="/d/ports.txt")
    # the best single source counts, not the union: ports holds port + listen ("listens"), daemon git + daemon
    assert evidence_coverage(q, [daemon, ports], total, freq) == pytest.approx(
        max(w["git"] + w["daemon"], w["port"] + w["listen"]) / whole
    )
    assert evidence_coverage(q, [Hit("git daemon: port 9418; listen there")], total, freq) == pytest.approx(
        1.0
    )
    # the heading and the path count as the source's text
    assert (
        evidence_coverage("port daemon", [Hit("x", path="/d/port.txt", heading="Daemon")], total, freq) == 1.0
    )
    # a term no chunk holds weighs the mean of the others ("wrote" when the text says "written")
    zlib = Hit("zlib was written by Jean-loup Gailly.")
    assert evidence_coverage("Who wrote zlib?", [zlib], 2, {"zlib": 1}) == pytest.approx(0.5)
    assert evidence_coverage("Who wrote zlib?", [], 2, {"zlib": 1}) == 0.0
    assert (
        evidence_coverage("a?", [zlib], 2, {}) == 1.0
    )  # no term of two letters or more: nothing to judge by
