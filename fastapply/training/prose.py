"""Markdown and HTML for the data generator. Documents have no functions, so markdown sections (a
heading and what follows it up to the next heading) play that part: the "function" snippet style
shows whole sections, and sections are the donors that ``add_block`` splices into later files. The
edits are the ones agents make to docs: reword a line, add a paragraph, list item or section, delete
a block, move a section (the dev set's markdown fixtures add and reorder sections).

Blocks are runs of non-blank lines; a fenced code block is one block however many blank lines it
holds, and nothing inside a fence counts as a heading.
"""

from __future__ import annotations

import re

from . import templates as T
from .edits import Ctx, EditOp
from .syntax import Def, FileInfo, indent_of

_HEADING = {"markdown": re.compile(r"^(#{1,6})\s+(\S.*)$"), "html": re.compile(r"^\s*<h([1-6])\b[^>]*>(.*)$")}
_LIST_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+\S")
_WORD = re.compile(r"\b[a-z]{4,}\b")


def _fenced(lines: list[str]) -> list[bool]:
    """Per line: inside (or on) a ``` / ~~~ fence."""
    out, inside = [], False
    for ln in lines:
        fence = ln.lstrip().startswith(("```", "~~~"))
        out.append(inside or fence)
        if fence:
            inside = not inside
    return out


def blocks(lines: list[str]) -> list[tuple[int, int]]:
    """Half-open line ranges of the blank-separated blocks (fences never split)."""
    fenced = _fenced(lines)
    out: list[tuple[int, int]] = []
    start = None
    for i, ln in enumerate(lines + ["\n"]):
        gap = i == len(lines) or (not ln.strip() and not fenced[i])
        if gap and start is not None:
            out.append((start, i))
            start = None
        elif not gap and start is None:
            start = i
    return out


def parse_prose(text: str, lang: str) -> FileInfo:
    lines = text.splitlines(keepends=True)
    defs: list[Def] = []
    if lang == "markdown":
        fenced = _fenced(lines)
        heads = [(i, m) for i, ln in enumerate(lines) if not fenced[i] and (m := _HEADING[lang].match(ln.rstrip("\n")))]
        for n, (i, m) in enumerate(heads):
            end = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
            while end > i + 1 and not lines[end - 1].strip():
                end -= 1
            defs.append(Def("func", m.group(2).strip(), i, end, len(m.group(1)) - 1, node=None))
    return FileInfo(lang, text, lines, defs, [], tree=None, src=text.encode("utf-8"))


def _sentence(ctx: Ctx) -> str:
    r = ctx.rng
    noun, word, verb = r.choice(T.NOUNS), r.choice(T.WORDS), r.choice(T.VERBS)
    return r.choice(
        (
            f"The {word} {noun} is used when no other {noun} is set.",
            f"Use `{verb}` to {verb} the {noun} before the first request.",
            f"See the {noun} section for the {word} options.",
            f"This {verb}s the {noun} and keeps the {word} one as a fallback.",
            f"Note: the {noun} must be {word} for this to work.",
        )
    )


def _is_text(line: str, lang: str) -> bool:
    """Prose or markup, not the CSS or script that HTML pages embed."""
    return lang == "markdown" or line.lstrip().startswith("<") or not any(c in line for c in "{};=")


def _text_blocks(ctx: Ctx) -> list[tuple[int, int]]:
    lines, lang = ctx.info.lines, ctx.info.lang
    fenced = _fenced(lines)
    return [
        (a, b)
        for a, b in blocks(lines)
        if not fenced[a] and not _HEADING[lang].match(lines[a]) and all(_is_text(ln, lang) for ln in lines[a:b])
    ]


