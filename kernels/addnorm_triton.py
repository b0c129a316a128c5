"""Residual add fused with RMSNorm as one Triton kernel: one program per row reads the row of x and
of delta once, writes their sum (the residual stream) and the sum's RMSNorm (the next sublayer's
input). The decoder's version is an add kernel, then the six to eight kernels of transformers'
norm, which read the sum back from memory.

Rounding, as ``addnorm.add_rms_norm_ref``: the sum is computed in fp32 and rounded once to the
input dtype (what torch does for bf16/fp16 tensors, and exactly an fp32 add in fp32), so
``summed`` is bit-identical to ``x + delta`` (on the GPU: the interpreter truncates fp32 -> bf16
where the GPU rounds to nearest even, so CPU checks of bf16 allow rounding); the norm is then computed from the *rounded* sum, by
the same code as ``rmsnorm_triton`` (``normalize_row``), so ``normed`` equals
``rms_norm_triton(summed)`` and matches the reference to rounding (the mean of squares is summed in
another order than torch's).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from ._triton import next_pow2
from .addnorm import check_inputs
from .rmsnorm_triton import normalize_row

DTYPES = (torch.float32, torch.float16, torch.bfloat16)  # the sum is taken in fp32


@triton.jit
def _add_rms_norm_kernel(x_ptr, d_ptr, w_ptr, s_ptr, y_ptr, stride_x, stride_d, H, eps, BLOCK: tl.constexpr):
    # int64: rows × H can pass 2**31 for a long prefill of a wide model
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < H  # H need not be a power of two; masked lanes load 0 and add nothing to the mean
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    d = tl.load(d_ptr + row * stride_d + cols, mask=mask, other=0.0)
    summed = (x.to(tl.float32) + d.to(tl.float32)).to(x.dtype)  # torch adds in fp32, rounds once
    tl.store(s_ptr + row * H + cols, summed, mask=mask)
    y = normalize_row(summed, w_ptr, cols, mask, H, eps)  # from the rounded sum, as the decoder does
    tl.store(y_ptr + row * H + cols, y.to(y_ptr.dtype.element_ty), mask=mask)


def _rows(t: torch.Tensor, H: int) -> torch.Tensor:
    """[..., H] as [rows, H] with a unit last stride: a view where one row stride describes it (a
    column slice of a wider tensor, say), else a contiguous copy."""
    rows = t.reshape(-1, H)
    return rows if rows.stride(-1) == 1 else rows.contiguous()


def add_rms_norm_triton(
    x: torch.Tensor, delta: torch.Tensor, weight: torch.Tensor, eps: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """x, delta [..., H] (one shape and dtype: fp32, fp16 or bf16; any strides), weight [H] ->
    (summed, normed), both contiguous [..., H]: ``x + delta`` in x's dtype and its RMSNorm in the
    dtype of ``weight * summed``."""
    check_inputs(x, delta)
    if x.dtype not in DTYPES:
        raise ValueError(f"add_rms_norm_triton supports {DTYPES}, got {x.dtype}")
    H = x.shape[-1]
    xs, ds = _rows(x, H), _rows(delta, H)
    weight = weight if weight.stride(-1) == 1 else weight.contiguous()
    summed = torch.empty(xs.shape, dtype=x.dtype, device=x.device)
    normed = torch.empty(xs.shape, dtype=torch.promote_types(weight.dtype, x.dtype), device=x.device)
    if xs.shape[0]:
        _add_rms_norm_kernel[(xs.shape[0],)](
            xs, ds, weight, summed, normed, xs.stride(0), ds.stride(0), H, float(eps), BLOCK=next_pow2(H)
        )
    return summed.reshape(x.shape), normed.reshape(x.shape)
