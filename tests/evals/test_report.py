"""Runner -> summary -> report files, driven by a scripted stand-in for the Applier.

The stand-in only exercises the harness's bookkeeping and rendering; it says nothing about the
engine's accuracy or speed (those come from real runs).
"""

import json
from dataclasses import dataclass

import pytest

from fastapply.engine.stats import Stats
from fastapply.evals.aggregate import summarize
from fastapply.evals.cli import main
from fastapply.evals.compare import compare_runs
from fastapply.evals.dataset import EvalCase
from fastapply.evals.pipeline import evaluate, parse_ks
from fastapply.evals.report import load_run, render_report, save_run
from fastapply.evals.runner import RunConfig, run_eval


@dataclass
class Request:
    original: str
    snippet: str
    instruction: str
    language: str | None
    k: int
    max_tokens: int | None
    mode: str
    path: str | None = None
    windowing: str = "auto"
    constrain_lines: bool = False
    stop_loops: bool = True
    fallback: str = "candidates"


@dataclass
class Warning_:
    code: str
    severity: str = "flag"


@dataclass
class Result:
    merged: str
    mode_used: str
    windowed: bool
    warnings: list
    stats: Stats


class ScriptedApplier:
    """Answers from a table: case original -> merged text; raises for originals marked 'boom'."""

    def __init__(self, answers):
        self.answers = answers

    def apply(self, req):
        merged = self.answers[req.original]
        if merged == "boom":
            raise RuntimeError("engine exploded")
        tokens = len(merged.split())
        passes = max(1, tokens // (req.k + 1)) if req.k else tokens
        stats = Stats(
            output_tokens=tokens,
            passes=passes,
            drafted_tokens=passes * req.k,
            accepted_tokens=max(0, tokens - passes),
            decode_ms=10.0 + passes,
            latency_ms=12.0 + passes,
            k_max=req.k,
        )
        warnings = [Warning_("marker_leak")] if "existing code" in merged else []
        return Result(merged, "model", False, warnings, stats)


CASES = [
    EvalCase("py-ok", "python", "def f():\n    return 1\n", "def f():\n    return 2\n", "def f():\n    return 2\n"),
    EvalCase("py-ws", "python", "x = 1\n", "x = 2\n", "x = 2\n", source="acme/a@1:x.py", variant="context3"),
    EvalCase(
        "go-bad",
        "go",
        "package a\n",
        "// ...\n",
        "package a\n\nvar X = 1\n",
        source="acme/b@2:a.go",
        variant="function",
    ),
    EvalCase("js-err", "javascript", "let a = 1;\n", "let a = 2;\n", "let a = 2;\n"),
]
ANSWERS = {
    "def f():\n    return 1\n": "def f():\n    return 2\n",
    "x = 1\n": "x = 2   \n\n\n",
    "package a\n": "package a\n// ... existing code ...\n",
    "let a = 1;\n": "boom",
}


@pytest.fixture()
def run_dir(tmp_path):
    rows, baseline_rows = run_eval(
        ScriptedApplier(ANSWERS), CASES, RunConfig(ks=[0, 8, 64]), request_cls=Request, progress=False
    )
    summary = summarize(
        rows, baseline_rows, {"data": "cases", "ks": [0, 8, 64], "primary_k": 64, "mode": "model"}, ["line 9: bad"]
    )
    save_run(tmp_path / "run", rows, baseline_rows, summary)
    render_report(tmp_path / "run")
    return tmp_path / "run"


def test_rows_and_summary(run_dir):
    summary, rows, _ = load_run(run_dir)
    assert len(rows) == 12
    by_id = {r["id"]: r for r in rows if r["k"] == 64}
    assert by_id["py-ok"]["exact"] and by_id["py-ok"]["syntax_valid"] in (True, None)
    assert not by_id["py-ws"]["exact"] and by_id["py-ws"]["ws_exact"]
    assert not by_id["go-bad"]["ws_exact"] and by_id["go-bad"]["warnings"] == ["marker_leak"]
    assert by_id["go-bad"]["leaked_markers"] == 1
    assert by_id["js-err"]["error"].startswith("RuntimeError") and by_id["js-err"]["exact"] is False
    overall = summary["overall"]
    assert overall["cases"] == 4 and overall["errors"] == 1
    assert overall["exact"] == 0.25 and overall["ws_exact"] == 0.5
    assert overall["warnings"] == {"marker_leak": 1}
    assert set(summary["by_language"]) == {"python", "go", "javascript"}
    assert set(summary["by_source"]) == {"fixture", "acme/a", "acme/b"}
    assert summary["by_k"]["0"]["draft_efficiency"] == 1.0
    # speed on the cases it got right only (py-ok: 4 tokens, py-ws: 3 tokens, one pass each at k=64)
    assert summary["by_k"]["64"]["tokens_per_pass_right"] == 3.5
    assert summary["speedup_vs_k"]["0"] == 1.0 and summary["speedup_vs_k"]["64"] > 1.0


def test_report_files(run_dir):
    for name in (
        "results.jsonl",
        "baselines.jsonl",
        "summary.json",
        "report.md",
        "plots/tokens_per_pass.png",
        "plots/accuracy_by_language.png",
        "plots/speedup_vs_k.png",
    ):
        assert (run_dir / name).is_file(), name
    md = (run_dir / "report.md").read_text()
    assert "| language | cases | exact | ws-exact |" in md
    assert "| python | 2 | 50.0% | 100.0% |" in md
    assert "## By k" in md and "go-bad" in md and "line 9: bad" in md
    assert (run_dir / "plots/tokens_per_pass.png").read_bytes()[:4] == b"\x89PNG"


def test_cli_report_and_compare(run_dir, tmp_path, capsys):
    (run_dir / "report.md").unlink()
    assert main(["report", str(run_dir), "--no-plots"]) == 0
    assert (run_dir / "report.md").is_file()
    other = tmp_path / "other"
    other.mkdir()
    summary = json.loads((run_dir / "summary.json").read_text())
    summary["overall"]["exact"] = 0.5
    (other / "summary.json").write_text(json.dumps(summary))
    rows = [json.loads(line) for line in (run_dir / "results.jsonl").read_text().splitlines()]
    for row in rows:
        row["exact"] = row["id"] == "py-ws"  # py-ok breaks, py-ws gets fixed
    (other / "results.jsonl").write_text("\n".join(json.dumps(r) for r in rows))
    text = compare_runs(run_dir, other)
    assert "| exact | 25.0% | 50.0% | +25.0 pp |" in text
    assert "fixed in B (3): py-ws (k=0), py-ws (k=8), py-ws (k=64)" in text
    assert "broken in B (3): py-ok (k=0), py-ok (k=8), py-ok (k=64)" in text
    assert main(["compare", str(run_dir), str(other), "--out", str(tmp_path / "cmp.md")]) == 0
    assert (tmp_path / "cmp.md").read_text() == text


def test_evaluate_end_to_end_with_scripted_applier(tmp_path):
    data = tmp_path / "data.jsonl"
    data.write_text("\n".join([json.dumps(c.to_dict()) for c in CASES[:2]] + ["{broken"]) + "\n")
    outcome = evaluate(
        data,
        applier=ScriptedApplier(ANSWERS),
        request_cls=Request,
        config=RunConfig(ks=[64]),
        out_dir=tmp_path / "run",
        progress=False,
        plots=False,
    )
    assert outcome.summary["overall"]["cases"] == 2
    assert len(outcome.summary["skipped_rows"]) == 1 and outcome.summary["skipped_rows"][0].startswith("line 3:")
    assert outcome.report_path.is_file()


class CountingApplier(ScriptedApplier):
    def __init__(self, answers):
        super().__init__(answers)
        self.seen = []

    def apply(self, req):
        self.seen.append(req.original)
        return super().apply(req)


def test_a_cut_short_run_resumes_without_redoing_finished_cases(tmp_path):
    data = tmp_path / "data.jsonl"
    data.write_text("\n".join(json.dumps(c.to_dict()) for c in CASES[:3]) + "\n")
    run = tmp_path / "run"
    first = CountingApplier(ANSWERS)
    evaluate(
        data, applier=first, request_cls=Request, config=RunConfig(ks=[64]), out_dir=run, progress=False, plots=False
    )
    assert not (run / "results.partial.jsonl").exists()  # a finished run leaves no partial file
    rows = (run / "results.jsonl").read_text().splitlines()
    # Simulate a kill after the first case: only its row (and a torn line) reached the partial file.
    (run / "results.partial.jsonl").write_text(rows[0] + "\n" + rows[1][:20])
    second = CountingApplier(ANSWERS)
    outcome = evaluate(
        data,
        applier=second,
        request_cls=Request,
        config=RunConfig(ks=[64]),
        out_dir=run,
        progress=False,
        plots=False,
        resume=True,
    )
    assert second.seen == [CASES[1].original, CASES[2].original]  # case 0 was not run again
    assert [r["id"] for r in outcome.rows] == [c.id for c in CASES[:3]]
    assert outcome.summary["config"]["resumed_cases"] == 1 and outcome.summary["overall"]["cases"] == 3


def test_bad_config_is_a_value_error(capsys):
    with pytest.raises(ValueError):
        RunConfig(mode="fast")
    with pytest.raises(ValueError):
        RunConfig(ks=[-1])
    assert parse_ks("8,16,64") == [0, 8, 16, 64] and parse_ks("64") == [64]
    assert main(["--k", "eight"]) == 2
    assert main(["report", "/nonexistent/run"]) == 2
    assert "error" in capsys.readouterr().err
