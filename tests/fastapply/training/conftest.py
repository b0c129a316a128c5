"""Shared fixtures: the real SmolLM2 tokenizer (cached after one GGUF read) and a tiny random Llama
with that tokenizer, saved as a transformers directory the trainer can use as --base."""
from __future__ import annotations

import pytest
import torch


@pytest.fixture(scope="session")
def tokenizer():
    from fastapply.training.modelio import load_tokenizer

    return load_tokenizer()


@pytest.fixture(scope="session")
def tiny_base(tokenizer, tmp_path_factory):
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=len(tokenizer), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                      num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=4096,
                      tie_word_embeddings=True, eos_token_id=tokenizer.eos_token_id,
                      bos_token_id=tokenizer.bos_token_id, pad_token_id=tokenizer.eos_token_id)
    out = tmp_path_factory.mktemp("tiny_base")
    LlamaForCausalLM(cfg).save_pretrained(out)
    tokenizer.save_pretrained(out)
    return str(out)
