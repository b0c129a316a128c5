"""Synthetic fast-apply examples from real code: pick a file, make a seeded edit, crop to a token
budget, render the edit as a lazy snippet. Same seed and same machine give byte-identical output.

    python -m fastapply.training.synth --out data/train.jsonl --n 20000 --seed 0 --split train
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .compose import EDIT_KINDS, apply_reps, choose_edit, kind_mix, make_ctx
from .edits import DonorPool
from .snippets import SnippetStyle, is_marker_line, render
from .sources import SourceFile, default_roots, list_files, split_of
from .syntax import LANGS, FileInfo, parse

# The dev set is Python/Go/Rust/Java/JavaScript; C headers add variety at a low rate.
DEFAULT_WEIGHTS = {"python": 0.24, "go": 0.20, "rust": 0.20, "java": 0.20, "javascript": 0.12, "c": 0.04}


@dataclass
class SynthConfig:
    n: int
    seed: int = 0
    split: str = "train"
    max_tokens: int = 1200  # tokens of the (cropped) original file
    min_tokens: int = 48
    val_permille: int = 50
    weights: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    per_file: int = 1  # examples drawn from one source file
    instruction_rate: float = 0.7  # share of examples that carry an instruction
    kind_weights: dict[str, float] = field(default_factory=dict)  # edit kind -> weight, overriding compose.OPS

    def __post_init__(self) -> None:
        if self.n < 1:
            raise ValueError("n must be >= 1")
        if self.split not in ("train", "val"):
            raise ValueError("split must be 'train' or 'val'")
        if not 0 < self.min_tokens < self.max_tokens:
            raise ValueError("need 0 < min_tokens < max_tokens")
        if not 0 <= self.val_permille <= 1000 or self.per_file < 1 or not 0 <= self.instruction_rate <= 1:
            raise ValueError("val_permille in [0, 1000], per_file >= 1, instruction_rate in [0, 1]")
        unknown = set(self.weights) - set(LANGS)
        if unknown or not self.weights or any(w < 0 for w in self.weights.values()):
            raise ValueError(f"bad language weights {self.weights} (known: {sorted(LANGS)})")
        unknown = set(self.kind_weights) - set(EDIT_KINDS)
        drawable = sum(kind_mix(self.kind_weights).values()) > 0
        if unknown or any(w < 0 for w in self.kind_weights.values()) or not drawable:
            raise ValueError(f"bad edit-kind weights {self.kind_weights} (known: {', '.join(EDIT_KINDS)})")


def crop_window(
    line_tokens: list[int], lo: int, hi: int, lines: list[str], budget: int, rng: random.Random
) -> tuple[int, int] | None:
    """Lines [a, b) around the changed lines [lo, hi) whose tokens fit ``budget``. Cuts fall after
    blank lines, so a window starts and ends between top-level chunks where the file allows it."""
    n = len(lines)
    if sum(line_tokens) <= budget:
        return 0, n
    need = sum(line_tokens[lo:hi])
    if need > budget * 0.8:
        return None
    spare = budget - need
    before_budget = int(spare * rng.uniform(0.2, 0.8))
    a, used = lo, 0
    best_a = lo
    while a > 0 and used + line_tokens[a - 1] <= before_budget:
        a -= 1
        used += line_tokens[a]
        if a == 0 or not lines[a - 1].strip():
            best_a = a
    spare -= sum(line_tokens[best_a:lo])
    b, used, best_b = hi, 0, hi
    while b < n and used + line_tokens[b] <= spare:
        used += line_tokens[b]
        b += 1
        if b == n or not lines[b - 1].strip():
            best_b = b
    return best_a, best_b


def crop_and_render(
    lines: list[str],
    merged_lines: list[str],
    lo: int,
    hi: int,
    lang: str,
    line_tokens: list[int],
    max_tokens: int,
    min_tokens: int,
    rng: random.Random,
) -> tuple[str, str, str, SnippetStyle] | None:
    """One example from an edit ``lines`` → ``merged_lines`` whose changes all lie in lines [lo, hi)
    of ``lines``: (original, merged, snippet, style), both texts cropped to ``max_tokens`` around the
    change and the snippet rendered in a sampled style; None when it does not fit, is shorter than
    ``min_tokens`` or renders empty."""
    win = crop_window(line_tokens, lo, hi, lines, max_tokens, rng)
    if win is None:
        return None
    a, b = win
    delta = len(merged_lines) - len(lines)  # every change is inside [a, b), so the tail lines up
    original, merged = "".join(lines[a:b]), "".join(merged_lines[a : b + delta])
    if sum(line_tokens[a:b]) < min_tokens or original == merged:
        return None
    merged_info = parse(merged, lang)
    style = SnippetStyle.sample(rng, lang)
    snippet = render(original, merged, merged_info, style)
    if not snippet.strip():
        return None
    return original, merged, snippet, style


def _example(
    src: SourceFile, info: FileInfo, k: int, cfg: SynthConfig, pool: DonorPool, count: Callable[[list[str]], list[int]]
) -> dict | None:
    ctx = make_ctx(info, (cfg.seed, src.path, k), pool)
    op = choose_edit(ctx, weights=cfg.kind_weights)
    if op is None:
        return None
    merged_lines = apply_reps(info.lines, op.reps)
    if merged_lines == info.lines:
        return None
    lo, hi = min(r[0] for r in op.reps), max(r[1] for r in op.reps)
    made = crop_and_render(
        info.lines,
        merged_lines,
        lo,
        max(hi, lo + 1),
        src.language,
        count(info.lines),
        cfg.max_tokens,
        cfg.min_tokens,
        ctx.rng,
    )
    if made is None:
        return None
    original, merged, snippet, style = made
    uid = hashlib.sha1(f"{cfg.seed}|{src.path}|{k}".encode()).hexdigest()[:12]
    return {
        "id": f"{src.language}-{uid}",
        "language": src.language,
        "source_path": src.path,
        "original": original,
        "snippet": snippet,
        "expected": merged,
        "instruction": op.desc if ctx.rng.random() < cfg.instruction_rate else "",
        "edit_kind": op.kind,
        "snippet_style": style.kind,
    }


def line_token_counter(tokenizer=None) -> Callable[[list[str]], list[int]]:
    """Tokens per line with the model's tokenizer (the default model's when None): crops are cut in
    tokens, the unit of the model's context."""
    if tokenizer is None:
        from .modelio import load_tokenizer

        tokenizer = load_tokenizer()

    def count(lines: list[str]) -> list[int]:
        return [len(ids) for ids in tokenizer(lines, add_special_tokens=False).input_ids] if lines else []

    return count


