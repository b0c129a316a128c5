"""Edit operations on real source files. Each op looks at the parsed file and returns line-range
replacements on the *original* lines, so several ops compose into a multi-hunk edit by applying the
replacements bottom-up. Ops return None when the file offers them nothing to work on."""

from __future__ import annotations

import random
import re
from collections import defaultdict, deque
from dataclasses import dataclass, field

from . import templates as T
from .syntax import LANGS, Def, FileInfo, body_statements, dedent_lines, descendants, indent_of, indent_unit


@dataclass
class EditOp:
    reps: list[tuple[int, int, list[str]]]  # (start, end, new_lines) on original lines
    desc: str
    kind: str


@dataclass
class DonorPool:
    """Functions and import lines seen in earlier files of the same split, spliced into later files
    so that added code is real code rather than a template."""

    funcs: dict = field(default_factory=lambda: defaultdict(lambda: deque(maxlen=300)))
    imports: dict = field(default_factory=lambda: defaultdict(lambda: deque(maxlen=500)))

    def add_file(self, info: FileInfo) -> None:
        for d in info.funcs():
            if 3 <= d.end - d.start <= 40 and d.name:
                self.funcs[info.lang].append((d.name, dedent_lines(info.lines[d.start : d.end])))
        for a, _ in info.imports:
            self.imports[info.lang].append(info.lines[a].strip())


@dataclass
class Ctx:
    info: FileInfo
    rng: random.Random
    pool: DonorPool

    @property
    def spec(self):
        return LANGS[self.info.lang]


def _reindent(lines: list[str], ind: str) -> list[str]:
    return [ind + ln if ln.strip() else "\n" for ln in lines]


def _blank(line: str) -> bool:
    return not line.strip()


def _fits(d: Def, lo: int = 3, hi: int = 80) -> bool:
    return lo <= d.end - d.start <= hi


def _pick(rng: random.Random, items: list):
    return rng.choice(items) if items else None


def _lead_trivia(info: FileInfo, start: int) -> int:
    """Extend a def upwards over the doc comments/attributes glued to it."""
    prefixes = ("//", "/*", "*", "#[", "@") + (("#",) if info.lang == "python" else ())
    while start > 0 and info.lines[start - 1].strip().startswith(prefixes):
        start -= 1
    return start


def _fn_vars(ctx: Ctx, fn: Def) -> list[str]:
    names = [ctx.info.node_text(n) for n in descendants(fn.node, ctx.spec.idents)]
    names = [n for n in names if n != fn.name and len(n) > 1 and n not in ("self", "cls", "this", "super")]
    return names or ["value"]


def op_modify_function(ctx: Ctx, small: bool = False) -> EditOp | None:
    info, rng = ctx.info, ctx.rng
    fn = _pick(rng, [d for d in info.funcs() if _fits(d, 3, 80) and body_statements(d.node)])
    if fn is None:
        return None
    lines = info.lines
    stmts = [s for s in body_statements(fn.node) if not lines[s.start_point[0]][: s.start_point[1]].strip()]
    actions: dict[int, tuple] = {}  # row -> action, at most one per row so rows stay valid
    n_mut = 1 if small else rng.randint(1, 3)
    notes = []
    for _ in range(n_mut * 3):
        if len(notes) >= n_mut:
            break
        what = rng.choice(
            ["literal", "operator", "comment"] if small else ["literal", "operator", "insert", "insert", "delete"]
        )
        if what == "literal":
            lit = _pick(rng, [n for n in descendants(fn.node, ctx.spec.literals) if n.start_point[0] == n.end_point[0]])
            new = T.change_literal(info.node_text(lit), rng) if lit is not None else None
            row = lit.start_point[0] if lit is not None else -1
            if new is None or row in actions:
                continue
            line = lines[row].encode()
            c0, c1 = lit.start_point[1], lit.end_point[1]
            actions[row] = ("replace", (line[:c0] + new.encode() + line[c1:]).decode("utf-8", "replace"))
            notes.append(f"change {info.node_text(lit)[:30]} to {new[:30]}")
        elif what == "operator":
            row = rng.randrange(fn.start + 1, max(fn.start + 2, fn.end - 1))
            new = T.swap_operator(lines[row], rng) if row < len(lines) else None
            if new is None or row in actions:
                continue
            actions[row] = ("replace", new)
            notes.append("fix a condition")
        elif what in ("insert", "comment") and stmts:
            stmt = rng.choice(stmts[1:] or stmts)
            row = stmt.start_point[0]
            if row in actions:
                continue
            var = rng.choice(_fn_vars(ctx, fn))
            tpl = [t for t in T.STATEMENTS[info.lang] if (what == "comment") == ("TODO" in t or "NOTE" in t)]
            text = rng.choice(tpl).format(
                ind=indent_of(lines[row]),
                u=indent_unit(lines),
                var=var,
                fn=fn.name,
                semi=";" if T.uses_semicolons(lines) else "",
            )
            actions[row] = ("insert", text.splitlines(keepends=True))
            notes.append(f"add a check/log for `{var}`" if what == "insert" else "add a comment")
        elif what == "delete" and len(stmts) >= 2:
            stmt = rng.choice(stmts)
            r0, r1 = stmt.start_point[0], stmt.end_point[0]
            if any(r in actions for r in range(r0, r1 + 1)) or r1 >= fn.end - 1 or r1 - r0 > 8:
                continue
            actions[r0] = ("delete", r1 + 1)
            notes.append("drop a statement")
    if not actions:
        return None
    new_lines = list(lines[fn.start : fn.end])
    for row in sorted(actions, reverse=True):
        act, payload = actions[row]
        i = row - fn.start
        if act == "replace":
            new_lines[i] = payload
        elif act == "insert":
            new_lines[i:i] = payload
        else:
            del new_lines[i : payload - fn.start]
    kind = "small_tweak" if small else "modify_function"
    return EditOp([(fn.start, fn.end, new_lines)], f"In `{fn.name}`: " + "; ".join(notes), kind)


