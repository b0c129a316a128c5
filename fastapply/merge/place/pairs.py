"""Pairs of (chunk line, original line) and the line helpers the placement steps share."""

from __future__ import annotations

import re

from fastapply.merge.text.normal import MODIFIERS, is_distinctive, line_similarity, norm

FUZZY_EDGE = 0.75  # similarity for pairing an edited line at a chunk's edge with its old form
UNSHOWN_PIN = 3  # distinctive original lines a pin to the file's start/end may swallow unshown


def monotonic(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs sorted by chunk line with any pair that breaks original-line order dropped."""
    result: list[tuple[int, int]] = []
    for c, o in sorted(set(pairs)):
        if result and (o <= result[-1][1] or c == result[-1][0]):
            continue
        result.append((c, o))
    return result


def first_word(line: str) -> str:
    match = re.match(r"\s*([\w@#]+)", line)
    return match.group(1) if match else ""


# Modifiers a header gains or loses in an edit ("make it public"); a declaration's own keyword (a
# JS ``const``) is what it is, not a modifier of it.
_HEADER_MODIFIERS = MODIFIERS - {"const", "await", "mut", "volatile"}


def header_keyword(line: str) -> str:
    """The first word of a header past its modifiers (``public static int f(`` says ``int``): what a
    header keeps when an edit adds or drops a ``public``.

    >>> header_keyword("    public static int stringToLevel(String s) {"), header_keyword("def f():")
    ('int', 'def')
    >>> header_keyword(".button:focus {"), header_keyword("async function f() {"), header_keyword("const x = 1;")
    ('', 'function', 'const')
    """
    rest = line.lstrip()
    while (word := first_word(rest)) in _HEADER_MODIFIERS and rest[len(word) : len(word) + 1].isspace():
        rest = rest[len(word) :].lstrip()
    return first_word(rest)


def few_unshown(
    lines: list[str], original: list[str], lo: int, hi: int, allowed: int = UNSHOWN_PIN, resembling: float | None = None
) -> bool:
    """Whether original[lo:hi] holds at most `allowed` distinctive lines the chunk does not show:
    tying a chunk's edge to the file's edge must not delete code the snippet never mentions. With
    `resembling`, a line that much like one of the chunk's counts as shown (in its edited form)."""
    shown = {norm(line) for line in lines}
    unshown = [
        i
        for i in range(lo, hi)
        if is_distinctive(norm(original[i]))
        and norm(original[i]) not in shown
        and (resembling is None or max(line_similarity(original[i], line) for line in lines) < resembling)
    ]
    return len(unshown) <= allowed


def prev_nonblank(lines, i, lo):
    while i >= lo and not lines[i].strip():
        i -= 1
    return i if i >= lo else None


def last_nonblank(lines):
    return prev_nonblank(lines, len(lines) - 1, 0)


def next_nonblank(lines, i):
    while i < len(lines) and not lines[i].strip():
        i += 1
    return i if i < len(lines) else None
