"""The bridge between HTTP handlers and the engine loop: prepare work, run it, stream it, time it out.

``Work`` is what every endpoint reduces to: engine requests plus a function that turns the finished
sequences into a result. ``Service.run`` yields text deltas (when streaming) and then the result.
CPU-side preparation (tokenising, the deterministic merge, decoding) runs off the event loop: small
inputs on one worker thread, large applies in a worker process (large_lane.py; they take seconds
and hold the interpreter lock for long stretches), large chat prompts on a second thread with its
own tokenizer copy (a tokenizer is never used from two threads at once).

Two clocks bound a request: ``queue_timeout`` while it waits for a batch slot (then 503, nothing was
generated) and ``request_timeout`` from its admission to the batch (then the output is incomplete).
"""

from __future__ import annotations

import asyncio
import copy
import logging
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

from fastapi import Request

from fastapply.apply.applier import Applier
from fastapply.apply.request import ApplyError, ApplyRequest, ApplyResult
from fastapply.engine.sequence import GenerationRequest, Sequence
from fastapply.merge.codes import ApplyWarning, Code
from fastapply.models.prompt import chat_ids

from .disconnect import on_disconnect
from .errors import APIError, apply_error
from .large_lane import LargeLane, count_usage
from .loop import EngineLoop, Job
from .metrics import Metrics
from .settings import Settings
from .streaming import IncrementalDecoder, MergedTextStream, PlainTextStream, cut_at_stop
from .work import Done, GenerationResult, Work, ready

log = logging.getLogger(__name__)
LARGE_INPUT_CHARS = 256 * 1024  # inputs above this are prepared on the large lane


