"""Training tests use the suite's shared fixtures (tests/conftest.py): the real SmolLM2 tokenizer and
a tiny random Llama with that tokenizer saved as a transformers folder (the trainer's --base)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def tokenizer(smollm_tokenizer):
    return smollm_tokenizer


@pytest.fixture(scope="session")
def tiny_base(tiny_model_dir):
    return str(tiny_model_dir)
