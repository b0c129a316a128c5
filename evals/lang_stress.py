"""Agent-style edit cases over real source files in many languages: a stress test for the merger.

Each source file under a root is parsed with tree-sitter and its functions / methods (CSS: rules) are
found with exact line ranges (evals/lang_sources.py). Every generator below writes cases on a few
of them: an instruction, a snippet the way coding agents write it (lazy markers in the language's
comment syntax, or a unified diff hunk) and the one expected file. A case whose snippet could be read another way is skipped.

    .venv/bin/python -m evals.lang_stress --root evals/sealed --root evals/agent_bench/sources \\
        --out /tmp/lang_stress.jsonl --seed 0 [--per-file 1] [--languages go,rust,...]

Output: dev.jsonl rows (evals/dataset.py); variant = the generator's name. Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import random
import re
from collections import Counter
from pathlib import Path

from evals.lang_sources import CSS, JS, NEW_FN, NO_RENAME, NUMBER, STMTS, File, Func, fresh_name, indent, language_of


# -- edits: ((first row replaced, row after the last replaced, new lines), new line, description, ...) ----
def _top_edit(f: File, fn: Func, rng: random.Random):
    """A statement inserted as the body's first line (not above a Python docstring)."""
    first, body = fn.hdr_end + 1, "\n".join(f.content[fn.start : fn.end + 1])
    options = [s.replace("{n}", fn.name) for s in STMTS[f.lang]]
    options = [s for s in options if s.split(":")[0] not in body] if f.lang in CSS else options
    if not options or not f.stripped[first] or not f.unique(fn.start, first) or f.open_at(first):
        return None
    if f.lang == "python" and re.match(r"[rRbBuUfF]*['\"]", f.stripped[first]):
        return None
    if not f.semis or not options[0].endswith(";"):  # no `;`: a line starting `(`, `[`... would continue it
        if f.stripped[first][:1] in "([`+-*/.<":
            return None
    stmt = rng.choice(options) if f.semis else rng.choice(options).removesuffix(";")
    new, what = f.bind(fn) + stmt, "declaration" if f.lang in CSS else "statement"
    return (first, first, [new + f.eol_at(first)]), new, f"add `{stmt}` as the first {what}"


def _mid_edit(f: File, fn: Func, rng: random.Random):
    """One body line changed (a number bumped, or a comment appended) shown with 2-3 unique lines around.

    -> (edit, new line, description, snippet part, row after the part)"""
    na, nb = rng.choice([2, 3]), rng.choice([2, 3])
    rows = [r for r in range(fn.hdr_end + 2, f.last(fn)) if r - na >= fn.start and r + nb <= fn.end]
    starts = ("//", "/*", "*", "#", "--") + (("<",) if f.lang in JS else ())
    for r in rng.sample(rows, len(rows)):
        line, s = f.content[r], f.stripped[r]
        if len(s) < 4 or s.startswith(starts) or s.endswith("\\") or not re.search(r"\w", s):
            continue
        if f.in_literal(r, len(indent(line))) or not f.unique(r - na, r) or not f.unique(r + 1, r + 1 + nb):
            continue
        if f.open_at(r - na - 1) or f.open_at(r + nb):
            continue
        numbers = [m for m in NUMBER.finditer(line) if not f.in_literal(r, m.start()) and int(m.group()) < 10**6]
        numbers = [] if f.lang in CSS else numbers  # `0` -> `1` could need a unit there
        if numbers:
            m = rng.choice(numbers)
            new = f"{line[: m.start()]}{int(m.group()) + 1}{line[m.end() :]}"
            desc = f"change `{m.group()}` to `{int(m.group()) + 1}` in `{s}`"
        else:
            tokens = {"/*": ["/*", "*/"], "#": ["#"], "--": ["--"]}.get(f.comment, ["//", "/*"])
            if any(t in line for t in tokens) or f.in_literal(r, len(line)):
                continue
            word = rng.choice(["checked", "reviewed", "keep in sync"])
            comment = f"/* {word} */" if f.comment == "/*" else f"{f.comment} {word}"
            new = f"{line}{'  ' if f.lang == 'python' else ' '}{comment}"
            desc = f"add a `{comment}` comment at the end of `{s}`"
        part = f.content[r - na : r] + [new] + f.content[r + 1 : r + 1 + nb]
        return (r, r + 1, [new + f.eol_at(r)]), new, desc, part, r + 1 + nb
    return None


