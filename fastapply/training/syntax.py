"""Per-language syntax facts for the data generator: which tree-sitter nodes are functions, classes,
imports, literals and identifiers (lazy markers are written with ``fastapply.merge.text.languages.marker_line``).

Everything is expressed in *line* coordinates because edits and snippets are line based: an apply
model copies lines, and agents write snippets as whole lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapply.merge.text.languages import EXTENSIONS, get_ts_parser


@dataclass(frozen=True)
class LangSpec:
    name: str
    funcs: frozenset[str]
    classes: frozenset[str]
    imports: frozenset[str]
    literals: frozenset[str]
    idents: frozenset[str] = frozenset({"identifier"})
    block_comment: bool = True  # whether `/* ... */` markers are idiomatic
    case: str = "camel"  # naming convention for synthesised identifiers
    prose: bool = False  # a document (markdown, HTML): parsed and edited by ``prose``, not tree-sitter

    @property
    def exts(self) -> tuple[str, ...]:
        """Source-file extensions, from the merge's one extension table (stubs excluded: no bodies)."""
        return tuple(ext for ext, lang in EXTENSIONS.items() if lang == self.name and ext != ".pyi")


def _fs(*names: str) -> frozenset[str]:
    return frozenset(names)


LANGS: dict[str, LangSpec] = {
    "python": LangSpec(
        "python",
        _fs("function_definition"),
        _fs("class_definition"),
        _fs("import_statement", "import_from_statement"),
        _fs("integer", "float", "string"),
        block_comment=False,
        case="snake",
    ),
    "javascript": LangSpec(
        "javascript",
        _fs("function_declaration", "generator_function_declaration", "method_definition"),
        _fs("class_declaration"),
        _fs("import_statement"),
        _fs("number", "string"),
    ),
    "go": LangSpec(
        "go",
        _fs("function_declaration", "method_declaration"),
        _fs("type_declaration"),
        _fs("import_spec"),
        _fs("int_literal", "float_literal", "interpreted_string_literal"),
    ),
    "rust": LangSpec(
        "rust",
        _fs("function_item"),
        _fs("impl_item", "struct_item", "enum_item", "trait_item"),
        _fs("use_declaration"),
        _fs("integer_literal", "float_literal", "string_literal"),
        case="snake",
    ),
    "java": LangSpec(
        "java",
        _fs("method_declaration", "constructor_declaration"),
        _fs("class_declaration", "interface_declaration", "enum_declaration", "record_declaration"),
        _fs("import_declaration"),
        _fs("decimal_integer_literal", "decimal_floating_point_literal", "string_literal"),
    ),
    "c": LangSpec(
        "c",
        _fs("function_definition"),
        _fs("struct_specifier"),
        _fs("preproc_include"),
        _fs("number_literal", "string_literal"),
        case="snake",
    ),
    "markdown": LangSpec("markdown", _fs(), _fs(), _fs(), _fs(), block_comment=False, prose=True),
    "html": LangSpec("html", _fs(), _fs(), _fs(), _fs(), block_comment=False, prose=True),
}
# JS arrow functions bound to a name (`const f = () => {...}`) count as functions too.
_JS_FUNC_VALUES = _fs("arrow_function", "function_expression", "function")


def get_parser(lang: str):
    """The project's one grammar loader (grammar wheels first: the language pack downloads at run time)."""
    parser = get_ts_parser(lang)
    if parser is None:
        raise ValueError(f"no tree-sitter grammar available for {lang!r}")
    return parser


@dataclass
class Def:
    kind: str  # "func" | "class"
    name: str
    start: int  # first line (decorators/annotations included), 0-based
    end: int  # one past the last line
    depth: int  # number of enclosing defs
    node: object = field(repr=False)
    parent: str = ""  # enclosing class name, if any


