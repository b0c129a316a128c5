"""Training examples from real edits: the same source file in two releases found on this machine.

Synthesised edits (``synth``) come from templates; the dev set's edits are people's commits. Two
releases of one code base are a record of such commits: Python's standard library in consecutive
pyenv versions, or the JDK's ``src.zip`` of two releases. Each file that changed between them gives
examples whose edit is a real one: a few neighbouring change groups of its diff (a group is the
changes fewer than 8 lines apart, as the dev set counts hunks) applied to the old file, cropped to a
token budget around them, rendered as a lazy snippet in a sampled agent style.

    python -m fastapply.training.pairs --lang python --n 800 --out runs/data/pairs-py.jsonl \\
        --old /root/.pyenv/versions/3.10.13/lib/python3.10 --new /root/.pyenv/versions/3.11.7/lib/python3.11

Worked example: old ``a b c d e`` and new ``a B c d e2 f`` (one letter a line) differ in two
opcodes, 3 lines apart, so they form one group; the example's expected file is the new text and its
snippet keeps ``B`` and ``e2 f`` with their context. With a larger gap they are two groups, and an
example may take only the first: expected ``a B c d e`` (the later change not applied).
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import os
import random
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .compose import apply_reps
from .snippets import is_marker_line
from .sources import SourceFile, list_files, split_of
from .syntax import LANGS
from .synth import crop_and_render, line_token_counter

Opcode = tuple[str, int, int, int, int]
GROUP_GAP = 8  # changes fewer lines apart than this are one group (the dev set's hunk rule)
# Diff noise that teaches nothing about applying an edit: copyright years, version stamps.
_NOISE = re.compile(r"copyright|@since|@version|\$Id|__version__", re.IGNORECASE)


@dataclass(frozen=True)
class PairConfig:
    n: int
    seed: int = 0
    split: str = "train"
    max_tokens: int = 1200  # tokens of the cropped original
    min_tokens: int = 48
    max_changed: int = 80  # changed lines (old + new) per example, like the dev set's commits
    max_groups: int = 3  # neighbouring change groups per example
    per_file: int = 2  # examples from one changed file (different groups)
    val_permille: int = 50

    def __post_init__(self) -> None:
        if self.n < 1 or self.per_file < 1 or self.max_groups < 1 or self.max_changed < 1:
            raise ValueError("n, per_file, max_groups and max_changed must be >= 1")
        if self.split not in ("train", "val"):
            raise ValueError("split must be 'train' or 'val'")
        if not 0 < self.min_tokens < self.max_tokens:
            raise ValueError("need 0 < min_tokens < max_tokens")


def _relative(path: str, root: str) -> str:
    """The path inside its release: the same key for both releases of one file."""
    if path.startswith("zip:"):
        return path.split("!", 1)[1]
    return os.path.relpath(path, os.path.realpath(root))


def paired_files(lang: str, old_root: str, new_root: str) -> list[tuple[SourceFile, SourceFile, str]]:
    """Files of ``lang`` present in both releases, as (old, new, relative path), sorted."""
    old = {_relative(f.path, old_root): f for f in list_files(lang, [old_root])}
    new = {_relative(f.path, new_root): f for f in list_files(lang, [new_root])}
    return [(old[rel], new[rel], rel) for rel in sorted(old.keys() & new.keys())]


def split_of_pair(old: SourceFile, new: SourceFile, rel: str, val_permille: int = 50) -> str:
    """Held out if the file is held out under any of its names. Python version directories are
    normalised to the stdlib that ``synth`` reads, so a file in synth's val split is never trained on
    here under another release's name."""
    names = [re.sub(r"/lib/python3\.\d+/", "/lib/python3.11/", f.path) for f in (old, new)] + [rel]
    return "val" if any(split_of(name, val_permille) == "val" for name in names) else "train"


def change_groups(a: list[str], b: list[str], gap: int = GROUP_GAP) -> list[list[Opcode]]:
    """The non-equal opcodes of the line diff a → b, in groups of changes fewer than ``gap`` lines
    apart (measured in ``a``)."""
    groups: list[list[Opcode]] = []
    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    for op in ops:
        if op[0] == "equal":
            continue
        if groups and op[1] - groups[-1][-1][2] < gap:
            groups[-1].append(op)
        else:
            groups.append([op])
    return groups


