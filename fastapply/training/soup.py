"""Adapter soups: one LoRA adapter whose weight delta is a weighted sum of other adapters' deltas.

Fine-tunes that start from the same adapter and each fix a different handful of cases (v9, v10 and
v11 each reshuffled ~15 of the 212 dev cases and kept the total) can be averaged in weight space
(Wortsman et al. 2022, "Model soups"): what the runs share adds up, what each picked up by chance
is diluted, and the result costs no training.

For LoRA the sum needs no approximation. Each adapter i adds ``s_i · B_i @ A_i`` to a weight
(``s_i`` = lora_alpha / r, or / sqrt(r) with rsLoRA), so

    Σ w_i s_i B_i A_i = [w_1 s_1 B_1 | … | w_n s_n B_n] @ [A_1; …; A_n]

is itself a LoRA of rank Σ r_i with scaling 1 (lora_alpha = r). Worked example: two rank-16
adapters with weights 0.5/0.5 give a rank-32 adapter whose merged model is exactly the average of
the two merged models (same base). ``rank`` truncates each sum to its top singular directions (one
SVD per weight, a [out, in] matrix of at most 1536 × 576 here) and reports the relative error.

    python -m fastapply.training.soup --adapter fastapply/adapters/smollm2-apply \\
        --adapter runs/adapter-v11 --weights 0.5,0.5 --out runs/adapter-soup [--rank 16]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import torch

from fastapply.models.lora import ADAPTER_CONFIG as CONFIG_FILE
from fastapply.models.lora import ADAPTER_WEIGHTS as WEIGHTS_FILE
from fastapply.models.lora import read_adapter, scaling


def mix(
    adapters: list[tuple[dict, dict[str, torch.Tensor]]], weights: list[float], rank: int | None = None
) -> tuple[dict, dict[str, torch.Tensor], float]:
    """The soup of ``adapters`` (as read by ``read_adapter``) with ``weights``: (config, tensors,
    worst relative Frobenius error of the rank truncation, 0 when exact).

    Tensors: ``…lora_A.weight`` [r, in] and ``…lora_B.weight`` [out, r] per adapted module."""
    if len(adapters) < 2 and rank is None:
        raise ValueError("a soup needs at least two adapters (or one and a rank to truncate it to)")
    if len(weights) != len(adapters):
        raise ValueError(f"{len(weights)} weights for {len(adapters)} adapters")
    if not all(math.isfinite(w) for w in weights):
        raise ValueError(f"weights must be finite numbers, got {weights}")
    if rank is not None and rank < 1:
        raise ValueError(f"rank must be >= 1, got {rank}")
    first_config, first_tensors = adapters[0]
    for config, tensors in adapters[1:]:
        if sorted(config["target_modules"]) != sorted(first_config["target_modules"]):
            raise ValueError(f"target modules differ: {config['target_modules']} vs {first_config['target_modules']}")
        if tensors.keys() != first_tensors.keys():
            raise ValueError("adapters adapt different weights (their tensor names differ)")
    total_rank = sum(config["r"] for config, _ in adapters)
    new_rank = min(rank, total_rank) if rank is not None else total_rank
    out: dict[str, torch.Tensor] = {}
    worst = 0.0
    for a_name in sorted(k for k in first_tensors if ".lora_A." in k):
        b_name = a_name.replace(".lora_A.", ".lora_B.")
        a = torch.cat([t[a_name] for _, t in adapters], dim=0)  # [Σr, in]
        b = torch.cat([w * scaling(c) * t[b_name] for w, (c, t) in zip(weights, adapters)], dim=1)  # [out, Σr]
        if new_rank < total_rank:
            b, a, err = truncate(b, a, new_rank)
            worst = max(worst, err)
        out[a_name], out[b_name] = a, b
    config = dict(first_config, r=new_rank, lora_alpha=new_rank, use_rslora=False)  # scaling 1
    return config, out, worst


def truncate(b: torch.Tensor, a: torch.Tensor, rank: int) -> tuple[torch.Tensor, torch.Tensor, float]:
    """Best rank-``rank`` factors of ``b @ a`` (b [out, R], a [R, in]) and the relative error."""
    delta = b @ a
    u, s, vh = torch.linalg.svd(delta, full_matrices=False)
    root = s[:rank].sqrt()
    new_b, new_a = u[:, :rank] * root, root[:, None] * vh[:rank]
    norm = float(s.norm())
    return new_b, new_a, float(s[rank:].norm()) / norm if norm else 0.0


def write_adapter(out_dir: str | Path, config: dict, tensors: dict[str, torch.Tensor], note: str) -> None:
    """Save in PEFT's format (fp16, as the trainer's final adapters) with a provenance README."""
    from safetensors.torch import save_file

    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    save_file(
        {k: v.to(torch.float16).contiguous() for k, v in tensors.items()},
        str(folder / WEIGHTS_FILE),
        metadata={"format": "pt"},
    )
    (folder / CONFIG_FILE).write_text(json.dumps(config, indent=2) + "\n")
    (folder / "README.md").write_text(note)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="fastapply.training.soup", description=__doc__.splitlines()[0])
    ap.add_argument("--adapter", action="append", required=True, help="a LoRA adapter folder (repeat)")
    ap.add_argument("--weights", default="", help="comma-separated, one per adapter (default: equal)")
    ap.add_argument("--rank", type=int, default=None, help="truncate to this rank (default: exact, Σ ranks)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    try:
        weights = (
            [float(w) for w in args.weights.split(",")] if args.weights else [1 / len(args.adapter)] * len(args.adapter)
        )
        config, tensors, err = mix([read_adapter(p) for p in args.adapter], weights, args.rank)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    parts = "\n".join(f"- {w:g} × `{p}`" for w, p in zip(weights, args.adapter))
    note = (
        f"# LoRA soup\n\nWeight delta = the weighted sum of these adapters' deltas "
        f"(`python -m fastapply.training.soup`), rank {config['r']}, scaling 1"
        f"{f', truncated by SVD (worst relative error {err:.4f})' if err else ', exact'}:\n\n{parts}\n"
    )
    write_adapter(args.out, config, tensors, note)
    print(
        json.dumps(
            {"out": args.out, "rank": config["r"], "truncation_error": round(err, 6), "modules": len(tensors) // 2}
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
