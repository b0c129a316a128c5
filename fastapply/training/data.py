"""Training examples as token ids: the engine's exact prompt (chat template + generation prompt) and
the merged file + EOS as the only supervised tokens."""

from __future__ import annotations

import difflib
import json
import random
from dataclasses import dataclass

from fastapply.models.prompt import END_OF_TURN, get_format
from fastapply.models.prompt import prompt_ids as build_prompt

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
    """Token ids of the prompt: the serving prompt (``fastapply.models.prompt.prompt_ids``), which
    ends with the format's opening tag."""
    return build_prompt(tokenizer, get_format(fmt), row["original"], row["snippet"], row.get("instruction", ""))


def _answer_text(row: dict, fmt: str) -> tuple[str, int]:
    """The supervised text before the end token, and where ``expected`` starts in it (the opening
    tag is the prompt's)."""
    return row["expected"] + get_format(fmt).output_close, 0


def answer_ids(tokenizer, row: dict, fmt: str = "morph") -> list[int]:
    ids = tokenizer(_answer_text(row, fmt)[0], add_special_tokens=False).input_ids
    return ids + [answer_end_id(tokenizer)]


def answer_end_id(tokenizer) -> int:
    """The token an answer ends with: the chat template's end of turn when the vocabulary has one,
    else eos. Not eos alone: a GGUF converted by another transformers version can name another eos
    (a GPU run trained "<|im_start|>" as the end, and its adapter never emitted "<|im_end|>")."""
    vocab = tokenizer.get_vocab()
    for name in END_OF_TURN:
        if name in vocab:
            return vocab[name]
    if tokenizer.eos_token_id is None:
        raise ValueError("the tokenizer has no end-of-turn or eos token to end answers with")
    return tokenizer.eos_token_id


def _line_spans(lines: list[str], marked: set[int]) -> list[tuple[int, int]]:
    starts = [0]
    for ln in lines:
        starts.append(starts[-1] + len(ln))
    return [(starts[j], starts[j + 1]) for j in sorted(marked)]


def _opcodes(reference: str, new_lines: list[str]):
    """Line diff of ``reference`` against ``new_lines``, modulo surrounding whitespace."""
    old = [ln.strip() for ln in reference.splitlines()]
    return difflib.SequenceMatcher(None, old, [ln.strip() for ln in new_lines], autojunk=False).get_opcodes()


def edited_spans(original: str, expected: str) -> list[tuple[int, int]]:
    r"""Character spans of ``expected`` where copying ``original`` goes wrong: inserted or changed
    lines, and the first line after a deletion (where a copying model would carry on with the
    deleted code). Lines compare modulo surrounding whitespace.

    >>> edited_spans("a\nb\nc\n", "a\nB\nc\n")
    [(2, 4)]
    """
    new_lines = expected.splitlines(keepends=True)
    marked: set[int] = set()
    for tag, _i1, _i2, j1, j2 in _opcodes(original, new_lines):
        if tag in ("replace", "insert"):
            marked.update(range(j1, j2))
        elif tag == "delete" and j1 < len(new_lines):
            marked.add(j1)
    return _line_spans(new_lines, marked)


def gap_start_spans(snippet: str, expected: str) -> list[tuple[int, int]]:
    r"""Character spans of ``expected`` where copying the *snippet* goes wrong: the start of each run of
    lines the snippet elides (up to and including its first non-blank line). There the snippet has a
    lazy marker (or nothing) and the answer must go on with the original's code; writing the marker
    instead was the most common failure of adapter v3 on the dev set (half of its wrong outputs).

    >>> gap_start_spans("a\n# ...\nd\n", "a\nb\nc\nd\n")
    [(2, 4)]
    """
    new_lines = expected.splitlines(keepends=True)
    marked: set[int] = set()
    for tag, _i1, _i2, j1, j2 in _opcodes(snippet, new_lines):
        if tag in ("replace", "insert"):
            first_text = next((j for j in range(j1, j2) if new_lines[j].strip()), j2 - 1)
            marked.update(range(j1, first_text + 1))
    return _line_spans(new_lines, marked)


def answer_weights(tokenizer, row: dict, edit_weight: float, fmt: str = "morph") -> list[float]:
    """Per-token loss weights aligned with ``answer_ids``: ``edit_weight`` on tokens where a copying
    model goes wrong (edited lines, see ``edited_spans``; starts of elided gaps, see
    ``gap_start_spans``), 1 elsewhere (EOS included). Most answer tokens are plain copies of the
    original, so an unweighted loss is dominated by copying; the measured failure of the v2 adapter on
    the dev set was exactly that (in most wrong outputs fewer than half of the added lines survived)."""
    text, base = _answer_text(row, fmt)
    enc = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
    marked = sorted(
        set(edited_spans(row["original"], row["expected"])) | set(gap_start_spans(row["snippet"], row["expected"]))
    )
    spans = [(s + base, e + base) for s, e in marked]
    weights, k = [], 0
    for s, e in enc.offset_mapping:
        while k < len(spans) and spans[k][1] <= s:
            k += 1
        hit = k < len(spans) and spans[k][0] < max(e, s + 1)
        weights.append(edit_weight if hit else 1.0)
    return weights + [1.0]


