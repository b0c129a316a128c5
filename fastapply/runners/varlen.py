"""Mechanism: one batched forward of a Llama-family decoder over per-sequence KV caches (CPU).

Rows of different lengths are concatenated into one token stream ("varlen"): the projections and the
MLP run once over all tokens of all rows, and only attention is done per row, against that row's own
preallocated cache. No padding is computed, and every row can have its own draft length and context
length.

The runner decides nothing: it writes keys/values at each row's current length, returns the greedy
token at the positions asked for, and leaves ``cache.length`` for the caller to set (accept/rollback).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from fastapply.runners.base import Row, Verified, ranked_candidates, split_outputs
from fastapply.runners.kv_cache import CacheShape, KVCache
from fastapply.runners.llama import LlamaWeights
from fastapply.runners.profile import PassProfile


class VarlenRunner:
    def __init__(self, model):
        self.weights = LlamaWeights(model)
        w = self.weights
        self.device, self.dtype, self.max_positions = w.device, w.dtype, w.max_positions
        self.cache_shape = CacheShape(len(w.layers), w.num_kv_heads, w.head_dim)
        self.profile = PassProfile()  # counts only: timing a CPU pass would add nothing to know

    # -- caches ---------------------------------------------------------------------------------
    def check(self, k: int, capacity: int) -> None:
        pass  # a cache is allocated at the size each sequence needs

    def reserve(self, capacity: int) -> int:
        return capacity

    def allocate(self, capacity: int) -> KVCache:
        return KVCache(self.cache_shape, capacity, self.dtype, self.device)

    def free(self, cache: KVCache) -> None:
        pass  # the buffers go with the last reference to the cache

    # -- one pass -------------------------------------------------------------------------------
    @torch.inference_mode()
    def verify(self, rows: list[Row], candidates: int = 1) -> Verified:
        """Run all rows through the model; return each row's greedy tokens (``num_logits`` per
        row) and, with ``candidates > 1``, each position's ranked candidate ids.

        One host sync: every requested position comes back in a single ``tolist``.
        """
        lengths = [len(r.tokens) for r in rows]
        ids = torch.tensor([t for r in rows for t in r.tokens], dtype=torch.long, device=self.device)
        positions = torch.cat([torch.arange(r.cache.length, r.cache.length + n) for r, n in zip(rows, lengths)])
        masks = [self._mask(r.cache.length, n) for r, n in zip(rows, lengths)]

        def attend(index, attn, q, k, v):  # q, k, v: [1, heads, T, d] over every row's tokens
            outs, start = [], 0
            for row, n, mask in zip(rows, lengths, masks):
                keys, values = row.cache.write(
                    index, row.cache.length, k[0, :, start : start + n], v[0, :, start : start + n]
                )
                outs.append(
                    F.scaled_dot_product_attention(
                        q[:, :, start : start + n],
                        keys[None],
                        values[None],
                        attn_mask=mask,
                        is_causal=mask is None and n > 1,
                        scale=attn.scaling,
                        enable_gqa=True,
                    )
                )
                start += n
            return torch.cat(outs, dim=2) if len(outs) > 1 else outs[0]

        hidden = self.weights.forward(ids[None], positions.to(self.device)[None], attend)  # [1, T, hidden]
        picks, offset = [], 0
        for n, r in zip(lengths, rows):
            offset += n
            if r.num_logits:
                picks.append(torch.arange(offset - r.num_logits, offset))
        prefilling = sum(1 for r in rows if not r.num_logits)
        self.profile.prefill_rows += prefilling
        if not picks:  # prefill chunks only: nothing to read back
            self.profile.prefill_forwards += 1
            return split_outputs([], rows, candidates)
        self.profile.passes += 1
        self.profile.syncs += 1
        logits = self.weights.logits(hidden[0, torch.cat(picks).to(self.device)])  # [positions, vocab]
        best = ranked_candidates(logits, candidates) if candidates > 1 else logits.argmax(dim=-1)
        return split_outputs(best.tolist(), rows, candidates)  # the pass's one host sync

    def _mask(self, past: int, n: int) -> torch.Tensor | None:
        """Causal mask of n new queries over past+n keys; None where no mask is needed."""
        if n == 1 or past == 0:
            return None  # single query sees everything; fresh cache uses is_causal
        keep = torch.ones(n, past + n, dtype=torch.bool, device=self.device)
        return keep.tril(diagonal=past)
