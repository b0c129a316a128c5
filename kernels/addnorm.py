"""Residual add fused with RMSNorm, the reference: what the Llama-family decoder computes where a
sublayer's output joins the residual stream and the stream is normalised for the next sublayer
(``hidden = hidden + o_proj(out)`` then the post-attention norm; the MLP's output then the next
layer's input norm), in one function the fused kernel is checked against.

    summed = x + delta                                  # in x's dtype, as torch adds
    normed = rms_norm_ref(summed, weight, eps)          # rmsnorm.py: the decoder's norm

>>> import torch
>>> x, delta = torch.tensor([[1.0, 3.0]]), torch.tensor([[2.0, 1.0]])
>>> summed, normed = add_rms_norm_ref(x, delta, torch.tensor([1.0, 2.0]), eps=0.0)
>>> summed
tensor([[3., 4.]])
>>> normed
tensor([[0.8485, 2.2627]])

(1 + 2 = 3 and 3 + 1 = 4; the norm of (3, 4) is rmsnorm.py's example: the mean of 9 and 16 is
12.5, 3 / √12.5 = 0.8485, 4 / √12.5 × 2 = 2.2627.)
"""

from __future__ import annotations

import torch

from .rmsnorm import rms_norm_ref


def check_inputs(x: torch.Tensor, delta: torch.Tensor) -> None:
    """The decoder adds two tensors of the residual stream's shape and dtype. Broadcasting or type
    promotion would change what ``summed`` is, so both are refused rather than half supported."""
    if x.shape != delta.shape or x.dtype != delta.dtype:
        raise ValueError(
            f"add_rms_norm needs x and delta of one shape and dtype, got {tuple(x.shape)} {x.dtype} "
            f"and {tuple(delta.shape)} {delta.dtype}"
        )


def add_rms_norm_ref(
    x: torch.Tensor, delta: torch.Tensor, weight: torch.Tensor, eps: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """x, delta [..., H] (one shape, one dtype), weight [H] -> (summed, normed): ``x + delta`` in
    x's dtype, and its RMSNorm in the dtype ``weight * summed`` has."""
    check_inputs(x, delta)
    summed = x + delta
    return summed, rms_norm_ref(summed, weight, eps)
