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
        assert isinstance(engine.runner, GraphRunner) and not engine.runner.capturing  # CPU: eager
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
@pytest.mark.parametrize("passes", [1, 8])
@pytest.mark.parametrize("draft", ["own", "perturbed"])
def test_cuda_graph_replay_is_token_identical_to_greedy(setup, passes, draft):
    model, prompts, greedy = setup
    model = model.to("cuda")
    try:
        engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, passes_per_sync=passes, **STATIC))
        assert engine.runner.capturing
        refs = greedy if draft == "own" else [perturbed(e) for e in greedy]
        seqs = [engine.add(GenerationRequest(p, [r], max_new_tokens=NEW_TOKENS)) for p, r in zip(prompts, refs)]
        while engine.has_work():
            engine.step()
        assert [s.output for s in seqs] == greedy
        if passes == 1:
            assert engine.runner.graphs and not engine.runner.loop_graphs
            assert engine.host_syncs == engine.runner.profile.passes
        elif draft == "own":  # every row follows its draft: the device loop's graph is replayed
            assert engine.runner.loop_graphs and engine.host_syncs < engine.runner.profile.passes
    finally:
        model.to("cpu")


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
def test_cuda_graphs_captured_ahead_for_each_key_bucket_are_token_identical(setup):
    model, prompts, greedy = setup
    model = model.to("cuda")
    try:
        config = EngineConfig(k=16, runner="static", slot_len=2000, prefill_chunk=16)
        engine = Engine(model, ByteTokenizer(), config)
        engine.runner.prepare_graphs(600)  # and room for a burst's bound: 600 + 8 passes of 17 positions
        assert sorted(engine.runner.graphs) == sorted(engine.runner.loop_graphs) == [256, 512, 1024]
        seqs = [engine.add(GenerationRequest(p, [e], max_new_tokens=NEW_TOKENS)) for p, e in zip(prompts, greedy)]
        while engine.has_work():
            engine.step()
        assert [s.output for s in seqs] == greedy
        assert sorted(engine.runner.graphs) == [256, 512, 1024]  # rows of < 256 positions: nothing new
    finally:
        model.to("cpu")


def test_prefill_of_every_admitted_row_is_one_forward_per_chunk(setup):
    model, prompts, greedy = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, max_batch=3, **STATIC))
    seqs = [engine.add(GenerationRequest(p, [e], max_new_tokens=NEW_TOKENS)) for p, e in zip(prompts, greedy)]
    while engine.has_work():
        engine.step()
    assert [s.output for s in seqs] == greedy
    profile = engine.runner.profile
    # prompts of 30, 45 and 12 tokens in chunks of 16: 2 + 3 + 1 chunks in 3 forwards, not 6
    assert (profile.prefill_rows, profile.prefill_forwards) == (6, 3)
    assert profile.syncs <= profile.passes


def test_slots_are_sized_from_the_kv_budget_per_request(setup):
    model, prompts, greedy = setup
    config = EngineConfig(k=8, max_batch=4, max_kv_tokens=4 * 200, runner="static")
    engine = Engine(model, ByteTokenizer(), config)
    assert engine.runner.max_len == config.slot_positions(1024) == 200
    assert engine.runner.max_positions == 200 - 8 - 1  # what the applier may plan for (prompt + output)
    seqs = [engine.add(GenerationRequest(p, [e], max_new_tokens=NEW_TOKENS)) for p, e in zip(prompts, greedy)]
    engine.step()
    assert engine.batch_size == 3  # every request gets a slot: the budget holds max_batch of them
    while engine.has_work():
        engine.step()
    assert [s.output for s in seqs] == greedy
    whole = Engine(model, ByteTokenizer(), EngineConfig(k=8, max_batch=1, runner="static"))
    assert whole.runner.max_len == 1024 + 8 + 1 and whole.runner.max_positions == 1024  # capped at a context


def test_a_request_with_a_smaller_k_still_leaves_room_for_the_runners_draft(setup):
    model, prompts, _ = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, **STATIC))
    room = 256 - len(prompts[0]) - 16 - 1  # the most max_new_tokens the slot holds at the runner's k
    engine.add(GenerationRequest(prompts[0], [], max_new_tokens=room, k=4))
    with pytest.raises(ValueError, match="positions per slot"):  # every pass writes k + 1 = 17 positions
        engine.add(GenerationRequest(prompts[0], [], max_new_tokens=room + 1, k=4))


