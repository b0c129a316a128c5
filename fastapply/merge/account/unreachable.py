"""Code the merge put after an unconditional ``return`` of the same block: it can never run.

When an agent rewrites the end of a function ("replace the nested ternary with early returns") and
elides the old ending under a marker, the literal merge keeps the old ``return …`` and writes the
new statements below it. Whoever asked for the edit gets a file that compiles and behaves exactly
as before. The other way round, a new exit written over several lines (``raise ValueError(`` …
``)``) above the one-line exit it replaces, kept under the marker, leaves the old one dead. The
original had no such dead code, so the merge put it there: the file is flagged.

    >>> out = ["  render() {", "    return a ? b : c;", "    if (a) {", "      return b;", "    }", "  }"]
    >>> unreachable_after_return(out, new={2, 3, 4})
    [3]
    >>> unreachable_after_return(["def f(x):", "    return 1 if x else 2", "    y = 3"], new={2})  # a value, not a guard
    [3]
    >>> unreachable_after_return(["def f(x):", "    return None unless x", "    y = 3"], new={2})  # a guard
    []
    >>> unreachable_after_return(["def f(x):", "    raise E(", "        x", "    )", "    raise E()"], new={1, 2, 3})
    [5]
    >>> unreachable_after_return(["f() {", "  return run(a, (s) =>", "  {", "    go(s);", "  });", "}"], new={1})
    []
"""

from __future__ import annotations

import re

from fastapply.merge.check.balance import bracket_depths
from fastapply.merge.text.lines import indent_width
from fastapply.merge.text.normal import is_closer, is_comment_line

_EXIT = re.compile(r"^(?:return|raise|throw)\b")
_GUARDED = re.compile(r"\b(?:unless|if)\b(?!.*\belse\b)")  # Ruby's "return x if y", not a ternary


def unreachable_after_return(out: list[str], new: set[int]) -> list[int]:
    """1-based merged lines of code that stand right after an exit statement of the same block, with
    nothing but that statement's continuation between, where one of the two is new (in ``new``) and
    the other old: new code below an old ``return``, or an old line below the new exit that
    replaces it (``raise ValueError(...)`` written over three lines above the old one-line raise,
    kept under the marker)."""
    found = []
    for m in range(len(out)):
        text = out[m].strip()
        if not text or is_comment_line(text) or is_closer(text) or text.startswith("#"):
            continue
        row = _statement_above(out, m)
        if row is None or (row in new) == (m in new):
            continue
        above = out[row].strip()
        # an exit still open above line m (a lambda's "{" on its own line) goes on through it
        if _EXIT.match(above) and not _GUARDED.search(above) and not any(bracket_depths("\n".join(out[row:m]), None)):
            found.append(m + 1)
    return found


def _statement_above(out: list[str], m: int) -> int | None:
    """The first line of the statement right above line ``m`` in its block: past blank lines and
    deeper continuation lines, and from a closing line at ``m``'s width (a call's ``)`` on its own
    line) up to the line that opened it; None when a shallower line comes first."""
    width = indent_width(out[m])
    row = m - 1
    while row >= 0 and (not out[row].strip() or indent_width(out[row]) > width):
        row -= 1  # blank lines and the statement's continuation lines
    if row >= 0 and indent_width(out[row]) == width and is_closer(out[row].strip()):
        row -= 1
        while row >= 0 and (not out[row].strip() or indent_width(out[row]) > width):
            row -= 1
    if row < 0 or indent_width(out[row]) != width or is_closer(out[row].strip()):
        return None
    return row
