"""Comment lines gone from between two lines the snippet shows, with nothing written in their place.

Agents leave out comments they did not mean to touch: shown ``end``, a blank line and ``def to_app``,
where the file has a doc comment above ``def to_app``. Read literally the snippet deletes the
comment (it stood between two lines shown next to each other); read as agents write, it elided it.
A merge cannot tell which was meant, so it says so: original lines lost right above a definition,
all of them comments, where the merged file puts the lines around them next to each other with
nothing new between, and the instruction neither asks for a removal nor speaks of comments. (Inside
a body a rewrite drops comments on purpose often enough; above a definition it is the doc comment.)

    >>> orig = ["end", "", "# Return the app.", "def to_app"]
    >>> comment_dropped(orig, kept={0: 0, 1: 1, 3: 2}, starts={3}, instruction="Make f chainable")
    (3,)
    >>> comment_dropped(orig, kept={0: 0, 1: 1, 3: 2}, starts={3}, instruction="Drop the comment")
    ()
"""

from __future__ import annotations

import re

from fastapply.merge.text.normal import is_comment_line, line_similarity

_ASKS = re.compile(r"\b(?:remove|delete|drop|strip|clean|tidy|trim)|comment|doc", re.I)


def comment_dropped(orig: list[str], kept: dict[int, int], starts: set[int], instruction: str) -> tuple[int, ...]:
    """1-based original lines of comment-only runs lost right above a definition (``starts``: the
    first lines of the original's definitions, decorators included) whose kept header stands right
    after the kept line before the run in the merged file (blank lines aside); () when the
    instruction asks for a removal or speaks of comments or docs."""
    if instruction and _ASKS.search(instruction):
        return ()
    found: list[int] = []
    o = 0
    while o < len(orig):
        if o in kept or not orig[o].strip():
            o += 1
            continue
        end = o
        while end < len(orig) and end not in kept:
            end += 1
        run = [t for t in range(o, end) if orig[t].strip()]
        before = max((t for t in kept if t < o), default=None)
        after = end if end < len(orig) else None
        if (
            run
            and all(is_comment_line(orig[t]) for t in run)
            and before is not None
            and after is not None
            and after in starts
            and kept[after] - kept[before] - 1 <= sum(1 for t in range(before + 1, after) if not orig[t].strip())
        ):
            found += [t + 1 for t in run]
        o = end
    return tuple(found)


def comment_kept_beside(out: list[str], new: set[int], old_unshown: set[int]) -> tuple[int, ...]:
    """1-based merged lines of a comment block holding both new lines and original lines the
    snippet does not show: a new wording stacked on the old one. Agents show a comment they
    rewrote ("condense the comment above the impl") and not the one it replaces; the snippet's
    lines cannot tell a replacement from an addition, and a doc comment said twice is the likelier
    mistake, so the block is flagged either way.

    >>> out = ["// Runs first", "// Fixtures run in order", "def f"]
    >>> comment_kept_beside(out, new={1}, old_unshown={0})
    (1, 2)
    >>> comment_kept_beside(out, new={1}, old_unshown=set())  # the old line shown: an addition
    ()
    """
    found: list[int] = []
    m = 0
    while m < len(out):
        if not is_comment_line(out[m]):
            m += 1
            continue
        end = m
        while end < len(out) and is_comment_line(out[end]):
            end += 1
        block = range(m, end)
        # the new wording as one run right above or below the old one, nothing else in the block
        # (a doc comment with one line edited among unshown ones interleaves them)
        kinds = ["new" if t in new else "old" if t in old_unshown else "shown" for t in block]
        parts = [kind for n, kind in enumerate(kinds) if n == 0 or kinds[n - 1] != kind]
        if sorted(parts) == ["new", "old"]:
            found += [t + 1 for t in block]
        m = end
    return tuple(found)


BANNER_REACH = 8  # merged lines between a banner's new title and the old one kept
_RULE = re.compile(r"([=\-#*~_/+])\1{9,}")  # a banner's rule: ten or more of one mark


def banner_kept_beside(out: list[str], new: set[int], old_unshown: set[int]) -> tuple[int, ...]:
    """1-based merged lines of a banner's title the snippet rewrote (a new comment line between or
    beside rule lines) standing within ``BANNER_REACH`` lines of the old title, kept and not shown,
    that it rewords: every word of the old title is in the new one, or the two are much alike. A
    section renamed ("Highlight helper functions" to "Highlight and redraw helper functions")
    whose new banner was placed beside the old one.

    >>> rule = "--" + "=" * 20
    >>> out = [rule, "--   Highlight helpers", rule, "", rule, "--   Highlight and redraw helpers", rule, "f()"]
    >>> banner_kept_beside(out, new={4, 5, 6}, old_unshown={1})
    (2, 6)
    >>> banner_kept_beside(out, new={4, 5, 6}, old_unshown=set())  # the old title shown: kept on purpose
    ()

    A section mark (``// MARK: - Reconnection``, ``#region``) written right below or above an old
    one kept unshown, with nothing but blank lines between them, renames that section whatever its
    words: two marks in a row leave a section with nothing in it.

    >>> banner_kept_beside(["// MARK: - Helpers", "", "// MARK: - Waiting", "func f() {}"], {2}, {0})
    (1, 3)
    """
    found: set[int] = set()
    for m in sorted(new):
        if _SECTION.match(out[m]):
            for step in (-1, 1):
                t = m + step
                while 0 <= t < len(out) and not out[t].strip():
                    t += step
                if t in old_unshown and _SECTION.match(out[t]):
                    found |= {t + 1, m + 1}
        if not _titled(out, m):
            continue
        words = set(_WORD.findall(out[m].casefold()))
        for t in range(max(0, m - BANNER_REACH), min(len(out), m + BANNER_REACH + 1)):
            if t in old_unshown and _titled(out, t):
                old = set(_WORD.findall(out[t].casefold()))
                alike = line_similarity(out[t], out[m]) >= 0.8
                if old and (old <= words or alike) and old != words:
                    found |= {t + 1, m + 1}
    return tuple(sorted(found))


_WORD = re.compile(r"[a-z0-9_]+")
# a section's opening mark: Xcode's MARK, Objective-C's pragma mark, C#'s and editors' regions (an
# #endregion closes one: another region may well open right below it)
_SECTION = re.compile(r"\s*(?:(?://|#|--)\s*MARK:|#pragma\s+mark\b|#region\b|//\s*#?region\b)")


def _titled(out: list[str], m: int) -> bool:
    """Whether merged line ``m`` holds words beside a comment line that is a rule (a banner's title;
    inside a block comment, the title needs no comment mark of its own)."""
    line = out[m]
    if _RULE.search(line) or not _WORD.search(line.casefold()):
        return False
    return any(0 <= t < len(out) and is_comment_line(out[t]) and _RULE.search(out[t]) for t in (m - 1, m + 1))
