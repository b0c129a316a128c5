"""A long run of code gone in one place that the instruction never asks to remove.

Agents leave out a marker: a snippet that shows a function's header and docstring, then jumps to a
line twenty statements further down with no ``# ...`` between, says literally that the twenty
statements go. Read by a person with "Mark the checked line in _ord2ymd", it says nothing of the
kind. Where the instruction names no change that removes code (remove, replace, move, extract,
inline, simplify, rewrite, ...), a run of ``UNASKED_RUN`` code lines or more removed in one place,
with nothing written there, is flagged: the file may be right, and a person should say so. Where
it does name such a change ("removeReporter() should return this", "... instead of log"), the
run is still flagged when it takes whole definitions away and the instruction names none of them:
a change that removes definitions says which. A definition the merged file still holds (written
anew elsewhere, as a moved or rewritten one is) was not taken away, so naming it excuses nothing:
"move `_updateFilter` after `setView`, and use `slice` in `_filter`" names `_filter`, not the ten
methods a misplaced chunk dropped with the old copy of `_filter`.

    >>> orig = ["def f(n):", *[f"    a{i} = {i}" for i in range(12)], "    return n"]
    >>> unasked_run(orig, ["def f(n):", "    return n"], {0: 0, 13: 1}, "Mark the return line.")
    (1, 12)
    >>> unasked_run(orig, ["def f(n):", "    return n"], {0: 0, 13: 1}, "Simplify f.")
    >>> two = ["def f(n):", *[f"    a{i} = {i}" for i in range(12)], "    return n", "def g():", "    pass"]
    >>> f = Definition("f", "function_definition", 0, 0, 13)
    >>> unasked_run(two, ["def g():", "    pass"], {14: 0, 15: 1}, "Have g() return 1 instead.", [f])
    (0, 13)
    >>> unasked_run(two, ["def g():", "    pass"], {14: 0, 15: 1}, "Remove f and have g() return 1.", [f])

(``e`` is dropped with the old copy of the moved ``f``; the merged file still defines ``f``:)

    >>> three = ["def e():", *[f"    a{i} = {i}" for i in range(12)], "def f():", "    pass", "def g():", "    pass"]
    >>> e = Definition("e", "function_definition", 0, 0, 12)
    >>> f = Definition("f", "function_definition", 13, 13, 14)
    >>> out = ["def g():", "    pass", "def f():", "    pass"]
    >>> unasked_run(three, out, {15: 0, 16: 1}, "Move f below g.", [e, f])
    >>> unasked_run(three, out, {15: 0, 16: 1}, "Move f below g.", [e, f], still={"f", "g"})
    (0, 14)
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from fastapply.merge.account.trace import gaps
from fastapply.merge.text.normal import whole_word
from fastapply.merge.text.syntax import Definition, qualified, short_name

UNASKED_RUN = 12  # code lines; the benchmarks' right answers remove up to 28 where asked, 10 where not

# Words of an instruction whose change may take code away.
_REMOVES = re.compile(
    r"\b(?:remov|delet|drop|strip|get rid|replac|instead|rather than|mov|extract|lift|hoist|inlin|merg|"
    r"combin|consolidat|simplif|refactor|rewrit|clean|collaps|dedup|unif|shorten|trim|prune|reorgani|"
    r"restructur|split|swap|convert|rework|factor|fold|reduc|elimin|no longer|stop|disabl|deprecat|"
    r"pull|put|place|before|after|above|below|reorder|order|sort|group|turn)",
    re.I,
)


def unasked_run(
    orig: list[str],
    out: list[str],
    kept: dict[int, int],
    instruction: str,
    defs: Sequence[Definition] = (),
    still: Collection[str] | None = None,
) -> tuple[int, int] | None:
    """(first, last) original rows of the first run of ``UNASKED_RUN`` code lines or more that the
    merged file drops between two kept lines (or a file edge) with nothing written in their place,
    when the instruction asks for no change that removes code, or for one that names none of the
    whole definitions (`defs`, of the original) the run takes away; None otherwise. `still`: the
    names the merged file defines (None: not known); a definition among them is not taken away."""
    removing = _REMOVES.search(instruction) is not None
    for o1, m1, o2, m2 in gaps(kept, len(orig), len(out)):
        gone = [line for line in orig[o1 + 1 : o2] if line.strip()]
        written = [line for line in out[m1 + 1 : m2] if line.strip()]
        if len(gone) - len(written) < UNASKED_RUN:
            continue
        whole = [d for d in defs if o1 < d.start and d.end < o2]
        if still is not None and any(d.name not in still for d in whole):
            whole = [d for d in whole if d.name not in still]
        if not removing or (whole and not any(_named(d, defs, instruction) for d in whole)):
            return o1 + 1, o2 - 1
    return None


def _named(definition: Definition, defs: Sequence[Definition], instruction: str) -> bool:
    """Whether the instruction names the definition or one that holds it (``flush`` inside the
    ``createBufferStream`` it asks to remove)."""
    return any(whole_word(short_name(name)).search(instruction) for name in qualified(definition, list(defs)))
