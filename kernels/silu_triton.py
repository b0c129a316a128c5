"""The SwiGLU gate as one Triton kernel: each program reads a block of one row's gate and the
matching block of its up (the two halves of the joined gate/up projection's output) and writes
``silu(gate) * up``. The decoder's version is two kernels (silu, then the product) with the
intermediate written to memory and read back; at Qwen2.5-Coder-7B's width that intermediate is
18,944 values a token.

Rounding, as torch computes ``F.silu(gate) * up`` on CUDA: silu as ``g / (1 + exp(-g))`` in fp32
(``exp`` the libdevice ``expf`` that nvcc links for the CUDA build's ``::exp``, without
flush-to-zero as nvcc's default; the division IEEE-rounded, ``div_rn``, as nvcc's default
``-prec-div=true``; Triton's own ``exp`` and ``/`` are approximations), rounded to the input dtype;
then the product in fp32, exact for two bf16/fp16 values, rounded once to the input dtype. So the
kernel should be bit-identical to torch on the GPU; this has not been checked on one yet. The
interpreter (CPU tests) has no libdevice: there ``EXACT`` is off and numpy's ``exp`` stands in,
which may differ by one ulp, and the interpreter truncates fp32 -> bf16, so CPU checks allow
rounding.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice

from . import _triton
from .silu import check_inputs

DTYPES = (torch.float32, torch.float16, torch.bfloat16)  # silu is taken in fp32
MAX_BLOCK = 1024  # columns a program: 8 bf16 lanes (16 bytes) a thread at 4 warps
# libdevice's expf has a flush-to-zero variant; Triton selects it by default, nvcc (so torch's CUDA
# build) does not. Off, the kernel runs the same expf code as torch.
LAUNCH = dict(enable_reflect_ftz=False)


@triton.jit
def _silu_mul_kernel(gu_ptr, out_ptr, stride_in, INTER, BLOCK: tl.constexpr, EXACT: tl.constexpr):
    # int64: rows × 2·inter passes 2**31 for a long prefill (Qwen2.5-Coder-7B: 37,888 a row)
    row = tl.program_id(0).to(tl.int64)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < INTER
    src = gu_ptr + row * stride_in + cols
    gate = tl.load(src, mask=mask, other=0.0)
    up = tl.load(src + INTER, mask=mask, other=0.0)
    g = gate.to(tl.float32)
    if EXACT:  # compiled: torch's expf
        e = libdevice.exp(-g)
    else:  # interpreter: no libdevice there
        e = tl.exp(-g)
    act = tl.div_rn(g, 1.0 + e).to(gate.dtype)  # F.silu returns a tensor of the input dtype
    out = act.to(tl.float32) * up.to(tl.float32)
    tl.store(out_ptr + row * INTER + cols, out.to(gate.dtype), mask=mask)


def silu_mul_triton(gate_up: torch.Tensor, inter: int) -> torch.Tensor:
    """gate_up [..., 2 * inter] (fp32, fp16 or bf16; any strides; gate first, then up) ->
    silu(gate) * up, a contiguous [..., inter] in gate_up's dtype."""
    check_inputs(gate_up, inter)
    if gate_up.dtype not in DTYPES:
        raise ValueError(f"silu_mul_triton supports {DTYPES}, got {gate_up.dtype}")
    rows = gate_up.reshape(-1, 2 * inter)  # a view where one row stride describes the rows
    if rows.stride(-1) != 1:
        rows = rows.contiguous()
    out = torch.empty((rows.shape[0], inter), dtype=gate_up.dtype, device=gate_up.device)
    if out.numel():
        block = min(MAX_BLOCK, _triton.next_pow2(inter))
        grid = (rows.shape[0], triton.cdiv(inter, block))
        exact = not _triton.interpreting()
        _silu_mul_kernel[grid](rows, out, rows.stride(0), inter, BLOCK=block, EXACT=exact, **LAUNCH)
    return out.reshape(*gate_up.shape[:-1], inter)
