"""Markdown tables of the GPU benchmark's rows (``fastapply bench gpu`` and the agenda's report)."""

from __future__ import annotations

import math
from collections import defaultdict


def device_label(model) -> str:
    """ "name on device, dtype": the GPU's name when the model is on CUDA."""
    param = next(model.parameters())
    name = getattr(model.config, "name_or_path", "") or "default"
    where = str(param.device)
    if where.startswith("cuda"):
        import torch

        where = torch.cuda.get_device_name(param.device)
    return f"{name} on {where}, {str(param.dtype).replace('torch.', '')}"


def _cell(value, fmt: str = "{}") -> str:
    return "—" if value is None else fmt.format(value)


def single_table(rows: list[dict]) -> str:
    out = [
        "| method | k | tokens | tok/s | × HF greedy | × HF prompt lookup | passes | tokens/pass | "
        "agreement with HF greedy |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['method']} | {_cell(r['k'])} | {r['tokens']} | {r['tok_s']:.0f} | {r['x_hf_greedy']:.2f} | "
            f"{r['x_hf_lookup']:.2f} | {_cell(r['passes'])} | {_cell(r['tokens_per_pass'])} | "
            f"{r['agreement']:.1%} |"
        )
    return "\n".join(out)


def concurrency_table(rows: list[dict]) -> str:
    out = [
        "| concurrency | aggregate tok/s | × concurrency 1 | engine passes | tokens/pass per row | "
        "p50 latency ms | p95 latency ms |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['concurrency']} | {r['aggregate_tok_s']:.0f} | {r['x_concurrency_1']:.2f} | "
            f"{r['engine_passes']} | {r['tokens_per_pass_per_row']} | {r['p50_ms']:.0f} | {r['p95_ms']:.0f} |"
        )
    return "\n".join(out)


def dev_summary_table(rows: list[dict]) -> str:
    """One line per method over the dev cases: pooled tok/s (all tokens over all seconds, single
    stream), geometric-mean ratios, mean tokens/pass, mean agreement, p50/p95 case latency."""
    by_method: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_method[r["method"]].append(r)
    out = [
        "| method | cases | tokens | pooled tok/s | geo-mean × HF greedy | geo-mean × HF prompt lookup | "
        "mean tokens/pass | mean agreement | p50 ms | p95 ms |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for method, sel in by_method.items():
        tokens, seconds = sum(r["tokens"] for r in sel), sum(r["seconds"] for r in sel)
        tpp = [r["tokens_per_pass"] for r in sel if r["tokens_per_pass"] is not None]
        ms = sorted(1000 * r["seconds"] for r in sel)
        out.append(
            f"| {method} | {len(sel)} | {tokens} | {tokens / max(seconds, 1e-9):.0f} | "
            f"{_geo(r['x_hf_greedy'] for r in sel):.2f} | {_geo(r['x_hf_lookup'] for r in sel):.2f} | "
            f"{_cell(sum(tpp) / len(tpp) if tpp else None, '{:.1f}')} | "
            f"{sum(r['agreement'] for r in sel) / len(sel):.1%} | {ms[len(ms) // 2]:.0f} | "
            f"{ms[min(len(ms) - 1, math.ceil(0.95 * len(ms)) - 1)]:.0f} |"
        )
    return "\n".join(out)


def served_table(rows: list[dict]) -> str:
    out = [
        "| runner | k | slot positions | max batch | KV budget | tokens | tok/s | passes | tokens/pass |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['runner']} | {r['k']} | {_cell(r['slot_len'])} | {r['max_batch']} | {r['max_kv_tokens']} | "
            f"{r['tokens']} | {r['tok_s']:.0f} | {r['passes']} | {r['tokens_per_pass']} |"
        )
    return "\n".join(out)


def profile_table(rows: list[dict]) -> str:
    """Where a run's time goes, per number of rows and decode path (host wall time per segment)."""
    out = [
        "| rows | path | passes | host syncs | prepare ms | launch ms | sync ms | prefill ms | "
        "prefill forwards | seconds | aggregate tok/s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['rows']} | {r['path']} | {r['passes']} | {r['syncs']} | {r['prepare_ms']:.1f} | "
            f"{r['launch_ms']:.1f} | {r['sync_ms']:.1f} | {r['prefill_ms']:.1f} | {r['prefill_forwards']} | "
            f"{r['seconds']:.3f} | {r['tok_s']:.0f} |"
        )
    return "\n".join(out)


def prefill_table(rows: list[dict]) -> str:
    out = [
        "| rows | prompt tokens | one row at a time ms | all rows in one forward ms | × |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['rows']} | {r['prompt_tokens']} | {r['one_at_a_time_ms']:.1f} | {r['batched_ms']:.1f} | "
            f"{r['one_at_a_time_ms'] / max(r['batched_ms'], 1e-9):.2f} |"
        )
    return "\n".join(out)


def _geo(values) -> float:
    values = [max(v, 1e-9) for v in values]
    return math.exp(sum(math.log(v) for v in values) / max(len(values), 1))


SECTIONS = (
    ("copy", "Copy case (draft = the model's own greedy output), single stream", single_table),
    (
        "served",
        "Copy case through the served configuration (every server default; after one warm-up request)",
        served_table,
    ),
    ("concurrency", "Copy case, concurrency (one engine, one forward per pass for all rows)", concurrency_table),
    ("dev", "Dev cases, single stream (first window of each; drafts as the applier builds them)", dev_summary_table),
    ("dev_concurrency", "Dev cases mixed, concurrency", concurrency_table),
)


def render_tables(result: dict, level: str = "###") -> str:
    parts = []
    for key, title, render in SECTIONS:
        if result.get(key):
            parts.append(f"{level} {title}\n\n{render(result[key])}\n")
    if result.get("sizing"):
        parts.append(f"Static runner: {result['sizing']}.\n")
    return "\n".join(parts)
