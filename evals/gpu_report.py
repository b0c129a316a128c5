"""The agenda's report: one Markdown section per step with its device, date, commands and versions,
and its tables, from the results folder (on the GPU machine, or the returned folders merged here)."""

from __future__ import annotations

import json
from pathlib import Path

from .gpu_tables import concurrency_table, prefill_table, profile_table, render_tables, single_table


def _read(path: Path, default=None):
    return json.loads(path.read_text()) if path.is_file() else default


def _commands(folder: Path) -> list[dict]:
    path = folder / "commands.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.is_file() else []


def _header(folder: Path) -> list[str]:
    runs = _commands(folder)
    if not runs:
        return ["Not run yet.", ""]
    env = runs[-1].get("environment") or {}
    versions = ", ".join(f"{k} {env.get(k)}" for k in ("python", "torch", "cuda", "transformers", "peft", "triton"))
    lines = [
        f"Device: **{env.get('device', '?')}** ({env.get('host_cpus', '?')} CPUs); {env.get('date', '?')}; {versions}.",
        "",
        "Commands (each one GPU command, in order):",
        "",
    ]
    for r in runs:
        status = "error" if r.get("error") else "ok"
        lines.append(
            f"- `python3 evals/gpu_boot.py {' '.join(r['argv'])}` → {status}, {r['seconds']} s (started {r['started']})"
        )
    return lines + [""]


def correctness(folder: Path) -> list[str]:
    out = []
    runs = _read(folder / "tests.json") or []
    if runs:
        out += [
            '| test path (`pytest -m "not slow"`) | tests | passed | failed | errors | skipped | seconds | exit |',
            "|---|---|---|---|---|---|---|---|",
        ]
        out += [
            f"| `{t['path']}` | {t.get('tests', '—')} | {t.get('passed', '—')} | {t.get('failures', '—')} | "
            f"{t.get('errors', '—')} | {t.get('skipped', '—')} | {t.get('seconds', '—')} | "
            f"{t['returncode']} |"
            for t in runs
        ] + [""]
        device_only = {n: o for t in runs for n, o in (t.get("cuda_tests") or {}).items()}
        if device_only:
            out += ["| test named for CUDA | outcome |", "|---|---|"]
            out += [f"| {name} | {outcome} |" for name, outcome in sorted(device_only.items())] + [""]
        failed = [f for t in runs for f in t.get("failed", [])]
        out += [f"- FAILED {f}" for f in failed] + ([""] if failed else [])
    rows = _read(folder / "agreement.json")
    if rows:
        out += [
            "Token agreement on a random Llama (draft: HF greedy with every 7th token wrong, k=16):",
            "",
            "| dtype | decoder | prompts × tokens | agreement with HF greedy | with eager varlen | "
            "identical to HF greedy |",
            "|---|---|---|---|---|---|",
        ]
        out += [
            f"| {r['dtype']} | {r['decoder']} | {r['prompts']} × {r['tokens']} | {r['agree_hf']:.1%} | "
            f"{r['agree_eager']:.1%} | {r['identical_hf']}/{r['prompts']} |"
            for r in rows
        ] + [""]
    return out


def speed(folder: Path) -> list[str]:
    out = []
    bench = _read(folder / "bench.json")
    if bench:
        out += [f"Model: {bench.get('label', '?')}.", "", render_tables(bench, "####")]
    profile = _read(folder / "profile.json")
    if profile:
        out += [
            f"#### Per-pass profile: copy case, k = {profile['k']}, static runner, prompt {profile['prompt_tokens']} tokens",
            "",
            "Host wall time per segment over the whole run (prepare: inputs built and handed over; launch: "
            "passes issued; sync: waiting for results; prefill: prefill forwards issued). One engine per row, "
            "one sync per pass against bursts of passes between syncs, in one process.",
            "",
            profile_table(profile["passes"]),
            "",
            "Prefill alone (synchronised): every row's prompt in one forward against one row at a time.",
            "",
            prefill_table(profile["prefill"]),
            "",
        ]
    for path in sorted(folder.glob("shape-*.json")):
        shape = _read(path)
        if shape.get("skipped"):
            out += [f"#### {shape['shape']}: skipped ({shape['skipped']})", ""]
            continue
        out += [
            f"#### {shape['shape']} shape, random weights ({shape['parameters'] / 1e9:.2f} B parameters, "
            f"{shape['dtype']}; prompt {shape['prompt_tokens']} tokens, {shape['tokens']} new)",
            "",
            single_table(shape["single"]),
            "",
            concurrency_table(shape["concurrency"]),
            "",
        ]
        if shape.get("sizing"):
            out += [f"Static runner: {shape['sizing']}.", ""]
    figures = _read(folder / "gpu-results.json")
    if figures:
        out += ["#### Figures (`gpu-results.json`)", "", "```json", json.dumps(figures, indent=1), "```", ""]
    return out