def answer_loss(model, ids: list[int], labels: list[int], weights: list[float] | None = None):
    """Cross-entropy over the answer tokens (mean, or weighted mean with ``weights`` per answer
    token), computing logits only where they are needed: the vocabulary projection over the (long)
    prompt would cost ~15% of the step and >1 GB of memory."""
    import torch

    n_ans = _answer_count(labels)
    device = next(model.parameters()).device
    out = model(input_ids=torch.tensor([ids], device=device), logits_to_keep=n_ans + 1)
    # Position t predicts token t+1: the last n_ans+1 positions minus the final one predict the answer.
    return _answer_mean(out.logits[0, :-1].float(), labels[-n_ans:], weights)


def batch_answer_loss(model, examples: list[tuple[list[int], list[int], list[float] | None]]):
    """Sum over ``examples`` of each one's ``answer_loss``, in one forward pass: the rows are padded
    on the left so every answer ends at the last position, and only the answer positions are
    projected onto the vocabulary. On a GPU a 135M model's step is bound by kernel launches, which a
    batch pays once instead of once per example.

    ``examples``: [(input_ids, labels, weights or None)] as ``ExampleStream.next`` returns them.
    """
    import torch

    if len(examples) == 1:
        return answer_loss(model, *examples[0])
    device = next(model.parameters()).device
    answers = [_answer_count(labels) for _, labels, _ in examples]
    width, keep = max(len(ids) for ids, _, _ in examples), max(answers) + 1
    ids = torch.zeros(len(examples), width, dtype=torch.long)  # [B, T], padded on the left
    mask = torch.zeros(len(examples), width, dtype=torch.long)
    for row, (tokens, _, _) in enumerate(examples):
        ids[row, width - len(tokens) :] = torch.tensor(tokens)
        mask[row, width - len(tokens) :] = 1
    positions = (mask.cumsum(-1) - 1).clamp(min=0)  # each row's positions start at 0 after its padding
    out = model(
        input_ids=ids.to(device), attention_mask=mask.to(device), position_ids=positions.to(device), logits_to_keep=keep
    )
    logits = out.logits[:, :-1].float()  # [B, keep-1, V]: position t predicts token t+1
    return sum(
        _answer_mean(logits[row, keep - 1 - n :], labels[-n:], weights)
        for row, ((_, labels, weights), n) in enumerate(zip(examples, answers))
    )


def _answer_count(labels: list[int]) -> int:
    """Answer tokens at the end of ``labels``, which must be an IGNORE prefix and then the answer."""
    n_ans = sum(1 for x in labels if x != IGNORE)
    if n_ans == 0 or any(x == IGNORE for x in labels[len(labels) - n_ans :]):
        raise ValueError("labels must be an IGNORE prefix followed by answer tokens")
    return n_ans


def _answer_mean(logits, target: list[int], weights: list[float] | None):
    """Mean cross-entropy of ``logits`` [n, V] against ``target`` (n tokens), weighted when asked."""
    import torch
    import torch.nn.functional as F

    target = torch.tensor(target, device=logits.device)
    if weights is None:
        return F.cross_entropy(logits, target)
    if len(weights) != len(target):
        raise ValueError(f"{len(weights)} weights for {len(target)} answer tokens")
    w = torch.tensor(weights, device=logits.device, dtype=logits.dtype)
    return (F.cross_entropy(logits, target, reduction="none") * w).sum() / w.sum()


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
    def __init__(
        self,
        rows: list[dict],
        tokenizer,
        seed: int,
        max_len: int,
        fmt: str = "morph",
        cursor: Cursor | None = None,
        edit_weight: float = 1.0,
    ) -> None:
        if not rows:
            raise ValueError("no training rows")
        self.rows, self.tok, self.seed, self.max_len, self.fmt = rows, tokenizer, seed, max_len, fmt
        self.edit_weight = edit_weight
        self.cursor = cursor or Cursor()
        self.skipped = 0  # rows longer than max_len (counted, not trained on)
        self._order_epoch, self._order = -1, []

    def _order_for(self, epoch: int) -> list[int]:
        if epoch != self._order_epoch:
            self._order = list(range(len(self.rows)))
            random.Random(f"{self.seed}|{epoch}").shuffle(self._order)
            self._order_epoch = epoch
        return self._order

    def next(self) -> tuple[list[int], list[int], list[float] | None]:
        """(input_ids, labels, answer-token weights or None when edits are not up-weighted)."""
        for _ in range(len(self.rows) + 1):
            order = self._order_for(self.cursor.epoch)
            row = self.rows[order[self.cursor.index]]
            self.cursor.index += 1
            if self.cursor.index >= len(order):
                self.cursor = Cursor(self.cursor.epoch + 1, 0)
            ids, labels = encode(self.tok, row, self.fmt)
            if len(ids) <= self.max_len:
                weights = None
                if self.edit_weight != 1.0:
                    weights = answer_weights(self.tok, row, self.edit_weight, self.fmt)
                return ids, labels, weights
            self.skipped += 1
        raise ValueError(f"no example fits max_len={self.max_len} tokens")
