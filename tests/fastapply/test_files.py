import os

import pytest

from fastapply.files import InputFileError, flagged_path, read_text_file, write_atomic, write_result


def test_write_atomic_leaves_the_old_file_whole_when_the_rename_fails(tmp_path, monkeypatch):
    target = tmp_path / "f.py"
    target.write_text("old\n")

    def fail(*_):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        write_atomic(target, "new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["f.py"]  # the temporary file is removed


def test_write_atomic_keeps_crlf_and_mode(tmp_path):
    target = tmp_path / "f.bat"
    target.write_bytes(b"a\r\n")
    target.chmod(0o700)
    write_atomic(target, "b\r\nc\r\n")
    assert target.read_bytes() == b"b\r\nc\r\n" and target.stat().st_mode & 0o777 == 0o700


def test_write_result_puts_a_flagged_file_beside_an_existing_one(tmp_path):
    target = tmp_path / "f.py"
    assert write_result(target, "new\n", flagged=True, allow_flagged=False) == target  # nothing to protect yet
    assert write_result(target, "newer\n", flagged=True, allow_flagged=False) == flagged_path(target)
    assert target.read_text() == "new\n" and flagged_path(target).read_text() == "newer\n"
    assert write_result(target, "newest\n", flagged=True, allow_flagged=True) == target
    assert target.read_text() == "newest\n"


def test_read_text_file_refuses_what_is_not_utf8_text(tmp_path):
    (tmp_path / "b").write_bytes(b"\x00\x01")
    (tmp_path / "l").write_bytes("caf\xe9".encode("latin-1"))
    for name, words in (("b", "binary"), ("l", "UTF-8"), ("missing", "no such file"), ("", "not a regular file")):
        with pytest.raises(InputFileError, match=words):
            read_text_file(tmp_path / name)
