"""Saving a run to disk and rendering it as Markdown (+ plots). ``render_report(dir)`` re-renders a
saved run from its JSON files alone, so reports can be regenerated after the renderer changes."""

from __future__ import annotations

import json
from pathlib import Path

from .plots import MISSING as PLOTS_MISSING
from .plots import available as plots_available
from .plots import render_plots

RESULTS_FILE, BASELINES_FILE, SUMMARY_FILE, REPORT_FILE = (
    "results.jsonl",
    "baselines.jsonl",
    "summary.json",
    "report.md",
)
# (summary key, column header, kind) for the group tables; kind picks the number format
GROUP_COLUMNS = [
    ("cases", "cases", "int"),
    ("exact", "exact", "pct"),
    ("ws_exact", "ws-exact", "pct"),
    ("exact_when_clean", "exact when clean", "pct"),
    ("warned_when_wrong", "wrong flagged", "pct"),
    ("wrong_unflagged", "served wrong", "int"),
    ("gold_flagged", "false flags", "pct"),
    ("line_sim", "line sim", "f3"),
    ("syntax_valid", "syntax ok", "pct"),
    ("errors", "errors", "int"),
    ("tokens_per_pass", "tok/pass", "f2"),
    ("tokens_per_pass_right", "tok/pass right", "f2"),
    ("acceptance_rate", "accept", "pct"),
    ("draft_efficiency", "draft eff", "pct"),
    ("tokens_per_s", "tok/s", "f1"),
    ("latency_p50_ms", "p50 ms", "f0"),
    ("latency_p95_ms", "p95 ms", "f0"),
]


def fmt(value, kind: str = "f2") -> str:
    if value is None:
        return "–"
    if kind == "pct":
        return f"{100 * value:.1f}%"
    if kind == "int":
        return str(int(value))
    if kind == "x":
        return f"{value:.2f}×"
    return f"{value:.{int(kind[1:])}f}" if kind.startswith("f") else str(value)


def markdown_table(header: list[str], body: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cells) + " |" for cells in body]
    return "\n".join(lines)


def group_table(groups: dict[str, dict], first_column: str) -> str:
    header = [first_column] + [title for _, title, _ in GROUP_COLUMNS]
    body = [[name] + [fmt(stats.get(key), kind) for key, _, kind in GROUP_COLUMNS] for name, stats in groups.items()]
    return markdown_table(header, body)


