"""Agenda steps 3 and 4: train the apply adapter at scale on the device, then evaluate it on the dev
set in model and auto mode against the shipped adapter, both loaded in the same process.

Training grows the shipped rank-16 adapter to a larger rank (fastapply.training.grow: the same model
at step 0, more directions to learn in) and continues on the engine-shaped windows prepared on CPU,
time-budgeted and resumable from its checkpoints. The adapter comes back split into parts under the
per-file limit, with a manifest to rebuild and check it (``gpu_agenda join-adapter``).
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from fastapply.models.loader import ADAPTER_DIR

from .gpu_results import Budget, Results
from .gpu_transfer import MANIFEST, MIB, part_entry, split_bytes

TRAIN, EVAL = "3-train", "4-eval"
PART_BYTES = 15 * MIB


def train_step(res: Results, budget: Budget, args, reserve_s: float = 45.0) -> dict:
    """Grow, train until the budget (less ``reserve_s`` for the export) or the data end, export."""
    import torch

    from fastapply.training.grow import grow_adapter
    from fastapply.training.modelio import ADAPTER_WEIGHTS
    from fastapply.training.train import TrainConfig, train

    state = Path(args.state)
    init = args.init_adapter or (None if args.base else str(ADAPTER_DIR))
    init = None if init == "none" else init  # a fresh adapter of rank --rank
    if init and args.rank and not res.is_done(TRAIN, "grow"):
        started = time.perf_counter()
        grow_adapter(init, state / "adapter-init", args.rank)
        res.mark_done(TRAIN, "grow", time.perf_counter() - started)
    if init and args.rank:
        init = str(state / "adapter-init")
    new = state / "adapter-new"
    summary = res.read_json(TRAIN, "summary.json", {})
    if not summary.get("done"):
        minutes = (budget.left() - reserve_s) / 60
        if minutes < 0.2:
            return {"status": "skipped: no time left in this command"}
        cfg = TrainConfig(
            data=str(state / "data" / "train.jsonl"),
            out_dir=str(state / "train"),
            save_to=str(new),
            base=args.base,
            init_adapter=init,
            resume=True,
            lr=args.lr,
            max_steps=args.max_steps,
            epochs=args.epochs,
            grad_accum=args.grad_accum,
            micro_batch=args.micro_batch,
            max_len=args.max_len,
            max_minutes=minutes,
            edit_weight=args.edit_weight,
            eval_every=0,
            save_every=args.save_every,
            lora_r=args.rank or 16,
            lora_alpha=2 * (args.rank or 16),
            device="cuda" if torch.cuda.is_available() else "cpu",
            warmup_steps=args.warmup,
        )
        summary = train(cfg, command="gpu_agenda train")
        res.write_json(TRAIN, "summary.json", summary)
        shutil.copy2(state / "train" / "log.jsonl", res.dir(TRAIN) / "log.jsonl")
    export = res.dir(TRAIN) / "adapter"
    if (new / ADAPTER_WEIGHTS).is_file():
        export_adapter(new, export)
    return summary


def export_adapter(adapter: Path, dest: Path) -> dict:
    """The adapter as parts of at most PART_BYTES (gzip'd weights) plus its config and model card."""
    from fastapply.training.modelio import ADAPTER_CONFIG, ADAPTER_WEIGHTS

    from .gpu_transfer import compress

    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    packed = adapter / (ADAPTER_WEIGHTS + ".gz")
    compress(adapter / ADAPTER_WEIGHTS, packed, "gzip")
    n = -(-packed.stat().st_size // PART_BYTES)
    parts = split_bytes(packed, [(dest, PART_BYTES)] * (n - 1) + [(dest, None)], ADAPTER_WEIGHTS + ".gz")
    packed.unlink()
    entry = part_entry(ADAPTER_WEIGHTS, adapter / ADAPTER_WEIGHTS, parts, ADAPTER_WEIGHTS, "gzip")
    (dest / MANIFEST).write_text(json.dumps({"files": [entry]}, indent=1))
    for name in (ADAPTER_CONFIG, "README.md"):
        if (adapter / name).is_file():
            shutil.copy2(adapter / name, dest / name)
    return entry


class DeadlineReached(BaseException):
    """Raised through the eval harness (which turns an Exception into a failed row, not this) when
    the command's time is up; the run's finished rows stay in its partial file for --resume."""


class _DeadlineApplier:
    def __init__(self, applier, budget: Budget, reserve_s: float):
        self._applier, self._budget, self._reserve = applier, budget, reserve_s

    def apply(self, request):
        if not self._budget.allows(self._reserve):
            raise DeadlineReached()
        return self._applier.apply(request)

    def __getattr__(self, name):
        return getattr(self._applier, name)


def eval_step(res: Results, budget: Budget, args, reserve_s: float = 30.0) -> dict:
    """Both adapters on the dev set, auto mode first (the product default, mostly deterministic and
    quick), then model mode; each run resumes where a previous command stopped."""
    from fastapply.apply.applier import Applier

    from .aggregate import group_stats
    from .pipeline import PARTIAL_FILE, evaluate
    from .runner import RunConfig

    state = Path(args.state)
    adapters = {"shipped": args.baseline_adapter or str(ADAPTER_DIR), "new": str(state / "adapter-new")}
    if not (Path(adapters["new"]) / "adapter_config.json").is_file():
        return {"status": "skipped: no trained adapter (run the train step first)"}
    appliers = {
        name: Applier.load(args.model, args.device, args.dtype, adapter=path) for name, path in adapters.items()
    }
    runs = {}
    for mode in args.modes:
        for name, applier in appliers.items():
            key = f"{mode}-{name}"
            out = res.dir(EVAL) / key
            if not res.is_done(EVAL, key):
                started = time.perf_counter()
                try:
                    evaluate(
                        args.data,
                        applier=_DeadlineApplier(applier, budget, reserve_s),
                        config=RunConfig(ks=[args.k], mode=mode, baselines=0),
                        limit=args.limit,
                        every=args.every,
                        adapter=adapters[name],
                        out_dir=out,
                        progress=False,
                        plots=False,
                        resume=True,
                    )
                    res.mark_done(EVAL, key, time.perf_counter() - started)
                except DeadlineReached:
                    pass
            rows = _rows(out, PARTIAL_FILE)
            runs[key] = {
                "mode": mode,
                "adapter": name,
                "complete": res.is_done(EVAL, key),
                **{k: v for k, v in group_stats(rows).items() if not isinstance(v, (dict, list))},
            }
            runs[key]["case_ids"] = sorted({r["id"] for r in rows})
            runs[key]["exact_ids"] = sorted({r["id"] for r in rows if r.get("exact")})
    res.write_json(EVAL, "summary.json", runs)
    return runs


def _rows(out: Path, partial: str) -> list[dict]:
    """A finished run's rows, else a cut-short run's (its last line may be half written)."""
    for name in ("results.jsonl", partial):
        if (out / name).is_file():
            rows = []
            for line in (out / name).read_text().splitlines():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError:
                    continue
            return rows
    return []
