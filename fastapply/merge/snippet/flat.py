"""Hunks written with no indentation at all: every line a diff hunk shows starts at column 0, where
the file indents those lines at several depths. No single shift carries such a hunk onto the file
(``reindent`` looks for one), so its added lines are indented from where they stand instead:

- a run of additions right after removed lines takes the depth of the first line it replaces
  (of its body, where that line opens with a closer: ``} else if (a) {``);
- after a context line, that line's depth, one step deeper when it opens a block;
- with no old line above, the depth of the old line below (one step deeper for a closer);
- inside the run, depth follows the run's own brackets.

    >>> lines = [(" ", " f("), (" ", " a,"), ("-", "b + c"), ("+", "sum(b, c),"), (" ", " )")]
    >>> old = ["    f(", "        a,", "        b + c", "    )"]
    >>> flat_additions(lines, old, Style(old))
    ['        sum(b, c),']

Languages that open blocks with a colon have no closer to say where a block ends: a run that opens
one before its last line gets no indentation from here (None).
"""

from __future__ import annotations

from fastapply.merge.text.lines import indent_width
from fastapply.merge.text.style import Style

_OPENERS, _CLOSERS = "{[(", "}])"


def is_flat(lines: list[tuple[str, str]], old_originals: list[str]) -> bool:
    """Whether the hunk shows every line at column 0 and the lines it stands for are indented at
    more than one depth (one depth is a single shift, which ``reindent`` applies)."""
    # (a context line keeps the diff's one-space prefix)
    shown = [text[1:] if kind == " " and text.startswith(" ") else text for kind, text in lines if text.strip()]
    return (
        any(kind == "+" for kind, _ in lines)
        and all(not text[0].isspace() for text in shown)
        and len({indent_width(line) for line in old_originals}) > 1
    )


def flat_additions(lines: list[tuple[str, str]], old_originals: list[str], style: Style) -> list[str] | None:
    """The hunk's added lines indented as the file would indent them; `old_originals`: the original
    line of each non-blank context and removed line, in order; `style`: the file's indentation."""
    unit = style.tab
    old = [(kind, original) for (kind, text), original in zip(_old(lines), old_originals)]
    out: list[str] = []
    seen, depth, first_removed, previous = 0, None, None, None
    for k, (kind, text) in enumerate(lines):
        if kind != "+":
            if text.strip():
                if kind == "-" and previous != "-":
                    first_removed = old[seen][1]  # a run of removed lines starts: what follows replaces it
                seen += 1
                previous = kind
            depth = None
            continue
        previous = kind
        if not text.strip():
            out.append("")
            continue
        if depth is None:
            depth = _run_start(old, seen, first_removed, unit)
            if depth is None:
                return None
        lead = 1 if text.lstrip()[0] in _CLOSERS else 0
        depth -= unit * lead
        out.append(style.render(depth, text.strip()))
        net = sum(text.count(c) for c in _OPENERS) - sum(text.count(c) for c in _CLOSERS)
        if text.rstrip().endswith(":") and any(t.strip() for kind2, t in lines[k + 1 :] if kind2 == "+"):
            return None  # a colon block: where it ends is not written
        depth += unit * (lead + (net > 0) - (net < 0))
    return out


def _old(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(kind, text) for kind, text in lines if kind != "+" and text.strip()]


def _run_start(old: list[tuple[str, str]], seen: int, first_removed: str | None, unit: int) -> int | None:
    if seen:
        kind, original = old[seen - 1]
        if kind == "-" and first_removed is not None:  # (one closing a block first stands a step out)
            return indent_width(first_removed) + (unit if first_removed.strip()[:1] in _CLOSERS else 0)
        opens = original.rstrip().endswith(tuple(_OPENERS)) or original.rstrip().endswith(":")
        return indent_width(original) + (unit if opens else 0)
    if seen < len(old):
        original = old[seen][1]
        closes = original.strip()[:1] in _CLOSERS
        return indent_width(original) + (unit if closes else 0)
    return None
