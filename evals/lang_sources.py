"""The source side of the multi-language stress cases (evals/lang_stress.py): which languages,
their grammars and the statements a generator may insert, and each file parsed with tree-sitter
into its functions / methods (CSS: rules) with exact line ranges."""

from __future__ import annotations

import importlib
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import tree_sitter as ts

# language | extensions | grammar (module.function) | definition node types | comment
TABLE = """
c | c h | tree_sitter_c.language | function_definition | //
cpp | cc cpp cxx hpp hh | tree_sitter_cpp.language | function_definition | //
csharp | cs | tree_sitter_c_sharp.language | method_declaration local_function_statement | //
css | css | tree_sitter_css.language | rule_set | /*
scss | scss | tree_sitter_css.language | rule_set | /*
go | go | tree_sitter_go.language | function_declaration method_declaration | //
java | java | tree_sitter_java.language | method_declaration | //
javascript | js jsx mjs | tree_sitter_javascript.language | function_declaration method_definition lexical_declaration | //
kotlin | kt | tree_sitter_kotlin.language | function_declaration | //
lua | lua | tree_sitter_lua.language | function_declaration | --
php | php | tree_sitter_php.language_php | function_definition method_declaration | //
python | py | tree_sitter_python.language | function_definition | #
ruby | rb | tree_sitter_ruby.language | method singleton_method | #
rust | rs | tree_sitter_rust.language | function_item | //
scala | scala | tree_sitter_scala.language | function_definition | //
swift | swift | tree_sitter_swift.language | function_declaration | //
typescript | ts | tree_sitter_typescript.language_typescript | function_declaration method_definition lexical_declaration | //
tsx | tsx | tree_sitter_typescript.language_tsx | function_declaration method_definition lexical_declaration | //
"""
# language | new first statements ({n}: the function's name; ~ between) | a short new function ({n} its name,
# {u} one indentation unit; / between lines). C++, SCSS and TypeScript use the C, CSS and JavaScript rows.
CODE = """
c | trace("{n}"); ~ log_debug("{n}"); | static int {n}(void) { / {u}return 0; / }
csharp | Trace("{n}"); ~ Debug.WriteLine("{n}"); | private static int {n}() { / {u}return 0; / }
css | box-sizing: border-box; ~ outline: none; ~ will-change: auto; | .{n} { / {u}display: none; / }
go | trace("{n}") ~ log.Printf("{n}") | func {n}() int { / {u}return 0 / }
java | trace("{n}"); ~ LOG.debug("{n}"); | private static int {n}() { / {u}return 0; / }
javascript | trace("{n}"); ~ console.debug("{n}"); | function {n}() { / {u}return 0; / }
kotlin | trace("{n}") ~ println("{n}") | private fun {n}(): Int { / {u}return 0 / }
lua | trace("{n}") ~ print("{n}") | local function {n}() / {u}return nil / end
php | trace('{n}'); ~ error_log('{n}'); | private function {n}(): int { / {u}return 0; / }
python | trace("{n}") ~ logger.debug("{n}") | def {n}(): / {u}return None
ruby | trace("{n}") ~ logger.debug("{n}") | def {n} / {u}nil / end
rust | let _ = 0; ~ log::debug!("{n}"); | fn {n}() -> i32 { / {u}0 / }
scala | trace("{n}") ~ println("{n}") | private def {n}(): Int = { / {u}0 / }
swift | trace("{n}") ~ print("{n}") | private func {n}() -> Int { / {u}return 0 / }
"""
ROWS = ([[c.strip() for c in line.split("|")] for line in t.strip().splitlines()] for t in (TABLE, CODE))
LANGS, CODE = ({row[0]: row for row in rows} for rows in ROWS)
CODE.update(cpp=CODE["c"], scss=CODE["css"], typescript=CODE["javascript"], tsx=CODE["javascript"])
EXTS = {ext: lang for lang, row in LANGS.items() for ext in row[1].split()}
STMTS = {lang: row[1].split(" ~ ") for lang, row in CODE.items()}
NEW_FN = {lang: row[2].split(" / ") for lang, row in CODE.items()}
JS, CSS = {"javascript", "typescript", "tsx"}, {"css", "scss"}
BODY_WORDS = ["... existing code ...", "... rest of the function unchanged ...", "...", "... (unchanged) ..."]
OUTER_WORDS = ["... existing code ...", "...", "... (unchanged) ..."]
WRAPPERS = {"decorated_definition", "export_statement", "template_declaration"}
IN_LITERAL = ("string", "comment", "heredoc", "nowdoc", "template_string", "jsx", "regex", "text", "interpolation")
NUMBER = re.compile(r"(?<![\w.#$-])\d+(?![\w.])")
NAME = re.compile(r"^[A-Za-z_$][\w$]*$")
NO_RENAME = {"initialize", "main", "constructor", "init", "hash", "equals", "hashCode", "toString", "run"}


