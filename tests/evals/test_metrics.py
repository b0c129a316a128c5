"""Metric functions on hand-made pairs, including pairs that must count as mismatches."""

import pytest

from fastapply.evals import metrics
from fastapply.evals.syntax import check_syntax, count_error_nodes, get_parser

EXPECTED = "def f(x):\n    return x + 1\n\n\ndef g():\n    pass\n"


def test_exact_match_is_byte_exact():
    assert metrics.exact_match(EXPECTED, EXPECTED)
    assert not metrics.exact_match(EXPECTED.rstrip("\n"), EXPECTED)  # missing final newline
    assert not metrics.exact_match(EXPECTED.replace("    ", "\t"), EXPECTED)


def test_whitespace_match_forgives_trailing_spaces_and_blank_runs():
    noisy = "def f(x):   \n    return x + 1\r\n\n\n\n\ndef g():\n    pass"
    assert not metrics.exact_match(noisy, EXPECTED)
    assert metrics.whitespace_match(noisy, EXPECTED)


@pytest.mark.parametrize(
    "merged",
    [
        "def f(x):\n    return x + 2\n\n\ndef g():\n    pass\n",  # code change
        "def f(x):\n  return x + 1\n\n\ndef g():\n    pass\n",  # indentation is code
        "def f(x):\n    return x + 1\n\n\ndef g():\n    pass\n    # ... existing code ...\n",  # leaked marker
        "def f(x):\n    return x + 1\n",  # dropped code
        "def f(x):\n    return x + 1\ndef g():\n    pass\n",  # all blank lines between defs removed
    ],
)
def test_whitespace_match_still_catches_real_differences(merged):
    assert not metrics.whitespace_match(merged, EXPECTED)


def test_line_similarity():
    assert metrics.line_similarity(EXPECTED, EXPECTED) == 1.0
    assert metrics.line_similarity("", "") == 1.0
    assert metrics.line_similarity("a\nb\n", "c\nd\n") == 0.0
    one_line_changed = EXPECTED.replace("x + 1", "x + 2")
    assert 0.7 < metrics.line_similarity(one_line_changed, EXPECTED) < 1.0
    assert metrics.line_similarity("a  \nb\n", "a\nb\n") == 1.0  # trailing spaces ignored
    assert metrics.changed_line_count(one_line_changed, EXPECTED) == 1
    assert metrics.changed_line_count(EXPECTED, EXPECTED) == 0


def test_draft_efficiency():
    assert metrics.ideal_passes(130, 64) == 2
    assert metrics.draft_efficiency(130, 2, 64) == 1.0  # perfect draft
    assert metrics.draft_efficiency(100, 2, 64) == 1.0  # a partial last pass is still ideal (ceil)
    assert metrics.draft_efficiency(130, 8, 64) == 0.25
    assert metrics.draft_efficiency(100, 100, 0) == 1.0  # greedy is "perfect" at k=0
    assert metrics.draft_efficiency(0, 0, 64) is None  # deterministic mode: no passes
    with pytest.raises(ValueError):
        metrics.ideal_passes(10, -1)


def test_percentile_and_rates():
    assert metrics.percentile([1, 2, 3, 4], 50) == 2.5
    assert metrics.percentile([5], 95) == 5
    assert metrics.percentile([], 50) is None
    assert metrics.percentile(range(1, 101), 95) == pytest.approx(95.05)
    assert metrics.rate([True, False, None, True]) == pytest.approx(2 / 3)
    assert metrics.rate([None]) is None
    with pytest.raises(ValueError):
        metrics.percentile([1], 101)


@pytest.mark.parametrize(
    "line,is_marker",
    [
        ("// ... existing code ...", True),
        ("    # ... rest of code ...", True),
        ("<!-- ... -->", True),
        ("# ...", True),
        ("... keep existing code ...", True),
        ("    ...", False),  # Python Ellipsis body
        ("x = 1  # ...", False),
        ("print('...')", False),
    ],
)
def test_marker_lines(line, is_marker):
    assert metrics.is_marker_line(line) is is_marker


needs_python_grammar = pytest.mark.skipif(get_parser("python") is None, reason="no tree-sitter grammar for Python")


@needs_python_grammar
def test_syntax_validity_counts_errors_relative_to_expected():
    assert check_syntax(EXPECTED, EXPECTED, "python").valid is True
    broken = EXPECTED.replace("def f(x):", "def f(x:")
    check = check_syntax(broken, EXPECTED, "python")
    assert check.valid is False and check.merged_errors >= 1
    # An expected file that itself fails to parse excuses the same number of errors.
    assert check_syntax(broken, broken, "py").valid is True


def test_syntax_unknown_language_is_unknown_not_invalid():
    assert check_syntax("anything", "anything", "no-such-language").valid is None
    assert count_error_nodes("x", None) is None


def test_gold_ws_cases_are_compared_modulo_indentation_and_blank_lines():
    reindented = "def f(x):\nreturn x + 1\ndef g():\n  pass\n"
    assert not metrics.whitespace_match(reindented, EXPECTED)
    assert metrics.whitespace_match(reindented, EXPECTED, ignore_indentation=True)
    assert not metrics.whitespace_match(reindented.replace("+ 1", "+ 2"), EXPECTED, ignore_indentation=True)
    assert not metrics.whitespace_match("def f(x):\n    return x+1\n", "def f(x):\n    return x + 1\n", True)
