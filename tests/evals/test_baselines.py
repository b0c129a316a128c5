"""The HF baseline on a tiny randomly initialised Llama (real transformers generate, no weights)."""

import types

import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from fastapply.evals.baselines import hf_generate, summarize_baselines  # noqa: E402


@pytest.fixture(scope="module")
def tiny_model():
    torch.manual_seed(0)
    config = transformers.LlamaConfig(
        vocab_size=64,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=2,
        num_key_value_heads=2,
        max_position_embeddings=256,
        bos_token_id=0,
        eos_token_id=63,
    )
    return transformers.LlamaForCausalLM(config).eval()


TOKENIZER = types.SimpleNamespace(eos_token_id=63, pad_token_id=None)
PROMPT = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 3, 4, 5]


def test_prompt_lookup_is_lossless_against_plain_greedy(tiny_model):
    greedy, seconds = hf_generate(tiny_model, TOKENIZER, PROMPT, 24)
    lookup, lookup_seconds = hf_generate(tiny_model, TOKENIZER, PROMPT, 24, prompt_lookup=4)
    assert 0 < len(greedy) <= 24 and seconds > 0 and lookup_seconds > 0
    assert lookup == greedy
    assert 63 not in greedy[-1:]  # trailing EOS stripped


def test_bad_arguments(tiny_model):
    with pytest.raises(ValueError):
        hf_generate(tiny_model, TOKENIZER, PROMPT, 0)
    with pytest.raises(ValueError):
        hf_generate(tiny_model, TOKENIZER, PROMPT, 4, prompt_lookup=-1)


def test_summarize_baselines_uses_ratio_of_sums():
    rows = [
        {
            "engine_ms": 100.0,
            "greedy_ms": 400.0,
            "hf_lookup_ms": 200.0,
            "lossless": True,
            "hf_same_output": True,
            "speedup_vs_greedy": 4.0,
            "speedup_vs_hf_lookup": 2.0,
        },
        {
            "engine_ms": 300.0,
            "greedy_ms": 400.0,
            "hf_lookup_ms": 600.0,
            "lossless": False,
            "hf_same_output": None,
            "speedup_vs_greedy": 4 / 3,
            "speedup_vs_hf_lookup": 2.0,
        },
        {"id": "x", "error": "RuntimeError: oom"},
    ]
    s = summarize_baselines(rows)
    assert s["cases"] == 2 and s["errors"] == 1
    assert s["speedup_vs_greedy"] == pytest.approx(2.0)  # 800 / 400, not the mean of per-case ratios
    assert s["speedup_vs_hf_lookup"] == pytest.approx(2.0)
    assert s["lossless_rate"] == 0.5 and s["hf_same_output_rate"] == 1.0
