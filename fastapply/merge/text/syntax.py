"""Syntax-tree facts the merge needs: named definitions and parse-error locations."""

from __future__ import annotations

import ast
import functools
import re
import warnings
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from fastapply.merge.text.languages import parse

# Node types that are "definitions" a snippet may replace whole, across the supported grammars.
DEFINITION_TYPES = {
    "function_definition",
    "class_definition",
    "decorated_definition",  # python, c, cpp
    "function_declaration",
    "generator_function_declaration",
    "class_declaration",
    "method_definition",
    "abstract_class_declaration",
    "interface_declaration",
    "type_alias_declaration",
    "enum_declaration",
    "lexical_declaration",  # js / ts
    "method_declaration",
    "type_declaration",  # go (function_declaration above)
    "function_item",
    "impl_item",
    "struct_item",
    "enum_item",
    "trait_item",
    "mod_item",
    "macro_definition",
    "const_item",
    "static_item",  # rust
    "constructor_declaration",
    "record_declaration",
    "annotation_type_declaration",  # java
    "struct_specifier",
    "class_specifier",
    "namespace_definition",
    "template_declaration",  # c/cpp
    "object_definition",
    "trait_definition",  # scala (function_definition, class_definition above)
    "object_declaration",  # kotlin (function_declaration, class_declaration above)
    "method",
    "singleton_method",
    "class",
    "module",  # ruby
    "protocol_declaration",  # swift
    "namespace_declaration",
    "struct_declaration",  # c#
    "rule_set",  # css: named by its selectors
    "block_mapping_pair",  # yaml: a key whose value is a block (a section), named by its key
    "expression_statement",  # js: Writer.prototype.render = function (...) {...}, when it assigns a function
}
# Sections named by text that can open several under one holder (a CSS selector, a YAML key).
NAMED_BY_TEXT = ("rule_set", "block_mapping_pair")
_ASSIGNED_FUNCTIONS = {"function_expression", "function", "arrow_function", "generator_function", "class"}
# Definitions whose children can be definitions too (methods inside classes, fns in impls).
_CONTAINER_FIELDS = ("body", "definition", "declaration_list")


@dataclass(frozen=True)
class Definition:
    name: str
    kind: str
    start: int  # first line (decorators/annotations included), 0-based
    header: int  # line holding the name
    end: int  # last line, inclusive


def _name_of(node) -> tuple[str, int] | None:
    target = node
    if node.type == "decorated_definition":
        target = node.child_by_field_name("definition") or node
    if node.type == "template_declaration":
        for child in node.named_children:
            if child.type in DEFINITION_TYPES:
                return _name_of(child)
    if node.type == "lexical_declaration":  # const foo = () => ...
        for child in node.named_children:
            if child.type == "variable_declarator":
                target = child
                break
    if node.type == "type_declaration":  # go: type Foo struct
        for child in node.named_children:
            if child.type in ("type_spec", "type_alias"):
                target = child
    if node.type == "impl_item":
        name_node = node.child_by_field_name("type")
        trait = node.child_by_field_name("trait")
        if name_node is not None:
            text = name_node.text.decode("utf-8", "replace")
            if trait is not None:
                text = trait.text.decode("utf-8", "replace") + " for " + text
            return "impl " + text, name_node.start_point[0]
    if node.type == "expression_statement":
        assignment = node.named_children[0] if node.named_children else None
        if assignment is None or assignment.type != "assignment_expression":
            return None
        left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
        if left is None or right is None or right.type not in _ASSIGNED_FUNCTIONS:
            return None
        return left.text.decode("utf-8", "replace"), left.start_point[0]
    if node.type == "block_mapping_pair":
        key, value = node.child_by_field_name("key"), node.child_by_field_name("value")
        if key is None or value is None or value.type != "block_node":
            return None
        return key.text.decode("utf-8", "replace"), key.start_point[0]
    if node.type == "rule_set":
        selectors = next((c for c in node.named_children if c.type == "selectors"), None)
        return (selectors.text.decode("utf-8", "replace"), selectors.start_point[0]) if selectors else None
    name_node = target.child_by_field_name("name")
    declarator = target.child_by_field_name("declarator")
    while name_node is None and declarator is not None:  # c/cpp: int *foo(int a)
        if declarator.type in (
            "identifier",
            "field_identifier",
            "qualified_identifier",
            "destructor_name",
            "operator_name",
        ):
            name_node = declarator
            break
        declarator = declarator.child_by_field_name("declarator")
    if name_node is None:
        return None
    name = name_node.text.decode("utf-8", "replace")
    # A MISSING node that error recovery inserted (e.g. in a file cut mid-class) has no text: such a
    # definition cannot be recognised by name.
    return (name, name_node.start_point[0]) if name.strip() else None


