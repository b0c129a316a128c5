"""Losslessness: speculative output equals plain greedy output token for token (fp32)."""

import pytest
import torch

from fastapply.apply.candidate_constraint import OneOfOutputs
from fastapply.apply.line_constraint import OnlyKnownLines
from fastapply.apply.runaway import LoopStop, RunawaySlack
from fastapply.engine.config import EngineConfig
from fastapply.engine.engine import Engine
from fastapply.engine.sequence import GenerationRequest

from ...conftest import ByteTokenizer, tiny_model

NEW_TOKENS = 60


def hf_greedy(model, prompt, n):
    with torch.inference_mode():
        ids = torch.tensor([prompt])  # explicit mask: token 0 in a random prompt is not padding
        out = model.generate(
            ids,
            attention_mask=torch.ones_like(ids),
            max_new_tokens=n,
            do_sample=False,
            eos_token_id=None,
            pad_token_id=0,
        )
    return out[0, len(prompt) :].tolist()


def perturbed(tokens, every=13):
    """A draft that is right most of the time: the model's own output with a wrong token every so often."""
    return [(t + 1) % 256 if i % every == every - 1 else t for i, t in enumerate(tokens)]


@pytest.fixture(scope="module", params=["llama", "qwen2"])
def setup(request):
    model = tiny_model(request.param, seed=3)
    g = torch.Generator().manual_seed(7)
    prompts = [torch.randint(0, 256, (n,), generator=g).tolist() for n in (30, 45, 12)]
    greedy = [hf_greedy(model, p, NEW_TOKENS) for p in prompts]
    return model, prompts, greedy


def run(model, config, prompt, refs, n=NEW_TOKENS):
    engine = Engine(model, ByteTokenizer(), config)
    return engine, engine.generate(GenerationRequest(prompt, refs, max_new_tokens=n))


def test_plain_decoding_matches_transformers_generate(setup):
    model, prompts, greedy = setup
    for prompt, expected in zip(prompts, greedy):
        _, seq = run(model, EngineConfig(k=0), prompt, [])
        assert seq.output == expected
        assert seq.stats.passes == NEW_TOKENS


@pytest.mark.parametrize("k", [1, 8, 64])
@pytest.mark.parametrize("adaptive", [True, False])
@pytest.mark.parametrize("draft", ["own", "perturbed", "random"])
def test_speculative_output_is_token_identical_to_greedy(setup, k, adaptive, draft):
    model, prompts, greedy = setup
    g = torch.Generator().manual_seed(11)
    for prompt, expected in list(zip(prompts, greedy))[:2]:
        ref = {
            "own": expected,
            "perturbed": perturbed(expected),
            "random": torch.randint(0, 256, (200,), generator=g).tolist(),
        }[draft]
        _, seq = run(model, EngineConfig(k=k, adaptive=adaptive), prompt, [ref])
        assert seq.output == expected
        assert seq.stats.passes <= NEW_TOKENS
        if draft == "own" and not adaptive:
            # a perfect draft: every pass yields k+1 tokens except the last one
            assert seq.stats.passes == -(-NEW_TOKENS // (k + 1))


def test_batched_rows_are_each_identical_to_greedy(setup):
    model, prompts, greedy = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=16))
    refs = [[perturbed(greedy[0])], [], [greedy[2]]]
    seqs = [engine.add(GenerationRequest(p, r, max_new_tokens=NEW_TOKENS)) for p, r in zip(prompts, refs)]
    while engine.has_work():
        engine.step()
    for seq, expected in zip(seqs, greedy):
        assert seq.output == expected
    # batched: fewer forwards than the rows would need one after another
    assert engine.total_passes < sum(s.stats.passes for s in seqs) + 3


def test_useless_draft_is_not_slower_than_plain_in_passes(setup):
    model, prompts, greedy = setup
    useless = [(t + 7) % 256 for t in greedy[0]]  # never what the model says
    _, plain = run(model, EngineConfig(k=0), prompts[0], [])
    _, spec = run(model, EngineConfig(k=64), prompts[0], [useless])
    assert spec.output == plain.output
    assert spec.stats.passes <= plain.stats.passes
    # the adaptive length stops drafting: little is wasted on the useless draft
    assert spec.stats.drafted_tokens < 64


