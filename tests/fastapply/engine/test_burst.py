"""Bursts (several passes per host sync) through the engine: token-identical to plain greedy (fp32),
every stop at the token greedy stops at, fewer host syncs than passes."""

import doctest

import pytest
import torch

from fastapply.apply.line_constraint import OnlyKnownLines
from fastapply.apply.runaway import LoopStop, RunawaySlack
from fastapply.engine import burst
from fastapply.engine.config import EngineConfig
from fastapply.engine.engine import Engine
from fastapply.engine.sequence import GenerationRequest

from ...conftest import ByteTokenizer
from .test_engine import ALLOWED, NEW_TOKENS, VisibleCharTokenizer, perturbed, setup  # noqa: F401 - setup is a fixture

STATIC = dict(runner="static", slot_len=256, prefill_chunk=16)


def generate(model, request, tokenizer=None, **config):
    engine = Engine(model, tokenizer or ByteTokenizer(), EngineConfig(**{**STATIC, **config}))
    seq = engine.generate(GenerationRequest(**request))
    return engine, seq


def test_the_policy_examples_hold():
    assert doctest.testmod(burst).failed == 0


@pytest.mark.parametrize("k", [0, 8, 64])
@pytest.mark.parametrize("draft", ["own", "perturbed", "random"])
def test_bursts_are_token_identical_to_greedy_and_sync_less(setup, k, draft):
    model, prompts, greedy = setup
    g = torch.Generator().manual_seed(5)
    for prompt, expected in list(zip(prompts, greedy))[:2]:
        ref = {"own": expected, "perturbed": perturbed(expected), "random": torch.randint(0, 256, (200,), generator=g)}
        request = dict(prompt_ids=prompt, references=[list(ref[draft])], max_new_tokens=NEW_TOKENS)
        bursts, seq = generate(model, request, k=k, passes_per_sync=8)
        per_pass, single = generate(model, request, k=k, passes_per_sync=1)
        assert seq.output == single.output == expected
        assert per_pass.host_syncs == per_pass.runner.profile.passes  # one sync per verification pass
        assert bursts.host_syncs <= bursts.runner.profile.passes
        if draft == "own" or k == 0:
            assert bursts.host_syncs < per_pass.host_syncs  # several passes per sync
            assert bursts.host_syncs < bursts.runner.profile.passes


@pytest.mark.parametrize("k", [8, 64])
def test_max_new_tokens_and_stop_tokens_cut_a_burst_mid_pass(setup, k):
    model, prompts, greedy = setup
    expected = greedy[0]
    for n in (1, 23):
        _, seq = generate(model, dict(prompt_ids=prompts[0], references=[expected], max_new_tokens=n), k=k)
        assert seq.output == expected[:n] and seq.stats.finish_reason == "length"
    stop = expected[17]
    request = dict(prompt_ids=prompts[0], references=[expected], max_new_tokens=NEW_TOKENS, stop_token_ids=(stop,))
    engine, seq = generate(model, request, k=k)
    assert seq.output == expected[: expected.index(stop)] and seq.stats.finish_reason == "eos"
    assert engine.host_syncs < engine.runner.profile.passes


def stop_string(tokens, at=12):
    """The text of two tokens of the greedy output: a stop string it completes mid-way (at the
    latest at ``at + 2`` tokens, earlier where the text occurs before)."""
    return ByteTokenizer().decode(tokens[at : at + 2])


@pytest.mark.parametrize("runner", ["varlen", "static"])
@pytest.mark.parametrize("k", [8, 64])
def test_a_stop_string_ends_the_output_at_the_token_greedy_ends_it(setup, runner, k):
    model, prompts, greedy = setup
    for prompt, expected in list(zip(prompts, greedy))[:2]:
        request = dict(prompt_ids=prompt, references=[expected], max_new_tokens=NEW_TOKENS)
        request["stop_strings"] = (stop_string(expected),)
        _, plain = generate(model, request, k=0, runner="varlen")
        assert plain.stats.finish_reason == "stop" and len(plain.output) < NEW_TOKENS
        assert plain.output == expected[: len(plain.output)]
        for passes in (1, 8):
            _, seq = generate(model, request, k=k, runner=runner, passes_per_sync=passes)
            assert seq.output == plain.output and seq.stats.finish_reason == "stop"


def test_a_stop_criterion_ends_a_burst_where_greedy_ends(setup):
    model, prompts, greedy = setup
    request = dict(
        prompt_ids=prompts[0],
        references=[greedy[0]],
        max_new_tokens=NEW_TOKENS,
        stop_criteria=(LoopStop(("def add(a, b):", "    return a + b"), RunawaySlack(line_chars=0)),),
    )
    _, plain = generate(model, request, k=0, runner="varlen")
    assert plain.stats.finish_reason == "loop" and len(plain.output) < NEW_TOKENS
    engine, seq = generate(model, request, k=64)
    assert seq.output == plain.output and seq.stats.finish_reason == "loop"
    assert engine.host_syncs < engine.runner.profile.passes


def test_a_constrained_row_takes_per_pass_steps_beside_bursting_rows(setup):
    model, prompts, greedy = setup
    constrained = dict(prompt_ids=prompts[1], references=[], max_new_tokens=20, constraint=OnlyKnownLines(ALLOWED))
    engine = Engine(model, VisibleCharTokenizer(), EngineConfig(k=8, **STATIC))
    free = engine.add(GenerationRequest(prompts[0], [greedy[0]], max_new_tokens=NEW_TOKENS))
    bound = engine.add(GenerationRequest(**constrained))
    while engine.has_work():
        engine.step()
    _, alone = generate(model, constrained, VisibleCharTokenizer(), k=0, runner="varlen")
    assert bound.output == alone.output and free.output == greedy[0]
    # while the constrained row ran, every step was one pass and one sync; the free row's rest burst
    assert engine.host_syncs < engine.runner.profile.passes and free.stats.passes < NEW_TOKENS


def test_rows_that_join_and_finish_at_different_times_stay_exact(setup):
    model, prompts, greedy = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=16, max_batch=2, **STATIC))
    lengths = [NEW_TOKENS, 7, 33]
    seqs = [
        engine.add(GenerationRequest(p, [perturbed(e)], max_new_tokens=n)) for p, e, n in zip(prompts, greedy, lengths)
    ]
    while engine.has_work():
        engine.step()
    assert [s.output for s in seqs] == [e[:n] for e, n in zip(greedy, lengths)]
    assert sorted(engine.runner.free_slots) == [0, 1] and not engine.runner.caches
