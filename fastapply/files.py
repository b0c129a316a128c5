"""Reading the files to edit and writing the result: text only, never half-written, never a flagged
result over the user's file unless asked.

The CLI and the MCP tool both write through ``write_atomic``: a temporary file in the target's own
folder, flushed and renamed over it, so a crash mid-write leaves the old file whole; the old
file's permission bits carry over.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class InputFileError(ValueError):
    """A file that cannot be edited: missing, not a regular file, binary, or not UTF-8."""


def read_text_file(path: str | os.PathLike) -> str:
    """The file's text, exactly (newlines as stored); InputFileError when it is not editable text."""
    p = Path(path)
    if not p.exists():
        raise InputFileError(f"{path}: no such file")
    if not p.is_file():
        raise InputFileError(f"{path}: not a regular file")
    data = p.read_bytes()
    if b"\x00" in data:
        raise InputFileError(f"{path}: looks like a binary file (NUL bytes); only text files can be applied")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputFileError(f"{path}: not valid UTF-8 ({e.reason} at byte {e.start})") from None


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Replace `path` with `text` (UTF-8, newlines as given) in one rename; keeps the old mode."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    mode = target.stat().st_mode & 0o7777 if target.exists() else None
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def keep_line_endings(original: str, text: str) -> str:
    """`text` with the original's line endings: where every line of the original ends in CRLF, the
    bare LFs of `text` become CRLF (a snippet typed with LFs must not leave a file with mixed
    endings); otherwise `text` as it is.

    >>> keep_line_endings("a\\r\\nb\\r\\n", "a\\r\\nx\\ny\\r\\n")
    'a\\r\\nx\\r\\ny\\r\\n'
    >>> keep_line_endings("a\\nb\\r\\n", "a\\nx\\n")  # mixed: nothing to keep
    'a\\nx\\n'
    """
    newlines = original.count("\n")
    if not newlines or original.count("\r\n") != newlines:
        return text
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


FLAGGED_SUFFIX = ".flagged"


def flagged_path(path: str | os.PathLike) -> Path:
    """Where a flagged result goes instead of over an existing file: beside it, ``name.ext.flagged``."""
    return Path(str(path) + FLAGGED_SUFFIX)


def write_result(path: str | os.PathLike, text: str, flagged: bool, allow_flagged: bool) -> Path:
    """Write a result to `path`, except a flagged one over an existing file (without
    `allow_flagged`): that one goes to ``flagged_path(path)`` and `path` stays as it was.
    Returns where the text was written."""
    target = Path(path)
    if flagged and not allow_flagged and target.exists():
        target = flagged_path(path)
    write_atomic(target, text)
    return target