def test_stops_at_eos_and_max_tokens(setup):
    model, prompts, greedy = setup
    expected = greedy[0]
    stop = expected[10]
    first = expected.index(stop)
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=8))
    seq = engine.generate(GenerationRequest(prompts[0], [expected], max_new_tokens=NEW_TOKENS, stop_token_ids=(stop,)))
    assert seq.output == expected[:first] and seq.stats.finish_reason == "eos"
    seq = engine.generate(GenerationRequest(prompts[0], [expected], max_new_tokens=5))
    assert seq.output == expected[:5] and seq.stats.finish_reason == "length"


def test_stats_are_consistent(setup):
    model, prompts, greedy = setup
    _, seq = run(model, EngineConfig(k=64, adaptive=False), prompts[1], [greedy[1]])
    s = seq.stats
    assert s.output_tokens == NEW_TOKENS and s.accepted_tokens <= s.drafted_tokens
    assert s.tokens_per_pass == pytest.approx(NEW_TOKENS / s.passes)
    assert s.prompt_tokens == len(prompts[1]) and s.prefill_ms > 0 and s.decode_ms > 0 and s.ttft_ms > 0
    assert set(s.to_dict()) >= {"acceptance_rate", "tokens_per_pass", "tokens_per_s", "e2e_tokens_per_s"}


def test_cancel_and_budget(setup):
    model, prompts, _ = setup
    engine = Engine(model, ByteTokenizer(), EngineConfig(k=8, max_kv_tokens=200, max_batch=1))
    with pytest.raises(ValueError, match="budget"):
        engine.add(GenerationRequest(prompts[0], [], max_new_tokens=500))
    a = engine.add(GenerationRequest(prompts[0], [], max_new_tokens=20))
    b = engine.add(GenerationRequest(prompts[1], [], max_new_tokens=20))
    engine.step()
    assert len(engine.running) == 1 and len(engine.waiting) == 1  # max_batch=1: b waits
    engine.cancel(a)
    while engine.has_work():
        engine.step()
    assert a.stats.finish_reason == "cancelled" and b.stats.finish_reason == "length"


# -- line-constrained decoding (line_constraint.py) --------------------------------------------
ALLOWED = ("def add(a, b):", "    return a + b", "x = add(1, 2)", "print(x)")


class VisibleCharTokenizer(ByteTokenizer):
    """Every token but EOS is one character, and only " " and "\n" are whitespace: a random model's
    tokens can neither make a line uncheckable nor slip through as empty or whitespace text."""

    def decode(self, ids, skip_special_tokens=False):
        return "".join(chr(i) if 32 <= i < 127 or i == 10 else chr(i + 512) for i in ids if i != 256)


def constrained(model, config, prompt, refs, n=NEW_TOKENS, candidates=8):
    engine = Engine(model, VisibleCharTokenizer(), config)
    return engine.generate(
        GenerationRequest(prompt, refs, max_new_tokens=n, constraint=OnlyKnownLines(ALLOWED, candidates))
    )


def test_constrained_output_consists_of_allowed_lines(setup):
    model, prompts, _ = setup
    seq = constrained(model, EngineConfig(k=0), prompts[0], [], candidates=256)
    lines = VisibleCharTokenizer().decode(seq.output).split("\n")
    assert seq.stats.constraint_gave_up == 0 and seq.stats.constraint_forced > 0  # a random model needs forcing
    known = {" ".join(a.split()) for a in ALLOWED}
    assert all(" ".join(line.split()) in known | {""} for line in lines[:-1])
    assert any(a.startswith(" ".join(lines[-1].split())) for a in known)


@pytest.mark.parametrize("k", [1, 8, 64])
@pytest.mark.parametrize("candidates", [4, 256])
def test_constrained_speculative_output_is_token_identical_to_constrained_greedy(setup, k, candidates):
    model, prompts, _ = setup
    for prompt in prompts[:2]:
        plain = constrained(model, EngineConfig(k=0), prompt, [], candidates=candidates).output
        text = "\n".join(ALLOWED).encode()
        for ref in (plain, perturbed(plain), list(text)):
            seq = constrained(model, EngineConfig(k=k), prompt, [ref], candidates=candidates)
            assert seq.output == plain
        assert seq.stats.passes <= NEW_TOKENS


