"""New code the merge put after an old, unconditional ``return`` of the same block: it can never run.

When an agent rewrites the end of a function ("replace the nested ternary with early returns") and
elides the old ending under a marker, the literal merge keeps the old ``return …`` and writes the
new statements below it. Whoever asked for the edit gets a file that compiles and behaves exactly
as before. The original had no such dead code, so the merge put it there: the file is flagged.

    >>> out = ["  render() {", "    return a ? b : c;", "    if (a) {", "      return b;", "    }", "  }"]
    >>> unreachable_after_return(out, new={2, 3, 4})
    [3]
    >>> unreachable_after_return(["def f(x):", "    return 1 if x else 2", "    y = 3"], new={2})  # a value, not a guard
    [3]
    >>> unreachable_after_return(["def f(x):", "    return None unless x", "    y = 3"], new={2})  # a guard
    []
"""

from __future__ import annotations

import re

from fastapply.merge.text.lines import indent_width
from fastapply.merge.text.normal import is_closer, is_comment_line

_EXIT = re.compile(r"^(?:return|raise|throw)\b")
_GUARDED = re.compile(r"\b(?:unless|if)\b(?!.*\belse\b)")  # Ruby's "return x if y", not a ternary


def unreachable_after_return(out: list[str], new: set[int]) -> list[int]:
    """1-based merged lines of new code that stand right after an old exit statement (a kept line,
    not in ``new``) of the same block, with nothing but that statement's continuation between."""
    found = []
    for m in sorted(new):
        text = out[m].strip()
        if not text or is_comment_line(text) or is_closer(text) or text.startswith("#"):
            continue
        width = indent_width(out[m])
        row = m - 1
        while row >= 0 and (not out[row].strip() or indent_width(out[row]) > width):
            row -= 1  # blank lines and the exit statement's continuation lines
        if row < 0 or row in new or indent_width(out[row]) != width:
            continue
        above = out[row].strip()
        if _EXIT.match(above) and not _GUARDED.search(above):
            found.append(m + 1)
    return found
