"""The agent-style benchmark: stored soundly, loadable by the harness, and the merge's confidence on it."""

import json
from collections import Counter

import pytest

from fastapply.evals import agentbench
from fastapply.evals.calibration import judge, summarize
from fastapply.evals.dataset import load_cases


@pytest.fixture(scope="module")
def rows():
    return agentbench.load()


def test_the_shipped_benchmark_is_sound(rows):
    assert agentbench.check() == []
    languages = Counter(r["language"] for r in rows)
    assert len(rows) >= 200 and len(languages) >= 12
    assert sum(r["author"] == "hand" for r in rows) >= 100
    assert all(r["license"] and r["source"] for r in rows)


@pytest.mark.parametrize("expected", ["a\nb\nc\n", "a\nB\nc\nd\n", "c\n", "a\nb\nc", "", "x\na\nb\nc\n"])
def test_patches_round_trip(expected):
    original = "a\nb\nc\n"
    assert agentbench.apply_patch(original, agentbench.make_patch(original, expected)) == expected


def test_a_patch_that_does_not_fit_is_refused():
    patch = agentbench.make_patch("a\nb\n", "a\nc\n")
    with pytest.raises(ValueError):
        agentbench.apply_patch("x\nb\n", patch)


def test_add_and_load_a_case(tmp_path):
    source = tmp_path / "m.lua"
    source.write_text("local M = {}\n\nfunction M.add(a, b)\n  return a + b\nend\n\nreturn M\n")
    bench = tmp_path / "bench"
    agentbench.add_source(str(source), "lua/m.lua", "example", "MIT", bench)
    expected, snippet = tmp_path / "e.lua", tmp_path / "s.txt"
    expected.write_text(source.read_text().replace("a + b", "b + a"))
    snippet.write_text("function M.add(a, b)\n  return b + a\nend\n")
    agentbench.add_case("lua/m.lua", str(expected), str(snippet), "lua-m-swap", ["no-marker"], "swap", bench=bench)
    with pytest.raises(ValueError):
        agentbench.add_case("lua/m.lua", str(expected), str(snippet), "lua-m-swap", ["lazy"], "again", bench=bench)
    cases, errors = load_cases(bench)
    assert not errors and cases[0].styles == ("no-marker",) and cases[0].expected == expected.read_text()
    assert json.loads((bench / "sources" / "lua" / "sources.json").read_text())["lua/m.lua"]["license"] == "MIT"


def test_the_merges_confidence_on_the_benchmark(rows):
    # The deterministic merge alone, as auto mode uses it before any model: how many it answers
    # right without help, and how many wrong answers it would serve unflagged. Lower bounds
    # measured when the benchmark was built; a change that loses ground fails here.
    cases, _ = load_cases(agentbench.BENCH_DIR)
    summary = summarize([judge(case) for case in cases])
    assert summary["answered_right"] >= 160
    assert summary["wrong_unflagged"] <= 20
    diff = summarize([judge(c) for c in cases if c.variant in ("diff", "diff-mixed")])
    assert diff["answered_right"] >= 0.95 * diff["cases"]


def test_the_sources_notice_is_current():
    # evals/agent_bench/SOURCES.md is generated: `python -m fastapply.evals.agentbench notice`
    assert (agentbench.BENCH_DIR / "SOURCES.md").read_text(encoding="utf-8") == agentbench.notice()


def test_a_crlf_source_keeps_its_line_ends_in_the_case(tmp_path):
    source = tmp_path / "m.cs"
    source.write_bytes(b"class M {\r\n  int A() => 1;\r\n}\r\n")
    bench = tmp_path / "bench"
    agentbench.add_source(str(source), "csharp/m.cs", "example", "MIT", bench)
    expected, snippet = tmp_path / "e.cs", tmp_path / "s.txt"
    expected.write_bytes(b"class M {\r\n  int A() => 2;\r\n}\r\n")
    snippet.write_text("  int A() => 2;\n")
    agentbench.add_case("csharp/m.cs", str(expected), str(snippet), "csharp-m-two", ["no-marker"], "two", bench=bench)
    (row,) = agentbench.load(bench)
    assert row["original"] == "class M {\r\n  int A() => 1;\r\n}\r\n"
    assert row["expected"] == "class M {\r\n  int A() => 2;\r\n}\r\n"


SEALED = sorted((agentbench.BENCH_DIR.parent / "sealed").glob("r*"))


@pytest.mark.parametrize("bench", SEALED, ids=[path.name for path in SEALED])
def test_each_sealed_round_is_sound_and_its_notice_current(bench):
    assert agentbench.check(bench) == []
    body = (bench / "SOURCES.md").read_text(encoding="utf-8").split("\n", 1)[1]  # (its title may name the round)
    assert body == agentbench.notice(bench).split("\n", 1)[1]
