"""The engine loop: the one thread that calls ``Engine.step()``, and the hand-off to asyncio.

Request handlers (on the asyncio event loop) submit a job's generation requests; the engine queues
them and admits them to the running batch at the next pass boundary. After every pass this thread
copies each job's *new* output tokens and posts them to the job's event loop, so handlers never read
a sequence while the engine is mutating it. Cancellation (client gone, timeout) is only flagged here;
the engine honours it at the next pass boundary, and the job resolves when the thread sees it.
"""

from __future__ import annotations

import asyncio
import logging
import threading

from fastapply.engine.engine import Engine
from fastapply.engine.sequence import GenerationRequest, Sequence

from .errors import APIError
from .metrics import Metrics

log = logging.getLogger(__name__)


class Job:
    """One HTTP request's engine work; lives on the event loop that submitted it."""

    def __init__(self, sequences: list[Sequence], loop: asyncio.AbstractEventLoop):
        self.sequences = sequences
        self.tokens: list[list[int]] = [[] for _ in sequences]  # output so far, event-loop side copy
        self.changed = asyncio.Event()  # set whenever tokens grew or the job finished
        self.done = loop.create_future()
        self.cancel_reason: str | None = None  # "timeout" | "disconnected" | "shutdown"
        self._loop = loop
        self._published = [0] * len(sequences)  # tokens already posted (engine-thread side)

    @property
    def finished(self) -> bool:
        return self.done.done()

    def _deliver(self, new_tokens: list[list[int]], finished: bool, error: Exception | None) -> None:
        for mine, new in zip(self.tokens, new_tokens):
            mine.extend(new)
        self.changed.set()
        if self.done.done():
            return
        if error is not None:
            self.done.set_exception(error)
        elif finished:
            self.done.set_result(None)

    async def wait_changed(self, timeout: float | None) -> None:
        """Wait until something new arrived (or ``timeout`` seconds); clears the flag."""
        if not self.changed.is_set():
            try:
                await asyncio.wait_for(self.changed.wait(), timeout)
            except TimeoutError:
                return
        self.changed.clear()


class EngineLoop:
    def __init__(self, engine: Engine, max_queue: int, metrics: Metrics | None = None):
        self.engine = engine
        self.max_queue = max_queue
        self.metrics = metrics or Metrics()
        self._jobs: list[Job] = []
        self._wake = threading.Condition()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="fastapply-engine", daemon=True)

    # -- lifecycle ----------------------------------------------------------------------------------
    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        with self._wake:
            self._stopping = True
            for job in self._jobs:
                self._flag_cancel(job, "shutdown")
            self._wake.notify_all()
        self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        """The engine thread is running (a scaled deployment's health check replaces a replica without one)."""
        return self._thread.is_alive()

    # -- called from the event loop -----------------------------------------------------------------
    @property
    def queue_depth(self) -> int:
        return self.engine.queue_depth

    @property
    def batch_size(self) -> int:
        return self.engine.batch_size

    def submit(self, requests: list[GenerationRequest]) -> Job:
        """Queue a job's generations; raises APIError 503 (queue full) or 413 (over the KV budget)."""
        loop = asyncio.get_running_loop()
        if not requests:
            job = Job([], loop)
            job.done.set_result(None)
            return job
        if self._stopping:
            raise APIError(503, "the server is shutting down", "shutting_down")
        if self.queue_depth + len(requests) > self.max_queue:
            raise APIError(
                503,
                f"the request queue is full ({self.max_queue} waiting); retry shortly",
                "queue_full",
                headers={"Retry-After": "1"},
            )
        # Adding and registering under one lock: the engine thread must never finish a sequence whose
        # job it cannot see yet (it would then go idle and the job would never resolve).
        with self._wake:
            sequences: list[Sequence] = []
            try:
                for request in requests:
                    sequences.append(self.engine.add(request))
            except ValueError as e:  # one request alone is larger than the whole KV-cache budget
                for seq in sequences:
                    self.engine.cancel(seq)
                self._wake.notify()
                raise APIError(413, str(e), "kv_budget_exceeded") from None
            job = Job(sequences, loop)
            self._jobs.append(job)
            self._wake.notify()
        return job

    def cancel(self, job: Job, reason: str) -> None:
        """Stop a job at the next pass boundary; its sequences keep the output produced so far."""
        if job.finished:
            return
        with self._wake:
            self._flag_cancel(job, reason)
            self._wake.notify()

    def _flag_cancel(self, job: Job, reason: str) -> None:
        job.cancel_reason = job.cancel_reason or reason
        for seq in job.sequences:
            if not seq.finished:
                self.engine.cancel(seq)

    # -- the engine thread --------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._stopping and not self.engine.has_work():
                    self._wake.wait()
                if self._stopping and not self.engine.has_work():
                    break
            try:
                self.engine.step()
            except Exception as e:  # a failed forward must fail its requests, not kill the service
                log.exception("engine step failed")
                self._fail_all(e)
                continue
            self._publish()
        self._publish()

    def _publish(self) -> None:
        with self._wake:
            jobs = list(self._jobs)
        emitted, finished_jobs = 0, []
        for job in jobs:
            new_tokens = []
            for i, seq in enumerate(job.sequences):
                # Only this thread mutates seq.output, and the pass is over: a consistent read.
                new = seq.output[job._published[i] :]
                job._published[i] += len(new)
                emitted += len(new)
                new_tokens.append(new)
            finished = all(seq.finished for seq in job.sequences)
            if finished:
                finished_jobs.append(job)
            if finished or any(new_tokens):
                self._post(job, new_tokens, finished, None)
        self.metrics.record_pass(emitted)
        if finished_jobs:
            with self._wake:
                self._jobs = [j for j in self._jobs if j not in finished_jobs]

    def _fail_all(self, error: Exception) -> None:
        with self._wake:
            jobs, self._jobs = self._jobs, []
        # The failed pass may have left caches half-written: drop every sequence and start clean.
        self.engine.abort_all("error")
        failure = APIError(500, f"the model failed while generating: {type(error).__name__}: {error}", "engine_error")
        for job in jobs:
            self._post(job, [[] for _ in job.sequences], True, failure)

    @staticmethod
    def _post(job: Job, new_tokens, finished: bool, error: Exception | None) -> None:
        try:
            job._loop.call_soon_threadsafe(job._deliver, new_tokens, finished, error)
        except RuntimeError:  # the event loop is closed (shutdown): nobody is waiting any more
            pass
