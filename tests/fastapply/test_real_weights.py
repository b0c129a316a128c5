"""The embedded SmolLM2-135M weights: speculative == plain greedy token for token (fp32).

Marked real_weights: CI runs these (a few seconds each once the GGUF is converted and cached)."""

import pytest

from fastapply import merge
from fastapply.apply.applier import Applier
from fastapply.apply.line_constraint import OnlyKnownLines
from fastapply.apply.request import ApplyRequest
from fastapply.apply.runaway import LoopStop, RunawaySlack
from fastapply.engine.config import EngineConfig
from fastapply.engine.engine import Engine
from fastapply.engine.sequence import GenerationRequest
from fastapply.models.loader import ModelSpec, load_model

pytestmark = pytest.mark.real_weights

ORIGINAL = '''import os


def read_config(path):
    """Read a key=value config file."""
    values = {}
    with open(path) as handle:
        for line in handle:
            key, _, value = line.partition("=")
            values[key.strip()] = value.strip()
    return values
'''
SNIPPET = '''# ... existing code ...
def read_config(path, encoding="utf-8"):
    """Read a key=value config file."""
    values = {}
    with open(path, encoding=encoding) as handle:
        # ... existing code ...
'''


@pytest.fixture(scope="module")
def smollm():
    model, tokenizer, _ = load_model(ModelSpec("default", "cpu", "float32"))
    return model, tokenizer


def test_speculative_equals_plain_greedy_on_the_real_model(smollm):
    model, tokenizer = smollm
    applier = Applier(Engine(model, tokenizer, EngineConfig(k=0)))
    prompt = applier.prompt_ids(ORIGINAL, SNIPPET)
    original = tokenizer.encode(ORIGINAL, add_special_tokens=False)
    plain = applier.engine.generate(GenerationRequest(prompt, [], max_new_tokens=48))
    for k in (8, 64):
        engine = Engine(model, tokenizer, EngineConfig(k=k))
        spec = engine.generate(GenerationRequest(prompt, [original], max_new_tokens=48))
        assert spec.output == plain.output
    # a draft that is the model's own output: the pass count collapses
    engine = Engine(model, tokenizer, EngineConfig(k=64, adaptive=False))
    own = engine.generate(GenerationRequest(prompt, [plain.output], max_new_tokens=48))
    assert own.output == plain.output and own.stats.passes == 1


def test_applier_end_to_end_on_the_real_model(smollm):
    model, tokenizer = smollm
    applier = Applier(Engine(model, tokenizer, EngineConfig(k=64)))
    result = applier.apply(ApplyRequest(ORIGINAL, SNIPPET, max_tokens=160, mode="model"))
    assert result.stats.output_tokens > 0 and result.stats.passes <= result.stats.output_tokens
    assert result.diff is not None and result.mode_used == "model"
    codes = {w.code for w in result.warnings}
    if result.stats.finish_reason == "length":  # stopped by max_tokens: the output is not complete
        assert "truncated" in codes
    if "# ... existing code ..." in result.merged:
        assert "marker_leak" in codes


def test_constrained_speculative_equals_constrained_plain_on_the_real_model(smollm):
    model, tokenizer = smollm
    applier = Applier(Engine(model, tokenizer, EngineConfig(k=0)))
    prompt = applier.prompt_ids(ORIGINAL, SNIPPET)
    allowed = merge.mergeable_lines(ORIGINAL, SNIPPET, "python")
    plain = applier.engine.generate(
        GenerationRequest(prompt, [], max_new_tokens=64, constraint=OnlyKnownLines(allowed))
    )
    engine = Engine(model, tokenizer, EngineConfig(k=64))
    drafts = [tokenizer.encode(t, add_special_tokens=False) for t in (ORIGINAL, SNIPPET)]
    spec = engine.generate(GenerationRequest(prompt, drafts, max_new_tokens=64, constraint=OnlyKnownLines(allowed)))
    assert spec.output == plain.output and spec.stats.passes < plain.stats.passes
    if not plain.stats.constraint_gave_up:
        text = tokenizer.decode(plain.output, skip_special_tokens=True)
        known = {" ".join(line.split()) for line in allowed}
        assert all(" ".join(line.split()) in known for line in text.split("\n")[:-1])


def test_the_loop_stop_cuts_speculative_and_plain_output_at_the_same_token(smollm):
    model, tokenizer = smollm
    # repeats=0 and inputs of one line: the first line the model completes is one too many
    slack = RunawaySlack(repeats=0)
    request = dict(max_new_tokens=64, stop_criteria=(LoopStop(("x = 1",), slack),))
    applier = Applier(Engine(model, tokenizer, EngineConfig(k=0)))
    prompt = applier.prompt_ids(ORIGINAL, SNIPPET)
    plain = applier.engine.generate(GenerationRequest(prompt, [], **request))
    full = applier.engine.generate(GenerationRequest(prompt, [], max_new_tokens=64))
    spec = Engine(model, tokenizer, EngineConfig(k=64)).generate(
        GenerationRequest(prompt, [tokenizer.encode(ORIGINAL, add_special_tokens=False)], **request)
    )
    assert plain.stats.finish_reason == "loop" and len(plain.output) < len(full.output)
    assert plain.output == full.output[: len(plain.output)]  # a prefix of plain greedy output
    assert spec.output == plain.output and spec.stats.finish_reason == "loop"