class Service:
    def __init__(self, applier: Applier, loop: EngineLoop, settings: Settings, metrics: Metrics):
        self.applier, self.loop, self.settings, self.metrics = applier, loop, settings, metrics
        self.tokenizer = applier.tokenizer
        self._cpu = ThreadPoolExecutor(1, thread_name_prefix="fastapply-prep")
        self._cpu_large = ThreadPoolExecutor(1, thread_name_prefix="fastapply-prep-large")
        self._large_applier: Applier | None = None
        self.large_lane = LargeLane(
            applier.tokenizer, applier.format, applier.context_length, settings.max_large_waiting
        )

    def close(self) -> None:
        self._cpu.shutdown(wait=False, cancel_futures=True)
        self._cpu_large.shutdown(wait=False, cancel_futures=True)
        self.large_lane.close()

    def applier_for(self, large: bool) -> Applier:
        """The large lane's applier shares the engine but owns a copy of the tokenizer."""
        if not large:
            return self.applier
        if self._large_applier is None:
            self._large_applier = copy.copy(self.applier)
            self._large_applier.tokenizer = copy.deepcopy(self.applier.tokenizer)
        return self._large_applier

    async def on_cpu(self, fn, *args, large: bool = False):
        try:
            executor = self._cpu_large if large else self._cpu
            return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)
        except ApplyError as e:
            raise apply_error(e) from None

    # -- building work ------------------------------------------------------------------------------
    def check_max_tokens(self, max_tokens: int | None) -> None:
        limit = self.applier.context_length
        if max_tokens is not None and max_tokens > limit:
            raise APIError(
                400,
                f"max_tokens must be between 1 and the model's context of {limit} tokens, got {max_tokens}",
                "max_tokens_out_of_range",
            )

    async def apply_work(self, request: ApplyRequest, http: Request | None = None) -> Work:
        """``http``: the client's request, so that a large apply leaves the queue when its client does."""
        self.check_max_tokens(request.max_tokens)
        fmt = self.applier.format
        # The first generation streams live after the lines above its window; further windows are
        # spliced in at the end, so the deltas always add up to the final merged file.
        streamer = lambda: MergedTextStream(fmt)  # noqa: E731
        if len(request.original) + len(request.snippet) > LARGE_INPUT_CHARS:
            key, requests, prefix, result = await self.large_lane.plan(request, http)
            if result is not None:
                return Work([], ready(result))
            return Work(
                requests,
                lambda sequences: self.large_lane.finish(key, sequences),
                streamer,
                prefix,
                lambda: self.large_lane.forget(key),
            )
        plan = await self.on_cpu(self.applier.plan, request)

        def finish(sequences: list[Sequence]) -> ApplyResult:
            return count_usage(self.applier, request, plan.finish(sequences))

        return Work(
            plan.requests,
            lambda sequences: self.on_cpu(finish, sequences),
            streamer if plan.requests else None,
            plan.prefix,
        )

    async def chat_work(
        self, messages: list[dict], prediction: str, max_tokens: int | None, stop: tuple[str, ...]
    ) -> Work:
        """Any chat prompt, the prediction's tokens as the draft (OpenAI Predicted Outputs)."""
        self.check_max_tokens(max_tokens)
        large = sum(len(m["content"]) for m in messages) + len(prediction) > LARGE_INPUT_CHARS
        prompt, reference = await self.on_cpu(self._chat_tokens, messages, prediction, large, large=large)
        context = self.applier.context_length
        room = context - len(prompt)
        if room < 1:
            raise APIError(
                413,
                f"the prompt has {len(prompt)} tokens; the model's context is {context} tokens",
                "context_length_exceeded",
            )
        if max_tokens is not None and max_tokens > room:
            raise APIError(
                400,
                f"prompt ({len(prompt)} tokens) + max_tokens ({max_tokens}) exceed the model's "
                f"context of {context} tokens",
                "context_length_exceeded",
            )
        # Default: room for the prediction plus as much again; the KV cache is reserved up front.
        wanted = max_tokens or min(room, 2 * len(reference) + 256)
        request = GenerationRequest(prompt, [reference], max_new_tokens=wanted, stop_strings=stop)

        tokenizer = self.applier_for(large).tokenizer

        def finish(sequences: list[Sequence]) -> GenerationResult:
            seq = sequences[0]
            text = cut_at_stop(tokenizer.decode(seq.output, skip_special_tokens=True), stop)
            return GenerationResult(text, seq.stats)

        return Work(
            [request], lambda sequences: self.on_cpu(finish, sequences, large=large), lambda: PlainTextStream(stop)
        )

    def _chat_tokens(self, messages: list[dict], prediction: str, large: bool) -> tuple[list[int], list[int]]:
        applier = self.applier_for(large)
        return chat_ids(applier.tokenizer, messages), applier.encode(prediction)

    # -- running work -------------------------------------------------------------------------------
    def submit(self, work: Work) -> Job:
        """Queue the work now (before any response starts): a full queue must be a 503, not a stream."""
        try:
            return self.loop.submit(work.requests)
        except APIError:
            if work.discard is not None:
                work.discard()
            raise

    async def run(
        self, work: Work, job: Job, endpoint: str, http: Request | None = None, stream: bool = False
    ) -> AsyncIterator[str | Done]:
        """Yields text deltas (only when ``stream``), then one ``Done``. Raises APIError.

        The deltas always add up to the final text: a stream that could not would end in an error.
        """
        streamer = work.streamer() if stream and work.streamer else None
        decoder = IncrementalDecoder(self.tokenizer) if streamer else None
        watcher = None
        if http is not None and not stream:  # streaming responses notice disconnects themselves
            watcher = asyncio.create_task(on_disconnect(http, lambda: self.loop.cancel(job, "disconnected")))
        consumed, sent, done = 0, [], None
        try:
            while not job.finished:
                reason, remaining = self._clock(job)
                if remaining <= 0 and job.cancel_reason is None:
                    self.loop.cancel(job, reason)
                await job.wait_changed(None if job.cancel_reason else max(remaining, 0.001))
                if decoder is not None and len(job.tokens[0]) > consumed:
                    new, consumed = job.tokens[0][consumed:], len(job.tokens[0])
                    delta = streamer.push(decoder.push(new))
                    if delta:
                        if not sent and work.prefix:
                            sent.append(work.prefix)
                            yield work.prefix
                        sent.append(delta)
                        yield delta
            job.done.result()  # raises the engine's failure, if any
            if job.cancel_reason == "queue_timeout":
                self.metrics.inc("fastapply_cancelled_total", 1, "requests cancelled", reason="queue_timeout")
                raise APIError(
                    503,
                    f"the request waited {self.queue_timeout:g} s for a batch slot without getting one; retry shortly",
                    "queue_timeout",
                    headers={"Retry-After": "1"},
                )
            done = await self._finish(work, job, endpoint)
            if stream:
                streamed = "".join(sent)
                if not done.text.startswith(streamed):
                    log.error("streamed text diverged from the final result (%d chars sent)", len(streamed))
                    raise APIError(
                        500, "the streamed text diverged from the final result; discard it", "stream_diverged"
                    )
                tail = done.text[len(streamed) :]
                if tail:
                    yield tail
            yield done
        finally:
            if watcher is not None:
                watcher.cancel()
            if done is None and work.discard is not None:
                work.discard()
            if not job.finished:  # the client went away mid-stream (generator closed): free the row
                self.loop.cancel(job, "disconnected")
                self.metrics.inc("fastapply_cancelled_total", 1, "requests cancelled", reason="disconnected")

    @property
    def queue_timeout(self) -> float:
        return self.settings.queue_timeout or self.settings.request_timeout

    def _clock(self, job: Job) -> tuple[str, float]:
        """(the cancel reason that applies now, seconds left on its clock): the queue's clock until a
        sequence of the job is admitted to the batch, the generation's from then on."""
        admitted = [seq.admitted for seq in job.sequences if seq.admitted]
        now = time.perf_counter()
        if admitted:
            return "timeout", min(admitted) + self.settings.request_timeout - now
        arrived = min((seq.arrived for seq in job.sequences), default=now)
        return "queue_timeout", arrived + self.queue_timeout - now

    async def collect(self, work: Work, job: Job, endpoint: str, http: Request | None = None) -> Done:
        async for item in self.run(work, job, endpoint, http):
            if isinstance(item, Done):
                return item
        raise RuntimeError("run() ended without a result")

    async def _finish(self, work: Work, job: Job, endpoint: str) -> Done:
        timed_out = job.cancel_reason == "timeout"
        if job.cancel_reason:
            for seq in job.sequences:
                if seq.stats.finish_reason == "cancelled":
                    seq.stats.finish_reason = job.cancel_reason
            self.metrics.inc("fastapply_cancelled_total", 1, "requests cancelled", reason=job.cancel_reason)
        result = await work.finish(job.sequences)
        if timed_out:
            result.warnings.append(
                ApplyWarning(
                    Code.TIMEOUT,
                    f"the generation timed out after {self.settings.request_timeout:g} s; the output is incomplete",
                )
            )
        self.metrics.record_result(endpoint, result.stats)
        return Done(result, timed_out)
