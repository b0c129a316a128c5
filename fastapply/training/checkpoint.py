"""Resumable training checkpoints and the shipped adapter's model card.

A checkpoint directory is a loadable PEFT adapter (fp32, so resuming is exact) plus
``trainer_state.pt`` holding the optimizer, scheduler, step, RNG states and data cursor."""

from __future__ import annotations

import collections
import json
import random
import shutil
from pathlib import Path

import torch

from .modelio import BASE_MODEL_ID, GGUF_NAME, GGUF_PACKAGE, save_adapter

STATE_FILE = "trainer_state.pt"
LAST = "checkpoint-last"


def save_checkpoint(out_dir: str | Path, model, optimizer, scheduler, state: dict) -> Path:
    """Write to a temporary directory and swap it in, so a run killed mid-save never leaves a
    half-written checkpoint behind."""
    final = Path(out_dir) / LAST
    tmp = Path(out_dir) / (LAST + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    save_adapter(model, tmp, dtype=torch.float32)
    rng = {"python": random.getstate(), "torch": torch.get_rng_state()}
    if torch.cuda.is_available():
        rng["cuda"] = torch.cuda.get_rng_state_all()
    torch.save(
        {**state, "optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict(), "rng": rng},
        tmp / STATE_FILE,
    )
    old = Path(out_dir) / (LAST + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        final.rename(old)
    tmp.rename(final)
    shutil.rmtree(old, ignore_errors=True)
    return final


def last_checkpoint(out_dir: str | Path) -> Path | None:
    path = Path(out_dir) / LAST
    return path if (path / STATE_FILE).exists() else None


def load_state(ckpt: Path) -> dict:
    # Our own file: it holds optimizer tensors and Python RNG tuples, hence weights_only=False.
    return torch.load(ckpt / STATE_FILE, map_location="cpu", weights_only=False)


def restore(state: dict, optimizer, scheduler) -> None:
    optimizer.load_state_dict(state["optimizer"])
    scheduler.load_state_dict(state["scheduler"])
    random.setstate(state["rng"]["python"])
    torch.set_rng_state(state["rng"]["torch"])
    if "cuda" in state["rng"] and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["rng"]["cuda"])


def data_summary(rows: list[dict]) -> dict:
    langs = collections.Counter(r.get("language", "?") for r in rows)
    kinds = collections.Counter(r.get("edit_kind", "?") for r in rows)
    # Source trees actually used (path up to the package/library root), for the card's provenance.
    roots = collections.Counter("/".join(r.get("source_path", "?").split("!")[0].split("/")[:5]) for r in rows)
    return {
        "examples": len(rows),
        "languages": dict(langs.most_common()),
        "edit_kinds": dict(kinds.most_common()),
        "source_roots": dict(roots.most_common(12)),
    }


def write_model_card(
    out_dir: str | Path, *, command: str, steps: int, examples_seen: int, data: dict, evals: dict | None, config: dict
) -> None:
    out = Path(out_dir)
    eval_lines = "not run (no --val-data)"
    if evals:
        eval_lines = "\n".join(f"- {k}: {v}" for k, v in evals.items() if k != "examples")
    text = f"""# smollm2-apply: LoRA adapter for fast apply

LoRA adapter (PEFT format, fp16) that turns {BASE_MODEL_ID} into a fast-apply model: given an
original file and a lazy edit snippet in fastapply's `morph` prompt format, it writes the whole merged
file and stops with `<|im_end|>`.

## Base model
{BASE_MODEL_ID}, as embedded in the PyPI package `{GGUF_PACKAGE}` (`{GGUF_NAME}`, de-quantized to
float32 for training). LoRA r={config.get("lora_r")}, alpha={config.get("lora_alpha")}, on
q/k/v/o/gate/up/down projections.

## Training data
Synthetic edits (`fastapply.training.synth`) of real source code installed on the build machine:
the CPython standard library and installed Python packages, npm's bundled JavaScript, the Go 1.19
standard library (Debian `golang-1.19-src`), the Rust 1.63 standard library and compiler (Debian
`rust-src`), the JDK's `src.zip`, and C headers from `/usr/include`; and real edits
(`fastapply.training.pairs`, edit kind `release_diff`): change groups of the diff between two
releases of one file found on the machine (pyenv's CPython standard libraries, the JDK 17 and 25
`src.zip`). Held-out split by source file. No evaluation-set data was used.

```json
{json.dumps(data, indent=2)}
```

## Training
- optimizer steps: {steps}; examples seen: {examples_seen}
- command: `{command}`
- config: `{json.dumps({k: v for k, v in config.items() if k not in ("data", "val_data")})}`

## Held-out evaluation (greedy decoding)
{eval_lines}
"""
    (out / "README.md").write_text(text, encoding="utf-8")
