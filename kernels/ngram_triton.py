"""Batched n-gram / cursor draft proposal in Triton (same rule as ``ngram.ngram_propose_ref``).

  v1  one program per row. It walks the reference in BLOCK_R blocks of continuation positions
      c; for each c it extends the suffix match backwards (static loop over i < MAX_NGRAM, one
      vector load of ref[c-1-i] per step) and folds (match length, cursor distance) into one
      int64 score per lane:

          score = L * 2**32 - key,   key = c - cursor            if c >= cursor
                                     key = 2**30 + cursor - c    otherwise

      so ``max(score)`` is the longest match, then the first continuation at/after the cursor,
      then the nearest one behind it; keys are distinct per c, so the max is unique and every
      version agrees exactly. The same program then gathers ref[start:start+k].

Why on the GPU: the tail is the tokens the verification pass just accepted; proposing on the
device avoids a device->host->device round trip per decoding step for every request.
Import only via ``_triton.load`` (needs triton).
"""
from __future__ import annotations

import torch
import triton
import triton.language as tl

from ._triton import next_pow2
from .ngram import BEHIND as _BEHIND_INT

BEHIND = tl.constexpr(_BEHIND_INT)  # jit code may only read constexpr globals


@triton.jit
def _ngram_kernel(refs_ptr, rlen_ptr, tail_ptr, tlen_ptr, cur_ptr,
                  start_ptr, mlen_ptr, draft_ptr, dlen_ptr,
                  R, N, K, stride_rb, stride_tb,
                  MAX_NGRAM: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr):
    b = tl.program_id(0)
    row = refs_ptr + b.to(tl.int64) * stride_rb
    trow = tail_ptr + b.to(tl.int64) * stride_tb
    rl = tl.minimum(tl.maximum(tl.load(rlen_ptr + b).to(tl.int32), 0), R)
    tn = tl.minimum(tl.maximum(tl.load(tlen_ptr + b).to(tl.int32), 0), N)
    # clamping the cursor to [0, R] changes no choice and keeps keys < 2**31
    cur = tl.minimum(tl.maximum(tl.load(cur_ptr + b).to(tl.int64), 0), R)
    best = tl.full([BLOCK_R], -(1 << 62), tl.int64)
    for r0 in range(0, rl, BLOCK_R):
        c = r0 + tl.arange(0, BLOCK_R)
        valid = (c >= 1) & (c < rl)
        alive = valid
        L = tl.zeros([BLOCK_R], tl.int64)
        for i in tl.static_range(MAX_NGRAM):
            t_i = tl.load(trow + (N - 1 - i), mask=i < tn, other=-1)  # i-th newest tail token
            p = c - 1 - i
            alive = alive & (p >= 0) & (p >= c - tn)  # i < tn, kept block-shaped: the
            # interpreter mis-types `bool block & bool scalar` (int64 mask)
            x = tl.load(row + p, mask=alive, other=-1)
            alive = alive & (x == t_i)
            L += alive.to(tl.int64)
        d = c.to(tl.int64) - cur
        key = tl.where(d >= 0, d, BEHIND - d)
        score = tl.where(valid, L * 4294967296 - key, -(1 << 62))
        best = tl.maximum(best, score)
    s = tl.max(best, axis=0)
    n = (s + 2147483648) >> 32  # <= 0: no match (or no valid continuation at all)
    key = n * 4294967296 - s
    c_best = tl.where(key >= BEHIND, cur - (key - BEHIND), cur + key)
    hit = n > 0
    start = tl.where(hit, c_best, -1)
    tl.store(start_ptr + b, start)
    tl.store(mlen_ptr + b, tl.where(hit, n, 0))
    jj = tl.arange(0, BLOCK_K)
    pos = start + jj
    ok = (pos >= jj) & (pos < rl) & (jj < K)  # pos >= jj <=> hit (start >= 0); see above
    tok = tl.load(row + pos, mask=ok, other=-1).to(tl.int64)
    tl.store(draft_ptr + b * K + jj, tok, mask=jj < K)
    tl.store(dlen_ptr + b, tl.sum(ok.to(tl.int64), axis=0))


def ngram_v1(refs, ref_len, tail, tail_len, cursor, k, max_ngram, block_r=1024):
    """v1: one program per row, blockwise scan of the reference. Same returns as the reference."""
    B, R = refs.shape
    N = tail.shape[1]
    assert R < _BEHIND_INT, "reference longer than 2**30 tokens"
    dev = refs.device
    if refs.shape[1] and refs.stride(1) != 1:
        refs = refs.contiguous()
    if N and tail.stride(1) != 1:
        tail = tail.contiguous()
    start = torch.empty(B, dtype=torch.int64, device=dev)
    mlen = torch.empty(B, dtype=torch.int64, device=dev)
    draft = torch.empty(B, k, dtype=torch.int64, device=dev)
    dlen = torch.empty(B, dtype=torch.int64, device=dev)
    if B == 0:
        return start, mlen, draft, dlen
    _ngram_kernel[(B,)](refs, ref_len.contiguous(), tail, tail_len.contiguous(), cursor.contiguous(),
                        start, mlen, draft, dlen, R, N, k, refs.stride(0), tail.stride(0),
                        MAX_NGRAM=max(0, min(int(max_ngram), N)),
                        BLOCK_R=min(block_r, next_pow2(max(R, 1))), BLOCK_K=next_pow2(k))
    return start, mlen, draft, dlen


VERSIONS = {"v1": ngram_v1}
