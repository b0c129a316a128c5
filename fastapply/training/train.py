"""LoRA fine-tuning of SmolLM2-135M-Instruct into an apply model. Resumable and time-budgeted:

    python -m fastapply.training.train --data train.jsonl --val-data val.jsonl --out-dir runs/apply \\
        --max-minutes 60 --resume --save-to fastapply/adapters/smollm2-apply
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import shlex
import sys
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import torch

from . import checkpoint as ck
from .data import Cursor, ExampleStream, answer_end_id, batch_answer_loss, encode, load_jsonl
from .evaluate import eval_loss, greedy_eval
from .modelio import attach_adapter, load_base_model, load_tokenizer, save_adapter


@dataclass
class TrainConfig:
    data: str
    val_data: str | None = None
    out_dir: str = "runs/apply-lora"
    save_to: str | None = None  # final fp16 adapter + README.md, e.g. fastapply/adapters/smollm2-apply
    base: str | None = None  # transformers model dir; default: the embedded GGUF, de-quantized
    init_adapter: str | None = None  # start from these LoRA weights (fresh optimizer, step 0)
    resume: bool = False  # continue from out_dir/checkpoint-last when it exists
    export_only: bool = False  # with --resume and --save-to: ship the last checkpoint, no training
    lr: float = 2e-4
    schedule: str = "cosine"
    warmup_steps: int = 30
    max_steps: int | None = None  # default: epochs over the data
    epochs: float = 1.0
    grad_accum: int = 8
    # Examples per forward pass within a step (padded together); the step's examples and its loss are
    # the same at any value. 1 suits a CPU; on a GPU, where a small model's step is launch-bound, use 8.
    micro_batch: int = 1
    max_len: int = 3072  # prompt + answer tokens; longer examples are skipped
    max_minutes: float | None = None
    # Loss weight of answer tokens on edited lines (see data.answer_weights); 1 = plain mean.
    edit_weight: float = 1.0
    max_grad_norm: float = 1.0
    weight_decay: float = 0.0
    eval_every: int = 100
    eval_n: int = 2  # greedy decoding on CPU runs at a few tokens/s: keep this small
    eval_loss_n: int = 32
    eval_max_len: int = 1024  # only val examples this short are greedy-decoded (CPU time)
    save_every: int = 50
    seed: int = 0
    grad_ckpt: bool = False
    lora_r: int = 16
    lora_alpha: int = 32
    lora_dropout: float = 0.0
    device: str = "auto"
    fmt: str = "morph"
    # CPU threads for torch (0 = torch's default, one per core). On a CPU shared with other work, 1 is
    # faster than 2: with a second busy process, OpenMP barriers stall the whole step whenever one of
    # the two threads is descheduled (measured: fwd+bwd of a 1,273-token example 24 s at 1 thread vs
    # ~118 s at 2 threads while a benchmark held one core; sgemm 70 vs 50 GFLOPS, elementwise ops 5x).
    threads: int = 0

    def __post_init__(self) -> None:
        if self.schedule not in ("cosine", "constant"):
            raise ValueError("schedule must be 'cosine' or 'constant'")
        if self.lr <= 0 or self.grad_accum < 1 or self.max_len < 16 or self.warmup_steps < 0 or self.micro_batch < 1:
            raise ValueError("need lr > 0, grad_accum >= 1, micro_batch >= 1, max_len >= 16, warmup_steps >= 0")
        if (self.max_steps is not None and self.max_steps < 1) or self.epochs <= 0:
            raise ValueError("max_steps must be >= 1 and epochs > 0")
        if self.max_minutes is not None and self.max_minutes <= 0:
            raise ValueError("max_minutes must be > 0")
        if min(self.eval_every, self.save_every, self.eval_n, self.eval_loss_n) < 0 or self.lora_r < 1:
            raise ValueError("eval/save intervals and counts must be >= 0, lora_r >= 1")
        if self.edit_weight < 1:
            raise ValueError("edit_weight must be >= 1 (it up-weights edited lines)")
        if self.threads < 0:
            raise ValueError("threads must be >= 0 (0 = torch default)")
        if self.device not in ("auto", "cpu", "cuda"):
            raise ValueError("device must be auto, cpu or cuda")
        if self.export_only and not (self.resume and self.save_to):
            raise ValueError("--export-only needs --resume (the checkpoint to ship) and --save-to (where)")


def _accumulate(model, params, examples, cfg: TrainConfig, autocast, micro_batch: int) -> tuple[float, int, bool]:
    """Gradients of one step's ``examples``, ``micro_batch`` per forward pass, clipped; returns the
    summed loss, the tokens and whether loss and gradient norm are finite (one host sync per step)."""
    losses, n_tok = [], 0
    for i in range(0, len(examples), micro_batch):  # sorted by length: similar lengths together
        chunk = examples[i : i + micro_batch]
        with autocast:
            loss = batch_answer_loss(model, chunk)
        (loss / cfg.grad_accum).backward()
        losses.append(loss.detach().float())
        n_tok += sum(len(ids) for ids, _, _ in chunk)
    norm = torch.nn.utils.clip_grad_norm_(params, cfg.max_grad_norm)
    loss_sum, norm_value = torch.stack([torch.stack(losses).sum(), norm.float()]).tolist()
    return loss_sum, n_tok, math.isfinite(loss_sum) and math.isfinite(norm_value)


def _lr_lambda(cfg: TrainConfig, total: int):
    def f(step: int) -> float:
        if step < cfg.warmup_steps:
            return (step + 1) / (cfg.warmup_steps + 1)
        if cfg.schedule == "constant":
            return 1.0
        progress = min(1.0, (step - cfg.warmup_steps) / max(1, total - cfg.warmup_steps))
        return 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress))  # cosine down to 10%

    return f


def data_fingerprint(path: str) -> str:
    """Content hash of a training file: a checkpoint's data cursor only means something for the
    file it was walking."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