@dataclass
class FileInfo:
    lang: str
    text: str
    lines: list[str]  # keepends=True
    defs: list[Def]
    imports: list[tuple[int, int]]  # single-line import statements: (line, line+1)
    tree: object = field(repr=False)
    src: bytes = field(repr=False, default=b"")

    def funcs(self) -> list[Def]:
        return [d for d in self.defs if d.kind == "func"]

    def classes(self) -> list[Def]:
        return [d for d in self.defs if d.kind == "class"]

    def node_text(self, node) -> str:
        return self.src[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _name_of(node, src: bytes) -> str:
    target = node.child_by_field_name("name") or node.child_by_field_name("type")
    if target is None:  # C: function_definition -> declarator chain
        target = node.child_by_field_name("declarator")
        while target is not None and target.type not in ("identifier", "field_identifier"):
            target = target.child_by_field_name("declarator")
    return src[target.start_byte : target.end_byte].decode("utf-8", "replace") if target is not None else ""


def _end_line(node) -> int:
    # A node ending at column 0 ends on the previous line (trailing newline included in the node).
    row, col = node.end_point
    return row + 1 if col > 0 else row


def _whole_lines(node, lines: list[str]) -> bool:
    """True when the node starts its first line and ends its last one (no code shares its lines)."""
    r0, c0 = node.start_point
    r1, c1 = node.end_point
    if r0 >= len(lines) or lines[r0][:c0].strip():
        return False
    return r1 >= len(lines) or not lines[r1][c1:].strip() or lines[r1][c1:].strip() in (";", ",")


def parse(text: str, lang: str) -> FileInfo:
    spec = LANGS[lang]
    if spec.prose:
        from .prose import parse_prose  # prose builds on this module

        return parse_prose(text, lang)
    src = text.encode("utf-8")
    tree = get_parser(lang).parse(src)
    lines = text.splitlines(keepends=True)
    defs: list[Def] = []
    imports: list[tuple[int, int]] = []

    # Pre-order walk with an explicit stack: generated or minified files nest deeper than Python's
    # recursion limit (a recursive walk crashed the generator on one).
    stack = [(c, 0, "") for c in reversed(tree.root_node.named_children)]
    while stack:
        child, depth, parent = stack.pop()
        kind, child_name = None, ""
        if child.type in spec.funcs:
            kind = "func"
        elif child.type in spec.classes:
            kind = "class"
        elif lang == "javascript" and child.type in ("lexical_declaration", "variable_declaration"):
            decl = child.named_children[0] if child.named_child_count == 1 else None
            value = decl.child_by_field_name("value") if decl is not None else None
            if value is not None and value.type in _JS_FUNC_VALUES:
                kind = "func"
                child_name = _name_of(decl, src)
            elif "require(" in src[child.start_byte : child.end_byte].decode("utf-8", "replace") and depth == 0:
                if child.start_point[0] == child.end_point[0] and _whole_lines(child, lines):
                    imports.append((child.start_point[0], child.start_point[0] + 1))
        if child.type in spec.imports and child.start_point[0] == child.end_point[0] and _whole_lines(child, lines):
            imports.append((child.start_point[0], child.start_point[0] + 1))
        if kind is not None and _whole_lines(child, lines):
            start = child.start_point[0]
            if child.parent is not None and child.parent.type == "decorated_definition":
                start = child.parent.start_point[0]
            name = child_name if kind == "func" and child.type not in spec.funcs else _name_of(child, src)
            defs.append(Def(kind, name, start, _end_line(child), depth, child, parent))
            inner = (depth + 1, name if kind == "class" else parent)
        else:
            inner = (depth, parent)
        stack.extend((c, *inner) for c in reversed(child.named_children))

    defs.sort(key=lambda d: (d.start, -d.end))
    return FileInfo(lang, text, lines, defs, sorted(set(imports)), tree, src)


def descendants(node, types: frozenset[str]):
    """All descendants of the given types, in source order (iterative: files can nest deeply)."""
    stack = [node]
    out = []
    while stack:
        n = stack.pop()
        if n.type in types:
            out.append(n)
        stack.extend(reversed(n.children))
    return out


def body_statements(fn_node) -> list:
    """Direct statements of a function body (Go wraps them in a statement_list)."""
    body = fn_node.child_by_field_name("body")
    if body is None:
        return []
    kids = body.named_children
    if len(kids) == 1 and kids[0].type == "statement_list":
        kids = kids[0].named_children
    return [k for k in kids if "comment" not in k.type]


def indent_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def dedent_lines(lines: list[str]) -> list[str]:
    """Strip the indentation every non-blank line shares; blank lines become bare newlines and the
    last line is newline-terminated (lines keep their ends); [] stays [] (a snippet rendered empty)."""
    if not lines:
        return []
    ind = min((len(indent_of(ln)) for ln in lines if ln.strip()), default=0)
    out = [ln[ind:] if ln.strip() else "\n" for ln in lines]
    return out[:-1] + [out[-1] if out[-1].endswith("\n") else out[-1] + "\n"]


def indent_unit(lines: list[str]) -> str:
    """The file's indentation step: a tab, or the smallest positive run of spaces seen."""
    widths = []
    for ln in lines[:400]:
        ind = indent_of(ln)
        if ind.startswith("\t"):
            return "\t"
        if ind and ln.strip():
            widths.append(len(ind))
    return " " * (min(widths) if widths else 4)
