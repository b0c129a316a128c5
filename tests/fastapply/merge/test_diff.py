import pytest

from fastapply.merge import unified_diff


def test_diff_round_trip_counts():
    original = "a\nb\nc\nd\n"
    merged = "a\nB\nc\nd\ne\n"
    result = unified_diff(original, merged, path="x.py")
    assert result.text.startswith("--- a/x.py\n+++ b/x.py\n")
    assert (result.hunks, result.added, result.removed) == (1, 2, 1)


def test_diff_of_equal_files_is_empty():
    assert unified_diff("same\n", "same\n").text == ""


def test_diff_handles_missing_final_newline():
    result = unified_diff("a\nb", "a\nb\nc")
    assert "\\ No newline at end of file" in result.text
    assert (result.added, result.removed) == (2, 1)


def test_diff_splits_far_changes_into_hunks():
    original = "".join(f"line{i}\n" for i in range(40))
    merged = original.replace("line2\n", "two\n").replace("line35\n", "thirty-five\n")
    assert unified_diff(original, merged).hunks == 2


def test_negative_context_is_a_config_error():
    with pytest.raises(ValueError):
        unified_diff("a\n", "b\n", context=-1)
