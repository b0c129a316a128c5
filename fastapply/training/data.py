"""Training examples as token ids: the engine's exact prompt (chat template + generation prompt) and
the merged file + EOS as the only supervised tokens."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass

from ..prompt import get_format

IGNORE = -100  # label value that cross-entropy skips


def load_jsonl(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    for i, row in enumerate(rows):
        missing = {"original", "snippet", "expected"} - set(row)
        if missing:
            raise ValueError(f"{path}:{i + 1}: missing fields {sorted(missing)}")
    return rows


def prompt_ids(tokenizer, row: dict, fmt: str = "morph") -> list[int]:
    """Token ids of the prompt, built exactly as the engine builds it."""
    messages = get_format(fmt).messages(row["original"], row["snippet"], row.get("instruction", ""))
    text = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
    # The template already contains its special tokens as text; do not let the tokenizer add more.
    return tokenizer(text, add_special_tokens=False).input_ids


def answer_ids(tokenizer, row: dict, fmt: str = "morph") -> list[int]:
    f = get_format(fmt)
    ids = tokenizer(f.output_open + row["expected"] + f.output_close, add_special_tokens=False).input_ids
    return ids + [tokenizer.eos_token_id]


def answer_loss(model, ids: list[int], labels: list[int]):
    """Mean cross-entropy over the answer tokens, computing logits only where they are needed: the
    vocabulary projection over the (long) prompt would cost ~15% of the step and >1 GB of memory."""
    import torch
    import torch.nn.functional as F

    n_ans = sum(1 for x in labels if x != IGNORE)
    if n_ans == 0 or any(x == IGNORE for x in labels[len(labels) - n_ans:]):
        raise ValueError("labels must be an IGNORE prefix followed by answer tokens")
    device = next(model.parameters()).device
    out = model(input_ids=torch.tensor([ids], device=device), logits_to_keep=n_ans + 1)
    # Position t predicts token t+1: the last n_ans+1 positions minus the final one predict the answer.
    logits = out.logits[0, :-1].float()
    return F.cross_entropy(logits, torch.tensor(labels[-n_ans:], device=device))


def encode(tokenizer, row: dict, fmt: str = "morph") -> tuple[list[int], list[int]]:
    """(input_ids, labels) with labels = IGNORE over the prompt, so loss covers only the answer."""
    p, a = prompt_ids(tokenizer, row, fmt), answer_ids(tokenizer, row, fmt)
    return p + a, [IGNORE] * len(p) + a


@dataclass
class Cursor:
    """Position in the data stream, saved with checkpoints so a resumed run continues exactly where
    it stopped: epoch e visits rows in the order of a permutation seeded by (seed, e)."""
    epoch: int = 0
    index: int = 0

    def to_dict(self) -> dict:
        return {"epoch": self.epoch, "index": self.index}


class ExampleStream:
    def __init__(self, rows: list[dict], tokenizer, seed: int, max_len: int, fmt: str = "morph",
                 cursor: Cursor | None = None) -> None:
        if not rows:
            raise ValueError("no training rows")
        self.rows, self.tok, self.seed, self.max_len, self.fmt = rows, tokenizer, seed, max_len, fmt
        self.cursor = cursor or Cursor()
        self.skipped = 0  # rows longer than max_len (counted, not trained on)
        self._order_epoch, self._order = -1, []

    def _order_for(self, epoch: int) -> list[int]:
        if epoch != self._order_epoch:
            self._order = list(range(len(self.rows)))
            random.Random(f"{self.seed}|{epoch}").shuffle(self._order)
            self._order_epoch = epoch
        return self._order

    def next(self) -> tuple[list[int], list[int]]:
        for _ in range(len(self.rows) + 1):
            order = self._order_for(self.cursor.epoch)
            row = self.rows[order[self.cursor.index]]
            self.cursor.index += 1
            if self.cursor.index >= len(order):
                self.cursor = Cursor(self.cursor.epoch + 1, 0)
            ids, labels = encode(self.tok, row, self.fmt)
            if len(ids) <= self.max_len:
                return ids, labels
            self.skipped += 1
        raise ValueError(f"no example fits max_len={self.max_len} tokens")
