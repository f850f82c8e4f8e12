import mlx.core as mx
import numpy as np

from engine.generation.sampling import SamplingParams, process_logits
from engine.generation.textstream import StopMatcher


def probs(logits, **kw):
    return np.array(mx.exp(process_logits(mx.array(logits), SamplingParams(**kw))))


def test_top_k_top_p_min_p_filters():
    logits = np.log(np.array([0.5, 0.25, 0.15, 0.1], dtype=np.float32))
    p = probs(logits, temperature=1.0, top_k=2)
    assert np.allclose(p, [2 / 3, 1 / 3, 0, 0], atol=1e-6)
    p = probs(logits, temperature=1.0, top_p=0.7)
    assert np.allclose(p, [2 / 3, 1 / 3, 0, 0], atol=1e-6)
    p = probs(logits, temperature=1.0, min_p=0.25)  # keep p >= 0.125
    assert np.allclose(p, [0.5 / 0.9, 0.25 / 0.9, 0.15 / 0.9, 0], atol=1e-6)
    p = probs(logits, temperature=1.0)
    assert np.allclose(p, [0.5, 0.25, 0.15, 0.1], atol=1e-6)


def test_repetition_penalty():
    logits = mx.array([2.0, -1.0, 1.0])
    out = process_logits(logits, SamplingParams(repetition_penalty=2.0), mx.array([0, 1]))
    raw = np.array(out) - np.array(out).max()
    expected = np.array([1.0, -2.0, 1.0])
    expected = expected - np.log(np.exp(expected).sum())
    assert np.allclose(np.array(out), expected, atol=1e-5)
    assert raw[0] == raw[2]


def test_stop_matcher_holds_back_partial_matches():
    m = StopMatcher(("</end>",))
    out = []
    stopped = False
    for piece in ["Hello </", "en", "d> tail"]:
        emit, stopped = m.feed(piece)
        out.append(emit)
        if stopped:
            break
    assert stopped and "".join(out) == "Hello "
    m = StopMatcher(("STOP",))
    emit, s = m.feed("ST")
    assert emit == "" and not s
    emit, s = m.feed("ART")
    assert emit == "START" and not s
    assert m.flush() == ""