def _renamed_donor(ctx: Ctx, exclude: str) -> tuple[str, list[str]] | None:
    rng, info = ctx.rng, ctx.info
    pool = [p for p in ctx.pool.funcs[info.lang] if p[0] != exclude]
    if not pool:
        pool = [(d.name, dedent_lines(info.lines[d.start : d.end])) for d in info.funcs() if _fits(d, 3, 40) and d.name]
    if not pool:
        return None
    name, body = rng.choice(pool)
    new = T.new_func_name(rng, ctx.spec.case, {d.name for d in info.defs})
    pat = re.compile(rf"\b{re.escape(name)}\b")
    head = next((i for i, ln in enumerate(body) if pat.search(ln)), None)
    if head is None:
        return None
    body = list(body)
    body[head] = pat.sub(new, body[head], count=1)
    return new, body


def op_add_function(ctx: Ctx, member_of: Def | None = None) -> EditOp | None:
    info, rng = ctx.info, ctx.rng
    anchors = [d for d in info.funcs() if _fits(d, 2, 200)]
    if member_of is not None:
        anchors = [d for d in anchors if d.parent == member_of.name and member_of.start <= d.start < member_of.end]
    anchor = _pick(rng, anchors)
    donor = _renamed_donor(ctx, anchor.name if anchor else "") if anchor else None
    if donor is None:
        return None
    new, body = donor
    nb = 0
    while anchor.end + nb < len(info.lines) and _blank(info.lines[anchor.end + nb]) and nb < 2:
        nb += 1
    if anchor.end >= len(info.lines) and not info.lines[-1].endswith("\n"):
        return None  # appending after an unterminated last line would change that line too
    ins = ["\n"] * max(nb, 1) + _reindent(body, indent_of(info.lines[anchor.start]))
    where = f" to `{member_of.name}`" if member_of else f" after `{anchor.name}`"
    return EditOp(
        [(anchor.end, anchor.end, ins)],
        f"Add {'method' if member_of else 'function'} `{new}`{where}",
        "add_member" if member_of else "add_function",
    )


def op_remove_function(ctx: Ctx) -> EditOp | None:
    info = ctx.info
    fns = info.funcs()
    fn = _pick(ctx.rng, [d for d in fns if _fits(d, 2, 80)]) if len(fns) >= 2 else None
    if fn is None:
        return None
    start, end = _lead_trivia(info, fn.start), fn.end
    if start == 0 or _blank(info.lines[start - 1]):
        while end < len(info.lines) and _blank(info.lines[end]):
            end += 1
    return EditOp([(start, end, [])], f"Remove `{fn.name}`", "remove_function")


