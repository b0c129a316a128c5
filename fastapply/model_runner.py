"""Mechanism: one batched forward of a Llama-family decoder over per-sequence KV caches.

Rows of different lengths are concatenated into one token stream ("varlen"): the projections and the
MLP run once over all tokens of all rows, and only attention is done per row, against that row's own
preallocated cache. No padding is computed, and every row can have its own draft length and context
length. The weights are the Hugging Face model's own modules; transformers' forward stays the
reference in the tests.

The runner decides nothing: it writes keys/values at each row's current length, returns the argmax
token at the positions asked for, and leaves ``cache.length`` for the caller to set (accept/rollback).
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F

from .kv_cache import CacheShape, KVCache

SUPPORTED = ("llama", "qwen2", "qwen3", "mistral", "smollm3")


@dataclass
class Row:
    cache: KVCache
    tokens: list[int]  # fed at positions [cache.length, cache.length + len(tokens))
    num_logits: int  # greedy tokens wanted for the last num_logits positions (0 for prefill chunks)


def ranked_candidates(logits: torch.Tensor, n: int) -> torch.Tensor:
    """logits [..., V] -> [..., n + 1] token ids: the argmax, then the top n. The argmax comes from
    argmax, not from topk, whose order of exact ties may differ: an unconstrained row in a
    constrained pass must get exactly the token plain decoding gets."""
    return torch.cat([logits.argmax(dim=-1, keepdim=True), logits.topk(n, dim=-1).indices], dim=-1)


def _rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class ModelRunner:
    def __init__(self, model):
        cfg = model.config
        if getattr(cfg, "model_type", None) not in SUPPORTED:
            raise ValueError(
                f"model type {getattr(cfg, 'model_type', None)!r} is not supported by the native runner "
                f"(supported: {', '.join(SUPPORTED)})")
        self.model = model
        inner = model.model
        self.embed, self.layers, self.norm, self.rotary = inner.embed_tokens, inner.layers, inner.norm, inner.rotary_emb
        self.lm_head = model.lm_head
        self.num_heads = cfg.num_attention_heads
        self.num_kv_heads = getattr(cfg, "num_key_value_heads", None) or self.num_heads
        self.head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // self.num_heads
        self.max_positions = getattr(cfg, "max_position_embeddings", 2048)
        self.cache_shape = CacheShape(len(self.layers), self.num_kv_heads, self.head_dim)
        param = next(model.parameters())
        self.device, self.dtype = param.device, param.dtype

    def new_cache(self, capacity: int) -> KVCache:
        return KVCache(self.cache_shape, capacity, self.dtype, self.device)

    @torch.inference_mode()
    def forward(self, rows: list[Row], candidates: int = 1) -> list[list]:
        """Run all rows through the model; return each row's greedy tokens (len == num_logits), or
        with ``candidates > 1`` each position's ranked candidate ids (argmax first, then the rest of
        the top ``candidates``) for a decoding constraint to choose from.

        One host sync: every requested position comes back in a single ``tolist``.
        """
        lengths = [len(r.tokens) for r in rows]
        ids = torch.tensor([t for r in rows for t in r.tokens], dtype=torch.long, device=self.device)
        positions = torch.cat([torch.arange(r.cache.length, r.cache.length + n) for r, n in zip(rows, lengths)])
        positions = positions.to(self.device)
        hidden = self.embed(ids)[None]  # [1, T, hidden]
        cos, sin = self.rotary(hidden, positions[None])  # [1, T, head_dim]
        cos, sin = cos[:, None], sin[:, None]  # broadcast over heads: [1, 1, T, head_dim]
        masks = [self._mask(r.cache.length, n) for r, n in zip(rows, lengths)]
        for index, layer in enumerate(self.layers):
            hidden = hidden + self._attention(index, layer, layer.input_layernorm(hidden), cos, sin, rows, lengths, masks)
            hidden = hidden + layer.mlp(layer.post_attention_layernorm(hidden))
        picks, offset = [], 0
        for n, r in zip(lengths, rows):
            offset += n
            if r.num_logits:
                picks.append(torch.arange(offset - r.num_logits, offset))
        if not picks:
            return [[] for _ in rows]
        selected = self.norm(hidden[0, torch.cat(picks).to(self.device)])
        logits = self.lm_head(selected)  # [positions, vocab]
        best = ranked_candidates(logits, candidates) if candidates > 1 else logits.argmax(dim=-1)
        flat = best.tolist()  # the pass's one host sync
        out, start = [], 0
        for r in rows:
            out.append(flat[start:start + r.num_logits])
            start += r.num_logits
        return out

    def _mask(self, past: int, n: int) -> torch.Tensor | None:
        """Causal mask of n new queries over past+n keys; None where no mask is needed."""
        if n == 1 or past == 0:
            return None  # single query sees everything; fresh cache uses is_causal
        keep = torch.ones(n, past + n, dtype=torch.bool, device=self.device)
        return keep.tril(diagonal=past)

    def _attention(self, index, layer, x, cos, sin, rows, lengths, masks) -> torch.Tensor:
        attn = layer.self_attn
        total = x.shape[1]
        q = attn.q_proj(x).view(1, total, -1, self.head_dim).transpose(1, 2)  # [1, heads, T, d]
        k = attn.k_proj(x).view(1, total, -1, self.head_dim).transpose(1, 2)  # [1, kv_heads, T, d]
        v = attn.v_proj(x).view(1, total, -1, self.head_dim).transpose(1, 2)
        if hasattr(attn, "q_norm"):  # Qwen3 normalises q and k per head before RoPE
            q, k = attn.q_norm(q), attn.k_norm(k)
        q = q * cos + _rotate_half(q) * sin
        k = k * cos + _rotate_half(k) * sin
        outs, start = [], 0
        for row, n, mask in zip(rows, lengths, masks):
            past = row.cache.length
            keys, values = row.cache.write(index, past, k[0, :, start:start + n], v[0, :, start:start + n])
            outs.append(F.scaled_dot_product_attention(
                q[:, :, start:start + n], keys[None], values[None], attn_mask=mask,
                is_causal=mask is None and n > 1, scale=attn.scaling, enable_gqa=True))
            start += n
        out = torch.cat(outs, dim=2) if len(outs) > 1 else outs[0]  # [1, heads, T, d]
        return attn.o_proj(out.transpose(1, 2).reshape(1, total, -1))