def _changed_lines(a: list[str], b: list[str], ops: list[Opcode]) -> list[str]:
    return [ln for _, i1, i2, j1, j2 in ops for ln in a[i1:i2] + b[j1:j2]]


def is_noise(a: list[str], b: list[str], ops: list[Opcode]) -> bool:
    """A change of blank lines, copyright years or version stamps only."""
    return all(not ln.strip() or _NOISE.search(ln) for ln in _changed_lines(a, b, ops))


def apply_ops(a: list[str], b: list[str], ops: list[Opcode]) -> list[str]:
    """``a`` with only ``ops`` (opcodes of the diff a → b) applied."""
    return apply_reps(a, [(i1, i2, b[j1:j2]) for _, i1, i2, j1, j2 in ops])


def pair_examples(
    old: str,
    new: str,
    lang: str,
    rng: random.Random,
    cfg: PairConfig,
    count: Callable[[list[str]], list[int]],
    tag: str,
) -> list[dict]:
    """Up to ``cfg.per_file`` examples from one changed file, each from different change groups."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    groups = [g for g in change_groups(a, b) if not is_noise(a, b, g)]
    starts = list(range(len(groups)))
    rng.shuffle(starts)
    line_tokens = count(a)
    rows, used = [], set()
    for start in starts:
        if len(rows) >= cfg.per_file:
            break
        span = list(range(start, min(len(groups), start + rng.randint(1, cfg.max_groups))))
        if used & set(span):
            continue
        ops = [op for i in span for op in groups[i]]
        if len(_changed_lines(a, b, ops)) > cfg.max_changed:
            continue
        lo, hi = ops[0][1], max(ops[-1][2], ops[0][1] + 1)
        made = crop_and_render(
            a, apply_ops(a, b, ops), lo, min(hi, len(a)), lang, line_tokens, cfg.max_tokens, cfg.min_tokens, rng
        )
        if made is None:
            continue
        original, merged, snippet, style = made
        used.update(span)
        uid = hashlib.sha1(f"{cfg.seed}|{tag}|{start}".encode()).hexdigest()[:12]
        rows.append(
            {
                "id": f"{lang}-pair-{uid}",
                "language": lang,
                "source_path": tag,
                "original": original,
                "snippet": snippet,
                "expected": merged,
                "instruction": "",
                "edit_kind": "release_diff",
                "snippet_style": style.kind,
            }
        )
    return rows


def generate(cfg: PairConfig, lang: str, old_root: str, new_root: str, tokenizer=None) -> Iterator[dict]:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {sorted(LANGS)})")
    count = line_token_counter(tokenizer)
    pairs = [p for p in paired_files(lang, old_root, new_root) if split_of_pair(*p, cfg.val_permille) == cfg.split]
    random.Random(f"pairs|{cfg.seed}|{lang}").shuffle(pairs)
    made = 0
    for old_src, new_src, rel in pairs:
        old, new = old_src.read(), new_src.read()
        if not old or not new or old == new:
            continue
        if any(is_marker_line(ln) for ln in old.splitlines() + new.splitlines()):
            continue
        rng = random.Random(f"{cfg.seed}|{rel}")
        for row in pair_examples(old, new, lang, rng, cfg, count, f"{old_src.path} -> {new_src.path}"):
            if made >= cfg.n:
                return
            made += 1
            yield row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fastapply.training.pairs", description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, help="older release: a source folder or a src.zip")
    ap.add_argument("--new", required=True, help="newer release of the same code base")
    ap.add_argument("--lang", required=True, choices=sorted(LANGS))
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--split", choices=("train", "val"), default="train")
    ap.add_argument("--max-tokens", type=int, default=1200)
    ap.add_argument("--per-file", type=int, default=2)
    args = ap.parse_args(argv)
    for root in (args.old, args.new):
        if not os.path.exists(root):
            print(f"error: no such release: {root}", file=sys.stderr)
            return 2
    cfg = PairConfig(n=args.n, seed=args.seed, split=args.split, max_tokens=args.max_tokens, per_file=args.per_file)
    written = 0
    with open(args.out, "w", encoding="utf-8") as fh:
        for row in generate(cfg, args.lang, args.old, args.new):
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            written += 1
    print(f"wrote {written} examples to {args.out}", file=sys.stderr)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
