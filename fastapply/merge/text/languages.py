"""Language names, detection, comment syntax and tree-sitter parsers: the one table of per-language
facts that the merge, the applier and the eval harness share.

Parsers come from the per-language ``tree_sitter_<lang>`` wheels when installed (no network, fast
start), else from ``tree_sitter_language_pack`` (1.x downloads a grammar on first use, which fails
offline, so it is only the fallback). A language without a grammar still merges line-wise; only the
syntax-aware steps are skipped.
"""

from __future__ import annotations

import functools
import importlib
import os
import re

# File extension -> canonical language name (the names tree-sitter-language-pack uses).
EXTENSIONS = {
    ".py": "python",
    ".pyi": "python",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
    ".rs": "rust",
    ".java": "java",
    ".c": "c",
    ".h": "c",
    ".cc": "cpp",
    ".cpp": "cpp",
    ".cxx": "cpp",
    ".hpp": "cpp",
    ".hh": "cpp",
    ".hxx": "cpp",
    ".cs": "csharp",
    ".kt": "kotlin",
    ".swift": "swift",
    ".rb": "ruby",
    ".php": "php",
    ".scala": "scala",
    ".lua": "lua",
    ".sql": "sql",
    ".sh": "bash",
    ".bash": "bash",
    ".md": "markdown",
    ".html": "html",
    ".htm": "html",
    ".xml": "xml",
    ".css": "css",
    ".scss": "scss",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".toml": "toml",
    ".hs": "haskell",
    ".vue": "vue",
    ".svelte": "svelte",
    ".json": "json",
    ".kts": "kotlin",
    ".sc": "scala",
    ".rake": "ruby",
    ".zsh": "bash",
    ".markdown": "markdown",
}

# Hints agents send ("py", "js", "c++", "golang") -> canonical name.
ALIASES = {
    "py": "python",
    "python3": "python",
    "js": "javascript",
    "jsx": "javascript",
    "mjs": "javascript",
    "node": "javascript",
    "ts": "typescript",
    "golang": "go",
    "rs": "rust",
    "c++": "cpp",
    "cxx": "cpp",
    "cc": "cpp",
    "h": "c",
    "md": "markdown",
    "sh": "bash",
    "shell": "bash",
    "yml": "yaml",
    "c#": "csharp",
    "cs": "csharp",
    "kt": "kotlin",
    "rb": "ruby",
    "htm": "html",
}

_LINE = {
    "python": "#",
    "ruby": "#",
    "bash": "#",
    "yaml": "#",
    "toml": "#",
    "perl": "#",
    "r": "#",
    "elixir": "#",
    "sql": "--",
    "lua": "--",
    "haskell": "--",
    "markdown": None,
    "html": None,
    "xml": None,
    "css": None,
    "scss": "//",
}
_BLOCK = {
    "python": None,
    "ruby": None,
    "bash": None,
    "yaml": None,
    "toml": None,
    "elixir": None,
    "markdown": ("<!--", "-->"),
    "html": ("<!--", "-->"),
    "xml": ("<!--", "-->"),
    "lua": ("--[[", "]]"),
    "haskell": ("{-", "-}"),
}

# Languages whose blocks are delimited by indentation rather than braces.
INDENT_LANGUAGES = {"python", "yaml"}

# Grammar wheels that do not follow the ``tree_sitter_<lang>`` module / ``language()`` pattern:
# language -> (module, attribute returning the language pointer).
_WHEELS = {
    "typescript": ("tree_sitter_typescript", "language_typescript"),
    "tsx": ("tree_sitter_typescript", "language_tsx"),
    "php": ("tree_sitter_php", "language_php"),
    "csharp": ("tree_sitter_c_sharp", "language"),
}
MARKER_TEXT = "... existing code ..."


def normalize_language(name: str | None) -> str | None:
    """Canonical language name for a hint such as ``"Py"``, ``"c++"`` or ``".tsx"``."""
    if not name:
        return None
    key = name.strip().lower()
    if key.startswith("."):
        return EXTENSIONS.get(key)
    return ALIASES.get(key, key)


