"""Windows for long files: the line ranges a snippet touches, so a model rewrites only those.

Protocol for the engine:
  1. ``windows = find_windows(original, snippet, lang)``; None means anchoring failed and the
     whole file must go to the model.
  2. For each window, ``window_snippet(snippet, original, window, lang)`` gives the sub-snippet
     (the chunks that land in that window, with markers standing for the window's untouched
     lines); the model rewrites ``window_text(original, window)`` with it.
  3. ``splice(original, windows, rewritten)`` puts the rewritten windows back and copies every
     other byte of the original unchanged.
"""

from __future__ import annotations

from fastapply.merge.merge import MergeResult, lazy_merge, plan_chunks
from fastapply.merge.snippet.chunks import split_chunks
from fastapply.merge.text.languages import detect_language, marker_line
from fastapply.merge.text.lines import split_lines

DEFAULT_CONTEXT_LINES = 8


def _plans(original: str, snippet: str, language: str | None):
    lang = detect_language(text=original, hint=language)
    orig, _, _ = split_lines(original)
    chunks = split_chunks(split_lines(snippet)[0], lang)
    if not chunks or not orig:
        return lang, orig, [], ["nothing to place"]
    plans, problems, _ = plan_chunks(orig, chunks, lang, original)
    return lang, orig, plans, problems


def find_windows(
    original: str, snippet: str, language: str | None = None, context_lines: int = DEFAULT_CONTEXT_LINES
) -> list[tuple[int, int]] | None:
    """Half-open 0-based line ranges of the original that the snippet touches, widened by
    `context_lines` on each side and merged where they overlap; None when anchoring fails
    (a chunk without anchor, ambiguous or overlapping placement)."""
    if context_lines < 0:
        raise ValueError(f"context_lines must be >= 0, got {context_lines}")
    return windows_of(lazy_merge(original, snippet, language), original, context_lines)


def windows_of(
    result: MergeResult, original: str, context_lines: int = DEFAULT_CONTEXT_LINES
) -> list[tuple[int, int]] | None:
    """`find_windows` from a merge already computed for (original, snippet): no second placement."""
    if context_lines < 0:
        raise ValueError(f"context_lines must be >= 0, got {context_lines}")
    n = len(split_lines(original)[0]) if original else 0
    if not result.anchored or not result.spans or n == 0:
        return None
    windows: list[tuple[int, int]] = []
    for start, end in result.spans:
        start, end = max(0, start - context_lines), min(n, end + context_lines)
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(end, windows[-1][1]))
        else:
            windows.append((start, end))
    return windows


def is_whole_file(windows: list[tuple[int, int]], original: str) -> bool:
    """True when the windows are one window spanning the whole file (nothing to save by windowing)."""
    return windows == [(0, len(original.splitlines()))]


def window_text(original: str, window: tuple[int, int]) -> str:
    """The original's lines of one window, line endings kept."""
    lines = original.splitlines(keepends=True)
    return "".join(lines[window[0] : window[1]])


def window_snippet(snippet: str, original: str, window: tuple[int, int], language: str | None = None) -> str:
    """The part of the snippet that lands in `window`, as a snippet for that window alone.

    Chunks placed inside the window are kept in order; a marker (in the language's comment
    syntax) stands for untouched window lines before, between and after them.
    """
    lang, orig, plans, _ = _plans(original, snippet, language)
    marker = marker_line(lang)
    start, end = window
    parts: list[str] = []
    pos = start
    for plan in plans:
        if plan.start is None or plan.start < start or plan.end > end:
            continue
        if plan.start > pos or (plan.start == pos and plan.start == plan.end and pos > start):
            parts.append(_indent_like(plan.lines) + marker)
        parts.extend(plan.lines)
        pos = plan.end
    if pos < end:
        parts.append(_indent_like(parts[-1:] or [""]) + marker)
    return "\n".join(parts) + "\n"


def _indent_like(lines: list[str]) -> str:
    for line in lines:
        if line.strip():
            return line[: len(line) - len(line.lstrip())]
    return ""


def splice(original: str, windows: list[tuple[int, int]], rewritten_windows: list[str]) -> str:
    """The original with each window's lines replaced by its rewritten text, all else byte for byte.

    Windows must be sorted, non-overlapping, half-open line ranges within the file. A rewritten
    window that lacks a final newline gets the original window's line ending when more text
    follows, so lines never fuse.
    """
    if len(windows) != len(rewritten_windows):
        raise ValueError(f"{len(windows)} windows but {len(rewritten_windows)} rewritten texts")
    lines = original.splitlines(keepends=True)
    out: list[str] = []
    pos = 0
    for (start, end), text in zip(windows, rewritten_windows):
        if not (pos <= start <= end <= len(lines)):
            raise ValueError(f"window {(start, end)} is out of order, overlapping or outside the file")
        out.extend(lines[pos:start])
        if text and end < len(lines) and not text.endswith(("\n", "\r")):
            ending = lines[end - 1][len(lines[end - 1].rstrip("\r\n")) :] if end > start else "\n"
            text += ending or "\n"
        out.append(text)
        pos = end
    out.extend(lines[pos:])
    return "".join(out)
