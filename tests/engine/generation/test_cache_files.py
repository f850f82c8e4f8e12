"""The prompt cache survives a relaunch: caches saved to disk after a reply, loaded by a new Engine on a miss,
giving token-identical greedy output while prefilling only the new message; bad files are skipped, never trusted."""

from __future__ import annotations

import logging
import shutil

import pytest

from engine.core.events import FinalEvent
from engine.core.requests import GenerateRequest
from engine.generation.cache_files import FORMAT, PromptCacheFiles, _read_header, mlx_cache, model_identity
from engine.runtime.engine import Engine
from tests.tiny_models import make_tiny_model

PROMPT = "Alcove keeps a long conversation about rivers, mountains and the sea. " * 6


def final_of(events) -> FinalEvent:
    events = list(events)
    assert isinstance(events[-1], FinalEvent)
    return events[-1]


def _engine(folder, cache_folder, budget=1 << 30) -> Engine:
    eng = Engine()
    eng.load_model(str(folder))
    if cache_folder is not None:
        eng.run(eng.prompt_cache.use_files, cache_folder, budget)
    return eng


def _close(eng: Engine) -> None:
    eng.shutdown()  # saves what is pending: no separate close of the store


def _turns(eng: Engine, n_reply: int = 10) -> tuple[int, list[int]]:
    """The length of turn 2's new message, and turn 2's prompt ids (turn 1 + its reply + the new message)."""
    tok = lambda text: eng.run(lambda: eng.model("chat").tokenizer.encode(text))  # noqa: E731
    p1 = tok(PROMPT)
    f1 = final_of(eng.generate(GenerateRequest(prompt_ids=tuple(p1), max_tokens=n_reply)))
    assert f1.error is None and f1.stats.cached_tokens == 0
    message = tok(" And what about the lakes?")
    return len(message), p1 + list(f1.token_ids) + message


def _greedy(eng: Engine, ids: list[int], **kw) -> FinalEvent:
    final = final_of(eng.generate(GenerateRequest(prompt_ids=tuple(ids), max_tokens=16, **kw)))
    assert final.error is None, final.error
    return final


@pytest.mark.parametrize("arch", ["llama", "gemma3"])
def test_relaunch_prefills_only_the_new_message_with_identical_output(tmp_path, tiny_models, arch):
    folder, cache_dir = tiny_models[arch], tmp_path / "prompt-cache"
    first = _engine(folder, cache_dir)
    try:
        new_message, p2 = _turns(first)
        cold = _greedy(first, p2, use_prompt_cache=False)  # the reference: no cache at all
    finally:
        _close(first)
    files = list(cache_dir.glob("*.safetensors"))
    assert files, "turn 1's cache was not written"

    relaunched = _engine(folder, cache_dir)  # a new process would look exactly like this
    try:
        warm = _greedy(relaunched, p2)
        assert warm.token_ids == cold.token_ids
        # Only the new message (and the reply's last token, which was never fed) is prefilled.
        assert warm.stats.prompt_tokens - warm.stats.cached_tokens <= new_message + 1
        assert relaunched.run(lambda: relaunched.prompt_cache.disk_loads) == 1
    finally:
        _close(relaunched)

    without = _engine(folder, None)  # and with the disk tier off, a relaunch prefills everything
    try:
        assert _greedy(without, p2).stats.cached_tokens == 0
    finally:
        without.shutdown()


def test_the_file_is_mlx_lm_prompt_cache_format(tmp_path, tiny_models):
    eng = _engine(tiny_models["llama"], tmp_path)
    try:
        _turns(eng)
    finally:
        _close(eng)
    (path,) = tmp_path.glob("*.safetensors")
    cache, meta = mlx_cache().load_prompt_cache(str(path), return_metadata=True)
    assert meta["format"] == FORMAT and len(meta["tokens"].split(",")) == cache[0].offset
    assert type(cache[0]).__name__ == "KVCache" and cache[0].keys.shape[2] == cache[0].offset


