"""One eval run end to end: dataset -> applier -> rows -> summary -> files on disk."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .aggregate import summarize
from .dataset import SMOKE_PATH, load_cases
from .report import render_report, save_run
from .runner import RunConfig, run_eval


def parse_ks(text: str) -> list[int]:
    """ "64" -> [64]; "8,16,64" -> [0, 8, 16, 64]: a sweep always includes k=0 so that its speedups
    are measured against plain greedy in the same run."""
    try:
        ks = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise ValueError(f"--k must be integers separated by commas, got {text!r}") from None
    if not ks or any(k < 0 for k in ks):
        raise ValueError(f"--k values must be >= 0, got {text!r}")
    if len(ks) > 1 and 0 not in ks:
        ks.insert(0, 0)
    return ks


@dataclass
class EvalOutcome:
    out_dir: Path
    summary: dict
    rows: list[dict]
    baseline_rows: list[dict]
    report_path: Path


def default_out_dir() -> Path:
    return Path("runs") / datetime.now().strftime("eval-%Y%m%d-%H%M%S")


def _device_of(applier) -> str:
    try:
        return str(next(applier.engine.model.parameters()).device)
    except Exception:  # noqa: BLE001 - only a label for the report
        return "unknown"


PARTIAL_FILE = "results.partial.jsonl"


def _finished_rows(partial: Path, ks: list[int]) -> dict[str, list[dict]]:
    """Rows of a cut-short run by case id, for the cases that finished at every k."""
    rows: dict[str, list[dict]] = {}
    if partial.is_file():
        for line in partial.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # the line being written when the run was killed
            rows.setdefault(row["id"], []).append(row)
    return {cid: rs for cid, rs in rows.items() if {r["k"] for r in rs} >= set(ks)}


def evaluate(
    data: str | Path | None = None,
    *,
    applier=None,
    model: str | None = None,
    device: str | None = None,
    dtype: str | None = None,
    config: RunConfig | None = None,
    limit: int | None = None,
    every: int = 1,
    adapter: str | None = None,
    out_dir: str | Path | None = None,
    progress: bool = True,
    plots: bool = True,
    request_cls=None,
    resume: bool = False,
) -> EvalOutcome:
    """Run ``data`` (default: the built-in smoke set) through an Applier and write the run to ``out_dir``.

    Pass ``applier`` to reuse a loaded one (and ``request_cls`` with it when it is not the real
    engine); otherwise ``Applier.load(model, device, dtype)`` is called. Every finished row is
    appended to ``results.partial.jsonl`` at once, so a run cut short keeps its work: ``resume``
    skips the cases found there (hours of CPU for a full model-mode run).
    """
    config = config or RunConfig()
    data_path = Path(data) if data else SMOKE_PATH
    cases, skipped = load_cases(data_path, limit=limit, every=every)
    if not cases:
        raise ValueError(f"no usable cases in {data_path} ({len(skipped)} malformed rows)")
    if applier is None and config.mode == "deterministic":
        from fastapply.apply.deterministic import DeterministicApplier

        applier = DeterministicApplier()  # no model needed: skip loading one
    elif applier is None:
        from fastapply.apply.applier import Applier

        applier = Applier.load(model=model, device=device, dtype=dtype, adapter=adapter)
    out = Path(out_dir) if out_dir else default_out_dir()
    out.mkdir(parents=True, exist_ok=True)
    partial = out / PARTIAL_FILE
    done = _finished_rows(partial, config.ks) if resume else {}
    with partial.open("a" if resume else "w", encoding="utf-8") as sink:

        def keep(row: dict) -> None:
            sink.write(json.dumps(row, ensure_ascii=False) + "\n")
            sink.flush()

        started = datetime.now(UTC)
        clock = time.perf_counter()
        todo = [c for c in cases if c.id not in done]
        new_rows, baseline_rows = run_eval(
            applier, todo, config, request_cls=request_cls, progress=progress, on_row=keep
        )
    fresh: dict[str, list[dict]] = {}
    for row in new_rows:
        fresh.setdefault(row["id"], []).append(row)
    rows = [row for c in cases for row in (done.get(c.id) or fresh.get(c.id, []))]
    run_config = {
        "data": str(data_path),
        "model": model or "default",
        "mode": config.mode,
        "ks": config.ks,
        "windowing": config.windowing,
        "primary_k": config.primary_k,
        "limit": limit,
        "every": every,
        "adapter": adapter or os.environ.get("FASTAPPLY_ADAPTER") or "default",
        "baselines": config.baselines,
        "prompt_lookup": config.prompt_lookup,
        "max_tokens": config.max_tokens,
        "device": _device_of(applier),
        "started": started.isoformat(timespec="seconds"),
        "wall_s": round(time.perf_counter() - clock, 2),
        "cases": len(cases),
        "resumed_cases": len(done),
    }
    summary = summarize(rows, baseline_rows, run_config, [str(s) for s in skipped])
    save_run(out, rows, baseline_rows, summary)
    partial.unlink(missing_ok=True)
    report_path = render_report(out, with_plots=plots)
    return EvalOutcome(out, summary, rows, baseline_rows, report_path)
