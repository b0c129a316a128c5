"""Lines of a text: split with the newline style noted, joined back the same way."""

from __future__ import annotations

import difflib


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


BOM = "\ufeff"  # a byte order mark: the file's encoding, not part of its first line


def without_bom(text: str) -> str:
    return text[1:] if text.startswith(BOM) else text


def with_bom_of(original: str, text: str) -> str:
    """`text` starting with a byte order mark exactly when `original` does: a snippet seldom
    carries the mark, and the file keeps its encoding whatever the first line became."""
    return BOM + without_bom(text) if original.startswith(BOM) else text


def indent_of(line: str) -> str:
    """The line's leading whitespace, as written."""
    return line[: len(line) - len(line.lstrip())]


def indent_width(line: str, tab: int = 4) -> int:
    """Columns of leading whitespace, a tab counting `tab`.

    >>> indent_width("\\t  x = 1")
    6
    """
    return len(indent_of(line).expandtabs(tab))


def code_lines(lines: list[str]) -> list[str]:
    """The non-blank lines of ``lines`` but the free text inside a block comment (a license header's
    lines at 3 spaces are no indentation of the file's code); a Javadoc's `` * `` lines stay.

    >>> code_lines(["/*", "   Copyright", "*/", "int f() {", "    /**", "     * Doc.", "     */", "}"])
    ['/*', '*/', 'int f() {', '    /**', '     * Doc.', '     */', '}']
    """
    found, inside = [], False
    for line in lines:
        text = line.strip()
        if text and not (inside and not text.startswith("*")):
            found.append(line)
        opened, closed = line.rfind("/*"), line.rfind("*/")
        if opened > closed:
            inside = True
        elif closed > opened:
            inside = False
    return found


def code_widths(lines: list[str]) -> set[int]:
    """The indentation widths the code of ``lines`` uses (``code_lines``)."""
    return {indent_width(line) for line in code_lines(lines)}


def line_opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes for two line lists, computed on what lies between their common head and
    tail: a merge changes a few places, and difflib without autojunk is quadratic on a long file of
    repeated lines."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    middle = difflib.SequenceMatcher(None, a[head : len(a) - tail], b[head : len(b) - tail], autojunk=False)
    ops = [
        (tag, i1 + head, i2 + head, j1 + head, j2 + head)
        for tag, i1, i2, j1, j2 in middle.get_opcodes()
        if not (tag == "equal" and i1 == i2 and j1 == j2)
    ]
    if head:
        ops.insert(0, ("equal", 0, head, 0, head))
    if tail:
        ops.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
    return ops
