import json

import pytest

from fastapply.evals.dataset import SMOKE_PATH, EvalCase, load_cases, parse_case

GOOD = {"id": "a", "language": "python", "original": "x = 1\n", "snippet": "x = 2\n", "expected": "x = 2\n"}


def write_rows(path, lines):
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_malformed_rows_are_reported_and_skipped(tmp_path):
    path = write_rows(
        tmp_path / "d.jsonl",
        [
            json.dumps(GOOD),
            "{not json",
            json.dumps({**GOOD, "id": "b", "expected": None}),  # missing target
            json.dumps([1, 2]),  # not an object
            json.dumps({**GOOD, "id": "c", "language": 3}),  # wrong type
            json.dumps({**GOOD, "id": "a"}),  # duplicate id
            "",
            json.dumps({**GOOD, "id": "d", "license": "MIT", "n_hunks": 2, "source": "o/r@abc:f.py"}),
        ],
    )
    cases, errors = load_cases(path)
    assert [c.id for c in cases] == ["a", "d"]
    assert [e.line_no for e in errors] == [2, 3, 4, 5, 6]
    assert "expected" in errors[1].reason and "duplicate" in errors[4].reason
    assert cases[1].source_group == "o/r"
    assert cases[0].source_group == "fixture" and cases[0].instruction == ""


def test_limit_and_missing_file(tmp_path):
    path = write_rows(tmp_path / "d.jsonl", [json.dumps({**GOOD, "id": str(i)}) for i in range(5)])
    assert len(load_cases(path, limit=2)[0]) == 2
    with pytest.raises(ValueError):
        load_cases(tmp_path / "missing.jsonl")


def test_every_spreads_the_sample_before_the_limit(tmp_path):
    rows = [json.dumps({**GOOD, "id": str(i)}) for i in range(7)]
    path = write_rows(tmp_path / "d.jsonl", rows[:3] + ["{broken"] + rows[3:])
    cases, errors = load_cases(path, every=3)
    assert [c.id for c in cases] == ["0", "3", "6"] and len(errors) == 1  # broken rows don't shift it
    assert [c.id for c in load_cases(path, every=3, limit=2)[0]] == ["0", "3"]
    with pytest.raises(ValueError):
        load_cases(path, every=0)


def test_fixture_variant_groups_as_fixture():
    case = EvalCase(
        id="x",
        language="js",
        original="",
        snippet="",
        expected="",
        source="continuedev/continue@abc:core/x.diff",
        variant="fixture",
    )
    assert case.source_group == "fixture"


def test_builtin_smoke_set_is_wellformed():
    cases, errors = load_cases(SMOKE_PATH)
    assert not errors and len(cases) >= 5
    assert {"python", "javascript", "go", "rust", "java"} <= {c.language for c in cases}
    assert all(c.original != c.expected for c in cases)


def test_expected_quality_decides_how_whitespace_is_scored():
    from fastapply.evals.runner import score_case

    shifted = "class A {\nrun() {}\n}\n"
    row = {**GOOD, "original": "class A {\n}\n", "snippet": shifted, "expected": "class A {\n  run() {}\n}\n"}
    gold = parse_case(row)
    loose = parse_case({**row, "expected_quality": "gold-ws"})
    assert gold.expected_quality == "gold" and loose.expected_quality == "gold-ws"
    assert not score_case(gold, shifted)["ws_exact"]
    assert score_case(loose, shifted)["ws_exact"] and not score_case(loose, shifted)["exact"]
    with pytest.raises(ValueError):
        parse_case({**row, "expected_quality": 3})
