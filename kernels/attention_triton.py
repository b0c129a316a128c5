"""Verification-pass attention in Triton: each row reads only its valid positions.

The static runner's SDPA reads the whole key bucket of every slot and masks it; this kernel reads
key j of row b only while ``j < lengths[b] + T``, the one rule of ``attention.verify_attention_ref``
(query t sees j iff ``j <= lengths[b] + t``). Flash-decoding layout, for a pass's small T:

  1. ``_attn_kernel``: one program per (row, kv head, query tile, split). The tile holds the
     group's H/Hkv query heads × T queries as the rows of one [BLOCK_M, d] matrix, so a key block
     is loaded once for the whole group. The program walks key blocks of BLOCK_N from its split's
     start up to ``min(split end, lengths[b] + T)`` with an online softmax in fp32 (max, sum, acc).
     The loop bound is read from ``lengths`` on the device: the grid depends on shapes only, so
     the call can be captured in a CUDA graph. With one split it normalises and writes the output.
  2. ``_merge_kernel`` (splits > 1): one program per (row, head, query) rescales and sums the
     splits' partial (max, sum, acc).

The number of splits comes from S and the grid (never from ``lengths``' values, which would need a
host sync): enough programs to fill the GPU's SMs on long slots. Splits past a row's valid end exit
at once. Import only via ``_triton.load`` (needs triton).
"""

from __future__ import annotations

import functools
import math

import torch
import triton
import triton.language as tl

from ._triton import interpreting, next_pow2

HEAD_DIMS = (64, 128)
FLOATS = (torch.float32, torch.float16, torch.bfloat16)
MIN_CHUNK = 256  # keys per split at least: below that a split's setup outweighs its loop
# (largest BLOCK_M, BLOCK_N) per (element size, d), with 8 warps: the largest tiles that ptxas
# (sm_90) compiles without spilling registers; the pointer tensors of the K and V loads (64-bit per
# element) cost as many registers as the fp32 accumulator
TILES = {(2, 64): (128, 64), (2, 128): (64, 32), (4, 64): (64, 32), (4, 128): (32, 16)}
WARPS = 8
LOG2E = 1 / math.log(2)  # the scores are scaled into log2 units so the kernel uses exp2


@triton.jit
def _dot(a, b, UPCAST: tl.constexpr):
    """a @ b in fp32; UPCAST only under the interpreter, which multiplies bf16 bit patterns as
    integers (on the GPU the operands stay bf16 for the tensor cores)."""
    if UPCAST:
        return tl.dot(a.to(tl.float32), b.to(tl.float32), input_precision="ieee")
    return tl.dot(a, b, input_precision="ieee")  # ieee: fp32 operands are not cut to tf32


