"""The static runner's verification pass with attention over each row's valid positions
(``verify_attention``, opted in on CUDA) gives the logits and greedy tokens of its default SDPA
pass, on rows of different lengths in one key bucket."""

import pytest
import torch
from transformers import LlamaConfig, LlamaForCausalLM

from fastapply.runners import static
from fastapply.runners.static import StaticRunner


def _model():
    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=300,
        hidden_size=64,
        intermediate_size=96,
        num_hidden_layers=2,
        num_attention_heads=2,
        num_key_value_heads=1,
        head_dim=64,  # the kernel's head sizes are 64 and 128
        max_position_embeddings=256,
        tie_word_embeddings=True,
    )
    model = LlamaForCausalLM(config).eval().requires_grad_(False)
    with torch.no_grad():
        model.lm_head.weight.mul_(8.0)
    return model


def _passes(runner: StaticRunner) -> list[torch.Tensor]:
    g = torch.Generator().manual_seed(3)
    runner.lengths.zero_()
    runner.prefill_rows([0, 1, 2], [list(range(5, 40)), list(range(7, 12)), [9]], [0, 0, 0])
    out = []
    for _ in range(2):
        tokens = torch.randint(0, 300, (3, runner.k + 1), generator=g)
        out.append(runner.logits(tokens, keys=64))
        runner.lengths += torch.tensor([3, 1, 5])  # some of the draft accepted
    return out


def test_valid_positions_attention_gives_the_default_pass(triton_device, monkeypatch):
    from fastapply.kernels import _triton

    runner = StaticRunner(_model(), batch=3, k=6, max_len=96)
    default = _passes(runner)
    kernel = _triton.for_tensor("attention_triton", runner.keys).verify_attention_triton
    monkeypatch.setattr(static, "fused_decoder", lambda device: True)
    monkeypatch.setattr(static, "verify_attention", kernel)
    fused = _passes(runner)
    for want, got in zip(default, fused):
        assert torch.allclose(got, want, atol=1e-4, rtol=1e-4)
        assert torch.equal(got.argmax(-1), want.argmax(-1))


def test_the_default_pass_does_not_call_the_kernel(monkeypatch):
    def refuse(*args):
        pytest.fail("the default pass must not use verify_attention")

    monkeypatch.setattr(static, "verify_attention", refuse)
    _passes(StaticRunner(_model(), batch=3, k=6, max_len=96))