@dataclass
class Func:
    name: str
    start: int  # first row (decorators, annotations, `export` included)
    hdr_end: int  # last header row (the one with `{`, `:`, or the parameters)
    end: int  # last row: the closer (`}`, `end`), or in Python the last statement
    closer: bool
    parent: int  # the parent node's id: definitions with the same parent are siblings
    name_at: tuple[int, int, int]  # row, first and end character column of the name
    kind: str  # the tree-sitter node type
    ok_add: bool  # a new function may follow it (not in a Rust trait impl, a Scala file's top level)
    in_class: bool  # a Python method


def indent(s: str) -> str:
    return s[: len(s) - len(s.lstrip())]


class File:
    def __init__(self, path: Path, source: str, lang: str, text: str):
        self.path, self.source, self.lang, self.text = path, source, lang, text
        module, func = LANGS[lang][2].rsplit(".", 1)
        self.tree = ts.Parser(ts.Language(getattr(importlib.import_module(module), func)())).parse(text.encode())
        parts = text.split("\n")
        self.lines = [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
        self.content = [line.rstrip("\n").removesuffix("\r") for line in self.lines]
        self.stripped = [c.strip() for c in self.content]
        self.offsets = [0]
        for line in self.lines:
            self.offsets.append(self.offsets[-1] + len(line.encode()))
        self.eol = "\r\n" if text.count("\r\n") * 2 > text.count("\n") else "\n"
        nonblank = [s for s in self.stripped if s]
        self.semis = lang not in JS or sum(s.endswith(";") for s in nonblank) > 0.05 * len(nonblank)
        self.comment = LANGS[lang][4]
        self.defs = _defs(self)
        names = Counter(fn.name for fn in self.defs)
        self.funcs = [fn for fn in self.defs if names[fn.name] == 1 and _eligible(self, fn)]

    def eol_at(self, row: int) -> str:
        return self.lines[row][len(self.content[row]) :] or self.eol

    def hind(self, fn: Func) -> str:  # the header's indentation
        return indent(self.content[fn.start])

    def bind(self, fn: Func) -> str:  # the body's indentation
        return next(indent(self.content[r]) for r in range(fn.hdr_end + 1, fn.end + 1) if self.stripped[r])

    def last(self, fn: Func) -> int:  # the last body row
        return fn.end - 1 if fn.closer else fn.end

    def label(self, fn: Func) -> str:
        name = fn.name if len(fn.name) < 50 else fn.name.split(",")[0] + ", ..."
        return f"the `{name}` rule" if self.lang in CSS else f"`{name}`"

    def marker(self, indent: str, rng: random.Random, body: bool = False) -> str:
        close = " */" if self.comment == "/*" else ""
        return f"{indent}{self.comment} {rng.choice(BODY_WORDS if body else OUTER_WORDS)}{close}"

    def unique(self, a: int, b: int) -> bool:
        """The lines a..b-1 (stripped) occur once in the file, and are not all short."""
        block, n = self.stripped[a:b], b - a
        if not any(len(s) > 2 for s in block):
            return False
        return sum(self.stripped[i : i + n] == block for i in range(len(self.stripped) - n + 1)) == 1

    def in_literal(self, row: int, col: int) -> bool:
        """The character at (row, col) lies in a string, comment, JSX text...: no edit there."""
        at = self.offsets[row] + len(self.content[row][:col].encode())
        node = self.tree.root_node.descendant_for_byte_range(at, at + 1)
        while node is not None:
            if any(k in node.type for k in IN_LITERAL):
                return True
            node = node.parent
        return False

    def open_at(self, row: int) -> bool:
        """Row `row` ends inside a string or comment (a marker after it would land there)."""
        return self.in_literal(row, len(self.content[row]))


def _name_node(node: ts.Node) -> ts.Node | None:
    name = node.child_by_field_name("name")
    if name is not None and name.type in ("dot_index_expression", "method_index_expression"):  # Lua M.f, M:f
        return name.child_by_field_name("field") or name.child_by_field_name("method")
    d = name or node.child_by_field_name("declarator")  # C/C++: through pointer/function declarators
    while d is not None and d.type not in ("identifier", "field_identifier", "simple_identifier", "name"):
        d = d.child_by_field_name("declarator") or d.child_by_field_name("name")
    return d


def _func(f: File, node: ts.Node) -> Func | None:
    """A definition on whole lines, with a header, a body on later lines and (but in Python) a closer."""
    outer, lines = node, f.content
    while outer.parent is not None and outer.parent.type in WRAPPERS:
        outer = outer.parent
    start, end, parent = outer.start_point.row, outer.end_point.row, outer.parent
    if node.has_error or parent is None or parent.type in ("ERROR", "object"):
        return None
    if (
        lines[start].encode()[: outer.start_point.column].strip()
        or lines[end].encode()[outer.end_point.column :].strip()
    ):
        return None
    if node.type == "lexical_declaration":  # const f = (...) => { ... }
        decls = [c for c in node.named_children if c.type == "variable_declarator"]
        value = decls[0].child_by_field_name("value") if len(decls) == 1 else None
        if value is None or value.type not in ("arrow_function", "function_expression", "function"):
            return None
        name, body = decls[0].child_by_field_name("name"), value.child_by_field_name("body")
    elif node.type == "rule_set":
        name, body = node.named_children[0], node.named_children[-1]
    else:
        kids = [c for c in node.named_children if c.type in ("function_body", "block")]
        name, body = _name_node(node), node.child_by_field_name("body") or (kids[0] if kids else None)
    if name is None or (body is None and f.lang not in ("ruby", "lua")):
        return None
    if f.lang == "python":
        hdr = next((c.end_point.row for c in node.children if c.type == ":"), -1)
        if not lines[hdr].rstrip().endswith(":") or body.start_point.row <= hdr:
            return None
    elif f.lang in ("ruby", "lua"):
        params = node.child_by_field_name("parameters")
        hdr = max(name.end_point.row, params.end_point.row if params else 0)
        if f.stripped[end] != "end" or end <= hdr + 1:
            return None
    else:
        hdr = body.start_point.row
        if not (body.text or b"").startswith(b"{") or not lines[hdr].rstrip().endswith("{"):
            return None
        if body.end_point.row != end or f.stripped[end] not in ("}", "};") or end <= hdr + 1:
            return None
    text = " ".join((name.text or b"").decode(errors="replace").split())
    col = len(lines[name.start_point.row].encode()[: name.start_point.column].decode(errors="replace"))
    trait_impl = parent.parent is not None and parent.parent.child_by_field_name("trait") is not None
    ok_add = not trait_impl and not (f.lang == "scala" and parent.type != "template_body")
    in_class = parent.type == "block" and parent.parent is not None and parent.parent.type == "class_definition"
    name_at = (name.start_point.row, col, col + len(text))
    return Func(text, start, hdr, end, f.lang != "python", parent.id, name_at, node.type, ok_add, in_class)


def _defs(f: File) -> list[Func]:
    found, stack = [], [f.tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type in LANGS[f.lang][3].split() and (fn := _func(f, node)) is not None:
            found.append(fn)
    return sorted(found, key=lambda fn: (fn.start, fn.end))


def _eligible(f: File, fn: Func) -> bool:
    """6+ lines, a body of 3+ lines, a plain name, and no marker-like comment inside."""
    text = "\n".join(f.content[fn.start : fn.end + 1])
    markers = (f"{f.comment} ...", f"{f.comment}...", "existing code")
    plain = f.lang in CSS or NAME.match(fn.name)
    long_enough = fn.end - fn.start >= 5 and f.last(fn) - fn.hdr_end >= 3
    return long_enough and bool(plain) and not any(m in text for m in markers)


def fresh_name(f: File, name: str, rng: random.Random, suffixes: list[str]) -> str | None:
    suffix = rng.choice(suffixes)
    snake = "_" in name or (name.islower() and f.lang in ("python", "ruby", "rust", "lua", "c"))
    new = f"{name}_{suffix.lower()}" if snake else name + suffix
    return None if re.search(rf"(?<![\w$-]){re.escape(new)}(?![\w$-])", f.text) else new


def language_of(path: Path) -> str | None:
    lang = EXTS.get(path.suffix[1:].lower())
    return "cpp" if lang == "c" and path.suffix == ".h" and "cpp" in path.parts else lang