def _top_part(f: File, fn: Func, new: str, rng: random.Random, closer: bool = True) -> list[str]:
    first = fn.hdr_end + 1
    lines = f.content[fn.start : first] + [new, f.content[first], f.marker(f.bind(fn), rng, body=True)]
    return lines + ([f.content[fn.end]] if closer and fn.closer else [])


def _wrap(f: File, rng: random.Random, *parts: list[str]) -> list[str]:
    """Parts of a snippet with a marker before each and one after the last, indented like their code."""
    out: list[str] = []
    for lines in parts:  # no marker right after a marker that ends the part before
        lead = (
            []
            if out and f.comment + " ..." in out[-1]
            else [f.marker(indent(next(s for s in lines if s.strip())), rng)]
        )
        out += lead + lines
    ends = [s for s in parts[-1] if s.strip()]
    return out + [f.marker(min(indent(ends[0]), indent(ends[-1]), key=len), rng)]


# -- generators: (f, fn, rng) -> (instruction, snippet lines, edits, sub-style) or None ------------------
def gen_insert_top(f: File, fn: Func, rng: random.Random):
    if not (top := _top_edit(f, fn, rng)):
        return None
    style = rng.choice(["close", "open", "wrapped"] if fn.closer else ["open", "wrapped"])
    lines = _top_part(f, fn, top[1], rng, closer=style != "open")
    return f"In {f.label(fn)}, {top[2]}.", _wrap(f, rng, lines) if style == "wrapped" else lines, [top[0]], style


def gen_edit_middle(f: File, fn: Func, rng: random.Random):
    if not (mid := _mid_edit(f, fn, rng)):
        return None
    return f"In {f.label(fn)}, {mid[2]}.", _wrap(f, rng, mid[3]), [mid[0]], ""


def gen_whole_function(f: File, fn: Func, rng: random.Random):
    top, mid = _top_edit(f, fn, rng), _mid_edit(f, fn, rng)
    if not top or not mid or fn.end - fn.start > 50:
        return None
    lines = f.content[fn.start : fn.end + 1]
    lines[mid[0][0] - fn.start] = mid[1]
    lines.insert(top[0][0] - fn.start, top[1])
    return f"Rewrite {f.label(fn)}: {top[2]}, and {mid[2]}.", _wrap(f, rng, lines), [top[0], mid[0]], ""


def gen_delete(f: File, fn: Func, rng: random.Random):
    """Remove fn: shown by the end of the previous definition and the start of the next, or by the headers."""
    prev = [d for d in f.defs if d.parent == fn.parent and d.end < fn.start]
    nxt = [d for d in f.defs if d.parent == fn.parent and d.start > fn.end]
    if not prev or not nxt or any(f.stripped[prev[-1].end + 1 : fn.start] + f.stripped[fn.end + 1 : nxt[0].start]):
        return None
    p, n = prev[-1], nxt[0]
    instruction = f"Remove {f.label(fn)}." if f.lang in CSS else f"Remove the `{fn.name}` function."
    edit = (fn.start, n.start, [])
    if rng.random() < 0.5:
        if not f.unique(p.start, p.hdr_end + 1) or not f.unique(n.start, n.hdr_end + 1):
            return None
        parts = f.content[p.start : p.hdr_end + 1], f.content[n.start : n.hdr_end + 1]
        return instruction, _wrap(f, rng, *parts), [edit], "headers"
    a, b = max(p.end - 2, p.hdr_end + 1), min(n.hdr_end + rng.choice([1, 2]), f.last(n))
    while b > n.hdr_end and (not f.stripped[b] or f.open_at(b)):
        b -= 1
    if f.open_at(a - 1) or p.end - p.start < 2 or not f.unique(a, p.end + 1) or not f.unique(n.start, b + 1):
        return None
    return instruction, _wrap(f, rng, f.content[a : fn.start] + f.content[n.start : b + 1]), [edit], "context"


