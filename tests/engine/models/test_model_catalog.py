"""The curated catalog in resources/: its schema, its pairings, and "fits this Mac"."""

import json

import pytest

from engine.models import CatalogError, fits, load_catalog, memory_budget, total_memory_bytes
from engine.models.recommend import catalog_path


def test_shipped_catalog_is_valid_and_covers_the_roles():
    catalog = load_catalog()
    kinds = {m.kind for m in catalog.models}
    assert {"chat", "embedder", "reranker"} <= kinds
    chat = [m for m in catalog.models if m.kind == "chat"]
    assert len({m.parameters for m in chat}) >= 4  # several sizes
    assert any(m.drafts for m in chat)
    repos = {m.repo for m in catalog.models}
    for wanted in (
        "sentence-transformers/all-MiniLM-L6-v2",
        "BAAI/bge-small-en-v1.5",
        "intfloat/multilingual-e5-small",
        "cross-encoder/ms-marco-MiniLM-L-6-v2",
        "BAAI/bge-reranker-base",
    ):
        assert wanted in repos
    for m in catalog.models:
        assert m.license and m.good_for.endswith(".") and m.memory_bytes >= m.download_bytes


def _write(tmp_path, mutate):
    data = json.loads(catalog_path().read_text())
    mutate(data)
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["models"][0].pop("license"), "lacks"),
        (lambda d: d["models"][0].update(kind="vision"), "kind"),
        (lambda d: d["models"][0].update(repo="not a repo"), "owner/name"),
        (lambda d: d["models"][0].update(download_bytes=-1), "positive integer"),
        (lambda d: d["models"][0].update(revision="v1"), "revision"),
        (lambda d: d["models"].append(dict(d["models"][0])), "twice"),
        (lambda d: d["models"][1].update(drafts=["qwen3-14b-4bit"]), "not smaller"),
        (lambda d: d["models"][1].update(drafts=["all-minilm-l6-v2"]), "not a chat model"),
        (lambda d: d.update(schema=99), "schema"),
    ],
)
def test_malformed_catalogs_are_refused_with_the_reason(tmp_path, mutate, message):
    with pytest.raises(CatalogError, match=message):
        load_catalog(_write(tmp_path, mutate))


def test_fits_this_machine_from_its_memory():
    total = total_memory_bytes()
    assert total > 1 << 30  # /proc/meminfo here, sysctl on macOS
    assert memory_budget(16 << 30) == 12 << 30  # a quarter kept back
    assert memory_budget(8 << 30) == 4 << 30  # at least 4 GiB kept back
    catalog = load_catalog()
    big, small = catalog.get("qwen3-14b-4bit"), catalog.get("qwen3-0.6b-4bit")
    assert fits(small, memory_budget(8 << 30)) and not fits(big, memory_budget(8 << 30))
    assert fits(big, memory_budget(32 << 30))


def test_a_dflash_drafter_names_its_target(tmp_path):
    drafter = load_catalog().get("qwen3-8b-dflash-b16")
    assert drafter.kind == "dflash-drafter" and drafter.target == "qwen3-8b-4bit"
    for mutate in (
        lambda d: next(m for m in d["models"] if m["kind"] == "dflash-drafter").pop("target"),
        lambda d: next(m for m in d["models"] if m["kind"] == "dflash-drafter").update(
            target="all-minilm-l6-v2"
        ),
        lambda d: d["models"][0].update(target="qwen3-8b-4bit"),
    ):
        with pytest.raises(CatalogError, match="names as target a chat model"):
            load_catalog(_write(tmp_path, mutate))