def _one_file(tmp_path, tiny_models) -> tuple[list[int], object]:
    eng = _engine(tiny_models["llama"], tmp_path)
    try:
        _n, p2 = _turns(eng)
    finally:
        _close(eng)
    (path,) = tmp_path.glob("*.safetensors")
    return p2, path


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage"])
def test_a_corrupt_or_truncated_file_is_ignored_with_a_log_line(tmp_path, tiny_models, caplog, damage):
    p2, path = _one_file(tmp_path, tiny_models)
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[-100] ^= 0xFF  # inside the tensor bytes: the header still parses
    elif damage == "truncate":
        data = data[: len(data) // 2]
    else:
        data = bytearray(b"not a safetensors file at all")
    path.write_bytes(bytes(data))
    eng = _engine(tiny_models["llama"], tmp_path)
    try:
        with caplog.at_level(logging.WARNING, logger="engine.generation.cache_files"):
            final = _greedy(eng, p2)
        assert final.stats.cached_tokens == 0
        assert any("ignored" in r.getMessage() for r in caplog.records)
        assert not path.exists()  # removed, so it is not read again
    finally:
        _close(eng)


def test_a_file_for_another_model_is_not_used(tmp_path, tiny_models, caplog):
    p2, path = _one_file(tmp_path, tiny_models)
    other = make_tiny_model(
        tmp_path / "other-llama", "llama", seed=1
    )  # same shapes and tokenizer, other weights
    eng = _engine(other, tmp_path)
    try:
        assert _greedy(eng, p2).stats.cached_tokens == 0
        assert path.exists()  # it still belongs to the first model
    finally:
        _close(eng)
    # The identity follows the content, not the path: the same model copied elsewhere finds its cache.
    copy = shutil.copytree(tiny_models["llama"], tmp_path / "moved-llama")
    eng = _engine(copy, tmp_path)
    try:
        assert _greedy(eng, p2).stats.cached_tokens > len(p2) // 2
    finally:
        _close(eng)


def test_a_file_whose_token_count_disagrees_with_its_cache_is_not_trusted(tmp_path, tiny_models, caplog):
    p2, path = _one_file(tmp_path, tiny_models)
    raw = path.read_bytes()
    n = int.from_bytes(raw[:8], "little")
    header = raw[8 : 8 + n].decode()
    tokens = header.split('"0.tokens":"')[1].split('"')[0]
    shorter = tokens.rsplit(",", 3)[0]  # claims 3 tokens fewer than the layers hold
    fixed = header.replace(tokens, shorter)
    fixed = fixed + " " * (len(header.encode()) - len(fixed.encode()))
    path.write_bytes(raw[:8] + fixed.encode() + raw[8 + n :])
    eng = _engine(tiny_models["llama"], tmp_path)
    try:
        with caplog.at_level(logging.WARNING, logger="engine.generation.cache_files"):
            assert _greedy(eng, p2).stats.cached_tokens == 0
        assert any("holds" in r.getMessage() for r in caplog.records)
    finally:
        _close(eng)


def test_the_folder_stays_within_its_budget_least_recently_used_first(tmp_path, tiny_models):
    eng = _engine(tiny_models["llama"], tmp_path, budget=1 << 30)
    try:
        tok = lambda text: eng.run(lambda: eng.model("chat").tokenizer.encode(text))  # noqa: E731
        prompts = [tok(f"Conversation number {i} is about topic {i * 7}. " * 4) for i in range(4)]
        _greedy(eng, prompts[0])
        eng.run(eng.prompt_cache.files.flush)
        one_file = eng.run(eng.prompt_cache.files.nbytes)
        assert one_file > 0
        eng.run(lambda: setattr(eng.prompt_cache.files, "budget_bytes", int(one_file * 2.5)))
        for ids in prompts[1:]:
            _greedy(eng, ids)
            eng.run(eng.prompt_cache.files.flush)
        files = eng.run(eng.prompt_cache.files._files)
        assert len(files) == 2 and eng.run(eng.prompt_cache.files.nbytes) <= one_file * 2.5
        identity = eng.run(lambda: next(iter(eng.prompt_cache._identities.values())))
        kept = [_read_header(p, identity).tokens for p in files]
        for recent in prompts[2:]:  # the two most recent conversations stay, the older two were evicted
            assert sum(t[: len(recent)] == tuple(recent) for t in kept) == 1
    finally:
        _close(eng)


def test_identity_ignores_the_path_but_not_the_weights(tmp_path, tiny_models):
    from engine.models.loader import load_lm

    a = load_lm(str(tiny_models["llama"]))
    b = load_lm(str(shutil.copytree(tiny_models["llama"], tmp_path / "copy")))
    c = load_lm(str(make_tiny_model(tmp_path / "seed2", "llama", seed=2)))
    assert model_identity(a.info) == model_identity(b.info) != model_identity(c.info)
    assert isinstance(PromptCacheFiles(tmp_path / "f", 1).budget_bytes, int)
