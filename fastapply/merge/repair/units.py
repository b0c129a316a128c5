"""Where a named thing lives in a merged file: the whole-line syntax units that hold a name (with the
comments and attributes above them), whether a unit defines it, and whether a line uses it.

A name inside a string literal is a value, not a use; an import declares the name it imports.
"""

from __future__ import annotations

import re

from fastapply.merge.snippet.chunks import closing_only
from fastapply.merge.text.normal import definition_key, whole_word
from fastapply.merge.text.syntax import last_line

CODE_NAME = re.compile(r"^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*$")  # a name, qualified or not
_COMMENT = re.compile(r"^\s*(?://|#|/\*|\*|--|<!--)")


def defines(lines: list[str], span: tuple[int, int], name: str) -> bool:
    """Whether a code line of the span (comments aside) defines ``name``: it is what the line
    declares, assigns or imports (``def name``, ``const name =``, ``private int name;``,
    ``name: value``, ``import { name } from``, ``def self.name``).

    >>> defines(["  def self.normalize_path(path)", "  end"], (0, 1), "Router.normalize_path")
    True
    >>> defines(["summary {", "  cursor: pointer;", "}"], (0, 2), "summary")  # a CSS rule's selector
    True
    >>> defines(["details[open] > summary {", "  margin: 0;", "}"], (0, 2), "summary")  # a combinator's
    False
    >>> defines(["private static IEnumerable<Token> Tokenize(", "    string value)"], (0, 1), "Tokenize")
    True
    """
    short = name.split(".")[-1].split("::")[-1]
    # (a receiver may stand before the name: Ruby's ``def self.name``; a CSS combinator may not)
    declared = re.compile(rf"^\s*(?:[\w$<>\[\],.?@]+\s+)+(?<!\s[>+~]\s)(?:self\.)?{re.escape(short)}\s*(?:[=;(:{{,]|$)")
    for row in range(span[0], span[1] + 1):
        line = lines[row]
        if not line.strip() or _COMMENT.match(line):
            continue
        if definition_key(line) in (name, short) or declared.match(line):
            return True
        if line.rstrip().endswith(("{", ",")) and name in (part.strip() for part in line.rstrip(" \t{,").split(",")):
            return True  # a selector of a rule's list: "summary {", "a em,"
        if _IMPORT.match(line) and whole_word(short).search(line):
            return True  # an import declares the name in the file: it goes with the last use
    return False


_IMPORT = re.compile(r"^\s*(?:import|from\s+\S+\s+import|use|using|require|#include)\b")


def units_of(
    name: str, tree, lines: list[str], hidden: list[bool], word: bool = False, part: bool = False
) -> list[tuple[int, int]]:
    """The hidden units holding each hidden occurrence of ``name`` (as a whole word when asked).
    An identifier inside a string literal is a value, not the thing itself: it does not count.
    A ``part`` ("the showTimeCaption: true entry") is held as code quoted whole is: the unit
    grows no further than the node that says it."""
    pattern = whole_word(name) if word else re.compile(re.escape(name))
    identifier = CODE_NAME.match(name) is not None and not part
    spans = []
    for row, line in enumerate(lines):
        match = pattern.search(line) if hidden[row] else None
        while match and identifier and _in_string(line, match.start()):
            match = pattern.search(line, match.end())
        span = match and _hidden_unit(tree, lines, hidden, row, match.start(), len(name), pattern, not identifier)
        if span:
            spans.append(span)
    return spans


def uses(line: str, name: str) -> bool:
    """Whether ``line`` holds ``name`` as a whole word outside string literals."""
    pattern = whole_word(name)
    return any(not _in_string(line, match.start()) for match in pattern.finditer(line))


def _in_string(line: str, at: int) -> bool:
    """Whether position ``at`` of a line lies inside a quoted string (counting quotes before it)."""
    before = line[:at]
    return any(before.count(q) % 2 == 1 for q in ("'", '"', "`"))


