"""The GPU agenda: each step one command on a leased GPU machine, resumable, results under one folder.

    python3 evals/gpu_boot.py correctness   # 1. CUDA test subset, fp32/bf16 agreement figures
    python3 evals/gpu_boot.py speed         # 2. bench gpu on the copy case and dev cases, Qwen-shaped models
    python3 evals/gpu_boot.py train         # 3. the apply adapter at rank 64 on the prepared windows
    python3 evals/gpu_boot.py eval          # 4. dev set, model and auto mode, new vs shipped adapter
    python3 evals/gpu_boot.py report        #    the Markdown report again (every step writes it)

``gpu_boot.py`` readies the machine and runs this module; here directly (CPU dry run, a report of
returned results, rebuilding the returned adapter):

    python -m fastapply.evals.gpu_agenda STEP --state DIR --out DIR [options]
    python -m fastapply.evals.gpu_agenda unpack --state DIR OUT1 OUT2 …  # each command's returned folder
                                                                      # (+ docs/gpu-results.json from a GPU)
    python -m fastapply.evals.gpu_agenda report --state DIR          # the report of DIR/results again
    python -m fastapply.evals.gpu_agenda join-adapter RESULTS/3-train/adapter DEST

Every step keeps to ``--budget-s`` (each part checks the time left before it starts), marks finished
parts done so that running it again continues instead of repeating, and copies what it writes to
``--out`` as it goes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

from .gpu_results import Budget, Results, environment, now
from .gpu_steps import CORRECTNESS, SPEED, correctness_step, speed_step
from .gpu_training import EVAL, TRAIN, eval_step, train_step

# Seconds per step by default, sized for a 15-minute lease: correctness, then speed+train in one
# command (≈ 9 min with the machine's start); eval only where time is left (or run it on CPU).
BUDGET_S = {"correctness": 150, "speed": 240, "train": 210, "eval": 300, "report": 60}
REPO = Path(__file__).resolve().parent.parent


def report_step(res, budget, args):
    return {}  # readies the state (gpu_boot) and writes the report, as every step does


STEPS = {
    "correctness": correctness_step,
    "speed": speed_step,
    "train": train_step,
    "eval": eval_step,
    "report": report_step,
}
STEP_DIRS = {"correctness": CORRECTNESS, "speed": SPEED, "train": TRAIN, "eval": EVAL, "report": "report"}


# What a step needs in the state, and which command carries it (when the machine was given back
# between commands, the state is gone: run the carrying command again first).
NEEDS = {"speed": ("model", "dev"), "train": ("model", "train"), "eval": ("model", "dev")}
CARRIED_BY = {
    "model": "gpu-send/1 and gpu-send/2 (correctness, speed+train)",
    "dev": "gpu-send/2 (speed+train)",
    "train": "gpu-send/3 (speed+train)",
}


def missing_inputs(step: str, args) -> list[str]:
    from .gpu_prepare import GGUF_DEST

    state = Path(args.state)
    own_model = args.model or getattr(args, "base", None) or getattr(args, "tokenizer", None)
    paths = {
        "model": None if own_model else state / GGUF_DEST,
        "dev": None if getattr(args, "tokenizer", None) else Path(args.data),
        "train": state / "data" / "train.jsonl",
    }
    return [
        f"{name} (carried by {CARRIED_BY[name]})"
        for name in NEEDS.get(step, ())
        if paths[name] is not None and not paths[name].is_file()
    ]


def _sent_plans():
    """The plan `prepare` wrote: beside the folders here, inside each carried folder on the machine."""
    send = REPO / "gpu-send"
    yield from (p for p in [send / "plan.json", *sorted(send.glob("*/plan.json"))] if p.is_file())


def run_step(step: str, args) -> int:
    from .gpu_report import write_report

    state = Path(args.state)
    res = Results(state, Path(args.out) if args.out else None, args.mirror_s).start()
    budget = Budget(args.budget_s or BUDGET_S[step])
    plan = next(_sent_plans(), None)
    if plan is not None:
        (res.root / "plan.json").write_bytes(plan.read_bytes())
    record = {"step": step, "argv": _shown_args(args.argv), "started": now()}
    clock, rc = time.perf_counter(), 0
    try:
        if step != "report":
            record["environment"] = environment()
        missing = missing_inputs(step, args)
        if missing:
            raise FileNotFoundError(f"not on this machine: {', '.join(missing)}; run those commands first")
        record["result"] = STEPS[step](res, budget, args)
    except Exception as exc:  # noqa: BLE001 - recorded and returned, the report still gets written
        record["error"] = "".join(traceback.format_exception(exc))[-4000:]
        print(record["error"], file=sys.stderr)
        rc = 1
    finally:
        record["seconds"] = round(time.perf_counter() - clock, 1)
        if step != "report":
            with (res.dir(STEP_DIRS[step]) / "commands.jsonl").open("a") as fh:
                fh.write(json.dumps({k: v for k, v in record.items() if k != "result"}, default=str) + "\n")
        print(f"report: {write_report(res.root)}")
        res.stop()
        if res.left_out:
            print(f"not copied back (over the limits): {res.left_out}", file=sys.stderr)
    return rc


def _shown_args(argv: list[str]) -> list[str]:
    """The command line as typed on the GPU machine: without the state and output folders that
    gpu_boot adds."""
    shown, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--state", "--out"):
            skip = True
        elif not arg.startswith(("--state=", "--out=")):
            shown.append(arg)
    return shown


def unpack(out_dirs: list[str], state: str, docs: Path = REPO / "docs") -> int:
    """Extract each command's returned ``results.tar.NN`` parts into ``STATE/results``, in the order
    given (a later command's copy of a file replaces an earlier one's), then render the report; a GPU
    speed run's figures also go to ``DOCS/gpu-results.json``."""
    import io
    import tarfile

    from .gpu_figures import write_figures
    from .gpu_report import write_report

    root = Path(state) / "results"
    for folder in map(Path, out_dirs):
        parts = sorted(folder.glob("results.tar.*"))
        if not parts:
            print(f"{folder}: no results.tar.NN parts", file=sys.stderr)
            return 2
        with tarfile.open(fileobj=io.BytesIO(b"".join(p.read_bytes() for p in parts))) as tar:
            tar.extractall(root, filter="data")
    print(write_report(root))
    figures = write_figures(root, Path(docs) / "gpu-results.json")
    print(figures or "no GPU speed figures in these results: docs/gpu-results.json left as it is")
    return 0


