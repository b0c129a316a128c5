"""Mechanism: verification with static shapes, for CUDA graphs / ``torch.compile(mode="reduce-overhead")``.

The varlen runner (varlen.py) changes shape every pass: different rows, draft lengths and
cache lengths. A captured graph needs the opposite: every pass feeds exactly ``[B, K+1]`` tokens
(drafts padded), keys and values live in one preallocated slab ``[layers, B, kv_heads, T, d]``, and
the per-row cache lengths are a device tensor, so positions, cache writes (scatter) and the causal
mask are computed on the device. Acceptance runs on the device too (``fastapply.kernels``: the Triton
kernel on CUDA, the torch reference elsewhere) and advances the lengths in place: rejected positions
are simply beyond the new length and masked next time. The caller reads ``(accepted, next_token)``
once per pass: the only host sync.

Attention reads the first ``keys`` positions of every slot (``keys`` = the slot length unless the
caller passes less): a caller that knows every row's length picks the smallest of a few sizes that
holds them (``graph.key_bucket``), so a pass reads the valid prefix, not the whole slot. Prefill
writes the chunks of several rows in one forward, padded at the end to the longest chunk.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from fastapply.kernels import fused_decoder, verify_attention
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
        """Write keys/values of prompt tokens at positions [start, start+n) of one row."""
        self.prefill_rows([row], [tokens], [start])

    @torch.inference_mode()
    def prefill_rows(self, rows: list[int], chunks: list[list[int]], starts: list[int]) -> None:
        """Write each row's chunk at positions [start, start + len(chunk)) of its slot, every row in
        one eager forward.

        Chunks are padded at the end to the longest. A padding position's keys land beyond its row's
        new length (clamped into the slot), where a later pass overwrites them before any query can
        see them; causal attention keeps a real query from seeing the padding after it.
        Example: chunks of 3 and 1 tokens at starts 0 and 5 -> ids [2, 3], positions [[0, 1, 2], [5, 6, 7]].
        """
        if not rows:
            return
        for start, chunk in zip(starts, chunks):
            self.check_chunk(start, len(chunk))
        width = max(len(c) for c in chunks)
        ids = torch.tensor([c + [0] * (width - len(c)) for c in chunks], device=self.device)  # [R, C]
        fresh = not any(starts)  # every chunk starts its slot: it attends to its own keys only
        keys = None if fresh else max(s + len(c) for s, c in zip(starts, chunks))
        count = torch.tensor([len(c) for c in chunks], device=self.device)
        self.prefill_padded(
            ids, torch.tensor(starts, device=self.device), count, torch.tensor(rows, device=self.device), keys
        )

    def check_chunk(self, start: int, size: int) -> None:
        if size < 1 or start + size + self.k + 1 > self.max_len:
            raise ValueError(f"prompt of {start + size} tokens does not fit max_len {self.max_len} with k={self.k}")

    @torch.inference_mode()
    def prefill_padded(
        self, ids: torch.Tensor, first: torch.Tensor, count: torch.Tensor, slots: torch.Tensor, keys: int | None
    ) -> None:
        """ids [R, C] (each row's chunk, padded at the end), first [R] its start position, count [R]
        its real tokens, slots [R]: the prefill with every shape fixed by (R, C, keys), so a caller
        can capture it. Queries attend over the slot's first ``keys`` positions under the causal
        mask; ``keys`` None (every chunk starts its slot) attends to the chunk's own keys alone."""
        positions = first[:, None] + torch.arange(ids.shape[1], device=self.device)  # [R, C]
        write_at = positions.clamp(max=self.max_len - 1)
        mask = None if keys is None else self.key_index[None, None, None, :keys] <= positions[:, None, :, None]

        def attend(index, attn, q, k, v):  # q, k, v: [R, heads, C, d]
            # [slots, T, kv_heads, d] views: one (slot, position) pair per written key
            self.keys[index].transpose(1, 2)[slots[:, None], write_at] = k.transpose(1, 2)
            self.values[index].transpose(1, 2)[slots[:, None], write_at] = v.transpose(1, 2)
            if keys is None:
                return F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=attn.scaling, enable_gqa=True)
            slab_keys = self.keys[index, slots, :, :keys]  # [R, kv_heads, keys, d]
            slab_values = self.values[index, slots, :, :keys]
            return F.scaled_dot_product_attention(
                q, slab_keys, slab_values, attn_mask=mask, scale=attn.scaling, enable_gqa=True
            )

        self.weights.forward(ids, positions, attend)
        self.lengths[slots] = first + count

    @torch.inference_mode()
    def verify(
        self, tokens: torch.Tensor, draft_len: torch.Tensor, keys: int | None = None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """tokens: [B, K+1] = [last_token, *draft (padded)]; draft_len: [B] valid draft tokens.

        Returns (accepted [B], next_token [B]) on the device and advances ``lengths`` by accepted+1:
        acceptance on the device (``fastapply.kernels.greedy_accept``), for a caller that keeps
        the whole loop there. Every shape is fixed by (B, K, keys): capture this call.
        """
        from fastapply.kernels import greedy_accept

        accepted, next_token = greedy_accept(self.logits(tokens, keys), tokens[:, 1:], draft_len)
        self.lengths += accepted + 1
        return accepted, next_token

    def targets(self, tokens: torch.Tensor, keys: int | None = None) -> torch.Tensor:
        """The greedy token after every fed position, [B, K+1]; leaves ``lengths`` alone (for callers
        that own the lengths: the engine's GraphRunner uploads them every pass)."""
        return self.logits(tokens, keys).argmax(dim=-1)

    def candidates(self, tokens: torch.Tensor, n: int, keys: int | None = None) -> torch.Tensor:
        """Ranked candidates after every fed position, for a decoding constraint to choose from:
        [B, K+1, n+1] = argmax, then the top n. Leaves ``lengths`` alone, like targets()."""
        return ranked_candidates(self.logits(tokens, keys), n)

    def logits(self, tokens: torch.Tensor, keys: int | None = None) -> torch.Tensor:
        """tokens [B, K+1] fed at each row's length -> logits [B, K+1, V]; every fed position must be
        below ``keys`` (default: the slot length)."""
        positions = self.lengths[:, None] + self.offsets  # [B, K+1]
        return self.weights.logits(self._forward(tokens, positions, keys or self.max_len))

    def _forward(self, ids: torch.Tensor, positions: torch.Tensor, keys: int) -> torch.Tensor:
        batch, n = ids.shape
        # Opted in (FASTAPPLY_KERNELS=fused, CUDA): one kernel that reads each row's valid
        # positions only (kernels/attention_triton.py), instead of SDPA over the whole bucket.
        valid_only = fused_decoder(self.device)
        # query i of a row sees key j iff j <= its position: the causal mask and the valid-prefix
        # mask in one comparison, [B, 1, n, keys]
        mask = None if valid_only else self.key_index[None, None, None, :keys] <= positions[:, None, :, None]
        write_at = positions[:, None, :, None].expand(batch, self.keys.shape[2], n, self.head_dim)

        def attend(index, attn, q, k, v):
            slab_keys, slab_values = self.keys[index, :, :, :keys], self.values[index, :, :, :keys]  # views
            slab_keys.scatter_(2, write_at, k)
            slab_values.scatter_(2, write_at, v)
            if valid_only:  # the same rule: query t of row b sees keys j <= positions[b, 0] + t
                return verify_attention(q, slab_keys, slab_values, positions[:, 0], attn.scaling)
            return F.scaled_dot_product_attention(
                q, slab_keys, slab_values, attn_mask=mask, scale=attn.scaling, enable_gqa=True
            )

        return self.weights.forward(ids, positions, attend)
