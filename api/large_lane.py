"""Preparing and finishing large applies in a worker process, so they never stall small ones.

Merging, validating and diffing a multi-megabyte file takes seconds, and parts of it (tree-sitter
parsing) hold the interpreter lock for most of a second at a time: on a thread, every other request
of the server would wait as long. The worker process owns a model-free applier (the tokenizer, the
prompt format, the context length) and keeps each request's plan between its two calls: ``plan``
returns the engine work and ``finish`` turns the engine's output into the result. One worker: large
applies queue behind each other, never in front of small ones. The worker exits when the server
process ends, however it ends (a signal, a crash): it watches the pipe it was started through.

The queue is bounded and watched: beyond ``max_waiting`` applies waiting for the worker a new one gets
503 at once (with ``Retry-After``) instead of a wait its client may not outlast, and one whose client
hangs up while waiting leaves the queue (499) instead of costing the worker seconds for nobody.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import SimpleNamespace

from fastapi import Request

from fastapply.apply.request import ApplyError, ApplyRequest, ApplyResult

from .disconnect import hung_up
from .errors import APIError, apply_error

log = logging.getLogger(__name__)

# -- the worker process -----------------------------------------------------------------------------
_applier = None
_plans: dict = {}


def _start(tokenizer_bytes: bytes, prompt_format: str, context_length: int) -> None:
    global _applier
    _exit_with_the_server()
    from fastapply.apply.applier import Applier

    tokenizer = pickle.loads(tokenizer_bytes)
    _applier = Applier(SimpleNamespace(tokenizer=tokenizer), prompt_format, context_length)


def _exit_with_the_server() -> None:
    """End this worker as soon as the server process is gone.

    A stopped server never tells its workers: uvicorn ends the process by re-raising SIGTERM or
    SIGINT after the app's shutdown, before the pool's manager thread sends them their stop
    message, and a killed or crashed server has no shutdown at all. The worker would wait for
    work forever, and the fork server with it (it lives while any of its children does). The
    server holds the write end of the pipe this worker was started through until it exits; its
    closing is the signal.
    """
    server = multiprocessing.parent_process()  # the process that asked for this worker, not the fork server
    if server is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([server.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="fastapply-large-lane-exit", daemon=True).start()


def _plan(key: int, request: ApplyRequest):
    """(generation requests, stream prefix, the result when no generation is needed)."""
    plan = _applier.plan(request)
    if not plan.requests:
        return [], "", count_usage(_applier, request, plan.finish([]))
    _plans[key] = (request, plan.finish)
    return plan.requests, plan.prefix, None


def _finish(key: int, outputs: list) -> ApplyResult:
    request, finish = _plans.pop(key)
    return count_usage(_applier, request, finish([SimpleNamespace(output=o, stats=s) for o, s in outputs]))


def _forget(key: int) -> None:
    _plans.pop(key, None)


def count_usage(applier, request: ApplyRequest, result: ApplyResult) -> ApplyResult:
    """Usage for an answer no model pass produced: the inputs read and the merged file written, in
    the served model's tokens, as if the model had answered."""
    if result.mode_used == "deterministic" and not result.stats.output_tokens:
        result.stats.output_tokens = len(applier.encode(result.merged))
        result.stats.prompt_tokens = sum(
            len(applier.encode(text)) for text in (request.original, request.snippet, request.instruction)
        )
    return result


