"""The speculative-edits engine: schedule → run model → postprocess, one verification pass per step
(or a burst of them).

Each running sequence feeds ``[last_token, *draft]``; the forward returns the model's greedy token
after every fed position; the longest draft prefix that equals those tokens is accepted together with
the model's own next token (the "bonus"), and the cache length is reset past the accepted positions.
Every emitted token is the model's greedy choice given the tokens before it, so the output is the
output of plain greedy decoding: lossless. The drafts only decide how many tokens one pass yields.
A request may carry a token constraint and stop criteria (policies.py): each emitted token is then
the constraint's choice among the model's ranked candidates, again the same choice one-token-at-a-time
decoding would make, and a criterion ends the output at the same token for any draft length.
The engine runs the model only through a runner (``fastapply/runners/base.py``).

Where the runner offers bursts and no running row needs the host between passes (burst.py), a step
runs several passes on the device and syncs once; the host then replays the passes one by one
through the same bookkeeping, so outputs, stops and statistics are those of single passes.
"""

from __future__ import annotations

import threading
import time
from collections import deque

import numpy as np

from fastapply.engine.assembly import eos_ids, make_runner
from fastapply.engine.burst import burst_eligible, burst_passes
from fastapply.engine.config import EngineConfig
from fastapply.engine.draft_length import DraftLengthByCursorState
from fastapply.engine.policies import DecodeContext, accept_greedy
from fastapply.engine.proposer import Cursor, advance, propose
from fastapply.engine.sequence import GenerationRequest, Sequence, Status
from fastapply.engine.stopping import extend
from fastapply.runners.base import BurstRow, BurstRunner, Row, Verified


