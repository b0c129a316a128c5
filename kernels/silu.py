"""The SwiGLU gate, the reference: what the Llama-family MLP computes between its joined gate/up
projection and ``down_proj`` (``act_fn(gate) * up``, transformers' ``act_fn`` for ``"silu"`` being
``nn.functional.silu``), in one function the fused kernel is checked against.

    gate, up = gate_up[..., :inter], gate_up[..., inter:]      # torch.cat([gate_proj.weight, up_proj.weight])
    out = silu(gate) * up                                      # silu(g) = g / (1 + exp(-g))

Each step rounds to the input dtype as torch rounds it: silu is computed in fp32 and rounded to a
bf16/fp16 tensor, then the product is rounded again.

>>> import torch
>>> silu_mul_ref(torch.tensor([[-1.0, 2.0, 4.0, 0.5]]), inter=2)    # gate (-1, 2), up (4, 0.5)
tensor([[-1.0758,  0.8808]])

(silu(-1) = -1 / (1 + e) = -0.2689, × 4 = -1.0758; silu(2) = 2 / (1 + e⁻²) = 1.7616, × 0.5 = 0.8808.)
"""

from __future__ import annotations

import torch
import torch.nn.functional as F


def check_inputs(gate_up: torch.Tensor, inter: int) -> None:
    """gate and up must be two halves of one width; anything else is a wiring mistake."""
    if gate_up.shape[-1] != 2 * inter:
        raise ValueError(f"silu_mul needs gate_up [..., 2 * inter] = [..., {2 * inter}], got {tuple(gate_up.shape)}")


def silu_mul_ref(gate_up: torch.Tensor, inter: int) -> torch.Tensor:
    """gate_up [..., 2 * inter] (gate first, then up) -> silu(gate) * up [..., inter], in gate_up's
    dtype."""
    check_inputs(gate_up, inter)
    return F.silu(gate_up[..., :inter]) * gate_up[..., inter:]
