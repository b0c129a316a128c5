"""Syntax validity of a merged file with tree-sitter.

"Valid" means the merged file has no more ERROR/MISSING nodes than the expected file: some real
files do not parse cleanly with the bundled grammar (new syntax, templates), and the merge should not
be blamed for that. A language with no grammar available gives ``None`` (unknown), never False.

Grammars come from ``fastapply.merge.text.languages`` (single-language wheels first because they work
offline; tree-sitter-language-pack >= 1.0 downloads parsers at run time, so it is only the fallback).
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapply.merge.text.languages import get_ts_parser as get_parser  # noqa: F401  (re-exported)
from fastapply.merge.text.languages import parse


def count_error_nodes(text: str, language: str | None) -> int | None:
    """ERROR plus MISSING nodes in the parse of ``text``; None if the language has no grammar."""
    tree = parse(text, language)
    if tree is None:
        return None
    root = tree.root_node
    if not root.has_error:
        return 0
    count = 0
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            count += 1
        if node.has_error:  # only subtrees that contain an error are worth walking
            stack.extend(node.children)
    return count


@dataclass(frozen=True)
class SyntaxCheck:
    valid: bool | None
    merged_errors: int | None
    expected_errors: int | None


def check_syntax(merged: str, expected: str, language: str | None) -> SyntaxCheck:
    merged_errors = count_error_nodes(merged, language)
    if merged_errors is None:
        return SyntaxCheck(None, None, None)
    expected_errors = count_error_nodes(expected, language) or 0
    return SyntaxCheck(merged_errors <= expected_errors, merged_errors, expected_errors)