def _hidden_unit(
    tree,
    lines: list[str],
    hidden: list[bool],
    row: int,
    column: int,
    width: int,
    name: re.Pattern[str],
    quoted: bool = False,
) -> tuple[int, int] | None:
    """The lines of the largest node around (row, column) that covers whole lines the snippet
    does not show, widened by the comments and attributes right above it (``#[derive]`` is the
    item's own sibling in Rust's grammar); None when there is none. Where that node is the body
    of something the snippet shows (a function whose header it shows) and holds parts that do not
    say the name, the part that does is the unit. Code quoted whole (``quoted``: "remove the
    `success = True` line") is the statement that holds it: the unit grows no further than a node
    beside parts that do not say it."""
    conditional = _preprocessor_block(lines, row)
    if conditional is not None:  # the grammar's node for "#ifdef" can run on to the file's end
        first, last = conditional
        return conditional if all(hidden[first : last + 1]) else None
    byte = len(lines[row][:column].encode("utf-8"))
    node = tree.root_node.descendant_for_point_range((row, byte), (row, byte + width))
    # a line quoted whole (its ";" aside) that is a whole node of its own ("drop the `// for
    # retries >= 0 {` comment", "the `success = True` line") is that line, whatever it opens or
    # stands in
    whole_line = quoted and not lines[row][:column].strip() and lines[row][column + width :].strip() in ("", ";", ",")
    best = below = None
    element = _bound_element(node)
    if element is not None:  # a parameter, a catch's binding, an entry of a destructuring pattern
        first, last = element.start_point[0], last_line(element)
        if _whole_lines(element, lines) and all(hidden[first : last + 1]):
            return first, last  # its own lines go, not the declaration or the function around them
        return None  # inside a line: that line is edited, not removed
    while node is not None and node.parent is not None:
        first, last = node.start_point[0], last_line(node)
        if not all(hidden[first : last + 1]):
            break
        if whole_line and first == last == row and _whole_lines(node, lines):
            return row, row
        if _whole_lines(node, lines):
            best, below = node, best
            if quoted and _holds_others(node.parent, lines, name) or _declares(node, name):
                break  # (the declaration of the name is the thing itself, not what holds it)
        node = node.parent
    if below is not None and node is not None and _BODY.search(best.type) and _holds_others(best, lines, name):
        best = below  # not the body of a definition the snippet shows: the part of it that says the name
    elif below is not None and _DEFINITION.search(best.type) and not _declares(best, name):
        body = best.child_by_field_name("body")
        inside = body is not None and body.start_byte <= below.start_byte
        # (a name in the header, "file::dup(int fd)", is the function itself, whatever its body says)
        header = lines[best.start_point[0] : body.start_point[0] + 1] if body is not None else []
        if inside and not any(name.search(line) for line in header) and _holds_others(body, lines, name):
            best = below  # a function whose other statements do not say it: the statement that does
    if best is None or "comment" in best.type:
        return None  # a name met only in a comment: removing the comment alone is rarely the ask
    first, last = best.start_point[0], last_line(best)
    # A comment above a statement that the next line continues (same indentation, no blank line
    # between) heads that paragraph, not the statement alone: it stays.
    kinds = ("attribute", "annotation") if _paragraph_goes_on(lines, first, last) else _ABOVE
    above = best.prev_named_sibling
    while (
        above is not None
        and any(kind in above.type for kind in kinds)
        and _attached(above, first, lines)
        and all(hidden[above.start_point[0] : first])
    ):
        first, above = above.start_point[0], above.prev_named_sibling
    return first, last


def _declares(node, name: re.Pattern[str]) -> bool:
    """Whether ``node`` is a declaration or definition of the name (its ``name`` field says it: a
    property, a method; not an import, which names what it brings in), or an assignment to it as a
    plain name (a local's ``num_types = (int, float)``: its ``left`` field says it; an assignment to
    a member, ``api.dispatch = ...``, patches what another part declared)."""
    if _DECLARATION.search(node.type):
        field = node.child_by_field_name("name")
    elif "assignment" in node.type:
        field = node.child_by_field_name("left")
        if field is not None and field.type != "identifier":
            return False
    else:
        return False
    return field is not None and name.fullmatch(field.text.decode("utf-8", "replace")) is not None


_DECLARATION = re.compile(r"declaration|definition")
_BINDING = re.compile(r"parameter|catch_clause")  # what binds a name within a header's line


