import pytest
import torch

from fastapply.runners.base import Row
from fastapply.runners.varlen import VarlenRunner

from ...conftest import tiny_model


@pytest.mark.parametrize("kind", ["llama", "qwen2"])
def test_batched_varlen_forward_matches_transformers(kind):
    model = tiny_model(kind)
    runner = VarlenRunner(model)
    g = torch.Generator().manual_seed(1)
    seqs = [torch.randint(0, 256, (n,), generator=g).tolist() for n in (37, 50, 23)]
    with torch.inference_mode():
        reference = [model(torch.tensor([s])).logits[0].argmax(-1).tolist() for s in seqs]
    caches = [runner.allocate(128) for _ in seqs]
    # prefill the first part of each row in one batched forward (no logits), then the rest with
    # logits for every position: rows of different lengths and different cache offsets.
    splits = [10, 31, 1]
    out = runner.verify([Row(c, s[:p], 0) for c, s, p in zip(caches, seqs, splits)]).targets
    assert out == [[], [], []]
    for c, p in zip(caches, splits):
        c.truncate(p)
    out = runner.verify([Row(c, s[p:], len(s) - p) for c, s, p in zip(caches, seqs, splits)]).targets
    for got, ref, p in zip(out, reference, splits):
        assert got == ref[p:]


def test_rollback_overwrites_rejected_positions():
    model = tiny_model("llama")
    runner = VarlenRunner(model)
    seq = list(range(40, 80))
    with torch.inference_mode():
        reference = model(torch.tensor([seq])).logits[0].argmax(-1).tolist()
    cache = runner.allocate(64)
    runner.verify([Row(cache, seq[:20], 0)])
    cache.truncate(20)
    runner.verify([Row(cache, [1, 2, 3, 4, 5], 5)])  # a rejected draft written at 20..24
    cache.truncate(20)  # rollback is a length reset
    out = runner.verify([Row(cache, seq[20:], 20)]).targets
    assert out[0] == reference[20:]


def test_unsupported_model_type_is_a_clear_error():
    from transformers import GPT2Config, GPT2LMHeadModel

    model = GPT2LMHeadModel(GPT2Config(n_layer=1, n_head=2, n_embd=16, vocab_size=50))
    with pytest.raises(ValueError, match="not supported"):
        VarlenRunner(model)


def test_cache_overflow_is_an_error():
    runner = VarlenRunner(tiny_model("llama"))
    cache = runner.allocate(8)
    with pytest.raises(RuntimeError, match="overflow"):
        runner.verify([Row(cache, list(range(9)), 1)])
