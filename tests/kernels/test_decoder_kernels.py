"""The fused decoder kernels (RMSNorm, rotary embedding): each reference is the decoder's own
arithmetic exactly, each Triton kernel matches its reference (CPU through the Triton interpreter,
and CUDA when present), and the decoder uses them only where asked."""

import doctest

import pytest
import torch
from transformers.models.llama.modeling_llama import LlamaRMSNorm

from fastapply.kernels import fused_decoder, rms_norm_ref, rmsnorm
from fastapply.runners.llama import _norm


def test_worked_example():
    assert doctest.testmod(rmsnorm).failed == 0


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_reference_is_transformers_norm(dtype):
    g = torch.Generator().manual_seed(0)
    module = LlamaRMSNorm(96, eps=1e-6).to(dtype)
    with torch.no_grad():
        module.weight.copy_(torch.randn(96, generator=g))
    x = (torch.randn(3, 5, 96, generator=g) * 4).to(dtype)
    assert torch.equal(rms_norm_ref(x, module.weight, module.variance_epsilon), module(x))
    assert torch.equal(_norm(module, x, fused=True), module(x))  # off CUDA the reference answers


@pytest.mark.parametrize(
    ("dtype", "hidden", "tol"), [(torch.float32, 96, 1e-5), (torch.float32, 100, 1e-5), (torch.bfloat16, 64, 2e-2)]
)
def test_parity(dtype, hidden, tol, triton_device):
    from fastapply.kernels import _triton

    g = torch.Generator().manual_seed(1)
    weight = torch.randn(hidden, generator=g).to(dtype).to(triton_device)
    x = (torch.randn(2, 3, hidden, generator=g) * 3).to(dtype).to(triton_device)
    fn = _triton.for_tensor("rmsnorm_triton", x).rms_norm_triton
    got, want = fn(x, weight, 1e-6), rms_norm_ref(x, weight, 1e-6)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert torch.allclose(got.float(), want.float(), atol=tol, rtol=tol)
    strided = x[:, 1:]  # a view: rows not adjacent
    assert torch.allclose(
        fn(strided, weight, 1e-6).float(), rms_norm_ref(strided, weight, 1e-6).float(), atol=tol, rtol=tol
    )


def test_the_fused_decoder_is_opt_in_and_cuda_only(monkeypatch):
    monkeypatch.setenv("FASTAPPLY_KERNELS", "fused")
    assert not fused_decoder(torch.device("cpu"))
    monkeypatch.setenv("FASTAPPLY_KERNELS", "triton")
    assert not fused_decoder(torch.device("cuda"))  # without "fused", CUDA keeps transformers' norm


def test_rotary_reference_is_the_decoders_arithmetic():
    from fastapply.kernels import rotary, rotary_ref
    from fastapply.runners.llama import _rotate_half

    g = torch.Generator().manual_seed(2)
    x = torch.randn(2, 3, 5, 8, generator=g).to(torch.bfloat16)
    cos, sin = (
        torch.randn(2, 1, 5, 8, generator=g).to(torch.bfloat16),
        torch.randn(2, 1, 5, 8, generator=g).to(torch.bfloat16),
    )
    assert torch.equal(rotary_ref(x, cos, sin), x * cos + _rotate_half(x) * sin)
    assert torch.equal(rotary(x, cos, sin), rotary_ref(x, cos, sin))  # off CUDA the reference answers


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_rotary_parity(dtype, triton_device):
    from fastapply.kernels import _triton, rotary, rotary_ref

    g = torch.Generator().manual_seed(3)
    batch, heads, total, dim = 2, 3, 4, 16
    x = (
        torch.randn(batch, total, heads, dim, generator=g).to(dtype).to(triton_device).transpose(1, 2)
    )  # as the decoder views q
    cos = torch.randn(batch, 1, total, dim, generator=g).to(dtype).to(triton_device)
    sin = torch.randn(batch, 1, total, dim, generator=g).to(dtype).to(triton_device)
    fn = _triton.for_tensor("rotary_triton", x).rotary_triton
    got, want = fn(x, cos, sin), rotary_ref(x, cos, sin)
    if dtype == torch.float32 or triton_device.type == "cuda":
        assert torch.equal(got, want)
    else:  # Triton's interpreter truncates fp32 -> bf16 where the GPU rounds to nearest even
        assert torch.allclose(got.float(), want.float(), atol=0.25, rtol=0.03)
    assert rotary is not None
