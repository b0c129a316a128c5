"""Speed benchmark: plain greedy, HF prompt lookup and speculative edits at several k, side by side.

Every figure is measured in one process, on the same model and the same prompts, and reported as a
ratio to plain greedy decoding measured in the same run (these machines are noisy), next to the
hardware-independent counts (forward passes, tokens per pass).

Cases:
* ``copy-own``: a ~1,000-token copy-dominant rewrite whose draft is exactly the model's own greedy
  output (the ceiling for a draft: what a model that copies the file perfectly would get);
* ``copy-edits``: the same draft with 5 wrong tokens every 150 (simulated edit regions);
* ``copy-file``: the same prompt with the draft the product really uses (the original file);
* ``dev:<id>``: cases from a dev set (``--data``), drafts as the applier builds them.

    fastapply bench speed --data ../shared/bench/dev.jsonl --cases 10
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

from .baselines import DEFAULT_PROMPT_LOOKUP, hf_generate
from .dataset import load_cases


def copy_case(applier, target_tokens: int = 1000):
    """(prompt ids, original ids) for a copy-dominant rewrite of a stdlib file of ~target tokens."""
    import json as json_module

    text = Path(json_module.__file__).with_name("encoder.py").read_text()
    lines, out = text.splitlines(keepends=True), []
    for line in lines:
        out.append(line)
        if len(applier.encode("".join(out))) >= target_tokens:
            break
    original = "".join(out)
    snippet = "# ... existing code ...\nINFINITY = float('inf')\nNEG_INFINITY = -INFINITY\n# ... existing code ...\n"
    return applier.prompt_ids(original, snippet), applier.encode(original)


def perturb(tokens: list[int], every: int = 150, wrong: int = 5) -> list[int]:
    out = list(tokens)
    for start in range(every // 2, len(out), every):
        for i in range(start, min(start + wrong, len(out))):
            out[i] = (out[i] + 1) % 32000
    return out


def _sync(device) -> None:
    import torch

    if str(device).startswith("cuda"):
        torch.cuda.synchronize()


def run_engine(applier, prompt, refs, k, n, copies=1, runner=None) -> tuple[list, float, int]:
    """``copies`` identical requests at once; returns (sequences, seconds, engine passes).

    The engine (and a static runner's CUDA graphs) is built before the clock starts; static slots
    are sized as the server sizes them (the KV budget per request, ``EngineConfig.slot_positions``).
    """
    from fastapply.engine.engine import Engine
    from fastapply.engine.sequence import GenerationRequest

    need = len(prompt) + n + k + 1
    config = dataclasses.replace(
        applier.engine.config,
        k=k,
        max_batch=max(copies, 1),
        max_kv_tokens=max(applier.engine.config.max_kv_tokens, copies * need),
        runner=runner or applier.engine.config.runner,
    )
    engine = Engine(applier.engine.model, applier.tokenizer, config)
    if hasattr(engine.runner, "prepare_graphs"):
        engine.runner.prepare_graphs(need)
    device = engine.runner.device
    _sync(device)
    start = time.perf_counter()
    seqs = [engine.add(GenerationRequest(prompt, refs, max_new_tokens=n)) for _ in range(copies)]
    while engine.has_work():
        engine.step()
    _sync(device)
    return seqs, time.perf_counter() - start, engine.total_passes


def _ours(applier, prompt, refs, k, n):
    seqs, seconds, _ = run_engine(applier, prompt, refs, k, n)
    return seqs[0].output, seconds, seqs[0].stats


def bench_case(applier, name, prompt, refs, n, ks, prompt_lookup, hf_plain=False) -> list[dict]:
    rows = []
    plain, plain_s, plain_stats = _ours(applier, prompt, [], 0, n)

    def row(method, k, tokens, seconds, stats=None):
        r = {
            "case": name,
            "method": method,
            "k": k,
            "tokens": len(tokens),
            "seconds": round(seconds, 3),
            "tok_s": round(len(tokens) / seconds, 2),
            "identical": tokens == plain,
        }
        if stats is not None:
            r.update(
                passes=stats.passes,
                tokens_per_pass=round(stats.tokens_per_pass, 2),
                decode_tok_s=round(stats.tokens_per_s, 2),
                decode_ratio=round(stats.tokens_per_s / max(plain_stats.tokens_per_s, 1e-9), 2),
            )
        r["ratio"] = round(plain_s / seconds * len(tokens) / max(len(plain), 1), 2)
        rows.append(r)
        print(_line(r), file=sys.stderr, flush=True)

    row("plain greedy (ours, k=0)", 0, plain, plain_s, plain_stats)
    if hf_plain:
        ids, s = hf_generate(applier.engine.model, applier.tokenizer, prompt, n)
        row("HF generate greedy", 0, ids, s)
    ids, s = hf_generate(applier.engine.model, applier.tokenizer, prompt, n, prompt_lookup=prompt_lookup)
    row(f"HF prompt lookup ({prompt_lookup})", prompt_lookup, ids, s)
    for k in ks:
        tokens, s, stats = _ours(applier, prompt, refs(plain) if callable(refs) else refs, k, n)
        row("fastapply", k, tokens, s, stats)
    return rows


def _line(r) -> str:
    return (
        f"{r['case']:<40} {r['method']:<26} k={r['k']:<4} {r['tokens']:>5} tok {r['seconds']:>8.2f}s "
        f"{r['tok_s']:>8.1f} tok/s x{r['ratio']:<6} passes={r.get('passes', '-')} "
        f"tok/pass={r.get('tokens_per_pass', '-')} identical={r['identical']}"
    )


def markdown(rows: list[dict]) -> str:
    head = (
        "| case | method | k | tokens | tok/s (end to end) | × plain greedy | decode × plain | passes | "
        "tokens/pass | identical to greedy |\n|---|---|---|---|---|---|---|---|---|---|\n"
    )
    return head + "".join(
        f"| {r['case']} | {r['method']} | {r['k']} | {r['tokens']} | {r['tok_s']:.1f} | {r['ratio']:.2f} | "
        f"{r.get('decode_ratio', '—')} | "
        f"{r.get('passes', '—')} | {r.get('tokens_per_pass', '—')} | {'yes' if r['identical'] else 'NO'} |\n"
        for r in rows
    )


def summary(rows: list[dict], ks: list[int]) -> str:
    """Geometric-mean ratio per method over the dev cases."""
    import math

    dev = [r for r in rows if r["case"].startswith("dev:")]
    if not dev:
        return ""
    out = (
        "| method | k | cases | geo-mean × plain greedy (end to end) | min × | geo-mean decode × plain | "
        "mean tokens/pass | identical |\n|---|---|---|---|---|---|---|---|\n"
    )
    for method, k in sorted({(r["method"], r["k"]) for r in dev}, key=lambda m: (m[0] != "fastapply", m[1])):
        sel = [r for r in dev if r["method"] == method and r["k"] == k]
        geo = math.exp(sum(math.log(max(r["ratio"], 1e-6)) for r in sel) / len(sel))
        tpp = [r["tokens_per_pass"] for r in sel if "tokens_per_pass" in r]
        dec = [r["decode_ratio"] for r in sel if "decode_ratio" in r]
        dec_geo = f"{math.exp(sum(math.log(max(d, 1e-6)) for d in dec) / len(dec)):.2f}" if dec else "—"
        out += (
            f"| {method} | {k} | {len(sel)} | {geo:.2f} | {min(r['ratio'] for r in sel):.2f} | {dec_geo} | "
            f"{f'{sum(tpp) / len(tpp):.1f}' if tpp else '—'} | {sum(r['identical'] for r in sel)}/{len(sel)} |\n"
        )
    return out


def plot_speedup_vs_k(rows: list[dict], path: str) -> None:
    """Speedup over plain greedy against k on the copy case (end to end and decode only), with the HF
    prompt-lookup ratio of the same run as a reference line."""
    from .plots import pyplot

    plt = pyplot()
    ours = sorted((r for r in rows if r["case"] == "copy-own" and r["method"] == "fastapply"), key=lambda r: r["k"])
    hf = [r["ratio"] for r in rows if r["case"] == "copy-own" and r["method"].startswith("HF prompt")]
    if not ours:
        return
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ks = [r["k"] for r in ours]
    ax.plot(ks, [r["ratio"] for r in ours], "o-", label="fastapply, end to end")
    ax.plot(ks, [r["decode_ratio"] for r in ours], "s--", label="fastapply, decode only")
    if hf:
        ax.axhline(hf[0], color="gray", linestyle=":", label="HF prompt lookup (10), end to end")
    ax.set_xscale("log", base=2)
    ax.set_xticks(ks, [str(k) for k in ks])
    ax.set_xlabel("k (max draft tokens per pass)")
    ax.set_ylabel("× plain greedy")
    ax.set_title("1,000-token copy, draft = the model's own output")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="fastapply bench speed", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--data", help="dev set JSONL (e.g. ../shared/bench/dev.jsonl); omit to run the copy cases only")
    p.add_argument("--cases", type=int, default=10, help="dev cases to run")
    p.add_argument("--every", type=int, default=1, help="take every N-th dev case (spread over the sources)")
    p.add_argument("--ks", default="8,16,32,64,128")
    p.add_argument("--copy-tokens", type=int, default=1000, help="output length of the copy case")
    p.add_argument("--dev-tokens", type=int, default=128, help="output tokens per dev case (same for every method)")
    p.add_argument("--prompt-lookup", type=int, default=DEFAULT_PROMPT_LOOKUP)
    p.add_argument("--skip-copy", action="store_true")
    p.add_argument("--json", help="write all rows here")
    p.add_argument("--plot", help="write a speedup-vs-k PNG here")
    p.add_argument("--model")
    p.add_argument("--device")
    p.add_argument("--dtype")
    args = p.parse_args(argv)
    from .plots import MISSING, available

    if args.plot and not available():
        p.error(f"--plot: {MISSING}")  # before minutes of measuring, not after
    try:
        ks = [int(k) for k in args.ks.split(",") if k.strip()]
    except ValueError:
        p.error(f"--ks must be comma-separated integers, got {args.ks!r}")
    from fastapply.apply.applier import Applier
    from fastapply.apply.request import ApplyError, ApplyRequest

    applier = Applier.load(args.model, args.device, args.dtype)
    rows = []
    if not args.skip_copy:
        prompt, original = copy_case(applier, args.copy_tokens)
        n = args.copy_tokens
        rows += bench_case(applier, "copy-own", prompt, lambda plain: [plain], n, ks, args.prompt_lookup, hf_plain=True)
        rows += bench_case(applier, "copy-edits", prompt, lambda plain: [perturb(plain)], n, [64], args.prompt_lookup)
        rows += bench_case(applier, "copy-file", prompt, [original], n, [64], args.prompt_lookup)
    if args.data:
        cases, errors = load_cases(args.data)
        cases = cases[:: max(args.every, 1)][: args.cases]
        for case in cases:
            try:
                plan = applier.plan(
                    ApplyRequest(case.original, case.snippet, case.instruction, case.language, mode="model")
                )
            except ApplyError as e:  # e.g. too long for the context and not windowable: reported, not timed
                print(f"dev:{case.id}: skipped ({type(e).__name__}: {e})", file=sys.stderr)
                continue
            first = plan.requests[0]
            rows += bench_case(
                applier,
                f"dev:{case.id.split('/')[-1]}"[:40],
                first.prompt_ids,
                first.references,
                min(args.dev_tokens, first.max_new_tokens),
                [64],
                args.prompt_lookup,
            )
    device = next(applier.engine.model.parameters()).device
    print(
        f"\nmodel: {applier.engine.model.config.name_or_path or 'default'}  device: {device}  "
        f"dtype: {applier.engine.runner.dtype}  torch threads: {__import__('torch').get_num_threads()}  "
        f"runner: {applier.engine.config.runner_for(device)} (static slots: the KV budget per request, as the "
        "server)\n"
    )
    print(markdown(rows))
    print(summary(rows, ks))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(rows, indent=1))
    if args.plot:
        plot_speedup_vs_k(rows, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
