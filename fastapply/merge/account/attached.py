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
"""

from __future__ import annotations

from fastapply.merge.text.normal import norm

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
