"""GPU benchmark (runs unchanged on CPU for a smoke check): single stream and concurrency, one run.

On the device, in one process and on the same prompt: plain greedy (HF ``generate``), HF prompt
lookup, and fastapply at several k on the 1,000-token copy case with the model's own greedy output as
draft; then N identical-length requests at once (concurrency 1..32) through one engine, which
verifies all rows in one forward per pass. With ``--data``, the same on dev cases (drafts as the
applier builds them) and a mixed batch of them. Reports tok/s, ratios to plain greedy measured in
the same run, passes, tokens per pass, p50/p95 request latency, and the token agreement of our
output with HF greedy (in bf16 the two can differ where near-ties flip: reported, not asserted).

    fastapply bench gpu                         # on a CUDA machine: bf16, k=16/64/128, conc. 1..32
    fastapply bench gpu --runners static,varlen  # CUDA graph vs eager varlen passes, same run
    fastapply bench gpu --data ../shared/bench/dev.jsonl --cases 16 --json runs/gpu.json
    fastapply bench gpu --device cpu --copy-tokens 64 --concurrency 1,2 --ks 16   # smoke run
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import sys
import time
from pathlib import Path

from .baselines import hf_generate


def agreement(a: list[int], b: list[int]) -> float:
    """Share of positions where two token sequences agree, up to the first divergence."""
    n = max(len(a), len(b), 1)
    same = 0
    for x, y in zip(a, b):
        if x != y:
            break
        same += 1
    return same / n


def _sync(device) -> None:
    import torch

    if str(device).startswith("cuda"):
        torch.cuda.synchronize()


class _VocabOnce:
    """The tokenizer with ``get_vocab`` computed once: the engine looks up its stop tokens there at
    construction (~0.2 s for a 49k-token vocabulary), and the benchmark builds an engine per run."""

    def __init__(self, tokenizer):
        self._tokenizer, self._vocab = tokenizer, None

    def get_vocab(self):
        if self._vocab is None:
            self._vocab = self._tokenizer.get_vocab()
        return self._vocab

    def __getattr__(self, name):
        return getattr(self._tokenizer, name)


_vocab_once: dict[int, tuple[object, _VocabOnce]] = {}


SIZINGS = {
    "budget": "slots sized from the KV budget per request (EngineConfig.slot_positions), as the server",
    "request": "slots sized to the longest request",
}


def run_batch(
    model, tokenizer, config, requests, k: int, runner: str = "auto", sizing: str = "budget", passes_per_sync=None
):
    """``requests`` = [(prompt ids, references, max new tokens)] at once through one engine; returns
    (sequences, seconds, engine passes)."""
    seqs, seconds, engine = timed_batch(model, tokenizer, config, requests, k, runner, sizing, passes_per_sync)
    return seqs, seconds, engine.total_passes


def timed_batch(
    model,
    tokenizer,
    config,
    requests,
    k: int,
    runner: str = "auto",
    sizing: str = "budget",
    passes_per_sync=None,
    clocked=contextlib.nullcontext,
):
    """``run_batch``, returning the engine itself (its runner's profile, its slot length). The engine
    is built, and a static runner's CUDA graphs captured, before the clock starts. ``sizing``
    (``SIZINGS``): "budget" sizes static slots as the server does, "request" to the longest request.
    ``clocked()``: a context entered for the clocked part alone (a profiler, say)."""
    from fastapply.engine.engine import Engine
    from fastapply.engine.sequence import GenerationRequest

    if not isinstance(tokenizer, _VocabOnce):
        tokenizer = _vocab_once.setdefault(id(tokenizer), (tokenizer, _VocabOnce(tokenizer)))[1]
    need = max(len(p) + n + k + 1 for p, _, n in requests)
    config = dataclasses.replace(
        config,
        k=k,
        max_batch=len(requests),
        runner=runner,
        slot_len=max(need, k + 2) if sizing == "request" else None,
        max_kv_tokens=max(config.max_kv_tokens, len(requests) * need),
        passes_per_sync=passes_per_sync or config.passes_per_sync,
    )
    engine = Engine(model, tokenizer, config)
    if hasattr(engine.runner, "prepare_graphs"):
        engine.runner.prepare_graphs(need)
    device = engine.runner.device
    _sync(device)
    with clocked():
        start = time.perf_counter()
        seqs = [engine.add(GenerationRequest(p, refs, max_new_tokens=n)) for p, refs, n in requests]
        while engine.has_work():
            engine.step()
        _sync(device)
        seconds = time.perf_counter() - start
    return seqs, seconds, engine


def served(model, tokenizer, prompt, own, n) -> dict:
    """The copy case through an engine configured as ``fastapply serve`` configures it (every
    default, slots sized from the KV budget), after one untimed request: a running server has
    captured its graphs by then."""
    from fastapply.engine.config import EngineConfig
    from fastapply.engine.engine import Engine
    from fastapply.engine.sequence import GenerationRequest

    if not isinstance(tokenizer, _VocabOnce):
        tokenizer = _vocab_once.setdefault(id(tokenizer), (tokenizer, _VocabOnce(tokenizer)))[1]
    engine = Engine(model, tokenizer, EngineConfig())
    engine.generate(GenerationRequest(prompt, [own], max_new_tokens=n))
    device = engine.runner.device
    _sync(device)
    start = time.perf_counter()
    seq = engine.generate(GenerationRequest(prompt, [own], max_new_tokens=n))
    _sync(device)
    seconds = time.perf_counter() - start
    runner = engine.runner
    return {
        "case": "copy-own, served configuration",
        "k": engine.config.k,
        "runner": engine.config.runner_for(device),
        "slot_len": getattr(runner, "max_len", None),
        "max_batch": engine.config.max_batch,
        "max_kv_tokens": engine.config.max_kv_tokens,
        "tokens": len(seq.output),
        "seconds": round(seconds, 4),
        "tok_s": round(len(seq.output) / seconds, 1),
        "passes": seq.stats.passes,
        "tokens_per_pass": round(seq.stats.tokens_per_pass, 2),
    }


def single_stream(
    model, tokenizer, config, prompt, n, ks, runners, prompt_lookup=10, refs=None, case="copy-own", sizing="budget"
) -> tuple[list[dict], list[int]]:
    """HF greedy, HF prompt lookup, our plain greedy and ours at each (k, runner) on one prompt; rows
    and our plain greedy output. ``refs`` None: the draft is that output (acceptance under control)."""
    device = next(model.parameters()).device
    hf_generate(model, tokenizer, prompt, 8)  # warm-up (kernels, allocator)
    greedy, greedy_s = hf_generate(model, tokenizer, prompt, n)
    lookup, lookup_s = hf_generate(model, tokenizer, prompt, n, prompt_lookup=prompt_lookup)
    seqs, plain_s, _ = run_batch(model, tokenizer, config, [(prompt, [], n)], 0)
    plain = seqs[0].output
    rows = []

    def row(method, k, runner, tokens, seconds, stats=None, slot_len=None):
        rows.append(
            {
                "case": case,
                "method": method,
                "k": k,
                "runner": runner,
                "tokens": len(tokens),
                "seconds": round(seconds, 4),
                "tok_s": round(len(tokens) / seconds, 1),
                "x_hf_greedy": round(greedy_s / seconds * len(tokens) / max(len(greedy), 1), 3),
                "x_hf_lookup": round(lookup_s / seconds * len(tokens) / max(len(lookup), 1), 3),
                "passes": stats.passes if stats else None,
                "tokens_per_pass": round(stats.tokens_per_pass, 2) if stats else None,
                "agreement": round(agreement(tokens, greedy), 4),
                "slot_len": slot_len,
            }
        )

    row("HF generate greedy", None, None, greedy, greedy_s)
    row(f"HF prompt lookup ({prompt_lookup})", None, None, lookup, lookup_s)
    row("fastapply plain (k=0)", 0, config.runner_for(device), plain, plain_s, seqs[0].stats)
    for k in ks:
        for runner in runners:
            seqs, s, engine = timed_batch(
                model, tokenizer, config, [(prompt, [plain] if refs is None else refs, n)], k, runner, sizing
            )
            name = config.runner_for(device) if runner == "auto" else runner
            graph = name == "static" and str(device).startswith("cuda") and config.cuda_graphs
            row(
                f"fastapply k={k} ({name}, {'CUDA graph' if graph else 'eager'})",
                k,
                name,
                seqs[0].output,
                s,
                seqs[0].stats,
                getattr(engine.runner, "max_len", None),
            )
    return rows, plain


def concurrency(model, tokenizer, config, requests, k, levels, case="copy-own", sizing="budget") -> list[dict]:
    """Aggregate tok/s and request latency with c requests in flight (``requests`` cycled to c)."""
    rows, base = [], None
    for c in levels:
        batch = [requests[i % len(requests)] for i in range(c)]
        seqs, s, engine = timed_batch(model, tokenizer, config, batch, k, sizing=sizing)
        passes = engine.total_passes
        tokens = sum(len(q.output) for q in seqs)
        latencies = sorted(q.stats.latency_ms for q in seqs)
        rate = tokens / s
        base = base or rate
        rows.append(
            {
                "case": case,
                "concurrency": c,
                "k": k,
                "tokens": tokens,
                "seconds": round(s, 4),
                "aggregate_tok_s": round(rate, 1),
                "x_concurrency_1": round(rate / base, 2),
                "engine_passes": passes,
                "tokens_per_pass_per_row": round(tokens / max(sum(q.stats.passes for q in seqs), 1), 1),
                "p50_ms": round(_percentile(latencies, 50), 1),
                "p95_ms": round(_percentile(latencies, 95), 1),
                "slot_len": getattr(engine.runner, "max_len", None),
                "host_syncs": engine.host_syncs,
            }
        )
    return rows


def _percentile(values: list[float], q: float) -> float:
    from .metrics import percentile

    return percentile(values, q)


def dev_requests(applier, data: str, cases: int, every: int, max_tokens: int) -> list[tuple[str, list, list, int]]:
    """(case id, prompt ids, references, max new tokens) of the first window of dev cases, as the
    applier plans them in model mode (cases it cannot plan are left out)."""
    from fastapply.apply.request import ApplyError, ApplyRequest

    from .dataset import load_cases

    out = []
    for case in load_cases(data)[0][:: max(every, 1)][:cases]:
        try:
            plan = applier.plan(
                ApplyRequest(case.original, case.snippet, case.instruction, case.language, mode="model")
            )
        except ApplyError:
            continue
        first = plan.requests[0]
        out.append((case.id, first.prompt_ids, first.references, min(max_tokens, first.max_new_tokens)))
    return out


def run_all(applier, args) -> dict:
    """Every table of the benchmark, as rows: copy case, concurrency, dev cases, dev mix."""
    from .speed import copy_case

    model, tokenizer, config = applier.engine.model, applier.tokenizer, applier.engine.config
    prompt, _ = copy_case(applier, args.copy_tokens)
    n, k_conc = args.copy_tokens, (64 if 64 in args.ks else args.ks[-1])
    sizing = getattr(args, "sizing", "budget")
    result = {"sizing": SIZINGS[sizing]}
    result["copy"], own = single_stream(
        model, tokenizer, config, prompt, n, args.ks, args.runners, args.prompt_lookup, sizing=sizing
    )
    result["served"] = [served(model, tokenizer, prompt, own, n)]
    result["concurrency"] = concurrency(
        model, tokenizer, config, [(prompt, [own], n)], k_conc, args.levels, sizing=sizing
    )
    if args.data:
        result["dev"] = []
        reqs = dev_requests(applier, args.data, args.cases, args.every, args.dev_tokens)
        for case_id, p, refs, m in reqs:
            result["dev"] += single_stream(
                model,
                tokenizer,
                config,
                p,
                m,
                [k_conc],
                args.runners,
                args.prompt_lookup,
                refs=refs,
                case=case_id,
                sizing=sizing,
            )[0]
        if reqs:
            result["dev_concurrency"] = concurrency(
                model,
                tokenizer,
                config,
                [(p, r, m) for _, p, r, m in reqs],
                k_conc,
                args.levels,
                case="dev mix",
                sizing=sizing,
            )
    return result


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="fastapply bench gpu", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--model")
    p.add_argument("--device")
    p.add_argument("--dtype")
    p.add_argument("--adapter")
    p.add_argument("--ks", default="16,64,128")
    p.add_argument("--concurrency", default="1,2,4,8,16,32")
    p.add_argument("--copy-tokens", type=int, default=1000)
    p.add_argument("--prompt-lookup", type=int, default=10)
    p.add_argument(
        "--runners",
        default="auto",
        help="engine runners to time at each k: auto (static + CUDA graph on CUDA), static, varlen",
    )
    p.add_argument("--data", help="dev set JSONL: also time dev cases (first window of each) and a mix of them")
    p.add_argument("--cases", type=int, default=16)
    p.add_argument("--every", type=int, default=1)
    p.add_argument("--dev-tokens", type=int, default=256, help="most output tokens per dev case")
    p.add_argument(
        "--sizing",
        default="budget",
        choices=sorted(SIZINGS),
        help="static slots: " + "; ".join(f"{k}: {v}" for k, v in SIZINGS.items()),
    )
    p.add_argument("--json", help="write every table's rows here")
    args = p.parse_args(argv)
    try:
        args.ks = [int(x) for x in args.ks.split(",")]
        args.levels = [int(x) for x in args.concurrency.split(",")]
    except ValueError:
        p.error("--ks and --concurrency take comma-separated integers")
    args.runners = args.runners.split(",")
    if not set(args.runners) <= {"auto", "static", "varlen"}:
        p.error("--runners takes auto, static and/or varlen")
    return args


def main(argv=None) -> int:
    from fastapply.apply.applier import Applier

    from .gpu_tables import device_label, render_tables

    args = parse_args(argv)
    applier = Applier.load(args.model, args.device, args.dtype, adapter=args.adapter)
    print(f"# fastapply bench gpu: {device_label(applier.engine.model)}\n")
    result = run_all(applier, args)
    print(render_tables(result))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
