"""One edit, without the protocol: what is written, what is refused, and what the agent reads."""

from __future__ import annotations

import doctest
import os
from pathlib import Path

import pytest

from fastapply import files
from fastapply.mcp import allowed, edit
from fastapply.mcp.allowed import EditError, resolve_target, shown
from fastapply.mcp.backends import InProcess, ModelChoice
from fastapply.mcp.edit import Answer, EditRefused, cap_diff, edit_file
from fastapply.merge import ApplyWarning

from .conftest import CALC, LONG, SWAP, SWAPPED, UNANCHORED

apply = InProcess()


def test_a_crlf_file_stays_crlf_and_keeps_its_mode(tmp_path):
    target = tmp_path / "calc.py"
    target.write_bytes(CALC.replace("\n", "\r\n").encode())
    target.chmod(0o751)
    report = edit_file(target, "calc.py", "", SWAP, apply)
    assert report.written and (report.added, report.removed, report.hunks) == (1, 1, 1)
    assert target.read_bytes() == SWAPPED.replace("\n", "\r\n").encode()
    assert target.stat().st_mode & 0o777 == 0o751
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calc.py"]  # no temporary file left


def test_a_result_that_mixes_line_endings_into_a_crlf_file_is_normalised(tmp_path):
    target = tmp_path / "calc.py"
    target.write_bytes(b"a = 1\r\nb = 2\r\n")
    edit_file(target, "calc.py", "", "", lambda _: Answer("a = 1\r\nb = 3\nc = 4\n", [], "model"))
    assert target.read_bytes() == b"a = 1\r\nb = 3\r\nc = 4\r\n"


def test_a_flagged_result_is_refused_with_its_diff_and_allow_flagged_writes_it(tmp_path):
    target = tmp_path / "long.py"
    target.write_text(LONG)
    with pytest.raises(EditRefused) as refused:
        edit_file(target, "long.py", "", UNANCHORED, apply)
    report = refused.value.report
    assert report.refused and not report.written and "unsure_merge" in [w.code for w in report.flags()]
    assert str(refused.value).startswith("Not applied: the merged file for long.py was flagged")
    assert target.read_text() == LONG and sorted(p.name for p in tmp_path.iterdir()) == ["long.py"]
    forced = edit_file(target, "long.py", "", UNANCHORED, apply, allow_flagged=True)
    assert forced.written and target.read_text().startswith("this chunk anchors nowhere\n")


def test_an_incomplete_answer_is_refused_even_without_warnings(tmp_path):
    target = tmp_path / "calc.py"
    target.write_text(CALC)
    with pytest.raises(EditRefused, match="truncated"):
        edit_file(target, "calc.py", "", SWAP, lambda _: Answer(SWAPPED, [], "model", complete=False))
    assert target.read_text() == CALC


def test_notes_go_with_a_written_result(tmp_path):
    target = tmp_path / "calc.py"
    target.write_text(CALC)
    note = ApplyWarning("inferred_deletion", "the snippet drops add", (1,), "note")
    report = edit_file(target, "calc.py", "", SWAP, lambda _: Answer(SWAPPED, [note], "deterministic"))
    assert report.written and "note: inferred_deletion: the snippet drops add" in report.text()


def test_a_dry_run_and_an_unchanged_result_write_nothing(tmp_path):
    target = tmp_path / "calc.py"
    target.write_text(CALC)
    before = target.stat().st_mtime_ns
    dry = edit_file(target, "calc.py", "", SWAP, apply, dry_run=True)
    assert dry.dry_run and not dry.written and dry.added == 1
    same = edit_file(target, "calc.py", "", SWAP, lambda _: Answer(CALC, [], "deterministic"))
    assert not same.written and same.text().startswith("No change: the edit leaves calc.py as it is")
    assert target.stat().st_mtime_ns == before


def test_a_file_changed_while_the_edit_ran_is_not_overwritten(tmp_path):
    target = tmp_path / "calc.py"
    target.write_text(CALC)

    def racing(request):
        target.write_text("# someone else's change\n" + CALC)
        return apply(request)

    with pytest.raises(EditError, match="changed on disk while the edit was applied"):
        edit_file(target, "calc.py", "", SWAP, racing)
    assert target.read_text() == "# someone else's change\n" + CALC


def test_a_write_that_fails_is_a_clear_error_and_leaves_the_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "calc.py"
    target.write_text(CALC)

    def disk_full(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)  # the rename: the last step of write_atomic
    with pytest.raises(EditError, match="cannot write calc.py: No space left on device"):
        edit_file(target, "calc.py", "", SWAP, apply)
    assert target.read_text() == CALC and sorted(p.name for p in tmp_path.iterdir()) == ["calc.py"]


def test_a_model_that_cannot_load_is_an_edit_error(tmp_path):
    target = tmp_path / "calc.py"
    target.write_text(CALC)
    no_model = InProcess(mode="model", model=ModelChoice(model=str(tmp_path / "no-such-model")))
    with pytest.raises(EditError, match="the model could not be loaded"):
        edit_file(target, "calc.py", "", SWAP, no_model)
    assert target.read_text() == CALC


def test_long_diffs_are_capped():
    diff = "".join(f"+line {i}\n" for i in range(500))
    capped = cap_diff(diff, 200)
    assert capped.count("\n") == 201 and capped.endswith("... 300 more diff line(s) not shown\n")
    assert cap_diff(diff, 500) == diff


def test_paths_resolve_inside_the_allowed_directories(tmp_path):
    real, link = tmp_path / "real", tmp_path / "link"
    real.mkdir()
    link.symlink_to(real, target_is_directory=True)
    (real / "a.py").write_text("x\n")
    allowed = [real.resolve()]
    assert resolve_target(str(link / "a.py"), allowed) == real.resolve() / "a.py"  # through a link into it
    assert resolve_target("sub/../a.py", allowed) == real.resolve() / "a.py"
    assert shown(real.resolve() / "a.py", allowed) == "a.py"
    for path in (str(tmp_path / "other.py"), "../other.py", "/", "a\x00.py", " "):
        with pytest.raises(EditError):
            resolve_target(path, allowed)
    with pytest.raises(EditError, match="no allowed directories"):
        resolve_target("a.py", [])
    assert not Path(tmp_path / "other.py").exists()


def test_the_worked_examples():
    for module in (allowed, edit, files):
        assert doctest.testmod(module).failed == 0, module.__name__
