"""Per-request decoding statistics, returned with every result (engine, CLI, HTTP, evals)."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass
class Stats:
    prompt_tokens: int = 0
    output_tokens: int = 0
    passes: int = 0  # verification forwards this request took part in (prefill not counted)
    drafted_tokens: int = 0
    accepted_tokens: int = 0
    self_drafted_tokens: int = 0  # drafted from the output itself (repeats), not from a reference
    self_accepted_tokens: int = 0
    prefill_ms: float = 0.0
    decode_ms: float = 0.0
    ttft_ms: float = 0.0  # request start -> first output token known
    latency_ms: float = 0.0  # request start -> finished (includes queue wait)
    queue_ms: float = 0.0  # request start -> admitted to the running batch
    finish_reason: str = ""  # "eos" | "stop" | "length" | "loop" | "cancelled" | "timeout" | "deterministic"
    k_max: int = 0
    constraint_forced: int = 0  # tokens where the line constraint overrode the model's argmax
    constraint_gave_up: int = 0  # positions where no candidate kept the line allowed (argmax kept)
    constraint_settled: int = 0  # output tokens the constraint left no choice for: written without a pass

    @property
    def decoded_tokens(self) -> int:
        """Output tokens the model's passes produced (the settled ones took none)."""
        return self.output_tokens - self.constraint_settled

    @property
    def acceptance_rate(self) -> float:
        return self.accepted_tokens / self.drafted_tokens if self.drafted_tokens else 0.0

    @property
    def tokens_per_pass(self) -> float:
        return self.decoded_tokens / self.passes if self.passes else 0.0

    @property
    def tokens_per_s(self) -> float:
        """Decoded tokens / decode time: the decoder's own speed."""
        return 1000.0 * self.decoded_tokens / self.decode_ms if self.decode_ms > 0 else 0.0

    @property
    def generation_ms(self) -> float:
        """Admission to the batch -> finished: the request's own time, without waiting for a slot."""
        return max(0.0, self.latency_ms - self.queue_ms)

    @property
    def e2e_tokens_per_s(self) -> float:
        """Output tokens / whole latency (queue, prefill and decode)."""
        return 1000.0 * self.output_tokens / self.latency_ms if self.latency_ms > 0 else 0.0

    def to_dict(self) -> dict:
        d = asdict(self)
        for name in ("acceptance_rate", "tokens_per_pass", "tokens_per_s", "e2e_tokens_per_s"):
            d[name] = round(getattr(self, name), 4)
        d["generation_ms"] = self.generation_ms
        for name in ("prefill_ms", "decode_ms", "ttft_ms", "latency_ms", "queue_ms", "generation_ms"):
            d[name] = round(d[name], 2)
        return d

    def summary(self) -> str:
        if self.finish_reason == "deterministic":
            # No model pass: the merge answered. Output tokens are known only where a tokenizer was at hand.
            tokens = f"{self.output_tokens} tokens, " if self.output_tokens else ""
            return f"deterministic merge answered (no model pass): {tokens}latency {self.latency_ms:.0f} ms"
        return (
            f"{self.output_tokens} tokens in {self.passes} passes ({self.tokens_per_pass:.1f}/pass), "
            f"acceptance {self.acceptance_rate:.0%}, prefill {self.prefill_ms:.0f} ms, "
            f"decode {self.decode_ms:.0f} ms, {self.tokens_per_s:.1f} tok/s "
            f"({self.e2e_tokens_per_s:.1f} end to end), queue {self.queue_ms:.0f} ms, "
            f"generation {self.generation_ms:.0f} ms, finish={self.finish_reason}"
            + (f", {self.constraint_settled} tokens settled by the constraint" if self.constraint_settled else "")
        )
