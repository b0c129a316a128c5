"""Rotary embedding as one Triton kernel: one program per (batch, head, position) row reads the
row and its cos/sin once and writes the rotated row. The decoder's version is about five kernels
for q and five for k (slices, negation, concatenation, two products, a sum).

Bit-identical to ``rotary.rotary_ref``: each product is rounded to the input dtype before the
sum, and the sum rounded again, as torch does for bf16/fp16 tensors (in fp32 every step is exact
to the same rounding).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from ._triton import next_pow2


@triton.jit
def _rotary_kernel(
    x_ptr, cos_ptr, sin_ptr, y_ptr, H, T, sxb, sxh, sxt, scb, sct, ssb, sst, D, HALF: tl.constexpr, BLOCK: tl.constexpr
):
    row = tl.program_id(0)
    t = row % T
    h = (row // T) % H
    b = row // (T * H)
    cols = tl.arange(0, BLOCK)
    mask = cols < D
    x_row = x_ptr + b * sxb + h * sxh + t * sxt
    x = tl.load(x_row + cols, mask=mask, other=0.0)
    partner = tl.where(cols < HALF, cols + HALF, cols - HALF)  # rotate_half's source column
    other = tl.load(x_row + partner, mask=mask, other=0.0).to(tl.float32)
    rotated = tl.where(cols < HALF, -other, other)  # negation is exact: done in fp32
    c = tl.load(cos_ptr + b * scb + t * sct + cols, mask=mask, other=0.0)
    s = tl.load(sin_ptr + b * ssb + t * sst + cols, mask=mask, other=0.0)
    first = (x.to(tl.float32) * c.to(tl.float32)).to(x.dtype)
    second = (rotated * s.to(tl.float32)).to(x.dtype)
    y = (first.to(tl.float32) + second.to(tl.float32)).to(x.dtype)
    tl.store(y_ptr + row * D + cols, y, mask=mask)


def rotary_triton(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """x [B, heads, T, d] (any strides with a unit last stride); cos, sin [B, 1, T, d] in x's
    dtype -> a contiguous [B, heads, T, d]."""
    B, H, T, D = x.shape
    if x.stride(-1) != 1:
        x = x.contiguous()
    cos, sin = cos.expand(B, 1, T, D), sin.expand(B, 1, T, D)
    if cos.stride(-1) != 1 or sin.stride(-1) != 1:
        cos, sin = cos.contiguous(), sin.contiguous()
    out = torch.empty((B, H, T, D), dtype=x.dtype, device=x.device)
    if out.numel():
        _rotary_kernel[(B * H * T,)](
            x, cos, sin, out, H, T,
            x.stride(0), x.stride(1), x.stride(2),
            cos.stride(0), cos.stride(2), sin.stride(0), sin.stride(2),
            D, HALF=D // 2, BLOCK=next_pow2(D),
        )  # fmt: skip
    return out
