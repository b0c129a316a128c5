"""Periodic evaluation during training: greedy decoding of a few held-out examples (does the model
reproduce the merged file and stop?) and teacher-forced loss on a held-out slice."""

from __future__ import annotations

import difflib
import time

import torch

from fastapply.models.prompt import extract_merged, get_format

from .data import IGNORE, answer_end_id, answer_ids, answer_loss, encode, prompt_ids


def normalise_ws(text: str) -> str:
    return " ".join(text.split())


def similarity(a: str, b: str) -> float:
    # Line-level ratio: char-level SequenceMatcher is quadratic on kilobyte-sized files.
    return difflib.SequenceMatcher(None, a.splitlines(), b.splitlines(), autojunk=False).ratio()


def score(output: str, expected: str) -> dict:
    return {
        "exact": output == expected,
        "exact_ws": normalise_ws(output) == normalise_ws(expected),
        "similarity": round(similarity(output, expected), 4),
    }


@torch.no_grad()
def greedy_eval(model, tokenizer, rows: list[dict], fmt: str = "morph", extra_tokens: int = 32) -> dict:
    """Greedy-decode each row; max_new_tokens = answer length + ``extra_tokens`` so a model that
    does not stop is caught without decoding forever."""
    was_training = model.training
    model.eval()
    device = next(model.parameters()).device
    per = []
    t0 = time.time()
    end = answer_end_id(tokenizer)
    for row in rows:
        p = torch.tensor([prompt_ids(tokenizer, row, fmt)], device=device)
        budget = len(answer_ids(tokenizer, row, fmt)) + extra_tokens
        out = model.generate(
            input_ids=p,
            attention_mask=torch.ones_like(p),
            max_new_tokens=budget,
            do_sample=False,
            eos_token_id=end,
            pad_token_id=end,
        )
        new = out[0, p.shape[1] :].tolist()
        stopped = end in new
        if stopped:
            new = new[: new.index(end)]
        text = extract_merged(tokenizer.decode(new, skip_special_tokens=False), get_format(fmt))
        per.append({"id": row.get("id"), "stopped": stopped, "new_tokens": len(new), **score(text, row["expected"])})
    if was_training:
        model.train()
    n = max(len(per), 1)
    return {
        "n": len(per),
        "exact": sum(r["exact"] for r in per) / n,
        "exact_ws": sum(r["exact_ws"] for r in per) / n,
        "similarity": round(sum(r["similarity"] for r in per) / n, 4),
        "stopped": sum(r["stopped"] for r in per) / n,
        "seconds": round(time.time() - t0, 1),
        "examples": per,
    }


@torch.no_grad()
def eval_loss(model, tokenizer, rows: list[dict], max_len: int, fmt: str = "morph") -> float | None:
    """Mean per-token cross-entropy over the answer tokens of ``rows`` (too-long rows skipped)."""
    was_training = model.training
    model.eval()
    total, count = 0.0, 0
    for row in rows:
        ids, labels = encode(tokenizer, row, fmt)
        if len(ids) > max_len:
            continue
        n = sum(1 for x in labels if x != IGNORE)
        total += answer_loss(model, ids, labels).item() * n
        count += n
    if was_training:
        model.train()
    return total / count if count else None
