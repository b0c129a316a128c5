"""Synthesizing a lazy edit snippet from a (before, after) pair of files.

Regions are half-open line ranges of ``after``. Each change is widened (3 lines of context, or its
whole enclosing function), overlapping regions are merged, and every stretch of ``after`` left out
becomes one marker line, indented like the first code line it stands for so that Python snippets
stay readable.
"""

from __future__ import annotations

import difflib
import re

from fastapply.merge.text.languages import marker_line, parse

# Tree-sitter node types that count as a "function" when a change is widened to its function.
FUNCTION_NODE_TYPES = {
    "function_definition",
    "function_declaration",
    "function_item",
    "method_declaration",
    "method_definition",
    "constructor_declaration",
    "function_expression",
    "arrow_function",
    "func_literal",
    "generator_function_declaration",
    "method",
    "singleton_method",
}
# Syntax that belongs to the function but sits in a parent node: decorators, `export`.
WRAPPER_NODE_TYPES = {"decorated_definition", "export_statement"}
CONTEXT_LINES = 3
MAX_FUNCTION_LINES = 150  # a longer "function" is a class body or a test table: keep plain context
VARIANTS = ("context3", "function")
Region = tuple[int, int]

_HEADER = re.compile(
    r"^\s*(?:(?:async\s+)?def\s|func\s|(?:pub(?:\([^)]*\))?\s+)?(?:async\s+|unsafe\s+|const\s+)*fn\s"
    r"|(?:export\s+)?(?:default\s+)?(?:async\s+)?function\b)"
)
_C_LIKE_HEADER = re.compile(
    r"^\s*(?!(?:if|for|while|switch|catch|else|try|do|return|new)\b)[\w<>\[\],.@\s]+\([^;]*\)[^;]*\{\s*$"
)


def changed_regions(before: list[str], after: list[str]) -> list[Region]:
    """Where ``after`` differs from ``before``; a pure deletion is an empty region at its position."""
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [(j1, j2) for tag, _, _, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def merge_regions(regions: list[Region], after: list[str]) -> list[Region]:
    """Sort and merge regions that overlap, touch, or are separated by blank lines only (a marker
    standing for nothing but blank lines would be noise)."""
    merged: list[Region] = []
    for start, end in sorted(regions):
        if merged and all(not line.strip() for line in after[merged[-1][1] : start]):
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    if merged and all(not line.strip() for line in after[merged[-1][1] :]):
        merged[-1] = (merged[-1][0], len(after))
    return merged


def widen_context(region: Region, n_lines: int, context: int = CONTEXT_LINES) -> Region:
    return max(0, region[0] - context), min(n_lines, region[1] + context)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _function_span_tree_sitter(after: list[str], region: Region, language: str) -> Region | None:
    tree = parse("".join(after), language)
    if tree is None:
        return None
    root = tree.root_node
    first, last = region[0], max(region[0], region[1] - 1)
    node = root.named_descendant_for_point_range((first, 0), (last, len(after[last].encode("utf-8")) - 1))
    while node is not None and node.type not in FUNCTION_NODE_TYPES:
        node = node.parent
    if node is None:
        return None
    if node.parent is not None and node.parent.type in WRAPPER_NODE_TYPES:
        node = node.parent
    return node.start_point[0], node.end_point[0] + 1


def _function_span_heuristic(after: list[str], region: Region, language: str) -> Region | None:
    """Indentation/brace fallback when no grammar is installed: the nearest header above the change
    indented less than it, down to the first line back at the header's indentation."""
    code_rows = [i for i in range(*region) if after[i].strip()] or [region[0]]
    min_indent = min(_indent(after[i]) for i in code_rows)
    header_re = _HEADER if language in ("python", "go", "rust", "javascript", "typescript", "tsx") else _C_LIKE_HEADER
    for row in range(min(region[0], len(after) - 1), -1, -1):
        line = after[row]
        if not line.strip() or not (header_re.match(line) or (header_re is _HEADER and _C_LIKE_HEADER.match(line))):
            continue
        if _indent(line) >= min_indent and row < region[0]:
            continue
        depth = _indent(line)
        end = row + 1
        while end < len(after) and (not after[end].strip() or _indent(after[end]) > depth):
            end += 1
        if end < len(after) and after[end].lstrip().startswith(("}", ")")):
            end += 1  # the closing brace belongs to the function
        while end > row + 1 and not after[end - 1].strip():
            end -= 1
        if end >= region[1]:
            return row, end
        return None  # the nearest enclosing header ends before the change: not inside a function
    return None


def function_region(after: list[str], region: Region, language: str) -> Region:
    """``region`` widened to its enclosing function, or to 3 lines of context if it has none (or
    the function is longer than MAX_FUNCTION_LINES)."""
    probe = region if region[1] > region[0] else (max(0, region[0] - 1), min(len(after), region[0] + 1))
    if probe[1] <= probe[0]:
        return widen_context(region, len(after))
    span = _function_span_tree_sitter(after, probe, language)
    if span is None:
        span = _function_span_heuristic(after, probe, language)
    if span is None or span[1] - span[0] > MAX_FUNCTION_LINES:
        return widen_context(region, len(after))
    return min(span[0], region[0]), max(span[1], region[1])


def render_snippet(after: list[str], regions: list[Region], language: str) -> str:
    out: list[str] = []
    position = 0
    for start, end in regions:
        if start > position:
            out.append(_marker_for(after[position:start], language))
        out.extend(after[start:end])
        position = end
    if position < len(after):
        if out and not out[-1].endswith("\n"):
            out[-1] += "\n"
        out.append(_marker_for(after[position:], language))
    return "".join(out)


def _marker_for(omitted: list[str], language: str) -> str:
    first_code = next((line for line in omitted if line.strip()), "")
    return marker_line(language, first_code[: _indent(first_code)]) + "\n"


def make_snippet(before: str, after: str, language: str, variant: str = "context3") -> tuple[str, int]:
    """(lazy snippet turning ``before`` into ``after``, number of regions it shows)."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
    before_lines, after_lines = before.splitlines(keepends=True), after.splitlines(keepends=True)
    changes = changed_regions(before_lines, after_lines)
    if variant == "context3":
        widened = [widen_context(r, len(after_lines)) for r in changes]
    else:
        widened = [function_region(after_lines, r, language) for r in changes]
    regions = merge_regions(widened, after_lines)
    return render_snippet(after_lines, regions, language), len(regions)
