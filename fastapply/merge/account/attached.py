"""A definition keeps the comment or decorator line written right above it.

A snippet that inserts a definition after another one often opens with the shared preamble line
(``/** @internal */``, ``@property``, ``// MARK: -``) before its new definition. Aligned line by line,
that line can land on the preamble of the *next* original definition: the new code then goes
between that preamble and the definition it belonged to, which loses its comment or decorator.
The check: every original definition whose first line (``Definition.start``) is a comment or a
decorator standing right above its header, both kept, still has the two together, unless the
snippet itself shows the header with something else above it.

    >>> orig = ["  }", "", "  /** @internal */", "  compile () {", "  }"]
    >>> out = ["  }", "", "  /** @internal */", "  assert () {", "  }", "  compile () {", "  }"]
    >>> preamble_detached(orig, out, kept={0: 0, 2: 2, 3: 5, 4: 6}, headers=[(2, 3)], shown=[])
    (3,)

The same holds for a longer doc comment: its distinctive lines that are kept stand above their
header with only comment lines between (`comment_split`).
"""

from __future__ import annotations

from fastapply.merge.text.normal import is_distinctive, norm

_PREAMBLE = ("//", "/*", "*", "#", "--", "@", "///", "#[", "[")


def preamble_detached(
    orig: list[str], out: list[str], kept: dict[int, int], headers: list[tuple[int, int]], shown: list[str]
) -> tuple[int, ...]:
    """1-based merged lines of preamble lines parted from their definition's header. ``headers``:
    (first line, header line) of each original definition; ``kept``: original -> merged line;
    ``shown``: the snippet's code lines, in order."""
    after = {}
    for k, line in enumerate(shown[:-1]):
        after.setdefault(norm(shown[k + 1]), set()).add(norm(line))
    found = []
    for _, header in headers:
        pre = header - 1
        if pre < 0 or not orig[pre].strip().startswith(_PREAMBLE) or pre not in kept or header not in kept:
            continue
        m_pre, m_header = kept[pre], kept[header]
        if m_pre + 1 == m_header or m_header > 0 and norm(out[m_header - 1]) == norm(orig[pre]):
            continue  # (the same line above it, whichever copy the trace paired with the original's)
        stacked = m_pre + 1 < len(out) and out[m_pre + 1].strip()
        if norm(orig[header]) in after and norm(orig[pre]) not in after[norm(orig[header])] and stacked:
            continue  # the snippet shows the header under another line (a decorator added below it)
        found.append(m_pre + 1)
    return tuple(found)


def comment_split(orig: list[str], out: list[str], kept: dict[int, int], headers: list[int]) -> tuple[int, ...]:
    """1-based merged lines of code that stands between a definition's header and a distinctive
    line of the comment block right above it in the original (both kept), where that block no
    longer stands whole above the header and some of it is gone: new code aligned onto the middle
    of the next definition's doc comment, which it then splits, dropping the lines it wrote over. ``headers``: the original's definition header
    lines.

    >>> orig = ["}", "/// <summary>", "/// Path of the URL.", "/// <param domain>Domain, random if null</param>", "string Url()"]
    >>> out = ["}", "/// <summary>", "/// HTTPS URL.", "/// <param domain>Domain, random if null</param>", "string SecureUrl()", "{ }", "string Url()"]
    >>> comment_split(orig, out, {0: 0, 1: 1, 3: 3, 4: 6}, [4])
    (5,)

    Its opening line kept above new code, the rest below it, the block is split too:

    >>> orig = ["}", "/// <summary>", "/// Returns the value.", "/// </summary>", "Value Get()"]
    >>> out = ["}", "/// <summary>", "/// Counts.", "/// </summary>", "int Count => n;", "/// Returns the value.", "/// </summary>", "Value Get()"]
    >>> comment_split(orig, out, {0: 0, 1: 1, 2: 5, 3: 6, 4: 7}, [4])
    (5,)
    """
    found: list[int] = []
    present = {norm(line) for line in out}
    kept_rows = set(kept.values())
    for header in headers:
        if header not in kept:
            continue
        top = header
        while top > 0 and orig[top - 1].strip().startswith(_PREAMBLE):
            top -= 1
        block, m_header = orig[top:header], kept[header]
        if [norm(x) for x in out[max(0, m_header - len(block)) : m_header]] == [norm(x) for x in block]:
            continue  # the whole block still stands right above it (a new neighbour may repeat its lines)
        # new code between two kept lines of the block itself: a new member written under the
        # block's opening line (a "/// <summary>" the new doc comment took over), splitting it
        rows = sorted(kept[b] for b in range(top, header) if b in kept)
        if rows and rows[-1] - rows[0] <= 2 * len(block) + SPLIT_REACH:
            inside = [m for m in range(rows[0] + 1, rows[-1]) if m not in kept_rows and _code(out[m])]
            if inside:
                found.append(inside[0] + 1)
                continue
        if all(norm(line) in present for line in block):
            continue  # all of it is still in the file: a section banner a moved definition now stands under
        lines = [kept[b] for b in range(top, header) if b in kept and is_distinctive(norm(orig[b]))]
        if not lines:
            continue
        between = range(min(lines) + 1, kept[header])
        code = [m for m in between if _code(out[m])]
        found.extend(m + 1 for m in code[:1])
    return tuple(found)


SPLIT_REACH = 8  # merged lines a split doc comment may span beyond twice its own length


def _code(line: str) -> bool:
    return bool(line.strip()) and not line.strip().startswith(_PREAMBLE)
