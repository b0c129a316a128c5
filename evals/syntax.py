"""Syntax validity of a merged file with tree-sitter.

"Valid" means the merged file has no more ERROR/MISSING nodes than the expected file: some real
files do not parse cleanly with the bundled grammar (new syntax, templates), and the merge should not
be blamed for that. A language with no grammar available gives ``None`` (unknown), never False.

Grammars come from the single-language wheels (``tree_sitter_python`` ...) first because they work
offline; tree-sitter-language-pack >= 1.0 downloads parsers at run time, which fails without network,
so it is only the fallback.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache

LANGUAGE_ALIASES = {
    "py": "python", "python3": "python", "js": "javascript", "jsx": "javascript", "mjs": "javascript",
    "ts": "typescript", "golang": "go", "rs": "rust", "c++": "cpp", "cs": "csharp", "c#": "csharp",
    "sh": "bash", "shell": "bash", "yml": "yaml", "md": "markdown", "kt": "kotlin", "rb": "ruby",
}
# module name, attribute holding the language() function, for grammars shipped as their own wheel
_GRAMMAR_WHEELS = {
    "typescript": ("tree_sitter_typescript", "language_typescript"),
    "tsx": ("tree_sitter_typescript", "language_tsx"),
    "php": ("tree_sitter_php", "language_php"),
}


def canonical_language(language: str | None) -> str:
    name = (language or "").strip().lower()
    return LANGUAGE_ALIASES.get(name, name)


@lru_cache(maxsize=None)
def get_parser(language: str | None):
    """A tree-sitter Parser for ``language``, or None if no grammar can be had (result cached)."""
    name = canonical_language(language)
    if not name or name == "unknown":
        return None
    try:
        import tree_sitter
    except ImportError:
        return None
    module_name, attr = _GRAMMAR_WHEELS.get(name, (f"tree_sitter_{name}", "language"))
    try:
        module = importlib.import_module(module_name)
        return tree_sitter.Parser(tree_sitter.Language(getattr(module, attr)()))
    except Exception:  # missing wheel, or ABI mismatch with the installed tree_sitter
        pass
    try:
        from tree_sitter_language_pack import get_parser as pack_parser

        return pack_parser(name)
    except Exception:  # unknown language, or the pack could not download the grammar
        return None


def count_error_nodes(text: str, language: str | None) -> int | None:
    """ERROR plus MISSING nodes in the parse of ``text``; None if the language has no grammar."""
    parser = get_parser(language)
    if parser is None:
        return None
    root = parser.parse(text.encode("utf-8")).root_node
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