class EagerGraph:
    """Stands in for a CUDA graph on CPU: runs the captured pass's two warm-up passes for real, as
    ``GraphRunner._capture`` does, then runs the pass at each replay."""

    def __init__(self, run, loop):
        for _ in range(2):
            run()
            loop.pass_index.zero_()
        self.run = run

    def replay(self):
        self.run()


def test_graphs_captured_while_rows_run_leave_every_row_exact(setup, monkeypatch):
    model, prompts, greedy = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, max_batch=2, runner="static", slot_len=600))
    runner = engine.runner
    monkeypatch.setattr(runner, "capturing", True)
    monkeypatch.setattr(runner, "_capture", lambda run: EagerGraph(run, runner.loop))
    wrong = [(t + 1) % 256 for t in greedy[1]]  # rejected at once: that row takes per-pass steps
    refs, lengths = [greedy[0], wrong, greedy[2]], [NEW_TOKENS, 9, NEW_TOKENS]
    seqs = [engine.add(GenerationRequest(p, [r], max_new_tokens=n)) for p, r, n in zip(prompts, refs, lengths)]
    while engine.has_work():
        engine.step()
    assert [s.output for s in seqs] == [e[:n] for e, n in zip(greedy, lengths)]
    assert runner.graphs and runner.loop_graphs  # both kinds were "captured" with rows in their slots


def test_a_lone_fresh_prompt_is_prefilled_from_a_graph_per_padded_width(setup, monkeypatch):
    model, prompts, greedy = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, max_batch=2, runner="static", slot_len=600))
    runner = engine.runner
    monkeypatch.setattr(runner, "capturing", True)
    monkeypatch.setattr(runner, "_capture", lambda run: EagerGraph(run, runner.loop))
    runner.prepare_graphs(300)
    assert sorted(runner.prefill.graphs) == [256, 512]  # widths up to the positions asked for
    replayed, eager = [], []
    monkeypatch.setattr(
        runner.prefill, "run", lambda slot, tokens, f=runner.prefill.run: (replayed.append(slot), f(slot, tokens))
    )
    monkeypatch.setattr(
        runner.static, "prefill_rows", lambda *a, f=runner.static.prefill_rows: (eager.append(len(a[0])), f(*a))
    )
    for prompt, expected in list(zip(prompts, greedy))[:2]:  # one request at a time: the graph's case
        seq = engine.generate(GenerationRequest(prompt, [expected], max_new_tokens=NEW_TOKENS))
        assert seq.output == expected
    assert sorted(runner.prefill.graphs) == [256, 512] and len(replayed) == 2 and not eager  # none captured anew
    # two prompts admitted together prefill in one eager forward, and stay exact
    seqs = [engine.add(GenerationRequest(p, [e], max_new_tokens=NEW_TOKENS)) for p, e in zip(prompts[:2], greedy)]
    while engine.has_work():
        engine.step()
    assert [s.output for s in seqs] == greedy[:2] and eager == [2]


def test_a_prefill_graph_the_device_refuses_falls_back_to_the_eager_prefill(setup, monkeypatch):
    model, prompts, greedy = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, max_batch=2, runner="static", slot_len=600))
    runner = engine.runner

    def capture(run):
        if run.__code__ is not None and "prefill_padded" in run.__code__.co_names:
            raise RuntimeError("operation not permitted when stream is capturing")
        return EagerGraph(run, runner.loop)

    monkeypatch.setattr(runner, "capturing", True)
    monkeypatch.setattr(runner, "_capture", capture)
    seq = engine.generate(GenerationRequest(prompts[0], [greedy[0]], max_new_tokens=NEW_TOKENS))
    assert seq.output == greedy[0] and runner.prefill.failed and runner.profile.prefill_forwards >= 1
    seq = engine.generate(GenerationRequest(prompts[1], [greedy[1]], max_new_tokens=NEW_TOKENS))
    assert seq.output == greedy[1]  # later prompts prefill eagerly without trying again
