"""Grow a LoRA adapter to a larger rank without changing what it does, to train on from there.

A rank-r pair (A: [r, in], B: [out, r]) with scaling alpha/r becomes a rank-R pair: A gains R - r
fresh random rows (PEFT's own initialisation, kaiming-uniform), B gains R - r zero columns, and
lora_alpha is scaled by R/r so the scaling stays the same. The new directions add B_new @ A_new = 0,
so the grown adapter's merged model is the original's; training then has R - r more directions to
use, starting from everything the original learned.

    python -m fastapply.training.grow --adapter fastapply/adapters/smollm2-apply --rank 64 --out runs/grown
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import torch

from .modelio import ADAPTER_CONFIG, ADAPTER_WEIGHTS


def grow_adapter(src: str | Path, dest: str | Path, rank: int, seed: int = 0) -> Path:
    from safetensors.torch import load_file, save_file

    src, dest = Path(src), Path(dest)
    config = json.loads((src / ADAPTER_CONFIG).read_text())
    r = int(config["r"])
    if rank < r:
        raise ValueError(f"rank {rank} is smaller than the adapter's rank {r}")
    if config.get("rank_pattern") or config.get("alpha_pattern") or config.get("use_rslora") or config.get("use_dora"):
        raise ValueError("adapters with rank/alpha patterns, rsLoRA or DoRA are not supported")
    tensors = load_file(str(src / ADAPTER_WEIGHTS))
    g = torch.Generator().manual_seed(seed)
    grown = {}
    for name, t in tensors.items():
        if name.endswith("lora_A.weight"):
            fresh = (torch.rand(rank - r, t.shape[1], generator=g) * 2 - 1) / math.sqrt(t.shape[1])
            grown[name] = torch.cat([t, fresh.to(t.dtype)], 0).contiguous()
        elif name.endswith("lora_B.weight"):
            grown[name] = torch.cat([t, torch.zeros(t.shape[0], rank - r, dtype=t.dtype)], 1).contiguous()
        else:
            grown[name] = t
    dest.mkdir(parents=True, exist_ok=True)
    save_file(grown, str(dest / ADAPTER_WEIGHTS), metadata={"format": "pt"})
    config.update(r=rank, lora_alpha=config["lora_alpha"] * rank / r)
    (dest / ADAPTER_CONFIG).write_text(json.dumps(config, indent=2))
    return dest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m fastapply.training.grow",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--adapter", required=True)
    ap.add_argument("--rank", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(grow_adapter(args.adapter, args.out, args.rank, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
