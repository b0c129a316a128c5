"""A long run of code gone in one place that the instruction never asks to remove.

Agents leave out a marker: a snippet that shows a function's header and docstring, then jumps to a
line twenty statements further down with no ``# ...`` between, says literally that the twenty
statements go. Read by a person with "Mark the checked line in _ord2ymd", it says nothing of the
kind. Where the instruction names no change that removes code (remove, replace, move, extract,
inline, simplify, rewrite, ...), a run of ``UNASKED_RUN`` code lines or more removed in one place,
with nothing written there, is flagged: the file may be right, and a person should say so.

    >>> orig = ["def f(n):", *[f"    a{i} = {i}" for i in range(12)], "    return n"]
    >>> unasked_run(orig, ["def f(n):", "    return n"], {0: 0, 13: 1}, "Mark the return line.")
    (1, 12)
    >>> unasked_run(orig, ["def f(n):", "    return n"], {0: 0, 13: 1}, "Simplify f.")
"""

from __future__ import annotations

import re

UNASKED_RUN = 12  # code lines; the benchmarks' right answers remove up to 28 where asked, 10 where not

# Words of an instruction whose change may take code away.
_REMOVES = re.compile(
    r"\b(?:remov|delet|drop|strip|get rid|replac|instead|rather than|mov|extract|lift|hoist|inlin|merg|"
    r"combin|consolidat|simplif|refactor|rewrit|clean|collaps|dedup|unif|shorten|trim|prune|reorgani|"
    r"restructur|split|swap|convert|rework|factor|fold|reduc|elimin|no longer|stop|disabl|deprecat|"
    r"pull|put|place|before|after|above|below|reorder|order|sort|group|turn)",
    re.I,
)


def unasked_run(orig: list[str], out: list[str], kept: dict[int, int], instruction: str) -> tuple[int, int] | None:
    """(first, last) original rows of the first run of ``UNASKED_RUN`` code lines or more that the
    merged file drops between two kept lines (or a file edge) with nothing written in their place,
    when the instruction asks for no change that removes code; None otherwise."""
    if _REMOVES.search(instruction):
        return None
    pairs = sorted(kept.items())
    for (o1, m1), (o2, m2) in zip([(-1, -1), *pairs], [*pairs, (len(orig), len(out))]):
        gone = [line for line in orig[o1 + 1 : o2] if line.strip()]
        written = [line for line in out[m1 + 1 : m2] if line.strip()]
        if len(gone) - len(written) >= UNASKED_RUN:
            return o1 + 1, o2 - 1
    return None