def generate(
    cfg: SynthConfig, tokenizer=None, roots: dict[str, list[str]] | None = None, progress: bool = False
) -> Iterator[dict]:
    count = line_token_counter(tokenizer)
    roots = default_roots() if roots is None else roots
    rng = random.Random(f"synth|{cfg.seed}|{cfg.split}")
    queues: dict[str, list[SourceFile]] = {}
    for lang in sorted(cfg.weights):
        files = [f for f in list_files(lang, roots.get(lang, [])) if split_of(f.path, cfg.val_permille) == cfg.split]
        random.Random(f"files|{cfg.seed}|{lang}").shuffle(files)
        if files and cfg.weights[lang] > 0:
            queues[lang] = files[::-1]  # pop() from the end = shuffled order
    pool = DonorPool()
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=cfg.n, desc=f"synth {cfg.split}", file=sys.stderr)
    made = 0
    while made < cfg.n and queues:
        langs = sorted(queues)
        lang = rng.choices(langs, weights=[cfg.weights[x] for x in langs])[0]
        src = queues[lang].pop()
        if not queues[lang]:
            del queues[lang]
        text = src.read()
        if not text or not text.strip() or any(is_marker_line(ln) for ln in text.splitlines()):
            continue
        info = parse(text, lang)
        for k in range(cfg.per_file):
            if made >= cfg.n:
                break
            row = _example(src, info, k, cfg, pool, count)
            if row is not None:
                made += 1
                if bar is not None:
                    bar.update(1)
                yield row
        pool.add_file(info)
    if bar is not None:
        bar.close()


def parse_weights(spec: str) -> dict[str, float]:
    """``"a=2,b"`` -> ``{"a": 2.0, "b": 1.0}``.

    >>> parse_weights("python=.5, go")
    {'python': 0.5, 'go': 1.0}
    """
    weights = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, _, w = part.partition("=")
        try:
            weights[name.strip()] = float(w) if w else 1.0
        except ValueError:
            raise ValueError(f"bad weight in {part!r}: expected NAME=NUMBER") from None
    return weights


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="fastapply.training.synth", description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--split", choices=("train", "val"), default="train")
    ap.add_argument("--max-tokens", type=int, default=1200)
    ap.add_argument("--min-tokens", type=int, default=48)
    ap.add_argument("--per-file", type=int, default=1)
    ap.add_argument(
        "--languages",
        default=",".join(f"{k}={v}" for k, v in DEFAULT_WEIGHTS.items()),
        help="comma list of lang=weight (or bare lang names for equal weights)",
    )
    ap.add_argument(
        "--kinds",
        default="",
        metavar="KIND=W,...",
        help=f"edit-kind weights overriding the default mix (others keep theirs); kinds: {', '.join(EDIT_KINDS)}",
    )
    ap.add_argument(
        "--only-roots",
        action="store_true",
        help="draw only from the --root trees, not from the machine's default source trees",
    )
    ap.add_argument(
        "--root",
        action="append",
        default=[],
        metavar="LANG=PATH",
        help="one more source tree for a language (repeatable), e.g. an unpacked `npm pack`",
    )
    args = ap.parse_args(argv)
    try:
        cfg = SynthConfig(
            n=args.n,
            seed=args.seed,
            split=args.split,
            max_tokens=args.max_tokens,
            min_tokens=args.min_tokens,
            per_file=args.per_file,
            weights=parse_weights(args.languages),
            kind_weights=parse_weights(args.kinds),
        )
    except ValueError as e:
        ap.error(str(e))
    roots = {lang: [] for lang in LANGS} if args.only_roots else default_roots()
    for spec in args.root:
        lang, sep, path = spec.partition("=")
        if not sep or lang not in roots or not os.path.isdir(path):
            ap.error(f"--root {spec!r}: expected LANG=DIR with LANG in {sorted(roots)} and an existing DIR")
        roots[lang].append(path)
    written = 0
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        for row in generate(cfg, roots=roots, progress=True):
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            written += 1
    print(f"wrote {written} examples to {args.out}", file=sys.stderr)
    return 0 if written == cfg.n else 1


if __name__ == "__main__":
    sys.exit(main())
