"""The fused layer kernels (residual add + RMSNorm, the SwiGLU gate): each reference is the
decoder's own arithmetic exactly, each Triton kernel matches its reference (CPU through the Triton
interpreter, and CUDA when present), and the dispatchers pick the kernel where asked."""

import doctest

import pytest
import torch
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaMLP, LlamaRMSNorm

import fastapply.kernels as K
from fastapply.kernels import add_rms_norm_ref, addnorm, silu, silu_mul_ref


def _exact(device, dtype) -> bool:
    """Where the kernel must equal torch bit for bit: on the GPU, or in fp32 (the interpreter
    truncates fp32 -> bf16 where the GPU rounds to nearest even)."""
    return device.type == "cuda" or dtype == torch.float32


def test_worked_examples():
    assert doctest.testmod(addnorm).failed == 0
    assert doctest.testmod(silu).failed == 0


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_add_norm_reference_is_the_decoders_arithmetic(dtype):
    g = torch.Generator().manual_seed(0)
    module = LlamaRMSNorm(96, eps=1e-6).to(dtype)
    with torch.no_grad():
        module.weight.copy_(torch.randn(96, generator=g))
    hidden = (torch.randn(3, 5, 96, generator=g) * 4).to(dtype)
    delta = (torch.randn(3, 5, 96, generator=g) * 4).to(dtype)
    summed, normed = add_rms_norm_ref(hidden, delta, module.weight, module.variance_epsilon)
    want = hidden + delta  # hidden = hidden + o_proj(out), then the post-attention norm
    assert torch.equal(summed, want) and torch.equal(normed, module(want))
    for got, ref in zip(K.add_rms_norm(hidden, delta, module.weight, 1e-6), (summed, normed)):
        assert torch.equal(got, ref)  # off CUDA the reference answers


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_silu_reference_is_the_decoders_arithmetic(dtype):
    g = torch.Generator().manual_seed(1)
    config = LlamaConfig(hidden_size=16, intermediate_size=24, num_attention_heads=2, hidden_act="silu")
    mlp = LlamaMLP(config).to(dtype)
    x = torch.randn(2, 3, 16, generator=g).to(dtype)
    with torch.no_grad():
        gate_up = torch.cat([mlp.gate_proj(x), mlp.up_proj(x)], dim=-1)  # the joined projection's layout
        gate, up = gate_up.split([24, 24], dim=-1)
        assert torch.equal(silu_mul_ref(gate_up, 24), mlp.act_fn(gate) * up)
        # gate first, then up: transformers' own MLP. Close, not equal: on CPU, torch's silu of a
        # strided view (the decoder's split) and of a contiguous tensor may differ by an ulp.
        assert torch.allclose(mlp.down_proj(silu_mul_ref(gate_up, 24)), mlp(x), atol=1e-6, rtol=1e-5)
        assert torch.equal(K.silu_mul(gate_up, 24), silu_mul_ref(gate_up, 24))  # off CUDA the reference


def test_refused_inputs():
    x = torch.zeros(2, 8)
    with pytest.raises(ValueError, match="one shape and dtype"):
        add_rms_norm_ref(x, x.to(torch.bfloat16), torch.ones(8), 1e-6)
    with pytest.raises(ValueError, match="one shape and dtype"):
        add_rms_norm_ref(x, x[:1], torch.ones(8), 1e-6)  # no broadcasting
    with pytest.raises(ValueError, match="2 \\* inter"):
        silu_mul_ref(x, 3)


