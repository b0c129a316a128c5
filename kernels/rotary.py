"""Rotary position embedding, the reference: what the Llama-family decoder computes for q and k
(``x * cos + rotate_half(x) * sin``, in the input's dtype), in one function the fused kernel is
checked against.

>>> import torch
>>> x = torch.tensor([[[[1.0, 2.0, 3.0, 4.0]]]])           # [B, heads, T, d], d = 4
>>> cos, sin = torch.zeros(1, 1, 1, 4), torch.ones(1, 1, 1, 4)
>>> rotary_ref(x, cos, sin)                                # rotate_half: (-x3, -x4, x1, x2)
tensor([[[[-3., -4.,  1.,  2.]]]])
"""

from __future__ import annotations

import torch


def rotary_ref(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """x [B, heads, T, d]; cos, sin [B, 1, T, d] -> [B, heads, T, d]."""
    half = x.shape[-1] // 2
    rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
    return x * cos + rotated * sin
