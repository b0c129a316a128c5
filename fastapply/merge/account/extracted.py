"""Code an instruction asks to extract into a helper, still written out where it stood.

"Pull the test into a helper and use it in both places": the snippet writes the helper, whose body
is the old code, and shows each place rewritten to call it, or elides a place under a marker. A
marker over a place means "unchanged" to a merge, so the old code stays there beside the helper
that replaced it. Where the instruction asks for an extraction (extract, pull into, factor out,
lift, deduplicate), code lines the snippet writes anew that are, typed alike, original lines the
merged file keeps and the snippet does not show, two or more in a row, are the old copy left
behind. The file is flagged: an agent may keep one copy on purpose, which words cannot tell.

    >>> orig = ["f() {", "  if (a.x < lo ||", "      a.x >= hi) {", "    clear();", "  }", "}"]
    >>> out = ["ok(a) {", "  return a.x < lo ||", "    a.x >= hi;", "}", *orig]
    >>> kept, new = {o: o + 4 for o in range(6)}, {0, 1, 2, 3}
    >>> extracted_kept(orig, out, kept, new, set(), "Pull the range test into ok() and use it in f.")
    (6, 7)
    >>> extracted_kept(orig, out, kept, new, set(), "Add ok().")
    ()
"""

from __future__ import annotations

import re

from fastapply.merge.account.repeats import NAMES, innermost_span
from fastapply.merge.text.normal import is_closer, is_comment_line, loose

MIN_LINES = 2  # lines of the old copy, in a row
EXTRACT_VERB = re.compile(
    r"\b(?:extract(?:s|ed|ing)?|factor(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?out|pull(?:s|ed|ing)?\s+(?:[^.;]{0,60}?\s)?(?:into|out)"
    r"|lift(?:s|ed|ing)?|de-?duplicate[sd]?)\b",
    re.I,
)
_JOINERS = re.compile(r"(?:[;,{()]|\|\||&&|\band\b|\bor\b)+$|^(?:return|if|\|\||&&)\b|^[)(]+")


def extracted_kept(
    orig: list[str],
    out: list[str],
    kept: dict[int, int],
    new_lines: set[int],
    shown: set[int],
    instruction: str,
    spans: list[tuple[int, int]] | None = None,
) -> tuple[int, ...]:
    """1-based merged lines of an old copy: runs of ``MIN_LINES`` or more kept original lines
    (``kept``: original -> merged index) the snippet does not show (``shown``: the merged lines
    it placed), each of which some line the snippet wrote anew (``new_lines``: merged indices) is,
    but for how it joins the code around it (``return``, a trailing ``;`` or ``||``), standing in
    a definition the snippet shows part of (``spans``: merged (first, last) of each definition;
    another copy, in a definition it does not show, is one the instruction did not ask for);
    () unless the instruction asks for an extraction."""
    if not EXTRACT_VERB.search(instruction or ""):
        return ()
    written = {_key(out[m]) for m in new_lines if _telling(out[m])}
    copies = sorted(m for o, m in kept.items() if m not in shown and _telling(orig[o]) and _key(orig[o]) in written)
    found: list[int] = []
    run: list[int] = []
    for m in copies + [-2]:
        if run and m == run[-1] + 1:
            run.append(m)
            continue
        if len(run) >= MIN_LINES and any(_named(out[r]) for r in run) and _in_shown_definition(run[0], shown, spans):
            found += [r + 1 for r in run]
        run = [m]
    return tuple(found)


def _in_shown_definition(row: int, shown: set[int], spans: list[tuple[int, int]] | None) -> bool:
    """Whether the innermost definition around merged line ``row`` holds a line the snippet placed
    (True where definitions are not known)."""
    if spans is None:
        return True
    inner = innermost_span(spans, row)
    return inner is not None and any(inner[0] <= m <= inner[1] for m in shown)


def _key(line: str) -> str:
    """A line's code without what joins it to the lines around it (``return``, ``if (``, a
    trailing ``;``, ``||``, ``{``)."""
    key = loose(line)
    for _ in range(3):
        key = _JOINERS.sub("", key).strip()
    return key


def _named(line: str) -> bool:
    """A line that names what it works on: three names or more besides keywords ("if not ok
    then", "return false, err" stand in every such check)."""
    return len({name for name in NAMES.findall(line) if name.lower() not in _KEYWORDS}) >= 3


_KEYWORDS = frozenset(
    "if then else elif elsif end not and or return true false nil null none local let const var for in do while "
    "new is".split()
)


def _telling(line: str) -> bool:
    """Code that says something (three names or more; not a comment, not a closer)."""
    text = line.strip()
    return bool(text) and not is_comment_line(text) and not is_closer(text) and len(NAMES.findall(text)) >= 3