def innermost_definition(defs: list[Definition], line: int) -> Definition | None:
    """The smallest definition holding `line` before its last line (the one a chunk that shows
    `line` leaves open); None when no definition does."""
    holding = [d for d in defs if d.start <= line < d.end]
    return min(holding, key=lambda d: d.end - d.start) if holding else None


def holder(definition: Definition, defs: list[Definition]) -> Definition | None:
    """The smallest other definition of ``defs`` that holds ``definition``; None at the top. A
    wrapper with the same header (a decorated definition around its function) is no other one."""
    holders = [
        d
        for d in defs
        if d is not definition
        and d.header != definition.header
        and d.start <= definition.start
        and definition.end <= d.end
    ]
    return min(holders, key=lambda d: d.end - d.start) if holders else None


def qualified(definition: Definition, defs: list[Definition]) -> tuple[str, ...]:
    """The names of the definitions holding ``definition``, outermost first, then its own: two
    ``__init__`` of two classes are different definitions."""
    names = [definition.name]
    outer = holder(definition, defs)
    while outer is not None:
        names.append(outer.name)
        outer = holder(outer, defs)
    return tuple(reversed(names))


def short_name(name: str) -> str:
    """A definition's name without its kind or owner: "fn Pipe.sink" and "Devise::Registrations"
    are sink and Registrations."""
    return re.split(r"::|\.", name.split()[-1])[-1]


def definitions(text: str, language: str | None, *, keep: frozenset[tuple[str, str]] = frozenset()) -> list[Definition]:
    """Named definitions of a text, outer before inner, in file order; [] without a grammar.

    A CSS selector or a YAML key can open several sections (".CodeMirror" at the top and again
    further down, an ``env:`` in every job): a snippet's section does not say which one it
    rewrites, so such sections are no definitions, unless ``keep`` holds their (holder's name,
    name): a check that counts the copies of the sections the original opens once in their
    holder (``sections_once``).

    One apply asks for the definitions of the same original and merged file from several checks:
    the last few answers are kept (a walk over a large file's tree costs seconds)."""
    found = _definitions(text, language)
    if not any(d.kind in NAMED_BY_TEXT for d in found):
        return list(found)
    opened = Counter(d.name for d in found if d.kind in NAMED_BY_TEXT)
    keys = _section_keys(found) if keep else {}
    return [d for d in found if d.kind not in NAMED_BY_TEXT or opened[d.name] == 1 or keys.get(id(d)) in keep]


def sections_once(text: str, language: str | None) -> frozenset[tuple[str, str]]:
    """(holder's name, name) of each CSS or YAML section the text opens once in its holder."""
    opened = Counter(_section_keys(_definitions(text, language)).values())
    return frozenset(key for key, n in opened.items() if n == 1)


def _section_keys(found) -> dict[int, tuple[str, str]]:
    """id(d) -> (holder's name, name) of each section named by text among ``found``."""
    held = holder_names(found)
    return {id(d): (held[id(d)], d.name) for d in found if d.kind in NAMED_BY_TEXT}


@functools.lru_cache(maxsize=8)
def _definitions(text: str, language: str | None) -> tuple[Definition, ...]:
    tree = parse(text, language)
    if tree is None:
        return ()
    found: list[Definition] = []

    def visit(node, depth: int) -> None:
        for child in node.named_children:
            if child.type in DEFINITION_TYPES:
                named = _name_of(child)
                if named is not None:
                    found.append(Definition(named[0], child.type, child.start_point[0], named[1], last_line(child)))
            if depth < 32:  # methods of anonymous classes inside nested blocks sit ~20 levels down
                visit(child, depth + 1)

    visit(tree.root_node, 0)
    return tuple(found)


def holder_names(found) -> dict[int, str]:
    """id(d) -> the name of the innermost other definition of ``found`` holding d ("" at the top
    level), in one pass: definitions nest, so the holders of one are on a stack of those still open."""
    parents: dict[int, str] = {}
    stack: list = []
    for d in sorted(found, key=lambda e: (e.start, -e.end)):
        while stack and stack[-1].end < d.start:
            stack.pop()
        holder = next(
            (
                e
                for e in reversed(stack)
                if e.start <= d.start and d.end <= e.end and (e.start, e.end) != (d.start, d.end)
            ),
            None,
        )
        parents[id(d)] = holder.name if holder is not None else ""
        stack.append(d)
    return parents