def gen_add_after(f: File, fn: Func, rng: random.Random):
    """A short new function right after fn, separated by the blank lines the file puts between them."""
    new_name = f"probe-{fn.end}" if f.lang in CSS else fresh_name(f, fn.name, rng, ["Count", "Size", "Limit"])
    hind, bind = f.hind(fn), f.bind(fn)
    after = next((s for s in f.content[fn.end + 1 :] if s.strip()), "")
    if not fn.ok_add or not new_name or new_name in f.text or len(indent(after)) > len(hind):
        return None  # (the line after fn is not in its body, such as a comment at the body's indentation)
    if not f.lines[fn.end].endswith("\n"):
        return None
    if not bind.startswith(hind) or len(bind) <= len(hind) or not f.unique(fn.start, fn.hdr_end + 1):
        return None
    template = list(NEW_FN[f.lang])
    template[0] = template[0].replace("()", "(self)") if fn.in_class else template[0]
    template[0] = "{n}() {" if fn.kind == "method_definition" else template[0]
    local = fn.kind == "local_function_statement" or (f.lang == "php" and fn.kind == "function_definition")
    template[0] = template[0].removeprefix("private ") if local else template[0]
    if f.stripped[fn.hdr_end] == "{" and template[0].endswith(" {"):  # the brace on its own line
        template[0:1] = [template[0][:-2], "{"]
    body = [hind + t.replace("{n}", new_name).replace("{u}", bind[len(hind) :]) for t in template]
    body = body if f.semis else [b.removesuffix(";") for b in body]
    sib = [d for d in f.defs if d.parent == fn.parent]  # the blank lines after fn, else before it, else one
    gaps = [f.content[fn.end + 1 : d.start] for d in sib if d.start > fn.end][:1]
    gaps += [f.content[d.end + 1 : fn.start] for d in sib if d.end < fn.start][-1:]
    blanks = next((g for g in gaps if 1 <= len(g) <= 2 and not any(s.strip() for s in g)), [""])
    edit = (fn.end + 1, fn.end + 1, [b + f.eol_at(fn.end) for b in blanks + body])
    lines = f.content[fn.start : fn.hdr_end + 1] + [f.marker(bind, rng, body=True)]
    lines += [f.content[fn.end]] if fn.closer else []
    what, shown = ("rule", f".{new_name}") if f.lang in CSS else ("function", new_name)
    return f"Add a `{shown}` {what} right after {f.label(fn)}.", _wrap(f, rng, lines + blanks + body), [edit], ""


def gen_rename(f: File, fn: Func, rng: random.Random):
    """Rename a function whose name occurs nowhere else in the file (the definition only)."""
    name, header = fn.name, f.content[fn.start : fn.hdr_end + 1]
    if f.lang in CSS or name.startswith("__") or name in NO_RENAME or "override" in " ".join(header).lower():
        return None
    if len(re.findall(rf"(?<![\w$]){re.escape(name)}(?![\w$])", f.text)) != 1 or not f.unique(fn.start, fn.hdr_end + 1):
        return None
    if not (new_name := fresh_name(f, name, rng, ["Impl", "Internal", "V2"])):
        return None
    row, a, b = fn.name_at
    header[row - fn.start] = f.content[row][:a] + new_name + f.content[row][b:]
    lines = header + [f.marker(f.bind(fn), rng, body=True)] + ([f.content[fn.end]] if fn.closer else [])
    wrapped = rng.random() < 0.5
    edit = (row, row + 1, [header[row - fn.start] + f.eol_at(row)])
    return f"Rename `{name}` to `{new_name}`.", _wrap(f, rng, lines) if wrapped else lines, [edit], "wrapped" * wrapped


