"""RMSNorm as one Triton kernel: one program per row, the row read once, the mean of squares in
fp32, the scale and the weight applied in the same program. transformers' norm is six to eight
kernels (cast, square, mean, add, rsqrt, multiply, cast, multiply); on a GPU where a small kernel
costs a few microseconds whatever its size, a decoder layer's two norms are a quarter of its kernels.

Same arithmetic as ``rmsnorm.rms_norm_ref`` (fp32 mean, cast to the input dtype, then the weight
in the weight's dtype); the mean's summation order differs, so the result matches the reference to
rounding, not bit for bit.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from ._triton import next_pow2


@triton.jit
def normalize_row(x, w_ptr, cols, mask, H, eps):
    """One row's RMSNorm in fp32, ready to cast and store. ``x`` is the row in its own dtype with
    the masked lanes 0. Shared with ``addnorm_triton`` so that both kernels round alike."""
    h = x.to(tl.float32)
    rstd = 1.0 / tl.sqrt(tl.sum(h * h, axis=0) / H + eps)
    normed = (h * rstd).to(x.dtype)  # transformers casts back before the weight
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    return w.to(tl.float32) * normed.to(tl.float32)


@triton.jit
def _rms_norm_kernel(x_ptr, w_ptr, y_ptr, stride_x, stride_y, H, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < H
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0)
    y = normalize_row(x, w_ptr, cols, mask, H, eps)
    tl.store(y_ptr + row * stride_y + cols, y.to(y_ptr.dtype.element_ty), mask=mask)


def rms_norm_triton(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """x [..., H], weight [H] -> [..., H] (the dtype of ``weight * x``)."""
    H = x.shape[-1]
    rows = x.reshape(-1, H)
    if rows.stride(-1) != 1:
        rows = rows.contiguous()
    out = torch.empty(rows.shape, dtype=torch.promote_types(weight.dtype, x.dtype), device=x.device)
    if rows.shape[0]:
        _rms_norm_kernel[(rows.shape[0],)](
            rows, weight, out, rows.stride(0), out.stride(0), H, float(eps), BLOCK=next_pow2(H)
        )
    return out.reshape(x.shape)