def string_interiors(text: str, language: str | None) -> dict[int, int]:
    """{row: the row its string opens on} for each row after the first of a string literal that
    spans rows (a Go raw string, a Python triple-quoted string, a JS template): text, not code.

    >>> string_interiors('const u = `\\nhelp\\n`\\nx := 1', "go")
    {1: 0, 2: 0}
    """
    tree = parse(text, language)
    if tree is None:
        return {}
    found: dict[int, int] = {}
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if "string" in node.type and node.end_point[0] > node.start_point[0]:
            found.update((row, node.start_point[0]) for row in range(node.start_point[0] + 1, node.end_point[0] + 1))
            continue
        stack.extend(node.children)
    return found


def last_line(node) -> int:
    row, column = node.end_point
    return row - 1 if column == 0 and row > node.start_point[0] else row


def error_lines(text: str, language: str | None, excused: frozenset[str] = frozenset()) -> list[int] | None:
    """0-based lines of ERROR / MISSING nodes (one per node), or None without a grammar. A node on
    whose first two lines one of the `excused` macros is called is not counted (see error_macros)."""
    found = _error_nodes(text, language)
    if found is None:
        return None
    if language == "python" and not found:
        found = list(_python_error(text))
    lines = text.split("\n")
    return sorted(row for row, end in found if not excused or not excused & _macros_at(lines, row, end))


@functools.lru_cache(maxsize=32)  # a repair checks the same candidate file more than once
def _python_error(text: str) -> tuple[tuple[int, int], ...]:
    r"""Python's own parser where tree-sitter's is lenient: an ``else:`` with no body below it parses
    there as an empty block, but no interpreter runs it. The first error, as (row, row); none where
    the text parses (or cannot be parsed at all: null bytes, nesting too deep).

    >>> _python_error("if x:\n    y = 1\nelse:\ny = 2\n"), _python_error("if x:\n    y = 1\n")
    (((3, 3),), ())
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes and the like: warnings, not errors
            ast.parse(text)
    except SyntaxError as error:
        row = max(0, (error.lineno or 1) - 1)
        return ((row, row),)
    except (ValueError, RecursionError, MemoryError):
        pass
    return ()


def new_parse_errors(original: str, lang: str | None) -> Callable[[str], list[int]]:
    """A check of files made from `original`: a file's parse-error lines when it has more of them
    than the original (macros the grammar does not know excused), else []. The original is
    parsed once, however many files are checked."""
    excused = error_macros(original, lang)
    before = error_lines(original, lang, excused)

    def check(merged: str) -> list[int]:
        after = error_lines(merged, lang, excused)
        if before is None or after is None or len(after) <= len(before):
            return []
        return after

    return check


_MACRO_CALL = re.compile(r"\b([A-Z][A-Z0-9_]{2,})\s*\(")


def error_macros(text: str, language: str | None) -> frozenset[str]:
    """Macro calls (``GUARDED_BY(mutex_)``) on the first two lines of the text's parse errors: the
    grammar does not know them, so the same macro in new code is no new error of the merge's."""
    lines = text.split("\n")
    return frozenset().union(*(_macros_at(lines, row, end) for row, end in _error_nodes(text, language) or []))


def _macros_at(lines: list[str], row: int, end: int) -> frozenset[str]:
    """Macro calls on the first two lines of the parse error spanning rows row..end."""
    return frozenset(_MACRO_CALL.findall("\n".join(lines[row : min(end, row + 1) + 1])))


def _error_nodes(text: str, language: str | None) -> list[tuple[int, int]] | None:
    """(first row, last row) of each ERROR / MISSING node, one per broken region."""
    tree = parse(text, language)
    if tree is None:
        return None
    if not tree.root_node.has_error:
        return []
    found: list[tuple[int, int]] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_missing or node.type == "ERROR":
            found.append((node.start_point[0], node.end_point[0]))
            continue  # one report per broken region
        if node.has_error:
            stack.extend(node.children)
    return found


def first_row(definition, lines: list[str]) -> int:
    """The definition's first row with the comment lines right above it (``/** … */``, ``//``, ``# ``,
    a bare ``#`` between them, ``-- ``)."""
    row = definition.start
    while row > 0 and (
        lines[row - 1].strip().startswith(("/*", "*", "//", "# ", "-- ")) or lines[row - 1].strip() == "#"
    ):
        row -= 1
    return row


def with_blank_run(lines: list[str], a: int, b: int) -> tuple[int, int]:
    """The span with the blank lines after it (before it, at the end of the file or where a closing
    line follows it at once): the separator above the old copy then separates its neighbours, and
    no double gap stays."""
    end = b
    while end + 1 < len(lines) and not lines[end + 1].strip():
        end += 1
    if end + 1 < len(lines) and end > b:
        return a, end
    start = a
    while start > 0 and not lines[start - 1].strip():
        start -= 1
    return (start, b) if start < a else (a, end)
