"""Edits that add text around code or move it: doc comments on existing functions, and reordering
sibling functions. Both are common in real requests ("document this class", "put the helpers
first") and both are where a copying model fails: on the dev set's javascript fixtures the model
dropped added doc comments and copied reordered functions back in their old order."""

from __future__ import annotations

import re

from .edits import Ctx, EditOp, _lead_trivia
from .syntax import Def, body_statements, indent_of
from .templates import words_of

_PARAM = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_TYPES = ("*", "number", "string", "Object", "boolean", "Array")
_NOT_PARAMS = {
    "self",
    "cls",
    "this",
    "mut",
    "const",
    "let",
    "var",
    "int",
    "char",
    "void",
    "long",
    "float",
    "double",
    "final",
    "string",
    "bool",
    "str",
    "usize",
    "u8",
    "u32",
    "u64",
    "i32",
    "i64",
    "None",
    "true",
    "false",
    "null",
    "undefined",
    "struct",
    "unsigned",
    "Self",
    "impl",
    "dyn",
    "func",
    "error",
    "interface",
}


def _sentence(rng, name: str) -> str:
    w = words_of(name)
    verb, rest = w[0], " ".join(w[1:]) or "value"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        third = verb[:-1] + "ies"
    else:
        third = verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
    return rng.choice(
        (
            f"{third.capitalize()} the {rest}.",
            f"{verb.capitalize()} {rest}.",
            f"{third.capitalize()} {rest} and returns the result.",
            f"Helper that {third} the {rest}.",
            f"{third.capitalize()} the {rest} for the caller.",
        )
    )


def _params(ctx: Ctx, fn: Def) -> list[str]:
    node = fn.node.child_by_field_name("parameters")
    if node is None:
        return []
    text = ctx.info.node_text(node).split("\n")[0][:200]
    # The name of each parameter: the last identifier before a type annotation or a default value.
    names = []
    for part in re.split(r",(?![^(<\[{]*[)>\]}])", text.strip("()")):
        part = re.split(r"[:=]", part, maxsplit=1)[0]
        ids = [i for i in _PARAM.findall(part) if i not in _NOT_PARAMS]
        if ids:
            names.append(ids[-1] if ctx.info.lang in ("java", "c") else ids[0])
    return names[:5]


def _doc_lines(ctx: Ctx, fn: Def, style: str, ind: str) -> list[str]:
    rng, lang = ctx.rng, ctx.info.lang
    text = _sentence(rng, fn.name)
    params = _params(ctx, fn)
    if lang == "python":
        if style == "line" or not params:
            return [f'{ind}"""{text}"""\n']
        args = [f"{ind}    {p}: the {' '.join(words_of(p))}.\n" for p in params]
        return [f'{ind}"""{text}\n', "\n", f"{ind}Args:\n", *args, f'{ind}"""\n']
    if lang == "rust":
        return [f"{ind}/// {text}\n"]
    if lang == "go":
        return [f"{ind}// {fn.name} {text[0].lower()}{text[1:]}\n"]
    if style == "line":
        return [f"{ind}// {text}\n"]
    if lang == "c":
        return [f"{ind}/* {text} */\n"]
    typed = lang == "javascript"
    out = [f"{ind}/**\n", f"{ind} * {text}\n"]
    for p in params:
        ty = "{" + rng.choice(_TYPES) + "} " if typed else ""
        out.append(f"{ind} * @param {ty}{p} - The {' '.join(words_of(p))}\n")
    if rng.random() < 0.6:
        out.append(f"{ind} * @returns {'{' + rng.choice(_TYPES) + '} ' if typed else ''}The result\n")
    return out + [f"{ind} */\n"]


def _siblings(ctx: Ctx, max_lines: int) -> list[list[Def]]:
    """Runs of functions with the same parent, in file order (methods of one class, or top level)."""
    groups: dict[str, list[Def]] = {}
    for d in ctx.info.funcs():
        if d.end - d.start <= max_lines and (d.parent or d.depth == 0):
            groups.setdefault(d.parent or "", []).append(d)
    return [sorted(g, key=lambda d: d.start) for g in groups.values() if len(g) >= 2]


def _undocumented(ctx: Ctx, fn: Def) -> int | None:
    """The row a doc comment goes at, or None when the function already has one (or is one line)."""
    info = ctx.info
    if info.lang == "python":
        stmts = body_statements(fn.node)
        if (
            not stmts
            or stmts[0].start_point[0] <= fn.start
            or stmts[0].type == "expression_statement"
            and info.node_text(stmts[0]).lstrip().startswith(('"', "'"))
        ):
            return None
        return stmts[0].start_point[0]
    return fn.start if _lead_trivia(info, fn.start) == fn.start and fn.end - fn.start >= 2 else None


def op_add_doc_comments(ctx: Ctx) -> EditOp | None:
    """Document 1-6 neighbouring functions of one class (or of the top level), one comment style."""
    groups = _siblings(ctx, 120)
    if not groups:
        return None
    group = ctx.rng.choice(groups)
    todo = [(fn, row) for fn in group if (row := _undocumented(ctx, fn)) is not None]
    if not todo:
        return None
    n = min(len(todo), ctx.rng.choice((1, 1, 2, 3, 6)))
    i = ctx.rng.randrange(len(todo) - n + 1)
    style = ctx.rng.choice(("block", "block", "line"))
    reps = [(row, row, _doc_lines(ctx, fn, style, indent_of(ctx.info.lines[row]))) for fn, row in todo[i : i + n]]
    names = ", ".join(f"`{fn.name}`" for fn, _ in todo[i : i + n])
    return EditOp(reps, f"Add doc comments to {names}", "add_doc_comments")


def op_move_function(ctx: Ctx) -> EditOp | None:
    """Move one function (with its doc comment) below 1-3 of its later siblings."""
    groups = _siblings(ctx, 60)
    if not groups:
        return None
    group = ctx.rng.choice(groups)
    i = ctx.rng.randrange(len(group) - 1)
    j = min(len(group) - 1, i + ctx.rng.choice((1, 1, 2, 3)))
    lines = ctx.info.lines
    a, last = group[i], group[j]
    start, nxt = _lead_trivia(ctx.info, a.start), _lead_trivia(ctx.info, group[i + 1].start)
    if last.end - start > 150 or a.end > nxt or any(lines[r].strip() for r in range(a.end, nxt)):
        return None  # code between the two (a field, a statement) would make the move ambiguous
    if last.end >= len(lines) and not lines[-1].endswith("\n"):
        return None
    moved, gap, rest = lines[start : a.end], lines[a.end : nxt], lines[nxt : last.end]
    return EditOp([(start, last.end, rest + gap + moved)], f"Move `{a.name}` below `{last.name}`", "move_function")