def gen_diff(f: File, fn: Func, rng: random.Random):
    """An insert-top or a middle edit as a unified diff hunk with 3 lines of context."""
    kind = rng.choice(["top", "middle"])
    if not (got := _top_edit(f, fn, rng) if kind == "top" else _mid_edit(f, fn, rng)):
        return None
    old = [c + "\n" for c in f.content]
    new = old[: got[0][0]] + [got[1] + "\n"] + old[got[0][1] :]
    hunk = [h.removesuffix("\n") for h in list(difflib.unified_diff(old, new, n=3))[2:]]
    m = re.match(r"@@ -(\d+)(?:,(\d+))? ", hunk[0])
    lo = int(m.group(1)) - 1
    hi = lo + int(m.group(2) or 1)
    if not f.unique(lo, hi) or (hi >= len(f.lines) and not f.text.endswith("\n")):
        return None
    return f"In {f.label(fn)}, {got[2]}.", hunk, [got[0]], kind


def gen_two_edits(f: File, fn: Func, rng: random.Random):
    """An insert-top in one function and a middle edit in a later (or earlier) one, in file order."""
    later = [d for d in f.funcs if d.start > fn.end]
    if not later:
        return None
    first_top, other = rng.random() < 0.5, rng.choice(later)
    top_fn, mid_fn = (fn, other) if first_top else (other, fn)
    top, mid = _top_edit(f, top_fn, rng), _mid_edit(f, mid_fn, rng)
    if not top or not mid:
        return None
    parts = [_top_part(f, top_fn, top[1], rng), mid[3]]
    says = [f"in {f.label(top_fn)}, {top[2]}", f"in {f.label(mid_fn)}, {mid[2]}"]
    parts, says = (parts, says) if first_top else (parts[::-1], says[::-1])
    instruction = f"{says[0][0].upper()}{says[0][1:]}; and {says[1]}."
    return instruction, _wrap(f, rng, *parts), [top[0], mid[0]], "top-first" if first_top else "middle-first"


def gen_last_function(f: File, fn: Func, rng: random.Random):
    """An edit to the file's last function; the snippet ends with its closer and no marker after."""
    if fn is not max(f.funcs, key=lambda d: d.start):
        return None
    if any(s not in ("", "}", "};", "end", ")", "});", "]") for s in f.stripped[fn.end + 1 :]):
        return None
    if rng.random() < 0.5 and (top := _top_edit(f, fn, rng)):
        return (
            f"In {f.label(fn)}, {top[2]}.",
            [f.marker(f.hind(fn), rng)] + _top_part(f, fn, top[1], rng),
            [top[0]],
            "top",
        )
    if not (mid := _mid_edit(f, fn, rng)) or (not fn.closer and not f.unique(fn.end, fn.end + 1)):
        return None
    lines = [f.marker(indent(mid[3][0]) or f.bind(fn), rng)] + mid[3]
    lines += [f.marker(f.bind(fn), rng, body=True)] if mid[4] < fn.end else []  # lines left before the closer
    lines += [f.content[fn.end]] if mid[4] <= fn.end else []
    return f"In {f.label(fn)}, {mid[2]}.", lines, [mid[0]], "middle"


GENERATORS = {name[4:].replace("_", "-"): gen for name, gen in list(globals().items()) if name.startswith("gen_")}


def _apply(f: File, edits) -> str:
    out, pos = [], 0
    for a, b, new in sorted(edits, key=lambda e: e[0]):
        out += f.lines[pos:a] + new
        pos = b
    return "".join(out + f.lines[pos:])