def op_add_import(ctx: Ctx) -> EditOp | None:
    info, rng = ctx.info, ctx.rng
    have = {info.lines[a].strip() for a, _ in info.imports}
    cands = sorted({s for s in ctx.pool.imports[info.lang] if s not in have})
    if not info.imports or not cands:
        return None
    new = rng.choice(cands)
    rows = [a for a, _ in info.imports]
    # Agents keep imports sorted, so insert before the first greater line of the import block.
    row = next((a for a in rows if info.lines[a].strip() > new), rows[-1] + 1)
    ref = row if row in rows else rows[-1]
    return EditOp([(row, row, [indent_of(info.lines[ref]) + new + "\n"])], f"Import {new.strip()}", "add_import")


def op_remove_import(ctx: Ctx) -> EditOp | None:
    row = _pick(ctx.rng, [a for a, _ in ctx.info.imports])
    if row is None:
        return None
    return EditOp([(row, row + 1, [])], f"Remove unused import {ctx.info.lines[row].strip()}", "remove_import")


def _is_member_access(node) -> bool:
    parent = node.parent
    if parent is None:
        return False
    for fld in ("attribute", "field", "property"):
        target = parent.child_by_field_name(fld)
        if target is not None and target.id == node.id:
            return True
    return False


def op_rename_symbol(ctx: Ctx) -> EditOp | None:
    info, rng = ctx.info, ctx.rng
    fn = _pick(rng, [d for d in info.funcs() if _fits(d, 3, 100)])
    if fn is None:
        return None
    nodes = [n for n in descendants(fn.node, ctx.spec.idents) if not _is_member_access(n)]
    by_name: dict[str, list] = defaultdict(list)
    for n in nodes:
        by_name[info.node_text(n)].append(n)
    names = sorted(
        k
        for k, v in by_name.items()
        if len(v) >= 2
        and len(k) >= 2
        and k != fn.name
        and k not in ("self", "cls", "this", "super", "err", "nil", "None")
    )
    if not names:
        return None
    old = rng.choice(names)
    new = T.rename_ident(old, rng, ctx.spec.case)
    if re.search(rf"\b{re.escape(new)}\b", info.text):
        return None
    base = sum(len(ln.encode()) for ln in info.lines[: fn.start])
    region = bytearray(b"".join(ln.encode() for ln in info.lines[fn.start : fn.end]))
    for n in sorted(by_name[old], key=lambda n: n.start_byte, reverse=True):
        region[n.start_byte - base : n.end_byte - base] = new.encode()
    new_lines = region.decode("utf-8", "replace").splitlines(keepends=True)
    return EditOp([(fn.start, fn.end, new_lines)], f"Rename `{old}` to `{new}` in `{fn.name}`", "rename_symbol")


def op_change_literals(ctx: Ctx, spread: bool = False) -> EditOp | None:
    """Change 1-3 literals in one function; ``spread``: 3-6 literals on lines at least 12 apart across a
    class or a long function, so a context-style snippet carries a marker between every pair (the
    shape of many real commits, e.g. one wording fixed in every doc comment of a class)."""
    op = None
    for _ in range(3):  # literal changes reuse the body mutator, restricted to literals
        rng = ctx.rng
        scopes = ctx.info.defs if spread else ctx.info.funcs()
        fn = _pick(rng, [d for d in scopes if _fits(d, 30 if spread else 2, 250 if spread else 120)])
        lits = [n for n in descendants(fn.node, ctx.spec.literals)] if fn else []
        lits = [
            n
            for n in lits
            if n.start_point[0] == n.end_point[0] and not ctx.info.node_text(n).startswith(('"""', "'''"))
        ]
        changes = {}
        for lit in rng.sample(lits, min(len(lits), rng.randint(3, 6) if spread else rng.randint(1, 3))):
            new = T.change_literal(ctx.info.node_text(lit), rng)
            row = lit.start_point[0]
            if new is not None and all(abs(row - r) >= (12 if spread else 1) for r in changes):
                changes[row] = (lit, new)
        if len(changes) >= (2 if spread else 1):
            new_lines = list(ctx.info.lines[fn.start : fn.end])
            for row, (lit, new) in changes.items():
                b = new_lines[row - fn.start].encode()
                new_lines[row - fn.start] = (b[: lit.start_point[1]] + new.encode() + b[lit.end_point[1] :]).decode(
                    "utf-8", "replace"
                )
            desc = ", ".join(f"{ctx.info.node_text(lit)[:25]} -> {n[:25]}" for lit, n in changes.values())
            kind = "spread_literals" if spread else "change_literals"
            op = EditOp([(fn.start, fn.end, new_lines)], f"Update constants in `{fn.name}`: {desc}", kind)
            break
    return op
