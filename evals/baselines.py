"""Reference decoders measured in the same process as the engine, so that speed is reported as a
ratio of two timings taken side by side instead of as an absolute tok/s that depends on the box.

* plain greedy: our own engine at k=0 (same kernels, same prompt, no draft) - the speedup of
  speculation alone; its output must equal the k>0 output token for token (lossless check).
* HF prompt lookup: ``model.generate(prompt_lookup_num_tokens=N, do_sample=False)`` - the
  off-the-shelf way to get "draft from the prompt" speculation.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

DEFAULT_PROMPT_LOOKUP = 10


def _synchronize(device) -> None:
    import torch

    if getattr(device, "type", str(device)).startswith("cuda"):
        torch.cuda.synchronize(device)


def hf_generate(
    model, tokenizer, prompt_ids: list[int], max_new_tokens: int, prompt_lookup: int | None = None
) -> tuple[list[int], float]:
    """Greedy ``model.generate`` from ``prompt_ids``; returns (new token ids, wall seconds).

    ``prompt_lookup`` = n-gram draft length for HF prompt-lookup decoding (None or 0 = plain greedy).
    The returned ids exclude the prompt and any trailing EOS/pad, so they count content tokens the
    same way for every decoder. Seconds cover prefill + decode, with the device synchronised.
    """
    import torch

    if max_new_tokens < 1:
        raise ValueError(f"max_new_tokens must be >= 1, got {max_new_tokens}")
    if prompt_lookup is not None and prompt_lookup < 0:
        raise ValueError(f"prompt_lookup must be >= 0, got {prompt_lookup}")
    device = next(model.parameters()).device
    input_ids = torch.tensor([list(prompt_ids)], dtype=torch.long, device=device)
    eos = tokenizer.eos_token_id
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else eos
    kwargs = dict(max_new_tokens=max_new_tokens, do_sample=False, pad_token_id=pad)
    if prompt_lookup:
        kwargs["prompt_lookup_num_tokens"] = prompt_lookup
    _synchronize(device)
    start = time.perf_counter()
    with torch.inference_mode():
        out = model.generate(input_ids=input_ids, attention_mask=torch.ones_like(input_ids), **kwargs)
    _synchronize(device)
    seconds = time.perf_counter() - start
    new_ids = out[0, input_ids.shape[1] :].tolist()
    stop_ids = {i for i in (eos, pad) if i is not None}
    if isinstance(model.generation_config.eos_token_id, list):
        stop_ids.update(model.generation_config.eos_token_id)
    elif model.generation_config.eos_token_id is not None:
        stop_ids.add(model.generation_config.eos_token_id)
    while new_ids and new_ids[-1] in stop_ids:
        new_ids.pop()
    return new_ids, seconds


@dataclass
class BaselineRow:
    """One case timed three ways, back to back."""

    id: str
    language: str
    k: int
    engine_ms: float
    engine_tokens: int
    engine_passes: int
    greedy_ms: float
    greedy_tokens: int
    greedy_passes: int
    hf_lookup_ms: float | None
    hf_lookup_tokens: int | None
    lossless: bool  # engine (k) output == engine (k=0) output
    hf_same_output: bool | None  # HF prompt-lookup text == engine text (numerics may differ)

    @property
    def speedup_vs_greedy(self) -> float | None:
        return self.greedy_ms / self.engine_ms if self.engine_ms > 0 else None

    @property
    def speedup_vs_hf_lookup(self) -> float | None:
        return self.hf_lookup_ms / self.engine_ms if self.engine_ms > 0 and self.hf_lookup_ms else None

    def to_dict(self) -> dict:
        row = asdict(self)
        row["speedup_vs_greedy"] = self.speedup_vs_greedy
        row["speedup_vs_hf_lookup"] = self.speedup_vs_hf_lookup
        return row


def run_baseline_case(
    applier, case, k: int, request_cls, prompt_lookup: int | None = DEFAULT_PROMPT_LOOKUP, max_tokens: int | None = None
) -> BaselineRow:
    """Engine at ``k``, engine at k=0 and HF prompt lookup on one case, interleaved so that clock or
    thermal drift hits all three alike."""
    from fastapply.models.prompt import extract_merged

    def engine(k_value: int):  # no loop stop: HF prompt lookup has none, and timings compare like with like
        return applier.apply(
            request_cls(
                original=case.original,
                snippet=case.snippet,
                instruction=case.instruction,
                language=case.language,
                k=k_value,
                max_tokens=max_tokens,
                mode="model",
                stop_loops=False,
            )
        )

    fast, greedy = engine(k), engine(0)
    hf_ms = hf_tokens = hf_same = None
    if prompt_lookup:
        model, tokenizer = applier.engine.model, applier.engine.tokenizer
        prompt_ids = applier.prompt_ids(case.original, case.snippet, case.instruction)
        # Room for the engine's answer plus slack: a greedy HF run that agrees stops at EOS anyway.
        budget = max_tokens or (max(fast.stats.output_tokens, greedy.stats.output_tokens) + 64)
        ids, seconds = hf_generate(model, tokenizer, prompt_ids, budget, prompt_lookup=prompt_lookup)
        hf_ms, hf_tokens = 1000.0 * seconds, len(ids)
        hf_same = extract_merged(tokenizer.decode(ids, skip_special_tokens=True)) == fast.merged
    return BaselineRow(
        id=case.id,
        language=case.language,
        k=k,
        engine_ms=fast.stats.latency_ms,
        engine_tokens=fast.stats.output_tokens,
        engine_passes=fast.stats.passes,
        greedy_ms=greedy.stats.latency_ms,
        greedy_tokens=greedy.stats.output_tokens,
        greedy_passes=greedy.stats.passes,
        hf_lookup_ms=hf_ms,
        hf_lookup_tokens=hf_tokens,
        lossless=fast.merged == greedy.merged,
        hf_same_output=hf_same,
    )


def summarize_baselines(rows: list[dict]) -> dict:
    """Ratios of summed times (robust to one slow case) plus the per-case median."""
    from .metrics import percentile, rate

    errors = sum(1 for r in rows if r.get("error"))
    rows = [r for r in rows if not r.get("error")]
    if not rows:
        return {"cases": 0, "errors": errors} if errors else {}
    engine = sum(r["engine_ms"] for r in rows)
    greedy = sum(r["greedy_ms"] for r in rows)
    hf_rows = [r for r in rows if r.get("hf_lookup_ms")]
    hf_engine = sum(r["engine_ms"] for r in hf_rows)
    return {
        "cases": len(rows),
        "errors": errors,
        "speedup_vs_greedy": greedy / engine if engine else None,
        "speedup_vs_greedy_p50": percentile([r["speedup_vs_greedy"] for r in rows], 50),
        "speedup_vs_hf_lookup": (sum(r["hf_lookup_ms"] for r in hf_rows) / hf_engine)
        if hf_rows and hf_engine
        else None,
        "speedup_vs_hf_lookup_p50": percentile([r["speedup_vs_hf_lookup"] for r in hf_rows], 50),
        "hf_lookup_vs_greedy": (sum(r["greedy_ms"] for r in hf_rows) / sum(r["hf_lookup_ms"] for r in hf_rows))
        if hf_rows
        else None,
        "lossless_rate": rate(r["lossless"] for r in rows),
        "hf_same_output_rate": rate(r["hf_same_output"] for r in rows),
    }
