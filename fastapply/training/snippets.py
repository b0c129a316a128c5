"""Render a lazy edit snippet from an (original, merged) pair, the way coding agents write them.

The snippet is computed from the line diff, not from the edit that produced it, so every edit kind
gets every snippet style for free and the snippet always merges back to exactly ``merged``:
kept ranges of the merged file are copied verbatim and every gap becomes one lazy marker line.
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass

from fastapply.merge.text import languages as merge_languages
from fastapply.merge.text import markers as merge_markers

from .syntax import LANGS, FileInfo, dedent_lines, indent_of

# Weighted towards the phrasings seen in practice; the rest keep the model from overfitting one.
MARKER_TEXTS = (
    ["... existing code ..."] * 6
    + ["... rest of code ..."] * 2
    + ["..."] * 2
    + ["... keep existing code ..."] * 2
    + [
        "... existing code",
        "existing code ...",
        "... unchanged code ...",
        "... rest of the file unchanged ...",
        "... other code ...",
        "... (unchanged) ...",
        "...existing code...",
        "... remaining code ...",
        # Phrasings of the kind hand-written fixtures use: "same", or naming what is elided.
        "... same ...",
        "... existing methods ...",
        "... existing functions ...",
        "... existing tests ...",
        "... other methods ...",
    ]
)
# Documents (markdown, HTML) elide sections and content rather than code.
PROSE_MARKER_TEXTS = (
    ["... existing content ..."] * 3
    + ["... existing sections ..."] * 2
    + ["... existing code ..."] * 2
    + ["...", "... rest of the document ...", "... unchanged ...", "... same ..."]
)
# "whole": the whole merged file and no marker (agents paste a short file back with its edits in).
STYLES = ("function", "context", "minimal", "bare", "whole")
STYLE_WEIGHTS = (0.42, 0.31, 0.11, 0.09, 0.07)
WHOLE_MAX_LINES = 80  # longer files fall back to the context style under "whole"


# The validator's detector: source files with marker-like lines are skipped (a marker in a snippet is
# never also real content), and every marker the data uses is one the validator would flag if leaked.
is_marker_line = merge_markers.is_marker_line


@dataclass(frozen=True)
class SnippetStyle:
    kind: str  # one of STYLES
    context: int  # lines of context around a change (context/minimal styles, and fallbacks)
    marker: str  # marker text, e.g. "... existing code ..."
    block_comment: bool  # write `/* ... */` instead of `// ...`
    omit_trailing: bool  # drop the marker after the last kept range
    indent_mode: str  # "next" (indent of the following code), "gap", or "zero"
    # Shortest run of unchanged lines a marker stands for. Mined snippets (the dev set's context3)
    # mark gaps of a single line, and inside an engine window such a marker is the one most often
    # copied instead of expanded: half the examples teach short gaps.
    min_gap: int = 3
    # Write the snippet at column 0 even when the code it shows is nested (a method pasted without
    # its class): agents do this, and the dev set's "bare"/"class-method" fixtures expect the merge
    # to restore the file's indentation.
    dedent: bool = False
    # Add one marker that stands for no lines at all, at a block boundary inside shown code (agents
    # write "... existing tests ..." between two blocks that are adjacent in the file): the merge
    # must drop it, and a model that copies it leaks a marker.
    empty_marker: bool = False

    @staticmethod
    def sample(rng: random.Random, lang: str) -> SnippetStyle:
        kind = rng.choices(STYLES, weights=STYLE_WEIGHTS)[0]
        context = rng.choice((1, 2)) if kind == "minimal" else rng.choice((2, 3, 3, 3, 4, 5))
        return SnippetStyle(
            kind=kind,
            context=context,
            marker=rng.choice(PROSE_MARKER_TEXTS if LANGS[lang].prose else MARKER_TEXTS),
            block_comment=LANGS[lang].block_comment and rng.random() < 0.15,
            omit_trailing=rng.random() < 0.2,
            indent_mode=rng.choices(("next", "gap", "zero"), weights=(0.75, 0.15, 0.10))[0],
            min_gap=rng.choice((1, 3)),
            dedent=rng.random() < 0.15,
            empty_marker=rng.random() < 0.12,
        )


def marker_line(style: SnippetStyle, lang: str, indent: str) -> str:
    if style.block_comment:
        return f"{indent}/* {style.marker} */\n"
    return merge_languages.marker_line(lang, indent, style.marker) + "\n"


def _enclosing_func(info: FileInfo, lo: int, hi: int, max_lines: int = 150):
    best = None
    for d in info.funcs():
        if d.start <= lo and hi <= d.end and d.end - d.start <= max_lines:
            if best is None or d.end - d.start < best.end - best.start:
                best = d
    return best


def _documented_func(info: FileInfo, j1: int, j2: int, max_lines: int = 150):
    """The function whose leading comment block the changed lines [j1, j2) are (they end where it
    starts, no blank line between). Agents show such an edit as the comment plus the function and
    nothing above it: the function is the anchor, so no context line above is needed."""
    if j2 <= j1 or not all(info.lines[k].strip() for k in range(j1, j2)):
        return None
    return next((d for d in info.funcs() if d.start == j2 and d.end - d.start <= max_lines), None)


def _neighbour_funcs(info: FileInfo, point: int, max_lines: int = 40) -> tuple[int, int]:
    """Around a deletion point: the whole function just before and just after, when short."""
    before = [d for d in info.funcs() if d.end <= point and point - d.end <= 3 and d.end - d.start <= max_lines]
    after = [d for d in info.funcs() if d.start >= point and d.start - point <= 3 and d.end - d.start <= max_lines]
    lo = max(before, key=lambda d: d.end).start if before else point
    hi = min(after, key=lambda d: d.start).end if after else point
    return lo, hi


def _informative(line: str) -> bool:
    """A line that can anchor a position: not blank and not just closing punctuation like `}` or `*/`."""
    return len(line.strip()) >= 6


def _anchor(lines: list[str], a: int, b: int, j1: int, j2: int) -> tuple[int, int]:
    """Grow [a, b) until it holds an informative unchanged line on each side of the change [j1, j2),
    so the snippet says *where* the change goes (unless the change touches the file's start/end)."""
    n = len(lines)
    while a > 0 and not any(_informative(lines[k]) for k in range(a, min(j1, b))):
        a -= 1
    while b < n and not any(_informative(lines[k]) for k in range(max(j2, a), b)):
        b += 1
    return a, b


def kept_ranges(original: str, merged: str, merged_info: FileInfo, style: SnippetStyle) -> list[tuple[int, int]]:
    a_lines = original.splitlines(keepends=True)
    b_lines = merged_info.lines
    sm = difflib.SequenceMatcher(None, a_lines, b_lines, autojunk=False)
    n = len(b_lines)
    ranges = []
    for tag, _i1, _i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            continue
        lo, hi = max(0, j1 - style.context), min(n, j2 + style.context)
        documented = None
        if style.kind in ("function", "bare"):
            # A pure deletion inside a function is shown as that whole function, minus the lines.
            fn = _enclosing_func(merged_info, j1, j2) if j2 > j1 else _enclosing_func(merged_info, j1 - 1, j1 + 1)
            if fn is not None:
                lo, hi = fn.start, fn.end
            elif (documented := _documented_func(merged_info, j1, j2)) is not None:
                lo, hi = j1, documented.end
            elif j2 == j1:
                nlo, nhi = _neighbour_funcs(merged_info, j1)
                lo, hi = min(lo, nlo), max(hi, nhi)
        ranges.append((lo, hi) if documented is not None else _anchor(b_lines, lo, hi, j1, j2))
    ranges.sort()
    merged_ranges: list[list[int]] = []
    for a, b in ranges:
        if merged_ranges:
            pa, pb = merged_ranges[-1]
            gap = b_lines[pb:a]
            if a < pb + style.min_gap or not any(g.strip() for g in gap):
                merged_ranges[-1][1] = max(pb, b)
                continue
        merged_ranges.append([a, b])
    return [(a, b) for a, b in merged_ranges]


def render(original: str, merged: str, merged_info: FileInfo, style: SnippetStyle) -> str:
    """The snippet text: kept ranges of ``merged`` joined by marker lines."""
    lines = merged_info.lines
    ranges = kept_ranges(original, merged, merged_info, style)
    if not ranges:
        return ""
    if style.kind == "whole" and len(lines) <= WHOLE_MAX_LINES:
        return "".join(lines)
    # "bare" = a whole function with no markers at all; anything less than one function needs markers.
    if style.kind == "bare" and len(ranges) == 1 and _is_one_function(merged_info, *ranges[0]):
        a, b = ranges[0]
        return _maybe_dedent("".join(lines[a:b]), style)
    out: list[str] = []
    pos = 0

    def add_marker(gap_lo: int, gap_hi: int, nxt: int) -> None:
        if style.indent_mode == "zero":
            ind = ""
        elif style.indent_mode == "gap":
            ind = next((indent_of(ln) for ln in lines[gap_lo:gap_hi] if ln.strip()), "")
        else:
            ind = next((indent_of(ln) for ln in lines[nxt:] if ln.strip()), "")
        out.append(marker_line(style, merged_info.lang, ind))

    empty_pending = style.empty_marker
    for a, b in ranges:
        if a > pos:
            add_marker(pos, a, a)
        chunk = lines[a:b]
        if chunk and not chunk[-1].endswith("\n"):
            chunk = chunk[:-1] + [chunk[-1] + "\n"]
        if empty_pending and (at := _block_boundary(chunk)) is not None:
            chunk = chunk[:at] + [marker_line(style, merged_info.lang, indent_of(chunk[at])), "\n"] + chunk[at:]
            empty_pending = False
        out.extend(chunk)
        pos = b
    if pos < len(lines) and not style.omit_trailing:
        # Nothing follows a trailing marker, so its indent is that of the code it stands for.
        ind = "" if style.indent_mode == "zero" else next((indent_of(ln) for ln in lines[pos:] if ln.strip()), "")
        out.append(marker_line(style, merged_info.lang, ind))
    return _maybe_dedent("".join(out), style)


def _block_boundary(chunk: list[str]) -> int | None:
    """The middle index i of ``chunk`` where a block starts after a blank line, with code on both
    sides (two lines each, so neither side is a lone brace): where an agent would put a marker that
    stands for nothing."""
    spots = [
        i
        for i in range(3, len(chunk) - 1)
        if not chunk[i - 1].strip() and all(chunk[j].strip() for j in (i - 3, i - 2, i, i + 1))
    ]
    return spots[len(spots) // 2] if spots else None


def _is_one_function(info: FileInfo, a: int, b: int) -> bool:
    """Lines [a, b) are one function, possibly with a comment block glued above it."""
    return any(d.end == b and (d.start == a or _documented_func(info, a, d.start) is d) for d in info.funcs())


def _maybe_dedent(snippet: str, style: SnippetStyle) -> str:
    return "".join(dedent_lines(snippet.splitlines(keepends=True))) if style.dedent else snippet