def join_adapter(parts_dir: str, dest: str) -> int:
    """Rebuild a returned adapter (parts + manifest) into a PEFT folder, checksums checked."""
    import shutil

    from .gpu_transfer import MANIFEST, join_parts, read_manifests

    src, out = Path(parts_dir), Path(dest)
    for entry in read_manifests([src / MANIFEST]):
        join_parts(entry, [src], out / entry["dest"])
    for name in ("adapter_config.json", "README.md"):
        if (src / name).is_file():
            shutil.copy2(src / name, out / name)
    print(out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m fastapply.evals.gpu_agenda",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("step", choices=[*STEPS, "join-adapter", "unpack"])
    p.add_argument("paths", nargs="*", help="join-adapter: PARTS_DIR DEST; unpack: each command's returned folder")
    p.add_argument("--state", default="gpu-state")
    p.add_argument("--out", help="where results are copied as they appear ($OUT on the GPU machine)")
    p.add_argument("--budget-s", type=float, help=f"seconds for this command (defaults: {BUDGET_S})")
    p.add_argument("--mirror-s", type=float, default=15.0)
    p.add_argument("--docs", default=str(REPO / "docs"), help="unpack: where a GPU run's gpu-results.json goes")
    g = p.add_argument_group("model and data")
    g.add_argument("--model", help="default: the embedded SmolLM2 (rebuilt from the carried GGUF)")
    g.add_argument("--device")
    g.add_argument("--dtype")
    g.add_argument("--data", help="dev set (default: STATE/data/dev.jsonl)")
    g = p.add_argument_group("1. correctness")
    g.add_argument("--tests", help="comma-separated pytest paths (default: the CUDA subset)")
    g.add_argument("--tests-reserve-s", type=float, default=30, help="seconds kept for the agreement figures")
    g.add_argument("--agreement-tokens", type=int, default=200)
    g.add_argument("--agreement-prompts", type=int, default=4)
    g = p.add_argument_group("2. speed")
    g.add_argument("--ks", default="16,64")
    g.add_argument("--runners", default="static,varlen", help="static = CUDA graph on CUDA; varlen = eager")
    g.add_argument("--concurrency", default="1,8,32")
    g.add_argument("--copy-tokens", type=int, default=1000)
    g.add_argument("--cases", type=int, default=6)
    g.add_argument("--dev-every", type=int, default=21, help="every N-th dev case (spread over the sources)")
    g.add_argument("--dev-tokens", type=int, default=256)
    g.add_argument("--shapes", default="qwen2.5-coder-1.5b,qwen2.5-coder-7b")
    g.add_argument("--shape-tokens", type=int, default=256)
    g.add_argument("--shape-prompt-tokens", type=int, default=1000)
    g.add_argument("--shape-concurrency", default="1,4,16,32")
    g.add_argument("--shape-reserve-s", type=float, default=60)
    g.add_argument("--tokenizer", help="a tokenizer folder: run only the shapes (no model weights needed)")
    g.add_argument("--profile-rows", default="1,8,32", help="rows of the per-pass profile (copy case, k=64)")
    g = p.add_argument_group("3. train")
    g.add_argument("--base", help="base model folder (default: the embedded model)")
    g.add_argument("--init-adapter", help="default: the shipped adapter (none: a fresh one)")
    g.add_argument("--rank", type=int, default=64, help="grow the initial adapter to this rank (0: keep)")
    g.add_argument("--lr", type=float, default=1e-4)
    g.add_argument("--epochs", type=float, default=1.0)
    g.add_argument("--max-steps", type=int)
    g.add_argument("--grad-accum", type=int, default=8)
    g.add_argument("--micro-batch", type=int, default=8, help="examples per forward pass (padded together)")
    g.add_argument("--max-len", type=int, default=3072)
    g.add_argument("--edit-weight", type=float, default=3.0)
    g.add_argument("--save-every", type=int, default=50)
    g.add_argument("--warmup", type=int, default=20)
    g = p.add_argument_group("4. eval")
    g.add_argument("--modes", default="auto,model")
    g.add_argument("--k", type=int, default=64)
    g.add_argument("--limit", type=int, help="first N dev cases only")
    g.add_argument("--every", type=int, default=1, help="every N-th dev case")
    g.add_argument("--baseline-adapter", help="default: the shipped adapter ('none': the bare model)")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_intermixed_args(argv)
    args.argv = argv
    if args.step == "join-adapter":
        if len(args.paths) != 2:
            print("join-adapter takes PARTS_DIR DEST", file=sys.stderr)
            return 2
        return join_adapter(*args.paths)
    if args.step == "unpack":
        return unpack(args.paths, args.state, Path(args.docs))
    args.data = args.data or str(Path(args.state) / "data" / "dev.jsonl")
    args.modes = args.modes.split(",") if isinstance(args.modes, str) else args.modes
    return run_step(args.step, args)


if __name__ == "__main__":
    sys.exit(main())