class Engine:
    def __init__(self, model, tokenizer, config: EngineConfig | None = None):
        self.config = config or EngineConfig()
        self.model, self.tokenizer = model, tokenizer
        self.runner = make_runner(model, self.config)
        self.eos_ids = eos_ids(model, tokenizer)
        self.waiting: deque[Sequence] = deque()
        self.running: list[Sequence] = []
        self._lock = threading.Lock()  # add()/cancel() may come from other threads than step()
        self.total_passes = 0
        self._token_texts: dict[int, str] = {}

    # -- requests -----------------------------------------------------------------------------
    def add(self, request: GenerationRequest) -> Sequence:
        k = self.config.k if request.k is None else request.k
        seq = Sequence(request, k, self._draft_policy(k))
        seq.stop_ids = self.eos_ids.union(request.stop_token_ids)  # once, not every pass
        if self.runner.reserve(seq.capacity) > self.config.max_kv_tokens:
            raise ValueError(
                f"request needs {seq.capacity} KV-cache tokens (prompt {len(request.prompt_ids)} + "
                f"max_new_tokens {request.max_new_tokens} + k {k}), over the budget of "
                f"{self.config.max_kv_tokens}"
            )
        self.runner.check(k, seq.capacity)
        context = DecodeContext(self.token_text, seq.stop_ids, request.stop_strings)
        if request.constraint is not None:
            seq.constraint = request.constraint.build(context)
        seq.stops = [spec.build(context) for spec in request.stop_criteria]
        with self._lock:
            self.waiting.append(seq)
        return seq

    def cancel(self, seq: Sequence) -> None:
        seq.cancelled = True  # honoured at the next pass boundary, by the thread that owns step()

    def has_work(self) -> bool:
        return bool(self.waiting or self.running)

    @property
    def queue_depth(self) -> int:
        return len(self.waiting)

    @property
    def batch_size(self) -> int:
        return len(self.running)

    def abort_all(self, reason: str = "error") -> None:
        """Finish every sequence (e.g. after a failed pass left caches half-written) and start clean."""
        with self._lock:
            for seq in [*self.running, *self.waiting]:
                seq.finish(reason)
            for seq in self.running:
                self._release(seq)
            self.running.clear()
            self.waiting.clear()

    def generate(self, request: GenerationRequest) -> Sequence:
        """Run one request to completion (other queued requests advance too)."""
        seq = self.add(request)
        while not seq.finished:
            self.step()
        return seq

    # -- one pass -------------------------------------------------------------------------------
    @property
    def host_syncs(self) -> int:
        """Times the runner has read results back from the device (at most one per pass)."""
        return self.runner.profile.syncs

    def step(self) -> list[Sequence]:
        """One forward over every running sequence (or a burst of passes, see burst.py); returns
        the sequences that changed."""
        batch = self._schedule()
        if not batch:
            return []
        start = time.perf_counter()
        passes = self._burst_passes(batch)
        if passes > 1:
            return self._burst(batch, passes, start)
        rows = [self._row(seq) for seq in batch]
        # A constrained sequence needs ranked candidates, not just the argmax (same one sync).
        candidates = max(
            (
                seq.request.constraint.candidates
                for seq in batch
                if seq.request.constraint is not None and seq.status is Status.DECODE
            ),
            default=1,
        )
        verified = self.runner.verify(rows, candidates)
        elapsed_ms = 1000 * (time.perf_counter() - start)
        return self._postprocess(batch, verified, elapsed_ms)

    def _schedule(self) -> list[Sequence]:
        with self._lock:
            for seq in [s for s in self.waiting if s.cancelled]:
                self.waiting.remove(seq)
                seq.finish("cancelled")
            for seq in [s for s in self.running if s.cancelled]:
                self.running.remove(seq)
                seq.finish("cancelled")
                self._release(seq)
            reserved = sum(self.runner.reserve(s.capacity) for s in self.running)
            while (
                self.waiting
                and len(self.running) < self.config.max_batch
                and reserved + self.runner.reserve(self.waiting[0].capacity) <= self.config.max_kv_tokens
            ):
                seq = self.waiting.popleft()
                seq.cache = self.runner.allocate(seq.capacity)
                seq.status = Status.PREFILL if seq.pending else Status.DECODE
                seq.admitted = time.perf_counter()
                seq.stats.queue_ms = 1000 * (seq.admitted - seq.arrived)
                reserved += self.runner.reserve(seq.capacity)
                self.running.append(seq)
        for seq in self.running:
            if seq.status is Status.DECODE:
                self._draft(seq)
        return list(self.running)

    def _draft(self, seq: Sequence) -> None:
        # Never draft past max_new_tokens: the bonus token always comes on top of the draft.
        room = min(seq.k, seq.remaining - 1)
        proposal = propose(seq.draft_sources(), seq.output, seq.cursor, room, self.config.max_ngram)
        length = len(proposal.draft)
        if seq.draft_policy is not None:
            length = seq.draft_policy.next_length(length, following=proposal.start.following)
        seq.draft, seq.draft_start = proposal.draft[:length], proposal.start

    def _row(self, seq: Sequence) -> Row:
        if seq.status is Status.PREFILL:
            return Row(seq.cache, seq.pending[: self.config.prefill_chunk], 0)
        return Row(seq.cache, [seq.last_token, *seq.draft], len(seq.draft) + 1)

    def _postprocess(self, batch: list[Sequence], verified: Verified, elapsed_ms: float) -> list[Sequence]:
        self.total_passes += 1
        for i, seq in enumerate(batch):
            if seq.status is Status.PREFILL:
                self._prefilled(seq, elapsed_ms)
            else:
                self._accept(seq, verified, i, elapsed_ms)
        self._release_finished()
        return batch

    def _prefilled(self, seq: Sequence, elapsed_ms: float) -> None:
        fed = min(len(seq.pending), self.config.prefill_chunk)
        seq.cache.truncate(seq.cache.length + fed)
        del seq.pending[:fed]
        seq.stats.prefill_ms += elapsed_ms
        if not seq.pending:
            seq.status = Status.DECODE

    def _release_finished(self) -> None:
        with self._lock:
            for seq in self.running:
                if seq.finished:
                    self._release(seq)
            self.running = [s for s in self.running if not s.finished]

    # -- a burst: several passes, one host sync -------------------------------------------------------
    def _burst_passes(self, batch: list[Sequence]) -> int:
        if not isinstance(self.runner, BurstRunner):
            return 1
        most = min(self.config.passes_per_sync, self.runner.burst_passes)
        decode = [s for s in batch if s.status is Status.DECODE]
        if most < 2 or not decode or not all(map(burst_eligible, decode)):
            return 1
        return burst_passes(((s.remaining, self._ahead(s), len(s.draft), s.k) for s in decode), most)

    @staticmethod
    def _ahead(seq: Sequence) -> int:
        """Reference tokens from the draft's start on (what the device can draft from)."""
        sources, start = seq.draft_sources(), seq.draft_start
        return len(sources[start.ref]) - start.pos if start.ref < len(sources) else 0

    def _burst(self, batch: list[Sequence], passes: int, start: float) -> list[Sequence]:
        decode = [s for s in batch if s.status is Status.DECODE]
        prefill = [s for s in batch if s.status is Status.PREFILL]
        if prefill:  # one forward for every row's chunk; no host sync
            self.runner.verify([self._row(s) for s in prefill])
            elapsed_ms = 1000 * (time.perf_counter() - start)
            for seq in prefill:
                self._prefilled(seq, elapsed_ms)
            start = time.perf_counter()
        sources = [s.draft_sources() for s in decode]
        rows = []
        for seq, refs in zip(decode, sources):
            at = seq.draft_start
            window = refs[at.ref][at.pos :] if at.ref < len(refs) else np.empty(0, dtype=np.int64)
            rows.append(BurstRow(seq.cache, seq.last_token, window, len(seq.draft), seq.k, seq.remaining, seq.stop_ids))
        assert isinstance(self.runner, BurstRunner)  # _burst_passes said so
        burst = self.runner.burst(rows, passes)
        pass_ms = 1000 * (time.perf_counter() - start) / passes
        self.total_passes += passes
        for i, (seq, refs) in enumerate(zip(decode, sources)):
            at, emitted = seq.draft_start, 0
            for drafted, accepted in zip(burst.drafted[i], burst.accepted[i]):
                new_tokens = burst.tokens[i][emitted : emitted + accepted + 1]
                emitted += accepted + 1
                self._record(seq, at, drafted, new_tokens, pass_ms)
                if seq.finished:
                    break
                at = advance(at, drafted, accepted, new_tokens[-1], refs)  # what the device followed
            if not seq.finished:
                seq.cursor = at
        self._release_finished()
        return batch

    def _release(self, seq: Sequence) -> None:
        self.runner.free(seq.cache)
        seq.cache = None  # the memory goes now, not when the caller drops the sequence

    def _accept(self, seq: Sequence, verified: Verified, row: int, elapsed_ms: float) -> None:
        """A constrained sequence chooses among the ranked candidates of its row; any other takes
        the longest draft prefix the model's greedy targets agree with, plus one token."""
        draft = seq.draft
        if seq.constraint is not None:
            assert verified.ranked is not None  # step() asked for candidates
            new_tokens = seq.constraint.verify(draft, verified.ranked[row])
            seq.stats.constraint_forced = seq.constraint.forced
            seq.stats.constraint_gave_up = seq.constraint.gave_up
        else:
            new_tokens = accept_greedy(draft, verified.targets[row])  # == draft[:accepted] + [bonus]
        self._record(seq, seq.draft_start, len(draft), new_tokens, elapsed_ms)
        rest = seq.constraint.settled() if seq.constraint is not None and not seq.finished else None
        if rest is not None:  # no ranking can change the rest: write it without passes
            written = len(seq.output)
            extend(seq, rest, self.decode)  # stop criteria and strings end it where greedy would
            seq.stats.constraint_settled += len(seq.output) - written
        if not seq.finished:
            seq.cursor = advance(seq.draft_start, len(draft), len(new_tokens) - 1, new_tokens[-1], seq.draft_sources())

    def _record(self, seq: Sequence, start: Cursor, drafted: int, new_tokens: list[int], elapsed_ms: float) -> None:
        """One pass of ``seq``: ``drafted`` tokens taken at ``start``, ``new_tokens`` emitted (the
        accepted draft prefix and the bonus token)."""
        accepted = len(new_tokens) - 1
        # K/V of last_token and the accepted draft tokens stay; the rejected tail is dropped.
        seq.cache.truncate(seq.cache.length + 1 + accepted)
        seq.last_token = new_tokens[-1]
        if seq.draft_policy is not None:
            seq.draft_policy.update(drafted, accepted, following=start.following)
        stats = seq.stats
        stats.passes += 1
        stats.drafted_tokens += drafted
        stats.accepted_tokens += accepted
        if start.ref == len(seq.references):  # the draft came from the output itself
            stats.self_drafted_tokens += drafted
            stats.self_accepted_tokens += accepted
        stats.decode_ms += elapsed_ms
        if not seq.output:
            stats.ttft_ms = 1000 * (time.perf_counter() - seq.arrived)
        extend(seq, new_tokens, self.decode)

    def decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids)

    def token_text(self, token: int) -> str:
        text = self._token_texts.get(token)
        if text is None:
            text = self._token_texts[token] = self.tokenizer.decode([token])
        return text

    def _draft_policy(self, k: int) -> DraftLengthByCursorState | None:
        if not self.config.adaptive or k == 0:
            return None
        return DraftLengthByCursorState(k_max=k, cost_per_token=self.config.token_cost(self.runner.device.type))
