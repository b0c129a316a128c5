"""Agent-style snippets generated over a Python library's own files, to look for files served wrong
that no benchmark writer thought of. Each generator edits real functions the way agents write
snippets and knows the file it means; a served file that differs from it is counted.

    python -m evals.stdlib_stress --lib /usr/lib/python3.11 --seeds 0 1 2 3

Generators: a line inserted at the top of a function (with a closing marker, without one, with
markers around), a line edited between column-0 markers, a statement dropped by omission, the same
drop with the instruction naming what the statement assigns or quoting it with the body elided, a
header with context and no marker, a function renamed with only its header shown, a function moved
to the end of the file, and a method added after another in a class. Where a generator's file is
one reading among several (a comment above a removed line, blank lines), a served difference is
still counted: read the printed diffs before calling it wrong.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import glob
import random
import re
import sys
from collections import defaultdict

from fastapply.apply.deterministic import checked_merge, prepare
from fastapply.apply.request import ApplyError, ApplyRequest
from fastapply.merge import flags
from fastapply.merge.text.normal import whole_word


def cases(src: str):
    """(generator, snippet, expected file, instruction) for the functions of one Python source."""
    tree = ast.parse(src)
    lines = src.splitlines(True)
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.end_lineno - n.lineno >= 6]
    for fn in functions[:3]:
        body = [st for st in fn.body if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant))]
        if len(body) < 2 or body[0].lineno != body[0].end_lineno or fn.decorator_list:
            continue
        first = lines[body[0].lineno - 1]
        ind = first[: len(first) - len(first.lstrip())]
        head = lines[fn.lineno - 1 : body[0].lineno - 1]
        new = f"{ind}_trace({fn.name!r})\n"
        exp = "".join(lines[: body[0].lineno - 1] + [new] + lines[body[0].lineno - 1 :])
        ask = f"Trace calls to {fn.name}."
        yield (
            "insert, marker after",
            "".join(head) + new + first + f"{ind}# ... rest of {fn.name} unchanged ...\n",
            exp,
            ask,
        )
        yield "insert, no marker", "".join(head) + new + first, exp, ask
        yield (
            "insert, markers around",
            "# ... existing code ...\n\n" + "".join(head) + new + first + f"{ind}# ...\n",
            exp,
            ask,
        )
        simple = [st for st in body if st.lineno == st.end_lineno and not isinstance(st, ast.Expr)]
        if len(simple) < 3:
            continue
        mid = simple[len(simple) // 2]
        i = mid.lineno - 1
        line = lines[i]
        ind2 = line[: len(line) - len(line.lstrip())]
        above, below = lines[max(i - 2, fn.lineno) : i], lines[i + 1 : i + 3]
        changed = line.rstrip("\n") + "  # checked\n"
        edited = "".join(lines[:i] + [changed] + lines[i + 1 :])
        yield (
            "edit, column-0 markers",
            "# ...\n" + "".join(above) + changed + "".join(below) + "# ...\n",
            edited,
            f"Mark the checked line in {fn.name}.",
        )
        lead = lines[len(head) + fn.lineno - 1 : i]  # the body's lines above the edited one
        if len(lead) <= 4:  # (more, and an agent would elide them: the fragment shows them all)
            yield (
                "header and context, no marker",
                "".join(head) + "".join(lead) + changed,
                edited,
                f"Mark the checked line in {fn.name}.",
            )
        dropped = "".join(lines[:i] + lines[i + 1 :])
        omission = (
            f"{ind2}# ... existing code ...\n" + "".join(above) + "".join(below) + f"{ind2}# ... existing code ...\n"
        )
        yield "drop by omission", omission, dropped, f"Drop that statement from {fn.name}."
        if isinstance(mid, ast.Assign) and len(mid.targets) == 1:
            target = ast.get_source_segment(src, mid.targets[0])
            if target and "\n" not in target:
                yield "drop, assignment named", omission, dropped, f"Remove the {target} assignment from {fn.name}."
                quoted = f"Remove the `{line.strip()}` line from {fn.name}."
                yield (
                    "drop, quoted, body elided",
                    lines[fn.lineno - 1] + f"{ind2}# ... existing code ...\n",
                    dropped,
                    quoted,
                )
    top = [n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.decorator_list]
    for fn in top[:2]:
        word = whole_word(fn.name)
        if re.search(r"_|[a-z][A-Z]", fn.name) and len(word.findall(src)) >= 2:
            header = word.sub(fn.name + "_v2", lines[fn.lineno - 1])
            snippet = (
                "# ... existing code ...\n\n" + header + "    # ... body unchanged ...\n\n# ... existing code ...\n"
            )
            yield (
                "rename, header shown",
                snippet,
                word.sub(fn.name + "_v2", src),
                f"Rename {fn.name} to {fn.name}_v2 and update its callers.",
            )
        block = lines[fn.lineno - 1 : fn.end_lineno]
        rest = lines[: fn.lineno - 1] + lines[fn.end_lineno :]
        k = fn.lineno - 1
        while k < len(rest) and not rest[k].strip() and k - fn.lineno + 1 < 2:
            rest.pop(k)
        moved = "".join(rest).rstrip("\n") + "\n\n\n" + "".join(block)
        yield (
            "move to the end",
            "# ... existing code ...\n\n\n" + "".join(block),
            moved,
            f"Move {fn.name} to the end of the file.",
        )
    for cls in [n for n in tree.body if isinstance(n, ast.ClassDef)][:1]:
        methods = [m for m in cls.body if isinstance(m, ast.FunctionDef) and not m.decorator_list]
        if len(methods) < 2:
            continue
        header = lines[methods[0].lineno - 1]
        ind = header[: len(header) - len(header.lstrip())]
        name = f"ping_{methods[0].name.strip('_')}"
        add = ["\n", f"{ind}def {name}(self):\n", f"{ind}    return True\n"]
        exp = "".join(lines[: methods[0].end_lineno] + add + lines[methods[0].end_lineno :])
        snippet = (
            lines[cls.lineno - 1]
            + f"{ind}# ... existing code ...\n\n"
            + header
            + f"{ind}    # ... existing code ...\n"
            + "".join(add)
            + f"\n{ind}# ... existing code ...\n"
        )
        yield "method after method", snippet, exp, f"Add a {name} method after {methods[0].name}."


def judge(src: str, snippet: str, expected: str, instruction: str) -> tuple[bool, str]:
    """(served unflagged, the file) for one case, as ``auto`` answers before any model."""
    request = ApplyRequest(src, snippet, instruction, path="m.py")
    prepared = prepare(request)
    merged, warnings = checked_merge(request, prepared)
    return bool(prepared.candidate.confident and merged is not None and not flags(warnings)), merged or ""


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="stdlib_stress", description=__doc__.split("\n\n")[0])
    p.add_argument("--lib", required=True, help="a folder of Python files (a standard library)")
    p.add_argument("--seeds", type=int, nargs="+", default=[0])
    p.add_argument("--files", type=int, default=60, help="files drawn per seed")
    p.add_argument("--show", type=int, default=5, help="diffs printed of files served wrong")
    args = p.parse_args(argv)
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    shown = 0
    for seed in args.seeds:
        files = sorted(glob.glob(f"{args.lib}/*.py"))
        random.Random(seed).shuffle(files)
        for path in files[: args.files]:
            try:
                src = open(path, encoding="utf-8").read()
                generated = list(cases(src))
            except (SyntaxError, UnicodeDecodeError, ValueError):
                continue
            for kind, snippet, expected, instruction in generated:
                try:
                    served, merged = judge(src, snippet, expected, instruction)
                except ApplyError:
                    continue
                row = tally[kind]
                row[0] += 1
                row[1] += served
                if served and merged != expected:
                    row[2] += 1
                    if shown < args.show:
                        shown += 1
                        print(f"== served other than generated: {path}: {instruction}")
                        diff = difflib.unified_diff(
                            expected.splitlines(True), merged.splitlines(True), "generated", "served", n=1
                        )
                        sys.stdout.writelines(list(diff)[:30])
    print("| generator | cases | served | served other than generated |\n|---|---|---|---|")
    for kind, (n, served, wrong) in tally.items():
        print(f"| {kind} | {n} | {served} | {wrong} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