def op_reword(ctx: Ctx) -> EditOp | None:
    """Change a word in a line of text, or add a sentence after it."""
    lines = ctx.info.lines
    cands = [i for a, b in _text_blocks(ctx) for i in range(a, b) if len(_WORD.findall(lines[i])) >= 3]
    if not cands:
        return None
    i = ctx.rng.choice(cands)
    line = lines[i]
    if ctx.rng.random() < 0.6:
        old = ctx.rng.choice(_WORD.findall(line))
        new = ctx.rng.choice([w for w in T.WORDS + T.NOUNS if w != old])
        changed = re.sub(rf"\b{old}\b", new, line, count=1)
    else:
        changed = line.rstrip("\n") + " " + _sentence(ctx) + "\n"
    return EditOp([(i, i + 1, [changed])], "Reword a line of the document", "reword")


def _new_block(ctx: Ctx, after_line: int) -> list[str]:
    info, r = ctx.info, ctx.rng
    donors = [d for d in ctx.pool.funcs.get(info.lang, ()) if len(d[1]) <= 20]
    choice = r.random()
    if info.lang == "markdown" and donors and choice < 0.35:
        return list(r.choice(donors)[1])  # a whole section from another document
    if info.lang == "markdown" and choice < 0.6:
        return [f"- {_sentence(ctx)}\n" for _ in range(r.randint(2, 4))]
    if info.lang == "html":
        ind = indent_of(info.lines[after_line])
        return [f"{ind}<p>{_sentence(ctx)}</p>\n"]
    return [f"{_sentence(ctx)}\n"]


def op_add_block(ctx: Ctx) -> EditOp | None:
    """Insert a paragraph, a list or another document's section after a block."""
    bl = [blk for blk in _text_blocks(ctx) if blk[1] < len(ctx.info.lines)]
    if not bl:
        return None
    a, b = ctx.rng.choice(bl)
    return EditOp([(b, b, ["\n", *_new_block(ctx, a)])], "Add a paragraph", "add_block")


def op_add_list_item(ctx: Ctx) -> EditOp | None:
    lines = ctx.info.lines
    fenced = _fenced(lines)
    items = [
        i
        for i, ln in enumerate(lines)
        if not fenced[i]
        and _LIST_ITEM.match(ln)
        and (i + 1 == len(lines) or _LIST_ITEM.match(lines[i + 1]) or not lines[i + 1].strip())
    ]
    if not items:
        return None
    i = ctx.rng.choice(items)
    m = _LIST_ITEM.match(lines[i])
    bullet = m.group(2) if not m.group(2)[0].isdigit() else "1."
    return EditOp([(i + 1, i + 1, [f"{m.group(1)}{bullet} {_sentence(ctx)}\n"])], "Add a list item", "add_list_item")


def op_delete_block(ctx: Ctx) -> EditOp | None:
    """Delete a paragraph or list (with the blank line after it), never the first or last block."""
    n = len(ctx.info.lines)
    bl = [(a, b) for a, b in _text_blocks(ctx) if a > 0 and b < n]
    if not bl:
        return None
    a, b = ctx.rng.choice(bl)
    if b - a > 30:
        return None
    return EditOp([(a, b + 1, [])], "Delete a paragraph", "delete_block")


def op_move_section(ctx: Ctx) -> EditOp | None:
    """Move a section (with the blank line after it) in front of a sibling section."""
    secs = [d for d in ctx.info.funcs() if d.end - d.start <= 40]
    lines = ctx.info.lines
    if len(secs) < 3:
        return None
    src, dst = ctx.rng.sample(secs, 2)
    if src.depth != dst.depth or src.start < dst.start < src.end + 2:
        return None
    if src.end >= len(lines) or lines[src.end].strip():  # the moved section takes its blank line along
        return None
    moved = lines[src.start : src.end]  # ends with a newline: a blank line follows it
    return EditOp(
        [(src.start, src.end + 1, []), (dst.start, dst.start, [*moved, "\n"])],
        f"Move the section `{src.name}` before `{dst.name}`",
        "move_section",
    )


PROSE_OPS = {
    "reword": (op_reword, 3.0),
    "add_block": (op_add_block, 2.5),
    "add_list_item": (op_add_list_item, 1.0),
    "delete_block": (op_delete_block, 1.5),
    "move_section": (op_move_section, 2.0),
}
