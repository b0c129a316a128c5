"""fastapply.kernels: per-pass speculative-decoding work that should stay on the GPU.

Public API (the engine imports only ``greedy_accept``)::

    accepted, next_token[, target] = greedy_accept(logits, draft, draft_len, return_target=False)
    out = verify_attention(q, keys, values, lengths, scale)   # not on the serving path yet
    summed, normed = add_rms_norm(x, delta, weight, eps)       # fused decoder kernels, see README
    out = silu_mul(gate_up, inter)

It dispatches on the tensors' device: the Triton kernel (``accept_triton.greedy_accept_triton``)
for CUDA tensors when triton is installed, otherwise the plain-torch reference
(``greedy_accept_ref``, exported too), which defines the semantics. Both are bit-identical; set
``FASTAPPLY_KERNELS=torch`` to force the reference everywhere.

Importing this package never imports triton (see ``_triton`` for why).
"""

from __future__ import annotations

from fastapply import env

from ._triton import HAS_TRITON
from .accept import greedy_accept_ref
from .addnorm import add_rms_norm_ref
from .attention import verify_attention_ref
from .rmsnorm import rms_norm_ref
from .rotary import rotary_ref
from .silu import silu_mul_ref

__all__ = [
    "greedy_accept",
    "greedy_accept_ref",
    "add_rms_norm",
    "add_rms_norm_ref",
    "rms_norm",
    "rms_norm_ref",
    "rotary",
    "rotary_ref",
    "silu_mul",
    "silu_mul_ref",
    "verify_attention",
    "verify_attention_ref",
    "fused_decoder",
    "backend",
    "HAS_TRITON",
]


def backend(device) -> str:
    """The implementation used for tensors on ``device``: "triton" or "torch"."""
    if HAS_TRITON and getattr(device, "type", str(device)) == "cuda" and env.get("FASTAPPLY_KERNELS") != "torch":
        return "triton"
    return "torch"


def _on_triton(device, module: str, function: str):
    """The Triton kernel ``module.function`` for tensors on ``device``; None where the torch
    reference answers (see ``backend``). The module is imported only when needed."""
    if backend(device) != "triton":
        return None
    from ._triton import load

    return getattr(load(module), function)


def greedy_accept(logits, draft, draft_len, return_target: bool = False):
    """logits [B, K+1, V] float, draft [B, K] int64, draft_len [B] int ->
    accepted [B] int64, next_token [B] int64 (+ target [B, K+1] int64). See accept.py."""
    return (_on_triton(logits.device, "accept_triton", "greedy_accept_triton") or greedy_accept_ref)(
        logits, draft, draft_len, return_target
    )


def fused_decoder(device) -> bool:
    """Whether the decoder's RMSNorms and rotary embeddings run as the fused kernels on ``device``:
    on CUDA with triton, opted in with ``FASTAPPLY_KERNELS=fused`` (not measured on a GPU yet, so
    not the default)."""
    return backend(device) == "triton" and env.get("FASTAPPLY_KERNELS") == "fused"


def rms_norm(x, weight, eps: float):
    """x [..., H], weight [H] -> RMSNorm(x) (see rmsnorm.py): the Triton kernel on CUDA, else the
    reference."""
    return (_on_triton(x.device, "rmsnorm_triton", "rms_norm_triton") or rms_norm_ref)(x, weight, eps)


def add_rms_norm(x, delta, weight, eps: float):
    """x, delta [..., H] (one shape and dtype), weight [H] -> (x + delta, RMSNorm(x + delta)) (see
    addnorm.py): one Triton kernel on CUDA, else the reference."""
    return (_on_triton(x.device, "addnorm_triton", "add_rms_norm_triton") or add_rms_norm_ref)(x, delta, weight, eps)


def silu_mul(gate_up, inter: int):
    """gate_up [..., 2 * inter] (gate, then up) -> silu(gate) * up [..., inter] (see silu.py): one
    Triton kernel on CUDA, else the reference."""
    return (_on_triton(gate_up.device, "silu_triton", "silu_mul_triton") or silu_mul_ref)(gate_up, inter)


def rotary(x, cos, sin):
    """x [B, heads, T, d], cos/sin [B, 1, T, d] -> x rotated (see rotary.py): the Triton kernel on
    CUDA, else the reference."""
    return (_on_triton(x.device, "rotary_triton", "rotary_triton") or rotary_ref)(x, cos, sin)


def verify_attention(q, keys, values, lengths, scale: float):
    """q [B, H, T, d], keys/values [B, Hkv, S, d], lengths [B] -> [B, H, T, d]: query t of row b
    sees key j iff j <= lengths[b] + t (see attention.py). The Triton kernel on CUDA reads only
    positions below lengths[b] + T; the reference reads all S."""
    return (_on_triton(q.device, "attention_triton", "verify_attention_triton") or verify_attention_ref)(
        q, keys, values, lengths, scale
    )
