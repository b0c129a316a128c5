"""Mechanism: verification with static shapes, for CUDA graphs / ``torch.compile(mode="reduce-overhead")``.

The varlen runner (varlen.py) changes shape every pass: different rows, draft lengths and
cache lengths. A captured graph needs the opposite: every pass feeds exactly ``[B, K+1]`` tokens
(drafts padded), keys and values live in one preallocated slab ``[layers, B, kv_heads, T, d]``, and
the per-row cache lengths are a device tensor, so positions, cache writes (scatter) and the causal
mask are computed on the device. Acceptance runs on the device too (``fastapply.kernels``: the Triton
kernel on CUDA, the torch reference elsewhere) and advances the lengths in place: rejected positions
are simply beyond the new length and masked next time. The caller reads ``(accepted, next_token)``
once per pass: the only host sync.

Attention reads the whole slab (T keys) every pass; that is the price of a static shape, which a
captured graph on a GPU repays and a CPU does not — the engine uses the varlen runner on CPU.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from fastapply.runners.base import ranked_candidates
from fastapply.runners.llama import LlamaWeights


class StaticRunner:
    def __init__(self, model, batch: int, k: int, max_len: int):
        if batch < 1 or k < 0 or max_len < k + 2:
            raise ValueError(f"need batch >= 1, k >= 0, max_len >= k + 2; got {batch}, {k}, {max_len}")
        self.weights = w = LlamaWeights(model)
        self.device, self.k, self.max_len, self.head_dim = w.device, k, max_len, w.head_dim
        shape = (len(w.layers), batch, w.num_kv_heads, max_len, w.head_dim)
        self.keys = torch.zeros(shape, dtype=w.dtype, device=self.device)
        self.values = torch.zeros_like(self.keys)
        self.lengths = torch.zeros(batch, dtype=torch.long, device=self.device)  # valid cache positions per row
        self.offsets = torch.arange(k + 1, device=self.device)
        self.key_index = torch.arange(max_len, device=self.device)

    @torch.inference_mode()
    def prefill(self, row: int, tokens: list[int], start: int = 0) -> None:
        """Write keys/values of prompt tokens at positions [start, start+n) of one row (eager; only
        the verification pass is meant to be captured)."""
        if start + len(tokens) + self.k + 1 > self.max_len:
            raise ValueError(
                f"prompt of {start + len(tokens)} tokens does not fit max_len {self.max_len} with k={self.k}"
            )
        ids = torch.tensor([tokens], device=self.device)
        positions = torch.arange(start, start + len(tokens), device=self.device)[None]
        self._forward(ids, positions, slice(row, row + 1))
        self.lengths[row] = start + len(tokens)

    @torch.inference_mode()
    def verify(self, tokens: torch.Tensor, draft_len: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """tokens: [B, K+1] = [last_token, *draft (padded)]; draft_len: [B] valid draft tokens.

        Returns (accepted [B], next_token [B]) on the device and advances ``lengths`` by accepted+1:
        acceptance on the device (``fastapply.kernels.greedy_accept``), for a caller that keeps
        the whole loop there. Every shape is fixed by (B, K, T): capture this call.
        """
        from fastapply.kernels import greedy_accept

        accepted, next_token = greedy_accept(self._logits(tokens), tokens[:, 1:], draft_len)
        self.lengths += accepted + 1
        return accepted, next_token

    def targets(self, tokens: torch.Tensor) -> torch.Tensor:
        """The greedy token after every fed position, [B, K+1]; leaves ``lengths`` alone (for callers
        that own the lengths: the engine's GraphRunner uploads them every pass)."""
        return self._logits(tokens).argmax(dim=-1)

    def candidates(self, tokens: torch.Tensor, n: int) -> torch.Tensor:
        """Ranked candidates after every fed position, for a decoding constraint to choose from:
        [B, K+1, n+1] = argmax, then the top n. Leaves ``lengths`` alone, like targets()."""
        return ranked_candidates(self._logits(tokens), n)

    def _logits(self, tokens: torch.Tensor) -> torch.Tensor:
        positions = self.lengths[:, None] + self.offsets  # [B, K+1]
        return self.weights.logits(self._forward(tokens, positions, slice(None)))  # [B, K+1, V]

    def _forward(self, ids: torch.Tensor, positions: torch.Tensor, rows: slice) -> torch.Tensor:
        batch, n = ids.shape
        # query i of a row sees key j iff j <= its position: the causal mask and the valid-prefix
        # mask in one comparison, [B, 1, n, T]
        mask = self.key_index[None, None, None, :] <= positions[:, None, :, None]
        write_at = positions[:, None, :, None].expand(batch, self.keys.shape[2], n, self.head_dim)

        def attend(index, attn, q, k, v):
            keys, values = self.keys[index, rows], self.values[index, rows]  # [B, kv_heads, T, d] views
            keys.scatter_(2, write_at, k)
            values.scatter_(2, write_at, v)
            return F.scaled_dot_product_attention(q, keys, values, attn_mask=mask, scale=attn.scaling, enable_gqa=True)

        return self.weights.forward(ids, positions, attend)
