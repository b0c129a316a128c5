"""The agent-style benchmark: edit snippets written the way coding agents write them, on real,
permissively licensed source files, stored compactly in ``evals/agent_bench/``.

Layout of the benchmark folder::

    sources/<language>/<file>     the original files, verbatim
    sources/<language>/sources.json  {"<language>/<file>": {"origin": "...", "license": "MIT"}}
    cases/<language>.jsonl        one case a line: id, file, instruction, snippet, patch, styles, author

``patch`` is the unified diff from the original to the expected file (made by performing the edit on
a copy of the original, then ``add``); ``load`` applies it back, so each case reads like a dev.jsonl
row (id, language, original, snippet, expected, instruction, source, license, variant, styles).

    python -m fastapply.evals.agentbench source FILE --as lua/foo.lua --origin "pkg 1.2:path" --license MIT
    python -m fastapply.evals.agentbench add --file lua/foo.lua --expected EDITED --snippet SNIPPET \\
        --id lua-foo-rename --styles lazy,diff --instruction "rename x to y" [--author hand|generated]
    python -m fastapply.evals.agentbench check      # every case loads, patches apply, licenses known
    python -m fastapply.evals.agentbench build --out agent.jsonl
    python -m fastapply.evals.agentbench stats
    python -m fastapply.evals.agentbench notice > evals/agent_bench/SOURCES.md   # origins and licenses
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
import sys
from collections import Counter
from pathlib import Path

BENCH_DIR = Path(__file__).with_name("agent_bench")
# The snippet styles a case may be tagged with (a case usually has several).
STYLES = {
    "lazy": "lazy markers elide unchanged code (any phrasing, the language's comment syntax)",
    "diff": "unified-diff-like hunks: +/- line prefixes, with or without @@ headers",
    "diff-mixed": "diff-form lines mixed with lazy markers",
    "changed-only": "only the changed lines between markers, little or no context",
    "header-marker": "a definition header followed by a marker (the body elided)",
    "edge-context": "context lines at a chunk's edge that must anchor, not be inserted again",
    "whole-definition": "a whole definition rewritten",
    "out-of-order": "existing code shown out of file order",
    "move": "a refactor that moves code",
    "delete": "a deletion shown by the snippet (code left out between context lines)",
    "instruction-intent": "the instruction states a change the snippet leaves under a marker",
    "insert": "new code added next to existing code",
    "multi-hunk": "several separate edits in one snippet",
    "whole-file": "the snippet is the complete new file",
    "no-marker": "a partial snippet with no marker at all",
    "embedded": "code inside another language (JSX, <script>/<style> in HTML)",
    "foreign-marker": "lazy markers in another language's comment syntax (`// ...` in a Python file)",
    "diff-unindented": "diff-form lines without the file's indentation, or with +/- in place of an indent column",
    "partial-definition": "a definition's header or first lines rewritten, then a marker for the rest of its body",
    "banner-section": "a commented section replaced under a new or reworded banner comment",
    "nesting-move": "code moved between nesting levels (an inner function to top level, a member out of a class)",
}
AUTHORS = ("hand", "generated")
_ID = re.compile(r"^[a-z0-9][a-z0-9._-]{2,80}$")


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def make_patch(original: str, expected: str, context: int = 3) -> str:
    """Unified diff from original to expected (files without a final newline handled)."""
    a, b = _lines(original), _lines(expected)
    for lines in (a, b):
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n\\ No newline at end of file\n"
    return "".join(difflib.unified_diff(a, b, "a", "b", n=context))


_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def apply_patch(original: str, patch: str) -> str:
    """Apply a ``make_patch`` diff exactly (line numbers and context must match); ValueError if not."""
    src = _lines(original)
    out: list[str] = []
    pos = 0
    lines = patch.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        match = _HUNK.match(lines[i])
        i += 1
        if not match:
            continue
        start = int(match.group(1)) - (0 if match.group(2) == "0" else 1)
        if start < pos:
            raise ValueError("hunks overlap or are out of order")
        out.extend(src[pos:start])
        pos = start
        while i < len(lines) and not lines[i].startswith("@@"):
            tag, body = lines[i][:1], lines[i][1:]
            i += 1
            if i < len(lines) and lines[i].startswith("\\"):  # no newline at the end of that line
                body = body[:-1] if body.endswith("\n") else body
                i += 1
            if tag in (" ", "-"):
                if pos >= len(src) or src[pos] != body:
                    raise ValueError(f"patch does not match the original at line {pos + 1}")
                pos += 1
            if tag in (" ", "+"):
                out.append(body)
    out.extend(src[pos:])
    return "".join(out)


def _sources(bench: Path) -> dict:
    """Origin and license of every source file (one sources.json per language folder)."""
    merged = {}
    for path in sorted((bench / "sources").glob("*/sources.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def _language_of(file: str) -> str:
    return file.split("/", 1)[0]


def load(bench: str | Path = BENCH_DIR) -> list[dict]:
    """Every case as a dev.jsonl-shaped row (ValueError on a broken case or an unknown source)."""
    bench = Path(bench)
    sources = _sources(bench)
    rows = []
    for case_file in sorted((bench / "cases").glob("*.jsonl")):
        for n, line in enumerate(case_file.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            case = json.loads(line)
            where = f"{case_file.name}:{n} ({case.get('id')})"
            if case["file"] not in sources:
                raise ValueError(f"{where}: source {case['file']} is not in sources.json")
            original, expected = _original_and_expected(bench / "sources" / case["file"], case["patch"], where)
            meta = sources[case["file"]]
            rows.append(
                {
                    "id": case["id"],
                    "language": _language_of(case["file"]),
                    "original": original,
                    "snippet": case["snippet"],
                    "expected": expected,
                    "instruction": case.get("instruction", ""),
                    "source": f"{meta['origin']}",
                    "license": meta["license"],
                    "variant": case["styles"][0],
                    "styles": case["styles"],
                    "author": case.get("author", "hand"),
                    "path": case["file"],
                }
            )
    return rows


def _original_and_expected(source: Path, patch: str, where: str) -> tuple[str, str]:
    """The original file as stored and the expected one. Patches are made on the file's text with
    LF line ends; a file written with CRLF throughout keeps them in both, so that a case on it
    measures CRLF handling (a file mixing line ends is read with LF, as the patch was made)."""
    with open(source, encoding="utf-8", newline="") as fh:
        exact = fh.read()
    text = exact.replace("\r\n", "\n")
    try:
        expected = apply_patch(text, patch)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    if "\r\n" in exact and exact.count("\r\n") == exact.count("\n"):
        return exact, expected.replace("\n", "\r\n")
    return text, expected


def check(bench: str | Path = BENCH_DIR) -> list[str]:
    """Problems with the benchmark ([] when it is sound)."""
    problems = []
    try:
        rows = load(bench)
    except (ValueError, KeyError, json.JSONDecodeError, OSError) as exc:
        return [str(exc)]
    ids = Counter(row["id"] for row in rows)
    problems += [f"duplicate id {i}" for i, n in ids.items() if n > 1]
    for row in rows:
        if row["expected"] == row["original"]:
            problems.append(f"{row['id']}: expected equals the original")
        if not row["snippet"].strip():
            problems.append(f"{row['id']}: empty snippet")
        unknown = [s for s in row["styles"] if s not in STYLES]
        if unknown:
            problems.append(f"{row['id']}: unknown styles {unknown}")
        if row["author"] not in AUTHORS:
            problems.append(f"{row['id']}: author must be one of {AUTHORS}")
    for file, meta in _sources(bench).items():
        if not meta.get("license") or not meta.get("origin"):
            problems.append(f"{file}: origin and license are required")
    return problems


def add_source(path: str, as_name: str, origin: str, license: str, bench: Path = BENCH_DIR) -> Path:
    if "/" not in as_name:
        raise ValueError("--as must be <language>/<file name>")
    target = bench / "sources" / as_name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, target)
    Path(target).read_text(encoding="utf-8")  # must be UTF-8 text
    index = target.parent / "sources.json"
    sources = json.loads(index.read_text(encoding="utf-8")) if index.is_file() else {}
    sources[as_name] = {"origin": origin, "license": license}
    index.write_text(json.dumps(sources, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return target


def add_case(
    file: str,
    expected_path: str,
    snippet_path: str,
    case_id: str,
    styles: list[str],
    instruction: str,
    author: str = "hand",
    bench: Path = BENCH_DIR,
) -> dict:
    if not _ID.match(case_id):
        raise ValueError(f"id must match {_ID.pattern}")
    if file not in _sources(bench):
        raise ValueError(f"{file}: add it with `source` first")
    unknown = [s for s in styles if s not in STYLES]
    if unknown or not styles:
        raise ValueError(f"styles must be among {sorted(STYLES)}, got {styles}")
    original = (bench / "sources" / file).read_text(encoding="utf-8")
    expected = Path(expected_path).read_text(encoding="utf-8")
    snippet = Path(snippet_path).read_text(encoding="utf-8")
    if expected == original:
        raise ValueError("the expected file equals the original: perform the edit first")
    patch = make_patch(original, expected)
    assert apply_patch(original, patch) == expected
    cases = bench / "cases" / f"{_language_of(file)}.jsonl"
    if cases.is_file() and any(
        json.loads(line)["id"] == case_id for line in cases.read_text(encoding="utf-8").splitlines()
    ):
        raise ValueError(f"id {case_id} exists already")
    case = {
        "id": case_id,
        "file": file,
        "instruction": instruction,
        "snippet": snippet,
        "patch": patch,
        "styles": styles,
        "author": author,
    }
    cases.parent.mkdir(parents=True, exist_ok=True)
    with cases.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(case, ensure_ascii=False) + "\n")
    return case


def stats(rows: list[dict]) -> str:
    by_lang = Counter(r["language"] for r in rows)
    by_style = Counter(s for r in rows for s in r["styles"])
    by_author = Counter(r["author"] for r in rows)
    lines = [f"{len(rows)} cases, {len(by_lang)} languages, authors {dict(by_author)}"]
    lines += [f"  {lang}: {n}" for lang, n in sorted(by_lang.items())]
    lines += ["styles:"] + [f"  {s}: {n}" for s, n in by_style.most_common()]
    return "\n".join(lines)


def notice(bench: str | Path = BENCH_DIR) -> str:
    """A Markdown table of every source file with its origin and license, and the cases on it."""
    bench = Path(bench)
    uses = Counter(row["path"] for row in load(bench))
    lines = [
        "# Sources of the agent-style benchmark",
        "",
        "Each original file is a verbatim copy of a file from a permissively licensed project; the",
        "license is that project's (read from its LICENSE file or the file's own header). Keep the",
        "attribution when redistributing. Snippets, instructions and expected files were written for",
        "this benchmark.",
        "",
        "| file | origin | license | cases |",
        "|---|---|---|---|",
    ]
    for file, meta in sorted(_sources(bench).items()):
        lines.append(f"| `{file}` | `{meta['origin']}` | {meta['license']} | {uses.get(file, 0)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="agentbench", description=__doc__.split("\n\n")[0])
    p.add_argument("--bench", default=str(BENCH_DIR), help="the benchmark folder (default: the agent-style benchmark)")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("source", help="copy an original file into the benchmark")
    s.add_argument("path")
    s.add_argument("--as", dest="as_name", required=True)
    s.add_argument(
        "--origin", required=True, help="where it comes from: package+version:path or owner/repo@commit:path"
    )
    s.add_argument("--license", required=True)
    a = sub.add_parser("add", help="add a case")
    a.add_argument("--file", required=True)
    a.add_argument("--expected", required=True)
    a.add_argument("--snippet", required=True)
    a.add_argument("--id", required=True)
    a.add_argument("--styles", required=True)
    a.add_argument("--instruction", default="")
    a.add_argument("--author", default="hand", choices=AUTHORS)
    sub.add_parser("check")
    sub.add_parser("stats")
    sub.add_parser("notice", help="the sources' origins and licenses as Markdown")
    b = sub.add_parser("build", help="write the cases as dev.jsonl-shaped JSONL")
    b.add_argument("--out", required=True)
    args = p.parse_args(argv)
    bench = Path(args.bench)
    try:
        if args.cmd == "source":
            print(add_source(args.path, args.as_name, args.origin, args.license, bench))
        elif args.cmd == "add":
            add_case(
                args.file,
                args.expected,
                args.snippet,
                args.id,
                args.styles.split(","),
                args.instruction,
                args.author,
                bench,
            )
            print(f"added {args.id}")
        elif args.cmd == "check":
            problems = check(bench)
            print("\n".join(problems) or f"ok: {len(load(bench))} cases")
            return 1 if problems else 0
        elif args.cmd == "stats":
            print(stats(load(bench)))
        elif args.cmd == "notice":
            print(notice(bench), end="")
        elif args.cmd == "build":
            with open(args.out, "w", encoding="utf-8") as fh:
                for row in load(bench):
                    fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    except (ValueError, OSError) as exc:
        print(f"agentbench: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
