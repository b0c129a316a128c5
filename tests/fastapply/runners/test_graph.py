"""The static-shape runner through the engine: token-identical to greedy (fp32), slots reused."""

import pytest
import torch

from fastapply.engine.config import EngineConfig
from fastapply.engine.engine import Engine
from fastapply.engine.sequence import GenerationRequest
from fastapply.runners.graph import GraphRunner

from ...conftest import ByteTokenizer
from ..engine.test_engine import NEW_TOKENS, perturbed, setup  # noqa: F401 - setup is a fixture

STATIC = dict(runner="static", slot_len=256, prefill_chunk=16)  # small chunks: prefill takes passes


@pytest.mark.parametrize("k", [8, 64])
@pytest.mark.parametrize("draft", ["own", "perturbed", "random"])
def test_static_engine_is_token_identical_to_greedy(setup, k, draft):
    model, prompts, greedy = setup
    g = torch.Generator().manual_seed(5)
    for prompt, expected in list(zip(prompts, greedy))[:2]:
        ref = {
            "own": expected,
            "perturbed": perturbed(expected),
            "random": torch.randint(0, 256, (200,), generator=g).tolist(),
        }[draft]
        engine = Engine(model, ByteTokenizer(), EngineConfig(k=k, **STATIC))
        assert isinstance(engine.runner, GraphRunner) and engine.runner.graph is None  # CPU: eager
        seq = engine.generate(GenerationRequest(prompt, [ref], max_new_tokens=NEW_TOKENS))
        assert seq.output == expected
        if draft == "own":
            assert seq.stats.passes <= -(-NEW_TOKENS // (k + 1)) + 2


def test_slots_are_shared_by_a_batch_and_reused_by_the_queue(setup):
    model, prompts, greedy = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, max_batch=2, **STATIC))
    refs = [[perturbed(greedy[0])], [], [greedy[2]]]
    seqs = [engine.add(GenerationRequest(p, r, max_new_tokens=NEW_TOKENS)) for p, r in zip(prompts, refs)]
    while engine.has_work():
        engine.step()
    assert [s.output for s in seqs] == greedy  # the third one ran in a slot freed by an earlier one
    assert sorted(engine.runner.free_slots) == [0, 1]


def test_a_slot_counts_whole_against_the_kv_budget(setup):
    model, prompts, greedy = setup
    # room for one slot of 256 positions: the second request waits for the first one's slot
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=8, max_kv_tokens=300, **STATIC))
    seqs = [engine.add(GenerationRequest(p, [], max_new_tokens=NEW_TOKENS)) for p in prompts[:2]]
    engine.step()
    assert engine.batch_size == 1 and engine.queue_depth == 1
    while engine.has_work():
        engine.step()
    assert [s.output for s in seqs] == greedy[:2]
    cache = engine.runner.allocate(10)
    engine.runner.free(cache)
    with pytest.raises(RuntimeError, match="freed twice"):
        engine.runner.free(cache)


def test_requests_the_static_shapes_cannot_hold_are_refused(setup):
    model, prompts, _ = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=8, **STATIC))
    with pytest.raises(ValueError, match="static runner"):
        engine.add(GenerationRequest(prompts[0], [], max_new_tokens=10, k=16))
    with pytest.raises(ValueError, match="positions per slot"):
        engine.add(GenerationRequest(prompts[0], [], max_new_tokens=250))
    with pytest.raises(ValueError):
        EngineConfig(runner="paged")


def test_auto_picks_varlen_on_cpu_and_static_on_cuda():
    assert EngineConfig().runner_for("cpu") == "varlen"
    assert EngineConfig().runner_for("cuda") == "static"
    assert EngineConfig(runner="varlen").runner_for("cuda") == "varlen"


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_graph_replay_is_token_identical_to_greedy(setup):
    model, prompts, greedy = setup
    model = model.to("cuda")
    try:
        engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, **STATIC))
        assert engine.runner.graph is not None
        seqs = [
            engine.add(GenerationRequest(p, [perturbed(e)], max_new_tokens=NEW_TOKENS)) for p, e in zip(prompts, greedy)
        ]
        while engine.has_work():
            engine.step()
        assert [s.output for s in seqs] == greedy
    finally:
        model.to("cpu")