def _bound_element(node):
    """The element that binds the name ``node`` is: a parameter or a catch clause (``_e`` of
    ``catch (_e)``, ``x`` of ``f(x: int)``), an entry of a destructuring pattern (``closeText`` of
    ``const { closeText, ...rest } = props``); None where the name is no binding (a type in a
    parameter, ``IEnumerable<T>`` of ``Push(IEnumerable<T> e)``, names the overload)."""
    if node.type.endswith("_pattern") and not _WHOLE_PATTERN.search(node.type):
        return node  # (a shorthand entry is its own node)
    parent = node.parent
    if parent is None:
        return None
    if parent.type.endswith("_pattern") and not _WHOLE_PATTERN.search(parent.type):
        return parent if _same_node(parent.child_by_field_name("key"), node) or parent.named_child_count == 1 else None
    if not _BINDING.search(parent.type):
        return None
    if parent.type.endswith("parameters"):  # Python's bare "def f(a, b)"
        return node if node.type == "identifier" else None
    bound = (parent.child_by_field_name(field) for field in ("name", "pattern", "parameter"))
    return parent if any(_same_node(b, node) for b in bound) else None


def _same_node(a, b) -> bool:
    return a is not None and (a.start_byte, a.end_byte) == (b.start_byte, b.end_byte)


_WHOLE_PATTERN = re.compile(r"^(?:object|array|tuple|list|struct|tuple_struct|slice)_pattern$")


_DEFINITION = re.compile(r"method|function|constructor")  # what a statement of a body stands in
_BODY = re.compile(r"block|body|suite|compound_statement|declaration_list|statement_list")


_ABOVE = ("comment", "attribute", "annotation", "decorator")


def _paragraph_goes_on(lines: list[str], first: int, last: int) -> bool:
    after = lines[last + 1] if last + 1 < len(lines) else ""
    indent = len(lines[first]) - len(lines[first].lstrip())
    return bool(after.strip()) and len(after) - len(after.lstrip()) == indent and not closing_only([after])


def _holds_others(node, lines: list[str], name: re.Pattern[str]) -> bool:
    """Whether ``node`` has two parts or more that open a line (a statement, a member), one of
    them without ``name``."""
    parts = [
        child
        for child in node.named_children
        if "comment" not in child.type and not lines[child.start_point[0]][: child.start_point[1]].strip()
    ]
    return len(parts) > 1 and any(
        not any(name.search(line) for line in lines[child.start_point[0] : last_line(child) + 1]) for child in parts
    )


def _attached(above, first: int, lines: list[str]) -> bool:
    """Whether the node ``above`` belongs to what starts on line ``first``: right above it, or a
    ``/** doc */`` block with only blank lines between (a ``//`` banner there heads a section).
    A comment that ends a line of code (``x = 1  # note``) belongs to that line, not below."""
    row, column = above.start_point
    if lines[row][:column].strip():
        return False
    end = last_line(above)
    if end == first - 1:
        return True
    between = lines[end + 1 : first]
    return lines[above.start_point[0]].lstrip().startswith("/**") and not any(line.strip() for line in between)


_PP_OPEN = re.compile(r"\s*#\s*if(?:n?def)?\b")
_PP_CLOSE = re.compile(r"\s*#\s*endif\b")


def _preprocessor_block(lines: list[str], row: int) -> tuple[int, int] | None:
    """(row, its matching ``#endif``) when lines[row] opens a preprocessor conditional."""
    if not _PP_OPEN.match(lines[row]):
        return None
    depth = 0
    for end in range(row, len(lines)):
        depth += bool(_PP_OPEN.match(lines[end])) - bool(_PP_CLOSE.match(lines[end]))
        if depth == 0:
            return row, end
    return None


def _whole_lines(node, lines: list[str]) -> bool:
    (row, column), (end_row, end_column) = node.start_point, node.end_point
    if end_column == 0 and end_row > row:
        end_row, end_column = end_row - 1, len(lines[end_row - 1].encode("utf-8"))
    head = lines[row].encode("utf-8")[:column].decode("utf-8", "replace")
    tail = lines[end_row].encode("utf-8")[end_column:].decode("utf-8", "replace")
    return not head.strip() and tail.strip() in ("", ";", ",")