@pytest.mark.parametrize(("dtype", "hidden"), [(torch.float32, 96), (torch.float32, 100), (torch.bfloat16, 72)])
def test_add_norm_parity(dtype, hidden, triton_device):
    from fastapply.kernels import _triton

    g = torch.Generator().manual_seed(2)
    weight = torch.randn(hidden, generator=g).to(dtype).to(triton_device)
    x = (torch.randn(2, 3, hidden, generator=g) * 3).to(dtype).to(triton_device)
    delta = torch.randn(2, 3, hidden, generator=g).to(dtype).to(triton_device)
    fn = _triton.for_tensor("addnorm_triton", x).add_rms_norm_triton
    norm = _triton.for_tensor("rmsnorm_triton", x).rms_norm_triton
    wide = torch.randn(2, 3, 2 * hidden, generator=g).to(dtype).to(triton_device)
    # contiguous rows; a column slice (rows 2H apart, kept a view); rows that need a copy
    for a, b in ((x, delta), (wide[..., :hidden], delta), (x[:, 1:], wide[:, 1:, hidden:])):
        summed, normed = fn(a, b, weight, 1e-6)
        want_sum, want_norm = add_rms_norm_ref(a, b, weight, 1e-6)
        assert summed.shape == want_sum.shape and normed.dtype == want_norm.dtype
        if _exact(triton_device, dtype):
            assert torch.equal(summed, want_sum)
        else:
            assert torch.allclose(summed.float(), want_sum.float(), atol=0.0, rtol=2**-7)
        assert torch.equal(normed, norm(summed, weight, 1e-6))  # the same norm code as rms_norm
        tol = 1e-5 if dtype == torch.float32 else 3e-2
        assert torch.allclose(normed.float(), want_norm.float(), atol=tol, rtol=tol)


@pytest.mark.filterwarnings("ignore:overflow encountered in exp")  # exp(100) is inf in fp32, on the GPU too
@pytest.mark.parametrize(
    ("dtype", "inter"), [(torch.float32, 40), (torch.float32, 1100), (torch.bfloat16, 48), (torch.float16, 24)]
)
def test_silu_parity(dtype, inter, triton_device):
    from fastapply.kernels import _triton

    g = torch.Generator().manual_seed(3)
    gate_up = (torch.randn(2, 2, 2 * inter, generator=g) * 4).to(dtype).to(triton_device)
    gate_up[0, 0, :6] = torch.tensor([0.0, -0.0, 30.0, -30.0, 100.0, -100.0])  # exp(-g) 1, tiny, inf
    wide = (torch.randn(3, 2 * inter + 8, generator=g) * 4).to(dtype).to(triton_device)
    fn = _triton.for_tensor("silu_triton", gate_up).silu_mul_triton
    # inter = 1100: two column blocks with a masked tail; wide[:, :2 * inter]: rows 2·inter + 8 apart
    for x in (gate_up, wide[:, : 2 * inter]):
        got, want = fn(x, inter), silu_mul_ref(x, inter)
        assert got.shape == want.shape and got.dtype == want.dtype
        if triton_device.type == "cuda":
            assert torch.equal(got, want)
        elif dtype == torch.float32:  # numpy's exp stands in for libdevice's under the interpreter
            assert torch.allclose(got, want, atol=1e-6, rtol=1e-6)
        else:  # two truncations, each under one bf16 ulp
            assert torch.allclose(got.float(), want.float(), atol=1e-3, rtol=2**-5)


def test_dispatch_calls_the_kernels(triton_device, monkeypatch):
    """The path taken on CUDA, exercised wherever the kernels run (the interpreter on CPU)."""
    monkeypatch.setattr(K, "backend", lambda device: "triton")
    g = torch.Generator().manual_seed(4)
    x, delta, weight = (torch.randn(*shape, generator=g).to(triton_device) for shape in ((3, 24), (3, 24), (24,)))
    for got, want in zip(K.add_rms_norm(x, delta, weight, 1e-6), add_rms_norm_ref(x, delta, weight, 1e-6)):
        assert torch.allclose(got, want, atol=1e-5, rtol=1e-5)
    gate_up = torch.randn(3, 2, 32, generator=g).to(triton_device)
    assert torch.allclose(K.silu_mul(gate_up, 16), silu_mul_ref(gate_up, 16), atol=1e-6, rtol=1e-6)
