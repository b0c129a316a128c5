"""Teacher-forced divergence: where greedy decoding of a model first leaves the expected answer,
found with one forward pass per example instead of a full generation.

Greedy decoding writes the expected answer exactly iff, fed the expected answer, the model's argmax
equals the next expected token at every answer position; the first position where it does not is
where free-running greedy output diverges. So one forward pass per example (≈1 s for a 1,000-token
window on 2 CPU threads, against several seconds for a speculative generation) gives

* a fast proxy for exact match on the engine's own prompts (e.g. ``windowed`` rows); it differs from
  generating only where another tokenization of the same text or a stop string would end it, and
  it does not forgive whitespace as the dev set's ``gold-ws`` cases do; and
* hard-example mining: the training rows the current adapter still gets wrong, with how wrong
  (number of wrong positions, probability of the wanted token at the first one).

    python -m fastapply.training.mine --data runs/data/train-win.jsonl --threads 2 \
        --out runs/data/train-win-tf.jsonl
    python -m fastapply.training.mine --select --data runs/data/train-win-tf.jsonl \
        --replay runs/data/old-train-win.jsonl --replay-n 300 --out runs/data/hard-mix.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass, replace

from .data import IGNORE, encode, load_jsonl


@dataclass(frozen=True)
class Divergence:
    answer_tokens: int
    wrong: int  # answer positions where argmax != expected token (0 = greedy reproduces the answer)
    first: int | None  # index of the first wrong answer token
    p_wanted: float | None  # probability of the expected token there
    p_argmax: float | None  # probability of what greedy writes instead
    argmax_id: int | None = None  # the token greedy writes instead
    context: str = ""  # answer text just before the first wrong token
    wanted: str = ""
    argmax: str = ""

    @property
    def exact(self) -> bool:
        return self.wrong == 0


def divergence(model, tokenizer, row: dict, fmt: str = "morph", max_len: int | None = None) -> Divergence | None:
    """Teacher-forced comparison of ``model``'s argmax with the expected answer of ``row``; None when
    prompt + answer exceed ``max_len`` tokens."""
    ids, labels = encode(tokenizer, row, fmt)
    if max_len is not None and len(ids) > max_len:
        return None
    answer = [x for x in labels if x != IGNORE]
    found = divergence_of_ids(model, ids, len(answer))
    if found.exact:
        return found
    i = found.first
    return replace(
        found,
        context=tokenizer.decode(answer[max(0, i - 16) : i])[-80:],
        wanted=tokenizer.decode([answer[i]]),
        argmax=tokenizer.decode([found.argmax_id]),
    )


def divergence_of_ids(model, ids: list[int], n_answer: int) -> Divergence:
    """``ids`` = prompt + expected answer, the answer being the last ``n_answer`` ids."""
    import torch

    if not 0 < n_answer < len(ids):
        raise ValueError(f"need 0 < n_answer < len(ids), got {n_answer} of {len(ids)}")
    device = next(model.parameters()).device
    with torch.no_grad():
        # Position t predicts token t+1: the last n+1 positions minus the final one predict the answer.
        logits = model(input_ids=torch.tensor([ids], device=device), logits_to_keep=n_answer + 1).logits[0, :-1].float()
    target = torch.tensor(ids[-n_answer:], device=device)
    pred = logits.argmax(-1)
    wrong = pred != target
    first = int(wrong.to(torch.int8).argmax())  # argmax of a 0/1 mask: the first 1 (0 when none)
    probs = logits[first].softmax(-1)
    # One host sync for everything reported (token ids are exact in float64).
    n_wrong, p_wanted, p_argmax, argmax_id = torch.stack(
        [wrong.sum().double(), probs[target[first]].double(), probs[pred[first]].double(), pred[first].double()]
    ).tolist()
    if n_wrong == 0:
        return Divergence(n_answer, 0, None, None, None)
    return Divergence(n_answer, int(n_wrong), first, _sig(p_wanted), _sig(p_argmax), argmax_id=int(argmax_id))


def _sig(p: float) -> float:
    return float(f"{p:.3g}")  # 3 significant digits: small probabilities stay comparable


def case_of(row_id: str) -> str:
    """The whole-file case a windowed row came from (``windowed`` names windows ``<id>-w<i>``)."""
    head, sep, tail = row_id.rpartition("-w")
    return head if sep and tail.isdigit() else row_id


def summarise(records: list[dict]) -> dict:
    """Exact share over rows and over cases (a case is exact when all its windows are)."""
    cases: dict[str, bool] = {}
    for r in records:
        key = case_of(str(r.get("id", "")))
        cases[key] = cases.get(key, True) and r["tf"]["wrong"] == 0
    exact_rows = sum(r["tf"]["wrong"] == 0 for r in records)
    return {"rows": len(records), "exact_rows": exact_rows, "cases": len(cases), "exact_cases": sum(cases.values())}


def hard_mix(scored: list[dict], replay: list[dict], replay_n: int, seed: int) -> list[dict]:
    """Training rows for the next run: every scored row the model still gets wrong, plus ``replay_n``
    rows drawn from the ones it gets right and from ``replay`` (unscored rows, e.g. the data the
    adapter was trained on) so that what it already does is rehearsed; shuffled, ``tf`` dropped.
    Rows that are right carry almost no gradient, so a run on this mix spends its steps where the
    model is wrong (on 1,308 unseen windows v5 was wrong on about half)."""
    if replay_n < 0:
        raise ValueError("replay_n must be >= 0")
    hard = [r for r in scored if r["tf"]["wrong"] > 0]
    easy = [r for r in scored if r["tf"]["wrong"] == 0] + list(replay)
    rng = random.Random(f"hard_mix|{seed}")
    chosen = hard + rng.sample(easy, min(replay_n, len(easy)))
    rng.shuffle(chosen)
    return [{k: v for k, v in r.items() if k != "tf"} for r in chosen]


def _select(args) -> int:
    try:
        scored = [r for path in args.data for r in load_jsonl(path)]
        replay = [r for path in args.replay for r in load_jsonl(path)]
        if any("tf" not in r for r in scored):
            raise ValueError("--select needs --data files written by this tool (rows with a 'tf' record)")
        rows = hard_mix(scored, replay, args.replay_n, args.seed)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with open(args.out, "w", encoding="utf-8") as out:
        out.writelines(json.dumps(r) + "\n" for r in rows)
    print(json.dumps({"rows": len(rows), "hard": sum(r["tf"]["wrong"] > 0 for r in scored)}))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fastapply.training.mine", description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--data", required=True, action="append", help="JSONL rows with original/snippet/expected (repeatable)"
    )
    ap.add_argument(
        "--adapter",
        default=None,
        help="LoRA adapter directory, or 'none' (default: the shipped one for the default model, as served)",
    )
    ap.add_argument("--base", default=None, help="model: 'default', a folder or a .gguf, as the engine's --model")
    ap.add_argument("--out", required=True, help="JSONL: each input row plus a 'tf' record")
    ap.add_argument("--max-len", type=int, default=4096, help="skip rows longer than this many tokens")
    ap.add_argument("--threads", type=int, default=0, help="torch CPU threads (0 = default)")
    ap.add_argument("--fmt", default="morph")
    ap.add_argument(
        "--select",
        action="store_true",
        help="no model: write the rows of scored --data files that are wrong, plus --replay-n others",
    )
    ap.add_argument("--replay", action="append", default=[], help="with --select: unscored rows to rehearse")
    ap.add_argument("--replay-n", type=int, default=0, help="with --select: rows drawn from right and --replay rows")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if args.select:
        return _select(args)
    if args.max_len < 16 or args.threads < 0:
        ap.error("--max-len must be >= 16 and --threads >= 0")
    try:
        rows = [r for path in args.data for r in load_jsonl(path)]
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    import torch
    from tqdm import tqdm

    from fastapply.models.loader import ModelSpec, load_model

    if args.threads:
        torch.set_num_threads(args.threads)
    try:  # the engine's loader: the same weights, merged adapter and dtype as served
        model, tokenizer, _ = load_model(ModelSpec(model=args.base, adapter=args.adapter))
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    records, skipped, started = [], 0, time.perf_counter()
    with open(args.out, "w", encoding="utf-8") as out:
        for row in tqdm(rows, desc="teacher-forced", file=sys.stderr):
            found = divergence(model, tokenizer, row, args.fmt, args.max_len)
            if found is None:
                skipped += 1
                continue
            record = {**row, "tf": asdict(found)}
            records.append(record)
            out.write(json.dumps(record) + "\n")
    summary = {**summarise(records), "skipped_too_long": skipped, "seconds": round(time.perf_counter() - started, 1)}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
