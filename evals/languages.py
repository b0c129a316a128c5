"""Per-language facts the miner needs: file extensions, line-comment syntax for lazy markers, and
which tree-sitter node types count as a "function" when a change is widened to its function."""
from __future__ import annotations

from pathlib import PurePosixPath

EXTENSIONS = {
    ".py": "python", ".pyi": "python", ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript",
    ".cjs": "javascript", ".ts": "typescript", ".tsx": "tsx", ".go": "go", ".rs": "rust", ".java": "java",
    ".kt": "kotlin", ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".hpp": "cpp", ".cs": "csharp",
    ".rb": "ruby", ".php": "php", ".swift": "swift", ".scala": "scala", ".sh": "bash", ".lua": "lua",
    ".sql": "sql", ".html": "html", ".css": "css", ".scss": "scss", ".yaml": "yaml", ".yml": "yaml",
    ".toml": "toml", ".md": "markdown",
}
_HASH = {"python", "ruby", "bash", "yaml", "toml", "r", "perl", "elixir"}
_DASH = {"lua", "sql", "haskell"}
_ANGLE = {"html", "markdown", "xml", "vue"}
_BLOCK = {"css", "scss"}

FUNCTION_NODE_TYPES = {
    "function_definition", "function_declaration", "function_item", "method_declaration", "method_definition",
    "constructor_declaration", "function_expression", "arrow_function", "func_literal",
    "generator_function_declaration", "method", "singleton_method",
}
# Syntax that belongs to the function but sits in a parent node: decorators, `export`.
WRAPPER_NODE_TYPES = {"decorated_definition", "export_statement"}
MARKER_TEXT = "... existing code ..."


def language_for_path(path: str) -> str | None:
    return EXTENSIONS.get(PurePosixPath(path).suffix.lower())


def marker_line(language: str, indent: str = "", text: str = MARKER_TEXT) -> str:
    """A lazy marker written as a comment of ``language`` (``// ... existing code ...`` by default)."""
    if language in _HASH:
        body = f"# {text}"
    elif language in _DASH:
        body = f"-- {text}"
    elif language in _ANGLE:
        body = f"<!-- {text} -->"
    elif language in _BLOCK:
        body = f"/* {text} */"
    else:
        body = f"// {text}"
    return indent + body

