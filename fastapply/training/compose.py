"""Class-level and block-level ops, the registry of edit kinds, multi-hunk composition, and applying
replacements to produce the merged file."""

from __future__ import annotations

import random

from . import templates as T
from .edits import (
    Ctx,
    EditOp,
    op_add_function,
    op_add_import,
    op_change_literals,
    op_modify_function,
    op_remove_function,
    op_remove_import,
    op_rename_symbol,
)
from .layout_ops import op_add_doc_comments, op_move_function
from .prose import PROSE_OPS
from .syntax import body_statements, descendants, indent_of


def op_add_member(ctx: Ctx) -> EditOp | None:
    """Add a method (spliced from real code) or a field to a class/struct."""
    info, rng = ctx.info, ctx.rng
    classes = [c for c in info.classes() if 2 <= c.end - c.start <= 400]
    cls = rng.choice(classes) if classes else None
    if cls is None:
        return None
    has_methods = any(d.parent == cls.name and cls.start <= d.start < cls.end for d in info.funcs())
    if has_methods and rng.random() < 0.6:
        return op_add_function(ctx, member_of=cls)
    body = cls.node.child_by_field_name("body")
    lists = descendants(cls.node, frozenset({"field_declaration_list"}))
    members = (lists[0] if lists else body).named_children if (lists or body) else []
    members = [m for m in members if "comment" not in m.type and m.start_point[0] > cls.start]
    if not members:
        return None
    fields = [m for m in members if "field" in m.type or m.type in ("expression_statement",)]
    if fields:
        row = fields[-1].end_point[0] + 1
        ref = fields[-1].start_point[0]
    else:
        row = ref = members[0].start_point[0]
    if row >= len(info.lines) or info.lines[ref][: len(indent_of(info.lines[ref]))].strip():
        return None
    words = [rng.choice(T.WORDS), rng.choice(T.NOUNS)]
    name = T.join_name(words, ctx.spec.case)
    text = rng.choice(T.FIELDS[info.lang]).format(
        ind=indent_of(info.lines[ref]),
        name=name,
        Name=T.camel(words)[0].upper() + T.camel(words)[1:],
        NAME="_".join(words).upper(),
        word=rng.choice(T.WORDS),
        semi=";" if T.uses_semicolons(info.lines) else "",
    )
    if name in info.text:
        return None
    return EditOp([(row, row, [text])], f"Add field `{name}` to `{cls.name}`", "add_member")


def op_delete_block(ctx: Ctx) -> EditOp | None:
    """Delete a multi-line statement (an if/loop/try...) or a run of simple statements."""
    info, rng = ctx.info, ctx.rng
    cands = []
    for fn in info.funcs():
        stmts = [s for s in body_statements(fn.node) if not info.lines[s.start_point[0]][: s.start_point[1]].strip()]
        if len(stmts) < 3:
            continue
        for s in stmts[:-1]:  # never the last statement: it is often the return value
            end_row = s.end_point[0]
            rest = info.lines[end_row].encode()[s.end_point[1] :].decode("utf-8", "replace").strip()
            if rest not in ("", ";", ",") or end_row >= fn.end - 1:
                continue
            cands.append((fn, s.start_point[0], end_row + 1, end_row > s.start_point[0]))
    if not cands:
        return None
    multi = [c for c in cands if c[3]]
    fn, a, b, _ = rng.choice(multi if multi and rng.random() < 0.7 else cands)
    if b - a > 25:
        return None
    return EditOp(
        [(a, b, [])],
        f"Remove the block at the start of line {info.lines[a].strip()[:40]!r} in `{fn.name}`",
        "delete_block",
    )


def op_small_tweak(ctx: Ctx) -> EditOp | None:
    return op_modify_function(ctx, small=True)


def op_spread_literals(ctx: Ctx) -> EditOp | None:
    return op_change_literals(ctx, spread=True)


OPS = {
    "modify_function": (op_modify_function, 0.20),
    "add_function": (op_add_function, 0.09),
    "remove_function": (op_remove_function, 0.08),
    "add_import": (op_add_import, 0.05),
    "remove_import": (op_remove_import, 0.05),
    "rename_symbol": (op_rename_symbol, 0.10),
    "change_literals": (op_change_literals, 0.09),
    "add_member": (op_add_member, 0.08),
    "delete_block": (op_delete_block, 0.08),
    "multi_hunk": (None, 0.18),
    "small_tweak": (op_small_tweak, 0.06),
    "spread_literals": (op_spread_literals, 0.08),
    "add_doc_comments": (op_add_doc_comments, 0.12),
    "move_function": (op_move_function, 0.08),
}
EDIT_KINDS = tuple(OPS)
_MULTI_PARTS = [
    "modify_function",
    "change_literals",
    "rename_symbol",
    "add_import",
    "remove_import",
    "delete_block",
    "remove_function",
    "add_function",
]


def _overlaps(reps, start: int, end: int, margin: int = 2) -> bool:
    return any(start < e + margin and s < end + margin for s, e, _ in reps)


def op_multi_hunk(ctx: Ctx) -> EditOp | None:
    # Real commits touch several places at once (on the dev set 45 % of cases have 2+ change
    # groups, 6 % have 6+), and a snippet with many markers is where a copying model slips.
    want = ctx.rng.choice((2, 2, 3, 3, 4, 5, 6))
    reps, descs = [], []
    for _ in range(want * 4):
        if len(descs) >= want:
            break
        op = OPS[ctx.rng.choice(_MULTI_PARTS)][0](ctx)
        if op is None or any(_overlaps(reps, s, e) for s, e, _ in op.reps):
            continue
        reps += op.reps
        descs.append(op.desc)
    return EditOp(reps, "; ".join(descs), "multi_hunk") if len(descs) >= 2 else None


def kind_mix(overrides: dict[str, float] | None = None) -> dict[str, float]:
    """Weight of each edit kind: the defaults in ``OPS`` with ``overrides`` on top."""
    return {k: (overrides or {}).get(k, w) for k, (_, w) in OPS.items()}


def choose_edit(ctx: Ctx, kind: str | None = None, weights: dict[str, float] | None = None) -> EditOp | None:
    """The requested kind, or a weighted random one with fallbacks to the others when a file offers
    nothing for it (e.g. no imports). ``weights`` overrides the default mix of kinds (kinds it leaves
    out keep their default weight). Documents (markdown, HTML) get prose edits instead."""
    table, mix = (PROSE_OPS, {k: w for k, (_, w) in PROSE_OPS.items()}) if ctx.spec.prose else (OPS, kind_mix(weights))
    if kind is not None:
        if kind not in table:
            raise ValueError(f"no {kind!r} edit for {ctx.info.lang} (kinds: {', '.join(table)})")
        order = [kind]
    else:
        kinds = list(mix)
        first = ctx.rng.choices(kinds, weights=list(mix.values()))[0]
        rest = [k for k in kinds if k != first]
        ctx.rng.shuffle(rest)
        order = [first] + rest
    for k in order:
        fn = op_multi_hunk if k == "multi_hunk" and table is OPS else table[k][0]
        op = fn(ctx)
        if op is not None:
            return op
    return None


def apply_reps(lines: list[str], reps) -> list[str]:
    out = list(lines)
    for start, end, new in sorted(reps, key=lambda r: (r[0], r[1]), reverse=True):
        out[start:end] = new
    return out


def make_ctx(info, seed_parts, pool) -> Ctx:
    return Ctx(info, random.Random("|".join(map(str, seed_parts))), pool)