@triton.jit
def _attn_kernel(
    q_ptr, k_ptr, v_ptr, len_ptr, out_ptr, pm_ptr, pl_ptr, pacc_ptr,
    Hkv, S, T, GROUP, CHUNK, qk_scale,
    sqb, sqh, sqt, sqd, skb, skh, sks, skd, svb, svh, svs, svd, sob, soh, sot, sod,
    D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, DIRECT: tl.constexpr, UPCAST: tl.constexpr,
):  # fmt: skip
    bh = tl.program_id(0)  # b * Hkv + kv head
    tile = tl.program_id(1)
    split = tl.program_id(2)
    b = (bh // Hkv).to(tl.int64)
    kvh = (bh % Hkv).to(tl.int64)
    rows = tile * BLOCK_M + tl.arange(0, BLOCK_M)  # row = g * T + t
    row_ok = rows < GROUP * T
    t = rows % T
    head = kvh * GROUP + rows // T
    d = tl.arange(0, D)
    q = tl.load(
        q_ptr + b * sqb + head[:, None] * sqh + t[:, None] * sqt + d[None, :] * sqd, mask=row_ok[:, None], other=0.0
    )
    length = tl.load(len_ptr + b).to(tl.int32)
    pos = length + t  # each query's position: it sees keys j <= pos
    lo = split * CHUNK
    hi = tl.minimum(tl.minimum(lo + CHUNK, length + T), S)  # never read at or past lengths[b] + T
    k_base = k_ptr + b * skb + kvh * skh
    v_base = v_ptr + b * svb + kvh * svh
    # a finite floor, not -inf: a row whose keys in a block are all masked (or a split with no
    # keys) keeps exp2(m_old - m_new) finite and contributes exactly zero
    m_i = tl.full([BLOCK_M], -1.0e30, tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, D], tl.float32)
    for start in range(lo, hi, BLOCK_N):
        n = start + tl.arange(0, BLOCK_N)
        n_ok = n < hi
        k = tl.load(k_base + n[:, None] * sks + d[None, :] * skd, mask=n_ok[:, None], other=0.0)
        s = _dot(q, tl.trans(k), UPCAST) * qk_scale  # log2 units: exp2 below
        s = tl.where((n[None, :] <= pos[:, None]) & n_ok[None, :], s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp2(m_i - m_new)
        p = tl.exp2(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_base + n[:, None] * svs + d[None, :] * svd, mask=n_ok[:, None], other=0.0)
        acc = acc * alpha[:, None] + _dot(p.to(v.dtype), v, UPCAST)  # p rounded to v's dtype
        m_i = m_new
    if DIRECT:
        o = acc / l_i[:, None]  # l_i >= 1: key 0 is always visible, and one split holds it
        out = out_ptr + b * sob + head[:, None] * soh + t[:, None] * sot + d[None, :] * sod
        tl.store(out, o.to(out_ptr.dtype.element_ty), mask=row_ok[:, None])
    else:
        part = (bh * tl.num_programs(2) + split).to(tl.int64) * (tl.num_programs(1) * BLOCK_M) + rows
        tl.store(pm_ptr + part, m_i)
        tl.store(pl_ptr + part, l_i)
        tl.store(pacc_ptr + part[:, None] * D + d[None, :], acc)


@triton.jit
def _merge_kernel(
    pm_ptr, pl_ptr, pacc_ptr, out_ptr, H, Hkv, T, GROUP, SPLITS, M_PAD, sob, soh, sot, sod,
    D: tl.constexpr, BLOCK_S: tl.constexpr,
):  # fmt: skip
    r = tl.program_id(0)  # (b * H + h) * T + t
    t = r % T
    h = (r // T) % H
    b = r // (T * H)
    bh = b * Hkv + h // GROUP
    s = tl.arange(0, BLOCK_S)
    s_ok = s < SPLITS
    part = (bh * SPLITS + s).to(tl.int64) * M_PAD + (h % GROUP) * T + t  # [BLOCK_S]: [bh, split, row]
    m = tl.load(pm_ptr + part, mask=s_ok, other=float("-inf"))
    w = tl.exp2(m - tl.max(m, axis=0))  # 0 for padding and for splits that saw no key
    l_sum = tl.sum(w * tl.load(pl_ptr + part, mask=s_ok, other=0.0), axis=0)
    d = tl.arange(0, D)
    acc = tl.load(pacc_ptr + part[:, None] * D + d[None, :], mask=s_ok[:, None], other=0.0)
    o = tl.sum(w[:, None] * acc, axis=0) / l_sum
    out = out_ptr + b.to(tl.int64) * sob + h * soh + t * sot + d * sod
    tl.store(out, o.to(out_ptr.dtype.element_ty))


@functools.lru_cache(maxsize=8)
def _sm_count(device: torch.device) -> int:
    if device.type == "cuda":
        return torch.cuda.get_device_properties(device).multi_processor_count
    return 132  # an H100's SMs: what the choice is tuned for


def choose_splits(programs: int, S: int, block_n: int, sms: int = 132) -> tuple[int, int]:
    """(splits, chunk): enough splits that ``programs`` × splits fills ``sms`` SMs, each split at
    least MIN_CHUNK keys, chunks whole blocks. Depends on shapes only."""
    splits = max(1, min(-(-sms // max(programs, 1)), -(-S // MIN_CHUNK)))
    return _chunking(S, splits, block_n)


def _chunking(S: int, splits: int, block_n: int) -> tuple[int, int]:
    chunk = -(-max(-(-S // splits), 1) // block_n) * block_n
    return max(1, -(-S // chunk)), chunk


def verify_attention_triton(q, keys, values, lengths, scale, *, splits=None, block_n=None, out=None):
    """Same contract as ``verify_attention_ref``, any strides; ``out`` may be a preallocated
    [B, H, T, d] tensor in q's dtype (a view is fine). ``splits`` (default ``choose_splits``) and
    ``block_n`` (a power of two, default from TILES) are tuning knobs: they change the summation
    order, never what is summed."""
    B, H, T, D = q.shape
    Hkv, S = keys.shape[1], keys.shape[2]
    if q.dtype not in FLOATS or keys.dtype != q.dtype or values.dtype != q.dtype:
        raise ValueError(f"q, keys and values must share one float dtype, got {q.dtype}, {keys.dtype}, {values.dtype}")
    if D not in HEAD_DIMS:
        raise ValueError(f"verify_attention_triton supports head_dim in {HEAD_DIMS}, got {D}")
    if keys.shape != (B, Hkv, S, D) or values.shape != keys.shape or H % Hkv:
        raise ValueError(f"shapes q {tuple(q.shape)}, keys {tuple(keys.shape)}, values {tuple(values.shape)}")
    if lengths.shape != (B,):
        raise ValueError(f"lengths must be [B] = [{B}], got {tuple(lengths.shape)}")
    if out is None:
        out = torch.empty((B, H, T, D), dtype=q.dtype, device=q.device)
    if out.numel() == 0 or S == 0:
        return out
    lengths = lengths.contiguous()  # read as lengths[b]; a no-op (so capturable) when already so
    group = H // Hkv
    max_m, default_n = TILES[(q.element_size(), D)]
    block_m = max(16, min(max_m, next_pow2(group * T)))  # tl.dot needs 16 rows
    tiles = -(-group * T // block_m)
    block_n = max(16, min(block_n or default_n, next_pow2(S)))
    if splits is None:
        splits, chunk = choose_splits(B * Hkv * tiles, S, block_n, _sm_count(q.device))
    else:
        splits, chunk = _chunking(S, splits, block_n)
    direct = splits == 1
    if direct:
        pm = pl = pacc = out  # unused
    else:
        pm = torch.empty(B * Hkv * splits * tiles * block_m, dtype=torch.float32, device=q.device)
        pl = torch.empty_like(pm)
        pacc = torch.empty(pm.numel(), D, dtype=torch.float32, device=q.device)
    _attn_kernel[(B * Hkv, tiles, splits)](
        q, keys, values, lengths, out, pm, pl, pacc,
        Hkv, S, T, group, chunk, float(scale) * LOG2E,
        *q.stride(), *keys.stride(), *values.stride(), *out.stride(),
        D=D, BLOCK_M=block_m, BLOCK_N=block_n, DIRECT=direct, UPCAST=q.dtype == torch.bfloat16 and interpreting(),
        num_warps=WARPS,
    )  # fmt: skip
    if not direct:
        _merge_kernel[(B * H * T,)](
            pm, pl, pacc, out, H, Hkv, T, group, splits, tiles * block_m, *out.stride(),
            D=D, BLOCK_S=next_pow2(splits),
        )  # fmt: skip
    return out
