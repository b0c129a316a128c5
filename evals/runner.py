"""Running an Applier over eval cases: one result row per (case, k), plus side-by-side baselines."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fastapply.apply.request import DEFAULT_FALLBACK, FALLBACKS, MODES
from fastapply.merge import flags

from . import metrics
from .baselines import DEFAULT_PROMPT_LOOKUP, run_baseline_case
from .dataset import EvalCase
from .syntax import check_syntax


@dataclass
class RunConfig:
    ks: list[int] = field(default_factory=lambda: [64])
    mode: str = "model"
    max_tokens: int | None = None
    baselines: int = 0  # cases timed against greedy and HF prompt lookup
    prompt_lookup: int | None = DEFAULT_PROMPT_LOOKUP
    windowing: str = "auto"  # the applier's: auto (windows whenever the snippet anchors), always, never
    constrain_lines: bool = False  # the applier's line-constrained decoding (fastapply/apply/line_constraint.py)
    stop_loops: bool = True  # the applier's loop stop (fastapply/apply/runaway.py)
    fallback: str = DEFAULT_FALLBACK  # auto mode where the merge is unsure (fastapply/apply/unsure.py)

    def __post_init__(self) -> None:
        if self.windowing not in ("auto", "always", "never"):
            raise ValueError(f"windowing must be auto, always or never, got {self.windowing!r}")
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {self.mode!r}")
        if self.fallback not in FALLBACKS:
            raise ValueError(f"fallback must be one of {FALLBACKS}, got {self.fallback!r}")
        if not self.ks or any(k < 0 for k in self.ks):
            raise ValueError(f"k values must be >= 0, got {self.ks}")
        if len(set(self.ks)) != len(self.ks):
            raise ValueError(f"duplicate k values: {self.ks}")
        if self.baselines < 0:
            raise ValueError(f"baselines must be >= 0, got {self.baselines}")
        if self.max_tokens is not None and self.max_tokens < 1:
            raise ValueError(f"max_tokens must be >= 1, got {self.max_tokens}")

    @property
    def primary_k(self) -> int:
        """The k whose rows stand for the run in per-language tables: the largest one swept."""
        return max(self.ks)


def score_case(case: EvalCase, merged: str) -> dict:
    """Quality metrics of one merged file against the expected one."""
    syntax = check_syntax(merged, case.expected, case.language)
    return {
        "exact": metrics.exact_match(merged, case.expected),
        "ws_exact": metrics.whitespace_match(merged, case.expected, case.expected_quality == "gold-ws"),
        "line_sim": round(metrics.line_similarity(merged, case.expected), 4),
        "changed_lines": metrics.changed_line_count(merged, case.expected),
        "syntax_valid": syntax.valid,
        "syntax_errors": syntax.merged_errors,
        "expected_syntax_errors": syntax.expected_errors,
        "leaked_markers": max(0, metrics.count_marker_lines(merged) - metrics.count_marker_lines(case.expected)),
    }


def gold_warning_codes(case: EvalCase) -> list[str] | None:
    """Flags the validator raises on the *expected* file (notes aside): every one is a false alarm.
    None when fastapply.merge is not installed or fails (the harness must not depend on it)."""
    try:
        from fastapply.merge import flags, validate
    except ImportError:
        return None
    language = None if case.language in ("", "unknown") else case.language
    try:
        warnings = validate(case.original, case.snippet, case.expected, language, instruction=case.instruction)
        return sorted({w.code for w in flags(warnings)})
    except Exception:  # noqa: BLE001 - a validator bug must not stop the eval
        return None


def _case_fields(case: EvalCase, k: int) -> dict:
    return {
        "id": case.id,
        "language": case.language,
        "source": case.source_group,
        "variant": case.variant or "none",
        "styles": list(case.styles),
        "k": k,
    }


def run_case(
    applier, case: EvalCase, k: int, config: RunConfig, request_cls, gold_warnings: list[str] | None = None
) -> dict:
    """Apply one case and score it. An exception becomes a failed row, never a crashed run."""
    row = _case_fields(case, k)
    row["gold_warnings"] = gold_warnings
    request = request_cls(
        original=case.original,
        snippet=case.snippet,
        instruction=case.instruction,
        language=case.language,
        path=case.path,
        k=k,
        max_tokens=config.max_tokens,
        mode=config.mode,
        windowing=config.windowing,
        constrain_lines=config.constrain_lines,
        stop_loops=config.stop_loops,
        fallback=config.fallback,
    )
    started = time.perf_counter()
    try:
        result = applier.apply(request)
    except Exception as exc:  # noqa: BLE001 - the row records it; the run goes on
        row.update(
            error=f"{type(exc).__name__}: {exc}",
            traceback=traceback.format_exc(limit=5),
            exact=False,
            ws_exact=False,
            line_sim=0.0,
            syntax_valid=None,
            warnings=[],
            latency_ms=1000.0 * (time.perf_counter() - started),
        )
        return row
    stats = result.stats
    row.update(score_case(case, result.merged))
    row.update(
        error=None,
        mode_used=result.mode_used,
        windowed=bool(getattr(result, "windowed", False)),
        warnings=sorted({w.code for w in flags(result.warnings)}),
        notes=sorted({w.code for w in result.warnings if w not in flags(result.warnings)}),
        output_tokens=stats.output_tokens,
        prompt_tokens=stats.prompt_tokens,
        passes=stats.passes,
        tokens_per_pass=round(stats.tokens_per_pass, 4),
        acceptance_rate=round(stats.acceptance_rate, 4),
        tokens_per_s=round(stats.tokens_per_s, 2),
        e2e_tokens_per_s=round(stats.e2e_tokens_per_s, 2),
        latency_ms=round(stats.latency_ms, 2),
        prefill_ms=round(stats.prefill_ms, 2),
        finish_reason=stats.finish_reason,
        constraint_forced=stats.constraint_forced,
        constraint_gave_up=stats.constraint_gave_up,
        constraint_settled=stats.constraint_settled,
        draft_efficiency=_rounded(metrics.draft_efficiency(stats.decoded_tokens, stats.passes, k)),
        merged=result.merged,
    )
    return row


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def default_request_cls():
    from fastapply.apply.request import ApplyRequest

    return ApplyRequest


def run_eval(
    applier,
    cases: Sequence[EvalCase],
    config: RunConfig,
    request_cls=None,
    progress: bool = True,
    on_row: Callable[[dict], None] | None = None,
) -> tuple[list[dict], list[dict]]:
    """All cases at every k (k values interleaved per case so drift hits each alike), then baselines
    on the first ``config.baselines`` cases. Returns (result rows, baseline rows)."""
    request_cls = request_cls or default_request_cls()
    from tqdm.auto import tqdm

    rows: list[dict] = []
    bar = tqdm(total=len(cases) * len(config.ks), desc="eval", unit="case", disable=not progress, dynamic_ncols=True)
    try:
        for case in cases:
            gold = gold_warning_codes(case)
            for k in config.ks:
                row = run_case(applier, case, k, config, request_cls, gold)
                rows.append(row)
                if on_row:
                    on_row(row)
                bar.update(1)
                bar.set_postfix(_running_postfix(rows), refresh=False)
    finally:
        bar.close()
    baseline_rows: list[dict] = []
    if config.baselines and config.mode != "deterministic":
        subset = list(cases)[: config.baselines]
        for case in tqdm(subset, desc="baselines", unit="case", disable=not progress, dynamic_ncols=True):
            try:
                baseline_rows.append(
                    run_baseline_case(
                        applier, case, config.primary_k, request_cls, config.prompt_lookup, config.max_tokens
                    ).to_dict()
                )
            except Exception as exc:  # noqa: BLE001 - a failing baseline must not lose the main results
                baseline_rows.append({"id": case.id, "error": f"{type(exc).__name__}: {exc}"})
    return rows, baseline_rows


def _running_postfix(rows: list[dict]) -> dict:
    exact = metrics.rate(r.get("exact") for r in rows)
    ws = metrics.rate(r.get("ws_exact") for r in rows)
    tps = metrics.mean(r.get("tokens_per_s") or None for r in rows)
    return {"exact": f"{exact or 0:.0%}", "ws": f"{ws or 0:.0%}", "tok/s": f"{tps or 0:.0f}"}
