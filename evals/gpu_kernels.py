"""Which device kernels a verification pass is made of: a kernel-level profile of the copy case.

The per-pass profile (``gpu_profile.py``) splits host time; on a GPU the device's share shows up
there as one number, the wait at the sync. This module opens that number: the copy case runs
through the engine (static runner, bursts, CUDA graphs captured before the clock) under
``torch.profiler``, and the device kernels are counted and summed per name. Kernels replayed from a
CUDA graph are reported by the profiler like launched ones.

It needs no weights: the model is a decisive random model of a chosen shape (``gpu_shapes.py``),
the prompt a counting prompt whose run is the draft, so every draft token is accepted and only the
cost of a pass varies. A tokenizer folder is needed for the engine's stop tokens.

    python -m fastapply.evals.gpu_kernels --tokenizer DIR --rows 1,32 --kernels default,fused --out DIR
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import defaultdict
from pathlib import Path


def kernel_table(events, top: int = 20) -> dict:
    """Device kernels from ``profiler.events()`` grouped by name: count, total µs, share.

    >>> class E:  # a stand-in for a profiler event
    ...     def __init__(self, name, us): self.name, self.device_time_total, self.device_type = name, us, "CUDA"
    >>> t = kernel_table([E("gemm", 30.0), E("gemm", 10.0), E("norm", 10.0)])
    >>> t["kernels"], t["device_us"], t["rows"][0]
    (3, 50.0, {'name': 'gemm', 'count': 2, 'us': 40.0, 'share': 0.8})
    """
    totals: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for event in events:
        if str(getattr(event, "device_type", "")).rsplit(".", 1)[-1] != "CUDA":
            continue
        entry = totals[event.name]
        entry[0] += 1
        entry[1] += float(event.device_time_total)
    device_us = sum(us for _, us in totals.values())
    rows = sorted(totals.items(), key=lambda item: -item[1][1])[:top]
    return {
        "kernels": int(sum(count for count, _ in totals.values())),
        "device_us": round(device_us, 1),
        "rows": [
            {"name": name, "count": int(count), "us": round(us, 1), "share": round(us / device_us, 3)}
            for name, (count, us) in rows
        ],
    }


def profile_rows(model, tokenizer, config, prompt, own, n, levels, k: int = 64, top: int = 20) -> list[dict]:
    """One profiled run of ``count`` copies of the copy case per level, after an unprofiled one."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    from .gpu import timed_batch

    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if torch.cuda.is_available() else [])
    out = []
    for count in levels:
        requests = [(prompt, [own], n)] * count
        timed_batch(model, tokenizer, config, requests, k, "static")  # allocator, autotuning
        prof = profile(activities=activities)
        # the profiler sees the clocked run alone: not the graph captures' warm-up passes
        seqs, seconds, engine = timed_batch(
            model, tokenizer, config, requests, k, "static", clocked=lambda prof=prof: prof
        )
        passes, prefills = engine.runner.profile.passes, engine.runner.profile.prefill_forwards
        table = kernel_table(prof.events(), top)
        table.update(
            rows_=count,
            passes=passes,
            prefills=prefills,
            tokens=sum(len(s.output) for s in seqs),
            wall_ms=round(1000 * seconds, 2),
            kernels_per_forward=round(table["kernels"] / max(passes + prefills, 1), 1),
        )
        out.append(table)
    return out


def render(result: dict) -> str:
    lines = []
    for run in result["runs"]:
        lines += [
            f"### Device kernels of the copy case: {result['shape']} shape, k = {result['k']}, "
            f"prompt {result['prompt_tokens']} tokens, {result['device']}, FASTAPPLY_KERNELS={run['kernels']}",
            "",
            "| rows | passes | prefill forwards | tokens | wall ms (profiled) | device kernels | kernels a forward | "
            "kernel time ms |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in run["levels"]:
            lines.append(
                f"| {r['rows_']} | {r['passes']} | {r['prefills']} | {r['tokens']} | {r['wall_ms']} | {r['kernels']} | "
                f"{r['kernels_per_forward']} | {r['device_us'] / 1000:.2f} |"
            )
        for r in run["levels"]:
            lines += [
                "",
                f"{r['rows_']} rows, heaviest kernels:",
                "",
                "| kernel | count | µs | share |",
                "|---|---|---|---|",
            ]
            lines += [f"| `{x['name'][:90]}` | {x['count']} | {x['us']} | {x['share']:.1%} |" for x in r["rows"]]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import torch
    from transformers import AutoTokenizer

    from fastapply.engine.config import EngineConfig

    from .gpu_shapes import RUN_START, counting_prompt, random_model

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tokenizer", required=True, help="folder with tokenizer.json and tokenizer_config.json")
    p.add_argument("--shape", default="smollm2-135m")
    p.add_argument("--rows", default="1,32")
    p.add_argument("--prompt-tokens", type=int, default=1000)
    p.add_argument("--new-tokens", type=int, default=256)
    p.add_argument("--k", type=int, default=64)
    p.add_argument("--out", default="kernels", help="folder for kernels.json and kernels.md")
    p.add_argument(
        "--kernels",
        default="default",
        help="FASTAPPLY_KERNELS values to profile one after the other, comma-separated "
        "('default' leaves it unset; 'default,fused' compares the fused decoder kernels)",
    )
    args = p.parse_args(argv)

    device = "cuda" if torch.cuda.is_available() else "cpu"
    dtype = torch.bfloat16 if device == "cuda" else torch.float32
    tokenizer = AutoTokenizer.from_pretrained(args.tokenizer)
    model = random_model(args.shape, device, dtype, tokenizer.eos_token_id)
    n = args.new_tokens
    prompt = counting_prompt(args.prompt_tokens, n)
    own = list(range(RUN_START + 1, RUN_START + n + 2))  # what the decisive model emits after the prompt
    started = time.perf_counter()
    runs = []
    for setting in args.kernels.split(","):
        # the kernels read the variable at each call: one process profiles every setting
        os.environ.pop("FASTAPPLY_KERNELS", None)
        if setting != "default":
            os.environ["FASTAPPLY_KERNELS"] = setting
        levels = profile_rows(
            model, tokenizer, EngineConfig(), prompt, own, n, [int(x) for x in args.rows.split(",")], args.k
        )
        runs.append({"kernels": setting, "levels": levels})
    os.environ.pop("FASTAPPLY_KERNELS", None)
    result = {
        "device": torch.cuda.get_device_name() if device == "cuda" else "cpu",
        "torch": torch.__version__,
        "shape": args.shape,
        "k": args.k,
        "prompt_tokens": len(prompt),
        "seconds": round(time.perf_counter() - started, 1),
        "runs": runs,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "kernels.json").write_text(json.dumps(result, indent=1))
    (out / "kernels.md").write_text(render(result))
    print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