# -- the server side --------------------------------------------------------------------------------
class LargeLane:
    def __init__(self, tokenizer, prompt_format, context_length: int, max_waiting: int = 2):
        """``prompt_format``: a PromptFormat or its name, as Applier takes it. ``max_waiting``: new
        applies that may wait for the worker while it is busy; more are refused with 503."""
        self._tokenizer, self._format, self._context = tokenizer, prompt_format, context_length
        self.max_waiting = max_waiting
        self.waiting = 0  # calls waiting for their turn at the worker
        self._turn = asyncio.Lock()  # one call at the worker at a time, first come first served
        self._pool: ProcessPoolExecutor | None = None
        self._warm = False
        self._starting = threading.Lock()
        self._keys = itertools.count()

    def start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: a fork of this process (torch and server threads running) would not be safe;
            # the fork server is one clean process, started once, that imports the applier's modules
            # once, so each worker starts in a fraction of a second instead of importing torch again.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["fastapply.apply.applier", "transformers", __name__])
            args = (pickle.dumps(self._tokenizer), self._format, self._context)
            self._pool = ProcessPoolExecutor(1, context, _start, args)
        return self._pool

    def warm_up(self) -> None:
        """Start the worker and wait until it runs (seconds the first time: the fork server imports
        torch). Blocking: call it off the event loop."""
        with self._starting:
            if not self._warm:
                self.start().submit(int).result()
                self._warm = True

    def prewarm(self) -> None:
        """Start the worker now, in the background, so the first large apply does not wait for it."""
        threading.Thread(target=self.warm_up, name="fastapply-large-lane-start", daemon=True).start()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    async def _call(self, fn, *args, http: Request | None = None):
        """``fn(*args)`` in the worker, after the calls before it; 499 if the client of ``http``
        hangs up before its turn."""
        self.waiting += 1
        try:
            await self._take_turn(http)
        finally:
            self.waiting -= 1
        try:
            return await self._run(fn, *args)
        finally:
            self._turn.release()

    async def _take_turn(self, http: Request | None) -> None:
        if http is None:
            await self._turn.acquire()
            return
        acquired = asyncio.ensure_future(self._turn.acquire())
        gone = asyncio.ensure_future(hung_up(http))
        try:
            await asyncio.wait((acquired, gone), return_when=asyncio.FIRST_COMPLETED)
            if not acquired.done() and not gone.result():  # torn down without a word: just wait
                await asyncio.shield(acquired)
        except BaseException:
            self._give_back(acquired)
            raise
        finally:
            gone.cancel()
        if not acquired.done():
            self._give_back(acquired)
            raise APIError(
                499, "the client closed the connection while waiting for the large-input worker", "client_disconnected"
            )

    def _give_back(self, acquired: asyncio.Future) -> None:
        """Undo a turn being taken: cancel the wait, or release the turn if it was already granted."""
        if acquired.done() and not acquired.cancelled() and acquired.exception() is None:
            self._turn.release()
        else:
            acquired.cancel()

    async def _run(self, fn, *args):
        try:
            if not self._warm:  # starting the worker blocks for seconds: never on the event loop
                await asyncio.to_thread(self.warm_up)
            return await asyncio.get_running_loop().run_in_executor(self.start(), fn, *args)
        except ApplyError as e:
            raise apply_error(e) from None
        except BrokenProcessPool:
            self._pool, self._warm = None, False  # the worker died (memory?): the next large apply starts one
            log.error("the large-apply worker process died")
            raise APIError(
                503, "the worker for large inputs failed; retry shortly", "worker_failed", headers={"Retry-After": "1"}
            ) from None

    async def plan(self, request: ApplyRequest, http: Request | None = None):
        """(key, generation requests, stream prefix, result or None). ``http``: the client's request,
        watched for a hang-up while this waits."""
        if self._turn.locked() and self.waiting >= self.max_waiting:  # it would wait, and the queue is full
            raise APIError(
                503,
                f"{self.waiting} large inputs are already waiting for the worker that prepares them; retry shortly",
                "large_lane_busy",
                headers={"Retry-After": "5"},
            )
        key = next(self._keys)
        requests, prefix, result = await self._call(_plan, key, request, http=http)
        return key, requests, prefix, result

    async def finish(self, key: int, sequences) -> ApplyResult:
        return await self._call(_finish, key, [(list(s.output), s.stats) for s in sequences])

    def forget(self, key: int) -> None:
        if self._pool is not None:
            self._pool.submit(_forget, key)
