"""The decoder's joined q/k/v and gate/up projections against separate ones, in one process.

    python -m fastapply.evals.projection_ab [--reps 12]

Loads the default model (fp32 on CPU), checks that both forwards give the same greedy tokens, then
times them interleaved (joined, separate, joined, ...) at 65 tokens (a verification pass at
k = 64) and 1,000 tokens (a prefill) and prints the medians and the ratio separate / joined. The
separate forward is the decoder as it was before the projections were joined: each module called
on its own (its weights are views of the joined tensors, so both read the same values).
"""

from __future__ import annotations

import argparse
import statistics
import time

import torch
import torch.nn.functional as F

from fastapply.runners.llama import LlamaWeights, _norm, _rotate_half


def separate_forward(w: LlamaWeights, ids: torch.Tensor, positions: torch.Tensor, attend) -> torch.Tensor:
    hidden = w.embed(ids)
    cos, sin = w.rotary(hidden, positions)
    cos, sin = cos[:, None], sin[:, None]
    batch, total = ids.shape
    for index, layer in enumerate(w.layers):
        attn = layer.self_attn
        x = _norm(layer.input_layernorm, hidden, False)
        q, k, v = (
            proj(x).view(batch, total, -1, w.head_dim).transpose(1, 2)
            for proj in (attn.q_proj, attn.k_proj, attn.v_proj)
        )
        q, k = q * cos + _rotate_half(q) * sin, k * cos + _rotate_half(k) * sin
        out = attend(index, attn, q, k, v)
        hidden = hidden + attn.o_proj(out.transpose(1, 2).reshape(batch, total, -1))
        hidden = hidden + layer.mlp(_norm(layer.post_attention_layernorm, hidden, False))
    return hidden


def _causal(index, attn, q, k, v):
    return F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=attn.scaling, enable_gqa=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--reps", type=int, default=12, help="timed repetitions of each at 65 tokens (a third at 1,000)"
    )
    args = parser.parse_args(argv)
    from fastapply.models.loader import load_model

    model, _, _ = load_model()
    weights = LlamaWeights(model)
    for tokens, reps in ((65, args.reps), (1000, max(args.reps // 3, 1))):
        ids = torch.randint(0, weights.embed.num_embeddings, (1, tokens), generator=torch.Generator().manual_seed(0))
        positions = torch.arange(tokens)[None]
        times: dict[str, list[float]] = {"joined": [], "separate": []}
        runs = {
            "joined": lambda ids=ids, positions=positions: weights.forward(ids, positions, _causal),
            "separate": lambda ids=ids, positions=positions: separate_forward(weights, ids, positions, _causal),
        }
        with torch.inference_mode():
            same = torch.equal(
                weights.logits(runs["joined"]()).argmax(-1), weights.logits(runs["separate"]()).argmax(-1)
            )
            for _ in range(reps):
                for name, run in runs.items():
                    start = time.perf_counter()
                    run()
                    times[name].append(time.perf_counter() - start)
        joined, separate = statistics.median(times["joined"]), statistics.median(times["separate"])
        print(
            f"{tokens} tokens: joined {joined * 1000:.1f} ms, separate {separate * 1000:.1f} ms, "
            f"separate/joined {separate / joined:.3f}, same greedy tokens: {same}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
