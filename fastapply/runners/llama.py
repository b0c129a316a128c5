"""The Llama-family decoder, written once for both runners (varlen and static).

The weights are the Hugging Face model's own modules (``LlamaWeights``); a runner supplies only
how attention reads and writes its KV storage (``attend``). Supported: Llama, Qwen2, Qwen3 (q/k
norms), Mistral, SmolLM3. transformers' forward stays the reference in the tests.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import torch
import torch.nn.functional as F

from fastapply.kernels import add_rms_norm, fused_decoder, rms_norm, rotary, silu_mul

SUPPORTED = ("llama", "qwen2", "qwen3", "mistral", "smollm3")

# attend(layer_index, attn_module, q, k, v) -> attention output [B, heads, T, head_dim]
Attend = Callable[[int, torch.nn.Module, torch.Tensor, torch.Tensor, torch.Tensor], torch.Tensor]


class LlamaWeights:
    """The modules and shapes a runner reads from a Hugging Face causal LM."""

    def __init__(self, model):
        cfg = model.config
        if getattr(cfg, "model_type", None) not in SUPPORTED:
            raise ValueError(
                f"model type {getattr(cfg, 'model_type', None)!r} is not supported by the native runners "
                f"(supported: {', '.join(SUPPORTED)})"
            )
        inner = model.model
        self.embed, self.layers, self.norm, self.rotary = inner.embed_tokens, inner.layers, inner.norm, inner.rotary_emb
        self.lm_head = model.lm_head
        self.num_heads = cfg.num_attention_heads
        self.num_kv_heads = getattr(cfg, "num_key_value_heads", None) or self.num_heads
        self.head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // self.num_heads
        self.max_positions = getattr(cfg, "max_position_embeddings", 2048)
        param = next(model.parameters())
        self.device, self.dtype = param.device, param.dtype
        # One GEMM for q, k and v and one for gate and up, per layer (two and one fewer kernel
        # launches a layer): the modules' weights become views of the joined tensors, so memory
        # does not grow and transformers' own forward still reads the same values.
        self.qkv = [
            _joined(layer.self_attn.q_proj, layer.self_attn.k_proj, layer.self_attn.v_proj) for layer in self.layers
        ]
        self.gate_up = [_joined(layer.mlp.gate_proj, layer.mlp.up_proj) for layer in self.layers]
        self.silu = getattr(cfg, "hidden_act", "silu") == "silu"  # the fused gate computes SiLU only

    def forward(self, ids: torch.Tensor, positions: torch.Tensor, attend: Attend) -> torch.Tensor:
        """ids, positions [B, T] -> final hidden states [B, T, hidden] (before the last norm)."""
        hidden = self.embed(ids)
        fused = fused_decoder(hidden.device)
        cos, sin = self.rotary(hidden, positions)
        cos, sin = cos[:, None], sin[:, None]  # broadcast over heads: [B, 1, T, head_dim]
        batch, total = ids.shape
        pending = None  # the last MLP's output: the next norm adds it to the residual stream
        for index, layer in enumerate(self.layers):
            attn = layer.self_attn
            hidden, x = _add_norm(layer.input_layernorm, hidden, pending, fused)
            weight, bias, sizes = self.qkv[index]
            q, k, v = (
                part.view(batch, total, -1, self.head_dim).transpose(1, 2)  # [B, heads or kv_heads, T, d]
                for part in F.linear(x, weight, bias).split(sizes, dim=-1)
            )
            if hasattr(attn, "q_norm"):  # Qwen3 normalises q and k per head before RoPE
                q, k = attn.q_norm(q), attn.k_norm(k)
            if fused:
                q, k = rotary(q, cos, sin), rotary(k, cos, sin)
            else:
                q = q * cos + _rotate_half(q) * sin
                k = k * cos + _rotate_half(k) * sin
            out = attn.o_proj(attend(index, attn, q, k, v).transpose(1, 2).reshape(batch, total, -1))
            hidden, x = _add_norm(layer.post_attention_layernorm, hidden, out, fused)
            weight, bias, sizes = self.gate_up[index]
            gate_up = F.linear(x, weight, bias)
            if fused and self.silu:
                pending = layer.mlp.down_proj(silu_mul(gate_up, sizes[0]))
            else:
                gate, up = gate_up.split(sizes, dim=-1)
                pending = layer.mlp.down_proj(layer.mlp.act_fn(gate) * up)
        return hidden if pending is None else hidden + pending

    def logits(self, hidden: torch.Tensor) -> torch.Tensor:
        return self.lm_head(_norm(self.norm, hidden, fused_decoder(hidden.device)))


_JOINED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # first linear -> its joined projection


def _joined(*linears: torch.nn.Linear) -> tuple[torch.Tensor, torch.Tensor | None, list[int]]:
    """(weight [sum out, in], bias or None, each module's out size) of linears that read one input,
    joined along their outputs; each module's weight (and bias) becomes a view of the joined one."""
    sizes = [linear.out_features for linear in linears]
    done = _JOINED.get(linears[0])
    if done is not None and all(
        linear.weight.data_ptr() == part.data_ptr() for linear, part in zip(linears, done[0].split(sizes))
    ):
        return done  # a second runner on the same model: the same tensors, not a second copy
    with torch.no_grad():
        weight = torch.cat([linear.weight for linear in linears])
        biased = [linear.bias is not None for linear in linears]
        if any(biased) and not all(biased):
            raise ValueError("cannot join projections where only some have a bias")
        bias = torch.cat([linear.bias for linear in linears]) if all(biased) else None
        for linear, part in zip(linears, weight.split(sizes)):
            linear.weight.data = part
        if bias is not None:
            for linear, part in zip(linears, bias.split(sizes)):
                linear.bias.data = part
    _JOINED[linears[0]] = weight, bias, sizes  # found again by a second runner on the model
    return weight, bias, sizes


def _add_norm(
    module: torch.nn.Module, hidden: torch.Tensor, delta: torch.Tensor | None, fused: bool
) -> tuple[torch.Tensor, torch.Tensor]:
    """(hidden + delta, the layer's RMSNorm of it): the residual add and the norm, as one kernel
    when fused; ``delta`` None adds nothing."""
    if delta is None:
        return hidden, _norm(module, hidden, fused)
    if fused:
        return add_rms_norm(hidden, delta, module.weight, module.variance_epsilon)
    hidden = hidden + delta
    return hidden, module(hidden)


def _norm(module: torch.nn.Module, x: torch.Tensor, fused: bool) -> torch.Tensor:
    """The layer's RMSNorm: the module itself, or the same arithmetic as one kernel (opted in, with
    the rotary embedding as one kernel too: ``FASTAPPLY_KERNELS=fused``)."""
    if fused:
        return rms_norm(x, module.weight, module.variance_epsilon)
    return module(x)


def _rotate_half(x: torch.Tensor) -> torch.Tensor:
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)