def training(folder: Path) -> list[str]:
    s = _read(folder / "summary.json")
    if not s:
        return []
    log = folder / "log.jsonl"
    losses = [json.loads(x) for x in log.read_text().splitlines() if '"train"' in x] if log.is_file() else []
    first = sum(r["loss"] for r in losses[:10]) / max(len(losses[:10]), 1) if losses else None
    last = sum(r["loss"] for r in losses[-10:]) / max(len(losses[-10:]), 1) if losses else None
    manifest = _read(folder / "adapter" / "manifest.json", {"files": []})
    parts = sum(len(e["parts"]) for e in manifest["files"])
    cfg = _read(folder / "adapter" / "adapter_config.json", {})
    return [
        "| steps | of | examples seen | seconds, last command | data done | loss, first 10 steps | loss, last 10 steps | "
        "rank | adapter parts |",
        "|---|---|---|---|---|---|---|---|---|",
        f"| {s.get('step')} | {s.get('total_steps')} | {s.get('examples_seen')} | {s.get('seconds')} | "
        f"{s.get('done')} | {_f(first)} | {_f(last)} | {cfg.get('r', '?')} | {parts} |",
        "",
        f"Answers end with `{s.get('answer_end_token', '?')}` (the tokenizer's eos: `{s.get('eos_token', '?')}`); "
        f"steps redone unpadded after a non-finite padded batch: {s.get('redone_unpadded', '?')}, "
        f"skipped as non-finite: {s.get('nonfinite_skipped', '?')}.",
        "",
        "Rebuild the adapter here: `python -m fastapply.evals.gpu_agenda join-adapter "
        "RESULTS/3-train/adapter runs/adapter-gpu`.",
        "",
    ]


def evaluation(folder: Path) -> list[str]:
    runs = _read(folder / "summary.json")
    if not runs:
        return []
    out = [
        "| mode | adapter | cases | exact | ws-exact | tokens/pass | p50 ms | p95 ms | errors | complete |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in runs.values():
        out.append(
            f"| {r['mode']} | {r['adapter']} | {r['cases']} | {_pct(r.get('exact'))} | "
            f"{_pct(r.get('ws_exact'))} "
            f"| {_f(r.get('tokens_per_pass'))} | {_f(r.get('latency_p50_ms'), 0)} | "
            f"{_f(r.get('latency_p95_ms'), 0)} | {r.get('errors')} | {r.get('complete')} |"
        )
    out.append("")
    for mode in dict.fromkeys(r["mode"] for r in runs.values()):
        old, new = runs.get(f"{mode}-shipped"), runs.get(f"{mode}-new")
        if not (old and new):
            continue
        both = set(old["case_ids"]) & set(new["case_ids"])
        a, b = set(old["exact_ids"]) & both, set(new["exact_ids"]) & both
        out.append(
            f"- {mode} mode, the {len(both)} cases both adapters finished: shipped {len(a)} exact, new "
            f"{len(b)} exact ({len(b - a)} fixed, {len(a - b)} broken)."
        )
    return out + [""]


def _f(v, digits: int = 3) -> str:
    return "—" if v is None else f"{v:.{digits}f}"


def _pct(v) -> str:
    return "—" if v is None else f"{v:.1%}"


SECTIONS = (
    ("1-correctness", "1. Correctness on CUDA", correctness),
    ("2-speed", "2. Speed", speed),
    ("3-train", "3. Training at scale", training),
    ("4-eval", "4. Dev-set evaluation", evaluation),
)


def render(root: Path) -> str:
    plan = _read(root / "plan.json", {})
    lines = ["# GPU agenda results", ""]
    if plan:
        lines += [
            f"Prepared {plan.get('created')} from commit `{plan.get('commit', '?')[:12]}`"
            f"{' (with local changes)' if plan.get('dirty') else ''}.",
            "",
        ]
    for key, title, section in SECTIONS:
        lines += [f"## {title}", "", *_header(root / key), *section(root / key)]
    return "\n".join(lines).rstrip() + "\n"


def write_report(root: Path) -> Path:
    path = Path(root) / "report.md"
    path.write_text(render(Path(root)))
    return path
