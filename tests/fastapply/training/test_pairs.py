"""Real-edit examples from two releases: grouping, partial application, noise, split, end to end."""

from __future__ import annotations

import random

import pytest

from fastapply.merge import is_marker_line, lazy_merge
from fastapply.training.pairs import (
    PairConfig,
    apply_ops,
    change_groups,
    generate,
    is_noise,
    pair_examples,
    split_of_pair,
)
from fastapply.training.sources import SourceFile
from fastapply.training.synth import line_token_counter


def _lines(text: str) -> list[str]:
    return [ch + "\n" for ch in text.split()]


def test_changes_closer_than_the_gap_form_one_group():
    a, b = _lines("a b c d e"), _lines("a B c d e2 f")
    groups = change_groups(a, b)
    assert len(groups) == 1 and len(groups[0]) == 2
    assert apply_ops(a, b, groups[0]) == b


def test_distant_changes_are_separate_groups_and_apply_alone():
    a = _lines("a b c d e f g h i j k l")
    b = _lines("A b c d e f g h i j k L")
    groups = change_groups(a, b)
    assert len(groups) == 2
    assert apply_ops(a, b, groups[0]) == _lines("A b c d e f g h i j k l")
    assert apply_ops(a, b, groups[1]) == _lines("a b c d e f g h i j k L")


def test_copyright_and_blank_line_changes_are_noise():
    a = ["# Copyright 2019 Someone\n", "\n", "x = 1\n"]
    b = ["# Copyright 2024 Someone\n", "x = 1\n"]
    assert is_noise(a, b, change_groups(a, b)[0])
    assert not is_noise(["x = 1\n"], ["x = 2\n"], change_groups(["x = 1\n"], ["x = 2\n"])[0])


def test_split_ignores_the_python_version_directory():
    def names(version):
        path = f"/opt/py/lib/python3.{version}/json/encoder.py"
        return SourceFile("python", path), SourceFile("python", path), "json/encoder.py"

    splits = {split_of_pair(*names(v), val_permille=500) for v in (9, 10, 12)}
    assert len(splits) == 1  # the same file lands in the same split whichever releases pair it


OLD = "".join(f"def f{i}(x):\n    y = x + {i}\n    return y * 2\n\n\n" for i in range(12))
NEW = OLD.replace("    y = x + 2\n", "    y = x + 2\n    if y > 10:\n        y = 10\n").replace(
    "def f9(x):\n    y = x + 9\n", "def f9(x, scale=1):\n    y = (x + 9) * scale\n"
)


def test_each_example_is_old_with_some_real_changes_and_its_snippet_merges(tokenizer):
    count = line_token_counter(tokenizer)
    cfg = PairConfig(n=10, per_file=2, min_tokens=8, max_groups=1)
    rows = pair_examples(OLD, NEW, "python", random.Random(0), cfg, count, "old -> new")
    assert len(rows) == 2  # two groups (far apart), one example each
    seen, checked = set(), 0
    for row in rows:
        assert row["expected"] != row["original"] and row["edit_kind"] == "release_diff"
        assert row["original"] in OLD  # a crop of the old file
        seen.add("if y > 10" in row["expected"])
        assert ("scale" in row["expected"]) != ("if y > 10" in row["expected"])  # one real change each
        merged = lazy_merge(row["original"], row["snippet"], "python")
        if merged.confident and is_marker_line(row["snippet"].splitlines()[-1]):
            # (a snippet without a trailing marker reads as "the file ends here" to the merge)
            checked += 1
            assert merged.merged == row["expected"]
    assert seen == {True, False} and checked >= 1


def test_generate_pairs_files_by_relative_path_deterministically(tmp_path, tokenizer):
    for name, text in (("old", OLD), ("new", NEW)):
        (tmp_path / name / "pkg").mkdir(parents=True)
        (tmp_path / name / "pkg" / "mod.py").write_text(text)
        (tmp_path / name / "pkg" / "same.py").write_text(OLD)
    (tmp_path / "new" / "pkg" / "only_new.py").write_text(NEW)
    cfg = PairConfig(n=5, min_tokens=8, val_permille=0)
    rows = list(generate(cfg, "python", str(tmp_path / "old"), str(tmp_path / "new"), tokenizer=tokenizer))
    again = list(generate(cfg, "python", str(tmp_path / "old"), str(tmp_path / "new"), tokenizer=tokenizer))
    assert rows and rows == again
    assert all("mod.py -> " in r["source_path"] and r["source_path"].endswith("new/pkg/mod.py") for r in rows)
    held_out = PairConfig(n=5, min_tokens=8, val_permille=0, split="val")
    assert list(generate(held_out, "python", str(tmp_path / "old"), str(tmp_path / "new"), tokenizer=tokenizer)) == []


def test_config_errors_are_value_errors():
    with pytest.raises(ValueError):
        PairConfig(n=0)
    with pytest.raises(ValueError):
        PairConfig(n=1, split="dev")