def _check(f: File, edits, expected: str) -> None:
    """The expected file differs, and holds every byte of the original outside the edits, in order."""
    if expected == f.text:
        raise AssertionError(f"{f.source}: expected equals the original")
    pos, at = 0, 0
    for a, b, new in sorted(edits, key=lambda e: e[0]):
        keep = "".join(f.lines[pos:a])
        if a < pos or expected[at : at + len(keep)] != keep or "".join(new) == "".join(f.lines[a:b]):
            raise AssertionError(f"{f.source}: edit {a}-{b} overlaps, is a no-op or moved the original")
        at, pos = at + len(keep) + len("".join(new)), b
    if expected[at:] != "".join(f.lines[pos:]):
        raise AssertionError(f"{f.source}: the original's end is not kept")


def _spread(rng: random.Random, items: list) -> list:
    """Items in random order, taking in turn from the start, middle and end thirds."""
    n = len(items)
    thirds = [items[i * n // 3 : (i + 1) * n // 3] for i in range(3)]
    thirds = [rng.sample(third, len(third)) for third in thirds]
    order, out = rng.sample(range(3), 3), []
    while any(thirds):
        out += [thirds[i].pop() for i in order if thirds[i]]
    return out


def cases_for_file(path: Path, source: str, seed: int, per_file: int) -> list[dict]:
    """At most per_file cases per generator on one file (its functions picked at random, spread out)."""
    if (lang := language_of(path)) is None:
        return []
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            f = File(path, source, lang, fh.read())
    except UnicodeDecodeError:
        return []
    rows, tag = [], hashlib.sha1(source.encode()).hexdigest()[:6]
    for gname, gen in GENERATORS.items():
        rng, made = random.Random(f"{seed}:{source}:{gname}"), 0
        for fn in _spread(rng, f.funcs):
            if made >= per_file:
                break
            if (got := gen(f, fn, rng)) is None:
                continue
            instruction, snippet, edits, style = got
            expected = _apply(f, edits)
            _check(f, edits, expected)
            case_id = f"ls-{path.stem}-{tag}-{gname}{'-' * bool(style)}{style}-{made}"
            snippet_text = "\n".join(snippet) + "\n"
            rows.append(dict(id=case_id, language=lang, original=f.text, snippet=snippet_text, expected=expected))
            rows[-1].update(instruction=instruction, source=source, variant=gname, path=path.name)
            made += 1
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="lang_stress", description=__doc__.split("\n\n")[0])
    p.add_argument("--root", action="append", required=True, help="a folder of source files (repeatable)")
    p.add_argument("--out", required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--per-file", type=int, default=1, help="at most N cases per generator per file")
    p.add_argument("--languages", default="", help="comma-separated, e.g. go,rust (default: all)")
    args = p.parse_args(argv)
    wanted = set(filter(None, args.languages.split(",")))
    rows: list[dict] = []
    for root in map(Path, args.root):
        for path in sorted(root.rglob("*")):
            lang = language_of(path) if path.is_file() else None
            if lang and (not wanted or lang in wanted):
                rows += cases_for_file(path, path.relative_to(root).as_posix(), args.seed, args.per_file)
    ids: Counter = Counter()
    for row in rows:  # the same file under two roots: keep ids unique
        ids[row["id"]] += 1
        row["id"] += f"-{ids[row['id']]}" if ids[row["id"]] > 1 else ""
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    counts = Counter((row["variant"], row["language"]) for row in rows)
    langs = sorted({row["language"] for row in rows})
    print(f"{'generator':<15}" + "".join(f"{lang[:6]:>7}" for lang in langs) + f"{'total':>7}")
    for gname in GENERATORS:
        cells = [counts[gname, lang] for lang in langs]
        print(f"{gname:<15}" + "".join(f"{n:>7}" for n in cells) + f"{sum(cells):>7}")
    print(f"{len(rows)} cases -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
