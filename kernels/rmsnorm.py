"""RMSNorm, the reference: what the Llama-family norm computes (transformers' ``LlamaRMSNorm``,
``Qwen2RMSNorm``), in one function the fused kernel is checked against.

    y = weight * (x / sqrt(mean(x², last dim) + eps)).to(x.dtype)        # the mean in fp32

>>> import torch
>>> rms_norm_ref(torch.tensor([[3.0, 4.0]]), torch.tensor([1.0, 2.0]), eps=0.0)
tensor([[0.8485, 2.2627]])

(mean of 9 and 16 is 12.5; 3 / √12.5 = 0.8485, 4 / √12.5 × 2 = 2.2627.)
"""

from __future__ import annotations

import torch


def rms_norm_ref(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    """x [..., H] (any float dtype), weight [H] -> [..., H] in the dtype ``weight * x`` has."""
    dtype = x.dtype
    h = x.to(torch.float32)
    h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + eps)
    return weight * h.to(dtype)
