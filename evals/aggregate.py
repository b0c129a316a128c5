"""Aggregating result rows: overall, per k, per language, per source repo and per variant."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from .baselines import summarize_baselines
from .metrics import mean, percentile, rate

WARNING_CODES = (
    "marker_leak",
    "syntax_error",
    "unaccounted_deletion",
    "truncated",
    "no_change",
    "invented_lines",
    "missing_snippet_lines",
)


def decoded(row: dict) -> int:
    """Output tokens the model's passes produced: those a constraint settled took no pass."""
    return (row.get("output_tokens") or 0) - (row.get("constraint_settled") or 0)


def group_stats(rows: list[dict]) -> dict:
    """Quality and speed of a group of rows. Token/pass figures are ratios of sums, so long files
    weigh by their length; latency is reported as p50/p95 because its distribution is skewed."""
    ok = [r for r in rows if not r.get("error")]
    tokens = sum(decoded(r) for r in ok)
    passes = sum(r.get("passes") or 0 for r in ok)
    drafted_rows = [r for r in ok if (r.get("passes") or 0) > 0]
    latencies = [r.get("latency_ms") for r in ok]
    stats = {
        "cases": len(rows),
        "errors": len(rows) - len(ok),
        "exact": rate(r.get("exact") for r in rows),
        "ws_exact": rate(r.get("ws_exact") for r in rows),
        "line_sim": mean(r.get("line_sim") for r in rows),
        "syntax_valid": rate(r.get("syntax_valid") for r in rows),
        "syntax_checked": sum(1 for r in rows if r.get("syntax_valid") is not None),
        "leaked_markers": rate((r.get("leaked_markers") or 0) > 0 for r in ok),
        "output_tokens": sum(r.get("output_tokens") or 0 for r in ok),
        "passes": passes,
        "tokens_per_pass": tokens / passes if passes else None,
        "acceptance_rate": mean(r.get("acceptance_rate") for r in drafted_rows),
        "draft_efficiency": mean(r.get("draft_efficiency") for r in drafted_rows),
        "tokens_per_s": mean(r.get("tokens_per_s") or None for r in drafted_rows),
        "latency_p50_ms": percentile(latencies, 50),
        "latency_p95_ms": percentile(latencies, 95),
        "deterministic_share": rate(r.get("mode_used") == "deterministic" for r in ok) if ok else None,
        "windowed_share": rate(r.get("windowed") for r in ok) if ok else None,
    }
    wrong = [r for r in ok if r.get("ws_exact") is False]
    right = [r for r in ok if r.get("ws_exact")]
    # Speed where the model got the file right: what a user of a good apply model would see.
    right_tokens, right_passes = sum(decoded(r) for r in right), sum(r.get("passes") or 0 for r in right)
    stats["tokens_per_pass_right"] = right_tokens / right_passes if right_passes else None
    # Is a warning a useful signal? Share of wrong outputs that were flagged, and of right ones that were.
    stats["warned_when_wrong"] = rate(bool(r.get("warnings")) for r in wrong) if wrong else None
    # Exact where the answer came with no warning: what a client that trusts clean answers gets.
    clean = [r for r in ok if not r.get("warnings")]
    stats["clean"] = len(clean)
    stats["exact_when_clean"] = rate(r.get("exact") for r in clean) if clean else None
    stats["wrong_unflagged"] = sum(1 for r in clean if not r.get("exact"))
    stats["warned_when_right"] = rate(bool(r.get("warnings")) for r in right) if right else None
    stats["gold_flagged"] = rate(bool(r["gold_warnings"]) for r in rows if r.get("gold_warnings") is not None)
    stats["warnings"] = {code: sum(1 for r in ok if code in (r.get("warnings") or [])) for code in warning_codes(ok)}
    return stats


def warning_codes(rows: Iterable[dict]) -> list[str]:
    """Known codes first in a fixed order, then any new ones the engine invents, sorted."""
    seen = {code for r in rows for code in (r.get("warnings") or [])}
    return [c for c in WARNING_CODES if c in seen] + sorted(seen - set(WARNING_CODES))


def group_by(rows: list[dict], key: str) -> dict[str, dict]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        groups[str(row.get(key) or "unknown")].append(row)
    return {name: group_stats(groups[name]) for name in sorted(groups)}


def group_by_style(rows: list[dict]) -> dict[str, dict]:
    """Rows of cases tagged with snippet styles, grouped by style (a case counts under each of its tags)."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        for style in row.get("styles") or ():
            groups[style].append(row)
    return {name: group_stats(groups[name]) for name in sorted(groups)}


def speedup_by_k(rows: list[dict]) -> dict[int, float]:
    """Time at k=0 / time at k over the cases run at both (only for runs whose sweep includes 0)."""
    by_case: dict[str, dict[int, float]] = defaultdict(dict)
    for r in rows:
        if not r.get("error") and r.get("latency_ms"):
            by_case[r["id"]][int(r["k"])] = r["latency_ms"]
    ks = sorted({k for times in by_case.values() for k in times})
    if 0 not in ks:
        return {}
    out = {}
    for k in ks:
        both = [t for t in by_case.values() if 0 in t and k in t]
        total_k = sum(t[k] for t in both)
        if both and total_k:
            out[k] = sum(t[0] for t in both) / total_k
    return out


def summarize(rows: list[dict], baseline_rows: list[dict], config: dict, skipped: list[str] | None = None) -> dict:
    ks = sorted({int(r["k"]) for r in rows}) or list(config.get("ks", []))
    primary_k = config.get("primary_k", max(ks) if ks else None)
    primary = [r for r in rows if r.get("k") == primary_k]
    return {
        "config": config,
        "skipped_rows": list(skipped or []),
        "overall": group_stats(primary),
        "by_k": {str(k): group_stats([r for r in rows if r.get("k") == k]) for k in ks},
        "speedup_vs_k": {str(k): v for k, v in speedup_by_k(rows).items()},
        "by_language": group_by(primary, "language"),
        "by_source": group_by(primary, "source"),
        "by_variant": group_by(primary, "variant"),
        "by_style": group_by_style(primary),
        "baselines": summarize_baselines(baseline_rows),
    }
