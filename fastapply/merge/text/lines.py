"""Lines of a text: split with the newline style noted, joined back the same way."""

from __future__ import annotations


def split_lines(text: str) -> tuple[list[str], str, bool]:
    """(lines without terminators, the dominant newline, whether the text ends with one)."""
    newline = "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"
    body = text.replace("\r\n", "\n")
    ends_with_newline = body.endswith("\n")
    lines = body.split("\n")
    if ends_with_newline:
        lines.pop()
    return (lines if body else []), newline, ends_with_newline


def join_lines(lines: list[str], newline: str, ends_with_newline: bool) -> str:
    text = newline.join(lines)
    return text + newline if ends_with_newline and lines else text


def indent_width(line: str, tab: int = 4) -> int:
    """Columns of leading whitespace, a tab counting `tab`.

    >>> indent_width("\\t  x = 1")
    6
    """
    return len(line[: len(line) - len(line.lstrip())].expandtabs(tab))
