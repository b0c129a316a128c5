"""Greedy acceptance in Triton, bit-identical to ``accept.greedy_accept_ref``.

Two stages, so that the GPU is filled at any batch size and large vocabularies (49152, 151936) are
split across programs:

  1. ``_argmax_partial_kernel``: B*(K+1)*SPLIT programs, each reducing one V-chunk of one
     (row, position) to a partial (max, first index).
  2. ``_accept_reduce_kernel``: one program per row merges the partials into the argmax per
     position, compares it with the draft and writes accepted / next_token / target.

Argmax ties resolve to the first index everywhere: each lane keeps its own running max with a
strict ``>`` (a lane sees increasing indices), and lanes/chunks merge by taking the smallest
index among the maxima. Import only via ``_triton.load`` (needs triton).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from ._triton import next_pow2


@triton.jit
def _argmax_span(row_ptr, lo, hi, BLOCK_V: tl.constexpr):
    """(max, first argmax) of row_ptr[lo:hi] in fp32; lanes keep private running maxima."""
    offs = lo + tl.arange(0, BLOCK_V)
    m = offs < hi
    best = tl.load(row_ptr + offs, mask=m, other=float("-inf")).to(tl.float32)
    best_i = tl.where(m, offs, 2147483647)
    for v0 in range(lo + BLOCK_V, hi, BLOCK_V):
        o = v0 + tl.arange(0, BLOCK_V)
        x = tl.load(row_ptr + o, mask=o < hi, other=float("-inf")).to(tl.float32)
        upd = x > best  # strict: a lane keeps its earliest maximum
        best = tl.where(upd, x, best)
        best_i = tl.where(upd, o, best_i)
    mx = tl.max(best, axis=0)
    return mx, tl.min(tl.where(best == mx, best_i, 2147483647), axis=0)


@triton.jit
def _argmax_partial_kernel(
    logits_ptr, pval_ptr, pidx_ptr, K1, V, CHUNK, SPLIT, stride_b, stride_k, BLOCK_V: tl.constexpr
):
    r = tl.program_id(0)  # row*(K+1) + position
    s = tl.program_id(1)  # V-chunk
    b = r // K1
    j = r % K1
    row = logits_ptr + b.to(tl.int64) * stride_b + j.to(tl.int64) * stride_k
    lo = s * CHUNK
    mx, idx = _argmax_span(row, lo, tl.minimum(lo + CHUNK, V), BLOCK_V)
    tl.store(pval_ptr + r * SPLIT + s, mx)
    tl.store(pidx_ptr + r * SPLIT + s, idx)


@triton.jit
def _accept_reduce_kernel(
    pval_ptr,
    pidx_ptr,
    draft_ptr,
    dlen_ptr,
    acc_ptr,
    next_ptr,
    target_ptr,
    K,
    SPLIT,
    stride_db,
    BLOCK_K1: tl.constexpr,
    BLOCK_S: tl.constexpr,
):
    b = tl.program_id(0)
    jj = tl.arange(0, BLOCK_K1)
    ss = tl.arange(0, BLOCK_S)
    m2 = (jj[:, None] <= K) & (ss[None, :] < SPLIT)
    off = (b * (K + 1) + jj[:, None]) * SPLIT + ss[None, :]
    v = tl.load(pval_ptr + off, mask=m2, other=float("-inf"))
    i = tl.load(pidx_ptr + off, mask=m2, other=2147483647)
    mx = tl.max(v, axis=1)
    t = tl.min(tl.where(v == mx[:, None], i, 2147483647), axis=1).to(tl.int64)  # [BLOCK_K1]
    n = tl.minimum(tl.maximum(tl.load(dlen_ptr + b).to(tl.int32), 0), K)
    d = tl.load(draft_ptr + b * stride_db + jj, mask=jj < n, other=-1)
    stop = ((jj >= n) | (t != d)) & (jj <= K)  # jj == n always stops, so acc <= n
    acc = tl.min(tl.where(stop, jj, BLOCK_K1), axis=0)
    tl.store(acc_ptr + b, acc.to(tl.int64))
    tl.store(next_ptr + b, tl.max(tl.where(jj == acc, t, -1), axis=0))
    tl.store(target_ptr + b * (K + 1) + jj, t, mask=jj <= K)


def choose_split(B, K1, V, block_v, target_programs=2048, max_split=32):
    """V-chunking: enough (row, position, chunk) programs to fill the GPU, chunks a multiple of
    block_v. Returns (split, chunk)."""
    split = max(1, min(max_split, -(-target_programs // max(B * K1, 1)), -(-V // block_v)))
    return _chunking(V, split, block_v)


def _chunking(V, split, block_v):
    chunk = _ceil_div(_ceil_div(V, split), block_v) * block_v  # vocabulary per program, whole blocks
    return _ceil_div(V, chunk), chunk


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def greedy_accept_triton(logits, draft, draft_len, return_target=False, block_v=1024, split=None):
    """Same contract as ``greedy_accept_ref``; ``block_v`` and ``split`` (V-chunks per position,
    default ``choose_split``) are tuning knobs that never change the result."""
    B, K1, V = logits.shape
    assert draft.shape == (B, K1 - 1), (logits.shape, draft.shape)
    assert logits.dtype in (torch.float32, torch.float16, torch.bfloat16), logits.dtype
    if logits.stride(2) != 1:
        logits = logits.contiguous()
    if draft.shape[1] and draft.stride(1) != 1:
        draft = draft.contiguous()
    draft_len = draft_len.contiguous()
    dev = logits.device
    acc = torch.zeros(B, dtype=torch.int64, device=dev)
    nxt = torch.zeros(B, dtype=torch.int64, device=dev)
    target = torch.zeros(B, K1, dtype=torch.int64, device=dev)
    if B:
        block_v = min(block_v, next_pow2(V))
        split, chunk = choose_split(B, K1, V, block_v) if split is None else _chunking(V, split, block_v)
        pval = torch.empty(B * K1, split, dtype=torch.float32, device=dev)
        pidx = torch.empty(B * K1, split, dtype=torch.int32, device=dev)
        _argmax_partial_kernel[(B * K1, split)](
            logits, pval, pidx, K1, V, chunk, split, logits.stride(0), logits.stride(1), BLOCK_V=block_v
        )
        _accept_reduce_kernel[(B,)](
            pval,
            pidx,
            draft,
            draft_len,
            acc,
            nxt,
            target,
            K1 - 1,
            split,
            draft.stride(0),
            BLOCK_K1=next_pow2(K1),
            BLOCK_S=next_pow2(split),
        )
    return (acc, nxt, target) if return_target else (acc, nxt)
