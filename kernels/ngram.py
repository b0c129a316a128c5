"""Batched n-gram / cursor draft proposal: plain-torch reference.

The draft for a code edit is the original file itself: the rewritten file mostly copies it.
For every request we look up the newest generated tokens (the "tail") in the original file's
tokens (the "ref") and propose the tokens that followed them there.

Rule (shared bit-for-bit by every version):

1. ``n`` = the longest suffix length of the tail, ``1 <= n <= min(max_ngram, tail_len)``, that
   occurs in ``ref[:ref_len]`` with a continuation, i.e. ``ref[p:p+n] == tail[-n:]`` and
   ``c = p + n < ref_len``. No such n -> no match.
2. Among the matches of length n, choose the continuation ``c`` nearest the cursor *going
   forward*: the smallest ``c >= cursor``; if there is none, the largest ``c < cursor``.
3. ``start = c``; ``draft = ref[c:c+k]`` padded with -1 beyond ref_len; ``draft_len`` counts
   the valid ones.

Why the cursor: code is full of repeated short lines. Worked example (99 = ``}``, 98 = ``\\n``,
tokens 10..17 are other code)::

    ref   = [10, 11, 99, 98, 12, 13, 99, 98, 14, 15, 99, 98, 16]
    index    0   1   2   3   4   5   6   7   8   9   10  11  12

The model has just re-emitted ``13 }`` with ``13`` edited to ``77`` (not in the file), so the
tail is ``[.., 77, 99]`` and the cursor (one past the last copied position) is 7. Only the
1-gram ``[99]`` matches, at p = 2, 6 and 10, i.e. continuations c = 3, 7, 11.

* Leftmost match (HF ``prompt_lookup``, vLLM's n-gram proposer): c = 3, draft
  ``[98, 12, 13, 99, ...]`` -- the *first* function again, rejected after one token.
* Cursor rule: c = 7 (smallest c >= 7), draft ``[98, 14, 15, 99, 98, 16]`` -- exactly what
  follows in the file, typically accepted in full.
* With cursor = 12 (the model skipped ahead), no c >= 12 exists, so the nearest one behind
  is used: c = 11, draft ``[98, 16]``.

A longer match beats the cursor: with tail ``[.., 15, 99]`` the 2-gram matches only at
p = 9 (c = 11), whatever the cursor.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

# Continuations behind the cursor rank after every continuation at/after it.
BEHIND = 1 << 30


def ngram_propose_ref(
    refs: torch.Tensor,  # [B, R] int64, padded reference (original file) tokens
    ref_len: torch.Tensor,  # [B] int, valid tokens per row
    tail: torch.Tensor,  # [B, N] int64, newest tokens right-aligned (tail[:, N-1] is newest)
    tail_len: torch.Tensor,  # [B] int, valid tail tokens per row (<= N)
    cursor: torch.Tensor,  # [B] int, ref position the request expects to continue at
    k: int,  # draft tokens to propose
    max_ngram: int,  # longest suffix tried
):
    """Returns ``start`` [B] int64 (-1: no match), ``match_len`` [B] int64, ``draft`` [B, k]
    int64 (-1 padded) and ``draft_len`` [B] int64. Vectorised: one [B, R, M] compare."""
    B, R = refs.shape
    N = tail.shape[1]
    M = max(0, min(int(max_ngram), N))
    dev = refs.device
    ref_len = ref_len.to(dev, torch.int64).clamp(0, R)
    tail_len = tail_len.to(dev, torch.int64).clamp(0, N)
    cursor = cursor.to(dev, torch.int64)
    start = torch.full((B,), -1, dtype=torch.int64, device=dev)
    match_len = torch.zeros(B, dtype=torch.int64, device=dev)
    if M > 0 and R > 0:
        # windows[b, c, i] = refs[b, c-1-i]  (the i-th token before continuation c), -1 off the left.
        padded = F.pad(refs.to(torch.int64), (M, 0), value=-1)  # [B, R+M]
        windows = padded.unfold(1, M, 1)[:, :R].flip(-1)  # [B, R, M]
        suffix = tail[:, N - M:].to(torch.int64).flip(-1)  # [B, M]; suffix[b, i] = tail[b, N-1-i]
        i = torch.arange(M, device=dev)
        c = torch.arange(R, device=dev)
        eq = (windows == suffix[:, None, :])
        eq &= (i[None, None, :] < tail_len[:, None, None]) & (c[None, :, None] - 1 - i >= 0)
        L = eq.to(torch.int64).cumprod(-1).sum(-1)  # [B, R] match length ending at c-1
        valid = (c[None, :] >= 1) & (c[None, :] < ref_len[:, None])
        L = torch.where(valid, L, 0)
        n = L.amax(dim=1)  # [B]
        d = c[None, :] - cursor[:, None]  # [B, R]
        key = torch.where(d >= 0, d, BEHIND - d)  # forward distance, then backward distance
        key = torch.where((L == n[:, None]) & (n[:, None] > 0), key, torch.iinfo(torch.int64).max)
        best = key.argmin(dim=1)  # keys are distinct per c, so no tie
        hit = n > 0
        start = torch.where(hit, best, start)
        match_len = torch.where(hit, n, match_len)
    j = torch.arange(k, device=dev)
    pos = start[:, None] + j[None, :]  # [B, k]
    ok = (start[:, None] >= 0) & (pos < ref_len[:, None])
    draft = torch.where(ok, refs.to(torch.int64).gather(1, pos.clamp(0, max(R - 1, 0))) if R else pos, -1)
    return start, match_len, draft, ok.sum(dim=1)
