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


def greedy_accept(logits, draft, draft_len, return_target: bool = False):
    """logits [B, K+1, V] float, draft [B, K] int64, draft_len [B] int ->
    accepted [B] int64, next_token [B] int64 (+ target [B, K+1] int64). See accept.py."""
    if backend(logits.device) == "triton":
        from ._triton import load

        return load("accept_triton").greedy_accept_triton(logits, draft, draft_len, return_target)
    return greedy_accept_ref(logits, draft, draft_len, return_target)


def fused_decoder(device) -> bool:
    """Whether the decoder's RMSNorms and rotary embeddings run as the fused kernels on ``device``:
    on CUDA with triton, opted in with ``FASTAPPLY_KERNELS=fused`` (not measured on a GPU yet, so
    not the default)."""
    return backend(device) == "triton" and env.get("FASTAPPLY_KERNELS") == "fused"


def rms_norm(x, weight, eps: float):
    """x [..., H], weight [H] -> RMSNorm(x) (see rmsnorm.py): the Triton kernel on CUDA, else the
    reference."""
    if backend(x.device) == "triton":
        from ._triton import load

        return load("rmsnorm_triton").rms_norm_triton(x, weight, eps)
    return rms_norm_ref(x, weight, eps)


def add_rms_norm(x, delta, weight, eps: float):
    """x, delta [..., H] (one shape and dtype), weight [H] -> (x + delta, RMSNorm(x + delta)) (see
    addnorm.py): one Triton kernel on CUDA, else the reference."""
    if backend(x.device) == "triton":
        from ._triton import load

        return load("addnorm_triton").add_rms_norm_triton(x, delta, weight, eps)
    return add_rms_norm_ref(x, delta, weight, eps)


def silu_mul(gate_up, inter: int):
    """gate_up [..., 2 * inter] (gate, then up) -> silu(gate) * up [..., inter] (see silu.py): one
    Triton kernel on CUDA, else the reference."""
    if backend(gate_up.device) == "triton":
        from ._triton import load

        return load("silu_triton").silu_mul_triton(gate_up, inter)
    return silu_mul_ref(gate_up, inter)


def rotary(x, cos, sin):
    """x [B, heads, T, d], cos/sin [B, 1, T, d] -> x rotated (see rotary.py): the Triton kernel on
    CUDA, else the reference."""
    if backend(x.device) == "triton":
        from ._triton import load

        return load("rotary_triton").rotary_triton(x, cos, sin)
    return rotary_ref(x, cos, sin)


def verify_attention(q, keys, values, lengths, scale: float):
    """q [B, H, T, d], keys/values [B, Hkv, S, d], lengths [B] -> [B, H, T, d]: query t of row b
    sees key j iff j <= lengths[b] + t (see attention.py). The Triton kernel on CUDA reads only
    positions below lengths[b] + T; the reference reads all S."""
    if backend(q.device) == "triton":
        from ._triton import load

        return load("attention_triton").verify_attention_triton(q, keys, values, lengths, scale)
    return verify_attention_ref(q, keys, values, lengths, scale)
