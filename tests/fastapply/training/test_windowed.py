"""Window-shaped training examples: the applier's windows, and targets that splice back exactly."""

from __future__ import annotations

import json

from fastapply.merge import splice
from fastapply.training.windowed import expected_windows, main, window_rows


def _function(name: str, body: str) -> str:
    return (
        f"def {name}(x):\n" + "".join(f"    x = x + {i}  # step {i}\n" for i in range(6)) + f"    return {body}\n\n\n"
    )


ORIGINAL = "".join(_function(f"f{i}", "x") for i in range(8))
SNIPPET = "# ... existing code ...\n" + _function("f4", "x * 2").rstrip("\n") + "\n# ... existing code ...\n"
ROW = {
    "id": "py-1",
    "language": "python",
    "original": ORIGINAL,
    "snippet": SNIPPET,
    "expected": ORIGINAL.replace(_function("f4", "x"), _function("f4", "x * 2")),
    "instruction": "double",
}


def test_one_window_per_touched_region_and_it_splices_back():
    rows = window_rows(ROW)
    assert len(rows) == 1
    (row,) = rows
    start, end = row["window"]
    assert 0 < start and end < len(ORIGINAL.splitlines())  # a window, not the file
    assert row["original"] == "".join(ORIGINAL.splitlines(keepends=True)[start:end])
    assert "return x * 2" in row["expected"] and "return x * 2" in row["snippet"]
    assert "# ... existing code ..." in row["snippet"] and row["instruction"] == "double"
    assert splice(ORIGINAL, [(start, end)], [row["expected"]]) == ROW["expected"]


def test_small_file_stays_whole():
    small = {**ROW, "original": _function("f", "x"), "snippet": _function("f", "1"), "expected": _function("f", "1")}
    assert window_rows(small) == [small]


def test_edit_outside_the_windows_is_dropped():
    # The expected file also changes f0, which the snippet never shows: no window target exists.
    row = {**ROW, "expected": ROW["expected"].replace("def f0(", "def g0(")}
    assert window_rows(row) == []


def test_expected_windows_needs_unambiguous_gaps():
    assert expected_windows("a\nb\nc\nd\n", "a\nB\nc\nD\n", [(1, 2), (3, 4)]) == ["B\n", "D\n"]
    # The gap "c" occurs twice in the target: where window 1 ends is a guess, so no example.
    assert expected_windows("a\nb\nc\nd\n", "a\nc\nc\nD\n", [(1, 2), (3, 4)]) is None
    assert expected_windows("a\nb\n", "x\nb\n", [(1, 2)]) is None  # the head changed


def test_cli_counts(tmp_path, capsys):
    data, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    data.write_text(json.dumps(ROW) + "\n")
    assert main(["--data", str(data), "--out", str(out)]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert counts == {"rows": 1, "whole_file": 0, "windowed": 1, "windows": 1, "dropped": 0}
    assert len(out.read_text().splitlines()) == 1
