"""Toy source files: deterministic, parseable, editable by the generator's edit kinds."""

from __future__ import annotations

import os

import pytest

from fastapply.training.compose import apply_reps, choose_edit, make_ctx
from fastapply.training.edits import DonorPool
from fastapply.training.snippets import is_marker_line
from fastapply.training.syntax import parse
from fastapply.training.toyfiles import MAKERS, main, write_files


def _read(paths):
    return {os.path.basename(p): open(p, encoding="utf-8").read() for p in paths}


def test_same_seed_same_bytes(tmp_path):
    a = _read(write_files(str(tmp_path / "a"), 6, seed=3))
    b = _read(write_files(str(tmp_path / "b"), 6, seed=3))
    c = _read(write_files(str(tmp_path / "c"), 6, seed=4))
    assert len(a) == 6 * len(MAKERS) and a == b
    assert list(a.values()) != list(c.values())


@pytest.mark.parametrize("lang", sorted(MAKERS))
def test_files_parse_into_sibling_functions_the_edit_kinds_can_use(tmp_path, lang):
    documented = moved = 0
    for path in write_files(str(tmp_path), 12, seed=0, languages=(lang,)):
        text = open(path, encoding="utf-8").read()
        assert not any(is_marker_line(ln) for ln in text.splitlines())
        info = parse(text, lang)
        assert not info.tree.root_node.has_error, text
        assert len(info.funcs()) >= 3, text
        for kind in ("add_doc_comments", "move_function"):
            op = choose_edit(make_ctx(info, ("toy", path, kind), DonorPool()), kind)
            assert op is not None and op.kind == kind, (kind, text)
            merged = "".join(apply_reps(info.lines, op.reps))
            assert merged != text and not parse(merged, lang).tree.root_node.has_error
            documented += kind == "add_doc_comments"
            moved += kind == "move_function"
    assert documented == moved == 12


def test_bad_arguments(tmp_path, capsys):
    with pytest.raises(ValueError):
        write_files(str(tmp_path), 3, seed=0, languages=("cobol",))
    with pytest.raises(ValueError):
        write_files(str(tmp_path), 0, seed=0)
    with pytest.raises(SystemExit) as e:
        main(["--out-dir", str(tmp_path), "--n", "2", "--languages", "cobol"])
    assert e.value.code == 2 and "cobol" in capsys.readouterr().err
    assert main(["--out-dir", str(tmp_path / "ok"), "--n", "2", "--languages", "python"]) == 0
    assert sorted(os.listdir(tmp_path / "ok" / "python")) == ["toy0_00000.py", "toy0_00001.py"]