_CONTENT_RULES = [  # (language, pattern) tried in order; first rule with a hit wins
    ("python", r"^\s*(def \w+\(.*\)\s*(->.*)?:|from [\w.]+ import |import \w+$|class \w+(\(.*\))?:)"),
    ("go", r"^(package \w+$|func (\(\w+ \*?\w+\) )?\w+\(|import \($)"),
    ("rust", r"^\s*(pub(\(crate\))? )?(fn|struct|enum|impl|mod|trait|use) [\w:<{]|^\s*#\[\w+"),
    (
        "java",
        r"^\s*(public|private|protected)( static)?( final)? (class|interface|enum|[\w<>\[\]]+ \w+\()|^package [\w.]+;",
    ),
    ("cpp", r"^\s*#include <\w+>$|^\s*(template ?<|namespace \w+|std::)|\w+::\w+\("),
    ("c", r"^\s*#include [<\"][\w/]+\.h[>\"]|^\s*(static )?(int|void|char|struct \w+) \*?\w+\("),
    ("tsx", r"^\s*import .* from ['\"].*['\"];?$(?s:.*)(<\w+[\s/>]|</\w+>)(?s:.*):\s*(string|number|boolean)\b"),
    ("typescript", r"^\s*(interface \w+|type \w+ =|.*:\s*(string|number|boolean)\b\s*[;,)=])"),
    ("javascript", r"^\s*(const|let|var|function|class|import|export)\b|=>|console\.log"),
]


def detect_language(path: str | None = None, text: str | None = None, hint: str | None = None) -> str | None:
    """Language of a file: the hint wins, then the path's extension, then the content.

    >>> detect_language(path="src/app.tsx")
    'tsx'
    >>> detect_language(text="package main\\n\\nfunc main() {}\\n")
    'go'
    """
    if hint:
        lang = normalize_language(hint)
        # Agents call a .tsx file "typescript": its JSX only parses with the TSX grammar.
        if lang == "typescript" and path and path.lower().endswith(".tsx"):
            return "tsx"
        return lang
    if path:
        lang = EXTENSIONS.get(os.path.splitext(path)[1].lower())
        if lang:
            return lang
    if text:
        for lang, pattern in _CONTENT_RULES:
            if re.search(pattern, text, re.MULTILINE):
                return lang
    return None


def comment_syntax(language: str | None) -> tuple[str | None, tuple[str, str] | None]:
    """(line comment prefix, (block open, block close)) for a language; C-style by default."""
    lang = normalize_language(language) or ""
    line = _LINE.get(lang, "//")
    block = _BLOCK.get(lang, ("/*", "*/"))
    return line, block


def marker_line(language: str | None, indent: str = "", text: str = MARKER_TEXT) -> str:
    """A lazy marker written as a comment of the language: its line comment, else its block
    comment (``# ... existing code ...``, ``<!-- ... existing code ... -->``, ``// ...`` by default)."""
    line, block = comment_syntax(language)
    if line:
        return f"{indent}{line} {text}"
    if block:
        return f"{indent}{block[0]} {text} {block[1]}"
    return f"{indent}// {text}"


@functools.cache
def get_ts_parser(language: str | None):
    """A tree-sitter parser for the language, or None when no grammar is available offline."""
    lang = normalize_language(language)
    if not lang or lang == "unknown":
        return None
    try:
        import tree_sitter
    except ImportError:
        return None
    module_name, attr = _WHEELS.get(lang, (f"tree_sitter_{lang}", "language"))
    try:
        module = importlib.import_module(module_name)
        return tree_sitter.Parser(tree_sitter.Language(getattr(module, attr)()))
    except Exception:  # no wheel, or an ABI mismatch with the installed tree_sitter
        pass
    try:
        from tree_sitter_language_pack import get_parser

        return get_parser(lang)
    except Exception:  # grammar missing and not downloadable: merge line-wise instead
        return None


@functools.lru_cache(maxsize=8)
def parse(text: str, language: str | None):
    """The tree-sitter tree of a text, or None without a grammar.

    TypeScript that does not parse is tried with the TSX grammar too (JSX in a file called
    "typescript"), and the tree with fewer errors wins. The last few trees are kept: one apply
    parses the same original and merged file for several checks (trees are read, never edited).
    """
    parser = get_ts_parser(language)
    if parser is None:
        return None
    data = text.encode("utf-8")
    tree = parser.parse(data)
    if tree.root_node.has_error and normalize_language(language) == "typescript":
        tsx = get_ts_parser("tsx")
        other = tsx.parse(data) if tsx is not None else None
        if other is not None and _error_count(other) < _error_count(tree):
            return other
    return tree


def _error_count(tree) -> int:
    count, stack = 0, [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_missing or node.type == "ERROR":
            count += 1
        elif node.has_error:
            stack.extend(node.children)
    return count
