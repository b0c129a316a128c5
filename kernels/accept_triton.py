"""Greedy acceptance in Triton: numbered versions, all bit-identical to ``greedy_accept_ref``.

  v1  argmax kernel, one program per (row, position) -> target [B, K+1]; compare in torch.
      Simple and parallel, but 3 extra tiny torch launches for the epilogue.
  v2  fused, one program per row: argmax position by position, compare with the draft and
      stop at the first mismatch (positions after it are never read). One launch, but only B
      programs: good when B is large, starved when B=1.
  v3  split-V two-stage: stage 1 has B*(K+1)*SPLIT programs, each reducing a V-chunk to a
      partial (max, first index); stage 2, one program per row, merges partials, compares
      with the draft and writes accepted/next_token/target. Fills the GPU at any B, aimed at
      large vocabularies (49152, 151936). Exported default on CUDA.

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


# ---------------------------------------------------------------- v1: argmax kernel + torch compare
@triton.jit
def _argmax_rows_kernel(logits_ptr, target_ptr, K1, V, stride_b, stride_k, BLOCK_V: tl.constexpr):
    pid = tl.program_id(0)
    b = pid // K1
    j = pid % K1
    row = logits_ptr + b.to(tl.int64) * stride_b + j.to(tl.int64) * stride_k
    _, idx = _argmax_span(row, 0, V, BLOCK_V)
    tl.store(target_ptr + pid, idx.to(tl.int64))


# ---------------------------------------------------------------- v2: fused, one program per row
@triton.jit
def _accept_fused_kernel(logits_ptr, draft_ptr, dlen_ptr, acc_ptr, next_ptr, target_ptr,
                         K, V, stride_b, stride_k, stride_db,
                         BLOCK_V: tl.constexpr, WRITE_TARGET: tl.constexpr):
    b = tl.program_id(0)
    base = logits_ptr + b.to(tl.int64) * stride_b
    n = tl.minimum(tl.maximum(tl.load(dlen_ptr + b).to(tl.int32), 0), K)
    acc = tl.full((), -1, tl.int32)  # -1: first mismatch not found yet
    nxt = tl.full((), 0, tl.int64)
    j = tl.full((), 0, tl.int32)
    go = tl.full((), 1, tl.int1)
    while go:
        _, t = _argmax_span(base + j.to(tl.int64) * stride_k, 0, V, BLOCK_V)
        t = t.to(tl.int64)
        if WRITE_TARGET:
            tl.store(target_ptr + b * (K + 1) + j, t)
        d = tl.load(draft_ptr + b * stride_db + j, mask=j < n, other=-1)
        stop = (acc < 0) & ((j >= n) | (t != d))
        nxt = tl.where(stop, t, nxt)
        acc = tl.where(stop, j, acc)
        j += 1
        if WRITE_TARGET:
            go = j <= K
        else:
            go = acc < 0  # early exit: later positions are never read
    tl.store(acc_ptr + b, acc.to(tl.int64))
    tl.store(next_ptr + b, nxt)


# ---------------------------------------------------------------- v3: split-V, two stages
@triton.jit
def _argmax_partial_kernel(logits_ptr, pval_ptr, pidx_ptr, K1, V, CHUNK, SPLIT,
                           stride_b, stride_k, BLOCK_V: tl.constexpr):
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
def _accept_reduce_kernel(pval_ptr, pidx_ptr, draft_ptr, dlen_ptr, acc_ptr, next_ptr, target_ptr,
                          K, SPLIT, stride_db, BLOCK_K1: tl.constexpr, BLOCK_S: tl.constexpr):
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


# ---------------------------------------------------------------- host wrappers
def _prep(logits, draft, draft_len):
    B, K1, V = logits.shape
    assert draft.shape == (B, K1 - 1), (logits.shape, draft.shape)
    assert logits.dtype in (torch.float32, torch.float16, torch.bfloat16), logits.dtype
    if logits.stride(2) != 1:
        logits = logits.contiguous()
    if draft.shape[1] and draft.stride(1) != 1:
        draft = draft.contiguous()
    return logits, draft, draft_len.contiguous()


def _empty_out(logits, B, K1, return_target):
    dev = logits.device
    out = (torch.zeros(B, dtype=torch.int64, device=dev), torch.zeros(B, dtype=torch.int64, device=dev))
    return out + (torch.zeros(B, K1, dtype=torch.int64, device=dev),) if return_target else out


def accept_v1(logits, draft, draft_len, return_target=False, block_v=1024):
    """v1: target = argmax kernel over B*(K+1) rows, then the torch epilogue of the reference."""
    from .accept import accept_from_target

    logits, draft, draft_len = _prep(logits, draft, draft_len)
    B, K1, V = logits.shape
    if B == 0:
        return _empty_out(logits, B, K1, return_target)
    target = torch.empty(B, K1, dtype=torch.int64, device=logits.device)
    _argmax_rows_kernel[(B * K1,)](logits, target, K1, V, logits.stride(0), logits.stride(1),
                                   BLOCK_V=min(block_v, next_pow2(V)))
    acc, nxt = accept_from_target(target, draft, draft_len)
    return (acc, nxt, target) if return_target else (acc, nxt)


def accept_v2(logits, draft, draft_len, return_target=False, block_v=2048, num_warps=8):
    """v2: one fused program per row with early exit at the first mismatch."""
    logits, draft, draft_len = _prep(logits, draft, draft_len)
    B, K1, V = logits.shape
    out = _empty_out(logits, B, K1, True)
    if B == 0:
        return out if return_target else out[:2]
    acc, nxt, target = out
    _accept_fused_kernel[(B,)](logits, draft, draft_len, acc, nxt, target,
                               K1 - 1, V, logits.stride(0), logits.stride(1), draft.stride(0),
                               BLOCK_V=min(block_v, next_pow2(V)), WRITE_TARGET=return_target,
                               num_warps=num_warps)
    return (acc, nxt, target) if return_target else (acc, nxt)


def v3_split(B, K1, V, block_v, target_programs=2048, max_split=32):
    """Chunking for v3: enough (row, position, chunk) programs to fill the GPU, chunks a
    multiple of block_v. Returns (split, chunk)."""
    split = max(1, min(max_split, -(-target_programs // max(B * K1, 1)), -(-V // block_v)))
    chunk = -(-(-(-V // split)) // block_v) * block_v
    return -(-V // chunk), chunk


def accept_v3(logits, draft, draft_len, return_target=False, block_v=1024, split=None):
    """v3: split-V partial argmax (stage 1) + per-row merge/compare/bonus (stage 2)."""
    logits, draft, draft_len = _prep(logits, draft, draft_len)
    B, K1, V = logits.shape
    out = _empty_out(logits, B, K1, True)
    if B == 0:
        return out if return_target else out[:2]
    acc, nxt, target = out
    block_v = min(block_v, next_pow2(V))
    if split is None:
        split, chunk = v3_split(B, K1, V, block_v)
    else:
        chunk = -(-(-(-V // split)) // block_v) * block_v
        split = -(-V // chunk)
    dev = logits.device
    pval = torch.empty(B * K1, split, dtype=torch.float32, device=dev)
    pidx = torch.empty(B * K1, split, dtype=torch.int32, device=dev)
    _argmax_partial_kernel[(B * K1, split)](logits, pval, pidx, K1, V, chunk, split,
                                            logits.stride(0), logits.stride(1), BLOCK_V=block_v)
    _accept_reduce_kernel[(B,)](pval, pidx, draft, draft_len, acc, nxt, target, K1 - 1, split,
                                draft.stride(0), BLOCK_K1=next_pow2(K1), BLOCK_S=next_pow2(split))
    return (acc, nxt, target) if return_target else (acc, nxt)


VERSIONS = {"v1": accept_v1, "v2": accept_v2, "v3": accept_v3}