def test_a_constrained_row_does_not_change_its_unconstrained_neighbours(setup):
    model, prompts, greedy = setup
    engine = Engine(model, VisibleCharTokenizer(), EngineConfig(k=8))
    free = engine.add(GenerationRequest(prompts[0], [perturbed(greedy[0])], max_new_tokens=NEW_TOKENS))
    bound = engine.add(GenerationRequest(prompts[1], [], max_new_tokens=NEW_TOKENS, constraint=OnlyKnownLines(ALLOWED)))
    while engine.has_work():
        engine.step()
    assert free.output == greedy[0]
    assert bound.output == constrained(model, EngineConfig(k=0), prompts[1], []).output


def test_the_static_runner_decodes_constrained_requests_alike(setup):
    model, prompts, _ = setup
    for prompt in prompts[:2]:
        plain = constrained(model, EngineConfig(k=0), prompt, [], candidates=4).output
        static = constrained(
            model, EngineConfig(k=8, runner="static", slot_len=256), prompt, [perturbed(plain)], candidates=4
        )
        assert static.output == plain


# -- the loop stop (runaway.py) -----------------------------------------------------------------
SOURCE = ("def add(a, b):", "    return a + b")  # a random model's lines soon run longer than these


@pytest.mark.parametrize("k", [1, 8, 64])
def test_a_runaway_stops_at_the_same_token_for_any_draft_length(setup, k):
    model, prompts, greedy = setup
    slack = RunawaySlack(line_chars=0)
    for prompt, expected in list(zip(prompts, greedy))[:2]:
        request = dict(max_new_tokens=NEW_TOKENS, stop_criteria=(LoopStop(SOURCE, slack),))
        plain = Engine(model, ByteTokenizer(), EngineConfig(k=0)).generate(GenerationRequest(prompt, [], **request))
        assert plain.stats.finish_reason == "loop" and len(plain.output) < NEW_TOKENS
        assert plain.output == expected[: len(plain.output)]  # a prefix of plain greedy output
        for ref in (expected, perturbed(expected)):
            seq = Engine(model, ByteTokenizer(), EngineConfig(k=k)).generate(
                GenerationRequest(prompt, [ref], **request)
            )
            assert seq.output == plain.output and seq.stats.finish_reason == "loop"


def test_a_request_without_stop_criteria_runs_to_its_length(setup):
    model, prompts, greedy = setup
    seq = Engine(model, ByteTokenizer(), EngineConfig(k=8)).generate(
        GenerationRequest(prompts[0], [], max_new_tokens=NEW_TOKENS)
    )
    assert seq.output == greedy[0] and seq.stats.finish_reason == "length"


def test_a_turn_end_or_a_new_turn_stops_chatml_models(smollm_tokenizer):
    from types import SimpleNamespace

    from fastapply.engine.assembly import eos_ids

    model = SimpleNamespace(config=SimpleNamespace(eos_token_id=None), generation_config=None)
    ids = eos_ids(model, smollm_tokenizer)
    assert {smollm_tokenizer.convert_tokens_to_ids(t) for t in ("<|im_end|>", "<|im_start|>")} <= ids


class WithoutSettling:
    """A constraint spec whose constraint never reports a settled rest: every token takes a pass."""

    def __init__(self, spec):
        self.spec, self.candidates = spec, spec.candidates

    def build(self, context):
        constraint = self.spec.build(context)
        constraint.settled = lambda: None
        return constraint


@pytest.mark.parametrize("k", [0, 16])
def test_writing_a_settled_rest_without_passes_changes_no_token(setup, k):
    model, prompts, _ = setup
    g = torch.Generator().manual_seed(11)
    common, tails = torch.randint(0, 256, (20,), generator=g).tolist(), torch.randint(0, 256, (3, 30), generator=g)
    spec = OneOfOutputs(tuple(tuple(common + t.tolist()) for t in tails))  # they part after 20 tokens
    for prompt in prompts[:2]:
        engine = Engine(model, ByteTokenizer(), EngineConfig(k=k))
        request = dict(prompt_ids=prompt, references=[list(o) for o in spec.outputs], max_new_tokens=NEW_TOKENS)
        every_pass = engine.generate(GenerationRequest(**request, constraint=WithoutSettling(spec)))
        settled = engine.generate(GenerationRequest(**request, constraint=spec))
        assert settled.output == every_pass.output and tuple(settled.output) in spec.outputs
        assert settled.stats.constraint_settled > 0 and settled.stats.passes < every_pass.stats.passes
