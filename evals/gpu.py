"""GPU benchmark (runs unchanged on CPU for a smoke check): single stream and concurrency, one run.

On the device, in one process and on the same prompt: plain greedy (HF ``generate``), HF prompt
lookup, and fastapply at several k on the 1,000-token copy case with the model's own greedy output as
draft; then N identical-length requests at once (concurrency 1..32) through one engine, which
verifies all rows in one forward per pass. Reports tok/s, ratios to plain greedy measured in the
same run, passes, tokens per pass, and the token agreement of our output with HF greedy (in bf16 the
two can differ where near-ties flip: reported, not asserted).

    fastapply bench gpu                         # on a CUDA machine: bf16, k=16/64/128, conc. 1..32
    fastapply bench gpu --runners static,varlen  # CUDA graph vs eager varlen passes, same run
    fastapply bench gpu --device cpu --copy-tokens 64 --concurrency 1,2 --ks 16   # smoke run
"""
from __future__ import annotations

import argparse
import sys

from .baselines import hf_generate
from .speed import copy_case, run_engine


def agreement(a: list[int], b: list[int]) -> float:
    """Share of positions where two token sequences agree, up to the first divergence."""
    n = max(len(a), len(b), 1)
    same = 0
    for x, y in zip(a, b):
        if x != y:
            break
        same += 1
    return same / n


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="fastapply bench gpu", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model")
    p.add_argument("--device")
    p.add_argument("--dtype")
    p.add_argument("--ks", default="16,64,128")
    p.add_argument("--concurrency", default="1,2,4,8,16,32")
    p.add_argument("--copy-tokens", type=int, default=1000)
    p.add_argument("--prompt-lookup", type=int, default=10)
    p.add_argument("--runners", default="auto",
                   help="engine runners to time at each k: auto (static + CUDA graph on CUDA), static, varlen")
    args = p.parse_args(argv)
    try:
        ks = [int(x) for x in args.ks.split(",")]
        levels = [int(x) for x in args.concurrency.split(",")]
    except ValueError:
        p.error("--ks and --concurrency take comma-separated integers")
    runners = args.runners.split(",")
    if not set(runners) <= {"auto", "static", "varlen"}:
        p.error("--runners takes auto, static and/or varlen")
    from fastapply.applier import Applier

    applier = Applier.load(args.model, args.device, args.dtype)
    model, tokenizer = applier.engine.model, applier.tokenizer
    device = applier.engine.runner.device
    name = getattr(model.config, "name_or_path", "") or "default"
    if str(device).startswith("cuda"):
        import torch

        name += f" on {torch.cuda.get_device_name()}"
    print(f"# fastapply bench gpu: {name}, {applier.engine.runner.dtype}\n")
    prompt, _ = copy_case(applier, args.copy_tokens)
    n = args.copy_tokens
    hf_generate(model, tokenizer, prompt, 8)  # warm-up (kernels, allocator)
    greedy, greedy_s = hf_generate(model, tokenizer, prompt, n)
    lookup, lookup_s = hf_generate(model, tokenizer, prompt, n, prompt_lookup=args.prompt_lookup)
    plain_seqs, plain_s, _ = run_engine(applier, prompt, [], 0, n)
    plain = plain_seqs[0].output
    rows = [("HF generate greedy", "-", len(greedy), greedy_s, "-", "-", agreement(greedy, greedy)),
            (f"HF prompt lookup ({args.prompt_lookup})", "-", len(lookup), lookup_s, "-", "-", agreement(lookup, greedy)),
            ("fastapply plain (k=0)", 0, len(plain), plain_s, len(plain), 1.0, agreement(plain, greedy))]
    for k in ks:
        for runner in runners:
            seqs, s, _ = run_engine(applier, prompt, [plain], k, n, runner=runner)
            st = seqs[0].stats
            label = applier.engine.config.runner_for(device.type) if runner == "auto" else runner
            rows.append((f"fastapply k={k} ({label})", k, len(seqs[0].output), s, st.passes,
                         round(st.tokens_per_pass, 1), agreement(seqs[0].output, greedy)))
    print("| method | k | tokens | tok/s | × HF greedy | × HF prompt lookup | passes | tokens/pass | agreement with HF greedy |")
    print("|---|---|---|---|---|---|---|---|---|")
    for method, k, tokens, s, passes, tpp, agree in rows:
        print(f"| {method} | {k} | {tokens} | {tokens / s:.0f} | {greedy_s / s * tokens / max(len(greedy), 1):.2f} | "
              f"{lookup_s / s * tokens / max(len(lookup), 1):.2f} | {passes} | {tpp} | {agree:.1%} |")
    k = 64 if 64 in ks else ks[-1]
    print(f"\nConcurrency (k={k}, draft = own output, one engine, one forward per pass for all rows):\n")
    print("| concurrency | aggregate tok/s | × concurrency 1 | engine passes | tokens/pass per row |\n|---|---|---|---|---|")
    base = None
    for c in levels:
        seqs, s, passes = run_engine(applier, prompt, [plain], k, n, copies=c)
        rate = sum(len(q.output) for q in seqs) / s
        base = base or rate
        print(f"| {c} | {rate:.0f} | {rate / base:.2f} | {passes} | {len(seqs[0].output) / max(seqs[0].stats.passes, 1):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
