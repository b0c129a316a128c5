"""Fixtures shared across the suite: tiny random Llama/Qwen2 models (no download) and a byte-level
tokenizer for engine mechanics; the real SmolLM2 tokenizer and weights where a test needs them."""

from __future__ import annotations

import pytest
import torch


class ByteTokenizer:
    """Just enough tokenizer for the engine: token i < 256 is byte i, 256 is EOS."""

    eos_token_id = 256

    def get_vocab(self):
        return {"<eos>": 256}

    def convert_tokens_to_ids(self, token):
        return self.get_vocab().get(token)

    def encode(self, text, add_special_tokens=False):
        return list(text.encode("utf-8"))

    def decode(self, ids, skip_special_tokens=False):
        return bytes(i for i in ids if i < 256).decode("utf-8", errors="replace")


def tiny_model(kind: str = "llama", vocab: int = 320, seed: int = 0, max_positions: int = 1024):
    from transformers import LlamaConfig, LlamaForCausalLM, Qwen2Config, Qwen2ForCausalLM

    torch.manual_seed(seed)
    common = dict(
        vocab_size=vocab,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=max_positions,
        eos_token_id=256,
        bos_token_id=257,
        pad_token_id=256,
    )
    if kind == "llama":
        model = LlamaForCausalLM(LlamaConfig(**common, tie_word_embeddings=True))
    elif kind == "qwen2":
        model = Qwen2ForCausalLM(Qwen2Config(**common, tie_word_embeddings=False))
    else:
        raise ValueError(kind)
    # Random init gives nearly flat logits; scale up so greedy choices are far from ties.
    with torch.no_grad():
        model.lm_head.weight.mul_(8.0)
    return model.eval().requires_grad_(False)


@pytest.fixture
def byte_tokenizer():
    return ByteTokenizer()


@pytest.fixture(scope="session")
def smollm_dir():
    """The embedded default model as a safetensors folder (converted from the GGUF once, ~40 s)."""
    from fastapply.models.loader import default_model_dir

    return default_model_dir()


@pytest.fixture(scope="session")
def smollm_tokenizer(smollm_dir):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(smollm_dir)


@pytest.fixture(scope="session")
def tiny_model_dir(smollm_tokenizer, tmp_path_factory):
    """A tiny random Llama with the real SmolLM2 tokenizer, saved as a HF folder (for --model)."""
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    tok = smollm_tokenizer
    cfg = LlamaConfig(
        vocab_size=len(tok),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=2048,
        tie_word_embeddings=True,
        eos_token_id=tok.eos_token_id,
        bos_token_id=tok.bos_token_id,
        pad_token_id=tok.eos_token_id,
    )
    out = tmp_path_factory.mktemp("tiny_llama")
    LlamaForCausalLM(cfg).save_pretrained(out)
    tok.save_pretrained(out)
    return out