def _resumed_cursor(state: dict, cfg: TrainConfig, fingerprint: str) -> Cursor | None:
    """The checkpoint's cursor if it walked this same data; None (start the new file from the top) when
    the run continues on different data. Checkpoints from before fingerprints compare the path."""
    same = state.get("data_sha") == fingerprint if "data_sha" in state else state["config"]["data"] == cfg.data
    return Cursor(**state["cursor"]) if same else None


def _log(path: Path, record: dict) -> None:
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(record) + "\n")


def _eval(model, tok, cfg: TrainConfig, val_rows: list[dict], step: int) -> dict:
    short = [r for r in val_rows if len(encode(tok, r, cfg.fmt)[0]) <= cfg.eval_max_len][: cfg.eval_n]
    result = greedy_eval(model, tok, short, cfg.fmt) if short else {"n": 0}
    result["val_loss"] = eval_loss(model, tok, val_rows[: cfg.eval_loss_n], cfg.max_len, cfg.fmt)
    return {"step": step, "event": "eval", **result}


def train(cfg: TrainConfig, command: str = "") -> dict:
    torch.manual_seed(cfg.seed)
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    device = (
        "cuda"
        if cfg.device == "auto" and torch.cuda.is_available()
        else ("cpu" if cfg.device == "auto" else cfg.device)
    )
    out = Path(cfg.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    log_path = out / "log.jsonl"
    rows = load_jsonl(cfg.data)
    fingerprint = data_fingerprint(cfg.data)
    val_rows = sorted(load_jsonl(cfg.val_data), key=lambda r: r.get("id", "")) if cfg.val_data else []
    tok = load_tokenizer(cfg.base)
    model = load_base_model(cfg.base, torch.float32, device)
    ckpt = ck.last_checkpoint(out) if cfg.resume else None
    model = attach_adapter(model, ckpt or cfg.init_adapter, cfg.lora_r, cfg.lora_alpha, cfg.lora_dropout)
    if cfg.grad_ckpt:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        model.enable_input_require_grads()
    model.train()
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=cfg.lr, weight_decay=cfg.weight_decay)
    total = cfg.max_steps or max(1, math.ceil(cfg.epochs * len(rows) / cfg.grad_accum))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, _lr_lambda(cfg, total))
    step, seen, cursor = 0, 0, Cursor()
    if ckpt is not None:
        state = ck.load_state(ckpt)
        ck.restore(state, optimizer, scheduler)
        step, seen = state["step"], state["examples_seen"]
        cursor = _resumed_cursor(state, cfg, fingerprint)
        _log(log_path, {"step": step, "event": "resume", "from": str(ckpt), "new_data": cursor is None})
        cursor = cursor or Cursor()
    stream = ExampleStream(rows, tok, cfg.seed, cfg.max_len, cfg.fmt, cursor, cfg.edit_weight)
    autocast = (
        torch.autocast("cuda", dtype=torch.bfloat16) if device == "cuda" else torch.autocast("cpu", enabled=False)
    )
    from tqdm import tqdm

    bar = tqdm(total=total, initial=step, desc="train", dynamic_ncols=True)
    t0, ema, last_eval = time.time(), None, None
    redone = nonfinite = 0
    start_seen, start_step = seen, step

    def save_ckpt() -> None:
        ck.save_checkpoint(
            out,
            model,
            optimizer,
            scheduler,
            {
                "step": step,
                "examples_seen": seen,
                "cursor": stream.cursor.to_dict(),
                "data_sha": fingerprint,
                "config": asdict(cfg),
            },
        )

    while step < total and not cfg.export_only:
        examples = sorted((stream.next() for _ in range(cfg.grad_accum)), key=lambda e: len(e[0]))
        loss_sum, n_tok, finite = _accumulate(model, params, examples, cfg, autocast, cfg.micro_batch)
        if not finite and cfg.micro_batch > 1:
            # A padded batch can give non-finite gradients (a pad row attends to nothing); one
            # non-finite step would turn every weight into NaN, so the step is redone unpadded.
            redone += 1
            optimizer.zero_grad(set_to_none=True)
            loss_sum, n_tok, finite = _accumulate(model, params, examples, cfg, autocast, 1)
        if finite:
            optimizer.step()
        else:
            nonfinite += 1
        optimizer.zero_grad(set_to_none=True)
        scheduler.step()
        step += 1
        seen += cfg.grad_accum
        loss_avg = loss_sum / cfg.grad_accum
        ema = loss_avg if ema is None else 0.9 * ema + 0.1 * loss_avg
        elapsed = time.time() - t0
        rate = (seen - start_seen) / max(elapsed, 1e-9)
        bar.set_postfix(loss=f"{ema:.4f}", ex_s=f"{rate:.2f}", lr=f"{scheduler.get_last_lr()[0]:.2e}")
        bar.update(1)
        _log(
            log_path,
            {
                "step": step,
                "event": "train",
                "loss": round(loss_avg, 5),
                "tokens": n_tok,
                "lr": scheduler.get_last_lr()[0],
                "examples_per_s": round(rate, 4),
                "skipped_long": stream.skipped,
                "redone_unpadded": redone,
                "nonfinite_skipped": nonfinite,
            },
        )
        if val_rows and cfg.eval_every and step % cfg.eval_every == 0:
            last_eval = _eval(model, tok, cfg, val_rows, step)
            _log(log_path, last_eval)
            bar.write(json.dumps({k: v for k, v in last_eval.items() if k != "examples"}))
        if cfg.save_every and step % cfg.save_every == 0:
            save_ckpt()
        # Stop *before* a step that would overrun the budget (a step is minutes long on CPU), so the
        # run ends inside --max-minutes with a fresh checkpoint.
        per_step = elapsed / (step - start_step)
        if cfg.max_minutes is not None and elapsed + per_step > cfg.max_minutes * 60:
            bar.write(f"time budget of {cfg.max_minutes} min reached at step {step}; saving")
            break
    bar.close()
    if not cfg.export_only:
        save_ckpt()
    if cfg.save_to:
        if val_rows and (last_eval is None or last_eval["step"] != step):
            last_eval = _eval(model, tok, cfg, val_rows, step)
            _log(log_path, last_eval)
        save_adapter(model, cfg.save_to, dtype=torch.float16)
        ck.write_model_card(
            cfg.save_to,
            command=command,
            steps=step,
            examples_seen=seen,
            data=ck.data_summary(rows),
            evals=last_eval,
            config=asdict(cfg),
        )
    summary = {
        "step": step,
        "total_steps": total,
        "examples_seen": seen,
        "done": step >= total,
        "seconds": round(time.time() - t0, 1),
        "skipped_long": stream.skipped,
        "redone_unpadded": redone,
        "nonfinite_skipped": nonfinite,
        "answer_end_token": tok.convert_ids_to_tokens(answer_end_id(tok)),
        "eos_token": tok.eos_token,
        "eval": last_eval,
    }
    _log(log_path, {"event": "end", **{k: v for k, v in summary.items() if k != "eval"}})
    return summary


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="fastapply train", description="LoRA fine-tuning into an apply model")
    for f in fields(TrainConfig):  # one flag per config field, so the two cannot drift apart
        flag = "--" + f.name.replace("_", "-")
        base = str(f.type).split("|")[0].strip()  # "int | None" -> "int" (annotations are strings here)
        if base == "bool":
            ap.add_argument(flag, action="store_true", help=f"(default {f.default})")
        else:
            ap.add_argument(
                flag,
                type={"int": int, "float": float}.get(base, str),
                required=f.name == "data",
                default=None if f.name == "data" else f.default,
                help="training JSONL from synth" if f.name == "data" else f"(default {f.default})",
            )
    return ap


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)
    cfg = TrainConfig(**vars(args))
    summary = train(cfg, command="fastapply train " + shlex.join(argv))
    print(json.dumps({k: v for k, v in summary.items() if k != "eval"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