def save_run(out_dir: Path, rows: list[dict], baseline_rows: list[dict], summary: dict) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, items in ((RESULTS_FILE, rows), (BASELINES_FILE, baseline_rows)):
        with (out_dir / name).open("w", encoding="utf-8") as fh:
            for item in items:
                fh.write(json.dumps(item, ensure_ascii=False) + "\n")
    (out_dir / SUMMARY_FILE).write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _read_jsonl(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_run(run_dir: str | Path) -> tuple[dict, list[dict], list[dict]]:
    run_dir = Path(run_dir)
    if not (run_dir / SUMMARY_FILE).is_file():
        raise ValueError(f"{run_dir} is not an eval run directory (no {SUMMARY_FILE})")
    summary = json.loads((run_dir / SUMMARY_FILE).read_text(encoding="utf-8"))
    return summary, _read_jsonl(run_dir / RESULTS_FILE), _read_jsonl(run_dir / BASELINES_FILE)


def _baseline_section(summary: dict, baseline_rows: list[dict]) -> list[str]:
    base = summary.get("baselines") or {}
    if not base:
        return ["No baselines were run (`--baselines N` times N cases against plain greedy and HF prompt lookup)."]
    k = summary["config"].get("primary_k")
    out = [
        f"Same process, same cases, back to back: our engine at k={k} vs our engine at k=0 (plain greedy) "
        f"and vs HF `generate(prompt_lookup_num_tokens={summary['config'].get('prompt_lookup')})`. "
        "Ratios are of summed end-to-end latency (prefill included); p50 is the per-case median.",
        "",
        markdown_table(
            [
                "cases",
                "speedup vs greedy",
                "p50",
                "speedup vs HF lookup",
                "p50",
                "HF lookup vs greedy",
                "lossless (k vs k=0)",
                "HF same text",
                "errors",
            ],
            [
                [
                    fmt(base.get("cases"), "int"),
                    fmt(base.get("speedup_vs_greedy"), "x"),
                    fmt(base.get("speedup_vs_greedy_p50"), "x"),
                    fmt(base.get("speedup_vs_hf_lookup"), "x"),
                    fmt(base.get("speedup_vs_hf_lookup_p50"), "x"),
                    fmt(base.get("hf_lookup_vs_greedy"), "x"),
                    fmt(base.get("lossless_rate"), "pct"),
                    fmt(base.get("hf_same_output_rate"), "pct"),
                    fmt(base.get("errors", 0), "int"),
                ]
            ],
        ),
    ]
    lossy = [r["id"] for r in baseline_rows if r.get("lossless") is False]
    if lossy:
        out += ["", f"**Not lossless** (k output differs from k=0 output): {', '.join(lossy)}"]
    return out


def render_markdown(summary: dict, rows: list[dict], baseline_rows: list[dict], plots: list[Path]) -> str:
    cfg = summary["config"]
    overall = summary["overall"]
    md = [
        "# fastapply eval report",
        "",
        f"- dataset: `{cfg.get('data')}` ({overall['cases']} cases at k={cfg.get('primary_k')}, "
        f"{len(summary.get('skipped_rows', []))} malformed rows skipped)",
        f"- model: `{cfg.get('model')}`, mode: `{cfg.get('mode')}`, k swept: {cfg.get('ks')}, device: {cfg.get('device')}",
        f"- started: {cfg.get('started')}, wall time: {fmt(cfg.get('wall_s'), 'f0')} s",
        "",
        "## Overall",
        "",
        group_table({"all": overall}, "run"),
        "",
    ]
    if len(summary.get("by_k", {})) > 1:
        speedup = summary.get("speedup_vs_k", {})
        md += [
            "## By k",
            "",
            markdown_table(
                ["k", "exact", "tok/pass", "accept", "draft eff", "tok/s", "p50 ms", "speedup vs k=0"],
                [
                    [
                        k,
                        fmt(s["exact"], "pct"),
                        fmt(s["tokens_per_pass"]),
                        fmt(s["acceptance_rate"], "pct"),
                        fmt(s["draft_efficiency"], "pct"),
                        fmt(s["tokens_per_s"], "f1"),
                        fmt(s["latency_p50_ms"], "f0"),
                        fmt(speedup.get(k), "x"),
                    ]
                    for k, s in summary["by_k"].items()
                ],
            ),
            "",
        ]
    md += ["## Baselines", "", *_baseline_section(summary, baseline_rows), ""]
    for key, title, column in (
        ("by_language", "By language", "language"),
        ("by_source", "By source", "source"),
        ("by_variant", "By variant", "variant"),
        ("by_style", "By snippet style", "style"),
    ):
        if summary.get(key):
            md += [f"## {title}", "", group_table(summary[key], column), ""]
    warnings = overall.get("warnings", {})
    md += ["## Warnings raised", ""]
    md += [markdown_table(["warning", "cases"], [[c, str(n)] for c, n in warnings.items()])] if warnings else ["None."]
    md += [
        "",
        f"Warned when wrong (not ws-exact): {fmt(overall.get('warned_when_wrong'), 'pct')}; "
        f"warned when right: {fmt(overall.get('warned_when_right'), 'pct')}; "
        f"validator flags the expected file itself: {fmt(overall.get('gold_flagged'), 'pct')}.",
    ]
    primary = [r for r in rows if r.get("k") == cfg.get("primary_k")]
    worst = sorted((r for r in primary if not r.get("exact")), key=lambda r: (r.get("line_sim") or 0, r["id"]))[:10]
    md += ["", "## Worst cases", ""]
    md += (
        [
            markdown_table(
                ["id", "language", "line sim", "changed lines", "warnings", "error"],
                [
                    [
                        r["id"],
                        r.get("language", ""),
                        fmt(r.get("line_sim"), "f3"),
                        fmt(r.get("changed_lines"), "int"),
                        ", ".join(r.get("warnings") or []),
                        (r.get("error") or "")[:80],
                    ]
                    for r in worst
                ],
            )
        ]
        if worst
        else ["All cases match exactly."]
    )
    if summary.get("skipped_rows"):
        md += ["", "## Skipped rows", "", *[f"- {s}" for s in summary["skipped_rows"][:50]]]
    if plots:
        md += ["", "## Plots", "", *[f"![{p.stem}](plots/{p.name})" for p in plots]]
    return "\n".join(md) + "\n"


def render_report(run_dir: str | Path, with_plots: bool = True) -> Path:
    """(Re-)render report.md and the plots of a saved run; returns the report path."""
    run_dir = Path(run_dir)
    summary, rows, baseline_rows = load_run(run_dir)
    plots = render_plots(summary, rows, run_dir) if with_plots and plots_available() else []
    if with_plots and not plots_available():
        print(f"no plots: {PLOTS_MISSING}")
    path = run_dir / REPORT_FILE
    path.write_text(render_markdown(summary, rows, baseline_rows, plots), encoding="utf-8")
    return path
