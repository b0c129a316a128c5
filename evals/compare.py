"""Two saved runs side by side: headline metrics with deltas, per-language deltas, and the cases
whose exact-match verdict flipped (joined on case id and k)."""

from __future__ import annotations

from pathlib import Path

from .report import fmt, load_run, markdown_table

# (summary key, title, kind, higher_is_better)
COMPARE_METRICS = [
    ("exact", "exact", "pct", True),
    ("ws_exact", "ws-exact", "pct", True),
    ("line_sim", "line sim", "f3", True),
    ("syntax_valid", "syntax ok", "pct", True),
    ("errors", "errors", "int", False),
    ("tokens_per_pass", "tokens/pass", "f2", True),
    ("acceptance_rate", "acceptance", "pct", True),
    ("draft_efficiency", "draft efficiency", "pct", True),
    ("tokens_per_s", "tok/s", "f1", True),
    ("latency_p50_ms", "latency p50 ms", "f0", False),
    ("latency_p95_ms", "latency p95 ms", "f0", False),
]
BASELINE_METRICS = [("speedup_vs_greedy", "speedup vs greedy"), ("speedup_vs_hf_lookup", "speedup vs HF lookup")]


def delta(a, b, kind: str) -> str:
    if a is None or b is None:
        return "–"
    diff = b - a
    if kind == "pct":
        return f"{100 * diff:+.1f} pp"
    if kind == "int":
        return f"{int(diff):+d}"
    return f"{diff:+.{int(kind[1:])}f}"


def _metric_rows(a: dict, b: dict) -> list[list[str]]:
    return [
        [title, fmt(a.get(key), kind), fmt(b.get(key), kind), delta(a.get(key), b.get(key), kind)]
        for key, title, kind, _ in COMPARE_METRICS
    ]


def compare_runs(dir_a: str | Path, dir_b: str | Path) -> str:
    sum_a, rows_a, _ = load_run(dir_a)
    sum_b, rows_b, _ = load_run(dir_b)
    name_a, name_b = Path(dir_a).name or str(dir_a), Path(dir_b).name or str(dir_b)
    md = [f"# Compare `{name_a}` (A) vs `{name_b}` (B)", ""]
    for label, s in (("A", sum_a), ("B", sum_b)):
        c = s["config"]
        adapter = f", adapter `{c['adapter']}`" if c.get("adapter") else ""
        md.append(
            f"- {label}: model `{c.get('model')}`{adapter}, mode `{c.get('mode')}`, k {c.get('ks')}, "
            f"data `{c.get('data')}`, {s['overall']['cases']} cases"
        )
    if sum_a["config"].get("data") != sum_b["config"].get("data"):
        md.append("- **warning: the runs used different datasets; deltas mix dataset and system changes**")
    md += [
        "",
        "## Overall",
        "",
        markdown_table(["metric", "A", "B", "Δ (B−A)"], _metric_rows(sum_a["overall"], sum_b["overall"])),
    ]
    base_a, base_b = sum_a.get("baselines") or {}, sum_b.get("baselines") or {}
    if base_a or base_b:
        md += [
            "",
            "## Baselines",
            "",
            markdown_table(
                ["ratio", "A", "B", "Δ (B−A)"],
                [
                    [
                        title,
                        fmt(base_a.get(key), "x"),
                        fmt(base_b.get(key), "x"),
                        delta(base_a.get(key), base_b.get(key), "f2"),
                    ]
                    for key, title in BASELINE_METRICS
                ],
            ),
        ]
    langs = sorted(set(sum_a.get("by_language", {})) | set(sum_b.get("by_language", {})))
    if langs:
        body = []
        for lang in langs:
            a, b = sum_a["by_language"].get(lang, {}), sum_b["by_language"].get(lang, {})
            body.append(
                [
                    lang,
                    fmt(a.get("cases"), "int"),
                    fmt(b.get("cases"), "int"),
                    fmt(a.get("exact"), "pct"),
                    fmt(b.get("exact"), "pct"),
                    delta(a.get("exact"), b.get("exact"), "pct"),
                    fmt(a.get("tokens_per_pass")),
                    fmt(b.get("tokens_per_pass")),
                    delta(a.get("tokens_per_pass"), b.get("tokens_per_pass"), "f2"),
                ]
            )
        md += [
            "",
            "## By language",
            "",
            markdown_table(
                [
                    "language",
                    "cases A",
                    "cases B",
                    "exact A",
                    "exact B",
                    "Δ exact",
                    "tok/pass A",
                    "tok/pass B",
                    "Δ tok/pass",
                ],
                body,
            ),
        ]
    md += ["", "## Flipped cases", "", *_flips(rows_a, rows_b)]
    return "\n".join(md) + "\n"


def _flips(rows_a: list[dict], rows_b: list[dict]) -> list[str]:
    by_key_a = {(r["id"], r.get("k")): r for r in rows_a}
    by_key_b = {(r["id"], r.get("k")): r for r in rows_b}
    shared = sorted(set(by_key_a) & set(by_key_b), key=lambda key: (str(key[0]), key[1] or 0))
    fixed = [f"{i} (k={k})" for i, k in shared if not by_key_a[(i, k)].get("exact") and by_key_b[(i, k)].get("exact")]
    broken = [f"{i} (k={k})" for i, k in shared if by_key_a[(i, k)].get("exact") and not by_key_b[(i, k)].get("exact")]
    out = [
        f"{len(shared)} (case, k) pairs in both runs; "
        f"{len(set(by_key_a) - set(by_key_b))} only in A, {len(set(by_key_b) - set(by_key_a))} only in B.",
        "",
    ]
    out.append(f"- fixed in B ({len(fixed)}): " + (", ".join(fixed[:30]) or "none") + (" …" if len(fixed) > 30 else ""))
    out.append(
        f"- broken in B ({len(broken)}): " + (", ".join(broken[:30]) or "none") + (" …" if len(broken) > 30 else "")
    )
    return out
