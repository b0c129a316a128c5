"""RunawayGuard: the policy that ends an output once it loops past what its inputs hold."""

import pytest

from fastapply.apply.runaway import RunawayGuard, RunawaySlack, line_budget

VOCAB = {1: "}\n", 2: "x = 1\n", 3: "\n", 4: "y", 5: "  }  \n", 6: "new()\n"}


def guard(lines=("}", "x = 1", "}"), **slack):
    return RunawayGuard(lines, VOCAB.__getitem__, RunawaySlack(**slack))


def push_all(g, tokens):
    return [g.push(t) for t in tokens]


def test_docstring_example_a_line_held_twice_may_be_written_four_times():
    g = guard()
    assert push_all(g, [1, 5, 1, 5]) == [False] * 4  # whitespace does not matter
    assert g.push(1) and g.tripped == "repeated line"


def test_a_near_miss_is_left_alone():
    g = guard(repeats=1)
    assert not any(push_all(g, [2, 2, 1, 1, 1]))  # each line once more than the inputs hold it
    assert g.push(2)


def test_a_line_in_neither_input_may_be_written_slack_times():
    g = guard(repeats=2)
    assert push_all(g, [6, 6, 6]) == [False, False, True]


def test_blank_lines_beyond_the_inputs_longest_run():
    g = guard(lines=("a", "", "", "b"), blank_lines=1)  # the inputs have 2 blank lines in a row
    assert push_all(g, [3, 3, 3, 3]) == [False, False, False, True]
    g = guard(lines=("a", "", "", "b"), blank_lines=1)
    assert not any(push_all(g, [3, 3, 3, 2, 3, 3, 3]))  # a line in between starts a new run


def test_a_line_that_never_ends():
    g = guard(lines=("abc",), line_chars=2)  # at most 5 characters
    assert push_all(g, [4] * 6) == [False] * 5 + [True]
    assert g.tripped == "line too long"


def test_slack_must_not_be_negative():
    with pytest.raises(ValueError, match="slack"):
        RunawaySlack(repeats=-1)


def test_line_budget_counts_normalised_non_blank_lines():
    assert line_budget(["  a  b", "a b", "", "   "]) == {"a b": 2}
