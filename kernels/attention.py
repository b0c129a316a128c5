"""Attention for one verification pass, the reference: what the static runner computes today
(``fastapply/runners/static.py``), in one function the Triton kernel is checked against.

A pass feeds T = K+1 tokens per row; query t of row b sits at position ``lengths[b] + t``, and its
keys are already in the slab at those positions. Query t sees key j iff

    j <= lengths[b] + t          # the causal mask and the valid prefix in one comparison

so a row never sees slab positions at or beyond ``lengths[b] + T`` (stale keys of rejected drafts,
or never written). GQA: query head h reads kv head ``h // (H // Hkv)``.

>>> import torch
>>> q = torch.zeros(2, 1, 2, 1)                       # B=2 rows, 1 head, T=2 queries, d=1
>>> keys = torch.zeros(2, 1, 4, 1)                    # equal scores: a uniform average
>>> values = torch.tensor([1.0, 2.0, 3.0, 4.0]).reshape(1, 1, 4, 1).repeat(2, 1, 1, 1)
>>> verify_attention_ref(q, keys, values, torch.tensor([0, 2]), scale=1.0)[:, 0, :, 0]
tensor([[1.0000, 1.5000],
        [2.0000, 2.5000]])

(row 0 has no cache: its query 0 sits at position 0 and sees key 0 alone, query 1 keys 0..1;
row 1 holds 2 cached positions: query 0 sees keys 0..2, mean 2, query 1 keys 0..3, mean 2.5.)
"""

from __future__ import annotations

import torch
import torch.nn.functional as F


def verify_attention_ref(
    q: torch.Tensor, keys: torch.Tensor, values: torch.Tensor, lengths: torch.Tensor, scale: float
) -> torch.Tensor:
    """q [B, H, T, d], keys/values [B, Hkv, S, d], lengths [B] int -> [B, H, T, d] in q's dtype.

    The runner's arithmetic exactly: SDPA over all S slab positions with a boolean mask (masked
    positions are still read, so they must be finite; the Triton kernel does not read them)."""
    T, S = q.shape[2], keys.shape[2]
    positions = lengths[:, None] + torch.arange(T, device=q.device)  # [B, T]
    mask = torch.arange(S, device=q.device)[None, None, None, :] <= positions[:, None, :, None]  # [B, 1, T, S]
    return F.scaled_dot_product_attention(q, keys, values, attn_mask=mask, scale=scale, enable_gqa=True)
